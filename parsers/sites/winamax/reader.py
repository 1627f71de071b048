"""Winamax stud-family hands on the site-reader seam (parsers/sites/winamax/grammar.lark).

What Winamax does, from the five hands of ``corpus/fpdb/Winamax`` (four from an 8-games table in euros, one
play-money export):

* Header ``Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed limit
  (5€/25€/50€) - 2016/11/12 22:46:27 UTC``: the three stakes are **ante / small bet / big bet**; the play
  money export names the game ``7stud fixed limit`` and prints amounts without a currency sign.
* Antes under ``*** ANTE/BLINDS ***``; streets ``*** 3rd STREET ***`` … ``*** 7th STREET ***``, or in the
  play-money export ``*** THIRD ***`` … ``*** SEVENTH ***`` with **no deal line at all**: every live
  player is then dealt unknown cards (``None``) at the street line, as the model wants every card dealt.
* ``Dealt to P [X X Kc] [6d]``: the cards held so far (``X`` not shown), then the street's new card.
* ``P raises X to Y``: Y is **the chips the action adds**, X is Y less the last bet (the bring-in is not
  one). Every clean raise of the corpus starts from nothing on its street, so it cannot tell that reading
  from "Y is the new street total"; the ``negative.bet`` hand (9250793-1578) does: Player0 brings in 10€,
  is completed to 25€ and goes all in with ``raises -6.10€ to 18.90€`` — his last 18.90€ (33.90€ less ante
  and bring-in) — and Player1 ``calls 3.90€``, 25€ + 3.90€ = 10€ + 18.90€; the pot of 72.80€ (70.30€
  paid, 2.50€ rake) confirms it. So the ledger's ``raise_adding`` reads it, and X is not used.
* **No uncalled-bet line**: the unmatched bet is inside the winner's ``collected`` and the ``Total pot``.
  Stud8 hand 9250793-554: 180€ contested plus an unmatched 50€ bet, rake 2€, printed ``Total pot 228€``
  and two ``collected 114€`` (each half carries 25€ of the bet); razz hand 9250793-444 likewise (210€ +
  50€ - 2€ = 258€). The reader makes the return explicit (:class:`UncalledReturn`) and takes it off the
  winner's collect lines and the total, so the pot the engine judges is the contested one.
* ``Total pot`` is **after the rake** (every hand: 460€ put in, ``Total pot 458€ | Rake 2€``).
* No all-in words: an all-in is a wager that leaves no chips behind.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lark import Token

from ....engine.cards import Card
from ....engine.model import (
    ActionKind,
    Collect,
    Deal,
    Event,
    Hand,
    Money,
    Muck,
    Show,
    SkippedLine,
    Tournament,
)
from ...textsite import HandHeader, SiteBuilder, line_kind, read_amount, site_time, where_error
from . import vocabulary

HAND_HEADER = re.compile(r"Winamax Poker - ")

_HEADER = re.compile(
    r"Winamax Poker - (?:Tournament \"(?P<tname>[^\"\n]*)\" buyIn: (?P<buyin>.*?)(?: level: (?P<level>\d+))?"
    r"|(?P<kind>[^-]+?)) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?)"
    r"(?: fixed limit \((?P<ante>[\d,.]+€?)/(?P<small>[\d,.]+€?)/(?P<big>[\d,.]+€?)\))?"
    r" - (?P<date>\d{4}/\d{2}/\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Za-z]+)"
)
_GAMES = vocabulary.GAMES_BY_NAME
# "9€ + 1€", "0.90€ + 0.10€", "9€-1€", a knockout's bounty after the fee ("4.50€ + 0.50€ + 5€"); the
# free and ticket-only entries print a word and no amount
_BUY_IN = re.compile(r"(?P<buyin>[\d,.]+€?)(?: ?\+ ?|-)(?P<fee>[\d,.]+€?)(?: ?\+ ?(?P<bounty>[\d,.]+€?))?(?: EUR)?")
_FREE = frozenset({"Gratuit", "Free", "Ticket", "Ticket only", "Ticket uniquement"})
_TOURNEY_TABLE = re.compile(r".*\((?P<tid>\d+)\)#\d+")
"""A tournament's table, ``'Stud Sunday(123456)#004'``: the tournament's number, then the table's."""


