"""Merge network hands (Carbon Poker) as PokerTracker exports them (``MERGE_GAME #``).

```
MERGE_GAME #5654188900002: Omaha PL ($0.50/$1.00) 06/05/2012 19:39:26      (cash)
MERGE_GAME #4927169400080: Omaha PL Tournament 02/16/2012 04:27:31        (tournament)
Merge Game #N Version:1.0 Uncalled:Y | Omaha Hi/Lo Pot Limit ($1/$2 - $20 Cap - USD) | date
Table Siberia III, Seats 6                      (cash: the table, its seats)
Table $5 Free PLO Hero Arena - Country Restricted , 49271005 (Tournament: $5 Free PLO Hero
    Arena - Country Restricted , 49271005 Buy-In: $5+$0.50)             (one line)
Seat 4: JustJay4Reals ($23,120.00 in chips) DEALER      (or: ($100.00); The button is in seat #4)
JustJay4Reals: Post SB $100.00                  (Post BB, Post Ante, Post DB $X / Post $X;
                                                 SB $X, BB $X, Ante $X, DB $X)
*** HOLE CARDS ***
Dealt to JustJay4Reals [Kh 5s 4d 3c]
NAME: Fold | Check | Call $X | Bet $X | Raise $X | Raise to $X | Allin $X
*** FLOP *** [6c 3h 4s]            (TURN, RIVER: the new card)
*** SUMMARY ***
JustJay4Reals: Shows [Kh 5s 4d 3c]              (NAME: mucked [..])
JustJay4Reals: wins $270.00                     (NAME: collects $X)
```

What the lines mean (fpdb's ``PokerTrackerToFpdb``): ``Call``, ``Bet`` and
``Allin`` are the chips the line puts in; ``Raise $X`` and ``Raise to $X`` raise to
X. A header without a limit word deals pot limit. A second ``Post SB`` is, in a
tournament, the big blind posted all-in for less (``Dispicable: Post SB $135.00``
from a 135 stack, the big blind being 200), in a cash game a dead small blind;
``Post DB $X`` (or ``Post $X``) is the small blind when X is one, else both
blinds, the big one live and the rest dead. A tournament's seat lines give the
stacks *after* the posts (``Seat 5: Dispicable ($0.00 in chips)`` posts 135):
the posts are added back. Tournament chips are written with ``$``.

The export prints no rake and no uncalled bet: an unmatched bet comes back inside
the ``wins`` figures, on a line of its own or not (``JustJay4Reals: wins $65.00`` is
his 200 less the 135 the all-in big blind could match). The time has no zone:
UTC unless told otherwise (``--source-timezone``; see docs/SITES.md). A
``Version:N Uncalled:Y`` header says the export prints its returned bets some
other way, which no known file shows: such hands are refused (``ambiguous_amount``).
"""

from __future__ import annotations

import re
from collections import defaultdict

from omahahh.errors import HandParseError
from omahahh.model import ActionKind, GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import (
    POKERTRACKER_LIMITS,
    amount,
    currency_of,
    not_omaha,
    omaha,
    parse_time,
    utc,
)
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import add_action
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

