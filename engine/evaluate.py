"""Hand evaluators for stud (seven and five card), stud eight-or-better, razz and 2-7 razz.

Every evaluator returns a plain ``int`` where **higher is better** and equal ints tie exactly, so the
replay engine can use ``max``, sorting and ``==`` without knowing the game: the rule of what beats what
lives here and nowhere else. Cards are :class:`~studbook.engine.cards.Card` values (any ints 0..51,
``rank * 4 + suit``), given as any iterable of one to eight cards: a stud player's seven, or six plus the
community card, or only the cards a site showed.

Each call is one C-level ``sum`` of precomputed card weights and one dictionary lookup (see
:mod:`studbook.engine.evaluate_tables` for the encodings). Repeated cards are rejected because their
weights would alias other hands; deciding whether a hand history dealt a card twice is the validator's job
(``cards.duplicate``), so this only guards the arithmetic.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Final, Iterable

from .cards import ACE, RANKS
from .evaluate_tables import (
    CARD_BIT_SHIFT,
    CARD_BITS_MASK,
    CARD_WEIGHTS,
    COUNT_SHIFT,
    FLUSH,
    FLUSH_FLAGS,
    FLUSH_PROBE,
    HIGH_BY_RANK_KEY,
    HIGH_CARD,
    LOW8_WORST,
    LOW_BASE,
    LOW_BY_RANK_KEY,
    LOW_GROUP_SIZES,
    MISSING_LOW,
    POWERS_OF_5,
    RANK_KEY_MASK,
    STRAIGHT,
    STRAIGHT_FLUSH,
    SUIT_COUNT_SHIFT,
    flush_table,
    pack,
    rank_table,
    unpack,
)

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "high_value",
    "low8_value",
    "razz_value",
    "high_board_value",
    "razz_board_value",
    "low27_value",
    "low27_board_value",
    "describe_high",
    "describe_low27",
    "describe_low",
    "high_values",
    "razz_values",
    "low8_values",
    "low27_values",
]

MAX_CARDS: Final = 8
MAX_UP_CARDS: Final = 4


_WEIGHT: Final = CARD_WEIGHTS.__getitem__  # bound once: _key runs for every board and hand valued


def _key(cards: Iterable[int], most: int, what: str) -> int:
    """The sum of the cards' weights, after checking there are 1..``most`` distinct cards."""
    try:
        # a card out of range fails here with no check per card: its weight is None (TypeError in the sum)
        key = sum(map(_WEIGHT, cards))  # type: ignore[arg-type]
    except (IndexError, TypeError):
        raise ValueError(
            f"{what}: every card must be a Card (an int 0..51; leave unknown cards out), got {cards!r}"
        ) from None
    count = key >> COUNT_SHIFT
    if not 0 < count <= most:
        raise ValueError(f"{what} takes 1 to {most} cards, got {count}: {cards!r}")
    if ((key >> CARD_BIT_SHIFT) & CARD_BITS_MASK).bit_count() != count:
        raise ValueError(f"{what}: the same card appears twice in {cards!r}")
    return key


def _with_flush(key: int, value: int) -> int:
    """``value`` (the best hand ignoring suits) raised to the best flush or straight flush, if any.

    With eight cards a full house or quads can coexist with a flush, hence the ``max``.
    """
    table = flush_table()
    for suit in range(4):
        if (key >> (SUIT_COUNT_SHIFT + 4 * suit)) & 0xF >= 5:
            mask = (key >> (CARD_BIT_SHIFT + 13 * suit)) & 0x1FFF
            return max(value, table[mask])  # five of eight cards fill at most one suit
    return value


def high_value(cards: Iterable[int]) -> int:
    """The best five-card poker hand among 1..8 cards (A-2-3-4-5 is the lowest straight).

    With fewer than five cards there is no straight or flush; the value is the pair / two pair / trips /
    quads category with the kickers that are there, and a missing kicker ranks below a deuce.
    """
    key = _key(cards, MAX_CARDS, "high_value")
    value = HIGH_BY_RANK_KEY[key & RANK_KEY_MASK]
    if (key + FLUSH_PROBE) & FLUSH_FLAGS:
        return _with_flush(key, value)
    return value


