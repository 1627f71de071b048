"""Charts a stud player would put in a forum post: winnings over time, the hi/lo make-up of a stud8 result,
and win rates with their uncertainty.

Each chart is two steps: a ``*_data`` function runs the SQL and returns the exact numbers as a DataFrame
(money in BIGINT cents or whole chips, as stored), and a ``*_chart`` function draws it on a matplotlib ``Axes`` and
returns it, so a notebook can show the table, restyle the axes or put several charts in one figure.

Money is drawn in the currency of the hands (dollars, euros, or chips for tournaments and play money);
hands of more than one currency cannot share an axis, so they are drawn in big bets (the upper limit of
each hand's stakes), which is also the unit of BB/100. Amounts get thousands separators; every axis says
its unit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

import duckdb
import numpy as np
import pandas as pd

from ..engine.model import CURRENCY_SYMBOLS
from .stats import Filters, stat_table
from .units import UNIT_SQL, per_unit, units
from .winrate import Z95, winrates

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.ticker import FuncFormatter


STUD8_RESULTS: tuple[tuple[str, str], ...] = (
    ("scoop", "Scoop"),
    ("hi_only", "High only"),
    ("lo_only", "Low only"),
    ("quartered", "Quartered"),
)
"""The stud8 result stats (keys of :data:`studbook.analytics.stats.STATS`) the result chart counts."""


Line = tuple[str, pd.Series, dict[str, Any]]
"""A line to draw: its legend name, its y values (one per hand) and matplotlib style keywords."""


class NoHands(ValueError):
    """Nothing to draw: the player has no hands matching the filters (the message lists who has)."""


def _player_filters(player: str, filters: Filters | None, games: Sequence[str] = ()) -> Filters:
    """``filters`` narrowed to ``player`` and, for a chart of some games only, to those ``games``."""
    base = filters or Filters()
    chosen = tuple(g for g in games if not base.games or g in base.games) if games else base.games
    if games and not chosen:
        raise NoHands(
            f"no {'/'.join(games)} hands for player {player!r}: the game filter selects {', '.join(base.games)} only"
        )
    return replace(base, players=(player,), games=chosen)


def _no_hands(con: duckdb.DuckDBPyConnection, player: str, what: str) -> NoHands:
    known = [
        r[0]
        for r in con.execute(
            "SELECT player FROM hand_players GROUP BY player ORDER BY COUNT(*) DESC, player LIMIT 8"
        ).fetchall()
    ]
    listed = ", ".join(known) if known else "nobody: import some hand histories first"
    return NoHands(f"no {what} for player {player!r} (players with the most hands: {listed})")


# ------------------------------------------------------------------------------------ the unit


def money_unit(frame: pd.DataFrame) -> tuple[str, float]:
    """How to draw the money of ``frame`` (columns ``currency``, the unit of :mod:`.units`, and
    ``big_bet``): an axis label and a divisor per row — the unit when there is only one (its stored
    amounts over :func:`~.units.per_unit`: cents / 100, chips / 1), else big bets, the one measure
    several units add up in (dollars and chips never do)."""
    currencies = set(units(frame["currency"]))
    if len(currencies) == 1:
        unit = currencies.pop()
        symbol = CURRENCY_SYMBOLS.get(unit, "")
        return (f"{symbol} ({unit})" if symbol else unit), float(per_unit(unit))
    return "big bets", 0.0


def _in_unit(frame: pd.DataFrame, column: str, divisor: float) -> pd.Series:
    """``column`` (as stored) divided into the unit: by ``divisor``, or by each row's big bet when 0 (a
    big bet of 0, one a site that prints no stakes never showed, gives no value rather than infinity)."""
    return frame[column] / (divisor if divisor else frame["big_bet"].where(frame["big_bet"] > 0))


def _amounts() -> FuncFormatter:
    """Tick labels with thousands separators and only the decimals the tick needs (20, 2.5, 0.04)."""
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda v, _: f"{v:,.10g}")


def amount_ticks(ax: Axes, hands_on_x: bool = True) -> None:
    """Readable amounts on y and whole hand counts on x (unless x holds categories)."""
    from matplotlib.ticker import MaxNLocator

    if hands_on_x:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.set_major_formatter(_amounts())
    ax.yaxis.set_major_formatter(_amounts())


def _decimals(values: np.ndarray) -> int:
    """Cents in a legend's amounts only when the amounts are small enough for them to matter."""
    span = float(np.nanmax(np.abs(values))) if len(values) else 0.0
    return 2 if span < 100 else 0


