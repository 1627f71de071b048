"""``stats --tournaments`` and ``chart tournaments`` on the sample data's sit-and-gos and their
simulated summaries: the figures printed are those of the summaries, worked out again here from the
files themselves, per unit."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from datetime import date, datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from conftest import SAMPLE_DATA
from PIL import Image

from studbook.cli.app import main
from studbook.parsers.tournament_sites import read_summary_file
from studbook.parsers.tournaments import TournamentResult

HERO = "Ottilie Brandt"
HANDS = SAMPLE_DATA / "triple-stud-sng-1500-chips.txt"
SUMMARIES = SAMPLE_DATA / "summaries" / "triple-stud-sng-1500-chips.txt"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("t") / "t.duckdb")
    with redirect_stdout(io.StringIO()):
        assert main(["import", str(HANDS), str(SUMMARIES), "--db", path]) == 0
    return path


def _out(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def _hero_results() -> list[tuple[int, int, int]]:
    """(cost, prize, finish) of each tournament the hero finished, read off the summary file."""
    told = [t for t in read_summary_file(str(SUMMARIES)) or [] if isinstance(t, TournamentResult)]
    assert len(told) == 12
    found = []
    for t in told:
        p = t.player(HERO)
        assert p is not None and t.buy_in is not None and t.fee is not None
        if p.finish is not None:
            found.append((t.buy_in + t.fee, p.prize or 0, p.finish))
    return found


def test_stats_tournaments_equal_the_summaries(db: str) -> None:
    (row,) = json.loads(_out("stats", "--db", db, "--tournaments", "--player", HERO, "--format", "json"))
    results = _hero_results()
    cost = sum(c for c, _, _ in results)
    won = sum(w for _, w, _ in results)
    cashes = sum(1 for _, w, _ in results if w > 0)
    assert (row["unit"], row["tournaments"], row["cashes"], row["cost"], row["won"]) == (
        "USD",
        len(results),
        cashes,
        cost,
        won,
    )
    assert row["profit"] == won - cost and row["roi_pct"] == pytest.approx(100 * (won - cost) / cost)
    assert row["avg_finish"] == pytest.approx(sum(f for _, _, f in results) / len(results))
    assert row["roi_low_pct"] <= row["roi_pct"] <= row["roi_high_pct"]
    text = _out("stats", "--db", db, "--tournaments", "--player", HERO, "--by", "buy_in")
    line = next(x for x in text.splitlines() if x.startswith(HERO))
    assert "$10+$1" in line and f"({cashes}/{len(results)})" in line and f"-${(cost - won) // 100}" in line


def test_stats_tournaments_refuses_what_it_cannot_break_down_by(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", db, "--tournaments", "--by", "stakes"]) != 0
    assert "--tournaments breaks results down by game, buy_in, site, mixed" in capsys.readouterr().err


def test_chart_tournaments_draws_a_png(db: str, tmp_path: Path) -> None:
    out = tmp_path / "t.png"
    assert f"wrote {out}" in _out("chart", "tournaments", "--db", db, "--player", HERO, "--out", str(out))
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size[0] > 600 and image.size[1] > 300


def test_chart_tournaments_of_a_player_with_none_says_so(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["chart", "tournaments", "--db", db, "--player", "nobody", "--out", str(tmp_path / "x.png")]) != 0
    assert "nobody has no finished tournament" in capsys.readouterr().err


def test_report_has_a_tournaments_section_of_the_same_figures(db: str, tmp_path: Path) -> None:
    out = tmp_path / "report"
    _out("report", "--db", db, "--player", HERO, "--out", str(out))
    page = (out / "index.html").read_text(encoding="utf-8")
    section = page[page.index('<section id="tournaments">') :]
    section = section[: section.index("</section>")]
    results = _hero_results()
    cashes = sum(1 for _, w, _ in results if w > 0)
    assert f"<h2>Tournaments ({len(results)})</h2>" in section
    assert f"({cashes}/{len(results)})" in section and section.count("<td>$10+$1</td>") == len(results)


def test_the_players_card_ends_with_his_tournaments(db: str) -> None:
    card = _out("stats", "--db", db, "--player", HERO)
    results = _hero_results()
    cashes = sum(1 for _, w, _ in results if w > 0)
    tail = card[card.index("Tournaments (USD)") :]
    assert f"{len(results)} finished" in tail and f"({cashes}/{len(results)})" in tail
    assert "Results (tournament chips)" in card  # the chips won at the tables stay in their own section


def test_tournament_times_and_days_are_in_the_chosen_zone(db: str, tmp_path: Path) -> None:
    """The report's recent tournaments show their start in --timezone's zone, as its other times; and
    --since counts a day of that zone: the summary's 2026/03/07 15:00 ET (20:00 UTC) start is of the 8th
    in Tokyo."""
    told = [t for t in read_summary_file(str(SUMMARIES)) or [] if isinstance(t, TournamentResult)]
    first = next(t for t in told if t.tournament_id == "2552158")
    assert first.started_at is not None and first.started_at.astimezone(timezone.utc).hour == 20
    for zone, shown in (("UTC", "2026-03-07 20:00 UTC"), ("Asia/Tokyo", "2026-03-08 05:00 JST")):
        out = tmp_path / zone.replace("/", "-")
        _out("report", "--db", db, "--player", HERO, "--out", str(out), "--timezone", zone)
        page = (out / "index.html").read_text(encoding="utf-8")
        assert f"<td>{shown}</td>" in page[page.index('<section id="tournaments">') :]

    def finished_since(day: date, zone: str) -> int:
        starts = [t.started_at for t in told if (p := t.player(HERO)) is not None and p.finish is not None]
        midnight = datetime(day.year, day.month, day.day, tzinfo=ZoneInfo(zone))
        return sum(1 for s in starts if s is not None and s >= midnight)

    for zone in ("UTC", "Asia/Tokyo", "America/Los_Angeles"):
        args = ("stats", "--db", db, "--tournaments", "--player", HERO, "--format", "json", "--timezone", zone)
        rows = json.loads(_out(*args, "--since", "2026-03-08"))
        assert sum(r["tournaments"] for r in rows) == finished_since(date(2026, 3, 8), zone)
    assert finished_since(date(2026, 3, 8), "Asia/Tokyo") > finished_since(date(2026, 3, 8), "UTC")
