"""PHH read/write against the real corpus, checked by an independent engine (PokerKit).

- every corpus PHH file reads to a Hand, and write -> read gives that Hand back;
- every real PokerStars hand survives PokerStars -> PHH -> Hand;
- PokerKit accepts the PHH we write, replays it action by action (strictly: no auto-repair), and its
  finishing stacks are the ones our Hand implies (stack − invested + collected, by our replay engine).
"""

from __future__ import annotations

import dataclasses
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory
from pokerkit.notation import parse_action
from pokerkit.utilities import parse_value

from studbook.engine.cards import Card
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Game,
    Hand,
    Marker,
    Muck,
    Show,
    UncalledReturn,
)
from studbook.engine.replay import replay
from studbook.parsers.errors import ParseError
from studbook.parsers.phh import read_phh, write_phh
from studbook.parsers.registry import get_profile, profile_for

from conftest import CORPUS, corpus_path
from samples import REAL_FILES, hands_of, normalised

VARIANT_GAMES = {"F7S": Game.STUD, "F7S/8": Game.STUD8, "FR": Game.RAZZ}
PHH_FILES = sorted(p.name for p in (CORPUS / "phh").glob("*.phh")) or ["(corpus absent)"]
"""The corpus PHH files; without the corpus one placeholder, whose test skips saying where it looked."""


def phh_path(name: str) -> Path:
    return corpus_path("phh", name)


def without_skipped(hand: Hand) -> Hand:
    """PHH keeps no noise lines (chat, joins) and no parse warnings: compare without them."""
    return dataclasses.replace(normalised(hand, warnings=False), skipped=())


