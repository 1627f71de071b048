"""Per-hand stat flags: the hand-written sample hands mean what their names say, hand-built hands pin each
stud convention (forced bring-in, completion = raise, steal seats), and properties hold for any input."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studbook.analytics.start_hands import start_hand
from studbook.analytics.flags import (
    FLAG_COLUMNS,
    _proportional,
    decisions,
    player_flags,
    steal_seats,
)
from studbook.engine.cards import DECK, Card
from studbook.engine.model import Action, Game, Hand, Marker
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import parse_file, parse_text
from studbook.parsers.registry import get_profile, profile_for
from conftest import CORPUS, SAMPLE_DATA, corpus_path
from handbuilder import build


def sample(name: str) -> list[Hand]:
    hands = parse_text((SAMPLE_DATA / "edge-cases" / name).read_text(), name)
    assert all(isinstance(h, Hand) for h in hands), hands
    return hands  # type: ignore[return-value]


def named_flags(hand: Hand, legal: bool = True) -> dict[str, dict]:
    """Flags by player name; ``legal`` hands must replay without a violation (they are meant to be real)."""
    result = replay(hand, profile_for(hand))
    assert not legal or not result.violations, result.violations
    return {hand.player(seat): f for seat, f in player_flags(hand, result).items()}


def test_every_column_is_filled_for_every_player() -> None:
    hand = sample("stud-steal-failed-steal-resteal.txt")[0]
    names = {name for name, _ in FLAG_COLUMNS}
    for f in player_flags(hand, replay(hand, profile_for(hand))).values():
        assert set(f) == names


def test_steal_failed_steal_and_resteal_are_counted_as_such() -> None:
    steal, failed, resteal = (named_flags(h) for h in sample("stud-steal-failed-steal-resteal.txt"))
    for hand in (steal, failed, resteal):
        assert hand["Alice"]["steal_chance"] and hand["Alice"]["steal"]
        assert hand["Bruno"]["is_bring_in"] and hand["Bruno"]["fts_chance"]
        assert not hand["Bruno"]["steal_chance"], "the bring-in is not a steal seat"
        assert not hand["Chen"]["steal_chance"], "Chen acts first after the bring-in, not just before it"
        assert hand["Dara"]["steal_chance"] and hand["Emil"]["steal_chance"]
        assert not hand["Dara"]["steal"] and not hand["Emil"]["steal"]
    assert steal["Alice"]["steal_won"] and steal["Bruno"]["fold_to_steal"]
    assert not failed["Alice"]["steal_won"] and failed["Bruno"]["call_steal"] and not failed["Bruno"]["fold_to_steal"]
    assert resteal["Bruno"]["resteal"] and resteal["Bruno"]["reraise"] and resteal["Bruno"]["rr_chance"]
    assert resteal["Alice"]["frr_chance"] and resteal["Alice"]["fold_to_reraise"]
    assert failed["Bruno"]["vpip"] and not steal["Bruno"]["vpip"], "posting the bring-in is forced, not VPIP"
    assert failed["Alice"]["saw_4th"] and failed["Bruno"]["saw_4th"] and not failed["Chen"]["saw_4th"]
    assert failed["Bruno"]["bets_4"] == 1 and failed["Alice"]["folds_4"] == 1 and failed["Alice"]["faced_4"] == 1
    assert failed["Bruno"]["donk_chance_4"] and failed["Bruno"]["donk_4"], "Bruno led into the 3rd-street raiser"
    assert failed["Alice"]["door_rank"] == "K" and failed["Alice"]["start_class"] == "buried pair 6-9"
    assert failed["Bruno"]["start_class"] is None, "Bruno's down cards are unknown"


def test_quartered_low_and_halved_high_in_stud8() -> None:
    (hand,) = sample("stud8-quartered-low.txt")
    f = named_flags(hand)
    assert f["Farah"]["won_high"] and not f["Farah"]["won_low"] and f["Farah"]["halved"]
    for name in ("Goran", "Hiro"):
        assert f[name]["won_low"] and f[name]["quartered"] and not f[name]["scoop"] and not f[name]["halved"]
    assert all(x["went_sd"] and x["low_qualified"] and x["won_any"] for x in f.values())
    assert not f["Goran"]["decided_3rd"], "the bring-in had no decision: nobody completed"


def test_rake_goes_to_the_winner() -> None:
    (hand,) = sample("razz-showdown-with-rake.txt")
    f = named_flags(hand)
    assert (f["Ines"]["rake_paid"], f["Kofi"]["rake_paid"], f["Jonas"]["rake_paid"]) == (2, 0, 0)
    assert f["Kofi"]["steal"], "with three players both others sit just before the bring-in"
    assert f["Kofi"]["cbet_chance_4"] and f["Kofi"]["cbet_4"] and f["Ines"]["fcbet_chance_4"]
    assert not f["Ines"]["fcbet_4"] and f["Ines"]["calls_4"] == 1
    assert f["Ines"]["start_class"] == "3-low" and f["Kofi"]["players_4th"] == 2


def test_bring_in_completing_himself_is_the_completion_not_an_open() -> None:
    hand = build("""
        stud 4/8 ante 1 bring-in 2
        seat 1 Ann 100
        seat 2 Bob 100
        seat 3 Cat 100
        antes
        3rd 1:Kc Kd 2c 2 3
        1 bet 4
        2 raise 4 to 8
        3 fold
        1 fold
        uncalled 2 4
        collect 2 11
    """)
    f = named_flags(hand)
    assert f["Ann"]["is_bring_in"] and f["Ann"]["bi_complete"] and f["Ann"]["raise_3rd"] and f["Ann"]["vpip"]
    assert not f["Ann"]["unopened"], "the bring-in player never 'faces an unopened pot'"
    assert f["Bob"]["rr_chance"] and f["Bob"]["reraise"] and not f["Bob"]["unopened"]
    assert f["Ann"]["frr_chance"] and f["Ann"]["fold_to_reraise"]
    assert f["Cat"]["decided_3rd"] and not f["Cat"]["vpip"]


THREE_HANDED = """
    stud 4/8 ante 1 bring-in 2
    seat 1 Ann 100
    seat 2 Bob 100
    seat 3 Cat 100
    antes
    3rd 1:Ah Ad 2c 2:9c 3d 9h 3:5h 6h 3s
