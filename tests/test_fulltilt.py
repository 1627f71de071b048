"""Full Tilt Poker: every line kind and every trap of the site's files, from hand-written snippets and the
real corpus (``fpdb/FTP``), and the writer's round trip simulate -> Full Tilt text -> parse -> replay."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from datetime import UTC, datetime

import pytest
from conftest import corpus_path
from handbuilder import as_transcribed, build
from site_roundtrip import changed_fields, round_trip
from stud_scripts import FTP_STUD5
from studbook.engine.cards import parse_cards
from studbook.engine.games import RULES
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Game,
    Hand,
    Marker,
    Muck,
    Show,
    UncalledReturn,
)
from studbook.engine.pots import pot_index
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for
from studbook.parsers.detect import detect
from studbook.parsers.sites.fulltilt.reader import read_header
from studbook.parsers.sites.fulltilt.writer import pot_label, write_hand
from studbook.parsers.reading import read_lines

# ------------------------------------------------------------------------------------------ header

CASH = "Full Tilt Poker Game #21536466676: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:18:37 ET - 2010/06/11"


def test_cash_header() -> None:
    h = read_header(CASH, ("f.txt", 1))
    assert (h.hand_id, h.game, h.small_bet, h.big_bet, h.ante, h.currency, h.table) == (
        "21536466676",
        Game.STUD,
        300,
        600,
        50,
        "USD",
        "Hagan",
    )
    assert h.tournament is None and not h.play_money
    assert h.started_at is not None and h.started_at.astimezone(UTC) == datetime(2010, 6, 11, 16, 18, 37, tzinfo=UTC)


def test_local_time_with_et_in_brackets_reads_the_et_time() -> None:
    """CCT is China Coast Time (UTC+8): 17:10:10 CCT is 04:10:10 ET (EST) and 09:10:10 UTC."""
    h = read_header(
        "Full Tilt Poker Game #26190453000: Table Mart - $0.10/$0.20 Ante $0.02 - Limit Razz - "
        "17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]",
        ("f.txt", 1),
    )
    assert h.game is Game.RAZZ and (h.small_bet, h.big_bet, h.ante) == (10, 20, 2)
    assert h.started_at is not None
    assert h.started_at.astimezone(UTC) == datetime(2010, 12, 7, 9, 10, 10, tzinfo=UTC)


def test_tournament_headers() -> None:
    h = read_header(
        "Full Tilt Poker Game #28333847000: $2 + $0.10 Heads Up Sit & Go (220338000), Table 1 - "
        "80/160 Ante 15 - Limit Razz - 05:46:00 ET - 2011/02/19",
        ("f.txt", 1),
    )
    assert h.tournament is not None
    assert (h.tournament.tournament_id, h.tournament.buy_in, h.tournament.fee, h.tournament.currency) == (
        "220338000",
        200,
        10,
        "USD",
    )
    assert (h.small_bet, h.big_bet, h.ante, h.currency, h.table) == (8000, 16000, 1500, None, "1")
    h = read_header(
        "Full Tilt Poker Game #31349767778: $200 Heads-Up Sit & Go (243603038), Table 1 - 40/80 "
        "Ante 7 - Limit Razz - 19:53:37 ET - 2012/11/08",
        ("f.txt", 1),
    )
    assert h.tournament is not None and (h.tournament.buy_in, h.tournament.fee) == (20000, None)


def test_six_max_and_hi_lo() -> None:
    h = read_header(
        "Full Tilt Poker Game #29704938956: Table Jackrabbit (6 max) - $2.50/$5 Ante $0.40 - Limit "
        "Stud H/L - 20:08:13 CET - 2011/04/07 [14:08:13 ET - 2011/04/07]",
        ("f.txt", 1),
    )
    assert (h.game, h.table, h.max_seats, h.small_bet) == (Game.STUD8, "Jackrabbit", 6, 250)


def test_other_games_are_skipped_and_five_card_stud_is_read() -> None:
    holdem = read_header(
        "Full Tilt Poker Game #29704107511: Table Jackrabbit (6 max) - $2.50/$5 - Limit Omaha H/L"
        " - 19:36:43 CET - 2011/04/07 [13:36:43 ET - 2011/04/07]",
        ("f.txt", 1),
    )
    assert holdem.game is None and holdem.printed_game == "Limit Omaha H/L" and holdem.reason is None
    stud5 = read_header(
        "Full Tilt Poker Game #32412111030: Big Game of the Week (251332389), Table 1 - 800/1600 "
        "Ante 150 - Limit 5 Card Stud - 18:30:57 ET - 2013/03/31",
        ("f.txt", 1),
    )
    assert (stud5.game, stud5.small_bet, stud5.big_bet, stud5.ante) == (Game.STUD5, 80000, 160000, 15000)


def test_unreadable_header_is_a_parse_error_at_its_line() -> None:
    with pytest.raises(ParseError) as err:
        read_header("Full Tilt Poker Game #1: Table X - Limit Razz", ("f.txt", 7))
    assert (err.value.file, err.value.line) == ("f.txt", 7)
    assert "Full Tilt" in err.value.message


# ---------------------------------------------------------------------------------- hand snippets

HAND = """\
Full Tilt Poker Game #11111111633: Table Fpdb - $2/$4 Ante $0.40 - Limit Stud H/L - 13:37:55 ET - 2010/06/10
Seat 1: Hero ($72)
Seat 2: Hero0 ($40), is sitting out
Seat 3: FILL A RACK ($89.20)
Seat 4: Villain ($2.90)
Hero antes $0.40
Hero0 antes $0.40
FILL A RACK antes $0.40
Villain antes $0.40
5 seconds left to act
*** 3RD STREET ***
Dealt to Hero [Td 9d] [Kc]
Dealt to Hero0 [5h]
Dealt to FILL A RACK [4s]
Dealt to Villain [7s]
FILL A RACK is low with [4s]
FILL A RACK brings in for $0.50
Villain: gl all
Villain completes it to $2
Hero raises to $4
Hero0 folds
FILL A RACK has 15 seconds left to act
FILL A RACK calls $3.50
Villain calls $0.50, and is all in
Villain shows [3d 2c 7s]
*** 4TH STREET ***
Dealt to Hero [Td 9d Kc] [9s]
Dealt to FILL A RACK [4s] [2h]
Dealt to Villain [3d 2c 7s] [Ad]
Hero bets $2
FILL A RACK calls $2
*** 5TH STREET ***
Dealt to Hero [Td 9d Kc 9s] [Qs]
Dealt to FILL A RACK [4s 2h] [5c]
Dealt to Villain [3d 2c 7s Ad] [6d]
Hero bets $4
FILL A RACK raises to $8
Hero calls $4
*** 6TH STREET ***
Dealt to Hero [Td 9d Kc 9s Qs] [Jc]
Dealt to FILL A RACK [4s 2h 5c] [8c]
Dealt to Villain [3d 2c 7s Ad 6d] [Kd]
Hero checks
FILL A RACK checks
*** 7TH STREET ***
Dealt to Hero [Td 9d Kc 9s Qs Jc] [Ts]
Dealt to Villain [3d 2c 7s Ad 6d Kd] [9h]
Hero bets $4
FILL A RACK folds
Uncalled bet of $4 returned to Hero
*** SHOW DOWN ***
Hero shows [Td 9d Kc 9s Qs Jc Ts] two pair, Tens and Nines, for high
Hero wins the side pot ($23) with two pair, Tens and Nines
Hero wins the high main pot ($4.55) with two pair, Tens and Nines
Villain wins the low main pot ($4.55) with 7,6,3,2,A
*** SUMMARY ***
Total pot $32.10 Main pot $9.10. Side pot $23. | Rake $0
Seat 1: Hero showed [Td 9d Kc 9s Qs Jc Ts] and won ($27.55) with HI: two pair, Tens and Nines
Seat 2: Hero0 folded on 3rd St.
Seat 3: FILL A RACK folded on 7th St.
Seat 4: Villain showed [3d 2c 7s Ad 6d Kd 9h] and won ($4.55) with HI: Ace King high; LO: 7,6,3,2,A
"""


def parse_one(text: str, name: str = "snippet.txt") -> Hand:
    [hand] = parse_text(text, name)
    assert isinstance(hand, Hand), hand
    return hand


def actions(hand: Hand) -> list[tuple[int, int, ActionKind, int, int | None, bool]]:
    return [(a.street, a.seat, a.kind, a.amount, a.to, a.all_in) for a in hand.events if isinstance(a, Action)]


def test_every_line_kind_of_a_hand() -> None:
    hand = parse_one(HAND)
    assert hand.site == "fulltilt" and hand.game is Game.STUD8
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats] == [
        (1, "Hero", 7200, False),
        (2, "Hero0", 4000, True),
        (3, "FILL A RACK", 8920, False),
        (4, "Villain", 290, False),
    ]
    third = [a for a in actions(hand) if a[0] == 3 and a[2] is not ActionKind.ANTE]
    assert third == [
        (3, 3, ActionKind.BRING_IN, 50, None, False),
        (3, 4, ActionKind.COMPLETE, 150, 200, False),  # "completes it to $2": 1.50 over the bring-in
        (3, 1, ActionKind.RAISE, 200, 400, False),  # "raises to $4": the new total, 2 over the level
        (3, 2, ActionKind.FOLD, 0, None, False),
        (3, 3, ActionKind.CALL, 350, None, False),
        (3, 4, ActionKind.CALL, 50, None, True),  # all in for less than the call
    ]
    assert (3, 3, ActionKind.RAISE, 400, 800, False) not in actions(hand)
    assert (5, 3, ActionKind.RAISE, 400, 800, False) in actions(hand)
    assert hand.ante == 40 and hand.bring_in == 50
    assert (hand.total_pot, hand.rake, hand.printed_pots) == (3210, 0, (910, 2300))


def test_cards_and_the_unseen_seventh_card() -> None:
    hand = parse_one(HAND)
    deals = {(d.street, d.seat): d for d in hand.events if isinstance(d, Deal)}
    assert deals[(3, 1)].down == tuple(c for c in deals[(3, 1)].down) and len(deals[(3, 1)].down) == 2
    assert str(deals[(3, 1)].up[0]) == "Kc" and deals[(3, 3)].down == (None, None)
    assert [str(c) for c in deals[(7, 1)].down] == ["Ts"] and [str(c) for c in deals[(7, 4)].down] == ["9h"]
    # FILL A RACK's 7th card is not printed: he gets it face down all the same, before 7th-street betting
    assert deals[(7, 3)].down == (None,)
    events = list(hand.events)
    assert events.index(deals[(7, 3)]) < next(
        i for i, e in enumerate(events) if isinstance(e, Action) and e.street == 7
    )


def test_an_all_in_players_cards_are_shown_where_printed() -> None:
    hand = parse_one(HAND)
    shows = [e for e in hand.events if isinstance(e, Show)]
    assert [(s.seat, len(s.cards)) for s in shows] == [(4, 3), (1, 7)]
    first_4th = next(i for i, e in enumerate(hand.events) if isinstance(e, Deal) and e.street == 4)
    assert hand.events.index(shows[0]) < first_4th


def test_pots_are_won_with_the_half_named_and_the_label_kept() -> None:
    hand = parse_one(HAND)
    collects = [(c.seat, c.amount, c.pot, pot_index(c.pot)) for c in hand.events if isinstance(c, Collect)]
    assert collects == [(1, 2300, "side pot", 1), (1, 455, "high main pot", 0), (4, 455, "low main pot", 0)]
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [UncalledReturn(50, 1, 400)]


def test_the_snippet_replays_clean() -> None:
    """The hand is legal, and the site's awards are the rules' (fulltilt profile: pots listed before rake)."""
    hand = parse_one(HAND)
    result = replay(hand, profile_for(hand))
    assert result.violations == ()


def test_names_that_start_other_names_and_noise_lines() -> None:
    hand = parse_one(HAND)
    assert {a.seat for a in hand.events if isinstance(a, Action) and a.kind is ActionKind.ANTE} == {1, 2, 3, 4}
    skipped = [s.text for s in hand.skipped]
    assert "5 seconds left to act" in skipped and "Villain: gl all" in skipped
    assert "FILL A RACK is low with [4s]" in skipped and "FILL A RACK has 15 seconds left to act" in skipped


def test_double_spaced_hand_reads_the_same_with_the_files_line_numbers() -> None:
    """UTF-16 exports put an empty line after every line: the hand is one hand, its events the same, each
    at its own file line."""
    spaced = "\n\n".join(HAND.splitlines()) + "\n\n\n\n"
    plain, double = parse_one(HAND), parse_one(spaced)
    assert [dataclasses.replace(e, line=0) for e in plain.events] == [
        dataclasses.replace(e, line=0) for e in double.events
    ]
    assert [e.line for e in double.events] == [2 * e.line - 1 for e in plain.events]


def test_ante_all_in_and_the_ante_given_back() -> None:
    text = """\
