"""iPoker hands as PokerTracker writes them (``GAME #… Version:… Uncalled:Y``).

```
GAME #9300000001 Version:23.1.1.1 Uncalled:Y Omaha PL €0.50/€1 2023-05-01 18:00:00/GMT
Table Size 6                 (tournaments: Table Info: Size: 6, Blinds: 50/100, Ante: 10)
Table Crafted Lyon, 900000003
                             (Table NAME, 1200000001, 2 (Tournament: NAME Buy-In: €9.20 + €0.80))
Seat 1: Hero (€100.00 in chips)
Seat 3: Villain1 (€80.00 in chips)  DEALER
Villain2: Post SB €0.50      (Post BB, Post Ante, Post DB / Post X: both blinds)
*** HOLE CARDS ***
Dealt to Hero [SA HK D10 C2]                  (suit first)
Villain1: Raise (NF) €3.50   (the street total) | Call €2.50 | Bet €5 | Allin €18.50 (added)
*** FLOP *** [C4 D8 H3]      (TURN, RIVER: the new card)
*** SUMMARY ***
Total pot €7.25 Rake €0.25   (the pot less the rake and the unmatched bet)
Hero: Shows [SA SK DA DK] Three of a kind, Aces
Villain1: wins €7.25
```

Written by the iPoker client's text export (Betclic, FDJ and other skins) and read by
fpdb as a "PokerTracker" file (``PokerTrackerToFpdb.py``: ``sites["GAME #"]`` is
iPoker; its test of an FDJ hand); a TypeScript reader of the same dialect (Betclic)
agrees on the amounts. A room of its own (``ipoker_pt``), not iPoker XML: it prints a
``Total pot`` net of rake and of the unmatched bet, and the rake, where the XML prints
neither.

- ``Uncalled:Y``: the totals and the ``wins`` figures leave the unmatched bet out
  (fpdb). Without it (older exports: fpdb reads the figures as holding it) each hand
  decides from its figures and its printed rake
  (:func:`omahahh.parsers.unmatched.win_holds_return`), else it is refused;
- ``Raise X`` / ``Raise (NF) X``: a raise to X; ``Raise to X`` the chips added (fpdb's
  ``addCallandRaise``); ``Call``, ``Bet``, ``Allin``: the chips added;
- a second ``Post SB`` is the big blind posted short in a tournament, a dead small
  blind at a cash table; a later ``Post BB`` of a big and a small blind is both (the
  small part dead); ``Post DB X`` / ``Post X``: a small blind when it is one, else both;
- a tournament prints ``€`` on its chips; its id and buy-in are on the table line;
- ``Blaze`` tables and ``Quick Folded`` lines are fast fold; ``Hand cancelled`` cancels
  the hand; ``- $X Cap -`` (a capped table) is read with a note (the cap is not
  modelled);
- the time is printed ``…/GMT`` (UTC); a time with no zone is read as ET, as fpdb does
  (``--source-timezone`` overrides).

Games: ``Omaha``/``Omaha Hi`` (pot limit when no limit is named, as fpdb reads it),
``Omaha Hi/Lo``; ``Holdem`` and ``Texas Hold'em`` are not Omaha.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from omahahh.errors import HandParseError
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import (
    POKERTRACKER_LIMITS,
    amount,
    omaha,
    parse_time,
    utc,
    zone_of,
)
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import add_action
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.parsers.unmatched import awards_hold_unmatched, take_out
from omahahh.rooms.conventions import conventions

SITE = Site.IPOKER_PT
FIRST_RE = re.compile(
    r"^GAME #(?P<id>[\d-]+)(?: Version:(?P<version>[\d.]+)(?: (?P<uncalled>Uncalled:Y))?)?"
    r"(?::\s*|\s+\|\s+|\s+)"
    r"(?P<game>Texas Hold'em|Holdem|Omaha Hi/Lo|Omaha Hi|Omaha)\s\s?"
    r"(?:(?P<limit>PL|NL|FL|No Limit|Pot Limit|LIMIT|Limit)\s\s?)?"
    r"(?P<tour>Tournament)?"
    r"(?:\(?(?P<cur>[$€£]?)(?P<low>[\d.,]+)/[$€£]?(?P<high>[\d.,]+)"
    r"(?P<cap> - [$€£]?[\d.,]+ Cap -)?\s?(?P<iso>USD|EUR|GBP|CAD|FPP)?\)?)?"
    r"(?:\s+\|\s+|\s+)(?P<stamp>\d{4}-\d\d-\d\d[- ]+\d{1,2}:\d\d:\d\d)(?:/(?P<zone>[A-Z]+))?$"
)
TABLE_SIZE_RE = re.compile(r"^Table Size (?P<max>\d+)$")
TABLE_INFO_RE = re.compile(
    r"^Table Info: Size: (?P<max>\d+), Blinds: (?P<low>[\d.,]+)/(?P<high>[\d.,]+)"
    r"(?:, Ante: (?P<ante>[\d.,]+))?$"
)
TOURNAMENT_TABLE_RE = re.compile(
    r"^Table (?P<name>.*?) ?, (?P<tid>\d+)(?:, \d+)? "
    r"\(Tournament: (?:(?P<tname>.+?) )?Buy-In: (?P<buyin>[^)]+)\)$"
)
CASH_TABLE_RE = re.compile(r"^Table (?P<name>.+?)(?:, Seats (?P<max>\d+))?$")
GAMES = {"Omaha": False, "Omaha Hi": False, "Omaha Hi/Lo": True}
LIMITS = POKERTRACKER_LIMITS
UNNAMED_LIMIT = Structure.POT_LIMIT
"""fpdb: an Omaha header naming no limit is pot limit."""
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
ISO = {"USD": "USD", "EUR": "EUR", "GBP": "GBP", "CAD": "CAD"}
MONEY = r"(?P<amount>[$€£]?[\d.,]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"
ALL_IN = r"(?P<allin>\s+and is all-in)?(?:\s+and has reached the \[[^\]]*\] cap)?"


def suit_first(text: str) -> str:
    """``SA HK D10 C2`` (suit first, ``10`` for a ten) in the ``As Kh Td 2c`` spelling.

    >>> suit_first("SA HK D10 C2")
    'As Kh Td 2c'
    """
    return " ".join(t[1:].replace("10", "T") + t[0].lower() for t in text.split())


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    s.seat(hand, m, offset)
    if m["dealer"]:
        hand.button_seat = int(m["seat"])


def _small_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Post SB``: the first is the small blind; a second the big blind posted short in
    a tournament (fpdb), dead money at a cash table."""
    name = hand.player(m["name"], offset)
    value = hand.money(m["amount"], offset)
    if hand.first_sb is None:
        hand.post_small_blind(name, value, offset, False)
    elif hand.h.game_type is GameType.TOURNAMENT and hand.first_bb is None:
        hand.post_big_blind(name, value, offset, False, sizes_blind=False)
    else:
        add_action(hand, name, ActionKind.POST_DEAD, value, offset, live=False)


