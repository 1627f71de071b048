"""``studbook spots``: a player's 3rd-street spots (class x liveness x betting faced) as a table.

What it prints is :func:`studbook.analytics.spot_table.spot_table` over the spots the import stored: per
spot his hands, how often he folded, called, completed and raised (each with its count out of his hands),
the pool's shares in the same spot out of its own hands, and his net in big bets per hand with its 95%
interval; the spots that cost him the most first, since those are where his game leaks. A spot of a few
hands says little: the interval says how little.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .app import Command, add_db_option, add_filter_options, at_least, fail, output_width

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_TOP = 20
"""Spots printed in the table by default (the costliest; csv and json give all)."""

FORMATS = ("table", "csv", "json")

ACTIONS = ("fold", "call", "complete", "raise")
"""The action columns of the spots table (:data:`studbook.analytics.spots.TAKEN`, spelt here so that
``--help`` imports nothing of the analytics)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument("--player", metavar="NAME", required=True, help="whose spots (screen name, exactly)")
    add_filter_options(parser)
    parser.add_argument(
        "--top",
        metavar="N",
        type=at_least(0),
        default=DEFAULT_TOP,
        help=f"print the N costliest spots (default {DEFAULT_TOP}; 0 for every one)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="table (default) to read; csv or json for programs: every spot, shares as fractions 0..1",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook spots --player 'Ottilie Brandt'               his costliest 3rd-street spots\n"
        "  studbook spots --player 'Ottilie Brandt' --game razz   razz only\n"
        "  studbook spots --player 'Ottilie Brandt' --format csv  every spot, for a spreadsheet"
    )


def _share(share: float, hands: int) -> str:
    """``49% (33)``: the share and how many of the hands it is."""
    return f"{100 * share:.0f}% ({round(share * hands):,})"


def _bb(value: float) -> str:
    return "-" if value != value else f"{value:+.2f}"  # NaN: a spot without a big bet to divide by


def spots_text(table: pd.DataFrame, player: str, top: int, width: int) -> str:
    """The spots table to read: one line per spot, his shares with their counts, the pool's shares out
    of its hands, the money in big bets; a last line says how many spots were left out."""
    from .stats_text import align, fit, header_rows

    shown = table if top == 0 else table.head(top)
    games = table["game"].nunique() > 1
    header = [
        *(["Game"] if games else []),
        "Start class",
        "Liveness",
        "Faced",
        "Hands",
        "Fold",
        "Call",
        "Complete",
        "Raise",
        "Pool hands",
        "Pool fold/call/compl/raise",
        "BB/hand",
        "95% interval",
        "BB total",
    ]
    body = []
    for r in shown.to_dict("records"):  # records, not tuples: "raise" is no attribute name
        hands = int(r["hands"])
        pool = "/".join(f"{100 * r[f'pool_{t}']:.0f}" for t in ACTIONS) + "%"
        low, high = r["bb_low"], r["bb_high"]
        interval = "-" if low != low else f"{low:+.2f} to {high:+.2f}"
        body.append(
            [
                *([str(r["game"])] if games else []),
                str(r["start_class"]),
                str(r["liveness"]),
                str(r["faced"]),
                f"{hands:,}",
                *(_share(r[t], hands) for t in ACTIONS),
                f"{int(r['pool_hands']):,}",
                pool,
                _bb(r["bb_per_hand"]),
                interval,
                _bb(r["bb_total"]),
            ]
        )
    left = 4 if games else 3
    lines = align([*header_rows(header, body), *body], left)
    total = int(table["hands"].sum())
    title = (
        f"{player}: 3rd-street spots (2nd in Five Card Stud) by starting hand, liveness and betting faced; "
        f"{total:,} hands with known cards and a decision, the costliest spots first"
    )
    out = [fit(title, width), "", *lines]
    if len(shown) < len(table):
        out.append(fit(f"{len(table) - len(shown):,} more spots (--top 0 prints every one)", width))
    out.append(
        fit(
            "Fold/Call/Complete/Raise: his share of the spot's hands (how many); pool: every player of the "
            "database in the same spot, out of its hands; liveness: docs/liveness.md",
            width,
        )
    )
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    from ..analytics.spot_table import NoSpots, spot_table, stored_spots
    from .reading import filtered_reader, require_player
    from .stats_text import emit

    filters, store = filtered_reader(args)
    with store:
        require_player(store, args.player)
        try:
            table = spot_table(stored_spots(store.con, filters), args.player)
        except NoSpots as exc:
            return fail(f"{exc}; only hands whose starting cards are known count (his own hand histories)")
    if args.format == "table":
        print(spots_text(table, args.player, args.top, output_width()))
    else:
        emit(table, args.format)
    return 0


COMMAND = Command(
    name="spots",
    summary="a player's 3rd-street spots: starting hand x liveness x betting faced, what he did, what it cost",
    description=(
        "How a player's first-street decisions (3rd street; 2nd in Five Card Stud) did, given what was\n"
        "showing. A spot is the class of his starting hand (split tens, a three-flush, a 6-low ...), its\n"
        "liveness (how many of the cards it needs were showing in the other players' up cards: live,\n"
        "half-dead or dead, docs/liveness.md) and the betting he faced (unopened, the bring-in only, a\n"
        "completion, a re-raise). For each: his hands, how often he folded, called, completed and raised,\n"
        "the same shares of every player in the database in that spot (the pool), and his net in big\n"
        "bets per hand with its 95% interval. The spots that cost him the most come first.\n\n"
        "Only hands whose starting cards are known count: the hands of your own histories, and those\n"
        "other players showed down. The same columns split any stats table: studbook stats --by\n"
        "start_class --by liveness."
    ),
    add_arguments=add_arguments,
    run=run,
)
