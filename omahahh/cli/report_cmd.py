"""`omahahh report PATH-or-DATASET... --out report.html`: the audit as one HTML page.

See docs/REPORT.md.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Annotated

import typer

from omahahh.cli.common import EXIT_USAGE, fail, progress_bar, run_library
from omahahh.cli.filter_options import NO_HAND_FILTER, HandFilterArgs, filter_options, split
from omahahh.cli.options import RulesOpt, WorkersOpt, house_rules_of, ingest_options, open_input
from omahahh.cli.output import SUFFIXES, check_out, format_of, write_text
from omahahh.dataset.store import is_dataset
from omahahh.dataset.words import plural
from omahahh.rake.builtin import resolve_schedule
from omahahh.rake.schedule import INFER, apply_house_rules
from omahahh.report.page import render_page
from omahahh.report.page_data import DEFAULT_TOP, report_data


def filter_words(hands: HandFilterArgs, player: list[str] | None) -> tuple[str, ...]:
    """The filters as options, for the page: ``("--site pokerstars", "--player Hero")``."""
    words = []
    for f in fields(hands):
        value = getattr(hands, f.name)
        flag = "--" + f.name.replace("_", "-")
        if isinstance(value, list):
            words += [f"{flag} {v}" for v in split(value)]
        elif value is not None:
            words.append(f"{flag} {value}")
    return tuple(words) + tuple(f"--player {p}" for p in player or [])


@filter_options
def report_command(
    paths: Annotated[
        list[Path], typer.Argument(help="A dataset folder, or hand-history files/folders/globs.")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="The HTML file to write.")],
    schedule: Annotated[
        str | None,
        typer.Option(
            "--schedule",
            "-s",
            help="Rake schedule: built-in (documented, multipoker, none) or a TOML file.",
            show_default="the --rules room's schedule, else documented",
        ),
    ] = None,
    rules: RulesOpt = None,
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", help="Players of the players section (names or globs)."),
    ] = None,
    top: Annotated[
        int, typer.Option("--top", min=1, help="Rows of each long list (the page says so).")
    ] = DEFAULT_TOP,
    hands: HandFilterArgs = NO_HAND_FILTER,
    workers: WorkersOpt = 1,
) -> None:
    """Write the audit as one self-contained HTML page: overview, findings with each
    hand's replay, rake reconciliation, players, failures, the rules cited.

    Example: omahahh report out/ds --out report.html
    """
    format_of(out, None, {"html": SUFFIXES["html"]}, "html")
    check_out(out)
    if schedule == INFER:
        fail("--schedule infer: infer with `omahahh rake --schedule infer` first", EXIT_USAGE)
    single_dataset = len(paths) == 1 and is_dataset(paths[0])
    if single_dataset and rules is not None:
        fail(
            "--rules: a dataset was audited when it was ingested; "
            "re-ingest the hand histories with --rules",
            EXIT_USAGE,
        )
    filters = hands.stats_filter(player)
    options = ingest_options(workers=workers, rules=rules)
    _, room = house_rules_of(rules)
    spec = schedule or (room.schedule if room is not None else None) or "documented"
    chosen = apply_house_rules(run_library(lambda: resolve_schedule(spec)), options.house_rules)
    profile = (
        f"{options.house_rules.name} ({rules})"
        if rules is not None
        else "as ingested (the dataset does not record it; the default is RULES.md's)"
        if single_dataset
        else "default (RULES.md)"
    )
    source = str(paths[0]) if single_dataset else " ".join(str(p) for p in paths)
    with open_input(paths, options) as data, progress_bar(2, "step", "report") as bar:
        if data.counts_line:
            typer.echo(data.counts_line, err=True)
        content = run_library(
            lambda: report_data(
                data.root,
                chosen,
                filters=filters,
                filter_words=filter_words(hands, player),
                rules=options.house_rules,
                rules_profile=profile,
                source=source,
                top=top,
            )
        )
        bar.update(1)
        written = write_text(render_page(content), out)
        bar.update(1)
    sev = content.findings.by_severity
    typer.echo(
        f"{written}: {plural(content.overview.hands, 'hand')}, "
        f"{plural(content.findings.total, 'finding')} ({plural(sev['error'], 'error')}, "
        f"{plural(sev['warning'], 'warning')}, {plural(sev['info'], 'info')}), "
        f"{plural(content.overview.failures, 'failure')}, "
        f"{written.stat().st_size / 1024:,.0f} KiB",
        err=True,
    )


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("report")(report_command)
