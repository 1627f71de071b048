"""PartyPoker: text hand histories, some with an announce line before each hand."""

from ...site import text_site
from .writer import write_partypoker

SITE = text_site(__name__, write_partypoker, "PartyPoker", corpus="PartyPoker")
