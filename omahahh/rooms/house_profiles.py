"""Built-in house-rules profiles: the rooms whose rule documents docs/RULES.md restates.

docs/RULES.md's rules come from four rooms' published house rules (the seeds, in
``../shared/seeds/`` beside a checkout): ``000`` Unibet Poker, ``001`` an unnamed
Finnish room's Omaha High rules, ``003`` StellaPoker, ``004`` MultiPoker. Where a
**[choice]** of docs/RULES.md is decided by one of these documents otherwise than by
the default, the room's profile says so: each :class:`Setting` names the rule id, the
seed and the document's own words. ``--rules multipoker`` audits under MultiPoker's rules,
``--schedule multipoker`` reconciles its rake; ``omahahh rules list`` and
``omahahh rules show NAME`` print them.

A profile holds only what its document states: a document silent on a choice
keeps docs/RULES.md's default.

>>> house_profile("multipoker").rules.pot_limit_pot
'active_side_pot'
>>> [p.name for p in PROFILES.values()]
['unibet', 'finnish', 'stellapoker', 'multipoker']
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from omahahh.errors import UnknownName
from omahahh.house_rules import (
    DEFAULT_HOUSE_RULES,
    RULE_OF_SETTING,
    SECTIONS,
    HouseRules,
    HouseRulesError,
    house_rules_from_dict,
    load_house_rules,
)


class UnknownProfile(HouseRulesError, UnknownName):
    """``--rules`` names neither a built-in profile nor a file."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a profile that differs from docs/RULES.md's default, and why."""

    key: str  # a field of HouseRules
    value: Any
    seed: str  # "004"
    says: str  # the document's words (translated), which decide the setting

    @property
    def rule(self) -> str:
        return RULE_OF_SETTING[self.key]


@dataclass(frozen=True, slots=True)
class RoomProfile:
    """A room's house rules as its document states them."""

    name: str  # what --rules takes: "multipoker"
    room: str  # "MultiPoker"
    seed: str  # "004"
    document: str  # the seed file and what it covers
    settings: tuple[Setting, ...]
    schedule: str | None  # the built-in rake schedule of the document, if it gives one
    notes: tuple[str, ...] = ()

    @property
    def rules(self) -> HouseRules:
        """The :class:`HouseRules` of the profile (docs/RULES.md's defaults elsewhere)."""
        values = {
            s.key: list(s.value) if isinstance(s.value, tuple) else s.value for s in self.settings
        }
        sections: dict[str, dict[str, Any]] = {}
        for section, keys in SECTIONS.items():
            chosen = {k: values[k] for k in keys if k in values}
            if chosen:
                sections[section] = chosen
        return house_rules_from_dict({"name": self.name, **sections}, f"<profile {self.name}>")


FOUR_CARDS = (4,)

PROFILES: dict[str, RoomProfile] = {
    p.name: p
    for p in (
        RoomProfile(
            name="unibet",
            room="Unibet Poker",
            seed="000",
            document="seeds/000_702e12983f44c846.txt: Unibet Poker's Omaha / PLO rules, "
            "six-max cash tables",
            settings=(
                Setting(
                    "hole_card_counts",
                    FOUR_CARDS,
                    "000",
                    '"Igale mängijale jagatakse neli kaarti" (each player is dealt four cards): '
                    "5- and 6-card Omaha are not the room's games",
                ),
            ),
            schedule=None,
            notes=(
                "No rake schedule in the document.",
                "R-TBL-1: six-seat cash tables; R-START-1: a hand starts with three players "
                "(two when the previous hand had three or more); the history shows both.",
            ),
        ),
        RoomProfile(
            name="finnish",
            room="an unnamed Finnish room (Omaha High)",
            seed="001",
            document="seeds/001_db2deb016e8b797c.txt: Omaha High, limit, pot-limit and no-limit",
            settings=(
                Setting(
                    "hole_card_counts",
                    FOUR_CARDS,
                    "001",
                    '"jokainen pelaaja saa 4 korttia" (every player gets 4 cards)',
                ),
                Setting(
                    "pot_limit_pot",
                    "active_side_pot",
                    "001",
                    '"Aktiivisen potin kokonaismäärä (pääpotti, tai sivupotti jos joku '
                    'pelaajista on ”all in”)" (the active pot: the main pot, or the side pot '
                    "if a player is all-in), read as written",
                ),
            ),
            schedule=None,
            notes=("No rake schedule in the document.",),
        ),
        RoomProfile(
            name="stellapoker",
            room="StellaPoker",
            seed="003",
            document="seeds/003_7e9e0c659284d991.txt: StellaPoker's Omaha High procedures "
            "and blind rules",
            settings=(
                Setting(
                    "hole_card_counts",
                    FOUR_CARDS,
                    "003",
                    '"Igrači će dobiti četiri zatvorene karte" (the players get four closed cards)',
                ),
            ),
            schedule=None,
            notes=(
                "No rake schedule in the document.",
                "R-BL-6, R-BL-7: missed blinds are posted dead; R-BTN-1: the small blind "
                "gets the button next; the audit checks both as for every room.",
            ),
        ),
        RoomProfile(
            name="multipoker",
            room="MultiPoker",
            seed="004",
            document="seeds/004_027b96043c3aca75.txt: MultiPoker's Omaha 8-or-better / Hi-Lo, "
            "with a rake table",
            settings=(
                Setting(
                    "pot_limit_pot",
                    "active_side_pot",
                    "004",
                    '"den aktive pottens verdi (som kan være hovedpotten eller, hvis noen har '
                    'gjort All-In, side potten)" (the active pot: the main pot or, if someone '
                    "is all-in, the side pot), read as written",
                ),
            ),
            schedule="multipoker",
            notes=(
                'R-RAKE-4: the document\'s "if the fee is lower than $10, the fee is zero" '
                "is read as a minimum pot of the pot- and no-limit table (the fee never "
                "reaches $10); the `documented` schedule leaves it off.",
                "R-BL-3: the small blind is rounded down to a whole dollar, as the default "
                "does; the document calls it a guideline.",
            ),
        ),
    )
}


def looks_like_a_path(text: str) -> bool:
    """Does ``text`` name a file (a folder or an extension) rather than a built-in?

    >>> looks_like_a_path("room.toml"), looks_like_a_path("rules/x"), looks_like_a_path("nosuch")
    (True, True, False)
    """
    return "/" in text or os.sep in text or bool(Path(text).suffix)


def house_profile(name: str) -> RoomProfile:
    """The built-in profile ``name`` (see :data:`PROFILES`)."""
    try:
        return PROFILES[name]
    except KeyError:
        raise UnknownProfile(
            f"unknown house-rules profile {name!r} (built-ins: {', '.join(PROFILES)})"
        ) from None


def resolve_house_rules(spec: str | os.PathLike[str]) -> tuple[HouseRules, RoomProfile | None]:
    """``--rules NAME|FILE``: a built-in profile by name (and its room), or a TOML file."""
    text = os.fspath(spec)
    if text in PROFILES:
        profile = PROFILES[text]
        return profile.rules, profile
    if text == DEFAULT_HOUSE_RULES.name:
        return DEFAULT_HOUSE_RULES, None
    if not Path(text).is_file() and not looks_like_a_path(text):
        raise UnknownProfile(
            f"--rules {text!r}: neither a built-in profile ({', '.join(PROFILES)}) "
            "nor a house-rules file"
        )
    return load_house_rules(text), None
