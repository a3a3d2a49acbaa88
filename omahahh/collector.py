"""The cyclic garbage collector paused while a batch of short-lived objects is built.

The pipeline builds a fragment's records, rows and tuples, and the export a batch's row
tuples, by the tens of thousands; all are freed by reference counting when the batch
is done. The collector's passes over them free nothing. Free them (or let them go out of
scope) before the pause ends: whatever is still alive then is walked by the collector's
next passes, which cost as much as the pause saved (docs/PERFORMANCE.md, "Measurements
behind the code"). Anything cyclic made meanwhile is collected once the collector is
back on.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cyclic collector off; back as it was afterwards.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
