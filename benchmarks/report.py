"""The audit report for a million hands: build time, page size and load time, beside baselines.

    python benchmarks/report.py [--hands 1000000] [--files 100] [--top 100] [--dir DIR]

The dataset is synthesised, not ingested (ingesting a million hands takes ten
minutes here), but it is a dataset the report can read end to end, hand texts
included: the PokerStars hands of ``../shared/corpus`` are ingested once as a
seed; every seed hand is then written ``copies`` times into ``--files`` text
files under a new hand number (``#9000000<copy><seed>:``; nothing else in the
text changes), and every table of the seed is repeated with the same new keys,
times moved on a minute per copy, and ``source_path``/``source_line`` pointing
at the copy's place in those files. So findings, rake discrepancies and the
players (the corpus's names: a few players with hundreds of thousands of
hands, like a player's own database) have the shapes of real hands, and the
hands the page opens are re-read from text as they would be.

Figures (seconds, best of ``--repeat``):

- baseline: read the columns the report reads (no computation);
- baseline: the statistics table alone (``omahahh stats``, the costliest part);
- the report's data (every section, hands re-read and replayed), the HTML,
  and ``omahahh report`` as a command (a fresh process, imports included);
- the page's size, and what takes it;
- load event in headless Chromium (``/usr/bin/chromium``), median of
  ``--loads`` fresh pages, beside an empty page's.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import polars as pl

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from omahahh.dataset.ingest import ingest  # noqa: E402
from omahahh.dataset.store import CURRENT, MANIFEST, scan  # noqa: E402
from omahahh.dataset.tables import TABLES  # noqa: E402
from omahahh.model import HandRecord  # noqa: E402
from omahahh.parsers import parse_block  # noqa: E402
from omahahh.parsers.registry import expand_paths, iter_blocks  # noqa: E402
from omahahh.rake.builtin import resolve_schedule  # noqa: E402
from omahahh.report.page import render_page  # noqa: E402
from omahahh.report.page_data import report_data  # noqa: E402
from omahahh.report.show import hands_from_dataset  # noqa: E402
from omahahh.stats.players import dataset_tables, player_stats  # noqa: E402

T = TypeVar("T")
CORPUS = REPO.parent / "shared" / "corpus" / "PokerStars"
HAND_ID = re.compile(r"#\d+:")
BASE_ID = 900_000_000_000_000
SEP = "\n\n\n"  # between hands in a file: two blank lines
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def seed_texts(tmp: Path) -> tuple[list[str], Path]:
    """The corpus's parsable PokerStars hands (first copy of each key) as texts whose
    new keys parse back, and their seed dataset."""
    texts: dict[str, str] = {}
    for path in expand_paths([CORPUS]):
        for block in iter_blocks(path):
            hand = parse_block(block)
            if isinstance(hand, HandRecord) and hand.hand_key not in texts:
                probe = HAND_ID.sub(f"#{BASE_ID}:", block.text, count=1)
                again = parse_block(next(iter_blocks_of(probe, tmp)))
                if isinstance(again, HandRecord) and again.hand_key == f"pokerstars:{BASE_ID}":
                    texts[hand.hand_key] = block.text
    seed = tmp / "seed.txt"
    seed.write_text(SEP.join(texts.values()) + "\n", encoding="utf-8")
    ingest([seed], tmp / "seed")
    return list(texts.values()), tmp / "seed"


def iter_blocks_of(text: str, tmp: Path):  # type: ignore[no-untyped-def]
    probe = tmp / "probe.txt"
    probe.write_text(text + "\n", encoding="utf-8")
    return iter_blocks(probe)


def synthesise(root: Path, hands: int, files: int) -> int:
    """Write the text files and the dataset (see the module doc); returns the hand count."""
    with tempfile.TemporaryDirectory() as tmp:
        texts, seed_root = seed_texts(Path(tmp))
        seed = {t: scan(seed_root, t).collect() for t in TABLES}
    order = seed["hands"].sort("source_line")["hand_key"].to_list()
    n = len(order)
    assert n < 1000, "seed numbers take three digits of the new hand number"
    lines = [t.count("\n") + 1 for t in texts]
    offsets = [sum(x + 2 for x in lines[:i]) for i in range(n)]
    per_copy = sum(x + 2 for x in lines)
    index = pl.DataFrame(
        {"hand_key": order, "_seed": list(range(n)), "_offset": offsets},
        schema={"hand_key": pl.String, "_seed": pl.Int64, "_offset": pl.Int64},
    )
    copies = -(-hands // n)
    per_file = -(-copies // files)
    text_dir = root.parent / "text"
    text_dir.mkdir(parents=True, exist_ok=True)
    target = root / CURRENT
    for f in range(files):
        first, last = f * per_file, min((f + 1) * per_file, copies)
        if first >= last:
            break
        path = text_dir / f"hh{f:04d}.txt"
        with open(path, "w", encoding="utf-8") as out:
            out.write(
                SEP.join(
                    HAND_ID.sub(f"#{BASE_ID + c * 1000 + i}:", texts[i], count=1)
                    for c in range(first, last)
                    for i in range(n)
                )
                + "\n"
            )
        copy = pl.DataFrame({"_copy": pl.int_range(first, last, dtype=pl.Int64, eager=True)})
        for table in TABLES:
            frame = seed[table]
            folder = target / table
            folder.mkdir(parents=True, exist_ok=True)
            if "hand_key" not in frame.columns or table == "failures":
                if f == 0:
                    frame.write_parquet(folder / "part-0000.parquet")
                continue
            rows = copy.join(frame.join(index, on="hand_key"), how="cross")
            key = (BASE_ID + pl.col("_copy") * 1000 + pl.col("_seed")).cast(pl.String)
            rows = rows.with_columns(("pokerstars:" + key).alias("hand_key"))
            if table == "hands":
                rows = rows.with_columns(
                    key.alias("hand_id"),
                    pl.col("started_at") + pl.duration(minutes=pl.col("_copy")),
                    pl.lit(str(path)).alias("source_path"),
                    (1 + (pl.col("_copy") - first) * per_copy + pl.col("_offset"))
                    .cast(pl.Int32)
                    .alias("source_line"),
                )
            rows.select(frame.columns).write_parquet(folder / f"part-{f:04d}.parquet")
    run = {"files": files, "blocks": copies * n, "parsed": copies * n, "duplicates": 0}
    manifest = {"synthetic": True, "run": run | {"failures": 0}}
    (target / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return copies * n


def best(repeat: int, call: Callable[[], T]) -> tuple[float, T]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    assert result is not None
    return min(times), result


def read_baseline(root: Path) -> int:
    """Read the columns the report reads: hands, findings, failures, and what stats read."""
    frames = [
        scan(root, "hands").select(
            "hand_key",
            "site",
            "variant",
            "game_type",
            "currency",
            "unit",
            "stakes",
            "started_at",
            "cancelled",
            "big_blind",
            "rake_reported",
            "total_pot_derived",
            "source_path",
            "source_line",
        ),
        scan(root, "findings"),
        scan(root, "failures"),
        scan(root, "players").select("hand_key", "seat", "player", "dealt_in", "invested", "won"),
        scan(root, "actions").select("hand_key", "seq", "street", "seat", "kind", "amount"),
    ]
    return sum(f.collect().height for f in frames)


def load_times(paths: list[Path], loads: int) -> list[float]:
    """Median load-event time (ms) of each page, fresh page per load, one browser."""
    from playwright.sync_api import sync_playwright

    script = "performance.getEntriesByType('navigation')[0].loadEventEnd"
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for path in paths:
            times = []
            for _ in range(loads):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(path.resolve().as_uri(), wait_until="load")
                times.append(float(page.evaluate(script)))
                page.close()
            out.append(statistics.median(times))
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--top", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None, help="kept and reused if present")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory() if args.dir is None else None
    work = Path(tmp.name) if tmp else args.dir
    root = work / "ds"
    if not (root / CURRENT / "hands").is_dir():
        start = time.perf_counter()
        synthesise(root, args.hands, args.files)
        print(f"synthesised in {time.perf_counter() - start:.1f} s under {work}")
    n_hands = scan(root, "hands").select(pl.len()).collect().item()
    counts = {t: scan(root, t).select(pl.len()).collect().item() for t in ("actions", "findings")}
    print(f"{n_hands:,} hands, {counts['actions']:,} actions, {counts['findings']:,} findings")
    schedule = resolve_schedule("documented")
    rows: list[tuple[str, str]] = []
    seconds, _ = best(args.repeat, lambda: read_baseline(root))
    rows.append(("baseline: read the columns the report reads", f"{seconds:.1f} s"))
    seconds, _ = best(args.repeat, lambda: player_stats(dataset_tables(str(root))))
    rows.append(("baseline: the statistics table alone", f"{seconds:.1f} s"))
    data_s, data = best(args.repeat, lambda: report_data(root, schedule, top=args.top))
    opened = sum(1 for v in data.hands.values() if not isinstance(v, str))
    rows.append((f"report data (every section, {opened} hands re-read)", f"{data_s:.1f} s"))
    # The hands a page opens are the first by key here, all in the first file; the worst
    # case reads every file to its end: the last hand of each file.
    last = (
        scan(root, "hands")
        .group_by("source_path")
        .agg(pl.col("hand_key").sort_by("source_line").last())
        .collect()["hand_key"]
        .to_list()
    )
    seconds, found = best(args.repeat, lambda: hands_from_dataset(root, last))
    assert all(not isinstance(v, str) for v in found.values())
    rows.append((f"  worst case: the last hand of each of {len(last)} files", f"{seconds:.1f} s"))
    html_s, html = best(args.repeat, lambda: render_page(data))
    rows.append(("report HTML", f"{html_s:.2f} s"))
    page = work / "report.html"
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "omahahh",
            "report",
            str(root),
            "--out",
            str(page),
            "--top",
            str(args.top),
        ],
        check=True,
        cwd=REPO,
    )
    rows.append(("omahahh report (a fresh process)", f"{time.perf_counter() - start:.1f} s"))
    size = page.stat().st_size
    templates = sum(len(m) for m in re.findall(r"<template.*?</template>", html, re.S))
    svg = sum(len(m) for m in re.findall(r"<svg.*?</svg>", html, re.S))
    rows.append(("page size", f"{size / 2**20:.2f} MiB"))
    rows.append(("  of which hands (templates)", f"{templates / 2**20:.2f} MiB ({opened} hands)"))
    rows.append(("  of which charts (SVG)", f"{svg / 2**20:.2f} MiB"))
    empty = work / "empty.html"
    empty.write_text("<!DOCTYPE html><html lang=en><title>empty</title></html>\n")
    base_ms, page_ms = load_times([empty, page], args.loads)
    rows.append(("baseline: load event, an empty page", f"{base_ms:.0f} ms"))
    rows.append(("load event, the report", f"{page_ms:.0f} ms"))
    for label, value in rows:
        print(f"{label:52s} {value}")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
