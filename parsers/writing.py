"""What every site's writer shares: the skeleton a writer fills in (:class:`TextWriter`, one hook per
kind of line), the one refusal (:class:`HandRefused`), the formatters of amounts, cards and times each
site sets its switches on, the order a deal's cards are printed in, which street headers go before an
event, and the loop writing a file's hands one at a time."""

from __future__ import annotations

import re
from datetime import datetime, tzinfo
from functools import lru_cache, wraps
from typing import Any, Callable, ClassVar, Final, Iterable, Mapping, Sequence, TextIO
from zoneinfo import ZoneInfo

from ..engine.cards import Card
from ..engine.model import ANTE, Action, Collect, CommunityCard, Deal, Event, Hand, Marker, Money, Muck, Show
from ..engine.model import ActionKind, SkippedLine, UncalledReturn
from .chips import in_hundredths


def write_separated(
    hands: Iterable[Hand],
    out: TextIO,
    write: Callable[[Hand], str],
    separator: str,
    refused: Callable[[Hand, ValueError], None] | None = None,
) -> int:
    """Write each hand's text to ``out`` with ``separator`` between hands and a newline after the last;
    return how many were written. Streams: a simulator can write millions of hands without holding them.
    A ``ValueError`` from ``write`` (a hand the format cannot express) is left to the caller, or, given
    ``refused``, handed to it with the hand, which is left out while the others are written: one hand a
    site cannot print (a community card) need not cost the thousands around it."""
    count = 0
    for hand in hands:
        try:
            text = write(hand)
        except ValueError as exc:
            if refused is None:
                raise
            refused(hand, exc)
            continue
        if count:
            out.write(separator)
        out.write(text)
        count += 1
    if count:
        out.write("\n")
    return count


EASTERN: Final = ZoneInfo("America/New_York")
"""US Eastern time: the clock most sites print, and the one a naive (simulated) time is read on."""


NO_TIME: Final = datetime(1970, 1, 1)
"""What a hand without a time prints (the epoch, on the wall clock), so that its header still reads."""


def site_moment(
    when: datetime | None, zone: tzinfo | None = EASTERN, naive: tzinfo | None = None, missing: datetime = NO_TIME
) -> datetime:
    """``when`` on the clock a site prints: in ``zone`` (None: on the clock the hand holds it in). A naive
    time is taken to be in ``naive`` (None: left as it is); a hand without a time has ``missing``."""
    if when is None:
        when = missing
    if when.tzinfo is None and naive is not None:
        when = when.replace(tzinfo=naive)
    if when.tzinfo is not None and zone is not None:
        when = when.astimezone(zone)
    return when


def site_clock(when: datetime | None, layout: str, zone: tzinfo | None = EASTERN, naive: tzinfo | None = None) -> str:
    """``when`` as a site's header prints it (:func:`site_moment`), laid out by ``strftime``'s ``layout``;
    a hand without a time prints the epoch, 1970-01-01 00:00:00, on no clock."""
    if when is None:
        return NO_TIME.strftime(layout)
    return site_moment(when, zone, naive).strftime(layout)


def dealt_as_printed(deal: Deal) -> tuple[Card | None, ...]:
    """A deal's cards in the order the text sites print them: on 3rd street the two down cards before
    the door card, on every later street the up card or the 7th-street down card as dealt."""
    if deal.street == 3:
        return (*deal.down[:2], *deal.up, *deal.down[2:])
    return (*deal.up, *deal.down)


def streets_begun(event: Event, street: int) -> range:
    """The streets whose headers go before ``event`` when the text is on ``street`` (the street before
    the first, 2 in the seven-card games, while no header is out): each street after it up to the
    event's, so a street with no line of its own (no card shown, no action) still gets its header. Only
    a deal or an action moves the text on: antes come before the first street's header, and a show,
    muck, collect or note belongs to the street the text is on. The writers print their own header
    text; this is the one place deciding which headers and when."""
    if not isinstance(event, (Deal, Action)) or (isinstance(event, Action) and event.kind is ANTE):
        return range(0)
    return range(street + 1, event.street + 1)


def street_changes(event: Event, street: int, markers: bool = False) -> tuple[int, ...]:
    """For a site that prints the header of the street an event is on and no other (no header for a
    street without a line of its own): the event's street when the text is on another, for a deal or an
    action other than an ante (antes come before the first header), and, with ``markers``, a betting note."""
    if isinstance(event, Deal) or (isinstance(event, Action) and event.kind is not ANTE):
        return (event.street,) if event.street != street else ()
    if markers and isinstance(event, Marker) and event.street != street:
        return (event.street,)
    return ()


