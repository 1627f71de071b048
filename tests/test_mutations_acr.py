"""The mutation suite (tests/mutations.py) on ACR hands: every kind of fault planted in hands read by
the ACR reader is named by the validator, judged by the ``acr`` profile.

Seeds: every hand of the real ACR corpus (``fpdb/Winning``, both formats), and simulated hands dealt
under the ``acr`` profile, written as ACR text by the writer and parsed back (so each seed is what the
ACR reader makes of a hand, not the simulator's own record): the first 20 of each game and every one
that reaches a showdown or a capped street. The real corpus is small (six hands, no capped street, one
split), so the written hands are what makes every fault kind plantable.

Run with ``-s`` to see how many mutants of each kind were generated and caught, per seed source.
"""

from __future__ import annotations

import io

import pytest
from conftest import corpus_path
from mutations import OPERATORS, Outcome, run_mutants, table
from studbook.engine.model import Game, Hand, Marker, Show
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.validate import validate
from studbook.parsers import parse_file, parse_text
from studbook.parsers.acr_writer import write_acr_file

WRITTEN_PER_GAME = 300
SEED = 7


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Winning")
    return [h for p in sorted(folder.glob("*.txt")) for h in parse_file(p) if isinstance(h, Hand)]


SITE_GAMES = (Game.STUD, Game.STUD8, Game.RAZZ)
"""The games ACR deals, which its writer writes (Five Card Stud and 2-7 Razz are not among them)."""


def written_seeds() -> list[Hand]:
    seeds: list[Hand] = []
    for game in SITE_GAMES:
        dealt = list(simulate(TableSpec(games=(game,), players=(2, 8), profile="acr"), WRITTEN_PER_GAME, SEED))
        text = io.StringIO()
        write_acr_file(dealt, text)
        parsed = [h for h in parse_text(text.getvalue(), f"acr-{game.value}.txt") if isinstance(h, Hand)]
        assert len(parsed) == len(dealt)
        seeds += [
            h
            for k, (h, sim) in enumerate(zip(parsed, dealt))
            if k < 20
            or sum(isinstance(e, Show) for e in h.events) >= 2
            or any(isinstance(e, Marker) and e.kind == "capped" for e in sim.events)
        ]
    return seeds


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants({"corpus": corpus_seeds(), "simulated": written_seeds()})
    print("\n" + table(result))
    return result


def test_seeds_are_acr_hands_and_start_clean() -> None:
    """A planted fault must not hide behind one the seed already had."""
    seeds = corpus_seeds() + written_seeds()
    assert {h.site for h in seeds} == {"acr"} and {h.game for h in seeds} == set(SITE_GAMES)
    for hand in seeds:
        assert validate(hand) == [], (hand.source_file, hand.site_hand_id)


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(n for (k, _), n in outcome.generated.items() if k == kind) > 0, f"no ACR seed allows {kind!r}"


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    shown = "\n".join(missed[:15])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught by the expected rule:\n{shown}"
