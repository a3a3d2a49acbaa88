"""Entraction (the Nordic network, closed 2011-2012): column-aligned text, no ``***`` markers.

```
Game # 2137871766 - Omaha High Pot Limit EUR 0.02/0.04 - Table "Aburatsu"
Players(max 6):
lukasp2                     (EUR 1.62 in seat 1)
Dealer:                     w8in88
Small Blind:                lukasp2     (0.02)
Big Blind:                  F4UXR34L    (0.04)
F4UXR34L was dealt:         2c - 3s - As - 3d
mqa151099                   Call        (0.04)
Flop                        Ts - Ks - Kd
jacky12                     Payback     (0.18)
jacky12 wins:               EUR 0.18 [main pot|side pot|split pot] [(with …)]
Rake:                       EUR 0.00
Game ended 2011-03-21 16:40:38 GMT
```

Amounts in brackets are the chips put in by that line (``Raise (0.96)`` adds
0.96; ``All-In (0.57)`` the player's last 0.57); ``Payback`` returns an
unmatched bet. The money word is an ISO code, ``Fun`` (play money, in cents)
or none (a tournament's chips, its table ``"NAME TOURNO TABLENO"``); an ante
may follow the stakes (``and 0.10 ante``) and has its own lines (``NAME Ante
(0.10)``). The blind lines are a list, not the order of posting (heads-up
prints the big blind first): the small blind is recorded first. The only time
printed is when the hand ended, with its zone (``GMT``, ``GMT+01:00``,
``CEST``, ``EEST``) or none (read at UTC+1, HHSmithy's reading); it is kept as
the hand's time. Hi/Lo awards are untagged, the high winners first; a scoop
prints two lines.
"""

from __future__ import annotations

import re
from datetime import timezone

from omahahh.action_table import ActionTable
from omahahh.errors import HandParseError
from omahahh.model import POST_KINDS, ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, not_omaha, omaha, parse_time, utc, zone_of
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

HEADER_RE = re.compile(
    r"^Game # (?P<id>\d+) - (?P<game>.+?) (?:(?P<cur>[A-Z]{3}|Fun) )?"
    r"(?P<low>[\d,.]+)/(?P<high>[\d,.]+)(?: and (?P<ante>[\d,.]+) ante)?"
    r" - Table \"(?P<table>.*)\"$"
)
"""fpdb's ``EntractionToFpdb.re_GameInfo``: an ISO currency, ``Fun`` (play money) or none (a
tournament's chips, its table ``"NAME TOURNO TABLENO"``), an ante after the stakes."""
TOURNAMENT_TABLE_RE = re.compile(r"^(?P<name>.*?) (?P<tid>\d+) (?P<table>\d+)$")
GAME_RE = re.compile(
    r"^(?:(?P<cards>[56])-Card )?Omaha (?P<kind>High|Hi/Lo) "
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit)$"
)
ENDED_RE = re.compile(r"^Game ended (?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?: (?P<zone>\S+))?$")
LIMITS = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
}
CARDS = r"(?P<cards>[2-9TJQKA][cdhs](?: - [2-9TJQKA][cdhs])*)"
AMOUNT = r"\((?P<amount>[\d,.]+)\)"
CURRENCY = r"(?:(?:[A-Z]{3}|Fun) )?"
"""The money word before an amount: an ISO code, ``Fun``, or none (tournament chips)."""
BLIND_ORDER = {ActionKind.POST_SMALL_BLIND: 0, ActionKind.POST_BIG_BLIND: 1}

