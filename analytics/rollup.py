"""The stat rollup: per group of hands that no filter or common breakdown splits, the sums of every stat's
done and chances and of the money BB/100 needs, so that the headline table over ten million hands reads a
few million rollup rows instead of sixty million ``hand_players`` rows.

Why sums: every stat is done / chances and every money column a sum, so the sums of a group's sums are
the group's sums, exactly (integers), whichever groups, runs and partitions they were summed in. A query
whose filters and breakdowns only read the rollup's keys (:data:`KEYS`) is answered from it; any other
(door card, start class, a time bound that is not midnight UTC ...) reads the raw rows, as before.

The keys are the raw SQL expressions of the filters and breakdowns (``hp.player``, ``h.site``, the UTC
day ...): :func:`translate` rewrites a :class:`~.stats.Selection`'s expressions into rollup columns and
gives up when anything else is left, so the filters and breakdowns stay defined once, in :mod:`.stats`.

Sessions and hours are not in the rollup: a session is a run of a player's hands in time order, which
no per-group sum holds, and a later import can put hands between two stored ones (joining two sessions),
so a per-hand ``starts``/``seconds`` column written at import would go stale. They are computed from the
raw rows where asked (``--winrate``, the player card); the headline table does not show them.

A dataset run writes its rollup beside its hand tables (``runs/<run>/rollup/``), from the same rows it
writes, so each hand is summed in exactly one run; a key may appear in several rows (one per run), which
every reader sums. A dataset written before the rollup (or one of its stats) existed has runs without
one (or without that stat's columns): then :func:`create_view` makes no view and every query reads the
raw rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import duckdb

from .stats import DAY, STATS, Selection, _sum
from .units import UNIT_SQL

VIEW = "stat_rollup"
"""The name of the rollup's view in a dataset's connection."""
FOLDER = "rollup"
"""A run's rollup folder (``runs/<run>/rollup/*.parquet``)."""


@dataclass(frozen=True, slots=True)
class Key:
    """A rollup column that groups: its ``name`` and the raw ``expr`` (over ``hp`` and ``h``) it holds."""

    name: str
    expr: str


KEYS: tuple[Key, ...] = (
    Key("player", "hp.player"),
    Key("game", "hp.game"),
    Key("site", "h.site"),
    Key("currency", UNIT_SQL),
    Key("per_unit", "h.per_unit"),  # the stakes filter's: a stake printed in cents is whole chips in a tournament
    Key("small_bet", "h.small_bet"),
    Key("big_bet", "h.big_bet"),
    Key("stakes_inferred", "h.stakes_inferred"),
    Key("cash", "h.tournament_id IS NULL"),
    Key("day", DAY),
    Key("n_players", "h.n_players"),
    Key("max_seats", "h.max_seats"),
    Key("mixed", "h.mixed"),
    Key("valid", "h.valid"),
)
"""What the rollup groups by: what the filters and the breakdowns other than the per-hand ones (door,
start class, players on 4th, bring-in) read. A player's hands of one day at one table size and stakes
are one row."""

MONEY: tuple[tuple[str, str], ...] = (
    ("hands", "COUNT(*)"),
    ("net", "CAST(SUM(hp.net) AS BIGINT)"),
    ("rake_paid", "CAST(SUM(hp.rake_paid) AS BIGINT)"),
)
"""The money sums (exact, in the unit's smallest amount); BB/100 is ``net`` over the group's ``big_bet``, a key."""


def done(key: str) -> str:
    """The rollup column of a stat's summed done count."""
    return f"{key}_done"


def chances(key: str) -> str:
    """The rollup column of a stat's summed chances."""
    return f"{key}_chances"


