"""The rules ACR's real hands measured: the total pot is printed after the rake and jackpot fee
(`total_includes_rake=False`), the rake comes from the main pot, and the odd chip of a hi/lo split goes to the low
half."""

from ....engine.model import Half
from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "acr",
    rake_from=RakeFrom.MAIN_POT,
    total_includes_rake=False,
    hilo_odd_chip=Half.LOW,
)