"""
"""Ann (buried aces, 2c up) brings in; Bob has a split pair of nines, Cat three to a straight."""


def test_check_raise_and_continuation_bet() -> None:
    hand = build(
        THREE_HANDED
        + """
        1 bring-in 2
        2 call 2
        3 fold
        4th 1:Kd 2:6d
        1 check
        2 bet 4
        1 raise 4 to 8
        2 call 4
        5th 1:Qd 2:Jd
        1 bet 8
        2 fold
        uncalled 1 8
        collect 1 23
    """
    )
    f = named_flags(hand)
    assert f["Ann"]["xr_chance_4"] and f["Ann"]["xr_4"] and f["Ann"]["raises_4"] == 1 and f["Ann"]["checks_4"] == 1
    assert f["Bob"]["bets_4"] == 1 and f["Bob"]["calls_4"] == 1 and f["Bob"]["limp"] and f["Bob"]["unopened"]
    assert not f["Bob"]["cbet_chance_4"], "nobody completed, so 3rd street had no aggressor"
    assert f["Ann"]["cbet_chance_5"] and f["Ann"]["cbet_5"] and f["Bob"]["fcbet_chance_5"] and f["Bob"]["fcbet_5"]
    assert f["Ann"]["start_class"] == "buried pair aces" and f["Bob"]["start_class"] == "split pair 6-9"
    assert f["Ann"]["won_any"] and not f["Ann"]["went_sd"] and f["Ann"]["players_4th"] == 2


def test_a_player_all_in_for_the_ante_has_no_decision_but_sees_every_street() -> None:
    hand = build("""
        stud 4/8 ante 2 bring-in 2
        seat 1 Ann 100
        seat 2 Bob 100
        seat 3 Cat 2
        antes
        3rd 1:Ah Ad 2c 2:9c 3d 9h 3:5h 6h 3s
        1 bring-in 2
        2 fold
        uncalled 1 2
        4th 1:Kd 3:7d
        5th 1:Qd 3:8d
        6th 1:Jc 3:Tc
        7th 1:4c 3:4d
        show 1 Ah Ad 2c Kd Qd Jc 4c
        show 3 5h 6h 3s 7d 8d Tc 4d
        collect 3 6
    """)
    f = named_flags(hand)
    assert not f["Cat"]["decided_3rd"] and not f["Cat"]["vpip"]
    assert f["Cat"]["saw_7th"] and f["Cat"]["went_sd"] and f["Cat"]["won_any"] and not f["Ann"]["won_any"]
    assert not f["Ann"]["decided_3rd"], "the bring-in nobody called had no decision"


@pytest.mark.parametrize("marker", [False, True])
@pytest.mark.parametrize("raises", [2, 3])
def test_no_check_raise_chance_once_the_rules_cap_the_betting(raises: int, marker: bool) -> None:
    """The engine's cap (a bet and three raises here) decides whether Ann could still raise; whether the
    site printed "Betting is capped" (or printed it wrongly, after two raises) plays no part."""
    bets = ["2 bet 4", "3 raise 4 to 8", "2 raise 4 to 12", "3 raise 4 to 16"][: 1 + raises]
    hand = build(
        THREE_HANDED
        + "\n".join(
            [
                "1 bring-in 2",
                "2 call 2",
                "3 call 2",
                "4th 1:Kd 2:6d 3:7d",
                "1 check",
                *bets,
                "marker capped" if marker else "",
                "1 fold",
            ]
        )
    )
    f = named_flags(hand, legal=False)  # the hand stops here: only the betting matters
    capped = raises == 3
    assert f["Ann"]["xr_chance_4"] is not capped
    assert not f["Ann"]["xr_4"] and f["Ann"]["folds_4"] == 1 and f["Ann"]["faced_4"] == 1
    assert f["Bob"]["bets_4"] == 1 and f["Bob"]["raises_4"] == 1 and f["Cat"]["raises_4"] == raises - 1
    assert f["Bob"]["faced_4"] == 1 and f["Cat"]["faced_4"] == raises - 1


def _capped_hands() -> list[Hand]:
    """Hands in which the site printed "Betting is capped": simulated ones (the simulator prints it as
    PokerStars does), and the real PokerStars corpus's when it is there."""
    hands = [
        h
        for g in Game
        for h in simulate(TableSpec(games=(g,), players=(2, 8), profile=get_profile("pokerstars")), 400, seed=11)
    ]
    stars = CORPUS / "fpdb" / "Stars"
    if stars.is_dir():
        hands += [h for path in sorted(stars.rglob("*.txt")) for h in parse_file(path) if isinstance(h, Hand)]
    return [h for h in hands if any(isinstance(e, Marker) and e.kind == "capped" for e in h.events)]


