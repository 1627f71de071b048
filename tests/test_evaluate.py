"""The hand evaluators against a slow, obviously-correct reference written here.

The reference ranks every five-card subset with a straightforward if-chain and takes the best; the
evaluators under test use precomputed tables. Equivalence is checked as *order isomorphism*: sorting hands
by the reference and by the evaluator must agree, with ties exactly where the reference ties. That is
checked exhaustively over every rank pattern of one to five cards (every five-card hand class, flushes
included), and on hypothesis-drawn hands of up to eight cards biased towards the interesting cases
(few ranks for pairs and quads, few suits for flushes, low cards for eight-or-better).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studbook.engine.cards import parse_cards
from studbook.engine.games import RULES
from studbook.engine.evaluate import (
    describe_high,
    describe_low,
    high_board_value,
    high_value,
    high_values,
    low8_value,
    low8_values,
    low27_value,
    low27_values,
    razz_board_value,
    razz_value,
    razz_values,
)

ACE = 12
MISSING = 14  # a card a short hand does not have, on the ace-low scale: worse than a king


# ---------------------------------------------------------------------------------------- reference
def ref_high5(cards: Sequence[int]) -> tuple[int, ...]:
    """Poker rank of at most five cards: category (0 high card .. 8 straight flush), then tie-breakers."""
    ranks = [card >> 2 for card in cards]
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts)
    straight = None
    if len(distinct) == 5 and distinct[4] - distinct[0] == 4:
        straight = distinct[4]
    elif distinct == [0, 1, 2, 3, ACE]:
        straight = 3
    flush = len(cards) == 5 and len({card & 3 for card in cards}) == 1
    if straight is not None and flush:
        return (8, straight)
    if shape[0] == 4:
        return (7, *order)
    if shape[:2] == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *order)
    if straight is not None:
        return (4, straight)
    if shape[0] == 3:
        return (3, *order)
    if shape[:2] == [2, 2]:
        return (2, *order)
    return (1 if shape[0] == 2 else 0, *order)


def ref_high(cards: Sequence[int]) -> tuple[int, ...]:
    return max(ref_high5(five) for five in combinations(cards, min(5, len(cards))))


def ace_low(card: int) -> int:
    return 1 if card >> 2 == ACE else (card >> 2) + 2


LOW_SHAPES = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]


def ref_low5(cards: Sequence[int]) -> tuple[int, ...]:
    """A-5 lowball rank of at most five cards, *lower is better*: pair category, then the five ranks
    ordered by (copies, rank) from the top; each missing card is a single card worse than a king."""
    counts = Counter(ace_low(card) for card in cards)
    lows = [ace_low(card) for card in cards] + [MISSING] * (5 - len(cards))
    shape = tuple(sorted(counts.values(), reverse=True)) + (1,) * (5 - len(cards))
    return (LOW_SHAPES.index(shape), *sorted(lows, key=lambda low: (counts.get(low, 1), low), reverse=True))


def ref_razz(cards: Sequence[int]) -> tuple[int, ...]:
    return min(ref_low5(five) for five in combinations(cards, min(5, len(cards))))


def ref_low8(cards: Sequence[int]) -> tuple[int, ...] | None:
    qualifying = [
        ref_low5(five)
        for five in combinations(cards, 5)
        if len({ace_low(card) for card in five}) == 5 and max(ace_low(card) for card in five) <= 8
    ]
    return min(qualifying, default=None)


def assert_same_order(rows: list[tuple[Any, int, Sequence[int]]]) -> None:
    """``rows`` are (reference key, value, hand): sorted by key, values must rise exactly when keys do."""
    rows = sorted(rows, key=lambda row: row[0])
    for (key_a, value_a, hand_a), (key_b, value_b, hand_b) in zip(rows, rows[1:]):
        if key_a == key_b:
            assert value_a == value_b, f"{fmt(hand_a)} and {fmt(hand_b)} should tie"
        else:
            assert value_a < value_b, f"{fmt(hand_a)} should lose to {fmt(hand_b)}"


def fmt(cards: Sequence[int]) -> str:
    return " ".join("23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in cards)


def sign(x: Any, y: Any) -> int:
    return (x > y) - (x < y)


# ---------------------------------------------------------------------------------------- hand sets
def hand_classes(size: int, ranks_from: Sequence[int] = range(13)) -> list[list[int]]:
    """One hand per rank multiset of ``size`` cards, suited so no five share a suit, plus (for five cards)
    every set of five ranks in one suit: together every equivalence class of five-card hands."""
    hands = []
    for ranks in combinations_with_replacement(ranks_from, size):
        if max(Counter(ranks).values()) <= 4:
            # consecutive positions get consecutive suits: a rank's copies differ, no suit gets a third card
            hands.append([4 * rank + position % 4 for position, rank in enumerate(ranks)])
    if size == 5:
        hands += [[4 * rank + 2 for rank in ranks] for ranks in combinations(range(13), 5)]
    return hands


ALL_SMALL_HANDS = [hand for size in range(1, 6) for hand in hand_classes(size)]


@st.composite
def hands(draw: st.DrawFn, min_size: int = 1, max_size: int = 8) -> list[int]:
    """Distinct cards from a deck that is sometimes narrowed to a few ranks, a few suits or low cards."""
    ranks = draw(
        st.one_of(
            st.just(list(range(13))),
            st.lists(st.integers(0, 12), min_size=2, max_size=5, unique=True),
            st.just([ACE, 0, 1, 2, 3, 4, 5, 6]),  # ace to eight
        )
    )
    suits = draw(st.one_of(st.just([0, 1, 2, 3]), st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True)))
    deck = [4 * rank + suit for rank in ranks for suit in suits]
    if len(deck) < min_size:
        deck = list(range(52))
    size = draw(st.integers(min_size, min(max_size, len(deck))))
    return draw(st.permutations(deck))[:size]


# ------------------------------------------------------------------------------ against the reference
def test_high_orders_every_hand_class_of_up_to_five_cards() -> None:
    assert_same_order([(ref_high(hand), high_value(hand), hand) for hand in ALL_SMALL_HANDS])


def test_razz_orders_every_hand_class_of_up_to_five_cards() -> None:
    assert_same_order([(ref_razz(hand), -razz_value(hand), hand) for hand in ALL_SMALL_HANDS])


def test_low8_orders_every_five_card_hand_class() -> None:
    rows = []
    for hand in hand_classes(5):
        expected, value = ref_low8(hand), low8_value(hand)
        assert (expected is None) == (value is None), fmt(hand)
        if expected is not None:
            rows.append((expected, -value, hand))
    assert len(rows) == 2 * 56  # C(8, 5) sets of five distinct ranks from ace to eight, offsuit and suited
    assert_same_order(rows)


@pytest.mark.slow
def test_every_pattern_of_six_to_eight_cards_over_a_wheel() -> None:
    """All pair / trips / quads shapes of big hands (e.g. trips and two pairs: which pair fills the house),
    with the wheel among them, on the ranks A-2-3-4-5."""
    big = [hand for size in (6, 7, 8) for hand in hand_classes(size, (0, 1, 2, 3, ACE))]
    assert_same_order([(ref_high(hand), high_value(hand), hand) for hand in big])
    assert_same_order([(ref_razz(hand), -razz_value(hand), hand) for hand in big])


def test_big_hands_sorted_like_the_reference() -> None:
    """Many hands at once, so a consistent-but-wrong order (not just a wrong pair) would show."""
    rng = random.Random(20240503)
    sample = [rng.sample(range(52), rng.choice((6, 7, 7, 8))) for _ in range(500)]
    assert_same_order([(ref_high(hand), high_value(hand), hand) for hand in sample])
    assert_same_order([(ref_razz(hand), -razz_value(hand), hand) for hand in sample])


@settings(max_examples=200, deadline=None)
@given(hands(), hands())
def test_high_compares_like_the_reference(a: list[int], b: list[int]) -> None:
    assert sign(high_value(a), high_value(b)) == sign(ref_high(a), ref_high(b))


@settings(max_examples=200, deadline=None)
@given(hands(), hands())
def test_razz_compares_like_the_reference(a: list[int], b: list[int]) -> None:
    assert sign(razz_value(a), razz_value(b)) == sign(ref_razz(b), ref_razz(a))


@settings(max_examples=200, deadline=None)
@given(hands(5), hands(5))
def test_low8_compares_like_the_reference(a: list[int], b: list[int]) -> None:
    value_a, value_b = low8_value(a), low8_value(b)
    ref_a, ref_b = ref_low8(a), ref_low8(b)
    assert (value_a is None, value_b is None) == (ref_a is None, ref_b is None)
    if ref_a is not None and ref_b is not None:
        assert sign(value_a, value_b) == sign(ref_b, ref_a)


@settings(max_examples=200, deadline=None)
@given(hands(5))
def test_a_qualifying_low_is_the_razz_value_of_the_same_cards(hand: list[int]) -> None:
    """One scale for both lows: a qualifying low is exactly the hand's best A-5 low."""
    low = low8_value(hand)
    assert low is None or low == razz_value(hand)


