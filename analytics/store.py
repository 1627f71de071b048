"""The DuckDB database: create or open it, write one source file's hands whole or not at all, export.

Guarantees (what an interrupted or repeated import can and cannot do):

- **Each source file all or nothing.** :meth:`Store.write_file` commits a file's hands a chunk at a time,
  each chunk with its new hand ids in the ``import_journal`` table, and last, in one transaction, the
  file's parse errors, its ``imports`` row and the removal of its journal rows. Any exception (including
  Ctrl-C) before that last commit takes out every row the file's chunks stored; an import killed outright
  leaves its journal, and the next :func:`open_store` takes those rows out before anything reads the
  database. So the database holds each file either completely or not at all, and running the same import
  again finishes the job. Why not one transaction per file: DuckDB holds a transaction's new rows in
  memory until the commit, outside its memory limit, so a 100 MB file's import grew by ~12 KB a hand
  (``benchmarks/transaction_memory.py``); committed chunks are flat.
- **Re-importing changes nothing.** A hand is keyed by ``hand_id`` (``site:site_hand_id``); a hand
  already stored with the same content (:data:`CONTENT_COLUMNS`) is counted as a duplicate and none of
  its rows are written again; one with the same id but other content is a **conflict**: left out,
  recorded with both places in ``parse_errors`` and reported, never counted as a duplicate. A file whose checksum
  is already in ``imports`` is skipped by the importer before it is even parsed.
- **Tournament results go with their file.** The results a file tells (a summary, hands' result lines,
  headers) are stored and their tournaments joined again (:mod:`.tournament_store`) in the same last
  transaction as its ``imports`` row, so they too are there completely or not at all.
- **Bulk writes only.** Rows arrive as Arrow tables (a chunk of hands at a time, so memory stays bounded
  however large the file) and are inserted with one ``INSERT … SELECT`` per table and chunk.
- **Bounded memory.** DuckDB keeps the database's blocks cached up to its ``memory_limit``, 80% of the
  machine's memory unless told otherwise, so a long import's resident memory would grow with the
  database. :func:`open_store` sets a limit instead, by what the store is opened for (the
  ``memory_limit`` argument or ``STUDBOOK_MEMORY_LIMIT`` override it): :data:`WRITE_MEMORY_LIMIT` to
  import, :data:`READ_MEMORY_LIMIT` to query. Beyond it DuckDB evicts blocks already written and
  spills large joins and sorts to a temporary folder beside the database.
- **Readers share the file with a writer, taking turns.** DuckDB lets one process write a database file
  or several read it, never both at once (a lock on the file). A writer that stores in short turns
  (``import --watch`` opens the file for each part and closes it after) and readers that open it
  read-only share it: :func:`open_store` waits for the lock up to ``wait`` seconds (:data:`READ_WAIT`,
  :data:`WRITE_WAIT`), trying again every :data:`RETRY_SECONDS`, and past that raises
  :class:`DatabaseBusy` in one line naming the process that holds the file and what to do, never
  DuckDB's own message. DuckDB's lock has no queue: readers opening one after the other can keep a
  writer out for ever (measured: three reading loops kept the watch from storing anything for ten
  minutes). So the opening goes through a turnstile first, a lock on a file beside the database
  (:data:`TURN_SUFFIX`): a writer holds it exclusively while it waits for DuckDB's lock, and a reader
  passes it shared and lets go once connected. A waiting writer thus stops new readers from coming in
  while those already reading finish. A store opened with ``hold=False`` takes the lock only while it is used
  (:meth:`Store.reading`), so that a notebook left open for an hour never keeps a watch from storing.
  Why turns rather than a snapshot the writer publishes: a copy of the file after every part costs
  time and disk writes growing with the database (a tracker's million hands are a gigabyte), while
  opening and closing costs about the same at any size (benchmarks/README.md, "Live reading").
- **A database is used only with the schema it was made with.** Opening one written by another schema
  version, or whose tables' columns differ from this studbook's, is refused with a message saying what
  to do, before anything is read or written.
"""

from __future__ import annotations

import os
import re
import shlex
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Sequence, TypeAlias

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from .rows import to_arrow
from .schema import (
    ACTIONS,
    HAND_PLAYERS,
    HAND_TABLES,
    HANDS,
    IMPORTS,
    JOURNAL,
    PARSE_ERRORS,
    SCHEMA_VERSION,
    TABLES,
)

