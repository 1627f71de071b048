"""3rd-street spots: what storing every player's spot at import costs, and how many spots a second the
equity against what was showing values.

Writes simulated hands as PokerStars text (stud8, seed 2026, 2-8 players: the import benchmark's simulated
source) and imports them twice into fresh databases with one worker, in this order: without the spot
columns (the spots of :mod:`studbook.analytics.rows` made to find none: the import as it was before they
were stored, the baseline) and then as it is, storing them; the difference is what the spots cost the
import, the starting-hand cache cold as a worker meets it. Then, in the same run, it parses and replays
the hands again untimed and times :func:`studbook.analytics.spots.spots` alone over every hand, given
the all-in EVs as the import has them (the cache emptied first, then warm), as a share of the baseline
import. Last, it values the first ``--equity`` spots with a decision with
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
from studbook.analytics import rows, start_hands  # noqa: E402
from studbook.analytics.equity import allin_ev  # noqa: E402
from studbook.analytics.spots import spots  # noqa: E402
from studbook.analytics.store import open_store  # noqa: E402
from studbook.analytics.visible_equity import spot_equity  # noqa: E402
from studbook.engine.model import Game  # noqa: E402
from studbook.engine.replay import replay  # noqa: E402
from studbook.engine.simulate import TableSpec, simulate  # noqa: E402
from studbook.parsers.detect import SITES_BY_ID  # noqa: E402
from studbook.pipeline.importer import run_import  # noqa: E402
from studbook.parsers.registry import get_profile, profile_for


def simulated_text(count: int, games: tuple[Game, ...]) -> list[str]:
    """``count`` simulated hands of ``games`` (seed 2026, 2-8 players) as PokerStars text."""
    stars = SITES_BY_ID["pokerstars"]
    assert stars.writer is not None
    spec = TableSpec(games=games, players=(2, 8), currency=stars.currency, profile=get_profile("pokerstars"))
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
        warm = Path(tmp) / "warm-up"
        warm.mkdir()
        write_files(warm, 200, 1, simulated_text(200, games))
        with open_store(Path(tmp) / "warm-up.duckdb") as store:  # the one-time costs (imports, grammars)
            run_import([warm], store, workers=1)
        found_spots = rows.spots
        cpu: dict[str, float] = {}
        for run in ("without", "with"):
            rows.spots = found_spots if run == "with" else (lambda *given, **named: [])  # type: ignore[assignment]
            start_hands._start_hand.cache_clear()
            try:
                with open_store(Path(tmp) / f"{run}.duckdb") as store:
                    started = time.process_time()
                    summary = run_import([folder], store, workers=1)
                    cpu[run] = time.process_time() - started
                    stored = store.con.execute("SELECT COUNT(liveness) FROM hand_players").fetchone()
            finally:
                rows.spots = found_spots
            print(
                f"import of {summary.hands:,} {'/'.join(args.games)} hands, one worker, {run} the spot columns "
                f"({stored[0] if stored else 0:,} stored): {cpu[run]:.1f} s CPU = "
                f"{summary.hands / cpu[run]:,.0f} hands per CPU second"
            )
        imported = cpu["without"]
        print(
            f"the spot columns cost the import {cpu['with'] - imported:.2f} s CPU = "
            f"{(cpu['with'] - imported) / imported:.1%} of the import without them (the baseline)"
        )
        hands = [h for path in sorted(folder.iterdir()) for h in parsed_hands(path)]
        pairs = [(h, replay(h, profile_for(h))) for h in hands]
        evs = [allin_ev(h, r) for h, r in pairs]
        # what is built so far lives to the end: out of the collector's way, as the import keeps its hands
        # out of it (IMPORT_GC_THRESHOLD), so that a pass is not charged for walking 20,000 hands
        gc.collect()
        gc.freeze()
        start_hands._start_hand.cache_clear()
        for run in ("first pass, the class cache cold as an import meets it", "second pass, warm"):
            started = time.process_time()
            count = 0
            for (h, r), ev in zip(pairs, evs):  # as the import asks: the primary draw's liveness only
                count += len(spots(h, r, ev, every_draw=False))
            given = time.process_time() - started
            print(
                f"spots alone, all-in EVs given (as the import has them), {run}: {count:,} spots of "
                f"{len(pairs):,} hands in {given:.2f} s CPU = {len(pairs) / given:,.0f} hands, {count / given:,.0f} "
                f"spots per CPU second; {given / imported:.1%} of the baseline import's CPU time"
            )
        started = time.process_time()
        for h, r in pairs:
            spots(h, r)
        alone = time.process_time() - started
        print(
            f"spots with every draw's liveness (a page's or a notebook's), working the all-in EVs out too: "
            f"{alone:.2f} s CPU, {alone / imported:.1%} of the baseline's"
        )
        found = [spots(h, r, ev) for (h, r), ev in zip(pairs, evs)]
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
