"""iPoker (Playtech) XML exports (docs/FORMATS.md §5, §12; docs/SITES.md "iPoker XML").

A ``<session>`` holds a ``<general>`` header (game type, table, currency) and
one ``<game>`` per hand; a file may hold several sessions pasted together.
Read as a stream (:mod:`.xml_stream`): the session header is the context of
the games after it.

What the room writes, recorded as claimed:

- ``<player chips= win= bet=>``: stack, what the player got back and what they
  put in over the hand. No total pot is printed, and no rake unless a player's
  ``rakeamount`` says it: the rake is what the pots less the awards leave, and the
  audit derives it (``prints_rake`` is off for the room). ``bet`` counts an
  unmatched bet (the top bet less the next one); whether ``win`` pays it back
  depends on the export: with ``<uncalled_bet_enabled>true`` it does not
  (5CPLO-EUR-2.00-4.00-201905, game 3422554305); older files include it
  (FormatVersion17: ``bet €464.50``, ``win €700.50`` of a €360 pot); newer exports
  without the flag do not. Without the flag each hand decides from its own
  figures (:func:`win_holds_return`); where they fit both readings, a client of
  version 20 or later (:data:`NEW_EXPORTS_FROM`) decides, and otherwise the hand is
  a failure row (``ambiguous_amount``), never a guess.
- actions by ``type`` code (:data:`ACTION_TYPES`), in the order of their ``no``
  (not the order printed: BasicHand.txt prints 6, 8, 7);
- cards suit first (``S10``, ``DT``, ``CA``), hidden ones ``X``; the game may be
  named only ``PL €2/€4``: the pocket cards say how many hole cards;
- amounts with ``,`` or ``.`` as the decimal mark, and ``,``, ``.`` or spaces
  grouping thousands (``€301,49``, ``$55,756.00``, ``1 480``): one mark per hand;
- times without a zone, read as UTC (fpdb does the same); ``--source-timezone``
  overrides.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

from omahahh.cards import parse_card
from omahahh.errors import CardError, MoneyError
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
from omahahh.money import CHIPS, PLAY, SYMBOL_CURRENCY, unit_of
from omahahh.parsers.common import TableLine, zone
from omahahh.parsers.context import ParseContext
from omahahh.parsers.doc_hand import Amount, DocHand, bad_cards
from omahahh.parsers.document import DocBlock, decimal_mark, document_format, read_amount
from omahahh.parsers.header import HandHeader
from omahahh.parsers.unmatched import unmatched_bet, win_holds_return
from omahahh.parsers.xml_stream import Node, Spec
from omahahh.rooms.conventions import ROOMS

SITE = Site.IPOKER

ACTION_TYPES: dict[str, str] = {
    "0": "fold",
    "1": "small blind",
    "2": "big blind (a larger amount: small and big blind together, the small one dead)",
    "3": "call: the chips added",
    "4": "check",
    "5": "bet: the chips added",
    "6": "raise by: the raise over the bet to call",
    "7": "all-in: the chips added (a bet, call or raise by the chips)",
    "8": "no action: seated but not in the hand",
    "9": "sitting out (a fold when dealt in: pocket cards, or an action before)",
    "15": "ante",
    "23": "raise to: the player's street total",
}
"""The ``<action type>`` codes (corpus and fpdb's reader agree; docs/SITES.md)."""

_NO_CHIPS = frozenset({"8", "9"})
"""Codes that move no chips: an action by ``player=""`` of these is an empty seat's
(HHSmithy's reader: ``<action no="3" sum="€0" cards="" type="9" player=""/>``)."""
_ROUND_STREET = {
    "0": Street.PREFLOP,
    "1": Street.PREFLOP,
    "2": Street.FLOP,
    "3": Street.TURN,
    "4": Street.RIVER,
}
_BOARD_TYPES = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_STRUCTURES = (
    (re.compile(r"\b(?:NL|No ?limit|SL|LZ|БЛ)\b", re.IGNORECASE), Structure.NO_LIMIT),
    (re.compile(r"\b(?:PL|Pot ?limit|LP)\b", re.IGNORECASE), Structure.POT_LIMIT),
    (re.compile(r"\b(?:FL|L|Fixed ?limit|Limit)\b", re.IGNORECASE), Structure.FIXED_LIMIT),
)
_HI_LO_RE = re.compile(r"Hi[-/ ]?Lo(?:w)?|\bH/?L\b|Omaha ?8", re.IGNORECASE)
_OTHER_GAME_RE = re.compile(r"Hold.?em|Stud|Razz|Draw|Badugi|Pineapple", re.IGNORECASE)
_STAKES_RE = re.compile(r"(?P<sb>[^\s/]*\d[^\s/]*)/(?P<bb>[^\s/]*\d[^\s/]*)")
_TRUE = ("true", "1", "yes")


def _money(block: DocBlock, text: str, unit: int, mark: str | None, node: Node) -> int:
    try:
        return read_amount(text, unit, mark)
    except MoneyError as exc:
        raise block.fail("bad_amount", f"line {node.line}: {exc}", node) from None


def _card(token: str) -> int:
    """``S10``/``DT``/``CA`` (suit first) to a card."""
    return parse_card(token[1:] + token[0].lower())


def _hidden(token: str) -> bool:
    return token.upper() == "X" or not token.strip()


_DATE_RES = (
    (re.compile(r"(\d{4})-(\d\d)-(\d\d) +(\d\d?):(\d\d)(?::(\d\d))?$"), (0, 1, 2)),
    (re.compile(r"(\d{4})/(\d\d)/(\d\d) +(\d\d?):(\d\d)(?::(\d\d))?$"), (0, 1, 2)),
    (re.compile(r"(\d\d)[./-](\d\d)[./-](\d{4}) +(\d\d?):(\d\d)(?::(\d\d))?$"), (2, 1, 0)),
    (re.compile(r"(\d\d)-([A-Za-z]{3})-(\d{4}) +(\d\d?):(\d\d)(?::(\d\d))?$"), (2, 1, 0)),
)
"""``2019-05-26 20:10:33``, ``2019/05/26 ...``, ``18.05.2021 18:26:13``, ``18/05/2021 18:26``,
``04-Aug-2011 04:49:36`` (fpdb's ``re_date_time1``) (year, month, day positions)."""
_MONTHS = {
    name: n
    for n, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}


def _month(text: str) -> int:
    return int(text) if text.isdigit() else _MONTHS.get(text.title(), 0)


def _started(block: DocBlock, text: str, zone_name: str, node: Node) -> datetime:
    for pattern, (y, m, d) in _DATE_RES:
        found = pattern.match(text)
        if found is None:
            continue
        parts = found.groups()
        try:
            local = datetime(
                int(parts[y]), _month(parts[m]), int(parts[d]),
                int(parts[3]), int(parts[4]), int(parts[5] or 0), tzinfo=zone(zone_name),
            )  # fmt: skip
        except ValueError:
            break
        return local.astimezone(UTC)
    raise block.fail("bad_date", f"line {node.line}: unreadable date {text!r}", node)


class _Game:
    """The session's word on the game: ``<gametype>``, currency, tournament."""

    def __init__(self, block: DocBlock, general: Node) -> None:
        self.label = general.child_text("gametype") or ""
        self.table = general.child_text("tablename") or ""
        self.tournament_id = _tournament_id(general, self.table)
        self.tournament = self.tournament_id is not None
        structure = next((s for r, s in _STRUCTURES if r.search(self.label)), None)
        if structure is None:
            raise block.fail(
                "unsupported_game", f"game type {self.label!r} names no betting structure", general
            )
        self.structure: Structure = structure
        if _OTHER_GAME_RE.search(self.label):
            raise block.fail("unsupported_game", f"not Omaha: {self.label!r}", general)
        self.named_omaha = "omaha" in self.label.lower()
        self.hi_lo = _HI_LO_RE.search(self.label) is not None
        stakes = _STAKES_RE.search(self.label)
        self.stakes = stakes.group(0) if stakes else ""
        self.stake_texts = (stakes["sb"], stakes["bb"]) if stakes else None
        symbol = next((c for s, c in SYMBOL_CURRENCY.items() if s in self.label), None)
        given = general.child_text("tablecurrency") or general.child_text("currency") or ""
        if self.tournament:
            self.currency = CHIPS
        elif (general.child_text("mode") or "").lower() == "fun":
            self.currency = PLAY  # play-money tables (fpdb: ``<mode>fun``)
        else:
            self.currency = symbol or (given if re.fullmatch(r"[A-Z]{3}", given) else "USD")
        self.unit = unit_of(self.currency)
        self.buy_in = general.child_text("totalbuyin") or general.child_text("buyin")
        self.uncalled_enabled = (general.child_text("uncalled_bet_enabled") or "").lower() in _TRUE
        version = (general.child_text("client_version") or "").split(".")[0]
        self.client_major = int(version) if version.isdigit() else None
        self.hero = general.child_text("nickname") or ""
        size = general.child_text("tablesize") or general.child_text("maxplayers") or ""
        self.max_seats = int(size) if size.isdigit() and int(size) > 0 else None
        self.general = general


_TRAILING_ID_RE = re.compile(r"(?:\(#(?P<hash>\d+)\)|,\s*(?P<tail>\d+))\s*$")


def _placed_for_a_buy_in(general: Node) -> bool:
    """A ``<place>`` in a session whose buy-in is more than nothing."""
    if general.first("place") is None:
        return False
    paid = (general.child_text("buyin") or "") + (general.child_text("totalbuyin") or "")
    return re.search(r"[1-9]", paid) is not None


def _tournament_id(general: Node, table: str) -> str | None:
    """A tournament's id: ``<tournamentcode>`` (``<tourcode>``); else, in a session naming
    a tournament (``<tournamentname>``, or a ``<place>`` and a buy-in: fpdb counts
    ``<place>`` alone, but BetOnline's cash sessions print ``<place>0</place>`` and
    ``<buyin>0</buyin>``), the table name's trailing number
    (``Sprint, 16727068``) or ``(#16727068)`` (fpdb's ``re_tour_no``, ``re_tour_no_hash``),
    else the tournament's name; None for a cash session.

    >>> from omahahh.parsers.xml_stream import Node
    >>> node = Node("general", {}, 1)
    >>> node.children = [Node("place", {}, 1), Node("buyin", {}, 1)]
    >>> node.children[1].text = "€4.60 + €0.40"
    >>> _tournament_id(node, "Hyper Turbo (500 Chips) (#16727068)")
    '16727068'
    """
    code = general.child_text("tournamentcode") or general.child_text("tourcode")
    if code:
        return code
    name = general.child_text("tournamentname")
    if not name and not _placed_for_a_buy_in(general):
        return None
    m = _TRAILING_ID_RE.search(table)
    if m is not None:
        return m["hash"] or m["tail"]
    return name or None


def _amount_texts(game: Node, info: _Game) -> list[str]:
    texts = [info.label]
    for n in game.walk():
        for key in ("chips", "win", "bet", "sum", "rakeamount"):
            if key in n.attrs:
                texts.append(n.attrs[key])
    return texts


def parse_game(block: DocBlock, context: ParseContext) -> HandRecord:
    game = block.node
    general = block.context.get("general")
    if game is None:
        raise block.fail("bad_ipoker", "no <game> element")
    if general is None:
        raise block.fail("no_session", "the <game> has no session <general> before it", game)
    info = _Game(block, general)
    hand_id = game.get("gamecode")
    if not hand_id:
        raise block.fail("bad_ipoker", f"<game> of line {game.line} has no gamecode", game)
    head = game.first("general")
    players = head.first("players") if head is not None else None
    if head is None or players is None:
        raise block.fail("truncated", f"<game> of line {game.line} has no players", game)
    unit = info.unit
    mark = decimal_mark(_amount_texts(game, info))

    def money(text: str, node: Node) -> int:
        return _money(block, text, unit, mark, node)

    rounds = game.named("round")
    pockets = {
        c.get("player"): c for r in rounds for c in r.named("cards") if c.get("type") == "Pocket"
    }
    hole_count = max((len(c.text.split()) for c in pockets.values()), default=0)
    if hole_count not in (4, 5, 6) and pockets:
        raise block.fail(
            "unsupported_game",
            f"{hole_count} pocket cards: not an Omaha game",
            next(iter(pockets.values())),
        )
    low = high = None
    if info.stake_texts is not None:
        low = money(info.stake_texts[0], general)
        high = money(info.stake_texts[1], general)
    count = hole_count or 4
    start_text = (head.child_text("startdate") or "").strip()
    zone_name = context.zone_for(ROOMS[SITE].time_zone)
    hand = DocHand(
        block,
        unit,
        HandHeader(
            hand_id=hand_id,
            game=GameInfo(
                variant=variant_code(info.structure, count, info.hi_lo),
                structure=info.structure,
                hole_card_count=count,
                hi_lo=info.hi_lo,
                game_label=info.label,
            ),
            game_type=GameType.TOURNAMENT if info.tournament else GameType.CASH,
            tournament_id=info.tournament_id,
            buy_in=info.buy_in if info.tournament else None,
            currency=info.currency,
            unit=unit,
            stakes=info.stakes,
            stake_low=low or 0,
            stake_high=high or 0,
            started_at=_started(block, start_text, zone_name, head) if start_text else None,
            started_at_text=start_text,
        ),
    )
    if not info.named_omaha:
        hand.notes.append(
            f"game {info.label!r} is not named: {count}-card Omaha by the pocket cards"
        )

    button: int | None = None
    bets: dict[str, int] = {}
    wins: dict[str, int] = {}
    rake_amounts: list[int] = []
    for p in players.named("player"):
        name = p.get("name")
        if not name:
            continue  # an empty seat
        seat = int(p.get("seat") or 0)
        hand.seat(
            p,
            seat=seat,
            player=name,
            stack_start=money(p.get("chips", "0"), p),
            sitting_out=name not in pockets,
        )
        if p.get("dealer") == "1":
            button = seat
        bets[name] = money(p.get("bet", "0"), p)
        wins[name] = money(p.get("win", "0"), p)
        if "rakeamount" in p.attrs:
            rake_amounts.append(money(p.get("rakeamount"), p))

    _read_actions(block, hand, rounds, money, pockets)
    # A player whose pocket cards are not printed but who acted was dealt in after all.
    acted = set(hand.actions.players)
    for i, name in enumerate(hand.seats.players):
        if hand.seats.sitting_out[i] and name in acted:
            hand.seats.set_sitting_in(i)
    _read_cards(block, hand, rounds, pockets, info)

    # Awards (see the module): ``win`` less the unmatched bet where ``win`` holds it.
    back_to, back = unmatched_bet(hand.live_totals())
    printed_rake = sum(rake_amounts) if rake_amounts else None
    holds: bool | None = False
    if back and back_to is not None and not info.uncalled_enabled and sum(wins.values()):
        holds = win_holds_return(
            sum(bets.values()), sum(wins.values()), back, wins.get(back_to, 0), printed_rake
        )
        if holds is None and (info.client_major or 0) >= NEW_EXPORTS_FROM:
            holds = False  # the export's version says it (see NEW_EXPORTS_FROM)
            hand.notes.append(
                f"`win` read without {back_to}'s unmatched {back}: client "
                f"{info.client_major} exports leave it out (the figures fit either reading)"
            )
        if holds is None:
            raise block.fail(
                "ambiguous_amount",
                f"<game> of line {game.line}: whether `win` pays back {back_to}'s unmatched "
                f"{back} is not decided by the hand's figures (bets {sum(bets.values())}, "
                f"wins {sum(wins.values())}) and the export has no uncalled_bet_enabled flag",
                game,
            )
    for p in players.named("player"):
        name = p.get("name")
        if not name or name not in wins:
            continue
        hand.collect(name, wins[name] - (back if holds and name == back_to else 0), p)

    fixed = info.structure is Structure.FIXED_LIMIT
    hand.rake = printed_rake
    table = TableLine(name=info.table, max_seats=info.max_seats, button_seat=button)
    return hand.record(
        SITE,
        table,
        block,
        bets=(low, high) if fixed else None,
        blinds=hand.blinds(low, high),
        seats=hand.seats,
        tournament_id=info.tournament_id,
        buy_in=info.buy_in if info.tournament else None,
        boards=(tuple(hand.board),) if hand.board else (),
        uncalled=hand.uncalled,  # empty: the room prints no such line
        summary_seats=SummarySeatTable(),  # the room prints no such line
    )


NEW_EXPORTS_FROM = 20
"""Clients from version 20 (2020 on) leave the unmatched bet out of ``win`` whatever the
flag (fpdb's iPoker reader, ``determineGameType``: ``int(major_version) >= 20``). Used only
where a hand's figures fit both readings."""


def _read_actions(
    block: DocBlock,
    hand: DocHand,
    rounds: list[Node],
    money: Callable[[str, Node], int],
    pockets: dict[str, Node],
) -> None:
    steps: list[tuple[int, int, Node]] = []
    for r in rounds:
        street = _ROUND_STREET.get(r.get("no"))
        if street is None:
            raise block.fail("bad_ipoker", f"<round no={r.get('no')!r}> of line {r.line}", r)
        for a in r.named("action"):
            try:
                steps.append((int(r.get("no")), int(a.get("no") or 0), a))
            except ValueError:
                raise block.fail("bad_ipoker", f"action number {a.get('no')!r}", a) from None
    steps.sort(key=lambda s: (s[0], s[1]))
    for round_no, _, a in steps:
        hand.to_street(_ROUND_STREET[str(round_no)])
        code = a.get("type")
        if not a.get("player") and code in _NO_CHIPS:
            continue  # an empty seat's no-action (HHSmithy skips it too)
        player = hand.known(a.get("player"), a)
        amount = money(a.get("sum", "0"), a)
        if code == "8" or (code == "9" and player not in pockets and player not in hand.spent):
            continue  # seated, not in the hand (no pocket cards, no action before)
        if code in ("0", "9"):
            hand.fold(player, a)
        elif code == "4":
            hand.check(player, a)
        elif code == "1":
            first = hand.first_sb is None and hand.all_in_sb is None
            kind = ActionKind.POST_SMALL_BLIND if first else ActionKind.POST_DEAD
            hand.post(player, kind, amount, a)
        elif code == "2":
            big = hand.first_bb if hand.first_bb is not None else hand.all_in_bb
            if big is not None and amount > big:
                hand.post(player, ActionKind.POST_BIG_BLIND, big, a)
                hand.post(player, ActionKind.POST_DEAD, amount - big, a)
            else:
                hand.post(player, ActionKind.POST_BIG_BLIND, amount, a)
        elif code == "15":
            hand.post(player, ActionKind.POST_ANTE, amount, a)
        elif code == "3":
            hand.act(player, ActionKind.CALL, amount, Amount.ADDED, a)
        elif code == "5":
            hand.act(player, ActionKind.BET, amount, Amount.ADDED, a)
        elif code == "23":
            hand.act(player, ActionKind.RAISE, amount, Amount.TO, a)
        elif code == "6":
            hand.act(player, ActionKind.RAISE, amount, Amount.BY, a)
        elif code == "7":
            hand.act(player, ActionKind.RAISE, amount, Amount.ADDED, a, all_in=True)
        else:
            raise block.fail(
                "unknown_action", f"<action type={code!r}> of line {a.line} is not a known code", a
            )


def _read_cards(
    block: DocBlock, hand: DocHand, rounds: list[Node], pockets: dict[str, Node], info: _Game
) -> None:
    for r in rounds:
        for c in r.named("cards"):
            kind = c.get("type")
            tokens = c.text.split()
            try:
                if kind in _BOARD_TYPES:
                    hand.board.extend(_card(t) for t in tokens)
                    hand.cards(hand.board, c)  # no card twice on the board
                elif kind == "Pocket" and tokens and not any(_hidden(t) for t in tokens):
                    player = hand.known(c.get("player"), c)
                    cards = hand.cards((_card(t) for t in tokens), c)
                    hand.hole_cards(player, cards, c, hero=player == info.hero)
            except CardError as exc:
                raise bad_cards(block, exc, c) from None


def _sniff(head: str) -> bool:
    return re.search(r"<session\b[^>]*>", head) is not None and (
        "<game" in head or "<general>" in head
    )


FORMAT = document_format(
    name="ipoker",
    site=SITE,
    spec=Spec(
        hands=frozenset({"game"}),
        contexts=frozenset({"general"}),
        resync=re.compile(r"<game\b|<session\b"),
    ),
    build=parse_game,
    sniff_head=_sniff,
    key_re=re.compile(r'gamecode="(\d+)"'),
    suffixes=(".xml",),
)
