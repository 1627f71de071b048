"""The sites that read tournament results are found by their folders' modules, and a file or a hand is
read by its own site's."""

from __future__ import annotations

from pathlib import Path

from studbook.engine.model import Hand
from studbook.parsers import parse_file, parse_text
from studbook.parsers.errors import ParseError
from studbook.parsers.reading import HandText
from studbook.parsers.tournament_sites import (
    detect_summary,
    read_summary_file,
    result_site_ids,
    results_of,
    results_of_text,
    summary_site_ids,
)
from studbook.parsers.tournaments import TournamentResult

from conftest import corpus_path
from samples import stars_tournament_hand


def test_the_sites_with_summary_and_results_modules() -> None:
    assert summary_site_ids() == ("fulltilt", "pokerstars")
    assert result_site_ids() == ("bovada", "kingsclub", "pokerstars")


def test_a_summary_file_is_read_by_its_site(tmp_path: Path) -> None:
    stars = tmp_path / "s.txt"
    stars.write_text("\nPokerStars Tournament #5, Limit Razz\nBuy-In: $1.00/$0.10 USD\n2 players\n", encoding="utf-8")
    ftp = tmp_path / "f.txt"
    ftp.write_text("Full Tilt Poker Tournament Summary x (7) Razz Limit\n3 Entries\n", encoding="utf-16")
    hands = tmp_path / "h.txt"
    hands.write_text("PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2014/01/01 12:00:00 ET\n", encoding="utf-8")
    assert (detect_summary(str(stars)), detect_summary(str(ftp)), detect_summary(str(hands))) == (
        "pokerstars",
        "fulltilt",
        None,
    )
    (s,) = read_summary_file(str(stars)) or []
    (f,) = read_summary_file(str(ftp)) or []
    assert isinstance(s, TournamentResult) and (s.site, s.tournament_id, s.entrants) == ("pokerstars", "5", 2)
    assert isinstance(f, TournamentResult) and (f.site, f.tournament_id, f.entrants) == ("fulltilt", "7", 3)
    assert read_summary_file(str(hands)) is None


def test_a_hand_is_read_by_its_site_and_a_bad_amount_is_returned_not_raised() -> None:
    text = stars_tournament_hand(
        results="Bob finished the tournament in 2nd place and received 12.50.\n", buy_in="100+9"
    )
    (hand,) = parse_text(text, "h.txt")
    assert isinstance(hand, Hand)
    err = results_of(hand)
    assert isinstance(err, ParseError) and err.line == 15 and "fraction of a chip" in err.message
    (fine,) = parse_text(text.replace("12.50", "12"), "h.txt")
    assert isinstance(fine, Hand)
    got = results_of(fine)
    assert isinstance(got, TournamentResult) and [(p.player, p.prize) for p in got.players] == [("Bob", 12)]
    block = HandText(1, tuple(text.replace("12.50", "12").splitlines()))
    from_text = results_of_text("pokerstars", block, "h.txt")
    assert isinstance(from_text, TournamentResult) and from_text.players == got.players
    assert results_of_text("fulltilt", block, "h.txt") is None


def test_corpus_summaries_are_found_and_read() -> None:
    stars = corpus_path("fpdb", "Stars", "summaries", "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")
    hands = corpus_path("fpdb", "Stars", "Triple-Stud-USD-2.00-0.20-MTT-201301.txt")
    (t,) = read_summary_file(str(stars)) or []
    assert isinstance(t, TournamentResult) and t.tournament_id == "743144019"
    assert read_summary_file(str(hands)) is None
    (hand,) = [h for h in parse_file(hands) if isinstance(h, Hand)]
    got = results_of(hand)
    assert isinstance(got, TournamentResult) and got.players[0].finish == 28
