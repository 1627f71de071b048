"""Write a :class:`Hand` as Absolute Poker prints it, for ``studbook convert --to absolute``, ``studbook
simulate --format absolute`` and the reader's round trip.

The spelling is the corpus hand's: ``Stage #ID: GAME  Normal $S/$B - DATE (ET)``, ``Seat N - NAME ($X in
chips)``, ``NAME - Ante $X``, every street's pockets (``NAME - Pocket [H H Js 10d]``: the cards so far, ``H``
for one not known, ``10`` for a ten), ``NAME - Bring-In/Bets/Calls $X``, ``*** SHOW DOWN ***``, ``NAME - Shows
[cards] (hand)``, ``NAME Collects $X from main pot`` and ``Total Pot($X) | Rake ($Y)``. What the corpus does
not show is written the way parsers/sites/absolute/reader.py reads it (see there): ``Raises $X to $Y`` (X the increment),
``Mucks``, ``side pot-N``; no line for an uncalled bet, an all-in or a betting note; the table speed is
always ``Normal``. Cash games in dollars only (refused otherwise, and for a community card).
"""

from __future__ import annotations

from collections.abc import Iterable

from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Money
from ....engine.pots import pot_index
from ...writing import TextWriter, amount_text, cards_text, dealt_as_printed, site_clock
from .vocabulary import GAME_NAMES, STREET_WORDS

HAND_SEPARATOR = "\n\n"
_STREETS = {n: f"*** {word} ***" if n == 7 else f"*** {word} STREET ***" for n, word in STREET_WORDS.items()}
_WORD = {ActionKind.BRING_IN: "Bring-In", ActionKind.BET: "Bets", ActionKind.CALL: "Calls"}


def dollars(amount: Money) -> str:
    """``$0.17``, ``$1`` (whole dollars print no cents), ``$3.46``."""
    return amount_text(amount, "$")


def _cards(cards: Iterable[Card | None]) -> str:
    """``H`` for a card not known, ``10`` for the ten."""
    return cards_text(cards, "H").replace("T", "10")


class _Writer(TextWriter):
    site_name = "Absolute"
    street_headers = _STREETS
    show_line = "{name} - Shows [{cards}]{described}"
    muck_line = "{name} - Mucks"
    shows_down = True
    cards = staticmethod(_cards)

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.pockets: dict[int, list[Card | None]] = {}

    def check(self) -> None:
        hand = self.hand
        if hand.game not in GAME_NAMES:
            raise self.fail(f"Absolute text has no name for {hand.game.value}: 7 card stud, stud hi/lo and razz only")
        if hand.tournament is not None or hand.currency != "USD":
            raise self.fail("Absolute hands are written for cash games in dollars only")

    def header(self) -> None:
        hand = self.hand
        stakes = f"{dollars(hand.small_bet)}/{dollars(hand.big_bet)}"
        when = site_clock(hand.started_at, "%Y-%m-%d %H:%M:%S")
        self.out.append(f"Stage #{hand.site_hand_id}: {GAME_NAMES[hand.game]}  Normal {stakes} - {when} (ET)")

    def seats(self) -> None:
        self.out += [f"Seat {s.seat} - {s.player} ({dollars(s.stack)} in chips)" for s in self.hand.seats]

    def deal(self, deal: Deal) -> None:
        held = self.pockets.setdefault(deal.seat, [])
        held += dealt_as_printed(deal)
        self.out.append(f"{self.name(deal.seat)} - Pocket [{_cards(held)}]")

    def action(self, action: Action) -> None:
        kind = action.kind
        if kind is ActionKind.ANTE:
            text = f"Ante {dollars(action.amount)}"
        elif kind in _WORD:
            text = f"{_WORD[kind]} {dollars(action.amount)}"
        elif kind in (ActionKind.RAISE, ActionKind.COMPLETE):
            to = action.to if action.to is not None else action.amount
            text = f"Raises {dollars(action.amount)} to {dollars(to)}"
        else:
            text = "Checks" if kind is ActionKind.CHECK else "Folds"
        self.out.append(f"{self.name(action.seat)} - {text}")

    def collect(self, collect: Collect) -> None:
        index = pot_index(collect.pot)
        pot = "main pot" if index == 0 else f"side pot-{index}"
        self.out.append(f"{self.name(collect.seat)} Collects {dollars(collect.amount)} from {pot}")

    def summary(self) -> None:
        hand = self.hand
        won = self.winnings()
        total = hand.total_pot if hand.total_pot is not None else sum(won.values()) + (hand.rake or 0)
        self.out.append("*** SUMMARY ***")
        self.out.append(f"Total Pot({dollars(total)}) | Rake ({dollars(hand.rake or 0)})")
        self.out += [
            f"Seat {s.seat}: {s.player} " + (f"won Total ({dollars(won[s.seat])})" if s.seat in won else "lost")
            for s in hand.seats
        ]


write_absolute = _Writer.text
"""One hand as Absolute text (no trailing separator)."""
