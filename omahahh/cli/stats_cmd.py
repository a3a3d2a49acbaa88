"""`omahahh stats PATH-or-DATASET...`: player statistics (docs/STATS.md).

The filter options are shared with `omahahh graph` (:mod:`omahahh.cli.filter_options`).
"""

from __future__ import annotations

import sys
from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import polars as pl
import typer

from omahahh.cli.common import EXIT_USAGE, fail, progress_bar, run_library
from omahahh.cli.filter_options import (
    NO_HAND_FILTER,
    AliasOpt,
    HandFilterArgs,
    filter_options,
    split,
)
from omahahh.cli.options import VerboseOpt, WorkersOpt, open_report_input
from omahahh.cli.output import FORMAT_HELP, check_out, emit_text, output_format, write_output
from omahahh.report.render import render_table, to_json
from omahahh.stats.aliases import Aliases, load_aliases
from omahahh.stats.filters import NO_FILTER, StatsFilter, StatsInputError
from omahahh.stats.players import GROUP_KEYS, STATS, check_keys, dataset_tables, player_stats


class StatsFormat(StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSON = "json"
    PARQUET = "parquet"


# --player is a filter here; `omahahh graph` draws one person (its own option).
PlayerOpt = Annotated[
    list[str] | None,
    typer.Option("--player", "-p", help="Player name or glob (* ? [..]); repeat for several."),
]


def aliases_from(path: Path | None) -> Aliases | None:
    return None if path is None else run_library(lambda: load_aliases(path))


def _filters_doc(f: StatsFilter) -> dict[str, Any]:
    return {k: v for k, v in asdict(f).items() if v not in ((), None, 0)}


@filter_options
def stats_command(
    paths: Annotated[
        list[Path], typer.Argument(help="A dataset folder, or hand-history files/folders/globs.")
    ],
    player: PlayerOpt = None,
    alias: AliasOpt = None,
    hands: HandFilterArgs = NO_HAND_FILTER,
    min_hands: Annotated[
        int, typer.Option("--min-hands", min=0, help="Leave out rows with fewer hands.")
    ] = 0,
    by: Annotated[
        list[str] | None,
        typer.Option("--by", help=f"Group by, comma-separated: {', '.join(GROUP_KEYS)}."),
    ] = None,
    columns: Annotated[
        list[str] | None,
        typer.Option("--columns", help="Statistics to show, comma-separated (default: all)."),
    ] = None,
    counts: Annotated[
        bool,
        typer.Option("--counts", help="Add <stat>_n and <stat>_of (numerator, denominator)."),
    ] = False,
    fmt: Annotated[
        StatsFormat | None,
        typer.Option("--format", help=FORMAT_HELP, show_default="from --out, else table"),
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to FILE.")] = None,
    workers: WorkersOpt = 1,
    verbose: VerboseOpt = False,
) -> None:
    """Player statistics: one row per player (and group) and currency.

    Example: omahahh stats out/ds --player 'Hero*' --by variant,position
    """
    try:
        keys = check_keys(split(by))
    except StatsInputError as exc:
        fail(str(exc), EXIT_USAGE)
    wanted = split(columns)
    known = {s.name for s in STATS}
    unknown = [c for c in wanted if c not in known]
    if unknown:
        fail(f"--columns {','.join(unknown)}: unknown (see docs/STATS.md)", EXIT_USAGE)
    fmt = output_format(fmt, out, StatsFormat, StatsFormat.TABLE)
    check_out(out)
    if fmt is StatsFormat.PARQUET and out is None:
        fail("--format parquet needs --out FILE", EXIT_USAGE)
    filters = hands.stats_filter(player, min_hands)
    people = aliases_from(alias)
    data_input = open_report_input(paths, workers, verbose)
    with data_input as data, progress_bar(1, "step", "stats") as bar:
        frame = run_library(
            lambda: player_stats(
                dataset_tables(str(data.root)), filters, keys, aliases=people, counts=counts
            )
        )
        bar.update(1)
        if frame.is_empty():
            typer.echo(f"omahahh: {_why_empty(data.table('hands'), filters)}", err=True)
    if wanted:
        chosen = {"hands", "currency", *wanted}
        shown = [c for c in frame.columns if c.removesuffix("_n").removesuffix("_of") in chosen]
        frame = frame.select("player", *keys, *shown)
    _emit(frame, fmt, out, keys, _filters_doc(filters))


def _why_empty(hands: pl.LazyFrame, filters: StatsFilter) -> str:
    """Why the table is empty, said plainly (not "no player matches" with no filter)."""
    if hands.select(pl.len()).collect().item() == 0:
        return "the dataset holds no parsed hand (see `omahahh audit DATASET --failures`)"
    if filters != NO_FILTER:
        return "no player matches the filters"
    return "no player was dealt into the hands read"


def _emit(
    frame: pl.DataFrame,
    fmt: StatsFormat,
    out: Path | None,
    keys: tuple[str, ...],
    doc: dict[str, Any],
) -> None:
    if fmt is StatsFormat.CSV:
        if out is None:
            frame.write_csv(sys.stdout)
        else:
            write_output(out, frame.write_csv)
        return
    if fmt is StatsFormat.PARQUET:
        assert out is not None  # checked before any work
        write_output(out, frame.write_parquet)
        return
    emit_text(to_json(frame, keys, doc) if fmt is StatsFormat.JSON else render_table(frame), out)


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("stats")(stats_command)
