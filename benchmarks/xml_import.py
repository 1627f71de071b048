"""iPoker XML import at scale: a generated session of ~100 MB read with flat memory (issue 12).

Builds one iPoker-shaped session file (simulated stud8 hands at 6-8 players written by the tests'
helper ``tests/ipoker_xml.py``, repeated with fresh hand ids until the file has the size asked for) in a
temporary folder, then in this one process times, each over the same file:

* **baselines**: expat with no handlers (the floor of reading the XML at all) and
  ``ElementTree.iterparse`` clearing each hand (the stdlib's streaming tree builder), both counting the
  ``<game>`` elements: what the reader's library choice costs next to the alternative;
* **the reader alone** (``parsers/xmlstream.read_top_elements``): XML into hand elements;
* **studbook**: ``parse_file`` (decode, XML, every Hand built) and the replay of every hand (the audit an
  import runs), printing at each quarter of the hands the rate so far, the resident memory now and the
  peak so far; then ``api`` ``import_files`` of the whole file into a fresh database (the real import:
  worker process, rows spilled in chunks, one transaction), with its time and the worker's peak memory.

Rates are hands per CPU second of this process (``time.process_time``; the import's worker is timed by
its own CPU time as the pipeline reports it); wall-clock beside. The file is deleted at the end.
Run: ``python benchmarks/xml_import.py [MB]`` (default 100; ``5`` for a quick look; ``--import-only``
for the import's memory alone).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pyexpat

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from ipoker_xml import write_session  # noqa: E402 - a test helper, found through the path above

from studbook.engine.model import Game, Hand  # noqa: E402
from studbook.engine.replay import replay  # noqa: E402
from studbook.engine.simulate import TableSpec, simulate  # noqa: E402
from studbook.parsers import parse_file  # noqa: E402
from studbook.parsers.reading import read_lines  # noqa: E402
from studbook.parsers.xmlstream import read_top_elements  # noqa: E402
from studbook.parsers.registry import get_profile, profile_for  # noqa: E402

DISTINCT_HANDS = 400


def rss_mb() -> float:
    """Resident memory now, from /proc (MB)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def build(path: Path, megabytes: int) -> int:
    """Write the session; returns the number of hands."""
    pieces = list(
        write_session(
            simulate(
                TableSpec(games=(Game.STUD8,), players=(6, 8), profile=get_profile("pokerstars")), DISTINCT_HANDS, 12
            )
        )
    )
    head, games, tail = pieces[0], pieces[1:-1], pieces[-1]
    target, hands, copy = megabytes * 1_000_000, 0, 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(head)
        while f.tell() < target:
            for n, game in enumerate(games):
                f.write(game.replace('gamecode="', f'gamecode="{copy}-{n}-', 1))
                hands += 1
            copy += 1
        f.write(tail)
    return hands


def timed(label: str, hands: int, run) -> None:  # type: ignore[no-untyped-def]
    cpu, wall = time.process_time(), time.perf_counter()
    counted = run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(
        f"{label:<44} {counted:>8,} hands  {counted / cpu:>9,.0f} h/s CPU  {counted / wall:>9,.0f} h/s wall"
        f"  {cpu:7.1f} s"
    )
    assert counted == hands, (label, counted, hands)


def bare_expat(path: Path) -> int:
    count = 0

    def start(tag: str, attrs: object) -> None:
        nonlocal count
        count += tag == "game"

    p = pyexpat.ParserCreate()
    p.StartElementHandler = start
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            p.Parse(chunk, False)
    p.Parse(b"", True)
    return count


def iterparse(path: Path) -> int:
    count = 0
    for _, elem in ET.iterparse(path, events=("end",)):
        if elem.tag == "game":
            count += 1
            elem.clear()
    return count


def reader_only(path: Path) -> int:
    return sum(
        1
        for e in read_top_elements(read_lines(path), str(path), "iPoker")
        if getattr(e, "node", None) is not None and e.node.tag == "game"
    )  # type: ignore[union-attr]


def studbook_quarters(path: Path, hands: int) -> int:
    quarters = {hands * q // 4 for q in (1, 2, 3, 4)}
    count, violations = 0, 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    print(f"{'':<4}{'hands':>8}  {'h/s CPU':>9}  {'RSS MB':>7}  {'peak MB':>8}   (parse + replay)")
    for item in parse_file(path):
        if isinstance(item, Hand):
            violations += bool(replay(item, profile_for(item)).violations)
            count += 1
            if count in quarters:
                cpu = time.process_time() - cpu0
                print(f"{'':<4}{count:>8,}  {count / cpu:>9,.0f}  {rss_mb():>7.1f}  {peak_mb():>8.1f}")
    wall = time.perf_counter() - wall0
    print(f"{'':<4}wall {wall:.1f} s; hands with a violation: {violations}")
    return count


def full_import(path: Path, folder: Path) -> None:
    """``studbook import`` of the file in a child process (one worker: the file is one task), so that the
    child's peak resident memory is the import's own."""
    cmd = [sys.executable, "-m", "studbook.cli", "import", str(path), "--db", str(folder / "bench.duckdb")]
    wall = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - wall
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(
        f"studbook import: {wall:.1f} s wall, {usage.ru_utime + usage.ru_stime:.1f} s CPU, peak RSS "
        f"{usage.ru_maxrss / 1024:.1f} MB (exit {done.returncode}): {last}"
    )
    if done.returncode:
        print(done.stderr[-2000:])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("megabytes", nargs="?", type=int, default=100, help="size of the session file (MB)")
    ap.add_argument("--no-import", action="store_true", help="skip the database import at the end")
    ap.add_argument(
        "--import-only", action="store_true", help="only the database import (its peak memory), no reading rates"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.txt"
        hands = build(path, args.megabytes)
        size = path.stat().st_size
        print(
            f"session: {size / 1e6:.1f} MB, {hands:,} stud8 hands ({DISTINCT_HANDS} simulated, repeated); "
            f"RSS after writing {rss_mb():.1f} MB"
        )
        if not args.import_only:
            timed("baseline: expat, no handlers", hands, lambda: bare_expat(path))
            timed("baseline: ElementTree.iterparse + clear", hands, lambda: iterparse(path))
            timed("xmlstream.read_top_elements (hand elements)", hands, lambda: reader_only(path))
            timed("parse_file (every Hand built)", hands, lambda: sum(isinstance(h, Hand) for h in parse_file(path)))
            studbook_quarters(path, hands)
        if not args.no_import:
            full_import(path, Path(tmp))


if __name__ == "__main__":
    main()
