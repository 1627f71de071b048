"""A large file cut into pieces read by parallel workers stores exactly what reading it whole stores.

The file is sample data with the troubles a real export has, placed on both sides of the cuts: a broken
hand in the middle, a hand repeated (a duplicate) and one whose id is reused with other content (a
conflict), CRLF line ends, a name in cp1252 (so the whole file is read as cp1252 from there on) and,
after it, bytes that happen to be valid UTF-8 (which the whole file's decoding reads as cp1252 too), and
a cut that falls exactly on a hand's first line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from samples import Recorder

from studbook.analytics.schema import TABLES
from studbook.analytics.store import Store, open_store
from studbook.parsers import parse_file
from studbook.pipeline.importer import run_import
from studbook.pipeline.pieces import parse_piece, plan, read_piece

SAMPLE = Path(__file__).resolve().parents[1] / "sample_data" / "razz-0.50-1-2to8.txt"
HEADER = re.compile(rb"^PokerStars Hand #", re.M)


def _hands(count: int) -> list[bytes]:
    """The first ``count`` hands of the sample file, as bytes with LF line ends."""
    data = SAMPLE.read_bytes()
    starts = [m.start() for m in HEADER.finditer(data)][: count + 1]
    return [data[a:b].rstrip(b"\n") + b"\n" for a, b in zip(starts, starts[1:])]


def _troubled_file(path: Path) -> None:
    hands = _hands(60)
    hands[20] = hands[20].replace(b": posts the ante", b": posts the antler", 1)  # a broken hand
    hands[30] = hands[30].replace(b"Ottilie Brandt", b"Ottilie Br\xe9ndt")  # cp1252: the rest is cp1252
    hands[45] = hands[45].replace(b"Ottilie Brandt", b"Ottilie Br\xc3\xa9ndt")  # valid UTF-8, read as cp1252
    conflict = re.sub(rb"\$(\d+) in chips", rb"$\g<1>9 in chips", hands[12], count=1)
    hands += [hands[5], conflict]  # a duplicate, and a conflict, near the end
    path.write_bytes(b"\r\n\r\n".join(h.replace(b"\n", b"\r\n") for h in hands))


def _contents(store: Store) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table (the import's clock time left out), in a fixed order."""
    out = {}
    for name, table in TABLES.items():
        columns = ", ".join(c for c in table.column_names if c != "imported_at")
        out[name] = store.con.execute(f"SELECT {columns} FROM {name} ORDER BY ALL").fetchall()
    return out


def test_the_cuts_fall_on_hand_headers_with_the_file_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    _troubled_file(path)
    data = path.read_bytes()
    exactly = [m.start() for m in HEADER.finditer(data)][7]  # a cut asked for right at a hand's first line
    pieces = plan(path, piece_bytes=exactly)
    assert pieces[1].start == exactly
    assert len(pieces) > 5 and pieces[0].start == 0 and pieces[-1].end == len(data)
    for before, piece in zip(pieces, pieces[1:]):
        assert before.end == piece.start and data[piece.start - 2 : piece.start] == b"\r\n"
        assert HEADER.match(data, piece.start)
        assert piece.first_line == data[: piece.start].count(b"\r\n") + 1
    whole = list(parse_file(path))
    cut = [r for p in pieces for r in parse_piece(path, p, read_piece(path, p).text)]
    assert [getattr(r, "line", getattr(r, "source_line", None)) for r in whole] == [
        getattr(r, "line", getattr(r, "source_line", None)) for r in cut
    ]


def test_a_small_or_uncuttable_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    _troubled_file(path)
    assert plan(path, piece_bytes=path.stat().st_size) == []
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(b"\xff\xfe" + path.read_bytes().decode("cp1252").encode("utf-16-le"))
    assert plan(utf16, piece_bytes=1000) == []


@pytest.mark.parametrize("piece_bytes", [4_000, 23_456])
def test_a_file_read_in_pieces_by_two_workers_stores_what_one_worker_stores(tmp_path: Path, piece_bytes: int) -> None:
    path = tmp_path / "hands.txt"
    _troubled_file(path)
    assert len(plan(path, piece_bytes)) > 3
    found = {}
    for workers in (1, 2):
        progress = Recorder()
        with open_store(tmp_path / f"{workers}.duckdb") as store:
            summary = run_import([path], store, workers=workers, piece_bytes=piece_bytes, progress=progress)
            found[workers] = (_contents(store), summary.hands, summary.duplicates, summary.conflicts, summary.problems)
        assert sum(n for kind, n in progress.calls if kind == "read") == path.stat().st_size  # each byte once
        assert [kind for kind, _ in progress.calls].count("stored") == 1
    contents, hands, duplicates, conflicts, problems = found[1]
    assert (hands, duplicates, conflicts) == (59, 1, 1)
    assert any("antler" in p for p in problems)
    player = [c for c in TABLES["hand_players"].column_names if c != "imported_at"].index("player")
    players = {row[player] for row in contents["hand_players"] if str(row[player]).startswith("Ottilie Br")}
    assert players == {"Ottilie Brandt", "Ottilie Br\xe9ndt", "Ottilie Br\xc3\xa9ndt"}  # the cp1252 reading
    assert found[2] == found[1]
    with open_store(tmp_path / "2.duckdb") as store:  # and the same file again changes nothing
        again = run_import([path], store, workers=2, piece_bytes=piece_bytes)
        assert again.files_already_imported == 1 and _contents(store) == contents
