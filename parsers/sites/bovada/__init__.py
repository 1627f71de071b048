"""Bovada / Bodog: text hand histories with the players named by their seat role."""

from ...site import text_site
from .writer import write_bovada

SITE = text_site(__name__, write_bovada, "Bovada/Bodog", corpus="Bovada")
