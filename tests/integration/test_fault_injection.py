"""Fault injection: change one fact of a clean real hand; the audit must flag exactly that fault.

Each fault is applied to every clean PokerStars corpus hand where it makes
sense; the findings of the changed hand, less those of the original, must be
exactly the expected code (with the expected rule), in every one of them.
Facts are changed on the parsed record (``dataclasses.replace``), keeping the
rest of the text coherent: a resized bet that nobody called also changes the
uncalled amount returned, as the room would have printed it.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace

import pytest

from omahahh.audit.hand import audit_hand
from omahahh.eval.evaluator import omaha_high, omaha_low
from omahahh.model import ActionKind, HandRecord, Structure
from omahahh.replay.engine import ReplayResult, replay
from omahahh.replay.showdown import known_hands
from tests.helpers.replay import corpus_hands, is_clean_source

# Every fault is applied to the corpus's clean PokerStars and GGPoker hands.
pytestmark = pytest.mark.corpus

Fault = Callable[[HandRecord, ReplayResult], HandRecord | None]


@pytest.fixture(scope="module")
def clean() -> list[tuple[HandRecord, ReplayResult]]:
    out = []
    for f, h in corpus_hands("PokerStars"):
        if is_clean_source(f):
            out.append((h, replay(h)))
    return out


def new_findings(original: HandRecord, changed: HandRecord) -> list[tuple[str, str]]:
    before = Counter((f.code.value, f.rule) for f in audit_hand(original).findings)
    after = Counter((f.code.value, f.rule) for f in audit_hand(changed).findings)
    return sorted((after - before).elements())


def apply_everywhere(
    clean: list[tuple[HandRecord, ReplayResult]], fault: Fault, minimum: int
) -> list[tuple[str, list[tuple[str, str]]]]:
    results = []
    for hand, result in clean:
        changed = fault(hand, result)
        if changed is not None:
            results.append((hand.hand_key, new_findings(hand, changed)))
    assert len(results) >= minimum, f"fault applied to only {len(results)} hands"
    return results


# -- the reported amounts ---------------------------------------------------------
def raise_collected(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    if not hand.collections or hand.cashouts:
        return None
    first = hand.collections[0]
    return replace(
        hand, collections=(replace(first, amount=first.amount + 1), *hand.collections[1:])
    )


def lower_collected(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    if not hand.collections or hand.cashouts or hand.collections[0].amount < 1:
        return None
    first = hand.collections[0]
    return replace(
        hand, collections=(replace(first, amount=first.amount - 1), *hand.collections[1:])
    )


def test_fault_collected_amount_raised_exceeds_the_pot(
    clean: list[tuple[HandRecord, ReplayResult]],
) -> None:
    for key, found in apply_everywhere(clean, raise_collected, 50):
        assert found == [("collected_exceeds_pot", "R-SD-3")], key


def test_fault_collected_amount_lowered_is_a_mismatch(
    clean: list[tuple[HandRecord, ReplayResult]],
) -> None:
    for key, found in apply_everywhere(clean, lower_collected, 50):
        assert found == [("collected_mismatch", "R-SD-3")], key


def total_pot(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    if hand.total_pot_reported is None:
        return None
    return replace(hand, total_pot_reported=hand.total_pot_reported + 1)


def test_fault_reported_total_pot(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    for key, found in apply_everywhere(clean, total_pot, 60):
        assert found == [("total_pot_mismatch", "R-POT-1")], key


def side_pot(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    if not hand.side_pots_reported:
        return None
    first, *rest = hand.side_pots_reported
    return replace(hand, side_pots_reported=(first + 1, *rest))


def test_fault_side_pot_amount(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    for key, found in apply_everywhere(clean, side_pot, 8):
        assert found == [("side_pot_mismatch", "R-POT-1")], key


# -- the odd chip ---------------------------------------------------------------
def move_odd_chip(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    """Take the odd chip of a split pot (or half) from its receiver and give it to a co-winner."""
    if hand.cashouts:
        return None
    by_pot: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for a in result.awards:
        by_pot[(a.run, a.pot_index)][result.name_of(a.seat)] = (
            by_pot[(a.run, a.pot_index)].get(result.name_of(a.seat), 0) + a.amount
        )
    for (run, pot), shares in by_pot.items():
        if len(shares) < 2 or len(set(shares.values())) < 2:
            continue
        top = max(shares, key=lambda p: shares[p])
        other = min(shares, key=lambda p: shares[p])
        if shares[top] - shares[other] != 1:
            continue  # not an odd-chip difference
        lines = list(hand.collections)
        give = next(
            i for i, c in enumerate(lines) if (c.run, c.pot_index, c.player) == (run, pot, top)
        )
        take = next(
            i for i, c in enumerate(lines) if (c.run, c.pot_index, c.player) == (run, pot, other)
        )
        lines[give] = replace(lines[give], amount=lines[give].amount - 1)
        lines[take] = replace(lines[take], amount=lines[take].amount + 1)
        return replace(hand, collections=tuple(lines))
    return None


def test_fault_odd_chip_to_the_wrong_seat(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    for key, found in apply_everywhere(clean, move_odd_chip, 3):
        assert len(found) == 1 and found[0][0] == "odd_chip_misplaced", (key, found)
        assert found[0][1] in ("R-ODD-1", "R-ODD-2")


# -- bet sizes ------------------------------------------------------------------------
def _resize_last_uncalled_raise(
    hand: HandRecord, result: ReplayResult, target: str
) -> HandRecord | None:
    """Resize the hand's last bet or raise when nobody called it (its excess came back).

    The uncalled amount returned changes with it, as the room would print it;
    nothing else in the hand depends on that bet.
    """
    if hand.game.structure is not Structure.POT_LIMIT or len(hand.uncalled) != 1:
        return None
    idx = max(
        (i for i, a in enumerate(hand.actions) if a.kind in (ActionKind.BET, ActionKind.RAISE)),
        default=None,
    )
    if idx is None:
        return None
    a = hand.actions[idx]
    if a.all_in or hand.uncalled[0].player != a.player:
        return None
    if any(b.kind is not ActionKind.FOLD for b in hand.actions[idx + 1 :]):
        return None
    d = result.decisions[idx]
    if d.min_raise_to is None or d.max_raise_to is None:
        return None
    old_to = d.street_in + a.amount
    new_to = d.max_raise_to + 1 if target == "above" else d.min_raise_to - 1
    delta = new_to - old_to
    if new_to <= d.current_bet or new_to >= d.all_in_to or a.amount + delta > d.stack_before:
        return None
    back = hand.uncalled[0]
    if back.amount + delta <= 0:
        return None
    actions = list(hand.actions)
    actions[idx] = replace(a, amount=a.amount + delta, to_amount=new_to)
    return replace(
        hand, actions=tuple(actions), uncalled=(replace(back, amount=back.amount + delta),)
    )


def test_fault_raise_above_the_pot_limit(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    def fault(h: HandRecord, r: ReplayResult) -> HandRecord | None:
        return _resize_last_uncalled_raise(h, r, "above")

    for key, found in apply_everywhere(clean, fault, 10):
        assert len(found) == 1, (key, found)
        assert found[0] in (("illegal_raise_size", "R-BET-5"), ("illegal_bet_size", "R-BET-5")), key


def test_fault_raise_below_the_minimum(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    def fault(h: HandRecord, r: ReplayResult) -> HandRecord | None:
        return _resize_last_uncalled_raise(h, r, "below")

    for key, found in apply_everywhere(clean, fault, 8):
        assert len(found) == 1, (key, found)
        assert found[0] in (("illegal_raise_size", "R-BET-4"), ("illegal_bet_size", "R-BET-4")), key


# -- action order -------------------------------------------------------------------------
def swap_two_actions(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    """Swap two neighbouring actions of different players whose amounts do not depend on the order."""
    movable = {ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL}
    for i in range(len(hand.actions) - 1):
        a, b = hand.actions[i], hand.actions[i + 1]
        if a.street is not b.street or a.player == b.player:
            continue
        if a.kind not in movable or b.kind not in movable or a.all_in or b.all_in:
            continue
        if a.kind is ActionKind.CALL and b.kind is ActionKind.CALL:
            continue  # two calls may owe different amounts
        if ActionKind.CHECK in (a.kind, b.kind) and ActionKind.CALL in (a.kind, b.kind):
            continue
        actions = list(hand.actions)
        actions[i], actions[i + 1] = replace(b, line=a.line), replace(a, line=b.line)
        return replace(hand, actions=tuple(actions))
    return None


def test_fault_order_of_two_actions(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    for key, found in apply_everywhere(clean, swap_two_actions, 40):
        assert len(found) == 1 and found[0][0] == "action_out_of_turn", (key, found)


# -- a winner's shown cards ----------------------------------------------------------------
def losing_cards(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    """Give a shown winner of a contested pot cards that win nothing (from the unseen deck)."""
    if hand.cashouts or len(hand.boards) != 1 or len(hand.boards[0]) != 5:
        return None
    shown = known_hands(hand)
    contested = [p for p in result.pots if p.contested and p.verifiable and len(p.contestants) >= 2]
    if not contested or any(p.unshown for p in result.pots):
        return None
    winners = {result.name_of(a.seat) for a in result.awards if a.pot_index == contested[0].index}
    player = next((w for w in sorted(winners) if w in shown), None)
    if player is None:
        return None
    board = hand.boards[0]
    seen = set(board) | {c for cards in shown.values() for c in cards}
    seen |= {c for _, cards in hand.dealt for c in cards}
    deck = [c for c in range(52) if c not in seen]
    rng = random.Random(hand.hand_id)
    best_rival = max(omaha_high(cards, board) for p, cards in shown.items() if p != player)
    for _ in range(400):
        cards = tuple(rng.sample(deck, hand.game.hole_card_count))
        if omaha_high(cards, board) < best_rival and (
            not hand.game.hi_lo or omaha_low(cards, board) is None
        ):
            return _with_shown(hand, player, cards)
    return None


def _with_shown(hand: HandRecord, player: str, cards: tuple[int, ...]) -> HandRecord:
    shows = tuple(replace(s, cards=cards) if s.player == player else s for s in hand.shows)
    summary = tuple(
        replace(s, showed=cards) if s.player == player and s.showed else s
        for s in hand.summary_seats
    )
    dealt = tuple((p, cards if p == player else c) for p, c in hand.dealt)
    return replace(hand, shows=shows, summary_seats=summary, dealt=dealt)


def test_fault_winners_shown_cards(clean: list[tuple[HandRecord, ReplayResult]]) -> None:
    for key, found in apply_everywhere(clean, losing_cards, 12):
        assert found and {code for code, _ in found} == {"wrong_winner"}, (key, found)


# -- rake and fees: a wrong figure is named as itself ----------------------------------
def rake_moved(delta: int) -> Fault:
    """The rake line off by ``delta``; the collected lines and the SUMMARY as they were."""

    def fault(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
        if hand.rake_reported is None or hand.cashouts or not hand.collections:
            return None
        if hand.rake_reported + delta < 0:
            return None
        return replace(hand, rake_reported=hand.rake_reported + delta)

    return fault


def test_fault_rake_one_unit_more_is_a_rake_mismatch(
    clean: list[tuple[HandRecord, ReplayResult]],
) -> None:
    for key, found in apply_everywhere(clean, rake_moved(+1), 50):
        assert found == [("rake_mismatch", "R-RAKE-1")], key


def test_fault_rake_one_unit_less_is_a_rake_mismatch(
    clean: list[tuple[HandRecord, ReplayResult]],
) -> None:
    for key, found in apply_everywhere(clean, rake_moved(-1), 20):
        assert found == [("rake_mismatch", "R-RAKE-1")], key


@pytest.fixture(scope="module")
def clean_gg() -> list[tuple[HandRecord, ReplayResult]]:
    return [(h, replay(h)) for f, h in corpus_hands("GGPoker") if is_clean_source(f)]


def rake_before_the_flop(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
    """A hand over before the flop, raked one unit, its text otherwise coherent (the
    winner's collected line and SUMMARY one unit less)."""
    if (hand.boards and hand.boards[0]) or hand.cashouts or len(hand.collections) != 1:
        return None
    if hand.rake_reported != 0 or hand.currency != "USD" or hand.game_type.value != "cash":
        return None
    line = hand.collections[0]
    summary = tuple(
        replace(s, won=s.won - 1) if s.player == line.player and s.won else s
        for s in hand.summary_seats
    )
    return replace(
        hand,
        rake_reported=1,
        collections=(replace(line, amount=line.amount - 1),),
        summary_seats=summary,
    )


def test_fault_rake_on_a_no_flop_hand_under_no_flop_no_drop_r_rake_5(
    clean: list[tuple[HandRecord, ReplayResult]],
    clean_gg: list[tuple[HandRecord, ReplayResult]],
) -> None:
    from omahahh.audit.rake_hook import audit_hook
    from omahahh.house_rules import DEFAULT_HOUSE_RULES

    rules = replace(DEFAULT_HOUSE_RULES, no_flop_no_drop=True)
    hook = audit_hook("documented", rules)
    applied = 0
    for hand, result in clean + clean_gg:
        changed = rake_before_the_flop(hand, result)
        if changed is None:
            continue
        applied += 1
        before = Counter((f.code.value, f.rule) for f in audit_hand(hand, rules, hook).findings)
        after = Counter((f.code.value, f.rule) for f in audit_hand(changed, rules, hook).findings)
        assert sorted((after - before).elements()) == [("rake_off_schedule", "R-RAKE-5")]
    assert applied >= 5  # 3 PokerStars and 2 GGPoker clean USD cash hands


def fee_moved(column: str, delta: int) -> Fault:
    def fault(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
        value = getattr(hand, column)
        if value is None or value + delta < 0 or not hand.collections or hand.cashouts:
            return None
        return replace(hand, **{column: value + delta})

    return fault


@pytest.mark.parametrize(
    ("column", "delta", "code", "rule"),
    [
        ("rake_reported", +1, "rake_mismatch", "R-RAKE-1"),
        ("jackpot_reported", +1, "rake_mismatch", "R-RAKE-1"),
        ("other_fees_reported", +1, "rake_mismatch", "R-RAKE-1"),
        ("cash_drop_reported", +1, "cash_drop_mismatch", "R-POT-1"),
    ],
)
def test_fault_gg_rake_fees_and_cash_drop_each_with_its_code(
    clean_gg: list[tuple[HandRecord, ReplayResult]], column: str, delta: int, code: str, rule: str
) -> None:
    def fault(hand: HandRecord, result: ReplayResult) -> HandRecord | None:
        if column == "cash_drop_reported" and hand.cash_drop_reported is None:
            hand = replace(hand, cash_drop_reported=0)  # a drop line where there was none
        return fee_moved(column, delta)(hand, result)

    for key, found in apply_everywhere(
        clean_gg, fault, 2 if column == "other_fees_reported" else 8
    ):
        assert found == [(code, rule)], key
