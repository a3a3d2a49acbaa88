"""Winning Poker Network hand histories, the format before 2019 (docs/FORMATS.md §12 "WPN-old").

```
Game started at: 2016/10/2 21:0:42
Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)
Seat 4 is the button
Seat 1: Hero (2872.50).
```

The header prints no zone, no currency and (for cash games) no betting
structure; what the room means is data (:mod:`omahahh.rooms.conventions`:
UTC like the 2019+ format, US dollars, pot limit unless the table or the
tournament summary says otherwise). Every amount in brackets is chips
**added** by the line.

=================================================  ==================================
line                                               records
=================================================  ==================================
``Game started at: Y/M/D h:m:s[ *** Summary: ..]``  time; a tournament's id, buy-in
                                                    and structure (``GameType: NL``)
``Game ID: N 2/4 <table> (Omaha[ HiLow])[ 6-max]``  hand id, stakes, table (``PM ..``:
                                                    play money), game, seats
``Seat 5 is the button`` / ``Seat 2: X (735.90).``  button, seats
``Player X has small blind (2)``                    small blind
``Player X has big blind (4)``                      big blind
``Player X posts (2)``                              a new player's post: live up to
                                                    the big blind, any excess dead
``Player X posts (0.25) as a dead bet``             dead money
``Player X [posts ]ante (100)``                     ante
``Player X straddle[s] (4)``                        a straddle
``Player X wait BB`` / ``sitting out``              not dealt in
``Player  sitting out`` (no name)                   nothing (a note)
``Player X received card: [2d]``                    one hole card (the hero's); with
``Player X received a card.``                       ``received a card.``, the card lines
                                                    list exactly who was dealt in
``Player X folds`` / ``checks``                     the action
``Player X calls|bets|raises|caps|cap (80)``        chips added; a raise's street total
                                                    is the chips in plus these
``Player X allin (124)``                            chips added, all-in (a call, bet or
                                                    raise by the amount it reaches)
``Player X is disconnected and ALL IN.``            disconnect protection (R-TO-2): the
``Player X allin``                                  player stays in for the pots so far
``Uncalled bet (39.75) returned to X``              an uncalled return
``*** FLOP ***: [6d 7h 3h]`` ...                    a street and its board (a bare
                                                    ``*** FLOP ***:`` before the card
                                                    lines heads the deal: no street)
``Pot: 477. Rake 2.76. JP fee 0.24``                total **net** of rake and fee;
                                                    rake; ``jackpot_reported``
``*Player X shows: .. [cards]. Bets: 80. Collects:  a show (cards with ``10`` for T)
198.50. Wins: 118.50.``                             and the award (``Collects``: the
                                                    pots paid no one pot by name)
=================================================  ==================================

Every line must be understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from omahahh.errors import HandParseError, MoneyError
from omahahh.hand_tables import SeatTable, SummarySeatTable
from omahahh.model import (
    ActionKind,
    GameInfo,
    GameType,
    HandRecord,
    Seat,
    Site,
    Street,
    Structure,
    variant_code,
)
from omahahh.money import CHIPS, PLAY, fast_minor, to_minor
from omahahh.parsers.betting_lines import add_action, new_street
from omahahh.parsers.builder import HandBuilder
from omahahh.parsers.common import (
    TableLine,
    board_cards,
    cards_or_fail,
    leading_name,
    names_without,
    to_utc,
)
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

SITE = Site.WPN
START = "Game started at: "

HEADER_RE = re.compile(
    r"^Game started at: (?P<time>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2})"
    r"(?: \*\*\* Summary: (?P<summary>.*))?$"
)
GAME_RE = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<stakes>[\d.]+/[\d.]+) (?P<table>.+?) "
    r"\((?P<game>(?:5Card )?Omaha(?: HiLow| H/L)?|[^()]+)\)(?: (?P<max>\d+)-max)?$"
)
BUTTON_RE = re.compile(r"^Seat (?P<seat>\d+) is the button$")
SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.]+)\)\.$")
STREET_RE = re.compile(r"^\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*:(?P<tail>.*)$")
AMOUNT_RE = re.compile(r"^\((?P<amount>[\d.]+)\)$")
SUMMARY_PLAYER_RE = re.compile(
    r"^(?P<star>\*)?Player (?P<rest>.+?)\.? ?Bets: (?P<bets>[\d.]+)\. "
    r"Collects: (?P<collects>[\d.]+)\. (?:Wins|Loses): [\d.]+\.?$"
)
TOURNAMENT_TABLE_RE = re.compile(r", Table \d+$")
STRUCTURE_IN_TABLE = (
    (re.compile(r"\bNLO"), Structure.NO_LIMIT),
    (re.compile(r"\bPLO|\bPL Omaha"), Structure.POT_LIMIT),
)
SUMMARY_GAME_TYPE = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT,
                     "FL": Structure.FIXED_LIMIT}  # fmt: skip

_STREET_OF = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
SITTING_OUT = frozenset({"wait BB", "sitting out"})
PLAY_MONEY_TABLE = "PM "
"""A cash table whose name starts so plays for play money (fpdb)."""
NO_NAME = "Player  "
"""A line of a player printed with no name (and no seat): ``Player  sitting out``."""
PRE_DEAL_FLOP = "*** FLOP ***:"
"""A flop marker with no card, printed before the hole cards: it opens no street."""
INFO = frozenset({"is timed out.", "mucks cards"})
DEALT_BLIND = frozenset({"received a card.", "received card."})
DISCONNECTED = "is disconnected and ALL IN."
UNPRINTED_STRUCTURE = "no betting structure printed: read as pot limit (room default)"
OVER_POT = "no betting structure printed: read as no limit (a bet or raise above the pot)"
LIMIT_BETS = (
    "no betting structure printed: read as fixed limit (the big blind is the header's first "
    "figure, the small bet)"
)


def matches(first_line: str) -> bool:
    """Is this block's first line an old WPN header?"""
    return first_line.startswith(START) and HEADER_RE.match(first_line) is not None


