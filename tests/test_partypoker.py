"""PartyPoker: every line kind of the corpus's four hands and their traps (the double header and the
NUL bytes, seats out of order, a seat that posts no ante, wagers as the chips they add, deals printed for
the owner only, ``wins`` paying the uncalled bet back net of rake, the tournament header), and errors that
name file and line. The conformance of the corpus files themselves: tests/test_conformance.py."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from site_errors import assert_error_at
from conftest import corpus_path
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
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.registry import SITES_BY_ID, profile_for

FOLDER = ("fpdb", "PartyPoker")
CASH = "7-Stud-USD-1-2-201104.txt"
MTT = "7-Stud-USD-MTT-6.00-201205.txt"
HILO = "7-StudHL-USD-0.50-1.00-201008.txt"
SPLIT = "7-StudHL-USD-10-20.201202.wins.lo.pot.txt"


def corpus_hand(name: str) -> Hand:
    (hand,) = parse_file(corpus_path(*FOLDER, name))
    assert isinstance(hand, Hand), hand
    return hand


def corpus_text(name: str) -> str:
    return corpus_path(*FOLDER, name).read_text(encoding="utf-8")


def actions(hand: Hand, street: int) -> list[tuple[int, ActionKind, int, int | None]]:
    return [
        (a.seat, a.kind, a.amount, a.to)
        for a in hand.events
        if isinstance(a, Action) and a.street == street and a.kind is not ActionKind.ANTE
    ]


def test_the_nul_framed_double_header_gives_one_hand_with_zoned_time() -> None:
    raw = corpus_path(*FOLDER, CASH).read_bytes()
    assert raw.startswith(b"\0Game #") and raw.rstrip(b"\r\n").endswith(b"\0")
    hand = corpus_hand(CASH)
    assert (hand.site, hand.site_hand_id, hand.game, hand.small_bet, hand.big_bet, hand.currency) == (
        "partypoker",
        "10399817763",
        Game.STUD,
        50,
        100,
        "USD",
    )
    assert hand.source_line == 1 and hand.started_at == datetime(
        2011, 4, 25, 14, 20, 12, tzinfo=ZoneInfo("America/New_York")
    )
    assert (hand.ante, hand.bring_in) == (5, 25)


def test_seats_out_of_order_and_a_seat_without_ante_sits_out() -> None:
    hand = corpus_hand(CASH)
    assert [s.seat for s in hand.seats] == [7, 3, 4, 2, 5, 1, 8]
    assert [s.seat for s in hand.seats if s.sitting_out] == [7]  # Player7 posts no ante, does nothing
    assert any(s.text == "Seat 0 is the button" for s in hand.skipped)
    assert not any(isinstance(e, Deal) and e.seat == 7 for e in hand.events)


def test_wagers_are_the_chips_they_add() -> None:
    hand = corpus_hand(CASH)
    # 3rd: bring-in .25, completes [.50] (to .50), calls [.50], the bring-in calls [.25]
    assert actions(hand, 3) == [
        (2, ActionKind.BRING_IN, 25, None),
        (3, ActionKind.FOLD, 0, None),
        (4, ActionKind.COMPLETE, 25, 50),
        (5, ActionKind.FOLD, 0, None),
        (8, ActionKind.CALL, 50, None),
        (1, ActionKind.FOLD, 0, None),
        (2, ActionKind.CALL, 25, None),
    ]
    # 6th: bets [1], raises [2] (to 2), re-raises [2] (from 1 to 3), calls [1]
    assert actions(hand, 6) == [
        (8, ActionKind.BET, 100, None),
        (4, ActionKind.RAISE, 100, 200),
        (8, ActionKind.RAISE, 100, 300),
        (4, ActionKind.CALL, 100, None),
    ]
    split = corpus_hand(SPLIT)
    assert actions(split, 3)[:3] == [
        (1, ActionKind.BRING_IN, 300, None),
        (3, ActionKind.COMPLETE, 700, 1000),
        (1, ActionKind.RAISE, 1000, 2000),
    ]  # raises [$17] from the $3 bring-in


def test_only_the_owner_is_dealt_and_the_others_get_cards_not_shown() -> None:
    hand = corpus_hand(CASH)
    deals = {(d.street, d.seat): d for d in hand.events if isinstance(d, Deal)}
    assert [str(c) for c in deals[(3, 2)].down + deals[(3, 2)].up] == ["3h", "8c", "7c"]
    assert str(deals[(4, 2)].up[0]) == "2c" and (5, 2) not in deals  # the owner folded on 4th
    assert deals[(3, 4)].down == (None, None) and deals[(3, 4)].up == (None,)
    assert sorted(s for st, s in deals if st == 7) == [4, 8]
    assert any(s.text == "Hero opens" for s in hand.skipped)


def test_showdown_cards_come_in_deal_order_and_fill_the_unprinted_deals() -> None:
    hand = corpus_hand(MTT)
    shown = {e.seat: e for e in hand.events if isinstance(e, (Show, Muck))}
    assert isinstance(shown[7], Show) and isinstance(shown[8], Muck)  # "doesn't show [ ... ]": mucked
    assert [str(c) for c in shown[8].cards] == ["2s", "Tc", "2h", "2d", "6d", "9s", "Qc"]
    ups = [str(c) for d in hand.events if isinstance(d, Deal) and d.seat == 8 for c in d.up]
    assert ups == ["2h", "2d", "6d", "9s"]  # the open pair of twos behind the 4th-street double bet
    assert any(isinstance(e, Marker) and e.kind == "double-bet" and e.street == 4 for e in hand.events)
    assert not replay(hand, profile_for(hand)).violations


def test_the_tournament_header_and_its_repeated_lines() -> None:
    hand = corpus_hand(MTT)
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in, hand.currency) == (
        60,
        120,
        10,
        20,
        None,
    )  # whole chips
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.level) == ("69784932", 600, "2")
    assert {"Trny:69784932 Level:2", "Stakes-Antes(60/120-10)"} <= {s.text for s in hand.skipped}
    assert [(c.seat, c.amount) for c in hand.events if isinstance(c, Collect)] == [(7, 2560)]


def test_a_win_pays_the_uncalled_bet_back_and_is_net_of_rake() -> None:
    hand = corpus_hand(CASH)
    assert [(e.seat, e.amount) for e in hand.events if isinstance(e, UncalledReturn)] == [(8, 100)]
    assert [(c.seat, c.amount) for c in hand.events if isinstance(c, Collect)] == [(8, 1220)]  # $13.20 - $1
    result = replay(hand, profile_for(hand))
    assert (result.rake, result.violations) == (60, ())  # $12.80 put in and called, $12.20 paid


def test_hi_lo_wins_and_the_no_low_line() -> None:
    split = corpus_hand(SPLIT)
    assert [(c.seat, c.amount) for c in split.events if isinstance(c, Collect)] == [(1, 9050), (3, 9050)]
    assert any("for low." in s.text for s in split.skipped)
    assert replay(split, profile_for(split)).rake == 100
    hilo = corpus_hand(HILO)
    assert any(isinstance(e, Marker) and e.kind == "no-low" for e in hilo.events)
    assert hilo.game is Game.STUD8 and replay(hilo, profile_for(hilo)).rake == 40


def test_other_games_are_skipped() -> None:
    text = (
        "#Game No : 1\n***** Hand History for Game 1 *****\n"
        "$0.50/$1 USD Texas Hold'em - Monday, April 25, 14:20:12 EDT 2011\nTable T (Real Money)\n"
    )
    (result,) = parse_text(text)
    assert isinstance(result, NotStudHand) and result.site == "partypoker"


def test_an_announce_line_without_its_hand_is_an_error_and_the_next_hand_reads() -> None:
    text = "Game #1 starts.\n\n" + corpus_text(HILO)
    results = parse_text(text, "lonely.txt")
    assert isinstance(results[0], ParseError) and (results[0].file, results[0].line) == ("lonely.txt", 1)
    assert isinstance(results[1], Hand) and results[1].site_hand_id == "9581478205"


_HILO_DATE = "Monday, August 30, 20:20:17 EEST 2010"


@pytest.mark.parametrize(
    "date, started",
    [
        (_HILO_DATE, datetime(2010, 8, 30, 17, 20, 17, tzinfo=ZoneInfo("UTC"))),
        ("Mon Aug 30 20:20:17 EEST 2010", datetime(2010, 8, 30, 17, 20, 17, tzinfo=ZoneInfo("UTC"))),
        ("Monday, August 30, 20:20:17  2010", None),
    ],
)
def test_each_date_shape_is_read_by_its_own_form(date: str, started: datetime | None) -> None:
    """The Windows client's worded date, the Mac client's short one, and (2013 on) a date with no zone
    at all: the line's shape says which. A date without a zone is no instant, so the hand is kept
    with its start time unknown and a warning saying why."""
    (hand,) = parse_text(corpus_text(HILO).replace(_HILO_DATE, date, 1))
    assert isinstance(hand, Hand) and hand.started_at == started
    assert [w.message for w in hand.warnings] == (
        [] if started else ["the date has no time zone: start time left unknown"]
    )


def test_a_hand_without_the_game_no_line_starts_at_its_stars_line() -> None:
    """Emailed, exported and converted hands have no ``#Game No :`` line (nor an announce line): the
    stars line starts the hand there, and only there, so both eras' hands read from one file."""
    old = corpus_text(HILO)
    new = old.split("\n", 3)[3].replace("9581478205", "9581478206")  # from the stars line on
    results = parse_text(old.rstrip("\n") + "\n\n" + new)
    assert [type(r) for r in results] == [Hand, Hand], results
    assert [r.site_hand_id for r in results if isinstance(r, Hand)] == ["9581478205", "9581478206"]
    assert [r.source_line for r in results if isinstance(r, Hand)][0] == 1
    # a stars line whose id is not the #Game No line's is no header of that hand
    (bad,) = parse_text(old.replace("***** Hand History for Game 9581478205", "***** Hand History for Game 1", 1))
    assert isinstance(bad, ParseError) and "not a PartyPoker hand header" in bad.message


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Dealt to Hero [  Td 5s 3c ]", "Dealt to Hero [  Td 5s ]", "2 cards dealt on street 3"),
        ("strandalleen calls [$1 USD]", "strandalleen shouts [$1 USD]", "not a PartyPoker line"),
        ("strandalleen calls [$1 USD]", "NOBODY calls [$1 USD]", "not seated"),
        ("** Dealing Fifth street **", "** Dealing Sixth street **", "street 6 after street 4"),
        ("YMAN1 folds", "YMAN1 folds [$1 USD]", "'folds' with an amount"),
        ("Monday, August 30", "Moonday August 30", "not a PartyPoker hand header"),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(corpus_text(HILO), old, new, words, gap="\n")