Full Tilt Poker Game #31349767778: $200 Heads-Up Sit & Go (243603038), Table 1 - 40/80 Ante 7 - Limit Razz - 19:53:37 ET - 2012/11/08
Seat 1: Hero (994)
Seat 2: Player0 (6)
Hero antes 7
Player0 antes 6, and is all in
Uncalled bet of 1 returned to Hero
*** 3RD STREET *** (Total Pot: 12, 2 Players, 1 All-In)
Dealt to Hero [6c 7c] [7d]
Dealt to Player0 [2c]
Hero is high with [7d]
Hero shows [6c 7c 7d]
Player0 shows [9d 9s 2c]
*** 4TH STREET *** (Total Pot: 12, 2 Players, 1 All-In)
Dealt to Hero [6c 7c 7d] [7s]
Dealt to Player0 [9d 9s 2c] [Ks]
*** 5TH STREET *** (Total Pot: 12, 2 Players, 1 All-In)
Dealt to Hero [6c 7c 7d 7s] [3s]
Dealt to Player0 [9d 9s 2c Ks] [Td]
*** 6TH STREET *** (Total Pot: 12, 2 Players, 1 All-In)
Dealt to Hero [6c 7c 7d 7s 3s] [Jd]
Dealt to Player0 [9d 9s 2c Ks Td] [Jh]
*** 7TH STREET *** (Total Pot: 12, 2 Players, 1 All-In)
Dealt to Hero [6c 7c 7d 7s 3s Jd] [Jc]
Dealt to Player0 [9d 9s 2c Ks Td Jh] [2s]
Hero shows [6c 7c 7d 7s 3s Jd Jc] a pair of Sevens
Player0 shows [9d 9s 2c Ks Td Jh 2s] K,J,T,9,2
Player0 wins the pot (12) with K,J,T,9,2
*** SUMMARY ***
Total pot 12 | Rake 0
Seat 1: Hero showed [6c 7c 7d 7s 3s Jd Jc] and lost with a pair of Sevens
Seat 2: Player0 showed [9d 9s 2c Ks Td Jh 2s] and won (12) with K,J,T,9,2
"""
    hand = parse_one(text)
    assert actions(hand)[:2] == [(3, 1, ActionKind.ANTE, 7, None, False), (3, 2, ActionKind.ANTE, 6, None, True)]
    assert hand.events[2] == UncalledReturn(6, 1, 1)  # whole tournament chips
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert result.invested == {1: 6, 2: 6} and result.returned[1] == 1


def test_wrong_ante_return_is_still_flagged() -> None:
    """The engine accepts an ante given back only for the chips nobody can match."""
    text = HAND.replace("\n5 seconds left to act\n", "\nUncalled bet of $0.40 returned to Hero\n")
    hand = parse_one(text)
    result = replay(hand, profile_for(hand))
    assert "uncalled" in {v.rule for v in result.violations}


def test_mucked_cards_in_the_summary_go_onto_the_muck() -> None:
    text = HAND.replace(
        "Villain wins the low main pot ($4.55) with 7,6,3,2,A\n",
        "Villain mucks\nHero wins the low main pot ($4.55) with 7,6,3,2,A\n",
    ).replace(
        "Seat 4: Villain showed [3d 2c 7s Ad 6d Kd 9h] and won ($4.55) with HI: Ace King high; LO: 7,6,3,2,A",
        "Seat 4: Villain mucked [3d 2c 7s Ad 6d Kd 9h] - HI: Ace King high",
    )
    hand = parse_one(text)
    [muck] = [e for e in hand.events if isinstance(e, Muck)]
    assert muck.seat == 4 and len(muck.cards) == 7 and muck.line == 55


def test_no_low_marker_and_community_card() -> None:
    text = HAND.replace("*** SUMMARY ***", "No low hand qualified\n*** SUMMARY ***")
    hand = parse_one(text)
    assert [m.kind for m in hand.events if isinstance(m, Marker)] == ["no-low"]
    text = HAND.replace(
        "*** 7TH STREET ***\nDealt to Hero [Td 9d Kc 9s Qs Jc] [Ts]\nDealt to Villain [3d 2c 7s Ad 6d Kd] [9h]\n",
        "*** 7TH STREET *** [Ts]\n",
    )
    hand = parse_one(text)
    assert [str(c.card) for c in hand.events if isinstance(c, CommunityCard)] == ["Ts"]
    assert not [d for d in hand.events if isinstance(d, Deal) and d.street == 7]


def test_garbled_card_is_a_warning_not_an_error() -> None:
    hand = parse_one(HAND.replace("Dealt to Hero0 [5h]", "Dealt to Hero0 [of]"))
    assert [w.line for w in hand.warnings] == [13]
    assert "cards.garbled" in {v.rule for v in replay(hand, profile_for(hand)).violations}


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("Hero bets $2\nFILL A RACK calls $2\n", "Hero wagers $2\nFILL A RACK calls $2\n", 30, "not a Full Tilt"),
        ("Dealt to Hero0 [5h]", "Dealt to Nobody [5h]", 13, "not seated"),
        ("Hero raises to $4", "Hero raises to $4x", 20, "Full Tilt"),
        ("*** 4TH STREET ***\n", "*** SUMMARY ***\n", 27, "out of place"),
        ("Dealt to FILL A RACK [4s] [2h]\n", "Dealt to FILL A RACK [4s 2h]\n", 28, "new card"),
    ],
)
def test_parse_errors_name_the_file_and_line(old: str, new: str, line: int, words: str) -> None:
    assert old in HAND
    [result] = parse_text(HAND.replace(old, new, 1), "broken.txt")
    assert isinstance(result, ParseError), result
    assert (result.file, result.line) == ("broken.txt", line)
    assert words in str(result)


def test_a_cut_off_hand_is_an_error_and_the_next_hand_still_reads() -> None:
    cut = HAND.split("*** SUMMARY ***")[0]
    results = parse_text(cut + "\n" + HAND, "two.txt")
    assert [type(r).__name__ for r in results] == ["ParseError", "Hand"]
    assert isinstance(results[0], ParseError) and results[0].line == 55 and "cut off" in results[0].message
    assert isinstance(results[1], Hand) and results[1].source_line == 57


# -------------------------------------------------------------------------------------- the corpus

FTP = ("fpdb", "FTP")


def ftp_results(name: str) -> list[Hand | ParseError | NotStudHand]:
    return list(parse_file(corpus_path(*FTP, name)))


def test_ten_game_table_skips_its_54_other_hands_with_their_games() -> None:
    results = ftp_results("10Game-6max-USD-2.50-5.201104.Sample.txt")
    skipped = [r for r in results if isinstance(r, NotStudHand)]
    assert len(skipped) == 54 and all(r.reason is None for r in skipped)
    assert Counter(r.game for r in skipped)["Limit Badugi"] == 10
    assert Counter(r.game.value for r in results if isinstance(r, Hand)) == {"stud": 10, "stud8": 10, "razz": 10}


def test_five_card_stud_reads_as_its_hand_made_transcription_and_pays_as_the_site() -> None:
    """The MTT hand: ``*** 2ND STREET ***`` to ``*** 5TH STREET ***``, the hero's ``[down] [door]``, the
    short all-in raise (1,345 over 800) re-raised to 2,145; read, it is event for event what
    tests/stud_scripts.py transcribed by hand from the same text, and the engine pays both pots as the
    site did."""
    [hand] = ftp_results("5-Stud-USD-MTT-100-201303.txt")
    assert isinstance(hand, Hand) and hand.game is Game.STUD5
    transcribed = build(FTP_STUD5)
    assert as_transcribed(hand.events) == as_transcribed(transcribed.events)
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (800, 1600, 150, 250)  # whole chips
    assert (hand.total_pot, hand.rake, hand.printed_pots) == (12245, 0, (5335, 6910))
    assert hand.tournament is not None and hand.tournament.tournament_id == "251332389"
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    paid = Counter({(pot_index(e.pot), e.seat): e.amount for e in hand.events if isinstance(e, Collect)})
    assert Counter({(a.pot, a.seat): a.amount for a in result.awards}) == paid == {(0, 2): 5335, (1, 2): 6910}


FIVE_CARD = """Full Tilt Poker Game #1: Table T - 800/1600 Ante 150 - Limit 5 Card Stud - 18:30:57 ET - 2013/03/31
Seat 1: Ann (4,950)
Seat 2: Bob (27,915)
Ann antes 150
Bob antes 150
*** 2ND STREET ***
Dealt to Ann [Kc]
Dealt to Bob [6s] [6h]
Bob brings in for 250
Ann folds
Uncalled bet of 250 returned to Bob
Bob wins the pot (300)
*** SUMMARY ***
Total pot 300 | Rake 0
"""


def test_five_card_stud_deals_one_down_card_on_2nd_street() -> None:
    hand = parse_one(FIVE_CARD)
    deals = [e for e in hand.events if isinstance(e, Deal)]
    assert [(d.street, d.seat, d.down, d.up) for d in deals] == [
        (2, 1, (None,), parse_cards("Kc")),
        (2, 2, parse_cards("6s"), parse_cards("6h")),
    ]
    assert {e.street for e in hand.events if isinstance(e, Action)} == {2}
    assert replay(hand, profile_for(hand)).violations == ()


@pytest.mark.parametrize(
    "text, street",
    [
        (FIVE_CARD.replace("2ND STREET", "3RD STREET"), "*** 3RD STREET ***"),  # Five Card Stud starts on 2nd
        (FIVE_CARD.replace("Limit 5 Card Stud", "Limit Stud Hi"), "*** 2ND STREET ***"),  # seven-card: on 3rd
    ],
)
def test_a_street_the_game_does_not_have_is_a_parse_error_at_its_line(text: str, street: str) -> None:
    [error] = parse_text(text, "f.txt")
    assert isinstance(error, ParseError) and error.line == 6 and error.text.startswith(street)
    assert "does not have" in error.message and "its streets in order" in error.expected


def test_the_writer_refuses_a_game_full_tilt_never_dealt_saying_what_to_use() -> None:
    [hand] = simulate(TableSpec(games=(Game.RAZZ27,), players=(2, 2), profile=get_profile("fulltilt")), 1, 5)
    with pytest.raises(ValueError, match="2-7 Razz: Full Tilt never dealt it; write it as PokerStars text or PHH"):
        write_hand(hand)


def test_five_card_stud_hero_deal_with_two_down_cards_is_a_parse_error() -> None:
    [error] = parse_text(FIVE_CARD.replace("[6s] [6h]", "[6s 5s] [6h]"), "f.txt")
    assert isinstance(error, ParseError) and error.line == 8 and "2nd-street deal" in error.message


def test_listed_player_who_never_acts_is_not_in_the_hand() -> None:
    [hand] = ftp_results("Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt")
    assert isinstance(hand, Hand)
    assert hand.player(6) == "Player6"
    assert not any(getattr(e, "seat", None) == 6 for e in hand.events)
    assert 6 not in replay(hand, profile_for(hand)).invested


def test_all_in_on_the_bring_in() -> None:
    [hand] = ftp_results("Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt")
    assert isinstance(hand, Hand)
    assert (3, 1, ActionKind.BRING_IN, 9, None, True) in actions(hand) and hand.bring_in is None
    assert replay(hand, profile_for(hand)).violations == ()


_SIDECAR = re.compile(r"'(siteHandNo|tableName)': u'([^']*)'|'startTime': datetime\.datetime\(([\d, ]+)")


@pytest.mark.parametrize(
    "name",
    [
        "Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt",
        "Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt",
        "Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt",
    ],
)
def test_fpdb_sidecar_agrees_on_hand_number_and_start_time(name: str) -> None:
    """fpdb's expected values (the ``.hands`` file beside the hand, written by another program) for the
    hand number and the start time in UTC, to the minute (fpdb keeps no seconds). fpdb's expected
    values are for the file's *first* hand; where the sidecar names another hand, only the time check
    would be meaningless, so it is skipped for that value."""
    sidecar = corpus_path(*FTP, name + ".hands").read_text(encoding="utf-8")
    found = {m[1]: m[2] for m in _SIDECAR.finditer(sidecar) if m[1]}
    start = next(m[3] for m in _SIDECAR.finditer(sidecar) if m[3])
    [hand] = ftp_results(name)
    assert isinstance(hand, Hand) and hand.started_at is not None
    when = hand.started_at.astimezone(UTC)
    y, mo, d, h, mi = (int(x) for x in start.split(",")[:5])
    if found["siteHandNo"] == hand.site_hand_id:
        assert (when.year, when.month, when.day, when.hour, when.minute) == (y, mo, d, h, mi)
    else:  # the sidecar was written for the other razz file of the same table (same hour)
        assert (when.year, when.month, when.day, when.hour) == (y, mo, d, h)


def test_summaries_are_recognised_and_skipped() -> None:
    for name in ("5-Stud-USD-MTT-100-201303.txt", "Razz-USD-SnG-2man-201211.super.turbo.heads.up.txt"):
        path = corpus_path(*FTP, "summaries", name)
        found = detect(enumerate((line for _, line in zip(range(20), read_lines(path))), 1))
        assert found is not None and found.site.site == "fulltilt" and found.summary
        assert list(parse_file(path)) == []


def test_a_spreadsheet_summary_is_a_clear_error_not_a_crash() -> None:
    path = corpus_path(*FTP, "summaries", "HORSE-2max-SnG-USD-200604.xls")
    [result] = list(parse_file(path))
    assert isinstance(result, ParseError) and result.line == 1 and result.file == str(path)
    assert "spreadsheet" in result.message and len(result.text) < 80


# --------------------------------------------------------------------------------- the writer


def test_a_real_hand_written_back_reads_the_same() -> None:
    for hand in [
        parse_one(HAND),
        *(r for r in ftp_results("10Game-6max-USD-2.50-5.201104.Sample.txt") if isinstance(r, Hand)),
    ]:
        again = parse_one(write_hand(hand))
        assert [dataclasses.replace(e, line=0) for e in again.events] == [
            dataclasses.replace(e, line=0) for e in hand.events
        ], hand.site_hand_id
        assert (again.total_pot, again.rake, again.printed_pots, again.started_at, again.table) == (
            hand.total_pot,
            hand.rake,
            hand.printed_pots,
            hand.started_at,
            hand.table,
        )


def test_pokerstars_corpus_hands_written_as_full_tilt_read_back_the_same() -> None:
    """Every real PokerStars hand (the community-card hand among them) written by the Full Tilt writer
    reads back as the same events in Full Tilt's terms, and the audit finds the same rules broken. The
    hand whose 7th card PokerStars garbled is left out: an unreadable card is written as nothing, so its
    unknown 7th-street cards come back in seat order."""
    stars = corpus_path("fpdb", "Stars")
    synthetic = {"7stud.txt", "razz.txt", "horse.txt"}
    hands = [
        h
        for f in sorted(stars.glob("*.txt"))
        if f.name not in synthetic
        for h in parse_file(f)
        if isinstance(h, Hand) and not h.warnings
    ]
    assert len(hands) >= 80 and any(isinstance(e, CommunityCard) for h in hands for e in h.events)
    for hand in hands:
        back = parse_one(write_hand(hand))
        assert [dataclasses.replace(e, line=0) for e in back.events] == full_tilt_form(hand), hand.site_hand_id
        assert {v.rule for v in replay(back, get_profile("pokerstars")).violations} == {
            v.rule for v in replay(hand, profile_for(hand)).violations
        }, hand.site_hand_id


HANDS_PER_GAME = 2000
"""The issue asks for at least 2,000 simulated hands per game through each new site's writer."""

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
    "started_at",
    "total_pot",
    "rake",
    "printed_pots",
    "ante",
)


