"""Cake Poker / Horizon (closed 2017, DriveHUD's "Horizon"): ``Hand#`` headers, no rake line.

```
Hand#5322021915000046 - $ Perth (9-Max) 21915 -- $0.02/$0.04 PL OmahaHiLo -- 2018/10/30 - 21:36:02
Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- $5 + $0.25 -- 2 Max
    -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40          (a tournament, one line)
Dealer: Seat 7
Seat 1: Sparky1970 ($2.20 in chips)             Seat 1: Player0 ($53.55 in chips)  (EUR €43.38)
prizzy711: posts small blind $0.02              (posts big blind, posts ante of $X)
Dealt to prizzy711 [Tc,4c,Qs,3s]
NAME: folds | checks | calls $X | bets $X | raises to $X | is all in $X | returns uncalled bet $X
*** FLOP *** [8c,Th,4s]                         (then TURN, RIVER: the new card)
NAME: shows [2s 7c 2c 5d] (desc)                NAME: mucks [cards] (Pair) .
***SHOW DOWN***                                 (one section per pot: the last side pot first)
RONALD 11 wins high pot $0.97 with …            NAME wins low pot $X with    NAME wins $1
There is no low hand
```

Also printed: ``$ Perth (Turbo, 6-Max)`` table parts, play-money tables
(``Play Money`` in the table part), a game with no limit word (``$0.10/$0.20 Omaha
H/L``: fixed limit, the figures are the bets, as DriveHUD reads it), dates written
``2018/10/30 - 21:36:02``, ``2018-10-30 - 21-36-02``, ``2018.10.30 - 21/36/02`` or
``2018/10/30 21:36:02``, amounts grouped by spaces (``1 640 in chips``, also no-break
spaces), seats without ``in chips`` (``($5.23)``, ``(EUR 5.23)``),
``NAME:posts dead blind $X and big blind $Y`` (no space after the colon),
``raises $X`` (to X, as fpdb reads it), ``NAME: wins $X``, ``NAME sits out`` and the
tournament's ``NAME finished N out of M players``.

``raises to`` is a street total; ``is all in $X`` the player's last X chips.
Each ``***SHOW DOWN***`` section pays one pot, from the last side pot back to
the main pot (cake:5322021915000046: four sections of $1.94, $0.28, $3.36,
$0.86 are, net of the room's 7 %, the side pots of $2.08, $0.30, $3.60 and the
main pot of $0.92; cake:5322021915000068 the same with two). Cake printed
amounts in dollars; a table shown in euros prints each dollar figure with its
conversion (``$0.25 (EUR €0.20)``), and the header the converted stakes: the
dollars are what moved, the euros are kept only in a note. No rake or total
is printed; the time has no zone (ET, as fpdb reads it).
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

BOM_AS_TEXT = "ï»¿"  # a UTF-8 byte-order mark written out as cp1252 text (DriveHUD's files)
FIRST_RE = re.compile(rf"^(?:{BOM_AS_TEXT})?Hand#(?P<id>[0-9A-Z]+) +- +(?P<rest>.+)$")
STAKES_RE = re.compile(
    r"^(?P<stakes>[^ ]+) (?:(?P<limit>NL|PL|FL) )?"
    r"(?P<game>Omaha|OmahaHiLo|Omaha Hi/Lo|Omaha H/L|Hold'em|\S.*)$"
)
GAMES = {"Omaha": False, "OmahaHiLo": True, "Omaha Hi/Lo": True, "Omaha H/L": True}
LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
DATE_RE = re.compile(
    r"^(?P<y>\d{4})(?P<ds>[/.-])(?P<m>\d\d)(?P=ds)(?P<d>\d\d)(?: - | +)"
    r"(?P<h>\d{1,2})(?P<ts>[:/-])(?P<mi>\d\d)(?P=ts)(?P<s>\d\d)$"
)
"""``2018/10/30 - 21:36:02``; DriveHUD also lists ``2018-10-30 - 21-36-02`` and
``2018.10.30 - 21/36/02``; fpdb takes any spaces (``2018/10/30 21:36:02``)."""
FIGURE = r"[$€£]?\d+(?:[ ,\u00a0\u202f]\d{3})*(?:\.\d+)?"
"""An amount: thousands grouped by commas or by (no-break, narrow) spaces."""
MONEY = rf"(?P<amount>{FIGURE})(?: \([A-Z]{{3}} [^)]*\))?"
CARDS = r"\[(?P<cards>[^\]]*)\]"
SEAT_RE = re.compile(rf"^Seat \d+: .+ \({FIGURE} in chips\)\s*(?:\((?P<shown>[A-Z]{{3}}) .*\))?$")


def _showdown(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A ``***SHOW DOWN***`` section: the awards below it pay the next pot."""
    hand.extra["sections"] = _sections(hand) + 1


