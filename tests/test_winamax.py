"""Winamax: every line kind of the five corpus hands and their traps (ante/small/big stakes, play money
without deal lines, ``X`` for an unseen card, ``raises X to Y`` with Y the chips added, the unmatched bet
left inside ``collected`` and the total, the total after rake), errors that name file and line, and the
writer: the corpus hands written back, and the round trip of 1,000 simulated hands per game. The
conformance of the files themselves: tests/test_conformance.py."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from site_errors import assert_error_at
from conftest import corpus_path
from samples import in_whole_chips
from site_roundtrip import Lossy, changed_fields, round_trip
from studbook.engine.model import Action, ActionKind, Collect, Deal, Game, Hand, Show, UncalledReturn
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for
from studbook.parsers.sites.winamax.writer import write_winamax

FOLDER = ("fpdb", "Winamax")
CLEAN = "7-Stud-6max-EUR-25-50-201611._8games_.txt"
NEGATIVE = "7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
PLAY = "7-Stud-6max-play-0.5-0.10-201606.export.txt"
HILO = "7-StudHL-6max-EUR-25-50-201611._8games_.txt"
RAZZ = "Razz-6max-EUR-25-50-201611._8games_.txt"


def hand_of(name: str) -> Hand:
    (hand,) = parse_file(corpus_path(*FOLDER, name))
    assert isinstance(hand, Hand), hand
    return hand


def text_of(name: str) -> str:
    return corpus_path(*FOLDER, name).read_text(encoding="utf-8")


def actions(hand: Hand) -> list[tuple[int, int, ActionKind, int, int | None]]:
    return [(a.street, a.seat, a.kind, a.amount, a.to) for a in hand.events if isinstance(a, Action)]


def test_the_header_is_ante_small_big_and_the_table_line_its_size() -> None:
    hand = hand_of(CLEAN)
    assert (hand.site, hand.site_hand_id, hand.game, hand.ante, hand.small_bet, hand.big_bet, hand.bring_in) == (
        "winamax",
        "9250793-470-1478990787",
        Game.STUD,
        500,
        2500,
        5000,
        1000,
    )
    assert (hand.currency, hand.play_money, hand.table, hand.max_seats) == ("EUR", False, "Pampelune", 6)
    assert hand.started_at == datetime(2016, 11, 12, 22, 46, 27, tzinfo=timezone.utc).astimezone(hand.started_at.tzinfo)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, "Hero", 174922), (4, "Player0", 42606)]


def test_games_and_play_money() -> None:
    assert [hand_of(n).game for n in (HILO, RAZZ, PLAY)] == [Game.STUD8, Game.RAZZ, Game.STUD]
    play = hand_of(PLAY)
    assert (play.currency, play.play_money, play.ante, play.small_bet, play.big_bet, play.bring_in) == (
        None,
        True,
        1,
        5,
        10,
        2,
    )
    assert actions(play)[3][:4] == (3, 3, ActionKind.BRING_IN, 2)  # "Player1 bring-in 0.02"


def test_deals_read_x_as_unseen_and_the_new_card_from_its_own_brackets() -> None:
    deals = {(d.street, d.seat): d for d in hand_of(CLEAN).events if isinstance(d, Deal)}
    assert deals[(3, 4)].down == (None, None) and str(deals[(3, 4)].up[0]) == "9h"  # [X X 9h]
    assert [str(c) for c in deals[(3, 1)].down + deals[(3, 1)].up] == ["4h", "Ac", "Qd"]
    assert str(deals[(4, 4)].up[0]) == "Kh" and deals[(4, 4)].down == ()  # [X X 9h] [Kh]
    assert deals[(7, 4)].down == (None,) and str(deals[(7, 1)].down[0]) == "Th"  # [..] [X], [..] [Th]
    shows = {s.seat: s.cards for s in hand_of(CLEAN).events if isinstance(s, Show)}
    assert len(shows[4]) == 7 and None not in shows[4]


def test_a_street_without_deal_lines_deals_every_live_player_unknown_cards() -> None:
    hand = hand_of(PLAY)
    deals = [(d.street, d.seat, d.down, d.up) for d in hand.events if isinstance(d, Deal)]
    assert [d[:2] for d in deals if d[0] == 3] == [(3, 2), (3, 3), (3, 6)]
    assert all(d[2:] == ((None, None), (None,)) for d in deals if d[0] == 3)
    assert [d[:2] for d in deals if d[0] == 6] == [(6, 2), (6, 6)]  # Player1 folded on 5th
    assert replay(hand, profile_for(hand)).violations == ()


def test_a_completion_is_printed_raises_x_to_x() -> None:
    # bring-in 10, "Hero raises 25€ to 25€": a completion to 25, 15 over the bring-in
    assert actions(hand_of(CLEAN))[2:5] == [
        (3, 4, ActionKind.BRING_IN, 1000, None),
        (3, 1, ActionKind.COMPLETE, 1500, 2500),
        (3, 4, ActionKind.CALL, 1500, None),
    ]
    assert (7, 1, ActionKind.RAISE, 5000, 10000) in actions(hand_of(CLEAN))  # "raises 50€ to 100€"


def test_the_negative_raise_is_the_chips_the_all_in_adds() -> None:
    hand = hand_of(NEGATIVE)
    # "Player0 raises -6.10€ to 18.90€" after bring-in 10 and completion 25: 18.90 more, all in, to 28.90
    raise_ = next(a for a in hand.events if isinstance(a, Action) and a.kind is ActionKind.RAISE)
    assert (raise_.seat, raise_.amount, raise_.to, raise_.all_in) == (2, 390, 2890, True)
    result = replay(hand, profile_for(hand))
    assert result.violations == () and result.invested == {2: 3390, 3: 3390, 5: 500}


@pytest.mark.parametrize("name, seat, back, paid", [(HILO, 2, 5000, [8900, 8900]), (RAZZ, 4, 5000, [20800])])
def test_the_unmatched_bet_inside_collected_and_total_is_returned(
    name: str, seat: int, back: int, paid: list[int]
) -> None:
    hand = hand_of(name)
    printed = [
        int(line.split(" collected ")[1].split("€")[0]) * 100
        for line in text_of(name).splitlines()
        if " collected " in line
    ]
    (ret,) = [e for e in hand.events if isinstance(e, UncalledReturn)]
    assert (ret.seat, ret.amount) == (seat, back)
    collects = [c.amount for c in hand.events if isinstance(c, Collect)]
    assert collects == paid and sum(printed) == sum(paid) + back
    assert hand.total_pot == sum(paid) and replay(hand, profile_for(hand)).violations == ()


def test_no_return_when_every_bet_was_called() -> None:
    for name in (CLEAN, NEGATIVE, PLAY):
        hand = hand_of(name)
        assert not [e for e in hand.events if isinstance(e, UncalledReturn)]
        assert hand.total_pot == sum(c.amount for c in hand.events if isinstance(c, Collect))


def test_the_total_is_after_the_rake() -> None:
    hand = hand_of(CLEAN)
    result = replay(hand, profile_for(hand))
    assert (hand.total_pot, hand.rake, sum(result.invested.values())) == (45800, 200, 46000)


def test_other_games_are_skipped() -> None:
    text = text_of(CLEAN).replace("7-Card Stud fixed limit (5€/25€/50€)", "Holdem no limit (0.05€/0.10€)", 1)
    (result,) = parse_text(text)
    assert isinstance(result, NotStudHand) and result.game == "Holdem no limit (0.05€/0.10€)"


_CASH_FIRST = "Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - "


@pytest.mark.parametrize(
    "kind, table, tournament",
    [
        ('Tournament "Stud Sunday" buyIn: 9€ + 1€ level: 4', "Stud Sunday(123456)#004", ("123456", 900, 100, "4")),
        ('Tournament "Stud - KO" buyIn: 4.50€ + 0.50€ + 5€', "Stud - KO(77)#1", ("77", 950, 50, None)),
        ('Tournament "Daily Razz" buyIn: 9€-1€ level: 12', "Daily Razz(8)#2", ("8", 900, 100, "12")),
        ('Tournament "Freeroll" buyIn: Ticket only level: 1', "Freeroll", ("Freeroll", 0, 0, "1")),
    ],
)
def test_a_tournament_first_line_is_a_tournament_with_its_buy_in(
    kind: str, table: str, tournament: tuple[str, int, int, str | None]
) -> None:
    """The first line's word after ``Winamax Poker - `` tells a tournament hand from a cash one, the
    buy-in (a bounty counted in it) and level follow, and the table's bracketed number is the
    tournament's; a table without one leaves the tournament named by its name. The cash hand's amounts
    become whole chips under the tournament's line."""
    whole = in_whole_chips(text_of(CLEAN))
    text = whole.replace(_CASH_FIRST, f"Winamax Poker - {kind} - HandId: #9250793-470-1478990787 - ", 1)
    text = text.replace("Table: 'Pampelune'", f"Table: '{table}'", 1).replace("€", "")
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand) and hand.tournament is not None, hand
    t = hand.tournament
    assert (t.tournament_id, t.buy_in, t.fee, t.level) == tournament
    assert not hand.play_money and hand.currency is None
    # the cash hand it was made from stays a cash hand
    (cash,) = parse_file(corpus_path(*FOLDER, CLEAN))
    assert isinstance(cash, Hand) and cash.tournament is None and cash.currency == "EUR"


