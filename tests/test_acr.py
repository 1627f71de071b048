"""Winning Poker Network / ACR: every line kind and trap of both formats, the corpus files, and the
writer round trip (simulate -> ACR text -> parse -> replay gives back the same hand and payouts).

Snippets are hand-written in the site's shapes (names and amounts invented); the corpus files are read
from ``fpdb/Winning`` and skipped with a clear reason when the corpus is absent.
"""

from __future__ import annotations

import dataclasses
import io
from collections import Counter
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from conftest import corpus_path
from site_roundtrip import RoundTrip, ante_and_bring_in, changed_fields, round_trip
from studbook.cli.cmd_audit import profile_words
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Game,
    Half,
    Hand,
    Marker,
    Muck,
    Show,
    UncalledReturn,
)
from studbook.engine.pots import pot_index, split_halves
from studbook.engine.profiles import RakeFrom
from studbook.engine.replay import replay
from studbook.engine.simulate import STYLES, Player, TableSpec, TournamentSpec, simulate
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.sites.acr.reader import read_header, split_file
from studbook.parsers.sites.acr.writer import pot_label, write_acr
from studbook.parsers.detect import detect
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

HANDS_PER_GAME = 2_000
"""The issue asks for at least 2,000 simulated hands per game and site."""


def one(text: str, source: str = "t.txt") -> Hand:
    results = parse_text(text, source)
    assert len(results) == 1, results
    hand = results[0]
    assert isinstance(hand, Hand), hand
    return hand


def actions(hand: Hand, street: int | None = None) -> list[Action]:
    return [
        e
        for e in hand.events
        if isinstance(e, Action) and e.kind is not ActionKind.ANTE and (street is None or e.street == street)
    ]


# ------------------------------------------------------------------------------ a current-format hand

HEADS_UP = """\
Hand #700000001 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2024/05/06 07:08:09 UTC
Lyra 8-max
Seat 2: Ann B ($2.00)
Seat 5: Ann ($1.00)
Ann B posts ante $0.01
Ann posts ante $0.01
*** 3rd STREET ***
Main pot $0.02 | Rake $0.00
Dealt to Ann B [As 2s Kd]
Dealt to Ann [3c]
Ann brings in $0.02
Ann B raises $0.04 to $0.04
Ann raises $0.06 to $0.08
Ann B calls $0.04
*** 4th STREET ***
Main pot $0.18 | Rake $0.00
Dealt to Ann B [As 2s Kd] [7h]
Dealt to Ann [3c] [3d]
Ann bets $0.04
Ann B raises $0.08 to $0.08
Ann calls $0.04
*** 5th STREET ***
Main pot $0.33 | Rake $0.01
Dealt to Ann B [As 2s Kd 7h] [Tc]
Dealt to Ann [3c 3d] [9s]
Ann checks
Ann B checks
*** 6th STREET ***
Main pot $0.33 | Rake $0.01
Dealt to Ann B [As 2s Kd 7h Tc] [Jd]
Dealt to Ann [3c 3d 9s] [4h]
Ann checks
Ann B bets $0.08
Ann folds
Uncalled bet ($0.08) returned to Ann B
Ann B does not show
*** SUMMARY ***
Total pot $0.33 | Rake $0.01
Seat 2: Ann B did not show and won $0.33
Seat 5: Ann folded on the 6th Street
"""