def rollup_sql(hand_players: str, hands: str, where: str = "TRUE") -> str:
    """The rollup of the rows of ``hand_players`` (a relation, as ``hp``) and their ``hands`` (``h``)
    meeting ``where``: one row per distinct key, its money sums and every stat's sums."""
    keys = ", ".join(f"{k.expr} AS {k.name}" for k in KEYS)
    sums = [f"{expr} AS {name}" for name, expr in MONEY]
    sums += [f"{_sum(s, s.done)} AS {done(s.key)}, {_sum(s, s.chances)} AS {chances(s.key)}" for s in STATS]
    positions = ", ".join(str(i) for i in range(1, len(KEYS) + 1))
    return (
        f"SELECT {keys}, {', '.join(sums)} FROM {hand_players} hp JOIN {hands} h ON h.hand_id = hp.hand_id "
        f"WHERE {where} GROUP BY {positions}"
    )


def run_files(root: Path) -> list[Path] | None:
    """The rollup files of the dataset at ``root``, or None when a run holding hands has none (a run
    written before the rollup existed): then the rollup would miss its hands."""
    runs = root / "runs"
    files: list[Path] = []
    for run in sorted(p for p in runs.glob("*") if p.is_dir()):
        mine = sorted((run / FOLDER).glob("*.parquet"))
        if not mine and any((run / "hand_players").glob("**/*.parquet")):
            return None
        files += mine
    return files


def columns() -> tuple[str, ...]:
    """Every column a rollup of this studbook's stats has."""
    return (*(k.name for k in KEYS), *(n for n, _ in MONEY), *(c(s.key) for s in STATS for c in (done, chances)))


def create_view(con: duckdb.DuckDBPyConnection, root: Path) -> bool:
    """The rollup view over the dataset at ``root`` if every run has a rollup with a column for every key,
    sum and stat of this studbook (a run written before a stat was added has none for it, and its hands
    would be missing from that stat's sums); whether it was made."""
    import pyarrow.parquet as pq

    files = run_files(root)
    wanted = set(columns())
    if not files or any(not wanted <= set(pq.read_schema(f).names) for f in files):
        return False
    listed = ", ".join("'" + str(f.resolve()).replace("'", "''") + "'" for f in files)
    con.execute(f"CREATE VIEW {VIEW} AS SELECT * FROM read_parquet([{listed}], union_by_name = true)")
    return True


def available(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether this connection has a rollup to read."""
    row = con.execute("SELECT count(*) FROM duckdb_views() WHERE view_name = ?", [VIEW]).fetchone()
    return bool(row and row[0])


_RAW = re.compile(r"\bhp?\.\w+")


def _translate(sql: str) -> str | None:
    """``sql`` with every key's raw expression as its rollup column (``r.name``); None if some other raw
    column is left, which the rollup does not hold."""
    for key in sorted(KEYS, key=lambda k: -len(k.expr)):
        sql = re.sub(r"(?<![\w.])" + re.escape(key.expr) + r"(?!\w)", f"r.{key.name}", sql)
    return None if _RAW.search(sql) else sql


def translate(sel: Selection) -> Selection | None:
    """``sel`` over the rollup (``r``), or None when its filters or groups read more than the keys."""
    parts = [_translate(e) for e in (*sel.exprs, sel.where)]
    if any(p is None for p in parts):
        return None
    exprs = tuple(p for p in parts[:-1] if p is not None)
    return Selection(sel.names, exprs, str(parts[-1]), sel.params)


def plan(con: duckdb.DuckDBPyConnection, sel: Selection, use: bool = True) -> Selection | None:
    """``sel`` over the rollup when ``use`` and the connection has one that can answer it, else None."""
    return translate(sel) if use and available(con) else None


def stat_sums(keys: Sequence[str]) -> list[str]:
    """``SUM`` of the stored done and chances of each stat in ``keys``, as ``d<i>`` and ``c<i>``."""
    return [
        f"CAST(SUM(r.{done(k)}) AS BIGINT) AS d{i}, CAST(SUM(r.{chances(k)}) AS BIGINT) AS c{i}"
        for i, k in enumerate(keys)
    ]
