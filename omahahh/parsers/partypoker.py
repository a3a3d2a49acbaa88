"""PartyPoker hand histories, docs/FORMATS.md §6 and §12: text in, :class:`HandRecord` out.

Three generations, two line shapes (the header module tells them apart):

============================================  ========================================
classic line (2005-2018)                      records
============================================  ========================================
``NAME posts small blind [$0.02 USD].``       the small blind (``big blind`` alike)
``NAME posts big blind + dead [$0.15].``      a live big blind, the rest dead (R-BL-6)
``NAME posts ante [25]`` (``ante of [25].``)   an ante (tournaments)
``NAME calls [$0.04 USD]``                    a call putting in the amount
``NAME bets [$0.12 USD]``                     a bet
``NAME raises [$0.16 USD]``                   a raise putting in the amount **more**
``NAME is all-In  [$3.92 USD]``               all-in for the amount more: a call, bet
                                              or raise by what it puts in
``NAME shows [ Kc, 5c, 7s, Ks ]a pair …``     cards shown, with the hand
``NAME shows7,5,4,2,A  for low.``             the low the shown hand makes
``NAME doesn't show [ … ]a flush, Ace high.`` cards shown face down (mucked)
``NAME wins $4.55 USD from the main pot …``   an award (``side pot 2``, none: pot 0)
``NAME wins Lo ($28.75 USD) from the …``      the low half of a Hi/Lo pot
============================================  ========================================

============================================  ========================================
2026 line                                     records
============================================  ========================================
``NAME posts small blind (0.10)``             the small blind (``big blind`` alike)
``NAME calls (1.80)`` / ``bets (5.13)``       a call / a bet of the amount
``NAME raises 2.40 to 2.65``                  chips added, then the street total: a
                                              raise to 2.65 (the total is kept)
``NAME is all-In.``                           the player's last action was all-in
``NAME Cashout Amount is 23.01``              the room pays 23.01 for the player's
                                              pot share (EV cash-out: a side payment)
``Main Pot: $38.50 Rake: $2.0``               the main pot after rake, and the rake
``NAME balance $44.16, bet $23.17,``          the final stack; the award (which
``collected $41.47, net +$18.30[ … ] [ … ]``  includes the returned unmatched bet)
============================================  ========================================

Both: ``Seat 6: NAME ( $4 USD )`` / ``($56.64)`` seats (2012: ``seat1: NAME``),
``** Dealing Flop ** [ … ]`` streets, ``Dealt to NAME [ … ]`` hole cards. 2012's
compact actions put no space before the bracket (``raises[ $25 USD ]``). No
generation prints an uncalled bet: the unmatched excess comes back inside the
winner's award (``wins``/``collected``; classic prints it as a ``side pot`` of its
own). Classic hands print no rake: the audit derives it (``derives_unprinted_rake``).
Lines that carry no money (joins, leaves, time bank, chat ``NAME: text``, emoticons
``NAME - text``, ``There is no Small Blind in this hand …``, a tournament's result
``Player NAME finished in 2 place and received $3.60 USD``, level lines) are read
and skipped; ``Game #N starts.`` is between hands (the splitter drops it). Refused,
with a reason: a history broken off (``Connection Lost due to some reason``,
``Table Closed``: ``truncated``), a player who joins after the seat list and acts
(no seat or stack is printed: ``unknown_player``), a tournament hand with no post
(``truncated``); any other line makes the hand an ``unknown_line`` failure row.
"""

from __future__ import annotations

import dataclasses
import re

from omahahh.errors import HandParseError
from omahahh.hand_tables import CollectionTable, ShowTable, SummarySeatTable, UncalledTable
from omahahh.model import (
    POST_KINDS,
    ActionKind,
    GameType,
    HandRecord,
    SidePayment,
    Site,
    Street,
)
from omahahh.money import to_minor
from omahahh.parsers.betting_lines import add_action, new_street
from omahahh.parsers.builder import HandBuilder
from omahahh.parsers.common import cards_or_fail, match_name
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.localised import GAME_NO_RE, comma_cards, game_number_key, without_lead_in
from omahahh.parsers.partypoker_header import (
    HAND_LINE_RE,
    LEVEL_RE,
    STAKES_RE,
    matches,
    parse_header,
)
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