def test_the_registry_reads_partypoker() -> None:
    site = SITES_BY_ID["partypoker"]
    assert site.readable and site.profile.name == "partypoker"


SNIPPETS = Path(__file__).resolve().parent / "data" / "line_forms" / "partypoker"
CLIENT_2026 = "2026-client-stud-summary.txt"


def snippet_text(name: str) -> str:
    return (SNIPPETS / name).read_text(encoding="utf-8")


def test_the_2026_clients_hand_is_read_from_its_summary() -> None:
    """The 2026 client (and the emailed hands) print no ``wins`` line: the summary's ``collected`` is what
    a player took, his bet nobody matched in it. Tomasz_K's call for less on 5th street leaves 25 of
    Rhea M's bet unmatched; it goes back where that street ends (the 6th-street line), and her Collect is
    the rest. ``raises 1.25 to 1.50`` adds 1.25; ``is all-In.`` and the pot line are skipped lines."""
    (hand,) = parse_text(snippet_text(CLIENT_2026))
    assert isinstance(hand, Hand) and hand.warnings == ()
    assert (hand.site_hand_id, hand.rake, hand.printed_pots) == ("1770775509000stud7kq2xw", 35, (730,))
    assert actions(hand, 3)[3] == (2, ActionKind.RAISE, 50, 150)
    assert [(e.line, e.seat, e.amount) for e in hand.events if isinstance(e, UncalledReturn)] == [(31, 6, 25)]
    assert [(c.seat, c.amount) for c in hand.events if isinstance(c, Collect)] == [(6, 730)]
    assert {e.seat for e in hand.events if isinstance(e, Show)} == {4, 6}
    assert [s.text for s in hand.skipped][-2:] == [
        "Tomasz_K is all-In.",
        "Creating Main Pot with $ 7.30 with Tomasz_K, Rhea M",
    ]
    result = replay(hand, profile_for(hand))
    assert result.violations == () and result.net == {2: -205, 4: -280, 6: 450}


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        ("balance $24.50", "balance $24.60", 37, "balance is 2460 hundredths, but the hand's lines leave 2450"),
        ("net +$4.50", "net +$4.40", 37, "net is 440 hundredths, but collected less bet is 450"),
        ("lost $2.05 (folded)", "lost $2.00 (folded)", 35, "bet is 200 hundredths, but the hand's lines put in 205"),
        ("raises 1.25 to 1.50", "raises 1.25 to 1.75", 16, "the street total 1.75 is not what Hero has put in"),
        ("Tomasz_K calls (0.75)", "Tomasz_K calls (0.70)", 29, "all in, but the hand's lines leave 5 hundredths"),
    ],
)
def test_a_summary_or_a_line_the_hand_contradicts_is_a_warning_at_that_line(
    old: str, new: str, line: int, words: str
) -> None:
    """The site's own figures cross-checked: what the summary says each player put in, kept and won, the
    street total after ``to``, an ``is all-In.`` that leaves chips behind. A hand that contradicts itself
    is kept, flagged at the line."""
    text = snippet_text(CLIENT_2026)
    (hand,) = parse_text(text.replace(old, new, 1))
    assert isinstance(hand, Hand)
    assert any(w.line == line and words in w.message for w in hand.warnings), hand.warnings


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Game Table (FL)", "Game Table (PL)", "(PL) stud: only fixed-limit stud is known"),
        ("with $ 7.30 with", "with $ 100000000000000000000 with", "beyond any real stake"),
        ("Main Pot: $7.30", "Main Pot: $100000000000000000000", "beyond any real stake"),
        ("collected $7.55", "collected $100000000000000000000", "beyond any real stake"),
        ("Rhea M calls (0.50)", "Rhea M calls 0.50", "not a PartyPoker line"),
    ],
)
def test_every_error_of_the_summary_shape_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(snippet_text(CLIENT_2026), old, new, words)


