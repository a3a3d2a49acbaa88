"""Microgaming (MPN) XML (docs/SITES.md "Microgaming XML").

One ``<Game>`` element per hand, sometimes with client text around it
(``----PRIMA.DAT----``, ``ExtendedTableName: ...``): ``<Seats>`` (``balance``
before and ``endbalance`` after the hand), then ``<Gameplay>`` actions by
``seat`` in ``seq`` order, and a ``Win`` action with one ``<Seat amount>`` per
winner.

As the room writes it, recorded as claimed:

- every ``value`` is the chips the action adds (``Raise 280`` by a player with
  20 in makes 300: PLO-6max-EUR-10-20-201603.v5.flat.txt), except in files of
  version 1 (no ``hhversion``: fpdb's reader), whose ``Call`` and ``Raise`` (and a
  pre-flop ``Bet``) are the player's street total;
- an ``AllIn`` before any voluntary action while a blind is missing is that blind,
  posted all-in (ggratte's reader);
- ``BadBeatContribution`` is the bad-beat jackpot's cut of the pot (a fee beside the
  rake: ``jackpot_reported``); ``Disconnect``/``Reconnect`` carry no chips and deal no
  one in; ``MuckCards`` with cards shows them mucked;
- ``PostedToPlay`` is a live post by a player joining, even of half a big blind
  (a raise after it counts it: v5.secondsb.raised.txt); read as a big blind;
- the ``rake`` attribute is in cents (``rake="300"`` at €10/€20 is €3);
- ``Win`` amounts include an unmatched bet unless a ``MoneyReturned`` action
  gives it back (hhversion 2 does, 5 does not);
- ``balance`` less what the actions put in, plus what came back, must be
  ``endbalance``: a seat where it is not is noted;
- cards ``<Card value="10" suit="h">``; the currency symbol is base64 of UTF-16
  (``rCA=`` is ``€``); times carry no zone and are read as UTC.
"""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from omahahh.action_table import ActionTable
from omahahh.cards import parse_card
from omahahh.errors import CardError, MoneyError
from omahahh.hand_tables import SummarySeatTable, UncalledTable, amounts_by_player
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
from omahahh.money import CHIPS, PLAY, SYMBOL_CURRENCY, unit_of
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.doc_hand import Amount, DocHand, bad_cards
from omahahh.parsers.document import DocBlock, document_format, read_amount
from omahahh.parsers.header import HandHeader
from omahahh.parsers.xml_stream import Node, Spec
from omahahh.rooms.conventions import ROOMS

SITE = Site.MICROGAMING

_LIMITS = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
_GAMES = {"Omaha": False, "Omaha H/L": True, "Omaha Hi/Lo": True, "Omaha HiLo": True}
_NO_PLAY = frozenset({"Disconnect", "Reconnect"})
"""Actions of a seat that carry no chips and no cards: they deal no one in."""
_DEALS = {"DealFlop": Street.FLOP, "DealTurn": Street.TURN, "DealRiver": Street.RIVER}
_BETS: dict[str, ActionKind] = {
    "Call": ActionKind.CALL,
    "Bet": ActionKind.BET,
    "Raise": ActionKind.RAISE,
    "AllIn": ActionKind.RAISE,
}


def currency_of(symbol_b64: str, real_money: bool) -> str:
    """The ISO currency of ``currencysymbol``: base64 of the UTF-16 symbol, spaces around
    it (``IAAkAA==`` is " $"), or the symbol itself (``$``: fpdb's ``currencies``), with
    or without such spaces. An empty or unknown one is the network's euro.

    >>> currency_of("rCA=", True), currency_of("IAAkAA==", True), currency_of("$", True)
    ('EUR', 'USD', 'USD')
    >>> currency_of(" $ ", True), currency_of("₽", True), currency_of("", False)
    ('USD', 'EUR', 'PLAY')
    """
    if not real_money:
        return PLAY
    literal = symbol_b64.strip()
    if literal in SYMBOL_CURRENCY:
        return SYMBOL_CURRENCY[literal]
    try:
        symbol = base64.b64decode(literal, validate=True).decode("utf-16-le").strip()
    except ValueError:  # not base64 (non-ASCII text too), or not UTF-16: unknown
        symbol = ""
    return SYMBOL_CURRENCY.get(symbol, "EUR")


def _card(block: DocBlock, c: Node) -> int:
    try:
        return parse_card(c.get("value") + c.get("suit"))
    except CardError as exc:
        raise bad_cards(block, exc, c) from None


