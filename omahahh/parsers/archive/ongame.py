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
$25 bet is folded to). Hi/Lo halves are untagged, high first (a scoop names
the winner twice), or tagged ``A ($4.75 High), B ($4.75 Low)``. Cards shown at
showdown are in the summary's seat lines.

Tournament hands: ``***** History for hand T5-556424428-1 (TOURNAMENT: "Name",
R-10093-864, buy-in: €5) *****`` (name, id and buy-in each optional), chip
stakes, ``(…25/50, ante: 5, Real money)``, ``posts ante (5)``. The client is
Java: the start line's zone is ``Date.toString()``'s short name (``CET``,
``EEST``, ``PDT``) or a custom zone's offset (``GMT+0100``). Older tables print
stakes without a symbol (``0.25/0.50``): the seats' symbol names the currency.
Posts may end ``[all in]``; ``posts dead blind``, ``posts small & big blind``,
``NAME sits out`` (dealt no cards) are read too.
"""

from __future__ import annotations

import re
from datetime import timezone

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
from omahahh.parsers.common import TableLine, abbreviated_zone
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block

FIRST_RE = re.compile(
    r"^\*\*\*\*\* History for hand (?P<id>[A-Za-z0-9-]+)"
    r"(?P<tour> \(TOURNAMENT:(?: \"(?P<name>.+?)\",)?(?: (?P<tid>[-A-Z\d]+))?"
    r"(?:, buy-in: (?P<buyin>[$€£]?[\d,.]+))?\))? \*\*\*\*\*$"
)
START_RE = re.compile(
    r"^Start hand: \w{3} (?P<stamp>\w{3} \d\d \d\d:\d\d:\d\d) (?P<zone>\S+) (?P<year>\d{4})$"
)
AMOUNT = r"[$€£]?[\d,.]+"
TABLE_RE = re.compile(
    r"^Table: (?P<name>.+) \[(?P<tid>\d+)\] \((?P<limit>POT_LIMIT|NO_LIMIT|LIMIT) "
    rf"(?P<game>\w+) (?P<low>{AMOUNT})/(?P<high>{AMOUNT})(?:, ante: (?P<ante>{AMOUNT}))?"
    r"(?:, (?P<money>[^,)]*))?\)$"
)
MONEY_WORDS = {"Real money": None, "Play money": PLAY, "TC": CHIPS, "Chips": CHIPS}
"""The table line's money word: real money (the currency of the amounts' symbol), play
money, or chips (``TC``, ``Chips``: fpdb's ``MONEY`` group)."""
SEAT_AMOUNT_RE = re.compile(rf"^Seat \d+: .+ \((?P<amount>{AMOUNT})\)\s*$")
GAMES = {"OMAHA_HI": False, "OMAHA_HI_LO": True}
LIMITS = {
    "POT_LIMIT": Structure.POT_LIMIT,
    "NO_LIMIT": Structure.NO_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
MONEY = r"(?P<amount>[$€£]?-?[\d,.]+)"
ALLIN = r"(?P<allin> \[all in\]| and is all-in)?\s*"
CARDS = r"\[(?P<cards>[^\]]*)\]"
WINNER_RE = re.compile(
    r"(?P<name>.+?) \((?P<amount>[$€£]?[\d,.]+)(?: (?P<half>High|Low))?\)(?:, |$)"
)
"""One winner of a pot: ``alikator21 ($354.50)``, or a Hi/Lo half ``Bob ($4.75 Low)``."""


def _pot(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Main pot: $710.00 won by A ($354.50), B ($354.50)`` (``Side pot N: …`` likewise);
    a Hi/Lo half may be tagged (``A ($4.75 High), B ($4.75 Low)``)."""
    pot = 0 if m["pot"] == "Main pot" else int(m["n"] or 1)
    gross = hand.money(m["amount"], offset)
    if pot == 0:
        hand.main = gross
    else:
        hand.sides.append(gross)
    label = m["pot"].lower()
    winners, at = m["winners"], 0
    while at < len(winners):
        w = WINNER_RE.match(winners, at)
        if w is None:
            line = hand.block.lines[offset]
            why = f"unreadable winner in a pot line: {winners[at:]!r}"
            raise HandParseError("unknown_line", why, offset, line)
        at = w.end()
        hand.collections.add(
            player=hand.player(w["name"], offset),
            amount=hand.money(w["amount"], offset),
            pot_index=pot,
            half=w["half"].lower() if w["half"] else None,
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
    s.shape(rf"^(?P<name>.+) posts small blind \({MONEY}\){ALLIN}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posts big blind \({MONEY}\){ALLIN}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) posts dead blind \({MONEY}\){ALLIN}$", s.post_dead),
    s.shape(rf"^(?P<name>.+) posts ante \(?{MONEY}\)?{ALLIN}$", s.post_ante),
    s.shape(rf"^(?P<name>.+) posts small & big blind \( ?{MONEY}\){ALLIN}$", s.post_small_and_big),
    s.shape(r"^(?P<name>.+) sits out$", s.sits_out),
    s.shape(r"^---$", s.ignore),
    s.shape(r"^Dealing pocket cards$", s.ignore),
    s.shape(rf"^(?:Dealing to|New hand for) (?P<name>.+): {CARDS}$", s.dealt),
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


STANDARD_NAMES = {
    "WET": "UTC",
    "CET": "Etc/GMT-1",
    "EET": "Etc/GMT-2",
    "EST": "Etc/GMT+5",
    "AEST": "Etc/GMT-10",
}
"""Standard-time names at their standard offset all year. Java prints a zone's summer
name in summer (``CEST``), so ``CET`` in July is a zone without summer time (Algeria:
UTC+1); the shared table reads these names by region, for rooms that print one name
all year."""


def _zone(name: str, line: str) -> timezone | str:
    """The start line's zone: a GMT offset (``GMT+0100``, ``GMT+01:00``), else a Java
    short zone name (``CET``, ``EEST``, ``PDT``); an ambiguous one (``IST``) or an unknown
    one is ``bad_header``."""
    if name.startswith(("GMT+", "GMT-", "UTC+", "UTC-")):
        return zone_of(name)
    return STANDARD_NAMES.get(name) or abbreviated_zone(name, 1, line)


def _currency(lines: tuple[str, ...], t: re.Match[str], tournament: bool) -> tuple[str, int]:
    """The hand's currency and minor unit.

    Tournament chips are whole chips. Real money is the currency of the stakes' symbol,
    else of the first seat's (2010 tables print ``0.25/0.50`` and seats ``($27.11)``);
    a real-money table whose amounts carry no symbol at all names no currency:
    ``bad_header``, not a guess. Play money and chips printed with cents count cents.
    """
    word = t["money"]
    if word is not None and word not in MONEY_WORDS:
        raise HandParseError("bad_header", f"unknown money word {word!r}", 2, lines[2])
    if tournament:
        return CHIPS, 1
    kind = MONEY_WORDS.get(word) if word is not None else None
    if kind is not None:
        amounts = [t["low"], t["high"], *(m["amount"] for m in _seat_amounts(lines))]
        return kind, 100 if any("." in a for a in amounts) else 1
    symbol = t["low"][0] if not t["low"][0].isdigit() else ""
    if not symbol:
        symbol = next((a["amount"][0] for a in _seat_amounts(lines) if a["amount"][0] in "$€£"), "")
    if not symbol:
        why = "a cash table whose stakes and stacks print no currency"
        raise HandParseError("bad_header", why, 2, lines[2])
    currency = currency_of(symbol, CHIPS)
    return currency, unit_of(currency)


def _seat_amounts(lines: tuple[str, ...]) -> list[re.Match[str]]:
    found = (SEAT_AMOUNT_RE.match(ln) for ln in lines[3:])
    return [m for m in found if m is not None]


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
    # "T5-…" is a tournament hand (HHSmithy's reader), "(TOURNAMENT: …)" names it.
    tournament = first["tour"] is not None or first["id"].startswith("T")
    currency, unit = _currency(lines, t, tournament)
    local = parse_time(f"{st['stamp']} {st['year']}", "%b %d %H:%M:%S %Y", 1, lines[1])
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=first["tid"],
        tournament_name=first["name"],
        buy_in=first["buyin"],
        currency=currency,
        unit=unit,
        stakes=f"{t['low']}/{t['high']}",
        stake_low=amount(t["low"], unit, lines[2]),
        stake_high=amount(t["high"], unit, lines[2]),
        ante=amount(t["ante"], unit, lines[2]) if t["ante"] else None,
        started_at=utc(local, _zone(st["zone"], lines[1])),
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
