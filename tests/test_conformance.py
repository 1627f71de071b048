"""The conformance kit (tests/conformance.py) on every corpus file of every supported site."""

from __future__ import annotations

from collections import Counter

import pytest

from conformance import KNOWN_SITE_ERRORS, SITE_ROWS, ManifestRow, check_file, manifest_rows
from conftest import CORPUS, corpus_path
from studbook.parsers.detect import detect
from studbook.parsers.reading import read_lines

ROWS = manifest_rows(CORPUS)
CASES: list[ManifestRow | None] = [*ROWS] or [None]
"""The files of the manifest; without the corpus one case that skips saying so (an empty parameter set
would skip as 'got empty parameter set', which names no reason a user could act on)."""


def _id(row: ManifestRow | None) -> str:
    return "(corpus absent)" if row is None else row.path


def _row(row: ManifestRow | None) -> ManifestRow:
    if row is None:
        corpus_path("fpdb", "MANIFEST.tsv")
    assert row is not None, "the manifest lists no file of a supported site"
    return row


@pytest.mark.parametrize("row", CASES, ids=_id)
def test_file_conforms(row: ManifestRow | None) -> None:
    row = _row(row)
    corpus_path("fpdb", row.path)
    report = check_file(CORPUS, row)
    assert report.problems == []


@pytest.mark.parametrize("row", CASES, ids=_id)
def test_site_is_detected_from_the_text(row: ManifestRow | None) -> None:
    path = corpus_path("fpdb", _row(row).path)
    lines = read_lines(path)
    found = detect(enumerate((line for _, line in zip(range(20), lines)), 1))
    assert found is not None and found.site.site == row.site and not found.summary


def test_every_supported_site_has_files_and_every_known_error_is_a_real_hand() -> None:
    corpus_path("fpdb", "MANIFEST.tsv")
    assert Counter(r.site for r in ROWS).keys() == set(SITE_ROWS.values())
    seen = {(h.site, h.site_hand_id) for r in ROWS for h in check_file(CORPUS, r).hands}
    assert set(KNOWN_SITE_ERRORS) <= seen
