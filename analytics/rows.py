"""Turning one replayed hand into the rows of every table (pure functions, no database).

Each ``*_rows`` function returns plain dicts keyed by the column names of :mod:`.schema`; the importer
collects them for a batch of hands and converts the batch to Arrow with :func:`to_arrow`. Keeping the
builders pure makes them testable without DuckDB and cheap to run inside worker processes, and adding a
column (issue #5's per-hand stat flags) means adding a key here and a column in the schema — a test
checks that the two agree, because Arrow would silently fill a misspelt key with NULL.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import timezone
from typing import Any, Iterable, Mapping

import pyarrow as pa

from ..engine.model import Action, Collect, CommunityCard, Deal, Hand, Muck, ReplayResult, Show
from .equity import ev_columns
from .flags import player_flags
from .schema import TABLES

Row = dict[str, Any]


def hand_id(hand: Hand) -> str:
    """The database key of a hand: ``site:site_hand_id``. Sites number their hands uniquely, so the
    same hand read from two files (or twice) has one key, which is what makes re-imports harmless."""
    return f"{hand.site}:{hand.site_hand_id}"


def hand_row(hand: Hand, result: ReplayResult) -> Row:
    """The ``hands`` row. ``started_at`` is stored in UTC (the model's times are timezone-aware; a
    naive time would be taken as UTC by Arrow, so parsers must not produce one)."""
    t = hand.tournament
    started = hand.started_at.astimezone(timezone.utc) if hand.started_at is not None else None
    return {
        "hand_id": hand_id(hand),
        "site": hand.site,
        "site_hand_id": hand.site_hand_id,
        "game": str(hand.game),
        "mixed": hand.mixed,
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
        "ante": hand.ante,
        "bring_in": hand.bring_in,
        "currency": hand.currency,
        "play_money": hand.play_money,
        "tournament_id": t.tournament_id if t else None,
        "buy_in": t.buy_in if t else None,
        "fee": t.fee if t else None,
        "table_name": hand.table,
        "max_seats": hand.max_seats,
        "n_players": sum(1 for s in hand.seats if not s.sitting_out),
        "started_at": started,
        "source_file": hand.source_file,
        "source_line": hand.source_line,
        "total_pot": hand.total_pot,
        "rake": hand.rake,
        "n_violations": len(result.violations),
        "valid": result.valid,
    }


def player_rows(hand: Hand, result: ReplayResult) -> list[Row]:
    """One ``hand_players`` row per player dealt in (seated players sitting out are left out unless the
    site dealt them in and took their antes anyway, as tournaments do: see ``flags.dealt_in``). ``collected`` is what the site paid, ``won`` what
    the rules pay and ``net`` = won − invested, so a mis-paid pot shows up as collected != won."""
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


def action_rows(hand: Hand, names: Mapping[int, str]) -> list[Row]:
    """The ``actions`` rows in the order printed; ``seq`` numbers them from 0 within the hand."""
    hid = hand_id(hand)
    actions = (e for e in hand.events if isinstance(e, Action))
    return [
        {
            "hand_id": hid,
            "seq": seq,
            "street": a.street,
            "seat": a.seat,
            "player": names.get(a.seat),
            "kind": str(a.kind),
            "amount": a.amount,
            "to_amount": a.to,
            "all_in": a.all_in,
            "line": a.line,
        }
        for seq, a in enumerate(actions)
    ]


def card_rows(hand: Hand) -> list[Row]:
    """The ``cards`` rows: every card dealt, as dealt (down cards first, then up cards, per deal line),
    ``card`` NULL and ``known`` false where the site did not show it; the shared 7th-street card has a
    NULL seat. Cards seen only at showdown stay in the showdown lines: which street an unknown down card
    came from cannot be told from a shown hand, and guessing would make the table lie."""
    hid = hand_id(hand)
    rows: list[Row] = []
    for e in hand.events:
        if isinstance(e, Deal):
            for up, cards in ((False, e.down), (True, e.up)):
                rows.extend(
                    {
                        "hand_id": hid,
                        "seat": e.seat,
                        "street": e.street,
                        "card": None if c is None else c.name,
                        "up": up,
                        "known": c is not None,
                        "line": e.line,
                    }
                    for c in cards
                )
        elif isinstance(e, CommunityCard):
            rows.append(
                {
                    "hand_id": hid,
                    "seat": None,
                    "street": 7,
                    "card": None if e.card is None else e.card.name,
                    "up": True,
                    "known": e.card is not None,
                    "line": e.line,
                }
            )
    return rows


def pot_rows(hand: Hand, result: ReplayResult) -> list[Row]:
    """The ``pots`` rows: the engine's main pot (0) and side pots with their eligible seats."""
    hid = hand_id(hand)
    return [{"hand_id": hid, "pot": p.index, "amount": p.amount, "eligible": list(p.eligible)} for p in result.pots]


def award_rows(hand: Hand, result: ReplayResult, names: Mapping[int, str]) -> list[Row]:
    """The ``awards`` rows: what the rules pay each seat from each half (or whole) of each pot."""
    hid = hand_id(hand)
    return [
        {
            "hand_id": hid,
            "pot": a.pot,
            "half": str(a.half),
            "seat": a.seat,
            "player": names.get(a.seat),
            "amount": a.amount,
        }
        for a in result.awards
    ]


def collected_rows(hand: Hand, names: Mapping[int, str]) -> list[Row]:
    """The ``collected`` rows: the site's own "collected" lines, with the pot label as printed."""
    hid = hand_id(hand)
    return [
        {
            "hand_id": hid,
            "seat": e.seat,
            "player": names.get(e.seat),
            "amount": e.amount,
            "pot_label": e.pot,
            "line": e.line,
        }
        for e in hand.events
        if isinstance(e, Collect)
    ]


def violation_rows(hand: Hand, result: ReplayResult, names: Mapping[int, str]) -> list[Row]:
    """The ``violations`` rows; the player's name is filled from the seat when the engine gave a seat
    only."""
    hid = hand_id(hand)
    return [
        {
            "hand_id": hid,
            "rule": v.rule,
            "street": v.street,
            "seat": v.seat,
            "player": v.player if v.player is not None or v.seat is None else names.get(v.seat),
            "message": v.message,
            "line": v.line,
        }
        for v in result.violations
    ]


def rows_for_hand(hand: Hand, result: ReplayResult) -> dict[str, list[Row]]:
    """Every row one hand contributes, keyed by table name (the tables of ``HAND_TABLES``)."""
    names = {s.seat: s.player for s in hand.seats}
    return {
        "hands": [hand_row(hand, result)],
        "hand_players": player_rows(hand, result),
        "actions": action_rows(hand, names),
        "cards": card_rows(hand),
        "pots": pot_rows(hand, result),
        "awards": award_rows(hand, result, names),
        "collected": collected_rows(hand, names),
        "violations": violation_rows(hand, result, names),
    }


def to_arrow(table: str, rows: Iterable[Row]) -> pa.RecordBatch:
    """Rows of ``table`` as one Arrow record batch with the schema's exact column types (one batch even
    when empty, so that spilled streams of different tables stay aligned chunk for chunk).

    The rows are turned into columns here rather than by ``RecordBatch.from_pylist`` (which costs the
    same, ~0.2 ms per hand once warm) so that a key missing from a row raises KeyError instead of
    becoming a silent NULL."""
    schema = TABLES[table].arrow_schema()
    rows = list(rows)
    return pa.RecordBatch.from_pydict({name: [row[name] for row in rows] for name in schema.names}, schema=schema)
