"""Turning replayed hands into the rows of every table, a chunk of hands at a time (pure, no database).

The importer gives :func:`hand_batches` a chunk of replayed hands and gets one Arrow record batch per
table. The tables are built column by column, never a dict per row: a chunk's hands are read once per
table, each event or seat read with one ``attrgetter`` (a tuple of its fields, made in C), and the tuples
transposed into columns by ``zip`` (also in C), so the Python-level work is a few operations per row
rather than a few per value. What repeats within a hand is not built per row at all: the ``hand_id`` of
every action, card or player row is taken from the chunk's array of ids by the hand each row came from
(``take``, in Arrow), and a card's name from the array of the 52 names by its number. A dict per row and
its transposition cost about as much as everything else this module does (~0.3 ms a hand, most of it on
the ~60 action and card rows of a hand) and left tens of thousands of small objects per chunk for the
garbage collector to walk.

``hand_players`` takes its ~115 stat columns from :func:`.flags.flag_columns`: each player's flags hold
only what the hand set (most are False or 0), and only those values are written into columns made at
their defaults, as numpy arrays of the storage types (Arrow takes them without a look at each value).

Every batch is matched against the table's schema (:mod:`.schema`) by column name, so a column missing
from a builder, or one the schema does not know, is an error rather than a silent NULL.
"""

from __future__ import annotations

from datetime import timezone
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeAlias, TypeVar

import numpy as np
import pyarrow as pa

from ..engine.cards import DECK
from ..engine.games import RULES
from ..engine.model import Action, Collect, Hand, Muck, ReplayResult, Show
from .equity import EV_NAMES, AllInEV, allin_ev, ev_values
from .flags import Flags, flag_columns, flag_rows
from .spots import SPOT_NAMES, Spot, first_cards, first_dealt, spot_values, spots
from .schema import ACTIONS, AWARDS, CARDS, COLLECTED, HAND_PLAYERS, HANDS, POTS, TABLES, VIOLATIONS, Table

Row = dict[str, Any]
Column: TypeAlias = "Sequence[Any] | pa.Array | np.ndarray"
"""A column as a builder gives it: a Python sequence (converted with the schema's type), an Arrow array
or a numpy array (taken as they are, so their type must already be the schema's, or convert safely)."""
Columns = Mapping[str, Column]
Replayed = tuple[Hand, ReplayResult]
"""A hand and what the rules engine made of it (:func:`studbook.engine.replay.replay`)."""

T = TypeVar("T")

CARD_NAMES = pa.array([c.name for c in DECK], pa.string())
"""The name of every card, at its number: a card column is this array taken at the cards' numbers."""


def hand_id(hand: Hand) -> str:
    """The database key of a hand: ``site:site_hand_id``. Sites number their hands uniquely, so the
    same hand read from two files (or twice) has one key, which is what makes re-imports harmless."""
    return f"{hand.site}:{hand.site_hand_id}"


def hand_batches(replayed: Sequence[Replayed]) -> dict[str, pa.RecordBatch]:
    """Every row the ``replayed`` hands contribute, as one Arrow batch per table of ``HAND_TABLES``
    (keyed by table name; a batch even when empty, so that the importer's spilled streams of different
    tables stay aligned chunk for chunk)."""
    hands = [h for h, _ in replayed]
    ids = [hand_id(h) for h in hands]
    chunk_ids = pa.array(ids, pa.string())
    names = [{s.seat: s.player for s in h.seats} for h in hands]
    events = _Events(hands)
    return {
        HANDS.name: columns_to_arrow(HANDS, _hand_columns(replayed, ids)),
        HAND_PLAYERS.name: columns_to_arrow(HAND_PLAYERS, _player_columns(replayed, events, chunk_ids)),
        ACTIONS.name: columns_to_arrow(ACTIONS, _action_columns(events, chunk_ids, names)),
        CARDS.name: columns_to_arrow(CARDS, _card_columns(replayed, chunk_ids)),
        POTS.name: columns_to_arrow(POTS, _pot_columns(replayed, chunk_ids)),
        AWARDS.name: columns_to_arrow(AWARDS, _award_columns(replayed, chunk_ids, names)),
        COLLECTED.name: columns_to_arrow(COLLECTED, _collected_columns(events, chunk_ids, names)),
        VIOLATIONS.name: columns_to_arrow(VIOLATIONS, _violation_columns(replayed, chunk_ids, names)),
    }


