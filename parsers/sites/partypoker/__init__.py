"""PartyPoker: text hand histories, some with an announce line before each hand.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "partypoker",
    "PartyPoker",
    reader,
    writer.write_partypoker,
    writer.HAND_SEPARATOR,
    read=reader.read_file,
    corpus="PartyPoker",
    profile=profile.PROFILE,
)
