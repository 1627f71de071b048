"""A player's session report as a web page: ``studbook report --player NAME --out DIR`` writes it as
``DIR/index.html`` with a replay page (:mod:`.html_replay`) beside it for every hand it links to.

What a player looks at after a session, on one page: his results chart (the charts of :mod:`.charts`,
inlined as PNG images), the stats card with the counts behind every rate, his money per currency, the
biggest pots he played and his all-in spots with their equity, each linked to its replay, and every rule
violation the hands he played break. Like the replay pages it is one self-contained file (no network,
everything inlined) and every name is escaped.

The numbers are the database's (:mod:`.stats`, :mod:`.winrate`, the stored hands); this module only
selects and lays them out.
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
from dataclasses import dataclass, replace
from datetime import tzinfo
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..engine.model import STREET_NAMES
from .clock import local_zone, shown
from .charts import NoHands, bb100_chart, stud8_components_chart, winnings_chart
from .grid import cell
from .html_page import page_head
from .html_tournaments import TournamentSection, tournament_html, tournament_section
from .html_spots import CostlySpot, third_street, third_street_html
from .stats import Filters, stat_table
from .units import UNIT_SQL, format_amount, format_stake, unit_title, units
from .winrate import winrates

if TYPE_CHECKING:
    import duckdb
    import pandas as pd

INDEX_NAME = "index.html"
"""The report's page in its folder."""

BIGGEST_POTS = 10
"""Pots listed, the biggest first."""

MOST_LISTED = 50
"""All-in spots and violations listed at most (the most recent first); the page says how many more."""


@dataclass(frozen=True, slots=True)
class HandRow:
    """A hand of the report: its stored id, when, game and stakes as printed, the pot, the player's net
    (in ``currency``, the hand's unit: cents, or whole chips), and a few more words (the all-in street and equity, a
    violation)."""

    hand_id: str
    started: str
    game: str
    stakes: str
    pot: int
    net: int
    currency: str | None
    """The hand's unit (:mod:`.units`): a currency, ``chips`` or ``play``."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Report:
    """Everything the page shows, selected from the database by :func:`gather`."""

    player: str
    filters: Filters
    hands: int
    first: str
    last: str
    games: tuple[tuple[str, int], ...]
    card: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    money: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    biggest: tuple[HandRow, ...]
    """The :data:`BIGGEST_POTS` biggest of each unit (a dollar pot and a chip pot are never ranked together)."""
    all_ins: tuple[HandRow, ...]
    """The :data:`MOST_LISTED` most recent all-in spots of each unit."""
    all_ins_total: int
    all_ins_by_unit: tuple[tuple[str, int], ...]
    """How many all-in spots each unit has (the tables list at most :data:`MOST_LISTED` of each)."""
    violations: tuple[HandRow, ...]
    violations_total: int
    charts: tuple[tuple[str, bytes], ...]
    tournaments: TournamentSection | None = None
    third_street: tuple[CostlySpot, ...] = ()

    @property
    def linked(self) -> tuple[str, ...]:
        """Every hand the page links to a replay of, once each."""
        listed = (r.hand_id for r in (*self.biggest, *self.all_ins, *self.violations))
        return tuple(dict.fromkeys((*listed, *(h for s in self.third_street for h in s.hand_ids))))


def page_name(hand_id: str) -> str:
    """The file name of a hand's replay page beside the index: ``hand-pokerstars-123.html`` (only
    letters, digits, ``.``, ``_`` and ``-``, whatever a site's hand number holds)."""
    return "hand-" + re.sub(r"[^A-Za-z0-9_.-]", "_", hand_id.replace(":", "-")) + ".html"