def test_header_spellings_of_the_game_and_the_ante() -> None:
    where = ("f", 1)
    for printed, game in [
        ("7Stud(Fixed Limit)", Game.STUD),
        ("7Stud H/L(Fixed Limit)", Game.STUD8),
        ("7Stud H/L (Fixed Limit)", Game.STUD8),
        ("Razz(Fixed Limit)", Game.RAZZ),
    ]:
        header = read_header(f"Hand #1 - {printed} - $0.04/$0.08 - 2025/01/02 03:04:05 UTC", where)
        assert (header.game, header.small_bet, header.big_bet, header.currency) == (game, 4, 8, "USD")
        assert header.started_at == datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    header = read_header("Hand #2 - 7Stud H/L (Fixed Limit) - $0.04/$0.08, Ante $0.01 - 2026/01/02 03:04:05 UTC", where)
    assert (header.game, header.ante) == (Game.STUD8, 1)
    header = read_header(
        "Game Hand #3 - Tournament #77 - 7Stud(Fixed Limit) - Level 4 (200.00/400.00)- 2021/02/25 22:07:46 UTC", where
    )
    assert header.tournament is not None and header.tournament.tournament_id == "77"
    assert (header.small_bet, header.big_bet, header.currency, header.play_money) == (20000, 40000, None, False)


def test_a_game_outside_the_stud_family_is_skipped_and_a_broken_header_is_an_error() -> None:
    holdem = HEADS_UP.replace("7Stud(Fixed Limit)", "Holdem(No Limit)")
    (skipped,) = parse_text(holdem, "h.txt")
    assert isinstance(skipped, NotStudHand) and skipped.game == "Holdem(No Limit)" and skipped.site == "acr"
    limit = HEADS_UP.replace("7Stud(Fixed Limit)", "7Stud(Pot Limit)")
    assert isinstance(parse_text(limit)[0], NotStudHand)
    broken = HEADS_UP.replace(" - 2024/05/06 07:08:09 UTC", "")
    (err,) = parse_text(broken, "b.txt")
    assert isinstance(err, ParseError) and (err.file, err.line) == ("b.txt", 1) and "ACR" in err.message


def test_raises_print_the_chips_added_and_become_increment_and_total() -> None:
    hand = one(HEADS_UP)
    third = actions(hand, 3)
    assert [(a.seat, a.kind, a.amount, a.to) for a in third] == [
        (5, ActionKind.BRING_IN, 2, None),
        (2, ActionKind.RAISE, 2, 4),  # the completion: adds $0.04, the level was the $0.02 bring-in
        (5, ActionKind.RAISE, 4, 8),  # adds $0.06 to the $0.02 in: a raise of $0.04 to $0.08
        (2, ActionKind.CALL, 4, None),
    ]
    assert [(a.kind, a.amount, a.to) for a in actions(hand, 4)][:2] == [
        (ActionKind.BET, 4, None),
        (ActionKind.RAISE, 4, 8),
    ]
    assert replay(hand, profile_for(hand)).violations == ()


def test_a_raise_whose_total_the_added_chips_do_not_reach_is_kept_and_judged() -> None:
    text = HEADS_UP.replace("Ann raises $0.06 to $0.08", "Ann raises $0.06 to $0.10")
    hand = one(text)
    raise_ = actions(hand, 3)[2]
    assert (raise_.amount, raise_.to) == (4, 10)
    assert "bet.size" in {v.rule for v in replay(hand, profile_for(hand)).violations}


def test_running_pot_lines_are_skipped_lines_and_the_uncontested_winner_is_paid_from_the_summary() -> None:
    hand = one(HEADS_UP)
    skipped = {s.text for s in hand.skipped}
    assert {"Main pot $0.02 | Rake $0.00", "Main pot $0.33 | Rake $0.01"} <= skipped
    assert hand.printed_pots == ()
    assert [e for e in hand.events if isinstance(e, Muck)] == [Muck(36, 2)]
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect(39, 2, 33, "pot")]
    assert (hand.total_pot, hand.rake, hand.table, hand.max_seats, hand.bring_in) == (33, 1, "Lyra", 8, 2)
    assert isinstance(hand.events[-1], Collect) and isinstance(hand.events[-2], Muck)
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert [(a.seat, a.amount) for a in result.awards] == [(2, 33)]


def test_names_that_start_other_names_are_read_against_the_seat_list() -> None:
    hand = one(HEADS_UP)
    assert {e.seat for e in hand.events if isinstance(e, Deal) and e.street == 3} == {2, 5}
    assert hand.events[0] == Action(5, 3, 2, ActionKind.ANTE, 1)


