"""The 3rd-street spot: each game's starting-hand classes on hand-picked cards, liveness of hand-built
positions (a card folded face down stays live; a folded door card was seen), the betting a player faced
and what he did as the engine replayed it, the doors behind him, and the result in big bets."""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studbook.analytics.equity import allin_ev
from studbook.analytics.liveness import DEAD, GRADES, HALF_DEAD, LIVE, draw_chance, grade, liveness
from studbook.analytics.spots import (
    BRING_IN_ONLY,
    COMPLETED,
    FACED,
    TAKEN,
    RERAISED,
    SPOT_COLUMNS,
    UNOPENED,
    Spot,
    spot_row,
    spots,
)
from studbook.analytics.start_hands import FLUSH, LOW, PAIR, PAIRING, STRAIGHT, TRIPS, start_hand
from studbook.engine.cards import DECK, parse_cards
from studbook.engine.games import RULES
from studbook.engine.model import Deal, Game, Hand
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.parsers.registry import profile_for
from conftest import SAMPLE_DATA
from handbuilder import build

DOC = Path(__file__).resolve().parents[1] / "docs" / "liveness.md"

CLASSES: list[tuple[str, str, str]] = [
    # Seven Card Stud: two down cards, then the door
    ("stud", "7c 7d 7h", "rolled-up"),
    ("stud", "Ac Ad 5h", "buried pair aces"),
    ("stud", "Qc Qd 5h", "buried pair T-K"),
    ("stud", "4c 9d 9h", "split pair 6-9"),
    ("stud", "3c 9d 3h", "split pair 2-5"),
    ("stud", "4h 9h Kh", "three-flush"),
    ("stud", "6h 8h 9h", "three-straight-flush"),
    ("stud", "6c 7d 8h", "three-straight, no gap"),
    ("stud", "Ac 2d 4h", "three-straight, 1 gap"),
    ("stud", "5c 7d 9h", "three-straight, 2 gaps"),
    ("stud", "Kc 2d Jh", "high cards"),
    ("stud", "Kc 2d 7h", "nothing"),
    # Stud hi/lo: lows by their top card, scoop draws, pairs with a low
    ("stud8", "Ac 2d 6h", "6-low"),
    ("stud8", "Ac 2d 3h", "3-low scoop"),
    ("stud8", "2h 5h 8h", "8-low scoop"),
    ("stud8", "Ac Ad 3h", "paired 3-low"),
    ("stud8", "Kc Kd 3h", "big pair"),
    ("stud8", "6c 6d Kh", "small pair"),
    ("stud8", "9h Jh 2h", "three-flush"),
    ("stud8", "Th Jh Qh", "three-straight-flush"),
    ("stud8", "9c Jd Qh", "three-straight, 1 gap"),
    ("stud8", "9c Jd Kh", "three-straight, 2 gaps"),
    ("stud8", "Kc 9d 4h", "nothing"),
    ("stud8", "9c Td Jh", "three-straight, no gap"),
    ("stud8", "2c 5d Kh", "two low cards"),
    ("stud8", "Kc Qd 7h", "high cards"),
    ("stud8", "4c 4d 4h", "rolled-up"),
    # Razz: the ace low
    ("razz", "Ac 2d 3h", "3-low"),
    ("razz", "Ac 4d 7h", "7-low"),
    ("razz", "2c 9d 5h", "9-low"),
    ("razz", "Tc 2d 3h", "T-low"),
    ("razz", "Qc 2d 3h", "J-K high"),
    ("razz", "2c 2d 5h", "paired 5-low"),
    ("razz", "2c Kd Kh", "pair, no low"),
    ("razz", "6c 6d 6h", "trips"),
    # 2-7 razz: the ace high, the deuce lowest
    ("razz27", "2c 3d 4h", "4-low"),
    ("razz27", "2c 3d 7h", "7-low"),
    ("razz27", "Ac 2d 3h", "J-A high"),
    ("razz27", "2c 2d 7h", "paired 7-low"),
    ("razz27", "9c 2d 3h", "9-low"),
    ("razz27", "Tc 2d 3h", "T-low"),
    ("razz27", "2c Ad Ah", "pair, no low"),
    ("razz27", "Ac Ad Ah", "trips"),
    # Five Card Stud: the hole card, then the door
    ("stud5", "Kc Kd", "wired pair T-A"),
    ("stud5", "4c 4d", "wired pair 2-9"),
    ("stud5", "Ac Kd", "ace, high kicker"),
    ("stud5", "3c Ad", "ace, low kicker"),
    ("stud5", "Jc Kd", "two high cards"),
    ("stud5", "5c Qd", "one high card"),
    ("stud5", "5c 8d", "low cards"),
]