def parse_game(block: DocBlock, context: ParseContext) -> HandRecord:
    g = block.node
    if g is None:
        raise block.fail("bad_microgaming", "no <Game> element")
    game_name = g.get("gametype").removeprefix("Multi Table ")
    if game_name not in _GAMES:
        raise block.fail("unsupported_game", f"game {game_name!r} is not Omaha", g)
    structure = _LIMITS.get(g.get("betlimit"))
    if structure is None:
        raise block.fail("unsupported_game", f"bet limit {g.get('betlimit')!r}", g)
    tournament = g.get("istournament") not in ("", "0")
    real = g.get("realmoney") == "true"
    currency = CHIPS if tournament else currency_of(g.get("currencysymbol"), real)
    unit = unit_of(currency)
    hand = DocHand(block, unit)

    def money(text: str, node: Node) -> int:
        try:
            return read_amount(text or "0", unit, ".")
        except MoneyError as exc:
            raise block.fail("bad_amount", f"line {node.line}: {exc}", node) from None

    seats_node = g.first("Seats")
    play = g.first("Gameplay")
    if seats_node is None or play is None:
        raise block.fail("truncated", f"<Game> of line {g.line} has no seats or no gameplay", g)
    by_seat: dict[str, str] = {}
    # A seat is dealt in by an action; a disconnection is none (the seat may sit out).
    acting = {a.get("seat") for a in play.named("Action") if a.get("type") not in _NO_PLAY}
    button = None
    end_balance: dict[str, int] = {}
    for s in seats_node.named("Seat"):
        name = s.get("alias")
        by_seat[s.get("num")] = name
        hand.seat(
            s,
            seat=int(s.get("num")),
            player=name,
            stack_start=money(s.get("balance"), s),
            # Not always flagged: a seat with no action at all was not dealt in.
            sitting_out=s.get("sittingout") == "true" or s.get("num") not in acting,
        )
        end_balance[name] = money(s.get("endbalance"), s)
        if s.get("dealer") == "true":
            button = int(s.get("num"))

    def who(node: Node) -> str:
        name = by_seat.get(node.get("seat") or node.get("num"))
        if name is None:
            seat = node.get("seat") or node.get("num")
            message = f"<{node.tag}> of line {node.line}: no one in seat {seat}"
            raise block.fail("unknown_player", message, node)
        return name

    hero = by_seat.get(g.get("playerseat"))
    version = g.get("hhversion") or "1"  # fpdb: a file without it is version 1
    totals = version == "1"  # version 1: Call and Raise values are street totals
    uncalled = UncalledTable()
    hole_count = 0
    jackpot = 0
    acted = False  # a voluntary action seen (an AllIn before one may be a blind)
    blinds_posted: set[ActionKind] = set()
    steps = sorted(play.named("Action"), key=lambda a: int(a.get("seq") or 1 << 30))
    for a in steps:
        kind = a.get("type")
        if kind in _DEALS:
            hand.to_street(_DEALS[kind])
            hand.board.extend(_card(block, c) for c in a.named("Card"))
            hand.cards(hand.board, a)
        elif kind in ("SmallBlind", "BigBlind", "PostedToPlay"):
            if kind != "PostedToPlay":
                blinds_posted.add(
                    ActionKind.POST_SMALL_BLIND
                    if kind == "SmallBlind"
                    else ActionKind.POST_BIG_BLIND
                )
            _post(hand, who(a), kind, money(a.get("value"), a), a)
        elif kind == "AllIn" and not acted and len(blinds_posted) < 2:
            # A blind posted all-in (ggratte's reader): the one not posted yet; the
            # stakes, not it, size the hand's blinds.
            small_posted = ActionKind.POST_SMALL_BLIND in blinds_posted
            blind = ActionKind.POST_BIG_BLIND if small_posted else ActionKind.POST_SMALL_BLIND
            blinds_posted.add(blind)
            hand.notes.append(f"AllIn of line {a.line} before the blinds: an all-in blind")
            hand.post(who(a), blind, money(a.get("value"), a), a, sizes_blind=False)
        elif kind in _BETS:
            acted = True
            meaning = Amount.TO if totals and kind in ("Call", "Raise") else Amount.ADDED
            if totals and kind == "Bet" and hand.street is Street.PREFLOP:
                meaning = Amount.TO  # fpdb: a pre-flop Bet of version 1 is a raise to
            hand.act(who(a), _BETS[kind], money(a.get("value"), a), meaning, a,
                     all_in=kind == "AllIn")  # fmt: skip
        elif kind in _NO_PLAY:
            continue  # no chips (fpdb and ggratte skip them)
        elif kind == "BadBeatContribution":
            # The bad-beat jackpot's cut, taken from the pot, not from a stack (the
            # endbalances say so); a fee beside the rake (HHSmithy: POSTS, ggratte:
            # JACKPOTCONTRIBUTION).
            who(a)
            jackpot += money(a.get("value"), a)
        elif kind == "Fold":
            acted = True
            hand.fold(who(a), a)
        elif kind == "Check":
            acted = True
            hand.check(who(a), a)
        elif kind == "MoneyReturned":
            uncalled.add(who(a), money(a.get("value"), a), hand.street)
        elif kind in ("DealCards", "ShowCards"):
            cards = hand.cards((_card(block, c) for c in a.named("Card")), a)
            hole_count = max(hole_count, len(cards))
            player = who(a)
            if kind == "DealCards":
                hand.deal(player, cards)
            else:
                hand.hole_cards(player, cards, a, hero=player == hero)
        elif kind == "MuckCards":
            cards = hand.cards((_card(block, c) for c in a.named("Card")), a)
            if cards:  # mucked face up (corpus MuckingCards.txt; fpdb's re_ShownCards)
                line = max(0, a.line - block.line)
                hand.shows.add(who(a), cards, mucked=True, line=line)
        elif kind == "Win":
            for w in a.named("Seat"):
                half = "low" if w.get("lowhandwin") == "1" else None
                hand.collect(who(w), money(w.get("amount"), w), w, half=half)
        else:
            raise block.fail("unknown_action", f"<Action type={kind!r}> of line {a.line}", a)
    if hand.seats.sitting_out.count(False) < 2:
        # One player dealt in (CancelledHand.txt): the hand stops; a fold there is no action.
        hand.actions = ActionTable.of(a for a in hand.actions if a.kind is not ActionKind.FOLD)
        hand.notes.append("one player dealt in: the hand is cancelled")
    count = hole_count or 4
    if count not in (4, 5, 6):
        raise block.fail("unsupported_game", f"{count} hole cards: not Omaha", g)
    _check_balances(hand, end_balance, uncalled)
    low_text, _, high_text = g.get("stakes").partition("|")
    low, high = money(low_text, g), money(high_text or low_text, g)
    small_blind, big_blind = hand.blinds(low, high)
    fixed = structure is Structure.FIXED_LIMIT
    hi_lo = _GAMES[game_name]
    stamp = g.get("date")
    zone_name = context.zone_for(ROOMS[SITE].time_zone)
    started = _started(stamp, zone_name)
    dealt_in = hand.seats.sitting_out.count(False)
    number = _TOURNAMENT_TABLE_RE.search(g.get("tablename")) if tournament else None
    tournament_id = number["id"] if number else None
    rake_text = g.get("rake")
    hand.rake = int(rake_text) if rake_text.isdigit() and unit == 100 else None
    hand.h = HandHeader(
        hand_id=g.get("id"),
        game=GameInfo(
            variant=variant_code(structure, count, hi_lo),
            structure=structure,
            hole_card_count=count,
            hi_lo=hi_lo,
            game_label=f"{g.get('betlimit')} {game_name}",
        ),
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=tournament_id,
        currency=currency,
        unit=unit,
        stakes=g.get("stakes"),
        started_at=started,
        started_at_text=stamp,
        stake_low=low or 0,
        stake_high=high or 0,
    )
    table = TableLine(
        name=g.get("tablename"),
        max_seats=int(g.get("tablesize")) if g.get("tablesize").isdigit() else None,
        button_seat=button,
    )
    return hand.record(
        SITE,
        table,
        block,
        bets=(low if fixed else None, high if fixed else None),
        blinds=(small_blind, big_blind),
        tournament_id=tournament_id,
        jackpot_reported=jackpot or None,
        seats=hand.seats,
        summary_seats=SummarySeatTable(),  # the room prints no such line
        boards=(tuple(hand.board),) if hand.board else (),
        uncalled=uncalled,
        cancelled=dealt_in < 2,
    )


