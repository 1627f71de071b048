"""KingsClub's words, spelled once for its reader and its writer: the games' names, and the zone its
printed times are in (NOTES.md, "Start times")."""

from __future__ import annotations

from typing import Final, Mapping

from ....engine.model import Game

GAME_NAMES: Final[Mapping[Game, str]] = {
    Game.STUD: "Seven Card Stud",
    Game.STUD8: "Seven Card Stud Hi-Lo",
    Game.RAZZ: "Razz",
    Game.RAZZ27: "2-7 Razz",
}
GAMES_BY_NAME: Final[Mapping[str, Game]] = {name: game for game, name in GAME_NAMES.items()}

LOCAL_ZONE: Final = "America/New_York"
"""The zone of the times KingsClub prints without one: its reader's ``Site.local_zone``, and the clock
its writer prints on."""
