"""Win rates: exact net and rake sums, BB/100 and its standard error against a plain recomputation,
sessions cut by the gap parameter, hours and hands per hour from the time stamps."""

from __future__ import annotations

import math
import statistics
from dataclasses import replace
from fractions import Fraction
from datetime import timedelta
from pathlib import Path
from typing import Iterator

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handbuilder import build
from stored_hands import ANN_WINS_RAKED, store_hands, timed
from studbook.analytics.store import Store
from studbook.engine.model import Hand, Tournament
from studbook.analytics.stats import Filters
from studbook.analytics.winrate import Z95, money, sessions, winrates


def bob_steals(small_bet: int, bring_in: int) -> Hand:
    """Ann (aces) brings in, Bob completes, Ann folds: Bob wins the antes and her bring-in (1 ante each)."""
    return build(f"""
    stud {small_bet}/{2 * small_bet} ante 1 bring-in {bring_in}
    seat 1 Ann 1000
    seat 2 Bob 1000
    antes
    3rd 1:Ah Ad 2c 2:9c 3d 9h
    1 bring-in {bring_in}
    2 complete {small_bet}
    1 fold
    uncalled 2 {small_bet - bring_in}
    collect 2 {2 + 2 * bring_in}
""")


BOB_STEALS = bob_steals(4, 2)
"""Ann -3, Bob +3 (in cents; big bet 8)."""


MINUTES = (0, 10, 20, 65, 70)
"""Two sessions with a 30-minute gap (20 + 5 minutes long), one with a 60-minute gap (70 minutes)."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    hands = [timed(BOB_STEALS if i % 2 == 0 else ANN_WINS_RAKED, i, m) for i, m in enumerate(MINUTES)]
    with store_hands(tmp_path / "w.duckdb", hands) as s:
        yield s


def test_net_rake_and_bb100(store: Store) -> None:
    table = winrates(store.con).set_index("player")
    # hands 0, 2, 4 are Bob's steals (Ann -3, Bob +3); hands 1, 3 Ann's raked razz wins (Ann +4, Bob -5)
    per_hand = {"Ann": [-3, 4, -3, 4, -3], "Bob": [3, -5, 3, -5, 3]}
    for player, nets in per_hand.items():
        row = table.loc[player]
        assert row["net"] == sum(nets) and row["hands"] == 5 and row["currency"] == "USD"
        assert row["bb100"] == pytest.approx(100 * sum(n / 8 for n in nets) / 5)
        se = 100 * statistics.stdev(n / 8 for n in nets) / 5**0.5
        assert row["se_bb100"] == pytest.approx(se)
        assert row["ci95_low"] == pytest.approx(row["bb100"] - Z95 * se)
    assert (table.loc["Ann", "rake_paid"], table.loc["Bob", "rake_paid"]) == (2, 0)
    assert str(table["net"].dtype) == "int64", "money stays exact"


@pytest.mark.parametrize("gap, count, hours", [(30, 2, 25 / 60), (60, 1, 70 / 60), (5, 4, 5 / 60), (4, 5, 0.0)])
def test_sessions_follow_the_gap(store: Store, gap: int, count: int, hours: float) -> None:
    table = winrates(store.con, session_gap=timedelta(minutes=gap)).set_index("player")
    for player in ("Ann", "Bob"):
        assert table.loc[player, "sessions"] == count
        assert table.loc[player, "hours"] == pytest.approx(hours)
        if hours:
            assert table.loc[player, "hands_per_hour"] == pytest.approx(5 / hours)
            assert table.loc[player, "net_per_hour"] == pytest.approx(table.loc[player, "net"] / hours)
    listing = sessions(store.con, Filters(players=("Ann",)), timedelta(minutes=gap))
    assert list(listing["session"]) == list(range(1, count + 1))
    assert listing["hands"].sum() == 5 and listing["net"].sum() == -1


def test_breakdown_by_game_splits_money_and_time(store: Store) -> None:
    table = winrates(store.con, Filters(players=("Ann",)), by=("game",)).set_index("game")
    assert (table.loc["stud", "net"], table.loc["razz", "net"]) == (-9, 8)
    assert table["hours"].sum() == pytest.approx(25 / 60)
    assert table.loc["razz", "rake_paid"] == 2


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(
    st.lists(st.sampled_from([0, 1]), min_size=1, max_size=12), st.lists(st.integers(0, 90), min_size=12, max_size=12)
)
def test_money_sums_are_exact_for_any_mix(
    tmp_path_factory: pytest.TempPathFactory, kinds: list[int], gaps: list[int]
) -> None:
    hands, minutes = [], 0
    for i, kind in enumerate(kinds):
        minutes += gaps[i]
        hands.append(timed((BOB_STEALS, ANN_WINS_RAKED)[kind], i, minutes))
    with store_hands(tmp_path_factory.mktemp("w") / "w.duckdb", hands) as s:
        table = winrates(s.con).set_index("player")
        assert table["net"].sum() == -sum(kinds), "the players lose exactly the rake"
        assert table["rake_paid"].sum() == sum(kinds)
        assert table.loc["Ann", "net"] == sum((-3, 4)[k] for k in kinds)
        breaks = sum(1 for g in gaps[1 : len(kinds)] if g > 30)
        assert table.loc["Ann", "sessions"] == breaks + 1


def test_a_tournaments_levels_are_one_stakes_group_counted_in_each_hands_big_bets(tmp_path: Path) -> None:
    """BB/100 by stakes: cash hands per limit, a tournament's rising levels as one group whose BB/100
    still measures each hand in its own level's big bet."""
    from studbook.engine.model import Tournament

    level_1 = replace(timed(BOB_STEALS, 10, 0), currency=None, tournament=Tournament("77"))
    doubled = build("""
        stud 8/16 ante 2 bring-in 4
        seat 1 Ann 1000
        seat 2 Bob 1000
        antes
        3rd 1:Ah Ad 2c 2:9c 3d 9h
        1 bring-in 4
        2 complete 8
        1 fold
        uncalled 2 4
        collect 2 12
    """)
    level_2 = replace(timed(doubled, 11, 5), currency=None, tournament=Tournament("77"))  # Bob +6 of 16
    with store_hands(tmp_path / "t.duckdb", [timed(BOB_STEALS, 1, 0), level_1, level_2]) as s:
        table = winrates(s.con, Filters(players=("Bob",)), by=("stakes",)).set_index("stakes")
    assert sorted(table.index) == ["$0.04/$0.08", "tournament"]
    assert table.loc["tournament", "hands"] == 2 and table.loc["tournament", "net"] == 9
    assert table.loc["tournament", "bb100"] == pytest.approx(100 * (3 / 8 + 6 / 16) / 2)


