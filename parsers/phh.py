"""PHH (Poker Hand History, the open TOML standard) read and write for the stud family.

Why PHH: it is the open exchange format of the poker-research world (PokerKit replays it), so a hand
written here can be checked by an independent engine, and hands recorded in PHH (the WSOP final-table
files) can be audited by ours.

Mapping (variants ``F7S`` stud, ``F7S/8`` stud8, ``FR`` razz; the PHH standard has no code for Five
Card Stud or 2-7 Razz, so those are written with studbook's own codes ``F5S`` and ``F27R``, which this
module reads back and other PHH readers, PokerKit among them, refuse as unknown variants):

- players ``p1..pn`` are the seats that take part in the hand, in seat order (stud has no button);
  ``seats``, ``players``, ``seat_count`` and ``table`` keep the seating. Seated players who take no part
  (sitting out, dealt nothing) cannot be PHH players: they go to the user field ``_idle_seats``.
- amounts are in the printed unit (``0.04`` for $0.04, ``1500`` for 1,500 chips) and read back exactly
  (TOML floats are read as decimals, never as binary floats); a value finer than 1/100 is an error.
- ``d dh pN ????7s`` deals (down, down, up on 3rd street; one up on 4th-6th; one down on 7th; ``??`` an
  unknown card), ``d db 6h`` the shared 7th-street card, ``pN pb`` the bring-in, ``pN cbr X`` a completion,
  bet or raise *to* X, ``pN cc`` check or call, ``pN f`` fold, ``pN sm CARDS`` show, ``pN sm`` muck.
  Reading ``cbr`` gives ``BET`` when nobody has bet on the street and ``RAISE`` (increment, to) otherwise,
  which is how PokerStars prints a completion too, so a PokerStars hand survives the trip unchanged.
- What PHH has no action for is written as a commentary, which PHH readers (PokerKit) skip:
  a show's description after the cards (``p3 sm 7sQs6c7h3sQh # two pair, Queens and Sevens``), a muck's
  cards revealed by the summary (``p5 sm # mucked KdKsJd4h9h2s``), and, as no-op actions in their place
  in the hand, ``# studbook collect p3 0.64 pot``, ``# studbook uncalled p3 0.08``,
  ``# studbook marker 4 double-bet``, and shows or mucks made outside a showdown
  (``# studbook show p4 3d3s5h4h Lo: 3,3,5,4``, ``# studbook muck p1``).
- the hand's identity and summary go to standard fields where PHH has them (``hand``, ``table``,
  ``currency``, ``year``/``month``/``day``/``time``/``time_zone``, ``winnings``, ``finishing_stacks``) and
  to user fields (``_site``, ``_mixed``, ``_play_money``, ``_tournament_id``, ``_buy_in``, ``_fee``,
  ``_buy_in_currency``, ``_level``, ``_total_pot``, ``_rake``, ``_printed_pots``, ``_ante_order`` when
  the antes were not posted in seat order) otherwise.

A PHH file from elsewhere has none of the ``studbook`` commentaries: reading it, the uncalled bet is the
one the engine's replay returns, and each player's collection is read from ``winnings`` or else from
``finishing_stacks`` (finish − start + invested), as one ``pot`` line per winner.

Not kept in PHH: noise lines (joins, chat), event line numbers, the source file name.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from dataclasses import dataclass
from datetime import datetime, time, timezone
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..engine.betting import StreetLedger
from ..engine.cards import Card
from ..engine.games import RULES
from ..engine.model import Action, ActionKind, Collect, CommunityCard, Deal, Event, Game, Hand, Marker, Money, Muck
from ..engine.model import Seat, Show, SkippedLine, Tournament, UncalledReturn
from ..engine.replay import nominal_bring_in, replay
from .amounts import amount_problem
from .chips import in_chips, in_hundredths
from .errors import ParseError
from .registry import profile_for
from .writing import amount_text, showdown_seats

VARIANTS: dict[str, Game] = {
    "F7S": Game.STUD,
    "F7S/8": Game.STUD8,
    "FR": Game.RAZZ,
    "F5S": Game.STUD5,
    "F27R": Game.RAZZ27,
}
STANDARD_VARIANTS = frozenset({"F7S", "F7S/8", "FR"})
"""The codes the PHH standard defines; ``F5S`` and ``F27R`` are studbook's (see the module docstring)."""
VARIANT_OF: dict[Game, str] = {game: code for code, game in VARIANTS.items()}
TAG = "studbook"
"""Commentaries this module writes start ``# studbook``; other commentaries are kept as skipped lines."""


