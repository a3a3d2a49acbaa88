"""Large files cut into pieces for the workers (:mod:`omahahh.dataset.pieces`): a piece
must read exactly the blocks the whole file's reading gives there, and an ingest in
pieces must write the dataset an ingest of whole files writes."""

from __future__ import annotations

import bz2
import gzip
import itertools
import json
import lzma
import os
import zipfile
from collections.abc import Iterable
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset import pieces
from omahahh.dataset.ingest import IngestOptions, ingest
from omahahh.dataset.pieces import Piece, estimated_pieces, pieces_of, splittable
from omahahh.dataset.pipeline import process_piece
from omahahh.dataset.store import scan
from omahahh.dataset.tables import TABLES
from omahahh.dataset.workers import capped_workers
from omahahh.parsers.registry import expand_paths, iter_blocks, split_blocks
from omahahh.parsers.sources import Block, read_lines, readable_from_offsets
from tests.helpers.paths import SAMPLES
from tests.helpers.runtime import run_fresh_python

Shape = tuple[str, int, tuple[str, ...], tuple[int, ...]]


def shapes(blocks: Iterable[Block]) -> list[Shape]:
    return [(b.path, b.line, b.lines, b.repaired) for b in blocks]


def piece_blocks(cut: list[Piece]) -> list[Shape]:
    """The blocks of each piece, read as a worker reads it."""
    out: list[Shape] = []
    for p in cut:
        if p.whole:
            out += shapes(iter_blocks(p.path))
        else:
            lines = read_lines(p.path, start=p.start, end=p.end)
            out += shapes(split_blocks(p.path, lines, p.first_line))
    return out


