"""Absolute Poker / UltimateBet (Cereus network, closed 2011): ``Stage #`` headers, ``NAME - Verb``.

```
Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET)
    [ 2009-12-31 18:23:36 ]                                    (one line)
Table: Linden Ct (Real Money) Seat #6 is the dealer
Seat 6 - Player0 ($1,195.50 in chips)
Player0 - Posts small blind $15
*** POCKET CARDS ***
Dealt to Hero [9h Qc 2d 3h]
Player0 - Raises $45 to $60 | Hero - Calls $30 | Bets $30 | Checks | Folds
*** FLOP *** [Jc 5h 2c]
Player0 - returned ($30) : not called
*** SHOW DOWN ***
Player0 - Does not show
Player0 Collects $119.25 from main pot
*** SUMMARY ***
Total Pot($120) | Rake ($0.75)
Board [Jc 5h 2c]
Seat 6: Player0 (dealer) (small blind) collected Total ($119.25) HI:($119.25)  [Does not show]
```

The limit word sits before the stakes (``Normal`` for fixed limit, else ``Pot
Limit``/``No Limit``); ``Omaha Hi/Lo`` is Hi/Lo; UltimateBet writes them in upper
case (``OMAHA  POT LIMIT``). ``Raises X to Y``: Y is the street total; ``All-In X``
puts in X chips (a call, bet or raise by what it does to the bet faced),
``All-In(Raise) X to Y`` raises all-in to Y; an ``All-In`` with no amount is a hand
the room cut (``truncated``). ``Posts X`` is a newcomer's live big blind, ``Posts X
dead Y`` adds a dead small blind, ``Posts dead X`` both blinds at once. The time is
printed in ET, or read in ET when the header names no zone.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import add_action
from omahahh.parsers.common import ZONE_ABBREVIATIONS, TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(
    r"^Stage\s+#C?(?P<id>\d+):?\s+(?:Tourney ID (?P<tid>\d+)\s+)?"
    r"(?P<game>.+?)(?:\s+\((?P<format>1 on 1)\))?"
    r"(?:\s+(?P<trny>Single Tournament|Multi Normal Tournament))?\s+"
    r"(?P<limit>Normal|Pot Limit|No Limit)\s+"
    r"(?P<low>(?:[$£]|\s?€)?[\d,.]+)(?:/(?P<high>(?:[$£]|\s?€)?[\d,.]+))?"
    r"(?:, (?P<ante>(?:[$£]|\s?€)?[\d,.]+) ante)?(?:\s+Turbo)?(?:\s+\(7-2\))?\s+-\s+"
    r"(?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)?(?:\s+\((?P<zone>[A-Z]+)\))?",
    re.IGNORECASE,
)
"""fpdb's ``AbsoluteToFpdb.re_GameInfo``: ``Stage #C…`` and no colon, a tournament id and
type, UltimateBet's upper-case words (``OMAHA  POT LIMIT``), a single stake (the big
blind), `` €`` amounts, an ante, ``Turbo``, the ``(7-2)`` prop game, no zone (ET)."""
TABLE_RE = re.compile(
    r"^Table: (?P<name>.+?) \((?P<money>Real Money|Play Money)\) "
    r"Seat #(?P<button>\d+) is the (?:dead )?dealer$"
)
GAMES = {"omaha": False, "omaha hi/lo": True}
LIMITS = {
    "normal": Structure.FIXED_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "no limit": Structure.NO_LIMIT,
}
MONEY = r"(?P<amount>(?:[$£]|\s?€)?[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"


def _live_and_dead(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Posts $0.50 dead $0.25``: a newcomer's live big blind and a dead small blind."""
    name = hand.player(m["name"], offset)
    add_action(hand, name, ActionKind.POST_DEAD, hand.money(m["dead"], offset), offset, live=False)
    hand.post_big_blind(name, hand.money(m["amount"], offset), offset, False, sizes_blind=False)


