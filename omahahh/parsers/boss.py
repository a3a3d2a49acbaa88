"""Boss Media XML (docs/SITES.md "Boss Media XML and IGT JSON"), and the reader IGT shares.

One ``<HISTORY>`` element per hand (alone in a file, or many under ``<ROOT>``):
``<PLAYER>`` seats, then ``<ACTION>`` elements in the order played (blinds,
deals, betting, boards), then ``<SHOWDOWN>`` with one ``<RESULT>`` per player.
IGT, Boss Media's successor, writes the same hand as JSON (:mod:`.igt`), which
is read into the same tree and through :func:`read_history`.

As the room writes it, recorded as claimed:

- ``VALUE`` of ``ACTION_RAISE`` and ``ACTION_ALLIN`` is the player's street
  total; of ``ACTION_CALL`` and ``ACTION_BET`` the chips added (IGT: the street
  total for calls too, :class:`Dialect`);
- cards are numbers, ``LINK="0"`` the ace of diamonds to ``12`` its king, then
  clubs (13-25), hearts, spades (IGT numbers them otherwise: :func:`igt_card`);
  ``b`` is a card not seen;
- ``<SHOWDOWN POT RAKE>``: the pot after rake, and the rake; ``WIN`` per
  player excludes an unmatched bet, which no element returns (derived);
- ``DATE`` is Unix time (seconds; IGT milliseconds): a UTC instant, no zone needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from omahahh.cards import make_card
from omahahh.errors import MoneyError
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
from omahahh.money import CHIPS, unit_of
from omahahh.parsers.common import TableLine
from omahahh.parsers.context import ParseContext
from omahahh.parsers.doc_hand import Amount, DocHand
from omahahh.parsers.document import DocBlock, document_format, read_amount
from omahahh.parsers.header import HandHeader
from omahahh.parsers.xml_stream import Node, Spec

SITE = Site.BOSS

_RANK_OF_LINK = (12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)  # A 2 3 ... K in ``cards`` ranks
_SUIT_OF_LINK = (1, 0, 2, 3)  # d c h s in ``cards`` suits (c d h s)
_GAMES = {"OMA": False, "OMATU": False, "OMAHL": True}  # Omaha, (2009) Omaha, Omaha Hi/Lo
_LIMITS = {
    "PL": Structure.POT_LIMIT,
    "NL": Structure.NO_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "POT LIMIT": Structure.POT_LIMIT,
    "NO LIMIT": Structure.NO_LIMIT,
    "FIXED LIMIT": Structure.FIXED_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}
_BOARDS = {"BOARD_FLOP": Street.FLOP, "BOARD_TURN": Street.TURN, "BOARD_RIVER": Street.RIVER}
_BLINDS = {
    "HAND_SB": ActionKind.POST_SMALL_BLIND,
    "HAND_BB": ActionKind.POST_BIG_BLIND,
    "HAND_DSB": ActionKind.POST_DEAD,
    "HAND_ANTE": ActionKind.POST_ANTE,
}
_GAME_KINDS = {
    "GAMEKIND_CASH": GameType.CASH,
    "GAMEKIND_SITGO": GameType.TOURNAMENT,
    "GAMEKIND_TOURNAMENT": GameType.TOURNAMENT,
}
_PUTS_IN = frozenset({"HAND_BLINDS", "ACTION_BET", "ACTION_RAISE", "ACTION_CALL", "ACTION_ALLIN"})
_HALVES = {"WINTYPE_HI": "high", "WINTYPE_LO": "low"}


def link_card(link: str) -> int | None:
    """Boss Media's ``LINK="38"`` -> the card (38 is the king of hearts); ``b`` (not
    seen) -> None. HHSmithy's ``BossCardLookup``: diamonds, clubs, hearts, spades, each
    ace to king.

    >>> from omahahh.cards import card_str
    >>> card_str(link_card("0")), card_str(link_card("38")), link_card("b")
    ('Ad', 'Kh', None)
    """
    if not link.isdigit() or int(link) > 51:
        return None
    n = int(link)
    return make_card(_RANK_OF_LINK[n % 13], _SUIT_OF_LINK[n // 13])


def igt_card(link: str) -> int | None:
    """IGT's ``"link":"35"`` -> the card (35 is the jack of hearts); ``b`` -> None.
    IGT numbers clubs, diamonds, hearts, spades, each two to ace (ggratte's
    ``IGTCardLookup``), not as Boss Media does: GeneralHand.txt's HERO, dealt 35 20 15 8
    on a board of 48 28 26 19 34, is said by the room to hold "two pair, jacks and
    tens" (Jh 9d 4d Tc on Js 4h 2h 8d Th), and PLAYER4's 40 41 42 51 make its
    "8 4 3 2 A" low (3s 4s 5s As).

    >>> from omahahh.cards import card_str
    >>> [card_str(igt_card(n)) for n in ("0", "12", "13", "35", "51")], igt_card("b")
    (['2c', 'Ac', '2d', 'Jh', 'As'], None)
    """
    if not link.isdigit() or int(link) > 51:
        return None
    n = int(link)
    return make_card(n % 13, n // 13)


@dataclass(frozen=True, slots=True)
class Dialect:
    """Where Boss Media XML and IGT JSON differ."""

    site: Site
    call: Amount
    """What ``ACTION_CALL``'s value means."""
    date_scale: int
    """``DATE`` units per second."""
    card: Callable[[str], int | None] = link_card
    """A ``LINK`` number to its card (None: not seen)."""


