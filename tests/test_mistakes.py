"""The mistakes a user makes, command by command: each gets one clear line on stderr (``studbook: error:
...``, saying what to do), a non-zero exit, nothing on stdout, and nothing created, and the same kind of
mistake gets the same words and status in every command that can meet it.

The table is :data:`MISTAKES`: one row per mistake and command, with the status and the words the line
must hold. Paths in it are names inside the test's folder (:func:`place`), made by the fixture."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from conftest import SAMPLE_DATA
from studbook.analytics.store import open_store
from studbook.cli.app import main
from studbook.pipeline.importer import run_import

EDGE_CASES = SAMPLE_DATA / "edge-cases"
HAND = "900000000101"
"""A hand of the edge cases (stud8-quartered-low.txt), played by Farah."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One row of the table: the ``kind`` of mistake, the command line (``{name}`` are the fixture's
    paths), the exit ``status`` and the words the one line on stderr must hold; ``absent`` are paths
    the command must not have created."""

    kind: str
    argv: tuple[str, ...]
    status: int
    words: tuple[str, ...]
    absent: tuple[str, ...] = ()


MISSING = ("no such file or folder",)
NO_DATABASE = ("no such database", "studbook import")
NOT_A_DATASET = ("a folder but no studbook dataset",)
NOTHING = ("no hand-history files",)
EMPTY = ("an empty file (no hands)",)
BINARY = ("not a hand history (binary data",)
A_FILE = ("is a file, not a folder",)
A_FOLDER = ("is a folder; give",)

MISTAKES: tuple[Mistake, ...] = (
    # an unknown player: the same name in other capitals, or the closest names
    Mistake("unknown player", ("stats", "--db", "{db}", "--player", "farah"), 2, ("did you mean 'Farah'",)),
    Mistake("unknown player", ("stats", "--db", "{db}", "--player", "Farrah"), 2, ("closest names: 'Farah'",)),
    Mistake("unknown player", ("stats", "--db", "{db}", "--player", "Nobody", "--winrate"), 2, ("most hands",)),
    Mistake(
        "unknown player",
        ("chart", "winnings", "--db", "{db}", "--player", "farah", "--out", "{new}.png"),
        2,
        ("did you mean 'Farah'",),
        ("{new}.png",),
    ),
    Mistake(
        "unknown player",
        ("report", "--db", "{db}", "--player", "Farrah", "--out", "{new}"),
        2,
        ("closest names: 'Farah'",),
        ("{new}",),
    ),
    Mistake("unknown player", ("replay", HAND, "--db", "{db}", "--as", "Nobody"), 2, ("did not play", "Farah")),
    # an unknown hand
    Mistake("unknown hand", ("replay", "123", "--db", "{db}"), 2, ("hand 123 is not in the database",)),
    Mistake(
        "unknown hand",
        ("replay", "123", "--db", "{db}", "--html", "{new}.html"),
        2,
        ("not in the database",),
        ("{new}.html",),
    ),
    # a path that does not exist
    Mistake("path missing", ("import", "{missing}", "--db", "{new}.duckdb"), 2, MISSING, ("{new}.duckdb",)),
    Mistake("path missing", ("audit", "{missing}"), 2, MISSING),
    Mistake("path missing", ("convert", "{missing}", "--to", "phh", "--out", "{new}"), 2, MISSING, ("{new}",)),
    Mistake("path missing", ("stats", "--db", "{missing}.duckdb"), 2, NO_DATABASE),
    Mistake(
        "path missing",
        ("chart", "bb100", "--db", "{missing}.duckdb", "--player", "Farah", "--out", "{new}.png"),
        2,
        NO_DATABASE,
        ("{new}.png",),
    ),
    Mistake("path missing", ("replay", HAND, "--db", "{missing}.duckdb"), 2, NO_DATABASE),
    Mistake(
        "path missing",
        ("report", "--db", "{missing}.duckdb", "--player", "Farah", "--out", "{new}"),
        2,
        NO_DATABASE,
        ("{new}",),
    ),
    Mistake("path missing", ("export", "--db", "{missing}.duckdb", "--out", "{new}"), 2, NO_DATABASE, ("{new}",)),
    # a folder without a hand history
    Mistake("nothing readable", ("import", "{nothing}", "--db", "{new}.duckdb"), 1, NOTHING, ("{new}.duckdb",)),
    Mistake("nothing readable", ("audit", "{nothing}"), 1, NOTHING),
    Mistake("nothing readable", ("convert", "{nothing}", "--to", "phh", "--out", "{new}"), 1, NOTHING, ("{new}",)),
    # an empty file
    Mistake("empty file", ("import", "{empty}", "--db", "{new}.duckdb"), 1, EMPTY, ("{new}.duckdb",)),
    Mistake("empty file", ("audit", "{empty}"), 1, EMPTY),
    Mistake("empty file", ("convert", "{empty}", "--to", "phh", "--out", "{new}"), 1, EMPTY, ("{new}",)),
    # a binary file named like a hand history
    Mistake("binary file", ("import", "{binary}", "--db", "{new}.duckdb"), 1, BINARY, ("{new}.duckdb",)),
    Mistake("binary file", ("audit", "{binary}"), 1, BINARY),
    Mistake("binary file", ("convert", "{binary}", "--to", "phh", "--out", "{new}"), 1, BINARY, ("{new}",)),
    # a folder where a file is needed
    Mistake(
        "folder for a file",
        ("chart", "winnings", "--db", "{db}", "--player", "Farah", "--out", "{folder}"),
        2,
        A_FOLDER,
    ),
    Mistake("folder for a file", ("replay", HAND, "--db", "{db}", "--html", "{folder}"), 2, A_FOLDER),
    Mistake("folder for a file", ("stats", "--db", "{folder}"), 2, NOT_A_DATASET),
    Mistake("folder for a file", ("export", "--db", "{folder}", "--out", "{new}"), 2, NOT_A_DATASET, ("{new}",)),
    Mistake("folder for a file", ("replay", HAND, "--db", "{folder}"), 2, NOT_A_DATASET),
    Mistake("folder for a file", ("import", "{edge}", "--db", "{folder}"), 2, ("is a folder", "--dask")),
    # a file where a folder is needed
    Mistake("file for a folder", ("convert", "{edge}", "--to", "phh", "--out", "{file}"), 2, A_FILE),
    Mistake("file for a folder", ("export", "--db", "{db}", "--out", "{file}"), 2, A_FILE),
    Mistake("file for a folder", ("simulate", "--hands", "3", "--out", "{file}"), 2, A_FILE),
    Mistake("file for a folder", ("report", "--db", "{db}", "--player", "Farah", "--out", "{file}"), 2, A_FILE),
    # an output that cannot be written (its folder is a file)
    Mistake(
        "unwritable output",
        ("chart", "winnings", "--db", "{db}", "--player", "Farah", "--out", "{file}/c.png"),
        2,
        A_FILE,
    ),
    Mistake("unwritable output", ("replay", HAND, "--db", "{db}", "--html", "{file}/h.html"), 2, A_FILE),
    Mistake(
        "unwritable output",
        ("convert", "{edge}", "--to", "phh", "--out", "{file}/out"),
        2,
        ("cannot create the folder",),
    ),
    Mistake("unwritable output", ("export", "--db", "{db}", "--out", "{file}/out"), 2, ("cannot create the folder",)),
    Mistake("unwritable output", ("simulate", "--hands", "3", "--out", "{file}/out"), 2, ("cannot create the folder",)),
    Mistake(
        "unwritable output",
        ("report", "--db", "{db}", "--player", "Farah", "--out", "{file}/out"),
        2,
        ("cannot create the folder",),
    ),
)


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The paths the table names: a database of the edge cases, a folder with no hand history, an
    empty and a binary ``.txt``, a plain folder, a plain file, and names that do not exist."""
    root = tmp_path_factory.mktemp("mistakes")
    db = root / "edge.duckdb"
    with open_store(db) as store:
        assert run_import([EDGE_CASES], store).hands == 5
    (root / "nothing").mkdir()
    (root / "nothing" / "notes.md").write_text("no hands here\n", encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    (root / "binary.txt").write_bytes(bytes(range(256)) * 40)
    (root / "folder").mkdir()
    (root / "file").write_text("a file\n", encoding="utf-8")
    yield {
        "db": str(db),
        "edge": str(EDGE_CASES),
        "nothing": str(root / "nothing"),
        "empty": str(root / "empty.txt"),
        "binary": str(root / "binary.txt"),
        "folder": str(root / "folder"),
        "file": str(root / "file"),
        "missing": str(root / "missing"),
        "new": str(root / "new"),
    }


def place(text: str, places: dict[str, str]) -> str:
    return text.format(**places)


@pytest.mark.parametrize("mistake", MISTAKES, ids=[f"{m.kind}: {m.argv[0]} {i}" for i, m in enumerate(MISTAKES)])
def test_a_mistake_gets_one_clear_line_and_a_failing_status(
    mistake: Mistake, places: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(places["folder"])  # a command that wrote beside it would show up in the next check
    status = main([place(a, places) for a in mistake.argv])
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert status == mistake.status, err
    assert out == "", "a mistake prints nothing on stdout"
    assert len(lines) == 1 and lines[0].startswith("studbook: error: "), err
    assert all(word in lines[0] for word in mistake.words), lines[0]
    assert "Traceback" not in err
    for name in mistake.absent:
        assert not os.path.lexists(place(name, places)), f"{name} was created although the command failed"
    assert os.listdir(places["folder"]) == []


def test_every_kind_of_mistake_is_met_by_every_command_that_can_meet_it() -> None:
    """The table is complete: each kind of mistake lists each command that can make it."""
    commands: dict[str, set[str]] = {}
    for m in MISTAKES:
        commands.setdefault(m.kind, set()).add(m.argv[0])
    reading_files = {"import", "audit", "convert"}
    reading_db = {"stats", "chart", "replay", "report", "export"}
    assert commands["unknown player"] == {"stats", "chart", "report", "replay"}
    assert commands["path missing"] == reading_files | reading_db
    for kind in ("nothing readable", "empty file", "binary file"):
        assert commands[kind] == reading_files
    assert {"chart", "replay"} <= commands["folder for a file"]
    assert commands["file for a folder"] == {"convert", "export", "simulate", "report"}
    assert commands["unwritable output"] == {"chart", "replay", "convert", "export", "simulate", "report"}


def test_the_same_mistake_has_the_same_status_in_every_command() -> None:
    by_words: dict[tuple[str, ...], set[int]] = {}
    for m in MISTAKES:
        by_words.setdefault((m.kind, *m.words), set()).add(m.status)
    assert all(len(statuses) == 1 for statuses in by_words.values()), by_words


def test_a_binary_file_among_hand_histories_is_left_out_and_not_recorded(
    places: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hh"
    shutil.copytree(EDGE_CASES, folder)
    shutil.copy(places["binary"], folder / "x.txt")
    db = str(tmp_path / "t.duckdb")
    assert main(["import", str(folder), "--db", db, "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "x.txt: not a hand history (binary data, not text), left out" in err
    counts = dict(line.rsplit(":", 1) for line in out.splitlines() if ":" in line and not line.startswith(" " * 4))
    assert int(counts["  imported"]) == 3 and int(counts["  unreadable"]) == 1 and int(counts["files found"]) == 4
    with open_store(db, read_only=True) as store:
        recorded = [Path(r[0]).name for r in store.con.execute("SELECT file FROM imports").fetchall()]
    assert "x.txt" not in recorded and len(recorded) == 3
    assert main(["import", str(folder), "--db", db, "--quiet"]) == 0  # the second time: the same line, not "already"
    out, err = capsys.readouterr()
    assert (
        "x.txt: not a hand history" in err
        and int(dict(line.rsplit(":", 1) for line in out.splitlines() if ":" in line)["  already imported (skipped)"])
        == 3
    )
