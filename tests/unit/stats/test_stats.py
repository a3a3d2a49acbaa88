"""Each statistic of docs/STATS.md on the crafted sessions of tests/helpers/stats_hands.py.

Every expected value below is worked out by hand from the hand texts (the
reasoning is in the comments); none is read back from the code.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text, process_text
from omahahh.model import HandRecord
from omahahh.stats.facts import player_hands
from omahahh.stats.players import STATS, player_stats, tables_of
from tests.helpers.paths import REPO, SAMPLES
from tests.helpers.stats_hands import HILO, SESSION


@pytest.fixture(scope="module")
def tables() -> dict[str, pl.LazyFrame]:
    return tables_of(process_text(SESSION + "\n\n\n" + HILO).frames)


@pytest.fixture(scope="module")
def stats(tables: dict[str, pl.LazyFrame]) -> dict[str, dict[str, Any]]:
    frame = player_stats(tables)
    return {row["player"]: row for row in frame.iter_rows(named=True)}


def test_crafted_hands_are_legal_so_the_worked_values_mean_something() -> None:
    for text in (SESSION, HILO):
        for hand in parse_text(text):
            assert isinstance(hand, HandRecord)
            assert audit_hand(hand).findings == ()


def test_hands_counts_every_hand_dealt_in(stats: dict[str, dict[str, Any]]) -> None:
    # A and D play hands 1-4 (D is in the heads-up hand 4); B, C, E, F hands 1-3.
    assert {p: stats[p]["hands"] for p in "ABCDEF"} == {
        "A": 4, "B": 3, "C": 3, "D": 4, "E": 3, "F": 3,
    }  # fmt: skip


def test_net_won_is_won_minus_invested(stats: dict[str, dict[str, Any]]) -> None:
    # A: +0.45 (won 0.75, put in 0.30), 0, +11.60 (24.05 - 12.45), -10.00 (all-in lost).
    # D: 0, +0.68 (1.38 - 0.70), -0.05, +9.00.  F: -0.30, 0, -12.45.
    assert {p: stats[p]["net_won"] for p in "ABCDEF"} == {
        "A": 205, "B": -75, "C": -15, "D": 963, "E": -10, "F": -1275,
    }  # fmt: skip
    assert all(stats[p]["currency"] == "USD" for p in "ABCDEFGHI")


def test_net_won_plus_rake_is_zero_over_the_session(stats: dict[str, dict[str, Any]]) -> None:
    # Rake: $0.07 + $1 + $1 in SESSION, $0.01 + $0.01 in HILO.
    assert sum(row["net_won"] for row in stats.values()) == -(7 + 100 + 100 + 1 + 1)


def test_net_in_big_blinds_and_bb_per_100(stats: dict[str, dict[str, Any]]) -> None:
    # Every hand has a $0.10 big blind: A's $2.05 is 20.5 bb over 4 hands = 512.5 bb/100.
    assert stats["A"]["net_bb"] == pytest.approx(20.5)
    assert stats["A"]["bb_per_100"] == pytest.approx(512.5)
    assert stats["F"]["bb_per_100"] == pytest.approx(-127.5 * 100 / 3)


def test_rake_paid_is_weighted_by_money_put_in(stats: dict[str, dict[str, Any]]) -> None:
    # Hand 2, rake 7 over B 70, C 5, D 70 (of 145): floors 3, 0, 3; the leftover unit goes
    # to the larger remainder (B and D tie at .379), clockwise from the button's left: D.
    # Hand 3, rake 100 over F 1245, A 1245, D 5, E 10: 49.7, 49.7 -> 50 each.
    # Hand 4, rake 100 over A 1000, D 1000: 50 each.
    assert {p: stats[p]["rake_paid"] for p in "ABCDEF"} == {
        "A": 100, "B": 3, "C": 0, "D": 54, "E": 0, "F": 50,
    }  # fmt: skip


def test_vpip_and_pfr_count_hands_with_a_pre_flop_decision(
    stats: dict[str, dict[str, Any]],
) -> None:
    # A: raised in hands 1, 3, 4, folded in 2: 3/4 both.  D: called in 2 and 4 (no raise).
    assert (stats["A"]["vpip"], stats["A"]["pfr"]) == (75.0, 75.0)
    assert (stats["D"]["vpip"], stats["D"]["pfr"]) == (50.0, 0.0)
    assert (stats["C"]["vpip"], stats["E"]["vpip"]) == (0.0, 0.0)


def test_three_bet_opportunity_is_facing_exactly_one_raise(
    stats: dict[str, dict[str, Any]],
) -> None:
    # A re-raised F's open in hands 1 and 3: 2/2. C faced B's open in hand 2 and folded;
    # D faced an open in hands 2 and 4 and called. F never faced a single raise.
    assert stats["A"]["three_bet"] == 100.0
    assert stats["C"]["three_bet"] == 0.0
    assert stats["D"]["three_bet"] == 0.0
    assert stats["F"]["three_bet"] is None


def test_fold_to_three_bet_needs_the_open_raise(stats: dict[str, dict[str, Any]]) -> None:
    # F opened and was 3-bet twice: folded in hand 1, 4-bet in hand 3.
    assert stats["F"]["fold_to_three_bet"] == 50.0
    # A's raises were 3-bets (hands 1, 3) or an open nobody re-raised (hand 4).
    assert stats["A"]["fold_to_three_bet"] is None


def test_four_bet_opportunity_is_facing_exactly_two_raises(
    stats: dict[str, dict[str, Any]],
) -> None:
    # F faced two raises in hand 1 (folded) and hand 3 (4-bet). B faced two in hands 1, 3.
    assert stats["F"]["four_bet"] == 50.0
    assert stats["B"]["four_bet"] == 0.0


def test_steal_is_an_open_raise_folded_to_from_cut_off_button_or_small_blind(
    stats: dict[str, dict[str, Any]],
) -> None:
    # F (cut-off, hand 1) and B (button, hand 2) raised first in. A had it folded to him
    # in the cut-off in hand 2 (folded) and on the heads-up button in hand 4 (raised).
    # G limped first in on the button in the Hi/Lo hand 1.
    assert (stats["F"]["steal"], stats["B"]["steal"]) == (100.0, 100.0)
    assert stats["A"]["steal"] == 50.0
    assert stats["G"]["steal"] == 0.0
    assert stats["E"]["steal"] is None  # only ever first in under the gun or hijack


def test_fold_to_steal_is_a_blind_facing_only_the_steal(stats: dict[str, dict[str, Any]]) -> None:
    # Hand 2: C (small blind) folds to B's steal, D (big blind) calls; hand 4: D calls A's.
    # In hand 1 the blinds faced F's steal and A's 3-bet: not a steal alone.
    assert stats["C"]["fold_to_steal"] == 100.0
    assert stats["D"]["fold_to_steal"] == 0.0
    assert stats["B"]["fold_to_steal"] is None


def test_flop_and_turn_continuation_bets(stats: dict[str, dict[str, Any]]) -> None:
    # F, the pre-flop aggressor of hand 3, bet flop and turn when checked to (first to act).
    # B c-bet hand 2's flop after D checked. A faced D's lead in hand 4: no c-bet chance.
    assert (stats["F"]["cbet_flop"], stats["F"]["cbet_turn"]) == (100.0, 100.0)
    assert (stats["B"]["cbet_flop"], stats["B"]["cbet_turn"]) == (100.0, None)
    assert stats["A"]["cbet_flop"] is None


def test_fold_to_continuation_bet(stats: dict[str, dict[str, Any]]) -> None:
    # A called F's flop and turn c-bets (hand 3); D check-raised B's (hand 2).
    assert (stats["A"]["fold_to_cbet_flop"], stats["A"]["fold_to_cbet_turn"]) == (0.0, 0.0)
    assert stats["D"]["fold_to_cbet_flop"] == 0.0
    assert stats["D"]["fold_to_cbet_turn"] is None


def test_check_raise_opportunity_is_checking_then_facing_a_bet(
    stats: dict[str, dict[str, Any]],
) -> None:
    # D checked hand 2's flop, B bet, D raised. F checked hand 3's river but nobody bet.
    assert stats["D"]["check_raise"] == 100.0
    assert stats["F"]["check_raise"] is None
    assert stats["A"]["check_raise"] is None


def test_aggression_factor_and_frequency_count_post_flop_actions(
    stats: dict[str, dict[str, Any]],
) -> None:
    # A: calls flop and turn (hand 3), raises all-in (hand 4): AF 1/2, AFq 1/3.
    # D: raise (hand 2), bet + call (hand 4): AF 2/1, AFq 2/3. F: two bets, no call.
    assert (stats["A"]["af"], stats["A"]["afq"]) == (0.5, pytest.approx(100 / 3))
    assert (stats["D"]["af"], stats["D"]["afq"]) == (2.0, pytest.approx(200 / 3))
    assert (stats["F"]["af"], stats["F"]["afq"]) == (None, 100.0)
    assert (stats["B"]["af"], stats["B"]["afq"]) == (None, 50.0)  # a bet, a fold


def test_showdown_statistics(stats: dict[str, dict[str, Any]]) -> None:
    # A saw two flops (hands 3, 4), reached showdown in both, won hand 3.
    assert (stats["A"]["wtsd"], stats["A"]["wsd"], stats["A"]["wwsf"]) == (100.0, 50.0, 50.0)
    # D saw two flops, won hand 2 without showdown and hand 4 at showdown.
    assert (stats["D"]["wtsd"], stats["D"]["wsd"], stats["D"]["wwsf"]) == (50.0, 100.0, 100.0)
    # B saw hand 2's flop and folded it.
    assert (stats["B"]["wtsd"], stats["B"]["wsd"], stats["B"]["wwsf"]) == (0.0, None, 0.0)


def test_winnings_at_and_without_showdown_add_up_to_net_won(
    stats: dict[str, dict[str, Any]],
) -> None:
    # A: showdown hands 3 (+11.60) and 4 (-10.00); hands 1 (+0.45) and 2 (0) without.
    assert (stats["A"]["won_showdown"], stats["A"]["won_no_showdown"]) == (160, 45)
    for row in stats.values():
        assert row["won_showdown"] + row["won_no_showdown"] == row["net_won"]


def test_hi_lo_scoop_quartered_low_only(stats: dict[str, dict[str, Any]]) -> None:
    # Hi/Lo hand 1: G high alone; H and I split the low (a quarter each).
    # Hi/Lo hand 2: no low, H scoops; I folded.
    assert (stats["H"]["scoop"], stats["H"]["quartered"], stats["H"]["low_only"]) == (
        50.0,
        50.0,
        50.0,
    )
    assert (stats["I"]["scoop"], stats["I"]["quartered"], stats["I"]["low_only"]) == (
        0.0,
        100.0,
        100.0,
    )
    assert (stats["G"]["scoop"], stats["G"]["quartered"], stats["G"]["low_only"]) == (
        0.0,
        0.0,
        0.0,
    )
    assert stats["A"]["scoop"] is None  # no Hi/Lo hand


def test_all_in_ev_replaces_the_result_of_all_in_hands(stats: dict[str, dict[str, Any]]) -> None:
    # Hand 4: A has 206 of the 820 turn-river boards: EV 0.2512 x $19 = $4.77 of the pot
    # for $10 put in; D $14.23. They got $0 and $19.
    assert (stats["A"]["allin_hands"], stats["A"]["allin_net"]) == (1, -1000)
    assert stats["A"]["allin_ev_net"] == 477 - 1000
    assert stats["A"]["net_won_ev"] == 205 - (-1000) + (477 - 1000)
    assert (stats["D"]["allin_net"], stats["D"]["allin_ev_net"]) == (900, 1423 - 1000)
    assert stats["B"]["allin_hands"] == 0 and stats["B"]["net_won_ev"] == stats["B"]["net_won"]


def test_positions_follow_the_seats_after_the_button(tables: dict[str, pl.LazyFrame]) -> None:
    rows = player_hands(tables).select("hand_key", "player", "position").collect()
    hand1 = dict(rows.filter(pl.col("hand_key") == "pokerstars:300000000001").select(
        "player", "position"
    ).iter_rows())  # fmt: skip
    assert hand1 == {"B": "SB", "C": "BB", "D": "UTG", "E": "HJ", "F": "CO", "A": "BTN"}
    heads_up = rows.filter(pl.col("hand_key") == "pokerstars:300000000004")
    assert dict(heads_up.select("player", "position").iter_rows()) == {"A": "BTN", "D": "BB"}


def test_every_statistic_is_a_column(stats: dict[str, dict[str, Any]]) -> None:
    row = stats["A"]
    assert list(row)[:4] == ["player", "hands", "net_won", "currency"]
    assert {s.name for s in STATS} <= set(row)


def test_counts_give_numerator_and_denominator(tables: dict[str, pl.LazyFrame]) -> None:
    frame = player_stats(tables, counts=True)
    a = frame.filter(pl.col("player") == "A").row(0, named=True)
    assert (a["steal_n"], a["steal_of"]) == (1, 2)
    assert (a["vpip_n"], a["vpip_of"]) == (3, 4)


def test_every_statistic_is_documented_in_stats_md() -> None:
    doc = (REPO / "docs" / "STATS.md").read_text(encoding="utf-8")
    for stat in STATS:
        assert f"### `{stat.name}`" in doc, stat.name


def test_every_action_kind_has_a_stats_code_so_no_room_breaks_the_statistics() -> None:
    from omahahh.model import ActionKind
    from omahahh.stats.actions import KIND_CODE, RAISE

    assert {k.value for k in ActionKind} == set(KIND_CODE)
    assert KIND_CODE[ActionKind.PROTECTED_ALL_IN.value] > RAISE  # no decision of the player


def test_a_disconnect_protection_is_counted_in_the_statistics_as_no_decision() -> None:
    """WPN's ``is disconnected and ALL IN`` (R-TO-2): the hand is counted, no VPIP/PFR from it."""
    path = SAMPLES / "wpn" / "crafted" / "FLO-8-old-format-disconnect-protection.txt"
    fragment = process_text(path.read_text(encoding="utf-8"), path.name)
    table = player_stats(tables_of(fragment.frames)).filter(pl.col("player") == "Dora")
    assert table["hands"].to_list() == [1]
