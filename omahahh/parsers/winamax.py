"""Winamax hand histories (FORMATS.md §4): text in, :class:`HandRecord` out.

What differs from PokerStars, recorded as claimed:

- actions have no colon after the name (``Hero raises 4€ to 6€``); names may
  hold spaces, so they are matched against the seated names, longest first;
- amounts carry the currency as a suffix (``0.15€``);
- no ``Uncalled bet`` line is ever printed: the unmatched excess comes back inside
  a ``collected`` figure, and ``Total pot`` is the pot after rake (rooms.py);
- Hi/Lo awards are tagged ``pot(HI)`` / ``pot (LO)`` (``Collection.half``) and the
  SUMMARY gives one line per half for a seat (merged into one ``SummarySeat``);
- ``posts small blind X out of position``: a player returning from missed
  blinds. The small-blind part is dead (R-BL-6, R-BL-7), the rest live.

Every line must be understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import (
    Action,
    ActionKind,
    Collection,
    GameType,
    HandRecord,
    Seat,
    Show,
    Site,
    Street,
    Structure,
    SummarySeat,
)
from omahahh.money import to_minor
from omahahh.parsers.betting_lines import add_action, new_street, read_betting, split_all_in
from omahahh.parsers.common import cards_or_fail, match_name, names_longest_first
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.winamax_header import Header, parse_header, parse_table
from omahahh.sources import Block

SITE = Site.WINAMAX

SECTION_RE = re.compile(
    r"^\*\*\* (?P<name>ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*:?"
    r"(?P<tail>.*)$"
)
BRACKETS_RE = re.compile(r"\[([^\]]*)\]")
SEAT_RE = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*?)(?:, (?P<bounty>[^()]*?) bounty)?\)$"
)
DEALT_RE = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
COLLECT_RE = re.compile(
    r"^(?P<name>.+) collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)"
    r"\s*(?:\((?P<half>HI|LO)\))?$"
)
TOTAL_RE = re.compile(r"^Total pot (?P<total>\S+) \| (?:Rake (?P<rake>\S+)|(?P<none>No rake))$")
BOARD_RE = re.compile(r"^Board: \[(?P<cards>[^\]]*)\]$")
SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
WON_RE = re.compile(r" won (?P<amount>\S+)")
FOLDED_RE = re.compile(
    r"folded (?:on|before) the (?P<street>pre-flop|flop|turn|river)", re.IGNORECASE
)
TOURNAMENT_TABLE_RE = re.compile(r"\((?P<tid>\d+)\)#\d+$")

_STREET_OF = {
    "ANTE/BLINDS": Street.PREFLOP,
    "PRE-FLOP": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
_FOLD_STREET = {
    "pre-flop": Street.PREFLOP,
    "flop": Street.FLOP,
    "turn": Street.TURN,
    "river": Street.RIVER,
}
_HALF = {"HI": "high", "LO": "low"}
OUT_OF_POSITION = " out of position"
INFO = ("doesn't show hand", "mucks hand", "sits out", "is sitting out")


def matches(first_line: str) -> bool:
    """Is this block's first line a Winamax header?"""
    return first_line.startswith("Winamax Poker - ")


