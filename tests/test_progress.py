"""Import progress: bytes reported while a file is parsed (not only when it is done), each byte once,
and the tqdm bar that shows them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import SAMPLE_DATA
from samples import Recorder

from studbook.analytics.store import open_store
from studbook.cli.progress import Progress
from studbook.pipeline.importer import run_import
from studbook.pipeline.progress import OFFSET_BLOCK, FileReader, LineOffsets


def first_hands(source: Path, target: Path, size: int) -> Path:
    """The hands of ``source`` that start in its first ``size`` bytes, as a file of their own."""
    text = source.read_text(encoding="utf-8")
    cut = text.index("PokerStars Hand #", size)
    target.write_text(text[:cut], encoding="utf-8")
    return target


def test_line_offsets_place_each_line_in_its_block(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    lines = [f"line {i:05d}\n" for i in range(20_000)]  # 11 bytes a line
    path.write_text("".join(lines))
    offsets = LineOffsets.scan(path, block=4096)
    assert offsets.size == path.stat().st_size == 220_000
    for line in (1, 2, 372, 373, 10_000, 20_000):
        start = 11 * (line - 1)  # byte offset where the line starts
        before = offsets.before(line)
        assert before <= start < before + 2 * 4096, line


def test_file_reader_reports_each_byte_once(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_text("x\n" * 100_000)
    got: list[int] = []
    reader = FileReader(LineOffsets.scan(path), got.append)
    for line in (1, 30_000, 10, 60_000, 60_000):  # out of order and repeated lines report nothing new
        reader.at_line(line)
    reader.finish()
    reader.finish()
    assert sum(got) == 200_000 and all(n > 0 for n in got)


def test_bytes_are_reported_while_a_file_is_parsed(tmp_path: Path) -> None:
    hands = first_hands(SAMPLE_DATA / "stud-1-2-8max.txt", tmp_path / "stud.txt", 4 * OFFSET_BLOCK)
    recorder = Recorder()
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([hands], store, workers=1, progress=recorder)
    kinds = [kind for kind, _ in recorder.calls]
    assert kinds[0] == "start" and kinds[-2:] == ["stored", "finish"]
    reads = [n for kind, n in recorder.calls if kind == "read"]
    assert len(reads) >= 4, "the bytes of one file must be reported in steps while it is read"
    assert sum(reads) == hands.stat().st_size == recorder.calls[0][1]
    assert recorder.calls[-2] == ("stored", summary.hands) and summary.hands > 0


@pytest.mark.slow
def test_bytes_of_every_file_are_reported_with_workers(tmp_path: Path) -> None:
    files = [
        first_hands(SAMPLE_DATA / name, tmp_path / name, 2 * OFFSET_BLOCK)
        for name in ("stud-1-2-8max.txt", "razz-0.50-1-2to8.txt", "stud8-1-2-5to8.txt")
    ]
    recorder = Recorder()
    with open_store(tmp_path / "db.duckdb") as store:
        run_import(files, store, workers=2, progress=recorder)
    reads = sum(n for kind, n in recorder.calls if kind == "read")
    assert reads == sum(f.stat().st_size for f in files) == recorder.calls[0][1]
    assert [kind for kind, _ in recorder.calls].count("stored") == 3


def test_progress_draws_bytes_files_and_hands_only_when_enabled() -> None:
    quiet, shown = io.StringIO(), io.StringIO()
    for stream, enabled in ((quiet, False), (shown, True)):
        progress = Progress(stream, enabled)
        progress.start(total_bytes=3 * 1024, files=3)
        for hands in (10, 20, 30):
            progress.read(1024)
            progress.stored(hands)
        progress.finish()
    assert quiet.getvalue() == ""
    final = shown.getvalue().rsplit("\r", 1)[-1]
    assert "100%" in final and "3.00k/3.00k" in final and "3/3 files, 30 hands" in final
    assert "<00:00" in final, "the bar shows the time left"
    assert shown.getvalue().endswith("\n")


def test_progress_is_off_by_default_when_not_a_terminal() -> None:
    assert not Progress(io.StringIO()).enabled


@pytest.mark.parametrize("quiet", [True, False])
def test_import_command_draws_nothing_off_a_terminal(
    quiet: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from studbook.cli import main

    extra = ["--quiet"] if quiet else []
    assert (
        main(["import", str(SAMPLE_DATA / "edge-cases"), "--db", str(tmp_path / "db.duckdb"), "--workers", "1", *extra])
        == 0
    )
    assert "importing" not in capsys.readouterr().err


def test_the_bar_takes_the_terminal_width_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """tqdm asked alone draws nothing on a terminal that reports 0 x 0; the bar is told the size."""
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setenv("LINES", "20")
    shown = io.StringIO()
    progress = Progress(shown, enabled=True)
    progress.start(total_bytes=10 * 1024 * 1024, files=2)
    progress.read(5 * 1024 * 1024)
    progress.stored(100)
    progress.finish()
    lines = [line for line in shown.getvalue().replace("\r", "\n").splitlines() if line]
    assert lines and all(len(line) <= 60 for line in lines)
    assert "importing:" in lines[-1] and "50%" in lines[-1]  # (what does not fit is cut, never wrapped)
