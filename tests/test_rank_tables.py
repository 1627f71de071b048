"""The batch evaluators' tables (:func:`rank_tables`, worked out on whole arrays) hold, for every rank
multiset of every size, exactly the values the one-hand functions give it."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from studbook.engine.evaluate_tables import POWERS_OF_5, high_from_counts, low_from_counts, rank_tables


@pytest.mark.parametrize("size", range(1, 9))
def test_every_multiset_has_the_values_of_the_one_hand_functions(size: int) -> None:
    expected_high: dict[int, int] = {}
    expected_low: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(13), size):
        counts = [ranks.count(rank) for rank in range(13)]
        if max(counts) > 4:
            continue  # one deck: no fifth card of a rank
        key = sum(POWERS_OF_5[rank] for rank in ranks)
        expected_high[key] = high_from_counts(counts)
        expected_low[key] = low_from_counts(counts)
    tables = rank_tables(size)
    assert tables.high == expected_high
    assert tables.low == expected_low
