"""Full Tilt Poker: text hand histories, with tournament summaries recognised and skipped.

What its real hands show, and how the reader and the rule profile follow them: NOTES.md beside this
file."""

from __future__ import annotations

from ...site import Site
from . import reader, writer

SITE = Site(
    "fulltilt",
    reader.NAME,
    reader.HAND_HEADER,
    reader.parse_hand,
    summary_header=reader.SUMMARY_HEADER,
    read=reader.read_file,
    writer=writer.write_hand,
    hand_separator=writer.HAND_SEPARATOR,
    corpus="FTP",
)
