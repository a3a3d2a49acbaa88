"""Actions as columns: readers append to an ``ActionTable`` with no record per line, and
the table stands for the tuple of records it holds."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import polars as pl
import pytest

from omahahh.action_table import ActionTable, action_table
from omahahh.dataset.fragments import FragmentBuilder
from omahahh.dataset.pipeline import process_text
from omahahh.model import Action, ActionKind, HandRecord, Site, Street
from omahahh.parsers import betting_lines, pokerstars
from omahahh.parsers.phh_codec import decode, encode, field_hints, written
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from omahahh.replay.batch_walk import kernel
from tests.helpers.hands import STARS_BASE
from tests.helpers.paths import CORPUS
from tests.helpers.runtime import skip_if_compiled


def _actions() -> tuple[Action, ...]:
    return (
        Action(street=Street.PREFLOP, player="Ann", kind=ActionKind.POST_SMALL_BLIND, amount=1),
        Action(street=Street.PREFLOP, player="Bob", kind=ActionKind.POST_BIG_BLIND, amount=2),
        Action(
            street=Street.PREFLOP,
            player="Ann",
            kind=ActionKind.RAISE,
            amount=5,
            to_amount=6,
            raise_by=4,
            all_in=True,
            line=7,
        ),
        Action(street=Street.PREFLOP, player="Bob", kind=ActionKind.FOLD, line=8),
    )


def test_table_holds_the_records_it_was_made_of() -> None:
    records = _actions()
    table = ActionTable.of(records)
    assert len(table) == 4
    assert tuple(table) == records
    assert table == records and records == table  # either side of ==
    assert table[2] == records[2] and table[-1] == records[-1]
    assert table[1:3] == records[1:3]
    assert list(reversed(table)) == list(reversed(records))
    assert records[3] in table
    assert hash(table) == hash(records)
    assert table.amounts == [1, 2, 5, 0] and table.all_ins == [False, False, True, False]
    with pytest.raises(IndexError):
        table[4]


def test_indexing_a_growing_table_builds_only_the_rows_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reader looks at its last rows line after line while the table grows: building
    every row each time made a hand's reading quadratic in its actions."""
    records = _actions()
    table = ActionTable.of(records[:3])
    built: list[int] = []
    plain = ActionTable.record
    monkeypatch.setattr(ActionTable, "record", lambda t, i: built.append(i) or plain(t, i))
    assert table[2:] == records[2:3] and table[-1] == records[2] and table[0] == records[0]
    a = records[3]
    table.add(a.street, a.player, a.kind, a.amount, a.to_amount, a.raise_by, a.all_in, a.line)
    assert table[3:] == records[3:] and table[-4] == records[0]
    assert built == [2, 2, 0, 3, 0]
    with pytest.raises(IndexError):
        table[-5]
    assert tuple(table) == records  # every row, built once and kept
    assert table[1:3] == records[1:3] and built[5:] == [0, 1, 2, 3]


def test_table_differs_where_a_record_differs() -> None:
    records = _actions()
    other = (*records[:2], dataclasses.replace(records[2], amount=4), *records[3:])
    assert ActionTable.of(records) != ActionTable.of(other)
    assert ActionTable.of(records) != other
    assert ActionTable.of(records) != records[:3]


def test_table_survives_pickling() -> None:
    table = ActionTable.of(_actions())
    again = pickle.loads(pickle.dumps(table))
    assert isinstance(again, ActionTable) and again == table
    assert again.lines == [0, 0, 7, 8]


def test_action_table_of_records_and_of_a_table() -> None:
    table = ActionTable.of(_actions())
    assert action_table(table) is table
    assert action_table(_actions()) == table


def _stars_hands() -> list[HandRecord]:
    """The corpus's PokerStars hands (the room the benchmarks read)."""
    blocks = [b for p in expand_paths([CORPUS / "PokerStars"]) for b in iter_blocks(p)]
    hands = [h for h in parse_blocks(blocks) if isinstance(h, HandRecord)]
    stars = [h for h in hands if h.site is Site.POKERSTARS]
    assert len(stars) > 50
    return stars


