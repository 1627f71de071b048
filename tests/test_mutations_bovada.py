"""The mutation suite (tests/mutations.py) on Bovada hands: every kind of planted fault must be caught.

Seeds: every hand of the real Bovada corpus, and simulated stud and stud8 hands written in Bovada's format
and read back (anonymous seats, inferred stakes, no betting notes); they supply what the 46 real hands
lack (stud8 showdowns with a low, capped streets). What counts as caught: tests/site_mutations.py.
"""

from __future__ import annotations

import pytest
from conftest import corpus_path
from site_mutations import said_so, unprintable, written_seeds
from studbook.engine.model import Game, Hand
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.bovada_writer import write_bovada_file
from mutations import OPERATORS, SOURCES, Outcome, run_mutants, table


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Bovada")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def simulated_seeds() -> list[Hand]:
    return written_seeds(write_bovada_file, (Game.STUD, Game.STUD8), "bovada")


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants(
        {"corpus": corpus_seeds(), "handbuilt": [], "simulated": simulated_seeds()}, said_so, unprintable
    )
    print("\n" + table(result) + f"\nexcluded: {dict(result.excluded)}")
    return result


def test_seeds_are_legal() -> None:
    for hand in corpus_seeds() + simulated_seeds():
        assert validate(hand) == [], (hand.source_file, hand.site_hand_id)


@pytest.mark.slow
def test_only_the_cash_hand_without_a_rake_line_hides_an_extra_chip(outcome: Outcome) -> None:
    """The one exclusion covers the two collections of hand 2844383701 ($150 printed, $147 paid, no rake
    line) and nothing else: tournament hands pay the whole pot, so a chip more is caught there."""
    assert dict(outcome.excluded) == {("collected more than the pot", "corpus"): 2}


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no Bovada seed allows {kind!r}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
