"""What reading any site's tournament summaries shares: the fields read so far with the line of each
(:class:`SummaryFields`), and the walk over a file's lines that starts a summary at each header and
keeps reading after a broken one (:func:`read_summary_lines`).

Why a summary, not a file, is the unit of failure: a file can hold many summaries (a history request
mails dozens), and one line the reader does not know must cost only its own summary, reported at its
line, as a broken hand costs only itself."""

from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator, Protocol

from .currencies import SIGN
from .errors import ParseError
from .textsite import local_time
from .tournaments import PlayerResult, Said, Source, TournamentResult, read_units, sourced

__all__ = ["AMOUNT", "SummaryFields", "SummaryReader", "read_summary_lines", "time_line"]

AMOUNT = SIGN + r"?[\d,]+(?:\.\d{1,2})?"
"""A summary's printed amount (``$58.83``, ``1,500``): the pattern of what :meth:`SummaryFields.units`
reads, one for every site's summary patterns so that none lets through an amount it cannot read."""

_DATE = r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}"


def time_line(after_word: str) -> re.Pattern[str]:
    """The ``Tournament started``/``finished`` line, ``after_word`` what the site prints between the
    word and the date (``: `` on Full Tilt): its groups are the ones :meth:`SummaryFields.time` reads,
    kept here beside it so that a site's pattern and the reading cannot drift apart."""
    return re.compile(
        rf"Tournament (?P<what>started|finished){after_word}(?P<date>{_DATE}) (?P<zone>[A-Z]+)"
        rf"(?: \[(?P<etdate>{_DATE}) ET\])?"
    )


class SummaryReader(Protocol):
    """One summary being read: each line after the header, then the result (a ParseError raised
    for a summary that lacks what its format must print)."""

    def read(self, no: int, line: str) -> None: ...

    def result(self, last: int) -> TournamentResult: ...


class SummaryFields:
    """The tournament's fields read so far, each with its line; ``whole`` once the buy-in says the
    amounts are play chips."""

    def __init__(self, file: str, first: int) -> None:
        self.file, self.first = file, first
        self.values: dict[str, object] = {}
        self.lines: dict[str, int] = {}
        self.whole = False

    def error(self, no: int, text: str, message: str, expected: str) -> ParseError:
        return ParseError(self.file, no, text, expected, message)

    def put(self, name: str, value: object, no: int) -> None:
        self.values[name] = value
        self.lines[name] = no

    def units(self, text: str, no: int, line: str) -> int:
        """A printed amount (its currency sign dropped) in the tournament's unit."""
        return read_units(text.lstrip("$€£"), self.whole, (self.file, no), line)

    def time(self, m: re.Match[str], no: int, line: str) -> None:
        """A ``Tournament started``/``finished`` line (groups ``what``, ``date``, ``zone`` and the
        bracketed Eastern ``etdate`` some print beside a local time, which is preferred: it is the zone
        the site's own clock keeps). A zone no site uses leaves the time unknown."""
        date, zone = (m["etdate"], "ET") if m["etdate"] else (m["date"], m["zone"])
        y, mo, d, h, mi, sec = (int(x) for x in re.split(r"[/ :]", date))
        when, _unknown_zone = local_time((y, mo, d, h, mi, sec), zone, (self.file, no), line)
        if when is not None:
            self.put("started_at" if m["what"] == "started" else "ended_at", when, no)

    def said(self) -> tuple[tuple[str, Said], ...]:
        """Each field given with the line that gave it."""
        given = {k for k, _ in sourced(Said(Source.SUMMARY, self.file, 0), self.values)}
        return tuple((k, Said(Source.SUMMARY, self.file, n)) for k, n in self.lines.items() if k in given)

    def player_result(self, values: dict[str, object], lines: dict[str, int]) -> PlayerResult:
        """A player's result of the ``values`` read, each given field with the line that gave it."""
        said = tuple((k, Said(Source.SUMMARY, self.file, n)) for k, n in lines.items() if values.get(k) is not None)
        return PlayerResult(**values, said=said)  # type: ignore[arg-type]

    def tournament_result(self, site: str, tid: str, players: Iterable[PlayerResult]) -> TournamentResult:
        """The summary's result: the tournament's fields read, each with its line, and its players'."""
        return TournamentResult(
            site,
            tid,
            Said(Source.SUMMARY, self.file, self.first),
            players=tuple(players),
            said=self.said(),
            **self.values,  # type: ignore[arg-type]
        )


def read_summary_lines(
    lines: Iterable[str],
    source_file: str,
    start: Callable[[str, int], SummaryReader | ParseError | None],
    not_summary: tuple[str, str],
) -> Iterator[TournamentResult | ParseError]:
    """Every summary of a file's lines. ``start(line, no)`` is a reader when the line is a summary's
    header, a ParseError when it is a header that cannot be read, None otherwise. Lines before the
    first header must be blank: else the file is no summary (``not_summary``: the message and what
    was expected), one ParseError at that line and nothing more."""
    reader: SummaryReader | None = None
    broken = False
    no = 0
    for no, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n").lstrip("\ufeff")
        begun = start(line, no)
        if begun is not None:
            if reader is not None and not broken:
                yield _finish(reader, no - 1)
            if isinstance(begun, ParseError):
                reader, broken = None, True  # its lines are skipped up to the next header
                yield begun
            else:
                reader, broken = begun, False
            continue
        if reader is None:
            if line.strip() and not broken:
                message, expected = not_summary
                yield ParseError(source_file, no, line if line.isprintable() else "(binary data)", expected, message)
                return
            continue
        if broken:
            continue
        try:
            reader.read(no, line)
        except ParseError as err:
            broken = True
            yield err
    if reader is not None and not broken:
        yield _finish(reader, no)


def _finish(reader: SummaryReader, last: int) -> TournamentResult | ParseError:
    try:
        return reader.result(last)
    except ParseError as err:
        return err