BOB_STEALS_THIRDS = bob_steals(3, 1)
"""Ann -2, Bob +2 (in cents) of a big bet of 6: a third of a big bet, which no float holds exactly."""


def test_winrate_and_headline_table_give_the_same_bb100(tmp_path: Path) -> None:
    """``--winrate`` and the ``stats`` table show one BB/100: ``winrates`` takes net big bets from the
    same exact sum as ``money`` (per big bet in integers, divided as fractions, rounded once), not a sum
    of per-hand floats, which drifts from it in the last digits over hands whose big bet does not
    divide their net."""
    kinds = [i % 3 == 2 for i in range(30)]  # two 3/6 steals (thirds of a big bet), then a razz 4/8 hand
    hands = [timed(ANN_WINS_RAKED if razz else BOB_STEALS_THIRDS, i, i) for i, razz in enumerate(kinds)]
    exact = {
        "Ann": sum((Fraction(4, 8) if razz else Fraction(-2, 6) for razz in kinds), Fraction(0)),
        "Bob": sum((Fraction(-5, 8) if razz else Fraction(2, 6) for razz in kinds), Fraction(0)),
    }
    per_hand = {
        "Ann": [4 / 8 if razz else -2 / 6 for razz in kinds],
        "Bob": [-5 / 8 if razz else 2 / 6 for razz in kinds],
    }
    drifted = [p for p, nets in per_hand.items() if sum(nets) != float(exact[p])]
    assert drifted, "the hands must be ones where summing per-hand floats misses the exact sum"
    with store_hands(tmp_path / "e.duckdb", hands) as s:
        rates = winrates(s.con).set_index("player")
        table = money(s.con).set_index("player")
    for player, net_bb in exact.items():
        assert rates.loc[player, "net_bb"] == float(net_bb) == table.loc[player, "net_bb"], player
        assert rates.loc[player, "bb100"] == table.loc[player, "bb100"] == 100 * float(net_bb) / 30, player


