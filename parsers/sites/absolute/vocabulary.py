"""Absolute Poker's words, spelled once for its reader and its writer: the games' names and
the streets' words."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game

GAME_NAMES: Final[Mapping[Game, str]] = {
    Game.STUD8: "Seven Card Hi/Lo",
    Game.STUD: "Seven Card Stud",
    Game.RAZZ: "Razz",
}
GAMES_BY_NAME: Final[Mapping[str, Game]] = {name: game for game, name in GAME_NAMES.items()}
STREET_WORDS: Final[Mapping[int, str]] = {3: "3rd", 4: "4TH", 5: "5TH", 6: "6TH", 7: "RIVER"}
"""Each street's word in its header line: ``*** 3rd STREET ***`` (the site's own case), ``*** 4TH STREET ***``
to ``*** 6TH STREET ***``, then ``*** RIVER ***``."""
