"""Winamax header (line 1) and table line (line 2), docs/FORMATS.md §4.

```
Winamax Poker - CashGame - HandId: #9247976-232-1478874498 - 5 Card Omaha Hi/Lo pot limit
    (1€/2€) - 2016/11/11 14:28:18 UTC
Winamax Poker - Tournament "Sit&Go Freeroll" buyIn: Ticket only level: 3 - HandId:
    #619672044606324737-7-1452193258 - Omaha pot limit (30/60) - 2016/01/07 19:00:58 UTC
Winamax Poker - Go Fast "Lima" - HandId: #… (fast fold); HOLD-UP "…", ESCAPE "…" (cash)
Table: 'Göttingen 04' 6-max (real money) Seat #1 is the button
```
The level is optional in tournament headers (fpdb ``re_hand_info``). Times end ``UTC``,
``CET``, ``CEST`` or ``PST`` (HHSmithy's and ggratte's readers); another zone is a
``bad_header`` failure, never a guess. Currency is a suffix (``1€``); cash stakes without
a symbol are play money (printed with cents, so kept in hundredths); tournament stakes may be
``ante/sb/bb``. Game words: ``Omaha``, ``5 Card Omaha``, ``Omaha5``, ``Omaha8``,
``Omaha Hi/Lo``, ``5 Card Omaha Hi/Lo``, then ``pot limit`` / ``no limit`` / ``limit``.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import GameInfo, GameType, Site, variant_code
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.common import (
    STRUCTURE_WORDS,
    ZONE_ABBREVIATIONS,
    TableLine,
    read_table_line,
    symbol_currency,
    utc_or_fail,
)
from omahahh.parsers.context import ParseContext
from omahahh.parsers.header import HandHeader
from omahahh.rooms.conventions import conventions

HEADER_RE = re.compile(
    r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+) "
    r"\((?P<stakes>[^()]*)\) - (?P<time>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})"
    r"(?: (?P<tz>[A-Z]{2,5}))?\s*$"
)
TOURNAMENT_RE = re.compile(
    r'^Tournament "(?P<name>[^"]*)" buyIn: (?P<buyin>.*?)(?: level: (?P<level>\S+))?$'
)
CASH_KIND_RE = re.compile(r'^(?:CashGame|(?P<pool>Go Fast|HOLD-UP|ESCAPE) "(?P<name>[^"]*)")$')
"""Cash kinds (fpdb ``re_hand_info`` RING): ``CashGame``; ``Go Fast "Lima"`` (fast fold);
``HOLD-UP "…"`` and ``ESCAPE "…"``, tables whose pots the room adds money to
(``Hold-up to Pot: total X``, ``Escape to Pot: total X``)."""
SUMMARY_RE = re.compile(r"^Winamax Poker - Tournament summary\b")
"""A tournament summary's first line (DriveHUD's Winamax reader, ``IsSummaryHand``)."""
GAME_RE = re.compile(
    r"^(?:(?P<cards>[56]) Card )?Omaha(?P<n>[56])?(?P<eight>8)?(?P<hilo> Hi/Lo| H/L)? "
    r"(?P<limit>pot limit|no limit|fixed limit|limit)$",
    re.IGNORECASE,
)
TABLE_RE = re.compile(
    r"^Table:? '(?P<name>.*)' (?:(?P<max>\d+)-max )?\((?:real money|(?P<play>play money))\) "
    r"Seat #(?P<button>\d+) is the button$"
)

_STRUCTURE = {words.lower(): s for words, s in STRUCTURE_WORDS.items()}


def game_info(text: str) -> GameInfo | None:
    """``game_info("Omaha8 pot limit").variant == "PLO-8"``; None for other games."""
    m = GAME_RE.match(text.strip())
    if m is None:
        return None
    structure = _STRUCTURE[m["limit"].lower()]
    hole = int(m["cards"] or m["n"] or 4)
    hi_lo = bool(m["eight"] or m["hilo"])
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        game_label=text.strip(),
    )


def _currency(stakes: str, tournament: bool) -> str:
    return symbol_currency(stakes, CHIPS if tournament else PLAY)


def parse_header(line: str, context: ParseContext) -> HandHeader:
    """Read a Winamax header; raises :class:`HandParseError` (``bad_header``, ...)."""
    if SUMMARY_RE.match(line):
        why = "a tournament summary (results of a tournament), not a hand"
        raise HandParseError("not_a_hand", why, 0, line)
    m = HEADER_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"unrecognised Winamax header: {line[:100]!r}", 0, line)
    kind = m["kind"]
    tournament = TOURNAMENT_RE.match(kind)
    cash = CASH_KIND_RE.match(kind) if tournament is None else None
    if tournament is None and cash is None:
        raise HandParseError("bad_header", f"unknown Winamax game kind {kind!r}", 0, line)
    game = game_info(m["game"])
    if game is None:
        raise HandParseError("unsupported_game", f"not an Omaha game: {m['game']}", 0, line)
    stakes = m["stakes"]
    currency = _currency(stakes, tournament is not None)
    unit = 100 if currency == PLAY else unit_of(currency)
    parts = stakes.split("/")
    if len(parts) not in (2, 3):
        raise HandParseError("bad_header", f"unreadable stakes: {stakes!r}", 0, line)
    tz = m["tz"]
    zone = (
        ZONE_ABBREVIATIONS.get(tz) if tz else context.zone_for(conventions(Site.WINAMAX).time_zone)
    )
    if zone is None:  # UTC, CET, CEST and PST are printed; another is not guessed
        raise HandParseError("bad_header", f"unknown time zone {tz!r} in header", 0, line)
    try:
        amounts = [to_minor(p, unit) for p in parts]
    except MoneyError as exc:
        raise HandParseError("bad_amount", str(exc), 0, line) from None
    ante = amounts[0] if len(amounts) == 3 else None
    hand_id = m["id"]
    return HandHeader(
        hand_id=hand_id,
        fast_fold=cash is not None and cash["pool"] == "Go Fast",
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=None,  # printed in the table name; see winamax.parse
        tournament_level=tournament["level"] if tournament else None,
        buy_in=f'"{tournament["name"]}" {tournament["buyin"]}' if tournament else None,
        currency=currency,
        unit=unit,
        stakes=stakes,
        stake_low=amounts[-2],
        stake_high=amounts[-1],
        ante=ante,
        started_at=utc_or_fail(m["time"], zone, 0, line),
        started_at_text=m["time"],
    )


def parse_table(line: str, offset: int) -> TableLine:
    """``Table: 'Göttingen 04' 6-max (real money) Seat #1 is the button`` (colon optional)."""
    return read_table_line(TABLE_RE, line, offset)
