"""Merge Network (Carbon Poker and skins) XML (docs/SITES.md "Merge XML").

Each hand is a ``<description type stakes/>`` element (the game's words:
``Omaha H/L8``, ``Pot Limit ($0.50/$1)``) followed by a ``<game>`` element:
``<players dealer>`` (seats numbered from 0), then ``<round id>`` elements
(``BLINDS``, ``PREFLOP``, ``POSTFLOP``, ``POSTTURN``, ``POSTRIVER``,
``SHOWDOWN``, ``END_OF_GAME``) of ``<event>`` elements naming the player by
seat, the round's board as ``<cards type="COMMUNITY">`` *after* its betting,
and ``<winner>`` elements at the end.

As the room writes it, recorded as claimed:

- ``CALL`` and ``BET`` amounts are the chips added; ``RAISE`` the street total
  (``RAISE 18.00`` by the 3.00 small blind, then ``CALL 12.00`` from the 6.00
  big blind: OmahaShowdown.txt); ``ALL_IN`` the chips added;
- ``INITIAL_BLIND`` is a new player's live big blind;
- a tournament ``balance`` is the stack after the blinds (PLO8-USD-SNG-2-2012:
  the 10 small blind's balance is 1490 of 1500, and it goes all-in for 1500);
  a seat with no event was not dealt in, whatever ``dealtin`` says;
- ``<winner uncalled="true">`` gives back an unmatched bet; other winners are
  paid from pot ``potnumber``; there is no rake element: rake = chips put in
  less everything paid back or won;
- ``starttime`` carries a zone only in the newest files (``-0400``); each event
  has a Unix time in milliseconds, so the first event's time is the start (UTC).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

from omahahh.cards import parse_cards
from omahahh.errors import CardError, MoneyError
from omahahh.hand_tables import SummarySeatTable, UncalledTable
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
from omahahh.money import CHIPS, SYMBOL_CURRENCY, unit_of
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.doc_hand import Amount, DocHand, bad_cards
from omahahh.parsers.document import DocBlock, document_format, read_amount
from omahahh.parsers.header import HandHeader
from omahahh.parsers.xml_stream import Node, Spec

SITE = Site.MERGE

_ROUNDS = {
    "BLINDS": Street.PREFLOP,
    "PREFLOP": Street.PREFLOP,
    "POSTFLOP": Street.FLOP,
    "POSTTURN": Street.TURN,
    "POSTRIVER": Street.RIVER,
}
_END_ROUNDS = frozenset({"SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME"})
_STRUCTURES = (
    ("Pot Limit", Structure.POT_LIMIT),
    ("No Limit", Structure.NO_LIMIT),
    ("Limit", Structure.FIXED_LIMIT),
)
_SKIP = frozenset({"CHAT", "SHOW", "MUCK", "PLAYER_OUT", "SIT_OUT", "SIT_IN", "TIMEOUT"})
_POSTS = frozenset({"SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "ANTE"})
_STAKES_RE = re.compile(r"(?P<low>[^\s/()]*\d[^\s/()]*)/(?P<high>[^\s/()]*\d[^\s/()]*)")


def parse_game(block: DocBlock, context: ParseContext) -> HandRecord:
    del context  # the start is a Unix instant
    g = block.node
    if g is None:
        raise block.fail("bad_merge", "no <game> element")
    desc = block.context.get("description")
    label = desc.get("type") if desc is not None else ""
    stakes_text = desc.get("stakes") if desc is not None else ""
    if "omaha" not in label.lower():
        raise block.fail("unsupported_game", f"game {label!r} is not Omaha", g)
    structure = next((s for word, s in _STRUCTURES if word in stakes_text), None)
    if structure is None:
        raise block.fail("unsupported_game", f"stakes {stakes_text!r} name no structure", g)
    hi_lo = "H/L" in label or "Hi/Lo" in label or "8" in label
    data = re.split(r"[|:]", g.get("data"))
    tournament = "Tournament" in label or (len(data) > 4 and data[4] == "true")
    symbol = next((c for s, c in SYMBOL_CURRENCY.items() if s in stakes_text), None)
    currency = CHIPS if tournament else (symbol or "USD")
    unit = unit_of(currency)
    hand = DocHand(block, unit)

    def money(text: str, node: Node) -> int:
        try:
            return read_amount(text or "0", unit, ".")
        except MoneyError as exc:
            raise block.fail("bad_amount", f"line {node.line}: {exc}", node) from None

    players = g.first("players")
    if players is None:
        raise block.fail("truncated", f"<game> of line {g.line} has no players", g)
    by_seat: dict[str, str] = {}
    events = [e for r in g.named("round") for e in r.named("event")]
    acting = {e.get("player") for e in events if e.get("type") not in _SKIP}
    posted: dict[str, int] = {}
    for e in events:
        if e.get("type") in _POSTS:
            posted[e.get("player")] = posted.get(e.get("player"), 0) + money(e.get("amount"), e)
    for p in players.named("player"):
        name = p.get("nickname")
        by_seat[p.get("seat")] = name
        stack = money(p.get("balance"), p)
        if tournament:  # a tournament balance is after the blinds (fpdb reads it so too)
            stack += posted.get(p.get("seat"), 0)
        hand.seat(
            p,
            seat=int(p.get("seat")) + 1,  # numbered from 0 in the file
            player=name,
            stack_start=stack,
            # ``dealtin`` is not always right: a player with no event was not dealt in.
            sitting_out=p.get("dealtin") == "false" or p.get("seat") not in acting,
        )

    def who(node: Node) -> str:
        name = by_seat.get(node.get("player"))
        if name is None:
            raise block.fail(
                "unknown_player", f"<{node.tag}> of line {node.line}: no one in seat "
                f"{node.get('player')!r}", node,
            )  # fmt: skip
        return name

    uncalled = UncalledTable()
    paid = 0
    first_stamp: str | None = None
    for r in g.named("round"):
        rid = r.get("id")
        if rid in _ROUNDS:
            hand.to_street(_ROUNDS[rid])
        elif rid not in _END_ROUNDS:
            raise block.fail("bad_merge", f"<round id={rid!r}> of line {r.line}", r)
        for e in r.children:
            if e.tag == "event":
                first_stamp = first_stamp or e.get("timestamp")
                _event(block, hand, e, who, money)
            elif e.tag == "cards":
                _cards(block, hand, e, who)
            elif e.tag == "winner":
                amount = money(e.get("amount"), e)
                paid += amount
                if e.get("uncalled") == "true":
                    uncalled.add(player=who(e), amount=amount, street=hand.street)
                else:
                    hand.collect(who(e), amount, e)
                    pot = int(e.get("potnumber") or 1) - 1
                    named = "main pot" if pot == 0 else f"side pot-{pot}"
                    hand.collections.set_pot(len(hand.collections) - 1, pot, named)
    count = int(g.get("numholecards") or 4)
    if count not in (4, 5, 6):
        raise block.fail("unsupported_game", f"{count} hole cards: not Omaha", g)
    put_in = sum(hand.actions.amounts)
    stakes = _STAKES_RE.search(stakes_text)
    low = money(stakes["low"], g) if stakes else None
    high = money(stakes["high"], g) if stakes else None
    small_blind, big_blind = hand.blinds(low, high)
    fixed = structure is Structure.FIXED_LIMIT
    dealer = players.get("dealer")
    started = (
        datetime.fromtimestamp(int(first_stamp) / 1000, UTC)
        if first_stamp and first_stamp.isdigit()
        else None
    )
    hand.rake = put_in - paid
    hand.h = HandHeader(
        hand_id=g.get("id"),
        game=GameInfo(
            variant=variant_code(structure, count, hi_lo),
            structure=structure,
            hole_card_count=count,
            hi_lo=hi_lo,
            game_label=f"{label} {stakes_text}".strip(),
        ),
        game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
        tournament_id=data[2] if tournament and len(data) > 2 else None,
        currency=currency,
        unit=unit,
        stakes=stakes.group(0) if stakes else stakes_text,
        started_at=started,
        started_at_text=g.get("starttime"),
        stake_low=low or 0,
        stake_high=high or 0,
    )
    table = TableLine(
        name=data[1] if len(data) > 1 else "",
        max_seats=int(g.get("seats")) if g.get("seats").isdigit() else None,
        button_seat=int(dealer) + 1 if dealer.isdigit() else None,
    )
    return hand.record(
        SITE,
        table,
        block,
        bets=(low if fixed else None, high if fixed else None),
        blinds=(small_blind, big_blind),
        tournament_id=hand.h.tournament_id,
        seats=hand.seats,
        summary_seats=SummarySeatTable(),  # the room prints no such line
        boards=(tuple(hand.board),) if hand.board else (),
        uncalled=uncalled,
    )


Who = Callable[[Node], str]
Money = Callable[[str, Node], int]


def _event(block: DocBlock, hand: DocHand, e: Node, who: Who, money: Money) -> None:
    kind = e.get("type")
    if kind in _SKIP:
        return
    player = who(e)
    if kind == "SMALL_BLIND":
        hand.post(player, ActionKind.POST_SMALL_BLIND, money(e.get("amount"), e), e)
    elif kind in ("BIG_BLIND", "INITIAL_BLIND"):
        hand.post(player, ActionKind.POST_BIG_BLIND, money(e.get("amount"), e), e)
    elif kind == "FOLD":
        hand.fold(player, e)
    elif kind == "CHECK":
        hand.check(player, e)
    elif kind == "CALL":
        hand.act(player, ActionKind.CALL, money(e.get("amount"), e), Amount.ADDED, e)
    elif kind == "BET":
        hand.act(player, ActionKind.BET, money(e.get("amount"), e), Amount.ADDED, e)
    elif kind == "RAISE":
        hand.act(player, ActionKind.RAISE, money(e.get("amount"), e), Amount.TO, e)
    elif kind == "ALL_IN":
        hand.act(player, ActionKind.RAISE, money(e.get("amount"), e), Amount.ADDED, e, all_in=True)
    else:
        raise block.fail("unknown_action", f"<event type={kind!r}> of line {e.line}", e)


def _cards(block: DocBlock, hand: DocHand, c: Node, who: Who) -> None:
    kind = c.get("type")
    try:
        cards = parse_cards(c.get("cards"))
    except CardError as exc:
        raise bad_cards(block, exc, c) from None
    if kind == "COMMUNITY":
        if tuple(hand.board) != cards[: len(hand.board)]:
            raise block.fail("bad_cards", f"board of line {c.line} changes the earlier cards", c)
        hand.board = list(cards)
    elif kind == "HOLE":
        hand.deal(who(c), cards)
    elif kind == "SHOWN":
        hand.hole_cards(who(c), cards, c, hero=False)
    elif kind == "MUCKED" and who(c) not in dict(hand.dealt):
        hand.deal(who(c), cards)


def _sniff(head: str) -> bool:
    return re.search(r"<description\s+type=|<game\s[^>]*\bnumholecards=", head) is not None


FORMAT = document_format(
    name="merge",
    site=SITE,
    spec=Spec(
        hands=frozenset({"game"}),
        contexts=frozenset({"description"}),
        resync=re.compile(r"<game\s|<description\s"),
    ),
    build=parse_game,
    sniff_head=_sniff,
    key_re=re.compile(r'<game id="([^"]+)"'),
)
