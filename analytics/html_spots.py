"""The report's "3rd street" section: the five spots that cost the player the most, each with its hands.

A spot is a starting-hand class, its liveness and the betting faced (docs/liveness.md); the numbers are
:func:`studbook.analytics.spot_table.costliest` over the stored spots, so the section says what
``studbook spots`` says, in brief. Each spot lists its hands, the biggest loss first, linked to their
replay pages: a leak is believed when its hands are looked at. At most :data:`HANDS_LINKED` hands a spot
are linked (a spot of 400 folded hands needs no 400 pages); the section says how many more there are.

:func:`third_street` selects (from the database), :func:`third_street_html` lays out (escaped), so the
report's page stays one template with this section in it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, Mapping, Sequence

from .spot_table import NoSpots, costliest, stored_spots
from .spots import TAKEN
from .stats import Filters

if TYPE_CHECKING:
    import duckdb

COSTLIEST: Final = 5
"""Spots the section lists."""

HANDS_LINKED: Final = 10
"""Hands linked at most per spot (its biggest losses)."""


@dataclass(frozen=True, slots=True)
class CostlySpot:
    """One costly spot: what it is, his hands and actions in it beside the pool's, his money in big bets
    (per hand with its 95% interval, and in all), and the ids of its hands linked (the biggest loss
    first) out of ``hands``."""

    game: str
    start_class: str
    liveness: str
    faced: str
    hands: int
    shares: tuple[float, ...]
    pool_hands: int
    pool_shares: tuple[float, ...]
    bb_per_hand: float
    bb_low: float
    bb_high: float
    bb_total: float
    hand_ids: tuple[str, ...]


def third_street(con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None) -> tuple[CostlySpot, ...]:
    """The :data:`COSTLIEST` spots that cost ``player`` the most in the hands ``filters`` select (the
    pool: every player of those hands); none when he has no spot or lost in none."""
    try:
        table = costliest(stored_spots(con, replace(filters or Filters(), players=())), player, COSTLIEST)
    except NoSpots:
        return ()
    return tuple(
        CostlySpot(
            str(r["game"]),
            str(r["start_class"]),
            str(r["liveness"]),
            str(r["faced"]),
            int(r["hands"]),
            tuple(float(r[t]) for t in TAKEN),
            int(r["pool_hands"]),
            tuple(float(r[f"pool_{t}"]) for t in TAKEN),
            float(r["bb_per_hand"]),
            float(r["bb_low"]),
            float(r["bb_high"]),
            float(r["bb_total"]),
            tuple(r["hand_ids"][:HANDS_LINKED]),
        )
        for r in table.to_dict("records")
    )


def _shares(shares: Sequence[float], hands: int) -> str:
    return ", ".join(f"{t} {100 * v:.0f}% ({round(v * hands):,}/{hands:,})" for t, v in zip(TAKEN, shares) if v > 0)


def _bb(value: float) -> str:
    return "-" if value != value else f"{value:+.2f}"


def third_street_html(found: Sequence[CostlySpot], pages: Mapping[str, str]) -> str:
    """The section's HTML: ``pages`` maps a hand id to its replay page (a hand without one is listed
    unlinked, as the report's other tables do)."""
    e = html.escape
    title = "<h2>3rd street: the costliest spots</h2>"
    words = (
        "<p class='what'>His first-street spots (2nd street in Five Card Stud) by starting hand, liveness (how "
        "many of the cards it needs were showing) and the betting he faced, the five that cost him the most "
        "in big bets; his actions beside every player's in the same spot (the pool); the hands linked, the "
        "biggest loss first. <code>studbook spots --player NAME</code> lists every spot.</p>"
    )
    if not found:
        return title + "<p class='empty'>None: no spot with known cards cost him anything.</p>"
    items = []
    for s in found:
        links = ", ".join(
            f"<a href='{e(pages[h])}'>{e(h)}</a>" if h in pages else f"{e(h)} <small>(no replay)</small>"
            for h in s.hand_ids
        )
        more = s.hands - len(s.hand_ids)
        interval = "" if s.bb_low != s.bb_low else f" (95% interval {_bb(s.bb_low)} to {_bb(s.bb_high)})"
        items.append(
            f"<li><b>{e(s.start_class)}</b>, {e(s.liveness)}, facing: {e(s.faced)} <small>({e(s.game)})</small>: "
            f"{s.hands:,} hand{'s' if s.hands != 1 else ''}, <b class='lost'>{_bb(s.bb_total)} big bets</b>, "
            f"{_bb(s.bb_per_hand)} a hand{interval}.<br>He: {e(_shares(s.shares, s.hands))}; "
            f"the pool: {e(_shares(s.pool_shares, s.pool_hands))}.<br>Hands: {links}"
            + (f" and {more:,} more" if more > 0 else "")
            + "</li>"
        )
    return title + words + "<ol class='spots'>" + "".join(items) + "</ol>"
