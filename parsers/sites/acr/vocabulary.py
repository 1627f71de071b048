"""Winning Poker Network's (ACR's) words, spelled once for its readers and its writer: the games'
names, in the format printed since 2019 and in the 2016 one, and the currencies' signs."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game
from ... import currencies

GAME_NAMES: Final[Mapping[Game, str]] = {Game.STUD: "7Stud", Game.STUD8: "7Stud H/L", Game.RAZZ: "Razz"}
"""The names the site prints since 2019 (``Razz`` unconfirmed: no Razz hand of the site was at hand)."""
GAMES_BY_NAME: Final[Mapping[str, Game]] = {name.lower(): game for game, name in GAME_NAMES.items()}
"""The same, by name in lower case, as the reader matches them."""
GAMES_BY_NAME_2016: Final[Mapping[str, Game]] = {
    "seven cards stud": Game.STUD,
    "seven cards stud hilow": Game.STUD8,
    "razz": Game.RAZZ,
}
"""The 2016 format's names, in lower case (studbook reads that format, never writes it)."""

SIGNS: Final[Mapping[str, str]] = currencies.SIGNS
"""Each currency's sign before a cash amount: the signs every site shares."""
CURRENCY_OF_SIGN: Final[Mapping[str, str]] = currencies.CURRENCY_OF_SIGN
"""Each sign's currency, as the reader reads it."""
