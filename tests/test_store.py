"""The DuckDB store: schema and row builders agree, values round-trip exactly, re-writing the same hands
changes nothing, an interrupted file leaves no trace, parquet export covers every table.

Hands here are built by hand (fictional players) so these tests do not depend on the parser or engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studbook.analytics.rows import columns_to_arrow, hand_batches, rows_for_hand, to_arrow
from studbook.analytics.schema import HAND_TABLES, TABLES
from studbook.analytics.store import (
    MEMORY_LIMIT_VARIABLE,
    READ_MEMORY_LIMIT,
    THREADS_VARIABLE,
    WRITE_MEMORY_LIMIT,
    WRITE_THREADS,
    SourceFile,
    StoreError,
    open_store,
)
from studbook.engine.cards import Card
from studbook.engine.replay import replay
from studbook.parsers import parse_text
from studbook.parsers.registry import profile_for
from conftest import SAMPLE_DATA
from handbuilder import build
from stud_scripts import STUD8_SPLIT, STUD_CAPPED, STUD_DOUBLE_BET, STUD_SIDE_POT
from studbook.engine.model import (
    Action,
    ActionKind,
    Award,
    Collect,
    CommunityCard,
    Deal,
    Game,
    Half,
    Hand,
    Pot,
    ReplayResult,
    Seat,
    Show,
    Tournament,
    Violation,
)

EASTERN = timezone(timedelta(hours=-5))


def make_hand(number: int, violations: int = 0) -> tuple[Hand, ReplayResult]:
    """A small heads-up stud8 hand: Alice brings in, Bob completes, Alice folds on 4th; Bob is paid
    the whole pot (fictional players, amounts in cents)."""
    hand = Hand(
        site="teststars",
        site_hand_id=str(number),
        game=Game.STUD8,
        small_bet=4,
        big_bet=8,
        ante=1,
        bring_in=2,
        currency="USD",
        tournament=Tournament("T1", buy_in=200, fee=15, currency="USD"),
        table="Fictional II",
        max_seats=8,
        started_at=datetime(2020, 1, 2, 3, 4, 5, tzinfo=EASTERN) + timedelta(minutes=number),
        source_file="fake.txt",
        source_line=10 * number + 1,
        total_pot=16,
        rake=1,
        seats=(Seat(1, "Alice", 500), Seat(3, "Bob [x]: y", 1_234_567_890_123), Seat(5, "Carol", 90, True)),
        events=(
            Action(2, 3, 1, ActionKind.ANTE, 1),
            Action(3, 3, 3, ActionKind.ANTE, 1),
            Deal(4, 3, 1, down=(None, None), up=(Card.parse("2c"),)),
            Deal(5, 3, 3, down=(Card.parse("As"), Card.parse("Kd")), up=(Card.parse("Qh"),)),
            Action(6, 3, 1, ActionKind.BRING_IN, 2),
            Action(7, 3, 3, ActionKind.RAISE, 2, to=4),
            Action(8, 3, 1, ActionKind.CALL, 2),
            CommunityCard(9, Card.parse("7d")),
            Action(10, 4, 1, ActionKind.FOLD),
            Show(11, 3, (Card.parse("As"), Card.parse("Kd"), Card.parse("Qh"))),
            Collect(12, 3, 9, "pot"),
        ),
    )
    engine = replay(hand, profile_for(hand))  # the decisions' record as the engine keeps it; the money below is pinned
    result = ReplayResult(
        decisions=engine.decisions,
        bring_in_seat=engine.bring_in_seat,
        street_aggressor=engine.street_aggressor,
        reached=engine.reached,
        pots=(Pot(0, 10, (1, 3)),),
        awards=(Award(0, Half.WHOLE, 3, 9),),
        rake=1,
        invested={1: 5, 3: 5},
        street_invested={3: {1: 5, 3: 5}},
        returned={},
        collected={3: 9},
        net={1: -5, 3: 4},
        showdown=frozenset(),
        folded={1: 4},
        violations=tuple(Violation("pot.award", f"problem {i}", street=4, seat=3, line=12) for i in range(violations)),
        dealt_in=(1, 3),
        dealt=(
            (1, 3, False, (None, None), 4, ()),
            (1, 3, True, (Card.parse("2c"),), 4, ()),
            (3, 3, False, (Card.parse("As"), Card.parse("Kd")), 5, ()),
            (3, 3, True, (Card.parse("Qh"),), 5, ()),
            (None, 7, True, (Card.parse("7d"),), 9, ()),
        ),
    )
    return hand, result


def chunk_of(numbers: list[int], violations: int = 0) -> dict:
    """The Arrow chunk of the hands numbered ``numbers``."""
    return hand_batches([make_hand(n, violations) for n in numbers])


def no_errors():
    return to_arrow("parse_errors", [])


def snapshot(store) -> dict[str, list]:
    """Every row of every hand table, sorted: what "nothing changed" is checked against."""
    return {t.name: sorted(map(repr, store.con.execute(f"SELECT * FROM {t.name}").fetchall())) for t in HAND_TABLES}


SNAPSHOT = Path(__file__).parent / "snapshots" / "stored_rows.json"
UPDATE_SNAPSHOT = "STUDBOOK_UPDATE_SNAPSHOT"

ALL_IN_ON_FOURTH = """
stud 4/8 ante 1 bring-in 2 total 29 rake 0
seat 1 Ann 13
seat 2 Bob 500
seat 4 Cat 500
antes
3rd 1:Ah Ad 7c 2:Kc Ks 3d 4:?? ?? 2h
4 bring-in 2
1 complete to 4
2 call 4
4 fold
4th 1:9s 2:Jd
2 bet 4
1 raise 4 to 8 allin
2 call 4
5th 1:2c 2:5s
6th 1:4h 2:Th
7th 1:8d 2:Qc
show 1 Ah Ad 7c 9s 2c 4h 8d
show 2 Kc Ks 3d Jd 5s Th Qc
collect 1 29
"""
"""Heads-up all-in on 4th street: the EV columns are sampled (a standard error above 0)."""


def snapshot_hands() -> list[tuple[Hand, ReplayResult]]:
    """Fictional hands that between them fill every table and most columns: the hand-written sample
    edge cases (read by the parser), the transcribed unit-test scripts (split pot, double bet, capped
    street, side pot), a sampled all-in EV spot and a tournament hand with violations."""
    hands: list[Hand] = []
    for path in sorted((SAMPLE_DATA / "edge-cases").glob("*.txt")):
        parsed = parse_text(path.read_text(encoding="utf-8"), path.name)
        hands.extend(h for h in parsed if isinstance(h, Hand))
    scripts = (STUD8_SPLIT, STUD_DOUBLE_BET, STUD_CAPPED, STUD_SIDE_POT, ALL_IN_ON_FOURTH)
    hands.extend(replace(build(s, f"script-{i}"), site_hand_id=f"script-{i}") for i, s in enumerate(scripts))
    return [(h, replay(h, profile_for(h))) for h in hands] + [make_hand(5, violations=2)]


def stored_rows(store) -> dict[str, dict[str, list]]:
    """Every hand table's column names and rows, sorted, in JSON's terms (times as ISO text; floats keep
    their exact repr)."""
    out = {}
    for t in HAND_TABLES:
        cursor = store.con.execute(f"SELECT * FROM {t.name} ORDER BY ALL")
        rows = [[v.isoformat() if isinstance(v, datetime) else v for v in row] for row in cursor.fetchall()]
        out[t.name] = {"columns": [d[0] for d in cursor.description], "rows": rows}
    return out


def snapshot_text(stored: dict[str, dict[str, list]]) -> str:
    """The snapshot as JSON with one row per line, so that a changed value shows as a one-line diff."""
    tables = [
        f' "{name}": {{\n  "columns": {json.dumps(t["columns"])},\n  "rows": [\n   '
        + ",\n   ".join(json.dumps(row) for row in t["rows"])
        + "\n  ]\n }"
        for name, t in stored.items()
    ]
    return "{\n" + ",\n".join(tables) + "\n}\n"


def test_stored_rows_match_the_pinned_snapshot(tmp_path: Path) -> None:
    """Every value stored for a few varied hands, pinned: a speed-up of the row builders, the stat flags
    or the Arrow conversion must not change a single stored value. After a deliberate change (a new
    column, a corrected flag), rewrite the file with ``STUDBOOK_UPDATE_SNAPSHOT=1 pytest -k snapshot``
    and review its diff."""
    with open_store(tmp_path / "db.duckdb") as store:
        store.write_file(SourceFile("snapshot", "snapshot", 0), [hand_batches(snapshot_hands())], no_errors())
        stored = json.loads(json.dumps(stored_rows(store)))
    if os.environ.get(UPDATE_SNAPSHOT):
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_text(snapshot_text(stored), encoding="utf-8")
        pytest.skip(f"{SNAPSHOT} rewritten ({UPDATE_SNAPSHOT} is set): review its diff before committing")
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert sorted(stored) == sorted(expected)
    for table, got in stored.items():
        assert got["columns"] == expected[table]["columns"], f"{table}: the columns changed"
        assert got["rows"] == expected[table]["rows"], f"{table}: stored values changed"
    assert all(stored[t]["rows"] for t in stored), "every hand table should hold rows"


def test_row_builders_fill_exactly_the_schema_columns() -> None:
    batches = hand_batches([make_hand(1, violations=1)])
    assert set(batches) == {t.name for t in HAND_TABLES}
    for table, batch in batches.items():
        assert batch.num_rows, f"the sample hand should give at least one {table} row"
        assert batch.schema == TABLES[table].arrow_schema(), table


def test_a_column_missing_or_unknown_to_the_schema_is_an_error() -> None:
    columns = {name: [] for name in TABLES["pots"].column_names}
    with pytest.raises(ValueError, match=r"missing \['eligible'\], unknown \[\]"):
        columns_to_arrow(TABLES["pots"], {k: v for k, v in columns.items() if k != "eligible"})
    with pytest.raises(ValueError, match=r"missing \[\], unknown \['eligable'\]"):
        columns_to_arrow(TABLES["pots"], {**columns, "eligable": []})
    row = rows_for_hand(*make_hand(1))["pots"][0]
    with pytest.raises(KeyError, match="eligible"):
        to_arrow("pots", [{k: v for k, v in row.items() if k != "eligible"}])


def test_rows_as_dicts_round_trip_to_the_same_batches() -> None:
    pair = make_hand(3, violations=2)
    batches = hand_batches([pair])
    for table, rows in rows_for_hand(*pair).items():
        assert to_arrow(table, rows).equals(batches[table]), table


def test_a_chunk_gives_the_rows_of_its_hands_in_order() -> None:
    """Building a chunk at once gives exactly the hands' own rows one after the other (the per-hand
    numbering of actions restarts with each hand)."""
    pairs = [make_hand(n, violations=n % 2) for n in (4, 9, 2)]
    together = hand_batches(pairs)
    for table in together:
        one_by_one = [row for pair in pairs for row in rows_for_hand(*pair)[table]]
        assert together[table].to_pylist() == one_by_one, table


def test_values_round_trip_exactly(tmp_path: Path) -> None:
    with open_store(tmp_path / "db.duckdb") as store:
        counts = store.write_file(SourceFile("fake.txt", "c1", 100), [chunk_of([7], violations=2)], no_errors())
        assert (counts.hands, counts.duplicates, counts.with_violations) == (1, 0, 1)
        hand = store.con.execute(
            "SELECT hand_id, game, ante, tournament_id, buy_in, n_players, started_at, valid, n_violations FROM hands"
        ).fetchone()
        assert hand[:6] == ("teststars:7", "stud8", 1, "T1", 200, 2)
        assert hand[6] == datetime(2020, 1, 2, 8, 11, 5, tzinfo=timezone.utc)
        assert hand[7:] == (False, 2)
        players = store.con.execute(
            "SELECT seat, player, stack, invested, collected, won, net, showed, folded_street "
            "FROM hand_players ORDER BY seat"
        ).fetchall()
        assert players == [
            (1, "Alice", 500, 5, 0, 0, -5, False, 4),
            (3, "Bob [x]: y", 1_234_567_890_123, 5, 9, 9, 4, True, None),
        ]
        assert store.con.execute("SELECT seq, kind, amount, to_amount FROM actions WHERE seq = 3").fetchone() == (
            3,
            "raise",
            2,
            4,
        )
        cards = store.con.execute("SELECT seat, card, up, known FROM cards ORDER BY line, up").fetchall()
        assert cards[:3] == [(1, None, False, False), (1, None, False, False), (1, "2c", True, True)]
        assert cards[-1] == (None, "7d", True, True)
        assert store.con.execute("SELECT eligible FROM pots").fetchone() == ([1, 3],)
        assert store.con.execute("SELECT half, player, amount FROM awards").fetchone() == ("whole", "Bob [x]: y", 9)
        assert store.con.execute("SELECT player, line FROM violations LIMIT 1").fetchone() == ("Bob [x]: y", 12)
        imports = store.con.execute("SELECT file, hands, duplicates, violations FROM imports").fetchone()
        assert imports == ("fake.txt", 1, 0, 1)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(st.lists(st.integers(1, 12), unique=True, max_size=5), max_size=3), max_size=4))
def test_writing_the_same_hands_again_changes_nothing(tmp_path_factory, files: list[list[list[int]]]) -> None:
    """``files`` is a list of files, each a list of chunks of hand numbers (a number may repeat across
    chunks and files): every distinct hand is stored once, every repeat counted as a duplicate, and a
    second pass over everything (as new files) adds and changes nothing."""
    db = tmp_path_factory.mktemp("db") / "db.duckdb"
    numbers = [n for f in files for c in f for n in c]
    with open_store(db) as store:
        written = [
            store.write_file(SourceFile(f"f{i}", f"first-{i}", 1), [chunk_of(c) for c in f], no_errors())
            for i, f in enumerate(files)
        ]
        assert sum(c.hands for c in written) == len(set(numbers)) == store.table_counts()["hands"]
        assert sum(c.duplicates for c in written) == len(numbers) - len(set(numbers))
        before = snapshot(store)
        again = [
            store.write_file(SourceFile(f"f{i}", f"second-{i}", 1), [chunk_of(c) for c in f], no_errors())
            for i, f in enumerate(files)
        ]
        assert sum(c.hands for c in again) == 0
        assert sum(c.duplicates for c in again) == len(numbers)
        assert snapshot(store) == before


def test_an_interrupted_file_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    """The file's first chunks are committed (each on its own, for flat memory) before Ctrl-C: they are
    taken out again, and a hand of the chunk that was already stored by another file stays."""

    def chunks_then_crash():
        yield chunk_of([1, 2])
        yield chunk_of([5, 3])
        raise KeyboardInterrupt

    with open_store(tmp_path / "db.duckdb") as store:
        store.write_file(SourceFile("ok.txt", "ok", 1), [chunk_of([5])], no_errors())
        before = store.table_counts()
        with pytest.raises(KeyboardInterrupt):
            store.write_file(SourceFile("bad.txt", "bad", 1), chunks_then_crash(), no_errors())
        assert store.table_counts() == before
        assert not store.has_checksum("bad")
        assert store.has_checksum("ok")


KILLED_IMPORT = """
import os, sys
sys.path.insert(0, sys.argv[2])
from test_store import chunk_of
from studbook.analytics.store import SourceFile, open_store
store = open_store(sys.argv[1])
with store.writing(SourceFile("killed.txt", "killed", 1)) as writer:
    writer.chunk(chunk_of([5, 6]))
    writer.chunk(chunk_of([7]))
    os._exit(9)  # killed outright: no exception, no rollback, no finish
