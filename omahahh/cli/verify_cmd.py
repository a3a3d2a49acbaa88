"""`omahahh verify DATASET [--restore]`: is every part intact? Go back to one that is."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import EXIT_INPUT, run_library
from omahahh.dataset.verify import restore, verify


def verify_command(
    dataset: Annotated[Path, typer.Argument(help="A dataset folder written by ingest.")],
    restore_: Annotated[
        bool,
        typer.Option(
            "--restore",
            help="If the current version is damaged, switch to the newest intact kept version.",
        ),
    ] = False,
) -> None:
    """Check every part of a dataset in full: checksums, sizes and Parquet footers.

    Exit 0 when the current version is intact, 1 when it is damaged (or, with
    --restore, when no kept version is intact: nothing is changed then).

    Example: omahahh verify out/ds --restore
    """
    report = run_library(lambda: verify(dataset))
    if report.current is None:
        typer.echo(f"current {dataset / 'current'}: missing")
    for version, problems in sorted(report.problems.items()):
        tag = "current" if version == report.current else "kept"
        state = "intact" if not problems else f"{len(problems)} damaged"
        typer.echo(f"{tag:7} {version.name}: {state}")
        for p in problems:
            typer.echo(f"        {p.line()}")
    if report.intact:
        return
    if not restore_:
        kept_intact = any(
            not problems
            for version, problems in report.problems.items()
            if version != report.current
        )
        advice = (
            f"`omahahh verify {dataset} --restore` goes back to the newest intact version"
            if kept_intact
            else "no kept version is intact either: re-ingest the hand histories into a new folder"
        )
        typer.echo(f"omahahh: the current version is damaged: {advice}", err=True)
        raise typer.Exit(EXIT_INPUT)
    back = run_library(lambda: restore(dataset))
    if back is None:
        typer.echo("omahahh: no intact version to restore; nothing was changed", err=True)
        raise typer.Exit(EXIT_INPUT)
    typer.echo(f"current now points to {back.name}")


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)
