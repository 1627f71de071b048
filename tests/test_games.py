"""Issue #11: the stud family's games as data (engine/games.py), and the two new ones, Five Card Stud and
2-7 Razz.

* the 2-7 evaluator against a slow reference written here (every five-card subset ranked with an
  if-chain, ace only high) and against PokerKit's ``StandardLowHand`` (test-only oracle);
* the game descriptions: the three old games keep their rules, the new ones deal, bet and open as
  docs/games.md says;
* the four real hands of the corpus (Full Tilt and iPoker Five Card Stud, two KingsClub 2-7 Razz hands),
  built by hand from their text, replayed against the sites' payouts;
* round trips simulate -> PokerStars text / PHH -> parse -> replay, 2,000 hands of each game.
"""

from __future__ import annotations

import dataclasses
import io
import random
from collections import Counter
from itertools import combinations
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handbuilder import build
from stud_scripts import FTP_STUD5, IPOKER_STUD5, KINGSCLUB_RAZZ27, KINGSCLUB_RAZZ27_SIDE_POT
from studbook.engine.cards import DECK, Card, parse_cards
from studbook.engine.evaluate import describe_low27, low27_board_value, low27_value
from studbook.engine.games import RULES, Aces, Extreme, _ace_high, _ace_low, card_order, deal_shape
from studbook.engine.model import Collect, Game, Hand, Muck, Show
from studbook.engine.pots import pot_index
from studbook.engine.replay import StudState, bring_in_seat, first_to_act, replay
from studbook.engine.simulate import TableSpec, TournamentSpec, simulate
from studbook.parsers.phh import read_phh, write_phh
from studbook.parsers.registry import get_profile, profile_for

ACE = 12
NEW_GAMES = (Game.STUD5, Game.RAZZ27)
ROUND_TRIP_HANDS = 2000


# ------------------------------------------------------------------------------ 2-7 low, reference


def ref_27_five(cards: Sequence[int]) -> tuple[int, ...]:
    """How *bad* at most five cards are in deuce-to-seven (lower is better): the poker category with the
    ace only high (A-2-3-4-5 is ace-high, no straight), then the ranks that break ties."""
    ranks = [c >> 2 for c in cards]
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts)
    straight = len(cards) == 5 and len(distinct) == 5 and distinct[4] - distinct[0] == 4
    flush = len(cards) == 5 and len({c & 3 for c in cards}) == 1
    if straight and flush:
        category = 8
    elif shape[0] == 4:
        category = 7
    elif shape[:2] == [3, 2]:
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    elif shape[0] == 3:
        category = 3
    elif shape[:2] == [2, 2]:
        category = 2
    else:
        category = 1 if shape[0] == 2 else 0
    return (category, *order)


def ref_27(cards: Sequence[int]) -> tuple[int, ...]:
    return min(ref_27_five(five) for five in combinations(cards, min(5, len(cards))))


def fmt(cards: Sequence[int]) -> str:
    return " ".join(Card(c).name for c in cards)


def assert_same_low_order(hands: list[list[int]], value: object = low27_value) -> None:
    """Sorted by the reference (best first), the evaluator's values fall exactly when the reference rises."""
    rows = sorted(((ref_27(h), value(h), h) for h in hands), key=lambda row: row[0])  # type: ignore[operator]
    for (key_a, value_a, a), (key_b, value_b, b) in zip(rows, rows[1:]):
        if key_a == key_b:
            assert value_a == value_b, f"{fmt(a)} and {fmt(b)} should tie"
        else:
            assert value_a > value_b, f"{fmt(a)} should beat {fmt(b)} at 2-7"


def five_card_classes() -> list[list[int]]:
    """Every five-card 2-7 class: each rank multiset suited to avoid a flush, and each five ranks suited."""
    hands = []
    for ranks in combinations(range(13), 5):
        hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
        hands.append([4 * r + 1 for r in ranks])
    for ranks in Counter_multisets():
        hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
    return hands


