"""The hand being read: one builder for every room's reader.

A reader fills a :class:`HandBuilder` line by line (or element by element) and
freezes it into a :class:`~omahahh.model.HandRecord` with :meth:`HandBuilder.record`.
The builder keeps what every room's text states the same way: the seats, the
actions with the chips each puts in (worked out from the player's live chips on the
street, because that is what ``raises X to Y`` means), posts, dealt and shown cards,
awards, returned bets, and the lines the Stars-like rooms share word for word
(``Dealt to``, ``Uncalled bet (X) returned to``). A room subclasses it for its extras.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from omahahh.action_table import ActionTable
from omahahh.compiled import mypyc_attr
from omahahh.errors import HandParseError
from omahahh.hand_tables import (
    CollectionTable,
    SeatTable,
    ShowTable,
    SummarySeatTable,
    UncalledTable,
)
from omahahh.model import ActionKind, HandRecord, Site, Street, Structure
from omahahh.money import to_minor
from omahahh.parsers.betting_lines import add_action
from omahahh.parsers.common import (
    BRACKETS_RE,
    UNCALLED_RE,
    TableLine,
    cards_or_fail,
    names_longest_first,
    pot_index,
    read_money,
)
from omahahh.parsers.header import HandHeader
from omahahh.parsers.sources import Block


class Post(Enum):
    """What a Stars-syntax ``posts`` line puts in (each room names its words for them)."""

    SMALL = "small blind"
    BIG = "big blind"
    ANTE = "ante"
    BOTH = "small and big blinds: the big live, the rest dead"
    DEAD = "dead money (a missed blind)"
    STRADDLE = "straddle: the chips added"
    STRADDLE_TO = "straddle: the player's street total"


DEALT_RE = re.compile(
    r"^Dealt to (?P<name>.+?)(?: \[(?P<old>[^\]]*)\](?= \[))?(?: \[(?P<cards>[^\]]*)\])?$"
)
"""``Dealt to Hero [Ah Kd 7c 7s]``, ``Dealt to Hero [Ah Kd] [7c 7s]``, ``Dealt to Bob``."""


MinorReader = Callable[[str, int], int]
"""How a room reads an amount's text at a unit (``to_minor``, ``fast_minor``, …)."""

_REMEMBERED: dict[tuple[MinorReader, int], dict[str, int]] = {}
MINOR_KEPT = 50_000
"""At most this many amounts kept per reader and unit (a few MiB, whatever the input)."""


def remembered_amounts(read_minor: MinorReader, unit: int) -> dict[str, int]:
    """The amounts ``read_minor`` has read at ``unit``, by their text: amounts repeat
    (blinds, stacks, common bets), and looking one up is far cheaper than reading it
    again (docs/PERFORMANCE.md, "Measurements behind the code")."""
    memory = _REMEMBERED.get((read_minor, unit))
    if memory is None:
        memory = _REMEMBERED[(read_minor, unit)] = {}
    return memory


def forget_amounts() -> None:
    """Empty every reader's memory of amounts (tests compare with fresh reads)."""
    _REMEMBERED.clear()


