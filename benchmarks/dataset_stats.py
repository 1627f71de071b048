"""Stats over a large Parquet dataset: seconds for the headline table, read through DuckDB's views.

The dataset is **generated**: the ``hands`` and ``hand_players`` rows of a real dataset (``--base``, one
``studbook import --dask`` wrote) are copied in SQL with fresh hand ids, each copy a day later, until
there are ``--hands`` hands, and written in the dataset layout (``runs/generated/<table>/site=/date=``).
Only those two tables are copied: they are what the stats read (the others are empty views). The
copies have the stats of the originals, repeated; what is measured is reading and aggregating that
many rows from Parquet, which is what a 10-million-hand dataset costs whatever its hands are.

The copies' stat rollup (:mod:`studbook.analytics.rollup`) is the base's, a day later per copy, as a
run of ``studbook import --dask`` would have written it for those hands. Then, each timed on a fresh
connection (:func:`~studbook.analytics.dataset.open_dataset`), from the rollup and from the raw rows:

- the headline table: ``studbook stats``'s default stats per player (``HEADLINE``) and the net won
  and BB/100 it prints beside them (:func:`~studbook.analytics.winrate.money`) — the goal is under 5 s;
- the win rates with sessions and hours (raw rows only: sessions do not add up across groups);
- every stat per player, and every stat by game and stakes;

and the rollup's answers are checked equal to the raw rows', to the unit.

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
from functools import partial
from pathlib import Path
from typing import Callable

import duckdb
import pandas as pd

from studbook.analytics.dataset import (
    MARKER,
    PARTITIONS,
    RUNS,
    UNKNOWN_DATE,
    open_dataset,
    spill_folder,
    table_relation,
)
from studbook.analytics.rollup import FOLDER as ROLLUP_FOLDER
from studbook.analytics.rollup import VIEW, run_files
from studbook.analytics.schema import HAND_PLAYERS, HANDS, SCHEMA_VERSION
from studbook.analytics.stats import HEADLINE, stat_table
from studbook.analytics.winrate import money, winrates


BATCH_COPIES = 100
"""Copies of the base written by one COPY (660,000 hands of the sample data's)."""


def generate(base: Path, out: Path, target: int, rollup_only: bool = False) -> int:
    """Write ``target`` hands (rounded up to whole copies of ``base``) into a new dataset at ``out``;
    with ``rollup_only``, only their rollup (what the rollup's queries read), no hand rows."""
    con = duckdb.connect(":memory:")
    con.execute("SET memory_limit = '2GB'")
    con.execute("SET preserve_insertion_order = false")
    con.execute(f"SET temp_directory = '{spill_folder()}'")
    relations = {t.name: table_relation(base, t) for t in (HANDS, HAND_PLAYERS)}
    con.execute(f"CREATE TEMP TABLE base_hands AS {relations['hands']}")
    con.execute(f"CREATE TEMP TABLE base_players AS {relations['hand_players']}")
    (count,) = con.execute("SELECT count(*) FROM base_hands").fetchone()  # type: ignore[misc]
    # what the players' copies need of their hand, joined once here rather than for every copy
    con.execute(
        "CREATE TEMP TABLE base_joined AS SELECT p.*, h.site, h.started_at AS hand_started_at FROM base_players p "
        "JOIN base_hands h USING (hand_id)"
    )
    rollups = run_files(base)
    if not rollups:
        raise SystemExit(f"{base}: no rollup in every run; import it again with this studbook (--dask local)")
    copies = -(-target // count)
    out.mkdir(parents=True)
    (out / MARKER).write_text(json.dumps({"kind": "studbook parquet dataset", "schema_version": SCHEMA_VERSION}))
    run = out / RUNS / "generated"
    run.mkdir(parents=True)
    shifted = "started_at + c * INTERVAL 1 DAY"
    day = f"coalesce(strftime(({shifted}) AT TIME ZONE 'UTC', '%Y-%m-%d'), '{UNKNOWN_DATE}')"
    keys = ", ".join(PARTITIONS)
    # a batch of copies at a time: one COPY of every copy would hold a buffer for each of its ~1,500 day
    # partitions and spill gigabytes; a batch's few dozen partitions fit in memory
    for first in range(0, 0 if rollup_only else copies, BATCH_COPIES):
        batch = f"range({first}, {min(first + BATCH_COPIES, copies)}) t(c)"
        options = f"FORMAT parquet, PARTITION_BY ({keys}), OVERWRITE_OR_IGNORE true, FILENAME_PATTERN 'c{first}_{{i}}'"
        con.execute(
            f"COPY (SELECT b.* REPLACE (hand_id || '~' || c AS hand_id, {shifted} AS started_at), {day} AS date "
            f"FROM base_hands b, {batch}) TO '{run / 'hands'}' ({options})"
        )
        con.execute(
            f"COPY (SELECT p.* EXCLUDE (hand_started_at) REPLACE (p.hand_id || '~' || c AS hand_id), "
            f"coalesce(strftime((hand_{shifted}) AT TIME ZONE 'UTC', '%Y-%m-%d'), '{UNKNOWN_DATE}') AS date "
            f"FROM base_joined p, {batch}) TO '{run / 'hand_players'}' ({options})"
        )
        print(f"  copies {first:,}-{min(first + BATCH_COPIES, copies) - 1:,} of {copies:,} written", flush=True)
    # the rollup of the copies: the base's, a day later per copy (its keys hold the day, not the hand)
    (out / RUNS / "generated" / ROLLUP_FOLDER).mkdir()
    con.execute(
        f"COPY (SELECT r.* REPLACE (day + CAST(c AS INTEGER) AS day) FROM read_parquet(?) r, range(?) t(c)) "
        f"TO '{run / ROLLUP_FOLDER / 'data_0.parquet'}' (FORMAT parquet)",
        [[str(f) for f in rollups], copies],
    )
    con.close()
    return int(count * copies)


def timed(
    label: str, out: Path, memory_limit: str | None, work: Callable[[duckdb.DuckDBPyConnection], pd.DataFrame]
) -> tuple[float, pd.DataFrame]:
    with open_dataset(out, memory_limit=memory_limit) as store:
        started = time.perf_counter()
        result = work(store.con)
        elapsed = time.perf_counter() - started
    print(f"  {label}: {elapsed:.2f} s")
    return elapsed, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="a dataset written by studbook import --dask")
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--out", type=Path, help="where to write the generated dataset (default: a temporary folder)")
    parser.add_argument(
        "--rollup-only",
        action="store_true",
        help="generate only the rollup of the hands and time only what reads it (no raw rows to compare)",
    )
    parser.add_argument("--memory-limit", help="DuckDB memory limit for the stats (default: the reader's)")
    args = parser.parse_args(argv)
    tmp = None if args.out else tempfile.mkdtemp(prefix="studbook-dataset-bench-", dir=os.environ.get("TMPDIR"))
    out = args.out or Path(str(tmp)) / "dataset"
    try:
        if not (out / MARKER).exists():
            started = time.perf_counter()
            hands = generate(args.base, out, args.hands, args.rollup_only)
            size = sum(p.stat().st_size for p in out.rglob("*.parquet")) / 1e6
            summed = sum(p.stat().st_size for p in out.rglob(f"{ROLLUP_FOLDER}/*.parquet")) / 1e6
            files = sum(1 for _ in out.rglob("*.parquet"))
            print(
                f"generated {hands:,} hands in {time.perf_counter() - started:.0f} s: {files:,} files, "
                f"{size:,.0f} MB (of which the rollup {summed:,.0f} MB)"
            )
        with open_dataset(out) as store:
            (hands,) = store.con.execute("SELECT count(*) FROM hands").fetchone()  # type: ignore[misc]
            (rows,) = store.con.execute("SELECT count(*) FROM hand_players").fetchone()  # type: ignore[misc]
            (summed,) = store.con.execute(f"SELECT count(*) FROM {VIEW}").fetchone()  # type: ignore[misc]
            (players,) = store.con.execute(f"SELECT sum(hands) FROM {VIEW}").fetchone()  # type: ignore[misc]
        print(
            f"stats over {hands:,} hands ({rows:,} hand_players rows; the rollup: {summed:,} rows summing "
            f"{players:,} hand_players rows), load average {os.getloadavg()[0]:.1f}:"
        )
        if args.rollup_only:
            timed(
                "headline stats per player (rollup)",
                out,
                args.memory_limit,
                partial(stat_table, filters=None, by=("player",), stats=("hands", *HEADLINE)),
            )
            timed("net won and BB/100 per player (rollup)", out, args.memory_limit, partial(money, filters=None))
            timed("every stat per player (rollup)", out, args.memory_limit, partial(stat_table, filters=None))
            timed(
                "every stat by game and stakes (rollup)",
                out,
                args.memory_limit,
                partial(stat_table, filters=None, by=("game", "stakes")),
            )
            return 0
        chosen = ("hands", *HEADLINE)
        limit = args.memory_limit
        answers: dict[str, list[pd.DataFrame]] = {"stats": [], "money": [], "every stat": []}
        for summed in (True, False):
            source = "rollup" if summed else "raw rows"
            a, stats = timed(
                f"headline stats per player ({source})",
                out,
                limit,
                partial(stat_table, filters=None, by=("player",), stats=chosen, rollup=summed),
            )
            b, cash = timed(
                f"net won and BB/100 per player ({source})", out, limit, partial(money, filters=None, rollup=summed)
            )
            print(f"  headline table ({source}): {a + b:.2f} s")
            answers["stats"].append(stats)
            answers["money"].append(cash)
        timed("win rates per player with sessions and hours (raw rows)", out, limit, lambda c: winrates(c, None))
        for summed in (True, False):
            source = "rollup" if summed else "raw rows"
            _, every = timed(
                f"every stat per player ({source})",
                out,
                limit,
                partial(stat_table, filters=None, by=("player",), stats=None, rollup=summed),
            )
            answers["every stat"].append(every)
        timed("every stat by game and stakes (rollup)", out, limit, lambda c: stat_table(c, None, ("game", "stakes")))
        for what, (from_rollup, from_rows) in answers.items():
            pd.testing.assert_frame_equal(from_rollup, from_rows, check_exact=True)
            print(f"  {what}: the rollup's answer equals the raw rows', exactly")
        print(f"load average after: {os.getloadavg()[0]:.1f}")
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
