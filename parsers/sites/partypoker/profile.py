"""The rules partypoker's real hands measured: no rake line, no total, no uncalled-bet line: a `wins` line is the pot
less the rake (`rake_printed=False`, `uncalled_printed=False`)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "partypoker",
    rake_from=RakeFrom.MAIN_POT,
    rake_printed=False,
    uncalled_printed=False,
)
