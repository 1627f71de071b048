"""PokerStars stud-family hands: header regex, Lark parse of the body (parsers/sites/pokerstars/grammar.lark), and
the mapping of each line onto the hand model.

Three steps per hand, each with one job:

1. The header line is read with one regex before anything else, so that a hold'em or draw hand of a
   mixed-game file becomes a :class:`NotStudHand` without its body being parsed.
2. Lark (LALR, contextual lexer) checks the order of the lines of the body. Its terminals are lines,
   runs of lines of one kind, or a line with the runs right after it (~9 tokens per hand; the cost
   follows the number of tokens).
3. :class:`_Builder` reads every line of every token with the grammar's own pattern for it, whose
   named groups are the fields, and turns them into events: it resolves printed names
   against the seat list, parses amounts and cards, and adds what PokerStars leaves implicit
   (opponents' unseen 7th cards).

Sites are not consistent with themselves, so everything that cannot be read exactly is reported:
a line in the wrong place or of no known kind is a :class:`ParseError` (file, line, text, what was
expected); a garbled card (``[of]``) keeps the hand with the card unknown and a :class:`ParseWarning`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, NamedTuple, TypeVar

from lark import Token

from ....engine.cards import Card
from ....engine.games import StreetRule
from ....engine.model import (  # ANTE, BRING_IN, FOLD: kinds as globals, see model.ANTE
    ANTE,
    BRING_IN,
    FOLD,
    STREET_NAMES,
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    Marker,
    Money,
    Muck,
    ParseWarning,
    Show,
    SkippedLine,
    Tournament,
    UncalledReturn,
)
from ...amounts import MAX_AMOUNT
from ...cancelled import cancellable
from ...currencies import SIGN
from ...textsite import HandHeader, SiteBuilder, cents, line_kind, read_amount, site_time, where_error
from . import vocabulary

SITE = "pokerstars"

HAND_HEADER = re.compile(r"PokerStars (?:Home Game |Zoom )?(?:Game|Hand) #\d+:|Main PokerStars n°\d+\s?:", re.I)
"""The start of every PokerStars hand, in English or as the French client words it (``Main PokerStars
n°N :``): detects the site and splits a file into hands."""
HAND_INITIALS = "PpMm"
"""What a line :data:`HAND_HEADER` matches starts with (the pattern starts with a literal "P" or "M", case
insensitive): the file is split asking the header only of the lines that start so."""

# ------------------------------------------------------------------------------------------ header

_HEADER = re.compile(
    # the French client writes "Main PokerStars n°N :", with a (non-breaking) space before the colon
    r"(?:PokerStars (?:Home Game )?(?:Zoom )?(?:Game|Hand) #|Main PokerStars n°)(?P<id>\d+)\s?:\s+"
    r"(?:\{[^}]*\}\s+)?"
    r"(?:Tournament #(?P<tid>\d+),\s+"
    # a buy-in's parts joined by "+", each with its sign: "$10+$1", "₹100+₹10", or as fpdb allows "Rs. 100"
    r"(?:Freeroll|(?P<buyin>(?:Rs\. )?[^\s+]+(?:\+(?:Rs\. )?[^\s+]+)*)(?: (?P<tcur>(?-i:[A-Z]{3}))(?= ))?)\s+)?"
    r"(?P<game>.+?)"
    r"(?: \[(?:ADM|AAMS) ID: [0-9A-Z]+\])?"  # pokerstars.it: the Italian regulator's id of the hand (AAMS before ADM)
    r"(?: - (?:Match Round [^,]*, )?Level (?P<level>\S+) \((?P<lsmall>[\d,.]+)/(?P<lbig>[\d,.]+)\))?"
    # localized clients write the date day first (14/07/2026): the year's place tells the two orders apart
    # and some clients print the clock without its seconds (fpdb's re_DateTime allows it)
    r" - (?P<date>(?:\d{4}/\d{1,2}/\d{1,2}|\d{1,2}/\d{1,2}/\d{4}) \d{1,2}:\d{2}(?::\d{2})?) (?P<tz>[A-Za-z]+)"
    r"(?: \[(?P<etdate>(?:\d{4}/\d{1,2}/\d{1,2}|\d{1,2}/\d{1,2}/\d{4}) \d{1,2}:\d{2}(?::\d{2})?) ET\])?\s*",
    re.I,
)
_WRAPPED = re.compile(r"(?P<wrapper>[^(]+?) \((?P<inner>[^()]+)\)")
_PLAIN = re.compile(r"(?P<game>[^(]+?)(?: \((?P<stakes>[^()]+)\))?")
_LIMIT = re.compile(r"(?P<name>.+?) (?P<limit>(?:Pot |No |Fixed )?Limit)", re.I)
_STAKES = re.compile(rf"(?P<small>{SIGN}?[\d,.]+)/(?P<big>{SIGN}?[\d,.]+)(?: (?P<cur>[A-Z]{{3}}))?")

_GAMES = vocabulary.GAMES_BY_NAME
_SYMBOLS = vocabulary.CURRENCY_OF_SIGN


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


def read_header(text: str, where: tuple[str, int]) -> HandHeader:
    """The header line of a PokerStars hand (cash, tournament, home game, mixed game, play money)."""
    m = _HEADER.fullmatch(text)
    if m is None:
        raise _error(
            where, text, "not a PokerStars hand header", "'PokerStars Hand #ID: GAME (STAKES) - YYYY/MM/DD H:MM:SS ET'"
        )
    part = _game_part(m["game"])
    if part is None:
        raise _error(
            where, text, f"game {m['game']!r} not understood", "'GAME Limit (STAKES)' or 'MIX (GAME Limit[, STAKES])'"
        )
    game, game_text, mixed, stakes = part
    if game is None:
        return HandHeader(m["id"], None, game_text, mixed)

    tournament, currency = None, None
    if m["tid"]:
        if m["lsmall"] is None:
            raise _error(
                where,
                text,
                "tournament header without its level and limits",
                "'… - Level IV (50/100) - …' after the game",
            )
        small, big = _money(m["lsmall"], where, text), _money(m["lbig"], where, text)
        buyin = (m["buyin"] or "").replace("Rs. ", "₹")  # the rupee's other spelling
        parts = [_money(x, where, text) for x in buyin.split("+")] if buyin else [0, 0]
        tcur = _currency(buyin, m["tcur"])
        play_money = bool(buyin) and tcur is None
        tournament = Tournament(
            m["tid"],
            sum(parts[:-1]) if len(parts) > 1 else parts[0],
            parts[-1] if len(parts) > 1 else None,
            tcur,
            m["level"],
        )
    else:
        s = _STAKES.fullmatch(stakes)
        if s is None:
            raise _error(where, text, "cash-game header without its limits", "'($0.04/$0.08 USD)' after the game")
        small, big = _money(s["small"], where, text), _money(s["big"], where, text)
        currency = _currency(s["small"], s["cur"])
        play_money = currency is None

    date, tz = (m["etdate"], "ET") if m["etdate"] else (m["date"], m["tz"])
    day, _, clock = date.partition(" ")
    day = _year_first(day)
    clock = clock if clock.count(":") == 2 else f"{clock}:00"
    started, warning = site_time(day, clock, tz, where, text)
    return HandHeader(m["id"], game, game_text, mixed, small, big, currency, play_money, tournament, started, warning)


def _year_first(day: str) -> str:
    """``YYYY/MM/DD`` from either order a header prints: the English clients' year first, or the
    localized clients' day first (``14/07/2026``, the French client of 2026)."""
    first, _, rest = day.partition("/")
    if len(first) == 4:
        return day
    month, _, year = rest.partition("/")
    return f"{year}/{month}/{first}"


