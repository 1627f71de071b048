"""The rules iPoker's real hands measured: the rake is inside the pot the players' totals imply; no raked hand
has side pots, so it is taken in proportion, as PokerStars does. Every switch they could not tell is the
online convention (:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md beside
this file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "ipoker",
    rake_from=RakeFrom.PROPORTIONAL,
)
