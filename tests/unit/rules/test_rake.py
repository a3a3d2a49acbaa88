"""R-RAKE-1 to R-RAKE-5: every row and boundary of the documented rake schedule.

The expected figures are docs/RULES.md's tables restated here, not computed from
the code under test.
"""

from __future__ import annotations

import pytest

from omahahh.rake.builtin import builtin_schedule
from omahahh.rake.schedule import Schedule
from omahahh.rules.rake import (
    Expected,
    PlayerCap,
    RakeRule,
    Rounding,
    Step,
    below_minimum_pot,
    cap_for_players,
    capped,
    expected_rake,
    no_drop,
    percentage_rake,
    round_div,
    step_rake,
)


@pytest.fixture(scope="module")
def documented() -> Schedule:
    return builtin_schedule("documented")


def _limit(schedule: Schedule, small_bet: int, players: int, pot: int) -> Expected | None:
    return schedule.expect(
        site="pokerstars",
        structure="fixed_limit",
        game_type="cash",
        currency="USD",
        stakes=small_bet,
        pot=pot,
        players=players,
        flop_dealt=True,
    )


def _big_bet(
    schedule: Schedule, players: int, pot: int, structure: str = "pot_limit", flop: bool = True
) -> Expected | None:
    return schedule.expect(
        site="pokerstars",
        structure=structure,
        game_type="cash",
        currency="USD",
        stakes=100,
        pot=pot,
        players=players,
        flop_dealt=flop,
    )


# R-RAKE-2, restated: (stakes small bets, player counts, [(pot ≥, rake), ...]).
R_RAKE_2_TABLE = [
    ((50, 100), (2, 10), [(500, 50), (1200, 75), (2000, 100)]),
    ((200, 500, 1000), (2, 3), [(2000, 100)]),
    ((200, 500, 1000), (4, 5), [(2000, 100), (3000, 150), (4000, 200)]),
    (
        (200, 500, 1000),
        (6, 10),
        [(2000, 100), (3000, 150), (4000, 200), (5000, 250), (6000, 300)],
    ),
    ((1500, 2000, 3000), (2, 3), [(4000, 100)]),
    ((1500, 2000, 3000), (4, 5), [(4000, 100), (5500, 150), (7000, 200)]),
    (
        (1500, 2000, 3000),
        (6, 10),
        [(4000, 100), (5500, 150), (7000, 200), (8500, 250), (10000, 300)],
    ),
]


def _r_rake_2_cases() -> list[tuple[int, int, int, int]]:
    cases = []
    for stakes, (lo, hi), steps in R_RAKE_2_TABLE:
        for small_bet in stakes:
            for players in (lo, hi):
                previous = 0
                for pot, rake in steps:
                    cases.append((small_bet, players, pot - 1, previous))  # just below the step
                    cases.append((small_bet, players, pot, rake))  # at the step
                    previous = rake
                cases.append((small_bet, players, steps[-1][0] * 10, previous))  # the cap
    return cases


@pytest.mark.parametrize(("small_bet", "players", "pot", "rake"), _r_rake_2_cases())
def test_r_rake_2_limit_step_table_every_row_and_boundary(
    documented: Schedule, small_bet: int, players: int, pot: int, rake: int
) -> None:
    assert _limit(documented, small_bet, players, pot) == Expected(rake, "R-RAKE-2")


@pytest.mark.parametrize("small_bet", [2, 25, 150, 1200, 4000])
def test_r_rake_2_stakes_outside_the_table_get_no_expectation(
    documented: Schedule, small_bet: int
) -> None:
    assert _limit(documented, small_bet, 6, 10_000) is None


def test_r_rake_2_one_player_has_no_row(documented: Schedule) -> None:
    assert _limit(documented, 200, 1, 5000) is None


def test_r_rake_2_step_rake_worked_example() -> None:
    steps = (Step(2000, 100), Step(3000, 150), Step(4000, 200))
    assert step_rake(3500, steps) == 150
    assert step_rake(1999, steps) == 0
    assert step_rake(10**9, steps) == 200


def test_r_rake_3_part_dollar_does_not_count_worked_example() -> None:
    # docs/RULES.md: "a $7.80 pot pays $0.35".
    assert percentage_rake(780, 500, 100) == 35
    assert percentage_rake(780, 500, 100, Rounding.UP) == 40
    assert percentage_rake(780, 500, 100, Rounding.NEAREST) == 40
    assert percentage_rake(750, 500, 100, Rounding.NEAREST) == 40
    assert percentage_rake(749, 500, 100, Rounding.NEAREST) == 35
    assert percentage_rake(780, 500) == 39  # per cent, fraction rounded down
    assert percentage_rake(790, 450, fraction_rounding=Rounding.NEAREST) == 36  # 35.55


