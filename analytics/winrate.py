"""Win rates: net won, BB/100 with its standard error and 95% interval, sessions, $/hour, rake paid.

Money is summed exactly (BIGINT hundredths, as stored) and only divided at the end. BB/100 is measured in
big bets (the upper limit of the stakes) per hand, so hands of different stakes add up; the standard
error comes from the spread of the per-hand result in big bets, which is what makes a short sample's
BB/100 meaningless and a long one's believable.

Sessions are found from the hand time stamps of each player: a gap longer than ``session_gap`` between
two of his hands (at any table) starts a new session. Each hand is credited with the time until the
player's next hand of the same session, so a session lasts from its first to its last hand and any
breakdown (by game, by stakes ...) splits the hours consistently; a session is counted in the group of
the hand that began it. Hands without a time stamp count for money but not for time.
"""

from __future__ import annotations

import math
from datetime import timedelta
from fractions import Fraction
from typing import Any, Sequence

import duckdb
import numpy as np
import pandas as pd

from .stats import Filters, Selection, selection, stakes_labels

DEFAULT_SESSION_GAP = timedelta(minutes=30)

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def _timed(sel: Selection, session_gap: timedelta) -> tuple[str, list[Any]]:
    """The selected player rows with their group columns, money and time: ``starts`` (1 when the hand
    begins one of the player's sessions, 0 when it continues one, NULL without a time stamp) and
    ``seconds`` until the player's next hand of the same session. One windowed pass, no join back and
    no running sum: this is what keeps a million hands fast. Hands dealt at the same second count as
    one moment (the later ones continue the session)."""
    groups = ", ".join(sel.exprs) + ", " if sel.exprs else ""
    sql = f"""
        SELECT * EXCLUDE (since_previous, until_next),
               CASE WHEN started_at IS NULL THEN NULL
                    WHEN since_previous IS NULL OR since_previous > ? THEN 1 ELSE 0 END AS starts,
               CASE WHEN until_next <= ? THEN epoch(until_next) ELSE 0 END AS seconds
        FROM (
            SELECT {groups}hp.player, hp.net, hp.rake_paid, NULLIF(h.big_bet, 0) AS hand_big_bet,
                   h.stakes_inferred AS hand_stakes_inferred, h.started_at,
                   h.started_at - LAG(h.started_at) OVER w AS since_previous,
                   LEAD(h.started_at) OVER w - h.started_at AS until_next
            FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id
            WHERE {sel.where}
            WINDOW w AS (PARTITION BY hp.player ORDER BY h.started_at)
        )
    """
    return sql, [session_gap, session_gap, *sel.params]


def _money_by(by: Sequence[str]) -> list[str]:
    """``by``, with the currency added when nothing else keeps currencies apart (money never mixes them)."""
    return list(by) if {"stakes", "currency"} & set(by) else [*by, "currency"]


