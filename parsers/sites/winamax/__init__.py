"""Winamax: text hand histories, in euros (the currency its simulated cash games are dealt in).

What its real hands show, and how the reader and the rule profile follow them: NOTES.md beside this
file."""

from __future__ import annotations

from ...site import Site
from . import reader, writer

SITE = Site(
    "winamax",
    "Winamax",
    reader.HAND_HEADER,
    reader.parse_hand,
    currency="EUR",
    writer=writer.write_winamax,
    hand_separator=writer.HAND_SEPARATOR,
    corpus="Winamax",
)