class HandRefused(ValueError):
    """Every writer's refusal of a hand its format cannot express: ``what`` says what (a community card
    the site cannot print, a game it has no name for), without the hand, for whoever names the hand
    himself (:func:`refusal`, ``simulate``); the message names the hand (file, line, id) for whoever
    prints it alone. A ``ValueError``, so that a caller writing many hands leaves one out and goes on
    (:func:`write_separated`)."""

    def __init__(self, hand: Hand, what: str) -> None:
        super().__init__(f"{hand_place(hand)}{what}")
        self.what = what


def hand_place(hand: Hand) -> str:
    """``file:line: hand ID: ``, what a refusal starts with so that a user converting a folder can find
    the hand."""
    return f"{hand.source_file}:{hand.source_line}: hand {hand.site_hand_id}: "


def reason(exc: ValueError) -> str:
    """What a writer's refusal says the format cannot express, without naming the hand."""
    return exc.what if isinstance(exc, HandRefused) else str(exc)


def refusal(hand: Hand, exc: ValueError) -> str:
    """A writer's refusal of ``hand`` as a user converting files reads it: the hand named once (file,
    line, id)."""
    return f"{hand_place(hand)}{reason(exc)}"


@lru_cache(maxsize=4096)
def amount_text(amount: Money, symbol: str = "", *, thousands: bool = False, cents: bool = False) -> str:
    """An amount in hundredths as a site prints it: ``-`` first for a negative one, then ``symbol``,
    the whole units (``1,050`` with ``thousands``) and the cents, always (``cents``) or only when there
    are some (``$3``, ``$0.50``): the one amount formatter, each site choosing its switches. Cached: a
    hand prints the same few amounts (antes, bets, calls) again and again, a file the same stakes."""
    sign = "-" if amount < 0 else ""
    whole, hundredths = divmod(abs(amount), 100)
    units = f"{whole:,}" if thousands else f"{whole}"
    return f"{sign}{symbol}{units}.{hundredths:02d}" if cents or hundredths else f"{sign}{symbol}{units}"


def cards_text(cards: Iterable[Card | None], unknown: str = "X", separator: str = " ") -> str:
    """Cards as a site's bracket prints them: ``Kh``, with ``unknown`` for a card not known."""
    return separator.join(unknown if c is None else c.name for c in cards)


