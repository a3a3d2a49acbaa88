"""888poker header lines (docs/FORMATS.md §3): hand id, game, time, table, button.

```
#Game No : 441695827                                   (optional, some exports only)
***** 888poker Hand History for Game 441695827 *****   (older: "Cassava")
$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:00:36
Table Fortaleza 9 Max (Real Money)
Seat 5 is the button
Total number of players : 2
```
The stakes are the blinds, also in fixed limit (``15/30 Blinds Fix Limit
OmahaHL``: bets 30/60). Tournament chips carry a ``$`` too: the table line
(``Tournament #50321242 $10 + $1 - Table #1 (Real Money)``) says which. No time
zone is printed: the room's default (:mod:`omahahh.rooms.conventions`) unless
``--source-timezone`` says otherwise.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, Site, Structure, variant_code
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.common import TableLine, expect_line, symbol_currency, utc_or_fail
from omahahh.parsers.context import ParseContext
from omahahh.parsers.header import HandHeader
from omahahh.parsers.localised import localised_minor
from omahahh.rooms.conventions import conventions

HAND_LINE_RE = re.compile(
    r"^\*{4,5} (?:Cassava|888poker|888)(?:\.[a-z]{2})?(?:-[a-z]{2})? (?P<kind>Snap Poker |BLAST )?"
    r"Hand History for Game (?P<id>\d+) \*{4,5}$"
)
SUMMARY_RE = re.compile(r"^\*{5} Cassava Tournament Summary \*{5}$")
"""A tournament summary's first line (fpdb ``PacificPokerSummary``, HHSmithy's and
DriveHUD's 888 readers): such text holds no hand."""
GAME_RE = re.compile(
    r"^(?P<stakes>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit|Limit) (?P<game>.+?)"
    r"(?P<jackpot> Jackpot table)? - \*\*\* "
    r"(?P<d>\d{1,2}) (?P<m>\d{1,2}) (?P<y>\d{4}) (?P<time>\d{1,2}:\d{2}:\d{2})$"
)
OMAHA_RE = re.compile(r"^(?:(?P<cards>[56]) Card )?Omaha(?P<hilo>HL| Hi/Lo| Hi-Lo)?$")
TABLE_RE = re.compile(
    r"^(?:Table (?P<name>.+?)|Tournament #(?P<tid>\d+) (?P<buyin>.+?) - Table #(?P<tnum>\d+))"
    r"(?: (?P<max>\d+) Max)? \((?P<money>Real Money|Practice Play|Play Money)\)$"
)
BUTTON_RE = re.compile(r"^Seat (?P<seat>\d+) is the button$")
PLAYERS_RE = re.compile(r"^Total number of players : (?P<n>\d+)(?:/\d+)?$")

_STRUCTURE = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Fix Limit": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}


def matches(first_line: str) -> bool:
    """Is this block's first line an 888 header (``#Game No :`` or ``***** 888poker Hand…``,
    four stars or five)?"""
    if first_line.startswith("#Game No : "):
        return True
    if not first_line.startswith("****"):
        return False
    return HAND_LINE_RE.match(first_line) is not None or SUMMARY_RE.match(first_line) is not None


def game_info(text: str, structure: Structure) -> GameInfo | None:
    """``OmahaHL`` -> PLO-8 etc.; None for a game that is not Omaha (``Holdem``)."""
    m = OMAHA_RE.match(text)
    if m is None:
        return None
    hole = int(m["cards"] or 4)
    hi_lo = m["hilo"] is not None
    limit = next(k for k, v in _STRUCTURE.items() if v is structure)
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        game_label=f"{limit} {text}",
    )


def parse_header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    """Read the header lines; raises ``bad_header``, ``unsupported_game`` or ``truncated``."""
    i = 0  # the block starts at the ``*****`` line (parsers.localised.without_lead_in)
    if SUMMARY_RE.match(lines[i]):
        why = "a tournament summary (results of a tournament), not a hand"
        raise HandParseError("not_a_hand", why, i, lines[i])
    hand = expect_line(lines, i, HAND_LINE_RE, "'***** 888poker Hand History' header")
    g = expect_line(lines, i + 1, GAME_RE, "stakes, game and time")
    structure = _STRUCTURE[g["limit"]]
    game = game_info(g["game"], structure)
    if game is None:
        raise HandParseError(
            "unsupported_game", f"not an Omaha game: {g['game']}", i + 1, lines[i + 1]
        )
    t = expect_line(lines, i + 2, TABLE_RE, "table")
    button = expect_line(lines, i + 3, BUTTON_RE, "'Seat N is the button'")
    expect_line(lines, i + 4, PLAYERS_RE, "'Total number of players'")
    tournament = t["tid"] is not None
    play = t["money"] != "Real Money"
    stakes = g["stakes"]
    if tournament:
        currency = CHIPS
    elif play:
        currency = PLAY
    else:
        currency = symbol_currency(stakes, PLAY)
    unit = 100 if currency == PLAY else unit_of(currency)  # practice chips have cents
    low_text, sep, high_text = stakes.partition("/")
    try:
        if not sep:
            raise MoneyError(f"unreadable stakes: {stakes!r}")
        low, high = localised_minor(low_text, unit), localised_minor(high_text, unit)
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), i + 1, lines[i + 1]) from None
    stamp = f"{g['y']}/{g['m']}/{g['d']} {g['time']}"
    zone = context.zone_for(conventions(Site.POKER888).time_zone)
    notes: tuple[str, ...] = ()
    if g["jackpot"]:
        notes = ("'Jackpot table': the room may also take a jackpot fee it does not print",)
    table = TableLine(
        name=t["name"] if t["name"] is not None else f"#{t['tnum']}",
        max_seats=int(t["max"]) if t["max"] else None,
        button_seat=int(button["seat"]),
        play_money=play,
    )
    return HandHeader(
        hand_id=hand["id"],
        fast_fold=hand["kind"] == "Snap Poker ",
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=t["tid"],
        tournament_level=None,
        buy_in=t["buyin"],
        currency=currency,
        unit=unit,
        stakes=stakes.replace("\u00a0", " "),
        stake_low=low,
        stake_high=high,
        started_at=utc_or_fail(stamp, zone, i + 1, lines[i + 1]),
        started_at_text=f"{g['d']} {g['m']} {g['y']} {g['time']}",
        table=table,
        first_seat_line=i + 5,
        notes=notes,
    )
