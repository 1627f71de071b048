"""Everleaf: every line kind and trap on snippets in the corpus's own spellings, the cp1252 bytes, errors
that name file and line, and the writer round trip (the corpus files: tests/test_conformance.py)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from site_errors import assert_error_at
from site_roundtrip import Lossy, changed_fields, round_trip
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    Muck,
    Show,
)
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec
from studbook.parsers import NotStudHand, parse_file, parse_text
from studbook.parsers.sites.everleaf.writer import write_everleaf
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

NEW = """Everleaf Gaming Game #295679620
***** Hand history for game #295679620 *****
€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:38
Table Harjavalta
Total number of players: 2
Seat 5: MOURINHO_ (  € 2.56 EURO )
Seat 8: Eric Blade (  € 2.44 EURO )
MOURINHO_: posts ante [€ 0.01 EURO]
Eric Blade: posts ante [€ 0.01 EURO]
** Dealing down cards **
Dealt to MOURINHO_ [ 2d ].
Dealt to Eric Blade [ 5c, 4d, Ks ].
MOURINHO_: bets [€ 0.05 EURO]
Eric Blade raises [€ 0.10 EURO]
MOURINHO_ raises [€ 0.10 EURO]
Eric Blade calls [€ 0.05 EURO]
** Dealing 4th Street **
Dealt to MOURINHO_ [ Td ].
Dealt to Eric Blade [ Ac ].
Eric Blade: bets [€ 0.05 EURO]
MOURINHO_ calls [€ 0.05 EURO]
** Dealing 5th Street **
Dealt to MOURINHO_ [ 8s ].
Dealt to Eric Blade [ 9d ].
Eric Blade checks
MOURINHO_ checks
** Dealing 6th Street **
Dealt to MOURINHO_ [ Ah ].
Dealt to Eric Blade [ Qh ].
Eric Blade checks
MOURINHO_ checks
** Dealing River **
Dealt to Eric Blade [ Js ].
Eric Blade checks
MOURINHO_ checks
Eric Blade shows [ Js, 4d, Ks, Ac, 9d, Qh, 5c ] high card ace
MOURINHO_ shows [ Jc, Jh, 2d, Td, 8s, Ah, 5d ] a pair of jacks
MOURINHO_ wins € 0.40 EURO from main pot with a pair of jacks [ Ah, Jc, Jh, Td, 8s ]
"""
"""Hand 295679620 of the 2011-08 euro file, one player renamed with a space: the bring-in player
completes himself with a bet, raises print the chips added, the opponent's 7th card is not printed."""

OLD = """Everleaf Gaming Game #285997876
***** Hand history for game #285997876 *****
$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:10:56
Table Clarkdale 20
Total number of players: 4
Seat 1: Player1 (  $ 0.52 USD )
Seat 2: Player2 (  $ 1.42 USD )
Seat 3: Player3 (  $ 1.45 USD )
Seat 4: Player4 (  $ 1.62 USD )
Player1: posts ante [$ 0.01 USD]
Player2: posts ante [$ 0.01 USD]
Player3: posts ante [$ 0.01 USD]
Player4: posts ante [$ 0.01 USD]
** Dealing down cards **
Player3 posts bring-in $0.02.
Player4 completes to $0.05.
Player1 folds
Player2 calls [$ 0.05 USD]
Player3 folds
**** dealing 4th street ****
Player2 checks
Player4: bets [$ 0.05 USD]
Player2 calls [$ 0.05 USD]
**** dealing 5th street ****
Player2 checks
Player4: bets [$ 0.10 USD]
Player2 raises [$ 0.20 USD]
Player4 calls [$ 0.10 USD]
**** dealing 6th street ****
Player2: bets [$ 0.10 USD]
Player4 calls [$ 0.10 USD]
**** dealing river ****
Player2: bets [$ 0.10 USD]
Player4 calls [$ 0.10 USD]
Player2 shows [ 5d, 8d, Kd, 7d, 9d, Jh, Qc ] a flush, king high
Player4 does not show cards
Player2 wins $ 0.98 USD from main pot with a flush, king high [ Kd, 9d, 8d, 7d, 5d ]
"""
"""Hand 285997876 of the 2011-07 dollar file: no deal line at all, the older street lines, a rake of
$0.08 nobody prints."""


