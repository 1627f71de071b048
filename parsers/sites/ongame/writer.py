"""Write a :class:`Hand` as OnGame prints it, for ``studbook convert --to ongame``, ``studbook simulate
--format ongame`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/ongame/reader.py): the three header lines with the stakes and ante in the
``Table:`` line, ``---`` before every street, ``Dealing to NAME: [-, -, Kh]`` (``-`` for a card not known),
``small bring in``, ``bets`` for the 3rd-street completion (``big bring in`` when the bring-in seat opens
with it), ``raises $X to $Y`` with X the new street total and Y the player's wagers in the hand without
antes, the showdown's cards in the summary's seat lines, ``Main pot: $T won by NAME ($X)`` (``T`` before
rake) and ``Rake taken``. Every deal the hand knows is written (the site itself leaves out the others'
river cards); no line for an uncalled bet or a betting note, as the site prints none. Cash games in
dollars only (ValueError otherwise, and for a community card).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Game, Hand, Money, Show
from ....engine.pots import pot_index
from ....engine.replay import replay
from ...writing import dealt_as_printed, refuse_community_card, streets_begun

HAND_SEPARATOR = ""
"""OnGame glues its hands together: the next header follows the last hand's end line."""
GAME_NAMES = {Game.STUD: "SEVEN_CARD_STUD", Game.STUD8: "SEVEN_CARD_STUD_HI_LO", Game.RAZZ: "RAZZ"}
_STREETS = {
    3: "Dealing pocket cards",
    4: "Dealing 4th street",
    5: "Dealing 5th street",
    6: "Dealing 6th street",
    7: "Dealing river",
}


def dollars(amount: Money) -> str:
    """``$0.10``, ``$2`` (whole dollars print no cents), ``-$0.77``."""
    sign, amount = ("-", -amount) if amount < 0 else ("", amount)
    whole, cents = divmod(amount, 100)
    return f"{sign}${whole}" if cents == 0 else f"{sign}${whole}.{cents:02d}"


def _cards(cards: Iterable[Card | None]) -> str:
    return ", ".join("-" if c is None else str(c) for c in cards)


def write_ongame(hand: Hand) -> str:
    """One hand as OnGame text (ending with its ``***** End of hand`` line and a newline)."""
    if hand.tournament is not None or hand.currency != "USD" or hand.game not in GAME_NAMES:
        raise ValueError("OnGame hands are written for stud-family cash games in dollars only")
    refuse_community_card(hand, "OnGame")
    name = {s.seat: s.player for s in hand.seats}
    ante = f", ante: {dollars(hand.ante)}" if hand.ante else ""
    lines = [
        f"***** History for hand {hand.site_hand_id} *****",
        f"Start hand: {_when(hand.started_at)}",
        f"Table: {hand.table or 'Studbook'} [1] (LIMIT {GAME_NAMES[hand.game]} {dollars(hand.small_bet)}/"
        f"{dollars(hand.big_bet)}{ante}, Real money)",
        f"Players in round: {len(hand.seats)}",
    ]
    lines += [f"Seat {s.seat}: {s.player} ({dollars(s.stack)})" for s in hand.seats]
    ledger = StreetLedger()
    wagered: dict[int, Money] = {}  # seat -> chips in the hand, antes left out
    street = 2
    shows: list[Show] = []
    for event in hand.events:
        for begun in streets_begun(event, street):
            street = begun
            lines += ["---", _STREETS[street]]
        if isinstance(event, Deal):
            cards = dealt_as_printed(event)
            lines.append(f"Dealing to {name[event.seat]}: [{_cards(cards)}]")
        elif isinstance(event, Action):
            added = ledger.added(event)
            lines.append(f"{name[event.seat]} {_action(event, ledger, added, wagered)}")
            if event.kind is not ActionKind.ANTE:
                wagered[event.seat] = wagered.get(event.seat, 0) + added
                ledger.record(event)
        elif isinstance(event, Show):
            shows.append(event)
    lines += ["---", "Summary:"]
    lines += _pots(hand, name)
    lines.append(f"Rake taken: {dollars(hand.rake or 0)}")
    net = replay(hand).net
    shown = {s.seat: s for s in shows}
    for s in hand.seats:
        text = (
            f"Seat {s.seat}: {s.player} ({dollars(s.stack + net.get(s.seat, 0))}), net: "
            f"{'+' if net.get(s.seat, 0) > 0 else ''}{dollars(net.get(s.seat, 0))}"
        )
        if s.seat in shown:
            show = shown[s.seat]
            text += f", [{_cards(show.cards)}]" + (f" ({show.description})" if show.description else "")
        lines.append(text)
    lines.append(f"***** End of hand {hand.site_hand_id} *****")
    return "\n".join(lines) + "\n"


def _action(event: Action, ledger: StreetLedger, added: Money, wagered: dict[int, Money]) -> str:
    kind = event.kind
    if kind is ActionKind.ANTE:
        return f"posts ante {dollars(event.amount)}"
    if kind is ActionKind.BRING_IN:
        return f"small bring in {dollars(event.amount)}"
    if kind in (ActionKind.RAISE, ActionKind.COMPLETE):
        if event.street == 3 and ledger.bets == 0:  # the completion over the bring-in: OnGame's "bets"
            return f"bets {dollars(added)}"
        to = ledger.contributed(event.seat) + added
        return f"raises {dollars(to)} to {dollars(wagered.get(event.seat, 0) + added)}"
    if kind is ActionKind.BET:  # on 3rd street, the bring-in seat opening for the small bet
        return f"{'big bring in' if event.street == 3 else 'bets'} {dollars(event.amount)}"
    if kind is ActionKind.CALL:
        return f"calls {dollars(event.amount)}"
    return "checks" if kind is ActionKind.CHECK else "folds"


def _pots(hand: Hand, name: dict[int, str]) -> list[str]:
    """``Main pot: $T won by NAME ($X), NAME ($Y)`` per pot, ``T`` what it held before the rake (all taken
    from the main pot)."""
    pots: dict[int, list[Collect]] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            pots.setdefault(pot_index(e.pot), []).append(e)
    out = []
    for index in sorted(pots):
        total = sum(c.amount for c in pots[index]) + (hand.rake or 0 if index == 0 else 0)
        label = "Main pot" if index == 0 else f"Side pot {index}"
        winners = ", ".join(f"{name[c.seat]} ({dollars(c.amount)})" for c in pots[index])
        out.append(f"{label}: {dollars(total)} won by {winners}")
    return out


def _when(when: datetime | None) -> str:
    """``Mon Sep 13 22:31:30 GMT+0000 2010``: the time in UTC (OnGame prints the zone as an offset)."""
    when = when or datetime(1970, 1, 1, tzinfo=timezone.utc)
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    return when.strftime("%a %b %d %H:%M:%S GMT+0000 %Y")
