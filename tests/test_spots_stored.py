"""The 3rd-street spots wired into the product: the columns the import stores (equal to the spots worked
out from the hands directly, unchanged by a re-import), the stats breakdowns over them, ``studbook spots``,
``studbook chart spots``, the report's "3rd street" section and the replay page's liveness."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterator

import pandas as pd
import pytest
from conftest import run_cli

from studbook.analytics.html_replay import replay_page
from studbook.analytics.html_report import gather, page_name, report_page
from studbook.analytics.rows import hand_id
from studbook.analytics.spot_table import SPOT_KEYS, spot_table, stored_spots
from studbook.analytics.spots import ROW_COLUMNS, SPOT_NAMES, spot_row, spots
from studbook.analytics.spots_chart import ROW_MIN_HANDS, spots_chart, spots_heatmap_data
from studbook.analytics.stats import Filters, stat_table
from studbook.analytics.store import Store, open_store

from studbook.engine.model import Hand
from studbook.parsers.registry import profile_for
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.pipeline.importer import run_import
from conftest import SAMPLE_DATA
from handbuilder import build

pytestmark = pytest.mark.slow  # the sample data (~6,600 hands) imported once, and replayed once directly

PLAYER = "Ottilie Brandt"
"""The sample data's hero: every one of her hands has known starting cards."""


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("spots") / "sample.duckdb"
    with open_store(path) as store:
        summary = run_import([SAMPLE_DATA], store, workers=1)
    assert summary.hands > 6000 and not summary.problems, summary.problems
    return path


@pytest.fixture(scope="module")
def store(db: Path) -> Iterator[Store]:
    with open_store(db, read_only=True) as opened:
        yield opened


@pytest.fixture(scope="module")
def direct() -> pd.DataFrame:
    """The spot rows worked out from the sample hands themselves (parsed and replayed here, no store)."""
    rows = []
    for path in sorted(SAMPLE_DATA.rglob("*.txt")):
        for hand in parse_file(path):
            if isinstance(hand, Hand):
                result = replay(hand, profile_for(hand))
                rows.extend({"hand_id": hand_id(hand), **spot_row(s)} for s in spots(hand, result))
    return pd.DataFrame(rows, columns=["hand_id", *ROW_COLUMNS])


def _keyed(frame: pd.DataFrame) -> pd.DataFrame:
    columns = ["hand_id", "player", "start_class", *SPOT_NAMES]
    return frame[columns].astype(object).where(frame[columns].notna(), None).sort_values(["hand_id", "player"])


def test_the_stored_columns_are_the_spots_of_the_hands(store: Store, direct: pd.DataFrame) -> None:
    stored = stored_spots(store.con)
    assert len(stored) == len(direct) > 10_000
    left, right = _keyed(stored).reset_index(drop=True), _keyed(direct).reset_index(drop=True)
    pd.testing.assert_frame_equal(left, right, check_dtype=False)
    nets = stored.set_index(["hand_id", "player"])["net_bb"].sort_index()
    assert nets.to_numpy() == pytest.approx(direct.set_index(["hand_id", "player"])["net_bb"].sort_index().to_numpy())


def test_a_player_without_known_cards_has_no_spot_columns(store: Store) -> None:
    """Every column of the spot is there exactly when the class is (his starting cards are known)."""
    nulls = " OR ".join(
        f"({name} IS NULL) <> (start_class IS NULL)" for name in SPOT_NAMES if name not in ("faced", "taken")
    )
    assert store.con.execute(f"SELECT COUNT(*) FROM hand_players WHERE {nulls}").fetchone() == (0,)
    assert store.con.execute(
        "SELECT COUNT(*) FROM hand_players WHERE taken IS NOT NULL AND faced IS NULL"
    ).fetchone() == (0,)


def test_a_re_import_changes_no_spot(tmp_path: Path) -> None:
    files = [SAMPLE_DATA / "edge-cases", SAMPLE_DATA / "razz-0.50-1-2to8.txt"]
    query = f"SELECT hand_id, seat, start_class, {', '.join(SPOT_NAMES)} FROM hand_players ORDER BY ALL"
    with open_store(tmp_path / "db.duckdb") as store:
        run_import(files, store, workers=1)
        before = store.con.execute(query).fetchall()
        again = run_import(files, store, workers=1)
        after = store.con.execute(query).fetchall()
    assert again.hands == 0 and again.files_already_imported > 0
    assert after == before and sum(1 for r in before if r[2] is not None) > 100


def test_stats_break_down_by_start_class_and_liveness(store: Store, direct: pd.DataFrame) -> None:
    table = stat_table(store.con, Filters(players=(PLAYER,)), ("start_class", "liveness"), ["hands"])
    counted = {(r.start_class, r.liveness): int(r.done) for r in table.itertuples()}
    mine = direct[direct["player"] == PLAYER]
    expected = {k: int(n) for k, n in mine.groupby(["start_class", "liveness"]).size().items()}
    assert counted == expected and sum(expected.values()) == 6600


