"""Reading the database while ``studbook import --watch`` writes it (docs/architecture.md, "Live reading").

The watch holds the file only while it stores a part and readers open it read-only, waiting for the
part being stored: so every reading command works during a watch and sees whole parts. The long test
runs the real commands in child processes while a second process appends hands, then kills the watch
in the middle of a part and runs it again. No test asserts a duration; the timeouts are generous.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest
from live_session import (
    HERO,
    child_env,
    hand_id,
    sample_hands,
    start_appender,
    start_watch,
    studbook,
    wait_for_line,
)

from studbook import api
from studbook.analytics.store import DatabaseBusy, StoreError, open_store
from studbook.pipeline.watch import claim_watch

HOLD = """
import sys, time
from studbook.analytics.store import open_store
store = open_store(sys.argv[1], read_only=sys.argv[2] == "read")
print("holding", flush=True)
time.sleep(float(sys.argv[3]))
"""


def hold(db: Path, mode: str, seconds: float) -> subprocess.Popen[str]:
    """A child process holding ``db`` open (``mode`` ``read`` or ``write``) for ``seconds``."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(db), mode, str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    assert process.stdout is not None and process.stdout.readline() == "holding\n"
    return process


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "w.duckdb"
    with api.open_database(path) as made:
        made.import_files([api.SAMPLE_DATA / "edge-cases"])
    return path


def test_a_reader_waits_for_a_writer_and_then_reads(db: Path) -> None:
    writer = hold(db, "write", 1.0)
    try:
        with open_store(db, read_only=True, wait=60) as store:  # waits for the writer to close
            assert store.table_counts()["hands"] == 5
    finally:
        writer.wait(timeout=60)


@pytest.mark.parametrize(("held", "wanted"), [("write", True), ("write", False), ("read", False)])
def test_a_database_held_too_long_is_said_in_one_line_naming_its_holder(db: Path, held: str, wanted: bool) -> None:
    holder = hold(db, held, 30)
    try:
        with pytest.raises(DatabaseBusy) as found:
            open_store(db, read_only=wanted, wait=0.2)
    finally:
        holder.kill()
        holder.wait(timeout=60)
    message = str(found.value)
    assert found.value.holder == holder.pid
    assert f"process {holder.pid} (" in message and "\n" not in message
    assert "IO Error" not in message and "duckdb.org" not in message
    assert ("reading" if held == "read" else "writing") in message


READ_LOOPS = """
import sys, threading, time
from studbook.analytics.store import open_store
def loop():
    end = time.monotonic() + 120
    while time.monotonic() < end:
        with open_store(sys.argv[1], read_only=True, wait=120) as store:
            store.con.execute("SELECT count(*) FROM hand_players").fetchone()
threads = [threading.Thread(target=loop, daemon=True) for _ in range(3)]
for t in threads:
    t.start()
print("reading", flush=True)
for t in threads:
    t.join()
"""


def test_a_writer_gets_its_turn_among_readers_that_never_stop(db: Path) -> None:
    """Three threads opening the database read-only one after the other always have one of them
    connected, so DuckDB's lock alone never lets a writer in; the turnstile does."""
    readers = subprocess.Popen(
        [sys.executable, "-c", READ_LOOPS, str(db)], stdout=subprocess.PIPE, text=True, env=child_env()
    )
    try:
        assert readers.stdout is not None and readers.stdout.readline() == "reading\n"
        time.sleep(0.5)
        with open_store(db, wait=2) as writer:
            assert writer.table_counts()["hands"] == 5
    finally:
        readers.kill()
        readers.wait(timeout=60)


def test_a_read_only_database_lets_go_of_the_file_between_calls(db: Path) -> None:
    notebook = api.open_database(db, read_only=True)
    try:
        before = int(notebook.sql("SELECT count(*) AS n FROM hands")["n"][0])
        with open_store(db, wait=0) as writer:  # free at once: the notebook holds nothing between calls
            writer.con.execute("DELETE FROM hands WHERE hand_id = 'pokerstars:900000000001'")
        assert int(notebook.sql("SELECT count(*) AS n FROM hands")["n"][0]) == before - 1
        assert notebook.replay("900000000002").hand.site_hand_id == "900000000002"
    finally:
        notebook.close()
    with pytest.raises(StoreError, match="closed"):
        notebook.sql("SELECT 1")


