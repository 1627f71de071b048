"""PokerStars stud-family hands: header regex, Lark parse of the body (grammars/pokerstars.lark), and
the mapping of each line onto the hand model.

Three steps per hand, each with one job:

1. The header line is read with one regex before anything else, so that a hold'em or draw hand of a
   mixed-game file becomes a :class:`NotStudHand` without its body being parsed.
2. Lark (LALR, contextual lexer, one terminal per line kind) checks the order of the lines; its
   inline transformer pulls the fields out of every line with one compiled regex per line kind.
3. :class:`_Builder` turns those fields into events: it resolves printed names against the seat list,
   parses amounts and cards, and adds what PokerStars leaves implicit (opponents' unseen 7th cards).

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

_DATE_FIELDS = re.compile(r"[/ :]")
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


def _read_header(text: str, where: tuple[str, int]) -> _Header:
    m = _HEADER.fullmatch(text)
    if m is None:
        raise _error(where, text, "not a PokerStars hand header",
                     "'PokerStars Hand #ID: GAME (STAKES) - YYYY/MM/DD H:MM:SS ET'")
    printed, mixed = m["game"], None
    w = _WRAPPED.fullmatch(printed)
    if w and not _LIMIT.fullmatch(w["wrapper"]):
        mixed, inner = w["wrapper"], w["inner"]
        game_text, _, stakes = inner.partition(", ")
    else:
        p = _PLAIN.fullmatch(printed)
        if p is None:
            raise _error(where, text, f"game {printed!r} not understood",
                         "'GAME Limit (STAKES)' or 'MIX (GAME Limit[, STAKES])'")
        game_text, stakes = p["game"], p["stakes"] or ""
    lim = _LIMIT.fullmatch(game_text)
    game = _GAMES.get(lim["name"].lower()) if lim and lim["limit"].lower() == "limit" else None
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
        y, mo, d, h, mi, sec = map(int, _DATE_FIELDS.split(date))
        started = datetime(y, mo, d, h, mi, sec, tzinfo=zone)
    return _Header(m["id"], game, game_text, mixed, small, big, currency, play_money, tournament,
                   started, warning)


# ------------------------------------------------------------------------------- line fields

_M = r"[$€£]?[\d,.]+"
_ALLIN = r"(?P<allin> and is all-in)?\n"


@dataclass(frozen=True, slots=True)
class _Named:
    """A line kind that names a player: ``prefix`` + name + ``suffix`` (the exact rest of the line).

    ``full`` matches the name lazily; when that shortest reading is not certainly a seated name, the
    seat list decides (see :meth:`_Builder.named`)."""

    prefix: str
    suffix: re.Pattern[str]
    full: re.Pattern[str]


def _named(prefix: str, suffix: str) -> _Named:
    return _Named(prefix, re.compile(suffix), re.compile(re.escape(prefix) + "(?P<name>.+?)" + suffix))


_NAMED: dict[str, _Named] = {
    "ANTE": _named("", rf": posts the ante (?P<amount>{_M}){_ALLIN}"),
    "BRING_IN": _named("", rf": brings in for (?P<amount>{_M}){_ALLIN}"),
    "BET": _named("", rf": bets (?P<amount>{_M}){_ALLIN}"),
    "CALL": _named("", rf": calls (?P<amount>{_M}){_ALLIN}"),
    "RAISE": _named("", rf": raises (?P<amount>{_M}) to (?P<to>{_M}){_ALLIN}"),
    "CHECK": _named("", r": checks\n"),
    "FOLD": _named("", r": folds(?: \[[^\]\n]*\])?\n"),
    "SHOWS": _named("", r": shows \[(?P<cards>[^\]\n]*)\](?: \((?P<desc>[^\n]*)\))?\n"),
    "MUCKS": _named("", r": mucks hand\n"),
    "DOESNT_SHOW": _named("", r": doesn't show hand\n"),
    "COLLECT": _named("", rf" collected (?P<amount>{_M}) from (?P<pot>(?:main |side )?pot(?:-\d+)?)\n"),
    "DEAL": _named("Dealt to ", r" \[(?P<a>[^\]\n]*)\](?: \[(?P<b>[^\]\n]*)\])?\n"),
}
_PLAIN_LINES: dict[str, re.Pattern[str]] = {
    "SEAT": re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_M}) in chips[^)\n]*\)(?P<rest>[^\n]*)\n"),
    "RIVER": re.compile(r"\*\*\* RIVER \*\*\*(?: \[(?P<cards>[^\]\n]*)\])?\n"),
    "UNCALLED": re.compile(rf"Uncalled bet \((?P<amount>{_M})\) returned to (?P<name>[^\n]+)\n"),
    "TOTAL": re.compile(rf"Total pot (?P<total>{_M})(?P<pots>(?: (?:Main|Side) pot(?:-\d+)? {_M}\.)*)"
                        rf" \| Rake (?P<rake>{_M})[^\n]*\n"),
    "BOARD": re.compile(r"Board \[(?P<cards>[^\]\n]*)\]\n"),
    "SUMMARY_SEAT": re.compile(r"Seat (?P<seat>\d+): [^\n]* mucked \[(?P<cards>[^\]\n]*)\]\n"),
}
_POT = re.compile(rf"(?:Main|Side) pot(?:-\d+)? ({_M})\.")
_LINE_FIELDS: dict[str, re.Pattern[str]] = {**{k: v.full for k, v in _NAMED.items()}, **_PLAIN_LINES}

_Record = tuple[str, int, "re.Match[str] | None", str]
"""(line kind, line within the hand, fields or None, line text with its newline)."""


_RUNS = frozenset({"SEAT", "ANTE", "DEAL", "SUMMARY_SEAT"})
"""Line kinds whose consecutive lines the grammar matches as one token (see pokerstars.lark)."""


class _Lines:
    """Inline transformer: the flat list of line tokens becomes one record per line, with its fields.

    A plain class rather than a ``lark.Transformer``: Lark then builds the inlined helper rules with
    its tree class directly instead of calling ``Transformer.__default__`` for each (~7% faster)."""

    def start(self, tokens: list[Token]) -> list[_Record]:
        get = _LINE_FIELDS.get
        out: list[_Record] = []
        for tok in tokens:
            kind, rx = tok.type, get(tok.type)
            if kind in _RUNS:
                for i, line in enumerate(str(tok).splitlines(keepends=True)):
                    out.append((kind, tok.line + i, rx.match(line) if rx else None, line))
            else:
                out.append((kind, tok.line, rx.match(tok) if rx else None, str(tok)))
        return out


@cache
def _parser() -> Lark:
    """The compiled grammar, built once per process (worker processes each build their own)."""
    grammar = files("studbook.grammars").joinpath("pokerstars.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", transformer=_Lines())


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


def _money(text: str, where: tuple[str, int], line: str) -> int:
    cents = _cents(text)
    if cents is None:
        raise _error(where, line, f"{text!r} is not an amount", "an amount like 1,500 or $0.04")
    return cents


def _error(where: tuple[str, int], text: str, message: str, expected: str) -> ParseError:
    return ParseError(where[0], where[1], text.rstrip("\n"), expected, message)


_WORDS: dict[str, str] = {
    "HEADER": "the header line", "TABLE": "the table line (\"Table 'NAME' 8-max\")",
    "SEAT": "a seat line ('Seat 1: NAME ($1.57 in chips)')", "ANTE": "an ante ('NAME: posts the ante AMOUNT')",
    "STREET3": "'*** 3rd STREET ***'", "STREET4": "'*** 4th STREET ***'", "STREET5": "'*** 5th STREET ***'",
    "STREET6": "'*** 6th STREET ***'", "RIVER": "'*** RIVER ***'", "DEAL": "a deal ('Dealt to NAME [Kc]')",
    "BRING_IN": "a bring-in ('NAME: brings in for AMOUNT')", "BET": "'NAME: bets AMOUNT'",
    "CALL": "'NAME: calls AMOUNT'", "RAISE": "'NAME: raises X to Y'", "CHECK": "'NAME: checks'",
    "FOLD": "'NAME: folds'", "UNCALLED": "'Uncalled bet (AMOUNT) returned to NAME'",
    "DOUBLE_BET": "'Pair on board - a double bet is allowed'", "CAPPED": "'Betting is capped'",
    "SHOWDOWN": "'*** SHOW DOWN ***'", "SHOWS": "'NAME: shows [cards] (hand)'", "MUCKS": "'NAME: mucks hand'",
    "DOESNT_SHOW": "'NAME: doesn't show hand'", "COLLECT": "'NAME collected AMOUNT from pot'",
    "NO_LOW": "'No low hand qualified'", "SUMMARY": "'*** SUMMARY ***'",
    "TOTAL": "'Total pot AMOUNT | Rake AMOUNT'", "BOARD": "'Board [card]'",
    "SUMMARY_SEAT": "a summary seat line ('Seat 1: NAME folded on the 3rd Street')",
}
_ORDER = {name: i for i, name in enumerate(_WORDS)}


def _expected(names: set[str] | frozenset[str]) -> str:
    known = sorted((n for n in names if n in _WORDS), key=_ORDER.__getitem__)
    return "one of " + ", ".join(_WORDS[n] for n in known) if known else "the end of the hand"


def _lark_error(err: UnexpectedInput, block: HandText, source_file: str) -> ParseError:
    """Turn Lark's complaint into a ParseError pointing at the file line."""
    last = len(block.lines)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        rel, message = last, "the hand ends here, before its summary is complete (cut off?)"
        expected = _expected(err.expected)
    elif isinstance(err, UnexpectedToken):
        rel = err.token.line or last
        message = f"{_WORDS.get(err.token.type, err.token.type)} is out of place here"
        expected = _expected(err.expected)
    elif isinstance(err, UnexpectedCharacters):
        rel = err.line
        message = "not a PokerStars line that can come here"
        expected = _expected(err.allowed)
    else:
        rel, message, expected = last, str(err), "a complete PokerStars hand"
    rel = min(max(rel, 1), last)
    return ParseError(source_file, block.start_line + rel - 1, block.lines[rel - 1], expected, message)


