"""What the text writers share: the loop writing a file's hands one at a time, the order a deal's cards
are printed in, which street headers go before an event, the refusal of a community card, and for the
writers built as a class (PokerStars, Full Tilt, ACR) the seats' names, a refusal naming the hand, and
the hand's skipped lines written back between its events."""

from __future__ import annotations

import re
from datetime import datetime, tzinfo
from typing import Callable, Final, Iterable, Sequence, TextIO
from zoneinfo import ZoneInfo

from ..engine.cards import Card
from ..engine.model import Action, ActionKind, CommunityCard, Deal, Event, Hand, SkippedLine


def write_separated(
    hands: Iterable[Hand],
    out: TextIO,
    write: Callable[[Hand], str],
    separator: str,
    refused: Callable[[Hand, ValueError], None] | None = None,
) -> int:
    """Write each hand's text to ``out`` with ``separator`` between hands and a newline after the last;
    return how many were written. Streams: a simulator can write millions of hands without holding them.
    A ``ValueError`` from ``write`` (a hand the format cannot express) is left to the caller, or, given
    ``refused``, handed to it with the hand, which is left out while the others are written: one hand a
    site cannot print (a community card) need not cost the thousands around it."""
    count = 0
    for hand in hands:
        try:
            text = write(hand)
        except ValueError as exc:
            if refused is None:
                raise
            refused(hand, exc)
            continue
        if count:
            out.write(separator)
        out.write(text)
        count += 1
    if count:
        out.write("\n")
    return count


EASTERN: Final = ZoneInfo("America/New_York")
"""US Eastern time: the clock most sites print, and the one a naive (simulated) time is read on."""


def site_clock(when: datetime | None, layout: str, zone: tzinfo | None = EASTERN, naive: tzinfo | None = None) -> str:
    """``when`` as a site's header prints it: in ``zone`` (None: on the clock the hand holds it in),
    laid out by ``strftime``'s ``layout``. A naive time is taken to be in ``naive`` (None: printed as it
    is); a hand without a time prints the epoch, 1970-01-01 00:00:00, so its header still reads."""
    if when is None:
        return datetime(1970, 1, 1).strftime(layout)
    if when.tzinfo is None and naive is not None:
        when = when.replace(tzinfo=naive)
    if when.tzinfo is not None and zone is not None:
        when = when.astimezone(zone)
    return when.strftime(layout)


def dealt_as_printed(deal: Deal) -> tuple[Card | None, ...]:
    """A deal's cards in the order the text sites print them: on 3rd street the two down cards before
    the door card, on every later street the up card or the 7th-street down card as dealt."""
    if deal.street == 3:
        return (*deal.down[:2], *deal.up, *deal.down[2:])
    return (*deal.up, *deal.down)


def streets_begun(event: Event, street: int) -> range:
    """The streets whose headers go before ``event`` when the text is on ``street`` (the street before
    the first, 2 in the seven-card games, while no header is out): each street after it up to the
    event's, so a street with no line of its own (no card shown, no action) still gets its header. Only
    a deal or an action moves the text on: antes come before the first street's header, and a show,
    muck, collect or note belongs to the street the text is on. The writers print their own header
    text; this is the one place deciding which headers and when."""
    if not isinstance(event, (Deal, Action)) or (isinstance(event, Action) and event.kind is ActionKind.ANTE):
        return range(0)
    return range(street + 1, event.street + 1)


def refuse_community_card(hand: Hand, site: str) -> None:
    """Raise ``ValueError`` when ``hand`` deals a community card (the 7th-street card shared when the
    deck runs short): ``site``'s text has no line for one, and a hand written without it would replay
    with a card missing. Checked before a line is written, beside the writer's other refusals."""
    if any(isinstance(event, CommunityCard) for event in hand.events):
        raise ValueError(f"{site}'s text has no community card")


class HandRefused(ValueError):
    """A class-built writer's refusal (:meth:`SeatedWriter.fail`), which knows the hand where it refuses:
    its message names the hand (file, line, id) for whoever prints it alone, ``what`` is the refusal
    without the hand for whoever names the hand himself (:func:`refusal`, ``simulate``)."""

    def __init__(self, hand: Hand, what: str) -> None:
        super().__init__(f"{hand_place(hand)}{what}")
        self.what = what


def hand_place(hand: Hand) -> str:
    """``file:line: hand ID: ``, what a refusal starts with so that a user converting a folder can find
    the hand."""
    return f"{hand.source_file}:{hand.source_line}: hand {hand.site_hand_id}: "


def reason(exc: ValueError) -> str:
    """What a writer's refusal says the format cannot express, without naming the hand."""
    return exc.what if isinstance(exc, HandRefused) else str(exc)


def refusal(hand: Hand, exc: ValueError) -> str:
    """A writer's refusal of ``hand`` as a user converting files reads it: the hand named once (file,
    line, id), whether the writer named it (:class:`HandRefused`) or only said what it cannot express."""
    return f"{hand_place(hand)}{reason(exc)}"


class SeatedWriter:
    """The part of a class-built writer that is no site's own: the hand, its players by seat, and a
    refusal that names the hand's file, line and id, so that a user converting a folder can find it."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.names = {s.seat: s.player for s in hand.seats}

    def fail(self, what: str) -> HandRefused:
        """``what`` the text cannot say about this hand, as the ValueError a writer raises."""
        return HandRefused(self.hand, what)

    def name(self, seat: int) -> str:
        """The player in ``seat``; an event of an empty seat (a hand built by hand, not parsed) is refused."""
        if seat not in self.names:
            raise self.fail(f"an event refers to seat {seat}, which is empty (seats: {sorted(self.names)})")
        return self.names[seat]


def body_noise(hand: Hand, summary_seat: re.Pattern[str]) -> list[SkippedLine]:
    """The hand's skipped lines (chat, joins, timers ...) in file order, to be written back where they
    were; the summary's seat lines (``summary_seat``, after the last event), which the parser skips too,
    are left out: the writer rebuilds them from the events."""
    last = max((e.line for e in hand.events), default=hand.source_line)
    return sorted((s for s in hand.skipped if not (s.line > last and summary_seat.match(s.text))), key=lambda s: s.line)


def write_events(
    events: Iterable[Event], skipped: Sequence[SkippedLine], write: Callable[[Event], None], out: list[str]
) -> None:
    """``write`` each event (it appends the event's lines), each of the ``skipped`` lines (in file order)
    appended to ``out`` before the first event after it, and those after the last event at the end."""
    pending = 0
    for event in events:
        while pending < len(skipped) and skipped[pending].line < event.line:
            out.append(skipped[pending].text)
            pending += 1
        write(event)
    out += [s.text for s in skipped[pending:]]