def test_a_second_watch_on_one_database_is_refused(db: Path) -> None:
    with claim_watch(db):
        with pytest.raises(StoreError, match=rf"already being watched into by process {os.getpid()} "):
            with claim_watch(db):
                pass
    with claim_watch(db):  # let go when the first ends
        pass


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(studbook(*args), capture_output=True, text=True, timeout=300, env=child_env(), check=False)


def snapshot(db: Path) -> dict[str, object]:
    """What an API reader sees: hands, hands per finished import, journal rows, and per file the lines
    of its stored hands."""
    with api.open_database(db, read_only=True) as reader:
        counts = reader.sql(
            "SELECT (SELECT count(*) FROM hands) AS hands, (SELECT coalesce(sum(hands), 0) FROM imports) AS imported, "
            "(SELECT count(*) FROM import_journal) AS journal"
        ).iloc[0]
        lines = reader.sql("SELECT source_file, list(source_line ORDER BY source_line) AS at FROM hands GROUP BY 1")
        newest = reader.sql("SELECT hand_id FROM hands ORDER BY started_at DESC, hand_id LIMIT 1")
    return {
        "hands": int(counts["hands"]),
        "imported": int(counts["imported"]),
        "journal": int(counts["journal"]),
        "lines": {Path(f).name: list(at) for f, at in zip(lines["source_file"], lines["at"])},
        "newest": str(newest["hand_id"][0]) if len(newest) else None,
    }


def header_lines(path: Path) -> list[int]:
    """The line of every hand header of a file as it is now."""
    if not path.exists():
        return []
    return [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "PokerStars Hand #" in line]