def gather(
    con: duckdb.DuckDBPyConnection,
    player: str,
    filters: Filters,
    card_sections: Sequence[tuple[str, Sequence[str]]],
    dpi: int = 100,
    zone: tzinfo | None = None,
) -> Report:
    """The report of ``player`` over the hands ``filters`` select (NoHands when he has none);
    ``card_sections`` are the stats card's ``(title, stat keys)``, as ``studbook stats --player`` shows it.
    Every time is shown in ``zone`` (default: this computer's, :mod:`.clock`), as its replay pages show it."""
    where_shown = zone or local_zone()
    mine = replace(filters, players=(player,))
    where, params = mine.where()
    base = f"FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id WHERE {where}"
    hands, first, last = con.execute(
        f"SELECT COUNT(*), MIN(h.started_at), MAX(h.started_at) {base}", params
    ).fetchone() or (0, None, None)
    if not hands:
        known = [
            r[0]
            for r in con.execute(
                "SELECT player FROM hand_players GROUP BY player ORDER BY COUNT(*) DESC LIMIT 8"
            ).fetchall()
        ]
        raise NoHands(
            f"no hands for player {player!r} with these filters (players with the most hands: "
            f"{', '.join(known) if known else 'nobody: import some hand histories first'})"
        )
    games = tuple(
        (g, int(n))
        for g, n in con.execute(f"SELECT hp.game, COUNT(*) {base} GROUP BY 1 ORDER BY 2 DESC", params).fetchall()
    )
    columns = f"h.hand_id, h.started_at, h.game, h.small_bet, h.big_bet, h.total_pot, hp.net, {UNIT_SQL} AS unit"

    def rows(sql: str, note: Callable[[tuple[Any, ...]], str] = lambda r: "") -> tuple[HandRow, ...]:
        return tuple(_hand_row(r, note(r), where_shown) for r in con.execute(sql, params).fetchall())

    # each unit ranked on its own: a 5,000-chip pot is not bigger than a $40 one, nor smaller
    biggest = rows(
        f"SELECT {columns} {base} QUALIFY row_number() OVER (PARTITION BY unit ORDER BY h.total_pot DESC, "
        f"h.started_at, h.hand_id) <= {BIGGEST_POTS} ORDER BY unit, h.total_pot DESC, h.started_at, h.hand_id"
    )
    all_in_where = f"{base} AND hp.allin_street IS NOT NULL"
    all_ins = rows(
        f"SELECT {columns}, hp.allin_street, hp.allin_equity, hp.allin_ev {all_in_where} "
        f"QUALIFY row_number() OVER (PARTITION BY unit ORDER BY h.started_at DESC, h.hand_id) <= {MOST_LISTED} "
        "ORDER BY unit, h.started_at DESC, h.hand_id",
        lambda r: _all_in_note(r[8], r[9], r[10], r[7]),
    )
    all_ins_by_unit = tuple(
        (str(u), int(n))
        for u, n in con.execute(
            f"SELECT {UNIT_SQL} AS unit, COUNT(*) {all_in_where} GROUP BY 1 ORDER BY 1", params
        ).fetchall()
    )
    all_ins_total = sum(n for _, n in all_ins_by_unit)
    violation_from = f"{base.replace('WHERE', 'JOIN violations v ON v.hand_id = h.hand_id WHERE', 1)}"
    violations = rows(
        f"SELECT {columns}, v.rule, v.message, v.line {violation_from} ORDER BY h.started_at DESC, v.line LIMIT {MOST_LISTED}",
        lambda r: f"{r[8]}: {r[9]}" + (f" (line {r[10]})" if r[10] is not None else ""),
    )
    violations_total = _count(con, f"SELECT COUNT(*) {violation_from}", params)
    stats = stat_table(con, mine, ("player",), None)
    return Report(
        player=player,
        filters=filters,
        hands=int(hands),
        first=shown(first, where_shown),
        last=shown(last, where_shown),
        games=games,
        card=_card(stats, card_sections),
        money=_money_sections(winrates(con, mine, ("player",))),
        biggest=biggest,
        all_ins=all_ins,
        all_ins_total=all_ins_total,
        all_ins_by_unit=all_ins_by_unit,
        violations=violations,
        violations_total=violations_total,
        charts=_charts(con, player, filters, dpi, any(g == "stud8" for g, _ in games)),
        tournaments=tournament_section(con, player, filters, where_shown),
        third_street=third_street(con, player, filters),
    )


def _count(con: duckdb.DuckDBPyConnection, sql: str, params: list[object]) -> int:
    found = con.execute(sql, params).fetchone()
    return int(found[0]) if found else 0


def _hand_row(row: tuple[Any, ...], note: str, zone: tzinfo | None = None) -> HandRow:
    """A hand's row from ``hand_id, started_at, game, small_bet, big_bet, total_pot, net, unit`` (the
    unit a currency, ``chips`` or ``play``; NULL, an old query's tournament currency, is chips); its
    time shown in ``zone`` (default: this computer's)."""
    hand_id, started, game, small, big, pot, net, currency = row[:8]
    unit = units([currency])[0]
    return HandRow(
        hand_id=str(hand_id),
        started=shown(started, zone or local_zone()),
        game=str(game),
        stakes=f"{format_stake(small, unit)}/{format_stake(big, unit)}",  # as the site prints them: 20/40, $1/$2
        pot=int(pot or 0),
        net=int(net or 0),
        currency=unit,
        note=note,
    )


def _all_in_note(street: int, equity: float | None, ev: int | None, unit: object) -> str:
    said = f"all-in on {STREET_NAMES.get(street, street)} street"
    if equity is not None and not math.isnan(equity):
        said += f", equity {100 * equity:.1f}%"
    if ev is not None:
        said += f", all-in EV {format_amount(int(ev), unit)}"
    return said


