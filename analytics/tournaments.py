"""Tournament results as rows and the stats of them: the ``tournaments`` table (one row a player a
tournament, each field with the source that said it), and per-player tournaments, ITM, ROI with its
95% interval, average finish, profit and biggest cash, always per unit.

Why per unit and never summed across: a tournament's amounts are in its own unit, hundredths of its
currency or whole play chips (:mod:`studbook.parsers.tournaments`), and $5 and 5 play chips added
together are a number that means nothing. Every table here is grouped by ``unit`` first; a ratio (ITM,
ROI) is computed within its unit too, since a dollar ROI and a play-money ROI are different questions.

Why the ROI interval is a ratio estimator's: ROI is total profit over total cost, and buy-ins differ
from one tournament to the next, so the mean of per-tournament ROIs would weigh a $1 tournament as much
as a $100 one. The interval is the usual linearised (delta-method) one for a ratio of sums, normal at
95%; below two tournaments there is no spread to measure and it is left empty.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

import duckdb
import pandas as pd
import pyarrow as pa

from ..parsers.tournaments import (
    PLAYER_FIELDS,
    TOURNAMENT_FIELDS,
    UNKNOWN_UNIT,
    PlayerResult,
    Said,
    Source,
    TournamentResult,
)
from .schema import TOURNAMENT_SOURCES, TOURNAMENTS
from .stats import Filters

__all__ = [
    "BY",
    "TOURNAMENTS",
    "amount_text",
    "profit_over_time",
    "stored_tournaments",
    "tournament_filter",
    "results_from_sources",
    "source_batch",
    "tournament_batch",
    "tournament_frame",
    "tournament_rows",
    "tournament_stats",
]

HandCounts = Mapping[tuple[str, str, str], int]
"""Stored hands by site, tournament id and player."""


def _said(said: Iterable[tuple[str, Said]]) -> list[dict[str, object]]:
    return [{"field": k, "source": str(s.source), "file": s.file, "line": s.line} for k, s in said]


def _common(t: TournamentResult) -> dict[str, object]:
    """The tournament's own fields, as every row of it repeats them."""
    return {
        "site": t.site,
        "tournament_id": t.tournament_id,
        "name": t.name,
        "game": t.game,
        "mixed": t.mixed,
        "game_text": t.game_text,
        "unit": t.unit,
        "play_money": t.play_money,
        "buy_in": t.buy_in,
        "fee": t.fee,
        "bounty": t.bounty,
        "format_words": list(t.format_words),
        "entrants": t.entrants,
        "prize_pool": t.prize_pool,
        "starting_chips": t.starting_chips,
        "started_at": t.started_at,
        "ended_at": t.ended_at,
    }


def _player(t: TournamentResult, p: PlayerResult) -> dict[str, object]:
    return {
        "player": p.player,
        "entry": p.entry,
        "hero": p.player == t.hero,
        "finish": p.finish,
        "prize": p.prize,
        "rebuys": p.rebuys,
        "add_ons": p.add_ons,
        "rebuy_cost": p.rebuy_cost,
        "bounties": p.bounties,
        "bounty_prize": p.bounty_prize,
    }


def tournament_rows(results: Iterable[TournamentResult], hands: HandCounts | None = None) -> list[dict[str, object]]:
    """The table's rows of merged results: one a player (the tournament's own fields repeated), with
    his stored hands of it (``hands``; 0 when not given)."""
    rows: list[dict[str, object]] = []
    for t in results:
        common, said = _common(t), _said(t.said)
        for p in t.players:
            count = (hands or {}).get((t.site, t.tournament_id, p.player), 0)
            rows.append({**common, **_player(t, p), "hands": count, "sources": said + _said(p.said)})
    return rows


def tournament_batch(results: Iterable[TournamentResult], hands: HandCounts | None = None) -> pa.RecordBatch:
    """The rows as one Arrow batch of the table's schema: what the store writes."""
    return pa.RecordBatch.from_pylist(tournament_rows(results, hands), schema=TOURNAMENTS.arrow_schema())