BOSS = Dialect(site=Site.BOSS, call=Amount.ADDED, date_scale=1)


def _cards(block: DocBlock, node: Node, dialect: Dialect) -> tuple[int, ...] | None:
    """The ``<CARD LINK>`` children of ``node``; None when any is not seen."""
    links = [c.get("LINK") for c in node.named("CARD")]
    cards = [dialect.card(link) for link in links]
    if not cards or any(c is None for c in cards):
        return None
    if any(not link.isdigit() for link in links):
        raise block.fail("bad_cards", f"card link in line {node.line}: {links}", node)
    return tuple(c for c in cards if c is not None)


def read_history(block: DocBlock, context: ParseContext, dialect: Dialect = BOSS) -> HandRecord:
    """A ``<HISTORY>`` tree (Boss Media XML, or IGT JSON read into one) to a record."""
    del context  # every time is a Unix instant
    h = block.node
    if h is None:
        raise block.fail("bad_boss", "no <HISTORY> element")
    hand_id = h.get("ID")
    game_code = h.get("GAME").removeprefix("GAME_")
    if game_code not in _GAMES:
        raise block.fail("unsupported_game", f"game {h.get('GAME')!r} is not Omaha", h)
    structure = _LIMITS.get(h.get("LIMIT").upper())
    if structure is None:
        raise block.fail("unsupported_game", f"limit {h.get('LIMIT')!r}", h)
    game_type = _GAME_KINDS.get(h.get("GAMEKIND"))
    if game_type is None:
        raise block.fail("unsupported_game", f"game kind {h.get('GAMEKIND')!r}", h)
    currency = CHIPS if game_type is GameType.TOURNAMENT else (h.get("TABLECURRENCY") or "EUR")
    unit = unit_of(currency)
    hand = DocHand(block, unit)

    def money(text: str, node: Node) -> int:
        try:
            return read_amount(text or "0", unit, ".")
        except MoneyError as exc:
            raise block.fail("bad_amount", f"line {node.line}: {exc}", node) from None

    button = _seats(block, hand, h, money)
    if button is None:
        button = _button_from_blinds(hand, h)
    hole_count = 4
    board: list[int] = []
    uncalled = UncalledTable()
    returned: dict[str, int] = {}
    stake_big = big_blind_of(h, money)
    for a in h.named("ACTION"):
        kind = a.get("TYPE")
        if a.get("BANKROLL") and kind != "ACTION_ADJUSTEMENT" and a.get("PLAYER"):
            _check_bankroll(hand, a, money, returned)
        if kind == "HAND_DEAL":
            cards = _cards(block, a, dialect)
            count = len(a.named("CARD"))
            hole_count = count or hole_count
            if cards is not None:
                player = hand.known(a.get("PLAYER"), a)
                hand.deal(player, hand.cards(cards, a))
        elif kind == "HAND_BOARD":
            street = _BOARDS.get(a.get("VALUE"))
            if street is None:
                raise block.fail("bad_boss", f"board {a.get('VALUE')!r} of line {a.line}", a)
            hand.to_street(street)
            cards = _cards(block, a, dialect)
            board = list(cards or board)
        elif kind in ("HAND_BLINDS", "HAND_ANTE"):
            _blind(block, hand, a, money(a.get("VALUE"), a), stake_big)
        elif kind == "ACTION_ADJUSTEMENT":
            player = hand.known(a.get("PLAYER"), a)
            behind = hand.stack_of(player) - hand.spent.get(player, 0) + returned.get(player, 0)
            amount = money(a.get("BANKROLL"), a) - behind if a.get("BANKROLL") else 0
            if amount <= 0:
                raise block.fail("bad_igt", f"adjustment of line {a.line} returns nothing", a)
            returned[player] = returned.get(player, 0) + amount
            uncalled.add(player=player, amount=amount, street=hand.street)
        elif kind.startswith("ACTION_"):
            _betting(block, hand, a, money, dialect)
        else:
            raise block.fail("unknown_action", f"<ACTION TYPE={kind!r}> of line {a.line}", a)
    if hole_count not in (4, 5, 6):
        raise block.fail("unsupported_game", f"{hole_count} hole cards: not Omaha", h)
    showdown = h.first("SHOWDOWN")
    total = rake = None
    if showdown is not None:
        total = money(showdown.get("POT"), showdown) if showdown.get("POT") else None
        rake = money(showdown.get("RAKE"), showdown) if showdown.get("RAKE") else 0
        for r in showdown.named("RESULT"):
            player = hand.known(r.get("PLAYER"), r)
            hand.collect(player, money(r.get("WIN"), r), r, half=_HALVES.get(r.get("WINTYPE")))
            shown = _cards(block, r, dialect)
            if shown is not None and player not in hand.folded() and r.get("FOLDED") != "true":
                hand.hole_cards(player, hand.cards(shown, r), r, hero=False)
    stakes = h.get("STAKES")
    low, _, high = stakes.partition("/")
    stake_low = money(low, h) if low else None
    stake_high = money(high, h) if high else None
    small_blind, big_blind = hand.blinds(stake_low, stake_high)
    fixed = structure is Structure.FIXED_LIMIT
    hi_lo = _GAMES[game_code]
    date = h.get("DATE")
    started = (
        datetime.fromtimestamp(int(date) / dialect.date_scale, UTC) if date.isdigit() else None
    )
    hand.total = total
    hand.rake = rake
    hand.h = HandHeader(
        hand_id=hand_id,
        game=GameInfo(
            variant=variant_code(structure, hole_count, hi_lo),
            structure=structure,
            hole_card_count=hole_count,
            hi_lo=hi_lo,
            game_label=f"{h.get('GAME')} {h.get('LIMIT')}",
        ),
        game_type=game_type,
        tournament_id=h.get("TABLETOURNEYID") or None if game_type is GameType.TOURNAMENT else None,
        currency=currency,
        unit=unit,
        stakes=stakes,
        started_at=started,
        started_at_text=date,
        stake_low=stake_low or 0,
        stake_high=stake_high or 0,
    )
    table = TableLine(name=h.get("TABLE"), max_seats=None, button_seat=button)
    return hand.record(
        dialect.site,
        table,
        block,
        bets=(stake_low if fixed else None, stake_high if fixed else None),
        blinds=(small_blind, big_blind),
        tournament_id=hand.h.tournament_id,
        seats=hand.seats,
        summary_seats=SummarySeatTable(),  # the room prints no such line
        boards=(tuple(board),) if board else (),
        uncalled=uncalled,
    )


