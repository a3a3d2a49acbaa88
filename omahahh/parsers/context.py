"""What a parser may be told besides the text: the parse context.

It travels as an argument (ingest options -> pipeline -> parser), never as
global state, so worker processes see exactly what the caller asked for.

``source_timezone`` is the zone of printed times for rooms whose text names
none (GGPoker; PHH files without ``time_zone``). Each room's default lives in
:mod:`omahahh.rooms.conventions`; rooms that print a zone (PokerStars, Winamax) ignore it.
"""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from omahahh.errors import OmahahhError
from omahahh.parsers.common import ZONE_ABBREVIATIONS


class TimeZoneError(OmahahhError):
    """A ``--source-timezone`` that names no known zone."""


@dataclass(frozen=True, slots=True)
class ParseContext:
    source_timezone: str | None = None
    """IANA zone for texts that print no zone; None = the room's documented default."""

    def zone_for(self, room_default: str | None) -> str:
        """The zone to read an unzoned time stamp in: the option, else the room's default."""
        return self.source_timezone or room_default or "UTC"


DEFAULT_CONTEXT = ParseContext()


def check_zone(name: str) -> str:
    """The IANA name for ``name`` (an IANA name or an abbreviation such as ``ET``).

    ``check_zone("ET") == "America/New_York"``; raises :class:`TimeZoneError`
    for a name that is neither.
    """
    text = name.strip()
    if text.upper() in ZONE_ABBREVIATIONS:
        return ZONE_ABBREVIATIONS[text.upper()]
    try:
        ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise TimeZoneError(
            f"unknown time zone {name!r}: use an IANA name such as 'Europe/Paris' or 'UTC'"
        ) from None
    return text
