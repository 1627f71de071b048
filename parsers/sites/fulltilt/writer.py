"""Write a :class:`Hand` as Full Tilt Poker text, line for line as the site printed it.

Why: ``studbook convert --to fulltilt`` and ``studbook simulate --format fulltilt``, and above all the round
trip simulate -> Full Tilt text -> parse -> replay, which reaches line kinds and situations the 52 real
hands of the corpus never show (several side pots, capped streets, a community card, quartered lows).

The text is built from the hand's events alone, the way the PokerStars writer does it; what differs is
Full Tilt's wording:

* the first bet or raise of 3rd street is a completion, ``completes it to Y``, and every later raise
  ``raises to Y``: both print the new street total, which the model keeps in ``Action.to``;
* a bring-in is announced (``X is low with [3c]`` in stud, ``is high with`` in razz);
* pots are won, not collected (``wins the side pot #2 ($5)``), and the summary's pot list prints each pot
  before rake, as the site did;
* Full Tilt prints neither "a double bet is allowed" nor "betting is capped": those markers are not
  written (the engine works both out itself); "No low hand qualified" is.

What the model does not record and the text therefore cannot say: the tournament's name (written
``Sit & Go``) and level, a mixed table's name, the local time zone beside ET (only ET is written), the
hand's half in ``wins the high pot`` (the engine works the halves out; the label is the pot's alone).
Full Tilt's spelling for a community card and for several side pots in the summary is not in the corpus:
``*** 7TH STREET *** [6h]`` and ``Side pot #1 $5.`` are studbook's, shared with its reader.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ....engine.betting import StreetLedger
from ....engine.cards import format_cards
from ....engine.games import RULES, Extreme
from ....engine.model import STREET_NAMES, Action, ActionKind, Collect, CommunityCard, Deal, Event, Hand, Marker, Money
from ....engine.model import Muck, Show, SkippedLine, UncalledReturn
from ...writing import EASTERN, TextWriter, amount_text, body_noise, seat_ending, showdown_seats, street_changes
from ..pokerstars.writer import PLAIN_ACTIONS, showed, total_line  # Full Tilt's text copied PokerStars' words
from .vocabulary import GAME_NAMES, SIGNS

HAND_SEPARATOR = "\n\n\n"
"""Full Tilt separates hands with two empty lines."""

STREET_HEADERS: dict[int, str] = {n: f"*** {name.upper()} STREET ***" for n, name in STREET_NAMES.items()}
_SIDE_N = re.compile(r"side pot-(\d+)")
_SUMMARY_SEAT = re.compile(r"Seat \d+: ")


def format_ftp_money(amount: Money, currency: str | None) -> str:
    """Money as Full Tilt prints it: ``$0.50``, ``$3``, ``$1,050.25`` for cash, ``1,050`` for chips."""
    return amount_text(amount, SIGNS.get(currency or "", ""), thousands=True)


def pot_label(label: str) -> str:
    """The model's pot label in Full Tilt's words: ``side pot-2`` is ``side pot #2``."""
    m = _SIDE_N.fullmatch(label)
    return f"side pot #{m[1]}" if m else label


def write_hand(hand: Hand) -> str:
    """The hand as Full Tilt text, without a trailing newline.

    Refuses (:class:`~...writing.HandRefused`, naming the hand) what Full Tilt text cannot say: no start
    time, an event for an empty seat, a raise without its new total."""
    return _Writer(hand).write()