if TYPE_CHECKING:
    from ..parsers.tournaments import TournamentResult
    from .tournament_store import TournamentConflict

DEFAULT_DB = "studbook.duckdb"

WRITE_MEMORY_LIMIT = "256MB"
"""DuckDB's memory limit for a store opened to write: an import only appends a chunk of hands at a time
and looks up its 1,000 ids, and with this limit its resident memory stays flat however many hands it
writes (with 1GB it grew by ~0.7 MB per thousand hands, DuckDB caching what it had written)."""

READ_MEMORY_LIMIT = "2GB"
"""DuckDB's memory limit for a store opened read-only (stats, charts, export): the stat tables join and
group millions of rows; on a million hands, the table by game and stakes took 1-2 s with 2GB and
11-13 s with 1GB (spilling to disk)."""

WRITE_THREADS = 1
"""DuckDB threads while a file's hands are written (:meth:`Store.writing`): appending a chunk and looking
up its 1,000 ids gains nothing from a second thread, which only costs processor time (~20% more per
written hand with two, measured on 4,000 simulated hands: benchmarks/README.md) and, with ``--workers``,
takes it from the workers. Queries on the same store (a notebook's stats) keep one thread per core."""

WRITE_CHECKPOINT_THRESHOLD = "64MB"
"""How much write-ahead log DuckDB gathers, while a file's hands are written (:meth:`Store.writing`),
before it checkpoints them into the database file (its default: 16MB, about every 4,000 simulated hands).
A checkpoint compresses again the last, partly filled row group of every table it appends to, which
for ``hand_players``' ~130 columns costs 0.1-2 s however few rows were added, more as the database
grows; checkpointing a quarter as often took writing 20,000 simulated hands from 0.178 to 0.140 ms a
hand (into an empty database) and from 0.348 to 0.272 (into one of 100,000 hands), the checkpoint at
close included, with the same peak memory (60,000 hands: 414 and 410 MB): benchmarks/README.md. Each
chunk is still committed on its own, so what an interruption leaves is unchanged (the log is replayed
when the database is next opened). Larger thresholds grew the memory (256MB: 516 MB)."""

MEMORY_LIMIT_VARIABLE = "STUDBOOK_MEMORY_LIMIT"
THREADS_VARIABLE = "STUDBOOK_THREADS"
"""Environment variables that override the memory limit (a DuckDB size such as ``512MB``, ``4GB``) and
the number of DuckDB threads (default: one per core), for every command."""

READ_WAIT = 10.0
"""Seconds a reader waits for a writer to let go of the file before it gives up: a watch stores a
part in well under a second, so this wait is only ever used up by a long one-shot import."""

WRITE_WAIT = 10.0
"""Seconds a writer waits for the file (readers finishing, another writer's turn)."""

RETRY_SECONDS = 0.02
"""How long a process waiting for the file sleeps between two tries: DuckDB's lock is a plain file lock
that cannot be waited on, and a try costs well under a millisecond."""

TURN_SUFFIX = ".turn"
"""Beside the database, the file whose lock is the turnstile of :func:`open_store` (left in place:
removing a lock file lets two processes lock two different files of one name)."""

Rows: TypeAlias = "pa.Table | pa.RecordBatch"
"""Rows of one table with the schema's Arrow types (see :func:`studbook.analytics.rows.to_arrow`)."""

Chunk = Mapping[str, Rows]
"""The rows of a batch of hands: one Arrow table per hand table (see ``schema.HAND_TABLES``); a chunk
must not hold the same ``hand_id`` twice (the importer makes sure)."""


_COLUMN_ORDER: Mapping[str, list[str]] = {name: list(t.column_names) for name, t in TABLES.items()}
"""Each table's column names in the order of its DDL, which :func:`open_store` checks the database's
tables against (:meth:`Store._insert`)."""


class StoreError(Exception):
    """The database cannot be used: not a DuckDB file, locked by another program, or written by another
    schema version. The message says which file and what to do."""


class DatabaseBusy(StoreError):
    """Another process held the database's lock for longer than the wait: ``holder`` is its process id
    (None when DuckDB did not say) and ``command`` its command line as far as it can be read."""

    def __init__(self, message: str, holder: int | None, command: str) -> None:
        super().__init__(message)
        self.holder = holder
        self.command = command


