"""The local pool: worker processes that, where forking allows, write their own parts.

With ``--workers N`` the driver forks N workers, each running the pure per-file step
(:func:`omahahh.dataset.pipeline.process_piece`) over a file, or a piece of a large one
(:mod:`omahahh.dataset.pieces`). Two ways to get the rows on disk:

- **workers write** (the default where it is safe): each worker buffers the rows of
  every hand whose key it has not written before and writes its own Parquet parts
  (:class:`~omahahh.dataset.store.PartBuffer`) into the run's staging folder. Only
  each file's hand keys (marked written or not) and failure rows travel back. The
  driver decides duplicates and conflicts over them in input order, exactly as over
  the rows themselves; at the end every worker writes what it still buffers, and its
  parts are adopted by renaming, except the rare part holding a hand some earlier
  file (of another worker, or the dataset being extended) already gave: that one is
  read back and rewritten without it. Each worker's hand count is checked against
  the keys it sent, so no row can go missing unnoticed.
- **the driver writes** (as a cluster's ``--write-from driver`` does): workers send
  each file's tables, the driver de-duplicates, buffers and writes them.

Either way a worker that dies mid-run (killed, out of memory) stops the run with
:class:`WorkerDied` and nothing committed; ``multiprocessing.Pool`` alone would wait for
its task forever (the driver checks the workers every :data:`WATCH_SECONDS` it waits).

Workers writing save the driver's share of the cores (Parquet writing, reading the
fragments), which two workers otherwise lose (docs/PERFORMANCE.md, "Measurements behind
the code").

Why "where it is safe": polars' thread pool does not survive ``fork``. A forked child
that writes Parquet waits forever if the parent had started that pool before the fork
(its threads are not copied). So the pool is forked before the driver reads anything
with polars (an extended dataset's keys), and workers write only if no polars pool
thread exists in the driver at that moment (a library caller may have used polars
before calling ``ingest``); otherwise the driver writes, and the per-file step never
needs polars' pool (``tests/unit/dataset/test_ingest_fork.py``).
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import re
import threading
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

import polars as pl

from omahahh.dataset.fragments import Fragment, keys_only
from omahahh.dataset.pieces import Piece, iter_pieces
from omahahh.dataset.pipeline import PipelineOptions, process_piece
from omahahh.dataset.store import (
    KEY_COLUMNS,
    DatasetWriter,
    PartBuffer,
    dedupe_fragment,
    keep_hands,
)
from omahahh.errors import DatasetError

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult, IMapIterator, Pool
    from multiprocessing.process import BaseProcess

POOL_WRITES_ENV = "OMAHAHH_POOL_WRITES"
"""Set to ``driver`` to have the driver write every part (comparisons, debugging)."""

FINISH_TIMEOUT = 3600.0
"""Seconds a worker waits at the end for the others to take their last task."""

WATCH_SECONDS = 1.0
"""How often the driver, waiting for results, checks that no worker process has ended."""

T = TypeVar("T")


class WorkerDied(DatasetError):
    """A worker process ended in the middle of the run (killed, out of memory): the pool
    would wait for its task forever, so the run stops and nothing is committed."""


_POOL_THREAD = re.compile(r"polars-\d+")


def fork_is_safe() -> bool:
    """May a child forked now use polars' thread pool (write Parquet)?

    Only if this process has not started that pool: its threads, named ``polars-<n>``,
    are then absent. Where threads cannot be listed (no ``/proc``), no.
    """
    try:
        tasks = list(Path("/proc/self/task").iterdir())
    except OSError:
        return False
    for task in tasks:
        try:
            name = (task / "comm").read_text().strip()
        except OSError:
            continue  # the thread ended meanwhile
        if _POOL_THREAD.fullmatch(name):
            return False
    return True


@dataclass(frozen=True, slots=True)
class WrittenFile:
    """What a worker sends back for one file or piece: every hand's key, whether the
    worker wrote its rows (``written``: the worker's first copy of that key), and the
    failure rows; ``files`` is 1 for a whole file or a file's last piece."""

    worker: str
    blocks: int
    files: int
    keys: pl.DataFrame
    failures: pl.DataFrame


@dataclass(frozen=True, slots=True)
class WorkerParts:
    """What a worker wrote over the run: its parts and the hands rows they hold."""

    worker: str
    hands: int
    parts: list[tuple[str, str]] = field(default_factory=list)


@dataclass(slots=True)
class _WorkerState:
    name: str
    pipeline: PipelineOptions
    barrier: threading.Barrier | None
    keys: set[str] = field(default_factory=set)
    """Hand keys whose rows this worker wrote."""
    parts: PartBuffer | None = None
    hands: int = 0


_state: _WorkerState | None = None
"""This worker process's state (set by :func:`_start_worker` when the pool forks it)."""


def _start_worker(pipeline: PipelineOptions, barrier: threading.Barrier | None) -> None:
    global _state
    _state = _WorkerState(uuid.uuid4().hex[:12], pipeline, barrier)


def _worker() -> _WorkerState:
    if _state is None:
        raise RuntimeError("not a pool worker")
    return _state


def write_file(task: tuple[Piece, str]) -> WrittenFile:
    """A worker's step for one file or piece: process it, buffer the hands this worker has not
    written before into its parts (under ``incoming``) and send back every hand's key
    (``written`` says whose rows it wrote) and the failure rows.

    Which copy of a key is kept, and which other copies are conflicts, is decided by the
    driver over all files in input order: this worker's first copy need not be the first
    of the run (a conflict here may be the copy kept there).
    """
    piece, incoming = task
    state = _worker()
    if state.parts is None:
        state.parts = PartBuffer(Path(incoming) / state.name)
    fragment = process_piece(piece, state.pipeline)
    hands = fragment.frames["hands"]
    written: list[bool] = []
    for key in hands["hand_key"].to_list():
        written.append(key not in state.keys)
        state.keys.add(key)
    for table, frame in keep_hands(fragment, written).items():
        if table != "failures":
            state.parts.add(table, frame)
    state.hands += sum(written)
    keys = hands.select(KEY_COLUMNS).with_columns(written=pl.Series(written, dtype=pl.Boolean))
    failures = fragment.frames["failures"]
    return WrittenFile(state.name, fragment.blocks, fragment.files, keys, failures)


def finish_worker(_: int) -> WorkerParts:
    """A worker's last task: write what it still buffers and list its parts. Every worker
    waits for the others at a barrier, so each takes exactly one of these tasks."""
    state = _worker()
    try:
        if state.parts is not None:
            state.parts.flush_all()
        if state.barrier is not None:
            state.barrier.wait(FINISH_TIMEOUT)
    except BaseException:
        if state.barrier is not None:
            state.barrier.abort()  # the others stop waiting at once
        raise
    written = state.parts.written if state.parts is not None else []
    done = WorkerParts(state.name, state.hands, [(t, str(p)) for t, p in written])
    _start_worker(state.pipeline, state.barrier)  # nothing carried into another run
    return done


class LocalPool:
    """``workers`` processes forked now; use as a context manager (leaving it ends them).

    Create it before the driver uses polars, so that :attr:`workers_write` can be true.
    """

    def __init__(self, workers: int, pipeline: PipelineOptions):
        self.workers = workers
        self.pipeline = pipeline
        fork = os.name != "nt"
        self.workers_write = (
            fork and os.environ.get(POOL_WRITES_ENV, "") != "driver" and fork_is_safe()
        )
        ctx = multiprocessing.get_context("fork" if fork else "spawn")
        barrier = ctx.Barrier(workers) if self.workers_write else None
        before = {p.pid for p in multiprocessing.active_children()}
        self.pool: Pool = ctx.Pool(workers, _start_worker, (pipeline, barrier))
        self._processes: list[BaseProcess] = [
            p for p in multiprocessing.active_children() if p.pid not in before
        ]

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.terminate()

    def terminate(self) -> None:
        """End the workers now (again: nothing)."""
        self.pool.terminate()

    def fragments(self, files: Iterable[Path]) -> Iterator[Fragment]:
        """Each file's (or piece's) fragment, in input order (the driver writes them)."""
        step = functools.partial(process_piece, options=self.pipeline)
        # imap keeps input order, so "first copy wins" de-duplication is deterministic.
        # (Its task thread cuts the files into pieces as the workers ask for more.)
        pieces = iter_pieces(files, self.workers)
        yield from self._watched(self.pool.imap(step, pieces, chunksize=1))

    def written(self, files: Iterable[Path], writer: DatasetWriter) -> Iterator[Fragment]:
        """Workers write their parts; yields each file as kept (keys and failures only,
        for progress and ``--strict``), in input order, with the writer's counts updated.
        The parts are in the version being written once this ends."""
        if not self.workers_write:
            raise RuntimeError("workers cannot write: forked after polars' pool started")
        incoming = writer.incoming
        tasks = ((piece, str(incoming)) for piece in iter_pieces(files, self.workers))
        sent: dict[str, int] = {}
        dropped: dict[str, list[pl.Series]] = {}
        for done in self._watched(self.pool.imap(write_file, tasks, chunksize=1)):
            sent[done.worker] = sent.get(done.worker, 0) + int(done.keys["written"].sum())
            yield _decide(writer, done, dropped)
        finished = self._awaited(self.pool.map_async(finish_worker, range(self.workers), 1))
        _check_complete(sent, finished)
        for parts in finished:
            chunks = dropped.get(parts.worker)
            _adopt(writer, parts, pl.concat(chunks) if chunks else None)
        writer.clear_incoming()

    def _watched(self, results: IMapIterator[T]) -> Iterator[T]:
        """``results`` as they come, stopping with :class:`WorkerDied` if a worker ends."""
        while True:
            try:
                item = results.next(WATCH_SECONDS)
            except StopIteration:
                return
            except multiprocessing.TimeoutError:
                self._check_alive()
                continue
            yield item

    def _awaited(self, result: AsyncResult[T]) -> T:
        while True:
            try:
                return result.get(WATCH_SECONDS)
            except multiprocessing.TimeoutError:
                self._check_alive()

    def _check_alive(self) -> None:
        for process in self._processes:
            code = process.exitcode
            if code is not None:
                how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
                hint = " (out of memory?)" if code == -9 else ""
                raise WorkerDied(
                    f"a worker process ended in the middle of the run ({how}{hint}); "
                    "nothing was committed"
                )


def _decide(
    writer: DatasetWriter, done: WrittenFile, dropped: dict[str, list[pl.Series]]
) -> Fragment:
    """De-duplicate one written file against everything before it, as the driver would
    its rows; hands its worker wrote but this drops are taken out at adoption."""
    probe = Fragment(frames={"hands": done.keys, "failures": done.failures}, blocks=done.blocks)
    kept = dedupe_fragment(probe, writer.seen)
    hands = kept.frames["hands"]
    if not hands["written"].all():
        # A key's first copy in a worker comes first in the run too: never reached.
        raise DatasetError(f"{done.worker}: a hand kept by the driver was not written")
    written = done.keys.filter(pl.col("written"))["hand_key"]
    if hands.height < written.len():
        # Kept as Arrow strings (~25 bytes a key), not a set of str (~124): a re-ingest
        # of old hands drops every one.
        lost = written.filter(~written.is_in(hands["hand_key"]))
        dropped.setdefault(done.worker, []).append(lost)
    writer.buffer("failures", kept.frames["failures"])
    writer.count(
        done.files,
        done.blocks,
        kept.hands,
        kept.failures,
        kept.unknown_formats,
        kept.failures_seen,
    )
    return keys_only(hands.drop("written"), kept.frames["failures"], done.blocks, done.files)


def _check_complete(sent: dict[str, int], finished: list[WorkerParts]) -> None:
    """Every worker that took a file wrote as many hands as it sent keys for."""
    wrote = {parts.worker: parts.hands for parts in finished}
    for worker, hands in sent.items():
        if wrote.get(worker) != hands:
            raise DatasetError(
                f"worker {worker} sent {hands} hands' keys but its parts hold "
                f"{wrote.get(worker, 'none')} (did a worker process end early?); "
                "nothing was committed"
            )


def _adopt(writer: DatasetWriter, parts: WorkerParts, dropped: pl.Series | None) -> None:
    """Move a worker's parts into the version; a part holding a dropped hand is rewritten
    without its rows (through the writer's buffer) instead."""
    for table, name in parts.parts:
        path = Path(name)
        if dropped is not None:
            keys = pl.read_parquet(path, columns=["hand_key"])["hand_key"]
            if keys.is_in(dropped).any():
                writer.rewrite_part(table, path, ~pl.col("hand_key").is_in(dropped))
                continue
        writer.adopt_parts({table: path})