@settings(max_examples=200, deadline=None)
@given(hands(1, 4), hands(1, 4))
def test_board_values_compare_like_the_reference(a: list[int], b: list[int]) -> None:
    assert sign(high_board_value(a), high_board_value(b)) == sign(ref_high(a), ref_high(b))
    assert sign(razz_board_value(a), razz_board_value(b)) == sign(ref_razz(b), ref_razz(a))


@settings(max_examples=100, deadline=None)
@given(hands())
def test_order_of_the_cards_does_not_matter(hand: list[int]) -> None:
    backwards = hand[::-1]
    assert high_value(hand) == high_value(backwards)
    assert razz_value(hand) == razz_value(backwards)
    assert low8_value(hand) == low8_value(iter(backwards))


# ------------------------------------------------------------------------------------------- named
def hv(text: str) -> int:
    return high_value(parse_cards(text))


def rv(text: str) -> int:
    return razz_value(parse_cards(text))


def lv(text: str) -> int | None:
    return low8_value(parse_cards(text))


def test_wheel_is_the_lowest_straight_and_steel_wheel_a_straight_flush() -> None:
    assert hv("3s 4d 5h Ac 2c") < hv("2d 3s 4d 5h 6c") < hv("7c 8d 9h Th Jh")
    assert hv("Kc Kd Kh 2c 3d") < hv("3s 4d 5h Ac 2c")
    assert describe_high(hv("3s 4d 5h Ac 2c Kd Kh")) == "a straight, Ace to Five"
    steel = hv("Ah 2h 3h 4h 5h")
    assert describe_high(steel) == "a straight flush, Ace to Five"
    assert hv("Kc Kd Kh Ks 2c") < steel < hv("2s 3s 4s 5s 6s")


