"""A hand's start, printed again in another zone: the same instant, another text.

The zones and their names come from the IANA database (``zoneinfo``), not from the
readers' tables, so a reader that maps a name to the wrong offset is caught.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from tests.helpers.variants.seeds import Seed


def local_time(seed: Seed, zone: str) -> datetime | None:
    """The seed's start in ``zone``; None when it has no start or the local time is
    ambiguous there (the hour a fall-back repeats: the text could not say which).

    >>> from datetime import UTC
    >>> local_time_of(datetime(2014, 11, 8, 0, 40, 18, tzinfo=UTC), "America/New_York")
    datetime.datetime(2014, 11, 7, 19, 40, 18, tzinfo=zoneinfo.ZoneInfo(key='America/New_York'))
    """
    if seed.hand.started_at is None:
        return None
    return local_time_of(seed.hand.started_at, zone)


def local_time_of(instant: datetime, zone: str) -> datetime | None:
    local = instant.astimezone(ZoneInfo(zone))
    other = local.replace(fold=1 - local.fold)
    if other.utcoffset() != local.utcoffset():
        return None
    return local


def zone_name(local: datetime) -> str | None:
    """The abbreviation the zone uses at that time (``CEST``), None when the database
    has only an offset for it (``-03``)."""
    name = local.tzname()
    return name if name and name.isalpha() else None


def pick_zone(seed: Seed, zones: Sequence[str], rng: random.Random) -> tuple[datetime, str] | None:
    """The seed's start in one of ``zones`` with its abbreviation, or None.

    A zone may be written ``ZONE=NAME``: a fixed zone printed under a name of its own
    (Winamax's ``Etc/GMT+8=PST``, UTC-8 all year).
    """
    zone, _, forced = rng.choice(list(zones)).partition("=")
    local = local_time(seed, zone)
    if local is None:
        return None
    name = forced or zone_name(local)
    return (local, name) if name else None


def gmt_offset(local: datetime, colon: bool = False) -> str:
    """``GMT+0100`` (or ``GMT+01:00``) for a local time's offset.

    >>> gmt_offset(datetime(2010, 8, 18, 19, 29, tzinfo=ZoneInfo("Europe/London")))
    'GMT+0100'
    """
    offset = local.utcoffset()
    assert offset is not None
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    hours, mins = divmod(abs(minutes), 60)
    return f"GMT{sign}{hours:02d}{':' if colon else ''}{mins:02d}"


EUROPE = ("Europe/Paris", "Europe/Lisbon", "Europe/London", "Europe/Helsinki", "Europe/Moscow")
AMERICAS = ("America/New_York", "America/Los_Angeles")
ELSEWHERE = ("Asia/Tokyo", "Australia/Sydney", "UTC")
