"""Structured hand histories (XML) read as a stream: one hand element at a time.

A room's export may be one document of many gigabytes, several documents
pasted into one file (each with its own ``<?xml ...?>``), or hands with text
between them (Microgaming's ``----PRIMA.DAT----``). The reader feeds the file
to expat line by line under a wrapper element of its own, so all of these are
one stream; it keeps only the element being built, the open containers'
attributes and the last context elements (iPoker's session ``<general>``), and
the bytes of the current hand. Memory therefore depends on the largest hand,
never on the file.

Every hand element becomes a :class:`Piece`: its exact text, the file line it
starts on, its tree (:class:`Node`, each with its own line) and the context in
force. Broken XML becomes a piece with an error naming the line and the
element, and the reader starts again at the next hand (``Spec.resync``), so
one bad hand never loses the others.

Bytes that are not UTF-8 in a file that says it is (iPoker writes ``€`` as the
cp1252 byte 0x80) are read as cp1252, byte by byte (:func:`repair_line`), and
the lines where that happened travel with the piece so the hand can say so.
"""

from __future__ import annotations

import codecs
import contextlib
import html.entities
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO
from xml.parsers import expat

WRAPPER = b"<omahahh-stream>"
"""Our own root: documents pasted one after another become siblings under it."""
MAX_HAND_BYTES = 16 << 20
"""A hand element larger than this is a broken file (an unclosed element), not a hand."""
TAIL_BYTES = 1 << 16
"""Bytes kept between hands: a start tag may span several fed lines."""
READ_LIMIT = 1 << 20
BATCH_BYTES = 1 << 16
"""Bytes fed to expat per call: lines are gathered, not fed one at a time."""
"""Longest piece of a physical line fed at once (a file written on one line)."""

_DECLARATION_RE = re.compile(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>")
_ENTITY_RE = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = frozenset({"amp", "lt", "gt", "quot", "apos"})


def _html_entity(m: re.Match[str]) -> str:
    """``&pound;`` (HTML, undefined in XML: Boss Media names) as the character itself."""
    name = m.group(1)
    if name in _XML_ENTITIES or name not in html.entities.name2codepoint:
        return m.group()
    char = chr(html.entities.name2codepoint[name])
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}.get(char, char)


def prepare(text: str) -> str:
    """A line as expat is fed it: XML declarations and DOCTYPEs blanked out (a file may
    paste documents together), HTML entity names replaced by their characters."""
    if "<!" in text or "<?" in text:
        text = _DECLARATION_RE.sub(lambda m: " " * len(m.group().encode()), text)
    if "&" in text:
        text = _ENTITY_RE.sub(_html_entity, text)
    return text


@dataclass(slots=True, eq=False)
class Node:
    """One element: tag, attributes, children, text, and the file line of its start tag."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""
    repaired: tuple[int, ...] = ()
    """File lines inside this element whose bytes were read as cp1252 (kept elements)."""

    def get(self, name: str, default: str = "") -> str:
        return self.attrs.get(name, default)

    def first(self, tag: str) -> Node | None:
        """The first child named ``tag``."""
        return next((c for c in self.children if c.tag == tag), None)

    def named(self, tag: str) -> list[Node]:
        """The children named ``tag``, in order."""
        return [c for c in self.children if c.tag == tag]

    def walk(self) -> Iterator[Node]:
        """This node and every descendant, in document order."""
        yield self
        for c in self.children:
            yield from c.walk()

    def child_text(self, tag: str) -> str | None:
        found = self.first(tag)
        return found.text.strip() if found is not None else None


@dataclass(frozen=True, slots=True)
class Spec:
    """Which elements of a room's documents are hands and which are their context."""

    hands: frozenset[str]
    """Tags of hand elements: each one is built whole and becomes a piece."""
    contexts: frozenset[str] = frozenset()
    """Tags (outside hands) kept whole as context of the hands after them."""
    resync: re.Pattern[str] = re.compile(r"$^")
    """Where reading starts again after broken XML: a hand's or a document's start."""


@dataclass(slots=True)
class Piece:
    """One hand element as read: text lines, first line, tree, context, or an error."""

    start: int
    lines: list[str]
    node: Node | None = None
    context: dict[str, Node] = field(default_factory=dict)
    repaired: tuple[int, ...] = ()
    """File lines (of the hand or of its context) whose bytes were read as cp1252."""
    error: tuple[str, str, int] | None = None
    """(reason code, message, 0-based line offset in ``lines``) when it cannot be read."""


