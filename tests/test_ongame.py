"""OnGame: every line kind of the corpus's six hands and their traps (three header lines with the stakes
and ante in the table line and a GMT offset, seats up to 10, ``-`` for cards not shown, the river printed
for the owner only, ``big bring in``, ``raises $X to $Y`` with Y the hand total, the showdown in the
summary), and errors that name file and line. The corpus files' conformance: tests/test_conformance.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from site_errors import assert_error_at
from conftest import corpus_path
from studbook.engine.model import Action, ActionKind, Collect, Deal, Game, Hand, Show
from samples import body_in_whole_chips
from site_roundtrip import Lossy, changed_fields, round_trip
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec
from studbook.parsers import NotStudHand, parse_file, parse_text
from studbook.parsers.registry import SITES_BY_ID, get_profile, profile_for

FOLDER = ("fpdb", "OnGame")
SAMPLE = "7-Stud-USD-0.10-0.20-201009.Sample.txt"
BIG = "7-Stud-USD-1.00-2.00-201212.big.bring.txt"
HILO = "7-StudHL-USD-0.25-0.50-201008.All.streets.txt"


def corpus_hands(name: str) -> list[Hand]:
    hands = list(parse_file(corpus_path(*FOLDER, name)))
    assert all(isinstance(h, Hand) for h in hands), hands
    return hands  # type: ignore[return-value]


def corpus_text(name: str) -> str:
    return corpus_path(*FOLDER, name).read_text(encoding="utf-8")


def actions(hand: Hand, street: int) -> list[tuple[int, ActionKind, int, int | None]]:
    return [
        (a.seat, a.kind, a.amount, a.to)
        for a in hand.events
        if isinstance(a, Action) and a.street == street and a.kind is not ActionKind.ANTE
    ]


def test_glued_hands_split_and_the_table_line_gives_stakes_and_ante() -> None:
    hands = corpus_hands(SAMPLE)
    assert [h.site_hand_id for h in hands] == [f"R5-82086688-{n}" for n in range(607, 611)]
    first = hands[0]
    assert (
        first.site,
        first.game,
        first.small_bet,
        first.big_bet,
        first.ante,
        first.bring_in,
        first.currency,
        first.table,
    ) == ("ongame", Game.STUD, 10, 20, 2, 5, "USD", "Milwaukee")
    assert first.started_at == datetime(2010, 9, 13, 22, 31, 30, tzinfo=timezone(timedelta(hours=1)))
    assert [s.seat for s in first.seats] == [1, 2, 6, 8, 10]  # seats up to 10
    (hilo,) = corpus_hands(HILO)
    assert hilo.game is Game.STUD8 and hilo.started_at is not None and hilo.started_at.utcoffset() == timedelta(hours=3)


def test_deals_with_unseen_cards_and_the_owner_only_river() -> None:
    first = corpus_hands(SAMPLE)[0]
    deals = {(d.street, d.seat): d for d in first.events if isinstance(d, Deal)}
    assert deals[(3, 1)].down == (None, None) and str(deals[(3, 1)].up[0]) == "Kh"  # "[-, -, Kh]"
    assert [str(c) for c in deals[(3, 2)].down + deals[(3, 2)].up] == ["Jh", "9d", "Ac"]
    # the river: printed for Hero; E6y Ko3y and the bAAr still in get a card not shown (no showdown cards)
    assert sorted(s for st, s in deals if st == 7) == [1, 2, 8]
    assert deals[(7, 1)].down == (None,) and str(deals[(7, 2)].down[0]) == "9h"


def test_the_summary_shows_cards_in_deal_order_and_fills_the_river() -> None:
    second = corpus_hands(SAMPLE)[1]
    shows = {e.seat: e for e in second.events if isinstance(e, Show)}
    assert sorted(shows) == [1, 2] and shows[1].description == "TWO_PAIR FOUR, THREE"
    river = next(d for d in second.events if isinstance(d, Deal) and d.street == 7 and d.seat == 1)
    assert [str(c) for c in river.down] == ["3h"]  # the 7th of "[6s, 9s, 4s, Ad, 4c, 3d, 3h]"


def test_the_big_bring_in_is_a_bet_and_the_raise_reads_to_its_total() -> None:
    (hand,) = corpus_hands(BIG)
    assert actions(hand, 3) == [
        (3, ActionKind.BET, 100, None),
        (6, ActionKind.RAISE, 100, 200),
        (3, ActionKind.CALL, 100, None),
    ]
    assert hand.bring_in is None and not replay(hand, profile_for(hand)).violations
    assert [(c.seat, c.amount) for c in hand.events if isinstance(c, Collect)] == [(6, 970)]
    assert (hand.total_pot, hand.rake) == (1020, 50)


def test_a_raise_to_is_the_hand_total_without_antes() -> None:
    (hand,) = corpus_hands(HILO)
    # 5th street: mylonas77 bets $0.50, "Hero raises $1 to $1.37" ($0.12 + $0.25 before): to $1 on the street
    assert actions(hand, 5) == [
        (6, ActionKind.BET, 50, None),
        (1, ActionKind.RAISE, 50, 100),
        (6, ActionKind.CALL, 50, None),
    ]
    assert not replay(hand, profile_for(hand)).violations


def test_a_bet_over_the_bring_in_completes() -> None:
    third = corpus_hands(SAMPLE)[2]
    assert actions(third, 3)[:2] == [(1, ActionKind.BRING_IN, 5, None), (2, ActionKind.COMPLETE, 5, 10)]


def test_other_games_are_skipped() -> None:
    text = (
        "***** History for hand R5-1-1 *****\nStart hand: Mon Sep 13 22:31:30 GMT+0100 2010\n"
        "Table: T [1] (NO_LIMIT TEXAS_HOLDEM $0.10/$0.20, Real money)\nUser: Hero\n"
    )
    (result,) = parse_text(text)
    assert isinstance(result, NotStudHand) and result.site == "ongame"


_FIRST = "***** History for hand R5-82086688-607 *****"


@pytest.mark.parametrize(
    "group, tournament",
    [
        ('(TOURNAMENT: "Sunday Stud", T-1234567, buy-in: $10)', ("1234567", 1000, "USD")),
        ("(TOURNAMENT: T-1234567, buy-in: €5)", ("1234567", 500, "EUR")),
        ('(TOURNAMENT: "Sunday Stud", T-1234567)', ("1234567", None, None)),
    ],
)
def test_a_tournament_first_line_is_a_tournament(group: str, tournament: tuple[str, int | None, str | None]) -> None:
    """The ``(TOURNAMENT: …)`` group of the first line tells a tournament hand, with or without its
    name and buy-in; its amounts are chips, not the table line's money (the cash hand's amounts become
    whole chips under it)."""
    text = body_in_whole_chips(corpus_text(SAMPLE)).replace(
        _FIRST, f"***** History for hand R5-82086688-607 {group} *****", 1
    )
    hand = next(h for h in parse_text(text))
    assert isinstance(hand, Hand) and hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.currency) == tournament
    assert hand.currency is None and not hand.play_money
    cash = corpus_hands(SAMPLE)[0]
    assert cash.tournament is None and cash.currency == "USD"


@pytest.mark.parametrize(
    "start, offset",
    [("Mon Sep 13 22:31:30 GMT+0100 2010", timedelta(hours=1)), ("Mon Sep 13 22:31:30 CEST 2010", timedelta(hours=2))],
)
def test_both_eras_of_the_start_line_give_the_clock(start: str, offset: timedelta) -> None:
    """Before August 2011 the start line carries a numeric GMT offset, after it a zone word: the line's
    own shape says which, and both give the same kind of aware time."""
    text = corpus_text(SAMPLE).replace("Start hand: Mon Sep 13 22:31:30 GMT+0100 2010", f"Start hand: {start}", 1)
    hand = next(h for h in parse_text(text))
    assert isinstance(hand, Hand) and hand.warnings == ()
    assert hand.started_at == datetime(2010, 9, 13, 22, 31, 30, tzinfo=timezone(offset))


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("Dealing to Hero: [8d, 8s, 4d]", "Dealing to Hero: [8d, 8s]", "2 cards dealt on street 3"),
        ("mylonas77 bets $0.25", "mylonas77 shouts $0.25", "not a OnGame line"),
        ("mylonas77 bets $0.25", "NOBODY bets $0.25", "not seated"),
        ("Dealing 5th street", "Dealing 6th street", "street 6 after street 4"),
        ("won by Hero ($4.89)", "won by Nobody ($4.89)", "not seated"),
        ("Start hand: Sat Aug 28", "Start hand: Sat Ogg 28", "'Ogg' is not a month"),
    ],
)
def test_every_error_names_file_and_line(old: str, new: str, words: str) -> None:
    assert_error_at(corpus_text(HILO), old, new, words, gap="")


def test_the_registry_reads_ongame() -> None:
    site = SITES_BY_ID["ongame"]
    assert site.readable and site.profile.name == "ongame"


ONGAME_LOSSY = Lossy(
    markers=True, uncalled=True, community=True, completion_word=True, shown_deals=True, showdown_order=True
)
"""OnGame prints no betting notes and no uncalled-bet line; its 3rd-street completion reads as COMPLETE."""


def _header_facts(sim: Hand, back: Hand) -> list[str]:
    fields = ("site_hand_id", "game", "small_bet", "big_bet", "currency", "ante", "total_pot", "rake", "started_at")
    return changed_fields(sim, back, (f for f in fields if not (f == "total_pot" and sim.total_pot is None)))


def _round_trip(game: Game, hands: int, seed: int) -> None:
    spec = TableSpec(games=(game,), players=(2, 8), profile=get_profile("ongame"))
    trip = round_trip(spec, hands, seed, SITES_BY_ID["ongame"].write_file, ONGAME_LOSSY, _header_facts)
    assert len(trip.written) >= hands * 99 // 100
    assert trip.problems[:5] == []


@pytest.mark.parametrize("game, seed", [(Game.STUD, 44), (Game.STUD8, 45), (Game.RAZZ, 46)])
def test_writer_round_trip(game: Game, seed: int) -> None:
    _round_trip(game, 150, seed)


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", [(Game.STUD, 41), (Game.STUD8, 42), (Game.RAZZ, 43)])
def test_writer_round_trip_1000_hands(game: Game, seed: int) -> None:
    _round_trip(game, 1000, seed)


def test_the_registry_writes_ongame_and_a_corpus_hand_comes_back() -> None:
    site = SITES_BY_ID["ongame"]
    assert site.writer is not None
    (hand,) = corpus_hands(BIG)
    (back,) = parse_text(site.writer(hand))
    assert isinstance(back, Hand)
    assert [replace(e, line=0) for e in back.events] == [replace(e, line=0) for e in hand.events]
    assert (back.total_pot, back.rake, back.started_at) == (hand.total_pot, hand.rake, hand.started_at)
