"""Every site studbook knows is one folder of this package, and the folder's name is the site's id.

A site's folder holds its grammar (``grammar.lark``), its reader (``reader.py``), its writer
(``writer.py``, when studbook writes the format), its words for both (``vocabulary.py``), its rule profile
(``profile.py``), its notes (``NOTES.md``: what its real hands show, and how its reader and rule profile
follow them) and, in ``__init__.py``, the one :class:`~studbook.parsers.site.Site` object ``SITE`` that
ties them together (:func:`~studbook.parsers.site.text_site` finds them by these names). Nothing else
lists the sites: the registry, the command line's choices, the conformance kit, the mutation suite and the
round trips all iterate over what is found here (docs/adding-a-site.md).

Why the ids come from the folder names without importing the folders: listing them is what
``studbook --help`` needs (the choices of ``--to``/``--format``), and importing a site compiles its
regexes and loads Lark. A site's module is imported when the site is first used (detection, reading,
writing).
"""

from __future__ import annotations

import os
import pkgutil
from functools import cache
from importlib import import_module

from ..site import PROFILE_MODULE, WRITER_MODULE, Site

__all__ = ["load_site", "profiled_site_ids", "rediscover", "site_ids", "site_ids_with", "sites", "writable_site_ids"]


@cache
def site_ids() -> tuple[str, ...]:
    """The id of every site, sorted: the folders of this package, found without importing them (once a
    process: detection asks for every file)."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and not m.name.startswith("_")))


def writable_site_ids() -> tuple[str, ...]:
    """The ids of the sites studbook writes (``convert --to``, ``simulate --format``): the folders with a
    writer module, found without importing them."""
    return site_ids_with(WRITER_MODULE)


def profiled_site_ids() -> tuple[str, ...]:
    """The ids of the sites with a rule profile of their own (``--profile``'s choices): the folders with
    a profile module, found without importing them."""
    return site_ids_with(PROFILE_MODULE)


def site_ids_with(module: str) -> tuple[str, ...]:
    """The ids of the sites whose folder holds the module ``module``, found without importing them: how
    a site gains a writer, a profile or tournament results, by adding the module to its folder."""
    return tuple(
        site
        for site in site_ids()
        if any(m.name == module for m in pkgutil.iter_modules([os.path.join(p, site) for p in __path__]))
    )


@cache
def load_site(site_id: str) -> Site:
    """The ``SITE`` of the folder ``site_id``, importing it on first use."""
    module = import_module(f"{__name__}.{site_id}")
    site = getattr(module, "SITE", None)
    if not isinstance(site, Site):
        raise TypeError(f"parsers/sites/{site_id}/__init__.py must define SITE, a studbook.parsers.site.Site")
    if site.site != site_id:
        raise ValueError(f"parsers/sites/{site_id}: its SITE's id is {site.site!r}, not the folder's name")
    return site


@cache
def sites() -> tuple[Site, ...]:
    """Every site, in id order: the order detection tries them (their hand headers are disjoint, which
    ``tests/test_site_folders.py`` checks, so the order decides nothing)."""
    return tuple(load_site(site) for site in site_ids())


def rediscover() -> None:
    """Forget the sites found so far, so that the next question looks at the folders again: for a
    folder added to (or taken from) this package's ``__path__`` while the process runs."""
    for found in (site_ids, load_site, sites):
        found.cache_clear()
