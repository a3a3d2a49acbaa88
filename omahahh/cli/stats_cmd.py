"""`omahahh stats PATH-or-DATASET...`: player statistics (docs/STATS.md).

The filter options are shared with `omahahh graph` (:func:`filter_from`).
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
from omahahh.cli.options import WorkersOpt, open_report_input
from omahahh.report.render import render_table, to_json
from omahahh.stats.aliases import Aliases, load_aliases
from omahahh.stats.filters import (
    POSITIONS,
    StatsFilter,
    StatsInputError,
    check_positions,
    parse_when,
)
from omahahh.stats.players import GROUP_KEYS, STATS, check_keys, dataset_tables, player_stats


class StatsFormat(StrEnum):
    TABLE = "table"
    CSV = "csv"
    JSON = "json"
    PARQUET = "parquet"


def split(values: list[str] | None) -> tuple[str, ...]:
    """Repeated and comma-separated option values, flattened."""
    return tuple(v.strip() for part in values or [] for v in part.split(",") if v.strip())


# Filter options, shared with `omahahh graph`.
PlayerOpt = Annotated[
    list[str] | None,
    typer.Option("--player", "-p", help="Player name or glob (* ? [..]); repeat for several."),
]
AliasOpt = Annotated[
    Path | None,
    typer.Option("--alias", help="TOML file of names that are one person (docs/STATS.md)."),
]
SiteOpt = Annotated[list[str] | None, typer.Option("--site", help="Room(s), e.g. pokerstars.")]
VariantOpt = Annotated[
    list[str] | None, typer.Option("--variant", help="Variant(s), e.g. PLO, PLO-8, PLO5.")
]
StructureOpt = Annotated[
    list[str] | None,
    typer.Option("--structure", help="pot_limit, no_limit or fixed_limit."),
]
StakesOpt = Annotated[
    list[str] | None, typer.Option("--stakes", help="Stakes as printed, e.g. 0.10/0.25.")
]
GameTypeOpt = Annotated[list[str] | None, typer.Option("--game-type", help="cash or tournament.")]
CurrencyOpt = Annotated[
    list[str] | None, typer.Option("--currency", help="Currency code(s): USD, EUR, CHIPS...")
]
SinceOpt = Annotated[
    str | None, typer.Option("--since", help="From this UTC date or time (YYYY-MM-DD[THH:MM]).")
]
UntilOpt = Annotated[
    str | None,
    typer.Option("--until", help="Up to this UTC time; a bare date includes that whole day."),
]
PositionOpt = Annotated[
    list[str] | None,
    typer.Option("--position", help=f"Position(s): {', '.join(POSITIONS)}."),
]


def filter_from(
    *,
    player: list[str] | None,
    site: list[str] | None,
    variant: list[str] | None,
    structure: list[str] | None,
    stakes: list[str] | None,
    game_type: list[str] | None,
    currency: list[str] | None,
    since: str | None,
    until: str | None,
    position: list[str] | None,
    min_hands: int = 0,
) -> StatsFilter:
    """The filters of the options; a bad value exits with the usage code."""
    try:
        return StatsFilter(
            players=tuple(p for p in player or [] if p),
            sites=split(site),
            variants=split(variant),
            structures=split(structure),
            stakes=split(stakes),
            game_types=split(game_type),
            currencies=split(currency),
            positions=check_positions(split(position)),
            since=parse_when(since) if since else None,
            until=parse_when(until, end=True) if until else None,
            min_hands=min_hands,
        )
    except StatsInputError as exc:
        fail(str(exc), EXIT_USAGE)


def aliases_from(path: Path | None) -> Aliases | None:
    return None if path is None else run_library(lambda: load_aliases(path))


def _filters_doc(f: StatsFilter) -> dict[str, Any]:
    return {k: v for k, v in asdict(f).items() if v not in ((), None, 0)}


def stats_command(
    paths: Annotated[
        list[Path], typer.Argument(help="A dataset folder, or hand-history files/folders/globs.")
    ],
    player: PlayerOpt = None,
    alias: AliasOpt = None,
    site: SiteOpt = None,
    variant: VariantOpt = None,
    structure: StructureOpt = None,
    stakes: StakesOpt = None,
    game_type: GameTypeOpt = None,
    currency: CurrencyOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    position: PositionOpt = None,
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
    fmt: Annotated[StatsFormat, typer.Option("--format", help="Output format.")] = (
        StatsFormat.TABLE
    ),
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write to FILE.")] = None,
    workers: WorkersOpt = 1,
) -> None:
    """Player statistics: one row per player (and group) and currency.

    Example: omahahh stats DATASET --player 'Hero*' --by variant,position
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
    if fmt is StatsFormat.PARQUET and out is None:
        fail("--format parquet needs --out FILE", EXIT_USAGE)
    filters = filter_from(
        player=player,
        site=site,
        variant=variant,
        structure=structure,
        stakes=stakes,
        game_type=game_type,
        currency=currency,
        since=since,
        until=until,
        position=position,
        min_hands=min_hands,
    )
    people = aliases_from(alias)
    with open_report_input(paths, workers) as data, progress_bar(1, "step", "stats") as bar:
        frame = run_library(
            lambda: player_stats(
                dataset_tables(str(data.root)), filters, keys, aliases=people, counts=counts
            )
        )
        bar.update(1)
    if wanted:
        chosen = {"hands", "currency", *wanted}
        shown = [c for c in frame.columns if c.removesuffix("_n").removesuffix("_of") in chosen]
        frame = frame.select("player", *keys, *shown)
    _emit(frame, fmt, out, keys, _filters_doc(filters))


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
            frame.write_csv(out)
        return
    if fmt is StatsFormat.PARQUET:
        assert out is not None  # checked before any work
        frame.write_parquet(out)
        return
    text = to_json(frame, keys, doc) if fmt is StatsFormat.JSON else render_table(frame) + "\n"
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("stats")(stats_command)