def rows_for_hand(hand: Hand, result: ReplayResult) -> dict[str, list[Row]]:
    """One hand's rows as dicts, keyed by table name: what :func:`hand_batches` stores, in a form a test
    or a notebook can read and edit (:func:`to_arrow` turns them back into batches)."""
    return {name: batch.to_pylist() for name, batch in hand_batches([(hand, result)]).items()}


def _gather(per_hand: Iterable[Sequence[T]]) -> tuple[list[T], np.ndarray]:
    """The items of every hand in order, and how many each hand has (what :func:`_owners` and
    :func:`_positions` expand into the hand of each item and its index within the hand)."""
    items: list[T] = []
    counts: list[int] = []
    for mine in per_hand:
        items.extend(mine)
        counts.append(len(mine))
    return items, np.array(counts, dtype=np.int64)


class _Events:
    """What the tables need of a chunk's events, sorted out in one pass over each hand's events (rather
    than one pass per table): the actions and the "collected" lines, per hand, and the seats that showed
    and those that mucked."""

    __slots__ = ("actions", "action_counts", "collects", "collect_counts", "showed", "mucked")

    def __init__(self, hands: Sequence[Hand]) -> None:
        actions: list[Action] = []
        collects: list[Collect] = []
        action_counts, collect_counts = [], []
        self.showed: list[set[int]] = []
        self.mucked: list[set[int]] = []
        for hand in hands:
            had = len(actions), len(collects)
            showed, mucked = set(), set()
            for e in hand.events:
                # by class, not isinstance: the event classes are final (slotted dataclasses nothing derives
                # from), and a hand's ~50 events are sorted out here for every hand imported; type(e) is
                # written in each test, as mypy narrows that and not a name bound to it
                if type(e) is Action:
                    actions.append(e)
                elif type(e) is Collect:
                    collects.append(e)
                elif type(e) is Show:
                    showed.add(e.seat)
                elif type(e) is Muck:
                    mucked.add(e.seat)
            self.showed.append(showed)
            self.mucked.append(mucked)
            action_counts.append(len(actions) - had[0])
            collect_counts.append(len(collects) - had[1])
        self.actions, self.collects = actions, collects
        self.action_counts = np.array(action_counts, dtype=np.int64)
        self.collect_counts = np.array(collect_counts, dtype=np.int64)


def _owners(counts: np.ndarray) -> np.ndarray:
    """For items gathered ``counts[i]`` per hand ``i``: the hand each item came from."""
    return np.repeat(np.arange(len(counts), dtype=np.int32), counts)


def _positions(counts: np.ndarray) -> np.ndarray:
    """For items gathered ``counts[i]`` per hand ``i``: each item's index within its hand."""
    starts = np.cumsum(counts) - counts
    return np.arange(int(counts.sum()), dtype=np.int32) - np.repeat(starts, counts).astype(np.int32)


def _transpose(rows: Sequence[tuple[Any, ...]], width: int) -> list[Sequence[Any]]:
    """Tuples of ``width`` fields as ``width`` columns (transposed in C)."""
    return list(zip(*rows)) if rows else [() for _ in range(width)]


def _fields(items: Sequence[object], columns: Mapping[str, str]) -> dict[str, Sequence[Any]]:
    """Columns of ``items``' attributes (``columns`` maps each column name to its attribute), read with
    one ``attrgetter`` per item."""
    pick = attrgetter(*columns.values())
    rows = list(map(pick, items)) if len(columns) > 1 else [(v,) for v in map(pick, items)]
    return dict(zip(columns, _transpose(rows, len(columns))))


def _same(*names: str) -> dict[str, str]:
    """Columns named as the attributes they are read from (for :func:`_fields`)."""
    return {name: name for name in names}


