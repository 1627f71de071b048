"""Full Tilt Poker stud-family hands: the header regex, the line handlers on the site-reader seam, and
what Full Tilt leaves implicit.

A text site is a grammar (parsers/sites/fulltilt/grammar.lark: the order of the line kinds and each line's fields),
a header reader and a table of line handlers; the seam (parsers/textsite.py) does the rest. What is
Full Tilt's own, and therefore here:

* The header carries everything about the table: ``Full Tilt Poker Game #21536466676: Table Hagan -
  $3/$6 Ante $0.50 - Limit Stud Hi - 12:18:37 ET - 2010/06/11``; a tournament puts its name and id
  before the table (``$2 + $0.10 Heads Up Sit & Go (220338000), Table 1 - 80/160 Ante 15 - …``); a
  client outside the US prints its local time first and ET in brackets (``17:10:10 CCT - 2010/12/07
  [04:10:10 ET - 2010/12/07]``). The ET time is the one read: it is always there, and the local
  abbreviation (CCT, CET) is not a zone a program can trust.
* ``raises to Y`` and ``completes it to Y`` give the new street total: the increment the model wants is
  asked of the engine's street ledger (``self.ledger.raise_to``), never worked out here.
* Full Tilt does not print an opponent's 7th-street card: each player still in gets it as an unknown
  down card (``Deal(7, down=(None,))``), so card counts can be checked.
* A player all in turns his cards up at once (``Villain shows [As 7c Kc]`` among 3rd-street betting):
  that Show is kept where it was printed, and the final Show of seven cards comes later; the engine
  reads both.
* Pots are won with the half named (``wins the low side pot``); the label is kept as printed.
* Tournament summaries (``Full Tilt Poker Tournament Summary …``) are recognised by the registry's
  ``summary_header`` and skipped.
* Five Card Stud (``Limit 5 Card Stud``) prints its streets as ``*** 2ND STREET ***`` to ``*** 5TH
  STREET ***`` and deals the hero ``[down] [door]``: the streets and the cards each deals come from the
  game's rules (engine/games.py), and a street the game does not have is a ParseError.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from lark import Token

from ....engine.cards import Card
from ....engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Hand,
    Marker,
    Muck,
    Show,
    SkippedLine,
    Tournament,
    UncalledReturn,
)
from ...cancelled import cancellable
from ...errors import NotStudHand, ParseError
from ...reading import HandText
from ...textsite import HandHeader, SiteBuilder, line_kind, read_amount, site_time, where_error
from . import vocabulary

SITE = "fulltilt"
NAME = "Full Tilt Poker"

HAND_HEADER = re.compile(r"Full Tilt Poker (?:Game|Hand) #\d+")
"""The first line of every hand (it both detects the site and splits a file into hands)."""
SUMMARY_HEADER = re.compile(r"Full Tilt Poker Tournament Summary ")
"""The first line of a tournament summary (results and payouts, no hands): recognised and skipped."""

# ------------------------------------------------------------------------------------------ header

_M = r"[$€£]?[\d,]+(?:\.\d+)?"
_STAKES_PART = rf"(?P<small>{_M})/(?P<big>{_M})(?: Ante (?P<ante>{_M}))?"
_GAME_PART = r"(?P<game>.+?)"
_HEADERS = tuple(
    re.compile(
        r"Full Tilt Poker (?:Game|Hand) #(?P<id>\d+): "
        r"(?:(?P<tname>.+?) \((?P<tid>\d+)\), )?"
        # "Match N" is a Matrix tournament's table; the attributes: "(6 max)", "(heads up)", "(6 max, deep)"
        rf"(?:Table|Match) (?P<table>.+?)(?: \((?P<attributes>[^()]+)\))? - {first} - {second}"
        # to 2010 the clock has no seconds and the date is in words: "21:40 ET - Monday, June 1, 2009"
        r" - (?P<time>\d{1,2}:\d{2}(?::\d{2})?) (?P<tz>[A-Za-z]+) - "
        r"(?:(?P<date>\d{4}/\d{1,2}/\d{1,2})|[A-Za-z]+, (?P<worded>[A-Za-z]+ \d{1,2}, \d{4}))"
        r"(?: \[(?P<ettime>\d{1,2}:\d{2}:\d{2}) ET - (?P<etdate>\d{4}/\d{1,2}/\d{1,2})\])?"
    )
    for first, second in ((_STAKES_PART, _GAME_PART), (_GAME_PART, _STAKES_PART))
)
"""The two orders of the header: stakes before the game (to May 2013), then the game before the stakes
(from May 2013 to the end). Neither can match the other's line (the part after the table starts with
an amount or it does not), so the line's shape says the era."""
_BUY_IN = re.compile(rf"(?P<buyin>{_M})(?: \+ (?P<fee>{_M}))? ")