def repair_line(raw: bytes) -> tuple[str, int]:
    """UTF-8 text, every byte that is not UTF-8 read as cp1252: (text, bytes repaired).

    >>> repair_line(b"PL \\x80" + "2/€4".encode())
    ('PL €2/€4', 1)
    """
    try:
        return raw.decode("utf-8"), 0
    except UnicodeDecodeError:
        pass
    parts: list[str] = []
    repaired = 0
    rest = raw
    while rest:
        try:
            parts.append(rest.decode("utf-8"))
            break
        except UnicodeDecodeError as exc:
            parts.append(rest[: exc.start].decode("utf-8"))
            parts.append(rest[exc.start : exc.start + 1].decode("cp1252", errors="replace"))
            repaired += 1
            rest = rest[exc.start + 1 :]
    return "".join(parts), repaired


Chunk = tuple[str, tuple[int, ...]]
"""Decoded text (whole lines, each ending in a line feed, but for a file's last line or a
piece of a very long one) and the offsets, from its first line, of lines whose bytes
were repaired."""


def text_chunks(lines: Iterable[str]) -> Iterator[Chunk]:
    """Decoded text lines (a string's) as the stream's input, about 64 KiB at a time."""
    batch: list[str] = []
    size = 0
    for line in lines:
        batch.append(line)
        size += len(line) + 1
        if size >= BATCH_BYTES:
            yield "\n".join(batch) + "\n", ()
            batch, size = [], 0
    if batch:
        yield "\n".join(batch) + "\n", ()


def decoded_chunks(fh: IO[bytes]) -> Iterator[Chunk]:
    """A binary file's text, about a megabyte at a time, line ends made line feeds.

    UTF-16 (by its BOM) is decoded as such; otherwise UTF-8, and a line that is not
    valid UTF-8 has its bad bytes read as cp1252 (:func:`repair_line`). A physical
    line longer than :data:`READ_LIMIT` is cut after an ASCII byte, so no character
    is split.
    """
    head = fh.read(4)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
        text = decoder.decode(head)
        while data := fh.read(READ_LIMIT):
            text += decoder.decode(data)
            cut = text.rfind("\n") + 1
            if cut:
                yield _newlines(text[:cut]).lstrip("\ufeff"), ()
                text = text[cut:]
        text += decoder.decode(b"", final=True)
        if text:
            yield _newlines(text).lstrip("\ufeff"), ()
        return
    carry = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    while True:
        data = fh.read(READ_LIMIT)
        raw = carry + data
        if not data:
            if raw:
                yield _decode(raw)
            return
        cut = raw.rfind(b"\n") + 1 or raw.rfind(b"\r", 0, len(raw) - 1) + 1
        if not cut and len(raw) >= READ_LIMIT:  # one very long line: cut after ASCII
            cut = len(raw)
            while cut > 0 and raw[cut - 1] >= 0x80:
                cut -= 1
            cut = cut or len(raw)
        raw, carry = raw[:cut], raw[cut:]
        if raw:
            yield _decode(raw)


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _decode(raw: bytes) -> Chunk:
    """Bytes of whole lines to text; the lines not valid UTF-8 repaired one by one."""
    if b"\r" in raw:
        raw = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    try:
        return raw.decode("utf-8"), ()
    except UnicodeDecodeError:
        pass
    lines = []
    repaired = []
    for i, part in enumerate(raw.split(b"\n")):
        text, n = repair_line(part)
        lines.append(text)
        if n:
            repaired.append(i)
    return "\n".join(lines), tuple(repaired)


