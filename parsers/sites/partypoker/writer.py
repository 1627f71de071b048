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
]`` (PartyPoker prints a loser's seven); ``Razz`` as the game's name. Play money is refused:
its spelling is not known; so are a community card and a hand id that is not a number (PartyPoker's
``Game #10399817763``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import CURRENCY_SYMBOLS, Action, ActionKind, Collect, Deal, Event, Hand, Marker, Money, Muck, Show
from ....engine.model import UncalledReturn
from ....engine.pots import pot_index
from ...writing import EASTERN, TextWriter, amount_text, dealt_as_printed, site_moment
from .vocabulary import GAME_NAMES, STREET_WORDS

HAND_SEPARATOR = "\n\n\n"
_STREETS = {
    3: "** Dealing **",
    **{n: f"** Dealing {word} **" if n == 7 else f"** Dealing {word} street **" for n, word in STREET_WORDS.items()},
}
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _number(value: Money) -> str:
    """``2,930``, ``0.05``, ``1``: thousands separated, cents only when there are some."""
    return amount_text(value, thousands=True)


class _Writer(TextWriter):
    site_name = "PartyPoker"
    street_headers = _STREETS

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.owner = _owner(hand.events)
        self.ledger = StreetLedger()
        self.opened = False
        self.returned: tuple[int, int, Money] | None = None
        """(street, seat, chips) of the last uncalled bet."""
        self.shown = any(isinstance(e, (Show, Muck)) for e in hand.events)
        self.paid = False
        self.described: dict[int, str] = {}
        """seat -> the hand a show line named, repeated on its wins lines."""
        self.chips = hand.tournament is not None
        self.code = hand.currency or "USD"
        self.symbol = CURRENCY_SYMBOLS.get(self.code, "$")

    def check(self) -> None:
        hand = self.hand
        if hand.game not in GAME_NAMES:
            raise self.fail(f"PartyPoker text has no name for {hand.game.value}: 7 card stud, stud hi-lo and razz only")
        if not hand.site_hand_id.isdigit():
            raise self.fail(f"PartyPoker numbers its games: hand id {hand.site_hand_id!r} is not a number")
        if hand.play_money:
            raise self.fail("PartyPoker hands are written for real money only (the corpus has no play-money hand)")
        if not self.chips and self.code not in CURRENCY_SYMBOLS:
            raise self.fail(f"PartyPoker prints dollars, euros or pounds, not {self.code}")

    def money(self, value: Money) -> str:
        """The amount as a seat line or a bracket prints it: ``$0.50 USD`` in a cash game (whole units
        without cents), ``2,560`` chips in a tournament."""
        return _number(value) if self.chips else f"{self.symbol}{_number(value)} {self.code}"

    def card(self, card: Card | None) -> str:
        if card is None:
            raise self.fail("PartyPoker prints only cards it knows: a deal or show with an unknown card")
        return str(card)

    def header(self) -> None:
        hand, out = self.hand, self.out
        game = GAME_NAMES[hand.game]
        when = _when(hand.started_at)
        t = hand.tournament
        if t is None:
            out += [f"Game #{hand.site_hand_id} starts.", ""]
        out += [f"#Game No : {hand.site_hand_id}", f"***** Hand History for Game {hand.site_hand_id} *****"]
        if t is None:
            sym = self.symbol
            out.append(f"{sym}{_number(hand.small_bet)}/{sym}{_number(hand.big_bet)} {self.code} FL {game} - {when}")
            table = f"Table {hand.table or 'Studbook'} (Real Money)"
        else:
            buy_in = _number((t.buy_in or 0) + (t.fee or 0))
            self.stakes = f"Stakes-Antes({_number(hand.small_bet)}/{_number(hand.big_bet)}-{_number(hand.ante or 0)})"
            self.level = f"Trny:{t.tournament_id} Level:{self.level_number(t.level)}"
            symbol = CURRENCY_SYMBOLS.get(t.currency or "USD", "$")
            out.append(f"FL {game} {symbol}{buy_in} {t.currency or 'USD'} Buy-in {self.level}  {self.stakes} - {when}")
            table = f"Table {hand.table or 'Studbook'} Table #1 (Real Money)"
        out += [
            table,
            "Seat 0 is the button",
            f"Total number of players : {len(hand.seats)}/{max(hand.max_seats or 8, len(hand.seats))}",
        ]

    def seats(self) -> None:
        self.out += [f"Seat {s.seat}: {s.player} ( {self.money(s.stack)} )" for s in self.hand.seats]
        if self.hand.tournament is not None:
            self.out += [self.level, self.stakes]

    def street_start(self, street: int) -> None:
        super().street_start(street)
        self.ledger.start_street(street)
        self.opened = False

    def deal(self, deal: Deal) -> None:
        if deal.seat == self.owner:
            cards = " ".join(self.card(c) for c in dealt_as_printed(deal))
            self.out.append(f"Dealt to {self.name(deal.seat)} [  {cards} ]")

    def action(self, action: Action) -> None:
        if action.kind is not ActionKind.ANTE and not self.opened:
            self.out.append(f"{self.name(action.seat)} opens")
            self.opened = True
        self.out.append(f"{self.name(action.seat)} {self.words(action)}")

    def words(self, action: Action) -> str:
        """The words and bracket of one action; the ledger (recorded here) says what it adds."""
        ledger, hand, kind = self.ledger, self.hand, action.kind
        if kind is ActionKind.ANTE:
            return f"posts ante [{self.money(action.amount)}]"
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
        return f"{verb} [{self.money(added)}]"

    def uncalled(self, returned: UncalledReturn) -> None:
        self.returned = (self.street, returned.seat, returned.amount)

    def show(self, show: Show) -> None:
        seven = ", ".join(self.card(c) for c in show.cards)
        if show.description:
            self.described[show.seat] = show.description
        self.out.append(f"{self.name(show.seat)} shows [ {seven} ]{show.description or ''}")

    def muck(self, muck: Muck) -> None:
        self.out.append(f"{self.name(muck.seat)} doesn't show [ {', '.join(map(str, muck.cards))} ]")

    def collect(self, collect: Collect) -> None:
        amount, who = collect.amount, self.name(collect.seat)
        returned = self.returned
        if not self.paid and returned is not None and returned[:2] == (self.street, collect.seat):
            amount += returned[2]  # the reader takes it off this line again: PartyPoker pays it here
        if not self.shown and not self.paid:
            self.out.append(f"{who} does not show cards.")
        self.paid = True
        said = self.described.get(collect.seat)
        self.out.append(self.wins(who, amount, collect.pot) + (f" with {said}" if said else ""))

    def wins(self, who: str, amount: Money, pot: str) -> str:
        """``NAME wins $8.45 USD from the main pot``; the main pot of a hand without a showdown is named
        not at all (``NAME wins $13.20 USD``)."""
        paid = f"{_number(amount)} chips" if self.chips else self.money(amount)
        index = pot_index(pot)
        if index == 0 and not self.shown:
            return f"{who} wins {paid}"
        return f"{who} wins {paid} from the {'main pot' if index == 0 else f'side pot #{index}'}"

    def marker(self, marker: Marker) -> None:
        if marker.kind == "no-low":
            self.out.append("There was no qualifying low hand")

    def level_number(self, level: str | None) -> int:
        """A tournament level as PartyPoker numbers it (``Level:2``): digits as they are, a Roman numeral
        (the simulator's ``IV``) as its number."""
        if level is None:
            return 1
        if level.isdigit():
            return int(level)
        values = [_ROMAN.get(ch) for ch in level.upper()]
        if not values or None in values:
            raise self.fail(f"PartyPoker numbers its tournament levels: {level!r} is no level number")
        numbers = [v for v in values if v is not None]
        return sum(-v if v < w else v for v, w in zip(numbers, [*numbers[1:], 0]))


def _owner(events: Iterable[Event]) -> int | None:
    """The seat whose history this is: the first whose 3rd-street down cards are known."""
    return next(
        (e.seat for e in events if isinstance(e, Deal) and e.street == 3 and any(c is not None for c in e.down)),
        None,
    )


def _when(when: datetime | None) -> str:
    """``Monday, April 25, 14:20:12 EDT 2011`` in US Eastern time (a naive time is taken as Eastern; the
    day of the month without a leading zero, which ``strftime`` cannot say on every platform)."""
    when = site_moment(when, EASTERN, naive=EASTERN, missing=datetime(1970, 1, 1, tzinfo=UTC))
    return f"{when:%A, %B} {when.day}, {when:%H:%M:%S} {when:%Z} {when.year}"


write_partypoker = _Writer.text
"""One hand as PartyPoker text (no trailing separator)."""