def _hand_columns(replayed: Sequence[Replayed], ids: list[str]) -> Columns:
    """The ``hands`` columns. ``started_at`` is stored in UTC (the model's times are timezone-aware; a
    naive time would be taken as UTC by Arrow, so parsers must not produce one)."""
    hands = [h for h, _ in replayed]
    tournaments = [h.tournament for h in hands]
    return {
        "hand_id": ids,
        "site": [h.site for h in hands],
        "site_hand_id": [h.site_hand_id for h in hands],
        "game": [h.game for h in hands],  # a StrEnum: Arrow reads its value as the string
        "mixed": [h.mixed for h in hands],
        "small_bet": [h.small_bet for h in hands],
        "big_bet": [h.big_bet for h in hands],
        "stakes_inferred": [h.stakes_inferred for h in hands],
        "ante": [h.ante for h in hands],
        "bring_in": [h.bring_in for h in hands],
        "currency": [h.currency for h in hands],
        "play_money": [h.play_money for h in hands],
        "per_unit": [h.per_unit for h in hands],
        "tournament_id": [t.tournament_id if t else None for t in tournaments],
        "buy_in": [t.buy_in if t else None for t in tournaments],
        "fee": [t.fee if t else None for t in tournaments],
        "table_name": [h.table for h in hands],
        "max_seats": [h.max_seats for h in hands],
        "n_players": [len(r.dealt_in) for _, r in replayed],
        "started_at": [None if h.started_at is None else h.started_at.astimezone(timezone.utc) for h in hands],
        "source_file": [h.source_file for h in hands],
        "source_line": [h.source_line for h in hands],
        "total_pot": [h.total_pot for h in hands],
        "rake": [h.rake for h in hands],
        "n_violations": [len(r.violations) for _, r in replayed],
        "valid": [r.valid for _, r in replayed],
    }


_PLAYER_NAMES: tuple[str, ...] = (
    "seat",
    "player",
    "stack",
    "invested",
    "returned",
    "collected",
    "won",
    "net",
    "showdown",
    "showed",
    "mucked",
    "folded_street",
)
"""The ``hand_players`` columns of the hand's money and showdown, before the stat flags and the EV."""


def _player_columns(replayed: Sequence[Replayed], events: _Events, chunk_ids: pa.Array) -> Columns:
    """The ``hand_players`` columns: one row per player dealt in (:attr:`ReplayResult.dealt_in`: a seat
    listed but sitting out is left out, one marked sitting out whose antes the site took is in). ``collected`` is what the site paid, ``won`` what the rules pay and ``net`` =
    won − invested, so a mis-paid pot shows up as collected != won. The stat columns come from each
    player's flags (:func:`.flags.flag_rows`: what the hand set) and the EV columns from the few players
    with an all-in spot, both written into the chunk's columns directly (:func:`.flags.flag_columns`,
    :func:`_ev_columns`), never as a dict of every column per player."""
    own: list[tuple[Any, ...]] = []
    flag_rows_: list[Flags] = []
    allin: list[tuple[int, AllInEV]] = []  # the row of each player with an all-in spot, and his EV
    first: list[tuple[int, Spot]] = []  # the row of each player with a 3rd-street spot, and the spot
    counts: list[int] = []
    for (hand, result), showed, mucked in zip(replayed, events.showed, events.mucked):
        cards = first_cards(result.dealt, RULES[hand.game].first_street, first_dealt(hand))
        flags = flag_rows(hand, result, cards)
        spot = allin_ev(hand, result)
        at = {s.seat: s for s in spots(hand, result, spot, every_draw=False, first=cards)}
        won: dict[int, int] = {}
        for award in result.awards:
            won[award.seat] = won.get(award.seat, 0) + award.amount
        invested, returned, collected, net = result.invested, result.returned, result.collected, result.net
        showdown, folded = result.showdown, result.folded
        dealt = [s for s in hand.seats if s.seat in flags]  # dealt in: includes a sitting-out player anted
        for s in dealt:
            seat = s.seat
            if seat in spot:
                allin.append((len(own), spot[seat]))
            if seat in at:
                first.append((len(own), at[seat]))
            own.append(
                (
                    seat,
                    s.player,
                    s.stack,
                    invested.get(seat, 0),
                    returned.get(seat, 0),
                    collected.get(seat, 0),
                    won.get(seat, 0),
                    net.get(seat, 0),
                    seat in showdown,
                    seat in showed,
                    seat in mucked,
                    folded.get(seat),
                )
            )
            flag_rows_.append(flags[seat])
        counts.append(len(dealt))
    columns: dict[str, Column] = dict(zip(_PLAYER_NAMES, _transpose(own, len(_PLAYER_NAMES))))
    columns.update(flag_columns(flag_rows_))
    columns.update(_ev_columns(allin, len(own)))
    columns.update(_spot_columns(first, len(own)))
    columns["hand_id"] = chunk_ids.take(_owners(np.array(counts, dtype=np.int64)))
    return columns


