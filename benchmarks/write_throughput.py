"""Writer throughput: hands per CPU second each site's writer writes, next to the PHH writer on the same
hands as the baseline measured in the same run.

    python benchmarks/write_throughput.py [--hands 1500] [--repeat 5]

Simulates ``--hands`` hands of each of stud, stud hi/lo and razz (six-handed on average, cash, dollars;
euros for a site that writes euros only), keeps those each writer writes, and times writing them
``--repeat`` times, the fastest run counting: on a shared machine CPU time of this process, best of
several, is the fair single-core figure, as other jobs only slow a run down. The PHH writer is no site's
and shares nothing with them, so its rate beside theirs says how loaded the machine was: compare two
trees by the ratio of a writer's rate to it, each tree run right after the other.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable

from studbook.engine.model import Game, Hand
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers.phh import write_phh
from studbook.parsers.registry import get_profile, writable_sites


def rate(write: Callable[[Hand], str], hands: list[Hand], repeat: int) -> float:
    """Hands per CPU second, the fastest of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for hand in hands:
            write(hand)
        best = min(best, time.process_time() - start)
    return len(hands) / best if best > 0 else float("inf")


def writable(write: Callable[[Hand], str], hands: list[Hand]) -> list[Hand]:
    """The hands ``write`` writes (the others it refuses: a game or currency its site has no words for)."""
    kept = []
    for hand in hands:
        try:
            write(hand)
        except ValueError:
            continue
        kept.append(hand)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1500, help="hands simulated per game (default 1500)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per writer, the fastest counting (default 5)")
    args = parser.parse_args()
    by_currency: dict[str, list[Hand]] = {}
    for currency in sorted({site.currency for site in writable_sites()}):
        by_currency[currency] = [
            h
            for game in (Game.STUD, Game.STUD8, Game.RAZZ)
            for h in simulate(
                TableSpec(games=(game,), players=(2, 8), currency=currency, profile=get_profile("pokerstars")),
                args.hands,
                11,
            )
        ]
    usd = writable(write_phh, by_currency["USD"])
    print(f"{'writer':<12} {'hands':>6} {'hands/cpu s':>12} {'/ phh':>7}")
    baseline = rate(write_phh, usd, args.repeat)
    print(f"{'phh':<12} {len(usd):>6,} {baseline:>12,.0f} {1:>7.2f}")
    for site in writable_sites():
        assert site.writer is not None
        hands = writable(site.writer, by_currency[site.currency])
        speed = rate(site.writer, hands, args.repeat)
        print(f"{site.site:<12} {len(hands):>6,} {speed:>12,.0f} {speed / baseline:>7.2f}")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
