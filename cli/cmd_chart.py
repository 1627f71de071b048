"""``studbook chart``: draw one of the charts of :mod:`.charts` for a player and save it as an image.

Rendering uses matplotlib's Agg backend (no window, works on a server or in CI); the format follows the
file name's extension (``.png``, ``.svg``, ``.pdf``).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes

from .app import Command, add_db_option, add_filter_options, at_least, fail, output_file

BB100_MIN_HANDS = 20
"""The games and stakes ``chart bb100`` leaves out by default: under 20 hands, as the stats table."""

KIND_HELP = {
    "winnings": "cumulative net won against hands: total, showdown, non-showdown and the all-in EV line",
    "stud8": "stud hi/lo: cumulative money won by scooping, from high halves and from low halves",
    "stud8-results": "stud hi/lo: how many winning hands were scoops, high only, low only, quartered",
    "bb100": "win rate (big bets per 100 hands) by game and stakes, with 95% error bars",
    "tournaments": "cumulative tournament profit over the tournaments played, a panel per currency",
    "spots": "3rd street: big bets per hand by starting hand (rows) and liveness (columns), hands in each cell",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "kind",
        metavar="KIND",
        choices=sorted(KIND_HELP),
        help=f"which chart: {', '.join(KIND_HELP)} (each is described above)",
    )
    add_db_option(parser)
    parser.add_argument("--player", metavar="NAME", required=True, help="whose hands to chart (screen name)")
    parser.add_argument("--out", metavar="FILE.png", required=True, help="the image to write (.png, .svg or .pdf)")
    add_filter_options(parser)
    parser.add_argument("--dpi", type=int, default=120, help="resolution of a .png (default 120)")
    parser.add_argument(
        "--min-hands",
        metavar="N",
        type=at_least(0),
        default=BB100_MIN_HANDS,
        help=f"bb100: leave out the games and stakes with fewer hands (default {BB100_MIN_HANDS}; a bar of a few "
        "hands is noise, and would set the scale)",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook chart winnings --player 'Ottilie Brandt' --out ob.png          total, showdown, non-showdown, all-in EV\n"
        "  studbook chart stud8 --player 'Ottilie Brandt' --out halves.svg         scoops, high halves and low halves\n"
        "  studbook chart bb100 --player 'Ottilie Brandt' --game razz --out r.pdf  win rate per stakes, razz only\n"
        "  studbook chart tournaments --player 'Ottilie Brandt' --out t.png       tournament profit, per currency"
        "  studbook chart spots --player 'Ottilie Brandt' --game stud --out s.png  3rd street by hand and liveness"
    )


def run(args: argparse.Namespace) -> int:
    import matplotlib

    matplotlib.use("Agg")

    from ..analytics.charts import CHARTS, bb100_chart
    from .reading import filtered_reader, require_player

    filters, store = filtered_reader(args, lambda: output_file(args.out, "--out", f"{args.kind}.png"))
    with store:
        if args.kind == "tournaments":
            from ..analytics.tournament_chart import tournament_chart
            from ..analytics.tournaments import stored_tournaments, tournament_filter

            try:
                ax = tournament_chart(tournament_filter(stored_tournaments(store.con), filters), args.player)
            except ValueError as exc:
                return fail(f"{exc}; check --player (a name as the summaries print it), --site and --game")
            return _save(ax, args)
        require_player(store, args.player)
        try:
            if args.kind == "bb100":
                ax = bb100_chart(store.con, args.player, filters, min_hands=args.min_hands)
            else:
                ax = CHARTS[args.kind](store.con, args.player, filters)
        except ValueError as exc:
            return fail(f"{exc}; check --player, --game and --stakes")
    return _save(ax, args)


def _save(ax: "Axes", args: argparse.Namespace) -> int:
    """Write the chart's figure to ``--out`` and close it."""
    import matplotlib.pyplot as plt

    figure = ax.get_figure(root=True)
    assert figure is not None, "a chart's axes belong to a figure"
    try:
        figure.savefig(args.out, dpi=args.dpi)
    except (OSError, ValueError) as exc:
        return fail(f"cannot write {args.out}: {exc}")
    finally:
        plt.close(figure)
    print(f"wrote {args.out}")
    return 0


COMMAND = Command(
    name="chart",
    summary="draw a chart of a player's results (winnings, stud8 halves, BB/100) to an image file",
    description=(
        "Draw a chart of one player's results from the imported hands and save it as an image:\n\n"
        + "\n".join(f"  {k:<14} {v}" for k, v in KIND_HELP.items())
        + "\n\nMoney is shown in the hands' currency (chips for tournaments), or in big bets when the\n"
        "hands mix currencies. The all-in EV line values every all-in before 7th street at the\n"
        "player's equity (his share of the pot over every card that could still come)."
    ),
    add_arguments=add_arguments,
    run=run,
)
