"""Which site wrote a file, told from its text (file names are renamed, exported and re-exported).

Each site prints a recognisable first line for every hand. The table below lists the sites of the
stud corpus, including those studbook cannot parse yet, so that a file from one of them gets a clear
"not supported yet" error instead of a confusing syntax error. Tournament summaries (results and
payouts, no hands) are recognised too: they are not hand histories and are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

_LOOKAHEAD = 3
"""Non-blank lines examined: some exports put a line of their own before the first header."""


@dataclass(frozen=True, slots=True)
class Site:
    """A site id (as stored in ``Hand.site``), its name for people, and the line that starts a hand."""

    site: str
    name: str
    hand_header: re.Pattern[str]

    @property
    def starts_hand(self) -> Callable[[str], object]:
        """A test of a line: truthy when it is the first line of one of this site's hands (the
        compiled pattern's own ``match``, called once per line of every file)."""
        return self.hand_header.match


@dataclass(frozen=True, slots=True)
class Detection:
    """What a file is: hands of ``site``, or a tournament summary of it (``summary=True``).
    ``line`` is the 1-based line of the text that gave it away."""

    site: Site
    line: int
    summary: bool = False


SITES: tuple[Site, ...] = (
    Site("pokerstars", "PokerStars", re.compile(r"PokerStars (?:Home Game |Zoom )?(?:Game|Hand) #\d+:", re.I)),
    Site("fulltilt", "Full Tilt Poker", re.compile(r"Full Tilt Poker (?:Game|Hand) #\d+")),
    Site("bovada", "Bovada/Bodog", re.compile(r"(?:Bovada|Bodog) Hand #\d+")),
    Site("everleaf", "Everleaf", re.compile(r"Everleaf Gaming Game #\d+")),
    Site("partypoker", "PartyPoker", re.compile(r"(?:Game #\d+ starts\.|#Game No : \d+)")),
    Site("ongame", "OnGame", re.compile(r"\*{5} History for hand ")),
    Site("winamax", "Winamax", re.compile(r"Winamax Poker - ")),
    Site("winning", "Winning Poker Network", re.compile(r"(?:Hand #\d+ - |Game started at: )")),
    Site("absolute", "Absolute Poker", re.compile(r"Stage #\d+: ")),
    Site("kingsclub", "KingsClub", re.compile(r"#\d+: Limit ")),
    Site("xml", "an XML export (iPoker, Merge)", re.compile(r"\s*<(?:\?xml|session|game|hand)", re.I)),
)

_SUMMARIES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("pokerstars", re.compile(r"PokerStars Tournament #\d+, ")),
)

SITES_BY_ID = {s.site: s for s in SITES}


def detect(lines: Iterable[tuple[int, str]]) -> Detection | None:
    """Identify the site from the first few non-blank ``(line number, text)`` pairs, or ``None``."""
    seen = 0
    for number, line in lines:
        text = line.lstrip("\ufeff").strip()
        if not text:
            continue
        for site in SITES:
            if site.hand_header.match(text):
                return Detection(site, number)
        for site_id, pattern in _SUMMARIES:
            if pattern.match(text):
                return Detection(SITES_BY_ID[site_id], number, summary=True)
        seen += 1
        if seen == _LOOKAHEAD:
            break
    return None