def big_blind_of(h: Node, money: Callable[[str, Node], int]) -> int | None:
    """The big blind the ``STAKES`` name (``0.50/1.00``), if they name one."""
    high = h.get("STAKES").partition("/")[2]
    return money(high, h) if high else None


def _blind(block: DocBlock, hand: DocHand, a: Node, value: int, stake_big: int | None) -> None:
    """A ``HAND_BLINDS`` (``KIND`` the blind) or ``HAND_ANTE``. A second ``HAND_SB`` is a
    dead small blind (fpdb's ``secondsb``); ``HAND_AB``, both blinds of a returning
    player (fpdb's ``re_PostBoth``), is the big blind live and the rest dead."""
    kind = a.get("KIND") or a.get("TYPE")
    player = hand.known(a.get("PLAYER"), a)
    if kind == "HAND_AB":
        big = hand.first_bb if hand.first_bb is not None else stake_big
        if big is None or value <= big:
            hand.post(player, ActionKind.POST_BIG_BLIND, value, a)
        else:
            hand.post(player, ActionKind.POST_BIG_BLIND, big, a)
            hand.post(player, ActionKind.POST_DEAD, value - big, a)
        return
    blind = _BLINDS.get(kind)
    if blind is None:
        raise block.fail("unknown_action", f"blind {a.get('KIND')!r} of line {a.line}", a)
    if blind is ActionKind.POST_SMALL_BLIND and hand.first_sb is not None:
        blind = ActionKind.POST_DEAD
    hand.post(player, blind, value, a)


def _seats(
    block: DocBlock, hand: DocHand, h: Node, money: Callable[[str, Node], int]
) -> int | None:
    """The seated players (empty and reserved seats skipped); the button's seat."""
    acting = {a.get("PLAYER") for a in h.named("ACTION")}
    button = None
    for p in h.named("PLAYER"):
        state = p.get("STATE", "STATE_PLAYING")
        name = p.get("NAME")
        if state == "STATE_EMPTY" or not name or (state == "STATE_RESERVED" and name not in acting):
            continue
        seat = int(p.get("SEAT") or 0)
        stack = money(p.get("AMOUNT"), p)
        if stack == 0 and name in acting:
            stack = _stack_from_bankroll(hand, h, name, money, stack)
        hand.seat(
            p,
            seat=seat,
            player=name,
            stack_start=stack,
            sitting_out=state != "STATE_PLAYING" and name not in acting,
        )
        if p.get("DEALER") == "Y":
            button = seat
    return button


