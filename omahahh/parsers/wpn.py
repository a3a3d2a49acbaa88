"""ACR / Winning Poker Network hand histories, the 2019+ format (docs/FORMATS.md §12).

```
Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC
Parachute 6-max Seat #5 is the button
```

Line shapes (names carry no colon: they are matched against the seated
names, longest first) and what each records:

=============================================  =====================================
line                                           records
=============================================  =====================================
``Seat 1: Player0 ($124.50)[ is sitting out]``  a seat (``sitting_out``)
``Seat 5: X will be allowed to play after the   a seat not dealt in (no stack)
button``
``X posts the small blind $3.00``               small blind
``X posts the big blind $6.00``                 big blind
``X posts $0.25``                               a new player's post: live up to the
                                                big blind, any excess dead
``X posts dead $1.50``                          both blinds: the big one live, the
                                                rest dead
``X posts [the ]ante 25.00``                    ante
``X straddle $2.00``                            a straddle
``X folds`` / ``checks`` / ``calls $6.00``      the action
``X bets $18.00``                               a bet
``X raises $350.00 to $350.00``                 a raise **to** the second figure: the
                                                first is unreliable (``raises $350.00
                                                to $350.00`` facing a big blind of
                                                100), kept as ``raise_by`` only
``X caps $1.00 to $4.00``                       as ``raises`` (a fixed-limit cap)
``... and is all-in``                           ``all_in``
``*** FLOP *** [Jc 7h 6s]`` ... ``RIVER``       a street and its board
``*** RUN IT TWICE ***``, ``*** FLOP 1 ***``,   run it twice: run N's board
``*** FIRST FLOP ***``
``Main pot $17.50 | Rake $0.50``                the pots so far, net of rake (the
``Side pot(1) $836.62 | Rake $2.24``            last set printed is kept; a run's
``Main pot 1 $123.00 | Rake $1.50``             ``Main pot N`` adds to the total);
``Main pot 700.00``                             no rake part: none taken so far
``Uncalled bet ($41.00) returned to X``         an uncalled return
``X shows [..] (..)``                           a show
``X collected $92.25 from main pot 1``          an award (pot, run)
``Total pot $246.00 | Rake $2.76 | JP Fee $..``  total **net** of rake and JP fee;
                                                rake; ``jackpot_reported``; no rake
                                                part: nothing taken (rake not printed)
``Seat N: X ... won $61.50``                    a summary seat (its ``won`` can
                                                disagree with ``collected``: never
                                                trusted, rooms/conventions.py);
                                                ``collected $X`` alike, ``mucked [..]``
                                                the mucked cards
=============================================  =====================================

Lines that move nothing: ``waits for big blind``, ``sits out``, ``is disconnected``,
``is connected``, ``has timed out``, ``does not show``, ``mucks [hand|cards]``. Every
line must be understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import re

from omahahh.errors import HandParseError, MoneyError
from omahahh.hand_tables import SeatTable, SummarySeatTable
from omahahh.model import (
    ActionKind,
    GameInfo,
    GameType,
    HandRecord,
    Site,
    Street,
    Structure,
    variant_code,
)
from omahahh.money import CHIPS, PLAY, fast_minor, to_minor, unit_of
from omahahh.parsers.betting_lines import add_action, new_street, read_betting, split_all_in
from omahahh.parsers.builder import HandBuilder, Post, read_sections
from omahahh.parsers.common import (
    RUN_INDEX,
    STRUCTURE_WORDS,
    SUMMARY_SEAT_RE,
    TableLine,
    add_show,
    board_cards,
    cards_or_fail,
    match_name,
    read_table_line,
    require_summary,
    symbol_currency,
    to_utc,
)
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block

SITE = Site.WPN

HEADER_RE = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - "
    r"(?:(?P<gtd>[$.,\dK]+ GTD )?Tournament #(?P<tid>\d+) - )?(?P<game>.+?) - "
    r"(?:Level (?P<level>\S+) \((?P<blinds>[^()]+)\)|(?P<stakes>[^ ]+/[^ ]+)) ?- "
    r"(?P<time>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}) UTC$"
)
GAME_RE = re.compile(
    r"^(?:(?P<cards>[456]) ?Card )?Omaha(?P<hilo> H/L| Hi/Lo)?(?P<reshuffle> Reshuffle)?\s*"
    r"\((?P<limit>Pot Limit|No Limit|Fixed Limit|Limit|All-in or Fold Limit)\)$"
)
ALL_IN_OR_FOLD = "All-in or Fold Limit"
ALL_IN_OR_FOLD_NOTE = "all-in or fold: read as no limit (every bet or raise is all-in)"
TABLE_RE = re.compile(
    r"^(?P<name>.+?) (?:(?P<max>\d+)-max )?(?:(?P<play>\(Play Money\)) )?"
    r"Seat #(?P<button>\d+) is the button$"
)
SEAT_RE = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)(?P<tail>.*)$")
WAITING_SEAT_RE = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) will be allowed to play after the button$"
)
STREET_RE = re.compile(
    r"^\*\*\* (?:(?P<ordinal>FIRST|SECOND) )?"
    r"(?P<name>HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY|RUN IT TWICE)"
    r"(?: (?P<run>\d))? \*\*\*(?P<tail>.*)$"
)
POT_LINE_RE = re.compile(
    r"^(?:Main pot(?: (?P<run>\d))?|Side pot\((?P<side>\d+)\)(?: (?P<side_run>\d))?) "
    r"(?P<amount>\S+)(?: \| Rake (?P<rake>\S+))?$"
)
COLLECT_RE = re.compile(
    r" collected (?P<amount>\S+) from (?P<pot>main pot|side pot-(?P<n>\d+)|pot)"
    r"(?: (?P<run>\d))?$"
)
TOTAL_RE = re.compile(
    r"^Total pot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))?(?: \| JP Fee (?P<jp>\S+))?$"
)
BOARD_RE = re.compile(r"^Board(?: (?P<run>\d))? \[(?P<cards>[^\]]*)\]$")
SUMMARY_WON_RE = re.compile(r" (?:won|collected) (?P<amount>\S+)")
SUMMARY_FOLD_RE = re.compile(r" folded on the (?P<street>Pre-Flop|Flop|Turn|River)")
# Lines of a player not dealt in (unless the same player posts or acts).
SITTING_OUT = frozenset({"waits for big blind", "sits out", "is sitting out"})
INFO = frozenset(
    {
        "does not show",
        "mucks",
        "mucks hand",
        "mucks cards",
        "is disconnected",
        "is connected",
        "has timed out",
    }
)

_STREET_OF = {"HOLE CARDS": Street.PREFLOP, "FLOP": Street.FLOP, "TURN": Street.TURN,
              "RIVER": Street.RIVER}  # fmt: skip
_FOLD_STREET = {"Pre-Flop": Street.PREFLOP, "Flop": Street.FLOP, "Turn": Street.TURN,
                "River": Street.RIVER}  # fmt: skip


def matches(first_line: str) -> bool:
    """Is this block's first line a WPN (2019+) header?"""
    return (
        first_line.startswith(("Hand #", "Game Hand #")) and HEADER_RE.match(first_line) is not None
    )


