"""`omahahh show HAND_KEY PATH-or-DATASET...`: one hand replayed step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import run_library
from omahahh.cli.options import RulesOpt, house_rules_of
from omahahh.report.show import show_hand


def show_command(
    hand_key: Annotated[
        str, typer.Argument(help="The hand: site:id (pokerstars:123456) or just the id.")
    ],
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand-history files, folders, globs, or one dataset folder."),
    ],
    rules: RulesOpt = None,
) -> None:
    """Replay one hand: each action with the pot, amount to call, raise range, stack and
    findings; then pots and awards, derived beside reported.

    Example: omahahh show pokerstars:147384467878 out/ds
    """
    house, _ = house_rules_of(rules)
    typer.echo(run_library(lambda: show_hand(hand_key, paths, house)))


def register(app: typer.Typer) -> None:
    app.command("show")(show_command)
