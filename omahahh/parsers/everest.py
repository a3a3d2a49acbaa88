"""Everest Poker XML (docs/SITES.md "Everest Poker XML"), 2009–2012.

A file holds a ``<SESSION>`` element (the table, the game, the money, the hero) and
one ``<HAND>`` element per hand after it; the session is the context of every hand
that follows (fpdb re-reads it from the file: "tablename not in every hand"). Sources:
fpdb's ``EverestToFpdb.py`` (the only reader of the format we know of).

What the room writes, recorded as claimed:

- every amount is an integer in hundredths (``balance="10000"`` is $100.00); chips of a
  tournament or play-money table too (fpdb divides them all by 100, and the
  ``blinds="50/100"`` of the crafted tournament agree);
- players are named in ``<SEAT position name balance>`` only; every other element
  names a seat (``position``);
- ``<BLIND position amount penalty>``: the first is the small blind; a later one
  the big blind, live, and its ``penalty`` (a returning player's) dead money;
- ``<BET position amount [allin="1"]>`` is the one verb for checking (0), betting,
  calling and raising: ``amount`` is the chips added (fpdb: ``addCall``,
  ``addCallandRaise``); which of the three it is follows from the bet faced;
- ``<HOLE position>Ah</HOLE>`` one of the hero's cards (``10`` for a ten);
  ``<COMMUNITY>4c, 8d, 3h</COMMUNITY>`` each street's new cards; ``<SHOW>`` and
  ``<MUCK>`` cards at the end;
- ``<WIN position amount pot>``: an award from pot ``pot`` (0 the main pot). No rake,
  no total and no returned bet is printed: whether an award holds the unmatched bet
  is decided per hand from its figures (:func:`omahahh.parsers.unmatched.win_holds_return`),
  and a hand they do not decide is refused (``ambiguous_amount``);
- times are Unix seconds (``time="1291155932"``): instants, no zone needed.
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
from omahahh.money import CHIPS, PLAY, unit_of
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.doc_hand import Amount, DocHand, bad_cards
from omahahh.parsers.document import DocBlock, document_format, read_amount
from omahahh.parsers.header import HandHeader
from omahahh.parsers.unmatched import awards_hold_unmatched, take_out
from omahahh.parsers.xml_stream import Node, Spec

SITE = Site.EVEREST

_STRUCTURES = {
    "no-limit": Structure.NO_LIMIT,
    "pot-limit": Structure.POT_LIMIT,
    "fixed-limit": Structure.FIXED_LIMIT,
    "limit": Structure.FIXED_LIMIT,
}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
_SKIP = frozenset({"CHAT", "PRIZE", "PLACE"})
"""Elements that carry no chips and no cards (chat, a tournament's prizes and places)."""
_BLINDS_RE = re.compile(r"(?P<low>[^/]*\d[^/]*)/(?P<high>.*\d.*)")

Money = Callable[[str, Node], int]


def parse_hand(block: DocBlock, context: ParseContext) -> HandRecord:
    del context  # every time is a Unix instant
    h = block.node
    if h is None:
        raise block.fail("bad_everest", "no <HAND> element")
    session = block.context.get("SESSION")
    if session is None:
        raise block.fail("no_session", f"<HAND> of line {h.line} has no <SESSION> before it", h)
    game = session.get("game")
    if game != "omaha-hi":
        raise block.fail("unsupported_game", f"game {game!r} is not Omaha (omaha-hi)", session)
    structure = _STRUCTURES.get(session.get("gametype"))
    if structure is None:
        why = f"betting structure {session.get('gametype')!r} unknown"
        raise block.fail("unsupported_game", why, session)
    tournament = session.get("type") != "ring"
    symbol = session.get("money")
    if tournament:
        currency = CHIPS
    elif not symbol:
        currency = PLAY  # fpdb: no money symbol is play money
    elif symbol in _CURRENCIES:
        currency = _CURRENCIES[symbol]
    else:
        raise block.fail("bad_header", f"money {symbol!r} names no currency", session)
    unit = unit_of(currency)

    def money(text: str, node: Node) -> int:
        """Hundredths of the table's money as minor units of ``unit``."""
        if not text.isdigit():
            raise block.fail("bad_amount", f"line {node.line}: not an amount: {text!r}", node)
        hundredths = int(text)
        if unit == 100:
            return hundredths
        whole, rest = divmod(hundredths, 100)
        if rest:
            why = f"line {node.line}: {text} hundredths is not a whole number of chips"
            raise block.fail("bad_amount", why, node)
        return whole

    hand_id = h.get("id")
    if not hand_id:
        raise block.fail("bad_everest", f"<HAND> of line {h.line} has no id", h)
    blinds_text = h.get("blinds") or h.get("stakes")
    low, high = _stakes(block, blinds_text, unit, h)
    stamp = h.get("time")
    hand = DocHand(
        block,
        unit,
        HandHeader(
            hand_id=hand_id,
            game=GameInfo(
                variant=variant_code(structure, 4, False),
                structure=structure,
                hole_card_count=4,
                hi_lo=False,
                game_label=f"{game} {session.get('gametype')}",
            ),
            game_type=GameType.TOURNAMENT if tournament else GameType.CASH,
            tournament_id=session.get("id") or None if tournament else None,
            currency=currency,
            unit=unit,
            stakes=blinds_text,
            stake_low=low or 0,
            stake_high=high or 0,
            started_at=datetime.fromtimestamp(int(stamp), UTC) if stamp.isdigit() else None,
            started_at_text=stamp,
        ),
    )
    by_seat: dict[str, str] = {}
    for s in h.named("SEAT"):
        by_seat[s.get("position")] = s.get("name")
        hand.seat(s, seat=int(s.get("position")), player=s.get("name"),
                  stack_start=money(s.get("balance"), s))  # fmt: skip

    def who(node: Node) -> str:
        name = by_seat.get(node.get("position"))
        if name is None:
            why = f"<{node.tag}> of line {node.line}: no one in seat {node.get('position')!r}"
            raise block.fail("unknown_player", why, node)
        return name

    dealer = h.first("DEALER")
    button = int(dealer.get("position")) if dealer is not None and dealer.get("position") else None
    hero: str | None = None
    hero_cards: list[str] = []
    wins: list[tuple[str, int, int, Node]] = []
    streets = iter(_STREETS)
    for e in h.children:
        tag = e.tag
        if tag in ("SEAT", "DEALER") or tag in _SKIP:
            continue
        if tag == "BLIND":
            _blind(hand, who(e), money(e.get("amount"), e), money(e.get("penalty") or "0", e),
                   low, high, e)  # fmt: skip
        elif tag == "ANTE":
            hand.post(who(e), ActionKind.POST_ANTE, money(e.get("amount"), e), e)
        elif tag == "HOLE":
            hero = who(e)
            hero_cards.append(e.text.strip())
        elif tag == "BET":
            _bet(hand, who(e), money(e.get("amount"), e), e)
        elif tag == "FOLD":
            hand.fold(who(e), e)
        elif tag == "SIT_OUT":
            player = who(e)
            if player in hand.spent and player not in hand.folded():
                hand.fold(player, e)  # fpdb reads it as a fold
        elif tag == "COMMUNITY":
            street = next(streets, None)
            if street is None:
                raise block.fail("bad_cards", f"a fourth <COMMUNITY> at line {e.line}", e)
            hand.to_street(street)
            hand.board.extend(_cards(block, e.text, e))
            hand.cards(hand.board, e)
        elif tag in ("SHOW", "MUCK"):
            cards = _cards(block, e.text, e)
            if cards:
                line = max(0, e.line - block.line)
                hand.shows.add(who(e), hand.cards(cards, e), mucked=tag == "MUCK", line=line)
        elif tag == "WIN":
            pot = e.get("pot") or "0"
            if not pot.isdigit():
                raise block.fail("bad_everest", f"<WIN> of line {e.line}: pot {pot!r}", e)
            wins.append((who(e), money(e.get("amount"), e), int(pot), e))
        else:
            raise block.fail("unknown_action", f"<{tag}> of line {e.line} is not known", e)
    if hero is not None and hero_cards:
        hand.deal(hero, hand.cards(_cards(block, ", ".join(hero_cards), h), h))
    if high and hand.first_bb is not None and hand.first_bb * 100 == high:
        # The posted big blind is a hundredth of the header's: these amounts are not in
        # hundredths (the module's reading), and no figure of the hand can be trusted.
        why = f"<HAND> of line {h.line}: the big blind posted is 1/100 of the {blinds_text!r} named"
        raise block.fail("bad_amount", why, h)
    dealt_in = set(hand.spent) | {name for name, _ in hand.dealt}
    for i, player in enumerate(hand.seats.players):
        if player not in dealt_in:
            hand.seats.set_sitting_out(i)
    _awards(block, hand, wins, tournament)
    fixed = structure is Structure.FIXED_LIMIT
    table = TableLine(name=session.get("tableName"), max_seats=None, button_seat=button)
    return hand.record(
        SITE,
        table,
        block,
        bets=(low, high) if fixed else None,
        blinds=hand.blinds(low, high),
        seats=hand.seats,
        tournament_id=hand.h.tournament_id,
        boards=(tuple(hand.board),) if hand.board else (),
        uncalled=UncalledTable(),  # the room prints no returned bet
        summary_seats=SummarySeatTable(),  # the room prints no such line
    )


def _stakes(block: DocBlock, text: str, unit: int, node: Node) -> tuple[int | None, int | None]:
    """The ``blinds`` attribute (``$0.50/$1``, ``0,50 €/1 €``, ``50/100``): the two blinds."""
    m = _BLINDS_RE.fullmatch(text.strip())
    if m is None:
        return None, None
    try:
        return read_amount(m["low"], unit, None), read_amount(m["high"], unit, None)
    except MoneyError as exc:
        raise block.fail("bad_amount", f"line {node.line}: {exc}", node) from None


def _cards(block: DocBlock, text: str, node: Node) -> tuple[int, ...]:
    """``4c, 8d, 10h`` (``10`` for a ten) to cards."""
    tokens = [t.strip().replace("10", "T") for t in text.split(",") if t.strip()]
    try:
        return parse_cards(" ".join(tokens))
    except CardError as exc:
        raise bad_cards(block, exc, node) from None


def _blind(
    hand: DocHand,
    player: str,
    amount: int,
    penalty: int,
    low: int | None,
    high: int | None,
    node: Node,
) -> None:
    """The first ``<BLIND>`` is the small blind (fpdb), unless it is the big blind's size
    and not the small one's; a later one is a big blind, and its ``penalty`` dead."""
    first = hand.first_sb is None and hand.first_bb is None
    if first and not (amount == high and amount != low) and not penalty:
        hand.post(player, ActionKind.POST_SMALL_BLIND, amount, node)
        return
    hand.post(player, ActionKind.POST_BIG_BLIND, amount, node)
    if penalty:
        hand.post(player, ActionKind.POST_DEAD, penalty, node)


def _bet(hand: DocHand, player: str, amount: int, node: Node) -> None:
    """``<BET amount>``: a check (0), else the chips added, a call, bet or raise by what
    they do to the bet faced."""
    all_in = node.get("allin") == "1"
    if amount == 0:
        hand.check(player, node)
        return
    total = hand.live.get(player, 0) + amount
    facing = hand.bet_to_call()
    if total <= facing:
        verb = ActionKind.CALL
    else:
        verb = ActionKind.BET if facing == 0 else ActionKind.RAISE
    hand.act(player, verb, amount, Amount.ADDED, node, all_in=all_in)


def _awards(
    block: DocBlock, hand: DocHand, wins: list[tuple[str, int, int, Node]], tournament: bool
) -> None:
    """The ``<WIN>`` awards, less the unmatched bet where they hold it (see the module)."""
    for player, amount, pot, node in wins:
        if amount:
            hand.collect(player, amount, node)
            named = "main pot" if pot == 0 else f"side pot-{pot}"
            hand.collections.set_pot(len(hand.collections) - 1, pot, named)
    # A tournament pot is not raked: the figures must leave exactly nothing.
    back_to, back, holds = awards_hold_unmatched(
        hand.actions, hand.collections, 0 if tournament else None
    )
    if holds is None:
        node = wins[-1][3]
        why = (
            f"<WIN> of line {node.line}: whether the awards pay back {back_to}'s unmatched "
            f"{back} is not decided by the hand's figures (put in {sum(hand.spent.values())}, "
            f"won {sum(hand.collections.amounts)})"
        )
        raise block.fail("ambiguous_amount", why, node)
    if holds and back_to is not None:
        take_out(hand.collections, back_to, back)
        hand.notes.append(f"<WIN> holds {back_to}'s unmatched {back}: taken out")


def _sniff(head: str) -> bool:
    return re.search(r"<SESSION\s[^>]*\bscreenName=|<HAND\s+time=\"\d+\"\s+id=", head) is not None


FORMAT = document_format(
    name="everest",
    site=SITE,
    spec=Spec(
        hands=frozenset({"HAND"}),
        contexts=frozenset({"SESSION"}),
        resync=re.compile(r"<HAND\s|<SESSION\s"),
    ),
    build=parse_hand,
    sniff_head=_sniff,
    key_re=re.compile(r'<HAND [^>]*\bid="(\d+)"'),
)
