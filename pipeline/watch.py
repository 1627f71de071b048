"""Watch mode: keep importing the hand-history files of a folder while a poker client writes them.

A client appends each hand to a session file when the hand ends (and may flush it in pieces). The
watcher polls the folder, reads only the bytes each file has gained, and stores the hands that are
**complete**: a hand is complete once the next hand's first line has appeared after it, or once the
file has been quiet for the settle interval and the hand reads without an error. A half-written hand
waits; nothing of it is stored.

Why it is shaped this way:

- **Polling, not inotify or watchdog.** ``os.scandir`` and ``stat`` once a second cost microseconds
  per file and work wherever the client writes: inotify exists on Linux only, and sees nothing on the
  network shares, bind mounts and ``/mnt/c`` folders where a Windows client's files are often read
  from; watchdog would be a dependency that falls back to polling in exactly those places.
- **Each file is remembered as the prefix stored so far**: its byte length, its line count and the
  SHA-256 of those bytes. Each stored part is written whole or not at all, with its own ``imports`` row, whose
  ``checksum`` and ``size`` are those of the file's *prefix* up to the end of the part. When the whole
  file has been stored, the last row's checksum is the finished file's, so a later one-shot
  ``studbook import`` skips it unread: it changes nothing. A restarted watcher resumes after the
  longest stored prefix that the file still begins with (:meth:`Watcher._resume`).
- **Parts end at hand boundaries**, where a hand header starts a line (the site's ``hand_header``
  from :mod:`studbook.parsers.registry`; in XML, a ``<game`` element). A text part is parsed on its
  own, with blank lines standing in for the lines before it so that every hand keeps its file line.
  XML parts need the session's opening (``<general>``: game, stakes, currency) and iPoker learns
  stakes across a session, so an XML file is parsed again from its start up to the part's end and
  only the hands inside the part are kept; an XML session whose closing tag is still missing is what
  the XML reader already accepts. That makes a part cost more the more games precede it (quadratic in
  a session's games, measured in benchmarks/README.md, "Watch mode"); reading only the new games
  needs the XML readers to hand over their state (the session, the levels learnt) from part to part.
- **Bytes are decoded exactly as a one-shot import decodes them** (:mod:`studbook.parsers.reading`):
  the encoding is sniffed once from the file's first 4 KiB, UTF-16 parts are cut on whole code units,
  and the UTF-8-then-cp1252 fallback is carried from one part to the next.
- **Files are replaced, truncated and deleted** by clients (rotation, a new session under the old
  name): a file whose device and inode changed or that shrank is read again from its start (its hands
  already stored are duplicates), a file that vanished is forgotten.

- **The database is held only while a part is stored.** Given a database file rather than an open
  store, the watcher opens it for each part (and for the lookups a file seen for the first time needs)
  and closes it after, so that every reading command, which opens it read-only, finds it free between
  two parts (:mod:`studbook.analytics.store`: a reader waits for the part being stored, never sees half
  of one). A reader that holds the file longer (a long report) makes the watch wait instead: the part
  is tried again at the next poll and :attr:`Watcher.busy` says who holds the file. A second watch
  into the same database is refused (:func:`claim_watch`): two would store the same files' parts
  turn about.

Nothing here draws or handles signals: ``cli/cmd_import.py`` does, and asks :meth:`Watcher.poll`
again and again until it is told to stop.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import chain, repeat
from pathlib import Path
from typing import IO, TYPE_CHECKING, Callable, Iterator, Sequence

from ..analytics.store import DatabaseBusy, FileCounts, SourceFile, Store, StoreError, lock_holder, open_store
from ..engine.model import Hand
from ..parsers import PHH_SUFFIX, ParseResult, parse_file, parse_lines
from ..parsers.zones import NO_ZONES, SiteZones
from ..analytics.units import UNIT_SQL
from ..parsers.detect import detect
from ..parsers.errors import ParseError
from ..parsers.reading import decode_chunks, iter_lines, sniff_encoding
from ..parsers.registry import Site
from .importer import HAND_FILE_SUFFIXES, TOURNAMENT_RULES, HandChunks, Problem, error_rows, file_failure

if TYPE_CHECKING:
    from hashlib import _Hash

POLL_SECONDS = 1.0
"""How often the folder is looked at: a hand appears within a second of the client writing it."""

SETTLE_SECONDS = 3.0
"""How long a file must be quiet before its last hand, which no next header closes yet, is taken as
complete (if it reads without error). Clients write a hand within milliseconds; three seconds leave
room for a slow network share."""

GIVE_UP_SETTLES = 20
"""A file's last hand that does not read is waited for this many settle intervals (a minute by
default); then it is stored as the parse error it is, so that a hand cut off for good (a client that
crashed) is reported, as a one-shot import reports it, instead of waiting for ever."""

MAX_READ = 16 << 20
"""Bytes read from one file per poll: a large file found when the watch starts is stored a window at
a time, so memory stays bounded whatever its size."""

SNIFF_BYTES = 4096
"""The bytes a one-shot import sniffs the encoding from (``parsers/reading.py``): the watcher waits
for as many, or for the file to settle, so that both choose the same encoding."""


PART_WAIT = 0.5
"""Seconds the watch waits for readers to let go of the database before a part (it is tried again at
the next poll). Short, because while it waits, new readers wait too (the turnstile of
:func:`~studbook.analytics.store.open_store`): a reader holding the file longer (a report drawing its
charts) lets the watch in at a later poll rather than keeping every other reader out meanwhile."""

BUSY_BACKOFF = 1.0
"""Seconds the watch leaves the database alone after readers kept it out for :data:`PART_WAIT`: its
waiting holds new readers back, so trying at every poll would leave them only the gaps between."""

CLAIM_SUFFIX = ".watch"
"""Beside the database, the file a running watch keeps locked, holding its process id."""


@contextmanager
def claim_watch(database: str | Path) -> Iterator[None]:
    """Be the only watch storing into ``database`` while the block runs; a second is refused with a
    :class:`StoreError` naming the process that watches. The claim is a lock on a small file beside
    the database (left there after: removing it would let two processes lock two different files of
    one name), which the system lets go when the process ends however it ends. Where there is no
    ``fcntl`` (Windows), nothing is claimed."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    path = Path(str(database) + CLAIM_SUFFIX)
    claim: IO[str] = path.open("a+", encoding="utf-8")
    try:
        try:
            fcntl.flock(claim, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            claim.seek(0)
            pid, command = lock_holder(f"(PID {claim.read().strip() or '?'})")
            who = f"process {pid} ({command})" if pid is not None else "another process"
            raise StoreError(
                f"{database}: already being watched into by {who}; stop that watch (Ctrl-C in its terminal) "
                "or watch into another database (--db)"
            ) from None
        claim.truncate(0)
        claim.write(f"{os.getpid()}\n")
        claim.flush()
        yield
    finally:
        claim.close()


_TERMINATOR = re.compile(r"\r\n|\r|\n")
_TERMINATOR_BYTES = re.compile(rb"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Decoded:
    """A file's new bytes as lines: ``ends[i]`` is the byte (from the start of the new bytes) just
    after line ``i`` and its terminator. ``partial`` is the text after the last terminator (a line
    being written), ``size`` the bytes decoded in all (a split UTF-16 code unit is left for later)."""

    lines: tuple[str, ...]
    ends: tuple[int, ...]
    partial: str
    size: int


def decode_part(data: bytes, codec: str, fallback: bool) -> Decoded:
    """Decode ``data``, which starts at a line start, into lines, with where each ends in bytes.

    ``codec`` is what :func:`~studbook.parsers.reading.sniff_encoding` chose; for ``utf-8``,
    ``fallback`` says the file already proved to be cp1252 before ``data``."""
    lines: list[str] = []
    ends: list[int] = []
    start = 0
    if codec == "utf-8":
        for m in _TERMINATOR_BYTES.finditer(data):
            if m.group() == b"\r" and m.end() == len(data):
                break  # the LF of a CRLF may still be on its way
            text, fallback = decode_8bit(data[start : m.start()], fallback)
            lines.append(text)
            ends.append(m.end())
            start = m.end()
        partial, _ = decode_8bit(data[start:], fallback)
        return Decoded(tuple(lines), tuple(ends), partial, len(data))
    decoder = codecs.getincrementaldecoder(codec)("strict")
    text = decoder.decode(data[: len(data) - len(data) % 2])
    size = len(data) - len(data) % 2 - len(decoder.getstate()[0])
    at = 0
    for t in _TERMINATOR.finditer(text):
        if t.group() == "\r" and t.end() == len(text):
            break
        at += len(text[start : t.end()].encode(codec))
        lines.append(text[start : t.start()])
        ends.append(at)
        start = t.end()
    return Decoded(tuple(lines), tuple(ends), text[start:], size)


def decode_8bit(data: bytes, fallback: bool) -> tuple[str, bool]:
    """Bytes as the one-shot decoder reads them: UTF-8 until a byte proves the file is not UTF-8, then
    cp1252 from that byte on; returns the text and whether the file is known to be cp1252 now."""
    if fallback:
        return data.decode("cp1252", errors="replace"), True
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError as err:
        return data[: err.start].decode("utf-8") + data[err.start :].decode("cp1252", errors="replace"), True


def _prefix_chunks(path: Path, size: int, then: bytes) -> Iterator[bytes]:
    """The first ``size`` bytes of ``path`` a window at a time, then ``then``."""
    with path.open("rb") as f:
        while size > 0:
            block = f.read(min(MAX_READ, size))
            if not block:
                break
            size -= len(block)
            yield block
    yield then


def sniff_is_final(head: bytes) -> bool:
    """Whether the encoding :func:`~studbook.parsers.reading.sniff_encoding` finds in ``head``, the
    first bytes of a file still being written, is the one it will find in the file's first
    :data:`SNIFF_BYTES` however the file goes on (a BOM decides at once; an ASCII hand of 2.5 KB
    leaves too few bytes to come for UTF-16's NUL pattern to appear). Then the first hand need not
    wait for 4 KiB or the settle interval."""
    n = len(head)
    if n >= SNIFF_BYTES or head.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    if n < 16:
        return False
    verdict = sniff_encoding(head)[0]
    odd, even = head[1::2].count(0), head[0::2].count(0)
    for size in range(n, SNIFF_BYTES + 1):
        half = size // 2
        more_odd, more_even = half - n // 2, (size + 1) // 2 - (n + 1) // 2
        high, low = half * 0.4, half * 0.1
        le = (odd > high and even + more_even < low, odd + more_odd > high and even < low)  # (sure, possible)
        be = (even > high and odd + more_odd < low, even + more_even > high and odd < low)
        sure = {"utf-16-le": le[0], "utf-16-be": be[0], "utf-8": not le[1] and not be[1]}
        if not sure[verdict]:
            return False
    return True


def result_line(item: ParseResult) -> int:
    """The file line a parse result belongs to (a hand's header, an error's line)."""
    return item.source_line if isinstance(item, Hand) else item.line


@dataclass(frozen=True, slots=True)
class FileState:
    """What is known of one watched file. ``done`` bytes (``lines`` line terminators) are stored and
    ``digest`` is their SHA-256; ``codec`` and ``skip`` (BOM and leading NUL bytes) are fixed at the
    first read, ``fallback`` once a byte proves the file cp1252; ``site`` once a header was seen.
    ``size``/``mtime_ns`` are the file as last seen and ``changed_at`` when that last changed
    (monotonic seconds). ``waiting`` says why the file's last bytes are not stored yet;
    ``stuck_at`` is the size at which a part failed to store (not tried again until the file
    changes)."""

    path: Path
    identity: tuple[int, int]
    size: int
    mtime_ns: int
    changed_at: float
    done: int = 0
    lines: int = 0
    digest: _Hash = field(default_factory=hashlib.sha256)
    codec: str | None = None
    skip: int = 0
    fallback: bool = False
    site: Site | None = None
    waiting: str | None = None
    stuck_at: int | None = None
    summary: bool = False
    """The file is a tournament summary (no hands): it is read whole, once quiet."""


@dataclass(frozen=True, slots=True)
class Part:
    """One stored part of a file (whole or not at all): what the store counted, the problems of its
    hands, and the lines it covers. ``skipped`` when the store already held a file with exactly
    these bytes."""

    file: str
    first_line: int
    last_line: int
    counts: FileCounts
    not_stud: int = 0
    problems: tuple[Problem, ...] = ()
    skipped: bool = False


@dataclass(slots=True)
class Session:
    """The figures of this watch, since it started: hands stored, hands breaking a rule, problems,
    and per player and unit the net won, with the hands in which the player's own down cards were
    known (how the hero is found when not named)."""

    hands: int = 0
    duplicates: int = 0
    violations: int = 0
    problems: int = 0
    parts: int = 0
    net: Counter[tuple[str, str | None]] = field(default_factory=Counter)
    known_cards: Counter[str] = field(default_factory=Counter)
    tournaments: set[tuple[str, str]] = field(default_factory=set)
    """The tournaments (site, id) whose results a stored part told: a summary, result lines, headers."""
    hero: str | None = None
    first_started: datetime | None = None
    """When the earliest hand this watch stored began (the session's start, for the live page)."""

    def hero_name(self) -> str | None:
        """The named hero, else the player whose down cards were known in at least 80% of the hands
        (the one the client dealt to), else None (several accounts, or too few hands)."""
        if self.hero is not None:
            return self.hero
        if not self.known_cards or not self.hands:
            return None
        player, count = self.known_cards.most_common(1)[0]
        return player if count * 5 >= self.hands * 4 else None

    def hero_net(self) -> dict[str | None, int]:
        """The hero's net won per unit (a currency, ``chips``, ``play``: :mod:`..analytics.units`), empty
        when no hero is known."""
        hero = self.hero_name()
        return {currency: net for (player, currency), net in sorted(self.net.items(), key=repr) if player == hero}


class Watcher:
    """Polls ``folders`` and stores every complete hand of their hand-history files into ``store``: a
    database file, opened for each part and closed after so that readers share it, or an open
    :class:`Store` used throughout (one process alone with the file, as the tests are).

    ``clock`` (monotonic seconds) is a parameter so that tests can settle a file without waiting."""

    def __init__(
        self,
        folders: Sequence[str | Path],
        store: Store | str | Path,
        profile: str | None = None,
        settle: float = SETTLE_SECONDS,
        hero: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        zones: SiteZones = NO_ZONES,
    ) -> None:
        self.zones = zones
        """The zones of the times a site prints without one (:mod:`..parsers.zones`)."""
        self.folders = [Path(f).resolve() for f in folders]
        self.held = store if isinstance(store, Store) else None
        self.database = store.path if isinstance(store, Store) else str(store)
        self.busy: str | None = None
        """Why the last poll could not store (another process held the database), else None."""
        self.busy_until = float("-inf")
        self.profile = profile
        self.settle = settle
        self.give_up = max(settle, 1.0) * GIVE_UP_SETTLES
        self.clock = clock
        self.files: dict[Path, FileState] = {}
        self.session = Session(hero=hero)
        self.vanished = 0
        self.restarted = 0
        self.failures: dict[Path, Problem] = {}

    # ---------------------------------------------------------------------------------------- polling

    def scan(self) -> dict[Path, os.stat_result]:
        """Every hand-history file under the folders now, with its ``stat`` (folders that cannot be
        listed, files that vanish while listed: left out, looked at again next time)."""
        found: dict[Path, os.stat_result] = {}
        pending = list(self.folders)
        while pending:
            folder = pending.pop()
            try:
                with os.scandir(folder) as entries:
                    for entry in entries:
                        try:
                            if entry.is_dir(follow_symlinks=False):  # as the import's rglob: no link loops
                                pending.append(Path(entry.path))
                            elif entry.is_file() and Path(entry.name).suffix.lower() in HAND_FILE_SUFFIXES:
                                found[Path(entry.path)] = entry.stat()
                        except OSError:
                            continue
            except OSError:
                continue
        return dict(sorted(found.items()))

    def poll(self, stop: Callable[[], bool] = lambda: False) -> list[Part]:
        """Look at every file once and store what became complete; returns the parts stored. ``stop``
        is asked between parts (a part being stored is always finished first)."""
        now = self.clock()
        if now < self.busy_until:
            return []  # readers had it a moment ago: they get a turn before the watch asks again
        self.busy = None
        found = self.scan()
        for gone in [p for p in self.files if p not in found]:
            del self.files[gone]
            self.failures.pop(gone, None)
            self.vanished += 1
        parts: list[Part] = []
        for path, st in found.items():
            if stop() or self.busy is not None:
                break
            try:
                parts.extend(self._poll_file(path, st, now, stop))
            except DatabaseBusy as exc:  # a file seen for the first time: looked at again next poll
                self.busy = str(exc)
                self.busy_until = now + BUSY_BACKOFF
            except OSError as exc:  # vanished or unreadable between scan and read: said, tried again
                self.failures[path] = file_failure(path, exc)
            else:
                state = self.files.get(path)
                if state is None or state.stuck_at is None:
                    self.failures.pop(path, None)
        return parts

    def _poll_file(self, path: Path, st: os.stat_result, now: float, stop: Callable[[], bool]) -> list[Part]:
        identity = (st.st_dev, st.st_ino)
        state = self.files.get(path)
        if state is not None and (state.identity != identity or st.st_size < state.done):
            self.restarted += 1  # replaced or truncated: a new file under the old name
            state = None
        if state is None:
            state = self._resume(path, st, now)
        elif (st.st_size, st.st_mtime_ns) != (state.size, state.mtime_ns):
            state = replace(state, size=st.st_size, mtime_ns=st.st_mtime_ns, changed_at=now, stuck_at=None)
        self.files[path] = state
        parts: list[Part] = []
        while state.done < state.size and state.stuck_at != state.size and not (parts and stop()):
            try:
                state, part = self._advance(state, now - state.changed_at)
            except DatabaseBusy as exc:  # nothing of the part stored: tried again at a later poll
                self.busy = str(exc)
                self.busy_until = now + BUSY_BACKOFF
                break
            except OSError:
                raise
            except Exception as exc:  # a studbook bug: said, and not tried again until the file changes
                self.failures[path] = file_failure(path, exc)
                state, part = replace(state, stuck_at=state.size), None
            self.files[path] = state
            if part is None:
                break
            parts.append(part)
        return parts

    @contextmanager
    def _store_for(self) -> Iterator[Store]:
        """The store for one part or lookup: the one given, or the database file opened for it alone
        (:class:`DatabaseBusy` when readers held it for :data:`PART_WAIT`)."""
        if self.held is not None:
            yield self.held
            return
        with open_store(self.database, wait=PART_WAIT) as store:
            yield store

    # ------------------------------------------------------------------------------------ one file

    def _resume(self, path: Path, st: os.stat_result, now: float) -> FileState:
        """A file seen for the first time: after the longest prefix of it already stored (the whole
        file, if its checksum is known under any name), else from its start. A file untouched for
        the settle interval counts as quiet from the start."""
        quiet = time.time() - st.st_mtime_ns / 1e9 >= self.settle
        state = FileState(path, (st.st_dev, st.st_ino), st.st_size, st.st_mtime_ns, now - self.settle if quiet else now)
        with self._store_for() as store:
            stored = store.imported_parts(str(path))
        parts = {size: digest for size, digest in stored if 0 < size <= st.st_size}
        digest, done, seen = hashlib.sha256(), 0, 0
        best: tuple[int, _Hash] | None = None
        with path.open("rb") as f:
            for size in sorted({*parts, st.st_size}):
                while seen < size:
                    block = f.read(min(1 << 20, size - seen))
                    if not block:
                        break
                    digest.update(block)
                    seen += len(block)
                if seen != size:
                    break
                if parts.get(size) == digest.hexdigest() or (size == st.st_size and self._known(digest.hexdigest())):
                    best = (size, digest.copy())
        if best is None:
            return state
        done, digest = best
        with path.open("rb") as f:
            state = self._sniff(replace(state, done=0), f.read(SNIFF_BYTES), final=True)
            codec, lines, fallback = state.codec or "utf-8", 0, False
            head: list[tuple[int, str]] = []
            f.seek(state.skip)
            left, carry = done - state.skip, b""
            while left > 0:  # a window at a time: the stored prefix may be gigabytes
                block = f.read(min(MAX_READ, left))
                if not block:
                    break
                left -= len(block)
                data = carry + block
                decoded = decode_part(data, codec, fallback)
                used = decoded.ends[-1] if decoded.ends else 0
                if codec == "utf-8":
                    fallback = decode_8bit(data[:used], fallback)[1]
                head.extend((lines + n, line) for n, line in enumerate(decoded.lines[: 20 - len(head)], 1))
                lines += len(decoded.lines)
                carry = data[used:]
        if codec == "utf-8" and carry:
            fallback = decode_8bit(carry, fallback)[1]
        found = detect(head)
        site = found.site if found is not None and not found.summary else None
        summary = found is not None and found.summary
        return replace(state, done=done, lines=lines, digest=digest, fallback=fallback, site=site, summary=summary)

    def _known(self, checksum: str) -> bool:
        with self._store_for() as store:
            return store.has_checksum(checksum)

    def _sniff(self, state: FileState, head: bytes, final: bool) -> FileState:
        """Fix the file's encoding from its first bytes (once there are as many as a one-shot import
        looks at, or the file is quiet), and skip its BOM and leading NUL bytes as that import does."""
        if state.codec is not None or not (final or sniff_is_final(head)):
            return state
        codec, skip = sniff_encoding(head[:SNIFF_BYTES])
        unit = b"\0" if codec == "utf-8" else b"\0\0"
        while head[skip : skip + len(unit)] == unit:
            skip += len(unit)
        return replace(state, codec=codec, skip=skip)

    def _advance(self, state: FileState, quiet: float) -> tuple[FileState, Part | None]:
        """Store the next complete part of the file, if there is one; the state after it. ``quiet``:
        the seconds since the file last changed."""
        settled = quiet >= self.settle
        with state.path.open("rb") as f:
            f.seek(state.done)
            data = f.read(min(state.size - state.done, MAX_READ))
        at_end = state.done + len(data) >= state.size
        if state.done == 0:
            state = self._sniff(state, data, final=settled and at_end)
            if state.codec is None:
                return replace(state, waiting="waiting for the file's first bytes to settle"), None
            start = state.skip
        else:
            start = 0
        codec = state.codec or "utf-8"
        try:
            decoded = decode_part(data[start:], codec, state.fallback)
        except UnicodeDecodeError as exc:
            problem = file_failure(state.path, exc)
            self.failures[state.path] = problem
            return replace(state, stuck_at=state.size, waiting=problem.message), None
        site = state.site
        if site is None:
            head = [(state.lines + n, line) for n, line in enumerate(decoded.lines[:20], 1)]
            found = detect(head)
            site = found.site if found is not None and not found.summary else None
            state = replace(state, site=site, summary=state.summary or (found is not None and found.summary))
        if state.summary:
            return self._advance_summary(state, settled)
        cut = self._cut(decoded.lines, site, state.done == 0)
        end = start + decoded.ends[cut - 1] if cut else 0
        lines = list(decoded.lines[:cut])
        tail_from = state.lines + cut + 1
        # A dangling odd byte of UTF-16 at the end is dropped, as a one-shot import drops it.
        take_tail = settled and at_end and len(data) - start - decoded.size < 2
        if take_tail:
            partial = decoded.partial.rstrip("\r")
            lines = [*decoded.lines, *([partial] if partial else [])]
        elif not cut:
            busy = data[start:].strip(b"\0\r\n\t ")
            return replace(state, waiting="a hand is being written" if busy else None), None
        results = self._parse(state, lines, len(data) if take_tail else end, data)
        waiting = None
        if take_tail:
            broken = next((r for r in results if isinstance(r, ParseError) and r.line >= tail_from), None)
            if broken is None or quiet >= self.give_up:
                end = len(data)  # complete, or given up on: a hand that never ends is reported, not lost
            else:
                results = [r for r in results if result_line(r) < tail_from]
                waiting = (
                    f"line {tail_from} and after do not read as a hand yet ({broken.message}); stored as an "
                    f"error if the file stays as it is for {self.give_up:g} s"
                )
                if not cut:
                    return replace(state, waiting=waiting), None
        consumed = data[:end]
        newlines = state.lines + (len(decoded.lines) if end == len(data) else cut)
        part = self._store(state, consumed, results, state.lines + 1, newlines + 1)
        if part is None:
            return replace(state, stuck_at=state.size), None
        digest = state.digest.copy()
        digest.update(consumed)
        fallback = state.fallback or (codec == "utf-8" and decode_8bit(consumed[start:], state.fallback)[1])
        after = replace(state, done=state.done + end, lines=newlines, digest=digest, fallback=fallback)
        return replace(after, waiting=waiting), part

    def _advance_summary(self, state: FileState, complete: bool) -> tuple[FileState, Part | None]:
        """Store a tournament summary file, read whole as a one-shot import reads it, once it is
        complete (``complete``: quiet; its size is checked again as it is read). A summary has no hand boundary to store
        it by parts at, and a summary of the same path told again replaces what it said before
        (:mod:`studbook.analytics.tournament_store`): so a summary file that grows is read whole again."""
        if not complete:
            return replace(state, waiting="a tournament summary is being written"), None
        data = state.path.read_bytes()
        if len(data) != state.size:
            return replace(state, waiting="a tournament summary is being written"), None
        lines = len(_TERMINATOR_BYTES.findall(data))
        whole = replace(state, done=0, lines=0, digest=hashlib.sha256())
        part = self._store(whole, data, None, 1, lines + 1)
        if part is None:
            return replace(state, stuck_at=state.size), None
        return replace(state, done=len(data), lines=lines, digest=hashlib.sha256(data), waiting=None), part

    @staticmethod
    def _cut(lines: Sequence[str], site: Site | None, at_start: bool) -> int:
        """How many of ``lines`` (complete lines from the start of a hand, or of the file) hold only
        complete hands: those before the last line that starts a hand. A lone header line (PartyPoker
        announces each hand in a line of its own before its header) goes with the hand after it."""
        if site is None:
            return 0
        starts = site.starts_hand_within
        heads = [i for i, line in enumerate(lines) if starts(line.lstrip("\ufeff").rstrip(" \t"))]
        if not at_start:
            heads = [0, *(i for i in heads if i > 0)]  # the lines start with the hand left waiting
        while len(heads) > 1:  # heads[0] starts the first hand (what is before it belongs to it)
            cut = heads.pop()
            if sum(1 for line in lines[heads[-1] : cut] if line.strip()) != 1:
                return cut
        return 0

    def _parse(self, state: FileState, lines: list[str], end: int, data: bytes) -> list[ParseResult]:
        """The parse results of the new ``lines`` (the file's bytes up to ``end`` of ``data``)."""
        path = str(state.path)
        if state.path.suffix.lower() == PHH_SUFFIX:
            return list(parse_file(state.path, self.zones))  # one hand per file, and TOML has no hand boundary
        if state.done == 0:
            return list(parse_lines(iter(lines), path, self.zones))
        site = state.site
        if site is not None and not site.in_session:
            return list(site.read_hands(chain(repeat("", state.lines), lines), path, zones=self.zones))
        everything = parse_lines(
            iter_lines(decode_chunks(_prefix_chunks(state.path, state.done, data[:end]))), path, self.zones
        )
        return [r for r in everything if result_line(r) > state.lines]

    def _store(
        self, state: FileState, consumed: bytes, results: list[ParseResult] | None, first: int, last: int
    ) -> Part | None:
        """Store one part whole or not at all (the file's prefix up to its end is its ``imports`` row);
        None when studbook failed on it (reported; nothing of it stored). ``results`` None: the file
        is read by the import's reader itself (a tournament summary)."""
        digest = state.digest.copy()
        digest.update(consumed)
        source = SourceFile(str(state.path), digest.hexdigest(), state.done + len(consumed))
        reader = HandChunks(state.path, self.profile, parsed=results, zones=self.zones)
        try:
            chunks = list(reader)  # replayed and made rows before the database is taken from its readers
        except Exception as exc:  # a studbook bug: said, the watch goes on
            self.failures[state.path] = file_failure(state.path, exc)
            return None
        with self._store_for() as store:
            if store.has_checksum(source.checksum):
                return Part(source.path, first, last, FileCounts(), skipped=True)
            try:
                with store.writing(source) as writer:
                    for chunk in chunks:
                        writer.chunk(chunk)
                    writer.tournaments(reader.told)
                    counts = writer.finish(error_rows(reader.errors), not_stud=reader.not_stud)
            except Exception as exc:  # a studbook bug: nothing of the part kept, said, the watch goes on
                self.failures[state.path] = file_failure(state.path, exc)
                return None
            problems = (
                *reader.errors,
                *(Problem(c.file, c.line, c.message, rule="conflict") for c in counts.conflicts),
                *(Problem(c.file, c.line, c.message, rule=TOURNAMENT_RULES[1]) for c in counts.tournament_conflicts),
            )
            part = Part(source.path, first, last, counts, reader.not_stud, problems)
            self._count(part, store)
        return part

    def _count(self, part: Part, store: Store) -> None:
        """Add a stored part to the session's figures (the hero's net from the rows just stored)."""
        session = self.session
        session.parts += 1
        session.hands += part.counts.hands
        session.duplicates += part.counts.duplicates
        session.violations += part.counts.with_violations
        session.problems += len(part.problems)
        session.tournaments.update(part.counts.tournaments)
        if not part.counts.hands:
            return
        where = "h.source_file = ? AND h.source_line BETWEEN ? AND ?"
        params = [part.file, part.first_line, part.last_line]
        started = store.con.execute(f"SELECT min(h.started_at) FROM hands h WHERE {where}", params).fetchone()
        if started is not None and isinstance(started[0], datetime):
            first = session.first_started
            session.first_started = started[0] if first is None else min(first, started[0])
        for player, currency, net in store.con.execute(
            f"SELECT p.player, {UNIT_SQL}, sum(p.net) FROM hand_players p JOIN hands h USING (hand_id) "
            f"WHERE {where} GROUP BY ALL",
            params,
        ).fetchall():
            session.net[(player, currency)] += int(net)
        for player, hands in store.con.execute(
            f"SELECT p.player, count(DISTINCT h.hand_id) FROM cards c JOIN hands h USING (hand_id) "
            f"JOIN hand_players p ON p.hand_id = c.hand_id AND p.seat = c.seat "
            f"WHERE {where} AND c.known AND NOT c.up GROUP BY ALL",
            params,
        ).fetchall():
            session.known_cards[player] += int(hands)

    # ------------------------------------------------------------------------------------ reporting

    def waiting(self) -> list[tuple[Path, str]]:
        """The files with bytes not stored yet, and why."""
        return [(p, s.waiting) for p, s in self.files.items() if s.waiting is not None and s.done < s.size]
