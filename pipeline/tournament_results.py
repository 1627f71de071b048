"""The tournament results a file tells, gathered while its hands are read: a summary file's results,
the result lines of its hands (those of hands studbook does not read too), and each hand's header,
each with its origin (:mod:`studbook.analytics.tournament_store`).

Why gathered beside the hands and not by a second reading of the file: the hands are parsed already,
and their skipped lines hold the result lines. Only a hand that is not read (a hold'em hand ending a
mixed tournament) has no lines kept: those hands' text is read again, and only in a file that has one
from a site that prints results in hands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..analytics.rows import hand_id
from ..engine.model import Hand
from ..parsers.errors import NotStudHand, ParseError
from ..parsers.reading import read_lines, split_hands
from ..parsers.registry import SITES_BY_ID
from ..parsers.tournament_sites import read_summary_file, result_site_ids, results_of, results_of_text
from ..parsers.tournaments import TournamentResult, from_header

__all__ = ["Told", "TournamentsTold"]

Told = tuple[str, TournamentResult]
"""A result and its origin: what names its source once, however many files repeat it."""


class TournamentsTold:
    """The results of one file (or one piece of it), in file order (``told``), and the lines of them
    that could not be read (``errors``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.told: list[Told] = []
        self.errors: list[ParseError] = []
        self._headers: set[tuple[object, ...]] = set()
        self._unread: dict[str, set[int]] = {}

    def summary(self) -> bool:
        """Read the file as a tournament summary; False when it is none (then it holds hands)."""
        found = read_summary_file(str(self.path))
        if found is None:
            return False
        for item in found:
            if isinstance(item, ParseError):
                self.errors.append(item)
            else:
                self.told.append((f"summary:{self.path}", item))
        return True

    def hand(self, hand: Hand) -> None:
        """A hand's header (once for each set of values it prints in this file) and its result lines."""
        t = hand.tournament
        if t is None:
            return
        printed = (hand.site, t.tournament_id, hand.game, hand.mixed, t.currency, t.buy_in, t.fee, hand.play_money)
        if printed not in self._headers:  # every hand prints it: read once a file
            self._headers.add(printed)
            header = from_header(hand)
            assert header is not None
            origin = (header.game, header.mixed, header.currency, header.buy_in, header.fee)
            self.told.append(("header:" + "/".join(map(str, origin)), header))
        lines = results_of(hand)
        if isinstance(lines, ParseError):
            self.errors.append(lines)
        elif lines is not None:
            self.told.append((hand_id(hand), lines))

    def not_read(self, hand: NotStudHand) -> None:
        """A hand the reader skipped: its result lines are read at :meth:`finish`."""
        if hand.site in result_site_ids():
            self._unread.setdefault(hand.site, set()).add(hand.line)

    def finish(self, lines: Iterable[str] | None = None, first_line: int = 1) -> None:
        """Read the result lines of the hands skipped unread, from ``lines`` (the piece's, starting at
        file line ``first_line``) or the whole file."""
        for site, starts in self._unread.items():
            text = read_lines(self.path) if lines is None else lines
            for block in split_hands(text, SITES_BY_ID[site].starts_hand, first_line):
                if block.start_line not in starts:
                    continue
                found = results_of_text(site, block, str(self.path))
                if isinstance(found, ParseError):
                    self.errors.append(found)
                elif found is not None:
                    self.told.append((f"text:{block.lines[0]}", found))
        self._unread = {}
