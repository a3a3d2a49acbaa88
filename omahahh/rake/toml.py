"""Rake schedules to and from TOML, with validation that names the file and the key.

The format is documented in ``docs/RAKE.md``. Money is integer minor units
(cents, or 1 chip); percentages are basis points (500 = 5 %). Top-level
``rounding``, ``fraction_rounding``, ``min_pot`` and ``no_flop_no_drop`` are
defaults for every tier that does not set its own.
"""

from __future__ import annotations

import itertools
import json
import os
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from omahahh.model import GameType, Site, Structure
from omahahh.rake.schedule import RakeScheduleError, Schedule, Tier
from omahahh.rules.rake import PlayerCap, RakeRule, Rounding, Step, StepTable

_TOP_KEYS = {"name", "description", "tier", *("rounding", "fraction_rounding")}
_TOP_KEYS |= {"min_pot", "no_flop_no_drop"}
_TIER_KEYS = {
    "label",
    "rule",
    "sites",
    "structures",
    "game_types",
    "currencies",
    "min_big_blind",
    "max_big_blind",
    "percent_bp",
    "increment",
    "rounding",
    "fraction_rounding",
    "caps",
    "steps",
    "min_pot",
    "no_flop_no_drop",
}


class _Reader:
    """Typed access to a TOML table, raising errors that name ``source`` and the key."""

    def __init__(self, source: str, prefix: str, table: dict[str, Any], allowed: set[str]):
        self.source, self.prefix, self.table = source, prefix, table
        for key in table:
            if key not in allowed:
                raise self.fail(key, f"unknown key (allowed: {', '.join(sorted(allowed))})")

    def fail(self, key: str, problem: str) -> RakeScheduleError:
        return RakeScheduleError(f"{self.source}: {self.prefix}{key}: {problem}")

    def has(self, key: str) -> bool:
        return key in self.table

    def get_str(self, key: str, default: str | None = None) -> str:
        value = self.table.get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, f"expected a string, got {value!r}")
        return value

    def get_int(self, key: str, default: int | None = None, *, minimum: int = 0) -> int:
        value = self.table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected a whole number (minor units), got {value!r}")
        if value < minimum:
            raise self.fail(key, f"must be at least {minimum}, got {value}")
        return value

    def get_bool(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {value!r}")
        return value

    def get_rounding(self, key: str, default: Rounding) -> Rounding:
        value = self.table.get(key, default.value)
        try:
            return Rounding(value)
        except ValueError:
            choices = ", ".join(r.value for r in Rounding)
            raise self.fail(key, f"expected one of {choices}, got {value!r}") from None

    def get_strings(self, key: str, allowed: Sequence[str] | None = None) -> tuple[str, ...]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"expected a list of strings, got {value!r}")
        for v in value:
            if allowed is not None and v not in allowed:
                raise self.fail(key, f"{v!r} is not one of {', '.join(allowed)}")
        return tuple(value)

    def get_range(self, key: str, value: object, minimum: int = 0) -> tuple[int, int]:
        """``N`` or ``[N, M]`` (inclusive, N ≤ M)."""
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value, value]
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(key, f"expected N or [N, M], got {value!r}")
        lo, hi = value
        if lo < minimum or hi < lo:
            raise self.fail(key, f"expected {minimum} <= N <= M, got [{lo}, {hi}]")
        return lo, hi

    def get_tables(self, key: str) -> list[dict[str, Any]]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(key, "expected a list of tables ({ ... })")
        return value


def parse_schedule(data: dict[str, Any], source: str = "<schedule>") -> Schedule:
    """A :class:`Schedule` from decoded TOML; :class:`RakeScheduleError` names what is wrong."""
    top = _Reader(source, "", data, _TOP_KEYS)
    name = top.get_str("name") if top.has("name") else Path(source).stem
    defaults = {
        "rounding": top.get_rounding("rounding", Rounding.DOWN),
        "fraction_rounding": top.get_rounding("fraction_rounding", Rounding.DOWN),
        "min_pot": top.get_int("min_pot", 0),
        "no_flop_no_drop": top.get_bool("no_flop_no_drop", False),
    }
    tiers = tuple(
        _parse_tier(_Reader(source, f"tier[{i}].", t, _TIER_KEYS), defaults)
        for i, t in enumerate(top.get_tables("tier"))
    )
    return Schedule(
        name=name,
        description=top.get_str("description", ""),
        tiers=tiers,
        source=source,
    )


