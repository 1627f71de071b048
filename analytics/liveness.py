"""Liveness: how many of the cards a starting hand needs are showing in the other players' up cards.

Why a grade and not just a count: "two of my tens are out" and "two of my suit are out" are not the same
damage. A pair needs one of two cards; a three-flush two of ten. So each draw's count becomes the chance of
making it by the last street, and the grade compares that chance with the chance had none of its outs
been showing (docs/liveness.md gives the rule, the thresholds and the figures they come from):

- ``live``: at least :data:`LIVE_RATIO` of the all-live chance is left;
- ``half-dead``: at least :data:`DEAD_RATIO` of it;
- ``dead``: less.

What is visible is what the player could see at his decision: the up cards dealt to the *other* players on
the first street, folded or not (a folded door card was face up; every player at the table saw it). Down
cards are never visible, even when the history knows them (the hero's own history of a hand, a simulation,
a player who showed his cards after folding): a card folded face down is still live for everybody else.

The chance is exact: every way the cards still to come can fall on the draw's groups of outs (a rank
each, a flush's suit as one), weighed by its number of deals (:func:`draw_chance`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Final, Mapping, Sequence

from ..engine.cards import DECK, Card
from ..engine.model import direct_init
from .start_hands import Draw, StartHand

LIVE: Final = "live"
HALF_DEAD: Final = "half-dead"
DEAD: Final = "dead"
GRADES: Final[tuple[str, ...]] = (LIVE, HALF_DEAD, DEAD)
"""The grades from best to worst (the order of a table's or a chart's rows)."""

LIVE_RATIO: Final = 0.75
DEAD_RATIO: Final = 0.40
"""The share of the all-live chance of making the primary draw above which a hand is ``live``, and
below which it is ``dead`` (docs/liveness.md: a split pair with one of its rank out keeps 52% of its
chance of trips, a three-flush with two of its suit out 67%, with four out 39%)."""


@dataclass(frozen=True, slots=True)
class DrawLiveness:
    """One draw of a hand against what was showing: which of its outs were visible and at which seat
    (``showing``: seat, card), the outs left, and the chance of making it by the last street now
    (``chance``) and had none been showing (``all_live``)."""

    draw: Draw
    showing: tuple[tuple[int, Card], ...]
    live_outs: int
    chance: float
    all_live: float

    @property
    def visible(self) -> int:
        """How many of the draw's outs were showing."""
        return len(self.showing)

    @property
    def ratio(self) -> float:
        """The share of the all-live chance left (1.0 for a draw no visible card touched)."""
        return self.chance / self.all_live if self.all_live > 0 else 1.0


@dataclass(frozen=True, slots=True)
class Liveness:
    """A starting hand against what was showing: its grade (:data:`GRADES`), graded on the primary
    draw, and every draw's count (the primary first)."""

    grade: str
    draws: tuple[DrawLiveness, ...]
    unseen: int
    """Cards the player could not see (the deck less his own cards and every visible card)."""

    @property
    def primary(self) -> DrawLiveness | None:
        return next((d for d in self.draws if d.draw.primary), None)


for _cls in (DrawLiveness, Liveness):  # the stored spot columns grade every known starting hand imported
    direct_init(_cls)


def draw_chance(
    live: tuple[int, ...], per_group: int, completes: tuple[frozenset[int], ...], draws: int, unseen: int
) -> float:
    """The chance of making a draw (:class:`~.start_hands.Draw`) in ``draws`` cards dealt from ``unseen``
    when ``live`` cards of each of its groups are left: every way of catching so many of each group
    (and the rest of the cards from the others), weighed by its number of deals, counted where one of
    the ``completes`` sets has each of its groups caught ``per_group`` times. Exact: the groups are
    disjoint.

    A low's groups are interchangeable (it needs any so many of them), so its counts are sorted first:
    one value serves every order of them."""
    if _interchangeable(len(live), completes):
        live = tuple(sorted(live))
    return _draw_chance(live, per_group, completes, draws, unseen)


