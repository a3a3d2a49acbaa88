"""`omahahh ingest PATH... --out DIR`: hand histories to a Parquet dataset."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import progress_bar, run_library
from omahahh.cli.options import (
    AllinExactOpt,
    AllinSamplesOpt,
    RulesOpt,
    RunningTotals,
    ScheduleOpt,
    SourceTimezoneOpt,
    VerboseOpt,
    WriteFrom,
    ingest_options,
    skip_reporter,
)
from omahahh.dataset.ingest import count_files, ingest
from omahahh.dataset.versions import DEFAULT_KEEP
from omahahh.replay.allin import DEFAULT_SAMPLES


def note(line: str) -> None:
    typer.echo(line, err=True)


def ingest_command(
    paths: Annotated[
        list[Path], typer.Argument(help="Files, folders (recursive) or glob patterns.")
    ],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Dataset folder (created, or extended).")
    ],
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Processes to parse with.")
    ] = 1,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Stop with exit 1 at the first hand that cannot be parsed."),
    ] = False,
    source_timezone: SourceTimezoneOpt = None,
    schedule: ScheduleOpt = None,
    rules: RulesOpt = None,
    allin_preflop_samples: AllinSamplesOpt = DEFAULT_SAMPLES,
    allin_exact: AllinExactOpt = False,
    verbose: VerboseOpt = False,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            help="Run on Dask: 'local' (a local cluster of --workers processes) or a "
            "scheduler address tcp://HOST:PORT. Needs pip install 'omahahh[dask]'.",
        ),
    ] = None,
    wait: Annotated[
        float,
        typer.Option(
            "--wait",
            min=0,
            help="Seconds to wait while another ingest writes the dataset (default: refuse).",
        ),
    ] = 0.0,
    keep_versions: Annotated[
        int,
        typer.Option(
            "--keep-versions",
            min=0,
            help="Earlier versions kept beside current, for `omahahh verify --restore`.",
        ),
    ] = DEFAULT_KEEP,
    write_from: Annotated[
        WriteFrom,
        typer.Option(
            "--write-from",
            help="With --cluster: 'driver' gathers and writes; 'workers' write their parts "
            "(every worker must reach the dataset folder).",
        ),
    ] = WriteFrom.DRIVER,
) -> None:
    """Parse hand histories into one Parquet folder per table (atomic, incremental).

    Example: omahahh ingest ~/hands logs.zip --out out/ds --workers 2
    """
    options = ingest_options(
        workers=workers,
        strict=strict,
        rules=rules,
        schedule=schedule,
        source_timezone=source_timezone,
        allin_preflop_samples=None if allin_exact else allin_preflop_samples,
        cluster=cluster,
        write_from=write_from.value,
    )
    options = replace(options, wait=wait, keep_versions=keep_versions)
    if cluster is not None and cluster != "local" and workers != 1:
        typer.echo(
            f"note: --workers {workers} ignored: the cluster at {cluster} has its own workers",
            err=True,
        )
    total = run_library(lambda: count_files(paths))
    with progress_bar(total, "file", "ingest") as bar:
        advance = RunningTotals(bar)
        on_skip = skip_reporter(verbose)
        counts = run_library(lambda: ingest(paths, out, options, advance, note, on_skip=on_skip))
    typer.echo(counts.summary_line(), err=True)


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest_command)