SITE = Site.PARTYPOKER

SEAT_RE = re.compile(r"^[Ss]eat ?(?P<seat>\d+): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)$")
STREET_RE = re.compile(
    r"^\*\* Dealing (?P<street>down cards|Flop|Turn|River) \*\*(?: :)?\s*"
    r"(?:\[(?P<cards>[^\]]*)\])?$"
)
WINS_RE = re.compile(
    r"^wins (?:(?P<lo>Lo \()?(?P<amount>[^()]+?)(?:\))?)(?: chips)?"
    r"(?: from the (?P<pot>main pot|side pot (?P<n>\d+))(?: with .*)?)?\.?$"
)
MAIN_POT_RE = re.compile(r"^Main Pot: (?P<main>\S+) Rake: (?P<rake>\S+)$")
BALANCE_RE = re.compile(
    r"^(?P<out>Cashed out  ?)?balance (?P<balance>[^,]+), "
    r"(?P<what>didn't bet|lost (?P<lost>[^ \[(]+)"
    r"|bet (?P<bet>[^,]+), collected (?P<won>[^,]+), net [-+]?(?P<net>[^\[ ]+))"
    r"(?: \(folded\))?(?: ?\[(?P<cards>[^\]]*)\](?: \[ (?P<desc>.*) \])?)?$"
)
CASHOUT_AMOUNT_RE = re.compile(r"^Cashout Amount is (?P<amount>[\d.,]+)$")
CREATING_POT_RE = re.compile(r"^Creating (?:Main|Side) Pot(?: \d+)? with .+$")
TIME_BANK_RE = re.compile(r"^Your time bank will be activated in \d+ secs\..*$")
UNSEATED_RE = re.compile(
    r"^(?P<name>\S(?:.*?\S)?) (?:folds|checks|calls |bets |raises |is all-In|wins |shows"
    r"|doesn't show|does not show|posts )"
)
NO_SMALL_BLIND = (
    "There is no Small Blind in this hand as the Big Blind of the previous hand left the table"
)
RESULT_RE = re.compile(
    r"^(?:Player .+ finished in \d+(?: place)?(?: and received .+)?\.?"
    r"|Congratulations to player .+ for winning tournament.*)$"
)
"""A tournament's result (a finish, a prize paid outside the pot)."""
BROKEN_OFF = {
    "Connection Lost due to some reason": "the history breaks off: the connection was lost",
    "Table Closed": "the table closed before the hand ended",
}
"""Lines after which the room writes no more of the hand (fpdb: partial hands)."""

_STREETS = {
    "down cards": Street.PREFLOP,
    "Flop": Street.FLOP,
    "Turn": Street.TURN,
    "River": Street.RIVER,
}
# Lines after a seated name that move no chips (classic and 2026).
INFO = frozenset(
    {
        "has joined the table.",
        "has left the table.",
        "is sitting out",
        "is sitting out.",
        "will be using his time bank for this hand.",
        "will be using her time bank for this hand.",
        "does not show cards.",
        "opted for cash-out",
        "is disconnected.",
        "is connected.",
    }
)
INFO_PREFIXES = ("Cash-out Premium % is ", "probabilty is ", "probability is ")
CURRENCY_SUFFIX = re.compile(r"\s+[A-Z]{3}$")


def party_minor(text: str, unit: int) -> int:
    """``$1,000 USD``, ``$ 38.50``, ``(0.10)``, ``2,910``: Party prints English amounts.

    >>> party_minor("$1,000 USD", 100), party_minor("(0.10)", 100)
    (100000, 10)
    """
    return to_minor(CURRENCY_SUFFIX.sub("", text.strip().strip("()[]").strip()), unit)


