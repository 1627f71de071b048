"""The walk: feeding a recorded hand's events, one by one, to the state machine (:class:`.state.StudState`),
recording every rule the hand breaks and carrying on the way the site did.

Where each rule of docs/rules.md is checked here (the betting's own rules are the state machine's, see
:mod:`.state`): §1 the deal: :meth:`HandWalk.on_deal` (cards per street, after a fold), :meth:`HandWalk.see`
(a card twice), :meth:`HandWalk.check_deals` (a street missed), the ante's amount in
:meth:`HandWalk.on_action`; §3 what the site returns as uncalled (:meth:`HandWalk.on_uncalled`,
:meth:`HandWalk.settle_uncalled`) and its notes on the betting (:meth:`HandWalk.on_marker`); §4 a player
left waiting (:meth:`HandWalk.goto`, :meth:`HandWalk.finish`); §5 the table's size (``table.size``, at
the start); §6 shown hands (:meth:`HandWalk.on_reveal`) and the payout (:meth:`HandWalk.finish`, through
:func:`.pots.audit_payout`).
"""

from __future__ import annotations

from functools import partial
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Callable, Final, Iterable, Mapping, Sequence

from .betting import AGGRESSIVE, StreetLedger
from .cards import Card, format_cards
from .games import RULES
from .model import (
    ANTE,
    BRING_IN,
    CALL,
    CHECK,
    RAISE,
    STREET_NAMES,
    Action,
    CommunityCard,
    Collect,
    Deal,
    DealtCards,
    Decision,
    Event,
    Half,
    Hand,
    Marker,
    Money,
    Muck,
    ReplayResult,
    Show,
    UncalledReturn,
    Violation,
    format_money,
)
from .pots import PotResult, audit_payout
from .profiles import RuleProfile
from .state import UNJUDGED, StudState, _move


_bare: Final = object.__new__
"""An instance of a class with none of its fields set yet (:meth:`HandWalk.decide` sets them)."""


def nominal_bring_in(hand: Hand) -> Money | None:
    """The stakes' bring-in, which PokerStars text never prints (``None`` when the hand cannot tell).

    The posted bring-in says it, unless the bring-in player was all-in for less: that short amount is
    his whole wager, yet the others must still enter for the full bring-in (docs/rules.md §2). The full one
    then shows in the first 3rd-street call of a player not all-in before anyone completes (he matches
    it), or in a completion printed as a raise (``raises X to Y`` raises over Y - X, the bring-in).
    Nothing else about it can be known: a completion by the next player decides every later amount.
    """
    if hand.bring_in is not None:
        return hand.bring_in
    first = RULES[hand.game].first_street
    short: Action | None = None  # the bring-in posted all-in for less, once found
    # one pass that stops at the first action that tells (usually the bring-in itself): this runs for
    # every hand of a site that prints no bring-in
    for e in hand.events:
        if type(e) is not Action or e.street != first or e.kind is ANTE:  # the event classes are final
            continue
        if short is None:
            if e.kind is BRING_IN:
                if not e.all_in:
                    return e.amount
                short = e
        elif e.kind is CALL and not e.all_in:
            return e.amount if e.amount > short.amount else None
        elif e.kind is RAISE and e.to is not None:
            over = e.to - e.amount
            return over if over > short.amount else None
        elif e.kind in AGGRESSIVE:
            return None
    return None


_STREET: Final = itemgetter(1)
"""The street of a (seat, street) pair of :attr:`HandWalk.dealt`."""

_DEALT_IN: Final = frozenset({Action, Deal})
"""The events whose seat was dealt into the hand (:func:`_in_hand`)."""


