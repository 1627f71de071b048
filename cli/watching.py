"""``studbook import --watch``: the terminal side of :mod:`studbook.pipeline.watch`.

It owns what a user sees and the signals: a status line redrawn in place on a terminal (one plain line
per stored part otherwise, for logs), problems printed as they are found, and Ctrl-C or SIGTERM
asking the watcher to stop after the part it is storing, so that nothing is half stored and the exit
status is 0. A second Ctrl-C stops at once; the part being stored is then rolled back. With ``--page``
it rewrites the live session page (:func:`write_live_page`) after each poll that stored a hand.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import FrameType
from typing import TextIO

from ..analytics.units import format_amount
from ..pipeline.watch import Part, Watcher, claim_watch
from .app import site_zones


def status_line(watcher: Watcher) -> str:
    """The figures of the watch so far, in one line."""
    session = watcher.session
    hero = session.hero_name()
    net = session.hero_net()
    if hero is None:
        money = "hero unknown (--hero NAME)" if session.hands else ""
    else:
        money = f"{hero} net " + (", ".join(format_amount(v, c) for c, v in net.items()) or "0")
    waiting = len(watcher.waiting())
    parts = [
        f"{session.hands:,} hands imported",
        f"{len(watcher.files)} file{'s' if len(watcher.files) != 1 else ''} watched",
        *([f"{waiting} hand{'s' if waiting != 1 else ''} being written"] if waiting else []),
        *([money] if money else []),
        *([f"{len(session.tournaments):,} tournaments seen"] if session.tournaments else []),
        f"{session.violations:,} with rule violations",
        *([f"{session.problems:,} errors"] if session.problems else []),
        *([f"waiting for the database: {watcher.busy}"] if watcher.busy else []),
    ]
    return " | ".join(parts)


def part_line(part: Part) -> str:
    """A plain line for one stored part (what a log gets instead of the redrawn status)."""
    counts = part.counts
    if part.skipped:
        return f"{part.file}: lines {part.first_line}-{part.last_line} already imported"
    extra = [f"{counts.duplicates} duplicates"] if counts.duplicates else []
    extra += [f"{counts.with_violations} with violations"] if counts.with_violations else []
    extra += [f"{len(part.problems)} errors"] if part.problems else []
    extra += [f"{len(counts.tournaments)} tournaments seen"] if counts.tournaments else []
    return f"{part.file}: +{counts.hands} hands" + (f" ({', '.join(extra)})" if extra else "")


class StatusView:
    """Draws the status line in place on a terminal, or prints plain lines elsewhere."""

    def __init__(self, stream: TextIO, live: bool) -> None:
        self.stream, self.live, self.drawn = stream, live, ""
        self.told: set[str] = set()

    def show(self, watcher: Watcher, parts: list[Part]) -> None:
        """Problems of the parts and files that cannot be read (each said once), then the figures."""
        lines = [str(p) for part in parts for p in part.problems]
        failures = {str(p) for p in watcher.failures.values()}
        lines += sorted(failures - self.told)
        self.told = failures
        if not self.live:
            lines += [part_line(part) for part in parts]
            if parts:
                lines.append(status_line(watcher))
            for line in lines:
                print(line, file=self.stream, flush=True)
            return
        line = status_line(watcher)
        if lines:
            self.clear()
            for problem in lines:
                print(problem, file=self.stream)
        if line != self.drawn or lines:
            self.stream.write("\r\x1b[K" + line)
            self.stream.flush()
            self.drawn = line

    def clear(self) -> None:
        if self.live and self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = ""


WAKE_STEP = 0.05
"""The longest the watch sleeps at a time between two looks at its folders: a stop asked by a signal is
seen within it."""


class StopRequest:
    """Whether Ctrl-C or SIGTERM asked the watch to stop: an attribute the signal handler sets, which
    the loop reads (calling the object reads it too, as :meth:`Watcher.poll` asks).

    Why not a ``threading.Event``: a signal handler runs in the main thread between two of its bytecodes,
    and ``Event.set`` takes the event's lock, which the ``Event.wait`` it interrupted may be holding at
    that moment; the handler then waits for a lock its own thread holds, and the watch never stops (seen
    once in CI). Setting an attribute takes no lock."""

    __slots__ = ("asked",)

    def __init__(self) -> None:
        self.asked = False

    def __call__(self) -> bool:
        return self.asked


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def stopped_by_signals(signals: tuple[signal.Signals, ...] = STOP_SIGNALS) -> Iterator[StopRequest]:
    """A :class:`StopRequest` that Ctrl-C and SIGTERM (``signals``) set while the block runs. A second
    Ctrl-C stops at once (``KeyboardInterrupt``; the part being stored is rolled back by its transaction),
    a second SIGTERM ends the process. The handlers that were there before are put back after the block."""
    stop = StopRequest()

    def asked_to_stop(signum: int, frame: FrameType | None) -> None:
        stop.asked = True
        signal.signal(signum, signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL)

    previous = {s: signal.signal(s, asked_to_stop) for s in signals}
    try:
        yield stop
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def nap(seconds: float, stop: StopRequest) -> None:
    """Sleep ``seconds``, or less once ``stop`` is asked. In steps of at most :data:`WAKE_STEP`: a sleep
    that a signal interrupts goes on once the handler has run (PEP 475), so one long sleep would make a
    stop wait for the rest of it."""
    end = time.monotonic() + seconds
    while not stop.asked:
        left = end - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(left, WAKE_STEP))


def run_watch(args: argparse.Namespace) -> int:
    """Watch ``args.paths`` (folders) until Ctrl-C or SIGTERM; 0 on a clean stop."""
    from ..analytics.store import StoreError, open_store
    from ..parsers.registry import get_profile
    from .app import fail

    folders = [Path(p) for p in args.paths]
    not_folders = [str(p) for p in folders if not p.is_dir()]
    if not_folders:
        return fail(f"--watch needs folders, and these are not: {', '.join(not_folders)}")
    if args.interval <= 0 or args.settle < 0:
        return fail("--interval must be above 0 seconds and --settle 0 or more")
    if args.profile:
        try:
            get_profile(args.profile)
        except ValueError as exc:
            return fail(str(exc))
    with ExitStack() as claimed:
        try:
            claimed.enter_context(claim_watch(args.db))
            open_store(args.db).close()  # made now if new; a database that cannot be used is said at once
        except StoreError as exc:
            return fail(str(exc))
        return _watch(args, folders)


def _watch(args: argparse.Namespace, folders: list[Path]) -> int:
    """The watch itself, once this process is the database's only watch."""
    from .app import fail

    interrupted = False
    with stopped_by_signals() as stop:
        view = StatusView(sys.stderr if sys.stderr.isatty() else sys.stdout, sys.stderr.isatty() and not args.quiet)
        out = view.stream
        print(
            f"watching {', '.join(str(f) for f in folders)} into {args.db} (every {args.interval:g} s; a hand is stored once "
            f"the next one starts or its file is quiet for {args.settle:g} s); Ctrl-C to stop",
            file=out,
            flush=True,
        )
        watcher = Watcher(
            folders, args.db, profile=args.profile, settle=args.settle, hero=args.hero, zones=site_zones(args)
        )
        page = Path(args.page) if args.page else None
        try:
            if page is not None:
                said = write_live_page(page, watcher, args.profile)
                print(said or f"the live session page is {page.resolve()} (open it in a browser)", file=out, flush=True)
            while not stop.asked:
                parts = watcher.poll(stop)
                view.show(watcher, parts)
                if page is not None and any(p.counts.hands for p in parts):
                    said = write_live_page(page, watcher, args.profile)
                    if said:
                        view.clear()
                        print(said, file=out, flush=True)
                nap(args.interval, stop)
        except KeyboardInterrupt:
            interrupted = True
        except Exception as exc:  # the database failed under the watch (disk full ...): said, not a traceback
            view.clear()
            summary(watcher, out)
            return fail(f"the watch stopped: {exc}; every part stored before is complete, run it again to go on")
    view.clear()
    summary(watcher, out)
    if interrupted:
        print("studbook: stopped at once; a part being stored was left out (run again to finish)", file=out)
    return 0


