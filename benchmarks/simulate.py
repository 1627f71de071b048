"""Simulator throughput: hands per second generated, and generated + written as PokerStars text, per game,
on one core; and the peak memory of the run (the hands stream: memory must not grow with the count).

    python benchmarks/simulate.py [--hands 5000] [--players 2-8] [--repeat 3]

Both wall-clock and CPU time are printed: on a machine shared with other work, CPU time of this process
is the fairer single-core figure, and each figure is the best of ``--repeat`` runs (the same hands each
time), as other jobs only ever slow a run down. The goal (issue #4) is 2,000 hands per CPU second
generated and written, for every game. The evaluator's lookup tables are built before timing (a
one-off cost of a few seconds per process, paid by the first hands of any run).
"""

from __future__ import annotations

import argparse
import io
import resource
import time

from studbook.cli.cmd_simulate import player_range
from studbook.engine.model import Game
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file
from studbook.parsers.registry import get_profile


class CountingSink(io.TextIOBase):
    """A text file that only counts what is written, so memory shows the simulator's, not the output's."""

    def __init__(self) -> None:
        self.size = 0

    def write(self, text: str) -> int:
        self.size += len(text)
        return len(text)


def measure(spec: TableSpec, hands: int, write: bool) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, characters written) for ``hands`` hands, streamed."""
    wall, cpu = time.perf_counter(), time.process_time()
    sink = CountingSink()
    if write:
        write_pokerstars_file(simulate(spec, hands, 1), sink)
    else:
        for _ in simulate(spec, hands, 1):
            pass
    return time.perf_counter() - wall, time.process_time() - cpu, sink.size


def best_of(repeat: int, spec: TableSpec, hands: int, write: bool) -> tuple[float, float, int]:
    """The shortest wall and CPU times of ``repeat`` runs (each may be a different run)."""
    runs = [measure(spec, hands, write) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--players", type=player_range, default=(2, 8))
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is printed")
    args = parser.parse_args()
    for game in (Game.STUD, Game.STUD8, Game.RAZZ):
        list(
            simulate(TableSpec(games=(game,), profile=get_profile("pokerstars")), 200, 0)
        )  # build the evaluator tables first
    print(f"{args.hands:,} hands per game, {args.players[0]}-{args.players[1]} players, best of {args.repeat}")
    print(f"{'game':<7}{'generated h/s (wall, cpu)':>28}{'generated+written h/s (wall, cpu)':>38}")
    for game in (Game.STUD, Game.STUD8, Game.RAZZ):
        spec = TableSpec(games=(game,), players=args.players, profile=get_profile("pokerstars"))
        gw, gc, _ = best_of(args.repeat, spec, args.hands, write=False)
        ww, wc, size = best_of(args.repeat, spec, args.hands, write=True)
        print(
            f"{game.value:<7}{args.hands / gw:>16,.0f}{args.hands / gc:>12,.0f}"
            f"{args.hands / ww:>26,.0f}{args.hands / wc:>12,.0f}   ({size / args.hands:,.0f} bytes/hand)"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:,.0f} MB")


if __name__ == "__main__":
    main()
