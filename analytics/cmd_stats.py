"""``studbook stats``: player statistics from the database, with the denominator beside every rate.

The table is for reading in a terminal (one row per player, or per group of ``--by``; turned on its side
when it would be wider than the terminal); csv and json are for programs: one record per group and stat
with the exact ``done`` and ``chances`` counts and their ``rate``. ``--winrate`` switches to the money
view (net, BB/100 with its 95% interval, sessions, hours, rake paid).
"""

from __future__ import annotations

import argparse
import math
import shutil
import sys
from datetime import date, timedelta
from typing import TYPE_CHECKING

from .cli import Command, add_db_option, fail

if TYPE_CHECKING:
    import pandas as pd

FORMATS = ("table", "csv", "json")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument("--player", metavar="NAME", action="append", default=[],
                        help="only this player (repeat for several; default: everybody)")
    parser.add_argument("--game", metavar="G", action="append", default=[], choices=("stud", "stud8", "razz"),
                        help="only this game: stud, stud8 or razz (repeat for several)")
    parser.add_argument("--site", metavar="SITE", action="append", default=[], help="only hands from this site")
    parser.add_argument("--stakes", metavar="SMALL/BIG", action="append", default=[],
                        help="only these stakes, written as the site prints them, e.g. 0.04/0.08")
    parser.add_argument("--since", metavar="YYYY-MM-DD", type=date.fromisoformat, help="hands from this day (UTC)")
    parser.add_argument("--until", metavar="YYYY-MM-DD", type=date.fromisoformat,
                        help="hands before this day (UTC)")
    parser.add_argument("--by", metavar="BREAKDOWN", action="append", default=[],
                        help="split the rows by: player (the default), game, stakes, site, date, players, "
                             "players_4th, bring_in, door, start_class, mixed (repeat to combine)")
    parser.add_argument("--stat", metavar="KEY", action="append", default=[],
                        help="show this stat (repeat for several; 'all' for every one; "
                             "'list' to print what each key means)")
    parser.add_argument("--winrate", action="store_true",
                        help="show money instead: net, BB/100 with its 95%% interval, sessions, $/hour, rake paid")
    parser.add_argument("--session-gap", metavar="MINUTES", type=float, default=30.0,
                        help="a pause longer than this between two hands starts a new session (default 30)")
    parser.add_argument("--format", choices=FORMATS, default="table", help="table (default), csv or json")


def run(args: argparse.Namespace) -> int:
    from .stats import HEADLINE, Filters, describe_stats, stat_table
    from .store import StoreError, open_store
    from .winrate import winrates

    if args.stat == ["list"]:
        listing = describe_stats()
        if args.format == "table":
            for row in listing.itertuples():
                print(f"{row.stat:<16} {row.label:<22} {row.games:<6} {row.meaning}")
        else:
            _emit(listing, args.format)
        return 0
    try:
        filters = Filters(
            players=tuple(args.player), games=tuple(args.game), sites=tuple(args.site), stakes=tuple(args.stakes),
            since=args.since, until=args.until,
        )
        filters.where()
        store = open_store(args.db, read_only=True)
    except (ValueError, StoreError) as exc:
        return fail(str(exc))
    by = tuple(args.by) or ("player",)
    chosen = None if args.stat == ["all"] else tuple(args.stat) or HEADLINE
    with store:
        try:
            if args.winrate:
                frame = winrates(store.con, filters, by, timedelta(minutes=args.session_gap))
                _emit(frame if args.format != "table" else _winrate_table(frame), args.format)
                return 0
            frame = stat_table(store.con, filters, by, chosen)
        except ValueError as exc:
            return fail(str(exc))
    if frame.empty:
        print("no hands match (check --db, --player, --game ...)", file=sys.stderr)
        return 0
    _emit(frame.drop(columns=["label"]) if args.format != "table" else stat_grid(frame), args.format)
    return 0


