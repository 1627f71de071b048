"""KingsClub: every line kind of the six corpus hands and their traps (the three-line header, the first
round without a street line, street totals in calls and raises, thousands separators, 2-7 razz, the side
pot printed only in the seat lines, the uncalled bet without a line), and errors that name file and line.
The writer: the corpus hands written back, and the round trip of simulated hands per game (1,000 each in
the slow run). The conformance of the files themselves: tests/test_conformance.py."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from site_errors import assert_error_at
from conftest import corpus_path
from site_roundtrip import Lossy, bring_in_printed, changed_fields, round_trip
from studbook.engine.model import Action, ActionKind, Collect, Deal, Game, Hand, Show, UncalledReturn
from studbook.engine.pots import pot_index
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.sites.kingsclub.writer import write_kingsclub
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

FOLDER = ("fpdb", "KingsClub")
STUD = "7-Stud-USD-44-88-202010.txt"
RAZZ27 = "2-7 Razz-USD-22-44-202101.txt"
SIDE = "2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt"
BOTH = "Razz-USD-500-100-202101.multi.pot.failure.txt"
HILO = "7-StudHL-USD-40-80-202101.txt"
RAZZ = "Razz-USD-40-80-202101.txt"


def hand_of(name: str) -> Hand:
    (hand,) = parse_file(corpus_path(*FOLDER, name))
    assert isinstance(hand, Hand), hand
    return hand


def text_of(name: str) -> str:
    return corpus_path(*FOLDER, name).read_text(encoding="utf-8")


def test_the_three_header_lines() -> None:
    hand = hand_of(STUD)
    assert (hand.site, hand.site_hand_id, hand.game, hand.small_bet, hand.big_bet, hand.table) == (
        "kingsclub",
        "37581152",
        Game.STUD,
        4400,
        8800,
        "Real Deal Mix",
    )
    assert (hand.ante, hand.bring_in, hand.rake, hand.total_pot, hand.currency) == (3316, 3316, 500, None, "USD")
    # "2020-10-26 19:00:47" with no zone: read in the site's own (NOTES.md, "Start times"), EDT that day
    assert hand.started_at is not None and hand.started_at.isoformat() == "2020-10-26T19:00:47-04:00"
    assert hand_of(SIDE).big_bet == 100000 and hand_of(SIDE).seats[0].stack == 4418100  # "1,000", "44,181"


def test_games_including_2_7_razz() -> None:
    assert [hand_of(n).game for n in (HILO, RAZZ, RAZZ27, SIDE)] == [Game.STUD8, Game.RAZZ, Game.RAZZ27, Game.RAZZ27]


def test_the_first_round_has_no_street_line_and_3rd_street_is_the_second() -> None:
    hand = hand_of(STUD)
    deals = [(d.street, d.seat, d.down, d.up) for d in hand.events if isinstance(d, Deal)]
    assert deals[0][:2] == (3, 1) and deals[0][2] == (None, None) and str(deals[0][3][0]) == "2s"  # [X X 2s]
    assert [d[:2] for d in deals if d[0] == 4] == [(4, 3), (4, 4), (4, 5)]  # under "*** 3RD STREET ***"
    assert [(d[1], d[2]) for d in deals if d[0] == 7] == [(4, (None,)), (5, (None,))]  # "6TH STREET": [X]
    assert max(d[0] for d in deals) == 7


def test_calls_and_raises_print_the_street_total() -> None:
    third = [
        (a.seat, a.kind, a.amount, a.to)
        for a in hand_of(STUD).events
        if isinstance(a, Action) and a.street == 3 and a.kind is not ActionKind.ANTE
    ]
    assert third == [
        (1, ActionKind.BRING_IN, 3316, None),
        (2, ActionKind.FOLD, 0, None),
        (3, ActionKind.COMPLETE, 1084, 4400),
        (4, ActionKind.RAISE, 3316, 7716),
        (5, ActionKind.RAISE, 4400, 12116),
        (7, ActionKind.FOLD, 0, None),
        (1, ActionKind.FOLD, 0, None),
        (3, ActionKind.CALL, 7716, None),
        (4, ActionKind.CALL, 4400, None),
    ]
    hand = hand_of(STUD)
    assert replay(hand, profile_for(hand)).invested[3] == 3316 + 12116  # his net -154.32


def test_an_all_in_call_and_bet_are_read() -> None:
    calls = [a for a in hand_of(SIDE).events if isinstance(a, Action) and a.all_in]
    assert [(a.seat, a.kind, a.amount) for a in calls] == [(6, ActionKind.CALL, 16275)]  # 1,500 -> 1,662.75
    (bet,) = [a for a in hand_of(BOTH).events if isinstance(a, Action) and a.all_in]
    assert (bet.seat, bet.kind, bet.to) == (4, ActionKind.COMPLETE, 22500)


def test_shows_inside_a_street() -> None:
    shows = {s.seat: s.cards for s in hand_of(SIDE).events if isinstance(s, Show)}
    assert sorted(shows) == [2, 6] and all(len(c) == 6 for c in shows.values())


def test_the_side_pot_only_the_seat_lines_print_is_collected() -> None:
    hand = hand_of(SIDE)
    assert [(c.seat, c.amount, c.pot) for c in hand.events if isinstance(c, Collect)] == [
        (6, 561325, "pot"),
        (2, 267450, "side pot"),
    ]
    assert [(u.seat, u.amount) for u in hand.events if isinstance(u, UncalledReturn)] == [(2, 100000)]
    result = replay(hand, profile_for(hand))
    assert result.violations == () and result.rake == 0
    assert {(a.pot, a.seat): a.amount for a in result.awards} == {(0, 6): 561325, (1, 2): 267450}


def test_one_line_paying_main_and_side_pot_adds_nothing() -> None:
    hand = hand_of(BOTH)
    assert [(c.seat, c.amount) for c in hand.events if isinstance(c, Collect)] == [(5, 410000)]
    assert sum(a.amount for a in replay(hand, profile_for(hand)).awards if a.seat == 5) == 410000


def test_the_uncalled_bet_goes_back_at_the_end_of_its_street() -> None:
    hand = hand_of(RAZZ)
    (back,) = [e for e in hand.events if isinstance(e, UncalledReturn)]
    assert (back.seat, back.amount) == (6, 4000)
    assert [(c.seat, c.amount) for c in hand.events if isinstance(c, Collect)] == [(6, 9900)]
    assert replay(hand, profile_for(hand)).violations == ()


def test_other_games_are_skipped() -> None:
    text = text_of(RAZZ).replace("Limit Razz - 40/80", "Limit Hold'em - 40/80", 1)
    (result,) = parse_text(text)
    assert isinstance(result, NotStudHand) and result.game == "Hold'em"


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Dealt to Player0: [Qs]", "Dealt to Player0: [Qs Qd]", "2 cards dealt on street 4"),
        ("Hero bets 40\nPlayer0 folds", "Hero shouts 40\nPlayer0 folds", "not a KingsClub line"),
        ("Hero bets 40\nPlayer0 folds", "Nobody bets 40\nPlayer0 folds", "not seated"),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(text_of(RAZZ), old, new, words)


def test_a_garbled_summary_seat_line_costs_a_warning_not_the_hand() -> None:
    """The summary's seat lines repeat what the body said, so the hand's chips add up without one that
    no rule knows: it is kept, the line with it (parsers/unknown_lines.py)."""
    text = text_of(RAZZ).replace("Seat 1: Player0 (1,010.38) -50", "Seat 1: Player0 (1,010.38) -5O", 1)
    (hand,) = parse_text(text, "garbled.txt")
    assert isinstance(hand, Hand) and [u.text for u in hand.unknown_lines] == ["Seat 1: Player0 (1,010.38) -5O"]
    assert replay(hand, profile_for(hand)).violations == () and hand.events == hand_of(RAZZ).events


def test_the_registry_reads_kingsclub() -> None:
    assert SITES_BY_ID["kingsclub"].readable and SITES_BY_ID["kingsclub"].writer is write_kingsclub


# ------------------------------------------------------------------------------ the writer

KINGSCLUB_LOSSY = Lossy(markers=True, completion_word=True, community=True, descriptions=True, collects_last=True)


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    fields = (
        "site_hand_id",
        "game",
        "small_bet",
        "big_bet",
        "ante",
        "rake",
        "table",
        *(("bring_in",) if bring_in_printed(sim) else ()),
    )
    return changed_fields(sim, back, (f for f in fields if not (f == "rake" and not sim.rake and not back.rake)))


def _round_trip(game: Game, hands: int, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(2, 8), profile=get_profile("kingsclub"))
    trip = round_trip(spec, hands, seed, SITES_BY_ID["kingsclub"].write_file, KINGSCLUB_LOSSY, _header_facts)
    assert len(trip.written) >= hands * 0.99
    assert trip.problems == []


@pytest.mark.parametrize("game, seed", [(Game.STUD, 61), (Game.STUD8, 62), (Game.RAZZ, 63), (Game.RAZZ27, 64)])
def test_writer_round_trip(game: Game, seed: int) -> None:
    _round_trip(game, 150, seed)


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [(Game.STUD, 71), (Game.STUD8, 72), (Game.RAZZ, 73), (Game.RAZZ27, 74)])
def test_writer_round_trip_1000_hands(game: Game, seed: int) -> None:
    _round_trip(game, 1000, seed)


@pytest.mark.parametrize("name", [STUD, RAZZ27, SIDE, BOTH, HILO, RAZZ])
def test_the_corpus_hands_written_and_read_back_are_the_same(name: str) -> None:
    hand = hand_of(name)
    (again,) = parse_text(write_kingsclub(hand))
    assert isinstance(again, Hand)

    def key(h: Hand) -> list[object]:
        return [
            dataclasses.replace(e, line=0, pot=str(pot_index(e.pot)))
            if isinstance(e, Collect)
            else dataclasses.replace(e, line=0)
            for e in h.events
        ]

    assert key(again) == key(hand)
    assert {v.rule for v in replay(again, profile_for(again)).violations} == {
        v.rule for v in replay(hand, profile_for(hand)).violations
    }
    assert write_kingsclub(again) == write_kingsclub(hand)


def test_the_writer_prints_totals_and_the_seat_lines() -> None:
    text = write_kingsclub(hand_of(STUD))
    for line in (
        "Player3 raises to 77.16",
        "Player2 calls 121.16",
        "Seat 4: Player3 (2,788.28) +788.28",
        "Rake 5",
        "Player3 wins pot (1,294.60)",
        "*** 3RD STREET ***\nDealt to Player2: [3h]",
    ):
        assert line in text
    assert "wins side pot 1 (2,674.50)" in write_kingsclub(hand_of(SIDE))


def test_a_header_amount_that_does_not_read_is_the_hands_parse_error_at_its_line() -> None:
    """``1,2,3`` matches the header's digits-and-commas but is no amount: the hand's ParseError at the
    header line, and the file's next hand still reads: the hand is the unit of failure, never the file."""
    path = next(p for p in sorted(corpus_path("fpdb", "KingsClub").iterdir()) if p.suffix == ".txt")
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    broken = first.replace(first.split(" - ")[-1], "1,2,3/80", 1)
    results = parse_text(text.replace(first, broken, 1) + "\n\n" + text, "kc.txt")
    assert (
        isinstance(results[0], ParseError) and results[0].line == 1 and "'1,2,3' is not an amount" in results[0].message
    )
    assert any(isinstance(r, Hand) for r in results[1:])


def test_the_writer_prints_new_york_time_whatever_clock_the_hand_holds() -> None:
    """KingsClub prints New York wall time with no zone: a hand whose start is held in UTC (converted
    from another site, or replayed in the user's zone) is written on New York's clock, and reads back
    as the same instant; the corpus hand's own time is written as it printed it."""
    hand = hand_of(STUD)
    assert hand.started_at is not None
    text = write_kingsclub(hand)
    assert "\n2020-10-26 19:00:47\n" in text
    for clock in (timezone.utc, ZoneInfo("Asia/Tokyo")):
        moved = dataclasses.replace(hand, started_at=hand.started_at.astimezone(clock))
        written = write_kingsclub(moved)
        assert "\n2020-10-26 19:00:47\n" in written  # 23:00:47 UTC, 08:00:47 the next day in Tokyo
        (again,) = parse_text(written)
        assert isinstance(again, Hand) and again.started_at == hand.started_at
    winter = dataclasses.replace(hand, started_at=datetime(2021, 1, 15, 3, 30, tzinfo=timezone.utc))
    assert "\n2021-01-14 22:30:00\n" in write_kingsclub(winter)  # EST, five hours behind
