"""Dask import benchmark: a LocalCluster import into a Parquet dataset beside the embedded import of the
same files, in the same run.

The files: ``--pool`` hands dealt by the simulator (``studbook simulate --game mixed``: stud, stud8
and razz, PokerStars text), repeated with fresh hand numbers until there are ``--hands`` hands, spread
over ``--files`` files (so the hands are simulated, each of the pool's hands appearing many times
under other numbers; the work per hand is the same as for fresh ones). Then, once each:

- ``dask``: :func:`~studbook.pipeline.dask_import.run_dask_import` on a new LocalCluster of
  ``--workers`` single-threaded processes: hands/s of wall-clock time, and each worker's peak
  resident memory (asked of the worker processes at the end; the cluster is new, so the peak is this
  import's);
- ``embedded``: :func:`~studbook.pipeline.importer.run_import` with ``--workers`` worker processes
  into a new DuckDB file: hands/s, hands per CPU second, this process's peak memory.

The load average before each run is printed: on a shared machine wall-clock rates measure others too.

    python benchmarks/dask_import.py [--hands 200000] [--files 100] [--workers 2] [--pool 2000] [--embedded-hands N]
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from import_throughput import HAND_NUMBER, HAND_START

from studbook.analytics.store import open_store
from studbook.pipeline.dask_import import connect, run_dask_import
from studbook.pipeline.importer import run_import


def simulated_pool(folder: Path, hands: int) -> list[str]:
    """``hands`` simulated hands (Triple Stud: the three games in turn), one text per hand."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "studbook.cli",
            "simulate",
            "--game",
            "mixed",
            "--hands",
            str(hands),
            "--out",
            str(folder),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    texts = []
    for path in sorted(folder.glob("*.txt")):
        texts.extend(h.strip() for h in HAND_START.split(path.read_text(encoding="utf-8")) if h.strip())
    return texts


def write_files(folder: Path, pool: list[str], hands: int, files: int) -> None:
    """``hands`` hands of ``pool`` over ``files`` files, each numbered afresh (no duplicates)."""
    cycle = itertools.cycle(pool)
    numbers = itertools.count(800_000_000_000)
    per_file = -(-hands // files)
    for f in range(files):
        count = min(per_file, hands - f * per_file)
        texts = (HAND_NUMBER.sub(lambda m: f"{m.group(1)}{next(numbers)}", next(cycle), count=1) for _ in range(count))
        (folder / f"bench-{f:04d}.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")


def peak_mb() -> float:
    """Peak resident memory of the calling process, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pool", type=int, default=2000, help="distinct simulated hands, repeated")
    parser.add_argument(
        "--embedded-hands",
        type=int,
        help="import only the files holding the first N hands embedded (default: all; 0 skips it), "
        "when the embedded half of the run would take too long",
    )
    parser.add_argument("--keep", type=Path, help="leave the dataset here (e.g. for benchmarks/dataset_stats.py)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="studbook-dask-bench-") as tmp:
        root = Path(tmp)
        pool = simulated_pool(root / "pool", args.pool)
        folder = root / "hands"
        folder.mkdir()
        write_files(folder, pool, args.hands, args.files)
        size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
        print(f"{args.hands:,} hands ({len(pool):,} simulated, renumbered) in {args.files} files ({size:.1f} MB)")

        dataset = args.keep or root / "dataset"
        load = os.getloadavg()[0]
        with connect("local", args.workers) as client:
            started = time.perf_counter()
            summary = run_dask_import([folder], dataset, client)
            elapsed = time.perf_counter() - started
            peaks = client.run(peak_mb)
            client.cluster.close()
        parquet = sum(p.stat().st_size for p in Path(dataset).rglob("*.parquet")) / 1e6
        print(
            f"dask LocalCluster, {args.workers} worker processes: {summary.hands:,} hands in {elapsed:.1f} s = "
            f"{summary.hands / elapsed:,.0f} hands/s; {summary.hands / summary.read_cpu_seconds:,.0f} hands per "
            f"worker CPU second (parse, replay, rows); peak memory per worker "
            f"{', '.join(f'{mb:,.0f}' for mb in peaks.values())} MB; driver peak {peak_mb():,.0f} MB; "
            f"dataset {parquet:.1f} MB (load average before {load:.1f})"
        )

        print(f"load average after: {os.getloadavg()[0]:.1f}")
        wanted = args.hands if args.embedded_hands is None else args.embedded_hands
        if wanted <= 0:
            return 0
        per_file = -(-args.hands // args.files)
        chosen = sorted(folder.iterdir())[: -(-wanted // per_file)]
        load = os.getloadavg()[0]
        with open_store(root / "embedded.duckdb") as store:
            started, cpu_started = time.perf_counter(), time.process_time()
            embedded = run_import(chosen, store, workers=args.workers)
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        cpu += embedded.read_cpu_seconds
        print(
            f"embedded DuckDB, {args.workers} worker processes: {embedded.hands:,} hands in {elapsed:.1f} s = "
            f"{embedded.hands / elapsed:,.0f} hands/s; {embedded.hands / cpu:,.0f} per CPU second; "
            f"database {(root / 'embedded.duckdb').stat().st_size / 1e6:.1f} MB (load average before {load:.1f}, "
            f"after {os.getloadavg()[0]:.1f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