def _in_hand(hand: Hand) -> dict[int, Money]:
    """Stacks of the seats dealt into the hand: they ante or receive cards (sitting-out seats do not)."""
    seated = {s.seat for s in hand.seats}
    playing: set[int] = set()
    # the events only until every seated player has shown he plays: usually his ante, at the start (this
    # runs for every hand). The event classes are final (see HandWalk.on_event): one type test, not isinstance
    for e in hand.events:
        if type(e) in _DEALT_IN and e.seat in seated:  # type: ignore[union-attr]  # an Action or Deal
            playing.add(e.seat)  # type: ignore[union-attr]
            if len(playing) == len(seated):
                break
    return {s.seat: s.stack for s in hand.seats if s.seat in playing}


def _usual_ante(hand: Hand) -> Money | None:
    """The ante most players posted (not all-in; the first of the most common, as
    ``Counter.most_common(1)`` picks it): what the antes of a hand that states none are held to."""
    antes: dict[Money, int] = {}
    for e in hand.events:
        if type(e) is Action and e.kind is ANTE and not e.all_in:
            antes[e.amount] = antes.get(e.amount, 0) + 1
    return max(antes, key=antes.__getitem__) if antes else None


def seat_label(names: Mapping[int, str], seat: int) -> str:
    """``Seat 3 (Bob)`` as violations name a player (``Seat 3`` for a seat nobody sits in)."""
    name = names.get(seat)
    return f"Seat {seat} ({name})" if name else f"Seat {seat}"