def _card(
    stats: pd.DataFrame, sections: Sequence[tuple[str, Sequence[str]]]
) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The stats card: per section, each stat's label and its rate with the counts behind it; a stat
    of a game the player did not play (no chance at all in a game-only stat) is left out."""
    by_key = {r.stat: r for r in stats.itertuples()}
    out: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    hands = by_key.get("hands")
    if hands is not None:
        out.append(("Hands", ((hands.label, f"{int(hands.done):,}"),)))
    for title, keys in sections:
        rows = tuple(
            (r.label, cell(r.kind, int(r.done), int(r.chances), float(r.rate)))
            for r in (by_key[k] for k in keys if k in by_key)
            if r.kind == "count" or r.chances > 0
        )
        if rows:
            out.append((title, rows))
    return tuple(out)


def _money_sections(frame: pd.DataFrame) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    out = []
    for r in frame.itertuples():
        unit = units([r.currency])[0]
        interval = "" if math.isnan(r.ci95_low) else f" (95% interval {r.ci95_low:+.1f} to {r.ci95_high:+.1f})"
        out.append(
            (
                f"Results ({unit_title(unit)})",
                (
                    ("Net won", f"{format_amount(int(r.net), unit)} in {int(r.hands):,} hands"),
                    ("BB/100", f"{r.bb100:+.2f}{interval}"),
                    ("Rake paid", format_amount(int(r.rake_paid), unit)),
                    ("Sessions", f"{int(r.sessions):,} ({r.hours:.1f} hours)"),
                ),
            )
        )
    return tuple(out)


def _charts(
    con: duckdb.DuckDBPyConnection, player: str, filters: Filters, dpi: int, stud8: bool
) -> tuple[tuple[str, bytes], ...]:
    """The results charts as PNG bytes, with the words that say what each shows."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    drawn = [
        ("Winnings: the total, its showdown and non-showdown parts, and the all-in EV line", winnings_chart),
        ("Win rate by game and stakes, with 95% intervals", bb100_chart),
    ]
    if stud8:
        drawn.append(
            ("Stud hi/lo: money won by scooping, from high halves and from low halves", stud8_components_chart)
        )
    out = []
    for words, draw in drawn:
        try:
            ax = draw(con, player, filters)
        except NoHands:
            continue
        figure = ax.get_figure(root=True)
        assert figure is not None, "a chart's axes belong to a figure"
        buffer = io.BytesIO()
        try:
            figure.savefig(buffer, format="png", dpi=dpi)
        finally:
            plt.close(figure)
        out.append((words, buffer.getvalue()))
    return tuple(out)


# ------------------------------------------------------------------------------------------ the page


def report_page(report: Report, pages: dict[str, str]) -> str:
    """The index page; ``pages`` maps each linked hand id to its replay page's file name (a hand without
    one, its file gone, is listed without a link and says so)."""
    e = html.escape
    filters = report.filters
    said = [
        f"from {filters.since}" if filters.since else "",
        f"before {filters.until}" if filters.until else "",
        f"games {', '.join(filters.games)}" if filters.games else "",
        f"stakes {', '.join(filters.stakes)}" if filters.stakes else "",
    ]
    scope = "; ".join(s for s in said if s) or "every hand in the database"
    games = ", ".join(f"{g} {n:,}" for g, n in report.games)
    charts = "".join(
        f'<figure><img alt="{e(words)}" src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'
        f"<figcaption>{e(words)}</figcaption></figure>"
        for words, png in report.charts
    )
    card = "".join(_section(title, rows) for title, rows in report.card + report.money)
    return page_head(f"studbook report: {report.player}", REPORT_CSS, script=False) + REPORT_BODY.format(
        player=e(report.player),
        summary=e(f"{report.hands:,} hands ({games}), {report.first} to {report.last}; {scope}"),
        charts=charts or "<p>No chart: no hand to draw.</p>",
        card=card,
        tournaments=tournament_html(report.tournaments) if report.tournaments is not None else "",
        biggest=_per_unit(
            report.biggest,
            pages,
            lambda unit, shown: (
                f"Biggest pots ({unit_title(unit)})",
                f"the biggest pots he played in {unit_title(unit)}, the biggest first",
            ),
            empty_title="Biggest pots",
        ),
        all_ins=_per_unit(
            report.all_ins,
            pages,
            lambda unit, shown: (
                f"All-in spots ({unit_title(unit)}: {dict(report.all_ins_by_unit).get(unit, shown):,})",
                "all-ins before 7th street, with his equity when the chips went in"
                + _more(dict(report.all_ins_by_unit).get(unit, shown), shown),
            ),
            empty_title=f"All-in spots ({report.all_ins_total:,})",
        ),
        violations=_hand_table(
            report.violations,
            pages,
            f"Violations found ({report.violations_total:,})",
            "the rules the hands he played break, each on its hand"
            + _more(report.violations_total, len(report.violations)),
            empty="None: every hand he played follows the rules.",
        ),
        third_street=third_street_html(report.third_street, pages),
    )


