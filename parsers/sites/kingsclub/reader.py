"""KingsClub stud-family hands on the site-reader seam (parsers/sites/kingsclub/grammar.lark).

What KingsClub does, from the six hands of ``corpus/fpdb/KingsClub`` (2020-10 to 2021-02; stud, stud8,
razz and 2-7 razz from mixed-game tables):

* **A header of three lines**: ``#37581152: Limit Seven Card Stud - 44/88`` (small and big bet, with
  thousands separators: ``500/1,000``), the date and time with no time zone (a time in no zone would be
  a guess: the start time is left unknown; a ParseWarning would be audited as garbled output), and ``Table 'Real Deal Mix'``. No currency is printed.
* **Until early 2022 the first betting round has no street line**: the three cards are dealt and bet on
  right after the antes, ``*** 3RD STREET ***`` opens the second round (4th street) and ``*** 6TH STREET
  ***`` the river. From 2022 the streets are named as dealt, ``*** 3RD STREET ***`` before the first deal
  to ``*** 7TH STREET ***``: the two are told apart by whether a deal came before the first street line,
  never by the file's date or name.
* ``Dealt to NAME: [X X Td]`` (``X`` a card not shown); a later street prints the new card only.
* ``calls X``, ``raises to X`` and a 3rd-street ``bets X`` print the **street total** (hand 37581152:
  ``Player2 bets 44`` … ``Player2 calls 121.16`` costs Player2 121.16 on top of his ante, as his summary
  net of -154.32 says); ``, and is all in`` marks an all-in.
* **The summary pays only the last pot**: ``NAME wins pot (X)`` is printed once. In the 2-7 razz hand
  3703449 (``multi.pot.failure``) Player2 is all in for 1,662.75 on 3rd street; the main pot of 5,613.25
  (four antes of 125, the bring-in of 125 and 3 x 1,662.75) is the one printed, while the side pot of
  2,674.50 (337.25 each from Player1 and Hero, and their 1,000 each on 5th street) that Player1 won when
  Hero folded on 6th is printed nowhere but in the seat lines (``Seat 2: Player1 (12,298.50) -450.50``).
  In razz hand 3537921 one line pays Player4 main and side pot together (1,900 + 2,200 = 4,100).
  So the reader takes what each seat got back from its summary line (final stack less the chips it had
  left), and records what no ``wins`` line and no uncalled bet account for as a ``side pot`` collect.
* **No uncalled-bet line**: the bet nobody matched is in the seat's final stack; the reader returns it
  explicitly (:class:`UncalledReturn`).
"""

from __future__ import annotations

import re

from lark import Token

from ....engine.cards import Card
from ....engine.model import (
    ActionKind,
    Collect,
    Deal,
    Hand,
    Money,
    Muck,
    ParseWarning,
    Show,
    Tournament,
)
from ...cancelled import cancellable
from ...textsite import HandHeader, SiteBuilder, line_kind, read_amount, site_time, where_error
from . import vocabulary

SITE = "kingsclub"
HAND_HEADER = re.compile(r"#\d+: Limit ")
HEADER_LINES = 3

_HEADER = re.compile(
    r"#(?P<id>\d+): Limit (?P<game>.+?) - (?P<small>[\d,.]+)/(?P<big>[\d,.]+)\n"
    r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})\n"
    r"Table '(?P<table>[^\n]*)'"
)
_OTHER = re.compile(r"#(?P<id>\d+): (?P<game>[^\n]+?)(?: - [^\n]*)?(?:\n[^\n]*)*")
_GAMES = vocabulary.GAMES_BY_NAME
_TOURNEY_TABLE = re.compile(r"T(?P<tid>\d+) \[\d+\]")
"""A tournament's table, ``Table 'T1234 [5]'`` (tournament 1234, table 5, April 2021 on): its amounts are chips."""


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    m = _HEADER.fullmatch(text)
    if m is None or m["game"] not in _GAMES:
        other = _OTHER.fullmatch(text) if m is None else m
        if other is None:
            raise where_error(
                where,
                text.split("\n")[0],
                "not a KingsClub hand header",
                "'#ID: Limit Seven Card Stud - 44/88', then the date and 'Table 'NAME''",
            )
        return HandHeader(other["id"], None, other["game"])
    small, big = read_amount(m["small"], where, text), read_amount(m["big"], where, text)
    started, _ = site_time(m["date"], m["time"], None, where, text)
    numbered = _TOURNEY_TABLE.fullmatch(m["table"])
    tournament = Tournament(numbered["tid"]) if numbered else None
    return HandHeader(
        m["id"],
        _GAMES[m["game"]],
        m["game"],
        small_bet=small,
        big_bet=big,
        currency=None if tournament else "USD",
        tournament=tournament,
        started_at=started,
        table=m["table"],
    )


