"""Winning Poker Network / Americas Cardroom (ACR) stud-family hands: both formats the site has printed.

Two formats, two grammars, one site. The client of 2016 wrote ``Game started at: 2016/8/2 11:17:19``,
one event per line with a blank line after each, ``Player X raises (1)``, street lines printed after
the street's betting, and the results only in the summary (``parsers/sites/acr/reader2016.py``,
``parsers/sites/acr/grammar2016.lark``). Since 2019 the site prints ``Hand #85198832 - 7Stud(Fixed Limit) - …``,
PokerStars-like lines without the colon after a name, and a running pot line after every street (this
module, ``parsers/sites/acr/grammar.lark``). The two share no line, so one grammar for both would be two grammars in
one file with every rule doubled; they share the site, its money, its rule profile and its files (a
player's archive holds both), so they are one ``SITE`` whose ``read`` (:func:`read_file`) splits a
file into hands of either format and hands each to its own reader. Splitting is the reason ``read``
exists here: in the 2016 format a blank line follows every line, so the generic splitter (a blank line
ends a hand) would make each line a hand; a 2016 hand ends only where the next header starts.

What the current format's lines mean, and what the builder makes of them:

* ``raises X to Y``: X is the chips this action adds (a completion by the bring-in's neighbour reads
  ``raises $0.04 to $0.04``), so the model's increment is asked of the engine's betting ledger
  (``StreetLedger.raise_adding``); the new total is the printed Y, so a Y that X does not reach is
  not repaired: the replay reports the raise's size.
* The running ``Main pot … | Rake …`` and ``Side pot(1) … | Rake …`` lines after a street are read and
  kept as skipped lines; the ones after ``*** SHOW DOWN ***`` are the final pots (``printed_pots``).
* The opponents' 7th-street down cards get no line: they are dealt as unknown cards all the same.
* A winner nobody called prints ``X does not show`` (a Muck: he declined to show) and no ``collected``
  line; what he won comes from the summary (``Seat 7: X did not show and won $0.36``).
* ``Total pot $8.96 | Rake $0.08 | JP Fee $0.02``: the total is net of rake and jackpot fee (the
  ``acr`` profile says so); the model's rake is what left the pot, rake plus jackpot fee.
* Razz is read as ``Razz(Fixed Limit)``: the corpus has no ACR razz hand, so that spelling is the
  writer's, not one seen in a real file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from lark import Token

from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Muck, Show, SkippedLine, Tournament
from ....engine.model import UncalledReturn
from ...errors import NotStudHand, ParseError
from ...reading import HandText
from ...textsite import HandHeader, SiteBuilder, line_kind, read_amount, site_time, where_error
from . import reader2016 as acr2016
from . import vocabulary

SITE = "acr"

HAND_HEADER = re.compile(r"(?:(?:Game )?Hand #\d+ - |Game started at: )")
"""The first line of a hand in either format: detects the site and splits a file into hands."""

# ------------------------------------------------------------------------------------------ header

_HEADER = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?:[$€£]?[\d,.]+[kKmM]? GTD )?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()]+?) ?\((?P<limit>[^()]+)\) - "
    r"(?:Level (?P<level>\S+) \((?P<lsmall>[\d,.]+)/(?P<lbig>[\d,.]+)\) ?"
    r"|(?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+)(?:, Ante (?P<ante>[$€£]?[\d,.]+))? )"
    r"- (?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Za-z]+)\s*"
)
_GAMES = vocabulary.GAMES_BY_NAME
_SYMBOLS = vocabulary.CURRENCY_OF_SIGN


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """``Hand #ID - GAME(LIMIT) - $S/$B[, Ante $A] - YYYY/MM/DD HH:MM:SS UTC`` (cash) or
    ``Game Hand #ID - Tournament #T - GAME(LIMIT) - Level L (S/B)- …`` (tournament)."""
    m = _HEADER.fullmatch(text)
    if m is None:
        raise where_error(
            where,
            text,
            "not an ACR hand header",
            "'Hand #ID - 7Stud(Fixed Limit) - $0.04/$0.08 - YYYY/MM/DD HH:MM:SS UTC'",
        )
    printed = f"{m['game']}({m['limit']})"
    game = _GAMES.get(m["game"].lower()) if m["limit"].lower() == "fixed limit" else None
    if game is None:
        return HandHeader(m["id"], None, printed)
    tournament, currency, ante = None, None, None
    if m["tid"]:
        small, big = read_amount(m["lsmall"], where, text), read_amount(m["lbig"], where, text)
        tournament = Tournament(m["tid"], level=m["level"])
    else:
        small, big = read_amount(m["small"], where, text), read_amount(m["big"], where, text)
        currency = _SYMBOLS.get(m["small"][:1])
        ante = read_amount(m["ante"], where, text) if m["ante"] else None
    day, _, clock = m["date"].partition(" ")
    started, warning = site_time(day, clock, m["tz"], where, text)
    return HandHeader(
        m["id"],
        game,
        printed,
        None,
        small,
        big,
        currency,
        play_money=currency is None and tournament is None,
        tournament=tournament,
        started_at=started,
        warning=warning,
        ante=ante,
    )


