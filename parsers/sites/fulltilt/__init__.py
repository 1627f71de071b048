"""Full Tilt Poker: text hand histories, with tournament summaries recognised and skipped.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "fulltilt",
    reader.NAME,
    reader,
    writer.write_hand,
    writer.HAND_SEPARATOR,
    summary_header=reader.SUMMARY_HEADER,
    read=reader.read_file,
    corpus="FTP",
    profile=profile.PROFILE,
)
