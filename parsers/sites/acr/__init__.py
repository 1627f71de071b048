"""Winning Poker Network / Americas Cardroom: both text formats the site has printed (2016, and 2019 on).

What its real hands show, and how the reader and the rule profile follow them: NOTES.md beside this
file."""

from __future__ import annotations

from ...site import Site
from . import reader, writer

SITE = Site(
    "acr",
    "Winning Poker Network (ACR)",
    reader.HAND_HEADER,
    reader.parse_hand,
    read=reader.read_file,
    writer=writer.write_acr,
    hand_separator=writer.HAND_SEPARATOR,
    corpus="Winning",
)
