"""How ``--help`` shows arguments and options: ``PATH...``, flags without a type, text as written.

Typer's default help prints ``{paths}...`` in the usage line and a Python type
beside every parameter (``<list[Path]>``, ``<bool>`` on a flag), which read as
noise to a user, and reads help text as Rich markup, so ``omahahh[dask]`` loses
its ``[dask]``. :class:`HelpCommand`, the class every command is built with
(typer's public ``cls`` of a command), sets each of its own parameters'
public ``metavar`` and help once, when the command is built:

- an argument shows as its name in capitals, singular when it takes several
  values (``paths`` -> ``PATH...``, ``hand_key`` -> ``HAND_KEY``), in the usage
  line and its panel, with no type beside it;
- a flag (a boolean option) shows no type; other options show a word for what
  to write (``INTEGER``, ``PATH``, ``TEXT``) or their choices
  (``table|csv|json``);
- help text is shown as written (markup characters escaped).

Nothing outside these commands changes: typer's classes are extended, not
patched.
"""

from __future__ import annotations

from typing import Any

import typer.core
from rich.markup import escape


def argument_label(name: str, several: bool) -> str:
    """``paths`` -> ``PATH`` (taking several values), ``hand_key`` -> ``HAND_KEY``.

    >>> argument_label("paths", True), argument_label("hand_key", False)
    ('PATH', 'HAND_KEY')
    """
    label = name.upper()
    if several and label.endswith("S") and len(label) > 1:
        label = label[:-1]
    return label


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


class LabelledArgument(typer.core.TyperArgument):
    """An argument shown by its label alone: ``PATH...`` in the usage line and its panel."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        label = self.metavar or argument_label(self.name or "arg", self.nargs != 1)
        return [label if self.required else f"[{label}]"]


class HelpCommand(typer.core.TyperCommand):
    """A command whose help shows its parameters as the module doc says."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.help:
            self.help = escape(self.help)
        ctx = typer.Context(self)
        for param in self.params:
            if isinstance(param, typer.core.TyperArgument):
                label(param)
            if isinstance(param, typer.core.TyperOption):
                label_option(param, ctx)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if isinstance(option, typer.core.TyperOption):
            label_option(option, ctx)
        return option


def label(param: typer.core.TyperArgument) -> None:
    """``param`` shown as :class:`LabelledArgument`, its help as written."""
    several = param.nargs != 1
    if param.metavar is None:
        param.metavar = argument_label(param.name or "arg", several) + ("..." if several else "")
    if param.help:
        param.help = escape(param.help)
    param.__class__ = LabelledArgument


def label_option(param: typer.core.TyperOption, ctx: typer.Context) -> None:
    """A flag with no type shown, another option with a word for its value; help as written."""
    if param.help:
        param.help = escape(param.help)
    if param.metavar is not None:
        return
    if param.is_flag or param.is_bool_flag:
        param.metavar = ""
    else:
        param.metavar = option_type_label(param.display_type(ctx))