class _Hand(HandBuilder):
    """Scratch state while reading one block; frozen into a HandRecord at the end."""

    def __init__(self, header: HandHeader):
        super().__init__(header, read_minor=party_minor)
        self.bet = 0  # the street's highest total so far
        self.board: list[int] = []
        self.summary = False
        self.summary_seats = SummarySeatTable()
        self.side_payments: list[SidePayment] = []
        self.main: int | None = None
        self.ends: dict[str, int] = {}
        self.unseated: dict[str, int] = {}  # names acting without a seat line: first line
        self.joined: set[str] = set()  # "NAME has joined the table." in this hand

    def put_in(self, player: str, kind: ActionKind, amount: int, offset: int, **kw: bool) -> None:
        to = (
            self.live.get(player, 0) + amount
            if kind in (ActionKind.BET, ActionKind.RAISE)
            else None
        )
        add_action(self, player, kind, amount, offset, to_amount=to, **kw)
        self.bet = max(self.bet, self.live.get(player, 0))


def parse(block: Block, context: ParseContext) -> HandRecord:
    """Parse one PartyPoker block. Raises :class:`HandParseError` with a reason code."""
    lead = GAME_NO_RE.match(block.lines[0]) if block.lines else None
    block = without_lead_in(block, same_number=False)
    lines = block.lines
    header = parse_header(lines, context)
    hand = _Hand(header)
    if lead is not None and lead["id"] != header.hand_id:
        hand.notes.append(f"the '#Game No : {lead['id']}' line before the hand names another game")
    seat_starts = ("Seat ", "seat")
    i = hand.read_seats(
        lines, header.first_seat_line, lambda ln, at: _seat_line(hand, ln, at), seat_starts
    )
    if not hand.seats:
        raise HandParseError("truncated", "hand has no seat lines", len(lines) - 1, lines[-1])
    for offset in range(i, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if line.startswith("** "):
            _street_line(hand, line, offset)
        elif hand.summary:
            _summary_line(hand, line, offset)
        else:
            _body_line(hand, line, offset)
    if not hand.collections and not hand.side_payments:
        raise HandParseError("truncated", "hand ends with no award line", len(lines) - 1, lines[-1])
    if hand.unseated:
        _seat_the_unseated(hand, lines)
    _check_stacks_and_blinds(hand, lines)
    return _freeze(hand, block)


def _check_stacks_and_blinds(hand: _Hand, lines: tuple[str, ...]) -> None:
    """Refuse what the text does not tell: the stack of a player who joins the table on a
    seat printed with no chips and then puts chips in (the seat list was written before
    the join), and a tournament hand with no blind posted (early tournament histories
    leave the blinds out, so the pot cannot be read)."""
    put_in: dict[str, int] = {}
    for a in hand.actions:
        put_in[a.player] = put_in.get(a.player, 0) + a.amount
    for s in hand.seats:
        if s.stack_start == 0 and s.player in hand.joined and put_in.get(s.player, 0) > 0:
            at = next(i for i, ln in enumerate(lines) if SEAT_RE.match(ln) and s.player in ln)
            why = f"{s.player} joins on a seat printed with no chips: their stack is not printed"
            raise HandParseError("bad_seat_line", why, at, lines[at])
    if hand.h.game_type is GameType.TOURNAMENT and not any(
        a.kind in POST_KINDS for a in hand.actions
    ):
        why = "a tournament hand with no blind posted: the blinds are not printed"
        raise HandParseError("truncated", why, len(lines) - 1, lines[-1])


def _seat_the_unseated(hand: _Hand, lines: tuple[str, ...]) -> None:
    """One name acts without a seat line, and one seated player only posts a blind and
    is never heard of again: they are one player, under two names (``alias_for_poster``,
    rooms/conventions.py). Anything else is an ``unknown_player`` failure."""
    (name, at), *more = hand.unseated.items()
    kinds: dict[str, list[ActionKind]] = {}
    for a in hand.actions:
        kinds.setdefault(a.player, []).append(a.kind)
    posters = [
        s.player
        for s in hand.seats
        if kinds.get(s.player) and all(k in POST_KINDS for k in kinds[s.player])
    ]
    heard = {c.player for c in hand.collections} | {s.player for s in hand.shows}
    posters = [p for p in posters if p not in heard]
    if name in hand.joined:
        why = f"{name} joined the table after the seat list: no seat or stack is printed"
        raise HandParseError("unknown_player", why, at, lines[at])
    if more or len(posters) != 1 or not conventions(SITE).alias_for_poster:
        raise HandParseError(
            "unknown_player", f"{name} acts but no seat line names them", at, lines[at]
        )
    seated = posters[0]
    for i, player in enumerate(hand.actions.players):
        if player == name:
            hand.actions.set_player(i, seated)
    hand.collections = CollectionTable.of(
        dataclasses.replace(c, player=seated) if c.player == name else c for c in hand.collections
    )
    hand.shows = ShowTable.of(
        dataclasses.replace(s, player=seated) if s.player == name else s for s in hand.shows
    )
    hand.dealt = [(seated if n == name else n, c) for n, c in hand.dealt]
    hand.notes.append(
        f"{name} (line {at + 1}) acts without a seat line: read as {seated}, who posts the "
        "blind and is never named again"
    )


def _seat_line(hand: _Hand, line: str, offset: int) -> None:
    m = SEAT_RE.match(line)
    if m is None:
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    hand.seats.add(
        seat=int(m["seat"]), player=m["name"], stack_start=hand.money(m["stack"], offset)
    )


def _street_line(hand: _Hand, line: str, offset: int) -> None:
    if line == "** Summary **":
        hand.summary = True
        return
    m = STREET_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    new_street(hand, _STREETS[m["street"]])
    hand.bet = 0
    if m["cards"] is not None:
        hand.board.extend(comma_cards(m["cards"], offset))


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Dealt to "):
        rest = line[9:]
        name = match_name(rest, hand.names, " [")
        if name is None or not rest.endswith("]"):
            raise HandParseError("unknown_line", f"unreadable dealt line: {line!r}", offset, line)
        cards = rest[len(name) + 2 : -1]
        hand.dealt.append(
            (name, comma_cards(cards, offset) if "," in cards else cards_or_fail(cards, offset))
        )
        return
    name = match_name(line, hand.names, " ")
    if name is None:
        if match_name(line, hand.names, ": ") is not None:
            return  # chat: "Player6: u r getting boring with ur min raises"
        if TIME_BANK_RE.match(line) or CREATING_POT_RE.match(line) or line == NO_SMALL_BLIND:
            return
        if RESULT_RE.match(line) or LEVEL_RE.match(line) or STAKES_RE.match(line):
            return  # a tournament's result; the level's blinds (the posts are the hand's)
        if line in BROKEN_OFF:
            raise HandParseError("truncated", BROKEN_OFF[line], offset, line)
        if _joins_or_leaves(line):
            if line.endswith(" has joined the table."):
                hand.joined.add(line.removesuffix(" has joined the table."))
            return
        unseated = UNSEATED_RE.match(line)
        if unseated is None or ": " in unseated["name"]:
            raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)
        name = unseated["name"]
        hand.unseated.setdefault(name, offset)
    _action(hand, name, line[len(name) + 1 :], offset)