def _parse_tier(r: _Reader, defaults: dict[str, Any]) -> Tier:
    has_steps, has_percent = r.has("steps"), r.has("percent_bp")
    if has_steps == has_percent:
        raise r.fail("percent_bp", "a tier needs exactly one of percent_bp or steps")
    lo = r.get_int("min_big_blind", 0)
    hi = r.get_int("max_big_blind") if r.has("max_big_blind") else None
    if hi is not None and hi < lo:
        raise r.fail("max_big_blind", f"below min_big_blind ({hi} < {lo})")
    step_tables = _parse_steps(r) if has_steps else ()
    caps = _parse_caps(r) if r.has("caps") else ()
    if has_steps and caps:
        raise r.fail("caps", "a step table is its own cap: caps apply to percent_bp tiers only")
    percent = r.get_int("percent_bp", 0) if has_percent else 0
    if percent > 10_000:
        raise r.fail("percent_bp", f"basis points above 10000 (100 %): {percent}")
    rule = RakeRule(
        rule_id=r.get_str("rule", "R-RAKE-2" if has_steps else "R-RAKE-3"),
        percent_bp=percent,
        increment=r.get_int("increment", 1, minimum=1),
        rounding=r.get_rounding("rounding", defaults["rounding"]),
        fraction_rounding=r.get_rounding("fraction_rounding", defaults["fraction_rounding"]),
        caps=caps,
        step_tables=step_tables,
        min_pot=r.get_int("min_pot", defaults["min_pot"]),
        no_flop_no_drop=r.get_bool("no_flop_no_drop", defaults["no_flop_no_drop"]),
    )
    return Tier(
        label=r.get_str("label", ""),
        sites=r.get_strings("sites", [s.value for s in Site]),
        structures=r.get_strings("structures", [s.value for s in Structure]),
        game_types=r.get_strings("game_types", [g.value for g in GameType])
        if r.has("game_types")
        else (GameType.CASH.value,),
        currencies=r.get_strings("currencies"),
        min_big_blind=lo,
        max_big_blind=hi,
        rule=rule,
    )


def _check_disjoint(r: _Reader, key: str, ranges: list[tuple[int, int]]) -> None:
    ordered = sorted(ranges)
    for (a_lo, a_hi), (b_lo, b_hi) in itertools.pairwise(ordered):
        if b_lo <= a_hi:
            raise r.fail(key, f"player ranges [{a_lo}, {a_hi}] and [{b_lo}, {b_hi}] overlap")


def _parse_caps(r: _Reader) -> tuple[PlayerCap, ...]:
    caps = []
    for i, c in enumerate(r.get_tables("caps")):
        cr = _Reader(r.source, f"{r.prefix}caps[{i}].", c, {"players", "cap"})
        if not cr.has("players") or not cr.has("cap"):
            raise cr.fail("players", "each cap needs players = [N, M] and cap = amount")
        lo, hi = cr.get_range("players", c["players"], minimum=1)
        caps.append(PlayerCap(lo, hi, cr.get_int("cap")))
    _check_disjoint(r, "caps", [(c.min_players, c.max_players) for c in caps])
    return tuple(caps)


