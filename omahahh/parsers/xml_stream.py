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
from typing import BinaryIO
from xml.parsers import expat

WRAPPER = b"<omahahh-stream>"
"""Our own root: documents pasted one after another become siblings under it."""
MAX_HAND_BYTES = 16 << 20
"""A hand element larger than this is a broken file (an unclosed element), not a hand."""
TAIL_BYTES = 1 << 16
"""Bytes kept between hands: a start tag may span several fed lines."""
READ_LIMIT = 1 << 20
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


Line = tuple[str, int, bool]
"""(text without its line end, bytes repaired as cp1252, whether the physical line ends here)."""


def text_lines(lines: Iterable[str]) -> Iterator[Line]:
    """Decoded text lines (a string's, or a text reader's) as the stream's input."""
    for line in lines:
        yield line, 0, True


def decoded_lines(fh: BinaryIO) -> Iterator[Line]:
    """A binary file's lines with the bytes repaired on each, streamed.

    UTF-16 (by its BOM) is decoded as such; otherwise UTF-8 with cp1252 repair.
    A physical line longer than :data:`READ_LIMIT` comes in pieces, cut after an
    ASCII byte so that no character is split; only the last piece ends the line.
    """
    head = fh.read(4)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
        pending = decoder.decode(head)
        while data := fh.read(READ_LIMIT):
            pending += decoder.decode(data)
            *whole, pending = pending.split("\n")
            for line in whole:
                yield line.rstrip("\r").lstrip("\ufeff"), 0, True
        pending += decoder.decode(b"", final=True)
        if pending:
            yield pending.rstrip("\r").lstrip("\ufeff"), 0, True
        return
    carry = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    while True:
        chunk = fh.readline(READ_LIMIT)
        data = carry + chunk
        carry = b""
        if not data:
            return
        if data.endswith(b"\n") or not chunk:
            body = data[:-2] if data.endswith(b"\r\n") else data.removesuffix(b"\n")
            for part in body.split(b"\r"):  # old-Mac CR line ends
                text, repaired = repair_line(part)
                yield text, repaired, True
            continue
        cut = len(data)
        while cut > 0 and data[cut - 1] >= 0x80:
            cut -= 1
        if cut == 0:  # no ASCII byte at all in a megabyte: not a hand history
            cut = len(data)
        carry = data[cut:]
        text, repaired = repair_line(data[:cut])
        yield text, repaired, False


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
        self.line_repaired = 0  # the file line being fed, when bytes on it were repaired
        self.repairs: list[int] = []  # repaired lines of the kept element
        self.done: list[Piece] = []
        self.depth = 0
        self.feed(WRAPPER)

    # expat's callbacks
    def _line(self) -> int:
        return self.parser.CurrentLineNumber + self.line_offset

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        node = Node(tag, attrs, self._line())
        if self.building:
            self.building[-1].children.append(node)
            self.building.append(node)
        elif self.depth > 1 and (tag in self.spec.hands or tag in self.spec.contexts):
            self.building = [node]
            self.kept_is_hand = tag in self.spec.hands
            self.repairs = [self.line_repaired] if self.line_repaired else []
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
        self.note_repair()
        node.repaired = tuple(self.repairs)
        if not self.kept_is_hand:
            self.scopes[-1][tag] = node
            return
        context = self.context()
        repaired = sorted({n for c in context.values() for n in c.repaired} | set(self.repairs))
        self.done.append(
            Piece(
                start=node.line,
                lines=self.hand_text(self.parser.CurrentByteIndex),
                node=node,
                context=context,
                repaired=tuple(repaired),
            )
        )
        self.hand_start_byte = -1

    def _chars(self, data: str) -> None:
        if self.building:
            self.building[-1].text += data

    # helpers
    def note_repair(self) -> None:
        if self.building and self.line_repaired and self.line_repaired not in self.repairs:
            self.repairs.append(self.line_repaired)

    def context(self) -> dict[str, Node]:
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

    def feed(self, data: bytes) -> None:
        self.buffer += data
        self.parser.Parse(data, False)
        self.note_repair()
        if self.hand_start_byte >= 0:
            keep_from = self.hand_start_byte - self.base
        else:
            keep_from = max(0, len(self.buffer) - TAIL_BYTES)
        if keep_from > 0:
            del self.buffer[:keep_from]
            self.base += keep_from

    def in_hand(self) -> bool:
        return bool(self.building) and self.kept_is_hand

    def first_open(self) -> Node:
        return self.building[0]


def stream(lines: Iterable[Line], spec: Spec) -> Iterator[Piece]:
    """The hand pieces of a decoded stream of lines (:data:`Line`); see the module."""
    reader = _Reader(spec, 0, {})
    number = 0  # file line of the text being fed
    skipping = False
    line_start = True
    for text, repaired, complete in lines:
        if line_start:
            number += 1
        line_start = complete
        if skipping:
            m = spec.resync.search(text)
            if m is None:
                continue
            text = text[m.start() :]
            reader = _Reader(spec, number - 1, reader.context())
            skipping = False
        reader.line_repaired = number if repaired else 0
        data = prepare(text).encode("utf-8") + (b"\n" if complete else b"")
        start = reader.base + len(reader.buffer)  # expat's byte index of data[0]
        try:
            reader.feed(data)
        except expat.ExpatError as exc:
            yield from reader.done
            broken = _broken(reader, exc, number, text)
            if broken is not None:
                yield broken
            # Start again at the next hand, on this line if one starts after the error.
            at = reader.parser.ErrorByteIndex - start
            rest = data[at + 1 :].decode("utf-8", "ignore") if 0 <= at < len(data) else ""
            m = spec.resync.search(rest)
            if m is None:
                skipping = True
                continue
            reader = _Reader(spec, number - 1, reader.context())
            try:
                reader.feed(rest[m.start() :].encode("utf-8"))
            except expat.ExpatError:
                skipping = True
                continue
            yield from reader.done
            reader.done.clear()
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
            skipping = True
    if not skipping:
        yield from _finish(reader, number)


def _finish(reader: _Reader, last_line: int) -> Iterator[Piece]:
    # A document left open at the end (no </session>) is harmless between hands.
    with contextlib.suppress(expat.ExpatError):
        reader.feed(b"</omahahh-stream>")
    yield from reader.done
    if reader.in_hand():
        node = reader.first_open()
        lines = reader.hand_text()
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


def _broken(reader: _Reader, exc: expat.ExpatError, number: int, text: str) -> Piece | None:
    """The piece for broken XML: the hand it is in (from its start), else the line.

    A closing tag that matches nothing, between hands (``</ROOT>`` with no
    ``<ROOT>``, a fixture cut from a longer file), holds no hand: no piece.
    """
    line = (exc.lineno or 1) + reader.line_offset
    what = expat.errors.messages.get(exc.code, str(exc))
    message = f"not well-formed XML at line {line}, column {exc.offset}: {what}"
    if not reader.in_hand():
        if exc.code == expat.errors.codes[expat.errors.XML_ERROR_TAG_MISMATCH]:
            return None
        return Piece(start=number, lines=[text], error=("bad_xml", message, 0))
    node, inner = reader.first_open(), reader.building[-1]
    lines = reader.hand_text()
    where = f" (in <{inner.tag}> of line {inner.line})" if inner is not node else ""
    offset = min(max(0, line - node.line), len(lines) - 1)
    return Piece(
        start=node.line,
        lines=lines,
        error=("bad_xml", f"<{node.tag}> of line {node.line}: {message}{where}", offset),
    )
