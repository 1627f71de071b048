"""Write a :class:`Hand` as KingsClub prints it, for ``studbook convert --to kingsclub``, ``studbook simulate
--format kingsclub`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/kingsclub/reader.py): the three header lines, ``Seat N: NAME (STACK)`` with
thousands separators, ``NAME: posts ante X``, the first round with no street line and ``*** 3RD STREET ***``
for 4th street, ``Dealt to NAME: [X X Td]`` then the new card only, ``brings in for X``, street totals in
``bets``/``calls``/``raises to``, ``, and is all in``, shows inside the street (``NAME mucks``, not in the corpus, as the reader reads it), no uncalled-bet line, and
the summary's seat lines (final stack, net), ``Rake X`` and ``NAME wins pot (X)``. One departure, said
here: KingsClub prints no side pot at all (only the seat lines show it); the writer prints each one as
``NAME wins side pot N (X)`` so a round trip keeps which pot paid whom (the reader counts such a line
before taking a seat's unexplained chips as a side pot). No time zone is printed: the wall clock is
written as the hand has it. Cash games only (ValueError for a tournament or a community card).
"""

from __future__ import annotations


from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    Money,
    Muck,
    Show,
    UncalledReturn,
)
from ....engine.pots import pot_index
from ...writing import dealt_as_printed, refuse_community_card, site_clock, streets_begun

HAND_SEPARATOR = "\n\n\n"
GAME_NAMES = {
    Game.STUD: "Seven Card Stud",
    Game.STUD8: "Seven Card Stud Hi-Lo",
    Game.RAZZ: "Razz",
    Game.RAZZ27: "2-7 Razz",
}


def amount(value: Money) -> str:
    """``1,827.32``, ``440``, ``44,181``: thousands separated, cents only when there are some."""
    whole, cents = divmod(value, 100)
    return f"{whole:,}" if cents == 0 else f"{whole:,}.{cents:02d}"


def _card(card: Card | None) -> str:
    return "X" if card is None else str(card)


def write_kingsclub(hand: Hand) -> str:
    """One hand as KingsClub text (no trailing separator)."""
    if hand.tournament is not None or hand.game not in GAME_NAMES:
        raise ValueError("KingsClub hands are written for stud, stud8, razz and 2-7 razz cash games only")
    refuse_community_card(hand, "KingsClub")
    name = {s.seat: s.player for s in hand.seats}
    lines = [
        f"#{hand.site_hand_id}: Limit {GAME_NAMES[hand.game]} - {amount(hand.small_bet)}/{amount(hand.big_bet)}",
        site_clock(hand.started_at, "%Y-%m-%d %H:%M:%S", zone=None),
        f"Table '{hand.table or 'Studbook'}'",
    ]
    lines += [f"Seat {s.seat}: {s.player} ({amount(s.stack)})" for s in hand.seats]
    ledger = StreetLedger()
    put_in: dict[int, Money] = {}
    street = 3
    for event in hand.events:
        for begun in streets_begun(event, street):
            street = begun
            lines.append(f"*** {street - 1}{'RD' if street == 4 else 'TH'} STREET ***")
        if isinstance(event, Deal):
            cards = dealt_as_printed(event)
            lines.append(f"Dealt to {name[event.seat]}: [{' '.join(map(_card, cards))}]")
        elif isinstance(event, Action):
            put_in[event.seat] = put_in.get(event.seat, 0) + ledger.added(event)
            lines.append(_action(event, name[event.seat], ledger))
        elif isinstance(event, Show):
            lines.append(f"{name[event.seat]} shows [{' '.join(map(_card, event.cards))}]")
        elif isinstance(event, Muck):
            lines.append(f"{name[event.seat]} mucks")
        elif isinstance(event, UncalledReturn):
            put_in[event.seat] = put_in.get(event.seat, 0) - event.amount
    lines.append("*** SUMMARY ***")
    won: dict[int, Money] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            won[e.seat] = won.get(e.seat, 0) + e.amount
    for s in hand.seats:
        net = won.get(s.seat, 0) - put_in.get(s.seat, 0)
        lines.append(
            f"Seat {s.seat}: {s.player} ({amount(s.stack + net)}) {'+' if net >= 0 else '-'}{amount(abs(net))}"
        )
    if hand.rake:
        lines.append(f"Rake {amount(hand.rake)}")
    for e in hand.events:
        if isinstance(e, Collect):
            index = pot_index(e.pot)
            pot = "pot" if index == 0 else f"side pot {index}"
            lines.append(f"{name[e.seat]} wins {pot} ({amount(e.amount)})")
    return "\n".join(lines) + "\n"


def _action(action: Action, who: str, ledger: StreetLedger) -> str:
    kind = action.kind
    tail = ", and is all in" if action.all_in else ""
    if kind is ActionKind.ANTE:
        return f"{who}: posts ante {amount(action.amount)}"
    if kind is ActionKind.CHECK or kind is ActionKind.FOLD:
        ledger.record(action)
        return f"{who} {'checks' if kind is ActionKind.CHECK else 'folds'}"
    ledger.record(action)
    total = ledger.contributed(action.seat)
    if kind is ActionKind.BRING_IN:
        return f"{who} brings in for {amount(action.amount)}{tail}"
    if kind is ActionKind.CALL:
        return f"{who} calls {amount(total)}{tail}"
    if kind is ActionKind.BET or (kind is ActionKind.COMPLETE and ledger.bets <= 1):
        return f"{who} bets {amount(total)}{tail}"
    return f"{who} raises to {amount(total)}{tail}"