def only(text: str) -> Hand:
    results = parse_text(text, "snippet.txt")
    assert len(results) == 1 and isinstance(results[0], Hand), results
    return results[0]


def actions(hand: Hand) -> list[tuple[int, int, ActionKind, int, int | None]]:
    return [
        (a.street, a.seat, a.kind, a.amount, a.to)
        for a in hand.events
        if isinstance(a, Action) and a.kind is not ActionKind.ANTE
    ]


def test_the_three_header_lines_give_id_stakes_game_and_time() -> None:
    hand = only(NEW)
    assert (hand.site, hand.site_hand_id, hand.game, hand.small_bet, hand.big_bet, hand.currency) == (
        "everleaf",
        "295679620",
        Game.STUD,
        5,
        10,
        "EUR",
    )
    assert hand.started_at == datetime(2011, 8, 12, 13, 9, 38, tzinfo=ZoneInfo("America/New_York"))
    assert (hand.table, hand.ante, only(OLD).currency) == ("Harjavalta", 1, "USD")
    assert not hand.stakes_inferred


def test_cp1252_euro_bytes_decode(tmp_path: Path) -> None:
    path = tmp_path / "euro.txt"
    path.write_bytes(NEW.encode("cp1252"))
    assert b"\x80" in path.read_bytes()
    (hand,) = parse_file(path)
    assert isinstance(hand, Hand) and hand.currency == "EUR" and hand.seats[1].player == "Eric Blade"


def test_bracketed_amounts_and_raises_that_print_the_chips_added() -> None:
    assert actions(only(NEW))[:4] == [
        (3, 5, ActionKind.BET, 5, None),  # the bring-in player completes himself
        (3, 8, ActionKind.RAISE, 5, 10),  # "raises [€ 0.10 EURO]": 10 added, to 10
        (3, 5, ActionKind.RAISE, 5, 15),  # "raises [€ 0.10 EURO]": 10 added to his 5
        (3, 8, ActionKind.CALL, 5, None),
    ]
    old = actions(only(OLD))
    assert old[:2] == [(3, 3, ActionKind.BRING_IN, 2, None), (3, 4, ActionKind.COMPLETE, 3, 5)]
    assert (5, 2, ActionKind.RAISE, 10, 20) in old


def test_cards_in_commas_and_the_deals_everleaf_does_not_print() -> None:
    deals = [d for d in only(NEW).events if isinstance(d, Deal)]
    assert [(d.street, d.seat, [str(c) if c else None for c in d.down + d.up]) for d in deals[:2]] == [
        (3, 5, [None, None, "2d"]),
        (3, 8, ["5c", "4d", "Ks"]),
    ]
    river = [(d.seat, d.down) for d in deals if d.street == 7]
    assert river[0][0] == 8 and river[1] == (5, (None,))  # MOURINHO_'s 7th card is dealt, unknown
    old = [(d.street, d.seat) for d in only(OLD).events if isinstance(d, Deal)]
    assert old == [(3, 1), (3, 2), (3, 3), (3, 4), (4, 2), (4, 4), (5, 2), (5, 4), (6, 2), (6, 4), (7, 2), (7, 4)]


def test_showdown_lines_and_the_unprinted_rake() -> None:
    hand = only(OLD)
    assert [(type(e).__name__, e.seat) for e in hand.events if isinstance(e, (Show, Muck, Collect))] == [
        ("Show", 2),
        ("Muck", 4),
        ("Collect", 2),
    ]
    show = next(e for e in hand.events if isinstance(e, Show))
    assert len(show.cards) == 7 and show.description == "a flush, king high"
    assert (hand.total_pot, hand.rake) == (None, None)
    result = replay(hand, profile_for(hand))
    assert result.violations == () and result.rake == 8  # $1.06 put in, $0.98 paid


