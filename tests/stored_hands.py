"""Hand-built hands at set times, stored as the importer stores them: the win-rate tests
(test_winrate.py) and the inferred-stakes tests (test_inferred_stakes.py) read the database the import
writes without reading any site's text."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

from handbuilder import build
from studbook.analytics.rows import hand_batches, to_arrow
from studbook.analytics.schema import PARSE_ERRORS
from studbook.analytics.store import SourceFile, Store, open_store
from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.parsers.registry import profile_for

START = datetime(2026, 11, 1, 20, 0, tzinfo=timezone.utc)
"""When the first hand of a test starts."""

ANN_WINS_RAKED = build("""
    razz 4/8 ante 1 bring-in 2 rake 1
    seat 1 Ann 1000
    seat 2 Bob 1000
    antes
    3rd 1:Ah 2d 3c 2:9c Td Kh
    2 bring-in 2
    1 complete 4
    2 call 2
    4th 1:4d 2:Qc
    1 bet 4
    2 fold
    uncalled 1 4
    collect 1 9
""")
"""Ann +4 after a 1-cent rake, Bob -5 (in cents; big bet 8)."""


def timed(hand: Hand, number: int, minutes: float, **changes: object) -> Hand:
    """``hand`` as hand ``number``, started ``minutes`` after ``START``, with ``changes`` to its fields."""
    return replace(hand, site_hand_id=str(number), started_at=START + timedelta(minutes=minutes), **changes)


def store_hands(path: Path, hands: list[Hand]) -> Store:
    """A new database at ``path`` holding ``hands`` written as the importer writes them (one file, one
    chunk); every hand must replay clean, so a test's numbers are not a violation's."""
    replayed = [(hand, replay(hand, profile_for(hand))) for hand in hands]
    for hand, result in replayed:
        assert not result.violations, (hand.site_hand_id, result.violations)
    store = open_store(path)
    store.write_file(SourceFile("built", str(path), 0), [hand_batches(replayed)], to_arrow(PARSE_ERRORS.name, []))
    return store
