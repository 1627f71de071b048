"""The currency signs sites print beside an amount, both ways round.

Why one place: every site that marks cash with a sign uses these (``$``, ``€``, ``£``, and PokerStars'
``₹`` and ``¥``); the engine's
``CURRENCY_SYMBOLS`` spells them for writing, and a reader that meets a sign looks it up here the other
way round, so a sign is spelled once for reading and writing alike. A site with a sign or a code of its
own (Everleaf's ``EURO``) keeps it in its folder's ``vocabulary.py``.
"""

from __future__ import annotations

from typing import Final, Mapping

from ..engine.model import CURRENCY_SYMBOLS

SIGNS: Final[Mapping[str, str]] = CURRENCY_SYMBOLS
"""Each currency code's sign (``USD`` -> ``$``)."""
CURRENCY_OF_SIGN: Final[Mapping[str, str]] = {sign: code for code, sign in CURRENCY_SYMBOLS.items()}
"""Each sign's currency code (``€`` -> ``EUR``)."""
SIGN: Final[str] = "[" + "".join(CURRENCY_SYMBOLS.values()) + "]"
"""A regex character class of the signs, for the patterns that read an amount outside a grammar (the
grammars' line patterns spell the signs their site prints)."""
