"""Betting rules of docs/RULES.md (R-BET-*, R-AI-*, R-ACT-*, R-BL-*): the pure functions and the replay."""

from __future__ import annotations

from omahahh.audit.hand import AuditedHand
from omahahh.model import Street, Structure
from omahahh.replay.engine import Decision
from omahahh.rules import betting
from tests.helpers import hands
from tests.helpers.replay import audited, codes, stars

FOUR = """
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($100 in chips)
Seat 4: D ($8 in chips)
"""


def at(found: AuditedHand, seq: int) -> list[str]:
    """Codes of the findings about action ``seq``."""
    return [f.code.value for f in found.findings if f.action_seq == seq]


def rules_at(found: AuditedHand, seq: int) -> list[str]:
    return [f.rule for f in found.findings if f.action_seq == seq]


def decision(found: AuditedHand, seq: int) -> Decision:
    assert found.result is not None
    return found.result.decisions[seq]


# -- R-BET-3 / R-AI-1 -------------------------------------------------------
def test_r_bet_3_to_call_is_the_gap_to_the_current_bet() -> None:
    assert betting.to_call(current_bet=150, street_in=50, stack=1000) == 100


def test_r_ai_1_short_stack_calls_all_in_for_less() -> None:
    assert betting.to_call(current_bet=150, street_in=50, stack=40) == 40


def test_r_bet_3_call_of_the_wrong_amount_is_flagged() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: calls $3
        """,
        seats=FOUR,
        button=4,
    )
    found = audited(text)
    assert at(found, 2) == ["wrong_call_amount"]
    assert rules_at(found, 2) == ["R-BET-3"]


# -- R-BET-4 ------------------------------------------------------------------
def test_r_bet_4_min_raise_worked_example() -> None:
    # Bet 5, raise to 15 (increment 10): the next raise must be to at least 25.
    assert betting.min_raise_to(current_bet=15, largest_increment=10, big_blind=2) == 25


def test_r_bet_4_a_bet_is_at_least_the_big_blind() -> None:
    assert betting.min_raise_to(current_bet=0, largest_increment=0, big_blind=2) == 2


def test_r_bet_4_min_raise_in_a_replayed_round() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: calls $2
        D: calls $2
        A: calls $1
        B: checks
        *** FLOP *** [2c 7d 9h]
        A: bets $5
        B: raises $10 to $15
        C: raises $8 to $23
        """,
        seats=FOUR.replace("$8 in", "$80 in"),
        button=4,
    )
    found = audited(text)
    assert decision(found, 8).min_raise_to == 2500
    assert at(found, 8) == ["illegal_raise_size"]
    assert rules_at(found, 8) == ["R-BET-4"]


def test_r_bet_4_all_in_for_less_than_a_raise_is_legal() -> None:
    bounds = betting.raise_bounds(
        structure=Structure.NO_LIMIT,
        current_bet=10,
        street_in=0,
        stack=14,
        largest_increment=10,
        big_blind=2,
        limit_size=0,
        pot_after_call=0,
    )
    assert bounds.min_to == 14 and bounds.allows(14) and not bounds.allows(13)


# -- R-BET-5 ------------------------------------------------------------------
def test_r_bet_5_pot_limit_max_worked_example() -> None:
    # Pot 200, player 1 bets 150, player 2 calls 150: player 3 may make it 800.
    assert betting.pot_limit_max_to(current_bet=150, street_in=0, pot=200, table_bets=300) == 800


