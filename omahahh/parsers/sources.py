"""Input sources: paths, folders and globs to hand-text blocks.

Files are read one at a time and line by line, so memory does not grow with
the number or size of inputs. Encodings: UTF-8 with or without BOM, UTF-16
(BOM or NUL pattern), else cp1252 line by line. Line endings LF, CRLF, CR and
mixtures are all normalised.

A *block* is the text of one hand as the file holds it: it starts at a line
that a site parser recognises as a header, or after two or more blank lines
(so that stray text becomes its own block and a failure row, never part of a
neighbouring hand).
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from omahahh.errors import SourceError

# The first line of a hand, for every format we split on. Kept broad: a
# look-alike (PokerMaster, Run It Once) is split here and rejected by detection.
HEADER_RE = re.compile(
    r"^(?:\ufeff)?(?:PokerStars |Poker Hand #|Winamax Poker |[A-Za-z0-9 ]{1,30} Hand #\d)"
)

HAND_FILE_SUFFIXES = (".txt", ".phh", ".phhs", ".log", ".hh")
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


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Files named, files below folders (recursive, sorted) and glob matches.

    Raises :class:`SourceError` for a path that names nothing.
    """
    for raw in paths:
        text = os.fspath(raw)
        p = Path(text)
        if p.is_file():
            yield p
        elif p.is_dir():
            for root, dirs, names in os.walk(p):
                dirs.sort()
                for name in sorted(names):
                    if not name.startswith(".") and name.lower().endswith(HAND_FILE_SUFFIXES):
                        yield Path(root) / name
        elif glob.has_magic(text):
            found = sorted(glob.glob(text, recursive=True))
            matched = [Path(m) for m in found if Path(m).is_file()]
            if not matched:
                raise SourceError(f"{text}: no file matches this pattern")
            yield from matched
        else:
            raise SourceError(f"{text}: no such file or folder")


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


def split_blocks(path: str, lines: Iterable[str]) -> Iterator[Block]:
    """Cut a file's lines into hand blocks (see the module docstring)."""
    current: list[str] = []
    start = 0
    blanks = 0
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped:
            blanks += 1
            if current:
                current.append("")
            continue
        # Every header shape has a "#" (hand number): a cheap test before the regex.
        is_header = "#" in line and HEADER_RE.match(line) is not None
        if current and (is_header or blanks >= 2):
            yield _finish(path, start, current)
            current = []
        if not current:
            start = number
            line = line.lstrip("\ufeff")
        current.append(line.rstrip())
        blanks = 0
    if current:
        yield _finish(path, start, current)


def _finish(path: str, start: int, lines: list[str]) -> Block:
    while lines and not lines[-1]:
        lines.pop()
    return Block(path=path, line=start, lines=tuple(lines))


def iter_blocks(path: str | os.PathLike[str]) -> Iterator[Block]:
    """Blocks of one file, streamed."""
    p = os.fspath(path)
    return split_blocks(p, read_lines(p))
