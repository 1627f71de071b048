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

The chance is the hypergeometric chance of catching at least ``need`` of the outs in the cards the game
still deals the player, from the cards he cannot see. For pairs and flushes that is exact; for straights
and lows, whose outs must also be of different ranks, it is an upper bound of the same shape, which is what
a ratio of two of them needs (docs/liveness.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Final, Mapping, Sequence

from ..engine.cards import DECK, Card
from .start_hands import Draw, StartHand

LIVE: Final = "live"
HALF_DEAD: Final = "half-dead"
DEAD: Final = "dead"
GRADES: Final[tuple[str, ...]] = (LIVE, HALF_DEAD, DEAD)
"""The grades from best to worst (the order of a table's or a chart's rows)."""

LIVE_RATIO: Final = 0.75
DEAD_RATIO: Final = 0.40
"""The share of the all-live chance of making the primary draw above which a hand is ``live``, and
below which it is ``dead`` (docs/liveness.md: a split pair with one of its rank out keeps ~52% of its
chance of trips, a three-flush with two of its suit out ~62%, with four out ~30%)."""


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


@cache
def make_chance(outs: int, need: int, draws: int, unseen: int) -> float:
    """The chance of catching at least ``need`` of ``outs`` cards in ``draws`` cards dealt from
    ``unseen`` (hypergeometric; 1.0 when nothing is needed, 0.0 when the outs or the draws are too few).
    Kept per arguments: a few hundred combinations of small numbers, asked twice for every draw of every
    spot."""
    if need <= 0:
        return 1.0
    if need > min(outs, draws) or draws > unseen:
        return 0.0
    total = comb(unseen, draws)
    return sum(comb(outs, k) * comb(unseen - outs, draws - k) for k in range(need, min(outs, draws) + 1)) / total


def grade(ratio: float) -> str:
    """The grade of a draw that keeps ``ratio`` of its all-live chance (see the module docstring)."""
    if ratio >= LIVE_RATIO:
        return LIVE
    return HALF_DEAD if ratio >= DEAD_RATIO else DEAD


def liveness(hand: StartHand, own: Sequence[Card], visible: Mapping[int, Sequence[Card]]) -> Liveness:
    """``hand`` (the class of ``own`` cards) against the ``visible`` cards of the other players (seat ->
    the up cards the player could see at his decision; his own seat must not be in it).

    A hand that draws to nothing that matters (rolled-up trips) is ``live`` whatever shows."""
    seen = [(seat, card) for seat, cards in sorted(visible.items()) for card in cards]
    unseen = len(DECK) - len(own) - len(seen)
    counted = []
    for draw in hand.draws:
        showing = tuple((seat, card) for seat, card in seen if card in draw.outs)
        live = len(draw.outs) - len(showing)
        counted.append(
            DrawLiveness(
                draw,
                showing,
                live,
                make_chance(live, draw.need, hand.draws_left, unseen),
                make_chance(len(draw.outs), draw.need, hand.draws_left, unseen),
            )
        )
    primary = next((d for d in counted if d.draw.primary), None)
    return Liveness(LIVE if primary is None else grade(primary.ratio), tuple(counted), unseen)
