"""Player statistics (docs/stats.md) as DuckDB SQL over the stored hands, returned as pandas DataFrames.

Every stat is one row of :data:`STATS`: a SQL expression for what was *done* and one for the *chances*,
both evaluated per ``hand_players`` row and summed. That table is the only place a stat's definition
lives: :func:`stat_table` builds a single aggregate query from it (one scan however many stats), and
:func:`describe_stats` turns it into the reference the CLI prints — so the docs cannot drift from the SQL.

The expressions read the per-hand flags of :mod:`.flags` (computed once at import) and the engine's
money columns (``won``, ``net``). Rates are summed over hands, then divided: ``rate`` = done / chances,
a fraction for percentages (``kind`` ``pct``) and a plain ratio for the aggression factor (``ratio``).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timezone, tzinfo
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence, TypeVar

import duckdb
import pandas as pd

from ..engine.games import RULES
from ..engine.model import CURRENCY_SYMBOLS, STREET_NAMES, Game
from .clock import day_sql, display_zone
from .flags import LATER_LABEL, LATER_STREETS
from .units import UNIT_SQL, format_stake, units

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Stat:
    """One statistic: ``done`` and ``chances`` are SQL expressions over one ``hand_players`` row
    (``hp``, or its ``hands`` row ``h``, joined only when used); ``games`` limits it to some games."""

    key: str
    label: str
    done: str
    chances: str
    doc: str
    kind: str = "pct"
    games: tuple[str, ...] = ()


def _streets(template: str, streets: Sequence[int] = LATER_STREETS) -> str:
    """``template`` (with ``{s}``) summed over ``streets``: ``_streets("bets_{s}")`` -> ``(bets_4 + ...)``."""
    return "(" + " + ".join(f"({template.format(s=s)})::BIGINT" for s in streets) + ")"


def later_games(street: int) -> tuple[str, ...]:
    """The games (engine/games.py) that play ``street`` after their first, or ``()`` when all do: a
    per-street stat counts its chances in those games only, so "Saw 6th" is not 0% of a Five Card Stud
    hand that has no 6th street, nor "Saw 3rd" 0% of a seven-card hand where 3rd is the first."""
    games = tuple(g.value for g, rules in RULES.items() if street in rules.later_streets)
    return () if len(games) == len(RULES) else games


def street_words(text: str, games: Iterable[str] = ()) -> str:
    """``text`` with ``{first}`` and ``{second}`` as the first and second streets of ``games`` (every
    game when empty): ``3rd`` and ``4th`` in the seven-card games, ``2nd`` and ``3rd`` in Five Card Stud,
    ``3rd/2nd`` where the games differ. Labels name the game's own streets this way, so a Five Card Stud
    table says "2nd raise" for what a stud table calls "3rd raise"."""
    rules = [RULES[Game(g)] for g in sorted(set(games))] or list(RULES.values())

    def named(numbers: Iterable[int]) -> str:
        return "/".join(STREET_NAMES[n] for n in sorted(set(numbers), reverse=True))

    first, second = named(r.first_street for r in rules), named(r.numbers[1] for r in rules)
    return text.replace("{first}", first).replace("{second}", second)


def _street_stats(street: int | None) -> list[Stat]:
    """Aggression, fold, check-raise, c-bet and donk stats for one street (``None``: every street after
    the game's first together)."""
    streets = LATER_STREETS if street is None else (street,)
    where = LATER_LABEL if street is None else STREET_NAMES[street]
    suffix = "" if street is None else f"_{street}"
    aggr = _streets("bets_{s} + raises_{s}", streets)
    games = () if street is None else later_games(street)
    return [
        Stat(
            f"af{suffix}",
            f"AF {where}",
            aggr,
            _streets("calls_{s}", streets),
            f"aggression factor on {where}: (bets + raises) / calls",
            "ratio",
            games=games,
        ),
        Stat(
            f"afq{suffix}",
            f"Aggr freq {where}",
            aggr,
            _streets("bets_{s} + raises_{s} + calls_{s} + checks_{s} + folds_{s}", streets),
            f"aggression frequency on {where}: (bets + raises) / every decision",
            games=games,
        ),
        Stat(
            f"fold{suffix}",
            f"Fold freq {where}",
            _streets("folds_{s}", streets),
            _streets("faced_{s}", streets),
            f"folds / decisions facing a bet on {where}",
            games=games,
        ),
        Stat(
            f"xr{suffix}",
            f"Check-raise {where}",
            _streets("xr_{s}", streets),
            _streets("xr_chance_{s}", streets),
            f"check-raised / checked and then faced a bet with a raise possible, on {where}",
            games=games,
        ),
        Stat(
            f"cbet{suffix}",
            f"C-bet {where}",
            _streets("cbet_{s}", streets),
            _streets("cbet_chance_{s}", streets),
            f"previous street's last aggressor bet when first to act or checked to / had that chance, on {where}",
            games=games,
        ),
        Stat(
            f"fcbet{suffix}",
            f"Fold to c-bet {where}",
            _streets("fcbet_{s}", streets),
            _streets("fcbet_chance_{s}", streets),
            f"folded to a continuation bet / faced one, on {where}",
            games=games,
        ),
        Stat(
            f"donk{suffix}",
            f"Donk {where}",
            _streets("donk_{s}", streets),
            _streets("donk_chance_{s}", streets),
            f"bet into the previous street's aggressor before he acted / could have, on {where}",
            games=games,
        ),
    ]


_STUD8 = ("stud8",)

STATS: tuple[Stat, ...] = (
    Stat("hands", "Hands", "1", "1", "hands dealt in", "count"),
    Stat(
        "vpip",
        "VPIP",
        "vpip",
        "decided_3rd",
        "put money in voluntarily on {first} (the bring-in post is forced) / had a {first}-street decision",
    ),
    Stat(
        "raise_3rd",
        "{first} raise",
        "raise_3rd",
        "decided_3rd",
        "completed or raised on {first} (the completion is the raise) / had a {first}-street decision",
    ),
    Stat(
        "open_complete",
        "Open-complete",
        "open_complete",
        "unopened",
        "completed an unopened pot (only the bring-in in) / faced an unopened pot (bring-in player aside)",
    ),
    Stat("limp", "Limp", "limp", "unopened", "called the bring-in in an unopened pot / faced an unopened pot"),
    Stat(
        "steal",
        "Steal",
        "steal",
        "steal_chance",
        "open-completed from the three seats acting before the bring-in / unopened pot in those seats",
    ),
    Stat("steal_won", "Steal won", "steal_won", "steal", "steals that everybody folded to on {first} / steals"),
    Stat(
        "fold_to_steal",
        "Fold to steal",
        "fold_to_steal",
        "fts_chance",
        "bring-in folded to a steal with no caller between / bring-in faced a steal",
    ),
    Stat("call_steal", "Call steal", "call_steal", "fts_chance", "bring-in called a steal / faced a steal"),
    Stat("resteal", "Re-steal", "resteal", "fts_chance", "bring-in re-raised a steal / faced a steal"),
    Stat(
        "bi_complete",
        "BI completes",
        "bi_complete",
        "is_bring_in",
        "as the bring-in, made the completion himself / times as bring-in",
    ),
    Stat(
        "bi_fold",
        "BI folds to compl.",
        "bi_fold",
        "is_bring_in",
        "as the bring-in, folded to another player's completion / times as bring-in",
    ),
    Stat(
        "bi_call",
        "BI calls compl.",
        "bi_call",
        "is_bring_in",
        "as the bring-in, called another player's completion / times as bring-in",
    ),
    Stat(
        "bi_reraise",
        "BI re-raises",
        "bi_reraise",
        "is_bring_in",
        "as the bring-in, re-raised another player's completion / times as bring-in",
    ),
    Stat(
        "reraise_3rd",
        "{first} re-raise",
        "reraise",
        "rr_chance",
        "raised a completion / faced a completion (and nothing more) with a raise possible",
    ),
    Stat(
        "fold_to_reraise",
        "Fold to re-raise",
        "fold_to_reraise",
        "frr_chance",
        "the completer folded to a re-raise / the completer faced a re-raise",
    ),
    *(
        Stat(
            f"saw_{s}",
            f"Saw {STREET_NAMES[s]}",
            f"saw_{STREET_NAMES[s]}",
            "1",
            f"reached {STREET_NAMES[s]} street / hands of the games that have it after their first",
            games=later_games(s),
        )
        for s in LATER_STREETS
    ),
    *_street_stats(None),
    *(stat for s in LATER_STREETS for stat in _street_stats(s)),
    Stat(
        "wtsd",
        "WTSD",
        "went_sd AND saw_second",
        "saw_second",
        "went to showdown / saw the second street (4th; Five Card Stud's 3rd)",
    ),
    Stat(
        "wsd",
        "W$SD",
        "won_any AND went_sd",
        "went_sd",
        "won any money at showdown (a half or a quarter counts) / went to showdown",
    ),
    Stat(
        "won_saw_4th",
        "Won saw {second}",
        "won_any AND saw_second",
        "saw_second",
        "won any money / saw the second street (4th; Five Card Stud's 3rd)",
    ),
    Stat(
        "won_no_sd",
        "Won w/o SD",
        "won_any AND NOT went_sd",
        "won_any",
        "hands won without a showdown / hands won any money",
    ),
    Stat(
        "scoop",
        "Scoop",
        "scoop",
        "won_any",
        "took every chip of each pot he won a share of / hands won any money",
        games=_STUD8,
    ),
    Stat(
        "hi_only",
        "Hi only",
        "won_high AND NOT won_low AND NOT scoop",
        "won_any",
        "won the high half (or part of it) and no low / hands won any money",
        games=_STUD8,
    ),
    Stat(
        "lo_only",
        "Lo only",
        "won_low AND NOT won_high",
        "won_any",
        "won the low half (or part of it) and no high / hands won any money",
        games=_STUD8,
    ),
    Stat(
        "halved",
        "Halved",
        "halved",
        "won_any",
        "shared a pot without splitting a half (e.g. high half won, low half lost) / hands won any money",
        games=_STUD8,
    ),
    Stat(
        "quartered",
        "Quartered",
        "quartered",
        "won_any",
        "split a half with another player (a quarter) / hands won any money",
        games=_STUD8,
    ),
    Stat("scoop_sd", "Scoop at SD", "scoop AND went_sd", "went_sd", "scooped at showdown / showdowns", games=_STUD8),
    Stat(
        "low_qualified",
        "Low qualified",
        "low_qualified",
        "went_sd",
        "showdowns where a low qualified / showdowns",
        games=_STUD8,
    ),
)
"""Every statistic, in the order tables show them."""

STATS_BY_KEY: Mapping[str, Stat] = MappingProxyType({s.key: s for s in STATS})

HEADLINE: tuple[str, ...] = ("hands", "vpip", "raise_3rd", "steal", "fold_to_steal", "af", "wtsd", "wsd")
"""The stats a one-row-per-player table shows unless asked for others: the few a stud player reads
first, few enough that the table (with net won and BB/100) fits a terminal."""


DAY = day_sql(timezone.utc)
"""The UTC day a hand started (NULL without a time stamp): the rollup's ``day``, and the ``date``
breakdown and a time bound at midnight when days are counted in UTC (:attr:`Filters.timezone`), so
that the rollup answers both."""


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A way to split the stats: the SQL columns to group by and, optionally, a condition rows must
    meet to be grouped (the starting-hand class only exists where the 3rd-street cards are known)."""

    columns: tuple[tuple[str, str], ...]
    require: str | None = None


BREAKDOWNS: Mapping[str, Breakdown] = MappingProxyType(
    {
        "player": Breakdown((("player", "hp.player"),)),
        "game": Breakdown((("game", "hp.game"),)),
        # a tournament's levels are one group: BB/100 is counted hand by hand in each hand's own big bets,
        # and a row per level (20/40, 30/60 ...) would split one sit-and-go into dozens of tiny samples;
        # stakes a site did not print (inferred from the hand's bets, Bovada) are a row of their own, marked
        "stakes": Breakdown(
            (
                ("currency", UNIT_SQL),
                ("small_bet", "CASE WHEN h.tournament_id IS NULL THEN h.small_bet END"),
                ("big_bet", "CASE WHEN h.tournament_id IS NULL THEN h.big_bet END"),
                ("stakes_inferred", "CASE WHEN h.tournament_id IS NULL THEN h.stakes_inferred END"),
            )
        ),
        "currency": Breakdown((("currency", UNIT_SQL),)),  # the unit: a currency, 'chips' or 'play' (units.py)
        "site": Breakdown((("site", "h.site"),)),
        "date": Breakdown((("date", DAY),)),
        "players": Breakdown((("players", "h.n_players"),)),
        "max_seats": Breakdown((("max_seats", "h.max_seats"),)),
        "players_4th": Breakdown((("players_4th", "hp.players_4th"),)),
        "bring_in": Breakdown((("bring_in", "hp.is_bring_in"),)),
        "door": Breakdown((("door", "hp.door_rank"),), "hp.door_rank IS NOT NULL"),
        "start_class": Breakdown((("start_class", "hp.start_class"),), "hp.start_class IS NOT NULL"),
        # the 3rd-street spot's columns (analytics/spots.py), known where the starting cards are
        "start_family": Breakdown((("start_family", "hp.start_family"),), "hp.start_family IS NOT NULL"),
        "liveness": Breakdown((("liveness", "hp.liveness"),), "hp.liveness IS NOT NULL"),
        "faced": Breakdown((("faced", "hp.faced"),), "hp.faced IS NOT NULL"),
        "mixed": Breakdown((("mixed", "h.mixed"),)),
    }
)
"""Every breakdown by name (``by=`` of :func:`stat_table` and :func:`~.winrate.winrates`)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands to count. Empty tuples and ``None`` mean "no restriction". ``stakes`` are written as
    printed (``"0.04/0.08"``, ``"$1/$2"``, ``"100/200"``); ``since``/``until`` bound ``started_at``
    (``until`` exclusive; a date means its midnight, a naive datetime that time, in ``timezone``);
    ``min_players``/``max_players`` bound the number of players dealt in; ``valid_only`` keeps only
    hands without rule violations. ``timezone`` (an IANA name; None: this computer's zone) is the zone
    days are counted in, by the bounds and the ``date`` breakdown: the zone every time is shown in
    (:mod:`.clock`), so that a hand shown on a day is counted on that day."""

    players: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    sites: tuple[str, ...] = ()
    stakes: tuple[str, ...] = ()
    since: datetime | date | None = None
    until: datetime | date | None = None
    min_players: int | None = None
    max_players: int | None = None
    valid_only: bool = False
    timezone: str | None = None

    def day_zone(self) -> tzinfo:
        """The zone days are counted in (ValueError for an unknown zone name)."""
        return display_zone(self.timezone)

    def where(self) -> tuple[str, list[Any]]:
        """The SQL condition (over ``hp`` and ``h``) and its parameters."""
        parts: list[str] = ["TRUE"]
        params: list[Any] = []

        def any_of(column: str, values: Sequence[Any]) -> None:
            if values:
                parts.append(f"{column} IN ({', '.join('?' for _ in values)})")
                params.extend(values)

        any_of("hp.player", self.players)
        any_of("hp.game", self.games)
        any_of("h.site", self.sites)
        if self.stakes:
            # a stake as printed is hundredths of its unit: cents of a currency, or (when whole) chips
            pairs = [parse_stakes(s) for s in self.stakes]
            tests = [(100, small, big) for small, big in pairs]
            tests += [(1, small // 100, big // 100) for small, big in pairs if small % 100 == big % 100 == 0]
            parts.append(
                "(" + " OR ".join("(h.per_unit = ? AND h.small_bet = ? AND h.big_bet = ?)" for _ in tests) + ")"
            )
            params.extend(v for test in tests for v in test)
        days = self.day_zone() if self.since is not None or self.until is not None else timezone.utc
        for op, bound in ((">=", self.since), ("<", self.until)):
            if bound is not None:
                moment = _as_timestamp(bound, days)
                midnight = moment.astimezone(days)
                if midnight.time() == time(0):  # the same hands as started_at OP moment, tested by day
                    parts.append(f"{day_sql(days)} {op} ?")
                    params.append(midnight.date())
                else:
                    parts.append(f"h.started_at {op} ?")
                    params.append(moment)
        for op, count in ((">=", self.min_players), ("<=", self.max_players)):
            if count is not None:
                parts.append(f"h.n_players {op} ?")
                params.append(count)
        if self.valid_only:
            parts.append("h.valid")
        return " AND ".join(parts), params


def _as_timestamp(bound: datetime | date, where: tzinfo) -> datetime:
    if isinstance(bound, datetime):
        return bound if bound.tzinfo is not None else bound.replace(tzinfo=where)
    return datetime(bound.year, bound.month, bound.day, tzinfo=where)


def parse_stakes(text: str) -> tuple[int, int]:
    """``"$0.04/$0.08"`` -> ``(4, 8)`` in hundredths; ValueError saying the expected form otherwise."""
    try:
        small, big = (parse_amount(p) for p in text.split("/"))
    except ValueError:
        raise ValueError(f"stakes {text!r}: expected SMALL/BIG bet as printed, e.g. 0.04/0.08 or $1/$2") from None
    return small, big


def parse_amount(text: str) -> int:
    """An amount as a site prints it (``0.04``, ``$2``, ``€0.10``, ``1,500`` chips) in exact hundredths;
    ValueError saying how to write one otherwise (a negative amount, more than two decimals, a float)."""
    digits = text.strip().lstrip("".join(CURRENCY_SYMBOLS.values())).replace(",", "")
    whole, _, cents = digits.partition(".")
    if not whole.isdigit() or not (cents == "" or (cents.isdigit() and len(cents) <= 2)):
        raise ValueError(f"not an amount: {text!r} (write it as printed, like 0.04, $2 or 1,500)")
    return int(whole) * 100 + int(cents.ljust(2, "0") or 0)


def _selected(stats: Sequence[str] | None) -> list[Stat]:
    return list(STATS) if stats is None else _known(stats, STATS_BY_KEY, "stat")


def breakdown_columns(by: Sequence[str]) -> list[Breakdown]:
    """The breakdowns named in ``by``; ValueError listing the known names for a wrong one."""
    return _known(by, BREAKDOWNS, "breakdown")


def _known(names: Sequence[str], table: Mapping[str, T], what: str) -> list[T]:
    """``table``'s entries for ``names``; a ValueError naming the unknown ones and every known one, since
    the names come from users (``--stat``, ``--by``)."""
    unknown = [n for n in names if n not in table]
    if unknown:
        raise ValueError(f"unknown {what}(s) {', '.join(unknown)}; known: {', '.join(table)}")
    return [table[n] for n in names]


@dataclass(frozen=True, slots=True)
class Selection:
    """The hands and groups of a query: ``names`` of the group columns, their SQL ``exprs`` (``expr AS
    name``, over ``hp`` = hand_players and ``h`` = hands), and the ``where`` condition with ``params``."""

    names: tuple[str, ...]
    exprs: tuple[str, ...]
    where: str
    params: tuple[Any, ...]

    @property
    def positions(self) -> str:
        """``1, 2, ...``: group and order by position, since an alias such as ``bring_in`` would bind
        to the hands column of that name first."""
        return ", ".join(str(i) for i in range(1, len(self.names) + 1))


def selection(filters: Filters | None, by: Sequence[str]) -> Selection:
    """The :class:`Selection` of ``filters`` grouped by the breakdowns ``by``."""
    chosen = filters or Filters()
    where, params = chosen.where()
    groups = breakdown_columns(by)
    where += "".join(f" AND {g.require}" for g in groups if g.require)
    day = day_sql(chosen.day_zone()) if "date" in by else DAY

    def zoned(expr: str) -> str:
        return day if expr == DAY else expr

    return Selection(
        tuple(name for g in groups for name, _ in g.columns),
        tuple(f"{zoned(expr)} AS {name}" for g in groups for name, expr in g.columns),
        where,
        tuple(params),
    )


def grouped_query(
    select: Sequence[str], filters: Filters | None, by: Sequence[str]
) -> tuple[str, list[Any], list[str]]:
    """``SELECT <by columns>, <select> FROM hand_players ⋈ hands WHERE <filters> GROUP BY <by>``.
    Returns the SQL, its parameters and the names of the group columns (in order)."""
    sel = selection(filters, by)
    columns = ", ".join([*sel.exprs, *select])
    # the join with ``hands`` is the largest cost of a full table: make it only when a column needs it
    join = " JOIN hands h ON h.hand_id = hp.hand_id" if _HANDS_COLUMN.search(columns + sel.where) else ""
    return _grouped(sel, select, f"hand_players hp{join}"), list(sel.params), list(sel.names)


def _grouped(sel: Selection, select: Sequence[str], source: str) -> str:
    group = f" GROUP BY {sel.positions} ORDER BY {sel.positions}" if sel.names else ""
    return f"SELECT {', '.join([*sel.exprs, *select])} FROM {source} WHERE {sel.where}{group}"


_HANDS_COLUMN = re.compile(r"\bh\.")


def _sum(stat: Stat, expr: str) -> str:
    value = f"CAST(({expr}) AS BIGINT)"
    if stat.games:
        games = ", ".join(f"'{g}'" for g in stat.games)
        value = f"CASE WHEN hp.game IN ({games}) THEN {value} ELSE 0 END"
    return f"CAST(SUM({value}) AS BIGINT)"


def stat_table(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    by: Sequence[str] = ("player",),
    stats: Sequence[str] | None = None,
    rollup: bool = True,
) -> pd.DataFrame:
    """Every stat (or those named in ``stats``) for each group of ``by``, in long form: the group
    columns, then ``stat``, ``label``, ``kind``, ``done``, ``chances`` (exact integers) and ``rate``
    (done / chances as a float, NaN without chances; for ``count`` stats the count itself).

    Read from the dataset's rollup (:mod:`.rollup`: the same sums, precomputed) when there is one that
    can answer the filters and ``by``, unless ``rollup`` is False; from the raw rows otherwise.

    Groups with no hands are absent; stats restricted to a game have 0 chances elsewhere. Where ``by``
    has no ``player``, ``hands`` counts the group's hands, each once however many players it dealt in
    (the other stats still count each player's chances)."""
    from . import rollup as pre  # it builds on this module's stats

    chosen = _selected(stats)
    summed = pre.plan(con, selection(filters, by), use=rollup)
    if summed is None:
        select = [f"{_sum(s, s.done)} AS d{i}, {_sum(s, s.chances)} AS c{i}" for i, s in enumerate(chosen)]
        select.append("LIST(DISTINCT hp.game) AS games_seen")
        sql, params, names = grouped_query(select, filters, by)
    else:
        select = [*pre.stat_sums([s.key for s in chosen]), "LIST(DISTINCT r.game) AS games_seen"]
        sql, params, names = _grouped(summed, select, f"{pre.VIEW} r"), list(summed.params), list(summed.names)
    wide = con.execute(sql, params).df()
    seen = {g for games in wide["games_seen"] for g in games}  # the labels name these games' streets
    frames = []
    for i, s in enumerate(chosen):
        part = wide[names].copy()
        part["stat"], part["label"], part["kind"] = s.key, street_words(s.label, seen), s.kind
        part["done"] = wide[f"d{i}"].fillna(0).astype("int64")
        part["chances"] = wide[f"c{i}"].fillna(0).astype("int64")
        frames.append(part)
    if not frames:
        return pd.DataFrame(columns=[*names, "stat", "label", "kind", "done", "chances", "rate"])
    if "player" not in names and any(s.key == "hands" for s in chosen):
        frames[[s.key for s in chosen].index("hands")] = _distinct_hands(con, filters, by, wide[names])
    out = pd.concat(frames, ignore_index=True)
    chances = out["chances"].where(out["chances"] > 0)
    out["rate"] = (out["done"] / chances).where(out["kind"] != "count", out["done"].astype("float64"))
    if "big_bet" in names:
        out.insert(names.index("big_bet") + 1, "stakes", stakes_labels(out))
    order = {s.key: i for i, s in enumerate(chosen)}
    out = out.sort_values([*names, "stat"], key=lambda c: c.map(order) if c.name == "stat" else c, kind="stable")
    return out.reset_index(drop=True)


def _distinct_hands(
    con: duckdb.DuckDBPyConnection, filters: Filters | None, by: Sequence[str], groups: pd.DataFrame
) -> pd.DataFrame:
    """The ``hands`` rows of :func:`stat_table` for ``groups`` (its group columns) counting each hand
    once: a row per game or per day counts hands, not the seats dealt in them (a razz hand of seven
    players is one hand). Read from the raw rows, which the rollup's per-player sums cannot answer."""
    sql, params, names = grouped_query(["COUNT(DISTINCT hp.hand_id) AS n"], filters, by)
    found = con.execute(sql, params).df()
    counted = groups.merge(found, on=names, how="left", sort=False)["n"] if names else found["n"]
    part = groups.copy()
    hands = STATS_BY_KEY["hands"]
    part["stat"], part["label"], part["kind"] = hands.key, hands.label, hands.kind
    part["done"] = part["chances"] = counted.fillna(0).astype("int64").to_numpy()
    return part


def unknown_player(con: duckdb.DuckDBPyConnection, name: str) -> str | None:
    """None when ``name`` played a stored hand; else what to tell the user: the same name in other
    capitals, or the closest names (by spelling, ignoring case), or the players with the most hands,
    since a name is matched exactly and a mistyped one would otherwise just find nothing."""
    if con.execute("SELECT 1 FROM hand_players WHERE player = ? LIMIT 1", [name]).fetchone():
        return None
    sql = "SELECT player FROM hand_players GROUP BY player ORDER BY COUNT(*) DESC, player"
    known = [r[0] for r in con.execute(sql).fetchall()]
    if not known:
        return f"no player {name!r}: the database has no hands (import some hand histories first)"
    same = [k for k in known if k.casefold() == name.casefold()]
    if same:
        return f"no player {name!r} (names are matched exactly, capitals too): did you mean {_names(same)}?"
    folded: dict[str, list[str]] = {}
    for k in known:
        folded.setdefault(k.casefold(), []).append(k)
    close = [k for f in difflib.get_close_matches(name.casefold(), folded, n=5, cutoff=0.6) for k in folded[f]]
    if close:
        return f"no player {name!r} in the database; the closest names: {_names(close)}"
    return f"no player {name!r} in the database; the players with the most hands: {_names(known[:8])}"


def _names(names: Sequence[str]) -> str:
    return ", ".join(repr(n) for n in names)


def stakes_labels(frame: pd.DataFrame) -> list[str]:
    """``"$0.04/$0.08"`` per row from the ``currency``, ``small_bet`` and ``big_bet`` columns;
    ``"tournament"`` where the ``stakes`` breakdown leaves them empty (all levels of tournaments). Stakes
    the site did not print (``stakes_inferred``) read ``"$0.25/$0.50 inferred"``, and a big bet no bet of
    the hand showed (0) ``"?"``."""
    inferred = frame["stakes_inferred"] if "stakes_inferred" in frame else [False] * len(frame)
    return [
        (f"{_stake(s, u)}/{_stake(b, u)}" + (" inferred" if pd.notna(i) and bool(i) else ""))
        if pd.notna(s) and pd.notna(b)
        else "tournament"
        for u, s, b, i in zip(units(frame["currency"]), frame["small_bet"], frame["big_bet"], inferred)
    ]


def _stake(amount: float, unit: str) -> str:
    return format_stake(int(amount), unit) if amount else "?"


def describe_stats() -> pd.DataFrame:
    """The reference of every stat: key, label, kind, games and what is counted over what."""
    return pd.DataFrame(
        [
            {
                "stat": s.key,
                "label": street_words(s.label),
                "kind": s.kind,
                "games": ",".join(s.games) or "all",
                "meaning": street_words(s.doc),
            }
            for s in STATS
        ]
    )
