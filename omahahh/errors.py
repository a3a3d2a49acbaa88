"""Exception classes of the library.

The library raises only these for caller errors; malformed hands become
failure rows, never exceptions that escape a run.
"""

from __future__ import annotations


class OmahahhError(Exception):
    """Base class of every error the library raises on purpose."""


class UnknownName(OmahahhError):
    """A name given as an option's value that names nothing (no built-in, no file): the
    command line calls it a usage error (exit 2)."""


class CardError(OmahahhError, ValueError):
    """A card or card list that cannot be read (bad token, duplicate card)."""


class MoneyError(OmahahhError, ValueError):
    """An amount that is not a valid money figure for its currency."""


class SourceError(OmahahhError):
    """An input path that cannot be read (missing file, nothing matches a glob)."""


class HandParseError(OmahahhError):
    """A hand block that cannot be parsed; carries a stable reason code and line.

    ``line_offset`` is 0-based within the block; the driver turns it into an
    absolute file line.
    """

    def __init__(self, reason_code: str, message: str, line_offset: int = 0, excerpt: str = ""):
        super().__init__(message)
        self.reason_code = reason_code
        self.message = message
        self.line_offset = line_offset
        self.excerpt = excerpt


class DatasetError(OmahahhError):
    """A dataset folder that is missing, locked or of an incompatible schema."""
