"""Microgaming hands as PokerTracker exports them (``** Hand # … starting``).

```
** Hand # 5029053937 starting - 2013-09-07 02:30:38
** Position PLO HU 47 - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money
Hero sitting in seat 1 with €49.50[Dealer]
Hero posted the small blind - €0.25
** Dealing cards to Hero: Qh, 9c, 2h, Ah
Hero raised to €1.25 | Player0 called - €1.00 | Hero bet - €1.50 | went all-in - €21.26
Player0 checked | Player0 folded
** Dealing the flop: As, Ad, 8c          (the turn, the river: the new card)
Hero mucks:                              Player0 shows: Ah, 3c, As, Kd
Hero wins €4.35 from the main pot
Rake: €0.15
```

Every amount is the chips that line puts in, ``raised to`` included
(``Player0 raised to €16.75`` over his own €1.75, then ``called - €12.50`` from
€6: both players then have €18.50 in). The table name is the text before the
buy-in (``€50 Max``), whose symbol is the currency. Exports may double every
line break: a hand ends only at the next header. The time has no zone: UTC
unless told otherwise.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(
    r"^\*\* Hand # (?P<id>\d+) starting - (?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$"
)
TABLE_RE = re.compile(
    r"^\*\* (?P<name>.+) - (?P<cur>[$€£]?)[\d,.]+ Max \[(?P<game>[^\]]+)\] "
    r"\((?P<low>[\d,.]+)\|(?P<high>[\d,.]+) (?P<limit>PL|NL|FL|L) - (?P<kind>Cash Game|[^)]*)\)"
    r" (?P<money>Real Money|Play Money)$"
)
GAMES = {"Omaha": False, "Omaha Hi/Lo": True, "Omaha Hi-Lo": True}
LIMITS = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
MONEY = r"(?P<amount>[$€£]?[\d,.]+)"
CARDS = r"(?P<cards>(?:10|[2-9TJQKA])[cdhs](?:, (?:10|[2-9TJQKA])[cdhs])*)"


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    s.seat(hand, m, offset)
    if m["dealer"]:
        hand.button_seat = int(m["seat"])


SHAPES = (
    s.shape(
        rf"^(?P<name>.+) sitting in seat (?P<seat>\d+) with {MONEY}(?P<dealer>\[Dealer\])?$",
        _seat,
    ),
    s.shape(rf"^(?P<name>.+) posted the small blind - {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posted the big blind - {MONEY}$", s.post_big_blind),
    s.shape(rf"^\*\* Dealing cards to (?P<name>.+): {CARDS}$", s.dealt),
    s.shape(rf"^\*\* Dealing the flop: {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\* Dealing the turn: {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\* Dealing the river: {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+) folded$", s.fold),
    s.shape(r"^(?P<name>.+) checked$", s.check),
    s.shape(rf"^(?P<name>.+) called - {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+) bet - {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+) raised to {MONEY}$", s.raise_added),
    s.shape(rf"^(?P<name>.+) went all-in - {MONEY}$", s.all_in),
    s.shape(rf"^(?P<name>.+) shows: {CARDS}$", s.show),
    s.shape(r"^(?P<name>.+) mucks:$", s.ignore),
    s.shape(
        rf"^(?P<name>.+) wins {MONEY} from the (?P<pot>main pot|side pot(?: \d+)?)$", s.collect()
    ),
    s.shape(rf"^Rake: {MONEY}$", s.rake),
)


MICROGAMING = LineFormat(site=Site.MICROGAMING_PT, shapes=SHAPES)


def header(lines: tuple[str, ...], context: ParseContext) -> tuple[HandHeader, int]:
    first = FIRST_RE.match(lines[0])
    if first is None:
        raise HandParseError(
            "bad_header", f"not a Microgaming header: {lines[0][:80]!r}", 0, lines[0]
        )
    at = next((i for i, ln in enumerate(lines[1:4], start=1) if ln.startswith("** ")), 1)
    t = TABLE_RE.match(lines[at])
    if t is None:
        raise HandParseError("bad_header", f"unreadable table line: {lines[at]!r}", at, lines[at])
    if t["game"] not in GAMES:
        raise not_omaha(t["game"], lines[at])
    if t["limit"] not in LIMITS:
        raise HandParseError("bad_header", f"unknown limit {t['limit']!r}", at, lines[at])
    game = omaha(f"{t['game']} {t['limit']}", LIMITS[t["limit"]], 4, GAMES[t["game"]])
    cash = t["kind"] == "Cash Game"
    currency = currency_of(t["cur"], CHIPS) if t["money"] == "Real Money" else PLAY
    unit = unit_of(currency)
    local = parse_time(first["stamp"], "%Y-%m-%d %H:%M:%S", 0, lines[0])
    zone = context.zone_for(conventions(Site.MICROGAMING_PT).time_zone)
    h = HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH if cash else GameType.TOURNAMENT,
        currency=currency,
        unit=unit,
        stakes=f"{t['low']}|{t['high']}",
        stake_low=amount(t["low"], unit, lines[at]),
        stake_high=amount(t["high"], unit, lines[at]),
        started_at=utc(local, zone),
        started_at_text=first["stamp"],
        table=TableLine(
            name=t["name"],
            max_seats=None,
            button_seat=0,
        ),
    )
    return h, at + 1


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h, start = header(lines, context)
    s.require_line(lines, any(ln.startswith("Rake: ") for ln in lines), "Rake line")
    hand = ArchiveHand(h, block, MICROGAMING)
    read_body(hand, lines, start)
    return hand.freeze()


FORMAT = Format(
    name="microgaming_pt",
    site=Site.MICROGAMING_PT,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"\*\* Hand # \d+ starting",
    blank_runs_inside=True,
)
