"""PartyPoker: text hand histories, some with an announce line before each hand.

What its real hands show, and how the reader and the rule profile follow them: NOTES.md beside this
file."""

from __future__ import annotations

from ...site import Site
from . import reader, writer

SITE = Site(
    "partypoker",
    "PartyPoker",
    reader.HAND_HEADER,
    reader.parse_hand,
    read=reader.read_file,
    writer=writer.write_partypoker,
    hand_separator=writer.HAND_SEPARATOR,
    corpus="PartyPoker",
)
