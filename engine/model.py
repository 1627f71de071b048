"""The hand model: what a hand history *says* happened, as immutable data.

Parsers build a :class:`Hand` from text; the replay engine reads it and says what the rules make of it
(:class:`ReplayResult`). Nothing here knows a site's spelling or a rule of the game: a ``Hand`` records
the printed facts faithfully (including facts that break the rules) so that the validator can judge them.

Money is exact: every amount is an ``int`` in the smallest unit the hand's game deals, cents for cash
games and whole chips for tournament and play-money chips, so ``$0.04`` is ``4`` and ``1,500`` chips is
``1500``. Why the game's own unit: a split's odd chip is then always one unit (one cent, one chip), and a
user summing the store's columns counts chips as chips. :attr:`Hand.per_unit` says how many units make
one printed unit (100 cents a dollar, 1 chip a chip) and :func:`format_money` shows an amount so.

Where the units change: the text of every site's reader and writer is in hundredths of the printed unit
(``1,500`` reads ``150000``); :mod:`studbook.parsers.chips` turns a chip hand's amounts into whole chips
as the registry hands it out, and back before a writer prints it.

Players are referred to by seat number inside events; parsers resolve printed names against the seat
list, which is the only reliable way to read names containing spaces, brackets or colons.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from datetime import datetime
from enum import StrEnum
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence, TypeAlias, Union

from .cards import Card

Money = int
"""An exact amount in the smallest unit of the hand's game: cents, or whole chips (the module docstring)."""

HUNDREDTHS = 100
"""Units in one printed unit of a currency (cents in a dollar): what :attr:`Hand.per_unit` is for cash."""


STREETS: tuple[int, ...] = (3, 4, 5, 6, 7)
"""Seven-card games' streets; every game's own are in :data:`studbook.engine.games.RULES`."""
STREET_NAMES: dict[int, str] = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}
"""Streets are numbered by the cards a player holds after them: Five Card Stud's run 2nd to 5th."""


class Game(StrEnum):
    """The games of the stud family that studbook audits; what each one's rules are is
    :data:`studbook.engine.games.RULES` (data, not tests on these names)."""

    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"
    STUD5 = "stud5"
    """Five Card Stud (high), one down card and four up."""
    RAZZ27 = "razz27"
    """2-7 (deuce-to-seven) Razz: seven card stud for the lowest hand, aces high, straights and flushes bad."""


class Limit(StrEnum):
    """The betting structure: fixed limit (every stud game of the corpus but one), no limit, pot limit.

    Only the size and number of bets and raises depend on it; everything else is the same game."""

    FIXED = "fixed"
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"


class ActionKind(StrEnum):
    """What a player did with chips (or without them).

    ``COMPLETE`` is used by sites that print the word (Full Tilt's ``completes it to``); PokerStars prints a
    completion as a ``RAISE`` over the bring-in, or as a ``BET`` when the bring-in player completes
    himself. The parser records what was printed; the engine decides what it means.
    """

    ANTE = "ante"
    BRING_IN = "bring-in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


ANTE, BRING_IN, CALL, CHECK, FOLD, RAISE = (
    ActionKind.ANTE,
    ActionKind.BRING_IN,
    ActionKind.CALL,
    ActionKind.CHECK,
    ActionKind.FOLD,
    ActionKind.RAISE,
)
"""The action kinds the hot loops (the replay, the street ledger, the stat flags) compare with at every
action, as module globals to import: on CPython 3.11 reading a member off its enum class
(``ActionKind.CALL``) goes through ``EnumType.__getattr__``, some ten times the cost of a global."""


class Half(StrEnum):
    """Which part of a pot an award is for: stud8 splits each pot into a high and a low half."""

    HIGH = "high"
    LOW = "low"
    WHOLE = "whole"


HALF_HIGH, HALF_LOW, HALF_WHOLE = Half.HIGH, Half.LOW, Half.WHOLE
"""The halves as module globals to import, like the action kinds above: the payout and the stat flags
read them at every pot and award. The same holds for any enum member a per-hand path reads: such a
module keeps it as a global of its own (``_FIXED = Limit.FIXED``), pointing here."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player in the hand: seat number as printed, screen name, stack before the antes."""

    seat: int
    player: str
    stack: Money
    sitting_out: bool = False


