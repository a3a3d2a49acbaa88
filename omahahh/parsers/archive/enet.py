"""Enet (a European network, 2012): Stars-like, decimal commas, chips-added raises.

```
Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6
Table 'SantElena 1 - Pot Limit' 6-max Seat #4 is the button
Seat 1: Player0 (€41,87 in chips)
Player4: posts small blind €0,25
*** HOLECARDS ***
Hero: folds | checks | calls €0,50 | bets €1,50 | raises €1,35 | goes all-in €4,75
Rake: €0,09                            (the rake taken from the street just played)
*** FLOP *** [9c2cQd]                  (the whole board so far)
Player2: mucked                        (before the showdown)
*** SHOWDOWN ***
Player2: mucks hand
Player4: shows [9dJd2dTd] (Straight, Queens high)
Player4: collected (€10,57) from pot
*** SUMMARY ***
Total pot €0 | Rake €0,67
```

A club's name may sit in braces before the game (``{Club} Omaha``), a
tournament's number and buy-in (``Tournament #T, €5+€0,50 EUR``) too. The
limit is the last part of the table name. Every amount is the chips the
line puts in (``raises €0,65`` from a €0.10 small blind makes €0.75, a pot
raise; fpdb reads it so too). ``Total pot`` is printed as €0 in every hand: it
is no statement of the pot and is not read; the summary's rake is the sum of
the streets' ``Rake:`` lines. ``NAME: posts small blind`` with no amount is a dead
small blind of the table's size; a player who posted nothing and checks before
the flop facing the big blind posted both blinds without a line (fpdb's
reading, with a note). The time has no zone: UTC unless told otherwise.
"""

from __future__ import annotations

import re

from omahahh.action_table import ActionTable
from omahahh.errors import HandParseError
from omahahh.model import (
    POST_KINDS,
    Action,
    ActionKind,
    GameType,
    HandRecord,
    Site,
    Street,
    Structure,
)
from omahahh.money import CHIPS, PLAY, to_minor, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import add_action
from omahahh.parsers.common import WON_RE, TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

FIRST_RE = re.compile(
    r"^Game #(?P<id>\d+): (?:\{(?P<club>[^}]*)\}\s+)?"
    r"(?:Tournament #(?P<tid>\d+), (?P<buyin>Freeroll|[^ ]+(?: [A-Z]{3})?) )?"
    r"(?P<game>[A-Za-z' /]+) "
    r"\((?P<low>[$€£]?[\d.,]+)/(?P<high>[$€£]?[\d.,]+)\) - "
    r"(?P<stamp>\d{1,2}:\d\d:\d\d \d{1,2}\.\d{1,2}\.\d{4})(?: - .*)?$"
)
"""fpdb's ``EnetToFpdb.re_GameInfo``: a club's name in braces, a tournament's buy-in (its
ISO code is the buy-in's, not the game's: ``€5+€0,50 EUR Omaha``) or ``Freeroll``."""
TABLE_RE = re.compile(
    r"^Table '(?P<name>.+) - (?P<limit>Pot Limit|No Limit|Limit)'(?: (?P<max>\d+)-max)?"
    r"(?: \((?P<play>Play Money)\))? Seat #(?P<button>\d+) is the button$"
)
GAMES = {"Omaha": False, "Omaha Hi/Lo": True}
LIMITS = {
    "Pot Limit": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
MONEY = r"(?P<amount>[$€£]?-?[\d.,]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"


def money(text: str, unit: int) -> int:
    """``€0,25``, ``€1.234,56``: a decimal comma."""
    return to_minor(text, unit, thousands=".", decimal=",")


def _dead_small_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Player3: posts small blind`` with no amount, beside the player's big blind: a dead
    small blind of the table's size (fpdb ``EnetToFpdb.re_PostDead``)."""
    name = hand.player(m["name"], offset)
    small = hand.blind_sizes()[0] if hand.first_sb is None else hand.first_sb
    add_action(hand, name, ActionKind.POST_DEAD, small, offset, live=False)


def silent_blinds(hand: ArchiveHand) -> None:
    """A player who posted nothing and checks before the flop facing a bet posted both
    blinds without a line (fpdb ``EnetToFpdb.readAction``): the small blind dead, the big
    blind live, recorded after the printed posts, with a note. An ante is no blind: who
    posted only the ante posted nothing here."""
    actions = list(hand.actions)
    posted = {
        a.player for a in actions if a.kind in POST_KINDS and a.kind is not ActionKind.POST_ANTE
    }
    small, big = hand.blind_sizes()
    put: dict[str, int] = {}
    added: list[Action] = []
    for a in actions:
        if a.street is not Street.PREFLOP:
            break
        if a.kind is ActionKind.CHECK and a.player not in posted:
            if put.get(a.player, 0) < max(put.values(), default=0):
                posted.add(a.player)
                put[a.player] = big
                added += [
                    Action(
                        street=Street.PREFLOP,
                        player=a.player,
                        kind=kind,
                        amount=amount,
                        line=a.line,
                    )
                    for kind, amount in (
                        (ActionKind.POST_DEAD, small),
                        (ActionKind.POST_BIG_BLIND, big),
                    )
                ]
                hand.notes.append(
                    f"{a.player} checks before the flop with no blind posted (line "
                    f"{a.line + 1}): read as both blinds posted silently, the small dead"
                )
        elif a.kind is not ActionKind.POST_DEAD and a.kind is not ActionKind.POST_ANTE:
            put[a.player] = put.get(a.player, 0) + a.amount
    if added:
        n = next((i for i, a in enumerate(actions) if a.kind not in POST_KINDS), len(actions))
        hand.actions = ActionTable.of([*actions[:n], *added, *actions[n:]])


def _summary_seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    seat, rest = int(m["seat"]), m["rest"].lstrip()
    hand.add_summary_seat(hand.summary_seats, seat, rest, offset, WON_RE, lambda rest: None)


SHAPES = (
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY} in chips\)$", s.seat),
    s.shape(rf"^(?P<name>.+?): posts small blind {MONEY}$", s.post_small_blind),
    s.shape(r"^(?P<name>.+?): posts small blind$", _dead_small_blind),
    s.shape(rf"^(?P<name>.+?): posts big blind {MONEY}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+?): posts small & big blinds {MONEY}$", s.post_small_and_big),
    s.shape(rf"^(?P<name>.+?): posts the ante {MONEY}$", s.post_ante),
    s.shape(r"^\*\*\* HOLECARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=True)),
    s.shape(rf"^\*\*\* TURN \*\*\* {CARDS}$", s.street(Street.TURN, whole=True)),
    s.shape(rf"^\*\*\* RIVER \*\*\* {CARDS}$", s.street(Street.RIVER, whole=True)),
    s.shape(r"^\*\*\* SHOWDOWN \*\*\*$", s.ignore),
    s.shape(rf"^Rake: {MONEY}$", s.ignore),  # per street; the summary states the sum
    s.shape(r"^(?P<name>.+?): folds$", s.fold),
    s.shape(r"^(?P<name>.+?): checks$", s.check),
    s.shape(rf"^(?P<name>.+?): calls {MONEY}$", s.call),
    s.shape(rf"^(?P<name>.+?): bets {MONEY}$", s.bet),
    s.shape(rf"^(?P<name>.+?): raises {MONEY}$", s.raise_added),
    s.shape(rf"^(?P<name>.+?): goes all-in {MONEY}$", s.all_in),
    s.shape(r"^(?P<name>.+?): mucked$", s.ignore),
    s.shape(r"^(?P<name>.+?)(?::)? (?:sits out|is sitting out)$", s.ignore),
    s.shape(rf"^(?P<name>.+?): mucks hand(?: {CARDS})?$", s.muck),
    s.shape(rf"^(?P<name>.+?): shows {CARDS}(?: \((?P<desc>.*)\))?$", s.show),
    s.shape(
        rf"^(?P<name>.+?): collected \({MONEY}\) from (?P<pot>pot|main pot|side pot(?: \d+)?)$",
        s.collect(),
    ),
)


