"""Watch-mode cost: hands per CPU second when files grow hand by hand, beside a one-shot import of the
same hands in the same run, and the CPU time of a poll that finds nothing new.

Each phase runs in a fresh process (so its peak resident memory is its own) on the hands of
``sample_data/stud-1-2-8max.txt``, split over ``--tables`` files written in turn, one hand at a time,
with a poll after every hand (the way a multi-tabling player's client writes them; the poll's clock is
advanced past the settle interval at the end so that each file's last hand is stored too):

- ``one-shot``: ``run_import`` of the finished files into a fresh database (the baseline);
- ``watch``: the same hands stored by :class:`~studbook.pipeline.watch.Watcher`, one part per hand, the
  store held open throughout (as when the watch was alone with the file);
- ``watch-turns``: the same, the watcher given the database's path, so that it opens the file for each
  part and closes it after (what ``import --watch`` does, so that readers share the file);
- ``idle``: a poll over the same folder once everything is stored, ``--polls`` times (what a watch
  costs between hands).

With ``--xml`` the same hands are written as iPoker sessions (``tests/ipoker_xml.py``: one
``<session>`` per file, growing a ``<game>`` at a time, no closing tag until the end): the watcher
cannot parse such a part on its own (the session's ``<general>`` is at the file's start), which is what
makes the cost of a part grow with the hands before it; run it at two sizes to see how.

With ``--live`` it measures instead the real command sharing its database: ``studbook import --watch``
in a child process, a second process appending ``--hands`` hands to ``--tables`` files as a client
would (``--pace`` seconds apart), first alone, then with ``--readers`` threads here opening the
database read-only again and again and counting its hands, as ``stats`` or a notebook does. It prints
the watch's throughput both times (hands stored per wall second from the first append to the last
hand stored, and the watch's CPU seconds per hand) and the readers' waits: how long each read-only open
took, against the same open with no watch running.

    python benchmarks/watch_throughput.py [--hands 400] [--tables 4] [--polls 200] [--xml]
    python benchmarks/watch_throughput.py --live [--hands 300] [--tables 4] [--pace 0.02] [--readers 3]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import signal
import statistics
import tempfile
import threading
import time
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "sample_data" / "stud-1-2-8max.txt"
sys.path.insert(0, str(REPO / "tests"))  # ipoker_xml: a test helper writing iPoker sessions

from studbook.engine.model import CommunityCard, Hand  # noqa: E402


def hands(count: int, xml: bool = False) -> list[str]:
    """The texts appended one after the other: the sample's first ``count`` PokerStars hands, or (``xml``)
    as many iPoker games (a hand that deals a community card, which iPoker has no line for, left out)."""
    text = SAMPLE.read_text(encoding="utf-8")
    if not xml:
        starts = [m.start() for m in re.finditer(r"^PokerStars Hand #", text, re.M)][: count + 1]
        return [text[a:b] for a, b in zip(starts, starts[1:])]
    from ipoker_xml import write_game

    return [write_game(h) for h in _model_hands()[:count]]


def _model_hands() -> list[Hand]:
    from studbook.parsers import parse_file

    read = [h for h in parse_file(SAMPLE) if isinstance(h, Hand)]
    return [h for h in read if not any(isinstance(e, CommunityCard) for e in h.events)]


def session_opening() -> str:
    """What an iPoker session file starts with (its ``<general>``), before its first game."""
    from ipoker_xml import session_head

    return session_head(_model_hands()[0], 7)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def phase(name: str, folder: str, count: int, tables: int, polls: int, xml: bool) -> dict[str, float]:
    """One phase in this (fresh) process: CPU seconds, hands stored, peak resident MB."""
    from studbook.analytics.store import open_store
    from studbook.pipeline.importer import run_import
    from studbook.pipeline.watch import Watcher

    texts = hands(count, xml)
    work = Path(folder) / name
    work.mkdir()
    files = [work / f"table{t}.{'xml' if xml else 'txt'}" for t in range(tables)]
    if xml:
        for path in files:
            path.write_text(session_opening(), encoding="utf-8")
    store = open_store(Path(folder) / f"{name}.duckdb")
    clock = Clock()
    watcher = Watcher([work], store.path if name == "watch-turns" else store, clock=clock)
    if name == "watch-turns":
        store.close()  # made, then left to the watcher to open for each part
    started = time.process_time()
    stored = 0

    def close_sessions() -> None:
        for path in files if xml else ():
            with path.open("a", encoding="utf-8") as f:
                f.write("</session>\n")

    if name == "one-shot":
        for i, text in enumerate(texts):
            with files[i % tables].open("a", encoding="utf-8") as f:
                f.write(text)
        close_sessions()
        started = time.process_time()
        stored = run_import([work], store).hands
    else:
        for i, text in enumerate(texts):
            with files[i % tables].open("a", encoding="utf-8") as f:
                f.write(text)
            if name.startswith("watch"):
                watcher.poll()
        if xml:
            close_sessions()
            watcher.poll()  # sees the closing tag arrive, so that the settle below is counted from it
        clock.now += 3600
        if name.startswith("watch"):
            watcher.poll()
            stored = watcher.session.hands
        else:
            watcher.poll()
            watcher.poll()
            started = time.process_time()
            for _ in range(polls):
                watcher.poll()
            stored = watcher.session.hands
    cpu = time.process_time() - started
    if name != "watch-turns":
        store.close()
    return {"cpu": cpu, "hands": stored, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def live_run(work: Path, count: int, tables: int, pace: float, readers: int) -> dict[str, float]:
    """One run of the real watch in a child process while hands are appended (and ``readers`` threads
    read): wall and CPU seconds, and every read-only open's duration."""
    from live_session import sample_hands, start_appender, start_watch, wait_for_line

    from studbook.analytics.store import open_store

    folder, db = work / "hh", work / "w.duckdb"
    folder.mkdir(parents=True)
    texts = sample_hands("stud-1-2-8max.txt", count)
    watch = start_watch(folder, db)
    wait_for_line(watch, "^watching ")
    waits: list[float] = []
    done = threading.Event()

    def stored() -> int:
        started = time.perf_counter()
        with open_store(db, read_only=True, wait=60) as store:
            waits.append(time.perf_counter() - started)
            row = store.con.execute("SELECT count(*) FROM hands").fetchone()
        return int(row[0]) if row else 0

    def reader() -> None:
        while not done.is_set():
            stored()

    started = time.perf_counter()
    appender = start_appender(folder, texts, tables, pace, work)
    threads = [threading.Thread(target=reader) for _ in range(readers)]
    for thread in threads:
        thread.start()
    while stored() < count:
        time.sleep(0.05)
    wall = time.perf_counter() - started
    done.set()
    for thread in threads:
        thread.join()
    appender.wait()
    watch.send_signal(signal.SIGINT)
    assert watch.stdout is not None
    watch.stdout.read()  # to its end: the watch has stopped
    _, _, usage = os.wait4(watch.pid, 0)  # its CPU time, which Popen.wait does not give
    watch.returncode = 0
    reads = list(waits)
    alone = []
    for _ in range(20):  # the same open with nothing else running: what an open costs by itself
        begun = time.perf_counter()
        open_store(db, read_only=True).close()
        alone.append(time.perf_counter() - begun)
    return {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "reads": len(reads),
        "max_wait": max(reads),
        "median_wait": statistics.median(reads),
        "alone_max": max(alone),
        "alone_median": statistics.median(alone),
    }


