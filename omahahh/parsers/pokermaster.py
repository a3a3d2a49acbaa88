"""PokerMaster (a club app): PokerStars' lines under its own name, 5-card Omaha labelled ``Omaha``.

```
PokerMaster Hand #1905261509100000: Omaha Pot Limit ($15/$30 USD) - 2019/05/26 12:53:33 UTC
Table 'PPP_5Cards_FIVE_1500_201509' 6-max Seat #6 is the button
# {"gt":"PLO","tn":…,"pn":{…},"pids":{…}}      (the client's note: names, table ids)
Dealt to pp1844675 [9c Qc 9h Jc Qs]
Uncalled bet ($325) returned to pp1863696
Total pot $420 | Rake $11
```

Read by the PokerStars parser with the :data:`POKERMASTER` dialect
(:mod:`omahahh.parsers.lookalikes`). Its 5-card game is printed ``Omaha`` (the
JSON note's ``gt`` says ``PLO`` too): the hole cards dealt or shown decide the
game; where none are seen, ``_5Cards_`` in the table name says 5-card Omaha
(fpdb-3 ``PokerStarsToFpdb._detectSiteType``). A hand that shows no cards at a
table not so named is a failure (``ambiguous_game``), never a guess.
"""

from __future__ import annotations

from dataclasses import replace

from omahahh.errors import HandParseError
from omahahh.model import HandRecord, Site, variant_code
from omahahh.parsers.lookalikes import STREET_NAMES_RE, dialect_format, header_re, room_header
from omahahh.parsers.pokerstars import Dialect, StarsHand
from omahahh.parsers.pokerstars_header import parse_table

FIVE_CARD_TABLE = "_5Cards_"
"""The table-name mark of PokerMaster's 5-card Omaha tables (``PPP_5Cards_FIVE_1500_201509``)."""


def _note_line(hand: StarsHand, line: str, offset: int) -> bool:
    return line.startswith("# {")  # the client's JSON note (names, table ids): no chips


def hole_cards_seen(hand: HandRecord) -> HandRecord:
    """The game by the hole cards dealt or shown, else by the table's name.

    ``Dealt to pp1844675 [9c Qc 9h Jc Qs]`` under ``Omaha Pot Limit`` is 5-card Omaha;
    so is a hand at ``PPP_5Cards_…`` that shows no cards.
    """
    counts = {len(c) for _, c in hand.dealt} | {len(s.cards) for s in hand.shows if not s.mucked}
    counts |= {len(s.showed) for s in hand.summary_seats if s.showed}
    named = 5 if FIVE_CARD_TABLE in hand.table_name else None
    if not counts and named is not None:
        counts = {named}
        why = f"no hole cards are seen; the table name holds {FIVE_CARD_TABLE!r}"
    else:
        why = ""
    if len(counts) != 1 or (named is not None and counts != {named}):
        seen = "no hole cards" if not counts else f"hands of {sorted(counts)} cards"
        at = f" at a {FIVE_CARD_TABLE} table" if named is not None else ""
        raise HandParseError(
            "ambiguous_game",
            f"PokerMaster prints 4- and 5-card Omaha alike as {hand.game.game_label!r} and "
            f"this hand shows {seen}{at}: the game cannot be told",
            0,
            hand.game.game_label,
        )
    (hole,) = counts
    if hole == hand.game.hole_card_count:
        return hand
    g = hand.game
    game = replace(g, hole_card_count=hole, variant=variant_code(g.structure, hole, g.hi_lo))
    note = f"{g.game_label!r} dealt {hole} hole cards: read as {hole}-card Omaha"
    if why:
        note = f"{g.game_label!r}: {why}: read as {hole}-card Omaha"
    return replace(hand, game=game, notes=(*hand.notes, note))


POKERMASTER = Dialect(
    site=Site.POKERMASTER,
    header=room_header(Site.POKERMASTER, header_re("PokerMaster"), "PokerMaster"),
    table=parse_table,
    street_re=STREET_NAMES_RE,
    body=_note_line,
    finish=hole_cards_seen,
)

FORMAT = dialect_format("pokermaster", r"PokerMaster Hand #", POKERMASTER)
