"""Every real PokerStars stud-family hand replays cleanly under the ``pokerstars`` profile, the rules pay
exactly what the site paid (per seat and pot), chips are conserved, and the three synthetic fakes fail.

This is also where the PokerStars profile is measured: a hand the cap or the double bet disagreed with
would show up here as a ``raise.cap``, ``bet.size`` or ``marker`` violation.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import corpus_path
from studbook.engine.model import Hand
from studbook.engine.pots import pot_index
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.parsers.errors import NotStudHand, ParseError
from studbook.parsers.registry import get_profile, profile_for

FAKES = ("7stud.txt", "razz.txt", "horse.txt")


def real_hands() -> list[Hand]:
    folder = corpus_path("fpdb", "Stars")
    hands: list[Hand] = []
    for path in sorted(folder.glob("*.txt")):
        if path.name in FAKES:
            continue
        for item in parse_file(path):
            assert not isinstance(item, ParseError), str(item)
            if not isinstance(item, NotStudHand):
                hands.append(item)
    return hands


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return real_hands()


def test_the_corpus_has_the_stud_hands_expected(hands: list[Hand]) -> None:
    # MANIFEST.tsv: 87 real stud-family PokerStars hands once the three fakes are set aside
    assert len(hands) == 87
    assert {h.game.value for h in hands} == {"stud", "stud8", "razz"}


def test_every_real_hand_replays_without_violations(hands: list[Hand]) -> None:
    broken = {}
    for hand in hands:
        found = [v for v in replay(hand, profile_for(hand)).violations if v.rule != "cards.garbled"]
        if found:
            broken[hand.site_hand_id] = [f"{v.rule}: {v.message}" for v in found]
    assert broken == {}


def test_only_the_garbled_card_is_reported_and_only_where_the_parser_warned(hands: list[Hand]) -> None:
    garbled = [
        (h.site_hand_id, v.line)
        for h in hands
        for v in replay(h, profile_for(h)).violations
        if v.rule == "cards.garbled"
    ]
    warned = [(h.site_hand_id, w.line) for h in hands for w in h.warnings]
    assert garbled == warned and len(warned) == 1


def test_the_rules_pay_what_the_site_paid_to_the_cent(hands: list[Hand]) -> None:
    for hand in hands:
        result = replay(hand, profile_for(hand))
        site: Counter[tuple[int, int]] = Counter()
        for event in hand.events:
            if type(event).__name__ == "Collect":
                site[(0 if len(result.pots) == 1 else pot_index(event.pot), event.seat)] += event.amount
        ours: Counter[tuple[int, int]] = Counter()
        for award in result.awards:
            ours[(award.pot, award.seat)] += award.amount
        assert ours == site, hand.site_hand_id


def test_chips_are_conserved(hands: list[Hand]) -> None:
    for hand in hands:
        result = replay(hand, profile_for(hand))
        assert sum(result.invested.values()) == sum(a.amount for a in result.awards) + result.rake
        assert sum(result.net.values()) == -result.rake


def test_split_pots_and_side_pots_are_present_in_the_sample(hands: list[Hand]) -> None:
    """The comparisons above only mean something if the corpus exercises halves and side pots."""
    results = [replay(h, profile_for(h)) for h in hands]
    assert any({a.half.value for a in r.awards} == {"high", "low"} for r in results)
    assert any(len(r.pots) > 1 for r in results)
    assert any(r.returned and any(r.returned.values()) for r in results)


def test_another_profile_finds_what_pokerstars_does_differently(hands: list[Hand]) -> None:
    """WSOP tournament rules forbid the 4th-street double bet PS allows in stud high."""
    strict = get_profile("wsop-tournament")
    rules = Counter(v.rule for h in hands for v in replay(h, strict).violations)
    assert rules["marker"] >= 1


@pytest.mark.parametrize("name", FAKES)
def test_the_synthetic_fakes_are_flagged(name: str) -> None:
    path: Path = corpus_path("fpdb", "Stars", name)
    items = list(parse_file(path))
    assert items
    for item in items:
        assert isinstance(item, ParseError) or (isinstance(item, Hand) and replay(item, profile_for(item)).violations)
