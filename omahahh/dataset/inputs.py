"""PATH-or-DATASET arguments: every reporting command reads a dataset.

``open_dataset(paths)`` returns the folder of a dataset: the one named, when
the single argument is a dataset written by ``ingest``; otherwise the text
histories are ingested into a temporary dataset that lives as long as the
returned handle. A large dataset is therefore never re-parsed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import polars as pl

from omahahh.dataset.fragments import Fragment
from omahahh.dataset.ingest import DEFAULT_OPTIONS, IngestOptions, ingest
from omahahh.dataset.store import is_dataset, scan
from omahahh.dataset.verify import guard
from omahahh.parsers.registry import SkipReporter


@dataclass
class DatasetHandle:
    """A dataset folder, temporary or not; use as a context manager."""

    root: Path
    temporary: bool = False
    counts_line: str | None = None
    _cleanup: list[Path] = field(default_factory=list)

    def table(self, name: str) -> pl.LazyFrame:
        return scan(self.root, name)

    def close(self) -> None:
        for p in self._cleanup:
            shutil.rmtree(p, ignore_errors=True)
        self._cleanup.clear()

    def __enter__(self) -> DatasetHandle:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def open_dataset(
    paths: Sequence[str | os.PathLike[str]],
    options: IngestOptions = DEFAULT_OPTIONS,
    on_fragment: Callable[[Fragment], None] | None = None,
    on_skip: SkipReporter | None = None,
) -> DatasetHandle:
    """A dataset for ``paths``: an existing one, or text ingested into a temporary one."""
    if len(paths) == 1 and is_dataset(paths[0]):
        guard(Path(paths[0]))  # a damaged dataset is refused before anything reads it
        return DatasetHandle(root=Path(paths[0]))
    tmp = Path(tempfile.mkdtemp(prefix="omahahh-"))
    root = tmp / "dataset"
    try:
        counts = ingest(paths, root, options, on_fragment, on_skip=on_skip)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    line = counts.summary_line()
    return DatasetHandle(root=root, temporary=True, counts_line=line, _cleanup=[tmp])