def _lows(tops: str | tuple[str, ...], forms: tuple[str, ...]) -> set[str]:
    return {form.format(top) for top in tops for form in forms}


LOW_NAMES: dict[str, set[str]] = {
    "razz": _lows("345678", ("{}-low",)) | _lows("2345678", ("paired {}-low",)),
    "razz27": _lows("45678", ("{}-low",)) | _lows("345678", ("paired {}-low",)),
    "stud": _lows(("aces", "T-K", "6-9", "2-5"), ("buried pair {}", "split pair {}")),
    "stud8": _lows("345678", ("{}-low", "{}-low scoop")) | _lows("2345678", ("paired {}-low",)),
}
"""The lows of every top card, beyond the one of each kind :data:`CLASSES` shows."""


def known_classes(game: str) -> set[str]:
    return {name for g, _, name in CLASSES if g == game} | LOW_NAMES.get(game, set())


@pytest.mark.parametrize(("game", "cards", "name"), CLASSES)
def test_each_class_of_each_game(game: str, cards: str, name: str) -> None:
    assert start_hand(Game(game), parse_cards(cards)).name == name


def test_every_class_is_documented() -> None:
    """docs/liveness.md defines every class a test names, so a reader of a spots table can look it up."""
    text = DOC.read_text()
    missing = {name for _, _, name in CLASSES if f"`{name}`" not in text}
    assert not missing, f"docs/liveness.md does not define {sorted(missing)}"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(Game)), st.permutations(range(52)))
def test_any_starting_hand_has_a_class_and_its_draws_are_outs(game: Game, deck: list[int]) -> None:
    """Whatever the cards, the class is one the tests name for that game, and no draw counts a card of
    the hand itself among its outs (an out is a card still to come)."""
    rules = RULES[game]
    size = rules.streets[0].down + rules.streets[0].up
    cards = tuple(DECK[i] for i in deck[:size])
    hand = start_hand(game, cards)
    assert hand.name in known_classes(game)
    assert hand.draws_left == rules.hand_size - size
    for draw in hand.draws:
        assert not draw.outs & set(cards)
        assert draw.need >= 1
    assert sum(d.primary for d in hand.draws) <= 1


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(Game)), st.permutations(range(52)))
def test_a_class_read_through_its_suits_pattern_is_the_class_of_the_cards(game: Game, deck: list[int]) -> None:
    """start_hand classifies the cards with their suits renamed by their pattern and renames the outs
    back (the cache holds the patterns): the same hand, outs and all, as classifying the cards as they
    are (the classifier itself, its cache bypassed)."""
    from studbook.analytics.start_hands import _classified

    rules = RULES[game]
    size = rules.streets[0].down + rules.streets[0].up
    *down, door = (DECK[i] for i in deck[:size])
    assert start_hand(game, (*down, door)) == _classified.__wrapped__(game, (*sorted(down), door))


