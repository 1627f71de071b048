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
play-money hands are in whole chips too (``play-money …``); the model holds hundredths of either, so the
test scales them so. Where the row says when the hand started (``started 2026-07-14 19:05:11 UTC``), the
header's time is checked too: a header form is read only if its date and zone are."""

from __future__ import annotations

import csv
import re
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.parsers import NotStudHand, ParseError, parse_file
from studbook.parsers.cancelled import REASON as CANCELLED
from studbook.parsers.registry import profile_for
from studbook.parsers.sites.pokerstars.results import results_from_hand
from studbook.parsers.tournament_sites import results_of
from studbook.parsers.tournaments import TournamentResult

ROOT = Path(__file__).resolve().parent / "data" / "line_forms"
MANIFEST = ROOT / "MANIFEST.tsv"

# "NAME +38", "NAME -330.00", "NAME 0": a name (it may hold spaces and brackets) and its net, up to the
# next comma, semicolon or bracketed remark
_NET = re.compile(r"(?P<name>[^,;()]+?) (?P<net>[+-]\d+(?:\.\d+)?|0)(?= \(|,|;|$)")
_STARTED = re.compile(r"started (?P<at>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}) UTC")


def _rows() -> list[dict[str, str]]:
    with MANIFEST.open(encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(handle, delimiter="\t") if row["read today"] == "yes"]


def _expected(must: str) -> tuple[bool, dict[str, int]]:
    """Whether the row is a tournament hand, and each player's net in the model's unit, cents of cash and
    whole chips of a tournament (and the rake, under the name ``rake``, where the row gives it)."""
    tournament = must.startswith("tournament")
    chips = tournament or must.startswith("play-money")
    nets: dict[str, int] = {}
    for part in must.split(";")[1:]:
        if _STARTED.search(part):
            continue
        for m in _NET.finditer(part.strip()):
            text = m["net"]
            value = Decimal(text)
            scaled = value * 100 if "." in text and not chips else value
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
    result = replay(hand, profile_for(hand))
    assert result.violations == (), result.violations
    rake = nets.pop("rake", None)
    if rake is not None:
        assert int(result.rake) == rake
    names = {seat.seat: seat.player for seat in hand.seats}
    assert {names[seat]: int(net) for seat, net in result.net.items() if names[seat] in nets} == nets
    # every player who put chips in is accounted for by the manifest
    assert {names[seat] for seat, net in result.net.items() if net} <= set(nets)
    started = _STARTED.search(row["must produce"])
    if started is not None:
        assert hand.started_at is not None
        assert hand.started_at.astimezone(UTC) == datetime.fromisoformat(started["at"]).replace(tzinfo=UTC)


def test_a_seat_line_sitting_out_is_seated_but_not_dealt_in() -> None:
    """ACR's ``Seat 6: NapTime ($2.40) is sitting out``: the seat is listed (its stack known) and the
    engine does not count it among the players of the hand."""
    (hand,) = parse_file(ROOT / "acr" / "2026-stud-sitting-out-seat-jp-fee.txt")
    assert isinstance(hand, Hand)
    seat = next(s for s in hand.seats if s.player == "NapTime")
    assert seat.stack == 240
    dealt_in = replay(hand, profile_for(hand)).dealt_in
    assert seat.seat not in dealt_in and len(dealt_in) == 2


def test_a_knockout_bounty_line_is_the_winners_bounty_and_no_chip_of_the_pot() -> None:
    """PokerStars' ``Gus Rinn wins the $10 bounty for eliminating Lotte V``: the hand is read whole (its
    nets are the pot's, checked above) and the line is the winner's bounty in the tournament's results,
    in hundredths of its currency."""
    (hand,) = parse_file(ROOT / "pokerstars" / "2025-knockout-tournament-finish.txt")
    assert isinstance(hand, Hand)
    results = results_from_hand(hand)
    assert results is not None
    won = {p.player: (p.bounties, p.bounty_prize) for p in results.players if p.bounties}
    assert won == {"Gus Rinn": (1, 1000)}


def test_a_rupee_tournament_is_read_in_rupees_buy_in_and_prizes() -> None:
    """PokerStars India's ``₹100+₹10 INR`` buy-in and ``received ₹80.00`` prizes: hundredths of rupees,
    the tournament's currency INR (the hand's chips are whole chips, checked above)."""
    (hand,) = parse_file(ROOT / "pokerstars" / "2025-rupee-buy-in.txt")
    assert isinstance(hand, Hand) and hand.tournament is not None
    assert (hand.tournament.buy_in, hand.tournament.fee, hand.tournament.currency) == (10000, 1000, "INR")
    results = results_from_hand(hand)
    assert results is not None
    assert {p.player: (p.finish, p.prize) for p in results.players} == {"Lotte V": (2, 8000), "Gus Rinn": (1, 12000)}


def test_kingsclub_prints_pokerstars_result_lines_and_they_are_its_tournament_results() -> None:
    """KingsClub's ``wins the 25 bounty for eliminating``, ``finished the tournament in 2nd place and
    received 300.`` and ``wins the tournament and receives 500 - congratulations!``: the hand is read whole
    (its nets checked above) and the lines are its tournament's results, in hundredths (the club plays
    for dollars though no currency is printed)."""
    (hand,) = parse_file(ROOT / "kingsclub" / "2021-tournament-finish-and-bounty.txt")
    assert isinstance(hand, Hand) and hand.tournament is not None
    results = results_of(hand)
    assert isinstance(results, TournamentResult) and results.tournament_id == "98765"
    got = {p.player: (p.finish, p.prize, p.bounties, p.bounty_prize) for p in results.players}
    assert got == {"Corvin": (1, 50000, 1, 2500), "Hero": (2, 30000, None, None)}
    lines = {field: said.line for p in results.players if p.player == "Hero" for field, said in p.said}
    assert lines == {"finish": 42, "prize": 42}


@pytest.mark.parametrize(
    "snippet",
    [
        "pokerstars/2009-hand-cancelled.txt",
        "fulltilt/2011-hand-canceled.txt",
        "kingsclub/2021-hand-cancelled.txt",
        "merge/2010-game-cancelled.xml",
    ],
)
def test_a_hand_the_site_cancelled_is_skipped_with_that_reason_not_refused(snippet: str) -> None:
    """``Hand cancelled`` (PokerStars, KingsClub), ``Hand #N has been canceled`` (Full Tilt), an
    ``<event type="GAME_CANCELLED">`` (Merge): the chips went back, there is nothing to replay, so the
    hand is skipped and counted with its reason instead of being reported as an error at that line."""
    (skipped,) = parse_file(ROOT / snippet)
    assert isinstance(skipped, NotStudHand) and skipped.reason == CANCELLED
    assert skipped.game in ("7 Card Stud Limit", "Limit Razz", "7-Stud")  # the header still read


def test_a_hand_cut_short_without_the_cancelled_line_is_still_refused(tmp_path: Path) -> None:
    """The cancelled snippet without its line is a hand that stops after the antes: refused, so the
    line is what makes the hand a skipped one."""
    text = (ROOT / "pokerstars" / "2009-hand-cancelled.txt").read_text(encoding="utf-8")
    cut = tmp_path / "cut.txt"
    cut.write_text(text.replace("Hand cancelled\n", ""), encoding="utf-8")
    (refused,) = parse_file(cut)
    assert isinstance(refused, ParseError)
