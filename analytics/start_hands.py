"""Starting hands of the stud games: the class of a player's first-street cards, and the cards it draws to.

Why classes and draws together: a stud player judges a starting hand by what it is (split tens, a
three-flush, a 6-low) *and* by whether the cards it needs are still in the deck. The second question needs
the first's answer in cards, so a class here comes with its :class:`Draw` s: for each thing the hand is
trying to make, the cards that make it (its outs) and how many of them it must catch. Counting which of
those outs are showing is :mod:`.liveness`'s job; this module only knows the cards.

Every game is read through its description (engine/games.py): the high games (Seven Card Stud, Five Card
Stud) rank aces high; the low games rank by the order of their low ranking (razz and stud8's low: the ace
lowest; 2-7 razz: the ace highest, the deuce lowest), so "6-low" is the same idea in each. Five Card Stud
deals two cards to its first street (one down, the door up) and draws three more; the seven-card games
deal three and draw four.

The class names are what players call the hands (docs/liveness.md lists them per game); they are plain
text so a stats table can group by them. :func:`start_hand` is a pure function of the game and the cards,
kept in a bounded cache (:data:`START_CACHE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Final, Iterable, Sequence

from ..engine.cards import ACE, DECK, RANKS, Card
from ..engine.games import RULES, card_order
from ..engine.model import Game

TRIPS: Final = "trips"
PAIR: Final = "pair"
FLUSH: Final = "flush"
STRAIGHT: Final = "straight"
LOW: Final = "low"
PAIRING: Final = "pairing"
"""The kinds of :class:`Draw`: the pair's rank making trips (``pair``; rolled-up trips drawing to quads
is ``trips``), the suit making a flush, the ranks completing a straight, the low ranks completing a
five-card low, and the ranks pairing a high card (``pairing``)."""

LOW_TOP: Final = 8
"""The worst top card of a low that counts as a low here (eight-or-better's qualifier; in razz too, where
a 9-low wins but the class names count lows the way the split game does)."""

BIG_PAIR: Final = RANKS.index("T")
"""The least rank of a big pair, and of a high card (tens up)."""


Mask = int
"""A set of cards as bits: card ``c`` is bit ``1 << c``. Starting hands are classified for every player of
every hand: sets of cards as ints are made, joined and counted (``int.bit_count``) at C speed, and a
hand's draws cost a few small ints to keep."""


def mask_of(cards: Iterable[Card]) -> Mask:
    """The bits of ``cards``."""
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


def cards_of(mask: Mask) -> frozenset[Card]:
    """The cards of ``mask``."""
    return frozenset(c for c in DECK if mask >> c & 1)


@dataclass(frozen=True, slots=True)
class Draw:
    """One thing a starting hand draws to: its ``kind`` (:data:`PAIR` ...), ``need``: how many of its
    outs it must catch by the last street, and ``primary``: whether it is the draw the hand is played
    for, which grades its liveness.

    Its outs (every card of the deck not in the hand that makes progress towards it) fall into groups,
    ``masks`` (a rank each; a flush's whole suit is one), and the draw is made when, for one of the sets
    of group numbers in ``completes``, every group of the set is caught at least ``per_group`` times (a
    straight: both missing ranks of one of its windows; a low: ``need`` different missing low ranks; a
    flush: two of its suit)."""

    kind: str
    need: int
    primary: bool
    masks: tuple[Mask, ...]
    per_group: int
    completes: tuple[frozenset[int], ...]
    outs_mask: Mask
    sizes: tuple[int, ...]
    """How many outs each group has (its live count when none is showing)."""

    @property
    def outs(self) -> frozenset[Card]:
        """The outs as cards."""
        return cards_of(self.outs_mask)

    @property
    def groups(self) -> tuple[frozenset[Card], ...]:
        """The groups of outs as cards."""
        return tuple(cards_of(m) for m in self.masks)


