"""The Parquet dataset on disk: atomic, incremental, de-duplicated.

Layout of a dataset folder ``DIR``::

    DIR/hands -> current/hands           (one folder of parts per table)
    DIR/current -> .versions/<id>        (the one pointer swapped per run)
    DIR/.versions/<id>/<table>/part-*.parquet
    DIR/.versions/<id>/manifest.json

A run writes a new version beside the current one (earlier parts are
hard-linked, not copied), then replaces the ``current`` link in one atomic
``rename``. An interrupted run leaves the previous version untouched, so no
reader ever sees a half-written table. Readers use ``DIR/<table>/*.parquet``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from omahahh.dataset.fragments import Fragment
from omahahh.dataset.guard import dataset_folder, guard
from omahahh.dataset.lock import LOCK, DatasetLock
from omahahh.dataset.manifest import (
    PartRecord,
    part_records,
    record_part,
    sync,
    write_manifest,
)
from omahahh.dataset.tables import SCHEMA_VERSION, TABLES, schema
from omahahh.dataset.versions import (
    DEFAULT_KEEP,
    current_target,
    new_version_id,
    prune,
    remove_unfinished,
    switch_current,
)
from omahahh.errors import DatasetError
from omahahh.version import __version__

VERSIONS = ".versions"
CURRENT = "current"
MANIFEST = "manifest.json"
# A part is written once a table's buffered rows reach this many bytes in memory:
# large enough parts for readers, whatever the input size.
BYTES_PER_PART = 16 * 2**20
# All tables' buffered rows together: past this the largest buffer is written out, so the
# small tables (findings, pots ...) do not each sit on up to BYTES_PER_PART until the end
# (what it saves of the peak: docs/PERFORMANCE.md, "Measurements behind the code").
BUFFER_BYTES = 32 * 2**20
INCOMING = "_incoming"
"""Where workers that write their own parts (a cluster's tasks, the local pool's workers)
put them: inside the version being written, so they go with it if the run fails."""
KEY_COLUMNS = ("hand_key", "text_hash", "source_path", "source_line")
"""What such workers send back of each hand instead of its rows."""


def is_dataset(path: str | os.PathLike[str]) -> bool:
    """Does ``path`` hold a dataset written by ``ingest``?"""
    return (Path(path) / CURRENT / MANIFEST).is_file()


def read_manifest(root: str | os.PathLike[str]) -> dict[str, object]:
    with open(Path(root) / CURRENT / MANIFEST, encoding="utf-8") as fh:
        data: dict[str, object] = json.load(fh)
    return data


def scan(root: str | os.PathLike[str], table: str) -> pl.LazyFrame:
    """Lazy frame over one table of a dataset (empty frame with the schema if no parts)."""
    folder = Path(root) / CURRENT / table
    parts = sorted(folder.glob("*.parquet")) if folder.is_dir() else []
    if not parts:
        return pl.LazyFrame(schema=schema(table))
    return pl.scan_parquet([str(p) for p in parts], schema=schema(table))


def open_dataset(root: str | os.PathLike[str]) -> dict[str, pl.LazyFrame]:
    """Every table of the dataset at ``root``, lazily, by name (``hands``, ``players``, ...).

    Raises :class:`DatasetError` when ``root`` holds no dataset written by ``ingest``.
    """
    if not dataset_folder(root):
        raise DatasetError(f"{os.fspath(root)}: not a dataset (no {CURRENT}/{MANIFEST})")
    guard(Path(root))  # refuses a damaged one, naming the part
    return {name: scan(root, name) for name in TABLES}


@dataclass(slots=True)
class IngestCounts:
    """What a run saw; ``blocks == parsed + duplicates + failures`` always."""

    files: int = 0
    blocks: int = 0
    parsed: int = 0
    duplicates: int = 0
    failures: int = 0
    seconds: float = 0.0
    skipped: int = 0
    """Files passed over: their content looks like no hand history at all."""
    unknown_format: int = 0
    """Failure rows of blocks that look like hand history but no format reads."""
    failures_seen: int = 0
    """Of the duplicates: blocks that failed to parse before, their failure already recorded
    (a re-ingest of a folder with failures)."""
    parts_from: str = "driver"
    """Who wrote the Parquet parts: ``driver``, or ``workers`` (local pool, where safe)."""

    @property
    def hands_per_second(self) -> float:
        """Parsed hands per second (duplicates and failures are not counted as hands)."""
        return self.parsed / self.seconds if self.seconds > 0 else 0.0

    def summary_line(self) -> str:
        """``files 3 (skipped 1: not hand histories; --verbose lists them), hand blocks 9,
        hands parsed 6, duplicates 1, failures 2 (unknown format 1), 0.10 s, 60 parsed
        hands/s``."""
        skipped = (
            f" (skipped {self.skipped}: not hand histories; --verbose lists them)"
            if self.skipped
            else ""
        )
        unknown = f" (unknown format {self.unknown_format})" if self.unknown_format else ""
        seen = (
            f" ({self.failures_seen} of them failures already recorded)"
            if self.failures_seen
            else ""
        )
        return (
            f"files {self.files}{skipped}, hand blocks {self.blocks}, "
            f"hands parsed {self.parsed}, duplicates {self.duplicates}{seen}, "
            f"failures {self.failures}{unknown}, {self.seconds:.2f} s, "
            f"{self.hands_per_second:,.0f} parsed hands/s"
        )


class KeyIndex:
    """The hand keys of an existing dataset, sorted, with their text hashes.

    Incremental ingest looks each new fragment's keys up here (a sorted search:
    an anti-join, not a Python dict of every key ever stored): 50 M keys take
    about 2 GB as Arrow strings where a dict would take several times that.
    """

    def __init__(self, keys: pl.DataFrame):
        frame = keys.select("hand_key", "text_hash").sort("hand_key")
        self.keys = frame["hand_key"]
        self.hashes = frame["text_hash"]

    def __len__(self) -> int:
        return self.keys.len()

    def lookup(self, keys: pl.Series) -> list[str | None]:
        """The stored text hash of each key, or None for a key the dataset does not hold."""
        if not len(self) or not keys.len():
            return [None] * keys.len()
        at = self.keys.search_sorted(keys, side="left").clip(0, len(self) - 1)
        hit = self.keys.gather(at) == keys
        return (
            pl.select(pl.when(hit).then(self.hashes.gather(at)).otherwise(None))
            .to_series()
            .to_list()
        )


@dataclass(slots=True)
class Seen:
    """Keys seen so far: this run's hand_key -> text hash (``hands``), the existing
    dataset's (``existing``), and failure text hashes."""

    hands: dict[str, str] = field(default_factory=dict)
    failures: set[str] = field(default_factory=set)
    existing: KeyIndex | None = None


