"""The session report's tournaments section: the player's tournament results per unit (tournaments,
ITM with its count, ROI with its interval, average finish, profit, biggest cash) and his most recent
tournaments, one line each, from the ``tournaments`` table.

A section of its own module so that the report (:mod:`.html_report`) only places it: the figures are
:func:`.tournaments.tournament_stats`', the same as ``studbook stats --tournaments`` prints.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, replace
from datetime import timezone, tzinfo
from typing import TYPE_CHECKING

import pandas as pd

from .clock import shown
from .stats import Filters
from .tournaments import amount_text, stored_tournaments, tournament_filter, tournament_stats

if TYPE_CHECKING:
    import duckdb

__all__ = ["TournamentSection", "tournament_html", "tournament_section"]

RECENT = 20
"""Tournaments listed one by one, the most recent first."""


@dataclass(frozen=True, slots=True)
class TournamentSection:
    """What the section shows: a line of figures per unit, the recent tournaments (each a row of
    texts), how many there are in all, and a note on the filters that choose hands only."""

    per_unit: tuple[tuple[str, ...], ...]
    recent: tuple[tuple[str, ...], ...]
    total: int
    note: str = ""


def _signed(value: int, unit: str) -> str:
    return ("-" if value < 0 else "+") + amount_text(abs(value), unit)


def tournament_section(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters, where: tzinfo = timezone.utc
) -> TournamentSection:
    """The section of ``player`` over the tournaments the report's filters choose (stakes and the
    players dealt in choose hands, not tournaments: they are left out, and the note says so), their
    start times shown in ``where``, the zone of the report's other times."""
    hand_only = replace(filters, stakes=(), min_players=None, max_players=None, valid_only=False)
    note = "" if hand_only == filters else "the stakes and players-dealt-in filters choose hands: not applied here"
    frame = tournament_filter(stored_tournaments(con, player), hand_only)
    stats = tournament_stats(frame)
    per_unit = []
    for r in stats.itertuples(index=False):
        unit = str(r.unit)
        if math.isnan(r.roi_pct):
            roi = "unknown"
        elif math.isnan(r.roi_low_pct):
            roi = f"{r.roi_pct:+.1f}%"
        else:
            roi = f"{r.roi_pct:+.1f}% (95%: {r.roi_low_pct:+.0f} to {r.roi_high_pct:+.0f})"
        per_unit.append(
            (
                unit,
                f"{int(r.tournaments):,}",
                f"{r.itm_pct:.1f}% ({int(r.cashes)}/{int(r.tournaments)})",
                roi,
                f"{r.avg_finish:.1f}",
                _signed(int(r.profit), unit) if r.priced else "unknown",
                amount_text(int(r.biggest_cash), unit) if r.cashes else "-",
            )
        )
    done = frame[frame["finish"].notna()]
    recent = []
    for r in done.iloc[::-1].head(RECENT).itertuples(index=False):
        unit = str(r.unit)
        when = "" if pd.isna(r.started_at) else shown(r.started_at, where)
        game = r.mixed if isinstance(r.mixed, str) else (r.game if isinstance(r.game, str) else "?")
        buy_in = (
            "?"
            if pd.isna(r.buy_in)
            else "+".join(amount_text(a, unit) for a in (r.buy_in, r.bounty, r.fee) if not pd.isna(a))
        )
        entrants = "?" if pd.isna(r.entrants) else f"{int(r.entrants):,}"
        prize = 0 if pd.isna(r.prize) else int(r.prize)
        recent.append(
            (
                when,
                f"{r.site} {r.tournament_id}",
                game,
                buy_in,
                f"{int(r.finish)} of {entrants}",
                amount_text(prize, unit),
                f"{int(r.hands):,}",
            )
        )
    return TournamentSection(tuple(per_unit), tuple(recent), len(done), note)


def tournament_html(section: TournamentSection) -> str:
    """The section's HTML (escaped): its heading, a table per unit, the recent tournaments."""
    e = html.escape
    if not section.per_unit:
        return "<h2>Tournaments</h2><p class='empty'>None: no finished tournament of his is stored (import the summaries).</p>"

    def table(header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> str:
        head = "".join(f"<th scope='col'>{e(h)}</th>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
        return f"<div class='scroll'><table class='hands'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"

    words = (
        "per unit, never two added: ITM is the finishes with a prize out of those finished; ROI the profit "
        "(prizes and bounties less buy-in, fee and re-buys) over what they cost"
    )
    if section.note:
        words += f"; {section.note}"
    more = (
        f" (the {len(section.recent)} most recent of {section.total:,})" if section.total > len(section.recent) else ""
    )
    return (
        f"<h2>Tournaments ({section.total:,})</h2><p class='what'>{e(words)}</p>"
        + table(("Unit", "Tournaments", "ITM", "ROI", "Avg finish", "Profit", "Biggest cash"), section.per_unit)
        + f"<h3>Tournaments played{e(more)}</h3>"
        + table(("Started", "Tournament", "Game", "Buy-in", "Finish", "Prize", "His hands"), section.recent)
    )
