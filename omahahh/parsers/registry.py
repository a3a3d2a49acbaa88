"""The one format registry: every input format, and everything that depends on which one.

File search (:func:`expand_paths`), block splitting (:func:`iter_blocks`,
:func:`split_blocks`), detection (:func:`detect`, :func:`format_of`), parsing
(:func:`parse_block`) and the hand key of a failed block all read
:data:`FORMATS`; nothing else in the package knows a room's header or suffix.

Adding a room (or a format): CONTRIBUTING.md, "Adding a room", lists every place
a room touches; here, one line in :data:`FORMATS` below, ahead of any format whose
``header`` would also accept the room's first line (detection takes the first that
does). :class:`~omahahh.parsers.format.Format` documents each field a format declares.
"""

from __future__ import annotations

import glob
import itertools
import lzma
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from omahahh.errors import SourceError
from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers import (
    betrivers,
    boss,
    bovada,
    everest,
    ggpoker,
    igt,
    ipoker,
    merge,
    microgaming,
    partypoker,
    phh,
    poker888,
    pokermaster,
    pokerstars,
    pppoker,
    runitonce,
    starsclones,
    supremapoker,
    winamax,
    wpn,
    wpn_old,
)
from omahahh.parsers.archive import (
    absolute,
    betfair,
    cake,
    enet,
    entraction,
    everleaf,
    fulltilt,
    ipoker_pt,
    kingsclub,
    merge_pt,
    microgaming_pt,
    ongame,
    pkr,
    sealswithclubs,
)
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.document import DocBlock
from omahahh.parsers.format import Format, failure, parse_or_fail
from omahahh.parsers.resemblance import looks_like_hand_history
from omahahh.parsers.sources import (
    Block,
    RepairedLine,
    logical_name,
    open_binary,
    read_lines,
    zip_members,
)

FORMATS: tuple[Format, ...] = (
    pokerstars.FORMAT,
    ggpoker.FORMAT,
    winamax.FORMAT,
    phh.FORMAT,
    wpn.FORMAT,
    wpn_old.FORMAT,
    bovada.FORMAT,
    poker888.FORMAT,
    partypoker.FORMAT,
    ipoker.FORMAT,
    boss.FORMAT,
    igt.FORMAT,
    pppoker.FORMAT,
    supremapoker.FORMAT,
    pokermaster.FORMAT,
    runitonce.FORMAT,
    betrivers.FORMAT,
    *starsclones.FORMATS,
    entraction.FORMAT,
    everleaf.FORMAT,
    cake.FORMAT,
    fulltilt.FORMAT,
    ongame.FORMAT,
    kingsclub.FORMAT,
    enet.FORMAT,
    pkr.FORMAT,
    absolute.FORMAT,
    sealswithclubs.FORMAT,
    sealswithclubs.SWCPOKER_FORMAT,
    microgaming.FORMAT,
    merge.FORMAT,
    everest.FORMAT,
    betfair.FORMAT,
    ipoker_pt.FORMAT,
    microgaming_pt.FORMAT,
    merge_pt.FORMAT,
)

BY_NAME = {f.name: f for f in FORMATS}
TEXT_FORMATS = tuple(f for f in FORMATS if not f.whole_file)
WHOLE_FILE_FORMATS = tuple(f for f in FORMATS if f.whole_file)
SNIFF_HEAD_LINES = 40
"""Lines of decoded text content sniffing looks at (text given directly)."""
HEAD_BYTES = 8192
"""How much of a file content sniffing reads (``Format.sniff_head``)."""
HAND_FILE_SUFFIXES = tuple(dict.fromkeys(s for f in FORMATS for s in f.suffixes))
HASHLESS_STARTS = tuple(f.hashless_start for f in TEXT_FORMATS if f.hashless_start)