def money(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    by: Sequence[str] = ("player",),
    rollup: bool = True,
) -> pd.DataFrame:
    """What the headline table shows of money, per group of ``by`` and currency: ``hands``, ``net`` and
    ``rake_paid`` (exact hundredths), ``net_bb``, ``bb_hands``, ``bb_inferred`` and ``bb100``, as in
    :func:`winrates` but without the sessions, hours and spread, which need every hand in time order:
    so this is answered from the dataset's rollup (:mod:`.rollup`) when it can be, unless ``rollup``
    is False. ``net_bb`` is exact before its one rounding: the nets are summed per big bet (a key of the
    rollup), in integers, and those sums divided by their big bet as fractions, so the raw rows and the
    rollup give the same float, whatever order the rows are summed in."""
    from . import rollup as pre

    sel = selection(filters, _money_by(by))
    summed = pre.plan(con, sel, use=rollup)
    if summed is None:
        rows, source = sel, "hand_players hp JOIN hands h ON h.hand_id = hp.hand_id"
        hands, net, rake, big_bet, inferred = "1", "hp.net", "hp.rake_paid", "NULLIF(h.big_bet, 0)", "h.stakes_inferred"
    else:
        rows, source = summed, f"{pre.VIEW} r"
        hands, net, rake, big_bet, inferred = (
            "r.hands",
            "r.net",
            "r.rake_paid",
            "NULLIF(r.big_bet, 0)",
            "r.stakes_inferred",
        )
    names = ", ".join(rows.exprs)
    groups = ", ".join(str(i) for i in range(1, len(rows.names) + 2))
    sql = f"""
        SELECT {names}, {big_bet} AS _big_bet, CAST(SUM({hands}) AS BIGINT) AS hands,
               CAST(SUM({net}) AS BIGINT) AS net, CAST(SUM({rake}) AS BIGINT) AS rake_paid,
               CAST(SUM(CASE WHEN {inferred} THEN {hands} ELSE 0 END) AS BIGINT) AS _inferred
        FROM {source} WHERE {rows.where} GROUP BY {groups} ORDER BY {groups}
    """
    parts = con.execute(sql, list(rows.params)).df()
    known = parts["_big_bet"].notna()
    parts["net_bb"] = [
        Fraction(int(n), int(b)) if k else None for n, b, k in zip(parts["net"], parts["_big_bet"], known)
    ]
    parts["bb_hands"] = parts["hands"].where(known, 0)
    parts["bb_inferred"] = parts["_inferred"].where(known, 0)
    keys = list(rows.names)
    frame = (
        parts.groupby(keys, dropna=False, sort=False)
        .agg(
            hands=("hands", "sum"),
            net=("net", "sum"),
            rake_paid=("rake_paid", "sum"),
            net_bb=("net_bb", _exact_sum),
            bb_hands=("bb_hands", "sum"),
            bb_inferred=("bb_inferred", "sum"),
        )
        .reset_index()
    )
    for column in ("hands", "net", "rake_paid", "bb_hands", "bb_inferred"):
        frame[column] = frame[column].fillna(0).astype("int64")
    frame["bb100"] = 100 * frame["net_bb"] / frame["bb_hands"].where(lambda n: n > 0)
    if "big_bet" in rows.names:
        frame.insert(list(rows.names).index("big_bet") + 1, "stakes", stakes_labels(frame))
    return frame


def _exact_sum(parts: pd.Series) -> float:
    """The sum of exact fractions (net / big bet per stakes) as the nearest float; NaN when none."""
    known = [p for p in parts if p is not None]
    return float(sum(known, Fraction(0))) if known else math.nan


def _net_bb(
    con: duckdb.DuckDBPyConnection, filters: Filters | None, by: Sequence[str], groups: pd.DataFrame
) -> pd.Series:
    """The net big bets of each of ``groups`` (rows of the group columns) from :func:`money`: the one exact
    sum, so ``winrates`` and the headline table show the same BB/100 to the last digit. A sum of per-hand
    floats drifts from it there wherever a big bet does not divide a net (a third of a 3/6 big bet)."""
    exact = money(con, filters, by)[[*groups.columns, "net_bb"]]
    net_bb = {_group_key(row[:-1]): row[-1] for row in exact.itertuples(index=False, name=None)}
    rows = groups.itertuples(index=False, name=None)
    return pd.Series([net_bb.get(_group_key(row), math.nan) for row in rows], index=groups.index, dtype="float64")


