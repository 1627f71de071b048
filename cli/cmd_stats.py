"""``studbook stats``: player statistics from the database, with the denominator beside every rate.

Three views, because three people ask: the **table** is a HUD for the terminal (one row per player, the
players with the most hands first, a few stats that matter, each rate with what it was counted out of,
net won and BB/100), narrowed to fit the terminal (a file or a pipe gets every column); ``--player NAME`` is the **card** of one player
(every stat with its exact done/chances, in sections a stud player knows: 3rd street, later streets as a
street-by-street grid, showdown, hi/lo, results); csv and json are for **programs**: every player and
every stat, one record per group and stat with the exact ``done`` and ``chances`` and their ``rate``.
``--winrate`` switches to the money view (net, BB/100 with its 95% interval, sessions, hours, rake).
"""

from __future__ import annotations

import argparse
from datetime import timedelta

from .app import Command, add_db_option, add_filter_options, at_least, fail, output_width

FORMATS = ("table", "csv", "json")
DEFAULT_TOP = 25
"""Players in the table unless ``--top`` says otherwise: a screenful, the regulars of any database."""
DEFAULT_MIN_HANDS = 20
"""Below this many hands a player's rates are noise (a single hand is 0% or 100%), so the table leaves
him out unless ``--min-hands`` says otherwise."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument(
        "--player",
        metavar="NAME",
        action="append",
        default=[],
        help="one player's card: every stat with its counts, street by street, and his results (repeat for several)",
    )
    add_filter_options(parser)
    parser.add_argument("--site", metavar="SITE", action="append", default=[], help="only hands from this site")
    parser.add_argument(
        "--min-hands",
        metavar="N",
        type=at_least(0),
        help=f"leave out players (or rows) with fewer hands (default {DEFAULT_MIN_HANDS} in the "
        "player table, none in csv and json)",
    )
    parser.add_argument(
        "--top",
        metavar="N",
        type=at_least(0),
        help=f"only the N players (or rows) with the most hands; 0 for all (default "
        f"{DEFAULT_TOP} in the player table, all in csv and json)",
    )
    parser.add_argument(
        "--by",
        metavar="BREAKDOWN",
        action="append",
        default=[],
        help="one row per: player (the default), game, stakes, currency (the unit: a currency, chips or play), site, date, players "
        "(dealt in), max_seats, players_4th (seeing 4th street), bring_in, door (up card "
        "on 3rd), start_class, start_family, liveness (of the cards the starting hand needs, "
        "docs/liveness.md), faced (the 3rd-street betting), mixed (the game of a mixed rotation); "
        "repeat to combine, e.g. --by player --by game or --by start_class --by liveness",
    )
    parser.add_argument(
        "--stat",
        metavar="KEY",
        action="append",
        default=[],
        help="show this stat (repeat for several; 'all' for every one; 'list' to print what each key means)",
    )
    parser.add_argument(
        "--winrate",
        action="store_true",
        help="show money instead: net, BB/100 with its 95%% interval, sessions, $/hour, rake paid",
    )
    parser.add_argument(
        "--tournaments",
        action="store_true",
        help="show tournament results instead: tournaments, ITM, ROI with its 95%% interval, average finish, "
        "profit and biggest cash, per player and unit (--by game, buy_in, site or mixed)",
    )
    parser.add_argument(
        "--session-gap",
        metavar="MINUTES",
        type=float,
        default=30.0,
        help="a pause longer than this between two hands starts a new session (default 30)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="table",
        help="table (default) to read; csv or json for programs: every player and every stat "
        "with its exact done and chances",
    )
    parser.epilog = (
        "examples:\n"
        "  studbook stats                                  the table, for studbook.duckdb here\n"
        "  studbook stats --db sample.duckdb --game razz   razz hands only, of another database\n"
        "  studbook stats --player 'Ottilie Brandt'        one player's card\n"
        "  studbook stats --by game --by stakes            one row per game and stakes\n"
        "  studbook stats --stat vpip --stat wtsd --top 0  two stats for every player\n"
        "  studbook stats --winrate --by stakes            money per stakes\n"
        "  studbook stats --tournaments --by buy_in        tournament ITM and ROI per buy-in\n"
        "  studbook stats --format csv > stats.csv         everything, for a spreadsheet"
    )


def run(args: argparse.Namespace) -> int:
    from ..analytics.stats import HEADLINE, describe_stats, stat_table, unknown_player
    from ..analytics.winrate import money, winrates
    from .reading import filtered_reader
    from .stats_text import (
        Limits,
        emit,
        fit,
        footer,
        hud_table,
        limit_rows,
        limit_winrates,
        money_records,
        player_card,
        plain_dates,
        stat_list_text,
        winrate_text,
    )

    if args.stat == ["list"]:
        listing = describe_stats()
        if args.format == "table":
            print(stat_list_text(listing))
        else:
            emit(listing, args.format)
        return 0
    filters, store = filtered_reader(args, players=tuple(args.player), sites=tuple(args.site))
    by = tuple(args.by) or ("player",)
    table = args.format == "table"
    per_player = table and by == ("player",)
    cards = per_player and bool(args.player)
    if args.stat == ["all"] or (not args.stat and (cards or not table)):
        chosen = None
    else:
        chosen = tuple(dict.fromkeys(["hands", *(args.stat or HEADLINE)]))
    gap = timedelta(minutes=args.session_gap)
    everyone = per_player and not args.player  # players asked for by name are shown whatever their hands
    limits = Limits(
        args.min_hands if args.min_hands is not None else DEFAULT_MIN_HANDS if everyone else 0,
        args.top if args.top is not None else DEFAULT_TOP if everyone else 0,
    )
    width = output_width()
    noun = "player" if by == ("player",) else "row"
    with store:
        if args.tournaments:
            from .tournament_text import tournament_report

            top = args.top if args.top is not None else DEFAULT_TOP if not args.player else 0
            text, error = tournament_report(store.con, args, filters, top)
            if error:
                return fail(error)
            if text:
                print(text)
            return 0
        try:
            problem = next(filter(None, (unknown_player(store.con, name) for name in args.player)), None)
            if problem:
                return fail(problem)
            if args.winrate:
                shown = limit_winrates(plain_dates(winrates(store.con, filters, by, gap)), limits, per_player)
                if shown.frame.empty:
                    return fail(NOTHING_MATCHES)
                if not table:
                    emit(shown.frame, args.format)
                    return 0
                print(winrate_text(shown.frame))
            else:
                frame = plain_dates(stat_table(store.con, filters, by, chosen))
                if frame.empty:
                    return fail(NOTHING_MATCHES)
                if cards:
                    results = winrates(store.con, filters, by, gap)
                    games = stat_table(store.con, filters, ("player", "game"), ("hands",))
                    from .tournament_text import tournament_card

                    print(
                        "\n\n".join(
                            player_card(frame, results, games, name) + tournament_card(store.con, name, filters)
                            for name in args.player
                        )
                    )
                    return 0
                shown = limit_rows(frame, limits, order_by_hands=per_player)
                if not table:
                    results = plain_dates(winrates(store.con, filters, by, gap))
                    emit(money_records(shown.frame.drop(columns=["label"]), results), args.format)
                    return 0
                print(hud_table(shown.frame, plain_dates(money(store.con, filters, by)), width))
        except ValueError as exc:
            return fail(str(exc))
    note = footer(shown, limits, noun)
    if note:
        print("\n".join(fit(line, width) for line in note.splitlines()))
    return 0


NOTHING_MATCHES = "no hands match these filters (check --game, --stakes, --site, --since and --until)"


COMMAND = Command(
    name="stats",
    summary="player statistics (VPIP, steals, WTSD ... and win rates) from the database",
    description=(
        "Statistics of the players in your database, counted over the imported hands. Every rate is\n"
        "shown with what it was counted out of: 'VPIP 23.4% (117/500)' is 117 voluntary entries in 500\n"
        "hands where the player had a decision on the first street (3rd; 2nd in Five Card Stud).\n\n"
        "The table has one row per player, most hands first: hands, VPIP, first-street raise (completion\n"
        "or raise), steal, fold to steal, aggression factor on the later streets (4th-7th; Five Card\n"
        "Stud's 3rd-5th), went to showdown, won at\n"
        "showdown, net won and BB/100 (big bets per 100 hands). Players with few hands are left out\n"
        "(--min-hands, --top); the last lines say how many and how to see them.\n"
        "--player NAME prints his card instead: every stat with its counts, the later streets street by\n"
        "street, his hi/lo results in stud8, and his money.\n\n"
        "Stud conventions: the bring-in is forced (never VPIP), the completion counts as the raise,\n"
        "the steal seats are the three seats acting just before the bring-in. Streets are each game's\n"
        "own: labels say '2nd raise' for Five Card Stud, '3rd/2nd raise' when the games differ.\n"
        "--stat list prints every stat with its definition; --winrate shows money (net, BB/100, $/hour).\n"
        "csv and json give every player and every stat, one record each, with done, chances and rate."
    ),
    add_arguments=add_arguments,
    run=run,
)
