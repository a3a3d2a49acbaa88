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

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass

READ_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class Block:
    """One hand's text: its file, its first line (1-based) and its lines."""

    path: str
    line: int
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def text_hash(self) -> str:
        """A digest of the normalised text: identical copies of a hand share it."""
        return hashlib.blake2b(self.text.encode("utf-8"), digest_size=12).hexdigest()


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
        return raw.decode("cp1252", errors="replace")


def read_lines(path: str | os.PathLike[str]) -> Iterator[str]:
    """The file's lines, decoded, without line endings or BOM, streamed."""
    with open(path, "rb") as fh:
        head = fh.read(4)
        fh.seek(0)
        utf16 = _sniff_utf16(head)
        if utf16 is not None:
            with open(path, encoding=utf16, errors="replace", newline=None) as text:
                first = True
                for line in text:
                    if first:
                        line = line.lstrip("\ufeff")
                        first = False
                    yield line.rstrip("\n")
            return
        pending = b""
        first = True
        while data := fh.read(READ_CHUNK):
            data = pending + data
            # Cut after the last complete line. A CR-only (old Mac) run cuts at a CR,
            # but not a final one: it may be the first half of a CRLF.
            cut = data.rfind(b"\n")
            if cut < 0:
                cut = data.rfind(b"\r", 0, len(data) - 1)
            if cut < 0:
                pending = data
                continue
            pending = data[cut + 1 :]
            for line in _decode_lines(data[: cut + 1], final=False):
                if first:
                    line = line.lstrip("\ufeff")
                    first = False
                yield line
        if pending:
            for line in _decode_lines(pending, final=True):
                yield line.lstrip("\ufeff") if first else line
                first = False


def _decode_lines(raw: bytes, *, final: bool) -> Iterator[str]:
    """Lines of a run of whole lines; UTF-8, else cp1252 line by line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = "\n".join(
            _decode_line(r) for r in raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        )
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not final:
        lines.pop()  # the run ends with a line break: nothing after it
    yield from lines


def text_lines(text: str) -> list[str]:
    """A string of hand-history text as a file's lines (line endings and BOM normalised)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
