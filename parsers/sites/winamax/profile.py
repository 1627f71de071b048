"""The rules Winamax's real hands measured: `Total pot` is printed after the rake (hand 9250793-470: 460€ in, `Total pot
458€ | Rake 2€`)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "winamax",
    rake_from=RakeFrom.MAIN_POT,
    total_includes_rake=False,
)