def test_the_summary_shape_and_the_wins_shape_are_told_by_the_text() -> None:
    """The client files end with ``wins`` lines, the emailed and 2026 hands with ``** Summary **``: one
    file holding both reads each, and a hand's other game in the new shape is skipped by its name."""
    other = snippet_text(CLIENT_2026).replace("7 Card Stud Game Table", "Omaha Hi Game Table", 1)
    text = snippet_text("2011-long-date-control.txt") + "\n" + snippet_text(CLIENT_2026) + "\n" + other
    old, new, omaha = parse_text(text)
    assert isinstance(old, Hand) and old.rake is None and isinstance(new, Hand) and new.rake == 35
    assert isinstance(omaha, NotStudHand) and omaha.game == "Omaha Hi"


@pytest.mark.parametrize(
    "before", ["Vera P has left the table.", "Vera P has left the table.\nKato finished in 4 place."]
)
def test_an_emailed_hand_may_say_who_left_before_its_stakes_line(before: str) -> None:
    """fpdb's emailed-hand header lets ``NAME has left the table.`` and ``NAME finished in N place.`` come
    between the stars line and the stakes line: the header takes them, and an error in the stakes line
    still names that line."""
    text = snippet_text("2013-emailed-summary-showdown.txt").replace("Vera P has left the table.", before)
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand) and hand.small_bet == 50 and hand.started_at is not None
    stakes = 2 + before.count("\n") + 1
    (bad,) = parse_text(text.replace("Tue Sep 03", "Tue Sup 03"), "x.txt")
    assert isinstance(bad, ParseError) and (bad.line, bad.message) == (stakes, "'Sup' is not a month")