def literal_text(text: str) -> str:
    """``text`` drawn as written: matplotlib reads a pair of ``$`` as a formula ("$1/$2" stakes, names)."""
    return text.replace("$", r"\$")


def figure_axes(ax: Axes | None, height: float = 5.0) -> Axes:
    """``ax``, or the axes of a new figure sized for a post (``height`` inches tall, 9 wide)."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(9, height), layout="constrained")[1]


def style_axes(ax: Axes, title: str, xlabel: str, ylabel: str, amounts_on_x: bool = False) -> None:
    """Title, axis labels, a zero line across the amounts axis and a light grid behind the data."""
    ax.set_title(literal_text(title))
    ax.set_xlabel(literal_text(xlabel))
    ax.set_ylabel(literal_text(ylabel))
    (ax.axvline if amounts_on_x else ax.axhline)(0, color="0.6", linewidth=0.8, zorder=0)
    ax.set_axisbelow(True)
    ax.grid(True, axis="x" if amounts_on_x else "y", color="0.92")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


# ------------------------------------------------------------------------------ winnings lines


def winnings_data(con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None) -> pd.DataFrame:
    """One row per hand of ``player`` in time order: ``hand`` (1, 2 ...), ``hand_id``, ``started_at``,
    ``game``, ``currency``, ``big_bet``, ``net``, ``showdown`` (went to showdown), ``allin_ev`` (NULL
    without an all-in spot) and ``ev_net`` (the all-in EV where there is one, else the net)."""
    return _hands_in_order(
        con,
        player,
        _player_filters(player, filters),
        "hands",
        f"""
        SELECT hp.hand_id, h.started_at, h.game, {UNIT_SQL} AS currency, h.big_bet, hp.net, hp.showdown, hp.allin_ev,
               COALESCE(hp.allin_ev, hp.net) AS ev_net
        FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id""",
    )


def _hands_in_order(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters, what: str, select: str
) -> pd.DataFrame:
    """``select`` (over ``hp`` and ``h``) restricted by ``filters``, one row per hand in time order,
    numbered from 1 in a ``hand`` column; NoHands when there is none."""
    where, params = filters.where()
    frame = con.execute(f"{select} WHERE {where} ORDER BY h.started_at NULLS LAST, hp.hand_id", params).df()
    if frame.empty:
        raise _no_hands(con, player, what)
    frame.insert(0, "hand", np.arange(1, len(frame) + 1))
    return frame


def winnings_chart(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None, ax: Axes | None = None
) -> Axes:
    """Cumulative net won against hands played: the total, its showdown and non-showdown parts (they add
    up to the total), and the all-in EV line (the total with every all-in before 7th valued at its
    equity instead of its result: the gap between the two is luck)."""
    frame = winnings_data(con, player, filters)
    label, divisor = money_unit(frame)
    at_showdown = frame["showdown"].astype(bool)
    net = _in_unit(frame, "net", divisor)
    lines: list[Line] = [
        ("Net won", net.cumsum(), {"color": "black", "linewidth": 2.0}),
        ("Showdown", net.where(at_showdown, 0.0).cumsum(), {"color": "tab:blue"}),
        ("Non-showdown", net.where(~at_showdown, 0.0).cumsum(), {"color": "tab:red"}),
        ("All-in EV", _in_unit(frame, "ev_net", divisor).cumsum(), {"color": "tab:orange", "linestyle": "--"}),
    ]
    spots = int(frame["allin_ev"].notna().sum())
    return _draw_lines(
        figure_axes(ax),
        frame["hand"],
        lines,
        f"{player}: winnings over {len(frame):,} hands ({spots:,} all-in before 7th)",
        "Hands played",
        f"Cumulative net won, {label}",
    )


def _draw_lines(ax: Axes, hands: pd.Series, lines: Sequence[Line], title: str, xlabel: str, ylabel: str) -> Axes:
    """Cumulative lines against hands, each legend entry ending with the line's final amount."""
    decimals = _decimals(np.concatenate([y.to_numpy() for _, y, _ in lines]))
    for name, y, style in lines:
        ax.plot(hands, y, label=f"{name} ({y.iloc[-1]:,.{decimals}f})", **style)
    style_axes(ax, title, xlabel, ylabel)
    amount_ticks(ax)
    ax.legend(loc="best", frameon=False)
    return ax


