"""No output adds one unit to another: dollars, tournament chips and play money are summed, ranked and
shown apart everywhere a person looks (the stats table and card, ``--winrate`` as text and json,
``api.Database.win_rates``, the report's results, biggest pots and all-in spots).

The sample data holds dollar cash games and a tournament (chips); a hand-built store adds play money
beside dollars and chips, which the sample lacks. The oracle is a plain SQL sum per player and unit,
written here from the stored columns (currency, tournament id, play-money flag), not from studbook's
own grouping; a mixed sum is caught by looking for the cross-unit total in the outputs."""

from __future__ import annotations

import html
import io
import json
import os
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Iterator
from unittest import mock

import pytest
from handbuilder import build
from stored_hands import store_hands, timed
from studbook.analytics.units import format_amount, per_unit
from studbook.api import SAMPLE_DATA, Database, open_database
from studbook.cli.app import main
from studbook.engine.model import Tournament

HERO = "Ottilie Brandt"
"""The sample's player with the most hands, cash and tournament."""

ORACLE = """
    SELECT hp.player,
           CASE WHEN h.tournament_id IS NOT NULL THEN 'chips' WHEN h.play_money THEN 'play' ELSE h.currency END AS unit,
           SUM(hp.net) AS net, COUNT(*) AS hands
    FROM hand_players hp JOIN hands h USING (hand_id) GROUP BY ALL
"""


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("units") / "sample.duckdb"
    with open_database(path) as db:
        db.import_files([SAMPLE_DATA])
    yield path


def _cli(*args: str) -> str:
    """The command's output as a file would get it: no width limit (another test of the same worker may
    have left a ``COLUMNS`` behind, which would fold the table's columns)."""
    out = io.StringIO()
    with mock.patch.dict(os.environ), redirect_stdout(out):
        os.environ.pop("COLUMNS", None)
        assert main(list(args)) == 0
    return out.getvalue()


def _oracle(db: Database) -> dict[tuple[str, str], int]:
    return {(r.player, r.unit): int(r.net) for r in db.sql(ORACLE).itertuples()}


def _mixed_totals(sums: dict[tuple[str, str], int]) -> dict[str, int]:
    """Each player's net added over his units: the figure no output may show."""
    players: dict[str, list[int]] = {}
    for (player, _), net in sums.items():
        players.setdefault(player, []).append(net)
    return {p: sum(nets) for p, nets in players.items() if len(nets) > 1}


def _mixed_spellings(total: int) -> set[str]:
    """How a cross-unit total would print: as dollars, as chips, bare."""
    whole, cents = divmod(abs(total), 100)
    sign = "-" if total < 0 else ""
    return {f"{sign}${whole:,}.{cents:02d}", f"{sign}{whole:,}.{cents:02d}", f"{sign}{whole}.{cents:02d}"}


def test_win_rates_keep_each_unit_apart_and_match_a_plain_sum(sample: Path) -> None:
    with open_database(sample, read_only=True) as db:
        sums = _oracle(db)
        rates = db.win_rates()
    assert {"USD", "chips"} <= set(rates["currency"])
    got = {(r.player, r.currency): int(r.net) for r in rates.itertuples()}
    assert got == sums
    assert _mixed_totals(sums), "the sample should have players with cash and tournament hands"


def test_winrate_text_and_json_show_every_unit_on_its_own_row(sample: Path) -> None:
    with open_database(sample, read_only=True) as db:
        sums = _oracle(db)
    text = _cli("stats", "--db", str(sample), "--winrate")
    records = json.loads(_cli("stats", "--db", str(sample), "--winrate", "--format", "json"))
    assert {(r["player"], r["currency"]): r["net"] for r in records} == sums
    hero_rows = [line for line in text.splitlines() if line.startswith(HERO)]
    assert {line.split()[2] for line in hero_rows} == {"USD", "chips"}
    assert format_amount(sums[(HERO, "chips")], "chips") in text and format_amount(sums[(HERO, "USD")], "USD") in text
    for total in _mixed_totals(sums).values():
        for spelling in _mixed_spellings(total):
            assert spelling not in text, spelling


def test_the_stats_table_and_card_name_each_unit(sample: Path) -> None:
    with open_database(sample, read_only=True) as db:
        sums = _oracle(db)
    table = _cli("stats", "--db", str(sample))
    card = _cli("stats", "--db", str(sample), "--player", HERO)
    both = f"{format_amount(sums[(HERO, 'USD')], 'USD')}, {format_amount(sums[(HERO, 'chips')], 'chips')}"
    assert both in table, [line for line in table.splitlines() if line.startswith(HERO)]
    assert "BB/100 (units" in table  # the one combined measure says that it is
    assert "Results (USD $)" in card and "Results (tournament chips)" in card
    for total in _mixed_totals(sums).values():
        for spelling in _mixed_spellings(total):
            assert spelling not in table and spelling not in card, spelling


