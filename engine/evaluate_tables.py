"""The encodings and lookup tables behind :mod:`studbook.engine.evaluate`.

Why tables: a replay audits every showdown and a simulator or equity calculation evaluates millions of
hands, so pure Python needs about one dictionary lookup per evaluation rather than a loop over the
21 (or 56) five-card subsets of a seven (eight) card hand. Without a flush, a hand's high value, its
razz value and its eight-or-better low depend only on the multiset of its ranks; there are 196,209 such
multisets of one to eight cards. Each value is worked out from the rank counts the first time a hand
asks for it and kept for the process (:data:`HIGH_BY_RANK_KEY`, :data:`LOW_BY_RANK_KEY`): an import
meets a few thousand of them, and building all 50,388 seven-card ones up front cost it about 0.4 s of
CPU per process, a tenth of a millisecond a hand on a 4,000-hand file. The batch evaluators, which
meet them all, build whole tables (:func:`rank_table`), on whole arrays at once. A flush needs the ranks
held in one suit, which a 13-bit mask indexes directly.

A card's *weight* packs everything the evaluators need, so that the plain sum of a hand's weights (one
``sum(map(...))`` in C) describes the hand. From the least significant bit up:

========================  =====================================================================
bits 0-31                 the rank multiset: sum of ``5 ** rank`` (at most four cards per rank)
bits 32-47                four 4-bit counters, cards held per suit (flush detection)
bits 48-103 (56 bits)     one bit per card at ``suit * 13 + rank``: a repeated card carries, so
                          the bit count equals the number of cards only when they are distinct
bits 104 and up           the number of cards
========================  =====================================================================

With at most eight cards no field overflows into the next one, which is why the card count (the top,
unbounded field) is checked first.

Value encodings (all ints, higher is better):

* high: ``category << 20`` plus five 4-bit slots holding ``rank + 1`` of the ranks that decide ties in
  comparison order (the quads, trips or pairs first, then kickers from the highest down; a straight
  keeps only its top card); a slot is 0 when the hand has too few cards to fill it, which ranks below
  every card.
* low (razz and eight-or-better share one scale): ``LOW_BASE - packed`` where ``packed`` is
  ``category << 20`` (0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house, 5 quads) plus five 4-bit slots
  holding ace-low ranks (ace 1 ... king 13) in comparison order, multi-card groups first, then the single
  cards from the highest down. A hand of fewer than five cards counts each missing card as a single worse
  than a king (14), so a hand never beats the same hand with more cards known.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Callable, Final, Sequence

from .cards import ACE

if TYPE_CHECKING:
    import numpy as np

RANK_KEY_BITS: Final = 32
RANK_KEY_MASK: Final = (1 << RANK_KEY_BITS) - 1
SUIT_COUNT_SHIFT: Final = 32
CARD_BIT_SHIFT: Final = 48
CARD_BITS_MASK: Final = (1 << 52) - 1
COUNT_SHIFT: Final = 104

# Adding 3 to every suit counter sets its bit 3 exactly when the suit holds five cards or more (at most
# 8 + 3 = 11, so no counter carries into the next).
FLUSH_PROBE: Final = sum(3 << (SUIT_COUNT_SHIFT + 4 * suit) for suit in range(4))
FLUSH_FLAGS: Final = sum(8 << (SUIT_COUNT_SHIFT + 4 * suit) for suit in range(4))

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
LOW_NO_PAIR, LOW_PAIR, LOW_TWO_PAIR, LOW_TRIPS, LOW_FULL_HOUSE, LOW_QUADS = range(6)

# How many cards each slot of a low value stands for, per category: what describe_low prints.
LOW_GROUP_SIZES: Final[dict[int, tuple[int, ...]]] = {
    LOW_NO_PAIR: (1, 1, 1, 1, 1),
    LOW_PAIR: (2, 1, 1, 1),
    LOW_TWO_PAIR: (2, 2, 1),
    LOW_TRIPS: (3, 1, 1),
    LOW_FULL_HOUSE: (3, 2),
    LOW_QUADS: (4, 1),
}
_LOW_CATEGORY_BY_SHAPE: Final = {sizes: category for category, sizes in LOW_GROUP_SIZES.items()}

LOW_BASE: Final = 1 << 23
MISSING_LOW: Final = 14
WHEEL_MASK: Final = (1 << ACE) | 0b1111


POWERS_OF_5: Final[tuple[int, ...]] = tuple(5**rank for rank in range(13))


def card_weight(card: int) -> int:
    """The weight of one card (see the module docstring); the sum over a hand is its key."""
    rank, suit = card >> 2, card & 3
    return (
        POWERS_OF_5[rank]
        + (1 << (SUIT_COUNT_SHIFT + 4 * suit))
        + (1 << (CARD_BIT_SHIFT + 13 * suit + rank))
        + (1 << COUNT_SHIFT)
    )


# Indexed by card. The 52 entries past the real cards are None so that a negative int (which a tuple
# would silently wrap around) or an int in 52..103 makes ``sum`` fail instead of reading a real card.
CARD_WEIGHTS: Final[tuple[int | None, ...]] = tuple(card_weight(c) for c in range(52)) + (None,) * 52


def pack(category: int, slots: Sequence[int]) -> int:
    """``category`` above five 4-bit slots, filled from the most significant; unused slots are 0."""
    value = category
    for slot in slots:
        value = (value << 4) | slot
    return value << 4 * (5 - len(slots))


def unpack(value: int) -> tuple[int, list[int]]:
    """The inverse of :func:`pack`: the category and the five slots."""
    return value >> 20, [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def straight_top(rank_mask: int) -> int | None:
    """The top rank of the best straight among the ranks in a 13-bit mask (3 for A-2-3-4-5), or None."""
    for top in range(ACE, 3, -1):
        if (rank_mask >> (top - 4)) & 0x1F == 0x1F:
            return top
    return 3 if rank_mask & WHEEL_MASK == WHEEL_MASK else None


def high_from_counts(counts: Sequence[int]) -> int:
    """The best high value of a rank multiset (``counts[rank]``) when no five cards share a suit."""
    present = [rank for rank in range(ACE, -1, -1) if counts[rank]]
    most = max(counts)
    multiples = [rank for rank in present if counts[rank] >= 2]  # highest first
    if most == 4:
        made, category = [next(r for r in present if counts[r] == 4)], QUADS
    elif most == 3 and len(multiples) >= 2:
        trips = next(r for r in present if counts[r] == 3)
        pair = next(r for r in multiples if r != trips)
        return pack(FULL_HOUSE, [trips + 1, pair + 1])
    else:
        top = straight_top(sum(1 << rank for rank in present))
        if top is not None:
            return pack(STRAIGHT, [top + 1])
        if most == 3:
            made, category = [next(r for r in present if counts[r] == 3)], TRIPS
        else:
            made = multiples[:2]
            category = (HIGH_CARD, PAIR, TWO_PAIR)[len(made)]
    kickers = [rank for rank in present if rank not in made][: 5 - sum(counts[r] for r in made)]
    return pack(category, [rank + 1 for rank in made + kickers])


def flush_from_mask(rank_mask: int) -> int:
    """The best value of five or more cards of one suit with these ranks: straight flush or flush."""
    top = straight_top(rank_mask)
    if top is not None:
        return pack(STRAIGHT_FLUSH, [top + 1])
    ranks = [rank + 1 for rank in range(ACE, -1, -1) if rank_mask >> rank & 1]
    return pack(FLUSH, ranks[:5])


def ace_low(rank: int) -> int:
    """A card rank (deuce 0 .. ace 12) on the A-5 low scale: ace 1, deuce 2 ... king 13."""
    return 1 if rank == ACE else rank + 2


def low_from_counts(counts: Sequence[int]) -> int:
    """The best A-5 low (razz) value of a rank multiset.

    The best five cards are found greedily: every distinct rank once, lowest first, then a second card of
    each rank that has one, lowest first, then a third, then a fourth. Fewer pairs always beat more, and
    among hands with as few pairs the lowest made ranks win, which is exactly this order.
    """
    by_low = (counts[ACE], *counts[:ACE])  # index i holds the count of ace-low rank i + 1
    chosen: list[int] = []
    for layer in range(1, 5):
        chosen += [i + 1 for i, count in enumerate(by_low) if count >= layer]
        if len(chosen) >= 5:
            break
    chosen = chosen[:5]
    if layer == 1 and len(chosen) == 5:  # five distinct ranks: the common case, no pair
        return LOW_BASE - pack(LOW_NO_PAIR, chosen[::-1])
    groups = {low: chosen.count(low) for low in chosen}
    order = sorted(groups, key=lambda low: (groups[low], low), reverse=True)
    multiples = [low for low in order if groups[low] > 1]
    singles = [MISSING_LOW] * (5 - len(chosen)) + [low for low in order if groups[low] == 1]
    shape = tuple(groups[low] for low in multiples) + (1,) * len(singles)
    return LOW_BASE - pack(_LOW_CATEGORY_BY_SHAPE[shape], multiples + singles)


# The worst qualifying eight-or-better low: every better low value is five distinct ranks of 8 or less.
LOW8_WORST: Final = LOW_BASE - pack(LOW_NO_PAIR, [8, 7, 6, 5, 4])


def rank_counts(rank_key: int) -> list[int]:
    """The rank multiset a rank key encodes, as ``counts[rank]``: its base-5 digits (at most four cards
    of a rank, so no digit carries)."""
    counts = []
    for _ in range(13):
        rank_key, count = divmod(rank_key, 5)
        counts.append(count)
    return counts


class RankValues(dict[int, int]):
    """rank key -> the value of that rank multiset, each computed on first use by ``of_counts`` and kept.

    Why a dict with ``__missing__``: a hit is the plain dictionary lookup the evaluators always did
    (in C, no Python call), and only a multiset never seen before pays for working its value out. It is
    a cache of a pure function keyed by its whole input, so what a hand is worth never depends on which
    hands came before."""

    __slots__ = ("of_counts",)

    def __init__(self, of_counts: Callable[[Sequence[int]], int]) -> None:
        super().__init__()
        self.of_counts = of_counts

    def __missing__(self, rank_key: int) -> int:
        value = self[rank_key] = self.of_counts(rank_counts(rank_key))
        return value


HIGH_BY_RANK_KEY: Final = RankValues(high_from_counts)
"""High values ignoring flushes, of any rank multiset of 1..8 cards: exact whenever fewer than five
cards share a suit."""
LOW_BY_RANK_KEY: Final = RankValues(low_from_counts)
"""A-5 low values (razz) of any rank multiset of 1..8 cards; the eight-or-better lows are the values of
at least ``LOW8_WORST``."""


@cache
def rank_table(size: int, kind: str) -> tuple["np.ndarray", "np.ndarray"]:
    """Every rank multiset of ``size`` cards (1..8) as two int64 arrays for the batch evaluators'
    ``searchsorted``: the rank keys (bits 0-31 of a hand's key), ascending, and the value of each,
    ``kind`` ``"high"`` (ignoring flushes: exact whenever fewer than five cards share a suit) or ``"low"``
    (A-5 low, razz; the eight-or-better lows are the values of at least ``LOW8_WORST``). Built on first
    use and kept for the process.

    Why with numpy, all multisets at once: the batch evaluators meet their tables at an import's first
    all-in equity, and working the 49,205 seven-card multisets out one by one with
    :func:`high_from_counts` and :func:`low_from_counts` cost every importing process ~0.4 s of CPU.
    :func:`_high_of_counts` and :func:`_low_of_counts` follow those two step by step on whole arrays
    (tests/test_rank_tables.py checks every multiset of every size against them). Why arrays and one
    kind at a time: :func:`_rank_multisets` makes the multisets in rank-key order, so the keys are
    already the sorted array a lookup needs (a dict of them, then sorted back into arrays, was a third
    of the tables' cost), and a game that ranks only high (stud) or only low (razz) never builds the
    other kind."""
    import numpy as np

    counts = _rank_multisets(size)
    values = {"high": _high_of_counts, "low": _low_of_counts}[kind](counts)
    values = values.astype(np.int64, copy=False)
    values.flags.writeable = False  # kept for the process and shared by every lookup
    return _rank_keys(size), values


@cache
def _rank_keys(size: int) -> "np.ndarray":
    """The rank key of every multiset of :func:`_rank_multisets` (ascending, as it makes them)."""
    import numpy as np

    keys: np.ndarray = np.array(POWERS_OF_5, dtype=np.int64) @ _rank_multisets(size)
    keys.flags.writeable = False
    return keys


@cache
def _rank_multisets(size: int) -> "np.ndarray":
    """Every multiset of ``size`` ranks with at most four cards of a rank, in rank-key order, as 13 rows
    (deuce to ace) of rank counts, a column per multiset (int8, so that the arrays the values are worked
    out on stay small).

    Why a row per rank rather than a row per multiset: the values are worked out by reducing over the
    ranks (the most cards of a rank, the ranks held, ...), and numpy reduces 13 long rows one after the
    other many times faster than each of ~50,000 rows of 13 (half the tables' instructions went there).

    Made the ace's count first, then each lower rank's: every multiset so far is extended by every count
    the next rank can take (the deuce's: whatever is left), so they come out ordered like their base-5
    rank keys, most significant digit first. Kept (read-only) for the keys and both kinds of
    :func:`rank_table`, which all start from them."""
    import numpy as np

    counts = np.zeros((1, 0), dtype=np.int8)
    can_take = np.arange(5, dtype=np.int8)
    for rank in range(ACE, -1, -1):
        left = (size - counts.sum(axis=1))[:, None]
        fits = can_take <= left if rank else can_take == left
        rows, count = np.nonzero(fits)
        counts = np.hstack([count.astype(np.int8)[:, None], counts[rows]])
    by_rank = np.ascontiguousarray(counts.T)
    by_rank.flags.writeable = False
    return by_rank


def _packed(category: "np.ndarray", order: "np.ndarray", slots: "np.ndarray") -> "np.ndarray":
    """:func:`pack` of every column: ``category`` above the first ``slots`` of the column's ``order``
    (its slot values, best first, a row each), the slots past them 0."""
    import numpy as np

    used = np.arange(5)[:, None] < slots
    shifts = np.array([16, 12, 8, 4, 0], dtype=np.int64)[:, None]
    packed: np.ndarray = (category << 20) | (np.where(used, order[:5], 0) << shifts).sum(axis=0)
    return packed


def _best_first(priority: "np.ndarray") -> "np.ndarray":
    """The five highest ``priority`` rows of each column, highest first (the priorities themselves: the
    first five rows of the column sorted in descending order).

    Why not ``np.sort``: it sorts each column on its own (~50,000 small sorts for the seven-card tables),
    where five rounds of "take each column's maximum, then strike it out" run along whole rows. Each
    priority is made distinct within its column first (times 32, plus its row: at most 18 rows), so that
    striking out the maximum strikes out one entry only; the shift back (a floor division by 32) gives
    the priority itself, -1 included."""
    import numpy as np

    keys = priority.astype(np.int16) * 32 + np.arange(len(priority), dtype=np.int16)[:, None]
    gone = np.int16(np.iinfo(np.int16).min)
    best = np.empty((5, keys.shape[1]), dtype=np.int16)
    for slot in range(5):
        best[slot] = keys.max(axis=0)
        keys = np.where(keys == best[slot], gone, keys)
    ordered: np.ndarray = best >> 5
    return ordered


def _running_totals(rows: "np.ndarray") -> "np.ndarray":
    """Each row plus every row above it, as int8 (``np.cumsum(rows, axis=0)``): twelve row additions,
    which numpy runs about a hundred times faster than its cumulative sum down the columns of a wide
    array."""
    import numpy as np

    totals: np.ndarray = rows.astype(np.int8)  # a copy, summed into in place
    for row in range(1, len(totals)):
        totals[row] += totals[row - 1]
    return totals


def _high_of_counts(counts: "np.ndarray") -> "np.ndarray":
    """:func:`high_from_counts` of every column of rank counts (13 rows, deuce to ace).

    Each rank gets a priority: a rank that makes the hand (the quads, the trips, the top two pairs; the
    full house's trips above its pair) ``16 * level + rank``, any other rank held ``rank`` (a kicker),
    a rank not held -1. Sorted highest first, the ranks are the slots in comparison order; how many
    slots count is the made ranks and then as many kickers as five cards leave room for."""
    import numpy as np

    rank = np.arange(13, dtype=np.int8)[:, None]
    held = counts > 0
    most = counts.max(axis=0)
    multiples = (counts >= 2).sum(axis=0)
    present = held.sum(axis=0)
    top_trips = np.where(counts == 3, rank, -1).max(axis=0)
    top_quads = np.where(counts == 4, rank, -1).max(axis=0)
    # the two highest pairs: a pair's place counted from the highest rank down
    pairs = counts == 2
    pair_place = _running_totals(pairs[::-1])[::-1]
    top_pairs = pairs & (pair_place <= 2)
    house = (most == 3) & (multiples >= 2)
    house_pair = np.where((counts >= 2) & (rank != top_trips), rank, -1).max(axis=0)

    is_quads = most == 4
    is_trips = (most == 3) & ~house
    made = np.where(is_quads, rank == top_quads, np.where(is_trips, rank == top_trips, top_pairs & (most <= 2)))
    priority = np.where(made, 16 + rank, np.where(held, rank, -1))
    priority = np.where(
        house, np.where(rank == top_trips, 32 + rank, np.where(rank == house_pair, 16 + rank, -1)), priority
    )
    n_made = made.sum(axis=0)
    made_cards = np.where(made, counts, 0).sum(axis=0)
    slots = np.where(house, 2, n_made + np.minimum(5 - made_cards, present - n_made))
    category = np.select(
        [is_quads, house, is_trips, n_made == 2, n_made == 1],
        [QUADS, FULL_HOUSE, TRIPS, TWO_PAIR, PAIR],
        HIGH_CARD,
    ).astype(np.int64)
    value = _packed(category, (_best_first(priority) & 0xF) + 1, slots)

    # a straight wins over everything but quads and a full house (high_from_counts checks it there)
    mask = (1 << np.arange(13, dtype=np.int64)) @ held  # the ranks held, as straight_top reads them
    top = np.where(mask & WHEEL_MASK == WHEEL_MASK, 3, -1)
    for high in range(4, ACE + 1):  # the highest run wins: checked last
        top = np.where((mask >> (high - 4)) & 0x1F == 0x1F, high, top)
    straight = (top >= 0) & ~is_quads & ~house
    result: np.ndarray = np.where(straight, (STRAIGHT << 20) | ((top + 1) << 16), value)
    return result


def _low_of_counts(counts: "np.ndarray") -> "np.ndarray":
    """:func:`low_from_counts` of every column of rank counts (13 rows, deuce to ace).

    The greedy choice of five cards is made a layer at a time for every column (each rank held once,
    lowest first, then a second card of each, ...), counting the cards of each rank chosen. The slots
    are the chosen ranks sorted by (cards chosen, ace-low rank), highest first, with a missing card of a
    hand of fewer than five a single worse than a king (:data:`MISSING_LOW`), as low_from_counts has
    it."""
    import numpy as np

    by_low = np.concatenate([counts[ACE:], counts[:ACE]])  # row i: ace-low rank i + 1
    low = np.arange(1, 14, dtype=np.int8)[:, None]
    chosen = np.zeros_like(by_low)
    room = np.full(counts.shape[1], 5, dtype=np.int8)
    for layer in range(1, 5):
        offered = by_low >= layer
        taken = offered & (_running_totals(offered) <= room)
        chosen += taken
        room -= taken.sum(axis=0, dtype=np.int8)
    missing = np.arange(5)[:, None] < room  # room left: the cards a short hand lacks
    priority = np.concatenate([np.where(chosen > 0, 16 * chosen + low, -1), np.where(missing, 16 + MISSING_LOW, -1)])
    groups = (chosen > 0).sum(axis=0) + room
    most = chosen.max(axis=0)
    pairs = (chosen == 2).sum(axis=0)
    category = np.select(
        [most == 4, (most == 3) & (pairs == 1), most == 3, pairs == 2, pairs == 1],
        [LOW_QUADS, LOW_FULL_HOUSE, LOW_TRIPS, LOW_TWO_PAIR, LOW_PAIR],
        LOW_NO_PAIR,
    ).astype(np.int64)
    result: np.ndarray = LOW_BASE - _packed(category, _best_first(priority) & 0xF, groups)
    return result


@cache
def flush_table() -> tuple[int, ...]:
    """13-bit rank mask of one suit -> straight flush or flush value; 0 for fewer than five ranks."""
    return tuple(flush_from_mask(mask) if mask.bit_count() >= 5 else 0 for mask in range(1 << 13))
