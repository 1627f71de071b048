"""Import-to-stats benchmark: hands/s from Hand objects into DuckDB, memory, and seconds for the stats.

Three phases, each printed with its figures:

1. **import**: ``--import-hands`` hands from a *hand source* (a function ``n -> iterable of Hand``: the
   simulator by default, ``--source corpus`` repeats the parsed corpus hands with fresh hand numbers,
   ``--source module:function`` plugs in anything else) are replayed, turned into rows (with the stat
   flags) and written to a fresh database in chunks, as the importer does. Prints, at every quarter,
   the import's hands per second (the time the source takes to make the hands left out) and the
   resident memory, which must stay flat: Python holds one chunk at a time and DuckDB caches at most
   its memory limit (``--memory-limit``, default the store's), however many hands are written.
2. **scale**: the stored hands are copied in SQL with fresh ids (and later time stamps) until the
   database holds ``--hands`` hands, so the stats can be timed on a million hands without simulating
   and importing them all (the copies have the same stats as the originals, repeated).
3. **stats**: the full stat table per player (every stat of docs/stats.md), the same by game and stakes, and
   the win-rate table with sessions; seconds for each. The goal is under 5 s for a million hands.

    python benchmarks/stats.py [--hands 1000000] [--import-hands 20000] [--source simulator|corpus|mod:func]
                               [--memory-limit 1GB]
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import resource
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Iterator

from studbook.pipeline.importer import CHUNK_HANDS
from studbook.analytics.rows import hand_batches, to_arrow
from studbook.analytics.schema import PARSE_ERRORS
from studbook.analytics.stats import Filters, stat_table
from studbook.analytics.store import SourceFile, Store, open_store
from studbook.analytics.winrate import winrates
from studbook.engine.model import Game, Hand
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import parse_file
from studbook.parsers.registry import get_profile, profile_for

HandSource = Callable[[int], Iterable[Hand]]

REPO = Path(__file__).resolve().parents[1]
CORPUS_STARS = REPO.parent / "shared" / "corpus" / "fpdb" / "Stars"
SYNTHETIC = {"7stud.txt", "razz.txt", "horse.txt"}
"""The corpus's invented fixtures, which break the rules on purpose: not representative hands."""


def repeated_corpus(n: int) -> Iterator[Hand]:
    """``n`` hands: the real PokerStars corpus hands (or ``sample_data/`` without the corpus) over and
    over, each copy with a fresh hand number so none is a duplicate."""
    folder = CORPUS_STARS if CORPUS_STARS.exists() else REPO / "sample_data"
    pool = [
        item
        for path in sorted(folder.rglob("*.txt"))
        if path.name not in SYNTHETIC
        for item in parse_file(path)
        if isinstance(item, Hand)
    ]
    for number, hand in zip(range(n), itertools.cycle(pool)):
        yield replace(hand, site_hand_id=f"bench{number}")


def simulated(n: int) -> Iterator[Hand]:
    """``n`` simulated hands at a Triple Stud table (stud, stud8 and razz in turn) of six to eight of
    the simulator's styled players."""
    spec = TableSpec(
        games=(Game.RAZZ, Game.STUD, Game.STUD8), players=(6, 8), table="Benchmark", profile=get_profile("pokerstars")
    )
    return simulate(spec, n, seed=5)


SOURCES: dict[str, HandSource] = {"simulator": simulated, "corpus": repeated_corpus}