def game_info(text: str) -> GameInfo | None:
    """``game_info("Omaha H/L(No Limit)").variant == "NLO-8"``; None for other games.

    ``4Card Omaha`` is ``Omaha`` spelt out; ``Reshuffle`` games are their base game
    (what the room reshuffles changes neither the betting nor the hands); all-in or
    fold is no limit, every bet or raise being all-in (a note says so).
    """
    m = GAME_RE.match(text.strip())
    if m is None:
        return None
    limit = m["limit"]
    structure = Structure.NO_LIMIT if limit == ALL_IN_OR_FOLD else STRUCTURE_WORDS[limit]
    hole = int(m["cards"] or 4)
    hi_lo = m["hilo"] is not None
    return GameInfo(
        variant=variant_code(structure, hole, hi_lo),
        structure=structure,
        hole_card_count=hole,
        hi_lo=hi_lo,
        game_label=text.strip(),
    )


def parse_header(line: str) -> HandHeader:
    m = HEADER_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"unrecognised WPN header: {line[:100]!r}", 0, line)
    game = game_info(m["game"])
    if game is None:
        raise HandParseError("unsupported_game", f"not an Omaha game: {m['game']}", 0, line)
    tournament = m["tid"] is not None
    stakes = m["blinds"] if tournament else m["stakes"]
    currency = CHIPS if tournament else symbol_currency(stakes, PLAY)
    unit = unit_of(currency) if currency != PLAY else 100
    try:
        low, high = (to_minor(p, unit) for p in stakes.split("/"))
    except (MoneyError, ValueError):
        raise HandParseError("bad_amount", f"unreadable stakes {stakes!r}", 0, line) from None
    notes = (ALL_IN_OR_FOLD_NOTE,) if game.game_label.endswith(f"({ALL_IN_OR_FOLD})") else ()
    return HandHeader(
        hand_id=m["id"],
        game=game,
        notes=notes,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=m["tid"],
        tournament_level=m["level"],
        currency=currency,
        unit=unit,
        stakes=stakes,
        stake_low=low,
        stake_high=high,
        started_at=to_utc(m["time"], "UTC"),
        started_at_text=m["time"],
    )


