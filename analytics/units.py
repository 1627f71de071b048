"""The unit an amount is counted in, so that no sum, table or chart adds one unit to another.

A hand's amounts are in one of: a currency of cash games (``USD``, ``EUR`` ...: real money), tournament
chips (``chips``: worth nothing outside their tournament) or play money (``play``: the free chips of a
play-money table). Two units never add up: a dollar is not a chip, and a play chip is not a dollar.
Every query that sums money groups by :data:`UNIT_SQL` (as the ``currency`` column, which is what the
breakdowns and the stored rollup call it), and every amount shown goes through :func:`format_amount`,
which names the unit beside it. Big bets are the one measure that crosses units (BB/100 is a ratio);
where a table shows it for several units together, it says so.

Why tournament chips of a play-money tournament are ``chips``, not ``play``: they are a tournament's
chips, restarted at every tournament, like those of any other; ``play`` is the play-money bankroll a
play-money cash table deals in. Amounts are stored in hundredths of the unit; a chip has no hundredths
(the engine's odd chip is a whole one), so chips and play are shown as whole chips.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ..engine.model import CURRENCY_SYMBOLS, format_money

CHIPS = "chips"
"""Tournament chips."""
PLAY = "play"
"""Play money (the chips of a play-money cash game)."""
UNKNOWN = "unknown currency"
"""A cash hand whose site printed no currency (nothing says which money it is)."""

UNIT_SQL = (
    f"CASE WHEN h.tournament_id IS NOT NULL THEN '{CHIPS}' WHEN h.play_money THEN '{PLAY}' "
    f"ELSE COALESCE(h.currency, '{UNKNOWN}') END"
)
"""The unit of a stored hand (``h`` is the ``hands`` table): its currency, ``chips`` or ``play``."""


def is_chips(unit: object) -> bool:
    """Whether ``unit`` counts chips (tournament or play), which have no hundredths to show."""
    return unit in (CHIPS, PLAY) or not isinstance(unit, str)


def format_amount(amount: int, unit: object) -> str:
    """An amount in hundredths of ``unit``, for people, with its unit: ``$1,234.56``, ``€0.10``,
    ``12.50 CAD`` (a currency without a symbol is named after it), ``1,500 chips``, ``300 play``.
    Tournament chips are whole: an amount that is not (an all-in EV, an average) is rounded to the chip;
    play money shows hundredths only where it has them (a Winamax play table's ``0.65 play``). A unit that
    is no text (a NULL of an old database) is tournament chips, as the model's ``currency`` None is."""
    if unit == PLAY:
        # play money is dealt in the site's own unit: whole chips on most sites, hundredths on Winamax
        # (its play tables print 0.01/0.05/0.10: parsers/sites/winamax/NOTES.md), so no rounding here
        return f"{format_money(int(amount))} {PLAY}"
    if is_chips(unit):
        whole = round(Fraction(int(amount), 100))
        return f"{whole:,} {CHIPS}"
    code = str(unit)
    if code in CURRENCY_SYMBOLS:
        return format_money(int(amount), code)
    return f"{format_money(int(amount), code)} {code}"


def unit_title(unit: object) -> str:
    """The heading of a unit's section: ``USD $``, ``tournament chips``, ``play money``."""
    if unit == PLAY:
        return "play money"
    if is_chips(unit):
        return "tournament chips"
    symbol = CURRENCY_SYMBOLS.get(str(unit))
    return f"{unit} {symbol}" if symbol else str(unit)


def units(column: Iterable[object]) -> list[str]:
    """A ``currency`` column of units as text (a NULL of an old database read as tournament chips)."""
    return [u if isinstance(u, str) else CHIPS for u in column]
