"""``studbook stats`` as a player reads it: one row per player with the most hands first, every rate beside
the chances it was counted out of (the same numbers as the stats SQL), the table narrowed to the
terminal, players left out said so; the card of one player with every stat; csv complete."""

from __future__ import annotations

import csv
import io
import re
from contextlib import redirect_stdout
from typing import Iterator

import pandas as pd
import pytest
from conftest import SAMPLE_DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from studbook.cli.app import main
from studbook.cli.stats_text import (
    CELL_STYLES,
    Limits,
    header_rows,
    hud_table,
    limit_rows,
    sections,
    street_of,
)
from studbook.pipeline.importer import run_import
from studbook.analytics.stats import HEADLINE, STATS, STATS_BY_KEY, stat_table
from studbook.analytics.store import Store, open_store
from studbook.analytics.winrate import winrates

CELL = re.compile(r"(?P<rate>\d+(?:\.\d)?)% \((?:(?P<done>\d+)/)?(?P<chances>\d+)\)")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """The hand-written edge cases (players with 1 to 3 hands) and 160 simulated Triple Stud hands
    (regulars with 100+ hands, stud8 among the games)."""
    tmp = tmp_path_factory.mktemp("cmd_stats")
    with redirect_stdout(io.StringIO()):
        assert (
            main(
                [
                    "simulate",
                    "--game",
                    "mixed",
                    "--hands",
                    "160",
                    "--players",
                    "6",
                    "--seed",
                    "3",
                    "--out",
                    str(tmp / "sim"),
                ]
            )
            == 0
        )
    with open_store(tmp / "stats.duckdb") as writable:
        assert run_import([SAMPLE_DATA / "edge-cases", tmp / "sim"], writable, workers=1).hands > 160
    with open_store(tmp / "stats.duckdb", read_only=True) as opened:
        yield opened


