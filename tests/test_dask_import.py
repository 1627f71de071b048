"""``studbook import --dask``: the Parquet dataset gives the same stats as the embedded database.

One LocalCluster of two worker processes serves the whole module. The same files (sample data, edge
cases, real exports of several sites, a broken file) are imported into an embedded DuckDB file and
into a dataset, round after round, and everything a user can see is compared: the import summaries,
every table's rows, every stat of every player and of every breakdown to the unit, the win rates, the
CLI's csv. Rounds two and three re-import: new files holding stored hands (duplicates), a hand whose
content differs (a conflict), and the same files again (nothing changes).
"""

from __future__ import annotations

import shutil
from dataclasses import asdict
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

import duckdb
import pandas as pd
import pytest

from studbook.analytics import rollup
from studbook.analytics.dataset import RUNS, STAGING, open_dataset
from studbook.analytics.schema import HANDS, IMPORTS, TABLES
from studbook.analytics.stats import Filters, selection, stat_table
from studbook.analytics.store import Store, StoreError, _expected_columns, _table_columns, open_store
from studbook.analytics.winrate import money, winrates
from studbook.cli.app import main
from studbook.pipeline import dask_import
from studbook.pipeline.dask_import import run_dask_import, run_name
from studbook.pipeline.importer import ImportSummary, run_import
from studbook.pipeline.pieces import plan

from conftest import SAMPLE_DATA, corpus_path

distributed = pytest.importorskip(
    "distributed",
    reason="Dask's distributed is not installed: pip install -e '.[test]' (it brings the distributed extra)",
)

SAMPLES = SAMPLE_DATA
CORPUS_FILES = (
    ("Stars", "7-Stud-USD-0.04-0.08-200911.txt"),
    ("FTP", "7-StudHL-USD-2-4-201006.Steal.examples.txt"),
    ("Everleaf", "7-Stud-EUR-0.05-0.10.201108-new-format.txt"),
    ("Bovada", "7-Stud-USD-2.00-4.00-201205.txt"),
    ("iPoker", "7-StudHL-EUR-0.05-0.10-201405.txt"),
)
SAMPLE_HANDS = 60
"""Hands taken from the start of each sample file (every game, cash and tournament), to keep the module
well under 40 s on two cores."""
BREAKDOWNS = (("player",), ("player", "game"), ("site", "date"), ("stakes", "players"))


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def first_hands(text: str, count: int) -> str:
    """The first ``count`` hands of a PokerStars text export (hands start at 'PokerStars Hand #')."""
    at = -1
    for _ in range(count + 1):
        at = text.find("PokerStars Hand #", at + 1)
        if at < 0:
            return text
    return text[:at]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Path]]:
    """The files of each round. Round 1: the first hands of each sample file, the edge cases, corpus
    files of five sites and a file with a broken hand. Round 2: everything again plus a file repeating stored hands and one whose first hand has
    another stack (a conflict). Round 3: the same as round 2."""
    tmp = tmp_path_factory.mktemp("hands")
    corpus = [corpus_path("fpdb", site, name) for site, name in CORPUS_FILES]
    samples = []
    for sample in sorted(SAMPLES.glob("*.txt")):
        part = tmp / f"first-{SAMPLE_HANDS}-{sample.name}"
        part.write_text(first_hands(sample.read_text(encoding="utf-8"), SAMPLE_HANDS), encoding="utf-8")
        samples.append(part)
    steal = (SAMPLES / "edge-cases" / "stud-steal-failed-steal-resteal.txt").read_text(encoding="utf-8")
    broken = tmp / "broken.txt"
    broken.write_text(steal.replace(": calls ", ": callz ", 1), encoding="utf-8")  # a call lost: refused
    razz = (SAMPLES / "razz-0.50-1-2to8.txt").read_text(encoding="utf-8")
    repeats = tmp / "razz-repeated.txt"
    repeats.write_text(first_hands(razz, 40), encoding="utf-8")
    lines = first_hands(razz, 1).splitlines(keepends=True)
    seat = next(i for i, line in enumerate(lines) if line.startswith("Seat 1:"))
    lines[seat] = lines[seat].replace(" in chips", "0 in chips", 1)
    conflict = tmp / "razz-conflict.txt"
    conflict.write_text("".join(lines), encoding="utf-8")
    summaries = (SAMPLES / "summaries" / "triple-stud-sng-1500-chips.txt").read_text(encoding="utf-8")
    first_summary = summaries[: summaries.index("PokerStars Tournament #", 1)]
    assert "Buy-In: $10.00/$1.00 USD" in first_summary
    dearer = tmp / "summary-dearer.txt"  # disagrees with the buy-in its hands' headers, stored a run before, print
    dearer.write_text(first_summary.replace("$10.00/$1.00", "$20.00/$2.00"), encoding="utf-8")
    first = [SAMPLES / "edge-cases", *samples, *corpus, broken]
    return {"first": first, "again": [*first, repeats, conflict, SAMPLES / "summaries", dearer]}


