"""Per-hand stat flags: what each player did in one hand, as the columns docs/stats.md's stats are summed from.

Every stat is "done / chances" summed over hands. Working those out needs the order of the betting (who
had acted, who had raised, whether the pot was still unopened), which SQL over the ``actions`` table can
only reconstruct with slow window queries. So each hand is read once here, at import, and every player
gets a row of small flags and counters stored in ``hand_players``; the stats are then plain ``SUM``s (see
:mod:`.stats`), fast enough for millions of hands.

Stud semantics (docs/stats.md): the bring-in is forced and never voluntary or aggressive; the completion (a
bet, raise or "complete" over the bring-in) is the 3rd-street raise, even when the bring-in player makes
it himself; the steal seats are the three seats acting just before the bring-in on 3rd street.

Every game is read through its description (engine/games.py), so a stat means the same in each: "3rd
street" stats (VPIP, steal, bring-in play) are the game's first street, its bring-in round (Five Card
Stud's 2nd); "saw Nth street" and the per-street counters use the game's own street numbers (Five Card
Stud's later streets are 3rd to 5th, so it fills ``saw_3rd`` and the ``_3`` columns, which the seven-card
games leave at 0); ``saw_second`` is the game's second street, what WTSD and "won when saw" count from. Pot
results (hi/lo halves, scoops, quarters) come from the engine's ``awards``, never from the site's text.

Every fact about the betting comes from the engine's replay, never from a pass over the events here: what
each decision faced (:attr:`ReplayResult.decisions`: the bets before it and whose was the last, whether the
street was opened or capped, the player's first decision or one after his check, whether a raise was
possible), who had the bring-in, each street's last aggressor, the streets reached, who folded where, who
was dealt in and every card known by the hand's end. A decision taken once the rules had capped the street
(the profile's raises, its heads-up rule), or a call that put the player all-in, could not have been a
raise; whether the site printed ``Betting is capped`` plays no part, so a site that never prints it gets
the same flags.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Sequence

import numpy as np

from ..engine.cards import RANKS
from ..engine.games import RULES
from ..engine.model import (
    CALL,
    CHECK,
    FOLD,
    STREET_NAMES,
    ActionKind,
    Award,
    Decision,
    Game,
    HALF_LOW,
    Hand,
    ReplayResult,
)
from .spots import FirstCards, first_cards, first_dealt
from .start_hands import start_hand

LATER_STREETS: tuple[int, ...] = (3, 4, 5, 6, 7)
"""The streets docs/stats.md counts aggression, check-raises, c-bets and donk bets on: every street after a
game's first ("preflop"): 4th-7th in the seven-card games, 3rd-5th in Five Card Stud."""

LATER_LABEL = "later streets"
"""The label of the later-street stats over every street after the first together ('AF later streets'):
4th-7th in the seven-card games, 3rd-5th in Five Card Stud (engine/games.py)."""

STEAL_SEATS = 3
"""How many seats acting just before the bring-in count as steal seats."""

_AGGRESSIVE = frozenset({ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})

_PER_STREET_COUNTERS: tuple[str, ...] = ("bets", "raises", "calls", "checks", "folds", "faced")
"""Counters per street: bets (first aggression), raises, calls, checks, folds, decisions facing a bet."""

_PER_STREET_FLAGS: tuple[str, ...] = (
    "xr_chance",
    "xr",
    "cbet_chance",
    "cbet",
    "fcbet_chance",
    "fcbet",
    "donk_chance",
    "donk",
)
"""Yes/no per street: check-raise, continuation bet, fold to it, donk (lead) bet — each with its chance."""

_HAND_FLAGS: tuple[str, ...] = (
    "is_bring_in",
    "decided_3rd",
    "vpip",
    "raise_3rd",
    "unopened",
    "open_complete",
    "limp",
    "steal_chance",
    "steal",
    "steal_won",
    "fts_chance",
    "fold_to_steal",
    "call_steal",
    "resteal",
    "bi_complete",
    "bi_fold",
    "bi_call",
    "bi_reraise",
    "rr_chance",
    "reraise",
    "frr_chance",
    "fold_to_reraise",
    *(f"saw_{STREET_NAMES[s]}" for s in LATER_STREETS),
    "saw_second",
    "went_sd",
    "won_any",
    "won_high",
    "won_low",
    "scoop",
    "halved",
    "quartered",
    "low_qualified",
)

