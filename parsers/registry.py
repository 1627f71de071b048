"""The sites studbook knows, by id, as found in the folders of :mod:`parsers.sites`.

Nothing here names a site: a site is a folder with its ``SITE`` object (:class:`~.site.Site`), and
these are the views of them the rest of studbook asks for. ``SITES_BY_ID`` is a live view of the
folders found (:func:`~.sites.rediscover` makes it look again), so a folder added while the process runs
— a test's toy site — is a site to detection, reading and writing alike.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from .site import FileReader, HandParser, HandWriter, ParseResult, Site
from .sites import site_ids, sites

__all__ = [
    "SITES_BY_ID",
    "FileReader",
    "HandParser",
    "HandWriter",
    "ParseResult",
    "Site",
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
