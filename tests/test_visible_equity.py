"""Equity against what was showing: three hand-built 3rd-street spots whose sampled equity must hold the exact
equity, enumerated here by methods of the test's own (razz over rank multisets with a low evaluator written
below; Five Card Stud over every deal by inclusion and exclusion), within the estimate's interval; and a
spot's opponents and dead cards read from a hand."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb, prod

import numpy as np
import pytest

from studbook.analytics.equity import hand_seed
from studbook.analytics.spots import spots
from studbook.analytics.visible_equity import showing_equity, spot_equity
from studbook.engine.cards import DECK, parse_cards
from studbook.engine.evaluate import high_values
from studbook.engine.model import Game
from studbook.engine.replay import replay
from studbook.parsers.registry import profile_for
from handbuilder import build

Z = 3.0
"""The test's interval: three standard errors (99.7%), fixed before the estimates were seen; the seeds
make each estimate the same on every run, so a pass is not luck that could change."""

SAMPLES = 40_000


# ----------------------------------------------------------------------------- razz, by rank multisets


@cache
def _razz_key(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The best five-card razz low of seven ranks (ace 1 .. king 13), as a key where lower is better: the
    count pattern of the five (no pair, one pair, two pair ... in that order), then the ranks by count
    and rank, highest first; the least key over every five of the seven."""
    best = None
    for five in combinations(ranks, 5):
        counts = Counter(five)
        key = (
            tuple(sorted(counts.values(), reverse=True)),
            tuple(sorted(counts, key=lambda r: (-counts[r], -r))),
        )
        best = key if best is None or key < best else best
    assert best is not None
    return best