def write_part(folder: Path, table: str, frame: pl.DataFrame) -> Path:
    """Write ``frame`` as a new Parquet part of ``table`` under ``folder`` (atomically: a
    reader never sees half a file), the schema and tool versions in the file's key-value
    metadata.

    polars' own writer, about twice as fast as ``to_arrow`` +
    ``pyarrow.parquet.write_table`` for the same columns and types (docs/PERFORMANCE.md).
    """
    folder.mkdir(parents=True, exist_ok=True)
    name = f"part-{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:10]}.parquet"
    path = folder / name
    tmp = folder / (name + ".tmp")
    meta = {
        "omahahh.schema_version": SCHEMA_VERSION,
        "omahahh.table": table,
        "omahahh.version": __version__,
    }
    frame.write_parquet(tmp, compression="zstd", metadata=meta)
    os.replace(tmp, path)
    return path


class PartBuffer:
    """Rows waiting to become Parquet parts, per table, under ``folder/<table>/``.

    A table's rows are written as one part once they hold ``bytes_per_part``; past
    ``buffer_bytes`` for all tables together the largest buffer is written out. The
    dataset writer holds one; so does each local worker that writes its own parts
    (:mod:`omahahh.dataset.pool_write`). ``written`` lists every part made, in order.
    """

    def __init__(
        self,
        folder: Path,
        bytes_per_part: int = BYTES_PER_PART,
        buffer_bytes: int = BUFFER_BYTES,
    ):
        self.folder = folder
        self.bytes_per_part = bytes_per_part
        self.buffer_bytes = buffer_bytes
        self.held: dict[str, int] = dict.fromkeys(TABLES, 0)
        """Bytes buffered per table (polars' estimate)."""
        self.written: list[tuple[str, Path]] = []
        self._frames: dict[str, list[pl.DataFrame]] = {t: [] for t in TABLES}

    def add(self, table: str, frame: pl.DataFrame) -> None:
        if frame.height:
            self._frames[table].append(frame)
            self.held[table] += int(frame.estimated_size())
            if self.held[table] >= self.bytes_per_part:
                self.flush(table)
            while sum(self.held.values()) >= self.buffer_bytes:
                self.flush(max(self.held, key=self.held.__getitem__))

    def flush(self, table: str) -> None:
        """Write ``table``'s buffered rows (if any) as one part."""
        frames = self._frames[table]
        if frames:
            path = write_part(self.folder / table, table, pl.concat(frames))
            self.written.append((table, path))
        self._frames[table] = []
        self.held[table] = 0

    def flush_all(self) -> None:
        for table in TABLES:
            self.flush(table)


