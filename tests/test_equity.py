"""All-in equity and EV: hand-counted outs, a brute-force reference, the Monte-Carlo error bound, dead
cards, and the all-in spot read from a hand (which street, which cards, which pots)."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from handbuilder import build
from samples import ALL_IN_ON_SIXTH
from hypothesis import given, settings
from hypothesis import strategies as st

from studbook.analytics.equity import EV_COLUMNS, allin_ev, allin_spot, equity, ev_columns, hand_seed
from studbook.analytics.rows import rows_for_hand
from studbook.engine.cards import Card, parse_cards
from studbook.engine.games import RULES
from studbook.engine.model import Game
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers.registry import get_profile, profile_for

AAKK = parse_cards("Ah Ad Kc Ks 2c 7d")
HEARTS = parse_cards("9h Th Jh Qh 3c 4d")


def test_two_pair_against_a_flush_and_straight_draw_on_sixth_street_counted_by_hand() -> None:
    """40 unseen cards. The draw wins with a heart or an 8 or a K unless the two pair fills up (A or K):
    6 hearts and three 8s leave 4 of 39 filling cards (35/39); Kd leaves 3 (36/39); 8h and Kh make a
    straight flush that nothing beats (39/39)."""
    found = equity(Game.STUD, {1: AAKK, 2: HEARTS})
    draw = Fraction(9 * 35 + 36 + 2 * 39, 40 * 39)
    assert found.exact and found.outcomes == 40 * 39
    assert found.expected[2] == pytest.approx(float(draw), abs=1e-12)
    assert found.expected[1] == pytest.approx(float(1 - draw), abs=1e-12)
    assert found.stderr == {1: 0.0, 2: 0.0}


def test_dead_cards_are_not_dealt() -> None:
    """With 8c 8d 8s and Ac folded face up, the draw has 6 hearts + Kd + 8h/Kh out of 36 cards and the
    two pair fills with As, Kh, Kd only."""
    found = equity(Game.STUD, {1: AAKK, 2: HEARTS}, dead=parse_cards("8c 8d 8s Ac"))
    # Bob draws first among 36: 6 plain hearts (Ann fills with As Kh Kd: 3 of 35), Kd (As Kh: 2 of 35),
    # 8h or Kh (straight flush).
    draw = Fraction(6 * 32 + 33 + 2 * 35, 36 * 35)
    assert found.outcomes == 36 * 35
    assert found.expected[2] == pytest.approx(float(draw), abs=1e-12)


def test_a_card_in_two_places_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        equity(Game.STUD, {1: AAKK, 2: HEARTS}, dead=parse_cards("Ah"))
    with pytest.raises(ValueError, match="at most 7"):
        equity(Game.STUD, {1: parse_cards("2s 3s 4s 5s 6s 7s 8s 9s"), 2: HEARTS})
    with pytest.raises(ValueError, match="no seat to deal to"):
        equity(Game.STUD, {})


def test_razz_wheel_is_only_tied_by_a_five() -> None:
    """A made wheel against a six-four: the other player ties (splits) with one of three fives."""
    found = equity(Game.RAZZ, {1: parse_cards("Ac 2d 3h 4s 5c Kd"), 2: parse_cards("Ah 2c 3d 4h 6s Qc")})
    assert found.expected[2] == pytest.approx(3 / 40 * 0.5, abs=1e-12)
    assert found.expected[1] == pytest.approx(1 - 3 / 40 * 0.5, abs=1e-12)


def test_stud8_quarters_count_as_a_quarter_and_a_half_plus_a_quarter() -> None:
    """Seven cards each, nothing to deal: the same 6-4-3-2-A low splits the low half; the flush takes
    the high half: 3/4 and 1/4."""
    found = equity(Game.STUD8, {1: parse_cards("Ah 2h 3h 4h 6h Ks Kd"), 2: parse_cards("Ac 2c 3c 4d 6d Qs Js")})
    assert found.outcomes == 1
    assert found.expected == {1: 0.75, 2: 0.25}


def test_stud8_without_a_qualifying_low_the_high_takes_the_whole_pot() -> None:
    found = equity(Game.STUD8, {1: parse_cards("Kh Kc 9s 9d 2s 5h 7d"), 2: parse_cards("Ah Ad Jh Td 9h 3s 3c")})
    assert found.expected == {1: 0.0, 2: 1.0}


def test_stud8_halves_say_who_takes_each_half_and_the_high_hand_takes_a_low_half_nobody_qualifies_for() -> None:
    """The quartered hand: the flush takes the high half, the low half is split; without a qualifying
    low the high hand's half is the whole pot. Each half adds up to 1, and the pot's equity is their mean."""
    quartered = equity(
        Game.STUD8, {1: parse_cards("Ah 2h 3h 4h 6h Ks Kd"), 2: parse_cards("Ac 2c 3c 4d 6d Qs Js")}, halves=True
    )
    assert quartered.halves == {1: (1.0, 0.5), 2: (0.0, 0.5)}
    no_low = equity(
        Game.STUD8, {1: parse_cards("Kh Kc 9s 9d 2s 5h 7d"), 2: parse_cards("Ah Ad Jh Td 9h 3s 3c")}, halves=True
    )
    assert no_low.halves == {1: (0.0, 0.0), 2: (1.0, 1.0)}
    drawing = equity(Game.STUD8, {1: parse_cards("Ah 2h 3c 4d 9s"), 2: parse_cards("Kc Kd Ks 8h 8c")}, halves=True)
    for found in (quartered, no_low, drawing):
        assert sum(h for h, _ in found.halves.values()) == pytest.approx(1.0)
        assert sum(low for _, low in found.halves.values()) == pytest.approx(1.0)
        assert all(found.expected[s] == pytest.approx((h + low) / 2) for s, (h, low) in found.halves.items())
    assert (
        equity(Game.STUD, {1: parse_cards("Ah 2h 3c 4d 9s"), 2: parse_cards("Kc Kd Ks 8h 8c")}, halves=True).halves
        == {}
    )


def test_community_card_is_dealt_once_to_everybody() -> None:
    """Six cards each and one shared card: QQJJ beats AAKK only when the board card is Qc, Qs, Jh or Jd
    (a full house); an ace or a king fills AAKK higher, anything else leaves AAKK ahead."""
    found = equity(
        Game.STUD, {1: parse_cards("Ah Ad Kc Ks 2c 7d"), 2: parse_cards("Qh Qd Jc Js 3c 8d")}, community=True
    )
    assert found.outcomes == 40
    assert found.expected[2] == pytest.approx(4 / 40, abs=1e-12)


# ------------------------------------------------------------------------ brute force and sampling


def _reference(game: Game, hands: dict[int, tuple[Card, ...]], dead: tuple[Card, ...]) -> dict[int, float]:
    """Equity by dealing the last card to each of two hands one short of the game's hand size in every
    order, with the game's scalar evaluators (engine/games.py) and the pot rules written out plainly."""
    rules = RULES[game]
    unseen = [c for c in Card if c not in set(hands[1] + hands[2] + dead)]
    total = {1: Fraction(0), 2: Fraction(0)}
    runs = 0
    for a, b in permutations(unseen, 2):
        final = {1: hands[1] + (a,), 2: hands[2] + (b,)}
        scores = {s: rules.pot.value(c) for s, c in final.items()}
        best = [s for s in scores if scores[s] == max(scores.values())]
        split = rules.split
        lows = {s: v for s, c in final.items() if split is not None and (v := split.qualified(c)) is not None}
        low_best = [s for s in lows if lows[s] == max(lows.values())]
        for s in final:
            high = Fraction(s in best, len(best))
            total[s] += (high + Fraction(s in low_best, len(low_best))) / 2 if lows else high
        runs += 1
    return {s: float(v / runs) for s, v in total.items()}