def razz_key(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`_razz_key` of the ranks in any order (kept per sorted ranks: many deals share them)."""
    return _razz_key(tuple(sorted(ranks)))


def multisets(size: int, available: list[int]) -> list[tuple[int, ...]]:
    """Every way to take ``size`` cards by rank: a count per rank, at most ``available[r]`` of rank r."""
    out: list[tuple[int, ...]] = []

    def walk(r: int, left: int, counts: list[int]) -> None:
        if r == len(available):
            if left == 0:
                out.append(tuple(counts))
            return
        for k in range(min(left, available[r]) + 1):
            walk(r + 1, left - k, [*counts, k])

    walk(0, size, [])
    return out


def razz_exact(hero: str, door: str, dead: str) -> float:
    """The razz equity of ``hero`` (three cards) heads-up against ``door`` with two random down cards,
    every deal of the unseen cards to the two hands weighed by how many card deals give those ranks."""
    low = lambda c: 1 if c.rank == 12 else c.rank + 2  # noqa: E731 - ace 1 .. king 13
    used = [*parse_cards(hero), *parse_cards(door), *parse_cards(dead)]
    available = [4 - sum(1 for c in used if low(c) == r) for r in range(1, 14)]
    mine = tuple(low(c) for c in parse_cards(hero))
    theirs = (low(parse_cards(door)[0]),)
    expand = lambda counts: tuple(r + 1 for r, k in enumerate(counts) for _ in range(k))  # noqa: E731
    heroes = multisets(4, available)
    others = multisets(6, available)
    keys = sorted({razz_key(mine + expand(h)) for h in heroes} | {razz_key(theirs + expand(o)) for o in others})
    order = {k: i for i, k in enumerate(keys)}
    hero_value = np.array([order[razz_key(mine + expand(h))] for h in heroes])
    other_value = np.array([order[razz_key(theirs + expand(o))] for o in others])
    other_counts = np.array(others)
    choose = np.array([[comb(n, k) for k in range(7)] for n in range(5)], dtype=np.float64)
    won = total = 0.0
    for h, value in zip(heroes, hero_value):
        left = np.array(available) - np.array(h)
        weights = choose[left[None, :], other_counts].prod(axis=1) * prod(comb(a, k) for a, k in zip(available, h))
        total += weights.sum()
        won += weights[other_value > value].sum() + 0.5 * weights[other_value == value].sum()
    unseen = sum(available)
    assert total == comb(unseen, 4) * comb(unseen - 4, 6)  # every deal counted once
    return won / total


# --------------------------------------------------------- Five Card Stud, by inclusion and exclusion


def stud5_exact(hero: str, door: str, dead: str) -> float:
    """The Five Card Stud equity of ``hero`` (hole card and door) heads-up against ``door`` with a random
    hole card, over all C(49,3) x C(46,4) deals of the unseen cards (three to him, four to the other).

    For each of his three-card draws T, the other's four-card draws that beat him are those of all
    draws that do, less those sharing a card with T: by inclusion and exclusion, the draws containing
    each subset A of T, counted by one sorted array of (A, value) keys per size of A."""
    used = {*parse_cards(hero), *parse_cards(door), *parse_cards(dead)}
    unseen = [c for c in DECK if c not in used]
    n = len(unseen)
    fours = np.array(list(combinations(range(n), 4)))
    threes = np.array(list(combinations(range(n), 3)))
    cards = np.array([int(c) for c in unseen])
    theirs = high_values(np.hstack([np.full((len(fours), 1), int(parse_cards(door)[0])), cards[fours]]))
    mine_up = np.array([int(c) for c in parse_cards(hero)])
    mine = high_values(np.hstack([np.broadcast_to(mine_up, (len(threes), 2)), cards[threes]]))
    span = int(max(theirs.max(), mine.max())) + 2
    less = np.zeros(len(threes), dtype=np.int64)
    upto = np.zeros(len(threes), dtype=np.int64)
    disjoint = np.zeros(len(threes), dtype=np.int64)
    for size in range(4):
        subsets = list(combinations(range(4), size))
        ids = [
            sum(fours[:, p] * 64**i for i, p in enumerate(s)) if s else np.zeros(len(fours), np.int64) for s in subsets
        ]
        keys = np.sort(np.concatenate([i * span + theirs for i in ids]))
        sign = (-1) ** size
        for s in combinations(range(3), size):
            a = sum(threes[:, p] * 64**i for i, p in enumerate(s)) if s else np.zeros(len(threes), np.int64)
            base = np.searchsorted(keys, a * span)
            less += sign * (np.searchsorted(keys, a * span + mine) - base)
            upto += sign * (np.searchsorted(keys, a * span + mine + 1) - base)
            disjoint += sign * (np.searchsorted(keys, a * span + span) - base)
    assert (disjoint == comb(n - 3, 4)).all()  # the inclusion and exclusion counts each deal once
    return float((less + (upto - less) / 2).sum() / (len(threes) * comb(n - 3, 4)))


# ---------------------------------------------------------------------------------------- the spots

SPOTS = [
    # game, his cards, the door he faces, dead doors (players who folded), exact method (the razz
    # enumerations take ~5 s of CPU each: slow)
    pytest.param("razz", "Ac 2d 5h", "3c", "Kd 4s", razz_exact, marks=pytest.mark.slow),
    pytest.param("razz", "4c 8d 7h", "Ad", "3h 6s 2d", razz_exact, marks=pytest.mark.slow),
    ("stud5", "Kc Kd", "Ah", "Ad 7s", stud5_exact),
]


@pytest.mark.parametrize(("game", "hero", "door", "dead", "exact"), SPOTS)
def test_sampled_equity_holds_the_exact_one(game: str, hero: str, door: str, dead: str, exact) -> None:  # type: ignore[no-untyped-def]
    truth = exact(hero, door, dead)
    found = showing_equity(
        Game(game), parse_cards(hero), [parse_cards(door)], parse_cards(dead), samples=SAMPLES, seed=7
    )
    assert not found.exact and found.outcomes == SAMPLES
    assert 0 < found.stderr < 0.5 / SAMPLES**0.5 + 1e-12
    low, high = found.interval(Z)
    assert low <= truth <= high, (truth, found)


def test_the_razz_enumeration_knows_a_made_hand() -> None:
    """The test's own razz evaluator: a wheel beats a pair, a pair beats two pair, lower beats higher."""
    assert razz_key((1, 2, 3, 4, 5, 13, 13)) < razz_key((1, 2, 3, 4, 6, 7, 8))
    assert razz_key((1, 1, 2, 3, 4, 13, 13)) < razz_key((1, 1, 2, 2, 9, 9, 13))
    assert razz_key((2, 3, 4, 5, 8, 8, 8)) > razz_key((2, 3, 4, 5, 7, 8, 8))


def test_dead_cards_change_the_equity() -> None:
    """Split tens against a king: with the other two tens folded their chance of trips is gone and the
    estimate (same seed) must fall well below the one with two blanks folded instead."""
    tens, king = parse_cards("Th Js Tc"), [parse_cards("Kd")]
    blanks = showing_equity(Game.STUD, tens, king, parse_cards("2s 3d"), samples=SAMPLES, seed=3)
    dead = showing_equity(Game.STUD, tens, king, parse_cards("Ts Td"), samples=SAMPLES, seed=3)
    assert dead.equity < blanks.equity - 3 * (blanks.stderr + dead.stderr)


def test_eight_players_share_a_community_card() -> None:
    """Eight seven-card hands need 56 cards: the rules deal the last as one community card, and so does
    the valuation (it would otherwise run out of cards)."""
    found = showing_equity(
        Game.STUD, parse_cards("Ac Ad 3h"), [parse_cards(d) for d in "Kc 7d 9s Qh 4c 5d Jc".split()], samples=2_000
    )
    assert 1 / 8 < found.equity < 1 and found.opponents == 7


def test_spot_equity_faces_the_players_still_in() -> None:
    """Cy folds before Ann's decision: his door is dead and he is no opponent; Bob and Di are."""
    hand = build(
        """stud 4/8 ante 1 bring-in 2
seat 1 Ann 1000
seat 2 Bob 1000
seat 3 Cy 1000
seat 4 Di 1000
antes
3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? Ts 4:?? ?? Kd
2 bring-in 2
3 fold
4 call 2
1 complete to 4
2 fold
4 fold
uncalled 1 2
collect 1 10
"""
    )
    result = replay(hand, profile_for(hand))
    (spot,) = spots(hand, result)
    found = spot_equity(hand, result, spot, samples=4_000)
    assert found.opponents == 2 and found.dead == tuple(parse_cards("Ts"))
    again = showing_equity(
        Game.STUD,
        spot.cards,
        [parse_cards("2c"), parse_cards("Kd")],
        parse_cards("Ts"),
        samples=4_000,
        seed=hand_seed(hand) + spot.seat,
    )
    assert (again.equity, again.stderr) == (found.equity, found.stderr)
    assert spot_equity(hand, result, spot, samples=4_000) == found  # seeded by the hand: the same each time


def test_no_opponent_is_refused() -> None:
    with pytest.raises(ValueError, match="no opponent"):
        showing_equity(Game.STUD, parse_cards("Ac Ad 3h"), [])
