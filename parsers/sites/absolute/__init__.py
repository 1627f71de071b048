"""Absolute Poker: text hand histories."""

from ...site import text_site
from .writer import write_absolute

SITE = text_site(__name__, write_absolute, "Absolute Poker", corpus="Absolute")
