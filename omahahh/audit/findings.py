"""The catalogue of audit findings: code, severity, rule, meaning.

Every code is documented in ``docs/FINDINGS.md`` and a test keeps the two
equal. Severities: ``error`` (the text breaks a rule or its own arithmetic),
``warning`` (probably wrong, or a room habit worth knowing), ``info`` (the
audit could not check something, e.g. mucked losing hands).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


SEVERITY_RANK: dict[Severity, int] = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


def at_or_above(severity: str, threshold: str) -> bool:
    """Is ``severity`` as severe as ``threshold`` or more? (error > warning > info)"""
    return SEVERITY_RANK[Severity(severity)] <= SEVERITY_RANK[Severity(threshold)]


class FindingCode(StrEnum):
    # Betting (replay decisions against the printed actions)
    ILLEGAL_BET_SIZE = "illegal_bet_size"
    ILLEGAL_RAISE_SIZE = "illegal_raise_size"
    WRONG_CALL_AMOUNT = "wrong_call_amount"
    ACTION_OUT_OF_TURN = "action_out_of_turn"
    CHECK_FACING_BET = "check_facing_bet"
    ILLEGAL_REOPEN = "illegal_reopen"
    RAISE_OVER_CAP = "raise_over_cap"
    MISSING_ACTION = "missing_action"
    RAISE_NOBODY_CAN_CALL = "raise_nobody_can_call"
    NEEDLESS_CHECK = "needless_check"
    STACK_EXCEEDED = "stack_exceeded"
    ALL_IN_MISMATCH = "all_in_mismatch"
    BLIND_SIZE_UNEXPECTED = "blind_size_unexpected"
    # Pots
    TOTAL_POT_MISMATCH = "total_pot_mismatch"
    SIDE_POT_MISMATCH = "side_pot_mismatch"
    UNCALLED_MISMATCH = "uncalled_mismatch"
    CASH_DROP_MISMATCH = "cash_drop_mismatch"
    # Awards
    COLLECTED_MISMATCH = "collected_mismatch"
    COLLECTED_EXCEEDS_POT = "collected_exceeds_pot"
    WRONG_WINNER = "wrong_winner"
    WRONG_SPLIT = "wrong_split"
    ODD_CHIP_MISPLACED = "odd_chip_misplaced"
    ODD_CHIP_UNCHECKED = "odd_chip_unchecked"
    UNVERIFIABLE_SHOWDOWN = "unverifiable_showdown"
    SUMMARY_WON_DIFFERS = "summary_won_differs"
    AWARD_NOT_PRINTED = "award_not_printed"
    SHOW_ORDER = "show_order"
    IMPOSSIBLE_CARDS = "impossible_cards"
    UNSUPPORTED_VARIANT = "unsupported_variant"
    # Rake and fees
    RAKE_MISMATCH = "rake_mismatch"
    RAKE_ALLOCATION_INFERRED = "rake_allocation_inferred"
    RAKE_ABOVE_CAP = "rake_above_cap"
    RAKE_OFF_SCHEDULE = "rake_off_schedule"  # only with a schedule
    # The text itself
    DECODING_REPAIRED = "decoding_repaired"
    # The audit itself
    REPLAY_FAILED = "replay_failed"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    severity: Severity
    rules: str  # the rule ids the code cites (the finding's ``rule`` is one of them)
    summary: str


CATALOGUE: dict[FindingCode, CodeInfo] = {
    FindingCode.ILLEGAL_BET_SIZE: CodeInfo(
        Severity.ERROR,
        "R-BET-4, R-BET-5, R-BET-6, R-BET-7",
        "A bet below the minimum (not all-in) or above the maximum for the structure.",
    ),
    FindingCode.ILLEGAL_RAISE_SIZE: CodeInfo(
        Severity.ERROR,
        "R-BET-4, R-BET-5, R-BET-6, R-BET-7",
        "A raise-to below the minimum raise (not all-in) or above the maximum.",
    ),
    FindingCode.WRONG_CALL_AMOUNT: CodeInfo(
        Severity.ERROR,
        "R-BET-3, R-AI-1",
        "A call that does not put in exactly the amount to call (or the whole stack).",
    ),
    FindingCode.ACTION_OUT_OF_TURN: CodeInfo(
        Severity.ERROR,
        "R-ACT-1, R-ACT-2, R-ACT-3, R-BET-1",
        "A player acts when it is another player's turn, after folding, or after the round closed.",
    ),
    FindingCode.CHECK_FACING_BET: CodeInfo(
        Severity.ERROR, "R-BET-2", "A check while there is a bet to call."
    ),
    FindingCode.ILLEGAL_REOPEN: CodeInfo(
        Severity.ERROR,
        "R-AI-3, R-AI-4, R-BET-9",
        "A raise by a player to whom the betting was not reopened.",
    ),
    FindingCode.RAISE_OVER_CAP: CodeInfo(
        Severity.ERROR, "R-BET-8", "A fixed-limit raise after the round was capped."
    ),
    FindingCode.MISSING_ACTION: CodeInfo(
        Severity.WARNING,
        "R-ACT-3",
        "A betting round ends while a player was still to act.",
    ),
    FindingCode.RAISE_NOBODY_CAN_CALL: CodeInfo(
        Severity.INFO,
        "R-AI-5",
        "A bet or raise when no other player can still call it: nothing moves but the "
        "uncalled part, which comes back (no money effect).",
    ),
    FindingCode.NEEDLESS_CHECK: CodeInfo(
        Severity.INFO,
        "R-ACT-3",
        "A check after the round was complete (every opponent all-in): no money effect.",
    ),
    FindingCode.STACK_EXCEEDED: CodeInfo(
        Severity.ERROR, "R-BET-10", "A player puts in more chips than they had at the start."
    ),
    FindingCode.ALL_IN_MISMATCH: CodeInfo(
        Severity.WARNING,
        "R-BET-10",
        "The text says all-in but chips remain behind, or the reverse.",
    ),
    FindingCode.BLIND_SIZE_UNEXPECTED: CodeInfo(
        Severity.INFO,
        "R-BL-3",
        "A fixed-limit small blind other than half the big blind rounded as the profile says.",
    ),
    FindingCode.TOTAL_POT_MISMATCH: CodeInfo(
        Severity.ERROR,
        "R-POT-1",
        "The reported total pot differs from the chips derived into the pot.",
    ),
    FindingCode.SIDE_POT_MISMATCH: CodeInfo(
        Severity.ERROR,
        "R-POT-1",
        "A reported main or side pot differs from the derived one (after rake).",
    ),
    FindingCode.UNCALLED_MISMATCH: CodeInfo(
        Severity.ERROR,
        "R-POT-2",
        "The reported uncalled bet returned differs from the derived one (or is missing).",
    ),
    FindingCode.CASH_DROP_MISMATCH: CodeInfo(
        Severity.ERROR,
        "R-POT-1",
        "The promotional money the room says it dropped into the pot (GGPoker Cash Drop) "
        "differs from what the total pot and the collected lines show was added.",
    ),
    FindingCode.COLLECTED_MISMATCH: CodeInfo(
        Severity.ERROR,
        "R-SD-3, R-TO-3",
        "A player's collected amount from a pot differs from the derived award.",
    ),
    FindingCode.COLLECTED_EXCEEDS_POT: CodeInfo(
        Severity.ERROR,
        "R-SD-3",
        "The amounts collected from a pot add up to more than the pot holds after rake.",
    ),
    FindingCode.WRONG_WINNER: CodeInfo(
        Severity.ERROR,
        "R-SD-3, R-HAND-1, R-LO-2, R-LO-3",
        "A pot (or half) paid to a player whose hand did not win it.",
    ),
    FindingCode.WRONG_SPLIT: CodeInfo(
        Severity.ERROR,
        "R-SPLIT-1, R-LO-1",
        "The right winners, but the pot divided in other shares than the rules give.",
    ),
    FindingCode.ODD_CHIP_MISPLACED: CodeInfo(
        Severity.ERROR,
        "R-ODD-1, R-ODD-2",
        "A split pot's indivisible chip given to another winner than the rules say.",
    ),
    FindingCode.ODD_CHIP_UNCHECKED: CodeInfo(
        Severity.INFO,
        "R-ODD-1, R-ODD-2",
        "A split pot paid as derived but for one odd chip, in a room known not to place odd "
        "chips by R-ODD-1/R-ODD-2 (rooms/conventions.py ``odd_chips_by_rule``): not judged.",
    ),
    FindingCode.UNVERIFIABLE_SHOWDOWN: CodeInfo(
        Severity.INFO,
        "R-SD-2",
        "A contested pot whose losing hands were mucked (or not shown in full): "
        "the winner cannot be checked against them.",
    ),
    FindingCode.SUMMARY_WON_DIFFERS: CodeInfo(
        Severity.INFO,
        "R-SD-3",
        "The SUMMARY's ``won`` for a player differs from the collected lines, in a room whose "
        "SUMMARY figure is known not to restate them (WPN, rooms/conventions.py "
        "``summary_won_trusted``): the collected lines are audited, the SUMMARY is not.",
    ),
    FindingCode.AWARD_NOT_PRINTED: CodeInfo(
        Severity.INFO,
        "R-SD-3",
        "A pot won without a showdown for which the room printed no collected line, as the "
        "room is known to do (rooms/conventions.py ``omits_uncontested_award``): not checked.",
    ),
    FindingCode.SHOW_ORDER: CodeInfo(
        Severity.INFO,
        "R-SD-1",
        "At showdown the last player to bet or raise on the river did not show first.",
    ),
    FindingCode.IMPOSSIBLE_CARDS: CodeInfo(
        Severity.ERROR,
        "R-CARD-1",
        "The same card appears twice among the board and the shown hands.",
    ),
    FindingCode.UNSUPPORTED_VARIANT: CodeInfo(
        Severity.WARNING,
        "R-CARD-2",
        "The hand deals a number of hole cards the house-rules profile does not allow.",
    ),
    FindingCode.RAKE_MISMATCH: CodeInfo(
        Severity.ERROR,
        "R-RAKE-1",
        "The reported rake and fees disagree with the hand's own totals (docs/FORMATS.md §1.12: "
        "total pot - rake - fees = collected), the collected lines being confirmed by the "
        "summary or the pot lines.",
    ),
    FindingCode.RAKE_ABOVE_CAP: CodeInfo(
        Severity.ERROR,
        "R-RAKE-3",
        "A room that prints no rake kept more of the pot than its documented cap (or 10 % "
        "of the pot where no cap is known): the awards the text prints fall short of the "
        "pot, so money is missing or the hand is misread; never taken as rake in silence.",
    ),
    FindingCode.RAKE_ALLOCATION_INFERRED: CodeInfo(
        Severity.INFO,
        "R-RAKE-6",
        "The room's way of spreading rake and fees over the main and side pots is not "
        "known; the awards match an allocation of the reported rake and fees, which the "
        "audit inferred from what was paid.",
    ),
    FindingCode.RAKE_OFF_SCHEDULE: CodeInfo(
        Severity.WARNING,
        "R-RAKE-2, R-RAKE-3, R-RAKE-5",
        "The reported rake differs from the rake schedule's expectation (only with a schedule).",
    ),
    FindingCode.DECODING_REPAIRED: CodeInfo(
        Severity.INFO,
        "",
        "A line of the hand was not valid UTF-8 and was read as cp1252 (names may be "
        "spelled differently than the room meant).",
    ),
    FindingCode.REPLAY_FAILED: CodeInfo(
        Severity.ERROR,
        "",
        "The replay could not finish this hand (an omahahh bug or a hand beyond its model); "
        "the hand is kept and nothing else is claimed about it.",
    ),
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One disagreement between the text and the rules, as a row of ``findings``."""

    hand_key: str
    code: FindingCode
    rule: str
    severity: Severity
    message: str
    street: str | None = None
    seat: int | None = None
    player: str | None = None
    expected: str | None = None
    reported: str | None = None
    expected_amount: int | None = None
    reported_amount: int | None = None
    action_seq: int | None = None
    run: int | None = None
    pot_index: int | None = None

    def as_row(self) -> dict[str, object]:
        return {
            "hand_key": self.hand_key,
            "code": self.code.value,
            "rule": self.rule,
            "severity": self.severity.value,
            "street": self.street,
            "seat": self.seat,
            "player": self.player,
            "expected": self.expected,
            "reported": self.reported,
            "expected_amount": self.expected_amount,
            "reported_amount": self.reported_amount,
            "message": self.message,
            "action_seq": self.action_seq,
            "run": self.run,
            "pot_index": self.pot_index,
        }


def make(
    hand_key: str,
    code: FindingCode,
    message: str,
    *,
    rule: str | None = None,
    street: str | None = None,
    seat: int | None = None,
    player: str | None = None,
    expected: str | None = None,
    reported: str | None = None,
    expected_amount: int | None = None,
    reported_amount: int | None = None,
    action_seq: int | None = None,
    run: int | None = None,
    pot_index: int | None = None,
) -> Finding:
    """A finding with the catalogue's severity, citing ``rule`` or the code's first rule."""
    info = CATALOGUE[code]
    first_rule = info.rules.split(",")[0].strip() if info.rules else ""
    return Finding(
        hand_key=hand_key,
        code=code,
        rule=rule if rule is not None else first_rule,
        severity=info.severity,
        message=message,
        street=street,
        seat=seat,
        player=player,
        expected=expected,
        reported=reported,
        expected_amount=expected_amount,
        reported_amount=reported_amount,
        action_seq=action_seq,
        run=run,
        pot_index=pot_index,
    )