def test_a_buy_in_not_understood_is_an_error_naming_the_first_line() -> None:
    text = text_of(CLEAN).replace(_CASH_FIRST, 'Winamax Poker - Tournament "X" buyIn: lots - HandId: #1-2-3 - ', 1)
    (err,) = parse_text(text)
    assert isinstance(err, ParseError) and err.line == 1 and "buy-in 'lots'" in err.message


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Dealt to Player0 [X X 9h Kh] [Kd]", "Dealt to Player0 [X X 9h] [Kd]", "without the 4 cards held"),
        ("Player0 bets 50€", "Player0 shouts 50€", "not a Winamax line"),
        ("Player0 bets 50€", "Nobody bets 50€", "not seated"),
        ("*** 5th STREET ***", "*** 6th STREET ***", "street 6 after street 4"),
        ("Total pot 458€ | Rake 2€", "Total pot 458€ | Rake two", "Total pot"),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(text_of(CLEAN), old, new, words)


def test_the_registry_reads_winamax() -> None:
    site = SITES_BY_ID["winamax"]
    assert site.readable and site.profile.name == "winamax" and site.writer is write_winamax


# ------------------------------------------------------------------------------ the writer

WINAMAX_LOSSY = Lossy(markers=True, completion_word=True, community=True)


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    fields = ("site_hand_id", "game", "ante", "small_bet", "big_bet", "currency", "rake")
    problems = changed_fields(sim, back, fields)
    if sim.total_pot is not None and back.total_pot != sim.total_pot - (sim.rake or 0):  # Winamax: after rake
        problems.append(f"total {sim.total_pot} less rake {sim.rake} came back as {back.total_pot}")
    assert sim.started_at is not None
    if back.started_at != sim.started_at.replace(tzinfo=ZoneInfo("America/New_York")):
        problems.append(f"started {sim.started_at} came back as {back.started_at}")
    return problems