def pokerkit_replay(text: str, per_unit: int = 100) -> list[int]:
    """Finishing stacks from PokerKit applying our actions one by one, in the model's unit: ``per_unit`` of
    them a printed unit (``Hand.per_unit``: 100 cents, 1 chip).

    ``HandHistory`` iteration would 'repair' an action it rejects by checking or folding for the
    player; applying each action ourselves makes any disagreement an error instead.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # an unexpected field would be a warning
        history = HandHistory.loads(text)
    state = history.create_state()
    for action in history.actions:
        while state.can_burn_card():
            state.burn_card("??")
        parse_action(state, action, parse_value)
    assert not state.status, "PokerKit thinks the hand is not over"
    return [int(Decimal(stack) * per_unit) for stack in state.stacks]


def implied_stacks(hand: Hand, text: str) -> list[int]:
    """Stack − invested + collected for the PHH players, from our own replay of the hand."""
    result = replay(hand, profile_for(hand))
    seats = tomllib.loads(text)["seats"]
    start = {s.seat: s.stack for s in hand.seats}
    return [start[s] - result.invested.get(s, 0) + result.collected.get(s, 0) for s in seats]


# ------------------------------------------------------------------------------- corpus PHH files


@pytest.mark.parametrize("name", PHH_FILES)
def test_every_corpus_phh_file_reads_to_a_hand(name: str) -> None:
    raw = tomllib.loads(phh_path(name).read_text(encoding="utf-8"))
    hand = read_phh(phh_path(name))
    assert hand.game == VARIANT_GAMES[raw["variant"]]
    assert [s.player for s in hand.seats] == raw["players"]
    assert [s.stack for s in hand.seats] == [v * 100 for v in raw["starting_stacks"]]
    assert hand.site_hand_id == str(raw["hand"])
    shown = [a for a in raw["actions"] if " sm " in f"{a} " and len(a.split()) == 3]
    assert len([e for e in hand.events if isinstance(e, Show)]) == len(shown)
    # The collections we derive pay out exactly the chips that changed hands.
    assert hand.rake == 0
    assert sum(e.amount for e in hand.events if isinstance(e, Collect)) == hand.total_pot


@pytest.mark.parametrize("name", PHH_FILES)
def test_corpus_phh_hands_round_trip(name: str) -> None:
    hand = read_phh(phh_path(name))
    again = read_phh(write_phh(hand), source_file=str(phh_path(name)))
    assert normalised(again) == normalised(hand)


@pytest.mark.parametrize("name", PHH_FILES)
def test_pokerkit_agrees_with_the_phh_we_write_for_corpus_hands(name: str) -> None:
    raw = tomllib.loads(phh_path(name).read_text(encoding="utf-8"))
    text = write_phh(read_phh(phh_path(name)))
    if name == "wsop-2023-43-5-85.phh":  # PokerKit >= 0.7.4 refuses this file's own raise capped at an all-in
        with pytest.raises(ValueError, match="is below the minimum allowed"):  # (corpus MANIFEST)
            pokerkit_replay(text)
        return
    # PokerKit's own arithmetic over our actions (and our uncalled-bet derivation) lands on the
    # finishing stacks the transcriber recorded.
    assert pokerkit_replay(text) == [v * 100 for v in raw["finishing_stacks"]]


# ------------------------------------------------------------------------ real PokerStars hands


@pytest.mark.parametrize("name", REAL_FILES)
def test_pokerstars_hands_survive_the_trip_through_phh(name: str) -> None:
    for hand in hands_of(name):
        again = read_phh(write_phh(hand), source_file=hand.source_file)
        assert without_skipped(again) == without_skipped(hand), hand.site_hand_id


NO_COMMUNITY_CARD = "PokerKit's stud deals no shared 7th-street card when the deck runs short"
NO_DOUBLE_BET = "PokerKit has no 4th-street double bet after an open pair (removed in WSOP tournament rules)"
GARBLED = "the site's own output is garbled (Hero shows 3 of his 7 cards)"
REFUSALS = {
    NO_COMMUNITY_CARD: "No board dealing is pending",
    NO_DOUBLE_BET: "is above the maximum allowed",
    GARBLED: "too many cards shown",
}
"""What PokerKit (or our PHH reader, for the garbled hand) says when it refuses such a hand: the tests
check that it does, so a PokerKit that learns one of these is noticed and compared instead."""


def pokerkit_cannot_replay(hand: Hand) -> str | None:
    """Why PokerKit (2023 WSOP tournament rules) cannot replay a real PokerStars hand, if it cannot: a
    4th-street bet or raise of a big bet (``amount`` is a raise's increment) is a double bet."""
    if any(isinstance(e, CommunityCard) for e in hand.events):
        return NO_COMMUNITY_CARD
    if any(
        isinstance(e, Action)
        and e.street == 4
        and e.kind in (ActionKind.BET, ActionKind.RAISE)
        and e.amount > hand.small_bet
        for e in hand.events
    ):
        return NO_DOUBLE_BET
    if hand.warnings:
        return GARBLED
    return None


# PokerStars lets a player fold when he could check; PokerKit allows it with a warning.
@pytest.mark.filterwarnings("ignore:There is no reason for this player to fold")
@pytest.mark.parametrize("name", REAL_FILES)
def test_pokerkit_replays_the_phh_of_real_pokerstars_hands(name: str) -> None:
    """Rake-free hands end on exactly our stacks; in raked hands PokerKit (which takes no rake) pays
    the collectors the rake on top, and nobody else gets or loses a chip."""
    for hand in hands_of(name):
        reason = pokerkit_cannot_replay(hand)
        if reason is not None:
            with pytest.raises(ValueError, match=REFUSALS[reason]):
                pokerkit_replay(write_phh(hand))
            continue
        text = write_phh(hand)
        ours = implied_stacks(hand, text)
        theirs = pokerkit_replay(text, hand.per_unit)
        extra = [t - o for t, o in zip(theirs, ours)]
        assert sum(extra) == (hand.rake or 0), hand.site_hand_id
        collectors = {
            i
            for i, s in enumerate(tomllib.loads(text)["seats"])
            if any(isinstance(e, Collect) and e.seat == s for e in hand.events)
        }
        assert all(x == 0 for i, x in enumerate(extra) if i not in collectors), hand.site_hand_id
        assert all(x >= 0 for x in extra), hand.site_hand_id


# --------------------------------------------------------------------------------------- details


def test_what_phh_has_no_action_for_travels_as_commentary() -> None:
    hand = hands_of("HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt")[0]
    actions = tomllib.loads(write_phh(hand))["actions"]
    assert "# studbook marker 4 double-bet" in actions
    assert "# studbook collect p4 0.61 side pot" in actions
    assert "p4 sm TcKhAsJdQd2s9c # a straight, Ten to Ace" in actions
    assert "p7 sm # mucked 5c6c2d3hAc4d8d" in actions
    assert actions.index("# studbook collect p4 0.61 side pot") < actions.index("p8 sm # mucked Ts8cQhQs7cTd4c")


def test_amounts_are_exact_decimals_of_the_printed_unit() -> None:
    hand = hands_of("7-Stud-USD-0.04-0.08-200911.txt")[0]
    raw = tomllib.loads(write_phh(hand), parse_float=Decimal)
    assert raw["small_bet"] == Decimal("0.04") and raw["antes"] == [Decimal("0.01")] * 5
    assert raw["currency"] == "USD" and raw["time_zone"] == "America/New_York"
    # 0.07 is 7 hundredths exactly; a binary float would make it 7.000000000000001 or 6.99...
    text = write_phh(hand).replace("starting_stacks = [1.60,", "starting_stacks = [0.07,")
    assert read_phh(text).seats[0].stack == 7


def test_a_foreign_phh_file_gets_its_uncalled_bet_and_collection_derived() -> None:
    text = "\n".join(
        [
            "variant = 'FR'",
            "antes = [1, 1, 1]",
            "bring_in = 2",
            "small_bet = 4",
            "big_bet = 8",
            "starting_stacks = [100, 100, 100]",
            "actions = ['d dh p1 ????Kc', 'd dh p2 ????5d', 'd dh p3 ????Ah', 'p1 pb', 'p2 cbr 4', 'p3 cbr 8',",
            "           'p1 f', 'p2 f']",
            "finishing_stacks = [97, 95, 108]",
        ]
    )
    hand = read_phh(text)
    assert [e for e in hand.events if isinstance(e, (UncalledReturn, Collect))] == [
        UncalledReturn(8, 3, 400),
        Collect(8, 3, 1300, "pot"),
    ]
    raises = [e for e in hand.events if isinstance(e, Action) and e.kind == ActionKind.RAISE]
    assert [(e.amount, e.to) for e in raises] == [(200, 400), (400, 800)]  # PokerStars' "raises X to Y"
    assert hand.total_pot == 1300 and hand.rake == 0 and hand.bring_in == 200
    assert hand.events[0].line == 2 and hand.events[3].line == 7 and hand.events[-3].line == 8  # own lines


def test_the_community_card_starts_7th_streets_betting_afresh() -> None:
    """After ``d db`` nobody has bet on 7th street: ``cc`` is a check, not a call of 6th street's bet."""
    text = "\n".join(
        [
            "variant = 'F7S'",
            "antes = [1, 1]",
            "bring_in = 2",
            "small_bet = 4",
            "big_bet = 8",
            "starting_stacks = [100, 100]",
            "actions = ['d dh p1 ????2c', 'd dh p2 ????Ah', 'p1 pb', 'p2 cbr 4', 'p1 cc',",
            "           'd dh p1 3c', 'd dh p2 Kh', 'p2 cc', 'p1 cc', 'd dh p1 4c', 'd dh p2 Qh', 'p2 cc', 'p1 cc',",
            "           'd dh p1 5d', 'd dh p2 Jh', 'p2 cbr 8', 'p1 cc', 'd db 6h', 'p2 cc', 'p1 cbr 8', 'p2 cc']",
            "finishing_stacks = [75, 123]",
        ]
    )
    seventh = [
        (e.seat, e.kind, e.amount, e.to) for e in read_phh(text).events if isinstance(e, Action) and e.street == 7
    ]
    assert seventh == [(2, ActionKind.CHECK, 0, None), (1, ActionKind.BET, 800, None), (2, ActionKind.CALL, 800, None)]


def test_a_bring_in_nobody_calls_leaves_the_antes_to_its_player() -> None:
    """Whether the bring-in itself comes back as uncalled is the engine's call; what the file says
    (p1 ends one chip up) must come out as p1 collecting both antes, with no chip unaccounted for."""
    text = "\n".join(
        [
            "variant = 'F7S'",
            "antes = [1, 1]",
            "bring_in = 2",
            "small_bet = 4",
            "big_bet = 8",
            "starting_stacks = [100, 100]",
            "actions = ['d dh p1 ????2c', 'd dh p2 ????Ah', 'p1 pb', 'p2 f']",
            "finishing_stacks = [101, 99]",
        ]
    )
    hand = read_phh(text)
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect(7, 1, 200, "pot")]
    assert hand.total_pot == 200 and hand.rake == 0


