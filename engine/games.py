"""The games of the stud family as data: what each deals, how it bets, who opens and who wins.

Why data: the replay, the pots, the simulator, the writers and the statistics all need to know, say,
how many cards 4th street deals or which street is the first one with the big bet. Each of them used to
answer with ``if game is Game.RAZZ`` of its own; now they read one :class:`GameRules` from
:data:`RULES`, and adding a stud game is adding a row here (and its evaluator in :mod:`.evaluate`).
docs/games.md describes the rules of every game with their sources.

Streets are numbered by the number of cards a player holds once the street is dealt, as the card rooms
name them: the seven-card games play 3rd to 7th street, Five Card Stud 2nd to 5th. So "saw 4th street"
means the same thing in every game: the player held four cards, and the number is the game's own.

What stays in :class:`~.profiles.RuleProfile` is what card rooms disagree on (the raise cap, the
double bet, ties); what is here is what makes the game the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Final, Iterable, Mapping

from .cards import ACE, DECK, Card
from .evaluate import (
    describe_high,
    describe_low,
    describe_low27,
    high_board_value,
    high_value,
    high_values,
    low27_board_value,
    low27_value,
    low27_values,
    razz_board_value,
    razz_value,
    razz_values,
)
from .evaluate_tables import LOW8_WORST
from .model import STREET_NAMES, Game

if TYPE_CHECKING:
    import numpy as np

Evaluator = Callable[[Iterable[int]], int]
"""Cards -> value, higher is better (every evaluator of :mod:`.evaluate` is one)."""
BatchEvaluator = Callable[[object], "np.ndarray"]
"""A (hands x cards) int array -> one value per hand, the same values as the game's
:data:`Evaluator` (the numpy batches of :mod:`.evaluate`, for equity run-outs by the million)."""


class Extreme(StrEnum):
    """Which door card brings in: the lowest (stud games) or the highest (razz games)."""

    LOWEST = "lowest"
    HIGHEST = "highest"


class Aces(StrEnum):
    """Where the ace ranks when single cards are compared (bring-in, odd chips): above the king, or
    below the deuce. Suits always rank clubs < diamonds < hearts < spades."""

    HIGH = "high"
    LOW = "low"


_ACES_HIGH, _LOWEST = Aces.HIGH, Extreme.LOWEST  # per hand: globals (see model.HALF_HIGH)


def card_order(aces: Aces) -> Callable[[Card], tuple[int, int]]:
    """A sort key of single cards, lowest first, with the ace where ``aces`` puts it.

    The key is a lookup in a table of :func:`_ace_high`'s or :func:`_ace_low`'s answer for each of the
    52 cards, made once: the same keys with no Python call per card (it ranks every hand's door cards
    for the bring-in, and tied winners' cards for the odd chip)."""
    return _ORDER_HIGH if aces is _ACES_HIGH else _ORDER_LOW


def _ace_high(card: Card) -> tuple[int, int]:
    return card >> 2, card & 3


def _ace_low(card: Card) -> tuple[int, int]:
    rank = card >> 2
    return (-1 if rank == ACE else rank), card & 3


_ORDER_HIGH: Final[Callable[[Card], tuple[int, int]]] = tuple(map(_ace_high, DECK)).__getitem__
_ORDER_LOW: Final[Callable[[Card], tuple[int, int]]] = tuple(map(_ace_low, DECK)).__getitem__
""":func:`card_order`'s keys, indexed by card (``DECK`` is in card order: ``DECK[i] == i``)."""


@dataclass(frozen=True, slots=True)
class StreetRule:
    """One street: the cards each live player receives (down and up) and whether it bets the big bet."""

    number: int
    down: int
    up: int
    big_bet: bool

    @property
    def name(self) -> str:
        """``3rd``, ``4th`` ... as players say it (``3rd street``)."""
        return STREET_NAMES[self.number]


@dataclass(frozen=True, slots=True)
class Ranking:
    """One way of ranking hands that wins a pot or a half of it.

    ``name`` is the word of the payout's reason (``high`` / ``low``); ``batch`` is ``value`` for many
    hands at once; ``low`` says that the odd chip between tied hands goes by the *lowest* card (in
    ``aces`` order) where the profile gives it by the cards; ``qualifier``, when set, is the least value
    that qualifies (eight-or-better), so :meth:`qualified` may say ``None``.
    """

    name: str
    value: Evaluator
    batch: BatchEvaluator
    describe: Callable[[int], str]
    low: bool
    aces: Aces
    qualifier: int | None = None

    def qualified(self, cards: Iterable[int]) -> int | None:
        """The value of ``cards``, or ``None`` when it does not reach the qualifier."""
        value = self.value(cards)
        return None if self.qualifier is not None and value < self.qualifier else value

    def qualified_values(self, hands: object) -> "np.ndarray":
        """:meth:`qualified` of every row of a (hands x cards) array, 0 standing for ``None`` (every
        value is positive)."""
        values = self.batch(hands)
        if self.qualifier is not None:
            values[values < self.qualifier] = 0
        return values


@dataclass(frozen=True, slots=True)
class GameRules:
    """What makes a stud game the game (see the module docstring).

    ``streets`` in dealing order; ``bring_in`` and ``bring_in_aces`` say which door card brings in;
    ``board_value`` ranks the up cards for acting first on later streets (higher acts first); ``pot``
    ranks the hands for the whole pot, or the high half when ``split`` (a qualifying low) takes the
    other; ``double_bet_street`` is where an open pair lets a bet be the big bet, in the games whose
    profile allows it; ``max_players`` what one deck deals to (with a community card on the last street
    when the seven-card games run short).
    """

    game: Game
    title: str
    streets: tuple[StreetRule, ...]
    bring_in: Extreme
    bring_in_aces: Aces
    board_value: Evaluator
    pot: Ranking
    split: Ranking | None
    double_bet_street: int
    max_players: int
    first_street: int = field(init=False)
    last_street: int = field(init=False)
    hand_size: int = field(init=False)
    numbers: tuple[int, ...] = field(init=False)
    big_bet_streets: frozenset[int] = field(init=False)
    deals: Mapping[int, tuple[int, int]] = field(init=False, repr=False, compare=False)
    """Street -> (down, up) cards each live player receives: a plain dict (read-only by convention),
    as the replay looks it up at every deal."""
    _by_number: Mapping[int, StreetRule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        numbers = tuple(s.number for s in self.streets)
        if list(numbers) != list(range(numbers[0], numbers[0] + len(numbers))):
            raise ValueError(f"{self.game}: streets must be numbered consecutively, got {numbers}")
        # derived once: the replay asks for them at every decision
        object.__setattr__(self, "first_street", numbers[0])
        object.__setattr__(self, "last_street", numbers[-1])
        object.__setattr__(self, "hand_size", sum(s.down + s.up for s in self.streets))
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "big_bet_streets", frozenset(s.number for s in self.streets if s.big_bet))
        object.__setattr__(self, "_by_number", MappingProxyType({s.number: s for s in self.streets}))
        object.__setattr__(self, "deals", {s.number: (s.down, s.up) for s in self.streets})

    def street(self, number: int) -> StreetRule:
        """The rule of street ``number`` (KeyError for a street the game does not have)."""
        return self._by_number[number]

    @property
    def later_streets(self) -> tuple[int, ...]:
        """The streets after the first, where the best board opens (what "saw Nth street" counts)."""
        return self.numbers[1:]

    def bring_in_seat(self, doors: Mapping[int, Card]) -> int:
        """The seat whose door card brings in (``doors`` must not be empty), the cards ranked by
        :func:`card_order` with the ace where the game puts it for the bring-in (each seat's key worked
        out once, not by a key function per comparison: this runs at every hand's first street)."""
        key = card_order(self.bring_in_aces)
        order = {seat: key(card) for seat, card in doors.items()}
        if self.bring_in is _LOWEST:
            return min(order, key=order.__getitem__)
        return max(order, key=order.__getitem__)


def _seven_card_streets() -> tuple[StreetRule, ...]:
    return (
        StreetRule(3, 2, 1, False),
        StreetRule(4, 0, 1, False),
        StreetRule(5, 0, 1, True),
        StreetRule(6, 0, 1, True),
        StreetRule(7, 1, 0, True),
    )


HIGH: Final = Ranking("high", high_value, high_values, describe_high, low=False, aces=Aces.HIGH)
RAZZ_LOW: Final = Ranking("low", razz_value, razz_values, describe_low, low=True, aces=Aces.LOW)
EIGHT_OR_BETTER: Final = Ranking(
    "low", razz_value, razz_values, describe_low, low=True, aces=Aces.LOW, qualifier=LOW8_WORST
)
DEUCE_TO_SEVEN: Final = Ranking("low", low27_value, low27_values, describe_low27, low=True, aces=Aces.HIGH)

RULES: Final[Mapping[Game, GameRules]] = MappingProxyType(
    {
        Game.STUD: GameRules(
            Game.STUD,
            "Seven Card Stud",
            _seven_card_streets(),
            Extreme.LOWEST,
            Aces.HIGH,
            high_board_value,
            HIGH,
            None,
            double_bet_street=4,
            max_players=8,
        ),
        Game.STUD8: GameRules(
            Game.STUD8,
            "Seven Card Stud Hi/Lo",
            _seven_card_streets(),
            Extreme.LOWEST,
            Aces.HIGH,
            high_board_value,
            HIGH,
            EIGHT_OR_BETTER,
            double_bet_street=4,
            max_players=8,
        ),
        Game.RAZZ: GameRules(
            Game.RAZZ,
            "Razz",
            _seven_card_streets(),
            Extreme.HIGHEST,
            Aces.LOW,
            razz_board_value,
            RAZZ_LOW,
            None,
            double_bet_street=4,
            max_players=8,
        ),
        Game.STUD5: GameRules(
            Game.STUD5,
            "Five Card Stud",
            (
                StreetRule(2, 1, 1, False),
                StreetRule(3, 0, 1, False),
                StreetRule(4, 0, 1, True),
                StreetRule(5, 0, 1, True),
            ),
            Extreme.LOWEST,
            Aces.HIGH,
            high_board_value,
            HIGH,
            None,
            double_bet_street=3,
            max_players=10,
        ),
        Game.RAZZ27: GameRules(
            Game.RAZZ27,
            "2-7 Razz",
            _seven_card_streets(),
            Extreme.HIGHEST,
            Aces.HIGH,
            low27_board_value,
            DEUCE_TO_SEVEN,
            None,
            double_bet_street=4,
            max_players=8,
        ),
    }
)
"""Every game's rules; docs/games.md gives the sources."""


def deal_shape(game: Game, street: int) -> tuple[int, int]:
    """(down, up) cards each live player receives on ``street`` of ``game``."""
    return RULES[game].deals[street]
