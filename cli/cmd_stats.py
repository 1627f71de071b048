"""``studbook stats``: player statistics from the database, with the denominator beside every rate.

Three views, because three people ask: the **table** is a HUD for the terminal (one row per player, the
players with the most hands first, a few stats that matter, each rate with what it was counted out of,
net won and BB/100), narrowed to fit the terminal; ``--player NAME`` is the **card** of one player
(every stat with its exact done/chances, in sections a stud player knows: 3rd street, later streets as a
street-by-street grid, showdown, hi/lo, results); csv and json are for **programs**: every player and
every stat, one record per group and stat with the exact ``done`` and ``chances`` and their ``rate``.
``--winrate`` switches to the money view (net, BB/100 with its 95% interval, sessions, hours, rake).
"""

from __future__ import annotations

import argparse
import csv
import math
import shutil
import sys
import textwrap
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..analytics.grid import Cell, cell, shown_groups, stat_grid
from ..engine.model import STREET_NAMES, format_money
from ..analytics.flags import LATER_LABEL
from .app import Command, add_db_option, add_filter_options, at_least, fail, hand_filters, plural

if TYPE_CHECKING:
    import pandas as pd

FORMATS = ("table", "csv", "json")
DEFAULT_TOP = 25
"""Players in the table unless ``--top`` says otherwise: a screenful, the regulars of any database."""
DEFAULT_MIN_HANDS = 20
"""Below this many hands a player's rates are noise (a single hand is 0% or 100%), so the table leaves
him out unless ``--min-hands`` says otherwise."""
ALL_LATER = f" {LATER_LABEL}"
"""The end of the label of a later-street stat over every street after the first together ('AF later
streets': 4th-7th, Five Card Stud's 3rd-5th); the table's legend
says it once instead of every title."""


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
        help="one row per: player (the default), game, stakes, currency, site, date, players "
        "(dealt in), max_seats, players_4th (seeing 4th street), bring_in, door (up card "
        "on 3rd), start_class, mixed (the game of a mixed rotation); repeat to combine, "
        "e.g. --by player --by game",
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
        "  studbook stats --db hands.duckdb --game razz    razz hands only\n"
        "  studbook stats --player 'Ann Other'             one player's card\n"
        "  studbook stats --by game --by stakes            one row per game and stakes\n"
        "  studbook stats --stat vpip --stat wtsd --top 0  two stats for every player\n"
        "  studbook stats --winrate --by stakes            money per stakes\n"
        "  studbook stats --format csv > stats.csv         everything, for a spreadsheet"
    )


def run(args: argparse.Namespace) -> int:
    from ..analytics.stats import HEADLINE, describe_stats, stat_table
    from ..analytics.dataset import open_reader
    from ..analytics.store import StoreError
    from ..analytics.winrate import money, winrates

    if args.stat == ["list"]:
        listing = describe_stats()
        if args.format == "table":
            print(stat_list_text(listing))
        else:
            _emit(listing, args.format)
        return 0
    try:
        filters = hand_filters(args, players=tuple(args.player), sites=tuple(args.site))
        store = open_reader(args.db)
    except (ValueError, StoreError) as exc:
        return fail(str(exc))
    by = tuple(args.by) or ("player",)
    table = args.format == "table"
    per_player = table and by == ("player",)
    cards = per_player and bool(args.player)
    if args.stat == ["all"] or (not args.stat and (cards or not table)):
        chosen = None
    else:
        chosen = tuple(dict.fromkeys(["hands", *(args.stat or HEADLINE)]))
    gap = timedelta(minutes=args.session_gap)
    limits = Limits(
        args.min_hands if args.min_hands is not None else DEFAULT_MIN_HANDS if per_player else 0,
        args.top if args.top is not None else DEFAULT_TOP if per_player else 0,
    )
    with store:
        try:
            if args.winrate:
                frame = winrates(store.con, filters, by, gap)
                if table:
                    print(winrate_text(frame))
                else:
                    _emit(frame, args.format)
                return 0
            frame = stat_table(store.con, filters, by, chosen)
            if frame.empty:
                print("no hands match (check --db, --player, --game ...)", file=sys.stderr)
                return 0
            if cards:
                results = winrates(store.con, filters, by, gap)
                games = stat_table(store.con, filters, ("player", "game"), ("hands",))
                print("\n\n".join(player_card(frame, results, games, name) for name in args.player))
                return 0
            shown = limit_rows(frame, limits, order_by_hands=per_player)
            if not table:
                _emit(shown.frame.drop(columns=["label"]), args.format)
                return 0
            width = shutil.get_terminal_size((120, 24)).columns
            print(hud_table(shown.frame, money(store.con, filters, by), width))
        except ValueError as exc:
            return fail(str(exc))
    note = footer(shown, limits, "player" if by == ("player",) else "row")
    if note:
        print("\n".join(fit(line, width) for line in note.splitlines()))
    return 0


