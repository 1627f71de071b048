"""iPoker-shaped XML sessions from model hands, for tests and benchmarks (never for users).

Why it exists: the round-trip test (simulate -> write -> read -> replay) exercises every action type of
the iPoker reader on thousands of hands, and the memory test and benchmark need sessions of any size
without committing real files. It writes what the corpus files show: a ``<session>`` with one
``<general>`` block, then per hand the players with ``chips``/``win``/``bet``, antes in round 0,
the game's streets in rounds 2 on (2-6 in the seven-card games) with every player's cards (``X`` when unseen; a player who reaches showdown has
all his cards printed on every street, as iPoker does), actions numbered in order (type 0 fold, 3 call,
4 check, 5 bet or completion, 7 all-in, 15 ante, 16 bring-in, 23 raise to a street total).

It is not a site writer in the registry: nobody converts hands *to* iPoker, so it stays out of
``convert --to``; a hand with a shared community card (iPoker has no such line) is skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from xml.sax.saxutils import quoteattr

from studbook.engine.betting import StreetLedger
from studbook.engine.cards import Card
from studbook.engine.games import RULES
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Game,
    Hand,
    Show,
    UncalledReturn,
)
from studbook.parsers.chips import in_hundredths

_GAME = {Game.STUD: "7 Card Stud", Game.STUD8: "7 Card Stud Hi-Lo", Game.RAZZ: "Razz", Game.STUD5: "5 Card Stud"}
_STREET = {2: "Second Street", 3: "Third Street", 4: "Fourth Street", 5: "Fifth Street", 6: "Sixth Street"}
"""Each street's ``<cards type>``; the game's last street is ``River`` (Five Card Stud's 5th too)."""
_TYPE = {
    ActionKind.FOLD: 0,
    ActionKind.CALL: 3,
    ActionKind.CHECK: 4,
    ActionKind.BET: 5,
    ActionKind.COMPLETE: 5,
    ActionKind.RAISE: 23,
    ActionKind.ANTE: 15,
    ActionKind.BRING_IN: 16,
}


def amount(cents: int, symbol: str) -> str:
    """``$1,234.5`` style amounts as iPoker prints them (``$0.05``, ``$1``, chips ``1,500``)."""
    whole, frac = divmod(cents, 100)
    text = f"{whole:,}" + (f".{frac:02d}" if frac else "")
    return symbol + text


def card(c: Card | None) -> str:
    if c is None:
        return "X"
    rank = "10" if c.name[0] == "T" else c.name[0]
    return c.name[1].upper() + rank


def session_head(hand: Hand, code: int) -> str:
    """The ``<session>`` start and its ``<general>`` block for hands like ``hand``."""
    hand = in_hundredths(hand)  # printed from hundredths of the unit, as every writer is
    sym = "" if hand.tournament else "$"
    stakes = "" if hand.tournament else f" {amount(hand.small_bet, sym)}/{amount(hand.big_bet, sym)}"
    tourney = ""
    if hand.tournament is not None:
        t = hand.tournament
        tourney = (
            f"<tournamentname>Stud SNG</tournamentname><buyin>${amount(t.buy_in or 0, '')}+"
            f"${amount(t.fee or 0, '')}</buyin>"
        )
    return (
        f'<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="{code}">\n<general>\n'
        f"<mode>real</mode>\n<gametype>{_GAME[hand.game]} L{stakes}</gametype>\n"
        f"<tablename>{hand.table or 'Table'}, {code}</tablename>\n<currency>USD</currency>\n"
        f"<nickname>Hero</nickname>\n{tourney}\n</general>\n"
    )


def write_game(hand: Hand) -> str:
    """One hand as an iPoker ``<game>`` element (the caller wraps hands in a session)."""
    hand = in_hundredths(hand)  # a tournament's whole chips printed as the site prints them
    sym = "" if hand.tournament else "$"
    names = {s.seat: s.player for s in hand.seats}
    ledger = StreetLedger()
    bet: dict[int, int] = {s.seat: 0 for s in hand.seats}
    win: dict[int, int] = {s.seat: 0 for s in hand.seats}
    ups = {c for e in hand.events if isinstance(e, Deal) for c in e.up}
    hidden = {e.seat: [c for c in e.cards if c not in ups] for e in hand.events if isinstance(e, Show)}
    rules = RULES[hand.game]
    rounds: dict[int, list[str]] = {n: [] for n in range(2 + len(rules.numbers))}

    def round_of(street: int) -> int:
        return 2 + street - rules.first_street  # round 0 the antes, round 2 the game's first street

    def street_name(street: int) -> str:
        return "River" if street == rules.last_street else _STREET[street]

    no = 0
    for e in hand.events:
        if isinstance(e, Action):
            added = ledger.added(e) if e.kind is not ActionKind.ANTE else e.amount
            if e.kind is not ActionKind.ANTE:
                ledger.record(e)
            bet[e.seat] += added
            no += 1
            kind = (
                7
                if e.all_in and e.kind not in (ActionKind.ANTE, ActionKind.BRING_IN, ActionKind.FOLD, ActionKind.CHECK)
                else _TYPE[e.kind]
            )
            total = ledger.contributed(e.seat)
            printed = total if kind == 23 else added
            extra = ' cards="[cards]"' if e.kind is ActionKind.ANTE else ' cards=""'
            rounds[0 if e.kind is ActionKind.ANTE else round_of(e.street)].append(
                f'<action no="{no}" player={quoteattr(names[e.seat])} type="{kind}" sum="{amount(printed, sym)}"'
                f"{extra}/>"
            )
        elif isinstance(e, Deal):
            cards = list(e.down + e.up)
            if e.seat in hidden:  # a player who shows has his cards printed on every street
                cards = [hidden[e.seat].pop(0) if c is None and hidden[e.seat] else c for c in cards]
            rounds[round_of(e.street)].append(
                f'<cards type="{street_name(e.street)}" player={quoteattr(names[e.seat])}>'
                f"{' '.join(card(c) for c in cards)}</cards>"
            )
        elif isinstance(e, UncalledReturn):
            bet_back = e.amount
            win[e.seat] += bet_back
            ledger.uncalled(e.seat, bet_back)
        elif isinstance(e, Collect):
            win[e.seat] += e.amount
        elif isinstance(e, CommunityCard):
            raise TypeError("iPoker prints no community card")
    players = "".join(
        f'<player seat="{s.seat}" name={quoteattr(s.player)} chips="{amount(s.stack, sym)}" dealer="0" '
        f'win="{amount(win[s.seat], sym)}" bet="{amount(bet[s.seat], sym)}" rebuy="0" addon="0"/>'
        for s in hand.seats
    )
    body = "".join(f'<round no="{n}">\n{"".join(parts)}\n</round>\n' for n, parts in rounds.items())
    start = hand.started_at.strftime("%Y-%m-%d %H:%M:%S") if hand.started_at else "2026-01-01 00:00:00"
    return (
        f'<game gamecode="{hand.site_hand_id}">\n<general>\n<startdate>{start}</startdate>\n<players>\n'
        f"{players}\n</players>\n</general>\n{body}</game>\n"
    )


def write_session(hands: Iterable[Hand], code: int = 1) -> Iterator[str]:
    """A whole session: the head from the first hand, then one ``<game>`` per hand (hands with a
    community card are left out)."""
    started = False
    for hand in hands:
        if any(isinstance(e, CommunityCard) for e in hand.events):
            continue
        if not started:
            yield session_head(hand, code)
            started = True
        yield write_game(hand)
    if started:
        yield "</session>\n"