# ------------------------------------------------------------------------------------ the builder

_STREET_OF = {"STREET3": 3, "STREET4": 4, "STREET5": 5, "STREET6": 6, "RIVER": 7}
_ACTIONS = {
    "ANTE": ActionKind.ANTE, "BRING_IN": ActionKind.BRING_IN, "BET": ActionKind.BET,
    "CALL": ActionKind.CALL, "RAISE": ActionKind.RAISE, "CHECK": ActionKind.CHECK, "FOLD": ActionKind.FOLD,
}
_MARKERS = {"DOUBLE_BET": "double-bet", "CAPPED": "capped", "NO_LOW": "no-low"}


class _Builder:
    """Turns the records of one hand into a Hand. One instance per hand; nothing outlives it."""

    def __init__(self, block: HandText, source_file: str) -> None:
        self.block = block
        self.file = source_file
        self.seat_of: dict[str, int] = {}
        self.longest_first: list[str] = []
        self.unique: dict[str, int] = {}  # names no other seated name starts with: safe to take as read
        self.seats: list[Seat] = []
        self.events: list[Event] = []
        self.warnings: list[ParseWarning] = []
        self.used: set[int] = set()  # file lines that became part of the hand (not skipped)
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
        return _money(text, (self.file, no), line)

    def cards(self, text: str, no: int, line: str) -> tuple[Card | None, ...]:
        """Cards in a bracket; a token that is no card becomes None with a warning (never a guess)."""
        tokens = text.split()
        cards = tuple(map(CARD_BY_TEXT.get, tokens))
        if None in cards:
            for tok, card in zip(tokens, cards):
                if card is None:
                    self.warnings.append(ParseWarning(
                        no, line.rstrip("\n"),
                        f"{tok!r} is not a card (garbled site output): recorded as an unknown card"))
        return cards

    def named(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> tuple[int, re.Match[str]]:
        """The seat a line names and the line's fields, the name read against the seat list."""
        if m is not None:
            seat = self.unique.get(m["name"])
            if seat is not None:
                return seat, m
        spec = _NAMED[kind]
        start = len(spec.prefix)
        for name in self.longest_first:
            if line.startswith(name, start):
                sm = spec.suffix.match(line, start + len(name))
                if sm is not None:
                    return self.seat_of[name], sm
        if m is None:
            raise _error((self.file, no), line, "line not understood", _WORDS[kind])
        raise _error((self.file, no), line, f"{m['name']!r} is not seated at this table",
                     "a line naming one of the players of the Seat lines")

    # -- line kinds
    def table_line(self, line: str) -> None:
        """``Table 'NAME' 8-max`` (older hands may add the button seat; stud has no button)."""
        m = re.fullmatch(r"Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?P<rest>[^\n]*)\n", line)
        if m:
            self.table = m["name"]
            self.max_seats = int(m["max"]) if m["max"] else None

    def seat_line(self, m: re.Match[str], no: int, line: str) -> None:
        seat, name = int(m["seat"]), m["name"]
        self.seats.append(Seat(seat, name, self.money(m["stack"], no, line), "sitting out" in m["rest"]))
        self.seat_of[name] = seat

    def seats_done(self) -> None:
        names = list(self.seat_of)
        self.longest_first = sorted(names, key=len, reverse=True)
        self.unique = {n: s for n, s in self.seat_of.items() if not any(o != n and o.startswith(n) for o in names)}

    def action(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        seat, f = self.named(kind, m, no, line)
        akind = _ACTIONS[kind]
        if akind is ActionKind.CHECK or akind is ActionKind.FOLD:
            amount, to, all_in = 0, None, False
        else:
            amount, all_in = self.money(f["amount"], no, line), f["allin"] is not None
            to = self.money(f["to"], no, line) if akind is ActionKind.RAISE else None
        self.events.append(Action(no, self.street, seat, akind, amount, to, all_in))
        if akind is ActionKind.ANTE and not all_in and self.ante is None:
            self.ante = amount
        elif akind is ActionKind.BRING_IN and self.bring_in is None:
            self.bring_in = None if all_in else amount
        elif akind is ActionKind.FOLD:
            self.folded.add(seat)

    def street_line(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        self.street = _STREET_OF[kind]
        if kind != "RIVER":
            return
        assert m is not None  # the RIVER terminal and its field pattern accept the same lines
        if m["cards"] is not None:
            cards = self.cards(m["cards"], no, line)
            if len(cards) != 1:
                raise _error((self.file, no), line, "the river line shows more than one community card",
                             "'*** RIVER ***' or '*** RIVER *** [card]'")
            self.community = cards[0]
            self.events.append(CommunityCard(no, cards[0]))
        else:
            self.river = (len(self.events), no, frozenset(self.dealt - self.folded))

    def deal(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        seat, f = self.named(kind, m, no, line)
        first, new = f["a"], f["b"]
        if self.street == 3:
            cards = self.cards(first, no, line)
            if new is not None or len(cards) not in (1, 3):
                raise _error((self.file, no), line, "3rd-street deal with the wrong number of cards",
                             "'Dealt to NAME [door]' or, for yourself, 'Dealt to NAME [down down door]'")
            down = cards[:2] if len(cards) == 3 else (None, None)
            self.events.append(Deal(no, 3, seat, down=down, up=cards[-1:]))
            self.dealt.add(seat)
            return
        cards = self.cards(new or "", no, line)
        if new is None or len(cards) != 1:
            raise _error((self.file, no), line, f"{self.street}th-street deal without exactly one new card",
                         "'Dealt to NAME [earlier cards] [new card]'")
        if self.street == 7:
            self.got_seventh.add(seat)
            self.events.append(Deal(no, 7, seat, down=cards))
        else:
            self.events.append(Deal(no, self.street, seat, up=cards))

    def showdown(self, seat: int, event: Show | Muck) -> None:
        """One Show or Muck per seat: a later line about the same seat says more, so it replaces."""
        if seat in self.shown:
            self.events[self.shown[seat]] = event
        else:
            self.shown[seat] = len(self.events)
            self.events.append(event)

    def result(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        seat, f = self.named(kind, m, no, line)
        if kind == "SHOWS":
            self.showdown(seat, Show(no, seat, self.cards(f["cards"], no, line), f["desc"]))
        elif kind == "COLLECT":
            self.events.append(Collect(no, seat, self.money(f["amount"], no, line), f["pot"]))
        else:
            self.showdown(seat, Muck(no, seat))

    def structure(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        """``*** SHOW DOWN ***``, ``*** SUMMARY ***``: their place is all they say, and the grammar
        has checked it."""

    def marker(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        self.events.append(Marker(no, self.street, _MARKERS[kind]))

    def uncalled(self, kind: str, m: re.Match[str], no: int, line: str) -> None:
        seat = self.seat_of.get(m["name"])
        if seat is None:
            raise _error((self.file, no), line, f"{m['name']!r} is not seated at this table",
                         "a line naming one of the players of the Seat lines")
        self.events.append(UncalledReturn(no, seat, self.money(m["amount"], no, line)))

    def total_line(self, kind: str, m: re.Match[str], no: int, line: str) -> None:
        self.total = self.money(m["total"], no, line)
        self.rake = self.money(m["rake"], no, line)
        self.pots = tuple(self.money(x, no, line) for x in _POT.findall(m["pots"]))

    def board_line(self, kind: str, m: re.Match[str], no: int, line: str) -> None:
        self.board = self.cards(m["cards"], no, line)

    def summary_seat(self, kind: str, m: re.Match[str] | None, no: int, line: str) -> None:
        """``Seat N: X mucked [cards]`` reveals a mucked hand: the cards go onto that seat's Muck.
        Every other summary seat line repeats what the hand already said: it is a skipped line."""
        existing = self.shown.get(int(m["seat"])) if m is not None else None
        if m is None or (existing is not None and isinstance(self.events[existing], Show)):
            self.used.discard(no)
            return
        seat = int(m["seat"])
        cards = self.cards(m["cards"], no, line)
        at = self.events[existing].line if existing is not None else no
        self.showdown(seat, Muck(at, seat, cards))  # type: ignore[arg-type]

    # -- the whole hand
    def feed(self, records: list[_Record]) -> None:
        base = self.block.start_line - 1
        self.used = {base + rec[1] for rec in records}
        first = 0
        for first, (kind, rel, m, line) in enumerate(records):  # noqa: B007 - `first` is used below
            if kind == "SEAT":
                assert m is not None  # the SEAT terminal and its field pattern accept the same lines
                self.seat_line(m, base + rel, line)
            elif kind == "TABLE":
                self.table_line(line)
            elif kind != "HEADER":
                break
        self.seats_done()
        handlers = _HANDLERS
        for kind, rel, m, line in records[first:]:
            handlers[kind](self, kind, m, base + rel, line)

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
        skipped = tuple(SkippedLine(no, text) for no, text in enumerate(self.block.lines, self.block.start_line)
                        if no not in self.used)
        assert header.game is not None
        return Hand(
            site=SITE, site_hand_id=header.hand_id, game=header.game, small_bet=header.small_bet,
            big_bet=header.big_bet, seats=tuple(self.seats), events=tuple(self.events),
            source_file=self.file, source_line=self.block.start_line, mixed=header.mixed, ante=self.ante,
            bring_in=self.bring_in, currency=header.currency, play_money=header.play_money,
            tournament=header.tournament, table=self.table, max_seats=self.max_seats,
            started_at=header.started_at, total_pot=self.total, rake=self.rake, printed_pots=self.pots,
            skipped=skipped, warnings=tuple(self.warnings),
        )


_HANDLERS: dict[str, Any] = {
    **dict.fromkeys(_ACTIONS, _Builder.action),
    **dict.fromkeys(_STREET_OF, _Builder.street_line),
    **dict.fromkeys(("SHOWS", "MUCKS", "DOESNT_SHOW", "COLLECT"), _Builder.result),
    **dict.fromkeys(_MARKERS, _Builder.marker),
    "DEAL": _Builder.deal, "UNCALLED": _Builder.uncalled, "TOTAL": _Builder.total_line,
    "BOARD": _Builder.board_line, "SUMMARY_SEAT": _Builder.summary_seat,
    "SHOWDOWN": _Builder.structure, "SUMMARY": _Builder.structure,
}
"""The method for each line kind after the seats; every one takes (kind, fields, file line, text)."""


def parse_hand(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
    """One PokerStars hand: a Hand, a NotStudHand (other game of a mixed file) or a ParseError."""
    header_line = block.lines[0]
    try:
        header = _read_header(header_line, (source_file, block.start_line))
        if header.game is None:
            return NotStudHand(source_file, block.start_line, SITE, header.printed_game)
        try:
            records: Any = _parser().parse("\n".join(block.lines) + "\n")
        except UnexpectedInput as err:
            return _lark_error(err, block, source_file)
        builder = _Builder(block, source_file)
        builder.feed(records)
        return builder.hand(header)
    except ParseError as err:
        return err
