"""Absolute Poker: every line kind of the corpus's one hand, its traps (pockets that repeat, ``H`` and
``10``, the river dealt down and shown at the showdown), errors that name file and line, and the writer
round trip (the corpus file itself: tests/test_conformance.py)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from site_errors import assert_error_at
from conftest import corpus_path
from samples import body_in_whole_chips
from site_roundtrip import Lossy, changed_fields, round_trip
from studbook.engine.model import Action, ActionKind, Collect, Deal, Game, Hand, Show
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec
from studbook.parsers import NotStudHand, parse_file, parse_text
from studbook.parsers.sites.absolute.writer import write_absolute
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

FILE = ("fpdb", "Absolute", "7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt")


def corpus_hand() -> Hand:
    (hand,) = parse_file(corpus_path(*FILE))
    assert isinstance(hand, Hand)
    return hand


def corpus_text() -> str:
    return corpus_path(*FILE).read_text(encoding="utf-8")


def test_the_header_gives_game_stakes_and_zoned_time() -> None:
    hand = corpus_hand()
    assert (hand.site, hand.site_hand_id, hand.game, hand.small_bet, hand.big_bet, hand.currency) == (
        "absolute",
        "1300000000",
        Game.STUD8,
        2,
        4,
        "USD",
    )
    assert hand.started_at == datetime(2009, 3, 18, 19, 10, tzinfo=ZoneInfo("America/New_York"))
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [(1, "PLAYER1", 17), (2, "PLAYER2", 36)]
    assert (hand.ante, hand.bring_in, hand.total_pot, hand.rake) == (1, 1, 43, 4)


def test_pockets_deal_the_cards_past_those_held_and_repeats_deal_nothing() -> None:
    hand = corpus_hand()
    deals = [(d.street, d.seat, d.down, d.up) for d in hand.events if isinstance(d, Deal)]
    hero = [d for d in deals if d[1] == 5]
    assert len(hero) == 1 and [str(c) for c in hero[0][2] + hero[0][3]] == ["Tc", "5c", "7s"]  # "10c"
    first = next(d for d in deals if d[1] == 1)
    assert first[2] == (None, None) and str(first[3][0]) == "Js"  # "[H H Js]"
    assert [d[:2] for d in deals if d[0] == 7] == [(7, 1), (7, 3), (7, 7), (7, 8)]
    assert all(d[2] == (None,) for d in deals if d[0] == 7)  # the river dealt face down, unknown
    assert sum("Hero - Pocket" in s.text for s in hand.skipped) == 4  # folded on 3rd, printed on 4 streets


def test_the_showdown_reveals_the_river_cards_and_pays_hi_and_lo() -> None:
    hand = corpus_hand()
    shows = {s.seat: s for s in hand.events if isinstance(s, Show)}
    assert sorted(shows) == [1, 3, 7, 8] and all(len(s.cards) == 7 for s in shows.values())
    assert shows[8].description == "One pair, queens"
    assert [(c.seat, c.amount, c.pot) for c in hand.events if isinstance(c, Collect)] == [
        (3, 19, "main pot"),
        (7, 20, "main pot"),
    ]
    result = replay(hand, profile_for(hand))
    assert result.violations == ()


def test_bring_in_calls_bets_checks_and_folds() -> None:
    kinds = [
        (a.street, a.kind) for a in corpus_hand().events if isinstance(a, Action) and a.kind is not ActionKind.ANTE
    ]
    assert kinds[:3] == [(3, ActionKind.BRING_IN), (3, ActionKind.CALL), (3, ActionKind.FOLD)]
    assert (5, ActionKind.BET) in kinds and (4, ActionKind.CHECK) in kinds


def test_a_raise_reads_as_the_writer_writes_it() -> None:
    text = corpus_text().replace(
        "PLAYER6 - Calls $0.04\nPLAYER7 - Calls $0.04\nPLAYER1 - Calls $0.04\n*** 6TH",
        "PLAYER6 - Raises $0.04 to $0.08\nPLAYER7 - Calls $0.08\nPLAYER1 - Calls $0.08\nPLAYER3 - Calls $0.04\n*** 6TH",
        1,
    )
    (hand,) = parse_text(text)
    assert isinstance(hand, Hand)
    raise_ = next(a for a in hand.events if isinstance(a, Action) and a.kind is ActionKind.RAISE)
    assert (raise_.street, raise_.seat, raise_.amount, raise_.to) == (5, 7, 4, 8)


_HEADER = "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)"


@pytest.mark.parametrize(
    "header, facts",
    [
        (_HEADER, ("1300000000", "USD", None, None)),
        (_HEADER.replace("#13", "#C13"), ("C1300000000", "USD", None, None)),
        (_HEADER.replace("$0.04 -", "$0.04, $0.01 ante -"), ("1300000000", "USD", 1, None)),
        (_HEADER.replace("19:10:00", "19:10:00.125"), ("1300000000", "USD", None, None)),
        (
            _HEADER.replace(
                ": Seven Card Hi/Lo  Normal $0.02/$0.04", ": Tourney ID 77 Seven Card Hi/Lo Single Tournament 2/4"
            ),
            ("1300000000", None, None, "77"),
        ),
    ],
)
def test_each_header_era_is_told_by_its_own_shape(
    header: str, facts: tuple[str, str | None, int | None, str | None]
) -> None:
    """The cash series' ``#C``, the later ante after the stakes, fractional seconds and the tournament
    header are read from the header line's shape; the hand under each is the same hand (in whole chips
    under the tournament's)."""
    text = corpus_text().replace(_HEADER, header, 1)
    (hand,) = parse_text(body_in_whole_chips(text) if facts[3] else text)
    assert isinstance(hand, Hand), hand
    tid = hand.tournament.tournament_id if hand.tournament else None
    assert (hand.site_hand_id, hand.currency, hand.ante if facts[2] else None, tid) == facts
    assert hand.started_at == datetime(2009, 3, 18, 19, 10, tzinfo=ZoneInfo("America/New_York"))
    assert not hand.play_money


