"""Reading files: every encoding of the corpus, line ends, hand splitting, site detection, streaming.

The bytes are built here from a small hand-written hand with fictional players, so each encoding is
tested on its own, without the real corpus.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studbook.engine.model import Hand
from studbook.parsers import ParseError, parse_file, parse_text
from studbook.parsers.detect import detect
from studbook.parsers.registry import SITES_BY_ID
from studbook.parsers.reading import HandText, decode_chunks, iter_lines, read_lines, sniff_encoding, split_hands

HAND = """\
PokerStars Hand #2001:  Razz Limit (€0.04/€0.08 EUR) - 2020/03/01 12:00:00 ET
Table 'Fictional' 8-max
Seat 1: Zoë\u00a0Ü ($1.00 in chips)
Seat 2: Pál ($1.00 in chips)
Zoë\u00a0Ü: posts the ante €0.01
Pál: posts the ante €0.01
*** 3rd STREET ***
Dealt to Zoë\u00a0Ü [Ks]
Dealt to Pál [2c 3d 4h]
Zoë\u00a0Ü: brings in for €0.02
Pál: folds
Uncalled bet (€0.02) returned to Zoë\u00a0Ü
Zoë\u00a0Ü collected €0.02 from pot
*** SUMMARY ***
Total pot €0.02 | Rake €0
Seat 2: Pál folded on the 3rd Street (didn't bet)
"""
TWO_HANDS = HAND + "\n\n" + HAND.replace("#2001", "#2002")


def _check_two_hands(results: list) -> None:
    assert [type(r) for r in results] == [Hand, Hand]
    first, second = results
    assert first.seats[0].player == "Zoë\u00a0Ü" and first.seats[1].player == "Pál"
    assert (first.site_hand_id, first.source_line, second.site_hand_id, second.source_line) == ("2001", 1, "2002", 19)
    assert first.currency == "EUR" and first.total_pot == 2
    assert second.events[-1].line == 18 + 13


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "hh.txt"
    path.write_bytes(data)
    return path


def test_utf8(tmp_path: Path) -> None:
    _check_two_hands(list(parse_file(_write(tmp_path, TWO_HANDS.encode("utf-8")))))


def test_utf8_with_bom(tmp_path: Path) -> None:
    _check_two_hands(list(parse_file(_write(tmp_path, b"\xef\xbb\xbf" + TWO_HANDS.encode("utf-8")))))


def test_utf16le_with_bom_and_an_odd_trailing_byte(tmp_path: Path) -> None:
    data = b"\xff\xfe" + TWO_HANDS.encode("utf-16-le") + b"\n"
    assert len(data) % 2 == 1
    _check_two_hands(list(parse_file(_write(tmp_path, data))))


def test_utf16_without_bom_is_recognised_by_its_nul_bytes() -> None:
    assert sniff_encoding(TWO_HANDS.encode("utf-16-le")) == ("utf-16-le", 0)
    assert sniff_encoding(TWO_HANDS.encode("utf-16-be")) == ("utf-16-be", 0)
    assert sniff_encoding(b"\0" + TWO_HANDS.encode("utf-8")) == ("utf-8", 0)


def test_cp1252_with_euro_as_0x80(tmp_path: Path) -> None:
    data = TWO_HANDS.replace("Zoë\u00a0Ü", "Zoë Ü").encode("cp1252")
    assert b"\x80" in data
    results = list(parse_file(_write(tmp_path, data)))
    assert [r.seats[0].player for r in results] == ["Zoë Ü", "Zoë Ü"]
    assert results[1].currency == "EUR"


def test_cp1252_detected_late_in_a_stream_of_small_chunks() -> None:
    """A cp1252 byte far beyond the first chunk still switches the decoder, losing nothing."""
    text = "x" * 10_000 + "\n€ Zoë\n"
    data = text.encode("cp1252")
    chunks = [data[i : i + 7] for i in range(0, len(data), 7)]
    assert "".join(decode_chunks(chunks)) == text


def test_leading_nul_byte(tmp_path: Path) -> None:
    _check_two_hands(list(parse_file(_write(tmp_path, b"\0" + TWO_HANDS.encode("utf-8")))))


def test_crlf(tmp_path: Path) -> None:
    _check_two_hands(list(parse_file(_write(tmp_path, TWO_HANDS.replace("\n", "\r\n").encode("utf-8")))))


@pytest.mark.parametrize("size", [1, 7, 4096, 5000])
def test_a_leading_nul_and_an_odd_utf16_byte_are_dropped_whatever_the_chunks(size: int) -> None:
    """Both quirks come from real exports; the text is longer than the sniffed head, so chunks after it
    are decoded too."""
    text = "Zoë Ü bets €0.04\n" * 400

    def pieces(data: bytes) -> str:
        return "".join(decode_chunks(data[i : i + size] for i in range(0, len(data), size)))

    assert pieces(b"\0" + text.encode("utf-8")) == text
    assert pieces(b"\xff\xfe" + text.encode("utf-16-le") + b"\n") == text


@given(
    # No NUL: a NUL-heavy text is what the BOM-less UTF-16 guess keys on (tested above).
    lines=st.lists(
        st.text(st.characters(blacklist_characters="\r\n\0", blacklist_categories=("Cs",)), max_size=12), max_size=12
    ),
    ending=st.sampled_from(["\n", "\r\n", "\r"]),
    codec=st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]),
    size=st.integers(1, 9),
)
def test_any_chunking_gives_the_same_lines(lines: list[str], ending: str, codec: str, size: int) -> None:
    if lines and lines[0][:1] == "\ufeff":
        lines[0] = "x" + lines[0]  # a leading BOM is dropped on purpose: not this test's subject
    data = ending.join(lines).encode(codec)
    chunks = [data[i : i + size] for i in range(0, len(data), size)]
    got = list(iter_lines(decode_chunks(chunks)))
    # A terminator ends a line: text ending with one has no empty line after it.
    assert got == (lines[:-1] if lines and lines[-1] == "" else lines)


def test_reading_is_incremental(tmp_path: Path) -> None:
    """The first hand comes out after reading one small chunk, long before the end of the file."""
    path = _write(tmp_path, (TWO_HANDS + "\n\n").encode("utf-8") * 1000)
    seen: list[int] = []

    def chunks() -> Iterator[bytes]:
        with open(path, "rb") as f:
            while chunk := f.read(4096):
                seen.append(len(chunk))
                yield chunk

    hands = split_hands(iter_lines(decode_chunks(chunks())), lambda line: line.startswith("PokerStars "))
    first = next(hands)
    assert first.start_line == 1 and sum(seen) <= 8192 < path.stat().st_size
    assert len(list(read_lines(path, chunk_size=1000))) == len(path.read_text(encoding="utf-8").splitlines())


def test_split_hands_on_blank_lines_and_glued_headers() -> None:
    lines = ["", "H 1", "a", "  ", "", "H 2", "b", "H 3", "c", ""]
    blocks = list(split_hands(lines, lambda line: line.startswith("H ")))
    assert blocks == [HandText(2, ("H 1", "a")), HandText(6, ("H 2", "b")), HandText(8, ("H 3", "c"))]


def test_site_is_detected_from_the_text_not_the_file_name(tmp_path: Path) -> None:
    found = detect(enumerate(["", "PokerStars Game #1:  Razz Limit ($1/$2) - 2009/01/01 1:00:00 ET"], 1))
    assert found is not None and (found.site.site, found.line, found.summary) == ("pokerstars", 2, False)
    summary = detect(enumerate(["PokerStars Tournament #743, 8-Game", "Buy-In: 100/9"], 1))
    assert summary is not None and summary.summary
    path = tmp_path / "PokerStars-looking name.txt"
    # a site studbook recognises but cannot read yet (the first of these still unreadable: sites are being added)
    headers = {
        "kingsclub": "#37581152: Limit Seven Card Stud - 44/88 - 2019/01/01 12:00:00",
        "ongame": "***** History for hand R5-1-2 *****",
        "winamax": "Winamax Poker - CashGame - HandId: #1",
    }
    unreadable = [site for site in headers if not SITES_BY_ID[site].readable]
    if unreadable:
        path.write_text(headers[unreadable[0]] + "\n")
        (err,) = parse_file(path)
        assert isinstance(err, ParseError) and SITES_BY_ID[unreadable[0]].name in err.message and err.line == 1
    assert parse_text("PokerStars Tournament #743, 8-Game\nBuy-In: 100/9\n") == []
    (err,) = parse_text("\nhello world\n")
    assert isinstance(err, ParseError) and err.line == 2 and err.text == "hello world"
