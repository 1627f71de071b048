"""The import fuzzer at length: as many mutants as asked for through the oracle of tests/fuzzing.py.

``tests/test_fuzz.py`` runs 2,000 mutants in CI time; this runs 50,000 or more, prints the figures
(mutants, hands per outcome, operators, failures, CPU and wall time) and exits 1 on any failure, listing
the first ones. A failure names its batch's seed, so it can be made again.

    python benchmarks/fuzz_import.py [--mutants 50000] [--seed 1] [--batch 40]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from conftest import CORPUS, SAMPLE_DATA  # noqa: E402
from fuzzing import Tally, default_sources, run_mutants  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mutants", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=40, help="mutant files per import (one fresh database each)")
    args = parser.parse_args()
    sources = default_sources(SAMPLE_DATA, CORPUS)
    print(f"{len(sources)} source files ({'with' if CORPUS.exists() else 'without'} the corpus), seed {args.seed}")
    tally, wall, cpu = Tally(), time.perf_counter(), time.process_time()
    report_at = 5_000
    with tempfile.TemporaryDirectory(prefix="studbook-fuzz-") as tmp:
        for batch in run_mutants(sources, args.mutants, args.seed, Path(tmp), args.batch):
            tally.add(batch)
            if tally.mutants >= report_at:
                print(f"  {tally.mutants:,} mutants, {len(tally.failures)} failures, "
                      f"{time.perf_counter() - wall:,.0f} s", flush=True)
                report_at += 5_000
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"\n{tally.mutants:,} mutants in {wall:,.0f} s wall, {cpu:,.0f} s CPU "
          f"({tally.mutants / cpu:,.0f} mutants per CPU second)")
    print("hands by outcome:", ", ".join(f"{k} {v:,}" for k, v in sorted(tally.hands.items())))
    print("operators applied:", ", ".join(f"{k} {v:,}" for k, v in sorted(tally.operators.items())))
    print(f"failures: {len(tally.failures)}")
    for failure in tally.failures[:20]:
        print("  " + failure[:400])
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
