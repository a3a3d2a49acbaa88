"""Clients that write PokerStars' line grammar under their own name (FORMATS.md §8).

PPPoker, PokerMaster and Run It Once print Stars' lines (seats, posts, actions,
``*** FLOP ***``, ``collected``, SUMMARY), so they are read by the PokerStars
parser with a :class:`~omahahh.parsers.pokerstars.Dialect` each: their own
header and table line, their own room, and the few lines only they print.
They are never taken for PokerStars: a hand keeps its client's site and id.

- **PPPoker** (``PPPoker Hand #…: 5 Card Omaha Pot Limit ($0.30/$0.60 USD) - … UTC``):
  ``{Rake: $0}`` after each street's board, ``Hand ended at …`` after the summary.
- **PokerMaster** (``PokerMaster Hand #…: Omaha Pot Limit ($15/$30 USD) - … UTC``):
  a ``# {json}`` comment line; its 5-card game is labelled ``Omaha``, so the
  number of hole cards dealt or shown decides the game, and a hand that shows
  none is a failure (``ambiguous_game``), never a guess.
- **Run It Once** (``Run It Once Poker Hand #…: Omaha Pot Limit (€0.10/€0.20) -
  2019/04/19 17:52 UTC [2019/04/19 18:52 CET]``): ``Table ID '…' 6-Max``,
  ``*** SHOWDOWN ***``, each show line printed twice, ``collected … from side
  pot 1``, ``Total pot … | Main pot … | Side pot … | STP … | Rake …`` and a
  summary ``won €143.84`` without parentheses.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from omahahh.action_table import ActionTable
from omahahh.errors import HandParseError
from omahahh.model import ActionKind, HandRecord, Site, variant_code
from omahahh.parsers.common import TableLine, add_show, match_name, read_table_line
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.pokerstars import STREET_RE, Dialect, StarsHand, parse
from omahahh.parsers.pokerstars_header import parse_header, parse_table
from omahahh.parsers.sources import Block


def _header_re(prefix: str) -> re.Pattern[str]:
    return re.compile(
        rf"^(?P<kind>{prefix}) #(?P<id>\d+):\s+(?:\{{(?P<club>[^}}]*)\}}\s+)?(?P<rest>.*)$"
    )


# Stars' section names, and ``*** SHOWDOWN ***`` (Run It Once).
LOOKALIKE_STREET_RE = re.compile(STREET_RE.pattern.replace("SHOW DOWN|", "SHOW DOWN|SHOWDOWN|"))


# -- PPPoker -----------------------------------------------------------------------------
def _pppoker_summary(hand: StarsHand, line: str, offset: int) -> bool:
    return line.startswith("Hand ended at ")


PPPOKER = Dialect(
    site=Site.PPPOKER,
    header=partial(parse_header, header_re=_header_re("PPPoker Hand"), room="PPPoker"),
    table=parse_table,
    street_re=LOOKALIKE_STREET_RE,
    summary=_pppoker_summary,
)


# -- PokerMaster -------------------------------------------------------------------------
def _pokermaster_body(hand: StarsHand, line: str, offset: int) -> bool:
    return line.startswith("# {")  # the client's JSON note (names, table ids): no chips


def hole_cards_seen(hand: HandRecord) -> HandRecord:
    """PokerMaster labels 5-card Omaha ``Omaha``: the cards dealt or shown say which it is.

    ``Dealt to pp1844675 [9c Qc 9h Jc Qs]`` under ``Omaha Pot Limit`` is 5-card Omaha.
    """
    counts = {len(c) for _, c in hand.dealt} | {len(s.cards) for s in hand.shows if not s.mucked}
    counts |= {len(s.showed) for s in hand.summary_seats if s.showed}
    if len(counts) != 1:
        seen = "no hole cards" if not counts else f"hands of {sorted(counts)} cards"
        raise HandParseError(
            "ambiguous_game",
            f"PokerMaster prints 4- and 5-card Omaha alike as {hand.game.game_label!r} and "
            f"this hand shows {seen}: the game cannot be told",
            0,
            hand.game.game_label,
        )
    (hole,) = counts
    if hole == hand.game.hole_card_count:
        return hand
    g = hand.game
    game = replace(g, hole_card_count=hole, variant=variant_code(g.structure, hole, g.hi_lo))
    note = f"{g.game_label!r} dealt {hole} hole cards: read as {hole}-card Omaha"
    return replace(hand, game=game, notes=(*hand.notes, note))


POKERMASTER = Dialect(
    site=Site.POKERMASTER,
    header=partial(parse_header, header_re=_header_re("PokerMaster Hand"), room="PokerMaster"),
    table=parse_table,
    street_re=LOOKALIKE_STREET_RE,
    body=_pokermaster_body,
    finish=hole_cards_seen,
)


# -- Run It Once ---------------------------------------------------------------------------
RIO_TABLE_RE = re.compile(
    r"^Table ID '(?P<name>[^']*)'(?: (?P<max>\d+)-Max)?(?: \((?P<play>Play Money)\))?"
    r" Seat #(?P<button>\d+) is the button$"
)
RIO_COLLECT_RE = re.compile(
    r" collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)$"
)
RIO_WON_RE = re.compile(r"\b(?:won|collected) \(?(?P<amount>[^\s)]+)\)?")
RIO_TOTAL_FIELD = re.compile(
    r"^(?P<field>Total pot|Main pot|Side pot(?: \d+)?|STP|Rake) (?P<x>\S+)$"
)


def _rio_table(line: str, offset: int) -> TableLine:
    return read_table_line(RIO_TABLE_RE, line, offset)


def _rio_body(hand: StarsHand, line: str, offset: int) -> bool:
    """``Hero shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]``, without a colon and
    printed twice: the copy is no second show. ``STP added: €0.50``: the room's money."""
    if line.startswith("STP added: "):
        hand.cash_drop = (hand.cash_drop or 0) + hand.money(line[11:], offset)
        return True
    name = match_name(line, hand.names, " shows [")
    if name is None:
        return False
    if offset == 0 or hand.block.lines[offset - 1] != line:
        add_show(hand.shows, name, line[len(name) + 7 :], offset, bare_description=True)
    return True


