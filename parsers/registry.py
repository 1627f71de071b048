"""Every site studbook knows, in one table: what it is called, how its files are recognised and split
into hands, how a hand is read and written, and which rule profile judges its hands.

Why one table: detection, parsing, writing and the default profile used to be three tables that had to
agree; a site added to one and not the others gave "cannot read" errors for files it could read. A site
studbook recognises but cannot read yet has a row without ``parse_hand``: its files get a clear "cannot
read this site yet" instead of a confusing syntax error.

The rule profile of a site is the profile of ``engine/profiles.py`` that bears the site's id as its name
(a site's profile is measured on its real hands, and the engine keeps every profile as data); a site
without one is judged by the default profile (Robert's Rules of Poker).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping, TextIO

from ..engine.model import Hand
from ..engine.profiles import DEFAULT_PROFILE, PROFILES
from . import (
    absolute,
    acr,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    pokerstars,
    winamax,
)
from .absolute_writer import HAND_SEPARATOR as ABSOLUTE_SEPARATOR
from .absolute_writer import write_absolute
from .acr_writer import HAND_SEPARATOR as ACR_SEPARATOR
from .acr_writer import write_acr
from .bovada_writer import write_bovada
from .errors import NotStudHand, ParseError
from .xmlstream import GAME_LINE
from .everleaf_writer import HAND_SEPARATOR as EVERLEAF_SEPARATOR
from .everleaf_writer import write_everleaf
from .fulltilt_writer import HAND_SEPARATOR as FULLTILT_SEPARATOR
from .fulltilt_writer import write_hand as write_fulltilt
from .kingsclub_writer import HAND_SEPARATOR as KINGSCLUB_SEPARATOR
from .kingsclub_writer import write_kingsclub
from .ongame_writer import HAND_SEPARATOR as ONGAME_SEPARATOR
from .ongame_writer import write_ongame
from .partypoker_writer import HAND_SEPARATOR as PARTYPOKER_SEPARATOR
from .partypoker_writer import write_partypoker
from .pokerstars_writer import write_pokerstars
from .reading import HandText, split_hands
from .winamax_writer import HAND_SEPARATOR as WINAMAX_SEPARATOR
from .winamax_writer import write_winamax
from .writing import write_separated

ParseResult = Hand | ParseError | NotStudHand
HandParser = Callable[[HandText, str], ParseResult]
FileReader = Callable[[Iterator[str], str], Iterator[ParseResult]]
"""Reads the lines of a whole file (after the detection lines were put back in front): for formats whose
hands are not split on a header line (XML)."""
HandWriter = Callable[[Hand], str]


@dataclass(frozen=True, slots=True)
class Site:
    """One site: ``site`` is its id (as stored in ``Hand.site``), ``name`` its name for people.

    ``hand_header`` matches the first line of each of its hands: it detects the site (on the first few
    non-blank lines of a file) and splits a file into hands. ``summary_header`` matches the first line of
    its tournament summaries (results, no hands: skipped). ``parse_hand`` reads one hand; ``read`` reads a
    whole file instead, for formats not split on a header line; a site with neither is recognised but
    not readable yet. ``writer`` writes one hand in the site's format, hands joined by ``hand_separator``.
    ``hand_start``, for a site whose hands are elements of one session document (the XML sites), matches
    the line that starts each hand within a file, where ``hand_header`` matches the document's start.
    """

    site: str
    name: str
    hand_header: re.Pattern[str]
    parse_hand: HandParser | None = None
    summary_header: re.Pattern[str] | None = None
    read: FileReader | None = None
    writer: HandWriter | None = None
    hand_separator: str = "\n\n\n"
    hand_start: re.Pattern[str] | None = None
    currency: str = "USD"
    """The currency of the site's cash games: what ``studbook simulate --format SITE`` deals them in
    (Winamax writes euros only)."""
    hand_initials: str | None = None
    """The characters the first line of one of its hands can start with, when ``hand_header`` says so
    (the file is split asking ``hand_header`` only of the lines that start with one of them:
    :func:`~.reading.split_hands`); None to ask it of every line."""

    @property
    def starts_hand(self) -> Callable[[str], object]:
        """A test of a line: truthy when it is the first line of one of this site's hands (the compiled
        pattern's own ``match``, called once per line of every file)."""
        return self.hand_header.match

    @property
    def in_session(self) -> bool:
        """Whether a hand reads only with its file's start (an XML session's header and ``<general>``)."""
        return self.hand_start is not None

    @property
    def starts_hand_within(self) -> Callable[[str], object]:
        """A test of a line: truthy when a hand starts there within a file (:attr:`hand_start`, else the
        hand header)."""
        return (self.hand_start or self.hand_header).match

    @property
    def readable(self) -> bool:
        return self.parse_hand is not None or self.read is not None

    @property
    def profile(self) -> str:
        """The name of the rule profile this site's hands are judged by when no profile is named."""
        return self.site if self.site in PROFILES else DEFAULT_PROFILE

    def write_file(
        self, hands: Iterable[Hand], out: TextIO, refused: Callable[[Hand, ValueError], None] | None = None
    ) -> int:
        """Write ``hands`` to ``out`` in this site's format, separated as the site separates them, one at a
        time (a simulator can stream millions); return how many were written. ``ValueError`` from the
        writer names a hand the format cannot express: raised, or given ``refused``, handed to it and the
        hand left out (:func:`~.writing.write_separated`)."""
        if self.writer is None:
            raise ValueError(f"studbook does not write {self.name} hand histories")
        return write_separated(hands, out, self.writer, self.hand_separator, refused)

    @property
    def splits_on_headers(self) -> bool:
        """Whether every hand of this site's files is read on its own from the lines between hand
        headers (``parse_hand`` and no file reader): then a file cut before any header line reads the
        same in pieces as whole (:mod:`studbook.pipeline.pieces`). Sites with a file reader carry
        something from hand to hand (an announce line, a session's header, an XML document)."""
        return self.parse_hand is not None and self.read is None

    def read_hands(self, lines: Iterable[str], source_file: str, first_line: int = 1) -> Iterator[ParseResult]:
        """Every hand of a file of this site, in file order (``lines`` from its line ``first_line`` on:
        the file's first line, or a hand header where a file was cut into pieces)."""
        if self.read is not None:
            if first_line != 1:
                raise ValueError(f"{self.name} files are read whole, never from line {first_line}")
            yield from self.read(iter(lines), source_file)
            return
        parse = self.parse_hand
        if parse is None:
            raise ValueError(f"{self.name} hand histories cannot be read yet")
        for block in split_hands(lines, self.hand_header.match, first_line, self.hand_initials):
            yield parse(block, source_file)


