"""Hand-history parsers: files and text in, :class:`~studbook.engine.model.Hand` objects out.

``parse_file`` streams: it reads and decodes the file incrementally and yields one result per hand,
in file order — a Hand, a :class:`ParseError` for a hand that cannot be read (parsing goes on with the
next one) or a :class:`NotStudHand` for another game of a mixed-game file. The site is detected from
the text; every site is a folder of :mod:`parsers.sites` with its ``SITE`` object (``PARSERS`` maps the
id of each site to it). A PHH file (``.phh``, one TOML document per hand) is the one format told by its name: TOML
has no header line to detect.
"""

from __future__ import annotations

from itertools import chain, islice
from os import PathLike
from pathlib import Path
from typing import Iterator, Mapping

from .detect import detect
from .errors import NotStudHand, ParseError
from .reading import iter_lines, read_lines
from .registry import SITES_BY_ID, ParseResult, Site, readable_sites
from .zones import NO_ZONES, SiteZones

__all__ = [
    "PARSERS",
    "PHH_SUFFIX",
    "NotStudHand",
    "ParseError",
    "ParseResult",
    "parse_file",
    "parse_lines",
    "parse_text",
]

PARSERS: Mapping[str, Site] = SITES_BY_ID
"""Every site studbook knows, by id (a live, read-only view of :mod:`parsers.sites`: a site's folder is
the one place to add a site; ``Site.readable`` says whether its files can be read yet)."""

PHH_SUFFIX = ".phh"

_HEAD_LINES = 20
"""Lines read ahead for site detection (detection itself looks at the first few non-blank ones)."""


def parse_lines(lines: Iterator[str], source_file: str, zones: SiteZones = NO_ZONES) -> Iterator[ParseResult]:
    """Parse the lines of one file (without line terminators), hand by hand; ``zones`` places the times a
    site prints without a zone (:mod:`.zones`)."""
    head = list(islice(lines, _HEAD_LINES))
    found = detect(enumerate(head, 1))
    if found is None:
        # The first hand's header may be garbled: look on for any hand's header, so that one bad line
        # at the top cannot hide every hand below it (the lines before it fail as hands of their own).
        found = next(
            (f for f in (detect([(n, line)]) for n, line in enumerate(head, 1)) if f is not None and not f.summary),
            None,
        )
        if found is None:
            for line in lines:
                head.append(line)
                found = detect([(len(head), line)])
                if found is not None and not found.summary:
                    break
            else:
                found = None
    if found is None:
        first = next(((n, t) for n, t in enumerate(head, 1) if t.strip()), None)
        if first is not None and _binary(first[1]):
            yield ParseError(
                source_file,
                first[0],
                repr(first[1][:16]),
                "a hand history saved as text (a spreadsheet or other binary export holds none)",
                f"this is a binary file ({_binary(first[1])}), not a hand history",
            )
            return
        if first is not None:
            names = ", ".join(site.name for site in readable_sites())
            yield ParseError(
                source_file,
                first[0],
                first[1].strip(),
                f"the first line of a hand history from a site studbook reads ({names})",
                "no hand history recognised",
            )
        return
    if found.summary:
        return  # a tournament summary: results and payouts, no hands to import
    if not found.site.readable:
        yield ParseError(
            source_file,
            found.line,
            head[found.line - 1].strip(),
            f"a site studbook can read: {', '.join(s.site for s in readable_sites())}",
            f"this is a {found.site.name} hand history, which studbook cannot read yet",
        )
        return
    yield from found.site.read_hands(chain(head, lines), source_file, zones=zones)


_OLE2 = "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The first bytes of an OLE2 compound file (Excel .xls, old Word), as a single-byte decoding reads them."""


def _binary(line: str) -> str:
    """What binary file ``line`` (a file's first text) starts, or "" for text: a site's tournament summary
    saved as a spreadsheet must get a clear message, not a garbled "no hand history" line."""
    if line.lstrip("\ufeff").startswith(_OLE2):
        return "an Excel spreadsheet or other OLE2 document"
    head = line[:256]
    controls = sum(1 for c in head if c < " " and c not in "\t")
    return "unreadable bytes" if controls > len(head) // 10 else ""


def parse_file(path: str | PathLike[str], zones: SiteZones = NO_ZONES) -> Iterator[ParseResult]:
    """Parse a hand-history file hand by hand without reading it into memory at once (``zones``: see
    :func:`parse_lines`).

    A plain top-level function of a path, so that process pools can run it in workers."""
    if Path(path).suffix.lower() == PHH_SUFFIX:
        return _parse_phh(path)
    return parse_lines(read_lines(path), str(path), zones)


def _parse_phh(path: str | PathLike[str]) -> Iterator[ParseResult]:
    from .phh import read_phh  # imported on use: phh imports the engine's replay, text parsing does not

    try:
        yield read_phh(Path(path), str(path))
    except ParseError as err:
        yield err


def parse_text(text: str, source_file: str = "<text>", zones: SiteZones = NO_ZONES) -> list[ParseResult]:
    """Parse hand-history text already in memory (tests, notebooks, pasted hands)."""
    return list(parse_lines(iter_lines([text]), source_file, zones))
