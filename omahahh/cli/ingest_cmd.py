"""`omahahh ingest PATH... --out DIR`: hand histories to a Parquet dataset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import progress_bar, run_library
from omahahh.fragments import Fragment
from omahahh.ingest import IngestOptions, count_files, ingest
from omahahh.parsers.context import TimeZoneError, check_zone
from omahahh.rake_schedule import audit_hook


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
    source_timezone: Annotated[
        str | None,
        typer.Option(
            "--source-timezone",
            help="Zone of times printed without one (GGPoker; PHH without time_zone), "
            "e.g. 'Europe/Malta' or 'UTC'. Default: each room's, see docs/SITES.md.",
        ),
    ] = None,
    schedule: Annotated[
        str | None,
        typer.Option(
            "--schedule",
            help="Rake schedule (documented, none, or a TOML file, docs/RAKE.md): "
            "rake off it is a rake_off_schedule finding. Default: no rake claim.",
        ),
    ] = None,
) -> None:
    """Parse hand histories into one Parquet folder per table (atomic, incremental)."""
    if source_timezone is not None:
        try:
            source_timezone = check_zone(source_timezone)
        except TimeZoneError as exc:
            raise typer.BadParameter(str(exc), param_hint="--source-timezone") from None
    hook = run_library(lambda: audit_hook(schedule))
    options = IngestOptions(
        workers=workers, strict=strict, source_timezone=source_timezone, rake_expectation=hook
    )
    total = run_library(lambda: count_files(paths))
    with progress_bar(total, "file", "ingest") as bar:

        def advance(fragment: Fragment) -> None:
            bar.update(fragment.files)
            bar.set_postfix(hands=fragment.hands, refresh=False)

        counts = run_library(
            lambda: ingest(paths, out, options, advance)
        )
    typer.echo(counts.summary_line(), err=True)


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest_command)
