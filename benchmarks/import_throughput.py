"""Import throughput: hands per second from text files to DuckDB rows, and peak memory.

Builds a folder of PokerStars files from the real corpus hands repeated with fresh hand numbers (or from
``sample_data/`` when the corpus is absent), then runs the whole import (parse, replay, rows, Arrow
spill, DuckDB writes) into a fresh database, once per worker count asked for. Prints, per run:

- hands/s of wall-clock time, and the speed-up over the first run (one worker);
- hands per CPU second of the whole pipeline: this process's CPU time plus what the workers report
  having spent on their files (``ImportSummary.read_cpu_seconds``; a worker's start-up, ~0.3 s of
  imports, is not in it). This is the figure to compare on a busy machine;
- cores kept busy: CPU seconds / wall seconds (2.0 = both cores of this machine all along);
- the load average before the run (others' work: on a shared machine wall-clock rates mostly measure it);
- the peak resident memory of this process (all of the work when ``--workers 1``).

    python benchmarks/import_throughput.py [--hands 20000] [--files 10] [--workers 1 2]
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

from studbook.pipeline.importer import run_import
from studbook.analytics.store import open_store

REPO = Path(__file__).resolve().parents[1]
CORPUS_STARS = REPO.parent / "shared" / "corpus" / "fpdb" / "Stars"
SYNTHETIC = {"7stud.txt", "razz.txt", "horse.txt"}
HAND_NUMBER = re.compile(r"^((?:PokerStars|POKERSTARS) (?:Home Game )?(?:Hand|Game|HAND|GAME) #)\d+", re.M)
HAND_START = re.compile(r"^(?=(?:PokerStars|POKERSTARS) )", re.M)
STUD_HEADER = re.compile(r"stud|razz", re.I)
"""Mixed-game files also hold hold'em and draw hands, which the importer skips: leave them out."""


def source_hands() -> list[str]:
    """The text of every real stud-family hand available, one string per hand."""
    folder = CORPUS_STARS if CORPUS_STARS.exists() else REPO / "sample_data"
    hands = []
    for path in sorted(folder.rglob("*.txt")):
        if path.name in SYNTHETIC or "summaries" in path.parts:
            continue
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        hands.extend(h.strip() for h in HAND_START.split(text) if STUD_HEADER.search(h.split("\n", 1)[0]))
    return hands


def write_files(folder: Path, hands: int, files: int) -> None:
    """``hands`` hands spread over ``files`` files, numbered afresh so that none is a duplicate."""
    pool = itertools.cycle(source_hands())
    numbers = itertools.count(900_000_000_000)
    per_file = -(-hands // files)
    for f in range(files):
        count = min(per_file, hands - f * per_file)
        texts = (HAND_NUMBER.sub(lambda m: f"{m.group(1)}{next(numbers)}", next(pool), count=1) for _ in range(count))
        (folder / f"bench-{f:03d}.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")


def peak_mb() -> float:
    """Peak resident memory of this process (Linux reports kilobytes). Workers started by the fork
    server are not our children, so their peak is not visible here: run ``--workers 1`` to measure the
    whole pipeline in one process."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="studbook-bench-") as tmp:
        folder = Path(tmp) / "hands"
        folder.mkdir()
        write_files(folder, args.hands, args.files)
        size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
        print(f"{args.hands:,} hands in {args.files} files ({size:.1f} MB)")
        first_wall = None
        for run, workers in enumerate(args.workers):
            db = Path(tmp) / f"bench-{run}.duckdb"
            load = os.getloadavg()[0]
            with open_store(db) as store:
                started, cpu_started = time.perf_counter(), time.process_time()
                summary = run_import([folder], store, workers=workers)
                elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
            if workers > 1:  # the files were read in other processes: add the CPU time they report
                cpu += summary.read_cpu_seconds
            first_wall = first_wall or elapsed
            print(
                f"workers={workers}: {summary.hands:,} hands stored in {elapsed:.1f} s = "
                f"{summary.hands / elapsed:,.0f} hands/s (x{first_wall / elapsed:.2f}), "
                f"{summary.hands / cpu:,.0f} per CPU second, {cpu / elapsed:.2f} cores busy "
                f"(load average before {load:.1f}); {summary.with_violations:,} with violations, "
                f"{len(summary.problems)} problems; database {db.stat().st_size / 1e6:.1f} MB; "
                f"peak memory of this process so far {peak_mb():,.0f} MB"
                + (" (parsing, replay and writing all ran here)" if workers == 1 else "")
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
