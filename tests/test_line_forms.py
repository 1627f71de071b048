"""The line-form snippets (tests/data/line_forms/): every snippet the manifest says is read today is read
as the real hand it was written from, to the chip.

Each snippet is a hand built from a form some site printed (the manifest's ``source`` column says where
the form was seen), and its ``must produce`` column gives what the hand means: each player's net, as the
source's own figures say. A snippet marked read must give one hand, with no line kept unknown, a
tournament where the manifest says tournament, a replay that breaks no rule, and exactly those nets.
So marking a snippet read (``benchmarks/line_forms_check.py --update``) is a claim this test checks, and
a reader change that loses a form fails here, naming the snippet.

The nets in the manifest are written as the forms' sources write them: hundredths for cash (``+38``),
currency units where a decimal point shows it (``+335.00``), whole chips for tournaments (``+45``);
the model holds hundredths of either, so the test scales them so."""

from __future__ import annotations

import csv
import re
from decimal import Decimal
from pathlib import Path

import pytest
from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.parsers import parse_file

ROOT = Path(__file__).resolve().parent / "data" / "line_forms"
MANIFEST = ROOT / "MANIFEST.tsv"

# "NAME +38", "NAME -330.00", "NAME 0": a name (it may hold spaces and brackets) and its net, up to the
# next comma, semicolon or bracketed remark
_NET = re.compile(r"(?P<name>[^,;()]+?) (?P<net>[+-]\d+(?:\.\d+)?|0)(?= \(|,|;|$)")


def _rows() -> list[dict[str, str]]:
    with MANIFEST.open(encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(handle, delimiter="\t") if row["read today"] == "yes"]


def _expected(must: str) -> tuple[bool, dict[str, int]]:
    """Whether the row is a tournament hand, and each player's net in the model's unit, cents of cash and
    whole chips of a tournament (and the rake, under the name ``rake``, where the row gives it)."""
    tournament = must.startswith("tournament")
    nets: dict[str, int] = {}
    for part in must.split(";")[1:]:
        for m in _NET.finditer(part.strip()):
            text = m["net"]
            value = Decimal(text)
            scaled = value * 100 if "." in text and not tournament else value
            nets[m["name"].strip()] = int(scaled)
    return tournament, nets


ROWS = _rows()


def test_the_manifest_has_read_snippets_of_every_kind_it_claims() -> None:
    """The parametrised test below is only as good as the rows it reads: there must be some, and each
    must give at least two players' nets (a hand has a winner and a loser, or a split)."""
    assert len(ROWS) >= 15
    for row in ROWS:
        players = set(_expected(row["must produce"])[1]) - {"rake"}
        assert len(players) >= 2, row["file"]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['site']}/{r['file']}" for r in ROWS])
def test_a_snippet_marked_read_is_read_to_the_chip(row: dict[str, str]) -> None:
    results = list(parse_file(ROOT / row["site"] / row["file"]))
    assert len(results) == 1 and isinstance(results[0], Hand), results
    hand = results[0]
    assert hand.unknown_lines == (), hand.unknown_lines
    tournament, nets = _expected(row["must produce"])
    assert (hand.tournament is not None) == tournament
    result = replay(hand)
    assert result.violations == (), result.violations
    rake = nets.pop("rake", None)
    if rake is not None:
        assert int(result.rake) == rake
    names = {seat.seat: seat.player for seat in hand.seats}
    assert {names[seat]: int(net) for seat, net in result.net.items() if names[seat] in nets} == nets
    # every player who put chips in is accounted for by the manifest
    assert {names[seat] for seat, net in result.net.items() if net} <= set(nets)


def test_a_seat_line_sitting_out_is_seated_but_not_dealt_in() -> None:
    """ACR's ``Seat 6: NapTime ($2.40) is sitting out``: the seat is listed (its stack known) and the
    engine does not count it among the players of the hand."""
    (hand,) = parse_file(ROOT / "acr" / "2026-stud-sitting-out-seat-jp-fee.txt")
    assert isinstance(hand, Hand)
    seat = next(s for s in hand.seats if s.player == "NapTime")
    assert seat.stack == 240
    assert seat.seat not in replay(hand).dealt_in and len(replay(hand).dealt_in) == 2
