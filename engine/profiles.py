"""Rule profiles: the switches on which card rooms disagree (docs/rules.md §7), as data.

The engine never asks *which* room it is judging; it reads the switches of a :class:`RuleProfile`.
Adding a room is adding a row to :data:`PROFILES`, not an ``if`` on a name.

What PokerStars does, measured on the real hands in ``corpus/fpdb/Stars`` (about 90 stud-family hands):

* **Raise cap: bet + 3 raises, even heads-up.** No street in the corpus has more than four bets; every
  street that reached four bets printed ``Betting is capped`` (3 of 3). Two of them were heads-up: a
  razz 7th street that *began* heads-up (``Razz-USD-0.04-0.08-200911``, hand 35874780027) and a stud
  5th street that *became* heads-up after the first fold (hand 35874289931) — so neither the RRoP nor
  the WSOP-cash heads-up exception applies. On 3rd street the completion is the bet
  (razz tournament hand 49382949075: bring-in 15, complete 50, raises to 100, 150, 200, capped).
* **4th-street double bet in stud high:** PS prints ``Pair on board - a double bet is allowed`` and lets
  the first bet be either size (both seen). Never in stud8 or razz.
* **First to act on equal boards: position** (two razz ties act in seat order, docs/rules.md §4).
* **Odd chip of a hi/lo split goes to the high half** (hand 35874576282: $0.73 after rake paid $0.37 high
  and $0.36 low). Between *tied* hands the corpus has no split with an odd chip, so the PS rule for that
  case is not measured: the profile uses the online convention (first seat clockwise, i.e. lowest seat
  number), which a later corpus can confirm or refute.
* **Rake** is included in ``Total pot`` and taken from every pot in proportion to its size (hand
  60974484959: pots $0.44 and $0.64, rake $0.05, printed ``Main pot $0.42. Side pot $0.61``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Mapping

from .model import Game, Hand


class HeadsUp(StrEnum):
    """When the raise cap stops applying because only two players are left in the hand."""

    NEVER = "never"
    """The cap holds even heads-up (WSOP tournaments, PokerStars)."""
    BECOMES = "becomes"
    """Uncapped as soon as the action is heads-up before the cap is reached (RRoP)."""
    BEGINS = "begins"
    """Uncapped only when the betting round starts heads-up (WSOP live cash)."""


class TieBreak(StrEnum):
    """How equal boards decide who acts first on 4th to 7th street."""

    POSITION = "position"
    """The first of the tied players clockwise from seat 1 (the dealer's left online)."""
    SUIT = "suit"
    """The tied board holding the highest card by suit (spades > hearts > diamonds > clubs)."""


class OddChip(StrEnum):
    """Who gets the indivisible chip when tied hands split a pot or a half."""

    FIRST_SEAT = "first-seat"
    """The first tied player clockwise from seat 1 (the usual online convention)."""
    HIGH_CARD_ALL = "high-card-all"
    """The tied player holding the highest card by suit among all his cards (RRoP); lowest in razz."""
    HIGH_CARD_FIVE = "high-card-five"
    """The highest card by suit among the five cards played (WSOP); lowest in razz."""


class RakeFrom(StrEnum):
    """Which pots the rake is taken from when a hand has side pots."""

    PROPORTIONAL = "proportional"
    """Every pot pays its share of the rake, largest remainders first (PokerStars)."""
    MAIN_POT = "main-pot"
    """The main pot pays the whole rake (live rooms that drop from the main pot)."""


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One room's answers to the questions docs/rules.md marks *(profile)*."""

    name: str
    double_bet_games: frozenset[Game]
    """Games in which an open pair on 4th street allows the big bet (stud high only, or none)."""
    max_raises: int
    """Raises allowed after the bet (or the 3rd-street completion): 3 means bet + 3 raises."""
    heads_up: HeadsUp
    suit_tie_games: frozenset[Game]
    """Games whose equal boards break by suit; every other game breaks by position."""
    odd_chip: OddChip
    rake_from: RakeFrom
    total_includes_rake: bool = True
    """PokerStars' ``Total pot`` includes the rake; some sites print the pot after rake."""

    def board_tie(self, game: Game) -> TieBreak:
        """How equal boards break in ``game`` under this profile."""
        return TieBreak.SUIT if game in self.suit_tie_games else TieBreak.POSITION


_STUD_ONLY = frozenset({Game.STUD})

PROFILES: Mapping[str, RuleProfile] = MappingProxyType(
    {
        "pokerstars": RuleProfile(
            name="pokerstars",
            double_bet_games=_STUD_ONLY,
            max_raises=3,
            heads_up=HeadsUp.NEVER,
            suit_tie_games=frozenset(),
            odd_chip=OddChip.FIRST_SEAT,
            rake_from=RakeFrom.PROPORTIONAL,
        ),
        "rrop": RuleProfile(
            name="rrop",
            double_bet_games=_STUD_ONLY,
            max_raises=3,
            heads_up=HeadsUp.BECOMES,
            suit_tie_games=frozenset(),
            odd_chip=OddChip.HIGH_CARD_ALL,
            rake_from=RakeFrom.MAIN_POT,
        ),
        "wsop-cash": RuleProfile(
            name="wsop-cash",
            double_bet_games=_STUD_ONLY,
            max_raises=4,
            heads_up=HeadsUp.BEGINS,
            suit_tie_games=frozenset(),
            odd_chip=OddChip.HIGH_CARD_FIVE,
            rake_from=RakeFrom.MAIN_POT,
        ),
        "wsop-tournament": RuleProfile(
            name="wsop-tournament",
            double_bet_games=frozenset(),
            max_raises=4,
            heads_up=HeadsUp.NEVER,
            suit_tie_games=_STUD_ONLY,
            odd_chip=OddChip.HIGH_CARD_FIVE,
            rake_from=RakeFrom.MAIN_POT,
        ),
        "ipoker": RuleProfile(
            name="ipoker",
            double_bet_games=_STUD_ONLY,
            max_raises=3,
            heads_up=HeadsUp.NEVER,
            suit_tie_games=frozenset(),
            odd_chip=OddChip.FIRST_SEAT,
            rake_from=RakeFrom.PROPORTIONAL,
        ),
        "merge": RuleProfile(
            name="merge",
            double_bet_games=_STUD_ONLY,
            max_raises=3,
            heads_up=HeadsUp.NEVER,
            suit_tie_games=frozenset(),
            odd_chip=OddChip.FIRST_SEAT,
            rake_from=RakeFrom.PROPORTIONAL,
        ),
    }
)
"""Besides the rooms above, the measured profiles of the XML sites (corpus fpdb/iPoker, fpdb/Merge):

**ipoker** (125 hands: a 117-hand stud sit-and-go, cash stud and stud hi/lo sessions):

* 4th-street double bet in stud high over an open pair: either size, as PokerStars — STT hands
  4045005063 (big bet 800 over a small bet of 400) and 4045006251 (1,200 over 600) bet big, five other
  open-pair hands bet small.
* Raise cap: no street has more than four bets; one reached four (hand 4044982218, 3rd street: complete
  to 400, raises to 800, 1,200, 1,600, with two players left) and nobody raised again. Bet + 3 raises is
  what the corpus shows; whether the cap lifts heads-up cannot be told (nobody tried), so it holds.
* Odd chip of a hi/lo split to the high half (EUR hand 5710054735: 0.79 after rake, 0.40 high, 0.39
  low); no split between tied hands, so the tie rule is the online convention (first seat).
* Rake is inside the pot the file implies (the players' ``bet`` totals include it); no raked hand has
  side pots, so which pot pays the rake is not measured (proportional, as PokerStars).

**merge** (22 stud-family hands: cash stud, stud hi/lo, razz, no-limit stud hi/lo, HORSE cash and
tournament):

* Odd chip of a hi/lo split to the high half (HORSE cash 78854953-355: 2.30/2.29; 78854953-357:
  2.10/2.09).
* Raise cap: at most four bets on a street (razz 43618199-14: complete, raises to 1, 1.50, 2, three
  players). Heads-up and the double bet over an open pair never occur in the corpus: the profile keeps
  the usual online rules (cap holds, stud high may double). No raked hand has side pots.
"""

DEFAULT_PROFILE = "rrop"
"""The profile of a site whose behaviour has not been measured."""


def get_profile(name: str) -> RuleProfile:
    """The profile called ``name``; a ValueError listing the known names otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise ValueError(f"unknown rule profile {name!r}: choose one of {known}") from None


def profile_for(hand: Hand) -> RuleProfile:
    """The profile a hand is judged by when the caller names none: its site's, else RRoP's.

    A site's measured profile bears the site's id as its name (``pokerstars``), so the site registry
    (parsers/registry.py) and this table cannot disagree about which profile a site has."""
    return PROFILES.get(hand.site) or PROFILES[DEFAULT_PROFILE]
