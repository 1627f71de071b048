"""Fuzzing the whole import: thousands of mutated corpus and sample hands, and what must hold for each.

Whatever a file contains, the import must not raise, must not fail a file as a whole, must never
report an internal error, and must account for every hand of the file — stored, duplicate, non-stud,
conflict, or reported with its line — with the stored count equal to the summary's, and every hand read
either stored with findings, refused with its line, or read with the money of its seed hand (the oracle of
``fuzzing.check_batch``). The mutants are seeded, so a failure names files that can be made again:
rerun ``run_mutants`` with the same seed. ``benchmarks/fuzz_import.py`` runs the same oracle longer.
"""

from __future__ import annotations

from pathlib import Path

from conftest import CORPUS, SAMPLE_DATA
from fuzzing import Tally, default_sources, run_mutants

CI_MUTANTS = 2_000


def test_no_mutant_loses_a_hand_or_leaks_an_internal_error(tmp_path: Path) -> None:
    """Every promise of the oracle, over 2,000 mutants (sample files always; the corpus when present)."""
    tally = Tally()
    for batch in run_mutants(default_sources(SAMPLE_DATA, CORPUS), CI_MUTANTS, seed=13, workdir=tmp_path):
        tally.add(batch)
    print(f"\n{tally.mutants} mutants, hands read: {dict(tally.verdicts)}")
    assert tally.mutants >= CI_MUTANTS
    assert tally.failures == []
    # every way a hand read can end was reached, a hand kept with a line no rule knows among them
    for verdict in ("findings", "refused", "kept, lines no rule knows", "clean, chips as the seed's"):
        assert tally.verdicts[verdict] > 0, (verdict, tally.verdicts)
    # the mutants reached every outcome, so the oracle was exercised, not vacuous
    for outcome in ("stored", "duplicate", "reported:parse", "reported:conflict"):
        assert tally.hands[outcome] > 0, (outcome, tally.hands)
    assert set(tally.operators) >= {
        "delete",
        "duplicate",
        "swap",
        "move",
        "digit",
        "card",
        "huge",
        "date",
        "repeat",
        "truncate",
        "flip",
    }