# ------------------------------------------------------------------------------------- the grammar

_M = SIGN + r"?[\d,.]+"
_POT = re.compile(rf"(?:Main|Side) pot(?:-\d+)? ({_M})\.")
"""One pot of the total line's list (``Main pot 150. Side pot-1 40.``), the grammar's TOTAL field."""


_money = read_amount


_error = where_error


# A composite terminal starts with the line of its plain form, so it reads the same in an error.
# ------------------------------------------------------------------------------------ the builder

_STREET_OF = {f"STREET{n}{form}": n for n in (3, 4, 5, 6) for form in ("", "_BETTING")}
_BETTING_STREETS = frozenset({*_STREET_OF, "RIVER_BETTING"} - {"STREET3", "STREET4", "STREET5", "STREET6"})
_PAID = {"brings in for": ActionKind.BRING_IN, "bets": ActionKind.BET, "calls": ActionKind.CALL}
_MARKERS = vocabulary.BETTING_MARKERS
_SEATING = frozenset({"TABLE", "TABLE_SEATS", "SEATS"})
_SUMMARY_LINE = "*** SUMMARY ***"
_PRINTED_STREET = vocabulary.STREET_HEADERS
"""How each street's line starts: a street's line is checked against the game's street at its place."""


class _NoAmount(Exception):
    """An amount a cached line reader cannot take: the builder reads that line again at its place,
    where the error can name the file and line (:meth:`SiteBuilder.money`)."""


