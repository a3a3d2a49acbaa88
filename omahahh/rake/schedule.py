"""Rake schedules as data: which rake rule applies to which hands (R-RAKE-6).

A :class:`Schedule` is an ordered list of :class:`Tier` s; the first tier that
matches a hand (site, structure, game type, currency, stakes) decides its
rake with its :class:`~omahahh.rules.rake.RakeRule`. A hand no tier matches
gets no expectation (``rake_expected`` null): it is counted apart and never
flagged. Schedules are written as TOML (``docs/RAKE.md``); the built-ins
``documented`` and ``none`` ship as files in ``omahahh/data/schedules``.
TOML reading and writing lives in :mod:`omahahh.rake.toml`, the built-ins and
``--schedule NAME|FILE`` in :mod:`omahahh.rake.builtin`, the audit's rake
hook in :mod:`omahahh.audit.rake_hook`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from omahahh.action_table import action_table
from omahahh.errors import OmahahhError
from omahahh.house_rules import HouseRules
from omahahh.model import HandRecord, Structure
from omahahh.rules.rake import Expected, RakeRule, expected_rake
from omahahh.rules.seating import dealt_in

BUILTIN_SCHEDULES = ("documented", "multipoker", "none")
INFER = "infer"

# Cancelled hands return every bet (R-TO-3): nothing can be raked.
CANCELLED_RULE = "R-TO-3"


class RakeScheduleError(OmahahhError):
    """A schedule that cannot be read: the message names the file and the key."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tier:
    """Hands this tier covers, and the rule that rakes them.

    Empty tuples match anything; ``game_types`` defaults to cash games only.
    ``min_big_blind``/``max_big_blind`` bound the stakes in minor units: the
    big blind, or for fixed limit the small bet (the lower limit, R-BL-3).
    """

    label: str = ""
    sites: tuple[str, ...] = ()
    structures: tuple[str, ...] = ()
    game_types: tuple[str, ...] = ("cash",)
    currencies: tuple[str, ...] = ()
    min_big_blind: int = 0
    max_big_blind: int | None = None
    rule: RakeRule = field(default_factory=RakeRule)

    def matches(
        self, *, site: str, structure: str, game_type: str, currency: str, stakes: int | None
    ) -> bool:
        """Does this tier cover a hand with these facts? (``stakes`` None matches no bound.)"""
        if self.sites and site not in self.sites:
            return False
        if self.structures and structure not in self.structures:
            return False
        if self.game_types and game_type not in self.game_types:
            return False
        if self.currencies and currency not in self.currencies:
            return False
        if self.min_big_blind > 0 or self.max_big_blind is not None:
            if stakes is None or stakes < self.min_big_blind:
                return False
            if self.max_big_blind is not None and stakes > self.max_big_blind:
                return False
        return True


@dataclass(frozen=True, slots=True, kw_only=True)
class Schedule:
    """A room's rake schedule: tiers tried in order. Picklable (plain frozen data)."""

    name: str
    description: str = ""
    tiers: tuple[Tier, ...] = ()
    source: str = "<built-in>"

    def tier_for(
        self, *, site: str, structure: str, game_type: str, currency: str, stakes: int | None
    ) -> Tier | None:
        """The first tier covering the hand, or None (the schedule makes no claim)."""
        for tier in self.tiers:
            if tier.matches(
                site=site,
                structure=structure,
                game_type=game_type,
                currency=currency,
                stakes=stakes,
            ):
                return tier
        return None

    def expect(
        self,
        *,
        site: str,
        structure: str,
        game_type: str,
        currency: str,
        stakes: int | None,
        pot: int | None,
        players: int,
        flop_dealt: bool,
        cancelled: bool = False,
    ) -> Expected | None:
        """Expected rake of one hand; None when no tier covers it or the pot is unknown."""
        tier = self.tier_for(
            site=site, structure=structure, game_type=game_type, currency=currency, stakes=stakes
        )
        if tier is None:
            return None
        if cancelled:
            return Expected(0, CANCELLED_RULE)
        if pot is None:
            return None
        return expected_rake(tier.rule, pot, players, flop_dealt)

    def expect_record(self, record: HandRecord, pot: int | None = None) -> Expected | None:
        """:meth:`expect` for a parsed hand; ``pot`` defaults to the pot its actions build."""
        return self.expect(
            site=record.site.value,
            structure=record.game.structure.value,
            game_type=record.game_type.value,
            currency=record.currency,
            stakes=record_stakes(record),
            pot=record_pot(record) if pot is None else pot,
            players=players_dealt(record),
            flop_dealt=bool(record.boards and record.boards[0]),
            cancelled=record.cancelled,
        )


def record_stakes(record: HandRecord) -> int | None:
    """Stakes a tier is matched on: the big blind, or for fixed limit the small bet."""
    if record.game.structure is Structure.FIXED_LIMIT and record.small_bet is not None:
        return record.small_bet
    return record.big_blind


def players_dealt(record: HandRecord) -> int:
    """Players dealt in: seated and not sitting out or out of hand, or who posted or acted.

    The same rule as ``hands.players_dealt`` (``omahahh.dataset.fragments``).
    """
    return sum(dealt_in(record))


def record_pot(record: HandRecord) -> int:
    """Total pot as the actions build it: every chip put in, less uncalled returns."""
    return sum(action_table(record.actions).amounts) - sum(u.amount for u in record.uncalled)


def apply_house_rules(schedule: Schedule, rules: HouseRules) -> Schedule:
    """The documented schedule under a house-rules profile's rake [choice] settings.

    ``rake_part_dollar`` (R-RAKE-3: ``floor`` counts full dollars only,
    ``proportional`` takes 5 % of the exact pot), ``rake_min_pot`` (R-RAKE-4)
    and ``no_flop_no_drop`` (R-RAKE-5) replace the documented defaults. Any
    other schedule is returned as it is: a schedule file says what it means.
    """
    if schedule.name != "documented" or schedule.source != "<built-in documented>":
        return schedule
    tiers = []
    for tier in schedule.tiers:
        rule = tier.rule
        if "cash" in tier.game_types:
            rule = replace(rule, min_pot=rules.rake_min_pot, no_flop_no_drop=rules.no_flop_no_drop)
            if rule.rule_id == "R-RAKE-3" and rules.rake_part_dollar == "proportional":
                rule = replace(rule, increment=1)
        tiers.append(replace(tier, rule=rule))
    return replace(schedule, tiers=tuple(tiers))