# ---------------------------------------------------------------------------------------------- cells


def short_cell(kind: str, done: int, chances: int, rate: float) -> str:
    """``23.4% (500)``: the rate and its chances only (done is rate x chances); a ratio without counts."""
    if kind == "count":
        return f"{done:,}"
    if chances == 0 or math.isnan(rate):
        return "inf" if kind == "ratio" and done else "-"
    return f"{100 * rate:.1f}% ({chances})" if kind == "pct" else f"{rate:.2f}"


def tiny_cell(kind: str, done: int, chances: int, rate: float) -> str:
    """``23% (500)``: whole percents, as a HUD shows them; the last step before a table stops fitting."""
    if kind == "pct" and chances and not math.isnan(rate):
        return f"{100 * rate:.0f}% ({chances})"
    return short_cell(kind, done, chances, rate)


CELL_STYLES: tuple[tuple[Cell, str], ...] = (
    (cell, "23.4% (117/500): done 117 times in 500 chances"),
    (short_cell, "23.4% (500): 23.4% of 500 chances (--player NAME shows the exact counts)"),
    (tiny_cell, "23% (500): 23% of 500 chances (--player NAME shows the exact counts)"),
)
"""From the fullest to the narrowest, each with the legend that explains it; the table takes the first
style that fits the terminal, so a wide terminal shows every count and a narrow one still fits."""


# ------------------------------------------------------------------------------------- the HUD table


@dataclass(frozen=True, slots=True)
class Limits:
    """Which rows the table keeps: at least ``min_hands`` hands, and the ``top`` rows with the most
    hands (0: no limit)."""

    min_hands: int = 0
    top: int = 0


@dataclass(frozen=True, slots=True)
class Shown:
    """The long stat table cut to the rows kept, and how many rows each limit left out."""

    frame: pd.DataFrame
    too_few_hands: int
    beyond_top: int


def limit_rows(frame: pd.DataFrame, limits: Limits, order_by_hands: bool) -> Shown:
    """Keep the groups of ``frame`` (a :func:`~.stats.stat_table` that includes ``hands``) that meet
    ``limits`` (``top`` counts from the group with most hands, ties by name). ``order_by_hands`` puts the
    groups with most hands first; otherwise they keep their natural order (names, games, dates ...)."""
    groups = list(frame.columns[: frame.columns.get_loc("stat")])
    hands = frame[frame["stat"] == "hands"][[*groups, "done"]].rename(columns={"done": "_hands"})
    ranked = hands.sort_values(["_hands", *groups], ascending=[False, *[True] * len(groups)], kind="stable")
    enough = ranked[ranked["_hands"] >= limits.min_hands]
    kept = enough.head(limits.top) if limits.top else enough
    if not order_by_hands:
        kept = kept.sort_index()
    order = kept.reset_index(drop=True).reset_index(names="_order")
    out = frame.merge(order, on=groups, how="inner", sort=False)
    out = out.sort_values(["_order"], kind="stable").drop(columns=["_order", "_hands"]).reset_index(drop=True)
    return Shown(out, len(hands) - len(enough), len(enough) - len(kept))


