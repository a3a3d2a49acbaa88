"""`omahahh export PATH-or-DATASET... --format phh --out DIR`: hands as PHH files."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import polars as pl
import typer

from omahahh.cli.common import progress_bar, run_library
from omahahh.cli.options import (
    SourceTimezoneOpt,
    VerboseOpt,
    ingest_options,
    open_input,
)
from omahahh.dataset.ingest import IngestOptions
from omahahh.dataset.store import scan
from omahahh.export.phh import ExportCounts, export_dataset

SKIPPED_SHOWN = 20
"""Skipped hands named without --verbose (then a count of the rest)."""


class ExportFormat(StrEnum):
    PHH = "phh"


def _export(
    paths: list[Path], out: Path, per_file: int, options: IngestOptions, verbose: bool
) -> ExportCounts:
    workers = options.workers
    with open_input(paths, options, verbose) as handle:
        if handle.counts_line:
            typer.echo(handle.counts_line, err=True)
        total = run_library(lambda: scan(handle.root, "hands").select(pl.len()).collect().item())
        with progress_bar(total, "hand", "export") as bar:

            def advance(counts: ExportCounts) -> None:
                bar.set_postfix(written=counts.hands, skipped=counts.skipped, refresh=False)
                bar.update(1)

            return run_library(lambda: export_dataset(handle.root, out, per_file, advance, workers))


def export_command(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand-history files, folders, globs, or one dataset folder."),
    ],
    out: Annotated[
        Path, typer.Option("--out", "-o", readable=False, help="Folder to write the files in.")
    ],
    output: Annotated[
        ExportFormat,
        typer.Option("--format", help="phh: the Poker Hand History standard (docs/SITES.md)."),
    ] = ExportFormat.PHH,
    per_file: Annotated[
        int,
        typer.Option(
            "--per-file",
            min=1,
            help="Hands per .phhs file; 1 writes one <site>-<hand id>.phh per hand.",
        ),
    ] = 1000,
    source_timezone: SourceTimezoneOpt = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            min=1,
            help="Processes to parse text inputs and write PHH with (the files are the same).",
        ),
    ] = 1,
    verbose: VerboseOpt = False,
) -> None:
    """Write every parsed hand as PHH (hands the standard cannot hold are named, skipped).

    Example: omahahh export out/ds --format phh --out phh/ --per-file 1 --workers 2
    """
    options = ingest_options(source_timezone=source_timezone, workers=workers)
    counts = _export(paths, out, per_file, options, verbose)
    for line in counts.skipped_lines(None if verbose else SKIPPED_SHOWN):
        typer.echo(line, err=True)
    typer.echo(f"{output.value}: {counts.summary_line()} -> {out}", err=True)


def register(app: typer.Typer) -> None:
    app.command("export")(export_command)
