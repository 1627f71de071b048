"""Tournament results through the import: the corpus's summaries joined to their hands, whichever file
comes first; importing twice (or an overlapping copy) changes nothing; two sources that disagree are
a reported conflict; an interrupted import leaves no result of the file behind."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from studbook import api
from studbook.analytics import tournament_store as store_module
from studbook.parsers.tournament_sites import read_summary_file
from studbook.parsers.tournaments import TournamentResult

from conftest import corpus_path
from samples import stars_tournament_hand


HANDS = (
    stars_tournament_hand(1, "Ann re-buys and receives 1500 chips for $10.00\n", minute=1)
    + "\n"
    + stars_tournament_hand(
        2,
        "Bob finished the tournament in 2nd place and received $7.00.\n"
        "Ann wins the tournament and receives $13.00 - congratulations!\n",
        minute=2,
    )
    + "\n"
)

SUMMARY = """PokerStars Tournament #555, Limit Razz
Buy-In: $10.00/$1.00 USD
2 players
Total Prize Pool: $20.00 USD
Tournament started 2014/01/01 12:00:00 ET
Tournament finished 2014/01/01 12:30:00 ET

  1: Ann (Canada), $13.00 (65%)
  2: Bob (Germany), $7.00 (35%)

You finished in 1st place.
"""


def _tournaments(db: api.Database) -> list[tuple[object, ...]]:
    return [
        (*(None if pd.isna(v) else v for v in r[:-1]), tuple(r[-1]))
        for r in db.sql(
            "SELECT player, hero, unit, buy_in, fee, entrants, prize_pool, finish, prize, rebuys, rebuy_cost, hands, "
            "list_sort(list_transform(sources, lambda s: s.field || ' ' || s.source)) "
            "FROM tournaments ORDER BY player"
        ).itertuples(index=False)
    ]


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_summary_and_hands_join_whichever_comes_first(tmp_path: Path) -> None:
    hands = _write(tmp_path, "hands.txt", HANDS)
    summary = _write(tmp_path, "summary.txt", SUMMARY)
    told = []
    for order in ((hands, summary), (summary, hands)):
        with api.open_database(tmp_path / f"{order[0].stem}-first.duckdb") as db:
            for path in order:
                got = db.import_files([path])
                assert got.tournaments == 1 and not got.problems, got.problems
            told.append(_tournaments(db))
    assert told[0] == told[1]
    ann, bob = told[0]
    # the summary's finish and prize, the hands' re-buy, the header's and the summary's buy-in: all agree
    assert ann[:12] == ("Ann", True, "USD", 1000, 100, 2, 2000, 1, 1300, 1, 1000, 2)
    assert bob[:12] == ("Bob", False, "USD", 1000, 100, 2, 2000, 2, 700, None, None, 2)
    assert {"finish summary", "rebuys hand", "buy_in summary", "entrants summary"} <= set(ann[12])


def test_importing_twice_or_an_overlapping_copy_changes_nothing(tmp_path: Path) -> None:
    hands = _write(tmp_path, "hands.txt", HANDS)
    summary = _write(tmp_path, "summary.txt", SUMMARY)
    with api.open_database(tmp_path / "t.duckdb") as db:
        db.import_files([hands, summary])
        before, counts = _tournaments(db), db._store.table_counts()
        assert db.import_files([hands, summary]).files_already_imported == 2
        assert (_tournaments(db), db._store.table_counts()) == (before, counts)
        # the same hands and summary again in other files (other bytes): the re-buy is not counted twice
        copies = tmp_path / "copies"
        copies.mkdir()
        _write(copies, "hands.txt", "\n" + HANDS)
        _write(copies, "summary.txt", SUMMARY + "\n")
        got = db.import_files([copies])
        assert (got.files_imported, got.hands, got.duplicates, got.problems) == (2, 0, 2, [])
        after = _tournaments(db)
    assert [row[:12] for row in after] == [row[:12] for row in before]


@pytest.mark.parametrize("summary_first", [True, False])
def test_sources_that_disagree_are_reported_as_conflicts(tmp_path: Path, summary_first: bool) -> None:
    hands = _write(tmp_path, "hands.txt", HANDS)
    summary = _write(tmp_path, "summary.txt", SUMMARY.replace("$7.00 (35%)", "$8.00 (35%)"))
    with api.open_database(tmp_path / "t.duckdb") as db:
        first, second = (summary, hands) if summary_first else (hands, summary)
        assert db.import_files([first]).problems == []
        got = db.import_files([second])
        (conflict,) = [p for p in got.reports if p.rule == "tournament-conflict"]
        assert conflict.file == str(second.resolve())
        assert conflict.line == (35 if summary_first else 9)  # Bob's result line in the hands, his line in the summary
        assert "tournament 555: prize of Bob disagrees: 800 (summary" in conflict.message
        assert "700 (hand" in conflict.message
        recorded = db.sql("SELECT file, line, message FROM parse_errors").itertuples(index=False)
        assert [tuple(r) for r in recorded] == [(conflict.file, conflict.line, conflict.message)]
        bob = db.sql("SELECT prize FROM tournaments WHERE player = 'Bob'")
        assert list(bob["prize"]) == [800]  # the summary's, as the merge ranks sources; the other is reported


def test_an_interrupted_import_leaves_no_result_of_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = _write(tmp_path, "hands.txt", HANDS)
    real = store_module.store_tournaments

    def interrupted(*args: object, **kw: object) -> object:
        real(*args, **kw)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(store_module, "store_tournaments", interrupted)
    with api.open_database(tmp_path / "t.duckdb") as db:
        with pytest.raises(KeyboardInterrupt):
            db.import_files([hands])
        counts = db._store.table_counts()
        assert (counts["hands"], counts["tournaments"], counts["tournament_sources"], counts["imports"]) == (0, 0, 0, 0)
        monkeypatch.setattr(store_module, "store_tournaments", real)
        assert db.import_files([hands]).tournaments == 1
        assert db._store.table_counts()["tournament_sources"] == 4  # the header, Ann's re-buy, Bob's and Ann's results


def test_corpus_summaries_are_imported_and_joined_to_their_hands(tmp_path: Path) -> None:
    stars = corpus_path("fpdb", "Stars")
    ftp = corpus_path("fpdb", "FTP")
    summaries = sorted(p for folder in (stars, ftp) for p in (folder / "summaries").glob("*.txt"))
    assert len(summaries) == 3  # the fourth, an Excel history, is not a text file a folder import picks up
    with api.open_database(tmp_path / "t.duckdb") as db:
        got = db.import_files([stars, ftp])
        assert not [p for p in got.reports if p.rule == "tournament-conflict"]
        rows = db.sql("SELECT site, tournament_id, player, finish, prize, hands FROM tournaments")
        stored = {(r.site, r.tournament_id, r.player): r for r in rows.itertuples(index=False)}
        for path in summaries:
            (told,) = read_summary_file(str(path)) or []
            assert isinstance(told, TournamentResult)
            for p in told.players:
                row = stored[(told.site, told.tournament_id, p.player)]
                assert (_na(row.finish), _na(row.prize)) == (p.finish, p.prize), (path.name, p.player)
        # the two tournaments the corpus has hands of too: the file owner's hands are joined to his result
        joined = {(s, t): n for (s, t, p), r in stored.items() if (n := r.hands) and p == "Hero"}
        assert joined == {("pokerstars", "743144019"): 53, ("fulltilt", "251332389"): 1}


def _na(value: object) -> int | None:
    return None if pd.isna(value) else int(value)  # type: ignore[call-overload]