def _draw(
    kind: str,
    masks: Sequence[Mask],
    need: int,
    primary: bool,
    completes: Iterable[Iterable[int]] | None = None,
    per_group: int = 1,
) -> Draw:
    """A :class:`Draw` of groups ``masks``; ``completes`` by default: any one group (a pair, pairing a
    card)."""
    sets = tuple(frozenset(c) for c in completes) if completes is not None else _any_of(len(masks), 1)
    union = 0
    for m in masks:
        union |= m
    sizes = tuple(m.bit_count() for m in masks)
    return Draw(kind, need, primary, tuple(masks), per_group, sets, union, sizes)


@cache
def _any_of(groups: int, need: int) -> tuple[frozenset[int], ...]:
    """Every set of ``need`` of ``groups`` group numbers: what a draw needing any so many completes on."""
    return tuple(frozenset(c) for c in combinations(range(groups), need))


def _by_rank(mask: Mask) -> list[Mask]:
    """``mask`` split by rank, lowest first (ranks it has no card of left out)."""
    return [mask & m for m in _OF_RANK if mask & m]


@dataclass(frozen=True, slots=True)
class StartHand:
    """A player's first-street cards, classified: ``name`` is the class (``split pair T-K``, ``6-low``,
    ``three-flush``), ``family`` the broad kind it belongs to (``trips``, ``pair``, ``flush``,
    ``straight``, ``low``, ``high``, ``nothing``), ``rank`` the rank that names it (the pair's, or the
    low's top card; ``None`` otherwise), ``draws`` what it is trying to make (the primary one first), and
    ``draws_left`` how many cards the game still deals each player."""

    game: Game
    name: str
    family: str
    rank: int | None
    draws: tuple[Draw, ...]
    draws_left: int

    @property
    def primary(self) -> Draw | None:
        """The draw that grades the hand's liveness; ``None`` for a hand already made that draws to
        nothing that matters (rolled-up trips)."""
        return next((d for d in self.draws if d.primary), None)


def _rank_cards(ranks: Iterable[int], held: tuple[Card, ...]) -> Mask:
    """Every card of ``ranks`` that is not in ``held``."""
    bits = 0
    for r in ranks:
        bits |= _OF_RANK[r]
    return bits & ~mask_of(held)


def _pair_draw(rank: int, held: tuple[Card, ...], primary: bool, kind: str = PAIR) -> Draw:
    return _draw(kind, [_rank_cards({rank}, held)], 1, primary)


def _pairing_draw(ranks: set[int], held: tuple[Card, ...], primary: bool) -> Draw:
    return _draw(PAIRING, _by_rank(_rank_cards(ranks, held)), 1, primary)


def _straight_draw(windows: Sequence[frozenset[int]], held: tuple[Card, ...], primary: bool) -> Draw:
    """The straight of the ``windows`` (each the ranks one five-card straight still lacks)."""
    ranks = sorted(set().union(*windows))
    groups = [_rank_cards({r}, held) for r in ranks]
    return _draw(STRAIGHT, groups, 2, primary, [[ranks.index(r) for r in w] for w in windows])


WINDOWS: Final[tuple[tuple[int, ...], ...]] = ((ACE, 0, 1, 2, 3), *(tuple(range(s, s + 5)) for s in range(9)))
"""The ranks of every five-card straight, the wheel (ace low) first."""

_OF_RANK: Final[tuple[Mask, ...]] = tuple(mask_of(c for c in DECK if c.rank == r) for r in range(13))
"""The four cards of each rank."""

_OF_SUIT: Final[tuple[Mask, ...]] = tuple(mask_of(c for c in DECK if c.suit == s) for s in range(4))
"""The thirteen cards of each suit."""


def _straight_gaps(ranks: list[int]) -> tuple[int, list[frozenset[int]]] | None:
    """For three different ranks: the fewest gaps of a five-card straight window holding all three (0
    for 5-6-7, 1 for 5-6-8, 2 for 5-7-9 or 5-6-9; the ace counts high or low), and, for every such
    window, the two ranks the hand lacks; ``None`` when no straight holds all three."""
    best: int | None = None
    missing: list[frozenset[int]] = []
    for window in WINDOWS:
        if all(r in window for r in ranks):
            at = sorted(window.index(r) for r in ranks)
            gaps = at[2] - at[0] - 2
            best = gaps if best is None else min(best, gaps)
            missing.append(frozenset(r for r in window if r not in ranks))
    return None if best is None else (best, missing)