SITES: tuple[Site, ...] = (
    Site(
        "pokerstars",
        "PokerStars",
        pokerstars.HAND_HEADER,
        pokerstars.parse_hand,
        summary_header=re.compile(r"PokerStars Tournament #\d+, "),
        writer=write_pokerstars,
        hand_separator="\n\n\n\n",
        hand_initials=pokerstars.HAND_INITIALS,
    ),
    Site(
        "fulltilt",
        fulltilt.NAME,
        fulltilt.HAND_HEADER,
        fulltilt.parse_hand,
        summary_header=fulltilt.SUMMARY_HEADER,
        read=fulltilt.read_file,
        writer=write_fulltilt,
        hand_separator=FULLTILT_SEPARATOR,
    ),
    Site("bovada", "Bovada/Bodog", bovada.HAND_HEADER, bovada.parse_hand, writer=write_bovada),
    Site(
        "everleaf",
        "Everleaf",
        everleaf.HAND_HEADER,
        everleaf.parse_hand,
        writer=write_everleaf,
        hand_separator=EVERLEAF_SEPARATOR,
    ),
    Site(
        "partypoker",
        "PartyPoker",
        partypoker.HAND_HEADER,
        partypoker.parse_hand,
        read=partypoker.read_file,
        writer=write_partypoker,
        hand_separator=PARTYPOKER_SEPARATOR,
    ),
    Site(
        "ongame", "OnGame", ongame.HAND_HEADER, ongame.parse_hand, writer=write_ongame, hand_separator=ONGAME_SEPARATOR
    ),
    Site(
        "winamax",
        "Winamax",
        winamax.HAND_HEADER,
        winamax.parse_hand,
        writer=write_winamax,
        hand_separator=WINAMAX_SEPARATOR,
        currency="EUR",
    ),
    Site(
        "acr",
        "Winning Poker Network (ACR)",
        acr.HAND_HEADER,
        acr.parse_hand,
        read=acr.read_file,
        writer=write_acr,
        hand_separator=ACR_SEPARATOR,
    ),
    Site(
        "absolute",
        "Absolute Poker",
        absolute.HAND_HEADER,
        absolute.parse_hand,
        writer=write_absolute,
        hand_separator=ABSOLUTE_SEPARATOR,
    ),
    Site(
        "kingsclub",
        "KingsClub",
        kingsclub.HAND_HEADER,
        kingsclub.parse_hand,
        writer=write_kingsclub,
        hand_separator=KINGSCLUB_SEPARATOR,
    ),
    Site(ipoker.SITE, ipoker.NAME, ipoker.HAND_HEADER, read=ipoker.read, hand_start=GAME_LINE),
    Site(merge.SITE, merge.NAME, merge.HAND_HEADER, read=merge.read, hand_start=GAME_LINE),
)
"""Every site, in the order detection tries them (the first whose header matches wins)."""

SITES_BY_ID: Mapping[str, Site] = MappingProxyType({s.site: s for s in SITES})


def readable_sites() -> tuple[Site, ...]:
    """The sites whose hand histories studbook reads, in table order."""
    return tuple(s for s in SITES if s.readable)


def writable_sites() -> tuple[Site, ...]:
    """The sites studbook writes hands for (``convert --to``, ``simulate --format``)."""
    return tuple(s for s in SITES if s.writer is not None)
