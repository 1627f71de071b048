"""Everleaf Gaming stud-family hands on the site-reader seam (parsers/sites/everleaf/grammar.lark).

What Everleaf does that PokerStars does not, and how each is read:

* **A header of three lines**: ``Everleaf Gaming Game #ID``, ``***** Hand history for game #ID *****``
  and ``$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53`` (``€0.05/€0.10`` in euro files, ``Blinds …`` for
  the flop games, which are skipped). The seam hands the three to :func:`read_header` together.
* **cp1252 files** (``€`` as the byte 0x80): decoded by parsers/reading.py. Some 2012 files print the
  byte 0x88 where the euro belongs (cp1252's ``ˆ``): that sign is read as the euro it stands for.
* **Amounts in brackets** (``[$ 0.01 USD]``, ``[€ 0.05 EURO]``) and plain ones with a full stop
  (``posts bring-in $0.02.``, ``completes to $0.05.``). ``raises [X]`` gives the chips the raise adds and
  ``completes to X`` the new total: both go through the engine's ledger
  (:class:`~studbook.engine.betting.StreetLedger`), which gives the model's increment.
* **Cards** as ``[ 5d, Qs, 7s ]``; an opponent's 3rd-street line shows only his door card and his 7th
  card is never printed, and the older export prints no deal line at all: every card Everleaf dealt but
  did not print is dealt all the same, unknown (a player still in the hand when a street begins gets a
  card of it).
* **No uncalled-bet line, no total pot and no rake**: the site pays the pot after rake and returns an
  unmatched bet silently (the profile's ``uncalled_printed`` and ``rake_printed``).
* The times carry no zone; they are read as US Eastern time, as fpdb reads them (the corpus cannot
  confirm it).
"""

from __future__ import annotations

import re

from lark import Token

from ....engine.betting import StreetLedger
from ....engine.model import ActionKind, Collect, Deal, Hand, Muck, Show
from ...textsite import HandHeader, SiteBuilder, line_kind, read_amount, site_time, where_error
from . import vocabulary

HEADER_LINES = 3

HAND_HEADER = re.compile(r"Everleaf Gaming Game #\d+")

_HEADER = re.compile(
    r"Everleaf Gaming Game #(?P<id>\d+)\n"
    r"\*{5} Hand history for game #(?P=id) \*{5}\n"
    r"(?P<blinds>Blinds\s+)?(?P<small>[$€ˆ]?\s?[\d,.]+)/\s?(?P<big>[$€ˆ]?\s?[\d,.]+) (?P<game>.+?)"
    r"(?: - (?P<max>\d+) Max)?"  # the table's size, when the client prints it
    r" - (?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{1,2}:\d{2}:\d{2})"
)
_GAMES = vocabulary.GAMES_BY_NAME
_CURRENCIES = vocabulary.CURRENCY_OF_SIGN


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """The three header lines: id, stakes (small/big bet), game and time."""
    m = _HEADER.fullmatch(text)
    if m is None:
        raise where_error(
            where,
            text.replace("\n", " | "),
            "not an Everleaf hand header",
            "'Everleaf Gaming Game #ID', '***** Hand history for game #ID *****', "
            "'$0.05/$0.10 7 Card Stud - YYYY/MM/DD - HH:MM:SS'",
        )
    game = None if m["blinds"] else _GAMES.get(m["game"])
    if game is None:
        return HandHeader(m["id"], None, m["game"])
    small, big = (re.sub(r"[$€ˆ\s,]", "", m[k]) for k in ("small", "big"))
    currency = _CURRENCIES.get(m["small"][:1])
    where, text = (where[0], where[1] + 2), text.split("\n")[2]  # the stakes and time are on the third line
    started, warning = site_time(m["date"], m["time"], "ET", where, text)
    return HandHeader(
        m["id"],
        game,
        m["game"],
        small_bet=read_amount(small, where, text),
        big_bet=read_amount(big, where, text),
        currency=currency,
        play_money=currency is None,
        started_at=started,
        warning=warning,
        max_seats=int(m["max"]) if m["max"] else None,
    )


# ------------------------------------------------------------------------------------ the builder

_STREET_WORDS: dict[str | None, int] = {
    None: 3,
    "river": 7,
    **{word: street for street, word in vocabulary.STREET_WORDS.items()},
}
"""The streets by their line's word (none for the down cards'), and the older files' ``river``."""
_SHAPE = {3: (2, 1), 4: (0, 1), 5: (0, 1), 6: (0, 1), 7: (1, 0)}


