"""Each rule id of the validator, caught on a real hand (names replaced) changed in one place.

The unchanged hands are valid (checked first), so every violation below comes from the mutation. The
mutations are the ones the issue lists: wrong bring-in, wrong sizes, a raise past the cap, a short call,
a check facing a bet, out of turn, after a fold, duplicate or extra cards, wrong totals and payouts.
"""

from __future__ import annotations

import pytest

from handbuilder import build
from stud_scripts import STUD8_SPLIT, STUD_CAPPED, STUD_DOUBLE_BET, STUD_SIDE_POT
from studbook.engine.replay import replay
from studbook.engine.validate import RULES, validate
from studbook.parsers.registry import get_profile, profile_for


def mutate(script: str, old: str, new: str) -> str:
    assert script.count(old) == 1, f"{old!r} must occur exactly once"
    return script.replace(old, new)


def rules(script: str, profile: str | None = None) -> set[str]:
    found = validate(build(script), get_profile(profile or "pokerstars"))
    unknown = {v.rule for v in found} - set(RULES)
    assert not unknown, f"undocumented rule ids {unknown}"
    return {v.rule for v in found}


@pytest.mark.parametrize("script", [STUD8_SPLIT, STUD_DOUBLE_BET, STUD_CAPPED, STUD_SIDE_POT])
def test_the_real_hands_are_valid(script: str) -> None:
    assert validate(build(script), get_profile("pokerstars")) == []


MUTANTS = [
    # (rule expected, base, old, new)
    ("bring-in.player", STUD_DOUBLE_BET, "4:4d", "4:Kc"),  # Hal's 5s is now the lowest door card
    ("bring-in.amount", STUD_DOUBLE_BET.replace("ante 1", "ante 1 bring-in 2"), "4 bring-in 2", "4 bring-in 3"),
    ("call.amount", STUD_DOUBLE_BET, "4 bring-in 2", "4 bring-in 3"),  # others call 2 into a 3 bring-in
    ("bet.size", STUD_DOUBLE_BET, "1 bet 8\n4 fold", "1 bet 4\n4 fold"),
    ("bet.size", STUD8_SPLIT, "3 bet 8\n5 fold", "3 bet 4\n5 fold"),
    ("bet.size", STUD_CAPPED, "8 raise 8 to 16", "8 raise 12 to 20"),
    ("raise.cap", STUD_CAPPED, "marker capped\n5 call 8", "5 raise 8 to 40\n8 call 8"),
    ("call.amount", STUD_DOUBLE_BET, "8 bet 8\n1 call 8", "8 bet 8\n1 call 4"),
    ("action.illegal", STUD_DOUBLE_BET, "8 bet 8\n1 call 8", "8 bet 8\n1 check"),
    ("action.order", STUD_DOUBLE_BET, "5 call 2\n6 fold", "6 fold\n5 call 2"),
    ("action.after-fold", STUD_DOUBLE_BET, "4 call 8\n5 call 8", "4 call 8\n5 call 8\n3 call 8"),
    ("cards.duplicate", STUD_DOUBLE_BET, "8:5c", "8:Ad"),
    ("cards.count", STUD_DOUBLE_BET, "5th 1:As", "5th 1:As 9c"),
    ("pot.award", STUD_DOUBLE_BET, "collect 1 94", "collect 1 99"),
    ("pot.total", STUD_DOUBLE_BET, "total 98", "total 99"),
    ("rake", STUD_DOUBLE_BET, "rake 4", "rake 5"),
    ("pot.winner", STUD_DOUBLE_BET, "collect 1 94 pot", "collect 1 84 pot\ncollect 3 10 pot"),
    ("pot.winner", STUD_CAPPED, "collect 5 104", "collect 8 104"),
    ("pot.winner", STUD8_SPLIT, "show 3 7h 2h 4c Jc 5h 7s 8c", "show 3 7h 2h 4c Jc 5h 7s Kc"),
    ("pot.award", STUD8_SPLIT, "collect 1 37 pot\ncollect 3 36", "collect 1 36 pot\ncollect 3 37"),
    ("pot.award", STUD_SIDE_POT, "collect 4 61 side pot", "collect 4 60 side pot\ncollect 7 1 main pot"),
    ("pot.printed", STUD_SIDE_POT, "pots 42 61", "pots 43 60"),
    ("stack.exceeded", STUD_DOUBLE_BET, "seat 8 Hal 104", "seat 8 Hal 9"),
    ("stack.exceeded", STUD_DOUBLE_BET.replace("antes\n", "antes\n2 ante 5\n"), "seat 2 Bob 44", "seat 2 Bob 4"),
    ("ante.amount", STUD_DOUBLE_BET, "antes\n", "".join(f"{s} ante {2 if s == 8 else 1}\n" for s in range(1, 9))),
    ("uncalled", STUD_DOUBLE_BET, "collect 1 94", "uncalled 8 8\ncollect 1 94"),
    ("cards.shown", STUD_DOUBLE_BET, "show 1 7d Qs 8s 2s As 5d 7h", "show 1 7d Qs 8s 2s Ac 5d 7h"),
    ("action.missing", STUD_DOUBLE_BET, "8 call 8\nshow 1", "show 1"),
    ("marker", STUD8_SPLIT, "7 bring-in 2\n", "7 bring-in 2\nmarker capped\n"),
]


