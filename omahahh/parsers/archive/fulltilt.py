"""Full Tilt Poker (closed 2011/2016; docs/FORMATS.md §7): Stars-like, its own words.

```
Full Tilt Poker Game #1088791321: Table Vero (6 max) - $200/$400 - Limit Omaha Hi/Lo
    - 0:03:34 ET - 2006/10/11                                  (one line each)
Full Tilt Poker Game #31318808612: Table Rymer (6 max, shallow) - $2/$4 - Pot Limit Omaha Hi
    - 17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]
Full Tilt Poker Game #33729545246: Table Palamos (6 max) - PL Omaha H/L - $0.05/$0.10
    - 10:06:12 ET - 2014/01/06
FullTiltPoker Game #579366587: $200 + $10 Heads Up Sit & Go (3795352), Table 1 - 40/80
    - Limit Omaha H/L - 21:27:00 ET - 2006/04/19
Seat 4: Mike Matusow ($10,689), is sitting out
Erick Lindgren posts the small blind of $100
The button is in seat #3                     (after the blinds)
NAME folds | checks | calls $X | bets $X | raises to $X [, and is all in | , and is capped]
*** FLOPET *** [9h]                          (Courchevel: the first flop card, before the betting)
*** TURN *** [7h 8s 3s] [4s] (Total Pot: $9.92, 2 Players)    (*** TURN 1 *** when run twice)
Uncalled bet of $3.14 returned to Bauko
zbubop wins the high pot ($2,048.50) with …    (wins the pot, wins pot 2, ties for pot 1)
tyler13jack (Observer): mark karr HAHAHAHAAHA  (chat)
*** SUMMARY ***
Total pot $4,100 | Rake $3                   (Total pot $220 Main pot $59.25. Side pot $158. | …)
```

``raises to`` is a street total. Games: ``Pot Limit Omaha [Hi]``, ``Limit Omaha
Hi/Lo``, ``PL/NL/FL Omaha H/L``, ``PL Omaha Hi``, ``PL 5|6 Card Omaha Hi``, ``PL
Courchevel Hi``; ``Omaha`` with neither Hi nor a Hi/Lo mark is Full Tilt's 2006
name of Omaha Hi. A capped game (``$2,000 Cap``, ``$400``, ``Cap``, ``CAP`` before
the game) plays each stack as at most the cap (:func:`_capped_stacks`). The time is
ET (the bracketed stamp when the first is another zone). In a hand run twice, ``pot
1``/``pot 2`` are the boards, not side pots. The whole grammar, with the source of
each line, is in docs/SITES.md (Full Tilt).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from omahahh.errors import HandParseError
from omahahh.hand_tables import SeatTable
from omahahh.model import GameType, HandRecord, Site, Street, Structure
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.archive import shapes as s
from omahahh.parsers.archive.header import amount, currency_of, not_omaha, omaha, parse_time, utc
from omahahh.parsers.archive.shapes import ArchiveHand, LineFormat, read_body
from omahahh.parsers.betting_lines import new_street
from omahahh.parsers.common import WON_RE, ZONE_ABBREVIATIONS, TableLine, folded_street
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block

PREFIXES = ("Full Tilt Poker Game #", "FullTiltPoker Game #")
HEADER_RE = re.compile(
    r"^(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): (?P<where>.+?) - (?P<a>[^-]+?) - "
    r"(?P<b>[^-]+?) - (?P<time>\d{1,2}:\d\d(?::\d\d)?) (?P<zone>[A-Z]{2,4}) - "
    r"(?P<date>\d{4}/\d\d/\d\d|[A-Z][a-z]+, [A-Z][a-z]+ \d{1,2}, \d{4})"
    r"(?: \[(?P<et_time>\d{1,2}:\d\d:\d\d) ET - (?P<et_date>\d{4}/\d\d/\d\d)\])?"
    r"(?P<partial> \(partial\))?$"
)
"""The header; the date is ``2011/03/02``, or ``Saturday, December 23, 2006`` in a
short-lived 2006 stamp without seconds; `` (partial)`` marks a hand recorded in part."""
STAKES_RE = re.compile(
    r"^(?P<sym>[$€£]?)(?P<low>[\d,.]+)/[$€£]?(?P<high>[\d,.]+)(?: Ante [$€£]?(?P<ante>[\d,.]+))?$"
)
GAME_RE = re.compile(
    r"^(?:(?P<cap>[$€£]?[\d,.]+) )?(?P<capword>Cap |CAP )?"
    r"(?P<limit>Pot Limit|No Limit|Limit|PL|NL|FL) "
    r"(?:(?P<cards>[56]) Card )?(?P<base>Omaha|Courchevel)(?: (?P<kind>Hi/Lo|H/L|Hi))?$"
)
"""The game; a capped game's cap comes first (``$2,000 Cap``, ``$400``, ``Cap``, ``CAP``)."""
TABLE_RE = re.compile(
    r"^(?:(?P<tourney>.+?) \((?P<tid>\d+)\), )?(?:Table|Match) (?P<name>.+?)"
    r"(?: Entry #\d+)?(?: \((?P<attrs>[^()]*)\))?$"
)
"""``Table Vero (6 max)``, a tournament's ``… (123456), Table 3``, a re-entry's ``Table 3
Entry #2``, a Matrix sit & go's ``Match 2``; the brackets hold ``6 max``, ``heads up``,
``shallow``, ``deep``, ``ante``, ``New to the Game``."""
MAX_RE = re.compile(r"(?P<max>\d+)(?: max| handed)")
RUSH_TABLES = frozenset(
    (
        "Mach 10",
        "Lightning",
        "Velociraptor",
        "Supercharger",
        "Adrenaline",
        "Afterburner",
        "Mercury",
        "Apollo",
        "Warp Speed",
        "Speeding Bullet",
        "Flash",
        "Bazinga",
        "Lickety Split",
        "Electro",
        "Celerity",
        "Alacrity",
        "Dart",
        "Accelerator",
        "Sonic Boom",
        "Vroom",
        "Hermes",
        "Thunderbolt",
        "Swiftly Tilting",
        "Rapido",
        "Veyron",
    )
)
"""Rush Poker (fast-fold) pools, by table name (fpdb's FulltiltToFpdb.py ``Rush_Tables``)."""
LIMITS = {
    "Pot Limit": Structure.POT_LIMIT,
    "PL": Structure.POT_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "NL": Structure.NO_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
    "FL": Structure.FIXED_LIMIT,
}
ALLIN = r"(?P<allin>,? and is (?:all in|capped))?"
"""The action put in the player's last chip, or reached the table's cap (a capped game)."""
CAPPED = ", and is capped"
MONEY = r"(?P<amount>[$€£]?[\d,.]+)"
CARDS = r"\[(?P<cards>[^\]]*)\]"
TAIL = r"(?: \(Total Pot: [^)]*\))?"


