"""How far an import has got, in bytes of hand-history files read: the hook the pipeline reports to.

Bytes are the one measure of the work known before anything is parsed, and the only one that moves
inside a single large file. The parsers stream hands with their file line, not their byte offset, so a
worker first scans the file once for its newlines (:class:`LineOffsets`, a few milliseconds per
megabyte against seconds of parsing) and turns each hand's line into the bytes read before it.

Workers are other processes. :func:`share_counter` gives each pool worker one shared integer that it
adds its bytes to; the main process reads it while it waits for results and passes the growth on to
the :class:`ImportProgress` it was given. Nothing here draws anything: ``cli/progress.py`` does.
"""

from __future__ import annotations

from bisect import bisect_left
from contextvars import ContextVar
from dataclasses import dataclass
from os import PathLike
from typing import TYPE_CHECKING, Callable, Protocol, TypeVar

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import Synchronized

OFFSET_BLOCK = 1 << 16
"""Bytes per entry of :class:`LineOffsets`: the progress moves in steps of this much (64 KiB, a few
dozen hands), and a 1 GB file needs 16,000 entries."""

BytesRead = Callable[[int], None]
"""Called with the bytes read since its previous call."""

T = TypeVar("T")
R = TypeVar("R")


class ImportProgress(Protocol):
    """What :func:`~studbook.pipeline.importer.run_import` tells while it works."""

    def start(self, total_bytes: int, files: int) -> None:
        """The work ahead: ``files`` files (those not imported before) of ``total_bytes`` in all."""

    def read(self, nbytes: int) -> None:
        """``nbytes`` more bytes of the files have been parsed and replayed."""

    def stored(self, hands: int) -> None:
        """One more file is in the database; ``hands`` hands were stored so far in all."""

    def finish(self) -> None:
        """The import is over."""


@dataclass(frozen=True, slots=True)
class LineOffsets:
    """Where lines fall in a file, to the nearest :data:`OFFSET_BLOCK`: ``newlines[i]`` newline bytes
    lie in the first ``ends[i]`` bytes. UTF-16 text counts right too: its newline is a 0x0A byte beside
    a NUL, and the other characters holding a 0x0A byte are too rare to move a progress bar."""

    newlines: tuple[int, ...]
    ends: tuple[int, ...]

    @classmethod
    def scan(cls, path: str | PathLike[str], block: int = OFFSET_BLOCK) -> LineOffsets:
        newlines: list[int] = []
        ends: list[int] = []
        count = end = 0
        with open(path, "rb") as f:
            for data in iter(lambda: f.read(block), b""):
                count += data.count(b"\n")
                end += len(data)
                newlines.append(count)
                ends.append(end)
        return cls(tuple(newlines), tuple(ends))

    @property
    def size(self) -> int:
        return self.ends[-1] if self.ends else 0

    def before(self, line: int) -> int:
        """Bytes certainly read once line ``line`` (1-based) is reached: those of the blocks wholly
        before the block it starts in."""
        i = bisect_left(self.newlines, line - 1)
        return self.ends[i - 1] if i > 0 else 0


class FileReader:
    """Reports the bytes of one file as its lines are reached, each byte once, in steps of a block."""

    def __init__(self, offsets: LineOffsets, report: BytesRead) -> None:
        self.offsets, self.report, self.done = offsets, report, 0

    def at_line(self, line: int) -> None:
        self.to(self.offsets.before(line))

    def to(self, position: int) -> None:
        if position > self.done:
            self.report(position - self.done)
            self.done = position

    def finish(self) -> None:
        """The whole file is read (or given up on): report what was not yet."""
        self.to(self.offsets.size)


BYTES_READ: ContextVar[BytesRead | None] = ContextVar("studbook_bytes_read", default=None)
"""Where the file being read reports its bytes: set around each file read in this process
(:func:`reading_with`), and for a pool worker's whole life by :func:`share_counter` (multiprocessing
hands a shared value to a worker only when it starts, never with a task)."""


def reading_with(report: BytesRead | None, func: Callable[[T], R], task: T) -> R:
    """``func(task)`` with its bytes read reported to ``report``."""
    token = BYTES_READ.set(report)
    try:
        return func(task)
    finally:
        BYTES_READ.reset(token)


def share_counter(counter: Synchronized[int]) -> None:
    """A pool initializer: this worker process adds the bytes it reads to ``counter``."""

    def add(nbytes: int) -> None:
        with counter.get_lock():
            counter.value += nbytes

    BYTES_READ.set(add)
