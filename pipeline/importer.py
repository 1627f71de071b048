"""The import pipeline: find the hand-history files, parse and replay them in worker processes, and
write each file to the database in one transaction from the main process.

Why it is shaped this way:

- **Parsing and replaying are the cost** (hundreds to a few thousand hands per second per core), so they
  run in a process pool, one file per task. DuckDB lets one process write, so workers never touch the
  database: a worker turns hands into rows and *spills* them, a chunk of hands at a time, to Arrow IPC
  streams in a temporary folder; the main process reads them back chunk by chunk inside the file's
  transaction. Memory stays bounded by the chunk size however large a file is (issue #5 imports a
  million simulated hands), and nothing is pickled hand by hand between processes.
- **Files are written in the order given** (``imap``, not ``imap_unordered``), so which copy of a hand
  printed in two files is stored is the same on every run.
- **What survives an interruption**: see :mod:`.store` — each file is stored completely or not at all,
  and re-running the import skips the files already stored (by checksum) and finishes the rest.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

import pyarrow as pa

from ..engine.model import Hand, ReplayResult
from ..engine.profiles import get_profile, profile_for
from ..engine.replay import replay
from ..parsers import parse_file
from ..parsers.errors import NotStudHand, ParseError
from ..analytics.rows import Replayed, hand_batches, hand_id, to_arrow
from ..analytics.schema import HAND_TABLES, PARSE_ERRORS
from ..analytics.store import FileCounts, SourceFile, Store
from .progress import BYTES_READ, BytesRead, FileReader, ImportProgress, LineOffsets, reading_with, share_counter

HAND_FILE_SUFFIXES: tuple[str, ...] = (".txt", ".phh", ".xml")
"""Extensions picked up when a folder is given (a file named explicitly is read whatever its name): sites
export text as ``.txt``, iPoker and Merge XML as ``.xml`` or ``.txt``."""

CHUNK_HANDS = 500
"""Hands per Arrow batch: large enough that per-batch overhead vanishes (a few inserts per table), small
enough to bound memory: a worker holds the chunk's parsed and replayed hands (a few MB) until they are
turned into columns."""

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in a file that could not be stored, where it is: a parse error (``rule`` ``parse``,
    ``text`` the offending line) or a hand the rules engine failed on (``rule`` ``engine``: an engine
    bug, not a rule break, so the hand is reported and left out and the import goes on). Plain data, so
    it travels between processes."""

    file: str
    line: int
    message: str
    text: str | None = None
    rule: str = "parse"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def parse_problem(err: ParseError) -> Problem:
    """A parser error as a :class:`Problem`; the message keeps what was found and what was expected."""
    return Problem(err.file, err.line, err.detail, err.text)


def discover(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """The hand-history files under ``paths`` (folders searched recursively for ``HAND_FILE_SUFFIXES``),
    each once, in sorted order per argument; and a message for every path that does not exist."""
    files: list[Path] = []
    missing: list[str] = []
    seen: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in HAND_FILE_SUFFIXES and p.is_file())
        elif path.is_file():
            found = [path]
        else:
            missing.append(f"{raw}: no such file or folder")
            continue
        for p in found:
            key = p.resolve()
            if key not in seen:
                seen.add(key)
                files.append(p)
    return files, missing


