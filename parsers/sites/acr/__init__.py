"""Winning Poker Network / Americas Cardroom: both text formats the site has printed (2016, and 2019 on)."""

from ...site import text_site
from .writer import write_acr

SITE = text_site(
    __name__,
    write_acr,
    "Winning Poker Network (ACR)",
    corpus="Winning",
    local_zone="America/New_York",  # the 2016 client's times print no zone: NOTES.md, "Start times"
)
