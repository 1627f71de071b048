"""Turning an XML site's record of one hand into a :class:`~studbook.engine.model.Hand`.

iPoker and Merge describe a hand in the same terms, which differ from the text sites' in four ways
that this module deals with once for both:

* **Amounts mean different things per action**: a call, bet or all-in states the chips put in, a
  raise (and Merge's completion) the player's new total for the street. :class:`HandDraft` asks the
  engine's :class:`~studbook.engine.betting.StreetLedger` to turn each into the model's ``Action``,
  and decides what an "all-in" was (a call, a bet, a completion or a raise) from the bet it faced.
* **No uncalled-bet line**: the sites fold the unmatched part of a bet back into the bettor's
  winnings (Merge sometimes lists it as a winner of its own, ``uncalled="true"``). The draft returns
  the unmatched part at the end of its street, as the text sites print it, and takes it out of the
  bettor's printed winnings unless the site listed it separately.
* **Stakes may be absent**: tournament files print the game but not the level's limits, and the
  limits rise from hand to hand. :class:`StakesMemory` learns each level's small and big bet from
  the hands of the file (a full completion or bet shows it) keyed by game and ante, so a hand in
  which nobody bet is given its level's limits from an earlier or later hand of the same file.
* **Rake is not printed**: it is what the players put in less what the site paid out.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from ..engine.betting import StreetLedger
from ..engine.cards import Card
from ..engine.games import RULES
from ..engine.replay import has_open_pair
from ..engine.stakes import DOUBLE_BET_GAMES
from ..engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Event,
    Game,
    Hand,
    Limit,
    Money,
    Muck,
    ParseWarning,
    Seat,
    Show,
    SkippedLine,
    Tournament,
    UncalledReturn,
    format_money,
)
from .currencies import CURRENCY_OF_SIGN
from .errors import NotStudHand, ParseError
from .textsite import cents
from .unknown_lines import kept_without
from .xmlstream import Node

_MOST = 10**15
"""Amounts from ten trillion (in hundredths) up are hostile input, not stakes."""


def money(text: str) -> Money | None:
    """Hundredths of ``$1,234.5``, ``€0.05``, ``1,440``, ``0.10`` (the seam's reading); ``None`` for
    anything else, absurdly large numbers included."""
    text = text.strip()
    value = cents(text) if len(text) <= 32 else None
    return value if value is not None and value < _MOST else None


SYMBOLS = CURRENCY_OF_SIGN
"""Each currency sign's code, for the XML sites' readers."""


class Fault(Exception):
    """What a site module raises for a hand it cannot read: the element's line, its text, what was
    expected there and what went wrong. :func:`fault_error` makes it the user's ParseError."""

    def __init__(self, line: int, text: str, expected: str, message: str) -> None:
        super().__init__(line, text, expected, message)
        self.line, self.text, self.expected, self.message = line, text, expected, message


def fault_error(fault: Fault, source_file: str, site_name: str) -> ParseError:
    return ParseError(source_file, fault.line, fault.text[:200], fault.expected, f"{site_name} hand: {fault.message}")


def amount(text: str | None, line: int, what: str) -> Money:
    """An amount the hand cannot do without, or a :class:`Fault` naming it."""
    value = money(text) if text is not None else None
    if value is None:
        raise Fault(
            line, f"{what}={text!r}", "an amount such as '$0.25', '€1', '1,500' or '0.10'", f"unreadable {what}"
        )
    return value


def card(text: str, line: int) -> Card:
    try:
        return Card.parse(text)
    except ValueError:
        raise Fault(line, text, "a card such as 'Kc', 'H10' or 'TS'", f"unreadable card {text!r}") from None


@dataclass(frozen=True, slots=True)
class Stakes:
    """A level's limits (for no-limit: the minimum bet twice)."""

    small_bet: Money
    big_bet: Money


class StakesMemory:
    """The limits of each (game, ante) level seen in one file, learnt from its hands' bets.

    Only tournament files need it (cash files print their limits): a tournament's levels differ in
    their antes, and each level's completion and bets show its limits. A later hand confirms or
    contradicts what an earlier one showed; the first evidence wins, so a wrong-sized bet is judged
    against the level as the other hands played it.
    """

    def __init__(self) -> None:
        self.levels: dict[tuple[Game, Money | None], Stakes] = {}
        self.weak: dict[tuple[Game, Money | None], Stakes] = {}

    def learn(self, key: tuple[Game, Money | None], seen: Stakes | None, weak: Stakes | None = None) -> None:
        if seen is not None:
            self.levels.setdefault(key, seen)
        if weak is not None:
            self.weak.setdefault(key, weak)

    def get(self, key: tuple[Game, Money | None]) -> Stakes | None:
        """The level's limits as a completion or bet of the file showed them."""
        return self.levels.get(key)

    def fallback(self, key: tuple[Game, Money | None]) -> Stakes | None:
        """The limits, or failing that the step of a raise (when every bet of the level was all-in)."""
        return self.levels.get(key) or self.weak.get(key)


# Printed kinds of action, as the sites' modules name them to the draft.
PUT = "put"  # chips put in, kind decided by the bet faced (an all-in)
BET_OR_COMPLETE = "bet"
RAISE_TO = "raise-to"
COMPLETE_TO = "complete-to"


class HandDraft:
    """One hand being assembled, street by street, in the order things happened.

    The site module adds seats, then for each street its deals and its actions (in the site's order),
    then the showdown and the winnings; :meth:`hand` returns the finished Hand.
    """

    def __init__(self, site: str, hand_id: str, game: Game, line: int) -> None:
        self.site, self.hand_id, self.game, self.line = site, hand_id, game, line
        self.rules = RULES[game]
        self.seats: list[Seat] = []
        self.stack: dict[int, Money] = {}
        self.events: list[Event] = []
        self.warnings: list[ParseWarning] = []
        self.street = self.rules.first_street
        self.ledger = StreetLedger()
        """The engine's street betting (chips per seat, level): turns the site's amounts into Actions."""
        self.last_line = line
        self.returned: dict[int, Money] = {}
        """Uncalled chips still inside the bettor's printed winnings (taken out by :meth:`collect`)."""
        self.returned_total: dict[int, Money] = {}
        self.printed_returns: dict[int, tuple[Money, int]] = {}
        self.folded: set[int] = set()
        self.antes: list[Money] = []
        self.bring_in: Money | None = None
        self.small_seen: list[Money] = []
        self.fourth_seen: list[Money] = []
        self.big_seen: list[Money] = []
        self.raise_steps: dict[bool, list[Money]] = {False: [], True: []}
        """Raise steps by whether the street bets the big bet (the double-bet street left out)."""
        self.invested: dict[int, Money] = {}
        self.collected: dict[int, Money] = {}

    # ------------------------------------------------------------------ seats and cards
    def add_seat(self, seat: int, name: str, stack: Money, sitting_out: bool = False) -> None:
        self.seats.append(Seat(seat, name, stack, sitting_out))
        self.stack[seat] = stack
        self.invested[seat] = 0

    def deal(self, line: int, seat: int, down: tuple[Card | None, ...], up: tuple[Card | None, ...]) -> None:
        self.events.append(Deal(line, self.street, seat, down, up))

    def start_street(self, street: int) -> None:
        """Close the betting of the street before (returning its unmatched bet) and open ``street``."""
        if street != self.street:
            self.close_street()
            self.street = street
            self.ledger.start_street(street)

    def close_street(self) -> None:
        """Return the part of the street's top bet nobody matched (the sites never print it), by the engine's
        rule (:meth:`StreetLedger.unmatched`)."""
        unmatched = self.ledger.unmatched()
        if unmatched is not None:
            top_seat, back = unmatched
            line = self.last_line
            if top_seat in self.printed_returns:
                back, line = self.printed_returns.pop(top_seat)
            else:
                self.returned[top_seat] = self.returned.get(top_seat, 0) + back
            self.events.append(UncalledReturn(line, top_seat, back))
            self.returned_total[top_seat] = self.returned_total.get(top_seat, 0) + back
            self.ledger.uncalled(top_seat, back)
            self.stack[top_seat] += back
            self.invested[top_seat] -= back

    # ------------------------------------------------------------------ actions
    def _put(self, seat: int, chips: Money) -> bool:
        """Move ``chips`` from the seat's stack; True when that was all of it (all-in)."""
        left = self.stack[seat]
        self.stack[seat] = left - chips
        self.invested[seat] += chips
        return chips > 0 and chips >= left

    def ante(self, line: int, seat: int, chips: Money) -> None:
        all_in = self._put(seat, chips)
        if not all_in:
            self.antes.append(chips)
        self.events.append(Action(line, self.rules.first_street, seat, ActionKind.ANTE, chips, None, all_in))
        self.last_line = line

    def act(self, line: int, seat: int, printed: str, chips: Money = 0) -> None:
        """One printed action: ``printed`` is an ActionKind value (``call``, ``check``, ``fold``,
        ``bring-in``) or one of :data:`PUT`, :data:`BET_OR_COMPLETE`, :data:`RAISE_TO`,
        :data:`COMPLETE_TO` with ``chips`` as the site means it."""
        if seat not in self.stack:
            raise Fault(line, f"seat {seat}", "a seat of the hand's player list", "action by a player not seated")
        ledger, street = self.ledger, self.street
        had = ledger.contributed(seat)
        if printed in (RAISE_TO, COMPLETE_TO):
            put = chips - had
            if put < 0:
                raise Fault(
                    line,
                    f"to {chips}",
                    "a raise above what the player had put in",
                    "raise to less than the player's own bet",
                )
        elif printed in ("check", "fold"):
            put = 0
        else:
            put = chips
        total = had + put
        base = ledger.full_level if ledger.bets else 0
        all_in = self._put(seat, put)
        kind = self._kind(printed, total)
        if kind in (ActionKind.RAISE, ActionKind.COMPLETE):
            action = ledger.raise_to(line, street, seat, kind, total, all_in)
        elif kind is ActionKind.CALL:
            action = ledger.call_adding(line, street, seat, put, all_in)
        elif kind in (ActionKind.CHECK, ActionKind.FOLD):
            action = ledger.record(Action(line, street, seat, kind))
        else:
            action = ledger.bet(line, street, seat, kind, put, all_in)
        if kind is ActionKind.FOLD:
            self.folded.add(seat)
        if kind is ActionKind.BRING_IN and not all_in:
            self.bring_in = put
        rules = self.rules
        if not all_in and kind in (ActionKind.COMPLETE, ActionKind.BET):  # a raise's step can be muddied by
            size = total if kind is ActionKind.COMPLETE else put  # an all-in for less before it
            if street == rules.double_bet_street:
                self.fourth_seen.append(size)
            else:
                (self.big_seen if street in rules.big_bet_streets else self.small_seen).append(size)
        elif not all_in and kind is ActionKind.RAISE and street != rules.double_bet_street:
            self.raise_steps[street in rules.big_bet_streets].append(total - base)
        self.events.append(action)
        self.last_line = line

    def _kind(self, printed: str, total: Money) -> ActionKind:
        """The model's kind of an aggressive or all-in action, from the bet it faced: on 3rd street
        the first bet over the bring-in is the completion; an all-in that does not pass the level is a
        call."""
        level = self.ledger.level
        third = self.street == self.rules.first_street
        opened = self.ledger.bets > 0 or level > (self.bring_in or 0) if third else level > 0
        if printed in (RAISE_TO, COMPLETE_TO, BET_OR_COMPLETE, PUT):
            if printed == PUT and total <= level:
                return ActionKind.CALL
            if third and not opened:
                return ActionKind.COMPLETE
            return ActionKind.RAISE if opened else ActionKind.BET
        return ActionKind(printed)

    # ------------------------------------------------------------------ the end
    def reveal(
        self, line: int, seat: int, cards: tuple[Card, ...], shown: bool, description: str | None = None
    ) -> None:
        self.events.append(Show(line, seat, cards, description) if shown else Muck(line, seat, cards))

    def collect(self, line: int, seat: int, chips: Money, pot: str = "pot") -> None:
        """What the site says it paid ``seat``; the bettor's own unmatched chips are taken back out."""
        back = self.returned.pop(seat, 0)
        if back > chips:
            self.warnings.append(
                ParseWarning(
                    line,
                    format_money(chips),
                    f"the site pays {format_money(chips)} "
                    f"to a player owed {format_money(back)} back from an uncalled bet",
                )
            )
            back = chips
        if chips - back > 0:
            self.events.append(Collect(line, seat, chips - back, pot))
        self.collected[seat] = self.collected.get(seat, 0) + chips - back

    def seen_stakes(self, weak: bool = False) -> Stakes | None:
        """The limits this hand's own full bets show, if any (4th street counts only without an open
        pair, where stud high allows either size); ``weak``: the steps of its raises instead."""
        if weak:
            small = self.raise_steps[False][0] if self.raise_steps[False] else None
            big = self.raise_steps[True][0] if self.raise_steps[True] else None
        else:
            small = self.small_seen[0] if self.small_seen else None
            big = self.big_seen[0] if self.big_seen else None
            if small is None and self.fourth_seen and not self._open_pair():
                small = self.fourth_seen[0]
        if small is None and big is None:
            return None
        if small is None:
            assert big is not None
            small = big // 2
        return Stakes(small, big if big is not None else 2 * small)

    def _open_pair(self) -> bool:
        """Whether a board of a stud-high game shows a pair on its double-bet street (either bet size is
        then allowed)."""
        if self.game not in DOUBLE_BET_GAMES:
            return False
        ups: dict[int, list[Card | None]] = {}
        for e in self.events:
            if isinstance(e, Deal) and e.street <= self.rules.double_bet_street:
                ups.setdefault(e.seat, []).extend(e.up)
        return has_open_pair(u[:2] for u in ups.values())

    def nominal_ante(self) -> Money | None:
        return Counter(self.antes).most_common(1)[0][0] if self.antes else None

    def hand(
        self,
        stakes: Stakes | None,
        *,
        source_file: str,
        limit: Limit = Limit.FIXED,
        currency: str | None = None,
        play_money: bool = False,
        tournament: Tournament | None = None,
        table: str | None = None,
        max_seats: int | None = None,
        started_at: datetime | None = None,
        mixed: str | None = None,
        total_pot: Money | None = None,
        bring_in: Money | None = None,
        ante: Money | None = None,
    ) -> Hand:
        """The finished hand; the rake is what was put in less what was paid out."""
        self.close_street()
        warnings = list(self.warnings)
        if stakes is None:
            warnings.append(
                ParseWarning(
                    self.line,
                    self.hand_id,
                    "the stakes are not printed and no bet of this file shows them: bet sizes cannot be judged",
                )
            )
            stakes = Stakes(0, 0)
        put_in = sum(self.invested.values())
        rake = put_in - sum(self.collected.values())
        return Hand(
            site=self.site,
            site_hand_id=self.hand_id,
            game=self.game,
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
            seats=tuple(self.seats),
            events=tuple(self.events),
            source_file=source_file,
            source_line=self.line,
            mixed=mixed,
            ante=ante,
            bring_in=bring_in,
            currency=currency,
            play_money=play_money,
            tournament=tournament,
            table=table,
            max_seats=max_seats,
            started_at=started_at,
            total_pot=total_pot,
            rake=rake,
            warnings=tuple(warnings),
            limit=limit,
        )


@dataclass(frozen=True, slots=True)
class Deferred:
    """A hand whose limits only the file's other hands can tell: finished by ``make`` once known."""

    key: tuple[Game, Money | None]
    seen: Stakes | None
    weak: Stakes | None
    make: Callable[[Stakes | None], Hand]


MAX_DEFERRED = 1_000
"""Hands held back waiting for their level's limits; past this the oldest goes out without them."""


def in_file_order(
    items: Iterable[Hand | ParseError | NotStudHand | Deferred], memory: StakesMemory
) -> Iterator[Hand | ParseError | NotStudHand]:
    """Results in file order, each deferred hand finished with its level's limits as soon as any hand
    of the file (before or after it) has shown them. Memory holds only the hands waiting."""
    queue: deque[Hand | ParseError | NotStudHand | Deferred] = deque()
    for item in items:
        if isinstance(item, Deferred):
            memory.learn(item.key, item.seen, item.weak)
        queue.append(item)
        while queue:
            head = queue[0]
            if isinstance(head, Deferred):
                stakes = memory.get(head.key)
                if stakes is None and len(queue) <= MAX_DEFERRED:
                    break
                queue.popleft()
                yield head.make(stakes or memory.fallback(head.key))
            else:
                yield head
                queue.popleft()
    for head in queue:
        if isinstance(head, Deferred):
            yield head.make(memory.fallback(head.key))
        else:
            yield head


HandShape = Mapping[str, frozenset[str]]
"""The elements a site's reader knows inside a hand, by their path from the hand element
(``"game/round/action"``), each with the attributes it reads or knows to carry nothing of the hand."""

UNKNOWN_PART = "element or attribute"


def unknown_parts(node: Node, shape: HandShape) -> list[SkippedLine]:
    """The parts of the hand element ``node`` that ``shape`` does not know: an element (with all it
    holds) or an attribute of a known element, each as the line it starts on and a short rendering of
    it. Why: a new client version adds an element or attribute, and a reader that passed it over
    silently would drop what it says unreported; kept as unknown, the hand carries it as the text
    sites carry a line no grammar rule knows (:mod:`.unknown_lines`)."""
    found: list[SkippedLine] = []

    def walk(n: Node, path: str) -> None:
        known = shape.get(path)
        if known is None:
            found.append(SkippedLine(n.line, rendered(n)))
            return
        if n.attrs.keys() - known:  # one set difference: most elements have no attribute to report
            found.extend(
                SkippedLine(n.line, f'<{n.tag} {k}="{v}">'[:200]) for k, v in n.attrs.items() if k not in known
            )
        for child in n.children:
            walk(child, path + "/" + child.tag)

    walk(node, node.tag)
    return found


def rendered(node: Node) -> str:
    """``<tag a="1" b="x">text</tag>``, cut to 200 characters: how an unknown element is shown."""
    attrs = "".join(f' {k}="{v}"' for k, v in node.attrs.items())
    inner = node.text or ("…" if node.children else "")
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"[:200]


def with_unknown(
    built: Hand | Deferred, unknown: list[SkippedLine], expected: str = "an element or attribute the reader knows"
) -> Hand | Deferred:
    """The hand read without its ``unknown`` parts, carrying them, when its chips and turns add up
    without them (deferred hands are judged with the limits seen so far: the accounting rules do not
    depend on them); a :class:`Fault` at the first of them, saying what does not add up, when not."""
    if not unknown:
        return built
    parts = tuple(sorted(unknown, key=lambda p: p.line))
    hand = built if isinstance(built, Hand) else built.make(built.seen or built.weak)
    kept = kept_without(hand, parts, UNKNOWN_PART)
    if not isinstance(kept, Hand):
        raise Fault(parts[0].line, parts[0].text, expected, kept)
    if isinstance(built, Hand):
        return kept
    make = built.make
    return Deferred(built.key, built.seen, built.weak, lambda stakes: replace(make(stakes), unknown_lines=parts))


def also_unknown(fault: Fault, unknown: list[SkippedLine]) -> Fault:
    """``fault``, saying too which part of the hand studbook does not know, if any: the hand was read
    without it, and that may be why it could not be."""
    if not unknown:
        return fault
    first = min(unknown, key=lambda p: p.line)
    also = f"; the hand also holds {first.text} (line {first.line}), which studbook does not know"
    return Fault(fault.line, fault.text, fault.expected, fault.message + also)