def test_every_rule_id_is_caught_by_a_mutation_here_or_by_a_named_test() -> None:
    """A new rule id comes with a hand that breaks it. Three are tested elsewhere: ``cards.garbled`` below
    (a warning line, not a changed action), ``raise.reopen`` in test_replay (a short all-in's raise) and
    ``table.size`` in test_hostile_input (a ninth player, which takes a seat line, an ante and a deal)."""
    assert set(RULES) - {rule for rule, *_ in MUTANTS} == {"cards.garbled", "raise.reopen", "table.size"}


@pytest.mark.parametrize(("rule", "base", "old", "new"), MUTANTS)
def test_each_mutation_is_caught_with_its_rule(rule: str, base: str, old: str, new: str) -> None:
    assert rule in rules(mutate(base, old, new))


def test_a_double_bet_is_a_wrong_size_where_the_profile_forbids_it() -> None:
    assert rules(STUD_DOUBLE_BET, "pokerstars") == set()
    assert {"bet.size", "marker"} <= rules(STUD_DOUBLE_BET, "wsop-tournament")


def test_the_cap_heads_up_depends_on_the_profile() -> None:
    # 5th street became heads-up after the first fold: RRoP lifts the cap, so PS's "capped" is wrong there
    assert rules(STUD_CAPPED, "pokerstars") == set()
    assert rules(STUD_CAPPED, "rrop") == {"marker"}
    assert "raise.cap" not in rules(mutate(STUD_CAPPED, "marker capped\n5 call 8", "5 raise 8 to 40\n8 call 8"), "rrop")


def test_a_garbled_card_is_reported_where_it_was_printed() -> None:
    found = validate(
        build(mutate(STUD_DOUBLE_BET, "muck 8\n", "muck 8\nwarn of is not a card\n")), get_profile("pokerstars")
    )
    assert [(v.rule, v.line) for v in found] == [("cards.garbled", STUD_DOUBLE_BET.strip().count("\n") + 1)]


def test_violations_say_who_where_and_how_much() -> None:
    found = validate(
        build(mutate(STUD_DOUBLE_BET, "8 bet 8\n1 call 8", "8 bet 8\n1 call 4")), get_profile("pokerstars")
    )
    short = next(v for v in found if v.rule == "call.amount")
    assert (short.seat, short.player, short.street) == (1, "Ann", 4)
    assert short.message == "Seat 1 (Ann) calls $0.04 on 4th street, but the call is $0.08"
    assert short.line == STUD_DOUBLE_BET.strip().splitlines().index("1 call 8") + 1


def test_a_wrong_split_names_the_amounts_and_the_hands() -> None:
    found = validate(
        build(mutate(STUD8_SPLIT, "collect 1 37 pot\ncollect 3 36", "collect 1 36 pot\ncollect 3 37")),
        get_profile("pokerstars"),
    )
    messages = [v.message for v in found if v.rule == "pot.award"]
    assert messages[0].startswith("Seat 1 (Ann) collected $0.36 from the pot, but the rules pay $0.37 (high: Seat 1")
    assert "low: Seat 3 (Cid) with 8,7,5,4,2" in messages[0]


def test_validate_is_the_replay_violations() -> None:
    hand = build(mutate(STUD_CAPPED, "collect 5 104", "collect 8 104"))
    assert validate(hand, profile_for(hand)) == list(replay(hand, profile_for(hand)).violations)


def test_every_rule_has_a_description() -> None:
    assert all(isinstance(text, str) and text.endswith(".") for text in RULES.values())
