"""Full Tilt's words, spelled once for its reader and its writer: the games' names and
the currencies' signs."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game
from ... import currencies

GAME_NAMES: Final[Mapping[Game, str]] = {
    Game.STUD: "Limit Stud Hi",
    Game.STUD8: "Limit Stud H/L",
    Game.RAZZ: "Limit Razz",
    Game.STUD5: "Limit 5 Card Stud",
}
"""Full Tilt's names of the games it dealt (the corpus's spellings); it never dealt 2-7 Razz."""
GAMES_BY_NAME: Final[Mapping[str, Game]] = {
    **{name.lower(): game for game, name in GAME_NAMES.items()},
    "limit stud": Game.STUD,
    "limit 7 card stud": Game.STUD,
    "limit stud hi/lo": Game.STUD8,
    "limit 7 card stud hi/lo": Game.STUD8,
}
"""The names read, in lower case: the written ones and the other spellings Full Tilt used."""

SIGNS: Final[Mapping[str, str]] = currencies.SIGNS
"""Each currency's sign before a cash amount: the signs every site shares."""
CURRENCY_OF_SIGN: Final[Mapping[str, str]] = currencies.CURRENCY_OF_SIGN
"""Each sign's currency, as the reader reads it."""
