"""Days are counted in the zone times are shown in: ``--since DAY``, ``--until DAY`` and ``--by date`` in
``--timezone``'s zone, this computer's by default (``TZ``), as every displayed time is.

Two hands near midnight: one printed 2026/03/07 23:30 ET, which is 04:30 UTC on the 8th and 20:30 in
Los Angeles on the 7th; one at 2026/03/08 20:30 ET (01:30 UTC on the 9th, 17:30 in Los Angeles on
the 8th)."""

from __future__ import annotations

import io
import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import duckdb
import pandas as pd
import pytest
from conftest import SAMPLE_DATA, run_cli

from studbook.analytics.clock import day_sql
from studbook.analytics.stats import DAY, Filters, selection
from studbook.api import open_database

TIMES = ("2026/03/07 23:30:00 ET", "2026/03/08 20:30:00 ET")


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = (SAMPLE_DATA / "stud-1-2-8max.txt").read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^PokerStars Hand #", text, re.M)][:3]
    hands = [text[a:b] for a, b in zip(starts, starts[1:])]
    retimed = [re.sub(r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET", when, hand, count=1) for hand, when in zip(hands, TIMES)]
    folder = tmp_path_factory.mktemp("days")
    (folder / "near-midnight.txt").write_text("".join(retimed), encoding="utf-8")
    db = folder / "hands.duckdb"
    with open_database(db) as opened:
        summary = opened.import_files([folder / "near-midnight.txt"])
    assert summary.hands == 2
    return db


def hands_of(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> int:
    status, out, err = run_cli(capsys, "stats", "--db", str(db), "--format", "csv", "--stat", "hands", *argv)
    if "no hands match these filters" in err:
        return 0
    assert status == 0, err
    frame = pd.read_csv(io.StringIO(out))
    counts = frame.loc[frame["stat"] == "hands", "done"]
    return int(counts.max()) if len(counts) else 0  # every player sat in both hands


def days_of(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> list[str]:
    status, out, err = run_cli(
        capsys, "stats", "--db", str(db), "--format", "csv", "--by", "date", "--stat", "hands", *argv
    )
    assert status == 0, err
    frame = pd.read_csv(io.StringIO(out))
    return sorted(str(d) for d in frame.loc[frame["stat"] == "hands", "date"])


def test_since_and_until_count_days_in_the_chosen_zone(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    """The hand of 04:30 UTC on the 8th is of the 8th in UTC and Paris, of the 7th in Los Angeles."""
    assert hands_of(capsys, database, "--since", "2026-03-08", "--timezone", "UTC") == 2
    assert hands_of(capsys, database, "--since", "2026-03-08", "--timezone", "Europe/Paris") == 2
    assert hands_of(capsys, database, "--since", "2026-03-08", "--timezone", "America/Los_Angeles") == 1
    assert hands_of(capsys, database, "--until", "2026-03-08", "--timezone", "America/Los_Angeles") == 1
    assert hands_of(capsys, database, "--until", "2026-03-08", "--timezone", "UTC") == 0


def test_the_default_zone_is_this_computers(
    capsys: pytest.CaptureFixture[str], database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TZ", "America/Los_Angeles")
    assert hands_of(capsys, database, "--since", "2026-03-08") == 1
    assert days_of(capsys, database) == ["2026-03-07", "2026-03-08"]
    monkeypatch.setenv("TZ", "UTC")
    assert hands_of(capsys, database, "--since", "2026-03-08") == 2
    assert days_of(capsys, database) == ["2026-03-08", "2026-03-09"]


def test_by_date_is_the_day_each_hand_is_shown_on(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    assert days_of(capsys, database, "--timezone", "America/Los_Angeles") == ["2026-03-07", "2026-03-08"]
    assert days_of(capsys, database, "--timezone", "UTC") == ["2026-03-08", "2026-03-09"]
    assert days_of(capsys, database, "--timezone", "Asia/Tokyo") == ["2026-03-08", "2026-03-09"]


def test_the_api_takes_the_zone_as_a_filter(database: Path) -> None:
    with open_database(database) as db:
        assert len(db.hands(since=date(2026, 3, 8), timezone="America/Los_Angeles")) == 1
        assert len(db.hands(since=date(2026, 3, 8), timezone="UTC")) == 2
        naive = datetime(2026, 3, 7, 21, 0)  # a naive time is in the zone too: 21:00 in LA is 05:00 UTC
        assert len(db.hands(since=naive, timezone="America/Los_Angeles")) == 1
        assert len(db.hands(since=naive, timezone="UTC")) == 2


def test_a_utc_day_under_any_name_is_the_rollups_day() -> None:
    """Counting in UTC, whatever the zone is called, keeps the expression the rollup's days are kept by,
    so that a dataset's rollup still answers ``--by date`` and ``--since``; another zone reads the raw rows."""
    for name in ("UTC", "Etc/UTC", "GMT"):
        assert selection(Filters(since=date(2026, 3, 8), timezone=name), ("date",)).exprs == (f"{DAY} AS date",)
        assert DAY in selection(Filters(since=date(2026, 3, 8), timezone=name), ()).where
    paris = selection(Filters(since=date(2026, 3, 8), timezone="Europe/Paris"), ("date",))
    assert DAY not in paris.where and paris.exprs == ("CAST(timezone('Europe/Paris', h.started_at) AS DATE) AS date",)


def test_a_zone_with_no_name_counts_days_by_its_offset() -> None:
    """A computer whose zone is only an offset (no IANA name to give DuckDB): 19:00 UTC is the next day
    at +05:30 and the same day at -05:00."""
    con = duckdb.connect()
    moment = datetime(2026, 3, 7, 19, 0, tzinfo=timezone.utc)
    for offset, day in ((timedelta(hours=5, minutes=30), date(2026, 3, 8)), (timedelta(hours=-5), date(2026, 3, 7))):
        sql = day_sql(timezone(offset), "CAST(? AS TIMESTAMPTZ)")
        assert con.execute(f"SELECT {sql}", [moment]).fetchall() == [(day,)]
