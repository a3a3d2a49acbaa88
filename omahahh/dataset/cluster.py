"""Ingest on a Dask cluster: the same pure per-file step, scheduled on other machines.

Processing one file is a pure function (:func:`omahahh.dataset.pipeline.process_file`),
so a cluster only changes *where* it runs. What must not change is the
result: fragments are released to the writer in input order ("first copy
wins" de-duplication stays deterministic), with a bounded window of files in
flight so the driver never holds more than ``window`` results at once.

``--cluster local`` starts a :class:`distributed.LocalCluster` of ``--workers``
processes (one thread each: the step holds the GIL); ``--cluster
tcp://HOST:PORT`` joins a running scheduler, whose workers are its own. Dask
is an optional extra (``pip install 'omahahh[dask]'``): it is imported only
here, and only when a cluster is asked for.

Two write modes (:data:`WRITE_MODES`): ``driver`` gathers each file's
fragment and writes it as a local run does; ``workers`` has each task write
its tables straight into the run's staging folder (every worker must reach
the dataset path) and send back only the keys; see
:mod:`omahahh.dataset.cluster_write`.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from omahahh.dataset.fragments import Fragment
from omahahh.dataset.pipeline import PipelineOptions, process_file
from omahahh.errors import OmahahhError

if TYPE_CHECKING:
    from distributed import Client

LOCAL = "local"
WRITE_MODES = ("driver", "workers")
RETRIES = 2
"""A task whose worker died is run again this many times (Dask reschedules it)."""

T = TypeVar("T")

LOCAL_WORKER_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Settings of ``--cluster local`` (its scheduler, nannies and workers take them when
they start). Dask's statistical profiler wakes every 10 ms in each worker to walk the
running task's stack, its event-loop tick every 20 ms and its system and memory
monitors every 0.1-0.5 s in every process: a dashboard's needs, which this tool does
not open, paid for on cores busy parsing. Workers of a running cluster are started by
their owner: README says how to set the same there."""


class ClusterError(OmahahhError):
    """The cluster could not be started, reached or used."""


def check_cluster_spec(spec: str) -> str:
    """``local`` or a scheduler address (``tcp://host:port``, ``tls://...``)."""
    if spec == LOCAL or "://" in spec:
        return spec
    raise ClusterError(
        f"--cluster {spec!r}: use 'local' or a scheduler address such as tcp://10.0.0.5:8786"
    )


def _client_class() -> Any:
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # the optional extra is missing
        raise ClusterError(
            "--cluster needs Dask: pip install 'omahahh[dask]' (dask[distributed])"
        ) from exc
    return Client, LocalCluster


@contextmanager
def connect(spec: str, workers: int, scratch: Path) -> Iterator[Client]:
    """A client of a new local cluster (``local``) or of the scheduler at ``spec``.

    The local cluster's scratch space (spilled data, worker folders) goes under
    ``scratch``, the run's own temporary folder, so nothing outlives the run.
    """
    client_cls, local_cls = _client_class()
    from dask import config as dask_config

    check_cluster_spec(spec)
    if spec == LOCAL:
        scratch.mkdir(parents=True, exist_ok=True)
        try:
            with dask_config.set(LOCAL_WORKER_CONFIG):  # workers take it when they start
                cluster = local_cls(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    local_directory=str(scratch),
                    silence_logs=40,  # logging.ERROR: a run prints its own summary
                )
        except Exception as exc:  # no ports, no processes: one line, not a traceback
            raise ClusterError(f"could not start a local Dask cluster: {exc}") from exc
        try:
            with client_cls(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = client_cls(spec, timeout="20s")
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"--cluster {spec}: no scheduler answered ({exc})") from exc
    with client:
        yield client


def ordered_map(
    client: Client,
    step: Callable[..., T],
    items: Sequence[Any],
    window: int,
    *args: Any,
) -> Iterator[T]:
    """``step(item, *args)`` for every item on the cluster, results in input order.

    At most ``window`` tasks are in flight: the driver holds at most that many
    results, whatever the input size. A task that fails (after Dask's retries)
    raises :class:`ClusterError` here, at its place in the input order, and the
    tasks still in flight are cancelled.
    """
    pending: deque[tuple[Any, Any]] = deque()
    try:
        for item in items:
            future = client.submit(step, item, *args, pure=False, retries=RETRIES)
            pending.append((item, future))
            if len(pending) >= window:
                yield _result(*pending.popleft())
        while pending:
            yield _result(*pending.popleft())
    finally:
        for _, future in pending:
            future.cancel()


def _result(item: Any, future: Any) -> Any:
    try:
        return future.result()
    except Exception as exc:  # the task's own error, re-raised by Dask on the driver
        raise ClusterError(
            f"a cluster task failed on {_describe(item)}: {type(exc).__name__}: {exc}"
        ) from exc


def _describe(item: Any) -> str:
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], str):
        return item[1]  # a SourceFile: the path as the user gave it
    if isinstance(item, list) and item:
        return f"{_describe(item[0])} (+{len(item) - 1} more files)"
    return repr(item)


def window_for(workers: int) -> int:
    """Files in flight: enough to keep every worker busy while results wait their turn."""
    return max(4, 4 * workers)


SourceFile = tuple[str, str]
"""(absolute path the worker reads, path as the user gave it, which rows record)."""


def travelling(paths: Sequence[str | os.PathLike[str]]) -> list[SourceFile]:
    """Paths as they travel to workers: absolute, so a worker's own folder does not
    matter, with the name rows record, so the tables equal a local run's."""
    return [(os.path.abspath(os.fspath(p)), os.fspath(p)) for p in paths]


def process_source(source: SourceFile, pipeline: PipelineOptions) -> Fragment:
    """The cluster task of ``--write-from driver``: one file's fragment."""
    read, name = source
    return process_file(read, pipeline, name=name)