class _Builder(SiteBuilder):
    """One KingsClub hand's tokens -> Hand; the pots the summary leaves out read from its seat lines."""

    SEATING = frozenset({"SEATS"})
    NAME = "KingsClub"
    HEADER_LINES = HEADER_LINES

    def start(self) -> None:
        self.street = 3
        self.returned: list[tuple[int, Money]] = []  # the unmatched bets of the streets played
        self.rake: Money | None = None
        self.got: dict[int, tuple[int, Money]] = {}  # seat -> (summary line, chips it got back)
        self.wins: list[Collect] = []
        self.dealt = False  # a deal line came: a street line now is the older files' (one round behind)
        self.named_streets = False  # the first street line came before any deal: streets named as dealt

    def end_street(self, no: int) -> None:
        """The street's bet nobody matched (all others folded or all in for less) goes back to the
        bettor at the end of the street (file line ``no``): KingsClub prints no line for it. Once per
        street: the ledger is emptied."""
        self.return_unmatched(no, self.returned)
        self.ledger.start_street(self.street)

    @line_kind("STREET")
    def street_line(self, tok: Token, no: int) -> None:
        number = int(self.lines["STREET"].match(tok)["number"])  # type: ignore[index]
        if not self.dealt and not self.named_streets and number == 3:
            self.named_streets = True  # the files of 2022 on: "3RD STREET" opens the 3rd street's deal
            return
        # before 2022 the first round has no street line: "3RD STREET" opens the second round, 4th street
        street = number if self.named_streets else number + 1
        self.street_in_order(street, no, tok)
        self.end_street(no)
        self.street = street
        self.ledger.start_street(street)

    def hidden(self, text: str, no: int, line: str) -> tuple[Card | None, ...]:
        """``X`` is a card not shown."""
        return tuple(None if tok == "X" else self.cards(tok, no, line)[0] for tok in text.split())

    @line_kind("DEALS", run=True, words="a deal line")
    def deal_run(self, tok: Token, first: int) -> None:
        street, self.dealt = self.street, True
        for no, found in enumerate(self.lines["DEALS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            cards = self.hidden(m["cards"], no, m[0])
            if len(cards) != (3 if street == 3 else 1):
                raise self.error(
                    no,
                    m[0],
                    f"{len(cards)} cards dealt on street {street}",
                    "three cards on 3rd street ('[X X Td]'), then one ('[Jc]')",
                )
            if street == 3:
                self.events.append(Deal(no, 3, seat, cards[:2], cards[2:]))
            else:
                self.events.append(Deal(no, street, seat, cards) if street == 7 else Deal(no, street, seat, (), cards))

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        ledger, street = self.ledger, self.street
        for no, seat, m in self.wagers(tok, first):
            line = m[0]
            verb, amount, all_in_words = m.group("verb", "amount", "all_in")
            chips = self.money(amount, no, line)
            all_in = all_in_words is not None
            had = ledger.contributed(seat)
            if verb == "brings in for":
                action = ledger.bet(no, street, seat, ActionKind.BRING_IN, chips, all_in)
                self.posted_bring_in(chips, all_in)
            elif verb == "calls":
                action = ledger.call_to(no, street, seat, chips, all_in)
            elif verb == "raises to":
                action = ledger.raise_to(no, street, seat, ActionKind.RAISE, chips, all_in)
            elif street == 3 and ledger.bets == 0 and ledger.level > 0:  # "bets X" over the bring-in
                action = ledger.raise_to(no, street, seat, ActionKind.COMPLETE, chips, all_in)
            else:
                action = ledger.bet(no, street, seat, ActionKind.BET, chips, all_in)
            self.left[seat] -= ledger.contributed(seat) - had
            self.events.append(action)

    @line_kind("SHOWS", run=True, words="a show line")
    def show_run(self, tok: Token, first: int) -> None:
        self.end_street(first)  # a show ends the betting (of the hand, or until an all-in runout's streets)
        for no, found in enumerate(self.lines["SHOWS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            self.events.append(Muck(no, seat) if m["mucks"] else Show(no, seat, self.hidden(m["cards"], no, m[0])))

    @line_kind("SUMMARY")
    def summary_line(self, tok: Token, no: int) -> None:
        """``*** SUMMARY ***``: the betting is over."""
        self.end_street(no)

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, first: int) -> None:
        """``Seat 1: NAME (FINAL) +NET``: what the seat got back is its final stack less what it had left;
        a net that disagrees with the stacks is a warning (the site contradicts itself)."""
        for no, found in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            line = m[0]
            final, printed = self.money(m["stack"], no, line), m["net"] or "+0"
            net = self.money(printed[1:], no, line)
            net = -net if printed[0] == "-" else net
            start = next(s.stack for s in self.seats if s.seat == seat)
            if final - start != net:
                self.warnings.append(
                    ParseWarning(
                        no,
                        line.rstrip("\n"),
                        f"the net {m['net']} is not the final stack less the starting one ({final - start:+d} hundredths)",
                    )
                )
            self.got[seat] = (no, final - self.left[seat])

    rake_line = line_kind("RAKE", words="the rake line")(SiteBuilder.rake_line)

    @line_kind("WINS", run=True, words="a pot line")
    def win_run(self, tok: Token, first: int) -> None:
        for no, found in enumerate(self.lines["WINS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            self.wins.append(Collect(no, seat, self.money(m["amount"], no, m[0]), m["pot"] or m["source"] or "pot"))

    def hand(self, header: HandHeader) -> Hand:
        """The printed ``wins`` lines, then for each seat what it got back beyond them and the unmatched
        bets returned to it: a pot the summary does not print (a side pot)."""
        back: dict[int, Money] = {}
        for seat, amount in self.returned:
            back[seat] = back.get(seat, 0) + amount
        self.events.extend(self.wins)
        won: dict[int, Money] = {}
        for c in self.wins:
            won[c.seat] = won.get(c.seat, 0) + c.amount
        for seat, (no, got) in self.got.items():
            unprinted = got - won.get(seat, 0) - back.get(seat, 0)
            if unprinted > 0:
                self.events.append(Collect(no, seat, unprinted, "side pot"))
        return self.build(header, ante=self.ante, bring_in=self.bring_in, rake=self.rake)


parse_hand = cancellable(_Builder.parse_hand, SITE, r"Hand cancelled", read_header)