def stats_cli(store: Store, *args: str, columns: int = 120, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stats", "--db", store.path, *args]) == 0
    return out.getvalue()


def table_rows(text: str) -> list[str]:
    """The lines of the table body: from the line after the header that starts with 'Player' to the
    blank line before the legend."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Player")) + 1
    return lines[start : lines.index("", start)]


def test_one_row_per_regular_most_hands_first_with_the_rest_counted(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = stats_cli(store, monkeypatch=monkeypatch)
    hands = stat_table(store.con, stats=["hands"]).set_index("player")["done"]
    regulars = hands[hands >= 20].sort_values(ascending=False, kind="stable")
    shown = {}
    for row in table_rows(text):
        player = next(p for p in hands.index if row.startswith(p + "  "))
        shown[player] = int(row[len(player) :].split()[0].replace(",", ""))
    assert list(shown) == list(regulars.index) and list(shown.values()) == list(regulars)
    assert max(len(line) for line in text.splitlines()) <= 120
    few = int((hands < 20).sum())
    assert few > 0 and f"{few} players with fewer than 20 hands not shown (--min-hands 1 shows them)" in text


def test_every_rate_shows_the_chances_it_was_counted_out_of(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 200 columns the full cells fit: each cell's done/chances are the stats SQL's, its rate theirs."""
    text = stats_cli(store, "--min-hands", "1", columns=200, monkeypatch=monkeypatch)
    expected = stat_table(store.con, stats=HEADLINE)
    table = {(r.player, r.stat): r for r in expected.itertuples()}
    header = next(line for line in text.splitlines() if line.startswith("Player"))
    for row in table_rows(text):
        player = next(p for p in expected["player"].unique() if row.startswith(p + "  "))
        cells = CELL.findall(row)
        pcts = [k for k in HEADLINE if STATS_BY_KEY[k].kind == "pct"]
        assert len(cells) == sum(table[(player, k)].chances > 0 for k in pcts), row
        for rate, done, chances in cells:
            match = [r for r in (table[(player, k)] for k in pcts) if (r.done, r.chances) == (int(done), int(chances))]
            assert match and f"{100 * match[0].rate:.1f}" == rate
    assert "W$SD" in header and "Net won" in header and "BB/100" in header


def test_net_won_is_the_exact_amount_won(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    text = stats_cli(store, "--min-hands", "1", "--top", "0", monkeypatch=monkeypatch)
    money = winrates(store.con).groupby("player")["net"].sum()
    printed = {}
    for row in table_rows(text):
        player = next(p for p in money.index if row.startswith(p + "  "))
        amount = re.findall(r"(-?)\$(\d+)\.(\d\d)", row)[-1]
        printed[player] = int(amount[1] + amount[2]) * (-1 if amount[0] else 1)
    assert printed == money.to_dict()


def test_top_keeps_the_players_with_most_hands(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    text = stats_cli(store, "--top", "2", "--min-hands", "1", monkeypatch=monkeypatch)
    players = stat_table(store.con, stats=["hands"])
    assert len(table_rows(text)) == 2
    assert f"{len(players) - 2} players beyond the top 2 by hands not shown (--top 0 shows all)" in text


def _body_width(text: str) -> int:
    return max(len(line) for line in text.split("\n\n")[0].splitlines())


@pytest.mark.parametrize("width", [80, 120, 160, 400])
def test_the_table_takes_the_fullest_cells_that_fit(store: Store, width: int) -> None:
    frame, money = stat_table(store.con, stats=HEADLINE), winrates(store.con)
    text = hud_table(frame, money, width)
    legends = [legend for _, legend in CELL_STYLES]
    used = next(i for i, legend in enumerate(legends) if legend in text)
    assert _body_width(text) <= width
    if "terminal is too narrow" in text:
        assert used == len(legends) - 1, "columns are left out only when the narrowest cells do not fit"
    full_width = _body_width(hud_table(frame, money, 10_000))
    assert (used == 0) == (full_width <= width)
    if used == 0:
        assert CELL.search(text) and CELL.search(text)["done"] is not None


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_no_line_is_wider_than_the_terminal(store: Store, columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = stats_cli(store, "--min-hands", "1", columns=columns, monkeypatch=monkeypatch)
    assert max(len(line) for line in text.splitlines()) <= columns
    assert table_rows(text), "the table has rows"


def test_a_wide_terminal_shows_more_than_a_narrow_one(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    narrow = stats_cli(store, columns=80, monkeypatch=monkeypatch)
    wide = stats_cli(store, columns=200, monkeypatch=monkeypatch)
    header = next(line for line in wide.splitlines() if line.startswith("Player"))
    assert "Net won" in header and "W$SD" in header and "terminal is too narrow" not in wide
    dropped = narrow.split("terminal is too narrow: ", 1)[1].split(" (widen", 1)[0].replace("\n", " ")
    narrow_header = next(line for line in narrow.splitlines() if line.startswith("Player"))
    for title in dropped.split(", "):
        assert title not in narrow_header
    assert sum(map(len, table_rows(wide))) > sum(map(len, table_rows(narrow)))


def test_player_card_has_every_stat_with_its_counts(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = stat_table(store.con, stats=["hands"]).sort_values("done")
    regular = str(hands["player"].iloc[-1])
    text = stats_cli(store, "--player", regular, monkeypatch=monkeypatch)
    expected = stat_table(store.con, stats=None)
    mine = expected[expected["player"] == regular]
    for r in mine.itertuples():
        if r.kind == "pct" and r.chances:
            assert f"{100 * r.rate:.1f}% ({r.done}/{r.chances})" in text, r.stat
    for title, _ in sections(("stud", "stud8", "razz")):  # Triple Stud: the first section is "3rd street"
        assert f"\n{title}\n" in text
    assert "\nResults (USD $)\n" in text and "95% interval" in text


def test_player_card_leaves_out_hi_lo_for_a_player_without_stud8(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    text = stats_cli(store, "--player", "Bruno", monkeypatch=monkeypatch)  # three stud hands
    assert text.startswith("Bruno: 3 hands (stud 3)") and "Hi/lo" not in text and "Scoop" not in text


def test_csv_is_complete(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = list(csv.DictReader(io.StringIO(stats_cli(store, "--format", "csv", monkeypatch=monkeypatch))))
    players = stat_table(store.con, stats=["hands"])["player"]
    stats = [r for r in rows if r["kind"] not in ("money", "bb100")]
    assert len(stats) == len(players) * len(STATS)
    assert {r["player"] for r in stats} == set(players)
    # and the money the table shows: net won and BB/100 with its interval, a record per currency played
    money = winrates(store.con)
    for stat in ("net_won", "bb100"):
        records = {(r["player"], r["currency"]) for r in rows if r["stat"] == stat}
        assert records == {(p, c if isinstance(c, str) else "") for p, c in zip(money["player"], money["currency"])}
    nets = {(r["player"], r["currency"]): int(r["done"]) for r in rows if r["stat"] == "net_won"}
    assert sum(nets.values()) == int(money["net"].sum())
    intervals = [r for r in rows if r["stat"] == "bb100" and r["ci95_low"]]
    assert intervals and all(float(r["ci95_low"]) <= float(r["rate"]) <= float(r["ci95_high"]) for r in intervals)


# ------------------------------------------------------------------------------------------- the parts


@settings(deadline=None)  # no timing assertion: on a loaded machine one example can take 300 ms
@given(st.lists(st.integers(0, 60), min_size=1, max_size=12), st.integers(0, 70), st.integers(0, 14))
def test_limits_keep_what_they_say(hands: list[int], min_hands: int, top: int) -> None:
    names = [f"p{i:02d}" for i in range(len(hands))]
    frame = pd.DataFrame(
        {
            "player": [n for n in names for _ in range(2)],
            "stat": ["hands", "vpip"] * len(names),
            "done": [h for h in hands for _ in range(2)],
        }
    )
    shown = limit_rows(frame, Limits(min_hands, top), order_by_hands=True)
    kept = list(dict.fromkeys(shown.frame["player"]))
    enough = sorted((n for n, h in zip(names, hands) if h >= min_hands), key=lambda n: -hands[names.index(n)])
    assert kept == (enough[:top] if top else enough)
    assert shown.too_few_hands == len(names) - len(enough)
    assert shown.beyond_top == len(enough) - len(kept)
    assert len(shown.frame) == 2 * len(kept)


def test_a_title_wider_than_its_values_goes_on_two_lines() -> None:
    assert header_rows(["Player", "Fold to steal"], [["Ann", "89% (108)"]]) == [["", "Fold to"], ["Player", "steal"]]
    assert header_rows(["Player", "VPIP"], [["Ann", "31% (6084)"]]) == [["Player", "VPIP"]]


def test_card_sections_hold_every_stat_once() -> None:
    keys = [k for _, section in sections() for k in section]
    assert sorted(keys) == sorted(s.key for s in STATS if s.key != "hands")
    assert all(STATS_BY_KEY[k].games for k in dict(sections())["Hi/lo (stud8)"])


def test_later_street_keys_split_into_stat_and_street() -> None:
    assert street_of("af_5") == ("af", 5) and street_of("af") == ("af", None)
    assert street_of("saw_4") == ("saw", 4) and street_of("fold_to_steal") == ("fold_to_steal", None)
    assert street_of("raise_3rd") == ("raise_3rd", None)


def test_unknown_names_and_counts_are_refused(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["stats", "--db", store.path, "--top", "-1"])
    assert "must be 0 or more" in capsys.readouterr().err
    assert main(["stats", "--db", store.path, "--stat", "vipp"]) == 2
    assert "unknown stat(s) vipp" in capsys.readouterr().err
