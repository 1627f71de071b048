"""No-limit and pot-limit stud: the bet-size and cap rules follow ``Hand.limit`` (engine/replay.py).

A fixed-limit hand is judged exactly as before; these pin what changes without a fixed limit: any bet
of at least the minimum bet, raises of at least the street's last full raise, no cap, and in pot limit
nothing above the pot. The real no-limit hand of the corpus (Merge NL stud hi/lo) is in the
conformance kit; here the rules are pinned on small states.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from handbuilder import build
from studbook.engine.cards import parse_cards
from studbook.engine.model import ActionKind, Game, Limit
from studbook.engine.replay import Move, StudState, replay
from studbook.parsers.registry import get_profile, profile_for

PS = get_profile("pokerstars")


def state(limit: Limit, stacks: int = 10_000) -> StudState:
    """Stakes 4 (minimum bet) / 8, bring-in 2, antes of 1; seat 3 (2c) brings in."""
    s = StudState(Game.STUD, 4, 8, {1: stacks, 2: stacks, 3: stacks}, PS, bring_in=2, limit=limit)
    for seat, door in ((1, "Kc"), (2, "9d"), (3, "2c")):
        s.post_ante(seat, 1)
        s.deal(seat, (None, None), parse_cards(door))
    s.act(3, Move(ActionKind.BRING_IN, 2))
    return s


def rules(s: StudState, seat: int, kind: ActionKind, total: int) -> list[str]:
    return [b.rule for b in s.check(seat, Move(kind, total - s.contrib[seat]))]


@pytest.mark.parametrize("limit", [Limit.NO_LIMIT, Limit.POT_LIMIT])
def test_any_bet_of_at_least_the_minimum_is_allowed(limit: Limit) -> None:
    s = state(limit)
    assert rules(s, 1, ActionKind.COMPLETE, 7) == []  # 7 is no fixed-limit size, but above the minimum 4
    assert rules(s, 1, ActionKind.COMPLETE, 3) == ["bet.size"]  # below the minimum bet


def test_fixed_limit_is_unchanged() -> None:
    s = state(Limit.FIXED)
    assert rules(s, 1, ActionKind.COMPLETE, 7) == ["bet.size"]
    assert rules(s, 1, ActionKind.COMPLETE, 4) == []


def test_a_raise_must_add_at_least_the_last_full_raise() -> None:
    s = state(Limit.NO_LIMIT)
    assert s.act(1, Move(ActionKind.COMPLETE, 10)) == []  # to 10: a step of 10 over nothing
    assert rules(s, 2, ActionKind.RAISE, 19) == ["bet.size"]  # adds 9 < 10
    assert rules(s, 2, ActionKind.RAISE, 20) == []
    assert s.act(2, Move(ActionKind.RAISE, 35)) == []  # to 35: the step is now 25
    assert rules(s, 3, ActionKind.RAISE, 59) == ["bet.size"]
    assert rules(s, 3, ActionKind.RAISE, 60) == []


def test_a_short_all_in_raise_is_allowed_and_does_not_reopen_the_betting() -> None:
    s = StudState(Game.STUD, 4, 8, {1: 10_000, 2: 10_000, 3: 30}, PS, bring_in=2, limit=Limit.NO_LIMIT)
    for seat, door in ((1, "Kc"), (2, "9d"), (3, "2c")):
        s.post_ante(seat, 1)
        s.deal(seat, (None, None), parse_cards(door))
    s.act(3, Move(ActionKind.BRING_IN, 2))
    s.act(1, Move(ActionKind.COMPLETE, 20))
    s.act(2, Move(ActionKind.CALL, 20))
    assert s.act(3, Move(ActionKind.RAISE, 27)) == []  # all-in to 29: 9 over 20, less than a full raise
    assert [b.rule for b in s.check(1, Move(ActionKind.RAISE, 40))] == ["raise.reopen"]


@pytest.mark.parametrize("limit", [Limit.FIXED, Limit.NO_LIMIT, Limit.POT_LIMIT])
def test_only_fixed_limit_caps_the_raises(limit: Limit) -> None:
    s = state(limit)
    found = []
    for n, seat in enumerate((1, 2, 3, 1, 2, 3), 1):  # complete to 4, then raises of 4: 8, 12, 16, 20, 24
        kind = ActionKind.COMPLETE if n == 1 else ActionKind.RAISE
        found += rules(s, seat, kind, 4 * n)
        s.act(seat, Move(kind, 4 * n - s.contrib[seat]))
    assert found == (["raise.cap", "raise.cap"] if limit is Limit.FIXED else [])


def test_pot_limit_caps_a_raise_at_the_pot() -> None:
    s = state(Limit.POT_LIMIT)
    # pot: antes 3 + bring-in 2 = 5; seat 1 to call 2 -> pot after the call 7 -> raise to at most 2 + 7 = 9
    assert rules(s, 1, ActionKind.COMPLETE, 9) == []
    assert rules(s, 1, ActionKind.COMPLETE, 10) == ["bet.size"]
    s.act(1, Move(ActionKind.COMPLETE, 9))
    # pot 14; seat 2 calls 9 -> 23 -> at most 9 + 23 = 32
    assert rules(s, 2, ActionKind.RAISE, 32) == []
    assert rules(s, 2, ActionKind.RAISE, 33) == ["bet.size"]


def test_no_limit_hand_replays_clean_where_fixed_limit_flags_every_bet() -> None:
    script = """
        stud8 10/20 ante 1 bring-in 2
        seat 1 Ann 1000
        seat 2 Bob 1000
        antes
        3rd 1:Kc 2d 5s 2:Ah 3h 2c
        2 bring-in 2
        1 call 2
        4th 1:9c 2:Jh
        2 bet 13
        1 call 13
        5th 1:6d 2:Qs
        2 bet 39
        1 raise 39 to 78
        2 call 39
        6th 1:4h 2:8c
        2 check
        1 check
        7th 1:Td 2:7c
        2 check
        1 check
        show 2 Ah 3h 2c Jh Qs 8c 7c
        muck 1
        collect 2 188
    """
    fixed = build(script)
    assert {v.rule for v in replay(fixed, profile_for(fixed)).violations} == {"bet.size"}
    open_ = replace(fixed, limit=Limit.NO_LIMIT)
    assert replay(open_, profile_for(open_)).violations == ()