def razz_value(cards: Iterable[int]) -> int:
    """The best A-5 low of five of 1..8 cards: ace low, straights and flushes ignored, pairs bad.

    Fewer pairs beat more (no pair, pair, two pair, trips, full house, quads), then the ranks compare from
    the highest down. With fewer than five cards each missing card counts as worse than a king.
    """
    key = _key(cards, MAX_CARDS, "razz_value")
    return LOW_BY_RANK_KEY[key & RANK_KEY_MASK]


def low8_value(cards: Iterable[int]) -> int | None:
    """The best eight-or-better low (five distinct ranks of 8 or less, ace low), or None if none qualifies.

    Values share the razz scale, so a wheel is the highest value and 8-7-6-5-4 the lowest qualifying one.
    """
    key = _key(cards, MAX_CARDS, "low8_value")
    value = LOW_BY_RANK_KEY[key & RANK_KEY_MASK]
    return value if value >= LOW8_WORST else None


def high_board_value(up_cards: Iterable[int]) -> int:
    """How strong 1..4 up cards are for acting first in stud and stud8 (higher acts first).

    Only pairs, two pair, trips and quads count, then high cards; four cards cannot make a straight or a
    flush, so this is the high value of the board. Ties are equal: the rule profile breaks them.
    """
    key = _key(up_cards, MAX_UP_CARDS, "high_board_value")
    return HIGH_BY_RANK_KEY[key & RANK_KEY_MASK]


def razz_board_value(up_cards: Iterable[int]) -> int:
    """How low 1..4 razz up cards are (higher value = lower board, acts first): ace low, pairs bad."""
    key = _key(up_cards, MAX_UP_CARDS, "razz_board_value")
    return LOW_BY_RANK_KEY[key & RANK_KEY_MASK]


# ----------------------------------------------------------------------------------- deuce-to-seven
# 2-7 lowball ranks hands exactly in reverse of high poker, except that the ace is only ever high: A-2-3-4-5
# is no straight (it is ace-high), so 7-5-4-3-2 of mixed suits is the best hand. Straights and flushes
# count against the hand. The value is ``LOW27_BASE`` minus that "ace-only-high" high value, so that,
# like every evaluator here, higher is better.

LOW27_BASE: Final = 1 << 24
"""Above every high value (category 8 << 20 plus the slots), so every 2-7 value is positive."""

_WHEEL_TOP: Final = 4  # a straight's top slot is rank + 1: the five (rank 3) tops the wheel
_ACE_FIVE_SLOTS: Final = (13, 4, 3, 2, 1)


def _ace_high_only(five: Iterable[int]) -> int:
    """:func:`high_value` of up to five cards with the wheel read as ace-high, not as a straight."""
    value = high_value(five)
    category = value >> 20
    if category in (STRAIGHT, STRAIGHT_FLUSH) and (value >> 16) & 0xF == _WHEEL_TOP:
        return pack(FLUSH if category == STRAIGHT_FLUSH else HIGH_CARD, _ACE_FIVE_SLOTS)
    return value


def low27_value(cards: Iterable[int]) -> int:
    """The best deuce-to-seven low of five of 1..8 cards (2-7 razz): aces high, straights, flushes and
    pairs bad; 7-5-4-3-2 unsuited is the best. With fewer than five cards, the cards there are compared
    (no straight or flush can be made); compare such hands only with hands of as many cards.

    Evaluated as the best of the five-card subsets (21 of seven cards): a straight or flush avoided by
    another five is avoided, which a rank-multiset table could not see.
    """
    hand = tuple(cards)
    _key(hand, MAX_CARDS, "low27_value")
    if len(hand) <= 5:
        return LOW27_BASE - _ace_high_only(hand)
    return LOW27_BASE - min(_ace_high_only(five) for five in combinations(hand, 5))


def low27_board_value(up_cards: Iterable[int]) -> int:
    """How low 1..4 up cards are in 2-7 razz (higher value = lower board, acts first): aces high, pairs
    bad; four cards make no straight or flush."""
    key = _key(up_cards, MAX_UP_CARDS, "low27_board_value")
    return LOW27_BASE - HIGH_BY_RANK_KEY[key & RANK_KEY_MASK]


