"""Records (or a whole dataset) to PHH files, the Poker Hand History standard.

What one hand's file says is :mod:`omahahh.export.phh_record` (from a record) and
:mod:`omahahh.export.phh_fast` (the same text from a dataset's rows, several times
faster); this module writes the files, in order, from either, on one process or
several.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from omahahh.dataset.files import write_text_atomically
from omahahh.dataset.words import plural, verb
from omahahh.errors import OmahahhError
from omahahh.export.phh_fast import render_rows
from omahahh.export.phh_record import (
    Rendered,
    phh_document,
    phh_text,
    players_in_order,
    render_hand,
    same_but_lines,
    standard_part,
)
from omahahh.export.phh_rows import BATCH_HANDS, BatchSource, batches, hand_keys
from omahahh.model import HandRecord

__all__ = [
    "ExportCounts",
    "ExportError",
    "Rendered",
    "export_dataset",
    "export_records",
    "phh_document",
    "phh_text",
    "players_in_order",
    "render_batch",
    "render_hand",
    "same_but_lines",
    "standard_part",
    "write_rendered",
]

PER_FILE = 1_000
MIN_BATCH = 200


class ExportError(OmahahhError):
    """The output folder cannot be written."""


@dataclass(slots=True)
class ExportCounts:
    hands: int = 0
    files: int = 0
    skipped_hands: list[tuple[str, str]] = field(default_factory=list)
    """(hand key, why) of each hand the standard cannot hold."""
    names: list[str] = field(default_factory=list)
    """The files written, in order."""
    removed: int = 0
    """Files of an earlier export in the same folder, removed first."""

    @property
    def skipped(self) -> int:
        return len(self.skipped_hands)

    def summary_line(self) -> str:
        line = f"hands written {self.hands}, files {self.files}, skipped {self.skipped}"
        if self.removed:
            line += f" (the earlier export's {plural(self.removed, 'file')} there removed)"
        return line

    def skipped_lines(self, limit: int | None = None) -> list[str]:
        """``skipped <key>: <why>`` for each skipped hand (at most ``limit``, then a count)."""
        shown = self.skipped_hands if limit is None else self.skipped_hands[:limit]
        out = [f"skipped {key}: {why}" for key, why in shown]
        if len(shown) < self.skipped:
            more = self.skipped - len(shown)
            out.append(f"... {more} more {verb(more, 'was')} skipped (--verbose lists all)")
        return out


_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def render_batch(source: BatchSource, keys: list[str], start: int | None = None) -> list[Rendered]:
    """The hands ``keys`` of a dataset (from position ``start`` in ``hands`` order, when
    consecutive) rendered: a pure function a worker process runs.

    Straight from the rows (:mod:`omahahh.export.phh_fast`): the same text as rendering
    each hand's record (:func:`render_hand`), several times faster.
    """
    return render_rows(**source.read(keys, start))


def export_records(
    hands: Iterable[HandRecord],
    out: str | os.PathLike[str],
    per_file: int = PER_FILE,
    on_hand: Callable[[ExportCounts], None] | None = None,
) -> ExportCounts:
    """Write ``hands`` under ``out``: ``hands-00001.phhs`` of ``per_file`` hands each,
    or one ``<site>-<hand id>.phh`` per hand when ``per_file`` is 1.

    ``on_hand`` hears the running counts after each hand, written or skipped.
    """
    return write_rendered((render_hand(h) for h in hands), out, per_file, on_hand)


def write_rendered(
    rendered: Iterable[Rendered],
    out: str | os.PathLike[str],
    per_file: int = PER_FILE,
    on_hand: Callable[[ExportCounts], None] | None = None,
) -> ExportCounts:
    """Write rendered hands, in order, as :func:`export_records` describes."""
    folder = Path(out)
    removed = claim_folder(folder)
    counts = ExportCounts(removed=removed)
    chunk: list[str] = []

    def flush() -> None:
        if not chunk:
            return
        counts.files += 1
        name = f"hands-{counts.files:05d}.phhs"
        _write(folder / name, "\n".join(chunk))
        counts.names.append(name)
        chunk.clear()

    for key, body, why in rendered:
        if body is None:
            counts.skipped_hands.append((key, why))
        else:
            counts.hands += 1
            if per_file == 1:
                counts.files += 1
                name = f"{_SAFE.sub('_', key.replace(':', '-'))}.phh"
                _write(folder / name, body)
                counts.names.append(name)
            else:
                chunk.append(f"[{len(chunk) + 1}]\n{body}")
                if len(chunk) >= per_file:
                    flush()
        if on_hand is not None:
            on_hand(counts)
    flush()
    _write(folder / OWNED, json.dumps({"files": counts.names, "complete": True}, indent=1))
    return counts


OWNED = ".omahahh-export.json"
"""The file naming what an export wrote in its folder: the next export there removes
exactly those files (an export interrupted before writing it leaves ``complete``
false, and then its files are known by their names)."""
_OWN_NAME = re.compile(r"(hands-\d{5}\.phhs|[A-Za-z0-9_.-]+\.phh|\..+\.tmp)")


def claim_folder(folder: Path) -> int:
    """Make ``folder`` an export's own: create it, or remove the files an earlier export
    wrote there; a folder holding any other file is refused (nothing is removed then).

    An interrupted earlier export (its record says ``complete`` false) owns the files
    named as exports name them (``hands-00001.phhs``, ``<site>-<id>.phh``). Returns
    how many files of the earlier export were removed.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        present = {p.name for p in folder.iterdir()}
    except OSError as exc:
        raise ExportError(f"{folder}: cannot create the output folder: {exc.strerror}") from None
    owned = _owned(folder) if OWNED in present else set()
    others = sorted(present - owned - {OWNED})
    if others:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise ExportError(
            f"{folder}: holds files no export wrote ({shown}); export writes into an empty "
            "folder or one an earlier export wrote"
        )
    try:
        for name in sorted(present & owned):
            (folder / name).unlink()
        _write(folder / OWNED, json.dumps({"files": [], "complete": False}))
    except OSError as exc:
        raise ExportError(f"{folder}: cannot clear the earlier export: {exc.strerror}") from None
    return len(present & owned)


