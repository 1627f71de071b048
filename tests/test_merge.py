"""Merge XML (parsers/sites/merge/reader.py): both versions, no-limit, HORSE cash and tournament, on the real files
and on snippets."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import corpus_path
from studbook.engine.cards import parse_cards
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    Hand,
    Limit,
    Muck,
    Show,
    UncalledReturn,
)
from studbook.engine.replay import replay
from studbook.parsers import NotStudHand, ParseError, parse_file, parse_text
from studbook.parsers.registry import profile_for

FOLDER = ("fpdb", "Merge")


def results(name: str) -> list[Hand | ParseError | NotStudHand]:
    return list(parse_file(corpus_path(*FOLDER, name)))


def hands(name: str) -> dict[str, Hand]:
    return {h.site_hand_id: h for h in results(name) if isinstance(h, Hand)}


def events(hand: Hand, kind: type) -> list:
    return [e for e in hand.events if isinstance(e, kind)]


def test_the_old_format_reads_null_cards_and_a_showdown() -> None:
    [hand] = hands("7-Stud-USD-0.50-1.00-201102.Sample.txt").values()
    assert (hand.game, hand.small_bet, hand.big_bet, hand.currency, hand.table) == (
        Game.STUD,
        50,
        100,
        "USD",
        "Hudson (31423297)",
    )
    assert [s.seat for s in hand.seats] == [0, 1, 2, 3, 5, 6, 7]  # numbered from 0, as printed
    deal = next(e for e in events(hand, Deal) if e.street == 3 and e.seat == 5)
    assert (deal.down, deal.up) == ((None, None), parse_cards("4s"))
    assert [(e.seat, e.cards) for e in events(hand, Show)] == [(5, parse_cards("4c 2c 4s 7c Kh Kd Th"))]
    assert [(e.seat, e.cards) for e in events(hand, Muck)] == [(6, parse_cards("Js Jh Ts 7h 8d 6s 3s"))]
    assert [(e.seat, e.amount) for e in events(hand, Collect)] == [(5, 347)]
    assert hand.rake == 18 and replay(hand, profile_for(hand)).violations == ()


def test_version_2_writes_unknown_cards_as_empty_strings() -> None:
    [hand] = hands("7-StudHL-USD-0.25-0.50-201307.no.null.xml").values()
    deal = next(e for e in events(hand, Deal) if e.street == 3 and e.seat == 1)
    assert (deal.down, deal.up) == ((None, None), parse_cards("5h"))
    assert next(s for s in hand.seats if s.seat == 0).sitting_out  # dealtin="false"
    assert replay(hand, profile_for(hand)).violations == ()


def test_the_start_time_is_on_a_fixed_utc_minus_5_clock() -> None:
    # starttime 20110204202244; the first event's epoch timestamp is 1296868936796 ms (01:22:16 UTC)
    [hand] = hands("7-Stud-USD-0.50-1.00-201102.Sample.txt").values()
    assert hand.started_at is not None
    first_event = datetime.fromtimestamp(1296868936.796, UTC)
    assert abs((first_event - hand.started_at).total_seconds()) < 60  # the two clocks differ by 27 s


def test_the_no_limit_hand_is_judged_by_no_limit_rules() -> None:
    [hand] = hands("NL7-StudHL-0.01-0.02-0.10-201204.xml").values()
    assert (hand.limit, hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (Limit.NO_LIMIT, 1, 2, 10, 10)
    assert replay(hand, profile_for(hand)).violations == ()
    # the same bets under a fixed limit break it on every street from 5th
    assert {v.rule for v in replay(replace(hand, limit=Limit.FIXED), profile_for(hand)).violations} == {"bet.size"}


def test_horse_cash_hands_are_stud8_of_a_mixed_table_and_list_the_uncalled_bet_apart() -> None:
    table = hands("HORSE-8max-USD-0.25-0.50-201409.new.format.txt")
    assert {(h.game, h.mixed, h.max_seats) for h in table.values()} == {(Game.STUD8, "HORSE", 8)}
    folded = table["78854953-356"]  # seat 1 bets 0.25 on 4th, everybody folds
    assert [(e.seat, e.amount) for e in events(folded, UncalledReturn)] == [(1, 25)]
    assert [(e.seat, e.amount) for e in events(folded, Collect)] == [(1, 24)]
    assert all(replay(h, profile_for(h)).violations == () for h in table.values())


def test_the_horse_tournament_skips_holdem_and_omaha_and_counts_them() -> None:
    found = results("HORSE-Tournament-Freeroll.201107.xml")
    skipped = [r.game for r in found if isinstance(r, NotStudHand)]
    assert sorted(skipped) == ["Hold'em Limit"] * 10 + ["Omaha Hi/Lo Limit"] * 4
    stud = [r for r in found if isinstance(r, Hand)]
    assert sorted(h.game.value for h in stud) == ["razz"] * 4 + ["stud"] * 4 + ["stud8"] * 6
    assert {h.tournament.tournament_id for h in stud if h.tournament} == {"36447024-1"}
    assert {h.currency for h in stud} == {None}  # tournament chips, although printed with a '$'


def test_tournament_limits_are_learnt_and_an_uncalled_bet_inside_the_winnings_comes_back_out() -> None:
    hand = hands("HORSE-Tournament-Freeroll.201107.xml")["36487050-12"]
    assert (hand.game, hand.small_bet, hand.big_bet) == (Game.RAZZ, 50, 100)  # whole tournament chips
    # 7th street: seat 2 bets 100, seat 6 folds; the winner line says 715, the pot was 615
    assert [(e.seat, e.amount) for e in events(hand, UncalledReturn)] == [(2, 100)]
    assert [(e.seat, e.amount) for e in events(hand, Collect)] == [(2, 615)]


def test_a_tournament_balance_is_printed_after_the_ante() -> None:
    hand = hands("HORSE-Tournament-Freeroll.201107.xml")["36487050-15"]
    # Player5 shows balance="$0.00", antes 5 and plays to showdown: he had the 5 before the ante
    assert next(s.stack for s in hand.seats if s.seat == 0) == 5
    assert replay(hand, profile_for(hand)).violations == ()


def test_an_all_in_is_read_as_the_chips_put_in() -> None:
    [hand] = hands("Razz-USD-0.50-1.00-201111.allIn.txt").values()
    fourth = [(e.seat, e.kind, e.amount, e.to, e.all_in) for e in events(hand, Action) if e.street == 4]
    assert fourth == [
        (5, ActionKind.BET, 50, None, False),
        (6, ActionKind.FOLD, 0, None, False),
        (3, ActionKind.RAISE, 41, 91, True),
        (5, ActionKind.CALL, 41, None, False),
    ]


GAME = """<description type="7-Stud" stakes="Limit $0.50/$1"/>
<game id="1-1" starttime="20110204202244" numholecards="{holes}" gametype="{code}" realmoney="true" data="x|T|1|1-1|false">
<players dealer="1"><player seat="0" nickname="Ann" balance="$5" dealtin="true" /><player seat="1" nickname="Bob" balance="$5" dealtin="true" /></players>
<round id="BLINDS" sequence="1"><event sequence="1" type="ANTE" player="0" amount="0.05"/><event sequence="2" type="ANTE" player="1" amount="0.05"/></round>
<round id="BRING_IN" sequence="2"><event sequence="3" type="BRING_IN" player="1" amount="0.10"/>
<cards type="DRAW_DRAWN_CARDS" cards="null,null,2s" player="1"/><cards type="HOLE" cards="Ah,Kh,Qh" player="0"/></round>
<round id="THIRD_STREET" sequence="3"><event sequence="4" type="{event}" player="0"/></round>
<round id="END_OF_FOLDED_GAME" sequence="4"><winner amount="0.20" uncalled="false" potnumber="1" player="1" pottype="n"/></round>
</game>
"""


def test_a_snippet_reads_and_replays_clean() -> None:
    [hand] = parse_text(GAME.format(holes=7, code=39, event="FOLD"), "m.txt")
    assert isinstance(hand, Hand) and replay(hand, profile_for(hand)).violations == ()


def test_an_unknown_seven_card_game_code_is_an_error_never_a_silent_skip() -> None:
    [err] = parse_text(GAME.format(holes=7, code=99, event="FOLD"), "m.txt")
    assert isinstance(err, ParseError) and (err.file, err.line) == ("m.txt", 2) and "99" in err.text


def test_an_unknown_game_of_other_hole_cards_is_skipped_and_named() -> None:
    [skipped] = parse_text(GAME.format(holes=4, code=99, event="FOLD"), "m.txt")
    assert skipped == NotStudHand("m.txt", 2, "merge", "game code 99")


def test_an_unknown_event_names_its_line_and_the_known_events() -> None:
    [err] = parse_text(GAME.format(holes=7, code=39, event="SURRENDER"), "m.txt")
    assert isinstance(err, ParseError) and err.line == 7
    # without the event a player's turn is missing: refused, naming it
    assert "SURRENDER" in err.text and "action.missing" in err.message and "BRING_IN" in err.expected


def test_fpdb_s_own_reading_of_the_sample_agrees_seat_by_seat() -> None:
    """The .hp sidecar (fpdb's per-player import of the same hand, written independently of studbook):
    stack, winnings, rake and profit of every player equal what studbook reads and the engine pays."""
    import ast

    sidecar = corpus_path(*FOLDER, "7-Stud-USD-0.50-1.00-201102.Sample.txt.hp")
    theirs = ast.literal_eval(sidecar.read_text(encoding="utf-8"))
    [hand] = hands("7-Stud-USD-0.50-1.00-201102.Sample.txt").values()
    result = replay(hand, profile_for(hand))
    assert set(theirs) == {s.player for s in hand.seats}
    for seat in hand.seats:
        fpdb = theirs[seat.player]
        assert (seat.stack, result.collected.get(seat.seat, 0), result.net[seat.seat]) == (
            fpdb["startCash"],
            fpdb["winnings"],
            fpdb["totalProfit"],
        ), seat.player
    assert sum(p["rake"] for p in theirs.values()) == hand.rake


def test_an_uncalled_bet_the_actions_do_not_explain_is_kept_and_reported() -> None:
    text = GAME.format(holes=7, code=39, event="FOLD").replace(
        'pottype="n"/></round>',
        'pottype="n"/><winner amount="0.05" uncalled="true" potnumber="2" player="0" pottype="n"/></round>',
    )
    [hand] = parse_text(text, "m.txt")
    assert isinstance(hand, Hand)
    # Bob's bring-in nobody called comes back (line 7); the listed return to Ann (line 8) has no bet behind it
    assert [(e.seat, e.amount, e.line) for e in events(hand, UncalledReturn)] == [(1, 10, 7), (0, 5, 8)]
    assert "uncalled" in {v.rule for v in replay(hand, profile_for(hand)).violations}


LINE_FORMS = Path(__file__).resolve().parent / "data" / "line_forms" / "merge"


@pytest.mark.parametrize(
    "starttime, clean",
    [
        ("20100814201500", True),  # a raise states the chips it adds
        ("20100907225959", True),  # 2010-09-08 03:59:59 UTC: still before the switch
        ("20100907230000", False),  # 00:00 ET: from now on a raise states the street total
        ("20100914201500", False),
    ],
)
def test_the_start_time_tells_what_a_raise_amount_means(starttime: str, clean: bool) -> None:
    """Before 2010-09-08 00:00 US Eastern a raise's amount is the chips it adds; nothing else in the
    file marks it, so the start time the file prints decides: the hand of the older era read as the
    newer one raises less than the bet it faces."""
    text = (LINE_FORMS / "2010-raise-adds-chips.xml").read_text(encoding="utf-8")
    [hand] = parse_text(text.replace('starttime="20100814201500"', f'starttime="{starttime}"', 1), "era.xml")
    assert isinstance(hand, Hand)
    raises = [(a.seat, a.to) for a in hand.events if isinstance(a, Action) and a.kind is ActionKind.RAISE]
    assert (raises == [(0, 100), (1, 150)]) is clean
    assert (replay(hand, profile_for(hand)).violations == ()) is clean


def test_a_slashed_starttime_is_read_on_the_same_clock() -> None:
    [hand] = parse_text((LINE_FORMS / "2012-slashed-starttime-code-42.xml").read_text(encoding="utf-8"), "t.xml")
    assert isinstance(hand, Hand) and hand.game is Game.STUD
    assert hand.started_at == datetime(2012, 6, 2, 1, 0, tzinfo=UTC)