SYMBOL = r"[$€£]"
NO_CURRENCY = "XXX"  # ISO 4217: no currency stated
FIRST_RE = re.compile(
    r"^(?:MERGE_GAME|Merge Game) #(?P<id>[\d-]+)"
    r"(?: Version:[\d.]+ (?P<uncalled>Uncalled:Y))?(?::? +| \| )"
    r"(?P<game>Holdem|Texas Hold'em|Omaha(?: Hi/Lo| Hi| HL)?)  ?"
    r"(?:(?P<limit>PL|NL|FL|No Limit|Pot Limit|Limit|LIMIT)  ?)?"
    r"(?:(?P<kind>Tournament|Cash Game|Cash) ?)?"
    rf"(?:\(?(?P<cur>{SYMBOL}?)(?P<low>[\d,.]+)/{SYMBOL}?(?P<high>[\d,.]+)"
    rf"(?P<cap> - {SYMBOL}?[\d,.]+ Cap - )? ?(?P<iso>USD|EUR|GBP|CAD|FPP)?\)?(?: \| | ))?"
    r"(?P<stamp>\d\d/\d\d/\d{4}[- ]+\d{1,2}:\d\d:\d\d)$"
)
"""fpdb's ``re_GameInfo1`` for the Merge export: site, hand, game, limit, tournament or
the cash stakes, the time."""
GAMES = {"Omaha": False, "Omaha Hi": False, "Omaha Hi/Lo": True, "Omaha HL": True}
LIMITS = POKERTRACKER_LIMITS
TOURNAMENT_TABLE_RE = re.compile(
    r"^Table (?P<name>.*?) ?, (?P<tid>\d+)(?:, (?P<table>\d+))? "
    r"\(Tournament: (?:.+ )?Buy-In: (?P<buyin>[^)]+)\)$"
)
CASH_TABLE_RE = re.compile(r"^Table (?P<name>[^,]+?)(?:, Seats (?P<max>\d+))?$")
MONEY = rf"(?P<amount>{SYMBOL}?[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"
NF = r"(?: \(NF\))?"
"""A mark fpdb's reader skips after some verbs (``Raise (NF) $X``); no chips."""
ALLIN = r"(?P<allin> ?and is all.in)?"
POST_RE = re.compile(
    rf"^(?P<name>.+?): (?:Post (?:SB|BB|Ante|DB) |Post |SB |BB |Ante |DB ){MONEY}$"
)
"""Every post, read ahead: a tournament's stacks are printed after them."""


def _seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """A seat; in a tournament the stack printed is after the posts, which go back in."""
    name = m["name"].strip()
    stack = hand.money(m["amount"], offset)
    posted = hand.extra.get("posted")
    if isinstance(posted, dict):
        stack += posted.get(name, 0)
    hand.add_seat(int(m["seat"]), name, stack, False, offset)
    if m["dealer"]:
        hand.button_seat = int(m["seat"])


def _put_in(hand: ArchiveHand, name: str) -> int:
    return sum(
        a for p, a in zip(hand.actions.players, hand.actions.amounts, strict=True) if p == name
    )


def _all_in_post(hand: ArchiveHand, name: str, amount: int) -> bool:
    """A post that leaves the player nothing (a tournament's short blind)."""
    stack = dict(zip(hand.seats.players, hand.seats.stack_starts, strict=True)).get(name)
    return stack is not None and _put_in(hand, name) + amount >= stack