def _tournament(m: re.Match[str], where: tuple[str, int], text: str) -> Tournament:
    """The header's tournament part. Its id is the tournament's name until the table line gives the
    number (:meth:`_Builder.hand`); a bounty is part of what the entry costs, so it is counted in the
    buy-in."""
    printed = m["buyin"].strip()
    if printed in _FREE:
        return Tournament(m["tname"], 0, 0, "EUR", m["level"])
    found = _BUY_IN.fullmatch(printed)
    if found is None:
        raise where_error(where, text, f"the buy-in {printed!r} is not understood", "'buyIn: 9€ + 1€'")
    buy_in = read_amount(found["buyin"], where, text)
    if found["bounty"] is not None:
        buy_in += read_amount(found["bounty"], where, text)
    return Tournament(m["tname"], buy_in, read_amount(found["fee"], where, text), "EUR", m["level"])


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    m = _HEADER.fullmatch(text)
    if m is None:
        raise where_error(
            where,
            text,
            "not a Winamax hand header",
            "'Winamax Poker - CashGame - HandId: #ID - 7-Card Stud fixed limit (5€/25€/50€) - YYYY/MM/DD HH:MM:SS UTC'",
        )
    game = _GAMES.get(m["game"]) if m["ante"] is not None else None
    if game is None:
        return HandHeader(m["id"], None, m["game"])
    ante, small, big = (read_amount(m[k], where, text) for k in ("ante", "small", "big"))
    started, warning = site_time(m["date"], m["time"], m["tz"], where, text)
    currency = "EUR" if m["small"].endswith("€") else None
    tournament = _tournament(m, where, text) if m["tname"] is not None else None
    return HandHeader(
        m["id"],
        game,
        m["game"],
        small_bet=small,
        big_bet=big,
        currency=currency,
        play_money=currency is None and tournament is None,
        tournament=tournament,
        started_at=started,
        warning=warning,
        ante=ante,
    )


_WORD_STREETS = {"THIRD": 3, "FOURTH": 4, "FIFTH": 5, "SIXTH": 6, "SEVENTH": 7}
_PAID = {
    "brings in": ActionKind.BRING_IN,
    "bring-in": ActionKind.BRING_IN,
    "bets": ActionKind.BET,
    "calls": ActionKind.CALL,
}


