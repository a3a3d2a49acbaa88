"""The domain model: what a hand-history text *claims*, as frozen records.

Parsers fill these records and nothing else; replay derives from them and
audit compares. Every money field is an ``int`` in the hand's minor unit
(cents, or 1 chip); the hand's ``currency`` and ``unit`` say which.

Enum values are exactly the strings stored in Parquet; site spellings are
mapped in each site's parser, never here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class Site(StrEnum):
    POKERSTARS = "pokerstars"
    GGPOKER = "ggpoker"
    WINAMAX = "winamax"
    PHH = "phh"
    WPN = "wpn"  # Winning Poker Network: Americas Cardroom (ACR) and its skins
    BOVADA = "bovada"  # Bovada / Ignition / Bodog
    POKER888 = "888poker"  # 888poker, formerly Pacific Poker / Cassava
    PARTYPOKER = "partypoker"
    IPOKER = "ipoker"
    BOSS = "boss"
    IGT = "igt"
    PPPOKER = "pppoker"
    POKERMASTER = "pokermaster"
    RUNITONCE = "runitonce"
    SUPREMAPOKER = "supremapoker"  # PPPoker's lines under its own name
    BETRIVERS = "betrivers"  # Run It Once's lines under its own name
    # Clients known only by name that print PokerStars' lines (parsers/starsclones.py).
    POKERBROS = "pokerbros"
    MPLPOKER = "mplpoker"
    HIVEPOKER = "hivepoker"
    BETONLINE = "betonline"
    ENTRACTION = "entraction"
    EVERLEAF = "everleaf"
    CAKE = "cake"
    FULLTILT = "fulltilt"
    ONGAME = "ongame"
    KINGSCLUB = "kingsclub"
    ENET = "enet"
    PKR = "pkr"
    ABSOLUTE = "absolute"
    SEALSWITHCLUBS = "sealswithclubs"
    # PokerTracker's text conversions of Microgaming and Merge hands: their own habits
    # (no unmatched bet folded into the award), so not the XML rooms' conventions.
    MICROGAMING_PT = "microgaming_pt"
    MERGE_PT = "merge_pt"
    MICROGAMING = "microgaming"
    MERGE = "merge"
    EVEREST = "everest"
    BETFAIR = "betfair"
    # PokerTracker's text export of iPoker hands (``GAME #… Version:… Uncalled:Y``): its own
    # habits (a net ``Total pot`` and ``Rake`` line), so not the iPoker XML conventions.
    IPOKER_PT = "ipoker_pt"


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


STREETS: tuple[Street, ...] = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)


class ActionKind(StrEnum):
    POST_SMALL_BLIND = "post_small_blind"
    POST_BIG_BLIND = "post_big_blind"
    POST_DEAD = "post_dead"
    POST_ANTE = "post_ante"
    POST_STRADDLE = "post_straddle"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    PROTECTED_ALL_IN = "protected_all_in"
    """Disconnect protection (R-TO-2): the player puts in nothing more and stays in
    for the pots built so far, all-in from here on (WPN ``is disconnected and ALL IN``)."""


POST_KINDS = frozenset(
    {
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_DEAD,
        ActionKind.POST_ANTE,
        ActionKind.POST_STRADDLE,
    }
)


class Structure(StrEnum):
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"
    FIXED_LIMIT = "fixed_limit"


class GameType(StrEnum):
    CASH = "cash"
    TOURNAMENT = "tournament"


_STRUCTURE_LETTER = {Structure.POT_LIMIT: "P", Structure.NO_LIMIT: "N", Structure.FIXED_LIMIT: "F"}


def variant_code(
    structure: Structure, hole_cards: int, hi_lo: bool, courchevel: bool = False
) -> str:
    """The short variant code stored in ``hands.variant``.

    ``variant_code(Structure.POT_LIMIT, 5, True) == "PLO5-8"``; Courchevel is
    ``CPLO`` (5 hole cards implied), fixed limit ``FLO``, no limit ``NLO``.
    """
    code = ("C" if courchevel else "") + _STRUCTURE_LETTER[structure] + "LO"
    if hole_cards != 4 and not courchevel:
        code += str(hole_cards)
    if courchevel and hole_cards != 5:
        code += str(hole_cards)
    return code + ("-8" if hi_lo else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class GameInfo:
    """What the header says about the game being played."""

    variant: str
    structure: Structure
    hole_card_count: int
    hi_lo: bool
    courchevel: bool = False
    game_label: str  # the game words as printed, e.g. "5 Card Omaha Hi/Lo Pot Limit"
    mixed_game: str | None = None  # e.g. "8-Game", "Mixed Omaha"


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A seat line: who sat where with how much."""

    seat: int
    player: str
    stack_start: int
    sitting_out: bool = False
    out_of_hand: bool = False
    bounty: int | None = None  # minor units of the tournament's buy-in currency
    stack_end_reported: int | None = None  # PHH ``finishing_stacks``: the claimed final stack


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """One chip-moving or decision action, in the order printed.

    ``amount`` is the chips this action put in; ``to_amount`` the player's
    street total after a bet or raise (``raises X to Y``: Y). ``raise_by`` is
    the X of ``raises X to Y`` as printed. ``line`` is 0-based within the block.
    """

    street: Street
    player: str
    kind: ActionKind
    amount: int = 0
    to_amount: int | None = None
    raise_by: int | None = None
    all_in: bool = False
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledReturn:
    """``Uncalled bet ($5.75) returned to Player6``."""

    player: str
    amount: int
    street: Street
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Collection:
    """``Player0 collected $0.88 from side pot-1``.

    ``pot_index``: 0 for the main pot or an untagged ``pot``, N for ``side pot-N``
    (a lone ``side pot`` is 1). ``run``: 0 for a single board, 0/1 in run-it-twice.
    ``half`` is the site's tag (``high``/``low``) where it prints one, else None.
    """

    player: str
    amount: int
    pot_index: int
    run: int = 0
    half: str | None = None
    pot_label: str = "pot"
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Show:
    """Cards a player showed (or mucked face-up); may be a partial hand."""

    player: str
    cards: tuple[int, ...]
    description: str | None = None
    mucked: bool = False
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class CashOut:
    """``Hero cashed out the hand for $35.72 | Cash Out Fee $0.36``."""

    player: str
    amount: int
    fee: int
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SidePayment:
    """Money that moves between a player and the room outside the pot (GGPoker).

    ``kind``: ``ev_cashout`` (``Receives Cashout ($9.98)``: paid to the player),
    ``cashout_risk`` (``Pays Cashout Risk ($22.68)``: paid by the player),
    ``insurance_premium`` (``pay premium of all-in insurance ($4)``: paid by the
    player). ``amount`` is positive; the kind says the direction. None of it is
    in the pot or the rake.
    """

    player: str
    kind: str
    amount: int
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SummarySeat:
    """A SUMMARY seat line: the site's final word on one seat."""

    seat: int
    player: str
    won: int | None = None  # sum of every "won (X)" / "collected (X)" on the line
    showed: tuple[int, ...] = ()
    mucked: bool = False
    folded_street: Street | None = None
    cashed_out: bool = False
    line: int = 0


