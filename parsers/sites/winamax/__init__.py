"""Winamax: text hand histories, in euros (the currency its simulated cash games are dealt in).

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "winamax",
    "Winamax",
    reader,
    writer.write_winamax,
    writer.HAND_SEPARATOR,
    currency="EUR",
    corpus="Winamax",
    profile=profile.PROFILE,
    play_chip_cents=True,  # its play tables print 0.01 antes: NOTES.md, "Play money's unit"
)
