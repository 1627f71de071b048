"""The rules Full Tilt's real hands measured: the rake comes from the main pot, and the summary lists the pots before
rake with a total that includes it (hand 29705138396)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "fulltilt",
    rake_from=RakeFrom.MAIN_POT,
    total_includes_rake=True,
    pots_include_rake=True,
)
