"""The import fuzzer at length: as many mutants as asked for through the oracle of tests/fuzzing.py.

``tests/test_fuzz.py`` runs 2,000 mutants in CI time; this runs 50,000 or more, prints the figures
(mutants, hands per outcome, operators, failures, CPU and wall time) and exits 1 on any failure, listing
the first ones. A failure names its batch's seed, so it can be made again.

    python benchmarks/fuzz_import.py [--mutants 50000] [--seed 1] [--batch 40] [--jobs 2]

With ``--jobs N`` the mutants are shared among N processes, job ``j`` drawing its own with seed
``seed + j`` (a loaded machine gives each process its share of a core).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from conftest import CORPUS, SAMPLE_DATA  # noqa: E402
from fuzzing import Tally, default_sources, run_mutants  # noqa: E402


def run_job(job: tuple[int, int, int, int]) -> tuple[Tally, float]:
    """One process's share: (mutants, seed, batch, job number) -> its tally and CPU seconds."""
    count, seed, batch, number = job
    sources = default_sources(SAMPLE_DATA, CORPUS)
    tally, cpu, report_at = Tally(), time.process_time(), 5_000
    with tempfile.TemporaryDirectory(prefix="studbook-fuzz-") as tmp:
        for part in run_mutants(sources, count, seed, Path(tmp), batch):
            tally.add(part)
            for failure in part.failures:  # at once, so a long run's findings are not lost to a kill
                print(f"  job {number} FAILURE: {failure[:600]}", flush=True)
            if tally.mutants >= report_at:
                print(f"  job {number}: {tally.mutants:,} mutants, {len(tally.failures)} failures", flush=True)
                report_at += 5_000
    return tally, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mutants", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=40, help="mutant files per import (one fresh database each)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the mutants (default 1)")
    args = parser.parse_args()
    sources = default_sources(SAMPLE_DATA, CORPUS)
    print(
        f"{len(sources)} source files ({'with' if CORPUS.exists() else 'without'} the corpus), "
        f"seeds {args.seed}..{args.seed + args.jobs - 1}",
        flush=True,
    )
    share = -(-args.mutants // args.jobs)
    jobs = [(share, args.seed + j, args.batch, j) for j in range(args.jobs)]
    wall = time.perf_counter()
    if args.jobs == 1:
        results = [run_job(jobs[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(run_job, jobs)
    wall = time.perf_counter() - wall
    tally, cpu = Tally(), 0.0
    for part, seconds in results:
        tally.add(part)
        cpu += seconds
    print(
        f"\n{tally.mutants:,} mutants in {wall:,.0f} s wall, {cpu:,.0f} s CPU "
        f"({tally.mutants / cpu:,.0f} mutants per CPU second)"
    )
    print("hands by outcome:", ", ".join(f"{k} {v:,}" for k, v in sorted(tally.hands.items())))
    print("operators applied:", ", ".join(f"{k} {v:,}" for k, v in sorted(tally.operators.items())))
    print(f"failures: {len(tally.failures)}")
    for failure in tally.failures[:20]:
        print("  " + failure[:400])
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
