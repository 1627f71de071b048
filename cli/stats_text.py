"""The text and records ``studbook stats`` prints: the HUD table fitted to a width, one player's card, the
money view, ``--stat list``, and csv/json for programs. Apart from the command (:mod:`.cmd_stats`) so that
``studbook --help`` need not import the stats machinery a table is drawn from."""

from __future__ import annotations

import csv
import math
import sys
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..analytics.flags import LATER_LABEL
from ..analytics.grid import INFINITE, Cell, cell, shown_groups, stat_grid
from ..engine.model import STREET_NAMES
from .app import plural

if TYPE_CHECKING:
    import pandas as pd

ALL_LATER = f" {LATER_LABEL}"
"""The end of the label of a later-street stat over every street after the first together ('AF later
streets': 4th-7th, Five Card Stud's 3rd-5th); the table's legend
says it once instead of every title."""


# ---------------------------------------------------------------------------------------------- cells


def short_cell(kind: str, done: int, chances: int, rate: float) -> str:
    """``23.4% (500)``: the rate and its chances only (done is rate x chances); a ratio without counts."""
    if kind == "count":
        return f"{done:,}"
    if chances == 0 or math.isnan(rate):
        return INFINITE if kind == "ratio" and done else "-"
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
    return _kept(frame, groups, hands, limits, order_by_hands)


def limit_winrates(frame: pd.DataFrame, limits: Limits, order_by_hands: bool) -> Shown:
    """:func:`limit_rows` for a :func:`~.winrate.winrates` frame (a row per group and currency): a
    group's hands are those of all its currencies, and its rows stay together."""
    groups = [c for c in frame.columns[: frame.columns.get_loc("hands")] if c != "currency"]
    if not groups:
        return Shown(frame, 0, 0)
    hands = frame.groupby(groups, sort=False, dropna=False)["hands"].sum().rename("_hands").reset_index()
    return _kept(frame, groups, hands, limits, order_by_hands)


def _kept(frame: pd.DataFrame, groups: list[str], hands: pd.DataFrame, limits: Limits, by_hands: bool) -> Shown:
    """The rows of ``frame`` whose group (``groups`` columns) in ``hands`` (those columns and ``_hands``)
    meets ``limits``, most hands first when ``by_hands`` (ties by name, whatever the capitals), else in
    ``hands``' order."""
    ranked = hands.sort_values(
        ["_hands", *groups],
        ascending=[False, *[True] * len(groups)],
        key=lambda c: c.str.casefold() if c.dtype == object and c.map(type).eq(str).all() else c,
        kind="stable",
    )
    enough = ranked[ranked["_hands"] >= limits.min_hands]
    kept = enough.head(limits.top) if limits.top else enough
    if not by_hands:
        kept = kept.sort_index()
    order = kept.reset_index(drop=True).reset_index(names="_order")
    out = frame.merge(order, on=groups, how="inner", sort=False)
    out = out.sort_values(["_order"], kind="stable").drop(columns=["_order", "_hands"]).reset_index(drop=True)
    return Shown(out, len(hands) - len(enough), len(enough) - len(kept))


