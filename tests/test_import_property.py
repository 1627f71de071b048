"""Property: importing any set of simulated files — any seeds, games, table sizes, cash or tournament,
the same run written twice — stores every hand once and loses none.

Issue 13 found that two simulations sharing a seed shared hand ids, so the import kept one hand of
each pair and called the other a duplicate. Here every distinct run's hands must all be stored, a run
written twice must come back as duplicates of itself, and nothing may be a conflict or a problem."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studbook.analytics.store import open_store
from studbook.engine.model import Game
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers.registry import SITES_BY_ID, get_profile
from studbook.pipeline.importer import run_import

GAMES = [(Game.STUD,), (Game.STUD8,), (Game.RAZZ,), (Game.RAZZ, Game.STUD, Game.STUD8)]

runs = st.tuples(
    st.one_of(st.integers(0, 3), st.integers(0, 2**32 - 1)),  # seed: often the same one, as in the issue
    st.sampled_from(GAMES),
    st.sampled_from([(2, 8), (8, 8), (2, 3)]),  # players
    st.booleans(),  # tournament
    st.integers(1, 25),  # hands
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(runs, min_size=1, max_size=4), st.data())
def test_importing_any_simulated_files_stores_every_hand(chosen: list[tuple], data: st.DataObject) -> None:
    if data.draw(st.booleans(), label="the first run again, maybe longer"):
        seed, games, players, tournament, hands = chosen[0]
        chosen = chosen + [(seed, games, players, tournament, data.draw(st.integers(hands, 30), label="hands"))]
    longest: dict[tuple, int] = {}  # each distinct table and seed: the most hands any of its runs dealt
    written = skipped = 0
    seen: set[bytes] = set()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i, (seed, games, players, tournament, hands) in enumerate(chosen):
            spec = TableSpec(
                games=games,
                players=players,
                tournament=TournamentSpec() if tournament else None,
                profile=get_profile("pokerstars"),
            )
            dealt = list(simulate(spec, hands, seed))
            longest[(spec, seed)] = max(longest.get((spec, seed), 0), len(dealt))
            path = folder / f"run{i}.txt"
            with path.open("w", encoding="utf-8") as f:
                SITES_BY_ID["pokerstars"].write_file(dealt, f)
            content = path.read_bytes()
            written += len(dealt)
            skipped += len(dealt) if content in seen else 0  # the same bytes: skipped by checksum
            seen.add(content)
        with open_store(":memory:") as store:
            summary = run_import([folder], store)
            stored = store.con.execute("SELECT count(*) FROM hands").fetchone()
    assert summary.reports == []
    assert (summary.hands, summary.conflicts) == (sum(longest.values()), 0)
    assert stored == (summary.hands,)
    assert summary.hands + summary.duplicates == written - skipped, "a hand dealt again is a true duplicate"