def _sections(hand: ArchiveHand) -> int:
    count = hand.extra.get("sections", 0)
    return count if isinstance(count, int) else 0


def _wins(half: str | None) -> s.Reader:
    """An award; its pot is numbered by its section for now (see :func:`_number_pots`)."""
    collect = s.collect(half)

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        collect(hand, m, offset)
        section = max(_sections(hand) - 1, 0)
        last = len(hand.collections) - 1
        hand.collections.set_pot(last, section, hand.collections.pot_labels[last])

    return read


def _muck(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``RONALD_11: mucks [Ah,Jh,9d,2d] (TwoPair) .``: this line writes a name's spaces as
    underscores (cake:5322021915000048, seated as ``RONALD 11``)."""
    name = m["name"]
    if name not in hand.names and name.replace("_", " ") in hand.names:
        name = name.replace("_", " ")
    player = hand.player(name, offset)
    if m["cards"]:
        cards = hand.cards(m["cards"], offset)
        hand.shows.add(player=player, cards=cards, mucked=True, line=offset)


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Seat 1: Bob ($5.23)`` or ``(EUR 5.23)``: a stack in the code of the hand's currency."""
    code = m["code"]
    if code is not None and code != hand.h.currency:
        line = hand.block.lines[offset]
        why = f"a stack in {code} at a table in {hand.h.currency}"
        raise HandParseError("bad_amount", why, offset, line)
    s.seat(hand, m, offset)


def _dead_and_big(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``NAME:posts dead blind $0.02 and big blind $0.04``: the dead part, then a live big
    blind (a returning player, R-BL-6); without the second part only the dead blind."""
    s.post_dead(hand, m, offset)
    if m["big"] is not None:
        name = hand.player(m["name"], offset)
        big = hand.money(m["big"], offset)
        hand.post_big_blind(name, big, offset, False, sizes_blind=False)


SHAPES = (
    s.shape(r"^.+?  chats: ", s.ignore),
    s.shape(r"^Player left the table$", s.ignore),
    s.shape(r"^Dealer: Seat (?P<seat>\d+)$", s.button_seat),
    s.shape(
        rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<amount>{FIGURE}) in chips\)\s*"
        r"(?:\([A-Z]{3} [^)]*\))?$",
        s.seat,
    ),
    s.shape(
        rf"^Seat (?P<seat>\d+): (?P<name>.+) "
        rf"\((?:(?P<code>[A-Z]{{3}}) )?(?P<amount>{FIGURE})\)\s*$",
        _seat,
    ),
    s.shape(r"^(?P<name>.+?) sits out$", s.sits_out),
    s.shape(rf"^(?P<name>.+?): posts small blind {MONEY}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+?): posts big blind {MONEY}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+?): posts ante of {MONEY}$", s.post_ante),
    s.shape(
        # fpdb reads "$-0.02" as the dead blind 0.02 (the sign is the client's)
        rf"^(?P<name>.+?):posts dead blind (?:[$€£]-)?{MONEY}"
        rf"(?: and big blind (?P<big>{FIGURE}))?$",
        _dead_and_big,
    ),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\*\* TURN \*\*\* {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\*\* RIVER \*\*\* {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(r"^(?P<name>.+?): folds$", s.fold),
    s.shape(r"^(?P<name>.+?): checks$", s.check),
    s.shape(rf"^(?P<name>.+?): calls {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+?): bets {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+?): raises (?:to )?{MONEY}$", s.raise_to),
    s.shape(rf"^(?P<name>.+?): is all in {MONEY}$", s.all_in),
    s.shape(rf"^(?P<name>.+?): returns uncalled bet {MONEY}$", s.uncalled),
    s.shape(rf"^(?P<name>.+?): shows {CARDS}(?: \((?P<desc>.*)\))?$", s.show),
    s.shape(rf"^(?P<name>.+?): mucks(?: {CARDS}(?: \(.*\) \.)?)?$", _muck),
    s.shape(r"^\*\*\*SHOW DOWN\*\*\*$", _showdown),
    s.shape(rf"^(?P<name>.+?):? wins high pot {MONEY}(?: with.*)?$", _wins("high")),
    s.shape(rf"^(?P<name>.+?):? wins low pot {MONEY}(?: with.*)?$", _wins("low")),
    s.shape(rf"^(?P<name>.+?):? wins {MONEY}(?: with.*)?$", _wins(None)),
    s.shape(r"^There is no low hand$", s.ignore),
    s.shape(r"^(?P<name>.+?):? finished \d+ out of \d+ players$", s.ignore),
)


def _money(text: str, unit: int) -> int:
    """An amount with its thousands grouped by commas or spaces (narrow no-break too)."""
    return to_minor(text.replace("\u202f", ""), unit)


CAKE = LineFormat(site=Site.CAKE, shapes=SHAPES, money=_money)


def header(lines: tuple[str, ...], context: ParseContext) -> tuple[HandHeader, list[str]]:
    line = lines[0]
    first = FIRST_RE.match(line)
    if first is None:
        raise HandParseError("bad_header", f"not a Cake header: {line[:80]!r}", 0, line)
    parts = first["rest"].split(" -- ")
    if len(parts) < 3:
        raise HandParseError("bad_header", f"unreadable Cake header: {line[:100]!r}", 0, line)
    g = STAKES_RE.match(parts[-2])
    if g is None:
        raise HandParseError("bad_header", f"unreadable stakes and game: {parts[-2]!r}", 0, line)
    if g["game"] not in GAMES:
        if "Omaha" in g["game"]:
            raise HandParseError("bad_header", f"unknown Omaha game {g['game']!r}", 0, line)
        raise not_omaha(g["game"], line)
    # No limit word: fixed limit, the figures being the bets (DriveHUD's reading).
    limit = g["limit"] or "FL"
    game = omaha(parts[-2].split(" ", 1)[1], LIMITS[limit], 4, GAMES[g["game"]])
    figures = g["stakes"].split("/")
    symbol = figures[-1][0] if not figures[-1][0].isdigit() else ""
    tournament = next((p for p in parts[0].split() if re.fullmatch(r"T\d+", p)), None)
    notes: list[str] = []
    if symbol:
        currency = currency_of(symbol, CHIPS)
        shown = [m["shown"] for ln in lines if (m := SEAT_RE.match(ln)) and m["shown"]]
        if shown:
            # Chips in dollars, each figure also shown converted: the dollars moved.
            notes.append(f"amounts in USD; the client showed them in {shown[0]} too")
            currency = "USD"
            figures = _posted_blinds(lines) or figures
    else:
        currency = CHIPS
    if "Play Money" in parts[0] and not tournament:
        currency = PLAY
    unit = unit_of(currency)
    if len(figures) not in (2, 3):
        raise HandParseError("bad_header", f"unreadable stakes {g['stakes']!r}", 0, line)
    d = DATE_RE.match(parts[-1].strip())
    if d is None:
        raise HandParseError("bad_header", f"unreadable time {parts[-1]!r}", 0, line)
    stamp = f"{d['y']}-{d['m']}-{d['d']} {d['h']}:{d['mi']}:{d['s']}"
    local = parse_time(stamp, "%Y-%m-%d %H:%M:%S", 0, line)
    zone = context.zone_for(conventions(Site.CAKE).time_zone)
    max_seats = re.search(r"\((?:Turbo,? )?(\d+)-+Max\)|(\d+) Max", first["rest"], re.IGNORECASE)
    h = HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.TOURNAMENT if tournament or currency == CHIPS else GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=g["stakes"],
        stake_low=amount(figures[-2], unit, line),
        stake_high=amount(figures[-1], unit, line),
        started_at=utc(local, zone),
        started_at_text=parts[-1],
        tournament_id=tournament[1:] if tournament else None,
        buy_in=parts[0] if tournament else None,
        table=TableLine(
            name=_table_name(parts),
            max_seats=int(next(x for x in max_seats.groups() if x)) if max_seats else None,
            button_seat=0,
        ),
    )
    return h, notes


def _table_name(parts: list[str]) -> str:
    table = next((p for p in parts if p.startswith("Table ")), None)
    return table[6:] if table else parts[0]


def _posted_blinds(lines: tuple[str, ...]) -> list[str] | None:
    found: dict[str, str] = {}
    for ln in lines:
        m = re.search(r": posts (small|big) blind (\$[\d,.]+)", ln)
        if m is not None:
            found.setdefault(m[1], m[2])
    return [found["small"], found["big"]] if len(found) == 2 else None


def _number_pots(hand: ArchiveHand) -> None:
    """Sections pay the last side pot first, the main pot last (see module)."""
    last = max(_sections(hand) - 1, 0)
    for i, section in enumerate(hand.collections.pot_indexes):
        pot = last - section
        hand.collections.set_pot(i, pot, "main pot" if pot == 0 else f"side pot {pot}")


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h, notes = header(lines, context)
    hand = ArchiveHand(h, block, CAKE)
    read_body(hand, lines, 1)
    s.require_line(lines, bool(hand.collections), "'wins' line")
    _number_pots(hand)
    hand.idle_seats_sat_out()
    return hand.freeze(notes=notes)


FORMAT = Format(
    name="cake",
    site=Site.CAKE,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=rf"(?:{BOM_AS_TEXT})?Hand#[0-9A-Z]+ +- ",
)