@mypyc_attr(allow_interpreted_subclasses=True)  # each room's reader subclasses it
class HandBuilder:
    """Mutable state while reading one block; each room's parser subclasses it
    for its own extras and freezes it into a HandRecord at the end."""

    # Read and written for every line: slots are the interpreter's fastest attributes. A
    # subclass without slots of its own keeps its extras in a ``__dict__``.
    __slots__ = (
        "_minor",
        "_read_minor",
        "_seat_names",
        "actions",
        "all_in_bb",
        "all_in_sb",
        "ante",
        "collections",
        "dealt",
        "dealt_names",
        "first_bb",
        "first_sb",
        "h",
        "live",
        "names",
        "notes",
        "plain_names",
        "rake",
        "seats",
        "shows",
        "street",
        "total",
        "uncalled",
        "unit",
    )

    def __init__(
        self, header: HandHeader, notes: Sequence[str] = (), read_minor: MinorReader = to_minor
    ):
        self.h = header
        self.unit = header.unit
        self.seats = SeatTable()
        self.names: tuple[str, ...] = ()
        self.plain_names: frozenset[str] | None = None  # see common.names_without
        self._seat_names: dict[int, str] | None = None  # summary_seat's, made at its first
        self.actions = ActionTable()
        self.dealt: list[tuple[str, tuple[int, ...]]] = []
        self.dealt_names: set[str] = set()  # dealt in, with or without the cards shown
        self.uncalled = UncalledTable()
        self.collections = CollectionTable()
        self.shows = ShowTable()
        self.notes: list[str] = list(notes)
        self.street = Street.PREFLOP
        self.live: dict[str, int] = {}  # chips counting toward calls on this street
        self.total: int | None = None
        self.rake: int | None = None
        self.first_sb: int | None = None
        self.first_bb: int | None = None
        self.all_in_sb: int | None = None  # the first blind that put its poster all in
        self.all_in_bb: int | None = None
        self.ante: int | None = None
        self._read_minor = read_minor  # the room's way with an amount's text
        self._minor = remembered_amounts(read_minor, self.unit)

    def money(self, text: str, offset: int) -> int:
        # Amounts repeat (blinds, stacks, common bets): each distinct text is read once;
        # an unreadable one is never kept, so it fails on every line that holds it.
        known = self._minor.get(text)
        if known is None:
            known = read_money(text, self.unit, offset, self._read_minor)
            if len(self._minor) < MINOR_KEPT:
                self._minor[text] = known
        return known

    def read_dealt_to(self, line: str, offset: int) -> None:
        """``Dealt to NAME [cards]`` (``[old] [new]`` in a game that deals again, no cards
        where the room names the players dealt in without them, as GGPoker does)."""
        m = DEALT_RE.match(line)
        if m is None:
            raise HandParseError("unknown_line", f"unreadable dealt line: {line!r}", offset, line)
        self.dealt_names.add(m["name"])
        if m["cards"]:
            self.dealt.append((m["name"], cards_or_fail(m["cards"], offset)))

    def read_dealt_or_uncalled(self, line: str, offset: int) -> bool:
        """The two unnamed body lines the Stars-syntax rooms print alike: ``Dealt to …``
        (:meth:`read_dealt_to`) and ``Uncalled bet (X) returned to …``
        (:meth:`read_uncalled`). False for any other line."""
        if line.startswith("Dealt to "):
            self.read_dealt_to(line, offset)
            return True
        if line.startswith("Uncalled bet ("):
            self.read_uncalled(line, offset)
            return True
        return False

    def read_uncalled(self, line: str, offset: int) -> None:
        """``Uncalled bet (X) returned to NAME``: a returned bet, on the street it was made."""
        m = UNCALLED_RE.match(line)
        if m is None:
            raise HandParseError(
                "unknown_line", f"unreadable uncalled-bet line: {line!r}", offset, line
            )
        self.uncalled.add(m["name"], self.money(m["amount"], offset), self.street, offset)

    def read_seats(
        self,
        lines: Sequence[str],
        start: int,
        seat_line: Callable[[str, int], None],
        starts: str | tuple[str, ...] = "Seat ",
    ) -> int:
        """Read the ``Seat N:`` lines from ``start`` (``seat_line`` adds each to
        ``self.seats``; ``starts``: how a seat line begins); returns the first line
        after them."""
        i = start
        numbers = self.seats.seat_numbers
        taken: set[int] = set(numbers)
        while i < len(lines) and lines[i].startswith(starts):
            seat_line(lines[i], i)
            number = numbers[-1]
            if number in taken:  # cite the second line, the one that repeats the seat
                why = f"two players in seat {number}"
                raise HandParseError("duplicate_seat", why, i, lines[i])
            taken.add(number)
            i += 1
        self.names = names_longest_first(self.seats.players)
        return i

    def collected(
        self, player: str, m: re.Match[str], offset: int, *, run: int = 0, half: str | None = None
    ) -> None:
        """A ``collected X from pot`` line, read by the room's pattern (groups
        ``amount``, ``pot`` and ``n``, the side pot's number)."""
        pot = m["pot"]
        amount = self.money(m["amount"], offset)
        self.collections.add(player, amount, pot_index(pot, m["n"]), run, half, pot, offset)

    def post_small_blind(
        self, player: str, amount: int, offset: int, all_in: bool, *, sizes_blind: bool = True
    ) -> None:
        """A small blind; the first one that ``sizes_blind`` is the hand's small blind
        (:meth:`size_blind`)."""
        if sizes_blind:
            self.size_blind(ActionKind.POST_SMALL_BLIND, player, amount, all_in)
        add_action(self, player, ActionKind.POST_SMALL_BLIND, amount, offset, all_in=all_in)

    def post_big_blind(
        self, player: str, amount: int, offset: int, all_in: bool, *, sizes_blind: bool = True
    ) -> None:
        """A big blind; the first one that ``sizes_blind`` is the hand's big blind
        (:meth:`size_blind`)."""
        if sizes_blind:
            self.size_blind(ActionKind.POST_BIG_BLIND, player, amount, all_in)
        add_action(self, player, ActionKind.POST_BIG_BLIND, amount, offset, all_in=all_in)

    def post_to_play(
        self, player: str, amount: int, offset: int, big: int, *, all_in: bool = False
    ) -> None:
        """A post to be dealt in (a player new to the table, or back, posting what the
        blinds owe): live up to the big blind ``big``, any excess dead. Both blinds
        posted at once are the big blind live and the small one dead."""
        live = min(amount, big) if big else amount
        if amount > live:
            add_action(self, player, ActionKind.POST_DEAD, amount - live, offset, live=False)
        self.post_big_blind(player, live, offset, all_in, sizes_blind=False)

    def read_post(
        self, player: str, arg: str, offset: int, all_in: bool, words: Mapping[str, Post]
    ) -> bool:
        """``posts <words> AMOUNT`` (``arg``: the text after ``posts``) when the room's
        ``words`` name the post; False for words they do not name.

        With a $0.25 big blind, ``read_post("Bob", "small & big blinds $0.35", ...)``
        records $0.10 dead and $0.25 live (R-BL-6: the small-blind part counts toward no
        call).
        """
        kind_text, _, amount_text = arg.rpartition(" ")
        kind = words.get(kind_text)
        if kind is None:
            return False
        amount = self.money(amount_text, offset)
        if kind is Post.SMALL:
            self.post_small_blind(player, amount, offset, all_in)
        elif kind is Post.BIG:
            self.post_big_blind(player, amount, offset, all_in)
        elif kind is Post.ANTE:
            self.post_ante(player, amount, offset, all_in)
        elif kind is Post.BOTH:
            dead = max(amount - self.blind_sizes()[1], 0)
            add_action(self, player, ActionKind.POST_DEAD, dead, offset, live=False)
            add_action(
                self, player, ActionKind.POST_BIG_BLIND, amount - dead, offset, all_in=all_in
            )
        elif kind is Post.DEAD:
            add_action(
                self, player, ActionKind.POST_DEAD, amount, offset, all_in=all_in, live=False
            )
        elif kind is Post.STRADDLE:
            add_action(self, player, ActionKind.POST_STRADDLE, amount, offset, all_in=all_in)
        else:  # Post.STRADDLE_TO: the line states the player's new street total
            to = amount
            amount = to - self.live.get(player, 0)
            add_action(
                self, player, ActionKind.POST_STRADDLE, amount, offset, to_amount=to, all_in=all_in
            )
        return True

    def size_blind(self, kind: ActionKind, player: str, amount: int, all_in: bool) -> None:
        """Note a small or big blind post (before it is added) for the hand's blind sizes.

        The first post of each kind sizes its blind, unless it put its poster all in
        (``all_in``, or every chip the player had left): a short stack's blind may be
        less than the blind (R-AI-1), so it sizes the blind only where the stakes are
        smaller or unknown (:func:`blind_size`), and a later full post still does.
        """
        small = kind is ActionKind.POST_SMALL_BLIND
        if (self.first_sb if small else self.first_bb) is not None:
            return
        if all_in or amount >= self._chips_left(player):
            if small and self.all_in_sb is None:
                self.all_in_sb = amount
            elif not small and self.all_in_bb is None:
                self.all_in_bb = amount
        elif small:
            self.first_sb = amount
        else:
            self.first_bb = amount

    def _chips_left(self, player: str) -> int:
        """The chips ``player`` has behind: the seat's stack less what the actions so far
        put in (a player with no seat: none known, so no post is all in)."""
        seats = self.seats
        if player not in seats.players:
            return 1 << 62
        stack = seats.stack_starts[seats.players.index(player)]
        actions = self.actions
        spent = sum(a for p, a in zip(actions.players, actions.amounts, strict=True) if p == player)
        return stack - spent

    def post_ante(self, player: str, amount: int, offset: int, all_in: bool) -> None:
        if self.ante is None:
            self.ante = amount
        add_action(self, player, ActionKind.POST_ANTE, amount, offset, all_in=all_in, live=False)

    def fixed_limit(self) -> bool:
        return self.h.game.structure is Structure.FIXED_LIMIT

    def blind_sizes(self, *, fixed_limit_blinds: bool = True) -> tuple[int, int]:
        """The posted blinds, else the header's: in fixed limit the header gives the
        bets, so the blinds are half a small bet and a small bet (unless the room
        prints blinds there, ``fixed_limit_blinds=False``)."""
        low, high = self.h.stake_low, self.h.stake_high
        if fixed_limit_blinds and self.fixed_limit():
            low, high = low // 2, low
        return blind_size(self.first_sb, self.all_in_sb, low), blind_size(
            self.first_bb, self.all_in_bb, high
        )

    def add_summary_seat(
        self,
        into: SummarySeatTable,
        seat: int,
        rest: str,
        offset: int,
        won_re: re.Pattern[str],
        folded_street: Callable[[str], Street | None],
        *,
        cashed_out: bool = False,
    ) -> None:
        """A SUMMARY seat line after ``Seat N: ``, added to ``into``; ``cashed_out``
        reads its cash-out mark."""
        names = self._seat_names
        if names is None:  # the seats are all read by the SUMMARY: once a hand, not a line
            names = self._seat_names = {}
            for number, player in zip(self.seats.seat_numbers, self.seats.players, strict=True):
                names.setdefault(number, player)  # a seat named twice: its first player
        name = names.get(seat)
        if name is not None and rest.startswith(name):
            rest = rest[len(name) :]
        else:
            self.notes.append(f"summary seat {seat} names another player on line {offset + 1}")
            name = name or rest.split(" (")[0]
        key = (won_re, folded_street, rest)
        tail = _SEAT_TAILS.get(key)
        if tail is None:
            tail = _seat_tail(rest, won_re, folded_street)
            if len(_SEAT_TAILS) < _SEAT_TAILS_KEPT:
                _SEAT_TAILS[key] = tail
        won_texts, shown, mucked, folded, cash_mark = tail
        won: int | None = None  # None: no amount printed (not 0 won)
        for text in won_texts:
            won = (won or 0) + self.money(text, offset)
        into.add(
            seat,
            name,
            won,
            cards_or_fail(shown, offset) if shown is not None else (),
            mucked,
            folded,
            cashed_out and cash_mark,
            offset,
        )

    def add_summary_seat_once(
        self,
        into: SummarySeatTable,
        rows: dict[int, int],
        seat: int,
        rest: str,
        offset: int,
        won_re: re.Pattern[str],
        folded_street: Callable[[str], Street | None],
    ) -> None:
        """:meth:`add_summary_seat` for rooms that print a seat's SUMMARY line twice
        (Winamax's Hi/Lo halves, WPN's boards run twice): the second is merged into the
        first (:meth:`SummarySeatTable.merge_last_into`). ``rows``: seat → its row."""
        self.add_summary_seat(into, seat, rest, offset, won_re, folded_street)
        first = rows.get(seat)
        if first is None:
            rows[seat] = len(into) - 1
        else:
            into.merge_last_into(first)

    def idle_seats_sat_out(self) -> SeatTable:
        """The seats, those with no line at all in the hand (no post, card, action,
        show or award) marked sitting out: rooms that list every seated player but
        never say who sits out (Winamax, PartyPoker) dealt them no cards."""
        involved = set(self.actions.players) | {name for name, _ in self.dealt}
        involved |= set(self.shows.players) | set(self.collections.players)
        seats = self.seats
        for i, player in enumerate(seats.players):
            if player not in involved and not seats.sitting_out[i]:
                self.notes.append(
                    f"seat {seats.seat_numbers[i]}: no line in the hand, read as sitting out"
                )
                seats.set_sitting_out(i)
        return seats

    def record(
        self,
        site: Site,
        table: TableLine,
        block: Block,
        *,
        fixed_limit_blinds: bool = True,
        bets: tuple[int | None, int | None] | None = None,
        blinds: tuple[int | None, int | None] | None = None,
        **room_fields: Any,
    ) -> HandRecord:
        """The :class:`HandRecord` of the hand read: the fields every room fills the same
        way, from the header and the lines read, plus ``room_fields`` (the room's own:
        its uncalled returns, SUMMARY, reported pots...). ``bets``: a fixed-limit game's
        small and big bet where the header's stakes are not they; ``blinds``: the blinds
        where the room's reader works them out itself (:meth:`blind_sizes` otherwise).
        Call it last, after every note is made; an unknown or repeated field is a
        ``TypeError``."""
        h = self.h
        if bets is None and self.fixed_limit():
            bets = (h.stake_low, h.stake_high)
        if blinds is None:
            blinds = self.blind_sizes(fixed_limit_blinds=fixed_limit_blinds)
        small_blind, big_blind = blinds
        return HandRecord(
            site=site,
            hand_id=h.hand_id,
            started_at=h.started_at,
            started_at_text=h.started_at_text,
            game=h.game,
            game_type=h.game_type,
            tournament_level=h.tournament_level,
            currency=h.currency,
            unit=h.unit,
            stakes=h.stakes,
            small_blind=small_blind,
            big_blind=big_blind,
            small_bet=bets[0] if bets is not None else None,
            big_bet=bets[1] if bets is not None else None,
            ante=self.ante,
            table_name=table.name,
            max_seats=table.max_seats,
            button_seat=table.button_seat,
            actions=self.actions,
            dealt=tuple(self.dealt),
            collections=self.collections,
            shows=self.shows,
            total_pot_reported=self.total,
            rake_reported=self.rake,
            source_path=block.path,
            source_line=block.line,
            text_hash=block.text_hash(),
            notes=tuple(self.notes),
            **room_fields,
        )


