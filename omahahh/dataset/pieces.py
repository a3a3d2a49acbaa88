"""Large files cut into pieces at hand boundaries, so that every worker has work.

With ``--workers N`` a worker takes one task at a time. When a task was a whole file,
one large file kept one core busy while the others waited, and its worker held the
whole file's tables at once, nearly twice the peak of one worker, which reads a file in
parts (docs/PERFORMANCE.md, "One large file"). So the
driver cuts a plain text file of two pieces or more into byte ranges, each starting at
a hand's header line, and the workers take the pieces in input order. The run's last
files are cut finer (:data:`TAIL_PIECE_BYTES`), even small ones, so that no worker waits
long at the end for another's last file.

A piece reads exactly the blocks the whole file's reading gives there
(``tests/unit/dataset/test_pieces.py`` checks every corpus text file cut at every hand):

- a cut is just after a line feed, so no character or line ending is split (UTF-8 and
  cp1252 have no line feed inside a character; a line that is not UTF-8 is decoded on
  its own either way);
- the line at the cut is a hand's header (UTF-8, as the splitting tests it) and the line
  before it is no lead-in (``#Game No : N``, which keeps the header after it in its
  block): the whole file's splitting (:func:`omahahh.parsers.registry.split_blocks`)
  ends a block there and starts one, as the piece's does;
- a piece knows the number of its first line (line breaks counted as the reader
  counts them: LF, CRLF and lone CR), so every row names the file's own line.

Never cut: compressed files and zip members (no cheap seeking), UTF-16 files (two bytes
a character), whole-file formats (XML, JSON, PHH), and a file with no header where a cut
is wanted (it stays whole past there). A cluster (Dask) still takes whole files.
"""

from __future__ import annotations

import collections
import itertools
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

from omahahh.parsers.registry import (
    HASHLESS_STARTS,
    HEADER_RE,
    LEAD_IN_RE,
    SNIFF_HEAD_LINES,
    sniff,
    sniff_text,
)
from omahahh.parsers.sources import read_lines, readable_from_offsets

PIECE_MAX_BYTES = 4 << 20
"""At most this much text a piece (~3,300 PokerStars hands): what a worker holds at once."""
PIECE_MIN_BYTES = 1 << 20
"""At least this much a piece (~850 hands): each task costs a little in every process."""
PIECES_PER_WORKER = 8
"""Pieces wanted per worker in a file: the last piece leaves the others idle at the end."""
TAIL_PIECE_BYTES = 256 << 10
"""Pieces of the run's last files that are too small to be cut otherwise (~200 hands,
~0.07 s of a worker): with whole files a worker sat idle at the end while the other
finished its last file, 0.26 s of a 9.4 s run of 50 files of 1,000 hands."""
WINDOW_BYTES = 256 << 10
"""Bytes searched at a time for a cut after a piece's target size."""
LOOK_BACK = 4096
"""Bytes read before a search's start, for the line before its first line."""
COUNT_BYTES = 8 << 20
"""Bytes read at a time while counting line breaks."""


@dataclass(frozen=True, slots=True)
class Piece:
    """Bytes ``[start, end)`` of the file at ``path`` (``end`` None: to its end), whose
    first line is line ``first_line`` of the file; ``last``: the file's last piece (its
    fragment counts the file)."""

    path: str
    start: int = 0
    end: int | None = None
    first_line: int = 1
    last: bool = True

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end is None


