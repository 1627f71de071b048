"""The tournament chart: a player's cumulative profit over his tournaments, one panel per unit.

Why a panel per unit and not one axis: dollars, euros and play chips on one scale would draw a number
that means nothing (a play-money sit-and-go won would tower over a dollar loss); each panel counts its
own tournaments and speaks its own unit. The x axis is the tournaments in the order played, not the
date: a player's results are a sequence of entries, and weeks without a tournament are no information.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from ..engine.model import CURRENCY_SYMBOLS
from .charts import amount_ticks, literal_text, style_axes
from .tournaments import profit_over_time

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["tournament_chart"]


def _unit_label(unit: str) -> tuple[str, float]:
    """The axis label of a unit and the divisor from its stored amounts (hundredths of a currency, or whole play chips)."""
    if unit in ("play", "unknown"):
        return ("play chips" if unit == "play" else "unknown unit"), 1.0
    symbol = CURRENCY_SYMBOLS.get(unit, "")
    return (f"{symbol} ({unit})" if symbol else unit), 100.0


def tournament_chart(frame: pd.DataFrame, player: str) -> Axes:
    """The chart of ``player``'s rows of ``frame`` (the ``tournaments`` table), a panel per unit;
    returns the first panel's axes (the figure is its figure). A ValueError when he has no finished
    tournament with a known buy-in."""
    import matplotlib.pyplot as plt

    data = profit_over_time(frame, player)
    if data.empty:
        raise ValueError(f"{player} has no finished tournament with a known buy-in")
    units = list(dict.fromkeys(data["unit"]))
    figure, panels = plt.subplots(
        len(units), 1, figsize=(9, 3.2 + 2.3 * len(units)), layout="constrained", squeeze=False
    )
    for ax, unit in zip(panels[:, 0], units):
        rows = data[data["unit"] == unit]
        label, divisor = _unit_label(unit)
        x = pd.concat([pd.Series([0]), rows["number"]], ignore_index=True)
        y = pd.concat([pd.Series([0.0]), rows["cumulative"].astype(float) / divisor], ignore_index=True)
        ax.plot(x, y, color="#1f5fa8", linewidth=1.8, marker="o", markersize=3.5, label="cumulative profit")
        cashed = rows[rows["profit"] > 0]
        if not cashed.empty:
            ax.plot(
                cashed["number"],
                cashed["cumulative"].astype(float) / divisor,
                linestyle="none",
                marker="o",
                markersize=6,
                color="#2e8b57",
                label="a tournament won money",
            )
        total = float(rows["cumulative"].iloc[-1]) / divisor
        shown = f"{total:+,.2f}" if divisor > 1 else f"{total:+,.0f}"
        count = f"{len(rows):,} tournament{'s' if len(rows) != 1 else ''}"
        style_axes(ax, f"{label}: {count}, {shown} in all", "tournaments played, in order", label)
        amount_ticks(ax)
        ax.legend(loc="best", frameon=False)
    figure.suptitle(
        literal_text(f"{player}: cumulative tournament profit (prizes and bounties less buy-in, fee, re-buys)")
    )
    first: Axes = panels[0, 0]
    return first
