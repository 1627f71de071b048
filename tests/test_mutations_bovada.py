"""The mutation suite (tests/mutations.py) on Bovada hands: every kind of planted fault must be caught.

Seeds: every hand of the real Bovada corpus, and simulated hands written in Bovada's format by its
writer and parsed back by its reader (so the faults are planted in hands as the Bovada reader gives
them: anonymous seats, inferred stakes, no betting notes). The simulated seeds supply what the 46 real
hands lack (stud8 showdowns with a low, capped streets in every game Bovada deals).
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from conftest import corpus_path
from mutations import OPERATORS, Mutant
from studbook.engine.model import CommunityCard, Game, Hand, Violation
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.validate import validate
from studbook.parsers import parse_file, parse_text
from studbook.parsers.bovada_writer import write_bovada_file
from test_mutations import SOURCES, Outcome, is_caught, run_mutants, table

SIMULATED_PER_GAME = 200


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Bovada")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def written_seeds() -> list[Hand]:
    """Simulated stud and stud8 hands, written as Bovada text and read back: the first 15 of each game
    and every one that reaches a showdown of two or more."""
    hands = []
    for game in (Game.STUD, Game.STUD8):
        simulated = [h for h in simulate(TableSpec(games=(game,), players=(2, 8)), SIMULATED_PER_GAME, 5)
                     if not any(isinstance(e, CommunityCard) for e in h.events)]
        text = io.StringIO()
        write_bovada_file(simulated, text)
        parsed = [h for h in parse_text(text.getvalue(), "written.txt") if isinstance(h, Hand)]
        assert len(parsed) == len(simulated)
        hands += [h for k, h in enumerate(parsed) if k < 15 or sum(
            type(e).__name__ == "Show" for e in h.events) >= 2]
    return hands


def said_so(mutant: Mutant, got: list[Violation], before: Counter[str]) -> bool:
    """Caught as the kit counts it, or — for a wrong bet size in a hand whose stakes Bovada does not
    print and whose own bets never show the size needed there — reported as unjudged at that line:
    the engine says it cannot judge instead of guessing, which is what such a hand allows."""
    if is_caught(mutant, got, before):
        return True
    if "bet.size" not in mutant.expected or not mutant.hand.stakes_inferred:
        return False
    return any(u.line == mutant.line for u in replay(mutant.hand).unjudged)


def unprintable(mutant: Mutant) -> str | None:
    """A chip collected beyond the pot in a hand that prints no rake is read as a chip less rake: the
    text is then a consistent hand (hand 2844383701), so no reader of it could tell."""
    if mutant.kind == "collected more than the pot" and mutant.hand.rake is None and replay(mutant.hand).rake > 0:
        return "a chip more collected is a chip less of a rake nobody printed"
    return None


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants({"corpus": corpus_seeds(), "handbuilt": [], "simulated": written_seeds()},
                         said_so, unprintable)
    print("\n" + table(result))
    print(f"excluded: {dict(result.excluded)}")
    return result


def test_only_the_unraked_total_hand_hides_an_extra_chip(outcome: Outcome) -> None:
    """The exclusion above covers the 2014 cash hand's two collections and nothing else."""
    assert dict(outcome.excluded) == {("collected more than the pot", "corpus"): 2}


def test_seeds_are_legal() -> None:
    for hand in corpus_seeds() + written_seeds():
        assert validate(hand) == [], (hand.source_file, hand.site_hand_id)


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no Bovada seed allows {kind!r}"


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