def _board(which: Street) -> s.Reader:
    """``*** TURN [1] *** [7h 8s 3s] [4s]``: every bracket is the board so far."""

    def read(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
        new_street(hand, which)
        run = int(m["run"]) - 1 if m["run"] else 0
        hand.run = run
        cards = hand.cards(" ".join(re.findall(r"\[([^\]]*)\]", m["boards"])), offset)
        flopet = hand.extra.get("flopet")
        if which is Street.FLOP and isinstance(flopet, tuple) and run not in hand.boards:
            cards = (*flopet, *cards)  # Courchevel: the flop's first card came before
        hand.board(run, cards, whole=True)

    return read


def _flopet(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """Courchevel's first flop card, dealt face up before the pre-flop betting."""
    hand.extra["flopet"] = hand.cards(m["cards"], offset)


def _wins(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``wins [the] [high|low] [main|side] pot [#N] (X)``; ``pot N`` is board N when run twice."""
    pot = m["pot"]
    board = re.fullmatch(r"pot (\d)", pot)
    if board is not None:
        hand.run = int(board[1]) - 1
    s.collect()(hand, m, offset)
    if board is not None:
        last = len(hand.collections) - 1
        hand.collections.set_pot(last, 0, hand.collections.pot_labels[last])


def _summary_seat(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    if hand.extra.get("run_summary"):
        return  # "*** SUMMARY 1 ***": per-board repeats of the seats
    number = int(m["seat"])
    hand.add_summary_seat(hand.summary_seats, number, m["rest"], offset, WON_RE, folded_street)
    name = re.escape(hand.summary_seats.players[-1])
    if re.fullmatch(rf"{name} (?:\((?:button|small blind|big blind)\) )?is sitting out", m["rest"]):
        # The seat list does not say it; only the summary does (fulltilt:29705175401).
        for i, seated in enumerate(hand.seats.seat_numbers):
            if seated == number:
                hand.seats.set_sitting_out(i)


def _awards_from_summary(hand: ArchiveHand) -> None:
    """Full Tilt sometimes prints no ``wins`` line (fulltilt:29705302683: ``KiIIuminati
    mucks``, then only the summary's ``collected ($3.80)``): the summary states the award."""
    paid = {c.player for c in hand.collections}
    for seat in hand.summary_seats:
        if seat.won and seat.player not in paid:
            hand.collections.add(
                player=seat.player,
                amount=seat.won,
                pot_index=0,
                pot_label="summary",
                line=seat.line,
            )
            hand.notes.append(f"no award line for {seat.player}: the summary's {seat.won} read")


def _ante(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``NAME antes X``; an ante Full Tilt gives back later (``Ante of X returned to NAME``:
    the player sits out) never played, so only what stays in counts."""
    name = hand.player(m["name"], offset)
    back = hand.extra.get("antes_back")
    returned = back.get(name, 0) if isinstance(back, dict) else 0
    amount = hand.money(m["amount"], offset) - returned
    if returned:
        hand.notes.append(f"{name}'s ante returned (line {offset + 1}): not in the pot")
    if amount > 0:
        hand.post_ante(name, amount, offset, m["allin"] is not None)


def _antes_back(hand: ArchiveHand, lines: tuple[str, ...]) -> None:
    """The ``Ante of X returned to NAME`` lines, read before the antes they undo."""
    back: dict[str, int] = {}
    for offset, line in enumerate(lines):
        m = ANTE_BACK_RE.match(line)
        if m is not None:
            back[m["name"]] = back.get(m["name"], 0) + hand.money(m["amount"], offset)
    hand.extra["antes_back"] = back


def _cancelled(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.cancelled = True


def _run_summary(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    hand.extra["run_summary"] = True


INFO = (
    r"^.+ has \d+ seconds left to act$",
    r"^.+ has requested TIME$",
    r"^.+ is sitting out$",
    r"^.+ sits down$",
    r"^.+ stands up$",
    r"^.+ adds [$€£]?[\d,.]+$",
    r"^.+ has been disconnected$",
    r"^.+ has reconnected$",
    r"^.+ has returned$",
    r"^.+ is feeling \w+$",
    r"^.+ has timed out$",
    r"^Players agree to Run It Twice$",
    r"^ \([\d,A]+\)$",  # a low hand under SHOW DOWN
    r"^\*\*\* SHOW DOWN(?: \d)? \*\*\*$",
    r"^Time has expired$",
    r"^.+ has \d+ seconds to reconnect$",
    r"^.+ has timed out while (?:being )?disconnected$",
    r"^The blinds are now .+$",  # the next hand's blinds (a tournament's new level)
    r"^.+ has registered late for the tournament and will be dealt in on their big blind$",
    r"^.+ is (?:high|low) with .+$",  # Hi/Lo: restates the shows
    r"^No low hand qualified$",
)
ANTE_BACK_RE = re.compile(rf"^Ante of {MONEY} returned to (?P<name>.+)$")
SHAPES = (
    s.shape(rf"^Seat (?P<seat>\d+): (?P<name>.+) \({MONEY}\)(?P<out>, is sitting out)?$", s.seat),
    s.shape(rf"^(?P<name>.+) posts the small blind of {MONEY}{ALLIN}$", s.post_small_blind),
    s.shape(rf"^(?P<name>.+) posts the big blind of {MONEY}{ALLIN}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) posts a dead small blind of {MONEY}$", s.post_dead),
    s.shape(
        rf"^(?P<name>.+) posts small & big blinds \[?(?:[$€£] )?{MONEY}\]?{ALLIN}$",
        s.post_small_and_big,
    ),
    s.shape(rf"^(?P<name>.+) posts {MONEY}{ALLIN}$", s.post_big_blind),
    s.shape(rf"^(?P<name>.+) antes {MONEY}{ALLIN}$", _ante),
    s.shape(ANTE_BACK_RE.pattern, s.ignore),  # read before the antes (_antes_back)
    s.shape(r"^Hand #\d+ has been canceled?$", _cancelled),
    s.shape(r"^The button is in seat #(?P<seat>\d+)$", s.button_seat),
    s.shape(r"^\*\*\* HOLE CARDS \*\*\*$", s.ignore),
    s.shape(rf"^\*\*\* FLOPET \*\*\* {CARDS}{TAIL}$", _flopet),
    s.shape(
        rf"^\*\*\* FLOP(?: (?P<run>\d))? \*\*\* (?P<boards>(?:\[[^\]]*\] ?)+){TAIL}$",
        _board(Street.FLOP),
    ),
    s.shape(
        rf"^\*\*\* TURN(?: (?P<run>\d))? \*\*\* (?P<boards>(?:\[[^\]]*\] ?)+){TAIL}$",
        _board(Street.TURN),
    ),
    s.shape(
        rf"^\*\*\* RIVER(?: (?P<run>\d))? \*\*\* (?P<boards>(?:\[[^\]]*\] ?)+){TAIL}$",
        _board(Street.RIVER),
    ),
    s.shape(rf"^Dealt to (?P<name>.+?) {CARDS}$", s.dealt),
    s.shape(rf"^Uncalled bet of {MONEY} returned to (?P<name>.+)$", s.uncalled),
    *(s.shape(p, s.ignore) for p in INFO),
    s.shape(r"^(?P<name>.+) folds$", s.fold),
    s.shape(r"^(?P<name>.+) checks$", s.check),
    s.shape(rf"^(?P<name>.+) calls {MONEY}{ALLIN}$", s.call),
    s.shape(rf"^(?P<name>.+) bets {MONEY}{ALLIN}$", s.bet),
    s.shape(rf"^(?P<name>.+) raises to {MONEY}{ALLIN}$", s.raise_to),
    s.shape(rf"^(?P<name>.+?) shows {CARDS}(?: \(?(?P<desc>.*?)\)?)?$", s.show),
    s.shape(r"^(?P<name>.+?) shows [^\[].*$", s.ignore),  # the hand's name only, cards shown before
    s.shape(rf"^(?P<name>.+?) mucks(?: {CARDS})?$", s.muck),
    s.shape(
        rf"^(?P<name>.+?) (?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?"
        rf"(?P<pot>main pot|side pot(?: #?\d+)?|pot(?: \d)?) \({MONEY}\)(?: with .*)?$",
        _wins,
    ),
    s.shape(r"^[^:]+?(?: \(Observer\))?: ", s.ignore),  # chat
)


POT_MONEY = r"[$€£]?\d[\d,]*(?:\.\d+)?"
"""An amount a full stop follows (``Main pot $59.25.``)."""
POT_PART_RE = re.compile(rf"(?P<kind>Main|Side) pot(?:[ -]#?\d+)? (?P<amount>{POT_MONEY})\.")


def _total(hand: ArchiveHand, m: re.Match[str], offset: int) -> None:
    """``Total pot $X | Rake $R``, with the pots between when there are side pots:
    ``Total pot $220 Main pot $59.25. Side pot $158. | Rake $2.75``."""
    hand.total = hand.money(m["amount"], offset)
    hand.rake = hand.money(m["rake"], offset)
    for part in POT_PART_RE.finditer(m["pots"]):
        value = hand.money(part["amount"], offset)
        if part["kind"] == "Main":
            hand.main = value
        else:
            hand.sides.append(value)


SUMMARY = (
    s.shape(
        rf"^Total pot {MONEY}(?P<pots>(?: (?:Main|Side) pot(?:[ -]#?\d+)? {POT_MONEY}\.)*)"
        rf" \| Rake {MONEY.replace('amount', 'rake')}$",
        _total,
    ),
    s.shape(r"^Board: \[[^\]]*\]$", s.ignore),
    s.shape(r"^Duration \d+s$", s.ignore),
    s.shape(r"^\*\*\* SUMMARY \d \*\*\*$", _run_summary),
    s.shape(rf"^Pot \d {MONEY}$", s.ignore),
    s.shape(r"^Seat (?P<seat>\d+): (?P<rest>.*)$", _summary_seat),
)


FULLTILT = LineFormat(
    site=Site.FULLTILT,
    shapes=SHAPES,
    summary_start=s.SUMMARY_MARK,
    summary_shapes=SUMMARY,
)


class FullTiltHeader(NamedTuple):
    """A hand's header as read, with the cap of a capped game (None: no cap printed)."""

    header: HandHeader
    cap: int | None
    capped_game: bool


def header(line: str) -> FullTiltHeader:
    m = HEADER_RE.match(line)
    if "Omaha" not in line and "Courchevel" not in line:
        raise not_omaha(" - ".join(line.split(" - ")[1:-2]) or line[:80], line)
    if m is None:
        raise HandParseError("bad_header", f"unreadable Full Tilt header: {line[:100]!r}", 0, line)
    if m["partial"]:
        why = "Full Tilt marks this hand '(partial)': it was recorded in part"
        raise HandParseError("truncated", why, 0, line)
    stakes_text, game_text = (m["a"], m["b"]) if STAKES_RE.match(m["a"]) else (m["b"], m["a"])
    stakes = STAKES_RE.match(stakes_text)
    if stakes is None:
        raise HandParseError("bad_header", f"no stakes in {line[:100]!r}", 0, line)
    g = GAME_RE.match(game_text)
    if g is None:
        if "Omaha" in game_text or "Courchevel" in game_text:
            raise HandParseError("bad_header", f"unknown Omaha game {game_text!r}", 0, line)
        raise not_omaha(game_text, line)
    courchevel = g["base"] == "Courchevel"
    hole = int(g["cards"]) if g["cards"] else (5 if courchevel else 4)
    hi_lo = g["kind"] in ("Hi/Lo", "H/L")
    game = omaha(game_text, LIMITS[g["limit"]], hole, hi_lo, courchevel=courchevel)
    t = TABLE_RE.match(m["where"])
    if t is None:
        raise HandParseError("bad_header", f"unreadable table: {m['where']!r}", 0, line)
    tournament = t["tid"] is not None
    currency = currency_of(stakes["sym"], CHIPS if tournament else PLAY)
    unit = unit_of(currency)
    stamp_time, stamp_date, zone = m["time"], m["date"], m["zone"]
    if m["et_time"]:
        stamp_time, stamp_date, zone = m["et_time"], m["et_date"], "ET"
    if zone not in ZONE_ABBREVIATIONS:
        raise HandParseError("bad_header", f"unknown time zone {zone!r}", 0, line)
    pattern = "%Y/%m/%d" if "/" in stamp_date else "%A, %B %d, %Y"
    pattern += " %H:%M:%S" if stamp_time.count(":") == 2 else " %H:%M"
    local = parse_time(f"{stamp_date} {stamp_time}", pattern, 0, line)
    attrs = t["attrs"] or ""
    seats = MAX_RE.search(attrs)
    tourney = t["tourney"] or ""
    h = HandHeader(
        hand_id=m["id"],
        game=game,
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        currency=currency,
        unit=unit,
        stakes=stakes_text,
        stake_low=amount(stakes["low"], unit, line),
        stake_high=amount(stakes["high"], unit, line),
        ante=amount(stakes["ante"], unit, line) if stakes["ante"] else None,
        started_at=utc(local, ZONE_ABBREVIATIONS[zone]),
        started_at_text=f"{m['time']} {m['zone']} - {m['date']}",
        fast_fold=t["name"] in RUSH_TABLES or "Rush" in tourney,
        tournament_id=t["tid"],
        buy_in=t["tourney"],
        table=TableLine(
            name=t["name"],
            max_seats=int(seats["max"]) if seats else (2 if "heads up" in attrs else None),
            button_seat=0,
        ),
    )
    cap = amount(g["cap"], unit, line) if g["cap"] else None
    return FullTiltHeader(h, cap, bool(g["cap"] or g["capword"]))


def _capped_stacks(hand: ArchiveHand, cap: int | None) -> None:
    """A capped game: no player puts in more than the table's cap in a hand, and the
    action that reaches it says ``, and is capped``; the player then acts no more, as if
    all in. Read so: each player's stack is played as at most the cap (the header's, or
    else what the capped players put in), a capped player's as what he had put in when
    capped, each change in a note beside the stack printed."""
    acts, lines = hand.actions, hand.block.lines
    put: dict[str, int] = {}
    capped: dict[str, int] = {}
    for i, player in enumerate(acts.players):
        put[player] = put.get(player, 0) + acts.amounts[i]
        if lines[acts.lines[i]].endswith(CAPPED):
            capped.setdefault(player, put[player])
    if cap is None and capped:
        cap = max(capped.values())
    if cap is None:
        hand.notes.append("capped game: no cap printed and nobody capped")
        return
    hand.notes.append(f"capped game: cap {cap}, each stack played as at most the cap")
    seats, played = hand.seats, SeatTable()
    for i, player in enumerate(seats.players):
        stack = seats.stack_starts[i]
        effective = min(stack, capped.get(player, cap))
        if effective != stack:
            hand.notes.append(f"{player}'s stack {stack} played as {effective} (the cap)")
        played.add(
            seats.seat_numbers[i],
            player,
            effective,
            seats.sitting_out[i],
            seats.out_of_hand[i],
            seats.bounties[i],
            seats.stack_ends_reported[i],
        )
    hand.seats = played


def parse(block: Block, context: ParseContext) -> HandRecord:
    lines = block.lines
    h, cap, capped_game = header(lines[0])
    hand = ArchiveHand(h, block, FULLTILT)
    cancelled = any(ln.startswith("Hand #") and ln.endswith(" has been canceled") for ln in lines)
    if not cancelled:  # a cancelled hand stops at the line that says so
        s.require_line(lines, "*** SUMMARY ***" in lines, "*** SUMMARY *** section")
    _antes_back(hand, lines)
    read_body(hand, lines, 1)
    back = hand.extra["antes_back"]
    hand.seats.sit_out(set(back) if isinstance(back, dict) else set())
    _awards_from_summary(hand)
    if capped_game:
        _capped_stacks(hand, cap)
    return hand.freeze()


FORMAT = Format(
    name="fulltilt",
    site=Site.FULLTILT,
    parse=parse,
    header=lambda first_line: first_line.startswith(PREFIXES),
    block_start=r"(?:Full Tilt Poker|FullTiltPoker) Game #",
)