def live(args: argparse.Namespace) -> None:
    print(
        f"load average before: {os.getloadavg()[0]:.1f}; {args.hands} hands over {args.tables} files, "
        f"{args.pace:g} s apart, 'studbook import --watch' in a child process"
    )
    results = {}
    with tempfile.TemporaryDirectory(prefix="studbook-live-bench-") as tmp:
        for name, readers in (("alone", 0), (f"{args.readers} readers", args.readers)):
            r = results[name] = live_run(
                Path(tmp) / name.replace(" ", "-"), args.hands, args.tables, args.pace, readers
            )
            print(
                f"{name:>10}: all {args.hands} hands stored {r['wall']:.2f} s after the first was written "
                f"({args.hands / r['wall']:.0f} hands per second), the watch's CPU {1000 * r['cpu'] / args.hands:.2f} "
                f"ms per hand; {r['reads']:.0f} read-only opens, longest {1000 * r['max_wait']:.0f} ms, median "
                f"{1000 * r['median_wait']:.0f} ms (the same open alone afterwards: longest "
                f"{1000 * r['alone_max']:.0f} ms, median {1000 * r['alone_median']:.0f} ms)"
            )
    first, second = results.values()
    print(
        f"with readers / alone: wall {second['wall'] / first['wall']:.2f}x, the watch's CPU per hand "
        f"{second['cpu'] / first['cpu']:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--polls", type=int, default=200)
    parser.add_argument("--xml", action="store_true", help="write the hands as iPoker XML sessions")
    parser.add_argument("--live", action="store_true", help="the real command sharing its database with readers")
    parser.add_argument("--pace", type=float, default=0.02, help="--live: seconds between two appended hands")
    parser.add_argument("--readers", type=int, default=3, help="--live: reading threads beside the watch")
    args = parser.parse_args()
    if args.live:
        live(args)
        return
    kind = "iPoker XML" if args.xml else "PokerStars text"
    print(f"load average before: {os.getloadavg()[0]:.1f}; {args.hands} hands over {args.tables} files of {kind}")
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="studbook-watch-bench-") as tmp:
        for name in ("one-shot", "watch", "watch-turns", "idle"):
            with context.Pool(1) as pool:
                r = pool.apply(phase, (name, tmp, args.hands, args.tables, args.polls, args.xml))
            if name == "idle":
                per_poll = r["cpu"] / args.polls * 1000
                print(f"{name:>9}: {per_poll:.2f} ms CPU per poll of {args.tables} files, peak {r['peak_mb']:.0f} MB")
            else:
                rate = r["hands"] / r["cpu"] if r["cpu"] else float("nan")
                print(
                    f"{name:>9}: {r['hands']:.0f} hands in {r['cpu']:.2f} CPU s = {rate:,.0f} hands per CPU second, "
                    f"peak {r['peak_mb']:.0f} MB"
                )


if __name__ == "__main__":
    main()
