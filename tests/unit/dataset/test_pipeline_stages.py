"""The pipeline's stages run over chunks of hands (``STAGE_BLOCKS``) and walk batches
(``WALK_BATCH``): how the blocks are cut must change nothing in the tables, their row
order or the hand each child row belongs to.

The oracle is the simplest schedule there is: every block processed on its own, its
fragment's tables concatenated in block order.
"""

from __future__ import annotations

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import omahahh.dataset.pipeline as pipeline
from omahahh.dataset.fragments import CHILD_TABLES, Fragment
from omahahh.parsers.registry import expand_paths, iter_blocks
from omahahh.parsers.sources import Block
from tests.helpers.paths import CORPUS

STARS = CORPUS / "PokerStars"


def corpus_blocks(count: int) -> list[Block]:
    """``count`` PokerStars corpus blocks, every fifth cut after its second line (a
    ``truncated`` failure among the hands)."""
    blocks: list[Block] = []
    for path in expand_paths([STARS]):
        for block in iter_blocks(path):
            if len(blocks) % 5 == 3:
                block = Block(block.path, block.line, block.lines[:2])
            blocks.append(block)
            if len(blocks) == count:
                return blocks
    return blocks


def one_by_one(blocks: list[Block]) -> tuple[dict[str, pl.DataFrame], dict[str, list[int]]]:
    """Each block's fragment alone, tables concatenated; owners renumbered to match."""
    parts = [pipeline.process_blocks([b]) for b in blocks]
    frames = {t: pl.concat([p.frames[t] for p in parts]) for t in parts[0].frames}
    owners: dict[str, list[int]] = {t: [] for t in CHILD_TABLES}
    hands_before = 0
    for p in parts:
        for table in CHILD_TABLES:
            owners[table] += [hands_before + o for o in p.owners[table]]
        hands_before += p.hands
    return frames, owners


def assert_same(fragment: Fragment, frames: dict[str, pl.DataFrame], owners: object) -> None:
    assert fragment.frames.keys() == frames.keys()
    for table, frame in frames.items():
        assert_frame_equal(fragment.frames[table], frame, check_row_order=True)
    assert fragment.owners == owners


@pytest.mark.corpus
@pytest.mark.parametrize(("stage_blocks", "walk_batch"), [(7, 3), (2048, 512), (1, 1)])
def test_chunking_changes_no_row_nor_its_order(
    monkeypatch: pytest.MonkeyPatch, stage_blocks: int, walk_batch: int
) -> None:
    blocks = corpus_blocks(40)
    frames, owners = one_by_one(blocks)
    assert frames["failures"].height >= 8  # the cut blocks (and any the corpus has)
    assert frames["hands"].height + frames["failures"].height == 40
    assert frames["actions"].height > 200
    monkeypatch.setattr(pipeline, "STAGE_BLOCKS", stage_blocks)
    monkeypatch.setattr(pipeline, "WALK_BATCH", walk_batch)
    fragment = pipeline.process_blocks(blocks)
    assert fragment.blocks == 40
    assert_same(fragment, frames, owners)
