"""What a parser hands back instead of a :class:`~studbook.engine.model.Hand`.

Parsing a file never stops at the first problem: a broken hand becomes a :class:`ParseError` in the
stream of results and the next hand is parsed as usual, so one garbled hand cannot hide a thousand
good ones. A hand of another game inside a mixed-game file is not a problem at all: it becomes a
:class:`NotStudHand`, which importers count and skip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class ParseError(Exception):
    """A hand that could not be read: where (``file``, 1-based ``line``), the offending ``text``, what
    would have been valid there (``expected``, in words) and a ``message`` saying what went wrong.

    It is an exception (parsers may raise it internally) and a plain record (``parse_file`` yields it).
    The constructor arguments are kept in ``args`` in order, so it pickles across worker processes.
    """

    def __init__(self, file: str, line: int, text: str, expected: str, message: str) -> None:
        super().__init__(file, line, text, expected, message)
        self.file = file
        self.line = line
        self.text = text
        self.expected = expected
        self.message = message

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.detail}"

    @property
    def detail(self) -> str:
        """The message with what was found and what was expected, without the place: the one wording
        that reports, the database and :func:`split_detail` share."""
        return f"{self.message} (got: '{self.text}'; expected: {self.expected})"

    def __repr__(self) -> str:
        return f"ParseError({self.file!r}, {self.line}, {self.text!r}, {self.expected!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ParseError) and self.args == other.args

    def __hash__(self) -> int:
        return hash(self.args)


_DETAIL = re.compile(r"(?P<message>.*) \(got: '(?P<text>.*)'; expected: (?P<expected>.*)\)", re.DOTALL)


def split_detail(detail: str) -> tuple[str, str, str] | None:
    """``(message, text, expected)`` back from :attr:`ParseError.detail` (as stored or sent between
    processes); ``None`` for any other message."""
    m = _DETAIL.fullmatch(detail)
    return None if m is None else (m["message"], m["text"], m["expected"])


@dataclass(frozen=True, slots=True)
class NotStudHand:
    """A hold'em, omaha or draw hand found in a mixed-game file: skipped and counted, never an error.

    ``game`` is the game as the header prints it (``Hold'em No Limit``), ``line`` the header's line.
    ``reason`` says why a hand of the stud family itself is skipped (a stud game the engine does not
    know yet, such as Five Card Stud); ``None`` for a game outside the family.
    """

    file: str
    line: int
    site: str
    game: str
    reason: str | None = None


READER_FAILED = "studbook's reader failed on this line"
"""How a :func:`reader_failure` message starts: the fuzz test counts them, since each is a reader bug
to be fixed, even though the user gets the hand as a ParseError and the file's other hands."""


def reader_failure(file: str, line: int, text: str, site_name: str, exc: Exception) -> ParseError:
    """An exception a site's reader raised where it should have said what is wrong, as the hand's
    ParseError at the line it was reading: the hand is the unit of failure, so one bug in reading a
    line the reader did not foresee costs that hand, never its file or the import."""
    return ParseError(
        file, line, text.rstrip("\n"), f"a {site_name} hand as the site prints it", f"{READER_FAILED} ({exc!r})"
    )
