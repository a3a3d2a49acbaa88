"""Site parsers and the dispatcher that picks one per hand block.

Each site module offers ``matches(first_line) -> bool`` and
``parse(block, context) -> HandRecord`` (raising :class:`HandParseError`).
Detection is per block, so one file or folder may mix rooms; a block no
parser recognises becomes an ``unknown_format`` failure row. PHH files are
TOML, not line blocks: :mod:`omahahh.parsers.phh` reads them whole (by suffix).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from omahahh.errors import HandParseError
from omahahh.model import HandRecord, ParseFailure, Site
from omahahh.parsers import ggpoker, pokerstars, winamax
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.sources import Block


@dataclass(frozen=True, slots=True)
class SiteParser:
    site: Site
    matches: Callable[[str], bool]
    parse: Callable[[Block, ParseContext], HandRecord]


def _pokerstars(block: Block, context: ParseContext) -> HandRecord:
    return pokerstars.parse(block)  # Stars prints its zone: no context needed


PARSERS: tuple[SiteParser, ...] = (
    SiteParser(Site.POKERSTARS, pokerstars.matches, _pokerstars),
    SiteParser(Site.GGPOKER, ggpoker.matches, ggpoker.parse),
    SiteParser(Site.WINAMAX, winamax.matches, winamax.parse),
)

EXCERPT_CHARS = 200


def detect(first_line: str) -> SiteParser | None:
    """The parser for a block whose first line is ``first_line``, if any."""
    for parser in PARSERS:
        if parser.matches(first_line):
            return parser
    return None


def parse_block(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord | ParseFailure:
    """Parse one block; any problem becomes a :class:`ParseFailure`, never an exception."""
    parser = detect(block.lines[0]) if block.lines else None
    if parser is None:
        return failure(
            block,
            "unknown_format",
            "no parser recognises this text",
            0,
            block.lines[0] if block.lines else "",
        )
    try:
        return parser.parse(block, context)
    except HandParseError as exc:
        return failure(
            block, exc.reason_code, exc.message, exc.line_offset, exc.excerpt, site=parser.site
        )
    except (ValueError, IndexError, KeyError) as exc:  # a parser bug must not lose the hand
        return failure(
            block,
            "parser_error",
            f"{type(exc).__name__}: {exc}",
            0,
            block.lines[0],
            site=parser.site,
        )


def failure(
    block: Block,
    code: str,
    reason: str,
    offset: int,
    excerpt: str,
    *,
    site: Site | None = None,
) -> ParseFailure:
    """A failure row for ``block``, located at its line ``offset`` (0-based)."""
    hand_key = None
    if site is not None:
        hand_key = _hand_key_guess(site, block.lines[0])
    line_text = block.lines[offset] if 0 <= offset < len(block.lines) else excerpt
    return ParseFailure(
        source_path=block.path,
        source_line=block.line + offset,
        reason_code=code,
        reason=f"{block.path}:{block.line + offset}: {reason}",
        excerpt=(line_text or excerpt)[:EXCERPT_CHARS],
        hand_key=hand_key,
        text_hash=block.text_hash(),
    )


def _hand_key_guess(site: Site, first_line: str) -> str | None:
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
