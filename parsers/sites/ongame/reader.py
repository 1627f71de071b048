"""OnGame stud-family hands on the site-reader seam (parsers/sites/ongame/grammar.lark).

What OnGame does, from the corpus's six hands (``OnGame/``: five stud, one stud hi/lo, all cash):

* Three header lines: ``***** History for hand R5-82086688-607 *****``, ``Start hand: Mon Sep 13
  22:31:30 GMT+0100 2010`` (a GMT offset or a zone name, ``CET``), and ``Table: Milwaukee [82086688]
  (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)``: the table line carries the game, the
  small and big bet and the ante. Hands follow each other without a blank line; each ends ``***** End of
  hand …``.
* Seats numbered up to 10 (``Seat 10: telozver123 ($6.49)``); ``User:``, ``Button: seat 1`` and
  ``Players in round: 2 (5)`` are kept as skipped lines.
* ``Dealing to NAME: [-, -, Kh]``, ``-`` a card not shown. The river is printed for the owner only: the
  others still in get a card not shown, and a player whose seven cards the summary prints gets them there
  (in deal order, as the owner's lines confirm).
* ``small bring in $0.05``; ``big bring in $1`` (hand ``R5-292493407-77``, the ``big.bring`` file) is
  the bring-in seat opening for the full small bet: the model's 3rd-street ``BET`` (no bring-in is
  made). On 3rd street ``bets $0.10`` over a bring-in is the completion.
* ``raises $X to $Y``: ``Y`` is what the player has wagered in the hand, antes left out (``Hero raises $1
  to $1.37`` on 5th street after $0.12 and $0.25 on 3rd and 4th): the street total is ``Y`` less his
  earlier streets. ``X`` (the street total in both corpus raises) is not needed.
* No showdown lines: a player who called to the end and whose summary line has no cards mucked; the summary's ``Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, …] (TWO_PAIR JACK,
  NINE)`` shows the cards; ``Main pot: $2.35 won by Hero ($2.24)`` is the pot before rake and what the
  winner took, ``Rake taken: $0.11`` the rake.

A tournament hand names its tournament on the first line, ``***** History for hand R5-… (TOURNAMENT:
"Name", T-1234567, buy-in: $10) *****`` (name and buy-in may be missing); its amounts are chips.

Not in the corpus, so unconfirmed: side pots (``Side pot 1: …``), split pots (``won by A ($x), B ($y)``),
an all-in marker (``[all in]``), other game names (``SEVEN_CARD_STUD_HI_LO`` is seen, ``RAZZ`` assumed).
"""

from __future__ import annotations

import re
from datetime import timedelta, timezone

from lark import Token

from ....engine.cards import Card
from ....engine.model import ActionKind, Collect, Deal, Hand, Muck, Show, SkippedLine, Tournament
from ...textsite import HandHeader, SiteBuilder, line_kind, local_time, read_amount, where_error
from . import vocabulary

SITE = "ongame"
HAND_HEADER = re.compile(r"\*{5} History for hand ")