def test_shows_before_the_last_cards_move_to_the_showdown() -> None:
    """PHH shows all-in hands when the betting ends; hand histories print the showdown at the end."""
    hand = hands_of("Triple-Stud-USD-2.00-0.20-MTT-201301.txt")[0]
    actions = tomllib.loads(write_phh(hand))["actions"]
    assert actions.index("p1 sm Ah3cAc # three of a kind, Aces") < actions.index("d dh p1 8h")
    events = read_phh(write_phh(hand)).events
    assert isinstance(events[-2], Show) and isinstance(events[-3], Show)


def test_unreadable_phh_is_reported_with_file_line_and_what_was_expected() -> None:
    base = [
        "variant = 'F7S'",
        "antes = [1, 1]",
        "bring_in = 2",
        "small_bet = 4",
        "big_bet = 8",
        "starting_stacks = [100, 100]",
    ]
    with pytest.raises(ParseError) as err:
        read_phh("\n".join(base + ["actions = ['d dh p1 ????2c', 'd dh p3 ????Ah']"]), source_file="x.phh")
    assert (err.value.file, err.value.line) == ("x.phh", 7) and "'p3' is not a player (p1..p2)" in str(err.value)
    with pytest.raises(ParseError, match="variant 'NT' is not a stud-family game"):
        read_phh("variant = 'NT'\nactions = []")
    with pytest.raises(ParseError, match="finer than 1/100"):
        read_phh("\n".join(base[:4] + ["big_bet = 8.001", "starting_stacks = [100, 100]", "actions = []"]))
    with pytest.raises(ParseError, match="not valid TOML") as err:
        read_phh("variant = 'F7S'\nantes = [1,", source_file="y.phh")
    assert err.value.file == "y.phh"
    with pytest.raises(ParseError, match="required PHH field 'small_bet'"):
        read_phh("\n".join(base[:3] + base[4:] + ["actions = []"]))


