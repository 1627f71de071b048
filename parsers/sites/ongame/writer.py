"""Write a :class:`Hand` as OnGame prints it, for ``studbook convert --to ongame``, ``studbook simulate
--format ongame`` and the reader's round trip.

The spelling is the corpus's (parsers/sites/ongame/reader.py): the three header lines with the stakes and ante in the
``Table:`` line, ``---`` before every street, ``Dealing to NAME: [-, -, Kh]`` (``-`` for a card not known),
``small bring in``, ``bets`` for the 3rd-street completion (``big bring in`` when the bring-in seat opens
with it), ``raises $X to $Y`` with X the new street total and Y the player's wagers in the hand without
antes, the showdown's cards in the summary's seat lines, ``Main pot: $T won by NAME ($X)`` (``T`` before
rake) and ``Rake taken``. Every deal the hand knows is written (the site itself leaves out the others'
river cards); no line for an uncalled bet or a betting note, as the site prints none. Cash games in
dollars only (refused otherwise, and for a community card).
"""

from __future__ import annotations

from datetime import timezone

from ....engine.betting import StreetLedger
from ....engine.cards import Card
from ....engine.model import Action, ActionKind, Collect, Deal, Hand, Money, Show
from ....engine.pots import pot_index
from ....engine.replay import replay
from ...registry import profile_for
from ...writing import TextWriter, amount_text, cards_text, dealt_as_printed, site_clock
from .vocabulary import GAME_NAMES, STREET_WORDS

HAND_SEPARATOR = ""
"""OnGame glues its hands together: the next header follows the last hand's end line."""
_STREETS = {
    3: "Dealing pocket cards",
    **{n: f"Dealing {word}" if n == 7 else f"Dealing {word} street" for n, word in STREET_WORDS.items()},
}


def dollars(amount: Money) -> str:
    """``$0.10``, ``$2`` (whole dollars print no cents), ``-$0.77``."""
    return amount_text(amount, "$")


def _cards(cards: tuple[Card | None, ...]) -> str:
    return cards_text(cards, "-", ", ")


class _Writer(TextWriter):
    site_name = "OnGame"

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.ledger = StreetLedger()
        self.wagered: dict[int, Money] = {}
        """Each seat's chips in the hand, antes left out: what a raise's ``to`` prints."""
        self.shown: dict[int, Show] = {}

    def check(self) -> None:
        hand = self.hand
        if hand.tournament is not None or hand.currency != "USD" or hand.game not in GAME_NAMES:
            raise self.fail("OnGame hands are written for stud-family cash games in dollars only")

    def header(self) -> None:
        hand = self.hand
        ante = f", ante: {dollars(hand.ante)}" if hand.ante else ""
        when = site_clock(hand.started_at, "%a %b %d %H:%M:%S GMT+0000 %Y", zone=timezone.utc)
        self.out += [
            f"***** History for hand {hand.site_hand_id} *****",
            f"Start hand: {when}",
            f"Table: {hand.table or 'Studbook'} [1] (LIMIT {GAME_NAMES[hand.game]} {dollars(hand.small_bet)}/"
            f"{dollars(hand.big_bet)}{ante}, Real money)",
            f"Players in round: {len(hand.seats)}",
        ]

    def seats(self) -> None:
        self.out += [f"Seat {s.seat}: {s.player} ({dollars(s.stack)})" for s in self.hand.seats]

    def street_start(self, street: int) -> None:
        self.out += ["---", _STREETS[street]]

    def deal(self, deal: Deal) -> None:
        self.out.append(f"Dealing to {self.name(deal.seat)}: [{_cards(dealt_as_printed(deal))}]")

    def action(self, action: Action) -> None:
        ledger, kind = self.ledger, action.kind
        added = ledger.added(action)
        if kind is ActionKind.ANTE:
            text = f"posts ante {dollars(action.amount)}"
        elif kind is ActionKind.BRING_IN:
            text = f"small bring in {dollars(action.amount)}"
        elif kind in (ActionKind.RAISE, ActionKind.COMPLETE):
            if action.street == 3 and ledger.bets == 0:  # the completion over the bring-in: OnGame's "bets"
                text = f"bets {dollars(added)}"
            else:
                to = ledger.contributed(action.seat) + added
                text = f"raises {dollars(to)} to {dollars(self.wagered.get(action.seat, 0) + added)}"
        elif kind is ActionKind.BET:  # on 3rd street, the bring-in seat opening for the small bet
            text = f"{'big bring in' if action.street == 3 else 'bets'} {dollars(action.amount)}"
        elif kind is ActionKind.CALL:
            text = f"calls {dollars(action.amount)}"
        else:
            text = "checks" if kind is ActionKind.CHECK else "folds"
        self.out.append(f"{self.name(action.seat)} {text}")
        if kind is not ActionKind.ANTE:
            self.wagered[action.seat] = self.wagered.get(action.seat, 0) + added
            ledger.record(action)

    def show(self, show: Show) -> None:
        self.shown[show.seat] = show

    def summary(self) -> None:
        hand, out = self.hand, self.out
        out += ["---", "Summary:"]
        out += self.pots()
        out.append(f"Rake taken: {dollars(hand.rake or 0)}")
        net = replay(hand, profile_for(hand)).net
        for s in hand.seats:
            text = (
                f"Seat {s.seat}: {s.player} ({dollars(s.stack + net.get(s.seat, 0))}), net: "
                f"{'+' if net.get(s.seat, 0) > 0 else ''}{dollars(net.get(s.seat, 0))}"
            )
            if s.seat in self.shown:
                show = self.shown[s.seat]
                text += f", [{_cards(show.cards)}]" + (f" ({show.description})" if show.description else "")
            out.append(text)
        out.append(f"***** End of hand {hand.site_hand_id} *****")

    def pots(self) -> list[str]:
        """``Main pot: $T won by NAME ($X), NAME ($Y)`` per pot, ``T`` what it held before the rake (all
        taken from the main pot)."""
        hand = self.hand
        pots: dict[int, list[Collect]] = {}
        for e in hand.events:
            if isinstance(e, Collect):
                pots.setdefault(pot_index(e.pot), []).append(e)
        out = []
        for index in sorted(pots):
            total = sum(c.amount for c in pots[index]) + (hand.rake or 0 if index == 0 else 0)
            label = "Main pot" if index == 0 else f"Side pot {index}"
            winners = ", ".join(f"{self.name(c.seat)} ({dollars(c.amount)})" for c in pots[index])
            out.append(f"{label}: {dollars(total)} won by {winners}")
        return out


write_ongame = _Writer.text
"""One hand as OnGame text (ending with its ``***** End of hand`` line and a newline)."""