def test_every_reader_works_while_the_watch_writes_and_a_killed_watch_loses_nothing(tmp_path: Path) -> None:
    folder, db = tmp_path / "hh", tmp_path / "w.duckdb"
    folder.mkdir()
    played = sample_hands("stud-1-2-8max.txt", 40)
    watch = start_watch(folder, db)
    try:
        wait_for_line(watch, "^watching ")
        appender = start_appender(folder, played, tables=2, delay=0.4, work=tmp_path)
        seen: list[dict[str, object]] = []
        hero_hands: list[int] = []
        failures: list[BaseException] = []
        waits: list[float] = []

        def api_reader() -> None:  # a notebook asking again and again
            while appender.poll() is None or len(seen) < 3:
                asked = time.perf_counter()
                now = snapshot(db)
                waits.append(time.perf_counter() - asked)
                # whole parts only: no journal, every hand in a finished import, each file's stored
                # hands exactly its first ones
                assert now["journal"] == 0 and now["hands"] == now["imported"], now
                for name, lines in now["lines"].items():  # type: ignore[attr-defined]
                    assert lines == header_lines(folder / name)[: len(lines)], (name, lines)
                seen.append(now)

        def command_reader() -> None:  # the player looking at his hands from a terminal
            rounds = 0
            while appender.poll() is None or rounds < 2:
                rounds += 1
                stats = run("stats", "--db", str(db), "--player", HERO, "--format", "json")
                assert stats.returncode == 0, stats.stderr
                hero_hands.append(next(r["done"] for r in json.loads(stats.stdout) if r["stat"] == "hands"))
                newest = snapshot(db)["newest"]
                replayed = run("replay", str(newest), "--db", str(db))
                assert replayed.returncode == 0, replayed.stderr
                assert str(newest).split(":")[1] in replayed.stdout
                report = run("report", "--player", HERO, "--db", str(db), "--out", str(tmp_path / "report"))
                assert report.returncode == 0, report.stderr
                if rounds == 1:  # the other two readers, once: they open the file as stats does
                    chart = run(
                        "chart", "winnings", "--player", HERO, "--db", str(db), "--out", str(tmp_path / "w.png")
                    )
                    exported = run("export", "--db", str(db), "--out", str(tmp_path / "parquet"))
                    assert chart.returncode == exported.returncode == 0, chart.stderr + exported.stderr

        def recording(reader: Callable[[], None]) -> Callable[[], None]:
            def run_it() -> None:
                try:
                    reader()
                except BaseException as exc:  # the test's thread raises it
                    failures.append(exc)

            return run_it

        wait_for_count(db, 1)  # a hand to replay
        readers = [threading.Thread(target=recording(r)) for r in (api_reader, command_reader)]
        for thread in readers:
            thread.start()
        for thread in readers:
            thread.join(timeout=600)
        if failures:
            raise failures[0]
        assert appender.wait(timeout=60) == 0
        counts = [int(s["hands"]) for s in seen]  # type: ignore[call-overload]
        assert counts == sorted(counts) and len({*counts}) > 2, f"the readers should have seen the count grow: {counts}"
        assert hero_hands == sorted(hero_hands) and hero_hands[-1] > hero_hands[0], hero_hands
        print(f"{len(waits)} API reads beside the watch, the longest {max(waits):.2f} s (opening and three queries)")

        # a second writer is told who holds the database, in one line
        second = run("import", "--watch", str(folder), "--db", str(db))
        assert second.returncode == 2 and second.stderr.count("\n") == 1, second.stderr
        assert f"already being watched into by process {watch.pid} (studbook import --watch" in second.stderr

        everything = wait_for_count(db, len(played))
        assert everything == len(played)
        # a big part, killed while it is being stored: its first chunk committed, its end not yet
        big = sample_hands("stud8-1-2-5to8.txt") + sample_hands("razz-0.50-1-2to8.txt", 1000)
        wal = Path(f"{db}.wal")
        # written beside the folder and moved in whole: a watch that met it half written would store the
        # half it saw as a part of its own, whole, which the kill below would then rightly leave in place
        staged = tmp_path / "big.txt"
        staged.write_text("".join(big), encoding="utf-8")
        staged.replace(folder / "big.txt")
        deadline = time.monotonic() + 300
        while not (wal.exists() and wal.stat().st_size > 8 << 20):
            assert time.monotonic() < deadline and watch.poll() is None, "the watch never began the big part"
            time.sleep(0.002)
        watch.send_signal(signal.SIGKILL)
        watch.wait(timeout=60)
    finally:
        if watch.poll() is None:
            watch.kill()
            watch.wait(timeout=60)
    with duckdb.connect(str(db), read_only=True) as con:  # as the kill left it, before studbook cleans it
        left = con.execute("SELECT count(*) FROM import_journal").fetchone()
    assert left is not None and left[0] > 0, "the kill should have come in the middle of the part"
    assert snapshot(db)["hands"] == everything  # the half-stored part taken out before anyone reads

    again = start_watch(folder, db)
    try:
        wait_for_line(again, "^watching ")
        wait_for_count(db, len(played) + len(big))
        again.send_signal(signal.SIGINT)
        assert again.wait(timeout=60) == 0
    finally:
        if again.poll() is None:
            again.kill()
            again.wait(timeout=60)
    with open_store(db, read_only=True) as store:
        ids = [r[0] for r in store.con.execute("SELECT hand_id FROM hands").fetchall()]
        before = store.table_counts()
    assert sorted(ids) == sorted(hand_id(t) for t in played + big)  # nothing lost, nothing doubled
    one_shot = run("import", str(folder), "--db", str(db))
    assert one_shot.returncode == 0, one_shot.stderr
    assert re.search(r"^hands imported: +0$", one_shot.stdout, re.M), one_shot.stdout
    with open_store(db, read_only=True) as store:
        assert store.table_counts() == before


def wait_for_count(db: Path, hands: int, timeout: float = 300) -> int:
    """Read the database until it holds ``hands`` hands or more (each read a reader's, the watch
    running); returns how many it holds."""
    deadline = time.monotonic() + timeout
    while (found := int(snapshot(db)["hands"])) < hands:  # type: ignore[call-overload]
        assert time.monotonic() < deadline, f"{found} hands stored of {hands}"
        time.sleep(0.2)
    return found


