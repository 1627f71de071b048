"""The spots heat map: a player's 3rd-street results by starting hand (rows) and liveness (columns).

Why a heat map: the question is "which hands do I lose with, and does it get worse when they are dead".
Colour is net big bets per hand (red lost, green won, white even, the scale symmetric about zero so equal
colours are equal amounts either way); each cell prints the amount and its number of hands, since a dark
cell of four hands is noise and the reader must see that at a glance. Rows are ordered by the player's
result over all liveness grades, best at the top, so the map reads as a ranking of his starting hands.

As in :mod:`.charts`, two steps: :func:`spots_heatmap_data` gives the numbers as DataFrames, and
:func:`spots_heatmap` draws them on a matplotlib ``Axes`` and returns it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .charts import figure_axes, literal_text
from .liveness import GRADES
from .spot_table import NoSpots, stored_spots
from .stats import Filters

if TYPE_CHECKING:
    import duckdb
    from matplotlib.axes import Axes

FEW_HANDS = 10
"""Below this many hands a cell is drawn paler and does not set the colour scale."""

ROW_MIN_HANDS = 5
"""A starting hand the player had fewer times than this (all grades together) is left off the map (the
chart says how many were), unless no row has more."""

LINEAR_BB = 0.25
"""Big bets per hand within which the colour scale is linear (logarithmic beyond)."""


def spots_heatmap_data(rows: pd.DataFrame, player: str, faced: str | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The player's net big bets per hand and his number of hands, each as a DataFrame of starting-hand
    classes (rows, best result first) by liveness grades (columns, live to dead), from spot ``rows``
    (:func:`studbook.analytics.spots.spot_rows`); only the spots that faced ``faced`` when given. A class
    is prefixed by its game when the rows hold several. NoSpots when nothing is left."""
    mine = rows[(rows["player"] == player) & rows["taken"].notna() & rows["net_bb"].notna()]
    if faced is not None:
        mine = mine[mine["faced"] == faced]
    if mine.empty:
        what = f" facing {faced!r}" if faced is not None else ""
        raise NoSpots(f"no 3rd-street spots{what} with a result in big bets for player {player!r}")
    label = mine["start_class"]
    if mine["game"].nunique() > 1:
        label = mine["game"] + ": " + label
    mine = mine.assign(row=label)
    grades = [g for g in GRADES if g in set(mine["liveness"])]
    per_hand = mine.pivot_table(index="row", columns="liveness", values="net_bb", aggfunc="mean")
    hands = mine.pivot_table(index="row", columns="liveness", values="net_bb", aggfunc="count")
    order = mine.groupby("row")["net_bb"].mean().sort_values(ascending=False).index
    per_hand = per_hand.reindex(index=order, columns=grades)
    hands = hands.reindex(index=order, columns=grades).fillna(0).astype(int)
    per_hand.index.name = hands.index.name = "start_class"
    per_hand.columns.name = hands.columns.name = "liveness"
    return per_hand, hands


def spots_heatmap(
    rows: pd.DataFrame, player: str, faced: str | None = None, ax: Axes | None = None, limit: float | None = None
) -> Axes:
    """Draw :func:`spots_heatmap_data` (see the module docstring). ``limit`` fixes the colour scale at
    ±limit big bets per hand (default: the largest amount of a cell of at least ten hands, so one
    freak cell does not wash out the rest; a cell beyond it takes the end colour). Cells of fewer than
    :data:`FEW_HANDS` hands are drawn paler."""
    from matplotlib import colormaps
    from matplotlib.colors import SymLogNorm

    per_hand, hands = spots_heatmap_data(rows, player, faced)
    played = hands.sum(axis=1)
    kept = played >= ROW_MIN_HANDS
    if kept.any():  # rows of a hand or two are noise and make the map too tall to read
        per_hand, hands = per_hand[kept], hands[kept]
    dropped = int((~kept).sum()) if kept.any() else 0
    height = max(3.0, 0.42 * len(per_hand) + 1.6)
    ax = figure_axes(ax, height)
    values = per_hand.to_numpy(dtype=float)
    if limit is None:
        steady = values[(hands.to_numpy() >= FEW_HANDS) & ~np.isnan(values)]
        pool = steady if steady.size else values[~np.isnan(values)]
        limit = float(np.abs(pool).max()) if pool.size else 1.0
    limit = max(limit, 2 * LINEAR_BB)
    # most spots lose or win a fraction of a big bet and a few win or lose several: a scale linear
    # near zero and logarithmic beyond tells -0.1 from +0.5 as well as +2 from +6
    norm = SymLogNorm(linthresh=LINEAR_BB, linscale=0.6, vmin=-limit, vmax=limit, base=10)
    image = ax.imshow(
        np.ma.masked_invalid(values),
        cmap=colormaps["RdYlGn"].with_extremes(bad="0.94"),
        norm=norm,
        aspect="auto",
    )
    from matplotlib.patches import Rectangle

    for (i, j), value in np.ndenumerate(values):
        count = int(hands.iat[i, j])
        if count == 0:
            continue
        few = count < FEW_HANDS
        if few:  # paler: the colour of a handful of hands is mostly luck
            ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, facecolor="white", alpha=0.55, linewidth=0))
        strong = abs(float(norm(value)) - 0.5) > 0.32 and not few  # a dark cell: white text
        ax.text(
            j,
            i,
            f"{value:+.2f}\n{count:,} hand{'s' if count != 1 else ''}",
            ha="center",
            va="center",
            fontsize=8,
            color="white" if strong else "0.15",
        )
    ax.set_xticks(range(len(per_hand.columns)), [str(c) for c in per_hand.columns])
    ax.set_yticks(range(len(per_hand.index)), [literal_text(str(r)) for r in per_hand.index])
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    total = int(played.sum())
    facing = f", facing {faced}" if faced else ""
    ax.set_title(literal_text(f"{player}: 3rd street by starting hand and liveness ({total:,} hands{facing})"), pad=12)
    left_out = f"; {dropped} starting hands of under {ROW_MIN_HANDS} hands left out" if dropped else ""
    ax.set_xlabel(
        "Liveness: how many of the cards the hand needs were showing (docs/liveness.md)\n"
        f"paler: under {FEW_HANDS} hands{left_out}"
    )
    colorbar = ax.figure.colorbar(image, ax=ax, shrink=0.8, pad=0.02)
    ticks = [t for t in (0.25, 1.0, 2.0, 5.0, 10.0, 20.0) if t <= limit]
    colorbar.set_ticks([-t for t in reversed(ticks)] + [0.0] + ticks)
    colorbar.set_ticklabels([f"{v:+g}" if v else "0" for v in colorbar.get_ticks()])
    colorbar.set_label("Net big bets per hand")
    return ax


def spots_chart(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None, ax: Axes | None = None
) -> Axes:
    """:func:`spots_heatmap` of ``player``'s stored spots in the hands ``filters`` select (the
    ``studbook chart spots`` chart)."""
    return spots_heatmap(stored_spots(con, filters), player, ax=ax)
