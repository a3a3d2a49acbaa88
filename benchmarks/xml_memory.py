"""Peak memory of ingesting one large iPoker XML export, beside one a tenth its size.

    python benchmarks/xml_memory.py [--mb 100 1000] [--dir DIR (files kept, reused)]

The export is the iPoker corpus games repeated, each copy with new game codes,
each corpus file's session header kept before its own games, written to a
temporary file of about the size asked (documents pasted one after another,
as the client's exports are). Each size is ingested (parse, replay, audit,
write the dataset) in a fresh child process, which reports its time and peak
resident memory (VmHWM). Streaming means the peak does not grow with the
file: the largest file's peak should be within 1.5x of the smallest's. For
scale, the same child also reports what ``xml.etree`` needs to hold the
smallest file as one tree (the baseline a non-streaming reader pays).
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import resource
import tempfile
import time
from pathlib import Path

from omahahh.parsers.registry import expand_paths

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "iPokerXML"
_GAMECODE_RE = re.compile(r'gamecode="(\d+)"')
_SESSION_END_RE = re.compile(r"</session>\s*$")


def seed_sessions() -> list[tuple[str, list[str]]]:
    """(session header text, game texts) of every corpus file, as written."""
    from omahahh.parsers.registry import iter_blocks

    seeds = []
    for path in expand_paths([CORPUS]):
        raw = path.read_bytes()
        text = raw.decode("utf-8", errors="replace") if b"\x80" not in raw else raw.decode("cp1252")
        text = text.lstrip("\ufeff").replace("\r\n", "\n")
        first = text.find("<game ")
        if first < 0:
            continue
        header = re.sub(r"<\?xml[^>]*\?>", "", text[:first]).strip()
        games = ["\n".join(b.lines) for b in iter_blocks(path)]
        seeds.append((header, [g for g in games if g.startswith("<game ")]))
    return seeds


def write_export(path: Path, megabytes: int) -> int:
    """About ``megabytes`` MB of iPoker XML; returns the number of games written."""
    seeds = seed_sessions()
    target = megabytes * 1_000_000
    written = games = copy = 0
    with path.open("w", encoding="utf-8") as out:
        while written < target:
            for header, texts in seeds:
                parts = ['<?xml version="1.0" encoding="utf-8"?>\n', header, "\n"]
                for game in texts:
                    games += 1
                    parts.append(_GAMECODE_RE.sub(f'gamecode="{9_000_000_000 + games}"', game))
                    parts.append("\n")
                parts.append("</session>\n")
                chunk = "".join(parts)
                out.write(chunk)
                written += len(chunk.encode("utf-8"))
            copy += 1
    return games


def _high_water_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ingest(path: str, out: str, queue: multiprocessing.Queue[str]) -> None:
    from omahahh.dataset.ingest import ingest

    start = time.perf_counter()
    counts = ingest([path], out)
    seconds = time.perf_counter() - start
    queue.put(f"{_high_water_mib():8.1f}|{seconds:.1f}|{counts.parsed}|{counts.failures}")


def _etree(path: str, out: str, queue: multiprocessing.Queue[str]) -> None:
    import xml.etree.ElementTree as ET

    del out
    text = Path(path).read_text(encoding="utf-8")
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    start = time.perf_counter()
    root = ET.fromstring("<all>" + text + "</all>")
    seconds = time.perf_counter() - start
    queue.put(f"{_high_water_mib():8.1f}|{seconds:.1f}|{len(root.findall('*/game'))}|0")


def measure(target: object, path: Path, out: Path) -> tuple[float, float, int, int]:
    ctx = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue[str] = ctx.Queue()
    proc = ctx.Process(target=target, args=(str(path), str(out), queue))
    proc.start()
    proc.join()
    if proc.exitcode != 0:
        raise SystemExit(f"child failed (exit {proc.exitcode})")
    peak, seconds, hands, failures = queue.get().split("|")
    return float(peak), float(seconds), int(hands), int(failures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--skip-etree", action="store_true")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory() if args.dir is None else None
    folder = Path(tmp.name) if tmp else args.dir
    folder.mkdir(parents=True, exist_ok=True)
    peaks = []
    for mb in sorted(args.mb):
        export = folder / f"ipoker-{mb}MB.xml"
        if not export.is_file():
            start = time.perf_counter()
            games = write_export(export, mb)
            print(f"wrote {export.stat().st_size / 1e6:,.0f} MB, {games:,} games "
                  f"in {time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
        peak, seconds, hands, failures = measure(_ingest, export, folder / f"ds-{mb}")
        peaks.append(peak)
        size = export.stat().st_size / 1e6
        print(f"ingest {size:7,.0f} MB: peak {peak:7.1f} MiB, {seconds:7.1f} s, "
              f"{hands:,} hands parsed, {failures} failures", flush=True)  # fmt: skip
    if not args.skip_etree:
        smallest = folder / f"ipoker-{min(args.mb)}MB.xml"
        peak, seconds, games, _ = measure(_etree, smallest, folder)
        print(f"baseline: xml.etree holding the {min(args.mb)} MB file as one tree: "
              f"peak {peak:7.1f} MiB ({games:,} games, {seconds:.1f} s)")  # fmt: skip
    ratio = peaks[-1] / peaks[0]
    verdict = "flat" if ratio <= 1.5 else "NOT flat"
    print(f"peak ratio largest/smallest: {ratio:.2f} ({verdict}: the bound is 1.5)")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
