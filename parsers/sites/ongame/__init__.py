"""OnGame: text hand histories.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "ongame", "OnGame", reader, writer.write_ongame, writer.HAND_SEPARATOR, corpus="OnGame", profile=profile.PROFILE
)
