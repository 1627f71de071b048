"""The steps view: the table after every event of a hand, as the rules see it, for a replayer that
steps through the hand (:mod:`studbook.analytics.html_replay`) and shows the engine's numbers as they
are instead of recounting them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .model import (
    DealtCards,
    Decision,
    Hand,
    KnownCard,
    Money,
    ReplayResult,
    known_cards,
)
from .profiles import RuleProfile
from .walk import HandWalk


@dataclass(frozen=True, slots=True)
class TableState:
    """The table as the rules see it right after one event of a hand (``index`` in ``hand.events``): the
    street, each seat's chips behind (``stacks``), in the pot (``invested``, antes included, uncalled bets
    given back once the rules return them) and on this street (``street_bets``), the street total to call
    (``level``), who has folded, whose turn it is now (``None`` when nobody's, or the cards cannot say),
    and how many violations the replay had found so far (the ones this event added are those past the
    previous state's count).

    Why: a replayer that steps through a hand action by action shows the pot and the bets after each
    one; they are the engine's numbers, taken as it goes (:func:`replay_steps`), never recounted."""

    index: int
    street: int
    stacks: Mapping[int, Money]
    invested: Mapping[int, Money]
    street_bets: Mapping[int, Money]
    level: Money
    folded: frozenset[int]
    to_act: int | None
    violations: int
    dealt: tuple[DealtCards, ...] = ()
    """Every card dealt so far, in groups in the order dealt, as known now (:attr:`ReplayResult.dealt`
    at this point: a down card fills in once its owner has shown it); :attr:`cards` one by one."""
    shown: frozenset[int] = frozenset()
    """The seats that have shown (or mucked face up) so far: their down cards are everyone's to see."""
    decision: Decision | None = None
    """What the event, a voluntary action, faced (:class:`.model.Decision`, the same record as
    :attr:`ReplayResult.decisions`); ``None`` for any other event."""

    @property
    def cards(self) -> tuple[KnownCard, ...]:
        """Every card dealt so far (:attr:`dealt`), one :class:`.model.KnownCard` each."""
        return known_cards(self.dealt)

    @property
    def pot(self) -> Money:
        """Every chip in the middle now, this street's bets included."""
        return sum(self.invested.values())


def table_after(walk: HandWalk, index: int) -> TableState:
    """The table after event ``index`` of the hand ``walk`` is replaying (see :class:`TableState`)."""
    state, decision = walk.state, walk.last_decision
    return TableState(
        index=index,
        street=state.street,
        stacks=dict(state.stack),
        invested=dict(state.invested),
        street_bets=dict(state.ledger.contrib),
        level=state.ledger.level,
        folded=frozenset(state.folded),
        to_act=None if state.hand_over else state.to_act,
        violations=len(walk.violations),
        dealt=walk.dealt_cards(),
        shown=frozenset(walk.shown),
        decision=decision if decision is not None and decision.index == index else None,
    )


def replay_steps(hand: Hand, profile: RuleProfile) -> tuple[ReplayResult, tuple[TableState, ...]]:
    """:func:`replay`, and the table after each of the hand's events (one :class:`TableState` per event,
    in order). The result's violations are those of :func:`replay`: the ones found at the end (the
    payout's) come after the last state's count."""
    walk = HandWalk(hand, profile)
    states = []
    for index, event in enumerate(hand.events):
        walk.on_event(event, index)
        states.append(table_after(walk, index))
    return walk.finish(), tuple(states)