def test_draws_say_what_the_hand_needs() -> None:
    split = start_hand(Game.STUD, parse_cards("Th Js Tc"))
    assert (split.draws[0].kind, split.draws[0].outs, split.draws[0].need) == (PAIR, set(parse_cards("Td Ts")), 1)
    assert split.draws[1].kind == PAIRING and split.draws[1].outs == set(parse_cards("Jc Jd Jh"))
    flush = start_hand(Game.STUD, parse_cards("4h 9h Kh"))
    assert flush.primary is not None and flush.primary.kind == FLUSH and len(flush.primary.outs) == 10
    run = start_hand(Game.STUD, parse_cards("6c 7d 8h"))
    assert run.primary is not None and run.primary.kind == STRAIGHT
    assert {c.rank for c in run.primary.outs} == {2, 3, 7, 8}  # 4, 5, 9, T
    razz = start_hand(Game.RAZZ, parse_cards("Ac 4d 7h"))
    assert razz.primary is not None and razz.primary.kind == LOW and razz.primary.need == 2
    assert {c.rank for c in razz.primary.outs} == {0, 1, 3, 4, 6}  # 2, 3, 5, 6, 8
    deuce7 = start_hand(Game.RAZZ27, parse_cards("2c 3d 7h"))
    assert deuce7.primary is not None and {c.rank for c in deuce7.primary.outs} == {2, 3, 4, 6}  # 4 5 6 8
    rolled = start_hand(Game.STUD, parse_cards("7c 7d 7h"))
    assert rolled.primary is None and rolled.draws[0].kind == TRIPS


def test_a_wrong_number_of_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="3 different cards"):
        start_hand(Game.STUD, parse_cards("Ac Kd"))
    with pytest.raises(ValueError, match="2 different cards"):
        start_hand(Game.STUD5, parse_cards("Ac Ac"))


def test_a_one_group_chance_is_the_hypergeometric_tail() -> None:
    """One group (a pair's rank, a flush's suit): the chance of catching at least k of its cards."""
    trips = draw_chance((2,), 1, (frozenset({0}),), 4, 42)
    assert trips == pytest.approx(1 - comb(40, 4) / comb(42, 4))
    flush = draw_chance((10,), 2, (frozenset({0}),), 4, 42)
    assert flush == pytest.approx(sum(comb(10, k) * comb(32, 4 - k) for k in range(2, 5)) / comb(42, 4))
    assert draw_chance((0,), 1, (frozenset({0}),), 4, 42) == 0.0


def test_a_straight_needs_both_ranks_of_one_window() -> None:
    """5-6-7 with 4 live cards of each of 3, 4, 8, 9: made by a 3 and a 4, a 4 and an 8, or an 8 and a
    9. Counted here another way: for each set of ranks caught that makes a window, the deals catching
    exactly those ranks (inclusion and exclusion over its subsets, 16 cards of the four ranks)."""
    run = start_hand(Game.STUD, parse_cards("5c 6d 7h"))
    draw = run.primary
    assert draw is not None
    live = tuple(len(g) for g in draw.groups)
    assert live == (4, 4, 4, 4)

    # P(A or B or C) for windows A={3,4}, B={4,8}, C={8,9} by enumeration of the four ranks' catches
    total = 0.0
    for caught in range(16):
        ranks = {r for r in range(4) if caught >> r & 1}
        if not ({0, 1} <= ranks or {1, 2} <= ranks or {2, 3} <= ranks):
            continue
        # exactly the ranks in ``ranks`` caught: inclusion and exclusion over its subsets
        exact = sum(
            (-1) ** (len(ranks) - bin(sub).count("1")) * comb(42 - 16 + 4 * bin(sub).count("1"), 4)
            for sub in range(16)
            if sub & ~caught == 0
        )
        total += exact / comb(42, 4)
    assert draw_chance(live, 1, draw.completes, 4, 42) == pytest.approx(total)


def test_grades_follow_the_documented_ratios() -> None:
    assert [grade(r) for r in (1.0, 0.75, 0.74, 0.40, 0.39, 0.0)] == [LIVE, LIVE, HALF_DEAD, HALF_DEAD, DEAD, DEAD]
    assert GRADES == (LIVE, HALF_DEAD, DEAD)


# ------------------------------------------------------------------------------- hand-built hands