FLAG_COLUMNS: tuple[tuple[str, str], ...] = (
    *((name, "flag") for name in _HAND_FLAGS),
    *((f"{c}_{s}", "int") for s in LATER_STREETS for c in _PER_STREET_COUNTERS),
    *((f"{f}_{s}", "flag") for s in LATER_STREETS for f in _PER_STREET_FLAGS),
    ("game", "text"),
    ("players_4th", "int"),  # players who saw the game's second street (4th; Five Card Stud's 3rd)
    ("rake_paid", "money"),
    ("door_rank", "text"),
    ("start_class", "text"),
)
"""Every column :func:`player_flags` fills, with its kind (``flag``, ``int``, ``money``, ``text``); the
storage schema appends them to ``hand_players`` so the two cannot disagree. ``game`` repeats the hand's
game so that the usual stat tables (all hands, or some games, per player) need no join with ``hands``."""

Flags = dict[str, bool | int | str | None]

_DEFAULTS: Flags = {name: (False if kind == "flag" else None if kind == "text" else 0) for name, kind in FLAG_COLUMNS}
"""A player's flags before anything happened to him: no chance taken, counters at 0, texts unknown. A plain
dict, only ever copied (``dict.copy`` of a dict is a block copy; ``dict()`` of a read-only proxy walks it
key by key, for every player of every hand)."""

_STREET_KEY: Mapping[int, Mapping[str, str]] = MappingProxyType(
    {
        street: MappingProxyType({name: f"{name}_{street}" for name in (*_PER_STREET_COUNTERS, *_PER_STREET_FLAGS)})
        for street in LATER_STREETS
    }
)
"""The column of each per-street counter or flag on each street (``bets`` on 4th is ``bets_4``), spelt
once here rather than formatted for every decision of every hand."""

_SAW: Mapping[int, str] = MappingProxyType({street: f"saw_{STREET_NAMES[street]}" for street in LATER_STREETS})
"""The "saw this street" column of each later street."""


def decisions(hand: Hand, result: ReplayResult) -> Mapping[int, tuple[Decision, ...]]:
    """The voluntary decisions of every street (the game's first to last) in the order taken, with what
    each faced: the engine's record (:attr:`ReplayResult.decisions`) of its replay ``result`` of ``hand``."""
    return result.decisions


def steal_seats(seats: Sequence[int], bring_in: int) -> frozenset[int]:
    """The seats (of ``seats``, those dealt in) acting just before the bring-in on 3rd street: action
    goes clockwise (up the seat numbers, wrapping round) from the bring-in, so these are the last
    ``STEAL_SEATS`` of that order: the seats above the bring-in's, then those below it, each going up."""
    ordered = sorted(seats)
    after = [s for s in ordered if s > bring_in] + [s for s in ordered if s < bring_in]
    return frozenset(after[-STEAL_SEATS:])


