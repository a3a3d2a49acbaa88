"""PokerStars hand histories (FORMATS.md §1): text in, :class:`HandRecord` out.

The parser records what the text claims. The one thing it works out is the
chips an action puts in (``raises X to Y`` puts in Y minus what the player
already has in on the street; antes and a dead small blind do not count),
because that is what the line means, not a rule being checked.

Every line of a hand must be understood: an unknown line makes the hand a
failure row (``unknown_line``) rather than risk a silently dropped action.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import (
    Action,
    ActionKind,
    CashOut,
    Collection,
    HandRecord,
    Seat,
    Show,
    Site,
    Street,
    Structure,
    SummarySeat,
    UncalledReturn,
)
from omahahh.money import fast_minor, to_minor
from omahahh.parsers.betting_lines import add_action, new_street, read_betting, split_all_in
from omahahh.parsers.common import cards_or_fail, match_name, names_longest_first
from omahahh.parsers.pokerstars_header import Header, parse_header, parse_table
from omahahh.sources import Block

SITE = Site.POKERSTARS

STREET_RE = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>HOLE CARDS|PRE-FLOP|FLOP|TURN|RIVER|"
    r"SHOW DOWN|SUMMARY|DEALING HANDS) \*\*\*(?P<tail>.*)$"
)
BRACKETS_RE = re.compile(r"\[([^\]]*)\]")
COLLECT_RE = re.compile(
    r" collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)$"
)
UNCALLED_RE = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
CASHOUT_RE = re.compile(
    r"^(?P<name>.+) cashed out the hand for (?P<amount>\S+) \| Cash Out Fee (?P<fee>\S+)$"
)
DEALT_RE = re.compile(r"^Dealt to (?P<name>.+?) (?:\[(?P<old>[^\]]*)\] )?\[(?P<cards>[^\]]*)\]$")
TOTAL_RE = re.compile(
    r"^Total pot (?P<total>\S+)(?P<pots>.*?)(?: \| Rake (?P<rake>\S+))?(?: \|.*)?$"
)
POT_PART_RE = re.compile(r"(?P<kind>Main|Side) pot(?:-(?P<n>\d+))? (?P<amount>[^ ]+)\.(?= |$)")
BOARD_RE = re.compile(r"^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]*)\]$")
SUMMARY_SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
WON_RE = re.compile(r"(?:won|collected) \((?P<amount>[^)]*)\)")
FOLDED_RE = re.compile(r"folded (?:before Flop|on the (?P<street>Flop|Turn|River))")

# Lines that carry no chips and no cards: chat, connection, table and
# tournament news (FORMATS.md §1.11). Matched after action lines.
INFO_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        r' said, ".*"?$',
        r" is (?:dis)?connected$",
        r" has returned$",
        r" has timed out(?: while (?:being )?disconnected)?$",
        r" leaves the table$",
        r" joins the table at seat #\d+$",
        r" will be allowed to play after the button$",
        r" was removed from the table for failing to post$",
        r"(?::)? is sitting out$",
        r"(?::)? sits out$",
        r" is sitting out \(.*\)$",
        r" finished the tournament(?: in \d+\w* place)?(?: and received .*)?$",
        r" wins the tournament and receives .*$",
        r" wins (?:the )?\S+ (?:bounty )?for (?:eliminating|splitting the elimination of) .*$",
        r" split the \S+ bounty for eliminating .*$",
        r" re-buys and receives .*$",
        r" takes the add-on and receives .*$",
        r" wins an entry to tournament #\d+$",
        r" wins the \S+ bounty for eliminating .*$",
        r"^The player .* is being paid .*$",
        r" has (?:been )?(?:disqualified|timed out).*$",
        r" is (?:feeling \w+|away)$",
        r"^Table '.*' \d+-max Seat #\d+ is the button$",
        # Bovada-to-Stars converters leave these lobby events in the text.
        r"^Table (?:enter|leave) user$",
        r"^Table deposit \S+$",
        # Bovada-to-Stars converters leave these lobby events in the text.
        r"^Table (?:enter|leave) user$",
        r"^Table deposit \S+$",
    )
)
PLAIN_INFO = frozenset({"No low hand qualified", "Hand was run twice", "Hand was run three times"})

_RUN = {None: 0, "FIRST": 0, "SECOND": 1, "THIRD": 2}
_STREET_OF = {
    "HOLE CARDS": Street.PREFLOP,
    "PRE-FLOP": Street.PREFLOP,
    "DEALING HANDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}
_FOLD_STREET = {
    None: Street.PREFLOP,
    "Flop": Street.FLOP,
    "Turn": Street.TURN,
    "River": Street.RIVER,
}


def matches(first_line: str) -> bool:
    """Is this block's first line a PokerStars header (not a look-alike client)?"""
    return first_line.startswith("PokerStars ")


