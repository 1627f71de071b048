"""The mutation suite (tests/mutations.py) on the XML sites' hands: every fault kind planted in the real
iPoker and Merge hands and in simulated hands written as iPoker XML and read back, and every mutant
caught by the rule it breaks. The hands come from the XML readers, so a fault the readers' model of a
hand could hide (a reading that swallowed a wrong amount, say) would show here as a miss.

Run with ``-s`` to see how many mutants of each kind were generated and caught.
"""

from __future__ import annotations

import pytest

from conftest import corpus_path
from ipoker_xml import write_session
from mutations import OPERATORS, Outcome, run_mutants, table
from studbook.engine.model import CommunityCard, Game, Hand, Show
from studbook.engine.simulate import TableSpec, simulate
from studbook.engine.validate import validate
from studbook.parsers import parse_file, parse_text


def corpus_seeds() -> list[Hand]:
    """Every real iPoker and Merge hand that replays clean: the 13 iPoker hands whose printed totals are
    the site's own error (tests/conformance.py) would hide a planted wrong total behind theirs."""
    hands = []
    for folder in ("iPoker", "Merge"):
        for path in sorted(corpus_path("fpdb", folder).iterdir()):
            if path.suffix in (".txt", ".xml"):
                hands += [h for h in parse_file(path) if isinstance(h, Hand) and not validate(h)]
    return hands


def written_seeds() -> list[Hand]:
    """Simulated hands of each game written as iPoker XML and read back (showdowns kept, plus a few)."""
    seeds = []
    for game in (Game.STUD, Game.STUD8, Game.RAZZ, Game.STUD5):
        hands = [
            h
            for h in simulate(TableSpec(games=(game,), players=(2, 10 if game is Game.STUD5 else 8)), 150, 4)
            if not any(isinstance(e, CommunityCard) for e in h.events)
        ]
        back = [h for h in parse_text("".join(write_session(hands)), f"<{game}>") if isinstance(h, Hand)]
        seeds += [h for k, h in enumerate(back) if k < 10 or sum(isinstance(e, Show) for e in h.events) >= 2]
    return seeds


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    result = run_mutants({"corpus": corpus_seeds(), "simulated": written_seeds()})
    print("\n" + table(result))
    return result


def test_the_seeds_are_the_xml_sites_hands() -> None:
    real = corpus_seeds()
    assert {h.site for h in real} == {"ipoker", "merge"} and len(real) == 147 - 13
    assert {h.site for h in written_seeds()} == {"ipoker"}


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_kind_is_generated(outcome: Outcome, kind: str) -> None:
    assert sum(n for (k, _), n in outcome.generated.items() if k == kind) > 0, f"no XML hand allows {kind!r}"


@pytest.mark.parametrize("kind", list(OPERATORS))
def test_every_mutant_is_caught(outcome: Outcome, kind: str) -> None:
    missed = outcome.missed.get(kind, [])
    assert not missed, f"{len(missed)} {kind!r} mutants not caught:\n" + "\n".join(missed[:15])