def _per_unit(
    rows: Sequence[HandRow],
    pages: dict[str, str],
    words: Callable[[str, int], tuple[str, str]],
    empty_title: str,
) -> str:
    """One table per unit of ``rows`` (in the order they come), titled by ``words(unit, rows shown)``:
    each unit's pots and nets stay in a table of their own."""
    if not rows:
        return _hand_table((), pages, empty_title, "")
    by_unit: dict[str, list[HandRow]] = {}
    for r in rows:
        by_unit.setdefault(units([r.currency])[0], []).append(r)
    return "".join(_hand_table(part, pages, *words(unit, len(part))) for unit, part in by_unit.items())


def _more(total: int, shown: int) -> str:
    return f" (the {shown} most recent are listed)" if total > shown else ""


def _section(title: str, rows: Sequence[tuple[str, str]]) -> str:
    e = html.escape
    body = "".join(f"<tr><th scope='row'>{e(label)}</th><td>{e(value)}</td></tr>" for label, value in rows)
    return f"<div class='card-section'><h3>{e(title)}</h3><table>{body}</table></div>"


def _hand_table(rows: Sequence[HandRow], pages: dict[str, str], title: str, words: str, empty: str = "None.") -> str:
    e = html.escape
    if not rows:
        return f"<h2>{e(title)}</h2><p class='empty'>{e(empty)}</p>"
    body = "".join(
        "<tr>"
        + (
            f"<td><a href='{e(pages[r.hand_id])}'>{e(r.hand_id)}</a></td>"
            if r.hand_id in pages
            else f"<td>{e(r.hand_id)} <small>(no replay: its file cannot be read again)</small></td>"
        )
        + f"<td>{e(r.started)}</td><td>{e(r.game)} {e(r.stakes)}</td>"
        f"<td class='num'>{e(format_amount(r.pot, r.currency))}</td>"
        f"<td class='num {'lost' if r.net < 0 else 'won'}'>{e(format_amount(r.net, r.currency))}</td>"
        f"<td>{e(r.note)}</td></tr>"
        for r in rows
    )
    return (
        f"<h2>{e(title)}</h2><p class='what'>{e(words)}</p><div class='scroll'><table class='hands'>"
        "<thead><tr><th>Hand</th><th>When</th><th>Game</th><th>Pot</th><th>His net</th><th></th></tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )


REPORT_CSS = """
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b;
       background: #eceae4; }
header { padding: .8rem 1rem; background: #26312b; color: #fff; }
header h1 { margin: 0; font-size: 1.3rem; overflow-wrap: anywhere; }
header p { margin: .2rem 0 0; opacity: .9; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
section { background: #f6f5f1; border-radius: .8rem; padding: .6rem 1rem; margin-bottom: 1rem; }
h2 { font-size: 1.1rem; margin: .6rem 0 .3rem; }
h3 { font-size: 1rem; margin: .4rem 0 .2rem; }
figure { margin: .5rem 0 1rem; }
figure img { max-width: 100%; height: auto; background: #fff; border-radius: .4rem; }
figcaption { font-size: .9rem; color: #444; }
#card { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: .4rem 1.5rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid #d6d3ca; vertical-align: top; }
.card-section th { font-weight: 400; }
.card-section td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.lost { color: #b3261e; } td.won { color: #13803a; }
.lost { color: #b3261e; } ol.spots li { margin-bottom: .5rem; }
.scroll { overflow-x: auto; }
.what, .empty { color: #444; margin: 0 0 .3rem; }
a { color: #1f56c4; }
@media (max-width: 46rem) {
  main { padding: .5rem; }
  section { padding: .5rem .6rem; }
  #card { grid-template-columns: minmax(0, 1fr); }
  .card-section td { white-space: normal; }
  body { font-size: 15px; }
}
"""

REPORT_BODY = """<body>
<header><h1>Session report: {player}</h1><p>{summary}</p></header>
<main>
<section id="results"><h2>Results</h2>{charts}</section>
<section id="stats"><h2>Stats card</h2><p class="what">Every rate with the counts it comes from: 23.4% (117/500) is
117 times in 500 chances.</p><div id="card">{card}</div></section>
<section id="tournaments">{tournaments}</section>
<section id="biggest">{biggest}</section>
<section id="allins">{all_ins}</section>
<section id="third-street">{third_street}</section>
<section id="violations">{violations}</section>
</main>
</body>
</html>
"""
