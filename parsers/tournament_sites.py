"""Which sites read tournament results, found as the hand readers are: a site's folder with a
``summary`` module reads its tournament summaries (``read_summaries``, ``read_summary_file``), one with a
``results`` module reads the results printed inside its hands (``results_from_hand``, and
``results_from_text`` for hands it does not read). Nothing lists the sites: the import asks these
functions, so a site gains tournament results by adding the module to its folder.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Callable, cast

from ..engine.model import Hand
from .errors import ParseError
from .reading import HandText, read_lines
from .sites import __name__ as _SITES
from .sites import load_site, site_ids_with
from .tournaments import TournamentResult

__all__ = [
    "detect_summary",
    "read_summary_file",
    "result_site_ids",
    "results_of",
    "results_of_text",
    "summary_site_ids",
]

SUMMARY_MODULE = "summary"
RESULTS_MODULE = "results"
HEAD_LINES = 5
"""Non-blank lines a summary's header may come after (a history request or a mail's header)."""


@cache
def summary_site_ids() -> tuple[str, ...]:
    """The sites whose tournament summaries studbook reads."""
    return site_ids_with(SUMMARY_MODULE)


@cache
def result_site_ids() -> tuple[str, ...]:
    """The sites whose hands' result lines studbook reads."""
    return site_ids_with(RESULTS_MODULE)


@cache
def _module(site_id: str, name: str) -> ModuleType:
    return import_module(f"{_SITES}.{site_id}.{name}")


def detect_summary(path: str) -> str | None:
    """The id of the site whose tournament summary the file at ``path`` is (its first non-blank lines
    hold the site's ``summary_header``), or None."""
    seen = 0
    for line in read_lines(path):
        if not line.strip():
            continue
        for site_id in summary_site_ids():
            header = load_site(site_id).summary_header
            if header is not None and header.match(line.lstrip("\ufeff")):
                return site_id
        seen += 1
        if seen >= HEAD_LINES:
            break
    return None


def read_summary_file(path: str, site_id: str | None = None) -> list[TournamentResult | ParseError] | None:
    """Every summary of the file at ``path`` read by its site (``site_id``, or the one
    :func:`detect_summary` finds): each a result or a ParseError naming its line. None when the file is
    no summary of a site studbook reads summaries of."""
    site = site_id or detect_summary(path)
    if site is None or site not in summary_site_ids():
        return None
    reader = cast(Callable[[str], list[TournamentResult | ParseError]], _module(site, SUMMARY_MODULE).read_summary_file)
    return reader(path)


def results_of(hand: Hand) -> TournamentResult | ParseError | None:
    """What the hand's result lines say of its tournament (its site's ``results_from_hand``), None
    when its site prints none or the hand has none; an amount that is no amount is returned as its
    ParseError, never raised: one hand's bad line must not stop an import."""
    if hand.site not in result_site_ids():
        return None
    read = cast(Callable[[Hand], TournamentResult | None], _module(hand.site, RESULTS_MODULE).results_from_hand)
    try:
        return read(hand)
    except ParseError as err:
        return err


def results_of_text(site_id: str, block: HandText, source_file: str) -> TournamentResult | ParseError | None:
    """The result lines of a hand its site's reader skips unread (a hold'em hand of a mixed
    tournament), when the site's ``results`` module reads them from text; else None."""
    if site_id not in result_site_ids():
        return None
    read = getattr(_module(site_id, RESULTS_MODULE), "results_from_text", None)
    if read is None:
        return None
    try:
        return cast(Callable[[HandText, str], TournamentResult | None], read)(block, source_file)
    except ParseError as err:
        return err
