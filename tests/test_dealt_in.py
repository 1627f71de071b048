"""Who was dealt in is the engine's word (the events: an ante, a card, an action), whatever a seat line
says; every count of players and every per-player row follows it; and the cards table and the starting
hand know every card known by the hand's end, shown ones included.

The four corpus hands are those where a seat line and the events disagree. Where fpdb's own expectations
(the ``.hp`` file beside a corpus file) say the same thing, the test reads them from there."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from studbook.analytics.flags import steal_seats
from studbook.analytics.rows import rows_for_hand
from studbook.engine.cards import Card
from studbook.engine.model import Hand, KnownCard, sight
from studbook.engine.replay import replay
from studbook.engine.steps import replay_steps
from studbook.parsers import parse_file
from studbook.parsers.registry import profile_for
from conftest import corpus_path
from handbuilder import build


def corpus_hand(path: Path, number: str) -> Hand:
    hands = [h for h in parse_file(path) if isinstance(h, Hand) and h.site_hand_id == number]
    assert len(hands) == 1, f"hand {number} not read from {path}"
    return hands[0]


def stored(hand: Hand) -> dict[str, list[dict]]:
    return rows_for_hand(hand, replay(hand, profile_for(hand)))


def fpdb_expected(path: Path) -> dict[str, dict]:
    """fpdb's per-player expectations of the corpus file ``path`` (its ``.hp``: a Python literal)."""
    return ast.literal_eval(path.with_name(path.name + ".hp").read_text(encoding="utf-8", errors="replace"))


def test_a_listed_player_who_sits_out_is_not_dealt_in() -> None:
    """``Seat 6: Player6 ($0.54)``, then ``Player6 is sitting out``: no ante, no card, no action."""
    path = corpus_path("fpdb", "FTP", "Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt")
    hand = corpus_hand(path, "26190500040")
    result = replay(hand, profile_for(hand))
    rows = stored(hand)
    assert result.dealt_in == (1, 2, 3, 4, 5, 7, 8)
    assert rows["hands"][0]["n_players"] == 7
    players = {r["player"]: r for r in rows["hand_players"]}
    assert "Player6" not in players
    expected = fpdb_expected(path)
    saw_4th = sorted(name for name, fields in expected.items() if fields["street1Seen"])
    assert saw_4th == ["Hero", "Player3", "Player8"]
    assert sorted(name for name, r in players.items() if r["saw_4th"]) == saw_4th
    assert {r["players_4th"] for r in players.values()} == {len(saw_4th)}
    # fpdb numbers the three seats before the bring-in ('S') 0, 1, 2
    steal = {
        fields["seatNo"] for name, fields in expected.items() if fields["position"] in (0, 1, 2) and name in players
    }
    assert steal_seats(result.dealt_in, 8) == frozenset(steal) == {4, 5, 7}


def test_a_listed_player_with_no_ante_and_no_card_is_not_dealt_in() -> None:
    """``Seat 4: Player2 ($96.10)`` with no 'sitting out' on his seat line, but no ante, no card, then
    ``Player2 is sitting out``: the two players marked sitting out are not dealt in either."""
    path = corpus_path("fpdb", "FTP", "7-StudHL-USD-2-4-201006.Steal.examples.txt")
    hand = corpus_hand(path, "11111111633")
    result = replay(hand, profile_for(hand))
    rows = stored(hand)
    assert result.dealt_in == (1, 3, 6, 7, 8)
    assert rows["hands"][0]["n_players"] == 5
    assert sorted(r["seat"] for r in rows["hand_players"]) == [1, 3, 6, 7, 8]
    # the bring-in is seat 7 (Player6): the steal seats are the three acting just before him
    assert steal_seats(result.dealt_in, 7) == {1, 3, 6}  # 8, 1, 3, 6, then the bring-in: the last three


def test_a_seat_line_sitting_out_who_antes_is_dealt_in() -> None:
    """``Seat 1: Villain (24), is sitting out``, then ``Villain antes 15`` and ``brings in for 9, and is
    all in``: dealt in, so the heads-up hand has two players, as its two player rows say; and his
    3rd-street cards, printed only in his show, give his starting hand."""
    path = corpus_path("fpdb", "FTP", "Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt")
    hand = corpus_hand(path, "28333847000")
    result = replay(hand, profile_for(hand))
    rows = stored(hand)
    assert result.dealt_in == (1, 2)
    assert rows["hands"][0]["n_players"] == 2
    players = {r["player"]: r for r in rows["hand_players"]}
    assert sorted(players) == ["Hero", "Villain"]
    expected = fpdb_expected(path)
    assert all(not fields["sitout"] for fields in expected.values())  # fpdb counts him in too
    assert expected["Villain"]["startCards"] != 0  # and knows his starting hand, from his show
    assert players["Villain"]["start_class"] == "J-K high"  # A-7 down, K door: razz names it by the king
    villain = [r for r in rows["cards"] if r["seat"] == 1 and r["street"] == 3]
    assert [(r["card"], r["up"], r["known"], r["shown"]) for r in villain] == [
        ("As", False, True, True),
        ("7c", False, True, True),
        ("Kc", True, True, False),
    ]


