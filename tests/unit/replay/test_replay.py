"""The replay engine: derived facts of crafted hands (the rules' worked examples are doctests)."""

from __future__ import annotations

import random
from fractions import Fraction

from omahahh.audit.settle import _borne
from omahahh.model import Site
from omahahh.replay import engine as replay
from omahahh.rooms.rake_allocation import allocation_for
from omahahh.rules.allocation import MAIN_FIRST, allocate_rake
from tests.helpers.parsing import parse_hand
from tests.helpers.replay import audited, codes, stars

ANTES = """
A: posts small blind $1
B: posts big blind $2
A: posts the ante $0.50
B: posts the ante $0.50
C: posts the ante $0.50
*** HOLE CARDS ***
C: raises $4 to $6
A: folds
B: folds
Uncalled bet ($4) returned to C
C collected $6.50 from pot
"""
SEATS3 = "Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)\nSeat 3: C ($100 in chips)"


def test_antes_are_dead_money_in_the_pot_not_bets() -> None:
    found = audited(stars(ANTES, seats=SEATS3, button=3, summary="Total pot $6.50 | Rake $0"))
    assert found.result is not None
    c_raise = found.result.decisions[5]
    # Pot 3 + antes 1.50; the ante does not count toward C's call of the blind.
    assert (c_raise.pot_before, c_raise.to_call, c_raise.max_raise_to) == (450, 200, 850)
    assert [(u.player, u.amount) for u in found.result.uncalled] == [("C", 400)]
    assert codes(found) == []


def test_straddle_moves_the_first_action_left_of_the_straddler() -> None:
    body = """
    A: posts small blind $1
    B: posts big blind $2
    C: posts straddle $4
    *** HOLE CARDS ***
    D: calls $4
    """
    seats = SEATS3 + "\nSeat 4: D ($100 in chips)"
    found = audited(stars(body, seats=seats, button=4))
    assert found.result is not None
    d = found.result.decisions[3]
    assert (d.to_call, d.min_raise_to) == (400, 600)
    assert [f for f in found.findings if f.action_seq is not None] == []


def test_player_results_invested_and_won() -> None:
    result = replay.replay(parse_hand(stars(ANTES, seats=SEATS3, button=3)))
    got = {p.player: (p.invested, p.won) for p in result.players}
    assert got == {"A": (150, 0), "B": (250, 0), "C": (250, 650)}


def test_decisions_record_whose_turn_it_was() -> None:
    result = replay.replay(parse_hand(stars(ANTES, seats=SEATS3, button=3)))
    turns = [(d.seat, d.expected_seat) for d in result.decisions]
    assert turns[5:] == [(3, 3), (1, 1), (2, 2)]


def test_rake_allocation_cumulative_below_the_cap() -> None:
    # PokerStars hands 22865231671 and 60920749213 (corpus): proportional, rounded cumulatively.
    assert allocate_rake(18, [247, 93, 30]) == [12, 5, 1]
    assert allocate_rake(12, [137, 45, 72]) == [6, 3, 3]


def test_rake_allocation_capped_takes_the_main_pot_first() -> None:
    stars_rule = allocation_for(Site.POKERSTARS)
    assert allocate_rake(500, [528000, 420000], rate=Fraction(45, 1000)) == [500, 0]
    assert allocate_rake(100, [2337, 8134], rate=stars_rule.rates[-1].rate) == [99, 1]
    assert allocate_rake(5, [5280, 4200], MAIN_FIRST) == [5, 0]


def _allocate_with_fractions(
    rake: int, pots: list[int], rate: Fraction | None, cap: Fraction = Fraction(3, 2)
) -> list[int]:
    """The cumulative spread as rules/allocation.py first wrote it: exact fractions."""

    def half_up(v: Fraction) -> int:
        return int((2 * v.numerator + v.denominator) // (2 * v.denominator))

    total = sum(pots)
    if rake <= 0 or total <= 0:
        return [0] * len(pots)
    rake = min(rake, total)
    capped = rate is not None and rate * total > cap * rake
    shares, cumulative, taken = [], 0, 0
    for amount in pots:
        cumulative += amount
        if capped and rate is not None:
            upto = min(rake, half_up(rate * cumulative))
        else:
            upto = half_up(Fraction(rake * cumulative, total))
        upto = max(taken, min(upto, rake))
        shares.append(upto - taken)
        taken = upto
    return shares


def test_rake_allocation_in_integers_equals_the_exact_fractions() -> None:
    rng = random.Random(5)
    rates = [None, Fraction(5, 100), Fraction(45, 1000), Fraction(425, 10000)]
    for _ in range(20_000):
        pots = [rng.randint(1, 10 ** rng.randint(1, 6)) for _ in range(rng.randint(1, 5))]
        rake, rate = rng.randint(0, max(1, sum(pots) // 10)), rng.choice(rates)
        expected = _allocate_with_fractions(rake, pots, rate)
        assert allocate_rake(rake, pots, rate=rate) == expected, (rake, pots, rate)


def test_rake_allocation_never_exceeds_the_rake_or_a_pot() -> None:
    for rake, amounts in [(7, [131, 90]), (3, [1, 1, 1]), (0, [5, 5]), (10, [3])]:
        parts = allocate_rake(rake, amounts)
        assert sum(parts) == min(rake, sum(amounts))
        assert all(0 <= p <= a for p, a in zip(parts, amounts, strict=True))


def test_room_take_of_one_pot_is_what_the_rooms_spread_gives() -> None:
    # room_take skips allocate_rake for one pot (most hands): the same parts, any room.
    rng = random.Random(8)
    for site in Site:
        allocation = allocation_for(site)
        for _ in range(300):
            pot, rake, fees = rng.randint(-2, 500), rng.randint(-3, 600), rng.randint(-1, 40)
            want = (
                allocate_rake(
                    rake, [pot], allocation.method, allocation.rate_for(None), allocation.cap_margin
                )[0]
                + allocate_rake(fees, [pot])[0]
            )
            assert _borne(rake, pot) + _borne(fees, pot) == want, (site, pot, rake, fees)
