"""How ``--help`` shows arguments and options: ``PATH...``, flags without a type.

Typer's default help prints ``{paths}...`` in the usage line and a Python type
beside every parameter (``<list[Path]>``, ``<bool>`` on a flag), which read as
noise to a user. Two small overrides of typer's parameter classes,
applied once when the CLI is imported:

- an argument shows as its name in capitals, singular when it takes several
  values (``paths`` -> ``PATH...``, ``hand_key`` -> ``HAND_KEY``), in the usage
  line and its panel, with no type beside it;
- a flag (a boolean option) shows no type; other options keep theirs
  (``<int>``, ``<path>``), which say what to write.
"""

from __future__ import annotations

from typing import Any

import typer.core


def argument_label(name: str, several: bool) -> str:
    """``paths`` -> ``PATH`` (taking several values), ``hand_key`` -> ``HAND_KEY``.

    >>> argument_label("paths", True), argument_label("hand_key", False)
    ('PATH', 'HAND_KEY')
    """
    label = name.upper()
    if several and label.endswith("S") and len(label) > 1:
        label = label[:-1]
    return label


def _usage_display_name(self: typer.core.TyperArgument) -> str:
    several = self.nargs != 1
    label = argument_label(self.name or "arg", several) + ("..." if several else "")
    return label if self.required else f"[{label}]"


def _argument_display_type(self: typer.core.TyperArgument, ctx: Any) -> str | None:
    return None


_option_display_type = typer.core.TyperOption.display_type_rich


TYPE_WORDS = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "path": "PATH", "Path": "PATH"}


def option_type_label(shown: str) -> str:
    """Typer's ``<list[str]>`` -> ``TEXT`` (repeat the option for several), ``<int range>``
    -> ``INTEGER``; choices stay as they are (``table|csv|json``).

    >>> option_type_label("<list[str]>"), option_type_label("<int range>")
    ('TEXT', 'INTEGER')
    """
    inner = shown.strip().removeprefix("<").removesuffix(">")
    if inner.startswith("list[") and inner.endswith("]"):
        inner = inner[5:-1]
    inner = inner.removesuffix(" range")
    return TYPE_WORDS.get(inner, inner)


def _option_display_type_rich(self: typer.core.TyperOption, ctx: Any) -> str | None:
    if self.is_flag or self.is_bool_flag:
        return None
    result: str | None = _option_display_type(self, ctx)
    return option_type_label(result) if result else result


def _argument_display_name(self: typer.core.TyperArgument) -> str:
    return argument_label(self.name or "arg", self.nargs != 1)  # the panel adds "..."


def apply() -> None:
    """Install the overrides (idempotent)."""
    arg: Any = typer.core.TyperArgument
    opt: Any = typer.core.TyperOption
    arg._usage_display_name = _usage_display_name
    arg.display_type_rich = _argument_display_type
    arg.display_name_raw = property(_argument_display_name)
    opt.display_type_rich = _option_display_type_rich
