"""Winning Poker Network / Americas Cardroom: both text formats the site has printed (2016, and 2019 on).

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "acr",
    "Winning Poker Network (ACR)",
    reader,
    writer.write_acr,
    writer.HAND_SEPARATOR,
    read=reader.read_file,
    corpus="Winning",
    local_zone="America/New_York",  # the 2016 client's times print no zone: NOTES.md, "Start times"
    profile=profile.PROFILE,
)
