"""Winning Poker Network stud-family hands in the format of its 2016 client (``Game started at: …``).

One of the two ACR formats (see parsers/sites/acr/reader.py, whose ``read_file`` splits a file into hands of
either format and hands these to :func:`parse_hand`). What this format does differently, and what the
builder makes of it:

* The header is two lines: ``Game started at: 2016/8/2 11:17:19`` and, after a blank line,
  ``Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)`` (id, small/big bet, a room tag, the table,
  the game). The game is on the second line, so the header reader reads both.
* The time has no zone and the format prints none anywhere: the start time is left unknown rather
  than guessed. Amounts have no currency symbol; the network deals in US dollars only, so the
  currency is USD.
* A blank line follows every line (the grammar ignores them; they are not skipped lines).
* The street lines come after the street's betting: ``*** Third street ***`` closes 3rd street and the
  cards after it are 4th street's. Nothing closes 7th street.
* 3rd street is dealt a card at a time: each player's two down cards (``received card: [5d]`` for the
  hero, ``received a card.`` for the others), then everybody's door card; one Deal per player is made
  from his three lines. Tens are printed ``10d``.
* ``raises (1)`` gives the chips this action adds, as the 2019 format does: the model's increment and
  new total come from the engine's betting ledger.
* Shown hands and collected amounts are only in the summary
  (``*Player X shows: Two pairs. Qs and 7s [Qc 10s 7d 9c 6c Qd 7h]. Bets: 4.55. Collects: 8.95. Wins: 4.40.``);
  ``Pot: 8.15. Rake 0.11. JP fee 0.04`` is the pot net of rake and jackpot fee, which together are the
  model's rake.
* Razz would be ``(Razz)`` in the Game ID line; no such hand was available to confirm it.
"""

from __future__ import annotations

import re

from lark import Token

from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Muck, Show, SkippedLine, UncalledReturn
from ...errors import NotStudHand, ParseError
from ...reading import HandText
from ...textsite import HandHeader, SiteBuilder, line_kind, local_time, read_amount, read_text_hand, where_error
from . import vocabulary

SITE = "acr"

HAND_HEADER = re.compile(r"Game started at: ")

_STARTED = re.compile(r"Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})")
_GAME_ID = re.compile(
    r"Game ID: (?P<id>\d+) (?P<small>[\d,.]+)/(?P<big>[\d,.]+) \([^)]*\) (?P<table>.+?) "
    r"\((?P<game>[^()]+)\)"
)
_GAMES = vocabulary.GAMES_BY_NAME_2016


def read_header(started: str, game_id: str, where: tuple[str, int], game_where: tuple[str, int]) -> HandHeader:
    """The two header lines: ``Game started at: …`` (at ``where``) and ``Game ID: …`` (at ``game_where``)."""
    when = _STARTED.fullmatch(started)
    if when is None:
        raise where_error(
            where, started, "not a Winning Poker Network hand header", "'Game started at: YYYY/M/D H:M:S'"
        )
    m = _GAME_ID.fullmatch(game_id)
    if m is None:
        raise where_error(
            game_where,
            game_id,
            "not the Game ID line of a Winning Poker Network hand",
            "'Game ID: 693977667 1/2 (PRR) TABLE (Seven Cards Stud)'",
        )
    game = _GAMES.get(m["game"].lower())
    if game is None:
        return HandHeader(m["id"], None, m["game"])
    small, big = read_amount(m["small"], game_where, game_id), read_amount(m["big"], game_where, game_id)
    y, mo, d, h, mi, sec = map(int, when.groups())
    moment, _ = local_time((y, mo, d, h, mi, sec), None, where, started)  # no zone printed: the site's (SITE)
    return HandHeader(m["id"], game, m["game"], None, small, big, "USD", started_at=moment, table=m["table"])


# ------------------------------------------------------------------------------------- the grammar


# ------------------------------------------------------------------------------------ the builder

_AFTER = {"AFTER3": 4, "AFTER4": 5, "AFTER5": 6, "AFTER6": 7}
_WAGERS = {"bring in": ActionKind.BRING_IN, "bets": ActionKind.BET}