_KEY_PREFIX = {site: f"{site.value}:" for site in Site}
"""The start of each site's hand keys (:attr:`HandRecord.hand_key`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """Everything one hand-history block claims. Built by a site parser."""

    site: Site
    hand_id: str
    started_at: datetime | None  # UTC, tz-aware
    started_at_text: str  # the local time as printed, for the record
    game: GameInfo
    game_type: GameType
    fast_fold: bool = False
    home_game: str | None = None
    tournament_id: str | None = None
    tournament_level: str | None = None
    buy_in: str | None = None
    currency: str
    unit: int
    stakes: str
    small_blind: int | None
    big_blind: int | None
    small_bet: int | None = None
    big_bet: int | None = None
    ante: int | None = None
    table_name: str
    max_seats: int | None
    button_seat: int | None
    seats: Sequence[Seat]
    actions: Sequence[Action]
    """An :class:`~omahahh.action_table.ActionTable` when a reader built the hand (the hot
    path reads its columns), or any sequence of records (a hand built in code); so are
    ``seats``, ``uncalled``, ``collections``, ``shows`` and ``summary_seats``
    (:mod:`omahahh.hand_tables`)."""
    dealt: tuple[tuple[str, tuple[int, ...]], ...] = ()
    boards: tuple[tuple[int, ...], ...] = ()  # one board per run
    uncalled: Sequence[UncalledReturn] = ()
    collections: Sequence[Collection] = ()
    shows: Sequence[Show] = ()
    cashouts: tuple[CashOut, ...] = ()
    side_payments: tuple[SidePayment, ...] = ()  # GG EV cash-out, all-in insurance
    summary_seats: Sequence[SummarySeat] = ()
    cancelled: bool = False
    betting_capped: tuple[Street, ...] = ()
    total_pot_reported: int | None = None
    main_pot_reported: int | None = None
    side_pots_reported: tuple[int, ...] = ()
    rake_reported: int | None = None
    jackpot_reported: int | None = None  # GGPoker "Jackpot": a fee, not rake
    other_fees_reported: int | None = None  # GGPoker "Bingo"/"Fortune"/"Tax" summed
    cash_drop_reported: int | None = None  # promotional money added to the pot
    run_count: int = 1
    source_path: str = ""
    source_line: int = 1
    text_hash: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    repaired_lines: tuple[int, ...] = ()
    """File lines (1-based) that were not valid UTF-8 and were read as cp1252."""

    @property
    def hand_key(self) -> str:
        """``<site>:<hand_id>``, e.g. ``pokerstars:258721013274``."""
        # Read several times a hand: a dict lookup, cheaper than the enum's ``value`` property.
        return _KEY_PREFIX[self.site] + self.hand_id

    @property
    def variant(self) -> str:
        return self.game.variant

    def seat_of(self, player: str) -> int | None:
        """Seat number of a seated player, or None (a name seen only in actions)."""
        for s in self.seats:
            if s.player == player:
                return s.seat
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class ParseFailure:
    """A hand block that could not be parsed: never dropped, always a row."""

    source_path: str
    source_line: int
    reason_code: str
    reason: str
    excerpt: str
    hand_key: str | None = None
    text_hash: str = ""