_GAMES = vocabulary.GAMES_BY_NAME
_SYMBOLS = vocabulary.CURRENCY_OF_SIGN


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """The facts of a hand's first line; ``game`` is None for a game outside the stud family."""
    m = _HEADERS[0].fullmatch(text) or _HEADERS[1].fullmatch(text)
    if m is None:
        raise where_error(
            where,
            text,
            "not a Full Tilt Poker hand header",
            "'Full Tilt Poker Game #ID: Table NAME - $3/$6 Ante $0.50 - Limit Stud Hi - 12:18:37 ET - 2010/06/11'",
        )
    printed = m["game"]
    game = _GAMES.get(printed.lower())
    if game is None:
        return HandHeader(m["id"], None, printed)
    small, big = read_amount(m["small"], where, text), read_amount(m["big"], where, text)
    ante = read_amount(m["ante"], where, text) if m["ante"] else None
    currency = _SYMBOLS.get(m["small"][:1])
    tournament = None
    if m["tid"]:
        fee_part = _BUY_IN.match(m["tname"])
        buy_in = fee = None
        tcur = None
        if fee_part is not None:
            buy_in = read_amount(fee_part["buyin"], where, text)
            fee = read_amount(fee_part["fee"], where, text) if fee_part["fee"] else None
            tcur = _SYMBOLS.get(fee_part["buyin"][:1])
        tournament = Tournament(m["tid"], buy_in, fee, tcur, None)
        currency = None  # tournament chips
    if m["ettime"]:
        started, warning = site_time(m["etdate"], m["ettime"], "ET", where, text)
    else:
        clock = m["time"] if m["time"].count(":") == 2 else f"{m['time']}:00"
        started, warning = site_time(m["date"] or _numeric_date(m["worded"]), clock, m["tz"], where, text)
    return HandHeader(
        m["id"],
        game,
        printed,
        small_bet=small,
        big_bet=big,
        currency=currency,
        play_money=tournament is None and currency is None,
        tournament=tournament,
        started_at=started,
        table=m["table"],
        max_seats=_table_size(m["attributes"]),
        ante=ante,
        warning=warning,
    )


_MONTHS = {
    spelling: number
    for number, name in enumerate(
        ("January", "February", "March", "April", "May", "June", "July")
        + ("August", "September", "October", "November", "December"),
        1,
    )
    for spelling in (name, name[:3])  # fpdb's pattern takes any word: the short names too
}
_SIZE = re.compile(r"(?P<n>\d+) max")


def _numeric_date(worded: str) -> str:
    """``June 1, 2009`` (the header's date to 2010) as ``2009/06/01``; a month name that is none gives a
    date :func:`site_time` refuses, so the hand says which header it could not read."""
    month, day, year = worded.replace(",", "").split()
    return f"{year}/{_MONTHS.get(month, 0):02d}/{int(day):02d}"


def _table_size(attributes: str | None) -> int | None:
    """The seats of a table from its header attributes: ``6 max`` says so, ``heads up`` is two; the
    others (``deep``, ``shallow``) say nothing of the size."""
    if attributes is None:
        return None
    size = _SIZE.search(attributes)
    if size is not None:
        return int(size["n"])
    return 2 if "heads up" in attributes else None


# ---------------------------------------------------------------------------------- the builder


_STREETS = {f"STREET{n}{form}": n for n in (2, 3, 4, 5, 6, 7) for form in ("", "_BETTING")}
_BETTING_STREETS = frozenset(name for name in _STREETS if name.endswith("_BETTING"))
_PAID = {"brings in for": ActionKind.BRING_IN, "bets": ActionKind.BET}
_TO = {"completes it to": ActionKind.COMPLETE, "raises to": ActionKind.RAISE}
_POT = re.compile(rf"(?:Main|Side) pot(?: #\d+)? ({_M})\.")

# A composite terminal starts with the line of its plain form, so it reads the same in an error.


