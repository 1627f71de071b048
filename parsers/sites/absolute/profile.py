"""The rules Absolute's real hands measured: `Total Pot` includes the rake, taken from the main pot; no
uncalled-bet line is known, so an unmatched bet goes back without one (`uncalled_printed=False`). Every
switch they could not tell is the online convention (:func:`~studbook.engine.profiles.online`). The
evidence, hand by hand: NOTES.md beside this file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "absolute",
    rake_from=RakeFrom.MAIN_POT,
    uncalled_printed=False,
)