def Counter_multisets() -> list[tuple[int, ...]]:  # noqa: N802 - reads as what it lists
    """Five-card rank multisets with a pair or more (at most four of a rank)."""
    from itertools import combinations_with_replacement

    return [r for r in combinations_with_replacement(range(13), 5) if len(set(r)) < 5 and max(Counter(r).values()) <= 4]


def test_low27_orders_every_five_card_class_as_the_reference() -> None:
    assert_same_low_order(five_card_classes())


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(list(range(52))), min_size=5, max_size=8, unique=True),
    st.lists(st.sampled_from(list(range(52))), min_size=5, max_size=8, unique=True),
)
def test_low27_of_up_to_eight_cards_agrees_with_the_reference(a: list[int], b: list[int]) -> None:
    sa, sb = ref_27(a), ref_27(b)
    va, vb = low27_value(a), low27_value(b)
    assert (va > vb) == (sa < sb) and (va == vb) == (sa == sb), (fmt(a), fmt(b))


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.sampled_from(list(range(52))), min_size=n, max_size=n, unique=True),
            st.lists(st.sampled_from(list(range(52))), min_size=n, max_size=n, unique=True),
        )
    )
)
def test_low27_boards_rank_as_the_reference(boards: tuple[list[int], list[int]]) -> None:
    a, b = boards
    assert (low27_board_value(a) > low27_board_value(b)) == (ref_27(a) < ref_27(b)), (fmt(a), fmt(b))
    assert (low27_board_value(a) == low27_board_value(b)) == (ref_27(a) == ref_27(b))


def test_low27_known_hands() -> None:
    best, wheel, straight = parse_cards("7s 5h 4d 3c 2s"), parse_cards("As 5h 4d 3c 2s"), parse_cards("6s 5h 4d 3c 2s")
    assert low27_value(best) > low27_value(parse_cards("8s 5h 4d 3c 2s")) > low27_value(wheel)
    assert low27_value(wheel) > low27_value(parse_cards("2c 2d 3s 4h 5c"))  # ace-high beats a pair
    assert low27_value(parse_cards("Ks Qh Jd 9c 8s")) > low27_value(straight)  # a straight counts against
    assert low27_value(parse_cards("8h 6h 4h 3h 2h")) < low27_value(parse_cards("Kh Qh Jh 9h 7d"))  # a flush too
    # seven cards avoid the straight: 6-5-4-3-2 plus a 7 and a king make 7-5-4-3-2
    assert low27_value(parse_cards("6s 5h 4d 3c 2s 7h Kd")) == low27_value(best)
    assert describe_low27(low27_value(best)) == "7,5,4,3,2"
    assert describe_low27(low27_value(wheel)) == "A,5,4,3,2"
    assert describe_low27(low27_value(straight)) == "a straight, Deuce to Six"
    assert describe_low27(low27_value(parse_cards("9s 9h 4d 3c 2s"))) == "a pair of Nines"


def test_pokerkit_standard_low_hand_agrees_on_random_seven_card_hands() -> None:
    """PokerKit's deuce-to-seven lookup (``StandardLowHand``, best five of seven) as an oracle."""
    from pokerkit import StandardLowHand

    rng = random.Random(27)
    for _ in range(1500):
        deck = list(DECK)
        rng.shuffle(deck)
        a, b = deck[:7], deck[7:14]
        pa = StandardLowHand.from_game("".join(c.name for c in a))
        pb = StandardLowHand.from_game("".join(c.name for c in b))
        ours = (low27_value(a) > low27_value(b)) - (low27_value(a) < low27_value(b))
        theirs = (pa > pb) - (pa < pb)
        assert ours == theirs, (fmt(a), fmt(b), str(pa), str(pb))


# -------------------------------------------------------------------------------- the descriptions


