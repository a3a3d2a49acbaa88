"""`omahahh equity`: all-in equity of 2 to 6 Omaha hands (see docs/EVALUATOR.md)."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer

from omahahh.cards import parse_cards
from omahahh.cli.common import EXIT_USAGE, run_library
from omahahh.eval.equity import RANDOM, EquityResult, equity


class OutputFormat(StrEnum):
    """How to print the result."""

    TABLE = "table"
    JSON = "json"


def _parse_hand(text: str) -> tuple[int, ...] | None:
    return None if text.strip().lower() == RANDOM else parse_cards(text)


def _compute(
    hands: list[str],
    board: str,
    dead: str,
    hi_lo: bool,
    samples: int | None,
    seed: int | None,
) -> EquityResult:
    return equity(
        [_parse_hand(h) for h in hands],
        parse_cards(board),
        parse_cards(dead),
        hi_lo=hi_lo,
        samples=samples,
        seed=seed,
        hand_labels=[h.strip() for h in hands],
    )


def _percent(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.2f}%"


def render_table(result: EquityResult) -> str:
    """The result as an aligned text table and a one-line summary."""
    hi_lo = result.hands[0].high is not None
    header = ["hand", "equity", "win", "tie"] + (["high", "low"] if hi_lo else [])
    rows = [header]
    for h in result.hands:
        cells = [h.hand, _percent(h.equity), _percent(h.win), _percent(h.tie)]
        rows.append(cells + ([_percent(h.high), _percent(h.low)] if hi_lo else []))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    if result.exact:
        lines.append(f"exact: {result.boards:,} boards")
    else:
        error = _percent(result.std_error)
        lines.append(f"Monte Carlo: {result.boards:,} deals, standard error {error}")
    return "\n".join(lines)


def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(help="2 to 6 hands of 4-6 cards, e.g. AsKsQd7h; 'random' for any hand."),
    ],
    board: Annotated[str, typer.Option(help="Board cards (0, 3, 4 or 5), e.g. Ah7c2s.")] = "",
    dead: Annotated[str, typer.Option(help="Cards removed from the deck.")] = "",
    hi_lo: Annotated[bool, typer.Option("--hi-lo", help="Omaha 8-or-better (split pot).")] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Monte Carlo with N deals instead of exact enumeration.",
            show_default="exact enumeration",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Random seed for Monte Carlo.", show_default="a fresh seed per run"),
    ] = None,
    output: Annotated[
        OutputFormat, typer.Option("--format", help="Output format.")
    ] = OutputFormat.TABLE,
) -> None:
    """All-in equity: exact over every remaining board, or Monte Carlo.

    Example: omahahh equity AsKsQd7h 2c2d3h4h --board Ah7c2s
    """
    # Every value read is an argument as typed: a bad card or hand is a usage error.
    result = run_library(lambda: _compute(hands, board, dead, hi_lo, samples, seed), EXIT_USAGE)
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(render_table(result))


def register(app: typer.Typer) -> None:
    """Add the command to ``app``."""
    app.command("equity")(equity_command)
