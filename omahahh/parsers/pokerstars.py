"""PokerStars hand histories (docs/FORMATS.md §1): text in, :class:`HandRecord` out.

The parser records what the text claims. The one thing it works out is the
chips an action puts in (``raises X to Y`` puts in Y minus what the player
already has in on the street; antes and a dead small blind do not count),
because that is what the line means, not a rule being checked.

Every line of a hand must be understood: an unknown line makes the hand a
failure row (``unknown_line``) rather than risk a silently dropped action.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from omahahh.errors import HandParseError
from omahahh.hand_tables import SummarySeatTable
from omahahh.model import (
    ActionKind,
    CashOut,
    HandRecord,
    Site,
    Street,
)
from omahahh.money import fast_minor
from omahahh.parsers.betting_lines import ALL_IN, add_action, new_street, read_betting
from omahahh.parsers.builder import HandBuilder, Post, read_sections
from omahahh.parsers.common import (
    BOARD_RE,
    RUN_INDEX,
    WON_RE,
    TableLine,
    add_show,
    board_cards,
    bounty_or_none,
    cards_or_fail,
    folded_street,
    leading_name,
    names_without,
    require_summary,
)
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.pokerstars_header import parse_header, parse_table
from omahahh.parsers.sources import Block

SITE = Site.POKERSTARS

STREET_RE = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<name>HOLE CARDS|PRE-FLOP|FLOP|TURN|RIVER|"
    r"SHOW DOWN|SUMMARY|DEALING HANDS) \*\*\*(?P<tail>.*)$"
)
COLLECT_RE = re.compile(
    r" collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)$"
)
CASHOUT_RE = re.compile(
    r"^(?P<name>.+) cashed out the hand for (?P<amount>\S+) \| Cash Out Fee (?P<fee>\S+)$"
)
TOTAL_RE = re.compile(
    r"^Total pot (?P<total>\S+)(?P<pots>.*?)(?: \| Rake (?P<rake>\S+))?(?: \|.*)?$"
)
POT_PART_RE = re.compile(r"(?P<kind>Main|Side) pot(?:-(?P<n>\d+))? (?P<amount>[^ ]+)\.(?= |$)")

# Lines that carry no chips and no cards: chat, connection, table and
# tournament news (docs/FORMATS.md §1.11). Matched after action lines.
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
    )
)
PLAIN_INFO = frozenset({"No low hand qualified", "Hand was run twice", "Hand was run three times"})
SUMMARY_FILE_RE = re.compile(r"^PokerStars Tournament #\d+")
"""A tournament summary's first line (``PokerStars Tournament #3000000101, Omaha Pot Limit``):
fpdb's ``PokerStarsSummary.re_identify``. Such text holds no hand."""
RUPEES_RE = re.compile(r"\bRs\. (?=\d)")
"""PokerStars.in's amounts, ``Rs. 5`` (fpdb ``currencies``: ``"Rs. "`` is INR)."""

_STREET_OF = {
    "HOLE CARDS": Street.PREFLOP,
    "PRE-FLOP": Street.PREFLOP,
    "DEALING HANDS": Street.PREFLOP,
    "FLOP": Street.FLOP,
    "TURN": Street.TURN,
    "RIVER": Street.RIVER,
}


def matches(first_line: str) -> bool:
    """Is this block's first line a PokerStars header (not a look-alike client)?"""
    return first_line.startswith("PokerStars ")


@dataclass(frozen=True, slots=True)
class Dialect:
    """A client that writes PokerStars' line grammar (FORMATS §8) as its own room.

    The look-alikes keep every Stars line shape; what differs is their header,
    table line, a few lines of their own (``body``/``summary`` hooks: True when
    the hook took the line) and what the hand means once read (``finish``).
    """

    site: Site
    header: Callable[[str], HandHeader]
    table: Callable[[str, int], TableLine]
    street_re: re.Pattern[str]
    collect_re: re.Pattern[str] = COLLECT_RE
    won_re: re.Pattern[str] = WON_RE
    body: Callable[[StarsHand, str, int], bool] | None = None
    summary: Callable[[StarsHand, str, int], bool] | None = None
    finish: Callable[[HandRecord], HandRecord] | None = None


