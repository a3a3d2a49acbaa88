"""Whole-file structured formats (XML, JSON): their blocks, their Format, their money.

A structured export is read as a stream of hand elements (:mod:`.xml_stream`,
or :mod:`.igt` for JSON), each of which becomes a :class:`DocBlock`: the hand's
exact text and first line like any block, plus the tree already read and the
context it came with (iPoker's session header), so the hand is parsed once.

:func:`document_format` makes the :class:`~omahahh.parsers.format.Format` of
such a room: recognised by the start of a file's content (``sniff_head``), read
by ``read`` from a path (bytes, so that cp1252 bytes can be repaired one by
one) or by ``split`` from text already decoded.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from omahahh.errors import HandParseError, MoneyError
from omahahh.model import HandRecord, Site
from omahahh.money import to_minor
from omahahh.parsers.context import ParseContext
from omahahh.parsers.format import Format
from omahahh.parsers.sources import Block, open_binary
from omahahh.parsers.xml_stream import (
    Chunk,
    Node,
    Piece,
    Spec,
    decoded_chunks,
    stream,
    text_chunks,
)


@dataclass(frozen=True, slots=True)
class DocBlock(Block):
    """A hand of a structured file: its text and place, and what the stream read."""

    format_name: str = ""
    node: Node | None = None
    context: Mapping[str, Node] = field(default_factory=dict)
    repaired_lines: tuple[int, ...] = ()
    """File lines (the hand's, or its context's) whose bytes were read as cp1252."""
    error: tuple[str, str, int] | None = None
    """(reason code, message, line offset) when the stream could not read the hand."""

    def offset(self, node: Node) -> int:
        """``node``'s line as an offset into the hand's lines (0 for a node before them)."""
        return min(max(0, node.line - self.line), max(0, len(self.lines) - 1))

    def fail(self, code: str, message: str, node: Node | None = None) -> HandParseError:
        """A parse error located at ``node``'s line (else the hand's first line)."""
        offset = self.offset(node) if node is not None else 0
        excerpt = self.lines[offset] if self.lines else ""
        return HandParseError(code, message, offset, excerpt.strip())


Build = Callable[[DocBlock, ParseContext], HandRecord]


def blocks_of_pieces(path: str, name: str, pieces: Iterable[Piece]) -> Iterator[DocBlock]:
    for p in pieces:
        yield DocBlock(
            path=path,
            line=p.start,
            lines=tuple(p.lines),
            format_name=name,
            node=p.node,
            context=p.context,
            repaired_lines=p.repaired,
            error=p.error,
        )


def document_format(
    *,
    name: str,
    site: Site,
    spec: Spec,
    build: Build,
    sniff_head: Callable[[str], bool],
    key_re: re.Pattern[str],
    suffixes: tuple[str, ...] = (".xml",),
) -> Format:
    """The Format of an XML room whose hand elements ``spec`` names, built by ``build``."""

    def pieces(chunks: Iterable[Chunk]) -> Iterator[Piece]:
        return stream(chunks, spec)

    def read(path: str, recorded: str) -> Iterator[Block]:
        with open_binary(path) as fh:  # compressed files and zip members too
            yield from blocks_of_pieces(recorded, name, pieces(decoded_chunks(fh)))

    def split(path: str, lines: list[str]) -> list[Block]:
        return list(blocks_of_pieces(path, name, pieces(text_chunks(lines))))

    def parse(block: Block, context: ParseContext) -> HandRecord:
        doc = block if isinstance(block, DocBlock) else _restream(block, name, pieces)
        if doc.error is not None:
            code, message, offset = doc.error
            excerpt = doc.lines[offset] if 0 <= offset < len(doc.lines) else ""
            raise HandParseError(code, message, offset, excerpt.strip())
        record = build(doc, context)
        if doc.repaired_lines:  # the audit's decoding_repaired finding, one per line
            record = dataclasses.replace(record, repaired_lines=doc.repaired_lines)
        return record

    def hand_key(block: Block) -> str | None:
        m = key_re.search(block.lines[0]) if block.lines else None
        return f"{site.value}:{m.group(1)}" if m else None

    return Format(
        name=name,
        site=site,
        parse=parse,
        split=split,
        read=read,
        sniff_head=sniff_head,
        hand_key=hand_key,
        suffixes=suffixes,
        error_code="bad_" + name,
    )


def _restream(
    block: Block, name: str, pieces: Callable[[Iterable[Chunk]], Iterator[Piece]]
) -> DocBlock:
    """A plain block of a structured format (text given directly): read it again."""
    found = list(blocks_of_pieces(block.path, name, pieces(text_chunks(block.lines))))
    if len(found) != 1:
        raise HandParseError("bad_" + name, f"expected one hand element, found {len(found)}", 0)
    doc = found[0]
    shift = block.line - 1
    return DocBlock(
        path=block.path,
        line=doc.line + shift,
        lines=doc.lines,
        format_name=name,
        node=doc.node,
        context=doc.context,
        error=doc.error,
    )


# Money as structured exports print it: "€301,49", "$55,756.00", "1 480", "0.25", "SEK 1 800",
# "1,000kr" (SEK), "0,50€", and the euro and pound of UTF-8 text read as cp1252 ("â‚¬0.50",
# "Â£2": fpdb's iPoker ``LS`` lists them). Only currency symbols, ISO codes and spaces go;
# anything else stays and makes the amount unreadable (a literal "\\x80" before "12" must
# not read as 8,012).
_SYMBOLS_RE = re.compile(r"â‚¬|Â£|kr\b|[€$£¥₹\s\u00a0\u202f]|\b[A-Z]{3}\b")
_FIGURE_RE = re.compile(r"-?[\d.,]*\d[\d.,]*")
_DECIMAL_COMMA_RE = re.compile(r",\d{1,2}$")
_DECIMAL_POINT_RE = re.compile(r"\.\d{1,2}$")
_SIMPLE_RE = re.compile(r"(?P<whole>\d+)(?P<mark>[.,])(?P<cents>\d{1,2})")


def bare_amount(text: str) -> str:
    """The figure without currency symbols, codes and spaces: ``"€1 480,50"`` -> ``"1480,50"``.

    >>> bare_amount("1,000kr"), bare_amount("â‚¬0.50"), bare_amount("SEK 1 800")
    ('1,000', '0.50', '1800')
    """
    return _SYMBOLS_RE.sub("", text)


def decimal_mark(texts: Iterable[str]) -> str | None:
    """The decimal separator the amounts of one hand use, when any amount shows it.

    >>> decimal_mark(["€4", "€301,49"]), decimal_mark(["$55,756.00"]), decimal_mark(["€1,000"])
    (',', '.', None)
    """
    point = False
    for text in texts:
        bare = bare_amount(text)
        if _DECIMAL_COMMA_RE.search(bare):
            return ","
        if _DECIMAL_POINT_RE.search(bare):
            point = True
    return "." if point else None


def read_amount(text: str, unit: int, mark: str | None) -> int:
    """An amount in minor units; ``mark`` is the hand's decimal separator (:func:`decimal_mark`).

    The other separator, and spaces, group thousands. With no known mark, a
    separator followed by exactly three digits groups thousands and any other
    is the decimal point.

    >>> read_amount("€301,49", 100, ","), read_amount("€1,013.50", 100, ".")
    (30149, 101350)
    >>> read_amount("1 480", 1, None), read_amount("€1,000", 100, None)
    (1480, 100000)
    """
    bare = bare_amount(text)
    if bare.isdigit():
        return int(bare) * unit
    if _FIGURE_RE.fullmatch(bare) is None:
        raise MoneyError(f"not an amount: {text!r}")
    fast = _SIMPLE_RE.fullmatch(bare)
    if fast is not None and (mark is None or fast["mark"] == mark) and unit == 100:
        return int(fast["whole"]) * 100 + int(fast["cents"].ljust(2, "0"))
    if mark is None:
        last = max(bare.rfind(","), bare.rfind("."))
        decimal = None if last < 0 or len(bare) - last - 1 == 3 else bare[last]
        mark = decimal or ("," if "." in bare else ".")
    grouping = "." if mark == "," else ","
    cleaned = bare.replace(grouping, "").replace(mark, ".")
    return to_minor(cleaned, unit, thousands="")
