"""The bounds every site's numbers must respect to be stored: amounts and seat numbers.

A number a parser reads goes into a fixed-width column (amounts: BIGINT hundredths; seats: INTEGER) and
into sums (a pot, a player's total across a session). Python's ints never overflow, so a garbled or
hostile ``$100000000000000000000`` would pass the parser and the engine and fail only when the rows are
converted to Arrow, taking the other hands of its chunk down with it. Every parser checks
its numbers against these bounds instead and reports the hand as a :class:`ParseError` at its line.
"""

from __future__ import annotations

MAX_AMOUNT = 10**15
"""The largest amount studbook reads, in hundredths: ten trillion units of the printed currency or chips.

Why this bound and not the int64 limit (about 9.2 * 10**18 hundredths): an amount is added to others —
a pot is the sum of every player's chips, a session the sum of its pots — and each sum must fit the
store's BIGINT too. With every amount at most 10**15, any sum of up to 9,000 amounts fits int64, which
covers every pot and every hand (a few dozen amounts). No real stack, bet or buy-in comes near it: the
largest tournament stacks are in the billions of chips (10**11 hundredths)."""

MAX_SEAT = 100
"""The highest seat number a table can print: stud tables seat at most eight, but sites number seats
up to 10 and home games up to a few dozen; beyond 100 the number is garbled, not a seat."""


def amount_problem(cents: int) -> str | None:
    """Why ``cents`` (hundredths, already read) cannot be an amount, or None when it can."""
    if cents > MAX_AMOUNT:
        return f"the amount {cents / 100:,.0f} is beyond any real stake (studbook reads amounts up to {MAX_AMOUNT // 100:,})"
    return None


def seat_problem(seat: int) -> str | None:
    """Why ``seat`` cannot be a seat number, or None when it can."""
    if not 1 <= seat <= MAX_SEAT:
        return f"seat number {seat} is not a seat (seats are numbered 1 to {MAX_SEAT} at most)"
    return None