def _proportional(total: int, weights: Mapping[int, int]) -> dict[int, int]:
    """``total`` split in proportion to ``weights`` exactly (largest remainders, lower seat first on
    ties), so the shares are whole hundredths that add up to ``total``."""
    weight = sum(weights.values())
    if total == 0 or weight <= 0:
        return {}
    shares = {s: total * w // weight for s, w in weights.items()}
    left = total - sum(shares.values())
    if left:  # most often none: one winner, or shares that divide evenly
        by_remainder = sorted(weights, key=lambda s: (-(total * weights[s] % weight), s))
        for s in by_remainder[:left]:
            shares[s] += 1
    return shares


def _third_street(
    out: Mapping[int, Flags], seats: Sequence[int], plays: Sequence[Decision], bring_in: int | None
) -> None:
    """Set in ``out`` (every acting seat's row: :func:`flag_rows`) the 3rd-street flags of every player who
    took a decision (VPIP, completion, steal, bring-in play, re-raise); ``seats`` are those dealt in."""
    steal_from = steal_seats(seats, bring_in) if bring_in is not None else frozenset()
    completion = next((d for d in plays if d.aggressive), None)
    steal = (
        completion
        if completion is not None
        and not completion.opened
        and completion.seat in steal_from
        and completion.seat != bring_in
        else None
    )
    bring_in_played = False  # the bring-in's first real choice (complete, or answer a completion) is made
    for d in plays:
        f = out[d.seat]
        f["decided_3rd"] = True
        kind = d.action.kind
        if kind is CALL or d.aggressive:
            f["vpip"] = True
        if d.aggressive:
            f["raise_3rd"] = True
        if d.first and d.seat != bring_in and not d.opened:
            f["unopened"] = True
            f["open_complete"] = d.aggressive
            f["limp"] = kind is CALL
            if d.seat in steal_from:
                f["steal_chance"] = True
                f["steal"] = d.aggressive
        if d.aggressions == 1 and d.aggressor != d.seat and not f.get("rr_chance") and d.could_raise:
            f["rr_chance"] = True
            f["reraise"] = d.aggressive
        if d.seat == bring_in and not bring_in_played:
            if d.aggressions == 0 and d.aggressive:
                f["bi_complete"] = bring_in_played = True
            elif d.faces_bet:
                f["bi_fold"] = kind is FOLD
                f["bi_call"] = kind is CALL
                f["bi_reraise"] = d.aggressive
                bring_in_played = True
    if completion is not None:
        after = plays[plays.index(completion) + 1 :]
        nxt = next((d for d in after if d.seat == completion.seat), None)
        if nxt is not None and nxt.faces_bet:
            out[completion.seat]["frr_chance"] = True
            out[completion.seat]["fold_to_reraise"] = nxt.action.kind is FOLD
    if steal is not None:
        after = plays[plays.index(steal) + 1 :]
        out[steal.seat]["steal_won"] = all(d.action.kind is FOLD for d in after)
        answer = next((d for d in after if d.seat == bring_in or d.action.kind is not FOLD), None)
        if answer is not None and answer.seat == bring_in:
            f = out[bring_in]
            f["fts_chance"] = True
            f["fold_to_steal"] = answer.action.kind is FOLD
            f["call_steal"] = answer.action.kind is CALL
            f["resteal"] = answer.aggressive


_COUNTER_OF: Mapping[ActionKind, str] = MappingProxyType({CALL: "calls", CHECK: "checks", FOLD: "folds"})
"""The counter a passive decision bumps (an aggressive one bumps ``bets`` or ``raises``)."""


def _later_street(out: Mapping[int, Flags], street: int, plays: Sequence[Decision], prev_aggressor: int | None) -> None:
    """Set in ``out`` (every acting seat's row) the counters and per-street flags of one of the later
    streets for every player who acted on it."""
    key = _STREET_KEY[street]
    acted_on_street = {d.seat for d in plays}
    aggressor_acted = False
    cbet: Decision | None = None
    answered_cbet: set[int] = set()
    for d in plays:
        f = out[d.seat]
        kind = d.action.kind
        counter = ("raises" if d.aggressions else "bets") if d.aggressive else _COUNTER_OF.get(kind)
        if counter is not None:
            column = key[counter]
            f[column] = f.get(column, 0) + 1  # type: ignore[operator]  # a counter column: an int
        faces_bet = d.faces_bet
        if faces_bet:
            column = key["faced"]
            f[column] = f.get(column, 0) + 1  # type: ignore[operator]
        if d.checked_before and faces_bet and d.could_raise and not f.get(key["xr_chance"]):
            f[key["xr_chance"]] = True
            f[key["xr"]] = d.aggressive
        if prev_aggressor is not None and d.first:
            if d.seat == prev_aggressor and d.aggressions == 0:
                f[key["cbet_chance"]] = True
                f[key["cbet"]] = d.aggressive
                if d.aggressive:
                    cbet = d
            elif (
                d.seat != prev_aggressor
                and not aggressor_acted
                and d.aggressions == 0
                and prev_aggressor in acted_on_street
            ):
                f[key["donk_chance"]] = True
                f[key["donk"]] = d.aggressive
        if cbet is not None and d is not cbet and d.seat not in answered_cbet and d.aggressions == 1:
            answered_cbet.add(d.seat)
            f[key["fcbet_chance"]] = True
            f[key["fcbet"]] = kind is FOLD
        if d.seat == prev_aggressor:
            aggressor_acted = True


def _results(out: Mapping[int, Flags], hand: Hand, result: ReplayResult, seats: Sequence[int]) -> None:
    """Set in ``out`` the showdown and money results from the engine's awards: any money won, stud8
    halves (a WHOLE award in stud8 is the high hand taking a pot no low qualified for, or a pot won
    uncontested), scoops, quarters, and the rake each winner paid (in proportion to what the rules paid
    him), for each of ``seats`` (those dealt in). A seat that won nothing is left at the defaults for
    the halves, scoops and quarters (all False)."""
    contested = len(result.showdown) >= 2
    won: dict[int, int] = {}
    pots_of: dict[int, set[int]] = {}
    winning: dict[int, list[Award]] = {}
    for a in result.awards:
        won[a.seat] = won.get(a.seat, 0) + a.amount
        pots_of.setdefault(a.seat, set()).add(a.pot)
        if a.amount > 0:
            winning.setdefault(a.seat, []).append(a)
    paid = won if any(won.values()) else {s: v for s, v in result.collected.items() if v > 0}
    rake = _proportional(result.rake, paid)
    split = RULES[hand.game].split is not None
    has_low = split and any(a.half is HALF_LOW for a in result.awards)  # only a split game's rows ask
    showdown = result.showdown
    for seat in seats:
        f = out[seat]
        went_sd = contested and seat in showdown
        f["went_sd"] = went_sd
        f["won_any"] = paid.get(seat, 0) > 0
        f["rake_paid"] = rake.get(seat, 0)
        if not split:
            continue
        f["low_qualified"] = went_sd and has_low
        mine = winning.get(seat)
        if mine is None:
            continue
        pots = pots_of[seat]
        shared = [a for a in result.awards if a.pot in pots and a.seat != seat and a.amount > 0]
        split_half = any(b.pot == a.pot and b.half == a.half for a in mine for b in shared)
        f["won_high"] = any(a.half is not HALF_LOW for a in mine)
        f["won_low"] = any(a.half is HALF_LOW for a in mine)
        f["scoop"] = not shared
        f["quartered"] = split_half
        f["halved"] = bool(shared) and not split_half


def _cards(out: Mapping[int, Flags], game: Game, first: FirstCards) -> None:
    """Set in ``out`` the door-card rank (always visible) and, where all the first street's cards are
    known by the hand's end (dealt face up, dealt to the hero, or shown: the engine's
    :attr:`ReplayResult.dealt`, read by :func:`~.spots.first_cards` as the spot columns read it: ``first``),
    the class (:func:`~.start_hands.start_hand`, the one classifier the spot columns use too)."""
    doors, held = first
    for seat, door in doors.items():
        f = out.get(seat)
        if f is not None:  # dealt cards without a seat line: no row
            f["door_rank"] = RANKS[door.rank]
    for seat, cards in held.items():
        f = out.get(seat)
        if f is not None:
            f["start_class"] = start_hand(game, cards).name


def player_flags(hand: Hand, result: ReplayResult) -> dict[int, Flags]:
    """Every stat column of ``hand_players`` (:data:`FLAG_COLUMNS`) for each seat dealt in: the seat's
    :func:`flag_rows` over the defaults.

    Pure: reads ``result`` (the engine's replay of ``hand``: its decisions, folds, awards, rake, cards)
    and the hand's game, never its events. Flags a player had no chance of stay False; counters of
    streets he did not play 0.
    """
    return {seat: _DEFAULTS | row for seat, row in flag_rows(hand, result).items()}


def flag_rows(hand: Hand, result: ReplayResult, first: FirstCards | None = None) -> dict[int, Flags]:
    """The stat columns of each seat dealt in that the hand set, the others left out (they are at
    their defaults: False, 0, None): :func:`player_flags` without the defaults. ``first`` are the
    hand's :func:`~.spots.first_cards` when the caller has them (the import's rows, which give them to
    the spots too); otherwise they are worked out here.

    Why the rows leave the defaults out: most of a player's ~115 columns are False or 0 in any one
    hand (a hand shows a player a few of the chances the stats count), so a row starts empty and each
    part below sets only what happened (a flag read before it is set reads as its default). The rows of
    a chunk of hands become columns with only those values written (:func:`flag_columns`)."""
    rules = RULES[hand.game]
    later = rules.later_streets
    plays, bring_in, reached, folds = result.decisions, result.bring_in_seat, result.reached, result.folded
    seats = result.dealt_in
    per_seat: dict[int, Flags] = {seat: {} for seat in seats}
    # Each part sets its columns in the rows themselves (no dict per part and seat to merge): a seat that
    # decided without being dealt in (no seat line) gets a scratch row, not returned.
    rows = per_seat
    for street_plays in plays.values():
        for d in street_plays:
            if d.seat not in rows:
                rows = rows | {d.seat: {}}
    _third_street(rows, seats, plays.get(rules.first_street, ()), bring_in)
    _results(rows, hand, result, seats)
    if first is None:
        first = first_cards(result.dealt, rules.first_street, first_dealt(hand))
    _cards(rows, hand.game, first)
    last_aggressor = result.street_aggressor.get
    for street in later:
        if street in plays:  # a street nobody decided on sets nothing
            _later_street(rows, street, plays[street], last_aggressor(street - 1))
    if bring_in in per_seat:
        per_seat[bring_in]["is_bring_in"] = True
    saw = [(_SAW[street], street) for street in later if street in reached]
    saw_second = _SAW[later[0]]
    players_4th = 0
    for seat, f in per_seat.items():
        folded = folds.get(seat, 8)
        for column, street in saw:
            if folded >= street:
                f[column] = True
        if saw_second in f:
            f["saw_second"] = True
            players_4th += 1
    game = str(hand.game)
    for f in per_seat.values():
        f["players_4th"] = players_4th
        f["game"] = game
    return per_seat


_NUMBERS: tuple[str, ...] = tuple(name for name, kind in FLAG_COLUMNS if kind != "text")
_TEXTS: tuple[str, ...] = tuple(name for name, kind in FLAG_COLUMNS if kind == "text")
_NUMBER_AT: Mapping[str, int] = MappingProxyType({name: i for i, name in enumerate(_NUMBERS)})
_NUMBER_TYPES: tuple[type, ...] = tuple(
    {"flag": np.bool_, "int": np.int32, "money": np.int64}[kind] for _, kind in FLAG_COLUMNS if kind != "text"
)
"""The numpy storage type of each of :data:`_NUMBERS`."""


def flag_columns(rows: Sequence[Flags]) -> dict[str, np.ndarray | list[str | None]]:
    """:data:`FLAG_COLUMNS` as columns, one value per row of ``rows`` (:func:`flag_rows`, in the order
    of the table's rows): the flags, counters and money as numpy arrays of their storage types, the
    texts as lists. The rows' text entries are taken out of them (they are scratch, made for this).

    Only the values the rows hold are written, into columns made at their defaults (zeros) in one go:
    a value costs a few operations in C (its column's number and itself, extended onto two lists; one
    numpy scatter for all the rows) instead of a value per column and row in Python."""
    texts: dict[str, list[str | None]] = {name: [None] * len(rows) for name in _TEXTS}
    at = _NUMBER_AT.__getitem__
    sizes: list[int] = []
    numbers: list[int] = []
    values: list[bool | int | str | None] = []
    for i, row in enumerate(rows):
        for name, column in texts.items():
            column[i] = row.pop(name, None)  # type: ignore[assignment]  # the text columns hold str
        sizes.append(len(row))
        numbers.extend(map(at, row))
        values.extend(row.values())
    # each value's row by numpy from the rows' sizes, and the column numbers made an index array
    # explicitly: a list of ~20 ints per row, extended and then inspected item by item as an index,
    # was a third of this function's time
    owners = np.repeat(np.arange(len(rows), dtype=np.intp), sizes)
    by_column = np.zeros((len(_NUMBERS), len(rows)), dtype=np.int64)
    by_column[np.array(numbers, dtype=np.intp), owners] = np.array(values, dtype=np.int64)  # flags and numbers
    out: dict[str, np.ndarray | list[str | None]] = {
        name: by_column[i].astype(kind) for i, (name, kind) in enumerate(zip(_NUMBERS, _NUMBER_TYPES))
    }
    out.update(texts)
    return out