def describe_low27(value: int) -> str:
    """A 2-7 low in words: "7,5,4,3,2", "a pair of Nines" for a pair, "a flush, Jack high" and so on:
    the cards from the highest down when it is a no-pair, no-straight, no-flush hand, else its poker name."""
    if not 0 < value < LOW27_BASE:
        raise ValueError(f"not a low27_value result: {value!r}")
    high = LOW27_BASE - value
    category, slots = unpack(high)
    if category != HIGH_CARD:
        return describe_high(high)
    return ",".join(RANKS[slot - 1] for slot in slots if slot)


# ------------------------------------------------------------------------------------------- batches
# Equity calculations and simulations evaluate millions of hands; numpy does the same sum-and-look-up
# per array instead of per hand. numpy is imported inside these functions only, so that replaying and
# auditing (the per-hand evaluators) need nothing outside the standard library.


def _card_array(hands: object, what: str) -> "np.ndarray":
    """``hands`` as an int64 array (hands x cards), after checking shape, card range and repeats."""
    import numpy as np

    cards = np.asarray(hands)
    if cards.ndim != 2 or not 0 < cards.shape[1] <= MAX_CARDS or not np.issubdtype(cards.dtype, np.integer):
        raise ValueError(
            f"{what} takes a (hands x 1..{MAX_CARDS} cards) array of card ints, got shape {cards.shape} "
            f"of {cards.dtype}"
        )
    for problem, rows in (
        ("a card outside 0..51", ((cards < 0) | (cards > 51)).any(axis=1)),
        ("the same card twice", (np.diff(np.sort(cards, axis=1), axis=1) == 0).any(axis=1)),
    ):
        if rows.any():
            row = int(rows.argmax())
            raise ValueError(f"{what}: hand {row} has {problem}: {cards[row].tolist()}")
    return cards.astype(np.int64, copy=False)


@cache
def _batch_arrays() -> tuple["np.ndarray", "np.ndarray", "np.ndarray"]:
    """Per card: its rank-key weight and its bit ``suit * 13 + rank``; and the flush table, as arrays."""
    import numpy as np

    deck = range(52)
    return (
        np.array([POWERS_OF_5[card >> 2] for card in deck], dtype=np.int64),
        np.array([1 << (13 * (card & 3) + (card >> 2)) for card in deck], dtype=np.int64),
        np.array(flush_table(), dtype=np.int64),
    )


def _batch_lookup(cards: "np.ndarray", kind: str) -> "np.ndarray":
    """Per hand, the value stored for its rank multiset in the ``kind`` table (suits ignored).

    The hands' keys are searched for in ascending order and the values put back in the hands' order:
    a binary search of keys in random order misses the processor's caches at nearly every step of the
    ~50,000-entry seven-card table, and searching them sorted (numpy starts each search where the last
    ended) took half the time of an all-in equity's 10,000 run-outs, sorting included."""
    import numpy as np

    rank_weights = _batch_arrays()[0]
    table_keys, values = rank_table(cards.shape[1], kind)
    keys = rank_weights[cards].sum(axis=1)
    order = np.argsort(keys)
    found: np.ndarray = np.empty(len(keys), dtype=values.dtype)
    found[order] = values[np.searchsorted(table_keys, keys[order])]
    return found


def high_values(hands: object) -> "np.ndarray":
    """:func:`high_value` of every row of a (hands x cards) int array, as an int64 array."""
    return _high_batch(_card_array(hands, "high_values"))


def _high_batch(cards: "np.ndarray") -> "np.ndarray":
    """:func:`high_values` of a checked card array."""
    import numpy as np

    values = _batch_lookup(cards, "high")
    if cards.shape[1] >= 5:
        _, card_bits, flushes = _batch_arrays()
        held = card_bits[cards].sum(axis=1)  # distinct cards, so the sum is the union of their bits
        for suit in range(4):
            np.maximum(values, flushes[(held >> (13 * suit)) & 0x1FFF], out=values)
    return values


def razz_values(hands: object) -> "np.ndarray":
    """:func:`razz_value` of every row of a (hands x cards) int array, as an int64 array."""
    return _batch_lookup(_card_array(hands, "razz_values"), "low")


