"""Everleaf Gaming (closed 2011): ``** Dealing …`` streets, bracketed amounts, no rake line.

```
Everleaf Gaming Game #149107406
***** Hand history for game #149107406 *****
Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19     ($0.50/$1 Omaha Hi/Lo: fixed limit)
Table Old Market I
Seat 5 is the button
Total number of players: 2
Seat 5: Villain (  $ 10 USD )
Villain: posts small blind [$ 0.05 USD]
** Dealing down cards **
Dealt to Hero [ Qc, Qh, 7s, Jd ]
Villain calls [$ 0.05 USD]          Hero raises [$ 0.20 USD]        Hero: bets [$ 0.60 USD]
** Dealing Flop ** [ Tc, Kc, 3s ]
Hero shows [ Qc, As, 4s, Qh ] three of a kind, queens
Villain does not show cards
Hero wins  high ($ 2.57 USD) from main pot with …     Hero wins  low ($2.56) from main pot with …
Villain wins $ 1.90 USD from main pot
```

Every bracketed amount is the chips that line puts in (``raises [$ 0.20 USD]``
adds 0.20: fpdb reads it so too). The limit is ``NL``/``PL`` after the blinds,
and nothing at all for fixed limit, whose header gives the bets. ``Omaha`` and
``Omaha Hi/Lo`` are the room's two Omaha games. The table's size may follow the game
(``PL Omaha - 6 Max``); seats, posts and awards name their money (``USD``,
``EURO``, ``EUR``, ``GEL``, ``Chips``); ``ˆ`` is a euro sign read with the wrong
code page; ``mucks [ cards ]`` shows the mucked cards. No total pot, rake, uncalled
bet or all-in marker is ever printed (room data). The time has no zone: UTC
by default (fpdb's reading), ``--source-timezone`` overrides.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Structure
from omahahh.money import CHIPS, unit_of
from omahahh.parsers.archive import dealing as d
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(r"^Everleaf Gaming Game #(?P<id>\d+)$")
GAME_RE = re.compile(
    r"^(?P<blinds>Blinds )?(?P<cur>[$€ˆ])?\s?(?P<low>[\d.,]+) ?/ ?(?:[$€ˆ])?\s?(?P<high>[\d.,]+) "
    r"(?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - (?P<max>\d+) Max)? - "
    r"(?P<stamp>\d{4}/\d\d/\d\d - \d\d:\d\d:\d\d)$"
)
"""fpdb's ``EverleafToFpdb.re_GameInfo``/``re_HandInfo``: spaces may sit around the ``/``,
the table's size may follow the game (``PL Omaha - 6 Max``); ``ˆ`` is a euro sign
decoded with the wrong code page."""
GAMES = {"Omaha": False, "Omaha Hi/Lo": True}
LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, None: Structure.FIXED_LIMIT}
SHAPES = (
    s.shape(r"^Table (?P<name>.+)$", lambda h, m, o: setattr(h, "table_name", m["name"])),
    d.BUTTON,
    s.shape(r"^Total number of players: \d+$", s.ignore),
    d.SEAT,
    s.shape(rf"^(?P<name>.+?): posts small blind {d.AMOUNT}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+?): posts big blind {d.AMOUNT}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+?): posts both blinds {d.AMOUNT}$", s.post_small_and_big),
    s.shape(rf"^(?P<name>.+?): posts ante {d.AMOUNT}$", s.post_ante),
    d.DEALING_DOWN,
    d.FLOP,
    d.TURN,
    d.RIVER,
    d.DEALT,
    d.FOLDS,
    d.CHECKS,
    d.CALLS,
    s.shape(rf"^(?P<name>.+?): bets {d.AMOUNT}$", s.bet),
    d.RAISES_ADDED,
    d.SHOWS,
    d.MUCKS,
    s.shape(r"^(?P<name>.+?) does not show cards$", s.ignore),
    s.shape(
        r"^(?P<name>.+?) wins\s+(?P<half>high|low) \((?P<amount>[^)]+)\) from "
        r"(?P<pot>main pot|side pot(?: \d+)?)(?: with .*)?$",
        s.collect(),
    ),
    s.shape(
        rf"^(?P<name>.+?) wins \(?(?P<amount>[$€ˆ]?\s?[\d.,]+{d.WORDS})\)? from "
        r"(?P<pot>main pot|side pot(?: \d+)?)(?: with .*)?$",
        s.collect(),
    ),
    s.shape(r"^.+ has disconnected and has been given a further \d+ seconds to react$", s.ignore),
    s.shape(r"^.+ (?:has (?:re)?connected|sits out|is sitting out|has left the table)$", s.ignore),
)
EVERLEAF = LineFormat(site=Site.EVERLEAF, shapes=SHAPES, money=d.money)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None or len(lines) < 3:
        raise HandParseError(
            "bad_header", f"not an Everleaf header: {lines[0][:80]!r}", 0, lines[0]
        )
    line = lines[2]
    m = GAME_RE.match(line)
    if m is None:
        raise HandParseError(
            "bad_header", f"unreadable Everleaf game line: {line[:100]!r}", 2, line
        )
    if m["game"] not in GAMES:
        raise not_omaha(m["game"], line)
    if (m["blinds"] is None) != (m["limit"] is None):
        raise HandParseError(
            "bad_header",
            f"stakes and limit disagree (blinds with a limit, bets without): {line!r}",
            2,
            line,
        )
    structure = LIMITS[m["limit"]]
    label = f"{m['limit'] + ' ' if m['limit'] else ''}{m['game']}"
    game = omaha(label, structure, 4, GAMES[m["game"]])
    cash = m["cur"] is not None
    currency = {"$": "USD", "€": "EUR", "ˆ": "EUR"}[m["cur"]] if cash else CHIPS
    unit = unit_of(currency)
    local = parse_time(m["stamp"], "%Y/%m/%d - %H:%M:%S", 2, line)
    zone = context.zone_for(conventions(Site.EVERLEAF).time_zone)
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH if cash else GameType.TOURNAMENT,
        currency=currency,
        unit=unit,
        stakes=f"{m['cur'] or ''}{m['low']}/{m['cur'] or ''}{m['high']}",
        stake_low=amount(m["low"], unit, line),
        stake_high=amount(m["high"], unit, line),
        started_at=utc(local, zone),
        started_at_text=m["stamp"],
        table=TableLine(name="", max_seats=int(m["max"]) if m["max"] else None, button_seat=0),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, EVERLEAF)
    read_body(hand, lines, 3)
    s.require_line(lines, bool(hand.collections), "'wins' line")
    return hand.freeze()


FORMAT = Format(
    name="everleaf",
    site=Site.EVERLEAF,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"Everleaf Gaming Game #",
)
