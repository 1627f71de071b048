"""The rules Merge's real hands measured: the odd chip of a hi/lo split goes high; no raked hand has side pots, so the
rake is taken in proportion, as PokerStars does."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "merge",
    rake_from=RakeFrom.PROPORTIONAL,
)