_HEADER = re.compile(
    r"\*{5} History for hand (?P<id>\S+)"
    r"(?: \(TOURNAMENT: (?:\"(?P<tname>[^\"\n]*)\", )?T-(?P<tid>\d+)(?:, buy-in: (?P<buyin>[$€£]?[\d,.]+))?\))? \*{5}\n"
    r"Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) "
    r"(?:GMT(?P<offset>[-+]\d{4})|(?P<tz>[A-Z]+)) (?P<year>\d{4})\n"
    r"Table: (?P<table>.+?) \[\d+\] \((?P<limit>[A-Z_]+ )?(?P<game>[A-Z_0-9]+) (?P<small>[$€£]?[\d,.]+)/"
    r"(?P<big>[$€£]?[\d,.]+)(?:, ante: (?P<ante>[$€£]?[\d,.]+))?, (?P<money>[^)]+)\)"
)
_GAMES = vocabulary.GAMES_BY_NAME
_MONTHS = {
    m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)
}
_CURRENCIES = vocabulary.CURRENCY_OF_SIGN
_EXPECTED = (
    "'***** History for hand ID *****', 'Start hand: Mon Sep 13 22:31:30 GMT+0100 2010' and "
    "'Table: NAME [ID] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)'"
)


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    m = _HEADER.fullmatch(text)
    if m is None:
        lines = text.split("\n")
        raise where_error((where[0], where[1] + len(lines) - 1), lines[-1], "not an OnGame hand header", _EXPECTED)
    game = _GAMES.get(m["game"])
    if game is None:
        return HandHeader(m["id"], None, m["game"])
    stakes = ((where[0], where[1] + 2), text.split("\n")[2])
    small, big = read_amount(m["small"], *stakes), read_amount(m["big"], *stakes)
    ante = read_amount(m["ante"], *stakes) if m["ante"] else None
    month = _MONTHS.get(m["month"])
    if month is None:
        raise where_error((where[0], where[1] + 1), text.split("\n")[1], f"{m['month']!r} is not a month", _EXPECTED)
    hour, minute, second = map(int, m["time"].split(":"))
    fields = (int(m["year"]), month, int(m["day"]), hour, minute, second)
    zone: str | timezone = m["tz"]
    if m["offset"]:
        sign = -1 if m["offset"][0] == "-" else 1
        zone = timezone(sign * timedelta(hours=int(m["offset"][1:3]), minutes=int(m["offset"][3:])))
    started, warning = local_time(fields, zone, (where[0], where[1] + 1), text.split("\n")[1])
    tournament = None
    if m["tid"] is not None:
        # the first line names the tournament; its stakes are chips whatever the last word of the table says
        buy_in = read_amount(m["buyin"], where, text.split("\n")[0]) if m["buyin"] else None
        tournament = Tournament(m["tid"], buy_in, None, _CURRENCIES.get(m["buyin"][0]) if m["buyin"] else None)
    play = m["money"] != "Real money" and tournament is None
    currency = None if play or tournament else _CURRENCIES.get(m["small"][0])
    return HandHeader(
        m["id"],
        game,
        m["game"],
        small_bet=small,
        big_bet=big,
        currency=currency,
        play_money=play,
        tournament=tournament,
        started_at=started,
        warning=warning,
        ante=ante,
        table=m["table"],
    )


_STREETS: dict[str | None, int] = {None: 3, **{word: street for street, word in vocabulary.STREET_WORDS.items()}}
_WINNER = re.compile(r"(.+?) \(([$€£]?[\d,.]+)\)(?:, |$)")