def _joins_or_leaves(line: str) -> bool:
    """``poom88 has joined the table.``: a name not (or no longer) seated in this hand."""
    return line.endswith((" has joined the table.", " has left the table."))


def _action(hand: _Hand, player: str, rest: str, offset: int) -> None:
    verb, _, arg = rest.partition(" ")
    if "[" in verb:  # 2012: "raises[ $25 USD ]"
        verb, _, tail = verb.partition("[")
        arg = f"[{tail} {arg}" if arg else f"[{tail}"
    if rest in ("folds", "checks"):
        kind = ActionKind.FOLD if rest == "folds" else ActionKind.CHECK
        add_action(hand, player, kind, 0, offset)
    elif verb == "calls":
        hand.put_in(player, ActionKind.CALL, hand.money(arg, offset), offset)
    elif verb == "bets":
        hand.put_in(player, ActionKind.BET, hand.money(arg, offset), offset)
    elif verb == "raises":
        _raise(hand, player, arg, offset)
    elif verb == "posts":
        _post(hand, player, arg, offset)
    elif rest == "is all-In.":  # 2026: the line before was all-in
        _mark_all_in(hand, player, offset, rest)
    elif rest.startswith(("is all-In ", "is all-In[")):
        _all_in(hand, player, hand.money(rest[9:].strip(), offset), offset)
    elif rest.startswith(("shows", "doesn't show")):
        _show(hand, player, rest, offset)
    elif verb == "wins":
        _wins(hand, player, rest, offset)
    elif (cash := CASHOUT_AMOUNT_RE.match(rest)) is not None:
        hand.side_payments.append(
            SidePayment(
                player=player,
                kind="ev_cashout",
                amount=hand.money(cash["amount"], offset),
                line=offset,
            )
        )
    elif rest in INFO or rest.startswith(INFO_PREFIXES):
        if rest == "has joined the table.":
            hand.joined.add(player)
        return
    elif rest.startswith("- "):
        return  # an emoticon: "zehnbube - nice hand"
    else:
        raise HandParseError("unknown_line", f"unknown action: {player} {rest}", offset, rest)


