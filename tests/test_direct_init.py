"""engine/model.py's direct_init: the classes it builds behave exactly like the frozen slotted dataclasses
they are (construction, defaults, equality, hashing, repr, frozen-ness, replace, copies, pickles)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from studbook.engine.cards import Card
from studbook.engine.model import Action, ActionKind, Deal, Game, Hand, Seat, SkippedLine, Tournament, direct_init


_Plain = dataclasses.make_dataclass(
    "_Plain",
    [(f.name, f.type, dataclasses.field(default=f.default)) for f in dataclasses.fields(Action)],
    frozen=True,
    slots=True,
)
"""Action's fields in a class left as dataclass makes it: what direct_init's classes must equal."""


def _as_plain(action: Action) -> object:
    return _Plain(*(getattr(action, f.name) for f in dataclasses.fields(Action)))


def test_construction_by_position_keyword_and_default() -> None:
    by_position = Action(4, 3, 2, ActionKind.RAISE, 100, 200, True)
    by_keyword = Action(all_in=True, to=200, amount=100, kind=ActionKind.RAISE, seat=2, street=3, line=4)
    assert by_position == by_keyword
    assert type(by_position) is Action and isinstance(by_position, Action)
    assert _as_plain(by_position) == _Plain(4, 3, 2, ActionKind.RAISE, 100, 200, True)
    defaults = Action(1, 3, 5, ActionKind.FOLD)
    assert (defaults.amount, defaults.to, defaults.all_in) == (0, None, False)
    assert repr(defaults) == repr(_Plain(1, 3, 5, ActionKind.FOLD)).replace("_Plain", "Action")


def test_missing_or_unknown_arguments_are_refused() -> None:
    with pytest.raises(TypeError):
        Action(1, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Action(1, 3, 2, ActionKind.CALL, colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Action(1, 3, 2, ActionKind.CALL, 0, None, False, "one too many")  # type: ignore[call-arg]


def test_equality_and_hash_follow_the_fields_and_the_class() -> None:
    a, b = Action(1, 3, 2, ActionKind.CALL, 10), Action(1, 3, 2, ActionKind.CALL, 10)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Action(1, 3, 2, ActionKind.CALL, 11)
    same_fields: object = _Plain(1, 3, 2, ActionKind.CALL, 10)
    assert a != same_fields  # another class with the same fields
    assert SkippedLine(3, "x") == SkippedLine(3, "x") != SkippedLine(3, "y")


def test_frozen() -> None:
    seat = Seat(1, "Ann", 500)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.stack = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del seat.player
    with pytest.raises((AttributeError, TypeError)):  # TypeError: CPython 3.11's frozen slots dataclasses
        seat.colour = "red"  # type: ignore[attr-defined]


def test_replace_copy_and_pickle_give_equal_objects_of_the_class() -> None:
    deal = Deal(7, 3, 2, (Card.parse("As"), None), (Card.parse("Kd"),))
    assert dataclasses.replace(deal, seat=4) == Deal(7, 3, 4, deal.down, deal.up)
    tournament = Tournament("123", 1000, 100, "USD", "IV")
    hand = Hand("pokerstars", "1", Game.STUD, 100, 200, (Seat(2, "Ann", 500),), (deal,))
    for obj in (deal, tournament, SkippedLine(3, "x"), hand):
        for twin in (copy.copy(obj), copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
            assert twin == obj and type(twin) is type(obj)


def test_only_frozen_slotted_dataclasses_with_plain_fields() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        x: list[int] = dataclasses.field(default_factory=list)

    for cls in (NoSlots, NotFrozen, Factory):
        with pytest.raises(TypeError):
            direct_init(cls)
