"""The ingest driver: schedules the per-file step over the inputs, writes the dataset.

It holds no hand data itself beyond the part being buffered: files are read
one at a time by each worker (a large one in pieces: :mod:`omahahh.dataset.pieces`,
or in parts by a single process) and every fragment is de-duplicated and written
as it arrives (with ``--workers N``, by the workers themselves where forking
allows: :mod:`omahahh.dataset.pool_write`). What grows with the input is only the
set of hand keys seen (for de-duplication), not the number of files or their size.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from omahahh.audit.hand import RakeExpectationHook
from omahahh.dataset.fragments import Fragment
from omahahh.dataset.pieces import estimated_pieces
from omahahh.dataset.pipeline import DEFAULT_PIPELINE, PipelineOptions, process_file_parts
from omahahh.dataset.pool_write import LocalPool
from omahahh.dataset.store import DatasetWriter, IngestCounts
from omahahh.dataset.versions import DEFAULT_KEEP
from omahahh.dataset.words import plural, verb
from omahahh.dataset.workers import capped_workers
from omahahh.errors import OmahahhError, SourceError
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.parsers.context import ParseContext, check_zone
from omahahh.parsers.registry import SkipReporter, expand_paths
from omahahh.replay.allin import DEFAULT_SAMPLES


class StrictModeFailure(OmahahhError):
    """``--strict``: a hand block could not be taken; nothing was written."""


@dataclass(frozen=True, slots=True)
class IngestOptions:
    workers: int = 1
    strict: bool = False
    house_rules: HouseRules = DEFAULT_HOUSE_RULES
    """The rules replay and audit apply (``--rules FILE``)."""
    rake_expectation: RakeExpectationHook | None = None
    """A rake schedule's hook (a picklable object with a method); None: no rake claim."""
    source_timezone: str | None = None
    """Zone of times printed without one (GGPoker, PHH); None: each room's default."""
    allin_preflop_samples: int | None = DEFAULT_SAMPLES
    """All-in EV by seeded Monte Carlo of N deals where more boards are left (before the
    flop), exact otherwise; None: exact everywhere (``--allin-exact``)."""
    cluster: str | None = None
    """``local`` or a Dask scheduler address (``--cluster``); None: this machine's processes."""
    write_from: str = "driver"
    """With a cluster: ``driver`` gathers fragments and writes; ``workers`` write their parts."""
    wait: float = 0.0
    """Seconds to wait for another writer's lock (``--wait``); 0: refuse at once."""
    keep_versions: int = DEFAULT_KEEP
    """Earlier versions kept beside ``current`` (``--keep-versions``), for ``verify --restore``."""

    def pipeline(self) -> PipelineOptions:
        zone = check_zone(self.source_timezone) if self.source_timezone else None
        return PipelineOptions(
            self.house_rules,
            self.rake_expectation,
            parse_context=ParseContext(zone),
            allin_preflop_samples=self.allin_preflop_samples,
        )


DEFAULT_OPTIONS = IngestOptions()


class NoHandHistory(SourceError):
    """Nothing among the inputs is a hand history: nothing is written."""


def check_inputs(
    paths: Sequence[str | os.PathLike[str]], on_skip: SkipReporter | None = None
) -> tuple[int, int]:
    """(hand-history files, files passed over) the inputs name; raises :class:`SourceError`
    for a missing or unreadable input and :class:`NoHandHistory` when none is one."""
    skipped = 0

    def skip(path: str, why: str) -> None:
        nonlocal skipped
        skipped += 1
        if on_skip is not None:
            on_skip(path, why)

    found = sum(1 for _ in expand_paths(paths, skip))
    if not found:
        others = ""
        if skipped:
            what = "a hand history" if skipped == 1 else "hand histories"
            others = f" ({plural(skipped, 'file')} {verb(skipped, 'is')} not {what})"
        names = ", ".join(os.fspath(p) for p in paths[:3]) + (", ..." if len(paths) > 3 else "")
        raise NoHandHistory(f"{names}: no hand history in the inputs{others}")
    return found, skipped


def count_files(paths: Sequence[str | os.PathLike[str]]) -> int:
    """How many files the inputs name (for a progress bar total)."""
    return sum(1 for _ in expand_paths(paths))