def _pair_band(rank: int) -> str:
    if rank == ACE:
        return "aces"
    if rank >= BIG_PAIR:
        return "T-K"
    return "6-9" if rank >= RANKS.index("6") else "2-5"


def _high_game(game: Game, cards: tuple[Card, ...], draws_left: int) -> StartHand:
    """Seven Card Stud: rolled-up, buried and split pairs (by rank band), three-flushes, three-straights
    by their gaps, high cards (two or more tens or better), nothing."""
    down1, down2, door = cards
    ranks = [c.rank for c in cards]
    distinct = set(ranks)
    if len(distinct) == 1:
        return StartHand(game, "rolled-up", TRIPS, ranks[0], (_pair_draw(ranks[0], cards, False, TRIPS),), draws_left)
    if len(distinct) == 2:
        pair = max(distinct, key=ranks.count)
        kicker = min(distinct, key=ranks.count)
        where = "buried" if down1.rank == down2.rank else "split"
        draws = (_pair_draw(pair, cards, True), _pairing_draw({kicker}, cards, False))
        return StartHand(game, f"{where} pair {_pair_band(pair)}", PAIR, pair, draws, draws_left)
    straight = _straight_gaps(ranks)
    suits = {c.suit for c in cards}
    if len(suits) == 1:
        (suit,) = suits
        flush = _draw(FLUSH, [_OF_SUIT[suit] & ~mask_of(cards)], 2, True, per_group=2)
        if straight is not None:
            runs = _straight_draw(straight[1], cards, False)
            return StartHand(game, "three-straight-flush", FLUSH, None, (flush, runs), draws_left)
        return StartHand(game, "three-flush", FLUSH, None, (flush,), draws_left)
    if straight is not None:
        gaps, missing = straight
        name = "three-straight, " + ("no gap" if gaps == 0 else "1 gap" if gaps == 1 else "2 gaps")
        return StartHand(game, name, STRAIGHT, None, (_straight_draw(missing, cards, True),), draws_left)
    high = {r for r in ranks if r >= BIG_PAIR}
    if len(high) >= 2:
        return StartHand(game, "high cards", "high", max(high), (_pairing_draw(high, cards, True),), draws_left)
    return StartHand(game, "nothing", "nothing", None, (_pairing_draw(distinct, cards, True),), draws_left)


@cache
def _low_order(game: Game) -> tuple[int, ...]:
    """Each card's rank in the game's low order, 0 lowest: the ace below the deuce (razz, stud8's low)
    or above the king (2-7 razz)."""
    rules = RULES[game]
    ranking = rules.split if rules.split is not None else rules.pot
    key = card_order(ranking.aces)
    lowest = min(key(c)[0] for c in DECK)
    return tuple(key(c)[0] - lowest for c in DECK)


def _low_draw(game: Game, cards: tuple[Card, ...], primary: bool) -> tuple[Draw, list[int], int]:
    """The low draw of ``cards`` (the different low ranks not held, the lowest :data:`LOW_TOP` ranks of
    the game's low order, each a help), the cards' low-order ranks, and the top rank of a low (index in
    the low order of the eight)."""
    order = _low_order(game)
    top_low = order[Card.parse(f"{LOW_TOP}c")]
    lows = [order[c] for c in cards]
    held_low = {r for r in lows if r <= top_low}
    by_rank = _low_ranks(game)
    groups = [by_rank[r] & ~mask_of(cards) for r in range(top_low + 1) if r not in held_low]
    need = 5 - len(held_low)
    draw = _draw(LOW, groups, need, primary, _any_of(len(groups), need))
    return draw, lows, top_low


@cache
def _low_ranks(game: Game) -> tuple[Mask, ...]:
    """The four cards of each rank of the game's low order, lowest first."""
    order = _low_order(game)
    return tuple(mask_of(c for c in DECK if order[c] == r) for r in range(13))