@pytest.mark.corpus
def test_pokerstars_reader_makes_no_action_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hot path's promise: a PokerStars hand's actions go straight into columns."""
    skip_if_compiled(pokerstars)
    skip_if_compiled(betting_lines)

    def no_record(**_: object) -> Action:
        raise AssertionError("an Action record was made while reading")

    monkeypatch.setattr(Action, "__init__", no_record)
    for hand in _stars_hands():
        assert isinstance(hand.actions, ActionTable)


@pytest.mark.corpus
def test_actions_table_is_the_same_from_columns_and_from_records() -> None:
    """A hand built in code (records) and the reader's (columns) give one ``actions``
    table."""
    hands = _stars_hands()[:40]
    as_records = [dataclasses.replace(h, actions=tuple(h.actions)) for h in hands]
    assert all(not isinstance(h.actions, ActionTable) for h in as_records)
    frames = []
    for batch in (hands, as_records):
        builder = FragmentBuilder()
        for hand in batch:
            builder.add(hand)
        frames.append(builder.build().frames["actions"])
    assert frames[0].height == sum(len(h.actions) for h in hands)
    assert frames[0].equals(frames[1])


def test_actions_table_rows_say_what_the_text_says() -> None:
    """Every column of the ``actions`` table that the text fixes, and the replay's pot, call
    and raise bounds (R-BET rules) at the decisions worked out by hand."""
    frame = process_text(STARS_BASE).frames["actions"]
    text_columns = ["street", "player", "seat", "kind", "amount", "to_amount", "raise_by"]
    assert frame.select(*text_columns, "all_in", "source_line").rows() == [
        ("preflop", "Bob 2", 2, "post_small_blind", 10, None, None, False, 7),
        ("preflop", "Bob", 3, "post_big_blind", 25, None, None, False, 8),
        ("preflop", "Alice", 1, "raise", 75, 75, 50, False, 11),
        ("preflop", "Bob 2", 2, "raise", 215, 225, 150, False, 12),
        ("preflop", "Bob", 3, "fold", 0, None, None, False, 13),
        ("preflop", "Alice", 1, "call", 150, None, None, False, 14),
        ("flop", "Bob 2", 2, "bet", 475, 475, None, False, 16),
        ("flop", "Alice", 1, "raise", 1900, 1900, 1425, False, 17),
        ("flop", "Bob 2", 2, "fold", 0, None, None, False, 18),
    ]
    assert frame["seq"].to_list() == list(range(9))
    assert frame["hand_key"].unique().to_list() == ["pokerstars:200000000001"]
    assert frame["pot_before"].to_list() == [0, 10, 35, 110, 325, 325, 475, 950, 2850]
    assert frame["to_call"].to_list() == [None, None, 25, 65, 200, 150, 0, 475, 1425]
    raises = frame.filter(pl.col("kind") == "raise")
    # PLO: at least the last raise again; at most the pot after calling (R-BET rules)
    assert raises.select("min_raise_to", "max_raise_to").rows() == [
        (50, 85),
        (125, 250),
        (950, 1900),  # the pot exactly: Alice raises the maximum
    ]
    posts = frame.filter(pl.col("kind").str.starts_with("post"))
    assert posts.select("to_call", "min_raise_to", "max_raise_to").null_count().row(0) == (2, 2, 2)


def test_records_are_built_once_and_again_after_a_change() -> None:
    table = ActionTable.of(_actions())
    first = table.records()
    assert next(iter(table)) is first[0] and table[3] is first[3]  # built once
    table.set_all_in(3)
    assert table[3].all_in and not first[3].all_in
    table.set_player(0, "Cy")
    assert table[0].player == "Cy"
    table.add(Street.FLOP, "Cy", ActionKind.CHECK, line=9)
    assert len(tuple(table)) == 5 and table[-1].kind is ActionKind.CHECK
    again = pickle.loads(pickle.dumps(table))
    assert again == table and again.records() == table.records()


def test_phh_codec_writes_a_table_as_the_records_it_holds() -> None:
    records = _actions()
    table = ActionTable.of(records)
    assert encode(table, "actions") == encode(records, "actions")
    assert written(table, "actions") == written(records, "actions")
    back = decode(encode(table, "actions"), field_hints(HandRecord)["actions"], "actions")
    assert back == tuple(dataclasses.replace(a, line=0) for a in records)  # offsets not written


def test_pipeline_builds_no_action_record_for_a_hand_without_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the compiled walk, parse, walk, audit and tables read the columns: a hand the
    betting masks mark nothing in gets through the pipeline without one ``Action``."""
    if kernel() is None:
        pytest.skip("no compiled walk here: the walk in Python reads records")
    built: list[object] = []
    real = Action.__init__

    def counted(self: Action, **fields: Any) -> None:
        built.append(fields)
        real(self, **fields)

    monkeypatch.setattr(Action, "__init__", counted)
    fragment = process_text(STARS_BASE)
    assert fragment.frames["actions"].height == 9 and fragment.frames["findings"].height == 0
    assert built == []


@pytest.mark.corpus
def test_every_room_reader_gives_the_hot_path_columns() -> None:
    """Every corpus hand's actions arrive as a table: a room that handed over a tuple
    would have its records turned into columns again by each step that reads them."""
    blocks = [b for p in expand_paths([CORPUS]) for b in iter_blocks(p)]
    hands = [h for h in parse_blocks(blocks) if isinstance(h, HandRecord)]
    assert len({h.site for h in hands}) > 20
    assert [h.hand_key for h in hands if not isinstance(h.actions, ActionTable)] == []
