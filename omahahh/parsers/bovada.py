"""Bovada / Ignition / Bodog hand histories (docs/FORMATS.md §12 "Bovada / Ignition").

```
Bovada Hand #2902233667 TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59
Seat 9: UTG+5 [ME] ($5 in chips)
UTG+5  [ME] : Posts chip $0.05
```

Players are named by their position: the name is the position as printed,
the hero's keeps its ``[ME]`` mark (``UTG+5 [ME]``). Every seat's hole cards
are printed. The header gives no stakes for cash games (the posted blinds do)
and no zone (rooms/conventions.py: ET, as fpdb reads it).

Lines are ``<position>[  [ME]] : <what>``; ``<what>`` and what it records:

=========================================  =========================================
line                                       records
=========================================  =========================================
``Set dealer/Bring in spot [2]``,          the button seat (none printed: the
``Set dealer [2]``, ``Set dealer``         ``Dealer`` seat)
``Ante/Small Blind $0.02``                 small blind
``Big blind/Bring in $0.05``               big blind
``Posts chip $0.05``                       a new player's post: live up to the big
                                           blind, any excess dead
``Posts dead chip $15``                    the same (at $5/$10: $10 live, $5 dead)
``Ante chip 25``                           ante
``Card dealt to a spot [..]``              the seat's hole cards
``Fold[s][ (reason)]``, ``Checks``         the action (any reason in brackets
                                           after ``Fold``/``Folds``/``Checks``)
``Folds & shows [..]``                     a fold, and the cards shown
``Calls $X`` / ``Call X``                  a call of X (chips added)
``Bets $X``, ``bets``, ``Double bets``     a bet
``Raises $1.73 to $1.86``, ``raises``      a raise **to** $1.86 ($1.73 added)
``Raises $35`` (2012)                      a raise to $35
``All-in $2.36``                           all-in for $2.36 more: a call, bet or raise
                                           by the street total it reaches
``All-in(raise) $1.69 to $1.69``,          an all-in raise to $1.69 (2012: no ``to``,
``All-in(raise-timeout) ..``               the figure is the street total)
``Return uncalled portion of bet $1.80``   an uncalled return
``Showdown [5 or 10 cards] (desc)``        a show (the seat's dealt cards; the 10
                                           cards are the best high and low fives)
``Shows [..] (desc)``, ``Mucks [..]``      a show, a mucked hand
``Hand result[-Side pot] $X``              an award (main or a side pot)
``Total Pot($1.80)[ | Rake ($1)]``         total (with the rake in it); the rake,
                                           printed in 2012 only
``Seat[+]N: <position> HI $X .. LO $Y``    a summary seat (won, fold street)
=========================================  =========================================

Lobby lines (``Table enter user``, ``Seat sit down``, ``Table deposit $1.50``,
``Seat stand``, ``Ranking 39``, ``Sitout (..)``, ``Enter (..)``, ``Leave (..)``...)
move nothing in the hand. Tournament headers may print the speed (``Normal``,
``Turbo``) instead of the structure: the room's unprinted structure is read, with a
note. Hands without
street markers (2012) get their streets from the betting
(:mod:`omahahh.parsers.bovada_streets`), or fail. Every other line must be
understood: an unknown line makes the hand a failure row.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from omahahh.errors import HandParseError
from omahahh.hand_tables import SummarySeatTable
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
from omahahh.money import CHIPS, fast_minor, format_minor, to_minor
from omahahh.parsers.betting_lines import add_action, new_street
from omahahh.parsers.bovada_streets import RoundTracker, check_streets, next_street
from omahahh.parsers.builder import HandBuilder
from omahahh.parsers.common import STRUCTURE_WORDS, TableLine, board_cards, cards_or_fail, to_utc
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

SITE = Site.BOVADA
ME = " [ME]"

HEADER_RE = re.compile(
    r"^(?P<room>Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?(?P<id>\d+):?\s+"
    r"(?:(?P<zone>Zone Poker ID|TBL)#(?P<table>[^ ,]+),?\s+)?"
    r"(?P<game>OMAHA HiLo|OMAHA_HL|OMAHA|[A-Z0-9_]+(?: HiLo)?)(?P<zp>ZonePoker)?\s+"
    r"(?:Tournament #(?:M-)?(?P<tid>\d+) TBL#(?P<tno>\d+),\s*)?"
    r"(?P<hu>1 on 1 )?(?P<limit>No Limit|Fixed Limit|Pot Limit|Limit)?"
    r"(?:\s?(?P<speed>Normal|Turbo)\s?)?"
    r"(?:-\s?Level (?P<level>\d+) \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\))?"
    r"(?: \[MVS\])?\s*-\s*(?P<time>\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2})\s*$"
)
SEAT_RE = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?)(?P<me> \[ME\])? \((?P<stack>[^()]+) in chips\)$"
)
STREET_RE = re.compile(r"^\*\*\* (?P<name>HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*(?P<tail>.*)$")
TOTAL_RE = re.compile(r"^Total Pot\((?P<total>[^)]+)\)(?: \| Rake \((?P<rake>[^)]+)\))?$")
BOARD_RE = re.compile(r"^Board \[(?P<cards>[^\]]*)\]$")
SUMMARY_SEAT_RE = re.compile(r"^Seat[+ ](?P<seat>\d+): ?(?P<rest>.*)$")
SUMMARY_FIRST_RE = re.compile(r"^\s*(?:HI\s+)?(?P<amount>\$?\d[\d,]*(?:\.\d+)?)(?=\s|$)")
SUMMARY_LOW_RE = re.compile(r"\bLOW?\s+(?P<amount>\$?\d[\d,]*(?:\.\d+)?)")
SUMMARY_FOLD_RE = re.compile(
    r"Folded (?:on the (?P<on>POCKET CARDS|FLOP|TURN|RIVER)|before the FLOP)"
)
# Events of the lobby: no chips, no cards, with or without a position before them.
LOBBY = frozenset(
    {
        "Table enter user",
        "Table leave user",
        "Seat sit down",
        "Seat sit out",
        "Seat stand",
        "Seat re-join",
        "Sit out",
        "Re-join",
        "Stand",
    }
)
LOBBY_PREFIXES = ("Table deposit ", "Ranking ", "BOUNTY PRIZE ")
LOBBY_WORDS = ("Seat", "Table", "Sit", "Re-join", "Stand", "Ranking", "BOUNTY", "Sitout", "Enter",
               "Leave")  # fmt: skip
"""First words of the lobby's lines (before any ``(reason)``)."""
REASON = r"(?:\s*\([^)]*\))?"
"""A forced action's reason after its word: ``(timeout)``, `` (auth)``, ``(wait for bb)``."""
LOBBY_REASONED_RE = re.compile(rf"^(?:Sitout|Enter|Leave){REASON}$")
"""``Sitout (wait for bb)``, ``Enter (..)``, ``Leave (..)``: a player's comings and goings."""
DEALER_RE = re.compile(r"^Set dealer(?:/Bring in spot)?(?: \[(?P<seat>\d+)\])?$")
FOLD_RE = re.compile(rf"^Folds?{REASON}$")
FOLD_SHOWS_RE = re.compile(r"^Folds? & shows \[(?P<cards>[^\]]*)\]")
CHECK_RE = re.compile(rf"^Checks{REASON}$")
SMALL_BLIND_POSTS = ("Ante/Small Blind ", "Ante/Small blind ", "Small Blind ", "Small blind ")
BIG_BLIND_POSTS = ("Big blind/Bring in ", "Big Blind ", "Big blind ")

