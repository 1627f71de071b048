"""Import throughput: hands per second from text files to DuckDB rows, and peak memory.

Builds a folder of PokerStars files from the real corpus hands repeated with fresh hand numbers (or from
``sample_data/`` when the corpus is absent), then runs the whole import (parse, replay, rows, Arrow
spill, DuckDB writes) into a fresh database, once per worker count asked for. Prints, per run:

- hands/s of wall-clock time, and the speed-up over the first run (one worker);
- hands per CPU second of the whole pipeline: this process's CPU time plus what the workers report
  having spent on their files (``ImportSummary.read_cpu_seconds``; a worker's start-up, ~0.3 s of
  imports, is not in it). This is the figure to compare on a busy machine;
- cores kept busy: CPU seconds / wall seconds (2.0 = both cores of this machine all along);
- the load average before the run (others' work: on a shared machine wall-clock rates mostly measure it);
- the peak resident memory of this process (all of the work when ``--workers 1``).

    python benchmarks/import_throughput.py [--hands 20000] [--files 10] [--workers 1 2]

``--source simulated`` imports simulated stud8 hands written as PokerStars text (seed 2026, 2-8 players:
issue 14's measure) instead of the corpus, and first times the bare regex line classifier of
``parse_throughput.py`` over the same text in the same run, printing the import's rate as a ratio to
it; ``--stages`` also prints where one core's time goes (parse, replay, flags and rows, DuckDB writes)
on the first file. ``--one-file MB`` writes one file of about MB megabytes instead (the hands repeated
with fresh numbers), which the workers read in pieces (:mod:`studbook.pipeline.pieces`):

    python benchmarks/import_throughput.py --source simulated --hands 20000 --files 1 --workers 1 --stages
    python benchmarks/import_throughput.py --source simulated --hands 4000 --one-file 40 --workers 1 2

It runs whichever studbook is installed, and says which: an editable install is pure Python, a wheel
(``pip install .``) has the engine compiled (setup.py's ``COMPILED``); compare the two builds by
running it in an environment of each, alternately.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

import pyarrow as pa

import studbook
from studbook.analytics.rows import hand_batches
from studbook.analytics.store import SourceFile, Store, open_store
from studbook.engine.model import Hand, ReplayResult
from studbook.pipeline.importer import CHUNK_HANDS, ROW_HANDS, error_rows, run_import
from studbook.parsers.registry import get_profile

REPO = Path(__file__).resolve().parents[1]
CORPUS_STARS = REPO.parent / "shared" / "corpus" / "fpdb" / "Stars"
SYNTHETIC = {"7stud.txt", "razz.txt", "horse.txt"}
HAND_NUMBER = re.compile(r"^((?:PokerStars|POKERSTARS) (?:Home Game )?(?:Hand|Game|HAND|GAME) #)\d+", re.M)
HAND_START = re.compile(r"^(?=(?:PokerStars|POKERSTARS) )", re.M)
STUD_HEADER = re.compile(r"stud|razz", re.I)
"""Mixed-game files also hold hold'em and draw hands, which the importer skips: leave them out."""


def source_hands() -> list[str]:
    """The text of every real stud-family hand available, one string per hand."""
    folder = CORPUS_STARS if CORPUS_STARS.exists() else REPO / "sample_data"
    hands = []
    for path in sorted(folder.rglob("*.txt")):
        if path.name in SYNTHETIC or "summaries" in path.parts:
            continue
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        hands.extend(h.strip() for h in HAND_START.split(text) if STUD_HEADER.search(h.split("\n", 1)[0]))
    return hands


def simulated_hands(count: int) -> list[str]:
    """``count`` simulated stud8 hands (seed 2026, 2-8 players) as PokerStars text, one string each."""
    from studbook.engine.model import Game
    from studbook.engine.simulate import TableSpec, simulate
    from studbook.parsers.detect import SITES_BY_ID

    stars = SITES_BY_ID["pokerstars"]
    assert stars.writer is not None
    spec = TableSpec(games=(Game.STUD8,), players=(2, 8), currency=stars.currency, profile=get_profile("pokerstars"))
    return [stars.writer(hand).strip() for hand in simulate(spec, count, seed=2026)]


