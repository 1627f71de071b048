"""TEMPORARY stand-in for parsers/textsite.py (the site-reader seam, SEAM.md) until it lands on main.

Only what parsers/fulltilt.py calls, with the contract's names, so that switching to the real seam is
an import change. Deleted when the branch merges main's seam.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib.resources import files
from typing import Any, Callable

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, TerminalDef

from ..engine.cards import Card
from ..engine.model import Action, ActionKind, Event, Game, Hand, Money, ParseWarning, Seat, SkippedLine, Tournament
from .errors import NotStudHand, ParseError
from .pokerstars import _cards, _cents, _without_captures
from .reading import HandText


@dataclass(frozen=True, slots=True)
class HandHeader:
    hand_id: str
    game: Game | None
    printed_game: str
    small_bet: Money = 0
    big_bet: Money = 0
    currency: str | None = None
    play_money: bool = False
    tournament: Tournament | None = None
    started_at: datetime | None = None
    mixed: str | None = None
    table: str | None = None
    max_seats: int | None = None
    ante: Money | None = None
    warning: str | None = None
    reason: str | None = None


def where_error(where: tuple[str, int], text: str, message: str, expected: str) -> ParseError:
    return ParseError(where[0], where[1], text.rstrip("\n"), expected, message)


class _Ledger:
    """Minimal street ledger (the engine's engine/betting.StreetLedger replaces it)."""

    def __init__(self) -> None:
        self.street = 3
        self.contrib: dict[int, Money] = {}
        self.level: Money = 0

    def _at(self, street: int) -> None:
        if street != self.street:
            self.street, self.contrib, self.level = street, {}, 0

    def _put(self, a: Action, chips: Money) -> Action:
        self.contrib[a.seat] = self.contrib.get(a.seat, 0) + chips
        self.level = max(self.level, self.contrib[a.seat])
        return a

    def raise_to(self, line: int, street: int, seat: int, kind: ActionKind, to: Money, all_in: bool = False) -> Action:
        self._at(street)
        return self._put(Action(line, street, seat, kind, to - self.level, to, all_in), to - self.contrib.get(seat, 0))

    def call_adding(self, line: int, street: int, seat: int, added: Money, all_in: bool = False) -> Action:
        self._at(street)
        return self._put(Action(line, street, seat, ActionKind.CALL, added, None, all_in), added)

    def bet(self, line: int, street: int, seat: int, kind: ActionKind, amount: Money, all_in: bool = False) -> Action:
        self._at(street)
        return self._put(Action(line, street, seat, kind, amount, None, all_in), amount)

    def uncalled(self, seat: int, amount: Money) -> None:
        self.contrib[seat] = self.contrib.get(seat, 0) - amount
        self.level = max(self.contrib.values(), default=0)


class SiteBuilder:
    SITE = ""
    HANDLERS: dict[str, Callable[[Any, Token, int], None]] = {}
    SEATING: frozenset[str] = frozenset({"SEATS"})

    def __init__(self, block: HandText, source_file: str, lines: dict[str, re.Pattern[str]]) -> None:
        self.block = block
        self.file = source_file
        self.lines = lines
        self.seat_of: dict[str, int] = {}
        self.unique: dict[str, int] = {}
        self.seats: list[Seat] = []
        self.events: list[Event] = []
        self.warnings: list[ParseWarning] = []
        self.skipped: list[SkippedLine] = []
        self.next_line = block.start_line + 1
        self.ledger = _Ledger()

    def error(self, no: int, line: str, message: str, expected: str) -> ParseError:
        return where_error((self.file, no), line, message, expected)

    def add_seat(self, seat: int, name: str, stack: Money, sitting_out: bool = False) -> None:
        self.seats.append(Seat(seat, name, stack, sitting_out))
        self.seat_of[name] = seat

    def money(self, text: str, no: int, line: str) -> int:
        cents = _cents(text)
        if cents is None:
            raise self.error(no, line, f"{text!r} is not an amount", "an amount like 1,500 or $0.04")
        return cents

    def cards(self, text: str, no: int, line: str) -> tuple[Card | None, ...]:
        cards = _cards(text)
        for tok, card in zip(text.split(), cards):
            if card is None:
                self.warnings.append(ParseWarning(no, line.rstrip("\n"), f"{tok!r} is not a card (garbled site output): recorded as an unknown card"))
        return cards

    def seat(self, name: str, m: re.Match[str], group: int, no: int) -> tuple[int, re.Match[str]]:
        seat = self.unique.get(name)
        if seat is not None:
            return seat, m
        line, start = m[0], m.start(group) - m.start()
        for candidate in sorted(self.seat_of, key=len, reverse=True):
            if line.startswith(candidate, start):
                probe = m.re.match(f"{line[:start]}\0{line[start + len(candidate):]}")
                if probe is not None and probe.end(group) == start + 1:
                    return self.seat_of[candidate], probe
        raise self.error(no, line, f"{name!r} is not seated at this table", "a line naming one of the players of the Seat lines")

    def seat_exact(self, name: str, no: int, line: str) -> int:
        seat = self.seat_of.get(name)
        if seat is None:
            raise self.error(no, line, f"{name!r} is not seated at this table", "a line naming one of the players of the Seat lines")
        return seat

    def feed(self, tokens: list[Token]) -> None:
        base = self.block.start_line
        seating = True
        for tok in tokens:
            if seating and tok.type not in self.SEATING:
                names = sorted(self.seat_of)
                self.unique = {n: self.seat_of[n] for n, after in zip(names, names[1:] + [""]) if not after.startswith(n)}
                seating = False
            no = base + tok.line
            self._skip(no)
            self.HANDLERS[tok.type](self, tok, no)
            self.next_line = base + tok.end_line
        self._skip(base + len(self.block.lines))

    def _skip(self, stop: int) -> None:
        start, lines = self.block.start_line, self.block.lines
        self.skipped.extend(SkippedLine(n, lines[n - start]) for n in range(self.next_line, stop) if lines[n - start])

    def build(self, header: HandHeader, **facts: Any) -> Hand:
        if header.warning:
            self.warnings.append(ParseWarning(self.block.start_line, self.block.lines[0], header.warning))
        assert header.game is not None
        return Hand(site=self.SITE, site_hand_id=header.hand_id, game=header.game, small_bet=header.small_bet,
                    big_bet=header.big_bet, seats=tuple(self.seats), events=tuple(self.events),
                    source_file=self.file, source_line=self.block.start_line, mixed=header.mixed,
                    currency=header.currency, play_money=header.play_money, tournament=header.tournament,
                    started_at=header.started_at, skipped=tuple(self.skipped), warnings=tuple(self.warnings),
                    **facts)


class _Tokens:
    def start(self, tokens: list[Token]) -> list[Token]:
        return tokens


@cache
def load_grammar(name: str, runs: frozenset[str]) -> tuple[Lark, dict[str, re.Pattern[str]]]:
    text = files("studbook.grammars").joinpath(f"{name}.lark").read_text(encoding="utf-8")
    originals: dict[str, str] = {}

    def strip(t: TerminalDef) -> None:
        if isinstance(t.pattern, PatternRE):
            originals[t.name] = t.pattern.value
            t.pattern = PatternRE(_without_captures(t.pattern.value), t.pattern.flags)

    lark = Lark(text, parser="lalr", lexer="contextual", transformer=_Tokens(), edit_terminals=strip)
    lines = {}
    for n, v in originals.items():
        if n in runs:
            v = v[3:-2]
        lines[n] = re.compile(v)
    return lark, lines


def read_text_hand(block: HandText, source_file: str, *, read_header: Callable[[str, tuple[str, int]], HandHeader],
                   grammar: str, builder: type[SiteBuilder], runs: frozenset[str], words: dict[str, tuple[str, str]],
                   site_name: str) -> Hand | ParseError | NotStudHand:
    try:
        header = read_header(block.lines[0], (source_file, block.start_line))
        if header.game is None:
            return NotStudHand(source_file, block.start_line, builder.SITE, header.printed_game, header.reason)
        lark, lines = load_grammar(grammar, runs)
        body = block.lines[1:]
        try:
            tokens = lark.parse("\n".join(body) + "\n" if body else "")
        except UnexpectedInput as err:
            return _lark_error(err, block, source_file, words, site_name)
        b = builder(block, source_file, lines)
        b.feed(tokens)  # type: ignore[arg-type]
        return b.finish(header)  # type: ignore[attr-defined,no-any-return]
    except ParseError as err:
        return err


def _lark_error(err: UnexpectedInput, block: HandText, source_file: str, words: dict[str, tuple[str, str]],
                site: str) -> ParseError:
    def expected(names: Any) -> str:
        known = [n for n in words if n in names]
        return "one of " + ", ".join(f"{w} ({ex})" if ex else w for w, ex in (words[n] for n in known)) if known else "the end of the hand"

    last = len(block.lines)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        rel, message, exp = last, "the hand ends here, before its summary is complete (cut off?)", expected(err.expected)
    elif isinstance(err, UnexpectedToken):
        rel = err.token.line + 1 if err.token.line else last
        message = f"{words.get(err.token.type, (err.token.type,))[0]} is out of place here"
        exp = expected(err.expected)
    elif isinstance(err, UnexpectedCharacters):
        rel, message, exp = err.line + 1, f"not a {site} line that can come here", expected(err.allowed)
    else:
        rel, message, exp = last, str(err), f"a complete {site} hand"
    rel = min(max(rel, 1), last)
    return ParseError(source_file, block.start_line + rel - 1, block.lines[rel - 1], exp, message)
