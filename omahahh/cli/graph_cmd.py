"""`omahahh graph PATH-or-DATASET... --player NAME --out FILE.png|FILE.html`: the winnings graph."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import progress_bar, run_library
from omahahh.cli.filter_options import NO_HAND_FILTER, AliasOpt, HandFilterArgs, filter_options
from omahahh.cli.options import VerboseOpt, WorkersOpt, open_report_input
from omahahh.cli.output import SUFFIXES, check_out, format_of, write_output
from omahahh.cli.stats_cmd import aliases_from
from omahahh.dataset.words import plural
from omahahh.report.graph import graph_series
from omahahh.report.graph_file import write_graph
from omahahh.stats.players import dataset_tables


@filter_options
def graph_command(
    paths: Annotated[
        list[Path], typer.Argument(help="A dataset folder, or hand-history files/folders/globs.")
    ],
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            "-p",
            help="The player (name or glob; repeat, or use --alias, for one person's names).",
        ),
    ],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="FILE.png (an image) or FILE.html (a web page).")
    ],
    alias: AliasOpt = None,
    hands: HandFilterArgs = NO_HAND_FILTER,
    bb: Annotated[
        bool, typer.Option("--bb", help="Draw in big blinds (needed across currencies).")
    ] = False,
    workers: WorkersOpt = 1,
    verbose: VerboseOpt = False,
) -> None:
    """Net winnings over hands, with the lines at and without showdown and all-in EV.

    Example: omahahh graph out/ds --player Hero --bb --out hero.png
    """
    format_of(out, None, {"png": SUFFIXES["png"], "html": SUFFIXES["html"]}, None)
    check_out(out)
    filters = hands.stats_filter(player)
    people = aliases_from(alias)
    data_input = open_report_input(paths, workers, verbose)
    with data_input as data, progress_bar(2, "step", "graph") as bar:
        series = run_library(
            lambda: graph_series(dataset_tables(str(data.root)), filters, people, big_blinds=bb)
        )
        bar.update(1)
        write_output(out, lambda tmp: write_graph(series, tmp, out.suffix))
        bar.update(1)
    net = series.frame["net"][-1] if series.frame.height else 0
    typer.echo(
        f"{out}: {series.player}, {plural(series.frame.height, 'hand')}, net "
        f"{net / (1 if bb else series.unit):,.2f} {series.unit_label}",
        err=True,
    )


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("graph")(graph_command)