def test_the_seven_card_games_keep_their_streets_and_bet_sizes() -> None:
    for game in (Game.STUD, Game.STUD8, Game.RAZZ, Game.RAZZ27):
        rules = RULES[game]
        assert [(s.number, s.down, s.up, s.big_bet) for s in rules.streets] == [
            (3, 2, 1, False),
            (4, 0, 1, False),
            (5, 0, 1, True),
            (6, 0, 1, True),
            (7, 1, 0, True),
        ]
        assert rules.hand_size == 7 and rules.max_players == 8
    assert RULES[Game.STUD8].split is not None and all(RULES[g].split is None for g in Game if g is not Game.STUD8)


def test_five_card_stud_deals_one_down_and_four_up_over_four_rounds() -> None:
    rules = RULES[Game.STUD5]
    assert [(s.name, s.down, s.up, s.big_bet) for s in rules.streets] == [
        ("2nd", 1, 1, False),
        ("3rd", 0, 1, False),
        ("4th", 0, 1, True),
        ("5th", 0, 1, True),
    ]
    assert (rules.hand_size, rules.max_players, rules.double_bet_street) == (5, 10, 3)
    assert rules.bring_in is Extreme.LOWEST and rules.bring_in_aces is Aces.HIGH
    assert deal_shape(Game.STUD5, 2) == (1, 1)


def test_card_order_looks_up_what_the_key_functions_say() -> None:
    """card_order's tables (a lookup per card instead of a call) hold each key function's answer."""
    for aces, key in ((Aces.HIGH, _ace_high), (Aces.LOW, _ace_low)):
        assert [card_order(aces)(card) for card in Card] == [key(card) for card in Card]
    assert card_order(Aces.LOW)(Card.parse("As")) == (-1, 3) and card_order(Aces.HIGH)(Card.parse("As")) == (ACE, 3)


def test_who_brings_in_and_who_opens_later() -> None:
    c = Card.parse
    # 2-7 razz: the highest door card, the ace high (the KingsClub hand: Ah brings in over Qc)
    assert bring_in_seat(Game.RAZZ27, {1: c("Qc"), 2: c("Ah"), 3: c("2s")}) == 2
    assert bring_in_seat(Game.RAZZ, {1: c("Qc"), 2: c("Ah"), 3: c("2s")}) == 1  # A-5 razz: ace low
    assert bring_in_seat(Game.RAZZ27, {1: c("Kc"), 2: c("Ks")}) == 2  # spades highest
    assert bring_in_seat(Game.STUD5, {1: c("2d"), 2: c("2c"), 3: c("Ac")}) == 2
    profile = get_profile("rrop")
    # later streets: the lowest 2-7 board; an ace is high and a pair is bad
    boards = {1: parse_cards("4d Jc"), 6: parse_cards("2s 8c")}
    assert first_to_act(Game.RAZZ27, boards, profile.board_tie(Game.RAZZ27)) == 6
    assert (
        first_to_act(Game.RAZZ27, {1: parse_cards("As 2d"), 2: parse_cards("Kc Qd")}, profile.board_tie(Game.RAZZ)) == 2
    )
    assert (
        first_to_act(Game.RAZZ, {1: parse_cards("As 2d"), 2: parse_cards("Kc Qd")}, profile.board_tie(Game.RAZZ)) == 1
    )


def _stud5_state(profile: str = "rrop") -> StudState:
    state = StudState(Game.STUD5, 10, 20, {1: 1000, 2: 1000, 3: 1000}, get_profile(profile), bring_in=5)
    for seat, (down, up) in {1: ("Kc", "7h"), 2: ("2c", "7d"), 3: ("Ah", "3s")}.items():
        state.deal(seat, parse_cards(down), parse_cards(up))
    return state


