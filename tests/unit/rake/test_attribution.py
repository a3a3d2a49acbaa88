"""Rake attributed to players: exact integer shares, the documented remainder rule."""

from __future__ import annotations

from fractions import Fraction

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omahahh.rake.attribution import Attribution, attribute


def _frames(
    hands: list[dict[str, object]], seats: list[dict[str, object]], with_invested: bool
) -> tuple[pl.LazyFrame, pl.LazyFrame, pl.LazyFrame]:
    per_hand = pl.DataFrame(
        hands,
        schema={
            "hand_key": pl.String,
            "rake_reported": pl.Int64,
            "rake_expected": pl.Int64,
            "button_seat": pl.Int32,
        },
    )
    players = pl.DataFrame(
        [
            {
                "hand_key": s["hand_key"],
                "player": s["player"],
                "seat": s["seat"],
                "dealt_in": s["dealt_in"],
                "uncalled_reported": s["uncalled"],
                **({"invested": s["invested"]} if with_invested else {}),
            }
            for s in seats
        ],
        schema={
            "hand_key": pl.String,
            "player": pl.String,
            "seat": pl.Int32,
            "dealt_in": pl.Boolean,
            "uncalled_reported": pl.Int64,
            **({"invested": pl.Int64} if with_invested else {}),
        },
    )
    # The fallback path reads the actions: what was put in, before the uncalled return.
    actions = pl.DataFrame(
        [
            {"hand_key": s["hand_key"], "player": s["player"], "amount": part}
            for s in seats
            for part in _split(int(s["invested"]) + int(s["uncalled"]))  # type: ignore[call-overload]
        ],
        schema={"hand_key": pl.String, "player": pl.String, "amount": pl.Int64},
    )
    return per_hand.lazy(), players.lazy(), actions.lazy()


def _split(total: int) -> list[int]:
    return [total] if total < 3 else [total // 3, total - total // 3]


def _shares(
    hands: list[dict[str, object]],
    seats: list[dict[str, object]],
    method: Attribution,
    with_invested: bool = True,
) -> dict[str, int]:
    frames = _frames(hands, seats, with_invested)
    out = attribute(*frames, method).collect()
    return {r["player"]: r["share_reported"] for r in out.iter_rows(named=True)}


def _seat(player: str, seat: int, invested: int, dealt: bool = True, uncalled: int = 0) -> dict:
    return {
        "hand_key": "h",
        "player": player,
        "seat": seat,
        "invested": invested,
        "dealt_in": dealt,
        "uncalled": uncalled,
    }


HAND = [{"hand_key": "h", "rake_reported": 7, "rake_expected": 7, "button_seat": 3}]


@pytest.mark.parametrize("with_invested", [True, False])
def test_weighted_largest_remainders_get_the_leftover_units(with_invested: bool) -> None:
    seats = [_seat("a", 1, 100, uncalled=40), _seat("b", 2, 50), _seat("c", 3, 50)]
    # Exact 3.5 / 1.75 / 1.75: floors 3/1/1, two units left go to the larger remainders.
    assert _shares(HAND, seats, Attribution.WEIGHTED, with_invested) == {"a": 3, "b": 2, "c": 2}


def test_equal_split_remainder_goes_clockwise_from_the_button() -> None:
    seats = [_seat("a", 1, 10), _seat("b", 2, 10), _seat("c", 3, 10), _seat("d", 5, 0)]
    hand = [{"hand_key": "h", "rake_reported": 11, "rake_expected": 11, "button_seat": 2}]
    # dealt: four players, 11 = 2 each + 3 left: seats 3, 5, 1 (after the button at 2).
    assert _shares(hand, seats, Attribution.DEALT) == {"a": 3, "b": 2, "c": 3, "d": 3}
    # contributed: d put nothing in; 11 = 3 each + 2 left: seats 3 then 1.
    assert _shares(hand, seats, Attribution.CONTRIBUTED) == {"a": 4, "b": 3, "c": 4, "d": 0}


def test_players_not_dealt_in_get_nothing_under_dealt() -> None:
    seats = [_seat("a", 1, 10), _seat("b", 2, 10), _seat("out", 4, 0, dealt=False)]
    assert _shares(HAND, seats, Attribution.DEALT)["out"] == 0


def test_no_eligible_player_falls_back_to_everyone_seated() -> None:
    seats = [_seat("a", 1, 0), _seat("b", 2, 0)]
    assert sum(_shares(HAND, seats, Attribution.WEIGHTED).values()) == 7


def test_null_rake_attributes_nothing() -> None:
    hand = [{"hand_key": "h", "rake_reported": None, "rake_expected": None, "button_seat": 1}]
    assert _shares(hand, [_seat("a", 1, 5)], Attribution.WEIGHTED) == {"a": None}


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    hands, seats = [], []
    for h in range(draw(st.integers(1, 8))):
        key = f"h{h}"
        n = draw(st.integers(1, 10))
        seat_numbers = draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True))
        for i, s in enumerate(seat_numbers):
            seats.append(
                {
                    "hand_key": key,
                    "player": f"p{i}",
                    "seat": s,
                    "invested": draw(st.integers(0, 10**9)),
                    "dealt_in": draw(st.booleans()),
                    "uncalled": draw(st.integers(0, 50)),
                }
            )
        rake = draw(st.integers(0, 10**6))
        hands.append(
            {
                "hand_key": key,
                "rake_reported": rake,
                "rake_expected": draw(st.integers(0, 10**6)),
                "button_seat": draw(st.one_of(st.none(), st.sampled_from(seat_numbers))),
            }
        )
    return hands, seats


@settings(max_examples=120, deadline=None)
@given(tables(), st.sampled_from(list(Attribution)))
def test_shares_sum_exactly_to_the_rake_and_stay_within_one_unit_of_exact(
    data: tuple[list[dict[str, object]], list[dict[str, object]]], method: Attribution
) -> None:
    hands, seats = data
    out = attribute(*_frames(hands, seats, True), method).collect()
    for hand in hands:
        rows = out.filter(pl.col("hand_key") == hand["hand_key"])
        for column, total in (
            ("share_reported", hand["rake_reported"]),
            ("share_expected", hand["rake_expected"]),
        ):
            assert rows[column].sum() == total
            assert rows[column].min() >= 0
        weights = {
            r["player"]: _weight(r, method) for r in seats if r["hand_key"] == hand["hand_key"]
        }
        if sum(weights.values()) == 0:
            weights = dict.fromkeys(weights, 1)
        total_w = sum(weights.values())
        for r in rows.iter_rows(named=True):
            exact = Fraction(int(hand["rake_reported"]) * weights[r["player"]], total_w)  # type: ignore[call-overload]
            assert exact - 1 < r["share_reported"] < exact + 1


def _weight(seat: dict[str, object], method: Attribution) -> int:
    invested = int(seat["invested"])  # type: ignore[call-overload]
    if method is Attribution.DEALT:
        return int(bool(seat["dealt_in"]))
    if method is Attribution.CONTRIBUTED:
        return int(invested > 0)
    return invested
