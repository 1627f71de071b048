"""Shared test fixtures: where the real corpus lives, and a clear skip when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("STUDBOOK_CORPUS", REPO.parent / "shared" / "corpus"))
SAMPLE_DATA = REPO / "sample_data"


def corpus_path(*parts: str) -> Path:
    """A path inside the real-hand corpus; skips the calling test when the corpus is not checked out.

    The corpus (real site exports) is not part of this repository because of its licences; it lives
    in ``../shared/corpus`` beside the checkout, or wherever ``STUDBOOK_CORPUS`` points.
    """
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"real hand-history corpus not found at {path} (set STUDBOOK_CORPUS to its folder)")
    return path


@pytest.fixture
def stars_corpus() -> Path:
    """The folder of real PokerStars files (``fpdb/Stars``)."""
    return corpus_path("fpdb", "Stars")