def piece_bytes(size: int, workers: int) -> int:
    """The size pieces of a ``size``-byte file aim at, with ``workers`` workers.

    >>> piece_bytes(52_000_000, 2) // 1024  # 8 pieces a worker: 3.1 MiB each
    3173
    >>> piece_bytes(500_000_000, 2) == PIECE_MAX_BYTES
    True
    """
    return min(PIECE_MAX_BYTES, max(PIECE_MIN_BYTES, size // (workers * PIECES_PER_WORKER)))


def pieces_of(path: str | os.PathLike[str], workers: int, size: int | None = None) -> list[Piece]:
    """The pieces ``workers`` workers take the file at ``path`` in (one whole piece where
    it is not worth cutting or cannot be cut). ``size``: the piece size (default
    :func:`piece_bytes`)."""
    p = os.fspath(path)
    sizes = _worth_cutting(p, workers, size)
    if sizes is None:
        return [Piece(p)]
    try:
        cuts = _cuts(p, *sizes)
    except OSError:
        return [Piece(p)]
    if not cuts:
        return [Piece(p)]
    bounds = [(0, 1), *cuts]
    pieces = [
        Piece(p, start, end, line, last=False)
        for (start, line), (end, _) in itertools.pairwise(bounds)
    ]
    start, line = bounds[-1]
    return [*pieces, Piece(p, start, None, line, last=True)]


def estimated_pieces(path: str | os.PathLike[str], workers: int) -> int:
    """About how many pieces :func:`pieces_of` makes of the file (by its size; not
    searched for cuts): what caps the number of workers worth starting."""
    sizes = _worth_cutting(os.fspath(path), workers, None)
    return 1 if sizes is None else sizes[0] // sizes[1]


def _worth_cutting(path: str, workers: int, size: int | None) -> tuple[int, int] | None:
    """(file size, piece size) when the file is two pieces or more and may be cut."""
    try:
        total = os.stat(path).st_size
    except OSError:
        return None  # a zip member, or gone: read whole (and failed there if need be)
    step = size or piece_bytes(total, workers)
    if total < 2 * step or not splittable(path):
        return None
    return total, step


def iter_pieces(files: Iterable[str | os.PathLike[str]], workers: int) -> Iterator[Piece]:
    """Every file's pieces, in input order (files after files, pieces in file order).

    The last ``workers`` files, when under two pieces (not cut otherwise), are cut into
    pieces of :data:`TAIL_PIECE_BYTES`, so that the workers finish close together.
    """
    ahead: collections.deque[str | os.PathLike[str]] = collections.deque()
    for f in files:
        ahead.append(f)
        if len(ahead) > workers:
            yield from pieces_of(ahead.popleft(), workers)
    for f in ahead:
        yield from _tail_pieces(f, workers)


def _tail_pieces(path: str | os.PathLike[str], workers: int) -> list[Piece]:
    """:func:`pieces_of` for one of the run's last files: finer where it would stay whole."""
    try:
        small = os.stat(path).st_size < 2 * PIECE_MIN_BYTES
    except OSError:
        small = False  # a zip member, or gone: pieces_of reads it whole
    return pieces_of(path, workers, TAIL_PIECE_BYTES if small else None)


def splittable(path: str) -> bool:
    """May the file be cut? One whose lines can be read from a byte offset (a plain,
    uncompressed file that is not UTF-16), in a text format (no whole-file format by
    its name or first lines)."""
    if not readable_from_offsets(path) or sniff(path) is not None:
        return False
    first = list(itertools.islice(read_lines(path, 16 * 1024), SNIFF_HEAD_LINES))
    return sniff_text("\n".join(first)) is None


def _cuts(path: str, total: int, step: int) -> list[tuple[int, int]]:
    """(byte offset, line number) of each cut: the first cut at or after each multiple of
    ``step`` that leaves at least half a step after it."""
    cuts: list[tuple[int, int]] = []
    with open(path, "rb") as fh:
        at, line = 0, 1
        target = step
        while target < total - step // 2:
            cut = _cut_after(fh, target, total - step // 2)
            if cut is None:
                break
            line += _line_breaks(fh, at, cut)
            cuts.append((cut, line))
            at = cut
            target = cut + step
    return cuts


def _cut_after(fh: IO[bytes], target: int, limit: int) -> int | None:
    """The first line start at or after ``target`` (before ``limit``) where a piece may
    start: a hand's header whose line before is no lead-in."""
    at = target
    while at < limit:
        base = max(at - LOOK_BACK, 0)  # the line before ``at`` is read too
        fh.seek(base)
        data = fh.read(WINDOW_BYTES)
        if len(data) <= at - base:
            return None  # the file ends first
        following = base + len(data)
        feed = data.find(b"\n", at - base - 1 if at > base else 0)
        while feed >= 0:
            start = base + feed + 1
            if start >= limit:
                return None
            end = data.find(b"\n", feed + 1)
            if end < 0:  # the line runs past the window: read again from its start
                if start > at:
                    following = start
                break
            before = data.rfind(b"\n", 0, feed) + 1
            known = before > 0 or base == 0  # the whole line before is in the window
            if known and _is_header(data[feed + 1 : end]) and not _is_lead_in(data[before:feed]):
                return start
            feed = end
        if len(data) < WINDOW_BYTES and following == base + len(data):
            return None  # searched to the file's end
        at = max(following, at + 1)
    return None


def _is_header(raw: bytes) -> bool:
    """Does the whole file's splitting start a block at this line (as bytes, without its
    line feed)?"""
    try:
        line = raw.removesuffix(b"\r").decode("utf-8")
    except UnicodeDecodeError:
        return False
    if "\r" in line:
        return False  # a lone CR splits it: not one line for the reader
    hinted = "#" in line or line.startswith(("*", *HASHLESS_STARTS))
    return hinted and HEADER_RE.match(line) is not None


def _is_lead_in(raw: bytes) -> bool:
    """Might the whole file's splitting keep the next line (a header) with this one?
    Only a lone lead-in line (``#Game No : N``) does; what cannot be read for sure counts
    as one."""
    try:
        line = raw.removesuffix(b"\r").decode("utf-8")
    except UnicodeDecodeError:
        return True
    if "\r" in line:
        return True
    return LEAD_IN_RE.match(line.lstrip("\ufeff").rstrip()) is not None


def _line_breaks(fh: IO[bytes], start: int, end: int) -> int:
    """Line breaks in bytes ``[start, end)`` as the reader counts them: LF, CRLF, lone CR."""
    fh.seek(start)
    left = end - start
    breaks = 0
    carried_cr = False
    while left > 0:
        data = fh.read(min(COUNT_BYTES, left))
        if not data:
            break
        left -= len(data)
        breaks += data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
        if carried_cr and data.startswith(b"\n"):
            breaks -= 1  # a CRLF across two reads was counted twice
        carried_cr = data.endswith(b"\r")
    return breaks
