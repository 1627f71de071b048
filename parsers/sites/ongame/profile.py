"""The rules OnGame's real hands measured: the pot is printed before rake with the rake beside it (hand
R5-82086688-607); no bet goes uncalled in the corpus, so the silence about one is not flagged
(`uncalled_printed=False`)."""

from ....engine.profiles import RakeFrom, online

PROFILE = online(
    "ongame",
    rake_from=RakeFrom.MAIN_POT,
    uncalled_printed=False,
)
