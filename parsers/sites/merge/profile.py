"""The rules Merge's real hands measured: the odd chip of a hi/lo split goes high; no raked hand has side pots,
so the rake is taken in proportion, as PokerStars does. Every switch they could not tell is the online
convention (:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md beside this
file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "merge",
    rake_from=RakeFrom.PROPORTIONAL,
)