class _Hand:
    """Mutable scratch state while reading one block; frozen into a HandRecord at the end."""

    def __init__(self, header: Header, block: Block):
        self.h = header
        self.block = block
        self.unit = header.unit
        self.seats: list[Seat] = []
        self.names: tuple[str, ...] = ()
        self.actions: list[Action] = []
        self.dealt: list[tuple[str, tuple[int, ...]]] = []
        self.uncalled: list[UncalledReturn] = []
        self.collections: list[Collection] = []
        self.shows: list[Show] = []
        self.cashouts: list[CashOut] = []
        self.summary_seats: list[SummarySeat] = []
        self.capped: list[Street] = []
        self.boards: dict[int, tuple[int, ...]] = {}
        self.summary_boards: dict[int, tuple[int, ...]] = {}
        self.notes: list[str] = []
        self.street = Street.PREFLOP
        self.run = 0
        self.live: dict[str, int] = {}  # chips counting toward calls on this street
        self.cancelled = False
        self.total: int | None = None
        self.main: int | None = None
        self.sides: list[int] = []
        self.rake: int | None = None
        self.run_count = 1
        self.first_sb: int | None = None
        self.first_bb: int | None = None
        self.ante: int | None = None

    def money(self, text: str, offset: int) -> int:
        try:
            return fast_minor(text, self.unit)
        except MoneyError as exc:
            raise HandParseError("bad_amount", str(exc), offset, text) from None


