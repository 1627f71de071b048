"""The rules PokerStars's real hands measured: the rake is taken from every pot in proportion (hand
60974484959) and `Total pot` includes it; the cap holds heads-up; the odd chip of a hi/lo split goes high
(hand 35874576282). Every switch they could not tell is the online convention
(:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md beside this file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "pokerstars",
    rake_from=RakeFrom.PROPORTIONAL,
)
