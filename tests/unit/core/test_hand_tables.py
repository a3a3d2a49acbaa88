"""Seats, SUMMARY seats, awards, shows and uncalled returns as columns:
the readers on the shared betting lines append to tables with no record per line, and each
table stands for the tuple of records it holds."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from omahahh.dataset.pipeline import process_text
from omahahh.hand_tables import (
    CollectionTable,
    SeatTable,
    ShowTable,
    SummarySeatTable,
    UncalledTable,
    as_table,
)
from omahahh.model import (
    Collection,
    HandRecord,
    Seat,
    Show,
    Site,
    Street,
    SummarySeat,
    UncalledReturn,
)
from omahahh.parsers import (
    betting_lines,
    boss,
    common,
    doc_hand,
    ggpoker,
    ipoker,
    microgaming,
    poker888,
    pokerstars,
    winamax,
    wpn,
)
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from omahahh.replay.batch_walk import kernel
from tests.helpers.hands import STARS_BASE
from tests.helpers.paths import CORPUS
from tests.helpers.runtime import skip_if_compiled

RECORDS: dict[type[Any], tuple[Any, ...]] = {
    SeatTable: (
        Seat(seat=1, player="Ann", stack_start=200),
        Seat(seat=4, player="Bob", stack_start=150, sitting_out=True, bounty=500),
        Seat(seat=6, player="Cy", stack_start=90, out_of_hand=True, stack_end_reported=0),
    ),
    SummarySeatTable: (
        SummarySeat(seat=1, player="Ann", won=30, showed=(1, 2, 3, 4), line=20),
        SummarySeat(seat=4, player="Bob", folded_street=Street.FLOP, line=21),
        SummarySeat(seat=6, player="Cy", mucked=True, cashed_out=True, line=22),
    ),
    CollectionTable: (
        Collection(player="Ann", amount=15, pot_index=0, half="high", line=17),
        Collection(player="Bob", amount=7, pot_index=1, run=1, pot_label="side pot-1", line=18),
    ),
    ShowTable: (
        Show(player="Ann", cards=(1, 2, 3, 4), description="a pair", line=15),
        Show(player="Bob", cards=(5, 6), mucked=True, line=16),
    ),
    UncalledTable: (UncalledReturn(player="Ann", amount=9, street=Street.RIVER, line=14),),
}


@pytest.mark.parametrize("kind", list(RECORDS), ids=lambda k: k.__name__)
def test_table_holds_the_records_it_was_made_of(kind: type[Any]) -> None:
    records = RECORDS[kind]
    table = kind.of(records)
    assert len(table) == len(records)
    assert tuple(table) == records and table == records and records == table
    assert table[-1] == records[-1] and table[:1] == records[:1]
    assert hash(table) == hash(records)
    assert as_table(kind, records) == table and as_table(kind, table) is table
    assert repr(table).startswith(kind.__name__ + "([")


@pytest.mark.parametrize("kind", list(RECORDS), ids=lambda k: k.__name__)
def test_table_survives_pickling_as_its_columns(kind: type[Any]) -> None:
    table = kind.of(RECORDS[kind])
    tuple(table)  # the records built for iteration are not what travels
    again = pickle.loads(pickle.dumps(table))
    assert type(again) is kind and again == table and tuple(again) == RECORDS[kind]


def test_a_mended_row_reaches_the_records() -> None:
    seats = SeatTable.of(RECORDS[SeatTable])
    assert not seats[0].sitting_out
    seats.set_sitting_out(0)
    assert seats[0].sitting_out and seats.sitting_out == [True, True, False]
    shows = ShowTable.of(RECORDS[ShowTable])
    tuple(shows)
    shows[-1] = Show(player="Bob", cards=(5, 6), description="mucked", mucked=True, line=16)
    assert shows.descriptions == ["a pair", "mucked"] and shows[1].description == "mucked"
    with pytest.raises(IndexError):
        shows[2] = shows[0]


def test_a_seats_second_summary_line_merges_into_its_first() -> None:
    """Winamax's Hi/Lo halves and WPN's boards run twice print a seat's line twice: one
    row, amounts summed, the first line's place kept."""
    t = SummarySeatTable()
    t.add(3, "Ann", None, line=10)
    t.add(5, "Bob", 4, line=11)
    t.add(3, "Ann", None, (1, 2, 3, 4), folded_street=Street.TURN, line=12)
    t.merge_last_into(0)
    assert tuple(t) == (
        SummarySeat(seat=3, player="Ann", showed=(1, 2, 3, 4), folded_street=Street.TURN, line=10),
        SummarySeat(seat=5, player="Bob", won=4, line=11),
    )
    t.add(5, "Bob", 6, mucked=True, line=13)
    t.merge_last_into(1)
    assert t[1] == SummarySeat(seat=5, player="Bob", won=10, mucked=True, line=11)


