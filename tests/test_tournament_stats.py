"""Tournament stats of a hand-built set of tournaments against the same figures worked out by hand, the
units kept apart, and the rows' Arrow schema written to DuckDB as the table the store will create."""

from __future__ import annotations

import math
from datetime import datetime, timezone

import duckdb
import pytest

from studbook.analytics.tournaments import TOURNAMENTS, tournament_batch, tournament_frame, tournament_stats
from studbook.parsers.tournaments import PlayerResult, Said, Source, TournamentResult

SAID = Said(Source.SUMMARY, "s.txt", 1)


def _t(
    tid: str, unit: str | None, buy_in: int, fee: int, *players: PlayerResult, game: str = "razz", **kw: object
) -> TournamentResult:
    return TournamentResult(
        "pokerstars",
        tid,
        SAID,
        game=game,
        currency=unit,
        play_money=unit is None,
        buy_in=buy_in,
        fee=fee,
        players=players,
        said=(("buy_in", SAID), ("fee", SAID)),
        started_at=datetime(2014, 1, int(tid) % 28 + 1, tzinfo=timezone.utc),
        **kw,  # type: ignore[arg-type]
    )


def _p(finish: int | None, prize: int | None, name: str = "ann", **kw: int) -> PlayerResult:
    return PlayerResult(name, finish=finish, prize=prize, said=(("finish", SAID),), **kw)  # type: ignore[arg-type]


RESULTS = [
    _t("1", "USD", 1000, 100, _p(1, 4000), _p(2, 0, "bob")),
    _t("2", "USD", 1000, 100, _p(5, 0), _p(1, 5000, "bob")),
    _t("3", "USD", 500, 50, _p(2, 1000)),
    _t("4", "USD", 1000, 100, _p(3, 1500, rebuys=2, rebuy_cost=2200, bounties=1, bounty_prize=500), game="stud8"),
    _t("5", "USD", 1000, 100, _p(None, None)),  # still running: not counted
    _t("6", None, 100, 9, _p(1, 200), mixed="8-Game", game=None),  # play money: its own row
    _t("7", "EUR", 200, 20, _p(4, 0)),
]


def test_roi_and_itm_equal_the_hand_computation() -> None:
    stats = tournament_stats(tournament_frame(RESULTS), player="ann")
    assert list(stats["unit"]) == ["EUR", "USD", "play"]
    usd = stats[stats["unit"] == "USD"].iloc[0]

    # By hand, the four finished dollar tournaments (in cents):
    #   cost  = 1100 + 1100 + 550 + (1100 + 2200)          = 6050
    #   won   = 4000 +    0 + 1000 + (1500 + 500 bounty)   = 7000
    #   profit per tournament: 2900, -1100, 450, -1300;   total 950
    #   ROI   = 950 / 6050 = 15.7025%; ITM = 3 cashes / 4 = 75%; average finish (1+5+2+3)/4 = 2.75
    #   residuals p - ROI*c: 2900-0.157025*1100, -1100-0.157025*1100, 450-0.157025*550, -1300-0.157025*3300
    roi = 950 / 6050
    residuals = [2900 - roi * 1100, -1100 - roi * 1100, 450 - roi * 550, -1300 - roi * 3300]
    se = math.sqrt(sum(r * r for r in residuals) / (4 * 3)) / (6050 / 4)
    assert (usd["tournaments"], usd["cashes"], usd["priced"]) == (4, 3, 4)
    assert usd["itm_pct"] == pytest.approx(75.0)
    assert (usd["cost"], usd["won"], usd["profit"], usd["biggest_cash"]) == (6050, 7000, 950, 4000)
    assert usd["roi_pct"] == pytest.approx(15.702479, abs=1e-6)
    # the normal interval reaches below -100%, which no entry can lose: it stops there
    assert roi - 1.959964 * se < -1 and usd["roi_low_pct"] == -100.0
    assert usd["roi_high_pct"] == pytest.approx(100 * (roi + 1.959964 * se), abs=1e-4)
    assert usd["avg_finish"] == pytest.approx(2.75)

    play = stats[stats["unit"] == "play"].iloc[0]
    assert (play["tournaments"], play["cost"], play["won"], play["profit"]) == (1, 109, 200, 91)
    assert play["roi_pct"] == pytest.approx(100 * 91 / 109) and math.isnan(play["roi_low_pct"])
    eur = stats[stats["unit"] == "EUR"].iloc[0]
    assert (eur["cashes"], eur["itm_pct"], eur["profit"], eur["roi_pct"]) == (0, 0.0, -220, -100.0)


def test_units_are_never_added_together() -> None:
    stats = tournament_stats(tournament_frame(RESULTS))
    assert set(zip(stats["player"], stats["unit"])) == {("ann", "USD"), ("ann", "EUR"), ("ann", "play"), ("bob", "USD")}
    bob = stats[stats["player"] == "bob"].iloc[0]
    assert (bob["tournaments"], bob["profit"], bob["roi_pct"]) == (2, 5000 - 2200, pytest.approx(100 * 2800 / 2200))


def test_breakdowns_by_game_buy_in_site_and_mixed() -> None:
    frame = tournament_frame(RESULTS)
    by_game = tournament_stats(frame, by=("game",), player="ann")
    assert list(zip(by_game["unit"], by_game["game"], by_game["tournaments"])) == [
        ("EUR", "razz", 1),
        ("USD", "razz", 3),
        ("USD", "stud8", 1),
        ("play", "8-Game", 1),
    ]
    by_buy_in = tournament_stats(frame, by=("buy_in",), player="ann")
    assert list(zip(by_buy_in["buy_in"], by_buy_in["tournaments"])) == [
        ("€2+€0.20", 1),
        ("$10+$1", 3),
        ("$5+$0.50", 1),
        ("100+9", 1),
    ]
    by_mixed = tournament_stats(frame, by=("mixed", "site"), player="ann")
    assert set(zip(by_mixed["unit"], by_mixed["mixed"], by_mixed["site"])) == {
        ("EUR", "single game", "pokerstars"),
        ("USD", "single game", "pokerstars"),
        ("play", "8-Game", "pokerstars"),
    }
    with pytest.raises(ValueError, match="choose from"):
        tournament_stats(frame, by=("weather",))


def test_unknown_buy_in_counts_for_itm_not_for_roi() -> None:
    t = TournamentResult("bovada", "9", Said(Source.HAND, "h", 3), currency="USD", players=(_p(9, 0),))
    stats = tournament_stats(tournament_frame([t, *RESULTS[:1]]), player="ann")
    row = stats.iloc[0]
    assert (row["tournaments"], row["priced"], row["cost"], row["profit"]) == (2, 1, 1100, 2900)


def test_rows_go_into_duckdb_with_the_table_schema() -> None:
    con = duckdb.connect()
    con.execute(TOURNAMENTS.ddl())
    batch = tournament_batch(RESULTS)
    con.register("incoming", batch)
    con.execute("INSERT INTO tournaments SELECT * FROM incoming")
    got = con.execute(
        "SELECT tournament_id, player, unit, buy_in, prize, sources[1].source, sources[1].line "
        "FROM tournaments WHERE tournament_id = '4'"
    ).fetchall()
    assert got == [("4", "ann", "USD", 1000, 1500, "summary", 1)]
    assert con.execute("SELECT count(*) FROM tournaments").fetchone() == (len(batch),)