def wpn_cards(text: str, offset: int) -> tuple[int, ...]:
    """Cards as WPN prints them, ten as ``10``: ``[10s Js 3h]``."""
    return cards_or_fail(text.replace("10", "T"), offset)


def _summary_fields(text: str | None) -> dict[str, str]:
    """``GameType: NL, TournamentId: 8192538, TournamentBuyIn: 12.60`` as a dict."""
    out: dict[str, str] = {}
    for part in (text or "").split(","):
        key, sep, value = part.partition(":")
        if sep:
            out[key.strip()] = value.strip()
    return out


def parse_header(first: str, second: str, context: ParseContext) -> HandHeader:
    h = HEADER_RE.match(first)
    if h is None:
        raise HandParseError("bad_header", f"unrecognised WPN header: {first[:100]!r}", 0, first)
    g = GAME_RE.match(second)
    if g is None:
        raise HandParseError("bad_header", f"unreadable game line: {second[:100]!r}", 1, second)
    label = g["game"]
    if "Omaha" not in label:
        raise HandParseError("unsupported_game", f"not an Omaha game: {label}", 1, second)
    room = conventions(SITE)
    summary = _summary_fields(h["summary"])
    table = g["table"].strip()
    notes: list[str] = []
    tournament = "TournamentId" in summary or TOURNAMENT_TABLE_RE.search(table) is not None
    structure = SUMMARY_GAME_TYPE.get(summary.get("GameType", ""))
    if structure is None:
        structure = next((s for p, s in STRUCTURE_IN_TABLE if p.search(table)), None)
    if structure is None:
        structure = room.unprinted_structure or Structure.POT_LIMIT
        notes.append(UNPRINTED_STRUCTURE)
    hole = 5 if label.startswith("5Card") else 4
    hi_lo = label.endswith(("HiLow", "H/L"))
    if tournament:
        currency = CHIPS
    elif table.startswith(PLAY_MONEY_TABLE):
        currency = PLAY
    else:
        currency = room.unprinted_currency or "USD"
    unit = 1 if currency == CHIPS else 100
    stakes = g["stakes"]
    try:
        low, high = (to_minor(p, unit) for p in stakes.split("/"))
    except (MoneyError, ValueError):
        raise HandParseError("bad_amount", f"unreadable stakes {stakes!r}", 1, second) from None
    buy_in = summary.get("TournamentBuyIn")
    return HandHeader(
        hand_id=g["id"],
        game=GameInfo(
            variant=variant_code(structure, hole, hi_lo),
            structure=structure,
            hole_card_count=hole,
            hi_lo=hi_lo,
            game_label=label,
        ),
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=summary.get("TournamentId"),
        tournament_level=None,
        buy_in=buy_in,
        currency=currency,
        unit=unit,
        stakes=stakes,
        stake_low=low,
        stake_high=high,
        started_at=to_utc(h["time"], context.zone_for(room.time_zone)),
        started_at_text=h["time"],
        table=TableLine(name=table, max_seats=int(g["max"]) if g["max"] else None, button_seat=0),
        notes=tuple(notes),
    )