class _Hand(HandBuilder):
    def __init__(self, header: HandHeader):
        super().__init__(header, header.notes, fast_minor)
        self.summary_seats = SummarySeatTable()
        self.summary_rows: dict[int, int] = {}  # seat → its SUMMARY row
        self.boards: dict[int, tuple[int, ...]] = {}
        self.summary_boards: dict[int, tuple[int, ...]] = {}
        self.run = 0
        self.jackpot: int | None = None
        # Per run: the last main and side pots printed (net of rake).
        self.pots: dict[int, dict[int, int]] = {}
        self.sitting_out: set[str] = set()


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """Parse one WPN (2019+) block. Raises :class:`HandParseError` with a reason code."""
    lines = block.lines
    header = parse_header(lines[0])
    require_summary(lines)
    table = read_table_line(TABLE_RE, lines[1], 1)
    hand = _Hand(header)
    i = hand.read_seats(lines, 2, lambda line, offset: _seat_line(hand, line, offset))
    read_sections(hand, lines, i, _street_line, _body_line, _summary_line)
    return _freeze(hand, table, block)


def _seat_line(hand: _Hand, line: str, offset: int) -> None:
    m = SEAT_RE.match(line)
    if m is None:
        w = WAITING_SEAT_RE.match(line)
        if w is None:
            raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
        # A player just seated, waiting for the button to pass: not dealt in, no stack shown.
        hand.seats.add(seat=int(w["seat"]), player=w["name"], stack_start=0, sitting_out=True)
        hand.notes.append(
            f"seat {w['seat']}: allowed to play after the button, not dealt in (no stack printed)"
        )
        return
    tail = m["tail"].strip()
    if tail not in ("", "is sitting out"):
        raise HandParseError("bad_seat_line", f"unknown seat line tail: {line!r}", offset, line)
    hand.seats.add(
        seat=int(m["seat"]),
        player=m["name"],
        stack_start=hand.money(m["stack"], offset),
        sitting_out=bool(tail),
    )


def _street_line(hand: _Hand, line: str, offset: int) -> bool:
    m = STREET_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    if name == "SUMMARY":
        return True
    if name == "RUN IT TWICE":
        return False
    hand.run = int(m["run"]) - 1 if m["run"] else RUN_INDEX[m["ordinal"]]
    street = _STREET_OF.get(name)
    if street is not None:
        new_street(hand, street)
        board = board_cards(m["tail"], offset)
        if board is not None:
            hand.boards[hand.run] = board
    return False


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    name = match_name(line, hand.names, " ")
    if name is not None:
        rest = line[len(name) + 1 :]
        c = COLLECT_RE.match(" " + rest) if rest.startswith("collected ") else None
        if c is not None:
            run = int(c["run"]) - 1 if c["run"] else hand.run
            hand.collected(name, c, offset, run=run)
            return
        _action(hand, name, rest, offset)
        return
    if hand.read_dealt_or_uncalled(line, offset):
        return
    p = POT_LINE_RE.match(line)
    if p is not None:
        _pot_line(hand, p, offset)
        return
    raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)


def _pot_line(hand: _Hand, m: re.Match[str], offset: int) -> None:
    """``Main pot $X | Rake $Y`` and ``Side pot(N) ...``: each street repeats them; the
    last set printed for a run is the one kept."""
    amount = hand.money(m["amount"], offset)
    run_text = m["run"] or m["side_run"]
    run = int(run_text) - 1 if run_text else hand.run
    index = int(m["side"]) if m["side"] else 0
    pots = hand.pots.setdefault(run, {})
    if index == 0:
        pots.clear()  # a new set of pot lines begins with the main pot
    pots[index] = amount


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    rest, all_in = split_all_in(rest)
    verb, _, arg = rest.partition(" ")
    if read_betting(hand, player, rest, all_in, hand.money, offset):
        return
    if verb == "posts":
        _post(hand, player, arg, offset, all_in)
    elif verb in ("caps", "cap"):  # the raise that caps a fixed-limit round: a raise to
        if not read_betting(hand, player, f"raises {arg}", all_in, hand.money, offset):
            raise HandParseError("unknown_line", f"unknown action: {player} {rest}", offset, rest)
    elif verb == "straddle" and " " not in arg:
        amount = hand.money(arg, offset)
        add_action(hand, player, ActionKind.POST_STRADDLE, amount, offset, all_in=all_in)
    elif verb == "shows":
        add_show(hand.shows, player, arg, offset)
    elif rest in SITTING_OUT:
        hand.sitting_out.add(player)
    elif rest not in INFO:
        raise HandParseError("unknown_line", f"unknown action: {player} {rest}", offset, rest)


