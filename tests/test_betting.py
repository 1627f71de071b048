"""The street ledger: every site's wording of a raise or call becomes the same model Action, and the
chips it records add up."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st
from studbook.engine.betting import StreetLedger
from studbook.engine.model import Action, ActionKind


@dataclass(frozen=True)
class Step:
    """One move of a scripted street, as street totals: what the three wordings are printed from."""

    seat: int
    kind: ActionKind
    before: int
    """The seat's chips in before the move."""
    level: int
    """The street's level before the move."""
    total: int
    """The seat's chips in after the move."""


@st.composite
def streets(draw: st.DrawFn) -> list[Step]:
    """A street of calls, checks, bets and raises among 2-6 seats, with totals worked out by plain
    arithmetic here (the oracle), independent of the ledger."""
    seats = draw(st.integers(2, 6))
    contrib = dict.fromkeys(range(1, seats + 1), 0)
    level = 0
    steps: list[Step] = []
    for _ in range(draw(st.integers(1, 14))):
        seat = draw(st.integers(1, seats))
        before = contrib[seat]
        if draw(st.booleans()):
            total = level + draw(st.integers(1, 5000))
            kind = ActionKind.RAISE if level else ActionKind.BET
        elif level > before:
            total, kind = level, ActionKind.CALL
        else:
            total, kind = before, ActionKind.CHECK
        steps.append(Step(seat, kind, before, level, total))
        contrib[seat] = total
        level = max(level, total)
    return steps


def _play(steps: list[Step], wording: str) -> tuple[list[Action], StreetLedger]:
    ledger = StreetLedger(street=4)
    out: list[Action] = []
    for line, s in enumerate(steps, start=1):
        if s.kind is ActionKind.RAISE:
            if wording == "to":
                out.append(ledger.raise_to(line, 4, s.seat, s.kind, s.total))
            elif wording == "by":
                out.append(ledger.raise_by(line, 4, s.seat, s.kind, s.total - s.level, s.total))
            else:
                out.append(ledger.raise_adding(line, 4, s.seat, s.kind, s.total - s.before))
        elif s.kind is ActionKind.CALL:
            if wording == "to":
                out.append(ledger.call_to(line, 4, s.seat, s.total))
            else:
                out.append(ledger.call_adding(line, 4, s.seat, s.total - s.before))
        elif s.kind is ActionKind.BET:
            out.append(ledger.bet(line, 4, s.seat, s.kind, s.total))
        else:
            out.append(ledger.record(Action(line, 4, s.seat, s.kind)))
    return out, ledger


@given(streets())
def test_the_three_raise_wordings_of_one_street_give_identical_actions(steps: list[Step]) -> None:
    by_to, _ = _play(steps, "to")
    by_increment, _ = _play(steps, "by")
    by_added, _ = _play(steps, "added")
    assert by_to == by_increment == by_added


@given(streets())
def test_actions_follow_the_model_and_contributions_add_up(steps: list[Step]) -> None:
    actions, ledger = _play(steps, "added")
    for s, a in zip(steps, actions):
        assert (a.seat, a.kind) == (s.seat, s.kind)
        if s.kind is ActionKind.RAISE:
            assert (a.amount, a.to) == (s.total - s.level, s.total)  # increment over the level, new total
        else:
            assert (a.amount, a.to) == (s.total - s.before, None)  # chips put in
    final: dict[int, int] = {}
    for s in steps:
        final[s.seat] = s.total
    assert {seat: ledger.contributed(seat) for seat in final} == final
    assert ledger.level == max(final.values())
    assert ledger.bets == sum(s.kind in (ActionKind.BET, ActionKind.RAISE) for s in steps)
    assert sum(ledger.contrib.values()) == sum(
        a.amount if a.to is None else a.to - s.before for s, a in zip(steps, actions)
    )


@given(streets())
def test_recording_the_model_actions_again_gives_the_same_street(steps: list[Step]) -> None:
    """A writer or the replay that reads the model's Actions back sees the chips the parser saw."""
    actions, ledger = _play(steps, "to")
    again = StreetLedger(street=4)
    for s, a in zip(steps, actions):
        assert again.added(a) == s.total - s.before
        again.record(a)
    assert (again.contrib, again.level, again.bets) == (ledger.contrib, ledger.level, ledger.bets)


@given(streets(), st.integers(1, 5000))
def test_an_uncalled_return_takes_the_excess_back_and_lowers_the_level(steps: list[Step], extra: int) -> None:
    _, ledger = _play(steps, "to")
    top = max(ledger.contrib, key=lambda seat: ledger.contrib[seat])
    others = max((v for seat, v in ledger.contrib.items() if seat != top), default=0)
    ledger.raise_to(99, 4, top, ActionKind.RAISE, ledger.level + extra)
    excess = ledger.contributed(top) - others
    ledger.uncalled(top, excess)
    assert ledger.contributed(top) == others == ledger.level