def _post(hand: DocHand, player: str, kind: str, amount: int, a: Node) -> None:
    if kind == "SmallBlind":
        hand.post(player, ActionKind.POST_SMALL_BLIND, amount, a)
    else:
        # ``PostedToPlay`` is live even at half a big blind: a raise counts it, and the
        # calls match it (v5.secondsb.raised.txt: post 5, raise 30, calls to 35).
        hand.post(player, ActionKind.POST_BIG_BLIND, amount, a)


def _check_balances(hand: DocHand, end: dict[str, int], uncalled: UncalledTable) -> None:
    """``balance`` - put in + returned + won = ``endbalance``, seat by seat (a note where not)."""
    won = amounts_by_player(hand.collections)
    for player, back in amounts_by_player(uncalled).items():
        won[player] = won.get(player, 0) + back
    seats = hand.seats
    for number, player, stack in zip(
        seats.seat_numbers, seats.players, seats.stack_starts, strict=True
    ):
        expected = stack - hand.spent.get(player, 0) + won.get(player, 0)
        if player in end and end[player] != expected:
            hand.notes.append(
                f"seat {number}: endbalance {end[player]}, the actions leave {expected}"
            )


def _started(stamp: str, zone_name: str) -> datetime | None:
    try:
        local = datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None
    return local.replace(tzinfo=ZoneInfo(zone_name)).astimezone(UTC)


_TOURNAMENT_TABLE_RE = re.compile(r"\[(?P<id>\d+)\]:Table \d+")
"""A tournament table's name: ``…[12345678]:Table 3`` (fpdb's ``re_Table``)."""


def _sniff(head: str) -> bool:
    """``<Game hhversion=…`` or, in files of version 1, ``<Game id=… unicodetablename=…``."""
    return re.search(r"<Game\s[^>]*\b(?:hhversion|unicodetablename)=", head) is not None


FORMAT = document_format(
    name="microgaming",
    site=SITE,
    spec=Spec(hands=frozenset({"Game"}), resync=re.compile(r"<Game\s")),
    build=parse_game,
    sniff_head=_sniff,
    key_re=re.compile(r'<Game [^>]*\bid="(\d+)"'),
)
