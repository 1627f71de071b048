"""Charts: the structure a reader relies on (titles, axis units, legend entries, line counts) and the
numbers drawn, checked against SQL written here over the stored rows — never pixels."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from conftest import SAMPLE_DATA  # noqa: E402
from handbuilder import build  # noqa: E402
from samples import ALL_IN_ON_SIXTH  # noqa: E402

from studbook.analytics import charts  # noqa: E402
from studbook.cli.app import main  # noqa: E402
from studbook.cli.cmd_chart import KIND_HELP  # noqa: E402
from studbook.analytics.rows import rows_for_hand, to_arrow  # noqa: E402
from studbook.analytics.store import SourceFile, Store, open_store  # noqa: E402
from studbook.analytics.winrate import Z95  # noqa: E402
from studbook.engine.model import Hand  # noqa: E402
from studbook.engine.replay import replay  # noqa: E402
from studbook.parsers import parse_text  # noqa: E402
from studbook.parsers.registry import profile_for

EDGE_CASES = SAMPLE_DATA / "edge-cases"
START = datetime(2026, 11, 5, 18, 0, tzinfo=timezone.utc)


def _edge_case_hands(name: str, names: dict[str, str], copies: int) -> list[Hand]:
    """The hands of an edge-case file with the players renamed, ``copies`` times."""
    text = (EDGE_CASES / name).read_text(encoding="utf-8")
    for old, new in names.items():
        text = text.replace(old, new)
    hands: list[Hand] = []
    for _ in range(copies):
        hands += [h for h in parse_text(text, name) if isinstance(h, Hand)]
    return hands


def chart_hands() -> list[Hand]:
    """Ann's session: three all-ins on 6th she is ahead in and loses (EV above result), stud8 quarters,
    halves and scoops, razz and stud at other stakes, all in dollars, in time order, each its own hand id."""
    allin = build(ALL_IN_ON_SIXTH)
    hands = [dataclasses.replace(allin, site="pokerstars", currency="USD")] * 3
    hands += _edge_case_hands("stud8-quartered-low.txt", {"Goran": "Ann", "Farah": "Bob", "Hiro": "Cat"}, 2)
    hands += _edge_case_hands("stud8-quartered-low.txt", {"Farah": "Ann", "Goran": "Bob", "Hiro": "Cat"}, 1)
    hands += _edge_case_hands("razz-showdown-with-rake.txt", {"Ines": "Ann", "Jonas": "Bob", "Kofi": "Cat"}, 2)
    hands += _edge_case_hands("stud-steal-failed-steal-resteal.txt", {"Alice": "Ann", "Bruno": "Bob"}, 1)
    return [
        dataclasses.replace(h, site_hand_id=f"{i}-{h.site_hand_id}", started_at=START + timedelta(minutes=i))
        for i, h in enumerate(hands)
    ]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    path = tmp_path_factory.mktemp("charts") / "charts.duckdb"
    with open_store(path) as writer:
        tables: dict[str, list[dict[str, object]]] = {}
        for hand in chart_hands():
            for table, rows in rows_for_hand(hand, replay(hand, profile_for(hand))).items():
                tables.setdefault(table, []).extend(rows)
        chunk = {t: to_arrow(t, rows) for t, rows in tables.items()}
        writer.write_file(SourceFile("charts", "0" * 64, 0), [chunk], to_arrow("parse_errors", []))
    with open_store(path, read_only=True) as reader:
        yield reader
    plt.close("all")


def _lines(ax: plt.Axes) -> dict[str, np.ndarray]:
    """Each labelled line's y data by the label's name (without the final amount in brackets)."""
    return {
        line.get_label().rsplit(" (", 1)[0]: np.asarray(line.get_ydata(), dtype=float)
        for line in ax.get_lines()
        if not line.get_label().startswith("_")
    }


def _legend(ax: plt.Axes) -> list[str]:
    return [t.get_text().rsplit(" (", 1)[0] for t in ax.get_legend().get_texts()]


def test_winnings_lines_are_the_sql_sums(store: Store) -> None:
    ax = charts.winnings_chart(store.con, "Ann")
    lines = _lines(ax)
    assert _legend(ax) == ["Net won", "Showdown", "Non-showdown", "All-in EV"]
    net, ev, hands, spots = store.con.execute("""
        SELECT SUM(net), SUM(COALESCE(allin_ev, net)), COUNT(*), COUNT(allin_ev) FROM hand_players
        WHERE player = 'Ann'""").fetchone()
    assert len(lines["Net won"]) == hands
    assert lines["Net won"][-1] == pytest.approx(net / 100)
    assert lines["All-in EV"][-1] == pytest.approx(ev / 100)
    assert spots == 3 and ev > net  # Ann was ahead in the all-ins she lost
    np.testing.assert_allclose(lines["Showdown"] + lines["Non-showdown"], lines["Net won"])
    at_showdown = store.con.execute("SELECT SUM(net) FROM hand_players WHERE player = 'Ann' AND showdown").fetchone()[0]
    assert lines["Showdown"][-1] == pytest.approx(at_showdown / 100)
    assert "$ (USD)" in ax.get_ylabel() and ax.get_xlabel() == "Hands played"
    assert "Ann" in ax.get_title() and f"{hands:,} hands" in ax.get_title()
    assert list(ax.get_lines()[0].get_xdata()) == list(range(1, hands + 1))


def test_money_unit_is_the_currency_or_big_bets_when_currencies_mix() -> None:
    frame = pd.DataFrame({"currency": ["USD", "USD"], "big_bet": [8, 200]})
    assert charts.money_unit(frame) == ("$ (USD)", 100.0)
    assert charts.money_unit(frame.assign(currency=[None, None])) == ("chips", 1.0)  # stored as whole chips
    assert charts.money_unit(frame.assign(currency=["USD", "EUR"])) == ("big bets", 0.0)
    assert charts.money_unit(frame.assign(currency=["play", "play"])) == ("play", 1.0)
    assert charts.money_unit(frame.assign(currency=["play cents", "play cents"])) == ("play cents", 100.0)
    assert charts.money_unit(frame.assign(currency=["chips", "play"])) == ("big bets", 0.0)  # never added


def test_stud8_components_add_up_to_the_net(store: Store) -> None:
    ax = charts.stud8_components_chart(store.con, "Ann")
    lines = _lines(ax)
    assert _legend(ax) == [
        "Net won",
        "Won by scooping",
        "High halves (split pots)",
        "Low halves (split pots)",
        "Put in the pot",
    ]
    np.testing.assert_allclose(
        lines["Won by scooping"]
        + lines["High halves (split pots)"]
        + lines["Low halves (split pots)"]
        + lines["Put in the pot"],
        lines["Net won"],
    )
    low, high = store.con.execute("""
        SELECT SUM(a.amount) FILTER (WHERE a.half = 'low'), SUM(a.amount) FILTER (WHERE a.half <> 'low')
        FROM awards a JOIN hands h USING (hand_id) JOIN hand_players hp USING (hand_id, seat)
        WHERE a.player = 'Ann' AND h.game = 'stud8' AND NOT hp.scoop""").fetchone()
    assert lines["Low halves (split pots)"][-1] == pytest.approx(low / 100)
    assert lines["High halves (split pots)"][-1] == pytest.approx(high / 100)
    assert len(lines["Net won"]) == 3  # only Ann's stud8 hands


def test_stud8_result_bars_count_the_flags(store: Store) -> None:
    ax = charts.stud8_results_chart(store.con, "Ann")
    heights = [int(p.get_height()) for p in ax.patches]
    expected = store.con.execute("""
        SELECT COUNT(*) FILTER (WHERE scoop), COUNT(*) FILTER (WHERE won_high AND NOT won_low AND NOT scoop),
               COUNT(*) FILTER (WHERE won_low AND NOT won_high), COUNT(*) FILTER (WHERE quartered)
        FROM hand_players hp JOIN hands h USING (hand_id) WHERE hp.player = 'Ann' AND h.game = 'stud8'""").fetchone()
    assert heights == list(expected)
    assert heights[3] == 2 and heights[1] == 1  # two quartered lows, one high half
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Scoop", "High only", "Low only", "Quartered"]


def test_bb100_bars_and_error_bars_are_the_win_rates(store: Store) -> None:
    ax = charts.bb100_chart(store.con, "Ann")
    frame = charts.bb100_data(store.con, "Ann")
    per_hand = store.con.execute("""
        SELECT h.game, h.big_bet, 100 * AVG(hp.net / h.big_bet), 100 * STDDEV_SAMP(hp.net / h.big_bet) / SQRT(COUNT(*))
        FROM hand_players hp JOIN hands h USING (hand_id) WHERE hp.player = 'Ann'
        GROUP BY ALL ORDER BY h.game, h.big_bet""").fetchall()
    widths = [p.get_width() for p in ax.patches]
    assert widths == pytest.approx([row[2] for row in per_hand])
    assert len(widths) == len(frame) == 4
    bars = ax.containers[-1]  # the error bars
    spans = [abs(seg[1][0] - seg[0][0]) / 2 for seg in bars.lines[2][0].get_segments()]
    assert spans == pytest.approx([Z95 * row[3] for row in per_hand if row[3] == row[3]])
    assert "BB/100" in ax.get_xlabel() and _legend(ax) == ["BB/100", "95% interval"]
    labels = [t.get_text().replace("\\$", "$") for t in ax.get_yticklabels()]  # drawn as a plain "$"
    assert labels[0] == "razz $0.04/$0.08\n2 hands"


@pytest.mark.parametrize(
    ("filters", "condition"),
    [
        (charts.Filters(stakes=("$1/$2",)), "h.small_bet = 100 AND h.big_bet = 200"),
        (charts.Filters(since=START + timedelta(minutes=5)), f"h.started_at >= '{START + timedelta(minutes=5)}'"),
        (charts.Filters(min_players=4), "h.n_players >= 4"),
        (charts.Filters(players=("Bob",)), "TRUE"),  # the chart's own player, whoever the filters name
    ],
)
def test_a_chart_keeps_every_filter_it_is_given_but_the_player(
    store: Store, filters: charts.Filters, condition: str
) -> None:
    expected = store.con.execute(
        "SELECT hp.hand_id FROM hand_players hp JOIN hands h ON h.hand_id = hp.hand_id "
        f"WHERE hp.player = 'Ann' AND {condition}"
    ).fetchall()
    drawn = charts.winnings_data(store.con, "Ann", filters)["hand_id"]
    assert sorted(drawn) == sorted(hand_id for (hand_id,) in expected)
    assert 0 < len(drawn) and (condition == "TRUE" or len(drawn) < len(charts.winnings_data(store.con, "Ann")))


def test_unknown_player_names_the_players_there_are(store: Store) -> None:
    with pytest.raises(charts.NoHands, match="'Zed'.*Ann"):
        charts.winnings_chart(store.con, "Zed")
    with pytest.raises(charts.NoHands, match="stud8"):
        charts.stud8_components_chart(store.con, "Ann", charts.Filters(games=("razz",)))


def test_every_cli_kind_has_a_chart_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    # the tournament chart reads the tournaments table, not a player's hands (tests/test_tournament_cli.py draws it)
    assert set(KIND_HELP) == set(charts.CHARTS) | {"tournaments"}
    with pytest.raises(SystemExit) as done:
        main(["chart", "--help"])
    assert done.value.code == 0
    help_text = capsys.readouterr().out
    assert all(kind in help_text for kind in KIND_HELP) and "95%" in help_text


@pytest.mark.parametrize("kind", sorted(charts.CHARTS))
def test_cli_writes_each_chart(store: Store, tmp_path: Path, kind: str) -> None:
    out = tmp_path / f"{kind}.png"
    few = ["--min-hands", "1"] if kind == "bb100" else []  # Ann's stakes have few hands each
    assert main(["chart", kind, "--db", store.path, "--player", "Ann", "--out", str(out), *few]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bb100_leaves_out_the_rows_of_few_hands(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    every = charts.bb100_data(store.con, "Ann")
    most = int(every["hands"].max())
    kept = charts.bb100_data(store.con, "Ann", min_hands=most)
    assert len(kept) == int((every["hands"] >= most).sum()) >= 1
    assert (kept["hands"] >= most).all()
    with pytest.raises(charts.NoHands, match=f"no game and stakes with {most + 1} hands or more"):
        charts.bb100_data(store.con, "Ann", min_hands=most + 1)
    out = tmp_path / "bb.png"
    assert (
        main(["chart", "bb100", "--db", store.path, "--player", "Ann", "--out", str(out), "--min-hands", str(most + 1)])
        == 2
    )
    assert "a lower --min-hands shows them" in capsys.readouterr().err and not out.exists()


def test_cli_refuses_an_unknown_player(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "bb100", "--db", store.path, "--player", "Zed", "--out", str(tmp_path / "x.png")]) == 2
    assert "Zed" in capsys.readouterr().err