def _ev_columns(found: Sequence[tuple[int, AllInEV]], rows: int) -> dict[str, list[Any]]:
    """The :data:`.equity.EV_COLUMNS` of ``rows`` players, NULL but for the players ``found`` (each
    with his row and his all-in EV): most hands have no all-in spot."""
    columns: dict[str, list[Any]] = {name: [None] * rows for name in EV_NAMES}
    for row, ev in found:
        for name, value in ev_values(ev).items():
            columns[name][row] = value
    return columns


def _spot_columns(found: Sequence[tuple[int, Spot]], rows: int) -> dict[str, list[Any]]:
    """The :data:`.spots.SPOT_COLUMNS` of ``rows`` players, NULL but for the players ``found`` (each with
    his row and his 3rd-street spot): only the players whose starting cards are known have one."""
    columns: dict[str, list[Any]] = {name: [None] * rows for name in SPOT_NAMES}
    named = list(columns.values())
    for row, spot in found:
        for column, value in zip(named, spot_values(spot)):
            column[row] = value
    return columns


def _action_columns(events: _Events, chunk_ids: pa.Array, names: list[dict[int, str]]) -> Columns:
    """The ``actions`` columns in the order printed; ``seq`` numbers a hand's actions from 0. ``kind``
    is the ActionKind itself: a StrEnum, which Arrow reads as its value."""
    actions, counts = events.actions, events.action_counts
    owners = _owners(counts)
    columns: dict[str, Column] = {
        "hand_id": chunk_ids.take(owners),
        "seq": _positions(counts),
        "player": [names[o].get(a.seat) for o, a in zip(owners.tolist(), actions)],
    }
    columns.update(_fields(actions, {**_same("street", "seat", "kind", "amount", "all_in", "line"), "to_amount": "to"}))
    return columns


def _card_columns(replayed: Sequence[Replayed], chunk_ids: pa.Array) -> Columns:
    """The ``cards`` columns: every card dealt, as the engine knows it at the hand's end
    (:attr:`ReplayResult.dealt`): ``card`` NULL and ``known`` false where the site never showed it,
    ``shown`` where only its owner's show did (its street is the one the deal's order gives it); the
    shared 7th-street card has a NULL seat. The seat, street, face and line of each group of cards
    dealt together are repeated for its cards by Arrow."""
    groups, counts = _gather(r.dealt for _, r in replayed)
    sizes = [len(g[3]) for g in groups]
    group_of = np.repeat(np.arange(len(groups), dtype=np.int32), sizes)
    of_group = pa.array(group_of, pa.int32())
    seat, street, up, cards, line, shown = _transpose(groups, 6)
    numbers = pa.array(list(chain.from_iterable(cards)), pa.int8())  # a Card is an IntEnum: its number
    shown_cards = np.zeros(len(numbers), dtype=np.bool_)
    # most groups have nothing shown (an empty tuple): only the few that have are visited
    starts = np.cumsum(sizes) - sizes if groups else np.zeros(0, dtype=np.int64)
    for i in np.flatnonzero(np.fromiter(map(bool, shown), np.bool_, len(groups))).tolist():
        shown_cards[starts[i] : starts[i] + sizes[i]] = shown[i]
    return {
        "hand_id": chunk_ids.take(_owners(counts)[group_of]),
        "seat": pa.array(seat, pa.int32()).take(of_group),
        "street": pa.array(street, pa.int32()).take(of_group),
        "card": CARD_NAMES.take(numbers),
        "up": pa.array(up, pa.bool_()).take(of_group),
        "known": numbers.is_valid(),
        "line": pa.array(line, pa.int32()).take(of_group),
        "shown": pa.array(shown_cards, pa.bool_()),
    }


