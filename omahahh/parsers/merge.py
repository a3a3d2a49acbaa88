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
  big blind: OmahaShowdown.txt), but the chips added before 2010-09-08 ET
  (:data:`RAISE_TO_FROM`); ``ALL_IN`` the chips added (without an amount: what the
  player had left);
- ``INITIAL_BLIND`` is a new player's live big blind; ``RETURN_BLIND`` a returning
  player's post (:func:`_return_blind`); ``ANTE`` an ante; a betting event in the
  ``BLINDS`` round a blind posted all-in; ``SIT_OUT`` after a post a fold;
- a mixed game's description (``HO``, ``HORSE``...) names no game: the ``<game>``'s
  ``multigametype`` does (4 Omaha, 34/35/37 Omaha Hi/Lo); ``Half Pot Limit`` is
  refused; ``realmoney="false"`` is play money;
- a ``GAME_CANCELLED`` round or event cancels the hand (every chip goes back);
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
from omahahh.money import CHIPS, PLAY, SYMBOL_CURRENCY, unit_of
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
_SKIP = frozenset(
    {
        "CHAT", "SHOW", "MUCK", "PLAYER_OUT", "SIT_IN", "TIMEOUT", "DISCONNECTED",
        "RECONNECTED", "LEAVE", "SITTING_OUT", "RABBIT", "GAME_CANCELLED",
    }
)  # fmt: skip
"""Events that move no chips (connections, a player leaving or sitting out, the rabbit
hunt: fpdb's ``re_Connection``, ``re_LeaveTable``; HHSmithy's event list)."""
_NOT_PLAYING = _SKIP | {"SIT_OUT"}
"""Events that do not show a player dealt in (``SIT_OUT`` after a post is a fold)."""
_POSTS = frozenset({"SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND", "ANTE"})
_MIXES = frozenset({"HORSE", "RASH", "HA", "HO", "SHOE", "HOSE", "HAR"})
"""Mixed-game descriptions: the game of each hand is its ``multigametype``."""
_MULTIGAME_OMAHA = {"4": False, "34": True, "35": True, "37": True}
"""``multigametype`` codes of Omaha (fpdb's ``Multigametypes``): 4 Omaha, 34/35/37 Omaha
Hi/Lo; any other is another game."""
RAISE_TO_FROM = datetime(2010, 9, 8, 4, 0, tzinfo=UTC)
"""2010-09-08 00:00 ET: from then ``RAISE`` is the street total, before it the chips
added (fpdb's ``newFormat``: ``addCallandRaise`` before, ``addRaiseTo`` after)."""
_STAKES_RE = re.compile(r"(?P<low>[^\s/()]*\d[^\s/()]*)/(?P<high>[^\s/()]*\d[^\s/()]*)")


def parse_game(block: DocBlock, context: ParseContext) -> HandRecord:
    del context  # the start is a Unix instant
    g = block.node
    if g is None:
        raise block.fail("bad_merge", "no <game> element")
    desc = block.context.get("description")
    label = desc.get("type") if desc is not None else ""
    stakes_text = desc.get("stakes") if desc is not None else ""
    mix = label.removesuffix(" Tournament")
    if mix in _MIXES:
        code = g.get("multigametype")
        if code not in _MULTIGAME_OMAHA:
            why = f"game {label!r}, multigametype {code!r}: not Omaha"
            raise block.fail("unsupported_game", why, g)
        hi_lo = _MULTIGAME_OMAHA[code]
    elif "omaha" not in label.lower():
        raise block.fail("unsupported_game", f"game {label!r} is not Omaha", g)
    else:
        hi_lo = "H/L" in label or "Hi/Lo" in label or "8" in label
    if "Half Pot Limit" in stakes_text:
        why = f"stakes {stakes_text!r}: half-pot limit, a betting cap the rules do not model"
        raise block.fail("unsupported_game", why, g)
    structure = next((s for word, s in _STRUCTURES if word in stakes_text), None)
    if structure is None:
        raise block.fail("unsupported_game", f"stakes {stakes_text!r} name no structure", g)
    data = re.split(r"[|:]", g.get("data"))
    tournament = "Tournament" in label or (len(data) > 4 and data[4] == "true")
    symbol = next((c for s, c in SYMBOL_CURRENCY.items() if s in stakes_text), None)
    if tournament:
        currency = CHIPS
    elif g.get("realmoney") == "false":
        currency = PLAY  # fpdb's ``re_PlayMoney``
    else:
        currency = symbol or "USD"
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
    acting = {e.get("player") for e in events if e.get("type") not in _NOT_PLAYING}
    posted: dict[str, int] = {}  # what a tournament balance is after: the blinds round's
    for r in g.named("round"):
        for e in r.named("event"):
            if e.get("type") in _POSTS or (r.get("id") == "BLINDS" and e.get("amount")):
                who_ = e.get("player")
                posted[who_] = posted.get(who_, 0) + money(e.get("amount"), e)
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
    stamps = [e.get("timestamp") for e in events if e.get("timestamp").isdigit()]
    first_stamp = stamps[0] if stamps else None
    started = datetime.fromtimestamp(int(first_stamp) / 1000, UTC) if first_stamp else None
    raise_meaning = Amount.TO if started is None or started >= RAISE_TO_FROM else Amount.ADDED
    if raise_meaning is Amount.ADDED and any(e.get("type") == "RAISE" for e in events):
        hand.notes.append("before 2010-09-08 (ET): RAISE amounts are the chips added")
    cancelled = any(e.get("type") == "GAME_CANCELLED" for e in events)
    for r in g.named("round"):
        rid = r.get("id")
        if rid in _ROUNDS:
            hand.to_street(_ROUNDS[rid])
        elif rid == "GAME_CANCELLED":
            cancelled = True
        elif rid not in _END_ROUNDS:
            raise block.fail("bad_merge", f"<round id={rid!r}> of line {r.line}", r)
        for e in r.children:
            if e.tag == "event":
                if rid == "BLINDS" and e.get("type") in _BETTING:
                    _all_in_blind(block, hand, e, who, money)
                else:
                    _event(block, hand, e, who, money, raise_meaning)
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
    if cancelled:
        hand.notes.append("GAME_CANCELLED: every chip put in goes back")
    hand.rake = 0 if cancelled else put_in - paid
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
        # ``46630882-1``: the tournament, then its table (fpdb's ``TDATA``)
        tournament_id=data[2].split("-")[0] if tournament and len(data) > 2 else None,
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
        cancelled=cancelled,
    )