# ------------------------------------------------------------------------------------- the grammar


# A composite terminal starts with the line of its plain form, so it reads the same in an error.


# ------------------------------------------------------------------------------------ the builder

_STREETS = {f"STREET{n}{form}": n for n in (3, 4, 5, 6, 7) for form in ("", "_BETTING")}
_WAGERS = {
    "brings in": ActionKind.BRING_IN,
    "brings-in": ActionKind.BRING_IN,  # two more spellings fpdb's pattern allows; no hand seen with them
    "brings in low": ActionKind.BRING_IN,
    "brings-in low": ActionKind.BRING_IN,
    "bets": ActionKind.BET,
}


class _Builder(SiteBuilder):
    """Turns the tokens of one ACR hand (current format) into a Hand."""

    SEATING = frozenset({"TABLE", "TABLE_SEATS", "SEATS"})
    NAME = "ACR"

    def start(self) -> None:
        self.street = 3
        self.dealt: set[int] = set()
        self.seventh: tuple[int, int, frozenset[int]] | None = None  # (event index, line, seats in) of 7th street
        self.shown: dict[int, int] = {}  # seat -> index of its Show/Muck event
        self.at_showdown = False
        self.collected = False
        self.won: list[Collect] = []  # what the summary says each seat won
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.total: int | None = None
        self.rake: int | None = None
        self.pots: tuple[int, ...] = ()
        self.table: str | None = None
        self.max_seats: int | None = None

    def showdown(self, seat: int, event: Show | Muck) -> None:
        """One Show or Muck per seat: a later line about the same seat says more, so it replaces."""
        if seat in self.shown:
            self.events[self.shown[seat]] = event
        else:
            self.shown[seat] = len(self.events)
            self.events.append(event)

    # -- one method per terminal: (token, file line of its first line)
    @line_kind("TABLE")
    def table_line(self, tok: Token, no: int) -> None:
        name, max_seats = self.lines["TABLE"].match(tok).group("name", "max_seats")  # type: ignore[union-attr]
        self.table, self.max_seats = name, int(max_seats)

    def seat_lines(self, tok: Token, first: int, start: int) -> None:
        for no, m in enumerate(self.lines["SEATS"].finditer(tok, start), first):
            seat, name, stack, out = m.group("seat", "name", "stack", "sitting_out")
            self.add_seat(int(seat), name, self.money(stack, no, m[0]), sitting_out=out is not None, no=no, line=m[0])

    @line_kind("ANTES", run=True)
    def antes(self, tok: Token, first: int) -> None:
        for no, found in enumerate(self.lines["ANTES"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            amount, all_in = m.group("amount", "all_in")
            ante = self.money(amount, no, m[0])
            self.events.append(Action(no, 3, seat, ActionKind.ANTE, ante, None, all_in is not None))
            if all_in is None and self.ante is None:
                self.ante = ante

    @line_kind("STREET3", "STREET3_BETTING", words="'*** 3rd STREET ***'")
    @line_kind("STREET4", "STREET4_BETTING", words="'*** 4th STREET ***'")
    @line_kind("STREET5", "STREET5_BETTING", words="'*** 5th STREET ***'")
    @line_kind("STREET6", "STREET6_BETTING", words="'*** 6th STREET ***'")
    @line_kind("STREET7", "STREET7_BETTING", words="'*** 7th STREET ***'")
    def street_line(self, tok: Token, no: int) -> None:
        """A street's line, and the running pots, deals and betting after it (as far as the token goes)."""
        self.street = street = _STREETS[tok.type]
        self.ledger.start_street(street)
        end = tok.index("\n") + 1
        if street == 7:
            self.seventh_line(tok, no, end)
        no, pos = self.pot_lines(tok, no + 1, end)
        match, size = self.lines["DEALS"].match, len(tok)
        while pos < size and (m := match(tok, pos)) is not None:
            self.deal(m, no)
            no, pos = no + 1, m.end()
        if pos < size:
            self.betting(tok, no, pos)

    def seventh_line(self, tok: Token, no: int, end: int) -> None:
        shown = self.lines["STREET7"].match(tok, 0, end)[1]  # type: ignore[index]
        if shown is None:
            self.seventh = (len(self.events), no, frozenset(self.dealt - self.folded))
            return
        self.community_card(shown, no, tok[:end], "*** 7th STREET ***")

    @line_kind("POTS", run=True)
    def pot_run(self, tok: Token, no: int) -> None:
        self.pot_lines(tok, no, 0)

    def pot_lines(self, tok: Token, no: int, pos: int) -> tuple[int, int]:
        """The pot lines from offset ``pos`` on; returns the file line and offset after them. After SHOW
        DOWN they are the final pots, net of rake; before, a running total the engine has no use for.
        Either way they are kept as skipped lines."""
        match, amounts = self.lines["POTS"].match, []
        while (m := match(tok, pos)) is not None:
            line = m[0]
            amounts.append(self.money(m["amount"], no, line))
            self.skipped.append(SkippedLine(no, line.rstrip("\n")))
            no, pos = no + 1, m.end()
        if self.at_showdown and len(amounts) > 1:
            self.pots = tuple(amounts)
        return no, pos

    def deal(self, found: re.Match[str], no: int) -> None:
        known = self.unique.get(found["name"])
        seat, m = self.seat(found, "name", no) if known is None else (known, found)
        before, new = m.group("cards", "new_card")
        line, street = m[0], self.street
        if street == 3:
            cards = self.cards(before, no, line)
            if new is not None or len(cards) not in (1, 3):
                raise self.error(
                    no,
                    line,
                    "3rd-street deal with the wrong number of cards",
                    "'Dealt to NAME [door]' or, for yourself, 'Dealt to NAME [down down door]'",
                )
            down = cards[:2] if len(cards) == 3 else (None, None)
            self.events.append(Deal(no, 3, seat, down, cards[-1:]))
            self.dealt.add(seat)
            return
        self.later_deal(no, line, seat, street, new)

    @line_kind("DEALS", run=True)
    def deal_run(self, tok: Token, first: int) -> None:
        for no, m in enumerate(self.lines["DEALS"].finditer(tok), first):
            self.deal(m, no)

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, no: int) -> None:
        self.betting(tok, no, 0)

    def betting(self, tok: Token, first: int, start: int) -> None:
        ledger, street, events, unique = self.ledger, self.street, self.events, self.unique
        for no, found in enumerate(self.lines["BETTING"].finditer(tok, start), first):
            line = found[0]
            if found["name"] is None:  # Uncalled bet (AMOUNT) returned to NAME
                seat = self.seat_exact(found["returned_to"], no, line)
                back = self.money(found["returned"], no, line)
                ledger.uncalled(seat, back)
                events.append(UncalledReturn(no, seat, back))
                continue
            known = unique.get(found["name"])  # the seam's fast path, inlined: this runs on every betting line
            seat, m = self.seat(found, "name", no) if known is None else (known, found)
            verb, added, amount, all_in_text, checks = m.group("verb", "added", "amount", "all_in", "checks")
            all_in = all_in_text is not None
            if verb == "calls":
                action = ledger.call_adding(no, street, seat, self.money(amount, no, line), all_in)
            elif verb is not None:
                kind = _WAGERS[verb]
                action = ledger.bet(no, street, seat, kind, self.money(amount, no, line), all_in)
                if kind is ActionKind.BRING_IN and self.bring_in is None and not all_in:
                    self.bring_in = action.amount
            elif added is not None:
                action = ledger.raise_adding(no, street, seat, ActionKind.RAISE, self.money(added, no, line), all_in)
                printed = self.money(amount, no, line)
                if action.to != printed:  # the site contradicts itself: keep both numbers, the replay judges
                    action = replace(action, to=printed)
            else:
                kind = ActionKind.CHECK if checks else ActionKind.FOLD
                action = Action(no, street, seat, kind)
                if kind is ActionKind.FOLD:
                    self.folded.add(seat)
            events.append(action)

    @line_kind("SHOWDOWN")
    def showdown_line(self, tok: Token, no: int) -> None:
        """``*** SHOW DOWN ***``, the final pots and the results after it."""
        self.at_showdown = True
        no, pos = self.pot_lines(tok, no + 1, tok.index("\n") + 1)
        self.results(tok, no, pos)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, no: int) -> None:
        self.results(tok, no, 0)

    def results(self, tok: Token, first: int, start: int) -> None:
        for no, found in enumerate(self.lines["RESULTS"].finditer(tok, start), first):
            seat, m = self.seat(found, "name", no)
            shown, description, no_show, collected, pot = m.group("shown", "description", "no_show", "collected", "pot")
            line = m[0]
            if shown is not None:
                self.showdown(seat, Show(no, seat, self.cards(shown, no, line), description))
            elif no_show is not None:
                self.showdown(seat, Muck(no, seat))
            else:
                self.collected = True
                self.events.append(Collect(no, seat, self.money(collected, no, line), pot))

    @line_kind("SUMMARY_SEATED")
    def summary_seated(self, tok: Token, no: int) -> None:
        """The summary line, the total and the seat lines, in one token."""
        total = self.lines["TOTAL"].match(tok, tok.index("\n") + 1)
        assert total is not None
        self.total_fields(total, no + 1)
        self.summary_seats(tok, no + 2, total.end())

    @line_kind("TOTAL", words="'Total pot $0.36 | Rake $0.01'")
    def total_line(self, tok: Token, no: int) -> None:
        self.total_fields(self.lines["TOTAL"].match(tok), no)  # type: ignore[arg-type]

    def total_fields(self, m: re.Match[str], no: int) -> None:
        total, rake, jp_fee = m.group("total", "rake", "jp_fee")
        line = m[0]
        self.total = self.money(total, no, line)
        # a pot with no rake part took none: tournaments, and cash pots too small to rake
        self.rake = (self.money(rake, no, line) if rake else 0) + (self.money(jp_fee, no, line) if jp_fee else 0)

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, no: int) -> None:
        self.summary_seats(tok, no, 0)

    def summary_seats(self, tok: Token, first: int, start: int) -> None:
        """A seat line says what the seat won (read when the body printed no ``collected`` line) and may
        show cards the body did not; anything else in it repeats the body and is a skipped line."""
        for no, m in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok, start), first):
            seat_text, shown, won = m.group("seat", "shown", "won")
            seat, line = int(seat_text), m[0]
            if shown is not None and seat not in self.shown:
                self.showdown(seat, Show(no, seat, self.cards(shown, no, line)))
            if won is not None:
                self.won.append(Collect(no, seat, self.money(won, no, line), "pot"))
            self.skipped.append(SkippedLine(no, line.rstrip("\n")))

    # -- the whole hand
    def finish(self, header: HandHeader) -> None:
        if not self.collected:
            self.events += self.won
        self.deal_unseen_seventh(self.seventh, self.got_seventh)

    def hand(self, header: HandHeader) -> Hand:
        self.finish(header)
        return self.build(
            header,
            ante=header.ante if header.ante is not None else self.ante,
            bring_in=self.bring_in,
            table=self.table,
            max_seats=self.max_seats,
            total_pot=self.total,
            rake=self.rake,
            printed_pots=self.pots,
        )