"""


@pytest.mark.parametrize("read_only", [False, True])
def test_an_import_killed_outright_is_taken_out_when_the_database_is_next_opened(
    tmp_path: Path, read_only: bool
) -> None:
    path = tmp_path / "db.duckdb"
    with open_store(path) as store:
        store.write_file(SourceFile("ok.txt", "ok", 1), [chunk_of([5])], no_errors())
        before, counts = snapshot(store), store.table_counts()
    killed = subprocess.run([sys.executable, "-c", KILLED_IMPORT, str(path), str(Path(__file__).parent)], check=False)
    assert killed.returncode == 9
    with duckdb.connect(str(path), read_only=True) as raw:  # what the killed import left in the file
        assert raw.execute("SELECT count(*) FROM hands").fetchone() == (3,)
        assert raw.execute("SELECT count(*) FROM import_journal").fetchone() == (2,)
    with open_store(path, read_only=read_only) as store:
        assert snapshot(store) == before
        assert store.table_counts() == counts
        assert not store.has_checksum("killed")
    with duckdb.connect(str(path), read_only=True) as raw:
        assert raw.execute("SELECT count(*) FROM import_journal").fetchone() == (0,)


def test_parse_errors_are_recorded_once(tmp_path: Path) -> None:
    errors = to_arrow("parse_errors", [{"file": "a.txt", "line": 3, "text": "garbage", "message": "bad line"}])
    with open_store(tmp_path / "db.duckdb") as store:
        assert store.write_file(SourceFile("a.txt", "v1", 1), [], errors).errors == 1
        assert store.write_file(SourceFile("a.txt", "v2", 1), [], errors).errors == 0
        assert store.table_counts()["parse_errors"] == 1


def test_a_chunk_holding_a_hand_twice_is_refused(tmp_path: Path) -> None:
    with open_store(tmp_path / "db.duckdb") as store:
        with pytest.raises(ValueError, match="same hand_id twice"):
            store.write_file(SourceFile("a.txt", "a", 1), [chunk_of([1, 1])], no_errors())
        assert store.table_counts()["hands"] == 0


def test_a_database_of_another_schema_version_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    open_store(db).close()
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match=r"schema version 999.*new database file"):
        open_store(db)


@pytest.mark.parametrize(
    "change, named",
    [
        ("ALTER TABLE hand_players DROP COLUMN game", r"table hand_players \(missing or of another type: game\)"),
        ("ALTER TABLE actions ADD COLUMN street_name VARCHAR", r"table actions \(not in this studbook: street_name\)"),
        ("ALTER TABLE pots ALTER COLUMN amount TYPE DOUBLE", r"table pots \(missing or of another type: amount;"),
        ("DROP TABLE collected", r"table collected is missing"),
    ],
)
def test_a_database_with_other_columns_than_the_schema_is_refused_on_opening(
    tmp_path: Path, change: str, named: str
) -> None:
    """Same schema version, other columns (a database made while the schema was still changing): refused
    when opened, saying which table differs and what to do, instead of failing at the first insert."""
    db = tmp_path / "db.duckdb"
    open_store(db).close()
    with duckdb.connect(str(db)) as con:
        con.execute(change)
    for read_only in (False, True):
        with pytest.raises(StoreError, match=named) as refused:
            open_store(db, read_only=read_only)
        assert "older studbook" in str(refused.value) and "new database file (--db)" in str(refused.value)


def test_memory_limit_and_threads_come_from_arguments_environment_or_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "db.duckdb"

    def settings(**kwargs) -> tuple:
        with open_store(db, **kwargs) as store:
            return store.con.execute("SELECT current_setting('memory_limit'), current_setting('threads')").fetchone()

    monkeypatch.delenv(MEMORY_LIMIT_VARIABLE, raising=False)
    monkeypatch.delenv(THREADS_VARIABLE, raising=False)
    assert settings()[0] == duckdb_size(WRITE_MEMORY_LIMIT)
    assert settings(read_only=True)[0] == duckdb_size(READ_MEMORY_LIMIT)
    assert settings(memory_limit="300MB", threads=1) == (duckdb_size("300MB"), 1)
    monkeypatch.setenv(MEMORY_LIMIT_VARIABLE, "200MB")
    monkeypatch.setenv(THREADS_VARIABLE, "1")
    assert settings() == (duckdb_size("200MB"), 1)
    assert settings(memory_limit="400MB")[0] == duckdb_size("400MB"), "an argument beats the environment"
    for bad in ({"memory_limit": "lots"}, {"threads": 0}):
        with pytest.raises(StoreError, match="DuckDB refused .*a memory limit is a size such as 1GB"):
            open_store(db, **bad)


def test_a_file_is_written_in_write_threads_then_the_store_has_its_own_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing runs in WRITE_THREADS DuckDB threads, also when it is interrupted, and the store's own
    count comes back after; a count asked for (argument or environment) is kept while writing too."""
    monkeypatch.delenv(THREADS_VARIABLE, raising=False)

    def threads(store) -> int:
        return store.con.execute("SELECT current_setting('threads')").fetchone()[0]

    seen: list[int] = []

    def chunks(store, crash: bool):
        seen.append(threads(store))
        yield chunk_of([len(seen)])
        if crash:
            raise KeyboardInterrupt

    with open_store(tmp_path / "db.duckdb", threads=2) as chosen:
        chosen.write_file(SourceFile("a.txt", "a", 1), chunks(chosen, False), no_errors())
        assert seen == [2] and threads(chosen) == 2
    with open_store(tmp_path / "db.duckdb") as store:
        own = threads(store)
        store.write_file(SourceFile("b.txt", "b", 1), chunks(store, False), no_errors())
        with pytest.raises(KeyboardInterrupt):
            store.write_file(SourceFile("c.txt", "c", 1), chunks(store, True), no_errors())
        assert seen[1:] == [WRITE_THREADS, WRITE_THREADS] and threads(store) == own
        assert store.has_checksum("b") and not store.has_checksum("c")