SHOWDOWN = """\
Hand #700000002 - 7Stud H/L (Fixed Limit) - $0.10/$0.20, Ante $0.02 - 2025/11/12 13:14:15 UTC
Vega 8-max
Seat 1: Kit ($5.00)
Seat 3: Short ($0.37)
Seat 6: Max ($5.00)
Kit posts ante $0.02
Short posts ante $0.02
Max posts ante $0.02
*** 3rd STREET ***
Main pot $0.06 | Rake $0.00
Dealt to Kit [Ah 2h 3h]
Dealt to Short [2c]
Dealt to Max [Qd]
Short brings in $0.05
Max raises $0.10 to $0.10
Kit calls $0.10
Short calls $0.05
*** 4th STREET ***
Main pot $0.36 | Rake $0.00
Dealt to Kit [Ah 2h 3h] [4c]
Dealt to Short [2c] [Ks]
Dealt to Max [Qd] [Qs]
Max bets $0.10
Kit calls $0.10
Short calls $0.10
*** 5th STREET ***
Main pot $0.66 | Rake $0.00
Dealt to Kit [Ah 2h 3h 4c] [8d]
Dealt to Short [2c Ks] [8s]
Dealt to Max [Qd Qs] [7c]
Max bets $0.20
Kit calls $0.20
Short calls $0.15 and is all-in
*** 6th STREET ***
Main pot $1.08 | Rake $0.03
Side pot(1) $0.10 | Rake $0.00
Dealt to Kit [Ah 2h 3h 4c 8d] [Tc]
Dealt to Short [2c Ks 8s] [Jc]
Dealt to Max [Qd Qs 7c] [6d]
Max bets $0.20
Kit calls $0.20
*** 7th STREET ***
Main pot $1.08 | Rake $0.03
Side pot(1) $0.50 | Rake $0.00
Dealt to Kit [Ah 2h 3h 4c 8d Tc] [Jh]
Max checks
Kit checks
*** SHOW DOWN ***
Main pot $1.08 | Rake $0.03
Side pot(1) $0.50 | Rake $0.00
Max shows [Qh Qc Qd Qs 7c 6d 5s] (HI - four of a kind, Queens [Qh Qc Qd Qs 7c])
Kit shows [Ah 2h 3h 4c 8d Tc Jh] (HI - a high card, Ace high [Ah Jh Tc 8d 4c] | LO - [8,4,3,2,A])
Short shows [Kc Kd 2c Ks 8s Jc Jd] (HI - a full house, Kings full of Jacks [Kc Kd Ks Jc Jd])
Max collected $0.54 from main pot
Kit collected $0.54 from main pot
Max collected $0.25 from side pot-1
Kit collected $0.25 from side pot-1
*** SUMMARY ***
Total pot $1.58 | Rake $0.02 | JP Fee $0.01
Seat 1: Kit showed [Ah 2h 3h 4c 8d Tc Jh] and won $0.79 with HI - a high card, Ace high [Ah Jh Tc 8d 4c] | LO - [8,4,3,2,A]
Seat 3: Short showed [Kc Kd 2c Ks 8s Jc Jd] and lost with HI - a full house, Kings full of Jacks [Kc Kd Ks Jc Jd]
Seat 6: Max showed [Qh Qc Qd Qs 7c 6d 5s] and won $0.79 with HI - four of a kind, Queens [Qh Qc Qd Qs 7c]
"""
# Short (seat 3) is all-in on 5th street with his last $0.15: the main pot is 3 x $0.37 = $1.11, the
# side pot Kit's and Max's $0.05 on 5th and $0.20 each on 6th. The $0.02 rake and $0.01 jackpot fee
# come out of the main pot ($1.08 left). Four queens take both high halves, Kit's 8-4-3-2-A both lows.