def test_the_live_page_keeps_each_unit_apart_and_lists_the_session_only(tmp_path: Path) -> None:
    """Cash hands in dollars and sit-and-go hands in chips in one session: each has its own results
    and all-in luck, never a sum; the opponents are those of the tables of the last hands; hands
    before the session's start are left out of it but counted in the opponents' stats."""
    from studbook.analytics.html_session import Session, gather_live, live_page

    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "old.txt").write_text("".join(sample_hands("stud-1-2-8max.txt", 30)), encoding="utf-8")
    (folder / "cash.txt").write_text("".join(sample_hands("stud-1-2-8max.txt", 40, skip=1000)), encoding="utf-8")
    (folder / "sng.txt").write_text("".join(sample_hands("triple-stud-sng-1500-chips.txt", 40)), encoding="utf-8")
    db = tmp_path / "w.duckdb"
    with api.open_database(db) as made:
        made.import_files([folder])
    with open_store(db, read_only=True) as store:
        con = store.con
        (start,) = con.execute(
            "SELECT min(started_at) FROM hands WHERE source_file NOT LIKE '%old.txt'"
        ).fetchone() or (None,)
        (old_last,) = con.execute("SELECT max(started_at) FROM hands WHERE source_file LIKE '%old.txt'").fetchone() or (
            None,
        )
        assert old_last < start, "the old file's hands come before the session"
        live = gather_live(con, Session(HERO, start))
        text = live_page(live, {})
        session_hands = con.execute("SELECT count(*) FROM hands WHERE started_at >= ?", [start]).fetchone()
        everyone = dict(con.execute("SELECT player, count(*) FROM hand_players GROUP BY 1").fetchall())
    assert live.hands == (session_hands[0] if session_hands else 0) == 80
    assert live.report is not None and live.report.hands == 80
    assert [title for title, _ in live.report.money] == ["Results (USD $)", "Results (tournament chips)"]
    assert "Results (USD $)" in text and "Results (tournament chips)" in text
    assert [label for label, _ in live.luck] == [
        label for label in ("All-in luck (USD)", "All-in luck (tournament chips)") if label in dict(live.luck)
    ]
    assert len(live.last) == 12 and live.last == tuple(sorted(live.last, key=lambda r: r.started, reverse=True))
    assert all(o.player != HERO for o in live.opponents) and live.opponents
    newest_tables = {live.table_of[r.hand_id] for r in live.last[:1]}
    assert newest_tables <= {o.table for o in live.opponents}
    assert 'http-equiv="refresh"' in text and "data-hands='80'" in text
    # the opponents' stats are over the whole database, the old file's hands too
    assert all(dict(o.stats)["Hands"] == f"{everyone[o.player]:,}" for o in live.opponents), live.opponents


def test_a_page_without_a_watch_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from studbook.cli.app import main

    assert main(["import", str(tmp_path), "--db", str(tmp_path / "w.duckdb"), "--page", "live.html"]) == 2
    assert "--page is the live page of a watch: add --watch" in capsys.readouterr().err


def test_a_watch_kept_out_of_its_database_stores_nothing_says_who_and_stores_later(db: Path, tmp_path: Path) -> None:
    from studbook.pipeline.watch import BUSY_BACKOFF, Watcher

    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "t.txt").write_text("".join(sample_hands("stud-1-2-8max.txt", 3)), encoding="utf-8")
    clock = [0.0]
    watcher = Watcher([folder], db, settle=0.5, clock=lambda: clock[0])
    holder = hold(db, "write", 60)
    try:
        assert watcher.poll() == []
        assert watcher.busy is not None and f"process {holder.pid} (" in watcher.busy
        clock[0] += BUSY_BACKOFF / 2
        assert watcher.poll() == [] and watcher.busy is not None  # resting: not even tried
    finally:
        holder.kill()
        holder.wait(timeout=60)
    clock[0] += BUSY_BACKOFF + 3600  # the rest over, the file long quiet
    assert sum(p.counts.hands for p in watcher.poll()) == 3 and watcher.busy is None
    with open_store(db, read_only=True) as store:
        assert store.table_counts()["hands"] == 5 + 3