def duckdb_size(size: str) -> str:
    """``size`` as DuckDB prints a memory setting (``1GB`` reads back as ``953.6 MiB``)."""
    with duckdb.connect() as con:
        con.execute(f"SET memory_limit = '{size}'")
        return con.execute("SELECT current_setting('memory_limit')").fetchone()[0]


def test_a_foreign_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "other.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(StoreError, match="did not create"):
        open_store(db)
    not_duckdb = tmp_path / "notes.txt"
    not_duckdb.write_text("not a database\n" * 100)
    with pytest.raises(StoreError, match="cannot open"):
        open_store(not_duckdb)


def test_read_only_needs_an_existing_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no such database"):
        open_store(tmp_path / "missing.duckdb", read_only=True)


def test_parquet_export_writes_every_table(tmp_path: Path) -> None:
    with open_store(tmp_path / "db.duckdb") as store:
        store.write_file(SourceFile("a.txt", "a", 1), [chunk_of([1, 2, 3])], no_errors())
        counts = store.table_counts()
        files = store.export_parquet(tmp_path / "out dir's")
    assert sorted(f.stem for f in files) == sorted(TABLES)
    for f in files:
        assert pq.read_table(f).num_rows == counts[f.stem]
    assert pq.read_table(tmp_path / "out dir's" / "hands.parquet").schema.field("small_bet").type == "int64"