def keep_hands(fragment: Fragment, keep_mask: list[bool]) -> dict[str, pl.DataFrame]:
    """The fragment's frames with only the hands ``keep_mask`` marks, and their rows."""
    frames = dict(fragment.frames)
    if not all(keep_mask):
        frames["hands"] = frames["hands"].filter(pl.Series(keep_mask, dtype=pl.Boolean))
        # Child rows follow their own hand (by ordinal), not its key: two
        # copies of one key in a fragment must not both keep their rows.
        for table, owners in fragment.owners.items():
            mask = [keep_mask[o] for o in owners]
            frames[table] = frames[table].filter(pl.Series(mask, dtype=pl.Boolean))
    return frames


def dedupe_fragment(fragment: Fragment, seen_keys: Seen) -> Fragment:
    """Drop what ``seen_keys`` already holds (first copy wins); conflicts become failures.

    Updates ``seen_keys``. Used by the writer, and by cluster tasks that write their
    own parts (a batch is de-duplicated inside itself before it is written).
    """
    hands = fragment.frames["hands"]
    seen = seen_keys.hands
    keep_keys: list[str] = []
    conflicts: list[dict[str, object]] = []
    keep_mask: list[bool] = []
    stored: list[str | None] = (
        seen_keys.existing.lookup(hands["hand_key"])
        if seen_keys.existing is not None
        else [None] * hands.height
    )
    for key, digest, path, line, in_dataset in zip(
        hands["hand_key"].to_list(),
        hands["text_hash"].to_list(),
        hands["source_path"].to_list(),
        hands["source_line"].to_list(),
        stored,
        strict=True,
    ):
        earlier = in_dataset if in_dataset is not None else seen.get(key)
        if earlier is None:
            seen[key] = digest
            keep_keys.append(key)
            keep_mask.append(True)
            continue
        keep_mask.append(False)
        if earlier != digest and digest not in seen_keys.failures:
            seen_keys.failures.add(digest)
            conflicts.append(
                {
                    "source_path": path,
                    "source_line": line,
                    "reason_code": "duplicate_conflict",
                    "reason": f"{path}:{line}: hand {key} already taken from a different text",
                    "excerpt": "",
                    "hand_key": key,
                    "text_hash": digest,
                }
            )
    failures = fragment.frames["failures"]
    fail_mask = []
    for digest in failures["text_hash"].to_list():
        if digest in seen_keys.failures:
            fail_mask.append(False)
        else:
            seen_keys.failures.add(digest)
            fail_mask.append(True)
    frames = keep_hands(fragment, keep_mask)
    frames["failures"] = failures.filter(pl.Series(fail_mask, dtype=pl.Boolean))
    if conflicts:
        frames["failures"] = pl.concat(
            [frames["failures"], pl.DataFrame(conflicts, schema=schema("failures"))]
        )
    return Fragment(
        frames=frames,
        blocks=fragment.blocks,
        files=fragment.files,
        owners={},
        failures_seen=fail_mask.count(False),
    )


