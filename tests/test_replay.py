"""The betting state machine: whose turn, which moves, which sizes — and random legal hands.

Unit tests pin each rule on a small hand; the property test drives :class:`StudState` the way the
simulator will (random legal moves, 2-8 players, short stacks for all-ins and side pots) and checks that
what ``options()`` offers is exactly what ``check()`` accepts, and that every chip is paid back out.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handbuilder import build
from studbook.engine.betting import StreetLedger
from studbook.engine.cards import DECK, parse_cards
from studbook.engine.model import Action, ActionKind, Game, Half
from studbook.engine.profiles import TieBreak
from studbook.engine.games import RULES, deal_shape
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.replay import (
    Move,
    StudState,
    bring_in_seat,
    first_to_act,
    nominal_bring_in,
    replay,
)
from studbook.engine.state import _move
from studbook.engine.walk import HandWalk
from studbook.parsers.registry import get_profile, profile_for, profiles

PS = get_profile("pokerstars")


def c(text: str):
    return parse_cards(text)[0]


def state_with(
    doors: dict[int, str], game: Game = Game.STUD, stacks: int | dict[int, int] = 1000, profile=PS
) -> StudState:
    """4/8 stud with a bring-in of 2, antes of 1 posted and 3rd street dealt with these door cards;
    ``stacks`` one stack for everyone or a stack per seat."""
    per_seat = stacks if isinstance(stacks, dict) else {s: stacks for s in doors}
    state = StudState(game, 4, 8, per_seat, profile, bring_in=2)
    for seat, door in doors.items():
        state.post_ante(seat, 1)
        state.deal(seat, (None, None), (c(door),))
    return state


# ------------------------------------------------------------------------------------ who acts


def test_lowest_door_card_brings_in_with_suits_breaking_ties() -> None:
    assert bring_in_seat(Game.STUD, {1: c("2d"), 2: c("2c"), 3: c("Ac")}) == 2
    assert bring_in_seat(Game.STUD8, {1: c("Ac"), 2: c("3s")}) == 2  # ace is high for the bring-in


def test_razz_brings_in_with_the_highest_card_ace_low() -> None:
    assert bring_in_seat(Game.RAZZ, {1: c("Qc"), 2: c("Qs"), 3: c("Ah")}) == 2
    assert bring_in_seat(Game.RAZZ, {1: c("Ac"), 2: c("2c")}) == 2


def test_unknown_door_card_leaves_the_bring_in_open() -> None:
    assert bring_in_seat(Game.STUD, {1: c("2d"), 2: None}) is None


def test_best_board_acts_first_ties_by_position_or_suit() -> None:
    boards = {2: parse_cards("Kh 7d"), 5: parse_cards("Ks 7c"), 7: parse_cards("Qs Qc")}
    assert first_to_act(Game.STUD, boards, TieBreak.POSITION) == 7  # a pair beats king high
    tied = {2: parse_cards("Kh 7d"), 5: parse_cards("Ks 7c")}
    assert first_to_act(Game.STUD, tied, TieBreak.POSITION) == 2
    assert first_to_act(Game.STUD, tied, TieBreak.SUIT) == 5
    assert first_to_act(Game.RAZZ, {1: parse_cards("8c 2d"), 3: parse_cards("7c 7d")}, TieBreak.POSITION) == 1


def test_the_profile_decides_board_ties_per_game() -> None:
    assert profiles()["wsop-tournament"].board_tie(Game.STUD) is TieBreak.SUIT
    assert profiles()["wsop-tournament"].board_tie(Game.RAZZ) is TieBreak.POSITION
    assert PS.board_tie(Game.STUD) is TieBreak.POSITION


def test_a_player_all_in_for_the_ante_is_skipped_for_the_bring_in() -> None:
    state = state_with({1: "2c", 2: "5d", 3: "9h"}, stacks={1: 1, 2: 100, 3: 100})
    assert state.to_act == 2


# ------------------------------------------------------------------------------------ moves


def test_the_bring_in_player_may_bring_in_or_complete_only() -> None:
    state = state_with({1: "Kc", 3: "2d", 5: "9h"})
    options = state.options()
    assert options is not None and options.seat == 3
    assert set(options.moves()) == {Move(ActionKind.BRING_IN, 2), Move(ActionKind.COMPLETE, 4)}


def test_after_the_bring_in_the_next_player_calls_it_or_completes() -> None:
    state = state_with({1: "Kc", 3: "2d", 5: "9h"})
    assert state.act(3, Move(ActionKind.BRING_IN, 2)) == []
    options = state.options()
    assert options is not None and options.seat == 5
    assert set(options.moves()) == {Move(ActionKind.FOLD), Move(ActionKind.CALL, 2), Move(ActionKind.COMPLETE, 4)}


def test_the_bring_in_player_completing_himself_needs_no_bring_in_line() -> None:
    hand = build("""
        stud 4/8 ante 1 total 11 rake 0
        seat 1 Ann 100
        seat 2 Bob 100
        seat 3 Cid 100
        antes
        3rd 1:Kc 2:2d 3:9h
        2 bet 4
        3 fold
        1 call 4
        4th 1:3c 2:4c
        1 check
        2 check
        5th 1:5c 2:8h
        1 check
        2 check
        6th 1:Ts 2:Js
        1 check
        2 check
        7th 1 2
        1 check
        2 check
        show 1 As Ad Kc 3c 5c Ts 6h
        show 2 7h 7d 2d 4c 8h Js 9c
        collect 1 11
    """)
    assert replay(hand, profile_for(hand)).violations == ()


def test_raises_are_capped_at_bet_plus_three_on_pokerstars() -> None:
    state = state_with({1: "Kc", 3: "2d", 5: "9h"})
    state.act(3, Move(ActionKind.BRING_IN, 2))
    for seat, total in ((5, 4), (1, 8), (3, 12), (5, 16)):
        assert state.act(seat, Move(ActionKind.RAISE, total - state.contrib[seat])) == []
    assert state.capped
    options = state.options()
    assert options is not None and options.raise_to == ()
    assert [b.rule for b in state.check(options.seat, Move(ActionKind.RAISE, 20 - state.contrib[options.seat]))] == [
        "raise.cap"
    ]


def test_rrop_lifts_the_cap_when_the_action_becomes_heads_up() -> None:
    state = state_with({1: "Kc", 3: "2d", 5: "9h"}, profile=get_profile("rrop"))
    state.act(3, Move(ActionKind.BRING_IN, 2))
    state.act(5, Move(ActionKind.COMPLETE, 4))
    state.act(1, Move(ActionKind.FOLD))
    for seat, total in ((3, 8), (5, 12), (3, 16), (5, 20), (3, 24)):
        assert state.act(seat, Move(ActionKind.RAISE, total - state.contrib[seat])) == []
    assert not state.capped


def test_an_all_in_raise_of_half_a_bet_reopens_the_betting() -> None:
    state = state_with({1: "Kc", 2: "9d", 3: "2c"}, stacks={1: 100, 2: 100, 3: 7})
    state.act(3, Move(ActionKind.BRING_IN, 2))
    state.act(1, Move(ActionKind.COMPLETE, 4))
    state.act(2, Move(ActionKind.CALL, 4))
    # Cid (6 left, 2 in) goes all-in to 6: a raise of 2 over the 4, exactly half of a 4-chip bet
    assert state.act(3, Move(ActionKind.RAISE, 4)) == []
    assert state.bets == 2  # half a bet counts as a full raise (RRoP): the betting is reopened
    options = state.options()
    assert options is not None and options.seat == 1 and options.raise_to == (10,)


def test_less_than_half_a_bet_all_in_lets_callers_only_call() -> None:
    state = state_with({1: "Kc", 2: "9d", 3: "2c"}, stacks={1: 100, 2: 100, 3: 6})
    state.act(3, Move(ActionKind.BRING_IN, 2))
    state.act(1, Move(ActionKind.COMPLETE, 4))
    state.act(2, Move(ActionKind.CALL, 4))
    assert state.act(3, Move(ActionKind.RAISE, 3)) == []  # all-in to 5: one chip over the 4
    options = state.options()
    assert options is not None and options.seat == 1
    assert options.to_call == 1 and options.raise_to == ()
    assert [b.rule for b in state.check(1, Move(ActionKind.RAISE, 8))] == ["raise.reopen"]


def test_double_bet_on_4th_street_with_an_open_pair_in_stud_only() -> None:
    for game, sizes in ((Game.STUD, (4, 8)), (Game.STUD8, (4,))):
        state = state_with({1: "Kc", 3: "2d"}, game=game)
        state.act(3, Move(ActionKind.BRING_IN, 2))
        state.act(1, Move(ActionKind.CALL, 2))
        state.start_street(4)
        state.deal(1, (), (c("Kd"),))
        state.deal(3, (), (c("3d"),))
        options = state.options()
        assert options is not None and options.seat == 1 and options.raise_to == sizes


def test_an_uncalled_bet_goes_back_and_the_pot_goes_to_the_last_player() -> None:
    state = state_with({1: "Kc", 3: "2d"})
    state.act(3, Move(ActionKind.BRING_IN, 2))
    state.act(1, Move(ActionKind.COMPLETE, 4))
    state.act(3, Move(ActionKind.FOLD))
    assert state.hand_over and state.return_uncalled() == (1, 2)
    (result,) = state.payout()
    assert [(a.seat, a.amount, a.half) for a in result.awards] == [(1, 6, Half.WHOLE)]


# ------------------------------------------------------------------------- random legal hands


def play_random(rng: random.Random, stacks: dict[int, int], game: Game, profile_name: str) -> StudState:
    """A hand of random legal moves, dealt from a shuffled deck (community card when it runs short)."""
    deck = list(DECK)
    rng.shuffle(deck)
    state = StudState(game, 4, 8, stacks, get_profile(profile_name), bring_in=2)
    for seat, stack in stacks.items():
        state.post_ante(seat, min(1, stack))
    rules = RULES[game]
    for street in rules.numbers:
        if street > rules.first_street:
            state.start_street(street)
        live = state.live
        down, up = deal_shape(game, street)
        if street == rules.last_street and len(deck) < len(live) * (down + up):
            state.deal_community(deck.pop())
        else:
            for seat in live:
                state.deal(seat, [deck.pop() for _ in range(down)], [deck.pop() for _ in range(up)])
        for _ in range(200):
            options = state.options()
            if options is None:
                break
            move = rng.choice(options.moves())
            assert state.check(options.seat, move) == [], (move, options)
            state.apply(options.seat, move)
        assert state.betting_closed
        if state.hand_over:
            break
    return state


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    stacks=st.lists(st.integers(1, 80), min_size=2, max_size=8),
    game=st.sampled_from(list(Game)),
    profile=st.sampled_from(sorted(profiles())),
)
def test_random_legal_hands_pay_out_every_chip(seed: int, stacks: list[int], game: Game, profile: str) -> None:
    state = play_random(random.Random(seed), {i + 1: s for i, s in enumerate(stacks)}, game, profile)
    results = state.payout()
    paid = sum(a.amount for r in results for a in r.awards)
    assert paid == sum(state.invested.values())
    assert all(r.judged for r in results)
    for r in results:
        assert {a.seat for a in r.awards} <= set(r.pot.eligible)
        assert not set(r.pot.eligible) & set(state.folded)
    assert all(stack >= 0 for stack in state.stack.values())


# ------------------------------------------------------------------------------------ short all-ins on 3rd

SHORT_BRING_IN = """
    stud 20/40 ante 2 total 10 rake 0
    seat 1 Ann 4
    seat 2 Bob 200
    seat 3 Cid 200
    antes
    3rd 1:Kc Kd 2c 2:9s 3:Th
    1 bring-in 2 allin
    {enter}
    3 fold
    uncalled 2 {back}
    4th 1:3c 2:5h
    5th 1:4d 2:6h
    6th 1:8s 2:7c
    7th 1:Ks 2
    show 1 Kc Kd 2c 3c 4d 8s Ks
    show 2 Qs Jd 9s 5h 6h 7c 3d
    collect 1 10
