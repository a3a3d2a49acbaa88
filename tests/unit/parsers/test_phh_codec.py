"""The user-defined field codec and the TOML writer of the PHH export."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, time
from decimal import Decimal

from omahahh.cards import parse_cards
from omahahh.model import (
    Action,
    ActionKind,
    Collection,
    HandRecord,
    Seat,
    Show,
    SidePayment,
    Street,
    SummarySeat,
)
from omahahh.parsers.phh_codec import decode, encode, field_hints, toml_lines

HINTS = field_hints(HandRecord)


def _round_trip(name: str, value: object) -> object:
    doc = tomllib.loads("\n".join(toml_lines({"x": encode(value, name)})), parse_float=Decimal)
    return decode(doc["x"], HINTS[name], name)


def test_records_round_trip_through_toml_without_line_offsets() -> None:
    actions = (
        Action(
            street=Street.FLOP,
            player="Bob 2",
            kind=ActionKind.RAISE,
            amount=5,
            to_amount=9,
            raise_by=4,
            all_in=True,
            line=17,
        ),
    )
    assert _round_trip("actions", actions) == (
        Action(
            street=Street.FLOP,
            player="Bob 2",
            kind=ActionKind.RAISE,
            amount=5,
            to_amount=9,
            raise_by=4,
            all_in=True,
        ),
    )
    seats = (Seat(seat=3, player='q"uote\\d', stack_start=10, sitting_out=True, bounty=250),)
    assert _round_trip("seats", seats) == seats
    collections = (Collection(player="Hero", amount=5, pot_index=1, run=1, half="low"),)
    assert _round_trip("collections", collections) == collections
    pays = (SidePayment(player="x", kind="ev_cashout", amount=998),)
    assert _round_trip("side_payments", pays) == pays


def test_cards_are_written_as_strings() -> None:
    shows = (Show(player="Radío", cards=parse_cards("As Kd"), description="HI: x; LO: y"),)
    encoded = encode(shows, "shows")
    assert encoded == [
        {"player": "Radío", "cards": "AsKd", "description": "HI: x; LO: y", "mucked": False}
    ]
    assert _round_trip("shows", shows) == shows
    boards = (parse_cards("2c 3d 4h 5s 6c"), parse_cards("2c 3d 4h 7s 8c"))
    assert encode(boards, "boards") == ["2c3d4h5s6c", "2c3d4h7s8c"]
    assert _round_trip("boards", boards) == boards
    dealt = (("Hero", parse_cards("Ah Ad Kc Ks")),)
    assert _round_trip("dealt", dealt) == dealt
    summary = (SummarySeat(seat=1, player="a", won=5, folded_street=Street.TURN),)
    assert _round_trip("summary_seats", summary) == summary


def test_scalars_enums_and_times() -> None:
    stamp = datetime(2024, 5, 6, 7, 8, 9, tzinfo=UTC)
    assert _round_trip("started_at", stamp) == stamp
    assert _round_trip("betting_capped", (Street.FLOP,)) == (Street.FLOP,)
    assert _round_trip("side_pots_reported", (5, 7)) == (5, 7)
    doc = tomllib.loads("\n".join(toml_lines({"t": time(1, 2, 3), "d": Decimal("0.25")})))
    assert doc == {"t": time(1, 2, 3), "d": 0.25}


def test_keys_that_are_not_bare_are_quoted() -> None:
    text = "\n".join(toml_lines({"a b": 1, "ok_key-1": 2}))
    assert tomllib.loads(text) == {"a b": 1, "ok_key-1": 2}
