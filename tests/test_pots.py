"""Pots: side pots from contributions, rake placement, hi/lo halves, quartering and odd chips."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from studbook.engine.cards import parse_cards
from studbook.engine.model import Game, Half, Pot
from studbook.engine.pots import build_pots, distribute_pot, pot_index, share, split_halves, split_rake
from studbook.engine.profiles import PROFILES, RakeFrom, get_profile

contributions = st.dictionaries(st.integers(1, 8), st.integers(0, 500), min_size=2, max_size=8)


@given(contributions, st.data())
def test_pots_hold_every_chip_and_only_live_players_can_win(invested: dict[int, int], data: st.DataObject) -> None:
    seats = sorted(invested)
    folded = set(data.draw(st.lists(st.sampled_from(seats), max_size=len(seats) - 1, unique=True)))
    pots = build_pots(invested, folded)
    assert sum(p.amount for p in pots) == sum(invested.values())
    assert [p.index for p in pots] == list(range(len(pots)))
    for pot in pots:
        assert not set(pot.eligible) & folded
    for lower, upper in zip(pots, pots[1:]):
        assert set(upper.eligible) < set(lower.eligible)  # each side pot: a strict subset of the one below


def test_a_slice_only_folded_players_reached_merges_into_the_pot_below() -> None:
    # Cid all-in for 10; Ann and Bob put in 30, Bob folded: the slice 10..30 is Ann's alone
    pots = build_pots({1: 30, 2: 30, 3: 10}, folded={2})
    assert pots == (Pot(0, 30, (1, 3)), Pot(1, 40, (1,)))
    assert build_pots({1: 30, 2: 50, 3: 30}, folded={2}) == (Pot(0, 110, (1, 3)),)


@given(st.lists(st.integers(0, 300), min_size=1, max_size=4), st.integers(0, 40),
       st.sampled_from(list(RakeFrom)))
def test_rake_shares_add_up(amounts: list[int], rake: int, rule: RakeFrom) -> None:
    pots = [Pot(i, a, (1, 2)) for i, a in enumerate(amounts)]
    shares = split_rake(pots, rake, rule)
    assert sum(shares) == rake and all(s >= 0 for s in shares)


def test_pokerstars_rake_is_proportional_to_the_pots() -> None:
    # hand 60974484959: pots 0.44 and 0.64, rake 0.05, printed after rake as 0.42 and 0.61
    assert split_rake([Pot(0, 44, (1, 2, 3)), Pot(1, 64, (1, 2))], 5, RakeFrom.PROPORTIONAL) == (2, 3)
    assert split_rake([Pot(0, 44, (1, 2, 3)), Pot(1, 64, (1, 2))], 5, RakeFrom.MAIN_POT) == (5, 0)


@given(st.integers(0, 10_000))
def test_halves_sum_to_the_pot_and_the_odd_chip_goes_high(amount: int) -> None:
    high, low = split_halves(amount)
    assert high + low == amount and high - low in (0, 1)


@given(st.integers(0, 10_000), st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True))
def test_shares_are_even_and_odd_chips_go_first_in_order(amount: int, winners: list[int]) -> None:
    paid = share(amount, winners)
    assert sum(paid.values()) == amount
    amounts = [paid[s] for s in winners]
    assert amounts == sorted(amounts, reverse=True) and amounts[0] - amounts[-1] <= 1


def hands(**cards: str) -> dict[int, tuple]:
    return {int(seat[1:]): parse_cards(text) for seat, text in cards.items()}


def label(seat: int) -> str:
    return f"Seat {seat}"


PS = get_profile("pokerstars")


def test_stud8_quartering_a_tied_low_gets_a_quarter_each() -> None:
    # two identical wheels tie the low; seat 3's flush wins the high
    held = hands(s1="Ac 2d 3h 4s 5c Kd Kh", s2="As 2c 3d 4h 5d Qc Qh", s3="6h 9h Jh Th 2h 8c 8d")
    result = distribute_pot(Pot(0, 100, (1, 2, 3)), 0, Game.STUD8, held, (), PS, label)
    paid = {(a.seat, a.half): a.amount for a in result.awards}
    assert paid == {(3, Half.HIGH): 50, (1, Half.LOW): 25, (2, Half.LOW): 25}


def test_stud8_with_no_qualifying_low_pays_the_high_the_whole_pot() -> None:
    held = hands(s1="Ac Ad 9h 9s Tc Kd Qh", s2="As Kc Kd 4h 9d Qc Jh")
    result = distribute_pot(Pot(0, 101, (1, 2)), 1, Game.STUD8, held, (), PS, label)
    assert [(a.seat, a.half, a.amount) for a in result.awards] == [(1, Half.WHOLE, 100)]


def test_odd_chips_between_tied_hands_follow_the_profile() -> None:
    # same straight, 9-high, for seats 2 and 5; seat 2 holds the highest card by suit overall (As),
    # seat 5 the highest among the five played (9s against 9d)
    held = hands(s2="5c 6d 7h 8c 9d As 2c", s5="5d 6h 7c 8d 9s Kc 3d")
    pot = Pot(0, 101, (2, 5))
    paid = {name: {a.seat: a.amount for a in distribute_pot(pot, 0, Game.STUD, held, (), p, label).awards}
            for name, p in PROFILES.items()}
    assert paid["pokerstars"] == {2: 51, 5: 50}  # first seat
    assert paid["rrop"] == {2: 51, 5: 50}  # As is the highest card of all seven
    assert paid["wsop-cash"] == {2: 50, 5: 51}  # 9s is the highest card of the five played


def test_razz_pays_the_lowest_hand() -> None:
    held = hands(s1="Ac 2d 3h 4s 6c Kd Kh", s4="Ad 2c 3d 4h 5d Qc Qh")
    result = distribute_pot(Pot(0, 40, (1, 4)), 0, Game.RAZZ, held, (), PS, label)
    assert [(a.seat, a.amount) for a in result.awards] == [(4, 40)]
    assert "5,4,3,2,A" in result.reason


def test_unknown_cards_leave_the_pot_to_the_site_and_a_mucked_hand_concedes() -> None:
    held = {1: parse_cards("Ac 2d 3h 4s 6c Kd Kh"), 2: None}
    assert not distribute_pot(Pot(0, 40, (1, 2)), 0, Game.STUD, held, (), PS, label).judged
    conceded = distribute_pot(Pot(0, 40, (1, 2)), 0, Game.STUD, held, {2}, PS, label)
    assert conceded.judged and [(a.seat, a.amount) for a in conceded.awards] == [(1, 40)]


def test_pot_labels() -> None:
    assert [pot_index(x) for x in ("pot", "main pot", "side pot", "side pot-2", "Side pot-3")] == [0, 0, 1, 2, 3]
