"""Bovada / Bodog stud-family hands on the site-reader seam (parsers/sites/bovada/grammar.lark).

What Bovada does that no other site does, and how each is read:

* **No stakes anywhere.** Neither the header nor the body prints the limits (a tournament header says
  ``Level 1 (0/0)``). The small and big bet are read from the hand's own full bets by the engine
  (:func:`studbook.engine.stakes.infer_stakes`) and the Hand says so (``stakes_inferred``); a size the
  hand never shows stays 0 and the bet-size rule reports what it cannot judge. ``D bets`` / ``Double
  bets`` tell the inference that a 4th-street bet is the big one.
* **Anonymous seats**: the players are ``Seat+N``, the exporting player ``Seat+N [ME]``; those are
  the names recorded.
* **No street lines** in older hands: a player's n-th deal line is his card of street 3 + n, and the
  betting belongs to the latest street dealt. Newer hands' ``*** 3RD STREET ***`` lines say the same.
* **Three raise wordings**: ``Raises X`` (older: X is the new street total), ``Raises X to Y`` (newer: X
  the chips added, Y the total) and ``All-in(raise) X`` (the total, all-in). They go through the
  engine's ledger (:class:`~studbook.engine.betting.StreetLedger`), so no betting arithmetic is kept
  here. ``All-in X`` is a call of X chips all-in (a bet, when nothing was bet).
* **Everyone's cards are printed**, and a showdown line shows only the best five (hi/lo: the high five
  then the low five); the summary prints the seven, which replace the five on the Show.
* ``Hand result`` lines are the collections (``Hand Result-Side Pot`` the side pot); a cash hand may
  print its ``Total Pot`` without a rake (the profile's ``rake_printed``).
* The times carry no zone; they are read as US Eastern time (Bovada's own clock, as fpdb reads them too;
  nothing in the corpus can confirm it).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from lark import Token

from ....engine.betting import StreetLedger
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Marker, Muck, Show, SkippedLine, Tournament
from ....engine.model import UncalledReturn
from ....engine.stakes import infer_stakes
from ...textsite import HandHeader, SiteBuilder, line_kind, site_time, where_error
from . import vocabulary


_ROOMS = r"(?:Bovada|Bodog(?: UK| Canada|88|\.eu|\.com)?|Ignition)"
"""The network's room words: Bovada, the Bodog rooms (UK, Canada, 88, .eu, .com) and, from 2016, Ignition;
one format, so the room changes nothing else."""
HAND_HEADER = re.compile(rf"{_ROOMS} Hand #C?\d+")
HAND_INITIALS = "BI"
"""What a line :data:`HAND_HEADER` matches starts with (a room word): the file is split asking the header
only of the lines that start so, not trying the room words on every line."""

_HEADER = re.compile(
    rf"\ufeff?{_ROOMS} Hand #C?(?P<id>\d+):?"
    r"(?: TBL#(?P<table>\d+))?"
    r" (?P<game>.+?)"
    r"(?: Tournament #(?:M-)?(?P<tid>\d+) TBL#(?P<ttable>\d+),)?"  # "#M-…": the 2021 client's ids
    r"(?: 1 on 1)?"  # a heads-up table
    # a tournament may print its speed where the limit goes ("Normal- Level 1"): stud is fixed limit there
    r"(?: (?P<limit>Fixed Limit|Pot Limit|No Limit))?(?: ?(?P<speed>Normal|Turbo))?"
    r"(?:- Level (?P<level>\S+) \([^)\n]*\))?"
    r"(?: \[MVS\])?"  # the 2021 client's tag
    r" ?- (?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?: (?P<tz>UTC))?"  # the 2021 client prints its zone
)
_GAMES = vocabulary.GAMES_BY_NAME


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """``Bodog Hand #ID TBL#T 7CARD Fixed Limit - DATE`` (cash) or ``Bovada Hand #ID: 7CARD Tournament #T
    TBL#N, Fixed Limit- Level L (0/0) - DATE``: the game, the table, the tournament; never the stakes."""
    m = _HEADER.fullmatch(text)
    if m is None or not (m["limit"] or m["speed"]):
        raise where_error(
            where,
            text,
            "not a Bovada hand header",
            "'Bovada Hand #ID TBL#TABLE 7CARD Fixed Limit - YYYY-MM-DD HH:MM:SS'",
        )
    limit = m["limit"] or ("Fixed Limit" if m["speed"] else "")
    game = _GAMES.get(m["game"]) if limit == "Fixed Limit" else None
    printed = f"{m['game']} {m['limit'] or m['speed'] or ''}".rstrip()
    if game is None:
        return HandHeader(m["id"], None, printed)
    day, _, clock = m["date"].partition(" ")
    started, warning = site_time(day, clock, m["tz"] or "ET", where, text)
    tournament = Tournament(m["tid"], level=m["level"]) if m["tid"] else None
    currency = None if tournament else "USD"
    return HandHeader(
        m["id"],
        game,
        printed,
        currency=currency,
        tournament=tournament,
        started_at=started,
        warning=warning,
        table=m["ttable"] or m["table"],
    )