# -------------------------------------------------------------------------------- stud8 halves


def stud8_components_data(con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None) -> pd.DataFrame:
    """One row per stud8 hand of ``player`` in time order with what the rules paid him, split by how:
    ``scooped`` (everything he won in a hand where nobody else was paid from his pots), ``high`` and
    ``low`` (the high and low halves he won in split pots; a pot no low qualified for counts as high),
    and ``invested`` and ``net`` (so ``scooped + high + low - invested == net``)."""
    return _hands_in_order(
        con,
        player,
        _player_filters(player, filters, games=("stud8",)),
        "stud8 hands",
        f"""
        WITH paid AS (
            SELECT hand_id, seat,
                   SUM(CASE WHEN half = 'low' THEN amount ELSE 0 END) AS low,
                   SUM(CASE WHEN half <> 'low' THEN amount ELSE 0 END) AS high
            FROM awards GROUP BY hand_id, seat
        )
        SELECT hp.hand_id, h.started_at, {UNIT_SQL} AS currency, h.big_bet, hp.invested, hp.net, hp.scoop,
               CAST(CASE WHEN hp.scoop THEN COALESCE(p.high + p.low, 0) ELSE 0 END AS BIGINT) AS scooped,
               CAST(CASE WHEN hp.scoop THEN 0 ELSE COALESCE(p.high, 0) END AS BIGINT) AS high,
               CAST(CASE WHEN hp.scoop THEN 0 ELSE COALESCE(p.low, 0) END AS BIGINT) AS low
        FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id
        LEFT JOIN paid p ON p.hand_id = hp.hand_id AND p.seat = hp.seat""",
    )


def stud8_components_chart(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None, ax: Axes | None = None
) -> Axes:
    """Where a stud8 result comes from: cumulative money won by scooping, from high halves and from low
    halves of split pots, the chips put in, and the net won (the first three minus the chips put in)."""
    frame = stud8_components_data(con, player, filters)
    label, divisor = money_unit(frame)
    lines: list[Line] = [
        ("Net won", _in_unit(frame, "net", divisor).cumsum(), {"color": "black", "linewidth": 2.0}),
        ("Won by scooping", _in_unit(frame, "scooped", divisor).cumsum(), {"color": "tab:green"}),
        ("High halves (split pots)", _in_unit(frame, "high", divisor).cumsum(), {"color": "tab:blue"}),
        ("Low halves (split pots)", _in_unit(frame, "low", divisor).cumsum(), {"color": "tab:purple"}),
        ("Put in the pot", -_in_unit(frame, "invested", divisor).cumsum(), {"color": "0.55", "linestyle": ":"}),
    ]
    return _draw_lines(
        figure_axes(ax),
        frame["hand"],
        lines,
        f"{player}: stud hi/lo winnings by half over {len(frame):,} hands",
        "Stud hi/lo hands played",
        f"Cumulative amount, {label}",
    )


def stud8_results_data(con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None) -> pd.DataFrame:
    """How ``player``'s winning stud8 hands were won: one row per result of :data:`STUD8_RESULTS` with
    ``count`` (hands), ``won_any`` (hands he won any money in) and the stat's ``label``."""
    table = stat_table(
        con, _player_filters(player, filters, games=("stud8",)), by=(), stats=[key for key, _ in STUD8_RESULTS]
    )
    if table.empty or int(table["chances"].max()) == 0:
        raise _no_hands(con, player, "winning stud8 hands")
    counts = table.set_index("stat")
    return pd.DataFrame(
        {
            "result": [key for key, _ in STUD8_RESULTS],
            "label": [label for _, label in STUD8_RESULTS],
            "count": [int(counts.loc[key, "done"]) for key, _ in STUD8_RESULTS],
            "won_any": [int(counts.loc[key, "chances"]) for key, _ in STUD8_RESULTS],
        }
    )