def money_columns(money: pd.DataFrame, groups: Sequence[str]) -> pd.DataFrame:
    """Net won and BB/100 per group from :func:`~.winrate.money` (which keeps currencies apart): the
    nets of each currency side by side, exact; BB/100 over all of them, since big bets add up across
    currencies, per 100 of the hands whose big bet is known (:func:`bb_notes` says how many were not)."""
    import pandas as pd

    from ..analytics.stats import currencies

    rows = []
    for key, part in money.groupby(list(groups), sort=False, dropna=False):
        net = ", ".join(_money(int(n), c) for n, c in zip(part["net"], currencies(part["currency"])))
        counted = int(part["bb_hands"].sum())
        bb100 = f"{100 * part['net_bb'].sum() / counted:+.2f}" if counted else ""
        rows.append([*(key if isinstance(key, tuple) else (key,)), net, bb100])
    return pd.DataFrame(rows, columns=[*groups, "Net won", "BB/100"])


UNKNOWN_BIG_BET = "the site prints no stakes and none of the hand's bets shows the big bet"
INFERRED_BIG_BET = "the site prints no stakes: the hand's own bets show it"


def bb_notes(money: pd.DataFrame, whose: str) -> list[str]:
    """What BB/100 of the ``money`` rows (:func:`~.winrate.money` or ``winrates``) leaves out and what it infers, in
    words, ``whose`` naming the hands ("these rows'"): empty when every big bet was printed."""
    hands, counted, inferred = (int(money[c].sum()) for c in ("hands", "bb_hands", "bb_inferred"))
    notes = []
    if hands > counted:
        notes.append(
            f"BB/100 leaves out {hands - counted:,} of {whose} {hands:,} hands: their big bet is unknown "
            f"({UNKNOWN_BIG_BET})"
        )
    if inferred:
        notes.append(f"BB/100 counts {_hands(inferred)} at an inferred big bet ({INFERRED_BIG_BET})")
    return notes


def _hands(count: int) -> str:
    return f"{count:,} hand{'' if count == 1 else 's'}"


def hud_table(frame: pd.DataFrame, money: pd.DataFrame, width: int) -> str:
    """One row per group with its stats, net won and BB/100, fitted to ``width`` columns, and the lines
    saying how to read the cells. The fullest cell style whose table fits is taken; when even the
    narrowest is too wide, whole columns are left out (net won first, then the stats from the right;
    never the names, hands or BB/100) and the legend names them. No line is ever wider than ``width``."""
    groups = shown_groups(frame)
    results = money_columns(money, groups)
    lines: list[str] = []
    legend = ""
    wide = None
    for style, explained in CELL_STYLES:
        legend = explained
        wide = stat_grid(frame, style).merge(results, on=groups, how="left", sort=False)
        lines = _table_lines(wide, groups)
        if _widest(lines) <= width:
            break
    assert wide is not None
    stats = [c for c in wide.columns if c not in groups and c not in ("Hands", "Net won", "BB/100")]
    droppable = ["Net won", *reversed(stats)]
    dropped: list[str] = []
    while _widest(lines) > width and droppable:
        dropped.append(droppable.pop(0))
        lines = _table_lines(wide.drop(columns=dropped), groups)
    notes = [legend]
    if dropped:
        left_out = [c.removesuffix(ALL_LATER) for c in wide.columns if c in dropped]
        notes.append(
            f"not shown, the terminal is too narrow: {', '.join(left_out)} "
            "(widen it, or choose the stats with --stat KEY)"
        )
    if any(c.endswith(ALL_LATER) and c not in dropped for c in wide.columns):
        notes.append(
            "AF: aggression factor, (bets + raises) / calls; later-street stats count the streets after the first together"
        )
    notes.append("BB/100: big bets won per 100 hands")
    notes += bb_notes(money, "these rows'")
    ends = [";"] * (len(notes) - 1) + ["."]
    return "\n".join(lines) + "\n\n" + "\n".join(fit(note + end, width) for note, end in zip(notes, ends))


def _table_lines(wide: pd.DataFrame, groups: Sequence[str]) -> list[str]:
    header = [c.replace("_", " ").capitalize() if c in groups else c.removesuffix(ALL_LATER) for c in wide.columns]
    body = [[_text(v) for v in r] for r in wide.itertuples(index=False)]
    return align([*header_rows(header, body), *body], left=len(groups))


