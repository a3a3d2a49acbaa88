"""The house-rules profile: every **[choice]** of docs/RULES.md as a setting.

docs/RULES.md marks the places where the rule documents disagree or are silent
with **[choice]**; each is a field here, with the default docs/RULES.md states. A
profile is read from a TOML file (``--rules FILE``); keys left out keep their
default, unknown keys and values are errors (a misspelt key must not be
silently ignored by an auditor). See ``docs/HOUSE_RULES.md``.

>>> load_house_rules_text('[showdown]\\nhi_lo_odd_chip = "low"').hi_lo_odd_chip
'low'
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from typing import Any

from omahahh.errors import OmahahhError


class HouseRulesError(OmahahhError):
    """A house-rules file that cannot be read or holds an unknown key or value."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseRules:
    """Settings for the [choice] points of docs/RULES.md (defaults as stated there)."""

    name: str = "default"
    """A label for reports (the file name when loaded from a file)."""

    # -- cards and table ----------------------------------------------------
    hole_card_counts: tuple[int, ...] = (4, 5, 6)
    """R-CARD-2 [choice]: hole cards a variant may deal (5- and 6-card Omaha supported)."""
    button_at_new_table: str = "history"
    """R-BTN-2 [choice]: where the button starts; the history says (the only value)."""

    # -- blinds -------------------------------------------------------------
    limit_small_blind_rounding: str = "whole_unit"
    """R-BL-3 [choice]: fixed-limit SB = half the BB rounded down to a whole currency
    unit (``whole_unit``, falling back to the smallest unit at stakes below it) or
    always to the smallest unit (``smallest_unit``)."""

    # -- betting ------------------------------------------------------------
    pot_limit_pot: str = "all_pots"
    """R-BET-5: the pot a pot-limit raise is measured on while someone is all-in:
    ``all_pots`` (every pot the raiser can still win, which is every pot) or
    ``active_side_pot`` (only the side pot being contested). Not marked [choice]
    in docs/RULES.md, but its wording allows both; see docs/HOUSE_RULES.md."""

    # -- showdown -----------------------------------------------------------
    hi_lo_odd_chip: str = "high"
    """R-ODD-2 [choice]: the half that gets a pot's odd chip in Hi/Lo (``high`` or ``low``)."""

    # -- rake (read by rake schedules) ----------------------------------------
    rake_part_dollar: str = "floor"
    """R-RAKE-3 [choice]: how a part-dollar of the pot counts: ``floor`` (only full
    dollars count: a $7.80 pot pays $0.35) or ``proportional``."""
    rake_min_pot: int = 0
    """R-RAKE-4 [choice]: pots below this many minor units pay no rake; 0 = off."""
    no_flop_no_drop: bool = False
    """R-RAKE-5 [choice]: True = no rake on hands that end before the flop."""

    # -- what a room's own habits change in the rules (set per hand by the audit from the
    # room's conventions, omahahh/rooms/conventions.py; not read from a rules file) -------
    promotions_count_in_pot_limit: bool = False
    """R-BET-5: promotional money dropped into the pot before the blinds (GGPoker's Cash
    Drop) counts in the pot a pot-limit raise is measured on."""
    runs_share_uncontested_pots: bool = True
    """A hand run twice shares between the boards even a pot only one player can win
    (PokerStars); False: such a pot is paid whole on the first board (GGPoker)."""
    split_chips: tuple[int, ...] = ()
    """R-SPLIT-1, R-ODD-1: the chips (minor units) a money game's pots may be split in; the
    hand's own amounts say which (:func:`omahahh.rules.odd_chips.hand_split_chip`). Empty:
    the smallest unit."""


DEFAULT_HOUSE_RULES = HouseRules()

# Allowed values of the string settings.
CHOICES: dict[str, tuple[str, ...]] = {
    "button_at_new_table": ("history",),
    "limit_small_blind_rounding": ("whole_unit", "smallest_unit"),
    "pot_limit_pot": ("all_pots", "active_side_pot"),
    "hi_lo_odd_chip": ("high", "low"),
    "rake_part_dollar": ("floor", "proportional"),
}

