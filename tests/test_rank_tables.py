"""The batch evaluators' tables (:func:`rank_table`, worked out on whole arrays) hold, for every rank
multiset of every size, exactly the values the one-hand functions give it, keyed in ascending order (what
the lookups' ``searchsorted`` needs)."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from studbook.engine.evaluate_tables import POWERS_OF_5, high_from_counts, low_from_counts, rank_table


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
    for kind, expected in (("high", expected_high), ("low", expected_low)):
        keys, values = rank_table(size, kind)
        assert keys.tolist() == sorted(expected)
        assert values.tolist() == [expected[key] for key in sorted(expected)]