# Headers of Stars-syntax clients no format reads (``PokerBrothers Hand #…``): they
# still start a block of their own, which becomes an ``unknown_format`` failure row.
# PKR's "Starting Hand #", "Last Hand #" and "End of Hand #" lines are inside its hands.
LOOKALIKE_START = r"(?!(?:Starting|Last|End of) Hand #)[A-Za-z0-9 ]{1,30} Hand #\d"
HEADER_RE = re.compile(
    r"^(?:\ufeff)?(?:"
    + "|".join([*(f.block_start for f in TEXT_FORMATS if f.block_start), LOOKALIKE_START])
    + ")"
)


LEAD_IN_RE = re.compile(
    "^(?:" + "|".join(dict.fromkeys(f.lead_in for f in TEXT_FORMATS if f.lead_in)) + ")$"
    if any(f.lead_in for f in TEXT_FORMATS)
    else "(?!)"
)


BETWEEN_HANDS_RE = re.compile(
    "^(?:" + "|".join(f.between_hands for f in TEXT_FORMATS if f.between_hands) + r")\s*$"
    if any(f.between_hands for f in TEXT_FORMATS)
    else "(?!)"
)


def header_line(lines: tuple[str, ...]) -> str:
    """The line a block's format is told by: its first, or the one after a lead-in."""
    if len(lines) > 1 and LEAD_IN_RE.match(lines[0]):
        return lines[1]
    return lines[0] if lines else ""


def detect(first_line: str) -> Format | None:
    """The text format whose header ``first_line`` is, if any."""
    for fmt in TEXT_FORMATS:
        if fmt.header(first_line):
            return fmt
    return None


def sniff(path: str | os.PathLike[str]) -> Format | None:
    """The whole-file format the file at ``path`` is in, or None (a text file):
    by its (logical) name, else by the start of its content."""
    p = os.fspath(path)
    return _sniff_name(p) or sniff_content(p)


def _sniff_name(path: str) -> Format | None:
    name = logical_name(path)  # ``day1.phhs.gz``, ``a.zip!day1.phhs``: judged as ``day1.phhs``
    for fmt in WHOLE_FILE_FORMATS:
        if fmt.sniff is not None and fmt.sniff(name):
            return fmt
    return None


def sniff_content(path: str) -> Format | None:
    """The format whose ``sniff_head`` knows the first bytes of the file (decompressed, or
    a zip member), if any."""
    try:
        with open_binary(path) as fh:
            raw = fh.read(HEAD_BYTES)
    except (OSError, EOFError, zipfile.BadZipFile, lzma.LZMAError, ValueError):
        return None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = raw.decode("utf-16", errors="replace")
    else:
        head = raw.decode("utf-8", errors="replace")
    return sniff_text(head)


def sniff_text(head: str) -> Format | None:
    """The format whose ``sniff_head`` recognises ``head`` (a file's first characters)."""
    head = head.lstrip("\ufeff")
    for fmt in WHOLE_FILE_FORMATS:
        if fmt.sniff_head is not None and fmt.sniff_head(head):
            return fmt
    return None


def format_of(block: Block) -> Format | None:
    """The format of a block: the structured format that read it, its file's
    whole-file format (by name), else its header's."""
    if isinstance(block, DocBlock) and block.format_name in BY_NAME:
        return BY_NAME[block.format_name]
    whole = _sniff_name(block.path)
    if whole is not None:
        return whole
    return detect(header_line(block.lines)) if block.lines else None


def parse_block(block: Block, context: ParseContext = DEFAULT_CONTEXT) -> HandRecord | ParseFailure:
    """Parse one block of any format; any problem becomes a :class:`ParseFailure`."""
    fmt = format_of(block)
    if fmt is None:
        first = block.lines[0] if block.lines else ""
        if block.lines and not block.text.replace("\ufffd", "").strip():
            # Nothing but undecodable bytes: the odd last byte of a UTF-16 file
            # (fpdb's WPN ``PLO8-6max-USD-0.10-0.25-201608`` file ends on one).
            why = "bytes that are no text in the file's encoding (a cut-off character)"
            return failure(block, "unknown_format", why, 0, first)
        why = "no reader knows this format (no room's hand header starts the block)"
        return failure(block, "unknown_format", why, 0, first)
    return parse_or_fail(fmt, block, context)