_Stated = TypeVar("_Stated", int, int | None)


def blind_size(posted: int | None, all_in: int | None, stated: _Stated) -> int | _Stated:
    """A blind's size: the first post that left its poster chips behind, else the
    stakes' figure, or an all-in post of more (a short stack's all-in post is no
    measure of the blind: R-AI-1).

    >>> blind_size(100, 60, 100), blind_size(None, 60, 100), blind_size(None, 60, 0)
    (100, 100, 60)
    """
    if posted is not None:
        return posted
    if all_in is not None and (stated is None or all_in > stated):
        return all_in
    return stated


_SeatTail = tuple[tuple[str, ...], str | None, bool, Street | None, bool]


def _seat_tail(
    rest: str, won_re: re.Pattern[str], folded_street: Callable[[str], Street | None]
) -> _SeatTail:
    """What a SUMMARY seat line says after the name: amounts won (as printed), the cards
    shown, mucked, the street folded on, the cash-out mark."""
    shown = BRACKETS_RE.search(rest) if " showed [" in rest or " mucked [" in rest else None
    return (
        tuple(w["amount"] for w in won_re.finditer(rest)),
        shown.group(1) if shown else None,
        " mucked" in rest,
        folded_street(rest),
        "cashed out" in rest,
    )


_SEAT_TAILS: dict[tuple[re.Pattern[str], Callable[[str], Street | None], str], _SeatTail] = {}
"""Seat-line tails already read: most repeat (`` (button) folded before Flop (didn't bet)``)."""
_SEAT_TAILS_KEPT = 50_000
"""At most this many tails kept (a few MiB, whatever the input)."""


H = TypeVar("H", bound="HandBuilder")


def read_sections(
    hand: H,
    lines: Sequence[str],
    start: int,
    street_line: Callable[[H, str, int], bool],
    body_line: Callable[[H, str, int], None],
    summary_line: Callable[[H, str, int], None],
) -> None:
    """Hand each line from ``start`` to its reader: ``*** X ***`` lines to
    ``street_line`` (True once the SUMMARY starts), then SUMMARY lines to
    ``summary_line``, the rest to ``body_line``; blank lines are skipped."""
    in_summary = False
    for offset in range(start, len(lines)):
        line = lines[offset]
        if not line:
            continue
        if in_summary:
            summary_line(hand, line, offset)
        elif line.startswith("*** "):
            in_summary = street_line(hand, line, offset)
        else:
            body_line(hand, line, offset)
