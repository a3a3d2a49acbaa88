"""Ongame network (iPoker's Nordic rival, closed 2013): ``***** History for hand …`` blocks.

```
***** History for hand R5-361875219-6 *****
Start hand: Mon Jan 06 08:55:00 CET 2014
Table: Hospitalet [361875219] (POT_LIMIT OMAHA_HI_LO $5/$5, Real money)
User: HERO
Button: seat 2
Players in round: 4 (6)
Seat 1: alikator21 ($355.00)
McCall901 posts small blind ($5)
---
Dealing pocket cards
Dealing to HERO: [7h, 8s, Ah, 9s]
McCall901 raises $5.00 to $10.00        alikator21 raises $265.00 to $325.00 [all in]
--- Dealing flop [3d, 9d, 7c]
---
Summary:
Main pot: $710.00 won by alikator21 ($354.50), McCall901 ($354.50)
Rake taken: $1
Seat 1: alikator21 ($354.50), net: -$0.50, [Kc, Ks, 6s, 5d] (PAIR KING)
***** End of hand R5-361875219-6 *****
```

``raises X to Y``: Y is the street total; X is not the raise (``raises $240.00
to $240.00`` over a $60 bet), so only Y is kept. No uncalled bet is printed:
the pots are stated after returns and before rake (``Main pot: $25.00`` when a
$25 bet is folded to). Hi/Lo halves are untagged, high first; a scoop names
the winner twice. Cards shown at showdown are in the summary's seat lines.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import (
    amount,
    currency_of,
    not_omaha,
    omaha,
    parse_time,
    utc,
    zone_of,
)
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block

FIRST_RE = re.compile(r"^\*\*\*\*\* History for hand (?P<id>[A-Za-z0-9-]+) \*\*\*\*\*$")
START_RE = re.compile(
    r"^Start hand: \w{3} (?P<stamp>\w{3} \d\d \d\d:\d\d:\d\d) (?P<zone>\S+) (?P<year>\d{4})$"
)
TABLE_RE = re.compile(
    r"^Table: (?P<name>.+) \[(?P<tid>\d+)\] \((?P<limit>POT_LIMIT|NO_LIMIT|LIMIT) "
    r"(?P<game>\w+) (?P<low>[$€£]?[\d,.]+)/(?P<high>[$€£]?[\d,.]+), "
    r"(?P<money>Real money|Play money|[^)]*)\)$"
)
GAMES = {"OMAHA_HI": False, "OMAHA_HI_LO": True}
LIMITS = {
    "POT_LIMIT": Structure.POT_LIMIT,
    "NO_LIMIT": Structure.NO_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
MONEY = r"(?P<amount>[$€£]?-?[\d,.]+)"
ALLIN = r"(?P<allin> \[all in\])?\s*"
CARDS = r"\[(?P<cards>[^\]]*)\]"


def _pot(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Main pot: $710.00 won by A ($354.50), B ($354.50)`` (``Side pot N: …`` likewise)."""
    pot = 0 if m["pot"] == "Main pot" else int(m["n"] or 1)
    gross = hand.money(m["amount"], offset)
    if pot == 0:
        hand.main = gross
    else:
        hand.sides.append(gross)
    label = m["pot"].lower()
    for w in re.finditer(r"(?P<name>.+?) \((?P<amount>[$€£]?[\d,.]+)\)(?:, |$)", m["winners"]):
        hand.collections.add(
            player=hand.player(w["name"], offset),
            amount=hand.money(w["amount"], offset),
            pot_index=pot,
            pot_label=label,
            line=offset,
        )


