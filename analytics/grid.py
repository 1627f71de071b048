"""The long stat table (:func:`~.stats.stat_table`) as a grid to read: one row per group, one column per
stat, each cell the rate beside the counts it was computed from (``23.4% (117/500)``). The terminal
table of ``studbook stats`` and :func:`studbook.api.stat_grid` both show it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import pandas as pd

INFINITE = "∞"
"""A ratio over no chances but done (bets and raises with no call: an aggression factor of x/0)."""

GROUP_COLUMNS_HIDDEN = ("currency", "small_bet", "big_bet", "stakes_inferred")
"""Group columns the table shows through the ``stakes`` label instead."""


def cell(kind: str, done: int, chances: int, rate: float) -> str:
    """``23.4% (117/500)`` for a percentage, ``2.10 (42/20)`` for a ratio, the count alone for a count;
    ``-`` (with the counts) when there was no chance."""
    if kind == "count":
        return f"{done:,}"
    if chances == 0 or math.isnan(rate):
        return f"{INFINITE if kind == 'ratio' and done else '-'} ({done}/{chances})"
    value = f"{100 * rate:.1f}%" if kind == "pct" else f"{rate:.2f}"
    return f"{value} ({done}/{chances})"


Cell = Callable[[str, int, int, float], str]
"""A cell style: ``(kind, done, chances, rate)`` to the text shown."""


def shown_groups(frame: pd.DataFrame, before: str = "stat") -> list[str]:
    """The group columns of a stat or win-rate table (those left of ``before``) as a table shows them:
    the stakes through their label, without the currency and bet columns it is made of."""
    return [c for c in frame.columns[: frame.columns.get_loc(before)] if c not in GROUP_COLUMNS_HIDDEN]


def stat_grid(frame: pd.DataFrame, style: Cell = cell) -> pd.DataFrame:
    """The long stat table as a grid: one row per group, one column per stat (its label), cells of
    ``style`` (``23.4% (117/500)`` unless told); the group columns first (stakes as their label)."""
    groups = shown_groups(frame)
    cells = frame.assign(cell=[style(*r) for r in zip(frame["kind"], frame["done"], frame["chances"], frame["rate"])])
    wide = cells.pivot_table(index=groups or None, columns="label", values="cell", aggfunc="first", sort=False)
    labels = list(dict.fromkeys(frame["label"]))
    return wide[labels].reset_index() if groups else wide[labels]