def _pot_columns(replayed: Sequence[Replayed], chunk_ids: pa.Array) -> Columns:
    """The ``pots`` columns: the engine's main pot (0) and side pots with their eligible seats."""
    pots, counts = _gather(r.pots for _, r in replayed)
    columns: dict[str, Column] = {"hand_id": chunk_ids.take(_owners(counts))}
    columns.update(_fields(pots, {"pot": "index", "amount": "amount", "eligible": "eligible"}))
    return columns


def _award_columns(replayed: Sequence[Replayed], chunk_ids: pa.Array, names: list[dict[int, str]]) -> Columns:
    """The ``awards`` columns: what the rules pay each seat from each half (or whole) of each pot
    (``half`` is the Half itself, a StrEnum that Arrow reads as its value)."""
    awards, counts = _gather(r.awards for _, r in replayed)
    owners = _owners(counts)
    columns: dict[str, Column] = {
        "hand_id": chunk_ids.take(owners),
        "player": [names[o].get(a.seat) for o, a in zip(owners.tolist(), awards)],
    }
    columns.update(_fields(awards, _same("pot", "half", "seat", "amount")))
    return columns


def _collected_columns(events: _Events, chunk_ids: pa.Array, names: list[dict[int, str]]) -> Columns:
    """The ``collected`` columns: the site's own "collected" lines, with the pot label as printed."""
    collects = events.collects
    owners = _owners(events.collect_counts)
    columns: dict[str, Column] = {
        "hand_id": chunk_ids.take(owners),
        "player": [names[o].get(e.seat) for o, e in zip(owners.tolist(), collects)],
    }
    columns.update(_fields(collects, {"seat": "seat", "amount": "amount", "pot_label": "pot", "line": "line"}))
    return columns


def _violation_columns(replayed: Sequence[Replayed], chunk_ids: pa.Array, names: list[dict[int, str]]) -> Columns:
    """The ``violations`` columns; the player's name is filled from the seat when the engine gave a seat
    only."""
    found, counts = _gather(r.violations for _, r in replayed)
    owners = _owners(counts)
    columns: dict[str, Column] = {
        "hand_id": chunk_ids.take(owners),
        "player": [
            v.player if v.player is not None or v.seat is None else names[o].get(v.seat)
            for o, v in zip(owners.tolist(), found)
        ],
    }
    columns.update(_fields(found, _same("rule", "street", "seat", "message", "line")))
    return columns


def columns_to_arrow(table: Table, columns: Columns) -> pa.RecordBatch:
    """``columns`` of ``table`` (one column per column name) as an Arrow batch with the schema's exact
    types. The names must be exactly the schema's: a column missing or unknown is a ValueError naming
    it (Arrow would otherwise fill a missing one with NULLs or drop an unknown one without a word)."""
    schema = table.arrow_schema()
    if set(columns) != set(schema.names):
        missing = sorted(set(schema.names) - set(columns))
        unknown = sorted(set(columns) - set(schema.names))
        raise ValueError(
            f"the {table.name} columns do not match the schema: missing {missing}, unknown {unknown}; "
            "a row builder of studbook.analytics.rows and studbook.analytics.schema disagree"
        )
    return pa.RecordBatch.from_arrays([_as_array(columns[f.name], f.type) for f in schema], schema=schema)


def _as_array(column: Column, kind: pa.DataType) -> pa.Array:
    """A column as an Arrow array of type ``kind``: an Arrow array already of that type as it is,
    anything else converted (a numpy array of a wider integer type is checked to fit)."""
    if isinstance(column, pa.Array) and column.type == kind:
        return column
    return pa.array(column, type=kind)


def to_arrow(table: str, rows: Iterable[Row]) -> pa.RecordBatch:
    """Rows of ``table`` as dicts keyed by column name, as one Arrow batch (see :func:`columns_to_arrow`).
    A key missing from a row raises KeyError; the rows are transposed in C (``itemgetter`` builds each
    row's tuple, ``zip`` turns the tuples into columns)."""
    names = TABLES[table].column_names
    rows = list(rows)
    pick: Callable[[Row], tuple[Any, ...]] = itemgetter(*names)
    columns = zip(*map(pick, rows)) if rows else ([] for _ in names)
    return columns_to_arrow(TABLES[table], dict(zip(names, columns)))