class HandWalk:
    """One pass over a hand's events through a :class:`.state.StudState`, collecting violations: what
    :func:`.replay.replay` and :func:`.steps.replay_steps` run."""

    # slots, not a __dict__: more attributes than CPython keeps an instance's dict compact for (30), read
    # at every event
    __slots__ = (
        "_acted",
        "_aggressor",
        "_bring_in_known",
        "_checked",
        "_deals",
        "_decision_street",
        "_first_street",
        "_opened",
        "_street_decisions",
        "bring_in_seat",
        "collects",
        "conceded",
        "deals",
        "dealt",
        "decisions",
        "hand",
        "label",
        "last_decision",
        "markers",
        "money",
        "names",
        "nominal_ante",
        "owner",
        "reached",
        "rules",
        "shown",
        "site_returns",
        "started",
        "state",
        "street_aggressor",
        "unjudged",
        "violations",
    )

    def __init__(self, hand: Hand, profile: RuleProfile) -> None:
        self.hand = hand
        self.names = {s.seat: s.player for s in hand.seats}
        # plain functions, not this object's bound methods: the state holding a method of its owner makes
        # a reference cycle, and a cycle per hand left ~80 objects a hand to the garbage collector (~11% of
        # an import's time)
        self.label = partial(seat_label, self.names)
        self.money = partial(format_money, currency=hand.currency, per_unit=hand.per_unit)
        stacks = _in_hand(hand)
        self.state = StudState(
            hand.game,
            hand.small_bet,
            hand.big_bet,
            stacks,
            profile,
            bring_in=nominal_bring_in(hand),
            label=self.label,
            money=self.money,
            limit=hand.limit,
        )
        self.violations: list[Violation] = (
            [
                Violation("cards.garbled", f"unreadable site output: {w.message} ({w.text!r})", line=w.line)
                for w in hand.warnings
            ]
            if hand.warnings  # most hands have none: no comprehension (a function made and called) for them
            else []
        )
        self.unjudged: list[Violation] = []
        dealt_in, most = len(self.state.seats), RULES[hand.game].max_players
        if dealt_in > most:
            self.violations.append(
                Violation(
                    "table.size",
                    f"{dealt_in} players are dealt in, but a {RULES[hand.game].title} deck serves at most {most}",
                    line=hand.source_line,
                )
            )
        self.owner: dict[Card, int | None] = {}
        self.dealt: set[tuple[int, int]] = set()
        """The (seat, street) pairs dealt to so far: a second deal to one is flagged."""
        self.deals: list[DealtCards] = []
        """Each group of cards dealt together (a deal line's down cards, its up cards, the community
        card), in the order dealt, none of them shown yet: :meth:`dealt_cards`."""
        self.shown: dict[int, list[Card]] = {}
        self.conceded: set[int] = set()
        self.collects: list[Collect] = []
        self.site_returns: list[UncalledReturn] = []
        self.markers: list[Marker] = []
        self.rules = RULES[hand.game]
        self._deals = self.rules.deals  # looked up at every deal
        self.started: dict[int, tuple[int, ...]] = {self.rules.first_street: ()}
        # the decisions' record (ReplayResult.decisions and the fields after it): see decide()
        self.decisions: dict[int, list[Decision]] = {}
        self.reached: set[int] = set()
        """The streets of the antes, the bring-in and the community card: those that reached no deal
        (:attr:`dealt`) or voluntary decision (:attr:`decisions`), which :meth:`finish` adds, since
        recording every event's street as it goes would cost a set insertion per event."""
        self.street_aggressor: dict[int, int] = {}
        self.bring_in_seat: int | None = None
        self._bring_in_known = False
        self._first_street = self.rules.first_street
        self._decision_street: int | None = None
        self._street_decisions: list[Decision] = []
        self._aggressor: int | None = None
        self._opened = False
        self._acted: set[int] = set()
        self._checked: set[int] = set()
        self.last_decision: Decision | None = None
        """The decision recorded last (what the steps view gives beside the table after it)."""
        self.nominal_ante: Money | None = hand.ante if hand.ante is not None else _usual_ante(hand)
        """The hand's stated ante, else the one most players posted: the yardstick of every ante."""

    def flag(
        self, rule: str, message: str, line: int | None, seat: int | None = None, street: int | None = None
    ) -> None:
        player = self.names.get(seat) if seat is not None else None
        self.violations.append(Violation(rule, message, street, seat, player, line))

    # ------------------------------------------------------------------ events
    def run(self) -> ReplayResult:
        handlers = _HANDLERS  # on_event's dispatch, with no call of its own per event: the hot loop
        for index, event in enumerate(self.hand.events):
            handlers[type(event)](self, event, index)
        return self.finish()

    def on_event(self, event: Event, index: int) -> None:
        """Replay ``event``, at ``index`` in the hand's events: by the event's class, looked up once,
        instead of a chain of isinstance tests (the event classes are final: slotted dataclasses nothing
        derives from)."""
        _HANDLERS[type(event)](self, event, index)

    def on_community(self, event: CommunityCard, index: int) -> None:
        self.reached.add(self.rules.last_street)
        self.deals.append((None, self.rules.last_street, True, (event.card,), event.line, ()))
        self.goto(self.rules.last_street, event.line)
        self.see((event.card,), None, event.line)
        self.state.deal_community(event.card)

    def on_collect(self, event: Collect, index: int) -> None:
        self.collects.append(event)

    def goto(self, street: int, line: int) -> None:
        """Move the state to ``street``, flagging a street left while someone still had to act (a street
        the game does not have is flagged where its cards or actions are: ``cards.count``, ``action.order``)."""
        state = self.state
        while state.street < min(street, self.rules.last_street):
            waiting = state.to_act
            if waiting is not None:
                self.flag(
                    "action.missing",
                    f"{STREET_NAMES[state.street]} street ended while {self.label(waiting)} still had to act",
                    line,
                    waiting,
                    state.street,
                )
            self.settle_uncalled(line)
            state.start_street(state.street + 1)
            self.started[state.street] = state.live

    def on_action(self, action: Action, index: int) -> None:
        state = self.state
        if action.kind is ANTE:
            self.reached.add(action.street)
            nominal = self.nominal_ante if self.nominal_ante is not None else action.amount
            if action.amount != nominal and not action.all_in:
                self.flag(
                    "ante.amount",
                    f"{self.label(action.seat)} antes {self.money(action.amount)}, but the "
                    f"ante is {self.money(nominal)}",
                    action.line,
                    action.seat,
                    self.rules.first_street,
                )
            if action.amount > state.stack[action.seat]:
                self.flag(
                    "stack.exceeded",
                    f"{self.label(action.seat)} antes {self.money(action.amount)} with only "
                    f"{self.money(state.stack[action.seat])}",
                    action.line,
                    action.seat,
                    self.rules.first_street,
                )
            state.post_ante(action.seat, action.amount)
            return
        if action.street > state.street:
            self.goto(action.street, action.line)
        ledger = state.ledger
        self.decide(action, index, ledger, state.capped)
        kind = action.kind
        move = _move(kind, ledger.added(action))  # the chips it adds, as the street's ledger reads them
        level = ledger.level
        if kind is RAISE and action.to is not None and action.amount != action.to - level:
            self.flag(
                "bet.size",
                f"{self.label(action.seat)} raises {self.money(action.amount)} to "
                f"{self.money(action.to)}, but the bet before was {self.money(level)}",
                action.line,
                action.seat,
                action.street,
            )
        # the state's act, spelt out (one call fewer per action): the rules the move breaks, then the move
        breaches = state.check(action.seat, move)
        state.apply(action.seat, move)
        for breach in breaches:
            if breach.rule == UNJUDGED:
                self.unjudged.append(
                    Violation(
                        breach.rule,
                        breach.message,
                        action.street,
                        action.seat,
                        self.names.get(action.seat),
                        action.line,
                    )
                )
            else:
                self.flag(breach.rule, breach.message, action.line, action.seat, action.street)

    def decide(self, action: Action, index: int, ledger: StreetLedger, capped: bool) -> None:
        """Record what ``action`` (not an ante) faced, before the state performs it: a :class:`Decision`
        for every voluntary action, the bring-in's seat at the first street's first action. ``ledger``
        and ``capped`` are the state's, as the caller has them at hand.

        The street's own record (its aggressor, whether it was opened, who has acted and who has
        checked) starts again whenever a decision names another street than the one before: the
        street the action says it is on, which is the street its player saw."""
        kind, seat, on = action.kind, action.seat, action.street
        if not self._bring_in_known and on == self._first_street:
            self._bring_in_known = True
            if kind is BRING_IN or kind in AGGRESSIVE:
                self.bring_in_seat = seat
        if kind is BRING_IN:
            self.reached.add(on)
            return
        if on != self._decision_street:
            self._decision_street, self._aggressor, self._opened = on, None, False
            self._acted, self._checked = set(), set()
            self._street_decisions = self.decisions.setdefault(on, [])
        level, aggressions = ledger.level, ledger.lifts
        aggressor, acted = self._aggressor, self._acted
        to_call = ledger.to_call(seat)
        aggressive = kind in AGGRESSIVE
        # field by field into a bare instance, not through the class's __init__: one a voluntary action
        # of every hand imported (why Decision is built so: its docstring)
        decision = _bare(Decision)
        decision.action = action
        decision.index = index
        decision.seat = seat
        decision.level = level
        decision.to_call = to_call
        decision.aggressions = aggressions
        decision.aggressor = aggressor
        decision.opened = self._opened
        decision.capped = capped
        decision.first = seat not in acted
        decision.checked_before = seat in self._checked
        decision.aggressive = aggressive
        decision.faces_bet = aggressions > 0 and aggressor != seat
        decision.could_raise = not capped and not (kind is CALL and action.all_in)
        decision.dealt = len(self.deals)
        self.last_decision = decision
        self._street_decisions.append(decision)
        acted.add(seat)
        if aggressive:
            self._aggressor, self._opened = seat, True
            self.street_aggressor[on] = seat
        elif kind is CHECK:
            self._checked.add(seat)
        elif kind is CALL:
            self._opened = True

    def on_deal(self, deal: Deal, index: int) -> None:
        state, seat, street = self.state, deal.seat, deal.street
        down, up = deal.down, deal.up
        if down:
            self.deals.append((seat, street, False, down, deal.line, ()))
        if up:
            self.deals.append((seat, street, True, up, deal.line, ()))
        if street > state.street:
            self.goto(street, deal.line)
        key, dealt = (seat, street), self.dealt
        again = key in dealt
        dealt.add(key)
        expected = self._deals.get(street)
        if expected is None:
            self.flag(
                "cards.count",
                f"{self.label(deal.seat)} is dealt cards on {STREET_NAMES.get(deal.street, deal.street)} "
                f"street, which {self.rules.title} does not have",
                deal.line,
                deal.seat,
                deal.street,
            )
            return
        if seat in state.folded:
            self.flag(
                "cards.count",
                f"{self.label(deal.seat)} is dealt cards on {STREET_NAMES[deal.street]} street after folding",
                deal.line,
                deal.seat,
                deal.street,
            )
        elif again or (len(down), len(up)) != expected:
            self.flag(
                "cards.count",
                f"{self.label(deal.seat)} receives {len(down)} down and {len(up)} up on "
                f"{STREET_NAMES[deal.street]} street; the deal is {expected[0]} down and {expected[1]} up",
                deal.line,
                deal.seat,
                deal.street,
            )
        self.see((*down, *up), seat, deal.line)
        state.deal(seat, down, up)

    def see(self, cards: Iterable[Card | None], seat: int | None, line: int) -> None:
        """Record where each known card is; a card seen in two places is a duplicate. (All the cards of
        a deal in one call: this runs for every card dealt.)"""
        owner = self.owner
        for card in cards:
            if card is None:
                continue
            if card in owner:
                place = "the board" if owner[card] is None else self.label(owner[card] or 0)
                here = "the board" if seat is None else self.label(seat)
                self.flag("cards.duplicate", f"{card} is dealt to {here} but was already dealt to {place}", line, seat)
            else:
                owner[card] = seat

    def on_reveal(self, event: Show | Muck, index: int) -> None:
        seat, state = event.seat, self.state
        cards = [c for c in event.cards if c is not None]
        if seat not in state.down:
            if cards:
                self.flag(
                    "cards.count",
                    f"{self.label(seat)} shows {format_cards(cards)}, but was dealt no cards in this hand",
                    event.line,
                    seat,
                )
            return
        if type(event) is Muck and not cards:  # the event classes are final (see on_event)
            self.conceded.add(seat)
            return
        unique = list(dict.fromkeys(cards))
        if len(unique) != len(cards):
            for card in sorted({c for c in cards if cards.count(c) > 1}, key=str):
                self.flag("cards.duplicate", f"{self.label(seat)} shows {card} twice in one hand", event.line, seat)
        community = state.community
        if community:  # a shown community card is not one of his own (most hands deal none)
            board = {c for c in community if c is not None}
            own = [c for c in unique if c not in board]
        else:
            own = unique
        up = state.up[seat]
        known: set[Card | None] = set(state.down[seat])  # his dealt cards known (a set, not a comprehension)
        known.update(up)
        known.discard(None)
        room = self.rules.hand_size - len(community)
        if len(own) > room:
            self.flag(
                "cards.count",
                f"{self.label(seat)} shows {len(own)} cards of his own; a stud hand has {room}",
                event.line,
                seat,
            )
        owner = self.owner
        for card in own:
            if card in known:
                continue
            if card not in owner:
                owner[card] = seat
            elif owner[card] != seat:
                self.see((card,), seat, event.line)
        missing = sorted([c for c in up if c is not None and c not in own])
        if missing and len(own) == room:
            self.flag(
                "cards.shown",
                f"{self.label(seat)} shows {format_cards(own)} without his up cards {format_cards(missing)}",
                event.line,
                seat,
            )
        held = self.shown.setdefault(seat, [])
        held.extend([c for c in own if c not in held])  # own holds each card once

    def on_uncalled(self, event: UncalledReturn, index: int) -> None:
        expected = self.state.uncalled()
        if expected is None and self.state.unmatched_ante() == (event.seat, event.amount):
            self.site_returns.append(event)
            self.state.return_ante(event.seat, event.amount)
            return
        if expected != (event.seat, event.amount):
            rules = (
                "nothing is uncalled"
                if expected is None
                else (f"the rules return {self.money(expected[1])} to {self.label(expected[0])}")
            )
            self.flag(
                "uncalled",
                f"{self.money(event.amount)} returned to {self.label(event.seat)} as uncalled, but {rules}",
                event.line,
                event.seat,
                self.state.street,
            )
        self.site_returns.append(event)
        self.state.return_uncalled()

    def settle_uncalled(self, line: int | None) -> None:
        """Return the street's unmatched bet if the site did not, flagging the omission."""
        back = self.state.return_uncalled()
        if back is not None and self.state.profile.uncalled_printed:
            seat, amount = back
            self.flag(
                "uncalled",
                f"{self.money(amount)} of {self.label(seat)}'s bet on "
                f"{STREET_NAMES[self.state.street]} street was never called, but the site did not "
                f"return it",
                line,
                seat,
                self.state.street,
            )

    def on_marker(self, marker: Marker, index: int) -> None:
        self.markers.append(marker)
        state = self.state
        if marker.kind == "double-bet" and not state.double_bet_allowed and not state.double_bet_unknown:
            # a board not printed may hold the pair (PartyPoker prints nobody's cards but the owner's)
            self.flag(
                "marker",
                f"the site allows a double bet on {STREET_NAMES[state.street]} street, but "
                f"the rules ({state.profile.name}) do not",
                marker.line,
                street=state.street,
            )
        elif marker.kind == "capped" and not state.capped:
            self.flag(
                "marker",
                f"the site says betting is capped on {STREET_NAMES[state.street]} street after "
                f"{state.bets} bets; the cap is {state.cap}",
                marker.line,
                street=state.street,
            )

    # ------------------------------------------------------------------ the end
    def check_deals(self) -> None:
        dealt, last, community = self.dealt, self.rules.last_street, bool(self.state.community)
        for street, live in self.started.items():
            for seat in live:
                if (seat, street) not in dealt and not (street == last and community):
                    self.flag(
                        "cards.count",
                        f"{self.label(seat)} receives no card on {STREET_NAMES[street]} street",
                        None,
                        seat,
                        street,
                    )

    def finish(self) -> ReplayResult:
        hand, state = self.hand, self.state
        end_line = self.collects[0].line if self.collects else None
        if not state.hand_over and state.to_act is not None:
            waiting = state.to_act
            self.flag(
                "action.missing",
                f"the hand ends while {self.label(waiting)} still had to act on {STREET_NAMES[state.street]} street",
                end_line,
                waiting,
                state.street,
            )
        self.settle_uncalled(end_line)
        self.check_deals()
        rake = self.rules_rake(end_line)
        results = state.payout(rake, self.shown, self.conceded)
        self.check_no_low(results)
        violations, awards = audit_payout(
            hand,
            results,
            self.collects,
            rake,
            self.label,
            self.money,
            state.profile.total_includes_rake,
            state.profile.pots_include_rake,
        )
        self.violations += violations
        collected: dict[int, Money] = {}
        for c in self.collects:
            collected[c.seat] = collected.get(c.seat, 0) + c.amount
        won: dict[int, Money] = {}
        for a in awards:
            won[a.seat] = won.get(a.seat, 0) + a.amount
        live = state.live
        # the state's own dicts, not copies: the state ends with this replay (nothing changes it after)
        return ReplayResult(
            pots=tuple([r.pot for r in results]),
            awards=awards,
            rake=rake,
            invested=state.invested,
            street_invested=state.street_invested,
            returned=state.returned,
            collected=collected,
            net={s: won.get(s, 0) - state.invested[s] for s in state.seats},
            showdown=frozenset(live) if len(live) > 1 else frozenset(),
            folded=state.folded,
            violations=tuple(self.violations),
            unjudged=tuple(self.unjudged),
            dealt_in=state.seats,
            dealt=self.dealt_cards(),
            decisions={street: tuple(found) for street, found in self.decisions.items()},
            bring_in_seat=self.bring_in_seat,
            street_aggressor=self.street_aggressor,
            reached=frozenset(self.reached.union(map(_STREET, self.dealt), self.decisions)),
        )

    def dealt_cards(self) -> tuple[DealtCards, ...]:
        """Every group of cards dealt, as known at the hand's end: a player's shown cards that none of
        his deals printed fill his unknown cards in the order they were dealt (3rd street's down cards,
        then 7th's), the order every site lists a stud hand in. Shown cards left over once his unknown
        cards are filled (a site that printed fewer deals than it dealt) have no street to go to and
        stay in the showdown lines only. Without a show (most hands) the groups are the deal's own."""
        deals, shown = self.deals, self.shown
        if not shown:
            return tuple(deals)
        groups: dict[int | None, list[int]] = {}  # where each shown seat's groups are in deals
        for at, group in enumerate(deals):
            if group[0] in shown:
                groups.setdefault(group[0], []).append(at)
        out: list[DealtCards] | None = None  # a copy of deals, made once a group needs filling
        for seat, held in shown.items():
            mine = groups.get(seat, ())
            known: set[Card | None] = set()
            for at in mine:  # loops, not comprehensions (a function made and called each): every showdown
                known.update(deals[at][3])
            if None not in known:  # every card he was dealt is known already
                continue
            extra = [c for c in held if c not in known]
            if not extra:
                continue
            more = iter(extra)
            for at in mine:
                _, street, up, cards, line, _ = deals[at]
                if None in cards:
                    filled: list[Card | None] = []
                    flags: list[bool] = []  # which cards the show filled in
                    for card in cards:
                        new = next(more, None) if card is None else card
                        filled.append(new)
                        flags.append(card is None and new is not None)
                    if out is None:
                        out = list(deals)
                    out[at] = (seat, street, up, tuple(filled), line, tuple(flags) if True in flags else ())
        return tuple(deals) if out is None else tuple(out)

    def rules_rake(self, line: int | None) -> Money:
        """The rake the pots pay before they are shared: the printed one, else :meth:`unprinted_rake`.
        None in a tournament, whose house takes its fee with the buy-in and pays every pot whole: a
        tournament hand that prints a rake is flagged, and its pots are still paid in full."""
        printed = self.hand.rake
        if self.hand.tournament is None:
            return printed if printed is not None else self.unprinted_rake()
        if printed:
            self.flag("rake", f"the summary takes {self.money(printed)} rake, but a tournament takes none", line)
        return 0

    def unprinted_rake(self) -> Money:
        """The rake of a hand that prints none: nothing, unless the profile says the site leaves it out
        (``rake_printed``); then what the site's own payout leaves of the pot (never below nothing)."""
        if self.state.profile.rake_printed:
            return 0
        return max(0, sum(self.state.invested.values()) - sum(c.amount for c in self.collects))

    def check_no_low(self, results: Sequence[PotResult]) -> None:
        marked = [m for m in self.markers if m.kind == "no-low"]
        if not marked:  # the usual case: no note to hold the payout against
            return
        lows = [a for r in results for a in r.awards if a.half is Half.LOW]
        if lows:
            self.flag(
                "marker",
                f"the site says no low hand qualified, but {self.label(lows[0].seat)} has one",
                marked[0].line,
                lows[0].seat,
            )


_HANDLERS: Final[Mapping[type, Callable[[HandWalk, Any, int], None]]] = MappingProxyType(
    {
        Action: HandWalk.on_action,
        Deal: HandWalk.on_deal,
        CommunityCard: HandWalk.on_community,
        UncalledReturn: HandWalk.on_uncalled,
        Show: HandWalk.on_reveal,
        Muck: HandWalk.on_reveal,
        Collect: HandWalk.on_collect,
        Marker: HandWalk.on_marker,
    }
)
"""What :meth:`HandWalk.on_event` does with each kind of event. Every handler takes the event's position
in ``hand.events``; only actions use it (``Decision.index``)."""
