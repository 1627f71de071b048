"""Write a :class:`Hand` as PartyPoker prints it, for ``studbook convert --to partypoker``, ``studbook
simulate --format partypoker`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/partypoker/reader.py): a cash hand opens with ``Game #ID starts.`` and a
blank line before ``#Game No : ID``; the stakes line ``$0.50/$1 USD FL 7 Card Stud - Monday, April 25,
14:20:12 EDT 2011`` (the time in US Eastern, as the corpus's 2011-12 files), or for a tournament ``FL 7
Card Stud $6 USD Buy-in Trny:ID Level:N  Stakes-Antes(60/120-10)`` with its two repeated lines after the
seats; ``Seat 0 is the button``; every wager in brackets as the chips it adds (the engine's ledger says
how many), ``completes`` for the 3rd-street completion, ``double bets`` for a 4th-street big bet; ``NAME
opens`` before each street's first action.

What PartyPoker leaves out, the writer leaves out: nobody's cards are dealt in the text but the history's
owner's (the seat whose 3rd-street down cards the hand knows; the first such seat if several do), so
everyone else's up cards come back only from a showdown line's seven; no total, no rake, no betting
note and no uncalled-bet line. A ``wins`` line pays what the player takes: the pot less the rake, and
the bet nobody called with it when that bet was left over on the last street dealt and the player who
takes it back is the first paid (where the reader looks for it); any other uncalled bet is the replay's
to return, as the site's profile says (``uncalled_printed=False``). A ``wins`` line of a player who showed
names his hand (``with a flush, Ace high.``), which the reader passes over. Side pots are written ``from the side
pot #N`` and a split pot's low half as a plain ``wins`` line (the corpus's ``wins Lo (..)`` tells the
reader nothing more).

Not in the corpus, so the writer's own: a muck whose cards the hand does not know is ``doesn't show [
]`` (PartyPoker prints a loser's seven); ``Razz`` as the game's name. Play money is refused (ValueError):
its spelling is not known; so are a community card and a hand id that is not a number (PartyPoker's
``Game #10399817763``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Event,
    Game,
    Hand,
    Marker,
    Money,
    Muck,
    Show,
    UncalledReturn,
)
from ....engine.pots import pot_index
from ...writing import EASTERN, dealt_as_printed, refuse_community_card, streets_begun

HAND_SEPARATOR = "\n\n\n"
GAME_NAMES = {Game.STUD: "7 Card Stud", Game.STUD8: "7 Card Stud Hi-Lo", Game.RAZZ: "Razz"}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_STREETS = {
    3: "** Dealing **",
    4: "** Dealing Fourth street **",
    5: "** Dealing Fifth street **",
    6: "** Dealing Sixth street **",
    7: "** Dealing River **",
}
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def write_partypoker(hand: Hand) -> str:
    """One hand as PartyPoker text (no trailing separator)."""
    if hand.game not in GAME_NAMES:
        raise ValueError(f"PartyPoker text has no name for {hand.game.value}: 7 card stud, stud hi-lo and razz only")
    if not hand.site_hand_id.isdigit():
        raise ValueError(f"PartyPoker numbers its games: hand id {hand.site_hand_id!r} is not a number")
    if hand.play_money:
        raise ValueError("PartyPoker hands are written for real money only (the corpus has no play-money hand)")
    money = _Money(hand)
    refuse_community_card(hand, "PartyPoker")
    name = {s.seat: s.player for s in hand.seats}
    lines = _header(hand, money)
    owner = _owner(hand.events)
    ledger = StreetLedger()
    street = 2
    opened = False
    returned: tuple[int, int, Money] | None = None  # (street, seat, chips) of the last uncalled bet
    shown = any(isinstance(e, (Show, Muck)) for e in hand.events)
    paid = False
    described: dict[int, str] = {}  # seat -> the hand a show line named, repeated on its wins lines
    for event in hand.events:
        for begun in streets_begun(event, street):
            street = begun
            lines.append(_STREETS[street])
            ledger.start_street(street)
            opened = False
        if isinstance(event, Deal):
            if event.seat == owner:
                cards = dealt_as_printed(event)
                lines.append(f"Dealt to {name[event.seat]} [  {' '.join(_card(c) for c in cards)} ]")
        elif isinstance(event, Action):
            if event.kind is not ActionKind.ANTE and not opened:
                lines.append(f"{name[event.seat]} opens")
                opened = True
            lines.append(f"{name[event.seat]} {_action(event, ledger, hand, money)}")
        elif isinstance(event, UncalledReturn):
            returned = (street, event.seat, event.amount)
        elif isinstance(event, Show):
            seven = ", ".join(_card(c) for c in event.cards)
            if event.description:
                described[event.seat] = event.description
            lines.append(f"{name[event.seat]} shows [ {seven} ]{event.description or ''}")
        elif isinstance(event, Muck):
            seven = ", ".join(map(str, event.cards))
            lines.append(f"{name[event.seat]} doesn't show [ {seven} ]")
        elif isinstance(event, Collect):
            amount = event.amount
            if not paid and returned is not None and returned[:2] == (street, event.seat):
                amount += returned[2]  # the reader takes it off this line again: PartyPoker pays it here
            if not shown and not paid:
                lines.append(f"{name[event.seat]} does not show cards.")
            paid = True
            said = described.get(event.seat)
            lines.append(_wins(name[event.seat], amount, event.pot, shown, money) + (f" with {said}" if said else ""))
        elif isinstance(event, Marker) and event.kind == "no-low":
            lines.append("There was no qualifying low hand")
    return "\n".join(lines) + "\n"


class _Money:
    """How the hand's amounts print: ``$0.50 USD`` in a cash game (whole units without cents), ``2,560``
    chips in a tournament."""

    def __init__(self, hand: Hand) -> None:
        self.chips = hand.tournament is not None
        currency = hand.currency or "USD"
        if not self.chips and currency not in _SYMBOLS:
            raise ValueError(f"PartyPoker prints dollars, euros or pounds, not {currency}")
        self.symbol, self.code = _SYMBOLS.get(currency, "$"), currency

    def __call__(self, value: Money) -> str:
        """The amount as a seat line or a bracket prints it."""
        if self.chips:
            return _number(value)
        return f"{self.symbol}{_number(value)} {self.code}"


def _number(value: Money) -> str:
    """``2,930``, ``0.05``, ``1``: thousands separated, cents only when there are some."""
    whole, cents = divmod(value, 100)
    return f"{whole:,}" if cents == 0 else f"{whole:,}.{cents:02d}"


def _header(hand: Hand, money: _Money) -> list[str]:
    game = GAME_NAMES[hand.game]
    when = _when(hand.started_at)
    t = hand.tournament
    lines = [] if t is not None else [f"Game #{hand.site_hand_id} starts.", ""]
    lines += [f"#Game No : {hand.site_hand_id}", f"***** Hand History for Game {hand.site_hand_id} *****"]
    if t is None:
        sym = money.symbol
        lines.append(f"{sym}{_number(hand.small_bet)}/{sym}{_number(hand.big_bet)} {money.code} FL {game} - {when}")
        table = f"Table {hand.table or 'Studbook'} (Real Money)"
    else:
        buy_in = _number((t.buy_in or 0) + (t.fee or 0))
        stakes = f"Stakes-Antes({_number(hand.small_bet)}/{_number(hand.big_bet)}-{_number(hand.ante or 0)})"
        level = f"Trny:{t.tournament_id} Level:{_level(t.level)}"
        symbol = _SYMBOLS.get(t.currency or "USD", "$")
        lines.append(f"FL {game} {symbol}{buy_in} {t.currency or 'USD'} Buy-in {level}  {stakes} - {when}")
        table = f"Table {hand.table or 'Studbook'} Table #1 (Real Money)"
    lines += [
        table,
        "Seat 0 is the button",
        f"Total number of players : {len(hand.seats)}/{max(hand.max_seats or 8, len(hand.seats))}",
    ]
    lines += [f"Seat {s.seat}: {s.player} ( {money(s.stack)} )" for s in hand.seats]
    if t is not None:
        lines += [level, stakes]
    return lines


def _owner(events: Iterable[Event]) -> int | None:
    """The seat whose history this is: the first whose 3rd-street down cards are known."""
    return next(
        (e.seat for e in events if isinstance(e, Deal) and e.street == 3 and any(c is not None for c in e.down)),
        None,
    )


def _action(action: Action, ledger: StreetLedger, hand: Hand, money: _Money) -> str:
    """The words and bracket of one action; the ledger (recorded here) says what it adds."""
    kind = action.kind
    if kind is ActionKind.ANTE:
        return f"posts ante [{money(action.amount)}]"
    completes = action.street == 3 and ledger.bets == 0 and ledger.level > 0  # over the bring-in
    added = ledger.added(action)
    ledger.record(action)
    if kind is ActionKind.CHECK or kind is ActionKind.FOLD:
        return "checks" if kind is ActionKind.CHECK else "folds"
    if kind is ActionKind.BRING_IN:
        verb = "bring-ins"
    elif kind is ActionKind.CALL:
        verb = "calls"
    elif kind is ActionKind.COMPLETE or (kind is ActionKind.RAISE and completes):
        verb = "completes"
    elif kind is ActionKind.RAISE:
        verb = "raises"
    elif action.street == 4 and added == hand.big_bet != hand.small_bet and ledger.bets == 1:
        verb = "double bets"
    else:
        verb = "bets"
    return f"{verb} [{money(added)}]"


def _wins(who: str, amount: Money, pot: str, shown: bool, money: _Money) -> str:
    """``NAME wins $8.45 USD from the main pot``; the main pot of a hand without a showdown is named
    not at all (``NAME wins $13.20 USD``)."""
    paid = f"{_number(amount)} chips" if money.chips else money(amount)
    index = pot_index(pot)
    if index == 0 and not shown:
        return f"{who} wins {paid}"
    return f"{who} wins {paid} from the {'main pot' if index == 0 else f'side pot #{index}'}"


def _card(card: Card | None) -> str:
    if card is None:
        raise ValueError("PartyPoker prints only cards it knows: a deal or show with an unknown card")
    return str(card)


def _level(level: str | None) -> int:
    """A tournament level as PartyPoker numbers it (``Level:2``): digits as they are, a Roman numeral
    (the simulator's ``IV``) as its number."""
    if level is None:
        return 1
    if level.isdigit():
        return int(level)
    values = [_ROMAN.get(ch) for ch in level.upper()]
    if not values or None in values:
        raise ValueError(f"PartyPoker numbers its tournament levels: {level!r} is no level number")
    numbers = [v for v in values if v is not None]
    return sum(-v if v < w else v for v, w in zip(numbers, [*numbers[1:], 0]))


def _when(when: datetime | None) -> str:
    """``Monday, April 25, 14:20:12 EDT 2011`` in US Eastern time (a naive time is taken as Eastern)."""
    when = when or datetime(1970, 1, 1, tzinfo=timezone.utc)
    when = when.astimezone(EASTERN) if when.tzinfo is not None else when.replace(tzinfo=EASTERN)
    return f"{when:%A, %B} {when.day}, {when:%H:%M:%S} {when:%Z} {when.year}"
