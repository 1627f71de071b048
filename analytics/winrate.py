"""Win rates: net won, BB/100 with its standard error and 95% interval, sessions, $/hour, rake paid.

Money is summed exactly (BIGINT in the unit's smallest amount, as stored) and only divided at the end. BB/100 is measured in
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
    one moment (the later ones continue the session); the hand id orders them, so that which of them is
    credited with the time until the next moment (and so a breakdown's hours) is the same every run."""
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
            WINDOW w AS (PARTITION BY hp.player ORDER BY h.started_at, h.hand_id)
        )
    """
    return sql, [session_gap, session_gap, *sel.params]


def _money_by(by: Sequence[str]) -> list[str]:
    """``by``, with the unit (the ``currency`` breakdown: a currency, ``chips`` or ``play``, :mod:`.units`)
    added when nothing else keeps units apart: money never adds two of them."""
    return list(by) if {"stakes", "currency"} & set(by) else [*by, "currency"]


def _per_big_bet(
    keys: Sequence[str],
    names: Sequence[str],
    source: str,
    *,
    big_bet: str,
    hands: str,
    net: str,
    squares: str = "NULL",
    extra: Sequence[tuple[str, str, str]] = (),
) -> str:
    """The one query shape money, win rates and sessions are summed in, so that they give the same net big
    bets: one scan of ``source`` (rows, or rollup rows, with a ``WHERE``) summed first per group of
    ``keys`` (``expr AS name``; ``names`` are theirs) and big bet (``big_bet``, NULL when unknown), then
    per group. The second step keeps the first one's exact sums as the list ``_parts`` (``net``,
    ``big_bet``, ``hands`` and ``squares``, the sum of the nets' squares where ``squares`` gives one per
    row), which :func:`_net_bb` and :func:`_sd_bb` divide, as fractions, once: a sum of per-hand floats
    drifts from the exact sum wherever a big bet does not divide a net (a third of a 3/6 big bet). It also
    gives ``hands``, ``net`` and ``bb_hands`` (the hands whose big bet is known), and each of ``extra``:
    ``(name, aggregate per group and big bet, aggregate of those per group)``."""
    n = len(names)
    inner = ", ".join(
        [
            *keys,
            f"{big_bet} AS _big_bet",
            f"SUM({hands}) AS hands",
            f"SUM({net}) AS net",
            f"SUM({squares}) AS _squares",
            *(f"{per_big_bet} AS {name}" for name, per_big_bet, _ in extra),
        ]
    )
    outer = ", ".join(
        [
            *names,
            "CAST(SUM(hands) AS BIGINT) AS hands",
            "CAST(SUM(net) AS BIGINT) AS net",
            "CAST(COALESCE(SUM(hands) FILTER (WHERE _big_bet IS NOT NULL), 0) AS BIGINT) AS bb_hands",
            *(f"{per_group} AS {name}" for name, _, per_group in extra),
            "LIST({'net': net, 'big_bet': _big_bet, 'hands': hands, 'squares': _squares})"
            " FILTER (WHERE _big_bet IS NOT NULL) AS _parts",
        ]
    )
    positions = ", ".join(str(i) for i in range(1, n + 1))
    return f"""
        SELECT {outer}
        FROM (SELECT {inner} FROM {source} GROUP BY {positions}, {n + 1})
        GROUP BY {positions} ORDER BY {positions}
    """


def _parts(value: Any) -> list[dict[str, int]]:
    """A ``_parts`` cell as a list (DuckDB hands pandas NA for a group without a known big bet)."""
    return [] if value is None or value is pd.NA else list(value)


def _net_bb(parts: list[dict[str, int]]) -> float:
    """The group's net in big bets, the sum of its exact fractions (net / big bet per big bet) rounded
    once, so every order of the rows gives the same float; NaN without a known big bet."""
    if not parts:
        return math.nan
    return float(sum((Fraction(p["net"], p["big_bet"]) for p in parts), Fraction(0)))


def _sd_bb(parts: list[dict[str, int]]) -> float:
    """The sample standard deviation of the group's per-hand results in big bets, from the exact sums
    of the nets and of their squares per big bet (the variance exact before its one rounding); NaN
    under two hands."""
    count = sum(p["hands"] for p in parts)
    if count < 2:
        return math.nan
    total = sum((Fraction(p["net"], p["big_bet"]) for p in parts), Fraction(0))
    squares = sum((Fraction(p["squares"], p["big_bet"] ** 2) for p in parts), Fraction(0))
    return math.sqrt((squares - total * total / count) / (count - 1))


def money(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    by: Sequence[str] = ("player",),
    rollup: bool = True,
) -> pd.DataFrame:
    """What the headline table shows of money, per group of ``by`` and currency: ``hands``, ``net`` and
    ``rake_paid`` (exact, in the unit: cents or whole chips), ``net_bb``, ``bb_hands``, ``bb_inferred`` and ``bb100``, as in
    :func:`winrates` but without the sessions, hours and spread, which need every hand in time order:
    so this is answered from the dataset's rollup (:mod:`.rollup`) when it can be, unless ``rollup``
    is False. ``net_bb`` is :func:`_per_big_bet`'s exact sum, so the raw rows, the rollup and
    :func:`winrates` give the same float."""
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
    sql = _per_big_bet(
        rows.exprs,
        rows.names,
        f"{source} WHERE {rows.where}",
        big_bet=big_bet,
        hands=hands,
        net=net,
        extra=(
            ("rake_paid", f"SUM({rake})", "CAST(SUM(rake_paid) AS BIGINT)"),
            ("bb_inferred", f"SUM(CASE WHEN {inferred} THEN {hands} ELSE 0 END)", _KNOWN_SUM.format("bb_inferred")),
        ),
    )
    frame = con.execute(sql, list(rows.params)).df()
    parts = [_parts(p) for p in frame.pop("_parts")]
    for column in ("hands", "net", "rake_paid", "bb_hands", "bb_inferred"):
        frame[column] = frame[column].fillna(0).astype("int64")
    frame["net_bb"] = [_net_bb(p) for p in parts]
    frame = frame[[*rows.names, "hands", "net", "rake_paid", "net_bb", "bb_hands", "bb_inferred"]]
    frame["bb100"] = 100 * frame["net_bb"] / frame["bb_hands"].where(lambda n: n > 0)
    if "big_bet" in rows.names:
        frame.insert(list(rows.names).index("big_bet") + 1, "stakes", stakes_labels(frame))
    return frame


_KNOWN_SUM = "CAST(COALESCE(SUM({0}) FILTER (WHERE _big_bet IS NOT NULL), 0) AS BIGINT)"
"""A per-big-bet count summed over the big bets that are known (what BB/100 counts)."""


def winrates(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    by: Sequence[str] = ("player",),
    session_gap: timedelta = DEFAULT_SESSION_GAP,
) -> pd.DataFrame:
    """Per group of ``by`` (see :data:`~.stats.BREAKDOWNS`; money is always kept apart by unit: each
    currency, tournament chips and play money in rows of their own, :mod:`.units`):
    ``hands``, ``net`` and ``rake_paid`` (exact, in the unit: cents or whole chips), ``net_bb`` (big bets: the exact sum of
    :func:`_per_big_bet`, as :func:`money`'s, so this BB/100 is the headline table's to the last digit),
    ``bb_hands`` (the hands BB/100 counts: those whose big bet is known; a site that prints no stakes
    leaves it unknown when no bet of the hand shows it), ``bb_inferred`` (of those, the hands whose big
    bet was inferred from their own bets, not printed), ``bb100`` (per 100 of ``bb_hands``), ``sd_bb``
    (standard deviation of the per-hand result in big bets), ``se_bb100``, ``ci95_low``/``ci95_high``,
    ``sessions`` (begun in the group), ``hours``, ``net_per_hour`` (cents or chips per hour) and
    ``hands_per_hour``."""
    sel = selection(filters, _money_by(by))
    timed, params = _timed(sel, session_gap)
    sql = _per_big_bet(
        sel.names,
        sel.names,
        f"({timed})",
        big_bet="hand_big_bet",
        hands="1",
        net="net",
        squares="net::HUGEINT * net",
        extra=(
            ("rake_paid", "SUM(rake_paid)", "CAST(COALESCE(SUM(rake_paid), 0) AS BIGINT)"),
            ("bb_inferred", "COUNT(CASE WHEN hand_stakes_inferred THEN 1 END)", _KNOWN_SUM.format("bb_inferred")),
            ("sessions", "SUM(starts)", "CAST(COALESCE(SUM(sessions), 0) AS BIGINT)"),
            ("hours", "SUM(seconds)", "SUM(hours) / 3600.0"),
        ),
    )
    frame = con.execute(sql, params).df()
    parts = [_parts(p) for p in frame.pop("_parts")]
    # big bets per 100 of the hands whose big bet is known: a site that prints no stakes (Bovada) leaves
    # it 0 when no bet of the hand shows it (engine/stakes.py), and such a hand has no result in big bets;
    # how many were left out, and how many counted with an inferred big bet, stay in the frame to be said
    frame["net_bb"] = [_net_bb(p) for p in parts]
    frame["sd_bb"] = [_sd_bb(p) for p in parts]
    money_columns = ["hands", "net", "rake_paid", "net_bb", "sd_bb", "bb_hands", "bb_inferred"]
    frame = frame[[*sel.names, *money_columns, "sessions", "hours"]]
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
    ``started``, ``ended``, ``hands``, ``net`` (exact, in the unit: cents or whole chips), ``net_bb`` (the exact sum of
    :func:`_per_big_bet`, as :func:`winrates`') and ``hours``."""
    timed, params = _timed(selection(filters, ["currency"]), session_gap)
    numbered = f"""(SELECT *, SUM(starts) OVER (PARTITION BY player ORDER BY started_at) AS session
                   FROM ({timed}) WHERE starts IS NOT NULL)"""
    sql = _per_big_bet(
        ("player", "session", "currency"),
        ("player", "session", "currency"),
        numbered,
        big_bet="hand_big_bet",
        hands="1",
        net="net",
        extra=(
            ("started", "MIN(started_at)", "MIN(started)"),
            ("ended", "MAX(started_at)", "MAX(ended)"),
            ("hours", "SUM(seconds)", "SUM(hours) / 3600.0"),
        ),
    )
    frame = con.execute(sql, params).df()
    parts = [_parts(p) for p in frame.pop("_parts")]
    frame["session"] = frame["session"].astype("int64")
    frame["net_bb"] = [_net_bb(p) for p in parts]
    return frame[["player", "session", "currency", "started", "ended", "hands", "net", "net_bb", "hours"]]
