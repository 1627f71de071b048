"""Rule profiles: the switches on which card rooms disagree (docs/rules.md §7), as data.

The engine never asks *which* room it is judging; it reads the switches of the :class:`RuleProfile`
it is handed. What is the engine's is here: the switches, the rule books (:data:`RULE_BOOKS`) and
:func:`online`, which builds a site's profile from what its hands measured. Each site's own profile lives
in its folder (``parsers/sites/<site>/profile.py``, the evidence in the NOTES.md beside it), and the
parsers' registry finds a hand's (its site's, else :data:`DEFAULT_PROFILE`): the engine judges a hand by
its site's rules without knowing any site.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final, Mapping

from .model import Game, Half


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


_SUIT, _POSITION = TieBreak.SUIT, TieBreak.POSITION  # per hand (board_tie): globals (see model.HALF_HIGH)


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One room's answers to the questions docs/rules.md marks *(profile)*."""

    name: str
    double_bet_games: frozenset[Game]
    """Games in which an open pair on the double-bet street (4th; 3rd in Five Card Stud) allows the
    big bet (the stud high games only, or none)."""
    max_raises: int
    """Raises allowed after the bet (or the 3rd-street completion): 3 means bet + 3 raises."""
    heads_up: HeadsUp
    suit_tie_games: frozenset[Game]
    """Games whose equal boards break by suit; every other game breaks by position."""
    odd_chip: OddChip
    rake_from: RakeFrom
    total_includes_rake: bool = True
    """PokerStars' ``Total pot`` includes the rake; some sites print the pot after rake."""
    rake_printed: bool = True
    """False for a site whose hands may print no rake (Everleaf never does, Bovada not always): a hand
    without one paid the rake its own payout leaves of the pot. True: no rake printed means none taken."""
    uncalled_printed: bool = True
    """False for a site that never prints the return of an uncalled bet (Everleaf): the replay returns it
    without calling the silence an error. True: a bet never returned is the ``uncalled`` violation."""
    hilo_odd_chip: Half = Half.HIGH
    """Which half of a hi/lo pot gets the odd chip when the pot does not split evenly (docs/rules.md §6
    gives it to the high half; Winning Poker Network gives it to the low half)."""
    pots_include_rake: bool = False
    """Whether the summary's list of pots (``Main pot … Side pot …``) prints each pot before its share of
    the rake (Full Tilt) or after it (PokerStars)."""

    def board_tie(self, game: Game) -> TieBreak:
        """How equal boards break in ``game`` under this profile."""
        return _SUIT if game in self.suit_tie_games else _POSITION


STUD_HIGH: Final = frozenset({Game.STUD, Game.STUD5})
"""The high stud games. Five Card Stud takes stud high's switches: its open pair on 3rd street (the
second up card) allows the big bet where 7-card stud's does on 4th (docs/games.md, with sources), and
WSOP-T's suit tie-break for stud high applies to it as to 7-card stud."""


def online(name: str, **measured: object) -> RuleProfile:
    """A site's profile: what its real hands measured (``measured``, at least where the rake comes from),
    and for every switch they could not tell, the online conventions PokerStars was measured to follow
    (bet + 3 raises even heads-up, the big bet on 4th over an open pair in the high stud games, position
    for equal boards, the first seat for a tie's odd chip). Each site's folder calls it in its
    ``profile.py``, named by the site's id: every switch not given there is one its real hands could not
    tell, so it is the online convention, and the profile's docstring says in a sentence what the hands
    showed, with the evidence, hand by hand, in the folder's NOTES.md."""
    defaults: dict[str, object] = {
        "double_bet_games": STUD_HIGH,
        "max_raises": 3,
        "heads_up": HeadsUp.NEVER,
        "suit_tie_games": frozenset(),
        "odd_chip": OddChip.FIRST_SEAT,
    }
    return RuleProfile(name=name, **{**defaults, **measured})  # type: ignore[arg-type]


RULE_BOOKS: Final[Mapping[str, RuleProfile]] = MappingProxyType(
    {
        "rrop": RuleProfile(
            name="rrop",
            double_bet_games=STUD_HIGH,
            max_raises=3,
            heads_up=HeadsUp.BECOMES,
            suit_tie_games=frozenset(),
            odd_chip=OddChip.HIGH_CARD_ALL,
            rake_from=RakeFrom.MAIN_POT,
        ),
        "wsop-cash": RuleProfile(
            name="wsop-cash",
            double_bet_games=STUD_HIGH,
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
            suit_tie_games=STUD_HIGH,
            odd_chip=OddChip.HIGH_CARD_FIVE,
            rake_from=RakeFrom.MAIN_POT,
        ),
    }
)
"""The rule books, by name: Robert's Rules of Poker and the WSOP's for live cash games and for
tournaments (docs/rules.md §7). The sites' measured profiles are in their folders; the parsers' registry
names both (``studbook audit --profile NAME``)."""

DEFAULT_PROFILE: Final = RULE_BOOKS["rrop"]
"""The profile of a site whose behaviour has not been measured: Robert's Rules of Poker."""
