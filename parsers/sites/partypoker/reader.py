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

**The summary shape** (the emailed hands, public from 2008, and the 2026 client; fpdb-3's regression
files hold real ones of both, hold'em only): ``***** Hand History For Game 1770659766668adeb0h5qfm *****``,
the stakes before ``… Game Table (FL)``, ``Seat 1: NAME ($56.64)``, ``posts ante (50)``, ``calls (1.80)``,
``raises 2.40 to 2.65`` (the chips added, then the street total), ``NAME is all-In.`` on its own line
after the wager that was, ``Creating Main Pot with $ 38.50 with …``, and no ``wins`` line: ``** Summary
**``, ``Main Pot: $38.50 Rake: $2.0`` (the pot after rake) and a line a player, ``NAME balance $44.16,
bet $23.17, collected $41.47, net +$18.30[ cards ] [ description ]``. ``collected`` is what the player
took, his unmatched bet in it, as a ``wins`` line's; what the summary says each put in, kept and won is
checked against the hand's lines (a warning at the line when they differ). The hand tells its shape by
its text: the grammar reads ``wins`` lines or a summary after the last street.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Iterable, Iterator

from lark import Token

from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Marker, Muck, Seat, Show, SkippedLine, Tournament
from ....engine.model import Money, ParseWarning, UncalledReturn
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
# "For", by the 2026 client): the stars line then starts the hand; a converter adds "(ROOM)" after it; the
# lines after it are the stakes line, after the lines an emailed hand may print before it (_BEFORE_STAKES)
_IDS = re.compile(
    r"(?:#Game No : (?P<no>\d+)\n)?\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}(?: \([^)\n]*\))?\n(?P<line>.*)",
    re.S,
)
_BEFORE_STAKES = (" has left the table.", " place.")
"""How the lines an emailed hand prints between its stars line and its stakes line end (chaz 05769711,
6e1dce69), who left the table or finished the tournament: the header takes them. Told apart in Python
(the header holds more than its stakes line only then) rather than by the header's pattern, which would
try them on every hand's stakes line."""
_LEFT_OR_FINISHED = re.compile(r"[^\n]+ (?:has left the table|finished in \d+ place)\.")


def _before_stakes(line: str) -> bool:
    """Whether ``line`` is one of those lines: its end is tested first, as every hand's stakes line is
    asked (:func:`parse_hand`, to find where the header ends), then its whole shape."""
    return line.endswith(_BEFORE_STAKES) and _LEFT_OR_FINISHED.fullmatch(line) is not None


# the date: "Monday, April 25, 14:20:12 EDT 2011"; the Mac client's "Mon Apr 25 14:20:12 EDT 2011"; and,
# from 2013, no zone at all ("Sunday, July 28, 21:01:39  2013", two spaces before the year)
_LINE = re.compile(
    r"(?P<what>.+?) +- +(?:\w+, (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),|[A-Z][a-z]{2} (?P<mon>[A-Z][a-z]{2}) (?P<dd>\d{1,2})) "
    r"(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]+)? (?P<year>\d{4})"
)
# the stakes first: "$0.50/$1 USD [FL ]7 Card Stud"; the emailed and 2026 hands' "0.50/1 7 Card Stud Game
# Table (FL)" (the limit after the game, "(Limit)" in 2013), a tournament's "800/1600 Tourney … Game
# Table (NL)  (MTT Tournament #42974198)"
_STAKES_FIRST = re.compile(
    r"(?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+) (?P<cur>[A-Z]{3} )?(?:FL |Tourney )?(?P<game>.+?)"
    r"(?: Game Table \((?P<limit>FL|Limit|PL|NL)\)(?: +\((?:MTT|STT|SNG) Tournament #(?P<tid>\d+)\))?)?"
)
_FIXED = frozenset({None, "FL", "Limit"})
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
    "'$0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011' or "
    "'0.50/1 7 Card Stud Game Table (FL) - Tue Feb 10 21:05:09 EST 2026'"
)


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """The header lines (the announce line and its blank line dropped) -> what the hand is."""
    ids = _IDS.fullmatch(text.split("\n", 2)[-1] if text.startswith("Game #") else text)
    if ids is not None and ids["no"] is not None and ids["no"] != ids["id"]:
        ids = None
    stakes = ids["line"] if ids else ""
    if "\n" in stakes:  # an emailed hand's lines before its stakes line
        *before, stakes = stakes.split("\n")
        if not all(map(_before_stakes, before)):
            ids = None
    line = _LINE.fullmatch(stakes) if ids else None
    where = (where[0], where[1] + text.count("\n"))  # errors name the stakes line, the header's last
    if ids is None or line is None:
        raise where_error(where, text.split("\n")[-1], "not a PartyPoker hand header", _EXPECTED)
    what = line["what"]
    cash = _STAKES_FIRST.fullmatch(what)
    tourney = _TOURNEY.fullmatch(what) if cash is None else None
    found = cash or tourney
    printed = found["game"] if found else what
    game = _GAMES.get(printed)
    if game is None:
        return HandHeader(ids["id"], None, printed)
    if cash is not None and cash["limit"] not in _FIXED:
        raise where_error(where, stakes, f"({cash['limit']}) stud: only fixed-limit stud is known", _EXPECTED)
    printed_month = line["month"] or line["mon"]
    month = _MONTHS.get(printed_month) or _SHORT_MONTHS.get(printed_month)
    if month is None:
        raise where_error(where, stakes, f"{printed_month!r} is not a month", _EXPECTED)
    hour, minute, second = map(int, line["time"].split(":"))
    fields = (int(line["year"]), month, int(line["day"] or line["dd"]), hour, minute, second)
    started: datetime | None
    warning: str | None
    if line["tz"] is None:
        # the clients print the player's own zone, so a date without one is no known clock
        started, warning = None, "the date has no time zone: start time left unknown"
    else:
        started, warning = local_time(fields, line["tz"], where, stakes)
    assert found is not None
    small, big = read_amount(found["small"], where, stakes), read_amount(found["big"], where, stakes)
    tournament, ante = None, None
    currency = found["cur"].strip() if found["cur"] else None
    if tourney is not None:
        tournament = Tournament(
            tourney["tid"], read_amount(tourney["buyin"], where, stakes), None, currency, tourney["level"]
        )
        ante = read_amount(tourney["ante"], where, stakes)
        currency = None
    elif cash is not None and cash["tid"] is not None:  # the emailed tournament's: no buy-in, level or ante
        tournament = Tournament(cash["tid"])
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


