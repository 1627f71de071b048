"""The spots table: how a player's 3rd-street decisions did, spot by spot, beside the pool's in the same spot.

A spot is a starting-hand class, its liveness and the betting faced (docs/liveness.md). For each spot
the player met, the table gives how many hands, how often he folded, called, completed and raised, the
same frequencies of every player of the database (the pool) in the same spot with their own count, and
his net in big bets per hand with a 95% interval; the rows come sorted by what the spot cost him in all
(the most lost first), since that is where his game leaks.

Pure pandas over the rows of :func:`studbook.analytics.spots.spot_rows` (or the same columns read from
the database), so the command, the API and the report all ask one function. A row without a decision
(a bring-in nobody completed against had nothing to choose) is no spot and is left out.

The stored spots (:func:`stored_spots`) are the columns the import wrote in ``hand_players``; the results in
big bets are worked out in the query from the exact money (``net``, ``allin_ev``) and the hand's big bet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, Sequence

import duckdb
import numpy as np
import pandas as pd

from .spots import ROW_COLUMNS, SPOT_NAMES, TAKEN
from .stats import Filters
from .winrate import Z95

SPOT_KEYS: Final[tuple[str, ...]] = ("game", "start_class", "liveness", "faced")
"""What makes a spot the same spot: the game (class names repeat between games), the class, the grade and
the betting faced."""

TABLE_COLUMNS: Final[tuple[str, ...]] = (
    *SPOT_KEYS,
    "hands",
    *TAKEN,
    "pool_hands",
    *(f"pool_{t}" for t in TAKEN),
    "bb_per_hand",
    "bb_low",
    "bb_high",
    "bb_total",
    "ev_bb_per_hand",
)
"""The table's columns: the spot, the player's hands and the share of each action of them (0..1), the
pool's hands and shares, his net big bets per hand with the 95% interval's ends and in all, and the same
per hand with the all-in EV standing for the result where the hand had one."""


class NoSpots(ValueError):
    """The player has no 3rd-street decision with known cards in the rows given."""


def _shares(frame: pd.DataFrame, keys: Sequence[str]) -> pd.DataFrame:
    """Per spot: its decisions and the share of each action (:data:`TAKEN`) of them."""
    counts = pd.crosstab([frame[k] for k in keys], frame["taken"]).reindex(columns=list(TAKEN), fill_value=0)
    hands = counts.sum(axis=1)
    shares = counts.div(hands, axis=0)
    shares.insert(0, "hands", hands)
    return shares


def spot_table(rows: pd.DataFrame, player: str, keys: Sequence[str] = SPOT_KEYS) -> pd.DataFrame:
    """The spots table of ``player`` (:data:`TABLE_COLUMNS`) from spot ``rows`` of everybody (the pool);
    ``keys`` may group coarser or finer (any columns of the rows). NoSpots when he has none.

    The interval is the normal one, mean ± 1.96 standard errors of the per-hand results (NaN for a spot
    of one hand); a result without a big bet to divide by (a site that prints no stakes) counts in the
    frequencies but not in the money."""
    decided = rows[rows["taken"].notna()].astype({"net_bb": float, "allin_ev_bb": float})
    mine = decided[decided["player"] == player]
    if mine.empty:
        players = decided["player"].value_counts().head(8).index.tolist()
        listed = ", ".join(players) if players else "nobody: no spot has a known hand and a decision"
        raise NoSpots(f"no 3rd-street spots for player {player!r} (players with the most: {listed})")
    keys = list(keys)
    own = _shares(mine, keys)
    pool = _shares(decided, keys).add_prefix("pool_")
    money = mine.groupby(keys)["net_bb"].agg(["mean", "std", "count", "sum"])
    spread = Z95 * money["std"] / np.sqrt(money["count"])
    ev = mine["allin_ev_bb"].where(mine["allin_ev_bb"].notna(), mine["net_bb"])
    table = own.join(pool, how="left")
    table["bb_per_hand"] = money["mean"]
    table["bb_low"] = money["mean"] - spread
    table["bb_high"] = money["mean"] + spread
    table["bb_total"] = money["sum"]
    table["ev_bb_per_hand"] = ev.groupby([mine[k] for k in keys]).mean()
    table = table.reset_index().sort_values(["bb_total", "hands"], ascending=[True, False], kind="stable")
    table.columns.name = None
    return table.reset_index(drop=True)[[*keys, *TABLE_COLUMNS[len(SPOT_KEYS) :]]]


def stored_spots(con: duckdb.DuckDBPyConnection, filters: Filters | None = None) -> pd.DataFrame:
    """Every stored spot (:data:`~.spots.ROW_COLUMNS`, with ``hand_id`` first) of the hands ``filters``
    select, whoever held it: the pool a player's spots are compared with, so a ``players`` filter is
    not applied here (:func:`spot_table` picks the player). Oldest hand first."""
    where, params = replace(filters or Filters(), players=()).where()
    stored = ", ".join(f"hp.{name}" for name in SPOT_NAMES)
    sql = f"""SELECT hp.hand_id, hp.player, hp.game, hp.start_class, {stored},
                     hp.net::DOUBLE / NULLIF(h.big_bet, 0) AS net_bb,
                     hp.allin_ev::DOUBLE / NULLIF(h.big_bet, 0) AS allin_ev_bb
              FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id
              WHERE hp.liveness IS NOT NULL AND {where}
              ORDER BY h.started_at, hp.hand_id, hp.seat"""
    frame = con.execute(sql, params).df()
    assert list(frame.columns) == ["hand_id", *ROW_COLUMNS], "the stored spots and the spot rows disagree"
    return frame


def costliest(rows: pd.DataFrame, player: str, count: int = 5, keys: Sequence[str] = SPOT_KEYS) -> pd.DataFrame:
    """The ``count`` spots that cost ``player`` the most (the first rows of :func:`spot_table` that lost
    money), each with ``hand_ids``: his hands in it, the biggest loss first (``rows`` must carry
    ``hand_id``, as :func:`stored_spots` gives it). NoSpots when he has none."""
    table = spot_table(rows, player, keys)
    lost = table[table["bb_total"] < 0].head(count).reset_index(drop=True)
    mine = rows[(rows["player"] == player) & rows["taken"].notna()].sort_values("net_bb", kind="stable")
    hands = mine.groupby(list(keys))["hand_id"].agg(list)
    return lost.assign(hand_ids=[hands.loc[tuple(r[k] for k in keys)] for _, r in lost.iterrows()])
