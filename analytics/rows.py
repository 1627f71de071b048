"""Turning replayed hands into the rows of every table, a chunk of hands at a time (pure, no database).

The importer gives :func:`hand_batches` a chunk of replayed hands and gets one Arrow record batch per
table. Most columns are built directly, one list comprehension per column over the chunk's actions,
cards, pots..., because building a dict per row and transposing the dicts into columns afterwards cost
as much as everything else this module does (~0.3 ms a hand, most of it for the ~60 action and card rows
of a hand) and left tens of thousands of small objects per chunk for the garbage collector to walk.
``hand_players`` is the exception: its ~110 columns are mostly the stat flags, which
:func:`.flags.player_flags` works out as a dict per player, so its rows stay dicts (:func:`player_rows`)
and are transposed by :func:`to_arrow` in C.

Every batch is matched against the table's schema (:mod:`.schema`) by column name, so a column missing
from a builder, or one the schema does not know, is an error rather than a silent NULL.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import timezone
from operator import itemgetter
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

import pyarrow as pa

from ..engine.cards import Card
from ..engine.model import Action, Collect, CommunityCard, Deal, Hand, Muck, ReplayResult, Show
from .equity import ev_columns
from .flags import player_flags
from .schema import ACTIONS, AWARDS, CARDS, COLLECTED, HAND_PLAYERS, HANDS, POTS, TABLES, VIOLATIONS, Table

Row = dict[str, Any]
Columns = Mapping[str, Sequence[Any]]
Replayed = tuple[Hand, ReplayResult]
"""A hand and what the rules engine made of it (:func:`studbook.engine.replay.replay`)."""

T = TypeVar("T")


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
    names = [{s.seat: s.player for s in h.seats} for h in hands]
    players = [row for h, r in replayed for row in player_rows(h, r)]
    return {
        HANDS.name: columns_to_arrow(HANDS, _hand_columns(replayed, ids)),
        HAND_PLAYERS.name: to_arrow(HAND_PLAYERS.name, players),
        ACTIONS.name: columns_to_arrow(ACTIONS, _action_columns(hands, ids, names)),
        CARDS.name: columns_to_arrow(CARDS, _card_columns(hands, ids)),
        POTS.name: columns_to_arrow(POTS, _pot_columns(replayed, ids)),
        AWARDS.name: columns_to_arrow(AWARDS, _award_columns(replayed, ids, names)),
        COLLECTED.name: columns_to_arrow(COLLECTED, _collected_columns(hands, ids, names)),
        VIOLATIONS.name: columns_to_arrow(VIOLATIONS, _violation_columns(replayed, ids, names)),
    }


def rows_for_hand(hand: Hand, result: ReplayResult) -> dict[str, list[Row]]:
    """One hand's rows as dicts, keyed by table name: what :func:`hand_batches` stores, in a form a test
    or a notebook can read and edit (:func:`to_arrow` turns them back into batches)."""
    return {name: batch.to_pylist() for name, batch in hand_batches([(hand, result)]).items()}


def _gather(per_hand: Iterable[Sequence[T]]) -> tuple[list[T], list[int], list[int]]:
    """The items of every hand in order, with the index of the hand each came from and its index within
    that hand: the three lists the columns of a per-hand table are read from."""
    items: list[T] = []
    owner: list[int] = []
    index: list[int] = []
    for number, mine in enumerate(per_hand):
        items.extend(mine)
        owner.extend([number] * len(mine))
        index.extend(range(len(mine)))
    return items, owner, index


def _hand_columns(replayed: Sequence[Replayed], ids: list[str]) -> Columns:
    """The ``hands`` columns. ``started_at`` is stored in UTC (the model's times are timezone-aware; a
    naive time would be taken as UTC by Arrow, so parsers must not produce one)."""
    hands = [h for h, _ in replayed]
    tournaments = [h.tournament for h in hands]
    return {
        "hand_id": ids,
        "site": [h.site for h in hands],
        "site_hand_id": [h.site_hand_id for h in hands],
        "game": [h.game.value for h in hands],
        "mixed": [h.mixed for h in hands],
        "small_bet": [h.small_bet for h in hands],
        "big_bet": [h.big_bet for h in hands],
        "stakes_inferred": [h.stakes_inferred for h in hands],
        "ante": [h.ante for h in hands],
        "bring_in": [h.bring_in for h in hands],
        "currency": [h.currency for h in hands],
        "play_money": [h.play_money for h in hands],
        "tournament_id": [t.tournament_id if t else None for t in tournaments],
        "buy_in": [t.buy_in if t else None for t in tournaments],
        "fee": [t.fee if t else None for t in tournaments],
        "table_name": [h.table for h in hands],
        "max_seats": [h.max_seats for h in hands],
        "n_players": [sum(1 for s in h.seats if not s.sitting_out) for h in hands],
        "started_at": [None if h.started_at is None else h.started_at.astimezone(timezone.utc) for h in hands],
        "source_file": [h.source_file for h in hands],
        "source_line": [h.source_line for h in hands],
        "total_pot": [h.total_pot for h in hands],
        "rake": [h.rake for h in hands],
        "n_violations": [len(r.violations) for _, r in replayed],
        "valid": [r.valid for _, r in replayed],
    }


def player_rows(hand: Hand, result: ReplayResult) -> list[Row]:
    """One ``hand_players`` row per player dealt in (seated players sitting out are left out unless the
    site dealt them in and took their antes anyway, as tournaments do: see ``flags.dealt_in``).
    ``collected`` is what the site paid, ``won`` what the rules pay and ``net`` = won − invested, so a
    mis-paid pot shows up as collected != won."""
    hid = hand_id(hand)
    won: dict[int, int] = defaultdict(int)
    for award in result.awards:
        won[award.seat] += award.amount
    showed = {e.seat for e in hand.events if isinstance(e, Show)}
    mucked = {e.seat for e in hand.events if isinstance(e, Muck)}
    flags = player_flags(hand, result)
    allin = ev_columns(hand, result)
    return [
        {
            "hand_id": hid,
            "seat": s.seat,
            "player": s.player,
            "stack": s.stack,
            "invested": result.invested.get(s.seat, 0),
            "returned": result.returned.get(s.seat, 0),
            "collected": result.collected.get(s.seat, 0),
            "won": won[s.seat],
            "net": result.net.get(s.seat, 0),
            "showdown": s.seat in result.showdown,
            "showed": s.seat in showed,
            "mucked": s.seat in mucked,
            "folded_street": result.folded.get(s.seat),
            **flags[s.seat],
            **allin[s.seat],
        }
        for s in hand.seats
        if s.seat in flags  # dealt in, which includes a sitting-out player whose antes were taken
    ]


def _action_columns(hands: Sequence[Hand], ids: list[str], names: list[dict[int, str]]) -> Columns:
    """The ``actions`` columns in the order printed; ``seq`` numbers a hand's actions from 0."""
    actions, owner, seq = _gather([e for e in h.events if isinstance(e, Action)] for h in hands)
    return {
        "hand_id": [ids[o] for o in owner],
        "seq": seq,
        "street": [a.street for a in actions],
        "seat": [a.seat for a in actions],
        "player": [names[o].get(a.seat) for o, a in zip(owner, actions)],
        "kind": [a.kind.value for a in actions],
        "amount": [a.amount for a in actions],
        "to_amount": [a.to for a in actions],
        "all_in": [a.all_in for a in actions],
        "line": [a.line for a in actions],
    }