def cell(kind: str, done: int, chances: int, rate: float) -> str:
    """``23.4% (117/500)`` for a percentage, ``2.10 (42/20)`` for a ratio, the count alone for a count;
    ``-`` (with the counts) when there was no chance."""
    if kind == "count":
        return f"{done:,}"
    if chances == 0 or math.isnan(rate):
        return f"{'inf' if kind == 'ratio' and done else '-'} ({done}/{chances})"
    value = f"{100 * rate:.1f}%" if kind == "pct" else f"{rate:.2f}"
    return f"{value} ({done}/{chances})"


def stat_grid(frame: pd.DataFrame) -> pd.DataFrame:
    """The long stat table as a grid: one row per group, one column per stat, formatted cells."""
    groups = [c for c in frame.columns if c not in ("stat", "label", "kind", "done", "chances", "rate")]
    groups = [c for c in groups if c not in ("currency", "small_bet", "big_bet")]
    cells = frame.assign(cell=[cell(*r) for r in zip(frame["kind"], frame["done"], frame["chances"], frame["rate"])])
    grid = cells.pivot_table(index=groups or None, columns="label", values="cell", aggfunc="first", sort=False)
    labels = list(dict.fromkeys(frame["label"]))
    return grid[labels].reset_index() if groups else grid[labels]


def _winrate_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The money view for people: amounts in the printed unit, BB/100 with its 95% interval."""
    from ..engine.model import format_money

    out = frame.drop(columns=[c for c in ("small_bet", "big_bet") if c in frame.columns]).copy()
    money = list(zip(frame["net"], frame["currency"].where(frame["currency"].notna(), None)))
    out["net"] = [format_money(int(n), c) for n, c in money]
    out["rake_paid"] = [format_money(int(r), c) for r, (_, c) in zip(frame["rake_paid"], money)]
    out["BB/100"] = [
        f"{b:+.2f}" + ("" if math.isnan(lo) else f" [{lo:+.1f}, {hi:+.1f}]")
        for b, lo, hi in zip(frame["bb100"], frame["ci95_low"], frame["ci95_high"])
    ]
    out["per hour"] = [
        "-" if math.isnan(v) else format_money(round(v), c) for v, (_, c) in zip(frame["net_per_hour"], money)
    ]
    out["hours"] = frame["hours"].round(2)
    out["hands/h"] = frame["hands_per_hour"].round(0)
    keep = [c for c in out.columns if c not in (
        "net_bb", "sd_bb", "bb100", "se_bb100", "ci95_low", "ci95_high", "net_per_hour", "hands_per_hour")]
    return out[keep]


def _emit(frame: pd.DataFrame, fmt: str) -> None:
    if fmt == "csv":
        frame.to_csv(sys.stdout, index=False)
    elif fmt == "json":
        print(frame.to_json(orient="records", date_format="iso", indent=1))
    else:
        print(render(frame, shutil.get_terminal_size((120, 24)).columns))


def render(frame: pd.DataFrame, width: int) -> str:
    """Plain text columns; a grid wider than ``width`` is printed on its side (stats as rows)."""
    text = frame.to_string(index=False)
    if max((len(line) for line in text.splitlines()), default=0) <= width or len(frame.columns) < 3:
        return text
    first = frame.columns[0]
    side = frame.set_index(first).T
    side.columns = [str(c) for c in side.columns]
    return side.to_string()


COMMAND = Command(
    name="stats",
    summary="player statistics (VPIP, steals, WTSD ... and win rates) from the database",
    description=(
        "Statistics of every player (or of --player), computed over the imported hands:\n"
        "each rate is shown with what it was counted out of, e.g. 'VPIP  23.4% (117/500)'.\n"
        "Stud conventions: the bring-in is forced (never VPIP), the completion counts as the raise,\n"
        "the steal seats are the three seats acting just before the bring-in.\n"
        "--stat list prints every stat with its definition; --winrate shows money (net, BB/100, $/hour).\n"
        "csv and json give one record per player and stat with done, chances and rate."
    ),
    add_arguments=add_arguments,
    run=run,
)
