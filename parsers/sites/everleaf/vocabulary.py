"""Everleaf's words, spelled once for its reader and its writer: the games' names, the currencies'
signs and the streets' words."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game

GAME_NAMES: Final[Mapping[Game, str]] = {Game.STUD: "7 Card Stud", Game.STUD8: "7 Card Stud Hi/Lo", Game.RAZZ: "Razz"}
"""The corpus shows only ``7 Card Stud``; the other two are the names Everleaf's lobby gave them."""
GAMES_BY_NAME: Final[Mapping[str, Game]] = {name: game for game, name in GAME_NAMES.items()}

CURRENCIES: Final[Mapping[str, tuple[str, str]]] = {"USD": ("$", "USD"), "EUR": ("€", "EURO")}
"""Each currency's sign and the code a bracketed amount ends with (``[€ 0.05 EURO]``)."""
MISPRINTED_EURO: Final = "ˆ"
"""The sign some 2012 files print for the euro: the cp1252 byte 0x88 where 0x80 belongs."""
CURRENCY_OF_SIGN: Final[Mapping[str, str]] = {
    **{sign: currency for currency, (sign, _) in CURRENCIES.items()},
    MISPRINTED_EURO: "EUR",
}
STREET_WORDS: Final[Mapping[int, str]] = {4: "4th", 5: "5th", 6: "6th", 7: "River"}
"""Each later street's word in its line (``** Dealing 4th Street **`` ... ``** Dealing River **``); 3rd street
is ``** Dealing down cards **``."""
