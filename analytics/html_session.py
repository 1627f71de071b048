"""The live session page: what ``studbook import --watch --page FILE.html`` keeps rewriting while the
player plays, and what the browser reloads by itself.

On one page, for the hero: the session so far (net by unit, each currency and tournament chips apart,
hands, BB/100, the winnings chart), the biggest pots, his all-in luck (what he won in his all-in spots
against what his equity there was worth), the rules broken; the opponents at the tables he sits at
now with their headline stats over the whole database (a read of a player a tracker's heads-up display
gives); and the last hands stored, each linked to its replay page.

Why the page reloads itself with a ``<meta http-equiv="refresh">`` and not a script polling the file:
a page opened from disk may not read another file (browsers refuse ``file://`` fetches), so the page
must come whole each time; the meta reload works from disk with no server and no script. The watch
writes the page to a temporary name and renames it over the old one, so a reload never reads half a
page.

The session is every hand since the first one this watch stored (:class:`Session`'s ``since``). The
sections come from :mod:`.html_report` (the same figures, tables and charts as a session report, over
the session's hands); this module adds only what is live: the opponents, the last hands, the reload.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Sequence

from .charts import NoHands
from .grid import stat_grid
from .html_page import page_head
from .clock import local_zone, shown
from .units import UNIT_SQL, format_amount, unit_title
from .html_report import REPORT_CSS, HandRow, Report, _hand_table, _hand_row, _section, gather, report_page
from .stats import HEADLINE, Filters, stat_table

if TYPE_CHECKING:
    import duckdb

REFRESH_SECONDS = 3
"""How often the page reloads itself: the watch looks every second and rewrites the page after each
part it stores, so a hand shows within about four seconds of its last line being written."""

LAST_HANDS = 12
"""Hands listed in "Last hands", the newest first."""

AT_THE_TABLE = timedelta(minutes=20)
"""A table counts as one the hero is at while its last hand began within this of the session's newest
hand (a table left earlier drops off the opponents' list)."""


@dataclass(frozen=True, slots=True)
class Session:
    """Which hands the page is about: the ``hero`` (None when not known yet) and the session's start."""

    hero: str | None
    since: datetime | None


@dataclass(frozen=True, slots=True)
class Opponent:
    """A player at one of the hero's current tables, with his headline stats' cells (label, cell)."""

    table: str
    player: str
    stats: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class LivePage:
    """Everything the page shows, read from the database by :func:`gather_live`."""

    session: Session
    report: Report | None
    hands: int
    luck: tuple[tuple[str, str], ...]
    opponents: tuple[Opponent, ...]
    last: tuple[HandRow, ...]
    table_of: dict[str, str]
    updated: datetime

    @property
    def linked(self) -> tuple[str, ...]:
        """Every hand the page links to a replay of, once each."""
        mine = self.report.linked if self.report is not None else ()
        return tuple(dict.fromkeys((*(r.hand_id for r in self.last), *mine)))


def gather_live(con: duckdb.DuckDBPyConnection, session: Session, now: datetime | None = None) -> LivePage:
    """The page's figures for ``session``, from the database as it is now (nothing before the watch
    has stored a hand: ``since`` is None)."""
    if session.since is None:
        return LivePage(session, None, 0, (), (), (), {}, now or datetime.now(timezone.utc))
    filters = Filters(since=session.since)
    where, params = filters.where()
    found = con.execute(f"SELECT count(*) FROM hands h WHERE {where}", params).fetchone()
    hands = int(found[0]) if found else 0
    report: Report | None = None
    if session.hero is not None and hands:
        try:
            report = gather(con, session.hero, filters, (("This session", HEADLINE[1:]),))
        except NoHands:
            report = None
    return LivePage(
        session=session,
        report=report,
        hands=hands,
        luck=_luck(con, session.hero, filters) if report is not None else (),
        opponents=_opponents(con, session, filters),
        last=_last_hands(con, session.hero, filters),
        table_of=_tables(con, filters),
        updated=now or datetime.now(timezone.utc),
    )


def _luck(con: duckdb.DuckDBPyConnection, hero: str | None, filters: Filters) -> tuple[tuple[str, str], ...]:
    """Per unit: the hero's net in the hands where he was all in before the last card, against their
    all-in EV (his equity's share of the pot): above it he ran good, below it bad."""
    where, params = Filters(players=(hero,) if hero else (), since=filters.since).where()
    rows = con.execute(
        f"""SELECT {UNIT_SQL}, count(*), sum(hp.net), sum(hp.allin_ev)
            FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id
            WHERE {where} AND hp.allin_ev IS NOT NULL GROUP BY 1 ORDER BY 1 NULLS LAST""",
        params,
    ).fetchall()
    out = []
    for unit, spots, net, ev in rows:
        difference = int(net) - int(ev)
        out.append(
            (
                f"All-in luck ({unit_title(unit)})",
                f"won {_money(int(net), unit)} in {int(spots):,} all-in spots worth {_money(int(ev), unit)}: "
                f"{_money(abs(difference), unit)} {'above' if difference >= 0 else 'below'} his equity",
            )
        )
    return tuple(out)


def _money(value: int, unit: str | None) -> str:
    return format_amount(value, unit)


def _current_tables(con: duckdb.DuckDBPyConnection, filters: Filters) -> list[tuple[str, str, str]]:
    """``(table, its newest hand, site)`` for every table whose newest hand of the session began within
    :data:`AT_THE_TABLE` of the session's newest hand."""
    where, params = filters.where()
    return [
        (str(table), str(hand), str(site))
        for table, hand, site in con.execute(
            f"""WITH newest AS (
                    SELECT h.site, h.table_name, arg_max(h.hand_id, h.started_at) AS hand_id, max(h.started_at) AS last_at
                    FROM hands h WHERE {where} AND h.table_name IS NOT NULL GROUP BY 1, 2)
                SELECT table_name, hand_id, site FROM newest
                WHERE last_at >= (SELECT max(last_at) FROM newest) - INTERVAL {int(AT_THE_TABLE.total_seconds())} SECOND
                ORDER BY table_name""",
            params,
        ).fetchall()
    ]


def _opponents(con: duckdb.DuckDBPyConnection, session: Session, filters: Filters) -> tuple[Opponent, ...]:
    """The players of each current table's newest hand but the hero, with headline stats over every
    hand of theirs in the database."""
    seated: list[tuple[str, str]] = []
    for table, hand_id, _ in _current_tables(con, filters):
        for (player,) in con.execute(
            "SELECT player FROM hand_players WHERE hand_id = ? ORDER BY seat", [hand_id]
        ).fetchall():
            if player != session.hero:
                seated.append((table, str(player)))
    if not seated:
        return ()
    stats = stat_table(con, Filters(players=tuple(sorted({p for _, p in seated}))), ("player",), HEADLINE)
    grid = stat_grid(stats)
    cells: dict[str, tuple[tuple[str, str], ...]] = {
        str(row["player"]): tuple((str(c), str(row[c])) for c in grid.columns if c != "player")
        for _, row in grid.iterrows()
    }
    return tuple(Opponent(table, player, cells.get(player, ())) for table, player in seated)


def _last_hands(con: duckdb.DuckDBPyConnection, hero: str | None, filters: Filters) -> tuple[HandRow, ...]:
    """The session's newest hands, the newest first, with the hero's net where he played (else 0)."""
    where, params = filters.where()
    rows = con.execute(
        f"""SELECT h.hand_id, h.started_at, h.game, h.small_bet, h.big_bet, h.total_pot,
                   coalesce(me.net, 0), {UNIT_SQL}, me.player IS NOT NULL
            FROM hands h LEFT JOIN hand_players me ON me.hand_id = h.hand_id AND me.player = ?
            WHERE {where} ORDER BY h.started_at DESC, h.hand_id DESC LIMIT {LAST_HANDS}""",
        [hero, *params],
    ).fetchall()
    return tuple(_hand_row(r, "" if r[8] else "not his hand") for r in rows)


def _tables(con: duckdb.DuckDBPyConnection, filters: Filters) -> dict[str, str]:
    where, params = filters.where()
    return {
        str(h): str(t)
        for h, t in con.execute(f"SELECT hand_id, table_name FROM hands h WHERE {where}", params).fetchall()
    }


# ------------------------------------------------------------------------------------------ the page


def live_page(page: LivePage, pages: dict[str, str], refresh: int = REFRESH_SECONDS) -> str:
    """The page; ``pages`` maps each linked hand to its replay page (relative to the page)."""
    e = html.escape
    session = page.session
    here = local_zone()  # the zone of the player's clock, as the report and replays beside it show
    updated = page.updated.astimezone(here).strftime("%H:%M:%S %Z")
    since = shown(session.since, here) if session.since else None
    if page.report is not None:
        body = report_page(page.report, pages)
        results = _between(body, '<section id="results">', '<section id="biggest">')
        lower = _between(body, '<section id="biggest">', "</main>")
    else:
        results = (
            "<section id='results'><h2>Results</h2><p class='empty'>"
            + e(
                "No hand of the hero's yet."
                if session.hero
                else "The hero is not known yet (he is the player whose down cards the files show; name him "
                "with --hero NAME)."
            )
            + "</p></section>"
        )
        lower = ""
    luck = (
        f"<section id='luck'><div id='card'>{_section('All-in luck', page.luck)}</div></section>" if page.luck else ""
    )
    summary = (
        f"{page.hands:,} hand{'s' if page.hands != 1 else ''} since {since}" if since else "no hand stored yet"
    ) + f"; updated {updated}, this page reloads itself every {refresh} s"
    return (
        page_head(f"studbook live: {session.hero or 'session'}", REPORT_CSS + LIVE_CSS, script=False, refresh=refresh)
        + "<body>\n"
        + f"<header><h1>Live session{': ' + e(session.hero) if session.hero else ''}</h1>"
        + f"<p id='summary' data-hands='{page.hands}'>{e(summary)}</p></header>\n<main>\n"
        + results
        + luck
        + _opponent_table(page.opponents)
        + _last_table(page.last, page.table_of, pages)
        + lower
        + "</main>\n</body>\n</html>\n"
    )


def _between(text: str, start: str, end: str) -> str:
    """The part of the report's page from ``start`` up to ``end`` (its sections, laid out as there)."""
    at = text.index(start)
    return text[at : text.index(end, at)]


def _opponent_table(opponents: Sequence[Opponent]) -> str:
    e = html.escape
    if not opponents:
        return (
            "<section id='opponents'><h2>At your tables</h2><p class='empty'>Nobody seen at a table yet.</p></section>"
        )
    labels = [label for label, _ in opponents[0].stats]
    head = "".join(f"<th>{e(label)}</th>" for label in labels)
    body = "".join(
        f"<tr><td>{e(o.table)}</td><td>{e(o.player)}</td>"
        + "".join(f"<td class='num'>{e(value)}</td>" for _, value in o.stats)
        + "</tr>"
        for o in opponents
    )
    return (
        "<section id='opponents'><h2>At your tables</h2><p class='what'>The players of each table's last hand, "
        "with their stats over every hand of theirs in the database.</p><div class='scroll'><table class='hands'>"
        f"<thead><tr><th>Table</th><th>Player</th>{head}</tr></thead><tbody>{body}</tbody></table></div></section>"
    )


def _last_table(rows: Sequence[HandRow], table_of: dict[str, str], pages: dict[str, str]) -> str:
    named = [replace(r, note=" ".join(p for p in (f"table {table_of.get(r.hand_id, '?')}", r.note) if p)) for r in rows]
    return (
        "<section id='last'>"
        + _hand_table(named, pages, "Last hands", "the hands stored last, the newest first", empty="None yet.")
        + "</section>"
    )


LIVE_CSS = """
#opponents td.num { font-size: .9rem; }
"""
