"""The rules KingsClub's real hands measured: the rake is printed beside the pot line (no line, no rake); which
pot pays it is not measured (the main pot). Every switch they could not tell is the online convention
(:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md beside this file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "kingsclub",
    rake_from=RakeFrom.MAIN_POT,
)