"""


@pytest.mark.parametrize("enter, back", [("2 call 5", 3), ("2 raise 15 to 20", 18)])
def test_a_bring_in_all_in_for_less_still_costs_the_others_the_full_bring_in(enter: str, back: int) -> None:
    """PokerStars never prints the bring-in amount, and here the bring-in player has only 2 of the 5:
    the full bring-in shows in the call that matches it or in the raise that completes over it."""
    hand = build(SHORT_BRING_IN.format(enter=enter, back=back))
    assert hand.bring_in is None
    assert nominal_bring_in(hand) == 5
    assert replay(hand, profile_for(hand)).violations == ()


def test_calling_only_a_short_bring_in_is_too_little() -> None:
    hand = build(
        SHORT_BRING_IN.replace("ante 2", "ante 2 bring-in 5")
        .format(enter="2 call 2", back=0)
        .replace("uncalled 2 0\n", "")
    )
    rules = [(v.rule, v.seat) for v in replay(hand, profile_for(hand)).violations]
    assert ("call.amount", 2) in rules


def test_a_short_bring_in_nobody_enters_against_leaves_the_bring_in_unknown() -> None:
    hand = build("""
        razz 20/40 ante 2 total 6 rake 0
        seat 1 Ann 4
        seat 2 Bob 200
        seat 3 Cid 200
        antes
        3rd 1:2c 3c Kc 2:9s 3:Th
        1 bring-in 2 allin
        2 fold
        3 fold
        uncalled 1 2
        collect 1 6
    """)
    assert nominal_bring_in(hand) is None
    assert replay(hand, profile_for(hand)).violations == ()


ALL_IN_FOR_THE_ANTE = """
    stud 20/40 ante 2 bring-in 5 total 16 rake 0
    seat 1 Ann 2
    seat 2 Bob 200
    seat 3 Cid 200
    antes
    3rd 1:Kc Kd 2c 2:9s 3:3h
    {opener} bring-in 5
    {other} call 5
    4th 1:3c 2:5h 3:Jc
    3 check
    2 check
    5th 1:4d 2:6h 3:Qd
    3 check
    2 check
    6th 1:8s 2:7c 3:2d
    3 check
    2 check
    7th 1:Ks 2 3
    3 check
    2 check
    show 1 Kc Kd 2c 3c 4d 8s Ks
    show 2 Qs Jd 9s 5h 6h 7c 3d
    show 3 Ah Td 3h Jc Qd 2d 4s
    collect 1 6 main pot
    collect 3 10 side pot
