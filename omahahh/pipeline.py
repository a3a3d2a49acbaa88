"""The pure per-file step: text in, table fragments out.

``process_file`` is what a worker runs: it reads one file, parses every
block, and returns the fragment. It touches no shared state, so the driver
can run it on any core (or, later, any machine).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from omahahh.fragments import Fragment, FragmentBuilder
from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers import parse_block
from omahahh.sources import Block, iter_blocks


def parse_blocks(blocks: Iterable[Block]) -> Iterator[HandRecord | ParseFailure]:
    """Each block parsed, or a failure: one result per block, in order."""
    for block in blocks:
        yield parse_block(block)


def process_blocks(blocks: Iterable[Block]) -> Fragment:
    """Tables for a run of blocks."""
    builder = FragmentBuilder()
    for result in parse_blocks(blocks):
        builder.add(result)
    return builder.build()


def process_file(path: str | os.PathLike[str]) -> Fragment:
    """Tables for one file (a file that cannot be read becomes one failure row)."""
    p = os.fspath(path)
    try:
        fragment = process_blocks(iter_blocks(p))
    except OSError as exc:
        builder = FragmentBuilder()
        builder.add_failure(
            ParseFailure(
                source_path=p,
                source_line=0,
                reason_code="unreadable_file",
                reason=f"{p}:0: cannot read file: {exc.strerror or exc}",
                excerpt="",
            )
        )
        builder.blocks = 1
        fragment = builder.build()
    fragment.files = 1
    return fragment


def process_text(text: str, path: str = "<text>") -> Fragment:
    """Tables for a string of hand-history text (tests, notebooks)."""
    from omahahh.sources import split_blocks

    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
    return process_blocks(split_blocks(path, lines))