class _Builder(SiteBuilder):
    """Turns the tokens of one Full Tilt hand into a Hand (one instance per hand)."""

    SEATING = frozenset({"SEATS"})
    NAME = "Full Tilt Poker"

    def start(self) -> None:
        self.street = 0  # no street yet: the antes come first
        self.dealt: set[int] = set()
        self.seventh: tuple[int, int, frozenset[int]] | None = None  # (event index, line, seats alive)
        self.community = False
        self.mucked: dict[int, int] = {}  # seat -> index of its card-less Muck event
        self.bring_in: int | None = None
        self.total: int | None = None
        self.rake: int | None = None
        self.pots: tuple[int, ...] = ()

    # -- one method per terminal: (token, file line of its first line)
    @line_kind("SEATS", run=True)
    def seat_run(self, tok: Token, first: int) -> None:
        self.seats_from(tok, first, 0)

    def seats_from(self, tok: Token, first: int, start: int) -> int:
        """The seat lines of ``tok`` from offset ``start`` on, as long as lines read as seats; returns
        the offset after the last."""
        match = self.lines["SEATS"].match
        no = first
        while (m := match(tok, start)) is not None:
            seat, name, stack, out = m.group("seat", "name", "stack", "sitting_out")
            self.add_seat(int(seat), name, self.money(stack, no, m[0]), out is not None, no, m[0])
            start, no = m.end(), no + 1
        return start

    @line_kind("SEATS_ANTES", words="a seat line")
    def seats_and_antes(self, tok: Token, first: int) -> None:
        """The seat lines and the antes right after them (one token); the seat list is complete before
        the first ante names a player."""
        end = self.seats_from(tok, first, 0)
        self.seats_done()
        self.ante_lines(tok, first + tok.count("\n", 0, end), end)

    @line_kind("ANTES", run=True)
    def antes(self, tok: Token, first: int) -> None:
        self.ante_lines(tok, first, 0)

    def ante_lines(self, tok: Token, first: int, start: int) -> None:
        for no, found in enumerate(self.lines["ANTES"].finditer(tok, start), first):
            seat, m = self.seat(found, "name", no)
            amount, all_in = m.group("amount", "all_in")
            self.events.append(
                Action(
                    no,
                    self.rules.first_street,
                    seat,
                    ActionKind.ANTE,
                    self.money(amount, no, m[0]),
                    None,
                    all_in is not None,
                )
            )

    @line_kind("ANTE_RETURN", words="an ante given back")
    def ante_return(self, tok: Token, no: int) -> None:
        amount, name = self.lines["ANTE_RETURN"].match(tok).group("amount", "name")  # type: ignore[union-attr]
        seat, chips = self.seat_exact(name, no, tok), self.money(amount, no, tok)
        if tok.startswith("Ante of "):
            self.ante_given_back(seat, chips, no, tok)
        else:
            self.events.append(UncalledReturn(no, seat, chips))

    def ante_given_back(self, seat: int, chips: int, no: int, line: str) -> None:
        """``Ante of $0.20 returned to NAME``: the site took the player out of the hand before the deal
        (he timed out), so his ante was never in the pot: the ante and its return cancel out, and the
        seat is seated but not dealt in. Both lines are kept as skipped lines."""
        at = next(
            (
                i
                for i, e in enumerate(self.events)
                if isinstance(e, Action) and e.kind is ActionKind.ANTE and e.seat == seat and e.amount == chips
            ),
            None,
        )
        if at is None:
            raise self.error(no, line, "an ante given back that this player did not post", "his ante line first")
        ante = self.events.pop(at)
        self.skipped.append(SkippedLine(ante.line, self.block.lines[ante.line - self.block.start_line]))
        self.skipped.append(SkippedLine(no, line.rstrip("\n")))
        self.seats = [replace(s, sitting_out=True) if s.seat == seat else s for s in self.seats]

    @line_kind("STREET2", "STREET2_BETTING", words="'*** 2ND STREET ***'")
    @line_kind("STREET3", "STREET3_BETTING", words="'*** 3RD STREET ***'")
    @line_kind("STREET4", "STREET4_BETTING", words="'*** 4TH STREET ***'")
    @line_kind("STREET5", "STREET5_BETTING", words="'*** 5TH STREET ***'")
    @line_kind("STREET6", "STREET6_BETTING", words="'*** 6TH STREET ***'")
    @line_kind("STREET7", "STREET7_BETTING", words="'*** 7TH STREET ***'")
    def street_line(self, tok: Token, no: int) -> None:
        """A street's line, the deals after it and, for STREETn_BETTING, the betting after those."""
        street, end = _STREETS[tok.type], tok.index("\n") + 1
        rules = self.rules
        if street not in rules.numbers or (self.street == 0 and street != rules.first_street):
            names = ", ".join(f"{s.name}" for s in rules.streets)
            raise self.error(
                no, tok[:end], f"a street {rules.title} does not have here", f"its streets in order: {names}"
            )
        self.street = street
        if self.street == 7:
            m = self.lines["STREET7"].match(tok, 0, end)
            card = m["community_card"] if m is not None else None
            if card is not None:
                self.community_card(card, no, tok[:end], "*** 7TH STREET ***")
                self.community = True
            else:
                self.seventh = (len(self.events), no, frozenset(self.dealt - self.folded))
        self.street_runs(tok, no + 1, end)

    def street_runs(self, tok: Token, no: int, start: int) -> None:
        """The deals and betting lines of a street's token from offset ``start`` on. The token's regex
        (``LINE DEAL* BETTING_LINE+`` for STREETn_BETTING) takes as many deal lines as still leave one
        betting line, so the deals are read line by line as long as lines read as deals, except that in a
        token that must end with betting its last line is the betting line (a line that reads both ways
        needs a player whose name starts with "Dealt to")."""
        match, size = self.lines["DEALS"].match, len(tok)
        betting_follows = tok.type in _BETTING_STREETS
        while (m := match(tok, start)) is not None and not (betting_follows and m.end() == size):
            self.deal(m, no)
            start, no = m.end(), no + 1
        if start < size:
            self.betting(tok, no, start)

    @line_kind("DEALS", run=True)
    def deal_run(self, tok: Token, first: int) -> None:
        for no, m in enumerate(self.lines["DEALS"].finditer(tok), first):
            self.deal(m, no)

    def deal(self, found: re.Match[str], no: int) -> None:
        """One ``Dealt to`` line."""
        street = self.street
        line = found[0]
        seat, m = self.seat(found, "name", no)
        first, new = m.group("cards", "new_card")
        rule = self.rules.street(street)
        if street == self.rules.first_street:
            down: tuple[Card | None, ...]
            if new is None:
                door, down = self.cards(first, no, line), (None,) * rule.down
            else:
                down, door = self.cards(first, no, line), self.cards(new, no, line)
            if len(door) != rule.up or len(down) != rule.down:
                hidden = " ".join(["down"] * rule.down)
                raise self.error(
                    no,
                    line,
                    f"{rule.name}-street deal with the wrong number of cards",
                    f"'Dealt to NAME [door]' or, for the hero, 'Dealt to NAME [{hidden}] [door]'",
                )
            self.events.append(Deal(no, street, seat, down, door))
            self.dealt.add(seat)
            return
        self.later_deal(no, line, seat, street, new)

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        self.betting(tok, first, 0)

    def betting(self, tok: Token, first: int, start: int) -> None:
        """The betting lines of ``tok`` from offset ``start`` on (the first at file line ``first``)."""
        events, street, ledger = self.events, self.street, self.ledger
        for no, found in enumerate(self.lines["BETTING"].finditer(tok, start), first):
            line = found[0]
            if found["returned"] is not None:  # Uncalled bet of X returned to NAME
                seat, amount = self.seat_exact(found["returned_to"], no, line), self.money(found["returned"], no, line)
                ledger.uncalled(seat, amount)
                events.append(UncalledReturn(no, seat, amount))
                continue
            seat, m = self.seat(found, "name", no)
            verb, printed, all_in, checks, shown, description = m.group(
                "verb", "amount", "all_in", "checks", "shown", "description"
            )
            if verb is not None:
                chips, is_all_in = self.money(printed, no, line), all_in is not None
                if verb in _TO:
                    action = ledger.raise_to(no, street, seat, _TO[verb], chips, is_all_in)
                elif verb == "calls":
                    action = ledger.call_adding(no, street, seat, chips, is_all_in)
                else:
                    action = ledger.bet(no, street, seat, _PAID[verb], chips, is_all_in)
                    if verb == "brings in for" and self.bring_in is None and not is_all_in:
                        self.bring_in = chips
                events.append(action)
            elif shown is not None:
                events.append(Show(no, seat, self.cards(shown, no, line), description))
            else:
                kind = ActionKind.CHECK if checks else ActionKind.FOLD
                events.append(Action(no, street, seat, kind))
                if kind is ActionKind.FOLD:
                    self.folded.add(seat)

    @line_kind("SHOWDOWN")
    def showdown_line(self, tok: Token, no: int) -> None:
        """``*** SHOW DOWN ***`` (its place is all it says) and the results that follow it."""
        self.results(tok, no + 1, tok.index("\n") + 1)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, first: int) -> None:
        self.results(tok, first, 0)

    def results(self, tok: Token, first: int, start: int) -> None:
        for no, found in enumerate(self.lines["RESULTS"].finditer(tok, start), first):
            line = found[0]
            if found["no_low"] is not None:
                self.events.append(Marker(no, self.street, "no-low"))
                continue
            seat, m = self.seat(found, "name", no)
            shown, description, mucks, pot, amount = m.group("shown", "description", "mucks", "pot", "amount")
            if shown is not None:
                self.events.append(Show(no, seat, self.cards(shown, no, line), description))
            elif mucks is not None:
                self.mucked[seat] = len(self.events)
                self.events.append(Muck(no, seat))
            else:
                self.events.append(Collect(no, seat, self.money(amount, no, line), pot or "pot"))

    @line_kind("SUMMARY_SEATED")
    def summary_seated(self, tok: Token, no: int) -> None:
        """The summary line, the total line and the summary seat lines, without a break."""
        m = self.lines["TOTAL"].match(tok, tok.index("\n") + 1)
        assert m is not None  # the grammar's SUMMARY_SEATED is SUMMARY_LINE TOTAL_LINE SUMMARY_SEAT+
        self.total_fields(m, no + 1)
        self.summary_seats(tok, no + 2, m.end())

    @line_kind("TOTAL", words="'Total pot AMOUNT | Rake AMOUNT'")
    def total_line(self, tok: Token, no: int) -> None:
        m = self.lines["TOTAL"].match(tok)
        assert m is not None
        self.total_fields(m, no)

    def total_fields(self, m: re.Match[str], no: int) -> None:
        line = m[0]
        total, pots, rake = m.group("total", "pots", "rake")
        self.total, self.rake = self.money(total, no, line), self.money(rake, no, line)
        self.pots = tuple(self.money(x, no, line) for x in _POT.findall(pots))

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, first: int) -> None:
        self.summary_seats(tok, first, 0)

    def summary_seats(self, tok: Token, first: int, start: int) -> None:
        """``Seat N: NAME mucked [cards] - hand`` puts the cards on that seat's Muck; every other summary
        seat line repeats what the hand already said and is a skipped line."""
        for no, m in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok, start), first):
            seat_text, mucked = m.group("seat", "mucked")
            seat = int(seat_text)
            line = m[0]
            if mucked is None or seat not in self.seat_of.values():
                self.skipped.append(SkippedLine(no, line.rstrip("\n")))
                continue
            cards = tuple(c for c in self.cards(mucked, no, line) if c is not None)
            index = self.mucked.get(seat)
            if index is None:
                self.mucked[seat] = len(self.events)
                self.events.append(Muck(no, seat, cards))
            else:
                self.events[index] = Muck(self.events[index].line, seat, cards)

    # -- the whole hand
    def seventh_street(self) -> None:
        """Full Tilt prints no 7th-street line for an opponent's card: it is dealt all the same."""
        index, added = self.deal_unseen_seventh(self.seventh, self.got_seventh)
        if added:
            self.mucked = {seat: i + added if i >= index else i for seat, i in self.mucked.items()}

    def finish(self, header: HandHeader) -> None:
        self.seventh_street()

    def hand(self, header: HandHeader) -> Hand:
        self.finish(header)
        return self.build(header, bring_in=self.bring_in, total_pot=self.total, rake=self.rake, printed_pots=self.pots)


