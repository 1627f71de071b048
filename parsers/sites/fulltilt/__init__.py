"""Full Tilt Poker: text hand histories, with tournament summaries recognised and skipped."""

from ...site import text_site
from .writer import write_hand

SITE = text_site(__name__, write_hand, corpus="FTP")
