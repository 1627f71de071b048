"""The DuckDB schema: every table, its columns and their types, in one place.

Each column is declared once with both its SQL type (for ``CREATE TABLE``) and its Arrow type (for the
batches the importer builds), so the DDL, the Arrow schemas and the row builders in :mod:`.rows` cannot
drift apart. Money columns are BIGINT amounts in the game's smallest unit, exactly as in the engine
model: cents of a cash game's currency, whole chips of a tournament or play-money game (``hands.per_unit``
says how many make one printed unit: 100 or 1). A tournament's buy-in and fee are a price, in hundredths.

``SCHEMA_VERSION`` is stored in the ``meta`` table; a database written by another version is refused
with a message rather than silently mixed (see :func:`studbook.analytics.store.open_store`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

import pyarrow as pa

from .equity import EV_COLUMNS
from .flags import FLAG_COLUMNS
from .spots import SPOT_COLUMNS

SCHEMA_VERSION = 5
"""Raised whenever a table's columns change, so a database an older studbook wrote is refused rather than read wrong."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, its DuckDB type and the Arrow type the importer writes it with."""

    name: str
    sql: str
    arrow: pa.DataType


@dataclass(frozen=True, slots=True)
class Table:
    """One table: its columns in order and the columns of its primary key (if any)."""

    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...] = ()

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def arrow_schema(self) -> pa.Schema:
        return pa.schema([pa.field(c.name, c.arrow) for c in self.columns])

    def ddl(self) -> str:
        parts = [f"{c.name} {c.sql}" for c in self.columns]
        if self.key:
            parts.append(f"PRIMARY KEY ({', '.join(self.key)})")
        return f"CREATE TABLE IF NOT EXISTS {self.name} (\n    " + ",\n    ".join(parts) + "\n)"


def _money(name: str) -> Column:
    return Column(name, "BIGINT", pa.int64())


def _int(name: str) -> Column:
    return Column(name, "INTEGER", pa.int32())


def _text(name: str) -> Column:
    return Column(name, "VARCHAR", pa.string())


def _flag(name: str) -> Column:
    return Column(name, "BOOLEAN", pa.bool_())


def _float(name: str) -> Column:
    return Column(name, "DOUBLE", pa.float64())


_HAND_ID = _text("hand_id")
_SEAT = _int("seat")
_PLAYER = _text("player")
_STREET = _int("street")
_LINE = _int("line")

HANDS = Table(
    "hands",
    (
        _HAND_ID,
        _text("site"),
        _text("site_hand_id"),
        _text("game"),
        _text("mixed"),
        _money("small_bet"),
        _money("big_bet"),
        _flag("stakes_inferred"),
        _money("ante"),
        _money("bring_in"),
        _text("currency"),
        _flag("play_money"),
        _int("per_unit"),
        _text("tournament_id"),
        _money("buy_in"),
        _money("fee"),
        _text("table_name"),
        _int("max_seats"),
        _int("n_players"),
        Column("started_at", "TIMESTAMPTZ", pa.timestamp("us", tz="UTC")),
        _text("source_file"),
        _int("source_line"),
        _money("total_pot"),
        _money("rake"),
        _int("n_violations"),
        _flag("valid"),
    ),
    key=("hand_id",),
)

HAND_PLAYERS = Table(
    "hand_players",
    (
        _HAND_ID,
        _SEAT,
        _PLAYER,
        _money("stack"),
        _money("invested"),
        _money("returned"),
        _money("collected"),
        _money("won"),
        _money("net"),
        _flag("showdown"),
        _flag("showed"),
        _flag("mucked"),
        _int("folded_street"),
        *({"flag": _flag, "int": _int, "money": _money, "text": _text}[kind](name) for name, kind in FLAG_COLUMNS),
        *({"int": _int, "money": _money, "float": _float}[kind](name) for name, kind in EV_COLUMNS),
        *({"int": _int, "text": _text, "float": _float}[kind](name) for name, kind in SPOT_COLUMNS),
    ),
)

ACTIONS = Table(
    "actions",
    (
        _HAND_ID,
        _int("seq"),
        _STREET,
        _SEAT,
        _PLAYER,
        _text("kind"),
        _money("amount"),
        _money("to_amount"),
        _flag("all_in"),
        _LINE,
    ),
)

CARDS = Table(
    "cards",
    (_HAND_ID, _SEAT, _STREET, _text("card"), _flag("up"), _flag("known"), _flag("shown"), _LINE),
)

POTS = Table(
    "pots",
    (_HAND_ID, _int("pot"), _money("amount"), Column("eligible", "INTEGER[]", pa.list_(pa.int32()))),
)