class _Hand(HandBuilder):
    def __init__(self, header: HandHeader):
        super().__init__(header, header.notes, fast_minor)
        self.summary_seats = SummarySeatTable()
        self.board: tuple[int, ...] = ()
        self.summary_board: tuple[int, ...] | None = None
        self.jackpot: int | None = None
        self.button: int | None = None
        self.sitting_out: set[str] = set()
        self.disconnected: set[str] = set()
        self.cards: dict[str, list[int]] = {}
        self.in_summary = False
        self.ended = False
        self.over_pot = False  # a bet or raise beyond what pot limit allows


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """Parse one old-format WPN block. Raises :class:`HandParseError` with a reason code."""
    # The UTF-16 export puts a blank line after every line: blank lines carry nothing.
    numbered = [(i, line) for i, line in enumerate(block.lines) if line]
    if len(numbered) < 4:
        last = numbered[-1] if numbered else (0, "")
        raise HandParseError("truncated", "hand ends after its header", last[0], last[1])
    header = parse_header(numbered[0][1], numbered[1][1], context)
    hand = _Hand(header)
    b = BUTTON_RE.match(numbered[2][1])
    if b is None:
        offset, line = numbered[2]
        raise HandParseError("bad_table_line", f"no button line: {line!r}", offset, line)
    hand.button = int(b["seat"])
    k = 3
    while k < len(numbered) and numbered[k][1].startswith("Seat "):
        offset, line = numbered[k]
        hand.seats.append(_seat(hand, line, offset))
        k += 1
    if len({s.seat for s in hand.seats}) != len(hand.seats):
        raise HandParseError("duplicate_seat", "two players in one seat", numbered[3][0])
    hand.names = tuple(sorted({s.player for s in hand.seats}, key=len, reverse=True))
    hand.plain_names = names_without(hand.names, " ")  # a name is then one set lookup
    for offset, line in numbered[k:]:
        if hand.in_summary:
            _summary_line(hand, line, offset)
        elif line == "------ Summary ------":
            hand.in_summary = True
        else:
            _body_line(hand, line, offset)
    if not hand.in_summary or not hand.ended:
        offset, line = numbered[-1]
        raise HandParseError(
            "truncated", "hand has no Summary section or no 'Game ended at' line", offset, line
        )
    return _freeze(hand, block)


def _seat(hand: _Hand, line: str, offset: int) -> Seat:
    m = SEAT_RE.match(line)
    if m is None:
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    return Seat(seat=int(m["seat"]), player=m["name"], stack_start=hand.money(m["stack"], offset))


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith(NO_NAME):
        _nameless(hand, line, offset)
        return
    if line.startswith("Player "):
        name = leading_name(line[7:], hand.names, hand.plain_names, " ")
        if name is None:
            raise HandParseError(
                "unknown_player", f"action by a player not seated: {line!r}", offset, line
            )
        _action(hand, name, line[8 + len(name) :], offset)
        return
    if line.startswith("*** "):
        m = STREET_RE.match(line)
        if m is None:
            raise HandParseError("unknown_line", f"unknown street line: {line!r}", offset, line)
        board = board_cards(m["tail"].replace("10", "T"), offset)
        if board is None and line == PRE_DEAL_FLOP and not hand.cards:
            return  # before the hole cards: the room's heading of the deal, no street
        if board is None:
            # fpdb's no.flop file: a flop marker before the hole cards, no card on it.
            raise HandParseError(
                "street_without_board", f"a street marker with no card: {line!r}", offset, line
            )
        new_street(hand, _STREET_OF[m["name"]])
        hand.board = board
        return
    if line.startswith("Uncalled bet ("):
        hand.read_uncalled(line, offset)
        return
    raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)