def test_showdown_side_pots_jackpot_fee_and_hi_lo_descriptions() -> None:
    hand = one(SHOWDOWN)
    assert (hand.ante, hand.bring_in, hand.total_pot, hand.rake, hand.printed_pots) == (2, 5, 158, 3, (108, 50))
    shows = [e for e in hand.events if isinstance(e, Show)]
    assert shows[1].description == "HI - a high card, Ace high [Ah Jh Tc 8d 4c] | LO - [8,4,3,2,A]"
    collects = [(e.seat, e.amount, pot_index(e.pot)) for e in hand.events if isinstance(e, Collect)]
    assert collects == [(6, 54, 0), (1, 54, 0), (6, 25, 1), (1, 25, 1)]
    assert [a for a in actions(hand) if a.all_in] == [Action(33, 5, 3, ActionKind.CALL, 15, None, True)]
    # the 7th-street down cards of everybody still in (all-in Short too) are dealt, the hero's known
    seventh = [e for e in hand.events if isinstance(e, Deal) and e.street == 7]
    assert [(d.seat, d.down[0] is None) for d in seventh] == [(3, True), (6, True), (1, False)]
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert sorted((a.pot, a.half, a.seat, a.amount) for a in result.awards) == [
        (0, Half.HIGH, 6, 54),
        (0, Half.LOW, 1, 54),
        (1, Half.HIGH, 6, 25),
        (1, Half.LOW, 1, 25),
    ]


def test_a_wrong_payout_is_recorded_as_printed_and_the_replay_reports_it() -> None:
    hand = one(SHOWDOWN.replace("Max collected $0.54 from main pot", "Short collected $0.54 from main pot"))
    assert "pot.winner" in {v.rule for v in replay(hand, profile_for(hand)).violations}


def test_community_card_on_seventh_street() -> None:
    text = HEADS_UP.replace(
        "Ann checks\nAnn B bets $0.08\nAnn folds\nUncalled bet ($0.08) returned to Ann B\nAnn B does not show\n",
        "Ann checks\nAnn B checks\n",
    )
    text = text.replace(
        "*** SUMMARY ***",
        "*** 7th STREET *** [8d]\nMain pot $0.33 | Rake $0.01\nAnn checks\n"
        "Ann B checks\n*** SHOW DOWN ***\nMain pot $0.33 | Rake $0.01\n"
        "Ann shows [5c 6c 3c 3d 9s 4h] (a pair of Threes)\n"
        "Ann B shows [As 2s Kd 7h Tc Jd] (a high card, Ace)\n"
        "Ann collected $0.33 from main pot\n*** SUMMARY ***",
    )
    text = text.replace(
        "Seat 2: Ann B did not show and won $0.33\nSeat 5: Ann folded on the 6th Street",
        "Seat 2: Ann B showed [As 2s Kd 7h Tc Jd] and lost with a high card, Ace\n"
        "Seat 5: Ann showed [5c 6c 3c 3d 9s 4h] and won $0.33 with a pair of Threes",
    )
    hand = one(text)
    assert [e.card.name for e in hand.events if isinstance(e, CommunityCard) and e.card] == ["8d"]
    assert not [e for e in hand.events if isinstance(e, Deal) and e.street == 7]
    assert replay(hand, profile_for(hand)).violations == ()


def test_an_unknown_line_is_an_error_at_its_line_and_the_next_hand_still_imports() -> None:
    bad = HEADS_UP.replace("Ann B calls $0.04\n", "Ann B dances a jig\n")
    results = parse_text(bad + "\n\n" + HEADS_UP.replace("700000001", "700000003"), "two.txt")
    assert [type(r) for r in results] == [ParseError, Hand]
    err = results[0]
    assert isinstance(err, ParseError)
    assert (err.file, err.line, err.text) == ("two.txt", 14, "Ann B dances a jig")
    assert "ACR" in err.message and "'NAME calls $0.04'" in err.expected


def test_a_hand_cut_off_before_its_summary_is_an_error_naming_its_last_line() -> None:
    cut = HEADS_UP[: HEADS_UP.index("*** SUMMARY ***")]
    (err,) = parse_text(cut, "cut.txt")
    assert isinstance(err, ParseError) and err.line == 36 and "cut off" in err.message


