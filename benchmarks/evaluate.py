"""Throughput of the hand evaluators: evaluations per second, one call per hand and in numpy batches.

Run: ``python benchmarks/evaluate.py [--hands N] [--batch N]``.
Prints the one-off table build time per hand size, then evaluations/s for each evaluator on random
seven-card hands (boards on four up cards), then the batch API on a million hands, and the process's
peak resident memory. Issue #3 asks for 300,000 seven-card evaluations/s per call on one core, or
2,000,000/s in batches.
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from typing import Callable, Sequence

import numpy as np

from studbook.engine.evaluate import (
    high_board_value,
    high_value,
    high_values,
    low8_value,
    low8_values,
    razz_board_value,
    razz_value,
    razz_values,
)
from studbook.engine.evaluate_tables import flush_table, rank_table


def peak_mib() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def per_call_rate(evaluate: Callable[[Sequence[int]], object], hands: list[tuple[int, ...]]) -> float:
    """Calls per second of ``evaluate`` over ``hands``, best of three runs (the machine is shared)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for hand in hands:
            evaluate(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def batch_rate(evaluate: Callable[[np.ndarray], np.ndarray], hands: np.ndarray) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        evaluate(hands)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def random_hands(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    """``count`` hands of ``size`` distinct cards, redrawing rows with a repeat (cheaper than shuffling
    ``count`` decks, whose 52 columns would dominate the memory figure)."""
    hands = rng.integers(0, 52, size=(count, size))
    while True:
        repeated = (np.diff(np.sort(hands, axis=1), axis=1) == 0).any(axis=1)
        if not repeated.any():
            return hands
        hands[repeated] = rng.integers(0, 52, size=(int(repeated.sum()), size))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per per-call run (default 200,000)")
    parser.add_argument("--batch", type=int, default=1_000_000, help="hands per batch run (default 1,000,000)")
    args = parser.parse_args(argv)

    print(f"start: peak memory {peak_mib():.0f} MiB")
    for size in range(1, 9):
        start = time.perf_counter()
        entries = len(rank_table(size, "high")[0])
        rank_table(size, "low")
        print(f"tables for {size}-card hands: {entries:>7,} rank patterns in {time.perf_counter() - start:6.3f} s")
    start = time.perf_counter()
    flush_table()
    print(f"flush table: {time.perf_counter() - start:.3f} s; peak memory {peak_mib():.0f} MiB")

    rng = random.Random(3)
    seven = [tuple(rng.sample(range(52), 7)) for _ in range(args.hands)]
    boards = [hand[:4] for hand in seven]
    print(f"\nper call, {args.hands:,} random hands, best of 3:")
    for name, evaluate, hands in (
        ("high_value (7 cards)", high_value, seven),
        ("razz_value (7 cards)", razz_value, seven),
        ("low8_value (7 cards)", low8_value, seven),
        ("high_board_value (4 up)", high_board_value, boards),
        ("razz_board_value (4 up)", razz_board_value, boards),
    ):
        print(f"  {name:<26} {per_call_rate(evaluate, hands):>12,.0f} evaluations/s")

    print(f"peak memory {peak_mib():.0f} MiB")

    batch = random_hands(np.random.default_rng(3), args.batch, 7)
    print(f"\nbatch, {args.batch:,} seven-card hands in one array, best of 3:")
    for name, evaluate_batch in (
        ("high_values", high_values),
        ("razz_values", razz_values),
        ("low8_values", low8_values),
    ):
        print(f"  {name:<26} {batch_rate(evaluate_batch, batch):>12,.0f} evaluations/s")
    print(f"\npeak memory {peak_mib():.0f} MiB")


if __name__ == "__main__":
    main()