class _Reader:
    """One expat parser over the stream; replaced after broken XML (see :func:`stream`)."""

    def __init__(self, spec: Spec, line_offset: int, sticky: dict[str, Node]) -> None:
        self.spec = spec
        self.line_offset = line_offset
        self.parser = expat.ParserCreate(encoding="utf-8")
        self.parser.buffer_text = True
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._chars
        self.buffer = bytearray()
        self.base = 0  # expat's byte index of buffer[0]
        self.scopes: list[dict[str, Node]] = [dict(sticky)]
        self.building: list[Node] = []  # the kept element being built, outermost first
        self.kept_is_hand = False
        self.hand_start_byte = -1
        self.repaired: list[int] = []  # repaired file lines fed that a kept element may hold
        self.done: list[Piece] = []
        self.depth = 0
        self.feed(WRAPPER)

    # expat's callbacks
    def _line(self) -> int:
        return self.parser.CurrentLineNumber + self.line_offset

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        node = Node(tag, attrs, self.parser.CurrentLineNumber + self.line_offset)
        if self.building:
            self.building[-1].children.append(node)
            self.building.append(node)
        elif self.depth > 1 and (tag in self.spec.hands or tag in self.spec.contexts):
            self.building = [node]
            self.kept_is_hand = tag in self.spec.hands
            if self.kept_is_hand:
                self.hand_start_byte = self.parser.CurrentByteIndex
        else:
            self.scopes[-1][tag] = node  # a container: its attributes are context
            self.scopes.append({})

    def _end(self, tag: str) -> None:
        self.depth -= 1
        if len(self.building) > 1:
            self.building.pop()
            return
        if not self.building:
            if len(self.scopes) > 1:
                self.scopes.pop()
            return
        node = self.building.pop()
        if self.repaired:
            last = self._line()
            node.repaired = tuple(n for n in self.repaired if node.line <= n <= last)
        if not self.kept_is_hand:
            self.scopes[-1][tag] = node
            return
        context = self.context()
        repaired = node.repaired
        if any(c.repaired for c in context.values()):
            repaired = tuple(
                sorted({n for c in context.values() for n in c.repaired} | set(repaired))
            )
        self.done.append(
            Piece(
                start=node.line,
                lines=self.hand_text(self.parser.CurrentByteIndex),
                node=node,
                context=context,
                repaired=repaired,
            )
        )
        self.hand_start_byte = -1

    def _chars(self, data: str) -> None:
        if self.building:
            self.building[-1].text += data

    # helpers
    def context(self) -> dict[str, Node]:
        if len(self.scopes) == 1:
            return dict(self.scopes[0])
        merged: dict[str, Node] = {}
        for scope in self.scopes:
            merged.update(scope)
        return merged

    def hand_text(self, end_index: int | None = None) -> list[str]:
        """The current hand's text: to the ``>`` after ``end_index``, else all fed so far."""
        start = self.hand_start_byte - self.base
        if end_index is None:
            raw = bytes(self.buffer[start:])
        else:
            close = self.buffer.find(b">", end_index - self.base)
            raw = bytes(self.buffer[start : close + 1 if close >= 0 else len(self.buffer)])
        return raw.decode("utf-8", errors="replace").rstrip("\n").split("\n")

    def position(self) -> int:
        """expat's byte index of the next byte fed."""
        return self.base + len(self.buffer)

    def feed(self, data: bytes, repaired: list[int] | None = None) -> None:
        if repaired:
            self.repaired.extend(repaired)
        self.buffer += data
        self.parser.Parse(data, False)
        if self.hand_start_byte >= 0:
            keep_from = self.hand_start_byte - self.base
        else:
            keep_from = max(0, len(self.buffer) - TAIL_BYTES)
        if keep_from > 0:
            del self.buffer[:keep_from]
            self.base += keep_from
        if self.repaired:  # forget repairs no element still open can hold
            oldest = self.building[0].line if self.building else self._line()
            self.repaired = [n for n in self.repaired if n >= oldest]

    def in_hand(self) -> bool:
        return bool(self.building) and self.kept_is_hand

    def first_open(self) -> Node:
        return self.building[0]


