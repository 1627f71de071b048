"""Bovada / Bodog: text hand histories with the players named by their seat role.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "bovada",
    "Bovada/Bodog",
    reader,
    writer.write_bovada,
    writer.HAND_SEPARATOR,
    corpus="Bovada",
    profile=profile.PROFILE,
)