def test_five_card_stud_bets_small_on_2nd_and_3rd_big_after_and_double_over_an_open_pair() -> None:
    from studbook.engine.model import ActionKind
    from studbook.engine.replay import Move

    state = _stud5_state()
    assert state.to_act == 3  # 3s is the lowest door card
    assert state.act(3, Move(ActionKind.BRING_IN, 5)) == []
    assert state.options().raise_to == (10,)  # type: ignore[union-attr]
    for seat in (1, 2, 3):
        state.act(seat, Move(ActionKind.CALL, state.level - state.contrib[seat]))
    state.start_street(3)
    for seat, card in {1: "7s", 2: "9c", 3: "4d"}.items():
        state.deal(seat, up=parse_cards(card))
    assert state.to_act == 1 and state.double_bet_allowed  # 7h 7s: an open pair on 3rd street
    assert state.options().raise_to == (10, 20)  # type: ignore[union-attr]
    state.start_street(4)
    assert state.increments() == (20,)
    assert not _stud5_state("wsop-tournament").double_bet_allowed


# ------------------------------------------------------------------------------ the real hands


def site_awards(hand: Hand) -> Counter[tuple[int, int]]:
    paid: Counter[tuple[int, int]] = Counter()
    for e in hand.events:
        if isinstance(e, Collect):
            paid[pot_index(e.pot), e.seat] += e.amount
    return paid


def engine_awards(hand: Hand) -> Counter[tuple[int, int]]:
    paid: Counter[tuple[int, int]] = Counter()
    for a in replay(hand, profile_for(hand)).awards:
        paid[a.pot, a.seat] += a.amount
    return paid


@pytest.mark.parametrize(
    "script",
    [FTP_STUD5, IPOKER_STUD5, KINGSCLUB_RAZZ27_SIDE_POT],
    ids=["fulltilt-stud5", "ipoker-stud5", "kingsclub-razz27-side-pot"],
)
def test_real_hands_replay_clean_and_pay_as_the_site(script: str) -> None:
    hand = build(script)
    result = replay(hand, profile_for(hand))
    assert result.violations == ()
    assert engine_awards(hand) == site_awards(hand)
    assert sum(result.net.values()) == -(hand.rake or 0)


def test_the_kingsclub_22_44_hand_pays_as_the_site_but_its_raise_is_short() -> None:
    """The site let Player5 raise the 22 completion to 38.58, 16.58 over it, where a limit raise is the
    small bet (to 44): the one rule the hand breaks. (KingsClub's 44/88 stud hand of the corpus does the
    same: a completion to 44 raised to 77.16.) The pot still goes where the site paid it."""
    hand = build(KINGSCLUB_RAZZ27)
    result = replay(hand, profile_for(hand))
    assert [(v.rule, v.line) for v in result.violations] == [("bet.size", 19)]
    assert engine_awards(hand) == site_awards(hand)


def test_the_real_hands_files_are_the_ones_transcribed() -> None:
    """The transcriptions above follow the corpus files: check the lines they rest on are there."""
    from conftest import corpus_path

    text = corpus_path("fpdb", "FTP", "5-Stud-USD-MTT-100-201303.txt").read_text(encoding="utf-8")
    for line in (
        "Player4 raises to 1,345, and is all in",
        "Player1 wins the side pot (6,910)",
        "Player1 wins the main pot (5,335)",
        "Total pot 12,245 Main pot 5,335. Side pot 6,910. | Rake 0",
    ):
        assert line in text
    xml = corpus_path("fpdb", "iPoker", "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml").read_text()
    assert 'name="Player1" chips="$2.67" dealer="1" win="$0.42"' in xml
    kc = corpus_path("fpdb", "KingsClub", "2-7 Razz-USD-22-44-202101.txt").read_text()
    assert "Hero brings in for 16.58" in kc and "Player5 raises to 38.58" in kc and "Player0 wins pot (424.80)" in kc
    kc2 = corpus_path("fpdb", "KingsClub", "2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt").read_text()
    assert "Seat 2: Player1 (12,298.50) -450.50" in kc2 and "Player2 wins pot (5,613.25)" in kc2


# ------------------------------------------------------------------------------------ round trips


def _spec(game: Game, tournament: bool) -> TableSpec:
    players = (2, RULES[game].max_players)
    return TableSpec(
        games=(game,),
        players=players,
        tournament=TournamentSpec() if tournament else None,
        profile=get_profile("pokerstars"),
    )


