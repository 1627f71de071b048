"""The sites studbook knows, by id, as found in the folders of :mod:`parsers.sites`.

Nothing here names a site: a site is a folder with its ``SITE`` object (:class:`~.site.Site`), and
these are the views of them the rest of studbook asks for. ``SITES_BY_ID`` is a live view of the
folders found (:func:`~.sites.rediscover` makes it look again), so a folder added while the process runs
— a test's toy site — is a site to detection, reading and writing alike.

The rule profiles are named here too, since the sites are found here: the engine's rule books and each
site's measured profile (its folder's ``profile.py``, named by its id). The engine is handed a profile
and never asks which site a hand is from.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterator, Mapping

from ..engine.model import Hand
from ..engine.profiles import DEFAULT_PROFILE, RULE_BOOKS, RuleProfile
from .site import FileReader, HandParser, HandWriter, ParseResult, Site
from .sites import load_site, profiled_site_ids, site_ids, sites

__all__ = [
    "SITES_BY_ID",
    "FileReader",
    "HandParser",
    "HandWriter",
    "ParseResult",
    "Site",
    "get_profile",
    "profile_for",
    "profile_names",
    "profiles",
    "readable_sites",
    "sites",
    "writable_sites",
]


class _SitesById(Mapping[str, Site]):
    """Every site by its id, read-only: a site's folder is the one place to change it."""

    def __getitem__(self, site_id: str) -> Site:
        for site in sites():
            if site.site == site_id:
                return site
        raise KeyError(site_id)

    def __iter__(self) -> Iterator[str]:
        return iter(site_ids())

    def __len__(self) -> int:
        return len(site_ids())


SITES_BY_ID: Mapping[str, Site] = _SitesById()


def readable_sites() -> tuple[Site, ...]:
    """The sites whose hand histories studbook reads, in id order."""
    return tuple(s for s in sites() if s.readable)


def writable_sites() -> tuple[Site, ...]:
    """The sites studbook writes hands for (``convert --to``, ``simulate --format``)."""
    return tuple(s for s in sites() if s.writer is not None)


def profile_names() -> tuple[str, ...]:
    """The name of every rule profile, sorted: the rule books' and the sites' that measured their own
    (found without importing the sites: the command line's ``--profile`` choices)."""
    return tuple(sorted([*RULE_BOOKS, *profiled_site_ids()]))


def profiles() -> Mapping[str, RuleProfile]:
    """Every rule profile by name: the rule books, then each site's measured one in id order."""
    return MappingProxyType({**RULE_BOOKS, **{site: SITES_BY_ID[site].profile for site in profiled_site_ids()}})


def get_profile(name: str) -> RuleProfile:
    """The profile called ``name`` (a rule book or a site's id); a ValueError listing the known names
    otherwise."""
    if name in RULE_BOOKS:
        return RULE_BOOKS[name]
    if name in profiled_site_ids():
        return load_site(name).profile
    raise ValueError(f"unknown rule profile {name!r}: choose one of {', '.join(profile_names())}")


def profile_for(hand: Hand) -> RuleProfile:
    """The profile a hand is judged by when the caller names none: its site's, else the default
    (Robert's Rules of Poker). Asked once a hand by the import: the site's folder is looked up by its
    id, not searched for."""
    return load_site(hand.site).profile if hand.site in site_ids() else DEFAULT_PROFILE
