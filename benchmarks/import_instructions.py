"""Instructions an import (or one of its stages) takes, counted by cachegrind: a figure that does not move
with the machine's load.

CPU time on this shared virtual machine moves by 20-35% from run to run, and the regex baseline of
``import_throughput.py`` moves with it, so a change of a few percent cannot be seen in CPU time. The
instructions executed by the same code on the same input barely move, whatever else the machine is
doing: within about 2% between runs, with string hashing fixed (``PYTHONHASHSEED=0``). What still moves
them is where objects land in memory: a dict keyed by classes or objects hashes their addresses. A
change smaller than that needs several runs of each side. So each build or change is measured here as follows:

- simulated stud8 hands (``import_throughput.py``'s: seed 2026, 2-8 players) are written as PokerStars
  text into one file;
- this script runs itself under ``valgrind --tool=cachegrind`` twice, doing the stage once and three
  times over that file;
- the difference of the two counts, halved, is one stage's instructions. Python's start-up, the
  imports, the grammar's compilation and the evaluator's tables cancel out.

Stages: ``import`` (the whole import into a fresh database each time), ``baseline`` (the bare regex line
classifier of ``parse_throughput.py`` over the same file: the import's instructions against the
baseline's are issue 14's ratio in a figure that does not move with the load), ``parse`` (text to Hand),
``replay`` (of the parsed hands), ``flags`` (``flag_rows`` of the replayed hands), ``rows`` (the Arrow
batches with the flags, ``ROW_HANDS`` at a time), ``writes`` (those batches written into a fresh database
in chunks of ``CHUNK_HANDS``, one file's transaction, as the import writes them). What the import takes
beyond the stages is the importer's own work (finding files, their checksums, chunking) and DuckDB's.

    python benchmarks/import_instructions.py [--hands 1000] [--stage import|parse|replay|flags|rows|writes|baseline] [--misses]

``--misses`` has cachegrind simulate the caches and the branch predictor as well, and prints per hand
the first-level instruction and data cache misses, the last-level misses and the mispredicted branches
beside the instructions. Why: by instructions the import is much closer to the baseline than by CPU
time, and these are where the rest of its cycles go (this project's VMs give ``perf`` no hardware
counters, so they cannot be read from the processor itself). They are the simulator's figures, of its
model of this machine's caches, not the processor's; what compares is one stage against another.

It counts whichever studbook is installed, and says which build: an editable install is pure Python,
a wheel has the engine compiled. Needs valgrind (Debian: ``apt-get install valgrind``).
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import nullcontext
from pathlib import Path

from import_throughput import parsed_hands, row_batches, simulated_hands, write_files, write_rows  # this folder
from parse_throughput import baseline  # this folder

import studbook

STAGES = ("import", "parse", "replay", "flags", "rows", "writes", "baseline")
REPEATS = (1, 3)
"""The two runs whose difference is measured: once and three times the same stage."""

COUNTS = {
    "instructions": r"I\s+refs:",
    "I1 misses": r"I1\s+misses:",
    "D1 misses": r"D1\s+misses:",
    "LL misses": r"LL\s+misses:",
    "mispredicted branches": r"Mispredicts:",
}
"""What cachegrind's summary says, by the words it starts each figure's line with: the instructions
always, the rest with ``--misses`` (``LL misses:`` counts instructions' and data's last-level misses
together, ``Mispredicts:`` conditional and indirect branches together)."""


def run_stage(stage: str, path: Path, repeat: int) -> None:
    """Do ``stage`` over the hands of ``path`` ``repeat`` times (what runs under cachegrind). What the
    stage needs is made once first, outside the repeats: the hands for the replay, the replayed hands
    for the flags, rows and writes, and one run of the stage itself (the caches a first run fills, such as the
    evaluator's values and the parser's line caches, are in both counts and cancel out)."""
    from studbook.analytics.flags import flag_rows
    from studbook.analytics.store import SourceFile, open_store
    from studbook.parsers.registry import profile_for
    from studbook.engine.replay import replay
    from studbook.pipeline.importer import run_import, settled_heap

    # only what the stage reads: the baseline, the import and the parse start from the text alone
    hands = parsed_hands(path) if stage in ("replay", "flags", "rows", "writes") else []
    pairs = [(h, replay(h, profile_for(h))) for h in hands] if stage != "replay" else []
    parts = row_batches(pairs) if stage == "writes" else []
    with tempfile.TemporaryDirectory() as tmp:
        names = (f"run-{n}" for n in itertools.count())  # a fresh database (and file checksum) per run

        def one_import() -> None:
            with open_store(Path(tmp) / f"{next(names)}.duckdb") as store:
                run_import([path], store)

        def one_write() -> None:
            name = next(names)
            with open_store(Path(tmp) / f"{name}.duckdb") as store:
                write_rows(store, SourceFile(str(path), name, 1), parts)

        work = {
            "import": one_import,
            "parse": lambda: parsed_hands(path),
            "replay": lambda: [replay(h, profile_for(h)) for h in hands],
            "flags": lambda: [flag_rows(h, r) for h, r in pairs],
            "rows": lambda: row_batches(pairs),
            "writes": one_write,
            "baseline": lambda: baseline(path),
        }[stage]
        work()
        # the other stages under the heap an import reads with; the import sets it itself (and the
        # collector's frozen objects are let go when the innermost one ends, so it is not nested), and
        # the baseline is counted as import_throughput.py times it, outside studbook
        with settled_heap() if stage not in ("import", "baseline") else nullcontext():
            for _ in range(repeat):
                work()


def count(stage: str, path: Path, repeat: int, misses: bool) -> dict[str, int]:
    """cachegrind's figures (:data:`COUNTS`) for this script doing ``stage`` ``repeat`` times: the
    instructions, and with ``misses`` the simulated cache misses and mispredicted branches."""
    simulate = "yes" if misses else "no"
    command = [
        "valgrind",
        "--tool=cachegrind",
        f"--cache-sim={simulate}",
        f"--branch-sim={simulate}",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--run",
        stage,
        str(path),
        str(repeat),
    ]
    # string hashes are salted per process unless fixed: a set's or dict's layout, and with it the count,
    # would move by a few percent from run to run
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    if done.returncode != 0:
        raise SystemExit(f"cachegrind failed ({done.returncode}):\n{done.stderr[-2000:]}")
    figures = {}
    for name in COUNTS if misses else ["instructions"]:
        found = re.search(rf"(?m)^==\d+== {COUNTS[name]}\s+([\d,]+)", done.stderr)
        if found is None:  # a valgrind whose summary words differ: say so rather than print a zero
            raise SystemExit(f"no {name!r} figure in cachegrind's summary:\n{done.stderr[-2000:]}")
        figures[name] = int(found.group(1).replace(",", ""))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="simulated stud8 hands in the file (default 1000)")
    parser.add_argument("--stage", choices=STAGES, default="import", help="what to count (default: the import)")
    parser.add_argument(
        "--misses", action="store_true", help="also simulate the caches and branches: misses per hand (slower)"
    )
    parser.add_argument("--run", nargs=3, metavar=("STAGE", "FILE", "REPEAT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:  # the counted process
        stage, file, repeat = args.run
        run_stage(stage, Path(file), int(repeat))
        return 0
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: on Debian, apt-get install valgrind")
    compiled = studbook.compiled_modules()
    print(f"studbook {studbook.__version__}: " + (f"{len(compiled)} modules compiled" if compiled else "pure Python"))
    with tempfile.TemporaryDirectory(prefix="studbook-instructions-") as tmp:
        folder = Path(tmp)
        write_files(folder, args.hands, 1, simulated_hands(args.hands))
        path = next(folder.iterdir())
        once, thrice = (count(args.stage, path, repeat, args.misses) for repeat in REPEATS)
    stage = {name: (thrice[name] - once[name]) // (REPEATS[1] - REPEATS[0]) for name in once}
    instructions = stage.pop("instructions")
    print(
        f"{args.stage} of {args.hands:,} simulated hands: {instructions / 1e6:,.1f}M instructions "
        f"({instructions / args.hands:,.0f} a hand); runs of {REPEATS[0]} and {REPEATS[1]}: "
        f"{once['instructions']:,} and {thrice['instructions']:,}"
    )
    for name, figure in stage.items():
        print(f"  {name}: {figure / args.hands:,.0f} a hand ({figure / instructions * 1e3:.2f} per 1,000 instructions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
