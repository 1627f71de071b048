"""Tolerant reading, strict accounting: a line no rule of a site's grammar knows costs its hand nothing
when the hand's chips and turns add up without it, and refuses the hand at that line when they do not
(parsers/unknown_lines.py). Planted in real corpus hands of every text site: a chip-neutral line is kept
beside the hand, the hand's events and replay unchanged; a known line of chips reworded so no rule knows
it refuses the hand, naming the line. Then what the user sees: the import's summary, ``audit``'s
finding and ``audit --unknown-lines``, and a re-import that changes nothing."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from conftest import corpus_path, run_cli

from studbook.analytics.store import open_store
from studbook.engine.model import Action, ActionKind, Event, Hand
from studbook.engine.replay import replay
from studbook.parsers import ParseError, parse_text
from studbook.parsers.reading import read_lines, split_hands
from studbook.parsers.registry import profile_for, readable_sites, Site
from studbook.parsers.unknown_lines import ACCOUNTING_RULES, line_kind
from studbook.engine.validate import RULES
from studbook.pipeline.importer import UnknownLines, run_import

TEXT_SITES = [s for s in readable_sites() if s.corpus is not None and not s.in_session]
CHATTER = "~~ a line of a kind no site's grammar knows ~~"
"""A chip-neutral line no site prints (so no grammar has a rule for it)."""
STARS_FILE = ("fpdb", "Stars", "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt")


def clean_hand(site: Site) -> tuple[list[str], Hand]:
    """The lines of the first hand of the site's corpus files that reads and replays without a rule
    broken (so whatever a planted line breaks is the planted line's doing), and that hand."""
    assert site.corpus is not None
    folder = corpus_path("fpdb", site.corpus)
    for path in sorted(p for p in folder.iterdir() if p.suffix == ".txt"):
        for block in split_hands(read_lines(path), site.starts_hand):
            results = parse_text("\n".join(block.lines) + "\n", path.name)
            if (
                len(results) == 1
                and isinstance(results[0], Hand)
                and not replay(results[0], profile_for(results[0])).violations
            ):
                return list(block.lines), results[0]
    raise AssertionError(f"{site.site}: no clean hand in its corpus")


def unlined(events: tuple[Event, ...]) -> list[Event]:
    return [dataclasses.replace(e, line=0) for e in events]


def first_call(hand: Hand) -> Action:
    return next(e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.CALL)


@pytest.mark.parametrize("site", TEXT_SITES, ids=lambda s: s.site)
def test_a_chip_neutral_line_nobody_knows_is_kept_with_the_hand(site: Site) -> None:
    lines, hand = clean_hand(site)
    at = first_call(hand).line - hand.source_line + 1  # after the first call: inside the betting
    planted = [*lines[:at], CHATTER, *lines[at:]]
    (kept,) = parse_text("\n".join(planted) + "\n", "planted.txt")
    assert isinstance(kept, Hand), kept
    assert [(u.line, u.text) for u in kept.unknown_lines] == [(hand.source_line + at, CHATTER)]
    assert CHATTER not in [s.text for s in kept.skipped]
    assert unlined(kept.events) == unlined(hand.events)
    result, before = replay(kept, profile_for(kept)), replay(hand, profile_for(hand))
    assert result.violations == () and result.net == before.net and result.rake == before.rake


@pytest.mark.parametrize("site", TEXT_SITES, ids=lambda s: s.site)
def test_a_line_of_chips_in_a_wording_nobody_knows_refuses_the_hand_at_that_line(site: Site) -> None:
    """The hand's first call reworded: without it a player's turn and his chips are missing, so the
    pot and the collections no longer add up, and the hand is not read."""
    lines, hand = clean_hand(site)
    call = first_call(hand)
    at = call.line - hand.source_line
    reworded = f"~~ {hand.player(call.seat)} pushes {call.amount} chips forward ~~"
    broken = [*lines[:at], reworded, *lines[at + 1 :]]
    (refused,) = parse_text("\n".join(broken) + "\n", "broken.txt")
    assert isinstance(refused, ParseError), refused
    assert (refused.line, refused.text) == (call.line, reworded)
    assert "studbook does not know this line" in refused.message and "do not add up" in refused.message
    rule = refused.message.split("do not add up (")[1].split(":")[0]
    assert rule in ACCOUNTING_RULES, refused.message


def test_the_accounting_rules_are_rules_of_the_engine() -> None:
    assert ACCOUNTING_RULES <= set(RULES)


def test_a_known_line_out_of_place_is_still_refused_as_it_was() -> None:
    """Only a line no rule knows is passed over: a deal line moved into the summary is a line the
    grammar knows, out of place, and the hand is refused as before, naming it."""
    lines = list(read_lines(corpus_path(*STARS_FILE)))
    deal = next(i for i, line in enumerate(lines) if line.startswith("Dealt to "))
    moved = [*lines[:deal], *lines[deal + 1 :], lines[deal]]
    (refused,) = parse_text("\n".join(moved) + "\n", "moved.txt")
    assert isinstance(refused, ParseError) and refused.text == lines[deal] and refused.line == len(moved)
    assert "does not know" not in refused.message


def test_line_kinds_hide_names_amounts_and_cards() -> None:
    names = ("Player3", "Player 3 x")
    assert line_kind("Player 3 x: says hello [Ac Kd] for $1,480.50 at seat 3", names) == (
        "NAME: says hello [CARD CARD] for N at seat N"
    )
    assert line_kind("Player3  wins the  $10 bounty for eliminating Player 3 x", names) == (
        "NAME wins the N bounty for eliminating NAME"
    )
    assert line_kind("Bob: 1 480 and 1.480,50€", ["Bob"]) == "NAME: N and N"


def two_hands(folder: Path) -> Path:
    """A real PokerStars hand with an unknown chip-neutral line, then the same hand (another id) with a
    call reworded: one kept with its line, one refused."""
    lines = list(read_lines(corpus_path(*STARS_FILE)))
    while not lines[-1].strip():
        lines.pop()
    i = lines.index("Player8: calls $0.02")
    kept = [*lines[: i + 1], "Player3: says hello world", *lines[i + 1 :]]
    refused = list(lines)
    refused[0] = refused[0].replace("30506593746", "30506593747")
    refused[refused.index("Player3: calls $0.02")] = "Player3: puts in $0.02"
    path = folder / "planted.txt"
    path.write_text("\n".join(kept) + "\n\n\n" + "\n".join(refused) + "\n", encoding="utf-8")
    return path


def test_the_import_keeps_the_hand_counts_its_line_and_refuses_the_other(tmp_path: Path) -> None:
    path = two_hands(tmp_path)
    with open_store(":memory:") as store:
        summary = run_import([path], store)
        assert summary.hands == 1 and summary.with_violations == 0
        assert summary.unknown_lines == [UnknownLines(str(path), 1, 31)]
        assert str(summary.unknown_lines[0]) == f"1 line of a kind studbook does not know, first at {path}:31"
        [problem] = summary.reports
        assert problem.line == 150 and problem.text == "Player3: puts in $0.02"
        assert "does not know this line" in problem.message
        stored = store.con.execute("SELECT site_hand_id, n_violations FROM hands").fetchall()
        assert stored == [("30506593746", 0)]
        again = run_import([path], store)  # the same file: skipped whole, nothing changes
        copy = tmp_path / "copy.txt"
        copy.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        other = run_import([copy], store)  # the same hands in other bytes: a duplicate, the refusal again
        assert again.files_already_imported == 1 and again.hands == 0
        assert other.hands == 0 and other.duplicates == 1 and len(other.reports) == 1
        assert store.con.execute("SELECT site_hand_id, n_violations FROM hands").fetchall() == stored


def test_the_cli_summary_and_the_audit_show_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = two_hands(tmp_path)
    status, out, _ = run_cli(capsys, "import", str(path), "--db", str(tmp_path / "db.duckdb"))
    assert status == 0
    assert f"  1 line of a kind studbook does not know, first at {path}:31" in out.splitlines()
    assert "lines studbook does not know: 1" in " ".join(out.split())
    status, out, _ = run_cli(capsys, "audit", str(path))
    assert status == 1  # the refused hand; the kept one's line alone would leave it 0
    assert f"line.unknown  at {path}:31" in out and "'Player3: says" in out
    assert "0 break a rule, 1 could not be read, 1 kept with lines studbook does not know" in out
    status, out, _ = run_cli(capsys, "audit", str(path), "--format", "json")
    found = [json.loads(line) for line in out.splitlines()]
    assert [(f["rule"], f["line"]) for f in found] == [("line.unknown", 31), ("parse", 150)]


def test_audit_unknown_lines_lists_each_kind_with_a_count_and_an_example(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = two_hands(tmp_path)
    lines = path.read_text(encoding="utf-8").split("\n\n\n")[0].splitlines()
    lines.insert(40, "Player5: says hello world")
    lines.insert(20, "Player7: waves at 3 players")
    (tmp_path / "more.txt").write_text("\n".join(lines).replace("30506593746", "30506593748") + "\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "audit", "--unknown-lines", str(tmp_path))
    assert status == 0
    rows = out.splitlines()
    assert rows[0].startswith("4 lines of 2 kinds studbook does not know, in the hands kept of 2 files")
    more = tmp_path / "more.txt"  # read before planted.txt; its hand holds planted.txt's line too, at 32
    assert rows[1:5] == [
        "  3  pokerstars: NAME: says hello world",
        f"     for example {more}:32: Player3: says hello world",
        "  1  pokerstars: NAME: waves at N players",
        f"     for example {more}:21: Player7: waves at 3 players",
    ]
    status, out, _ = run_cli(capsys, "audit", "--unknown-lines", "--format", "json", str(tmp_path))
    kinds = [json.loads(line) for line in out.splitlines()]
    assert [(k["kind"], k["count"]) for k in kinds] == [("NAME: says hello world", 3), ("NAME: waves at N players", 1)]
