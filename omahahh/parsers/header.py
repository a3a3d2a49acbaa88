"""What a hand's header lines say: one record for every room's reader.

Each room prints the same facts in its own words: the hand's number, the game,
the stakes, when it started, the table, the tournament. A reader fills one
:class:`HandHeader` from its header lines and the scratch hand
(:class:`omahahh.parsers.builder.HandBuilder`) copies the shared fields into the
:class:`~omahahh.model.HandRecord`. A room with facts of its own that steer its
reader (PartyPoker's two generations) subclasses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from omahahh.model import GameInfo, GameType
from omahahh.parsers.common import TableLine


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHeader:
    """The header of one hand, as printed (amounts in the hand's minor ``unit``).

    ``stake_low``/``stake_high`` are the two figures of the stakes: the blinds in
    pot- and no-limit games, the small and big bet in fixed limit (a room that
    prints the blinds there says so to :meth:`HandBuilder.blind_sizes`), a
    tournament level's blinds; 0 where a structured export prints no stakes (its
    reader then gives the blinds it read to :meth:`HandBuilder.record`). ``table`` is
    set where the header lines name the table; ``first_seat_line`` is the offset of
    the first seat line after them.
    """

    hand_id: str
    game: GameInfo
    game_type: GameType
    currency: str
    unit: int
    stakes: str
    stake_low: int
    stake_high: int
    started_at: datetime | None
    started_at_text: str
    fast_fold: bool = False
    home_game: str | None = None
    tournament_id: str | None = None
    tournament_name: str | None = None
    tournament_level: str | None = None
    buy_in: str | None = None
    ante: int | None = None
    fixed_bets: tuple[int, int] | None = None
    table: TableLine | None = None
    first_seat_line: int = 1
    notes: tuple[str, ...] = ()

    @property
    def table_line(self) -> TableLine:
        """The table the header lines name (rooms whose header names one)."""
        if self.table is None:
            raise ValueError(f"hand {self.hand_id}: the header names no table")
        return self.table
