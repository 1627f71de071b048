"""OnGame's words, spelled once for its reader and its writer: the games' names, the
currencies' signs and the streets' words."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game
from ... import currencies

GAME_NAMES: Final[Mapping[Game, str]] = {
    Game.STUD: "SEVEN_CARD_STUD",
    Game.STUD8: "SEVEN_CARD_STUD_HI_LO",
    Game.RAZZ: "RAZZ",
}
GAMES_BY_NAME: Final[Mapping[str, Game]] = {name: game for game, name in GAME_NAMES.items()}

SIGNS: Final[Mapping[str, str]] = currencies.SIGNS
"""Each currency's sign before a cash amount: the signs every site shares."""
CURRENCY_OF_SIGN: Final[Mapping[str, str]] = currencies.CURRENCY_OF_SIGN
"""Each sign's currency, as the reader reads it."""
STREET_WORDS: Final[Mapping[int, str]] = {4: "4th", 5: "5th", 6: "6th", 7: "river"}
"""Each later street's word in its line (``Dealing 4th street`` ... ``Dealing river``); 3rd street is
``Dealing pocket cards``."""
