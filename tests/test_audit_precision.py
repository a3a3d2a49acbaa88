"""Audit precision (issue 17): room habits are not faults, rake faults are named as rake.

Each habit is pinned on a hand crafted by the omahahh authors in the room's
line shapes (FORMATS.md §2 GGPoker, §4 Winamax), where the corpus holds none.
"""

from __future__ import annotations

from omahahh.audit.hand import audit_hand
from omahahh.model import ActionKind
from tests.conftest import parse_hand
from tests.replay_helpers import codes, stars

# GGPoker counts its Cash Drop in the pot-limit size: with a $0.20 drop, blinds
# $0.01/$0.02 and a call of $0.02, the pot is 0.01 + 0.02 + 0.20 + 0.02 = $0.25,
# so the button may raise to 0.02 + 0.25 = $0.27 (without the drop: $0.07).
GG_CASH_DROP_POT_RAISE = """\
Poker Hand #RC1000002: PLO ($0.01/$0.02) - 2024/03/10 14:05:00
Table 'RushAndCash2' 6-max Seat #1 is the button
Seat 1: Hero ($5 in chips)
Seat 2: aa11bb22 ($5 in chips)
Seat 3: cc33dd44 ($5 in chips)
Cash Drop to Pot : total $0.2
aa11bb22: posts small blind $0.01
cc33dd44: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Ah Kh Qd Jd]
Dealt to aa11bb22
Dealt to cc33dd44
Hero: raises $0.25 to $0.27
aa11bb22: folds
cc33dd44: folds
Uncalled bet ($0.25) returned to Hero
*** SHOWDOWN ***
Hero collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Seat 1: Hero (button) collected ($0.25)
Seat 2: aa11bb22 (small blind) folded before Flop
Seat 3: cc33dd44 (big blind) folded before Flop
"""


def test_gg_cash_drop_counts_in_the_pot_limit_size_r_bet_5() -> None:
    hand = parse_hand(GG_CASH_DROP_POT_RAISE)
    audited = audit_hand(hand)
    assert codes(audited) == []
    assert audited.result is not None
    raise_at = next(i for i, a in enumerate(hand.actions) if a.kind is ActionKind.RAISE)
    assert audited.result.decisions[raise_at].max_raise_to == 27


def test_gg_pot_raise_above_the_drop_sized_pot_is_still_an_error() -> None:
    text = GG_CASH_DROP_POT_RAISE.replace("raises $0.25 to $0.27", "raises $0.26 to $0.28")
    text = text.replace("Uncalled bet ($0.25)", "Uncalled bet ($0.26)")
    assert codes(audit_hand(parse_hand(text))) == ["illegal_raise_size"]


def test_raise_nobody_can_call_is_info_r_ai_5() -> None:
    """Facing an all-in with nobody else left, a raise moves no money: info, not error."""
    text = stars(
        """
        P2: posts small blind $1
        P1: posts big blind $2
        *** HOLE CARDS ***
        P2: raises $4 to $6 and is all-in
        P1: raises $6 to $12
        Uncalled bet ($6) returned to P1
        *** FLOP *** [2c 7d 9h]
        *** TURN *** [2c 7d 9h] [Ks]
        *** RIVER *** [2c 7d 9h Ks] [3s]
        *** SHOW DOWN ***
        P2: shows [9s 9c 4d 5d] (three of a kind, Nines)
        P1: shows [7c 7h Ac Qd] (three of a kind, Sevens)
        P2 collected $12 from pot
        """,
        seats="""
        Seat 1: P1 ($200 in chips)
        Seat 2: P2 ($6 in chips)
        """,
        button=2,
        summary="Total pot $12 | Rake $0\nBoard [2c 7d 9h Ks 3s]",
    )
    audited = audit_hand(parse_hand(text))
    assert [(f.code.value, f.severity.value, f.rule) for f in audited.findings] == [
        ("raise_nobody_can_call", "info", "R-AI-5")
    ]


def test_check_after_every_opponent_is_all_in_is_info_r_act_3() -> None:
    text = stars(
        """
        P2: posts small blind $1
        P1: posts big blind $2
        *** HOLE CARDS ***
        P2: raises $4 to $6 and is all-in
        P1: calls $4
        *** FLOP *** [2c 7d 9h]
        P1: checks
        *** TURN *** [2c 7d 9h] [Ks]
        *** RIVER *** [2c 7d 9h Ks] [3s]
        *** SHOW DOWN ***
        P2: shows [9s 9c 4d 5d] (three of a kind, Nines)
        P1: shows [7c 7h Ac Qd] (three of a kind, Sevens)
        P2 collected $12 from pot
        """,
        seats="""
        Seat 1: P1 ($200 in chips)
        Seat 2: P2 ($6 in chips)
        """,
        button=2,
        summary="Total pot $12 | Rake $0\nBoard [2c 7d 9h Ks 3s]",
    )
    audited = audit_hand(parse_hand(text))
    assert [(f.code.value, f.severity.value, f.rule) for f in audited.findings] == [
        ("needless_check", "info", "R-ACT-3")
    ]


WINAMAX_DENY_BB = """\
Winamax Poker - CashGame - HandId: #1000002-7-1700000100 - Omaha pot limit (0.01€/0.02€) - 2023/11/14 22:15:00 UTC
Table: 'Nice 02' 6-max (real money) Seat #1 is the button
Seat 1: Alpha (2€)
Seat 2: Beta (2€)
Seat 3: Gamma (2€)
Seat 4: Delta (2€)
*** ANTE/BLINDS ***
Beta posts small blind 0.01€
Gamma posts big blind 0.02€
Delta deny BB 0€
Dealt to Alpha [Ah 2h 3c Kd]
*** PRE-FLOP ***
Alpha folds
Beta folds
*** SUMMARY ***
Total pot 0.03€ | No rake
Seat 3: Gamma (big blind) won 0.03€
"""


def test_winamax_deny_bb_is_read_and_moves_no_money() -> None:
    hand = parse_hand(WINAMAX_DENY_BB.replace("*** SUMMARY ***", "Gamma collected 0.03€ from pot\n*** SUMMARY ***"))
    assert all(a.player != "Delta" for a in hand.actions)
    assert codes(audit_hand(hand)) == []
