"""The writer round trip of a text site: simulate -> write in the site's format -> parse -> replay.

A site's text cannot carry everything a simulated hand holds (Bovada prints no names, no stakes and no
betting notes; Everleaf no total; ...), so each site's test says what its format drops (``Lossy``) and
the comparison leaves exactly that out; everything else must come back identical: every event with its
amounts and cards, the seats' stacks, and the engine's payout of the parsed hand equal to the
simulator's, with zero violations. A site whose form of a hand is its own (PokerStars' is the
simulator's; Full Tilt's completions, ACR's showdown order and pot names) gives that form instead
(``printed``), compared exactly.
"""

from __future__ import annotations

import dataclasses
import io
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TextIO

from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Hand,
    Marker,
    Muck,
    Show,
    UncalledReturn,
)
from studbook.engine.pots import pot_index
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import parse_text
from studbook.parsers.textsite import deals_from_showdown
from studbook.parsers.registry import profile_for


@dataclass(frozen=True, slots=True)
class Lossy:
    """What a site's text does not say, so the round trip cannot bring it back."""

    markers: bool = False
    """The site prints no betting notes (capped, double bet allowed, no low)."""
    muck_cards: bool = False
    """A muck line shows the cards (Bovada): the simulated muck hides them."""
    short_bring_in: bool = False
    """The nominal bring-in is never printed: after a bring-in all-in for less, a 3rd-street raise's
    increment over it cannot be known (its new total can)."""
    community: bool = False
    """The site deals no community card: hands that need one are not written."""
    uncalled: bool = False
    """The site prints no uncalled-bet line (Everleaf): the return is the replay's business."""
    completion_word: bool = False
    """The site prints the 3rd-street completion as such (COMPLETE) where the simulator records
    PokerStars' raise over the bring-in (RAISE): the same move, the same amounts."""
    shown_deals: bool = False
    """The reader gives a deal not shown the cards of the player's showdown (PartyPoker, OnGame): the
    simulated hand's deals are compared filled in the same way."""
    showdown_order: bool = False
    """The site prints the showdown in its summary (OnGame), not in the order it was shown and paid: a
    hand's shows and mucks are compared in seat order, then its collects by pot and seat."""
    descriptions: bool = False
    """The site's show line names no hand (KingsClub): the simulated description is not compared."""
    collects_last: bool = False
    """The site prints every pot line after the whole showdown (KingsClub's summary), where the simulator
    pays each pot after its own shows: collects are compared after the other events, in order."""
    deal_order: bool = False
    """Deals the site does not print are dealt after the printed ones of the street: a street's deals
    are compared in seat order."""
    owner_deals: bool = False
    """Only the history's owner is dealt in the text (PartyPoker): every other player's deals are
    compared as cards not shown (and filled from the showdown when ``shown_deals``)."""


def _normal(hand: Hand, lossy: Lossy) -> list[Event]:
    short = lossy.short_bring_in and any(
        isinstance(e, Action) and e.kind is ActionKind.BRING_IN and e.all_in for e in hand.events
    )
    out: list[Event] = []
    events = _unseen_but_owner(list(hand.events)) if lossy.owner_deals else list(hand.events)
    events = deals_from_showdown(events) if lossy.shown_deals else events
    for event in events:
        if lossy.markers and isinstance(event, Marker) or lossy.uncalled and isinstance(event, UncalledReturn):
            continue
        out.append(dataclasses.replace(_compared(event, lossy, short), line=0))
    if lossy.deal_order:
        out = _deals_in_seat_order(out)
    if lossy.showdown_order:
        shown = sorted((e for e in out if isinstance(e, (Show, Muck))), key=lambda e: e.seat)
        paid = sorted((e for e in out if isinstance(e, Collect)), key=lambda e: (e.pot, e.seat))
        out = [e for e in out if not isinstance(e, (Show, Muck, Collect))] + shown + paid
    if lossy.collects_last:
        out = [e for e in out if not isinstance(e, Collect)] + [e for e in out if isinstance(e, Collect)]
    return out


def _compared(e: Event, lossy: Lossy, short: bool) -> Event:
    """``e`` with what the site's text cannot carry set to what the reader gives for it."""
    if lossy.completion_word and isinstance(e, Action) and e.kind is ActionKind.COMPLETE:
        e = dataclasses.replace(e, kind=ActionKind.RAISE)
    if lossy.descriptions and isinstance(e, Show):
        e = dataclasses.replace(e, description=None)
    if lossy.muck_cards and isinstance(e, Muck):
        e = Muck(e.line, e.seat)
    if short and isinstance(e, Action) and e.street == 3 and e.kind is ActionKind.RAISE:
        e = dataclasses.replace(e, amount=0)
    if isinstance(e, Collect):
        e = dataclasses.replace(e, pot=str(pot_index(e.pot)))
    return e


def _unseen_but_owner(events: list[Event]) -> list[Event]:
    """``events`` with every deal but the owner's (the seat whose 3rd-street down cards are known) as
    cards not shown."""
    owner = next((e.seat for e in events if isinstance(e, Deal) and e.street == 3 and any(e.down)), None)
    return [
        Deal(e.line, e.street, e.seat, (None,) * len(e.down), (None,) * len(e.up))
        if isinstance(e, Deal) and e.seat != owner
        else e
        for e in events
    ]


