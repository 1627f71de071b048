"""KingsClub: text hand histories with a three-line header.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer
from .vocabulary import LOCAL_ZONE

SITE = text_site(
    "kingsclub",
    "KingsClub",
    reader,
    writer.write_kingsclub,
    writer.HAND_SEPARATOR,
    corpus="KingsClub",
    local_zone=LOCAL_ZONE,  # its times print no zone: NOTES.md, "Start times"
    profile=profile.PROFILE,
)