def full_tilt_form(hand: Hand) -> list[Event]:
    """The events a simulated hand has once written by Full Tilt and read back, line numbers aside:
    the first bet or raise of the first street (3rd; Five Card Stud's 2nd) is a completion (the
    increment over the street's highest stake so far, and the new total), pot labels are Full Tilt's,
    and the markers Full Tilt never prints ("double bet allowed", "capped") are gone."""
    out: list[Event] = []
    put: Counter[int] = Counter()
    completed = False
    first = RULES[hand.game].first_street
    for event in hand.events:
        e = event
        if isinstance(e, Marker) and e.kind != "no-low":
            continue
        if isinstance(e, Action) and e.street == first and e.kind is not ActionKind.ANTE:
            if e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE) and not completed:
                to = e.to if e.to is not None else put[e.seat] + e.amount
                e = dataclasses.replace(e, kind=ActionKind.COMPLETE, amount=to - max(put.values(), default=0), to=to)
                completed = True
            put[e.seat] = e.to if e.to is not None else put[e.seat] + e.amount
        if isinstance(e, Collect):
            e = dataclasses.replace(e, pot=pot_label(e.pot))
        out.append(dataclasses.replace(e, line=0))
    return out


def fulltilt_header_facts(sim: Hand, back: Hand) -> list[str]:
    """The header fields as they are; a tournament without its level (Full Tilt prints none)."""
    problems = changed_fields(sim, back, HEADER_FIELDS)
    if sim.tournament is not None and dataclasses.replace(sim.tournament, level=None) != back.tournament:
        problems.append(f"tournament {sim.tournament} came back as {back.tournament}")
    return problems


