"""The mutation suite (tests/mutations.py) on OnGame hands: every kind of planted fault must be caught.

Seeds: the corpus's six OnGame hands and simulated hands of the three games written in OnGame's format
and read back (no uncalled-bet line, the showdown in the summary). What counts as caught:
tests/site_mutations.py; OnGame prints its pots and its rake, so nothing is set apart.
"""

from __future__ import annotations

import pytest
from conftest import corpus_path
from mutations import OPERATORS
from site_mutations import said_so, unprintable, written_seeds
from studbook.engine.model import Game, Hand
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.ongame_writer import write_ongame_file
from mutations import SOURCES, Outcome, run_mutants, table


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "OnGame")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def simulated_seeds() -> list[Hand]:
    return written_seeds(write_ongame_file, (Game.STUD, Game.STUD8, Game.RAZZ), "ongame")


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


def test_nothing_is_set_apart(outcome: Outcome) -> None:
    assert not outcome.excluded


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no OnGame seed allows {kind!r}"


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