"""


def test_the_low_card_all_in_for_the_ante_passes_the_bring_in_to_his_left() -> None:
    """Ann's 2♣ is the low card but she is all-in for the ante: Bob, on her left, brings in, not Cid
    with the next-lowest card (docs/rules.md §2)."""
    hand = build(ALL_IN_FOR_THE_ANTE.format(opener=2, other=3))
    assert replay(hand, profile_for(hand)).violations == ()
    wrong = build(ALL_IN_FOR_THE_ANTE.format(opener=3, other=2))
    assert [(v.rule, v.seat) for v in replay(wrong, profile_for(wrong)).violations][:1] == [("bring-in.player", 3)]


def test_the_best_board_kept_from_the_street_before_is_what_ranking_the_boards_again_gives() -> None:
    """StudState keeps the seat with the best board while no up card is dealt (7th street) and he is
    still in: wherever the replay would use it, valuing the live boards afresh must name the same seat,
    under every profile (position and suit tie-breaks) and in every game."""
    used = 0
    for game in Game:
        for hand in simulate(TableSpec(games=(game,), players=(2, 8), profile=get_profile("pokerstars")), 60, seed=14):
            for profile in profiles().values():
                walk = HandWalk(hand, profile)
                state = walk.state
                for index, event in enumerate(hand.events):
                    walk.on_event(event, index)
                    kept = state._best_board
                    if kept is not None and kept not in state.folded:
                        fresh = first_to_act(game, {s: state.up[s] for s in state.live}, state._tie)
                        assert kept == fresh, (game, profile.name, hand.site_hand_id, index)
                        used += state.street == RULES[game].last_street
    assert used > 100  # the 7th streets reached, where the kept seat is the answer


def test_the_replay_s_cached_moves_are_the_moves_it_would_build() -> None:
    """on_action takes its Move from a cache (_move): each is equal to the one built afresh, of its class."""
    for kind in ActionKind:
        for put in (0, 1, 5, 100, 10**9):
            cached = _move(kind, put)
            assert type(cached) is Move and cached == Move(kind, put) and (cached.kind, cached.put) == (kind, put)
            assert _move(kind, put) is cached


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(list(Game)), st.integers(0, 10**6))
def test_each_decision_s_aggressions_are_the_street_s_count_of_lifts_before_it(game: Game, seed: int) -> None:
    """What the stat flags read off the replay (``Decision.aggressions``) is what a street ledger of the
    hand's own actions counts before each of them: every completion, bet and raise that lifted the level
    on its street, short all-ins included; every action but the antes and the bring-in is a decision."""
    for hand in simulate(TableSpec(games=(game,), players=(2, 8), profile=get_profile("pokerstars")), 6, seed=seed):
        result = replay(hand, profile_for(hand))
        decided = {d.index: d for plays in result.decisions.values() for d in plays}
        ledger = StreetLedger()
        for i, e in enumerate(hand.events):
            if type(e) is Action and e.kind is not ActionKind.ANTE:
                if e.kind is not ActionKind.BRING_IN:
                    lifts = ledger.lifts if ledger.street == e.street else 0
                    assert decided.pop(i).aggressions == lifts, (hand.site_hand_id, i)
                ledger.record(e)
        assert not decided  # no decision recorded for anything but an action