def _nameless(hand: _Hand, line: str, offset: int) -> None:
    """``Player  sitting out``: someone with no name and no seat sits out, which moves
    nothing. Anything else such a player does cannot be placed at the table."""
    if line[len(NO_NAME) :] in SITTING_OUT:
        hand.notes.append(f"line {offset + 1}: a player with no name sits out (ignored)")
        return
    why = f"a line of a player with no name and no seat: {line!r}"
    raise HandParseError("unknown_player", why, offset, line)


def _amount(hand: _Hand, arg: str, offset: int) -> int:
    m = AMOUNT_RE.match(arg)
    if m is None:
        raise HandParseError("bad_amount", f"unreadable amount {arg!r}", offset, arg)
    return hand.money(m["amount"], offset)


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    """Hand the words after ``Player X`` to the reader of their first word (:data:`SHAPES`)."""
    verb, _, arg = rest.partition(" ")
    read = SHAPES.get(verb)
    if read is None:
        why = f"unknown action: Player {player} {rest}"
        raise HandParseError("unknown_line", why, offset, rest)
    read(hand, player, verb, arg, offset)


def _unknown(player: str, verb: str, arg: str, offset: int) -> HandParseError:
    rest = f"{verb} {arg}".rstrip()
    return HandParseError("unknown_line", f"unknown action: Player {player} {rest}", offset, rest)


