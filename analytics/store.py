"""The DuckDB database: create or open it, write one source file's hands in one transaction, export.

Guarantees (what an interrupted or repeated import can and cannot do):

- **One transaction per source file.** :meth:`Store.write_file` writes every hand of a file, its parse
  errors and its ``imports`` row, then commits; any exception (including Ctrl-C) before the commit rolls
  all of it back. After an interrupted import the database holds each file either completely or not at
  all, and running the same import again finishes the job.
- **Re-importing changes nothing.** A hand is keyed by ``hand_id`` (``site:site_hand_id``); a hand
  already stored is counted as a duplicate and none of its rows are written again. A file whose checksum
  is already in ``imports`` is skipped by the importer before it is even parsed.
- **Bulk writes only.** Rows arrive as Arrow tables (a chunk of hands at a time, so memory stays bounded
  however large the file) and are inserted with one ``INSERT … SELECT`` per table and chunk.
- **Bounded memory.** DuckDB keeps the database's blocks cached up to its ``memory_limit``, 80% of the
  machine's memory unless told otherwise, so a long import's resident memory would grow with the
  database. :func:`open_store` sets a limit instead, by what the store is opened for (the
  ``memory_limit`` argument or ``STUDBOOK_MEMORY_LIMIT`` override it): :data:`WRITE_MEMORY_LIMIT` to
  import, :data:`READ_MEMORY_LIMIT` to query. Beyond it DuckDB evicts blocks already written and
  spills large joins and sorts to a temporary folder beside the database.
- **A database is used only with the schema it was made with.** Opening one written by another schema
  version, or whose tables' columns differ from this studbook's, is refused with a message saying what
  to do, before anything is read or written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from types import TracebackType
from typing import Iterable, Mapping, TypeAlias

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from .rows import to_arrow
from .schema import HAND_TABLES, HANDS, IMPORTS, SCHEMA_VERSION, TABLES

DEFAULT_DB = "studbook.duckdb"

WRITE_MEMORY_LIMIT = "256MB"
"""DuckDB's memory limit for a store opened to write: an import only appends a chunk of hands at a time
and looks up its 500 ids, and with this limit its resident memory stays flat however many hands it
writes (with 1GB it grew by ~0.7 MB per thousand hands, DuckDB caching what it had written)."""

READ_MEMORY_LIMIT = "2GB"
"""DuckDB's memory limit for a store opened read-only (stats, charts, export): the stat tables join and
group millions of rows; on a million hands, the table by game and stakes took 1-2 s with 2GB and
11-13 s with 1GB (spilling to disk)."""

MEMORY_LIMIT_VARIABLE = "STUDBOOK_MEMORY_LIMIT"
THREADS_VARIABLE = "STUDBOOK_THREADS"
"""Environment variables that override the memory limit (a DuckDB size such as ``512MB``, ``4GB``) and
the number of DuckDB threads (default: one per core), for every command."""

Rows: TypeAlias = "pa.Table | pa.RecordBatch"
"""Rows of one table with the schema's Arrow types (see :func:`studbook.analytics.rows.to_arrow`)."""

Chunk = Mapping[str, Rows]
"""The rows of a batch of hands: one Arrow table per hand table (see ``schema.HAND_TABLES``); a chunk
must not hold the same ``hand_id`` twice (the importer makes sure)."""


