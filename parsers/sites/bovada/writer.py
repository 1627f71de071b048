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
without cards is ``Mucks []``. Refuses what Bovada does not deal: razz, a community card.
"""

from __future__ import annotations

from collections.abc import Iterable

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Event, Game, Hand, Money, UncalledReturn
from ....engine.pots import pot_index
from ...writing import TextWriter, amount_text, cards_text, site_clock
from .vocabulary import GAME_NAMES, STREET_WORDS

HAND_SEPARATOR = "\n\n\n"
_STREETS = {n: f"*** {word} ***" if n == 7 else f"*** {word} STREET ***" for n, word in STREET_WORDS.items()}
_FOLDED_ON = {3: "3rd STREET", 4: "4TH STREET", 5: "5TH STREET", 6: "6TH STREET", 7: "RIVER"}


def bovada_money(amount: Money, chips: bool) -> str:
    """``$0.57``, ``$200`` (whole dollars print no cents), ``$7.50``; tournament chips ``1,500``."""
    return amount_text(amount, thousands=True) if chips else amount_text(amount, "$")


def _cards(cards: Iterable[Card | None]) -> str:
    """The known cards of a bracket: Bovada prints every card, so an unknown one (a hand seen by one
    player, converted from another site) is left out, and the reader deals it as unknown."""
    return cards_text(c for c in cards if c is not None)


class _Writer(TextWriter):
    site_name = "Bovada"
    street_headers = _STREETS
    start_street = 0
    show_line = "{name} : Showdown [{cards}]{described}"
    muck_line = "{name} : Mucks [{cards}]"
    cards = staticmethod(_cards)

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.chips = hand.tournament is not None
        self.names = {s.seat: f"Seat+{s.seat}" for s in hand.seats}
        """Bovada prints no names: every player is his seat."""
        self.ledger = StreetLedger()
        self.pots = sorted({pot_index(e.pot) for e in hand.events if isinstance(e, Collect)})
        self.folded: dict[int, int] = {}

    def money(self, amount: Money) -> str:
        return bovada_money(amount, self.chips)

    def check(self) -> None:
        if self.hand.game not in GAME_NAMES:
            raise self.fail(f"Bovada deals no {self.hand.game.value}: only 7 card stud and stud hi/lo")

    def streets_before(self, event: Event) -> Iterable[int]:
        """A street's line before its first deal (an action moves no street on: Bovada deals first)."""
        return (event.street,) if isinstance(event, Deal) and event.street != self.street else ()

    def header(self) -> None:
        hand = self.hand
        when = site_clock(hand.started_at, "%Y-%m-%d %H:%M:%S")
        table = hand.table if hand.table and hand.table.isdigit() else "1"
        game = GAME_NAMES[hand.game]
        if hand.tournament is not None:
            level = hand.tournament.level or "1"
            self.out.append(
                f"Bovada Hand #{hand.site_hand_id}: {game} Tournament #{hand.tournament.tournament_id} "
                f"TBL#{table}, Fixed Limit- Level {level} (0/0) - {when}"
            )
        else:
            self.out.append(f"Bovada Hand #{hand.site_hand_id} TBL#{table} {game} Fixed Limit - {when}")

    def seats(self) -> None:
        self.out += [f"{self.name(s.seat)}: {self.money(s.stack)} in chips" for s in self.hand.seats]

    def deal(self, deal: Deal) -> None:
        self.out.append(f"{self.name(deal.seat)} : Card dealt to a spot [{_cards(deal.down + deal.up)}]")

    def action(self, action: Action) -> None:
        if action.kind is ActionKind.FOLD:
            self.folded.setdefault(action.seat, action.street)
        self.out.append(f"{self.name(action.seat)} : {self.words(action)}")

    def words(self, action: Action) -> str:
        """One action in Bovada's words; the ledger says what the printed numbers are."""
        hand, ledger, say = self.hand, self.ledger, self.money
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
                action.street == 4
                and hand.game is Game.STUD
                and hand.big_bet != hand.small_bet
                and added == hand.big_bet
            )
            return f"{'Double bets' if double else 'Bets'} {say(added)}"
        if action.all_in:
            return f"All-in(raise) {say(total)}"
        return f"Raises {say(added)} to {say(total)}"

    def uncalled(self, returned: UncalledReturn) -> None:
        self.ledger.uncalled(returned.seat, returned.amount)
        self.out.append(f"{self.name(returned.seat)} : Return uncalled portion of bet {self.money(returned.amount)}")

    def collect(self, collect: Collect) -> None:
        index = pot_index(collect.pot)
        side = "" if index == 0 else ("-Side Pot" if index == 1 else f"-Side Pot-{index}")
        word = "Hand result" if len(self.pots) == 1 else "Hand Result"
        self.out.append(f"{self.name(collect.seat)} : {word}{side} {self.money(collect.amount)}")

    def summary(self) -> None:
        hand, money, out = self.hand, self.money, self.out
        out.append("*** SUMMARY ***")
        rake = "" if self.chips or hand.rake is None else f" | Rake ({money(hand.rake)})"
        won = self.winnings()
        total = hand.total_pot
        if total is None:  # a hand that does not say: what was paid out and raked
            total = sum(won.values()) + (hand.rake or 0)
        out.append(f"Total Pot({money(total)}){rake}")
        for s in hand.seats:
            if s.seat in self.folded:
                out.append(f"{self.name(s.seat)}:  Folded on the {_FOLDED_ON[self.folded[s.seat]]}")
            elif s.seat in won:
                out.append(f"{self.name(s.seat)}:  {money(won[s.seat])}")


write_bovada = _Writer.text
"""One hand as Bovada text (no trailing separator)."""
