"""PartyPoker's words, spelled once for its reader and its writer: the games' names and
the streets' words."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game

GAME_NAMES: Final[Mapping[Game, str]] = {Game.STUD: "7 Card Stud", Game.STUD8: "7 Card Stud Hi-Lo", Game.RAZZ: "Razz"}
GAMES_BY_NAME: Final[Mapping[str, Game]] = {
    **{name: game for game, name in GAME_NAMES.items()},
    "7 Card Stud Hi/Lo": Game.STUD8,
}
"""The names read: the written ones and the ``Hi/Lo`` spelling of some clients."""
STREET_WORDS: Final[Mapping[int, str]] = {4: "Fourth", 5: "Fifth", 6: "Sixth", 7: "River"}
"""Each later street's word in its line (``** Dealing Fourth street **`` ... ``** Dealing River **``); 3rd
street is ``** Dealing **``."""
