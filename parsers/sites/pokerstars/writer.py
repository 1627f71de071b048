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
from typing import Callable, Final, Iterable, Mapping, Sequence, TextIO

from ....engine.betting import StreetLedger
from ....engine.cards import Card, format_cards
from ....engine.games import RULES
from ....engine.model import STREET_NAMES, Action, ActionKind, Collect, CommunityCard, Deal, Event, Hand, Marker, Money
from ....engine.model import Muck, Show, SkippedLine, UncalledReturn
from ....engine.replay import nominal_bring_in
from ...writing import EASTERN, TextWriter, amount_text, body_noise, seat_ending, showdown_seats, street_changes
from ...writing import write_separated
from .vocabulary import GAME_NAMES, MARKER_TEXT, SIGNS, STREET_HEADERS

HAND_SEPARATOR = "\n\n\n\n"
"""PokerStars ends each hand with three empty lines before the next header."""

FOLD_STREETS: dict[int, str] = {n: "the River" if n == 7 else f"the {name} Street" for n, name in STREET_NAMES.items()}
"""The street a summary says a player folded on (``folded on the 3rd Street``)."""
SUMMARY_HEADER = "*** SUMMARY ***"
SUMMARY_SEAT = re.compile(r"Seat \d+: ")
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
    return amount_text(amount, SIGNS.get(currency or "", ""))


def write_pokerstars(hand: Hand, style: StarsStyle = StarsStyle()) -> str:
    """The hand as PokerStars text, without a trailing newline (see :func:`write_pokerstars_file`).

    Refuses (:class:`~...writing.HandRefused`, naming the hand) what PokerStars text cannot say: no start
    time, a marker kind it never prints, an event for a seat that is not seated.
    """
    return _Writer(hand, style).write()


def write_pokerstars_file(hands: Iterable[Hand], out: TextIO, style: StarsStyle = StarsStyle()) -> int:
    """Write hands to ``out`` separated as PokerStars separates them; return how many were written.

    Streams one hand at a time (:func:`~.writing.write_separated`).
    """
    return write_separated(hands, out, lambda hand: write_pokerstars(hand, style), HAND_SEPARATOR)


# --------------------------------------------------------------------------------------- the writer