class _Writer(TextWriter):
    """Turns one hand into lines; holds the little state the text needs (cards seen, street, and the
    street's betting through the engine's ledger)."""

    site_name = "Full Tilt"
    street_headers = STREET_HEADERS
    show_line = "{name} shows [{cards}]{described}"
    described_as = " {}"
    muck_line = "{name} mucks"
    cards = staticmethod(format_cards)
    prints_community = True
    start_street = 0
    ending = ""

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.seen: dict[int, list[str]] = {}
        self.showdown = bool(showdown_seats(hand))
        self.rules = RULES[hand.game]
        self.ledger = StreetLedger(bring_in=hand.bring_in)
        """The engine's street ledger: whether 3rd street has had its completion, and the total a bet reaches."""
        self.doors: dict[int, str] = {}
        self.last_action = max((e.line for e in hand.events if isinstance(e, (Action, Deal))), default=0)
        """Line of the last deal or action: a Show after it is at the showdown, one before it an all-in
        player's cards turned up."""

    def money(self, amount: Money) -> str:
        return format_ftp_money(amount, self.hand.currency)

    # ------------------------------------------------------------------------------- sections
    def seats(self) -> None:
        for s in self.hand.seats:
            self.out.append(
                f"Seat {s.seat}: {s.player} ({self.money(s.stack)})" + (", is sitting out" if s.sitting_out else "")
            )

    def header(self) -> None:
        hand = self.hand
        if hand.game not in GAME_NAMES:
            raise self.fail(f"{self.rules.title}: Full Tilt never dealt it; write it as PokerStars text or PHH")
        if hand.started_at is None:
            raise self.fail("has no start time; a Full Tilt header needs one (set Hand.started_at)")
        et = hand.started_at.astimezone(EASTERN) if hand.started_at.tzinfo is not None else hand.started_at
        when = f"{et:%H:%M:%S} ET - {et:%Y/%m/%d}"
        chips = None if hand.tournament is not None else hand.currency
        stakes = f"{format_ftp_money(hand.small_bet, chips)}/{format_ftp_money(hand.big_bet, chips)}"
        if hand.ante:
            stakes += f" Ante {format_ftp_money(hand.ante, chips)}"
        size = f" ({hand.max_seats} max)" if hand.max_seats else ""
        table = f"Table {hand.table or hand.site_hand_id}{size}"
        t = hand.tournament
        if t is not None:
            buy_in = ""
            if t.buy_in is not None:
                buy_in = (
                    format_ftp_money(t.buy_in, t.currency)
                    + (f" + {format_ftp_money(t.fee, t.currency)}" if t.fee is not None else "")
                    + " "
                )
            table = f"{buy_in}Sit & Go ({t.tournament_id}), {table}"
        self.out.append(
            f"Full Tilt Poker Game #{hand.site_hand_id}: {table} - {stakes} - {GAME_NAMES[hand.game]} - {when}"
        )

    def noise(self) -> Sequence[SkippedLine]:
        """The hand's skipped lines (chat, timers, joins: :func:`.writing.body_noise`), only a Full Tilt
        hand's: another site's noise is in that site's words, which Full Tilt never printed."""
        if not self.hand.skipped or self.hand.site != "fulltilt":
            return []
        return body_noise(self.hand, _SUMMARY_SEAT)

    # --------------------------------------------------------------------------------- events
    def streets_before(self, event: Event) -> Iterable[int]:
        """The street's header before its first deal or action (antes come before the first header)."""
        return street_changes(event, self.street)

    def at_showdown(self, event: Show | Muck | Collect) -> None:
        """The showdown's header before its first line, in a hand that has one; a show before the last
        deal or action is an all-in player's cards turned up, not yet the showdown."""
        if self.showdown and (not isinstance(event, Show) or event.line > self.last_action):
            self.show_down()

    def ante(self, a: Action) -> None:
        self.out.append(f"{self.name(a.seat)} antes {self.money(a.amount)}" + (", and is all in" if a.all_in else ""))

    def action(self, a: Action) -> None:
        name, m, kind, out = self.name(a.seat), self.money, a.kind, self.out
        ledger = self.ledger
        if kind is ActionKind.BRING_IN and a.seat in self.doors:
            word = "high" if self.rules.bring_in is Extreme.HIGHEST else "low"
            out.append(f"{name} is {word} with [{self.doors[a.seat]}]")
        wagers = kind in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
        if wagers and a.street == self.rules.first_street and ledger.bets == 0:
            # the first bet of the first street is a completion, whoever makes it; without ``to`` (the bring-in
            # player completing is recorded by PokerStars-style hands as a bet) its total is what the
            # seat had in plus what it adds
            text = f"completes it to {m(ledger.contributed(a.seat) + ledger.added(a))}"
        elif kind is ActionKind.COMPLETE or kind is ActionKind.RAISE:
            if a.to is None:
                raise self.fail(f"line {a.line}: a raise without its new total cannot be written")
            text = f"raises to {m(a.to)}"
        else:
            text = PLAIN_ACTIONS[kind].format(m(a.amount))
        ledger.record(a)
        out.append(f"{name} {text}" + (", and is all in" if a.all_in else ""))

    def deal(self, d: Deal) -> None:
        """``Dealt to NAME [earlier] [new]``: every known card of the seat; nothing for a deal of unknown
        cards (an opponent's 7th-street card)."""
        name, out = self.name(d.seat), self.out
        if d.street == self.rules.first_street:
            door = format_cards([c for c in d.up if c is not None])
            down = [c for c in d.down if c is not None]
            self.doors[d.seat] = door
            if down and len(down) == len(d.down):
                out.append(f"Dealt to {name} [{format_cards(down)}] [{door}]")
                self.seen[d.seat] = [format_cards(down), door]
            else:
                out.append(f"Dealt to {name} [{door}]")
                self.seen[d.seat] = [door]
            return
        new = format_cards([c for c in (*d.down, *d.up) if c is not None])
        if not new:
            return
        before = self.seen.setdefault(d.seat, [])
        out.append(f"Dealt to {name} [{' '.join(before)}] [{new}]")
        before.append(new)

    def community(self, c: CommunityCard) -> None:
        self.street = self.rules.last_street
        self.out.append(f"{STREET_HEADERS[self.street]} [{format_cards((c.card,))}]")

    def marker(self, mk: Marker) -> None:
        if mk.kind == "no-low":
            self.out.append("No low hand qualified")
        # "double-bet" and "capped" are PokerStars' lines; Full Tilt prints neither

    def uncalled(self, u: UncalledReturn) -> None:
        self.out.append(f"Uncalled bet of {self.money(u.amount)} returned to {self.name(u.seat)}")

    def collect(self, c: Collect) -> None:
        self.at_showdown(c)
        self.out.append(f"{self.name(c.seat)} wins the {pot_label(c.pot)} ({self.money(c.amount)})")

    # -------------------------------------------------------------------------------- summary
    def summary(self) -> None:
        hand = self.hand
        by_seat: dict[int, list[Event]] = {}
        won: dict[int, Money] = {}
        for e in hand.events:
            if isinstance(e, (Action, Deal, UncalledReturn, Show, Muck, Collect)):
                by_seat.setdefault(e.seat, []).append(e)
                if isinstance(e, Collect):
                    won[e.seat] = won.get(e.seat, 0) + e.amount
        out = ["*** SUMMARY ***", total_line(hand, sum(won.values()), self.money, " #")]
        for seat in hand.seats:
            outcome = self.outcome(seat.sitting_out, by_seat.get(seat.seat, []), won.get(seat.seat, 0))
            if outcome:
                out.append(f"Seat {seat.seat}: {seat.player} {outcome}")
        self.out += out

    def outcome(self, sitting_out: bool, events: list[Event], won: Money) -> str:
        fold, show, muck = seat_ending(events)
        if fold is not None:
            return f"folded on {STREET_NAMES[fold.street]} St."
        if show is not None and self.showdown:
            return showed(show, self.money(won) if won else None)
        if muck is not None and muck.cards:
            return f"mucked [{format_cards(muck.cards)}]"
        if won:
            return f"collected ({self.money(won)}), mucked" if muck is not None else f"collected ({self.money(won)})"
        if not events:
            return "is sitting out" if sitting_out else ""
        return "mucked" if self.showdown else ""