_STREET_OF = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_FOLD_STREET = {None: Street.PREFLOP, "POCKET CARDS": Street.PREFLOP, "FLOP": Street.FLOP,
                "TURN": Street.TURN, "RIVER": Street.RIVER}  # fmt: skip
_PLAIN_FOLDS = {
    " Folded before the FLOP": Street.PREFLOP,
    **{f" Folded on the {name}": street for name, street in _FOLD_STREET.items() if name},
}
"""A summary seat's whole text after the position when it only folded."""
BETTING_WORDS = ("Fold", "Folds", "Checks", "Calls", "Call", "Bets", "bets", "Double", "Raises",
                 "raises", "All-in")  # fmt: skip
"""First words of betting lines, before any ``(reason)``: ``All-in(raise)`` is ``All-in``."""
RAISE_VERBS = ("Raises", "raises", "All-in(raise)", "All-in(raise-timeout)")


def matches(first_line: str) -> bool:
    """Is this block's first line a Bovada / Ignition / Bodog header?"""
    return " Hand #" in first_line and HEADER_RE.match(first_line) is not None


def parse_header(line: str, context: ParseContext) -> HandHeader:
    m = HEADER_RE.match(line)
    if m is None:
        raise HandParseError("bad_header", f"unrecognised Bovada header: {line[:100]!r}", 0, line)
    game = m["game"]
    if not game.startswith("OMAHA"):
        raise HandParseError("unsupported_game", f"not an Omaha game: {game}", 0, line)
    tournament = m["tid"] is not None
    notes: tuple[str, ...] = ()
    room = conventions(SITE)
    if m["limit"] is not None:
        structure = STRUCTURE_WORDS[m["limit"]]
    elif tournament and room.unprinted_structure is not None:
        # A tournament header printing its speed in place of the structure.
        structure = room.unprinted_structure
        words = structure.value.replace("_", " ")
        notes = (f"no betting structure printed: read as {words} (room default)",)
    else:
        raise HandParseError("bad_header", "no betting structure in the header", 0, line)
    hi_lo = game in ("OMAHA HiLo", "OMAHA_HL")
    unit = 1 if tournament else 100
    low = high = 0
    stakes = ""
    if m["sb"] is not None:
        low, high = to_minor(m["sb"], unit), to_minor(m["bb"], unit)
        stakes = f"{m['sb']}/{m['bb']}"
    zone = context.zone_for(room.time_zone)
    return HandHeader(
        hand_id=m["id"],
        game=GameInfo(
            variant=variant_code(structure, 4, hi_lo),
            structure=structure,
            hole_card_count=4,
            hi_lo=hi_lo,
            game_label=f"{game} {m['limit'] or m['speed'] or ''}".rstrip(),
        ),
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        fast_fold=m["zone"] == "Zone Poker ID" or m["zp"] is not None,
        tournament_id=m["tid"],
        tournament_level=m["level"],
        currency=CHIPS if tournament else "USD",
        unit=unit,
        stakes=stakes,
        stake_low=low,
        stake_high=high,
        started_at=to_utc(m["time"], zone),
        started_at_text=m["time"],
        table=TableLine(name=m["tno"] or m["table"] or "", max_seats=None, button_seat=0),
        notes=notes,
    )