class _Writer(TextWriter):
    """Turns one hand into lines; holds the little state the text needs (cards seen, the street's betting)."""

    site_name = "PokerStars"
    street_headers = STREET_HEADERS
    show_line = "{name}: shows [{cards}]{described}"
    cards = staticmethod(format_cards)
    prints_community = True
    start_street = 0
    ending = ""

    def __init__(self, hand: Hand, style: StarsStyle) -> None:
        super().__init__(hand)
        self.style = style
        self.seen: dict[int, str] = {}
        """Each seat's known cards so far, as its next ``Dealt to`` line prints them in the first bracket."""
        self.showdown = bool(showdown_seats(hand))
        self.ledger = StreetLedger(bring_in=nominal_bring_in(hand))
        """The engine's street ledger: what a completion, which PokerStars prints as a raise, raises over."""

    def money(self, amount: Money) -> str:
        return format_stars_money(amount, self.hand.currency)

    # ----------------------------------------------------------------------------------- sections

    def header(self) -> None:
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
            self.out.append(f"{prefix}  {body} - {when}")
        else:
            t = hand.tournament
            game_text = f"{hand.mixed} ({game})" if hand.mixed else game
            buy_in = f"{_buy_in(t.buy_in, t.fee, t.currency)} " if t.buy_in is not None else ""
            level = t.level or ""
            level_text = f" - {level if 'Level' in level else 'Level ' + level}" if level else ""
            chips = f"{format_stars_money(hand.small_bet, None)}/{format_stars_money(hand.big_bet, None)}"
            self.out.append(
                f"{prefix} Tournament #{t.tournament_id}, {buy_in}{game_text}{level_text} ({chips}) - {when}"
            )
        size = f" {hand.max_seats}-max" if hand.max_seats else ""
        play = " (Play Money)" if hand.play_money and hand.tournament is None else ""
        self.out.append(f"Table '{hand.table or ''}'{size}{play}")

    def seats(self) -> None:
        self.out += [
            f"Seat {s.seat}: {s.player} ({self.money(s.stack)} in chips)" + (" is sitting out" if s.sitting_out else "")
            for s in self.hand.seats
        ]

    def noise(self) -> Sequence[SkippedLine]:
        """The hand's skipped lines (chat, joins ...: :func:`.writing.body_noise`), unless the style
        leaves them out."""
        if not self.style.noise or not self.hand.skipped:
            return []
        return body_noise(self.hand, SUMMARY_SEAT)

    # ------------------------------------------------------------------------------------- events

    def streets_before(self, event: Event) -> Iterable[int]:
        """The street's header before its first deal, action or marker (antes come before the 3rd-street
        header)."""
        return street_changes(event, self.street, markers=True)

    def at_showdown(self, event: Show | Muck | Collect) -> None:
        """``*** SHOW DOWN ***`` before the first show, muck or collection of a hand that has a showdown."""
        if self.showdown:
            self.show_down()

    def action(self, action: Action) -> None:
        self.out.append(self.action_line(action))

    def deal(self, deal: Deal) -> None:
        """A ``Dealt to`` line: the seat's earlier known cards in the first bracket, the new ones in the
        second; nothing for a deal of unknown cards (an opponent's 7th-street card)."""
        name = self.name(deal.seat)
        new = format_cards([c for c in (*deal.down, *deal.up) if c is not None])
        if not new:
            return
        before = self.seen.get(deal.seat)
        if before:
            self.out.append(f"Dealt to {name} [{before}] [{new}]")
            self.seen[deal.seat] = f"{before} {new}"
        else:
            self.out.append(f"Dealt to {name} [{new}]")
            self.seen[deal.seat] = new

    def community(self, card: CommunityCard) -> None:
        self.street = 7
        self.out.append(f"{STREET_HEADERS[7]} [{format_cards((card.card,))}]")

    def marker(self, marker: Marker) -> None:
        if marker.kind not in MARKER_TEXT:
            raise self.fail(f"marker {marker.kind!r} has no PokerStars text (known: {', '.join(MARKER_TEXT)})")
        self.out.append(MARKER_TEXT[marker.kind])

    def uncalled(self, returned: UncalledReturn) -> None:
        self.out.append(f"Uncalled bet ({self.money(returned.amount)}) returned to {self.name(returned.seat)}")

    def muck(self, muck: Muck) -> None:
        self.at_showdown(muck)
        self.out.append(f"{self.name(muck.seat)}: " + ("mucks hand" if self.showdown else "doesn't show hand"))

    def collect(self, collect: Collect) -> None:
        self.at_showdown(collect)
        self.out.append(f"{self.name(collect.seat)} collected {self.money(collect.amount)} from {collect.pot}")

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
        elif kind is ActionKind.RAISE:
            if a.to is None:
                raise self.fail(f"line {a.line}: a raise without its 'to' amount cannot be written")
            text = f"raises {m(a.amount)} to {m(a.to)}"
        else:
            text = PLAIN_ACTIONS[kind].format(m(a.amount))
        self.ledger.record(a)
        return f"{name}: {text} and is all-in" if a.all_in else f"{name}: {text}"

    # ------------------------------------------------------------------------------------ summary

    def summary(self) -> None:
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
        out = [SUMMARY_HEADER, total_line(hand, sum(collected.values()), self.money, "-")]
        if board:
            out.append(f"Board [{format_cards(board)}]")
        for seat in hand.seats:
            outcome = self.outcome(by_seat.get(seat.seat, []), collected.get(seat.seat, 0))
            if outcome:
                out.append(f"Seat {seat.seat}: {seat.player} {outcome}")
        self.out += out

    def outcome(self, events: list[Event], collected: Money) -> str:
        """The summary's words for one seat, from its events: fold, show, muck or collect."""
        fold, show, muck = seat_ending(events)
        if fold is not None:
            first = RULES[self.hand.game].first_street
            didnt_bet = fold.street == first and not any(
                isinstance(e, Action) and e.street == first and e.kind in VOLUNTARY for e in events
            )
            return f"folded on {FOLD_STREETS[fold.street]}" + (" (didn't bet)" if didnt_bet else "")
        if self.showdown and show is not None:
            return showed(show, self.money(collected) if collected else None)
        if self.showdown and muck is not None:
            return f"mucked [{format_cards(muck.cards)}]" if muck.cards else "mucked"
        if collected:
            return f"collected ({self.money(collected)})"
        return "mucked" if self.showdown and events else ""


