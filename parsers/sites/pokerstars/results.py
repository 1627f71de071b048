"""The tournament results PokerStars prints inside a hand: the lines :mod:`studbook.parsers.result_lines`
reads (finishes, prizes, re-buys, add-ons, bounties won), whose words are its client's; and the same
lines of a hand the reader does not read (a hold'em hand of a mixed tournament)."""

from __future__ import annotations

import re

from ...reading import HandText
from ...result_lines import results_from_hand, results_from_lines
from ...tournaments import TournamentResult

__all__ = ["results_from_hand", "results_from_text"]

_TOURNAMENT_HEADER = re.compile(
    r"PokerStars (?:Home Game )?Hand #\d+: (?:\{[^}]*\} )?Tournament #(?P<id>\d+), (?P<buyin>\S+)"
)


def results_from_text(block: HandText, source_file: str) -> TournamentResult | None:
    """The result lines of a hand that is not read (a hold'em or omaha hand of a mixed tournament,
    a :class:`~studbook.parsers.errors.NotStudHand`): a mixed tournament often ends on one. None for a
    cash hand or one that prints none; names are read without the seat list."""
    m = _TOURNAMENT_HEADER.match(block.lines[0]) if block.lines else None
    if m is None:
        return None
    play = not any(sign in m["buyin"] for sign in "$€£")
    numbered = ((block.start_line + i, text) for i, text in enumerate(block.lines[1:], 1))
    return results_from_lines("pokerstars", m["id"], play, numbered, source_file)