def test_wheel_is_the_best_low_and_suits_do_not_hurt_it() -> None:
    wheel = lv("Ah 2h 3h 4h 5h")
    assert wheel is not None and wheel == lv("Ac 2d 3h 4s 5c") == rv("Ac 2d 3h 4s 5c")
    assert describe_low(wheel) == "5,4,3,2,A"
    assert all(rv(text) < wheel for text in ("6c 4d 3h 2s Ac", "Kc 9d 7s 5h 2c", "Ac Ad 2c 3c 4c"))


def test_eight_or_better_qualifier_boundary() -> None:
    worst = lv("8c 7d 6h 5s 4c")
    assert worst is not None and describe_low(worst) == "8,7,6,5,4"
    assert worst < lv("8c 7d 6h 5s 3c")
    assert lv("9c 7d 6h 5s 4c") is None
    assert lv("8c 8d 6h 5s 4c") is None  # only four distinct low ranks
    assert lv("Ac Ad 2c 2d 3c 3d 4h") is None
    assert lv("Kc Qd 8h 7s 6c 5d 4h") == worst  # the two high cards are simply not used


def test_low_compares_from_the_highest_card_down() -> None:
    assert lv("7c 6d 4h 3s 2c") > lv("7c 6d 5h 3s 2c") > lv("8c 4d 3h 2s Ac")
    assert describe_low(rv("Kc 7c 6d 5h 3s Ac Ad")) == "7,6,5,3,A"


