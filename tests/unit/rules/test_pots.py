"""Pot rules of docs/RULES.md (R-POT-1, R-POT-2, R-AI-5, R-TO-3): pure functions and replayed hands."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from omahahh.replay.engine import replay
from omahahh.rules.pots import build_pots, split_between_runs, uncalled_bet
from tests.helpers import hands
from tests.helpers.parsing import parse_hand
from tests.helpers.replay import audited, codes, stars


def test_r_pot_1_side_pots_worked_example_300_1800() -> None:
    # A and B each put 1000 in, C only 100: main pot 300 (A, B or C), side pot 1800 (A or B).
    pots = build_pots({1: 1000, 2: 1000, 3: 100}, in_hand={1, 2, 3})
    assert [(p.index, p.amount, p.eligible) for p in pots] == [
        (0, 300, (1, 2, 3)),
        (1, 1800, (1, 2)),
    ]


def test_r_pot_1_folded_chips_are_dead_money_in_the_pots_they_reach() -> None:
    # D folded after putting in 500: 100 goes to the main pot, 400 to the side pot.
    pots = build_pots({1: 1000, 2: 1000, 3: 100, 4: 500}, in_hand={1, 2, 3})
    assert [(p.amount, p.eligible) for p in pots] == [(400, (1, 2, 3)), (2200, (1, 2))]


def test_r_ai_5_all_in_player_wins_only_up_to_their_own_level() -> None:
    pots = build_pots({1: 300, 2: 300, 3: 50, 4: 120}, in_hand={1, 2, 3, 4})
    assert [p.eligible for p in pots] == [(1, 2, 3, 4), (1, 2, 4), (1, 2)]
    assert [p.amount for p in pots] == [200, 210, 360]


def _pots_and_awards(text: str) -> tuple[list[tuple[int, tuple[int, ...]]], dict[str, int]]:
    """The derived pots (amount, eligible seats) and each winner's derived award."""
    found = audited(text)
    assert found.result is not None and codes(found) == []
    result = found.result
    won: dict[str, int] = {}
    for a in result.awards:
        name = result.name_of(a.seat)
        won[name] = won.get(name, 0) + a.amount
    return [(p.amount, p.eligible) for p in result.pots], won


def test_r_ai_5_a_big_blind_all_in_for_less_wins_only_the_main_pot() -> None:
    # Cy (seat 3) put in 60 of the 100 the others called: main pot 4 x 60, the callers'
    # 3 x 40 a side pot Cy cannot win; Cy's best hand takes the main pot, Bob the side pot.
    pots, won = _pots_and_awards(hands.SHORT_BB_TOURNAMENT)
    assert pots == [(240, (1, 2, 3, 4)), (120, (1, 2, 4))]
    assert won == {"Cy": 240, "Bob": 120}
    # Cash, the small blind folded: its 50 is dead money in the main pot.
    pots, won = _pots_and_awards(hands.SHORT_BB_CASH)
    assert pots == [(230, (1, 3, 4)), (80, (1, 4))]
    assert won == {"Cy": 230, "Ann": 80}


def test_r_ai_5_a_small_blind_all_in_for_less_wins_only_the_main_pot() -> None:
    pots, won = _pots_and_awards(hands.SHORT_SB)
    assert pots == [(80, (1, 2, 3, 4)), (240, (1, 3, 4))]
    assert won == {"Bob": 80, "Cy": 240}


def test_r_pot_1_a_raise_over_a_short_big_blind_builds_the_side_pot() -> None:
    pots, won = _pots_and_awards(hands.SHORT_BB_RAISED)
    assert pots == [(180, (2, 3, 4)), (680, (2, 4))]
    assert won == {"Cy": 180, "Bob": 680}


@given(st.dictionaries(st.integers(1, 9), st.integers(0, 10_000), min_size=2), st.data())
def test_r_pot_1_pots_conserve_chips_and_nest(contrib: dict[int, int], data: st.DataObject) -> None:
    in_hand = data.draw(st.sets(st.sampled_from(sorted(contrib)), min_size=1))
    pots = build_pots(contrib, in_hand)
    assert sum(p.amount for p in pots) == sum(contrib.values())
    for outer, inner in itertools.pairwise(pots):
        assert set(inner.eligible) < set(outer.eligible)  # each side pot nests in the one before


def test_r_pot_2_uncalled_part_of_the_largest_bet_returns() -> None:
    assert uncalled_bet({1: 100, 2: 50}) == (1, 50)
    assert uncalled_bet({1: 100, 2: 100}) is None
    assert uncalled_bet({1: 100}) == (1, 100)


def test_r_pot_2_uncalled_bet_derived_even_where_the_text_prints_none() -> None:
    # A 2005 PokerStars tournament hand prints no uncalled line; the replay derives it.
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        A: raises $4 to $6
        B: folds
        A collected $4 from pot
        """,
        seats="Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)",
        summary="Total pot $4 | Rake $0\nSeat 1: A (button) (small blind) collected ($4)",
    )
    result = replay(parse_hand(text))
    assert [(u.player, u.amount) for u in result.uncalled] == [("A", 400)]
    assert result.total_pot == 400


def test_r_pot_2_missing_uncalled_line_is_flagged_in_modern_files() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        A: raises $4 to $6
        B: folds
        A collected $4 from pot
        """,
        seats="Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)",
        summary="Total pot $4 | Rake $0\nSeat 1: A (button) (small blind) collected ($4)",
    )
    assert codes(audited(text)) == ["uncalled_mismatch"]


def test_run_it_twice_pot_shared_between_boards_odd_chip_to_the_first() -> None:
    assert split_between_runs(301, 2) == [151, 150]
    assert split_between_runs(300, 1) == [300]


def test_r_to_3_cancelled_hand_returns_every_bet() -> None:
    text = """\
PokerStars Hand #110222853693: Omaha Pot Limit ($5/$10 USD) - 2014/01/16 13:17:20 CET [2014/01/16 7:17:20 ET]
Table 'Idelsonia III' 6-max Seat #6 is the button
Seat 6: lautie ($1467.77 in chips)
lautie: posts small blind $5
Hand cancelled
*** SUMMARY ***
Seat 6: lautie (button) collected ($0)
"""
    found = audited(text)
    assert found.result is not None
    assert found.result.total_pot == 0 and found.result.pots == () and found.result.uncalled == ()
    assert codes(found) == []


def test_r_ai_5_all_in_on_the_ante_wins_only_the_antes() -> None:
    text = stars(
        """
        A: posts the ante 10
        B: posts the ante 10
        C: posts the ante 5 and is all-in
        A: posts small blind 10
        B: posts big blind 20
        *** HOLE CARDS ***
        A: calls 10
        B: checks
        """,
        seats="Seat 1: A (1000 in chips)\nSeat 2: B (1000 in chips)\nSeat 3: C (5 in chips)",
        button=3,
        game="Tournament #1, $1+$0.10 USD Omaha Pot Limit - Level I (10/20)",
    )
    result = replay(parse_hand(text))
    assert [(p.index, p.gross, p.eligible) for p in result.pots] == [
        (0, 25, (1, 2, 3)),
        (1, 40, (1, 2)),
    ]
