"""The mutation suite (tests/mutations.py) on Winamax hands: every kind of planted fault must be caught.

Seeds: the corpus's five Winamax hands (one of them play money without deal lines) and simulated hands of
stud, stud8 and razz written in Winamax's format and read back (the uncalled bet inside ``collected``).
What counts as caught: tests/site_mutations.py; Winamax prints its total and its rake, so only the
turn-order faults of the card-less play-money hand are set apart.
"""

from __future__ import annotations

import pytest
from conftest import corpus_path
from mutations import OPERATORS
from site_mutations import said_so, unprintable, written_seeds
from studbook.engine.model import Game, Hand
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.winamax_writer import write_winamax_file
from mutations import SOURCES, Outcome, run_mutants, table


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Winamax")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def simulated_seeds() -> list[Hand]:
    return written_seeds(write_winamax_file, (Game.STUD, Game.STUD8, Game.RAZZ), "winamax", currency="EUR")


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


def test_only_the_cardless_hand_is_set_apart(outcome: Outcome) -> None:
    """The play-money export prints no card at all, so who must bring in or act first in it cannot be
    told: the turn-order faults planted in that one corpus hand are set apart (site_mutations.unprintable);
    the euro hands print door cards, and every mutant planted in them is caught."""
    assert set(outcome.excluded) <= {("bring-in by the wrong player", "corpus"), ("action out of turn", "corpus")}
    assert outcome.generated["action out of turn", "corpus"] > outcome.excluded["action out of turn", "corpus"]


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no Winamax seed allows {kind!r}"


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