class _Stream:
    """The loop of :func:`stream`: batches fed to a reader, a new reader after broken XML."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.reader = _Reader(spec, 0, {})
        self.skipping = False
        self.last_line = 0

    def feed(self, data: bytes, repaired: list[int], first_line: int) -> Iterator[Piece]:
        """Feed ``data`` (whole lines from file line ``first_line``), resyncing after errors."""
        while data:
            reader = self.reader
            start = reader.position()
            try:
                reader.feed(data, repaired)
            except expat.ExpatError as exc:
                yield from reader.done
                at = reader.parser.ErrorByteIndex - start
                at = min(max(at, 0), len(data))
                line = (exc.lineno or 1) + reader.line_offset
                broken = _broken(reader, exc, line, _line_text(data, first_line, line))
                if broken is not None:
                    yield broken
                # Start again at the next hand, on this line if one starts after the error.
                rest = data[at + 1 :].decode("utf-8", "ignore")
                m = self.spec.resync.search(rest)
                if m is None:
                    self.skipping = True
                    return
                line_at = line + rest.count("\n", 0, m.start())
                self.reader = _Reader(self.spec, line_at - 1, reader.context())
                data = rest[m.start() :].encode("utf-8")
                repaired = [n for n in repaired if n >= line_at]
                first_line = line_at
                continue
            yield from reader.done
            reader.done.clear()
            if reader.in_hand() and len(reader.buffer) > MAX_HAND_BYTES:
                node = reader.first_open()
                yield Piece(
                    start=node.line,
                    lines=reader.hand_text()[:1],
                    error=(
                        "hand_too_large",
                        f"<{node.tag}> opened at line {node.line} is still open after "
                        f"{MAX_HAND_BYTES >> 20} MiB: an element is never closed",
                        0,
                    ),
                )
                self.skipping = True
            return


def _line_text(data: bytes, first_line: int, line: int) -> str:
    lines = data.decode("utf-8", "replace").split("\n")
    index = line - first_line
    return lines[index] if 0 <= index < len(lines) else ""


def stream(chunks: Iterable[Chunk], spec: Spec) -> Iterator[Piece]:
    """The hand pieces of decoded text (:data:`Chunk` after chunk); see the module."""
    state = _Stream(spec)
    line = 1  # file line where the next chunk starts
    ends_line = True
    for text, repaired in chunks:
        if text:
            ends_line = text.endswith("\n")
        lines_in = text.count("\n")
        if state.skipping:
            m = spec.resync.search(text)
            if m is None:
                line += lines_in
                continue
            skipped = text.count("\n", 0, m.start())
            text = text[m.start() :]
            repaired = tuple(r - skipped for r in repaired if r >= skipped)
            line += skipped
            lines_in -= skipped
            state.reader = _Reader(spec, line - 1, state.reader.context())
            state.skipping = False
        data = prepare(text).encode("utf-8")
        yield from state.feed(data, [line + r for r in repaired], line)
        line += lines_in
    if not state.skipping:
        yield from _finish(state.reader, line - 1 if ends_line else line)


def _finish(reader: _Reader, last_line: int) -> Iterator[Piece]:
    # The hand's text as the file ends, before the wrapper's closing tag is fed (a
    # truncated hand's excerpt is its own last line, never the wrapper).
    open_text = reader.hand_text() if reader.in_hand() else []
    # A document left open at the end (no </session>) is harmless between hands.
    with contextlib.suppress(expat.ExpatError):
        reader.feed(b"</omahahh-stream>")
    yield from reader.done
    if reader.in_hand():
        node = reader.first_open()
        lines = open_text or reader.hand_text()
        yield Piece(
            start=node.line,
            lines=lines,
            error=(
                "truncated",
                f"<{node.tag}> opened at line {node.line} is not closed: the file ends "
                f"at line {last_line}",
                len(lines) - 1,
            ),
        )


def _broken(reader: _Reader, exc: expat.ExpatError, line: int, text: str) -> Piece | None:
    """The piece for broken XML: the hand it is in (from its start), else the line.

    A closing tag that matches nothing, between hands (``</ROOT>`` with no
    ``<ROOT>``, a fixture cut from a longer file), holds no hand: no piece.
    """
    what = expat.errors.messages.get(exc.code, str(exc))
    message = f"not well-formed XML at line {line}, column {exc.offset}: {what}"
    if not reader.in_hand():
        if exc.code == expat.errors.codes[expat.errors.XML_ERROR_TAG_MISMATCH]:
            return None
        return Piece(start=line, lines=[text], error=("bad_xml", message, 0))
    node, inner = reader.first_open(), reader.building[-1]
    lines = reader.hand_text()
    where = f" (in <{inner.tag}> of line {inner.line})" if inner is not node else ""
    offset = min(max(0, line - node.line), len(lines) - 1)
    lines = lines[: offset + 1]  # the batch fed may run past the broken line
    return Piece(
        start=node.line,
        lines=lines,
        error=("bad_xml", f"<{node.tag}> of line {node.line}: {message}{where}", offset),
    )