# R-RAKE-3 caps, restated: players -> cap; the pot where the cap is first reached.
R_RAKE_3_CAPS = {2: 100, 3: 100, 4: 200, 5: 200, 6: 300, 7: 300, 8: 300, 9: 300, 10: 300}


@pytest.mark.parametrize(("players", "cap"), sorted(R_RAKE_3_CAPS.items()))
@pytest.mark.parametrize("structure", ["pot_limit", "no_limit"])
def test_r_rake_3_caps_by_players_dealt_every_boundary(
    documented: Schedule, players: int, cap: int, structure: str
) -> None:
    reach = cap * 20  # $0.05 per $1: the cap is reached at a pot of 20 × cap
    assert _big_bet(documented, players, reach - 1, structure) == Expected(cap - 5, "R-RAKE-3")
    assert _big_bet(documented, players, reach, structure) == Expected(cap, "R-RAKE-3")
    assert _big_bet(documented, players, reach * 50, structure) == Expected(cap, "R-RAKE-3")


def test_r_rake_3_ten_players_take_the_six_to_nine_cap() -> None:
    caps = builtin_schedule("documented").tiers[0].rule.caps
    assert cap_for_players(caps, 10) == cap_for_players(caps, 9) == 300


def test_r_rake_3_cap_helpers() -> None:
    caps = (PlayerCap(2, 3, 100), PlayerCap(4, 5, 200))
    assert cap_for_players(caps, 5) == 200
    assert cap_for_players(caps, 6) is None
    assert capped(540, 300) == 300
    assert capped(540, None) == 540


def test_r_rake_3_covers_every_stakes_in_dollars_only(documented: Schedule) -> None:
    # The documents state dollar amounts: other currencies get no expectation.
    def expect(currency: str, stakes: int) -> Expected | None:
        return documented.expect(
            site="pokerstars",
            structure="no_limit",
            game_type="cash",
            currency=currency,
            stakes=stakes,
            pot=780,
            players=6,
            flop_dealt=True,
        )

    for stakes in (2, 100, 40000):
        assert expect("USD", stakes) == Expected(35, "R-RAKE-3")
        assert expect("EUR", stakes) is None
        assert expect("PLAY", stakes) is None


def test_r_rake_4_minimum_pot_is_off_by_default_and_a_setting(documented: Schedule) -> None:
    assert _big_bet(documented, 6, 999) == Expected(45, "R-RAKE-3")
    rule = RakeRule(percent_bp=500, increment=100, min_pot=1000)
    assert expected_rake(rule, 999, 6, True) == Expected(0, "R-RAKE-4")
    assert expected_rake(rule, 1000, 6, True) == Expected(50, "R-RAKE-3")
    assert below_minimum_pot(999, 1000) and not below_minimum_pot(1000, 1000)


def test_r_rake_5_no_flop_is_raked_by_default(documented: Schedule) -> None:
    assert _big_bet(documented, 6, 780, flop=False) == Expected(35, "R-RAKE-3")


def test_r_rake_5_no_flop_no_drop_setting() -> None:
    rule = RakeRule(percent_bp=500, increment=100, no_flop_no_drop=True, min_pot=10_000)
    assert expected_rake(rule, 780, 6, False) == Expected(0, "R-RAKE-5")  # before R-RAKE-4
    assert expected_rake(rule, 20_000, 6, True) == Expected(1000, "R-RAKE-3")  # no caps
    assert no_drop(False, True) and not no_drop(True, True) and not no_drop(False, False)


def test_r_rake_1_tournament_pots_are_not_raked(documented: Schedule) -> None:
    got = documented.expect(
        site="pokerstars",
        structure="pot_limit",
        game_type="tournament",
        currency="CHIPS",
        stakes=100,
        pot=15010,
        players=9,
        flop_dealt=True,
    )
    assert got == Expected(0, "R-RAKE-1")


def test_r_to_3_cancelled_hand_expects_no_rake(documented: Schedule) -> None:
    got = documented.expect(
        site="pokerstars",
        structure="pot_limit",
        game_type="cash",
        currency="USD",
        stakes=10,
        pot=None,
        players=1,
        flop_dealt=False,
        cancelled=True,
    )
    assert got == Expected(0, "R-TO-3")


def test_none_schedule_makes_no_claim() -> None:
    none = builtin_schedule("none")
    assert _big_bet(none, 6, 10_000) is None
    assert _limit(none, 200, 6, 10_000) is None


@pytest.mark.parametrize(
    ("n", "d", "rounding", "want"),
    [
        (780, 100, Rounding.DOWN, 7),
        (780, 100, Rounding.UP, 8),
        (700, 100, Rounding.UP, 7),
        (750, 100, Rounding.NEAREST, 8),
        (749, 100, Rounding.NEAREST, 7),
        (0, 100, Rounding.UP, 0),
    ],
)
def test_round_div(n: int, d: int, rounding: Rounding, want: int) -> None:
    assert round_div(n, d, rounding) == want