def round_trip_problems(spec: TableSpec, hands: int, seed: int) -> tuple[Counter[str], list[str]]:
    """The round trip's problems, and the edge cases the hands read back cover."""
    trip = round_trip(
        spec, hands, seed, SITES_BY_ID["fulltilt"].write_file, check=fulltilt_header_facts, printed=full_tilt_form
    )
    seen: Counter[str] = Counter()
    for back in trip.read:
        seen.update(situations(back))
    return seen, trip.problems


def situations(hand: Hand) -> set[str]:
    """The edge cases a hand covers, so the test can show the round trip reached them."""
    found = set()
    pots = {pot_index(c.pot) for c in hand.events if isinstance(c, Collect)}
    if len(pots) > 1:
        found.add("side pot")
    if len(pots) > 2:
        found.add("several side pots")
    if any(isinstance(e, Action) and e.all_in for e in hand.events):
        found.add("all-in")
    if any(isinstance(e, CommunityCard) for e in hand.events):
        found.add("community card")
    per_street = Counter(
        e.street
        for e in hand.events
        if isinstance(e, Action) and e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    )
    if per_street and max(per_street.values()) >= 4:
        found.add("capped street")
    halves = Counter((pot_index(c.pot), c.seat) for c in hand.events if isinstance(c, Collect))
    if (
        hand.game is Game.STUD8
        and any(n >= 2 for n in halves.values())
        and len({c.seat for c in hand.events if isinstance(c, Collect)}) >= 2
    ):
        found.add("quartered or scooped half")
    return found


@pytest.mark.parametrize("game, seed", [(Game.STUD, 801), (Game.STUD8, 802), (Game.RAZZ, 803), (Game.STUD5, 804)])
def test_round_trip_cash(game: Game, seed: int) -> None:
    players = (2, 10 if game is Game.STUD5 else 8)
    seen, problems = round_trip_problems(
        TableSpec(games=(game,), players=players, profile=get_profile("fulltilt")), HANDS_PER_GAME, seed
    )
    assert problems == []
    assert {"side pot", "all-in", "capped street"} <= set(seen), seen
    if game is Game.STUD8:
        assert "quartered or scooped half" in seen, seen


def test_round_trip_tournaments_and_community_card() -> None:
    spec = TableSpec(
        games=(Game.STUD, Game.STUD8, Game.RAZZ),
        players=(7, 8),
        profile=get_profile("fulltilt"),
        tournament=TournamentSpec(),
    )
    seen, problems = round_trip_problems(spec, 1500, 804)
    assert problems == []
    assert {"side pot", "all-in"} <= set(seen), seen
