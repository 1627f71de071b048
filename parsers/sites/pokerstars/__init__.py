"""PokerStars: the most common stud-family hand histories, and the style the other text formats follow.

What its real hands show, and how the reader and the rule profile follow them: NOTES.md beside this
file."""

from __future__ import annotations

import re

from ...site import Site
from . import reader, writer

SITE = Site(
    "pokerstars",
    "PokerStars",
    reader.HAND_HEADER,
    reader.parse_hand,
    summary_header=re.compile(r"PokerStars Tournament #\d+, "),
    hand_initials=reader.HAND_INITIALS,
    writer=writer.write_pokerstars,
    hand_separator=writer.HAND_SEPARATOR,
    corpus="Stars",
)