def source_batch(told: Iterable[tuple[str, TournamentResult]]) -> pa.RecordBatch:
    """The ``tournament_sources`` rows of each source's result as it said it, under its ``origin``: a
    row a player, or one with no player when it names none."""
    rows: list[dict[str, object]] = []
    for origin, t in told:
        head = {"origin": origin, "source": str(t.source.source), "file": t.source.file, "line": t.source.line}
        common, said = _common(t), _said(t.said)
        for p in t.players:
            rows.append({**head, **common, **_player(t, p), "sources": said + _said(p.said)})
        if not t.players:
            rows.append({**head, **common, "player": None, "entry": None, "hero": None, "sources": said})
    return pa.RecordBatch.from_pylist(rows, schema=TOURNAMENT_SOURCES.arrow_schema())


def _said_of(sources: Iterable[Mapping[str, Any]], names: Sequence[str]) -> tuple[tuple[str, Said], ...]:
    """The ``sources`` entries of the fields ``names``, as ``said`` pairs."""
    return tuple(
        (str(s["field"]), Said(Source(str(s["source"])), str(s["file"]), int(s["line"])))
        for s in sources
        if s["field"] in names
    )


def results_from_sources(rows: Iterable[Mapping[str, Any]]) -> list[TournamentResult]:
    """The results the ``tournament_sources`` rows were made of (:func:`source_batch` read back, rows
    as dicts), one an origin and tournament, in the order their first rows come."""
    grouped: dict[tuple[str, str, str], list[Mapping[str, Any]]] = {}
    for row in rows:
        grouped.setdefault((row["origin"], row["site"], row["tournament_id"]), []).append(row)
    results = []
    for told in grouped.values():
        first = told[0]
        players = []
        hero = None
        for row in told:
            if row["player"] is None:
                continue
            players.append(
                PlayerResult(
                    str(row["player"]),
                    entry=int(row["entry"]),
                    said=_said_of(row["sources"], PLAYER_FIELDS),
                    **{name: row[name] for name in PLAYER_FIELDS},
                )
            )
            hero = str(row["player"]) if row["hero"] else hero
        values: dict[str, Any] = {n: first[n] for n in TOURNAMENT_FIELDS if n not in ("currency", "hero")}
        values["format_words"] = tuple(first["format_words"] or ())
        values["play_money"] = bool(first["play_money"])
        unit = first["unit"]
        fields = [n for n in TOURNAMENT_FIELDS if n != "hero" or hero is not None]
        results.append(
            TournamentResult(
                str(first["site"]),
                str(first["tournament_id"]),
                Said(Source(str(first["source"])), str(first["file"]), int(first["line"])),
                currency=None if unit in ("play", UNKNOWN_UNIT) else str(unit),
                hero=hero,
                players=tuple(players),
                said=_said_of(first["sources"], fields),
                **values,
            )
        )
    return results


def tournament_frame(results: Iterable[TournamentResult]) -> pd.DataFrame:
    """The rows as a DataFrame with the table's columns (integer columns nullable, never floats)."""
    return tournament_batch(results).to_pandas(types_mapper=_nullable)


def _nullable(dtype: pa.DataType) -> object:
    if pa.types.is_integer(dtype):
        return pd.Int64Dtype()
    if pa.types.is_boolean(dtype):
        return pd.BooleanDtype()
    return None


BY = ("game", "buy_in", "site", "mixed")
"""What :func:`tournament_stats` can break results down by: the game (a mixed tournament by its
rotation's name), the buy-in (with the fee and bounty, as printed ``$10+$1``), the site, and whether it
is a mixed-game tournament (its rotation's name, or ``single game``)."""

_Z95 = 1.959963984540054


def _cost(frame: pd.DataFrame) -> pd.Series:
    """What each entry cost: buy-in, fee, bounty and re-buys (NA when the buy-in is unknown)."""
    extra = frame["fee"].fillna(0) + frame["bounty"].fillna(0) + frame["rebuy_cost"].fillna(0)
    return frame["buy_in"] + extra


