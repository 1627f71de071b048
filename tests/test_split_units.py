"""Random splits of random pots among 1-8 winners: the awards add up to the pot, and each differs from
an equal share by at most one unit of the game. The model's amounts are in that unit (a cent of a cash
game, a whole chip of a tournament or play-money game: ``Hand.per_unit`` says which), so the unit is 1.

The odd units go one each to the first winners in the profile's order, so no two awards of a half differ
by more than one unit either.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from studbook.engine.cards import parse_cards
from studbook.engine.model import HALF_HIGH, HALF_LOW, HUNDREDTHS, Game, Half, Hand, Pot, Tournament
from studbook.engine.pots import distribute_pot, share, split_halves
from studbook.parsers.registry import get_profile

counts = st.integers(0, 10**10)
"""A pot in units of the game."""
UNIT = 1
seats = st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True)


def _near_equal(awards: list[int], amount: int, unit: int) -> None:
    equal = Fraction(amount, len(awards))
    assert all(abs(a - equal) <= unit for a in awards), (awards, amount)
    assert max(awards) - min(awards) <= unit


def _hand(**kind: object) -> Hand:
    return Hand("pokerstars", "1", Game.STUD, 2, 4, (), (), **kind)  # type: ignore[arg-type]


def test_a_printed_unit_is_one_chip_in_tournaments_and_play_money_and_100_cents_in_cash() -> None:
    assert _hand().per_unit == _hand(currency="USD").per_unit == HUNDREDTHS == 100
    assert _hand(tournament=Tournament("1")).per_unit == _hand(play_money=True).per_unit == 1
    assert _hand(play_money=True, chip_cents=True).per_unit == 100  # Winamax's play tables deal 0.01


@given(counts, seats)
def test_a_tie_pays_the_pot_in_near_equal_shares_of_whole_units(amount: int, winners: list[int]) -> None:
    paid = share(amount, winners)
    assert sum(paid.values()) == amount and set(paid) == set(winners)
    _near_equal(list(paid.values()), amount, UNIT)
    odd = amount % len(winners)  # the odd units go to the first winners in the order given
    assert [paid[s] for s in winners] == sorted(paid.values(), reverse=True)
    assert sum(1 for a in paid.values() if a > min(paid.values())) == odd


@given(counts, seats, seats, st.sampled_from([HALF_HIGH, HALF_LOW]))
def test_a_hi_lo_split_pays_the_pot_each_half_in_near_equal_shares(
    amount: int, high: list[int], low: list[int], odd_to: Half
) -> None:
    high_half, low_half = split_halves(amount, odd_to)
    assert high_half + low_half == amount
    assert (high_half >= low_half) == (odd_to is HALF_HIGH or amount % 2 == 0)
    _near_equal([high_half, low_half], amount, UNIT)
    highs, lows = share(high_half, high), share(low_half, low)
    _near_equal(list(highs.values()), high_half, UNIT)
    _near_equal(list(lows.values()), low_half, UNIT)
    per_seat = {s: highs.get(s, 0) + lows.get(s, 0) for s in {*high, *low}}
    assert sum(per_seat.values()) == amount
    for seat, got in per_seat.items():  # a scoop, a quarter, a half: each within a unit a half
        exact = (Fraction(high_half, len(high)) if seat in high else 0) + (
            Fraction(low_half, len(low)) if seat in low else 0
        )
        assert abs(got - exact) <= UNIT * ((seat in high) + (seat in low))


_SUITS = "cdhs"


@given(counts, st.integers(1, 4), st.sampled_from(["pokerstars", "rrop"]))
def test_the_engine_pays_tied_razz_hands_the_pot_in_near_equal_shares(amount: int, ties: int, profile: str) -> None:
    """The same through the engine's pot distribution, with real tied hands (a wheel in each suit;
    a deck has four of each rank, so at most four can tie)."""
    held = {seat: parse_cards(" ".join(f"{r}{_SUITS[seat - 1]}" for r in "A2345KQ")) for seat in range(1, ties + 1)}
    pot = Pot(0, amount, tuple(held))
    result = distribute_pot(pot, 0, Game.RAZZ, held, (), get_profile(profile), str)
    assert result.judged
    awards = [a.amount for a in result.awards]
    assert sum(awards) == amount
    if amount:
        _near_equal(awards + [0] * (ties - len(awards)), amount, UNIT)
