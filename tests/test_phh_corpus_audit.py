"""The real PHH hands (2023 WSOP $50K Players Championship final table) audited under WSOP rules.

Issue #4 asks that the corpus PHH files import and replay with zero violations under the
``wsop-tournament`` profile, or that each difference is explained. One is, below.
"""

from __future__ import annotations

import pytest

from studbook.engine.model import Hand
from studbook.parsers.registry import get_profile
from studbook.engine.replay import replay
from studbook.parsers import parse_file

from conftest import corpus_path

EXPLAINED: dict[str, set[str]] = {
    # 6th street, heads-up razz: p1 bets 600,000 with only 150,000 behind; p2 "raises to 750,000", the
    # most p1 can call, where fixed limit makes the raise 1,200,000 (the excess would come back as an
    # uncalled bet). The transcriber capped the raise at the effective stack. It breaks the limit as
    # written, so the engine reports `bet.size`; PokerKit >= 0.7.4 rejects the same action
    # (corpus/phh/MANIFEST.md). The pot and the payout are unaffected.
    "85": {"bet.size"},
}


def _hands() -> list[Hand]:
    folder = corpus_path("phh")
    hands = [item for path in sorted(folder.glob("*.phh")) for item in parse_file(path)]
    assert all(isinstance(h, Hand) for h in hands), [h for h in hands if not isinstance(h, Hand)]
    return hands


def test_every_phh_file_imports_as_one_hand_of_the_stud_family() -> None:
    hands = _hands()
    assert len(hands) == 13
    assert {h.game.value for h in hands} == {"stud", "stud8", "razz"}


@pytest.mark.parametrize("profile", ["wsop-tournament"])
def test_phh_hands_replay_clean_under_wsop_rules_except_the_explained_ones(profile: str) -> None:
    found = {h.site_hand_id: {v.rule for v in replay(h, get_profile(profile)).violations} for h in _hands()}
    unexplained = {hand: rules for hand, rules in found.items() if rules and rules != EXPLAINED.get(hand)}
    assert unexplained == {}
    assert {hand for hand, rules in found.items() if rules} == set(EXPLAINED)


def test_phh_payouts_match_the_recorded_finishing_stacks() -> None:
    """What the engine pays (its awards) lands every player on the stack the transcript recorded."""
    for hand in _hands():
        result = replay(hand, get_profile("wsop-tournament"))
        won: dict[int, int] = {}
        for award in result.awards:
            won[award.seat] = won.get(award.seat, 0) + award.amount
        collected = {seat: amount for seat, amount in result.collected.items() if amount}
        assert {s: a for s, a in won.items() if a} == collected, hand.site_hand_id