def _labels(frame: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    out = frame.copy()
    if "game" in by:
        out["game"] = out["mixed"].where(out["mixed"].notna(), out["game"]).fillna("?")
    if "mixed" in by:
        out["mixed"] = out["mixed"].fillna("single game")
    if "buy_in" in by:
        out["buy_in"] = [
            _stake(b, f, k, u) for b, f, k, u in zip(out["buy_in"], out["fee"], out["bounty"], out["unit"])
        ]
    return out


def amount_text(value: object, unit: str) -> str:
    """An amount of ``unit`` as people read it: ``$12.50``, ``$10``, ``€5``, ``1,500`` play chips, ``?``."""
    if value is None or value is pd.NA:
        return "?"
    n = int(value)  # type: ignore[call-overload]
    if unit == "play":
        return f"{n:,}"
    sign = {"USD": "$", "EUR": "€", "GBP": "£"}.get(unit)
    text = f"{n // 100:,}" if n % 100 == 0 else f"{n / 100:,.2f}"
    return f"{sign}{text}" if sign else f"{text} {unit}"


def _stake(buy_in: object, fee: object, bounty: object, unit: str) -> str:
    """A buy-in as people say it: ``$10+$1``, ``$5+$5+$1`` with a bounty, ``100+9`` in play chips."""
    parts = [buy_in] + ([bounty] if bounty is not None and bounty is not pd.NA else []) + [fee]
    return "+".join(amount_text(p, unit) for p in parts)


def _ratio_interval(profit: pd.Series, cost: pd.Series) -> tuple[float, float, float]:
    """ROI (total profit over total cost) and its 95% interval, as fractions; the interval stops at
    -100%, since no entry loses more than it cost."""
    total = float(cost.sum())
    if total <= 0:
        return math.nan, math.nan, math.nan
    roi = float(profit.sum()) / total
    n = len(cost)
    if n < 2:
        return roi, math.nan, math.nan
    residual = profit.astype(float) - roi * cost.astype(float)
    se = math.sqrt(float((residual**2).sum()) / (n * (n - 1))) / (total / n)
    return roi, max(roi - _Z95 * se, -1.0), roi + _Z95 * se


def tournament_stats(frame: pd.DataFrame, by: Sequence[str] = (), player: str | None = None) -> pd.DataFrame:
    """Per player, unit and each of ``by`` (:data:`BY`): ``tournaments`` finished (the denominator of
    every percentage), ``cashes`` and ``itm_pct``, ``cost``, ``won`` (prizes and bounties), ``profit``,
    ``roi_pct`` with ``roi_low_pct`` and ``roi_high_pct`` (its 95% interval), ``avg_finish`` and
    ``biggest_cash``. Amounts are integers in the row's ``unit``. A tournament still running is not
    counted; one whose buy-in nobody gave counts for ITM and finish, not for cost, profit or ROI
    (``priced`` says how many were). ``player`` keeps one player's rows."""
    unknown = [b for b in by if b not in BY]
    if unknown:
        raise ValueError(f"cannot break tournaments down by {', '.join(unknown)}: choose from {', '.join(BY)}")
    done = frame[frame["finish"].notna()]
    if player is not None:
        done = done[done["player"] == player]
    keys = ["player", "unit", *by]
    columns = [
        *keys,
        "tournaments",
        "cashes",
        "itm_pct",
        "priced",
        "cost",
        "won",
        "profit",
        "roi_pct",
        "roi_low_pct",
        "roi_high_pct",
        "avg_finish",
        "biggest_cash",
    ]
    if done.empty:
        return pd.DataFrame(columns=columns)
    done = _labels(done.assign(entry_cost=_cost(done)), by)
    rows = []
    for key, group in done.groupby(keys, sort=True, dropna=False):
        prize = group["prize"].fillna(0).astype("int64")
        won = prize + group["bounty_prize"].fillna(0).astype("int64")
        cost = group["entry_cost"]
        priced = cost.notna()
        roi, low, high = _ratio_interval((won - cost.fillna(0))[priced], cost[priced].astype("int64"))
        n = len(group)
        cashes = int((prize > 0).sum())
        rows.append(
            {
                **dict(zip(keys, key if isinstance(key, tuple) else (key,))),
                "tournaments": n,
                "cashes": cashes,
                "itm_pct": 100.0 * cashes / n,
                "priced": int(priced.sum()),
                "cost": int(cost[priced].sum()),
                "won": int(won[priced].sum()),
                "profit": int((won - cost.fillna(0))[priced].sum()),
                "roi_pct": 100.0 * roi,
                "roi_low_pct": 100.0 * low,
                "roi_high_pct": 100.0 * high,
                "avg_finish": float(group["finish"].astype(float).mean()),
                "biggest_cash": int(prize.max()),
            }
        )
    return pd.DataFrame(rows, columns=columns)


def stored_tournaments(con: duckdb.DuckDBPyConnection, player: str | None = None) -> pd.DataFrame:
    """The ``tournaments`` table (one player's rows with ``player``) as a DataFrame whose integer columns
    are nullable integers (an unknown prize is NA, never a float), in the order they were played."""
    where, params = ("WHERE player = ?", [player]) if player is not None else ("", [])
    table = con.sql(
        f"SELECT * FROM {TOURNAMENTS.name} {where} ORDER BY started_at NULLS LAST, site, tournament_id, player, entry",
        params=params,
    ).to_arrow_table()
    return table.to_pandas(types_mapper=_nullable)


def profit_over_time(frame: pd.DataFrame, player: str) -> pd.DataFrame:
    """One row a finished, priced tournament of ``player`` in the order played, per unit: its
    ``number`` within the unit, its ``profit`` and the running ``cumulative`` profit (the unit's)."""
    done = frame[(frame["player"] == player) & frame["finish"].notna() & frame["buy_in"].notna()]
    if done.empty:
        return pd.DataFrame(columns=["unit", "number", "tournament_id", "started_at", "profit", "cumulative"])
    won = done["prize"].fillna(0) + done["bounty_prize"].fillna(0)
    out = done.assign(profit=(won - _cost(done)).astype("int64"))[["unit", "tournament_id", "started_at", "profit"]]
    out = out.reset_index(drop=True)
    out["number"] = out.groupby("unit").cumcount() + 1
    out["cumulative"] = out.groupby("unit")["profit"].cumsum()
    return out[["unit", "number", "tournament_id", "started_at", "profit", "cumulative"]]


def tournament_filter(frame: pd.DataFrame, filters: Filters | None) -> pd.DataFrame:
    """The rows the hand filters choose: ``players``, ``sites``, ``games`` (a mixed tournament by its
    game or its rotation's name), ``since``/``until`` on the start. The filters of a hand's table
    (stakes, players dealt in, valid hands) say nothing of a tournament: a ValueError says so."""
    if filters is None:
        return frame
    if filters.stakes or filters.min_players is not None or filters.max_players is not None or filters.valid_only:
        raise ValueError(
            "--stakes and the players-dealt-in filters choose hands, not tournaments: use --by buy_in to see "
            "tournaments by their buy-in"
        )
    keep = pd.Series(True, index=frame.index)
    if filters.players:
        keep &= frame["player"].isin(filters.players)
    if filters.sites:
        keep &= frame["site"].isin(filters.sites)
    if filters.games:
        keep &= frame["game"].isin(filters.games).fillna(False) | frame["mixed"].isin(filters.games).fillna(False)
    for bound, after in ((filters.since, True), (filters.until, False)):
        if bound is not None:
            when = pd.Timestamp(bound)
            when = when.tz_localize(filters.day_zone()) if when.tzinfo is None else when  # a day of the shown zone
            started = frame["started_at"]
            keep &= (started >= when) if after else (started < when)
    return frame[keep.astype(bool)]
