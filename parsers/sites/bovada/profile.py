"""The rules Bovada's real hands measured: `Total Pot` includes the rake; a hand printing none paid what its
payout leaves (hand 2844383701: `rake_printed=False`). Every switch they could not tell is the online
convention (:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md beside this
file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "bovada",
    rake_from=RakeFrom.PROPORTIONAL,
    rake_printed=False,
)