def _after_the_marker(hand: Hand) -> list[Action]:
    """The actions the site printed after "Betting is capped", on the street it was printed on."""
    found, street = [], None
    for e in hand.events:
        if isinstance(e, Marker) and e.kind == "capped":
            street = e.street
        elif isinstance(e, Action) and e.street == street:
            found.append(e)
    return found


def test_the_flags_of_capped_hands_do_not_depend_on_the_site_printing_the_cap() -> None:
    """A site that never prints "Betting is capped" (Full Tilt, ACR) gets the same flags: the cap comes
    from the engine's rule, not from the marker. On hands that print it, the engine caps exactly the
    actions the site printed after it, and those could not be raises."""
    capped = _capped_hands()
    assert len(capped) >= 20, "too few capped hands to say anything"
    seen = 0
    for hand in capped:
        bare = dataclasses.replace(
            hand, events=tuple(e for e in hand.events if not (isinstance(e, Marker) and e.kind == "capped"))
        )
        result, bare_result = replay(hand, profile_for(hand)), replay(bare, profile_for(bare))
        assert player_flags(bare, bare_result) == player_flags(hand, result), hand.site_hand_id
        plays = [d for street in decisions(bare, bare_result).values() for d in street]
        marked = [d for street in decisions(hand, result).values() for d in street]
        # the same decisions, but for their positions in the events (the markers are gone)
        assert [dataclasses.replace(d, index=0) for d in plays] == [dataclasses.replace(d, index=0) for d in marked]
        after = _after_the_marker(hand)
        assert [d.action for d in plays if d.capped] == after, hand.site_hand_id
        assert not any(d.could_raise for d in plays if d.action in after)
        seen += len(after)
    assert seen, "no action followed a cap: nothing was compared"