Who = Callable[[Node], str]
Money = Callable[[str, Node], int]


_BETTING = frozenset({"CALL", "BET", "RAISE", "ALL_IN"})


def _event(
    block: DocBlock, hand: DocHand, e: Node, who: Who, money: Money, raise_meaning: Amount
) -> None:
    kind = e.get("type")
    if kind in _SKIP:
        return
    player = who(e)
    if kind == "SMALL_BLIND":
        hand.post(player, ActionKind.POST_SMALL_BLIND, money(e.get("amount"), e), e)
    elif kind in ("BIG_BLIND", "INITIAL_BLIND"):
        hand.post(player, ActionKind.POST_BIG_BLIND, money(e.get("amount"), e), e)
    elif kind == "RETURN_BLIND":
        _return_blind(hand, player, money(e.get("amount"), e), e)
    elif kind == "ANTE":
        hand.post(player, ActionKind.POST_ANTE, money(e.get("amount"), e), e)
    elif kind == "SIT_OUT":
        # fpdb reads it as a fold; it is one only for a player already in the hand
        if player in hand.spent and player not in hand.folded():
            hand.fold(player, e)
    elif kind == "FOLD":
        hand.fold(player, e)
    elif kind == "CHECK":
        hand.check(player, e)
    elif kind == "CALL":
        hand.act(player, ActionKind.CALL, money(e.get("amount"), e), Amount.ADDED, e)
    elif kind == "BET":
        hand.act(player, ActionKind.BET, money(e.get("amount"), e), Amount.ADDED, e)
    elif kind == "RAISE":
        hand.act(player, ActionKind.RAISE, money(e.get("amount"), e), raise_meaning, e)
    elif kind == "ALL_IN":
        hand.act(player, ActionKind.RAISE, _all_in_amount(hand, player, e, money), Amount.ADDED,
                 e, all_in=True)  # fmt: skip
    else:
        raise block.fail("unknown_action", f"<event type={kind!r}> of line {e.line}", e)


def _all_in_amount(hand: DocHand, player: str, e: Node, money: Money) -> int:
    """An ``ALL_IN``'s chips: its amount, or, printed without one, what the player had
    left (the words say all of it)."""
    if e.get("amount"):
        return money(e.get("amount"), e)
    left = hand.stack_of(player) - hand.spent.get(player, 0)
    hand.notes.append(f"ALL_IN of line {e.line} has no amount: {player}'s {left} left")
    return left


def _return_blind(hand: DocHand, player: str, amount: int, e: Node) -> None:
    """``RETURN_BLIND``, a returning player's post (fpdb's ``re_PostBoth``): less than the
    big blind, a small blind (dead when the small blind is posted); the big blind, live;
    more, the big blind live and the rest dead."""
    big = hand.first_bb
    if big is None or amount == big:
        hand.post(player, ActionKind.POST_BIG_BLIND, amount, e)
    elif amount < big:
        first = hand.first_sb is None
        hand.post(player, ActionKind.POST_SMALL_BLIND if first else ActionKind.POST_DEAD, amount, e)
    else:
        hand.post(player, ActionKind.POST_BIG_BLIND, big, e)
        hand.post(player, ActionKind.POST_DEAD, amount - big, e)


def _all_in_blind(block: DocBlock, hand: DocHand, e: Node, who: Who, money: Money) -> None:
    """A betting event in the ``BLINDS`` round is a blind posted all-in (fpdb's
    ``readBlinds``): the small blind if none is posted yet, else the big blind. An amount
    of 0.00 (fpdb then posts a whole blind) says nothing of its size: refused."""
    player = who(e)
    amount = money(e.get("amount"), e) if e.get("amount") else 0
    if amount <= 0:
        why = (f"<event type={e.get('type')!r}> of line {e.line} posts a blind of an "
               "unknown amount")  # fmt: skip
        raise block.fail("ambiguous_amount", why, e)
    kind = ActionKind.POST_SMALL_BLIND if hand.first_sb is None else ActionKind.POST_BIG_BLIND
    hand.notes.append(f"{e.get('type')} of line {e.line} in the blinds: an all-in blind")
    hand.post(player, kind, amount, e)


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
