"""Which site wrote a file, told from its text (file names are renamed, exported and re-exported).

Each site prints a recognisable first line for every hand; the sites and their header patterns are the
``SITE`` objects of :mod:`parsers.sites`, including those studbook cannot read yet, so that a file from one of
them gets a clear "not supported yet" error instead of a confusing syntax error. Tournament summaries
(results and payouts, no hands) are recognised too: they are not hand histories, and the import reads
them with their site's summary reader (:mod:`.tournament_sites`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .registry import SITES_BY_ID, Site
from .sites import sites

__all__ = ["SITES_BY_ID", "Detection", "Site", "detect"]

_LOOKAHEAD = 3
"""Non-blank lines examined: some exports put a line of their own before the first header."""

_XML_PROLOG = re.compile(r"(?:<\?[^>]*\?>|<!--.*?-->|<!\w[^>]*>?|\]>|\s)+")
"""XML text that may come before a file's first element: the declaration, comments, DTD lines. A line of
only that is skipped by detection (the first element, e.g. ``<session``, may share the declaration's
line, and then the line is examined as usual)."""


@dataclass(frozen=True, slots=True)
class Detection:
    """What a file is: hands of ``site``, or a tournament summary of it (``summary=True``).
    ``line`` is the 1-based line of the text that gave it away."""

    site: Site
    line: int
    summary: bool = False


def detect(lines: Iterable[tuple[int, str]]) -> Detection | None:
    """Identify the site from the first few non-blank ``(line number, text)`` pairs, or ``None``."""
    seen, known = 0, sites()
    for number, line in lines:
        text = line.lstrip("\ufeff").strip()
        if not text:
            continue
        prolog = _XML_PROLOG.match(text)
        if prolog and not text[prolog.end() :].strip():
            continue  # an XML declaration, comment or DTD line before the root: not counted (DTDs are refused later)
        for site in known:
            if site.hand_header.match(text):
                return Detection(site, number)
        for site in known:
            if site.summary_header is not None and site.summary_header.match(text):
                return Detection(site, number, summary=True)
        seen += 1
        if seen == _LOOKAHEAD:
            break
    return None