# --------------------------------------------------------------------------------------------- properties


@given(st.integers(0, 10**9), st.dictionaries(st.integers(1, 8), st.integers(0, 10**7), min_size=1))
def test_rake_shares_are_exact_and_proportional(total: int, weights: dict[int, int]) -> None:
    shares = _proportional(total, weights)
    weight = sum(weights.values())
    if weight == 0 or total == 0:
        assert shares == {}
        return
    assert sum(shares.values()) == total
    for seat, w in weights.items():
        assert abs(shares[seat] * weight - total * w) < weight, "each share within one hundredth of exact"


@given(st.lists(st.integers(1, 8), min_size=2, max_size=8, unique=True), st.data())
def test_steal_seats_are_the_three_acting_just_before_the_bring_in(seats: list[int], data: st.DataObject) -> None:
    bring_in = data.draw(st.sampled_from(seats))
    got = steal_seats(sorted(seats), bring_in)
    order = [s for s in range(bring_in + 1, bring_in + 9) if (s - 1) % 8 + 1 in seats]
    order = [(s - 1) % 8 + 1 for s in order if (s - 1) % 8 + 1 != bring_in]
    assert got == frozenset(order[-3:])


three_cards = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)


@given(three_cards, st.sampled_from([g for g in Game if g is not Game.STUD5]))
def test_start_class_ignores_the_order_of_the_down_cards(cards: list[Card], game: Game) -> None:
    """The flags' class is the starting hand's (analytics/start_hands.py names each game's classes)."""
    down1, down2, door = cards
    assert start_hand(game, (down1, down2, door)).name == start_hand(game, (down2, down1, door)).name


def _without_events(hand: Hand) -> Hand:
    return dataclasses.replace(hand, events=())


@pytest.mark.parametrize("game", list(Game))
def test_the_flags_read_the_engine_s_record_not_the_events(game: Game) -> None:
    """The betting state lives in the engine: given the replay's result, the flags need nothing of the
    hand's events (who faced a bet, who was the aggressor, who opened, who folded, who was dealt in, the
    cards known), so a hand stripped of its events gives every player the same flags."""
    for hand in simulate(TableSpec(games=(game,), players=(2, 8), profile=get_profile("pokerstars")), 40, seed=33):
        result = replay(hand, profile_for(hand))
        assert player_flags(_without_events(hand), result) == player_flags(hand, result), hand.site_hand_id


def test_the_flags_of_corpus_hands_read_the_engine_s_record_not_the_events() -> None:
    folder = corpus_path("fpdb", "FTP")
    seen = 0
    for path in sorted(folder.glob("*.txt"))[:40]:
        for hand in parse_file(path):
            if isinstance(hand, Hand):
                result = replay(hand, profile_for(hand))
                assert player_flags(_without_events(hand), result) == player_flags(hand, result), hand.site_hand_id
                seen += 1
    assert seen > 20
