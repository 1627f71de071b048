"""The import pipeline: find the hand-history files, parse and replay them in worker processes, and
write each file to the database whole or not at all from the main process (:meth:`.Store.writing`).

Why it is shaped this way:

- **Parsing and replaying are the cost** (hundreds to a few thousand hands per second per core), so they
  run in a process pool, one file per task, or one piece per task of a file larger than
  :data:`.pieces.PIECE_BYTES` (cut at hand headers, read with the file's own line numbers, so that one
  large file keeps every core busy too). DuckDB lets one process write, so workers never touch the
  database: a worker turns hands into rows and *spills* them, a chunk of hands at a time, to Arrow IPC
  streams in a temporary folder; the main process reads them back chunk by chunk inside the file's
  transaction. Memory stays bounded by the chunk size however large a file is (a million simulated
  hands import within it), and nothing is pickled hand by hand between processes.
- **Files are written in the order given** (``imap``, not ``imap_unordered``), and a file's pieces in
  file order inside its one all-or-nothing write, so which copy of a hand printed twice is stored is the same on
  every run, however the file was cut.
- **What survives an interruption**: see :mod:`.store` — each file is stored completely or not at all,
  and re-running the import skips the files already stored (by checksum) and finishes the rest.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import tempfile
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

import pyarrow as pa

from ..engine.model import Hand, ReplayResult
from ..parsers.registry import get_profile, profile_for
from ..engine.replay import replay
from ..parsers import ParseResult, parse_file
from ..parsers.reading import iter_lines
from ..parsers.errors import NotStudHand, ParseError
from ..parsers.zones import NO_ZONES, SiteZones
from ..analytics.rows import Replayed, hand_batches, hand_id, to_arrow
from ..analytics.schema import HAND_TABLES, PARSE_ERRORS
from ..analytics.store import FileCounts, SourceFile, Store
from .pieces import PIECE_BYTES, Piece, parse_piece, plan, read_piece
from .progress import BYTES_READ, BytesRead, FileReader, ImportProgress, LineOffsets, reading_with, share_counter
from .tournament_results import Told, TournamentsTold

HAND_FILE_SUFFIXES: tuple[str, ...] = (".txt", ".phh", ".xml")
"""Extensions picked up when a folder is given (a file named explicitly is read whatever its name): sites
export text as ``.txt``, iPoker and Merge XML as ``.xml`` or ``.txt``."""

CHUNK_HANDS = 1000
"""Hands per chunk, the Arrow batches written (or spilled) together, each chunk in its own transaction:
large enough that DuckDB's cost per insert and per commit vanishes (binding ``hand_players``' ~130
columns, the duplicate check, the commit: writing 4,000 simulated hands took ~0.05 ms a hand less in
chunks of 1,000 than of 500), small enough to bound memory (a chunk's rows are a few MB of Arrow)."""

ROW_HANDS = 500
"""Hands turned into rows at a time (:func:`.rows.hand_batches`), a chunk's rows being built in steps of
this many: the parsed and replayed hands are Python objects, tens of KB each, held until their rows are
built, so they, not the chunk's Arrow rows, are what bounds a reader's memory."""

READ_AHEAD_HANDS = ROW_HANDS
"""Hands parsed before they are replayed (:func:`replayed_hands`): as many as are turned into rows at a
time, so that the stages keep in step (a run parsed, then replayed, then its rows). A run parsed and
then replayed, rather than each hand parsed and replayed in turn, keeps each stage's code and tables in
the processor's caches for the whole run, which is faster; the parsed hands are held until their rows
are built anyway, so this holds at most one run more in memory. A file still streams: a run is about
1 MB of text. The measurements, and the run sizes tried, are in benchmarks/README.md ("Import pipeline
constants")."""

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something that could not be stored, and where: ``rule`` says what kind —

    - ``parse``: a hand that could not be read (``text`` the offending line);
    - ``conflict``: a hand whose id is already taken by a hand with other content (see :mod:`.store`);
    - ``file``: a file or path that could not be read at all (``line`` is None);
    - ``engine``: studbook itself failed on the hand (a bug to report; the hand is left out and the
      import goes on). The fuzz tests demand that this never happens;
    - ``tournament``: a tournament result that could not be read (a summary's line, a hand's result
      line: the hand itself is stored), and ``tournament-conflict``: two sources of a tournament that
      disagree (:mod:`studbook.analytics.tournament_store`). Neither stands for a hand left out.

    Plain data, so it travels between processes."""

    file: str
    line: int | None
    message: str
    text: str | None = None
    rule: str = "parse"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line is not None else f"{self.file}: {self.message}"


INTERNAL_ERROR = "engine"
"""The rule of a :class:`Problem` that is studbook's own failure, not the file's."""

TOURNAMENT_RULES = ("tournament", "tournament-conflict")
"""The rules of a :class:`Problem` with a tournament's result, not with a hand."""


def result_problem(err: ParseError) -> Problem:
    """A tournament result that could not be read, as a :class:`Problem` (see :data:`TOURNAMENT_RULES`)."""
    return Problem(err.file, err.line, err.detail, err.text, rule=TOURNAMENT_RULES[0])


@dataclass(frozen=True, slots=True)
class UnknownLines:
    """The lines of a kind no rule knows in the hands kept of one file (the hands' chips add up without
    them: parsers/unknown_lines.py): how many, and the first, for the import's summary to name."""

    file: str
    count: int
    first: int

    def __str__(self) -> str:
        lines = "1 line" if self.count == 1 else f"{self.count:,} lines"
        return f"{lines} of a kind studbook does not know, first at {self.file}:{self.first}"

    def then(self, later: UnknownLines | None) -> UnknownLines:
        """These lines and ``later``'s, of a later part of the same file."""
        return self if later is None else replace(self, count=self.count + later.count)


def unknown_in(hand: Hand, before: UnknownLines | None) -> UnknownLines | None:
    """``before`` (the file's so far) with ``hand``'s lines no rule knows counted in."""
    if not hand.unknown_lines:
        return before
    found = UnknownLines(str(hand.source_file), len(hand.unknown_lines), hand.unknown_lines[0].line)
    return found if before is None else before.then(found)


def parse_problem(err: ParseError) -> Problem:
    """A parser error as a :class:`Problem`; the message keeps what was found and what was expected."""
    return Problem(err.file, err.line, err.detail, err.text)


def internal_problem(file: str, line: int, what: str, exc: BaseException) -> Problem:
    return Problem(
        file,
        line,
        f"studbook failed on this hand while {what} ({exc!r}); the hand is left out: please report it",
        rule=INTERNAL_ERROR,
    )


def _not_a_file(path: Path) -> str | None:
    """Why ``path`` (which exists) cannot be read as a hand history without even trying, or None: a
    FIFO, socket or device would block or never end."""
    return None if path.is_file() else "not a regular file (a pipe, socket or device): skipped"


def discover(paths: Iterable[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The hand-history files under ``paths`` (folders searched recursively for ``HAND_FILE_SUFFIXES``),
    each once, in sorted order per argument, as absolute paths (so that a hand's file can be found
    again from any folder); and a message for every path that does not exist or is no regular file."""
    files: list[Path] = []
    missing: list[Problem] = []
    seen: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        try:
            if path.is_dir():
                found = sorted(p for p in path.rglob("*") if p.suffix.lower() in HAND_FILE_SUFFIXES and not p.is_dir())
            elif path.exists():
                found = [path]
            else:
                missing.append(Problem(str(raw), None, "no such file or folder", rule="file"))
                continue
        except OSError as exc:  # a folder that cannot be listed
            missing.append(Problem(str(raw), None, f"cannot read the folder ({exc})", rule="file"))
            continue
        for p in found:
            key = p.resolve()
            if key in seen:
                continue
            seen.add(key)
            why = _not_a_file(key)
            if why is not None:
                missing.append(Problem(str(p), None, why, rule="file"))
            else:
                files.append(key)
    return files, missing


def checksum(path: Path) -> str:
    """SHA-256 of the file's bytes (hex): the identity of a file's content in ``imports``."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def replayed_hands(
    path: Path, profile_name: str | None, parsed: Iterable[ParseResult] | None = None, zones: SiteZones = NO_ZONES
) -> Iterator[tuple[Hand, ReplayResult] | Problem | NotStudHand]:
    """Every hand of a file (or ``parsed``, what the parser read of a part of it: a piece of a large
    file, or what watch mode read of a growing one) replayed under ``profile_name`` (or the site's
    default profile), streaming, with the parser's errors and skipped non-stud hands passed through in
    file order. ``zones`` places the times a site prints without a zone (:mod:`..parsers.zones`).

    The hands are parsed :data:`READ_AHEAD_HANDS` at a time and then replayed, rather than each hand
    parsed and replayed in turn (see there why)."""
    fixed = get_profile(profile_name) if profile_name else None
    source = iter(parse_file(path, zones) if parsed is None else parsed)
    runs = iter(lambda: list(islice(source, READ_AHEAD_HANDS)), [])  # parsed runs, until one comes back empty
    for item in chain.from_iterable(runs):
        if isinstance(item, ParseError):
            yield parse_problem(item)
            continue
        if isinstance(item, NotStudHand):
            yield item
            continue
        try:
            result = replay(item, fixed if fixed is not None else profile_for(item))
        except Exception as exc:  # an engine bug must not stop the import: report it where it happened
            yield internal_problem(str(path), item.source_line, "replaying it", exc)
            continue
        yield item, result


@dataclass(frozen=True, slots=True)
class FileTask:
    """One file, or one ``piece`` of a file (:mod:`.pieces`), for a worker: where to read it, which
    profile to judge it by, where to spill rows; ``cp1252`` reads a piece as cp1252 (an earlier piece
    found the file is not UTF-8); ``zones`` the zones of the times a site prints without one, as pairs
    (site id, zone name), which pickle to a worker whatever mapping they came from."""

    path: Path
    profile: str | None
    spill_dir: Path
    chunk_hands: int = CHUNK_HANDS
    piece: Piece | None = None
    cp1252: bool = False
    zones: tuple[tuple[str, str], ...] = ()


class HandChunks:
    """One file's hands as chunks of rows, read as they are iterated; what is not a stored hand is
    counted (``not_stud``) or kept (``errors``) on the way, complete once the iteration ends.

    A chunk never holds one hand id twice: a repeated id starts a new chunk, so that the store, which
    sees every chunk of the file inside its transaction, is the one judge of duplicates and conflicts.
    The bytes read are reported as the hands' lines are reached (:mod:`.progress`, when a report is
    set for this process), so a progress bar moves within a large file.

    Given a ``piece``, only that piece of the file is read (its bytes are reported once it is read);
    ``fell_back`` and ``non_ascii`` then say what its decoding found (:class:`.pieces.PieceText`).
    Given ``parsed``, those parse results are the file's (see :func:`replayed_hands`).

    The tournament results the file tells are gathered on the way (``told``: a summary file's, the
    hands' result lines and headers; :mod:`.tournament_results`), their unreadable lines kept in
    ``errors`` too."""

    def __init__(
        self,
        path: Path,
        profile: str | None,
        chunk_hands: int = CHUNK_HANDS,
        piece: Piece | None = None,
        cp1252: bool = False,
        parsed: Iterable[ParseResult] | None = None,
        zones: SiteZones = NO_ZONES,
    ) -> None:
        self.path = path
        self.zones = zones
        self.profile = profile
        self.chunk_hands = chunk_hands
        self.piece = piece
        self.cp1252 = cp1252
        self.parsed = parsed
        self.not_stud = 0
        self.errors: list[Problem] = []
        self.unknown: UnknownLines | None = None
        """The lines no rule knows in the hands read so far (:func:`unknown_in`)."""
        self.fell_back = self.non_ascii = False
        self.tournaments = TournamentsTold(path)
        self._piece_text: str | None = None

    @property
    def told(self) -> list[Told]:
        """The tournament results read so far, each with its origin."""
        return self.tournaments.told

    def _parsed(self) -> Iterable[ParseResult] | None:
        """What the parser reads of the piece (None: the whole file, read by ``replayed_hands``)."""
        if self.piece is None:
            return self.parsed
        text = read_piece(self.path, self.piece, self.cp1252)
        self.fell_back, self.non_ascii = text.fell_back, text.non_ascii
        self._piece_text = text.text
        return parse_piece(self.path, self.piece, text.text, self.zones)

    def __iter__(self) -> Iterator[dict[str, pa.RecordBatch]]:
        report = BYTES_READ.get()
        reader = None
        if report is not None and self.piece is None:
            reader = FileReader(LineOffsets.scan(self.path), report)
        pending: list[Replayed] = []  # hands of the chunk not turned into rows yet
        built: list[dict[str, pa.RecordBatch]] = []  # the rows of its other hands, ROW_HANDS at a time
        held = 0  # hands in the chunk so far
        ids: set[str] = set()
        try:
            if self.piece is None and self.parsed is None and self.tournaments.summary():
                self.errors.extend(result_problem(e) for e in self.tournaments.errors)
                return
            for item in replayed_hands(self.path, self.profile, self._parsed(), self.zones):
                if reader is not None:
                    reader.at_line(item[0].source_line if isinstance(item, tuple) else item.line or 0)
                if isinstance(item, NotStudHand):
                    self.not_stud += 1
                    self.tournaments.not_read(item)
                    continue
                if isinstance(item, Problem):
                    self.errors.append(item)
                    continue
                self.unknown = unknown_in(item[0], self.unknown)
                self.tournaments.hand(item[0])
                key = hand_id(item[0])
                if key in ids or held >= self.chunk_hands:
                    yield from self._chunk(built, pending)
                    pending, built, held, ids = [], [], 0, set()
                elif len(pending) >= ROW_HANDS:
                    built.extend(self._batches(pending))
                    pending = []
                ids.add(key)
                pending.append(item)
                held += 1
            if held:
                yield from self._chunk(built, pending)
            self._finish_tournaments()
        finally:
            if reader is not None:
                reader.finish()
            elif report is not None and self.piece is not None:
                report(self.piece.end - self.piece.start)

    def _finish_tournaments(self) -> None:
        """The result lines of the hands skipped unread, from the piece's text or the file's."""
        if self.piece is not None and self._piece_text is not None:
            self.tournaments.finish(iter_lines([self._piece_text]), self.piece.first_line)
            self._piece_text = None  # the piece's text is held only for the hands it did not read
        else:
            self.tournaments.finish()
        self.errors.extend(result_problem(e) for e in self.tournaments.errors)

    def _chunk(
        self, built: list[dict[str, pa.RecordBatch]], pending: list[Replayed]
    ) -> Iterator[dict[str, pa.RecordBatch]]:
        """A chunk's rows as one batch per table: those ``built`` already (:data:`ROW_HANDS` hands at a
        time) and those of its ``pending`` hands; nothing when no hand of it could be turned into rows."""
        parts = [*built, *(self._batches(pending) if pending else ())]
        if len(parts) == 1:
            yield parts[0]
        elif parts:
            yield {name: pa.concat_batches([part[name] for part in parts]) for name in parts[0]}

    def _batches(self, hands: list[Replayed]) -> Iterator[dict[str, pa.RecordBatch]]:
        """The rows of ``hands``; should turning them into rows fail (a studbook bug), hand by hand, so
        that only the hands it fails on are left out, each reported at its line."""
        try:
            yield hand_batches(hands)
            return
        except Exception:
            pass
        kept = []
        for hand, result in hands:
            try:
                hand_batches([(hand, result)])
            except Exception as exc:
                self.errors.append(internal_problem(str(self.path), hand.source_line, "storing it", exc))
            else:
                kept.append((hand, result))
        if kept:
            yield hand_batches(kept)


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """What a worker made of one file: the number of spilled chunks, the counts it found and the
    problems to report. ``failure`` is set when the file could not be read at all. ``cpu_seconds`` is
    the processor time the worker spent on the file, which the main process cannot see otherwise."""

    path: Path
    chunks: int = 0
    not_stud: int = 0
    errors: tuple[Problem, ...] = ()
    failure: Problem | None = None
    cpu_seconds: float = 0.0
    fell_back: bool = False
    non_ascii: bool = False
    unknown: UnknownLines | None = None
    told: tuple[Told, ...] = ()


def _spill_path(spill_dir: Path, table: str) -> Path:
    return spill_dir / f"{table}.arrow"


SPILL_OPTIONS = pa.ipc.IpcWriteOptions(compression="zstd")
"""Spilled rows are compressed: uncompressed, a file's rows took 2.6 times the file's own size on disk;
compressed they take well under its size (see benchmarks/README.md)."""


IMPORT_GC_THRESHOLD = 200_000
"""The garbage collector's first threshold while an import reads (Python's default is 700): see
:func:`settled_heap`. It counts the objects allocated and not yet freed since the last collection, and
an import holds about a hundred a hand until the hand's rows are built, :data:`ROW_HANDS` hands at a
time: tens of thousands. With a threshold below that, a young collection comes every few hundred hands
and walks the pending hands' objects each time, for nothing (they are all still held); above it, a
collection comes about once an import. The measurements are in benchmarks/README.md ("Import pipeline
constants")."""


@contextmanager
def settled_heap() -> Iterator[None]:
    """While an import reads, the objects that existed before it (modules, grammars, the evaluator's
    tables, a notebook's data) are kept out of the garbage collector's full collections, which
    otherwise walk all of them again every few hundred hands (~0.1 s each, ~6% of an import's time
    on 20,000 hands: benchmarks/README.md). And the collector runs less often: an import allocates
    thousands of objects a hand (tokens, events, rows) that reference counting frees, and makes no
    reference cycles (tests/test_import.py checks that: an import of good and broken hands leaves no
    cyclic garbage; on 4,000 simulated hands at the default threshold, 1,033 collections found nothing
    to collect and took ~5% of the import's processor time), so every :data:`IMPORT_GC_THRESHOLD`
    allocations instead of every 700; cycles, should some arise, are still collected. Undone on the way
    out, so the process is left as it was."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(threshold[0], IMPORT_GC_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def process_file(task: FileTask) -> FileOutcome:
    """Parse and replay one file, spilling its rows in chunks of ``task.chunk_hands`` hands (runs in a
    worker process, which cannot write the database)."""
    started = time.process_time()
    task.spill_dir.mkdir(parents=True, exist_ok=True)
    reader = HandChunks(task.path, task.profile, task.chunk_hands, task.piece, task.cp1252, zones=dict(task.zones))
    chunks = 0
    try:
        with ExitStack() as stack:
            stack.enter_context(settled_heap())
            writers = {
                t.name: stack.enter_context(
                    pa.ipc.new_stream(_spill_path(task.spill_dir, t.name), t.arrow_schema(), options=SPILL_OPTIONS)
                )
                for t in HAND_TABLES
            }
            for chunk in reader:
                for name, batch in chunk.items():
                    writers[name].write_batch(batch)
                chunks += 1
    except Exception as exc:  # one unreadable file must not lose the others: report it and go on
        return FileOutcome(task.path, failure=file_failure(task.path, exc), cpu_seconds=time.process_time() - started)
    cpu = time.process_time() - started
    return FileOutcome(
        task.path,
        chunks,
        reader.not_stud,
        tuple(reader.errors),
        None,
        cpu,
        reader.fell_back,
        reader.non_ascii,
        reader.unknown,
        tuple(reader.told),
    )


def file_failure(path: Path, exc: Exception) -> Problem:
    """Why a whole file could not be read, in words: the system's reason for an unreadable file, or a
    request to report a studbook bug for anything else."""
    if isinstance(exc, (OSError, UnicodeError)):
        return Problem(str(path), None, f"cannot read the file ({exc})", rule="file")
    return Problem(str(path), None, f"studbook failed on this file ({exc!r}); please report it", rule=INTERNAL_ERROR)


def read_chunks(spill_dir: Path, count: int) -> Iterator[dict[str, pa.RecordBatch]]:
    """The chunks :func:`process_file` spilled, one at a time (batch ``i`` of every table is chunk ``i``)."""
    with ExitStack() as stack:
        readers = {
            t.name: stack.enter_context(pa.ipc.open_stream(pa.memory_map(str(_spill_path(spill_dir, t.name)))))
            for t in HAND_TABLES
        }
        for _ in range(count):
            yield {name: r.read_next_batch() for name, r in readers.items()}


def error_rows(errors: Sequence[Problem]) -> pa.RecordBatch:
    """The ``parse_errors`` rows of a file (internal failures are recorded there too, with no text)."""
    return to_arrow(
        PARSE_ERRORS.name, [{"file": e.file, "line": e.line, "text": e.text, "message": e.message} for e in errors]
    )


POLL_SECONDS = 0.2
"""How often the main process passes on the bytes the workers have read while it waits for a file."""


def map_files(func: Callable[[T], R], tasks: Sequence[T], workers: int, report: BytesRead | None = None) -> Iterator[R]:
    """``func`` over ``tasks`` in order, in ``workers`` processes (in this process when one is enough).
    ``report``, if given, is called in this process with the bytes ``func`` reads (see
    :mod:`.progress`), also while a file is being read.

    Workers come from a fork server (or spawn), never a plain fork: the parent may hold an open DuckDB
    connection and its threads, which a forked child must not inherit."""
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield reading_with(report, func, task)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if report is None:
        with context.Pool(min(workers, len(tasks))) as pool:
            yield from pool.imap(func, tasks)
        return
    counter = context.Value("q", 0)
    passed_on = 0

    def pass_on() -> None:
        nonlocal passed_on
        now = counter.value
        if now > passed_on:
            report(now - passed_on)
            passed_on = now

    with context.Pool(min(workers, len(tasks)), initializer=share_counter, initargs=(counter,)) as pool:
        results = pool.imap(func, tasks)
        while True:
            try:
                result = results.next(timeout=POLL_SECONDS)
            except multiprocessing.TimeoutError:
                pass_on()
                continue
            except StopIteration:
                break
            pass_on()
            yield result


def default_workers() -> int:
    """One worker per core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(slots=True)
class ImportSummary:
    """The totals an import prints. ``reports`` are what could not be stored, each a :class:`Problem`
    with its place (parse errors, conflicts, unreadable files, missing paths, studbook's own failures). ``read_cpu_seconds`` is the processor time spent reading
    the files (parsing, replaying, building rows), summed over the worker processes that did it: with
    the main process's own time it gives the import's hands per CPU second however many workers ran."""

    files: int = 0
    files_imported: int = 0
    files_already_imported: int = 0
    files_failed: int = 0
    files_empty: int = 0
    hands: int = 0
    duplicates: int = 0
    conflicts: int = 0
    not_stud: int = 0
    with_violations: int = 0
    tournament_ids: set[tuple[str, str]] = field(default_factory=set)
    read_cpu_seconds: float = 0.0
    reports: list[Problem] = field(default_factory=list)
    unknown_lines: list[UnknownLines] = field(default_factory=list)
    """Per file imported, the lines of a kind no rule knows that its kept hands hold (files with none
    left out)."""

    @property
    def problems(self) -> list[str]:
        """Every report as the ``file:line: message`` line the import prints."""
        return [str(p) for p in self.reports]

    @property
    def tournaments(self) -> int:
        """The tournaments whose results (a summary, hands' result lines, headers) the files told."""
        return len(self.tournament_ids)

    @property
    def nothing_read(self) -> bool:
        """True when no hand at all could be read: no file found, or every file unreadable or empty."""
        read = self.hands + self.duplicates + self.conflicts + self.not_stud + self.files_already_imported
        return read + self.tournaments == 0

    def add(
        self, counts: FileCounts, not_stud: int, errors: Sequence[Problem], unknown: UnknownLines | None = None
    ) -> None:
        self.files_imported += 1
        if unknown is not None:
            self.unknown_lines.append(unknown)
        self.hands += counts.hands
        self.duplicates += counts.duplicates
        self.conflicts += len(counts.conflicts)
        self.not_stud += not_stud
        self.with_violations += counts.with_violations
        self.reports.extend(errors)
        self.reports.extend(Problem(c.file, c.line, c.message, rule="conflict") for c in counts.conflicts)
        self.tournament_ids.update(counts.tournaments)
        self.reports.extend(
            Problem(c.file, c.line, c.message, rule=TOURNAMENT_RULES[1]) for c in counts.tournament_conflicts
        )

    def failed(self, problem: Problem) -> None:
        self.files_failed += 1
        self.reports.append(problem)


def new_sources(paths: Sequence[str | Path], imported: Callable[[str], bool]) -> tuple[ImportSummary, list[SourceFile]]:
    """The files under ``paths`` still to import, each content once (``imported`` says whether a
    checksum is stored already), and the summary counting the others: missing, unreadable, empty,
    already imported. Shared by every destination (the database here, a Parquet dataset on Dask)."""
    files, missing = discover(paths)
    summary = ImportSummary(files=len(files), reports=list(missing))
    sources: list[SourceFile] = []
    seen_checksums: set[str] = set()
    for path in files:
        try:
            digest, size = checksum(path), path.stat().st_size
        except OSError as exc:  # unreadable (permission denied, vanished): report it, import the rest
            summary.failed(file_failure(path, exc))
            continue
        if size == 0:  # nothing to read or to remember: said so, not counted as imported
            summary.files_empty += 1
        elif digest in seen_checksums or imported(digest):
            summary.files_already_imported += 1
        else:
            seen_checksums.add(digest)
            sources.append(SourceFile(str(path), digest, size))
    return summary, sources


def run_import(
    paths: Sequence[str | Path],
    store: Store,
    workers: int = 1,
    profile: str | None = None,
    progress: ImportProgress | None = None,
    chunk_hands: int = CHUNK_HANDS,
    piece_bytes: int = PIECE_BYTES,
    zones: SiteZones = NO_ZONES,
) -> ImportSummary:
    """Import every hand-history file under ``paths`` into ``store`` and say what happened.

    Files are stored by their absolute path. With one worker, every file is read in this process and
    written to the database as it is read (nothing spilled, progress within the file). With several,
    files are read in worker processes that spill their rows (:func:`process_file`), and a file larger
    than ``piece_bytes`` is cut at hand boundaries into pieces read in parallel (:mod:`.pieces`); each
    file is still written in order, all or nothing.

    ``profile`` names the rule profile to judge every hand by (default: each site's own); it is checked
    before any file is read (ValueError listing the profiles). ``zones`` gives the zone of the times a
    site prints without one, where the user knows better than the site's own (:mod:`..parsers.zones`)."""
    if profile:
        get_profile(profile)
    summary, sources = new_sources(paths, store.has_checksum)
    if progress is not None:
        progress.start(total_bytes=sum(s.size for s in sources), files=len(sources))
    read = progress.read if progress is not None else None
    pieces = [plan(Path(s.path), piece_bytes) for s in sources] if workers > 1 else []
    if workers <= 1 or (len(sources) <= 1 and not any(pieces)):
        for source in sources:
            reading_with(read, _stream_file, (source, store, profile, chunk_hands, summary, zones))
            if progress is not None:
                progress.stored(summary.hands)
    else:
        _import_in_workers(sources, pieces, store, profile, chunk_hands, workers, summary, progress, zones)
    if progress is not None:
        progress.finish()
    return summary


def _stream_file(job: tuple[SourceFile, Store, str | None, int, ImportSummary, SiteZones]) -> None:
    """Read one file in this process, writing each chunk of hands as soon as it is read (inside the
    file's transaction, so an interruption still leaves nothing of it): nothing is spilled."""
    source, store, profile, chunk_hands, summary, zones = job
    started = time.process_time()
    reader = HandChunks(Path(source.path), profile, chunk_hands, zones=zones)
    try:
        with settled_heap(), store.writing(source) as writer:
            for chunk in reader:
                writer.chunk(chunk)
            writer.tournaments(reader.told)
            counts = writer.finish(error_rows(reader.errors), not_stud=reader.not_stud)
    except Exception as exc:  # unreadable while being read, or a studbook bug: nothing of it kept, go on
        summary.failed(file_failure(Path(source.path), exc))
    else:
        summary.add(counts, reader.not_stud, reader.errors, reader.unknown)
    summary.read_cpu_seconds += time.process_time() - started


def _import_in_workers(
    sources: Sequence[SourceFile],
    pieces: Sequence[Sequence[Piece]],
    store: Store,
    profile: str | None,
    chunk_hands: int,
    workers: int,
    summary: ImportSummary,
    progress: ImportProgress | None,
    zones: SiteZones = NO_ZONES,
) -> None:
    """Read ``sources`` (each whole, or in its ``pieces``) in ``workers`` processes, and write each file
    in the order given, all or nothing, its pieces in file order."""
    with tempfile.TemporaryDirectory(prefix="studbook-import-") as tmp:
        groups: list[list[FileTask]] = []
        for i, (source, cut) in enumerate(zip(sources, pieces)):
            spill = Path(tmp) / str(i)
            groups.append(
                [
                    FileTask(Path(source.path), profile, spill / str(j), chunk_hands, piece, zones=tuple(zones.items()))
                    for j, piece in enumerate(cut)
                ]
                or [FileTask(Path(source.path), profile, spill, chunk_hands, zones=tuple(zones.items()))]
            )
        read = progress.read if progress is not None else None
        outcomes = map_files(process_file, [t for g in groups for t in g], workers, read)
        for source, group in zip(sources, groups):
            store_file_outcomes(source, group, outcomes, store, summary)
            if progress is not None:
                progress.stored(summary.hands)


class _FileFailed(Exception):
    """A piece of a file could not be read: the file's transaction is rolled back."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def store_file_outcomes(
    source: SourceFile, group: Sequence[FileTask], outcomes: Iterator[FileOutcome], store: Store, summary: ImportSummary
) -> None:
    """Write what the workers made of one file's tasks (``group``: the whole file, or its pieces in
    order), taking their outcomes from ``outcomes``, all or nothing (:meth:`.Store.writing`). A piece holding
    bytes beyond ASCII after a piece found the file is not UTF-8 is read again here as cp1252, as the
    whole file's decoding would have read it (:mod:`.pieces`). A piece that failed fails the file.

    Public because the Dask import (:mod:`.dask_import`) writes the outcomes its cluster read through it
    too: a file is stored the same way, all or nothing and decoded alike, whichever processes read it."""
    errors: list[Problem] = []
    not_stud = 0
    unknown: UnknownLines | None = None
    failure: Problem | None = None
    cp1252 = False
    try:
        with store.writing(source) as writer:
            for task in group:
                outcome = next(outcomes)
                summary.read_cpu_seconds += outcome.cpu_seconds
                if failure is None and outcome.failure is None and cp1252 and outcome.non_ascii and not task.cp1252:
                    outcome = process_file(replace(task, cp1252=True))
                    summary.read_cpu_seconds += outcome.cpu_seconds
                if failure is None and outcome.failure is not None:
                    failure = outcome.failure
                if failure is None:
                    cp1252 = cp1252 or outcome.fell_back
                    for chunk in read_chunks(task.spill_dir, outcome.chunks):
                        writer.chunk(chunk)
                    errors.extend(outcome.errors)
                    not_stud += outcome.not_stud
                    unknown = outcome.unknown if unknown is None else unknown.then(outcome.unknown)
                    writer.tournaments(outcome.told)
                for spilled in task.spill_dir.glob("*"):
                    spilled.unlink()
            if failure is not None:
                raise _FileFailed(failure)
            counts = writer.finish(error_rows(errors), not_stud=not_stud)
    except _FileFailed as failed:
        summary.failed(failed.problem)
    else:
        summary.add(counts, not_stud, errors, unknown)
