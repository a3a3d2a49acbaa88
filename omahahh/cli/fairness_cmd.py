"""`omahahh fairness PATH-or-DATASET...`: statistical tests of the deal (docs/FAIRNESS.md)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import EXIT_USAGE, fail, progress_bar, run_library
from omahahh.cli.filter_options import NO_HAND_FILTER, HandFilterArgs, filter_options
from omahahh.cli.options import WorkersOpt, open_report_input
from omahahh.cli.output import FORMAT_HELP, check_out, emit_text, output_format
from omahahh.fairness.family import ALPHA, Correction
from omahahh.fairness.report import fairness_report, render_table, to_csv, to_json
from omahahh.stats.players import dataset_tables


class FairnessFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


RENDER = {FairnessFormat.TABLE: render_table, FairnessFormat.JSON: to_json}
RENDER |= {FairnessFormat.CSV: to_csv}


@filter_options
def fairness_command(
    paths: Annotated[
        list[Path], typer.Argument(help="A dataset folder, or hand-history files/folders/globs.")
    ],
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            help="Test this player's own dealt hands (name or glob) instead of the hero's.",
        ),
    ] = None,
    hands: HandFilterArgs = NO_HAND_FILTER,
    correction: Annotated[
        Correction,
        typer.Option("--correction", help="Multiple-testing correction: holm or bh."),
    ] = Correction.HOLM,
    alpha: Annotated[
        float, typer.Option("--alpha", min=1e-9, max=0.5, help="Family rejection level.")
    ] = ALPHA,
    fmt: Annotated[
        FairnessFormat | None,
        typer.Option("--format", help=FORMAT_HELP, show_default="from --out, else table"),
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to FILE.")] = None,
    workers: WorkersOpt = 1,
) -> None:
    """Is the deal fair? Card, seat, starting-hand, flop, serial and all-in luck tests.

    Only cards known from the deal are used (every seat's when the history
    shows them all, else the hero's) and the boards; shown cards never are.
    Example: omahahh fairness out/ds --out fairness.json
    """
    fmt = output_format(fmt, out, FairnessFormat, FairnessFormat.TABLE)
    check_out(out)
    filters = hands.stats_filter(None)
    if filters.positions:
        fail("--position: the fairness tests compare positions themselves", EXIT_USAGE)
    with open_report_input(paths, workers) as data, progress_bar(1, "step", "fairness") as bar:
        report = run_library(
            lambda: fairness_report(
                dataset_tables(str(data.root)), filters, player, correction, alpha
            )
        )
        bar.update(1)
    emit_text(RENDER[fmt](report), out)


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("fairness")(fairness_command)
