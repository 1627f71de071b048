"""The rules ACR's real hands measured: the total pot is printed after the rake and jackpot fee
(`total_includes_rake=False`), the rake comes from the main pot, and the odd chip of a hi/lo split goes to
the low half. Every switch they could not tell is the online convention
(:func:`~studbook.engine.profiles.online`). The evidence, hand by hand: NOTES.md beside this file."""

from __future__ import annotations

from ....engine.model import Half
from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "acr",
    rake_from=RakeFrom.MAIN_POT,
    total_includes_rake=False,
    hilo_odd_chip=Half.LOW,
)
