"""Reading hand-history files: decoded lines, and the :class:`Block` a hand's text is.

Files are read one at a time and line by line, so memory does not grow with
the number or size of inputs. Encodings: UTF-8 with or without BOM, UTF-16
(BOM or NUL pattern), else cp1252 line by line. Line endings LF, CRLF, CR and
mixtures are all normalised.

A *block* is the text of one hand as the file holds it. Which files are read
and how they are cut into blocks depends on the format: see
:mod:`omahahh.parsers.registry`.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import lzma
import os
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any, cast

READ_CHUNK = 1 << 20
MEMBER = "!"
"""``archive.zip!hands/day1.txt``: a member of a zip archive, read as a file of its own."""
COMPRESSED_SUFFIXES = (".gz", ".bz2", ".xz")


class RepairedLine(str):
    """A line that was not valid UTF-8 and was read as cp1252: the audit notes it."""

    __slots__ = ()


def split_member(path: str) -> tuple[str, str | None]:
    """``a.zip!m.txt`` -> (``a.zip``, ``m.txt``); a plain path -> (path, None)."""
    archive, sep, member = path.partition(".zip" + MEMBER)
    if sep and os.path.isfile(archive + ".zip"):
        return archive + ".zip", member
    return path, None


def logical_name(path: str) -> str:
    """The name a file's format is judged by: without a compression suffix, and for a
    zip member the member's own name (``day1.phhs.gz`` -> ``day1.phhs``)."""
    _, member = split_member(path)
    name = member if member is not None else path
    for suffix in COMPRESSED_SUFFIXES:
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


