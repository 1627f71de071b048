"""Absolute Poker stud-family hands on the site-reader seam (parsers/sites/absolute/grammar.lark).

What Absolute does, from the corpus's one hand (``Absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked``):

* Header ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)``: the game,
  a table speed (``Normal``), the small and big bet, the time and its zone.
* ``Seat 1 - NAME ($0.17 in chips)``, ``NAME - Ante $0.01``, ``NAME - Bring-In $0.01``, ``NAME - Calls
  $0.01``: a name, then `` - ``; the pot line alone has none (``NAME Collects $0.19 from main pot``).
* **Pockets, not deals**: each street prints every player's cards so far (``PLAYER1 - Pocket [H H Js
  10d]``), ``H`` for a card not shown and ``10`` for a ten; the new card of a street is the one past the
  cards the player had. A player who folded keeps being printed with the cards he had (Hero, three cards,
  on every street): such a line deals nothing and is kept as a skipped line.
* The river is dealt face down (``H``) and the showdown shows the seven (``Shows [5s 8d 3s Qc 6c Qs 9s]
  (One pair, queens)``): the hand of the file's name, whose losers' river cards come out only there.
* ``Total Pot($0.43) | Rake ($0.04)``, the total including the rake.

Not in the corpus, so read as the writer (parsers/sites/absolute/writer.py) writes them, and unconfirmed: a raise
``NAME - Raises $X to $Y`` (X the increment, Y the new total, as PokerStars), ``NAME - Mucks``, a side
pot ``from side pot-1``; no line for an uncalled bet or an all-in (an all-in is a wager that leaves no
chips behind). Game names other than ``Seven Card Hi/Lo`` (``Seven Card Stud``, ``Razz``) are assumed.
"""

from __future__ import annotations

import re

from lark import Token

from ....engine.cards import Card
from ....engine.model import ActionKind, Collect, Deal, Hand, Muck, Show, SkippedLine, Tournament
from ...textsite import HandHeader, SiteBuilder, line_kind, read_amount, site_time, where_error
from . import vocabulary

HAND_HEADER = re.compile(r"Stage #C?\d+: ")

