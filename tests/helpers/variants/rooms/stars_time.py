"""The time at the end of a Stars-syntax header, printed another way: the same instant.

``… - 2014/11/08 0:40:18 WET [2014/11/07 19:40:18 ET]``, ``… - 2014/11/07 19:40:18 ET``,
``… - 2008/08/17 - 01:14:43 (ET)``, ``… - 2025/06/21 17:47:21 UTC``, or no zone at all
where the room's zone is implied. Each shape is a function of the local time, its zone
name and the ET time, so a table lists the shapes its room prints.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from datetime import datetime

from tests.helpers.variants.clock import local_time, pick_zone
from tests.helpers.variants.rewrite import Edit, Rewrite, rewrite
from tests.helpers.variants.seeds import Seed

TIME_AT_END = re.compile(
    r"(?P<lead> - )(?P<time>\d{4}[/-]\d{1,2}[/-]\d{1,2}(?: - | )\d{1,2}:\d{2}.*)$"
)

Shape = Callable[[datetime, str, datetime], str]
"""``shape(local, zone_name, eastern)``: the header's time part."""


def stamp(t: datetime, seconds: bool = True) -> str:
    """``2014/11/08 0:40:18``: Stars' stamp, the hour unpadded.

    >>> stamp(datetime(2014, 11, 8, 0, 40, 18)), stamp(datetime(2014, 11, 8, 0, 40), False)
    ('2014/11/08 0:40:18', '2014/11/08 0:40')
    """
    clock = f"{t.hour}:{t:%M:%S}" if seconds else f"{t.hour}:{t:%M}"
    return f"{t:%Y/%m/%d} {clock}"


def local_and_et(local: datetime, name: str, et: datetime) -> str:
    return f"{stamp(local)} {name} [{stamp(et)} ET]"


def et_only(local: datetime, name: str, et: datetime) -> str:
    return f"{stamp(et)} ET"


def zone_only(local: datetime, name: str, et: datetime) -> str:
    return f"{stamp(local)} {name}"


def stars_2008(local: datetime, name: str, et: datetime) -> str:
    return f"{et:%Y/%m/%d - %H:%M:%S} (ET)"


def no_zone(local: datetime, name: str, et: datetime) -> str:
    """The room's own zone implied (``zones`` must then be that zone alone)."""
    return stamp(local)


def header_time_edit(shape: Shape, zones: Sequence[str]) -> Edit:
    """The header's time in ``shape``, local to one of ``zones``."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        first, newline, rest = text.partition("\n")
        m = TIME_AT_END.search(first)
        picked = pick_zone(seed, zones, rng)
        et = local_time(seed, "America/New_York")
        if m is None or picked is None or et is None or not seed.hand.started_at:
            return None
        if seed.hand.started_at.second and shape is no_seconds:
            return None
        local, name = picked
        return first[: m.start("time")] + shape(local, name, et) + newline + rest

    return edit


def no_seconds(local: datetime, name: str, et: datetime) -> str:
    """Run It Once's and BetRivers' stamp: no seconds (only for starts on the minute)."""
    return f"{stamp(local, seconds=False)} {name}"


def time_rewrite(name: str, row: str, shape: Shape, zones: Sequence[str]) -> Rewrite:
    return rewrite(name, "time", row, header_time_edit(shape, zones))


def shapes_rewrite(name: str, row: str, shapes: Sequence[tuple[Shape, Sequence[str]]]) -> Rewrite:
    """The header's time in one of ``shapes`` (each with its zones) that changes the text,
    tried in random order."""
    edits = [header_time_edit(shape, zones) for shape, zones in shapes]

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        for one in rng.sample(edits, len(edits)):
            new = one(text, seed, rng)
            if new is not None and new != text:
                return new
        return None

    return rewrite(name, "time", row, edit)


def padded_zone(local: datetime, name: str, et: datetime) -> str:
    """``2016/11/07 03:54:52 UTC``: the hour padded (Winamax)."""
    return f"{local:%Y/%m/%d %H:%M:%S} {name}"


def padded_no_zone(local: datetime, name: str, et: datetime) -> str:
    """``2016/11/07 03:54:52``: no zone, the room's own implied."""
    return f"{local:%Y/%m/%d %H:%M:%S}"