def _no_chips(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    """``folds``, ``checks``; ``allin`` alone after ``is disconnected and ALL IN.``"""
    if arg:
        raise _unknown(player, verb, arg, offset)
    if verb == "folds":
        add_action(hand, player, ActionKind.FOLD, 0, offset)
    elif verb == "checks":
        add_action(hand, player, ActionKind.CHECK, 0, offset)
    elif player in hand.disconnected:  # allin, no amount
        add_action(hand, player, ActionKind.PROTECTED_ALL_IN, 0, offset, all_in=True)
    else:
        raise _unknown(player, verb, arg, offset)


def _adds(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    """``calls|bets|raises|caps|allin (X)``: X chips added."""
    if verb == "allin" and not arg:
        _no_chips(hand, player, verb, arg, offset)
        return
    _chips(hand, player, _amount(hand, arg, offset), offset, all_in=verb == "allin")


def _is(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    if f"{verb} {arg}" == DISCONNECTED:
        hand.disconnected.add(player)
    elif f"{verb} {arg}" not in INFO:
        raise _unknown(player, verb, arg, offset)


def _has(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    _blind(hand, player, arg, offset)


def _posts(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    if arg.startswith("ante "):  # ``posts ante (10)``, as ``ante (10)``
        _ante(hand, player, "ante", arg[5:], offset)
        return
    amount_text, _, dead = arg.partition(" ")
    amount = _amount(hand, amount_text, offset)
    if dead == "as a dead bet":
        add_action(hand, player, ActionKind.POST_DEAD, amount, offset, live=False)
    elif dead:
        raise _unknown(player, verb, arg, offset)
    else:
        _new_player_post(hand, player, amount, offset)


def _ante(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    hand.post_ante(player, _amount(hand, arg, offset), offset, False)


def _straddle(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    add_action(hand, player, ActionKind.POST_STRADDLE, _amount(hand, arg, offset), offset)


def _received(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    _card(hand, player, f"{verb} {arg}", offset)


def _idle(hand: _Hand, player: str, verb: str, arg: str, offset: int) -> None:
    """``wait BB``, ``sitting out``: not dealt in; ``mucks cards``: nothing."""
    rest = f"{verb} {arg}"
    if rest in SITTING_OUT:
        hand.sitting_out.add(player)
    elif rest not in INFO:
        raise _unknown(player, verb, arg, offset)


def _chips(hand: _Hand, player: str, added: int, offset: int, *, all_in: bool) -> None:
    """A line that adds chips: a call, bet or raise by the street total it reaches."""
    live = hand.live.get(player, 0)
    current = max(hand.live.values(), default=0)
    to = live + added
    if to <= current:
        add_action(hand, player, ActionKind.CALL, added, offset, all_in=all_in)
    else:
        kind = ActionKind.RAISE if current > 0 else ActionKind.BET
        # Pot limit: the bet to call plus the pot after calling it (R-BET-5).
        pot = sum(hand.actions.amounts)  # the column: no record built
        if to > current + pot + (current - live):
            hand.over_pot = True
        add_action(hand, player, kind, added, offset, to_amount=to, all_in=all_in)


def _blind(hand: _Hand, player: str, arg: str, offset: int) -> None:
    kind, _, amount_text = arg.rpartition(" ")
    amount = _amount(hand, amount_text, offset)
    if kind == "small blind":
        hand.post_small_blind(player, amount, offset, False)
    elif kind == "big blind":
        hand.post_big_blind(player, amount, offset, False)
    else:
        raise HandParseError("unknown_line", f"unknown blind: {arg!r}", offset, arg)


def _new_player_post(hand: _Hand, player: str, amount: int, offset: int) -> None:
    """``Player 888game888 posts (2)`` at 2/4 (wpn:261686404): live chips (the player then
    ``calls (2)`` to the big blind of 4); beyond the big blind a post is dead."""
    hand.post_to_play(player, amount, offset, hand.blind_sizes(fixed_limit_blinds=False)[1])


def _card(hand: _Hand, player: str, rest: str, offset: int) -> None:
    if rest in DEALT_BLIND:
        hand.cards.setdefault(player, [])
        return
    _, sep, cards = rest.partition(": ")
    if not sep or not rest.startswith(("received card: ", "received a card: ")):
        raise HandParseError("unknown_line", f"unknown card line: {rest!r}", offset, rest)
    hand.cards.setdefault(player, []).extend(wpn_cards(cards.strip("[]"), offset))


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Pot: "):
        _pot_line(hand, line, offset)
        return
    if line.startswith("Board: "):
        hand.summary_board = wpn_cards(line[7:].strip("[]"), offset)
        return
    if line.startswith("Game ended at: "):
        hand.ended = True
        return
    m = SUMMARY_PLAYER_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    rest = m["rest"]
    name = leading_name(rest, hand.names, hand.plain_names, " ")
    if name is None:
        raise HandParseError("unknown_player", f"summary of an unseated player: {line!r}", offset)
    said = rest[len(name) + 1 :]
    collects = hand.money(m["collects"], offset)
    cards: tuple[int, ...] = ()
    if "[" in said:
        cards = wpn_cards(said[said.index("[") + 1 : said.index("]")], offset)
    shown = said.startswith("shows: ")
    if cards:
        description = said[7 : said.index("[")].strip() if shown else None
        hand.shows.add(
            player=name, cards=cards, description=description, mucked=not shown, line=offset
        )
    if collects:
        hand.collections.add(
            player=name, amount=collects, pot_index=0, pot_label="pot", line=offset
        )
    seat = next(s.seat for s in hand.seats if s.player == name)
    hand.summary_seats.add(
        seat=seat,
        player=name,
        won=collects,
        showed=cards if shown else (),
        mucked=said.startswith("mucks"),
        line=offset,
    )


def _pot_line(hand: _Hand, line: str, offset: int) -> None:
    """``Pot: 477. Rake 2.76. JP fee 0.24`` (rake and fee optional)."""
    for part in line.rstrip(".").split(". "):
        word, _, value = part.rpartition(" ")
        if word == "Pot:":
            hand.total = hand.money(value, offset)
        elif word == "Rake":
            hand.rake = hand.money(value, offset)
        elif word == "JP fee":
            hand.jackpot = hand.money(value, offset)
        else:
            raise HandParseError("unknown_line", f"unreadable pot line: {line!r}", offset, line)


def _structure(hand: _Hand) -> None:
    """A header without a structure was read as pot limit (the room's default), unless
    the hand shows otherwise:

    - the big blind posted is the header's first figure: the header gives the bets of
      a limit game (wpn:741631166, ``40/80 (PRR) Xana``: blinds 20/40, a flop bet of
      40; fpdb reads it so too);
    - a bet above the pot: no limit (wpn:820605052: ``allin (402.40)`` facing $12
      with $21 in the pot, at 3/6 ``Pamola (Short) (Omaha HiLow)``).
    """
    if UNPRINTED_STRUCTURE not in hand.notes:
        return
    h = hand.h
    first_bb = hand.first_bb if hand.first_bb is not None else hand.all_in_bb
    if first_bb == h.stake_low and h.stake_high == 2 * h.stake_low:
        structure, note = Structure.FIXED_LIMIT, LIMIT_BETS
    elif hand.over_pot:
        structure, note = Structure.NO_LIMIT, OVER_POT
    else:
        return
    game = h.game
    hand.h = dataclasses.replace(
        h,
        game=dataclasses.replace(
            game,
            structure=structure,
            variant=variant_code(structure, game.hole_card_count, game.hi_lo),
        ),
    )
    hand.notes[hand.notes.index(UNPRINTED_STRUCTURE)] = note


def _dealt_in(hand: _Hand) -> SeatTable:
    """The seats, those not dealt in marked sitting out. The card lines (``received a
    card.``, the hero's ``received card: [..]``) list exactly the players dealt in: a
    seat with none was not, whether it says ``wait BB``, ``sitting out`` or nothing at
    all; a card line wins over a ``sitting out`` line. A player who acts all the same
    stays in, for the audit to judge."""
    acted = set(hand.actions.players)
    seats = hand.seats
    for i, player in enumerate(seats.players):
        if player in hand.cards or player in acted or seats.sitting_out[i]:
            continue
        if player not in hand.sitting_out:
            number = seats.seat_numbers[i]
            hand.notes.append(f"seat {number}: no card line, read as not dealt in")
        seats.set_sitting_out(i)
    return seats


def _freeze(hand: _Hand, block: Block) -> HandRecord:
    _structure(hand)
    h = hand.h
    seats = _dealt_in(hand)
    hand.dealt = [(p, tuple(c)) for p, c in hand.cards.items() if len(c) == h.game.hole_card_count]
    board = hand.summary_board if hand.summary_board is not None else hand.board
    if hand.summary_board is not None and hand.board and hand.summary_board != hand.board:
        hand.notes.append("SUMMARY board differs from the street lines")
    table = dataclasses.replace(h.table_line, button_seat=hand.button or 0)
    return hand.record(
        SITE,
        table,
        block,
        fixed_limit_blinds=False,
        tournament_id=h.tournament_id,
        buy_in=h.buy_in,
        seats=seats,
        boards=(board,) if board else (),
        uncalled=hand.uncalled,
        summary_seats=hand.summary_seats,
        jackpot_reported=hand.jackpot,
    )


Reader = Callable[[_Hand, str, str, str, int], None]
SHAPES: dict[str, Reader] = {
    # the first word after ``Player X``: its reader (shapes in the module docstring)
    "folds": _no_chips,
    "checks": _no_chips,
    **dict.fromkeys(("calls", "bets", "raises", "caps", "cap", "allin"), _adds),
    "is": _is,
    "has": _has,
    "posts": _posts,
    "ante": _ante,
    **dict.fromkeys(("straddle", "straddles"), _straddle),
    "received": _received,
    **dict.fromkeys(("wait", "sitting", "mucks"), _idle),
}

FORMAT = Format(
    name="wpn_old",
    site=SITE,
    parse=parse,
    header=matches,
    block_start=START,
    hashless_start=START,
    hand_key=lambda block: _key(block),
)


def _key(block: Block) -> str | None:
    """``wpn:<Game ID>`` of a block that failed (its first line holds no ``#``)."""
    for line in block.lines[1:4]:
        if line.startswith("Game ID: "):
            number = line[9:].partition(" ")[0]
            return f"{SITE.value}:{number}" if number.isdigit() else None
    return None
