"""What the rooms that print PokerStars' lines under their own name share (docs/SITES.md).

PPPoker, SupremaPoker, PokerMaster, Run It Once, BetRivers, the clones known by
name (PokerBros, MPLPoker, Hive Poker, BetOnline) and Seals With Clubs' 2019
client print Stars' lines (seats, posts, actions, ``*** FLOP ***``,
``collected``, SUMMARY). Each is a room of its own, read by the PokerStars
parser with a :class:`~omahahh.parsers.pokerstars.Dialect` in its own module;
this module holds what their dialects share: the header pattern before the
``#``, the section names, the table line, the game words and the
:class:`~omahahh.parsers.format.Format` of a dialect. A hand keeps its
client's site and id: it is never taken for PokerStars.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache, partial

from omahahh.errors import HandParseError
from omahahh.model import GameInfo, HandRecord, Site, Structure, variant_code
from omahahh.parsers.common import DEFAULT_ZONE, TableLine, read_table_line
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.pokerstars import STREET_RE, Dialect, parse
from omahahh.parsers.pokerstars_header import parse_header
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions


def header_re(site: str, titles: str = "Hand") -> re.Pattern[str]:
    """A room's line 1: ``<site> <title> #<id>:`` then Stars' header (``site`` and
    ``titles`` are regular expressions: ``Hive Poker``, ``Hand|Game``)."""
    return re.compile(
        rf"^(?:{site}) (?P<kind>{titles}) #(?P<id>\d+):\s+(?:\{{(?P<club>[^}}]*)\}}\s+)?"
        r"(?P<rest>.*)$"
    )


STREET_NAMES_RE = re.compile(STREET_RE.pattern.replace("SHOW DOWN|", "SHOW DOWN|SHOWDOWN|"))
"""Stars' section names, and ``*** SHOWDOWN ***`` (Run It Once, BetRivers, SwCPoker)."""

TABLE_RE = re.compile(
    r"^Table (?:ID )?'(?P<name>[^']*)'(?:\(\d+\))?(?: (?P<max>\d+)-[Mm]ax)?"
    r"(?: \((?P<play>Play Money)\))?(?: \(Real Money\))? Seat #(?P<button>\d+) is the button$"
)
"""``Table 'NAME' 6-max``, ``Table ID '34010755' 6-Max`` (Run It Once, BetRivers),
``Table 'PLO'(101) 9-max (Real Money)`` (SwCPoker): fpdb-3 ``PokerStarsToFpdb.re_hand_info``."""


def read_table(line: str, offset: int) -> TableLine:
    return read_table_line(TABLE_RE, line, offset)


# -- game words ---------------------------------------------------------------------------
GAME_RE = re.compile(
    r"(?P<game>(?:(?P<cards>[56]) Card )?(?P<base>Omaha|Courchevel)(?: (?P<after>[56]) Cards)?"
    r"(?P<hilo> Hi/Lo| Hi-Lo)?) "
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit|PL|NL|FL)\b",
    re.IGNORECASE,
)
"""The Omaha games the clones print (fpdb-3 ``PokerStarsToFpdb.games``, ``SealsWithClubsToFpdb``):
``5 Card Omaha``, ``Omaha 5 Cards``, ``Omaha Hi/Lo``, ``Omaha Hi-Lo``, ``Courchevel``; the
limit in words or as ``PL``/``NL``/``FL`` (SwCPoker); in any case (fpdb: ``OMAHA POT LIMIT``)."""
LIMITS = {
    "POT LIMIT": Structure.POT_LIMIT,
    "PL": Structure.POT_LIMIT,
    "NO LIMIT": Structure.NO_LIMIT,
    "NL": Structure.NO_LIMIT,
    "FIXED LIMIT": Structure.FIXED_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
    "FL": Structure.FIXED_LIMIT,
}
REFUSED_GAMES = (
    ("Fusion", "Fusion deals a changing number of hole cards (Hold'em, then Omaha)"),
    (
        "Pot Limit Pre-Flop, No Limit Post-Flop",
        "its betting structure changes after the flop, which the replay does not model",
    ),
)


@lru_cache(maxsize=64)
def game_info(text: str) -> GameInfo | None:
    """The Omaha game in a header's middle part, None for another game; a game the
    replay cannot model (``Fusion``, pot limit before the flop and no limit after) is
    ``unsupported_game``, never read as plain Omaha.

    >>> game_info("Omaha 5 Cards PL").variant, game_info("Omaha Hi-Lo Pot Limit").variant
    ('PLO5', 'PLO-8')
    """
    lower = text.lower()
    for words, why in REFUSED_GAMES:
        if words.lower() in lower:
            raise HandParseError("unsupported_game", f"{words}: {why}", 0, text)
    m = GAME_RE.search(text)
    if m is None:
        return None
    structure = LIMITS[m["limit"].upper()]
    courchevel = m["base"].lower() == "courchevel"
    cards = m["cards"] or m["after"]
    hole = int(cards) if cards else (5 if courchevel else 4)
    hi_lo = m["hilo"] is not None
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo, courchevel),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        courchevel=courchevel,
        game_label=f"{m['game']} {m['limit']}",
    )


def room_header(site: Site, pattern: re.Pattern[str], room: str) -> partial[HandHeader]:
    """A room's header reader: Stars' header after the room's ``pattern``, the clones'
    game words, and the room's zone for a time printed without one (ET, fpdb's reading,
    for a room that always prints its zone); a zone abbreviation not known is
    ``bad_header``."""
    zone = conventions(site).time_zone or DEFAULT_ZONE
    return partial(
        parse_header,
        header_re=pattern,
        room=room,
        game_info=game_info,
        unzoned=zone,
    )


def dialect_format(name: str, start: str, dialect: Dialect) -> Format:
    """The format of a dialect's room: blocks start at ``start`` (a regular expression
    matched at a line's start); a time printed without a zone is read in the room's
    zone (``conventions``), or the one the parse context names."""
    pattern = re.compile(start)
    default = conventions(dialect.site).time_zone

    def _parse(block: Block, context: ParseContext) -> HandRecord:
        if context.source_timezone is None or default is None:
            return parse(block, dialect)
        zone = context.zone_for(default)
        header_of = dialect.header
        if isinstance(header_of, partial):
            header_of = partial(header_of, unzoned=zone)
        return parse(block, replace(dialect, header=header_of))

    return Format(
        name=name,
        site=dialect.site,
        parse=_parse,
        header=lambda first_line: pattern.match(first_line) is not None,
        block_start=start,
    )