def _small_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Post SB``: the small blind; a second one is, in a tournament, the big blind posted
    all-in for less, in a cash game a dead small blind (fpdb's ``readBlinds``)."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    all_in = _all_in_post(hand, name, amount)
    if hand.first_sb is None:
        hand.post_small_blind(name, amount, offset, all_in)
    elif hand.h.game_type is GameType.TOURNAMENT and hand.first_bb is None:
        hand.post_big_blind(name, amount, offset, all_in)
    else:
        add_action(hand, name, ActionKind.POST_DEAD, amount, offset, live=False)


def _big_blind(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Post BB``: the big blind; a later one of a big and a half is both blinds (the small
    part dead), else a joining player's live big blind (fpdb's ``readBlinds``)."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    all_in = _all_in_post(hand, name, amount)
    big = hand.first_bb
    if big is None:
        hand.post_big_blind(name, amount, offset, all_in)
    elif amount == big + big // 2:
        _both(hand, name, amount - big, big, offset)
    else:
        hand.post_big_blind(name, amount, offset, all_in, sizes_blind=False)


def _both_blinds(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Post DB $X`` / ``Post $X``: the small blind when X is one, else both blinds: the big
    blind live and the rest dead (fpdb's ``readBlinds``)."""
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    small, big = hand.blind_sizes(fixed_limit_blinds=hand.fmt.fixed_limit_blinds)
    if amount == small and hand.first_sb is None:
        hand.post_small_blind(name, amount, offset, _all_in_post(hand, name, amount))
    elif amount > big:
        _both(hand, name, amount - big, big, offset)
    else:
        hand.post_big_blind(
            name, amount, offset, _all_in_post(hand, name, amount), sizes_blind=False
        )


def _both(hand: ArchiveHand, name: str, dead: int, live: int, offset: int) -> None:
    add_action(hand, name, ActionKind.POST_DEAD, dead, offset, live=False)
    hand.post_big_blind(name, live, offset, _all_in_post(hand, name, live), sizes_blind=False)


def _ante(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    name = hand.player(m["name"], offset)
    amount = hand.money(m["amount"], offset)
    hand.post_ante(name, amount, offset, _all_in_post(hand, name, amount))


SHAPES = (
    s.shape(
        rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}(?: in chips)?\)(?P<dealer> DEALER)?$",
        _seat,
    ),
    s.shape(r"^The button is in seat #(?P<seat>\d+)$", s.button_seat),
    s.shape(rf"^(?P<name>.+?): (?:Post )?SB {MONEY}$", _small_blind),
    s.shape(rf"^(?P<name>.+?): (?:Post )?BB {MONEY}$", _big_blind),
    s.shape(rf"^(?P<name>.+?): (?:Post )?Ante {MONEY}$", _ante),
    s.shape(rf"^(?P<name>.+?): (?:Post DB|Post|DB) {MONEY}$", _both_blinds),
    s.shape(r"^\*\*\* HOLE CARDS \*\*\*$", s.ignore),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^\*\*\* FLOP \*\*\* {CARDS}$", s.street(Street.FLOP, whole=False)),
    s.shape(rf"^\*\*\* TURN \*\*\* {CARDS}$", s.street(Street.TURN, whole=False)),
    s.shape(rf"^\*\*\* RIVER \*\*\* {CARDS}$", s.street(Street.RIVER, whole=False)),
    s.shape(
        r"^.+ and has reached the \[[^\]]*\] cap",
        s.fail("unsupported_game", "capped betting: a cap on what a player puts in a hand"),
    ),
    s.shape(rf"^(?P<name>.+?): (?:Fold|folds){NF}$", s.fold),
    s.shape(rf"^(?P<name>.+?): (?:Check|checks){NF}$", s.check),
    s.shape(rf"^(?P<name>.+?): (?:Call|calls){NF} {MONEY}{ALLIN}$", s.call),
    s.shape(rf"^(?P<name>.+?): (?:Bet|bets){NF} {MONEY}{ALLIN}$", s.bet),
    s.shape(rf"^(?P<name>.+?): (?:Raise|raises){NF}(?: to)? {MONEY}{ALLIN}$", s.bet_or_raise_to),
    s.shape(rf"^(?P<name>.+?): Allin{NF} {MONEY}{ALLIN}$", s.all_in),
    s.shape(r"^Hand cancelled$", s.cancel),
)
SUMMARY = (
    s.shape(rf"^(?P<name>.+?): (?:Shows|shows) {CARDS}$", s.show),
    s.shape(rf"^(?P<name>.+?): mucked {CARDS}$", s.muck),
    s.shape(rf"^(?P<name>.+?): (?:wins|collects) {MONEY}$", s.collect()),
    s.shape(r"^Hand cancelled$", s.cancel),
)


MERGE = LineFormat(
    site=Site.MERGE_PT,
    shapes=SHAPES,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


def header(lines: tuple[str, ...], context: ParseContext) -> HandHeader:
    line = lines[0]
    first = FIRST_RE.match(line)
    if first is None or len(lines) < 2:
        raise HandParseError("bad_header", f"not a Merge header: {line[:80]!r}", 0, line)
    if first["game"] not in GAMES:
        raise not_omaha(first["game"], line)
    if first["uncalled"]:
        raise HandParseError(
            "ambiguous_amount",
            "an 'Uncalled:Y' export: how it prints returned bets is not known",
            0,
            line,
        )
    if first["cap"]:
        raise HandParseError(
            "unsupported_game", "capped betting: a cap on what a player puts in a hand", 0, line
        )
    structure = LIMITS[first["limit"]] if first["limit"] else Structure.POT_LIMIT
    label = line[first.start("game") : first.end("limit" if first["limit"] else "game")]
    game = omaha(label, structure, 4, GAMES[first["game"]])
    local = parse_time(re.sub(r"[- ]+", " ", first["stamp"]), "%m/%d/%Y %H:%M:%S", 0, line)
    zone = context.zone_for(conventions(Site.MERGE_PT).time_zone)
    tournament = "(Tournament:" in lines[1]
    if tournament:
        t = TOURNAMENT_TABLE_RE.match(lines[1])
        if t is None:
            why = f"unreadable tournament table line: {lines[1]!r}"
            raise HandParseError("bad_table_line", why, 1, lines[1])
        return HandHeader(
            hand_id=first["id"],
            game=game,
            game_type=GameType.TOURNAMENT,
            currency=CHIPS,
            unit=1,
            stakes="",
            stake_low=0,
            stake_high=0,
            started_at=utc(local, zone),
            started_at_text=first["stamp"],
            tournament_id=t["tid"],
            buy_in=t["buyin"],
            table=TableLine(name=t["table"] or t["name"], max_seats=None, button_seat=0),
        )
    if first["kind"] == "Tournament":
        why = f"a tournament hand without its tournament table line: {lines[1]!r}"
        raise HandParseError("bad_table_line", why, 1, lines[1])
    c = CASH_TABLE_RE.match(lines[1])
    if c is None:
        raise HandParseError("bad_table_line", f"unreadable table line: {lines[1]!r}", 1, lines[1])
    if first["low"] is None:
        raise HandParseError("bad_header", f"a cash hand without stakes: {line!r}", 0, line)
    iso = first["iso"]
    currency = iso if iso and iso != "FPP" else currency_of(first["cur"], NO_CURRENCY)
    if iso == "FPP":
        currency = PLAY
    unit = 1 if currency == PLAY else 100
    return HandHeader(
        hand_id=first["id"],
        game=game,
        game_type=GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=f"{first['cur']}{first['low']}/{first['cur']}{first['high']}",
        stake_low=amount(first["low"], unit, line),
        stake_high=amount(first["high"], unit, line),
        started_at=utc(local, zone),
        started_at_text=first["stamp"],
        table=TableLine(
            name=c["name"], max_seats=int(c["max"]) if c["max"] else None, button_seat=0
        ),
    )


def _posted(lines: tuple[str, ...], hand: ArchiveHand) -> dict[str, int]:
    """What each name posts, by the post lines (a tournament's stacks leave it out)."""
    out: dict[str, int] = defaultdict(int)
    for offset, line in enumerate(lines):
        m = POST_RE.match(line)
        if m is not None:
            out[m["name"]] += hand.money(m["amount"], offset)
    return dict(out)


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h = header(lines, context)
    cancelled = "Hand cancelled" in lines
    s.require_line(lines, cancelled or "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    hand = ArchiveHand(h, block, MERGE)
    if h.game_type is GameType.TOURNAMENT:
        hand.extra["posted"] = _posted(lines, hand)
    read_body(hand, lines, 2)
    return hand.freeze()


FORMAT = Format(
    name="merge_pt",
    site=Site.MERGE_PT,
    parse=parse,
    header=lambda first_line: FIRST_RE.match(first_line) is not None,
    block_start=r"(?:MERGE_GAME|Merge Game) #",
)
