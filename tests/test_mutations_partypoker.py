"""The mutation suite (tests/mutations.py) on PartyPoker hands: every kind of planted fault must be caught.

Seeds: the corpus's four PartyPoker hands and simulated hands of stud, stud8 and razz written by the
PartyPoker writer and read back (owner-only deals: everyone else's up cards come from the showdown or not
at all; no total, no rake, no uncalled-bet line). What counts as caught: tests/site_mutations.py.
PartyPoker prints nobody's up cards but the owner's and the showdown's, so the faults the up cards decide
(who brings in, who acts first, the double bet) are set apart when a player's up card is unknown, and
so is a chip more collected from a pot whose rake is not printed.
"""

from __future__ import annotations

import pytest
from conftest import corpus_path
from mutations import OPERATORS, SOURCES, Mutant, Outcome, run_mutants, table
from site_mutations import CARDS_DECIDE, said_so, unprintable, written_seeds
from studbook.engine.model import Deal, Game, Hand
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.partypoker_writer import write_partypoker_file


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "PartyPoker")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def simulated_seeds() -> list[Hand]:
    return written_seeds(write_partypoker_file, (Game.STUD, Game.STUD8, Game.RAZZ), "partypoker", per_game=100)


def party_unprintable(mutant: Mutant) -> str | None:
    """Why no reader of PartyPoker's text could catch ``mutant``, or None."""
    if mutant.kind in CARDS_DECIDE and any(c is None for e in mutant.hand.events if isinstance(e, Deal) for c in e.up):
        return "an up card the site did not print: who brings in, acts first or may double-bet is unknown"
    return unprintable(mutant)


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants(
        {"corpus": corpus_seeds(), "handbuilt": [], "simulated": simulated_seeds()}, said_so, party_unprintable
    )
    print("\n" + table(result) + f"\nexcluded: {dict(result.excluded)}")
    return result


def test_seeds_are_legal() -> None:
    for hand in corpus_seeds() + simulated_seeds():
        assert validate(hand) == [], (hand.source_file, hand.site_hand_id)


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])


def test_only_what_the_text_cannot_tell_is_set_apart(outcome: Outcome) -> None:
    assert {kind for kind, _ in outcome.excluded} <= {"collected more than the pot", *CARDS_DECIDE}


NOT_IN_THE_TEXT = frozenset({"changed total pot", "changed rake"})
"""PartyPoker prints no total pot and no rake: there is none to change."""


@pytest.mark.parametrize("kind", [k for k in OPERATORS if k not in NOT_IN_THE_TEXT])
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no PartyPoker seed allows {kind!r}"