@cache
def _low_name(game: Game, rank_in_order: int) -> str:
    """The printed rank of a low-order rank: ``A`` is 0 in razz, ``2`` is 0 in 2-7 razz."""
    order = _low_order(game)
    card = next(c for c in DECK if order[c] == rank_in_order)
    return RANKS[card.rank]


def _low_game(game: Game, cards: tuple[Card, ...], draws_left: int) -> StartHand:
    """Razz and 2-7 razz: three different ranks named by their top card (``6-low``; a top card above
    the eight is ``9-low``, ``T-low``, or ``J-K high``: ``J-A high`` in 2-7 razz); a pair named by the top card of its two ranks
    (``paired 5-low``, or ``pair, no low``); trips."""
    low, lows, top_low = _low_draw(game, cards, True)
    distinct = set(lows)
    top = max(distinct)
    if len(distinct) == 1:
        return StartHand(game, "trips", TRIPS, top, (low,), draws_left)
    top_name = _low_name(game, top)
    if len(distinct) == 2:
        name = f"paired {top_name}-low" if top <= top_low else "pair, no low"
        return StartHand(game, name, PAIR, top, (low,), draws_left)
    if top <= top_low + 2:
        return StartHand(game, f"{top_name}-low", LOW, top, (low,), draws_left)
    worst = _low_name(game, max(_low_order(game)))
    return StartHand(game, f"J-{worst} high", "nothing", top, (low,), draws_left)


def _stud8(cards: tuple[Card, ...], draws_left: int) -> StartHand:
    """Stud hi/lo: three to a low by its top card, a scoop draw where the low is also a three-straight
    or a three-flush (``6-low scoop``), pairs with a low (``paired 3-low``: both ranks low, aces
    included), big pairs (nines up, or aces with a high kicker) and small ones, two low cards, and the
    high hands of Seven Card Stud that are no low."""
    game = Game.STUD8
    low, lows, top_low = _low_draw(game, cards, True)
    distinct = set(lows)
    high = _high_game(game, cards, draws_left)
    if len(distinct) == 1:
        return high
    top = max(distinct)
    top_name = _low_name(game, top)
    if len(distinct) == 3 and top <= top_low:
        scoop = high.family in (FLUSH, STRAIGHT)
        extra = tuple(replace_primary(d, False) for d in high.draws) if scoop else ()
        return StartHand(game, f"{top_name}-low" + (" scoop" if scoop else ""), LOW, top, (low, *extra), draws_left)
    if len(distinct) == 2:
        pair = high.rank
        assert pair is not None  # a pair's class names its rank
        if top <= top_low:
            draws = (low, *(replace_primary(d, False) for d in high.draws))
            return StartHand(game, f"paired {top_name}-low", PAIR, pair, draws, draws_left)
        name = "big pair" if pair >= RANKS.index("9") else "small pair"
        return StartHand(game, name, PAIR, pair, high.draws, draws_left)
    if high.family in (FLUSH, STRAIGHT):
        return high
    if sum(1 for r in lows if r <= top_low) == 2:
        return StartHand(game, "two low cards", LOW, None, (low,), draws_left)
    return high


def replace_primary(draw: Draw, primary: bool) -> Draw:
    """``draw`` as the primary draw of its hand, or not."""
    return Draw(draw.kind, draw.need, primary, draw.masks, draw.per_group, draw.completes, draw.outs_mask, draw.sizes)


def _stud5(cards: tuple[Card, ...], draws_left: int) -> StartHand:
    """Five Card Stud's two cards: a wired pair (the hole card pairing the door) big or small, an ace,
    two high cards (tens up), one, or none; each but the pair draws to pairing its cards."""
    game = Game.STUD5
    hole, door = cards
    if hole.rank == door.rank:
        band = "T-A" if hole.rank >= BIG_PAIR else "2-9"
        return StartHand(game, f"wired pair {band}", PAIR, hole.rank, (_pair_draw(hole.rank, cards, True),), draws_left)
    ranks = {hole.rank, door.rank}
    high = {r for r in ranks if r >= BIG_PAIR}
    if ACE in ranks:
        name, family = ("ace, high kicker" if len(high) == 2 else "ace, low kicker"), "high"
    elif len(high) == 2:
        name, family = "two high cards", "high"
    elif high:
        name, family = "one high card", "high"
    else:
        name, family = "low cards", "nothing"
    return StartHand(game, name, family, max(ranks), (_pairing_draw(ranks, cards, True),), draws_left)


