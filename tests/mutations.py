"""Mutation operators: each one takes a hand the validator accepts and plants one kind of fault in it.

The mutation suites (``test_mutations.py``, ``test_site_mutations.py``) run every operator over every
seed hand and demand that the validator report each planted fault under the rule id the fault breaks. An
operator yields *every* place in the hand where its fault can be planted, not just the first, so a rule
that is caught on the bring-in but missed on a 6th-street raise shows up.

To choose those places without trusting the rules under test, the operators read the printed hand
with a deliberately naive bookkeeper (:func:`spots`): chips in front of each player, the street's top
bet, who folded. The chips are the engine's street ledger's (:mod:`studbook.engine.betting`), which
applies no rule; the bookkeeper knows nothing of turn order, limits, caps or pots; it only keeps mutants
clear of situations in which the planted fault would be legal after all (an all-in for less, a bet the
player cannot afford).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, Mapping

from studbook.engine.betting import StreetLedger
from studbook.engine.cards import ACE, DECK, Card
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Game,
    Hand,
    Limit,
    Marker,
    Money,
    Show,
    UncalledReturn,
    Violation,
)
from studbook.engine.pots import pot_index
from studbook.engine.replay import nominal_bring_in, replay
from studbook.engine.validate import validate
from studbook.parsers.registry import profile_for

AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


@dataclass(frozen=True, slots=True)
class Facts:
    """What the operators need to know of a game, written here from docs/games.md rather than read from
    engine/games.py, the description under test: the bring-in street, the first big-bet street, the
    street an open pair may double, the cards of a hand, the streets after the first that deal a down card."""

    first: int
    big_from: int
    double: int
    cards: int
    down_streets: frozenset[int]


SEVEN_CARDS = Facts(first=3, big_from=5, double=4, cards=7, down_streets=frozenset({7}))
FACTS: Mapping[Game, Facts] = {
    Game.STUD: SEVEN_CARDS,
    Game.STUD8: SEVEN_CARDS,
    Game.RAZZ: SEVEN_CARDS,
    Game.RAZZ27: SEVEN_CARDS,
    Game.STUD5: Facts(first=2, big_from=4, double=3, cards=5, down_streets=frozenset()),
}


@dataclass(frozen=True, slots=True)
class Mutant:
    """A seed hand with one planted fault. ``expected`` holds the rule ids that name this fault (the
    validator must report at least one of them beyond what it reported on the seed); ``line``, when
    set, is where the violation must point."""

    kind: str
    hand: Hand
    expected: frozenset[str]
    where: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Spot:
    """A betting action as the printed hand has it, with the chips around it just before it happens."""

    index: int
    action: Action
    put: Money
    level: Money
    contributed: Money
    stack: Money
    opening: bool
    bets: int
    double_bet: bool

    @property
    def all_in(self) -> bool:
        return self.action.all_in or self.put >= self.stack


def spots(hand: Hand) -> list[Spot]:
    """Every non-ante action of ``hand`` with the printed chips around it (see the module docstring)."""
    stack = {s.seat: s.stack for s in hand.seats}
    first = FACTS[hand.game].first
    ledger = StreetLedger(stack, nominal_bring_in(hand), street=first)
    opened = False
    double = {e.street for e in hand.events if isinstance(e, Marker) and e.kind == "double-bet"}
    if open_pair_on_fourth(hand):  # a site that never prints PokerStars' "Pair on board" line
        double.add(FACTS[hand.game].double)
    found: list[Spot] = []
    for i, event in enumerate(hand.events):
        if isinstance(event, UncalledReturn):
            stack[event.seat] += event.amount
            ledger.uncalled(event.seat, event.amount)
            continue
        if not isinstance(event, Action):
            continue
        put = ledger.added(event)
        if event.kind is not ActionKind.ANTE:
            if event.street != ledger.street:
                ledger.start_street(event.street)
            found.append(
                Spot(
                    i,
                    event,
                    put,
                    ledger.level,
                    ledger.contributed(event.seat),
                    stack[event.seat],
                    event.street == first and not opened,
                    ledger.bets,
                    event.street in double,
                )
            )
            opened = True
            # an all-in for less than half a bet over the last full bet is no full raise: it is not counted
            ledger.put(event.seat, put, event.kind, _step(hand, event.street))
        stack[event.seat] -= put
    return found


def open_pair_on_fourth(hand: Hand) -> bool:
    """Whether the double-bet street (4th; Five Card Stud's 3rd) of a game that allows the double bet (the
    hand's profile says which) shows an open pair among the players still in: read from the printed up
    cards, for sites (Full Tilt, iPoker) that do not say so in a line of their own."""
    if hand.game not in profile_for(hand).double_bet_games:
        return False
    facts = FACTS[hand.game]
    folded = {
        e.seat for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.FOLD and e.street == facts.first
    }
    up: dict[int, list[Card]] = {}
    for e in hand.events:
        if isinstance(e, Deal) and e.street <= facts.double and e.seat not in folded:
            up.setdefault(e.seat, []).extend(c for c in e.up if c is not None)
    return any(len({c.rank for c in cards}) < len(cards) for cards in up.values())


def no_low_qualifies(hand: Hand) -> bool:
    """Whether the stud8 hand's showdown has no qualifying low: the site says so (``No low hand
    qualified``), or every hand shown is known in full and none holds five different ranks of 8 or
    lower (ace low) — the plain definition, for sites that print no such line."""
    if any(isinstance(e, Marker) and e.kind == "no-low" for e in hand.events):
        return True
    shown = [e.cards for e in hand.events if isinstance(e, Show)]
    if len(shown) < 2 or any(len(cards) != 7 or None in cards for cards in shown):
        return False
    return all(
        len({1 if c.rank == ACE else c.rank + 2 for c in cards if c is not None} & set(range(1, 9))) < 5
        for cards in shown
    )


# ------------------------------------------------------------------------------------- editing


def with_event(hand: Hand, index: int, *new: Event) -> Hand:
    """``hand`` with the event at ``index`` replaced by ``new`` (none: removed)."""
    return replace(hand, events=hand.events[:index] + new + hand.events[index + 1 :])


def inserted(hand: Hand, index: int, event: Event) -> Hand:
    return replace(hand, events=hand.events[:index] + (event,) + hand.events[index:])


def _name(hand: Hand) -> str:
    return f"{hand.source_file.rsplit('/', 1)[-1]} #{hand.site_hand_id}"


def _mutant(kind: str, hand: Hand, rules: str, where: str, line: int | None = None) -> Mutant:
    return Mutant(kind, hand, frozenset(rules.split()), where, line)


def _step(hand: Hand, street: int) -> Money:
    return hand.small_bet if street < FACTS[hand.game].big_from else hand.big_bet


def _resized(action: Action, delta: Money) -> Action:
    """The action with ``delta`` more chips (a raise keeps ``amount`` = ``to`` − the bet before)."""
    if action.kind in (ActionKind.RAISE, ActionKind.COMPLETE) and action.to is not None:
        return replace(action, amount=action.amount + delta, to=action.to + delta)
    return replace(action, amount=action.amount + delta)


def _as_raise(action: Action, spot: Spot, total: Money) -> Action:
    return replace(action, kind=ActionKind.RAISE, amount=total - spot.level, to=total, all_in=False)


# ------------------------------------------------------------------------------------- betting


def wrong_bring_in_player(hand: Hand) -> Iterator[Mutant]:
    """The opening 3rd-street action (bring-in, or a completion by the bring-in) made by someone else;
    and, the action left alone, the bring-in's door card swapped with another player's, so the cards
    name someone else (not a player all-in with his ante: the duty would pass back to the left)."""
    opening = next((s for s in spots(hand) if s.opening), None)
    if opening is None:
        return
    a = opening.action
    first = FACTS[hand.game].first
    doors = {e.seat: (i, e) for i, e in enumerate(hand.events) if isinstance(e, Deal) and e.street == first}
    for seat in sorted(set(doors) - {a.seat}):
        yield _mutant(
            "bring-in by the wrong player",
            with_event(hand, opening.index, replace(a, seat=seat)),
            "bring-in.player",
            f"{_name(hand)} line {a.line}: seat {seat} opens instead of {a.seat}",
            a.line,
        )
    all_in = {e.seat for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.ANTE and e.all_in}
    if a.seat not in doors:
        return
    i, mine = doors[a.seat]
    for seat in sorted(set(doors) - {a.seat} - all_in):
        j, theirs = doors[seat]
        if None in mine.up + theirs.up or not mine.up or not theirs.up:
            continue
        swapped = with_event(with_event(hand, i, replace(mine, up=theirs.up)), j, replace(theirs, up=mine.up))
        yield _mutant(
            "bring-in by the wrong player",
            swapped,
            "bring-in.player",
            f"{_name(hand)} lines {mine.line}/{theirs.line}: door cards of seats {a.seat} and {seat} swapped",
            a.line,
        )


def wrong_bring_in_amount(hand: Hand) -> Iterator[Mutant]:
    """A bring-in one unit short or over, in hands that state the bring-in. (A hand that does not
    state it leaves the posted amount as the only evidence; the callers' amounts then disagree with
    it, which ``call.amount`` reports, but no rule can say the bring-in itself is wrong.)"""
    if hand.bring_in is None:
        return
    for s in spots(hand):
        if s.action.kind is ActionKind.BRING_IN:
            for delta in (-1, 1):
                if s.action.amount + delta >= 0:
                    yield _mutant(
                        "wrong bring-in amount",
                        with_event(hand, s.index, _resized(s.action, delta)),
                        "bring-in.amount",
                        f"{_name(hand)} line {s.action.line}: bring-in {s.action.amount}{delta:+d}",
                        s.action.line,
                    )


def wrong_bet_size(hand: Hand) -> Iterator[Mutant]:
    """Every full completion, bet or raise one unit smaller or larger (never turning it into an all-in
    for less, which would be legal). Fixed limit only: in no limit a bet one unit larger is legal."""
    if hand.limit is not Limit.FIXED:
        return
    for s in spots(hand):
        if s.action.kind in AGGRESSIVE and not s.all_in:
            for delta in (-1, 1):
                if s.put + delta < s.stack:
                    yield _mutant(
                        "bet or raise of the wrong size",
                        with_event(hand, s.index, _resized(s.action, delta)),
                        "bet.size",
                        f"{_name(hand)} line {s.action.line}: {s.action.kind} {delta:+d}",
                        s.action.line,
                    )


def big_bet_on_fourth(hand: Hand) -> Iterator[Mutant]:
    """A bet or raise on the double-bet street (4th; Five Card Stud's 3rd) made the big bet's size where
    the site says no double bet is allowed (stud8 and the razz games never; the stud games when no 'Pair
    on board' line was printed). Fixed limit only."""
    if hand.limit is not Limit.FIXED:
        return
    double = FACTS[hand.game].double
    for s in spots(hand):
        a = s.action
        if a.street == double and a.kind in AGGRESSIVE and not s.all_in and not s.double_bet:
            total = (s.level if s.bets else 0) + hand.big_bet
            if total - s.contributed < s.stack:
                new = replace(a, amount=total) if a.kind is ActionKind.BET else _as_raise(a, s, total)
                yield _mutant(
                    "big bet on 4th street without a double bet",
                    with_event(hand, s.index, new),
                    "bet.size",
                    f"{_name(hand)} line {a.line}: to {total}",
                    a.line,
                )


def raise_past_cap(hand: Hand) -> Iterator[Mutant]:
    """A call or fold after the street's last allowed raise turned into one more raise."""
    if hand.limit is not Limit.FIXED:
        return  # no cap without a fixed limit
    cap = 1 + profile_for(hand).max_raises
    # a street with an all-in bet or raise is left alone: an all-in for less may not count as a bet, and
    # the raise planted after it would break the reopening rule instead of the cap
    short = {s.action.street for s in spots(hand) if s.action.kind in AGGRESSIVE and s.all_in}
    for s in spots(hand):
        a = s.action
        if a.street in short:
            continue
        if s.bets >= cap and a.kind in (ActionKind.CALL, ActionKind.FOLD) and s.level > s.contributed:
            total = s.level + _step(hand, a.street)
            if total - s.contributed < s.stack:
                # a raise.reopen names it too: a short all-in among the bets may not have reopened the betting
                yield _mutant(
                    "raise past the cap",
                    with_event(hand, s.index, _as_raise(a, s, total)),
                    "raise.cap raise.reopen",
                    f"{_name(hand)} line {a.line}: raise to {total} after {s.bets} bets",
                    a.line,
                )


def short_call(hand: Hand) -> Iterator[Mutant]:
    """Every call one unit short (an all-in call too: it must put in the whole stack)."""
    for s in spots(hand):
        if s.action.kind is ActionKind.CALL and s.action.amount > 0:
            yield _mutant(
                "short call",
                with_event(hand, s.index, _resized(s.action, -1)),
                "call.amount",
                f"{_name(hand)} line {s.action.line}: call {s.action.amount}-1",
                s.action.line,
            )


def check_facing_bet(hand: Hand) -> Iterator[Mutant]:
    """Every call, and every fold facing a bet, turned into a check."""
    for s in spots(hand):
        a = s.action
        if a.kind in (ActionKind.CALL, ActionKind.FOLD) and s.level > s.contributed:
            check = replace(a, kind=ActionKind.CHECK, amount=0, to=None, all_in=False)
            yield _mutant(
                "check facing a bet",
                with_event(hand, s.index, check),
                "action.illegal",
                f"{_name(hand)} line {a.line}: {a.kind} -> check facing {s.level - s.contributed}",
                a.line,
            )


def out_of_turn(hand: Hand) -> Iterator[Mutant]:
    """Every two consecutive actions of different players on one street swapped: the second player
    now acts before his turn (on the opening of 3rd street that is the wrong bring-in)."""
    found = spots(hand)
    for first, second in zip(found, found[1:]):
        a, b = first.action, second.action
        if second.index == first.index + 1 and a.street == b.street and a.seat != b.seat:
            events = list(hand.events)
            events[first.index], events[second.index] = b, a
            rule = "bring-in.player" if first.opening else "action.order"
            yield _mutant(
                "action out of turn",
                replace(hand, events=tuple(events)),
                rule,
                f"{_name(hand)} lines {a.line}/{b.line}: seat {b.seat} before seat {a.seat}",
                b.line,
            )


def acts_after_fold(hand: Hand) -> Iterator[Mutant]:
    """A player who folded folds again at the next action of the hand (or right away if none follows)."""
    found = spots(hand)
    for k, s in enumerate(found):
        if s.action.kind is ActionKind.FOLD:
            anchor = found[k + 1] if k + 1 < len(found) else s
            a = anchor.action
            ghost = Action(a.line, a.street, s.action.seat, ActionKind.FOLD)
            yield _mutant(
                "action by a player who folded",
                inserted(hand, anchor.index + 1, ghost),
                "action.after-fold",
                f"{_name(hand)} line {a.line}: seat {s.action.seat} acts again after folding on line {s.action.line}",
                a.line,
            )


# --------------------------------------------------------------------------------------- cards


def _known_cards(hand: Hand) -> list[Card]:
    seen: list[Card] = []
    for e in hand.events:
        cards = e.down + e.up if isinstance(e, Deal) else (e.card,) if isinstance(e, CommunityCard) else ()
        seen += [c for c in cards if c is not None]
    return seen


def _unused(hand: Hand) -> Card:
    used = set(_known_cards(hand)) | {c for e in hand.events if isinstance(e, Show) for c in e.cards}
    return next(c for c in DECK if c not in used)


def card_dealt_twice(hand: Hand) -> Iterator[Mutant]:
    """Every known dealt card replaced by another card dealt in the same hand."""
    known = _known_cards(hand)
    for i, e in enumerate(hand.events):
        if isinstance(e, Deal):
            for field in ("down", "up"):
                cards: tuple[Card | None, ...] = getattr(e, field)
                for k, c in enumerate(cards):
                    other = next((d for d in known if d != c), None)
                    if c is None or other is None:
                        continue
                    new = replace(e, **{field: cards[:k] + (other,) + cards[k + 1 :]})
                    yield _mutant(
                        "card dealt twice",
                        with_event(hand, i, new),
                        "cards.duplicate",
                        f"{_name(hand)} line {e.line}: {c} -> {other}",
                    )
        elif isinstance(e, CommunityCard) and e.card is not None:
            other = next(d for d in known if d != e.card)
            yield _mutant(
                "card dealt twice",
                with_event(hand, i, replace(e, card=other)),
                "cards.duplicate",
                f"{_name(hand)} line {e.line}: board {e.card} -> {other}",
            )


def too_many_cards(hand: Hand) -> Iterator[Mutant]:
    """Every deal given one card more, every deal of 4th to 7th street made twice (with a fresh card),
    and every complete shown hand one card more."""
    extra = _unused(hand)
    facts = FACTS[hand.game]
    community = sum(isinstance(e, CommunityCard) for e in hand.events)
    for i, e in enumerate(hand.events):
        if isinstance(e, Deal):
            down = e.street in facts.down_streets
            new = replace(e, down=e.down + (extra,)) if down else replace(e, up=e.up + (extra,))
            yield _mutant(
                "too many cards",
                with_event(hand, i, new),
                "cards.count",
                f"{_name(hand)} line {e.line}: {extra} added to the {e.street}th-street deal",
                e.line,
            )
            if e.street > facts.first:
                again = replace(e, down=(extra,) * len(e.down), up=(extra,) * len(e.up))
                yield _mutant(
                    "too many cards",
                    inserted(hand, i + 1, again),
                    "cards.count",
                    f"{_name(hand)} line {e.line}: dealt twice on {e.street}th street",
                    e.line,
                )
        elif isinstance(e, Show) and len(e.cards) == facts.cards - community:
            yield _mutant(
                "too many cards",
                with_event(hand, i, replace(e, cards=e.cards + (extra,))),
                "cards.count",
                f"{_name(hand)} line {e.line}: shows an eighth card {extra}",
                e.line,
            )


# ------------------------------------------------------------------------------------- payouts


def _collects(hand: Hand) -> list[tuple[int, Collect]]:
    return [(i, e) for i, e in enumerate(hand.events) if isinstance(e, Collect)]


def _paid_line(hand: Hand, collect: Collect) -> int:
    """Where a wrong payment to ``collect``'s seat is reported: the first line paying that seat from
    that pot (a scoop can be printed as two lines, one per half)."""
    index = pot_index(collect.pot)
    return min(c.line for _, c in _collects(hand) if c.seat == collect.seat and pot_index(c.pot) == index)


def collected_more(hand: Hand) -> Iterator[Mutant]:
    """Every collect one unit larger, and every collect made the whole printed pot (rake included)."""
    for i, c in _collects(hand):
        amounts = {c.amount + 1} | ({hand.total_pot} if hand.total_pot and hand.total_pot > c.amount else set())
        for amount in sorted(amounts):
            yield _mutant(
                "collected more than the pot",
                with_event(hand, i, replace(c, amount=amount)),
                "pot.award",
                f"{_name(hand)} line {c.line}: collects {amount} instead of {c.amount}",
                _paid_line(hand, c),
            )


def _one_unit_off(hand: Hand, kind: str, field: str, rules: str, words: str) -> Iterator[Mutant]:
    """A printed summary figure (``field`` of the hand) one unit under, then one over, where printed."""
    value = getattr(hand, field)
    if value is not None:
        for delta in (-1, 1):
            yield _mutant(
                kind, replace(hand, **{field: value + delta}), rules, f"{_name(hand)}: {words} {value}{delta:+d}"
            )


def changed_total(hand: Hand) -> Iterator[Mutant]:
    """The summary's total pot one unit off."""
    return _one_unit_off(hand, "changed total pot", "total_pot", "pot.total", "total pot")


def changed_rake(hand: Hand) -> Iterator[Mutant]:
    """The summary's rake one unit off."""
    return _one_unit_off(hand, "changed rake", "rake", "rake", "rake")


def folded_collects(hand: Hand) -> Iterator[Mutant]:
    """Every collect paid to each player who folded instead."""
    folders = sorted({s.action.seat for s in spots(hand) if s.action.kind is ActionKind.FOLD})
    for i, c in _collects(hand):
        for seat in folders:
            yield _mutant(
                "folded player collects",
                with_event(hand, i, replace(c, seat=seat)),
                "pot.winner",
                f"{_name(hand)} line {c.line}: seat {seat} (folded) collects instead of {c.seat}",
                c.line,
            )


def _losers(hand: Hand, collect: Collect) -> list[int]:
    """Seats that showed a hand, could win ``collect``'s pot, and were paid nothing from it."""
    pots = replay(hand, profile_for(hand)).pots
    index = pot_index(collect.pot)
    eligible = set(pots[index].eligible) if index < len(pots) else set()
    paid = {c.seat for _, c in _collects(hand) if pot_index(c.pot) == index}
    shown = {e.seat for e in hand.events if isinstance(e, Show) and any(e.cards)}
    return sorted((shown & eligible) - paid) if _showdown_known(hand) else []


def _showdown_known(hand: Hand) -> bool:
    """Whether every hand shown is complete and readable, so the rules can name the better one (a
    garbled or partial show leaves the winner to the site, and a worse hand cannot be told apart)."""
    room = FACTS[hand.game].cards - sum(isinstance(e, CommunityCard) for e in hand.events)
    shows = [e for e in hand.events if isinstance(e, Show)]
    return all(None not in e.cards and len(e.cards) >= room for e in shows)


def worse_hand_collects(hand: Hand) -> Iterator[Mutant]:
    """Every collect paid to each player who showed down a worse hand (worse high in stud and stud8,
    worse low in razz) instead."""
    for i, c in _collects(hand):
        for seat in _losers(hand, c):
            yield _mutant(
                "worse hand collects",
                with_event(hand, i, replace(c, seat=seat)),
                "pot.winner",
                f"{_name(hand)} line {c.line}: seat {seat} (worse hand) collects instead of {c.seat}",
                c.line,
            )


def low_without_qualifier(hand: Hand) -> Iterator[Mutant]:
    """In a stud8 pot the site says no low qualified for, the low half paid to another showdown player."""
    if hand.game is not Game.STUD8 or not no_low_qualifies(hand):
        return
    for i, c in _collects(hand):
        low = c.amount // 2
        for seat in _losers(hand, c):
            halves = (replace(c, amount=c.amount - low), replace(c, seat=seat, amount=low))
            yield _mutant(
                "low half paid with no qualifying low",
                with_event(hand, i, *halves),
                "pot.winner",
                f"{_name(hand)} line {c.line}: seat {seat} paid a low half of {low}",
                c.line,
            )


def wrong_split(hand: Hand) -> Iterator[Mutant]:
    """In every pot two players share, one chip moved from one to the other, and one taking it all."""
    collects = _collects(hand)
    for i, a in collects:
        for j, b in collects:
            if a.seat == b.seat or pot_index(a.pot) != pot_index(b.pot):
                continue
            moved = replace(
                hand,
                events=tuple(
                    replace(e, amount=e.amount + 1) if k == i else replace(e, amount=e.amount - 1) if k == j else e
                    for k, e in enumerate(hand.events)
                ),
            )
            yield _mutant(
                "wrong split",
                moved,
                "pot.award",
                f"{_name(hand)} lines {b.line}->{a.line}: one chip moved",
                _paid_line(hand, a),
            )
            if i < j:
                taken = with_event(with_event(hand, j), i, replace(a, amount=a.amount + b.amount))
                yield _mutant(
                    "wrong split",
                    taken,
                    "pot.award",
                    f"{_name(hand)} line {a.line}: takes seat {b.seat}'s share too",
                    _paid_line(hand, a),
                )


OPERATORS: Mapping[str, Callable[[Hand], Iterator[Mutant]]] = {
    "bring-in by the wrong player": wrong_bring_in_player,
    "wrong bring-in amount": wrong_bring_in_amount,
    "bet or raise of the wrong size": wrong_bet_size,
    "big bet on 4th street without a double bet": big_bet_on_fourth,
    "raise past the cap": raise_past_cap,
    "short call": short_call,
    "check facing a bet": check_facing_bet,
    "action out of turn": out_of_turn,
    "action by a player who folded": acts_after_fold,
    "card dealt twice": card_dealt_twice,
    "too many cards": too_many_cards,
    "collected more than the pot": collected_more,
    "changed total pot": changed_total,
    "changed rake": changed_rake,
    "folded player collects": folded_collects,
    "worse hand collects": worse_hand_collects,
    "low half paid with no qualifying low": low_without_qualifier,
    "wrong split": wrong_split,
}
"""Every fault kind the issue lists, by the name the report table prints."""


# ------------------------------------------------------------- running a suite of mutants (shared by the
# mutation tests of every site: test_mutations.py, test_site_mutations.py)

SOURCES = ("corpus", "handbuilt", "simulated")


@dataclass
class Outcome:
    """Mutants generated and caught per (kind, source), and a line for each one that got through."""

    generated: Counter[tuple[str, str]] = field(default_factory=Counter)
    caught: Counter[tuple[str, str]] = field(default_factory=Counter)
    missed: dict[str, list[str]] = field(default_factory=dict)
    seeds: Counter[str] = field(default_factory=Counter)
    excluded: Counter[tuple[str, str]] = field(default_factory=Counter)


def is_caught(mutant: Mutant, got: list[Violation], before: Counter[str]) -> bool:
    """Whether ``got`` reports the planted fault: an expected rule fires more often than on the seed,
    at the mutated line when the mutant names one."""
    new = Counter(v.rule for v in got) - before
    return any(v.rule in mutant.expected and new[v.rule] and mutant.line in (None, v.line) for v in got)


PER_SEED = 5
"""How many mutants of one kind one seed contributes at most. An operator plants its fault at every
place of a hand it can (every action out of turn, every card dealt twice): a seed gives 25 mutants of
one kind where a few at different streets test the same check. Taking at most this many, spread evenly
over the hand, keeps every kind on every seed that allows it at a third of the suite's time."""


def spread(mutants: list[Mutant], most: int) -> list[Mutant]:
    """At most ``most`` of ``mutants``, evenly spaced from the first to the last (all when fewer)."""
    if len(mutants) <= most:
        return mutants
    step = (len(mutants) - 1) / (most - 1)
    return [mutants[round(i * step)] for i in range(most)]


def run_mutants(
    seeds: dict[str, list[Hand]],
    caught: Callable[[Mutant, list[Violation], Counter[str]], bool] = is_caught,
    excluded: Callable[[Mutant], str | None] = lambda mutant: None,
    per_seed: int = PER_SEED,
) -> Outcome:
    """Every operator on every seed (at most ``per_seed`` mutants of a kind per seed, :func:`spread`). A
    site whose text cannot carry a fact may widen ``caught`` (what counts as reporting the fault) or
    name, in ``excluded``, the mutants no reader of that text could catch; excluded mutants are counted
    apart, never as caught."""
    outcome = Outcome()
    for source, hands in seeds.items():
        for seed in hands:
            outcome.seeds[source] += 1
            before = Counter(v.rule for v in validate(seed, profile_for(seed)))
            for kind, operator in OPERATORS.items():
                for mutant in spread(list(operator(seed)), per_seed):
                    if excluded(mutant) is not None:
                        outcome.excluded[kind, source] += 1
                        continue
                    outcome.generated[kind, source] += 1
                    try:
                        got = validate(mutant.hand, profile_for(mutant.hand))
                    except Exception as exc:  # the validator must never raise; record it as a miss
                        got, why = [], f"validate raised {exc!r}"
                    else:
                        why = f"got {[(v.rule, v.line) for v in got]}"
                    if mutant.hand != seed and caught(mutant, got, before):
                        outcome.caught[kind, source] += 1
                    else:
                        outcome.missed.setdefault(kind, []).append(
                            f"{mutant.where}: expected {sorted(mutant.expected)} at line {mutant.line}; {why}"
                        )
    return outcome


def table(outcome: Outcome) -> str:
    head = f"{'fault kind':<46}" + "".join(f"{s + ' gen':>15}{'caught':>7}" for s in SOURCES)
    rows = [head, "-" * len(head)]
    for kind in OPERATORS:
        rows.append(
            f"{kind:<46}" + "".join(f"{outcome.generated[kind, s]:>15}{outcome.caught[kind, s]:>7}" for s in SOURCES)
        )
    total = f"{'all kinds':<46}" + "".join(
        f"{sum(n for (_, s2), n in outcome.generated.items() if s2 == s):>15}"
        f"{sum(n for (_, s2), n in outcome.caught.items() if s2 == s):>7}"
        for s in SOURCES
    )
    seeds = ", ".join(f"{n} {s} seed hands" for s, n in outcome.seeds.items())
    return "\n".join(rows + ["-" * len(head), total, seeds])