def test_a_tournament_player_sitting_out_who_antes_and_folds_is_dealt_in() -> None:
    """PokerStars: ``Seat 7: Player6 (2500 in chips) is sitting out``, yet he antes, is dealt a door
    card and folds: eight players, eight rows."""
    path = corpus_path("fpdb", "Stars", "7-StudHL-USD-10-1-200906.PT2.export.txt")
    hand = corpus_hand(path, "29356803849")
    rows = stored(hand)
    assert replay(hand, profile_for(hand)).dealt_in == (1, 2, 3, 4, 5, 6, 7, 8)
    assert rows["hands"][0]["n_players"] == 8
    assert len(rows["hand_players"]) == 8


STUD_SHOWDOWN = """
stud 100/200 ante 10 bring-in 30
seat 1 Ann 10000
seat 2 Bob 10000
antes
3rd 1:?? ?? 2c 2:Ah Kh Qh
1 bring-in 30
2 call 30
4th 1:5d 2:9s
2 check
1 check
5th 1:6c 2:9d
2 check
1 check
6th 1:7h 2:3s
2 check
1 check
7th 1:?? 2:4d
2 check
1 check
show 1 2d 2s 2c 5d 6c 7h 8s
show 2 Ah Kh Qh 9s 9d 3s 4d
"""


def test_shown_down_cards_fill_the_unknown_ones_in_the_order_dealt() -> None:
    """A shown hand lists the 3rd-street down cards first and the 7th-street one last: the engine fills
    each unknown card with them in that order, marks them shown, and the starting hand follows."""
    hand = build(STUD_SHOWDOWN)
    result = replay(hand, profile_for(hand))
    ann = [k for k in result.cards if k.seat == 1]
    assert ann == [
        KnownCard(1, 3, False, Card.parse("2d"), ann[0].line, True),
        KnownCard(1, 3, False, Card.parse("2s"), ann[0].line, True),
        KnownCard(1, 3, True, Card.parse("2c"), ann[0].line),
        KnownCard(1, 4, True, Card.parse("5d"), ann[3].line),
        KnownCard(1, 5, True, Card.parse("6c"), ann[4].line),
        KnownCard(1, 6, True, Card.parse("7h"), ann[5].line),
        KnownCard(1, 7, False, Card.parse("8s"), ann[6].line, True),
    ]
    assert all(not k.shown for k in result.cards if k.seat == 2)
    flags = {r["player"]: r for r in rows_for_hand(hand, result)["hand_players"]}
    assert flags["Ann"]["start_class"] == "rolled-up"
    assert flags["Bob"]["start_class"] == "three-straight-flush"


@pytest.mark.parametrize("shown", ["", "show 1 2d 2s 2c 5d 6c 7h 8s\n"])
def test_unknown_cards_stay_unknown_without_a_show(shown: str) -> None:
    """Without the show Ann's down cards are unknown at the end, and nothing is invented."""
    text = STUD_SHOWDOWN.replace("show 1 2d 2s 2c 5d 6c 7h 8s\n", shown)
    hand = build(text)
    result = replay(hand, profile_for(hand))
    unknown = [k for k in result.cards if k.seat == 1 and k.card is None]
    assert len(unknown) == (0 if shown else 3)


def test_each_decision_sees_the_cards_dealt_before_it_and_steps_say_the_same() -> None:
    """Bob's check on 4th street sees both door cards and both 4th-street cards, not 5th's; his own
    cards are his seven-card list up to then. The table after that event records the same decision."""
    hand = build(STUD_SHOWDOWN)
    result, states = replay_steps(hand, profile_for(hand))
    bob_4th = next(d for d in result.decisions[4] if d.seat == 2)
    seen = sight(result.dealt, bob_4th)
    c = Card.parse
    assert seen.door == {1: c("2c"), 2: c("Qh")}
    assert seen.up == {1: (c("2c"), c("5d")), 2: (c("Qh"), c("9s"))}
    assert seen.own == (c("Ah"), c("Kh"), c("Qh"), c("9s"))
    step = states[bob_4th.index]
    assert step.decision == bob_4th
    assert sight(step.dealt, step.decision) == seen
    # Ann's down cards, shown only at the end, are hers as the history knows them by then
    ann_4th = next(d for d in result.decisions[4] if d.seat == 1)
    assert sight(result.dealt, ann_4th).own == (c("2d"), c("2s"), c("2c"), c("5d"))