START_CACHE: Final = 1 << 16
"""Starting hands kept (each a few small objects): enough for the hands a session repeats, bounded because
a large import meets most of the 5 games' 132,600 ordered triples."""

_SUIT_BITS: Final = tuple(sum(1 << (4 * rank + suit) for rank in range(len(RANKS))) for suit in range(4))
"""The bits of each suit's 13 cards (a card is ``rank * 4 + suit``)."""


def start_hand(game: Game, cards: tuple[Card, ...]) -> StartHand:
    """The class of a player's first-street cards: ``cards`` are the down cards then the door card (two
    down and one up in the seven-card games, one and one in Five Card Stud). ValueError for a count of
    cards the game does not deal on its first street, or a card held twice.

    The order of the down cards says nothing (both are hidden), so they are sorted before the cache
    is asked: one entry serves both orders."""
    *down, door = cards
    return _start_hand(game, (*sorted(down), door))


@lru_cache(maxsize=START_CACHE)
def _start_hand(game: Game, cards: tuple[Card, ...]) -> StartHand:
    """:func:`start_hand` of cards whose down cards are sorted, through their suits' pattern.

    Why the pattern: no class depends on which suit is which, only on which cards share one, so the
    cards are classified with their suits renamed in the order they first appear (the down cards, then
    the door) and the answer's outs renamed back. An import meets most of the 132,600 ordered triples
    of a game once each, so this cache alone misses most of the time; the pattern's cache
    (:func:`_classified`) holds the few thousand patterns, and renaming back costs a few bit operations
    a draw where classifying costs the whole work again."""
    order: list[int] = []
    for c in cards:
        if c & 3 not in order:
            order.append(c & 3)
    order.extend(s for s in range(4) if s not in order)
    renamed = [0] * 4
    for new, old in enumerate(order):
        renamed[old] = new
    *down, door = (Card(c & ~3 | renamed[c & 3]) for c in cards)
    found = _classified(game, (*sorted(down), door))
    return found if order == [0, 1, 2, 3] else _renamed(found, order)


def _suits_renamed(mask: Mask, order: Sequence[int]) -> Mask:
    """``mask`` with suit ``i`` made suit ``order[i]``, every card keeping its rank."""
    out = 0
    for suit, to in enumerate(order):
        bits = mask & _SUIT_BITS[suit]
        out |= bits << (to - suit) if to >= suit else bits >> (suit - to)
    return out


def _renamed(hand: StartHand, order: Sequence[int]) -> StartHand:
    """``hand`` (classified on renamed suits) with suit ``i`` of its outs made suit ``order[i]``."""
    draws = tuple(
        Draw(
            d.kind,
            d.need,
            d.primary,
            tuple(_suits_renamed(m, order) for m in d.masks),
            d.per_group,
            d.completes,
            _suits_renamed(d.outs_mask, order),
            d.sizes,
        )
        for d in hand.draws
    )
    return StartHand(hand.game, hand.name, hand.family, hand.rank, draws, hand.draws_left)


@lru_cache(maxsize=START_CACHE)
def _classified(game: Game, cards: tuple[Card, ...]) -> StartHand:
    rules = RULES[game]
    first = rules.streets[0]
    if len(cards) != first.down + first.up or len(set(cards)) != len(cards):
        raise ValueError(
            f"{rules.title}: a starting hand is {first.down + first.up} different cards, got "
            f"{' '.join(map(str, cards))}"
        )
    draws_left = rules.hand_size - len(cards)
    if game is Game.STUD5:
        return _stud5(cards, draws_left)
    if game is Game.STUD8:
        return _stud8(cards, draws_left)
    if rules.pot.low:
        return _low_game(game, cards, draws_left)
    return _high_game(game, cards, draws_left)
