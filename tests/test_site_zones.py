"""Start times printed without a zone (KingsClub, the Winning Poker Network's 2016 client) are kept, in
the zone the site is known to print in (its NOTES.md) or the one the user gives, so ``--since`` selects
those hands and ``convert`` writes them; and every output shows its times in one zone."""

from __future__ import annotations

import html
import io
import re
from contextlib import redirect_stderr, redirect_stdout
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from conftest import corpus_path
from studbook.api import open_database
from studbook.cli.app import main
from studbook.engine.model import Hand
from studbook.parsers import parse_file
from studbook.parsers.reading import read_lines
from studbook.parsers.registry import SITES_BY_ID

EASTERN = ZoneInfo("America/New_York")


def _hands(path: Path, zones: dict[str, str] | None = None) -> list[Hand]:
    return [h for h in parse_file(path, zones or {}) if isinstance(h, Hand)]


def _kingsclub() -> Path:
    return corpus_path("fpdb", "KingsClub", "7-Stud-USD-44-88-202010.txt")


def _acr2016() -> Path:
    return corpus_path("fpdb", "Winning", "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt")


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("path", "printed"),
    [(_kingsclub, "2020-10-26 19:00:47"), (_acr2016, "Game started at: 2016/8/2 11:17:19")],
    ids=["kingsclub", "acr-2016"],
)
def test_a_time_without_a_zone_is_read_in_the_sites_zone(path: object, printed: str) -> None:
    file = path()  # type: ignore[operator]
    assert printed in "\n".join(read_lines(file))  # the file's own decoding (the 2016 client wrote UTF-16)
    first = _hands(file)[0]
    site = SITES_BY_ID[first.site]
    assert site.local_zone == "America/New_York"
    assert first.started_at is not None and first.started_at.tzinfo == EASTERN
    clock = tuple(map(int, re.findall(r"\d+", printed)))
    assert first.started_at.timetuple()[:6] == clock  # the printed clock, unchanged


def test_the_users_zone_overrides_the_sites_own() -> None:
    eastern = _hands(_kingsclub())
    london = _hands(_kingsclub(), {"kingsclub": "Europe/London"})
    for e, lo in zip(eastern, london, strict=True):
        assert e.started_at is not None and lo.started_at is not None
        assert lo.started_at.replace(tzinfo=None) == e.started_at.replace(tzinfo=None)
        assert lo.started_at.tzinfo == ZoneInfo("Europe/London")
        assert e.started_at - lo.started_at == lo.started_at.utcoffset() - e.started_at.utcoffset()  # type: ignore[operator]
    # a zone given for another site leaves these alone, and a printed zone is never moved
    assert [h.started_at for h in _hands(_kingsclub(), {"acr": "Europe/London"})] == [h.started_at for h in eastern]
    modern = corpus_path("fpdb", "Winning", "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt")
    assert [h.started_at for h in _hands(modern, {"acr": "Asia/Tokyo"})] == [h.started_at for h in _hands(modern)]


def test_import_stores_the_time_and_since_selects_it(tmp_path: Path) -> None:
    db_path = tmp_path / "kc.duckdb"
    with open_database(db_path) as db:
        db.import_files([_kingsclub()], site_timezones={"kingsclub": "Asia/Tokyo"})
        stored = db.sql("SELECT site_hand_id, started_at FROM hands")
    assert len(stored) == 1
    assert stored["started_at"].iloc[0].to_pydatetime() == datetime(2020, 10, 26, 10, 0, 47, tzinfo=timezone.utc)
    with open_database(db_path, read_only=True) as db:
        assert len(db.hands(since=date(2020, 10, 26))) == 1
        assert len(db.hands(since=date(2020, 10, 27))) == 0
        replayed = db.replay("kingsclub:37581152", timezone="UTC").hand.started_at  # the file read again
    assert replayed == datetime(2020, 10, 26, 10, 0, 47, tzinfo=timezone.utc)  # as imported, not the site's zone
    assert replayed is not None and replayed.utcoffset() == timedelta(0)
    status, out, _ = _cli("stats", "--db", str(db_path), "--since", "2020-10-26", "--min-hands", "1")
    assert status == 0 and "Player" in out
    status, _, err = _cli("stats", "--db", str(db_path), "--until", "2020-10-26", "--min-hands", "1")
    assert status == 2 and "no hands" in err


def test_a_zone_that_cannot_apply_is_refused_saying_why(tmp_path: Path) -> None:
    with open_database(tmp_path / "x.duckdb") as db:
        with pytest.raises(ValueError, match="pokerstars prints the zone of its times"):
            db.import_files([_kingsclub()], site_timezones={"pokerstars": "UTC"})
        with pytest.raises(ValueError, match="unknown time zone 'Mars/Olympus'"):
            db.import_files([_kingsclub()], site_timezones={"kingsclub": "Mars/Olympus"})
    with pytest.raises(SystemExit) as stop:
        _cli("import", str(_kingsclub()), "--db", str(tmp_path / "y.duckdb"), "--site-timezone", "kingsclub")
    assert stop.value.code == 2


def test_convert_writes_the_hands_it_used_to_leave_out(tmp_path: Path) -> None:
    status, out, err = _cli("convert", str(_kingsclub()), "--to", "pokerstars", "--out", str(tmp_path / "ps"))
    assert status == 0, err
    assert "(set Hand.started_at)" not in err
    written = (tmp_path / "ps" / _kingsclub().name).read_text(encoding="utf-8")
    assert "- 2020/10/26 19:00:47 ET" in written


def _report_and_replay_times(db_path: Path, out: Path, *zone: str) -> tuple[str, str, str]:
    with open_database(db_path, read_only=True) as db:
        player = str(db.sql("SELECT player FROM hand_players ORDER BY player LIMIT 1")["player"].iloc[0])
    status, _, err = _cli("report", "--db", str(db_path), "--player", player, "--out", str(out), *zone)
    assert status == 0, err
    index = html.unescape((out / "index.html").read_text(encoding="utf-8"))
    row = re.search(r"<a href='(hand-[^']+)'>kingsclub:37581152</a></td><td>([^<]+)</td>", index)
    assert row is not None
    page = html.unescape((out / row[1]).read_text(encoding="utf-8"))
    status, text, err = _cli("replay", "kingsclub:37581152", "--db", str(db_path), *zone)
    assert status == 0, err
    return row[2], page, text.splitlines()[0]


def test_report_and_replay_show_one_zone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db_path = tmp_path / "kc.duckdb"
    with open_database(db_path) as db:
        db.import_files([_kingsclub()])
    shown, page, text = _report_and_replay_times(db_path, tmp_path / "tokyo", "--timezone", "Asia/Tokyo")
    assert shown == "2020-10-27 08:00 JST"  # 19:00:47 EDT
    assert shown in page and shown in text
    monkeypatch.setenv("TZ", "America/Denver")  # no --timezone: the computer's own zone
    shown, page, text = _report_and_replay_times(db_path, tmp_path / "local")
    assert shown == "2020-10-26 17:00 MDT"
    assert shown in page and shown in text
