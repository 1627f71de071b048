"""The conformance kit (tests/conformance.py) on every corpus file of every supported site."""

from __future__ import annotations

from collections import Counter

import pytest

from conformance import KNOWN_SITE_ERRORS, SITE_ROWS, ManifestRow, check_file, manifest_rows
from conftest import CORPUS, corpus_path
from studbook.parsers.detect import detect
from studbook.parsers.reading import read_lines

ROWS = manifest_rows(CORPUS)


def _id(row: ManifestRow) -> str:
    return row.path


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_file_conforms(row: ManifestRow) -> None:
    corpus_path("fpdb", row.path)
    report = check_file(CORPUS, row)
    assert report.problems == []


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_site_is_detected_from_the_text(row: ManifestRow) -> None:
    path = corpus_path("fpdb", row.path)
    lines = read_lines(path)
    found = detect(enumerate((line for _, line in zip(range(20), lines)), 1))
    assert found is not None and found.site.site == row.site and not found.summary


def test_every_supported_site_has_files_and_every_known_error_is_a_real_hand() -> None:
    corpus_path("fpdb", "MANIFEST.tsv")
    assert Counter(r.site for r in ROWS).keys() == set(SITE_ROWS.values())
    seen = {(h.site, h.site_hand_id) for r in ROWS for h in check_file(CORPUS, r).hands}
    assert set(KNOWN_SITE_ERRORS) <= seen