def test_r_bet_5_pot_limit_max_worked_example_replayed() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: raises $48 to $50
        D: calls $50
        A: calls $49
        B: calls $48
        *** FLOP *** [2c 7d 9h]
        A: bets $150
        B: calls $150
        C: raises $650 to $800
        D: raises $2200 to $3000
        """,
        seats=FOUR.replace("$100 in", "$5000 in").replace("$8 in", "$5000 in"),
        button=4,
    )
    found = audited(text)
    c = decision(found, 8)
    assert (c.pot_before, c.to_call, c.max_raise_to) == (50000, 15000, 80000)
    assert at(found, 8) == []
    assert decision(found, 9).max_raise_to == 290000
    assert at(found, 9) == ["illegal_raise_size"]
    assert rules_at(found, 9) == ["R-BET-5"]


def test_r_bet_5_active_side_pot_counts_only_chips_above_the_all_in() -> None:
    # A and B each 1000 in, C all-in for 100: the side pot is 1800, the whole pot 2100.
    assert betting.active_side_pot([1000, 1000, 100], [100], level=1000) == 1800
    assert betting.active_side_pot([1000, 1000, 100], [], level=1000) == 2100


# -- R-BET-6 ------------------------------------------------------------------
def test_r_bet_6_no_limit_maximum_is_the_whole_stack() -> None:
    bounds = betting.raise_bounds(
        structure=Structure.NO_LIMIT,
        current_bet=20,
        street_in=0,
        stack=5000,
        largest_increment=20,
        big_blind=20,
        limit_size=0,
        pot_after_call=60,
    )
    assert (bounds.min_to, bounds.max_to) == (40, 5000)


# -- R-BET-7 / R-BET-8 --------------------------------------------------------
LIMIT = "Omaha Limit ($2/$4 USD)"


def test_r_bet_7_fixed_limit_bet_sizes_per_street() -> None:
    assert betting.fixed_limit_bet_size(Street.PREFLOP, 200, 400) == 200
    assert betting.fixed_limit_bet_size(Street.FLOP, 200, 400) == 200
    assert betting.fixed_limit_bet_size(Street.TURN, 200, 400) == 400
    assert betting.fixed_limit_bet_size(Street.RIVER, 200, 400) == 400


def test_r_bet_7_flop_bet_of_a_big_bet_is_illegal() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: calls $2
        D: calls $2
        A: calls $1
        B: checks
        *** FLOP *** [2c 7d 9h]
        A: bets $4
        """,
        seats=FOUR,
        button=4,
        game=LIMIT,
    )
    found = audited(text)
    assert at(found, 6) == ["illegal_bet_size"]
    assert rules_at(found, 6) == ["R-BET-7"]


def test_r_bet_8_four_bet_cap_preflop_counts_the_big_blind() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: raises $2 to $4
        D: raises $2 to $6
        A: raises $2 to $8
        B: raises $2 to $10
        """,
        seats=FOUR.replace("$8 in", "$80 in"),
        button=4,
        game=LIMIT,
    )
    found = audited(text)
    assert at(found, 4) == at(found, 3) == at(found, 2) == []
    assert at(found, 5) == ["raise_over_cap"]
    assert betting.fixed_limit_capped(4) and not betting.fixed_limit_capped(3)


# -- R-BET-2 ------------------------------------------------------------------
def test_r_bet_2_big_blind_may_check_or_raise_when_nobody_raised() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: calls $2
        D: calls $2
        A: calls $1
        B: checks
        """,
        seats=FOUR,
        button=4,
    )
    found = audited(text)
    bb = decision(found, 5)
    assert bb.may_check and bb.to_call == 0 and bb.min_raise_to == 400
    assert at(found, 5) == []


