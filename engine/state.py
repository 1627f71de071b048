"""The stud betting state machine: :class:`StudState` knows at every point whose turn it is and what that
player may do (:meth:`StudState.options`), so a simulator can drive it with random legal moves and a replay
(:mod:`.walk`) can hold a recorded hand to it. :meth:`StudState.check` says which rules a move would
break without changing anything; :meth:`StudState.apply` performs it regardless, so a replay can record
the breach and carry on the way the site did.

Where each rule of docs/rules.md lives here: §2 the bring-in: :func:`bring_in_seat` (whose it is) and
:meth:`StudState._check_kind` (its amount); §3 bet sizes and the cap: :meth:`StudState.increments`,
:attr:`StudState.capped`, :meth:`StudState._check_raise` (limit), :meth:`StudState._check_open_raise`
(no limit, pot limit), reopening after a short all-in in :meth:`StudState.apply`, the uncalled bet
:meth:`StudState.uncalled`; §4 who acts: :func:`first_to_act` (best board), :meth:`StudState.opener`,
:attr:`StudState.to_act` and :meth:`StudState.check` (turn, folds); §6 the pots: :meth:`StudState.payout`
over :mod:`.pots`. The deal (§1), the deck (§5) and what the site prints are checked by the walk.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Callable, Final, Iterable, Mapping, Sequence, cast

from .betting import AGGRESSIVE, StreetLedger
from .cards import DECK, Card, format_cards
from .games import RULES, GameRules
from .model import (
    BRING_IN,
    CALL,
    CHECK,
    FOLD,
    STREET_NAMES,
    ActionKind,
    Game,
    Limit,
    Money,
    direct_init,
    format_money,
)
from .pots import PotResult, build_pots, distribute, split_rake
from .profiles import HeadsUp, RuleProfile, TieBreak

UNJUDGED: Final = "bet.unjudged"
"""The breach id of a bet whose size the rules cannot judge: a site that prints no stakes, and a hand
whose full bets never show the size (see :mod:`.stakes`). It goes to ``ReplayResult.unjudged``, not
to the violations: saying so instead of guessing either way."""

CARDS_PER_STREET: Final[Mapping[int, tuple[int, int]]] = {s.number: (s.down, s.up) for s in RULES[Game.STUD].streets}
"""(down, up) cards each live player receives on each street of the seven-card games (every game's own:
:func:`.games.deal_shape`)."""


@dataclass(frozen=True, slots=True)
class Breach:
    """A rule a move breaks: a stable rule id (see engine/validate.py) and a sentence saying how."""

    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class Move:
    """One concrete thing a player may do: ``put`` is the chips it adds (0 for check and fold)."""

    kind: ActionKind
    put: Money = 0


@dataclass(frozen=True, slots=True)
class Options:
    """What the player to act may do now. ``raise_to`` holds the street totals a completion, bet or
    raise may reach (several on a 4th street with an open pair); ``all_in_to`` the total of an all-in
    that falls short of them; ``bring_in`` the forced amount when this player opens 3rd street."""

    seat: int
    to_call: Money
    bring_in: Money | None
    raise_kind: ActionKind
    raise_to: tuple[Money, ...]
    all_in_to: Money | None
    contributed: Money
    stack: Money

    def moves(self) -> tuple[Move, ...]:
        """Every legal move, ready for :meth:`StudState.act`."""
        found: list[Move] = []
        if self.bring_in is not None:
            found.append(Move(ActionKind.BRING_IN, self.bring_in))
        elif self.to_call == 0:
            found += [Move(ActionKind.CHECK), Move(ActionKind.FOLD)]
        else:
            found += [Move(ActionKind.FOLD), Move(ActionKind.CALL, min(self.to_call, self.stack))]
        found += [Move(self.raise_kind, total - self.contributed) for total in self.raise_to]
        if self.all_in_to is not None:
            found.append(Move(self.raise_kind, self.all_in_to - self.contributed))
        return tuple(found)


for _cls in (Move, Options):  # built at every decision a simulator makes or a replay checks
    direct_init(_cls)

_move: Callable[[ActionKind, Money], Move] = lru_cache(maxsize=4096)(Move)
"""``Move(kind, put)``, one object per pair a replay meets: a move is a frozen value, and the few bet
sizes of a table repeat from hand to hand, so a replay takes each action's from this cache (a C lookup)
instead of building one (a Python call) per action. Bounded: the amounts come from the input."""


# ----------------------------------------------------------------------------- who acts first


def bring_in_seat(game: Game, doors: Mapping[int, Card | None]) -> int | None:
    """The seat that must bring in: the game's lowest or highest door card in its card order
    (:class:`.games.GameRules`: stud games the lowest, ace high, clubs lowest; razz the highest, ace
    low; 2-7 razz the highest, ace high). ``None`` when a door card is unknown or nobody can act."""
    if not doors or None in doors.values():
        return None
    return RULES[game].bring_in_seat(cast(Mapping[int, Card], doors))  # no card unknown (above)


def first_to_act(game: Game, boards: Mapping[int, Sequence[Card | None]], tie: TieBreak) -> int | None:
    """The best board among the players able to act after the first street, by the game's board value:
    highest poker hand showing in the stud games, lowest in the razz games. Equal boards: the lowest
    seat (position), or the board with the highest card by suit. ``None`` when an up card is unknown or
    nobody can act."""
    value = RULES[game].board_value
    best: int | None = None
    tied: list[int] = []  # the seats with the best board so far (one pass: this runs at every street)
    try:
        for seat, board in boards.items():
            ranked = value(board)  # type: ignore[arg-type]
            if best is None or ranked > best:
                best, tied = ranked, [seat]
            elif ranked == best:
                tied.append(seat)
    except ValueError:
        # an unknown, repeated, missing or extra up card, which every board evaluator refuses (checking
        # that is its job, done once): the cards cannot say (cards.* flags it)
        return None
    if not tied:
        return None
    if len(tied) > 1 and tie is TieBreak.SUIT:
        return max(sorted(tied), key=lambda seat: sorted((c for c in boards[seat] if c is not None), reverse=True))
    return min(tied)


def has_open_pair(boards: Iterable[Sequence[Card | None]]) -> bool:
    """Whether any board shows a pair (the double-bet condition on the game's second street)."""
    for board in boards:
        ranks = [c.rank for c in board if c is not None]
        if len(ranks) != len(set(ranks)):
            return True
    return False


# ------------------------------------------------------------------------------------ state machine

_FIXED, _NEVER, _BECOMES = Limit.FIXED, HeadsUp.NEVER, HeadsUp.BECOMES  # per hand: globals (see model.HALF_HIGH)


@lru_cache(maxsize=1024)
def _rotations(seats: tuple[int, ...]) -> tuple[Mapping[int, tuple[int, ...]], Mapping[int, tuple[int, ...]]]:
    """The seats clockwise from each seat: that seat first, and that seat last (the turn after his).
    A pure function of the table's seats, kept: every hand asks for both, and a table's seats seldom
    change from one hand to the next (bounded: the seat numbers come from the input). Hands share
    them: plain dicts typed read-only (a proxy would cost a lookup more at every decision)."""
    clockwise = {seat: seats[i:] + seats[:i] for i, seat in enumerate(seats)}
    after = {seat: order[1:] + order[:1] for seat, order in clockwise.items()}
    return clockwise, after


class StudState:
    """The betting of one stud hand, street by street.

    Build it with the stakes and the stacks (before antes), post antes, deal cards, then alternate
    :meth:`options` / :meth:`act`; :meth:`start_street` moves on once :attr:`betting_closed`.
    ``bring_in`` may be ``None`` when the hand never says (the bring-in player completed). Amounts are in
    the game's smallest unit (a chip in a tournament, a cent in cash), so split pots deal whole units.
    """

    # slots, not a __dict__: the state holds more attributes than CPython keeps an instance's dict compact
    # for (30), and its attributes are read at every decision
    __slots__ = (
        "_after",
        "_best_board",
        "_big_streets",
        "_clockwise",
        "_double",
        "_double_game",
        "_first",
        "_fixed",
        "_live",
        "_open_pair",
        "_opener",
        "_tie",
        "_uncap_heads_up",
        "_uncap_on_fold",
        "big_bet",
        "big_bet_made",
        "cap",
        "capped",
        "community",
        "down",
        "folded",
        "game",
        "invested",
        "label",
        "last",
        "last_step",
        "ledger",
        "limit",
        "marks",
        "money",
        "opened",
        "profile",
        "returned",
        "rules",
        "seats",
        "small_bet",
        "stack",
        "street",
        "street_invested",
        "uncalled_done",
        "uncapped",
        "up",
    )

    def __init__(
        self,
        game: Game,
        small_bet: Money,
        big_bet: Money,
        stacks: Mapping[int, Money],
        profile: RuleProfile,
        bring_in: Money | None = None,
        label: Callable[[int], str] = lambda seat: f"Seat {seat}",
        money: Callable[[Money], str] = format_money,
        limit: Limit = Limit.FIXED,
    ) -> None:
        self.game = game
        self.rules: GameRules = RULES[game]
        rules = self.rules
        # the rules' numbers asked at every decision, kept as plain attributes
        self._first, self._double, self._big_streets = (
            rules.first_street,
            rules.double_bet_street,
            rules.big_bet_streets,
        )
        self.limit = limit
        # what the limit and the profile say, asked at every decision, worked out once for the hand
        self._fixed = limit is _FIXED
        self._uncap_heads_up = profile.heads_up is not _NEVER
        self._uncap_on_fold = profile.heads_up is _BECOMES
        self._double_game = game in profile.double_bet_games
        self._tie = profile.board_tie(game)
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.profile = profile
        self.cap = 1 + profile.max_raises
        """Bets allowed on a street: the bet (or completion) plus the profile's raises."""
        self.label = label
        self.money = money
        self.seats: tuple[int, ...] = tuple(sorted(stacks))
        # The views below are asked for at every decision (a simulator makes millions), so what they
        # would rebuild each time is kept instead: the seats clockwise from each seat (that seat first,
        # or last for the turn after his), fixed for the hand, and the live seats, which change only
        # when someone folds (apply).
        self._clockwise, self._after = _rotations(self.seats)
        self._live: tuple[int, ...] = self.seats
        self._opener: tuple[int | None] | None = None
        """:meth:`opener`'s answer, worked out once: ``None`` until then and after any deal, chip or fold."""
        self._best_board: int | None = None
        """The seat :func:`first_to_act` last found with the best board, ``None`` before that and after
        any up card is dealt. A street that deals no up card (7th) ranks the same boards among the same
        players or fewer, so while that seat is still in it is the answer again (his best value is still
        the best, the seats tied with him are fewer, and he is still the first of them by position or
        by suit): the boards are not valued again."""
        self._open_pair: bool | None = None
        """Whether a live board shows a pair (:attr:`double_bet_allowed`), worked out once: ``None``
        until then and after any deal or fold (asked at every bet of the double-bet street, twice)."""
        self.stack: dict[int, Money] = dict(stacks)
        self.invested: dict[int, Money] = dict.fromkeys(self.seats, 0)
        self.returned: dict[int, Money] = dict.fromkeys(self.seats, 0)
        self.folded: dict[int, int] = {}
        self.street_invested: dict[int, dict[int, Money]] = {}
        self.down: dict[int, list[Card | None]] = {}
        self.up: dict[int, list[Card | None]] = {}
        for s in self.seats:  # a fresh dict and lists for each seat, in one loop (this runs for every hand)
            self.street_invested[s], self.down[s], self.up[s] = {}, [], []
        self.community: list[Card | None] = []
        self.street = self._first
        self.ledger = StreetLedger(self.seats, bring_in)
        """The street's chips, level and full bets: the engine's one copy of them (see :mod:`.betting`)."""
        self._new_round()

    # ---------------------------------------------------------------- round bookkeeping
    def _new_round(self) -> None:
        self.ledger.start_street(self.street)
        self.big_bet_made = False
        self.last_step: Money = 0
        """No limit and pot limit: the last full bet or raise of the street, the least the next may add."""
        self.marks: dict[int, int] = {}
        self.last: int | None = None
        self.opened = False
        self.uncalled_done = False
        self._opener = None
        self._open_pair = None
        self.uncapped = self._uncap_heads_up and len(self._live) == 2
        self._recap()

    def start_street(self, street: int) -> None:
        """Move to ``street`` (returning any uncalled bet of the one before)."""
        self.return_uncalled()
        self.street = street
        self._new_round()

    # ---------------------------------------------------------------- views
    @property
    def bring_in(self) -> Money | None:
        """The stakes' nominal bring-in (``None`` when the hand never says); the ledger holds it."""
        return self.ledger.bring_in

    @property
    def contrib(self) -> dict[int, Money]:
        """Chips each seat has put in on this street (the ledger's; read it, change it through :meth:`apply`)."""
        return self.ledger.contrib

    @property
    def level(self) -> Money:
        """The street total a player must reach to call."""
        return self.ledger.level

    @property
    def bets(self) -> int:
        """Full bets, completions and raises made on this street (what the cap counts)."""
        return self.ledger.bets

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the hand (not folded), in seat order."""
        return self._live

    @property
    def able(self) -> list[int]:
        """Live seats with chips left to bet."""
        stack = self.stack
        return [s for s in self._live if stack[s] > 0]

    @property
    def hand_over(self) -> bool:
        return len(self._live) <= 1

    def _next_to_act(self, order: Iterable[int]) -> int | None:
        """The first seat of ``order`` that still has to act on this street: live, with chips, and
        either not acted yet or not matched the bet since; ``None`` when there is none, or when at most
        one player can still bet and he has matched the bet (nobody is left to bet against). ``order``
        holds every live seat. One pass answers both, usually after a seat or two: this runs at every
        decision."""
        if len(self._live) <= 1:
            return None
        folded, stack, marks = self.folded, self.stack, self.marks
        contrib, level = self.ledger.contrib, self.ledger.level
        seats = iter(order)
        another = False  # a player who can bet was passed over (he has acted at this bet)
        for seat in seats:
            if seat in folded or stack[seat] <= 0:
                continue
            if seat not in marks or contrib[seat] < level:
                break
            another = True
        else:
            return None
        if another or contrib[seat] < level:
            return seat
        for other in seats:  # he has matched the bet: is anyone else left who can bet?
            if other not in folded and stack[other] > 0:
                return seat
        return None

    @property
    def betting_closed(self) -> bool:
        """Nobody has to act any more on this street (or the hand is over)."""
        return self._next_to_act(self._live) is None

    @property
    def opening(self) -> bool:
        """The first street before the bring-in or a completion: only the bring-in player may act."""
        return self.street == self._first and not self.opened

    def opener(self) -> int | None:
        """Who opens this street (``None`` when a needed card is unknown). The cards are compared among
        every player still in the hand; when they point at a player who is all-in, the turn passes to
        the next player on his left who can still bet, as if the all-in player had checked (docs/rules.md
        §2 and §4: an all-in low card or best board does not pass the duty to the next-best card)."""
        if self._opener is None:
            self._opener = (self._find_opener(),)
        return self._opener[0]

    def _find_opener(self) -> int | None:
        live, up = self._live, self.up
        if self.street == self._first:
            start = bring_in_seat(self.game, {s: up[s][0] if up[s] else None for s in live})
        else:
            start = self._best_board
            if start is None or start in self.folded:
                start = self._best_board = first_to_act(self.game, {s: up[s] for s in live}, self._tie)
        if start is None:
            return None
        stack, folded = self.stack, self.folded
        for seat in self._clockwise[start]:
            if stack[seat] > 0 and seat not in folded:
                return seat
        return None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, ``None`` when the betting is closed or the opener is unknown:
        the first seat needing to act clockwise from the opener, or after the last to act."""
        if self.last is not None:
            return self._next_to_act(self._after[self.last])
        if len(self._live) <= 1:
            return None  # the hand is over: no opener to work out
        start = self.opener()
        return None if start is None else self._next_to_act(self._clockwise[start])

    @property
    def double_bet_allowed(self) -> bool:
        """The game's double-bet street (4th; 3rd in Five Card Stud) with an open pair showing, in a game
        where the profile allows the big bet."""
        if self.street != self._double or not self._double_game:
            return False
        if self._open_pair is None:
            up = self.up
            self._open_pair = has_open_pair(up[s][:2] for s in self._live)
        return self._open_pair

    @property
    def double_bet_unknown(self) -> bool:
        """4th street in a double-bet game, no open pair among the boards shown, and a board not shown
        (a site that prints no opponent's cards): whether the big bet is allowed cannot be known."""
        return (
            self.street == 4
            and self._double_game
            and not self.double_bet_allowed
            and any(None in self.up[s][:2] or len(self.up[s]) < 2 for s in self._live)
        )

    def increments(self) -> tuple[Money, ...]:
        """The sizes a bet or raise may have on this street: the small bet on the game's small-bet
        streets (3rd and 4th; 2nd and 3rd in Five Card Stud), the big bet after; on the double-bet street
        with an open pair either size until a big one has been made. Without a fixed limit, the least a
        bet or raise may add: the minimum bet, or the street's last full raise if more (any larger amount
        is allowed too, up to the pot in pot limit: :meth:`_check_raise`)."""
        if not self._fixed:
            return (max(self.small_bet, self.last_step),)
        if self.street in self._big_streets:
            return (self.big_bet,)
        # the street first: off the double-bet street the property's answer is no (a property's getter is
        # called from C, and this runs at every bet and raise, twice)
        if self.street == self._double and self.double_bet_allowed:
            return (self.big_bet,) if self.big_bet_made else (self.small_bet, self.big_bet)
        return (self.small_bet,)

    def _recap(self) -> None:
        """Work :attr:`capped` out again: whenever the street's bets or :attr:`uncapped` change (a new
        street, a full bet, a fold that makes it heads-up), not at every decision that asks."""
        self.capped: bool = self._fixed and not self.uncapped and self.ledger.bets >= self.cap
        """The fixed-limit cap is reached (no-limit and pot-limit betting has no cap)."""

    def raise_targets(self) -> tuple[Money, ...]:
        """Street totals a full completion, bet or raise may reach now."""
        ledger = self.ledger
        base = ledger.full_level if ledger.bets else 0
        return tuple(base + inc for inc in self.increments())

    def may_raise(self, seat: int) -> bool:
        """Not capped, and the betting is open to this seat (it has not acted since the last full bet)."""
        return not self.capped and self.marks.get(seat) != self.ledger.bets

    def _someone_can_answer(self, seat: int) -> bool:
        """Whether another player could put in more than the current bet: raising against players who
        are all-in (or would be, just calling) wins nothing and is not offered."""
        contrib, stack, level = self.ledger.contrib, self.stack, self.ledger.level
        for other in self._live:
            if other != seat and contrib[other] + stack[other] > level:
                return True
        return False

    def raise_kind(self) -> ActionKind:
        bets = self.ledger.bets
        if self.street == self._first and bets == 0:
            return ActionKind.COMPLETE
        return ActionKind.RAISE if bets else ActionKind.BET

    def options(self) -> Options | None:
        """What the player to act may do (``None`` when nobody is to act)."""
        seat = self.to_act
        if seat is None:
            return None
        level = self.ledger.level
        contributed, stack = self.ledger.contrib[seat], self.stack[seat]
        to_call = max(0, level - contributed)
        bring_in = None
        if self.opening and self.bring_in is not None:
            bring_in = min(self.bring_in, stack)
        raise_to: tuple[Money, ...] = ()
        all_in_to = None
        if self.may_raise(seat) and stack > to_call and self._someone_can_answer(seat):
            targets = self.raise_targets()
            raise_to = tuple(t for t in targets if t - contributed <= stack)
            if not raise_to and contributed + stack > level:
                all_in_to = contributed + stack
        return Options(seat, to_call, bring_in, self.raise_kind(), raise_to, all_in_to, contributed, stack)

    # ---------------------------------------------------------------- changes
    def post_ante(self, seat: int, amount: Money) -> None:
        """An ante: dead money, in the pot but no part of any street's betting level."""
        self._put(seat, amount)

    def deal(self, seat: int, down: Sequence[Card | None] = (), up: Sequence[Card | None] = ()) -> None:
        self.down[seat].extend(down)
        self.up[seat].extend(up)
        self._opener = self._open_pair = None
        if up:
            self._best_board = None

    def deal_community(self, card: Card | None) -> None:
        self.community.append(card)

    def _put(self, seat: int, amount: Money) -> None:
        """Every chip a seat puts in or takes back (and every action, folds included) comes here."""
        self._opener = None
        self.stack[seat] -= amount
        self.invested[seat] += amount
        by_street, street = self.street_invested[seat], self.street
        by_street[street] = by_street.get(street, 0) + amount

    def act(self, seat: int, move: Move) -> list[Breach]:
        """Check a move, then perform it; returns the rules it broke (empty when legal)."""
        breaches = self.check(seat, move)
        self.apply(seat, move)
        return breaches

    def _street_name(self) -> str:
        """``4th street``, as a breach names the street (spelt only when a breach is found)."""
        return f"{STREET_NAMES[self.street]} street"

    def check(self, seat: int, move: Move) -> list[Breach]:
        """The rules ``move`` by ``seat`` would break now; changes nothing."""
        kind, put = move.kind, move.put
        found: list[Breach] = []
        if seat in self.folded:
            found.append(
                Breach(
                    "action.after-fold",
                    f"{self.label(seat)} acts ({kind}) after folding on {STREET_NAMES[self.folded[seat]]} street",
                )
            )
        # whose turn it is: after the last to act, as :attr:`to_act` says, asked here without the property's
        # call from C (a property's getter runs in an interpreter of its own: this runs at every action)
        elif (
            expected := self._next_to_act(self._after[self.last]) if self.last is not None else self.to_act
        ) != seat:  # one test in the usual case: his turn
            if expected is None:
                if self.betting_closed:  # else the cards cannot say whose turn it is
                    found.append(
                        Breach(
                            "action.order",
                            f"{self.label(seat)} acts ({kind}) after the betting on {self._street_name()} was over",
                        )
                    )
            elif self.opening:
                door = format_cards(self.up[expected][:1])
                found.append(
                    Breach(
                        "bring-in.player",
                        f"{self.label(seat)} opens 3rd street, but the bring-in "
                        f"is {self.label(expected)}'s (door card {door})",
                    )
                )
            else:
                found.append(
                    Breach(
                        "action.order",
                        f"{self.label(seat)} acts ({kind}) out of turn on "
                        f"{self._street_name()}: it is {self.label(expected)}'s turn",
                    )
                )
        if put > self.stack[seat]:
            found.append(
                Breach(
                    "stack.exceeded",
                    f"{self.label(seat)} puts in {self.money(put)} on "
                    f"{self._street_name()} with only {self.money(self.stack[seat])} left",
                )
            )
        if kind is not FOLD:  # a fold is always allowed, when it is his turn (above)
            breach = self._check_kind(seat, kind, put)
            if breach is not None:
                found.append(breach)
        return found

    def _check_kind(self, seat: int, kind: ActionKind, put: Money) -> Breach | None:
        """The one rule of the action's kind and size that ``put`` chips by ``seat`` would break, if
        any (each kind's rules exclude one another: the first that applies is the breach). The kinds
        are tested commonest first: this runs at every action replayed."""
        if kind is CALL:
            to_call = self.ledger.to_call(seat)
            if not to_call:
                return Breach(
                    "action.illegal",
                    f"{self.label(seat)} calls {self.money(put)} on {self._street_name()} with no bet to call",
                )
            stack = self.stack[seat]
            due = to_call if to_call < stack else stack
            if put != due:
                m = self.money
                return Breach(
                    "call.amount",
                    f"{self.label(seat)} calls {m(put)} on {self._street_name()}, but the call is {m(due)}",
                )
        elif kind in AGGRESSIVE:
            return self._check_raise(seat, put, put >= self.stack[seat] > 0)
        elif kind is CHECK:
            if self.opening:
                return Breach("action.illegal", f"{self.label(seat)} checks instead of bringing in on 3rd street")
            to_call = self.ledger.to_call(seat)
            if to_call:
                return Breach(
                    "action.illegal",
                    f"{self.label(seat)} checks facing a bet of {self.money(to_call)} on {self._street_name()}",
                )
        elif kind is BRING_IN:
            m = self.money
            if not self.opening:
                return Breach(
                    "action.illegal",
                    f"{self.label(seat)} brings in on {self._street_name()} after the betting was opened",
                )
            if self.bring_in is not None and put != min(self.bring_in, self.stack[seat]):
                return Breach(
                    "bring-in.amount",
                    f"{self.label(seat)} brings in for {m(put)}, but the bring-in is {m(self.bring_in)}",
                )
            if self.small_bet and put >= self.small_bet:  # 0: a small bet the hand never shows
                return Breach(
                    "bring-in.amount",
                    f"{self.label(seat)} brings in for {m(put)}, not less than the small bet {m(self.small_bet)}",
                )
        return None

    def _check_raise(self, seat: int, put: Money, all_in: bool) -> Breach | None:
        level = self.ledger.level
        total = self.ledger.contrib[seat] + put
        m = self.money
        if total <= level:
            if all_in:
                return None
            return Breach(
                "bet.size",
                f"{self.label(seat)} bets or raises to {m(total)} on "
                f"{self._street_name()}, not above the {m(level)} already bet",
            )
        if self.capped:
            return Breach(
                "raise.cap",
                f"{self.label(seat)} raises to {m(total)} on {self._street_name()} "
                f"after the betting was capped at {self.cap} bets",
            )
        if self.marks.get(seat) == self.ledger.bets and self.contrib[seat] < self.level:
            # he acted at this bet and faces more only through an all-in for less; without one, acting
            # again is acting out of turn (action.order), not a raise the betting was not reopened to
            return Breach(
                "raise.reopen",
                f"{self.label(seat)} raises to {m(total)} on {self._street_name()}, but the all-in for less "
                f"did not reopen the betting to him: he may only call or fold",
            )
        base = self.ledger.full_level if self.ledger.bets else 0
        increments = self.increments()
        if not self._fixed:
            return self._check_open_raise(seat, total, all_in, base + increments[0])
        step = total - base
        if step and step in increments:  # the usual case: one of the sizes the limit allows
            return None
        targets = tuple([base + inc for inc in increments if inc])
        if all_in and targets and total < min(targets):
            return None
        if len(targets) < len(increments):  # a size the site does not print and the hand never shows
            return Breach(
                UNJUDGED,
                f"{self.label(seat)} bets or raises to {m(total)} on {self._street_name()}: the site prints no "
                f"stakes and no full bet of this hand shows the limit here, so its size cannot be judged",
            )
        if total == base + self.big_bet and self.double_bet_unknown:
            return Breach(
                UNJUDGED,
                f"{self.label(seat)} bets or raises to {m(total)}, the big bet, on {self._street_name()}: that is "
                f"allowed over an open pair, and the site does not show every board, so it cannot be judged",
            )
        allowed = " or ".join(m(t) for t in targets)
        return Breach(
            "bet.size",
            f"{self.label(seat)} bets or raises to {m(total)} on {self._street_name()}; the limit allows {allowed}",
        )

    def _check_open_raise(self, seat: int, total: Money, all_in: bool, least: Money) -> Breach | None:
        """No limit: at least the minimum raise (short of an all-in); pot limit: at most the pot too,
        the pot being everything in it once the raiser has called."""
        m = self.money
        if total < least and not all_in:
            return Breach(
                "bet.size",
                f"{self.label(seat)} bets or raises to {m(total)} on "
                f"{self._street_name()}; the least allowed is {m(least)} ({self.limit})",
            )
        if self.limit is Limit.POT_LIMIT:
            to_call = max(0, self.level - self.contrib[seat])
            most = self.level + sum(self.invested.values()) + to_call
            if total > most:
                return Breach(
                    "bet.size",
                    f"{self.label(seat)} bets or raises to {m(total)} on "
                    f"{self._street_name()}; pot limit allows at most {m(most)}",
                )
        return None

    def apply(self, seat: int, move: Move) -> None:
        """Perform ``move`` whatever the rules say (a replay follows the site)."""
        kind, put = move.kind, move.put
        ledger = self.ledger
        self._put(seat, put)
        if kind in AGGRESSIVE:
            before = ledger.level
            # a full bet, or in fixed limit an all-in of at least half the smallest bet the limit allows
            # (RRoP); without a fixed limit only a full raise counts (the ledger halves what it is given)
            least = min(self.increments())
            step = ledger.put(seat, put, kind, least if self._fixed else 2 * least)
            if step:
                self.last_step = step
            self.opened |= ledger.level > before
            self.big_bet_made |= self.street == self._double and step > 0 and step >= self.big_bet
            self._recap()
        else:
            ledger.put(seat, put, kind)
            if kind is FOLD:
                self.folded.setdefault(seat, self.street)
                self._live = tuple([s for s in self._live if s != seat])
                self._open_pair = None
                if self._uncap_on_fold and len(self._live) == 2 and ledger.bets < self.cap:
                    self.uncapped = True
                    self._recap()
            elif kind is BRING_IN:
                self.opened = True
        self.marks[seat] = ledger.bets
        self.last = seat

    def uncalled(self) -> tuple[int, Money] | None:
        """The part of the street's top bet that nobody matched, and whose it is."""
        return None if self.uncalled_done else self.ledger.unmatched()

    def return_uncalled(self) -> tuple[int, Money] | None:
        """Give the unmatched part of the street's top bet back (once); returns what was returned."""
        if self.uncalled_done:  # asked again at the street's end and at the payout: nothing to work out
            return None
        back = self.uncalled()
        self.uncalled_done = True
        if back is not None:
            seat, amount = back
            self.ledger.uncalled(seat, amount)
            self._put(seat, -amount)
            self.returned[seat] += amount
        return back

    def unmatched_ante(self) -> tuple[int, Money] | None:
        """Before any betting, the part of one seat's ante nobody can match because every other player
        is all in for less on his ante, and whose it is (Full Tilt gives it back at once, as an
        uncalled bet; a site that does not is paid it back from a side pot of its own)."""
        if self.street != 3 or any(self.contrib.values()):
            return None
        ranked = sorted(((self.invested[s], s) for s in self._live), reverse=True)
        if len(ranked) < 2:
            return None
        (top, seat), (second, _) = ranked[0], ranked[1]
        if top > second and all(self.stack[s] == 0 for s in self._live if s != seat):
            return seat, top - second
        return None

    def return_ante(self, seat: int, amount: Money) -> None:
        """Give back the unmatched part of an ante (see :meth:`unmatched_ante`)."""
        self._put(seat, -amount)
        self.returned[seat] += amount

    def hand_cards(self, seat: int, extra: Iterable[Card] = ()) -> tuple[Card, ...] | None:
        """The seat's known cards among its seven (five in Five Card Stud; community card included;
        ``extra`` are cards it showed): all of them, or fewer when some dealt stay unknown. ``None`` when
        they cannot be one stud hand: a card twice, too many, or fewer dealt and shown than a hand has."""
        size, community = self.rules.hand_size, self.community
        held = self.down[seat] + self.up[seat]
        # his known cards once each, in order, then the shown ones not among them (dicts, not comprehensions:
        # this runs for every player at every showdown)
        own = dict.fromkeys(held)
        own.pop(None, None)
        if extra:
            own.update(dict.fromkeys(extra))
        cards = cast("list[Card]", list(own))  # the unknown (None) popped above
        if community:
            cards += [c for c in community if c is not None]
            if len(set(cards)) != len(cards):  # the community card among his own (his alone are a dict's keys)
                return None
        dealt = len(held) + len(community)
        if len(cards) > size or max(dealt, len(cards)) != size:
            return None
        return tuple(cards)

    def unseen(self, shown: Mapping[int, Sequence[Card]]) -> frozenset[Card]:
        """The cards nobody was seen to hold: what a hand's unknown cards may be."""
        seen = {c for s in self.seats for c in (*self.down[s], *self.up[s]) if c is not None}
        seen.update(c for c in self.community if c is not None)
        seen.update(c for cards in shown.values() for c in cards)
        return frozenset(DECK) - seen

    def payout(
        self,
        rake: Money = 0,
        shown: Mapping[int, Sequence[Card]] | None = None,
        conceded: Iterable[int] = (),
    ) -> tuple[PotResult, ...]:
        """Return any uncalled bet, build the pots and pay them: the rules' distribution of the hand.

        ``shown`` adds cards revealed at showdown to those dealt; ``conceded`` seats gave up without
        showing. The simulator, which deals every card, needs neither.
        """
        self.return_uncalled()
        pots = build_pots(self.invested, self.folded)
        rakes = split_rake(pots, rake, self.profile.rake_from)
        shown = shown or {}
        cards: dict[int, tuple[Card, ...] | None] = {}
        # every pot's players are among the live ones: with one left, no pot needs anybody's cards
        if len(self._live) > 1:
            cards = {s: self.hand_cards(s, shown.get(s, ())) for s in self._live}
        # the unseen cards only when a contender's cards are partly unknown (see distribute_pot)
        unseen = partial(self.unseen, shown)
        conceded_seats = frozenset(conceded)
        return distribute(pots, rakes, self.game, cards, conceded_seats, self.profile, self.label, unseen)