class StoreError(Exception):
    """The database cannot be used: not a DuckDB file, locked by another program, or written by another
    schema version. The message says which file and what to do."""


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A hand-history file as the ``imports`` table records it; ``size`` in bytes, ``checksum`` SHA-256."""

    path: str
    checksum: str
    size: int


@dataclass(frozen=True, slots=True)
class FileCounts:
    """What writing one file did: new hands stored, hands already stored (skipped), new hands that
    break a rule, and parse errors recorded."""

    hands: int = 0
    duplicates: int = 0
    with_violations: int = 0
    errors: int = 0


class Store:
    """An open studbook database. Use :func:`open_store`; close it (or use ``with``) when done, since
    DuckDB lets only one process write a database file at a time."""

    def __init__(self, con: duckdb.DuckDBPyConnection, path: str) -> None:
        self.con = con
        self.path = path

    def __enter__(self) -> "Store":
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    def has_checksum(self, checksum: str) -> bool:
        """True if a file with this content was imported before (so it can be skipped unread)."""
        return self.con.execute("SELECT 1 FROM imports WHERE checksum = ?", [checksum]).fetchone() is not None

    def write_file(
        self, source: SourceFile, chunks: Iterable[Chunk], errors: Rows, not_stud: int = 0, duplicates: int = 0
    ) -> FileCounts:
        """Store one file's hands (``chunks``), parse ``errors`` (PARSE_ERRORS rows) and its ``imports``
        row in a single transaction; ``not_stud`` and ``duplicates`` (found before the store saw the
        hands) are recorded in the ``imports`` row. Returns what was written."""
        self.con.begin()
        try:
            counts = FileCounts(duplicates=duplicates)
            for chunk in chunks:
                counts = _add(counts, self._write_chunk(chunk))
            counts = _add(counts, FileCounts(errors=self._insert_errors(errors)))
            record = {
                "checksum": source.checksum,
                "file": source.path,
                "size": source.size,
                "imported_at": datetime.now(timezone.utc),
                "hands": counts.hands,
                "duplicates": counts.duplicates,
                "not_stud": not_stud,
                "errors": counts.errors,
                "violations": counts.with_violations,
            }
            self._insert(IMPORTS.name, to_arrow(IMPORTS.name, [record]))
            self.con.commit()
        except BaseException:
            self.con.rollback()
            raise
        return counts

    def _write_chunk(self, chunk: Chunk) -> FileCounts:
        hands = chunk[HANDS.name]
        ids = hands.column("hand_id")
        if len(pc.unique(ids)) != len(ids):
            raise ValueError("a chunk of hands holds the same hand_id twice; deduplicate before writing")
        self.con.register("chunk_hands", hands)
        try:
            stored = self.con.execute(
                "SELECT h.hand_id FROM hands h SEMI JOIN chunk_hands c ON h.hand_id = c.hand_id"
            ).fetchall()
        finally:
            self.con.unregister("chunk_hands")
        known = pa.array([row[0] for row in stored], pa.string())
        new_hands = invalid = 0
        for table in HAND_TABLES:
            rows = chunk[table.name]
            if len(known):
                rows = rows.filter(pc.invert(pc.is_in(rows.column("hand_id"), value_set=known)))
            if table is HANDS:
                new_hands = rows.num_rows
                invalid = pc.sum(pc.invert(rows.column("valid"))).as_py() or 0
            self._insert(table.name, rows)
        return FileCounts(hands=new_hands, duplicates=len(known), with_violations=invalid)

    def _insert_errors(self, errors: Rows) -> int:
        """Parse errors not already recorded (same file, line and message)."""
        if not errors.num_rows:
            return 0
        self.con.register("new_errors", errors)
        try:
            inserted = self.con.execute(
                "INSERT INTO parse_errors BY NAME SELECT * FROM new_errors e WHERE NOT EXISTS "
                "(SELECT 1 FROM parse_errors p WHERE p.file = e.file AND p.line = e.line AND p.message = e.message)"
            ).fetchone()
            return int(inserted[0]) if inserted else 0
        finally:
            self.con.unregister("new_errors")

    def _insert(self, table: str, rows: Rows) -> None:
        if not rows.num_rows:
            return
        self.con.register("new_rows", rows)
        try:
            self.con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM new_rows").fetchall()
        finally:
            self.con.unregister("new_rows")

    def _count(self, table: str) -> int:
        row = self.con.execute(f"SELECT count(*) FROM {table}").fetchone()
        assert row is not None
        return int(row[0])

    def table_counts(self) -> dict[str, int]:
        """Rows per table, in schema order (what a summary or a test compares)."""
        return {name: self._count(name) for name in TABLES}

    def export_parquet(self, out_dir: str | Path) -> list[Path]:
        """Write every table to ``out_dir/<table>.parquet`` (the folder is created); returns the files."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for name in TABLES:
            target = out / f"{name}.parquet"
            quoted = str(target).replace("'", "''")
            self.con.execute(f"COPY (SELECT * FROM {name}) TO '{quoted}' (FORMAT parquet)")
            written.append(target)
        return written


def _add(a: FileCounts, b: FileCounts) -> FileCounts:
    return FileCounts(
        a.hands + b.hands, a.duplicates + b.duplicates, a.with_violations + b.with_violations, a.errors + b.errors
    )


def open_store(
    path: str | Path = DEFAULT_DB,
    read_only: bool = False,
    *,
    memory_limit: str | None = None,
    threads: int | None = None,
) -> Store:
    """Open the database at ``path``, creating it and its tables if it does not exist yet.

    ``memory_limit`` (a DuckDB size: ``1GB``, ``512MB``) and ``threads`` bound what DuckDB may use;
    unset, they come from ``STUDBOOK_MEMORY_LIMIT`` and ``STUDBOOK_THREADS``, else
    :data:`READ_MEMORY_LIMIT` or :data:`WRITE_MEMORY_LIMIT` and one thread per core.

    Raises :class:`StoreError` when the file is not a DuckDB database, is locked by another program, is
    missing in ``read_only`` mode, was written by another studbook schema version or has other columns
    than this studbook's tables, or when a memory limit or thread count is not valid."""
    where = str(path)
    if read_only and not Path(where).exists():
        raise StoreError(f"{where}: no such database (run 'studbook import ... --db {where}' first)")
    settings = _resource_settings(memory_limit, threads, read_only)
    try:
        con = duckdb.connect(where, read_only=read_only)
    except duckdb.Error as exc:
        raise StoreError(
            f"{where}: cannot open the database ({exc}); is it a DuckDB file, and is another program using it?"
        ) from exc
    try:
        _apply(con, settings)
        _check_or_create(con, where, read_only)
    except BaseException:
        con.close()
        raise
    return Store(con, where)