@cache
def _interchangeable(groups: int, completes: tuple[frozenset[int], ...]) -> bool:
    """Whether ``completes`` is every set of some one size of the ``groups`` (a low's "any k of them")."""
    sizes = {len(c) for c in completes}
    return len(sizes) == 1 and len(set(completes)) == comb(groups, sizes.pop())


@cache
def _made(groups: int, completes: tuple[frozenset[int], ...]) -> frozenset[int]:
    """Every set of caught groups (as a bit mask) that includes one of ``completes``."""
    needs = [sum(1 << g for g in c) for c in completes]
    return frozenset(m for m in range(1 << groups) if any(m & n == n for n in needs))


@cache
def _draw_chance(
    live: tuple[int, ...], per_group: int, completes: tuple[frozenset[int], ...], draws: int, unseen: int
) -> float:
    """:func:`draw_chance`, kept per arguments (small numbers, asked for every draw of every spot): the
    deals counted group by group, by the cards left to deal and the groups caught so far."""
    if draws > unseen:
        return 0.0
    made = _made(len(live), completes)
    states: dict[tuple[int, int], int] = {(draws, 0): 1}
    for group, count in enumerate(live):
        bit = 1 << group
        after: dict[tuple[int, int], int] = {}
        for (left, caught), ways in states.items():
            for k in range(min(count, left) + 1):
                key = (left - k, caught | bit if k >= per_group else caught)
                after[key] = after.get(key, 0) + ways * comb(count, k)
        states = after
    other = unseen - sum(live)
    hits = sum(ways * comb(other, left) for (left, caught), ways in states.items() if caught in made)
    return hits / comb(unseen, draws)


def grade(ratio: float) -> str:
    """The grade of a draw that keeps ``ratio`` of its all-live chance (see the module docstring)."""
    if ratio >= LIVE_RATIO:
        return LIVE
    return HALF_DEAD if ratio >= DEAD_RATIO else DEAD


def liveness(
    hand: StartHand, own: Sequence[Card], visible: Mapping[int, Sequence[Card]], primary_only: bool = False
) -> Liveness:
    """``hand`` (the class of ``own`` cards) against the ``visible`` cards of the other players (seat ->
    the up cards the player could see at his decision; his own seat must not be in it). With
    ``primary_only`` only the primary draw is counted (all a grade needs: what the import stores).

    A hand that draws to nothing that matters (rolled-up trips) is ``live`` whatever shows."""
    seen = [(seat, card) for seat, cards in sorted(visible.items()) for card in cards]
    return seen_liveness(hand, len(own), seen, primary_only)


def seen_liveness(hand: StartHand, own: int, seen: Sequence[tuple[int, Card]], primary_only: bool = False) -> Liveness:
    """:func:`liveness` of a hand of ``own`` cards against the ``seen`` (seat, card) pairs, in seat
    order: the spots of a hand ask it for every player, the door cards listed once."""
    left = hand.draws_left
    seen_mask = 0
    for _, card in seen:
        seen_mask |= 1 << card
    unseen = len(DECK) - own - len(seen)
    counted = []
    for draw in hand.draws:
        if primary_only and not draw.primary:
            continue
        all_live = draw_chance(draw.sizes, draw.per_group, draw.completes, left, unseen)
        outs = draw.outs_mask
        if not outs & seen_mask:  # nothing it needs is showing: the all-live chance, no count to make
            counted.append(DrawLiveness(draw, (), outs.bit_count(), all_live, all_live))
            continue
        showing = tuple((seat, card) for seat, card in seen if outs >> card & 1)
        live_counts = tuple((m & ~seen_mask).bit_count() for m in draw.masks)
        chance = draw_chance(live_counts, draw.per_group, draw.completes, left, unseen)
        counted.append(DrawLiveness(draw, showing, sum(live_counts), chance, all_live))
    primary = next((d for d in counted if d.draw.primary), None)
    return Liveness(LIVE if primary is None else grade(primary.ratio), tuple(counted), unseen)