def _exact_cents(text: str) -> Money:
    """``text`` in hundredths when it is an amount studbook stores, else :class:`_NoAmount`."""
    value = cents(text)
    if value is None or value > MAX_AMOUNT:
        raise _NoAmount(text)
    return value


class _Ante(NamedTuple):
    """What an ante line says, its name not yet read against the seat list."""

    name: str
    amount: Money
    all_in: bool


def _ante(m: re.Match[str], amount: Callable[[str], Money]) -> _Ante:
    """An ante line's fields with the amount read by ``amount``."""
    name, paid, all_in = m.group("name", "amount", "all_in")
    return _Ante(name, amount(paid), all_in is not None)


_Read = TypeVar("_Read")


def _read_exact(kind: str, read: Callable[[re.Match[str], Callable[[str], Money]], _Read], line: str) -> _Read | None:
    """``line``, of the grammar's line kind ``kind``, read by ``read`` with exact amounts; None when an
    amount is not one studbook stores (the builder then says why, at the line)."""
    m = _Builder.line_grammar().lines[kind].match(line + "\n")
    try:
        return read(m, _exact_cents)  # type: ignore[arg-type]
    except _NoAmount:
        return None


@lru_cache(maxsize=1024)
def _read_ante(line: str) -> _Ante | None:
    """An ante line, read once per distinct text: a file repeats the same few antes (the same players
    at the same stakes) thousands of times, and what a line says depends on its text alone."""
    return _read_exact("ANTES", _ante, line)


class _Bet(NamedTuple):
    """What a betting line says, its names not yet read against the seat list: an action (``kind``),
    an uncalled bet returned to ``name`` (``kind`` None), or a marker (``kind`` None, ``name`` "")."""

    kind: ActionKind | None
    name: str
    amount: Money
    to: Money | None
    all_in: bool
    marker: str | None


def _bet(m: re.Match[str], amount: Callable[[str], Money]) -> _Bet:
    """A betting line's fields with its amounts read by ``amount``."""
    returned, returned_to, marker, name, verb, raised, paid, all_in, checks = m.group(
        "returned", "returned_to", "marker", "name", "verb", "raised", "amount", "all_in", "checks"
    )
    if name is None:
        if marker is not None:
            return _Bet(None, "", 0, None, False, _MARKERS[marker])
        return _Bet(None, returned_to, amount(returned), None, False, None)
    if verb is not None:
        return _Bet(_PAID[verb], name, amount(paid), None, all_in is not None, None)
    if raised is not None:
        return _Bet(ActionKind.RAISE, name, amount(raised), amount(paid), all_in is not None, None)
    return _Bet(ActionKind.CHECK if checks else ActionKind.FOLD, name, 0, None, False, None)


@lru_cache(maxsize=8192)
def _read_bet(line: str) -> _Bet | None:
    """A betting line, read once per distinct text (like :func:`_read_ante`: in a file of 4,000 hands
    ~70,000 betting lines are ~500 texts)."""
    return _read_exact("BETTING", _bet, line)


_COLON_SPACES = " \u00a0\u202f"
"""The spaces a localized client prints between a name and its colon."""


