"""The site-reader seam: everything a text hand-history reader needs that is not about one site.

A text site is three things (docs/adding-a-site.md): a Lark grammar of the body of one hand
(``parsers/sites/<site>/grammar.lark``, whose line patterns name their fields), a header reader (one regex:
what game, stakes, time, tournament), and a builder with one handler per terminal of the grammar, each
declared once with :func:`line_kind` (whether it is a run, what it is in words). This module supplies the
rest, once for every site:

* :func:`load_grammar` compiles a builder's grammar for the LALR parser with the contextual lexer, checks
  it against the builder's declarations (every terminal handled, every field named, so the grammar and
  the builder cannot drift apart), and hands Lark the patterns without their captures, which its lexer
  would otherwise track at every repetition of a run; a hand's body is then parsed with Lark's tables
  by :class:`~studbook.parsers.lineparse.LineParser`, without Lark's per-call setup, which for ~7 tokens
  a hand costs more than the matching;
* :func:`lark_error` turns Lark's complaint into a :class:`ParseError` at the file line, with what was
  found and the lines that could have come there, in the site's own words;
* :class:`SiteBuilder` holds the seat list and resolves printed names against it (names contain spaces,
  colons, brackets and other players' names), reads amounts and cards, records noise lines as skipped,
  runs the handler table over the tokens, and assembles the :class:`~studbook.engine.model.Hand`;
* :func:`read_text_hand` is a site's whole ``parse_hand`` (:meth:`SiteBuilder.parse_hand` calls it with
  the builder's own header reader and grammar): header first (so a hold'em hand of a
  mixed-game file becomes a :class:`NotStudHand` without its body being parsed), then grammar, then
  builder; every :class:`ParseError` raised on the way becomes the hand's result.

Why line terminals: the cost of Lark follows the number of tokens per hand (ARCHITECTURE's performance
budget); whole lines and runs of lines keep a hand at ~10 tokens while the grammar still says in which
order the line kinds may come.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field, replace
from datetime import datetime, tzinfo
from functools import cached_property, lru_cache
from operator import itemgetter
from importlib.resources import files
from types import FunctionType
from typing import Any, Callable, ClassVar, Iterator, Mapping, TypeVar
from zoneinfo import ZoneInfo

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, TerminalDef

from ..engine.betting import StreetLedger
from ..engine.cards import CARD_BY_TEXT, Card
from ..engine.games import RULES, GameRules
from ..engine.model import Action, ActionKind, Deal, Event, Game, Hand, Money, Muck, ParseWarning, Seat, Show
from ..engine.model import CommunityCard, SkippedLine, Tournament, UncalledReturn, direct_init
from .amounts import MAX_AMOUNT, MAX_SEAT, amount_problem, seat_problem
from .currencies import SIGN
from .errors import NotStudHand, ParseError, reader_failure
from .lineparse import LineParser
from .reading import HandText
from .unknown_lines import tolerated

__all__ = [
    "Handler",
    "HandHeader",
    "KIND_WORDS",
    "LineGrammar",
    "LineKind",
    "SiteBuilder",
    "cents",
    "deals_from_showdown",
    "lark_error",
    "line_kind",
    "line_pattern",
    "load_grammar",
    "local_time",
    "site_time",
    "read_amount",
    "read_text_hand",
    "where_error",
    "without_captures",
]

Where = tuple[str, int]
"""(file, 1-based line): where a header or line was read, for errors."""

# --------------------------------------------------------------------------------- the header


@dataclass(frozen=True, slots=True)
class HandHeader:
    """What a site's header line says. ``game`` is None for a game outside the stud family (the hand
    becomes a :class:`NotStudHand` named by ``printed_game``); ``warning`` is a problem the hand is kept
    with (an unknown time zone, say)."""

    hand_id: str
    game: Game | None
    printed_game: str
    mixed: str | None = None
    small_bet: Money = 0
    big_bet: Money = 0
    currency: str | None = None
    play_money: bool = False
    tournament: Tournament | None = None
    started_at: datetime | None = None
    warning: str | None = None
    ante: Money | None = None
    table: str | None = None
    max_seats: int | None = None
    reason: str | None = None
    """Why a hand with ``game=None`` is skipped when it is a stud game the engine does not know yet
    (Five Card Stud): carried onto the :class:`NotStudHand`."""


direct_init(HandHeader)  # one per hand, of 16 fields: see engine/model.py's direct_init for why


def where_error(where: Where, text: str, message: str, expected: str) -> ParseError:
    """A :class:`ParseError` at ``where`` about the line ``text``."""
    return ParseError(where[0], where[1], text.rstrip("\n"), expected, message)


# -------------------------------------------------------------------------------- amounts, times

_MONEY = re.compile(SIGN + r"?(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,2}))?[€£]?")


@lru_cache(maxsize=4096)
def cents(text: str) -> int | None:
    """``$0.04`` -> 4, ``1,500`` -> 150000, ``5€`` -> 500: hundredths of the printed unit, exactly; None if
    ``text`` is no amount. Cached: a file repeats the same few stakes-sized amounts thousands of times."""
    m = _MONEY.fullmatch(text)
    if m is None:
        return None
    frac = m["frac"] or ""
    return int(m["whole"].replace(",", "")) * 100 + int(frac.ljust(2, "0"))


def read_amount(text: str, where: Where, line: str) -> Money:
    """An amount in hundredths, or a ParseError at ``where``: ``text`` is no amount, or one beyond
    :data:`~studbook.parsers.amounts.MAX_AMOUNT` (which no column or sum could hold)."""
    value = cents(text)
    if value is None:
        raise where_error(where, line, f"{text!r} is not an amount", "an amount like 1,500 or $0.04")
    problem = amount_problem(value)
    if problem is not None:
        raise where_error(where, line, problem, "an amount like 1,500 or $0.04")
    return value


_SEAT_NUMBERS = {str(n): n for n in range(MAX_SEAT + 2) if seat_problem(n) is None}
"""Every seat number :func:`~studbook.parsers.amounts.seat_problem` accepts, as sites print it: a seat
line's number is one look-up (:meth:`SiteBuilder.seat_number`; ~8 a hand) instead of ``int`` and a
call of ``seat_problem``, which are left for any other text."""


@lru_cache(maxsize=4096)
def _cards(text: str) -> tuple[Card | None, ...]:
    """The cards of a bracket's blank-separated text, None for a token that is no card. Cached like
    amounts: door cards and single new cards are a few hundred texts."""
    return tuple(map(CARD_BY_TEXT.get, text.split()))


_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "CST": "America/Chicago",
    "CDT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "HKT": "Asia/Hong_Kong",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}
"""The time-zone abbreviations sites print, as IANA zones (``CCT`` is China Coast Time)."""


@lru_cache(maxsize=64)
def _zone(abbreviation: str) -> ZoneInfo | None:
    name = _ZONES.get(abbreviation.upper())
    return ZoneInfo(name) if name else None


def local_time(
    fields: tuple[int, int, int, int, int, int], zone: str | tzinfo | None, where: Where, text: str
) -> tuple[datetime | None, str | None]:
    """``(y, mo, d, h, mi, s)`` in the zone a site abbreviates as ``zone`` (or prints as an offset,
    given as a ``tzinfo``): the aware time, or None and a warning for a zone nobody knows (the hand is
    kept; its start time is unknown). ``zone`` None is a site that prints no zone at all: the time is
    returned as printed, without a zone, and the site places it in the zone it is known to print in
    (:attr:`~.site.Site.local_zone`, or the user's ``--site-timezone``) before the hand leaves the
    parser. An impossible date or time (2026/02/30, 25:00:00) is a ParseError at ``where`` about the
    header line ``text``: the hand cannot be placed in time, and a datetime cannot even be made of it."""
    tz = zone if zone is None or isinstance(zone, tzinfo) else _zone(zone)
    if tz is None and zone is not None:
        return None, f"unknown time zone {zone!r}: start time left unknown"
    try:
        return datetime(*fields, tzinfo=tz), None
    except ValueError as exc:
        y, mo, d, h, mi, sec = fields
        raise where_error(
            where,
            text,
            f"the date {y:04}/{mo:02}/{d:02} {h}:{mi:02}:{sec:02} is impossible ({exc})",
            "a real date and time, 'YYYY/MM/DD H:MM:SS'",
        ) from None


def site_time(
    date: str, time: str, zone: str | tzinfo | None, where: Where, text: str
) -> tuple[datetime | None, str | None]:
    """A printed date (``YYYY/MM/DD`` or ``YYYY-MM-DD``) and time (``H:MM:SS``) in ``zone``, as
    :func:`local_time` reads them: the one place every site's header times are read."""
    y, mo, d = map(int, _DATE_PARTS.split(date))
    h, mi, s = map(int, time.split(":"))
    return local_time((y, mo, d, h, mi, s), zone, where, text)


_DATE_PARTS = re.compile(r"[/-]")


# --------------------------------------------------------------------------------- the grammar


@dataclass(frozen=True, slots=True)
class LineGrammar:
    """A site's compiled grammar: Lark, the capturing regex of one line of each terminal with fields, and
    each terminal in words (what it is, example lines) for error messages, in the grammar's order."""

    site_name: str
    lark: Lark
    lines: Mapping[str, re.Pattern[str]]
    words: Mapping[str, tuple[str, str]]
    parser: LineParser
    """Parses a hand's body with ``lark``'s tables and lexer, without Lark's per-call setup."""
    getters: dict[tuple[str, tuple[str, ...]], Callable[[tuple[Any, ...]], tuple[Any, ...]]] = field(
        default_factory=dict
    )
    """The field getters builders asked for (:meth:`SiteBuilder.fields`), made once per process."""


def line_pattern(grammar_file: str, terminal: str, value: str, run: bool) -> re.Pattern[str] | None:
    """The regex of one line of ``terminal`` (whose grammar regex is ``value``), whose named groups are
    the fields a builder reads; None for a terminal made of several line kinds that name a field alike
    (a street line and its deals): its handler reads each line with its parts' patterns.

    A run (``RUN: LINE+``) compiles to ``(?:LINE)+``; its one line is the inside. Every capturing group
    must have a name: a builder reads a field by its name (``m["amount"]``), so a field added to a line
    cannot shift the others."""
    if run:
        if not (value.startswith("(?:") and value.endswith(")+")):
            raise ValueError(
                f"{grammar_file}: {terminal} should be written '{terminal}: LINE+', "
                f"compiled to (?:LINE)+, not {value!r}"
            )
        value = value[3:-2]
    try:
        pattern = re.compile(value)
    except re.error as err:
        if "redefinition of group name" in str(err):
            return None
        raise
    if pattern.groups != len(pattern.groupindex):
        raise ValueError(
            f"{grammar_file}: {terminal} has {pattern.groups - len(pattern.groupindex)} capturing groups "
            f"without a name: write each field as (?P<field>...), other groupings as (?:...)"
        )
    return pattern


def without_captures(pattern: str) -> str:
    """``pattern`` with every capturing group made non-capturing (``(x)`` and ``(?P<n>x)`` become
    ``(?:x)``); escapes and character classes are left alone.

    Why: Lark only needs to know where a token ends, and captures inside the repeated line pattern of a
    run slow its lexer down (the regex engine keeps their marks at every repetition); the builder reads
    the fields with the capturing originals."""
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


_EXAMPLES = re.compile(r"^// e\.g\. (?P<examples>.+)\n(?P<terminal>[A-Z][A-Z0-9_]*)(?:\.-?\d+)?\s*:", re.M)


def grammar_examples(text: str) -> dict[str, str]:
    """The example lines a grammar gives its terminals: a ``// e.g. 'Seat 1: NAME ($1.57)'`` comment on
    the line just above a terminal's definition. They are what an error message shows as the lines that
    could have come, and the grammar is where a reader of the format looks for them."""
    return {m["terminal"]: m["examples"] for m in _EXAMPLES.finditer(text)}


def load_grammar(builder: type[SiteBuilder]) -> LineGrammar:
    """Compile the grammar of ``builder`` (its ``GRAMMAR`` file, beside the module that defines it, in its
    site's folder) for LALR with the contextual lexer, the flat token list as result.

    ``builder.KINDS`` (its :func:`line_kind` declarations) says which terminals are runs and how each reads
    in words; a terminal the grammar can produce without a handler, or a handler of a terminal the
    grammar does not have, is refused here, so the grammar and the builder cannot drift apart. Reached
    through :meth:`SiteBuilder.line_grammar`, which builds it once per process (worker processes each
    build their own)."""
    module, grammar_file, kinds = builder.__module__, builder.GRAMMAR, builder.KINDS
    package = module.rpartition(".")[0]
    text = files(package).joinpath(grammar_file).read_text(encoding="utf-8")
    originals: dict[str, str] = {}

    def strip_captures(terminal: TerminalDef) -> None:
        if isinstance(terminal.pattern, PatternRE):
            originals[terminal.name] = terminal.pattern.value
            terminal.pattern = PatternRE(without_captures(terminal.pattern.value), terminal.pattern.flags)

    lark = Lark(
        text,
        parser="lalr",
        lexer="contextual",
        transformer=_Tokens(),
        edit_terminals=strip_captures,
        import_paths=[_GrammarFiles()],
    )
    folder = "/".join(package.split(".")[1:])  # studbook.parsers.sites.x -> parsers/sites/x
    where = f"{folder}/{grammar_file}"
    produced = [t.name for t in lark.terminals if t.name not in lark.ignore_tokens]
    unhandled = [t for t in produced if t not in kinds]
    unknown = [t for t, kind in kinds.items() if t not in produced and not kind.offered]
    if unhandled or unknown:
        raise ValueError(
            f"{where} and {module}.{builder.__name__} disagree: "
            + "; ".join(
                part
                for part in (
                    f"no @line_kind handler for {', '.join(unhandled)}" if unhandled else "",
                    f"no terminal {', '.join(unknown)} in the grammar" if unknown else "",
                )
                if part
            )
        )
    lines = {}
    for terminal, kind in kinds.items():
        if terminal in originals:
            pattern = line_pattern(where, terminal, originals[terminal], kind.run)
            if pattern is not None and pattern.groups:
                lines[terminal] = pattern
    examples = grammar_examples(text)
    words = {t: (kinds[t].what, examples.get(t, "")) for t in produced}  # the grammar's order: errors list so
    return LineGrammar(builder.NAME, lark, lines, words, LineParser(lark))


@lru_cache(maxsize=None)
def _compiled(builder: type[SiteBuilder]) -> LineGrammar:
    return load_grammar(builder)


class _GrammarFiles:
    """Lets a site grammar ``%import common.NAME`` from ``grammars/common.lark`` (package data, so it
    works from a wheel as well as from the source tree)."""

    def __call__(self, base_path: object, grammar_path: str) -> tuple[str, str]:
        return grammar_path, files("studbook.grammars").joinpath(grammar_path).read_text(encoding="utf-8")


class _Tokens:
    """Inline transformer that keeps the flat list of line tokens. A plain class rather than a
    ``lark.Transformer``: Lark then builds the inlined helper rules with its tree class directly instead
    of calling ``Transformer.__default__`` for each, a call per rule reduced saved."""

    def start(self, tokens: list[Token]) -> list[Token]:
        return tokens


def _expected(grammar: LineGrammar, names: set[str] | frozenset[str]) -> str:
    words = grammar.words
    order = {name: i for i, name in enumerate(words)}
    known = sorted((n for n in names if n in words), key=order.__getitem__)
    described = dict.fromkeys(f"{what} ({lines})" if lines else what for what, lines in map(words.__getitem__, known))
    return "one of " + ", ".join(described) if known else "the end of the hand"


def lark_error(
    err: UnexpectedInput, grammar: LineGrammar, block: HandText, source_file: str, body_start: int = 1
) -> ParseError:
    """Lark's complaint as a ParseError at the file line (Lark's line 1 is the hand's line
    ``body_start``, 0-based: the line after the header by default), in the site's words."""
    last = len(block.lines)
    site, words = grammar.site_name, grammar.words
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        rel, message = last, "the hand ends here, before its summary is complete (cut off?)"
        expected = _expected(grammar, err.expected)
    elif isinstance(err, UnexpectedToken):
        rel = err.token.line + body_start if err.token.line else last
        what = words[err.token.type][0] if err.token.type in words else err.token.type
        message = f"{what} is out of place here"
        expected = _expected(grammar, err.expected)
    elif isinstance(err, UnexpectedCharacters):
        rel = err.line + body_start
        message = f"not a {site} line that can come here"
        expected = _expected(grammar, err.allowed)
    else:
        rel, message, expected = last, str(err), f"a complete {site} hand"
    rel = min(max(rel, 1), last)
    return ParseError(source_file, block.start_line + rel - 1, block.lines[rel - 1], expected, message)


# -------------------------------------------------------------------------------- the builder

Handler = Callable[[Any, Token, int], None]
"""A builder method for one terminal: (token, file line of its first line). Its first parameter is
``Any`` because the methods are a SiteBuilder *subclass's* (``_Builder.deal_line``), which a
``Callable[[SiteBuilder, ...]]`` would refuse: parameters are contravariant."""


@dataclass(frozen=True, slots=True)
class LineKind:
    """How a builder reads one terminal of its grammar: the method that reads its token, whether it is a
    run (``RUN: LINE+``), and what it is in words (what an error says was out of place, and what could
    have come instead; the example lines beside it are the grammar's, see :func:`grammar_examples`)."""

    terminal: str
    handler: Handler
    run: bool
    what: str
    offered: bool = False
    """One of the base class's handlers (:data:`SiteBuilder.OFFERED`), which a grammar need not use."""


_H = TypeVar("_H", bound=Callable[..., None])


KIND_WORDS: Mapping[str, str] = {
    "TABLE": "the table line",
    "TABLE_SEATS": "the table line",
    "SEATS": "a seat line",
    "ANTES": "an ante",
    "STREET": "a street line",
    "DEALS": "a deal",
    "BETTING": "a betting line",
    "SHOWDOWN": "'*** SHOW DOWN ***'",
    "RESULTS": "a showdown or pot line",
    "POTS": "a pot line",
    "SUMMARY": "'*** SUMMARY ***'",
    "SUMMARY_SEATED": "'*** SUMMARY ***'",
    "SUMMARY_SEATS": "a summary seat line",
}
"""What the terminals most grammars name are, in words, for a :func:`line_kind` that gives none:
every site says these alike, so each declaration need not say it again."""


def line_kind(*terminals: str, run: bool = False, words: str | None = None) -> Callable[[_H], _H]:
    """Declare the decorated builder method the handler of ``terminals`` (each read the same way and
    said in the same ``words``: what the line kind is), each a run when ``run``. A terminal of
    :data:`KIND_WORDS` need not give its words. The example lines an error shows beside the words are
    the site's own spellings, so they stand in its grammar beside the pattern they illustrate
    (:func:`grammar_examples`). Stacked, one method handles several declarations; wrapped
    around a method of a base class (``total_line = line_kind("TOTAL")(SiteBuilder.total_line)``), the
    subclass declares a shared handler; the handlers every site shares alike need no declaration
    (:data:`SiteBuilder.OFFERED`).

    The one declaration of a line kind: :class:`SiteBuilder` subclasses collect them into ``KINDS`` and
    ``HANDLERS``, and :func:`load_grammar` checks them against the grammar. The method is copied
    before the declaration is attached, so a base class's function is never marked for every site."""

    if words is None and not all(t in KIND_WORDS for t in terminals):
        raise ValueError(f"line_kind{terminals}: say the words of a terminal KIND_WORDS does not know")
    said = [(t, words if words is not None else KIND_WORDS[t]) for t in terminals]

    def declare(handler: _H) -> _H:
        declared = (*((t, run, w) for t, w in said), *getattr(handler, "line_kinds", ()))
        copy = FunctionType(
            handler.__code__, handler.__globals__, handler.__name__, handler.__defaults__, handler.__closure__
        )
        copy.__kwdefaults__ = handler.__kwdefaults__
        copy.__qualname__, copy.__doc__ = handler.__qualname__, handler.__doc__
        copy.line_kinds = declared  # type: ignore[attr-defined]
        return copy  # type: ignore[return-value]

    return declare


def deals_from_showdown(events: list[Event]) -> list[Event]:
    """``events`` with every deal recorded as cards not shown given its cards from the player's seven
    shown at the showdown (a ``Show`` or a ``Muck`` with cards), for sites that print them in the order
    they were dealt: the up cards that decide the bring-in, the first to act and the double bet are then
    known. A deal with any known card is left as printed (the engine judges it)."""
    seven = {
        e.seat: e.cards for e in events if isinstance(e, (Show, Muck)) if len(e.cards) == 7 and None not in e.cards
    }
    if not seven:
        return events
    out: list[Event] = []
    for event in events:
        if isinstance(event, Deal) and event.seat in seven and not any(event.down + event.up):
            cards, street = seven[event.seat], event.street
            if street == 3:
                out.append(replace(event, down=cards[:2], up=cards[2:3]))
            elif street == 7:
                out.append(replace(event, down=cards[6:]))
            else:
                out.append(replace(event, up=cards[street - 1 : street]))
        else:
            out.append(event)
    return out


class SiteBuilder:
    """Turns the tokens of one hand into a Hand. One instance per hand; nothing outlives it.

    A site subclasses it, declares a handler method for each terminal with :func:`line_kind` (collected
    into ``KINDS`` and ``HANDLERS`` when the subclass is made) and sets ``SEATING`` (the terminals that
    may come before the seat list is complete: any other token closes it). The base class knows nothing
    of a site's lines: it keeps the seats, resolves names, reads amounts and cards, records noise lines
    and runs the handler table. ``ledger`` is the engine's street-betting state: a site that prints
    "raises to Y" (Full Tilt) or the chips an action adds (ACR) states it in the model's terms by asking
    it (``self.ledger.raise_to(...)``) instead of doing betting arithmetic of its own."""

    SITE: ClassVar[str] = ""
    """The site id written on every Hand this builder makes: by the folders' convention (as
    :func:`~.site.text_site` finds a site's parts), the name of the site's folder, the package of the
    module that defines the builder."""
    NAME: ClassVar[str] = ""
    """The site's name in error messages ("not a NAME line that can come here")."""
    GRAMMAR: ClassVar[str] = "grammar.lark"
    """The grammar file, beside the module that defines the builder."""
    HEADER_LINES: ClassVar[int] = 1
    """How many lines a hand's header takes: the grammar parses the lines after them."""
    KINDS: ClassVar[Mapping[str, LineKind]] = {}
    """Every terminal's :func:`line_kind` declaration, collected from the class and its bases, and the
    base class's offered handlers of the terminals it does not declare."""
    OFFERED: ClassVar[Mapping[str, LineKind]] = {}
    """The handlers the base class offers for terminals that read alike at every site (a run of seat
    lines, a run of antes, a table line with its seats, the summary's line): a grammar that has one of
    them is read by it unless the builder declares its own, and a grammar without it is not refused."""
    HANDLERS: ClassVar[Mapping[str, Handler]] = {}
    """Each terminal's handler, from ``KINDS``: the table :meth:`feed` dispatches on."""
    SEATING: ClassVar[frozenset[str]] = frozenset()
    total: Money | None
    """The total pot printed, for a site whose lines say it (:meth:`total_line`)."""
    rake: Money | None
    """The rake printed, likewise."""
    street: int
    """The street being read: each site keeps it, by its own lines."""

    @staticmethod
    def read_header(text: str, where: Where) -> HandHeader:
        """The site's header reader (one regex over the header's lines): by the same convention, the
        ``read_header`` function of the module that defines the builder."""
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        module = vars(sys.modules[cls.__module__])
        if "SITE" not in cls.__dict__:
            cls.SITE = cls.__module__.split(".")[-2]
        if "read_header" not in cls.__dict__ and "read_header" in module:
            cls.read_header = staticmethod(module["read_header"])  # type: ignore[method-assign]
        kinds = {**SiteBuilder.OFFERED, **cls.KINDS}
        mine: set[str] = set()
        for handler in cls.__dict__.values():
            for terminal, run, what in getattr(handler, "line_kinds", ()):
                if terminal in mine:
                    raise ValueError(f"{cls.__qualname__}: {terminal} is declared twice")
                mine.add(terminal)
                kinds[terminal] = LineKind(terminal, handler, run, what)
        cls.KINDS = kinds
        cls.HANDLERS = {t: kind.handler for t, kind in kinds.items()}

    @classmethod
    def line_grammar(cls) -> LineGrammar:
        """The builder's compiled grammar (:func:`load_grammar`), built once per process."""
        return _compiled(cls)  # type: ignore[arg-type]  # a class is hashable; mypy reads its __hash__ as an instance method

    @classmethod
    def parse_hand(cls, block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
        """One hand of the builder's site (:func:`read_text_hand`): what a text site's ``parse_hand`` is."""
        return read_text_hand(
            block,
            source_file,
            site=cls.SITE,
            read_header=cls.read_header,
            grammar=cls.line_grammar,
            builder=cls,
            body_start=cls.HEADER_LINES,
        )

    def __init__(self, block: HandText, source_file: str, grammar: LineGrammar, body_start: int = 1) -> None:
        self.block = block
        self.file = source_file
        self.grammar = grammar
        self.lines = grammar.lines
        self.body_start = body_start
        self.seat_of: dict[str, int] = {}
        self.unique: dict[str, int] = {}  # names no other seated name starts with: safe to take as read
        self.seats: list[Seat] = []
        self.events: list[Event] = []
        self.warnings: list[ParseWarning] = []
        self.skipped: list[SkippedLine] = []
        self.next_line = block.start_line + body_start  # the first file line no token has covered yet
        self.reading = block.start_line
        """The first file line of the token being read: where an error no handler foresaw is reported."""
        self.rules: GameRules = RULES[Game.STUD]
        """The hand's game (engine/games.py): its streets, what each deals. :func:`read_text_hand` sets
        it from the header before the first token, so a builder reads streets and deals by the game."""
        self.left: dict[int, Money] = {}
        """Chips behind each seat: most sites do not mark an all-in, so a wager that leaves nothing
        behind is one (:meth:`pays`)."""
        self.in_hand: list[int] = []
        """Seats that posted an ante, in the order they did (:meth:`ante_run`); the sites that deal by
        it fill it with everyone seated when a hand has no antes."""
        self.ante: Money | None = None
        """The first full ante posted: a short all-in ante says nothing of the stakes."""
        self.bring_in: Money | None = None
        """The first full bring-in posted (:meth:`posted_bring_in`), for the same reason."""
        self.folded: set[int] = set()
        """Seats that folded (:meth:`no_chips`), for sites that deal by who is still in."""
        self.got_seventh: set[int] = set()
        """Seats whose last, face-down card was printed (:meth:`later_deal`); the others are dealt
        theirs unseen (:meth:`deal_unseen_seventh`)."""
        self.start()

    def start(self) -> None:
        """A site's own state for one hand, set before its first token: what a builder overrides instead
        of the constructor, whose arguments are the seam's business."""

    @cached_property
    def ledger(self) -> StreetLedger:
        """The street-betting state, made when a site's builder first asks for it: most sites never do,
        and a hand is built thousands of times a second."""
        return StreetLedger()

    # -- errors, amounts, cards
    def error(self, no: int, line: str, message: str, expected: str) -> ParseError:
        """A ParseError at file line ``no`` about ``line`` (to raise)."""
        return where_error((self.file, no), line, message, expected)

    def fields(self, terminal: str, names: tuple[str, ...]) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
        """A getter that takes a match's ``groups()`` of ``terminal``'s line and gives the fields
        ``names``, in that order.

        Why: a handler that reads most fields of every line of a long run reads them by name, so the
        grammar may add or reorder groups, but ``m["a"]``, ``m["b"]``, ... is a name look-up per field and
        line, where one ``groups()`` and this getter (both in C) read all of them at once. Kept by the
        grammar, so each is built once; asked by terminal, as a compiled pattern's hash is worked out
        from its whole code at every call."""
        key = (terminal, names)
        getter = self.grammar.getters.get(key)
        if getter is None:
            groups = self.lines[terminal].groupindex
            getter = self.grammar.getters[key] = itemgetter(*(groups[name] - 1 for name in names))
        return getter

    def street_in_order(self, street: int, no: int, line: str) -> None:
        """Refuse a street line that does not name the street after the one being read: a history cut
        and pasted together can repeat or skip a street, and its deals and bets would be misread."""
        if street != self.street + 1:
            raise self.error(no, line, f"street {street} after street {self.street}", "the streets in order")

    def community_card(self, text: str, no: int, line: str, label: str) -> Card | None:
        """The one community card a last street's line shows (``*** RIVER *** [Kd]``, its street's line
        being ``label``), recorded as a :class:`CommunityCard`: dealt when too few cards are left for every
        player still in, the card is one, so a line showing more is no history of the game."""
        cards = self.cards(text, no, line)
        if len(cards) != 1:
            raise self.error(
                no, line, f"the {label} line shows more than one community card", f"'{label}' or '{label} [card]'"
            )
        self.events.append(CommunityCard(no, cards[0]))
        return cards[0]

    def money(self, text: str, no: int, line: str) -> Money:
        """An amount in hundredths; a ParseError at the line when ``text`` is no amount or an absurd
        one (:func:`read_amount`)."""
        value = cents(text)
        if value is None or value > MAX_AMOUNT:
            return read_amount(text, (self.file, no), line)  # raises, saying what is wrong
        return value

    def seat_number(self, text: str, no: int, line: str) -> int:
        """A printed seat number (digits); a ParseError at the line when it cannot be a seat (an
        11-digit 'seat' would overflow its column and take its chunk of hands down with it)."""
        seat = _SEAT_NUMBERS.get(text)
        if seat is not None:
            return seat
        seat = int(text)  # printed otherwise ("01"), or no seat at all
        problem = seat_problem(seat)
        if problem is not None:
            raise self.error(no, line, problem, "'Seat N: ...' with N the seat's number")
        return seat

    def cards(self, text: str, no: int, line: str, separator: str | None = None) -> tuple[Card | None, ...]:
        """The cards of a bracket's text (split on blanks, or on ``separator``); a token that is no card
        becomes None with a warning (garbled site output is recorded, never guessed)."""
        if separator is not None:
            text = " ".join(t.strip() for t in text.split(separator))
        cards = _cards(text)
        if None in cards:
            for tok, card in zip(text.split(), cards):
                if card is None:
                    self.warnings.append(
                        ParseWarning(
                            no,
                            line.rstrip("\n"),
                            f"{tok!r} is not a card (garbled site output): recorded as an unknown card",
                        )
                    )
        return cards

    # -- the seat list and names
    def add_seat(
        self, seat: int, name: str, stack: Money, sitting_out: bool = False, no: int | None = None, line: str = ""
    ) -> None:
        """A seat of the seat list (``no``, ``line``: where it is printed). A seat or a name listed twice
        is a ParseError: which of the two stacks is right, or who sits there, cannot be known.

        Whether either is taken is asked of the dicts the seat list fills (one look-up each, not a walk
        over the seats per seat line); only the error walks the list, to name what was listed first."""
        if not 1 <= seat <= MAX_SEAT:  # every site's seat list comes here: the one bound on seat numbers
            problem = seat_problem(seat)
            raise self.error(
                no if no is not None else self.block.start_line,
                line,
                f"{problem}",
                "'Seat N: ...' with N the seat's number",
            )
        if seat in self.left or name in self.seat_of:
            taken = next(s for s in self.seats if s.seat == seat or s.player == name)
            what = f"seat {seat}" if taken.seat == seat else f"the player {name!r}"
            raise self.error(
                no if no is not None else self.block.start_line,
                line,
                f"{what} is listed twice",
                "one seat line per seat and player",
            )
        self.seats.append(Seat(seat, name, stack, sitting_out))
        self.seat_of[name] = seat
        self.left[seat] = stack

    def no_chips(self, no: int, street: int, seat: int, fold: bool) -> None:
        """A betting line that moves no chips, a check or (``fold``) a fold, recorded on the ledger; the
        folded seat goes into ``folded``."""
        if fold:
            self.folded.add(seat)
        self.events.append(self.ledger.record(Action(no, street, seat, ActionKind.FOLD if fold else ActionKind.CHECK)))

    def wagers(self, tok: Token, first: int, check: str = "checks") -> Iterator[tuple[int, int, re.Match[str]]]:
        """The betting lines of a run (the first at file line ``first``) that move chips, as (file line,
        seat, fields), for a site whose betting pattern names the player ``name`` and gives a check or a
        fold in ``no_chips``: those are recorded here (:meth:`no_chips`; a check is the word ``check``),
        so a site's betting handler reads only its own verbs."""
        street = self.street
        for no, found in enumerate(self.lines["BETTING"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            no_chips = m["no_chips"]
            if no_chips is None:
                yield no, seat, m
            else:
                self.no_chips(no, street, seat, fold=no_chips != check)

    def placed(self, tok: Token, no: int) -> None:
        """The handler of a line whose place is all it says (``*** SUMMARY ***``): the grammar has
        checked that it comes where it may, and nothing of it goes into the hand."""

    def seat_run(self, tok: Token, first: int) -> None:
        """The handler of a run of seat lines (:meth:`seat_lines` from the token's start)."""
        self.seat_lines(tok, first, 0)

    def seat_lines(self, tok: Token, first: int, start: int) -> None:
        """The seat lines of ``tok`` from offset ``start`` (the first at file line ``first``), whose pattern
        names the fields ``seat``, ``name`` and ``stack``; a site whose seat lines say more overrides it."""
        for no, m in enumerate(self.lines["SEATS"].finditer(tok, start), first):
            self.add_seat(int(m["seat"]), m["name"], self.money(m["stack"], no, m[0]), no=no, line=m[0])

    def table_line(self, tok: Token, no: int) -> None:
        """The table line's handler, for a site whose grammar lexes it with the seat lines after it as one
        token (:meth:`table_and_seats`): that site defines it."""
        raise NotImplementedError

    def table_and_seats(self, tok: Token, no: int) -> None:
        """The handler of a table line and the seat lines after it in one token (a grammar lexes them
        together where the seat list must follow the table line at once)."""
        self.table_line(tok, no)
        self.seat_lines(tok, no + 1, tok.index("\n") + 1)

    def total_line(self, tok: Token, no: int) -> None:
        """The handler of a total line whose pattern names the fields ``total`` and ``rake`` (the rake may
        not be printed): the site's ``total`` and ``rake``, which its :meth:`start` sets to None."""
        total, rake = self.lines["TOTAL"].match(tok).group("total", "rake")  # type: ignore[union-attr]
        self.total = self.money(total, no, tok)
        self.rake = self.money(rake, no, tok) if rake is not None else None

    def return_unmatched(self, no: int, returned: list[tuple[int, Money]]) -> None:
        """The street's bet nobody matched (all others folded or all in for less) goes back to its bettor
        at file line ``no``, by the engine's rule (:meth:`StreetLedger.unmatched`), for a site that prints no
        line for it: an :class:`UncalledReturn`, also noted as (seat, chips) in ``returned``."""
        back = self.ledger.unmatched()
        if back is not None:
            returned.append(back)
            self.events.append(UncalledReturn(no, *back))

    def rake_line(self, tok: Token, no: int) -> None:
        """The handler of a line that says the rake alone, whose pattern names the field ``rake``: the
        site's ``rake``, which its :meth:`start` sets to None."""
        rake = self.lines["RAKE"].match(tok)["rake"]  # type: ignore[index]
        self.rake = self.money(rake, no, tok)

    def pays(self, seat: int, chips: Money) -> bool:
        """Take ``chips`` from behind ``seat``; True when that was all it had (the wager is all-in)."""
        all_in = chips == self.left[seat]
        self.left[seat] -= chips
        return all_in

    def ante_run(self, tok: Token, first: int) -> None:
        """The handler of a run of ante lines whose pattern names the fields ``name`` and ``amount``."""
        for no, found in enumerate(self.lines["ANTES"].finditer(tok), first):
            seat, m = self.seat(found, "name", no)
            amount = self.money(m["amount"], no, m[0])
            all_in = self.pays(seat, amount)
            self.in_hand.append(seat)
            self.events.append(Action(no, 3, seat, ActionKind.ANTE, amount, None, all_in))
            if self.ante is None and not all_in:
                self.ante = amount

    def posted_bring_in(self, chips: Money, all_in: bool) -> None:
        """A bring-in was posted: the first full one is the hand's bring-in amount."""
        if self.bring_in is None and not all_in:
            self.bring_in = chips

    def seats_done(self) -> None:
        """Which names can be taken as read: those no other seated name starts with (in sorted order,
        a name that starts another is directly followed by one that starts with it)."""
        names = sorted(self.seat_of)
        self.unique = {n: self.seat_of[n] for n, after in zip(names, names[1:] + [""]) if not after.startswith(n)}

    def seat(self, m: re.Match[str], group: int | str, no: int) -> tuple[int, re.Match[str]]:
        """The seat a line names (its ``group``-th field) and the line's fields read against the seat list.

        The pattern reads the shortest name that the rest of the line fits. When no other seated name
        starts with that name, it is the player (the fast path). Otherwise the seated names the line
        starts with are tried longest first: the line with that name replaced by a NUL must match the
        same pattern with the NUL as the whole name, and that match's fields are the line's."""
        seat = self.unique.get(m[group])
        if seat is not None:
            return seat, m
        line, start = m[0], m.start(group) - m.start()
        for candidate in sorted(self.seat_of, key=len, reverse=True):
            if line.startswith(candidate, start):
                probe = m.re.match(f"{line[:start]}\0{line[start + len(candidate) :]}")
                if probe is not None and probe.end(group) == start + 1:
                    return self.seat_of[candidate], probe
        raise self.error(
            no, line, f"{m[group]!r} is not seated at this table", "a line naming one of the players of the Seat lines"
        )

    def seat_exact(self, name: str, no: int, line: str) -> int:
        """The seat of a name printed where nothing follows it (``… returned to NAME``)."""
        seat = self.seat_of.get(name)
        if seat is None:
            raise self.error(
                no, line, f"{name!r} is not seated at this table", "a line naming one of the players of the Seat lines"
            )
        return seat

    def later_deal(self, no: int, line: str, seat: int, street: int, new: str | None) -> None:
        """A deal after the first street printed as ``Dealt to NAME [earlier cards] [new card]``: ``new``
        is the new card's bracket; it is face up but on the game's last street (face down)."""
        cards = self.cards(new, no, line) if new is not None else ()
        if len(cards) != 1:
            raise self.error(
                no,
                line,
                f"{self.rules.street(street).name}-street deal without exactly one new card",
                "'Dealt to NAME [earlier cards] [new card]'",
            )
        if self.rules.deals[street][1] == 0:  # no up card: the last street's, face down
            self.got_seventh.add(seat)
            self.events.append(Deal(no, street, seat, cards))
        else:
            self.events.append(Deal(no, street, seat, (), cards))

    def deal_unseen_seventh(self, at: tuple[int, int, frozenset[int]] | None, seen: set[int]) -> tuple[int, int]:
        """Deal the 7th-street down card of every player still in whose card the site did not print.

        Sites print the 7th-street card only to its owner; the model deals it all the same (every card
        dealt is a Deal, unknown as None), so card counts can be checked. ``at`` is (event index, line,
        seats still in) where 7th street began, ``seen`` the seats whose card was printed. Returns (index,
        how many deals were inserted) for a builder that keeps positions in ``events``."""
        if at is None:
            return 0, 0
        index, no, alive = at
        missing = [Deal(no, 7, seat, down=(None,)) for seat in sorted(alive - seen)]
        self.events[index:index] = missing
        return index, len(missing)

    # -- the walk over the tokens
    def token_lines(self, tok: Token, no: int) -> tuple[str, ...]:
        """The lines of ``tok`` (whose first line is file line ``no``) as the block holds them, without
        their "\n": every terminal is whole lines, so the token is exactly these lines joined.

        Why: a builder reading the lines themselves can take a line it has read before (a file repeats
        the same betting lines thousands of times) without matching the token's text again."""
        first = no - self.block.start_line
        return self.block.lines[first : first + tok.end_line - tok.line]  # type: ignore[operator]

    def skip(self, stop: int) -> None:
        """The lines before file line ``stop`` that no token covered (noise) are skipped lines."""
        start, lines = self.block.start_line, self.block.lines
        self.skipped.extend(SkippedLine(no, lines[no - start]) for no in range(self.next_line, stop))

    def feed(self, tokens: list[Token]) -> None:
        """Every token in order through the handler table; the seat list is complete before the first
        token that is not a seating one."""
        base = self.block.start_line + self.body_start - 1  # Lark's line 1 is the body's first line
        handlers, seating_kinds = self.HANDLERS, self.SEATING
        seating = True
        for tok in tokens:
            kind = tok.type
            if seating and kind not in seating_kinds:
                self.seats_done()
                seating = False
            no = base + tok.line  # type: ignore[operator]  # Lark's lexer gives every token its lines
            if no > self.next_line:
                self.skip(no)
            self.reading = no
            handlers[kind](self, tok, no)
            self.next_line = base + tok.end_line  # type: ignore[operator]
        if seating:
            self.seats_done()
        self.skip(self.block.start_line + len(self.block.lines))

    def deals_from_shown(self) -> None:
        """For sites that print nobody's cards but the owner's (PartyPoker, OnGame's river): see
        :func:`deals_from_showdown`."""
        self.events = deals_from_showdown(self.events)

    def finish(self, header: HandHeader) -> None:
        """What a site adds once every token is read (implicit deals, cross-checks): nothing by default."""

    def build(self, header: HandHeader, **facts: object) -> Hand:
        """The Hand: the header's facts, the events, and ``facts`` the body told (ante, bring_in,
        total_pot, rake, printed_pots, table, max_seats, ... as keyword arguments of Hand)."""
        if header.warning:
            self.warnings.append(ParseWarning(self.block.start_line, self.block.lines[0], header.warning))
        assert header.game is not None
        facts.setdefault("mixed", header.mixed)
        facts.setdefault("ante", header.ante)
        facts.setdefault("currency", header.currency)
        facts.setdefault("play_money", header.play_money)
        facts.setdefault("tournament", header.tournament)
        facts.setdefault("table", header.table)
        facts.setdefault("max_seats", header.max_seats)
        facts.setdefault("started_at", header.started_at)
        return Hand(
            site=self.SITE,
            site_hand_id=header.hand_id,
            game=header.game,
            small_bet=header.small_bet,
            big_bet=header.big_bet,
            seats=tuple(self.seats),
            events=tuple(self.events),
            source_file=self.file,
            source_line=self.block.start_line,
            skipped=tuple(self.skipped),
            warnings=tuple(self.warnings),
            **facts,  # type: ignore[arg-type]
        )

    def hand(self, header: HandHeader) -> Hand:
        """The hand once every token is fed; a site overrides it to pass the facts its body told."""
        self.finish(header)
        return self.build(header)


SiteBuilder.OFFERED = {
    terminal: LineKind(terminal, handler, run, KIND_WORDS[terminal], offered=True)
    for terminal, handler, run in (
        ("SEATS", SiteBuilder.seat_run, True),
        ("ANTES", SiteBuilder.ante_run, True),
        ("TABLE_SEATS", SiteBuilder.table_and_seats, False),
        ("SUMMARY", SiteBuilder.placed, False),
    )
}


def read_text_hand(
    block: HandText,
    source_file: str,
    *,
    site: str,
    read_header: Callable[[str, Where], HandHeader],
    grammar: Callable[[], LineGrammar],
    builder: type[SiteBuilder],
    body_start: int = 1,
) -> Hand | ParseError | NotStudHand:
    """One hand of a text site: a Hand, a NotStudHand (another game of a mixed file) or a ParseError.

    ``body_start`` is how many lines the header takes (the grammar parses the lines after it); a header
    of several lines (Everleaf's three) reaches ``read_header`` as those lines joined by newlines."""
    build: SiteBuilder | None = None
    compiled: LineGrammar | None = None
    try:
        compiled = grammar()
        header = read_header("\n".join(block.lines[:body_start]), (source_file, block.start_line))
        if header.game is None:
            return NotStudHand(source_file, block.start_line, site, header.printed_game, header.reason)
        body = block.lines[body_start:]
        text = "\n".join(body) + "\n" if body else ""
        try:
            tokens = compiled.parser.parse(text)
        except UnexpectedInput as err:
            refusal = lark_error(err, compiled, block, source_file, body_start)
            found, game = compiled, header.game

            def read_without(unknown: frozenset[int]) -> Hand:
                """The hand read as if the lines of the body numbered ``unknown`` were not printed."""
                kept = tuple(line for n, line in enumerate(body, 1) if n not in unknown)
                shorter = HandText(block.start_line, block.lines[:body_start] + kept)
                without = builder(shorter, source_file, found, body_start)
                without.rules = RULES[game]
                without.feed(found.parser.parse("\n".join(kept) + "\n" if kept else ""))
                return without.hand(header)

            first = block.start_line + body_start - 1  # the file line before the body's line 1
            return tolerated(refusal, block, first, compiled.parser.unknown_lines(text), read_without)
        build = builder(block, source_file, compiled, body_start)
        build.rules = RULES[header.game]
        build.feed(tokens)
        return build.hand(header)
    except ParseError as err:
        # the hand's failure is a value from here on, never raised again: its traceback would keep every
        # frame down to the caller's, whose locals hold the error itself, a cycle only the collector frees
        return err.with_traceback(None)
    except Exception as exc:  # a reader bug: the hand's error, at the line being read (reader_failure)
        at = build.reading if build is not None else block.start_line
        name = compiled.site_name if compiled is not None else site
        return reader_failure(source_file, at, block.lines[at - block.start_line], name, exc)