class StarsHand(HandBuilder):
    """Scratch state while reading one block; frozen into a HandRecord at the end."""

    # Slots, as HandBuilder's: its 34 attributes are more than an instance's shared
    # key table holds (30), past which every read and write of one went the slow way.
    __slots__ = (
        "block",
        "boards",
        "cancelled",
        "capped",
        "cash_drop",
        "cashouts",
        "dialect",
        "main",
        "run",
        "run_count",
        "sides",
        "summary_boards",
        "summary_seats",
    )

    def __init__(self, header: HandHeader, block: Block, dialect: Dialect):
        super().__init__(header, header.notes, fast_minor)
        self.block = block
        self.dialect = dialect
        self.cashouts: list[CashOut] = []
        self.summary_seats = SummarySeatTable()
        self.capped: list[Street] = []
        self.boards: dict[int, tuple[int, ...]] = {}
        self.summary_boards: dict[int, tuple[int, ...]] = {}
        self.run = 0
        self.cancelled = False
        self.main: int | None = None
        self.sides: list[int] = []
        self.run_count = 1
        self.cash_drop: int | None = None  # Run It Once's STP


def parse(block: Block, dialect: Dialect | None = None) -> HandRecord:
    """Parse one PokerStars block (or a look-alike's, by its ``dialect``).

    Raises :class:`HandParseError` with a reason code.
    """
    d = dialect or STARS
    lines = block.lines
    if SUMMARY_FILE_RE.match(lines[0]):
        why = "a tournament summary (results of a tournament), not a hand"
        raise HandParseError("not_a_hand", why, 0, lines[0])
    rupees = "Rs. " in lines[0] and RUPEES_RE.search(lines[0]) is not None
    if rupees:  # PokerStars.in: "Rs. 5" is ₹5, read as such on every line
        lines = tuple(RUPEES_RE.sub("₹", line) for line in lines)
    header = d.header(lines[0])
    require_summary(lines)
    if len(lines) < 3:
        raise HandParseError("truncated", "hand ends after its header", len(lines) - 1, lines[-1])
    table = d.table(lines[1], 1)
    hand = StarsHand(header, block, d)
    if rupees:
        hand.notes.append("amounts printed 'Rs. N' read as ₹N (INR)")
    i = hand.read_seats(lines, _first_seat_line(lines), partial(_seat_line, hand))
    hand.plain_names = names_without(hand.names, ": ")
    if d.body is None and hand.plain_names is not None:
        _read_sections(hand, lines, i, hand.plain_names)
    else:
        read_sections(hand, lines, i, _street_line, _body_line, _summary_line)
    record = _freeze(hand, table, block)
    return d.finish(record) if d.finish is not None else record


def _first_seat_line(lines: tuple[str, ...]) -> int:
    """Where the seat lines start: line 3, or after tournament news printed between the
    table line and the seats (HHSmithy's PokerStars reader: "in tournaments the lines 3
    to x can include addons/rebuys, skip these"). Only lines that move no money in the
    hand (:data:`INFO_RES`) are passed over; anything else is left to the seat reader."""
    i = 2
    while i < len(lines) and not lines[i].startswith("Seat ") and _is_info(lines[i]):
        i += 1
    return i


def _is_info(line: str) -> bool:
    return line in PLAIN_INFO or any(p.search(line) for p in INFO_RES)


