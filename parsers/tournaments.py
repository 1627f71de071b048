"""Tournament results as studbook reads them: one :class:`TournamentResult` a tournament, one
:class:`PlayerResult` a player in it, whatever said them (a summary file, the lines inside hands, a hand's
header), and :func:`merge`, which joins what several sources said of one tournament.

Why every field carries who said it: the same tournament is told by up to three sources that can
disagree (a summary printed after a re-entry, a hand header that folds the bounty into the buy-in). A
value kept without its source cannot be checked, and a disagreement silently overwritten is a result
nobody can trust; so each value keeps a :class:`Said` (source, file, line) and :func:`merge` reports a
:class:`Conflict` rather than choose quietly.

Units: an amount of a real currency (``currency`` an ISO code) is in hundredths of it; a play-money
amount (``currency`` None, ``play_money`` True) and every count of tournament chips (``starting_chips``)
is in whole chips. :func:`read_units` reads a printed amount into the right one and refuses half a chip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from enum import StrEnum
from typing import Iterable, Mapping, Sequence

from ..engine.model import Hand
from .amounts import amount_problem
from .errors import ParseError

__all__ = [
    "Conflict",
    "Merged",
    "PLAYER_FIELDS",
    "PlayerResult",
    "Said",
    "Source",
    "TOURNAMENT_FIELDS",
    "TournamentResult",
    "UNKNOWN_UNIT",
    "from_header",
    "gather_hands",
    "merge",
    "ordinal",
    "read_units",
]


UNKNOWN_UNIT = "unknown"
"""The unit of a tournament no source gave the currency of, nor said it was play money."""


class Source(StrEnum):
    """What said a value: a tournament summary file, a line inside a hand, or a hand's header."""

    SUMMARY = "summary"
    HAND = "hand"
    HEADER = "header"


PRECEDENCE: Mapping[Source, int] = {Source.SUMMARY: 0, Source.HAND: 1, Source.HEADER: 2}
"""Whose value a merge keeps when sources disagree (the conflict is reported either way): a summary is
the site's account of the whole tournament, a hand line the site's word at that moment, a header only
the stake printed on every hand."""


