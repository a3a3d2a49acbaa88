"""`omahahh show HAND_KEY PATH-or-DATASET...`: one hand replayed step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import run_library
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules, load_house_rules
from omahahh.report.show import show_hand


def show_command(
    hand_key: Annotated[
        str, typer.Argument(help="The hand: site:id (pokerstars:123456) or just the id.")
    ],
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand-history files, folders, globs, or one dataset folder."),
    ],
    rules: Annotated[
        Path | None,
        typer.Option("--rules", help="House-rules profile (TOML, docs/HOUSE_RULES.md)."),
    ] = None,
) -> None:
    """Replay one hand: each action with the pot, amount to call, raise range, stack and
    findings; then pots and awards, derived beside reported.

    Example: omahahh show pokerstars:147384467878 out/ds
    """
    house: HouseRules = DEFAULT_HOUSE_RULES
    if rules is not None:
        house = run_library(lambda: load_house_rules(rules))
    typer.echo(run_library(lambda: show_hand(hand_key, paths, house)))


def register(app: typer.Typer) -> None:
    app.command("show")(show_command)
