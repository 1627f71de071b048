"""Write a :class:`Hand` as Winamax prints it, for ``studbook convert --to winamax``, ``studbook simulate
--format winamax`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/winamax/reader.py): the header with ``(ante/small/big)``, ``Table: 'NAME'
N-max (real money)``, the antes under ``*** ANTE/BLINDS ***``, ``Dealt to NAME [held] [new]`` with ``X``
for a card not known, ``brings in``/``bets``/``calls X``, ``raises X to Y`` with Y the chips the raise adds
and X that less the last bet (the bring-in not counted), and the return of an uncalled bet folded into
the bettor's ``collected`` and into ``Total pot … | Rake …`` (the total after rake), as Winamax does.
Not in the corpus, written as the reader reads it and unconfirmed: ``NAME mucks``, and ``from main pot``
/ ``from side pot N`` when a hand has side pots. Cash games in euros
or play money only (refused otherwise, and for a community card).
"""

from __future__ import annotations

from datetime import timezone

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Money, UncalledReturn
from ....engine.pots import pot_index
from ...writing import EASTERN, TextWriter, amount_text, cards_text, dealt_as_printed, site_clock
from .vocabulary import GAME_NAMES

HAND_SEPARATOR = "\n\n\n"
_STREETS = {
    3: "*** 3rd STREET ***",
    4: "*** 4th STREET ***",
    5: "*** 5th STREET ***",
    6: "*** 6th STREET ***",
    7: "*** 7th STREET ***",
}
_WORD = {ActionKind.BRING_IN: "brings in", ActionKind.BET: "bets", ActionKind.CALL: "calls"}


class _Writer(TextWriter):
    site_name = "Winamax"
    street_headers = _STREETS
    show_line = "{name} shows [{cards}]{described}"
    muck_line = "{name} mucks"
    shows_down = True

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.euro = hand.currency == "EUR"
        self.held: dict[int, list[Card | None]] = {}
        self.ledger = StreetLedger()
        self.back: dict[int, Money] = {}
        for e in hand.events:
            if isinstance(e, UncalledReturn):
                self.back[e.seat] = self.back.get(e.seat, 0) + e.amount
        self.shares = _folded_returns(hand, self.back)
        self.several = any(isinstance(e, Collect) and pot_index(e.pot) > 0 for e in hand.events)

    def money(self, amount: Money) -> str:
        """``5€``, ``18.90€``, ``-6.10€``; play money without the sign."""
        return amount_text(amount) + ("€" if self.euro else "")

    def check(self) -> None:
        hand = self.hand
        if hand.tournament is not None or hand.currency not in ("EUR", None) or hand.game not in GAME_NAMES:
            raise self.fail("Winamax hands are written for stud, stud8 and razz cash games in euros or play money")

    def header(self) -> None:
        hand, money = self.hand, self.money
        stakes = f"{money(hand.ante or 0)}/{money(hand.small_bet)}/{money(hand.big_bet)}"
        when = site_clock(hand.started_at, "%Y/%m/%d %H:%M:%S", zone=timezone.utc, naive=EASTERN)
        self.out += [
            f"Winamax Poker - CashGame - HandId: #{hand.site_hand_id} - {GAME_NAMES[hand.game]} fixed limit "
            f"({stakes}) - {when} UTC",
            f"Table: '{hand.table or 'Studbook'}' {hand.max_seats or 8}-max ({'real' if self.euro else 'play'} money)",
        ]

    def seats(self) -> None:
        self.out += [f"Seat {s.seat}: {s.player} ({self.money(s.stack)})" for s in self.hand.seats]
        self.out.append("*** ANTE/BLINDS ***")

    def deal(self, deal: Deal) -> None:
        cards = self.held.setdefault(deal.seat, [])
        new = dealt_as_printed(deal)
        shown = cards_text(cards)
        cards += new
        fresh = cards_text(new)
        name = self.name(deal.seat)
        self.out.append(f"Dealt to {name} [{fresh}]" if deal.street == 3 else f"Dealt to {name} [{shown}] [{fresh}]")

    def action(self, action: Action) -> None:
        ledger, money, kind = self.ledger, self.money, action.kind
        if kind is ActionKind.ANTE:
            text = f"posts ante {money(action.amount)}"
        elif kind is ActionKind.CHECK or kind is ActionKind.FOLD:
            ledger.record(action)
            text = "checks" if kind is ActionKind.CHECK else "folds"
        elif kind in _WORD:
            added = ledger.added(action)
            ledger.record(action)
            text = f"{_WORD[kind]} {money(added)}"
        else:
            added = ledger.added(action)
            last_bet = ledger.level if ledger.bets else 0  # Winamax does not count the bring-in as a bet
            ledger.record(action)
            text = f"raises {money(added - last_bet)} to {money(added)}"
        self.out.append(f"{self.name(action.seat)} {text}")

    def collect(self, collect: Collect) -> None:
        index = pot_index(collect.pot)
        pot = "pot" if not self.several else "main pot" if index == 0 else f"side pot {index}"
        paid = self.money(collect.amount + self.shares.pop(id(collect), 0))
        self.out.append(f"{self.name(collect.seat)} collected {paid} from {pot}")

    def summary(self) -> None:
        hand, money = self.hand, self.money
        won = self.winnings()
        self.out.append("*** SUMMARY ***")
        self.out.append(
            f"Total pot {money(sum(won.values()) + sum(self.back.values()))} | Rake {money(hand.rake or 0)}"
        )
        self.out += [f"Seat {s.seat}: {s.player} won {money(won[s.seat])}" for s in hand.seats if s.seat in won]


def _folded_returns(hand: Hand, back: dict[int, Money]) -> dict[int, Money]:
    """id(collect) -> the part of its seat's returned bet Winamax prints inside it: spread evenly over the
    seat's collect lines, the first taking the odd chip (what the reader takes off again)."""
    out: dict[int, Money] = {}
    for seat, amount in back.items():
        mine = [e for e in hand.events if isinstance(e, Collect) and e.seat == seat]
        if not mine:
            continue
        share, odd = divmod(amount, len(mine))
        for k, c in enumerate(mine):
            out[id(c)] = share + (odd if k == 0 else 0)
    return out


write_winamax = _Writer.text
"""One hand as Winamax text (no trailing separator)."""