class _Hand:
    """Scratch state while reading one block; frozen into a HandRecord at the end."""

    def __init__(self, header: Header):
        self.h = header
        self.unit = header.unit
        self.seats: list[Seat] = []
        self.names: tuple[str, ...] = ()
        self.actions: list[Action] = []
        self.dealt: list[tuple[str, tuple[int, ...]]] = []
        self.collections: list[Collection] = []
        self.shows: list[Show] = []
        self.summary: dict[int, SummarySeat] = {}
        self.board: tuple[int, ...] = ()
        self.summary_board: tuple[int, ...] | None = None
        self.notes: list[str] = []
        self.section = "ANTE/BLINDS"
        self.street = Street.PREFLOP
        self.live: dict[str, int] = {}
        self.total: int | None = None
        self.rake: int | None = None
        self.first_sb: int | None = None
        self.first_bb: int | None = None
        self.ante: int | None = header.ante

    def money(self, text: str, offset: int) -> int:
        try:
            return to_minor(text, self.unit)
        except MoneyError as exc:
            raise HandParseError("bad_amount", str(exc), offset, text) from None


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """Parse one Winamax block. Raises :class:`HandParseError` with a reason code."""
    lines = block.lines
    header = parse_header(lines[0], context)
    if not any(line.startswith("*** SUMMARY ***") for line in lines):
        raise HandParseError(
            "truncated", "hand has no *** SUMMARY *** section", len(lines) - 1, lines[-1]
        )
    table = parse_table(lines[1], 1)
    hand = _Hand(header)
    i = _read_seats(hand, lines, 2)
    for offset in range(i, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if line.startswith("*** "):
            _section_line(hand, line, offset)
        elif hand.section == "SUMMARY":
            _summary_line(hand, line, offset)
        else:
            _body_line(hand, line, offset)
    tournament_id = None
    if header.game_type is GameType.TOURNAMENT:
        t = TOURNAMENT_TABLE_RE.search(table.name)
        tournament_id = t["tid"] if t else None
    return _freeze(hand, table.name, table.max_seats, table.button_seat, tournament_id, block)


def _read_seats(hand: _Hand, lines: Sequence[str], start: int) -> int:
    i = start
    while i < len(lines) and lines[i].startswith("Seat "):
        m = SEAT_RE.match(lines[i])
        if m is None:
            raise HandParseError(
                "bad_seat_line", f"unreadable seat line: {lines[i]!r}", i, lines[i]
            )
        stack_text = m["stack"].strip()
        if not stack_text:
            # ``Seat 1: Player1 ()``: a seat with no stack, dealt no cards.
            hand.notes.append(f"seat {m['seat']} prints no stack: read as 0, sitting out")
        bounty = None
        if m["bounty"]:
            try:
                bounty = to_minor(m["bounty"], 100)
            except MoneyError:
                bounty = None
        hand.seats.append(
            Seat(
                seat=int(m["seat"]),
                player=m["name"],
                stack_start=hand.money(stack_text, i) if stack_text else 0,
                sitting_out=not stack_text,
                bounty=bounty,
            )
        )
        i += 1
    if len({s.seat for s in hand.seats}) != len(hand.seats):
        raise HandParseError("duplicate_seat", "two players in one seat", start, lines[start])
    hand.names = names_longest_first([s.player for s in hand.seats])
    return i


def _section_line(hand: _Hand, line: str, offset: int) -> None:
    m = SECTION_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    hand.section = name
    street = _STREET_OF.get(name)
    if street is not None:
        new_street(hand, street)
    groups = BRACKETS_RE.findall(m["tail"])
    if groups:
        cards: list[int] = []
        for g in groups:
            cards.extend(cards_or_fail(g, offset))
        hand.board = tuple(cards)


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Dealt to "):
        m = DEALT_RE.match(line)
        if m is None:
            raise HandParseError("unknown_line", f"unreadable dealt line: {line!r}", offset, line)
        hand.dealt.append((m["name"], cards_or_fail(m["cards"], offset)))
        return
    c = COLLECT_RE.match(line)
    if c is not None and c["name"] in hand.names:
        pot = c["pot"]
        hand.collections.append(
            Collection(
                player=c["name"],
                amount=hand.money(c["amount"], offset),
                pot_index=0 if pot in ("pot", "main pot") else int(c["n"] or 1),
                half=_HALF[c["half"]] if c["half"] else None,
                pot_label=pot,
                line=offset,
            )
        )
        return
    name = match_name(line, hand.names, " ")
    if name is None:
        raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)
    _action(hand, name, line[len(name) + 1 :], offset)


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    rest, all_in = split_all_in(rest)
    verb, _, arg = rest.partition(" ")
    if verb == "raises" and hand.section == "ANTE/BLINDS":
        raise _blind_section_raise(f"{player} {rest}", offset)
    if read_betting(hand, player, rest, all_in, hand.money, offset):
        pass
    elif verb == "posts":
        _post(hand, player, arg, offset, all_in)
    elif verb == "shows":
        cards_text, _, desc = arg.partition("]")
        desc = desc.strip()
        hand.shows.append(
            Show(
                player=player,
                cards=cards_or_fail(cards_text.lstrip("["), offset),
                description=desc[1:-1] if desc.startswith("(") and desc.endswith(")") else None,
                line=offset,
            )
        )
    elif rest in INFO:
        return
    else:
        raise HandParseError("unknown_line", f"unknown action: {player} {rest}", offset, rest)


def _blind_section_raise(line: str, offset: int) -> HandParseError:
    """``Player3 raises 1€ to 3€`` before the blinds (fpdb's ``ante.raise`` file).

    The text does not say what this puts in, nor how much of it is live: in the
    corpus the same player then posts a small blind and checks facing the big
    blind (so 2€ of 4€ were live), while the next hand's raise sizes assume 3€
    live. Rather than guess, the hand becomes a failure row saying why.
    """
    return HandParseError(
        "ambiguous_post",
        "a raise among the blinds: how much it puts in, dead or live, is not stated",
        offset,
        line,
    )