def write_live_page(page: Path, watcher: Watcher, profile: str | None) -> str | None:
    """Write the live session page (:mod:`studbook.analytics.html_session`) as the database is now, and
    a replay page beside it, in ``<page>-hands/``, for each hand it links to that has none yet; returns
    what went wrong, in a line, or None. Each file is written under a temporary name and renamed over
    the old one, so that a browser reloading it never reads half a page."""
    from ..analytics.html_report import page_name
    from ..analytics.html_session import Session, gather_live, live_page
    from ..analytics.store import StoreError, open_store
    from ..api import Database

    hero = watcher.session.hero_name()
    folder = page.parent / f"{page.stem}-hands"
    try:
        with open_store(watcher.database, read_only=True) as store:
            live = gather_live(store.con, Session(hero, watcher.session.first_started))
            pages = {h: f"{folder.name}/{page_name(h)}" for h in live.linked if (folder / page_name(h)).exists()}
            missing = [h for h in live.linked if h not in pages]
            if missing:
                folder.mkdir(parents=True, exist_ok=True)
            for hand_id, replayed in Database(store).replay_many(missing, profile).items():
                if isinstance(replayed, LookupError):
                    continue  # listed without a link: its file cannot be read again
                seated = hero if any(s.player == hero for s in replayed.hand.seats) else None
                back = (f"../{page.name}", "back to the live session")
                _write_whole(folder / page_name(hand_id), replayed.html(seated, back=back))
                pages[hand_id] = f"{folder.name}/{page_name(hand_id)}"
        _write_whole(page, live_page(live, pages))
    except StoreError as exc:
        return f"studbook: the live page is not updated this time: {exc}"
    except OSError as exc:
        return f"studbook: cannot write the live page {page} ({exc.strerror or exc}); the watch goes on"
    except Exception as exc:  # a studbook bug in the page must not stop the storing: said, tried next hand
        return f"studbook: the live page failed ({type(exc).__name__}: {exc}); the watch goes on"
    return None


def _write_whole(path: Path, text: str) -> None:
    """``text`` into ``path`` by a rename, so that a reader sees the old file or the new one, whole."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def summary(watcher: Watcher, out: TextIO) -> None:
    """What the watch did, printed when it stops."""
    session = watcher.session
    print(f"stopped: {status_line(watcher)}", file=out)
    print(f"  parts stored: {session.parts:,}, duplicates skipped: {session.duplicates:,}", file=out)
    for path, why in watcher.waiting():
        print(f"  not stored yet: {path}: {why}", file=out)
    if watcher.waiting():
        print("  (they are stored when the watch runs again, or by 'studbook import' once complete)", file=out)
    out.flush()