def check_contiguous(cut: list[Piece], path: Path) -> None:
    """Pieces cover the file, in order, each first line the line its start is on."""
    assert cut[0].start == 0 and cut[-1].end is None
    assert [p.last for p in cut] == [False] * (len(cut) - 1) + [True]
    data = path.read_bytes()
    for before, after in itertools.pairwise(cut):
        assert before.end == after.start
        assert data[after.start - 1 : after.start] == b"\n"
        prefix = data[: after.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        assert after.first_line == prefix.count(b"\n") + 1


@pytest.mark.corpus
def test_pieces_read_the_blocks_of_the_whole_file_for_every_corpus_file(corpus: Path) -> None:
    """Cut wherever a cut may be (a piece of one byte): every multi-hand text file of
    the corpus is cut at every hand, and its pieces give the whole file's blocks."""
    cut_files = 0
    for f in expand_paths([corpus]):
        whole = shapes(iter_blocks(f))
        cut = pieces_of(f, 2, size=1)
        if splittable(str(f)):
            # Every hand starts a piece (and blank lines before the first may make one).
            assert len(whole) <= len(cut) <= len(whole) + 1, f
        else:
            assert cut == [Piece(str(f))], f
        if len(cut) > 1:
            cut_files += 1
            check_contiguous(cut, f)
        assert piece_blocks(cut) == whole, f
    assert cut_files >= 20  # PokerStars, GGPoker, Winamax, Bovada, 888, Party, archives...


def synthetic_hands() -> list[str]:
    """Hands of three rooms (the samples), as text."""
    texts = []
    for room in ("pokerstars", "888poker", "partypoker"):
        for f in sorted((SAMPLES / room).rglob("*.txt"))[:6]:
            texts += ["\n".join(b.lines) for b in iter_blocks(f)]
    return texts


def test_pieces_keep_line_endings_encodings_lead_ins_and_stray_text(tmp_path: Path) -> None:
    hands = synthetic_hands()
    assert len(hands) > 12
    parts = []
    for i, hand in enumerate(hands):
        lines = hand.split("\n")
        if i % 5 == 1:
            lines.insert(2, "Seat 9: caf\xe9 au lait")  # written as cp1252 below
        if i % 7 == 3:
            lines.insert(0, "#Game No : 12345")  # a lead-in: its header stays with it
        if i % 6 == 4:
            lines += ["", "", "stray text between hands"]
        ending = "\r\n" if i % 2 else "\n"
        parts.append(ending.join(lines) + ending * (1 + i % 3))
    raw = b"\xef\xbb\xbf" + "".join(parts).encode("utf-8")
    raw = raw.replace("caf\xe9".encode(), b"caf\xe9")  # not UTF-8: that line is cp1252
    raw = raw.replace(b"lait\n", b"lait\r", 1)  # one lone CR (an old Mac line end)
    f = tmp_path / "mixed.txt"
    f.write_bytes(raw.rstrip(b"\r\n"))  # no final line end
    whole = shapes(iter_blocks(f))
    assert any(s[3] for s in whole)  # repaired lines are there
    for size in (1, 500, 3000):
        cut = pieces_of(f, 2, size=size)
        assert len(cut) > 1
        check_contiguous(cut, f)
        assert piece_blocks(cut) == whole, size
    # Searches whose windows end inside lines, empty lines and headers. A header longer
    # than the window (97 bytes) cannot be seen whole: no cut there, blocks the same.
    everywhere = pieces_of(f, 2, size=1)
    for window, back in ((97, 5), (400, 64), (2048, 64)):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(pieces, "WINDOW_BYTES", window)
            patch.setattr(pieces, "COUNT_BYTES", window)
            patch.setattr(pieces, "LOOK_BACK", back)
            for size in (1, 777):
                cut = pieces_of(f, 2, size=size)
                check_contiguous(cut, f)
                assert piece_blocks(cut) == whole, (window, size)
            if window > 300:
                assert pieces_of(f, 2, size=1) == everywhere, window
    # A lead-in's header is never a cut: the block starting "#Game No" keeps it.
    starts = {p.first_line for p in pieces_of(f, 2, size=1)}
    for _, line, lines, _ in whole:
        if lines[0].startswith("#Game No"):
            assert line in starts and line + 1 not in starts


def test_files_that_cannot_be_cut_stay_whole(tmp_path: Path) -> None:
    text = "\n\n\n".join(synthetic_hands()) + "\n"
    plain = tmp_path / "plain.txt"
    plain.write_text(text, encoding="utf-8")
    assert len(pieces_of(plain, 2, size=1)) > 1
    gz = tmp_path / "hands.txt.gz"
    gz.write_bytes(gzip.compress(text.encode()))
    bz = tmp_path / "hands.bz2"  # any name: compression is told by its magic bytes
    bz.write_bytes(bz2.compress(text.encode()))
    xz = tmp_path / "hands.log"
    xz.write_bytes(lzma.compress(text.encode()))
    utf16 = tmp_path / "utf16.txt"
    utf16.write_text(text, encoding="utf-16")
    utf16_le = tmp_path / "utf16le.txt"
    utf16_le.write_bytes(text.encode("utf-16-le"))
    archive = tmp_path / "hands.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("day1.txt", text)
    member = f"{archive}!day1.txt"
    xml = next(f for f in expand_paths([SAMPLES / "structured"]) if len(list(iter_blocks(f))) > 3)
    for f in (gz, bz, xz, utf16, utf16_le, member, xml):
        assert pieces_of(f, 2, size=1) == [Piece(str(f))], f
        assert estimated_pieces(f, 2) == 1
    # No header shows in compressed bytes, so the cut search alone keeps them whole: the
    # reader's own test is asked directly.
    assert readable_from_offsets(str(plain)) and readable_from_offsets(str(xml))
    for f in (gz, bz, xz, utf16, utf16_le, member):
        assert not readable_from_offsets(str(f)), f
    small = tmp_path / "small.txt"
    small.write_text(text[:2000], encoding="utf-8")
    assert pieces_of(small, 2) == [Piece(str(small))]  # smaller than two pieces


def test_piece_size_bounds_and_estimate(tmp_path: Path) -> None:
    assert pieces.piece_bytes(10, 2) == pieces.PIECE_MIN_BYTES
    assert pieces.piece_bytes(10**10, 2) == pieces.PIECE_MAX_BYTES


def test_only_the_last_piece_counts_the_file(tmp_path: Path) -> None:
    f = tmp_path / "hands.txt"
    f.write_text("\n\n\n".join(synthetic_hands()) + "\n", encoding="utf-8")
    fragments = [process_piece(p) for p in pieces_of(f, 2, size=4000)]
    assert len(fragments) > 2
    assert [fr.files for fr in fragments] == [0] * (len(fragments) - 1) + [1]
    assert sum(fr.blocks for fr in fragments) == len(list(iter_blocks(f)))


def test_the_runs_last_small_files_are_cut_finer_so_workers_end_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Scaled down: files of ~30 KB are "small" (under two pieces of 20 KB) and the last
    # ones are cut into pieces of 4 KB; a large last file keeps its usual pieces.
    monkeypatch.setattr(pieces, "PIECE_MIN_BYTES", 20_000)
    monkeypatch.setattr(pieces, "TAIL_PIECE_BYTES", 4_000)
    hands = synthetic_hands()
    files = []
    for i, size in enumerate((30_000, 30_000, 30_000, 30_000, 90_000)):
        f = tmp_path / f"f{i}.txt"
        text = ""
        for hand in itertools.cycle(hands):
            if len(text) >= size:
                break
            text += hand + "\n\n\n"
        f.write_text(text, encoding="utf-8")
        files.append(f)

    small = files[:4]
    cut = list(pieces.iter_pieces(small, 2))
    per_file = {f: [p for p in cut if p.path == str(f)] for f in small}
    assert [len(per_file[f]) for f in small[:2]] == [1, 1]  # whole, as before
    assert all(len(per_file[f]) >= 4 for f in small[2:])  # the last two: finer
    for f in small:
        check_contiguous(per_file[f], f)
    assert [p.path for p in cut] == sorted(p.path for p in cut)  # input order kept
    assert piece_blocks(cut) == [s for f in small for s in shapes(iter_blocks(f))]

    # A last file large enough to be cut anyway keeps its usual piece size.
    assert list(pieces.iter_pieces([files[4]], 2)) == pieces_of(files[4], 2)
    assert len(pieces_of(files[4], 2)) == 4
    # One worker's "last files" are only the very last.
    assert len([p for p in pieces.iter_pieces(small, 1) if p.path == str(small[2])]) == 1


def test_unreadable_piece_is_a_failure_row_naming_its_line(tmp_path: Path) -> None:
    gone = Piece(str(tmp_path / "gone.txt"), 100, 200, 7, last=True)
    fragment = process_piece(gone)
    row = fragment.frames["failures"].row(0, named=True)
    assert row["reason_code"] == "unreadable_file" and row["source_line"] == 7
    assert fragment.files == 1 and fragment.blocks == 1


def test_capped_workers_counts_pieces() -> None:
    notes: list[str] = []
    assert capped_workers(2, 1, notes.append, pieces=12) == min(2, _cpus())
    assert capped_workers(8, 1, notes.append, pieces=3) == min(3, _cpus())
    assert capped_workers(2, 1, notes.append, pieces=1) == 1
    assert notes[-1] == "note: --workers 2 capped at 1 (1 input file)"
    if _cpus() > 3:
        assert notes[0] == "note: --workers 8 capped at 3 (1 input file in 3 pieces)"


def _cpus() -> int:
    return os.cpu_count() or 1


def one_big_file(corpus: Path, folder: Path) -> list[Path]:
    """Every PokerStars corpus hand in one file, then the first ten again (duplicates
    in later pieces) and one with other amounts (a conflict); then a file of 25 of those
    hands and one of its own (the run's last files: cut finer where pieces are 20 KB and
    tail pieces 4 KB); and a small last file."""
    folder.mkdir()
    texts = [
        "\n".join(b.lines) for f in expand_paths([corpus / "PokerStars"]) for b in iter_blocks(f)
    ]
    texts += [*texts[:10], texts[0].replace("$0.", "$9.")]
    big = folder / "big.txt"
    big.write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    mid = folder / "mid.txt"
    mid.write_text("\n\n\n".join([*texts[20:45], texts[-1]]) + "\n", encoding="utf-8")
    small = folder / "small.txt"
    small.write_text(texts[5] + "\n", encoding="utf-8")
    return [big, mid, small]


def sorted_tables(root: Path) -> dict[str, pl.DataFrame]:
    return {name: scan(root, name).collect().sort(pl.all()) for name in TABLES}


PIECES_INGEST = """
import json, sys
from omahahh.dataset import pieces
pieces.PIECE_MIN_BYTES = 20_000
pieces.TAIL_PIECE_BYTES = 4_000
from omahahh.dataset.ingest import IngestOptions, ingest
fragments = []
c = ingest(sys.argv[2:], sys.argv[1], IngestOptions(workers=2), fragments.append)
print(json.dumps([c.parts_from, [f.files for f in fragments],
                  [c.files, c.blocks, c.parsed, c.duplicates, c.failures]]))
"""


@pytest.mark.corpus
def test_ingest_in_pieces_writes_what_whole_files_write(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both writers: the workers (a fresh interpreter, whose driver has not started
    polars' pool) and the driver (this process)."""
    inputs = one_big_file(corpus, tmp_path / "in")
    whole = ingest(inputs, tmp_path / "whole")  # one process, whole files in parts
    expected = sorted_tables(tmp_path / "whole")
    counts = [whole.files, whole.blocks, whole.parsed, whole.duplicates, whole.failures]
    assert whole.duplicates >= 10 and whole.failures >= 1

    out = run_fresh_python(PIECES_INGEST, str(tmp_path / "w"), *map(str, inputs), limit=300)
    parts_from, files, got = json.loads(out.splitlines()[-1])
    assert parts_from == "workers" and got == counts
    assert len(files) > 8 and sum(files) == 3  # many pieces, each file counted once
    by_workers = sorted_tables(tmp_path / "w")
    for name in TABLES:
        assert by_workers[name].equals(expected[name]), name

    monkeypatch.setattr(pieces, "PIECE_MIN_BYTES", 20_000)
    monkeypatch.setattr(pieces, "TAIL_PIECE_BYTES", 4_000)
    mid = str(inputs[1])
    assert 4000 * 2 < os.path.getsize(mid) < 20_000 * 2  # cut only as a last file
    assert len([p for p in pieces.iter_pieces(inputs, 2) if p.path == mid]) > 2
    seen: list[int] = []
    notes: list[str] = []
    by_driver = ingest(
        inputs,
        tmp_path / "d",
        IngestOptions(workers=2),
        lambda f: seen.append(f.files),
        notes.append,
    )
    assert by_driver.parts_from == "driver"  # this process's polars pool runs
    assert not any("capped" in n for n in notes) or _cpus() < 2
    assert [by_driver.files, by_driver.blocks, by_driver.parsed] == counts[:3]
    assert [by_driver.duplicates, by_driver.failures] == counts[3:]
    assert len(seen) > 8 and sum(seen) == 3
    got_tables = sorted_tables(tmp_path / "d")
    for name in TABLES:
        assert got_tables[name].equals(expected[name]), name


@pytest.mark.corpus
def test_one_large_file_is_not_capped_to_one_worker(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers are capped at the files, or at a large file's pieces: one file, 2 workers."""
    if _cpus() < 2:
        pytest.skip("one CPU: capped at 1 whatever the pieces")
    big, *_ = one_big_file(corpus, tmp_path / "in")
    monkeypatch.setattr(pieces, "PIECE_MIN_BYTES", 20_000)
    assert estimated_pieces(big, 2) > 2
    notes: list[str] = []
    seen: list[int] = []
    counts = ingest(
        [big],
        tmp_path / "ds",
        IngestOptions(workers=2),
        lambda f: seen.append(f.files),
        notes.append,
    )
    assert not any("capped" in n for n in notes)
    assert counts.files == 1 and len(seen) > 2 and sum(seen) == 1
    alone = ingest([big], tmp_path / "one")
    assert [counts.blocks, counts.parsed, counts.duplicates] == [
        alone.blocks,
        alone.parsed,
        alone.duplicates,
    ]