def test_win_rates_of_tournament_hands_only(tmp_path: Path) -> None:
    """No currency at all (every hand a tournament's): the group column is all NULL, which DuckDB hands
    to pandas as objects in one frame and as floats in the other; the net big bets still find their group."""
    from studbook.engine.model import Tournament

    hands = [replace(timed(BOB_STEALS_THIRDS, i, i), currency=None, tournament=Tournament("78")) for i in range(3)]
    with store_hands(tmp_path / "t.duckdb", hands) as s:
        rates = winrates(s.con).set_index("player")
        table = money(s.con).set_index("player")
    assert rates.loc["Bob", "net_bb"] == table.loc["Bob", "net_bb"] == 1.0
    assert rates.loc["Ann", "bb100"] == table.loc["Ann", "bb100"] == -100 / 3


def _thirds_and_eighths(count: int) -> tuple[list[Hand], dict[str, list[Fraction]]]:
    """``count`` hands a minute apart (one session): 3/6 steals (thirds of a big bet) and razz 4/8 wins,
    in an irregular order, with each player's exact per-hand results in big bets."""
    hands, results = [], {"Ann": [], "Bob": []}
    for i in range(count):
        razz = i % 3 == 2 or i % 7 == 0
        hands.append(timed(ANN_WINS_RAKED if razz else BOB_STEALS_THIRDS, i, i))
        results["Ann"].append(Fraction(4, 8) if razz else Fraction(-2, 6))
        results["Bob"].append(Fraction(-5, 8) if razz else Fraction(2, 6))
    return hands, results


def test_winrates_and_money_agree_in_every_breakdown(tmp_path: Path) -> None:
    """``winrates`` and ``money`` are one sum: the same hands, net, rake, net big bets (exact, rounded
    once), counted hands and BB/100 in each group of every breakdown, and a spread that is the exact
    sample deviation of the per-hand results."""
    hands, results = _thirds_and_eighths(45)
    drifted = [p for p, nets in results.items() if sum(float(n) for n in nets) != float(sum(nets, Fraction(0)))]
    assert drifted, "hands where a sum of per-hand floats would tell the two apart"
    tournament = [
        replace(timed(BOB_STEALS_THIRDS, 100 + i, 100 + i), currency=None, tournament=Tournament("79"))
        for i in range(4)
    ]
    columns = ["hands", "net", "rake_paid", "net_bb", "bb_hands", "bb_inferred", "bb100"]
    with store_hands(tmp_path / "d.duckdb", hands + tournament) as s:
        for by in [("player",), ("stakes",), ("game",), ("player", "stakes"), ("player", "game", "currency")]:
            rates, table = winrates(s.con, by=by), money(s.con, by=by)
            assert len(rates) == len(table) > 0, by
            pd.testing.assert_frame_equal(rates[columns], table[columns], check_exact=True, obj=str(by))
        rates = winrates(s.con, Filters(players=("Ann", "Bob")), by=("player", "currency")).set_index("player")
    for player, nets in results.items():
        row = rates[rates["currency"] == "USD"].loc[player]
        assert row["net_bb"] == float(sum(nets, Fraction(0))), player
        assert row["sd_bb"] == pytest.approx(math.sqrt(statistics.variance(nets)), rel=1e-15), player


def test_session_net_bb_is_the_exact_sum(tmp_path: Path) -> None:
    """A session's net big bets are the exact sum, as ``winrates``' are: over hands whose big bet does
    not divide their nets, the sum of per-hand floats misses it in the last digit."""
    hands, results = _thirds_and_eighths(30)
    exact = {p: float(sum(nets, Fraction(0))) for p, nets in results.items()}
    assert any(sum(float(n) for n in nets) != exact[p] for p, nets in results.items()), "hands that drift"
    with store_hands(tmp_path / "s.duckdb", hands) as s:
        listing = sessions(s.con).set_index("player")
        rates = winrates(s.con).set_index("player")
    for player, net_bb in exact.items():
        assert listing.loc[player, "hands"] == 30 and listing.loc[player, "session"] == 1, player
        assert listing.loc[player, "net_bb"] == net_bb == rates.loc[player, "net_bb"], player