def _read_sections(
    hand: StarsHand, lines: tuple[str, ...], start: int, plain: frozenset[str]
) -> None:
    """:func:`read_sections` with ``_body_line`` for PokerStars itself (no dialect hook, no
    seated name holding ``": "``): a player's line, most of a hand, is told apart in the
    loop (the set lookup of :func:`leading_name`) and goes straight to :func:`_action`,
    two calls a line fewer (-3 % of the parse's instructions); so do the SUMMARY's seat
    lines to :func:`_summary_seat` when the dialect has no SUMMARY hook."""
    in_summary = False
    seats = hand.summary_seats if hand.dialect.summary is None else None
    for offset in range(start, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if in_summary:
            if seats is not None and line.startswith("Seat "):  # most SUMMARY lines
                _summary_seat(hand, line, offset)
            else:
                _summary_line(hand, line, offset)
        elif line.startswith("*** "):
            in_summary = _street_line(hand, line, offset)
        else:
            name, sep, rest = line.partition(": ")
            if not sep or name not in plain:
                _body_line(hand, line, offset)
            elif (no_chips := _NO_CHIPS.get(rest)) is not None:
                hand.actions.add(hand.street, name, no_chips, 0, None, None, False, offset)
            else:
                _action(hand, name, rest, offset)


def _seat_line(hand: StarsHand, line: str, offset: int) -> None:
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
        bounty = bounty_or_none(extra[2:-7])
    tail = rest[close_at + 1 :].strip()
    hand.seats.add(
        int(number),
        name,
        hand.money(stack_text, offset),
        "is sitting out" in tail,
        tail.startswith("out of hand"),
        bounty,
    )


def _street_line(hand: StarsHand, line: str, offset: int) -> bool:
    """Handle a ``*** X ***`` line; returns True when the SUMMARY starts."""
    if hand.dialect.street_re is STREET_RE:  # three lines of every hand, read without the match
        if line == "*** HOLE CARDS ***":
            new_street(hand, Street.PREFLOP)
            hand.run = 0
            return False
        if line == "*** SUMMARY ***":
            return True
        if line == "*** SHOW DOWN ***":
            hand.run = 0
            return False
    m = hand.dialect.street_re.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    if name == "SUMMARY":
        return True
    run = RUN_INDEX[m["run"]]
    if name in ("SHOW DOWN", "SHOWDOWN"):
        hand.run = run
        return False
    street = _STREET_OF[name]
    new_street(hand, street)
    hand.run = run
    tail = m["tail"]
    if not tail:  # *** HOLE CARDS ***: no cards
        return False
    board = board_cards(
        tail,
        offset,
        lambda: hand.notes.append(f"empty card slot on line {offset + 1}: {line}"),
    )
    if board is not None:
        hand.boards[run] = board
    return False


def _body_line(hand: StarsHand, line: str, offset: int) -> None:
    if hand.dialect.body is not None and hand.dialect.body(hand, line, offset):
        return
    name = leading_name(line, hand.names, hand.plain_names, ": ")
    if name is not None:
        rest = line[len(name) + 2 :]
        no_chips = _NO_CHIPS.get(rest)
        if no_chips is not None:  # the commonest lines, without the general reader's calls
            hand.actions.add(hand.street, name, no_chips, 0, None, None, False, offset)
            return
        _action(hand, name, rest, offset)
        return
    if hand.read_dealt_or_uncalled(line, offset):
        return
    c = hand.dialect.collect_re.search(line) if " collected " in line else None
    if c is not None:
        hand.collected(line[: c.start()], c, offset, run=hand.run)
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
    if _is_info(line):
        return
    if ": " in line and _looks_like_action(line):
        raise HandParseError(
            "unknown_player", f"action by a player not seated: {line!r}", offset, line
        )
    raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)


_NO_CHIPS = {"folds": ActionKind.FOLD, "checks": ActionKind.CHECK}
"""Whole action texts that put in no chips (what :func:`_action` records for them)."""

_ACTION_WORDS = ("folds", "checks", "calls ", "bets ", "raises ", "posts ", "shows ", "mucks")


def _looks_like_action(line: str) -> bool:
    rest = line.rsplit(": ", 1)[-1]
    return rest.startswith(_ACTION_WORDS)