class _Builder(SiteBuilder):
    """One Winamax hand's tokens -> Hand; the uncalled bet the site leaves in the pot made explicit."""

    SEATING = frozenset({"TABLE", "SEATS"})
    NAME = "Winamax"

    def start(self) -> None:
        self.street = 2
        self.street_line_no = 0
        self.dealt_on_street = False
        self.returned: list[tuple[int, Money]] = []  # the unmatched bets of the streets played
        self.total: Money | None = None
        self.rake: Money | None = None
        self.table: str | None = None
        self.max_seats: int | None = None

    @line_kind("TABLE")
    def table_line(self, tok: Token, no: int) -> None:
        name, max_seats = self.lines["TABLE"].match(tok).group("name", "max_seats")  # type: ignore[union-attr]
        self.table, self.max_seats = name, int(max_seats)

    ante_header = line_kind("ANTE_HEADER", words="'*** ANTE/BLINDS ***'")(SiteBuilder.placed)

    @line_kind("STREET")
    def street_line(self, tok: Token, no: int) -> None:
        number, word = self.lines["STREET"].match(tok).group("number", "word")  # type: ignore[union-attr]
        street = int(number) if number else _WORD_STREETS[word]
        self.street_in_order(street, no, tok)
        self.end_street(no)
        self.street, self.street_line_no, self.dealt_on_street = street, no, False
        self.ledger.start_street(street)

    @line_kind("DEALS", run=True, words="a deal line")
    def deal_run(self, tok: Token, first: int) -> None:
        street = self.street
        self.dealt_on_street = True
        for no, found in enumerate(self.lines["DEALS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            held, new = m.group("held", "new")
            line = m[0]
            if street == 3:
                cards = self.hidden(held, no, line)
                if new is not None or len(cards) != 3:
                    raise self.error(no, line, "a 3rd-street deal of other than three cards", "'[X X 9h]'")
                self.events.append(Deal(no, 3, seat, cards[:2], cards[2:]))
                continue
            if new is None or len(self.hidden(held, no, line)) != street - 1:
                raise self.error(
                    no,
                    line,
                    f"a deal on street {street} without the {street - 1} cards held and the new one",
                    "'Dealt to NAME [X X 9h] [Kh]'",
                )
            card = self.hidden(new, no, line)
            self.events.append(Deal(no, street, seat, card) if street == 7 else Deal(no, street, seat, (), card))

    def hidden(self, text: str, no: int, line: str) -> tuple[Card | None, ...]:
        """``X`` is a card not shown."""
        return tuple(None if tok == "X" else self.cards(tok, no, line)[0] for tok in text.split())

    def unseen_deals(self) -> None:
        """A street that printed no deal line (the play-money export) dealt every live player anyway."""
        if self.dealt_on_street:
            return
        self.dealt_on_street = True
        no, street = self.street_line_no, self.street
        for s in self.seats:
            if s.seat in self.folded or s.sitting_out:
                continue
            if street == 3:
                self.events.append(Deal(no, 3, s.seat, (None, None), (None,)))
            else:
                self.events.append(
                    Deal(no, street, s.seat, (None,)) if street == 7 else Deal(no, street, s.seat, (), (None,))
                )

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        self.unseen_deals()
        ledger, street = self.ledger, self.street
        for no, seat, m in self.wagers(tok, first):
            line = m[0]
            verb, amount, to = m.group("verb", "amount", "to")
            if verb is not None:
                chips = self.money(amount, no, line)
                all_in = self.pays(seat, chips)
                action = (
                    ledger.call_adding(no, street, seat, chips, all_in)
                    if verb == "calls"
                    else ledger.bet(no, street, seat, _PAID[verb], chips, all_in)
                )
                if action.kind is ActionKind.BRING_IN:
                    self.posted_bring_in(chips, all_in)
            else:
                chips = self.money(to, no, line)
                kind = ActionKind.COMPLETE if street == 3 and ledger.bets == 0 else ActionKind.RAISE
                action = ledger.raise_adding(no, street, seat, kind, chips, self.pays(seat, chips))
            self.events.append(action)

    @line_kind("SHOWDOWN")
    def showdown_line(self, tok: Token, no: int) -> None:
        """``*** SHOW DOWN ***``: the betting is over."""
        self.end_street(no)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, first: int) -> None:
        self.end_street(first)  # a hand won without a showdown has no SHOW DOWN line
        for no, found in enumerate(self.lines["RESULTS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            shown, description, mucks, collected, pot = m.group("shown", "description", "mucks", "collected", "pot")
            line = m[0]
            if shown is not None:
                self.events.append(Show(no, seat, self.hidden(shown, no, line), description))
            elif mucks is not None:
                self.events.append(Muck(no, seat))
            else:
                # "pot(HI)"/"pot(LO)" name halves of the one pot: the engine works out which is which
                self.events.append(
                    Collect(no, seat, self.money(collected, no, line), "pot" if pot.startswith("pot") else pot)
                )

    @line_kind("SUMMARY")
    def summary_line(self, tok: Token, no: int) -> None:
        """``*** SUMMARY ***``: the betting is over, if no pot line said so."""
        self.end_street(no)

    @line_kind("TOTAL", words="'Total pot AMOUNT | Rake AMOUNT'")
    def total_line(self, tok: Token, no: int) -> None:
        total, rake = self.lines["TOTAL"].match(tok).group("total", "rake")  # type: ignore[union-attr]
        self.total = self.money(total, no, tok)
        self.rake = self.money(rake, no, tok) if rake is not None else 0

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, first: int) -> None:
        """The summary's seat lines repeat what the hand said: skipped lines."""
        self.skipped += [SkippedLine(no, text) for no, text in enumerate(tok.rstrip("\n").split("\n"), first)]

    def end_street(self, no: int) -> None:
        """The street's bet nobody matched (all others folded or all in for less), by the ledger's own
        numbers: Winamax prints no line for its return (once per street: the ledger is emptied)."""
        self.return_unmatched(no, self.returned)
        self.ledger.start_street(self.street)

    def hand(self, header: HandHeader) -> Hand:
        """Winamax leaves an unmatched bet in the total and in its bettor's ``collected``: it is taken
        out as the :class:`UncalledReturn` it is, spread over that seat's collect lines as the site spread
        it (evenly, the first line taking the odd chip); a bettor with no collect line (he lost the pot to
        a player all in for less) has it back all the same."""
        total = self.total
        events: list[Event] = list(self.events)
        for seat, amount in self.returned:
            mine = [i for i, e in enumerate(events) if isinstance(e, Collect) and e.seat == seat]
            share, odd = divmod(amount, len(mine) or 1)
            for k, i in enumerate(mine):
                c = events[i]
                assert isinstance(c, Collect)
                events[i] = Collect(c.line, c.seat, c.amount - share - (odd if k == 0 else 0), c.pot)
            total = None if total is None else total - amount
        self.events = events
        tournament = header.tournament
        numbered = _TOURNEY_TABLE.fullmatch(self.table or "") if tournament is not None else None
        if tournament is not None and numbered is not None:
            tournament = replace(tournament, tournament_id=numbered["tid"])
        return self.build(
            header,
            bring_in=self.bring_in,
            total_pot=total,
            rake=self.rake,
            table=self.table,
            max_seats=self.max_seats,
            tournament=tournament,
        )


parse_hand = _Builder.parse_hand
