"""Write a :class:`Hand` as PokerStars text, line for line as the site prints it.

Why a writer: the simulator's hands must be readable by every tool that reads PokerStars files (ours
included, which closes the round trip simulate -> text -> parse -> replay), and ``studbook convert``
turns PHH hands into the format most trackers import.

The text is built from the hand's events alone. The summary's outcome lines (who folded on which street,
who showed and won, who collected) are derived from the ``Fold``/``Show``/``Muck``/``Collect`` events,
so no :class:`ReplayResult` is needed and a hand that breaks the rules is written exactly as recorded.

Who is the hero: nobody needs to be named. A ``Dealt to`` line prints every card of the seat that is
known, earlier ones in the first bracket, so the seat whose down cards are known reads like the hero
(``Dealt to Hero [5d Ks 2h]``, later ``[5d Ks 2h] [9c]``) and the others like opponents
(``Dealt to Villain [Kc]``, later ``[Kc] [7d]``); a deal of nothing known (an opponent's 7th-street card)
prints no line, as on the site.

What the model does not record, and the writer therefore cannot reproduce (see :class:`StarsStyle`):
the header word (``Game #`` before PokerStars renamed it ``Hand #``; pass ``StarsStyle(word="Game")``),
a local time zone printed beside ET (``2:36:31 CET [… ET]``: only the ET time is written), the Home
Game club name, the PokerTracker upper-case re-export, headers without the currency code, and the
summary's ``(button)`` tags. Noise lines (joins, chat, ``leaves the table``) are written back where
they were when the hand carries their line numbers, so a parsed hand comes back with them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, TextIO
from zoneinfo import ZoneInfo

from ..engine.cards import Card
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
    Money,
    Muck,
    Show,
    SkippedLine,
    UncalledReturn,
)

EASTERN = ZoneInfo("America/New_York")
HAND_SEPARATOR = "\n\n\n\n"
"""PokerStars ends each hand with three empty lines before the next header."""

GAME_NAMES: dict[Game, str] = {Game.STUD: "7 Card Stud", Game.STUD8: "7 Card Stud Hi/Lo", Game.RAZZ: "Razz"}
CURRENCY_SYMBOLS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£"}
MARKER_TEXT: dict[str, str] = {
    "double-bet": "Pair on board - a double bet is allowed",
    "capped": "Betting is capped",
    "no-low": "No low hand qualified",
}
STREET_HEADERS: dict[int, str] = {
    3: "*** 3rd STREET ***",
    4: "*** 4th STREET ***",
    5: "*** 5th STREET ***",
    6: "*** 6th STREET ***",
    7: "*** RIVER ***",
}
FOLD_STREETS: dict[int, str] = {3: "the 3rd Street", 4: "the 4th Street", 5: "the 5th Street",
                                6: "the 6th Street", 7: "the River"}
SUMMARY_HEADER = "*** SUMMARY ***"
SUMMARY_SEAT = re.compile(r"Seat \d+: ")
SHOWDOWN_HEADER = "*** SHOW DOWN ***"
VOLUNTARY: frozenset[ActionKind] = frozenset(
    {ActionKind.BRING_IN, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL}
)


@dataclass(frozen=True, slots=True)
class StarsStyle:
    """Spellings PokerStars changed over the years that the hand model does not record.

    ``word`` is ``"Hand"`` (the site's spelling since about 2010, and the default) or ``"Game"`` (older
    files). ``noise`` writes the hand's skipped lines (joins, chat ...) back in place.
    """

    word: str = "Hand"
    noise: bool = True


def format_stars_money(amount: Money, currency: str | None) -> str:
    """Money as PokerStars prints it: ``$0.04``, ``$1``, ``$3318`` for cash; ``1500`` for chips.

    Cents are printed only when there are some (``$1 in chips``, ``Rake $0``), unlike
    :func:`engine.model.format_money`, which always prints them for a currency.
    """
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    text = f"{whole}" if cents == 0 else f"{whole}.{cents:02d}"
    return f"{sign}{CURRENCY_SYMBOLS.get(currency or '', '')}{text}"


def write_pokerstars(hand: Hand, style: StarsStyle = StarsStyle()) -> str:
    """The hand as PokerStars text, without a trailing newline (see :func:`write_pokerstars_file`).

    Raises ``ValueError`` naming the hand for what PokerStars text cannot say: no start time, a
    marker kind it never prints, an event for a seat that is not seated.
    """
    return "\n".join(_Writer(hand, style).lines())


def write_pokerstars_file(hands: Iterable[Hand], out: TextIO, style: StarsStyle = StarsStyle()) -> int:
    """Write hands to ``out`` separated as PokerStars separates them; return how many were written.

    Streams one hand at a time, so a simulator can write millions of hands without holding them.
    """
    count = 0
    for hand in hands:
        if count:
            out.write(HAND_SEPARATOR)
        out.write(write_pokerstars(hand, style))
        count += 1
    if count:
        out.write("\n")
    return count


# --------------------------------------------------------------------------------------- the writer


class _Writer:
    """Turns one hand into lines; holds the little state the text needs (cards seen, street bet)."""

    def __init__(self, hand: Hand, style: StarsStyle) -> None:
        self.hand = hand
        self.style = style
        self.names = {s.seat: s.player for s in hand.seats}
        self.seen: dict[int, list[Card]] = {s.seat: [] for s in hand.seats}
        self.showdown = bool(showdown_seats(hand))
        self.street = 0
        self.street_bet: Money = 0
        self.brought_in = False
        self.shown_down = False

    def fail(self, what: str) -> ValueError:
        return ValueError(f"{self.hand.source_file}:{self.hand.source_line}: hand {self.hand.site_hand_id}: {what}")

    def money(self, amount: Money) -> str:
        return format_stars_money(amount, self.hand.currency)

    def name(self, seat: int) -> str:
        if seat not in self.names:
            raise self.fail(f"an event refers to seat {seat}, which is empty (seats: {sorted(self.names)})")
        return self.names[seat]

    # ----------------------------------------------------------------------------------- sections

    def lines(self) -> list[str]:
        out = [self.header(), self.table_line()]
        out += [
            f"Seat {s.seat}: {s.player} ({self.money(s.stack)} in chips)" + (" is sitting out" if s.sitting_out else "")
            for s in self.hand.seats
        ]
        noise = list(self.noise_lines())
        for event in self.hand.events:
            while noise and noise[0].line < event.line:
                out.append(noise.pop(0).text)
            out += self.event_lines(event)
        out += [n.text for n in noise]
        return out + self.summary()

    def header(self) -> str:
        hand = self.hand
        if hand.started_at is None:
            raise self.fail("has no start time; a PokerStars header needs one (set Hand.started_at)")
        game = f"{GAME_NAMES[hand.game]} Limit"
        stakes = f"{self.money(hand.small_bet)}/{self.money(hand.big_bet)}"
        when = _eastern(hand.started_at)
        prefix = f"PokerStars {self.style.word} #{hand.site_hand_id}:"
        if hand.tournament is None:
            code = f" {hand.currency}" if hand.currency else ""
            body = f"{hand.mixed} ({game}, {stakes}{code})" if hand.mixed else f"{game} ({stakes}{code})"
            return f"{prefix}  {body} - {when}"
        t = hand.tournament
        game_text = f"{hand.mixed} ({game})" if hand.mixed else game
        buy_in = f"{_buy_in(t.buy_in, t.fee, t.currency)} " if t.buy_in is not None else ""
        level = t.level or ""
        level_text = f" - {level if 'Level' in level else 'Level ' + level}" if level else ""
        chips = f"{format_stars_money(hand.small_bet, None)}/{format_stars_money(hand.big_bet, None)}"
        return f"{prefix} Tournament #{t.tournament_id}, {buy_in}{game_text}{level_text} ({chips}) - {when}"

    def table_line(self) -> str:
        size = f" {self.hand.max_seats}-max" if self.hand.max_seats else ""
        play = " (Play Money)" if self.hand.play_money and self.hand.tournament is None else ""
        return f"Table '{self.hand.table or ''}'{size}{play}"

    def noise_lines(self) -> list[SkippedLine]:
        """Skipped lines of the hand's body (chat, joins ...) in file order; the summary's seat lines,
        also skipped by the parser, are rebuilt from the events instead of copied."""
        if not self.style.noise:
            return []
        last = max((e.line for e in self.hand.events), default=self.hand.source_line)
        return sorted(
            (s for s in self.hand.skipped if not (s.line > last and SUMMARY_SEAT.match(s.text))),
            key=lambda s: s.line,
        )

    # ------------------------------------------------------------------------------------- events

    def event_lines(self, event: Event) -> list[str]:
        out: list[str] = []
        street = _street_of(event)
        if isinstance(event, CommunityCard):
            self.street = 7
            card = "??" if event.card is None else event.card.name
            return [f"{STREET_HEADERS[7]} [{card}]"]
        if street is not None and street != self.street:
            out.append(STREET_HEADERS[street])
            self.street, self.street_bet, self.brought_in = street, 0, False
        if isinstance(event, (Show, Muck, Collect)) and self.showdown and not self.shown_down:
            out.append(SHOWDOWN_HEADER)
            self.shown_down = True
        if isinstance(event, Action):
            out.append(self.action_line(event))
        elif isinstance(event, Deal):
            out += self.deal_lines(event)
        elif isinstance(event, Marker):
            if event.kind not in MARKER_TEXT:
                raise self.fail(f"marker {event.kind!r} has no PokerStars text (known: {', '.join(MARKER_TEXT)})")
            out.append(MARKER_TEXT[event.kind])
        elif isinstance(event, UncalledReturn):
            out.append(f"Uncalled bet ({self.money(event.amount)}) returned to {self.name(event.seat)}")
        elif isinstance(event, Show):
            desc = f" ({event.description})" if event.description else ""
            out.append(f"{self.name(event.seat)}: shows [{_cards(event.cards)}]{desc}")
        elif isinstance(event, Muck):
            out.append(f"{self.name(event.seat)}: " + ("mucks hand" if self.showdown else "doesn't show hand"))
        elif isinstance(event, Collect):
            out.append(f"{self.name(event.seat)} collected {self.money(event.amount)} from {event.pot}")
        return out

    def action_line(self, a: Action) -> str:
        name, m = self.name(a.seat), self.money
        kind = a.kind
        if kind == ActionKind.ANTE:
            text = f"posts the ante {m(a.amount)}"
        elif kind == ActionKind.BRING_IN:
            text = f"brings in for {m(a.amount)}"
            self.street_bet, self.brought_in = a.amount, True
        elif kind == ActionKind.COMPLETE:
            # PokerStars has no "completes": over a bring-in it is a raise, by the bring-in player a bet.
            to = a.to if a.to is not None else a.amount
            text = f"raises {m(to - self.street_bet)} to {m(to)}" if self.brought_in else f"bets {m(to)}"
            self.street_bet = to
        elif kind == ActionKind.BET:
            text = f"bets {m(a.amount)}"
            self.street_bet = a.amount
        elif kind == ActionKind.RAISE:
            if a.to is None:
                raise self.fail(f"line {a.line}: a raise without its 'to' amount cannot be written")
            text = f"raises {m(a.amount)} to {m(a.to)}"
            self.street_bet = a.to
        elif kind == ActionKind.CALL:
            text = f"calls {m(a.amount)}"
        elif kind == ActionKind.CHECK:
            text = "checks"
        else:
            text = "folds"
        return f"{name}: {text}" + (" and is all-in" if a.all_in else "")

    def deal_lines(self, d: Deal) -> list[str]:
        name = self.name(d.seat)
        new = [c for c in (*d.down, *d.up) if c is not None]
        before = self.seen[d.seat]
        if not new:
            return []
        line = f"Dealt to {name} " + (f"[{_cards(before)}] " if before else "") + f"[{_cards(new)}]"
        before.extend(new)
        return [line]

    # ------------------------------------------------------------------------------------ summary

    def summary(self) -> list[str]:
        hand = self.hand
        collected: dict[int, Money] = {}
        for e in hand.events:
            if isinstance(e, Collect):
                collected[e.seat] = collected.get(e.seat, 0) + e.amount
        rake = hand.rake if hand.rake is not None else 0
        total = hand.total_pot if hand.total_pot is not None else sum(collected.values()) + rake
        out = [SUMMARY_HEADER, f"Total pot {self.money(total)}{self.pot_list()} | Rake {self.money(rake)}"]
        board = [e.card for e in hand.events if isinstance(e, CommunityCard)]
        if board:
            out.append(f"Board [{_cards(board)}]")
        for seat in hand.seats:
            outcome = self.outcome(seat.seat, collected.get(seat.seat, 0))
            if outcome:
                out.append(f"Seat {seat.seat}: {seat.player} {outcome}")
        return out

    def pot_list(self) -> str:
        pots = self.hand.printed_pots
        if len(pots) < 2:
            return ""
        sides = [f"Side pot {self.money(p)}." for p in pots[1:]] if len(pots) == 2 else [
            f"Side pot-{i} {self.money(p)}." for i, p in enumerate(pots[1:], start=1)
        ]
        return f" Main pot {self.money(pots[0])}. " + " ".join(sides)

    def outcome(self, seat: int, collected: Money) -> str:
        """The summary's words for one seat, from the events: fold, show, muck or collect."""
        events = [e for e in self.hand.events if getattr(e, "seat", None) == seat]
        fold = next((e for e in events if isinstance(e, Action) and e.kind == ActionKind.FOLD), None)
        if fold is not None:
            didnt_bet = fold.street == 3 and not any(
                isinstance(e, Action) and e.street == 3 and e.kind in VOLUNTARY for e in events
            )
            return f"folded on {FOLD_STREETS[fold.street]}" + (" (didn't bet)" if didnt_bet else "")
        show = next((e for e in reversed(events) if isinstance(e, Show)), None)
        muck = next((e for e in reversed(events) if isinstance(e, Muck)), None)
        if self.showdown and show is not None:
            desc = f" with {show.description}" if show.description else ""
            result = f"won ({self.money(collected)})" if collected else "lost"
            return f"showed [{_cards(show.cards)}] and {result}{desc}"
        if self.showdown and muck is not None:
            return f"mucked [{_cards(muck.cards)}]" if muck.cards else "mucked"
        if collected:
            return f"collected ({self.money(collected)})"
        return "mucked" if self.showdown and events else ""


