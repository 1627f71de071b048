"""What placing a zone-less start time costs: KingsClub hands read through ``Site.read_hands`` (each time
printed without a zone placed in the site's zone, ``parsers/zones.py``) against the same text read by
the site's own reading without the placement (the baseline, measured in the same run).

    python benchmarks/site_zones.py [HANDS]

Prints hands per CPU second and peak memory of each, and the ratio.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Callable, Iterable

from studbook.cli.app import main
from studbook.engine.model import Hand
from studbook.parsers.reading import read_lines
from studbook.parsers.registry import SITES_BY_ID


def measure(label: str, read: Callable[[], Iterable[object]]) -> float:
    tracemalloc.start()
    started = time.process_time()
    hands = sum(isinstance(h, Hand) for h in read())
    cpu = time.process_time() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rate = hands / cpu if cpu else float("inf")
    print(f"  {label:<44} {hands:7,} hands {rate:9,.0f} hands/CPU s  peak {peak / 2**20:6.1f} MiB")
    return rate


def run(hands: int) -> None:
    site = SITES_BY_ID["kingsclub"]
    with tempfile.TemporaryDirectory() as tmp:
        assert main(["simulate", "--format", "kingsclub", "--hands", str(hands), "--seed", "7", "--out", tmp]) == 0
        files = sorted(Path(tmp).glob("*.txt"))
        print(f"KingsClub, {len(files)} simulated file(s), times printed without a zone:")
        for _ in range(2):  # twice, alternating, so neither side has the warm caches alone
            base = measure(
                "baseline: the site's reading, no placement",
                lambda: (h for f in files for h in site._read_hands(read_lines(f), str(f), 1)),
            )
            placed = measure(
                "read_hands: each time placed in its zone",
                lambda: (h for f in files for h in site.read_hands(read_lines(f), str(f))),
            )
            print(f"  ratio: the placement takes {base / placed:.3f}x the baseline's CPU time per hand")


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