@pytest.mark.parametrize(
    ("extra", "line", "message"),
    [
        (["players = 'Ann'"], 8, "players must list one entry per player"),
        (["seats = [1, 2, 3]"], 8, "seats must list one entry per player"),
        (["year = 2023", "month = 13", "day = 1", "time = 12:00:00"], 9, "no such date: month must be in 1..12"),
        (["year = 2023", "month = 2", "day = 30", "time = 12:00:00"], 10, "no such date: day is out of range"),
        (["year = 2023", "month = 2", "day = 3", "time = '12:00'"], 11, "the hand's date or time is not a date"),
    ],
)
def test_a_field_of_the_wrong_shape_is_a_parse_error_at_its_line(extra: list[str], line: int, message: str) -> None:
    """Not a TypeError or ValueError from deep inside: the importer reports these as file:line."""
    text = "\n".join(
        [
            "variant = 'F7S'",
            "antes = [1, 1]",
            "bring_in = 2",
            "small_bet = 4",
            "big_bet = 8",
            "starting_stacks = [100, 100]",
            "actions = ['d dh p1 ????2c', 'd dh p2 ????Ah']",
            *extra,
        ]
    )
    with pytest.raises(ParseError, match=message) as err:
        read_phh(text, source_file="x.phh")
    assert (err.value.file, err.value.line, err.value.text) == ("x.phh", line, text.splitlines()[line - 1])


def test_a_mucked_hand_keeps_the_cards_the_summary_revealed() -> None:
    hand = hands_of("7-Stud-USD-0.04-0.08-200911.txt")[1]
    muck = next(e for e in read_phh(write_phh(hand)).events if isinstance(e, Muck))
    assert muck.cards == tuple(Card.parse(c) for c in "3c 7s 7c Th 9s Ah Qc".split())


def test_markers_and_idle_seats_round_trip() -> None:
    hand = hands_of("7-StudHL-USD-10-1-200906.PT2.export.txt")[0]
    extra = dataclasses.replace(hand, events=hand.events + (Marker(0, 7, "no-low"),))
    assert without_skipped(read_phh(write_phh(extra))) == without_skipped(extra)


def test_a_short_all_in_bring_in_is_written_as_the_stakes_bring_in() -> None:
    """PHH's ``bring_in`` is the stakes' amount, not what a short-stacked low card could post: written
    from the all-in amount, every full call after it would read as an over-call."""
    from studbook.engine.simulate import TableSpec, TournamentSpec, simulate

    spec = TableSpec(
        games=(Game.STUD, Game.STUD8, Game.RAZZ),
        players=(6, 8),
        tournament=TournamentSpec(),
        profile=get_profile("pokerstars"),
    )
    short = next(
        h
        for h in simulate(spec, 2000, 3)
        if any(isinstance(e, Action) and e.kind is ActionKind.BRING_IN and e.all_in for e in h.events)
    )
    posted = next(e.amount for e in short.events if isinstance(e, Action) and e.kind is ActionKind.BRING_IN)
    written = tomllib.loads(write_phh(dataclasses.replace(short, bring_in=None)), parse_float=Decimal)
    assert Decimal(written["bring_in"]) * 100 > posted
    back = read_phh(write_phh(dataclasses.replace(short, bring_in=None)))
    assert replay(back, profile_for(back)).violations == ()

    def actions(hand: Hand) -> list[tuple[object, ...]]:
        return [(e.street, e.seat, e.kind, e.amount, e.to, e.all_in) for e in hand.events if isinstance(e, Action)]

    assert actions(back) == actions(short)
