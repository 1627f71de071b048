"""KingsClub: text hand histories with a three-line header."""

from ...site import text_site
from .vocabulary import LOCAL_ZONE
from .writer import write_kingsclub

SITE = text_site(
    __name__,
    write_kingsclub,
    "KingsClub",
    corpus="KingsClub",
    local_zone=LOCAL_ZONE,  # its times print no zone: NOTES.md, "Start times"
)
