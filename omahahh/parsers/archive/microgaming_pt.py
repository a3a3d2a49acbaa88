"""Microgaming hands as PokerTracker exports them (``** Hand # … starting``).

```
** Hand # 5029053937 starting - 2013-09-07 02:30:38     (or ** Hand # N Version:2 starting,
                                                          ** Game ID N starting)
** Position PLO HU 47 - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money
** Deal PLO 251 - €5 Min [Omaha Hi] (0.05|0.10 PL - €Cash Game seats:6) Real Money
** Big Omaha Turbo (12345678):Table 3 [Omaha] (10|20 PL - MTT) Real Money   (a tournament)
Hero sitting in seat 1 with €49.50[Dealer]      (or "- Hero sitting …", "€49.50 [Dealer]")
Hero posted the small blind - €0.25             (posted the big blind, posted to play,
                                                 posted [the] ante)
Player1 went all-in - €0.40                     (before the deal: a blind posted all-in)
** Dealing cards to Hero: Qh, 9c, 2h, Ah
Hero raised to €1.25 | Player0 called - €1.00 | Hero bet - €1.50 | went all-in - €21.26
Player0 checked | Player0 folded | Player0 Quick Folded   (the " - " may be missing)
** Dealing the flop: As, Ad, 8c          (the turn, the river: the new card)
Hero mucks:                              Player0 shows: Ah, 3c, As, Kd   (mucks: cards)
Hero wins €4.35 from the main pot        (from the side pot 1, or no pot named)
Rake: €0.15                              (no line: no rake)
```

Every amount is the chips that line puts in, ``raised to`` included
(``Player0 raised to €16.75`` over his own €1.75, then ``called - €12.50`` from
€6: both players then have €18.50 in); ``bet`` on the first street is such a
raise (fpdb). ``posted to play`` is a joining player's live post (the XML's
``PostedToPlay``, whose end balances show it is the amount printed). A
``went all-in`` before the cards are dealt is a blind posted all-in: the big
blind when the hand has no ``posted the big blind`` line, else the small blind
(fpdb's ``readBlinds``). The table name is the text before the stakes part
(``- €50 Max``, ``- €5 Min``), whose symbol is the currency unless the kind
names one (``€Cash Game``); ``HU`` or ``N Seat`` in the name, or ``seats:N``, is
the table's size. Exports may double every line break: a hand ends only at the
next header. The time has no zone: UTC unless told otherwise (see docs/SITES.md).
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import POST_KINDS, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(
    r"^\*\* (?:Hand #|Game ID) (?P<id>\d+)(?: Version:\d+)? starting - "
    r"(?P<stamp>\d{4}-\d\d-\d\d[- ]+\d{1,2}:\d\d:\d\d)$"
)
TABLE_RE = re.compile(
    r"^\*\*(?: (?P<tour>.+?) \((?P<tid>\d+)\):Table)? (?P<table>.+) "
    r"\[(?:(?:Multi|Single) Table )?(?P<game>[^\]]+)\] "
    r"\((?P<low>[\d,.]+)\|(?P<high>[\d,.]+) (?P<limit>PL|NL|FL|L) - "
    r"(?P<kind>MTT|SNG|STT|(?P<cur>[$€£]?) ?Cash Game)(?: seats:(?P<max>\d+))?[^)]*\)"
    r" (?P<money>Real|Play) Money$"
)
"""fpdb's ``re_GameInfo3``: the tournament, the table, the game, the stakes and kind."""
BUY_IN_RE = re.compile(r"^(?P<name>.+?) - (?P<cur>[$€£]?)[\d,.]+ (?:Max|Min)$")
"""A cash table's name with its buy-in part (``Position PLO HU 47 - €50 Max``)."""
GAMES = {"Omaha": False, "Omaha Hi": False, "Omaha Hi/Lo": True, "Omaha Hi-Lo": True}
LIMITS = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
MONEY = r"(?:- )?(?P<amount>[$€£]?[\d,.]+)"
"""An amount, the `` - `` before it optional (fpdb's ``re_Action2``)."""
CARD = r"(?:10|[2-9TJQKA])(?: of )?[cdhs]"
CARDS = rf"(?P<cards>{CARD}(?:, {CARD})*)"
DEALING = "** Dealing card"
"""Lines before the first of these are the seats and the blinds."""


def _cards(text: str) -> str:
    """``Qh, 10c, A of s`` to ``Qh Tc As``."""
    return " ".join(c.replace(" of ", "").replace("10", "T") for c in text.split(", "))


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    s.seat(hand, m, offset)
    if m["dealer"]:
        hand.button_seat = int(m["seat"])


