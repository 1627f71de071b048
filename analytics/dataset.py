"""A Parquet dataset of hands: the layout ``studbook import --dask`` writes and the views every reading
command sees, so that stats, charts and replays run the same SQL over it as over the embedded database.

Layout of a dataset folder::

    DATASET/studbook-dataset.json           what it is, and its schema version
    DATASET/runs/<run>/<table>/site=S/date=D/*.parquet   a hand table's rows, by the hand's site and day
    DATASET/runs/<run>/imports/*.parquet    the files that run stored (checksums),
    DATASET/runs/<run>/parse_errors/*.parquet   what could not be stored, and
    DATASET/runs/<run>/rollup/*.parquet     the run's stat sums per player, day ... (:mod:`.rollup`)
    DATASET/_staging/                       a run being written (never read)

Why it is shaped this way:

- **A run is committed by one rename.** An import writes everything (rows, imports, errors) under
  ``_staging/<run>/`` and moves that folder to ``runs/<run>`` at the end: an interrupted import leaves
  the dataset exactly as it was (its staging folder is removed by the next import), a finished one
  leaves it complete. Readers only ever look under ``runs/``.
- **Hive partitions** (``site=``, ``date=`` the UTC day the hand started, ``unknown`` when the site
  gave no time) let one site's or one day's hands be read alone, by DuckDB's partition pruning or by
  any Parquet reader given the folder. The partition values live in the path only; every file holds
  the schema's other columns, and the views put the columns back in the schema's order and types.
- **The same tables.** :func:`open_dataset` returns a :class:`~.store.Store` whose connection is an
  in-memory DuckDB with one view per table of :mod:`.schema`, named as the tables: one code path for
  the stats, only the connection differs.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import duckdb

from .schema import (
    HAND_TABLES,
    IMPORTS,
    META,
    PARSE_ERRORS,
    SCHEMA_VERSION,
    TABLES,
    TOURNAMENT_SOURCES,
    TOURNAMENTS,
    Table,
)
from .store import READ_MEMORY_LIMIT, Store, StoreError, _apply, _resource_settings

MARKER = "studbook-dataset.json"
"""The file that makes a folder a studbook dataset: its kind and schema version."""
RUNS = "runs"
STAGING = "_staging"
PARTITIONS = ("site", "date")
"""The hive partition keys of every hand table, in folder order."""
UNKNOWN_DATE = "unknown"
"""The ``date=`` partition of hands without a start time."""
RUN_TABLES: tuple[Table, ...] = (IMPORTS, PARSE_ERRORS, TOURNAMENT_SOURCES, TOURNAMENTS)
"""Tables written once per run, unpartitioned (they are small and not about one hand). A run writes the
sources it stored and the ``tournaments`` rows of every tournament they tell of, joined from all its
sources, earlier runs' too (:mod:`studbook.pipeline.dask_import`): so a tournament's rows are those of
the latest run that told of it."""
LATEST: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {TOURNAMENT_SOURCES.name: ("origin", "site", "tournament_id"), TOURNAMENTS.name: ("site", "tournament_id")}
)
"""The run tables whose rows a later run replaces: per key, the rows of the latest run (run folders are
named by their start time, to the microsecond, so that their names sort as they ran). A summary fetched
again replaces what its path said before, as in the embedded store, and a tournament joined again
replaces its earlier rows."""


def is_dataset(path: str | Path) -> bool:
    """True when ``path`` is a folder: a Parquet dataset (or one to be made), not a DuckDB file."""
    return Path(path).is_dir()


def check_marker(root: Path) -> None:
    """Refuse a folder that is not a studbook dataset of this schema version (StoreError saying why)."""
    marker = root / MARKER
    try:
        info = json.loads(marker.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StoreError(
            f"{root}: a folder but no studbook dataset (no {MARKER}); run 'studbook import ... --dask local "
            f"--db {root}' to make one, or give --db a .duckdb file"
        ) from None
    except (OSError, ValueError) as exc:
        raise StoreError(f"{marker}: cannot be read ({exc}); is this folder a studbook dataset?") from exc
    version = info.get("schema_version") if isinstance(info, dict) else None
    if version != SCHEMA_VERSION:
        raise StoreError(
            f"{root}: written by studbook schema version {version}, this studbook uses version {SCHEMA_VERSION}; "
            "import your hand histories into a new dataset folder (--db)"
        )


def create_or_check(root: Path) -> None:
    """Make ``root`` a dataset if it is a new or empty folder, else check it is one of ours."""
    if root.exists() and not root.is_dir():
        raise StoreError(f"{root}: a file; give --db a folder for the Parquet dataset of a --dask import")
    root.mkdir(parents=True, exist_ok=True)
    if not (root / MARKER).exists() and not any(root.iterdir()):
        tmp = root / f".{MARKER}.tmp"
        tmp.write_text(json.dumps({"kind": "studbook parquet dataset", "schema_version": SCHEMA_VERSION}) + "\n")
        os.replace(tmp, root / MARKER)
    check_marker(root)


def table_files(root: Path, table: Table) -> list[Path]:
    """The committed Parquet files of ``table``, in a stable order."""
    return sorted((root / RUNS).glob(f"*/{table.name}/**/*.parquet"))


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def table_relation(root: Path, table: Table) -> str | None:
    """SQL reading ``table``'s committed rows with the schema's columns, in order and with its types;
    None when no run has written the table yet."""
    if not table_files(root, table):
        return None
    pattern = root.resolve() / RUNS / "*" / table.name / "**" / "*.parquet"
    hive = (
        ", hive_partitioning = true, hive_types = {" + ", ".join(f"'{k}': VARCHAR" for k in PARTITIONS) + "}"
        if table in HAND_TABLES
        else ", hive_partitioning = false"
    )
    columns = ", ".join(f"CAST({c.name} AS {c.sql}) AS {c.name}" for c in table.columns)
    files = f"read_parquet({_quoted(str(pattern))}{hive})"
    if table.name in LATEST:
        run = f"split_part(filename, '/{table.name}/', 1)"  # the run's folder
        files = (
            f"(SELECT * FROM read_parquet({_quoted(str(pattern))}, filename = true) "
            f"QUALIFY {run} = max({run}) OVER (PARTITION BY {', '.join(LATEST[table.name])}))"
        )
    return f"SELECT {columns} FROM {files}"


def create_views(con: duckdb.DuckDBPyConnection, root: Path, prefix: str = "") -> None:
    """One view per table of the schema over the dataset at ``root`` (named ``prefix`` + table name); a
    table no run has written yet is an empty table of the same columns, so every query still runs."""
    for table in TABLES.values():
        name = prefix + table.name
        if table is META:
            con.execute(f"CREATE TABLE {name} (key VARCHAR, value VARCHAR)")
            con.execute(f"INSERT INTO {name} VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
            continue
        relation = table_relation(root, table)
        if relation is None:
            columns = ", ".join(f"{c.name} {c.sql}" for c in table.columns)
            con.execute(f"CREATE TABLE {name} ({columns})")
        else:
            con.execute(f"CREATE VIEW {name} AS {relation}")
    if not prefix:
        from .rollup import create_view  # it builds on the stats, which the views do not need

        create_view(con, root)


def spill_folder() -> str:
    """Where DuckDB spills large joins and sorts over a dataset: an in-memory connection would spill into
    ``.tmp`` in the current folder, wherever the user happens to be; the system's temporary folder instead."""
    return str(Path(tempfile.gettempdir()) / "studbook-duckdb")


def open_dataset(path: str | Path, *, memory_limit: str | None = None, threads: int | None = None) -> Store:
    """The dataset at ``path`` opened to read, as a :class:`Store` whose tables are views over its
    Parquet files (StoreError when the folder is no studbook dataset of this schema version)."""
    root = Path(path)
    if not root.is_dir():
        raise StoreError(f"{root}: no such dataset folder (run 'studbook import ... --dask local --db {root}' first)")
    check_marker(root)
    con = duckdb.connect(":memory:")
    try:
        settings = _resource_settings(memory_limit or READ_MEMORY_LIMIT, threads, read_only=True)
        _apply(con, {**settings, "temp_directory": spill_folder()})
        create_views(con, root)
    except BaseException:
        con.close()
        raise
    return Store(con, str(root))


def open_reader(path: str | Path) -> Store:
    """What the reading commands open for ``--db``: the embedded database file, or a dataset folder."""
    from .store import open_store

    return open_dataset(path) if is_dataset(path) else open_store(path, read_only=True)
