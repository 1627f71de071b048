"""Stakes a site does not print (Bovada: inferred from the hand's own bets, engine/stakes.py) are stored as
such (``hands.stakes_inferred``), and BB/100 says what it does with them: a hand whose big bet no bet
showed is left out of it and counted as left out, with the reason, in the stats table, the ``--player``
card and ``--winrate``; a hand at an inferred big bet counts, and is said to; the stakes breakdown keeps
inferred stakes apart and labels them."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path
from typing import Iterator

import duckdb
import pytest
from conftest import corpus_path
from stored_hands import ANN_WINS_RAKED, store_hands, timed
from studbook.analytics.rows import rows_for_hand
from studbook.analytics.stats import Filters
from studbook.analytics.store import Store, StoreError, open_store
from studbook.analytics.winrate import winrates
from studbook.cli.app import main
from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.parsers.registry import profile_for

PRINTED = timed(ANN_WINS_RAKED, 1, 0)
INFERRED = timed(ANN_WINS_RAKED, 2, 10, stakes_inferred=True)
UNKNOWN = timed(ANN_WINS_RAKED, 3, 20, stakes_inferred=True, big_bet=0)
"""The same razz hand three times (Ann +4, Bob -5, big bet 8): stakes printed, inferred, and inferred with
the big bet unknown (no bet of the hand shows it)."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with store_hands(tmp_path / "s.duckdb", [PRINTED, INFERRED, UNKNOWN]) as s:
        yield s


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The three hands' database, closed, for the command to open."""
    store_hands(tmp_path / "c.duckdb", [PRINTED, INFERRED, UNKNOWN]).close()
    return str(tmp_path / "c.duckdb")


def run(db: str, *args: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "160")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stats", "--db", db, "--min-hands", "1", *args]) == 0
    return out.getvalue()


def test_the_hands_table_stores_whether_the_stakes_were_inferred(store: Store) -> None:
    stored = dict(store.con.execute("SELECT site_hand_id, stakes_inferred FROM hands").fetchall())
    assert stored == {"1": False, "2": True, "3": True}


def test_bovada_corpus_hands_are_stored_as_inferred() -> None:
    hands = [
        h for h in parse_file(corpus_path("fpdb", "Bovada", "7-Stud-USD-2.00-4.00-201205.txt")) if isinstance(h, Hand)
    ]
    assert hands
    assert all(rows_for_hand(h, replay(h, profile_for(h)))["hands"][0]["stakes_inferred"] is True for h in hands)


def test_an_older_database_without_the_column_is_refused_by_name(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    open_store(db).close()
    with duckdb.connect(str(db)) as con:
        con.execute("ALTER TABLE hands DROP COLUMN stakes_inferred")
    with pytest.raises(StoreError, match=r"table hands \(missing or of another type: stakes_inferred\)") as refused:
        open_store(db, read_only=True)
    assert "new database file (--db)" in str(refused.value)


def test_bb100_counts_known_big_bets_only_and_says_how_many_were_inferred(store: Store) -> None:
    table = winrates(store.con).set_index("player")
    assert table.loc["Ann", ["hands", "bb_hands", "bb_inferred"]].tolist() == [3, 2, 1]
    assert table.loc["Ann", "net"] == 12  # every cent counts in the money, big bet or not
    assert table.loc["Ann", "bb100"] == pytest.approx(100 * (4 / 8 + 4 / 8) / 2)
    assert table.loc["Bob", "bb100"] == pytest.approx(100 * (-5 / 8 - 5 / 8) / 2)


def test_the_stats_table_says_what_bb100_left_out_and_inferred(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = run(db, monkeypatch=monkeypatch)
    ann = next(line for line in text.splitlines() if line.startswith("Ann"))
    assert ann.endswith("+50.00")  # 1 big bet over the 2 hands whose big bet is known, not over all 3
    flat = " ".join(text.split())
    assert "BB/100 leaves out 2 of these rows' 6 hands: their big bet is unknown (the site prints no stakes" in flat
    assert "BB/100 counts 2 hands at an inferred big bet" in flat


def test_the_player_card_says_it_too(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    card = run(db, "--player", "Bob", monkeypatch=monkeypatch)
    lines = [" ".join(line.split()) for line in card.splitlines()]
    at = next(i for i, line in enumerate(lines) if line.startswith("BB/100 -62.50 "))  # -5/8 twice, over 2
    assert lines[at + 1].startswith("leaves out 1 hand: big bet unknown (the site prints no stakes")
    assert lines[at + 2].startswith("counts 1 hand at an inferred big bet")


def test_the_stakes_breakdown_labels_inferred_stakes(store: Store, db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    frame = winrates(store.con, Filters(players=("Ann",)), by=("stakes",)).set_index("stakes")
    assert sorted(frame.index) == ["$0.04/$0.08", "$0.04/$0.08 inferred", "$0.04/? inferred"]
    assert frame.loc["$0.04/? inferred", "bb_hands"] == 0
    text = run(db, "--winrate", "--by", "stakes", monkeypatch=monkeypatch)
    assert "$0.04/? inferred" in text and "BB/100 leaves out 2 of these rows' 6 hands" in " ".join(text.split())