def _total(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.total = hand.money(m["amount"], offset)
    hand.rake = hand.money(m["rake"], offset)


SHAPES = (
    s.shape(rf"^Seat (?P<seat>\d+) - (?P<name>.+) \({MONEY} in chips\)$", s.seat),
    s.shape(rf"^(?P<name>.+) - Posts small blind {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) - Posts big blind {MONEY}$", s.post_big_blind),
    s.shape(
        rf"^(?P<name>.+) - Posts {MONEY} dead (?P<dead>(?:[$£]|\s?€)?[\d,.]+)$", _live_and_dead
    ),
    s.shape(rf"^(?P<name>.+) - Posts dead {MONEY}$", s.post_small_and_big),
    s.shape(rf"^(?P<name>.+) - Posts {MONEY}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) - Ante \[?{MONEY}\]?$", s.post_ante),
    s.shape(r"^\*\*\* POCKET CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\*\* TURN \*\*\* \[[^\]]*\] {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\*\* RIVER \*\*\* \[[^\]]*\] {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^\*\*\* SHOW DOWN \*\*\*$", s.ignore),
    s.shape(r"^(?P<name>.+) - Folds$", s.fold),
    s.shape(r"^(?P<name>.+) - Checks$", s.check),
    s.shape(rf"^(?P<name>.+) - Calls {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+) - Bets {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+) - Raises (?:[$£]|\s?€)?[\d,.]+ to {MONEY}$", s.raise_to),
    s.shape(
        rf"^(?P<name>.+) - (?P<allin>All-In)\(Raise\) (?:[$£]|\s?€)?[\d,.]+ to {MONEY}$",
        s.raise_to,
    ),
    s.shape(rf"^(?P<name>.+) - All-In {MONEY}$", s.all_in),
    s.shape(
        r"^(?P<name>.+) - All-In$",
        s.fail("truncated", "an all-in with no amount: the room cut the hand (a time-out)"),
    ),
    s.shape(rf"^(?P<name>.+) - returned \({MONEY}\) : not called$", s.uncalled),
    s.shape(rf"^(?P<name>.+) - Shows {CARDS}(?: \((?P<desc>.*)\))?$", s.show),
    s.shape(r"^(?P<name>.+) - Does not show$", s.ignore),
    s.shape(rf"^(?P<name>.+) - Mucks(?: {CARDS})?$", s.muck),
    s.shape(
        rf"^(?P<name>.+?) Collects {MONEY} from (?P<pot>main pot|side pot(?: \d+)?)$",
        s.collect(),
    ),
)
SUMMARY = (
    s.shape(rf"^Total Pot\({MONEY}\) \| Rake \((?P<rake>(?:[$£]|\s?€)?[\d,.]+)\)$", _total),
    s.shape(rf"^Board {CARDS}$", s.ignore),
    s.shape(r"^Seat \d+: .+$", s.ignore),  # the summary restates the awards
)


ABSOLUTE = LineFormat(
    site=Site.ABSOLUTE,
    shapes=SHAPES,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    line = lines[0]
    m = FIRST_RE.match(line)
    if m is None or len(lines) < 2:
        if line.startswith("Stage #") and "omaha" not in line.lower():
            raise not_omaha(line.split(": ", 1)[-1][:60], line)
        raise HandParseError("bad_header", f"not an Absolute header: {line[:80]!r}", 0, line)
    game_words = " ".join(m["game"].split())
    if game_words.lower() not in GAMES:
        raise not_omaha(game_words, line)
    limit = " ".join(m["limit"].split())
    label = f"{game_words} {limit}"
    game = omaha(label, LIMITS[limit.lower()], 4, GAMES[game_words.lower()])
    t = TABLE_RE.match(lines[1])
    if t is None:
        raise HandParseError("bad_table_line", f"unreadable table line: {lines[1]!r}", 1, lines[1])
    symbol = m["low"].strip()[0] if not m["low"].strip()[0].isdigit() else ""
    tournament = not symbol or m["tid"] is not None or m["trny"] is not None
    currency = currency_of(symbol, CHIPS if t["money"] == "Real Money" else PLAY)
    unit = unit_of(currency)
    if m["zone"] is not None:
        if m["zone"].upper() not in ZONE_ABBREVIATIONS:
            raise HandParseError("bad_header", f"unknown time zone {m['zone']!r}", 0, line)
        where = ZONE_ABBREVIATIONS[m["zone"].upper()]
    else:
        where = context.zone_for(conventions(Site.ABSOLUTE).time_zone)
    local = parse_time(m["stamp"], "%Y-%m-%d %H:%M:%S", 0, line)
    high = amount(m["high"] or m["low"], unit, line)
    low = amount(m["low"], unit, line) if m["high"] else high // 2  # one stake: the big blind
    return HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{m['low'].strip()}/{m['high'].strip()}" if m["high"] else m["low"].strip(),
        stake_low=low,
        stake_high=high,
        started_at=utc(local, where),
        started_at_text=f"{m['stamp']} {m['zone']}" if m["zone"] else m["stamp"],
        tournament_id=m["tid"],
        ante=amount(m["ante"], unit, line) if m["ante"] else None,
        table=TableLine(
            name=t["name"],
            max_seats=2 if m["format"] and m["format"].lower() == "1 on 1" else None,
            button_seat=int(t["button"]),
        ),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, ABSOLUTE)
    s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    read_body(hand, lines, 2)
    return hand.freeze()


FORMAT = Format(
    name="absolute",
    site=Site.ABSOLUTE,
    parse=parse,
    header=lambda first_line: first_line.startswith("Stage #"),
    block_start=r"Stage #\d",
)
