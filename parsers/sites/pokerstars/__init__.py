"""PokerStars: the most common stud-family hand histories, and the style the other text formats follow."""

import re

from ...site import text_site
from .writer import write_pokerstars

SITE = text_site(
    __name__,
    write_pokerstars,
    "PokerStars",
    summary_header=re.compile(r"PokerStars Tournament #\d+, "),
    corpus="Stars",
)
