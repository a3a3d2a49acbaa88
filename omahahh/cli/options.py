"""Options several commands share, and how they become library settings."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from tqdm import tqdm

from omahahh.audit.rake_hook import audit_hook
from omahahh.cli.common import progress_bar, run_library
from omahahh.dataset.cluster import ClusterError, check_cluster_spec
from omahahh.dataset.fragments import Fragment
from omahahh.dataset.ingest import IngestOptions
from omahahh.dataset.inputs import DatasetHandle, open_dataset
from omahahh.dataset.store import is_dataset
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.parsers.context import TimeZoneError, check_zone
from omahahh.parsers.registry import SkipReporter
from omahahh.replay.allin import DEFAULT_SAMPLES
from omahahh.rooms.house_profiles import RoomProfile, resolve_house_rules

WorkersOpt = Annotated[
    int, typer.Option("--workers", "-w", min=1, help="Processes to parse text with.")
]
RulesOpt = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help="House-rules profile: a room's built-in (unibet, finnish, stellapoker, "
        "multipoker: `omahahh rules list`) or a TOML file (docs/HOUSE_RULES.md).",
    ),
]
ScheduleOpt = Annotated[
    str | None,
    typer.Option(
        "--schedule",
        help="Rake schedule (documented, multipoker, none, or a TOML file, docs/RAKE.md): "
        "rake off it is a rake_off_schedule finding. Default: the --rules room's schedule, "
        "else no rake claim.",
    ),
]
SourceTimezoneOpt = Annotated[
    str | None,
    typer.Option(
        "--source-timezone",
        help="Zone of times printed without one (GGPoker; PHH without time_zone), "
        "e.g. 'Europe/Malta' or 'UTC'. Default: each room's, see docs/SITES.md.",
    ),
]


AllinSamplesOpt = Annotated[
    int,
    typer.Option(
        "--allin-preflop-samples",
        min=1000,
        help="All-in EV where more boards are left than N (before the flop): seeded Monte "
        "Carlo of N deals, with its standard error. From the flop on it is exact.",
    ),
]
AllinExactOpt = Annotated[
    bool,
    typer.Option(
        "--allin-exact",
        help="All-in EV by exact enumeration before the flop too (0.05-0.1 s a hand).",
    ),
]


class WriteFrom(StrEnum):
    """``--write-from``: who writes the Parquet parts of a cluster run."""

    DRIVER = "driver"
    WORKERS = "workers"


def house_rules_of(rules: str | None) -> tuple[HouseRules, RoomProfile | None]:
    """``--rules NAME|FILE`` as a profile (and the room it names); the default without it.
    A name that is neither a built-in nor a file is a usage error (exit 2)."""
    if rules is None:
        return DEFAULT_HOUSE_RULES, None
    return run_library(lambda: resolve_house_rules(rules))


def ingest_options(
    *,
    workers: int = 1,
    strict: bool = False,
    rules: str | None = None,
    schedule: str | None = None,
    source_timezone: str | None = None,
    allin_preflop_samples: int | None = DEFAULT_SAMPLES,
    cluster: str | None = None,
    write_from: str = "driver",
) -> IngestOptions:
    """Library settings from command-line options (bad ones: exit 1 or 2 with one line)."""
    if cluster is not None:
        try:
            check_cluster_spec(cluster)
        except ClusterError as exc:
            raise typer.BadParameter(str(exc), param_hint="--cluster") from None
    zone = None
    if source_timezone is not None:
        try:
            zone = check_zone(source_timezone)
        except TimeZoneError as exc:
            raise typer.BadParameter(str(exc), param_hint="--source-timezone") from None
    house, room = house_rules_of(rules)
    if schedule is None and room is not None:
        schedule = room.schedule
    hook = run_library(lambda: audit_hook(schedule, house))
    return IngestOptions(
        workers=workers,
        strict=strict,
        source_timezone=zone,
        house_rules=house,
        rake_expectation=hook,
        allin_preflop_samples=allin_preflop_samples,
        cluster=cluster,
        write_from=write_from,
    )


VerboseOpt = Annotated[
    bool,
    typer.Option("--verbose", "-v", help="List the files passed over as not hand histories."),
]


def skip_reporter(verbose: bool) -> SkipReporter | None:
    """``--verbose``: one stderr line per file passed over."""
    if not verbose:
        return None

    def report(path: str, why: str) -> None:
        typer.echo(f"skipped {path}: {why}", err=True)

    return report


class RunningTotals:
    """The progress bar's running totals over every file so far (not the last file's)."""

    def __init__(self, bar: tqdm[NoReturn]) -> None:
        self.bar = bar
        self.hands = 0
        self.failures = 0

    def __call__(self, fragment: Fragment) -> None:
        self.hands += fragment.hands
        self.failures += fragment.failures
        self.bar.update(fragment.files)
        self.bar.set_postfix(hands=self.hands, failures=self.failures, refresh=False)


def open_input(paths: list[Path], options: IngestOptions, verbose: bool = False) -> DatasetHandle:
    """The dataset of PATH-or-DATASET arguments (text is ingested, with a progress bar;
    a dataset is opened as it is, with none)."""
    if len(paths) == 1 and is_dataset(paths[0]):
        return run_library(lambda: open_dataset(paths, options))
    with progress_bar(None, "file", "ingest") as bar:
        totals = RunningTotals(bar)
        on_skip = skip_reporter(verbose)
        return run_library(lambda: open_dataset(paths, options, totals, on_skip))


@contextmanager
def open_report_input(
    paths: list[Path], workers: int, verbose: bool = False
) -> Iterator[DatasetHandle]:
    """:func:`open_input` for commands that report on a dataset: says on stderr
    how many hands any text made, then yields the dataset."""
    with open_input(paths, IngestOptions(workers=workers), verbose) as data:
        if data.counts_line:
            typer.echo(data.counts_line, err=True)
        yield data