def test_r_bet_2_check_facing_a_bet_is_flagged() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: raises $4 to $6
        D: checks
        """,
        seats=FOUR,
        button=4,
    )
    assert at(audited(text), 3) == ["check_facing_bet"]


# -- R-BET-9 ------------------------------------------------------------------
def test_r_bet_9_no_reraise_of_ones_own_bet_without_a_raise_since() -> None:
    assert not betting.may_raise(acted=True, acted_at_reopen=1, reopen_count=1)
    assert betting.may_raise(acted=True, acted_at_reopen=1, reopen_count=2)


# -- R-BET-10 -----------------------------------------------------------------
def test_r_bet_10_putting_in_more_than_the_stack_is_flagged() -> None:
    text = stars(
        """
        A: posts small blind $1
        B: posts big blind $2
        *** HOLE CARDS ***
        C: raises $4 to $6
        D: calls $6
        A: calls $5
        B: calls $4
        *** FLOP *** [2c 7d 9h]
        A: bets $20
        B: calls $20
        C: calls $20
        D: calls $20
        """,
        seats=FOUR.replace("$8 in", "$10 in"),
        button=4,
    )
    assert at(audited(text), 9) == ["stack_exceeded"]


# -- R-AI-3 / R-AI-4 ----------------------------------------------------------
SHORT = """
A: posts small blind $1
B: posts big blind $2
*** HOLE CARDS ***
C: calls $2
D: calls $2
A: calls $1
B: checks
*** FLOP *** [2c 7d 9h]
A: checks
B: bets $4
C: calls $4
D: raises $2 to $6 and is all-in
"""


def test_r_ai_3_short_all_in_keeps_options_of_players_yet_to_act_on_the_bet() -> None:
    # A checked before the bet: after D's short all-in A may still raise.
    found = audited(stars(SHORT + "A: raises $18 to $24", seats=FOUR, button=4))
    assert decision(found, 10).min_raise_to is not None
    assert at(found, 10) == []


def test_r_ai_3_short_all_in_does_not_reopen_for_players_who_acted() -> None:
    # After A calls, B and C (who acted on B's full bet) may only call or fold.
    found = audited(stars(SHORT + "A: calls $6\nB: raises $12 to $18", seats=FOUR, button=4))
    assert decision(found, 11).min_raise_to is None
    assert at(found, 11) == ["illegal_reopen"]
    assert rules_at(found, 11) == ["R-AI-3"]


FIVE = """
Seat 1: A ($500 in chips)
Seat 2: B ($500 in chips)
Seat 3: C ($20 in chips)
Seat 4: D ($27 in chips)
Seat 5: E ($500 in chips)
"""
PRE = """
A: posts small blind $1
B: posts big blind $2
*** HOLE CARDS ***
C: calls $2
D: calls $2
E: calls $2
A: calls $1
B: checks
*** FLOP *** [2c 7d 9h]
A: bets $10
B: calls $10
C: raises $8 to $18 and is all-in
"""


def test_r_ai_4_two_short_allins_reopen() -> None:
    # A bets 10, B calls, C all-in to 18 (+8), D all-in to 25 (+7): 15 >= 10, A may raise.
    body = PRE + "D: raises $7 to $25 and is all-in\nE: folds\nA: raises $35 to $60"
    found = audited(stars(body, seats=FIVE, button=5))
    assert decision(found, 12).min_raise_to is not None
    assert at(found, 12) == []
    assert betting.accumulate_short_raises(0, 8, 10) == (False, 8)
    assert betting.accumulate_short_raises(8, 7, 10) == (True, 0)


def test_r_ai_4_a_call_between_short_allins_breaks_the_run() -> None:
    body = PRE + "E: calls $18\nD: raises $7 to $25 and is all-in\nA: raises $35 to $60"
    found = audited(stars(body, seats=FIVE, button=5))
    assert at(found, 12) == ["illegal_reopen"]


# -- R-ACT-1 / R-ACT-2 / R-BL-2 -----------------------------------------------
def test_r_act_1_preflop_action_starts_left_of_the_big_blind() -> None:
    found = audited(
        stars(
            "A: posts small blind $1\nB: posts big blind $2\n*** HOLE CARDS ***\nD: folds",
            seats=FOUR,
            button=4,
        )
    )
    assert at(found, 2) == ["action_out_of_turn"]
    assert rules_at(found, 2) == ["R-ACT-1"]
    assert [f.expected for f in found.findings if f.action_seq == 2] == ["C"]


def test_r_act_2_postflop_action_starts_left_of_the_button() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    *** HOLE CARDS ***
    C: calls $2
    D: calls $2
    A: calls $1
    B: checks
    *** FLOP *** [2c 7d 9h]
    B: checks
    """
    found = audited(stars(body, seats=FOUR, button=4))
    assert at(found, 6) == ["action_out_of_turn"]
    assert rules_at(found, 6) == ["R-ACT-2"]


def test_r_act_out_of_turn_is_one_finding_not_one_per_displaced_action() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    *** HOLE CARDS ***
    D: folds
    C: folds
    A: folds
    """
    found = audited(stars(body, seats=FOUR, button=4))
    assert codes([f for f in found.findings if f.action_seq is not None]) == ["action_out_of_turn"]


def test_r_bl_2_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    *** HOLE CARDS ***
    A: calls $1
    B: checks
    *** FLOP *** [2c 7d 9h]
    B: checks
    A: checks
    """
    found = audited(
        stars(body, seats="Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)", button=1)
    )
    assert [f for f in found.findings if f.action_seq is not None] == []


# -- R-BL-6 / R-BL-7 / R-BL-8 ---------------------------------------------------
def test_r_bl_6_dead_small_blind_part_does_not_count_toward_calling() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    C: posts small & big blinds $3
    *** HOLE CARDS ***
    C: checks
    """
    found = audited(stars(body, seats=FOUR, button=4))
    c_check = decision(found, 4)
    assert c_check.to_call == 0 and c_check.pot_before == 600
    assert at(found, 4) == []


def test_r_bl_7_second_small_blind_is_dead_money() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    C: posts small blind $1
    *** HOLE CARDS ***
    C: calls $2
    """
    found = audited(stars(body, seats=FOUR, button=4))
    assert decision(found, 3).to_call == 200
    assert at(found, 3) == []


