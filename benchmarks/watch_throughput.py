"""Watch-mode cost: hands per CPU second when files grow hand by hand, beside a one-shot import of the
same hands in the same run, and the CPU time of a poll that finds nothing new.

Each phase runs in a fresh process (so its peak resident memory is its own) on the hands of
``sample_data/stud-1-2-8max.txt``, split over ``--tables`` files written in turn, one hand at a time,
with a poll after every hand (the way a multi-tabling player's client writes them; the poll's clock is
advanced past the settle interval at the end so that each file's last hand is stored too):

- ``one-shot``: ``run_import`` of the finished files into a fresh database (the baseline);
- ``watch``: the same hands stored by :class:`~studbook.pipeline.watch.Watcher`, one part per hand;
- ``idle``: a poll over the same folder once everything is stored, ``--polls`` times (what a watch
  costs between hands).

With ``--xml`` the same hands are written as iPoker sessions (``tests/ipoker_xml.py``: one
``<session>`` per file, growing a ``<game>`` at a time, no closing tag until the end): the watcher
cannot parse such a part on its own (the session's ``<general>`` is at the file's start), which is what
makes the cost of a part grow with the hands before it; run it at two sizes to see how.

    python benchmarks/watch_throughput.py [--hands 400] [--tables 4] [--polls 200] [--xml]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import tempfile
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
    watcher = Watcher([work], store, clock=clock)
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
            if name == "watch":
                watcher.poll()
        if xml:
            close_sessions()
            watcher.poll()  # sees the closing tag arrive, so that the settle below is counted from it
        clock.now += 3600
        if name == "watch":
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
    store.close()
    return {"cpu": cpu, "hands": stored, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--polls", type=int, default=200)
    parser.add_argument("--xml", action="store_true", help="write the hands as iPoker XML sessions")
    args = parser.parse_args()
    kind = "iPoker XML" if args.xml else "PokerStars text"
    print(f"load average before: {os.getloadavg()[0]:.1f}; {args.hands} hands over {args.tables} files of {kind}")
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="studbook-watch-bench-") as tmp:
        for name in ("one-shot", "watch", "idle"):
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