class _Builder(SiteBuilder):
    """Turns the tokens (one line each) of one 2016-format hand into a Hand."""

    SEATING = frozenset({"GAME_ID", "SEAT"})
    NAME = "Winning Poker Network (2016)"
    GRAMMAR = "grammar2016.lark"

    def start(self) -> None:
        self.street = 3
        self.third: dict[int, list[Card | None]] = {}  # seat -> its 3rd-street cards so far
        self.third_line: dict[int, int] = {}
        self.mucked: set[int] = set()
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.total: int | None = None
        self.rake: int | None = None

    def skip(self, stop: int) -> None:
        """Lines no token covered are skipped lines, except the blank line the site puts after each."""
        start, lines = self.block.start_line, self.block.lines
        self.skipped.extend(
            SkippedLine(no, lines[no - start]) for no in range(self.next_line, stop) if lines[no - start]
        )

    # -- one method per terminal: (token, file line)
    @line_kind("GAME_ID", words="the Game ID line")
    def game_id_line(self, tok: Token, no: int) -> None:
        """Read by the header reader already; its place is checked by the grammar."""

    @line_kind("SEAT", words="a seat line")
    def seat_line(self, tok: Token, no: int) -> None:
        m = self.lines["SEAT"].match(tok)
        assert m is not None
        seat, name, stack = m.group("seat", "name", "stack")
        self.add_seat(int(seat), name, self.money(stack, no, tok), no=no, line=tok)

    @line_kind("ANTE", words="an ante")
    def ante_line(self, tok: Token, no: int) -> None:
        seat, m = self.seat(self.lines["ANTE"].match(tok), 1, no)  # type: ignore[arg-type]
        ante = self.money(m["amount"], no, tok)
        self.events.append(Action(no, 3, seat, ActionKind.ANTE, ante))
        if self.ante is None:
            self.ante = ante

    @line_kind("DEAL", words="a card dealt")
    def deal_line(self, tok: Token, no: int) -> None:
        seat, m = self.seat(self.lines["DEAL"].match(tok), 1, no)  # type: ignore[arg-type]
        shown = m["card"]
        cards: tuple[Card | None, ...] = (None,) if shown is None else self.cards(shown, no, tok)
        if len(cards) != 1:
            raise self.error(no, tok, "a deal of more than one card", "'Player NAME received card: [5d]'")
        street = self.street
        if street == 3:
            got = self.third.setdefault(seat, [])
            self.third_line.setdefault(seat, no)
            if len(got) == 3:
                raise self.error(
                    no,
                    tok,
                    "a fourth card dealt on 3rd street",
                    "two down cards and a door card per player before the betting",
                )
            got.append(cards[0])
            if len(got) == 3:
                self.events.append(Deal(self.third_line[seat], 3, seat, tuple(got[:2]), tuple(got[2:])))
        elif street == 7:
            self.events.append(Deal(no, 7, seat, cards))
        else:
            self.events.append(Deal(no, street, seat, (), cards))

    @line_kind("BETTING")
    def betting_line(self, tok: Token, no: int) -> None:
        m = self.lines["BETTING"].match(tok)
        assert m is not None
        ledger, street = self.ledger, self.street
        if m["name"] is None:  # Uncalled bet (AMOUNT) returned to NAME
            seat = self.seat_exact(m["returned_to"], no, tok)
            back = self.money(m["returned"], no, tok)
            ledger.uncalled(seat, back)
            self.events.append(UncalledReturn(no, seat, back))
            return
        seat, m = self.seat(m, "name", no)
        verb, amount, checks = m["verb"], m["amount"], m["checks"]
        if verb == "calls":
            action = ledger.call_adding(no, street, seat, self.money(amount, no, tok))
        elif verb in ("raises", "caps", "cap"):  # the raise that reaches the cap is a raise
            action = ledger.raise_adding(no, street, seat, ActionKind.RAISE, self.money(amount, no, tok))
        elif verb == "allin":  # all his chips: a call, bet or raise as the street stands
            action = ledger.all_in_adding(no, street, seat, self.money(amount, no, tok))
        elif verb is not None:
            action = ledger.bet(no, street, seat, _WAGERS[verb], self.money(amount, no, tok))
            if action.kind is ActionKind.BRING_IN and self.bring_in is None:
                self.bring_in = action.amount
        else:
            action = Action(no, street, seat, ActionKind.CHECK if checks else ActionKind.FOLD)
        self.events.append(action)

    @line_kind("AFTER3", words="'*** Third street ***'")
    @line_kind("AFTER4", words="'*** Fourth street ***'")
    @line_kind("AFTER5", words="'*** Fifth street ***'")
    @line_kind("AFTER6", words="'*** Sixth street ***'")
    def street_end(self, tok: Token, no: int) -> None:
        """``*** Third street ***`` ends 3rd street: what follows is dealt and bet on 4th street."""
        if self.street == 3:
            self.check_third(no)
        self.street = _AFTER[tok.type]
        self.ledger.start_street(self.street)

    def check_third(self, no: int) -> None:
        short = [seat for seat, got in self.third.items() if len(got) != 3]
        if short:
            raise self.error(
                self.third_line[short[0]],
                self.block.lines[self.third_line[short[0]] - self.block.start_line],
                "a player dealt fewer than three cards on 3rd street",
                "two down cards and a door card per player",
            )

    @line_kind("MUCK", words="a muck")
    def muck_line(self, tok: Token, no: int) -> None:
        seat, _ = self.seat(self.lines["MUCK"].match(tok), 1, no)  # type: ignore[arg-type]
        self.mucked.add(seat)
        self.events.append(Muck(no, seat))

    @line_kind("SUMMARY", words="'------ Summary ------'")
    def summary_line(self, tok: Token, no: int) -> None:
        if self.street == 3:
            self.check_third(no)

    @line_kind("POT", words="the pot line")
    def pot_line(self, tok: Token, no: int) -> None:
        pot, rake, jp_fee = self.lines["POT"].match(tok).group("pot", "rake", "jp_fee")  # type: ignore[union-attr]
        self.total = self.money(pot, no, tok)
        self.rake = self.money(rake, no, tok) + (self.money(jp_fee, no, tok) if jp_fee else 0)

    @line_kind("SUMMARY_PLAYER", words="a summary player line")
    def summary_player(self, tok: Token, no: int) -> None:
        """A shown hand (its cards, its description) and what the player collected; the rest repeats
        the body (what he bet) or is the site's arithmetic (wins/loses), checked by the engine's own."""
        seat, m = self.seat(self.lines["SUMMARY_PLAYER"].match(tok), 2, no)  # type: ignore[arg-type]
        before, shown, after, mucks, mucked, collects = m.group(
            "before", "shown", "after", "mucks", "mucked", "collects"
        )
        if shown is not None:
            description = " ".join(part.strip(" .") for part in (before, after) if part.strip(" ."))
            self.events.append(Show(no, seat, self.cards(shown, no, tok), description or None))
        elif mucks is not None and seat not in self.mucked:  # declined to show, said only here
            self.mucked.add(seat)
            cards = self.cards(mucked, no, tok) if mucked else ()
            self.events.append(Muck(no, seat, tuple(c for c in cards if c is not None)))
        else:
            self.skipped.append(SkippedLine(no, tok.rstrip("\n")))
        paid = self.money(collects, no, tok)
        if paid:
            self.events.append(Collect(no, seat, paid, "pot"))

    @line_kind("END", words="'Game ended at: …'")
    def end_line(self, tok: Token, no: int) -> None:
        self.skipped.append(SkippedLine(no, tok.rstrip("\n")))

    def hand(self, header: HandHeader) -> Hand:
        self.finish(header)
        return self.build(header, ante=self.ante, bring_in=self.bring_in, total_pot=self.total, rake=self.rake)


def parse_hand(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
    """One 2016-format hand (its blank lines included): a Hand, a NotStudHand or a ParseError."""
    index = next((i for i, line in enumerate(block.lines[1:], 1) if line), None)
    if index is None:
        return where_error(
            (source_file, block.start_line),
            block.lines[0],
            "the hand ends after its first line (cut off?)",
            "'Game ID: …' on a following line",
        )
    game_id, game_where = block.lines[index], (source_file, block.start_line + index)

    def header(line: str, where: tuple[str, int]) -> HandHeader:
        return read_header(line, game_id, where, game_where)

    return read_text_hand(
        block, source_file, site=SITE, read_header=header, grammar=_Builder.line_grammar, builder=_Builder
    )