@contextmanager
def open_binary(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A file's bytes, decompressed when it is gzip, bzip2 or xz (by its magic bytes),
    or a zip archive's member (``archive.zip!member``)."""
    p = os.fspath(path)
    archive, member = split_member(p)
    if member is not None:
        with zipfile.ZipFile(archive) as zf, zf.open(member) as raw:
            yield _decompressed(raw)
        return
    with open(p, "rb") as raw:
        yield _decompressed(raw)


_OPENERS: tuple[tuple[bytes, Callable[[IO[bytes], str], Any]], ...] = (
    (b"\x1f\x8b", gzip.open),
    (b"BZh", bz2.open),
    (b"\xfd7zXZ\x00", lzma.open),
)
"""Each compression's magic bytes (at most 6) and the opener of its stream."""


def _opener(head: bytes) -> Callable[[IO[bytes], str], Any] | None:
    """The opener for a stream starting with ``head``; None: not compressed."""
    return next((opener for magic, opener in _OPENERS if head.startswith(magic)), None)


def _decompressed(raw: IO[bytes]) -> IO[bytes]:
    buffered: io.BufferedReader = (
        raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(cast(Any, raw))
    )
    opener = _opener(buffered.peek(6)[:6])
    return buffered if opener is None else cast(IO[bytes], opener(buffered, "rb"))


def zip_members(path: str) -> list[str]:
    """The regular members of a zip archive, as ``archive.zip!member`` paths, sorted."""
    with zipfile.ZipFile(path) as zf:
        names = sorted(i.filename for i in zf.infolist() if not i.is_dir())
    return [f"{path}{MEMBER}{name}" for name in names if not _hidden(name)]


def _hidden(name: str) -> bool:
    return any(part.startswith(".") or part == "__MACOSX" for part in name.split("/"))


@dataclass(frozen=True, slots=True)
class Block:
    """One hand's text: its file, its first line (1-based) and its lines."""

    path: str
    line: int
    lines: tuple[str, ...]
    repaired: tuple[int, ...] = ()
    """Offsets of lines that were not valid UTF-8 (read as cp1252)."""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def text_hash(self) -> str:
        """A digest of the normalised text: identical copies of a hand share it."""
        return hashlib.blake2b(self.text.encode("utf-8"), digest_size=12).hexdigest()


def readable_from_offsets(path: str) -> bool:
    """Can the file's lines be read from a byte offset (``read_lines(start=...)``)? A plain
    file (not a zip member, not gzip/bzip2/xz) that is not UTF-16, as :func:`read_lines`
    judges them."""
    if split_member(path)[1] is not None:
        return False
    try:
        with open(path, "rb") as fh:
            head = fh.read(6)
    except OSError:
        return False
    return _opener(head) is None and _sniff_utf16(head[:4]) is None


def _sniff_utf16(head: bytes) -> str | None:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    # No BOM: ASCII text in UTF-16 has a NUL in every other byte.
    if len(head) >= 4 and head[1] == 0 and head[3] == 0 and head[0] != 0:
        return "utf-16-le"
    if len(head) >= 4 and head[0] == 0 and head[2] == 0 and head[1] != 0:
        return "utf-16-be"
    return None


def _decode_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return RepairedLine(raw.decode("cp1252", errors="replace"))


def read_lines(
    path: str | os.PathLike[str],
    chunk: int = READ_CHUNK,
    start: int = 0,
    end: int | None = None,
) -> Iterator[str]:
    """The file's lines, decoded, without line endings or BOM, streamed.

    ``chunk``: bytes read (and decoded) at a time; a reader that wants only the first
    lines passes a small one, so it does not decode a whole chunk it will not look at.

    ``start``, ``end``: only the bytes ``[start, end)`` of a plain (uncompressed) UTF-8 or
    single-byte file, each just after a line feed (a piece of a large file,
    :mod:`omahahh.dataset.pieces`); its lines are those the whole file's reading gives there.

    Compressed files and zip members are read transparently (:func:`open_binary`).
    A line that is not valid UTF-8 is read as cp1252 and yielded as a
    :class:`RepairedLine`, so the hand it belongs to can say so.
    """
    if start or end is not None:
        yield from _read_window(os.fspath(path), chunk, start, end)
        return
    with open_binary(path) as fh:
        head = _peek(fh, 4)
        utf16 = _sniff_utf16(head)
        if utf16 is not None:
            text = io.TextIOWrapper(fh, encoding=utf16, errors="replace", newline=None)
            first = True
            for line in text:
                if first:
                    line = line.lstrip("\ufeff")
                    first = False
                yield line.rstrip("\n")
            return
        yield from _byte_lines(fh, chunk, first=True)


def _read_window(path: str, chunk: int, start: int, end: int | None) -> Iterator[str]:
    with open(path, "rb") as raw:
        raw.seek(start)
        size = end - start if end is not None else None
        yield from _byte_lines(_Window(raw, size), chunk, first=start == 0)


class _Window:
    """At most ``size`` bytes of a file, from where it stands (None: to its end)."""

    def __init__(self, raw: IO[bytes], size: int | None):
        self.raw = raw
        self.left = size

    def read(self, n: int) -> bytes:
        if self.left is None:
            return self.raw.read(n)
        data = self.raw.read(min(n, self.left))
        self.left -= len(data)
        return data


def _byte_lines(fh: IO[bytes] | _Window, chunk: int, *, first: bool) -> Iterator[str]:
    """The lines of a UTF-8 (or single-byte) stream; ``first``: the stream is a file's
    start (a BOM there is dropped)."""
    pending = b""
    held: list[bytes] = []  # chunks with no line end yet: joined once one comes
    while data := fh.read(chunk):
        # Cut after the last complete line. A CR-only (old Mac) run cuts at a CR,
        # but not a final one: it may be the first half of a CRLF. Only the new
        # chunk is searched, so a line longer than many chunks costs linear time.
        cut = data.rfind(b"\n")
        if cut < 0:
            cut = data.rfind(b"\r", 0, len(data) - 1)
        if cut < 0:
            held.append(data)
            continue
        cut += len(pending) + sum(map(len, held))
        data = b"".join([pending, *held, data])
        held.clear()
        pending = data[cut + 1 :]
        for line in _decode_lines(data[: cut + 1], final=False):
            if first:
                line = _lstrip_bom(line)
                first = False
            yield line
    pending = b"".join([pending, *held])
    if pending:
        for line in _decode_lines(pending, final=True):
            yield _lstrip_bom(line) if first else line
            first = False


def _peek(fh: IO[bytes], n: int) -> bytes:
    peek = getattr(fh, "peek", None)
    return bytes(peek(n)[:n]) if peek is not None else b""


def _lstrip_bom(line: str) -> str:
    stripped = line.lstrip("\ufeff")
    return RepairedLine(stripped) if isinstance(line, RepairedLine) else stripped


def _decode_lines(raw: bytes, *, final: bool) -> Iterator[str]:
    """Lines of a run of whole lines; UTF-8, else cp1252 line by line (marked repaired)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        parts = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        if not final:
            parts.pop()
        yield from (_decode_line(r) for r in parts)
        return
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not final:
        lines.pop()  # the run ends with a line break: nothing after it
    yield from lines


def text_lines(text: str) -> list[str]:
    """A string of hand-history text as a file's lines (line endings and BOM normalised)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