parse_hand = cancellable(_Builder.parse_hand, SITE, r"Hand #\d+ has been cancell?ed", read_header)


def read_file(lines: Iterator[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand]:
    """Every hand of a Full Tilt file (the registry's ``read``): split on the header alone, see
    :func:`split_hands`."""
    for block in split_hands(lines):
        yield parse_hand(block, source_file)


def split_hands(lines: Iterable[str]) -> Iterator[HandText]:
    """Full Tilt's hands split on the header line alone: clients that wrote UTF-16 put an empty line
    after every line, so an empty line does not end a hand (the grammar ignores empty lines). Empty
    lines at the end of a hand are dropped; line numbers stay the file's."""
    current: list[str] = []
    append = current.append
    start = 0
    header = HAND_HEADER.match
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip(" \t")
        if line[:1] == "\ufeff":
            line = line.lstrip("\ufeff")
        if line[:1] == "F" and header(line):  # the cheap test first: one line in ~40 is a header
            if current:
                yield _trimmed(start, current)
            current, start = [line], number
            append = current.append
        elif current:
            append(line)
        elif line:
            current, start = [line], number  # text before the first header: one block, reported by the parser
            append = current.append
    if current:
        yield _trimmed(start, current)


def _trimmed(start: int, lines: list[str]) -> HandText:
    while lines and not lines[-1]:
        lines.pop()
    return HandText(start, tuple(lines))