HEADER = "{game} 4/8 ante 1 bring-in 2\nseat 1 Ann 1000\nseat 2 Bob 1000\nseat 3 Cy 1000\nseat 4 Di 1000\nantes\n"


def spot_of(script: str, player: str = "Ann", game: str = "stud") -> Spot:
    hand = build(HEADER.format(game=game) + script)
    result = replay(hand, profile_for(hand))
    assert not result.violations, result.violations
    found = {s.player: s for s in spots(hand, result)}
    return found[player]


FOLD_AROUND = """
2 bring-in 2
3 fold
4 fold
1 complete to 4
2 fold
uncalled 1 2
collect 1 8
"""
"""Seat 2 brings in (its door is the lowest of the scripts below), 3 and 4 fold, Ann (seat 1) completes."""


def test_split_pair_with_one_of_its_rank_showing_is_half_dead() -> None:
    spot = spot_of("3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? Ts 4:?? ?? Kd\n" + FOLD_AROUND)
    assert spot.start.name == "split pair T-K"
    primary = spot.liveness.primary
    assert primary is not None and primary.showing == ((3, parse_cards("Ts")[0]),)
    assert primary.live_outs == 1 and spot.liveness.grade == HALF_DEAD
    assert spot.liveness.unseen == 52 - 3 - 3


def test_split_pair_with_both_of_its_rank_showing_is_dead() -> None:
    spot = spot_of("3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? Ts 4:?? ?? Td\n" + FOLD_AROUND)
    assert spot.liveness.grade == DEAD and spot.liveness.primary is not None and spot.liveness.primary.chance == 0.0


def test_a_card_folded_face_down_is_still_live() -> None:
    """Cy's and Di's down cards are the other two tens, known to the history (they showed them) but
    folded face down: nobody at the table saw them, so Ann's tens are as live as can be."""
    spot = spot_of("3rd 1:Th Js Tc 2:?? ?? 2c 3:Ts 5d 8c 4:Td 6h Kd\n" + FOLD_AROUND)
    assert spot.liveness.grade == LIVE
    assert spot.liveness.primary is not None and spot.liveness.primary.visible == 0


def test_a_folded_door_card_was_seen() -> None:
    """Cy folds before Ann acts: his door card, the ten, was face up and stays counted."""
    spot = spot_of("3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? Ts 4:?? ?? Kd\n" + FOLD_AROUND)
    assert spot.visible[3] == parse_cards("Ts")[0]
    assert spot.liveness.grade == HALF_DEAD


def test_later_up_cards_are_not_visible_on_3rd_street() -> None:
    script = """3rd 1:4h 9h Kh 2:?? ?? 2c 3:?? ?? 5c 4:?? ?? 6d
2 bring-in 2
3 fold
4 fold
1 call 2
4th 1:8c 2:Ah
2 bet 4
1 fold
uncalled 2 4
collect 2 8
"""
    spot = spot_of(script)
    assert spot.start.name == "three-flush" and spot.liveness.grade == LIVE
    assert spot.liveness.primary is not None and spot.liveness.primary.visible == 0


def test_three_flush_with_four_of_its_suit_out_is_dead_and_two_half_dead() -> None:
    hand = start_hand(Game.STUD, parse_cards("4h 9h Kh"))
    own = parse_cards("4h 9h Kh")
    two = liveness(hand, own, {2: parse_cards("2h"), 3: parse_cards("Ah"), 4: parse_cards("5c")})
    four = liveness(hand, own, {2: parse_cards("2h"), 3: parse_cards("Ah"), 4: parse_cards("5h"), 5: parse_cards("6h")})
    assert two.grade == HALF_DEAD and two.primary is not None and two.primary.visible == 2
    assert four.grade == DEAD and four.primary is not None and four.primary.live_outs == 6


