"""The mutation suite (tests/mutations.py) on Absolute hands: every kind of planted fault must be caught.

Seeds: the corpus's one Absolute hand and simulated hands of the three games written in Absolute's format
and read back (pockets with unknown cards, no uncalled-bet line). What counts as caught:
tests/site_mutations.py; Absolute prints its total and its rake, so nothing is set apart.
"""

from __future__ import annotations

import pytest
from conftest import corpus_path
from site_mutations import said_so, unprintable, written_seeds
from studbook.engine.model import Game, Hand
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.absolute_writer import write_absolute_file
from mutations import OPERATORS, SOURCES, Outcome, run_mutants, table


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Absolute")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def simulated_seeds() -> list[Hand]:
    return written_seeds(write_absolute_file, (Game.STUD, Game.STUD8, Game.RAZZ), "absolute")


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
def test_nothing_is_set_apart(outcome: Outcome) -> None:
    assert not outcome.excluded


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no Absolute seed allows {kind!r}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