class _Builder(SiteBuilder):
    """One OnGame hand's tokens -> Hand: raises read from the hand total, the unprinted river filled in."""

    SEATING = frozenset({"INFO", "SEATS"})
    NAME = "OnGame"
    HEADER_LINES = 3

    def start(self) -> None:
        self.street = 2
        self.street_line_no = 0
        self.dealt: set[int] = set()
        self.earlier: dict[int, int] = {}  # seat -> wagered on the streets before this one (no antes)
        self.total: int | None = None
        self.rake: int | None = None
        self.showdown: set[int] = set()

    @line_kind("INFO", words="a table line")
    def info_line(self, tok: Token, no: int) -> None:
        self.skipped.append(SkippedLine(no, tok.rstrip("\n")))

    separator = line_kind("SEPARATOR", words="'---'")(SiteBuilder.placed)

    @line_kind("DEALING", words="a street line")
    def dealing_line(self, tok: Token, no: int) -> None:
        self.fill_river()
        word, river = self.lines["DEALING"].match(tok).group("street", "river")  # type: ignore[union-attr]
        street = _STREETS[word or river]
        self.street_in_order(street, no, tok)
        if street == 3 and not self.in_hand:
            self.in_hand = sorted(self.left)
        for seat, chips in self.ledger.contrib.items():
            self.earlier[seat] = self.earlier.get(seat, 0) + chips
        self.street, self.street_line_no, self.dealt = street, no, set()
        self.ledger.start_street(street)

    @line_kind("DEALS", run=True)
    def deal_run(self, tok: Token, first: int) -> None:
        street = self.street
        down = self.rules.deals[street][0]  # the cards in deal order: the street's down cards first
        for no, found in enumerate(self.lines["DEALS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            line = m[0]
            cards: tuple[Card | None, ...] = tuple(
                None if t.strip() == "-" else self.cards(t.strip(), no, line)[0] for t in m["cards"].split(",")
            )
            if len(cards) != (3 if street == 3 else 1):
                raise self.error(
                    no,
                    line,
                    f"{len(cards)} cards dealt on street {street}",
                    "three cards on 3rd street, one on every other",
                )
            self.dealt.add(seat)
            self.events.append(Deal(no, street, seat, cards[:down], cards[down:]))

    def fill_river(self) -> None:
        """The river is printed for the owner only: every other player still in gets a card not shown."""
        if self.street != 7 or self.street_line_no < 0:
            return
        for seat in self.in_hand:
            if seat not in self.folded and seat not in self.dealt:
                self.events.append(Deal(self.street_line_no, 7, seat, (None,)))
        self.street_line_no = -1

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        self.fill_river()
        ledger, street = self.ledger, self.street
        for no, seat, m in self.wagers(tok, first):
            line = m[0]
            verb, amount, to = m.group("verb", "amount", "to")
            if verb is None:  # raises $X to $Y: Y is the hand's total without antes
                street_to = self.money(to, no, line) - self.earlier.get(seat, 0)
                chips = street_to - ledger.contributed(seat)
                action = ledger.raise_to(no, street, seat, ActionKind.RAISE, street_to, self.pays(seat, chips))
            else:
                chips = self.money(amount, no, line)
                all_in = self.pays(seat, chips)
                if verb == "calls":
                    action = ledger.call_adding(no, street, seat, chips, all_in)
                elif verb == "bets" and street == 3:  # over the bring-in: the completion
                    action = ledger.raise_adding(no, street, seat, ActionKind.COMPLETE, chips, all_in)
                elif verb in ("bets", "big bring in"):  # the bring-in seat opening for the small bet: a bet
                    action = ledger.bet(no, street, seat, ActionKind.BET, chips, all_in)
                else:
                    action = ledger.bet(no, street, seat, ActionKind.BRING_IN, chips, all_in)
                    self.posted_bring_in(chips, all_in)
            self.events.append(action)

    @line_kind("SUMMARY", words="'Summary:'")
    def summary_line(self, tok: Token, no: int) -> None:
        self.fill_river()

    @line_kind("POTS", run=True)
    def pot_run(self, tok: Token, first: int) -> None:
        total = 0
        for no, m in enumerate(self.lines["POTS"].finditer(tok), first):
            pot, amount, winners = m.group("pot", "total", "winners")
            line = m[0]
            total += self.money(amount, no, line)
            paid = list(_WINNER.finditer(winners))
            if not paid or paid[-1].end() != len(winners):
                raise self.error(
                    no, line, "winners that cannot be read", "'won by NAME ($X)' or 'NAME ($X), NAME ($Y)'"
                )
            for w in paid:
                self.events.append(
                    Collect(no, self.seat_exact(w[1], no, line), self.money(w[2], no, line), pot.lower())
                )
        self.total = total

    rake_line = line_kind("RAKE", words="the rake")(SiteBuilder.rake_line)

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, first: int) -> None:
        """A seat line with cards shows them (OnGame prints no showdown lines); the rest repeat stacks. A
        player who went to the showdown and whose line has no cards mucked (the bAAr in R5-82086688-607
        calls the river and loses without his cards printed)."""
        left = [seat for seat in self.in_hand if seat not in self.folded]
        self.showdown = set(left) if len(left) > 1 else set()
        for no, m in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok), first):
            seat, cards, description = m.group("seat", "cards", "description")
            line = m[0].rstrip("\n")
            if cards is None:
                self.skipped.append(SkippedLine(no, line))
                if self.showdown and int(seat) in self.showdown:  # in to the end, cards not shown: mucked
                    self.events.append(Muck(no, int(seat)))
            else:
                self.events.append(Show(no, int(seat), self.cards(cards, no, line, ","), description))

    @line_kind("END", words="'***** End of hand ID *****'")
    def end_line(self, tok: Token, no: int) -> None:
        self.skipped.append(SkippedLine(no, tok.rstrip("\n")))

    def hand(self, header: HandHeader) -> Hand:
        self.deals_from_shown()
        # the summary's shows come after its pot lines; a showdown comes before the pot is paid
        self.events.sort(key=lambda e: isinstance(e, Collect))
        return self.build(
            header,
            ante=self.ante if self.ante is not None else header.ante,
            bring_in=self.bring_in,
            total_pot=self.total,
            rake=self.rake,
        )


parse_hand = _Builder.parse_hand


__all__ = ["HAND_HEADER", "SITE", "parse_hand", "read_header"]
