"""Bovada's words, spelled once for its reader and its writer: the games' names and the
streets' words."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game

GAME_NAMES: Final[Mapping[Game, str]] = {Game.STUD: "7CARD", Game.STUD8: "7CARD HiLo"}
GAMES_BY_NAME: Final[Mapping[str, Game]] = {
    **{name: game for game, name in GAME_NAMES.items()},
    "7CARD_HL": Game.STUD8,  # the other spelling of Stud Hi/Lo's name in the header
}
STREET_WORDS: Final[Mapping[int, str]] = {3: "3RD", 4: "4TH", 5: "5TH", 6: "6TH", 7: "RIVER"}
"""Each street's word in the newer hands' header lines (``*** 3RD STREET ***`` ... ``*** RIVER ***``)."""