def test_r_bl_8_new_player_posting_a_big_blind_may_check() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    C: posts big blind $2
    *** HOLE CARDS ***
    C: checks
    D: calls $2
    """
    found = audited(stars(body, seats=FOUR, button=4))
    assert at(found, 3) == [] and at(found, 4) == []


# -- R-BET-1 / R-AI-2 / R-BL-1 / R-BL-4 -----------------------------------------
def test_r_bet_1_a_folded_player_cannot_act_again() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    *** HOLE CARDS ***
    C: folds
    D: calls $2
    A: calls $1
    B: checks
    *** FLOP *** [2c 7d 9h]
    A: checks
    B: checks
    C: checks
    """
    found = audited(stars(body, seats=FOUR, button=4))
    assert at(found, 8) == ["action_out_of_turn"] and rules_at(found, 8) == ["R-BET-1"]


def test_r_ai_2_an_all_in_of_a_full_raise_reopens_like_any_raise() -> None:
    # D is all-in to 12 over B's 4 (+8 >= 4): a full raise, so B and C may raise again.
    body = SHORT.replace("D: raises $2 to $6 and is all-in", "D: raises $8 to $12 and is all-in")
    found = audited(
        stars(
            body + "A: calls $12\nB: raises $36 to $48",
            seats=FOUR.replace("$8 in", "$14 in"),
            button=4,
        )
    )
    assert decision(found, 9).full_raise is True
    assert decision(found, 11).min_raise_to is not None
    assert at(found, 11) == []


