"""Run It Once Poker: PokerStars' lines under its own name, with its splash-the-pot money.

```
Run It Once Poker Hand #34011543: Omaha Pot Limit (€0.10/€0.20) - 2019/04/19 17:52 UTC
    [2019/04/19 18:52 CET]                                      (one line)
Table ID '34010755' 6-Max Seat #4 is the button
*** HOLE CARDS ***
STP added: €5.00                                   (splash the pot: the room's money)
Shaun J: raises €1.36 to €30.25                    (no all-in marker is ever printed)
*** SHOWDOWN ***
Hero shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]      (printed twice)
Hero collected €25.98 from side pot 1
*** SUMMARY ***
Total pot €88.58 | Main pot €62.60 | Side pot €20.98 | STP €5.00 | Rake €2.00
Seat 3: Hero showed [Ks Ah Ts 5d] and won €86.58 with Two Pairs T 5 and Q
```

Read by the PokerStars parser with the :data:`RUNITONCE` dialect
(:mod:`omahahh.parsers.lookalikes`). ``STP added`` is money the room puts in
the pot before the deal: ``cash_drop_reported``, as GGPoker's Cash Drop. The
printed ``Main pot`` and ``Side pot`` leave it out (Main + Side + STP = Total)
and one pot's ``collected`` lines pay it (room data:
:attr:`~omahahh.rooms.conventions.RoomConventions.cash_drop_pot`). The time is
the UTC stamp; the bracketed CET one is the server's. BetRivers Poker
(:mod:`omahahh.parsers.betrivers`) prints the same lines.

A splash the room "played out" with no betting (RunItOnceParser's exceptional
splash: ``STP added``, the hands dealt, no post, no action and no award) is
refused: the room computes no result, so there is no hand to replay.
"""

from __future__ import annotations

import re
from dataclasses import replace

from omahahh.action_table import ActionTable
from omahahh.errors import HandParseError
from omahahh.model import ActionKind, HandRecord, Site
from omahahh.parsers.common import add_show, match_name
from omahahh.parsers.lookalikes import (
    STREET_NAMES_RE,
    dialect_format,
    header_re,
    read_table,
    room_header,
)
from omahahh.parsers.pokerstars import Dialect, StarsHand

COLLECT_RE = re.compile(
    r" collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)$"
)
WON_RE = re.compile(r"\b(?:won|collected) \(?(?P<amount>[^\s)]+)\)?")
TOTAL_FIELD_RE = re.compile(
    r"^(?P<field>Total pot|Main pot|Side pot(?: \d+)?|STP|Rake) (?P<x>\S+)$"
)
STP_ADDED = ("STP added: ", "STP Added: ")
"""Run It Once writes ``added``, BetRivers ``Added`` (a BetRivers parser's ``RE_STP_ADDED``)."""


def body_line(hand: StarsHand, line: str, offset: int) -> bool:
    """``Hero shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]``, without a colon and
    printed twice: the copy (the same line again, whatever came between) is no second
    show. ``STP added: €0.50``: the room's money."""
    if line.startswith(STP_ADDED):
        hand.cash_drop = (hand.cash_drop or 0) + hand.money(line[11:], offset)
        return True
    name = match_name(line, hand.names, " shows [")
    if name is None:
        return False
    if line not in hand.block.lines[:offset]:
        add_show(hand.shows, name, line[len(name) + 7 :], offset, bare_description=True)
    return True


def summary_line(hand: StarsHand, line: str, offset: int) -> bool:
    """``Total pot €83.58 | Main pot €62.60 | Side pot €20.98 | STP €5.00 | Rake €2.00``.

    STP (splash the pot) is money the room adds to the pot: kept as ``cash_drop_reported``.
    """
    if not line.startswith("Total pot "):
        return False
    for part in line.split(" | "):
        m = TOTAL_FIELD_RE.match(part)
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
    if hand.cash_drop and not len(hand.actions) and not len(hand.collections):
        _refuse_splash(hand)
    return True


def _refuse_splash(hand: StarsHand) -> None:
    """Refuse the room's "exceptional splash": splash money dealt out with no post, no
    action and no award (RunItOnceParser lists these hands apart: "they don't have the
    results computed"). Nothing was bet and the text names no winner: no hand to replay."""
    lines = hand.block.lines
    at = next((i for i, ln in enumerate(lines) if ln.startswith(STP_ADDED)), 0)
    raise HandParseError(
        "unsupported_game",
        "an exceptional splash: the room's splash money dealt out with no blind, no bet "
        "and no award printed (the room computes no result): not a hand to replay",
        at,
        lines[at],
    )


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
    header=room_header(Site.RUNITONCE, header_re("Run It Once Poker"), "Run It Once"),
    table=read_table,
    street_re=STREET_NAMES_RE,
    collect_re=COLLECT_RE,
    won_re=WON_RE,
    body=body_line,
    summary=summary_line,
    finish=raise_reading,
)

FORMAT = dialect_format("runitonce", r"Run It Once Poker Hand #", RUNITONCE)
