"""The betting of one street: chips each seat has put in, the level to call, how many bets were made.

Why one class: every reader of a hand needs this little state. A site parser needs it to turn the site's
wording into the model's :class:`~.model.Action` (Full Tilt prints ``raises to Y``, PokerStars ``raises X
to Y`` with X the increment, ACR ``raises X to Y`` with X the chips this action adds), the PHH reader to
name PHH's ``cbr``/``cc`` moves, the writers to spell an action in another site's words, the stat flags
to know what a player faced, and the replay (:class:`~.replay.StudState`) to judge it. Kept here once,
the arithmetic cannot drift apart between them.

The ledger applies no rule: it does not know whose turn it is, what a legal bet is or what the cap is.
It records what was done (the replay judges it) and says what that does to the street's numbers. The
one judgement it takes is what counts as a *full* bet for the bet count; the caller who knows the
limits says (``min_step``), and without it every bet or raise above the level counts.

Money is exact (``int`` hundredths, see :mod:`.model`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .model import (
    ANTE,
    BRING_IN,
    CALL,
    CHECK,
    FOLD,
    RAISE,
    Action,
    ActionKind,
    Money,
)  # kinds as globals: see model.ANTE

AGGRESSIVE: Final = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
"""Kinds that may lift the street's level: a bet, a raise, a completion."""

_BY_TOTAL: Final = frozenset({ActionKind.RAISE, ActionKind.COMPLETE})
"""Kinds whose chips the model gives as a new street total (``to``) rather than as chips put in."""


