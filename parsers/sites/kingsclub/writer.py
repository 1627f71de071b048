"""Write a :class:`Hand` as KingsClub prints it, for ``studbook convert --to kingsclub``, ``studbook simulate
--format kingsclub`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/kingsclub/reader.py): the three header lines, ``Seat N: NAME (STACK)`` with
thousands separators, ``NAME: posts ante X``, the first round with no street line and ``*** 3RD STREET ***``
for 4th street, ``Dealt to NAME: [X X Td]`` then the new card only, ``brings in for X``, street totals in
``bets``/``calls``/``raises to``, ``, and is all in``, shows inside the street (``NAME mucks``, not in the corpus, as the reader reads it), no uncalled-bet line, and
the summary's seat lines (final stack, net), ``Rake X`` and ``NAME wins pot (X)``. One departure, said
here: KingsClub prints no side pot at all (only the seat lines show it); the writer prints each one as
``NAME wins side pot N (X)`` so a round trip keeps which pot paid whom (the reader counts such a line
before taking a seat's unexplained chips as a side pot). No time zone is printed: the time is written on
the clock the reader reads it on (``LOCAL_ZONE``, New York), so a hand started at 23:30 UTC prints 19:30
(EDT) and reads back as the same instant; a naive (simulated) time is written as it is. Cash games only (a tournament or a community card is refused).
"""

from __future__ import annotations

from typing import Final
from zoneinfo import ZoneInfo

from ....engine.betting import StreetLedger
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Money, UncalledReturn
from ....engine.pots import pot_index
from ...writing import TextWriter, amount_text, cards_text, dealt_as_printed, site_clock
from .vocabulary import GAME_NAMES, LOCAL_ZONE

CLOCK: Final = ZoneInfo(LOCAL_ZONE)

HAND_SEPARATOR = "\n\n\n"


def amount(value: Money) -> str:
    """``1,827.32``, ``440``, ``44,181``: thousands separated, cents only when there are some."""
    return amount_text(value, thousands=True)


class _Writer(TextWriter):
    site_name = "KingsClub"
    show_line = "{name} shows [{cards}]"
    muck_line = "{name} mucks"
    start_street = 3
    """The first round has no street line: KingsClub's ``3RD STREET`` is 4th street."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.ledger = StreetLedger()
        self.put_in: dict[int, Money] = {}

    def check(self) -> None:
        if self.hand.tournament is not None or self.hand.game not in GAME_NAMES:
            raise self.fail("KingsClub hands are written for stud, stud8, razz and 2-7 razz cash games only")

    def header(self) -> None:
        hand = self.hand
        self.out += [
            f"#{hand.site_hand_id}: Limit {GAME_NAMES[hand.game]} - {amount(hand.small_bet)}/{amount(hand.big_bet)}",
            site_clock(hand.started_at, "%Y-%m-%d %H:%M:%S", zone=CLOCK),
            f"Table '{hand.table or 'Studbook'}'",
        ]

    def seats(self) -> None:
        self.out += [f"Seat {s.seat}: {s.player} ({amount(s.stack)})" for s in self.hand.seats]

    def street_start(self, street: int) -> None:
        self.out.append(f"*** {street - 1}{'RD' if street == 4 else 'TH'} STREET ***")

    def deal(self, deal: Deal) -> None:
        self.out.append(f"Dealt to {self.name(deal.seat)}: [{cards_text(dealt_as_printed(deal))}]")

    def action(self, action: Action) -> None:
        ledger, who, kind = self.ledger, self.name(action.seat), action.kind
        self.put_in[action.seat] = self.put_in.get(action.seat, 0) + ledger.added(action)
        tail = ", and is all in" if action.all_in else ""
        if kind is ActionKind.ANTE:
            self.out.append(f"{who}: posts ante {amount(action.amount)}")
            return
        ledger.record(action)
        if kind is ActionKind.CHECK or kind is ActionKind.FOLD:
            self.out.append(f"{who} {'checks' if kind is ActionKind.CHECK else 'folds'}")
            return
        total = ledger.contributed(action.seat)
        if kind is ActionKind.BRING_IN:
            line = f"{who} brings in for {amount(action.amount)}"
        elif kind is ActionKind.CALL:
            line = f"{who} calls {amount(total)}"
        elif kind is ActionKind.BET or (kind is ActionKind.COMPLETE and ledger.bets <= 1):
            line = f"{who} bets {amount(total)}"
        else:
            line = f"{who} raises to {amount(total)}"
        self.out.append(line + tail)

    def uncalled(self, returned: UncalledReturn) -> None:
        self.put_in[returned.seat] = self.put_in.get(returned.seat, 0) - returned.amount

    def summary(self) -> None:
        hand, out = self.hand, self.out
        out.append("*** SUMMARY ***")
        collects = [e for e in hand.events if isinstance(e, Collect)]
        won = self.winnings()
        for s in hand.seats:
            net = won.get(s.seat, 0) - self.put_in.get(s.seat, 0)
            out.append(
                f"Seat {s.seat}: {s.player} ({amount(s.stack + net)}) {'+' if net >= 0 else '-'}{amount(abs(net))}"
            )
        if hand.rake:
            out.append(f"Rake {amount(hand.rake)}")
        for e in collects:
            index = pot_index(e.pot)
            pot = "pot" if index == 0 else f"side pot {index}"
            out.append(f"{self.name(e.seat)} wins {pot} ({amount(e.amount)})")


write_kingsclub = _Writer.text
"""One hand as KingsClub text (no trailing separator)."""