class TextWriter:
    """The one skeleton of every site's writer: it walks a hand's events in order and calls a hook per
    kind of line (:meth:`header`, :meth:`seats`, :meth:`ante`, :meth:`street_start`, :meth:`deal`,
    :meth:`action`, :meth:`community`, :meth:`marker`, :meth:`uncalled`, :meth:`show`, :meth:`muck`,
    :meth:`collect`, :meth:`summary`), each appending its lines to :attr:`out`; a site's writer is a
    subclass that fills in the hooks its format has, in its own words, or, for the lines every site
    prints alike, declares its words (:attr:`street_headers`, :attr:`show_line`, :attr:`muck_line`). What no site decides alone is
    here: which street headers go before an event (:meth:`streets_before`), the players by seat, the
    skipped lines written back where they were (:meth:`noise`), and the refusals, all
    :class:`HandRefused` with the reason, checked before a line is written (:meth:`check`, and a
    community card for a site that prints none)."""

    site_name: ClassVar[str] = "this site"
    """The site's name, as refusals say it."""
    prints_community: ClassVar[bool] = False
    """Whether the site's text has a line for a community card; a hand dealing one is refused if not."""
    start_street: ClassVar[int] = 2
    """The street the text is on before its first street header (:func:`streets_begun`)."""
    ending: ClassVar[str] = "\n"
    """What follows a hand's last line (the separator between hands is the site's, apart)."""
    street_headers: ClassVar[Mapping[int, str]] = {}
    """Each street's header line, when the site's is one fixed line (:meth:`street_start`)."""
    showdown_header: ClassVar[str] = "*** SHOW DOWN ***"
    """The line a showdown starts with, for a site that prints one (:meth:`show_down`)."""
    show_line: ClassVar[str] = ""
    """A show's line, for a site whose is the player, the cards and the hand's description in fixed
    words (:meth:`show`): a ``str.format`` template of ``name``, ``cards`` (:meth:`cards`) and
    ``described`` (:attr:`described_as`, or nothing for a show without a description)."""
    described_as: ClassVar[str] = " ({})"
    """How a show's line prints the hand's description (``str.format`` of it)."""
    muck_line: ClassVar[str] = ""
    """A muck's line, a ``str.format`` template of ``name`` and ``cards`` (:meth:`muck`; none for a
    site without)."""
    shows_down: ClassVar[bool] = False
    """Whether the showdown's header goes before the first show or muck (:meth:`at_showdown`)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A site writer's own ``__init__`` gets the hand in the writers' unit, as :attr:`hand` is, so
        that what it works out of its ``hand`` argument (a ledger's bring-in, the shares of a pot) is in
        the unit the site prints: the one conversion of every writer (:func:`~.chips.in_hundredths`)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__init__")
        if own is not None:

            @wraps(own)
            def init(self: TextWriter, hand: Hand, *args: Any, **kw: Any) -> None:
                own(self, in_hundredths(hand), *args, **kw)

            cls.__init__ = init  # type: ignore[method-assign]

    def __init__(self, hand: Hand) -> None:
        self.hand = in_hundredths(hand)
        """The hand in hundredths of the printed unit, as every site's text prints amounts."""
        self.names = {s.seat: s.player for s in hand.seats}
        self.out: list[str] = []
        self.street = self.start_street
        self.shown_down = False

    @classmethod
    def text(cls, hand: Hand) -> str:
        """``hand`` in this site's words: the site's writer (``Site.writer``)."""
        return cls(hand).write()

    def write(self) -> str:
        """The hand's lines in order, joined; :class:`HandRefused` for what the format cannot say."""
        self.check()
        if not self.prints_community and any(isinstance(e, CommunityCard) for e in self.hand.events):
            raise self.fail(f"{self.site_name}'s text has no community card")
        self.header()
        self.seats()
        self.events()
        self.summary()
        return "\n".join(self.out) + self.ending

    def events(self) -> None:
        """Each event's street headers and hook, with the skipped lines (:meth:`noise`) back before the
        first event after them and those after the last at the end. The loop of every hand's every event:
        the hooks are looked up once a hand, and the default street policy and ante hook are called
        without a frame of their own."""
        cls, out, street_start = type(self), self.out, self.street_start
        hooks = {kind: getattr(self, hook) for kind, hook in _HOOKS.items()}
        if cls.ante is TextWriter.ante:  # an ante is an action: no need to tell them apart
            hooks[Action] = self.action
        before = self.streets_before if cls.streets_before is not TextWriter.streets_before else None
        noise = self.noise()
        pending, upcoming = 0, noise[0].line if noise else None  # the next skipped line's number
        for each in self.hand.events:
            if upcoming is not None and upcoming < each.line:
                while pending < len(noise) and noise[pending].line < each.line:
                    out.append(noise[pending].text)
                    pending += 1
                upcoming = noise[pending].line if pending < len(noise) else None
            for street in before(each) if before is not None else streets_begun(each, self.street):
                self.street = street
                street_start(street)
            hooks[type(each)](each)
        out += [s.text for s in noise[pending:]]

    def _action_or_ante(self, action: Action) -> None:
        (self.ante if action.kind is ANTE else self.action)(action)

    def fail(self, what: str) -> HandRefused:
        """``what`` the text cannot say about this hand, as the refusal a writer raises."""
        return HandRefused(self.hand, what)

    def name(self, seat: int) -> str:
        """The player in ``seat``; an event of an empty seat (a hand built by hand, not parsed) is refused."""
        if seat not in self.names:
            raise self.fail(f"an event refers to seat {seat}, which is empty (seats: {sorted(self.names)})")
        return self.names[seat]

    # ------------------------------------------------------------------------------------ hooks

    def check(self) -> None:
        """Refuse, before any line, what the site's text cannot say (a game, a currency)."""

    def streets_before(self, event: Event) -> Iterable[int]:
        """The streets whose headers go before ``event`` (:func:`streets_begun`)."""
        return streets_begun(event, self.street)

    def noise(self) -> Sequence[SkippedLine]:
        """The hand's skipped lines to write back between its events, in file order: none by default."""
        return ()

    def header(self) -> None:
        """The hand's first lines, before the seats."""

    def seats(self) -> None:
        """One line a seat."""

    def street_start(self, street: int) -> None:
        """A street's header: its line of :attr:`street_headers` by default (none for a site without)."""
        if self.street_headers:
            self.out.append(self.street_headers[street])

    def ante(self, action: Action) -> None:
        """An ante: an action by default."""
        self.action(action)

    def action(self, action: Action) -> None:
        """Any action but an ante (:meth:`ante`)."""

    def deal(self, deal: Deal) -> None:
        """A seat's cards of one street."""

    def community(self, card: CommunityCard) -> None:
        """The card shared on the last street when the deck runs short."""

    def marker(self, marker: Marker) -> None:
        """A betting note (capped, double bet allowed, no low): none by default."""

    def uncalled(self, returned: UncalledReturn) -> None:
        """The return of a bet nobody called: no line by default."""

    def show(self, show: Show) -> None:
        """A seat's cards shown: the line of :attr:`show_line` (none without one), after the showdown's
        header where it goes (:meth:`at_showdown`). The sites print a show alike, the player, the cards
        in brackets and the hand, and differ only in the words around them: one template a site instead
        of one method."""
        if self.show_line:
            self.at_showdown(show)
            described = self.described_as.format(show.description) if show.description else ""
            name, cards = self.name(show.seat), self.cards(show.cards)
            self.out.append(self.show_line.format(name=name, cards=cards, described=described))

    def muck(self, muck: Muck) -> None:
        """A seat's cards not shown: the line of :attr:`muck_line` (none without one), after the
        showdown's header where it goes (:meth:`at_showdown`)."""
        if self.muck_line:
            self.at_showdown(muck)
            self.out.append(self.muck_line.format(name=self.name(muck.seat), cards=self.cards(muck.cards)))

    def at_showdown(self, event: Show | Muck | Collect) -> None:
        """What goes before a line of the showdown: its header, once, where :attr:`shows_down` says so."""
        if self.shows_down:
            self.show_down()

    def cards(self, cards: Iterable[Card | None]) -> str:
        """Cards as the site's brackets print them (:func:`cards_text` by default)."""
        return cards_text(cards)

    def collect(self, collect: Collect) -> None:
        """A seat's share of a pot."""

    def summary(self) -> None:
        """The lines after the last event."""

    def show_down(self) -> None:
        """The showdown's header, once, before the first of its lines."""
        if not self.shown_down:
            self.shown_down = True
            self.out.append(self.showdown_header)

    def winnings(self) -> dict[int, Money]:
        """What each seat collected, all pots together: what a summary's seat lines say it won."""
        won: dict[int, Money] = {}
        for e in self.hand.events:
            if isinstance(e, Collect):
                won[e.seat] = won.get(e.seat, 0) + e.amount
        return won


