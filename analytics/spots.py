"""The 3rd-street spot: what a player held, what was showing, what he faced and did, and what it cost.

Stud's first decision is made with a quarter of the other players' cards face up. A "spot" is that moment
for one player whose starting cards are known (his own hands, and anybody's he showed down): the class of
his hand (:mod:`.start_hands`), how many of the cards it needs were showing (:mod:`.liveness`), the door
cards still to act behind him that beat his own (in the razz games: undercut it), where he sat in the
order from the bring-in, the betting he faced and what he did, and the hand's result in big bets (with the
all-in EV where the chips went in before the last street). The game's first street is Five Card Stud's
2nd; "3rd street" here means that street in every game.

Why the betting comes through one function (:func:`first_street`): the spot must not keep a count of the
betting of its own (the engine's state machine has the only one). :func:`first_street` reads the engine's
record of the replay (:attr:`ReplayResult.decisions`: the bet count and the level each decision faced),
and the cards come from the engine's too (:attr:`ReplayResult.dealt`: a down card shown at the showdown is
filled in where it was dealt), never from a pass over the events here.

Everything here is a pure function of a :class:`Hand` and its :class:`ReplayResult`; the results are
frozen dataclasses, and :func:`spot_row` flattens a spot into the columns a stats table groups by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Mapping, Sequence, cast

from ..engine.cards import Card
from ..engine.games import RULES, card_order
from ..engine.model import CALL, CHECK, FOLD, DealtCards, Hand, Money, ReplayResult, direct_init
from .equity import AllInEV, allin_ev
from .liveness import Liveness, seen_liveness
from .start_hands import StartHand, start_hand

UNOPENED: Final = "unopened"
BRING_IN_ONLY: Final = "bring-in only"
COMPLETED: Final = "completed"
RERAISED: Final = "re-raised"
FACED: Final[tuple[str, ...]] = (UNOPENED, BRING_IN_ONLY, COMPLETED, RERAISED)
"""The betting a player's first decision faced: nothing to call (the bring-in player choosing to complete
rather than post, or a player facing no forced bet), the bring-in and no more (called by others or not:
:attr:`FirstDecision.callers` counts who called before him), one completion, or a completion raised at
least once."""

FOLDS: Final = "fold"
CALLS: Final = "call"
COMPLETES: Final = "complete"
RAISES: Final = "raise"
TAKEN: Final[tuple[str, ...]] = (FOLDS, CALLS, COMPLETES, RAISES)
"""What the player did at his first decision: fold, call (a check of a bring-in he posted counts as a
call: he stays in for what is in front of him), complete (the first completion), or raise a completion."""


@dataclass(frozen=True, slots=True)
class FirstDecision:
    """A player's first voluntary decision of the first street, with the betting in front of him:
    ``faced`` (:data:`FACED`), the completions and raises before it (``bets``), the players who had
    called before him, the bring-in or a completion (``callers``), what he did (:data:`TAKEN`), and the
    seats that had folded before it (``folded_before``: the players he no longer faced)."""

    seat: int
    faced: str
    bets: int
    callers: int
    taken: str
    folded_before: frozenset[int]


direct_init(FirstDecision)  # one for every player deciding on the first street of every hand imported


@dataclass(frozen=True, slots=True)
class FirstStreet:
    """The first street's betting context: the bring-in seat (``None`` when the hand shows none), the
    seats dealt in in acting order from the bring-in (clockwise: up the seat numbers, wrapping), each
    seat's door card, and each deciding seat's :class:`FirstDecision`."""

    bring_in: int | None
    order: tuple[int, ...]
    doors: Mapping[int, Card]
    first: Mapping[int, FirstDecision]


def first_street(hand: Hand, result: ReplayResult, doors: Mapping[int, Card] | None = None) -> FirstStreet:
    """The betting context of ``hand``'s first street, as the engine replayed it (``result``).

    The one place a spot learns about the betting, and all of it is the engine's record: the decisions
    and what each faced (:attr:`ReplayResult.decisions`), the bring-in (:attr:`ReplayResult.bring_in_seat`;
    when the hand shows none, the game's rule on the door cards) and the door cards
    (:attr:`ReplayResult.dealt`). A first decision facing no completion faced the bring-in when the
    street's level was already above nothing (the post), and nothing otherwise."""
    rules = RULES[hand.game]
    street = rules.first_street
    if doors is None:
        doors = first_cards(result.dealt, street, first_dealt(hand))[0]
    bring_in = result.bring_in_seat
    if bring_in is None and doors:
        bring_in = rules.bring_in_seat(doors)
    seats = sorted(doors)
    if bring_in is None or bring_in not in doors:
        order = tuple(seats)
    else:
        start = bring_in
        order = tuple(sorted(seats, key=lambda s: (s < start, s)))
    first: dict[int, FirstDecision] = {}
    callers = 0
    folded: set[int] = set()
    for d in result.decisions.get(street, ()):
        kind = d.action.kind
        if d.seat not in first:
            if d.aggressions >= 2:
                faced = RERAISED
            elif d.aggressions == 1:
                faced = COMPLETED
            else:
                faced = BRING_IN_ONLY if d.level > 0 else UNOPENED
            if d.aggressive:
                taken = COMPLETES if d.aggressions == 0 else RAISES
            else:
                taken = FOLDS if kind is FOLD else CALLS
            first[d.seat] = FirstDecision(d.seat, faced, d.aggressions, callers, taken, frozenset(folded))
        if kind is CALL or (kind is CHECK and d.seat == bring_in):
            callers += 1
        elif kind is FOLD:
            folded.add(d.seat)
    return FirstStreet(bring_in, order, doors, first)


FirstCards = tuple[dict[int, Card], dict[int, tuple[Card, ...]]]
"""Each seat's door card and the first-street cards of each seat whose every one is known
(:func:`first_cards`)."""


def first_cards(dealt: Sequence[DealtCards], street: int, count: int) -> FirstCards:
    """From the engine's record of the deal (:attr:`ReplayResult.dealt`), in one pass: each seat's door
    card (its last up card of the first ``street``), and the first-street cards of each seat whose every
    one is known by the hand's end (dealt face up, dealt to the history's owner, or filled in from a
    show): its down cards, then its door card, as dealt. A seat dealt other than ``count`` different
    cards on that street (a damaged history: the validator says so) has no starting hand."""
    doors: dict[int, Card] = {}
    held: dict[int, tuple[Card | None, ...]] = {}
    for seat, dealt_on, up, cards, _, _ in dealt:
        if dealt_on == street and seat is not None:
            held[seat] = held.get(seat, ()) + cards
            if up and cards and cards[-1] is not None:
                doors[seat] = cards[-1]
    return doors, {
        seat: cast(tuple[Card, ...], cards)
        for seat, cards in held.items()
        if None not in cards and len(cards) == count == len(set(cards))
    }


def first_dealt(hand: Hand) -> int:
    """How many cards the rules deal each player on the first street of ``hand``'s game."""
    deal = RULES[hand.game].streets[0]
    return deal.down + deal.up


@dataclass(frozen=True, slots=True)
class Spot:
    """One player's first-street spot (see the module docstring).

    ``cards`` are his down cards then his door; ``visible`` the other players' door cards he could see
    (seat -> card); ``position`` his place in the acting order (0 the bring-in) of ``players`` dealt
    in; ``beaten_behind`` the door cards of the players acting after him (the bring-in included, who
    closes the round) that beat his door card (stud games: a higher rank, the ace high; razz games: a
    lower one in the game's low order; a card of the same rank does neither); ``decision`` his first
    decision (``None`` when he had none: a bring-in everybody folded to, or only called); ``net`` the
    hand's result by the rules in its unit (cents, whole chips), ``big_bet`` the stakes' big bet (0 when a site that prints no stakes
    never showed it), ``allin`` his all-in EV where the hand had an all-in spot for him."""

    seat: int
    player: str
    cards: tuple[Card, ...]
    start: StartHand
    liveness: Liveness
    visible: Mapping[int, Card]
    position: int
    players: int
    beaten_behind: tuple[tuple[int, Card], ...]
    decision: FirstDecision | None
    net: Money
    big_bet: Money
    allin: AllInEV | None

    @property
    def net_bb(self) -> float | None:
        """The result in big bets (``None`` without a big bet to divide by)."""
        return self.net / self.big_bet if self.big_bet > 0 else None

    @property
    def allin_ev_bb(self) -> float | None:
        """The all-in EV in big bets, where there is one."""
        return self.allin.ev / self.big_bet if self.allin is not None and self.big_bet > 0 else None


direct_init(Spot)  # one for every player of every hand imported whose first-street cards are known


def spots(
    hand: Hand,
    result: ReplayResult,
    allin: Mapping[int, AllInEV] | None = None,
    *,
    every_draw: bool = True,
    first: FirstCards | None = None,
) -> list[Spot]:
    """The first-street spot of every player of ``hand`` whose starting cards are known by the hand's
    end (:func:`first_cards`), in seat order. ``allin`` are the hand's all-in EVs and ``first`` its
    :func:`first_cards` when the caller has them (the import works each out once for the flags and the
    spots); otherwise they are worked out here. Without ``every_draw`` a spot's liveness counts its
    primary draw only (all the stored columns need: the import)."""
    street = RULES[hand.game].first_street
    doors, held = first_cards(result.dealt, street, first_dealt(hand)) if first is None else first
    if not held:  # most hands of a tracker's database have one known hand, the hero's, or none
        return []
    context = first_street(hand, result, doors)
    names = {s.seat: s.player for s in hand.seats}
    evs = allin_ev(hand, result) if allin is None else allin
    order = context.order
    bring_in = context.bring_in
    pot = RULES[hand.game].pot
    key = card_order(pot.aces)
    rank = {seat: key(card)[0] for seat, card in doors.items()}
    listed = sorted(doors.items())
    out = []
    for position, seat in enumerate(order):
        cards = held.get(seat)
        if cards is None or seat not in names:
            continue
        seen = [(s, c) for s, c in listed if s != seat]
        start = start_hand(hand.game, cards)
        live = seen_liveness(start, len(cards), seen, not every_draw)
        behind = list(order[position + 1 :])
        if bring_in is not None and bring_in != seat and bring_in not in behind:
            behind.append(bring_in)
        mine = rank[seat]
        # a higher door in the high games (stud8 bets its 3rd street for high), a lower one in the razz
        # games' order (the pot's: aces low in razz, high in 2-7 razz)
        # (a seat whose door card is unknown, a hand printed without it, beats nobody we can see)
        beaten = tuple((s, doors[s]) for s in behind if s in rank and (rank[s] < mine if pot.low else rank[s] > mine))
        out.append(
            Spot(
                seat,
                names[seat],
                cards,
                start,
                live,
                dict(seen),
                position,
                len(order),
                beaten,
                context.first.get(seat),
                result.net.get(seat, 0),
                hand.big_bet,
                evs.get(seat),
            )
        )
    return sorted(out, key=lambda s: s.seat)


SPOT_COLUMNS: Final[tuple[tuple[str, str], ...]] = (
    ("start_family", "text"),
    ("liveness", "text"),
    ("live_ratio", "float"),
    ("outs", "int"),
    ("outs_showing", "int"),
    ("position", "int"),
    ("beaten_behind", "int"),
    ("faced", "text"),
    ("taken", "text"),
)
"""The columns the import stores for every spot in ``hand_players`` (NULL for a player without one), with
their kinds (as :data:`studbook.analytics.flags.FLAG_COLUMNS` spells them): the class's family, the grade
and the share of the all-live chance behind it, the primary draw's outs and how many were showing, the
position from the bring-in, the better doors behind, the betting faced and the action taken. The class
itself is ``start_class`` (a flag column, the same :func:`~.start_hands.start_hand`), and the results in
big bets are worked out where read, from ``net`` and ``allin_ev`` over the hand's big bet, so no money is
stored twice."""

SPOT_NAMES: Final[tuple[str, ...]] = tuple(name for name, _ in SPOT_COLUMNS)

ROW_COLUMNS: Final[tuple[str, ...]] = ("player", "game", "start_class", *SPOT_NAMES, "net_bb", "allin_ev_bb")
"""The columns of a spot row (:func:`spot_row`, and the stored spots as :mod:`.spot_table` reads them):
who and which game, the class, the stored columns and the result and all-in EV in big bets."""


def spot_values(spot: Spot) -> tuple[str | int | float | None, ...]:
    """The :data:`SPOT_COLUMNS` of ``spot``, in order (what the import writes)."""
    primary = spot.liveness.primary
    decision = spot.decision
    return (
        spot.start.family,
        spot.liveness.grade,
        primary.ratio if primary is not None else 1.0,
        primary.draw.outs_mask.bit_count() if primary is not None else 0,
        primary.visible if primary is not None else 0,
        spot.position,
        len(spot.beaten_behind),
        decision.faced if decision is not None else None,
        decision.taken if decision is not None else None,
    )


def spot_row(spot: Spot) -> dict[str, str | int | float | None]:
    """One spot as the :data:`ROW_COLUMNS`, what the spots table of :mod:`.spot_table` reads."""
    values = (
        spot.player,
        str(spot.start.game),
        spot.start.name,
        *spot_values(spot),
        spot.net_bb,
        spot.allin_ev_bb,
    )
    return dict(zip(ROW_COLUMNS, values))


def spot_rows(pairs: Sequence[tuple[Hand, ReplayResult]]) -> list[dict[str, str | int | float | None]]:
    """:func:`spot_row` of every spot of every hand, in order (a DataFrame's rows)."""
    return [spot_row(s) for hand, result in pairs for s in spots(hand, result)]
