"""The rules Bovada's real hands measured: `Total Pot` includes the rake; a hand printing none paid what its payout
leaves (hand 2844383701: `rake_printed=False`)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "bovada",
    rake_from=RakeFrom.PROPORTIONAL,
    rake_printed=False,
)