def test_an_uncalled_bet_goes_back_without_a_line() -> None:
    text = OLD.replace(
        """Player2: bets [$ 0.10 USD]
Player4 calls [$ 0.10 USD]
Player2 shows [ 5d, 8d, Kd, 7d, 9d, Jh, Qc ] a flush, king high
Player4 does not show cards
Player2 wins $ 0.98 USD from main pot with a flush, king high [ Kd, 9d, 8d, 7d, 5d ]""",
        """Player2: bets [$ 0.10 USD]
Player4 folds
Player2 does not show cards
Player2 wins $ 0.80 USD from main pot""",
    )
    hand = only(text)
    result = replay(hand, profile_for(hand))
    assert result.violations == () and result.returned[2] == 10 and result.rake == 6  # $0.86 in, $0.80 paid


def test_a_wager_that_leaves_no_chips_is_all_in() -> None:
    text = OLD.replace("Seat 2: Player2 (  $ 1.42 USD )", "Seat 2: Player2 (  $ 0.31 USD )")  # 1 + 5 + 5 + 20
    hand = only(text)
    assert [a.all_in for a in hand.events if isinstance(a, Action) and a.seat == 2 and a.street == 5] == [False, True]


def test_flop_games_are_skipped_not_errors() -> None:
    text = (
        "Everleaf Gaming Game #55208539\n***** Hand history for game #55208539 *****\n"
        "Blinds $0.50/$1 NL Hold'em - 2008/09/01 - 13:35:01\nTable Speed Kuala\nSeat 1 is the button\n"
    )
    (result,) = parse_text(text)
    assert isinstance(result, NotStudHand) and result.game == "NL Hold'em"


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Dealt to MOURINHO_ [ Td ].", "Dealt to MOURINHO_ [ Td, 2c ].", "2 cards"),
        (
            "Eric Blade checks\nMOURINHO_ checks\n** Dealing 6th",
            "Eric Blade whistles\nMOURINHO_ checks\n** Dealing 6th",
            "not a Everleaf line",
        ),
        ("MOURINHO_ calls [€ 0.05 EURO]", "Nobody calls [€ 0.05 EURO]", "not seated"),
        ("** Dealing 5th Street **", "** Dealing 6th Street **", "street 6 after street 4"),
        (
            "€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:38",
            "€0.05/€0.10 7 Card Stud on a Friday",
            "not an Everleaf hand header",
        ),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(NEW, old, new, words, after=OLD, line=1 if "header" in words else None)


def test_the_registry_reads_and_writes_everleaf() -> None:
    site = SITES_BY_ID["everleaf"]
    assert site.readable and site.writer is write_everleaf
    for text in (NEW, OLD):
        hand = only(text)
        again = only(write_everleaf(hand))
        assert actions(again) == actions(hand) and replay(again, profile_for(again)).violations == ()


EVERLEAF_LOSSY = Lossy(markers=True, uncalled=True, completion_word=True, deal_order=True, community=True)


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    problems = changed_fields(sim, back, ("site_hand_id", "game", "small_bet", "big_bet", "currency", "table"))
    if back.started_at != sim.started_at.replace(tzinfo=ZoneInfo("America/New_York")):  # type: ignore[union-attr]
        problems.append(f"started {sim.started_at} came back as {back.started_at}")
    if (back.total_pot, back.rake) != (None, None) or replay(back, profile_for(back)).rake != sim.rake:
        problems.append(f"rake {sim.rake} came back as {replay(back, profile_for(back)).rake}")
    if [s.player for s in sim.seats] != [s.player for s in back.seats]:
        problems.append("names differ")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [(Game.STUD, 21), (Game.STUD8, 22), (Game.RAZZ, 23)])
def test_writer_round_trip(game: Game, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(2, 8), profile=get_profile("everleaf"))
    trip = round_trip(spec, 1000, seed, SITES_BY_ID["everleaf"].write_file, EVERLEAF_LOSSY, _header_facts)
    assert len(trip.written) >= 990
    assert trip.problems == []


def test_writer_round_trip_quick() -> None:
    """A hundred hands in the default run; the 1,000-hand runs above are marked slow."""
    spec = TableSpec(games=(Game.STUD,), players=(2, 8), profile=get_profile("everleaf"))
    trip = round_trip(spec, 100, 24, SITES_BY_ID["everleaf"].write_file, EVERLEAF_LOSSY, _header_facts)
    assert len(trip.written) >= 99 and trip.problems == []
