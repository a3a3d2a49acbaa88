"""Which hands and players a statistic counts: the filters of ``omahahh stats``/``graph``.

Hand filters (site, variant, structure, stakes, game type, currency, time)
are one polars predicate over ``hands``; player filters (name globs,
positions) one over the per-player rows. Values of one filter are OR-ed,
different filters AND-ed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

import polars as pl

from omahahh.errors import OmahahhError
from omahahh.rake.grouping import stakes_filter

# Positions, from the seat order after the button (see docs/STATS.md).
POSITIONS = ("UTG", "MP", "HJ", "CO", "BTN", "SB", "BB")


class StatsInputError(OmahahhError):
    """A filter or grouping the statistics cannot apply."""


@dataclass(frozen=True, slots=True)
class StatsFilter:
    """Every filter of ``omahahh stats``; empty tuples and None mean "any"."""

    players: tuple[str, ...] = ()  # glob patterns: * ? [abc]
    sites: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    structures: tuple[str, ...] = ()
    stakes: tuple[str, ...] = ()
    game_types: tuple[str, ...] = ()
    currencies: tuple[str, ...] = ()
    positions: tuple[str, ...] = ()
    since: datetime | None = None  # inclusive, UTC
    until: datetime | None = None  # exclusive, UTC
    min_hands: int = 0


NO_FILTER = StatsFilter()


def glob_regex(pattern: str) -> str:
    """A shell glob as an anchored regular expression: ``*``, ``?`` and ``[...]``.

    >>> glob_regex("Hero*")
    '^Hero.*$'
    >>> glob_regex("Player[0-3]?")
    '^Player[0-3].$'
    """
    out, i = ["^"], 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "*":
            out.append(".*")
        elif ch == "?":
            out.append(".")
        elif ch == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1 : end]
            if body.startswith("!"):
                body = "^" + body[1:]
            out.append("[" + body.replace("\\", "\\\\") + "]")
            i = end
        else:
            out.append(re.escape(ch))
        i += 1
    out.append("$")
    return "".join(out)


def names_match(column: pl.Expr, patterns: tuple[str, ...]) -> pl.Expr:
    """True where ``column`` matches one of the glob ``patterns``."""
    return pl.any_horizontal([column.str.contains(glob_regex(p)) for p in patterns])


def _norm_variant(expr: pl.Expr) -> pl.Expr:
    return expr.str.to_uppercase().str.replace_all("-", "", literal=True)


def _in(column: str, values: tuple[str, ...]) -> pl.Expr:
    return pl.col(column).str.to_lowercase().is_in([v.lower() for v in values])


def hand_predicate(f: StatsFilter) -> pl.Expr:
    """The hands ``f`` keeps (cancelled hands never count: every bet went back)."""
    cond = ~pl.col("cancelled").fill_null(False)
    for column, values in (
        ("site", f.sites),
        ("structure", f.structures),
        ("game_type", f.game_types),
        ("currency", f.currencies),
    ):
        if values:
            cond = cond & _in(column, values)
    if f.variants:
        wanted = [v.upper().replace("-", "") for v in f.variants]
        cond = cond & _norm_variant(pl.col("variant")).is_in(wanted)
    if f.stakes:
        cond = cond & stakes_filter(f.stakes)
    if f.since is not None:
        cond = cond & (pl.col("started_at") >= f.since)
    if f.until is not None:
        cond = cond & (pl.col("started_at") < f.until)
    return cond.fill_null(False)


def check_positions(positions: tuple[str, ...]) -> tuple[str, ...]:
    """Positions in upper case; :class:`StatsInputError` for an unknown one."""
    out = tuple(p.upper() for p in positions)
    unknown = [p for p in out if p not in POSITIONS]
    if unknown:
        raise StatsInputError(
            f"--position {','.join(unknown)}: unknown (choose from {', '.join(POSITIONS)})"
        )
    return out


def parse_when(text: str, *, end: bool = False) -> datetime:
    """A ``--since``/``--until`` value in UTC: ``2021-03-10`` or ``2021-03-10T14:00[:00]``.

    A bare date as ``--until`` (``end=True``) means the end of that day, so
    ``--since 2021-03-10 --until 2021-03-10`` is that whole day.
    """
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            moment = datetime.combine(day, time(), tzinfo=UTC)
            return moment + timedelta(days=1) if end else moment
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise StatsInputError(
            f"{text!r}: not a date (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM[:SS])"
        ) from None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