def _big_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Post BB``: a later one of a big and a small blind is both (fpdb)."""
    name = hand.player(m["name"], offset)
    value = hand.money(m["amount"], offset)
    small, big = hand.first_sb, hand.first_bb
    if big is not None and small is not None and value == big + small:
        add_action(hand, name, ActionKind.POST_DEAD, small, offset, live=False)
        hand.post_big_blind(name, big, offset, False)
    else:
        hand.post_big_blind(name, value, offset, False)


def _both(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Post DB X`` / ``Post X``: the small blind when X is one, else both blinds."""
    value = hand.money(m["amount"], offset)
    if hand.first_sb is not None and value == hand.first_sb:
        name = hand.player(m["name"], offset)
        add_action(hand, name, ActionKind.POST_DEAD, value, offset, live=False)
    else:
        s.post_small_and_big(hand, m, offset)


def _raise(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Raise X`` / ``Raise (NF) X``: a raise to X; ``Raise to X``: the chips added."""
    if m["to"]:
        s.raise_added(hand, m, offset)
        return
    to = hand.money(m["amount"], offset)
    if to <= hand.current_bet():
        line = hand.block.lines[offset]
        why = f"a raise to {m['amount']}, no more than the bet faced"
        raise HandParseError("bad_amount", why, offset, line)
    s.raise_to(hand, m, offset)


def _quick_fold(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.extra["fast_fold"] = True
    s.fold(hand, m, offset)


def _cancelled(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.cancelled = True


def _total(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.total = hand.money(m["amount"], offset)
    if m["rake"]:
        hand.rake = hand.money(m["rake"], offset)


SHAPES = (
    s.shape(r"^The button is in seat #(?P<seat>\d+)$", s.button_seat),
    s.shape(
        rf"^Seat (?P<seat>\d+): (?P<name>.+?) \({MONEY}(?: in chips)?\)(?P<dealer>\s+DEALER)?$",
        _seat,
    ),
    s.shape(
        rf"^(?P<name>.+?):? (?:Post SB|posts? the small blind(?: of)?|posted the small blind -) "
        rf"{MONEY}$",
        _small_blind,
    ),
    s.shape(
        rf"^(?P<name>.+?):? (?:Post BB|posts? the big blind(?: of)?|posted the big blind -) "
        rf"{MONEY}$",
        _big_blind,
    ),
    s.shape(
        rf"^(?P<name>.+?):? (?:Post Ante|posts? (?:the )?ante(?: of)?|posted (?:the )?ante -) "
        rf"{MONEY}$",
        s.post_ante,
    ),
    s.shape(rf"^(?P<name>.+?):? posts the dead blind of {MONEY}$", _big_blind),
    s.shape(rf"^(?P<name>.+?): Post(?: DB)? {MONEY}$", _both),
    s.shape(r"^\*\*\* HOLE CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?)(?: \[[^\]]*\])? {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\*\* TURN \*\*\* {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\*\* RIVER \*\*\* {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+?):? (?:Fold|folds)$", s.fold),
    s.shape(r"^(?P<name>.+?) Quick Folded$", _quick_fold),
    s.shape(r"^(?P<name>.+?):? (?:Check|checks)$", s.check),
    s.shape(rf"^(?P<name>.+?):? (?:Call|calls) {MONEY}{ALL_IN}$", s.call),
    s.shape(rf"^(?P<name>.+?):? (?:Bet|bets) {MONEY}{ALL_IN}$", s.bet),
    s.shape(rf"^(?P<name>.+?):? (?:Raise|raises)(?: \(NF\))?(?P<to> to)? {MONEY}{ALL_IN}$", _raise),
    s.shape(rf"^(?P<name>.+?):? Allin {MONEY}{ALL_IN}$", s.all_in),
    s.shape(r"^Hand cancelled$", _cancelled),
)
SUMMARY = (
    s.shape(rf"^Total pot {MONEY}(?:\s+\|?\s*Rake (?P<rake>[$€£]?[\d.,]+))?$", _total),
    s.shape(rf"^(?P<name>.+?):? (?:Shows|shows) {CARDS}(?:\s+(?P<desc>.+))?$", s.show),
    s.shape(rf"^(?P<name>.+?):? (?:Mucks|mucks|mucked) {CARDS}(?:\s+.*)?$", s.muck),
    s.shape(rf"^(?P<name>.+?):? (?:wins|collects) {MONEY}$", s.collect()),
    s.shape(r"^Hand cancelled$", _cancelled),
)
IPOKER_PT = LineFormat(
    site=SITE,
    shapes=SHAPES,
    money=lambda text, unit: s.default_money(text.replace(",", ""), unit),
    cards=suit_first,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: Sequence[str], context: ParseContext) -> tuple[HandHeader, bool]:
    """The ``GAME #`` line and the table lines after it; also whether the export says
    ``Uncalled:Y``. The seats start at ``first_seat_line``."""
    first = FIRST_RE.match(lines[0])
    if first is None:
        why = f"not an iPoker text header: {lines[0][:100]!r}"
        raise HandParseError("bad_header", why, 0, lines[0])
    if first["game"] not in GAMES:
        raise HandParseError("unsupported_game", f"not Omaha: {first['game']}", 0, lines[0])
    tournament = first["tour"] is not None
    if tournament:
        currency = CHIPS
    elif first["cur"]:
        currency = CURRENCIES[first["cur"]]
    elif first["iso"] in ISO:
        currency = ISO[first["iso"]]
    else:
        why = f"a cash header naming no currency: {lines[0][:100]!r}"
        raise HandParseError("bad_header", why, 0, lines[0])
    unit = unit_of(currency)
    low = high = ante = None
    if first["low"]:
        low = amount(first["low"].replace(",", ""), unit, lines[0])
        high = amount(first["high"].replace(",", ""), unit, lines[0])
    notes: list[str] = []
    if first["cap"]:
        notes.append(f"capped table ({first['cap'].strip(' -')}): the cap is not modelled")
    name, max_seats, tid, buy_in, tname = "", None, None, None, None
    offset = 1
    while offset < len(lines) and not lines[offset].startswith(("Seat ", "The button")):
        line = lines[offset]
        size, info = TABLE_SIZE_RE.match(line), TABLE_INFO_RE.match(line)
        tour_table = TOURNAMENT_TABLE_RE.match(line)
        if size is not None:
            max_seats = int(size["max"])
        elif info is not None:
            max_seats = int(info["max"])
            if low is None:
                low = amount(info["low"].replace(",", ""), unit, line)
                high = amount(info["high"].replace(",", ""), unit, line)
            if info["ante"]:
                ante = amount(info["ante"].replace(",", ""), unit, line)
        elif tour_table is not None:
            name, tid, buy_in, tname = (
                tour_table["name"], tour_table["tid"], tour_table["buyin"], tour_table["tname"],
            )  # fmt: skip
        elif (cash_table := CASH_TABLE_RE.match(line)) is not None:
            name = cash_table["name"]
            max_seats = int(cash_table["max"]) if cash_table["max"] else max_seats
        elif line.strip():
            why = f"unknown line before the seats: {line[:100]!r}"
            raise HandParseError("unknown_line", why, offset, line)
        offset += 1
    if tournament and tid is None:
        why = "a tournament hand with no tournament table line"
        raise HandParseError("bad_table_line", why, min(offset, len(lines) - 1), lines[0])
    zone_name = first["zone"]
    if zone_name in ("GMT", "UTC"):
        where = zone_of("UTC")
    elif zone_name:
        where = zone_of(zone_name)
    else:
        where = context.zone_for(conventions(SITE).time_zone)
    stamp = first["stamp"].replace("- ", " ").replace(" -", " ")
    local = parse_time(" ".join(stamp.split()), "%Y-%m-%d %H:%M:%S", 0, lines[0])
    limit = first["limit"]
    label = " ".join(p for p in (first["game"], limit) if p)
    return (
        HandHeader(
            hand_id=first["id"],
            game=omaha(
                label,
                LIMITS[limit] if limit is not None else UNNAMED_LIMIT,
                4,
                GAMES[first["game"]],
            ),
            game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
            currency=currency,
            unit=unit,
            stakes=f"{first['cur'] or ''}{first['low']}/{first['cur'] or ''}{first['high']}"
            if first["low"]
            else "",
            stake_low=low or 0,
            stake_high=high or 0,
            started_at=utc(local, where),
            started_at_text=first["stamp"] + (f"/{zone_name}" if zone_name else ""),
            fast_fold="Blaze" in name,
            tournament_id=tid,
            tournament_name=tname,
            buy_in=buy_in,
            ante=ante,
            table=TableLine(name=name, max_seats=max_seats, button_seat=0),
            first_seat_line=offset,
            notes=tuple(notes),
        ),
        first["uncalled"] is not None,
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h, uncalled_flag = header(lines, context)
    hand = ArchiveHand(h, block, IPOKER_PT)
    hand.notes.extend(h.notes)
    read_body(hand, lines, h.first_seat_line)
    if not hand.cancelled:
        s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    if not uncalled_flag and not hand.cancelled:
        rake = 0 if h.game_type is GameType.TOURNAMENT else hand.rake
        back_to, back, holds = awards_hold_unmatched(hand.actions, hand.collections, rake)
        if holds is None:
            last = max(hand.collections.lines)
            why = (
                f"an export without Uncalled:Y: whether 'wins' pays back {back_to}'s "
                f"unmatched {back} is not decided by the hand's figures"
            )
            raise HandParseError("ambiguous_amount", why, last, lines[last])
        if holds and back_to is not None:
            take_out(hand.collections, back_to, back)
            hand.notes.append(f"'wins' holds {back_to}'s unmatched {back}: taken out")
            if hand.total is not None and hand.total - back == sum(hand.collections.amounts):
                hand.total -= back
                hand.notes.append(f"'Total pot' holds {back_to}'s unmatched {back}: taken out")
    record = hand.freeze()
    fast = h.fast_fold or bool(hand.extra.get("fast_fold"))
    return dataclasses.replace(record, fast_fold=True) if fast else record


FORMAT = Format(
    name="ipoker_pt",
    site=SITE,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"GAME #",
    blank_runs_inside=True,
)
