"""Pots: side pots from contributions, rake placement, hi/lo halves, quartering and odd chips."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_path
from handbuilder import build
from studbook.engine.cards import DECK, parse_cards
from studbook.engine.model import Collect, Game, Half, Hand, Pot
from studbook.engine.pots import build_pots, distribute, distribute_pot, pot_index, share, split_halves, split_rake
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.engine.profiles import RakeFrom
from studbook.parsers.registry import get_profile, profile_for, profiles

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


@given(st.lists(st.integers(0, 300), min_size=1, max_size=4), st.integers(0, 40), st.sampled_from(list(RakeFrom)))
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


def odd_chip_winner(game: Game, held: dict[int, tuple]) -> dict[str, int]:
    """Per profile, the tied seat paid the odd chip of a 101-chip pot (after checking it was split 51/50)."""
    pot = Pot(0, 101, tuple(sorted(held)))
    winners = {}
    for name, profile in profiles().items():
        paid = {a.seat: a.amount for a in distribute_pot(pot, 0, game, held, (), profile, label).awards}
        assert sorted(paid.values()) == [50, 51] and set(paid) == set(held), name
        winners[name] = max(paid, key=paid.__getitem__)
    return winners


def test_odd_chips_between_tied_hands_follow_the_profile() -> None:
    # same straight, 9-high, for seats 2 and 5; seat 2 holds the highest card by suit overall (As),
    # seat 5 the highest among the five played (9s against 9d)
    paid = odd_chip_winner(Game.STUD, hands(s2="5c 6d 7h 8c 9d As 2c", s5="5d 6h 7c 8d 9s Kc 3d"))
    assert paid["pokerstars"] == 2  # first seat
    assert paid["rrop"] == 2  # As is the highest card of all seven
    assert paid["wsop-cash"] == 5  # 9s is the highest card of the five played


def test_the_odd_chip_of_a_tied_low_goes_to_the_lowest_card_by_suit() -> None:
    # the same wheel for seats 1 and 2; seat 2 holds the ace of clubs, the lowest card by suit in razz
    # (seat 1 holds the highest card, Kh, which would take the chip of a tied high)
    paid = odd_chip_winner(Game.RAZZ, hands(s1="Ad 2c 3d 4h 5d Kc Kh", s2="Ac 2d 3h 4s 5c Qd Qh"))
    assert paid["pokerstars"] == 1  # first seat
    assert paid["rrop"] == paid["wsop-cash"] == 2  # Ac, among all seven and among the five


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


# ------------------------------------------------------------------- hands with some cards unknown


def test_trips_beat_a_shown_pair_whatever_the_garbled_seventh_card() -> None:
    """The shape of PokerStars hand 91733835979: seat 1's 7th card is garbled, but three aces beat
    seat 8's pair of jacks whatever it is."""
    held = {1: parse_cards("Ah 3c Ac 8h Qd As"), 8: parse_cards("9c Js Jh 5s 6d Ts 4c")}
    unseen = set(DECK) - set(held[1]) - set(held[8])
    result = distribute_pot(Pot(0, 1144, (1, 8)), 0, Game.STUD, held, (), PS, label, lambda: unseen)
    assert result.judged and [(a.seat, a.amount) for a in result.awards] == [(1, 1144)]
    assert "whatever the unknown cards" in result.reason


def test_the_unseen_cards_are_asked_for_only_when_a_contender_needs_them() -> None:
    """distribute_pot takes a function for the unseen cards (StudState.payout's works them out in a
    pass over the hand's cards): asked once, it pays as the cards themselves do (the same unseen set,
    handed over as is), and it is not called when every contender's cards are known (the seat with an
    unknown card conceded)."""
    held = {1: parse_cards("Ah 3c Ac 8h Qd As"), 8: parse_cards("9c Js Jh 5s 6d Ts 4c")}
    unseen = set(DECK) - set(held[1]) - set(held[8])
    asked: list[int] = []

    def later() -> set[int]:
        asked.append(1)
        return unseen

    pot = Pot(0, 1144, (1, 8))
    eager = distribute_pot(pot, 0, Game.STUD, held, (), PS, label, lambda: unseen)
    lazy = distribute_pot(pot, 0, Game.STUD, held, (), PS, label, later)
    assert (lazy.awards, lazy.judged, lazy.reason) == (eager.awards, eager.judged, eager.reason) and asked == [1]
    conceded = distribute_pot(pot, 0, Game.STUD, held, {1}, PS, label, later)
    assert [(a.seat, a.amount) for a in conceded.awards] == [(8, 1144)] and asked == [1]


def test_distribute_works_the_unseen_cards_out_once_for_all_its_pots() -> None:
    """A main pot and a side pot both contested by a seat with a garbled card: each needs the unseen
    cards, which are worked out once; when no pot needs them (every contender's cards known), never."""
    held = {
        1: parse_cards("Ah 3c Ac 8h Qd As"),
        5: parse_cards("2d 2c Kh Kd 7h 7c 3s"),
        8: parse_cards("9c Js Jh 5s 6d Ts 4c"),
    }
    unseen = set(DECK) - {c for cards in held.values() for c in cards}
    asked: list[int] = []

    def later() -> set[int]:
        asked.append(1)
        return unseen

    pots = (Pot(0, 300, (1, 5, 8)), Pot(1, 200, (1, 8)))
    results = distribute(pots, (0, 0), Game.STUD, held, (), PS, label, later)
    assert [[(a.seat, a.amount) for a in r.awards] for r in results] == [[(1, 300)], [(1, 200)]]
    assert all(r.judged for r in results) and asked == [1]
    known = {5: held[5], 8: held[8]}
    results = distribute((Pot(0, 300, (5, 8)),), (0,), Game.STUD, known, (), PS, label, later)
    assert [(a.seat, a.amount) for a in results[0].awards] == [(5, 300)] and asked == [1]


