"""What the compiled build (mypyc, see ``setup.py``) reads in the source.

The readers' and the replay's and audit's hot modules are compiled to C by mypyc when
the package is built with ``OMAHAHH_COMPILE=1`` (opt-in, never an editable install:
docs/PERFORMANCE.md says what it gains); mypyc takes its
instructions from ``mypy_extensions.mypyc_attr`` decorators, which it reads at compile
time. At run time the decorator does nothing: a plain install (no ``mypy_extensions``)
gets a stand-in that returns the class unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a plain install: the decorator's work was done at compile time, if any

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        def unchanged(cls: T) -> T:
            return cls

        return unchanged


__all__ = ["mypyc_attr"]
