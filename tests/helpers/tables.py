"""A dataset's table as it must come back from a PHH export read again."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from omahahh.dataset.store import scan

SOURCE_COLUMNS = {"source_path", "source_line", "text_hash"}
"""Where a row was read from: not part of the hand, so not compared."""


def comparable_table(root: Path, name: str, keys: list[str]) -> pl.DataFrame:
    frame = scan(root, name).filter(pl.col("hand_key").is_in(keys)).collect()
    if name == "findings":
        # About the source file's bytes (cp1252 Winamax files), not the hand: the PHH
        # export is valid UTF-8, so the re-import has nothing to repair.
        frame = frame.filter(pl.col("code") != "decoding_repaired")
    keep = [c for c in frame.columns if c not in SOURCE_COLUMNS]
    order = [c for c in ("hand_key", "seq", "seat", "run", "pot_index", "code") if c in keep]
    return frame.select(keep).sort(order, maintain_order=True)
