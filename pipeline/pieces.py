"""Cutting one large hand-history file into pieces that worker processes read in parallel, each read
exactly as the same lines are read in the whole file.

Why it can be exact: a text site's file is split into hands at blank lines and at every line that
matches the site's hand header (:func:`studbook.parsers.reading.split_hands`), so a cut made just before
a header line ends and starts the same hands as reading the whole file does. A piece knows the file
line it starts on, so every hand, action, violation and parse error keeps its line in the *original*
file. What is kept whole, and why:

- sites with a file reader (Full Tilt, ACR, PartyPoker: something carries from one hand to the next)
  and the XML sites (iPoker, Merge: one document with its session header; a ``<game>`` element read
  on its own would lose the header the hands' stakes and table come from);
- files that are not UTF-8 (UTF-16 exports: a header line would have to be found two bytes at a time);
- files whose first lines do not name a readable site (the parser's own fallback then reads the file).

The decoding matches the whole file's too: a UTF-8 file that turns out to be cp1252 is read as cp1252
from the first byte that is not UTF-8 on (:class:`~studbook.parsers.reading.Utf8ThenCp1252`). A piece
reports whether it found such a byte and whether it holds any byte beyond ASCII; every later piece that
does is read again as cp1252 (:func:`studbook.pipeline.importer`), so a file's text is the same
however it was cut. A cut is made only before a header line of plain ASCII, which reads the same in
either encoding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from ..parsers.detect import detect
from ..parsers.reading import CHUNK_SIZE, Utf8ThenCp1252, iter_lines, read_lines, sniff_encoding
from ..parsers.registry import SITES_BY_ID, ParseResult, Site
from ..parsers.zones import NO_ZONES, SiteZones

PIECE_BYTES = 8 << 20
"""Bytes per piece of a large file (8 MiB, ~4,000 hands of PokerStars stud): many pieces per worker on a
300 MB file, so that the workers finish together, and each piece's fixed cost (its spill streams) is
nothing beside its ~2 s of parsing."""

HEAD_LINES = 20
"""Lines read for site detection, as :func:`studbook.parsers.parse_lines` reads them."""

_LINE_END = re.compile(rb"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Piece:
    """Bytes ``start`` to ``end`` of a file, whose first line is line ``first_line`` of the file, and
    the id of the site the file was found to be from (every piece is read by its parser)."""

    start: int
    end: int
    first_line: int
    site: str


@dataclass(frozen=True, slots=True)
class PieceText:
    """A piece's decoded text, and what the decoding found: a byte that is not UTF-8 (``fell_back``:
    from it on, the file is cp1252), and whether any byte is beyond ASCII (``non_ascii``: the piece
    reads differently as cp1252)."""

    text: str
    fell_back: bool
    non_ascii: bool


def splittable_site(path: Path) -> Site | None:
    """The site of ``path`` if the file can be cut into pieces (see the module's docstring), else None."""
    with path.open("rb") as f:
        head = f.read(4096)
    if sniff_encoding(head)[0] != "utf-8":
        return None
    found = detect(enumerate(islice(read_lines(path), HEAD_LINES), 1))
    if found is None or found.summary or not found.site.splits_on_headers:
        return None
    return found.site


def plan(path: Path, piece_bytes: int = PIECE_BYTES) -> list[Piece]:
    """Where to cut ``path``: pieces of about ``piece_bytes``, each but the first starting at a hand
    header line. None (read the file whole) when it is no larger than ``piece_bytes`` or cannot be cut."""
    size = path.stat().st_size
    site = splittable_site(path) if size > piece_bytes else None
    if site is None:
        return []
    cuts = _cuts(path, site, piece_bytes, size)
    if not cuts:
        return []
    starts = [0, *cuts]
    lines = _line_numbers(path, starts)
    return [Piece(s, e, n, site.site) for s, e, n in zip(starts, [*cuts, size], lines)]


def _cuts(path: Path, site: Site, piece_bytes: int, size: int) -> list[int]:
    """The byte offsets of the first hand header line at or after every ``piece_bytes`` from the last cut."""
    cuts: list[int] = []
    with path.open("rb") as f:
        target = piece_bytes
        while target < size:
            cut = _header_at_or_after(f, target, site.starts_hand)
            if cut is None:
                break
            cuts.append(cut)
            target = cut + piece_bytes
    return cuts


def _header_at_or_after(f: BinaryIO, target: int, starts_hand: Callable[[str], object]) -> int | None:
    """The offset of the first line starting at or after ``target`` that is a hand header (plain ASCII,
    trailing blanks stripped as the reader strips them), or None when the file has none after it."""
    f.seek(target - 1)
    before, after = f.read(1), f.read(1)
    lines = _lines_from(f, target)
    if not (before == b"\n" or (before == b"\r" and after != b"\n")):
        next(lines, None)  # the rest of the line ``target`` falls in
    for offset, line in lines:
        if line.isascii() and starts_hand(line.decode("ascii").rstrip(" \t")):
            return offset
    return None


def _lines_from(f: BinaryIO, start: int) -> Iterator[tuple[int, bytes]]:
    """``(offset, bytes without the line end)`` of every line from byte ``start`` on, line ends as
    :func:`~studbook.parsers.reading.iter_lines` has them (CRLF, CR, LF; a CRLF cut by a block is one)."""
    f.seek(start)
    carry, base = b"", start
    while True:
        block = f.read(CHUNK_SIZE)
        data = carry + block
        if not block:
            if data:
                yield base, data
            return
        begin = 0
        for end in _LINE_END.finditer(data):
            if end.end() == len(data) and data.endswith(b"\r"):
                break  # its LF may start the next block: read it again with that block
            yield base + begin, data[begin : end.start()]
            begin = end.end()
        carry, base = data[begin:], base + begin


def _line_numbers(path: Path, offsets: list[int]) -> list[int]:
    """The 1-based line of the file starting at each of ``offsets`` (line starts, ascending), counting
    line ends as :func:`~studbook.parsers.reading.iter_lines` does: CRLF, CR and LF."""
    numbers: list[int] = []
    lines = 1
    position = 0
    pending_cr = False
    with path.open("rb") as f:
        for offset in offsets:
            while position < offset:
                block = f.read(min(CHUNK_SIZE, offset - position))
                if pending_cr and block.startswith(b"\n"):
                    lines -= 1  # the CR ending the previous block and this LF are one line end
                lines += block.count(b"\n") + block.count(b"\r") - block.count(b"\r\n")
                pending_cr = block.endswith(b"\r")
                position += len(block)
            numbers.append(lines)
    return numbers


def read_piece(path: Path, piece: Piece, cp1252: bool = False) -> PieceText:
    """The text of ``piece`` as the whole file's decoding reads it (``cp1252`` when an earlier piece
    proved the file is not UTF-8). The first piece loses a BOM and leading NUL bytes as a file does."""
    with path.open("rb") as f:
        f.seek(piece.start)
        data = f.read(piece.end - piece.start)
    if piece.start == 0:
        data = data[sniff_encoding(data[:4096])[1] :]
    non_ascii = not data.isascii()
    if cp1252:
        text, fell_back = data.decode("cp1252", errors="replace"), True
    else:
        decoder = Utf8ThenCp1252()
        text, fell_back = decoder.decode(data, final=True), decoder.fell_back
    if piece.start == 0:
        text = text.lstrip("\0")
    return PieceText(text, fell_back, non_ascii)


def parse_piece(path: Path, piece: Piece, text: str, zones: SiteZones = NO_ZONES) -> Iterator[ParseResult]:
    """Every hand of a piece, read by ``site`` with the file's line numbers (``zones``: the zones of the
    times a site prints without one, :mod:`studbook.parsers.zones`). The first piece is read as a file
    is (detection included), so that it says exactly what reading the whole file would."""
    from ..parsers import parse_lines  # parsers/__init__ imports the registry, which this module needs first

    lines = iter_lines([text])
    if piece.start == 0:
        return parse_lines(lines, str(path), zones)
    return SITES_BY_ID[piece.site].read_hands(lines, str(path), piece.first_line, zones)
