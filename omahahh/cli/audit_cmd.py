"""`omahahh audit PATH-or-DATASET...`: findings of the replay and audit (docs/FINDINGS.md)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import EXIT_FINDINGS, EXIT_USAGE, fail, progress_bar, run_library
from omahahh.cli.options import (
    RulesOpt,
    RunningTotals,
    ScheduleOpt,
    SourceTimezoneOpt,
    VerboseOpt,
    WorkersOpt,
    ingest_options,
    skip_reporter,
)
from omahahh.cli.output import FILE_SUFFIXES
from omahahh.dataset.ingest import IngestOptions, count_files, ingest
from omahahh.dataset.inputs import open_dataset
from omahahh.dataset.store import is_dataset
from omahahh.report.audit_report import (
    AuditReport,
    audit_report,
    failures_csv,
    failures_json,
    failures_table,
    render_table,
    summary_lines,
    to_csv,
)
from omahahh.report.audit_report import to_json as report_json


class OutputFormat(StrEnum):
    TABLE = "table"
    JSON = "json"
    CSV = "csv"


class FailOn(StrEnum):
    ERROR = "error"
    WARNING = "warning"


def _report(
    paths: list[Path], out: Path | None, options: IngestOptions, verbose: bool
) -> AuditReport:
    if out is None and len(paths) == 1 and is_dataset(paths[0]):
        with open_dataset(paths, options) as handle:  # a dataset: nothing to show progress of
            return audit_report(handle.root)
    total = count_files(paths)
    with progress_bar(total, "file", "audit") as bar:
        advance = RunningTotals(bar)
        on_skip = skip_reporter(verbose)
        if out is not None:
            ingest(paths, out, options, advance, on_skip=on_skip)
            return audit_report(out)
        with open_dataset(paths, options, advance, on_skip) as handle:
            return audit_report(handle.root)


def audit_command(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand-history files, folders, globs, or one dataset folder."),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Also write the whole dataset here, as ingest does."),
    ] = None,
    rules: RulesOpt = None,
    output: Annotated[
        OutputFormat, typer.Option("--format", help="table, json (a list of findings) or csv.")
    ] = OutputFormat.TABLE,
    fail_on: Annotated[
        FailOn | None,
        typer.Option(
            "--fail-on",
            help="Exit 3 when a finding at or above this severity exists "
            "(parse failures count as errors).",
        ),
    ] = None,
    workers: WorkersOpt = 1,
    limit: Annotated[
        int | None,
        typer.Option("--limit", min=0, help="Table format: print at most N findings."),
    ] = None,
    schedule: ScheduleOpt = None,
    source_timezone: SourceTimezoneOpt = None,
    failures: Annotated[
        bool,
        typer.Option(
            "--failures", help="List every parse failure (in --format) instead of the findings."
        ),
    ] = False,
    verbose: VerboseOpt = False,
) -> None:
    """Replay every hand under the rules and list every disagreement with the text.

    Example: omahahh audit ~/hands --out out/ds --fail-on error
    """
    single_dataset = len(paths) == 1 and is_dataset(paths[0])
    if single_dataset and rules is not None:
        fail(
            "--rules: a dataset was audited when it was ingested; "
            "re-ingest the hand histories with --rules",
            EXIT_USAGE,
        )
    if single_dataset and schedule is not None:
        fail(
            "--schedule: a dataset was audited when it was ingested; re-ingest with "
            "--schedule, or reconcile it with `omahahh rake`",
            EXIT_USAGE,
        )
    if single_dataset and out is not None:
        fail("--out: the input is already a dataset", EXIT_USAGE)
    if out is not None and out.suffix.lower() in FILE_SUFFIXES:
        shown = "csv" if output is OutputFormat.TABLE else output.value
        fail(
            f"--out {out}: audit --out is the dataset folder to write; the findings go to "
            f"standard output (--format {shown} > {out.name})",
            EXIT_USAGE,
        )
    options = ingest_options(
        workers=workers, rules=rules, schedule=schedule, source_timezone=source_timezone
    )
    report = run_library(lambda: _report(paths, out, options, verbose))
    if failures:
        for line in summary_lines(report):
            typer.echo(line, err=True)
        if output is OutputFormat.TABLE:
            typer.echo(failures_table(report))
        elif output is OutputFormat.JSON:
            typer.echo(failures_json(report))
        else:
            typer.echo(failures_csv(report), nl=False)
    elif output is OutputFormat.TABLE:
        typer.echo(render_table(report, limit))
    else:
        for line in summary_lines(report):
            typer.echo(line, err=True)
        typer.echo(report_json(report) if output is OutputFormat.JSON else to_csv(report), nl=False)
        if output is OutputFormat.JSON:
            typer.echo("")
    if fail_on is not None and report.fails(fail_on.value):
        raise typer.Exit(EXIT_FINDINGS)


def register(app: typer.Typer) -> None:
    app.command("audit")(audit_command)