def parse_blocks(
    blocks: Iterable[Block], context: ParseContext = DEFAULT_CONTEXT
) -> Iterator[HandRecord | ParseFailure]:
    """Each block parsed, or a failure: one result per block, in order."""
    for block in blocks:
        yield parse_block(block, context)


def split_blocks(path: str, lines: Iterable[str], first_line: int = 1) -> Iterator[Block]:
    """Cut a text file's lines into hand blocks (``first_line``: the number of the first of
    ``lines`` in the file, when they are a piece of it).

    A block starts at a line :data:`HEADER_RE` matches (any text format's
    ``block_start``, or a look-alike client's header), or after two or more
    blank lines, so stray text becomes its own block and a failure row, never
    part of a neighbouring hand. A header right after a lone lead-in line
    (``#Game No : N``) stays in the lead-in's block. A line a room prints between
    hands (``Format.between_hands``: ``Game #N starts.``) ends a block and is dropped;
    NUL bytes (a client's padding) are no text. A format whose hands hold
    runs of blank lines (``Format.blank_runs_inside``: PokerTracker's Microgaming
    export) ends only at the next header.
    """
    current: list[str] = []
    repaired: list[int] = []
    start = 0
    blanks = 0
    blanks_end_block = True
    for number, line in enumerate(lines, start=first_line):
        if "\x00" in line:  # padding: PartyPoker fills the end of its files with NULs
            cleared = line.replace("\x00", "")
            line = RepairedLine(cleared) if isinstance(line, RepairedLine) else cleared
        stripped = line.strip()
        if not stripped:
            blanks += 1
            if current:
                current.append("")
            continue
        # Headers have a "#" (hand number), open with "*" (888poker's and PartyPoker's
        # "*****", Ongame's "***** History for hand") or with a format's hashless start
        # (WPN's old format): cheap tests before the regex.
        hinted = "#" in line or line.startswith(("*", *HASHLESS_STARTS))
        is_header = hinted and HEADER_RE.match(line) is not None
        if hinted and not is_header and BETWEEN_HANDS_RE.match(line):
            if current:
                yield _finish(path, start, current, repaired)
                current, repaired = [], []
            continue
        led_in = is_header and len(current) == 1 and LEAD_IN_RE.match(current[0]) is not None
        ends = is_header or (blanks >= 2 and blanks_end_block)
        if current and ends and not led_in:
            yield _finish(path, start, current, repaired)
            current, repaired = [], []
        if not current:
            start = number
            line = line.lstrip("\ufeff")
            fmt = detect(line) if is_header else None
            blanks_end_block = fmt is None or not fmt.blank_runs_inside
        if isinstance(line, RepairedLine):
            repaired.append(len(current))
        current.append(line.rstrip())
        blanks = 0
    if current:
        yield _finish(path, start, current, repaired)


def _finish(path: str, start: int, lines: list[str], repaired: list[int]) -> Block:
    while lines and not lines[-1]:
        lines.pop()
    kept = tuple(r for r in repaired if r < len(lines))
    return Block(path=path, line=start, lines=tuple(str(x) for x in lines), repaired=kept)


def blocks_of_lines(path: str, lines: Iterable[str]) -> Iterator[Block]:
    """The blocks of a file's lines, split the way its format splits."""
    whole = _sniff_name(path)
    if whole is None and WHOLE_FILE_FORMATS:
        lines = iter(lines)
        head = list(itertools.islice(lines, SNIFF_HEAD_LINES))
        whole = sniff_text("\n".join(head))
        lines = itertools.chain(head, lines)
    if whole is not None and whole.split is not None:
        yield from whole.split(path, list(lines))
    else:
        yield from split_blocks(path, lines)