def parse_hand(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
    """One hand of either format: a Hand, a NotStudHand (another game) or a ParseError."""
    if acr2016.HAND_HEADER.match(block.lines[0]):
        return acr2016.parse_hand(block, source_file)
    return _Builder.parse_hand(block, source_file)


# ------------------------------------------------------------------------------- splitting a file

_BLANKS = " \t"


def split_file(lines: Iterator[str]) -> Iterator[HandText]:
    """The hands of a file of either format, with their first file line.

    A current-format hand ends at a blank line or at the next header; a 2016 hand only at the next
    header (its blank lines are kept, so that the hand's lines stay the file's lines one for one and
    every line number is right). Lines before the first header form a block of their own, which fails
    to parse as a hand and is reported, never dropped."""
    current: list[str] = []
    start = 0
    old = False  # the current hand is in the 2016 format
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip(_BLANKS)
        if not line:
            if old:
                if current:
                    current.append(line)
            elif current:
                yield HandText(start, tuple(current))
                current = []
            continue
        if line[0] == "\ufeff":
            line = line.lstrip("\ufeff")
        # a cheap look at the first word before the header pattern: this runs on every line of a file
        if line[:5] in _HEADER_WORDS and HAND_HEADER.match(line):
            if current:
                yield _trimmed(start, current)
            current, start, old = [], number, line.startswith("Game started at: ")
        elif not current:
            start, old = number, False
        current.append(line)
    if current:
        yield _trimmed(start, current)


_HEADER_WORDS = frozenset({"Hand ", "Game "})


def _trimmed(start: int, lines: list[str]) -> HandText:
    """A hand without the blank lines at its end (a 2016 hand keeps the ones inside)."""
    end = len(lines)
    while not lines[end - 1]:
        end -= 1
    return HandText(start, tuple(lines[:end]))


def read_file(lines: Iterator[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand]:
    """Every hand of an ACR file, in file order (its ``SITE``'s ``read``)."""
    for block in split_file(lines):
        yield parse_hand(block, source_file)


__all__ = ["HAND_HEADER", "SITE", "parse_hand", "read_file", "read_header", "split_file"]
