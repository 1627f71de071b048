"""What gathering tournament results costs the import: simulated sit-and-go hands (every one a
tournament hand, so every one's header and skipped lines are read for results) and their simulated
summaries, imported with the tournament results and, as the baseline in the same run, without them
(the gathering and the store's join turned off), alternately, each run in a fresh process.

    python benchmarks/tournament_import.py [--hands 4000] [--runs 3]

Prints per run the hands per CPU second of the whole import (one worker) and the peak resident memory.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _make(folder: Path, hands: int) -> None:
    from studbook.engine.model import Game
    from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
    from studbook.parsers.registry import get_profile
    from studbook.parsers.sitandgo import sit_and_go_results
    from studbook.parsers.sites.pokerstars.summary_writer import SUMMARY_SEPARATOR, write_summary
    from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file

    spec = TableSpec(
        games=(Game.RAZZ, Game.STUD, Game.STUD8),
        players=(6, 8),
        tournament=TournamentSpec(hands_per_level=6),
        profile=get_profile("pokerstars"),
    )
    dealt = list(simulate(spec, hands, 2026))
    with (folder / "sng.txt").open("w", encoding="utf-8") as out:
        write_pokerstars_file(dealt, out)
    text = SUMMARY_SEPARATOR.join(map(write_summary, sit_and_go_results(dealt)))
    (folder / "summaries.txt").write_text(text + "\n", encoding="utf-8")


def _run(folder: str, with_results: bool) -> None:
    """One import into a fresh database, in this process; prints its figures as JSON."""
    from studbook.analytics import tournament_store
    from studbook.analytics.store import open_store
    from studbook.pipeline import tournament_results
    from studbook.pipeline.importer import run_import

    if not with_results:
        told = tournament_results.TournamentsTold
        told.hand = lambda self, hand: None  # type: ignore[method-assign]
        told.not_read = lambda self, hand: None  # type: ignore[method-assign]
        told.summary = lambda self: False  # type: ignore[method-assign]
        tournament_store.store_tournaments = lambda con, told, file: ((), ())
    db = Path(tempfile.mkdtemp()) / "t.duckdb"
    started = time.process_time()
    with open_store(db) as store:
        summary = run_import([folder], store, workers=1)
    cpu = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"hands": summary.hands, "tournaments": summary.tournaments, "cpu": cpu, "peak_mb": peak}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--run", nargs=2, metavar=("FOLDER", "WITH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        _run(args.run[0], args.run[1] == "1")
        return
    folder = Path(tempfile.mkdtemp(prefix="studbook-tournaments-"))
    _make(folder, args.hands)
    rates: dict[bool, list[float]] = {True: [], False: []}
    for i in range(args.runs):
        for with_results in (False, True):
            done = subprocess.run(
                [sys.executable, __file__, "--run", str(folder), "1" if with_results else "0"],
                check=True,
                capture_output=True,
                text=True,
            )
            got = json.loads(done.stdout.strip().splitlines()[-1])
            rate = got["hands"] / got["cpu"]
            rates[with_results].append(rate)
            what = "with tournament results" if with_results else "baseline, without     "
            print(
                f"run {i + 1} {what}: {got['hands']:,} hands, {got['tournaments']} tournaments, "
                f"{rate:,.0f} hands per CPU second, peak {got['peak_mb']:.0f} MB"
            )
    base, new = statistics.mean(rates[False]), statistics.mean(rates[True])
    print(f"mean: baseline {base:,.0f}, with results {new:,.0f} hands per CPU second ({new / base - 1:+.1%})")


if __name__ == "__main__":
    main()
