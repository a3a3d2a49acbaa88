"""`omahahh rake PATH-or-DATASET...`: reported rake against a schedule (see docs/RAKE.md)."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import polars as pl
import typer

from omahahh.cli.common import EXIT_USAGE, fail, progress_bar, run_library
from omahahh.cli.options import VerboseOpt, WorkersOpt, open_report_input
from omahahh.cli.output import (
    FORMAT_HELP,
    SUFFIXES,
    check_out,
    emit_text,
    format_of,
    output_format,
    write_output,
)
from omahahh.money import format_minor
from omahahh.rake.attribution import Attribution
from omahahh.rake.builtin import resolve_schedule
from omahahh.rake.infer import Inference, infer_schedule, inference_toml
from omahahh.rake.report import GROUP_KEYS, RakeReport, hand_inputs, reconcile
from omahahh.rake.schedule import INFER
from omahahh.report.render import aligned_table


class RakeFormat(StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSON = "json"
    PARQUET = "parquet"


MONEY = {
    "rake_reported",
    "rake_expected",
    "rake_diff",
    "rake_reported_not_covered",
    "rake_reported_compared",
    "rake_expected_no_rake_printed",
    "total_pot_reported",
    "total_pot_derived",
}


def _keys(by: list[str]) -> list[str]:
    keys = [k.strip() for part in by for k in part.split(",") if k.strip()]
    unknown = [k for k in keys if k not in GROUP_KEYS]
    if unknown:
        fail(
            f"--by {','.join(unknown)}: unknown key (choose from {', '.join(GROUP_KEYS)})",
            EXIT_USAGE,
        )
    return keys


def _cell(row: dict[str, Any], column: str) -> str:
    value = row[column]
    if value is None:
        return "-"
    if column in MONEY and isinstance(value, int):
        return format_minor(value, row.get("unit") or 100, row.get("currency") or "")
    return str(value)


def render(frame: pl.DataFrame, columns: list[str]) -> str:
    """An aligned text table; money columns in the row's currency."""
    return aligned_table(frame, columns, _cell)


def render_report(report: RakeReport, schedule_name: str) -> str:
    totals = report.totals.drop("unit")
    lines = [f"schedule: {schedule_name}; attribution: {report.attribution.value}", ""]
    lines.append(render(report.totals, totals.columns))
    if report.largest.height:
        cols = ["hand_key", "stakes", "players_dealt", "total_pot_derived"]
        cols += ["rake_reported", "rake_expected", "rake_diff", "rake_rule"]
        lines += ["", "largest discrepancies:", render(report.largest, cols)]
    else:
        lines += ["", "no hand is off the schedule."]
    return "\n".join(lines)


INFERRED_FORMATS = {"table": SUFFIXES["toml"] + SUFFIXES["table"], "json": SUFFIXES["json"]}
"""What ``--schedule infer`` writes: the schedule as TOML (the table format), or JSON
with what explains it."""


def _inferred_format(given: RakeFormat | None, out: Path | None) -> RakeFormat:
    if given is not None and given.value not in INFERRED_FORMATS:
        fail(f"--schedule infer writes the schedule as TOML or json, not {given.value}", EXIT_USAGE)
    name = format_of(out, given.value if given else None, INFERRED_FORMATS, "table")
    return RakeFormat(name)


def _inference_json(result: Inference) -> str:
    return json.dumps(
        {
            "schedule_toml": inference_toml(result, limit=0),
            "hands_used": result.hands_used,
            "hands_explained": result.hands_explained,
            "excluded": result.excluded,
            "notes": result.notes,
            "unexplained": result.unexplained.to_dicts(),
        },
        indent=2,
        default=str,
    )


def _emit(report: RakeReport, fmt: RakeFormat, out: Path | None, schedule_name: str) -> None:
    # With --by the totals are the output; otherwise the per-hand rows are.
    frame = report.totals if report.by else report.hands
    if fmt is RakeFormat.TABLE:
        emit_text(render_report(report, schedule_name), out)
    elif fmt is RakeFormat.CSV:
        if out is None:
            frame.write_csv(sys.stdout)
        else:
            write_output(out, frame.write_csv)
    elif fmt is RakeFormat.PARQUET:
        if out is None:
            fail("--format parquet needs --out FILE", EXIT_USAGE)
        write_output(out, frame.write_parquet)
    else:
        doc = {
            "schedule": schedule_name,
            "attribution": report.attribution.value,
            "by": list(report.by),
            "totals": report.totals.to_dicts(),
            "largest_discrepancies": report.largest.to_dicts(),
        }
        emit_text(json.dumps(doc, indent=2, default=str), out)


def rake_command(
    paths: Annotated[
        list[Path], typer.Argument(help="A dataset folder, or hand-history files/folders/globs.")
    ],
    schedule: Annotated[
        str,
        typer.Option(
            "--schedule",
            "-s",
            help="Built-in (documented, multipoker, none), a TOML file, or 'infer' to learn one.",
        ),
    ] = "documented",
    by: Annotated[
        list[str] | None,
        typer.Option(
            "--by", help=f"Group totals by keys, comma-separated: {', '.join(GROUP_KEYS)}."
        ),
    ] = None,
    attribution: Annotated[
        Attribution,
        typer.Option("--attribution", help="How rake is split among players (--by player)."),
    ] = Attribution.WEIGHTED,
    fmt: Annotated[
        RakeFormat | None,
        typer.Option("--format", help=FORMAT_HELP, show_default="from --out, else table"),
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to FILE.")] = None,
    top: Annotated[int, typer.Option("--top", min=0, help="Largest discrepancies shown.")] = 10,
    workers: WorkersOpt = 1,
    verbose: VerboseOpt = False,
) -> None:
    """Reconcile reported rake with a schedule: totals per currency, largest discrepancies.

    Example: omahahh rake out/ds --schedule documented --by stakes,day
    """
    keys = _keys(by or [])
    if schedule == INFER:
        fmt = _inferred_format(fmt, out)
    else:
        fmt = output_format(fmt, out, RakeFormat, RakeFormat.TABLE)
    check_out(out)
    chosen = None if schedule == INFER else run_library(lambda: resolve_schedule(schedule))
    with open_report_input(paths, workers, verbose) as data:
        hands, players, actions = data.table("hands"), data.table("players"), data.table("actions")
        with progress_bar(2, "step", "rake") as bar:
            if chosen is None:
                inputs = hand_inputs(hands, players, actions).collect()
                bar.update(1)
                result = run_library(lambda: infer_schedule(inputs))
                bar.update(1)
                text = _inference_json(result) if fmt is RakeFormat.JSON else inference_toml(result)
                emit_text(text, out)
                return
            bar.update(1)
            report = run_library(
                lambda: reconcile(
                    hands, players, actions, chosen, by=keys, attribution=attribution, top=top
                )
            )
            bar.update(1)
        _emit(report, fmt, out, chosen.name)


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("rake")(rake_command)
