"""What the text writers share: the loop writing a file's hands one at a time, the order a deal's cards
are printed in, which street headers go before an event, and the refusal of a community card."""

from __future__ import annotations

from typing import Callable, Iterable, TextIO

from ..engine.cards import Card
from ..engine.model import Action, ActionKind, CommunityCard, Deal, Event, Hand


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


def streets_begun(event: Event, street: int) -> range:
    """The streets whose headers go before ``event`` when the text is on ``street`` (2 before the first
    header): each street after it up to the event's, so a street with no line of its own (no card shown,
    no action) still gets its header. Only a deal or an action moves the text on: antes come before the
    3rd-street header, and a show, muck, collect or note belongs to the street the text is on. The
    writers print their own header text; this is the one place deciding which headers and when."""
    if not isinstance(event, (Deal, Action)) or (isinstance(event, Action) and event.kind is ActionKind.ANTE):
        return range(0)
    return range(street + 1, event.street + 1)


def refuse_community_card(hand: Hand, site: str) -> None:
    """Raise ``ValueError`` when ``hand`` deals a community card (the 7th-street card shared when the
    deck runs short): ``site``'s text has no line for one, and a hand written without it would replay
    with a card missing. Checked before a line is written, beside the writer's other refusals."""
    if any(isinstance(event, CommunityCard) for event in hand.events):
        raise ValueError(f"{site}'s text has no community card")
