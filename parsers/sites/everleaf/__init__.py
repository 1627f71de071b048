"""Everleaf Gaming: text hand histories with a three-line header."""

from ...site import text_site
from .writer import write_everleaf

SITE = text_site(__name__, write_everleaf, "Everleaf", corpus="Everleaf")
