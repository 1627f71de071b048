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

    python benchmarks/watch_throughput.py [--hands 400] [--tables 4] [--polls 200]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "sample_data" / "stud-1-2-8max.txt"


def hands(count: int) -> list[str]:
    text = SAMPLE.read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^PokerStars Hand #", text, re.M)][: count + 1]
    return [text[a:b] for a, b in zip(starts, starts[1:])]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def phase(name: str, folder: str, count: int, tables: int, polls: int) -> dict[str, float]:
    """One phase in this (fresh) process: CPU seconds, hands stored, peak resident MB."""
    from studbook.analytics.store import open_store
    from studbook.pipeline.importer import run_import
    from studbook.pipeline.watch import Watcher

    texts = hands(count)
    work = Path(folder) / name
    work.mkdir()
    files = [work / f"table{t}.txt" for t in range(tables)]
    store = open_store(Path(folder) / f"{name}.duckdb")
    clock = Clock()
    watcher = Watcher([work], store, clock=clock)
    started = time.process_time()
    stored = 0
    if name == "one-shot":
        for i, text in enumerate(texts):
            with files[i % tables].open("a", encoding="utf-8") as f:
                f.write(text)
        started = time.process_time()
        stored = run_import([work], store).hands
    else:
        for i, text in enumerate(texts):
            with files[i % tables].open("a", encoding="utf-8") as f:
                f.write(text)
            if name == "watch":
                watcher.poll()
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
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}; {args.hands} hands over {args.tables} files")
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="studbook-watch-bench-") as tmp:
        for name in ("one-shot", "watch", "idle"):
            with context.Pool(1) as pool:
                r = pool.apply(phase, (name, tmp, args.hands, args.tables, args.polls))
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
