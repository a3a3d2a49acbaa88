"""What one hand-history format tells the registry, and how a block becomes a record or a failure.

A :class:`Format` is declared by the format's own module (``FORMAT = Format(...)``)
and listed once in :data:`omahahh.parsers.registry.FORMATS`; see that module for
how to add a room. :func:`parse_or_fail` is the one place where a parser's
exception becomes a failure row (file:line + reason code), for every format.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from omahahh.errors import HandParseError
from omahahh.hand_tables import ShowTable, SummarySeatTable, as_table
from omahahh.model import HandRecord, ParseFailure, Site
from omahahh.parsers.context import ParseContext
from omahahh.parsers.sources import Block
from omahahh.rooms.conventions import conventions

TEXT_SUFFIXES = (".txt", ".log", ".hh")
"""Files a text format's hands live in (what a folder is searched for)."""

EXCERPT_CHARS = 200

RESULT_SECTION_STARTS = (
    "*** SUMMARY ***",
    "** Summary **",
    "------ Summary ------",
    "Summary:",
    "End of Hand",
    "Game ended",
)
"""Lines that open a hand's result section in the rooms that print one. A hand that
states no award, no total and has none of these lines was cut off before its result
(a partial export, a file cut short): ``truncated``, never a complete hand with
nothing won. With one of them, a room may still print no award (888poker's
``did not show his hand`` and nothing more): the audit judges that."""


def key_from_header(site: Site, first_line: str) -> str | None:
    """``site:id`` from the ``#id`` of a header line, for a hand that failed to parse.

    >>> key_from_header(Site.WINAMAX, 'Winamax Poker - CashGame - HandId: #9247976-232-1 - x')
    'winamax:9247976-232-1'
    """
    hash_at = first_line.find("#")
    if hash_at < 0:
        return None
    digits = ""
    for ch in first_line[hash_at + 1 :]:
        if ch.isalnum() or ch == "-":  # Winamax ids: 9247976-232-1478874498
            digits += ch
        else:
            break
    return f"{site.value}:{digits}" if digits else None


@dataclass(frozen=True, slots=True)
class Format:
    """One format: how to recognise it, split its files, key and parse its hands.

    Text formats (one file holds many hands, each starting at a header line)
    give ``header`` and ``block_start`` and use the shared splitter. Whole-file
    formats give ``sniff`` (PHH, by name) or ``sniff_head`` (XML/JSON, by content)
    and ``split``, and ``read`` when they stream a file themselves.
    """

    name: str
    site: Site
    parse: Callable[[Block, ParseContext], HandRecord]
    """A block to a record; raises :class:`HandParseError` for text it cannot take."""
    header: Callable[[str], bool] = lambda first_line: False
    """Strict: is this a block's first line in this format (not a look-alike client)?"""
    block_start: str = ""
    """Regex (matched at a line's start) where the text splitter starts a new block.

    Broader than ``header`` on purpose: a damaged or foreign header still
    starts its own block, which detection then rejects as a failure row.
    """
    hashless_start: str = ""
    """The opening words of a header that carries no ``#`` (WPN's old ``Game started
    at:``). The splitter tests each line for a ``#`` first, as every other header has
    one, then for these words, before running the header regex."""
    lead_in: str = ""
    """Regex of a line some exports print just before the header, in the same block
    (888poker's and PartyPoker's ``#Game No : 4687559040``): the splitter keeps the
    two together and detection reads the line after it."""
    between_hands: str = ""
    """Regex of a line a room prints between hands that belongs to none (PartyPoker's
    ``Game #N starts.``, written as the next game starts, before its history): the
    splitter ends the block before it and drops the line."""
    sniff: Callable[[str], bool] | None = None
    """Whole-file formats: does the file at this path belong to the format (by its name)?"""
    split: Callable[[str, list[str]], list[Block]] | None = None
    """Whole-file formats: a file's lines to one block per hand."""
    sniff_head: Callable[[str], bool] | None = None
    """Whole-file formats known by content (XML, JSON): is this text the start of such a file?"""
    read: Callable[[str, str], Iterator[Block]] | None = None
    """Whole-file formats that stream a file themselves: (path to read, path to record) to
    blocks, never holding the whole file (a multi-GB XML export)."""
    hand_key: Callable[[Block], str | None] | None = None
    """The hand key of a block that failed to parse; default: ``#id`` of its first line."""
    blank_runs_inside: bool = False
    """Hands hold runs of blank lines, so only the next header ends one (else two
    blank lines end a block)."""
    suffixes: tuple[str, ...] = TEXT_SUFFIXES
    error_code: str = "parser_error"
    """Reason code of a parser bug (an unexpected exception) on this format's text."""

    @property
    def whole_file(self) -> bool:
        return self.sniff is not None or self.sniff_head is not None

    def key_of(self, block: Block) -> str | None:
        if self.hand_key is not None:
            return self.hand_key(block)
        return key_from_header(self.site, block.lines[0]) if block.lines else None


def failure(
    block: Block,
    code: str,
    reason: str,
    offset: int,
    excerpt: str,
    *,
    fmt: Format | None = None,
) -> ParseFailure:
    """A failure row for ``block``, located at its line ``offset`` (0-based)."""
    line_text = block.lines[offset] if 0 <= offset < len(block.lines) else excerpt
    return ParseFailure(
        source_path=block.path,
        source_line=block.line + offset,
        reason_code=code,
        reason=f"{block.path}:{block.line + offset}: {reason}",
        excerpt=(line_text or excerpt)[:EXCERPT_CHARS],
        hand_key=fmt.key_of(block) if fmt is not None else None,
        text_hash=block.text_hash(),
    )


def _states_a_result(record: HandRecord, block: Block, fmt: Format) -> bool:
    """Does the hand state its result (an award, a total, a summary), or is it cancelled,
    or in a format that never prints one (PHH)? See :data:`RESULT_SECTION_STARTS`."""
    if record.collections or record.total_pot_reported is not None or record.cancelled:
        return True  # nearly every hand: answered without a scan
    if not conventions(fmt.site).prints_awards:
        return True
    if any(won for won in as_table(SummarySeatTable, record.summary_seats).won):
        return True
    if len(set(as_table(ShowTable, record.shows).players)) > 1:
        return False  # a showdown with no award: the lines that pay it are missing
    return any(line.startswith(RESULT_SECTION_STARTS) for line in block.lines)


def parse_or_fail(fmt: Format, block: Block, context: ParseContext) -> HandRecord | ParseFailure:
    """``fmt`` parses ``block``; any problem becomes a :class:`ParseFailure`, never an exception."""
    try:
        record = fmt.parse(block, context)
        if not _states_a_result(record, block, fmt):
            last = len(block.lines) - 1
            why = "the hand ends before its result: no award, total or summary is printed"
            return failure(block, "truncated", why, last, block.lines[-1], fmt=fmt)
        if block.repaired:
            lines = tuple(block.line + offset for offset in block.repaired)
            record = dataclasses.replace(record, repaired_lines=lines)
        return record
    except HandParseError as exc:
        return failure(block, exc.reason_code, exc.message, exc.line_offset, exc.excerpt, fmt=fmt)
    except (ValueError, TypeError, IndexError, KeyError) as exc:  # a bug must not lose the hand
        first = block.lines[0] if block.lines else ""
        return failure(block, fmt.error_code, f"{type(exc).__name__}: {exc}", 0, first, fmt=fmt)