AWARDS = Table(
    "awards",
    (_HAND_ID, _int("pot"), _text("half"), _SEAT, _PLAYER, _money("amount")),
)

COLLECTED = Table(
    "collected",
    (_HAND_ID, _SEAT, _PLAYER, _money("amount"), _text("pot_label"), _LINE),
)

VIOLATIONS = Table(
    "violations",
    (_HAND_ID, _text("rule"), _STREET, _SEAT, _PLAYER, _text("message"), _LINE),
)

IMPORTS = Table(
    "imports",
    (
        _text("checksum"),
        _text("file"),
        _money("size"),
        Column("imported_at", "TIMESTAMPTZ", pa.timestamp("us", tz="UTC")),
        _int("hands"),
        _int("duplicates"),
        _int("not_stud"),
        _int("errors"),
        _int("violations"),
    ),
    key=("checksum",),
)

PARSE_ERRORS = Table(
    "parse_errors",
    (_text("file"), _LINE, _text("text"), _text("message")),
)

# ------------------------------------------------------------------------------------ tournaments

_WHEN = pa.timestamp("us", tz="UTC")
_SAID = pa.list_(
    pa.struct([("field", pa.string()), ("source", pa.string()), ("file", pa.string()), ("line", pa.int32())])
)

_RESULT_COLUMNS: tuple[Column, ...] = (
    _text("site"),
    _text("tournament_id"),
    _text("player"),
    _int("entry"),
    _flag("hero"),
    _text("name"),
    _text("game"),
    _text("mixed"),
    _text("game_text"),
    _text("unit"),
    _flag("play_money"),
    _money("buy_in"),
    _money("fee"),
    _money("bounty"),
    Column("format_words", "VARCHAR[]", pa.list_(pa.string())),
    _int("entrants"),
    _money("prize_pool"),
    _money("starting_chips"),
    Column("started_at", "TIMESTAMPTZ", _WHEN),
    Column("ended_at", "TIMESTAMPTZ", _WHEN),
    _int("finish"),
    _money("prize"),
    _int("rebuys"),
    _int("add_ons"),
    _money("rebuy_cost"),
    _int("bounties"),
    _money("bounty_prize"),
)
"""What one source tells of one player in one tournament (the tournament's own fields repeated)."""

_SOURCES = Column("sources", "STRUCT(field VARCHAR, source VARCHAR, file VARCHAR, line INTEGER)[]", _SAID)

TOURNAMENTS = Table(
    "tournaments",
    (*_RESULT_COLUMNS, _int("hands"), _SOURCES),
    key=("site", "tournament_id", "player", "entry"),
)
"""One row a player a tournament, every source of it joined (:func:`studbook.parsers.tournaments.merge`).
Amounts (``buy_in`` ... ``bounty_prize``) are in ``unit``: hundredths of the currency it names, whole
chips for ``play``; ``starting_chips`` in whole chips. ``hands`` counts the player's stored hands of the
tournament (the join with ``hands`` by site and tournament id). ``sources`` says for each field given
which source said it (``summary``, ``hand``, ``header``) and where."""

TOURNAMENT_SOURCES = Table(
    "tournament_sources",
    (_text("origin"), _text("source"), _text("file"), _LINE, *_RESULT_COLUMNS, _SOURCES),
)
"""What each source said, as it said it, so that ``tournaments`` can be joined again whenever another
source of a tournament arrives, whichever comes first. ``origin`` names the source once however often it
is imported: the hand's id for its result lines, the summary file's path, and for a header its values
(every hand of a tournament prints the same). A row with no ``player`` is a source naming no player (a
header)."""


META = Table("meta", (_text("key"), _text("value")), key=("key",))

JOURNAL = Table("import_journal", (_text("checksum"), _text("hand_id")))
"""The hands stored so far by an import that has not finished: each chunk of a file is committed on its
own (so a large file's import runs in flat memory) with its new hand ids here; the file's ``imports``
row and the removal of its journal rows are the last commit. Rows left here by an import that was
killed name exactly what to take out again (:func:`studbook.analytics.store.open_store` does). Not one
of :data:`TABLES`: it is the store's bookkeeping, empty whenever no import is under way."""

HAND_TABLES: tuple[Table, ...] = (HANDS, HAND_PLAYERS, ACTIONS, CARDS, POTS, AWARDS, COLLECTED, VIOLATIONS)
"""Tables whose rows belong to one hand (all carry ``hand_id``); ``hands`` first."""

TABLES: Mapping[str, Table] = MappingProxyType(
    {t.name: t for t in (*HAND_TABLES, IMPORTS, PARSE_ERRORS, TOURNAMENTS, TOURNAMENT_SOURCES, META)}
)
"""Every table of the database by name, in creation order."""