def _deals_in_seat_order(events: list[Event]) -> list[Event]:
    """Each run of consecutive deals of one street sorted by seat."""
    out: list[Event] = []
    run: list[Deal] = []
    for e in [*events, None]:
        if isinstance(e, Deal) and (not run or run[0].street == e.street):
            run.append(e)
            continue
        out += sorted(run, key=lambda d: d.seat)
        run = [e] if isinstance(e, Deal) else []
        if e is not None and not isinstance(e, Deal):
            out.append(e)
    return out


def _paid(hand: Hand) -> Counter[tuple[int, int]]:
    paid: Counter[tuple[int, int]] = Counter()
    for e in hand.events:
        if isinstance(e, Collect):
            paid[(pot_index(e.pot), e.seat)] += e.amount
    return paid


def changed_fields(sim: Hand, back: Hand, fields: Iterable[str]) -> list[str]:
    """Each of the hand's ``fields`` that did not come back as simulated, in words (for a ``check``)."""
    return [
        f"{f}: {getattr(sim, f)!r} came back as {getattr(back, f)!r}"
        for f in fields
        if getattr(sim, f) != getattr(back, f)
    ]


def bring_in_printed(hand: Hand) -> bool:
    """Whether a site that prints no nominal bring-in in its header shows it: only by a bring-in line that
    is not all in for less."""
    posted = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.BRING_IN]
    return bool(posted) and not posted[0].all_in


def ante_and_bring_in(sim: Hand, back: Hand) -> list[str]:
    """The ante and the bring-in, where the site's header prints neither: the reader has the ante from
    the antes and the bring-in from its line, when :func:`bring_in_printed`."""
    bring_in = sim.bring_in if bring_in_printed(sim) else None
    if (sim.ante, bring_in) == (back.ante, back.bring_in):
        return []
    return [f"ante/bring-in {sim.ante}/{bring_in} came back as {back.ante}/{back.bring_in}"]


@dataclass(frozen=True, slots=True)
class RoundTrip:
    """What a round trip wrote and read back, and every difference or violation in words."""

    written: list[Hand]
    """The simulated hands written (those that need a community card left out, where ``Lossy`` says)."""
    read: list[Hand]
    """The hands parsed back, in the same order (fewer when a hand came back as an error)."""
    problems: list[str]


def round_trip(
    spec: TableSpec,
    hands: int,
    seed: int,
    write_file: Callable[[Iterable[Hand], TextIO], int],
    lossy: Lossy = Lossy(),
    check: Callable[[Hand, Hand], list[str]] = lambda sim, back: [],
    printed: Callable[[Hand], list[Event]] | None = None,
) -> RoundTrip:
    """Simulate, write, parse and replay; compare every hand. ``check`` adds the site's own comparisons
    of header facts (simulated hand, parsed hand). ``printed``, for a site whose form of a hand is its own
    (Full Tilt's completions, ACR's showdown order and pot names): the simulated hand's events as the
    site's text carries them, compared with the parsed events as they are, line numbers aside, in place
    of what ``lossy`` leaves out."""
    simulated = [
        h
        for h in simulate(spec, hands, seed)
        if not (lossy.community and any(isinstance(e, CommunityCard) for e in h.events))
    ]
    text = io.StringIO()
    wrote = write_file(simulated, text)
    parsed = parse_text(text.getvalue(), "roundtrip.txt")
    read = [h for h in parsed if isinstance(h, Hand)]
    if wrote != len(simulated) or len(parsed) != len(simulated):
        return RoundTrip(simulated, read, [f"wrote {wrote} of {len(simulated)} hands, parsed {len(parsed)}"])
    problems: list[str] = []
    for sim, back in zip(simulated, parsed):
        where = f"hand {sim.site_hand_id}"
        if not isinstance(back, Hand):
            problems.append(f"{where}: {back}")
            continue
        problems += [f"{where}: {p}" for p in check(sim, back)]
        if [(s.seat, s.stack) for s in sim.seats] != [(s.seat, s.stack) for s in back.seats]:
            problems.append(f"{where}: seats {sim.seats} came back as {back.seats}")
        if printed is None:
            a, b = _normal(sim, lossy), _normal(back, lossy)
        else:
            a, b = _unlined(printed(sim)), _unlined(back.events)
        if a != b:
            first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            problems.append(f"{where}: event {first} differs: {a[first : first + 1]} / {b[first : first + 1]}")
            continue
        result = replay(back, profile_for(back))
        problems += [f"{where}: {v.rule}: {v.message}" for v in result.violations]
        awarded: Counter[tuple[int, int]] = Counter()
        for award in result.awards:
            awarded[(award.pot, award.seat)] += award.amount
        if +awarded != +_paid(sim):
            problems.append(f"{where}: the replay pays {dict(awarded)}, the simulator paid {dict(_paid(sim))}")
    return RoundTrip(simulated, read, problems)


def _unlined(events: Iterable[Event]) -> list[Event]:
    return [dataclasses.replace(e, line=0) for e in events]
