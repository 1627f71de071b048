"""Hands a site cancelled after it began (PokerStars' ``Hand cancelled``, Full Tilt's ``Hand #N has been
canceled``): the cards were taken back and every chip returned, so there is no hand to replay. Refusing
it at that line would report an error for something that never happened; it is skipped instead, with
the reason, as a hand of another game is (:class:`~studbook.parsers.errors.NotStudHand`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..engine.model import Hand
from .errors import NotStudHand, ParseError
from .reading import HandText
from .site import HandParser
from .textsite import HandHeader, Where

__all__ = ["REASON", "cancellable", "cancelled_hand"]

REASON = "the site cancelled the hand: every chip was returned"


def cancelled_hand(
    block: HandText,
    source_file: str,
    site: str,
    said: re.Pattern[str],
    read_header: Callable[[str, Where], HandHeader],
) -> NotStudHand | None:
    """The skipped hand when a line of ``block`` is the site's cancellation (``said`` matches it whole),
    else None (and None when the header itself is unreadable: the hand's own reading reports that)."""
    if not any(said.fullmatch(line) for line in block.lines[1:]):
        return None
    try:
        header = read_header(block.lines[0], (source_file, block.start_line))
    except ParseError:
        return None
    return NotStudHand(source_file, block.start_line, site, header.printed_game, REASON)


def cancellable(
    parse_hand: HandParser, site: str, said: str, read_header: Callable[[str, Where], HandHeader]
) -> HandParser:
    """``parse_hand`` that skips a hand the site cancelled (a line is ``said``, a regular expression
    matched whole), as :func:`cancelled_hand` does: a site whose hands print a cancellation declares its
    reader so, once. No grammar knows the cancellation line, so a cancelled hand is either refused or
    kept with the line as one studbook does not know: only then are its lines searched, which spares
    every other hand a test of each of its lines."""
    line = re.compile(said)

    def read(block: HandText, source_file: str) -> Hand | ParseError | NotStudHand:
        """One hand: a Hand, a ParseError, or a NotStudHand (another game, or a hand the site cancelled)."""
        hand = parse_hand(block, source_file)
        if isinstance(hand, ParseError) or (isinstance(hand, Hand) and hand.unknown_lines):
            return cancelled_hand(block, source_file, site, line, read_header) or hand
        return hand

    return read
