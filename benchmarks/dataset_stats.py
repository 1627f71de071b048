"""Stats over a large Parquet dataset: seconds for the headline table, read through DuckDB's views.

The dataset is **generated**: the ``hands`` and ``hand_players`` rows of a real dataset (``--base``, one
``studbook import --dask`` wrote) are copied in SQL with fresh hand ids, each copy a day later, until
there are ``--hands`` hands, and written in the dataset layout (``runs/generated/<table>/site=/date=``).
Only those two tables are copied: they are what the stats read (the others are empty views). The
copies have the stats of the originals, repeated; what is measured is reading and aggregating that
many rows from Parquet, which is what a 10-million-hand dataset costs whatever its hands are.

Then, each timed on a fresh connection (:func:`~studbook.analytics.dataset.open_dataset`):

- the headline table: ``studbook stats``'s default stats per player (``HEADLINE``), and the win
  rates it prints beside them (BB/100) — the goal is under 5 s;
- every stat per player, and every stat by game and stakes.

    python benchmarks/dataset_stats.py --base DATASET [--hands 10000000] [--out DIR] [--memory-limit 2GB]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import duckdb

from studbook.analytics.dataset import (
    MARKER,
    PARTITIONS,
    RUNS,
    UNKNOWN_DATE,
    open_dataset,
    spill_folder,
    table_relation,
)
from studbook.analytics.schema import HAND_PLAYERS, HANDS, SCHEMA_VERSION
from studbook.analytics.stats import HEADLINE, stat_table
from studbook.analytics.winrate import winrates


def generate(base: Path, out: Path, target: int) -> int:
    """Write ``target`` hands (rounded up to whole copies of ``base``) into a new dataset at ``out``."""
    con = duckdb.connect(":memory:")
    con.execute("SET memory_limit = '2GB'")
    con.execute("SET preserve_insertion_order = false")
    con.execute(f"SET temp_directory = '{spill_folder()}'")
    relations = {t.name: table_relation(base, t) for t in (HANDS, HAND_PLAYERS)}
    con.execute(f"CREATE TEMP TABLE base_hands AS {relations['hands']}")
    con.execute(f"CREATE TEMP TABLE base_players AS {relations['hand_players']}")
    (count,) = con.execute("SELECT count(*) FROM base_hands").fetchone()  # type: ignore[misc]
    copies = -(-target // count)
    out.mkdir(parents=True)
    (out / MARKER).write_text(json.dumps({"kind": "studbook parquet dataset", "schema_version": SCHEMA_VERSION}))
    run = out / RUNS / "generated"
    run.mkdir(parents=True)
    shifted = "started_at + c * INTERVAL 1 DAY"
    day = f"coalesce(strftime(({shifted}) AT TIME ZONE 'UTC', '%Y-%m-%d'), '{UNKNOWN_DATE}')"
    keys = ", ".join(PARTITIONS)
    con.execute(
        f"COPY (SELECT b.* REPLACE (hand_id || '~' || c AS hand_id, {shifted} AS started_at), {day} AS date "
        f"FROM base_hands b, range(?) t(c)) TO '{run / 'hands'}' (FORMAT parquet, PARTITION_BY ({keys}))",
        [copies],
    )
    con.execute(
        f"COPY (SELECT p.* REPLACE (p.hand_id || '~' || c AS hand_id), h.site, "
        f"coalesce(strftime((h.{shifted}) AT TIME ZONE 'UTC', '%Y-%m-%d'), '{UNKNOWN_DATE}') AS date "
        f"FROM base_players p JOIN base_hands h USING (hand_id), range(?) t(c)) "
        f"TO '{run / 'hand_players'}' (FORMAT parquet, PARTITION_BY ({keys}))",
        [copies],
    )
    con.close()
    return int(count * copies)


def timed(
    label: str, out: Path, memory_limit: str | None, work: Callable[[duckdb.DuckDBPyConnection], object]
) -> float:
    with open_dataset(out, memory_limit=memory_limit) as store:
        started = time.perf_counter()
        work(store.con)
        elapsed = time.perf_counter() - started
    print(f"  {label}: {elapsed:.2f} s")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="a dataset written by studbook import --dask")
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--out", type=Path, help="where to write the generated dataset (default: a temporary folder)")
    parser.add_argument("--memory-limit", help="DuckDB memory limit for the stats (default: the reader's)")
    args = parser.parse_args(argv)
    tmp = None if args.out else tempfile.mkdtemp(prefix="studbook-dataset-bench-", dir=os.environ.get("TMPDIR"))
    out = args.out or Path(str(tmp)) / "dataset"
    try:
        if not (out / MARKER).exists():
            started = time.perf_counter()
            hands = generate(args.base, out, args.hands)
            size = sum(p.stat().st_size for p in out.rglob("*.parquet")) / 1e6
            files = sum(1 for _ in out.rglob("*.parquet"))
            print(
                f"generated {hands:,} hands in {time.perf_counter() - started:.0f} s: {files:,} files, {size:,.0f} MB"
            )
        with open_dataset(out) as store:
            (hands,) = store.con.execute("SELECT count(*) FROM hands").fetchone()  # type: ignore[misc]
            (rows,) = store.con.execute("SELECT count(*) FROM hand_players").fetchone()  # type: ignore[misc]
        print(f"stats over {hands:,} hands ({rows:,} hand_players rows), load average {os.getloadavg()[0]:.1f}:")
        chosen = ("hands", *HEADLINE)
        a = timed(
            "headline stats per player", out, args.memory_limit, lambda c: stat_table(c, None, ("player",), chosen)
        )
        b = timed("win rates per player (BB/100)", out, args.memory_limit, lambda c: winrates(c, None, ("player",)))
        print(f"  headline table (both): {a + b:.2f} s")
        timed("every stat per player", out, args.memory_limit, lambda c: stat_table(c, None, ("player",), None))
        timed(
            "every stat by game and stakes",
            out,
            args.memory_limit,
            lambda c: stat_table(c, None, ("game", "stakes"), None),
        )
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