def write_files(folder: Path, hands: int, files: int, pool_hands: list[str]) -> None:
    """``hands`` hands spread over ``files`` files, numbered afresh so that none is a duplicate."""
    pool = itertools.cycle(pool_hands)
    numbers = itertools.count(900_000_000_000)
    per_file = -(-hands // files)
    for f in range(files):
        count = min(per_file, hands - f * per_file)
        texts = (HAND_NUMBER.sub(lambda m: f"{m.group(1)}{next(numbers)}", next(pool), count=1) for _ in range(count))
        (folder / f"bench-{f:03d}.txt").write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")


def write_one_file(path: Path, megabytes: float, pool_hands: list[str]) -> int:
    """One file of about ``megabytes`` MB of the pool's hands, repeated with fresh numbers; its hands."""
    numbers = itertools.count(800_000_000_000)
    written = hands = 0
    with path.open("w", encoding="utf-8") as f:
        for source in itertools.cycle(pool_hands):
            if written >= megabytes * 1e6:
                break
            text = HAND_NUMBER.sub(lambda m: f"{m.group(1)}{next(numbers)}", source, count=1) + "\n\n\n"
            written += len(text.encode("utf-8"))
            hands += 1
            f.write(text)
    return hands


def baseline_rates(folder: Path, repeat: int = 3) -> list[float]:
    """Hands per CPU second of the bare regex line classifier (``parse_throughput.baseline``) over the
    files, ``repeat`` times: one ~1 s run moved by up to 2x on this shared virtual machine (a neighbour's
    load slows the same work), so the ratio is taken against the median of runs made before and after
    the imports, in the same minutes as they ran."""
    sys.path.insert(0, str(Path(__file__).parent))
    from parse_throughput import baseline

    rates = []
    for _ in range(repeat):
        started = time.process_time()
        hands = sum(baseline(path) for path in sorted(folder.iterdir()))
        rates.append(hands / (time.process_time() - started))
    return rates


def parsed_hands(path: Path) -> list[Hand]:
    """The hands of ``path`` as the parser reads them (its errors and non-stud hands left out)."""
    from studbook.parsers import parse_file

    return [r for r in parse_file(path) if isinstance(r, Hand)]


def row_batches(pairs: Sequence[tuple[Hand, ReplayResult]]) -> list[dict[str, pa.RecordBatch]]:
    """The rows of replayed hands as the import builds them: :data:`ROW_HANDS` hands at a time."""
    return [hand_batches(pairs[i : i + ROW_HANDS]) for i in range(0, len(pairs), ROW_HANDS)]


def write_rows(store: Store, source: SourceFile, parts: Sequence[dict[str, pa.RecordBatch]]) -> None:
    """``parts`` (:func:`row_batches`) written into ``store`` as the import writes one file:
    :data:`CHUNK_HANDS` hands a chunk, in the file's transaction."""
    step = max(1, CHUNK_HANDS // ROW_HANDS)
    with store.writing(source) as writer:
        for i in range(0, len(parts), step):
            chunk = parts[i : i + step]
            writer.chunk({name: pa.concat_batches([part[name] for part in chunk]) for name in chunk[0]})
        writer.finish(error_rows([]))


def stages(path: Path) -> None:
    """Where one core's time goes on ``path``, each stage timed alone over every hand of the file."""
    from studbook.analytics.flags import flag_rows
    from studbook.parsers.registry import profile_for
    from studbook.engine.replay import replay

    def timed(what: str, work):  # type: ignore[no-untyped-def]
        started = time.process_time()
        done = work()
        spent = time.process_time() - started
        print(f"  {what:<40} {spent:6.2f} s CPU  {spent / count * 1e3:6.3f} ms a hand")
        return done

    # the grammar's compilation is not part of any stage. The evaluator's values are not warmed: as in an
    # import, the replay works out each rank multiset's value when a hand first meets it, and the equity
    # of the first all-in spot (in the rows) builds the batch evaluator's whole tables (~0.4 s). Counting
    # the hands is that first, untimed parse.
    count = len(parsed_hands(path))
    print(f"stages, one core, {count:,} hands of {path.name}:")
    hands = timed("parse (text to Hand)", lambda: parsed_hands(path))
    results = timed("replay and validation", lambda: [replay(h, profile_for(h)) for h in hands])
    pairs = list(zip(hands, results))
    timed("stat flags alone (part of the rows)", lambda: [flag_rows(h, r) for h, r in pairs])
    parts = timed("rows and Arrow batches (with the flags)", lambda: row_batches(pairs))
    with tempfile.TemporaryDirectory() as tmp, open_store(Path(tmp) / "stages.duckdb") as store:
        timed("DuckDB writes (one transaction)", lambda: write_rows(store, SourceFile(str(path), "stages", 1), parts))


def peak_mb() -> float:
    """Peak resident memory of this process (Linux reports kilobytes). Workers started by the fork
    server are not our children, so their peak is not visible here: run ``--workers 1`` to measure the
    whole pipeline in one process."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--source", choices=["corpus", "simulated"], default="corpus")
    parser.add_argument("--one-file", type=float, metavar="MB", help="one file of about MB megabytes instead")
    parser.add_argument("--stages", action="store_true", help="print where one core's time goes, per stage")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="studbook-bench-") as tmp:
        folder = Path(tmp) / "hands"
        folder.mkdir()
        pool = simulated_hands(args.hands) if args.source == "simulated" else source_hands()
        if args.one_file:
            count = write_one_file(folder / "one.txt", args.one_file, pool)
            print(f"{count:,} hands ({len(pool):,} {args.source} hands repeated) in one file")
        else:
            write_files(folder, args.hands, args.files, pool)
            print(f"{args.hands:,} {args.source} hands in {args.files} files")
        size = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
        print(f"{size:.1f} MB of text")
        compiled = studbook.compiled_modules()
        print(f"studbook {studbook.__version__}: " + (f"{', '.join(compiled)} compiled" if compiled else "pure Python"))
        base = None
        bases: list[float] = []
        if args.source == "simulated":
            bases = baseline_rates(folder)
            base = statistics.median(bases)
            print(
                "baseline, bare regex line classifier over the same text: "
                f"{', '.join(f'{b:,.0f}' for b in bases)} hands per CPU second (median {base:,.0f})"
            )
        if args.stages:
            stages(sorted(folder.iterdir())[0])
        first_wall = None
        rates: list[float] = []
        for run, workers in enumerate(args.workers):
            db = Path(tmp) / f"bench-{run}.duckdb"
            load = os.getloadavg()[0]
            with open_store(db) as store:
                started, cpu_started = time.perf_counter(), time.process_time()
                summary = run_import([folder], store, workers=workers)
                elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
            main_cpu, load_after = cpu, os.getloadavg()[0]
            if workers > 1:  # the files were read in other processes: add the CPU time they report
                cpu += summary.read_cpu_seconds
            first_wall = first_wall or elapsed
            print(
                f"workers={workers}: {summary.hands:,} hands stored in {elapsed:.1f} s = "
                f"{summary.hands / elapsed:,.0f} hands/s (x{first_wall / elapsed:.2f}), "
                f"{summary.hands / cpu:,.0f} per CPU second, {cpu / elapsed:.2f} cores busy "
                f"(load average before {load:.1f}); {summary.with_violations:,} with violations, "
                f"{len(summary.problems)} problems; database {db.stat().st_size / 1e6:.1f} MB; "
                f"peak memory of this process so far {peak_mb():,.0f} MB"
                + (" (parsing, replay and writing all ran here)" if workers == 1 else "")
            )
            print(
                f"  CPU {cpu:.1f} s (this process {main_cpu:.1f} s, workers {cpu - main_cpu:.1f} s), wall "
                f"{elapsed:.1f} s, load average after {load_after:.1f}"
                + (f"; {summary.hands / cpu / base:.3f}x the baseline's hands per CPU second" if base else "")
            )
            rates.append(summary.hands / cpu)
        if bases:
            after = baseline_rates(folder)
            bases += after
            print(
                f"baseline again after the imports: {', '.join(f'{b:,.0f}' for b in after)}; median of all "
                f"{len(bases)} runs {statistics.median(bases):,.0f} hands per CPU second: ratio "
                + ", ".join(f"{rate / statistics.median(bases):.3f}x" for rate in rates)
                + " (workers "
                + ", ".join(str(w) for w in args.workers)
                + ")"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