def test_razz_low_against_low_doors() -> None:
    """A razz 7-low (A-4-7) wants a 2, 3, 5, 6 or 8: with the deuce and an ace showing, the ace (it
    would pair him) is no out, and one out of twenty gone leaves the low live."""
    spot = spot_of("3rd 1:Ac 4d 7h 2:?? ?? Kc 3:?? ?? 2d 4:?? ?? Ad\n" + FOLD_AROUND, game="razz")
    assert spot.start.name == "7-low"
    primary = spot.liveness.primary
    assert primary is not None and [c for _, c in primary.showing] == list(parse_cards("2d"))
    assert spot.liveness.grade == LIVE
    # the doors behind Ann (the bring-in closes the round): the king does not undercut her 7, nothing else acts after
    assert spot.beaten_behind == () and spot.position == 3


def test_doors_behind_that_beat_his_door() -> None:
    """Bob (2c) brings in; Ann (seat 1) acts last before him: behind her is only the bring-in. Cy (seat
    3) acts first: Di's king and Ann's ten are behind him and beat his nine; the bring-in's deuce does not."""
    script = "3rd 1:Th Js Tc 2:?? ?? 2c 3:9h 9d 9s 4:?? ?? Kd\n" + FOLD_AROUND
    cy = spot_of(script, "Cy")
    assert cy.position == 1 and [s for s, _ in cy.beaten_behind] == [4, 1]
    ann = spot_of(script)
    assert ann.position == 3 and ann.beaten_behind == ()


def test_in_razz_a_lower_door_undercuts() -> None:
    script = """3rd 1:?? ?? 5c 2:?? ?? Kc 3:Ac 2d 6h 4:?? ?? 3d
2 bring-in 2
3 complete to 4
4 fold
1 fold
2 fold
uncalled 3 2
collect 3 8
"""
    cy = spot_of(script, "Cy", game="razz")
    assert [c for _, c in cy.beaten_behind] == list(parse_cards("3d 5c"))  # the king of the bring-in does not


def test_the_action_faced_and_taken() -> None:
    script = """3rd 1:Th Js Tc 2:5c 5d 2c 3:9h 9d 9s 4:Ac Kc Qc
2 bring-in 2
3 call 2
4 complete to 4
1 raise 4 to 8
2 fold
3 fold
4 call 4
4th 1:8c 4:Ad
4 bet 4
1 fold
uncalled 4 4
collect 4 28
"""
    hand = build(HEADER.format(game="stud") + script)
    found = {s.player: s for s in spots(hand, replay(hand, profile_for(hand)))}
    assert {p: (s.decision.faced, s.decision.taken) for p, s in found.items() if s.decision} == {
        "Cy": (BRING_IN_ONLY, "call"),
        "Di": (BRING_IN_ONLY, "complete"),
        "Ann": (COMPLETED, "raise"),
        "Bob": (RERAISED, "fold"),
    }
    assert found["Ann"].decision is not None and found["Ann"].decision.callers == 1
    assert found["Di"].net_bb == pytest.approx((28 - 1 - 8 - 4) / 8)
    assert found["Ann"].net_bb == pytest.approx(-(1 + 8) / 8)
    assert found["Bob"].position == 0 and found["Bob"].players == 4


def test_a_bring_in_player_who_completes_faced_nothing() -> None:
    """PokerStars prints a bring-in player completing as a bet: there was no bring-in in front of him."""
    spot = spot_of(
        """3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? 5s 4:?? ?? Kd
2 bet 4
3 fold
4 fold
1 fold
uncalled 2 4
collect 2 4
""",
        "Ann",
    )
    assert spot.decision is not None and spot.decision.faced == COMPLETED
    bob = spot_of(
        "3rd 1:Th Js Tc 2:3h 4h 2c 3:?? ?? 5s 4:?? ?? Kd\n2 bet 4\n3 fold\n4 fold\n1 fold\nuncalled 2 4\ncollect 2 4\n",
        "Bob",
    )
    assert bob.decision is not None and (bob.decision.faced, bob.decision.taken) == (UNOPENED, "complete")


