"""Why a large file's import does not run in flat memory: DuckDB and one transaction per file (issue 12).

``studbook import`` writes each file in one transaction (an interrupted import must leave nothing of the
file), a chunk of hands at a time. Reading and replaying stream in flat memory (``xml_import.py``), yet
the import's resident memory grows with the file. This isolates the database side: the same rows (40
action rows per hand, in chunks of 500 hands, a table with a primary key like studbook's) written

* ``one``: in one transaction, as the import does;
* ``per-chunk``: committing every chunk (flat, but an interruption would leave part of the file);
* ``staged``: every chunk committed to a staging table, then moved by one ``INSERT … SELECT`` in one
  transaction (atomic again: what an interruption leaves is the staging table, not the data);

each in a fresh child process, so that each peak resident memory is its own. Run:
``python benchmarks/transaction_memory.py [--hands 7000 28000] [--memory-limit 256MB]``.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

CHUNK = 500
ROWS_PER_HAND = 40
MODES = ("one", "per-chunk", "staged")


def child(mode: str, hands: int, memory_limit: str) -> None:
    """One measurement (in a child process): prints the peak resident memory in MB."""
    import duckdb
    import numpy as np
    import pyarrow as pa

    with tempfile.TemporaryDirectory() as tmp:
        con = duckdb.connect(str(Path(tmp) / "t.duckdb"))
        con.execute(f"SET memory_limit = '{memory_limit}'")
        columns = "hand_id VARCHAR, seq INTEGER, seat INTEGER, kind VARCHAR, amount BIGINT, street INTEGER"
        con.execute(f"CREATE TABLE actions ({columns}, PRIMARY KEY (hand_id, seq))")
        if mode == "staged":
            con.execute(f"CREATE TABLE staging ({columns})")
        target = "staging" if mode == "staged" else "actions"
        if mode == "one":
            con.begin()
        seq = np.tile(np.arange(ROWS_PER_HAND), CHUNK)
        for c in range(hands // CHUNK):
            ids = np.repeat(np.array([f"ipoker:{c}-{i}" for i in range(CHUNK)]), ROWS_PER_HAND)
            rows = pa.table(
                {"hand_id": ids, "seq": seq, "seat": seq % 8, "kind": ["call"] * len(ids), "amount": seq * 100}
            ).append_column("street", pa.array(seq % 5 + 3))
            if mode != "one":
                con.begin()
            con.register("rows", rows)
            con.execute(f"INSERT INTO {target} SELECT * FROM rows")
            con.unregister("rows")
            if mode != "one":
                con.commit()
        if mode == "staged":
            con.begin()
            con.execute("INSERT INTO actions SELECT * FROM staging")
            con.execute("DROP TABLE staging")
        if mode != "per-chunk":
            con.commit()
        stored = con.execute("SELECT count(*) FROM actions").fetchone()
        assert stored is not None and stored[0] == hands // CHUNK * CHUNK * ROWS_PER_HAND
        con.close()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, nargs="+", default=[7000, 28000], help="hands per run (default 7000 28000)")
    ap.add_argument("--memory-limit", default="256MB", help="DuckDB's memory_limit (studbook's import: 256MB)")
    ap.add_argument("--child", nargs=2, metavar=("MODE", "HANDS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.memory_limit)
        return
    print(f"{'hands':>8}  {'rows':>10}  " + "  ".join(f"{m + ' peak MB':>18}" for m in MODES))
    for hands in args.hands:
        peaks = []
        for mode in MODES:
            done = subprocess.run(
                [sys.executable, __file__, "--child", mode, str(hands), "--memory-limit", args.memory_limit],
                capture_output=True,
                text=True,
                check=False,
            )
            peaks.append(f"{float(done.stdout):18.0f}" if done.returncode == 0 else f"{'failed':>18}")
        print(f"{hands:>8,}  {hands * ROWS_PER_HAND:>10,}  " + "  ".join(peaks))


if __name__ == "__main__":
    main()
