"""The rules PokerStars's real hands measured: the rake is taken from every pot in proportion (hand 60974484959) and
`Total pot` includes it; the cap holds heads-up; the odd chip of a hi/lo split goes high (hand 35874576282)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "pokerstars",
    rake_from=RakeFrom.PROPORTIONAL,
)
