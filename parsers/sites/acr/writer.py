"""Write a :class:`Hand` as Winning Poker Network / ACR text, in the format the site prints since 2019.

Why: ``studbook convert --to acr`` and ``studbook simulate --format acr``, and the round trip
simulate -> ACR text -> parse -> replay that proves parsers/sites/acr/reader.py reads every line kind the site
prints (side pots, all-ins, the community card, split pots), not only what the corpus happens to hold.

The text is built from the hand's events alone, the way the site lays a hand out:

* ``raises X to Y`` prints X as the chips this action adds (the site's own convention), which is the
  new street total less what the player had in before it. That number comes from the engine's
  betting ledger (:class:`~studbook.engine.betting.StreetLedger`), the one place that keeps a street's
  betting state.
* After each street line the running pot (``Main pot $0.21 | Rake $0.00``); after ``*** SHOW DOWN ***``
  the final pots net of rake, one line per pot (the parser reads these as ``printed_pots``).
* A hand nobody called ends ``X does not show``; what X won is only in the summary
  (``did not show and won $0.36``), as on the site. A showdown prints every show, then every
  ``collected`` line, main pot first (``from main pot``, ``from side pot-1``).
* ``Total pot`` is printed after rake. A hand whose ``total_pot`` was recorded including the rake (a
  PokerStars or simulated hand, by its site's profile) is printed net of it.

What the site prints that the model does not record, and the writer therefore leaves out: the
jackpot fee apart from the rake (``| JP Fee $0.02``: the model keeps their sum as the rake), the
running rake of each street (printed as $0.00 until the showdown), and PokerStars' informational lines (``Betting is capped``, ``Pair on
board``, ``No low hand qualified``), which ACR does not print. Razz is written ``Razz(Fixed Limit)``:
no Razz hand of the site was available to confirm the spelling.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC

from ....engine.betting import StreetLedger
from ....engine.cards import Card, format_cards
from ....engine.games import RULES
from ....engine.model import STREET_NAMES, Action, ActionKind, Collect, CommunityCard, Deal, Event, Hand, Money, Muck
from ....engine.model import Show, UncalledReturn
from ....engine.pots import pot_index
from ...registry import profile_for
from ...writing import TextWriter, amount_text
from .vocabulary import GAME_NAMES, SIGNS

HAND_SEPARATOR = "\n\n\n"
"""Blank lines between two hands of a file (any number of blank lines separates hands when read)."""

_VERBS = {ActionKind.BRING_IN: "brings in", ActionKind.BET: "bets", ActionKind.CALL: "calls"}
_VOLUNTARY = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE, ActionKind.CALL})


def format_acr_money(amount: Money, currency: str | None) -> str:
    """``$0.04``, ``$1,234.56``; tournament and play chips without a symbol (``2,000.00``): the site
    always prints the cents."""
    return amount_text(amount, SIGNS.get(currency or "", ""), thousands=True, cents=True)


def pot_label(index: int) -> str:
    """The site's name of pot ``index`` in a ``collected`` line."""
    return "main pot" if index == 0 else f"side pot-{index}"


