"""Write a :class:`Hand` as Winamax prints it, for ``studbook convert --to winamax``, ``studbook simulate
--format winamax`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/winamax/reader.py): the header with ``(ante/small/big)``, ``Table: 'NAME'
N-max (real money)``, the antes under ``*** ANTE/BLINDS ***``, ``Dealt to NAME [held] [new]`` with ``X``
for a card not known, ``brings in``/``bets``/``calls X``, ``raises X to Y`` with Y the chips the raise adds
and X that less the last bet (the bring-in not counted), and the return of an uncalled bet folded into
the bettor's ``collected`` and into ``Total pot … | Rake …`` (the total after rake), as Winamax does.
Not in the corpus, written as the reader reads it and unconfirmed: ``NAME mucks``, and ``from main pot``
/ ``from side pot N`` when a hand has side pots. Cash games in euros
or play money only (ValueError otherwise, and for a community card).
"""

from __future__ import annotations

from datetime import timezone

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
from ...writing import EASTERN, dealt_as_printed, refuse_community_card, site_clock, streets_begun

HAND_SEPARATOR = "\n\n\n"
GAME_NAMES = {Game.STUD: "7-Card Stud", Game.STUD8: "7-Card Stud Hi/Lo", Game.RAZZ: "Razz"}
_STREETS = {
    3: "*** 3rd STREET ***",
    4: "*** 4th STREET ***",
    5: "*** 5th STREET ***",
    6: "*** 6th STREET ***",
    7: "*** 7th STREET ***",
}
_WORD = {ActionKind.BRING_IN: "brings in", ActionKind.BET: "bets", ActionKind.CALL: "calls"}


def _amount(amount: Money, euro: bool) -> str:
    """``5€``, ``18.90€``, ``-6.10€``; play money without the sign."""
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    text = f"{sign}{whole}" if cents == 0 else f"{sign}{whole}.{cents:02d}"
    return text + ("€" if euro else "")


def _card(card: Card | None) -> str:
    return "X" if card is None else str(card)


def write_winamax(hand: Hand) -> str:
    """One hand as Winamax text (no trailing separator)."""
    if hand.tournament is not None or hand.currency not in ("EUR", None) or hand.game not in GAME_NAMES:
        raise ValueError("Winamax hands are written for stud, stud8 and razz cash games in euros or play money")
    refuse_community_card(hand, "Winamax")
    euro = hand.currency == "EUR"

    def money(amount: Money) -> str:
        return _amount(amount, euro)

    name = {s.seat: s.player for s in hand.seats}
    stakes = f"{money(hand.ante or 0)}/{money(hand.small_bet)}/{money(hand.big_bet)}"
    lines = [
        f"Winamax Poker - CashGame - HandId: #{hand.site_hand_id} - {GAME_NAMES[hand.game]} fixed limit "
        f"({stakes}) - {site_clock(hand.started_at, '%Y/%m/%d %H:%M:%S', zone=timezone.utc, naive=EASTERN)} UTC",
        f"Table: '{hand.table or 'Studbook'}' {hand.max_seats or 8}-max ({'real' if euro else 'play'} money)",
    ]
    lines += [f"Seat {s.seat}: {s.player} ({money(s.stack)})" for s in hand.seats]
    lines.append("*** ANTE/BLINDS ***")
    back: dict[int, Money] = {}
    for e in hand.events:
        if isinstance(e, UncalledReturn):
            back[e.seat] = back.get(e.seat, 0) + e.amount
    shares = _folded_returns(hand, back)
    several = any(isinstance(e, Collect) and pot_index(e.pot) > 0 for e in hand.events)
    held: dict[int, list[Card | None]] = {}
    ledger = StreetLedger()
    street, showdown = 2, False
    for event in hand.events:
        for begun in streets_begun(event, street):
            street = begun
            lines.append(_STREETS[street])
        if isinstance(event, Deal):
            cards = held.setdefault(event.seat, [])
            new = dealt_as_printed(event)
            shown = " ".join(map(_card, cards))
            cards += new
            fresh = " ".join(map(_card, new))
            lines.append(
                f"Dealt to {name[event.seat]} [{fresh}]"
                if event.street == 3
                else f"Dealt to {name[event.seat]} [{shown}] [{fresh}]"
            )
        elif isinstance(event, Action):
            lines.append(f"{name[event.seat]} {_action(event, ledger, money)}")
        elif isinstance(event, (Show, Muck)):
            if not showdown:
                showdown = True
                lines.append("*** SHOW DOWN ***")
            if isinstance(event, Show):
                described = f" ({event.description})" if event.description else ""
                lines.append(f"{name[event.seat]} shows [{' '.join(map(_card, event.cards))}]{described}")
            else:
                lines.append(f"{name[event.seat]} mucks")
        elif isinstance(event, Collect):
            index = pot_index(event.pot)
            pot = "pot" if not several else "main pot" if index == 0 else f"side pot {index}"
            lines.append(f"{name[event.seat]} collected {money(event.amount + shares.pop(id(event), 0))} from {pot}")
    paid = sum(e.amount for e in hand.events if isinstance(e, Collect))
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {money(paid + sum(back.values()))} | Rake {money(hand.rake or 0)}")
    won: dict[int, Money] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            won[e.seat] = won.get(e.seat, 0) + e.amount
    lines += [f"Seat {s.seat}: {s.player} won {money(won[s.seat])}" for s in hand.seats if s.seat in won]
    return "\n".join(lines) + "\n"


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


def _action(action: Action, ledger: StreetLedger, money: object) -> str:
    assert callable(money)
    kind = action.kind
    if kind is ActionKind.ANTE:
        return f"posts ante {money(action.amount)}"
    if kind is ActionKind.CHECK or kind is ActionKind.FOLD:
        ledger.record(action)
        return "checks" if kind is ActionKind.CHECK else "folds"
    added = ledger.added(action)
    if kind in _WORD:
        ledger.record(action)
        return f"{_WORD[kind]} {money(added)}"
    last_bet = ledger.level if ledger.bets else 0  # Winamax does not count the bring-in as a bet
    ledger.record(action)
    return f"raises {money(added - last_bet)} to {money(added)}"