def _action(hand: StarsHand, player: str, rest: str, offset: int) -> None:
    all_in = rest.endswith(ALL_IN)  # split_all_in, without the call: most lines are actions
    if all_in:
        rest = rest[: -len(ALL_IN)]
    cap_at = rest.find(" and has reached the ")
    if cap_at >= 0:
        rest = rest[:cap_at]
    verb, _, arg = rest.partition(" ")
    if verb == "folds":
        if arg and not arg.startswith("[") and arg != "(disconnect)":
            raise HandParseError("unknown_line", f"unknown fold line: {rest!r}", offset, rest)
        if arg.startswith("["):
            hand.shows.add(player, cards_or_fail(arg, offset), None, True, offset)
        add_action(hand, player, ActionKind.FOLD, 0, offset)
    elif verb == "posts":  # posts and shows first: read_betting would only say False
        _post(hand, player, arg, offset, all_in)
    elif verb == "shows":
        add_show(hand.shows, player, arg, offset, bare_description=True)
    elif read_betting(hand, player, rest, all_in, hand.money, offset):
        pass
    elif verb == "mucks":
        if arg.startswith("hand ["):
            hand.shows.add(player, cards_or_fail(arg[5:], offset), None, True, offset)
        elif arg != "hand":
            raise HandParseError("unknown_line", f"unknown muck line: {rest!r}", offset, rest)
    elif rest in ("doesn't show hand", "is sitting out", "sits out", "is away"):
        pass
    else:
        raise HandParseError("unknown_line", f"unknown action: {player}: {rest}", offset, rest)


POSTS = {
    "small blind": Post.SMALL,
    "big blind": Post.BIG,
    "the ante": Post.ANTE,
    "small & big blinds": Post.BOTH,
    "small & big blind": Post.BOTH,  # SwCPoker
    "straddle": Post.STRADDLE,
}
"""PokerStars' ``posts`` words (docs/SITES.md, PokerStars' grammar table)."""


def _post(hand: StarsHand, player: str, arg: str, offset: int, all_in: bool) -> None:
    if not hand.read_post(player, arg, offset, all_in, POSTS):
        raise HandParseError("unknown_line", f"unknown post: {player}: posts {arg}", offset, arg)


def _summary_line(hand: StarsHand, line: str, offset: int) -> None:
    if hand.dialect.summary is not None and hand.dialect.summary(hand, line, offset):
        return
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
        _summary_seat(hand, line, offset)
        return
    b = BOARD_RE.match(line)
    if b is not None:
        hand.summary_boards[RUN_INDEX[b["run"]]] = cards_or_fail(b["cards"], offset)
        return
    if line == "Hand was run twice":
        hand.run_count = 2
        return
    if line == "Hand was run three times":
        hand.run_count = 3
        return
    raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)


def _summary_seat(hand: StarsHand, line: str, offset: int) -> None:
    # SUMMARY_SEAT_RE's reading, by partition (the line starts "Seat "), without the regex
    head, sep, rest = line.partition(": ")
    number = head[5:]
    if not sep or not number.isdecimal():
        raise HandParseError(
            "unknown_line", f"unreadable summary seat line: {line!r}", offset, line
        )
    hand.add_summary_seat(
        hand.summary_seats,
        int(number),
        rest,
        offset,
        hand.dialect.won_re,
        folded_street,
        cashed_out=True,
    )


def _freeze(hand: StarsHand, table: TableLine, block: Block) -> HandRecord:
    h = hand.h
    boards_src = hand.summary_boards or hand.boards
    boards = tuple(boards_src[r] for r in sorted(boards_src))
    run_count = max(hand.run_count, len(boards)) if boards else hand.run_count
    return hand.record(
        hand.dialect.site,
        table,
        block,
        fast_fold=h.fast_fold,
        home_game=h.home_game,
        tournament_id=h.tournament_id,
        buy_in=h.buy_in,
        seats=hand.seats,
        boards=boards,
        uncalled=hand.uncalled,
        cashouts=tuple(hand.cashouts),
        summary_seats=hand.summary_seats,
        cancelled=hand.cancelled,
        betting_capped=tuple(hand.capped),
        main_pot_reported=hand.main,
        side_pots_reported=tuple(hand.sides),
        run_count=run_count,
        cash_drop_reported=hand.cash_drop,
    )


STARS = Dialect(site=SITE, header=parse_header, table=parse_table, street_re=STREET_RE)


def _parse(block: Block, context: ParseContext) -> HandRecord:
    return parse(block)  # Stars prints its zone: no context needed


FORMAT = Format(
    name="pokerstars",
    site=Site.POKERSTARS,
    parse=_parse,
    header=matches,
    # A tournament summary starts no block: a file of them alone is not a hand history.
    block_start="PokerStars (?!Tournament #)",
)