def _rio_summary(hand: StarsHand, line: str, offset: int) -> bool:
    """``Total pot €83.58 | Main pot €62.60 | Side pot €20.98 | STP €5.00 | Rake €2.00``.

    STP (splash the pot) is money the room adds to the pot: kept as ``cash_drop_reported``.
    """
    if not line.startswith("Total pot "):
        return False
    for part in line.split(" | "):
        m = RIO_TOTAL_FIELD.match(part)
        if m is None:
            raise HandParseError("unknown_line", f"unknown total pot field: {part!r}", offset, line)
        amount = hand.money(m["x"], offset)
        field = m["field"]
        if field == "Total pot":
            hand.total = amount
        elif field == "Main pot":
            hand.main = amount
        elif field == "STP":
            hand.cash_drop = amount  # the same money as ``STP added``: not added twice
        elif field == "Rake":
            hand.rake = amount
        else:
            hand.sides.append(amount)
    return True


def raise_reading(hand: HandRecord) -> HandRecord:
    """Run It Once's ``raises X to Y`` by a player with chips already in on the street.

    For a player with nothing in yet, Y is both the street total and the chips
    added. In runitonce:34011543 ``Shaun J: raises €1.36 to €30.25`` over his own
    €7.07 bet is followed by ``Uncalled bet (€8.43) returned`` and ``Total pot
    €83.58``: only Y = chips added (his whole €37.32) agrees with both. The
    printed total decides between the two readings; when it fits neither (or
    both), the hand is a failure ``ambiguous_raise``, never a guess.
    """
    mixed = [
        i
        for i, a in enumerate(hand.actions)
        if a.kind is ActionKind.RAISE and a.to_amount is not None and a.to_amount != a.amount
    ]
    if not mixed or hand.total_pot_reported is None:
        return hand
    put_in = sum(a.amount for a in hand.actions) - sum(u.amount for u in hand.uncalled)
    put_in += hand.cash_drop_reported or 0
    if put_in == hand.total_pot_reported:
        return hand  # Stars' reading agrees with the total
    actions = list(hand.actions)
    for i in mixed:
        a = actions[i]
        assert a.to_amount is not None
        before = a.to_amount - a.amount
        actions[i] = replace(a, amount=a.to_amount, to_amount=before + a.to_amount)
    added = sum(a.amount for a in actions) - sum(u.amount for u in hand.uncalled)
    if added + (hand.cash_drop_reported or 0) != hand.total_pot_reported:
        line = actions[mixed[0]].line
        raise HandParseError(
            "ambiguous_raise",
            "a raise by a player with chips in: neither 'to' (street total) nor 'chips "
            "added' agrees with the total pot",
            line,
            str(hand.total_pot_reported),
        )
    note = "raises read as 'to Y = chips added' (the total pot fits only that reading)"
    return replace(hand, actions=ActionTable.of(actions), notes=(*hand.notes, note))


RUNITONCE = Dialect(
    site=Site.RUNITONCE,
    header=partial(
        parse_header, header_re=_header_re("Run It Once Poker Hand"), room="Run It Once"
    ),
    table=_rio_table,
    street_re=LOOKALIKE_STREET_RE,
    collect_re=RIO_COLLECT_RE,
    won_re=RIO_WON_RE,
    body=_rio_body,
    summary=_rio_summary,
    finish=raise_reading,
)


def _format(name: str, prefix: str, dialect: Dialect) -> Format:
    def _parse(block: Block, context: ParseContext) -> HandRecord:
        return parse(block, dialect)  # these clients print their zone (UTC)

    return Format(
        name=name,
        site=dialect.site,
        parse=_parse,
        header=lambda first_line: first_line.startswith(prefix + " #"),
        block_start=re.escape(prefix) + " #",
    )


PPPOKER_FORMAT = _format("pppoker", "PPPoker Hand", PPPOKER)
POKERMASTER_FORMAT = _format("pokermaster", "PokerMaster Hand", POKERMASTER)
RUNITONCE_FORMAT = _format("runitonce", "Run It Once Poker Hand", RUNITONCE)
