"""OnGame: text hand histories."""

from ...site import text_site
from .writer import write_ongame

SITE = text_site(__name__, write_ongame, "OnGame", corpus="OnGame")