def fragments(
    paths: Sequence[str | os.PathLike[str]],
    workers: int = 1,
    pipeline: PipelineOptions = DEFAULT_PIPELINE,
) -> Iterator[Fragment]:
    """Fragments of the input files, in input order, computed on ``workers`` processes:
    one per file or piece of a large file (:mod:`omahahh.dataset.pieces`), or (one
    process) one per part of a file, so a file of any size streams."""
    files: Iterable[Path] = expand_paths(paths)
    if workers <= 1:
        for f in files:
            yield from process_file_parts(f, pipeline)
        return
    with LocalPool(workers, pipeline) as pool:
        yield from pool.fragments(files)


def ingest(
    paths: Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    options: IngestOptions = DEFAULT_OPTIONS,
    on_fragment: Callable[[Fragment], None] | None = None,
    on_note: Callable[[str], None] | None = None,
    on_skip: SkipReporter | None = None,
) -> IngestCounts:
    """Parse ``paths`` into the dataset at ``out`` (created or extended).

    Raises :class:`StrictModeFailure` in strict mode at the first failure (the
    dataset is then left as it was), :class:`SourceError` for a missing input,
    :class:`~omahahh.dataset.lock.DatasetBusy` when another writer holds the
    dataset. ``on_note`` receives one-line notes (workers capped, a stale lock
    taken over).
    """
    # Validate every input before writing anything (and count what is passed over).
    n_files, skipped = check_inputs(paths, on_skip)
    if options.cluster is None or options.cluster == "local":
        pieces = None
        if options.cluster is None and n_files < options.workers:
            # Few files: the large ones are cut into pieces (omahahh.dataset.pieces).
            pieces = sum(estimated_pieces(f, options.workers) for f in expand_paths(paths))
        workers = capped_workers(options.workers, n_files, on_note, pieces)
        options = replace(options, workers=workers)
    started = time.perf_counter()
    writer = DatasetWriter(
        out, keep_versions=options.keep_versions, wait=options.wait, note=on_note
    )
    with contextlib.ExitStack() as stack:
        pool = None
        if options.cluster is None and options.workers > 1:
            # Forked before the writer reads the dataset with polars: only then may the
            # workers write their own parts (omahahh.dataset.pool_write).
            pool = stack.enter_context(LocalPool(options.workers, options.pipeline()))
        stack.enter_context(writer)
        if pool is not None:
            stack.callback(pool.terminate)  # on failure: before the writer clears its staging
        writer.counts.skipped = skipped
        for kept in _kept(paths, options, writer, pool):
            if on_fragment is not None:
                on_fragment(kept)
            if options.strict and kept.failures:
                first = kept.frames["failures"].row(0, named=True)
                raise StrictModeFailure(f"{first['reason']} [{first['reason_code']}]")
        writer.counts.seconds = time.perf_counter() - started
        writer.commit([os.fspath(p) for p in paths])
        return writer.counts
    raise AssertionError("unreachable")  # mypy: ExitStack may swallow exceptions


def _kept(
    paths: Sequence[str | os.PathLike[str]],
    options: IngestOptions,
    writer: DatasetWriter,
    pool: LocalPool | None,
) -> Iterator[Fragment]:
    """Each input's fragment, de-duplicated by the writer, in input order."""
    if pool is not None and pool.workers_write:
        writer.counts.parts_from = "workers"
        yield from pool.written(expand_paths(paths), writer)
        return
    if pool is not None:
        for fragment in pool.fragments(expand_paths(paths)):
            yield writer.add(fragment)
        return
    if options.cluster is None:
        for fragment in fragments(paths, 1, options.pipeline()):
            yield writer.add(fragment)
        return
    from omahahh.dataset import cluster, cluster_write  # Dask only when asked for

    files = cluster.travelling([str(f) for f in expand_paths(paths)])
    scratch = writer.version / "_dask"
    pipeline = options.pipeline()
    window = cluster.window_for(options.workers)
    try:
        with cluster.connect(options.cluster, options.workers, scratch) as client:
            if options.write_from == "workers":
                incoming = str(writer.incoming)
                groups = cluster_write.batches(files, options.workers)
                step = cluster_write.write_batch
                for batch in cluster.ordered_map(client, step, groups, window, pipeline, incoming):
                    yield cluster_write.adopt_batch(writer, batch)
                writer.clear_incoming()
            else:
                step_one = cluster.process_source
                for fragment in cluster.ordered_map(client, step_one, files, window, pipeline):
                    yield writer.add(fragment)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