@dataclass(frozen=True, slots=True)
class Said:
    """Where a value was read: its source, the file and the 1-based line."""

    source: Source
    file: str
    line: int


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's result: ``finish`` (1 for the winner, None while still playing or unknown),
    ``prize`` (the tournament's unit), ``rebuys`` and ``add_ons`` (counts), ``rebuy_cost`` (all the
    re-buys and add-ons cost, the tournament's unit), ``bounties`` (how many won) and ``bounty_prize``.
    ``entry`` tells re-entries apart (1 for the first). ``said`` maps each field given to its source."""

    player: str
    finish: int | None = None
    prize: int | None = None
    rebuys: int | None = None
    add_ons: int | None = None
    rebuy_cost: int | None = None
    bounties: int | None = None
    bounty_prize: int | None = None
    entry: int = 1
    said: tuple[tuple[str, Said], ...] = ()

    def source_of(self, name: str) -> Said | None:
        """Who said the field ``name`` (None when nobody did)."""
        return dict(self.said).get(name)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One tournament as one source tells it.

    ``game`` is studbook's game (``stud``, ``stud8``, ``razz``) when the tournament plays one, ``mixed``
    the rotation's name as printed (``8-Game``, ``HORSE``) when it mixes games; ``game_text`` is the
    printed game. ``currency`` is the ISO code of a real-money buy-in, None for play money
    (``play_money``). ``format_words`` are the speed and format words the site prints (``Turbo``,
    ``Heads Up``, ``Deep Stack``) as printed. ``starting_chips`` in whole chips; ``buy_in``, ``fee``,
    ``bounty`` (the part of a knockout buy-in that pays bounties) and ``prize_pool`` in the
    tournament's unit. Times are aware, in the zone the source printed (UTC when stored).
    ``hero`` is the player whose file it is, when the source says so. ``said`` maps each field given to
    its source; ``players`` keep theirs.
    """

    site: str
    tournament_id: str
    source: Said
    name: str | None = None
    game: str | None = None
    mixed: str | None = None
    game_text: str | None = None
    currency: str | None = None
    play_money: bool = False
    buy_in: int | None = None
    fee: int | None = None
    bounty: int | None = None
    format_words: tuple[str, ...] = ()
    entrants: int | None = None
    prize_pool: int | None = None
    starting_chips: int | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    hero: str | None = None
    players: tuple[PlayerResult, ...] = ()
    said: tuple[tuple[str, Said], ...] = ()

    @property
    def unit(self) -> str:
        """The unit of its amounts as people read it: the currency's code, ``play``, or ``unknown``
        when no source said which (a header that prints no buy-in, and no summary)."""
        if self.play_money:
            return "play"
        return self.currency if self.currency is not None else UNKNOWN_UNIT

    def source_of(self, name: str) -> Said | None:
        """Who said the field ``name`` (None when nobody did)."""
        return dict(self.said).get(name)

    def player(self, name: str, entry: int = 1) -> PlayerResult | None:
        """The result of ``name`` (his ``entry``-th entry), or None."""
        for p in self.players:
            if p.player == name and p.entry == entry:
                return p
        return None


TOURNAMENT_FIELDS = (
    "name",
    "game",
    "mixed",
    "game_text",
    "currency",
    "play_money",
    "buy_in",
    "fee",
    "bounty",
    "format_words",
    "entrants",
    "prize_pool",
    "starting_chips",
    "started_at",
    "ended_at",
    "hero",
)
PLAYER_FIELDS = ("finish", "prize", "rebuys", "add_ons", "rebuy_cost", "bounties", "bounty_prize")


def sourced(said: Said, values: Mapping[str, object]) -> tuple[tuple[str, Said], ...]:
    """The ``said`` pairs of every field of ``values`` that is given (not None, not empty)."""
    return tuple((k, said) for k, v in values.items() if v is not None and v != ())


# ------------------------------------------------------------------------------------ amounts


_AMOUNT = re.compile(r"(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,2}))?")


def read_units(text: str, whole: bool, where: tuple[str, int], line: str) -> int:
    """A printed amount (``1,500``, ``58.83``, ``200.00``; no currency sign) in the unit of its kind:
    hundredths of a currency, or whole chips when ``whole`` (play money, tournament chips), where a
    fraction other than ``.00`` is half a chip no site deals: a ParseError at ``where``, like any text
    that is no amount or one beyond what studbook reads."""
    m = _AMOUNT.fullmatch(text.strip())
    expected = "a whole number of chips like 1,500" if whole else "an amount like 1,500 or 58.83"
    if m is None:
        raise ParseError(where[0], where[1], line, expected, f"{text!r} is not an amount")
    units = int(m["whole"].replace(",", ""))
    frac = (m["frac"] or "").ljust(2, "0")
    if whole:
        if int(frac):
            raise ParseError(where[0], where[1], line, expected, f"{text} chips is a fraction of a chip")
    else:
        units = units * 100 + int(frac)
    problem = amount_problem(units * 100 if whole else units)
    if problem is not None:
        raise ParseError(where[0], where[1], line, expected, problem)
    return units


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``, ``23rd``: a place as the sites print it."""
    suffix = "th" if 10 <= n % 100 <= 20 else _SUFFIX.get(n % 10, "th")
    return f"{n}{suffix}"


# ------------------------------------------------------------------------------------ the header


def from_header(hand: Hand) -> TournamentResult | None:
    """What a tournament hand's header says of its tournament (buy-in, fee, currency, game), None for a
    cash hand. The model keeps header amounts in hundredths of the printed unit; play-money amounts
    become whole chips here (a fraction would be half a chip: then they are left out, not rounded)."""
    t = hand.tournament
    if t is None:
        return None
    said = Said(Source.HEADER, hand.source_file, hand.source_line)
    play = hand.play_money

    def unit(amount: int | None) -> int | None:
        if amount is None or not play:
            return amount
        return amount // 100 if amount % 100 == 0 else None

    game = None if hand.mixed else str(hand.game)
    buy_in, fee = unit(t.buy_in), unit(t.fee)
    values = {
        "game": game,
        "mixed": hand.mixed,
        "currency": t.currency,
        "play_money": True if play else (False if t.currency is not None else None),
        "buy_in": buy_in,
        "fee": fee,
    }
    return TournamentResult(
        hand.site,
        t.tournament_id,
        said,
        game=game,
        mixed=hand.mixed,
        currency=t.currency,
        play_money=play,
        buy_in=buy_in,
        fee=fee,
        said=sourced(said, values),
    )


# ------------------------------------------------------------------------------------ merging


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two sources of one tournament that disagree on a field (of a player when ``player`` is given):
    every value said, each with its source, the kept one first."""

    site: str
    tournament_id: str
    field: str
    values: tuple[tuple[object, Said], ...]
    player: str | None = None

    def __str__(self) -> str:
        who = f" of {self.player}" if self.player else ""
        told = "; ".join(f"{v!r} ({s.source} {s.file}:{s.line})" for v, s in self.values)
        return f"{self.site} tournament {self.tournament_id}: {self.field}{who} disagrees: {told}"


@dataclass(frozen=True, slots=True)
class Merged:
    """The tournament all sources told, and where they disagreed (empty when they all agree)."""

    tournament: TournamentResult
    conflicts: tuple[Conflict, ...] = field(default=())


def _rank(said: Said) -> int:
    return PRECEDENCE[said.source]


def _merge_fields(
    parts: Sequence[tuple[Mapping[str, object], Mapping[str, Said]]],
    names: Sequence[str],
    conflict: list[tuple[str, tuple[tuple[object, Said], ...]]],
) -> tuple[dict[str, object], list[tuple[str, Said]]]:
    """Each field's value from the most trusted source that gives it; a field two sources give
    differently goes to ``conflict`` with every distinct value said."""
    kept: dict[str, object] = {}
    said: list[tuple[str, Said]] = []
    for name in names:
        told = sorted(((vals[name], src[name]) for vals, src in parts if name in src), key=lambda vs: _rank(vs[1]))
        if not told:
            continue
        kept[name] = told[0][0]
        said.append((name, told[0][1]))
        distinct: list[tuple[object, Said]] = []
        for value, source in told:
            if all(value != v for v, _ in distinct):
                distinct.append((value, source))
        if len(distinct) > 1:
            conflict.append((name, tuple(distinct)))
    return kept, said


def merge(results: Iterable[TournamentResult]) -> Merged:
    """One tournament from what several sources said of it (the same ``site`` and ``tournament_id``;
    a ValueError otherwise, since joining two tournaments is the caller's bug). Each field comes from the
    most trusted source that gives it (:data:`PRECEDENCE`; within one source, the first given); values
    that disagree are kept out of nothing but reported as :class:`Conflict`\\ s. Players are joined by
    name and entry. A value nobody gave stays None, so merging one result returns it unchanged."""
    items = sorted(results, key=lambda r: _rank(r.source))
    if not items:
        raise ValueError("merge needs at least one tournament result")
    first = items[0]
    if any((r.site, r.tournament_id) != (first.site, first.tournament_id) for r in items):
        ids = sorted({f"{r.site}:{r.tournament_id}" for r in items})
        raise ValueError(f"merge joins one tournament, got {', '.join(ids)}")
    conflicts: list[Conflict] = []
    found: list[tuple[str, tuple[tuple[object, Said], ...]]] = []
    parts = [({n: getattr(r, n) for n in TOURNAMENT_FIELDS}, dict(r.said)) for r in items]
    kept, said = _merge_fields(parts, TOURNAMENT_FIELDS, found)
    conflicts += [Conflict(first.site, first.tournament_id, n, v) for n, v in found]

    by_player: dict[tuple[str, int], list[PlayerResult]] = {}
    for r in items:
        for p in r.players:
            by_player.setdefault((p.player, p.entry), []).append(p)
    players = []
    for (name, entry), told in by_player.items():
        found = []
        pparts = [({n: getattr(p, n) for n in PLAYER_FIELDS}, dict(p.said)) for p in told]
        pkept, psaid = _merge_fields(pparts, PLAYER_FIELDS, found)
        conflicts += [Conflict(first.site, first.tournament_id, n, v, name) for n, v in found]
        players.append(PlayerResult(name, entry=entry, said=tuple(psaid), **pkept))  # type: ignore[arg-type]
    base = {f.name: getattr(first, f.name) for f in fields(TournamentResult)}
    base.update({n: None for n in TOURNAMENT_FIELDS if n not in ("play_money", "format_words")})
    base.update(play_money=False, format_words=())
    base.update(kept)
    merged = replace(first, **{**base, "players": tuple(players), "said": tuple(said)})
    return Merged(merged, tuple(conflicts))


_SUMMED = ("rebuys", "add_ons", "rebuy_cost", "bounties", "bounty_prize")
"""The fields each hand tells a part of (one re-buy, one bounty a line): summed over the hands."""


def gather_hands(results: Iterable[TournamentResult]) -> list[TournamentResult]:
    """The results read from many hands, one per tournament: a player's re-buys, add-ons and bounties
    summed over the hands (each hand prints its own), his finish and prize from the hand that printed
    them (the last such hand, in the order given, should a re-entry print two). The result's source is
    the first hand's line; every field keeps the line that said it."""
    by_tournament: dict[tuple[str, str], list[TournamentResult]] = {}
    for r in results:
        by_tournament.setdefault((r.site, r.tournament_id), []).append(r)
    gathered = []
    for told in by_tournament.values():
        players: dict[tuple[str, int], tuple[dict[str, object], dict[str, Said]]] = {}
        for r in told:
            for p in r.players:
                values, said = players.setdefault((p.player, p.entry), ({}, {}))
                for name, source in p.said:
                    value = getattr(p, name)
                    if name in _SUMMED:
                        values[name] = int(values.get(name, 0)) + value  # type: ignore[call-overload]
                        said.setdefault(name, source)
                    else:
                        values[name], said[name] = value, source
        gathered.append(
            replace(
                told[0],
                players=tuple(
                    PlayerResult(name, entry=entry, said=tuple(said.items()), **values)  # type: ignore[arg-type]
                    for (name, entry), (values, said) in players.items()
                ),
            )
        )
    return gathered