def _widest(lines: Sequence[str]) -> int:
    return max((len(line) for line in lines), default=0)


def fit(text: str, width: int) -> str:
    """``text`` broken between words into lines of at most ``width`` characters (a terminal must never
    wrap a line itself: the table below would no longer line up)."""
    return textwrap.fill(text, width=max(width, 20), break_long_words=True, break_on_hyphens=False)


def header_rows(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[list[str]]:
    """The header on two lines where a title is wider than its column's values ('Fold to' over 'steal'),
    so long titles do not widen the table; on one line when no title needs it."""
    widths = [max((len(row[i]) for row in body), default=0) for i in range(len(header))]
    top, bottom = [], []
    for title, width in zip(header, widths):
        spaces = [i for i, ch in enumerate(title) if ch == " "]
        if len(title) <= width or not spaces:
            top.append("")
            bottom.append(title)
            continue
        cut = min(spaces, key=lambda i: max(i, len(title) - i - 1))
        top.append(title[:cut])
        bottom.append(title[cut + 1 :])
    return [top, bottom] if any(top) else [bottom]


def align(rows: Sequence[Sequence[str]], left: int) -> list[str]:
    """``rows`` as text columns two spaces apart: the first ``left`` columns (names, games ...) to the
    left, the numbers to the right, as a reader scans them."""
    widths = [max(len(x) for x in col) for col in zip(*rows)]
    return [
        "  ".join(x.ljust(w) if i < left else x.rjust(w) for i, (x, w) in enumerate(zip(row, widths))).rstrip()
        for row in rows
    ]


def _text(value: object) -> str:
    return "" if value is None or (isinstance(value, float) and math.isnan(value)) else str(value)


def footer(shown: Shown, limits: Limits, noun: str) -> str:
    """How many rows the limits left out and the option that shows them; empty when none was."""
    parts = []
    if shown.too_few_hands:
        parts.append(
            f"{plural(shown.too_few_hands, noun)} with fewer than {limits.min_hands} hands not shown "
            "(--min-hands 1 shows them)"
        )
    if shown.beyond_top:
        parts.append(
            f"{plural(shown.beyond_top, noun)} beyond the top {limits.top} by hands not shown (--top 0 shows all)"
        )
    return "\n".join(parts)


# ------------------------------------------------------------------------------------ the player card

SECTIONS: tuple[tuple[str, str], ...] = (
    ("{first} street", "vpip"),
    ("Later streets", "saw_3"),
    ("Showdown", "wtsd"),
    ("Hi/lo (stud8)", "scoop"),
)
"""Sections of the card: each runs, in :data:`~.stats.STATS` order, from its first stat to the next
section's first stat. ``{first}`` is the game's first street (:func:`~.stats.street_words`)."""


def sections(games: Iterable[str] = ()) -> list[tuple[str, list[str]]]:
    """``(title, stat keys)`` of each card section, every stat but ``hands`` in exactly one; the titles
    name the streets of ``games`` (every game when empty)."""
    from ..analytics.stats import STATS, street_words

    keys = [s.key for s in STATS]
    starts = [keys.index(first) for _, first in SECTIONS] + [len(keys)]
    return [(street_words(title, games), keys[a:b]) for (title, _), a, b in zip(SECTIONS, starts, starts[1:])]


def street_of(key: str) -> tuple[str, int | None]:
    """``"af_5"`` -> ``("af", 5)``; ``"af"`` -> ``("af", None)``: the later-street stats share a base
    key and differ by their street suffix."""
    base, _, suffix = key.rpartition("_")
    if base and suffix.isdigit() and int(suffix) in STREET_NAMES:
        return base, int(suffix)
    return key, None


def player_card(frame: pd.DataFrame, money: pd.DataFrame, games: pd.DataFrame, name: str) -> str:
    """Every stat of ``frame`` for player ``name`` in sections, the later streets as a grid (rows: the
    stat, columns: 4th-7th together then each street), then his results from ``money`` (winrates), one
    section per currency. Stats of a game he did not play (stud8's hi/lo) are left out."""
    from ..analytics.stats import STATS_BY_KEY, street_words

    mine = frame[frame["player"] == name]
    if mine.empty:
        return f"{name}: no hands match (check the name, it is case-sensitive, and the filters)"
    rows = {r.stat: r for r in mine.itertuples()}
    played = games[games["player"] == name]
    per_game = ", ".join(f"{g} {int(n):,}" for g, n in zip(played["game"], played["done"]))
    his = [str(g) for g in played["game"]]  # the card names the streets of the games he played
    blocks: list[tuple[str, list[list[str]], int]] = []
    for title, keys in sections(his):
        present = [k for k in keys if k in rows and not (STATS_BY_KEY[k].games and rows[k].chances == 0)]
        if title == "Later streets" and present:
            blocks.append((title, _street_grid([rows[k] for k in present]), 1))
        elif present:
            labels = [street_words(STATS_BY_KEY[k].label, his) for k in present]
            blocks.append((title, [[label, _card_cell(rows[k])] for label, k in zip(labels, present)], 2))
    blocks += _results(money[money["player"] == name])
    width = max(len(row[0]) for _, block, _ in blocks for row in block)
    lines = [f"{name}: {int(rows['hands'].done):,} hands ({per_game})"]
    for title, block, left in blocks:
        lines += ["", title, *("  " + line for line in align([[r[0].ljust(width), *r[1:]] for r in block], left))]
    return "\n".join(lines)


def _card_cell(row: Any) -> str:
    """``cell`` with the rate right-aligned in six places, so the rates of a section line up."""
    rate, _, counts = cell(row.kind, row.done, row.chances, row.rate).partition(" ")
    return f"{rate:>6} {counts}"


def _street_grid(rows: list[Any]) -> list[list[str]]:
    """The later-street stats as rows (AF, C-bet ...) by columns (4th-7th, 4th ... 7th), header first."""
    streets = list(dict.fromkeys(s for r in rows for _, s in [street_of(r.stat)] if s is not None))
    columns = [LATER_LABEL, *(STREET_NAMES[s] for s in streets)]
    table: dict[str, dict[str, str]] = {}
    names: dict[str, str] = {}
    for r in rows:
        base, street = street_of(r.stat)
        column = LATER_LABEL if street is None else STREET_NAMES[street]
        names.setdefault(base, r.label.removesuffix(ALL_LATER if street is None else f" {STREET_NAMES[street]}"))
        table.setdefault(base, {})[column] = cell(r.kind, r.done, r.chances, r.rate)
    return [["", *columns], *([names[base], *(cells.get(c, "") for c in columns)] for base, cells in table.items())]


def _money(amount: int, currency: str | None) -> str:
    """An amount as printed, tournament chips named as such (a bare 1500 could be anything)."""
    return format_money(amount, currency) + ("" if currency else " chips")


def _results(money: pd.DataFrame) -> list[tuple[str, list[list[str]], int]]:
    """A card section per currency: net (and per hour), BB/100 with its 95% interval, rake, sessions."""
    from ..analytics.stats import currencies

    blocks = []
    for r in money.itertuples():
        currency = currencies([r.currency])[0]
        interval = "" if math.isnan(r.ci95_low) else f" (95% interval {r.ci95_low:+.1f} to {r.ci95_high:+.1f})"
        bb100 = "unknown" if math.isnan(r.bb100) else f"{r.bb100:+.2f}{interval}"
        left_out, inferred = int(r.hands - r.bb_hands), int(r.bb_inferred)
        per_hour = "" if math.isnan(r.net_per_hour) else f" ({format_money(round(r.net_per_hour), currency)} per hour)"
        blocks.append(
            (
                f"Results ({currency or 'tournament chips'})",
                [
                    ["Net won", f"{_money(int(r.net), currency)} in {int(r.hands):,} hands{per_hour}"],
                    ["BB/100", bb100],
                    *(
                        [["", f"leaves out {_hands(left_out)}: big bet unknown ({UNKNOWN_BIG_BET})"]]
                        if left_out
                        else []
                    ),
                    *(
                        [["", f"counts {_hands(inferred)} at an inferred big bet ({INFERRED_BIG_BET})"]]
                        if inferred
                        else []
                    ),
                    ["Rake paid", format_money(int(r.rake_paid), currency)],
                    ["Sessions", f"{int(r.sessions):,} ({r.hours:.1f} hours)"],
                ],
                2,
            )
        )
    return blocks


# --------------------------------------------------------------------------------- other output forms


def stat_list_text(listing: pd.DataFrame) -> str:
    """``--stat list`` for people: the keys by card section, each with its label, the games it applies
    to and what it counts, as 'done / chances'."""
    by_key = {r.stat: r for r in listing.itertuples()}
    rows = [
        ["key", "label", "games", "what is counted / out of what"],
        ["hands", by_key["hands"].label, "all", by_key["hands"].meaning],
    ]
    for title, keys in sections():
        rows += [[""] * 4, [title, "", "", ""]]
        rows += [[k, by_key[k].label, by_key[k].games, by_key[k].meaning] for k in keys]
    return "\n".join(align(rows, left=4))


def winrate_text(frame: pd.DataFrame) -> str:
    """The money view for people, one row per group and currency: hands, net and rake in the printed
    unit (tournament chips named), BB/100 with its 95% interval, sessions, hours, money per hour."""
    from ..analytics.stats import currencies

    groups = shown_groups(frame, before="hands")
    units = currencies(frame["currency"])
    header = [
        *(c.replace("_", " ").capitalize() for c in groups),
        "Currency",
        "Hands",
        "Net won",
        "Rake paid",
        "BB/100",
        "95% interval",
        "Sessions",
        "Hours",
        "Per hour",
        "Hands/hour",
    ]
    body = [
        [
            *(_text(v) for v in keys),
            unit or "chips",
            f"{hands:,}",
            format_money(int(net), unit),
            format_money(int(rake), unit),
            "" if math.isnan(bb) else f"{bb:+.2f}",
            "" if math.isnan(lo) else f"{lo:+.1f} to {hi:+.1f}",
            f"{sessions:,}",
            f"{hours:.1f}",
            "" if math.isnan(per_hour) else format_money(round(per_hour), unit),
            "" if math.isnan(rate) else f"{rate:.0f}",
        ]
        for keys, unit, hands, net, rake, bb, lo, hi, sessions, hours, per_hour, rate in zip(
            frame[groups].itertuples(index=False),
            units,
            frame["hands"],
            frame["net"],
            frame["rake_paid"],
            frame["bb100"],
            frame["ci95_low"],
            frame["ci95_high"],
            frame["sessions"],
            frame["hours"],
            frame["net_per_hour"],
            frame["hands_per_hour"],
        )
    ]
    notes = bb_notes(frame, "these rows'")
    return "\n".join(align([header, *body], left=len(groups) + 1)) + "".join(f"\n{note}." for note in notes)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP, CSV injection)."""


def spreadsheet_safe(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with every text cell that a spreadsheet would run as a formula (a player named
    ``=HYPERLINK(...)``, ``+1-1``, ``@SUM(1)``) prefixed with a single quote, as OWASP advises for CSV
    output; numbers (a negative net) are left alone, being numbers."""
    from pandas.api.types import is_string_dtype

    def safe(value: object) -> object:
        return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value

    text = [c for c in frame.columns if is_string_dtype(frame[c])]
    return frame.assign(**{c: frame[c].map(safe) for c in text}) if text else frame


def _emit(frame: pd.DataFrame, fmt: str) -> None:
    """``frame`` as csv or json records on stdout, for programs. In csv, formula-like text is defused
    (:func:`spreadsheet_safe`) and every text cell quoted, so a hostile player name stays a name."""
    if fmt == "csv":
        spreadsheet_safe(frame).to_csv(sys.stdout, index=False, quoting=csv.QUOTE_NONNUMERIC)
    else:
        print(frame.to_json(orient="records", date_format="iso", indent=1))


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