# --------------------------------------------------------------------------------------- 2016 format

OLD = """\
Game started at: 2016/3/4 5:06:07

Game ID: 600000001 1/2 (PRR) Old Table - 2 ({game})

Seat 1: Zed (10).

Seat 4: Yan (20.50).

Player Zed ante (0.15)

Player Yan ante (0.15)

Player Zed received card: [10d]

Player Zed received card: [Ah]

Player Yan received a card.

Player Yan received a card.

Player Zed received card: [Jh]

Player Yan received card: [2d]

Player Yan bring in (0.40)

Player Zed raises (1)

Player Yan raises (1.60)

Player Zed calls (1)

*** Third street ***

Player Zed received card: [10s]

Player Yan received card: [5c]

Player Zed bets (1)

Player Yan folds

Uncalled bet (1) returned to Zed

Player Zed mucks cards

------ Summary ------

Pot: 4.30. Rake 0. JP fee 0

*Player Zed mucks (does not show cards). Bets: 2.15. Collects: 4.30. Wins: 2.15.

Player Yan does not show cards.Bets: 2.15. Collects: 0. Loses: 2.15.

Game ended at: 2016/3/4 5:06:40
"""


def test_2016_lines_blank_lines_and_the_shifted_street_labels() -> None:
    hand = one(OLD.format(game="Seven Cards Stud"), "old.txt")
    assert (hand.site, hand.site_hand_id, hand.game, hand.small_bet, hand.big_bet) == (
        "acr",
        "600000001",
        Game.STUD,
        100,
        200,
    )
    assert (hand.table, hand.currency, hand.started_at, hand.ante, hand.bring_in) == (
        "Old Table - 2",
        "USD",
        datetime(2016, 3, 4, 5, 6, 7, tzinfo=ZoneInfo("America/New_York")),  # no zone printed: the site's own
        15,
        40,
    )
    deals = [(e.street, e.seat, e.down, e.up) for e in hand.events if isinstance(e, Deal)]
    assert [(s, seat) for s, seat, _, _ in deals] == [(3, 1), (3, 4), (4, 1), (4, 4)]
    assert [c.name for c in deals[0][2] + deals[0][3]] == ["Td", "Ah", "Jh"] and deals[1][2] == (None, None)
    # "raises (X)" gives the chips added: Zed completes to 1, Yan adds 1.60 to his 0.40 (raise to 2)
    assert [(a.street, a.kind, a.amount, a.to) for a in actions(hand)] == [
        (3, ActionKind.BRING_IN, 40, None),
        (3, ActionKind.RAISE, 60, 100),
        (3, ActionKind.RAISE, 100, 200),
        (3, ActionKind.CALL, 100, None),
        (4, ActionKind.BET, 100, None),
        (4, ActionKind.FOLD, 0, None),
    ]
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [UncalledReturn(43, 1, 100)]
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect(51, 1, 430, "pot")]
    assert all(s.text for s in hand.skipped)  # the blank lines are not skipped lines
    assert (hand.total_pot, hand.rake) == (430, 0)
    assert replay(hand, profile_for(hand)).violations == ()


def test_2016_games_razz_and_a_game_outside_the_family() -> None:
    assert one(OLD.format(game="Razz")).game is Game.RAZZ
    assert one(OLD.format(game="Seven Cards Stud HiLow")).game is Game.STUD8
    (skipped,) = parse_text(OLD.format(game="Hold'em"))
    assert isinstance(skipped, NotStudHand) and skipped.game == "Hold'em"


def test_2016_hands_split_at_their_header_not_at_blank_lines() -> None:
    text = OLD.format(game="Seven Cards Stud") + "\n\n\n" + OLD.format(game="Razz")
    blocks = list(split_file(iter(text.split("\n"))))
    assert [b.start_line for b in blocks] == [1, 59]
    assert [type(r) for r in parse_text(text)] == [Hand, Hand]


