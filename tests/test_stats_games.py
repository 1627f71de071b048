"""Statistics of Five Card Stud and 2-7 Razz (issue #11): every stat and label by the game's own streets.

One database holds a mixed file (simulated Five Card Stud and 2-7 Razz hands in one PokerStars-style
file) and the corpus's four real hands of the two games. The counts are checked against a recount
straight from the events, the labels against each game's streets, and the CLI's ``--game`` filter and
player card as a user sees them.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from contextlib import redirect_stdout

import pandas as pd
import pytest

from conftest import corpus_path
from studbook.analytics.stats import Filters, stat_table, street_words
from studbook.engine.games import RULES
from studbook.analytics.store import Store, open_store
from studbook.cli.app import main
from studbook.engine.model import Deal, Game, Hand
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file
from studbook.pipeline.importer import run_import
from studbook.parsers.registry import get_profile

HANDS = 150


def _simulated() -> list[Hand]:
    return [
        *simulate(TableSpec(games=(Game.STUD5,), players=(2, 10), profile=get_profile("pokerstars")), HANDS, 41),
        *simulate(TableSpec(games=(Game.RAZZ27,), players=(2, 8), profile=get_profile("pokerstars")), HANDS, 42),
    ]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, list[Hand]]]:
    tmp = tmp_path_factory.mktemp("stats_games")
    hands = _simulated()
    with open(tmp / "mixed.txt", "w", encoding="utf-8") as out:
        write_pokerstars_file(hands, out)
    real = [
        corpus_path("fpdb", "FTP", "5-Stud-USD-MTT-100-201303.txt"),
        corpus_path("fpdb", "iPoker", "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"),
        corpus_path("fpdb", "KingsClub", "2-7 Razz-USD-22-44-202101.txt"),
        corpus_path("fpdb", "KingsClub", "2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt"),
    ]
    with open_store(tmp / "games.duckdb") as store:
        summary = run_import([tmp / "mixed.txt"], store, workers=1)
        assert summary.hands == 2 * HANDS and not summary.problems
        run_import(real, store, workers=1)
    with open_store(tmp / "games.duckdb", read_only=True) as store:
        yield store, hands


def _one(frame: pd.DataFrame, player: str, stat: str) -> tuple[int, int]:
    row = frame[(frame["player"] == player) & (frame["stat"] == stat)].iloc[0]
    return int(row["done"]), int(row["chances"])


def test_the_mixed_files_games_are_all_counted(db: tuple[Store, list[Hand]]) -> None:
    """The one file's two games each come back whole, and the four real hands join them by game."""
    store, hands = db
    counted = dict(store.con.execute("SELECT site || ':' || game, count(*) FROM hands GROUP BY ALL").fetchall())
    written = Counter(f"pokerstars:{h.game.value}" for h in hands)
    assert counted == {**written, "fulltilt:stud5": 1, "ipoker:stud5": 1, "kingsclub:razz27": 2}


def test_saw_nth_counts_the_game_s_own_streets_recounted_from_the_events(db: tuple[Store, list[Hand]]) -> None:
    """ "Saw Nth" is done where the player was dealt street N and its chances are the hands of games that
    play N after their first: Five Card Stud hands are no chance to see 6th, 2-7 Razz hands none to see
    3rd (their first street)."""
    store, hands = db
    for game in (Game.STUD5, Game.RAZZ27):
        frame = stat_table(store.con, Filters(games=(game.value,), sites=("pokerstars",)))
        mine = [h for h in hands if h.game is game]
        for street in (3, 4, 5, 6, 7):
            done: Counter[str] = Counter()
            chances: Counter[str] = Counter()
            for h in mine:
                names = {s.seat: s.player for s in h.seats}
                dealt = {e.seat for e in h.events if isinstance(e, Deal)}
                later = street in RULES[game].later_streets  # the game plays it after its first
                for seat in dealt:
                    chances[names[seat]] += later
                    done[names[seat]] += later and any(
                        isinstance(e, Deal) and e.seat == seat and e.street == street for e in h.events
                    )
            for player in chances:
                assert _one(frame, player, f"saw_{street}") == (done[player], chances[player]), (game, street)


def test_labels_name_the_streets_of_the_games_in_the_table(db: tuple[Store, list[Hand]]) -> None:
    store, _ = db
    labels = {
        games: dict(zip(frame["stat"], frame["label"]))
        for games in (("stud5",), ("razz27",), ("stud5", "razz27"))
        for frame in [stat_table(store.con, Filters(games=games))]
    }
    assert labels["stud5",]["raise_3rd"] == "2nd raise" and labels["stud5",]["won_saw_4th"] == "Won saw 3rd"
    assert labels["razz27",]["raise_3rd"] == "3rd raise" and labels["razz27",]["reraise_3rd"] == "3rd re-raise"
    assert labels["stud5", "razz27"]["raise_3rd"] == "3rd/2nd raise"
    assert street_words("{first} street, saw {second}", ["stud5"]) == "2nd street, saw 3rd"


def _cli(store: Store, *args: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "160")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stats", "--db", store.path, *args]) == 0
    return out.getvalue()


def test_game_filters_and_the_five_card_stud_card_as_a_user_sees_them(
    db: tuple[Store, list[Hand]], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, hands = db
    table = _cli(store, "--game", "stud5", "--min-hands", "1", monkeypatch=monkeypatch)
    assert "2nd raise" in table and "3rd raise" not in table
    assert "3rd raise" in _cli(store, "--game", "razz27", "--min-hands", "1", monkeypatch=monkeypatch)
    regular = Counter(s.player for h in hands if h.game is Game.STUD5 for s in h.seats).most_common(1)[0][0]
    card = _cli(store, "--game", "stud5", "--player", regular, monkeypatch=monkeypatch)
    assert "\n2nd street\n" in card and "\n3rd street\n" not in card
    assert "2nd raise" in card and "2nd re-raise" in card and "Won saw 3rd" in card
    grid = card[card.index("Later streets") : card.index("Showdown")]
    header = grid.splitlines()[1].split()
    assert header[-3:] == ["3rd", "4th", "5th"] and "6th" not in grid and "7th" not in grid


def test_a_razz27_card_keeps_the_seven_card_streets(
    db: tuple[Store, list[Hand]], monkeypatch: pytest.MonkeyPatch
) -> None:
    store, hands = db
    regular = Counter(s.player for h in hands if h.game is Game.RAZZ27 for s in h.seats).most_common(1)[0][0]
    card = _cli(store, "--game", "razz27", "--player", regular, monkeypatch=monkeypatch)
    grid = card[card.index("Later streets") : card.index("Showdown")]
    assert "\n3rd street\n" in card and grid.splitlines()[1].split()[-4:] == ["4th", "5th", "6th", "7th"]