# "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)"; a cash series'
# "#C123"; euro tables "€0.02/€0.04" (a space may come before the sign); from 2010 the ante after the
# stakes (", $0.02 ante"); seconds with a fraction ("19:10:00.125"); a tournament "Tourney ID 1234 Seven
# Card Hi/Lo Single Tournament 100/200" (Multi, Normal, Turbo, "(1 on 1)" in the words before the stakes)
_HEADER = re.compile(
    r"Stage #(?P<id>C?\d+):\s+(?:Tourney ID (?P<tid>\d+)\s+)?(?P<game>Seven Card Stud|Seven Card Hi/Lo|Razz|.+?)"
    r"(?:\s{2,}(?P<speed>\S+)|\s+(?P<ttype>(?:Single|Multi)[^$€\d]*?Tournament(?: \(1 on 1\))?))"
    r" ?(?P<small>[$€]?[\d,.]+)/ ?(?P<big>[$€]?[\d,.]+)(?:, (?P<ante>[$€]?[\d,.]+) ante)?"
    r" - (?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?:\.\d+)? \((?P<tz>[A-Za-z]+)\)"
)
_OTHER = re.compile(r"Stage #(?P<id>C?\d+):\s+(?P<game>.+?) - \d{4}-\d{2}-\d{2} .*")
_CURRENCIES = {"$": "USD", "€": "EUR"}
_GAMES = vocabulary.GAMES_BY_NAME


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    m = _HEADER.fullmatch(text)
    other = _OTHER.fullmatch(text) if m is None else None
    if m is None and other is None:
        raise where_error(
            where,
            text,
            "not an Absolute hand header",
            "'Stage #ID: Seven Card Hi/Lo  Normal $0.02/$0.04 - YYYY-MM-DD HH:MM:SS (ET)'",
        )
    if m is None or m["game"] not in _GAMES:
        found = m or other
        assert found is not None
        return HandHeader(found["id"], None, found["game"])
    small, big = read_amount(m["small"], where, text), read_amount(m["big"], where, text)
    started, warning = site_time(m["date"], m["time"], m["tz"], where, text)
    tournament = Tournament(m["tid"]) if m["tid"] is not None else None
    currency = None if tournament else _CURRENCIES.get(m["small"][:1])
    ante = read_amount(m["ante"], where, text) if m["ante"] else None
    return HandHeader(
        m["id"],
        _GAMES[m["game"]],
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


_STREETS = {word: street for street, word in vocabulary.STREET_WORDS.items()}
_PAID = {"Bring-In": ActionKind.BRING_IN, "Bets": ActionKind.BET, "Calls": ActionKind.CALL}


class _Builder(SiteBuilder):
    """One Absolute hand's tokens -> Hand: pockets become deals of the cards past those already dealt."""

    SEATING = frozenset({"TABLE", "SEATS"})
    NAME = "Absolute"

    def start(self) -> None:
        self.street = 2
        self.table: str | None = None
        self.held: dict[int, int] = {}  # seat -> cards dealt so far
        self.total: int | None = None
        self.rake: int | None = None

    @line_kind("TABLE")
    def table_line(self, tok: Token, no: int) -> None:
        self.table = self.lines["TABLE"].match(tok)["table"]  # type: ignore[index]

    @line_kind("STREET")
    def street_line(self, tok: Token, no: int) -> None:
        word, river = self.lines["STREET"].match(tok).group("street", "river")  # type: ignore[union-attr]
        street = _STREETS[word or river]
        self.street_in_order(street, no, tok)
        self.street = street
        if street > 3:
            self.ledger.start_street(street)

    @line_kind("POCKETS", run=True, words="a pocket line")
    def pocket_run(self, tok: Token, first: int) -> None:
        street = self.street
        down = self.rules.deals[street][0]  # the new cards in deal order: the street's down cards first
        for no, found in enumerate(self.lines["POCKETS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            line = m[0]
            cards = self.pocket(m["cards"], no, line)
            before = self.held.get(seat, 0)
            if len(cards) == before:  # a folded player's pocket, printed again: nothing dealt
                self.skipped.append(SkippedLine(no, line.rstrip("\n")))
                continue
            new = cards[before:]
            expected = 3 if street == 3 else 1
            if len(new) != expected or before != (0 if street == 3 else street - 1):
                raise self.error(
                    no,
                    line,
                    f"a pocket of {len(cards)} cards on street {street}",
                    f"{max(3, street)} cards on street {street}",
                )
            self.held[seat] = len(cards)
            self.events.append(Deal(no, street, seat, new[:down], new[down:]))

    def pocket(self, text: str, no: int, line: str) -> tuple[Card | None, ...]:
        """``H`` is a card not shown; ``10`` is the ten."""
        return tuple(None if tok == "H" else self.cards(tok.replace("10", "T"), no, line)[0] for tok in text.split())

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, first: int) -> None:
        ledger, street = self.ledger, self.street
        for no, seat, m in self.wagers(tok, first, "Checks"):
            line = m[0]
            verb, amount, raised, to = m.group("verb", "amount", "raised", "to")
            if verb is not None:
                chips = self.money(amount, no, line)
                all_in = self.pays(seat, chips)
                if verb == "Calls":
                    action = ledger.call_adding(no, street, seat, chips, all_in)
                elif verb == "All-In":  # all his chips, a call, bet or raise as the street stands
                    action = ledger.all_in_adding(no, street, seat, chips)
                else:
                    action = ledger.bet(no, street, seat, _PAID[verb], chips, all_in)
                if verb == "Bring-In":
                    self.posted_bring_in(chips, all_in)
            else:
                total = self.money(to, no, line)
                chips = total - ledger.contributed(seat)
                action = ledger.raise_by(
                    no, street, seat, ActionKind.RAISE, self.money(raised, no, line), total, self.pays(seat, chips)
                )
            self.events.append(action)

    showdown_line = line_kind("SHOWDOWN")(SiteBuilder.placed)

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, first: int) -> None:
        for no, found in enumerate(self.lines["RESULTS"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            shown, description, mucks, collected, pot = m.group("shown", "description", "mucks", "collected", "pot")
            line = m[0]
            if shown is not None:
                self.events.append(Show(no, seat, self.pocket(shown, no, line), description))
            elif mucks is not None:
                self.events.append(Muck(no, seat))
            else:
                self.events.append(Collect(no, seat, self.money(collected, no, line), pot))

    total_line = line_kind("TOTAL", words="'Total Pot(AMOUNT) | Rake (AMOUNT)'")(SiteBuilder.total_line)

    @line_kind("SUMMARY_SEATS")
    def summary_seat_run(self, tok: Token, first: int) -> None:
        """The summary's seat lines repeat what the hand said: skipped lines."""
        self.skipped += [SkippedLine(no, text) for no, text in enumerate(tok.rstrip("\n").split("\n"), first)]

    def hand(self, header: HandHeader) -> Hand:
        return self.build(
            header, ante=self.ante, bring_in=self.bring_in, total_pot=self.total, rake=self.rake, table=self.table
        )


parse_hand = _Builder.parse_hand