def test_2016_errors_name_file_and_line() -> None:
    text = OLD.format(game="Seven Cards Stud").replace("Player Zed calls (1)", "Player Zed sings (1)")
    (err,) = parse_text(text, "old.txt")
    assert isinstance(err, ParseError) and (err.file, err.line, err.text) == ("old.txt", 31, "Player Zed sings (1)")
    text = OLD.format(game="Seven Cards Stud").replace("Game ID: 600000001 1/2", "Game ID: x")
    (err,) = parse_text(text, "old.txt")
    assert isinstance(err, ParseError) and err.line == 3 and "Game ID" in err.message


# -------------------------------------------------------------------------------------- the corpus


def test_corpus_2016_files_shifted_streets_summary_shows_and_the_low_half_odd_chip() -> None:
    folder = corpus_path("fpdb", "Winning")
    results = list(parse_file(folder / "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"))
    hand, cut = results
    assert isinstance(hand, Hand) and isinstance(cut, ParseError)
    assert cut.line == 101 and "cut off" in cut.message and cut.text == "Seat 8: KickAzzJohnny (26.41)."
    assert (hand.total_pot, hand.rake) == (705, 20)  # "Pot: 7.05. Rake 0.14. JP fee 0.06"
    # $7.05 after rake: the low (seat 5) gets the odd cent, the high (seat 8) the rest
    assert sorted((e.seat, e.amount) for e in hand.events if isinstance(e, Collect)) == [(5, 353), (8, 352)]
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert sorted((a.half, a.seat, a.amount) for a in result.awards) == [(Half.HIGH, 8, 352), (Half.LOW, 5, 353)]
    shown = [e for e in hand.events if isinstance(e, Show)]
    assert [len(s.cards) for s in shown] == [7, 7] and shown[0].cards[1] is not None and shown[0].cards[1].name == "Td"
    stud = [r for r in parse_file(folder / "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt")]
    assert [h.site_hand_id for h in stud if isinstance(h, Hand)] == ["693977667", "693977839", "693978063", "693978378"]
    second = stud[1]
    assert isinstance(second, Hand)
    assert [(a.street, a.kind, a.amount, a.to) for a in actions(second, 3)] == [
        (3, ActionKind.BRING_IN, 40, None),
        (3, ActionKind.RAISE, 60, 100),
        (3, ActionKind.CALL, 60, None),
    ]
    assert {e.street for e in second.events if isinstance(e, Deal)} == {3, 4, 5, 6}


def test_corpus_2019_file_completion_and_summary_payout() -> None:
    path = corpus_path("fpdb", "Winning", "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt")
    (hand,) = parse_file(path)
    assert isinstance(hand, Hand)
    completion = next(a for a in actions(hand, 3) if a.kind is ActionKind.RAISE)
    assert (hand.player(completion.seat), completion.amount, completion.to) == ("Hero", 2, 4)
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect(69, 7, 36, "pot")]
    assert (hand.total_pot, hand.rake) == (36, 1)
    assert hand.started_at == datetime(2019, 7, 28, 16, 15, 58, tzinfo=UTC)
    assert replay(hand, profile_for(hand)).violations == ()


def test_detect_names_acr_for_both_formats() -> None:
    for text in (HEADS_UP, OLD.format(game="Razz")):
        found = detect(enumerate(text.splitlines(), 1))
        assert found is not None and found.site.site == "acr"


# ---------------------------------------------------------------------------------- the round trip