def _raise(hand: _Hand, player: str, arg: str, offset: int) -> None:
    added_text, sep, to_text = arg.partition(" to ")
    if not sep:  # classic: ``raises [$0.16 USD]``, the chips added
        hand.put_in(player, ActionKind.RAISE, hand.money(arg, offset), offset)
        return
    added, to = hand.money(added_text, offset), hand.money(to_text, offset)
    amount = to - hand.live.get(player, 0)
    if added != amount:
        hand.notes.append(f"line {offset + 1}: raises {added_text} to {to_text} puts in {amount}")
    hand.put_in(player, ActionKind.RAISE, amount, offset)


def _all_in(hand: _Hand, player: str, amount: int, offset: int) -> None:
    """Classic ``is all-In [X]``: X more, a bet, call or raise by what it does to the bet."""
    after = hand.live.get(player, 0) + amount
    if hand.bet == 0:
        kind = ActionKind.BET
    elif after <= hand.bet:
        kind = ActionKind.CALL
    else:
        kind = ActionKind.RAISE
    hand.put_in(player, kind, amount, offset, all_in=True)


def _mark_all_in(hand: _Hand, player: str, offset: int, rest: str) -> None:
    actions = hand.actions
    for i in range(len(actions) - 1, -1, -1):
        if actions.players[i] == player:
            if actions.kinds[i] in (ActionKind.FOLD, ActionKind.CHECK):
                break
            actions.set_all_in(i)
            return
    raise HandParseError("unknown_line", f"{player} is all-In after no bet", offset, rest)


def _post(hand: _Hand, player: str, arg: str, offset: int) -> None:
    arg = arg.removesuffix(".")
    for kind in ("small blind", "big blind + dead", "big blind", "ante of", "ante"):
        if arg.startswith(kind + " "):
            amount = hand.money(arg[len(kind) + 1 :], offset)
            break
    else:
        raise HandParseError("unknown_line", f"unknown post: {player} posts {arg}", offset, arg)
    if kind.startswith("ante"):
        hand.post_ante(player, amount, offset, False)
    elif kind == "small blind":
        hand.post_small_blind(player, amount, offset, False)
    elif kind == "big blind":
        hand.post_big_blind(player, amount, offset, False)
    else:  # the missed small blind is dead, the big blind live (R-BL-6)
        big = hand.blind_sizes(fixed_limit_blinds=False)[1]
        dead = max(amount - big, 0)
        add_action(hand, player, ActionKind.POST_DEAD, dead, offset, live=False)
        hand.post_big_blind(player, amount - dead, offset, False, sizes_blind=False)
    hand.bet = max(hand.bet, hand.live.get(player, 0))


def _show(hand: _Hand, player: str, rest: str, offset: int) -> None:
    mucked = rest.startswith("doesn't show")
    tail = rest[len("doesn't show") if mucked else len("shows") :]
    if tail.startswith(" ["):
        close = tail.find("]")
        cards = comma_cards(tail[2:close], offset)
        desc = tail[close + 1 :].strip().removesuffix(".") or None
        hand.shows.add(player=player, cards=cards, description=desc, mucked=mucked, line=offset)
        return
    if not mucked and tail.endswith(" for low."):  # "shows7,5,4,2,A  for low."
        low = tail[: -len(" for low.")].strip()
        for i in range(len(hand.shows) - 1, -1, -1):
            if hand.shows.players[i] == player:
                hand.shows.add_description(i, f"low {low}")
                return
    raise HandParseError("unknown_line", f"unknown show line: {player} {rest}", offset, rest)


