"""Write a :class:`Hand` as Absolute Poker prints it, for ``studbook convert --to absolute``, ``studbook
simulate --format absolute`` and the reader's round trip.

The spelling is the corpus hand's: ``Stage #ID: GAME  Normal $S/$B - DATE (ET)``, ``Seat N - NAME ($X in
chips)``, ``NAME - Ante $X``, every street's pockets (``NAME - Pocket [H H Js 10d]``: the cards so far, ``H``
for one not known, ``10`` for a ten), ``NAME - Bring-In/Bets/Calls $X``, ``*** SHOW DOWN ***``, ``NAME - Shows
[cards] (hand)``, ``NAME Collects $X from main pot`` and ``Total Pot($X) | Rake ($Y)``. What the corpus does
not show is written the way parsers/sites/absolute/reader.py reads it (see there): ``Raises $X to $Y`` (X the increment),
``Mucks``, ``side pot-N``; no line for an uncalled bet, an all-in or a betting note; the table speed is
always ``Normal``. Cash games in dollars only (ValueError otherwise, and for a community card).
"""

from __future__ import annotations


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
from ...writing import dealt_as_printed, refuse_community_card, site_clock, streets_begun

HAND_SEPARATOR = "\n\n"
GAME_NAMES = {Game.STUD8: "Seven Card Hi/Lo", Game.STUD: "Seven Card Stud", Game.RAZZ: "Razz"}
_STREETS = {
    3: "*** 3rd STREET ***",
    4: "*** 4TH STREET ***",
    5: "*** 5TH STREET ***",
    6: "*** 6TH STREET ***",
    7: "*** RIVER ***",
}
_WORD = {ActionKind.BRING_IN: "Bring-In", ActionKind.BET: "Bets", ActionKind.CALL: "Calls"}


def dollars(amount: Money) -> str:
    """``$0.17``, ``$1`` (whole dollars print no cents), ``$3.46``."""
    whole, cents = divmod(amount, 100)
    return f"${whole}" if cents == 0 else f"${whole}.{cents:02d}"


def _card(card: Card | None) -> str:
    """``H`` for a card not known, ``10`` for the ten."""
    if card is None:
        return "H"
    text = str(card)
    return "10" + text[1] if text[0] == "T" else text


def write_absolute(hand: Hand) -> str:
    """One hand as Absolute text (no trailing separator)."""
    if hand.game not in GAME_NAMES:
        raise ValueError(f"Absolute text has no name for {hand.game.value}: 7 card stud, stud hi/lo and razz only")
    if hand.tournament is not None or hand.currency != "USD":
        raise ValueError("Absolute hands are written for cash games in dollars only")
    refuse_community_card(hand, "Absolute")
    name = {s.seat: s.player for s in hand.seats}
    stakes = f"{dollars(hand.small_bet)}/{dollars(hand.big_bet)}"
    lines = [
        f"Stage #{hand.site_hand_id}: {GAME_NAMES[hand.game]}  Normal {stakes} - {site_clock(hand.started_at, '%Y-%m-%d %H:%M:%S')} (ET)"
    ]
    lines += [f"Seat {s.seat} - {s.player} ({dollars(s.stack)} in chips)" for s in hand.seats]
    pockets: dict[int, list[Card | None]] = {}
    street, showdown = 2, False
    for event in hand.events:
        for begun in streets_begun(event, street):
            street = begun
            lines.append(_STREETS[street])
        if isinstance(event, Deal):
            held = pockets.setdefault(event.seat, [])
            held += dealt_as_printed(event)
            lines.append(f"{name[event.seat]} - Pocket [{' '.join(map(_card, held))}]")
        elif isinstance(event, Action):
            lines.append(f"{name[event.seat]} - {_action(event)}")
        elif isinstance(event, (Show, Muck, Collect)):
            if isinstance(event, (Show, Muck)) and not showdown:
                showdown = True
                lines.append("*** SHOW DOWN ***")
            if isinstance(event, Show):
                described = f" ({event.description})" if event.description else ""
                lines.append(f"{name[event.seat]} - Shows [{' '.join(map(_card, event.cards))}]{described}")
            elif isinstance(event, Muck):
                lines.append(f"{name[event.seat]} - Mucks")
            else:
                index = pot_index(event.pot)
                pot = "main pot" if index == 0 else f"side pot-{index}"
                lines.append(f"{name[event.seat]} Collects {dollars(event.amount)} from {pot}")
    lines.append("*** SUMMARY ***")
    total = (
        hand.total_pot
        if hand.total_pot is not None
        else (sum(e.amount for e in hand.events if isinstance(e, Collect)) + (hand.rake or 0))
    )
    lines.append(f"Total Pot({dollars(total)}) | Rake ({dollars(hand.rake or 0)})")
    won: dict[int, Money] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            won[e.seat] = won.get(e.seat, 0) + e.amount
    lines += [
        f"Seat {s.seat}: {s.player} " + (f"won Total ({dollars(won[s.seat])})" if s.seat in won else "lost")
        for s in hand.seats
    ]
    return "\n".join(lines) + "\n"


def _action(action: Action) -> str:
    kind = action.kind
    if kind is ActionKind.ANTE:
        return f"Ante {dollars(action.amount)}"
    if kind in _WORD:
        return f"{_WORD[kind]} {dollars(action.amount)}"
    if kind in (ActionKind.RAISE, ActionKind.COMPLETE):
        to = action.to if action.to is not None else action.amount
        return f"Raises {dollars(action.amount)} to {dollars(to)}"
    return "Checks" if kind is ActionKind.CHECK else "Folds"
