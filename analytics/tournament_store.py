"""Storing tournament results: each source's result kept as it said it (``tournament_sources``), and
the ``tournaments`` table joined again from every source of a tournament whenever one of them arrives.

Why keep the sources and join again rather than update the joined rows: a summary may come before its
hands or after them, and a field two sources disagree on must be reported whichever came first; joining
from all the sources each time gives the same table in any order of import, and says every conflict.
Why each source has an ``origin`` stored once: the same hand or summary may be imported from two files
(two exports that overlap), and a re-buy line counted twice would be a re-buy that never happened.

Everything here runs inside the caller's transaction (:meth:`.store.FileWriter.finish`), so a file's
results are stored with its ``imports`` row or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import duckdb
import pyarrow as pa

from ..parsers.tournaments import Conflict, Source, TournamentResult, gather_hands, merge
from .schema import TOURNAMENT_SOURCES, TOURNAMENTS
from .tournaments import results_from_sources, source_batch, tournament_batch

__all__ = ["TournamentConflict", "store_tournaments"]


@dataclass(frozen=True, slots=True)
class TournamentConflict:
    """A tournament's field two sources give differently, reported at the line of the file being
    imported that said one of them."""

    file: str
    line: int
    message: str


def store_tournaments(
    con: duckdb.DuckDBPyConnection, told: Sequence[tuple[str, TournamentResult]], file: str
) -> tuple[tuple[tuple[str, str], ...], tuple[TournamentConflict, ...]]:
    """Store the results ``told`` by the file ``file`` (each with its origin) and join their
    tournaments again; returns those tournaments (site and id) and the conflicts a source of this file
    is part of. A summary told again from the same path replaces what it said before (a summary
    fetched again once the tournament ended); any other origin stored already is left as it is."""
    keys = sorted({(t.site, t.tournament_id) for _, t in told})
    if not keys:
        return (), ()
    wanted = pa.table({"site": [k[0] for k in keys], "tournament_id": [k[1] for k in keys]})
    con.register("tournament_keys", wanted)
    try:
        _add_sources(con, told)
        rows = con.sql(
            f"SELECT s.* FROM {TOURNAMENT_SOURCES.name} s SEMI JOIN tournament_keys k "
            "ON s.site = k.site AND s.tournament_id = k.tournament_id ORDER BY s.file, s.line"
        ).to_arrow_table()
        hands = {
            (site, tid, player): int(n)
            for site, tid, player, n in con.execute(
                "SELECT h.site, h.tournament_id, p.player, count(*) FROM hands h SEMI JOIN tournament_keys k "
                "ON h.site = k.site AND h.tournament_id = k.tournament_id "
                "JOIN hand_players p ON p.hand_id = h.hand_id GROUP BY ALL"
            ).fetchall()
        }
        merged, conflicts = [], []
        by_key: dict[tuple[str, str], list[TournamentResult]] = {}
        for result in results_from_sources(rows.to_pylist()):
            by_key.setdefault((result.site, result.tournament_id), []).append(result)
        for results in by_key.values():
            summaries = [r for r in results if r.source.source is Source.SUMMARY]
            lines = gather_hands(r for r in results if r.source.source is Source.HAND)
            headers = [r for r in results if r.source.source is Source.HEADER]
            joined = merge([*summaries, *lines, *headers])
            merged.append(joined.tournament)
            conflicts += [c for c in (_reported(c, file) for c in joined.conflicts) if c is not None]
        con.execute(
            f"DELETE FROM {TOURNAMENTS.name} t USING tournament_keys k "
            "WHERE t.site = k.site AND t.tournament_id = k.tournament_id"
        )
        batch = tournament_batch(merged, hands)
        if batch.num_rows:
            con.execute(f"INSERT INTO {TOURNAMENTS.name} SELECT * FROM batch")
    finally:
        con.unregister("tournament_keys")
    return tuple(keys), tuple(conflicts)


def _add_sources(con: duckdb.DuckDBPyConnection, told: Sequence[tuple[str, TournamentResult]]) -> None:
    """The sources of ``told`` not stored yet (each origin once, its first telling)."""
    stored = {
        (origin, site, tid)
        for origin, site, tid in con.execute(
            f"SELECT DISTINCT origin, site, tournament_id FROM {TOURNAMENT_SOURCES.name} s SEMI JOIN "
            "tournament_keys k ON s.site = k.site AND s.tournament_id = k.tournament_id"
        ).fetchall()
    }
    fresh: dict[tuple[str, str, str], TournamentResult] = {}
    for origin, t in told:
        key = (origin, t.site, t.tournament_id)
        if key in fresh:
            continue
        if key in stored:
            if t.source.source is not Source.SUMMARY:
                continue
            con.execute(
                f"DELETE FROM {TOURNAMENT_SOURCES.name} WHERE origin = ? AND site = ? AND tournament_id = ?", list(key)
            )
        fresh[key] = t
    batch = source_batch((origin, t) for (origin, _, _), t in fresh.items())
    if batch.num_rows:
        con.execute(f"INSERT INTO {TOURNAMENT_SOURCES.name} SELECT * FROM batch")


def _reported(conflict: Conflict, file: str) -> TournamentConflict | None:
    """The conflict as this file's report, at the first line of it that said one of the values; None
    when no source of this file is part of it (it was reported when its sources were imported)."""
    lines = [said.line for _, said in conflict.values if said.file == file]
    return TournamentConflict(file, min(lines), str(conflict)) if lines else None
