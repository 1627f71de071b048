"""Replay throughput: hands per CPU second of ``replay()`` over the sample_data hands, beside a baseline.

Why: issue #11 moved the game rules (streets, bet sizes, bring-in, evaluators) out of ``if game is …``
tests and into :mod:`studbook.engine.games` descriptions; the replay must stay as fast as it was. The
hands are parsed once (not timed); then, ``repeat`` times, every hand is replayed, and the fastest run
counts. The baseline is a bare pass over the same hands' events that dispatches on each event's type
and sums the chips of the actions (the least any replay must do), timed the same way in the same
process, so a slower machine moves both numbers. Peak memory is the process's peak resident set size.

Run: ``python benchmarks/replay_throughput.py [REPEAT]`` (``--help`` says what it takes).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

from studbook.engine.model import Action, Hand
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.parsers.registry import profile_for

SAMPLE = Path(__file__).resolve().parent.parent / "sample_data"


def load() -> list[Hand]:
    hands: list[Hand] = []
    for path in sorted(SAMPLE.glob("*.txt")):
        hands += [h for h in parse_file(path) if isinstance(h, Hand)]
    return hands


def baseline(hands: Sequence[Hand]) -> int:
    total = 0
    for hand in hands:
        for event in hand.events:
            if isinstance(event, Action):
                total += event.amount
    return total


def replay_all(hands: Sequence[Hand]) -> int:
    return sum(len(replay(hand, profile_for(hand)).violations) for hand in hands)


def best(work: Callable[[Sequence[Hand]], int], hands: Sequence[Hand], repeat: int) -> tuple[float, float]:
    """The fastest run's CPU and wall seconds."""
    runs = []
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        work(hands)
        runs.append((time.process_time() - cpu, time.perf_counter() - wall))
    return min(runs)


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "repeat",
        nargs="?",
        type=int,
        default=3,
        help="runs of each pass over the hands; the fastest counts (default 3)",
    )
    repeat = parser.parse_args(argv).repeat
    hands = load()
    print(f"{len(hands)} hands from {SAMPLE}, fastest of {repeat} runs")
    for name, work in (("baseline (event walk)", baseline), ("replay", replay_all)):
        cpu, wall = best(work, hands, repeat)
        print(f"  {name:<24}{len(hands) / cpu:>10,.0f} hands/CPU s {len(hands) / wall:>10,.0f} hands/wall s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory {peak:,.0f} MiB")


if __name__ == "__main__":
    main(sys.argv[1:])
