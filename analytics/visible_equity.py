"""Equity against what was showing: a starting hand's chance against the door cards it faced.

Why on demand and not at import: an all-in EV (:mod:`.equity`) values a hand whose cards are all known at
showdown; at a 3rd-street decision the opponents' down cards are unknown, so the question is "what is my
hand worth against *those* door cards, each with any two down cards from what I cannot see". That is an
average over every deal of the unseen cards to the opponents' down cards and to everybody's later
streets, far too many to enumerate (two seven-card hands from 3rd street: ~10^14 deals), so it is a
seeded Monte-Carlo estimate with its standard error, a tenth of a second or so per spot: a question asked
of a spot, not a column of every hand.

Every visible card is dead: the door cards of players who had folded before the decision are out of the
deck, and the door cards of those still in are theirs. Down cards the player could not see (a folded
player's, known to the history or not) stay among the unseen cards, as they were for him.

The valuation is :func:`studbook.analytics.equity.equity`'s (the game's rankings, ties and hi/lo halves,
its exact enumeration where the run-outs are few, its sampler otherwise): this module only says who holds
what at the decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..engine.cards import DECK, Card
from ..engine.games import RULES
from ..engine.model import Game, Hand, ReplayResult
from .equity import EXACT_LIMIT, SAMPLES, equity, hand_seed
from .spots import Spot


@dataclass(frozen=True, slots=True)
class SpotEquity:
    """A hand's equity (expected share of a pot everybody in can win, 0..1; a hi/lo half is half of it)
    against ``opponents`` players, with its standard error (0.0 when ``exact``) over ``outcomes``
    deals; ``dead`` the visible cards out of play."""

    equity: float
    stderr: float
    exact: bool
    outcomes: int
    opponents: int
    dead: tuple[Card, ...]

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The equity's confidence interval (95% by default)."""
        return self.equity - z * self.stderr, self.equity + z * self.stderr


def showing_equity(
    game: Game,
    cards: Sequence[Card],
    opponents: Sequence[Sequence[Card]],
    dead: Sequence[Card] = (),
    *,
    folded: int | None = None,
    samples: int = SAMPLES,
    exact_limit: int = EXACT_LIMIT,
    seed: int = 0,
) -> SpotEquity:
    """The equity of ``cards`` (all the player holds) against each of ``opponents`` (the up cards each
    shows; their other cards come from the unseen ones), with ``dead`` cards out of play. ``folded`` is
    how many players were dealt in and folded (by default one for each dead card, a door each): their
    cards are not dealt again, so with them the deck may run short of seven cards for everybody, and the
    last card is then one community card, as the rules deal it. ValueError as
    :func:`studbook.analytics.equity.equity` (a card twice, no opponent, too many cards)."""
    if not opponents:
        raise ValueError("showing_equity: no opponent left to play against")
    folded = len(dead) if folded is None else folded
    known: dict[int, Sequence[Card]] = {0: tuple(cards)}
    known.update({i: tuple(up) for i, up in enumerate(opponents, start=1)})
    rules = RULES[game]
    first = rules.streets[0].down + rules.streets[0].up
    dealt = first * (len(known) + folded) + (rules.hand_size - first) * len(known)
    found = equity(
        game,
        known,
        tuple(dead),
        community=dealt > len(DECK),
        exact_limit=exact_limit,
        samples=samples,
        seed=seed,
    )
    return SpotEquity(
        found.expected[0], found.stderr[0], found.exact, found.outcomes, len(opponents), tuple(sorted(dead))
    )


def spot_equity(
    hand: Hand, result: ReplayResult, spot: Spot, *, samples: int = SAMPLES, seed: int | None = None
) -> SpotEquity:
    """The equity of ``spot``'s player at his first decision against the players still in then (who
    had not folded before it; for a player who had no decision, those who did not fold on the first
    street), the door cards of those who had folded dead. The seed is the hand's and the seat's unless
    given, so asking twice gives the same number."""
    if spot.decision is not None:
        gone = spot.decision.folded_before
    else:
        first = RULES[hand.game].first_street
        gone = frozenset(s for s, street in result.folded.items() if street == first)
    mapping: Mapping[int, Card] = spot.visible
    opponents = [(mapping[s],) for s in sorted(mapping) if s not in gone]
    dead = [mapping[s] for s in sorted(mapping) if s in gone]
    return showing_equity(
        hand.game,
        spot.cards,
        opponents,
        dead,
        samples=samples,
        seed=hand_seed(hand) + spot.seat if seed is None else seed,
    )
