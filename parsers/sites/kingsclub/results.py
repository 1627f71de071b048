"""The tournament results KingsClub prints inside a hand: its client prints PokerStars' lines (a finish
with its prize, the winner's ``wins the tournament and receives N - congratulations!``, bounties won),
which :mod:`studbook.parsers.result_lines` reads. ``X, Y split the N bounty for eliminating Z`` is kept
as a skipped line unread: it names the players but not the share each was paid."""

from __future__ import annotations

from ....engine.model import Hand
from ...result_lines import results_from_hand as _read
from ...tournaments import TournamentResult

__all__ = ["results_from_hand"]


def results_from_hand(hand: Hand) -> TournamentResult | None:
    """The results a tournament hand's lines give. KingsClub prints no currency anywhere, yet its
    tournaments are played for money (US dollars: NOTES.md), so prizes are hundredths as its cash amounts
    are, never whole play chips; the result's unit stays unsaid, as the hands say none."""
    return _read(hand, play_money=False)