def parse(block: Block) -> HandRecord:
    """Parse one PokerStars block. Raises :class:`HandParseError` with a reason code."""
    lines = block.lines
    header = parse_header(lines[0])
    if not any(line.startswith("*** SUMMARY ***") for line in lines):
        raise HandParseError(
            "truncated", "hand has no *** SUMMARY *** section", len(lines) - 1, lines[-1]
        )
    if len(lines) < 3:
        raise HandParseError("truncated", "hand ends after its header", len(lines) - 1, lines[-1])
    table = parse_table(lines[1], 1)
    hand = _Hand(header, block)
    i = _read_seats(hand, lines, 2)
    in_summary = False
    for offset in range(i, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if in_summary:
            _summary_line(hand, line, offset)
        elif line.startswith("*** "):
            in_summary = _street_line(hand, line, offset)
        else:
            _body_line(hand, line, offset)
    return _freeze(hand, table.name, table.max_seats, table.button_seat, block)


def _read_seats(hand: _Hand, lines: Sequence[str], start: int) -> int:
    i = start
    while i < len(lines) and lines[i].startswith("Seat "):
        hand.seats.append(_seat_line(hand, lines[i], i))
        i += 1
    hand.names = names_longest_first([s.player for s in hand.seats])
    if len({s.seat for s in hand.seats}) != len(hand.seats):
        raise HandParseError("duplicate_seat", "two players in one seat", start, lines[start])
    return i


def _seat_line(hand: _Hand, line: str, offset: int) -> Seat:
    head, sep, rest = line.partition(": ")
    number = head[5:]
    if not sep or not number.isdigit():
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    chips_at = rest.rfind(" in chips")
    open_at = rest.rfind("(", 0, chips_at)
    close_at = rest.find(")", chips_at)
    if chips_at < 0 or open_at < 0 or close_at < 0:
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    name = rest[:open_at].rstrip()
    inside = rest[open_at + 1 : close_at]
    stack_text, _, extra = inside.partition(" in chips")
    bounty = None
    if extra.startswith(", ") and extra.endswith(" bounty"):
        try:
            bounty = to_minor(extra[2:-7], 100)
        except MoneyError:
            bounty = None
    tail = rest[close_at + 1 :].strip()
    return Seat(
        seat=int(number),
        player=name,
        stack_start=hand.money(stack_text, offset),
        sitting_out="is sitting out" in tail,
        out_of_hand=tail.startswith("out of hand"),
        bounty=bounty,
    )


def _street_line(hand: _Hand, line: str, offset: int) -> bool:
    """Handle a ``*** X ***`` line; returns True when the SUMMARY starts."""
    m = STREET_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    if name == "SUMMARY":
        return True
    run = _RUN[m["run"]]
    if name == "SHOW DOWN":
        hand.run = run
        return False
    street = _STREET_OF[name]
    new_street(hand, street)
    hand.run = run
    groups = BRACKETS_RE.findall(m["tail"])
    if groups:
        cards: list[int] = []
        for g in groups:
            if not g.strip():
                hand.notes.append(f"empty card slot on line {offset + 1}: {line}")
                continue
            cards.extend(cards_or_fail(g, offset))
        hand.boards[run] = tuple(cards)
    return False


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    name = match_name(line, hand.names, ": ")
    if name is not None:
        _action(hand, name, line[len(name) + 2 :], offset)
        return
    if line.startswith("Dealt to "):
        m = DEALT_RE.match(line)
        if m is None:
            raise HandParseError("unknown_line", f"unreadable dealt line: {line!r}", offset, line)
        hand.dealt.append((m["name"], cards_or_fail(m["cards"], offset)))
        return
    if line.startswith("Uncalled bet ("):
        m = UNCALLED_RE.match(line)
        if m is None:
            raise HandParseError(
                "unknown_line", f"unreadable uncalled-bet line: {line!r}", offset, line
            )
        amount = hand.money(m["amount"], offset)
        hand.uncalled.append(
            UncalledReturn(player=m["name"], amount=amount, street=hand.street, line=offset)
        )
        return
    c = COLLECT_RE.search(line) if " collected " in line else None
    if c is not None:
        pot = c["pot"]
        index = 0 if pot in ("pot", "main pot") else int(c["n"] or 1)
        hand.collections.append(
            Collection(
                player=line[: c.start()],
                amount=hand.money(c["amount"], offset),
                pot_index=index,
                run=hand.run,
                pot_label=pot,
                line=offset,
            )
        )
        return
    if " cashed out the hand for " in line:
        m = CASHOUT_RE.match(line)
        if m is None:
            raise HandParseError(
                "unknown_line", f"unreadable cash-out line: {line!r}", offset, line
            )
        hand.cashouts.append(
            CashOut(
                player=m["name"],
                amount=hand.money(m["amount"], offset),
                fee=hand.money(m["fee"], offset),
                line=offset,
            )
        )
        return
    if line == "Hand cancelled":
        hand.cancelled = True
        return
    if line == "Betting is capped":
        hand.capped.append(hand.street)
        return
    if line in PLAIN_INFO or any(p.search(line) for p in INFO_RES):
        return
    if ": " in line and _looks_like_action(line):
        raise HandParseError(
            "unknown_player", f"action by a player not seated: {line!r}", offset, line
        )
    raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)


_ACTION_WORDS = ("folds", "checks", "calls ", "bets ", "raises ", "posts ", "shows ", "mucks")