Rounds = list[tuple[ImportSummary, ImportSummary]]


@pytest.fixture(scope="module")
def imported(client: Any, files: dict[str, list[Path]], tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Both destinations after each round: (embedded summary, dataset summary) per round."""
    tmp = tmp_path_factory.mktemp("dbs")
    db, dataset = tmp / "hands.duckdb", tmp / "dataset"
    rounds: Rounds = []
    runs = []
    for name in ("first", "again", "again"):
        with open_store(db) as store:
            embedded = run_import(files[name], store, workers=1)
        rounds.append((embedded, run_dask_import(files[name], dataset, client)))
        runs.append(sorted(p.name for p in (dataset / RUNS).iterdir()))
    return db, dataset, rounds, runs


def summary_fields(summary: ImportSummary) -> dict[str, object]:
    return {k: v for k, v in asdict(summary).items() if k != "read_cpu_seconds"}


def test_each_round_summarises_the_same(imported: Any) -> None:
    _, _, rounds, _ = imported
    for embedded, on_dask in rounds:
        assert summary_fields(on_dask) == summary_fields(embedded)
    first, second, third = (r[1] for r in rounds)
    assert first.hands > 5 * SAMPLE_HANDS and first.reports, "the broken file's hand is reported"
    assert second.duplicates >= 39 and second.conflicts == 1 and second.files_imported == 4
    disagree = [p for p in second.reports if p.rule == "tournament-conflict"]
    assert disagree and all(p.file.endswith("summary-dearer.txt") for p in disagree), "found across runs"
    assert third.files_imported == 0 and third.hands == 0


def test_re_import_commits_only_what_is_new(imported: Any) -> None:
    _, dataset, _, runs = imported
    assert len(runs[0]) == 1 and len(runs[1]) == 2, "round two stored four new files: one more run"
    assert runs[2] == runs[1], "round three found nothing new: no run written"
    assert not any((dataset / STAGING).iterdir())


def rows(con: duckdb.DuckDBPyConnection, table: str) -> pd.DataFrame:
    columns = [c.name for c in TABLES[table].columns if c.name != "imported_at"]
    frame = con.execute(f"SELECT {', '.join(columns)} FROM {table}").df()
    return frame.sort_values(columns, ignore_index=True, key=lambda s: s.astype(str))


@pytest.fixture(scope="module")
def both(imported: Any) -> Iterator[tuple[Store, Store]]:
    db, dataset, _, _ = imported
    with open_store(db, read_only=True) as embedded, open_dataset(dataset) as parquet:
        yield embedded, parquet


@pytest.mark.parametrize("table", [t for t in TABLES if t != "meta"])
def test_every_table_holds_the_same_rows(both: tuple[Store, Store], table: str) -> None:
    """Every table, the tournaments joined from the sources of three runs included."""
    embedded, parquet = both
    expected = rows(embedded.con, table)
    assert len(expected) or table in ("violations",)
    pd.testing.assert_frame_equal(rows(parquet.con, table), expected, check_exact=True)


def test_a_summary_joins_hands_a_run_before_stored(both: tuple[Store, Store]) -> None:
    """The sample summaries came in round two, the hands of their tournaments in round one: the
    dataset's tournaments count those hands and name the summary for the finish."""
    parquet = both[1]
    joined = parquet.con.execute(
        "SELECT count(*), sum(hands) FROM tournaments WHERE finish IS NOT NULL AND hands > 0 "
        "AND list_contains(list_transform(sources, lambda s: s.source), 'summary')"
    ).fetchall()[0]
    assert joined[0] > 0 and joined[1] > 0


def test_views_have_the_tables_columns_and_types(both: tuple[Store, Store]) -> None:
    """One view per table of the schema, as the database's tables, and the rollup's view beside them."""
    views = _table_columns(both[1].con)
    assert rollup.VIEW in views and "player" in dict(views.pop(rollup.VIEW))
    assert views == _expected_columns()


@pytest.mark.parametrize("by", BREAKDOWNS)
def test_every_stat_of_every_group_is_the_same_to_the_unit(both: tuple[Store, Store], by: tuple[str, ...]) -> None:
    embedded, parquet = both
    expected = stat_table(embedded.con, None, by, None)
    assert len(expected) > 100
    pd.testing.assert_frame_equal(stat_table(parquet.con, None, by, None), expected, check_exact=True)


def test_win_rates_are_the_same(both: tuple[Store, Store]) -> None:
    """Money (hands, net, rake, sessions) to the unit; the derived doubles (BB/100, hours ...) to 1e-12
    relative, since DuckDB adds doubles in the order it scans the rows, which differs between a table
    and Parquet files."""
    embedded, parquet = both
    expected, got = (winrates(s.con, None, ("player",)) for s in both)
    exact = [c for c in expected.columns if not pd.api.types.is_float_dtype(expected[c])]
    assert {"hands", "net", "rake_paid", "sessions"} <= set(exact)
    pd.testing.assert_frame_equal(got[exact], expected[exact], check_exact=True)
    pd.testing.assert_frame_equal(got, expected, rtol=1e-12)


def test_the_cli_reads_a_dataset_like_the_database(imported: Any, capsys: pytest.CaptureFixture[str]) -> None:
    db, dataset, _, _ = imported
    outputs = []
    for where in (db, dataset):
        assert main(["stats", "--db", str(where), "--format", "csv", "--by", "player", "--by", "game"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and outputs[0].count("\n") > 100
    for where in (db, dataset):
        assert main(["replay", "900000000101", "--db", str(where)]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[2] == outputs[3] and "900000000101" in outputs[2]


def test_one_site_is_read_alone_from_its_partition(imported: Any, both: tuple[Store, Store]) -> None:
    _, dataset, _, _ = imported
    pattern = str(dataset / RUNS / "*" / HANDS.name / "site=fulltilt" / "*" / "*.parquet")
    alone = duckdb.execute(f"SELECT count(*) FROM read_parquet('{pattern}')").fetchone()
    stored = both[0].con.execute("SELECT count(*) FROM hands WHERE site = 'fulltilt'").fetchone()
    assert alone is not None and stored is not None and alone[0] == stored[0] > 0


def test_an_interrupted_import_leaves_the_dataset_as_it_was(
    client: Any, imported: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, dataset, _, _ = imported
    before = sorted(p.relative_to(dataset) for p in (dataset / RUNS).rglob("*"))
    new = tmp_path / "new.txt"
    new.write_text(
        (SAMPLES / "edge-cases" / "stud8-quartered-low.txt").read_text(encoding="utf-8").replace("900000000101", "7"),
        encoding="utf-8",
    )

    def written_then_interrupted(*args: Any) -> bool:
        written(*args)
        raise KeyboardInterrupt

    written = dask_import._write_run
    monkeypatch.setattr(dask_import, "_write_run", written_then_interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_dask_import([new], dataset, client)
    assert sorted(p.relative_to(dataset) for p in (dataset / RUNS).rglob("*")) == before
    assert not any((dataset / STAGING).iterdir())
    with open_dataset(dataset) as parquet:
        assert parquet.con.execute(f"SELECT count(*) FROM {IMPORTS.name} WHERE file = ?", [str(new)]).fetchone() == (0,)


def test_a_folder_that_is_no_dataset_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(StoreError, match="no studbook dataset"):
        open_dataset(tmp_path)


def test_the_cli_says_what_a_dask_import_writes_to(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--dask writes a folder, and a folder is written only with --dask: both refused before any work."""
    hand = str(SAMPLES / "edge-cases" / "stud8-quartered-low.txt")
    assert main(["import", hand, "--dask", "local", "--db", str(tmp_path / "hands.duckdb"), "--quiet"]) == 2
    assert "give --db a folder" in capsys.readouterr().err
    assert main(["import", hand, "--db", str(tmp_path), "--quiet"]) == 2
    assert "written with --dask" in capsys.readouterr().err
    assert not (tmp_path / "hands.duckdb").exists()


ROLLUP_QUERIES: tuple[tuple[Filters | None, tuple[str, ...]], ...] = (
    (None, ("player",)),
    (None, ()),
    (None, ("game", "stakes")),
    (None, ("currency", "site", "date")),
    (None, ("players", "max_seats", "mixed")),
    (Filters(games=("razz", "stud8")), ("player", "game")),
    (Filters(sites=("pokerstars",), valid_only=True), ("player",)),
    (Filters(stakes=("1/2",)), ("player", "stakes")),
    (Filters(min_players=3, max_players=6), ("players",)),
    (Filters(since=date(2010, 1, 1), until=datetime(2026, 6, 1, tzinfo=timezone.utc)), ("date", "site")),
    (Filters(players=("Bruno", "Ana")), ("player", "date")),
)
"""Filters and breakdowns that only read the rollup's keys: each must be answered from it."""
RAW_QUERIES: tuple[tuple[Filters | None, tuple[str, ...]], ...] = (
    (None, ("player", "door")),
    (None, ("start_class",)),
    (Filters(since=datetime(2026, 3, 3, 12, tzinfo=timezone.utc)), ("player",)),
    (Filters(since=date(2010, 1, 1), timezone="Europe/Paris"), ("date", "site")),
)
"""What the rollup cannot answer (a per-hand breakdown, a bound within a day, days of a zone other than
UTC, whose days the rollup keeps): read from the raw rows."""


@pytest.mark.parametrize(("filters", "by"), ROLLUP_QUERIES + RAW_QUERIES)
def test_the_rollup_gives_the_raw_rows_answer_exactly(
    both: tuple[Store, Store], filters: Filters | None, by: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every stat's done and chances, hands, net and rake to the unit and BB/100 to the float, from the
    rollup of a dataset of three runs (duplicates and a conflict left out) as from the embedded
    database's raw rows; and the rollup is read exactly when the query only reads its keys. Days are
    counted in this computer's zone unless a query names one: UTC here, as the rollup's days are."""
    monkeypatch.setenv("TZ", "UTC")
    embedded, parquet = both
    answered = rollup.plan(parquet.con, selection(filters, by)) is not None
    assert answered == ((filters, by) in ROLLUP_QUERIES)
    assert not rollup.available(embedded.con)
    expected = stat_table(embedded.con, filters, by, None)
    assert len(expected) > len(by) * 100 or filters is not None
    for from_rollup in (True, False):
        got = stat_table(parquet.con, filters, by, None, rollup=from_rollup)
        pd.testing.assert_frame_equal(got, expected, check_exact=True)
        pd.testing.assert_frame_equal(
            money(parquet.con, filters, by, rollup=from_rollup), money(embedded.con, filters, by), check_exact=True
        )


def test_the_headline_money_is_the_win_rates(both: tuple[Store, Store]) -> None:
    """The headline table's money (without sessions) counts what the win rates count; its BB/100 is the
    exact sum, the win rates' a float sum, so they agree to 1e-12 relative where it is not near 0."""
    embedded, parquet = both
    full, summed = winrates(embedded.con), money(parquet.con)
    for column in ("player", "currency", "hands", "net", "rake_paid", "bb_hands", "bb_inferred"):
        assert full[column].tolist() == summed[column].tolist(), column
    pd.testing.assert_series_equal(summed["bb100"], full["bb100"], rtol=1e-12, atol=1e-9)


def test_a_run_without_a_rollup_makes_every_query_read_the_raw_rows(
    both: tuple[Store, Store], imported: Any, tmp_path: Path
) -> None:
    """A dataset written before the rollup existed: its runs' hands would be missing from the sums."""
    _, dataset, _, _ = imported
    old = tmp_path / "old"
    shutil.copytree(dataset, old)
    first = sorted((old / RUNS).iterdir())[0]
    shutil.rmtree(first / rollup.FOLDER)
    with open_dataset(old) as parquet:
        assert not rollup.available(parquet.con)
        expected = stat_table(both[0].con, None, ("player",), None)
        pd.testing.assert_frame_equal(stat_table(parquet.con, None, ("player",), None), expected, check_exact=True)


def test_a_rollup_without_a_stat_s_columns_is_not_read(
    both: tuple[Store, Store], imported: Any, tmp_path: Path
) -> None:
    """A run written before a stat was added: its rollup has no column for the stat, which would leave
    its hands out of that stat's sums; the raw rows are read instead."""
    _, dataset, _, _ = imported
    old = tmp_path / "old"
    shutil.copytree(dataset, old)
    written = next((sorted((old / RUNS).iterdir())[0] / rollup.FOLDER).glob("*.parquet"))
    duckdb.execute(
        f"COPY (SELECT * EXCLUDE (wsd_done, wsd_chances) FROM read_parquet('{written}')) TO '{written}.tmp' (FORMAT parquet)"
    )
    Path(f"{written}.tmp").replace(written)
    with open_dataset(old) as parquet:
        assert not rollup.available(parquet.con)
        pd.testing.assert_frame_equal(
            stat_table(parquet.con, None, ("player",), ["hands", "wsd"]),
            stat_table(both[0].con, None, ("player",), ["hands", "wsd"]),
            check_exact=True,
        )


class Recorded:
    """An import progress that remembers what it was told."""

    def __init__(self) -> None:
        self.reads: list[int] = []
        self.total = 0

    def start(self, total_bytes: int, files: int) -> None:
        self.total = total_bytes

    def read(self, nbytes: int) -> None:
        self.reads.append(nbytes)

    def stored(self, hands: int) -> None:
        pass

    def finish(self) -> None:
        pass


def test_a_big_file_is_read_in_pieces_on_the_workers_as_if_whole(client: Any, tmp_path: Path) -> None:
    """A file cut into pieces (a broken hand in one of them) gives the dataset and the summary (every
    report at its line of the whole file) that the embedded import of the file read whole gives, and
    the progress moves once per piece."""
    razz = first_hands((SAMPLES / "razz-0.50-1-2to8.txt").read_text(encoding="utf-8"), 120)
    at = razz.index(": calls ", len(razz) // 2)
    big = tmp_path / "big.txt"
    big.write_text(razz[:at] + ": callz " + razz[at + len(": calls ") :], encoding="utf-8")  # a call lost: refused
    piece_bytes = 16_000
    pieces = plan(big, piece_bytes)
    assert len(pieces) > 5
    progress = Recorded()
    on_dask = run_dask_import([big], tmp_path / "dataset", client, progress=progress, piece_bytes=piece_bytes)
    with open_store(tmp_path / "whole.duckdb") as store:
        whole = run_import([big], store, workers=1)
    assert summary_fields(on_dask) == summary_fields(whole)
    assert on_dask.hands == 119 and len(on_dask.reports) == 1
    assert sorted(progress.reads) == sorted(p.end - p.start for p in pieces)  # as each piece ends
    assert sum(progress.reads) == progress.total
    with open_store(tmp_path / "whole.duckdb", read_only=True) as embedded, open_dataset(tmp_path / "dataset") as data:
        for table in ("hands", "hand_players", "actions", "parse_errors"):
            pd.testing.assert_frame_equal(rows(data.con, table), rows(embedded.con, table), check_exact=True)


def test_the_cli_imports_on_a_local_cluster_and_reads_the_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``studbook import PATH --dask local --db DATASET/`` prints the embedded import's summary, and
    ``studbook stats`` shows the same headline table (from the rollup) as over the embedded database."""
    files = [str(SAMPLES / "edge-cases"), str(SAMPLES / "triple-stud-sng-1500-chips.txt")]
    dataset, db = tmp_path / "dataset", tmp_path / "hands.duckdb"
    assert main(["import", *files, "--dask", "local", "--workers", "1", "--db", f"{dataset}/"]) == 0
    on_dask = capsys.readouterr().out
    assert main(["import", *files, "--db", str(db), "--quiet"]) == 0
    embedded = capsys.readouterr().out
    assert on_dask == embedded and "hands imported:" in on_dask and (dataset / RUNS).is_dir()
    tables = []
    for where in (dataset, db):
        assert main(["stats", "--db", str(where), "--min-hands", "1"]) == 0
        tables.append(capsys.readouterr().out)
    assert tables[0] == tables[1] and "BB/100" in tables[0] and tables[0].count("\n") > 10


def test_two_runs_within_one_second_sort_as_they_ran() -> None:
    """The latest run is the greatest folder name, whatever the random tag of each: a run a microsecond
    after another sorts after it, and after a run of the same second named without microseconds."""
    first = datetime(2026, 12, 4, 20, 11, 9, 5, tzinfo=timezone.utc)
    later = first + timedelta(microseconds=1)
    assert run_name(first, "ffffffff") < run_name(later, "00000000")
    assert "20261204T201109-ffffffff" < run_name(first, "00000000")


def test_a_summary_fetched_again_replaces_what_it_said_in_a_later_run(client: Any, tmp_path: Path) -> None:
    """A summary saved while the tournament ran ('still playing'), then saved again under the same name
    once it ended: the later run's rows replace the earlier run's, in the sources as in the joined
    tournament, as in the embedded database."""
    text = (SAMPLES / "summaries" / "triple-stud-sng-1500-chips.txt").read_text(encoding="utf-8")
    running = text[: text.index("PokerStars Tournament #", 1)]
    ended = running.replace("Anselm Grey (Unknown), still playing", "Anselm Grey (Unknown), $39.00 (65%)").replace(
        "Suki Lindqvist (Unknown), still playing", "Suki Lindqvist (Unknown), $21.00 (35%)"
    )
    assert ended != running
    hands = tmp_path / "sng.txt"
    hands.write_text(
        first_hands((SAMPLES / "triple-stud-sng-1500-chips.txt").read_text(encoding="utf-8"), 30), encoding="utf-8"
    )
    summary = tmp_path / "summary.txt"
    db, dataset = tmp_path / "hands.duckdb", tmp_path / "dataset"
    for content, files in ((running, [hands, summary]), (ended, [summary])):
        summary.write_text(content, encoding="utf-8")
        with open_store(db) as store:
            embedded = run_import(files, store, workers=1)
        assert summary_fields(run_dask_import(files, dataset, client)) == summary_fields(embedded)
    with open_store(db, read_only=True) as store, open_dataset(dataset) as parquet:
        for table in ("tournaments", "tournament_sources"):
            pd.testing.assert_frame_equal(rows(parquet.con, table), rows(store.con, table), check_exact=True)
        prizes = parquet.con.execute(
            "SELECT player, finish, prize FROM tournaments WHERE tournament_id = '2552158' AND prize > 0 "
            "ORDER BY finish"
        ).fetchall()
    assert prizes == [("Anselm Grey", 1, 3900), ("Suki Lindqvist", 2, 2100)]
    assert len(list((dataset / RUNS).iterdir())) == 2
