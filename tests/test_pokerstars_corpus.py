"""Every real PokerStars file of the corpus parses, hand for hand, and its money adds up.

The expected hand counts come from the corpus MANIFEST (written independently of this parser); the
money identities come from the site's own summary lines, which the parser reads separately from the
actions, so a misread amount, a dropped line or a wrong RAISE mapping shows up as a mismatch.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from studbook.engine.betting import StreetLedger
from studbook.engine.model import Action, Collect, Hand, UncalledReturn
from studbook.parsers import NotStudHand, ParseError, parse_file

from conftest import CORPUS, corpus_path

SYNTHETIC = {"Stars/7stud.txt", "Stars/razz.txt", "Stars/horse.txt"}
"""Hand-made fixtures with impossible content: they must parse or fail with a clear ParseError."""


def _stars_rows() -> list[dict[str, str]]:
    manifest = CORPUS / "fpdb" / "MANIFEST.tsv"
    if not manifest.exists():
        return []
    with open(manifest, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [r for r in rows if r["site"] == "Stars" and r["format"] == "text"]


ROWS = _stars_rows()


def _stud_count(row: dict[str, str]) -> int:
    breakdown = dict(part.split("=") for part in row["games_breakdown"].split(","))
    return int(row["hands"]) - int(breakdown.get("other", 0))


def _contributions(hand: Hand) -> int:
    """Chips the actions put in, minus uncalled returns, as the engine's street ledger reads each
    action (a RAISE puts in ``to`` minus what the player already had in on that street): the site's
    Total pot checks the parser and that reading together."""
    total = 0
    ledger = StreetLedger()
    for e in hand.events:
        if isinstance(e, UncalledReturn):
            total -= e.amount
            ledger.uncalled(e.seat, e.amount)
        elif isinstance(e, Action):
            total += ledger.added(e)
            ledger.record(e)
    return total


@pytest.mark.skipif(not ROWS, reason="real hand-history corpus (MANIFEST.tsv) not found; set STUDBOOK_CORPUS")
@pytest.mark.parametrize("row", ROWS, ids=[r["path"] for r in ROWS])
def test_every_stars_file_parses_with_manifest_counts_and_money_adding_up(row: dict[str, str]) -> None:
    path = corpus_path("fpdb", *row["path"].split("/"))
    results = list(parse_file(path))
    hands = [r for r in results if isinstance(r, Hand)]
    errors = [r for r in results if isinstance(r, ParseError)]
    if row["path"] in SYNTHETIC:
        assert len(hands) + len(errors) == _stud_count(row)
        for err in errors:
            assert err.file == str(path) and 1 <= err.line <= sum(1 for _ in open(path, encoding="utf-8"))
            assert err.text and err.expected and err.message
        return
    assert not errors, "\n".join(map(str, errors))
    assert len(hands) == _stud_count(row)
    for hand in hands:
        assert hand.site == "pokerstars" and hand.source_file == str(path)
        assert hand.total_pot is not None and hand.rake is not None
        assert _contributions(hand) == hand.total_pot, f"hand {hand.site_hand_id}: bets vs Total pot"
        collected = sum(e.amount for e in hand.events if isinstance(e, Collect))
        assert collected + hand.rake == hand.total_pot, f"hand {hand.site_hand_id}: collected + rake vs Total pot"


def test_eight_game_file_skips_its_84_other_game_hands(stars_corpus: Path) -> None:
    path = stars_corpus / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    results = list(parse_file(path))
    skipped = [r for r in results if isinstance(r, NotStudHand)]
    assert len(skipped) == 84
    assert all(s.site == "pokerstars" and "Stud" not in s.game and "Razz" not in s.game for s in skipped)
    assert {h.mixed for h in results if isinstance(h, Hand)} == {"8-Game"}


def test_event_lines_point_at_the_file_text(stars_corpus: Path) -> None:
    """Each event's line number is the file line holding the text it came from."""
    path = stars_corpus / "Razz-USD-0.04-0.08-200911.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    for hand in parse_file(path):
        assert isinstance(hand, Hand)
        assert lines[hand.source_line - 1].startswith("PokerStars ")
        for e in hand.events:
            text = lines[e.line - 1]
            if isinstance(e, Action):
                assert text.startswith(hand.player(e.seat) + ": "), text
            elif isinstance(e, Collect):
                assert text.startswith(f"{hand.player(e.seat)} collected "), text
        for s in hand.skipped:
            assert lines[s.line - 1] == s.text


def test_garbled_card_is_reported_not_accepted(stars_corpus: Path) -> None:
    (hand,) = parse_file(stars_corpus / "Triple-Stud-USD-2.00-0.20-MTT-201301.txt")
    assert isinstance(hand, Hand)
    assert len(hand.warnings) == 1 and "'of'" in hand.warnings[0].message
    assert "[of]" in hand.warnings[0].text
    assert hand.mixed == "Triple Stud"