def test_an_unknown_card_that_could_change_the_winner_leaves_the_pot_to_the_site() -> None:
    # seat 1 has four hearts and an unknown card: a heart makes the flush that beats seat 2's trips
    held = {1: parse_cards("2h 5h 9h Kh 3c 7d"), 2: parse_cards("Qc Qd Qs 4c 6s 8s Jd")}
    unseen = set(DECK) - set(held[1]) - set(held[2])
    result = distribute_pot(Pot(0, 100, (1, 2)), 0, Game.STUD, held, (), PS, label, lambda: unseen)
    assert not result.judged and result.awards == ()


def test_a_stud8_low_that_may_not_qualify_leaves_the_pot_to_the_site() -> None:
    # seat 1: A-2-3-4 and an unknown card, which makes a low or not; seat 2 has no low
    held = {1: parse_cards("Ac 2d 3h 4s Kd Kh"), 2: parse_cards("Qc Qd Qs 9c Ts Jd Jc")}
    unseen = set(DECK) - set(held[1]) - set(held[2])
    assert not distribute_pot(Pot(0, 100, (1, 2)), 0, Game.STUD8, held, (), PS, label, lambda: unseen).judged


def _payout(result) -> dict[tuple[int, Half], int]:
    return {(a.seat, a.half): a.amount for a in result.awards}


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([Game.STUD, Game.STUD8, Game.RAZZ]),
    st.integers(2, 4),
    st.randoms(use_true_random=False),
    st.sampled_from(sorted(profiles())),
    st.integers(21, 400),
)
def test_a_pot_judged_despite_unknown_cards_pays_as_every_completion_would(
    game: Game, players: int, rng: random.Random, profile: str, amount: int
) -> None:
    """Deal full hands, hide one or two cards of some contenders: whenever the pot is still judged, its
    payout is that of the real hands and of other ways the hidden cards could have fallen."""
    deck = list(DECK)
    rng.shuffle(deck)
    full = {seat: tuple(deck[7 * i : 7 * i + 7]) for i, seat in enumerate(range(1, players + 1))}
    rest = deck[7 * players :]
    held = {seat: cards[: 7 - rng.choice((0, 0, 1, 2))] for seat, cards in full.items()}
    hidden = [c for seat in full for c in full[seat][len(held[seat]) :]]
    unseen = set(rest) | set(hidden)
    pot, rules = Pot(0, amount, tuple(full)), profiles()[profile]
    result = distribute_pot(pot, 0, game, held, (), rules, label, lambda: unseen)
    truth = distribute_pot(pot, 0, game, full, (), rules, label)
    if not result.judged:
        assert any(len(h) < 7 for h in held.values())
        return
    assert _payout(result) == _payout(truth)
    for _ in range(5):  # other deals of the hidden cards
        pool = list(unseen)
        rng.shuffle(pool)
        other = {seat: held[seat] + tuple(pool.pop() for _ in range(7 - len(held[seat]))) for seat in held}
        assert _payout(distribute_pot(pot, 0, game, other, (), rules, label)) == _payout(result)


GARBLED_SEVENTH = """
    stud 250/500 ante 50 total 400 rake 0
    seat 1 Ann 6920
    seat 8 Bob 200
    antes
    3rd 1:Ah 3c Ac 8:Jh
    8 bring-in 75
    1 raise 175 to 250
    8 call 75 allin
    uncalled 1 100
    4th 1:8h 8:5s
    5th 1:Qd 8:6d
    6th 1:As 8:Ts
    7th 8 1
    warn 'of' is not a card
    show 1 Ah 3c Ac
    show 8 9c Js Jh 5s 6d Ts 4c
    collect {winner} 400
"""


def test_the_replay_judges_a_pot_a_garbled_card_cannot_change() -> None:
    assert [v.rule for v in replay(build(GARBLED_SEVENTH.format(winner=1)), PS).violations] == ["cards.garbled"]
    wrong = replay(build(GARBLED_SEVENTH.format(winner=8)), PS).violations
    assert sorted((v.rule, v.seat) for v in wrong) == [("cards.garbled", None), ("pot.winner", 1), ("pot.winner", 8)]


def test_the_real_garbled_hand_is_judged_so_a_wrong_payee_would_be_caught() -> None:
    """PokerStars hand 91733835979 itself: the site paid the trip aces, which is right; had it paid the
    pair of jacks, the replay would say so despite the garbled card."""
    hand = next(iter(parse_file(corpus_path("fpdb", "Stars", "Triple-Stud-USD-2.00-0.20-MTT-201301.txt"))))
    assert isinstance(hand, Hand) and hand.site_hand_id == "91733835979"
    assert [v.rule for v in replay(hand, profile_for(hand)).violations] == ["cards.garbled"]
    collect = next(e for e in hand.events if isinstance(e, Collect))
    loser = next(s for s in replay(hand, profile_for(hand)).showdown if s != collect.seat)
    swapped = tuple(dataclasses.replace(e, seat=loser) if e is collect else e for e in hand.events)
    rules = [v.rule for v in replay(dataclasses.replace(hand, events=swapped), profile_for(hand)).violations]
    assert rules.count("pot.winner") == 2
