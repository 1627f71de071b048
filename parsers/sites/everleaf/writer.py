"""Write a :class:`Hand` as Everleaf prints it (the 2011-08 spelling: ``** Dealing 4th Street **`` and deal
lines), for ``studbook convert --to everleaf``, ``studbook simulate --format everleaf`` and the reader's
round trip.

Everleaf's text has no line for what it leaves out, so neither does the writer: no uncalled-bet line, no
total pot, no rake, no betting notes, no all-in mark; an opponent's down cards and 7th card are not
printed (``Dealt to NAME [ door ]``). Amounts are written ``[$ 0.05 USD]`` / ``[€ 0.05 EURO]`` and, for
the bring-in and the completion, ``$0.02.``. ``raises [X]`` prints the chips the raise adds, as Everleaf
does (the ledger says how many). The corpus shows only ``7 Card Stud``; ``7 Card Stud Hi/Lo`` and ``Razz``
are written with those names. Tournament and play-money hands are refused (ValueError): the corpus has
none, so their spelling is not known.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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
)
from ....engine.pots import pot_index
from ...writing import refuse_community_card, site_clock, streets_begun

HAND_SEPARATOR = "\n\n\n\n"
GAME_NAMES = {Game.STUD: "7 Card Stud", Game.STUD8: "7 Card Stud Hi/Lo", Game.RAZZ: "Razz"}
_SYMBOL = {"USD": ("$", "USD"), "EUR": ("€", "EURO")}
_STREETS = {
    3: "** Dealing down cards **",
    4: "** Dealing 4th Street **",
    5: "** Dealing 5th Street **",
    6: "** Dealing 6th Street **",
    7: "** Dealing River **",
}


def write_everleaf(hand: Hand) -> str:
    """One hand as Everleaf text (no trailing separator)."""
    if hand.game not in GAME_NAMES:
        raise ValueError(f"Everleaf text has no name for {hand.game.value}: 7 card stud, stud hi/lo and razz only")
    if hand.tournament is not None or hand.currency not in _SYMBOL:
        raise ValueError("Everleaf hands are written for cash games in dollars or euros only")
    refuse_community_card(hand, "Everleaf")
    symbol, code = _SYMBOL[hand.currency]

    def bracket(amount: Money) -> str:
        return f"[{symbol} {_amount(amount)} {code}]"

    lines = [
        f"Everleaf Gaming Game #{hand.site_hand_id}",
        f"***** Hand history for game #{hand.site_hand_id} *****",
        (
            f"{symbol}{_amount(hand.small_bet)}/{symbol}{_amount(hand.big_bet)} {GAME_NAMES[hand.game]} - "
            f"{site_clock(hand.started_at, '%Y/%m/%d - %H:%M:%S')}"
        ),
        f"Table {hand.table or 'Studbook'}",
        f"Total number of players: {len(hand.seats)}",
    ]
    lines += [f"Seat {s.seat}: {s.player} (  {symbol} {_amount(s.stack)} {code} )" for s in hand.seats]
    name = {s.seat: s.player for s in hand.seats}
    ledger = StreetLedger()
    street = 2
    for event in hand.events:
        if isinstance(event, Action) and event.kind is ActionKind.ANTE:
            lines.append(f"{name[event.seat]}: posts ante {bracket(event.amount)}")
            continue
        for begun in streets_begun(event, street):
            street = begun
            lines.append(_STREETS[street])
            ledger.start_street(street)
        if isinstance(event, Deal):
            known = [c for c in (*event.down, *event.up) if c is not None]
            if known:
                lines.append(f"Dealt to {name[event.seat]} [ {_cards(known)} ].")
        elif isinstance(event, Action):
            lines.append(_action(ledger, event, name[event.seat], symbol, bracket))
        elif isinstance(event, Show):
            cards = _cards(c for c in event.cards if c is not None)
            lines.append(
                f"{name[event.seat]} shows [ {cards} ]" + (f" {event.description}" if event.description else "")
            )
        elif isinstance(event, Muck):
            lines.append(f"{name[event.seat]} does not show cards")
        elif isinstance(event, Collect):
            pot = "main pot" if pot_index(event.pot) == 0 else f"side pot-{pot_index(event.pot)}"
            lines.append(f"{name[event.seat]} wins {symbol} {_amount(event.amount)} {code} from {pot}")
    return "\n".join(lines) + "\n"


def _action(ledger: StreetLedger, action: Action, who: str, symbol: str, say: Callable[[Money], str]) -> str:
    added = ledger.added(action)
    before = ledger.contributed(action.seat)
    completes = action.street == 3 and ledger.bets == 0 and ledger.level > 0  # over the bring-in
    ledger.record(action)
    kind = action.kind
    if kind is ActionKind.BRING_IN:
        return f"{who} posts bring-in {symbol}{_amount(action.amount)}."
    if kind is ActionKind.COMPLETE or (kind is ActionKind.RAISE and completes):
        return f"{who} completes to {symbol}{_amount(before + added)}."
    if kind is ActionKind.BET:
        return f"{who}: bets {say(added)}"
    if kind is ActionKind.CALL:
        return f"{who} calls {say(added)}"
    if kind is ActionKind.RAISE:
        return f"{who} raises {say(added)}"
    return f"{who} {'checks' if kind is ActionKind.CHECK else 'folds'}"


def _amount(amount: Money) -> str:
    whole, cents = divmod(amount, 100)
    return f"{whole}.{cents:02d}" if cents or whole == 0 else f"{whole}"


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(str(c) for c in cards)
