"""The mutation suite (issue #3, "Must show"): plant every kind of fault in real hands and demand that
the validator names each one.

Seeds are every stud-family hand of the real PokerStars corpus (``fpdb/Stars``) except the three
synthetic fixtures, plus the hand-written scripts of ``stud_scripts.py`` (transcribed real hands with
a capped street, a double bet, a split and a side pot) and two three-way stud8 showdowns written here and seeded simulated hands of each game (legal
under the PokerStars profile by construction), so that no fault kind depends on the corpus happening
to contain its situation: the corpus has only a few capped streets and splits. Each operator of
:mod:`mutations` yields every place its fault can be planted; a mutant is *caught* when validation
reports one of its expected rule ids (at the line the operator names, where it names one) more often
than on the untouched seed.

Run with ``-s`` to see how many mutants of each kind were generated and caught, per seed source.
"""

from __future__ import annotations

from collections import Counter

import pytest

from studbook.engine.model import Game, Hand, Marker, Show
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.validate import RULES, validate
from studbook.parsers import parse_file
from studbook.parsers.registry import get_profile, profile_for

import stud_scripts
from conftest import corpus_path
from handbuilder import build
from mutations import OPERATORS, SOURCES, Outcome, run_mutants, table

SYNTHETIC = frozenset({"7stud.txt", "razz.txt", "horse.txt"})
"""Invented fixtures in the corpus (see its MANIFEST): they break the rules on purpose, so they are
not seeds."""

STUD8_QUARTERED = """
stud8 4/8 ante 1 bring-in 2 total 33 rake 2
seat 1 Ann 200
seat 2 Bob 200
seat 3 Cid 200
antes
3rd 1:Kd Ks Kc 2:Ah 3h 2d 3:Ac 3d 2s
2 bring-in 2
3 call 2
1 call 2
4th 1:9h 2:4s 3:4d
1 check
2 check
3 check
5th 1:Qs 2:6c 3:6s
1 bet 8
2 call 8
3 call 8
6th 1:Jd 2:Qh 3:Qd
1 check
2 check
3 check
7th 1:Ts 2:Jh 3:9c
1 check
2 check
3 check
show 1 Kd Ks Kc 9h Qs Jd Ts
show 2 Ah 3h 2d 4s 6c Qh Jh
show 3 Ac 3d 2s 4d 6s Qd 9c
collect 1 16
collect 2 8
collect 3 7
"""
"""Three-way stud8 showdown: a straight takes the high half, two equal 6-4-3-2-A lows quarter the
pot, and the odd chip of the low half goes to the first seat."""

STUD8_NO_LOW = """
stud8 4/8 ante 1 bring-in 2 total 33 rake 2
seat 1 Ann 200
seat 2 Bob 200
seat 3 Cid 200
antes
3rd 1:Kd Ks Kc 2:Ah Th 2d 3:Ac 9d 3c
2 bring-in 2
3 call 2
1 call 2
4th 1:9h 2:Tc 3:8d
1 check
2 check
3 check
5th 1:Qs 2:9s 3:Td
1 bet 8
2 call 8
3 call 8
6th 1:Jd 2:Jh 3:Qd
1 check
2 check
3 check
7th 1:Ts 2:Qh 3:Jc
1 check
2 check
3 check
show 1 Kd Ks Kc 9h Qs Jd Ts
show 2 Ah Th 2d Tc 9s Jh Qh
show 3 Ac 9d 3c 8d Td Qd Jc
marker no-low
collect 1 31
"""
"""Three-way stud8 showdown where nobody has five cards of 8 or lower: the straight scoops."""

HANDBUILT = {
    "STUD8_SPLIT": stud_scripts.STUD8_SPLIT,
    "STUD_DOUBLE_BET": stud_scripts.STUD_DOUBLE_BET,
    "STUD_CAPPED": stud_scripts.STUD_CAPPED,
    "STUD_SIDE_POT": stud_scripts.STUD_SIDE_POT,
    "STUD8_QUARTERED": STUD8_QUARTERED,
    "STUD8_NO_LOW": STUD8_NO_LOW,
    "FTP_STUD5": stud_scripts.FTP_STUD5,
    "IPOKER_STUD5": stud_scripts.IPOKER_STUD5,
    "KINGSCLUB_RAZZ27_SIDE_POT": stud_scripts.KINGSCLUB_RAZZ27_SIDE_POT,
}

SIMULATED_PER_GAME = 300
SIMULATION_SEED = 3
"""Simulated hands dealt per game; the seeds are the first 20 of each game plus every one that reaches
a showdown or a capped street (realistic players fold most hands early, and the rest would add
thousands of near-identical 3rd-street mutants)."""


def corpus_seeds() -> list[Hand]:
    folder = corpus_path("fpdb", "Stars")
    files = sorted(p for p in folder.glob("*.txt") if p.name not in SYNTHETIC)
    return [h for p in files for h in parse_file(p) if isinstance(h, Hand)]


def handbuilt_seeds() -> list[Hand]:
    return [build(script, source_file=name) for name, script in HANDBUILT.items()]


def simulated_seeds() -> list[Hand]:
    return [
        h
        for game in Game
        for k, h in enumerate(
            simulate(
                TableSpec(
                    games=(game,), players=(2, 10 if game is Game.STUD5 else 8), profile=get_profile("pokerstars")
                ),
                SIMULATED_PER_GAME,
                SIMULATION_SEED,
            )
        )
        if k < 20
        or sum(isinstance(e, Show) for e in h.events) >= 2
        or any(isinstance(e, Marker) and e.kind == "capped" for e in h.events)
    ]


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants({"corpus": corpus_seeds(), "handbuilt": handbuilt_seeds(), "simulated": simulated_seeds()})
    print("\n" + table(result))
    return result


def test_corpus_seeds_cover_all_three_games() -> None:
    games = Counter(h.game for h in corpus_seeds())
    assert len(games) == 3 and min(games.values()) >= 10, games


def test_handbuilt_and_simulated_seeds_are_legal() -> None:
    """These seeds must start clean, or a planted fault could hide behind an existing one."""
    for hand in handbuilt_seeds() + simulated_seeds():
        assert validate(hand, profile_for(hand)) == [], (hand.source_file, hand.site_hand_id)


def test_expected_rules_are_documented_ids() -> None:
    """A mutant may only expect a stable, documented rule id (a typo would make it uncatchable)."""
    for seed in handbuilt_seeds():
        for operator in OPERATORS.values():
            for mutant in operator(seed):
                assert mutant.expected <= set(RULES), mutant.expected - set(RULES)


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    """Every fault kind is planted somewhere: a kind with no mutants would pass without testing."""
    assert sum(outcome.generated[kind, s] for s in SOURCES) > 0, f"no seed hand allows {kind!r}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    shown = "\n".join(missed[:15])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught by the expected rule:\n{shown}"