# ----------------------------------------------------------------------------------------- helpers


def _street_of(event: Event) -> int | None:
    """The street whose header must precede the event (antes come before the 3rd-street header)."""
    if isinstance(event, Action):
        return None if event.kind == ActionKind.ANTE else event.street
    if isinstance(event, (Deal, Marker)):
        return event.street
    return None


def showdown_seats(hand: Hand) -> frozenset[int]:
    """The seats still in at the end when two or more are (a showdown), else none.

    PokerStars prints ``*** SHOW DOWN ***`` and the summary's "showed/mucked" only then; PHH lets
    only these seats show or muck."""
    playing = {e.seat for e in hand.events if isinstance(e, (Action, Deal))}
    folded = {e.seat for e in hand.events if isinstance(e, Action) and e.kind == ActionKind.FOLD}
    alive = playing - folded
    return frozenset(alive) if len(alive) >= 2 else frozenset()


def _cards(cards: Iterable[Card | None]) -> str:
    return " ".join("??" if c is None else c.name for c in cards)


def _eastern(when: datetime) -> str:
    """``2009/11/26 10:08:43 ET``: the hour has no leading zero on PokerStars."""
    et = when.astimezone(EASTERN) if when.tzinfo is not None else when
    return f"{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET"


def _buy_in(buy_in: Money, fee: Money | None, currency: str | None) -> str:
    """``$200+$15 USD``, ``$2.00+$0.20 USD``, ``100+9``: cents on both sides as soon as one has them."""
    parts = [buy_in] + ([fee] if fee is not None else [])
    symbol = CURRENCY_SYMBOLS.get(currency or "", "")
    cents = any(p % 100 for p in parts)
    text = "+".join(f"{symbol}{p // 100}.{p % 100:02d}" if cents else f"{symbol}{p // 100}" for p in parts)
    return f"{text} {currency}" if currency else text
