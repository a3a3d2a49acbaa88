"""Aliases: names that are one person, across rooms (``--alias FILE``).

The file is TOML: each key is the person, each value the names they play
under. A name ``site:name`` counts only in that room; a bare name in every
room::

    # aliases.toml
    [aliases]
    "Jane" = ["Hero", "pokerstars:jane_s", "winamax:JaneW"]
    "Bob" = ["bobby77"]

(the ``[aliases]`` header may be left out). A room-qualified name wins over a
bare one; a name given to two persons is an error.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass

import polars as pl

from omahahh.errors import OmahahhError
from omahahh.model import Site

SITES = frozenset(s.value for s in Site)


class AliasError(OmahahhError):
    """An alias file that cannot be read or says one name is two persons."""


@dataclass(frozen=True, slots=True)
class Aliases:
    """(site or None, name) → person."""

    names: dict[tuple[str | None, str], str]

    def person(self, site: str, name: str) -> str:
        """The person ``name`` plays for in ``site`` (the name itself when unknown)."""
        return self.names.get((site, name)) or self.names.get((None, name)) or name

    def frame(self) -> pl.DataFrame:
        """Columns ``site`` (null for every room), ``name``, ``person``."""
        rows = [(site, name, person) for (site, name), person in self.names.items()]
        return pl.DataFrame(
            rows, schema={"site": pl.String, "name": pl.String, "person": pl.String}, orient="row"
        )


def parse_aliases(text: str, source: str = "<aliases>") -> Aliases:
    """Aliases from the TOML text of an alias file (see the module doc)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise AliasError(f"{source}: not TOML: {exc}") from None
    table = data.get("aliases", data)
    if not isinstance(table, dict):
        raise AliasError(f"{source}: [aliases] must be a table of person = [names]")
    names: dict[tuple[str | None, str], str] = {}
    for person, values in table.items():
        if isinstance(values, str):
            values = [values]
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise AliasError(f"{source}: {person!r} must be a list of names")
        for value in values:
            key = _key(value)
            if key in names and names[key] != person:
                raise AliasError(
                    f"{source}: {value!r} is given to both {names[key]!r} and {person!r}"
                )
            names[key] = person
    return Aliases(names)


def load_aliases(path: str | os.PathLike[str]) -> Aliases:
    """Aliases from a file; :class:`AliasError` when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise AliasError(f"{os.fspath(path)}: {exc.strerror or exc}") from None
    return parse_aliases(text, os.fspath(path))


def _key(value: str) -> tuple[str | None, str]:
    site, sep, name = value.partition(":")
    if sep and site.lower() in SITES and name:
        return site.lower(), name
    return None, value


def apply_aliases(frame: pl.LazyFrame, aliases: Aliases | None) -> pl.LazyFrame:
    """``frame`` (columns ``site``, ``player``) with ``player`` replaced by the person.

    The name as printed stays in ``name``.
    """
    frame = frame.with_columns(pl.col("player").alias("name"))
    if aliases is None or not aliases.names:
        return frame
    table = aliases.frame().lazy()
    qualified = table.filter(pl.col("site").is_not_null()).rename({"person": "_by_site"})
    bare = table.filter(pl.col("site").is_null()).drop("site").rename({"person": "_bare"})
    return (
        frame.join(qualified, on=["site", "name"], how="left")
        .join(bare, on="name", how="left")
        .with_columns(pl.coalesce("_by_site", "_bare", "player").alias("player"))
        .drop("_by_site", "_bare")
    )
