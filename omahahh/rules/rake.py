"""Rake: what the house should take from a pot (R-RAKE-1 to R-RAKE-6).

Pure functions over integer minor units. A :class:`RakeRule` is one room's
way of raking one kind of game (a percentage taken per increment with caps by
players dealt in, or a step table by pot size); :func:`expected_rake` applies
it to one pot. Which rule applies to which hand (stakes, structure, currency)
is the schedule's business (``omahahh.rake.schedule``), not this module's.

The pot a schedule applies to is the *total pot*: every chip put in, net of
uncalled returns, before rake is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

BASIS_POINTS = 10_000  # 100 % in basis points


class Rounding(StrEnum):
    """How a fraction is rounded: down (floor), up (ceiling), nearest (half up)."""

    DOWN = "down"
    UP = "up"
    NEAREST = "nearest"


def round_div(numerator: int, denominator: int, rounding: Rounding) -> int:
    """``numerator / denominator`` rounded as told (both non-negative, denominator > 0).

    ``round_div(780, 100, Rounding.DOWN) == 7``; ``UP`` gives 8; ``NEAREST``
    gives 8 (half goes up: ``round_div(750, 100, Rounding.NEAREST) == 8``).
    """
    if rounding is Rounding.DOWN:
        return numerator // denominator
    if rounding is Rounding.UP:
        return -(-numerator // denominator)
    return (2 * numerator + denominator) // (2 * denominator)


def percentage_rake(
    pot: int,
    percent_bp: int,
    increment: int = 1,
    rounding: Rounding = Rounding.DOWN,
    fraction_rounding: Rounding = Rounding.DOWN,
) -> int:
    """R-RAKE-3: ``percent_bp`` basis points of the pot, counted in whole increments.

    The pot is first counted in ``increment`` units (``rounding`` says how a
    part increment counts: R-RAKE-3's **[choice]** default is that only full
    ones count), then the percentage of the counted pot is taken, a fraction of
    a minor unit rounded by ``fraction_rounding``.

    Worked example (R-RAKE-3, "$0.05 for each $1"): 500 bp per 100-cent
    increment; a $7.80 pot counts 7 full dollars and pays 35 cents:
    ``percentage_rake(780, 500, 100) == 35``. PokerStars' "5 %, rounded down
    to the cent" is ``percentage_rake(780, 500) == 39``.
    """
    counted = round_div(pot, increment, rounding) * increment
    return round_div(counted * percent_bp, BASIS_POINTS, fraction_rounding)


@dataclass(frozen=True, slots=True)
class PlayerCap:
    """A rake cap for hands with ``min_players`` to ``max_players`` players dealt in."""

    min_players: int
    max_players: int
    cap: int


def cap_for_players(caps: tuple[PlayerCap, ...], players: int) -> int | None:
    """R-RAKE-3: the cap that applies to ``players`` dealt in, or None (no cap).

    With R-RAKE-3's caps ($1.00 for 2–3 players, $2.00 for 4–5, $3.00 for
    6–9, and 10 taking the 6–9 cap), 5 players are capped at 200 cents:
    ``cap_for_players((PlayerCap(2, 3, 100), PlayerCap(4, 5, 200),
    PlayerCap(6, 10, 300)), 5) == 200``. A count no range covers is uncapped.
    """
    for c in caps:
        if c.min_players <= players <= c.max_players:
            return c.cap
    return None


def capped(rake: int, cap: int | None) -> int:
    """R-RAKE-3: ``rake`` limited by ``cap`` (None = no cap). ``capped(540, 300) == 300``."""
    return rake if cap is None else min(rake, cap)


@dataclass(frozen=True, slots=True)
class Step:
    """One row of a step table: a pot of at least ``min_pot`` pays ``rake``."""

    min_pot: int
    rake: int


@dataclass(frozen=True, slots=True)
class StepTable:
    """R-RAKE-2: the steps for hands with ``min_players`` to ``max_players`` dealt in."""

    min_players: int
    max_players: int
    steps: tuple[Step, ...]  # ascending by min_pot


def step_rake(pot: int, steps: tuple[Step, ...]) -> int:
    """R-RAKE-2: the rake of the highest step the pot reaches (0 below the first).

    Worked example, $2/$4 to $10/$20 limit with 4–5 players (pot ≥ $20 / $30 /
    $40 pays $1.00 / $1.50 / $2.00): a $35 pot pays $1.50, a $19.99 pot pays
    nothing, and $2.00 is the most ever taken (the table's last step is its cap):
    ``step_rake(3500, (Step(2000, 100), Step(3000, 150), Step(4000, 200))) == 150``.
    """
    rake = 0
    for s in steps:
        if pot >= s.min_pot:
            rake = s.rake
    return rake


def step_table_for_players(tables: tuple[StepTable, ...], players: int) -> StepTable | None:
    """R-RAKE-2: the step table for ``players`` dealt in, or None when no row covers them.

    ``step_table_for_players((StepTable(2, 3, ...), StepTable(4, 5, ...)), 4)``
    is the 4–5 table.
    """
    for t in tables:
        if t.min_players <= players <= t.max_players:
            return t
    return None


def below_minimum_pot(pot: int, min_pot: int) -> bool:
    """R-RAKE-4 **[choice]**: a pot under the schedule's minimum is not raked.

    The seed's "if the fee is lower than $10, the fee is zero" contradicts
    R-RAKE-3 as written; it is read as a minimum pot, off by default (0).
    With ``min_pot = 1000``: ``below_minimum_pot(999, 1000) is True`` and a
    $10.00 pot is raked (``below_minimum_pot(1000, 1000) is False``).
    """
    return pot < min_pot


def no_drop(flop_dealt: bool, no_flop_no_drop: bool) -> bool:
    """R-RAKE-5 **[choice]**: "no flop, no drop" — a hand over before the flop is not raked.

    Off by default (R-RAKE-1: rake comes from all four betting rounds):
    ``no_drop(False, no_flop_no_drop=False) is False``; a room that sets it
    takes nothing from a hand won pre-flop: ``no_drop(False, True) is True``.
    """
    return no_flop_no_drop and not flop_dealt


@dataclass(frozen=True, slots=True, kw_only=True)
class RakeRule:
    """How one kind of game is raked: a percentage (R-RAKE-3) or step tables (R-RAKE-2).

    ``step_tables`` non-empty selects the step mode; otherwise ``percent_bp``
    per ``increment`` with ``caps`` applies. ``rule_id`` is the rule a
    discrepancy cites (R-RAKE-2 for step tables, R-RAKE-3 for percentages).
    """

    rule_id: str = "R-RAKE-3"
    percent_bp: int = 0
    increment: int = 1
    rounding: Rounding = Rounding.DOWN
    fraction_rounding: Rounding = Rounding.DOWN
    caps: tuple[PlayerCap, ...] = ()
    step_tables: tuple[StepTable, ...] = ()
    min_pot: int = 0
    no_flop_no_drop: bool = False


@dataclass(frozen=True, slots=True)
class Expected:
    """The rake a rule expects, and the rule id that decided it."""

    amount: int
    rule_id: str


def expected_rake(rule: RakeRule, pot: int, players: int, flop_dealt: bool) -> Expected | None:
    """The rake ``rule`` takes from a ``pot`` with ``players`` dealt in, or None.

    Order: no flop, no drop (R-RAKE-5) first, then the minimum pot (R-RAKE-4),
    then the step table (R-RAKE-2) or the capped percentage (R-RAKE-3). None
    when a step rule has no row for that many players (no expectation).

    Worked example, R-RAKE-3 with the documented caps: a $70.00 pot with 3
    players pays 5 cents per full dollar = $3.50, capped at $1.00 for 2–3
    players: ``expected_rake(documented_plo, 7000, 3, True) == Expected(100,
    "R-RAKE-3")``; the same pot ended pre-flop under "no flop, no drop" is
    ``Expected(0, "R-RAKE-5")``.
    """
    if no_drop(flop_dealt, rule.no_flop_no_drop):
        return Expected(0, "R-RAKE-5")
    if below_minimum_pot(pot, rule.min_pot):
        return Expected(0, "R-RAKE-4")
    if rule.step_tables:
        table = step_table_for_players(rule.step_tables, players)
        if table is None:
            return None
        return Expected(step_rake(pot, table.steps), rule.rule_id)
    raw = percentage_rake(
        pot, rule.percent_bp, rule.increment, rule.rounding, rule.fraction_rounding
    )
    return Expected(capped(raw, cap_for_players(rule.caps, players)), rule.rule_id)


def implied_rake(pot: int, paid: int) -> int:
    """R-RAKE-1: the rake a room took without printing it: the pot less what it paid out.

    ``pot`` is every chip put in, net of uncalled returns; ``paid`` what the
    winners collected from it. 888poker prints no rake: a $1/$2 pot of $33.00
    paid out as ``collected [ $32 ]`` was raked $1.00:
    ``implied_rake(3300, 3200) == 100``. Paying out more than the pot held
    implies no rake (never a negative one): the awards audit reports the excess.
    """
    return max(pot - paid, 0)
