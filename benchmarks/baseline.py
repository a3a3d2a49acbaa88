"""The bare limit every ingest figure is set beside, timed in the same run.

The input's bytes read and split into hands on blank lines by one regular
expression: nothing decoded, no room detected, no line numbers kept, nothing
parsed. No reader of hand histories can be faster than this on the same files,
so "ingest at 1/25 of the bare split" says how far from the limit a figure is.

omahahh's own block splitter (``omahahh.parsers.registry.iter_blocks``) is not
the baseline: it decodes, detects each block's room, keeps line numbers and
resynchronises after junk, and runs about 2.5 times slower than this, which
would flatter every ratio. The scripts print it as a stage of its own.

Where a room's hands hold blank lines of their own (ACR/WPN), the pieces counted here
are more than its hands: the ratios compare the times over the same bytes, and the
scripts give the bare limit the hand count of the same input.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.txt").write_bytes(b"hand 1\\nline\\n\\n\\n\\nhand 2\\r\\n\\r\\nhand 3\\n\\n")
>>> bare_split([folder])[0]
3
>>> vs_bare(12.5, 0.5)
'1/25.0'
"""

from __future__ import annotations

import os
import re
import resource
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

BLANK_LINES = re.compile(rb"(?:\r\n|\n|\r(?!\n))(?:[ \t]*(?:\r\n|\n|\r(?!\n)))+")
"""A line end followed by one or more blank lines, in any of the three line-end styles
real files use (LF, CRLF, and CR alone in old Mac exports: docs/FORMATS.md §1.1).

The form of the pattern matters: one that starts with a literal ``\n`` (LF and CRLF
only) lets the regex engine jump from one ``\n`` to the next and runs several times
faster on LF files; this one, which reads all three, tries a match at every byte."""

LABEL = "bare limit: bytes + regex split"
"""How the scripts name the baseline row."""


def input_files(paths: Sequence[str | Path]) -> Iterator[Path]:
    """Every file under ``paths`` (a folder is walked), in a stable order."""
    for path in map(Path, paths):
        if path.is_dir():
            for root, dirs, names in os.walk(path):
                dirs.sort()
                yield from (Path(root) / name for name in sorted(names))
        else:
            yield path


def count_hands(data: bytes) -> int:
    """The pieces of ``data`` between blank lines that hold anything but white space."""
    return sum(1 for piece in BLANK_LINES.split(data) if piece.strip())


def bare_split(paths: Sequence[str | Path]) -> tuple[int, float, float]:
    """(hands, seconds, peak MiB of this process): read and split every file."""
    start = time.perf_counter()
    hands = sum(count_hands(path.read_bytes()) for path in input_files(paths))
    seconds = time.perf_counter() - start
    return hands, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def vs_bare(seconds: float, bare_seconds: float) -> str:
    """A measure's time as the fraction of the bare limit's speed it reaches (``1/25.0``)."""
    return f"1/{seconds / bare_seconds:.1f}"
