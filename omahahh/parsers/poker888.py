"""888poker (Pacific, Cassava) hand histories, docs/FORMATS.md §3: text in, :class:`HandRecord` out.

Line shapes after the header (:mod:`omahahh.parsers.poker888_header`) and what
each records; ``NAME`` is a seated name (longest first, FORMATS §9.1), ``[X]``
an amount in the client's locale (``[$1,275]``, ``[25 $]``, ``[$ 10]``):

=======================================  ==============================================
line                                     records
=======================================  ==============================================
``Seat 5: NAME ( $31.25 )``              a seat and its stack
``NAME posts small blind [X]``           the small blind; a *second* one is dead
                                         money (fpdb ``secondsb``; R-BL-6)
``NAME posts big blind [X]``             a big blind (live)
``NAME posts dead blind [X + Y]``        X dead, Y a live big blind
``NAME posts [the ]ante [X]``            a tournament ante (dead money)
``** Dealing down cards **``             preflop (often missing: actions before the
                                         flop are preflop anyway)
``Dealt to NAME [ 5s, Ad, 8h, 7c ]``     hole cards (localised ranks: rooms/localised.py)
``NAME folds`` / ``NAME checks``         fold / check
``NAME calls [X]``                       a call putting in X
``NAME bets [X]``                        a bet of X
``NAME raises [X]``                      a raise putting in X **more** (chips added,
                                         not "to": SB 25 ``raises [$125]`` is to 150)
``** Dealing flop ** [ 6d, 5d, 9d ]``    a street and its cards (turn, river alike)
``** Summary **``                        the summary starts
``NAME shows [ … ]`` / ``mucks [ … ]``   cards shown / shown and mucked
``(Hi: …)`` / ``(Lo: …)``                the winning high / low hand of the player
                                         shown just before (kept as its description)
``NAME did not show his hand``           nothing
``NAME collected [ X ]``                 an award; a Hi/Lo scoop prints two lines
=======================================  ==============================================

The room never prints an all-in marker, an uncalled bet or the rake. All-in is
read from the stack (an action that puts in every chip left is all-in: that is
what the line means). Uncalled bets and the rake are derived, not claimed:
replay returns the unmatched bet, and the audit takes the rake as put in less
returned less collected (``derives_unprinted_rake`` in rooms/conventions.py).
Every line must be understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import dataclasses

from omahahh.action_table import ActionTable
from omahahh.errors import HandParseError
from omahahh.hand_tables import SummarySeatTable, UncalledTable
from omahahh.model import (
    ActionKind,
    GameInfo,
    HandRecord,
    Site,
    Street,
    variant_code,
)
from omahahh.parsers.betting_lines import add_action, new_street
from omahahh.parsers.builder import HandBuilder
from omahahh.parsers.common import match_name
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.localised import comma_cards, game_number_key, localised_minor, without_lead_in
from omahahh.parsers.poker888_header import matches, parse_header
from omahahh.parsers.sources import Block

SITE = Site.POKER888

_STREETS = {
    "** Dealing down cards **": Street.PREFLOP,
    "** Dealing flop **": Street.FLOP,
    "** Dealing turn **": Street.TURN,
    "** Dealing river **": Street.RIVER,
}
SUMMARY = "** Summary **"
DEAL = "** Dealing down cards **"
NO_SHOW = " did not show his hand"


class _Hand(HandBuilder):
    """Scratch state while reading one block; frozen into a HandRecord at the end."""

    def __init__(self, header: HandHeader):
        super().__init__(header, header.notes, localised_minor)
        self.left: dict[str, int] = {}  # chips behind, to read all-in from the stack
        self.bet = 0  # the street's highest total so far
        self.board: list[int] = []
        self.small_blinds = 0
        self.last_show: int | None = None

    def put_in(
        self, player: str, kind: ActionKind, amount: int, offset: int, *, live: bool = True
    ) -> None:
        """Record chips put in; all-in when they are every chip the player had left."""
        left = self.left.get(player, 0)
        all_in = amount > 0 and amount == left
        self.left[player] = left - amount
        to = self.live.get(player, 0) + amount if kind in _SIZED else None
        add_action(self, player, kind, amount, offset, to_amount=to, all_in=all_in, live=live)
        if live:
            self.bet = max(self.bet, self.live.get(player, 0))


_SIZED = (ActionKind.BET, ActionKind.RAISE)


def parse(block: Block, context: ParseContext) -> HandRecord:
    """Parse one 888 block. Raises :class:`HandParseError` with a reason code."""
    block = without_lead_in(block)
    lines = block.lines
    header = parse_header(lines, context)
    hand = _Hand(header)
    i = hand.read_seats(lines, header.first_seat_line, lambda ln, at: _seat_line(hand, ln, at))
    if not hand.seats:
        raise HandParseError("truncated", "hand has no seat lines", len(lines) - 1, lines[-1])
    hand.left = dict(zip(hand.seats.players, hand.seats.stack_starts, strict=True))
    in_summary = False
    for offset in range(i, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if line.startswith("** "):
            in_summary = _street_line(hand, line, offset)
        elif in_summary:
            _summary_line(hand, line, offset)
        else:
            _body_line(hand, line, offset)
    if not in_summary:
        raise HandParseError(
            "truncated", "hand has no ** Summary ** section", len(lines) - 1, lines[-1]
        )
    return _freeze(hand, block)


def _seat_line(hand: _Hand, line: str, offset: int) -> None:
    head, sep, rest = line.partition(": ")
    number = head[5:]
    open_at = rest.rfind(" ( ")
    if not sep or not number.isdigit() or open_at <= 0 or not rest.endswith(" )"):
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    hand.seats.add(
        seat=int(number),
        player=rest[:open_at],
        stack_start=hand.money(rest[open_at + 3 : -2], offset),
    )


def _street_line(hand: _Hand, line: str, offset: int) -> bool:
    """A ``** … **`` line; True when the summary starts."""
    if line == SUMMARY:
        return True
    end = line.find(" **", 3)
    street = _STREETS.get(line[: end + 3]) if end > 0 else None
    if street is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    tail = line[end + 3 :].strip()
    if line == DEAL:
        _folded_before_deal(hand, offset)
    new_street(hand, street)
    hand.bet = 0
    if tail:
        if not (tail.startswith("[") and tail.endswith("]")):
            raise HandParseError("unknown_line", f"unreadable board: {line!r}", offset, line)
        hand.board.extend(comma_cards(tail[1:-1], offset))
    return False


def _folded_before_deal(hand: _Hand, offset: int) -> None:
    """``Borr_09 folds`` above ``** Dealing down cards **`` (888poker:440985926): a player
    who left before the deal, having put nothing in, was not dealt in."""
    acted: dict[str, int] = {}
    for a in hand.actions:
        acted[a.player] = acted.get(a.player, 0) + 1
    early = {a.player for a in hand.actions if a.kind is ActionKind.FOLD and acted[a.player] == 1}
    if not early:
        return
    hand.actions = ActionTable.of(a for a in hand.actions if a.player not in early)
    for i, player in enumerate(hand.seats.players):
        if player in early:
            hand.seats.set_out_of_hand(i)
            hand.notes.append(f"{player} folds before the deal (line {offset + 1}): not dealt in")


def _bracket(hand: _Hand, arg: str, offset: int) -> int:
    """The amount in ``[X]``."""
    if not (arg.startswith("[") and arg.endswith("]")):
        raise HandParseError("unknown_line", f"expected [amount], got {arg!r}", offset, arg)
    return hand.money(arg[1:-1], offset)


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith("Dealt to "):
        rest = line[9:]
        name = match_name(rest, hand.names, " [")
        if name is None or not rest.endswith("]"):
            raise HandParseError("unknown_line", f"unreadable dealt line: {line!r}", offset, line)
        hand.dealt.append((name, comma_cards(rest[len(name) + 2 : -1], offset)))
        return
    name = match_name(line, hand.names, " ")
    if name is None:
        raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)
    rest = line[len(name) + 1 :]
    verb, _, arg = rest.partition(" ")
    if rest == "folds":
        add_action(hand, name, ActionKind.FOLD, 0, offset)
    elif rest == "checks":
        add_action(hand, name, ActionKind.CHECK, 0, offset)
    elif verb == "calls":
        hand.put_in(name, ActionKind.CALL, _bracket(hand, arg, offset), offset)
    elif verb == "bets":
        hand.put_in(name, ActionKind.BET, _bracket(hand, arg, offset), offset)
    elif verb == "raises":
        hand.put_in(name, ActionKind.RAISE, _bracket(hand, arg, offset), offset)
    elif verb == "posts":
        _post(hand, name, arg, offset)
    else:
        raise HandParseError("unknown_line", f"unknown action: {line!r}", offset, line)


def _post(hand: _Hand, player: str, arg: str, offset: int) -> None:
    kind, _, amount_text = arg.partition(" [")
    amount_text = "[" + amount_text
    if kind == "small blind":
        amount = _bracket(hand, amount_text, offset)
        hand.small_blinds += 1
        if hand.small_blinds == 1:
            hand.size_blind(ActionKind.POST_SMALL_BLIND, player, amount, False)
            hand.put_in(player, ActionKind.POST_SMALL_BLIND, amount, offset)
        else:  # a second small blind is dead money (a returning player's)
            hand.put_in(player, ActionKind.POST_DEAD, amount, offset, live=False)
    elif kind == "big blind":
        amount = _bracket(hand, amount_text, offset)
        hand.size_blind(ActionKind.POST_BIG_BLIND, player, amount, False)
        hand.put_in(player, ActionKind.POST_BIG_BLIND, amount, offset)
    elif kind in ("ante", "the ante"):  # tournaments (fpdb re_Antes: "posts (the )?ante")
        amount = _bracket(hand, amount_text, offset)
        if hand.ante is None:
            hand.ante = amount
        hand.put_in(player, ActionKind.POST_ANTE, amount, offset, live=False)
    elif kind == "dead blind":
        dead_text, plus, live_text = amount_text[1:-1].partition(" + ")
        if not plus or not amount_text.endswith("]"):
            raise HandParseError("unknown_line", f"unreadable dead blind: {arg!r}", offset, arg)
        dead, live = hand.money(dead_text, offset), hand.money(live_text, offset)
        hand.put_in(player, ActionKind.POST_DEAD, dead, offset, live=False)
        if live:
            hand.put_in(player, ActionKind.POST_BIG_BLIND, live, offset)
    else:
        raise HandParseError("unknown_line", f"unknown post: {player} posts {arg}", offset, arg)


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    if line.startswith(("(Hi: ", "(Lo: ")) and line.endswith(")"):
        if hand.last_show is None:
            raise HandParseError("unknown_line", f"{line!r} after no shown hand", offset, line)
        hand.shows.add_description(hand.last_show, line[1:-1])
        return
    if line.endswith(NO_SHOW) and line[: -len(NO_SHOW)] in hand.names:
        return
    name = match_name(line, hand.names, " ")
    if name is None:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    verb, _, arg = line[len(name) + 1 :].partition(" ")
    if not (arg.startswith("[") and arg.endswith("]")):
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)
    if verb == "collected":
        hand.collections.add(
            player=name,
            amount=hand.money(arg[1:-1], offset),
            pot_index=0,
            line=offset,
        )
    elif verb in ("shows", "mucks"):
        cards = comma_cards(arg[1:-1], offset)
        hand.last_show = len(hand.shows)
        hand.shows.add(player=name, cards=cards, mucked=verb == "mucks", line=offset)
    else:
        raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)


def _game(hand: _Hand) -> GameInfo:
    """The header's game, with the hole-card count the dealt and shown cards prove."""
    game = hand.h.game
    seen = [len(c) for _, c in hand.dealt] + [len(c) for c in hand.shows.cards]
    hole = max(seen, default=game.hole_card_count)
    if hole in (5, 6) and hole != game.hole_card_count:
        hand.notes.append(f"{hole} hole cards dealt: a {hole}-card Omaha game")
        return dataclasses.replace(
            game,
            hole_card_count=hole,
            variant=variant_code(game.structure, hole, game.hi_lo),
        )
    return game