POSTS = {
    "the small blind": Post.SMALL,
    "the big blind": Post.BIG,
    "the ante": Post.ANTE,
    "ante": Post.ANTE,
}
"""ACR/WPN's plain ``posts`` words (docs/SITES.md); a bare amount and ``dead`` below."""


def _post(hand: _Hand, player: str, arg: str, offset: int, all_in: bool) -> None:
    if hand.read_post(player, arg, offset, all_in, POSTS):
        return
    kind, _, amount_text = arg.rpartition(" ")
    amount = hand.money(amount_text, offset)
    if not kind:
        # A player new to the table (or back) posts to be dealt in: live up to the big
        # blind (wpn:54760000, "Player4 posts $0.25" at $0.10/$0.25), any excess dead.
        hand.post_to_play(player, amount, offset, hand.blind_sizes()[1], all_in=all_in)
    elif kind == "dead":
        # Both blinds owed (fpdb's "both"): the big blind live, the small one dead; a
        # post short of the big blind is all dead.
        big = hand.blind_sizes()[1]
        if amount >= big:
            hand.post_to_play(player, amount, offset, big, all_in=all_in)
        else:
            add_action(
                hand, player, ActionKind.POST_DEAD, amount, offset, all_in=all_in, live=False
            )
    else:
        raise HandParseError("unknown_line", f"unknown post: {player} posts {arg}", offset, arg)


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    t = TOTAL_RE.match(line)
    if t is not None:
        hand.total = hand.money(t["total"], offset)
        # No rake part: nothing taken (a tournament, a pot that ended before the flop).
        hand.rake = hand.money(t["rake"], offset) if t["rake"] else None
        hand.jackpot = hand.money(t["jp"], offset) if t["jp"] else None
        return
    b = BOARD_RE.match(line)
    if b is not None:
        run = int(b["run"]) - 1 if b["run"] else 0
        hand.summary_boards[run] = cards_or_fail(b["cards"], offset)
        return
    m = SUMMARY_SEAT_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    _summary_seat(hand, int(m["seat"]), m["rest"], offset)


def _summary_seat(hand: _Hand, seat: int, rest: str, offset: int) -> None:
    """A SUMMARY seat line; a hand run twice prints one per board (``won`` summed)."""
    hand.add_summary_seat_once(
        hand.summary_seats, hand.summary_rows, seat, rest, offset, SUMMARY_WON_RE, _folded_street
    )


def _folded_street(rest: str) -> Street | None:
    f = SUMMARY_FOLD_RE.search(rest)
    return _FOLD_STREET[f["street"]] if f else None


def _summary_awards(hand: _Hand) -> None:
    """A pot won without a showdown has no ``collected`` line: the SUMMARY's ``did not
    show and won $4.75`` (wpn:55280000) is the only statement of the award."""
    if hand.collections:
        return
    seats = hand.summary_seats
    for i, won in enumerate(seats.won):
        if won:
            hand.collections.add(seats.players[i], won, 0, line=seats.lines[i])


def _seats(hand: _Hand) -> SeatTable:
    """Seats whose player waits for the big blind or sits out were not dealt in."""
    return hand.seats.sit_out(hand.sitting_out - set(hand.actions.players))


def _freeze(hand: _Hand, table: TableLine, block: Block) -> HandRecord:
    _summary_awards(hand)
    boards_src = hand.summary_boards or hand.boards
    boards = tuple(boards_src[r] for r in sorted(boards_src))
    main: int | None = None
    sides: list[int] = []
    for run in sorted(hand.pots):
        pots = hand.pots[run]
        if 0 not in pots:
            continue
        main = (main or 0) + pots[0]
        for k in range(1, max(pots) + 1):
            if k > len(sides):
                sides.append(0)
            sides[k - 1] += pots.get(k, 0)
    return hand.record(
        SITE,
        table,
        block,
        fixed_limit_blinds=False,
        tournament_id=hand.h.tournament_id,
        seats=_seats(hand),
        boards=boards,
        uncalled=hand.uncalled,
        summary_seats=hand.summary_seats,
        main_pot_reported=main,
        side_pots_reported=tuple(sides),
        jackpot_reported=hand.jackpot,
        run_count=max(len(boards), 1),
    )


FORMAT = Format(
    name="wpn",
    site=SITE,
    parse=parse,
    header=matches,
    # The number and the dash after it: other rooms print "Hand #N ..." lines inside a
    # hand (Full Tilt's "Hand #28100000008 has been canceled"), never "Hand #N - ".
    block_start=r"(?:Game )?Hand #\d+ - ",
)