@settings(max_examples=25, deadline=None)
@given(deck=st.permutations(list(Card)), game=st.sampled_from(list(Game)), n_dead=st.integers(0, 6))
def test_exact_enumeration_matches_a_brute_force_reference(deck: list[Card], game: Game, n_dead: int) -> None:
    """Every game (its hand size and its rankings from engine/games.py): one card to come to each of two."""
    size = RULES[game].hand_size - 1
    hands = {1: tuple(deck[:size]), 2: tuple(deck[size : 2 * size])}
    dead = tuple(deck[2 * size : 2 * size + n_dead])
    found = equity(game, hands, dead)
    expected = _reference(game, hands, dead)
    assert found.exact
    for seat in hands:
        assert found.expected[seat] == pytest.approx(expected[seat], abs=1e-9)
    assert sum(found.expected.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", [Game.STUD5, Game.RAZZ27])
def test_two_cards_to_come_in_the_new_games_match_a_full_enumeration(game: Game) -> None:
    """Five Card Stud all in on 3rd street, 2-7 Razz on 5th: two cards to come to each of two players,
    every run-out dealt out by hand and valued by the scalar evaluator, against the batch enumeration.
    The highest cards left are dead (folded players' cards) to keep the enumeration small; what is left
    still makes pairs, straights and flushes."""
    rules = RULES[game]
    if game is Game.STUD5:
        hands, n_dead = {1: parse_cards("Ah 9c Td"), 2: parse_cards("Qs Qd 2c")}, 20
    else:
        hands, n_dead = {1: parse_cards("2h 7c 8d 4s 3c"), 2: parse_cards("3h 4h 5h 6c Tc")}, 24
    held = set(hands[1] + hands[2])
    dead = tuple(c for c in reversed(Card) if c not in held)[:n_dead]
    unseen = [c for c in Card if c not in held and c not in dead]
    wins = {1: Fraction(0), 2: Fraction(0)}
    runs = 0
    for a in combinations(unseen, 2):
        rest = [c for c in unseen if c not in a]
        for b in combinations(rest, 2):
            one, two = rules.pot.value(hands[1] + a), rules.pot.value(hands[2] + b)
            wins[1] += Fraction(int(one > two) * 2 + int(one == two), 2)
            wins[2] += Fraction(int(two > one) * 2 + int(one == two), 2)
            runs += 1
    found = equity(game, hands, dead, exact_limit=runs)
    assert found.exact and found.outcomes == runs
    for seat in hands:
        assert found.expected[seat] == pytest.approx(float(wins[seat] / runs), abs=1e-12)


def test_monte_carlo_is_within_its_stated_error_and_the_bound_holds() -> None:
    """Forced to sample a spot whose exact answer is known: the estimate lies within 4 standard errors
    (fails by chance about once in 16,000 seeds), and the standard error obeys 0.5 / sqrt(samples)."""
    samples = 20_000
    exact = equity(Game.STUD, {1: AAKK, 2: HEARTS})
    sampled = equity(Game.STUD, {1: AAKK, 2: HEARTS}, exact_limit=0, samples=samples, seed=7)
    assert not sampled.exact and sampled.outcomes == samples
    for seat in (1, 2):
        assert 0 < sampled.stderr[seat] <= 0.5 / math.sqrt(samples)
        assert abs(sampled.expected[seat] - exact.expected[seat]) <= 4 * sampled.stderr[seat]


def test_monte_carlo_is_reproducible_from_its_seed() -> None:
    spot = {1: parse_cards("Ah Ad Kc"), 2: parse_cards("9h Th Jh")}
    first = equity(Game.STUD8, spot, samples=2_000, seed=11)
    assert not first.exact
    assert equity(Game.STUD8, spot, samples=2_000, seed=11) == first
    assert equity(Game.STUD8, spot, samples=2_000, seed=12).expected != first.expected


def test_side_pots_are_won_only_by_their_eligible_players() -> None:
    """A three-way all-in with a side pot: the short stack can win only the main pot; every chip of
    every pot goes to somebody in every run-out, so the expectations add up to the pots."""
    known = {1: parse_cards("Ah Ad Kc Ks 2c 7d"), 2: HEARTS, 3: parse_cards("5s 5d 6c 6d Jc Js")}
    found = equity(Game.STUD, known, pots=[(90, (1, 2, 3)), (40, (2, 3))])
    assert sum(found.expected.values()) == pytest.approx(130)
    assert found.expected[1] <= 90
    alone = equity(Game.STUD, known)
    assert found.expected[1] == pytest.approx(90 * alone.expected[1])


# ------------------------------------------------------------------------------ spots in hands


def test_all_in_spot_reads_the_street_the_shown_down_cards_and_the_folded_door_card() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    spot = allin_spot(hand, result)
    assert spot is not None
    assert spot.street == 6
    assert spot.known == {1: parse_cards("Ah Ad Kc Ks 2d 7d"), 3: parse_cards("9h Th Jh Qh 3c 4d")}
    assert spot.dead == parse_cards("7s")
    assert spot.pots == ((63, (1, 3)),)
    assert not spot.community


def test_all_in_ev_is_equity_times_pot_minus_investment() -> None:
    """Bob's 417 winning run-outs of 39 × 38 (the 7s is dead): see the first test for the outs."""
    hand = build(ALL_IN_ON_SIXTH)
    result = replay(hand, profile_for(hand))
    found = allin_ev(hand, result)
    bob = Fraction(9 * 34 + 35 + 2 * 38, 39 * 38)
    assert found[3].equity == pytest.approx(float(bob), abs=1e-12)
    assert found[3].ev == pytest.approx(float(bob * 63 - 30), abs=1e-9)
    assert found[1].ev == pytest.approx(float((1 - bob) * 63 - 30), abs=1e-9)
    assert found[1].ev_se == 0.0 and found[1].street == 6
    assert 5 not in found  # Cat folded: his all-in EV is his real result


STUD5_ALL_IN_ON_THIRD = """
stud5 10/20 ante 1 bring-in 3 rake 0
seat 1 Ann 19
seat 3 Bob 500
seat 5 Cat 500
antes
2nd 1:Ah Ad 3:Jh 5:2s
5 bring-in 3
1 complete to 10
3 call 10
5 fold
3rd 1:Kc 3:Qh
1 bet 8 allin
3 call 8
4th 1:5c 3:9d
5th 1:7h 3:8c
show 1 Ah Ad Kc 5c 7h
show 3 Th Jh Qh 9d 8c
collect 3 42
"""


def test_five_card_stud_all_in_on_third_street_is_valued_over_its_two_cards_to_come() -> None:
    """Ann all in on 3rd street of Five Card Stud (its streets and one down card from the game's rules):
    the spot holds three cards a player, Bob's down card read from his showdown line, Cat's door card
    dead; two cards to come to each (C(45, 2) x C(43, 2) run-outs) is sampled, with the hand's own seed."""
    hand = build(STUD5_ALL_IN_ON_THIRD)
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    spot = allin_spot(hand, result)
    assert spot is not None and spot.street == 3 and not spot.community
    assert spot.known == {1: parse_cards("Ah Ad Kc"), 3: parse_cards("Th Jh Qh")}
    assert spot.dead == parse_cards("2s") and spot.pots == ((42, (1, 3)),)
    found = allin_ev(hand, result, samples=4_000)
    alone = equity(Game.STUD5, spot.known, spot.dead, samples=4_000, seed=hand_seed(hand))
    assert not alone.exact and alone.outcomes == 4_000
    assert found[1].equity == pytest.approx(alone.expected[1], abs=1e-12)
    assert found[1].ev + found[3].ev == pytest.approx(42 - 19 - 19, abs=1e-9)
    assert 0.5 < found[1].equity < 1  # aces against three hearts to a straight flush


@pytest.mark.parametrize("game", [Game.STUD5, Game.RAZZ27])
def test_simulated_all_ins_of_the_new_games_get_an_ev_that_adds_up(game: Game) -> None:
    """Every all-in spot of 300 simulated tournament hands (short stacks, so all-ins on several streets):
    each live player's EV is valued, equities lie in 0..1, and the EVs plus the investments add up to the
    pots (every chip goes to somebody in every run-out)."""
    spots = 0
    spec = TableSpec(games=(game,), players=(2, 6), tournament=TournamentSpec(), profile=get_profile("pokerstars"))
    for hand in simulate(spec, 300, 17):
        result = replay(hand, profile_for(hand))
        spot = allin_spot(hand, result)
        if spot is None:
            continue
        spots += 1
        found = allin_ev(hand, result, samples=500)
        assert found.keys() == spot.known.keys()
        assert all(0 <= v.equity <= 1 + 1e-9 for v in found.values())
        pots = sum(amount for amount, _ in spot.pots)
        slack = 6 * sum(v.ev_se for v in found.values()) + 1e-6
        assert abs(sum(v.ev + spot.invested[s] for s, v in found.items()) - pots) <= slack
    assert spots >= 4


def test_hand_players_rows_carry_the_ev_columns() -> None:
    hand = build(ALL_IN_ON_SIXTH)
    rows = {r["seat"]: r for r in rows_for_hand(hand, replay(hand, profile_for(hand)))["hand_players"]}
    assert all(name in rows[1] for name, _ in EV_COLUMNS)
    assert rows[3]["allin_ev"] == round(float(Fraction(417, 1482) * 63 - 30))
    assert rows[1]["allin_street"] == 6 and rows[5]["allin_street"] is None and rows[5]["allin_ev"] is None


def test_no_spot_when_the_all_in_comes_on_seventh_or_a_player_keeps_betting() -> None:
    on_seventh = build("""
        razz 4/8 ante 1 bring-in 2 total 20 rake 0
        seat 1 Ann 10
        seat 2 Bob 100
        antes
        3rd 1:Ac 2c 3c 2:Kd Qd Kc
        2 bring-in 2
        1 call 2
        4th 1:4c 2:Ks
        1 check
        2 check
        5th 1:5d 2:Qs
        1 check
        2 check
        6th 1:6d 2:Jd
        1 check
        2 check
        7th 1:7d 2:Td
        1 bet 7 allin
        2 call 7
        show 1 Ac 2c 3c 4c 5d 6d 7d
        show 2 Kd Qd Kc Ks Qs Jd Td
        collect 1 20
    """)
    result = replay(on_seventh, profile_for(on_seventh))
    assert allin_spot(on_seventh, result) is None
    assert all(all(v is None for v in cols.values()) for cols in ev_columns(on_seventh, result).values())


def test_unknown_down_cards_leave_no_spot() -> None:
    """An all-in player who mucks without showing: his equity cannot be known."""
    text = ALL_IN_ON_SIXTH.replace("show 3 9h Th Jh Qh 3c 4d 8c", "muck 3").replace("collect 3 63", "collect 1 63")
    hand = build(text)
    assert allin_spot(hand, replay(hand, profile_for(hand))) is None


def test_a_card_dealt_twice_leaves_no_spot_instead_of_failing_the_import() -> None:
    """Bob shows Ann's ace as one of his down cards: the validator flags it; equity must not raise."""
    hand = build(ALL_IN_ON_SIXTH.replace("show 3 9h Th Jh Qh 3c 4d 8c", "show 3 Ah Th Jh Qh 3c 4d 8c"))
    result = replay(hand, profile_for(hand))
    assert any(v.rule == "cards.duplicate" for v in result.violations)
    assert allin_spot(hand, result) is None
    assert ev_columns(hand, result)[1]["allin_ev"] is None


def test_every_planted_fault_leaves_the_ev_columns_computable() -> None:
    """The EV columns are filled at import for every hand, broken ones included: no planted fault of the
    mutation suite may make them raise, and a spot that is still valued shares out exactly its pots."""
    from mutations import OPERATORS

    seed = build(ALL_IN_ON_SIXTH)
    mutants = [m for operator in OPERATORS.values() for m in operator(seed)]
    assert len(mutants) > 20
    for mutant in mutants:
        result = replay(mutant.hand, profile_for(mutant.hand))
        columns = ev_columns(mutant.hand, result)
        spot = allin_spot(mutant.hand, result)
        if spot is not None:
            found = allin_ev(mutant.hand, result)
            shared = sum(found[s].ev + spot.invested[s] for s in found)
            assert shared == pytest.approx(sum(amount for amount, _ in spot.pots)), mutant.kind
        assert set(columns) == {s.seat for s in mutant.hand.seats}
