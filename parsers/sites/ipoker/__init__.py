"""iPoker: XML sessions, one ``<game>`` element per hand; read, not written.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import Site
from ...xmlstream import GAME_LINE
from . import profile, reader

SITE = Site(
    "ipoker",
    reader.NAME,
    reader.HAND_HEADER,
    read=reader.read,
    hand_start=GAME_LINE,
    corpus="iPoker",
    profile=profile.PROFILE,
)