def low8_values(hands: object) -> "np.ndarray":
    """:func:`low8_value` of every row of a (hands x cards) int array; 0 where no low qualifies.

    0 stands for None because every real value is positive and an int64 array cannot hold None.
    """
    values = _batch_lookup(_card_array(hands, "low8_values"), "low")
    values[values < LOW8_WORST] = 0
    return values


def low27_values(hands: object) -> "np.ndarray":
    """:func:`low27_value` of every row of a (hands x cards) int array, as an int64 array: the best of
    the rows' five-card subsets (all the cards when there are five or fewer), each valued as a high hand
    with the wheel read ace-high, and taken from ``LOW27_BASE`` as the scalar evaluator does."""
    import numpy as np

    cards = _card_array(hands, "low27_values")
    size = cards.shape[1]
    worst: np.ndarray | None = None
    for columns in combinations(range(size), 5) if size > 5 else [tuple(range(size))]:
        value = _high_batch(cards[:, list(columns)])
        category = value >> 20
        wheel = ((category == STRAIGHT) | (category == STRAIGHT_FLUSH)) & (((value >> 16) & 0xF) == _WHEEL_TOP)
        value = np.where(wheel, np.where(category == STRAIGHT_FLUSH, _FLUSH_WHEEL, _HIGH_WHEEL), value)
        worst = value if worst is None else np.minimum(worst, value)
    assert worst is not None  # _card_array allows no empty hand
    low: np.ndarray = LOW27_BASE - worst
    return low


_FLUSH_WHEEL: Final = pack(FLUSH, _ACE_FIVE_SLOTS)
_HIGH_WHEEL: Final = pack(HIGH_CARD, _ACE_FIVE_SLOTS)
"""A suited and an unsuited A-5-4-3-2 as 2-7 reads them: an ace-high flush, ace-high no pair."""


# ------------------------------------------------------------------------------------------ describing
_NAMES: Final = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PLURALS: Final = tuple(name + ("es" if name == "Six" else "s") for name in _NAMES)
_LOW_CHARS: Final = "A" + RANKS[:-1]  # ace-low rank 1..13 -> character


# Indexed by category (high card .. straight flush).
_HIGH_WORDS: Final = (
    "high card {top}",
    "a pair of {tops}",
    "two pair, {tops} and {seconds}",
    "three of a kind, {tops}",
    "a straight, {lowest} to {top}",
    "a flush, {top} high",
    "a full house, {tops} full of {seconds}",
    "four of a kind, {tops}",
    "a straight flush, {lowest} to {top}",
)


def describe_high(value: int) -> str:
    """A high value in PokerStars' words: "two pair, Queens and Sevens", "a straight, Five to Nine"."""
    category, slots = unpack(value)
    if not (0 <= category <= STRAIGHT_FLUSH and 0 < slots[0] <= 13 and all(slot <= 13 for slot in slots)):
        raise ValueError(f"not a high_value result: {value!r}")
    top, second = slots[0] - 1, slots[1] - 1
    if category == STRAIGHT_FLUSH and top == ACE:
        return "a Royal Flush"
    return _HIGH_WORDS[category].format(
        top=_NAMES[top],
        tops=_PLURALS[top],
        seconds=_PLURALS[second] if second >= 0 else "",
        lowest=_NAMES[top - 4] if top > 3 else _NAMES[ACE],  # the wheel runs from the ace
    )


def describe_low(value: int) -> str:
    """A razz or eight-or-better value as PokerStars prints it: "7,6,5,3,A", paired cards first ("3,3,5,4").

    Cards missing from a hand of fewer than five are left out.
    """
    category, slots = unpack(LOW_BASE - value) if 0 < value <= LOW_BASE else (-1, [])
    sizes = LOW_GROUP_SIZES.get(category)
    if sizes is None or not all(0 < slot <= MISSING_LOW for slot in slots[: len(sizes)]):
        raise ValueError(f"not a razz_value/low8_value result: {value!r}")
    cards = [_LOW_CHARS[slot - 1] for slot, size in zip(slots, sizes) if slot != MISSING_LOW for _ in range(size)]
    return ",".join(cards)
