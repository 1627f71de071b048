"""PokerStars' words, spelled once for its reader and its writer: the games' names, the betting
notes' lines, the currencies' signs and the streets' headers."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import STREET_NAMES, Game
from ... import currencies

GAME_NAMES: Final[Mapping[Game, str]] = {
    Game.STUD: "7 Card Stud",
    Game.STUD8: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
    Game.STUD5: "5 Card Stud",
    Game.RAZZ27: "2-7 Razz",
}
"""PokerStars' names; it never dealt Five Card Stud or 2-7 Razz, so those two are the games' usual names
in its style, which the reader reads back."""
GAMES_BY_NAME: Final[Mapping[str, Game]] = {name.lower(): game for game, name in GAME_NAMES.items()}
"""The games by their names in lower case: the reader matches a header's game whatever its case (the
PokerTracker re-export prints it upper-case)."""

MARKER_TEXT: Final[Mapping[str, str]] = {
    "double-bet": "Pair on board - a double bet is allowed",
    "capped": "Betting is capped",
    "no-low": "No low hand qualified",
}
"""Each betting note's line."""
BETTING_MARKERS: Final[Mapping[str, str]] = {MARKER_TEXT[kind]: kind for kind in ("double-bet", "capped")}
"""The notes printed among a street's bets, by their line (no low is printed at the showdown)."""

SIGNS: Final[Mapping[str, str]] = currencies.SIGNS
"""Each currency's sign before a cash amount: the signs every site shares."""
CURRENCY_OF_SIGN: Final[Mapping[str, str]] = currencies.CURRENCY_OF_SIGN
"""Each sign's currency, as the reader reads it."""
STREET_HEADERS: Final[Mapping[int, str]] = {
    n: "*** RIVER ***" if n == 7 else f"*** {name} STREET ***" for n, name in STREET_NAMES.items()
}
"""Every game's street headers: the seven-card games' 3rd to RIVER, Five Card Stud's 2nd to 5th."""