# TOML layout: section -> keys (each key a field of HouseRules).
SECTIONS: dict[str, tuple[str, ...]] = {
    "table": ("hole_card_counts", "button_at_new_table"),
    "blinds": ("limit_small_blind_rounding",),
    "betting": ("pot_limit_pot",),
    "showdown": ("hi_lo_odd_chip",),
    "rake": ("rake_part_dollar", "rake_min_pot", "no_flop_no_drop"),
}

# The docs/RULES.md id each setting belongs to (for docs and messages).
RULE_OF_SETTING: dict[str, str] = {
    "hole_card_counts": "R-CARD-2",
    "button_at_new_table": "R-BTN-2",
    "limit_small_blind_rounding": "R-BL-3",
    "pot_limit_pot": "R-BET-5",
    "hi_lo_odd_chip": "R-ODD-2",
    "rake_part_dollar": "R-RAKE-3",
    "rake_min_pot": "R-RAKE-4",
    "no_flop_no_drop": "R-RAKE-5",
}


def _check_value(key: str, value: Any, where: str) -> Any:
    default = getattr(DEFAULT_HOUSE_RULES, key)
    if key in CHOICES:
        if value not in CHOICES[key]:
            allowed = ", ".join(repr(c) for c in CHOICES[key])
            raise HouseRulesError(f"{where}: {key} = {value!r}: expected one of {allowed}")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise HouseRulesError(f"{where}: {key} must be true or false")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HouseRulesError(f"{where}: {key} must be a whole number >= 0 (minor units)")
        return value
    if key == "hole_card_counts":
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, int) and 2 <= v <= 7 for v in value)
        ):
            raise HouseRulesError(f"{where}: {key} must be a list of hole-card counts, e.g. [4, 5]")
        return tuple(value)
    raise HouseRulesError(f"{where}: {key}: unsupported setting")  # pragma: no cover


def house_rules_from_dict(data: dict[str, Any], where: str = "<rules>") -> HouseRules:
    """A profile from parsed TOML: ``{"showdown": {"hi_lo_odd_chip": "low"}, ...}``."""
    values: dict[str, Any] = {}
    for section, body in data.items():
        if section == "name":
            if not isinstance(body, str):
                raise HouseRulesError(f"{where}: name must be a string")
            values["name"] = body
            continue
        if section not in SECTIONS:
            known = ", ".join(f"[{s}]" for s in SECTIONS)
            raise HouseRulesError(f"{where}: unknown section [{section}] (known: {known})")
        if not isinstance(body, dict):
            raise HouseRulesError(f"{where}: [{section}] must be a table of settings")
        for key, value in body.items():
            if key not in SECTIONS[section]:
                known = ", ".join(SECTIONS[section])
                raise HouseRulesError(
                    f"{where}: unknown setting {key!r} in [{section}] (known: {known})"
                )
            values[key] = _check_value(key, value, where)
    return HouseRules(**values)


def _parse(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HouseRulesError(f"{where}: not valid TOML: {exc}") from None


def load_house_rules_text(text: str, where: str = "<rules>") -> HouseRules:
    """A profile from TOML text."""
    return house_rules_from_dict(_parse(text, where), where)


def load_house_rules(path: str | os.PathLike[str]) -> HouseRules:
    """A profile from a TOML file; without a ``name`` key it is named after the file."""
    p = os.fspath(path)
    try:
        with open(p, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise HouseRulesError(f"{p}: cannot read house rules: {exc.strerror or exc}") from None
    data = _parse(text, p)
    data.setdefault("name", os.path.basename(p))
    return house_rules_from_dict(data, p)


def to_toml(rules: HouseRules = DEFAULT_HOUSE_RULES) -> str:
    """The profile as a TOML file (the default profile gives the documented example)."""
    out = [f"name = {_toml_value(rules.name)}"]
    for section, keys in SECTIONS.items():
        out += ["", f"[{section}]"]
        for key in keys:
            out.append(f"{key} = {_toml_value(getattr(rules, key))}  # {RULE_OF_SETTING[key]}")
    return "\n".join(out) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