# --------------------------------------------------------------------------------------------- events
# Every event carries ``line``: its 1-based line number in the source file, so that any violation can
# point at the exact text a person would look at.


@dataclass(frozen=True, slots=True)
class Action:
    """A wager or a decision.

    ``amount`` is the number printed first: chips put in for ANTE, BRING_IN, BET and CALL; the raise
    increment over the previous bet for RAISE (PokerStars' ``raises X to Y``); 0 for CHECK and FOLD.
    ``to`` is the player's new total for the street after RAISE or COMPLETE (``Y``), ``None`` otherwise.
    """

    line: int
    street: int
    seat: int
    kind: ActionKind
    amount: Money = 0
    to: Money | None = None
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Deal:
    """Cards a player receives on one street: down (hidden) and up (exposed), ``None`` where unknown.

    Seven-card games: 3rd street is two down and one up, 4th to 6th one up, 7th one down (Five Card
    Stud: 2nd street one down and one up, then one up; see engine/games.py). A site that prints nothing for
    a card (an opponent's down cards) still deals it: parsers write ``None`` for every card the site
    dealt but did not show, so card counts can be checked.
    """

    line: int
    street: int
    seat: int
    down: tuple[Card | None, ...] = ()
    up: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class CommunityCard:
    """The single face-up 7th-street card shared by everyone when the deck runs short."""

    line: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class UncalledReturn:
    """Chips of a bet nobody called, given back before the pot is paid."""

    line: int
    seat: int
    amount: Money


@dataclass(frozen=True, slots=True)
class Show:
    """A player reveals cards at showdown (``None`` for a card the site left garbled or blank)."""

    line: int
    seat: int
    cards: tuple[Card | None, ...]
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Muck:
    """A player gives up at showdown or declines to show; ``cards`` holds what the summary revealed."""

    line: int
    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Collect:
    """The site says a player was paid from a pot; ``pot`` is the label as printed (``pot``,
    ``main pot``, ``side pot``, ``side pot-2``, ``high pot`` ...). The site never says which half of
    a hi/lo pot a line is for: the engine works that out."""

    line: int
    seat: int
    amount: Money
    pot: str = "pot"


@dataclass(frozen=True, slots=True)
class Marker:
    """An informational line the site prints about the betting: ``double-bet`` (PokerStars' "Pair on
    board - a double bet is allowed"), ``capped`` ("Betting is capped"), ``no-low`` ("No low hand
    qualified"). The engine checks them against its own view; they never change the state."""

    line: int
    street: int
    kind: str


Event = Union[Action, Deal, CommunityCard, UncalledReturn, Show, Muck, Collect, Marker]


@dataclass(frozen=True, slots=True)
class SkippedLine:
    """A line read but not turned into an event (joins, chat, disconnects, summary seat lines ...), or,
    in :attr:`Hand.unknown_lines`, a line the site's reader does not know at all."""

    line: int
    text: str


@dataclass(frozen=True, slots=True)
class ParseWarning:
    """Site output that could be read only in part, e.g. the garbled card ``[of]`` PokerStars once
    printed. The hand is kept (with the card unknown) and the validator reports the warning."""

    line: int
    text: str
    message: str


