"""The mutation suite (tests/mutations.py) on Everleaf hands: every kind of planted fault must be caught.

Seeds: every hand of the real Everleaf corpus, and simulated hands of the three games written in Everleaf's
format and read back (no uncalled-bet line, no total, no rake, opponents' cards unprinted). What counts as
caught: tests/site_mutations.py. Everleaf prints no total pot and no rake, so the two faults planted in
those lines have nowhere to be planted: they are the kinds this site's text cannot carry.
"""

from __future__ import annotations

import pytest
from conftest import corpus_path
from site_mutations import CARDS_DECIDE, said_so, unprintable, written_seeds
from studbook.engine.model import Game, Hand
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.everleaf_writer import write_everleaf_file
from mutations import OPERATORS, SOURCES, Outcome, run_mutants, table

NOT_IN_THE_TEXT = {"changed total pot": "Everleaf prints no total pot", "changed rake": "Everleaf prints no rake"}


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Everleaf")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def simulated_seeds() -> list[Hand]:
    return written_seeds(write_everleaf_file, (Game.STUD, Game.STUD8, Game.RAZZ), "everleaf")


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
def test_exclusions_are_the_unraked_chips_and_the_card_less_export(outcome: Outcome) -> None:
    """Everleaf prints no rake, so every raked hand hides a chip collected beyond the pot; the 19 hands
    of the 2011-07 export print no card, so the order and double-bet faults planted in them are set
    apart. Every other mutant is generated and must be caught."""
    kinds = {kind for kind, _ in outcome.excluded}
    assert kinds <= {"collected more than the pot", *CARDS_DECIDE}
    assert outcome.generated["action out of turn", "corpus"] > 0  # the 2011-08 hands print door cards


@pytest.mark.slow
@pytest.mark.parametrize("kind", [k for k in OPERATORS if k not in NOT_IN_THE_TEXT])
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no Everleaf seed allows {kind!r}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(NOT_IN_THE_TEXT))
def test_kinds_the_text_cannot_carry_are_never_planted(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) == 0, NOT_IN_THE_TEXT[kind]


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