def test_spots_command_gives_his_spots_beside_the_pool(
    capsys: pytest.CaptureFixture[str], db: Path, store: Store, direct: pd.DataFrame
) -> None:
    expected = spot_table(direct, PLAYER).set_index(list(SPOT_KEYS))
    status, out, err = run_cli(capsys, "spots", "--db", str(db), "--player", PLAYER, "--format", "csv")
    assert status == 0, err
    got = pd.read_csv(io.StringIO(out), keep_default_na=False).set_index(list(SPOT_KEYS))
    assert len(got) == len(expected) > 50
    for column in ("hands", "pool_hands"):
        assert got[column].astype(int).to_dict() == expected[column].astype(int).to_dict()
    for column in ("fold", "call", "complete", "raise", "pool_fold", "bb_total"):
        assert got[column].astype(float).to_numpy() == pytest.approx(expected.loc[got.index, column].to_numpy())
    assert got["bb_total"].is_monotonic_increasing, "the costliest spot first"
    status, out, err = run_cli(capsys, "spots", "--db", str(db), "--player", PLAYER, "--top", "3")
    assert status == 0, err
    first = expected.iloc[0]
    worst = next(line for line in out.splitlines() if line.startswith(str(expected.index[0][0])))
    assert (
        expected.index[0][1] in worst and f"{int(first['hands']):>3}" in worst and f"{first['bb_total']:+.2f}" in worst
    )
    assert f"{len(expected) - 3:,} more spots (--top 0 prints every one)" in out


def test_spots_command_names_the_closest_players(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    status, out, err = run_cli(capsys, "spots", "--db", str(db), "--player", "Otilie Brandt")
    assert status == 2 and not out
    assert "no player 'Otilie Brandt'" in err and repr(PLAYER) in err and "Traceback" not in err


def test_chart_spots_draws_every_cell_of_his_map(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path, store: Store, direct: pd.DataFrame
) -> None:
    out = tmp_path / "spots.png"
    status, said, err = run_cli(
        capsys, "chart", "spots", "--db", str(db), "--player", PLAYER, "--game", "stud", "--out", str(out)
    )
    assert status == 0, err
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ax = spots_chart(store.con, PLAYER, Filters(games=("stud",)))
    per_hand, hands = spots_heatmap_data(direct[direct["game"] == "stud"], PLAYER)
    kept = hands[hands.sum(axis=1) >= ROW_MIN_HANDS]
    drawn = [t.get_text() for t in ax.texts]
    assert len(drawn) == int((kept > 0).to_numpy().sum())
    assert sum(int(t.split("\n")[1].split()[0].replace(",", "")) for t in drawn) == int(kept.to_numpy().sum())
    assert [t.get_text() for t in ax.get_yticklabels()] == list(kept.index)
    assert f"{per_hand.loc[kept.index[0]].dropna().iloc[0]:+.2f}" in drawn[0]


def test_the_report_lists_the_costliest_spots_linked_to_their_hands(store: Store, direct: pd.DataFrame) -> None:
    report = gather(store.con, PLAYER, Filters(), ())
    expected = spot_table(direct, PLAYER)
    assert len(report.third_street) == 5
    for spot, row in zip(report.third_street, expected.to_dict("records")):
        assert (spot.start_class, spot.liveness, spot.faced, spot.hands) == (
            row["start_class"],
            row["liveness"],
            row["faced"],
            row["hands"],
        )
        assert 0 < len(spot.hand_ids) <= min(10, spot.hands)
        assert set(spot.hand_ids) <= set(report.linked)
    pages = {h: page_name(h) for h in report.linked}
    html = report_page(report, pages)
    section = html.split('<section id="third-street">', 1)[1].split("</section>", 1)[0]
    first = report.third_street[0]
    assert "3rd street" in section and first.start_class in section
    assert f"href='{page_name(first.hand_ids[0])}'" in section
    assert f"and {first.hands - len(first.hand_ids):,} more" in section or first.hands == len(first.hand_ids)


def test_the_replay_page_shows_the_viewers_dead_outs_and_where() -> None:
    hand = build(
        "stud 4/8 ante 1 bring-in 2\nseat 1 Ann 1000\nseat 2 Bob 1000\nseat 3 Cy 1000\nantes\n"
        "3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? Ts\n2 bring-in 2\n3 fold\n1 complete to 4\n2 fold\n"
        "uncalled 1 2\ncollect 1 7\n"
    )
    page = replay_page(hand, as_player="Ann")
    section = page.split('<section id="liveness">', 1)[1].split("</section>", 1)[0]
    assert "split pair T-K" in section and "half-dead" in section
    assert "Ts (Cy&#x27;s door)" in section, "the dead ten and whose door shows it"
    assert "2c" not in section, "Bob's deuce is no out of Ann's"
    assert '<section id="liveness">' not in replay_page(hand), "a spectator sees nobody's hand described"
