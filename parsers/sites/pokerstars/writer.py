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
from functools import lru_cache
from typing import Any, Callable, Iterable, TextIO

from ....engine.betting import StreetLedger
from ....engine.cards import Card, format_cards
from ....engine.games import RULES
from ....engine.model import (
    CURRENCY_SYMBOLS,
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
from ....engine.replay import nominal_bring_in
from ...writing import EASTERN, SeatedWriter, body_noise, write_events, write_separated

HAND_SEPARATOR = "\n\n\n\n"
"""PokerStars ends each hand with three empty lines before the next header."""

GAME_NAMES: dict[Game, str] = {
    Game.STUD: "7 Card Stud",
    Game.STUD8: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
    Game.STUD5: "5 Card Stud",
    Game.RAZZ27: "2-7 Razz",
}
"""PokerStars' names; it never dealt Five Card Stud or 2-7 Razz, so those two are the games' usual names
in its style (parsers/sites/pokerstars/reader.py reads them back)."""
MARKER_TEXT: dict[str, str] = {
    "double-bet": "Pair on board - a double bet is allowed",
    "capped": "Betting is capped",
    "no-low": "No low hand qualified",
}
STREET_HEADERS: dict[int, str] = {
    2: "*** 2nd STREET ***",
    3: "*** 3rd STREET ***",
    4: "*** 4th STREET ***",
    5: "*** 5th STREET ***",
    6: "*** 6th STREET ***",
    7: "*** RIVER ***",
}
"""Every game's street headers: the seven-card games' 3rd to RIVER, Five Card Stud's 2nd to 5th."""
FOLD_STREETS: dict[int, str] = {
    2: "the 2nd Street",
    3: "the 3rd Street",
    4: "the 4th Street",
    5: "the 5th Street",
    6: "the 6th Street",
    7: "the River",
}
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


@lru_cache(maxsize=4096)
def format_stars_money(amount: Money, currency: str | None) -> str:
    """Money as PokerStars prints it: ``$0.04``, ``$1``, ``$3318`` for cash; ``1500`` for chips.

    Cents are printed only when there are some (``$1 in chips``, ``Rake $0``), unlike
    :func:`engine.model.format_money`, which always prints them for a currency. Cached: a hand prints
    the same few amounts (antes, bets, calls) again and again, a file the same stakes in every hand.
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

    Streams one hand at a time (:func:`~.writing.write_separated`).
    """
    return write_separated(hands, out, lambda hand: write_pokerstars(hand, style), HAND_SEPARATOR)


# --------------------------------------------------------------------------------------- the writer


class _Writer(SeatedWriter):
    """Turns one hand into lines; holds the little state the text needs (cards seen, the street's betting)."""

    def __init__(self, hand: Hand, style: StarsStyle) -> None:
        super().__init__(hand)
        self.style = style
        self.seen: dict[int, str] = {}
        """Each seat's known cards so far, as its next ``Dealt to`` line prints them in the first bracket."""
        self.showdown = bool(showdown_seats(hand))
        self.street = 0
        self.ledger = StreetLedger(bring_in=nominal_bring_in(hand))
        """The engine's street ledger: what a completion, which PokerStars prints as a raise, raises over."""
        self.shown_down = False

    def money(self, amount: Money) -> str:
        return format_stars_money(amount, self.hand.currency)

    # ----------------------------------------------------------------------------------- sections

    def lines(self) -> list[str]:
        out = [self.header(), self.table_line()]
        out += [
            f"Seat {s.seat}: {s.player} ({self.money(s.stack)} in chips)" + (" is sitting out" if s.sitting_out else "")
            for s in self.hand.seats
        ]
        write_events(
            self.hand.events, self.noise_lines(), lambda event: _EVENT_WRITERS[type(event)](self, event, out), out
        )
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
        """The hand's skipped lines (chat, joins ...: :func:`.writing.body_noise`), unless the style
        leaves them out."""
        if not self.style.noise or not self.hand.skipped:
            return []
        return body_noise(self.hand, SUMMARY_SEAT)

    # ------------------------------------------------------------------------------------- events
    # One method per event type (see _EVENT_WRITERS), each appending the event's lines to ``out``.

    def enter_street(self, street: int, out: list[str]) -> None:
        """The street's header before its first deal, action or marker."""
        if street != self.street:
            out.append(STREET_HEADERS[street])
            self.street = street

    def enter_showdown(self, out: list[str]) -> None:
        """``*** SHOW DOWN ***`` before the first show, muck or collection of a hand that has a showdown."""
        if self.showdown and not self.shown_down:
            out.append(SHOWDOWN_HEADER)
            self.shown_down = True

    def write_action(self, a: Action, out: list[str]) -> None:
        if a.kind is not ActionKind.ANTE:  # antes come before the 3rd-street header
            self.enter_street(a.street, out)
        out.append(self.action_line(a))

    def write_deal(self, d: Deal, out: list[str]) -> None:
        """A ``Dealt to`` line: the seat's earlier known cards in the first bracket, the new ones in the
        second; nothing for a deal of unknown cards (an opponent's 7th-street card)."""
        self.enter_street(d.street, out)
        name = self.name(d.seat)
        new = format_cards([c for c in (*d.down, *d.up) if c is not None])
        if not new:
            return
        before = self.seen.get(d.seat)
        if before:
            out.append(f"Dealt to {name} [{before}] [{new}]")
            self.seen[d.seat] = f"{before} {new}"
        else:
            out.append(f"Dealt to {name} [{new}]")
            self.seen[d.seat] = new

    def write_community(self, c: CommunityCard, out: list[str]) -> None:
        self.street = 7
        out.append(f"{STREET_HEADERS[7]} [{format_cards((c.card,))}]")

    def write_marker(self, m: Marker, out: list[str]) -> None:
        self.enter_street(m.street, out)
        if m.kind not in MARKER_TEXT:
            raise self.fail(f"marker {m.kind!r} has no PokerStars text (known: {', '.join(MARKER_TEXT)})")
        out.append(MARKER_TEXT[m.kind])

    def write_uncalled(self, u: UncalledReturn, out: list[str]) -> None:
        out.append(f"Uncalled bet ({self.money(u.amount)}) returned to {self.name(u.seat)}")

    def write_show(self, show: Show, out: list[str]) -> None:
        self.enter_showdown(out)
        desc = f" ({show.description})" if show.description else ""
        out.append(f"{self.name(show.seat)}: shows [{format_cards(show.cards)}]{desc}")

    def write_muck(self, muck: Muck, out: list[str]) -> None:
        self.enter_showdown(out)
        out.append(f"{self.name(muck.seat)}: " + ("mucks hand" if self.showdown else "doesn't show hand"))

    def write_collect(self, c: Collect, out: list[str]) -> None:
        self.enter_showdown(out)
        out.append(f"{self.name(c.seat)} collected {self.money(c.amount)} from {c.pot}")

    def action_line(self, a: Action) -> str:
        name, m = self.name(a.seat), self.money
        kind = a.kind
        if kind is ActionKind.ANTE:
            text = f"posts the ante {m(a.amount)}"
        elif kind is ActionKind.BRING_IN:
            text = f"brings in for {m(a.amount)}"
        elif kind is ActionKind.COMPLETE:
            # PokerStars has no "completes": over a bring-in it is a raise, by the bring-in player a bet.
            level = self.ledger.level if self.ledger.street == a.street else 0
            to = a.to if a.to is not None else level + a.amount
            text = f"raises {m(to - level)} to {m(to)}" if level else f"bets {m(to)}"
        elif kind is ActionKind.BET:
            text = f"bets {m(a.amount)}"
        elif kind is ActionKind.RAISE:
            if a.to is None:
                raise self.fail(f"line {a.line}: a raise without its 'to' amount cannot be written")
            text = f"raises {m(a.amount)} to {m(a.to)}"
        elif kind is ActionKind.CALL:
            text = f"calls {m(a.amount)}"
        elif kind is ActionKind.CHECK:
            text = "checks"
        else:
            text = "folds"
        self.ledger.record(a)
        return f"{name}: {text} and is all-in" if a.all_in else f"{name}: {text}"

    # ------------------------------------------------------------------------------------ summary

    def summary(self) -> list[str]:
        hand = self.hand
        by_seat: dict[int, list[Event]] = {}
        collected: dict[int, Money] = {}
        board: list[Card | None] = []
        for e in hand.events:  # one pass: each seat's events, its collections, the board
            if isinstance(e, CommunityCard):
                board.append(e.card)
            elif not isinstance(e, Marker):
                by_seat.setdefault(e.seat, []).append(e)
                if isinstance(e, Collect):
                    collected[e.seat] = collected.get(e.seat, 0) + e.amount
        rake = hand.rake if hand.rake is not None else 0
        total = hand.total_pot if hand.total_pot is not None else sum(collected.values()) + rake
        out = [SUMMARY_HEADER, f"Total pot {self.money(total)}{self.pot_list()} | Rake {self.money(rake)}"]
        if board:
            out.append(f"Board [{format_cards(board)}]")
        for seat in hand.seats:
            outcome = self.outcome(by_seat.get(seat.seat, []), collected.get(seat.seat, 0))
            if outcome:
                out.append(f"Seat {seat.seat}: {seat.player} {outcome}")
        return out

    def pot_list(self) -> str:
        pots = self.hand.printed_pots
        if len(pots) < 2:
            return ""
        sides = (
            [f"Side pot {self.money(p)}." for p in pots[1:]]
            if len(pots) == 2
            else [f"Side pot-{i} {self.money(p)}." for i, p in enumerate(pots[1:], start=1)]
        )
        return f" Main pot {self.money(pots[0])}. " + " ".join(sides)

    def outcome(self, events: list[Event], collected: Money) -> str:
        """The summary's words for one seat, from its events: fold, show, muck or collect."""
        fold = next((e for e in events if isinstance(e, Action) and e.kind is ActionKind.FOLD), None)
        if fold is not None:
            first = RULES[self.hand.game].first_street
            didnt_bet = fold.street == first and not any(
                isinstance(e, Action) and e.street == first and e.kind in VOLUNTARY for e in events
            )
            return f"folded on {FOLD_STREETS[fold.street]}" + (" (didn't bet)" if didnt_bet else "")
        show = next((e for e in reversed(events) if isinstance(e, Show)), None)
        muck = next((e for e in reversed(events) if isinstance(e, Muck)), None)
        if self.showdown and show is not None:
            desc = f" with {show.description}" if show.description else ""
            result = f"won ({self.money(collected)})" if collected else "lost"
            return f"showed [{format_cards(show.cards)}] and {result}{desc}"
        if self.showdown and muck is not None:
            return f"mucked [{format_cards(muck.cards)}]" if muck.cards else "mucked"
        if collected:
            return f"collected ({self.money(collected)})"
        return "mucked" if self.showdown and events else ""


_EVENT_WRITERS: dict[type, Callable[[_Writer, Any, list[str]], None]] = {
    Action: _Writer.write_action,
    Deal: _Writer.write_deal,
    CommunityCard: _Writer.write_community,
    Marker: _Writer.write_marker,
    UncalledReturn: _Writer.write_uncalled,
    Show: _Writer.write_show,
    Muck: _Writer.write_muck,
    Collect: _Writer.write_collect,
}
"""The writer of each event type, looked up by type: one dictionary look-up per event instead of a
chain of ``isinstance`` tests."""


# ----------------------------------------------------------------------------------------- helpers


def showdown_seats(hand: Hand) -> frozenset[int]:
    """The seats still in at the end when two or more are (a showdown), else none.

    PokerStars prints ``*** SHOW DOWN ***`` and the summary's "showed/mucked" only then; PHH lets
    only these seats show or muck."""
    playing = {e.seat for e in hand.events if isinstance(e, (Action, Deal))}
    folded = {e.seat for e in hand.events if isinstance(e, Action) and e.kind == ActionKind.FOLD}
    alive = playing - folded
    return frozenset(alive) if len(alive) >= 2 else frozenset()


def _eastern(when: datetime) -> str:
    """``2009/11/26 10:08:43 ET``: the hour has no leading zero on PokerStars. Built from the fields:
    ``strftime`` cost more than the rest of the header."""
    et = when.astimezone(EASTERN) if when.tzinfo is not None else when
    return f"{et.year}/{et.month:02d}/{et.day:02d} {et.hour}:{et.minute:02d}:{et.second:02d} ET"


def _buy_in(buy_in: Money, fee: Money | None, currency: str | None) -> str:
    """``$200+$15 USD``, ``$2.00+$0.20 USD``, ``100+9``: cents on both sides as soon as one has them."""
    parts = [buy_in] + ([fee] if fee is not None else [])
    symbol = CURRENCY_SYMBOLS.get(currency or "", "")
    cents = any(p % 100 for p in parts)
    text = "+".join(f"{symbol}{p // 100}.{p % 100:02d}" if cents else f"{symbol}{p // 100}" for p in parts)
    return f"{text} {currency}" if currency else text
