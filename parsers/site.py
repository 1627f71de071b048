"""What a site is to studbook: one object, :class:`Site`, that each folder of :mod:`parsers.sites`
exposes as ``SITE``: its id and name, how its files are recognised and split into hands, how a hand is
read and written, and which rule profile judges its hands.

Why one object: detection, parsing, writing and the default profile were once separate tables that had
to agree, and a site added to one and not the others gave "cannot read" errors for files it could read.
A site studbook recognises but cannot read yet has a ``SITE`` without ``parse_hand``: its files get a clear
"cannot read this site yet" instead of a confusing syntax error.

The rule profile of a site is what its real hands measured, in its folder's ``profile.py`` (named by the
site's id); a site without one is judged by the default profile (Robert's Rules of Poker). The engine
is handed the profile: it judges a hand by its site's rules without importing the parsers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Callable, Iterable, Iterator, TextIO

from ..engine.model import Hand
from ..engine.profiles import DEFAULT_PROFILE, RuleProfile
from .chips import read_in_chips
from .errors import NotStudHand, ParseError
from .reading import HandText, split_hands
from .writing import write_separated
from .xmlstream import GAME_LINE
from .zones import NO_ZONES, SiteZones, placed, zone

__all__ = [
    "PROFILE_MODULE",
    "READER_MODULE",
    "WRITER_MODULE",
    "FileReader",
    "HandParser",
    "HandWriter",
    "ParseResult",
    "Site",
    "text_site",
    "xml_site",
]

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
    corpus: str | None = None
    """Its folder of real hand histories in the corpus (``fpdb/<corpus>``, with ``fpdb/MANIFEST.tsv``'s
    counts): what the conformance kit, the mutation suite and the fuzz test read for this site."""
    hand_initials: str | None = None
    """The characters the first line of one of its hands can start with, when ``hand_header`` says so
    (the file is split asking ``hand_header`` only of the lines that start with one of them:
    :func:`~.reading.split_hands`); None to ask it of every line."""
    local_zone: str | None = None
    """The IANA zone of the times its hands print without a zone (None: every hand prints its zone): what
    the site's clients are known to print in, with the evidence in its NOTES.md. The reader leaves such a
    time without a zone and :meth:`read_hands` places it here, or in the zone the user gives for the
    site (:mod:`.zones`)."""
    profile: RuleProfile = DEFAULT_PROFILE
    """The rule profile its hands are judged by when no profile is named: its folder's ``profile.py``,
    named by the site's id, or the default profile while its rules are not measured."""
    play_chip_cents: bool = False
    """Whether its play-money tables deal hundredths of a play chip (its NOTES.md says what it prints):
    their hands keep their amounts in hundredths instead of whole chips (:mod:`.chips`)."""

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

    def read_hands(
        self, lines: Iterable[str], source_file: str, first_line: int = 1, zones: SiteZones = NO_ZONES
    ) -> Iterator[ParseResult]:
        """Every hand of a file of this site, in file order (``lines`` from its line ``first_line`` on:
        the file's first line, or a hand header where a file was cut into pieces); a start time printed
        without a zone is placed in ``zones``' zone for this site, else in :attr:`local_zone`. Every hand
        comes out in the model's unit (:mod:`.chips`: a chip hand in whole chips), the one place readers'
        hundredths become it."""
        name = zones.get(self.site, self.local_zone)
        read = read_in_chips(self._read_hands(lines, source_file, first_line), self.play_chip_cents)
        yield from read if name is None else placed(read, zone(name))

    def _read_hands(self, lines: Iterable[str], source_file: str, first_line: int) -> Iterator[ParseResult]:
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


READER_MODULE = "reader"
"""The module of a site's folder that reads its format: what :func:`text_site` and :func:`xml_site` take
the site's reading from."""

WRITER_MODULE = "writer"
"""The module of a site's folder that writes its format; a folder without one is a site studbook reads
only (its ``SITE.writer`` is None: ``tests/test_site_folders.py`` checks the two agree)."""

PROFILE_MODULE = "profile"
"""The module of a site's folder that holds the rule profile its real hands measured (``PROFILE``, named
by the site's id, which its ``SITE.profile`` is); a folder without one is judged by the default profile."""

_TEXT_READER_FIELDS = {"read_file": "read", "SUMMARY_HEADER": "summary_header", "HAND_INITIALS": "hand_initials"}
"""The reader module's optional attributes :func:`text_site` hands its ``Site``, by the field each fills."""


def text_site(package: str, write: HandWriter, name: str | None = None, **more: object) -> Site:
    """The ``SITE`` of the text site whose folder is the package ``package`` (its ``__init__.py`` passes its
    ``__name__``), put together by the folders' convention so that ``__init__.py`` says only what is the
    site's own. The id is the folder's name. From the folder's ``reader`` module: ``HAND_HEADER`` and
    ``parse_hand``, and where the module has them ``read_file`` (a whole-file reader, the ``read`` field),
    ``SUMMARY_HEADER`` (``summary_header``), ``HAND_INITIALS`` (``hand_initials``) and ``NAME``, the site's
    name for people, which is ``name`` for a reader without one (the two are never both given). ``write``
    writes one hand, and the ``writer`` module's ``HAND_SEPARATOR`` joins written hands. The ``profile``
    module's ``PROFILE`` is the rule profile where the folder has one, the default profile otherwise.
    ``more`` are the other :class:`Site` fields in which the site differs (its corpus folder, a local zone,
    its currency).

    Why a convention: a site's reader, writer and profile are its folder's modules by their names (as the
    registry finds the writers and profiles without importing them), and naming them again field by field
    made every folder's ``__init__.py`` the same dozen lines."""
    reader = import_module(f"{package}.{READER_MODULE}")
    separator = import_module(f"{package}.{WRITER_MODULE}").HAND_SEPARATOR
    found = {field: getattr(reader, attr) for attr, field in _TEXT_READER_FIELDS.items() if hasattr(reader, attr)}
    return Site(
        _site_id(package),
        _name(package, reader, name),
        reader.HAND_HEADER,
        reader.parse_hand,
        writer=write,
        hand_separator=separator,
        profile=_profile(package),
        **found,
        **more,  # type: ignore[arg-type]
    )


def xml_site(package: str, **more: object) -> Site:
    """The ``SITE`` of the XML site whose folder is the package ``package``, by the convention of
    :func:`text_site`: its hands are ``<game>`` elements of one session document, each starting at a
    ``<game>`` line (:data:`~.xmlstream.GAME_LINE`), read, not written. From the folder's ``reader``
    module: ``NAME``, ``HAND_HEADER`` (the document's start) and ``read`` (the whole-file reader); the
    profile as for a text site; ``more`` are the other :class:`Site` fields (its corpus folder)."""
    reader = import_module(f"{package}.{READER_MODULE}")
    return Site(
        _site_id(package),
        reader.NAME,
        reader.HAND_HEADER,
        read=reader.read,
        hand_start=GAME_LINE,
        profile=_profile(package),
        **more,  # type: ignore[arg-type]
    )


def _site_id(package: str) -> str:
    return package.rpartition(".")[2]


def _name(package: str, reader: ModuleType, name: str | None) -> str:
    if hasattr(reader, "NAME") == (name is not None):
        raise TypeError(f"{package}: the site's name is given once, as its reader's NAME or as text_site's name")
    if name is not None:
        return name
    named: str = reader.NAME
    return named


def _profile(package: str) -> RuleProfile:
    module = f"{package}.{PROFILE_MODULE}"
    if find_spec(module) is None:
        return DEFAULT_PROFILE
    profile: RuleProfile = import_module(module).PROFILE
    return profile