def iter_blocks(path: str | os.PathLike[str], name: str | None = None) -> Iterator[Block]:
    """Blocks of one file, streamed (a whole-file format's file is read whole, unless
    the format streams it itself: ``Format.read``).

    ``name``: what rows record as the source (default ``path``); a cluster reads an
    absolute path but records the path as the user gave it.
    """
    p = os.fspath(path)
    whole = sniff(p)
    if whole is not None and whole.read is not None:
        return whole.read(p, name or p)
    return blocks_of_lines(name or p, read_lines(p))


SNIFF_LINES = 200
"""A file is a hand history when one of its first lines is a hand's header."""
SNIFF_CHUNK = 16 * 1024
"""Bytes read at a time while looking for a header: 200 lines are ~16 KiB of text; a read
of the 1 MiB streaming chunk made checking every file many times slower
(docs/PERFORMANCE.md, "Measurements behind the code")."""
SkipReporter = Callable[[str, str], None]
"""``on_skip(path, why)``: a file the walk passed over."""


def is_hand_history(path: str | os.PathLike[str]) -> bool:
    """Does the file hold hand histories? By content: a whole-file format's name, a hand
    header (any text format's, or a look-alike client's) among its first lines, or text
    that looks like hands of a format no reader knows (:mod:`.resemblance`): those
    become ``unknown_format`` failure rows, never a file passed over in silence."""
    p = os.fspath(path)
    if sniff(p) is not None:
        return True
    head: list[str] = []
    try:
        for number, line in enumerate(read_lines(p, SNIFF_CHUNK)):
            if number >= SNIFF_LINES:
                break
            if HEADER_RE.match(line):
                return True
            head.append(line)
    except (OSError, EOFError, zipfile.BadZipFile, lzma.LZMAError, ValueError):
        return True  # unreadable past its start: the pipeline makes it a failure row
    return looks_like_hand_history(head)


def expand_paths(
    paths: Iterable[str | os.PathLike[str]], on_skip: SkipReporter | None = None
) -> Iterator[Path]:
    """The hand-history files the inputs name, in order: files named, every regular file
    below a folder (recursive, sorted), glob matches; a zip archive's members, and
    gzip/bzip2/xz files, are read transparently. Files whose content is not a hand
    history are passed over (``on_skip(path, why)``).

    Raises :class:`SourceError` for a path that names nothing or cannot be read.
    """
    for raw in paths:
        text = os.fspath(raw)
        p = Path(text)
        if p.is_file():
            _check_readable(p)
            yield from _accepted(p, on_skip)
        elif p.is_dir():
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    f = Path(root) / name
                    if not name.startswith(".") and f.is_file():
                        yield from _accepted(f, on_skip)
        elif glob.has_magic(text):
            found = sorted(glob.glob(text, recursive=True))
            matched = [Path(m) for m in found if Path(m).is_file()]
            if not matched:
                raise SourceError(f"{text}: no file matches this pattern")
            for m in matched:
                yield from _accepted(m, on_skip)
        else:
            raise SourceError(f"{text}: no such file or folder")


def _check_readable(p: Path) -> None:
    try:
        with open(p, "rb") as fh:
            fh.read(1)
    except OSError as exc:
        raise SourceError(f"{p}: cannot be read ({exc.strerror or exc})") from exc


def _accepted(p: Path, on_skip: SkipReporter | None) -> Iterator[Path]:
    if zipfile.is_zipfile(p) and not p.name.lower().endswith((".phh", ".phhs")):
        try:
            members = zip_members(str(p))
        except (OSError, zipfile.BadZipFile) as exc:
            if on_skip is not None:
                on_skip(str(p), f"a damaged zip archive ({exc})")
            return
        for member in members:
            yield from _accepted_file(Path(member), on_skip)
        return
    yield from _accepted_file(p, on_skip)


def _accepted_file(p: Path, on_skip: SkipReporter | None) -> Iterator[Path]:
    if is_hand_history(p):
        yield p
    elif on_skip is not None:
        on_skip(str(p), "not a hand history")