def _parse_steps(r: _Reader) -> tuple[StepTable, ...]:
    tables = []
    for i, t in enumerate(r.get_tables("steps")):
        sr = _Reader(r.source, f"{r.prefix}steps[{i}].", t, {"players", "pot", "rake"})
        for key in ("players", "pot", "rake"):
            if not sr.has(key):
                raise sr.fail(key, "each step row needs players, pot and rake")
        lo, hi = sr.get_range("players", t["players"], minimum=1)
        pots, rakes = t["pot"], t["rake"]
        if not _int_list(pots) or not pots:
            raise sr.fail("pot", f"expected a non-empty list of amounts, got {pots!r}")
        if not _int_list(rakes) or len(rakes) != len(pots):
            raise sr.fail("rake", f"expected {len(pots)} amounts (one per pot), got {rakes!r}")
        if any(b <= a for a, b in itertools.pairwise(pots)):
            raise sr.fail("pot", f"pot thresholds must rise strictly, got {pots}")
        steps = tuple(Step(p, k) for p, k in zip(pots, rakes, strict=True))
        tables.append(StepTable(lo, hi, steps))
    _check_disjoint(r, "steps", [(t.min_players, t.max_players) for t in tables])
    return tuple(tables)


def _int_list(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value
    )


def loads_schedule(text: str, source: str = "<schedule>") -> Schedule:
    """Parse a schedule from TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RakeScheduleError(f"{source}: not valid TOML: {exc}") from None
    return parse_schedule(data, source)


def load_schedule(path: str | os.PathLike[str], source: str | None = None) -> Schedule:
    """Read a schedule file; errors name the file (or ``source``) and the key."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RakeScheduleError(f"{path}: cannot read schedule: {exc.strerror}") from None
    return loads_schedule(text, source or os.fspath(path))


# ----------------------------------------------------------------------------- writing


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _list(values: Sequence[object]) -> str:
    return "[" + ", ".join(_q(v) if isinstance(v, str) else str(v) for v in values) + "]"


def _comment(lines: Sequence[str], indent: str = "") -> list[str]:
    return [f"{indent}# {line}".rstrip() for line in lines]


def dump_schedule(
    schedule: Schedule,
    *,
    header: Sequence[str] = (),
    tier_notes: dict[int, Sequence[str]] | None = None,
    footer: Sequence[str] = (),
) -> str:
    """TOML text that :func:`loads_schedule` reads back to an equal schedule.

    ``header``, ``tier_notes`` (by tier index) and ``footer`` become comments.
    """
    out = _comment(header)
    out += [f"name = {_q(schedule.name)}", f"description = {_q(schedule.description)}"]
    for i, tier in enumerate(schedule.tiers):
        out += ["", *_comment((tier_notes or {}).get(i, ())), "[[tier]]"]
        out += _tier_lines(tier)
    if footer:
        out += ["", *_comment(footer)]
    return "\n".join(out) + "\n"


def _tier_lines(tier: Tier) -> list[str]:
    rule = tier.rule
    out = [f"label = {_q(tier.label)}", f"rule = {_q(rule.rule_id)}"]
    for key in ("sites", "structures", "game_types", "currencies"):
        values: tuple[str, ...] = getattr(tier, key)
        if values or key == "game_types":
            out.append(f"{key} = {_list(values)}")
    if tier.min_big_blind > 0:
        out.append(f"min_big_blind = {tier.min_big_blind}")
    if tier.max_big_blind is not None:
        out.append(f"max_big_blind = {tier.max_big_blind}")
    if rule.step_tables:
        out.append("steps = [")
        for t in rule.step_tables:
            pots = _list([s.min_pot for s in t.steps])
            rakes = _list([s.rake for s in t.steps])
            out.append(
                f"  {{ players = [{t.min_players}, {t.max_players}], pot = {pots}, "
                f"rake = {rakes} }},"
            )
        out.append("]")
    else:
        out += [
            f"percent_bp = {rule.percent_bp}",
            f"increment = {rule.increment}",
            f"rounding = {_q(rule.rounding.value)}",
            f"fraction_rounding = {_q(rule.fraction_rounding.value)}",
        ]
        if rule.caps:
            out.append("caps = [")
            out += [
                f"  {{ players = [{c.min_players}, {c.max_players}], cap = {c.cap} }},"
                for c in rule.caps
            ]
            out.append("]")
    out += [f"min_pot = {rule.min_pot}", f"no_flop_no_drop = {str(rule.no_flop_no_drop).lower()}"]
    return out