def _wins(hand: _Hand, player: str, rest: str, offset: int) -> None:
    m = WINS_RE.match(rest)
    if m is None:
        raise HandParseError("unknown_line", f"unreadable award: {player} {rest}", offset, rest)
    pot = m["pot"] or "pot"
    hand.collections.add(
        player=player,
        amount=hand.money(m["amount"], offset),
        pot_index=int(m["n"]) if m["n"] else 0,
        half="low" if m["lo"] else None,
        pot_label=pot,
        line=offset,
    )


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    m = MAIN_POT_RE.match(line)
    if m is not None:
        hand.main = hand.money(m["main"], offset)
        hand.rake = hand.money(m["rake"], offset)
        return
    if line.startswith("Board: [") and line.endswith("]"):
        board = comma_cards(line[8:-1], offset)
        if hand.board and tuple(hand.board) != board:
            hand.notes.append("Board line differs from the street lines")
        hand.board = list(board)
        return
    name = match_name(line, hand.names, " ")
    b = BALANCE_RE.match(line[len(name) + 1 :]) if name is not None else None
    if name is None or b is None:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    hand.ends[name] = hand.money(b["balance"], offset)
    cards = b["cards"]
    shown = (
        (comma_cards(cards, offset) if "," in cards else cards_or_fail(cards, offset))
        if cards
        else ()
    )
    if shown:
        hand.shows.add(player=name, cards=shown, description=b["desc"], line=offset)
    cashed_out = b["out"] is not None
    if b["won"] is not None and not cashed_out:  # a cash-out is paid by the room, not the pot
        won = hand.money(b["won"], offset)
        hand.collections.add(player=name, amount=won, pot_index=0, line=offset)
    hand.summary_seats.add(
        seat=next(s.seat for s in hand.seats if s.player == name),
        player=name,
        showed=shown,
        folded_street=None,
        cashed_out=cashed_out,
        line=offset,
    )


def _freeze(hand: _Hand, block: Block) -> HandRecord:
    h = hand.h
    dealt = dict(hand.dealt)
    for s in hand.shows:
        if s.player in dealt and set(s.cards) != set(dealt[s.player]):
            hand.notes.append(f"{s.player} shows other cards than were dealt (line {s.line + 1})")
    seats = hand.idle_seats_sat_out()  # classic Party lists those sitting out too
    for i, player in enumerate(seats.players):
        if player in hand.ends:
            seats.set_stack_end_reported(i, hand.ends[player])
    return hand.record(
        SITE,
        h.table_line,
        block,
        fixed_limit_blinds=False,
        bets=h.fixed_bets,
        tournament_id=h.tournament_id,
        buy_in=h.buy_in,
        fast_fold=h.fast_fold,
        seats=seats,
        uncalled=UncalledTable(),  # the room prints no such line
        boards=(tuple(hand.board),) if hand.board else (),
        summary_seats=hand.summary_seats,
        side_payments=tuple(hand.side_payments),
        main_pot_reported=hand.main,
    )


def hand_key(block: Block) -> str | None:
    """The key of a block that failed: ``partypoker:<game number>``, the history's own
    number before a ``#Game No`` line's."""
    for line in block.lines[:2]:
        m = HAND_LINE_RE.match(line)
        if m is not None:
            return f"{SITE.value}:{m['id']}"
    return game_number_key(block, SITE)


FORMAT = Format(
    name="partypoker",
    site=Site.PARTYPOKER,
    parse=parse,
    header=matches,
    block_start=r"#Game No : |\*{5} Hand History [Ff]or Game ",
    hand_key=hand_key,
    lead_in=r"#Game No : \d+",
    between_hands=r"Game #\w+ starts\.",
)