def plain_dates(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its day columns (the ``date`` breakdown: timestamps at midnight) as ``2026-03-15``
    rather than ``2026-03-15 00:00:00``, in a table as in csv and json."""
    from pandas.api.types import is_datetime64_any_dtype

    days = [
        c
        for c in frame.columns
        if is_datetime64_any_dtype(frame[c]) and (frame[c].dropna().dt.normalize() == frame[c].dropna()).all()
    ]
    return frame.assign(**{c: frame[c].dt.strftime("%Y-%m-%d") for c in days}) if days else frame


MONEY_STATS = (("net_won", "Net won", "money"), ("bb100", "BB/100", "bb100"))
"""The money figures the table shows, as records of csv and json: net won (``done``: cents of the
``currency``, or whole chips; ``chances``: the hands) and BB/100 (``rate``, with ``ci95_low``/``ci95_high``;
``chances``: the hands whose big bet is known)."""


def money_records(frame: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """The long stat records ``frame`` (without ``label``), then the money of its groups from ``results``
    (:func:`~.winrate.winrates`): a ``net_won`` and a ``bb100`` record per group and currency, with
    the columns ``currency``, ``ci95_low`` and ``ci95_high`` (empty for the other stats), so that a
    program gets every figure the table shows."""
    import pandas as pd

    groups = [c for c in frame.columns[: frame.columns.get_loc("stat")] if c in results.columns]
    kept = results.merge(frame[groups].drop_duplicates(), on=groups, how="inner") if groups else results
    rows = []
    for r in kept.itertuples(index=False):
        base = {c: getattr(r, c) for c in groups}
        rows.append(
            {**base, "stat": "net_won", "kind": "money", "done": r.net, "chances": r.hands, "currency": r.currency}
        )
        rows.append(
            {
                **base,
                "stat": "bb100",
                "kind": "bb100",
                "chances": r.bb_hands,
                "rate": r.bb100,
                "ci95_low": r.ci95_low,
                "ci95_high": r.ci95_high,
                "currency": r.currency,
            }
        )
    out = pd.concat([frame, pd.DataFrame(rows)], ignore_index=True)
    for column in ("done", "chances"):
        out[column] = out[column].astype("Int64")
    return out


def money_columns(money: pd.DataFrame, groups: Sequence[str]) -> pd.DataFrame:
    """Net won and BB/100 per group from :func:`~.winrate.money` (which keeps currencies apart): the
    nets of each currency side by side, exact; BB/100 over all of them, since big bets add up across
    currencies, per 100 of the hands whose big bet is known (:func:`bb_notes` says how many were not)."""
    import pandas as pd

    from ..analytics.units import format_amount, units

    rows = []
    combined = False
    for key, part in money.groupby(list(groups), sort=False, dropna=False):
        net = ", ".join(format_amount(int(n), u) for n, u in zip(part["net"], units(part["currency"])))
        combined = combined or part["currency"].nunique(dropna=False) > 1
        counted = int(part["bb_hands"].sum())
        bb100 = f"{100 * part['net_bb'].sum() / counted:+.2f}" if counted else ""
        rows.append([*(key if isinstance(key, tuple) else (key,)), net, bb100])
    # big bets are the one measure that adds across units; a row that does so says it in its header
    return pd.DataFrame(rows, columns=[*groups, "Net won", "BB/100 (units combined)" if combined else "BB/100"])


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


def _results(money: pd.DataFrame) -> list[tuple[str, list[list[str]], int]]:
    """A card section per unit (a currency, tournament chips, play money: never added together): net
    (and per hour), BB/100 with its 95% interval, rake, sessions."""
    from ..analytics.units import format_amount, unit_title, units

    blocks = []
    for r in money.itertuples():
        unit = units([r.currency])[0]
        interval = "" if math.isnan(r.ci95_low) else f" (95% interval {r.ci95_low:+.1f} to {r.ci95_high:+.1f})"
        bb100 = "unknown" if math.isnan(r.bb100) else f"{r.bb100:+.2f}{interval}"
        left_out, inferred = int(r.hands - r.bb_hands), int(r.bb_inferred)
        per_hour = "" if math.isnan(r.net_per_hour) else f" ({format_amount(round(r.net_per_hour), unit)} per hour)"
        blocks.append(
            (
                f"Results ({unit_title(unit)})",
                [
                    ["Net won", f"{format_amount(int(r.net), unit)} in {int(r.hands):,} hands{per_hour}"],
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
                    ["Rake paid", format_amount(int(r.rake_paid), unit)],
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
    """The money view for people, one row per group and unit (a currency, ``chips``, ``play``: never
    added together): hands, net and rake with their unit, BB/100 with its 95% interval, sessions, hours,
    money per hour."""
    from ..analytics.units import format_amount
    from ..analytics.units import units as unit_column

    groups = shown_groups(frame, before="hands")
    units = unit_column(frame["currency"])
    header = [
        *(c.replace("_", " ").capitalize() for c in groups),
        "Unit",
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
            unit,
            f"{hands:,}",
            format_amount(int(net), unit),
            format_amount(int(rake), unit),
            "" if math.isnan(bb) else f"{bb:+.2f}",
            "" if math.isnan(lo) else f"{lo:+.1f} to {hi:+.1f}",
            f"{sessions:,}",
            f"{hours:.1f}",
            "" if math.isnan(per_hour) else format_amount(round(per_hour), unit),
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


def emit(frame: pd.DataFrame, fmt: str) -> None:
    """``frame`` as csv or json records on stdout, for programs. In csv, formula-like text is defused
    (:func:`spreadsheet_safe`) and every text cell quoted, so a hostile player name stays a name."""
    if fmt == "csv":
        spreadsheet_safe(frame).to_csv(sys.stdout, index=False, quoting=csv.QUOTE_NONNUMERIC)
    else:
        print(frame.to_json(orient="records", date_format="iso", indent=1))