def load_source(spec: str) -> HandSource:
    """A named source of :data:`SOURCES`, or ``module:function`` for any other."""
    if spec in SOURCES:
        return SOURCES[spec]
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def rss_mb() -> float:
    """Resident memory now (Linux ``/proc``), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def import_hands(store: Store, hands: Iterable[Hand], total: int) -> tuple[int, float, float]:
    """Replay and store ``hands`` a chunk (the importer's size) per transaction, as if each chunk were
    a file; print the rate and the resident memory at each quarter. Returns the number stored and the
    wall and CPU seconds of the import itself (the source's time to make the hands left out)."""
    marks = {total * q // 4 for q in (1, 2, 3, 4)}
    count = 0
    wall = cpu = 0.0
    source = iter(hands)
    no_errors = to_arrow(PARSE_ERRORS.name, [])
    while chunk := list(itertools.islice(source, CHUNK_HANDS)):
        started, cpu_started = time.perf_counter(), time.process_time()
        batches = hand_batches([(hand, replay(hand, profile_for(hand))) for hand in chunk])
        store.write_file(SourceFile(f"chunk {count}", f"chunk {count}", 0), [batches], no_errors)
        wall += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
        count += len(chunk)
        if any(count - len(chunk) < mark <= count for mark in marks):
            print(
                f"  {count:>9,} hands  {count / wall:>7,.0f} hands/s  {count / cpu:>7,.0f} per CPU second  "
                f"resident memory {rss_mb():,.0f} MB"
            )
    return count, wall, cpu


def scale_to(store: Store, target: int) -> int:
    """Copy the stored hands (``hands`` and ``hand_players``: what the stats read) with fresh ids until
    there are ``target``; each copy is shifted a day later so sessions stay realistic."""
    con = store.con
    (base,) = con.execute("SELECT count(*) FROM hands").fetchone()  # type: ignore[misc]
    copies = -(-target // base)
    con.execute("CREATE TEMP TABLE base_hands AS SELECT * FROM hands")
    con.execute("CREATE TEMP TABLE base_players AS SELECT * FROM hand_players")
    con.execute(
        "INSERT INTO hands SELECT b.* REPLACE (hand_id || '~' || c AS hand_id, "
        "started_at + c * INTERVAL 1 DAY AS started_at) FROM base_hands b, range(1, ?) t(c)",
        [copies],
    )
    con.execute(
        "INSERT INTO hand_players SELECT b.* REPLACE (hand_id || '~' || c AS hand_id) "
        "FROM base_players b, range(1, ?) t(c)",
        [copies],
    )
    (total,) = con.execute("SELECT count(*) FROM hands").fetchone()  # type: ignore[misc]
    return int(total)


def timed(label: str, work: Callable[[], object]) -> float:
    """Best of two runs (the machine is shared), printed."""
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - started)
    rows = len(result) if hasattr(result, "__len__") else "?"  # type: ignore[arg-type]
    print(f"  {label:<44} {best:6.2f} s  ({rows:,} result rows)")
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands in the database for the stats")
    parser.add_argument("--import-hands", type=int, default=20_000, help="hands imported from the source")
    parser.add_argument(
        "--source",
        default="simulator",
        help="simulator (default), corpus (real hands repeated with fresh numbers), or module:function giving n hands",
    )
    parser.add_argument("--memory-limit", help="DuckDB memory limit (default: the store's, see open_store)")
    args = parser.parse_args(argv)
    source = load_source(args.source)
    with tempfile.TemporaryDirectory(prefix="studbook-stats-bench-") as tmp:
        db = Path(tmp) / "bench.duckdb"
        with open_store(db, memory_limit=args.memory_limit) as store:
            (limit,) = store.con.execute("SELECT current_setting('memory_limit')").fetchone()  # type: ignore[misc]
            print(
                f"import of {args.import_hands:,} hands from {getattr(source, '__name__', source)} "
                f"(DuckDB memory limit {limit}):"
            )
            started = time.perf_counter()
            stored, wall, cpu = import_hands(store, source(args.import_hands), args.import_hands)
            elapsed = time.perf_counter() - started
            print(
                f"  {stored:,} hands imported in {wall:.1f} s = {stored / wall:,.0f} hands/s, "
                f"{stored / cpu:,.0f} per CPU second ({elapsed - wall:.1f} s more making the hands); "
                f"database {db.stat().st_size / 1e6:,.0f} MB; peak memory so far {peak_mb():,.0f} MB"
            )
            started = time.perf_counter()
            total = scale_to(store, args.hands)
            (players,) = store.con.execute("SELECT count(*) FROM hand_players").fetchone()  # type: ignore[misc]
            print(
                f"scaled to {total:,} hands / {players:,} player rows in {time.perf_counter() - started:.1f} s "
                "(copies of the imported hands with fresh ids, made in SQL)"
            )
        with open_store(db, read_only=True, memory_limit=args.memory_limit) as store:
            con = store.con
            print("stats:")
            full = timed("every stat, one row per player", lambda: stat_table(con))
            timed("every stat by game and stakes", lambda: stat_table(con, by=("game", "stakes")))
            timed(
                "headline stats, stud8 only, by door card",
                lambda: stat_table(con, Filters(games=("stud8",)), by=("door",), stats=["vpip", "wtsd"]),
            )
            timed("win rates with sessions, per player", lambda: winrates(con))
            print(
                f"full stats table for {total:,} hands: {full:.2f} s (goal < 5 s); "
                f"peak memory of the process {peak_mb():,.0f} MB"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
