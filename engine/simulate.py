"""Seeded, reproducible hands of every stud game (engine/games.py), dealt from a shuffled deck through the replay engine.

Why through :class:`~.replay.StudState`: the state machine is the one place that knows whose turn it is
and which amounts are legal, so a simulator that only ever picks one of its :class:`~.replay.Options`
cannot invent a rule of its own. Every hand it makes is legal under the profile it was dealt with, and
anything a replay later flags is a bug in one of the two, which the round-trip tests catch.

What a simulated hand looks like: what PokerStars prints for it, seen by one player, the *hero*, whose
down cards are known; opponents' down cards are ``None`` unless shown at showdown. Events take
PokerStars' own forms, so writing the hand as PokerStars text and parsing it gives the same events back:
a completion is a ``RAISE`` over the bring-in (or a ``BET`` when the bring-in player completes), the
``Pair on board`` and ``Betting is capped`` notes are markers, opponents' unseen 7th-street cards are
listed before the hero's, and the showdown reveals and pays each pot in turn, last side pot first.

Decisions depend on the cards: each player's :class:`Style` turns a hand-strength estimate
(:func:`strength`, built on :mod:`.evaluate`) into a fold, call or raise, with a little randomness, so
styles (tight or loose, passive or aggressive, a bring-in stealer, a calling station) give different
statistics. Stacks carry over between the hands of a session, cash players top up when short, sessions
are separated by breaks and hands take realistic time, so per-hour and per-session figures make sense.
Every name is invented.

Event ``line`` numbers of a simulated hand are the events' ordinals after the seat lines, in order;
they become real file lines once the hand is written and parsed.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from functools import cache
from types import MappingProxyType
from typing import Iterator, Mapping, Sequence
from zoneinfo import ZoneInfo

from .cards import ACE, DECK, Card
from .evaluate import high_board_value, high_value
from .evaluate_tables import unpack
from .games import RULES, Aces, GameRules
from .model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Game,
    Half,
    Hand,
    Marker,
    Money,
    Muck,
    Seat,
    Show,
    Tournament,
    UncalledReturn,
    direct_init,
)
from .pots import PotResult
from .profiles import RuleProfile
from .betting import AGGRESSIVE
from .replay import Move, Options, StudState

EASTERN = ZoneInfo("America/New_York")
"""PokerStars stamps hands in Eastern Time; the simulator keeps its clock there (wall time)."""

SITE = "pokerstars"
MAX_SEATS = 8
"""Seats at a seven-card table; a table of games that all deal to more (Five Card Stud: 10) has more."""


def table_size(games: Sequence[Game]) -> int:
    """The seats of a table dealing ``games``: as many as the game dealing to the fewest players takes."""
    return min(RULES[g].max_players for g in games)


# --------------------------------------------------------------------------------------- players


@dataclass(frozen=True, slots=True)
class Style:
    """How a player plays, as thresholds on :func:`strength` (0 hopeless .. 1 the nuts).

    ``enter``: least strength to call on 3rd street; ``call``: to call a bet on later streets;
    ``bet``: to bet when nobody has; ``raise_at``: to complete or raise; ``bluff``: chance of betting or
    raising anyway; ``steal``: chance of completing from one of the last three seats before the bring-in
    when everyone before has folded; ``sticky``: chance of calling anyway (a calling station's habit).
    ``buy_in`` and ``rebuy_below`` are in big bets: a cash player tops his stack up to ``buy_in`` when it
    falls below ``rebuy_below``. ``commit``, in big bets too: once his stack is no bigger, a hand worth
    calling with is played by betting or raising, all-in when a full raise costs more than he has (a
    short stack gets his chips in early and alone against the caller, which is where heads-up all-ins
    before 7th street, and all-in EV, come from).
    """

    name: str
    enter: float
    call: float
    bet: float
    raise_at: float
    bluff: float
    steal: float
    sticky: float
    buy_in: int
    rebuy_below: int
    commit: int = 0


STYLES: Mapping[str, Style] = MappingProxyType(
    {
        s.name: s
        for s in (
            Style(
                "rock",
                enter=0.60,
                call=0.50,
                bet=0.65,
                raise_at=0.80,
                bluff=0.01,
                steal=0.05,
                sticky=0.02,
                buy_in=60,
                rebuy_below=30,
            ),
            Style(
                "regular",
                enter=0.45,
                call=0.40,
                bet=0.50,
                raise_at=0.68,
                bluff=0.06,
                steal=0.25,
                sticky=0.05,
                buy_in=50,
                rebuy_below=20,
            ),
            Style(
                "maniac",
                enter=0.25,
                call=0.30,
                bet=0.30,
                raise_at=0.45,
                bluff=0.30,
                steal=0.10,
                sticky=0.10,
                buy_in=40,
                rebuy_below=10,
            ),
            Style(
                "station",
                enter=0.10,
                call=0.05,
                bet=0.85,
                raise_at=0.95,
                bluff=0.0,
                steal=0.0,
                sticky=0.75,
                buy_in=40,
                rebuy_below=5,
            ),
            Style(
                "stealer",
                enter=0.50,
                call=0.45,
                bet=0.55,
                raise_at=0.72,
                bluff=0.08,
                steal=0.90,
                sticky=0.03,
                buy_in=50,
                rebuy_below=20,
            ),
            Style(
                "short-stack",
                enter=0.40,
                call=0.40,
                bet=0.50,
                raise_at=0.60,
                bluff=0.05,
                steal=0.20,
                sticky=0.10,
                buy_in=6,
                rebuy_below=1,
                commit=3,
            ),
        )
    }
)
"""The styles of the simulated players; ``short-stack`` buys in small, tops up only when nearly broke and
gets the last few bets in by raising, which is where all-ins, side pots and heads-up all-ins before 7th
street come from at a cash table."""


@dataclass(frozen=True, slots=True)
class Player:
    """A simulated player: an invented screen name and a style."""

    name: str
    style: Style


REGULARS: tuple[Player, ...] = (
    Player("Ottilie Brandt", STYLES["regular"]),
    Player("casimir_vale", STYLES["rock"]),
    Player("Mireille O", STYLES["maniac"]),
    Player("BartFinch77", STYLES["station"]),
    Player("Suki Lindqvist", STYLES["stealer"]),
    Player("tobiah.renner", STYLES["short-stack"]),
)
"""Six invented regulars with distinct styles; the first is the default hero."""

VISITORS: tuple[Player, ...] = tuple(
    Player(name, style)
    for name, kind in zip(
        (
            "Anselm Grey",
            "dagny_holt",
            "Ignatius P",
            "RosalindA",
            "wendell stroud",
            "Yusra K",
            "Leopold Marsh",
            "henrike.b",
            "Quillon",
            "Perpetua V",
            "Odalys",
            "Thaddeus Crum",
            "marisol_88",
            "Evander Bly",
        ),
        (
            "regular",
            "rock",
            "maniac",
            "rock",
            "regular",
            "short-stack",
            "regular",
            "regular",
            "maniac",
            "rock",
            "regular",
            "regular",
            "short-stack",
            "regular",
        ),
    )
    for style in (STYLES[kind],)
)
"""Invented occasional players who fill the seats the regulars leave empty. None of them is a calling
station or a stealer, so those two regulars stay the extremes of their statistics."""

# ---------------------------------------------------------------------------------------- stakes


@dataclass(frozen=True, slots=True)
class Stakes:
    """Fixed-limit stakes in the game's unit (cents of cash, whole tournament chips): small and big bet,
    ante, bring-in; ``level`` names a tournament level (``"IV"``)."""

    small_bet: Money
    big_bet: Money
    ante: Money
    bring_in: Money
    level: str | None = None

    def __post_init__(self) -> None:
        if not 0 < self.bring_in < self.small_bet <= self.big_bet or self.ante < 0:
            raise ValueError(f"impossible stakes {self}: need 0 < bring-in < small bet <= big bet, ante >= 0")


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's cut: ``percent`` of the pot rounded down, at most ``cap``, and nothing from a hand that
    ends on 3rd street ("no 4th street, no drop")."""

    percent: int = 5
    cap: Money = 100

    def __post_init__(self) -> None:
        # A negative rake would pay the players: hands no site deals, which studbook itself flags
        if not 0 <= self.percent <= 100:
            raise ValueError(f"the rake is a percentage of the pot from 0 to 100, got {self.percent}")
        if self.cap < 0:
            raise ValueError(f"the rake cap cannot be negative, got {self.cap}")

    def of(self, pot: Money, reached_fourth: bool) -> Money:
        return min(self.cap, pot * self.percent // 100) if reached_fourth else 0


NO_RAKE = Rake(0, 0)


def _levels() -> tuple[Stakes, ...]:
    """A sit-and-go structure in whole chips: small bet, ante about a tenth, bring-in about a quarter."""
    numerals = (
        "I",
        "II",
        "III",
        "IV",
        "V",
        "VI",
        "VII",
        "VIII",
        "IX",
        "X",
        "XI",
        "XII",
        "XIII",
        "XIV",
        "XV",
        "XVI",
        "XVII",
        "XVIII",
        "XIX",
        "XX",
    )
    smalls = (20, 30, 40, 50, 80, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 10000)
    return tuple(Stakes(s, 2 * s, max(1, s // 10), max(5, s // 4 // 5 * 5), n) for n, s in zip(numerals, smalls))


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """A sit-and-go: everyone starts with ``chips``, the level rises every ``hands_per_level`` hands,
    and a tournament ends when the hero is out or has every chip."""

    buy_in: Money = 1000
    fee: Money = 100
    currency: str = "USD"
    chips: Money = 1500
    hands_per_level: int = 10
    levels: tuple[Stakes, ...] = field(default_factory=_levels)


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What to simulate at one table, seen by one hero.

    ``games`` is one game, or several for a mixed table that changes game every ``rotation`` hands
    (``mixed`` is then the name printed, e.g. ``Triple Stud``). ``players`` is the range of table sizes
    a session may have. ``tournament`` switches from cash (``stakes``, ``rake``, rebuys) to sit-and-gos.
    ``start`` is the first hand's Eastern wall-clock time.
    """

    games: tuple[Game, ...] = (Game.STUD,)
    players: tuple[int, int] = (8, 8)
    stakes: Stakes = Stakes(100, 200, 10, 30)
    rake: Rake = Rake()
    currency: str = "USD"
    tournament: TournamentSpec | None = None
    profile: RuleProfile = field(kw_only=True)
    """The rules the hands are dealt under: those of the site they are written for (the parsers'
    registry names them), which its text follows (Full Tilt lists its pots before rake)."""
    regulars: tuple[Player, ...] = REGULARS
    hero: str | None = None
    table: str = "Aludra"
    start: datetime = datetime(2026, 3, 2, 19, 0, 0)
    first_hand_id: int | None = None
    """The first hand's number; ``None`` (the default): a number of its own for every table and seed
    (:func:`first_hand_id`), so that no two simulations ever share a hand id."""
    rotation: int = 8
    mixed: str = "Triple Stud"

    def __post_init__(self) -> None:
        if not self.games:
            raise ValueError("a table needs at least one game")
        low, high = self.players
        most = table_size(self.games)
        if not 2 <= low <= high <= most:
            raise ValueError(f"players must be a range within 2-{most}, got {low}-{high}")
        names = [p.name for p in self.regulars]
        if self.hero is not None and self.hero not in names:
            raise ValueError(f"the hero {self.hero!r} is not one of the regulars: {', '.join(names)}")


# ------------------------------------------------------------------------------- hand strength


_LOW_BIT: tuple[int, ...] = tuple(1 << (1 if rank == ACE else rank + 2) for rank in range(13) for _suit in range(4))
"""Each card's ace-low rank, 1 (ace) to 13 (king), as a bit, indexed by the card (rank * 4 + suit): a
look-up, as strengths are valued for every player on every street."""

_LOW_BIT_ACE_HIGH: tuple[int, ...] = tuple(1 << (rank + 1) for rank in range(13) for _suit in range(4))
"""The same with the ace high (deuce 1 .. ace 13), for 2-7 lows."""


@cache
def _low_ranks(mask: int) -> tuple[int, ...]:
    """The ace-low ranks whose bits are set, in increasing order; cached, as there are only 8,192 sets."""
    return tuple(r for r in range(1, 14) if mask >> r & 1)


def low_strength(cards: Sequence[Card], worst: int, complete: bool, aces: Aces = Aces.LOW) -> float:
    """How good a low the cards make or promise, 0..1: the highest card of the best partial low of
    ``min(5, len(cards))`` different ranks no higher than ``worst`` (13 razz, 8 for an eight-or-better),
    against the best possible, with the ace where ``aces`` puts it (high for 2-7, where the straights
    and flushes that also count against a hand are left to chance). A low still missing cards is worth
    half as much (nothing when ``complete``: no more cards are coming)."""
    need = min(5, len(cards))
    mask = 0
    bits = _LOW_BIT if aces is Aces.LOW else _LOW_BIT_ACE_HIGH
    for c in cards:
        mask |= bits[c]
    good = _low_ranks(mask & ((2 << worst) - 1))
    if len(good) >= need:
        return (worst + 1 - good[need - 1]) / (worst + 1 - need)
    if complete or not good:
        return 0.0
    have = len(good)
    return 0.5 * have / need * (worst + 1 - good[-1]) / (worst + 1 - have)


_CATEGORY_BASE = (0.08, 0.33, 0.58, 0.70, 0.80, 0.84, 0.92, 0.97, 1.0)
_CATEGORY_SPAN = (0.20, 0.22, 0.12, 0.10, 0.04, 0.04, 0.04, 0.03, 0.0)


Threat = tuple[int, int]
"""What a board shows, as (high category, top rank slot): tuples compare the way boards do."""

NO_THREAT: Threat = (-1, 0)


def board_threat(up: Sequence[Card]) -> Threat:
    """The category and top rank an opponent's up cards show (pairs, trips ...; no straights or flushes)."""
    if not up:
        return NO_THREAT
    category, slots = unpack(high_board_value(up))
    return category, slots[0]


@dataclass(frozen=True, slots=True)
class Holding:
    """What a player's own cards are worth, before looking at the other boards: the high hand's
    strength with its category and top rank slot (to compare with a board), and the low's strength."""

    high: float
    category: int
    top: int
    low: float


@cache
def _most_in_five_ranks(ranks: int) -> int:
    """The most ranks of a 13-bit rank set that fit in five consecutive ranks starting at a held one
    (a straight draw's length); cached, as there are only 8,192 sets."""
    return max((ranks >> low & 0x1F).bit_count() for low in range(13) if ranks >> low & 1)


def assess(game: Game, cards: Sequence[Card], complete: bool) -> Holding:
    """Value the cards once per street (they do not change while the betting goes round).

    High: the made hand's category and top rank, more for the same hand with fewer cards dealt, plus
    flush and straight draws while cards are to come. Low: :func:`low_strength` (the razz games, the
    eight-or-better half of stud8), read from the game's rankings."""
    rules = RULES[game]
    if rules.pot.low:
        return Holding(0.0, -1, 0, low_strength(cards, 13, complete, rules.pot.aces))
    low = low_strength(cards, 8, complete, rules.split.aces) if rules.split is not None else 0.0
    category, slots = unpack(high_value(cards))
    value = _CATEGORY_BASE[category] + _CATEGORY_SPAN[category] * max(slots[0] - 1, 0) / 12
    missing = rules.hand_size - len(cards)
    if missing > 0:
        if category >= 1:
            value += 0.04 * missing
        suits = [0, 0, 0, 0]  # cards held of each suit
        ranks = 0  # bit r set for each rank r held
        for c in cards:
            suits[c & 3] += 1
            ranks |= 1 << (c >> 2)
        value += 0.07 * max(0, max(suits) - 2) + 0.05 * max(0, _most_in_five_ranks(ranks) - 2)
    return Holding(min(value, 1.0), category, slots[0], low)


def judge(game: Game, holding: Holding, threat: Threat) -> float:
    """A player's hand strength, 0..1: the high hand in stud (worth less when the best opposing board,
    ``threat``, already shows more), the low in razz, and in stud8 the better half plus a share of the
    other (a hand that can scoop is worth more)."""
    rules = RULES[game]
    if rules.pot.low:
        return holding.low
    high = holding.high
    category = holding.category
    if threat[0] > category or (threat[0] == category and category and threat[1] > holding.top):
        high *= 0.7
    if rules.split is None:
        return high
    return min(1.0, max(high, holding.low) + 0.3 * min(high, holding.low))


def strength(game: Game, cards: Sequence[Card], threat: Threat = NO_THREAT, complete: bool = False) -> float:
    """:func:`judge` of :func:`assess`: the strength of ``cards`` against the best opposing board."""
    return judge(game, assess(game, cards, complete), threat)


# ----------------------------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class Situation:
    """What a player knows when deciding, besides his options: the street, how many bets were made on
    it, whether 3rd street is still unopened (only the bring-in in), whether he sits in a steal seat and
    the price of a call."""

    street: int
    bets: int
    unopened: bool
    steal_seat: bool
    price: float
    """The call as a share of the pot after calling: cheap calls (the bring-in) need less."""
    big_bets_left: float = float("inf")
    """The player's stack in big bets."""
    first: bool = False
    """The game's first street (3rd; 2nd in Five Card Stud): the bring-in round."""


for _cls in (Holding, Situation):  # built for every player on every street, and at every decision
    direct_init(_cls)


def _aggressive_move(opt: Options, strong: bool) -> Move | None:
    """The completion, bet or raise the options allow (the big bet over an open pair when ``strong``),
    or an all-in for less; ``None`` when the betting is closed to this player."""
    if opt.raise_to:
        total = opt.raise_to[-1] if strong else opt.raise_to[0]
        return Move(opt.raise_kind, total - opt.contributed)
    if opt.all_in_to is not None:
        return Move(opt.raise_kind, opt.all_in_to - opt.contributed)
    return None


def decide(style: Style, power: float, opt: Options, where: Situation, rng: random.Random) -> Move:
    """One legal move: stronger hands bet and raise, weak ones fold, each style with its own thresholds,
    a pinch of bluffing and, for some, stealing and stubborn calling. Later bets on a street demand more."""
    roll = rng.random()
    raise_move = _aggressive_move(opt, power > 0.8)
    pressure = 0.07 * max(0, where.bets - 1)
    playable = (style.enter if where.first else style.call) + (where.price - 0.25) * 0.6
    committed = raise_move is not None and where.big_bets_left <= style.commit and power > playable
    if opt.bring_in is not None:
        if raise_move is not None and (power > style.raise_at or roll < style.bluff or committed):
            return raise_move
        return Move(ActionKind.BRING_IN, opt.bring_in)
    if opt.to_call == 0:
        threshold = style.raise_at if where.first else style.bet
        if raise_move is not None and (power > threshold or roll < style.bluff or committed):
            return raise_move
        return Move(ActionKind.CHECK)
    if raise_move is not None:
        if where.first and where.unopened and where.steal_seat and roll < style.steal:
            return raise_move
        if power > style.raise_at + pressure or roll < style.bluff / 2 or committed:
            return raise_move
    threshold = playable
    if power > threshold + pressure / 2 or rng.random() < style.sticky:
        return Move(ActionKind.CALL, min(opt.to_call, opt.stack))
    return Move(ActionKind.FOLD)


# ---------------------------------------------------------------------------------------- a hand


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything one hand needs besides the random source: who sits where with what, and the labels."""

    game: Game
    stakes: Stakes
    seats: tuple[tuple[int, Player, Money], ...]
    hero: int
    profile: RuleProfile
    rake: Rake
    hand_id: str
    started_at: datetime
    table: str
    currency: str | None
    mixed: str | None
    tournament: Tournament | None


def _pot_labels(count: int) -> list[str]:
    """PokerStars' names of the pots: ``pot`` alone, else ``main pot``, ``side pot`` or ``side pot-N``."""
    if count == 1:
        return ["pot"]
    sides = ["side pot"] if count == 2 else [f"side pot-{i}" for i in range(1, count)]
    return ["main pot"] + sides


class _Dealer:
    """Deals and plays one hand; collects its events. One instance per hand, discarded after."""

    def __init__(self, setup: HandSetup, rng: random.Random) -> None:
        self.setup = setup
        self.rng = rng
        self.game = setup.game
        self.rules: GameRules = RULES[setup.game]
        self.players = {seat: player for seat, player, _ in setup.seats}
        stacks = {seat: stack for seat, _, stack in setup.seats}
        s = setup.stakes
        self.state = StudState(setup.game, s.small_bet, s.big_bet, stacks, setup.profile, bring_in=s.bring_in)
        self.deck = list(DECK)
        rng.shuffle(self.deck)
        self.events: list[Event] = []
        self.line = len(setup.seats) + 2
        self.aggressor: int | None = None
        self.first_to_act: int | None = None
        self.entered = False  # someone called or completed on 3rd street
        self.decisions = 0  # actions other than antes, and streets with cards dealt to the players:
        self.streets_dealt = 0  # how long the hand takes (:meth:`seconds`)

    def emit(self, event_type: type, *args: object) -> None:
        """Append an event, numbered by its ordinal. Arguments are positional, in the event's field order
        after ``line`` (Action: street, seat, kind, amount, to, all_in; Deal: street, seat, down, up): a
        keyword dictionary per event costs a few per cent of the simulator's time."""
        self.line += 1
        self.events.append(event_type(self.line, *args))

    # ------------------------------------------------------------------ dealing
    def deal_street(self, street: int) -> None:
        state, hero, rules = self.state, self.setup.hero, self.rules
        live = state.live
        rule = rules.street(street)
        short = street == rules.last_street and len(self.deck) < len(live) * (rule.down + rule.up)
        if not short:  # not when the last street is a community card
            self.streets_dealt += 1
        if street == rules.first_street:
            for seat in live:
                down = tuple(self.deck.pop() for _ in range(rule.down))
                up = tuple(self.deck.pop() for _ in range(rule.up))
                state.deal(seat, down, up)
                self.emit(Deal, street, seat, down if seat == hero else (None,) * rule.down, up)
        elif rule.down == 0:
            for seat in live:
                card = self.deck.pop()
                state.deal(seat, up=(card,))
                self.emit(Deal, street, seat, (), (card,))
        elif short:
            card = self.deck.pop()
            state.deal_community(card)
            self.emit(CommunityCard, card)
        else:
            cards = {seat: self.deck.pop() for seat in live}
            for seat, card in cards.items():
                state.deal(seat, down=(card,))
                if seat != hero:
                    self.emit(Deal, street, seat, (None,))
            if hero in cards:
                self.emit(Deal, street, hero, (cards[hero],))

    def seconds(self) -> int:
        """How long the hand takes at a live online table: dealing plus a few seconds per decision."""
        return 12 + 4 * self.streets_dealt + 3 * self.decisions

    def cards_of(self, seat: int) -> list[Card]:
        state = self.state
        return [c for c in (*state.down[seat], *state.up[seat], *state.community) if c is not None]

    # ------------------------------------------------------------------ betting
    def steal_seats(self, bring_in: int) -> frozenset[int]:
        """The last three seats to act before the bring-in player (where a completion is a steal)."""
        seats = self.state.seats
        i = seats.index(bring_in)
        return frozenset((seats[i + 1 :] + seats[:i])[-3:])

    def betting(self, street: int) -> None:
        """The street's betting: each player's cards are valued once (they do not change during the
        round), the best opposing board at every decision (players fold)."""
        state, game = self.state, self.game
        steal_from: frozenset[int] = frozenset()
        self.first_to_act, self.aggressor = state.to_act, None
        first, last = street == self.rules.first_street, street == self.rules.last_street
        if first and self.first_to_act is not None:
            steal_from = self.steal_seats(self.first_to_act)
        # Each board's threat, the most threatening first: a player faces the first that is neither his
        # own nor folded (the board's seat breaks ties, which keeps equal threats equal).
        # (the simulator deals every card itself, so no up card is unknown)
        threats = (
            sorted(((board_threat(state.up[s]), s) for s in state.live), reverse=True)  # type: ignore[arg-type]
            if not self.rules.pot.low
            else []
        )
        folded, invested, players, rng = state.folded, state.invested, self.players, self.rng
        big_bet = self.setup.stakes.big_bet
        holdings: dict[int, Holding] = {}
        while (opt := state.options()) is not None:  # locals and plain loops: this runs at every decision
            seat = opt.seat
            threat = NO_THREAT
            for board, s in threats:
                if s != seat and s not in folded:
                    threat = board
                    break
            holding = holdings.get(seat)
            if holding is None:
                holding = holdings[seat] = assess(game, self.cards_of(seat), complete=last)
            to_call = opt.to_call
            where = Situation(
                street,
                state.bets,
                not self.entered,
                seat in steal_from,
                to_call / (sum(invested.values()) + to_call),
                opt.stack / big_bet,
                first,
            )
            move = decide(players[seat].style, judge(game, holding, threat), opt, where, rng)
            self.record(seat, move, opt, street)

    def record(self, seat: int, move: Move, opt: Options, street: int) -> None:
        """Perform ``move`` and write it the way PokerStars prints it."""
        state = self.state
        kind, put = move.kind, move.put
        all_in = 0 < put == opt.stack
        level, was_capped = state.level, state.capped
        if kind in AGGRESSIVE:
            total = opt.contributed + put
            if level > 0:  # over a bring-in, a bet or an all-in bet for less: PokerStars prints a raise
                self.emit(Action, street, seat, ActionKind.RAISE, total - level, total, all_in)
            else:
                self.emit(Action, street, seat, ActionKind.BET, put, None, all_in)
            self.aggressor = seat
            self.entered = True
        else:
            self.emit(Action, street, seat, kind, put, None, all_in)
            self.entered |= kind is ActionKind.CALL
        state.apply(seat, move)
        self.decisions += 1
        if state.capped and not was_capped:
            self.emit(Marker, street, "capped")

    def return_uncalled(self) -> None:
        back = self.state.return_uncalled()
        if back is not None:
            self.emit(UncalledReturn, back[0], back[1])

    # ------------------------------------------------------------------ the hand
    def play(self) -> tuple[Hand, dict[int, Money], int]:
        setup, state, rules = self.setup, self.state, self.rules
        first = rules.first_street
        ante = setup.stakes.ante
        if ante:
            for seat in state.seats:
                before = state.stack[seat]
                put = min(ante, before)
                state.post_ante(seat, put)
                self.emit(Action, first, seat, ActionKind.ANTE, put, None, put == before)
        for street in rules.numbers:
            if street > first:
                state.start_street(street)
            self.deal_street(street)
            if state.double_bet_allowed:
                self.emit(Marker, street, "double-bet")
            self.betting(street)
            self.return_uncalled()
            if state.hand_over:
                break
        total = sum(state.invested.values())
        rake = setup.rake.of(total, state.street > first)
        results = state.payout(rake)
        self.showdown(results)
        after = dict(state.stack)
        for award in (a for r in results for a in r.awards):
            after[award.seat] += award.amount
        return self.hand(total, rake, results), after, self.seconds()

    def showdown(self, results: Sequence[PotResult]) -> None:
        """Reveal and pay pot by pot, last side pot first, as PokerStars does: the first player to show
        shows; each other contender shows only a hand that wins something, else mucks."""
        state = self.state
        labels = _pot_labels(len(results))
        live = state.live
        contested = len(live) > 1
        winners = {a.seat for r in results for a in r.awards}
        start = self.aggressor if self.aggressor in live else self.first_to_act
        if start not in live:
            start = live[0]
        i = live.index(start)
        order = live[i:] + live[:i]
        revealed: set[int] = set()
        for result in reversed(results):
            for seat in order if contested else ():
                if seat in result.pot.eligible and seat not in revealed:
                    if not revealed or seat in winners:
                        own = self.own_cards(seat)
                        self.emit(Show, seat, tuple(own), self.describe(self.cards_of(seat)))
                    else:
                        self.emit(Muck, seat)
                    revealed.add(seat)
            for award in result.awards:
                self.emit(Collect, award.seat, award.amount, labels[result.pot.index])
        if (
            self.rules.split is not None
            and contested
            and not any(a.half is Half.LOW for r in results for a in r.awards)
        ):
            self.emit(Marker, state.street, "no-low")

    def own_cards(self, seat: int) -> list[Card]:
        """A player's cards in the order dealt: the first street's down cards, the up cards, the
        7th-street down card."""
        down = [c for c in self.state.down[seat] if c is not None]
        up = [c for c in self.state.up[seat] if c is not None]
        first = self.rules.streets[0].down
        return down[:first] + up + down[first:]

    def describe(self, cards: Sequence[Card]) -> str:
        """The hand's name as PokerStars prints it after the shown cards (``Lo: …`` for a low game,
        ``HI: …; LO: …`` for a split one)."""
        pot, split = self.rules.pot, self.rules.split
        main = pot.describe(pot.value(cards))
        if pot.low:
            return f"Lo: {main}"
        if split is None:
            return main
        low = split.qualified(cards)
        return f"HI: {main}" + (f"; LO: {split.describe(low)}" if low is not None else "")

    def hand(self, total: Money, rake: Money, results: Sequence[PotResult]) -> Hand:
        setup = self.setup
        before_rake = setup.profile.pots_include_rake  # Full Tilt lists the pots before rake
        printed = tuple(r.pot.amount - (0 if before_rake else r.rake) for r in results) if len(results) > 1 else ()
        s = setup.stakes
        return Hand(
            site=SITE,
            site_hand_id=setup.hand_id,
            game=setup.game,
            small_bet=s.small_bet,
            big_bet=s.big_bet,
            seats=tuple(Seat(seat, player.name, stack) for seat, player, stack in setup.seats),
            events=tuple(self.events),
            source_file="<simulated>",
            mixed=setup.mixed,
            ante=s.ante or None,
            bring_in=s.bring_in,
            currency=setup.currency,
            tournament=setup.tournament,
            table=setup.table,
            max_seats=table_size((setup.game,)) if setup.mixed is None else MAX_SEATS,
            started_at=setup.started_at,
            total_pot=total,
            rake=rake,
            printed_pots=printed,
        )


def play_hand(setup: HandSetup, rng: random.Random) -> tuple[Hand, dict[int, Money], int]:
    """Deal and play one hand: the Hand as PokerStars would record it, every seat's stack after it and
    the seconds it takes at the table (counted while dealing, not by reading the events back)."""
    return _Dealer(setup, rng).play()


# ------------------------------------------------------------------------------------ sessions


class _Table:
    """The running table: who sits where with how much, the clock, hand and tournament numbers."""

    def __init__(self, spec: TableSpec, rng: random.Random, seed: int = 0) -> None:
        self.spec = spec
        self.rng = rng
        self.hero = next(p for p in spec.regulars if spec.hero in (None, p.name))
        self.clock = spec.start
        self.hand_id = spec.first_hand_id if spec.first_hand_id is not None else first_hand_id(spec, seed)
        self.tournament_id = self.hand_id // 100_000
        self.dealt = 0  # hands dealt at this table, for the game rotation
        self.seats: dict[int, Player] = {}
        self.stacks: dict[int, Money] = {}
        self.session_left = 0
        self.level_hands = 0
        self.tournament: Tournament | None = None

    # ------------------------------------------------------------ sessions
    def new_session(self) -> None:
        """Sit down a new line-up: the hero, some of the other regulars, visitors for the rest."""
        rng, spec = self.rng, self.spec
        size = rng.randint(*spec.players)
        others = [p for p in spec.regulars if p is not self.hero]
        rng.shuffle(others)
        regulars = others[: rng.randint(min(len(others), max(1, size - 3)), min(len(others), size - 1))]
        visitors = rng.sample(VISITORS, size - 1 - len(regulars))
        players = [self.hero] + regulars + visitors
        rng.shuffle(players)
        seat_numbers = sorted(rng.sample(range(1, table_size(spec.games) + 1), size))
        self.seats = dict(zip(seat_numbers, players))
        if spec.tournament is not None:
            self.tournament_id += rng.randint(1, 5000)
            t = spec.tournament
            self.stacks = {seat: t.chips for seat in self.seats}
            self.level_hands = 0
            self.session_left = -1  # until the hero is out or has won
        else:
            self.stacks = {seat: 0 for seat in self.seats}
            self.session_left = rng.randint(120, 480)

    def take_break(self) -> None:
        """Minutes to days between sessions, so session and per-hour statistics have something to cut."""
        minutes = self.rng.choice(
            (self.rng.randint(20, 90), self.rng.randint(6 * 60, 30 * 60), self.rng.randint(2 * 1440, 4 * 1440))
        )
        self.clock += timedelta(minutes=minutes)

    def stakes(self) -> Stakes:
        t = self.spec.tournament
        if t is None:
            return self.spec.stakes
        return t.levels[min(self.level_hands // t.hands_per_level, len(t.levels) - 1)]

    def top_up(self, stakes: Stakes) -> None:
        """Cash players below their rebuy line buy back up to their buy-in between hands."""
        for seat, player in self.seats.items():
            style = player.style
            if self.stacks[seat] < style.rebuy_below * stakes.big_bet or self.stacks[seat] == 0:
                self.stacks[seat] = max(self.stacks[seat], style.buy_in * stakes.big_bet)

    def session_over(self) -> bool:
        if self.spec.tournament is None:
            return self.session_left <= 0
        hero_seat = next(s for s, p in self.seats.items() if p is self.hero)
        return self.stacks[hero_seat] == 0 or len(self.seats) == 1

    # ------------------------------------------------------------ hands
    def next_hand(self) -> Hand:
        spec, rng = self.spec, self.rng
        if not self.seats or self.session_over():
            if self.seats:
                self.take_break()
            self.new_session()
        stakes = self.stakes()
        tournament = None
        if spec.tournament is None:
            self.top_up(stakes)
        else:
            t = spec.tournament
            tournament = Tournament(str(self.tournament_id), t.buy_in, t.fee, t.currency, stakes.level)
        game = spec.games[(self.dealt // spec.rotation) % len(spec.games)]
        self.hand_id += rng.randint(1, 400)
        hero_seat = next(s for s, p in self.seats.items() if p is self.hero)
        setup = HandSetup(
            game=game,
            stakes=stakes,
            seats=tuple((seat, self.seats[seat], self.stacks[seat]) for seat in sorted(self.seats)),
            hero=hero_seat,
            profile=spec.profile,
            rake=NO_RAKE if spec.tournament is not None else spec.rake,
            hand_id=str(self.hand_id),
            started_at=self.clock.replace(tzinfo=EASTERN),
            table=f"{self.tournament_id} 1" if spec.tournament is not None else spec.table,
            currency=None if spec.tournament is not None else spec.currency,
            mixed=spec.mixed if len(spec.games) > 1 else None,
            tournament=tournament,
        )
        hand, after, seconds = play_hand(setup, rng)
        self.stacks.update(after)
        self.clock += timedelta(seconds=seconds + rng.randint(0, 15))
        self.dealt += 1
        self.session_left -= 1
        self.level_hands += 1
        if spec.tournament is not None:
            for seat in [s for s, chips in self.stacks.items() if chips == 0 and s != hero_seat]:
                del self.seats[seat], self.stacks[seat]
        return hand


ID_BLOCK = 10**9
"""Hand numbers each simulation may use from its first: a hand advances the number by 1 to 400, so a
run of up to 2.5 million hands stays in its own block."""


def _identity(spec: TableSpec) -> str:
    """The table as its ``repr`` prints it, but with the profile by its name: the sets of a profile print
    in an order that changes from process to process, and the same run must get the same numbers."""
    shown = (f"{f.name}={spec.profile.name if f.name == 'profile' else getattr(spec, f.name)!r}" for f in fields(spec))
    return f"{type(spec).__qualname__}({', '.join(shown)})"


def first_hand_id(spec: TableSpec, seed: int) -> int:
    """The first hand number of the table ``spec`` dealt from ``seed``: a block of :data:`ID_BLOCK`
    numbers chosen by a digest of both, the game(s), stakes, players, rake, tournament and profile
    included. Two runs that differ in any of them get different blocks (a chance of one in 9 * 10**8
    per pair to share one), so their hands never share an id, while the same run made twice deals the
    same hands under the same ids (true duplicates). Why a digest of the whole table and not the seed
    alone: two tables of one seed (a stud run and a razz run) would share every id, and the import
    would take their hands for duplicates of each other's."""
    digest = hashlib.sha256(f"({_identity(spec)}, {seed!r})".encode()).digest()
    block = 1 + int.from_bytes(digest[:8], "big") % (9 * 10**8)
    return block * ID_BLOCK


def simulate(spec: TableSpec, hands: int, seed: int) -> Iterator[Hand]:
    """``hands`` hands at the table ``spec`` describes, the same ones for the same ``seed``, one at a
    time (a million hands never sit in memory together)."""
    table = _Table(spec, random.Random(seed), seed)
    for _ in range(hands):
        yield table.next_hand()
