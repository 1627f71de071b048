"""The stakes of a hand whose site prints none (Bovada), read from the hand's own bets.

Fixed-limit stud has two bet sizes: the small bet on 3rd and 4th street, the big bet from 5th (and on
4th over an open pair in stud high, when a player chooses it). Every full bet, completion or raise of a
hand is one of them, so its street says which: that is the whole inference, and it lives here because
it is a rule of the game, not of a site. Only full bets count: an all-in may be short of the limit, and
whether a raise after it was counted from it depends on the size being sought, so those raises tell nothing.

A 4th-street bet over an open pair in stud high may be either size, so it tells nothing unless the site
marks it as the double bet (``doubled``: Bovada prints ``D bets`` / ``Double bets``). A size that no bet
of the hand shows is 0, *unknown*: the replay's bet-size rule then says it cannot judge instead of
guessing (``StudState._check_raise``). When the hand's full bets disagree (a site error), the size most
of them show is taken, so the bet-size rule flags the others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from typing import Final

from .games import RULES
from .cards import Card
from .model import Action, ActionKind, Deal, Event, Game, Money
from .betting import StreetLedger
from .profiles import RULE_BOOKS, STUD_HIGH
from .replay import has_open_pair


def _most_common(sizes: Iterable[Money]) -> Money:
    """The size most bets show (the smaller on a tie, so the answer never depends on event order);
    0 when there is none."""
    counts = Counter(sizes)
    if not counts:
        return 0
    return min(counts, key=lambda size: (-counts[size], size))


DOUBLE_BET_GAMES: Final = STUD_HIGH.union(*(p.double_bet_games for p in RULE_BOOKS.values()))
"""The games whose double-bet street may see the big bet over an open pair, in some card room: a bet
there over a pair tells nothing about the small bet. Taken from the rule books and the online convention
(:func:`~.profiles.online`'s, which a site's measured profile narrows or keeps), which say where each room
allows it, so the rule is written in one place."""


def infer_stakes(game: Game, events: Iterable[Event], doubled: Collection[int] = ()) -> tuple[Money, Money]:
    """``(small_bet, big_bet)`` shown by the full bets and raises of ``events``; 0 for a size none shows.

    ``doubled`` holds the lines of 4th-street bets or raises the site itself marks as big bets.
    Each bet's size is its step over the street's previous full level (on 3rd street the completion's
    step is its whole total: the bring-in is no bet), as the engine's street ledger counts it.
    """
    rules = RULES[game]
    small: list[Money] = []
    big: list[Money] = []
    ledger = StreetLedger(street=rules.first_street)
    unsure = False  # an all-in bet or raise came before on this street
    boards: dict[int, list[Card | None]] = {}
    folded: set[int] = set()
    for event in events:
        if isinstance(event, Deal):
            boards.setdefault(event.seat, []).extend(event.up)
            continue
        if not isinstance(event, Action) or event.kind is ActionKind.ANTE:
            continue
        if event.street != ledger.street:
            ledger.start_street(event.street)
            unsure = False
        if event.kind is ActionKind.FOLD:
            folded.add(event.seat)
        step = ledger.put(event.seat, ledger.added(event), event.kind)  # the full bet's step, 0 for none
        if not step:
            continue
        if event.all_in:  # perhaps short: whether it reopened the betting needs the size being sought,
            unsure = True  # so the raises after it on this street tell nothing
            continue
        if unsure:
            continue
        street = event.street
        if street in rules.big_bet_streets or event.line in doubled:
            big.append(step)
        elif (
            street != rules.double_bet_street
            or game not in DOUBLE_BET_GAMES
            or not has_open_pair(b[:2] for s, b in boards.items() if s not in folded)
        ):
            small.append(step)
    return _most_common(small), _most_common(big)
