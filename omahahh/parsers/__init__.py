"""Formats: one module per room (and PHH) turning a hand's text into a ``HandRecord``.

Which format a file or block is in, how files are cut into blocks and how a
block is parsed is decided in one place, :mod:`omahahh.parsers.registry`
(CONTRIBUTING.md says how to add a room). Detection is per block, so one file or
folder may mix rooms; a block no format recognises becomes an
``unknown_format`` failure row.
"""

from omahahh.parsers.format import Format, failure
from omahahh.parsers.registry import detect, parse_block

__all__ = ["Format", "detect", "failure", "parse_block"]
