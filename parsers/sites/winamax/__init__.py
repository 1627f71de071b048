"""Winamax: text hand histories, in euros (the currency its simulated cash games are dealt in)."""

from ...site import text_site
from .writer import write_winamax

SITE = text_site(
    __name__,
    write_winamax,
    "Winamax",
    currency="EUR",
    corpus="Winamax",
    play_chip_cents=True,  # its play tables print 0.01 antes: NOTES.md, "Play money's unit"
)
