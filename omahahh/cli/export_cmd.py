"""`omahahh export PATH-or-DATASET... --format phh --out DIR`: hands as PHH files."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import progress_bar, run_library
from omahahh.cli.options import SourceTimezoneOpt, ingest_options
from omahahh.dataset.ingest import IngestOptions
from omahahh.dataset.inputs import open_dataset
from omahahh.dataset.store import scan
from omahahh.export.phh import ExportCounts, export_dataset


class ExportFormat(StrEnum):
    PHH = "phh"


def _export(paths: list[Path], out: Path, per_file: int, options: IngestOptions) -> ExportCounts:
    with open_dataset(paths, options) as handle:
        total = scan(handle.root, "hands").select("hand_key").collect().height
        with progress_bar(total, "hand", "export") as bar:

            def advance(hands: int) -> None:
                bar.update(hands)

            return export_dataset(handle.root, out, per_file, advance)


def export_command(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand-history files, folders, globs, or one dataset folder."),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write the files in.")],
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
) -> None:
    """Write every parsed hand as PHH (hands the standard cannot hold are counted, skipped).

    Example: omahahh export out/ds --format phh --out phh/
    """
    options = ingest_options(source_timezone=source_timezone)
    counts = run_library(lambda: _export(paths, out, per_file, options))
    typer.echo(f"{output.value}: {counts.summary_line()} -> {out}", err=True)


def register(app: typer.Typer) -> None:
    app.command("export")(export_command)
