"""Omaha starting-hand categories: worked examples, and the polars twin equal to the reference."""

from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omahahh.cards import card_str, parse_cards
from omahahh.eval.starting_hands import (
    UNKNOWN,
    add_categories,
    category_labels_expr,
    classify,
    labels,
)


@pytest.mark.parametrize(
    ("hand", "suits"),
    [
        ("As Ks Qd 7d", "double_suited"),
        ("As Ks Qd 7h", "single_suited"),
        ("As Ks Qs 7h", "single_suited"),  # three of a suit: still one suit that plays
        ("As Kd Qh 7c", "rainbow"),
        ("As Ks Qd 7d 2c", "double_suited"),  # five cards
        ("As Kd Qh 7c 2s", "single_suited"),  # five cards are never rainbow
    ],
)
def test_suits(hand: str, suits: str) -> None:
    assert classify(parse_cards(hand)).suits == suits


@pytest.mark.parametrize(
    ("hand", "pairs"),
    [
        ("As Kd Qh 7c", "no_pair"),
        ("Kc Kd 9h 8s", "one_pair"),
        ("Kc Kd 9h 9s", "two_pair"),
        ("Kc Kd 9h 9s 8c 8d", "two_pair"),  # three pairs in six cards: two or more
        ("Kc Kd Kh 9s", "trips"),
        ("Kc Kd Kh Ks", "trips"),  # quads count as trips: the hand has no pair to play
        ("Kc Kd Kh 9s 9c", "trips"),
    ],
)
def test_pairs(hand: str, pairs: str) -> None:
    assert classify(parse_cards(hand)).pairs == pairs


@pytest.mark.parametrize(
    ("hand", "connectivity"),
    [
        ("Jc Td 9h 8s", "rundown"),
        ("As 2d 3h 4c", "rundown"),  # the ace plays low
        ("As Kd Qh Jc", "rundown"),  # and high
        ("Jc Td 8h 7s", "wrap"),  # one gap
        ("Qc Jd 9h 7s", "wrap"),  # two gaps: four ranks within six
        ("Kc Jd 9h 7s", "disconnected"),  # spans seven ranks
        ("Jc Jd Th 9s", "disconnected"),  # only three distinct ranks
        ("Kc 9d 8h 7s 6c", "rundown"),  # four of five cards run
    ],
)
def test_connectivity(hand: str, connectivity: str) -> None:
    assert classify(parse_cards(hand)).connectivity == connectivity


def test_ace_suited_and_aaxx_tags() -> None:
    assert classify(parse_cards("As 7s Kd 2c")).ace_suited
    assert not classify(parse_cards("As 7d Kd 2c")).ace_suited
    assert classify(parse_cards("Ac Ad 7h 2s")).aaxx
    assert not classify(parse_cards("Ac Kd 7h 2s")).aaxx
    assert labels(classify(parse_cards("Ac Ad 7c 2s"))) == [
        "single_suited",
        "one_pair",
        "disconnected",
        "ace_suited",
        "AAxx",
    ]


def _frame(hands: list[list[int]], known: list[bool]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "hole": [[card_str(c) for c in h] for h in hands],
            "known": known,
        },
        schema={"hole": pl.List(pl.String), "known": pl.Boolean},
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.integers(4, 6).flatmap(
            lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
        ),
        min_size=1,
        max_size=40,
    )
)
def test_polars_categories_equal_the_reference(hands: list[list[int]]) -> None:
    frame = add_categories(_frame(hands, [True] * len(hands)).lazy(), "hole", "known")
    out = frame.with_columns(category_labels_expr().alias("category")).collect()
    for cards, row in zip(hands, out.iter_rows(named=True), strict=True):
        ref = classify(cards)
        got = (row["suits"], row["pairs"], row["connectivity"], row["ace_suited"], row["aaxx"])
        assert got == (ref.suits, ref.pairs, ref.connectivity, ref.ace_suited, ref.aaxx)
        assert row["category"] == labels(ref)


def test_unknown_hands_are_labelled_unknown() -> None:
    partial = [parse_cards("As Ad"), parse_cards("Kc Kd 9h 9s")]
    frame = add_categories(
        _frame([list(h) for h in partial], [False, True]).lazy(), "hole", "known"
    )
    out = frame.with_columns(category_labels_expr().alias("category")).collect()
    first = out.row(0, named=True)
    assert (first["suits"], first["pairs"], first["aaxx"], first["category"]) == (
        UNKNOWN,
        UNKNOWN,
        False,
        [UNKNOWN],
    )
    assert out.row(1, named=True)["pairs"] == "two_pair"