_SUMMARY_SHAPE = " Game Table ("
"""What the game line of a hand that ends in a summary says (the emailed hands and the 2026 client's)."""
_NO_CHIPS = frozenset({"checks", "folds", "opens"})
"""The betting words that carry no amount. A betting line's amount is in one of three spellings (``[$1
USD]``, the summary shape's ``(1)`` and ``1 to 2``): the two others are asked only of a wager without the
first, since most lines of a hand are betting lines of the first."""


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
        self.all_in = False  # someone is all in: a street may end with a bet nobody could match
        # the summary shape's game line names the table ("… Game Table (FL)"), the wins-line hands' does
        # not: only a hand that will end in a summary keeps its streets' unmatched bets for it
        self.summary_shape = _SUMMARY_SHAPE in self.block.lines[self.body_start - 1]
        self.owed: list[tuple[int, int, int, Money]] = []  # those bets: (event index, line, seat, chips)
        self.rake: Money | None = None
        self.pots: tuple[Money, ...] = ()

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
        if street == 3:
            if not self.in_hand:  # no antes printed: everyone seated is in
                self.in_hand = sorted(self.left)
            self.all_in = self.summary_shape and 0 in self.left.values()  # an ante took someone's last chip
        self.street, self.street_line_no, self.pending = street, no, True
        self.dealt = set()
        if self.all_in:  # the one way a street before the last can end with a bet nobody matched
            self.keep_unmatched(no)
        self.ledger.start_street(street)

    def keep_unmatched(self, no: int) -> None:
        """Keep the street's bet nobody matched, and where among the events it went back (file line
        ``no``): a summary's ``collected`` holds it, and by the summary the street's ledger is gone (a
        ``wins`` line's is read by :meth:`return_uncalled`)."""
        back = self.ledger.unmatched()
        if back is not None:
            self.owed.append((len(self.events), no, *back))

    def deal(self, no: int, seat: int, cards: tuple[Card | None, ...]) -> Deal:
        """The street's cards in deal order: its down cards first, by the game's rules."""
        street = self.street
        down = self.rules.deals[street][0]
        return Deal(no, street, seat, cards[:down], cards[down:])

    @line_kind("DEALT", words="the owner's cards")
    def dealt_line(self, tok: Token, no: int) -> None:
        seat, m = self.seat(self.lines["DEALT"].match(tok), 1, no)  # type: ignore[arg-type]
        printed = m["cards"]
        cards = self.cards(printed, no, tok, "," if "," in printed else None)  # "[ 9c, 7h, 8h ]" from 2008
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
            line, to = m[0], None
            if amount is None and verb not in _NO_CHIPS:  # the summary shape's "(1.80)" or "0.85 to 0.85"
                amount, added, to = m.group("paid", "added", "to")
                amount = amount or added
                if amount is None and verb == "is all-In":  # "NAME is all-In." after the wager that was
                    self.all_in_after(no, line, seat)
                    continue
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
            if all_in and self.summary_shape:
                self.all_in = True
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
            if to is not None and self.money(to, no, line) != ledger.contributed(seat):
                self.warnings.append(
                    ParseWarning(no, line.rstrip("\n"), f"the street total {to} is not what {m['name']} has put in")
                )

    def all_in_after(self, no: int, line: str, seat: int) -> None:
        """``NAME is all-In.``: the wager before it took the last chip (a skipped line), or the site
        contradicts its own amounts (a warning)."""
        self.skipped.append(SkippedLine(no, line.rstrip("\n")))
        if self.left[seat]:
            message = f"all in, but the hand's lines leave {self.left[seat]} hundredths behind"
            self.warnings.append(ParseWarning(no, line.rstrip("\n"), message))

    @line_kind("POT_CREATED", words="a pot line")
    def pot_created(self, tok: Token, no: int) -> None:
        """``Creating Main Pot with $ 38.50 with …``: the summary prints the same pot again, so the line
        is skipped once its amount is read."""
        self.money(self.lines["POT_CREATED"].match(tok)["amount"], no, tok)  # type: ignore[index]
        self.skipped.append(SkippedLine(no, tok.rstrip("\n")))

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

    @line_kind("SUMMARY", words="'** Summary **'")
    def summary_line(self, tok: Token, no: int) -> None:
        """``** Summary **``: the last street is over; its bet nobody could match is owed back too."""
        self.fill_deals()
        self.keep_unmatched(no)

    @line_kind("POTS", words="the pot line")
    def pots_line(self, tok: Token, no: int) -> None:
        """``Main Pot: $38.50 Rake: $2.0``: the pot after rake and the rake, which the replay checks."""
        pot, rake = self.lines["POTS"].match(tok).group("pot", "rake")  # type: ignore[union-attr]
        self.pots = (self.money(pot, no, tok),)
        self.rake = self.money(rake, no, tok) if rake is not None else None

    @line_kind("BALANCES", run=True, words="a summary line")
    def balance_run(self, tok: Token, first: int) -> None:
        """``NAME balance $44.16, bet $23.17, collected $41.47, net +$18.30[ cards ] [ … ]``: the cards are a
        showdown, ``collected`` what he took (his bet nobody matched in it, returned as for a ``wins``
        line); what he put in, kept and won are what the hand's lines say, or a warning names the line."""
        owed: dict[int, Money] = {}
        for index, at, seat, chips in reversed(self.owed):  # the last first: the earlier indices hold
            self.events.insert(index, UncalledReturn(at, seat, chips))
            owed[seat] = owed.get(seat, 0) + chips
        stacks = {s.seat: s.stack for s in self.seats}
        for no, found in enumerate(self.lines["BALANCES"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            line = m[0]
            printed = m["bet"] or m["lost"]
            paid = self.money(printed, no, line) if printed else 0
            collected = self.money(m["collected"], no, line) if m["collected"] else 0
            net = m["net"]
            said = [
                ("bet", paid, "the hand's lines put in", stacks[seat] - self.left[seat]),
                ("balance", self.money(m["balance"], no, line), "the hand's lines leave", self.left[seat] + collected),
            ]
            if net is not None:
                won = self.money(net.lstrip("+-"), no, line)
                said.append(("net", -won if net.startswith("-") else won, "collected less bet is", collected - paid))
            for what, says, reckoned, worked_out in said:
                if says != worked_out:
                    message = f"the summary's {what} is {says} hundredths, but {reckoned} {worked_out}"
                    self.warnings.append(ParseWarning(no, line.rstrip("\n"), message))
            if m["cards"] is not None:
                shown = self.cards(m["cards"], no, line, ",")
                self.events.append(Show(no, seat, shown, m["description"] or None))
            if collected:
                self.events.append(Collect(no, seat, collected - owed.pop(seat, 0), "main pot"))

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
        return self.build(
            header,
            ante=self.ante if self.ante is not None else header.ante,
            bring_in=self.bring_in,
            rake=self.rake,
            printed_pots=self.pots,
        )


def parse_hand(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
    """One PartyPoker hand (its announce line and blank line in front when printed): a Hand, a NotStudHand
    or a ParseError naming file and line."""
    lines = block.lines
    first = lines[0] if lines else ""
    body_start = 5 if _ANNOUNCE.fullmatch(first) else 3 if _GAME_NO.match(first) else 2
    while body_start < len(lines) and _before_stakes(lines[body_start - 1]):
        body_start += 1
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