def _hands(room: str, site: Site) -> list[HandRecord]:
    blocks = [b for p in expand_paths([CORPUS / room]) for b in iter_blocks(p)]
    hands = [h for h in parse_blocks(blocks) if isinstance(h, HandRecord) and h.site is site]
    assert len(hands) > 5
    return hands


_CLASSES = (Seat, Show, Collection, SummarySeat, UncalledReturn)


def _forbid_records(monkeypatch: pytest.MonkeyPatch, modules: Sequence[Any]) -> None:
    def no_record(*_: object, **__: object) -> None:
        raise AssertionError("a per-line record was made while reading")

    for cls in _CLASSES:
        monkeypatch.setattr(cls, "__init__", no_record)


_FIELDS = {
    "seats": SeatTable,
    "summary_seats": SummarySeatTable,
    "collections": CollectionTable,
    "shows": ShowTable,
    "uncalled": UncalledTable,
}


def _not_tables(hand: HandRecord) -> list[str]:
    """The fields of ``hand`` a reader handed over as something else than its table (a
    room that prints no such line hands over an empty one)."""
    return [
        f"{hand.hand_key}.{name}"
        for name, kind in _FIELDS.items()
        if not isinstance(getattr(hand, name), kind)
    ]


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("room", "site", "reader"),
    [
        ("PokerStars", Site.POKERSTARS, pokerstars),
        ("GGPoker", Site.GGPOKER, ggpoker),
        ("Winamax", Site.WINAMAX, winamax),
        ("WPN-ACR", Site.WPN, wpn),
        ("Pacific-888", Site.POKER888, poker888),
        ("iPokerXML", Site.IPOKER, ipoker),
        ("BossXML", Site.BOSS, boss),
        ("MicrogamingXML", Site.MICROGAMING, microgaming),
    ],
)
def test_reader_makes_no_record_per_seat_award_show_or_summary_line(
    monkeypatch: pytest.MonkeyPatch, room: str, site: Site, reader: Any
) -> None:
    """The promise for the rooms most files come from (text and XML): every seat, SUMMARY
    seat, award, show and uncalled line (or element) goes straight into columns."""
    for module in (reader, betting_lines, common, doc_hand):
        skip_if_compiled(module)
    _forbid_records(monkeypatch, (reader, betting_lines, common, doc_hand))
    hands = _hands(room, site)
    assert [bad for hand in hands for bad in _not_tables(hand)] == []


@pytest.mark.corpus
def test_every_room_hands_over_tables() -> None:
    """Every corpus hand of every room holds tables, empty where the room prints no such
    line: a tuple would be turned into a table again by each step that reads it."""
    blocks = [b for p in expand_paths([CORPUS]) for b in iter_blocks(p)]
    hands = [h for h in parse_blocks(blocks) if isinstance(h, HandRecord)]
    assert len({h.site for h in hands}) > 20
    assert [bad for hand in hands for bad in _not_tables(hand)] == []


def test_pipeline_reads_the_columns_of_a_hand_without_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the compiled walk, parse, walk, audit and tables read the columns: a PokerStars
    hand goes through without one seat, award, show or SUMMARY record."""
    if kernel() is None:
        pytest.skip("no compiled walk here: the walk in Python reads records")
    built: list[str] = []

    def counting(cls: type) -> Callable[..., None]:
        real = cls.__init__

        def made(self: object, **fields: Any) -> None:
            built.append(cls.__name__)
            real(self, **fields)

        return made

    for cls in _CLASSES:
        monkeypatch.setattr(cls, "__init__", counting(cls))
    fragment = process_text(STARS_BASE)
    assert fragment.frames["players"].height > 0 and fragment.frames["findings"].height == 0
    assert built == []