class DatasetWriter:
    """Writes one ingest run as a new dataset version; ``commit`` makes it current.

    Use as a context manager: leaving the block without ``commit`` (an error,
    Ctrl-C) removes the unfinished version and leaves the dataset as it was.
    """

    def __init__(
        self,
        root: str | os.PathLike[str],
        bytes_per_part: int = BYTES_PER_PART,
        *,
        buffer_bytes: int = BUFFER_BYTES,
        keep_versions: int = DEFAULT_KEEP,
        wait: float = 0.0,
        note: Callable[[str], None] | None = None,
    ):
        self.root = Path(root)
        self.keep_versions = keep_versions
        self._lock = DatasetLock(self.root, wait, note)
        self._note = note or (lambda _: None)
        self._created_root = not self.root.exists()
        self._base: str | None = None  # what ``current`` pointed to when the run began
        self._records: dict[tuple[str, str], PartRecord] = {}
        if self.root.exists() and not self.root.is_dir():
            raise DatasetError(f"{self.root}: exists and is not a folder")
        self._refuse_foreign_folder()
        self.version_id = new_version_id()  # named again once the lock is held
        self.version = self.root / VERSIONS / self.version_id
        self.counts = IngestCounts()
        self._seen = Seen()
        self._parts = PartBuffer(self.version, bytes_per_part, buffer_bytes)
        self._committed = False

    def _refuse_foreign_folder(self) -> None:
        """Write only into an empty folder or a dataset (its lock and versions may be all
        there is yet: another run creating it, or one killed before its first commit)."""
        if not self.root.is_dir() or dataset_folder(self.root):
            return
        own = (LOCK, VERSIONS)
        if any(not p.name.startswith(own) for p in self.root.iterdir()):
            raise DatasetError(f"{self.root}: folder is not empty and holds no omahahh dataset")

    # -- context ------------------------------------------------------------
    def __enter__(self) -> DatasetWriter:
        self._lock.acquire()
        # Named holding the lock, so names sort in the order the versions were made.
        self.version_id = new_version_id()
        self.version = self.root / VERSIONS / self.version_id
        self._parts.folder = self.version
        try:
            self._refuse_foreign_folder()
            # Holding the lock: any other unfinished version is a dead run's staging.
            for gone in remove_unfinished(self.root):
                self._note(f"note: removed {gone.name}, left unfinished by a run that is gone")
            if dataset_folder(self.root):
                guard(self.root, full=True)  # never build on a damaged version, whatever its size
                self._base = current_target(self.root)
            self.version.mkdir(parents=True)
            if is_dataset(self.root):
                self._adopt_current()
        except BaseException:
            self._abandon()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._committed:
            self._abandon()
        else:
            self._lock.release()

    def _abandon(self) -> None:
        """Leave the dataset as it was: no staging, and nothing at all if it did not exist."""
        shutil.rmtree(self.version, ignore_errors=True)
        self._lock.release()
        if self._created_root:
            for folder in (self.root / VERSIONS, self.root):
                with contextlib.suppress(OSError):  # only if empty: another run may be in it
                    folder.rmdir()

    def _adopt_current(self) -> None:
        manifest = read_manifest(self.root)
        if str(manifest.get("schema_version")) != SCHEMA_VERSION:
            raise DatasetError(
                f"{self.root}: dataset schema {manifest.get('schema_version')} differs from "
                f"this omahahh's {SCHEMA_VERSION}; ingest into a new folder"
            )
        current = (self.root / CURRENT).resolve()
        for r in part_records(read_manifest(self.root)) or []:
            self._records[(r.table, r.name)] = r
        for table in TABLES:
            src = current / table
            dst = self.version / table
            dst.mkdir(parents=True, exist_ok=True)
            if src.is_dir():
                for part in src.glob("*.parquet"):
                    os.link(part, dst / part.name)
        keys = scan(self.root, "hands").select("hand_key", "text_hash").collect()
        self._seen.existing = KeyIndex(keys)
        fails = scan(self.root, "failures").select("text_hash").collect()
        self._seen.failures = set(fails["text_hash"].drop_nulls().to_list())

    # -- writing ------------------------------------------------------------
    @property
    def seen(self) -> Seen:
        """Keys and failure hashes kept so far (the dataset's and this run's)."""
        return self._seen

    @property
    def incoming(self) -> Path:
        """This run's staging folder for parts written by workers (:data:`INCOMING`)."""
        return self.version / INCOMING

    def clear_incoming(self) -> None:
        shutil.rmtree(self.incoming, ignore_errors=True)

    def rewrite_part(self, table: str, path: Path, keep: pl.Expr) -> None:
        """Take a worker's part in with only the rows ``keep`` selects (it repeats hands
        taken earlier): the rows go through the buffer and the part is removed."""
        self.buffer(table, pl.read_parquet(path).filter(keep))
        os.remove(path)

    def adopt_parts(self, parts: dict[str, Path]) -> None:
        """Move parts written elsewhere (cluster tasks, in this run's staging folder) in."""
        for table, path in parts.items():
            folder = self.version / table
            folder.mkdir(parents=True, exist_ok=True)
            os.replace(path, folder / path.name)

    def buffer(self, table: str, frame: pl.DataFrame) -> None:
        """Rows to write into ``table`` (already de-duplicated); written in parts."""
        self._parts.add(table, frame)

    def count(
        self,
        files: int,
        blocks: int,
        parsed: int,
        failures: int,
        unknown_format: int = 0,
        failures_seen: int = 0,
    ) -> None:
        """Count what a file or batch gave (``unknown_format``: of its ``failures``;
        ``failures_seen``: blocks whose failure was recorded before, counted among the
        duplicates)."""
        self.counts.files += files
        self.counts.blocks += blocks
        self.counts.parsed += parsed
        self.counts.failures += failures
        self.counts.unknown_format += unknown_format
        self.counts.duplicates += blocks - parsed - failures
        self.counts.failures_seen += failures_seen

    def add(self, fragment: Fragment) -> Fragment:
        """De-duplicate ``fragment`` against everything seen, buffer and write it.

        Returns the fragment as kept (duplicates dropped, conflicts as failures).
        """
        kept = self._dedupe(fragment)
        self.count(
            fragment.files,
            fragment.blocks,
            kept.hands,
            kept.failures,
            kept.unknown_formats,
            kept.failures_seen,
        )
        for table, frame in kept.frames.items():
            self.buffer(table, frame)
        return kept

    def _dedupe(self, fragment: Fragment) -> Fragment:
        return dedupe_fragment(fragment, self._seen)

    def commit(self, sources: list[str] | None = None) -> None:
        """Write the remaining rows and make this version the dataset's current one."""
        self._parts.flush_all()
        for table in TABLES:
            folder = self.version / table
            if not any(folder.glob("*.parquet")):
                # An empty part keeps "DIR/<table>/*.parquet" readable by every tool.
                write_part(folder, table, pl.DataFrame(schema=schema(table)))
        records: dict[str, list[dict[str, object]]] = {}
        for table in TABLES:
            for part in sorted((self.version / table).glob("*.parquet")):
                known = self._records.get((table, part.name))
                if known is None:
                    sync(part)  # new parts reach the disk before the manifest names them
                record = known if known is not None else record_part(table, part)
                records.setdefault(table, []).append(record.as_json())
            sync(self.version / table)
        manifest: dict[str, object] = {
            "schema_version": SCHEMA_VERSION,
            "omahahh_version": __version__,
            "version": self.version_id,
            "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "tables": {
                t: sorted(p.name for p in (self.version / t).glob("*.parquet")) for t in TABLES
            },
            "parts": records,
            "base": None if self._base is None else Path(self._base).name,
            "run": {
                "files": self.counts.files,
                "blocks": self.counts.blocks,
                "parsed": self.counts.parsed,
                "duplicates": self.counts.duplicates,
                "failures": self.counts.failures,
                "sources": sources or [],
            },
        }
        write_manifest(self.version, manifest)
        # Compare-and-swap: switch only if ``current`` is still what this run built on.
        if current_target(self.root) != self._base:
            raise DatasetError(
                f"{self.root}: current changed while this run was writing (another writer?); "
                "nothing was switched: run the ingest again"
            )
        switch_current(self.root, self.version_id)
        sync(self.root)
        for table in TABLES:
            link = self.root / table
            if not link.is_symlink():
                if link.exists():
                    raise DatasetError(f"{link}: exists and is not the dataset's table link")
                link.symlink_to(Path(CURRENT) / table, target_is_directory=True)
        self._committed = True
        prune(self.root, self.keep_versions)
