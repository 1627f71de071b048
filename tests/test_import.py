"""The import pipeline on the real PokerStars corpus: every hand lands once, re-importing changes
nothing, a broken hand is reported with file:line while the rest of its file imports, an interrupted
import leaves each file all-or-nothing, and worker processes store exactly what one process does."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Iterator

import pytest

from conftest import SAMPLE_DATA, corpus_path
from samples import write_stud8_sit_and_go
from studbook.engine.model import Game
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers.registry import SITES_BY_ID, get_profile
from studbook.pipeline import importer
from studbook.pipeline.importer import IMPORT_GC_THRESHOLD, discover, run_import, settled_heap
from studbook.analytics.schema import TABLES
from studbook.analytics.store import Store, open_store

STUD_GAMES = ("studhi", "stud8", "razz")
SYNTHETIC = {"7stud.txt", "razz.txt", "horse.txt"}
"""MANIFEST's three invented fixtures: they must parse or fail with a ParseError, either is fine."""


def expected_stud_hands() -> dict[str, int]:
    """Stud-family hands per Stars file according to MANIFEST.tsv (file name relative to Stars/)."""
    expected = {}
    with corpus_path("fpdb", "MANIFEST.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["site"] != "Stars" or row["format"] != "text":
                continue
            games = dict(part.split("=") for part in row["games_breakdown"].split(","))
            expected[row["path"].removeprefix("Stars/")] = sum(int(games.get(g, 0)) for g in STUD_GAMES)
    return expected


def snapshot(store: Store) -> dict[str, list[str]]:
    """Every row of every table except the import times, sorted: equal snapshots = nothing changed."""
    tables = {}
    for name, table in TABLES.items():
        columns = ", ".join(c for c in table.column_names if c != "imported_at")
        rows = store.con.execute(f"SELECT {columns} FROM {name}").fetchall()
        tables[name] = sorted(map(repr, rows))
    return tables


@pytest.fixture
def stars_copy(tmp_path: Path, stars_corpus: Path) -> Path:
    """A private copy of the Stars folder (tests alter files; the corpus itself is never touched)."""
    return Path(shutil.copytree(stars_corpus, tmp_path / "Stars"))


def test_discover_finds_hand_files_once(tmp_path: Path) -> None:
    (tmp_path / "a" / "deep").mkdir(parents=True)
    for name in ("a/one.txt", "a/deep/two.TXT", "a/notes.hp", "b.dat"):
        (tmp_path / name).write_text("x")
    files, missing = discover([tmp_path / "a", tmp_path / "a" / "one.txt", tmp_path / "b.dat", tmp_path / "nope"])
    assert [p.relative_to(tmp_path).as_posix() for p in files] == ["a/deep/two.TXT", "a/one.txt", "b.dat"]
    assert [str(m) for m in missing] == [f"{tmp_path / 'nope'}: no such file or folder"]


@pytest.mark.slow
def test_the_stars_corpus_imports_hand_for_hand(tmp_path: Path, stars_copy: Path) -> None:
    """Per file, hands stored + hands already stored from an earlier file (the corpus holds two hands
    twice) == MANIFEST's count; the invented fixtures may fail to parse instead."""
    expected = expected_stud_hands()
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([stars_copy], store, workers=2)
        stored = dict(store.con.execute("SELECT source_file, count(*) FROM hands GROUP BY 1").fetchall())
        read = {f: (h, d) for f, h, d in store.con.execute("SELECT file, hands, duplicates FROM imports").fetchall()}
        errors = dict(store.con.execute("SELECT file, count(*) FROM parse_errors GROUP BY 1").fetchall())
        distinct = store.con.execute("SELECT count(DISTINCT site_hand_id) FROM hands").fetchone()[0]
    for name, count in expected.items():
        path = str(stars_copy / name)
        hands, duplicates = read[path]
        assert hands == stored.get(path, 0), name
        if name in SYNTHETIC:
            assert hands + duplicates + errors.get(path, 0) == count, name
        else:
            assert hands + duplicates == count, name
            assert path not in errors, f"{name}: {summary.problems}"
    assert summary.hands == sum(stored.values()) == distinct
    assert summary.duplicates >= 1  # 35874676388 is in both 7-StudHL-USD-0.04-0.08-200911 files
    assert summary.not_stud == 84
    assert summary.files == summary.files_imported


def test_importing_again_changes_nothing(tmp_path: Path, stars_copy: Path) -> None:
    with open_store(tmp_path / "db.duckdb") as store:
        first = run_import([stars_copy], store, workers=1)
        before = snapshot(store)
        again = run_import([stars_copy], store, workers=1)
        assert (again.files_already_imported, again.hands, again.duplicates) == (first.files, 0, 0)
        assert snapshot(store) == before
        # The same hands in a file with other bytes (a new checksum): read, and every hand a duplicate.
        copy = tmp_path / "copy.txt"
        source = stars_copy / "Razz-USD-0.04-0.08-200911.txt"
        copy.write_bytes(source.read_bytes() + b"\n\n")
        third = run_import([copy], store, workers=1)
        assert (third.hands, third.duplicates) == (0, 9)
        after = snapshot(store)
        assert len(after["imports"]) == len(before["imports"]) + 1
        assert {k: v for k, v in after.items() if k != "imports"} == {k: v for k, v in before.items() if k != "imports"}


def test_a_broken_hand_is_reported_and_the_rest_of_its_file_imports(tmp_path: Path, stars_copy: Path) -> None:
    path = stars_copy / "7-Stud-USD-0.04-0.08-200911.txt"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("PokerStars ")]
    victim = next(i for i in range(starts[2], starts[3]) if ": calls " in lines[i])
    lines[victim] = lines[victim].replace(": calls ", ": juggles ")
    path.write_text("".join(lines), encoding="utf-8")
    with open_store(tmp_path / "db.duckdb") as store:
        summary = run_import([path], store, workers=1)
        stored = store.con.execute("SELECT file, line, text FROM parse_errors").fetchall()
    assert summary.hands == 10
    assert stored == [(str(path), victim + 1, lines[victim].rstrip("\r\n"))]
    assert any(p.startswith(f"{path}:{victim + 1}: ") for p in summary.problems)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_import_keeps_whole_files_and_can_be_finished(
    tmp_path: Path, stars_copy: Path, monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    """Ctrl-C while the second file is being written (after its first chunk of hands), whether it is
    streamed from this process (one worker) or read back from a worker's spill: the first file is
    stored, nothing of the second; running the import again gives what one clean run gives."""
    files = [stars_copy / "7-Stud-USD-0.04-0.08-200911.txt", stars_copy / "Razz-USD-0.04-0.08-200911.txt"]
    calls = []

    def interrupting(chunks: Iterator[dict]) -> Iterator[dict]:
        calls.append(1)
        for n, chunk in enumerate(chunks):
            if len(calls) == 2 and n == 1:
                raise KeyboardInterrupt
            yield chunk

    real_iter, real_read_chunks = importer.HandChunks.__iter__, importer.read_chunks
    with open_store(tmp_path / "clean.duckdb") as store:
        run_import(files, store, workers=workers, chunk_hands=3)
        clean = snapshot(store)
    with open_store(tmp_path / "db.duckdb") as store:
        if workers == 1:
            monkeypatch.setattr(importer.HandChunks, "__iter__", lambda self: interrupting(real_iter(self)))
        else:
            monkeypatch.setattr(importer, "read_chunks", lambda d, n: interrupting(real_read_chunks(d, n)))
        with pytest.raises(KeyboardInterrupt):
            run_import(files, store, workers=workers, chunk_hands=3)
        assert store.con.execute("SELECT DISTINCT source_file FROM hands").fetchall() == [(str(files[0]),)]
        assert store.con.execute("SELECT file FROM imports").fetchall() == [(str(files[0]),)]
        monkeypatch.undo()
        finished = run_import(files, store, workers=workers, chunk_hands=3)
        assert (finished.files_already_imported, finished.files_imported) == (1, 1)
        assert snapshot(store) == clean


@pytest.mark.slow
def test_workers_store_exactly_what_one_process_stores(tmp_path: Path, stars_copy: Path) -> None:
    snapshots = []
    for workers, chunk in ((1, 1000), (2, 4)):
        with open_store(tmp_path / f"db{workers}.duckdb") as store:
            summary = run_import([stars_copy], store, workers=workers, chunk_hands=chunk)
            snapshots.append(snapshot(store))
        assert summary.read_cpu_seconds > 0, "the workers' processor time comes back with their files"
    assert snapshots[0] == snapshots[1]


def test_hands_read_ahead_in_runs_come_out_as_read_hand_by_hand(tmp_path: Path) -> None:
    """replayed_hands parses READ_AHEAD_HANDS hands before replaying them: in runs of 1 (a hand parsed,
    then replayed), 3, 4 or more than the file holds, the same items come out in file order: hands with
    their replays, the broken hands' problems and the hold'em hand (not stud) where they are."""
    stars = SITES_BY_ID["pokerstars"]
    assert stars.writer is not None
    spec = TableSpec(
        games=(Game.STUD, Game.RAZZ), players=(2, 8), currency=stars.currency, profile=get_profile("pokerstars")
    )
    texts = [stars.writer(h).strip() for h in simulate(spec, 10, seed=11)]  # one by one: some are spoilt below
    texts[2] = "\n".join(texts[2].split("\n")[:5])  # cut after the seats: a broken hand
    texts[6] = texts[6].replace("7 Card Stud", "Hold'em No Limit", 1).replace("Razz", "Hold'em No Limit", 1)
    texts[7] = texts[7].replace(": bets ", ": wagers ", 1).replace(": calls ", ": wagers ", 1)
    path = tmp_path / "mixed.txt"
    path.write_text(stars.hand_separator.join(texts) + "\n", encoding="utf-8")
    runs = {}
    for size in (1, 3, 4, 50):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(importer, "READ_AHEAD_HANDS", size)
            runs[size] = list(importer.replayed_hands(path, None))
    kinds = ["hand" if isinstance(i, tuple) else type(i).__name__ for i in runs[1]]
    assert kinds.count("hand") == 7 and kinds.count("Problem") == 2 and kinds[6] == "NotStudHand"
    assert runs[3] == runs[1] and runs[4] == runs[1] and runs[50] == runs[1]


def test_an_import_makes_no_reference_cycles(tmp_path: Path) -> None:
    """What lets the import raise the collector's threshold so far (IMPORT_GC_THRESHOLD): with the
    collector off, importing good hands, broken ones (reported) and the sample hands leaves nothing for
    a collection to find, so what the import allocates is freed by reference counting alone."""
    import gc

    good = write_stud8_sit_and_go(tmp_path / "good.txt")  # side pots and all-ins among them
    lines = good.read_text(encoding="utf-8").split("\n")
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join(line[: len(line) // 2] if i % 37 == 5 else line for i, line in enumerate(lines)))
    with open_store(tmp_path / "warm.duckdb") as store:  # first-use caches and imports out of the count
        run_import([good], store)
    found = {}
    for name, path in (("good", good), ("broken", broken), ("sample", SAMPLE_DATA)):
        gc.collect()
        gc.disable()
        try:
            with open_store(tmp_path / f"{name}.duckdb") as store:
                summary = run_import([path], store)
            found[name] = (gc.collect(), summary.hands > 0, bool(summary.reports))
        finally:
            gc.enable()
    assert summary.hands == 6605  # the sample, whole
    assert found == {"good": (0, True, False), "broken": (0, True, True), "sample": (0, True, False)}


def test_the_heap_is_settled_while_reading_and_left_as_it_was() -> None:
    """Inside: the objects from before frozen, the first collector threshold raised. After (also after
    an exception): the thresholds and the unfrozen heap as before."""
    import gc

    before = gc.get_threshold()
    with pytest.raises(KeyError):
        with settled_heap():
            assert gc.get_threshold()[0] == max(before[0], IMPORT_GC_THRESHOLD)
            assert gc.get_threshold()[1:] == before[1:]
            assert gc.get_freeze_count() > 0
            raise KeyError("interrupted")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