SHAPES = (
    s.shape(
        r"^Players\(max (?P<max>\d+)\):$", lambda h, m, o: setattr(h, "max_seats", int(m["max"]))
    ),
    s.shape(rf"^(?P<name>.+?)\s+\({CURRENCY}(?P<amount>[\d,.]+) in seat (?P<seat>\d+)\)$", s.seat),
    s.shape(r"^Dealer:\s+(?P<name>.+?)\s*$", s.button_name),
    s.shape(rf"^Small Blind:\s+(?P<name>.+?)\s+{AMOUNT}$", s.post_small_blind),
    s.shape(rf"^Big Blind:\s+(?P<name>.+?)\s+{AMOUNT}$", s.post_big_blind),
    s.shape(rf"^Small \+ Big Blind:\s+(?P<name>.+?)\s+{AMOUNT}$", s.post_small_and_big),
    # A live big blind from out of position (a newcomer; he has the option: R-BL-5).
    s.shape(rf"^Blind out of turn:\s+(?P<name>.+?)\s+{AMOUNT}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+?)\s+Ante\s+{AMOUNT}$", s.post_ante),
    s.shape(rf"^(?P<name>.+?) was dealt:\s+{CARDS}$", s.dealt),
    s.shape(rf"^Flop\s+{CARDS}$", s.street(Street.FLOP, whole=True)),
    s.shape(rf"^Turn\s+{CARDS}$", s.street(Street.TURN, whole=True)),
    s.shape(rf"^River\s+{CARDS}$", s.street(Street.RIVER, whole=True)),
    s.shape(r"^(?P<name>.+?)\s+Fold$", s.fold),
    s.shape(r"^(?P<name>.+?)\s+Check$", s.check),
    s.shape(rf"^(?P<name>.+?)\s+Call\s+{AMOUNT}$", s.call),
    s.shape(rf"^(?P<name>.+?)\s+Bet\s+{AMOUNT}$", s.bet),
    s.shape(rf"^(?P<name>.+?)\s+Raise\s+{AMOUNT}$", s.raise_added),
    s.shape(rf"^(?P<name>.+?)\s+All-In\s+{AMOUNT}$", s.all_in),
    s.shape(rf"^(?P<name>.+?)\s+Payback\s+{AMOUNT}$", s.uncalled),
    s.shape(rf"^(?P<name>.+?) shows:\s+{CARDS}(?: \((?P<desc>.*)\))?$", s.show),
    s.shape(rf"^(?P<name>.+?) didn't show hand(?: \({CARDS}\))?$", s.muck),
    s.shape(
        rf"^(?P<name>.+?) wins:\s+{CURRENCY}(?P<amount>[\d,.]+)"
        r"(?: (?P<pot>main pot|side pot(?: \d+)?|split pot))?(?: \(with .*\))?$",
        s.collect(),
    ),
    s.shape(rf"^Rake:\s+{CURRENCY}(?P<amount>[\d,.]+)$", s.rake),
    s.shape(r"^Game ended ", s.ignore),  # read with the header
)
FORMAT_SHAPES = LineFormat(
    site=Site.ENTRACTION, shapes=SHAPES, cards=lambda text: text.replace(" - ", " ")
)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    line = lines[0]
    m = HEADER_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"not an Entraction header: {line[:80]!r}", 0, line)
    g = GAME_RE.match(m["game"])
    if g is None:
        if "Omaha" in m["game"]:
            raise HandParseError("bad_header", f"unknown Omaha game {m['game']!r}", 0, line)
        raise not_omaha(m["game"], line)
    game = omaha(m["game"], LIMITS[g["limit"]], int(g["cards"] or 4), g["kind"] == "Hi/Lo")
    table_name, tournament_id = m["table"], None
    if m["cur"] is None:  # a tournament: chips, the table "NAME TOURNO TABLENO"
        currency, unit = CHIPS, 1
        t = TOURNAMENT_TABLE_RE.match(m["table"])
        if t is not None:
            tournament_id = t["tid"]
    elif m["cur"] == "Fun":
        currency, unit = PLAY, 100  # play money with cents
    else:
        currency = m["cur"]
        unit = unit_of(currency)
    started_at, text = None, ""
    for offset, ln in enumerate(lines):
        e = ENDED_RE.match(ln)
        if e is not None:
            local = parse_time(e["stamp"], "%Y-%m-%d %H:%M:%S", offset, ln)
            if e["zone"] is not None:
                where: timezone | str = zone_of(e["zone"])
            else:
                where = context.zone_for(conventions(Site.ENTRACTION).time_zone)
            started_at = utc(local, where)
            text = f"{e['stamp']} {e['zone']}" if e["zone"] else e["stamp"]
    return HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.CASH if m["cur"] is not None else GameType.TOURNAMENT,
        currency=currency,
        unit=unit,
        stakes=f"{m['cur'] + ' ' if m['cur'] else ''}{m['low']}/{m['high']}",
        stake_low=amount(m["low"], unit, line),
        stake_high=amount(m["high"], unit, line),
        started_at=started_at,
        started_at_text=text,
        tournament_id=tournament_id,
        ante=amount(m["ante"], unit, line) if m["ante"] else None,
        table=TableLine(
            name=table_name,
            max_seats=None,
            button_seat=0,
        ),
    )


def _blinds_first(hand: ArchiveHand) -> None:
    """The blind list in posting order: small, then big blinds (a line's posts together)."""
    n = next((i for i, a in enumerate(hand.actions) if a.kind not in POST_KINDS), len(hand.actions))
    rank: dict[int, int] = {}
    for a in hand.actions[:n]:
        rank[a.line] = min(rank.get(a.line, 2), BLIND_ORDER.get(a.kind, 2))
    head = sorted(hand.actions[:n], key=lambda a: rank[a.line])
    hand.actions = ActionTable.of([*head, *hand.actions[n:]])


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    s.require_line(lines, any(ln.startswith("Rake:") for ln in lines), "Rake line")
    hand = ArchiveHand(header(lines, context), block, FORMAT_SHAPES)
    read_body(hand, lines, 1)
    _blinds_first(hand)
    hand.idle_seats_sat_out()
    notes = [] if hand.h.started_at else ["no 'Game ended' line: the hand has no time"]
    return hand.freeze(notes=notes)


FORMAT = Format(
    name="entraction",
    site=Site.ENTRACTION,
    parse=parse,
    header=lambda first_line: HEADER_RE.match(first_line) is not None,
    block_start=r"Game # \d",
)