def positions(game: Game) -> tuple[tuple[int, bool], ...]:
    """Card position (0-based, in dealing order) -> (street, is the card dealt face down?)."""
    return tuple((s.number, down) for s in RULES[game].streets for down in (True,) * s.down + (False,) * s.up)


POSITIONS: tuple[tuple[int, bool], ...] = positions(Game.STUD)
"""The seven-card games' positions."""
CARD_RE = re.compile(r"(?:[2-9TJQKA?][cdhs?])+")
EXPECTED_ACTION = (
    "'d dh pN CARDS', 'd db CARD', 'pN pb', 'pN cbr AMOUNT', 'pN cc', 'pN f', 'pN sm [CARDS]' or a '# commentary'"
)


# ------------------------------------------------------------------------------------------ writing


def write_phh(hand: Hand) -> str:
    """The hand as PHH text (TOML), its amounts in the printed unit as the site texts' are (a chip
    hand's whole chips: :func:`~.chips.in_hundredths`). Raises ``ValueError`` for what PHH cannot hold
    (no players)."""
    hand = in_hundredths(hand)
    players = _players(hand)
    if not players:
        raise ValueError(f"hand {hand.site_hand_id}: nobody takes part in it, and PHH needs players")
    index = {seat.seat: i + 1 for i, seat in enumerate(players)}
    antes = {s.seat: 0 for s in players}
    for e in hand.events:
        if isinstance(e, Action) and e.kind == ActionKind.ANTE:
            antes[e.seat] += e.amount
    bring_in = nominal_bring_in(hand)  # the stakes' bring-in, also when the low card was all-in for less
    result = replay(hand, profile_for(hand))  # never raises: a hand that breaks the rules is still written as recorded
    ante_order = [index[e.seat] for e in hand.events if isinstance(e, Action) and e.kind == ActionKind.ANTE]
    fields: list[tuple[str, Any]] = [
        ("variant", VARIANT_OF[hand.game]),
        ("ante_trimming_status", True),
        ("antes", [_Amount(antes[s.seat]) for s in players]),
        # PHH requires a bring-in; when the hand never shows it (the low card completed), write half the
        # small bet, PokerStars' ratio, and say so, so that reading gives back "unknown".
        ("bring_in", _Amount(bring_in if bring_in is not None else hand.small_bet // 2)),
        ("small_bet", _Amount(hand.small_bet)),
        ("big_bet", _Amount(hand.big_bet)),
        ("starting_stacks", [_Amount(s.stack) for s in players]),
        ("actions", _actions(hand, index)),
        ("hand", int(hand.site_hand_id) if hand.site_hand_id.isdigit() else hand.site_hand_id),
        ("table", hand.table),
        ("seat_count", hand.max_seats),
        ("seats", [s.seat for s in players]),
        ("players", [s.player for s in players]),
        ("currency", hand.currency),
        (
            "finishing_stacks",
            [_Amount(s.stack - result.invested.get(s.seat, 0) + result.collected.get(s.seat, 0)) for s in players],
        ),
        ("winnings", [_Amount(result.collected.get(s.seat, 0)) for s in players]),
        ("_site", hand.site),
        ("_mixed", hand.mixed),
        ("_play_money", hand.play_money or None),
        ("_bring_in_unknown", True if bring_in is None else None),
        ("_total_pot", None if hand.total_pot is None else _Amount(hand.total_pot)),
        ("_rake", None if hand.rake is None else _Amount(hand.rake)),
        ("_printed_pots", [_Amount(p) for p in hand.printed_pots] or None),
        (
            "_idle_seats",
            [
                {"seat": s.seat, "player": s.player, "stack": _Amount(s.stack), "sitting_out": s.sitting_out}
                for s in hand.seats
                if s.seat not in index
            ]
            or None,
        ),
        ("_sitting_out", [s.sitting_out for s in players] if any(s.sitting_out for s in players) else None),
        ("_ante_order", ante_order if ante_order != sorted(ante_order) else None),
    ]
    if hand.started_at is not None:
        fields += _time_fields(hand.started_at)
    if hand.tournament is not None:
        t = hand.tournament
        fields += [
            ("_tournament_id", t.tournament_id),
            ("_buy_in", None if t.buy_in is None else _Amount(t.buy_in)),
            ("_fee", None if t.fee is None else _Amount(t.fee)),
            ("_buy_in_currency", t.currency),
            ("_level", t.level),
        ]
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields if value is not None)


def _players(hand: Hand) -> list[Seat]:
    """The seats that take part (anted, were dealt or acted), in seat order: PHH's p1..pn."""
    active = {e.seat for e in hand.events if isinstance(e, (Action, Deal))}
    return sorted((s for s in hand.seats if s.seat in active), key=lambda s: s.seat)


def _actions(hand: Hand, index: dict[int, int]) -> list[str]:
    """The ``actions`` array: one string per event, commentaries for what PHH cannot act out."""
    showdown = showdown_seats(hand)
    ledger = StreetLedger()
    return [
        _action_text(e, index, showdown, ledger)
        for e in _phh_order(hand.events, showdown)
        if not (isinstance(e, Action) and e.kind == ActionKind.ANTE)
    ]


def _phh_order(events: tuple[Event, ...], showdown: frozenset[int]) -> list[Event]:
    """Events in PHH order: when the betting ends before 7th street (all-in), PHH shows the hands right
    then, before the remaining cards are dealt; PokerStars prints the showdown after them."""
    last_bet = max((i for i, e in enumerate(events) if isinstance(e, Action) and e.kind != ActionKind.ANTE), default=-1)
    run_out = next((i for i, e in enumerate(events) if i > last_bet and isinstance(e, Deal)), None)
    if run_out is None:
        return list(events)
    shows = [e for e in events[run_out:] if isinstance(e, (Show, Muck)) and e.seat in showdown]
    rest = [e for e in events[run_out:] if not (isinstance(e, (Show, Muck)) and e.seat in showdown)]
    return [*events[:run_out], *shows, *rest]


def _action_text(e: Event, index: dict[int, int], showdown: frozenset[int], ledger: StreetLedger) -> str:
    """One event as a PHH action string (or a commentary no-op); ``ledger`` follows the street's chips,
    as PHH's ``cbr`` names the street total a bet or raise reaches."""
    if isinstance(e, Action):
        p = f"p{index[e.seat]}"
        ledger.record(e)
        if e.kind == ActionKind.BRING_IN:
            return f"{p} pb"
        if e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
            return f"{p} cbr {_Amount(ledger.contributed(e.seat))}"
        return f"{p} cc" if e.kind in (ActionKind.CALL, ActionKind.CHECK) else f"{p} f"
    if isinstance(e, Deal):
        return f"d dh p{index[e.seat]} {_phh_cards((*e.down, *e.up))}"
    if isinstance(e, CommunityCard):
        return f"d db {_phh_cards((e.card,))}"
    if isinstance(e, Show):
        if e.seat in showdown:
            return f"p{index[e.seat]} sm {_phh_cards(e.cards)}" + (f" # {e.description}" if e.description else "")
        return f"# {TAG} show p{index[e.seat]} {_phh_cards(e.cards)}" + (f" {e.description}" if e.description else "")
    if isinstance(e, Muck):
        if e.seat in showdown:
            return f"p{index[e.seat]} sm" + (f" # mucked {_phh_cards(e.cards)}" if e.cards else "")
        return f"# {TAG} muck p{index[e.seat]}" + (f" {_phh_cards(e.cards)}" if e.cards else "")
    if isinstance(e, Collect):
        return f"# {TAG} collect p{index[e.seat]} {_Amount(e.amount)} {e.pot}"
    if isinstance(e, UncalledReturn):
        return f"# {TAG} uncalled p{index[e.seat]} {_Amount(e.amount)}"
    assert isinstance(e, Marker)
    return f"# {TAG} marker {e.street} {e.kind}"


def _time_fields(when: datetime) -> list[tuple[str, Any]]:
    """PHH has a local date and time plus an IANA zone: keep the hand's own zone when it has a name."""
    zone = getattr(when.tzinfo, "key", None)
    if zone is None:
        when, zone = when.astimezone(timezone.utc), "UTC"
    return [
        ("year", when.year),
        ("month", when.month),
        ("day", when.day),
        ("time", when.time().replace(tzinfo=None)),
        ("time_zone", zone),
    ]


@dataclass(frozen=True, slots=True)
class _Amount:
    """Hundredths, written in the printed unit: ``4`` -> ``0.04``, ``150000`` -> ``1500``."""

    hundredths: Money

    def __str__(self) -> str:
        return amount_text(self.hundredths)


def _toml(value: Any) -> str:
    """One TOML value; only the types ``write_phh`` produces."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, _Amount)):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML form for {value!r}")


def _toml_string(text: str) -> str:
    """A TOML basic string: backslash, quote and control characters escaped, the rest as is (UTF-8)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _phh_cards(cards: Iterable[Card | None]) -> str:
    return "".join("??" if c is None else c.name for c in cards)


# ------------------------------------------------------------------------------------------ reading


def read_phh(source: str | os.PathLike[str], source_file: str | None = None) -> Hand:
    """A Hand from PHH: ``source`` is a path, or the TOML text itself.

    Raises :class:`ParseError` (file, line, offending text, what was expected) for anything that is not
    a stud-family PHH hand this module can read.
    """
    if isinstance(source, os.PathLike) or ("\n" not in source and Path(source).is_file()):
        path = Path(source)
        data = path.read_bytes()
        name = source_file or str(path)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:  # TOML is UTF-8: a bad byte is this hand's error, at its line
            line = data.count(b"\n", 0, err.start) + 1
            shown = data.split(b"\n")[line - 1].decode("utf-8", "replace")
            raise ParseError(
                name,
                line,
                shown,
                "UTF-8 text (PHH files are TOML, which is UTF-8)",
                f"byte 0x{data[err.start]:02x} is not UTF-8",
            ) from None
    else:
        text, name = str(source), source_file or "<text>"
    return _Reader(text, name).hand()


class _Reader:
    """Reads one PHH document; keeps per-street commitments to tell a bet from a raise."""

    def __init__(self, text: str, name: str) -> None:
        self.text, self.name = text, name
        self.lines = text.splitlines()
        try:
            self.doc: dict[str, Any] = tomllib.loads(text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as err:
            line = _line_of_error(err)
            raise ParseError(
                name, line, self._line_text(line), "a TOML document (PHH)", f"not valid TOML: {err}"
            ) from None

    # ----------------------------------------------------------------------------- small helpers

    def _line_text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def key_line(self, key: str) -> int:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        return next((i for i, text in enumerate(self.lines, 1) if pattern.match(text)), 1)

    def error(self, key: str, expected: str, message: str, line: int | None = None) -> ParseError:
        line = line or self.key_line(key)
        return ParseError(self.name, line, self._line_text(line), expected, message)

    def field(self, key: str, required: bool = True) -> Any:
        if key not in self.doc:
            if required:
                raise self.error(key, f"a '{key} = ...' field", f"the required PHH field '{key}' is missing")
            return None
        return self.doc[key]

    def money(self, key: str, value: Any, line: int | None = None) -> Money:
        """An exact amount in hundredths; floats arrive as Decimal, so 0.07 is 7, never 6.9999."""
        try:
            number = Decimal(value) if isinstance(value, (int, Decimal, str)) and not isinstance(value, bool) else None
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite():
            raise self.error(key, "a finite amount (integer or decimal)", f"{key}: {value!r} is not an amount", line)
        hundredths = number * 100
        if hundredths != hundredths.to_integral_value():
            raise self.error(key, "amounts in steps of 0.01", f"{key}: {value} is finer than 1/100 of a unit", line)
        problem = amount_problem(abs(int(hundredths)))
        if problem is not None:
            raise self.error(key, "an amount a table can hold", f"{key}: {problem}", line)
        return int(hundredths)

    def per_player(self, key: str, count: int, default: list[Any]) -> list[Any]:
        """An optional array with one entry per player (``seats``, ``players`` ...); ``default`` when absent."""
        values = self.field(key, required=False)
        if not values:
            return default
        if not isinstance(values, list) or len(values) != count:
            raise self.error(
                key,
                f"an array of {count} entries, one per player as in starting_stacks",
                f"{key} must list one entry per player",
            )
        return values

    def amounts(self, key: str, count: int) -> list[Money]:
        values = self.field(key)
        if not isinstance(values, list) or len(values) != count:
            raise self.error(
                key, f"an array of {count} amounts (one per player)", f"{key} must list one amount per player"
            )
        return [self.money(key, v) for v in values]

    # ------------------------------------------------------------------------------------- hand

    def hand(self) -> Hand:
        variant = self.field("variant")
        if variant not in VARIANTS:
            raise self.error("variant", ", ".join(VARIANTS), f"variant {variant!r} is not a stud-family game")
        stacks_raw = self.field("starting_stacks")
        if not isinstance(stacks_raw, list) or not stacks_raw:
            raise self.error("starting_stacks", "an array of stacks", "starting_stacks must list the players")
        count = len(stacks_raw)
        stacks = self.amounts("starting_stacks", count)
        seat_numbers = self.per_player("seats", count, list(range(1, count + 1)))
        names = self.per_player("players", count, [f"p{i}" for i in range(1, count + 1)])
        sitting = self.per_player("_sitting_out", count, [False] * count)
        seats = [
            Seat(int(n), str(p) or f"p{i}", s, bool(o))
            for i, (n, p, s, o) in enumerate(zip(seat_numbers, names, stacks, sitting), 1)
        ]
        idle = [
            Seat(
                int(d["seat"]),
                str(d["player"]),
                self.money("_idle_seats", d["stack"]),
                bool(d.get("sitting_out", False)),
            )
            for d in self.field("_idle_seats", required=False) or []
        ]
        antes = self.amounts("antes", count)
        bring_in = self.money("bring_in", self.field("bring_in"))
        moves = _Replay(self, [s.seat for s in seats], stacks, antes, bring_in, VARIANTS[variant])
        events, skipped = moves.run()
        tournament_id = self.field("_tournament_id", required=False)
        hand_id = self.field("hand", required=False)
        hand = Hand(
            site=self.field("_site", required=False) or "phh",
            site_hand_id="" if hand_id is None else str(hand_id),
            game=VARIANTS[variant],
            small_bet=self.money("small_bet", self.field("small_bet")),
            big_bet=self.money("big_bet", self.field("big_bet")),
            seats=tuple(sorted(seats + idle, key=lambda s: s.seat)),
            events=tuple(events),
            source_file=self.name,
            source_line=1,
            mixed=self.field("_mixed", required=False),
            ante=max(antes) or None,
            bring_in=None if self.field("_bring_in_unknown", required=False) else bring_in,
            currency=self.field("currency", required=False),
            play_money=bool(self.field("_play_money", required=False)),
            tournament=None
            if tournament_id is None
            else Tournament(
                tournament_id=str(tournament_id),
                buy_in=self.optional_money("_buy_in"),
                fee=self.optional_money("_fee"),
                currency=self.field("_buy_in_currency", required=False),
                level=self.field("_level", required=False),
            ),
            table=None if self.field("table", required=False) is None else str(self.field("table")),
            max_seats=self.field("seat_count", required=False),
            started_at=self.started_at(),
            total_pot=self.optional_money("_total_pot"),
            rake=self.optional_money("_rake"),
            printed_pots=tuple(
                self.money("_printed_pots", p) for p in self.field("_printed_pots", required=False) or ()
            ),
            skipped=tuple(skipped),
        )
        read = in_chips(hand if moves.annotated else self.completed(hand))  # the model's unit: parsers/chips.py
        if isinstance(read, ParseError):
            raise read
        return read

    def optional_money(self, key: str, default: Money | None = None) -> Money | None:
        value = self.field(key, required=False)
        return default if value is None else self.money(key, value)

    def started_at(self) -> datetime | None:
        """Date and time when the file gives both (PHH's local time in ``time_zone``, else UTC)."""
        parts = [self.field(k, required=False) for k in ("year", "month", "day", "time")]
        if any(p is None for p in parts):
            return None
        year, month, day, clock = parts
        if not all(isinstance(v, int) for v in (year, month, day)) or not isinstance(clock, time):
            raise self.error(
                "time",
                "whole numbers for year, month and day and a TOML local time such as 'time = 12:30:00'",
                "the hand's date or time is not a date and time",
            )
        zone_name = self.field("time_zone", required=False)
        try:
            zone = ZoneInfo(zone_name) if zone_name else timezone.utc
        except (ZoneInfoNotFoundError, ValueError):
            raise self.error(
                "time_zone", "an IANA time zone such as 'America/New_York'", f"unknown time zone {zone_name!r}"
            ) from None
        try:
            return datetime(year, month, day, clock.hour, clock.minute, clock.second, tzinfo=zone)
        except ValueError as err:  # "month must be in 1..12", "day is out of range for month" ...
            key = next((k for k in ("day", "month", "year") if str(err).startswith(k)), "year")
            raise self.error(key, "a calendar date", f"no such date: {err}") from None

    def completed(self, hand: Hand) -> Hand:
        """Add what a foreign PHH file implies but does not state: the uncalled bet (the engine's
        replay says which) and who collected what (from ``winnings``, else from ``finishing_stacks``)."""
        result = replay(hand, profile_for(hand))
        events = list(hand.events)
        last_action = max((i for i, e in enumerate(events) if isinstance(e, Action)), default=-1)
        line = events[last_action].line if last_action >= 0 else self.key_line("actions")
        returns = [UncalledReturn(line, seat, amount) for seat, amount in result.returned.items() if amount > 0]
        events[last_action + 1 : last_action + 1] = returns
        players = [e for e in hand.seats if e.seat in result.invested]
        if self.field("winnings", required=False) is not None:
            collected = self.amounts("winnings", len(players))
        elif self.field("finishing_stacks", required=False) is not None:
            ends = self.amounts("finishing_stacks", len(players))
            collected = [end - s.stack + result.invested[s.seat] for s, end in zip(players, ends)]
        else:
            return dataclasses.replace(hand, events=tuple(events))
        events += [Collect(line, s.seat, amount, "pot") for s, amount in zip(players, collected) if amount > 0]
        total = sum(result.invested.values())
        return dataclasses.replace(
            hand, events=tuple(events), total_pot=total, rake=total - sum(a for a in collected if a > 0)
        )


# ------------------------------------------------------------------------------ the action replay


class _Replay:
    """Turns the ``actions`` array into events: PHH names a move by what it does to the street (``cbr``
    raises to a total, ``cc`` checks or calls whatever is due), so the engine's street ledger says which
    model action each one is; this class keeps only the stacks (to mark all-ins) and the cards."""

    def __init__(
        self, reader: _Reader, seats: list[int], stacks: list[Money], antes: list[Money], bring_in: Money, game: Game
    ) -> None:
        self.r = reader
        self.rules = RULES[game]
        self.positions = positions(game)
        self.seats = seats
        self.left = dict(zip(seats, stacks))
        self.bring_in = bring_in
        self.dealt: dict[int, list[Card | None]] = {s: [] for s in seats}
        self.annotated = False  # written by write_phh: collections and uncalled bets are stated
        self.street = self.rules.first_street
        # the nominal bring-in: all-in for less, his short bring-in is his whole wager, but the others
        # still enter for the full one (docs/rules.md §2), and the ledger measures calls against it
        self.ledger = StreetLedger(seats, bring_in)
        self.events: list[Event] = []
        self.skipped: list[SkippedLine] = []
        self.line_of = self._action_lines()
        line = reader.key_line("antes")
        order = reader.field("_ante_order", required=False) or range(1, len(seats) + 1)
        for player in order:
            seat, ante = seats[player - 1], antes[player - 1]
            if ante:
                self.left[seat] -= ante
                self.events.append(Action(line, self.street, seat, ActionKind.ANTE, ante, all_in=self.left[seat] <= 0))

    def _action_lines(self) -> list[int]:
        """The line of each action string, found in order after the ``actions`` key."""
        actions = self.r.field("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise self.r.error("actions", "an array of strings", "actions must be an array of strings")
        start = sum(len(text) + 1 for text in self.r.lines[: self.r.key_line("actions") - 1])
        lines, pos = [], start
        for action in actions:
            found = self.r.text.find(action, pos)
            if found >= 0:
                pos = found + len(action)
            lines.append(self.r.text.count("\n", 0, max(found, start)) + 1)
        return lines

    def run(self) -> tuple[list[Event], list[SkippedLine]]:
        for text, line in zip(self.r.field("actions"), self.line_of):
            self.apply(text.strip(), line)
        return self.showdown_last(), self.skipped

    def showdown_last(self) -> list[Event]:
        """Shows made before the last cards were dealt (an all-in showdown in PHH) move after the
        deals, where hand histories print the showdown; the order of everything else is kept."""
        last_deal = max((i for i, e in enumerate(self.events) if isinstance(e, (Deal, CommunityCard))), default=-1)
        early = [e for e in self.events[:last_deal] if isinstance(e, (Show, Muck))]
        if not early:
            return self.events
        kept = [e for e in self.events[: last_deal + 1] if not isinstance(e, (Show, Muck))]
        return kept + early + self.events[last_deal + 1 :]

    def fail(self, line: int, text: str, message: str) -> ParseError:
        return ParseError(self.r.name, line, text, EXPECTED_ACTION, message)

    def seat(self, token: str, line: int, text: str) -> int:
        if re.fullmatch(r"p\d+", token) and 1 <= int(token[1:]) <= len(self.seats):
            return self.seats[int(token[1:]) - 1]
        raise self.fail(line, text, f"{token!r} is not a player (p1..p{len(self.seats)})")

    def cards(self, token: str, line: int, text: str) -> tuple[Card | None, ...]:
        if not CARD_RE.fullmatch(token):
            raise self.fail(line, text, f"{token!r} is not a run of cards like '7sAh??'")
        return tuple(None if "?" in token[i : i + 2] else Card.parse(token[i : i + 2]) for i in range(0, len(token), 2))

    def apply(self, text: str, line: int) -> None:
        body, _, comment = text.partition("#")
        words, comment = body.split(), comment.strip()
        if not words:
            if comment.startswith(TAG + " "):
                self.annotation(comment[len(TAG) + 1 :], line, text)
            elif comment:
                self.skipped.append(SkippedLine(line, f"# {comment}"))
            return
        match words:
            case ["d", "dh", player, cards]:
                self.deal(self.seat(player, line, text), self.cards(cards, line, text), line, text)
            case ["d", "db", cards]:
                for card in self.cards(cards, line, text):
                    self.to_street(self.rules.last_street)
                    self.events.append(CommunityCard(line, card))
            case [player, "pb"]:
                seat = self.seat(player, line, text)
                chips, all_in = self.spend(seat, self.bring_in)
                self.events.append(self.ledger.bet(line, self.street, seat, ActionKind.BRING_IN, chips, all_in))
            case [player, "cbr", amount]:
                seat = self.seat(player, line, text)
                to = self.r.money("actions", amount, line)
                ledger = self.ledger
                chips, all_in = self.spend(seat, to - ledger.contributed(seat))
                if ledger.level == 0:
                    action = ledger.bet(line, self.street, seat, ActionKind.BET, chips, all_in)
                else:
                    action = ledger.raise_to(line, self.street, seat, ActionKind.RAISE, to, all_in)
                self.events.append(action)
            case [player, "cc"]:
                seat = self.seat(player, line, text)
                chips, all_in = self.spend(seat, self.ledger.to_call(seat))
                if chips > 0:
                    self.events.append(self.ledger.call_adding(line, self.street, seat, chips, all_in))
                else:
                    self.events.append(Action(line, self.street, seat, ActionKind.CHECK))
            case [player, "f"]:
                self.events.append(Action(line, self.street, self.seat(player, line, text), ActionKind.FOLD))
            case [player, "sm", *shown] if len(shown) <= 1:
                seat = self.seat(player, line, text)
                if shown:
                    revealed = tuple(self.dealt[seat]) if shown[0] == "-" else self.cards(shown[0], line, text)
                    self.events.append(Show(line, seat, revealed, comment or None))
                else:
                    mucked = comment.removeprefix("mucked ").strip() if comment.startswith("mucked ") else ""
                    self.events.append(Muck(line, seat, self.known(mucked, line, text)))
            case _:
                raise self.fail(line, text, "not a PHH action of a stud game")

    def known(self, token: str, line: int, text: str) -> tuple[Card, ...]:
        """The cards of a muck that are known: a ``Muck`` records only what the table saw."""
        return tuple(c for c in self.cards(token, line, text) if c is not None) if token else ()

    def annotation(self, note: str, line: int, text: str) -> None:
        """A ``# studbook ...`` commentary written by :func:`write_phh`."""
        kind, _, rest = note.partition(" ")
        parts = rest.split(" ", 2)
        self.annotated = True
        if kind == "collect" and len(parts) == 3:
            seat = self.seat(parts[0], line, text)
            self.events.append(Collect(line, seat, self.r.money("actions", parts[1], line), parts[2]))
        elif kind == "uncalled" and len(parts) == 2:
            seat = self.seat(parts[0], line, text)
            self.events.append(UncalledReturn(line, seat, self.r.money("actions", parts[1], line)))
        elif kind == "marker" and len(parts) == 2 and parts[0].isdigit():
            self.events.append(Marker(line, int(parts[0]), parts[1]))
        elif kind == "show" and len(parts) >= 2:
            desc = " ".join(parts[2:]) or None
            self.events.append(Show(line, self.seat(parts[0], line, text), self.cards(parts[1], line, text), desc))
        elif kind == "muck" and parts and parts[0]:
            self.events.append(
                Muck(line, self.seat(parts[0], line, text), self.known(parts[1] if len(parts) > 1 else "", line, text))
            )
        else:
            raise self.fail(
                line, text, f"unknown studbook commentary {note!r} (collect, uncalled, marker, show or muck)"
            )

    def spend(self, seat: int, chips: Money) -> tuple[Money, bool]:
        """What ``seat`` can put in of ``chips`` (no more than his stack), and whether it leaves him all-in."""
        chips = min(chips, self.left[seat])
        self.left[seat] -= chips
        return chips, self.left[seat] <= 0

    def to_street(self, street: int) -> None:
        """Cards of a new street were dealt: its betting starts from nothing."""
        if street != self.street:
            self.street = street
            self.ledger.start_street(street)

    def deal(self, seat: int, cards: tuple[Card | None, ...], line: int, text: str) -> None:
        """Cards in dealing order; each one's street and face follow from how many the seat already has."""
        have, order = self.dealt[seat], self.positions
        if len(have) + len(cards) > len(order):
            raise self.fail(line, text, f"more than {len(order)} cards dealt to p{self.seats.index(seat) + 1}")
        by_street: dict[int, tuple[list[Card | None], list[Card | None]]] = {}
        for card in cards:
            street, face_down = order[len(have)]
            by_street.setdefault(street, ([], []))[0 if face_down else 1].append(card)
            have.append(card)
        for street, (down, up) in by_street.items():
            self.to_street(street)
            self.events.append(Deal(line, street, seat, tuple(down), tuple(up)))


def _line_of_error(err: tomllib.TOMLDecodeError) -> int:
    found = re.search(r"line (\d+)", str(err))
    return int(found.group(1)) if found else 1
