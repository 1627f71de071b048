"""The cost of the whole-chip boundary: reading the sample sit-and-go file's hands as every import does
(``Site.read_hands``, which turns each tournament hand into whole chips: parsers/chips.py), beside a
baseline measured in the same run, the same reader without the conversion (``Site._read_hands``).

Why: every tournament and play-money hand is rebuilt once more as it is read; this says what that
costs on a file of only tournament hands, the worst case. The fastest of ``repeat`` runs counts; peak
memory is the process's peak resident set size.

Run: ``python benchmarks/chip_boundary.py [REPEAT]``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path
from typing import Callable, Iterable, Sequence

from studbook.parsers import PARSERS
from studbook.parsers.reading import read_lines

SNG = Path(__file__).resolve().parent.parent / "sample_data" / "triple-stud-sng-1500-chips.txt"


def best(work: Callable[[], Iterable[object]], repeat: int) -> tuple[float, int]:
    """The fastest run's CPU seconds and how many results it gave."""
    runs = []
    for _ in range(repeat):
        cpu = time.process_time()
        count = sum(1 for _ in work())
        runs.append((time.process_time() - cpu, count))
    return min(runs)


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repeat", nargs="?", type=int, default=5, help="runs of each; the fastest counts (default 5)")
    repeat = parser.parse_args(argv).repeat
    site = PARSERS["pokerstars"]
    lines = list(read_lines(SNG))
    base, hands = best(lambda: site._read_hands(lines, str(SNG), 1), repeat)
    chips, same = best(lambda: site.read_hands(lines, str(SNG)), repeat)
    assert hands == same
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{hands} tournament hands, best of {repeat}")
    print(f"baseline, read without the conversion: {hands / base:,.0f} hands per CPU second")
    print(
        f"read in whole chips (as imported):     {hands / chips:,.0f} hands per CPU second (CPU time {chips / base - 1:+.1%})"
    )
    print(f"peak memory: {peak:,.0f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
