"""3rd-street spots: the CPU time of every player's spot as a share of the import of the same hands, and how
many spots a second the equity against what was showing values.

Writes simulated hands as PokerStars text (stud8, seed 2026, 2-8 players: the import benchmark's simulated
source), imports them into a fresh database with one worker (the baseline: parse, replay, flags, rows,
DuckDB), then, in the same run, parses and replays them again untimed and times
:func:`studbook.analytics.spots.spots` over every hand, given the all-in EVs as the import has them
(what a wiring into the import would add: twice, the starting-hand cache cold and then warm), and once
more working the all-in EVs out itself. Last, it
values the first ``--equity`` spots with a decision with
:func:`studbook.analytics.visible_equity.spot_equity` (10,000 samples each) and prints spots per CPU
second by the number of opponents.

    python benchmarks/spots_throughput.py [--hands 20000] [--games stud8] [--equity 300]
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from import_throughput import parsed_hands, write_files  # noqa: E402

import studbook  # noqa: E402
from studbook.analytics.equity import allin_ev  # noqa: E402
from studbook.analytics.spots import spots  # noqa: E402
from studbook.analytics.store import open_store  # noqa: E402
from studbook.analytics.visible_equity import spot_equity  # noqa: E402
from studbook.engine.model import Game  # noqa: E402
from studbook.engine.profiles import profile_for  # noqa: E402
from studbook.engine.replay import replay  # noqa: E402
from studbook.engine.simulate import TableSpec, simulate  # noqa: E402
from studbook.parsers.detect import SITES_BY_ID  # noqa: E402
from studbook.pipeline.importer import run_import  # noqa: E402


def simulated_text(count: int, games: tuple[Game, ...]) -> list[str]:
    """``count`` simulated hands of ``games`` (seed 2026, 2-8 players) as PokerStars text."""
    stars = SITES_BY_ID["pokerstars"]
    assert stars.writer is not None
    spec = TableSpec(games=games, players=(2, 8), currency=stars.currency)
    return [stars.writer(hand).strip() for hand in simulate(spec, count, seed=2026)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--games", nargs="+", default=["stud8"], choices=[str(g) for g in Game])
    parser.add_argument("--equity", type=int, default=300, help="spots to value against what was showing")
    args = parser.parse_args(argv)
    games = tuple(Game(g) for g in args.games)
    compiled = studbook.compiled_modules()
    print(f"studbook {studbook.__version__}: " + (f"{', '.join(compiled)} compiled" if compiled else "pure Python"))
    with tempfile.TemporaryDirectory(prefix="studbook-spots-") as tmp:
        folder = Path(tmp) / "hands"
        folder.mkdir()
        write_files(folder, args.hands, 4, simulated_text(args.hands, games))
        with open_store(Path(tmp) / "bench.duckdb") as store:
            started = time.process_time()
            summary = run_import([folder], store, workers=1)
            imported = time.process_time() - started
        print(
            f"baseline: import of {summary.hands:,} {'/'.join(args.games)} hands, one worker: {imported:.1f} s CPU "
            f"= {summary.hands / imported:,.0f} hands per CPU second"
        )
        hands = [h for path in sorted(folder.iterdir()) for h in parsed_hands(path)]
        pairs = [(h, replay(h, profile_for(h))) for h in hands]
        evs = [allin_ev(h, r) for h, r in pairs]
        # what is built so far lives to the end: out of the collector's way, as the import keeps its hands
        # out of it (IMPORT_GC_THRESHOLD), so that a pass is not charged for walking 20,000 hands
        gc.collect()
        gc.freeze()
        for run in ("first pass, the class cache cold as an import meets it", "second pass, warm"):
            started = time.process_time()
            found = [spots(h, r, ev) for (h, r), ev in zip(pairs, evs)]
            given = time.process_time() - started
            count = sum(map(len, found))
            print(
                f"spots, all-in EVs given (as the import has them), {run}: {count:,} spots of {len(pairs):,} "
                f"hands in {given:.2f} s CPU = {len(pairs) / given:,.0f} hands, {count / given:,.0f} spots per "
                f"CPU second; {given / imported:.1%} of the import's CPU time"
            )
        started = time.process_time()
        for h, r in pairs:
            spots(h, r)
        alone = time.process_time() - started
        print(f"spots working the all-in EVs out too: {alone:.2f} s CPU, {alone / imported:.1%} of the import's")
        decided = [(h, r, s) for (h, r), found_here in zip(pairs, found) for s in found_here if s.decision]
        chosen = decided[:: max(1, len(decided) // args.equity)][: args.equity]  # spread over the session
        by_opponents: dict[int, list[float]] = defaultdict(list)
        for h, r, s in chosen:
            started = time.process_time()
            value = spot_equity(h, r, s)
            by_opponents[value.opponents].append(time.process_time() - started)
        spent = sum(sum(v) for v in by_opponents.values())
        print(
            f"equity against what was showing, 10,000 samples: {len(chosen):,} spots in {spent:.1f} s CPU = "
            f"{len(chosen) / spent:.1f} spots per CPU second"
        )
        for opponents in sorted(by_opponents):
            times = by_opponents[opponents]
            print(f"  {opponents} opponent(s): {len(times):4d} spots, {sum(times) / len(times) * 1e3:6.1f} ms each")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