class _Writer(TextWriter):
    """One hand's lines; the state the text needs: cards each seat has shown so far, the chips in the
    pot, the street's betting (through the engine's ledger)."""

    site_name = "ACR"
    prints_community = True
    start_street = 0
    ending = ""

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.seen: dict[int, list[Card | None]] = {s.seat: [] for s in hand.seats}
        self.hero_like: set[int] = set()
        self.ledger = StreetLedger(bring_in=hand.bring_in)
        self.in_pot: Money = 0
        self.shows = [e for e in hand.events if isinstance(e, (Show, Muck))]
        """Shows and mucks are written at the showdown, after the last street (:meth:`summary`)."""
        self.collects: list[Collect] = []

    def money(self, amount: Money) -> str:
        return format_acr_money(amount, self.hand.currency)

    def check(self) -> None:
        hand = self.hand
        if hand.game not in GAME_NAMES:
            raise self.fail(
                f"{RULES[hand.game].title}: ACR text has no name for it; write it as PokerStars text or PHH"
            )

    def header(self) -> None:
        hand = self.hand
        if hand.started_at is None:
            raise self.fail("has no start time; an ACR header needs one (set Hand.started_at)")
        when = hand.started_at.astimezone(UTC) if hand.started_at.tzinfo else hand.started_at
        stamp = f"{when:%Y/%m/%d %H:%M:%S} UTC"
        game = f"{GAME_NAMES[hand.game]}(Fixed Limit)"
        if hand.tournament is not None:
            chips = f"{format_acr_money(hand.small_bet, None)}/{format_acr_money(hand.big_bet, None)}"
            level = f"Level {hand.tournament.level or 1} ({chips})"
            head = f"Game Hand #{hand.site_hand_id} - Tournament #{hand.tournament.tournament_id} - {game} - {level}- {stamp}"
        else:
            head = f"Hand #{hand.site_hand_id} - {game} - {self.money(hand.small_bet)}/{self.money(hand.big_bet)} - {stamp}"
        self.out += [head, f"{hand.table or 'Table'} {hand.max_seats or 8}-max"]

    def seats(self) -> None:
        self.out += [f"Seat {s.seat}: {s.player} ({self.money(s.stack)})" for s in self.hand.seats]

    # ------------------------------------------------------------------------------- the body
    def streets_before(self, event: Event) -> Iterable[int]:
        """A street's line before its first deal or action (antes come before the first)."""
        if isinstance(event, Deal) or (isinstance(event, Action) and event.kind is not ActionKind.ANTE):
            if event.street > self.street:
                return (event.street,)
        return ()

    def street_start(self, street: int, community: str = "") -> None:
        """``*** 3rd STREET ***`` and the running pot (the rake printed as none until the showdown)."""
        th = "rd" if street == 3 else "th"
        self.out.append(f"*** {street}{th} STREET ***{community}")
        self.out.append(f"Main pot {self.money(self.in_pot)} | Rake {self.money(0)}")

    def community(self, card: CommunityCard) -> None:
        if 7 > self.street:
            self.street = 7
            self.street_start(7, f" [{format_cards([card.card])}]")

    def deal(self, deal: Deal) -> None:
        seen = self.seen[deal.seat]
        if deal.street == 3:
            if any(c is not None for c in deal.down):
                self.hero_like.add(deal.seat)
                cards = [*deal.down, *deal.up]
            else:
                cards = list(deal.up)
            self.out.append(f"Dealt to {self.name(deal.seat)} [{format_cards(cards)}]")
            seen += cards
            return
        new = [*deal.down, *deal.up]
        if all(c is None for c in new):
            return  # an opponent's 7th-street down card: the site prints nothing
        self.out.append(f"Dealt to {self.name(deal.seat)} [{format_cards(seen)}] [{format_cards(new)}]")
        seen += new

    def ante(self, action: Action) -> None:
        self.in_pot += action.amount
        tail = " and is all-in" if action.all_in else ""
        self.out.append(f"{self.name(action.seat)} posts ante {self.money(action.amount)}{tail}")

    def action(self, action: Action) -> None:
        name, tail = self.name(action.seat), " and is all-in" if action.all_in else ""
        added = self.ledger.added(action)
        self.ledger.record(action)
        self.in_pot += added
        if action.kind in (ActionKind.RAISE, ActionKind.COMPLETE):
            to = self.ledger.contributed(action.seat)
            self.out.append(f"{name} raises {self.money(added)} to {self.money(to)}{tail}")
        elif action.kind in _VERBS:
            self.out.append(f"{name} {_VERBS[action.kind]} {self.money(action.amount)}{tail}")
        else:
            self.out.append(f"{name} {'checks' if action.kind is ActionKind.CHECK else 'folds'}")

    def uncalled(self, returned: UncalledReturn) -> None:
        self.in_pot -= returned.amount
        self.ledger.uncalled(returned.seat, returned.amount)
        self.out.append(f"Uncalled bet ({self.money(returned.amount)}) returned to {self.name(returned.seat)}")

    def collect(self, collect: Collect) -> None:
        self.collects.append(collect)

    def showdown(self, collects: list[Collect]) -> None:
        out, hand = self.out, self.hand
        if not any(isinstance(e, Show) for e in self.shows):
            for seat in dict.fromkeys(c.seat for c in collects):
                out.append(f"{self.name(seat)} does not show")
            return
        out.append("*** SHOW DOWN ***")
        rake = hand.rake or 0
        pots = hand.printed_pots or (self.in_pot - rake,)
        out.append(f"Main pot {self.money(pots[0])} | Rake {self.money(rake)}")
        out += [f"Side pot({i}) {self.money(p)} | Rake {self.money(0)}" for i, p in enumerate(pots[1:], 1)]
        for e in self.shows:
            if isinstance(e, Show):
                text = f" ({e.description})" if e.description else ""
                out.append(f"{self.name(e.seat)} shows [{format_cards(e.cards)}]{text}")
            else:
                out.append(f"{self.name(e.seat)} does not show")
        for c in sorted(collects, key=lambda c: pot_index(c.pot)):
            out.append(f"{self.name(c.seat)} collected {self.money(c.amount)} from {pot_label(pot_index(c.pot))}")

    # ---------------------------------------------------------------------------- the summary
    def summary(self) -> None:
        collects = self.collects
        self.showdown(collects)
        hand = self.hand
        rake = hand.rake or 0
        total = hand.total_pot if hand.total_pot is not None else self.in_pot
        if hand.total_pot is not None and profile_for(hand).total_includes_rake:
            total -= rake
        lines = ["*** SUMMARY ***", f"Total pot {self.money(total)} | Rake {self.money(rake)}"]
        won: dict[int, Money] = {}
        for c in collects:
            won[c.seat] = won.get(c.seat, 0) + c.amount
        folded = {e.seat: e.street for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.FOLD}
        acted = {e.seat for e in hand.events if isinstance(e, Action) and e.kind in _VOLUNTARY}
        shown = {e.seat: e for e in self.shows if isinstance(e, Show)}
        for s in hand.seats:
            head = f"Seat {s.seat}: {s.player}"
            if s.seat in folded:
                street = STREET_NAMES[folded[s.seat]]
                lines.append(f"{head} folded on the {street} Street" + ("" if s.seat in acted else " and did not bet"))
            elif s.seat in shown:
                show = shown[s.seat]
                what = f" with {show.description}" if show.description else ""
                result = f"won {self.money(won[s.seat])}{what}" if s.seat in won else f"lost{what}"
                lines.append(f"{head} showed [{format_cards(show.cards)}] and {result}")
            elif s.seat in won:
                lines.append(f"{head} did not show and won {self.money(won[s.seat])}")
            else:
                lines.append(f"{head} did not show and lost")
        self.out += lines


def write_acr(hand: Hand) -> str:
    """The hand as ACR text, without a trailing newline; :class:`~...writing.HandRefused` for what the
    format cannot say (a game ACR does not deal, no start time, an event for an empty seat)."""
    return _Writer(hand).write()


write_hand = write_acr
"""The registry's name for a site writer."""
