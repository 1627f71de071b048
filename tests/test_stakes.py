"""Stakes read from a hand's own bets (engine/stakes.py), and the bet-size rule when a size is unknown.

A site that prints no stakes (Bovada) leaves the parser the bets of the hand: each full bet's street
says whether it is the small or the big bet. The property test checks the inference against the
simulator, which knows the stakes: every size it infers is the true one, never a guess.
"""

from __future__ import annotations

import dataclasses

from handbuilder import build
from hypothesis import given, settings
from hypothesis import strategies as st
from studbook.engine.model import Game, Hand
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.stakes import infer_stakes
from studbook.parsers.registry import get_profile, profile_for


def inferred(hand: Hand, doubled: tuple[int, ...] = ()) -> Hand:
    """``hand`` as a site printing no stakes would give it: sizes from its bets, marked inferred."""
    small, big = infer_stakes(hand.game, hand.events, doubled)
    return dataclasses.replace(hand, small_bet=small, big_bet=big, stakes_inferred=True)


FULL = """
    stud 4/8 ante 1 bring-in 2
    seat 1 Ann 500
    seat 2 Bob 500
    seat 3 Cat 500
    antes
    3rd 1:As Kd Qh 2:2c 3c 2h 3:9d 9s Jc
    2 bring-in 2
    3 complete to 4
    1 raise 4 to 8
    2 fold
    3 call 4
    4th 1:5c 3:6d
    1 bet 4
    3 call 4
    5th 1:7h 3:8h
    1 bet 8
    3 fold
    uncalled 1 8
    collect 1 29
"""


def test_every_size_read_from_its_street() -> None:
    hand = build(FULL)
    assert infer_stakes(hand.game, hand.events) == (4, 8)
    back = replay(inferred(hand), profile_for(hand))
    assert back.violations == () and back.unjudged == ()


def test_a_size_no_bet_shows_is_unknown_and_nothing_is_judged_against_it() -> None:
    hand = build("""
        stud 4/8 ante 1 bring-in 2
        seat 1 Ann 500
        seat 2 Bob 500
        antes
        3rd 1:As Kd Qh 2:2c 3c 2h
        2 bring-in 2
        1 call 2
        4th 1:5c 2:6d
        1 check
        2 check
        5th 1:7h 2:8h
        1 bet 8
        2 fold
        uncalled 1 8
        collect 1 6
    """)
    assert infer_stakes(hand.game, hand.events) == (0, 8)
    back = replay(inferred(hand), profile_for(hand))
    assert back.violations == () and back.unjudged == ()  # the bring-in is not compared with a small bet of 0


def test_a_short_all_in_against_an_unknown_size_is_unjudged_not_a_violation() -> None:
    hand = build("""
        stud 4/8 ante 1 bring-in 2
        seat 1 Ann 500
        seat 2 Bob 6
        antes
        3rd 1:As Kd Qh 2:2c 3c 2h
        2 bring-in 2
        1 call 2
        4th 1:5c 2:6d
        1 check
        2 bet 3 allin
        1 call 3
        5th 1:7h 2:8h
        6th 1:Th 2:Jh
        7th 1:2s 2:3s
        show 1 As Kd Qh 5c 7h Th 2s
        show 2 2c 3c 2h 6d 8h Jh 3s
        collect 2 12
    """)
    assert infer_stakes(hand.game, hand.events) == (0, 0)
    back = replay(inferred(hand), profile_for(hand))
    assert back.violations == ()
    all_in = next(e for e in hand.events if getattr(e, "all_in", False))
    assert [(u.rule, u.line, u.seat) for u in back.unjudged] == [("bet.unjudged", all_in.line, 2)]
    assert "cannot be judged" in back.unjudged[0].message
    # with the stakes printed, the same all-in for less than the small bet is judged, and legal
    assert replay(hand, profile_for(hand)).unjudged == () and replay(hand, profile_for(hand)).violations == ()


def test_bets_that_disagree_are_judged_against_the_size_most_of_them_show() -> None:
    hand = build(FULL.replace("1 bet 4\n    3 call 4", "1 bet 5\n    3 call 5").replace("collect 1 29", "collect 1 31"))
    assert infer_stakes(hand.game, hand.events) == (4, 8)  # 3rd street shows 4 twice, 4th street 5 once
    rules = [(v.rule, v.street) for v in replay(inferred(hand), profile_for(hand)).violations]
    assert rules == [("bet.size", 4)]


FOURTH_PAIR = """
    stud 4/8 ante 1 bring-in 2
    seat 1 Ann 500
    seat 2 Bob 500
    antes
    3rd 1:As Kd Qh 2:2c 3c 2h
    2 bring-in 2
    1 call 2
    4th 1:Qc 2:6d
    1 bet 8
    2 fold
    uncalled 1 8
    collect 1 6
"""


def test_a_fourth_street_bet_over_an_open_pair_tells_nothing_unless_the_site_marks_it() -> None:
    hand = build(FOURTH_PAIR)
    assert infer_stakes(hand.game, hand.events) == (0, 0)
    unmarked = replay(inferred(hand), profile_for(hand))
    assert unmarked.violations == () and [u.rule for u in unmarked.unjudged] == ["bet.unjudged"]
    bet_line = next(e.line for e in hand.events if getattr(e, "kind", None) == "bet")
    assert infer_stakes(hand.game, hand.events, doubled={bet_line}) == (0, 8)
    marked = replay(inferred(hand, (bet_line,)), profile_for(hand))
    assert marked.violations == () and marked.unjudged == ()


def test_in_stud8_an_open_pair_allows_no_double_bet_so_fourth_street_shows_the_small_bet() -> None:
    hand = build(
        FOURTH_PAIR.replace("stud 4/8", "stud8 4/8")
        .replace("1 bet 8", "1 bet 4")
        .replace("uncalled 1 8", "uncalled 1 4")
    )
    assert infer_stakes(hand.game, hand.events) == (4, 0)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(list(Game)), seed=st.integers(0, 10_000))
def test_inferred_sizes_are_the_true_ones_or_unknown(game: Game, seed: int) -> None:
    for hand in simulate(TableSpec(games=(game,), players=(2, 8), profile=get_profile("pokerstars")), 20, seed):
        small, big = infer_stakes(hand.game, hand.events)
        assert small in (0, hand.small_bet) and big in (0, hand.big_bet)
        back = replay(dataclasses.replace(hand, small_bet=small, big_bet=big, stakes_inferred=True), profile_for(hand))
        assert back.violations == replay(hand, profile_for(hand)).violations == ()


def test_a_fourth_street_big_bet_over_boards_the_site_does_not_show_is_unjudged() -> None:
    """Whether the big bet is allowed on 4th depends on an open pair: with the boards not printed
    (Everleaf's card-less export) the rule says it cannot judge; with them printed it judges."""
    unseen = build(FOURTH_PAIR.replace("3rd 1:As Kd Qh 2:2c 3c 2h", "3rd 1 2").replace("4th 1:Qc 2:6d", "4th 1 2"))
    result = replay(unseen, profile_for(unseen))
    assert result.violations == () and [u.rule for u in result.unjudged] == ["bet.unjudged"]
    assert "does not show every board" in result.unjudged[0].message
    no_pair = replay(build(FOURTH_PAIR.replace("4th 1:Qc 2:6d", "4th 1:Jc 2:6d")), get_profile("pokerstars"))
    assert [v.rule for v in no_pair.violations] == ["bet.size"] and no_pair.unjudged == ()
    assert replay(build(FOURTH_PAIR), get_profile("pokerstars")).violations == ()  # the pair of queens allows it