def as_acr_prints(hand: Hand) -> list[Event]:
    """A simulated hand's events as the ACR text can carry them, in the site's order: no markers (the
    site prints none), the shows and mucks of a showdown before every ``collected`` line (main pot
    first) with the site's pot names, and the uncontested winner's ``does not show`` (a Muck) before
    his summary payout."""
    events = [e for e in hand.events if not isinstance(e, Marker)]
    body = [e for e in events if not isinstance(e, (Show, Muck, Collect))]
    shows = [e for e in events if isinstance(e, (Show, Muck))]
    collects = [e for e in events if isinstance(e, Collect)]
    if any(isinstance(e, Show) for e in shows):
        paid = [
            dataclasses.replace(c, pot=pot_label(pot_index(c.pot)))
            for c in sorted(collects, key=lambda c: pot_index(c.pot))
        ]
        return body + shows + paid  # type: ignore[operator]
    winners = [Muck(0, seat) for seat in dict.fromkeys(c.seat for c in collects)]
    won: Counter[int] = Counter()
    for c in collects:
        won[c.seat] += c.amount
    return body + winners + [Collect(0, seat, amount, "pot") for seat, amount in won.items()]  # type: ignore[operator]


def without_lines(events: list[Event]) -> list[Event]:
    return [dataclasses.replace(e, line=0) for e in events]


HEADER_FIELDS = (
    "site_hand_id",
    "game",
    "small_bet",
    "big_bet",
    "seats",
    "currency",
    "play_money",
    "table",
    "max_seats",
    "rake",
    "printed_pots",
)
"""Compared as they are; the start time is compared as an instant (the site prints UTC, the simulator
keeps Eastern wall time, which on the night clocks go forward can name an hour that does not exist)."""


def acr_header_facts(sim: Hand, back: Hand) -> list[str]:
    """The header as ACR prints it: the start time in UTC, the total net of rake, no nominal bring-in
    after a bring-in all-in for less."""
    problems = changed_fields(sim, back, HEADER_FIELDS)
    if sim.started_at is None or back.started_at != sim.started_at.astimezone(UTC).replace(fold=0):
        problems.append(f"started at {sim.started_at} came back as {back.started_at}")
    if back.site != "acr" or back.total_pot != (sim.total_pot or 0) - (sim.rake or 0):
        problems.append(f"site/total {back.site} {back.total_pot}, simulated total {sim.total_pot}")
    return problems + ante_and_bring_in(sim, back)


def round_trip_acr(spec: TableSpec, hands: int, seed: int) -> RoundTrip:
    return round_trip(spec, hands, seed, SITES_BY_ID["acr"].write_file, check=acr_header_facts, printed=as_acr_prints)


def _has(hands: list[Hand], kind: type, test: object = None) -> int:
    return sum(
        any(isinstance(e, kind) and (test is None or test(e)) for e in h.events)  # type: ignore[operator]
        for h in hands
    )


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [(Game.STUD, 301), (Game.STUD8, 302), (Game.RAZZ, 303)])
def test_writer_round_trip(game: Game, seed: int) -> None:
    trip = round_trip_acr(TableSpec(games=(game,), players=(2, 8), profile=get_profile("acr")), HANDS_PER_GAME, seed)
    assert trip.problems == []
    hands = trip.written
    # what the run covered: side pots, all-ins, capped streets, uncalled bets
    assert sum(len(h.printed_pots) > 1 for h in hands) >= 3
    assert _has(hands, Action, lambda e: e.all_in) >= 5
    assert _has(hands, Marker, lambda e: e.kind == "capped") >= 20
    assert _has(hands, UncalledReturn) >= 100


STATIONS = tuple(Player(f"station {i}", STYLES["station"]) for i in range(8))
"""Eight calling stations at a full table: most hands reach 7th street eight-handed, where the deck runs
short and the 7th card is a community card, and stud8 lows are often split (quartered)."""


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [(Game.STUD, 311), (Game.STUD8, 312), (Game.RAZZ, 313)])
def test_writer_round_trip_full_tables_community_card_and_quartered_lows(game: Game, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(8, 8), profile=get_profile("acr"), regulars=STATIONS)
    trip = round_trip_acr(spec, 300, seed)
    assert trip.problems == []
    hands = trip.written
    assert _has(hands, CommunityCard) >= 20
    if game is Game.STUD8:
        quartered = 0
        for h in hands:
            lows = Counter(a.pot for a in replay(h, profile_for(h)).awards if a.half is Half.LOW)
            quartered += any(n >= 2 for n in lows.values())
        assert quartered >= 1


