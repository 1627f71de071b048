"""PartyPoker stud-family hands on the site-reader seam (parsers/sites/partypoker/grammar.lark).

What PartyPoker does, from the corpus's four hands (``PartyPoker/``: two stud hi, one of them an MTT,
two stud hi/lo):

* **A double header.** A cash hand starts ``Game #ID starts.``, a blank line, then ``#Game No : ID``; an
  MTT hand starts at ``#Game No : ID``. The blank line would split the hand for the generic splitter, so
  the site reads whole files itself (:func:`read_file`): an announce line must be followed by the hand
  it announces, or it is a ParseError. One file starts with a NUL byte (the decoder drops it) and ends
  with a line that is a lone NUL (a blank line here).
* The stakes line: ``$0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011`` (small and big
  bet; ``FL`` may come before the game), and for a tournament ``FL 7 Card Stud $6 USD Buy-in
  Trny:69784932 Level:2  Stakes-Antes(60/120-10) - …`` (small/big-ante). The date has no year beside the
  month but after the zone.
* ``Seat 0 is the button`` in a game without one; seats listed out of order (``Seat 7`` first); a seated
  player who posts no ante (``Player7`` of the 2011 hand) takes no part: sitting out.
* Every wager's amount is the chips the action adds: ``completes [$0.50 USD]``, ``raises [$2 USD]`` over
  a $1 bet (to $2), ``raises [$17 USD]`` from the $3 bring-in (to $20), ``calls [$0.25 USD]`` from the
  bring-in. ``double bets`` is the big bet on 4th street after an open pair. ``NAME opens`` names who acts
  first (kept as a skipped line).
* Only the history's owner is dealt (``Dealt to Hero [  3h 8c 7c ]``); nobody's up cards are printed, so
  everyone else's deals are cards not shown (``None``) until a showdown line prints the seven.
* ``doesn't show [ … ]`` prints the cards of a player who lost and mucked: a muck with its cards.
* **No total, no rake, no uncalled-bet line.** A ``wins`` line is what the player takes: the pot less the
  rake (measured: $0.40 of $8.85, $0.60 of $12.80, $1 of $182; none in the tournament), and the bet nobody
  called in with it: the 2011 hand's $13.20 is the $12.80 pot less $0.60 rake plus the $1 river bet that
  was never called. The builder states that in the model's terms: an uncalled return (the ledger's
  unmatched bet) and a collect of the rest.

Not in the corpus, so unconfirmed: an all-in wording (``is all-In [..]`` is read as a bet of what it
adds), side pots (``from the side pot``), the Razz game name.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Iterable, Iterator

from lark import Token

from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Marker, Muck, Seat, Show, SkippedLine, Tournament
from ....engine.model import UncalledReturn
from ...errors import NotStudHand, ParseError
from ...reading import HandText, split_hands
from ...textsite import HandHeader, SiteBuilder, line_kind, local_time, read_amount, read_text_hand, where_error
from . import vocabulary

SITE = "partypoker"
HAND_HEADER = re.compile(r"(?:Game #\d+ starts\.|#Game No : \d+|\*{5} Hand History [Ff]or Game \w+ \*{5})")
HAND_INITIALS = "G#*"
"""What a line :data:`HAND_HEADER` matches starts with: the file is split asking the header only of the
lines that start so."""
_ANNOUNCE = re.compile(r"Game #(\d+) starts\.")
_GAME_NO = re.compile(r"#Game No : (\d+)")

# "#Game No : ID" is left out of emailed, exported and converted hands (and, with letters in the id and
# "For", by the 2026 client): the stars line then starts the hand; a converter adds "(ROOM)" after it
_IDS = re.compile(
    r"(?:#Game No : (?P<no>\d+)\n)?\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}(?: \([^)\n]*\))?\n(?P<line>.*)",
    re.S,
)
# the date: "Monday, April 25, 14:20:12 EDT 2011"; the Mac client's "Mon Apr 25 14:20:12 EDT 2011"; and,
# from 2013, no zone at all ("Sunday, July 28, 21:01:39  2013", two spaces before the year)
_LINE = re.compile(
    r"(?P<what>.+?) - (?:\w+, (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),|[A-Z][a-z]{2} (?P<mon>[A-Z][a-z]{2}) (?P<dd>\d{1,2})) "
    r"(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]+)? (?P<year>\d{4})"
)
_CASH = re.compile(r"(?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+) (?P<cur>[A-Z]{3} )?(?:FL )?(?P<game>.+)")
_TOURNEY = re.compile(
    r"(?:FL )?(?P<game>.+?) (?P<buyin>[$€£]?[\d,.]+) (?P<cur>[A-Z]{3}) Buy-in "
    r"Trny:(?P<tid>\d+) Level:(?P<level>\d+)\s+Stakes-Antes\((?P<small>[\d,.]+)/"
    r"(?P<big>[\d,.]+)-(?P<ante>[\d,.]+)\)"
)
_GAMES = vocabulary.GAMES_BY_NAME
_MONTHS = {
    m: i
    for i, m in enumerate(
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        1,
    )
}
_SHORT_MONTHS = {name[:3]: number for name, number in _MONTHS.items()}
_EXPECTED = (
    "'#Game No : ID', '***** Hand History for Game ID *****' and a stakes line like "
    "'$0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011'"
)


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """The header lines (the announce line and its blank line dropped) -> what the hand is."""
    ids = _IDS.fullmatch(text.split("\n", 2)[-1] if text.startswith("Game #") else text)
    if ids is not None and ids["no"] is not None and ids["no"] != ids["id"]:
        ids = None
    line = _LINE.fullmatch(ids["line"]) if ids else None
    where = (where[0], where[1] + text.count("\n"))  # errors name the stakes line, the header's last
    if ids is None or line is None:
        raise where_error(where, text.split("\n")[-1], "not a PartyPoker hand header", _EXPECTED)
    what = line["what"]
    cash = _CASH.fullmatch(what)
    tourney = _TOURNEY.fullmatch(what) if cash is None else None
    found = cash or tourney
    printed = found["game"] if found else what
    game = _GAMES.get(printed)
    if game is None:
        return HandHeader(ids["id"], None, printed)
    printed_month = line["month"] or line["mon"]
    month = _MONTHS.get(printed_month) or _SHORT_MONTHS.get(printed_month)
    if month is None:
        raise where_error(where, ids["line"], f"{printed_month!r} is not a month", _EXPECTED)
    hour, minute, second = map(int, line["time"].split(":"))
    fields = (int(line["year"]), month, int(line["day"] or line["dd"]), hour, minute, second)
    started: datetime | None
    warning: str | None
    if line["tz"] is None:
        # the clients print the player's own zone, so a date without one is no known clock
        started, warning = None, "the date has no time zone: start time left unknown"
    else:
        started, warning = local_time(fields, line["tz"], where, ids["line"])
    assert found is not None
    small, big = read_amount(found["small"], where, ids["line"]), read_amount(found["big"], where, ids["line"])
    tournament, ante = None, None
    currency = found["cur"].strip() if found["cur"] else None
    if tourney is not None:
        tournament = Tournament(
            tourney["tid"], read_amount(tourney["buyin"], where, ids["line"]), None, currency, tourney["level"]
        )
        ante = read_amount(tourney["ante"], where, ids["line"])
        currency = None
    return HandHeader(
        ids["id"],
        game,
        printed,
        small_bet=small,
        big_bet=big,
        currency=currency,
        tournament=tournament,
        started_at=started,
        warning=warning,
        ante=ante,
    )


_STREETS: dict[str | None, int] = {None: 3, **{word: street for street, word in vocabulary.STREET_WORDS.items()}}
_PAID = {
    "bring-ins": ActionKind.BRING_IN,
    "bets": ActionKind.BET,
    "double bets": ActionKind.BET,
    "is all-In": ActionKind.BET,
}


class _Builder(SiteBuilder):
    """One PartyPoker hand's tokens -> Hand: wagers by the chips they add, the unshown deals filled in."""

    SEATING = frozenset({"TABLE", "BUTTON", "PLAYER_COUNT", "SEATS"})
    NAME = "PartyPoker"

    def start(self) -> None:
        self.street = 2
        self.street_line_no = 0
        self.dealt: set[int] = set()  # seats dealt on this street by a printed line
        self.pending = False  # a street whose unprinted deals are not filled in yet
        self.returned = False

    @line_kind("TABLE")
    @line_kind("BUTTON", words="the button line")
    @line_kind("PLAYER_COUNT", words="the player count")
    @line_kind("TOURNEY_INFO", words="a tournament line")
    def table_line(self, tok: Token, no: int) -> None:
        self.skipped.append(SkippedLine(no, tok.rstrip("\n")))

    @line_kind("DEALING", words="a street line")
    def dealing_line(self, tok: Token, no: int) -> None:
        self.fill_deals()
        word, river = self.lines["DEALING"].match(tok).group("street", "river")  # type: ignore[union-attr]
        street = _STREETS[word or river]
        self.street_in_order(street, no, tok)
        if street == 3 and not self.in_hand:  # no antes printed: everyone seated is in
            self.in_hand = sorted(self.left)
        self.street, self.street_line_no, self.pending = street, no, True
        self.dealt = set()
        self.ledger.start_street(street)

    def deal(self, no: int, seat: int, cards: tuple[Card | None, ...]) -> Deal:
        """The street's cards in deal order: its down cards first, by the game's rules."""
        street = self.street
        down = self.rules.deals[street][0]
        return Deal(no, street, seat, cards[:down], cards[down:])

    @line_kind("DEALT", words="the owner's cards")
    def dealt_line(self, tok: Token, no: int) -> None:
        seat, m = self.seat(self.lines["DEALT"].match(tok), 1, no)  # type: ignore[arg-type]
        cards = self.cards(m["cards"], no, tok)
        if len(cards) != (3 if self.street == 3 else 1):
            raise self.error(
                no,
                tok,
                f"{len(cards)} cards dealt on street {self.street}",
                "three cards on 3rd street, one on every other",
            )
        self.dealt.add(seat)
        self.events.append(self.deal(no, seat, cards))

    def fill_deals(self) -> None:
        """The deals the site does not print: every other player still in gets cards not shown."""
        if not self.pending:
            return
        self.pending = False
        unseen = (None,) * (3 if self.street == 3 else 1)
        for seat in self.in_hand:
            if seat not in self.folded and seat not in self.dealt:
                self.events.append(self.deal(self.street_line_no, seat, unseen))

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        self.fill_deals()
        ledger, street = self.ledger, self.street
        for no, found in enumerate(self.lines["BETTING"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            verb, amount = m.group("verb", "amount")
            line = m[0]
            if verb == "opens":
                self.skipped.append(SkippedLine(no, line.rstrip("\n")))
                continue
            if (amount is None) != (verb in ("checks", "folds")):
                raise self.error(
                    no,
                    line,
                    f"'{verb}' {'without' if amount is None else 'with'} an amount",
                    "an amount in brackets after a wager, none after a check or fold",
                )
            if amount is None:
                kind = ActionKind.CHECK if verb == "checks" else ActionKind.FOLD
                if kind is ActionKind.FOLD:
                    self.folded.add(seat)
                self.events.append(ledger.record(Action(no, street, seat, kind)))
                continue
            chips = self.money(amount, no, line)
            all_in = self.pays(seat, chips)
            if verb == "calls":
                action = ledger.call_adding(no, street, seat, chips, all_in)
            elif verb in ("raises", "completes"):
                kind = ActionKind.RAISE if verb == "raises" else ActionKind.COMPLETE
                action = ledger.raise_adding(no, street, seat, kind, chips, all_in)
            else:
                action = ledger.bet(no, street, seat, _PAID[verb], chips, all_in)
                if verb == "double bets":
                    self.events.append(Marker(no, street, "double-bet"))
            if verb == "bring-ins":
                self.posted_bring_in(chips, all_in)
            self.events.append(action)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, first: int) -> None:
        self.fill_deals()
        for no, found in enumerate(self.lines["RESULTS"].finditer(tok), first):
            line = found[0]
            if found.group(8):
                self.events.append(Marker(no, self.street, "no-low"))
                continue
            seat, m = self.seat(found, "name", no)
            shows, cards, description, quiet, won, pot = m.group("shows", "cards", "description", "quiet", "won", "pot")
            if quiet is not None:
                self.skipped.append(SkippedLine(no, line.rstrip("\n")))
            elif shows == "shows":
                self.events.append(Show(no, seat, self.cards(cards, no, line, ","), description.strip() or None))
            elif shows is not None:
                self.events.append(Muck(no, seat, tuple(c for c in self.cards(cards, no, line, ",") if c)))
            else:
                amount = self.money(won, no, line)
                amount -= self.return_uncalled(no, seat)
                self.events.append(Collect(no, seat, amount, pot or "main pot"))

    def return_uncalled(self, no: int, seat: int) -> int:
        """The bet of ``seat`` nobody called, which PartyPoker pays inside his first ``wins`` line: returned
        here as the model's uncalled return (the engine's ledger says how much was unmatched)."""
        if self.returned:
            return 0
        self.returned = True
        unmatched = self.ledger.unmatched()
        if unmatched is None or unmatched[0] != seat:
            return 0
        back = unmatched[1]
        self.ledger.uncalled(seat, back)
        self.events.append(UncalledReturn(no, seat, back))
        return back

    def hand(self, header: HandHeader) -> Hand:
        self.fill_deals()
        self.deals_from_shown()  # the seven of a showdown line come in deal order
        playing = set(self.in_hand)
        self.seats = [s if s.seat in playing else Seat(s.seat, s.player, s.stack, True) for s in self.seats]
        return self.build(header, ante=self.ante if self.ante is not None else header.ante, bring_in=self.bring_in)


def parse_hand(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
    """One PartyPoker hand (its announce line and blank line in front when printed): a Hand, a NotStudHand
    or a ParseError naming file and line."""
    first = block.lines[0] if block.lines else ""
    body_start = 5 if _ANNOUNCE.fullmatch(first) else 3 if _GAME_NO.match(first) else 2
    return read_text_hand(
        block,
        source_file,
        site=SITE,
        read_header=read_header,
        grammar=_Builder.line_grammar,
        builder=_Builder,
        body_start=body_start,
    )


def _lines(lines: Iterator[str]) -> Iterator[str]:
    """A line that is nothing but NUL bytes (the end of one export) is a blank line."""
    for line in lines:
        yield "" if not line.strip("\0 \t\r\n") else line


def _game_no_joined(blocks: Iterable[HandText]) -> Iterator[HandText]:
    """``blocks`` with a ``#Game No :`` line put back in front of the stars line after it: both start a
    hand (the stars line alone starts the emailed and converted hands), so :func:`split_hands` cuts
    between them, and joining the two pieces here costs a test a hand where telling them apart while
    splitting cost a Python call a line."""
    held: HandText | None = None
    for piece in blocks:
        block = piece
        if held is not None:
            if piece.start_line == held.start_line + 1 and piece.lines[0].startswith("*"):
                block = HandText(held.start_line, held.lines + piece.lines)
            else:
                yield held
            held = None
        if len(block.lines) == 1 and _GAME_NO.match(block.lines[0]):
            held = block
        else:
            yield block
    if held is not None:
        yield held


def read_file(lines: Iterator[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand]:
    """Every hand of a PartyPoker file, in file order (its ``SITE``'s ``read``): an announce line
    (``Game #ID starts.``) and the blank line after it are put back in front of the hand it announces."""
    announce: HandText | None = None
    for block in _game_no_joined(split_hands(_lines(lines), HAND_HEADER.match, initials=HAND_INITIALS)):
        first = _ANNOUNCE.fullmatch(block.lines[0])
        if announce is not None:
            ids = re.match(r"#Game No : (\d+)", block.lines[0])
            if first is None and ids is not None and ids[1] == _ANNOUNCE.fullmatch(announce.lines[0])[1]:  # type: ignore[index]
                gap = ("",) * (block.start_line - announce.start_line - 1)
                yield parse_hand(HandText(announce.start_line, (announce.lines[0], *gap, *block.lines)), source_file)
                announce = None
                continue
            yield _lonely(announce, source_file)
            announce = None
        if first is not None and len(block.lines) == 1:
            announce = block
        else:
            yield parse_hand(block, source_file)
    if announce is not None:
        yield _lonely(announce, source_file)


def _lonely(block: HandText, source_file: str) -> ParseError:
    return ParseError(
        source_file,
        block.start_line,
        block.lines[0],
        "'#Game No : ID' of the same game next",
        "a game is announced but its hand does not follow",
    )


__all__ = ["HAND_HEADER", "SITE", "parse_hand", "read_file", "read_header"]
