"""The rules iPoker's real hands measured: the rake is inside the pot the players' totals imply; no raked hand has side
pots, so it is taken in proportion, as PokerStars does."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "ipoker",
    rake_from=RakeFrom.PROPORTIONAL,
)