@dataclass(frozen=True, slots=True)
class Tournament:
    """Tournament context of a hand; ``buy_in`` and ``fee`` in hundredths of ``currency``, or of the play chips
    a play-money tournament costs (a price as printed, not chips at the table: they stay as read)."""

    tournament_id: str
    buy_in: Money | None = None
    fee: Money | None = None
    currency: str | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the site recorded it.

    ``ante`` and ``bring_in`` are the stakes' nominal amounts when the site states them (or the parser
    can read them from the forced bets); ``None`` when the hand does not say. ``total_pot`` and ``rake``
    are the summary's numbers, ``printed_pots`` the main and side pot amounts when the summary lists
    them. ``source_line`` is the line of the header.

    ``stakes_inferred`` is True when the site prints no stakes (Bovada): ``small_bet`` and ``big_bet``
    are then what the hand's own full bets show (:func:`studbook.engine.stakes.infer_stakes`), and 0
    stands for a size no bet of the hand shows. The bet-size rule never guesses an unknown size: what it
    cannot judge it reports as unjudged (:attr:`ReplayResult.unjudged`), not as a violation.
    """

    site: str
    site_hand_id: str
    game: Game
    small_bet: Money
    big_bet: Money
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    source_file: str = ""
    source_line: int = 1
    mixed: str | None = None
    ante: Money | None = None
    bring_in: Money | None = None
    currency: str | None = None
    play_money: bool = False
    tournament: Tournament | None = None
    table: str | None = None
    max_seats: int | None = None
    started_at: datetime | None = None
    total_pot: Money | None = None
    rake: Money | None = None
    printed_pots: tuple[Money, ...] = ()
    stakes_inferred: bool = False
    skipped: tuple[SkippedLine, ...] = ()
    warnings: tuple[ParseWarning, ...] = ()
    unknown_lines: tuple[SkippedLine, ...] = ()
    """Lines of a kind no rule of the site's grammar knows, left out of the events: the hand was kept
    because its chips add up without them (parsers/unknown_lines.py). Not a rule broken: the audit
    reports them apart, so that a user can send them in."""
    limit: Limit = Limit.FIXED
    """Fixed limit unless the site says otherwise; ``small_bet`` is then the minimum bet."""
    chip_cents: bool = False
    """A chip hand (tournament or play money) whose site deals hundredths of a chip (Winamax's play
    tables: ``posts ante 0.01``): its amounts are hundredths, as a currency's, since that is the
    smallest amount it deals."""

    @property
    def chips(self) -> bool:
        """Whether the hand deals chips (a tournament's or play money) rather than a currency."""
        return self.tournament is not None or self.play_money

    @property
    def per_unit(self) -> int:
        """How many of the hand's amounts make one printed unit: 100 for a currency (cents), 1 for
        whole chips, 100 for a site's hundredths of a chip (:attr:`chip_cents`)."""
        return 1 if self.chips and not self.chip_cents else HUNDREDTHS

    def player(self, seat: int) -> str:
        """The screen name in ``seat`` (KeyError for an empty seat)."""
        for s in self.seats:
            if s.seat == seat:
                return s.player
        raise KeyError(f"seat {seat} is empty in hand {self.site_hand_id}")

    def seat_of(self, player: str) -> int:
        """The seat number of ``player`` (KeyError if not seated)."""
        for s in self.seats:
            if s.player == player:
                return s.seat
        raise KeyError(f"{player!r} is not seated in hand {self.site_hand_id}")


def direct_init(cls: type) -> None:
    """Build a frozen slotted dataclass without its frozen ``__init__``: each instance is made as a
    plain slotted object of the same layout, its fields stored, then given ``cls`` as its class.

    Why: the ``__init__`` that ``dataclass`` writes for a frozen class stores every field through
    ``object.__setattr__(self, name, value)`` (its way round the class's own frozen ``__setattr__``),
    and even each slot's own setter called directly is a C call with its arguments packed and unpacked,
    ~70 ns a field; parsers build ~60 of these objects per hand, millions per import. A class with the
    same ``__slots__`` and no ``__setattr__`` of its own (``_<Name>Slots``) takes a field as a plain
    attribute store, and an object may change its class to one of the same layout. So the class gets a
    ``__new__`` that does exactly that (about half the cost for an event of 7 fields) and no
    ``__init__``. The parameters and defaults are the same, and what is built is an instance of ``cls``
    like any other: construction, equality, hashing, repr, ``dataclasses.replace`` and frozen-ness are
    unchanged; ``__reduce__`` makes copies and pickles by calling the class with the fields, as
    ``copy`` and ``pickle`` would otherwise call ``__new__`` with no arguments. Used for the classes
    built per hand (below) and per decision (the replay's and the simulator's options and moves).

    A class of a module that setup.py compiled with mypyc is a native class: its fields are C members
    that compiled code reads directly, it has no ``__slots__`` tuple to copy and cannot change its
    class. It keeps its own constructor and only gets the ``__reduce__``: its pickling otherwise
    restores the fields through the frozen ``__setattr__``, which refuses them.
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which a direct __init__ would skip")
    native = "__mypyc_attrs__" in cls.__dict__
    slots = cls.__dict__.get("__slots__")
    if not native and (not isinstance(slots, tuple) or "__setattr__" not in cls.__dict__):
        raise TypeError(f"{cls.__name__}: direct_init is for dataclasses declared frozen=True, slots=True")
    names = [f.name for f in fields(cls)]
    values = attrgetter(*names) if len(names) > 1 else (lambda obj: (getattr(obj, names[0]),))

    def __reduce__(self: object) -> tuple[type, tuple[object, ...]]:
        return type(self), values(self)

    __reduce__.__qualname__ = f"{cls.__qualname__}.__reduce__"
    cls.__reduce__ = __reduce__  # type: ignore[assignment, method-assign]
    if native:
        return
    plain = type(f"_{cls.__name__}Slots", (), {"__slots__": slots, "__module__": cls.__module__})
    namespace: dict[str, object] = {"_new": object.__new__, "_plain": plain}
    params, body = [], []
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a direct __init__ needs plain fields with plain defaults")
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    self.{f.name} = {f.name}\n")
    source = (
        f"def __new__(cls, {', '.join(params)}):\n    self = _new(_plain)\n{''.join(body)}"
        "    self.__class__ = cls\n    return self\n"
    )
    exec(source, namespace)  # noqa: S102 - as dataclasses does
    new = namespace["__new__"]
    new.__qualname__ = f"{cls.__qualname__}.__new__"  # type: ignore[attr-defined]
    cls.__new__ = new  # type: ignore[assignment]
    del cls.__init__  # type: ignore[misc]  # object's, which takes what __new__ took


for _cls in (
    Seat,
    Action,
    Deal,
    CommunityCard,
    UncalledReturn,
    Show,
    Muck,
    Collect,
    Marker,
    SkippedLine,
    ParseWarning,
    Tournament,
    Hand,
):
    direct_init(_cls)


# ----------------------------------------------------------------------------------- replay results


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule the hand breaks. ``rule`` is a stable id (``bring-in.player``, ``bet.size``, ``pot.award``
    ...; see engine/validate.py for the list); ``message`` says what happened in words a player uses,
    with the amounts involved."""

    rule: str
    message: str
    street: int | None = None
    seat: int | None = None
    player: str | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Pot:
    """A main (``index`` 0) or side pot: chips in it before rake and the seats that can win it."""

    index: int
    amount: Money
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KnownCard:
    """One card dealt in a hand, as known by the hand's end: the seat it was dealt to (``None`` for the
    shared 7th-street card), its street, face up or down, the card (``None`` if it was never seen), the
    line that dealt it, and whether it became known only when its owner showed (``shown``).

    Why the engine says it: a site prints an opponent's down cards only at the showdown, as one list
    per player, and which of them was dealt on which street follows from the deal's order (the unknown
    down cards of 3rd street, then 7th's), which is a rule of the game, not of a table or a stat."""

    seat: int | None
    street: int
    up: bool
    card: Card | None
    line: int
    shown: bool = False


direct_init(KnownCard)  # built for every card of a hand a replayer steps through


DealtCards: TypeAlias = tuple[int | None, int, bool, tuple[Card | None, ...], int, tuple[bool, ...]]
"""One group of cards dealt together (a deal line's down cards, its up cards, the shared 7th-street
card), as known by the hand's end: ``(seat, street, up, cards, line, shown)``, with ``seat`` ``None``
for the shared card, ``None`` for a card never seen, and ``shown`` empty unless some of the cards became
known only from their owner's show (then one flag per card).

Why groups of plain tuples and not a :class:`KnownCard` per card: the replay records every deal of
every hand imported, and the groups are the walk's own record of the deal, made as it goes; the cards
table repeats a group's seat, street and line for its cards in one vectorised step. :func:`known_cards`
gives the same cards one object each, for a reader that wants them so."""


def known_cards(dealt: Iterable[DealtCards]) -> tuple[KnownCard, ...]:
    """The cards of ``dealt`` (:attr:`ReplayResult.dealt`) one :class:`KnownCard` each, in the order dealt."""
    return tuple(
        KnownCard(seat, street, up, card, line, bool(shown) and shown[i])
        for seat, street, up, cards, line, shown in dealt
        for i, card in enumerate(cards)
    )


@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """What one voluntary action (anything but an ante or the bring-in post: a check or a fold is a
    decision too) faced, as the rules' replay saw it just before it: the street's level (``level``) and
    the chips the player needed to call it (``to_call``); how many completions, bets and raises had
    lifted the level on this street (``aggressions``, short all-ins included) and whose was the last
    (``aggressor``, ``None`` before any); whether anyone had called or raised voluntarily on the street
    before (``opened``: on the first street, the pot was no longer unopened); whether the rules had
    capped the street (``capped``: the profile's raises, its heads-up rule); whether this is the
    player's first decision of the street (``first``) and whether he had checked on it before
    (``checked_before``).

    The last three fields follow from the others: the stat flags ask each several times per decision,
    so the replay works them out once. ``aggressive``: a completion, bet or raise; ``faces_bet``:
    someone else's bet is in front of him (he cannot check); ``could_raise``: the street was not capped
    and the action is not a call that put him all-in.

    Why in the engine: "faced a bet", "was the aggressor", "could raise" are the betting state machine's
    facts; a stat that worked them out again from the events would be a second betting state machine.

    Why not frozen: the replay makes one for every voluntary action of every hand imported, and a frozen
    class cannot be built cheaply in pure Python (its ``__init__`` stores each field through
    ``object.__setattr__``; :func:`direct_init`'s way round that still pays a call through the class and a
    change of class per object). A plain slotted instance whose fields the walk stores one by one
    (:meth:`.walk.HandWalk.decide`) costs a fraction of either. Nothing changes one once made: the walk
    is its only writer, and everything else only reads it. Equal by value like the other records, and
    hashed by value too (``unsafe_hash``: safe as long as nobody writes to it)."""

    action: Action
    index: int
    """The action's position in ``hand.events``."""
    seat: int
    """The action's seat (asked at every decision, so kept rather than read through the action)."""
    level: Money
    to_call: Money
    aggressions: int
    aggressor: int | None
    opened: bool
    capped: bool
    first: bool
    checked_before: bool
    aggressive: bool
    faces_bet: bool
    could_raise: bool
    dealt: int = 0
    """How many groups of cards (:attr:`ReplayResult.dealt`) had been dealt before it: what the table
    and the player could see then are those groups (:func:`sight`), kept as a count, not a copy."""

    @property
    def street(self) -> int:
        return self.action.street


@dataclass(frozen=True, slots=True)
class Sight:
    """The cards in view at one decision (:func:`sight`): every seat's door card and up cards, which
    everyone at the table sees (``up`` by seat, ``None`` the shared 7th-street card; ``door`` each seat's
    first up card), and the deciding player's own cards, down and up, in the order dealt, as the hand
    history knows them by its end (``None`` for one it never shows)."""

    door: Mapping[int, Card | None]
    up: Mapping[int | None, tuple[Card | None, ...]]
    own: tuple[Card | None, ...]


def sight(dealt: Sequence[DealtCards], decision: Decision) -> Sight:
    """What ``decision`` saw of the cards: the first ``decision.dealt`` groups of ``dealt`` (the
    :attr:`ReplayResult.dealt` of its replay, or a step's :attr:`.steps.TableState.dealt`)."""
    door: dict[int, Card | None] = {}
    up: dict[int | None, tuple[Card | None, ...]] = {}
    own: list[Card | None] = []
    for seat, _, face_up, cards, _, _ in dealt[: decision.dealt]:
        if face_up:
            if seat is not None and seat not in door:
                door[seat] = cards[0]
            up[seat] = up.get(seat, ()) + cards
        if seat == decision.seat:
            own.extend(cards)
    return Sight(door, up, tuple(own))


@dataclass(frozen=True, slots=True)
class Award:
    """What the rules pay one seat from one half (or the whole) of one pot, after rake."""

    pot: int
    half: Half
    seat: int
    amount: Money


direct_init(Pot)  # built for every pot of every hand replayed
direct_init(Award)  # and for every award


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What the rules make of a hand.

    ``invested`` is each seat's total put in (antes included, uncalled returns excluded);
    ``street_invested`` the same per street (antes counted on 3rd); ``awards`` the engine's
    distribution of every pot after ``rake``; ``collected`` what the site said each seat collected;
    ``net`` = engine awards − invested (so it is correct even when the site paid the wrong player);
    ``showdown`` the seats that reached showdown; ``folded`` the street each folder folded on. What
    each voluntary action faced (the bets before it, whether the rules had capped the street, whatever
    the site printed, ...) is its :class:`Decision` in ``decisions``, which the stats read rather than
    keep a ledger of their own.
    """

    pots: tuple[Pot, ...]
    awards: tuple[Award, ...]
    rake: Money
    invested: dict[int, Money]
    street_invested: dict[int, dict[int, Money]]
    returned: dict[int, Money]
    collected: dict[int, Money]
    net: dict[int, Money]
    showdown: frozenset[int]
    folded: dict[int, int]
    violations: tuple[Violation, ...] = field(default=())
    unjudged: tuple[Violation, ...] = field(default=())
    """Checks the rules could not make for want of a fact the hand does not give (a bet size of a
    site that prints no stakes, which no other bet of the hand shows): said so instead of guessed, and
    not breaks, so they leave the hand ``valid``."""
    dealt_in: tuple[int, ...] = field(default=())
    """The seats dealt into the hand, in seat order: those the events show playing (an ante, a card, an
    action), whatever their seat lines say. A seat listed but sitting out, or seated after the deal,
    is not; a seat marked sitting out that antes and is dealt cards is. Every count of players
    (``hands.n_players``, who saw 4th street, the steal seats) and every per-player row follows it."""
    dealt: tuple[DealtCards, ...] = field(default=())
    """Every card dealt, in groups (:data:`DealtCards`) in the order dealt (per deal line its down cards,
    then its up cards), each as known by the hand's end: a down card the site printed only in its
    owner's show is filled in. :attr:`cards` gives them one by one."""
    decisions: Mapping[int, tuple[Decision, ...]] = field(default_factory=dict)
    """Each street's voluntary decisions (:class:`Decision`) in the order taken, by the street the
    actions name; a street nobody decided on is left out."""
    bring_in_seat: int | None = None
    """Who had the bring-in: the seat that posted it or, when nobody did (PokerStars prints a bring-in
    player who completes as a plain bet), the seat whose completion opened the first street; ``None``
    when the hand shows neither (its first action on the first street is something else)."""
    street_aggressor: Mapping[int, int] = field(default_factory=dict)
    """The seat of each street's last completion, bet or raise (streets without one left out): what a
    later street's continuation bet is counted against."""
    reached: frozenset[int] = field(default=frozenset())
    """The streets the hand reached: cards were dealt on them or someone acted on them."""

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def cards(self) -> tuple[KnownCard, ...]:
        """Every card dealt (:attr:`dealt`), one :class:`KnownCard` each, in the order dealt."""
        return known_cards(self.dealt)


CURRENCY_SYMBOLS: Mapping[str, str] = MappingProxyType({"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥"})
"""How the sites print the currencies they deal in (the rupee and the yuan: PokerStars' Indian and Chinese
clients' buy-ins); a currency not listed prints as a bare number."""


def format_money(amount: Money, currency: str | None = None, per_unit: int = HUNDREDTHS) -> str:
    """An amount for people to read, ``per_unit`` of it making one printed unit (:attr:`Hand.per_unit`):
    ``format_money(4, "USD") == "$0.04"``, ``format_money(123456, "USD") == "$1,234.56"``,
    ``format_money(1500, per_unit=1) == "1,500"`` (whole chips), ``format_money(65) == "0.65"`` (hundredths
    with no currency: Winamax play chips, a cash hand of no printed currency). Not the sites' own spelling
    (the PokerStars writer has that); :func:`studbook.analytics.stats.parse_amount` reads it back."""
    sign = "-" if amount < 0 else ""
    if per_unit == 1:
        return f"{sign}{CURRENCY_SYMBOLS.get(currency or '', '')}{abs(amount):,}"
    whole, cents = divmod(abs(amount), per_unit)
    text = f"{whole:,}" if cents == 0 and currency is None else f"{whole:,}.{cents:02d}"
    symbol = CURRENCY_SYMBOLS.get(currency or "", "")
    return f"{sign}{symbol}{text}"
