"""`omahahh rules list | rules show NAME`: the built-in house-rules profiles."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from omahahh.cli.common import EXIT_USAGE, fail, run_library
from omahahh.house_rules import DEFAULT_HOUSE_RULES, to_toml
from omahahh.rake.builtin import builtin_schedule
from omahahh.rooms.house_profiles import PROFILES, RoomProfile, house_profile


class RulesAction(StrEnum):
    LIST = "list"
    SHOW = "show"


def profile_lines(profile: RoomProfile) -> list[str]:
    """What ``rules show NAME`` prints: the room, its document, each setting that differs
    from docs/RULES.md's default with its rule id and the document's words, the rake schedule,
    then the whole profile as a TOML file."""
    lines = [
        f"{profile.name}: {profile.room}",
        f"document {profile.seed}: {profile.document}",
        "",
        "Where the document differs from RULES.md's defaults:",
    ]
    for s in profile.settings:
        default = getattr(DEFAULT_HOUSE_RULES, s.key)
        lines.append(f"  {s.rule:<9} {s.key} = {_value(s.value)}  (default {_value(default)})")
        lines.append(f"            [{s.seed}] {s.says}")
    schedule = (
        f"{profile.schedule} ({builtin_schedule(profile.schedule).description})"
        if profile.schedule
        else "none given by the document (--schedule documented is RULES.md's)"
    )
    lines += ["", f"Rake schedule: {schedule}"]
    lines += [f"Note: {note}" for note in profile.notes]
    lines += ["", "As a --rules file:", "", to_toml(profile.rules).rstrip("\n")]
    return lines


def _value(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def rules_command(
    action: Annotated[RulesAction, typer.Argument(help="list, or show NAME.")],
    name: Annotated[str | None, typer.Argument(help="The profile to show.")] = None,
) -> None:
    """The house-rules profiles built in: one per room whose rules RULES.md cites.

    Example: omahahh rules show multipoker
    """
    if action is RulesAction.LIST:
        if name is not None:
            fail(f"rules list takes no name (rules show {name})", EXIT_USAGE)
        width = max(len(p) for p in PROFILES)
        for p in PROFILES.values():
            differs = ", ".join(s.rule for s in p.settings)
            schedule = f"; schedule {p.schedule}" if p.schedule else ""
            typer.echo(f"{p.name:<{width}}  {p.room} (seed {p.seed}): {differs}{schedule}")
        return
    if name is None:
        fail(f"rules show needs a name ({', '.join(PROFILES)})", EXIT_USAGE)
    profile = run_library(lambda: house_profile(name))
    typer.echo("\n".join(profile_lines(profile)))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