def in_phh_terms(hand: Hand) -> tuple[list[object], Counter[object]]:
    """The events as PHH keeps them: in order, except that the showdown's reveals and collections come
    back as a set. (When an all-in hand is run out, PHH shows every hand before the last cards and the
    reader moves them after; which show came before which pot's collection is lost, in every game.)"""
    events = [dataclasses.replace(e, line=0) for e in hand.events]
    showdown = (Show, Muck, Collect)
    return [e for e in events if not isinstance(e, showdown)], Counter(e for e in events if isinstance(e, showdown))


@pytest.mark.slow
@pytest.mark.parametrize("game", NEW_GAMES)
def test_round_trip_through_phh(game: Game) -> None:
    seen: Counter[str] = Counter()
    for hand in simulate(_spec(game, False), ROUND_TRIP_HANDS, 113):
        back = read_phh(write_phh(hand), "roundtrip.phh")
        assert in_phh_terms(back) == in_phh_terms(hand), hand.site_hand_id
        result = replay(back, profile_for(back))
        assert result.violations == (), (hand.site_hand_id, result.violations[:1])
        assert engine_awards(back) == site_awards(hand)
        seen["showdown"] += bool(result.showdown)
        seen["side pots"] += len(result.pots) > 1
    assert seen["showdown"] >= 100 and seen["side pots"] >= 1, seen


# ------------------------------------------------------------------------------ statistics


def test_a_mixed_file_of_every_game_is_imported_and_counted_per_game(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One PokerStars-style file holding hands of all five games imports whole; ``studbook stats --game
    stud5`` / ``--game razz27`` count those games' hands; in Five Card Stud "saw 3rd street" is the
    game's second street (every hand dealt there) and the 7th-street columns stay empty."""
    import contextlib
    from pathlib import Path

    from studbook.analytics.store import open_store
    from studbook.cli.app import main
    from studbook.parsers.sites.pokerstars.writer import write_pokerstars_file
    from studbook.pipeline.importer import run_import

    folder = Path(str(tmp_path))
    per_game = 60
    hands = [
        h
        for k, g in enumerate(Game)
        for h in simulate(dataclasses.replace(_spec(g, False), first_hand_id=10**11 * (k + 1)), per_game, 115)
    ]
    with open(folder / "mixed.txt", "w", encoding="utf-8") as out:
        write_pokerstars_file(hands, out)
    with open_store(folder / "db.duckdb") as store, contextlib.redirect_stdout(io.StringIO()):
        assert run_import([folder / "mixed.txt"], store, workers=1).hands == len(hands)
    with open_store(folder / "db.duckdb", read_only=True) as store:
        rows = dict(store.con.execute("SELECT game, count(*) FROM hands GROUP BY game").fetchall())
        assert rows == {str(g): per_game for g in Game}
        saw = store.con.execute(
            "SELECT sum(saw_3rd::INT), sum(saw_second::INT), sum(saw_7th::INT), sum(bets_3 + raises_3) "
            "FROM hand_players WHERE game = 'stud5'"
        ).fetchone()
        assert saw[0] == saw[1] > 0 and saw[2] == 0 and saw[3] > 0
        seven = store.con.execute(
            "SELECT sum(saw_3rd::INT), sum(bets_3 + calls_3) FROM hand_players WHERE game <> 'stud5'"
        ).fetchone()
        assert seven == (0, 0)
        dealt = dict(store.con.execute("SELECT game, count(*) FROM hands GROUP BY game").fetchall())
    monkeypatch.setenv("COLUMNS", "160")
    for game in ("stud5", "razz27"):
        text = io.StringIO()
        with contextlib.redirect_stdout(text):
            assert main(["stats", "--db", str(folder / "db.duckdb"), "--game", game, "--by", "game"]) == 0
        line = next(row for row in text.getvalue().splitlines() if row.startswith(game))
        assert line.split()[1] == f"{dealt[game]:,}", line  # the hands of that game, each once, and only those
