"""The rules Absolute's real hands measured: `Total Pot` includes the rake, taken from the main pot; no uncalled-bet
line is known, so an unmatched bet goes back without one (`uncalled_printed=False`)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "absolute",
    rake_from=RakeFrom.MAIN_POT,
    uncalled_printed=False,
)
