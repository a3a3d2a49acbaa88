"""Seals With Clubs (a bitcoin room): the 2013 ``Hand #`` text, and its 2019 client's Stars text.

The 2013-2014 format (``Site: Seals With Clubs`` on line 3):

```
Hand #5297786-137 - 2013-04-11 02:08:55
Game: PL Omaha (20 - 100) - Blinds 1/1          (buy-in range, then the blinds)
Game: Limit Omaha Hi-Lo (4 - 200) - Stakes 2/4  (fixed limit: the bets)
Site: Seals With Clubs
Table: PLO 9max 1/1 #1
Seat 3: Player2 (77) - sitting out              (or ``- waiting``: not dealt in)
Player4 has the dealer button
Player5 posts small blind 1                     (a second one is dead; posts the ante 1;
                                                 posts small & big blinds 2)
** Hole Cards **
Dealt to Hero [4c 7d Qc Kd]
Player6 calls 1 | Player3 raises to 3 | Hero calls 2 | Hero bets 6 (All-in) | folds | checks
** Flop ** [3d 4h 2d]                            (Turn, River: the new card)
Hero refunded 6                                  (an unmatched bet returned)
Hero shows [5c 6c Qh Ks]
Hero wins Pot (10) | splits Pot (21) | wins Side Pot 1 (4) | wins Main Pot (6) | wins Hi Pot (3)
Rake (0)
```

``raises to`` is a street total; calls and bets are the chips put in. The
amounts name no currency (the room played in millibitcoins): recorded as ``XXX``
(none stated). The time has no zone: UTC unless told otherwise (fpdb reads ET).

The 2019 client (``SwCPoker Hand #``, fpdb-3 ``SealsWithClubsToFpdb``) prints
PokerStars' lines and is read by the PokerStars parser with the :data:`SWCPOKER`
dialect:

```
SwCPoker Hand #3000001:  Omaha PL (0.50/1) - 2022-06-01 20:15:00
SwCPoker Hand #N: Tournament (NAME)#T, 10+1 Omaha 5 Cards PL - Level I (10/20) - …
Table 'PLO Table'(101) 6-max (Real Money) Seat #1 is the button
Seat 2: Player1 (1,250.50 in chips)
Player1: posts small & big blind 1.50
Total pot 6.50 | Rake 0.25                      (one line per pot: summed, as fpdb does)
```
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from omahahh.errors import HandParseError
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.lookalikes import STREET_NAMES_RE, dialect_format, game_info, read_table
from omahahh.parsers.pokerstars import Dialect, StarsHand
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

NO_CURRENCY = "XXX"
FIRST_RE = re.compile(r"^Hand #(?P<id>\d+-\d+) - (?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$")
GAME_RE = re.compile(
    r"^Game: (?P<limit>PL|NL|FL|Limit) (?P<game>Omaha|Omaha Hi/Lo|Omaha H/L|Omaha Hi-Lo|"
    r"Hold'?em)(?: \([^)]*\))? - (?:Blinds|Stakes) (?P<low>[\d.]+)/(?P<high>[\d.]+)$"
)
GAMES = {"Omaha": False, "Omaha Hi/Lo": True, "Omaha H/L": True, "Omaha Hi-Lo": True}
LIMITS = {
    "PL": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
MONEY = r"(?P<amount>[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"
ALL_IN = r"(?P<allin> \(All-in\))?"
AWARD = (
    rf"^(?P<name>.+) (?:wins|splits) (?:(?P<pot>Side Pot(?: \d+)?|Main Pot)|(?P<half>Hi|Lo) Pot"
    rf"|Pot) \({MONEY}\)$"
)
"""``wins Pot (10)``, ``splits Pot (21)``, ``wins Side Pot 1 (4)``, ``wins Main Pot (6)``,
``wins Hi Pot (3)``, ``wins Lo Pot (3)`` (fpdb ``SealsWithClubsToFpdb.re_CollectPot``)."""


def _small_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A small blind; a second one in the hand is dead (fpdb's ``secondsb``)."""
    if ActionKind.POST_SMALL_BLIND in hand.actions.kinds:
        s.post_dead(hand, m, offset)
    else:
        s.post_small_blind(hand, m, offset)


def _cancelled(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.cancelled = True


SHAPES = (
    s.shape(r"^Site: Seals With Clubs$", s.ignore),
    s.shape(r"^Table: (?P<name>.+)$", lambda h, m, o: setattr(h, "table_name", m["name"])),
    s.shape(
        rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}\)(?P<out> - sitting out| - waiting)?$",
        s.seat,
    ),
    s.shape(r"^(?P<name>.+) has the dealer button$", s.button_name),
    s.shape(rf"^(?P<name>.+) posts small blind {MONEY}{ALL_IN}$", _small_blind),
    s.shape(rf"^(?P<name>.+) posts big blind {MONEY}{ALL_IN}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) posts the ante {MONEY}{ALL_IN}$", s.post_ante),
    s.shape(rf"^(?P<name>.+) posts small & big blinds? {MONEY}{ALL_IN}$", s.post_small_and_big),
    s.shape(r"^\*\* Hole Cards \*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\* Flop \*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\* Turn \*\* {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\* River \*\* {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}{ALL_IN}$", s.call),
    s.shape(rf"^(?P<name>.+) bets {MONEY}{ALL_IN}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises to {MONEY}{ALL_IN}$", s.raise_to),
    s.shape(rf"^(?P<name>.+) refunded {MONEY}$", s.uncalled),
    s.shape(rf"^(?P<name>.+) shows {CARDS}$", s.show),
    s.shape(AWARD, s.collect()),
    s.shape(rf"^Rake \({MONEY}\)$", s.rake),
    s.shape(r"^(?P<name>.+) sits out$", s.ignore),
    s.shape(r"^Hand cancelled$", _cancelled),
)


