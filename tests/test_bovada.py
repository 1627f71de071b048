"""Bovada / Bodog: every line kind and trap on hand-written snippets (in the corpus's own spellings), the
real files, errors that name file and line, and the writer round trip.

The corpus files themselves are checked by the conformance kit (tests/test_conformance.py); here each
trap is pinned on its own, so a regression names the line kind that broke.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from site_errors import assert_error_at
from conftest import corpus_path
from site_roundtrip import Lossy, round_trip
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    Marker,
    Muck,
    Show,
    UncalledReturn,
)
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, TournamentSpec
from studbook.parsers import NotStudHand, parse_file, parse_text
from studbook.parsers.sites.bovada.writer import write_bovada
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

BODOG = """\ufeffBodog Hand #2604291699 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:41:46
Seat+1: $0.41 in chips
Seat+3 [ME]: $0.33 in chips
Seat+5: $0.82 in chips
Seat+1 : Ante chip $0.01
Seat+3 [ME] : Ante chip $0.01
Seat+5 : Ante chip $0.01
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [6c Th Ks]
Seat+3 [ME] : Card dealt to a spot [8c Qs Qc]
Seat+5 : Card dealt to a spot [9d 8s Jd]
Seat+5 : Bring_in chip $0.02
Seat+1 : Folds
Seat+3 [ME] : Calls $0.02
Seat+3 [ME] : Card dealt to a spot [3d]
Seat+5 : Card dealt to a spot [5c]
Seat+3 [ME] : Checks
Seat+5 : Bets $0.05
Seat+3 [ME] : Raises $0.10
Seat+5 : Calls $0.05
Seat+3 [ME] : Card dealt to a spot [Ts]
Seat+5 : Card dealt to a spot [Td]
Seat+3 [ME] : Bets $0.10
Seat+5 : Calls $0.10
Seat+3 [ME] : Card dealt to a spot [4s]
Seat+5 : Card dealt to a spot [Ac]
Seat+5 : Checks
Seat+3 [ME] : Checks
Seat+3 [ME] : Card dealt to a spot [2h]
Seat+5 : Card dealt to a spot [Js]
Seat+5 : Checks
Seat+3 [ME] : Checks
Seat+5 : Showdown [Js Jd Ac Td 9d] (One pair)
Seat+3 [ME] : Showdown [Qs Qc Ts 8c 4s] (One pair)
Seat+3 [ME] : Hand result $0.45
*** SUMMARY ***
Total Pot($0.47) | Rake ($0.02)
Seat 1:  Folded on the 3rd STREET
Seat 3:  $0.45  with One pair [8c Qs Qc 3d Ts 4s 2h-Qs Qc Ts 8c 4s]
Seat 5:   lost with One pair [9d 8s Jd 5c Td Js-Js Jd Ac Td 9d]
"""
"""Hand 2604291699 of the 2012 Bodog file: no street lines, ``Raises $0.10`` as the new total."""

NEWER = """Bovada Hand #2844383701 TBL#7794710 7CARD HiLo Fixed Limit - 2014-04-06 19:50:19
Seat+2: $193.75 in chips
Seat+5 [ME]: $200 in chips
Seat+8: $195 in chips
Seat+5 [ME] : Ante chip $1.25
Seat+2 : Ante chip $1.25
Seat+8 : Ante chip $1.25
*** 3RD STREET ***
Seat+2 : Card dealt to a spot [5c 2h 6c]
Seat+5 [ME] : Card dealt to a spot [Ad Qd 2d]
Seat+8 : Card dealt to a spot [5h Qc Qs]
Seat+5 [ME] : Bring_in chip $2.50
Seat+8 : Raises $5 to $5
Seat+2 : Calls $5
Seat+5 [ME] : Raises $7.50 to $10
Seat+8 : Calls $5
Seat+2 : Folds
*** 4TH STREET ***
Seat+5 [ME] : Card dealt to a spot [2c]
Seat+8 : Card dealt to a spot [3c]
Seat+5 [ME] : Bets $5
Seat+8 : Folds
Seat+5 [ME] : Return uncalled portion of bet $5
Seat+5 [ME] : Hand result $28.75
*** SUMMARY ***
Total Pot($28.75)
Seat+2:  Folded on the 3rd STREET
Seat+5:  $28.75 [Does not show]
Seat+8:  Folded on the 4TH STREET
"""
"""The 2014 spelling (street lines, ``Raises X to Y`` with X the chips added, no rake), cut short."""


def only(text: str) -> Hand:
    results = parse_text(text, "snippet.txt")
    assert len(results) == 1 and isinstance(results[0], Hand), results
    return results[0]


def actions(hand: Hand) -> list[tuple[int, int, ActionKind, int, int | None, bool]]:
    return [
        (a.street, a.seat, a.kind, a.amount, a.to, a.all_in)
        for a in hand.events
        if isinstance(a, Action) and a.kind is not ActionKind.ANTE
    ]


def test_the_header_says_game_table_and_time_but_no_stakes() -> None:
    hand = only(BODOG)
    assert (hand.site, hand.site_hand_id, hand.game, hand.table, hand.currency) == (
        "bovada",
        "2604291699",
        Game.STUD,
        "1178621",
        "USD",
    )
    assert hand.started_at == datetime(2012, 5, 7, 3, 41, 46, tzinfo=ZoneInfo("America/New_York"))
    assert hand.stakes_inferred and (hand.small_bet, hand.big_bet) == (5, 10)
    assert only(NEWER).game is Game.STUD8


def test_anonymous_seats_are_recorded_as_printed() -> None:
    hand = only(BODOG)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Seat+1", 41),
        (3, "Seat+3 [ME]", 33),
        (5, "Seat+5", 82),
    ]


def test_without_street_lines_a_players_nth_deal_is_his_card_of_street_3_plus_n() -> None:
    hand = only(BODOG)
    deals = [(d.street, d.seat, len(d.down), len(d.up)) for d in hand.events if isinstance(d, Deal)]
    assert deals[:3] == [(3, 1, 2, 1), (3, 3, 2, 1), (3, 5, 2, 1)]
    assert [d[0] for d in deals[3:]] == [4, 4, 5, 5, 6, 6, 7, 7]
    assert deals[-1][2:] == (1, 0)  # the 7th card is down
    bets = [(street, kind) for street, _, kind, *_ in actions(hand) if kind in (ActionKind.BET, ActionKind.RAISE)]
    assert bets == [(4, ActionKind.BET), (4, ActionKind.RAISE), (5, ActionKind.BET)]


def test_the_three_raise_wordings_become_the_same_model_action() -> None:
    older = actions(only(BODOG))
    assert (4, 3, ActionKind.RAISE, 5, 10, False) in older  # "Raises $0.10": the new total
    newer = actions(only(NEWER))
    assert newer[:5] == [
        (3, 5, ActionKind.BRING_IN, 250, None, False),
        (3, 8, ActionKind.RAISE, 250, 500, False),  # "Raises $5 to $5": the completion, $5 added
        (3, 2, ActionKind.CALL, 500, None, False),
        (3, 5, ActionKind.RAISE, 500, 1000, False),  # "Raises $7.50 to $10": $7.50 added to the $2.50
        (3, 8, ActionKind.CALL, 500, None, False),
    ]


ALL_IN = """Bovada Hand #2633123306: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 4 (0/0) - 2012-06-17 22:41:18
Seat+1: 214 in chips
Seat+3: 1,434 in chips
Seat+1 : Ante chip 12
Seat+3 : Ante chip 12
Seat+3 : Table enter user
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [7h Kh Th]
Seat+3 : Card dealt to a spot [7s 5s 3d]
Seat+3 : Big blind/Bring in 30
Seat+1 : Raises 60
Seat+3 : Call 30
Seat+1 : Card dealt to a spot [As]
Seat+3 : Card dealt to a spot [3h]
Seat+3 : Checks(timeout)
Seat+1 : Double bets 120
Seat+3 : Call 120
Seat+1 : Card dealt to a spot [Qh]
Seat+3 : Card dealt to a spot [5d]
Seat+3 : Checks
Seat+1 : All-in(raise) 22
Seat+3 : Call 22
Seat+1 : Card dealt to a spot [9s]
Seat+3 : Card dealt to a spot [7c]
Seat+1 : Card dealt to a spot [Qd]
Seat+3 : Card dealt to a spot [5h]
Seat+1 : Showdown [Qh Qd As Kh Th] (One pair)
Seat+3 : Showdown [5s 5h 5d 7s 7c] (Full House)
Seat+3 : Hand Result 428
Seat+1 : Ranking 18
Seat+1 : Stand
*** SUMMARY ***
Total Pot(428)
Seat 1:   lose with One pair [7h Kh Th As Qh 9s Qd-Qh Qd As Kh Th]
Seat 3:  428  with Full House [7s 5s 3d 3h 5d 7c 5h-5s 5h 5d 7s 7c]
"""
"""Tournament hand 2633123306 cut to two players (7th-street cards invented): a double bet, a short
all-in bet, deals of two streets with no betting between, table noise and a finish."""


def test_tournament_header_all_ins_double_bets_and_noise() -> None:
    hand = only(ALL_IN)
    assert hand.tournament is not None and (hand.tournament.tournament_id, hand.tournament.level) == ("1378659", "4")
    assert hand.currency is None and hand.table == "1"
    got = actions(hand)
    assert (5, 1, ActionKind.BET, 22, None, True) in got  # "All-in(raise) 22" with nothing bet: a bet
    assert (4, 1, ActionKind.BET, 120, None, False) in got  # whole tournament chips
    assert [(m.street, m.kind) for m in hand.events if isinstance(m, Marker)] == [(4, "double-bet")]
    assert (hand.small_bet, hand.big_bet) == (60, 120)  # the double bet shows the big one
    assert [d.street for d in hand.events if isinstance(d, Deal) and d.seat == 1] == [3, 4, 5, 6, 7]
    assert {s.text for s in hand.skipped} >= {"Seat+3 : Table enter user", "Seat+1 : Ranking 18", "Seat+1 : Stand"}
    result = replay(hand, profile_for(hand))
    assert result.violations == ()


def test_the_summary_seven_cards_replace_the_best_five_shown() -> None:
    shows = {s.seat: s for s in only(BODOG).events if isinstance(s, Show)}
    assert [str(c) for c in shows[3].cards] == ["8c", "Qs", "Qc", "3d", "Ts", "4s", "2h"]
    assert shows[3].description == "One pair"
    # Bovada's summary lists six of seat 5's seven cards (it drops his Ac): the shown five stay
    assert [str(c) for c in shows[5].cards] == ["Js", "Jd", "Ac", "Td", "9d"]


def test_hi_lo_showdown_prints_high_and_low_five_which_are_read_once_each() -> None:
    text = NEWER.replace(
        """Seat+5 [ME] : Bets $5
