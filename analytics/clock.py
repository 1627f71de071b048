"""The one zone the times of an output are shown in.

Hands are stored as instants (UTC, :mod:`.rows`) whatever zone their site printed: PokerStars prints
ET, ACR UTC, Winamax CET. Shown as printed, a report in UTC beside a replay in ET would put one hand at
two times. So every page and text shows every time in one zone: the zone of the computer it runs on
(what the player's own clock says), or the one he chooses (``--timezone ZONE``, ``timezone=`` in the
API), with the zone's name beside each time.
"""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import datetime, timedelta, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..engine.model import Hand


def local_zone() -> tzinfo:
    """This computer's zone: ``TZ`` when it names an IANA zone, else the zone ``/etc/localtime`` links to,
    else the fixed offset the system reports now (named as the system names it)."""
    named = os.environ.get("TZ", "").removeprefix(":")
    candidates = [named] if named else []
    try:
        link = Path("/etc/localtime").resolve()
    except OSError:
        link = None
    if link is not None and "zoneinfo" in link.parts:
        candidates.append("/".join(link.parts[link.parts.index("zoneinfo") + 1 :]))
    for name in candidates:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            continue
    return datetime.now().astimezone().tzinfo or ZoneInfo("UTC")


def display_zone(name: str | None = None) -> tzinfo:
    """The zone ``name`` (an IANA name: ValueError from :func:`~..parsers.zones.zone` otherwise), or this
    computer's when None."""
    from ..parsers.zones import zone

    return local_zone() if name is None else zone(name)


def day_sql(where: tzinfo, column: str = "h.started_at") -> str:
    """SQL for the day ``column`` (an instant) falls on in the zone ``where``: how ``--since DAY`` and
    ``--by date`` count days, in the zone the times are shown in. A zone that is UTC all year is
    written ``timezone('UTC', ...)`` whatever its name (``Etc/UTC``, ``GMT``), the expression the stat
    rollup keeps its days by, so that the rollup still answers it; a zone with no IANA name (a fixed
    offset the system reports) is that offset added to the UTC time."""
    if all(where.utcoffset(datetime(year, month, 1)) == timedelta(0) for year in (2000, 2025) for month in (1, 7)):
        return f"CAST(timezone('UTC', {column}) AS DATE)"
    key = getattr(where, "key", None)
    if isinstance(key, str):
        return "CAST(timezone('" + key.replace("'", "''") + f"', {column}) AS DATE)"
    offset = where.utcoffset(None) or timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    return f"CAST(timezone('UTC', {column}) + INTERVAL ({minutes}) MINUTE AS DATE)"


def shown(moment: object, where: tzinfo) -> str:
    """``2026-03-07 00:50 CET``: an instant (an aware datetime, or a pandas Timestamp) in ``where``;
    ``time unknown`` for anything else (a hand whose site printed no time)."""
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        return "time unknown"
    return moment.astimezone(where).strftime("%Y-%m-%d %H:%M %Z")


def hand_in_zone(hand: Hand, where: tzinfo) -> Hand:
    """``hand`` with its start time, the same instant, told in ``where``: what a replay shows."""
    if hand.started_at is None or hand.started_at.tzinfo is None:
        return hand
    return replace(hand, started_at=hand.started_at.astimezone(where))