_HOOKS: Final[Mapping[type, str]] = {
    Action: "_action_or_ante",
    Deal: "deal",
    CommunityCard: "community",
    Marker: "marker",
    UncalledReturn: "uncalled",
    Show: "show",
    Muck: "muck",
    Collect: "collect",
}
"""The name of each event type's hook, looked up by type: one dictionary look-up per event instead of a
chain of ``isinstance`` tests, and the subclass's own hook found by name (:meth:`TextWriter.write`)."""


def body_noise(hand: Hand, summary_seat: re.Pattern[str]) -> list[SkippedLine]:
    """The hand's skipped lines (chat, joins, timers ...) in file order, to be written back where they
    were; the summary's seat lines (``summary_seat``, after the last event), which the parser skips too,
    are left out: the writer rebuilds them from the events."""
    last = max((e.line for e in hand.events), default=hand.source_line)
    return sorted((s for s in hand.skipped if not (s.line > last and summary_seat.match(s.text))), key=lambda s: s.line)


def seat_ending(events: Sequence[Event]) -> tuple[Action | None, Show | None, Muck | None]:
    """A seat's fold, last show and last muck, of its events in order: what a summary line says of the
    seat (folded, showed, mucked) is told from these."""
    fold = next((e for e in events if isinstance(e, Action) and e.kind is ActionKind.FOLD), None)
    show = next((e for e in reversed(events) if isinstance(e, Show)), None)
    muck = next((e for e in reversed(events) if isinstance(e, Muck)), None)
    return fold, show, muck


def showdown_seats(hand: Hand) -> frozenset[int]:
    """The seats still in at the end when two or more are (a showdown), else none.

    The sites print a showdown (PokerStars' ``*** SHOW DOWN ***``, a summary's "showed/mucked") only
    then, and PHH lets only these seats show or muck."""
    playing = {e.seat for e in hand.events if isinstance(e, (Action, Deal))}
    folded = {e.seat for e in hand.events if isinstance(e, Action) and e.kind == ActionKind.FOLD}
    alive = playing - folded
    return frozenset(alive) if len(alive) >= 2 else frozenset()