def _tables(page: str, section: str) -> list[tuple[str, list[str]]]:
    """The hand tables of a report section: each title and the amounts of its Pot and His net cells."""
    part = page[page.index(f'<section id="{section}">') :]
    part = part[: part.index("</section>")]
    out = []
    for title, body in re.findall(r"<h2>(.*?)</h2>.*?<tbody>(.*?)</tbody>", part, re.S):
        cells = [html.unescape(c) for c in re.findall(r"<td class='num[^']*'>(.*?)</td>", body)]
        out.append((html.unescape(title), cells))
    return out


def test_the_report_ranks_and_lists_each_unit_in_its_own_table(sample: Path, tmp_path: Path) -> None:
    _cli("report", "--db", str(sample), "--player", HERO, "--out", str(tmp_path / "r"), "--timezone", "UTC")
    page = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    for section in ("biggest", "allins"):
        tables = _tables(page, section)
        assert tables, section
        for title, cells in tables:
            dollars = "USD" in title
            assert cells and all(c.startswith(("$", "-$")) == dollars for c in cells), (title, cells)
            assert all(c.endswith(" chips") != dollars for c in cells), (title, cells)
    assert [t for t, _ in _tables(page, "biggest")] == ["Biggest pots (USD $)", "Biggest pots (tournament chips)"]
    with open_database(sample, read_only=True) as db:
        top_chips = db.sql(
            "SELECT max(h.total_pot) AS pot FROM hands h JOIN hand_players hp USING (hand_id) "
            "WHERE hp.player = ? AND h.tournament_id IS NOT NULL",
            [HERO],
        )["pot"].iloc[0]
    assert _tables(page, "biggest")[1][1][0] == format_amount(int(top_chips), "chips")  # ranked among chips


ANN_WINS = build("""
    razz 400/800 ante 100 bring-in 200
    seat 1 Ann 100000
    seat 2 Bob 100000
    antes
    3rd 1:Ah 2d 3c 2:9c Td Kh
    2 bring-in 200
    1 complete 400
    2 call 200
    4th 1:4d 2:Qc
    1 bet 400
    2 fold
    uncalled 1 400
    collect 1 1000
""")
"""Ann +500, Bob -500 (whole chips, no rake: a hand any unit can deal)."""


@pytest.fixture
def three_units(tmp_path: Path) -> Iterator[Path]:
    """Ann and Bob's one razz hand dealt three times: in dollars, as play money, in a tournament."""
    path = tmp_path / "three.duckdb"
    hands = [
        timed(ANN_WINS, 1, 0, currency="USD"),
        timed(ANN_WINS, 2, 5, currency=None, play_money=True),
        timed(ANN_WINS, 3, 10, currency=None, tournament=Tournament("77", 100, 10, "USD")),
    ]
    store_hands(path, hands).close()
    yield path


def test_play_money_is_neither_chips_nor_dollars(three_units: Path) -> None:
    with open_database(three_units, read_only=True) as db:
        rates = db.win_rates()
    units = sorted(rates[rates["player"] == "Ann"]["currency"])
    assert units == ["USD", "chips", "play"]
    text = _cli("stats", "--db", str(three_units), "--winrate", "--min-hands", "1")
    ann = [line.split()[1:4:2] for line in text.splitlines() if line.startswith("Ann")]
    # 500 cents, 500 chips, 500 play chips: never a sum of them (1,500, or $15.00)
    assert sorted(ann) == [["USD", "$5.00"], ["chips", "500"], ["play", "500"]]


def test_an_amount_is_shown_with_its_unit() -> None:
    assert format_amount(123456, "USD") == "$1,234.56" and format_amount(-10, "EUR") == "-€0.10"
    assert format_amount(1250, "CAD") == "12.50 CAD"  # no symbol known: the code says which money
    assert format_amount(1500, "chips") == "1,500 chips"  # chips are stored whole
    assert format_amount(1500.49, "chips") == "1,500 chips"  # an all-in EV: rounded to the whole chip
    assert format_amount(300, "play") == "300 play"
    assert format_amount(65, "play cents") == "0.65 play"  # a Winamax play table deals hundredths
    assert [per_unit(u) for u in ("USD", "chips", "play", "play cents")] == [100, 1, 1, 100]