def _post(hand: _Hand, player: str, arg: str, offset: int, all_in: bool) -> None:
    out_of_position = arg.endswith(OUT_OF_POSITION)
    if out_of_position:
        arg = arg[: -len(OUT_OF_POSITION)]
    kind_text, _, amount_text = arg.rpartition(" ")
    amount = hand.money(amount_text, offset)
    small = hand.h.stake_low
    if kind_text == "small blind":
        already_live = hand.live.get(player, 0) > 0
        if out_of_position or already_live:
            # Returning player: the small-blind part is dead, any excess is a live big blind.
            dead = min(amount, small)
            add_action(hand, player, ActionKind.POST_DEAD, dead, offset, live=False)
            if amount > dead:
                add_action(
                    hand, player, ActionKind.POST_BIG_BLIND, amount - dead, offset, all_in=all_in
                )
            return
        if hand.first_sb is None:
            hand.first_sb = amount
        add_action(hand, player, ActionKind.POST_SMALL_BLIND, amount, offset, all_in=all_in)
    elif kind_text == "big blind":
        if amount == 0:
            return  # "posts big blind 0€ out of position": nothing put in
        if hand.first_bb is None and not out_of_position:
            hand.first_bb = amount
        add_action(hand, player, ActionKind.POST_BIG_BLIND, amount, offset, all_in=all_in)
    elif kind_text == "ante":
        if hand.ante is None:
            hand.ante = amount
        add_action(hand, player, ActionKind.POST_ANTE, amount, offset, all_in=all_in, live=False)
    else:
        raise HandParseError("unknown_line", f"unknown post: {player} posts {arg}", offset, arg)


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    t = TOTAL_RE.match(line)
    if t is not None:
        hand.total = hand.money(t["total"], offset)
        hand.rake = 0 if t["none"] else hand.money(t["rake"], offset)
        return
    b = BOARD_RE.match(line)
    if b is not None:
        hand.summary_board = cards_or_fail(b["cards"], offset)
        return
    m = SUMMARY_SEAT_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    _summary_seat(hand, int(m["seat"]), m["rest"], offset)


def _summary_seat(hand: _Hand, seat: int, rest: str, offset: int) -> None:
    """One SUMMARY seat line; Hi/Lo prints two per seat, merged here (won summed)."""
    name = next((s.player for s in hand.seats if s.seat == seat), None)
    if name is not None and rest.startswith(name):
        rest = rest[len(name) :]
    else:
        hand.notes.append(f"summary seat {seat} names another player on line {offset + 1}")
        name = name or rest.split(" (")[0]
    won = [hand.money(w["amount"], offset) for w in WON_RE.finditer(rest)]
    shown = BRACKETS_RE.search(rest) if " showed [" in rest or " mucked [" in rest else None
    folded = FOLDED_RE.search(rest)
    line = SummarySeat(
        seat=seat,
        player=name,
        won=sum(won) if won else None,
        showed=cards_or_fail(shown.group(1), offset) if shown else (),
        mucked=" mucked" in rest,
        folded_street=_FOLD_STREET[folded["street"].lower()] if folded else None,
        line=offset,
    )
    before = hand.summary.get(seat)
    if before is not None:
        total = (
            None if before.won is None and line.won is None else (before.won or 0) + (line.won or 0)
        )
        line = SummarySeat(
            seat=seat,
            player=name,
            won=total,
            showed=before.showed or line.showed,
            mucked=before.mucked or line.mucked,
            folded_street=before.folded_street or line.folded_street,
            line=before.line,
        )
    hand.summary[seat] = line


def _mark_idle_seats(hand: _Hand) -> tuple[Seat, ...]:
    """Winamax lists every seated player but never says who sits out: a seat with
    no line at all in the hand (no post, card, action or award) was not dealt in."""
    involved = {a.player for a in hand.actions} | {name for name, _ in hand.dealt}
    involved |= {s.player for s in hand.shows} | {c.player for c in hand.collections}
    out = []
    for seat in hand.seats:
        if seat.player not in involved and not seat.sitting_out:
            hand.notes.append(f"seat {seat.seat}: no line in the hand, read as sitting out")
            seat = dataclasses.replace(seat, sitting_out=True)
        out.append(seat)
    return tuple(out)


def _freeze(
    hand: _Hand,
    table_name: str,
    max_seats: int | None,
    button: int,
    tournament_id: str | None,
    block: Block,
) -> HandRecord:
    h = hand.h
    board = hand.board
    if hand.summary_board is not None and hand.summary_board != board:
        if board:
            hand.notes.append("SUMMARY board differs from the street lines")
        board = hand.summary_board
    fixed = h.game.structure is Structure.FIXED_LIMIT
    small_blind = hand.first_sb if hand.first_sb is not None else h.stake_low
    big_blind = hand.first_bb if hand.first_bb is not None else h.stake_high
    seats = _mark_idle_seats(hand)
    return HandRecord(
        site=SITE,
        hand_id=h.hand_id,
        started_at=h.started_at,
        started_at_text=h.started_at_text,
        game=h.game,
        game_type=h.game_type,
        tournament_id=tournament_id,
        tournament_level=h.tournament_level,
        buy_in=h.buy_in,
        currency=h.currency,
        unit=h.unit,
        stakes=h.stakes,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=h.stake_low if fixed else None,
        big_bet=h.stake_high if fixed else None,
        ante=hand.ante,
        table_name=table_name,
        max_seats=max_seats,
        button_seat=button,
        seats=seats,
        actions=tuple(hand.actions),
        dealt=tuple(hand.dealt),
        boards=(board,) if board else (),
        collections=tuple(hand.collections),
        shows=tuple(hand.shows),
        summary_seats=tuple(sorted(hand.summary.values(), key=lambda s: s.line)),
        total_pot_reported=hand.total,
        rake_reported=hand.rake,
        source_path=block.path,
        source_line=block.line,
        text_hash=block.text_hash(),
        notes=tuple(hand.notes),
    )