DealtCard = tuple[int | None, int, Card | None, bool, int]
"""A card as the ``cards`` table records it: seat (None for the community card), street, the card
(None when not shown), whether it was dealt face up, and its line."""


def _dealt(hand: Hand) -> list[DealtCard]:
    """Every card dealt in the hand, as dealt: down cards first, then up cards, per deal line."""
    out: list[DealtCard] = []
    for e in hand.events:
        if isinstance(e, Deal):
            out.extend([(e.seat, e.street, c, False, e.line) for c in e.down])
            out.extend([(e.seat, e.street, c, True, e.line) for c in e.up])
        elif isinstance(e, CommunityCard):
            out.append((None, 7, e.card, True, e.line))
    return out


def _card_columns(hands: Sequence[Hand], ids: list[str]) -> Columns:
    """The ``cards`` columns: every card dealt, ``card`` NULL and ``known`` false where the site did not
    show it; the shared 7th-street card has a NULL seat. Cards seen only at showdown stay in the showdown
    lines: which street an unknown down card came from cannot be told from a shown hand, and guessing
    would make the table lie."""
    dealt, owner, _ = _gather(_dealt(h) for h in hands)
    cards = [d[2] for d in dealt]
    return {
        "hand_id": [ids[o] for o in owner],
        "seat": [d[0] for d in dealt],
        "street": [d[1] for d in dealt],
        "card": [None if c is None else c.name for c in cards],
        "up": [d[3] for d in dealt],
        "known": [c is not None for c in cards],
        "line": [d[4] for d in dealt],
    }


