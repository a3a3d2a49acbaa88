"""``--write-from workers``: cluster tasks write their own parts; only keys travel back.

A task takes a batch of files (about :data:`BATCH_BYTES` of text, so parts stay
large), runs the pure per-file step on each, de-duplicates the batch inside
itself (first copy wins, as everywhere), writes one Parquet part per table
into the run's staging folder and returns a :class:`WrittenBatch`: the kept
hands' keys, the failure rows (few) and the part paths.

The driver takes batches in input order and decides duplicates against
everything before them (:func:`adopt_batch`). A batch with nothing to drop is
adopted by renaming its parts into the version being written; only a batch
that repeats earlier hands is read back and rewritten without them. The run
then commits under the writer's usual rules, so ``current`` changes only at the
end and a failed run leaves nothing behind.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from omahahh.dataset.cluster import SourceFile
from omahahh.dataset.fragments import Fragment, keys_only
from omahahh.dataset.pipeline import PipelineOptions, process_file
from omahahh.dataset.store import (
    KEY_COLUMNS,
    DatasetWriter,
    Seen,
    dedupe_fragment,
    write_part,
)
from omahahh.dataset.tables import TABLES, schema

BATCH_BYTES = 32 * 2**20
"""Text per task in ``workers`` mode. PokerStars text makes about twice its size in
rows, so this gives about one part per table per 64 MiB of rows, in batches small enough
that the last ones do not leave workers idle for long (docs/PERFORMANCE.md,
"Measurements behind the code")."""


@dataclass(frozen=True, slots=True)
class WrittenBatch:
    """What a task sends back: keys, failures and where its parts are (never the rows)."""

    files: int
    blocks: int
    keys: pl.DataFrame
    failures: pl.DataFrame
    parts: dict[str, str] = field(default_factory=dict)


def batches(
    files: list[SourceFile], workers: int, target: int = BATCH_BYTES
) -> list[list[SourceFile]]:
    """Consecutive files grouped to about ``target`` bytes, at least 4 batches per worker
    when the input is small (so every worker has work), in input order."""
    sizes = [_size(read) for read, _ in files]
    total = sum(sizes)
    per_batch = max(1, min(target, total // max(1, 4 * workers)))
    out: list[list[SourceFile]] = []
    current: list[SourceFile] = []
    held = 0
    for f, size in zip(files, sizes, strict=True):
        current.append(f)
        held += size
        if held >= per_batch:
            out.append(current)
            current, held = [], 0
    if current:
        out.append(current)
    return out


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0  # unreadable: the step makes it a failure row


def write_batch(files: list[SourceFile], pipeline: PipelineOptions, incoming: str) -> WrittenBatch:
    """The task: process ``files``, de-duplicate inside the batch, write one part per table."""
    seen = Seen()
    kept: list[Fragment] = []
    blocks = 0
    for read, name in files:
        fragment = process_file(read, pipeline, name=name)
        blocks += fragment.blocks
        kept.append(dedupe_fragment(fragment, seen))
    folder = Path(incoming) / uuid.uuid4().hex
    parts: dict[str, str] = {}
    for table in TABLES:
        if table == "failures":
            continue  # sent back: the driver may add conflicts to them
        frames = [k.frames[table] for k in kept if k.frames[table].height]
        if frames:
            parts[table] = str(write_part(folder / table, table, pl.concat(frames)))
    hands = [k.frames["hands"].select(KEY_COLUMNS) for k in kept]
    failures = [k.frames["failures"] for k in kept]
    return WrittenBatch(
        files=len(files),
        blocks=blocks,
        keys=pl.concat(hands) if hands else pl.DataFrame(schema=_key_schema()),
        failures=pl.concat(failures) if failures else pl.DataFrame(schema=schema("failures")),
        parts=parts,
    )


def _key_schema() -> dict[str, pl.DataType]:
    full = schema("hands")
    return {c: full[c] for c in KEY_COLUMNS}


def adopt_batch(writer: DatasetWriter, batch: WrittenBatch) -> Fragment:
    """Decide the batch's duplicates against everything before it; adopt or rewrite its parts.

    Returns what was kept, as a fragment holding the keys and failures (for
    progress and ``--strict``), with the writer's counts updated.
    """
    probe = Fragment(
        frames={"hands": batch.keys, "failures": batch.failures}, blocks=batch.blocks, owners={}
    )
    kept = dedupe_fragment(probe, writer.seen)
    if kept.hands == batch.keys.height:
        writer.adopt_parts({t: Path(p) for t, p in batch.parts.items()})
    else:
        keep = pl.col("hand_key").is_in(kept.frames["hands"]["hand_key"].implode())
        for table, path in batch.parts.items():
            writer.rewrite_part(table, Path(path), keep)
    writer.buffer("failures", kept.frames["failures"])
    writer.count(
        batch.files,
        batch.blocks,
        kept.hands,
        kept.failures,
        kept.unknown_formats,
        kept.failures_seen,
    )
    return keys_only(kept.frames["hands"], kept.frames["failures"], batch.blocks, batch.files)