def _stack_from_bankroll(
    hand: DocHand, h: Node, name: str, money: Callable[[str, Node], int], stack: int
) -> int:
    """A seat of 0.00 that puts chips in: IGT's first ``bankRoll`` of the player plus what
    that action put in (nothing was in before it) is the stack."""
    for a in h.named("ACTION"):
        if a.get("PLAYER") == name and a.get("BANKROLL") and a.get("TYPE") in _PUTS_IN:
            found = money(a.get("BANKROLL"), a) + money(a.get("VALUE"), a)
            hand.notes.append(f"{name}'s seat says 0.00: stack {found} from bankRoll")
            return found
    return stack


def _check_bankroll(
    hand: DocHand, a: Node, money: Callable[[str, Node], int], returned: dict[str, int]
) -> None:
    """IGT states each player's chips behind after each action; note a disagreement
    with what the amounts put in (checked before the action: it is read next)."""
    player = a.get("PLAYER")
    if player not in hand.seats.players:
        return
    stated = money(a.get("BANKROLL"), a)
    before = hand.stack_of(player) - hand.spent.get(player, 0) + returned.get(player, 0)
    value = money(a.get("VALUE") or "0", a) if a.get("TYPE") != "ACTION_FOLD" else 0
    live = hand.live.get(player, 0)
    kind = a.get("TYPE")
    if kind in ("ACTION_CALL", "ACTION_RAISE", "ACTION_ALLIN"):
        added = value - live  # IGT: street totals
    else:
        added = value if kind in ("ACTION_BET", "HAND_BLINDS") else 0
    if before - added != stated:
        hand.notes.append(
            f"line {a.line}: {player} has {stated} behind by the text, {before - added} "
            "by the amounts"
        )


def _button_from_blinds(hand: DocHand, h: Node) -> int | None:
    """No ``DEALER`` (files of 2009): the seat before the small blind's, or the small
    blind's own heads-up; None without a small blind."""
    small = next((a.get("PLAYER") for a in h.named("ACTION") if a.get("KIND") == "HAND_SB"), None)
    seats = hand.seats
    dealt = sorted(n for i, n in enumerate(seats.seat_numbers) if not seats.sitting_out[i])
    seat = next(
        (n for n, p in zip(seats.seat_numbers, seats.players, strict=True) if p == small), None
    )
    if seat is None or len(dealt) < 2:
        return None
    if len(dealt) == 2:
        hand.notes.append("no dealer named: the small blind's seat taken as the button")
        return seat
    hand.notes.append("no dealer named: the seat before the small blind taken as the button")
    return dealt[dealt.index(seat) - 1]


def _betting(
    block: DocBlock,
    hand: DocHand,
    a: Node,
    money: Callable[[str, Node], int],
    dialect: Dialect,
) -> None:
    kind = a.get("TYPE")
    player = hand.known(a.get("PLAYER"), a)
    if kind == "ACTION_FOLD":
        hand.fold(player, a)
    elif kind == "ACTION_CHECK":
        hand.check(player, a)
    elif kind == "ACTION_CALL":
        value = money(a.get("VALUE"), a)
        meaning = dialect.call
        live, facing = hand.live.get(player, 0), hand.bet_to_call()
        if meaning is Amount.ADDED and live and live + value != facing and value == facing:
            meaning = Amount.TO  # files of 2009 and 2012 print the street total
            hand.notes.append(f"call of line {a.line} read as the street total it matches")
        hand.act(player, ActionKind.CALL, value, meaning, a)
    elif kind == "ACTION_BET":
        hand.act(player, ActionKind.BET, money(a.get("VALUE"), a), Amount.ADDED, a)
    elif kind == "ACTION_RAISE":
        hand.act(player, ActionKind.RAISE, money(a.get("VALUE"), a), Amount.TO, a)
    elif kind == "ACTION_ALLIN":
        hand.act(player, ActionKind.RAISE, money(a.get("VALUE"), a), Amount.TO, a, all_in=True)
    else:
        raise block.fail("unknown_action", f"<ACTION TYPE={kind!r}> of line {a.line}", a)


def _parse(block: DocBlock, context: ParseContext) -> HandRecord:
    return read_history(block, context, BOSS)


def _sniff(head: str) -> bool:
    return re.search(r"<HISTORY\s[^>]*\bGAMEKIND=", head) is not None


FORMAT = document_format(
    name="boss",
    site=SITE,
    spec=Spec(hands=frozenset({"HISTORY"}), resync=re.compile(r"<HISTORY\s")),
    build=_parse,
    sniff_head=_sniff,
    key_re=re.compile(r'<HISTORY ID="(\d+)"'),
)
