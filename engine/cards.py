"""Playing cards as small integers.

A card is ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits in the bring-in order
clubs < diamonds < hearts < spades. That single ordering makes "the lowest card" (stud bring-in)
the smallest integer and "the highest card" (razz bring-in, ace low aside) the largest, and lets the
evaluators index lookup tables directly. ``Card`` is an ``IntEnum`` so it prints as ``Kc`` while
costing no more than an ``int`` in comparisons and arithmetic.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Iterable

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ACE = 12


class Card(IntEnum):
    """One of the 52 cards; its members are named as printed (``Card["Kc"]``) and valued
    ``rank * 4 + suit``. The names are not identifiers, so the class body adds them through the enum's
    namespace rather than one assignment each; to a type checker ``Card`` is an ordinary class."""

    _ignore_ = ["_members", "_i", "_j", "_r", "_s"]
    _members = vars()
    for _i, _r in enumerate(RANKS):
        for _j, _s in enumerate(SUITS):
            _members[_r + _s] = 4 * _i + _j

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return self >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self & 3

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Kc``/``10h``/``kC``; raise ``ValueError`` naming the text for anything else."""
        card = CARD_BY_TEXT.get(text)
        if card is None:
            raise ValueError(f"not a card: {text!r} (expected rank 2-9/T/J/Q/K/A then suit c/d/h/s)")
        return card


DECK: tuple[Card, ...] = tuple(Card)

CARD_BY_TEXT: dict[str, Card] = {}
for _c in DECK:
    for _r in {_c.name[0], _c.name[0].lower()} | ({"10"} if _c.name[0] == "T" else set()):
        for _s in {_c.name[1], _c.name[1].upper()}:
            CARD_BY_TEXT[_r + _s] = _c
del _c, _r, _s


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces (and optionally commas): ``"5d Ks 2h"`` -> (5d, Ks, 2h)."""
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card | None]) -> str:
    """The inverse of :func:`parse_cards`; an unknown card prints as ``??``."""
    return " ".join("??" if c is None else c.name for c in cards)
