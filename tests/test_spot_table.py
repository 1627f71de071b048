"""The spots table and its heat map over spot rows made by hand (the counts, shares and intervals worked out
here), and over the rows of simulated hands (every spot counted once, the money adding up)."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd
import pytest

from studbook.analytics.spot_table import SPOT_KEYS, TABLE_COLUMNS, NoSpots, spot_table
from studbook.analytics.spots import spot_rows
from studbook.analytics.spots_chart import spots_heatmap, spots_heatmap_data
from studbook.analytics.winrate import Z95
from studbook.engine.model import Game
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers.registry import get_profile, profile_for


def row(
    player: str, hand: str, live: str, faced: str, taken: str | None, net: float | None, ev: float | None = None
) -> dict:
    return {
        "player": player,
        "game": "stud",
        "start_class": hand,
        "liveness": live,
        "faced": faced,
        "taken": taken,
        "net_bb": net,
        "allin_ev_bb": ev,
    }


ROWS = pd.DataFrame(
    [
        row("Ann", "split pair T-K", "live", "completed", "call", -2.0),
        row("Ann", "split pair T-K", "live", "completed", "call", -1.0),
        row("Ann", "split pair T-K", "live", "completed", "fold", -0.5),
        row("Ann", "split pair T-K", "dead", "completed", "raise", 3.0, 1.0),
        row("Ann", "three-flush", "live", "bring-in only", "complete", 1.5),
        row("Ann", "three-flush", "live", "bring-in only", "complete", 0.5),
        row("Ann", "three-flush", "live", "bring-in only", None, 0.0),  # no decision: no spot
        row("Bob", "split pair T-K", "live", "completed", "fold", -0.5),
        row("Bob", "split pair T-K", "live", "completed", "raise", 4.0),
        row("Bob", "nothing", "live", "completed", "fold", -0.125),
    ]
)


def test_the_table_counts_each_spot_and_sorts_by_cost() -> None:
    table = spot_table(ROWS, "Ann")
    assert list(table.columns) == list(TABLE_COLUMNS)
    assert [tuple(r) for r in table[list(SPOT_KEYS)].itertuples(index=False)] == [
        ("stud", "split pair T-K", "live", "completed"),  # -3.5 in all: his costliest spot first
        ("stud", "three-flush", "live", "bring-in only"),  # +2.0
        ("stud", "split pair T-K", "dead", "completed"),  # +3.0
    ]
    first = table.iloc[0]
    assert first["hands"] == 3
    assert (first["fold"], first["call"], first["complete"], first["raise"]) == pytest.approx((1 / 3, 2 / 3, 0, 0))
    assert first["pool_hands"] == 5  # Ann's three and Bob's two in the same spot
    assert (first["pool_fold"], first["pool_call"], first["pool_raise"]) == pytest.approx((2 / 5, 2 / 5, 1 / 5))
    results = np.array([-2.0, -1.0, -0.5])
    half_width = Z95 * results.std(ddof=1) / math.sqrt(3)
    assert first["bb_per_hand"] == pytest.approx(results.mean())
    assert (first["bb_low"], first["bb_high"]) == pytest.approx(
        (results.mean() - half_width, results.mean() + half_width)
    )
    assert first["bb_total"] == pytest.approx(-3.5)
    flush = table.iloc[1]
    assert flush["hands"] == 2 and flush["complete"] == 1.0  # the row without a decision is left out
    dead = table.iloc[2]
    assert dead["hands"] == 1 and math.isnan(dead["bb_low"])  # one hand: no interval
    assert dead["ev_bb_per_hand"] == pytest.approx(1.0)  # the all-in EV stands for the result


def test_coarser_keys_group_more() -> None:
    table = spot_table(ROWS, "Ann", keys=("start_class",))
    assert dict(zip(table["start_class"], table["hands"])) == {"split pair T-K": 4, "three-flush": 2}


def test_a_player_without_spots_is_told_who_has() -> None:
    with pytest.raises(NoSpots, match="'Cy'.*Ann"):
        spot_table(ROWS, "Cy")


def test_heatmap_data_is_classes_by_grades() -> None:
    per_hand, hands = spots_heatmap_data(ROWS, "Ann")
    assert list(per_hand.columns) == ["live", "dead"]
    assert list(per_hand.index) == ["three-flush", "split pair T-K"]  # best result over all grades first
    assert hands.loc["split pair T-K", "live"] == 3 and hands.loc["three-flush", "dead"] == 0
    assert per_hand.loc["split pair T-K", "dead"] == pytest.approx(3.0)
    assert math.isnan(per_hand.loc["three-flush", "dead"])
    only, _ = spots_heatmap_data(ROWS, "Ann", faced="bring-in only")
    assert list(only.index) == ["three-flush"]
    with pytest.raises(NoSpots, match="facing 're-raised'"):
        spots_heatmap_data(ROWS, "Ann", faced="re-raised")


def test_heatmap_draws_every_cell_with_its_count() -> None:
    ax = spots_heatmap(ROWS, "Ann")
    texts = sorted(t.get_text() for t in ax.texts)
    assert texts == sorted(["-1.17\n3 hands", "+3.00\n1 hand", "+1.00\n2 hands"])
    assert "Ann" in ax.get_title() and "6 hands" in ax.get_title()
    assert [t.get_text() for t in ax.get_yticklabels()] == ["three-flush", "split pair T-K"]
    matplotlib.pyplot.close(ax.figure)


@pytest.fixture(scope="module")
def simulated() -> pd.DataFrame:
    spec = TableSpec(games=(Game.STUD, Game.RAZZ, Game.STUD8), players=(2, 8), profile=get_profile("pokerstars"))
    pairs = [(hand, replay(hand, profile_for(hand))) for hand in simulate(spec, 400, seed=36)]
    return pd.DataFrame(spot_rows(pairs))


def test_simulated_spots_add_up(simulated: pd.DataFrame) -> None:
    """Every decided spot of the hero is in exactly one row of his table, and the money adds up."""
    hero = simulated["player"].value_counts().index[0]
    mine = simulated[(simulated["player"] == hero) & simulated["taken"].notna()]
    table = spot_table(simulated, hero)
    assert table["hands"].sum() == len(mine)
    assert table["bb_total"].sum() == pytest.approx(mine["net_bb"].sum())
    shares = table[["fold", "call", "complete", "raise"]].sum(axis=1)
    assert np.allclose(shares, 1.0)
    assert (table["pool_hands"] >= table["hands"]).all()
    assert table["bb_total"].is_monotonic_increasing
    ax = spots_heatmap(simulated, hero)
    assert "game" not in ax.get_title() and any(": " in t.get_text() for t in ax.get_yticklabels())
    matplotlib.pyplot.close(ax.figure)
