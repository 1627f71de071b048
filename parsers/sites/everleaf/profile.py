"""The rules Everleaf's real hands measured: no rake line, no total and no uncalled-bet line: the rake is what the
payout leaves (`rake_printed=False`) and a bet nobody called goes back without a line (`uncalled_printed=False`)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "everleaf",
    rake_from=RakeFrom.MAIN_POT,
    rake_printed=False,
    uncalled_printed=False,
)