Seat+8 : Folds
Seat+5 [ME] : Return uncalled portion of bet $5
Seat+5 [ME] : Hand result $28.75
*** SUMMARY ***
Total Pot($28.75)""",
        """Seat+5 [ME] : Checks
Seat+8 : Checks
*** 5TH STREET ***
Seat+5 [ME] : Card dealt to a spot [Td]
Seat+8 : Card dealt to a spot [4d]
Seat+5 [ME] : Checks
Seat+8 : Checks
*** 6TH STREET ***
Seat+5 [ME] : Card dealt to a spot [Js]
Seat+8 : Card dealt to a spot [8d]
Seat+5 [ME] : Checks
Seat+8 : Checks
*** RIVER ***
Seat+5 [ME] : Card dealt to a spot [Ks]
Seat+8 : Card dealt to a spot [Th]
Seat+5 [ME] : Checks
Seat+8 : Checks
Seat+5 [ME] : Showdown [Ad Ks Qd Js Td 2d 2c Ad Qd Js] (Straight)
Seat+8 : Showdown [Qs Qc Th 8d 5h] (One pair)
Seat+5 [ME] : Hand result $28.75
*** SUMMARY ***
Total Pot($28.75)""",
    )
    hand = only(text)
    shown = next(s for s in hand.events if isinstance(s, Show) and s.seat == 5)
    assert len(shown.cards) == len(set(shown.cards)) == 7
    assert replay(hand, profile_for(hand)).violations == ()


def test_uncalled_return_results_and_a_rake_the_total_leaves_out() -> None:
    hand = only(NEWER)
    assert [e.amount for e in hand.events if isinstance(e, UncalledReturn)] == [500]
    assert [(c.seat, c.amount, c.pot) for c in hand.events if isinstance(c, Collect)] == [(5, 2875, "pot")]
    assert (hand.total_pot, hand.rake) == (2875, None)
    result = replay(hand, profile_for(hand))
    assert result.violations == () and result.rake == 0  # nothing left over: no rake taken


def test_side_pot_results_name_the_main_pot() -> None:
    path = corpus_path("fpdb", "Bovada", "7-Stud-USD-MTT - $10-$1 - 201206.txt")
    hand = next(h for h in parse_file(path) if isinstance(h, Hand) and h.site_hand_id == "2633131343")
    assert [(c.amount, c.pot) for c in hand.events if isinstance(c, Collect)] == [
        (710, "side pot"),
        (1755, "main pot"),
    ]


def test_a_muck_and_a_winner_who_does_not_show_reveal_their_cards() -> None:
    path = corpus_path("fpdb", "Bovada", "7-Stud-USD-MTT - $10-$1 - 201206.txt")
    mucks = [m for h in parse_file(path) if isinstance(h, Hand) for m in h.events if isinstance(m, Muck)]
    assert len(mucks) >= 10 and all(3 <= len(m.cards) <= 7 for m in mucks)  # his cards up to the street he won on


def test_a_bring_in_that_is_the_whole_stack_is_all_in() -> None:
    text = ALL_IN.replace("Seat+3: 1,434 in chips", "Seat+3: 42 in chips")
    bring_in = next(a for a in only(text).events if isinstance(a, Action) and a.kind is ActionKind.BRING_IN)
    assert bring_in.all_in and only(text).bring_in is None


def test_a_hand_that_shows_one_bet_size_leaves_the_other_unknown() -> None:
    hand = only(NEWER)
    assert (hand.small_bet, hand.big_bet) == (500, 0)
    assert replay(hand, profile_for(hand)).unjudged == ()


def test_other_games_are_skipped_not_errors() -> None:
    results = parse_text("Bovada Hand #1 TBL#2 HOLDEM No Limit - 2012-05-07 03:41:46\nSeat+1: $1 in chips\n")
    assert len(results) == 1 and isinstance(results[0], NotStudHand)


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Seat+5 : Card dealt to a spot [Td]", "Seat+5 : Card dealt to a spot [Td 2c]", "2 cards"),
        ("Seat+5 : Calls $0.10", "Seat+5 : Whistles $0.10", "not a Bovada line"),
        ("Seat+5 : Calls $0.10", "Seat+9 : Calls $0.10", "not seated"),
        ("Total Pot($0.47) | Rake ($0.02)", "Total Pot($0.4x7)", "not a Bovada line"),
        (
            "Bodog Hand #2604291699 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:41:46",
            "Bodog Hand #2604291699 on a table",
            "not a Bovada hand header",
        ),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(BODOG, old, new, words, after=NEWER, gap="\n")


def test_the_registry_reads_and_writes_bovada() -> None:
    site = SITES_BY_ID["bovada"]
    assert site.readable and site.writer is write_bovada
    hand = only(BODOG)
    again = only(write_bovada(hand))  # a real hand written back in the newer spelling
    assert replay(again, profile_for(again)).violations == ()
    assert actions(again) == actions(hand)
    assert [(e.seat, e.amount) for e in again.events if isinstance(e, Collect)] == [(3, 45)]


def test_the_writer_refuses_razz() -> None:
    hand = only(BODOG)
    with pytest.raises(ValueError, match="razz"):
        write_bovada(hand.__class__(**{**{f: getattr(hand, f) for f in hand.__slots__}, "game": Game.RAZZ}))


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    problems = []
    if back.small_bet not in (0, sim.small_bet) or back.big_bet not in (0, sim.big_bet):
        problems.append(f"stakes {sim.small_bet}/{sim.big_bet} inferred as {back.small_bet}/{back.big_bet}")
    if not back.stakes_inferred or back.site_hand_id != sim.site_hand_id or back.game is not sim.game:
        problems.append("header facts differ")
    if back.started_at != sim.started_at.replace(tzinfo=ZoneInfo("America/New_York")):  # type: ignore[union-attr]
        problems.append(f"started {sim.started_at} came back as {back.started_at}")
    if sim.total_pot != back.total_pot or (sim.tournament is None and sim.rake != back.rake):
        problems.append(f"total/rake {sim.total_pot}/{sim.rake} came back as {back.total_pot}/{back.rake}")
    return problems


BOVADA_LOSSY = Lossy(markers=True, muck_cards=True, short_bring_in=True, community=True)


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, tournament, hands, seed",
    [
        (Game.STUD, False, 1000, 11),
        (Game.STUD8, False, 1000, 12),
        (Game.STUD, True, 500, 13),
        (Game.STUD8, True, 500, 14),
    ],
)
def test_writer_round_trip(game: Game, tournament: bool, hands: int, seed: int) -> None:
    spec = TableSpec(
        games=(game,),
        players=(2, 8),
        tournament=TournamentSpec() if tournament else None,
        profile=get_profile("pokerstars"),
    )
    trip = round_trip(spec, hands, seed, SITES_BY_ID["bovada"].write_file, BOVADA_LOSSY, _header_facts)
    assert len(trip.written) >= hands * 0.99  # hands needing a community card are not written (none so far)
    assert trip.problems == []


def test_writer_round_trip_quick() -> None:
    """A hundred hands in the default run; the 1,000-hand runs above are marked slow."""
    spec = TableSpec(games=(Game.STUD8,), players=(2, 8), profile=get_profile("bovada"))
    trip = round_trip(spec, 100, 15, SITES_BY_ID["bovada"].write_file, BOVADA_LOSSY, _header_facts)
    assert len(trip.written) >= 99 and trip.problems == []