def checksum(path: Path) -> str:
    """SHA-256 of the file's bytes (hex): the identity of a file's content in ``imports``."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def replayed_hands(
    path: Path, profile_name: str | None
) -> Iterator[tuple[Hand, ReplayResult] | Problem | NotStudHand]:
    """Every hand of a file replayed under ``profile_name`` (or the site's default profile), streaming,
    with the parser's errors and skipped non-stud hands passed through in file order."""
    fixed = get_profile(profile_name) if profile_name else None
    for item in parse_file(path):
        if isinstance(item, ParseError):
            yield parse_problem(item)
            continue
        if isinstance(item, NotStudHand):
            yield item
            continue
        try:
            result = replay(item, fixed if fixed is not None else profile_for(item))
        except Exception as exc:  # an engine bug must not stop the import: report it where it happened
            failure = f"the rules engine failed on this hand: {exc!r}"
            yield Problem(str(path), item.source_line, failure, rule="engine")
            continue
        yield item, result


@dataclass(frozen=True, slots=True)
class FileTask:
    """One file for a worker: where to read it, which profile to judge it by, where to spill rows."""

    path: Path
    profile: str | None
    spill_dir: Path
    chunk_hands: int = CHUNK_HANDS


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """What a worker made of one file: the number of spilled chunks, the counts it found and the
    problems to report. ``failure`` is set when the file could not be read at all. ``cpu_seconds`` is
    the processor time the worker spent on the file, which the main process cannot see otherwise."""

    path: Path
    chunks: int = 0
    duplicates: int = 0
    not_stud: int = 0
    errors: tuple[Problem, ...] = ()
    failure: str | None = None
    cpu_seconds: float = 0.0


def _spill_path(spill_dir: Path, table: str) -> Path:
    return spill_dir / f"{table}.arrow"


def process_file(task: FileTask) -> FileOutcome:
    """Parse and replay one file, spilling its rows in chunks of ``task.chunk_hands`` hands (runs in a
    worker process). A hand repeated within a chunk is counted as a duplicate; repeats across chunks
    and files are caught by the store, which sees its own transaction."""
    started = time.process_time()
    task.spill_dir.mkdir(parents=True, exist_ok=True)
    errors: list[Problem] = []
    duplicates = not_stud = chunks = 0
    pending: list[Replayed] = []
    ids: set[str] = set()
    report = BYTES_READ.get()
    reader: FileReader | None = None
    try:
        if report is not None:
            reader = FileReader(LineOffsets.scan(task.path), report)
        with ExitStack() as stack:
            writers = {
                t.name: stack.enter_context(pa.ipc.new_stream(_spill_path(task.spill_dir, t.name), t.arrow_schema()))
                for t in HAND_TABLES
            }

            def flush() -> None:
                for name, batch in hand_batches(pending).items():
                    writers[name].write_batch(batch)
                pending.clear()
                ids.clear()

            for item in replayed_hands(task.path, task.profile):
                if reader is not None:
                    reader.at_line(item.line if isinstance(item, (NotStudHand, Problem)) else item[0].source_line)
                if isinstance(item, NotStudHand):
                    not_stud += 1
                elif isinstance(item, Problem):
                    errors.append(item)
                else:
                    key = hand_id(item[0])
                    if key in ids:
                        duplicates += 1
                        continue
                    ids.add(key)
                    pending.append(item)
                    if len(ids) >= task.chunk_hands:
                        flush()
                        chunks += 1
            if ids:
                flush()
                chunks += 1
    except Exception as exc:  # one unreadable file must not lose the others: report it and go on
        return FileOutcome(task.path, failure=file_failure(task.path, exc), cpu_seconds=time.process_time() - started)
    finally:
        if reader is not None:
            reader.finish()
    cpu = time.process_time() - started
    return FileOutcome(task.path, chunks, duplicates, not_stud, tuple(errors), cpu_seconds=cpu)


def file_failure(path: Path, exc: Exception) -> str:
    """Why a whole file could not be read, in words: the system's reason for an unreadable file, or a
    request to report a studbook bug for anything else."""
    if isinstance(exc, (OSError, UnicodeError)):
        return f"{path}: cannot read the file ({exc})"
    return f"{path}: studbook failed on this file ({exc!r}); please report it"


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
    """The ``parse_errors`` rows of a file (engine failures are recorded there too, with no text)."""
    return to_arrow(
        PARSE_ERRORS.name, [{"file": e.file, "line": e.line, "text": e.text, "message": e.message} for e in errors]
    )


POLL_SECONDS = 0.2
"""How often the main process passes on the bytes the workers have read while it waits for a file."""


def map_files(
    func: Callable[[T], R], tasks: Sequence[T], workers: int, report: BytesRead | None = None
) -> Iterator[R]:
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
    """The totals an import prints. ``problems`` are ``file:line: message`` lines (parse errors, engine
    failures, unreadable files, missing paths). ``read_cpu_seconds`` is the processor time spent reading
    the files (parsing, replaying, building rows), summed over the worker processes that did it: with
    the main process's own time it gives the import's hands per CPU second however many workers ran."""

    files: int = 0
    files_imported: int = 0
    files_already_imported: int = 0
    files_failed: int = 0
    hands: int = 0
    duplicates: int = 0
    not_stud: int = 0
    with_violations: int = 0
    read_cpu_seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def nothing_read(self) -> bool:
        """True when no hand at all could be read: no file found, or every file unreadable or empty."""
        return self.hands + self.duplicates + self.not_stud + self.files_already_imported == 0

    def add(self, counts: FileCounts, outcome: FileOutcome) -> None:
        self.files_imported += 1
        self.hands += counts.hands
        self.duplicates += counts.duplicates
        self.not_stud += outcome.not_stud
        self.with_violations += counts.with_violations
        self.problems.extend(str(e) for e in outcome.errors)


def run_import(
    paths: Sequence[str | Path],
    store: Store,
    workers: int = 1,
    profile: str | None = None,
    progress: ImportProgress | None = None,
    chunk_hands: int = CHUNK_HANDS,
) -> ImportSummary:
    """Import every hand-history file under ``paths`` into ``store`` and say what happened.

    ``profile`` names the rule profile to judge every hand by (default: each site's own); it is checked
    before any file is read (ValueError listing the profiles)."""
    if profile:
        get_profile(profile)
    files, missing = discover(paths)
    summary = ImportSummary(files=len(files), problems=list(missing))
    sources: list[SourceFile] = []
    seen_checksums: set[str] = set()
    for path in files:
        digest = checksum(path)
        if digest in seen_checksums or store.has_checksum(digest):
            summary.files_already_imported += 1
        else:
            seen_checksums.add(digest)
            sources.append(SourceFile(str(path), digest, path.stat().st_size))
    if progress is not None:
        progress.start(total_bytes=sum(s.size for s in sources), files=len(sources))
    with tempfile.TemporaryDirectory(prefix="studbook-import-") as tmp:
        tasks = [FileTask(Path(s.path), profile, Path(tmp) / str(i), chunk_hands) for i, s in enumerate(sources)]
        read = progress.read if progress is not None else None
        for source, task, outcome in zip(sources, tasks, map_files(process_file, tasks, workers, read)):
            summary.read_cpu_seconds += outcome.cpu_seconds
            if outcome.failure is not None:
                summary.files_failed += 1
                summary.problems.append(outcome.failure)
            else:
                counts = store.write_file(
                    source,
                    read_chunks(task.spill_dir, outcome.chunks),
                    error_rows(outcome.errors),
                    not_stud=outcome.not_stud,
                    duplicates=outcome.duplicates,
                )
                summary.add(counts, outcome)
            for spilled in task.spill_dir.glob("*"):
                spilled.unlink()
            if progress is not None:
                progress.stored(summary.hands)
    if progress is not None:
        progress.finish()
    return summary