def test_full_tilt_completion_over_a_bring_in_is_the_model_raise() -> None:
    """Bring-in 1, ``completes it to 2``, ``raises to 4``, a call, then 4th street starts afresh."""
    ledger = StreetLedger(bring_in=100)
    assert ledger.bet(10, 3, 1, ActionKind.BRING_IN, 100) == Action(10, 3, 1, ActionKind.BRING_IN, 100)
    assert ledger.bets == 0 and ledger.level == 100
    assert ledger.raise_to(11, 3, 2, ActionKind.COMPLETE, 200) == Action(11, 3, 2, ActionKind.COMPLETE, 100, 200)
    assert ledger.raise_to(12, 3, 1, ActionKind.RAISE, 400) == Action(12, 3, 1, ActionKind.RAISE, 200, 400)
    assert ledger.call_to(13, 3, 2, 400) == Action(13, 3, 2, ActionKind.CALL, 200)
    assert (ledger.bets, ledger.level, ledger.contributed(1)) == (2, 400, 400)
    assert ledger.raise_adding(14, 4, 1, ActionKind.RAISE, 200) == Action(14, 4, 1, ActionKind.RAISE, 200, 200)
    assert (ledger.street, ledger.bets, ledger.contributed(2)) == (4, 1, 0)


def test_a_short_bring_in_still_sets_the_nominal_level() -> None:
    """All-in for 40 on a 100 bring-in: the next player calls 100 (docs/rules.md §2)."""
    ledger = StreetLedger(bring_in=100)
    ledger.bet(1, 3, 1, ActionKind.BRING_IN, 40, all_in=True)
    assert ledger.to_call(2) == 100 and ledger.to_call(1) == 60


def test_an_all_in_raise_of_less_than_half_a_bet_is_not_a_full_raise() -> None:
    ledger = StreetLedger(street=5)
    assert ledger.put(1, 400, ActionKind.BET, min_step=400) == 400
    assert ledger.put(2, 550, ActionKind.RAISE, min_step=400) == 0  # 150 over: under half a bet
    assert (ledger.bets, ledger.level, ledger.full_level) == (1, 550, 400)
    assert ledger.put(3, 750, ActionKind.RAISE, min_step=400) == 350  # 350 over the last full bet
    assert (ledger.bets, ledger.full_level) == (2, 750)


def test_an_action_of_the_next_street_is_read_from_nothing() -> None:
    """Read before it is recorded, a raise opening a new street's count owes nothing to the last one."""
    ledger = StreetLedger()
    ledger.record(Action(1, 3, 1, ActionKind.BET, 200))
    raise_ = Action(2, 4, 1, ActionKind.RAISE, 200, 200)
    assert ledger.added(raise_) == 200
    ledger.record(raise_)
    assert (ledger.street, ledger.contributed(1), ledger.level) == (4, 200, 200)


@given(
    st.lists(
        st.tuples(st.integers(1, 4), st.sampled_from([ActionKind.BET, ActionKind.RAISE, ActionKind.CALL])), max_size=12
    ),
    st.lists(st.integers(1, 40), min_size=12, max_size=12),
    st.integers(0, 40),
)
def test_lifts_count_every_raise_of_the_level_and_bets_only_the_full_ones(
    moves: list[tuple[int, ActionKind]], chips: list[int], min_step: int
) -> None:
    """``lifts`` (what a stat counts as aggression faced) is every aggressive action that raised the level,
    a short all-in one included; ``bets`` (what the cap counts) only those whose step is half a bet or more."""
    ledger = StreetLedger(range(1, 5), street=4)
    lifted = full = 0
    last_full = 0
    for (seat, kind), added in zip(moves, chips):
        total = ledger.contributed(seat) + added
        if kind is not ActionKind.CALL and total > ledger.level:
            lifted += 1
            if 2 * (total - last_full) >= min_step:
                full += 1
                last_full = total
        ledger.put(seat, added, kind, min_step)
        assert (ledger.lifts, ledger.bets) == (lifted, full)
    assert ledger.bets <= ledger.lifts
    ledger.start_street()
    assert (ledger.lifts, ledger.bets) == (0, 0)


@given(
    bring_in=st.integers(0, 50),
    wagers=st.lists(st.integers(1, 400), max_size=4),
    had=st.integers(0, 3),
    added=st.integers(1, 2_000),
)
def test_an_all_in_of_unknown_kind_adds_its_chips_and_is_what_the_street_makes_it(
    bring_in: int, wagers: list[int], had: int, added: int
) -> None:
    """``All-In $X`` / ``allin (X)`` say only the chips: whatever kind the ledger makes of them, the action
    adds exactly those chips, is all-in, and is a call exactly when there is a level to call that they do
    not go over, a bet when nothing is in, otherwise a completion (only the bring-in in) or a raise."""
    ledger = StreetLedger(range(1, 6))
    line = 0
    if bring_in:
        ledger.bet(line, 3, 1, ActionKind.BRING_IN, bring_in)
    for i, chips in enumerate(wagers):  # each seat 2.. lifts the level by its wager
        seat = 2 + i % 3
        ledger.raise_adding(line, 3, seat, ActionKind.RAISE, ledger.to_call(seat) + chips)
    seat = 5 if had == 0 or not wagers else 2 + (had - 1) % 3
    level, owed, lifts = ledger.level, ledger.to_call(seat), ledger.lifts
    before = ledger.contributed(seat)
    action = ledger.all_in_adding(line, 3, seat, added)
    assert action.all_in
    assert ledger.contributed(seat) - before == added
    if level == 0:
        assert action.kind is ActionKind.BET
    elif added <= owed:
        assert action.kind is ActionKind.CALL
    else:
        assert action.kind is (ActionKind.COMPLETE if lifts == 0 else ActionKind.RAISE)
        assert ledger.level == before + added
