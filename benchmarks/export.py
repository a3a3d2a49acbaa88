"""PHH export speed: hands/s of ``omahahh export``, beside baselines, in one run.

    python benchmarks/export.py [--hands 20000]

Builds a dataset of ``--hands`` hands (the corpus's parsable PokerStars hands,
re-keyed and repeated, as ``benchmarks/ingest.py`` does) and measures:

- baseline: rebuild every hand's record from the dataset's rows (no PHH);
- the PHH export of every hand (records, documents, files), 1000 hands per file;
- for comparison, the export as it was before issue 18 (a recursive copy of every
  record to compare them without line offsets), kept here as a reference.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from ingest import build_input  # noqa: E402

from omahahh.dataset.ingest import ingest  # noqa: E402
from omahahh.export import phh  # noqa: E402
from omahahh.export.phh import export_dataset  # noqa: E402
from omahahh.export.phh_rows import records_from_dataset  # noqa: E402


def _plain_before(value: Any) -> Any:
    """The comparison of the export before issue 18: a recursive copy with lines zeroed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _plain_before(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if "line" in changes:
            changes["line"] = 0
        return dataclasses.replace(value, **changes)
    if isinstance(value, tuple):
        return tuple(_plain_before(v) for v in value)
    return value


def _same_before(a: Any, b: Any) -> bool:
    return bool(_plain_before(a) == _plain_before(b))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="omahahh-export-bench-"))
    try:
        src = work / "input"
        src.mkdir()
        total = build_input(src, args.hands, max(1, args.hands // 1000))
        ingest([src], work / "ds")
        print(f"dataset: {total:,} hands")
        t = time.perf_counter()
        n = sum(1 for _ in records_from_dataset(work / "ds"))
        base = time.perf_counter() - t
        print(f"{'baseline: rebuild the records from the rows':52}{n / base:>10,.0f} hands/s")
        t = time.perf_counter()
        counts = export_dataset(work / "ds", work / "phh", 1000)
        now = time.perf_counter() - t
        print(f"{'export (records, PHH documents, files)':52}{counts.hands / now:>10,.0f} hands/s")
        phh.same_but_lines = _same_before  # type: ignore[attr-defined]
        t = time.perf_counter()
        counts = export_dataset(work / "ds", work / "phh-before", 1000)
        before = time.perf_counter() - t
        label = "export as before issue 18 (recursive copies)"
        print(f"{label:52}{counts.hands / before:>10,.0f} hands/s")
        print(f"speed-up: {before / now:.1f}x; skipped {counts.skipped} (fewer than 2 players)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
