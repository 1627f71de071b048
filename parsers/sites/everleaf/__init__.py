"""Everleaf Gaming: text hand histories with a three-line header.

What its real hands show, and how the reader and the rule profile follow them: NOTES.md beside this
file."""

from __future__ import annotations

from ...site import Site
from . import reader, writer

SITE = Site(
    "everleaf",
    "Everleaf",
    reader.HAND_HEADER,
    reader.parse_hand,
    writer=writer.write_everleaf,
    hand_separator=writer.HAND_SEPARATOR,
    corpus="Everleaf",
)
