"""The mutation suite on Full Tilt hands: every kind of fault planted in the real Full Tilt hands of the
corpus (``fpdb/FTP``, judged by the measured ``fulltilt`` profile) and in simulated hands written by the
Full Tilt writer and parsed back, and every one caught by the rule it breaks.

Why both: the 52 real hands show Full Tilt's own shapes (completions, an ante given back, a mid-hand
all-in show, pots listed before rake) but few capped streets or splits; the written hands bring those,
read through the Full Tilt parser. Run with ``-s`` to see the counts per kind and source.
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from conftest import corpus_path
from mutations import OPERATORS, Outcome, run_mutants
from studbook.engine.model import Action, ActionKind, Game, Hand, Show
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.validate import validate
from studbook.parsers import parse_file, parse_text
from studbook.parsers.fulltilt_writer import write_fulltilt_file

SOURCES = ("corpus", "written")
WRITTEN_PER_GAME = 300
SEED = 5


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "FTP")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


def _interesting(hand: Hand, k: int) -> bool:
    """The first 10 hands of a game, and every showdown or street of four bets (the rest fold early and
    would add near-identical 3rd-street mutants)."""
    bets = Counter(
        e.street
        for e in hand.events
        if isinstance(e, Action) and e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    )
    return k < 10 or sum(isinstance(e, Show) for e in hand.events) >= 2 or max(bets.values(), default=0) >= 4


SITE_GAMES = (Game.STUD, Game.STUD8, Game.RAZZ)
"""The games the Full Tilt writer and reader handle (the reader skips its Five Card Stud for now)."""


def written_seeds() -> list[Hand]:
    """Simulated hands (fulltilt profile) through the Full Tilt writer and parser."""
    out = io.StringIO()
    write_fulltilt_file(
        (
            h
            for game in SITE_GAMES
            for k, h in enumerate(
                simulate(TableSpec(games=(game,), players=(2, 8), profile="fulltilt"), WRITTEN_PER_GAME, SEED)
            )
            if _interesting(h, k)
        ),
        out,
    )
    hands = [h for h in parse_text(out.getvalue(), "written.txt") if isinstance(h, Hand)]
    assert all(h.site == "fulltilt" for h in hands)
    return hands


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants({"corpus": corpus_seeds(), "written": written_seeds()})
    rows = [
        f"{kind:<46}" + "".join(f"{result.generated[kind, s]:>10}{result.caught[kind, s]:>8}" for s in SOURCES)
        for kind in OPERATORS
    ]
    print("\n" + "\n".join(rows) + f"\nseeds: {dict(result.seeds)}")
    return result


def test_seeds_are_clean_full_tilt_hands() -> None:
    """A planted fault must not hide behind one already there."""
    for hand in corpus_seeds() + written_seeds():
        assert hand.site == "fulltilt"
        assert validate(hand) == [], (hand.source_file, hand.site_hand_id)


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated_on_full_tilt_hands(outcome: Outcome, kind: str) -> None:
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no Full Tilt seed allows {kind!r}"


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_of_a_full_tilt_hand_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])


def test_the_real_hands_give_mutants_of_most_kinds(outcome: Outcome) -> None:
    """The corpus alone plants most kinds (the written hands only fill in what it lacks)."""
    assert sum(1 for kind in OPERATORS if outcome.generated[kind, "corpus"]) >= len(OPERATORS) - 3
