"""How many worker processes an ingest really starts.

More processes than cores only compete for them (many times slower than one worker:
docs/PERFORMANCE.md), and more than there are files (or pieces of large ones)
leaves some idle: the count asked for is capped at both, with a note saying so. ``--workers 0`` is
refused earlier, by the option's minimum (a usage error).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from omahahh.dataset.words import plural


def capped_workers(
    workers: int,
    files: int,
    on_note: Callable[[str], None] | None = None,
    pieces: int | None = None,
) -> int:
    """``workers`` capped at the CPU count and at the work there is (at least 1), with a
    note: ``files``, or ``pieces`` when large files are cut into more
    (:mod:`omahahh.dataset.pieces`)."""
    cpus = os.cpu_count() or 1
    tasks = max(files, pieces or 0)
    cap = max(1, min(cpus, tasks))
    if workers > cap and on_note is not None:
        if cap == cpus:
            why = plural(cpus, "CPU")
        elif tasks > files:
            why = f"{plural(files, 'input file')} in {plural(tasks, 'piece')}"
        else:
            why = plural(files, "input file")
        on_note(f"note: --workers {workers} capped at {cap} ({why})")
    return min(workers, cap)