class _Builder(SiteBuilder):
    """Turns the tokens of one PokerStars hand into a Hand.

    Each token is a line or a run of lines (see parsers/sites/pokerstars/grammar.lark); the lines of a token are
    read with the grammar's own pattern for them, whose named groups are the fields."""

    SEATING = _SEATING
    NAME = "PokerStars"

    def seat(self, m: re.Match[str], group: int | str, no: int) -> tuple[int, re.Match[str]]:
        """The seat a line names, as :meth:`SiteBuilder.seat` finds it, once the space a localized client
        prints before the colon (``Zora B : calls 10``; plain, U+00A0 or U+202F), which the line's
        pattern reads as the name's last character, is taken out of the line."""
        seat = self.unique.get(m[group])
        if seat is not None:
            return seat, m
        if m[group][-1:] in _COLON_SPACES:
            line, end = m[0], m.end(group) - m.start()
            unspaced = m.re.match(line[: end - 1] + line[end:])
            if unspaced is not None:
                m = unspaced
        return super().seat(m, group, no)

    def start(self) -> None:
        self.street = 3
        self.dealt: set[int] = set()
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

    def showdown(self, seat: int, event: Show | Muck) -> None:
        """One Show or Muck per seat: a later line about the same seat says more, so it replaces (a
        second Show is the site printing one line twice: a warning)."""
        if seat in self.shown:
            if isinstance(event, Show) and isinstance(self.events[self.shown[seat]], Show):
                self.warnings.append(
                    ParseWarning(
                        event.line, f"Seat {seat} shows", f"seat {seat}'s hand is shown twice: the later line is kept"
                    )
                )
            self.events[self.shown[seat]] = event
        else:
            self.shown[seat] = len(self.events)
            self.events.append(event)

    # -- one method per terminal: (token, file line of its first line); a composite terminal's methods
    # hand the lines after its first to the method of the run that follows (offset, file line)
    @line_kind("TABLE")
    def table_line(self, tok: Token, no: int) -> None:
        """``Table 'NAME' 8-max`` (older hands may add the button seat; stud has no button)."""
        m = self.lines["TABLE"].match(tok)
        name, max_seats = m.group("name", "max_seats")  # type: ignore[union-attr]
        self.table = name
        self.max_seats = self.seat_number(max_seats, no, m[0]) if max_seats else None  # type: ignore[index]

    def seat_lines(self, tok: Token, no: int, start: int) -> None:
        seat_number, money, add_seat = self.seat_number, self.money, self.add_seat
        for no, m in enumerate(self.lines["SEATS"].finditer(tok, start), no):
            line = m[0]
            seat, name, stack, rest = m.group("seat", "name", "stack", "rest")
            add_seat(seat_number(seat, no, line), name, money(stack, no, line), "sitting out" in rest, no, line)

    @line_kind("ANTES", run=True)
    def antes(self, tok: Token, no: int) -> None:
        append, street, unique = self.events.append, self.rules.first_street, self.unique
        for no, line in enumerate(self.token_lines(tok, no), no):
            ante = _read_ante(line)
            if ante is None or (seat := unique.get(ante.name)) is None:
                ante, seat = self.ante_at(line, no)
            append(Action(no, street, seat, ANTE, ante.amount, None, ante.all_in))
            if not ante.all_in and self.ante is None:
                self.ante = ante.amount

    def ante_at(self, line: str, no: int) -> tuple[_Ante, int]:
        """An ante line read against the seat list, its errors in the line's order (the name, then the
        amount): the way :func:`_read_ante` cannot take (an absurd amount, a name other names start with)."""
        seat, m = self.seat(self.lines["ANTES"].match(line + "\n"), "name", no)  # type: ignore[arg-type]
        return _ante(m, lambda text: self.money(text, no, line)), seat

    @line_kind("STREET3", "STREET3_BETTING", words="'*** 3rd STREET ***'")
    @line_kind("STREET4", "STREET4_BETTING", words="'*** 4th STREET ***'")
    @line_kind("STREET5", "STREET5_BETTING", words="'*** 5th STREET ***'")
    @line_kind("STREET6", "STREET6_BETTING", words="'*** 6th STREET ***'")
    def street_line(self, tok: Token, no: int) -> None:
        """A street's line, the deals after it and, for STREETn_BETTING, the betting after those."""
        lines = self.token_lines(tok, no)
        self.street = self.game_street(_STREET_OF[tok.type] - 3, lines[0], no)
        self.street_runs(tok, lines, no, tok.type in _BETTING_STREETS)

    def game_street(self, position: int, line: str, no: int) -> int:
        """The game's street at ``position`` (0 for the first), checked against the name printed."""
        rules = self.rules
        street = rules.numbers[position] if position < len(rules.numbers) else None
        if street is None or not line.startswith(_PRINTED_STREET[street]):
            names = ", ".join(f"{STREET_NAMES[n]}" for n in rules.numbers)
            raise _error(
                (self.file, no), line, f"a street {rules.title} does not have here", f"its streets in order: {names}"
            )
        return street

    @line_kind("RIVER", "RIVER_BETTING", words="'*** RIVER ***'")
    def river_line(self, tok: Token, no: int) -> None:
        lines = self.token_lines(tok, no)
        line = lines[0]
        self.street = self.game_street(len(_STREET_OF) // 2, line, no)
        shown = self.lines["RIVER"].match(line + "\n")[1]  # type: ignore[index]
        if shown is None:
            self.river = (len(self.events), no, frozenset(self.dealt - self.folded))
        else:
            self.community = self.community_card(shown, no, line, "*** RIVER ***")
        self.street_runs(tok, lines, no, tok.type in _BETTING_STREETS)

    def street_runs(self, tok: Token, lines: tuple[str, ...], no: int, betting_follows: bool) -> None:
        """The deals and betting lines after a street's line (``lines[0]``, at file line ``no``), the
        lines of ``tok``.

        The token's regex (``LINE DEAL* BETTING_LINE+`` for STREETn_BETTING) takes as many deal lines
        as still leave at least one betting line. So do the deals here, line by line: as long as lines
        read as deals, except that when ``betting_follows`` the token's last line is the betting line
        (a line that reads both ways, which needs a player whose name starts with "Dealt to")."""
        last = len(lines) - 1 if betting_follows else len(lines)
        i = 1 + self.deals(tok, len(lines[0]) + 1, no + 1, last - 1)
        if i < len(lines):
            self.betting(lines[i:], no + i)

    @line_kind("DEALS", run=True)
    def deal_run(self, tok: Token, no: int) -> None:
        self.deals(tok, 0, no, tok.end_line - tok.line)  # type: ignore[operator]

    def deals(self, tok: Token, at: int, no: int, most: int) -> int:
        """At most ``most`` deal lines of ``tok`` from offset ``at`` (the first at file line ``no``), as
        long as lines read as deals; how many there were. A deal line is matched where it is in the
        token (no line of the pattern crosses a line's end). Whether the street is the game's first is
        asked once for the run, not once per line (a hand has ~10 deal lines)."""
        match, unique = self.lines["DEALS"].match, self.unique
        street = self.street
        rule = self.rules.street(street) if street == self.rules.first_street else None
        count = 0
        while count < most and (m := match(tok, at)) is not None:
            at = m.end()
            name, first, new = m.group("name", "cards", "new_card")
            seat = unique.get(name)
            if seat is None:
                seat, found = self.seat(m, "name", no)
                first, new = found.group("cards", "new_card")
            if rule is None:
                self.later_deal(no, m[0], seat, street, new)
            else:
                self.first_deal(no, m[0], seat, rule, first, new)
            count += 1
            no += 1
        return count

    def first_deal(self, no: int, line: str, seat: int, rule: StreetRule, shown: str, new: str | None) -> None:
        """A deal of the game's first street: the player's own cards (down and up) or an opponent's
        up cards, in one bracket."""
        cards = self.cards(shown, no, line)
        if new is not None or len(cards) not in (rule.up, rule.down + rule.up):
            raise _error(
                (self.file, no),
                line,
                f"{rule.name}-street deal with the wrong number of cards",
                "'Dealt to NAME [door]' or, for yourself, 'Dealt to NAME [down cards door]'",
            )
        down = cards[: rule.down] if len(cards) > rule.up else (None,) * rule.down
        self.events.append(Deal(no, rule.number, seat, down, cards[-rule.up :]))
        self.dealt.add(seat)

    @line_kind("BETTING", run=True)
    def betting_run(self, tok: Token, no: int) -> None:
        self.betting(self.token_lines(tok, no), no)

    def betting(self, lines: tuple[str, ...], no: int) -> None:
        """Betting lines, the first at file line ``no``; each is read once per distinct text
        (:func:`_read_bet`), then its name against the seat list."""
        append, street, unique, folded = self.events.append, self.street, self.unique, self.folded
        for no, line in enumerate(lines, no):
            bet = _read_bet(line)
            seat: int | None = None
            if bet is not None:
                kind, name, amount, to, all_in, marker = bet
                # a marker names nobody; an uncalled bet's name is read like an action's: a unique name
                # is its exact name
                seat = 0 if marker is not None else unique.get(name)
            if seat is None:  # an amount to report, or a name another seated name starts with
                bet, seat = self.bet_at(line, no)
                kind, name, amount, to, all_in, marker = bet
            if kind is FOLD:
                folded.add(seat)
            elif kind is None:
                append(Marker(no, street, marker) if marker is not None else UncalledReturn(no, seat, amount))
                continue
            elif kind is BRING_IN and self.bring_in is None:
                self.bring_in = None if all_in else amount
            append(Action(no, street, seat, kind, amount, to, all_in))

    def bet_at(self, line: str, no: int) -> tuple[_Bet, int]:
        """A betting line read against the seat list, its errors in the line's order (the name, then
        the amounts): the way :func:`_read_bet` cannot take (an absurd amount, a name other seated names
        start with). The seat is 0 for a marker, which names nobody."""
        m: re.Match[str] = self.lines["BETTING"].match(line + "\n")  # type: ignore[assignment]
        if m["name"] is not None:
            seat, m = self.seat(m, "name", no)
        else:
            seat = 0 if m["returned_to"] is None else self.seat_exact(m["returned_to"], no, line)
        return _bet(m, lambda text: self.money(text, no, line)), seat

    @line_kind("SHOWDOWN")
    def showdown_line(self, tok: Token, no: int) -> None:
        """``*** SHOW DOWN ***`` (its place is all it says) and the results that follow it."""
        self.results(tok, no + 1, tok.index("\n") + 1, len(tok))

    @line_kind("RESULTS", run=True)
    def result_run(self, tok: Token, no: int) -> None:
        self.results(tok, no, 0, len(tok))

    @line_kind("RESULTS_SUMMARY", words="a showdown or pot line")
    def results_summary(self, tok: Token, no: int) -> None:
        """Results, then the summary line, the total line and the summary seat lines, without a break."""
        self.results_then_summary(tok, no, 0)

    @line_kind("SHOWDOWN_SUMMARY", words="'*** SHOW DOWN ***'")
    def showdown_summary(self, tok: Token, no: int) -> None:
        """The showdown line, its results, then the summary as in :meth:`results_summary`."""
        self.results_then_summary(tok, no, 1)

    def results_then_summary(self, tok: Token, no: int, first: int) -> None:
        """The result lines of ``tok`` from its line ``first`` to the summary line, then the summary."""
        lines = self.token_lines(tok, no)
        summary = lines.index(_SUMMARY_LINE)  # no result line reads as the summary line
        start, end = sum(map(len, lines[:first])) + first, sum(map(len, lines[:summary])) + summary
        self.results(tok, no + first, start, end)
        self.summary_at(tok, no + summary, end)

    def results(self, tok: Token, no: int, start: int, end: int) -> None:
        """The showdown and pot lines of ``tok`` from offset ``start`` to ``end`` (the first at file line
        ``no``)."""
        unique = self.unique
        for no, m in enumerate(self.lines["RESULTS"].finditer(tok, start, end), no):
            line = m[0]
            name, shown, description, mucks, collected, pot = m.group(
                "name", "shown", "description", "mucks", "collected", "pot"
            )
            if name is None:  # "No low hand qualified"
                self.events.append(Marker(no, self.street, "no-low"))
                continue
            seat = unique.get(name)
            if seat is None:
                seat, m = self.seat(m, "name", no)
                shown, description, mucks, collected, pot = m.group("shown", "description", "mucks", "collected", "pot")
            if shown is not None:
                self.showdown(seat, Show(no, seat, self.cards(shown, no, line), description))
            elif mucks is not None:
                self.showdown(seat, Muck(no, seat))
            else:
                self.events.append(Collect(no, seat, self.money(collected, no, line), pot))

    @line_kind("SUMMARY_SEATED")
    def summary_seated(self, tok: Token, no: int) -> None:
        """The summary line, the total line and the summary seat lines, without a break."""
        self.summary_at(tok, no, 0)

    def summary_at(self, tok: Token, no: int, start: int) -> None:
        """The summary line at offset ``start`` of ``tok`` (file line ``no``), the total line and the
        summary seat lines after it."""
        total = self.lines["TOTAL"].match(tok, tok.index("\n", start) + 1)
        self.total_fields(total, no + 1)  # type: ignore[arg-type]
        self.summary_seats(tok, no + 2, total.end())  # type: ignore[union-attr]

    @line_kind("TOTAL", words="'Total pot AMOUNT | Rake AMOUNT'")
    def total_line(self, tok: Token, no: int) -> None:
        self.total_fields(self.lines["TOTAL"].match(tok), no)  # type: ignore[arg-type]

    def total_fields(self, m: re.Match[str], no: int) -> None:
        line = m[0]
        total, pots, rake = m.group("total", "pots", "rake")
        self.total = self.money(total, no, line)
        self.rake = self.money(rake, no, line)
        self.pots = tuple(self.money(x, no, line) for x in _POT.findall(pots))

    @line_kind("BOARD", words="'Board [card]'")
    def board_line(self, tok: Token, no: int) -> None:
        cards = self.lines["BOARD"].match(tok)["cards"]  # type: ignore[index]
        self.board = self.cards(cards, no, tok)

    @line_kind("SUMMARY_SEATS", run=True)
    def summary_seat_run(self, tok: Token, no: int) -> None:
        self.summary_seats(tok, no, 0)

    def summary_seats(self, tok: Token, no: int, start: int) -> None:
        """``Seat N: X mucked [cards]`` reveals a mucked hand: the cards go onto that seat's Muck.
        Every other summary seat line repeats what the hand already said: it is a skipped line."""
        listed: set[int] = set()
        seat_number, skipped = self.seat_number, self.skipped.append
        for no, m in enumerate(self.lines["SUMMARY_SEATS"].finditer(tok, start), no):
            seat_text, mucked = m.group("seat", "mucked")
            seat = seat_number(seat_text, no, m[0])
            if seat in listed:
                self.warnings.append(ParseWarning(no, m[0].rstrip("\n"), f"the summary lists seat {seat} twice"))
            listed.add(seat)
            existing = self.shown.get(seat)
            if mucked is None or (existing is not None and isinstance(self.events[existing], Show)):
                skipped(SkippedLine(no, m[0][:-1]))  # the line without its "\n"
                continue
            at = self.events[existing].line if existing is not None else no
            self.showdown(seat, Muck(at, seat, self.cards(mucked, no, m[0])))  # type: ignore[arg-type]

    # -- the whole hand
    def seventh_street(self) -> None:
        """PokerStars prints no 7th-street line for opponents: their down card is dealt all the same."""
        index, added = self.deal_unseen_seventh(self.river, self.got_seventh)
        for seat, i in self.shown.items():
            if added and i >= index:
                self.shown[seat] = i + added

    def check_board(self) -> None:
        if self.board is None:
            return
        if self.community is False or self.board != (self.community,):
            self.warnings.append(
                ParseWarning(
                    self.block.start_line,
                    self.block.lines[0],
                    f"summary Board {list(self.board)} does not match the community card dealt on the river",
                )
            )

    def hand(self, header: HandHeader) -> Hand:
        self.seventh_street()
        self.check_board()
        return self.build(
            header,
            ante=self.ante,
            bring_in=self.bring_in,
            table=self.table,
            max_seats=self.max_seats,
            total_pot=self.total,
            rake=self.rake,
            printed_pots=self.pots,
        )


parse_hand = cancellable(_Builder.parse_hand, SITE, r"Hand cancelled", read_header)
