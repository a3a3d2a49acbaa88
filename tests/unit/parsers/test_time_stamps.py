"""Header time stamps to UTC (parsers/common.py ``to_utc``) against the zone database.

``to_utc`` reads each local hour's offset once (``_hour_offset``); the oracle is the
plain conversion, ``datetime(..., tzinfo=ZoneInfo(zone)).astimezone(UTC)``, on every
minute around each clock change of 2010-2026 in every zone the parsers know and two
odd ones (the hours clocks skip and repeat included) and on random stamps.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from omahahh.errors import HandParseError
from omahahh.parsers.common import ZONE_ABBREVIATIONS, to_utc

# --source-timezone takes any IANA zone: Lord Howe moves its clocks by half an hour (so
# an hour can hold two offsets), Kathmandu is 5:45 ahead.
ZONES = sorted({*ZONE_ABBREVIATIONS.values(), "Australia/Lord_Howe", "Asia/Kathmandu"})


def _plain(local: datetime, zone: str) -> datetime:
    return local.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)


def _stamp(local: datetime) -> str:
    return f"{local:%Y/%m/%d} {local.hour}:{local:%M:%S}"


def _clock_changes(zone: str) -> list[datetime]:
    """Local times (naive) just before each change of the zone's offset, 2010-2026."""
    tz = ZoneInfo(zone)
    out = []
    t = datetime(2010, 1, 1, tzinfo=UTC)
    step = timedelta(hours=1)
    before = t.astimezone(tz).utcoffset()
    while t.year < 2027:
        t += step
        now = t.astimezone(tz).utcoffset()
        if now != before:
            out.append((t - step).astimezone(tz).replace(tzinfo=None))
            before = now
    return out


@pytest.mark.parametrize("zone", ZONES)
def test_every_minute_around_each_clock_change_is_the_zone_databases_time(zone: str) -> None:
    changes = _clock_changes(zone)
    for change in changes:
        start = change.replace(minute=0, second=0) - timedelta(hours=2)
        for minute in range(5 * 60):
            local = start + timedelta(minutes=minute, seconds=minute % 60)
            assert to_utc(_stamp(local), zone) == _plain(local, zone), _stamp(local)


def test_the_clock_changes_are_met() -> None:
    assert len(_clock_changes("America/New_York")) == 34  # two a year, 2010-2026
    assert _clock_changes("Asia/Tokyo") == []


def test_random_stamps_are_the_zone_databases_time() -> None:
    rng = random.Random(3)
    for _ in range(20_000):
        zone = rng.choice(ZONES)
        local = datetime(2005, 1, 1) + timedelta(seconds=rng.randrange(22 * 365 * 86400))
        assert to_utc(_stamp(local), zone) == _plain(local, zone)


def test_an_impossible_stamp_is_a_bad_header() -> None:
    with pytest.raises(HandParseError) as err:
        to_utc("2024/13/01 10:00:00", "UTC")
    assert err.value.reason_code == "bad_header"
