"""PokerStars stud-family hands: header regex, Lark parse of the body (grammars/pokerstars.lark), and
the mapping of each line onto the hand model.

Three steps per hand, each with one job:

1. The header line is read with one regex before anything else, so that a hold'em or draw hand of a
   mixed-game file becomes a :class:`NotStudHand` without its body being parsed.
2. Lark (LALR, contextual lexer) checks the order of the lines of the body. Its terminals are lines,
   runs of lines of one kind, or a line with the runs right after it (~9 tokens per hand; the cost
   follows the number of tokens).
3. :class:`_Builder` reads every line of every token with the grammar's own pattern for it, whose
   capturing groups are the fields (``_FIELDS``), and turns them into events: it resolves printed names
   against the seat list, parses amounts and cards, and adds what PokerStars leaves implicit
   (opponents' unseen 7th cards).

Sites are not consistent with themselves, so everything that cannot be read exactly is reported:
a line in the wrong place or of no known kind is a :class:`ParseError` (file, line, text, what was
expected); a garbled card (``[of]``) keeps the hand with the card unknown and a :class:`ParseWarning`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any
from zoneinfo import ZoneInfo

from lark import Lark, Token
from lark.lexer import PatternRE, TerminalDef
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..engine.cards import CARD_BY_TEXT, Card
from ..engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Game,
    Hand,
    Marker,
    Muck,
    ParseWarning,
    Seat,
    Show,
    SkippedLine,
    Tournament,
    UncalledReturn,
)
from .amounts import MAX_AMOUNT, amount_problem, seat_problem
from .errors import NotStudHand, ParseError
from .reading import HandText

SITE = "pokerstars"

# ------------------------------------------------------------------------------------------ header

_HEADER = re.compile(
    r"PokerStars (?:Home Game )?(?:Zoom )?(?:Game|Hand) #(?P<id>\d+):\s+"
    r"(?:\{[^}]*\}\s+)?"
    r"(?:Tournament #(?P<tid>\d+),\s+"
    r"(?:Freeroll|(?P<buyin>\S+?)(?: (?P<tcur>(?-i:[A-Z]{3}))(?= ))?)\s+)?"
    r"(?P<game>.+?)"
    r"(?: - (?:Match Round [^,]*, )?Level (?P<level>\S+) \((?P<lsmall>[\d,.]+)/(?P<lbig>[\d,.]+)\))?"
    r" - (?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Za-z]+)"
    r"(?: \[(?P<etdate>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}) ET\])?\s*",
    re.I,
)
_WRAPPED = re.compile(r"(?P<wrapper>[^(]+?) \((?P<inner>[^()]+)\)")
_PLAIN = re.compile(r"(?P<game>[^(]+?)(?: \((?P<stakes>[^()]+)\))?")
_LIMIT = re.compile(r"(?P<name>.+?) (?P<limit>(?:Pot |No |Fixed )?Limit)", re.I)
_STAKES = re.compile(r"(?P<small>[$€£]?[\d,.]+)/(?P<big>[$€£]?[\d,.]+)(?: (?P<cur>[A-Z]{3}))?")

_GAMES = {"7 card stud": Game.STUD, "7 card stud hi/lo": Game.STUD8, "razz": Game.RAZZ}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}

# PokerStars prints local time with these abbreviations; ET is always given as well for other zones.
_ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "BST": "Europe/London",
    "CET": "Europe/Paris", "CEST": "Europe/Paris", "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "HKT": "Asia/Hong_Kong",
    "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "AWST": "Australia/Perth", "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney", "NZT": "Pacific/Auckland",
}


@cache
def _zone(abbreviation: str) -> ZoneInfo | None:
    name = _ZONES.get(abbreviation.upper())
    return ZoneInfo(name) if name else None


@dataclass(frozen=True, slots=True)
class _Header:
    """What the header line says; ``game`` is None for a game outside the stud family."""

    hand_id: str
    game: Game | None
    printed_game: str
    mixed: str | None
    small_bet: int
    big_bet: int
    currency: str | None
    play_money: bool
    tournament: Tournament | None
    started_at: datetime | None
    warning: str | None


def _currency(amount: str, code: str | None) -> str | None:
    return code.upper() if code else _SYMBOLS.get(amount[:1])


@lru_cache(maxsize=256)
def _game_part(printed: str) -> tuple[Game | None, str, str | None, str] | None:
    """(game or None outside the stud family, game as printed, mixed-game name, stakes) of the header's
    game part, None if it is not understood. Cached: a file repeats the same few game parts."""
    mixed = None
    w = _WRAPPED.fullmatch(printed)
    if w and not _LIMIT.fullmatch(w["wrapper"]):
        mixed, inner = w["wrapper"], w["inner"]
        game_text, _, stakes = inner.partition(", ")
    else:
        p = _PLAIN.fullmatch(printed)
        if p is None:
            return None
        game_text, stakes = p["game"], p["stakes"] or ""
    lim = _LIMIT.fullmatch(game_text)
    game = _GAMES.get(lim["name"].lower()) if lim and lim["limit"].lower() == "limit" else None
    return game, game_text, mixed, stakes


def _read_header(text: str, where: tuple[str, int]) -> _Header:
    m = _HEADER.fullmatch(text)
    if m is None:
        raise _error(where, text, "not a PokerStars hand header",
                     "'PokerStars Hand #ID: GAME (STAKES) - YYYY/MM/DD H:MM:SS ET'")
    part = _game_part(m["game"])
    if part is None:
        raise _error(where, text, f"game {m['game']!r} not understood",
                     "'GAME Limit (STAKES)' or 'MIX (GAME Limit[, STAKES])'")
    game, game_text, mixed, stakes = part
    if game is None:
        return _Header(m["id"], None, game_text, mixed, 0, 0, None, False, None, None, None)

    tournament, currency = None, None
    if m["tid"]:
        if m["lsmall"] is None:
            raise _error(where, text, "tournament header without its level and limits",
                         "'… - Level IV (50/100) - …' after the game")
        small, big = _money(m["lsmall"], where, text), _money(m["lbig"], where, text)
        buyin = m["buyin"] or ""
        parts = [_money(x, where, text) for x in buyin.split("+")] if buyin else [0, 0]
        tcur = _currency(buyin, m["tcur"])
        play_money = bool(buyin) and tcur is None
        tournament = Tournament(m["tid"], sum(parts[:-1]) if len(parts) > 1 else parts[0],
                                parts[-1] if len(parts) > 1 else None, tcur, m["level"])
    else:
        s = _STAKES.fullmatch(stakes)
        if s is None:
            raise _error(where, text, "cash-game header without its limits", "'($0.04/$0.08 USD)' after the game")
        small, big = _money(s["small"], where, text), _money(s["big"], where, text)
        currency = _currency(s["small"], s["cur"])
        play_money = currency is None

    started, warning = None, None
    date, tz = (m["etdate"], "ET") if m["etdate"] else (m["date"], m["tz"])
    zone = _zone(tz)
    if zone is None:
        warning = f"unknown time zone {tz!r}: start time left unknown"
    else:
        y, mo, d, h, mi, sec = map(int, date.replace("/", " ").replace(":", " ").split())
        try:
            started = datetime(y, mo, d, h, mi, sec, tzinfo=zone)
        except ValueError as exc:  # 2026/02/30, 25:00:00: the regex takes the digits, the calendar says no
            raise _error(where, text, f"the date {date} {tz} is impossible ({exc})",
                         "a real date and time, 'YYYY/MM/DD H:MM:SS'") from None
    return _Header(m["id"], game, game_text, mixed, small, big, currency, play_money, tournament,
                   started, warning)


# ------------------------------------------------------------------------------------- the grammar

_M = r"[$€£]?[\d,.]+"
_POT = re.compile(rf"(?:Main|Side) pot(?:-\d+)? ({_M})\.")
"""One pot of the total line's list (``Main pot 150. Side pot-1 40.``), the grammar's TOTAL field."""

_FIELDS: dict[str, tuple[str, ...]] = {
    "TABLE": ("name", "max_seats"),
    "SEATS": ("seat", "name", "stack", "rest"),
    "ANTES": ("name", "amount", "all_in"),
    "DEALS": ("name", "cards", "new_card"),
    "RIVER": ("card", "name", "cards", "new_card"),  # the river line's card, then DEALS' fields
    "BETTING": ("returned", "returned_to", "marker", "name", "verb", "raised", "amount", "all_in", "checks"),
    "RESULTS": ("no_low", "name", "shown", "description", "mucks", "collected", "pot"),
    "TOTAL": ("total", "pots", "rake"),
    "BOARD": ("cards",),
    "SUMMARY_SEATS": ("seat", "mucked"),
}
"""The capturing groups of each terminal's line pattern in grammars/pokerstars.lark, in order: the
fields the builder unpacks (in this order) from every line. The grammar's patterns are the only
description of a line, so what Lark accepts and what the builder reads cannot drift apart."""

_RUNS = frozenset({"SEATS", "ANTES", "DEALS", "BETTING", "RESULTS", "SUMMARY_SEATS"})
"""Terminals written ``RUN: LINE+``, which Lark compiles to the regex ``(?:LINE)+``."""


class _Tokens:
    """Inline transformer that keeps the flat list of line tokens. A plain class rather than a
    ``lark.Transformer``: Lark then builds the inlined helper rules with its tree class directly instead
    of calling ``Transformer.__default__`` for each (~7% faster)."""

    def start(self, tokens: list[Token]) -> list[Token]:
        return tokens


@dataclass(frozen=True, slots=True)
class _Grammar:
    """The compiled grammar, and the regex of one line of each terminal that has fields."""

    lark: Lark
    lines: dict[str, re.Pattern[str]]


def _line_pattern(terminal: str, value: str) -> re.Pattern[str]:
    """The regex of one line of ``terminal`` (whose grammar regex is ``value``), with its fields."""
    if terminal in _RUNS:
        if not (value.startswith("(?:") and value.endswith(")+")):
            raise ValueError(f"grammars/pokerstars.lark: {terminal} should be written '{terminal}: LINE+', "
                             f"compiled to (?:LINE)+, not {value!r}")
        value = value[3:-2]
    pattern = re.compile(value)
    if pattern.groups != len(_FIELDS[terminal]):
        raise ValueError(f"grammars/pokerstars.lark: {terminal} has {pattern.groups} capturing groups, but "
                         f"parsers/pokerstars.py reads {len(_FIELDS[terminal])}: {', '.join(_FIELDS[terminal])}")
    return pattern


def _without_captures(pattern: str) -> str:
    """``pattern`` with every capturing group made non-capturing (``(x)`` and ``(?P<n>x)`` become
    ``(?:x)``); escapes and character classes are left alone.

    Why: Lark only needs to know where a token ends, and captures inside the repeated line pattern
    of a run cost its lexer ~15% (the regex engine keeps their marks at every repetition); the
    builder reads the fields with the capturing originals."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            start = i + 2 if pattern.startswith("[^", i) else i + 1
            if pattern.startswith("]", start):  # a "]" first in a class is a plain character
                out.append(pattern[i : start + 1])
                i = start + 1
                continue
        elif c == "(" and not pattern.startswith("(?", i):
            out.append("(?:")
            i += 1
            continue
        elif pattern.startswith("(?P<", i):
            out.append("(?:")
            i = pattern.index(">", i) + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


@cache
def _grammar() -> _Grammar:
    """The compiled grammar, built once per process (worker processes each build their own): Lark gets
    the terminals without their captures, the builder one line's regex of each, with them."""
    text = files("studbook.grammars").joinpath("pokerstars.lark").read_text(encoding="utf-8")
    originals: dict[str, str] = {}

    def strip_captures(terminal: TerminalDef) -> None:
        if isinstance(terminal.pattern, PatternRE):
            originals[terminal.name] = terminal.pattern.value
            terminal.pattern = PatternRE(_without_captures(terminal.pattern.value), terminal.pattern.flags)

    lark = Lark(text, parser="lalr", lexer="contextual", transformer=_Tokens(), edit_terminals=strip_captures)
    return _Grammar(lark, {terminal: _line_pattern(terminal, originals[terminal]) for terminal in _FIELDS})


# -------------------------------------------------------------------------------- amounts, errors

_MONEY = re.compile(r"[$€£]?(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,2}))?")


@lru_cache(maxsize=4096)
def _cents(text: str) -> int | None:
    """``$0.04`` -> 4, ``1,500`` -> 150000: hundredths of the printed unit, exactly; None if no amount.
    Cached: a file repeats the same few stakes-sized amounts thousands of times."""
    m = _MONEY.fullmatch(text)
    if m is None:
        return None
    frac = m["frac"] or ""
    return int(m["whole"].replace(",", "")) * 100 + int(frac.ljust(2, "0"))


@lru_cache(maxsize=4096)
def _cards(text: str) -> tuple[Card | None, ...]:
    """The cards of a bracket's text, None for a token that is no card. Cached like amounts: door
    cards and single new cards are a few hundred texts."""
    return tuple(map(CARD_BY_TEXT.get, text.split()))


def _money(text: str, where: tuple[str, int], line: str) -> int:
    cents = _cents(text)
    if cents is None:
        raise _error(where, line, f"{text!r} is not an amount", "an amount like 1,500 or $0.04")
    problem = amount_problem(cents)
    if problem is not None:
        raise _error(where, line, problem, "an amount like 1,500 or $0.04")
    return cents


def _seat_number(text: str, where: tuple[str, int], line: str) -> int:
    seat = int(text)
    problem = seat_problem(seat)
    if problem is not None:
        raise _error(where, line, problem, "'Seat N: ...' with N the seat's number")
    return seat


def _error(where: tuple[str, int], text: str, message: str, expected: str) -> ParseError:
    return ParseError(where[0], where[1], text.rstrip("\n"), expected, message)


_WORDS: dict[str, tuple[str, str]] = {
    "TABLE": ("the table line", "\"Table 'NAME' 8-max\""), "SEATS": ("a seat line", "'Seat 1: NAME ($1.57 in chips)'"),
    "ANTES": ("an ante", "'NAME: posts the ante AMOUNT'"), "STREET3": ("'*** 3rd STREET ***'", ""),
    "STREET4": ("'*** 4th STREET ***'", ""), "STREET5": ("'*** 5th STREET ***'", ""),
    "STREET6": ("'*** 6th STREET ***'", ""), "RIVER": ("'*** RIVER ***'", ""),
    "DEALS": ("a deal", "'Dealt to NAME [Kc]'"),
    "BETTING": ("a betting line", "'NAME: brings in for AMOUNT', 'NAME: bets AMOUNT', 'NAME: calls AMOUNT', "
                "'NAME: raises X to Y', 'NAME: checks', 'NAME: folds', 'Uncalled bet (AMOUNT) returned to NAME', "
                "'Pair on board - a double bet is allowed', 'Betting is capped'"),
    "SHOWDOWN": ("'*** SHOW DOWN ***'", ""),
    "RESULTS": ("a showdown or pot line", "'NAME: shows [cards] (hand)', 'NAME: mucks hand', "
                "'NAME: doesn't show hand', 'NAME collected AMOUNT from pot', 'No low hand qualified'"),
    "SUMMARY": ("'*** SUMMARY ***'", ""), "TOTAL": ("'Total pot AMOUNT | Rake AMOUNT'", ""),
    "BOARD": ("'Board [card]'", ""), "SUMMARY_SEATS": ("a summary seat line", "'Seat 1: NAME folded on the 3rd Street'"),
}
"""Each terminal in words (what an error says is out of place) and the lines it stands for (what an
error says could have come instead)."""
# A composite terminal starts with the line of its plain form, so it reads the same in an error.
_WORDS.update({f"{plain}_BETTING": _WORDS[plain] for plain in ("STREET3", "STREET4", "STREET5", "STREET6", "RIVER")})
_WORDS.update({"TABLE_SEATS": _WORDS["TABLE"], "SUMMARY_SEATED": _WORDS["SUMMARY"]})
_ORDER = {name: i for i, name in enumerate(_WORDS)}


def _expected(names: set[str] | frozenset[str]) -> str:
    known = sorted((n for n in names if n in _WORDS), key=_ORDER.__getitem__)
    described = dict.fromkeys(f"{what} ({lines})" if lines else what for what, lines in map(_WORDS.__getitem__, known))
    return "one of " + ", ".join(described) if known else "the end of the hand"


def _lark_error(err: UnexpectedInput, block: HandText, source_file: str) -> ParseError:
    """Turn Lark's complaint into a ParseError pointing at the file line (Lark's line 1 is the line
    after the header)."""
    last = len(block.lines)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        rel, message = last, "the hand ends here, before its summary is complete (cut off?)"
        expected = _expected(err.expected)
    elif isinstance(err, UnexpectedToken):
        rel = err.token.line + 1 if err.token.line else last
        message = f"{_WORDS[err.token.type][0] if err.token.type in _WORDS else err.token.type} is out of place here"
        expected = _expected(err.expected)
    elif isinstance(err, UnexpectedCharacters):
        rel = err.line + 1
        message = "not a PokerStars line that can come here"
        expected = _expected(err.allowed)
    else:
        rel, message, expected = last, str(err), "a complete PokerStars hand"
    rel = min(max(rel, 1), last)
    return ParseError(source_file, block.start_line + rel - 1, block.lines[rel - 1], expected, message)


# ------------------------------------------------------------------------------------ the builder

_STREET_OF = {f"STREET{n}{form}": n for n in (3, 4, 5, 6) for form in ("", "_BETTING")}
_BETTING_STREETS = frozenset({*_STREET_OF, "RIVER_BETTING"} - {"STREET3", "STREET4", "STREET5", "STREET6"})
_PAID = {"brings in for": ActionKind.BRING_IN, "bets": ActionKind.BET, "calls": ActionKind.CALL}
_MARKERS = {"Pair on board - a double bet is allowed": "double-bet", "Betting is capped": "capped"}
_SEATING = frozenset({"TABLE", "TABLE_SEATS", "SEATS"})


class _Builder:
    """Turns the tokens of one hand into a Hand. One instance per hand; nothing outlives it.

    Each token is a line or a run of lines (see grammars/pokerstars.lark); the lines of a token are
    read with the grammar's own pattern for them, whose groups are the fields (``_FIELDS``)."""

    def __init__(self, block: HandText, source_file: str, lines: dict[str, re.Pattern[str]]) -> None:
        self.block = block
        self.file = source_file
        self.lines = lines
        self.seat_of: dict[str, int] = {}
        self.unique: dict[str, int] = {}  # names no other seated name starts with: safe to take as read
        self.seats: list[Seat] = []
        self.events: list[Event] = []
        self.warnings: list[ParseWarning] = []
        self.skipped: list[SkippedLine] = []
        self.next_line = block.start_line + 1  # the first file line no token has covered yet
        self.street = 3
        self.dealt: set[int] = set()
        self.folded: set[int] = set()
        self.got_seventh: set[int] = set()
        self.river: tuple[int, int, frozenset[int]] | None = None  # (event index, line, seats alive)
        self.community: Card | None | bool = False
        self.shown: dict[int, int] = {}  # seat -> index of its Show/Muck event
        self.ante: int | None = None
        self.bring_in: int | None = None
        self.total: int | None = None
        self.rake: int | None = None
        self.pots: tuple[int, ...] = ()
        self.board: tuple[Card | None, ...] | None = None
        self.table: str | None = None
        self.max_seats: int | None = None

    # -- helpers
    def money(self, text: str, no: int, line: str) -> int:
        cents = _cents(text)
        if cents is not None and cents <= MAX_AMOUNT:
            return cents
        return _money(text, (self.file, no), line)  # _money says what is wrong

    def cards(self, text: str, no: int, line: str) -> tuple[Card | None, ...]:
        """Cards in a bracket; a token that is no card becomes None with a warning (never a guess)."""
        cards = _cards(text)
        if None in cards:
            for tok, card in zip(text.split(), cards):
                if card is None:
                    self.warnings.append(ParseWarning(
                        no, line.rstrip("\n"),
                        f"{tok!r} is not a card (garbled site output): recorded as an unknown card"))
        return cards

    def named(self, m: re.Match[str], group: int, no: int) -> tuple[int, re.Match[str]]:
        """The seat a line names (its ``group``-th field) and the line's fields, read against the seat list.

        The pattern reads the shortest name that the rest of the line fits. When no other seated name
        starts with that name, it is the player: callers look it up in ``unique`` themselves and call
        this only when it is not there. Otherwise the seated names the line starts with are tried
        longest first: the line with that name replaced by a NUL must match the same pattern with the
        NUL as the whole name, and that match's fields are the line's."""
        name = m[group]
        line, start = m[0], m.start(group) - m.start()
        for candidate in sorted(self.seat_of, key=len, reverse=True):
            if line.startswith(candidate, start):
                probe = m.re.match(f"{line[:start]}\0{line[start + len(candidate):]}")
                if probe is not None and probe.end(group) == start + 1:
                    return self.seat_of[candidate], probe
        raise _error((self.file, no), line, f"{name!r} is not seated at this table",
                     "a line naming one of the players of the Seat lines")

    def skip(self, stop: int) -> None:
        """The lines before file line ``stop`` that no token covered (noise) are skipped lines."""
        start, lines = self.block.start_line, self.block.lines
        self.skipped.extend(SkippedLine(no, lines[no - start]) for no in range(self.next_line, stop))

    def showdown(self, seat: int, event: Show | Muck) -> None:
        """One Show or Muck per seat: a later line about the same seat says more, so it replaces."""
        if seat in self.shown:
            self.events[self.shown[seat]] = event
        else:
            self.shown[seat] = len(self.events)
            self.events.append(event)

    # -- one method per terminal: (token, file line of its first line); a composite terminal's methods
    # hand the lines after its first to the method of the run that follows (offset, file line)
    def table_line(self, tok: Token, no: int) -> None:
        """``Table 'NAME' 8-max`` (older hands may add the button seat; stud has no button)."""
        name, max_seats = self.lines["TABLE"].match(tok).groups()  # type: ignore[union-attr]
        self.table = name
        self.max_seats = _seat_number(max_seats, (self.file, no), tok.split("\n", 1)[0]) if max_seats else None

    def table_and_seats(self, tok: Token, no: int) -> None:
        self.table_line(tok, no)
        self.seat_lines(tok, no + 1, tok.index("\n") + 1)

    def seat_run(self, tok: Token, no: int) -> None:
        self.seat_lines(tok, no, 0)

    def seat_lines(self, tok: Token, no: int, start: int) -> None:
        for no, m in enumerate(self.lines["SEATS"].finditer(tok, start), no):
            seat, name, stack, rest = m.groups()
            number = _seat_number(seat, (self.file, no), m[0])
            self.seats.append(Seat(number, name, self.money(stack, no, m[0]), "sitting out" in rest))
            self.seat_of[name] = number

    def seats_done(self) -> None:
        """Which names can be taken as read: those no other seated name starts with (in sorted order,
        a name that starts another is directly followed by one that starts with it)."""
        names = sorted(self.seat_of)
        self.unique = {n: self.seat_of[n] for n, after in zip(names, names[1:] + [""]) if not after.startswith(n)}

    def antes(self, tok: Token, no: int) -> None:
        unique = self.unique
        for no, m in enumerate(self.lines["ANTES"].finditer(tok), no):
            line = m[0]
            name, amount, all_in = m.groups()
            seat = unique.get(name)
            if seat is None:
                seat, m = self.named(m, 1, no)
                _, amount, all_in = m.groups()
            ante = self.money(amount, no, line)
            self.events.append(Action(no, 3, seat, ActionKind.ANTE, ante, None, all_in is not None))
            if all_in is None and self.ante is None:
                self.ante = ante

    def street_line(self, tok: Token, no: int) -> None:
        """A street's line, the deals after it and, for STREETn_BETTING, the betting after those."""
        self.street = _STREET_OF[tok.type]
        self.street_runs(tok, no + 1, tok.index("\n") + 1)

    def river_line(self, tok: Token, no: int) -> None:
        self.street = 7
        end = tok.index("\n") + 1
        shown = self.lines["RIVER"].match(tok, 0, end)[1]  # type: ignore[index]
        if shown is None:
            self.river = (len(self.events), no, frozenset(self.dealt - self.folded))
        else:
            line = tok[:end]
            cards = self.cards(shown, no, line)
            if len(cards) != 1:
                raise _error((self.file, no), line, "the river line shows more than one community card",
                             "'*** RIVER ***' or '*** RIVER *** [card]'")
            self.community = cards[0]
            self.events.append(CommunityCard(no, cards[0]))
        self.street_runs(tok, no + 1, end)

    def street_runs(self, tok: Token, no: int, start: int) -> None:
        """The deals and betting lines of a street's token from offset ``start`` on.

        The token's regex (``LINE DEAL* BETTING_LINE+`` for STREETn_BETTING) takes as many deal lines
        as still leave at least one betting line. So do the deals here, line by line: as long as lines
        read as deals, except that when the deals would reach the end of a token that must end with
        betting, its last line is the betting line (a line that reads both ways, which needs a player
        whose name starts with "Dealt to")."""
        match, size = self.lines["DEALS"].match, len(tok)
        betting_follows = tok.type in _BETTING_STREETS
        while (m := match(tok, start)) is not None and not (betting_follows and m.end() == size):
            self.deal(m, no)
            start = m.end()
            no += 1
        if start < size:
            self.betting(tok, no, start)

    def deal_run(self, tok: Token, no: int) -> None:
        for no, m in enumerate(self.lines["DEALS"].finditer(tok), no):
            self.deal(m, no)

    def deal(self, m: re.Match[str], no: int) -> None:
        line = m[0]
        name, first, new = m.groups()
        seat = self.unique.get(name)
        if seat is None:
            seat, m = self.named(m, 1, no)
            _, first, new = m.groups()
        street = self.street
        if street == 3:
            cards = self.cards(first, no, line)
            if new is not None or len(cards) not in (1, 3):
                raise _error((self.file, no), line, "3rd-street deal with the wrong number of cards",
                             "'Dealt to NAME [door]' or, for yourself, 'Dealt to NAME [down down door]'")
            down = cards[:2] if len(cards) == 3 else (None, None)
            self.events.append(Deal(no, 3, seat, down, cards[-1:]))
            self.dealt.add(seat)
            return
        cards = self.cards(new or "", no, line)
        if new is None or len(cards) != 1:
            raise _error((self.file, no), line, f"{street}th-street deal without exactly one new card",
                         "'Dealt to NAME [earlier cards] [new card]'")
        if street == 7:
            self.got_seventh.add(seat)
            self.events.append(Deal(no, 7, seat, cards))
        else:
            self.events.append(Deal(no, street, seat, (), cards))

    def betting_run(self, tok: Token, no: int) -> None:
        self.betting(tok, no, 0)

    def betting(self, tok: Token, no: int, start: int) -> None:
        """The betting lines of ``tok`` from offset ``start`` on (the first at file line ``no``)."""
        events, street, unique = self.events, self.street, self.unique
        for no, m in enumerate(self.lines["BETTING"].finditer(tok, start), no):
            line = m[0]
            returned, returned_to, marker, name, verb, raised, amount, all_in, checks = m.groups()
            if name is None:  # an uncalled bet or a marker
                if marker is not None:
                    events.append(Marker(no, street, _MARKERS[marker]))
                    continue
                seat_back = self.seat_of.get(returned_to)
                if seat_back is None:
                    raise _error((self.file, no), line, f"{returned_to!r} is not seated at this table",
                                 "a line naming one of the players of the Seat lines")
                events.append(UncalledReturn(no, seat_back, self.money(returned, no, line)))
                continue
            seat = unique.get(name)
            if seat is None:
                seat, m = self.named(m, 4, no)
                verb, raised, amount, all_in, checks = m.groups()[4:]
            if verb is not None:
                kind, paid, to = _PAID[verb], self.money(amount, no, line), None
            elif raised is not None:
                kind, paid, to = ActionKind.RAISE, self.money(raised, no, line), self.money(amount, no, line)
            else:
                kind, paid, to = (ActionKind.CHECK if checks else ActionKind.FOLD), 0, None
            events.append(Action(no, street, seat, kind, paid, to, all_in is not None))
            if kind is ActionKind.FOLD:
                self.folded.add(seat)
            elif kind is ActionKind.BRING_IN and self.bring_in is None:
                self.bring_in = None if all_in else paid

    def showdown_line(self, tok: Token, no: int) -> None:
        """``*** SHOW DOWN ***`` (its place is all it says) and the results that follow it."""
        self.results(tok, no + 1, tok.index("\n") + 1)

    def result_run(self, tok: Token, no: int) -> None:
        self.results(tok, no, 0)

    def results(self, tok: Token, no: int, start: int) -> None:
        """The showdown and pot lines of ``tok`` from offset ``start`` on (the first at file line ``no``)."""
        unique = self.unique
        for no, m in enumerate(self.lines["RESULTS"].finditer(tok, start), no):
            line = m[0]
            _, name, shown, description, mucks, collected, pot = m.groups()
            if name is None:  # "No low hand qualified"
                self.events.append(Marker(no, self.street, "no-low"))
                continue
            seat = unique.get(name)
            if seat is None:
                seat, m = self.named(m, 2, no)
                _, _, shown, description, mucks, collected, pot = m.groups()
            if shown is not None:
                self.showdown(seat, Show(no, seat, self.cards(shown, no, line), description))
            elif mucks is not None:
                self.showdown(seat, Muck(no, seat))
            else:
                self.events.append(Collect(no, seat, self.money(collected, no, line), pot))

    def summary_line(self, tok: Token, no: int) -> None:
        """``*** SUMMARY ***``: its place is all it says, and the grammar has checked it."""

    def summary_seated(self, tok: Token, no: int) -> None:
        """The summary line, the total line and the summary seat lines, without a break."""
        total = self.lines["TOTAL"].match(tok, tok.index("\n") + 1)
        self.total_fields(total, no + 1)  # type: ignore[arg-type]
        self.summary_seats(tok, no + 2, total.end())  # type: ignore[union-attr]

    def total_line(self, tok: Token, no: int) -> None:
        self.total_fields(self.lines["TOTAL"].match(tok), no)  # type: ignore[arg-type]

    def total_fields(self, m: re.Match[str], no: int) -> None:
        line = m[0]
        total, pots, rake = m.groups()
        self.total = self.money(total, no, line)
        self.rake = self.money(rake, no, line)
        self.pots = tuple(self.money(x, no, line) for x in _POT.findall(pots))

    def board_line(self, tok: Token, no: int) -> None:
        (cards,) = self.lines["BOARD"].match(tok).groups()  # type: ignore[union-attr]
        self.board = self.cards(cards, no, tok)

    def summary_seat_run(self, tok: Token, no: int) -> None:
        self.summary_seats(tok, no, 0)

    def summary_seats(self, tok: Token, no: int, start: int) -> None:
        """``Seat N: X mucked [cards]`` reveals a mucked hand: the cards go onto that seat's Muck.
        Every other summary seat line repeats what the hand already said: it is a skipped line."""
        for no, m in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok, start), no):
            seat_text, mucked = m.groups()
            seat = _seat_number(seat_text, (self.file, no), m[0])
            existing = self.shown.get(seat)
            if mucked is None or (existing is not None and isinstance(self.events[existing], Show)):
                self.skipped.append(SkippedLine(no, m[0].rstrip("\n")))
                continue
            at = self.events[existing].line if existing is not None else no
            self.showdown(seat, Muck(at, seat, self.cards(mucked, no, m[0])))  # type: ignore[arg-type]

    # -- the whole hand
    def feed(self, tokens: list[Token]) -> None:
        """Every token in order; the seat list is complete before the first line that names a player."""
        base = self.block.start_line  # Lark's line 1 is the line after the header
        handlers = _HANDLERS
        seating = True
        for tok in tokens:
            kind = tok.type
            if seating and kind not in _SEATING:
                self.seats_done()
                seating = False
            no = base + tok.line
            if no > self.next_line:
                self.skip(no)
            handlers[kind](self, tok, no)
            self.next_line = base + tok.end_line
        self.skip(base + len(self.block.lines))

    def seventh_street(self) -> None:
        """PokerStars prints no 7th-street line for opponents: their down card is dealt all the same."""
        if self.river is None:
            return
        index, no, alive = self.river
        missing = [Deal(no, 7, seat, down=(None,)) for seat in sorted(alive - self.got_seventh)]
        self.events[index:index] = missing
        for seat, i in self.shown.items():
            if i >= index:
                self.shown[seat] = i + len(missing)

    def check_board(self) -> None:
        if self.board is None:
            return
        if self.community is False or self.board != (self.community,):
            self.warnings.append(ParseWarning(
                self.block.start_line, self.block.lines[0],
                f"summary Board {list(self.board)} does not match the community card dealt on the river"))

    def hand(self, header: _Header) -> Hand:
        self.seventh_street()
        self.check_board()
        if header.warning:
            self.warnings.append(ParseWarning(self.block.start_line, self.block.lines[0], header.warning))
        assert header.game is not None
        return Hand(
            site=SITE, site_hand_id=header.hand_id, game=header.game, small_bet=header.small_bet,
            big_bet=header.big_bet, seats=tuple(self.seats), events=tuple(self.events),
            source_file=self.file, source_line=self.block.start_line, mixed=header.mixed, ante=self.ante,
            bring_in=self.bring_in, currency=header.currency, play_money=header.play_money,
            tournament=header.tournament, table=self.table, max_seats=self.max_seats,
            started_at=header.started_at, total_pot=self.total, rake=self.rake, printed_pots=self.pots,
            skipped=tuple(self.skipped), warnings=tuple(self.warnings),
        )


