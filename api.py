"""studbook from Python: the few calls a notebook or a script needs, and nothing it must not rely on.

Everything here is kept stable; the modules behind it (``analytics``, ``pipeline``, ``engine`` ...) may
change their insides. The ``studbook`` command is built on the same calls.

Money is exact everywhere: integers in the game's smallest unit, cents of a currency and whole chips of
a tournament or play money (``$0.04`` is ``4``, 1,500 tournament chips are ``1500``; a hand's ``per_unit``
and :func:`per_unit` of a unit say how many make one), in DataFrames too. Rates are floats beside the exact counts they come
from (``done`` out of ``chances``).

A session, from an empty database to a chart (the sample hands are in the repository's
``sample_data/`` folder):

>>> import tempfile
>>> from pathlib import Path
>>> from studbook import api
>>> edge_cases = api.SAMPLE_DATA / "edge-cases"
>>> folder = Path(tempfile.mkdtemp())
>>> with api.open_database(folder / "hands.duckdb") as db:
...     summary = db.import_files([edge_cases])
...     print(summary.files_imported, "files,", summary.hands, "hands,", summary.with_violations, "with violations")
...     print(db.hands()[["hand_id", "game", "n_players", "total_pot"]].to_string(index=False))
3 files, 5 hands, 0 with violations
                hand_id  game  n_players  total_pot
pokerstars:900000000001  stud          5        100
pokerstars:900000000002  stud          5        250
pokerstars:900000000003  stud          5        250
pokerstars:900000000101 stud8          3          9
pokerstars:900000000201  razz          3         53

Importing the same files again changes nothing:

>>> with api.open_database(folder / "hands.duckdb") as db:
...     db.import_files([edge_cases]).files_already_imported
3
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, timedelta
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .analytics.equity import equity
from .analytics.grid import stat_grid
from .analytics.stats import BREAKDOWNS, HEADLINE, STATS, Filters
from .analytics.store import Store, StoreError, open_store
from .analytics.units import UNIT_SQL, per_unit
from .engine.cards import Card, parse_cards
from .engine.model import Game, Hand, ReplayResult, Violation
from .engine.validate import RULES

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from .engine.profiles import RuleProfile
    from .pipeline.importer import ImportSummary
    from .pipeline.progress import ImportProgress

__all__ = [
    "BREAKDOWNS",
    "CHARTS",
    "HEADLINE",
    "RULES",
    "SAMPLE_DATA",
    "STATS",
    "UNIT_SQL",
    "Card",
    "Database",
    "Filters",
    "Game",
    "HandReplay",
    "StoreError",
    "Violation",
    "audit_text",
    "equity",
    "open_database",
    "parse_cards",
    "per_unit",
    "stat_grid",
]

SAMPLE_DATA = Path(__file__).resolve().parent / "sample_data"
"""The repository's sample hand histories (present in a checkout or an sdist, not in a wheel)."""

CHARTS = ("winnings", "stud8", "stud8-results", "bb100", "spots")
"""The kinds of :meth:`Database.chart`, as ``studbook chart`` names them."""

