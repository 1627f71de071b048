"""Random splits of random pots among 1-8 winners: the awards add up to the pot, and each differs from
an equal share by at most one unit of the game, in both units: a cent of a cash game (1) and a whole
chip of a tournament or play-money game (100 of the model's hundredths, ``model.CHIP``).

The odd units go one each to the first winners in the profile's order, so no two awards of a half differ
by more than one unit either, and a pot of whole units is paid in whole units.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from studbook.engine.cards import parse_cards
from studbook.engine.model import CENT, CHIP, HALF_HIGH, HALF_LOW, Game, Half, Pot, Tournament, unit_of
from studbook.engine.pots import distribute_pot, share, split_halves
from studbook.parsers.registry import get_profile

units = st.sampled_from([CENT, CHIP])
counts = st.integers(0, 10**10)
"""A pot as a number of units (the model's amount is ``count * unit``)."""
seats = st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True)


def _near_equal(awards: list[int], amount: int, unit: int) -> None:
    equal = Fraction(amount, len(awards))
    assert all(abs(a - equal) <= unit for a in awards), (awards, amount)
    assert max(awards) - min(awards) <= unit


def test_the_unit_is_a_chip_in_tournaments_and_play_money_and_a_cent_in_cash() -> None:
    assert unit_of(None, False) == CENT == 1
    assert unit_of(Tournament("1"), False) == unit_of(None, True) == CHIP == 100


@given(counts, seats, units)
def test_a_tie_pays_the_pot_in_near_equal_shares_of_whole_units(count: int, winners: list[int], unit: int) -> None:
    amount = count * unit
    paid = share(amount, winners, unit)
    assert sum(paid.values()) == amount and set(paid) == set(winners)
    assert all(a % unit == 0 for a in paid.values())
    _near_equal(list(paid.values()), amount, unit)
    odd = count % len(winners)  # the odd units go to the first winners in the order given
    assert [paid[s] for s in winners] == sorted(paid.values(), reverse=True)
    assert sum(1 for a in paid.values() if a > min(paid.values())) == odd


@given(counts, seats, seats, st.sampled_from([HALF_HIGH, HALF_LOW]), units)
def test_a_hi_lo_split_pays_the_pot_each_half_in_near_equal_shares(
    count: int, high: list[int], low: list[int], odd_to: Half, unit: int
) -> None:
    amount = count * unit
    high_half, low_half = split_halves(amount, odd_to, unit)
    assert high_half + low_half == amount and high_half % unit == low_half % unit == 0
    assert (high_half >= low_half) == (odd_to is HALF_HIGH or count % 2 == 0)
    _near_equal([high_half, low_half], amount, unit)
    highs, lows = share(high_half, high, unit), share(low_half, low, unit)
    _near_equal(list(highs.values()), high_half, unit)
    _near_equal(list(lows.values()), low_half, unit)
    per_seat = {s: highs.get(s, 0) + lows.get(s, 0) for s in {*high, *low}}
    assert sum(per_seat.values()) == amount
    for seat, got in per_seat.items():  # a scoop, a quarter, a half: each within a unit a half
        exact = (Fraction(high_half, len(high)) if seat in high else 0) + (
            Fraction(low_half, len(low)) if seat in low else 0
        )
        assert abs(got - exact) <= unit * ((seat in high) + (seat in low))


@given(st.integers(0, 10**8), seats, units)
def test_a_pot_that_is_not_whole_units_is_still_paid_in_full(amount: int, winners: list[int], unit: int) -> None:
    """A site that printed a fraction of a chip: every hundredth is paid, no award a unit from another."""
    paid = share(amount, winners, unit)
    assert sum(paid.values()) == amount
    _near_equal(list(paid.values()), amount, unit)
    high, low = split_halves(amount, HALF_HIGH, unit)
    assert high + low == amount and abs(high - low) <= unit


_SUITS = "cdhs"


@given(counts, st.integers(1, 4), st.sampled_from(["pokerstars", "rrop"]), units)
def test_the_engine_pays_tied_razz_hands_the_pot_in_near_equal_shares(
    count: int, ties: int, profile: str, unit: int
) -> None:
    """The same through the engine's pot distribution, with real tied hands (a wheel in each suit;
    a deck has four of each rank, so at most four can tie)."""
    amount = count * unit
    held = {seat: parse_cards(" ".join(f"{r}{_SUITS[seat - 1]}" for r in "A2345KQ")) for seat in range(1, ties + 1)}
    pot = Pot(0, amount, tuple(held))
    result = distribute_pot(pot, 0, Game.RAZZ, held, (), get_profile(profile), str, unit=unit)
    assert result.judged
    awards = [a.amount for a in result.awards]
    assert sum(awards) == amount and all(a % unit == 0 for a in awards)
    if amount:
        _near_equal(awards + [0] * (ties - len(awards)), amount, unit)
