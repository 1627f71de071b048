"""Reading hand-history files: bytes -> lines -> hands, incrementally.

Sites export in whatever encoding their client used (UTF-8 with or without BOM, UTF-16LE with a BOM
and sometimes an odd trailing byte, cp1252, a stray NUL byte at the start), with LF or CRLF line ends.
The encoding is detected from the bytes, never assumed from the file name. Files can be gigabytes, so
nothing here holds more than one chunk of bytes and one hand of lines at a time: ``read_lines`` yields
lines as chunks are decoded, ``split_hands`` yields each hand with the file line it starts on (line
numbers are how every error and violation points back at the text).

Nothing here knows a site: where a hand starts is a predicate the caller passes in.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from itertools import chain
from os import PathLike
from typing import Callable, Iterable, Iterator

from ..engine.model import direct_init

CHUNK_SIZE = 1 << 20
"""Bytes read per step: large enough to amortise the decoder, small enough for any file size."""

_SNIFF_SIZE = 4096
"""Bytes looked at before choosing an encoding (a BOM or the NUL pattern of UTF-16 shows up early)."""

_BLANKS = " \t"
"""Trailing characters stripped from every line: no site gives them a meaning, and a tournament seat
line may end with a space. NBSP is deliberately kept (it can be part of a name or an amount)."""


@dataclass(frozen=True, slots=True)
class HandText:
    """The lines of one hand (trailing blanks stripped) and the 1-based file line of the first one."""

    start_line: int
    lines: tuple[str, ...]


direct_init(HandText)  # one per hand: see engine/model.py's direct_init for why


def sniff_encoding(head: bytes) -> tuple[str, int]:
    """The codec for a file starting with ``head`` and how many BOM bytes to skip.

    Returns ``"utf-8"`` when nothing else fits: the UTF-8 decoder of :func:`decode_chunks` falls back
    to cp1252 at the first byte that is not UTF-8, which covers the cp1252 exports (``€`` as 0x80).
    """
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8", 3
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", 2
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", 2
    sample = head[:_SNIFF_SIZE]
    if len(sample) >= 16:
        # UTF-16 text that is mostly ASCII has a NUL in every other byte; a lone leading NUL (seen in a
        # PartyPoker export) does not make a file UTF-16, hence the threshold.
        odd_nuls = sample[1::2].count(0)
        even_nuls = sample[0::2].count(0)
        half = len(sample) // 2
        if odd_nuls > half * 0.4 and even_nuls < half * 0.1:
            return "utf-16-le", 0
        if even_nuls > half * 0.4 and odd_nuls < half * 0.1:
            return "utf-16-be", 0
    return "utf-8", 0


class Utf8ThenCp1252:
    """An incremental decoder that reads UTF-8 until a byte proves the file is not UTF-8, then reads
    the rest as cp1252. Files are in one encoding; the valid-UTF-8 prefix of a cp1252 file is plain
    ASCII, which both encodings decode identically, so switching at the first bad byte is exact."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._fallback = False

    @property
    def fell_back(self) -> bool:
        """Whether a byte has proved the text is not UTF-8 (everything from it on was read as cp1252)."""
        return self._fallback

    def decode(self, data: bytes, final: bool = False) -> str:
        if self._fallback:
            return data.decode("cp1252", errors="replace")
        try:
            return self._decoder.decode(data, final)
        except UnicodeDecodeError as err:
            self._fallback = True
            good = err.object[: err.start].decode("utf-8")
            return good + err.object[err.start :].decode("cp1252", errors="replace")


def decode_chunks(chunks: Iterable[bytes]) -> Iterator[str]:
    """Decode a stream of byte chunks into text pieces, detecting the encoding from the first bytes.

    A leading NUL is dropped; an odd trailing byte of a UTF-16 file (half a code unit, seen in Full
    Tilt and Winning Poker exports) is dropped as well, since it cannot be a character.
    """
    it = iter(chunks)
    head = b""
    for chunk in it:
        head += chunk
        if len(head) >= _SNIFF_SIZE:
            break
    codec, skip = sniff_encoding(head)
    if codec == "utf-8":
        decoder: Utf8ThenCp1252 | codecs.IncrementalDecoder = Utf8ThenCp1252()
    else:
        decoder = codecs.getincrementaldecoder(codec)("strict")
    started = False
    for chunk in chain([head[skip:]], it):
        text = decoder.decode(chunk)
        if not started:
            text = text.lstrip("\0")
            started = bool(text)
        if text:
            yield text
    if isinstance(decoder, codecs.IncrementalDecoder) and codec.startswith("utf-16") and len(decoder.getstate()[0]) % 2:
        return  # decode(b"", final=True) would raise on the dangling half code unit; drop it instead
    text = decoder.decode(b"", True)
    if text:
        yield text


def iter_lines(pieces: Iterable[str]) -> Iterator[str]:
    """Split text pieces into lines without their terminators; CRLF, CR and LF all end a line, even
    when a CRLF pair is cut in two by a chunk boundary.

    The lines come from lists of a piece's lines chained together in C: a generator that yielded each
    line was resumed once a line (~50 a hand), where here it is resumed once a piece (1 MB)."""
    return chain.from_iterable(_piece_lines(pieces))


def _piece_lines(pieces: Iterable[str]) -> Iterator[list[str]]:
    """The lines :func:`iter_lines` yields, one list for each piece of text (the last line of a piece
    waits for the next piece: it may go on there)."""
    carry = ""
    for piece in pieces:
        text = carry + piece
        if text.endswith("\r"):
            # The LF of a CRLF may be the first character of the next piece: decide then.
            carry, text = "\r", text[:-1]
        else:
            carry = ""
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        carry = lines.pop() + carry
        yield lines
    if carry.endswith("\r"):
        yield [carry[:-1]]
    elif carry:
        yield [carry]


def read_chunks(path: str | PathLike[str], chunk_size: int = CHUNK_SIZE) -> Iterator[bytes]:
    """The bytes of ``path`` in chunks of ``chunk_size``."""
    with open(path, "rb") as f:
        while chunk := f.read(chunk_size):
            yield chunk


def read_lines(path: str | PathLike[str], chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """The lines of a hand-history file, decoded incrementally (memory stays at one chunk)."""
    return iter_lines(decode_chunks(read_chunks(path, chunk_size)))


def split_hands(
    lines: Iterable[str], starts_hand: Callable[[str], object], first_line: int = 1, initials: str | None = None
) -> Iterator[HandText]:
    """Group lines into hands: a hand ends at a blank line, or where a line ``starts_hand`` although
    the current hand has not ended (exports that glue hands together; any truthy result counts). Line
    numbers are 1-based file lines, ``lines`` starting at ``first_line`` (a piece of a file cut at a
    hand's first line, :mod:`studbook.pipeline.pieces`); a BOM at the start of a line (files
    concatenated after export) is removed.

    ``initials``, when given, are the characters a hand's first line can start with: only a line that
    starts with one of them is asked ``starts_hand``. Why: every line of a file is asked, and a hand's
    ~50 lines cost ~50 calls of a regex's ``match`` where one character's test says no to nearly all."""
    current: list[str] = []
    start = 0
    for number, raw in enumerate(lines, first_line):
        line = raw.rstrip(_BLANKS)
        if line and line[0] == "\ufeff":
            line = line.lstrip("\ufeff")
        if not line:
            if current:
                yield HandText(start, tuple(current))
                current = []
            continue
        if not current:
            start = number
        elif (initials is None or line[0] in initials) and starts_hand(line):
            yield HandText(start, tuple(current))
            current, start = [], number
        current.append(line)
    if current:
        yield HandText(start, tuple(current))