def _group_key(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A group's values as a dict key: every missing value as None, since a column that is all NULL
    comes out of DuckDB as objects in one frame and as float NaN in the other (no merge across those)."""
    return tuple(None if pd.isna(v) else v for v in values)


def winrates(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    by: Sequence[str] = ("player",),
    session_gap: timedelta = DEFAULT_SESSION_GAP,
) -> pd.DataFrame:
    """Per group of ``by`` (see :data:`~.stats.BREAKDOWNS`; money is always kept apart by currency):
    ``hands``, ``net`` and ``rake_paid`` (exact hundredths), ``net_bb`` (big bets: :func:`money`'s exact sum,
    so this BB/100 is the headline table's to the last digit), ``bb_hands`` (the
    hands BB/100 counts: those whose big bet is known; a site that prints no stakes leaves it unknown
    when no bet of the hand shows it), ``bb_inferred`` (of those, the hands whose big bet was inferred
    from their own bets, not printed), ``bb100`` (per 100 of ``bb_hands``), ``sd_bb``
    (standard deviation of the per-hand result in big bets), ``se_bb100``, ``ci95_low``/``ci95_high``,
    ``sessions`` (begun in the group), ``hours``, ``net_per_hour`` (hundredths per hour) and
    ``hands_per_hour``."""
    sel = selection(filters, _money_by(by))
    timed, params = _timed(sel, session_gap)
    names = ", ".join(sel.names)
    sql = f"""
        SELECT {names}, COUNT(*) AS hands, CAST(SUM(net) AS BIGINT) AS net,
               CAST(SUM(rake_paid) AS BIGINT) AS rake_paid,
               STDDEV_SAMP(net::DOUBLE / hand_big_bet) AS sd_bb,
               COUNT(hand_big_bet) AS bb_hands,
               COUNT(CASE WHEN hand_stakes_inferred THEN hand_big_bet END) AS bb_inferred,
               CAST(COALESCE(SUM(starts), 0) AS BIGINT) AS sessions,
               SUM(seconds) / 3600.0 AS hours
        FROM ({timed}) GROUP BY {sel.positions} ORDER BY {sel.positions}
    """
    frame = con.execute(sql, params).df()
    frame["net"] = frame["net"].astype("int64")
    frame["rake_paid"] = frame["rake_paid"].fillna(0).astype("int64")
    frame.insert(list(frame.columns).index("sd_bb"), "net_bb", _net_bb(con, filters, by, frame[list(sel.names)]))
    # big bets per 100 of the hands whose big bet is known: a site that prints no stakes (Bovada) leaves
    # it 0 when no bet of the hand shows it (engine/stakes.py), and such a hand has no result in big bets;
    # how many were left out, and how many counted with an inferred big bet, stay in the frame to be said
    for column in ("bb_hands", "bb_inferred"):
        frame[column] = frame[column].astype("int64")
    bb_hands = frame["bb_hands"].where(lambda n: n > 0)
    frame["bb100"] = 100 * frame["net_bb"] / bb_hands
    frame["se_bb100"] = 100 * frame["sd_bb"] / np.sqrt(bb_hands)
    frame["ci95_low"] = frame["bb100"] - Z95 * frame["se_bb100"]
    frame["ci95_high"] = frame["bb100"] + Z95 * frame["se_bb100"]
    hours = frame["hours"].where(frame["hours"] > 0)
    frame["net_per_hour"] = frame["net"] / hours
    frame["hands_per_hour"] = frame["hands"] / hours
    if "big_bet" in sel.names:
        frame.insert(list(sel.names).index("big_bet") + 1, "stakes", stakes_labels(frame))
    return frame


def sessions(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    session_gap: timedelta = DEFAULT_SESSION_GAP,
) -> pd.DataFrame:
    """One row per player and session: ``player``, ``session`` (1, 2 ... in time order), ``currency``,
    ``started``, ``ended``, ``hands``, ``net`` (exact hundredths), ``net_bb`` and ``hours``."""
    timed, params = _timed(selection(filters, ["currency"]), session_gap)
    sql = f"""
        SELECT player, session, currency, MIN(started_at) AS started, MAX(started_at) AS ended,
               COUNT(*) AS hands, CAST(SUM(net) AS BIGINT) AS net, SUM(net::DOUBLE / hand_big_bet) AS net_bb,
               SUM(seconds) / 3600.0 AS hours
        FROM (SELECT *, SUM(starts) OVER (PARTITION BY player ORDER BY started_at) AS session
              FROM ({timed}) WHERE starts IS NOT NULL)
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    """
    frame = con.execute(sql, params).df()
    frame["session"] = frame["session"].astype("int64")
    frame["net"] = frame["net"].astype("int64")
    return frame
