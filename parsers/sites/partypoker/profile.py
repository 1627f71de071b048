"""The rules partypoker's real hands measured: no rake line, no total, no uncalled-bet line: a `wins` line is
the pot less the rake (`rake_printed=False`, `uncalled_printed=False`). Every switch they could not tell is
the online convention (:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md
beside this file."""

from __future__ import annotations

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "partypoker",
    rake_from=RakeFrom.MAIN_POT,
    rake_printed=False,
    uncalled_printed=False,
)