@pytest.mark.parametrize("game, seed", [(Game.STUD, 41), (Game.STUD8, 42), (Game.RAZZ, 43)])
def test_writer_round_trip(game: Game, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(2, 8), profile=get_profile("winamax"), currency="EUR")
    trip = round_trip(spec, 1000, seed, SITES_BY_ID["winamax"].write_file, WINAMAX_LOSSY, _header_facts)
    assert len(trip.written) >= 990
    assert trip.problems == []


@pytest.mark.parametrize("name", [CLEAN, NEGATIVE, PLAY, HILO, RAZZ])
def test_the_corpus_hands_written_and_read_back_are_the_same(name: str) -> None:
    hand = hand_of(name)
    (again,) = parse_text(write_winamax(hand))
    assert isinstance(again, Hand) and replay(again, profile_for(again)).violations == ()

    def key(h: Hand) -> list[object]:
        return [dataclasses.replace(e, line=0) for e in h.events]

    assert key(again) == key(hand)
    assert (again.total_pot, again.rake, again.ante, again.play_money) == (
        hand.total_pot,
        hand.rake,
        hand.ante,
        hand.play_money,
    )


def test_the_writer_prints_the_return_inside_collected_and_total() -> None:
    text = write_winamax(hand_of(HILO))
    assert "Player0 collected 114€ from pot\nPlayer0 collected 114€ from pot\n" in text
    assert "Total pot 228€ | Rake 2€" in text
    assert "Player0 raises -6.10€ to 18.90€" in write_winamax(hand_of(NEGATIVE))


def test_the_writer_refuses_what_winamax_cannot_print() -> None:
    with pytest.raises(ValueError, match="euros or play money"):
        write_winamax(dataclasses.replace(hand_of(CLEAN), currency="USD"))