# ------------------------------------------------------------------------------------ the builder

_FORCED = {
    "Bring_in chip": ActionKind.BRING_IN,
    "Bring in": ActionKind.BRING_IN,  # the wording from December 2015
    "Big blind/Bring in": ActionKind.BRING_IN,
    "Big blind/Bring in(timeout)": ActionKind.BRING_IN,
}
_DOUBLED = frozenset({"D bets", "Double bets"})
_PLAY_FIELDS = ("dealt_to", "cards", "name", "verb", "amount", "to", "no_chips", "street")
"""The fields of a PLAY line, read all at once (:meth:`~...textsite.SiteBuilder.fields`): most lines of a hand are one."""
_STREET_WORDS = {**{word: street for street, word in vocabulary.STREET_WORDS.items()}, "7TH": 7}
"""The streets by their header's word, and ``7TH``, which some hands print for the river."""


class _Builder(SiteBuilder):
    """One Bovada hand's tokens -> Hand. The street is counted from the deals (see the module)."""

    SEATING = frozenset({"SEATS"})
    NAME = "Bovada"

    def start(self) -> None:
        self.street = 3
        self.deals: dict[int, int] = {}  # seat -> deal lines read
        self.ledger = StreetLedger()
        self.doubled: set[int] = set()  # lines of 4th-street bets Bovada calls double bets
        self.shown: dict[int, int] = {}  # seat -> index of its Show/Muck event
        self.stack: dict[int, int] = {}  # seat -> stack before the antes
        self.forced: dict[int, int] = {}  # seat -> ante posted (a forced bet is all-in when it is the stack)
        self.bring_in: int | None = None
        self.total: int | None = None
        self.rake: int | None = None

    @line_kind("SEATS", run=True)
    def seat_run(self, tok: Token, first: int) -> None:
        for no, m in enumerate(self.lines["SEATS"].finditer(tok), first):
            name, stack = m.group("name", "stack")
            seat = int(name[5:].split()[0])
            self.add_seat(seat, name, self.money(stack, no, m[0]), no=no, line=m[0])
            self.stack[seat] = self.seats[-1].stack

    def named(self, name: str, no: int, line: str) -> int:
        return self.seat_exact(name, no, line)

    @line_kind("ANTES", run=True)
    def antes(self, tok: Token, first: int) -> None:
        for no, m in enumerate(self.lines["ANTES"].finditer(tok), first):
            name, amount = m.group("name", "amount")
            ante, seat = self.money(amount, no, m[0]), self.named(name, no, m[0])
            self.forced[seat] = ante
            self.events.append(Action(no, 3, seat, ActionKind.ANTE, ante, None, ante == self.stack[seat]))

    @line_kind("PLAY", run=True, words="a street, deal or betting line")
    def play_run(self, tok: Token, first: int) -> None:
        """Street lines, deals and betting lines, each read by the alternative of the grammar's pattern
        that matched it."""
        play = self.lines["PLAY"]
        fields = self.fields("PLAY", _PLAY_FIELDS)
        for no, m in enumerate(play.finditer(tok), first):
            dealt_to, cards, name, verb, amount, to, no_chips, word = fields(m.groups())
            if dealt_to is not None:
                self.deal(no, m[0], dealt_to, cards)
            elif name is not None:
                self.betting(no, m[0], name, verb, amount, to, no_chips)
            elif word is not None:
                # "*** 4TH STREET ***": its deals say the same; with no deal after it (all-in players) the
                # street begins here all the same. "*** HOLE CARDS ***" says nothing.
                self.street = max(self.street, _STREET_WORDS[word])

    def deal(self, no: int, line: str, name: str, text: str) -> None:
        """A player's n-th deal line is his card of street 3 + n."""
        seat = self.named(name, no, line)
        street = 3 + self.deals.get(seat, 0)
        cards = self.cards(text, no, line)
        if street == 3 and len(cards) == 1:  # only the door card known (a converted hand)
            cards = (None, None, *cards)
        elif street == 7 and not cards:  # an unknown 7th card (a converted hand)
            cards = (None,)
        if street > 7 or len(cards) != (3 if street == 3 else 1):
            raise self.error(
                no,
                line,
                f"a deal of {len(cards)} cards as this player's card of street {street}",
                "three cards on 3rd street, then one a street up to the 7th",
            )
        self.deals[seat] = street - 2
        if street > self.street:
            self.street = street
        down = self.rules.deals[street][0]  # the cards in deal order: the street's down cards first
        self.events.append(Deal(no, street, seat, cards[:down], cards[down:]))

    def betting(
        self,
        no: int,
        line: str,
        name: str,
        verb: str | None,
        amount_text: str | None,
        to_text: str | None,
        no_chips: str | None,
    ) -> None:
        ledger, street = self.ledger, self.street
        seat = self.named(name, no, line)
        if no_chips is not None:
            self.no_chips(no, street, seat, fold=no_chips != "Checks")
            return
        amount = self.money(amount_text or "", no, line)
        if verb == "Return uncalled portion of bet":
            ledger.uncalled(seat, amount)
            self.events.append(UncalledReturn(no, seat, amount))
            return
        self.events.append(self.wager(no, line, street, seat, verb or "", amount, to_text))

    def wager(self, no: int, line: str, street: int, seat: int, verb: str, amount: int, to_text: str | None) -> Action:
        """One chip-moving line as the model's Action, through the ledger."""
        ledger = self.ledger
        if ledger.street != street:
            ledger.start_street(street)
        if verb in _FORCED:  # Bovada never says a forced bet is all-in: the stack does
            all_in = self.forced.get(seat, 0) + amount == self.stack[seat]
            if self.bring_in is None and not all_in:
                self.bring_in = amount
            return ledger.bet(no, street, seat, ActionKind.BRING_IN, amount, all_in=all_in)
        if verb in ("Bets", *_DOUBLED):
            if verb in _DOUBLED:
                self.doubled.add(no)
                self.events.append(Marker(no, street, "double-bet"))
            return ledger.bet(no, street, seat, ActionKind.BET, amount)
        if verb in ("Calls", "Call"):
            if street == 3 and ledger.bets == 0 and ledger.contributed(seat) + amount > ledger.level:
                # after a bring-in all-in for less, a call shows the full bring-in it stood for (docs/rules.md §2)
                ledger.level = ledger.contributed(seat) + amount
            return ledger.call_adding(no, street, seat, amount)
        if verb == "All-in":  # chips added, all-in: a call when there is one to make
            if ledger.to_call(seat):
                return ledger.call_adding(no, street, seat, amount, all_in=True)
            return ledger.bet(no, street, seat, ActionKind.BET, amount, all_in=True)
        all_in = verb.startswith("All-in(raise")  # "(raise)" or "(raise-timeout)"
        if ledger.level == 0:  # a raise of nothing is the street's bet
            total = amount if to_text is None else self.money(to_text, no, line)
            return ledger.bet(no, street, seat, ActionKind.BET, total, all_in=all_in)
        kind = ActionKind.RAISE  # Bovada's word, for the completion too (as PokerStars')
        if to_text is not None:  # "Raises X to Y": X the chips added
            return ledger.raise_adding(no, street, seat, kind, amount, all_in=all_in)
        return ledger.raise_to(no, street, seat, kind, amount, all_in=all_in)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, first: int) -> None:
        for no, m in enumerate(self.lines["RESULTS"].finditer(tok), first):
            line = m[0]
            name, reveal, text, description, side, collected = m.group(
                "name", "reveal", "cards", "description", "side", "collected"
            )
            seat = self.named(name, no, line)
            if reveal is None:
                label = side[1:].lower() if side else "pot"  # "-Side Pot-2" -> "side pot-2"
                self.events.append(Collect(no, seat, self.money(collected, no, line), label))
                continue
            cards = tuple(dict.fromkeys(self.cards(text, no, line)))  # hi/lo shows the high and the low five
            event: Show | Muck
            if reveal == "Showdown":
                event = Show(no, seat, cards, description)
            else:  # "Does not show" (the uncalled winner) and "Mucks" give up showing; Bovada prints them
                event = Muck(no, seat, tuple(c for c in cards if c is not None))
            self.shown[seat] = len(self.events)
            self.events.append(event)

    total_line = line_kind("TOTAL", words="'Total Pot(AMOUNT) | Rake (AMOUNT)'")(SiteBuilder.total_line)

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, first: int) -> None:
        """A summary seat line of a player who showed prints his seven cards: they replace the best five
        the showdown line showed (the same player, the same cards and more)."""
        for no, m in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok), first):
            seat_text, seven = m.group("seat", "seven")
            at = self.shown.get(int(seat_text))
            shown = self.events[at] if at is not None else None
            if seven is None or not isinstance(shown, Show):
                self.skip_line(no, m[0])
                continue
            self.events[at] = Show(shown.line, shown.seat, self.cards(seven, no, m[0]), shown.description)  # type: ignore[index]

    def skip_line(self, no: int, line: str) -> None:
        self.skipped.append(SkippedLine(no, line.rstrip("\n")))

    def hand(self, header: HandHeader) -> Hand:
        if any(isinstance(e, Collect) and e.pot != "pot" for e in self.events):
            self.events = [
                Collect(e.line, e.seat, e.amount, "main pot") if isinstance(e, Collect) and e.pot == "pot" else e
                for e in self.events
            ]
        antes = Counter(
            e.amount for e in self.events if isinstance(e, Action) and e.kind is ActionKind.ANTE and not e.all_in
        )
        ante = min(antes, key=lambda a: (-antes[a], a)) if antes else None  # the ante most players posted
        assert header.game is not None
        small, big = infer_stakes(header.game, self.events, self.doubled)
        return self.build(
            replace(header, small_bet=small, big_bet=big),
            ante=ante,
            bring_in=self.bring_in,
            total_pot=self.total,
            rake=self.rake,
            stakes_inferred=True,
        )


parse_hand = _Builder.parse_hand
