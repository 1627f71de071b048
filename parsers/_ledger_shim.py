"""TEMPORARY: the few methods of the engine's street ledger (engine/betting.py, ``StreetLedger``, being
written on another branch) that parsers/fulltilt.py calls, with the same names and arguments. Replaced
by ``from ..engine.betting import StreetLedger`` as soon as that module is on main; nothing else uses it.
"""

from __future__ import annotations

from ..engine.model import Action, ActionKind, Money


class StreetLedger:
    """The street-betting state a site reader needs to turn "raises to Y" into the model's increment."""

    def __init__(self) -> None:
        self.street = 3
        self.contrib: dict[int, Money] = {}
        self.level: Money = 0

    def _at(self, street: int) -> None:
        if street != self.street:
            self.street, self.contrib, self.level = street, {}, 0

    def _put(self, a: Action, chips: Money) -> Action:
        self.contrib[a.seat] = self.contrib.get(a.seat, 0) + chips
        self.level = max(self.level, self.contrib[a.seat])
        return a

    def raise_to(self, line: int, street: int, seat: int, kind: ActionKind, to: Money, all_in: bool = False) -> Action:
        self._at(street)
        return self._put(Action(line, street, seat, kind, to - self.level, to, all_in), to - self.contrib.get(seat, 0))

    def call_adding(self, line: int, street: int, seat: int, added: Money, all_in: bool = False) -> Action:
        self._at(street)
        return self._put(Action(line, street, seat, ActionKind.CALL, added, None, all_in), added)

    def bet(self, line: int, street: int, seat: int, kind: ActionKind, amount: Money, all_in: bool = False) -> Action:
        self._at(street)
        return self._put(Action(line, street, seat, kind, amount, None, all_in), amount)

    def uncalled(self, seat: int, amount: Money) -> None:
        self.contrib[seat] = self.contrib.get(seat, 0) - amount
        self.level = max(self.contrib.values(), default=0)