def _looks_like_action(line: str) -> bool:
    rest = line.rsplit(": ", 1)[-1]
    return rest.startswith(_ACTION_WORDS)


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    rest, all_in = split_all_in(rest)
    cap_at = rest.find(" and has reached the ")
    if cap_at >= 0:
        rest = rest[:cap_at]
    verb, _, arg = rest.partition(" ")
    if verb == "folds":
        if arg and not arg.startswith("[") and arg != "(disconnect)":
            raise HandParseError("unknown_line", f"unknown fold line: {rest!r}", offset, rest)
        if arg.startswith("["):
            hand.shows.append(
                Show(player=player, cards=cards_or_fail(arg, offset), mucked=True, line=offset)
            )
        add_action(hand, player, ActionKind.FOLD, 0, offset)
    elif read_betting(hand, player, rest, all_in, hand.money, offset):
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
                description=desc[1:-1]
                if desc.startswith("(") and desc.endswith(")")
                else (desc or None),
                line=offset,
            )
        )
    elif verb == "mucks":
        if arg.startswith("hand ["):
            hand.shows.append(
                Show(player=player, cards=cards_or_fail(arg[5:], offset), mucked=True, line=offset)
            )
        elif arg != "hand":
            raise HandParseError("unknown_line", f"unknown muck line: {rest!r}", offset, rest)
    elif rest in ("doesn't show hand", "is sitting out", "sits out", "is away"):
        pass
    else:
        raise HandParseError("unknown_line", f"unknown action: {player}: {rest}", offset, rest)


def _post(hand: _Hand, player: str, arg: str, offset: int, all_in: bool) -> None:
    kind_text, _, amount_text = arg.rpartition(" ")
    amount = hand.money(amount_text, offset)
    if kind_text == "small blind":
        if hand.first_sb is None:
            hand.first_sb = amount
        add_action(hand, player, ActionKind.POST_SMALL_BLIND, amount, offset, all_in=all_in)
    elif kind_text == "big blind":
        if hand.first_bb is None:
            hand.first_bb = amount
        add_action(hand, player, ActionKind.POST_BIG_BLIND, amount, offset, all_in=all_in)
    elif kind_text == "the ante":
        if hand.ante is None:
            hand.ante = amount
        add_action(hand, player, ActionKind.POST_ANTE, amount, offset, all_in=all_in, live=False)
    elif kind_text == "small & big blinds":
        # The small-blind part is dead (R-BL-6): it does not count toward calls.
        big = _big_blind_size(hand)
        dead = max(amount - big, 0)
        live = amount - dead
        add_action(hand, player, ActionKind.POST_DEAD, dead, offset, live=False)
        add_action(hand, player, ActionKind.POST_BIG_BLIND, live, offset, all_in=all_in)
    elif kind_text == "straddle":
        add_action(hand, player, ActionKind.POST_STRADDLE, amount, offset, all_in=all_in)
    else:
        raise HandParseError("unknown_line", f"unknown post: {player}: posts {arg}", offset, arg)


def _big_blind_size(hand: _Hand) -> int:
    if hand.first_bb is not None:
        return hand.first_bb
    if hand.h.game.structure is Structure.FIXED_LIMIT:
        return hand.h.stake_low
    return hand.h.stake_high


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Total pot "):
        m = TOTAL_RE.match(line)
        if m is None:
            raise HandParseError(
                "unknown_line", f"unreadable total pot line: {line!r}", offset, line
            )
        hand.total = hand.money(m["total"], offset)
        if m["rake"] is not None:
            hand.rake = hand.money(m["rake"], offset)
        for p in POT_PART_RE.finditer(m["pots"]):
            amount = hand.money(p["amount"], offset)
            if p["kind"] == "Main":
                hand.main = amount
            else:
                hand.sides.append(amount)
        return
    if line.startswith("Seat "):
        hand.summary_seats.append(_summary_seat(hand, line, offset))
        return
    b = BOARD_RE.match(line)
    if b is not None:
        hand.summary_boards[_RUN[b["run"]]] = cards_or_fail(b["cards"], offset)
        return
    if line == "Hand was run twice":
        hand.run_count = 2
        return
    if line == "Hand was run three times":
        hand.run_count = 3
        return
    raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)


