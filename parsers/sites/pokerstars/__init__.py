"""PokerStars: the most common stud-family hand histories, and the style the other text formats follow.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

import re

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "pokerstars",
    "PokerStars",
    reader,
    writer.write_pokerstars,
    writer.HAND_SEPARATOR,
    summary_header=re.compile(r"PokerStars Tournament #\d+, "),
    hand_initials=reader.HAND_INITIALS,
    corpus="Stars",
    profile=profile.PROFILE,
)