def _resource_settings(memory_limit: str | None, threads: int | None, read_only: bool) -> dict[str, str]:
    """DuckDB's memory limit and thread count as ``SET`` values: the arguments, else the environment,
    else the defaults for reading or writing (no thread setting: DuckDB's one per core)."""
    default = READ_MEMORY_LIMIT if read_only else WRITE_MEMORY_LIMIT
    settings = {"memory_limit": memory_limit or os.environ.get(MEMORY_LIMIT_VARIABLE) or default}
    wanted = threads if threads is not None else os.environ.get(THREADS_VARIABLE)
    if wanted is not None:
        settings["threads"] = str(wanted)
    return settings


def _apply(con: duckdb.DuckDBPyConnection, settings: Mapping[str, str]) -> None:
    for name, value in settings.items():
        quoted = value.replace("'", "''")
        try:
            con.execute(f"SET {name} = '{quoted}'")
        except duckdb.Error as exc:
            raise StoreError(
                f"DuckDB refused {name} = {value!r} ({exc}); a memory limit is a size such as 1GB or 512MB, "
                f"threads a whole number above 0 (check {MEMORY_LIMIT_VARIABLE} and {THREADS_VARIABLE})"
            ) from exc


@cache
def _expected_columns() -> dict[str, tuple[tuple[str, str], ...]]:
    """Every table's (column, DuckDB type) pairs as DuckDB reports them for this studbook's DDL (made
    once in memory, so that type names are compared as DuckDB spells them, not as the DDL does)."""
    with duckdb.connect(":memory:") as con:
        for table in TABLES.values():
            con.execute(table.ddl())
        return _table_columns(con)


def _table_columns(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[tuple[str, str], ...]]:
    rows = con.execute(
        "SELECT table_name, column_name, data_type FROM duckdb_columns() "
        "WHERE database_name = current_database() AND schema_name = 'main' "
        "ORDER BY table_name, column_index"
    ).fetchall()
    out: dict[str, list[tuple[str, str]]] = {}
    for table, column, kind in rows:
        out.setdefault(table, []).append((column, kind))
    return {table: tuple(columns) for table, columns in out.items()}


def _stale_tables(con: duckdb.DuckDBPyConnection) -> list[str]:
    """What differs between the database's tables and this studbook's, one phrase per table."""
    found = _table_columns(con)
    problems = []
    for table, expected in _expected_columns().items():
        actual = found.get(table)
        if actual is None:
            problems.append(f"table {table} is missing")
        elif actual != expected:
            missing = [name for name, kind in expected if (name, kind) not in actual]
            unknown = [name for name, kind in actual if (name, kind) not in expected]
            detail = "; ".join(
                part for part in (
                    f"missing or of another type: {', '.join(missing)}" if missing else "",
                    f"not in this studbook: {', '.join(unknown)}" if unknown else "",
                ) if part
            )
            problems.append(f"table {table} ({detail or 'columns in another order'})")
    return problems


def _check_or_create(con: duckdb.DuckDBPyConnection, where: str, read_only: bool) -> None:
    existing = {row[0] for row in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    if "meta" in existing:
        row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        version = row[0] if row else "unknown"
        if version != str(SCHEMA_VERSION):
            raise StoreError(
                f"{where}: written by studbook schema version {version}, this studbook uses version "
                f"{SCHEMA_VERSION}; import your hand histories into a new database file (--db)"
            )
        stale = _stale_tables(con)
        if stale:
            raise StoreError(
                f"{where}: this database was made by an older studbook whose tables differ from this one's "
                f"({'; '.join(stale)}); import your hand histories into a new database file (--db) or "
                "delete this one and import again"
            )
        return
    if existing:
        raise StoreError(f"{where}: a DuckDB database that studbook did not create; choose another file (--db)")
    if read_only:
        raise StoreError(f"{where}: an empty database (run 'studbook import ... --db {where}' first)")
    con.begin()
    for table in TABLES.values():
        con.execute(table.ddl())
    con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
    con.commit()