def bovada_minor(text: str, unit: int) -> int:
    """Bovada's amounts: ``$1,234.50`` with its thousands commas, else PokerStars'.

    >>> bovada_minor("$1,234.50", 100)
    123450
    """
    return fast_minor(text.replace(",", "") if "," in text else text, unit)


class _Hand(HandBuilder):
    def __init__(self, header: HandHeader):
        super().__init__(header, header.notes, bovada_minor)
        self.summary_seats = SummarySeatTable()
        self.summary_folds: dict[str, Street] = {}
        self.board: tuple[int, ...] = ()
        self.summary_board: tuple[int, ...] | None = None
        self.button: int | None = None
        self.section = "blinds"  # blinds, cards, summary
        self.markers = False  # the hand prints street markers
        self.derive_streets = True  # no flop marker anywhere in the hand
        self.tracker: RoundTracker | None = None
        self.cards: dict[str, tuple[int, ...]] = {}
        self.pending_shows: list[tuple[str, str, int]] = []
        self.street_actions = 0  # betting lines on the current street
        self.player_at: dict[int, str] = {}  # seat -> player, for the summary


def parse(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord:
    """Parse one Bovada block. Raises :class:`HandParseError` with a reason code."""
    lines = block.lines
    header = parse_header(lines[0], context)
    if "*** SUMMARY ***" not in lines:
        raise HandParseError(
            "truncated", "hand has no *** SUMMARY *** section", len(lines) - 1, lines[-1]
        )
    hand = _Hand(header)
    # A hand that prints a flop marker prints every street's: no street to derive.
    hand.derive_streets = not any(line.startswith("*** FLOP ***") for line in lines)
    i = hand.read_seats(lines, 1, lambda line, offset: _seat(hand, line, offset))
    hand.tracker = RoundTracker({s.player: s.stack_start for s in hand.seats})
    hand.player_at = {s.seat: s.player for s in reversed(hand.seats)}  # the first one wins
    for offset in range(i, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if line.startswith("*** "):
            _marker(hand, line, offset)
        elif hand.section == "summary":
            _summary_line(hand, line, offset)
        else:
            _body_line(hand, line, offset)
    return _freeze(hand, block)


def _seat(hand: _Hand, line: str, offset: int) -> None:
    m = SEAT_RE.match(line)
    if m is None:
        raise HandParseError("bad_seat_line", f"unreadable seat line: {line!r}", offset, line)
    name = m["name"].strip() + (ME if m["me"] else "")
    hand.seats.add(seat=int(m["seat"]), player=name, stack_start=hand.money(m["stack"], offset))


def _marker(hand: _Hand, line: str, offset: int) -> None:
    m = STREET_RE.match(line)
    if m is None:
        raise HandParseError("unknown_line", f"unknown section line: {line!r}", offset, line)
    name = m["name"]
    if name == "HOLE CARDS":
        hand.section = "cards"
    elif name == "SUMMARY":
        hand.section = "summary"
    else:
        hand.markers = True
        _start_street(hand, _STREET_OF[name])
        board = board_cards(m["tail"], offset)
        if board is not None:
            hand.board = board


def _start_street(hand: _Hand, street: Street) -> None:
    new_street(hand, street)
    hand.street_actions = 0
    assert hand.tracker is not None
    hand.tracker.next_round()


_NAMES: dict[str, str] = {}
"""Each line head's name (:func:`_name`): heads are positions, a few dozen in all."""
_NAMES_KEPT = 512


def _name(head: str) -> str:
    """``UTG+5  [ME]`` -> ``UTG+5 [ME]``; ``Dealer `` -> ``Dealer``."""
    name = head.strip()
    if name.endswith("[ME]"):
        return name[:-4].rstrip() + ME
    return name


def _body_line(hand: _Hand, line: str, offset: int) -> None:
    head, sep, what = line.partition(" : ")
    if not sep:
        if _is_lobby(line):
            return
        if line.startswith("Set dealer"):
            _dealer_spot(hand, "", line, offset)
            return
        raise HandParseError("unknown_line", f"unknown line: {line!r}", offset, line)
    player = _NAMES.get(head)
    if player is None:
        if len(_NAMES) > _NAMES_KEPT:  # odd heads in broken files: keep memory flat
            _NAMES.clear()
        player = _NAMES[head] = _name(head)  # positions repeat: each head read once
    if player not in hand.names:
        raise HandParseError(
            "unknown_player", f"a line of no seated player: {line!r}", offset, line
        )
    actions = hand.actions
    before = len(actions)
    what = what.strip()
    read = SHAPES.get(what.partition(" ")[0].partition("(")[0])  # the line shape's reader
    if read is None:
        raise HandParseError("unknown_line", f"unknown line: {player} : {what}", offset, what)
    read(hand, player, what, offset)
    if len(actions) > before:  # most lines add one action, many (cards, lobby) none
        assert hand.tracker is not None
        for i in range(before, len(actions)):  # from the columns: no record built
            hand.tracker.record(actions.players[i], actions.kinds[i], actions.amounts[i])


def _amount(hand: _Hand, what: str, offset: int) -> int:
    """The figure that ends a line (``Posts chip $0.05``)."""
    return hand.money(what.rpartition(" ")[2], offset)


def _shape(prefixes: tuple[str, ...], what: str, offset: int) -> None:
    """The line must be one of the shapes its first word introduces."""
    if not what.startswith(prefixes):
        raise HandParseError("unknown_line", f"unknown line shape: {what!r}", offset, what)


def _dealer_spot(hand: _Hand, player: str, what: str, offset: int) -> None:
    """``Set dealer/Bring in spot [2]``, ``Set dealer [2]`` (2017 on), either without the
    seat (the ``Dealer`` seat is the button then)."""
    m = DEALER_RE.match(what)
    if m is None:
        raise HandParseError("unknown_line", f"unknown line shape: {what!r}", offset, what)
    if m["seat"] is not None:
        hand.button = int(m["seat"])


def _small_blind(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(SMALL_BLIND_POSTS, what, offset)
    hand.post_small_blind(player, _amount(hand, what, offset), offset, False)


def _big_blind(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(BIG_BLIND_POSTS, what, offset)
    hand.post_big_blind(player, _amount(hand, what, offset), offset, False)


def _posts(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(("Posts chip ", "Posts dead chip "), what, offset)
    _new_player_post(hand, player, _amount(hand, what, offset), offset)


def _ante(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(("Ante chip ",), what, offset)
    hand.post_ante(player, _amount(hand, what, offset), offset, False)


def _cards(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(("Card dealt to a spot [",), what, offset)
    hand.cards[player] = cards_or_fail(what[len("Card dealt to a spot ") :].strip("[] "), offset)
    assert hand.tracker is not None
    hand.tracker.deal(player)


def _returned(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(("Return uncalled portion of bet ",), what, offset)
    amount = _amount(hand, what, offset)
    assert hand.tracker is not None
    hand.tracker.put_in(player, -amount, live=True)
    hand.uncalled.add(player=player, amount=amount, street=hand.street, line=offset)


def _shown(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(("Showdown [", "Showdown (", "Mucks [", "Shows ["), what, offset)
    hand.pending_shows.append((player, what, offset))


def _not_shown(hand: _Hand, player: str, what: str, offset: int) -> None:
    """``Does not show [..] (..)``: the uncontested winner's cards, already dealt."""
    _shape(("Does not show",), what, offset)


def _is_lobby(what: str) -> bool:
    """Is this a lobby line (with or without a position before it)?"""
    return (
        what in LOBBY
        or what.startswith(LOBBY_PREFIXES)
        or LOBBY_REASONED_RE.match(what) is not None
    )


def _lobby(hand: _Hand, player: str, what: str, offset: int) -> None:
    """Lines of the lobby: no chips, no cards (a player without cards is not dealt in)."""
    if _is_lobby(what):
        return
    raise HandParseError("unknown_line", f"unknown line: {player} : {what}", offset, what)


def _new_player_post(hand: _Hand, player: str, amount: int, offset: int) -> None:
    """``Posts chip $5`` / ``Posts dead chip $15`` at $5/$10: live up to the big blind
    (bovada:2601409566: ``Posts chip $5`` then ``Calls $5`` to the $10 big blind;
    bovada:2601409940: ``Posts dead chip $15`` then ``Raises $35``, $35 put in
    with the $10), the rest dead."""
    hand.post_to_play(player, amount, offset, hand.blind_sizes(fixed_limit_blinds=False)[1])


def _betting(hand: _Hand, player: str, what: str, offset: int) -> None:
    """A betting line: the street it belongs to first (no markers), then the action."""
    assert hand.tracker is not None
    if hand.section == "blinds":
        if what.startswith("All-in "):  # a blind posted all-in
            _all_in_blind(hand, player, hand.money(what.rpartition(" ")[2], offset), offset)
            return
        raise HandParseError("unknown_line", f"unknown blind line: {what!r}", offset, what)
    if hand.derive_streets and not hand.markers and hand.street_actions and hand.tracker.complete():
        _start_street(hand, next_street(hand.street, offset, what))
    hand.street_actions += 1
    _action(hand, player, what, offset)


def _all_in_blind(hand: _Hand, player: str, amount: int, offset: int) -> None:
    no_small_blind = not (hand.first_sb or hand.all_in_sb)
    if player.startswith("Small Blind") or (player.startswith("Dealer") and no_small_blind):
        hand.post_small_blind(player, amount, offset, True)
    elif player.startswith("Big Blind"):
        hand.post_big_blind(player, amount, offset, True)
    else:
        why = f"an all-in among the blinds by {player}: what it posts is not stated"
        raise HandParseError("ambiguous_post", why, offset)


def _action(hand: _Hand, player: str, what: str, offset: int) -> None:
    verb, _, arg = what.partition(" ")
    if verb == "Double" and arg.startswith("bets "):  # fpdb reads ``Double bets $X`` as a bet
        verb, _, arg = arg.partition(" ")
    if what.startswith("Fold"):
        _fold(hand, player, what, offset)
    elif what.startswith("Checks") and CHECK_RE.match(what):
        add_action(hand, player, ActionKind.CHECK, 0, offset)
    elif verb in ("Calls", "Call"):
        amount = hand.money(arg, offset)
        add_action(hand, player, ActionKind.CALL, amount, offset,
                   all_in=_empties(hand, player, amount))  # fmt: skip
    elif verb in ("Bets", "bets"):
        amount = hand.money(arg, offset)
        to = hand.live.get(player, 0) + amount
        add_action(hand, player, ActionKind.BET, amount, offset, to_amount=to,
                   all_in=_empties(hand, player, amount))  # fmt: skip
    elif verb in RAISE_VERBS:
        by_text, sep, to_text = arg.partition(" to ")
        to = hand.money(to_text if sep else by_text, offset)
        amount = to - hand.live.get(player, 0)
        add_action(hand, player, ActionKind.RAISE, amount, offset, to_amount=to,
                   raise_by=hand.money(by_text, offset) if sep else None,
                   all_in=verb.startswith("All-in") or _empties(hand, player, amount))  # fmt: skip
    elif verb == "All-in":
        _all_in(hand, player, hand.money(arg, offset), offset)
    else:
        raise HandParseError("unknown_line", f"unknown action: {player} : {what}", offset, what)


def _fold(hand: _Hand, player: str, what: str, offset: int) -> None:
    """``Fold``, ``Folds``, with a reason (``Folds(timeout)``, ``Folds (auth)``), or
    ``Folds & shows [Ad 2d 3c Kh]``: a fold, and the cards shown as it folds."""
    shows = FOLD_SHOWS_RE.match(what)
    if shows is None and FOLD_RE.match(what) is None:
        raise HandParseError("unknown_line", f"unknown action: {player} : {what}", offset, what)
    add_action(hand, player, ActionKind.FOLD, 0, offset)
    if shows is not None:
        cards = cards_or_fail(shows["cards"], offset)
        hand.shows.add(player=player, cards=cards, description=None, mucked=False, line=offset)


def _empties(hand: _Hand, player: str, amount: int) -> bool:
    """Does putting in ``amount`` leave the player with nothing (Bovada marks most all-ins,
    not every one)?"""
    assert hand.tracker is not None
    return amount > 0 and hand.tracker.stack.get(player, 0) == amount


def _all_in(hand: _Hand, player: str, added: int, offset: int) -> None:
    """``All-in $X``: X more chips, a call, bet or raise by the street total it reaches."""
    live = hand.live.get(player, 0)
    current = max(hand.live.values(), default=0)
    to = live + added
    if to <= current:
        add_action(hand, player, ActionKind.CALL, added, offset, all_in=True)
    else:
        kind = ActionKind.RAISE if current > 0 else ActionKind.BET
        add_action(hand, player, kind, added, offset, to_amount=to, all_in=True)


def _result(hand: _Hand, player: str, what: str, offset: int) -> None:
    _shape(("Hand result", "Hand Result"), what, offset)
    head, _, amount = what.rpartition(" ")
    side = head.lower().endswith("-side pot")
    hand.collections.add(
        player=player,
        amount=hand.money(amount, offset),
        pot_index=1 if side else 0,
        pot_label="side pot" if side else "pot",
        line=offset,
    )


def _summary_line(hand: _Hand, line: str, offset: int) -> None:
    # Seat lines first: most of a summary.
    m = SUMMARY_SEAT_RE.match(line) if line.startswith("Seat") else None
    if m is None:
        _summary_total_or_board(hand, line, offset)
        return
    seat = int(m["seat"])
    player = hand.player_at.get(seat)
    rest = m["rest"]
    if player is None or not rest.startswith(player.removesuffix(ME)):
        raise HandParseError("unknown_player", f"summary of an empty seat: {line!r}", offset)
    rest = rest[len(player.removesuffix(ME)) :]
    if rest.startswith(ME):  # the 2021 export marks the hero here too
        rest = rest[len(ME) :]
    folded = _PLAIN_FOLDS.get(rest)
    if folded is not None:  # most seats: a fold, nothing won (what the general path finds)
        hand.summary_folds[player] = folded
        hand.summary_seats.add(seat=seat, player=player, folded_street=folded, line=offset)
        return
    fold = SUMMARY_FOLD_RE.search(rest)
    if fold is not None:
        hand.summary_folds[player] = _FOLD_STREET[fold["on"]]
    # The won figure follows the position (``$19``, ``HI $3.21``); a low half comes later
    # (``LO $6.40``, ``LOW 30``).
    won = [hand.money(w["amount"], offset) for w in SUMMARY_FIRST_RE.finditer(rest)]
    won += [hand.money(w["amount"], offset) for w in SUMMARY_LOW_RE.finditer(rest)]
    hand.summary_seats.add(
        seat=seat,
        player=player,
        won=sum(won) if won else None,
        mucked="[Mucked]" in rest,
        folded_street=_FOLD_STREET[fold["on"]] if fold else None,
        line=offset,
    )


def _summary_total_or_board(hand: _Hand, line: str, offset: int) -> None:
    t = TOTAL_RE.match(line)
    if t is not None:
        hand.total = hand.money(t["total"], offset)
        if t["rake"] is not None:
            hand.rake = hand.money(t["rake"], offset)
        return
    b = BOARD_RE.match(line)
    if b is not None:
        hand.summary_board = cards_or_fail(b["cards"], offset) if b["cards"].strip() else ()
        return
    raise HandParseError("unknown_line", f"unknown summary line: {line!r}", offset, line)


def _shows(hand: _Hand) -> None:
    """``Showdown``/``Shows``/``Mucks`` lines: the seat's dealt cards, shown or mucked.

    A ``Showdown`` line prints the best five (ten in Hi/Lo), not the hole cards. A seat
    whose hole cards were not printed (the 2021 ``[MVS]`` export prints only some) shows
    what the line prints when that is a whole hand, else nothing the replay can use
    (a note says so)."""
    need = hand.h.game.hole_card_count
    for player, what, offset in hand.pending_shows:
        verb, _, rest = what.partition(" ")
        desc = rest.rpartition("(")[2].rstrip(")") if rest.endswith(")") else None
        cards = hand.cards.get(player)
        if cards is None:
            printed = cards_or_fail(rest[1 : rest.find("]")], offset) if rest[:1] == "[" else ()
            if len(printed) != need:
                hand.notes.append(
                    f"line {offset + 1}: {player} shows its best hand; its hole cards are "
                    "not printed"
                )
                continue
            cards = printed
        hand.shows.add(player=player, cards=cards, description=desc, mucked=verb == "Mucks",
                 line=offset)  # fmt: skip


def _button(hand: _Hand) -> int:
    """The printed dealer spot, else the ``Dealer`` seat, else (a dead button: no one
    on the dealer's seat, bovada:2902247207) the seat number before the small blind's."""
    if hand.button is not None:
        return hand.button
    for s in hand.seats:
        if s.player.removesuffix(ME) == "Dealer":
            return s.seat
    small = next((s.seat for s in hand.seats if s.player.startswith("Small Blind")), None)
    if small is None:
        raise HandParseError("bad_table_line", "no dealer spot, no Dealer and no Small Blind")
    hand.notes.append("no dealer printed: the button is read as the seat before the small blind")
    return small - 1 if small > 1 else max(s.seat for s in hand.seats) + 1


def _freeze(hand: _Hand, block: Block) -> HandRecord:
    _shows(hand)
    board = hand.summary_board if hand.summary_board is not None else hand.board
    if not hand.markers:
        check_streets(hand.actions, len(board), hand.summary_folds, len(block.lines) - 1)
        if any(a.street is not Street.PREFLOP for a in hand.actions):
            hand.notes.append("no street markers: streets derived from the betting")
    h = hand.h
    small, big = hand.blind_sizes(fixed_limit_blinds=False)
    if h.game_type is GameType.CASH:
        # No stakes in a cash header: the posted blinds are the stakes.
        h = dataclasses.replace(
            h,
            stake_low=small,
            stake_high=big,
            stakes=f"{format_minor(small, h.unit, h.currency)}/"
            f"{format_minor(big, h.unit, h.currency)}",
        )
    if h.game.structure is Structure.FIXED_LIMIT:
        # Fixed limit: the blinds are printed; the bets are the big blind and twice it.
        h = dataclasses.replace(h, stake_low=big, stake_high=2 * big)
    hand.h = h
    button = _button(hand)
    hand.dealt = list(hand.cards.items())
    acted = set(hand.actions.players) | set(hand.cards)
    seats = hand.seats.sit_out(set(hand.seats.players) - acted)
    table = TableLine(name=h.table_line.name, max_seats=None, button_seat=button)
    return hand.record(
        SITE,
        table,
        block,
        fixed_limit_blinds=False,
        fast_fold=h.fast_fold,
        tournament_id=h.tournament_id,
        seats=seats,
        boards=(board,) if board else (),
        uncalled=hand.uncalled,
        summary_seats=hand.summary_seats,
    )


Reader = Callable[[_Hand, str, str, int], None]
SHAPES: dict[str, Reader] = {
    # first word: reader (the shapes each accepts are in the module docstring)
    "Set": _dealer_spot,
    "Ante/Small": _small_blind,
    "Small": _small_blind,
    "Big": _big_blind,
    "Posts": _posts,
    "Ante": _ante,
    "Card": _cards,
    "Return": _returned,
    "Hand": _result,
    "Showdown": _shown,
    "Mucks": _shown,
    "Does": _not_shown,
    "Shows": _shown,
    **dict.fromkeys(LOBBY_WORDS, _lobby),
    **dict.fromkeys(BETTING_WORDS, _betting),
}

FORMAT = Format(
    name="bovada",
    site=SITE,
    parse=parse,
    header=matches,
    block_start=r"(?:Ignition|Bovada|Bodog[A-Za-z0-9. ]*) Hand #",
)
