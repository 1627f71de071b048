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
play-money cash table deals in. Amounts are stored in the game's smallest unit: cents of a currency,
whole chips of tournament chips and play money (``hands.per_unit``, 100 or 1); :func:`per_unit` says
which for a unit. Winamax's play tables deal hundredths of a play chip, a unit of its own
(``play cents``), so that no sum adds them to the whole play chips of another site.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ..engine.model import CURRENCY_SYMBOLS, HUNDREDTHS, format_money

CHIPS = "chips"
"""Tournament chips."""
PLAY = "play"
"""Play money (the chips of a play-money cash game)."""
PLAY_CENTS = "play cents"
"""Play money dealt in hundredths of a chip (Winamax's play tables: parsers/sites/winamax/NOTES.md)."""
UNKNOWN = "unknown currency"
"""A cash hand whose site printed no currency (nothing says which money it is)."""

UNIT_SQL = (
    f"CASE WHEN h.tournament_id IS NOT NULL THEN '{CHIPS}' "
    f"WHEN h.play_money AND h.per_unit = 1 THEN '{PLAY}' WHEN h.play_money THEN '{PLAY_CENTS}' "
    f"ELSE COALESCE(h.currency, '{UNKNOWN}') END"
)
"""The unit of a stored hand (``h`` is the ``hands`` table): its currency, ``chips``, ``play`` or
``play cents``."""


def is_chips(unit: object) -> bool:
    """Whether ``unit`` counts chips (tournament or play money) rather than a currency."""
    return unit in (CHIPS, PLAY, PLAY_CENTS) or not isinstance(unit, str)


def per_unit(unit: object) -> int:
    """How many stored amounts of ``unit`` make one of it: 1 for whole chips (tournament chips, play
    money), 100 for a currency's cents and for ``play cents``."""
    return 1 if is_chips(unit) and unit != PLAY_CENTS else HUNDREDTHS


def format_stake(amount: int, unit: object) -> str:
    """A stake as the sites print it, no unit named: ``$1``, ``€0.10``, ``20`` (chips), ``0.05`` (play
    cents)."""
    return format_money(int(amount), None if is_chips(unit) else str(unit), per_unit(unit))


def format_amount(amount: float, unit: object) -> str:
    """An amount of ``unit`` as stored (:func:`per_unit`), for people, with its unit: ``$1,234.56``,
    ``€0.10``, ``12.50 CAD`` (a currency without a symbol is named after it), ``1,500 chips``, ``300
    play``, ``0.65 play`` (Winamax's play cents). Chips are whole: an amount that is not (an all-in EV, an
    average) is rounded to the chip. A unit that is no text (a NULL of an old database) is tournament
    chips, as the model's ``currency`` None is."""
    if unit == PLAY_CENTS:
        return f"{format_money(int(amount))} {PLAY}"
    if is_chips(unit):
        whole = round(Fraction(amount))
        return f"{whole:,} {PLAY if unit == PLAY else CHIPS}"
    code = str(unit)
    if code in CURRENCY_SYMBOLS:
        return format_money(int(amount), code)
    return f"{format_money(int(amount), code)} {code}"


def unit_title(unit: object) -> str:
    """The heading of a unit's section: ``USD $``, ``tournament chips``, ``play money``."""
    if unit == PLAY:
        return "play money"
    if unit == PLAY_CENTS:
        return "play money in hundredths of a chip"
    if is_chips(unit):
        return "tournament chips"
    symbol = CURRENCY_SYMBOLS.get(str(unit))
    return f"{unit} {symbol}" if symbol else str(unit)


def units(column: Iterable[object]) -> list[str]:
    """A ``currency`` column of units as text (a NULL of an old database read as tournament chips)."""
    return [u if isinstance(u, str) else CHIPS for u in column]