class StreetLedger:
    """The chips of the current street, per seat, and what they add up to.

    ``contrib`` maps seat -> chips put in on this street (every seat given at construction starts at 0;
    others appear when they first put chips in). ``level`` is the street total a player must reach to
    call; ``full_level`` the total of the last *full* bet or raise (the base the next raise is counted
    from under the all-in-for-less rule); ``bets`` how many full bets, completions and raises the street
    has seen (the bring-in is not one), what the rules' cap counts; ``lifts`` how many completions, bets
    and raises lifted the level, full or short (an all-in raise for less counts here and not in
    ``bets``), what a stat counts as the aggression a player faced (:mod:`studbook.analytics.flags`
    reads it off the replay). ``bring_in`` is the stakes' nominal bring-in when known: a
    bring-in all-in for less still makes the others call the full amount (docs/rules.md §2).

    ``street`` is the street these numbers belong to. The wording methods take the street of the line
    they read and start a new street themselves when it changes, so a caller walking a hand's events
    needs no separate street bookkeeping (an explicit :meth:`start_street` at a street header is fine too).
    """

    __slots__ = ("bets", "bring_in", "contrib", "full_level", "level", "lifts", "seats", "street")

    def __init__(self, seats: Iterable[int] = (), bring_in: Money | None = None, street: int = 3) -> None:
        self.seats: tuple[int, ...] = tuple(seats)
        self.bring_in = bring_in
        self.street = street
        self.contrib: dict[int, Money] = dict.fromkeys(self.seats, 0)
        self.level: Money = 0
        self.full_level: Money = 0
        self.bets = 0
        self.lifts = 0

    def start_street(self, street: int | None = None) -> None:
        """A new street: nobody has put anything in, nothing to call, no bet made. ``street`` (default:
        the next one) is the street the ledger now counts."""
        self.street = self.street + 1 if street is None else street
        self.contrib = dict.fromkeys(self.seats, 0)
        self.level = 0
        self.full_level = 0
        self.bets = 0
        self.lifts = 0

    def _at(self, street: int) -> None:
        if street != self.street:
            self.start_street(street)

    # ------------------------------------------------------------------------------------- views

    def contributed(self, seat: int) -> Money:
        """Chips ``seat`` has put in on this street (0 before he acts)."""
        return self.contrib.get(seat, 0)

    def to_call(self, seat: int) -> Money:
        """What ``seat`` must add to match the level (0 when he has matched it)."""
        return max(0, self.level - self.contrib.get(seat, 0))

    def added(self, action: Action) -> Money:
        """The chips ``action`` adds, read as the model documents its fields: a RAISE or COMPLETE gives
        its new street total ``to`` (a record without one: ``amount`` over the level); ANTE, BRING_IN,
        BET and CALL give the chips put in; CHECK and FOLD none. Reads the ledger before the action is
        recorded; an action of a street the ledger has not reached yet starts from nothing."""
        kind = action.kind
        if kind in _BY_TOTAL:
            if action.street == self.street:
                had, level = self.contrib.get(action.seat, 0), self.level
            else:
                had, level = 0, 0
            return (action.to if action.to is not None else level + action.amount) - had
        if kind is CHECK or kind is FOLD:
            return 0
        return action.amount

    # ----------------------------------------------------------------------------------- changes

    def put(self, seat: int, chips: Money, kind: ActionKind, min_step: Money = 0) -> Money:
        """``seat`` adds ``chips`` by an action of ``kind``; returns the step of the full bet or raise
        this made (0 when it made none).

        A bring-in lifts the level to itself, or to the nominal bring-in when it was all-in for less. A
        bet, completion or raise above the level lifts the level (counted in :attr:`lifts`); it is a
        *full* one, counted in :attr:`bets`, when its step over the last full level (over nothing before the first bet) is at
        least half of ``min_step``: the smallest bet the limit allows, which the caller knows (the
        all-in-for-less rule: half a bet or more reopens the betting). An aggressive action that stays
        at or under the level (all-in for less than a call) changes only its own seat's chips.
        """
        total = self.contrib.get(seat, 0) + chips
        self.contrib[seat] = total
        if kind is BRING_IN:
            self.level = max(self.level, total, self.bring_in or 0)
        elif kind in AGGRESSIVE and total > self.level:
            self.level = total
            self.lifts += 1
            step = total - (self.full_level if self.bets else 0)
            if 2 * step >= min_step:
                self.bets += 1
                self.full_level = total
                return step
        return 0

    def record(self, action: Action) -> Action:
        """Apply a model ``action`` (of ``action.street``; an ante is dead money and changes nothing
        here); return it unchanged, so a parser can append what it records."""
        if action.kind is not ANTE:
            if action.street != self.street:  # _at, spelt out: this runs for every action of every reader
                self.start_street(action.street)
            self.put(action.seat, self.added(action), action.kind)
        return action

    def unmatched(self) -> tuple[int, Money] | None:
        """The part of the street's top bet that nobody matched, and whose it is (None when the top bet is
        matched or nobody bet): what goes back to its bettor as an uncalled bet. One rule for the replay
        and for the readers of sites that print no line for the return."""
        # the top two contributions in one pass (asked at every street's end: no sort)
        top_seat: int | None = None
        top: Money = 0
        second: Money | None = None
        for seat, chips in self.contrib.items():
            if top_seat is None:
                top_seat, top = seat, chips
            elif chips > top:
                top_seat, top, second = seat, chips, top
            elif second is None or chips > second:
                second = chips
        if top_seat is None or top == second:
            return None
        excess = top - (second if second is not None else 0)
        return (top_seat, excess) if excess > 0 else None

    def uncalled(self, seat: int, amount: Money) -> None:
        """``amount`` of ``seat``'s bet nobody matched goes back to him: his chips on the street drop, and
        the level with them to the highest total still in."""
        self.contrib[seat] = self.contrib.get(seat, 0) - amount
        self.level = max(self.contrib.values(), default=0)

    # ------------------------------------------------------- site wordings -> the model's Action
    # Each builds the model's Action from what the site printed, records it and returns it. What a site
    # prints wrong (an increment that does not match) stays as printed: the replay judges it.

    def raise_to(self, line: int, street: int, seat: int, kind: ActionKind, to: Money, all_in: bool = False) -> Action:
        """Full Tilt's ``raises to Y`` / ``completes it to Y``: ``Y`` is the new street total, the
        increment is ``Y`` over the level."""
        self._at(street)
        return self.record(Action(line, street, seat, kind, to - self.level, to, all_in))

    def raise_by(
        self, line: int, street: int, seat: int, kind: ActionKind, by: Money, to: Money, all_in: bool = False
    ) -> Action:
        """PokerStars' ``raises X to Y``: ``X`` is the increment over the level, ``Y`` the new total;
        both are the model's fields as printed."""
        self._at(street)
        return self.record(Action(line, street, seat, kind, by, to, all_in))

    def raise_adding(
        self, line: int, street: int, seat: int, kind: ActionKind, added: Money, all_in: bool = False
    ) -> Action:
        """ACR's ``raises X to Y`` where ``X`` is the chips this action adds: the new total is what the
        seat had in plus ``X``, the increment that total over the level."""
        self._at(street)
        to = self.contrib.get(seat, 0) + added
        return self.record(Action(line, street, seat, kind, to - self.level, to, all_in))

    def call_adding(self, line: int, street: int, seat: int, added: Money, all_in: bool = False) -> Action:
        """``calls X`` with ``X`` the chips added (PokerStars, Full Tilt, ACR): the model's own reading."""
        self._at(street)
        return self.record(Action(line, street, seat, CALL, added, None, all_in))

    def call_to(self, line: int, street: int, seat: int, to: Money, all_in: bool = False) -> Action:
        """A call printed as the street total it reaches (PHH's ``cc``, some sites' ``calls to Y``): the
        chips added are ``Y`` less what the seat had in."""
        self._at(street)
        return self.record(Action(line, street, seat, CALL, to - self.contrib.get(seat, 0), None, all_in))

    def all_in_adding(self, line: int, street: int, seat: int, added: Money) -> Action:
        """A wager printed only as the chips it adds and the word all-in (Absolute's ``All-In $X``, the
        2016 WPN client's ``allin (X)``): what it is follows from the street so far. Nothing in yet: a bet;
        no more than the chips to call: a call (for less, or exactly); more: a raise of the level, or on
        the first street a completion when only the bring-in is in."""
        self._at(street)
        owed = self.level - self.contrib.get(seat, 0)
        if self.level == 0:
            return self.bet(line, street, seat, ActionKind.BET, added, True)
        if added <= owed:
            return self.call_adding(line, street, seat, added, True)
        kind = ActionKind.COMPLETE if self.lifts == 0 else RAISE
        return self.raise_adding(line, street, seat, kind, added, True)

    def bet(self, line: int, street: int, seat: int, kind: ActionKind, amount: Money, all_in: bool = False) -> Action:
        """A wager printed as the chips put in (``bets X``, ``brings in for X``, ``posts the ante X``)."""
        self._at(street)
        return self.record(Action(line, street, seat, kind, amount, None, all_in))