def _freeze(hand: _Hand, block: Block) -> HandRecord:
    h = hand.h
    game = _game(hand)
    hand.h = dataclasses.replace(h, game=game)
    bets = None
    if hand.fixed_limit():  # the header gives the blinds; the bets are one and two big blinds
        big_blind = hand.blind_sizes(fixed_limit_blinds=False)[1]
        bets = (big_blind, 2 * big_blind)
    return hand.record(
        SITE,
        h.table_line,
        block,
        fixed_limit_blinds=False,
        bets=bets,
        fast_fold=h.fast_fold,
        tournament_id=h.tournament_id,
        buy_in=h.buy_in,
        seats=hand.seats,
        uncalled=UncalledTable(),  # the room prints no such line
        summary_seats=SummarySeatTable(),  # the room prints no such line
        boards=(tuple(hand.board),) if hand.board else (),
    )


def hand_key(block: Block) -> str | None:
    """The key of a block that failed: ``888poker:<game number>``."""
    return game_number_key(block, SITE)


FORMAT = Format(
    name="888poker",
    site=Site.POKER888,
    parse=parse,
    header=matches,
    hand_key=hand_key,
    lead_in=r"#Game No : \d+",
    # A tournament summary starts no block: a file of them alone is not a hand history.
    block_start=r"#Game No : |\*{4,5} (?:Cassava|888)(?! Tournament Summary)",
)
