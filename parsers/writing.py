"""Writing hands out as text, one at a time: the one loop every text writer's file output shares."""

from __future__ import annotations

from typing import Callable, Iterable, TextIO

from ..engine.cards import Card
from ..engine.model import Deal, Hand


def write_separated(hands: Iterable[Hand], out: TextIO, write: Callable[[Hand], str], separator: str) -> int:
    """Write each hand's text to ``out`` with ``separator`` between hands and a newline after the last;
    return how many were written. Streams: a simulator can write millions of hands without holding them.
    A ``ValueError`` from ``write`` (a hand the format cannot express) is left to the caller."""
    count = 0
    for hand in hands:
        text = write(hand)
        if count:
            out.write(separator)
        out.write(text)
        count += 1
    if count:
        out.write("\n")
    return count


def dealt_as_printed(deal: Deal) -> tuple[Card | None, ...]:
    """A deal's cards in the order the text sites print them: on 3rd street the two down cards before
    the door card, on every later street the up card or the 7th-street down card as dealt."""
    if deal.street == 3:
        return (*deal.down[:2], *deal.up, *deal.down[2:])
    return (*deal.up, *deal.down)
