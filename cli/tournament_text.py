"""``studbook stats --tournaments``: the tournament results of the database as a table to read, or
csv and json records for programs; every row is one player's in one unit, never two units summed."""

from __future__ import annotations

import argparse
import math
from typing import Any, Sequence

import pandas as pd

from .stats_text import align, emit, header_rows

TITLES = {"game": "Game", "buy_in": "Buy-in", "site": "Site", "mixed": "Mixed"}


def tournament_report(con: Any, args: argparse.Namespace, filters: Any, top: int) -> tuple[str | None, str | None]:
    """What ``stats --tournaments`` prints (the text, or None when it emitted csv or json itself), or
    the error to say (a breakdown it cannot make, nothing to show)."""
    from ..analytics.tournaments import BY, stored_tournaments, tournament_filter, tournament_stats

    by = tuple(b for b in args.by if b != "player")
    unknown = [b for b in by if b not in BY]
    if unknown:
        return None, f"--tournaments breaks results down by {', '.join(BY)}, not by {', '.join(unknown)}"
    try:
        frame = tournament_filter(stored_tournaments(con), filters)
    except ValueError as exc:
        return None, str(exc)
    stats = tournament_stats(frame, by)
    if stats.empty:
        return None, (
            "no finished tournament to count: import tournament summaries or hands that print results "
            "(PokerStars, Full Tilt, Bovada), or check --player, --site and --game"
        )
    order = stats.groupby("player")["tournaments"].transform("sum")
    stats = stats.assign(_n=order).sort_values(["_n", "player", "unit"], ascending=[False, True, True])
    stats = stats.drop(columns="_n").reset_index(drop=True)
    players = list(dict.fromkeys(stats["player"]))
    left_out = 0
    if top and len(players) > top:
        left_out = len(players) - top
        stats = stats[stats["player"].isin(players[:top])]
    if args.format != "table":
        emit(stats, args.format)
        return None, None
    text = tournament_table(stats, by)
    if left_out:
        text += f"\n{left_out:,} more players not shown (--top 0 shows every one)"
    return text, None


def _roi(row: Any) -> str:
    if math.isnan(row.roi_pct):
        return "unknown"
    if math.isnan(row.roi_low_pct):
        return f"{row.roi_pct:+.1f}%"
    return f"{row.roi_pct:+.1f}% ({row.roi_low_pct:+.0f} to {row.roi_high_pct:+.0f})"


def tournament_table(stats: pd.DataFrame, by: Sequence[str] = ()) -> str:
    """One line a player, unit and breakdown: tournaments, ITM with its count, ROI with its 95%
    interval, average finish, profit and the biggest cash, each amount in the row's unit."""
    from ..analytics.tournaments import amount_text

    header = ["Player", "Unit", *(TITLES[b] for b in by), "Tournaments", "ITM", "ROI (95% interval)"]
    header += ["Avg finish", "Profit", "Biggest cash"]
    body = []
    unpriced = 0
    for row in stats.itertuples(index=False):
        unit = str(row.unit)
        profit = amount_text(abs(int(row.profit)), unit)
        body.append(
            [
                str(row.player),
                unit,
                *(str(getattr(row, b)) for b in by),
                f"{int(row.tournaments):,}",
                f"{row.itm_pct:.1f}% ({int(row.cashes)}/{int(row.tournaments)})",
                _roi(row),
                f"{row.avg_finish:.1f}",
                ("-" if row.profit < 0 else "+") + profit if row.priced else "unknown",
                amount_text(int(row.biggest_cash), unit) if row.cashes else "-",
            ]
        )
        unpriced += int(row.tournaments) - int(row.priced)
    lines = align([*header_rows(header, body), *body], left=2 + len(by))
    if unpriced:
        lines.append(f"{unpriced:,} tournaments with no buy-in known count for ITM and finish, not for ROI or profit")
    lines.append("ITM: finishes with a prize, out of the tournaments finished; ROI: profit over what they cost")
    return "\n".join(lines)


def tournament_card(con: Any, name: str, filters: Any) -> str:
    """The tournament sections of a player's card (``stats --player NAME``), one per unit: what
    ``stats --tournaments`` says of him; empty when no finished tournament of his is stored (or the
    filters choose hands only)."""
    from ..analytics.tournaments import amount_text, stored_tournaments, tournament_filter, tournament_stats

    try:
        frame = tournament_filter(stored_tournaments(con, name), filters)
    except ValueError:
        return ""
    blocks = []
    for row in tournament_stats(frame).itertuples(index=False):
        unit = str(row.unit)
        rows = [
            ["Tournaments", f"{int(row.tournaments):,} finished"],
            ["In the money", f"{row.itm_pct:.1f}% ({int(row.cashes)}/{int(row.tournaments)})"],
            ["ROI", _roi(row)],
            [
                "Profit",
                ("-" if row.profit < 0 else "+") + amount_text(abs(int(row.profit)), unit) if row.priced else "unknown",
            ],
            ["Average finish", f"{row.avg_finish:.1f}"],
            ["Biggest cash", amount_text(int(row.biggest_cash), unit) if row.cashes else "-"],
        ]
        width = max(len(r[0]) for r in rows)
        lines = [
            f"Tournaments ({unit})",
            *("  " + line for line in align([[r[0].ljust(width), r[1]] for r in rows], 2)),
        ]
        blocks.append("\n".join(lines))
    return "".join("\n\n" + b for b in blocks)