def _summary_seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Seat 4: Player2 (€243.50), net: -€95, [Qc, 4c, 8h, 9h] (PAIR QUEEN)``: cards shown."""
    if m["cards"]:
        name = next((st.player for st in hand.seats if st.seat == int(m["seat"])), None)
        if name is None:
            raise HandParseError(
                "unknown_player", f"summary names no seated seat: {m['seat']}", offset, m[0]
            )
        hand.shows.add(
            player=name,
            cards=hand.cards(m["cards"], offset),
            description=m["desc"],
            line=offset,
        )


SHAPES = (
    s.shape(r"^User: .+$", s.ignore),
    s.shape(r"^Button: seat (?P<seat>\d+)$", s.button_seat),
    s.shape(r"^Players in round: \d+(?: \((?P<max>\d+)\))?$", lambda h, m, o: _max(h, m)),
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}\)\s*$", s.seat),
    s.shape(rf"^(?P<name>.+) posts small blind \({MONEY}\)$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posts big blind \({MONEY}\)$", s.post_big_blind),
    s.shape(r"^---$", s.ignore),
    s.shape(r"^Dealing pocket cards$", s.ignore),
    s.shape(rf"^Dealing to (?P<name>.+): {CARDS}$", s.dealt),
    s.shape(rf"^--- Dealing flop {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^--- Dealing turn {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^--- Dealing river {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}{ALLIN}$", s.call),
    s.shape(rf"^(?P<name>.+) bets {MONEY}{ALLIN}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises [$€£]?[\d,.]+ to {MONEY}{ALLIN}$", s.raise_to),
)
SUMMARY = (
    s.shape(rf"^(?P<pot>Main pot|Side pot)(?: (?P<n>\d+))?: {MONEY} won by (?P<winners>.+)$", _pot),
    s.shape(rf"^Rake taken: {MONEY}$", s.rake),
    s.shape(
        rf"^Seat (?P<seat>\d+): .+ \({MONEY}\)(?:, net: [+-]?[$€£]?[\d,.]+)?"
        rf"(?:, {CARDS}(?: \((?P<desc>[^)]*)\))?)?\s*$",
        _summary_seat,
    ),
    s.shape(r"^\*\*\*\*\* End of hand \S+ \*\*\*\*\*$", s.ignore),
)


def _max(hand: ArchiveHand, m: re.Match[str]) -> None:
    if m["max"]:
        hand.max_seats = int(m["max"])


ONGAME = LineFormat(
    site=Site.ONGAME,
    shapes=SHAPES,
    summary_start=re.compile(r"^Summary:$"),
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...]) -> HandHeader:
    first = FIRST_RE.match(lines[0])
    if first is None or len(lines) < 3:
        raise HandParseError("bad_header", f"not an Ongame header: {lines[0][:80]!r}", 0, lines[0])
    st = START_RE.match(lines[1])
    if st is None:
        raise HandParseError("bad_header", f"unreadable start line: {lines[1]!r}", 1, lines[1])
    t = TABLE_RE.match(lines[2])
    if t is None:
        if "OMAHA" not in lines[2]:
            raise not_omaha(lines[2][7:], lines[2])
        raise HandParseError("bad_header", f"unreadable table line: {lines[2]!r}", 2, lines[2])
    if t["game"] not in GAMES:
        raise not_omaha(t["game"], lines[2])
    game = omaha(f"{t['limit']} {t['game']}", LIMITS[t["limit"]], 4, GAMES[t["game"]])
    symbol = t["low"][0] if not t["low"][0].isdigit() else ""
    real = t["money"] == "Real money"
    currency = currency_of(symbol, CHIPS) if real else PLAY
    unit = unit_of(currency)
    local = parse_time(f"{st['stamp']} {st['year']}", "%b %d %H:%M:%S %Y", 1, lines[1])
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{t['low']}/{t['high']}",
        stake_low=amount(t["low"], unit, lines[2]),
        stake_high=amount(t["high"], unit, lines[2]),
        started_at=utc(local, zone_of(st["zone"])),
        started_at_text=lines[1][12:],
        table=TableLine(
            name=t["name"],
            max_seats=None,
            button_seat=0,
        ),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    hand = ArchiveHand(header(lines), block, ONGAME)
    s.require_line(lines, any(ln.startswith("Main pot: ") for ln in lines), "'Main pot' line")
    read_body(hand, lines, 3)
    return hand.freeze()


def hand_key(block: Block) -> str | None:
    m = FIRST_RE.match(block.lines[0]) if block.lines else None
    return f"{Site.ONGAME.value}:{m['id']}" if m else None


FORMAT = Format(
    name="ongame",
    site=Site.ONGAME,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"\*\*\*\*\* History for hand ",
    hand_key=hand_key,
)