def test_r_bl_1_r_bl_4_blinds_are_live_bets_left_of_the_button() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    *** HOLE CARDS ***
    C: calls $2
    D: folds
    A: calls $1
    """
    found = audited(stars(body, seats=FOUR, button=4))
    # The small blind's $1 counts toward the call (live, R-BL-4); SB is left of the button.
    assert decision(found, 4).to_call == 100
    assert [f for f in found.findings if f.action_seq is not None] == []


# -- R-BET-3 / R-AI-1 / R-BET-4: a short stack's blind -------------------------------
def test_r_bet_3_a_blind_all_in_for_less_still_stands_for_the_whole_blind() -> None:
    assert betting.bet_after_blind(current_bet=50, street_in=60, full_blind=100, all_in=True) == 100
    # Short but not all in (a room's odd post): as posted.
    assert betting.bet_after_blind(current_bet=50, street_in=60, full_blind=100, all_in=False) == 60
    # A straddle (full_blind 0) all in counts for what it put in.
    assert betting.bet_after_blind(current_bet=100, street_in=150, full_blind=0, all_in=True) == 150


def test_r_ai_5_against_all_in_players_only_the_bet_to_match_is_theirs() -> None:
    assert betting.bet_to_match(current_bet=100, others_top=60, others_can_bet=True) == 100
    assert betting.bet_to_match(current_bet=100, others_top=60, others_can_bet=False) == 60
    assert betting.bet_to_match(current_bet=100, others_top=100, others_can_bet=False) == 100


def test_r_bet_3_tournament_big_blind_all_in_for_less_is_called_with_the_full_big_blind() -> None:
    found = audited(hands.SHORT_BB_TOURNAMENT)
    # Level V (50/100): the big blind is the header's, not the short stack's 60.
    assert found.hand.big_blind == 100
    dee, ann, bob = decision(found, 2), decision(found, 3), decision(found, 4)
    assert (dee.current_bet, dee.to_call, dee.min_raise_to) == (100, 100, 200)
    assert (ann.to_call, bob.to_call) == (100, 50)
    assert codes(found) == []


def test_r_bet_3_cash_big_blind_all_in_for_less_is_called_with_the_full_big_blind() -> None:
    found = audited(hands.SHORT_BB_CASH)
    assert found.hand.big_blind == 100
    assert [decision(found, seq).to_call for seq in (2, 3)] == [100, 100]
    assert codes(found) == []


def test_r_ai_1_small_blind_all_in_for_less_the_others_owe_the_big_blind() -> None:
    found = audited(hands.SHORT_SB)
    assert (found.hand.small_blind, found.hand.big_blind) == (50, 100)
    assert [decision(found, seq).to_call for seq in (2, 3)] == [100, 100]
    cy = decision(found, 4)
    assert cy.may_check and cy.to_call == 0
    assert codes(found) == []


def test_r_bet_4_a_raise_after_a_short_big_blind_is_measured_on_the_full_big_blind() -> None:
    found = audited(hands.SHORT_BB_RAISED)
    assert decision(found, 2).min_raise_to == 200  # 100 to call + a big blind
    assert decision(found, 4).min_raise_to == 300  # Dee's raise added 100
    assert codes(found) == []
    short = audited(hands.SHORT_BB_RAISED.replace("raises 100 to 200", "raises 80 to 180"))
    assert at(short, 2) == ["illegal_raise_size"] and rules_at(short, 2) == ["R-BET-4"]


def test_r_ai_5_folded_to_the_small_blind_it_only_matches_the_short_big_blind() -> None:
    # Nobody else could match a full big blind: Bob calls Cy's 60, not 100.
    found = audited(hands.SHORT_BB_FOLDED_TO_SB)
    bob = decision(found, 4)
    assert (bob.to_call, bob.min_raise_to) == (10, None)
    assert codes(found) == []


def test_r_pot_2_a_big_blind_all_in_below_the_small_blind_leaves_it_nothing_to_do() -> None:
    # Cy all in for 30 < Bob's 50: the round is over, Bob's 20 comes back uncalled.
    text = (
        hands.SHORT_BB_FOLDED_TO_SB.replace("Cy (60 in chips)", "Cy (30 in chips)")
        .replace("big blind 60 and", "big blind 30 and")
        .replace("Bob: calls 10\n", "Uncalled bet (20) returned to Bob\n")
        .replace("120", "60")
    )
    found = audited(text)
    assert found.result is not None
    assert [(u.player, u.amount) for u in found.result.uncalled] == [("Bob", 20)]
    assert codes(found) == []


SECOND_BB = """\
PokerStars Hand #999000000905: Tournament #999000901, $5+$0.50 USD Omaha Pot Limit - Level V (50/100) - 2016/03/02 21:34:14 CET [2016/03/02 15:34:14 ET]
Table '999000901 1' 6-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bob (2500 in chips)
Seat 3: Cy (60 in chips)
Seat 4: Dee (4000 in chips)
Seat 5: Eve (2000 in chips)
Bob: posts small blind 50
Cy: posts big blind 60 and is all-in
Eve: posts big blind 100
*** HOLE CARDS ***
Dee: calls 100
Eve: checks
Ann: calls 100
Bob: calls 50
"""


def _summed(text: str) -> AuditedHand:
    """``text`` (a hand cut after its pre-flop betting) with a SUMMARY, audited."""
    return audited(text + "*** SUMMARY ***\nTotal pot 0 | Rake 0\n")


def test_r_bl_8_a_new_players_big_blind_after_a_short_one_keeps_its_option() -> None:
    found = _summed(SECOND_BB)
    dee, eve = decision(found, 3), decision(found, 4)
    assert (dee.to_call, dee.min_raise_to) == (100, 200)
    assert eve.may_check and eve.to_call == 0
    assert at(found, 4) == [] and at(found, 5) == [] and at(found, 6) == []


def test_r_bl_5_a_new_players_big_blind_all_in_for_less_stands_for_the_whole_blind() -> None:
    text = SECOND_BB.replace("Eve (2000 in chips)", "Eve (40 in chips)").replace(
        "Eve: posts big blind 100\n", "Eve: posts big blind 40 and is all-in\n"
    )
    found = _summed(text.replace("Eve: checks\n", ""))
    assert [decision(found, seq).to_call for seq in (3, 4, 5)] == [100, 100, 50]
    assert [f for f in found.findings if f.action_seq is not None] == []


def test_r_ai_2_a_straddle_after_a_short_big_blind_raises_from_the_full_big_blind() -> None:
    body = SECOND_BB.replace("Eve: posts big blind 100\n", "Dee: posts straddle 200\n")
    found = _summed(body.split("*** HOLE CARDS ***")[0] + "*** HOLE CARDS ***\nEve: calls 200\n")
    eve = decision(found, 3)
    assert (eve.to_call, eve.min_raise_to) == (200, 300)  # the straddle raised 100
    assert at(found, 3) == []


def test_r_ai_2_a_straddle_all_in_for_less_counts_as_posted() -> None:
    # A straddle is a raise the player chose: all in for 150 it is 150 to call, not 200.
    body = SECOND_BB.replace(
        "Eve: posts big blind 100\n", "Dee: posts straddle 150 and is all-in\n"
    )
    body = body.replace("Dee (4000 in chips)", "Dee (150 in chips)")
    found = _summed(body.split("*** HOLE CARDS ***")[0] + "*** HOLE CARDS ***\nEve: calls 150\n")
    eve = decision(found, 3)
    assert (eve.to_call, eve.min_raise_to) == (150, 250)
    assert at(found, 3) == []