def _owned(folder: Path) -> set[str]:
    """The files the export record of ``folder`` says are an export's."""
    try:
        record = json.loads((folder / OWNED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    names = {str(n) for n in record.get("files", []) if "/" not in str(n)}
    if not record.get("complete", False):
        names |= {p.name for p in folder.iterdir() if _OWN_NAME.fullmatch(p.name)}
    return names


def _write(path: Path, text: str) -> None:
    """Write atomically: a reader never sees half a file."""
    try:
        write_text_atomically(path, text)
    except OSError as exc:
        raise ExportError(f"{path}: cannot write: {exc.strerror}") from None


def export_dataset(
    root: str | os.PathLike[str],
    out: str | os.PathLike[str],
    per_file: int = PER_FILE,
    on_hand: Callable[[ExportCounts], None] | None = None,
    workers: int = 1,
) -> ExportCounts:
    """Every hand of the dataset at ``root`` as PHH files under ``out``, rendered on
    ``workers`` processes (files written by this one, in order: the same files as
    one process writes)."""
    return write_rendered(rendered_dataset(root, workers), out, per_file, on_hand)


def rendered_dataset(root: str | os.PathLike[str], workers: int = 1) -> Iterator[Rendered]:
    """Every hand of the dataset rendered, in ``hands`` order."""
    keys = hand_keys(root)
    source = BatchSource.of(root, keys)
    if workers <= 1:
        for start, batch in batches(keys):
            yield from render_batch(source, batch, start)
        return
    # Batches small enough that every worker gets several (the last ones do not leave
    # a worker idle long), large enough that reading a batch stays cheap.
    size = max(MIN_BATCH, min(BATCH_HANDS, -(-len(keys) // (workers * 4))))
    # fork: no start-up cost; workers read with pyarrow, never polars (BatchSource).
    context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        window: deque[Future[list[Rendered]]] = deque()
        for start, batch in batches(keys, size):
            window.append(pool.submit(render_batch, source, batch, start))
            if len(window) > 2 * workers:  # a bounded number of batches in flight
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