SWC = LineFormat(site=Site.SEALSWITHCLUBS, shapes=SHAPES)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None or len(lines) < 3 or lines[2] != "Site: Seals With Clubs":
        raise HandParseError(
            "bad_header", f"not a Seals With Clubs header: {lines[0][:80]!r}", 0, lines[0]
        )
    g = GAME_RE.match(lines[1])
    if g is None:
        raise HandParseError("bad_header", f"unreadable game line: {lines[1]!r}", 1, lines[1])
    if g["game"] not in GAMES:
        raise not_omaha(g["game"], lines[1])
    game = omaha(f"{g['limit']} {g['game']}", LIMITS[g["limit"]], 4, GAMES[g["game"]])
    # Fixed limit: ``Stakes 2/4`` are the bets (the blinds, half a small bet and a small
    # bet, are in the table name: ``Table: LO8 6max 1/2``).
    local = parse_time(first["stamp"], "%Y-%m-%d %H:%M:%S", 0, lines[0])
    zone = context.zone_for(conventions(Site.SEALSWITHCLUBS).time_zone)
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH,
        currency=NO_CURRENCY,
        unit=100,
        stakes=f"{g['low']}/{g['high']}",
        stake_low=amount(g["low"], 100, lines[1]),
        stake_high=amount(g["high"], 100, lines[1]),
        started_at=utc(local, zone),
        started_at_text=first["stamp"],
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines, context), block, SWC)
    cancelled = "Hand cancelled" in lines
    s.require_line(lines, cancelled or any(ln.startswith("Rake (") for ln in lines), "Rake line")
    read_body(hand, lines, 2)
    return hand.freeze()


def is_header(first_line: str) -> bool:
    return FIRST_RE.match(first_line) is not None


FORMAT = Format(
    name="sealswithclubs",
    site=Site.SEALSWITHCLUBS,
    parse=parse,
    header=is_header,
    block_start=r"Hand #\d+-\d+ - \d{4}-",
)


# -- SwCPoker (2019): PokerStars' lines ------------------------------------------------------
SWCPOKER_RE = re.compile(
    r"^SwCPoker Hand\s*#(?P<id>\d+):\s+"
    r"(?:(?P<kind>Tournament|Cashgame|sitngo) \((?P<tname>.*?)\)#(?P<tid>\d+), "
    r"(?P<buyin>[\d.]+\+[\d.]+) )?"
    r"(?P<game>.+?) (?:- Level (?P<level>\w+) )?"
    r"\((?P<low>[\d.,]+)/(?P<high>[\d.,]+)\) - "
    r"(?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$"
)
"""fpdb-3 ``SealsWithClubsToFpdb.re_GameInfo``: a cash game (``Omaha PL (0.50/1)``) or a
tournament (``Tournament (NAME)#T, 10+1 Omaha PL - Level I (10/20)``)."""
SWCPOKER_TOTAL_RE = re.compile(r"^Total pot (?P<total>[\d,.]+) \| Rake (?P<rake>[\d,.]+)$")


def swcpoker_header(line: str, unzoned: str = "UTC") -> HandHeader:
    """Line 1 of a SwCPoker hand; the time has no zone (``unzoned``)."""
    m = SWCPOKER_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"not a SwCPoker header: {line[:80]!r}", 0, line)
    game = game_info(m["game"])
    if game is None:
        raise not_omaha(m["game"], line)
    tournament = m["tid"] is not None
    currency, unit = (CHIPS, 1) if tournament else (NO_CURRENCY, 100)
    local = parse_time(m["stamp"], "%Y-%m-%d %H:%M:%S", 0, line)
    return HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{m['low']}/{m['high']}",
        stake_low=amount(m["low"], unit, line),
        stake_high=amount(m["high"], unit, line),
        started_at=utc(local, unzoned),
        started_at_text=m["stamp"],
        tournament_id=m["tid"],
        tournament_name=m["tname"],
        tournament_level=m["level"],
        buy_in=m["buyin"],
    )


def _swcpoker_total(hand: StarsHand, line: str, offset: int) -> bool:
    """``Total pot 6.50 | Rake 0.25``, on one line per pot: the figures summed."""
    if not line.startswith("Total pot "):
        return False
    m = SWCPOKER_TOTAL_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unreadable total pot line: {line!r}", offset, line)
    hand.total = (hand.total or 0) + hand.money(m["total"], offset)
    hand.rake = (hand.rake or 0) + hand.money(m["rake"], offset)
    return True


def total_as_printed(hand: HandRecord) -> HandRecord:
    """fpdb reads some SwCPoker totals as net of the rake and the returned bet (it adds
    both back when a player collected the whole printed total). Here the hand's own
    figures decide: a total that is the chips put in less the returns is kept; one
    that is that less the rake too is read as net of rake, with a note; any other is
    left as printed for the audit to judge."""
    total, rake = hand.total_pot_reported, hand.rake_reported
    if total is None or not rake:
        return hand
    put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
    if put_in == total or put_in != total + rake:
        return hand
    note = "Total pot printed net of the rake (the chips put in are the total plus the rake)"
    return replace(hand, total_pot_reported=total + rake, notes=(*hand.notes, note))


SWCPOKER = Dialect(
    site=Site.SEALSWITHCLUBS,
    header=partial(swcpoker_header, unzoned=conventions(Site.SEALSWITHCLUBS).time_zone or "UTC"),
    table=read_table,
    street_re=STREET_NAMES_RE,
    summary=_swcpoker_total,
    finish=total_as_printed,
)

SWCPOKER_FORMAT = dialect_format("sealswithclubs_stars", r"SwCPoker Hand\s*#", SWCPOKER)
