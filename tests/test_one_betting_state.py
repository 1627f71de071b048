"""The engine is the one betting state: no module outside ``engine/`` keeps its own record of the
betting or of which cards are known while walking a hand's events.

Read from the source, as a lint rule: in every module of ``analytics/``, ``cli/`` and ``pipeline/``, no
loop over a hand's events (``for ... in hand.events``, ``enumerate(hand.events)``, or indexing
``hand.events[...]`` inside a loop) may assign to, or add to, a name that is a piece of betting or card
state: who is the aggressor, whether a street was opened, who has acted, checked or folded, who had the
bring-in, the level, the streets reached, the cards dealt or shown. Those are the engine's record
(``ReplayResult.decisions``, ``folded``, ``bring_in_seat``, ``street_aggressor``, ``reached``, ``cards``;
``TableState``), which the stats, the pages and the text replay read."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import REPO

STATE_NAMES = frozenset(
    {
        "aggressor",
        "last_aggressor",
        "opened",
        "acted",
        "checked",
        "folds",
        "folded",
        "bring_in",
        "bring_in_known",
        "reached",
        "level",
        "to_call",
        "dealt",
        "shown",
        "first_cards",
    }
)
GROWING = frozenset({"add", "append", "extend", "setdefault", "update", "insert"})


def _names(target: ast.expr) -> set[str]:
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return {n for e in target.elts for n in _names(e)}
    if isinstance(target, ast.Subscript):
        return _names(target.value)
    if isinstance(target, ast.Call) and isinstance(target.func, ast.Attribute):
        return _names(target.func.value)  # dealt.setdefault(seat, []).extend(...)
    return set()


def _walks_events(loop: ast.For) -> bool:
    """Whether the loop goes over a hand's events, or reads them by index inside."""
    if any(isinstance(n, ast.Attribute) and n.attr == "events" for n in ast.walk(loop.iter)):
        return True
    return any(
        isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute) and n.value.attr == "events"
        for n in ast.walk(loop)
    )


def bookkeeping(source: str) -> list[tuple[int, str]]:
    """(line, code) of each write to a betting- or card-state name inside a loop over a hand's events."""
    found: dict[int, str] = {}
    for loop in ast.walk(ast.parse(source)):
        if not isinstance(loop, ast.For) or not _walks_events(loop):
            continue
        for node in ast.walk(loop):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in GROWING:
                targets = [node.func.value]
            if any(_names(t) & STATE_NAMES for t in targets):
                found.setdefault(node.lineno, ast.unparse(node))
    return sorted(found.items())


MODULES = sorted(p for folder in ("analytics", "cli", "pipeline") for p in (REPO / folder).glob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_betting_or_card_state_is_kept_outside_the_engine(path: Path) -> None:
    assert bookkeeping(path.read_text(encoding="utf-8")) == []


def test_the_rule_sees_a_second_betting_state() -> None:
    """The rule finds the kinds of bookkeeping it forbids (the stat flags' own pass over the events
    before the engine kept the record, and a replay page's record of the cards dealt)."""
    flags_pass = """
def read(hand):
    aggressor, opened, acted = None, False, set()
    for i, e in enumerate(hand.events):
        if e.kind in AGGRESSIVE:
            aggressor, opened = e.seat, True
        acted.add(e.seat)
"""
    page = """
def steps(hand, groups):
    for group in groups:
        for index in group:
            event = hand.events[index]
            dealt.setdefault(event.seat, []).extend(event.down)
"""
    assert [line for line, _ in bookkeeping(flags_pass)] == [6, 7]
    assert [line for line, _ in bookkeeping(page)] == [6]
