"""Write a :class:`Hand` as Bovada prints it (the newer format, with street lines), for ``studbook
convert --to bovada`` and ``studbook simulate --format bovada``, and for the round trip of its reader.

The text follows the hand's events in order, in Bovada's words: ``Ante chip``, ``Bring_in chip`` (cash)
or ``Big blind/Bring in`` (tournaments), ``Bets`` (``Double bets`` for a 4th-street big bet in stud high),
``Raises X to Y`` with X the chips added, ``Calls X``, ``All-in X`` for a call or bet all-in (X added),
``All-in(raise) Y`` for a raise all-in (Y the total), ``Return uncalled portion of bet``, ``Showdown``,
``Mucks`` and ``Hand result``.

What Bovada text cannot say, and so is not written: the players' names (every player is ``Seat+N``), the
stakes (the reader infers them from the bets), the table's name unless it is a number, the betting
notes (``Betting is capped``, ``No low hand qualified``). What this writer adds to Bovada's lines: the
n-th side pot's result is ``Hand Result-Side Pot-N`` (Bovada prints one side pot; the corpus has no hand
with two), and a showdown shows the player's seven cards (Bovada shows the best five; the reader takes
either). Cards the hand does not know are left out of a deal's bracket (``[Kc]`` for a door card whose
down cards are unknown, ``[]`` for an unknown 7th card; Bovada itself prints every card), and a Muck
without cards is ``Mucks []``. Raises ValueError for what Bovada does not deal: razz, a community card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ....engine.betting import StreetLedger
from ....engine.cards import Card, format_cards
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
from ...writing import refuse_community_card, site_clock

HAND_SEPARATOR = "\n\n\n"
_GAMES = {Game.STUD: "7CARD", Game.STUD8: "7CARD HiLo"}
_STREETS = {
    3: "*** 3RD STREET ***",
    4: "*** 4TH STREET ***",
    5: "*** 5TH STREET ***",
    6: "*** 6TH STREET ***",
    7: "*** RIVER ***",
}
_FOLDED_ON = {3: "3rd STREET", 4: "4TH STREET", 5: "5TH STREET", 6: "6TH STREET", 7: "RIVER"}


def bovada_money(amount: Money, chips: bool) -> str:
    """``$0.57``, ``$200`` (whole dollars print no cents), ``$7.50``; tournament chips ``1,500``."""
    whole, cents = divmod(amount, 100)
    text = f"{whole:,}" if chips else (f"{whole}" if cents == 0 else f"{whole}.{cents:02d}")
    if chips:
        return text if cents == 0 else f"{text}.{cents:02d}"
    return f"${text}"


def _cards(cards: Iterable[Card | None]) -> str:
    """The known cards of a bracket: Bovada prints every card, so an unknown one (a hand seen by one
    player, converted from another site) is left out, and the reader deals it as unknown."""
    return format_cards([c for c in cards if c is not None])


def write_bovada(hand: Hand) -> str:
    """One hand as Bovada text (no trailing separator)."""
    if hand.game not in _GAMES:
        raise ValueError(f"Bovada deals no {hand.game.value}: only 7 card stud and stud hi/lo")
    refuse_community_card(hand, "Bovada")
    chips = hand.tournament is not None

    def money(amount: Money) -> str:
        return bovada_money(amount, chips)

    name = {s.seat: f"Seat+{s.seat}" for s in hand.seats}
    lines = [_header(hand)]
    lines += [f"{name[s.seat]}: {money(s.stack)} in chips" for s in hand.seats]
    ledger = StreetLedger()
    street = 0
    pots = sorted({pot_index(e.pot) for e in hand.events if isinstance(e, Collect)})
    folded: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, Deal):
            if event.street != street:
                street = event.street
                lines.append(_STREETS[street])
            lines.append(f"{name[event.seat]} : Card dealt to a spot [{_cards(event.down + event.up)}]")
        elif isinstance(event, Action):
            if event.kind is ActionKind.FOLD:
                folded.setdefault(event.seat, event.street)
            lines.append(f"{name[event.seat]} : {_action(hand, ledger, event, money)}")
        elif isinstance(event, UncalledReturn):
            ledger.uncalled(event.seat, event.amount)
            lines.append(f"{name[event.seat]} : Return uncalled portion of bet {money(event.amount)}")
        elif isinstance(event, Show):
            described = f" ({event.description})" if event.description else ""
            lines.append(f"{name[event.seat]} : Showdown [{_cards(event.cards)}]{described}")
        elif isinstance(event, Muck):
            lines.append(f"{name[event.seat]} : Mucks [{_cards(event.cards)}]")
        elif isinstance(event, Collect):
            index = pot_index(event.pot)
            side = "" if index == 0 else ("-Side Pot" if index == 1 else f"-Side Pot-{index}")
            word = "Hand result" if len(pots) == 1 else "Hand Result"
            lines.append(f"{name[event.seat]} : {word}{side} {money(event.amount)}")
    lines.append("*** SUMMARY ***")
    rake = "" if chips or hand.rake is None else f" | Rake ({money(hand.rake)})"
    total = hand.total_pot
    if total is None:  # a hand that does not say: what was paid out and raked
        total = sum(e.amount for e in hand.events if isinstance(e, Collect)) + (hand.rake or 0)
    lines.append(f"Total Pot({money(total)}){rake}")
    won: dict[int, Money] = {}
    for e in hand.events:
        if isinstance(e, Collect):
            won[e.seat] = won.get(e.seat, 0) + e.amount
    for s in hand.seats:
        if s.seat in folded:
            lines.append(f"{name[s.seat]}:  Folded on the {_FOLDED_ON[folded[s.seat]]}")
        elif s.seat in won:
            lines.append(f"{name[s.seat]}:  {money(won[s.seat])}")
    return "\n".join(lines) + "\n"


def _header(hand: Hand) -> str:
    when = site_clock(hand.started_at, "%Y-%m-%d %H:%M:%S")
    table = hand.table if hand.table and hand.table.isdigit() else "1"
    game = _GAMES[hand.game]
    if hand.tournament is not None:
        level = hand.tournament.level or "1"
        return (
            f"Bovada Hand #{hand.site_hand_id}: {game} Tournament #{hand.tournament.tournament_id} "
            f"TBL#{table}, Fixed Limit- Level {level} (0/0) - {when}"
        )
    return f"Bovada Hand #{hand.site_hand_id} TBL#{table} {game} Fixed Limit - {when}"


def _action(hand: Hand, ledger: StreetLedger, action: Action, say: Callable[[Money], str]) -> str:
    """One action in Bovada's words; the ledger says what the printed numbers are."""
    if ledger.street != action.street:
        ledger.start_street(action.street)
    kind = action.kind
    before = ledger.contributed(action.seat)
    added = ledger.added(action)
    ledger.record(action)
    total = before + added
    if kind is ActionKind.ANTE:
        return f"Ante chip {say(action.amount)}"
    if kind is ActionKind.BRING_IN:
        word = "Big blind/Bring in" if hand.tournament is not None else "Bring_in chip"
        return f"{word} {say(action.amount)}"
    if kind is ActionKind.CHECK:
        return "Checks"
    if kind is ActionKind.FOLD:
        return "Folds"
    if kind is ActionKind.CALL:
        return f"{'All-in' if action.all_in else 'Calls'} {say(added)}"
    if kind is ActionKind.BET:
        if action.all_in:
            return f"All-in(raise) {say(total)}"
        double = (
            action.street == 4 and hand.game is Game.STUD and hand.big_bet != hand.small_bet and added == hand.big_bet
        )
        return f"{'Double bets' if double else 'Bets'} {say(added)}"
    if action.all_in:
        return f"All-in(raise) {say(total)}"
    return f"Raises {say(added)} to {say(total)}"