def test_allin_ev_is_read_in_big_bets() -> None:
    script = """3rd 1:Ah Ad Ac 2:Kh Kd 2c
2 bring-in 2
1 complete to 4
2 raise 4 to 8 allin
1 call 4
4th 1:3d 2:4d
5th 1:5d 2:6d
6th 1:7d 2:8h
7th 1:9d 2:Ks
show 1 Ah Ad Ac 3d 5d 7d 9d
show 2 Kh Kd 2c 4d 6d 8h Ks
collect 1 18
"""
    hand = build("stud 4/8 ante 1 bring-in 2\nseat 1 Ann 100\nseat 2 Bob 9\nantes\n" + script)
    result = replay(hand, profile_for(hand))
    evs = allin_ev(hand, result)
    found = {s.player: s for s in spots(hand, result)}
    assert set(evs) == {1, 2}
    assert found["Ann"].allin_ev_bb == pytest.approx(evs[1].ev / 8)
    assert found["Bob"].allin_ev_bb == pytest.approx(evs[2].ev / 8)


def test_players_without_known_cards_have_no_spot() -> None:
    hand = build(HEADER.format(game="stud") + "3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? 5s 4:?? ?? Kd\n" + FOLD_AROUND)
    assert [s.player for s in spots(hand, replay(hand, profile_for(hand)))] == ["Ann"]


def test_spot_row_has_the_stored_columns() -> None:
    row = spot_row(spot_of("3rd 1:Th Js Tc 2:?? ?? 2c 3:?? ?? Ts 4:?? ?? Kd\n" + FOLD_AROUND))
    assert list(row) == ["player", "game", "start_class", *(name for name, _ in SPOT_COLUMNS), "net_bb", "allin_ev_bb"]
    assert row["start_class"] == "split pair T-K" and row["liveness"] == HALF_DEAD and row["outs_showing"] == 1
    assert row["taken"] == "complete" and row["faced"] == BRING_IN_ONLY
    assert row["net_bb"] == pytest.approx((8 - 1 - 2) / 8)


def test_five_card_stud_spots_are_on_2nd_street() -> None:
    hand = build(
        """stud5 4/8 ante 1 bring-in 2
seat 1 Ann 1000
seat 2 Bob 1000
antes
2nd 1:Kc Kd 2:?? 2c
2 bring-in 2
1 complete to 4
2 fold
uncalled 1 2
collect 1 6
"""
    )
    (spot,) = spots(hand, replay(hand, profile_for(hand)))
    assert spot.start.name == "wired pair T-A" and spot.start.draws_left == 3
    assert spot.decision is not None and spot.decision.faced == BRING_IN_ONLY


def test_a_card_dealt_twice_gives_no_spot() -> None:
    """Hostile input: a history dealing one card twice is the validator's to report; the spot leaves it."""
    hand = build(HEADER.format(game="stud") + "3rd 1:Th Th Tc 2:?? ?? 2c 3:?? ?? 5s 4:?? ?? Kd\n" + FOLD_AROUND)
    assert spots(hand, replay(hand, profile_for(hand))) == []


@pytest.mark.slow  # ~6,600 hands parsed and replayed
def test_every_sample_hand_has_its_spots() -> None:
    """Over the sample hand histories: no hand fails, every seat whose first-street cards the history
    gives has a spot, and every field is one the docs define."""
    checked = 0
    for path in sorted(SAMPLE_DATA.glob("*.txt")):
        for hand in parse_file(path):
            if not isinstance(hand, Hand):
                continue
            result = replay(hand, profile_for(hand))
            found = spots(hand, result)
            first = RULES[hand.game].first_street
            known = {e.seat for e in hand.events if isinstance(e, Deal) and e.street == first and None not in e.down}
            assert known <= {s.seat for s in found}, (hand.site_hand_id, known)
            for spot in found:
                checked += 1
                assert spot.liveness.grade in GRADES
                assert spot.decision is None or (spot.decision.faced in FACED and spot.decision.taken in TAKEN)
                assert 0 <= spot.position < spot.players
                assert spot.seat not in spot.visible
    assert checked > 1000