class _Builder(SiteBuilder):
    """One Everleaf hand's tokens -> Hand. Deals Everleaf does not print are added as unknown cards when
    the street's betting (or the next street, or the showdown) begins."""

    NAME = "Everleaf"
    HEADER_LINES = HEADER_LINES
    SEATING = frozenset({"TABLE", "SEATS"})

    def start(self) -> None:
        self.street = 2  # before 3rd street
        self.ledger = StreetLedger()
        self.table: str | None = None
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.in_hand: list[int] = []  # seats dealt in (they posted the ante), in seat order
        self.left: dict[int, int] = {}  # chips behind, for the all-ins Everleaf does not mark
        self.dealt: set[int] = set()  # seats dealt a printed card on the current street
        self.deals_open = False  # the current street's deals may still come

    @line_kind("TABLE")
    def table_line(self, tok: Token, no: int) -> None:
        self.table = self.lines["TABLE"].match(tok)["table"]  # type: ignore[index]

    @line_kind("SEATS", run=True)
    def seat_run(self, tok: Token, first: int) -> None:
        for no, m in enumerate(self.lines["SEATS"].finditer(tok), first):
            seat, name, stack = m.group("seat", "name", "stack")
            if stack is None:  # "( new player )": seated, not dealt in
                self.add_seat(int(seat), name, 0, sitting_out=True, no=no, line=m[0])
            else:
                self.add_seat(int(seat), name, self.money(stack, no, m[0]), no=no, line=m[0])

    @line_kind("ANTES", run=True)
    def antes(self, tok: Token, first: int) -> None:
        for no, found in enumerate(self.lines["ANTES"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            amount = self.money(m["amount"], no, m[0])
            stack = next(s.stack for s in self.seats if s.seat == seat)
            self.events.append(self.ledger.bet(no, 3, seat, ActionKind.ANTE, amount, all_in=amount == stack))
            self.in_hand.append(seat)
            self.left[seat] = stack - amount
            if self.ante is None and amount != stack:
                self.ante = amount

    @line_kind("STREET")
    def street_line(self, tok: Token, no: int) -> None:
        self.close_deals(no)
        word = self.lines["STREET"].match(tok)["street"]  # type: ignore[index]
        street = _STREET_WORDS[word]
        self.street_in_order(street, no, tok)
        self.street = street
        self.dealt = set()
        self.deals_open = True
        if street > 3:
            self.ledger.start_street(street)

    def close_deals(self, no: int) -> None:
        """Everyone still in the hand was dealt this street's cards: those not printed are unknown."""
        if not self.deals_open:
            return
        self.deals_open = False
        down, up = _SHAPE[self.street]
        for seat in sorted(set(self.in_hand) - self.folded - self.dealt):
            self.events.append(Deal(no, self.street, seat, (None,) * down, (None,) * up))

    @line_kind("DEALS", run=True)
    def deal_run(self, tok: Token, first: int) -> None:
        for no, found in enumerate(self.lines["DEALS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            line, street = m[0], self.street
            cards = self.cards(m["cards"], no, line, separator=",")
            if not self.deals_open or seat in self.dealt:
                raise self.error(
                    no,
                    line,
                    "a deal after the street's betting began, or a second one",
                    "the street's deal lines right after its street line",
                )
            if street == 3 and len(cards) in (1, 3):
                deal = Deal(no, 3, seat, cards[:2] if len(cards) == 3 else (None, None), cards[-1:])
            elif street > 3 and len(cards) == 1:
                deal = Deal(no, street, seat, cards if street == 7 else (), () if street == 7 else cards)
            else:
                raise self.error(
                    no,
                    line,
                    f"{len(cards)} cards dealt on street {street}",
                    "'Dealt to NAME [ door ]' or '[ down, down, door ]' on 3rd street, one card later",
                )
            self.dealt.add(seat)
            self.events.append(deal)

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        self.close_deals(first)
        ledger, street, left = self.ledger, self.street, self.left
        for no, seat, m in self.wagers(tok, first):
            line = m[0]
            forced, forced_amount, verb, amount = m.group("forced", "forced_amount", "verb", "amount")
            # Everleaf never says all-in: a wager that leaves no chips behind is one
            chips = self.money(forced_amount or amount, no, line)
            if forced == "completes to":  # the new total
                added = chips - ledger.contributed(seat)
                action = ledger.raise_to(no, street, seat, ActionKind.COMPLETE, chips, added == left[seat])
            elif forced == "posts bring-in":
                added = chips
                action = ledger.bet(no, street, seat, ActionKind.BRING_IN, chips, added == left[seat])
                if self.bring_in is None and not action.all_in:
                    self.bring_in = chips
            elif verb == ": bets":
                added = chips
                action = ledger.bet(no, street, seat, ActionKind.BET, chips, added == left[seat])
            elif verb == " calls":
                added = chips
                action = ledger.call_adding(no, street, seat, chips, added == left[seat])
            else:  # "raises [X]": X the chips added
                added = chips
                action = ledger.raise_adding(no, street, seat, ActionKind.RAISE, chips, added == left[seat])
            left[seat] -= added
            self.events.append(action)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, first: int) -> None:
        self.close_deals(first)
        for no, found in enumerate(self.lines["RESULTS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            shown, description, no_show, mucked, won, pot, half = m.group(
                "shown", "description", "no_show", "mucked", "won", "pot", "half_won"
            )
            line = m[0]
            if shown is not None:
                self.events.append(Show(no, seat, self.cards(shown, no, line, separator=","), description))
            elif no_show is not None:
                self.events.append(Muck(no, seat))
            elif mucked is not None:
                cards = self.cards(mucked, no, line, separator=",")
                self.events.append(Muck(no, seat, tuple(c for c in cards if c is not None)))
            elif half is not None:  # "wins high ( $ X USD )": which half is the engine's to check
                self.events.append(Collect(no, seat, self.money(half, no, line), "pot"))
            else:
                self.events.append(Collect(no, seat, self.money(won, no, line), pot))

    def hand(self, header: HandHeader) -> Hand:
        self.close_deals(self.block.start_line + len(self.block.lines) - 1)
        return self.build(header, ante=self.ante, bring_in=self.bring_in, table=self.table)


parse_hand = _Builder.parse_hand