_HANDLERS: dict[str, Any] = {
    **dict.fromkeys(_STREET_OF, _Builder.street_line),
    "TABLE": _Builder.table_line, "TABLE_SEATS": _Builder.table_and_seats, "SEATS": _Builder.seat_run,
    "ANTES": _Builder.antes, "RIVER": _Builder.river_line, "RIVER_BETTING": _Builder.river_line,
    "DEALS": _Builder.deal_run, "BETTING": _Builder.betting_run, "SHOWDOWN": _Builder.showdown_line,
    "RESULTS": _Builder.result_run, "SUMMARY": _Builder.summary_line, "SUMMARY_SEATED": _Builder.summary_seated,
    "TOTAL": _Builder.total_line, "BOARD": _Builder.board_line, "SUMMARY_SEATS": _Builder.summary_seat_run,
}
"""The method for each terminal of the grammar; every one takes (token, file line of its first line)."""


def parse_hand(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
    """One PokerStars hand: a Hand, a NotStudHand (other game of a mixed file) or a ParseError."""
    header_line = block.lines[0]
    try:
        header = _read_header(header_line, (source_file, block.start_line))
        if header.game is None:
            return NotStudHand(source_file, block.start_line, SITE, header.printed_game)
        grammar = _grammar()
        body = block.lines[1:]
        try:
            tokens: Any = grammar.lark.parse("\n".join(body) + "\n" if body else "")
        except UnexpectedInput as err:
            return _lark_error(err, block, source_file)
        builder = _Builder(block, source_file, grammar.lines)
        builder.feed(tokens)
        return builder.hand(header)
    except ParseError as err:
        return err