def test_written_text_reads_like_the_site() -> None:
    (hand,) = simulate(TableSpec(games=(Game.STUD8,), players=(6, 6), profile=get_profile("acr")), 1, 5)
    text = write_acr(hand)
    lines = text.splitlines()
    assert lines[0].startswith("Hand #") and "7Stud H/L(Fixed Limit) - $1.00/$2.00 - " in lines[0]
    assert lines[0].endswith(" UTC") and lines[1] == "Aludra 8-max"
    assert "*** 3rd STREET ***" in lines and "*** SUMMARY ***" in lines
    assert any(line.startswith("Main pot $") for line in lines)
    assert not any(line.startswith(("Betting is capped", "Pair on board")) for line in lines)


def test_the_acr_profile_says_what_the_corpus_measured() -> None:
    profile = get_profile("acr")
    assert (profile.total_includes_rake, profile.hilo_odd_chip, profile.rake_from) == (
        False,
        Half.LOW,
        RakeFrom.MAIN_POT,
    )
    assert split_halves(705, profile.hilo_odd_chip) == (352, 353)
    assert split_halves(705) == (353, 352)  # the default of docs/rules.md §6: the odd chip to the high half
    assert SITES_BY_ID["acr"].profile.name == "acr"
    assert "the odd chip of a hi/lo pot to the low half" in " ".join(profile_words(profile).split())


def test_2016_a_muck_said_only_in_the_summary_is_a_muck() -> None:
    text = OLD.format(game="Seven Cards Stud").replace("Player Zed mucks cards\n\n", "")
    hand = one(text)
    assert [e for e in hand.events if isinstance(e, Muck)] == [Muck(49, 1)]
    assert replay(hand, profile_for(hand)).violations == ()


def test_tournament_hands_are_written_and_read_back() -> None:
    """The site prints a tournament's id and level, not its buy-in: those come back, with every event."""
    spec = TableSpec(games=(Game.STUD8,), players=(6, 6), profile=get_profile("acr"), tournament=TournamentSpec())
    dealt = list(simulate(spec, 60, 9))
    out = io.StringIO()
    SITES_BY_ID["acr"].write_file(dealt, out)
    assert out.getvalue().startswith("Game Hand #")
    back = parse_text(out.getvalue(), "t.txt")
    assert len(back) == len(dealt)
    for sim, hand in zip(dealt, back):
        assert isinstance(hand, Hand), hand
        assert sim.tournament is not None and hand.tournament is not None
        assert (hand.tournament.tournament_id, hand.tournament.level) == (
            sim.tournament.tournament_id,
            sim.tournament.level,
        )
        assert (hand.small_bet, hand.big_bet, hand.currency, hand.play_money) == (
            sim.small_bet,
            sim.big_bet,
            None,
            False,
        )
        assert without_lines(list(hand.events)) == without_lines(as_acr_prints(sim))
        assert replay(hand, profile_for(hand)).violations == ()


def test_a_2016_hand_written_in_the_current_format_keeps_its_instant() -> None:
    """The 2016 client printed New York wall time with no zone; studbook writes ACR's current format,
    which prints UTC and says so: the 05:06:07 EST start is written 10:06:07 UTC and reads back as
    the same instant, whatever clock the hand holds its time on."""
    hand = one(OLD.format(game="Seven Cards Stud"), "old.txt")
    assert hand.started_at is not None
    for clock in (ZoneInfo("America/New_York"), ZoneInfo("Asia/Tokyo")):
        written = write_acr(dataclasses.replace(hand, started_at=hand.started_at.astimezone(clock)))
        assert "2016/03/04 10:06:07 UTC" in written.splitlines()[0]
        (again,) = parse_text(written)
        assert isinstance(again, Hand) and again.started_at == hand.started_at
