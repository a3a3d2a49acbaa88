"""The hand-filter options of `omahahh stats` and `omahahh graph`, defined once.

A command decorated with :func:`filter_options` declares one parameter
``hands: HandFilterArgs`` and gets ``--site --variant --structure --stakes
--game-type --currency --since --until --position`` in its place (typer reads
the rewritten signature); ``--player`` differs between the commands (a filter
in ``stats``, the one person drawn in ``graph``), so each declares its own and
passes it to :meth:`HandFilterArgs.stats_filter`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from omahahh.cli.common import EXIT_USAGE, fail
from omahahh.stats.filters import (
    POSITIONS,
    StatsFilter,
    StatsInputError,
    check_positions,
    parse_when,
)

AliasOpt = Annotated[
    Path | None,
    typer.Option("--alias", help="TOML file of names that are one person (docs/STATS.md)."),
]

OPTIONS: dict[str, Any] = {
    "site": Annotated[list[str] | None, typer.Option("--site", help="Room(s), e.g. pokerstars.")],
    "variant": Annotated[
        list[str] | None, typer.Option("--variant", help="Variant(s), e.g. PLO, PLO-8, PLO5.")
    ],
    "structure": Annotated[
        list[str] | None, typer.Option("--structure", help="pot_limit, no_limit or fixed_limit.")
    ],
    "stakes": Annotated[
        list[str] | None,
        typer.Option("--stakes", help="Stakes by their amounts, e.g. 0.10/0.25 (= $0.1/$0.25)."),
    ],
    "game_type": Annotated[
        list[str] | None, typer.Option("--game-type", help="cash or tournament.")
    ],
    "currency": Annotated[
        list[str] | None, typer.Option("--currency", help="Currency code(s): USD, EUR, CHIPS...")
    ],
    "since": Annotated[
        str | None,
        typer.Option("--since", help="From this UTC date or time (YYYY-MM-DD[THH:MM])."),
    ],
    "until": Annotated[
        str | None,
        typer.Option("--until", help="Up to this UTC time; a bare date includes that whole day."),
    ],
    "position": Annotated[
        list[str] | None,
        typer.Option("--position", help=f"Position(s): {', '.join(POSITIONS)}."),
    ],
}


def split(values: list[str] | None) -> tuple[str, ...]:
    """Repeated and comma-separated option values, flattened."""
    return tuple(v.strip() for part in values or [] for v in part.split(",") if v.strip())


@dataclass(frozen=True, slots=True)
class HandFilterArgs:
    """The filter options as typed (one field per entry of :data:`OPTIONS`)."""

    site: list[str] | None = None
    variant: list[str] | None = None
    structure: list[str] | None = None
    stakes: list[str] | None = None
    game_type: list[str] | None = None
    currency: list[str] | None = None
    since: str | None = None
    until: str | None = None
    position: list[str] | None = None

    def stats_filter(self, player: list[str] | None, min_hands: int = 0) -> StatsFilter:
        """The filters of the options; a bad value exits with the usage code."""
        try:
            return StatsFilter(
                players=tuple(p for p in player or [] if p),
                sites=split(self.site),
                variants=split(self.variant),
                structures=split(self.structure),
                stakes=split(self.stakes),
                game_types=split(self.game_type),
                currencies=split(self.currency),
                positions=check_positions(split(self.position)),
                since=parse_when(self.since) if self.since else None,
                until=parse_when(self.until, end=True) if self.until else None,
                min_hands=min_hands,
            )
        except StatsInputError as exc:
            fail(str(exc), EXIT_USAGE)


assert [f.name for f in fields(HandFilterArgs)] == list(OPTIONS)
NO_HAND_FILTER = HandFilterArgs()

F = TypeVar("F", bound=Callable[..., None])


def filter_options(command: F) -> F:
    """``command`` with its ``hands: HandFilterArgs`` parameter shown to typer as the options."""
    signature = inspect.signature(command, eval_str=True)  # typer needs the real Annotated types
    params = list(signature.parameters.values())
    at = [p.name for p in params].index("hands")
    added = [
        inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None, annotation=t)
        for name, t in OPTIONS.items()
    ]
    shown = signature.replace(parameters=[*params[:at], *added, *params[at + 1 :]])

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        hands = HandFilterArgs(**{name: kwargs.pop(name) for name in OPTIONS})
        command(hands=hands, **kwargs)

    wrapper.__annotations__ = {p.name: p.annotation for p in shown.parameters.values()} | {
        "return": None
    }
    wrapper.__signature__ = shown  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]