_HOLDER = re.compile(r"\(PID (\d+)\)")


def lock_holder(message: str) -> tuple[int | None, str]:
    """The process id DuckDB names in its lock error, and that process's command line (read from
    ``/proc``, where there is one; else the program DuckDB names), shortened to what a person reads."""
    found = _HOLDER.search(message)
    if found is None:
        return None, "another program"
    pid = int(found.group(1))
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().rstrip(b"\0").split(b"\0")
        words = [a.decode("utf-8", "replace") for a in argv]
    except OSError:
        program = re.search(r"held in (\S+)", message)
        return pid, Path(program.group(1)).name if program else "another program"
    at = next((i for i, w in enumerate(words) if w.endswith(("studbook", "studbook.cli", "studbook/cli"))), None)
    shown = ["studbook", *words[at + 1 :]] if at is not None else [Path(words[0]).name, *words[1:]]
    text = " ".join(" ".join(shown).split())  # one line, whatever the arguments hold
    return pid, text if len(text) <= 80 else text[:77] + "..."


def _busy(where: str, read_only: bool, waited: float, message: str) -> DatabaseBusy:
    pid, command = lock_holder(message)
    who = f"process {pid} ({command})" if pid is not None else command
    if read_only:
        advice = "it is writing the database; try again when it finishes, or stop it"
    elif "read-only mode" in message:
        advice = "it is reading the database; try again when it finishes, or close it (a notebook: db.close())"
    else:
        advice = "it is writing the database; wait for it to finish, or stop it (Ctrl-C in its terminal) first"
    return DatabaseBusy(f"{where}: in use by {who} for more than {waited:g} s: {advice}", pid, command)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A hand-history file as the ``imports`` table records it; ``size`` in bytes, ``checksum`` SHA-256."""

    path: str
    checksum: str
    size: int


@dataclass(frozen=True, slots=True)
class Conflict:
    """A hand kept out because its id is taken by a stored hand with other content: where each is."""

    hand_id: str
    file: str
    line: int
    stored_file: str
    stored_line: int

    @property
    def message(self) -> str:
        return (
            f"hand {self.hand_id} conflicts with the hand of the same id stored from "
            f"{self.stored_file}:{self.stored_line}, which differs from it (players, stacks, stakes or "
            f"actions): this one is left out; if both are real hands, import them into separate "
            f"databases (--db)"
        )


@dataclass(frozen=True, slots=True)
class FileCounts:
    """What writing one file did: new hands stored, hands already stored (skipped), new hands that
    break a rule, parse errors recorded, and the hands kept out as conflicts; the tournaments whose
    results it told and the fields of theirs its sources disagree on with another source."""

    hands: int = 0
    duplicates: int = 0
    with_violations: int = 0
    errors: int = 0
    conflicts: tuple[Conflict, ...] = ()
    tournaments: tuple[tuple[str, str], ...] = ()
    tournament_conflicts: tuple[TournamentConflict, ...] = ()


CONTENT_COLUMNS: Mapping[str, tuple[str, ...]] = {
    HANDS.name: (
        "site",
        "site_hand_id",
        "game",
        "mixed",
        "small_bet",
        "big_bet",
        "stakes_inferred",
        "ante",
        "bring_in",
        "currency",
        "play_money",
        "tournament_id",
        "table_name",
        "n_players",
        "started_at",
        "total_pot",
        "rake",
    ),
    HAND_PLAYERS.name: ("seat", "player", "stack"),
    ACTIONS.name: ("seq", "street", "seat", "kind", "amount", "to_amount", "all_in"),
}
"""What makes two hands with one id the same hand: the table, the stakes, the time, who sat where with
what, and every action. Cards are left out on purpose: two players' exports of one hand show each his
own down cards, and are still one hand (a duplicate). Anything else differing is a conflict: two
different hands under one id (a simulator reusing ids, a site's numbering reset), never a duplicate."""


def hand_contents(tables: Mapping[str, Rows]) -> dict[str, tuple[object, ...]]:
    """Each hand's content (:data:`CONTENT_COLUMNS`) from its rows, comparable between a chunk and the
    rows already stored (both given as Arrow tables with those columns)."""
    found: dict[str, list[object]] = {}
    for name, columns in CONTENT_COLUMNS.items():
        table = tables[name]
        ids = table.column("hand_id").to_pylist()
        values = zip(*(table.column(c).to_pylist() for c in columns))
        for key, row in zip(ids, values):
            found.setdefault(key, []).append((name, row))
    return {key: tuple(sorted(rows, key=repr)) for key, rows in found.items()}


class Store:
    """An open studbook database. Use :func:`open_store`; close it (or use ``with``) when done, since
    DuckDB lets only one process write a database file at a time."""

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection | None,
        path: str,
        threads_chosen: bool = False,
        reopen: Callable[[], duckdb.DuckDBPyConnection] | None = None,
    ) -> None:
        self._con = con
        self.path = path
        self.threads_chosen = threads_chosen  # asked for (argument, environment): writing keeps it too
        self._reopen = reopen  # a store that holds its file only while used (open_store's hold=False)
        self._closed = False

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        """The connection; a store that does not hold its file opens it here (and keeps it until
        :meth:`release`: use :meth:`reading` to have it let go after a query)."""
        if self._con is None:
            if self._closed or self._reopen is None:
                raise StoreError(f"{self.path}: the database is closed")
            self._con = self._reopen()
        return self._con

    @contextmanager
    def reading(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The connection for one call's queries. A store that does not hold its file opens it for the
        block and lets go after, so that a writer can take its turn between two calls."""
        held = self._con is not None
        try:
            yield self.con
        finally:
            if not held:
                self.release()

    def release(self) -> None:
        """Let go of the file, if this store opens it only while used."""
        if self._reopen is not None and self._con is not None:
            self._con.close()
            self._con = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._closed = True
        if self._con is not None:
            self._con.close()
            self._con = None

    def has_checksum(self, checksum: str) -> bool:
        """True if a file with this content was imported before (so it can be skipped unread)."""
        return self.con.execute("SELECT 1 FROM imports WHERE checksum = ?", [checksum]).fetchone() is not None

    def imported_parts(self, file: str) -> list[tuple[int, str]]:
        """``(size, checksum)`` of every import recorded under the path ``file``, smallest first: a file
        imported while it grew (watch mode) has one per part, each the checksum of its first ``size``
        bytes, so that an import can tell how much of the file as it is now was stored already."""
        rows = self.con.execute("SELECT size, checksum FROM imports WHERE file = ? ORDER BY size", [file]).fetchall()
        return [(int(size), str(digest)) for size, digest in rows]

    def write_file(
        self, source: SourceFile, chunks: Iterable[Chunk], errors: Rows, not_stud: int = 0, duplicates: int = 0
    ) -> FileCounts:
        """Store one file's hands (``chunks``), parse ``errors`` (PARSE_ERRORS rows) and its ``imports``
        row, all or nothing (:meth:`writing`); ``not_stud`` and ``duplicates`` (found before the store saw the
        hands) are recorded in the ``imports`` row. Returns what was written."""
        with self.writing(source) as writer:
            for chunk in chunks:
                writer.chunk(chunk)
            return writer.finish(errors, not_stud=not_stud, duplicates=duplicates)

    @contextmanager
    def writing(self, source: SourceFile) -> Iterator["FileWriter"]:
        """One file's import, for a file whose hands are still being read: write its chunks as they
        come (:meth:`FileWriter.chunk`), then :meth:`FileWriter.finish`. Leaving the block any other way
        (an exception, Ctrl-C) takes everything of the file out again (:meth:`undo`)."""
        writer = FileWriter(self, source)
        with self._writing_threads(), self._setting("checkpoint_threshold", WRITE_CHECKPOINT_THRESHOLD):
            try:
                yield writer
                if not writer.finished:
                    raise RuntimeError("FileWriter.finish was not called: the file's import row is missing")
            except BaseException:
                self._abandon()
                self.undo(source.checksum)
                raise

    @contextmanager
    def _writing_threads(self) -> Iterator[None]:
        """DuckDB runs a file's writes in :data:`WRITE_THREADS` thread(s), then goes back to its thread
        count (unless a thread count was asked for: that one is kept throughout)."""
        if self.threads_chosen:
            yield
            return
        with self._setting("threads", str(WRITE_THREADS)):
            yield

    @contextmanager
    def _setting(self, name: str, value: str) -> Iterator[None]:
        """DuckDB's setting ``name`` at ``value`` inside the block, then back to what it was."""
        row = self.con.execute(f"SELECT current_setting('{name}')").fetchone()
        self.con.execute(f"SET {name} = '{value}'")
        try:
            yield
        finally:
            if row is not None:
                self.con.execute(f"SET {name} = '{row[0]}'")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.con.begin()
        try:
            yield
            self.con.commit()
        except BaseException:
            self._abandon()
            raise

    def _abandon(self) -> None:
        """Roll back the transaction under way, if there is one."""
        try:
            self.con.rollback()
        except duckdb.TransactionException:
            pass  # none was open: the failure came between two commits

    def undo(self, checksum: str) -> int:
        """Take out every row the unfinished import of the file ``checksum`` stored (its journal's
        hands, in every hand table), in one transaction; returns how many hands that was."""
        with self._transaction():
            row = self.con.execute(f"SELECT count(*) FROM {JOURNAL.name} WHERE checksum = ?", [checksum]).fetchone()
            for table in reversed(HAND_TABLES):
                self.con.execute(
                    f"DELETE FROM {table.name} WHERE hand_id IN "
                    f"(SELECT hand_id FROM {JOURNAL.name} WHERE checksum = ?)",
                    [checksum],
                )
            self.con.execute(f"DELETE FROM {JOURNAL.name} WHERE checksum = ?", [checksum])
        return int(row[0]) if row else 0

    def unfinished(self) -> list[str]:
        """Checksums of the files whose import was killed before it finished (their journal is left)."""
        return [r[0] for r in self.con.execute(f"SELECT DISTINCT checksum FROM {JOURNAL.name}").fetchall()]

    def _write_chunk(self, chunk: Chunk, source: SourceFile) -> FileCounts:
        """One chunk of ``source``'s hands in its own transaction, its new hand ids journalled."""
        with self._transaction():
            counts, new_ids = self._insert_chunk(chunk, source.path)
            self._insert(
                JOURNAL.name, pa.table({"checksum": pa.array([source.checksum] * len(new_ids)), "hand_id": new_ids})
            )
        return counts

    def _insert_chunk(self, chunk: Chunk, file: str) -> tuple[FileCounts, pa.Array]:
        chunk_hands = chunk[HANDS.name]  # read by its name in the query below (see _insert)
        ids = chunk_hands.column("hand_id")
        if len(pc.unique(ids)) != len(ids):
            raise ValueError("a chunk of hands holds the same hand_id twice; deduplicate before writing")
        stored = self.con.execute(
            "SELECT h.hand_id FROM hands h SEMI JOIN chunk_hands c ON h.hand_id = c.hand_id"
        ).fetchall()
        known = pa.array([row[0] for row in stored], pa.string())
        conflicts = self._conflicts(chunk, known, file) if len(known) else ()
        new_hands = invalid = 0
        new_ids: pa.Array = pa.array([], pa.string())
        for table in HAND_TABLES:
            rows = chunk[table.name]
            if len(known):
                rows = rows.filter(pc.invert(pc.is_in(rows.column("hand_id"), value_set=known)))
            if table is HANDS:
                new_hands = rows.num_rows
                new_ids = rows.column("hand_id")
                invalid = pc.sum(pc.invert(rows.column("valid"))).as_py() or 0
            self._insert(table.name, rows)
        counts = FileCounts(
            hands=new_hands, duplicates=len(known) - len(conflicts), with_violations=invalid, conflicts=conflicts
        )
        return counts, new_ids

    def _conflicts(self, chunk: Chunk, known: pa.Array, file: str) -> tuple[Conflict, ...]:
        """The hands of ``chunk`` whose id (among ``known``, already stored) belongs to a stored hand
        with other content (:data:`CONTENT_COLUMNS`)."""
        mine = {
            name: chunk[name].filter(pc.is_in(chunk[name].column("hand_id"), value_set=known))
            for name in CONTENT_COLUMNS
        }
        self.con.register("known_ids", pa.table({"hand_id": known}))
        try:
            theirs = {
                name: self.con.sql(
                    f"SELECT hand_id, {', '.join(columns)} FROM {name} WHERE hand_id IN (SELECT hand_id FROM known_ids)"
                ).to_arrow_table()
                for name, columns in CONTENT_COLUMNS.items()
            }
            places = {
                key: (where, line)
                for key, where, line in self.con.execute(
                    "SELECT hand_id, source_file, source_line FROM hands WHERE hand_id IN (SELECT hand_id FROM known_ids)"
                ).fetchall()
            }
        finally:
            self.con.unregister("known_ids")
        new, old = hand_contents(mine), hand_contents(theirs)
        lines = dict(
            zip(mine[HANDS.name].column("hand_id").to_pylist(), mine[HANDS.name].column("source_line").to_pylist())
        )
        return tuple(
            Conflict(key, file, lines[key], *places[key])
            for key in sorted(new, key=lines.__getitem__)
            if new[key] != old.get(key)
        )

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
        """Append ``rows`` to ``table``, matched by column name.

        The query reads the Arrow rows straight from this frame's local ``rows`` (DuckDB's replacement
        scan of a Python variable named in the query) rather than from a view made by ``register``:
        registering and unregistering a view changes the catalog twice per table and chunk, which was
        about a quarter of the inserts' time (0.09 against 0.065 ms a hand on 4,000 simulated hands). A
        table of the database by that name would win over the variable; no studbook table is called
        ``rows``. (So the query must be run from this frame: a wrapper around ``con.execute`` would not
        see ``rows``.)

        Rows whose columns are the table's, in the table's order (every batch of
        :mod:`.rows` is built from the schema), are inserted by position: matching ~130 columns by name
        is most of what inserting a chunk's ``hand_players`` costs DuckDB, and :func:`open_store` has
        checked that the database's tables have exactly this studbook's columns in this order."""
        if not rows.num_rows:
            return
        if rows.schema.names == _COLUMN_ORDER.get(table):
            self.con.execute(f"INSERT INTO {table} SELECT * FROM rows")
        else:
            self.con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM rows")

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


class FileWriter:
    """The writing of one file inside :meth:`Store.writing`'s transaction: chunks, then the end."""

    def __init__(self, store: Store, source: SourceFile) -> None:
        self.store = store
        self.source = source
        self.counts = FileCounts()
        self.finished = False
        self.told: list[tuple[str, TournamentResult]] = []

    def chunk(self, chunk: Chunk) -> FileCounts:
        """Write a chunk of hands: those already stored are duplicates, or conflicts when their content
        differs (left out and recorded as errors of this file at :meth:`finish`). Returns the counts
        of the file so far."""
        self.counts = _add(self.counts, self.store._write_chunk(chunk, self.source))
        return self.counts

    def tournaments(self, told: Sequence[tuple[str, TournamentResult]]) -> None:
        """The tournament results the file tells, each with its origin (:mod:`.tournament_store`),
        stored at :meth:`finish` with the file's ``imports`` row."""
        self.told.extend(told)

    def finish(self, errors: Rows, not_stud: int = 0, duplicates: int = 0) -> FileCounts:
        """Record the file's parse ``errors``, its conflicts, its tournament results and its ``imports``
        row (``not_stud`` and ``duplicates`` found before the store saw the hands are added to its counts)."""
        store, counts = self.store, _add(self.counts, FileCounts(duplicates=duplicates))
        conflict_rows = to_arrow(
            PARSE_ERRORS.name,
            [{"file": c.file, "line": c.line, "text": None, "message": c.message} for c in counts.conflicts],
        )
        record = {
            "checksum": self.source.checksum,
            "file": self.source.path,
            "size": self.source.size,
            "imported_at": datetime.now(timezone.utc),
            "hands": counts.hands,
            "duplicates": counts.duplicates,
            "not_stud": not_stud,
            "errors": 0,
            "violations": counts.with_violations,
        }
        with store._transaction():
            tournaments: tuple[tuple[str, str], ...] = ()
            disagree: tuple[TournamentConflict, ...] = ()
            if self.told:  # imported here: a file of cash hands, and every reading command, never need it
                from .tournament_store import store_tournaments

                tournaments, disagree = store_tournaments(store.con, self.told, self.source.path)
            counts = _add(counts, FileCounts(tournaments=tournaments, tournament_conflicts=disagree))
            disagree_rows = to_arrow(
                PARSE_ERRORS.name,
                [{"file": c.file, "line": c.line, "text": None, "message": c.message} for c in disagree],
            )
            recorded = (
                store._insert_errors(errors) + store._insert_errors(conflict_rows) + store._insert_errors(disagree_rows)
            )
            counts = _add(counts, FileCounts(errors=recorded))
            record["errors"] = counts.errors
            store._insert(IMPORTS.name, to_arrow(IMPORTS.name, [record]))
            store.con.execute(f"DELETE FROM {JOURNAL.name} WHERE checksum = ?", [self.source.checksum])
        self.counts, self.finished = counts, True
        return counts


def _add(a: FileCounts, b: FileCounts) -> FileCounts:
    return FileCounts(
        a.hands + b.hands,
        a.duplicates + b.duplicates,
        a.with_violations + b.with_violations,
        a.errors + b.errors,
        a.conflicts + b.conflicts,
        a.tournaments + b.tournaments,
        a.tournament_conflicts + b.tournament_conflicts,
    )


def open_store(
    path: str | Path = DEFAULT_DB,
    read_only: bool = False,
    *,
    memory_limit: str | None = None,
    threads: int | None = None,
    wait: float | None = None,
    hold: bool = True,
) -> Store:
    """Open the database at ``path``, creating it and its tables if it does not exist yet.

    ``memory_limit`` (a DuckDB size: ``1GB``, ``512MB``) and ``threads`` bound what DuckDB may use;
    unset, they come from ``STUDBOOK_MEMORY_LIMIT`` and ``STUDBOOK_THREADS``, else
    :data:`READ_MEMORY_LIMIT` or :data:`WRITE_MEMORY_LIMIT` and one thread per core. While another
    process holds the file, the open is tried again for up to ``wait`` seconds (default
    :data:`READ_WAIT` or :data:`WRITE_WAIT`). A read-only store with ``hold=False`` is checked now and
    then opens the file only while it is used (:meth:`Store.reading`).

    Raises :class:`DatabaseBusy` when another process held the file all that time, and
    :class:`StoreError` when the file is not a DuckDB database, is missing in ``read_only`` mode, was
    written by another studbook schema version or has other columns than this studbook's tables, or
    when a memory limit or thread count is not valid."""
    where = str(path)
    if read_only and not Path(where).exists():
        raise StoreError(f"{where}: no such database (run 'studbook import ... --db {where}' first)")
    if not hold:
        if not read_only:
            raise ValueError("only a read-only store can let go of its file between uses")

        def again() -> duckdb.DuckDBPyConnection:
            return open_store(where, True, memory_limit=memory_limit, threads=threads, wait=wait).con

        again().close()  # the file is checked now, so that a mistake is said at once
        return Store(None, where, threads_chosen=threads is not None, reopen=again)
    settings = _resource_settings(memory_limit, threads, read_only)
    con = _connect(where, read_only, (READ_WAIT if read_only else WRITE_WAIT) if wait is None else wait)
    try:
        _apply(con, settings)
        _check_or_create(con, where, read_only)
        killed = _journal_left(con)
    except BaseException:
        con.close()
        raise
    store = Store(con, where, threads_chosen="threads" in settings)
    if killed:
        if read_only:  # the rows of a killed import must go before anything reads them
            store.close()
            with open_store(where, memory_limit=memory_limit, threads=threads):
                pass
            return open_store(where, read_only=True, memory_limit=memory_limit, threads=threads)
        for checksum in store.unfinished():
            store.undo(checksum)
    return store


def _connect(where: str, read_only: bool, wait: float) -> duckdb.DuckDBPyConnection:
    """DuckDB's connection to ``where``, tried again while another process holds the file's lock,
    through the turnstile (see the module's docstring)."""
    deadline = time.monotonic() + wait
    with _turnstile(where, exclusive=not read_only, deadline=deadline):
        return _connect_waiting(where, read_only, wait, deadline)


@contextmanager
def _turnstile(where: str, exclusive: bool, deadline: float) -> Iterator[None]:
    """Hold the lock of the file beside ``where`` (exclusive for a writer, shared for a reader), waiting
    for it until ``deadline`` at most; past that, or where files cannot be locked (Windows, a folder
    not writable), go on without it: the turnstile only orders the waiting. An in-memory database
    (``:memory:``) is no file another process can open, so it has no turnstile."""
    if where == ":memory:" or where.startswith(":memory:"):
        yield
        return
    try:
        import fcntl
    except ImportError:
        yield
        return
    try:
        turn = open(where + TURN_SUFFIX, "a")
    except OSError:
        yield
        return
    with turn:
        mode = (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB
        while True:
            try:
                fcntl.flock(turn, mode)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    break
                time.sleep(RETRY_SECONDS)
        yield  # closing the file lets go of its lock


def _connect_waiting(where: str, read_only: bool, wait: float, deadline: float) -> duckdb.DuckDBPyConnection:
    while True:
        try:
            return duckdb.connect(where, read_only=read_only)
        except duckdb.IOException as exc:
            if "Could not set lock" not in str(exc):
                raise _unusable(where, exc) from exc
            if time.monotonic() >= deadline:
                raise _busy(where, read_only, wait, str(exc)) from exc
            time.sleep(RETRY_SECONDS)
        except duckdb.Error as exc:
            raise _unusable(where, exc) from exc


def _unusable(where: str, exc: duckdb.Error) -> StoreError:
    return StoreError(f"{where}: cannot open the database ({exc}); is it a DuckDB file?")


def _journal_left(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether an import was killed before it finished and left rows in the journal."""
    if not con.execute("SELECT 1 FROM duckdb_tables() WHERE table_name = ?", [JOURNAL.name]).fetchone():
        return False
    return con.execute(f"SELECT 1 FROM {JOURNAL.name} LIMIT 1").fetchone() is not None


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
                part
                for part in (
                    f"missing or of another type: {', '.join(missing)}" if missing else "",
                    f"not in this studbook: {', '.join(unknown)}" if unknown else "",
                )
                if part
            )
            problems.append(f"table {table} ({detail or 'columns in another order'})")
    return problems


_WHY_NEWER: Mapping[str, str] = {
    "4": " (version 4 stored tournament and play-money chips in hundredths, this one in whole chips)",
}
"""What changed since an older schema version, where a user would want to know before rebuilding."""

_FILES_LISTED = 12
"""Imported files a rebuild command names one by one; beyond, it names the folders they are in."""


def rebuild_command(con: duckdb.DuckDBPyConnection, where: str) -> str:
    """``: studbook import FILES --db NEW``, the command that imports into a new database file what the
    database ``where`` recorded importing (its ``imports`` table), or "" when it records none. Why not
    change the database in place: every table holds amounts, and an import from the files rebuilds all
    of them with this studbook's rules, which a conversion of the old rows could not."""
    try:
        files = [str(r[0]) for r in con.execute("SELECT DISTINCT file FROM imports ORDER BY file").fetchall()]
    except duckdb.Error:
        return ""
    if not files:
        return ""
    named = files if len(files) <= _FILES_LISTED else sorted({str(Path(f).parent) for f in files})
    path = Path(where)
    new = path.with_name(f"{path.stem}-v{SCHEMA_VERSION}{path.suffix or '.duckdb'}")
    what = "" if named is files else f" (the folders its {len(files):,} files were imported from)"
    return f"; rebuild it from the files it was made of{what}: studbook import {' '.join(map(shlex.quote, named))} --db {shlex.quote(str(new))}"


def _check_or_create(con: duckdb.DuckDBPyConnection, where: str, read_only: bool) -> None:
    existing = {row[0] for row in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    if "meta" in existing:
        row = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        version = row[0] if row else "unknown"
        if version != str(SCHEMA_VERSION):
            raise StoreError(
                f"{where}: written by studbook schema version {version}, this studbook uses version "
                f"{SCHEMA_VERSION}{_WHY_NEWER.get(version, '')}; import your hand histories into a new "
                f"database file (--db){rebuild_command(con, where)}"
            )
        stale = _stale_tables(con)
        if stale:
            raise StoreError(
                f"{where}: this database was made by an older studbook whose tables differ from this one's "
                f"({'; '.join(stale)}); import your hand histories into a new database file (--db) or "
                "delete this one and import again"
            )
        if not read_only:
            con.execute(JOURNAL.ddl())
        return
    if existing:
        raise StoreError(f"{where}: a DuckDB database that studbook did not create; choose another file (--db)")
    if read_only:
        raise StoreError(f"{where}: an empty database (run 'studbook import ... --db {where}' first)")
    con.begin()
    for table in (*TABLES.values(), JOURNAL):
        con.execute(table.ddl())
    con.execute("INSERT INTO meta VALUES ('schema_version', ?)", [str(SCHEMA_VERSION)])
    con.commit()