def _all_in(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``went all-in - X``: before the cards are dealt a blind posted all-in (the big
    blind when no line posts one, else the small blind), after it X chips put in."""
    deal = hand.extra.get("deal_at")
    before_deal = isinstance(deal, int) and offset < deal
    if not before_deal or any(k not in POST_KINDS for k in hand.actions.kinds):
        s.all_in(hand, m, offset)
        return
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    if not hand.extra.get("big_blind_line"):
        hand.post_big_blind(name, amount, offset, True, sizes_blind=False)
    elif not hand.extra.get("small_blind_line"):
        hand.post_small_blind(name, amount, offset, True)
    else:
        line = hand.block.lines[offset]
        why = "an all-in before the deal, both blinds posted"
        raise HandParseError("unknown_line", why, offset, line)


SHAPES = (
    s.shape(
        rf"^(?:- )?(?P<name>.+) sitting in seat (?P<seat>\d+) with {MONEY}"
        r"(?P<dealer> ?\[Dealer\])?$",
        _seat,
    ),
    s.shape(rf"^(?P<name>.+) posted the small blind {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posted the big blind {MONEY}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) posted to play {MONEY}$", s.post_joining_blind),
    s.shape(rf"^(?P<name>.+) posted (?:the )?ante {MONEY}$", s.post_ante),
    s.shape(rf"^\*\* Dealing cards? to (?P<name>.+): (?:NONE)?{CARDS}$", s.dealt),
    s.shape(rf"^\*\* Dealing the flop: {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\* Dealing the turn: {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\* Dealing the river: {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+) (?:folded|Quick Folded)$", s.fold),
    s.shape(r"^(?P<name>.+) checked$", s.check),
    s.shape(rf"^(?P<name>.+) called {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+) bet {MONEY}$", s.bet_or_raise_added),
    s.shape(rf"^(?P<name>.+) raised(?: to)? {MONEY}$", s.raise_added),
    s.shape(rf"^(?P<name>.+) went all-in {MONEY}$", _all_in),
    s.shape(rf"^(?P<name>.+) shows: {CARDS}$", s.show),
    s.shape(rf"^(?P<name>.+) mucks:(?: {CARDS})?$", s.muck),
    s.shape(
        rf"^(?P<name>.+) wins {MONEY}(?: from the (?P<pot>main pot|side pot(?: \d+)?))?$",
        s.collect(),
    ),
    s.shape(rf"^Rake: {MONEY}$", s.rake),
    s.shape(r"^Hand cancelled$", s.cancel),
)


MICROGAMING = LineFormat(site=Site.MICROGAMING_PT, shapes=SHAPES, cards=_cards)


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
        why = f"not an Omaha game: {t['game']}"
        raise HandParseError("unsupported_game", why, at, lines[at])
    if t["limit"] not in LIMITS:
        raise HandParseError("bad_header", f"unknown limit {t['limit']!r}", at, lines[at])
    game = omaha(f"{t['game']} {t['limit']}", LIMITS[t["limit"]], 4, GAMES[t["game"]])
    cash = t["kind"].endswith("Cash Game")
    name = t["table"]
    buy_in = BUY_IN_RE.match(name)
    if buy_in is not None:
        name = buy_in["name"]
    symbol = t["cur"] or (buy_in["cur"] if buy_in is not None else "")
    if t["money"] == "Play":
        currency = PLAY
    elif not cash:
        currency = CHIPS
    else:
        currency = currency_of(symbol, "")
        if not currency:
            why = f"a cash table naming no currency: {lines[at]!r}"
            raise HandParseError("bad_header", why, at, lines[at])
    unit = unit_of(currency)
    stamp = re.sub(r"[- ]+(?=\d{1,2}:)", " ", first["stamp"])
    local = parse_time(stamp, "%Y-%m-%d %H:%M:%S", 0, lines[0])
    zone = context.zone_for(conventions(Site.MICROGAMING_PT).time_zone)
    h = HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH if cash else GameType.TOURNAMENT,
        fast_fold="Blaze" in name,
        currency=currency,
        unit=unit,
        stakes=f"{t['low']}|{t['high']}",
        stake_low=amount(t["low"], unit, lines[at]),
        stake_high=amount(t["high"], unit, lines[at]),
        started_at=utc(local, zone),
        started_at_text=first["stamp"],
        tournament_id=t["tid"],
        tournament_name=t["tour"],
        table=TableLine(name=name, max_seats=_max_seats(t["max"], name), button_seat=0),
    )
    return h, at + 1


def _max_seats(printed: str | None, name: str) -> int | None:
    """``seats:6``, else ``HU`` (2) or ``N Seat`` in the table's name (fpdb's ``re_Max``)."""
    if printed:
        return int(printed)
    m = re.search(r" (HU|\d+ Seat) ", f" {name} ")
    if m is None:
        return None
    return 2 if m[1] == "HU" else int(m[1].split()[0])


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h, start = header(lines, context)
    hand = ArchiveHand(h, block, MICROGAMING)
    deal = next((i for i, ln in enumerate(lines) if ln.startswith(DEALING)), len(lines))
    hand.extra["deal_at"] = deal
    hand.extra["big_blind_line"] = any(" posted the big blind " in ln for ln in lines[:deal])
    hand.extra["small_blind_line"] = any(" posted the small blind " in ln for ln in lines[:deal])
    read_body(hand, lines, start)
    notes: list[str] = []
    if len(hand.seats.players) == 1:
        hand.cancelled = True  # fpdb: a hand with one player was cancelled
        notes.append("one player seated: the hand is cancelled")
    s.require_line(lines, hand.cancelled or bool(hand.collections), "'wins' line")
    return hand.freeze(notes=notes)


FORMAT = Format(
    name="microgaming_pt",
    site=Site.MICROGAMING_PT,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"\*\* (?:Hand #|Game ID) \d+",
    blank_runs_inside=True,
)
