"""The zone of a start time a site prints without one.

Most sites print a zone beside a hand's time (``ET``, ``UTC``, ``CET``). A few print none at all
(KingsClub, the Winning Poker Network's 2016 client): their readers return the time as printed, without
a zone (:func:`~.textsite.local_time` with ``zone=None``), and :meth:`.site.Site.read_hands` places it
in the zone the site is known to print in (:attr:`.site.Site.local_zone`, whose evidence is in the site's
NOTES.md) or, when the player knows better, the zone he names (``--site-timezone SITE=ZONE``,
``site_timezones=`` in the API). A time is never dropped for want of a zone, and never left without
one: every stored time is an instant (rows.py stores it in UTC).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import tzinfo
from types import MappingProxyType
from typing import Iterable, Iterator, Mapping, TypeVar, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from ..engine.model import Hand

SiteZones = Mapping[str, str]
"""Site id -> IANA zone name (``{"kingsclub": "Europe/Malta"}``): the zones a user gives for the sites
that print none, overriding each site's :attr:`~.site.Site.local_zone`."""

NO_ZONES: SiteZones = MappingProxyType({})

R = TypeVar("R")


def zone(name: str) -> ZoneInfo:
    """The IANA zone ``name`` (``America/New_York``, ``UTC``), or ValueError saying what to give."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        close = sorted(z for z in available_timezones() if z.casefold().endswith(name.casefold().split("/")[-1]))
        hint = f" (did you mean {', '.join(close[:3])}?)" if close else ""
        raise ValueError(
            f"unknown time zone {name!r}{hint}: give an IANA zone name such as America/New_York, Europe/Paris or UTC"
        ) from None


def site_zone(text: str, local_zones: Mapping[str, str | None]) -> tuple[str, str]:
    """``SITE=ZONE`` as the pair ``(site, zone)``, checked: the site must be one whose hands print
    times without a zone (``local_zones``: site id -> its own zone, None for a site that prints one),
    and the zone a real one. ValueError says what to give."""
    site, sep, name = text.partition("=")
    site, name = site.strip().lower(), name.strip()
    zoneless = sorted(s for s, z in local_zones.items() if z)
    if not sep or not site or not name:
        raise ValueError(f"{text!r}: give SITE=ZONE, such as kingsclub=America/New_York")
    if site not in local_zones:
        raise ValueError(
            f"{text!r}: no site {site!r}; the sites that print times without a zone: {', '.join(zoneless)}"
        )
    if not local_zones[site]:
        raise ValueError(
            f"{text!r}: {site} prints the zone of its times, so there is nothing to override; "
            f"the sites that print times without a zone: {', '.join(zoneless)}"
        )
    zone(name)
    return site, name


def placed(results: Iterable[R], where: tzinfo) -> Iterator[R]:
    """``results`` with every hand whose start time has no zone placed in ``where`` (the printed clock
    time kept); anything else (a parse error, a skipped game) passed through as it is."""
    for item in results:
        if isinstance(item, Hand) and item.started_at is not None and item.started_at.tzinfo is None:
            yield cast(R, replace(item, started_at=item.started_at.replace(tzinfo=where)))
        else:
            yield item