def stud8_results_chart(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None, ax: Axes | None = None
) -> Axes:
    """Counts of scoops, high-only, low-only and quartered wins, each with its share of the hands won."""
    frame = stud8_results_data(con, player, filters)
    ax = figure_axes(ax)
    won = int(frame["won_any"].iloc[0])
    colors = ["tab:green", "tab:blue", "tab:purple", "tab:orange"]
    bars = ax.bar(frame["label"], frame["count"], color=colors, label=frame["label"].tolist())
    ax.bar_label(bars, labels=[f"{c:,} ({100 * c / won:.0f}%)" for c in frame["count"]], padding=2)
    style_axes(
        ax, f"{player}: how {won:,} winning stud hi/lo hands were won", "Result", "Hands (share of the hands won)"
    )
    ax.margins(y=0.12)
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    amount_ticks(ax, hands_on_x=False)
    return ax


# ------------------------------------------------------------------------------------- BB/100


def bb100_data(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None, min_hands: int = 0
) -> pd.DataFrame:
    """``player``'s win rate per game and stakes: :func:`~.winrate.winrates` by game and stakes (hands,
    net, ``bb100``, ``se_bb100``, ``ci95_low``/``ci95_high`` ...), ordered by game then stakes, without
    the rows of fewer than ``min_hands`` hands (NoHands saying so when that leaves none)."""
    frame = winrates(con, _player_filters(player, filters), by=("game", "stakes"))
    if frame.empty:
        raise _no_hands(con, player, "hands")
    enough = frame[frame["hands"] >= min_hands]
    if enough.empty:
        raise NoHands(
            f"{player!r} has no game and stakes with {min_hands} hands or more (the most: {int(frame['hands'].max()):,}); "
            "a lower --min-hands shows them"
        )
    return enough.sort_values(["game", "big_bet", "currency"], kind="stable").reset_index(drop=True)


def bb100_chart(
    con: duckdb.DuckDBPyConnection,
    player: str,
    filters: Filters | None = None,
    ax: Axes | None = None,
    min_hands: int = 0,
) -> Axes:
    """BB/100 per game and stakes with error bars of ±1.96 standard errors (a 95% interval): a short
    sample's bar is long, which is the point. A group of a single hand has no standard error and no bar;
    groups of fewer than ``min_hands`` hands are left out, since one lucky hand's bar would set the scale."""
    frame = bb100_data(con, player, filters, min_hands)
    ax = figure_axes(ax, height=max(3.0, 1.5 + 0.45 * len(frame)))
    names = [
        literal_text(f"{g} {s}\n{n:,} hand{'s' if n != 1 else ''}")
        for g, s, n in zip(frame["game"], frame["stakes"], frame["hands"])
    ]
    rows = np.arange(len(frame))
    colors = ["tab:green" if v >= 0 else "tab:red" for v in frame["bb100"]]
    ax.barh(rows, frame["bb100"], color=colors, alpha=0.8, label="BB/100")
    known = frame["se_bb100"].notna().to_numpy()
    ax.errorbar(
        frame["bb100"][known],
        rows[known],
        xerr=Z95 * frame["se_bb100"][known],
        fmt="none",
        ecolor="black",
        capsize=4,
        label="95% interval (±1.96 standard errors)",
    )
    ax.set_yticks(rows, names)
    ax.invert_yaxis()
    style_axes(
        ax, f"{player}: win rate by game and stakes", "Win rate, big bets per 100 hands (BB/100)", "", amounts_on_x=True
    )
    ax.xaxis.set_major_formatter(_amounts())
    ax.legend(loc="best", frameon=False)
    return ax


def spots_chart(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters | None = None, ax: Axes | None = None
) -> Axes:
    """The 3rd-street heat map of ``player`` (:func:`studbook.analytics.spots_chart.spots_chart`; imported
    when drawn, as that module draws with this one's helpers)."""
    from .spots_chart import spots_chart as heat_map

    return heat_map(con, player, filters, ax)


CHARTS = {
    "winnings": winnings_chart,
    "stud8": stud8_components_chart,
    "stud8-results": stud8_results_chart,
    "bb100": bb100_chart,
    "spots": spots_chart,
}
"""Every chart function by its ``studbook chart`` name."""
