"""Write a :class:`Hand` as Everleaf prints it (the 2011-08 spelling: ``** Dealing 4th Street **`` and deal
lines), for ``studbook convert --to everleaf``, ``studbook simulate --format everleaf`` and the reader's
round trip.

Everleaf's text has no line for what it leaves out, so neither does the writer: no uncalled-bet line, no
total pot, no rake, no betting notes, no all-in mark; an opponent's down cards and 7th card are not
printed (``Dealt to NAME [ door ]``). Amounts are written ``[$ 0.05 USD]`` / ``[€ 0.05 EURO]`` and, for
the bring-in and the completion, ``$0.02.``. ``raises [X]`` prints the chips the raise adds, as Everleaf
does (the ledger says how many). The corpus shows only ``7 Card Stud``; ``7 Card Stud Hi/Lo`` and ``Razz``
are written with those names. Tournament and play-money hands are refused: the corpus has
none, so their spelling is not known.
"""

from __future__ import annotations

from collections.abc import Iterable

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Money
from ....engine.pots import pot_index
from ...writing import TextWriter, amount_text, cards_text, site_clock
from .vocabulary import CURRENCIES, GAME_NAMES, STREET_WORDS

HAND_SEPARATOR = "\n\n\n\n"
_STREETS = {
    3: "** Dealing down cards **",
    **{n: f"** Dealing {word} **" if n == 7 else f"** Dealing {word} Street **" for n, word in STREET_WORDS.items()},
}


def _amount(amount: Money) -> str:
    """``0.05``, ``2``, and a zero as ``0.00``, as Everleaf prints them."""
    return amount_text(amount, cents=amount == 0)


class _Writer(TextWriter):
    site_name = "Everleaf"
    street_headers = _STREETS
    show_line = "{name} shows [ {cards} ]{described}"
    described_as = " {}"
    muck_line = "{name} does not show cards"

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.ledger = StreetLedger()

    def check(self) -> None:
        hand = self.hand
        if hand.game not in GAME_NAMES:
            raise self.fail(f"Everleaf text has no name for {hand.game.value}: 7 card stud, stud hi/lo and razz only")
        signs = CURRENCIES.get(hand.currency or "")
        if hand.tournament is not None or signs is None:
            raise self.fail("Everleaf hands are written for cash games in dollars or euros only")
        self.symbol, self.code = signs

    def bracket(self, amount: Money) -> str:
        return f"[{self.symbol} {_amount(amount)} {self.code}]"

    def header(self) -> None:
        hand, symbol = self.hand, self.symbol
        self.out += [
            f"Everleaf Gaming Game #{hand.site_hand_id}",
            f"***** Hand history for game #{hand.site_hand_id} *****",
            (
                f"{symbol}{_amount(hand.small_bet)}/{symbol}{_amount(hand.big_bet)} {GAME_NAMES[hand.game]} - "
                f"{site_clock(hand.started_at, '%Y/%m/%d - %H:%M:%S')}"
            ),
            f"Table {hand.table or 'Studbook'}",
            f"Total number of players: {len(hand.seats)}",
        ]

    def seats(self) -> None:
        self.out += [
            f"Seat {s.seat}: {s.player} (  {self.symbol} {_amount(s.stack)} {self.code} )" for s in self.hand.seats
        ]

    def street_start(self, street: int) -> None:
        super().street_start(street)
        self.ledger.start_street(street)

    def ante(self, action: Action) -> None:
        self.out.append(f"{self.name(action.seat)}: posts ante {self.bracket(action.amount)}")

    def cards(self, cards: Iterable[Card | None]) -> str:
        """The known cards, comma-separated: Everleaf prints no unknown card."""
        return cards_text((c for c in cards if c is not None), separator=", ")

    def deal(self, deal: Deal) -> None:
        known = self.cards((*deal.down, *deal.up))
        if known:
            self.out.append(f"Dealt to {self.name(deal.seat)} [ {known} ].")

    def action(self, action: Action) -> None:
        ledger, who, symbol = self.ledger, self.name(action.seat), self.symbol
        added = ledger.added(action)
        before = ledger.contributed(action.seat)
        completes = action.street == 3 and ledger.bets == 0 and ledger.level > 0  # over the bring-in
        ledger.record(action)
        kind = action.kind
        if kind is ActionKind.BRING_IN:
            line = f"{who} posts bring-in {symbol}{_amount(action.amount)}."
        elif kind is ActionKind.COMPLETE or (kind is ActionKind.RAISE and completes):
            line = f"{who} completes to {symbol}{_amount(before + added)}."
        elif kind is ActionKind.BET:
            line = f"{who}: bets {self.bracket(added)}"
        elif kind is ActionKind.CALL:
            line = f"{who} calls {self.bracket(added)}"
        elif kind is ActionKind.RAISE:
            line = f"{who} raises {self.bracket(added)}"
        else:
            line = f"{who} {'checks' if kind is ActionKind.CHECK else 'folds'}"
        self.out.append(line)

    def collect(self, collect: Collect) -> None:
        index = pot_index(collect.pot)
        pot = "main pot" if index == 0 else f"side pot-{index}"
        amount = f"{self.symbol} {_amount(collect.amount)} {self.code}"
        self.out.append(f"{self.name(collect.seat)} wins {amount} from {pot}")


write_everleaf = _Writer.text
"""One hand as Everleaf text (no trailing separator)."""