def test_other_games_are_skipped() -> None:
    (result,) = parse_text("Stage #1: Holdem  No Limit $0.50/$1 - 2009-03-18 19:10:00 (ET)\nSeat 1 - A ($1 in chips)\n")
    assert isinstance(result, NotStudHand)


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("PLAYER1 - Pocket [H H Js 10d]", "PLAYER1 - Pocket [H H Js 10d 2c]", "a pocket of 5 cards"),
        ("PLAYER3 - Bets $0.04", "PLAYER3 - Shouts $0.04", "not a Absolute line"),
        ("PLAYER3 - Bets $0.04", "NOBODY - Bets $0.04", "not seated"),
        ("*** 5TH STREET ***", "*** 6TH STREET ***", "street 6 after street 4"),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(corpus_text(), old, new, words, gap="\n")


def test_the_registry_reads_and_writes_absolute() -> None:
    assert SITES_BY_ID["absolute"].writer is write_absolute
    hand = corpus_hand()
    (again,) = parse_text(write_absolute(hand))
    assert isinstance(again, Hand) and replay(again, profile_for(again)).violations == ()
    same = [e for e in hand.events if isinstance(e, (Action, Show, Collect))]
    assert [(type(e), e.seat) for e in again.events if isinstance(e, (Action, Show, Collect))] == [
        (type(e), e.seat) for e in same
    ]


ABSOLUTE_LOSSY = Lossy(markers=True, uncalled=True, community=True)


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    fields = ("site_hand_id", "game", "small_bet", "big_bet", "currency", "total_pot", "rake")
    problems = changed_fields(sim, back, fields)
    if back.started_at != sim.started_at.replace(tzinfo=ZoneInfo("America/New_York")):  # type: ignore[union-attr]
        problems.append(f"started {sim.started_at} came back as {back.started_at}")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [(Game.STUD, 31), (Game.STUD8, 32), (Game.RAZZ, 33)])
def test_writer_round_trip(game: Game, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(2, 8), profile=get_profile("absolute"))
    trip = round_trip(spec, 1000, seed, SITES_BY_ID["absolute"].write_file, ABSOLUTE_LOSSY, _header_facts)
    assert len(trip.written) >= 990
    assert trip.problems == []


def test_writer_round_trip_quick() -> None:
    """A hundred hands in the default run; the 1,000-hand runs above are marked slow."""
    spec = TableSpec(games=(Game.STUD8,), players=(2, 8), profile=get_profile("absolute"))
    trip = round_trip(spec, 100, 34, SITES_BY_ID["absolute"].write_file, ABSOLUTE_LOSSY, _header_facts)
    assert len(trip.written) >= 99 and trip.problems == []