def _pot_columns(replayed: Sequence[Replayed], ids: list[str]) -> Columns:
    """The ``pots`` columns: the engine's main pot (0) and side pots with their eligible seats."""
    pots, owner, _ = _gather(r.pots for _, r in replayed)
    return {
        "hand_id": [ids[o] for o in owner],
        "pot": [p.index for p in pots],
        "amount": [p.amount for p in pots],
        "eligible": [list(p.eligible) for p in pots],
    }


def _award_columns(replayed: Sequence[Replayed], ids: list[str], names: list[dict[int, str]]) -> Columns:
    """The ``awards`` columns: what the rules pay each seat from each half (or whole) of each pot."""
    awards, owner, _ = _gather(r.awards for _, r in replayed)
    return {
        "hand_id": [ids[o] for o in owner],
        "pot": [a.pot for a in awards],
        "half": [a.half.value for a in awards],
        "seat": [a.seat for a in awards],
        "player": [names[o].get(a.seat) for o, a in zip(owner, awards)],
        "amount": [a.amount for a in awards],
    }


def _collected_columns(hands: Sequence[Hand], ids: list[str], names: list[dict[int, str]]) -> Columns:
    """The ``collected`` columns: the site's own "collected" lines, with the pot label as printed."""
    collects, owner, _ = _gather([e for e in h.events if isinstance(e, Collect)] for h in hands)
    return {
        "hand_id": [ids[o] for o in owner],
        "seat": [e.seat for e in collects],
        "player": [names[o].get(e.seat) for o, e in zip(owner, collects)],
        "amount": [e.amount for e in collects],
        "pot_label": [e.pot for e in collects],
        "line": [e.line for e in collects],
    }


def _violation_columns(replayed: Sequence[Replayed], ids: list[str], names: list[dict[int, str]]) -> Columns:
    """The ``violations`` columns; the player's name is filled from the seat when the engine gave a seat
    only."""
    found, owner, _ = _gather(r.violations for _, r in replayed)
    return {
        "hand_id": [ids[o] for o in owner],
        "rule": [v.rule for v in found],
        "street": [v.street for v in found],
        "seat": [v.seat for v in found],
        "player": [
            v.player if v.player is not None or v.seat is None else names[o].get(v.seat) for o, v in zip(owner, found)
        ],
        "message": [v.message for v in found],
        "line": [v.line for v in found],
    }


def columns_to_arrow(table: Table, columns: Columns) -> pa.RecordBatch:
    """``columns`` of ``table`` (one sequence per column name) as an Arrow batch with the schema's exact
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
    return pa.RecordBatch.from_arrays([pa.array(columns[f.name], type=f.type) for f in schema], schema=schema)


def to_arrow(table: str, rows: Iterable[Row]) -> pa.RecordBatch:
    """Rows of ``table`` as dicts keyed by column name, as one Arrow batch (see :func:`columns_to_arrow`).
    A key missing from a row raises KeyError; the rows are transposed in C (``itemgetter`` builds each
    row's tuple, ``zip`` turns the tuples into columns), which is what keeps ``hand_players`` cheap."""
    names = TABLES[table].column_names
    rows = list(rows)
    pick: Callable[[Row], tuple[Any, ...]] = itemgetter(*names)
    columns = zip(*map(pick, rows)) if rows else ([] for _ in names)
    return columns_to_arrow(TABLES[table], dict(zip(names, columns)))