def _summary_seat(hand: _Hand, line: str, offset: int) -> SummarySeat:
    m = SUMMARY_SEAT_RE.match(line)
    if m is None:
        raise HandParseError(
            "unknown_line", f"unreadable summary seat line: {line!r}", offset, line
        )
    seat = int(m["seat"])
    rest = m["rest"]
    name = next((s.player for s in hand.seats if s.seat == seat), None)
    if name is not None and rest.startswith(name):
        rest = rest[len(name) :]
    else:
        hand.notes.append(f"summary seat {seat} names another player on line {offset + 1}")
        name = name or rest.split(" (")[0]
    won = [hand.money(w["amount"], offset) for w in WON_RE.finditer(rest)]
    showed = BRACKETS_RE.search(rest) if " showed [" in rest or " mucked [" in rest else None
    folded = FOLDED_RE.search(rest)
    return SummarySeat(
        seat=seat,
        player=name,
        won=sum(won) if won else None,
        showed=cards_or_fail(showed.group(1), offset) if showed else (),
        mucked=" mucked" in rest,
        folded_street=_FOLD_STREET[folded["street"]] if folded else None,
        cashed_out="cashed out" in rest,
        line=offset,
    )


def _freeze(
    hand: _Hand, table_name: str, max_seats: int | None, button: int, block: Block
) -> HandRecord:
    h = hand.h
    boards_src = hand.summary_boards or hand.boards
    boards = tuple(boards_src[r] for r in sorted(boards_src))
    run_count = max(hand.run_count, len(boards)) if boards else hand.run_count
    fixed = h.game.structure is Structure.FIXED_LIMIT
    small_bet = h.stake_low if fixed else None
    big_bet = h.stake_high if fixed else None
    if fixed:
        small_blind = hand.first_sb if hand.first_sb is not None else h.stake_low // 2
        big_blind = hand.first_bb if hand.first_bb is not None else h.stake_low
    else:
        small_blind = hand.first_sb if hand.first_sb is not None else h.stake_low
        big_blind = hand.first_bb if hand.first_bb is not None else h.stake_high
    return HandRecord(
        site=SITE,
        hand_id=h.hand_id,
        started_at=h.started_at,
        started_at_text=h.started_at_text,
        game=h.game,
        game_type=h.game_type,
        fast_fold=h.fast_fold,
        home_game=h.home_game,
        tournament_id=h.tournament_id,
        tournament_level=h.tournament_level,
        buy_in=h.buy_in,
        currency=h.currency,
        unit=h.unit,
        stakes=h.stakes,
        small_blind=small_blind,
        big_blind=big_blind,
        small_bet=small_bet,
        big_bet=big_bet,
        ante=hand.ante,
        table_name=table_name,
        max_seats=max_seats,
        button_seat=button,
        seats=tuple(hand.seats),
        actions=tuple(hand.actions),
        dealt=tuple(hand.dealt),
        boards=boards,
        uncalled=tuple(hand.uncalled),
        collections=tuple(hand.collections),
        shows=tuple(hand.shows),
        cashouts=tuple(hand.cashouts),
        summary_seats=tuple(hand.summary_seats),
        cancelled=hand.cancelled,
        betting_capped=tuple(hand.capped),
        total_pot_reported=hand.total,
        main_pot_reported=hand.main,
        side_pots_reported=tuple(hand.sides),
        rake_reported=hand.rake,
        run_count=run_count,
        source_path=block.path,
        source_line=block.line,
        text_hash=block.text_hash(),
        notes=tuple(hand.notes),
    )