def _rake(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.rake = hand.money(m["rake"], offset)  # "Total pot €0": not a statement of the pot


SUMMARY = (
    s.shape(rf"^Total pot {MONEY} \| Rake {MONEY.replace('amount', 'rake')}$", _rake),
    s.shape(rf"^Board {CARDS}$", s.ignore),
    s.shape(r"^Seat (?P<seat>\d+): (?P<rest>.*)$", _summary_seat),
)


ENET = LineFormat(
    site=Site.ENET,
    shapes=SHAPES,
    money=money,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    line = lines[0]
    m = FIRST_RE.match(line)
    if m is None or len(lines) < 2:
        raise HandParseError("bad_header", f"not an Enet header: {line[:80]!r}", 0, line)
    if m["game"] not in GAMES:
        raise not_omaha(m["game"], line)
    t = TABLE_RE.match(lines[1])
    if t is None:
        raise HandParseError("bad_table_line", f"unreadable table line: {lines[1]!r}", 1, lines[1])
    game = omaha(f"{m['game']} {t['limit']}", LIMITS[t["limit"]], 4, GAMES[m["game"]])
    symbol = m["low"][0] if not m["low"][0].isdigit() else ""
    tournament = m["tid"] is not None
    currency = currency_of(symbol, CHIPS if tournament else PLAY)
    unit = unit_of(currency)
    local = parse_time(m["stamp"], "%H:%M:%S %d.%m.%Y", 0, line)
    zone = context.zone_for(conventions(Site.ENET).time_zone)
    return HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{m['low']}/{m['high']}",
        stake_low=amount(m["low"], unit, line, thousands=".", decimal=","),
        stake_high=amount(m["high"], unit, line, thousands=".", decimal=","),
        started_at=utc(local, zone),
        started_at_text=m["stamp"],
        tournament_id=m["tid"],
        buy_in=m["buyin"],
        home_game=m["club"],
        table=TableLine(
            name=t["name"],
            max_seats=int(t["max"]) if t["max"] else None,
            button_seat=int(t["button"]),
        ),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h = header(lines, context)
    s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    hand = ArchiveHand(h, block, ENET)
    read_body(hand, lines, 2)
    silent_blinds(hand)
    hand.idle_seats_sat_out()
    return hand.freeze()


FORMAT = Format(
    name="enet",
    site=Site.ENET,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"Game #\d+: ",
)