# ----------------------------------------------------------------------------------------- helpers

PLAIN_ACTIONS: Final[Mapping[ActionKind, str]] = {
    ActionKind.BRING_IN: "brings in for {}",
    ActionKind.BET: "bets {}",
    ActionKind.CALL: "calls {}",
    ActionKind.CHECK: "checks",
    ActionKind.FOLD: "folds",
}
"""The words of an action that says no more than its amount (``str.format`` of it), as PokerStars prints
them and Full Tilt, whose text copied PokerStars', prints them alike: one table for both writers, each
keeping its own words for what they print differently (antes, completions, raises, all-ins)."""


def total_line(hand: Hand, won: Money, money: Callable[[Money], str], mark: str) -> str:
    """A summary's ``Total pot $X Main pot $Y. Side pot-1 $Z. ... | Rake $R``, as PokerStars prints it
    and Full Tilt alike but for the ``mark`` before a side pot's number (``-``, `` #``): the total
    printed, else what was won and raked (``won`` all the collections), and the pots when there are
    several."""
    rake = hand.rake if hand.rake is not None else 0
    total = hand.total_pot if hand.total_pot is not None else won + rake
    pots, pot_list = hand.printed_pots, ""
    if len(pots) == 2:
        pot_list = f" Main pot {money(pots[0])}. Side pot {money(pots[1])}."
    elif len(pots) > 2:
        sides = " ".join(f"Side pot{mark}{i} {money(p)}." for i, p in enumerate(pots[1:], start=1))
        pot_list = f" Main pot {money(pots[0])}. {sides}"
    return f"Total pot {money(total)}{pot_list} | Rake {money(rake)}"


def showed(show: Show, won: str | None) -> str:
    """A summary line's words for a seat that showed down, ``won`` what it collected as printed (None
    for nothing): ``showed [Ah Kh ...] and won ($3) with a pair``, the same on PokerStars and Full Tilt."""
    desc = f" with {show.description}" if show.description else ""
    return f"showed [{format_cards(show.cards)}] and {f'won ({won})' if won else 'lost'}{desc}"


def _eastern(when: datetime) -> str:
    """``2009/11/26 10:08:43 ET``: the hour has no leading zero on PokerStars. Built from the fields:
    ``strftime`` cost more than the rest of the header."""
    et = when.astimezone(EASTERN) if when.tzinfo is not None else when
    return f"{et.year}/{et.month:02d}/{et.day:02d} {et.hour}:{et.minute:02d}:{et.second:02d} ET"


def _buy_in(buy_in: Money, fee: Money | None, currency: str | None) -> str:
    """``$200+$15 USD``, ``$2.00+$0.20 USD``, ``100+9``: cents on both sides as soon as one has them."""
    parts = [buy_in] + ([fee] if fee is not None else [])
    symbol = SIGNS.get(currency or "", "")
    cents = any(p % 100 for p in parts)
    text = "+".join(f"{symbol}{p // 100}.{p % 100:02d}" if cents else f"{symbol}{p // 100}" for p in parts)
    return f"{text} {currency}" if currency else text