def test_razz_pairs_are_bad_but_still_ranked() -> None:
    assert rv("Kc Qd Jh Ts 9c") > rv("Ac Ad 2c 3d 4h")  # any no-pair low beats a pair
    assert rv("Ac Ad 2c 3d 4h") > rv("Ac Ad 2c 2d 3h") > rv("Ac Ad Ah 2c 3d")  # pair > two pair > trips
    assert rv("2c 2d 5h 4s 3c") > rv("3c 3d 4h 2s Ac")  # the lower pair wins
    assert describe_low(rv("3c 3d 5h 4s")) == "3,3,5,4"  # PokerStars' wording for a four-card razz hand
    assert describe_low(rv("Kc Kd Kh 7s 7c 2d 2h")) == "7,7,2,2,K"


def test_razz_hands_of_fewer_cards_never_beat_the_same_cards_plus_one() -> None:
    assert rv("5c 3d 2h") < rv("5c 3d 2h 9s") < rv("5c 3d 2h 9s Kc")


def test_ties_are_equal_whatever_the_suits() -> None:
    assert hv("Ac Kd 9h 7s 3c 2d") == hv("Ad Kh 9s 7c 3d 2h")
    assert hv("Qc Qd 7h 7s 2c") == hv("Qh Qs 7c 7d 2s")
    assert rv("8c 6d 4h 3s 2c") == rv("8s 6h 4d 3c 2h")
    assert hv("Ah Kh Qh Jh 9h") == hv("As Ks Qs Js 9s")


def test_eight_cards_full_house_beats_a_flush_in_the_same_hand() -> None:
    value = hv("Ah Kh Qh 9h 2h Ad Ac Kd")
    assert describe_high(value) == "a full house, Aces full of Kings"
    assert describe_high(hv("Ah Kh Qh 9h 2h Ad Ac 3d")) == "a flush, Ace high"


def test_the_house_is_filled_with_the_highest_other_pair() -> None:
    assert describe_high(hv("Kc Kd Kh 9c 9d 5c 5d")) == "a full house, Kings full of Nines"
    assert describe_high(hv("5c 5d 5h 9c 9d 9h Kc Kd")) == "a full house, Nines full of Kings"


def test_hands_of_fewer_than_five_cards() -> None:
    assert hv("Ac Ad Ah As") > hv("Kc Kd Kh Qs") > hv("Kc Kd Qh Qs") > hv("Ac Ad Kh Qs") > hv("As Kd Qc Jh")
    assert hv("Ac Ad Kh") < hv("Ac Ad Kh 2s")  # a missing kicker ranks below a deuce
    assert describe_high(hv("9h 9c 3d")) == "a pair of Nines"
    assert hv("2c 3c 4c 5c") < hv("2d 2h")  # no straight or flush with four cards


def test_board_values() -> None:
    up = parse_cards
    assert high_board_value(up("Ac Kd")) < high_board_value(up("2c 2d"))
    assert high_board_value(up("2c 2d 3h 3s")) > high_board_value(up("Ac Ad Kd Qh"))
    assert high_board_value(up("Tc Jc Qc Kc")) < high_board_value(up("2c 2d 3h 4s"))
    assert high_board_value(up("Ah Kd")) == high_board_value(up("As Kc"))  # suits are the profile's job
    assert razz_board_value(up("Ac 2d")) > razz_board_value(up("2c 3d")) > razz_board_value(up("Kc Qd"))
    assert razz_board_value(up("Kc Qd")) > razz_board_value(up("2c 2d"))
    assert razz_board_value(up("7c 2d 3h")) > razz_board_value(up("7c 4d 3h"))


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("Ac Kd 9h 7s 3c", "high card Ace"),
        ("6c 6d 9h 7s 3c", "a pair of Sixes"),
        ("Qc Qd 7h 7s 2c 3d 4h", "two pair, Queens and Sevens"),
        ("Jc Jd Jh 7s 3c", "three of a kind, Jacks"),
        ("9c 8d 7h 6s 5c", "a straight, Five to Nine"),
        ("Ts Js Qd Kh Ac", "a straight, Ten to Ace"),
        ("Qh 9h 7h 4h 2h Kd", "a flush, Queen high"),
        ("5c 5d 5h As Ac", "a full house, Fives full of Aces"),
        ("Ac Ad Ah As 3c", "four of a kind, Aces"),
        ("9s Ts Js Qs Ks", "a straight flush, Nine to King"),
        ("Ts Js Qs Ks As 2s", "a Royal Flush"),
    ],
)
def test_describe_high(cards: str, words: str) -> None:
    assert describe_high(hv(cards)) == words


