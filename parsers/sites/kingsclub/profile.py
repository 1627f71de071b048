"""The rules KingsClub's real hands measured: the rake is printed beside the pot line (no line, no rake); which pot pays
it is not measured (the main pot)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "kingsclub",
    rake_from=RakeFrom.MAIN_POT,
)