_DEFAULT_SESSION_GAP = timedelta(minutes=30)


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A stored hand read again from its file and replayed by the rules engine: the ``hand`` as the
    site printed it and what the rules make of it (``result``: pots, awards, violations)."""

    hand: Hand
    result: ReplayResult
    profile: RuleProfile | None = None
    """The rules it was judged by (``None``: its site's)."""

    @property
    def violations(self) -> tuple[Violation, ...]:
        return tuple(self.result.violations)

    def text(self, as_player: str | None = None) -> str:
        """The hand street by street as the table saw it (``as_player``'s own down cards shown), then
        what the rules pay from each pot and half and every rule broken: ``studbook replay``'s text."""
        from .analytics.replay_view import render_hand

        return render_hand(self.hand, self.result, as_player, self.profile)

    def html(self, as_player: str | None = None, back: tuple[str, str] | None = None) -> str:
        """The hand as a self-contained web page to step through, as ``as_player`` saw it: ``studbook
        replay --html``'s page (see :mod:`studbook.analytics.html_replay`); ``back`` is an optional
        ``(href, words)`` link at its top."""
        from .analytics.html_replay import replay_page

        return replay_page(self.hand, self.profile, as_player, back)


class Database:
    """A studbook database (a DuckDB file): import hand histories into it, then ask it for hands,
    statistics, win rates, charts and replays. Open one with :func:`open_database`; close it (or use
    ``with``) so another process can open the file.

    The methods that select hands take the same keywords: ``players``, ``games`` (``stud``, ``stud8``,
    ``razz``), ``sites``, ``stakes`` (as printed, ``"1/2"``), each a name or a list of them, and
    ``since``/``until`` (a date or datetime, ``until`` excluded), ``min_players``/``max_players``,
    ``valid_only`` (only hands that break no rule), and ``timezone`` (an IANA name; default this
    computer's zone): the zone a ``since``/``until`` day (or naive datetime) and the ``date`` breakdown's
    days are counted in, as the times shown are.

    >>> import tempfile
    >>> from pathlib import Path
    >>> db = open_database(Path(tempfile.mkdtemp()) / "hands.duckdb")
    >>> _ = db.import_files([SAMPLE_DATA / "edge-cases" / "stud8-quartered-low.txt"])
    >>> stats = db.stats(stats=("hands", "vpip"), players="Farah")
    >>> stats[["player", "stat", "done", "chances", "rate"]].to_string(index=False)
    'player stat  done  chances  rate\\n Farah hands     1        1   1.0\\n Farah  vpip     1        1   1.0'
    >>> print(stat_grid(stats).to_string(index=False))
    player Hands         VPIP
     Farah     1 100.0% (1/1)
    >>> money = db.win_rates(players="Farah")
    >>> money[["player", "currency", "hands", "net", "rake_paid"]].to_dict("records")
    [{'player': 'Farah', 'currency': 'USD', 'hands': 1, 'net': 2, 'rake_paid': 0}]
    >>> replay = db.replay("900000000101")
    >>> replay.violations
    ()
    >>> replay.text(as_player="Farah").splitlines()[0].split(" | ")[:3]
    ['pokerstars hand 900000000101', 'Stud Hi/Lo (8 or better) $0.04/$0.08', 'ante $0.01']
    >>> db.close()
    """

    def __init__(self, store: Store) -> None:
        self._store = store

    @property
    def path(self) -> str:
        """The database file."""
        return self._store.path

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self._store.close()

    def import_files(
        self,
        paths: Iterable[str | Path],
        *,
        workers: int = 1,
        profile: str | None = None,
        progress: ImportProgress | None = None,
        site_timezones: Mapping[str, str] | None = None,
    ) -> ImportSummary:
        """Import the hand-history files under ``paths`` (folders are searched for ``.txt`` and ``.phh``),
        replaying every hand against the rules of ``profile`` (default: each site's own), in ``workers``
        processes. Files already imported are skipped; each file is stored completely or not at all.
        The summary counts files, hands, duplicates and hands with violations, and lists ``problems``
        (``file:line: message``) for what could not be read. ``site_timezones`` (site id -> IANA zone,
        ``{"kingsclub": "Europe/London"}``) reads the times a site prints without a zone in that zone
        instead of the site's own (docs of each site's NOTES.md); ValueError for a site or zone that
        cannot be."""
        from .parsers.registry import SITES_BY_ID
        from .parsers.zones import site_zone
        from .pipeline.importer import run_import

        local = {s.site: s.local_zone for s in SITES_BY_ID.values()}
        zones = dict(site_zone(f"{site}={name}", local) for site, name in (site_timezones or {}).items())
        return run_import(list(paths), self._store, workers=workers, profile=profile, progress=progress, zones=zones)

    def hands(self, **where: Any) -> pd.DataFrame:
        """One row per stored hand that matches ``where``, oldest first: its id (``site:number``), game,
        stakes (``small_bet``, ``big_bet`` in its ``unit``: cents of the ``currency``, whole ``chips`` for a
        tournament or ``play`` for play money, whose ``currency`` is NULL), players dealt in, total pot
        and rake (in the same unit), rule violations, and where it was read from."""
        condition, params = _filters(where).where()
        return self.sql(
            f"""SELECT h.hand_id, h.site, h.site_hand_id, h.game, h.mixed, h.started_at, h.small_bet, h.big_bet,
                       h.currency, {UNIT_SQL} AS unit, h.tournament_id, h.table_name, h.n_players, h.total_pot,
                       h.rake, h.n_violations, h.source_file, h.source_line
                FROM hands h
                WHERE h.hand_id IN (SELECT hp.hand_id FROM hand_players hp JOIN hands h USING (hand_id)
                                    WHERE {condition})
                ORDER BY h.started_at, h.hand_id""",
            params,
        )

    def stats(self, by: Sequence[str] = ("player",), stats: Sequence[str] | None = None, **where: Any) -> pd.DataFrame:
        """Statistics per group of ``by`` (keys of :data:`BREAKDOWNS`: ``player``, ``game``, ``stakes`` ...)
        in long form, one row per group and stat: the group columns, ``stat`` (a key of :data:`STATS`),
        ``label``, ``kind`` (``pct``, ``ratio``, ``count``), ``done`` and ``chances`` (exact) and ``rate``.
        ``stats`` picks stats by key (default: all). :func:`stat_grid` turns it into a table to read."""
        from .analytics.stats import stat_table

        with self._store.reading() as con:
            return stat_table(con, _filters(where), tuple(by), tuple(stats) if stats is not None else None)

    def win_rates(
        self, by: Sequence[str] = ("player",), session_gap: timedelta = _DEFAULT_SESSION_GAP, **where: Any
    ) -> pd.DataFrame:
        """Money per group of ``by`` and unit (the ``currency`` column: ``USD``, ``EUR`` ..., ``chips`` for
        tournament chips, ``play`` for play money; never two units in one row): ``hands``, ``net`` and
        ``rake_paid`` (cents of a currency, whole chips),
        ``bb100`` (big bets won per 100 hands: of the ``bb_hands`` whose big bet is known, ``bb_inferred`` of
        them at a big bet inferred from their bets) with ``ci95_low``/``ci95_high``, ``sessions`` (a pause of
        more than ``session_gap`` starts a new one), ``hours``, ``net_per_hour``."""
        from .analytics.winrate import winrates

        with self._store.reading() as con:
            return winrates(con, _filters(where), tuple(by), session_gap)

    def tournaments(self, by: Sequence[str] | None = None, **where: Any) -> pd.DataFrame:
        """Tournament results. Without ``by``: the ``tournaments`` table, one row a player a tournament
        (site, id, game or ``mixed`` rotation, ``unit``, ``buy_in``, ``fee``, ``bounty``, entrants,
        prize pool, start and end, ``finish``, ``prize``, re-buys, add-ons, bounties, his stored
        ``hands`` of it, and ``sources``: which source said each field). Amounts are integers in the
        row's ``unit``: hundredths of its currency, whole chips for ``play``. With ``by`` (``()`` for
        one row a player, or keys of ``game``, ``buy_in``, ``site``, ``mixed``): the stats per player,
        unit and breakdown: ``tournaments`` finished, ``cashes`` and ``itm_pct``, ``cost``, ``won``,
        ``profit``, ``roi_pct`` with ``roi_low_pct``/``roi_high_pct`` (95%), ``avg_finish``,
        ``biggest_cash``. Never two units in one row. ``where`` filters as :meth:`stats` does
        (``players``, ``sites``, ``games``, ``since``, ``until``).

        >>> import tempfile
        >>> db = open_database(Path(tempfile.mkdtemp()) / "t.duckdb")
        >>> _ = db.import_files([SAMPLE_DATA / "summaries"])
        >>> rows = db.tournaments(players="Ottilie Brandt")
        >>> print(rows[["tournament_id", "unit", "buy_in", "fee", "entrants", "finish", "prize"]].head(3).to_string(index=False))
        tournament_id unit  buy_in  fee  entrants  finish  prize
              2552158  USD    1000  100         6       3      0
              2554320  USD    1000  100         6       3      0
              2556937  USD    1000  100         8       6      0
        >>> stats = db.tournaments(by=(), players="Ottilie Brandt")
        >>> stats[["unit", "tournaments", "cashes", "cost", "won", "profit", "biggest_cash"]].to_dict("records")
        [{'unit': 'USD', 'tournaments': 11, 'cashes': 1, 'cost': 12100, 'won': 2400, 'profit': -9700, 'biggest_cash': 2400}]
        >>> db.close()
        """
        from .analytics.tournaments import stored_tournaments, tournament_filter, tournament_stats

        with self._store.reading() as con:
            frame = tournament_filter(stored_tournaments(con), _filters(where))
        return frame if by is None else tournament_stats(frame, tuple(by))

    def spots(self, player: str, **where: Any) -> pd.DataFrame:
        """``player``'s 3rd-street spots (2nd street in Five Card Stud; docs/liveness.md): one row per
        game, starting-hand class, liveness and betting faced (``start_class``, ``liveness``, ``faced``),
        with his ``hands`` in it, the share of them he folded, called, completed and raised, the same
        shares of every player of the database in that spot (``pool_hands``, ``pool_fold`` ...), his net
        in big bets per hand with its 95% interval (``bb_per_hand``, ``bb_low``, ``bb_high``), in all
        (``bb_total``) and with the all-in EV for the result where a hand had one; the spots that cost
        him most first. Only hands whose starting cards are known count (his own, and any he showed).
        ValueError naming the closest players for a name not in the database, or when he has no spot.

        >>> import tempfile
        >>> from pathlib import Path
        >>> db = open_database(Path(tempfile.mkdtemp()) / "hands.duckdb")
        >>> _ = db.import_files([SAMPLE_DATA / "edge-cases"])
        >>> spots = db.spots("Alice")
        >>> spots[["start_class", "liveness", "faced", "hands", "complete", "pool_hands", "bb_total"]].round(3).to_dict("records")
        [{'start_class': 'buried pair 6-9', 'liveness': 'live', 'faced': 'bring-in only', 'hands': 3, 'complete': 1.0, 'pool_hands': 3, 'bb_total': -0.775}]
        >>> db.spots("alice")
        Traceback (most recent call last):
        ...
        ValueError: no player 'alice' (names are matched exactly, capitals too): did you mean 'Alice'?
        >>> db.close()
        """
        from .analytics.spot_table import spot_table, stored_spots
        from .analytics.stats import unknown_player

        with self._store.reading() as con:
            problem = unknown_player(con, player)
            if problem:
                raise ValueError(problem)
            return spot_table(stored_spots(con, _filters(where)), player)

    def chart(self, kind: str, player: str, ax: Axes | None = None, **where: Any) -> Axes:
        """Draw chart ``kind`` (one of :data:`CHARTS`) of ``player`` on ``ax`` (default: a new figure)
        and return the axes: ``winnings`` (cumulative net with its showdown and non-showdown parts and
        the all-in EV line), ``stud8`` (scoops, halves, quarters), ``stud8-results``, ``bb100`` (win rate
        by game and stakes with its 95% interval), ``spots`` (his 3rd-street big bets per hand by starting
        hand and liveness, the hands in each cell)."""
        from .analytics import charts

        if kind not in charts.CHARTS:
            raise ValueError(f"no chart {kind!r}; the charts are {', '.join(CHARTS)}")
        draw = charts.CHARTS[kind]
        with self._store.reading() as con:
            return draw(con, player, _filters(where), ax=ax)

    def replay(
        self,
        hand_id: str,
        profile: str | None = None,
        search: str | Path | None = None,
        timezone: str | None = None,
    ) -> HandReplay:
        """The stored hand ``hand_id`` (``site:number``, or the number as the site prints it) read again
        from its file and replayed under ``profile`` (default: its site's rules); a file moved since its
        import is looked for under ``search`` by its checksum. Its start time is the stored one (the zone
        it was imported in), told in ``timezone`` (an IANA name; default: this computer's zone), as the
        report shows it. Raises ``LookupError`` saying what to do when the hand or its file cannot be
        found."""
        found = self.replay_many([hand_id], profile, search, timezone)[hand_id]
        if isinstance(found, LookupError):
            raise found
        return found

    def replay_many(
        self,
        hand_ids: Sequence[str],
        profile: str | None = None,
        search: str | Path | None = None,
        timezone: str | None = None,
    ) -> dict[str, HandReplay | LookupError]:
        """:meth:`replay` of each of ``hand_ids``, reading each file once however many of its hands are
        asked for (a report's pages): each id maps to its replay, or to the ``LookupError`` saying why
        it has none, in the order asked."""
        from dataclasses import replace

        from .analytics.clock import display_zone, hand_in_zone
        from .analytics.replay_view import HandNotFound, find_source, hand_file, hands_in_file
        from .engine.replay import replay
        from .parsers.registry import get_profile, profile_for

        rules = get_profile(profile) if profile else None
        out: dict[str, HandReplay | LookupError] = {}
        where_shown = display_zone(timezone)
        by_file: dict[str, list[tuple[str, str, str]]] = {}
        known: dict[str, set[str]] = {}
        stored: dict[tuple[str, str], Any] = {}  # the start time as imported (a --site-timezone kept)
        with self._store.reading() as con:
            for hand_id in hand_ids:
                try:
                    site, number, source = find_source(con, hand_id)
                except HandNotFound as exc:
                    out[hand_id] = exc
                    continue
                by_file.setdefault(source, []).append((hand_id, site, number))
                row = con.execute(
                    "SELECT started_at FROM hands WHERE site = ? AND site_hand_id = ? LIMIT 1", [site, number]
                ).fetchone()
                stored[(site, number)] = row[0] if row else None
            for source in by_file:
                query = "SELECT checksum FROM imports WHERE file = ?"
                known[source] = {row[0] for row in con.execute(query, [source]).fetchall()}
        for source, wanted in by_file.items():
            checksums = known[source]
            try:
                path = hand_file(wanted[0][1], wanted[0][2], source, self.path, checksums, search)
            except HandNotFound as exc:
                out.update((hand_id, exc) for hand_id, _, _ in wanted)
                continue
            hands = hands_in_file(path, {(site, number) for _, site, number in wanted})
            for hand_id, site, number in wanted:
                hand = hands.get((site, number))
                out[hand_id] = (
                    HandNotFound(f"{path} no longer holds hand {site}:{number}; the file changed since it was imported")
                    if hand is None
                    else HandReplay(
                        hand_in_zone(
                            replace(hand, started_at=stored.get((site, number)) or hand.started_at), where_shown
                        ),
                        replay(hand, rules or profile_for(hand)),
                        rules,
                    )
                )
        return {hand_id: out[hand_id] for hand_id in hand_ids}

    def sql(self, query: str, params: Sequence[Any] = ()) -> pd.DataFrame:
        """Any SQL over the tables (``hands``, ``hand_players``, ``actions``, ``pots``, ``awards``,
        ``violations`` ...; ``studbook export`` writes them as parquet) as a DataFrame."""
        with self._store.reading() as con:
            return con.execute(query, list(params)).df()


def open_database(path: str | Path = "studbook.duckdb", read_only: bool = False) -> Database:
    """Open (or create) the database at ``path``. ``read_only`` lets several readers share the file, and
    ``studbook import --watch`` store into it meanwhile: the file is opened for each call and let go
    after, so a database left open in a notebook never keeps the watch from storing, and each call
    sees every part stored so far (waiting, if need be, for the one being stored).
    Raises :class:`StoreError`, saying what to do, for a file that is not a studbook database.
    A folder is a Parquet dataset written by ``studbook import --dask`` (read only)."""
    from .analytics.dataset import is_dataset, open_dataset

    if is_dataset(path):
        if not read_only:
            raise StoreError(
                f"{path}: a Parquet dataset is read only here; import into it with 'studbook import --dask'"
            )
        return Database(open_dataset(path))
    return Database(open_store(path, read_only=read_only, hold=not read_only))


def audit_text(text: str, source_file: str = "<text>", profile: str | None = None) -> list[Violation]:
    """Every rule the hands of ``text`` (a hand history, as a site writes it) break, without a database.
    A hand that cannot be read raises its ``ParseError`` (file, line, what was expected).

    >>> text = (SAMPLE_DATA / "edge-cases" / "stud8-quartered-low.txt").read_text(encoding="utf-8")
    >>> audit_text(text)
    []
    >>> found = audit_text(text.replace("Farah collected $0.05", "Farah collected $0.09"), "edited.txt")
    >>> sorted({v.rule for v in found})  # paid $0.04 more than the pot held: the rake comes out short
    ['pot.award', 'rake']
    >>> RULES["pot.award"]  # doctest: +ELLIPSIS
    '...'
    """
    from .engine.replay import replay
    from .parsers import NotStudHand, ParseError, parse_text
    from .parsers.registry import get_profile, profile_for

    rules = get_profile(profile) if profile else None
    found: list[Violation] = []
    for item in parse_text(text, source_file):
        if isinstance(item, ParseError):
            raise item
        if not isinstance(item, NotStudHand):
            found.extend(replay(item, rules or profile_for(item)).violations)
    return found


_TUPLE_FILTERS = frozenset(f.name for f in fields(Filters) if f.name in {"players", "games", "sites", "stakes"})


def _filters(where: dict[str, Any]) -> Filters:
    """:class:`Filters` from the keywords of a :class:`Database` method; a single name is a list of one."""
    known = {f.name for f in fields(Filters)}
    unknown = sorted(set(where) - known)
    if unknown:
        raise TypeError(f"unknown hand filter {', '.join(unknown)}; the filters are {', '.join(sorted(known))}")
    values: dict[str, Any] = {}
    for name, value in where.items():
        if name in _TUPLE_FILTERS:
            values[name] = (value,) if isinstance(value, str) else tuple(value)
        elif name in {"since", "until"} and isinstance(value, str):
            values[name] = date.fromisoformat(value)
        else:
            values[name] = value
    return Filters(**values)