@settings(max_examples=200, deadline=None)
@given(hands(5, 5))
def test_describe_low_lists_the_five_cards(hand: list[int]) -> None:
    assert sorted(describe_low(razz_value(hand)).split(",")) == sorted("A23456789TJQK"[ace_low(c) - 1] for c in hand)


@pytest.mark.parametrize("value", [-1, 0, 1 << 30])
def test_describe_rejects_what_no_evaluator_returns(value: int) -> None:
    with pytest.raises(ValueError, match="not a"):
        describe_high(value)
    with pytest.raises(ValueError, match="not a"):
        describe_low(value)


# ------------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([], "1 to 8 cards, got 0"),
        (list(range(9)), "1 to 8 cards, got 9"),
        ([0, 5, 5], "same card appears twice"),
        ([0, 52], "int 0..51"),
        ([0, -1], "int 0..51"),
        ([0, "As"], "int 0..51"),
    ],
)
def test_bad_hands_are_rejected_clearly(cards: list[Any], message: str) -> None:
    for evaluate in (high_value, razz_value, low8_value):
        with pytest.raises(ValueError, match=message):
            evaluate(cards)


def test_boards_take_at_most_four_cards() -> None:
    five = parse_cards("2c 3d 4h 5s 6c")
    for evaluate in (high_board_value, razz_board_value):
        with pytest.raises(ValueError, match="1 to 4 cards, got 5"):
            evaluate(five)


# ------------------------------------------------------------------------------------------ batches
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8).flatmap(lambda size: st.lists(hands(size, size), min_size=1, max_size=20)))
def test_batches_equal_the_per_hand_values(rows: list[list[int]]) -> None:
    array = np.array(rows)
    assert high_values(array).tolist() == [high_value(row) for row in rows]
    assert razz_values(array).tolist() == [razz_value(row) for row in rows]
    assert low8_values(array).tolist() == [low8_value(row) or 0 for row in rows]
    assert low27_values(array).tolist() == [low27_value(row) for row in rows]
    for rules in RULES.values():  # every game's rankings, their qualifier applied as the scalar one does
        for ranking in (rules.pot, rules.split):
            if ranking is not None:
                assert ranking.qualified_values(array).tolist() == [ranking.qualified(row) or 0 for row in rows]


@pytest.mark.parametrize(
    "text",
    [
        "Ah 2c 3d 4h 5s",  # the wheel: ace-high in 2-7, no straight
        "Ah 2h 3h 4h 5h",  # the steel wheel: an ace-high flush
        "2c 3d 4h 5s 6c 7d Ks",  # a straight avoided by another five (7-5-4-3-2 is there)
        "3h 4h 5h 6h 7h 9h Kh",  # seven of a suit: a flush every way
        "Ah 2c 3d 4h 5s 7c 7d",  # the wheel or 7-5-4-3-2: the second
        "8c 8d 8h 8s 2c",  # quads
        "9d Th Jc Qs Kd",  # a straight
    ],
)
def test_low27_batch_equals_the_per_hand_value_on_straights_flushes_and_wheels(text: str) -> None:
    cards = [int(c) for c in parse_cards(text)]
    assert low27_values(np.array([cards])).tolist() == [low27_value(cards)]


@pytest.mark.parametrize(
    ("array", "message"),
    [
        (np.zeros((2, 9), dtype=np.int64), "hands x 1..8 cards"),
        (np.arange(7), "hands x 1..8 cards"),
        (np.array([[0.0, 1.0]]), "hands x 1..8 cards"),
        (np.array([[1, 2, 3], [4, 4, 5]]), "hand 1 has the same card twice"),
        (np.array([[1, 2, 52]]), "hand 0 has a card outside 0..51"),
    ],
)
def test_bad_batches_are_rejected_clearly(array: np.ndarray, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        high_values(array)
