"""Reading sources: encodings, line endings, splitting into hand blocks, paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahahh.errors import SourceError
from omahahh.parsers.registry import expand_paths, iter_blocks
from omahahh.parsers.sources import read_lines

HAND_A = "PokerStars Hand #1:  Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/01 10:00:00 ET\nTable 'T' 6-max Seat #1 is the button\n*** SUMMARY ***"
HAND_B = HAND_A.replace("#1:", "#2:").replace("'T'", "'Tåble €'")


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [
        ("utf-8", b""),
        ("utf-8", b"\xef\xbb\xbf"),
        ("cp1252", b""),
        ("utf-16-le", b"\xff\xfe"),
        ("utf-16-be", b"\xfe\xff"),
        ("utf-16-le", b""),
    ],
)
def test_encodings_are_decoded(tmp_path: Path, encoding: str, bom: bytes) -> None:
    text = HAND_A + "\n\n\n" + HAND_B + "\n"
    p = write(tmp_path, "h.txt", bom + text.encode(encoding))
    blocks = list(iter_blocks(p))
    assert [b.lines[0][:22] for b in blocks] == ["PokerStars Hand #1:  O", "PokerStars Hand #2:  O"]
    assert "Tåble €" in blocks[1].lines[1]
    assert not blocks[0].lines[0].startswith("\ufeff")


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
def test_line_endings_are_normalised(tmp_path: Path, newline: bytes) -> None:
    text = (HAND_A + "\n\n\n" + HAND_B).encode().replace(b"\n", newline)
    p = write(tmp_path, "h.txt", text)
    blocks = list(iter_blocks(p))
    assert len(blocks) == 2
    assert all("\r" not in line for b in blocks for line in b.lines)
    assert blocks[1].line == 6  # 3 lines, then 2 blank lines


def test_mixed_line_endings(tmp_path: Path) -> None:
    data = HAND_A.encode().replace(b"\n", b"\r\n", 1) + b"\n\n\n" + HAND_B.encode()
    assert len(list(iter_blocks(write(tmp_path, "h.txt", data)))) == 2


def test_blocks_split_on_header_without_blank_lines(tmp_path: Path) -> None:
    p = write(tmp_path, "h.txt", (HAND_A + "\n" + HAND_B).encode())
    blocks = list(iter_blocks(p))
    assert [b.line for b in blocks] == [1, 4]


def test_stray_text_after_two_blank_lines_is_its_own_block(tmp_path: Path) -> None:
    p = write(tmp_path, "h.txt", (HAND_A + "\n\n\nsome garbage\nmore\n\n\n" + HAND_B).encode())
    blocks = list(iter_blocks(p))
    assert [b.lines[0] for b in blocks][1] == "some garbage"
    assert len(blocks) == 3


def test_single_blank_line_inside_a_hand_keeps_line_numbers(tmp_path: Path) -> None:
    p = write(tmp_path, "h.txt", (HAND_A.replace("\n", "\n\n", 1)).encode())
    (block,) = iter_blocks(p)
    assert block.lines[2] == "Table 'T' 6-max Seat #1 is the button"


def test_identical_text_has_identical_hash_across_encodings(tmp_path: Path) -> None:
    a = next(iter_blocks(write(tmp_path, "a.txt", HAND_B.encode("utf-8"))))
    b = next(
        iter_blocks(
            write(tmp_path, "b.txt", b"\xff\xfe" + HAND_B.replace("\n", "\r\n").encode("utf-16-le"))
        )
    )
    assert a.text_hash() == b.text_hash()


HEADER = b"PokerStars Hand #1:  Omaha Pot Limit ($1/$2 USD) - 2021/03/10 14:00:00 ET\n"


def test_expand_paths_folders_globs_and_missing(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path, "a.txt", HEADER)
    write(tmp_path / "sub", "b.txt", HEADER)
    write(tmp_path, ".hidden.txt", HEADER)
    write(tmp_path, "notes.md", b"x")
    assert [p.name for p in expand_paths([tmp_path])] == ["a.txt", "b.txt"]
    assert [p.name for p in expand_paths([str(tmp_path / "**" / "*.txt")])] == ["a.txt", "b.txt"]
    with pytest.raises(SourceError, match="no such file"):
        list(expand_paths([tmp_path / "missing.txt"]))
    with pytest.raises(SourceError, match="no file matches"):
        list(expand_paths([str(tmp_path / "*.none")]))


def test_walk_recognises_hand_histories_by_content_whatever_the_name(tmp_path: Path) -> None:
    """.Sample, .dat, no extension were ignored without a word."""
    for name in ("h.Sample", "h.dat", "noext", "h.txt"):
        write(tmp_path, name, b"\n" + HEADER)
    write(tmp_path, "readme.txt", b"not a hand\n")
    skipped: list[tuple[str, str]] = []
    found = [p.name for p in expand_paths([tmp_path], lambda p, why: skipped.append((p, why)))]
    assert found == ["h.Sample", "h.dat", "h.txt", "noext"]
    assert skipped == [(str(tmp_path / "readme.txt"), "not a hand history")]


@pytest.mark.parametrize("suffix", ["", ".gz"])
def test_header_after_a_long_preamble_is_found_across_sniff_chunks(
    tmp_path: Path, suffix: str
) -> None:
    """The sniffer reads small chunks (SNIFF_CHUNK), not a whole 1 MiB one: a header on
    line 150, ~45 KB in, is still found; one past line 200 is not (SNIFF_LINES)."""
    import gzip

    from omahahh.parsers.registry import SNIFF_CHUNK, SNIFF_LINES, is_hand_history

    def data(preamble: int) -> bytes:
        raw = b"".join(b"note %d " % i + b"x" * 290 + b"\n" for i in range(preamble)) + HEADER
        return gzip.compress(raw) if suffix else raw

    early = write(tmp_path, "early.txt" + suffix, data(150))
    late = write(tmp_path, "late.txt" + suffix, data(SNIFF_LINES + 5))
    assert 2 * SNIFF_CHUNK < 150 * 300  # the header is beyond the first two chunks
    assert is_hand_history(early)
    assert not is_hand_history(late)


def test_compressed_files_and_zip_members_are_read_transparently(tmp_path: Path) -> None:
    import bz2
    import gzip
    import lzma
    import zipfile

    text = HEADER + b"Table 't' 6-max Seat #1 is the button\n"
    (tmp_path / "a.txt.gz").write_bytes(gzip.compress(text))
    (tmp_path / "b.bz2").write_bytes(bz2.compress(text))
    (tmp_path / "c.xz").write_bytes(lzma.compress(text))
    with zipfile.ZipFile(tmp_path / "d.zip", "w") as zf:
        zf.writestr("day1/h.txt", text)
        zf.writestr("readme.md", b"hello")
        zf.writestr("day2/h.txt.gz", gzip.compress(text.replace(b"#1:", b"#2:")))
    skipped: list[str] = []
    found = [str(p) for p in expand_paths([tmp_path], lambda p, why: skipped.append(p))]
    names = [f.removeprefix(str(tmp_path) + "/") for f in found]
    assert names == ["a.txt.gz", "b.bz2", "c.xz", "d.zip!day1/h.txt", "d.zip!day2/h.txt.gz"]
    assert skipped == [f"{tmp_path}/d.zip!readme.md"]
    for f in found:
        assert next(iter(read_lines(f))).startswith("PokerStars Hand #")


def test_unreadable_input_named_directly_is_a_source_error(tmp_path: Path) -> None:
    import os

    folder_like = tmp_path / "x.txt"  # a folder with a file's name: holds no hand history
    folder_like.mkdir()
    assert list(expand_paths([folder_like])) == []
    import tempfile

    open_dir = Path(tempfile.mkdtemp())  # pytest's tmp_path is closed to other users
    open_dir.chmod(0o755)
    locked = write(open_dir, "locked.txt", HEADER)
    locked.chmod(0)
    # Tests run as root, who reads every file: check in a forked child that gave up root.
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child process
        code = 3
        try:
            if os.geteuid() == 0:
                os.setegid(65534)
                os.seteuid(65534)
            list(expand_paths([locked]))
            code = 0
        except SourceError as exc:
            code = 1 if "cannot be read" in str(exc) else 2
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 1


def test_invalid_utf8_lines_are_marked_repaired(tmp_path: Path) -> None:
    from omahahh.parsers.registry import iter_blocks

    p = write(tmp_path, "h.txt", HEADER + b"Seat 1: Jos\xe9 ($10 in chips)\n")
    (block,) = list(iter_blocks(p))
    assert block.lines[1] == "Seat 1: José ($10 in chips)"
    assert block.repaired == (1,)


def test_read_lines_streams(tmp_path: Path) -> None:
    p = write(tmp_path, "big.txt", b"line\n" * 100_000)
    it = read_lines(p)
    assert next(it) == "line"  # a generator: nothing forces the whole file into memory


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
def test_chunk_boundaries_do_not_change_lines(tmp_path: Path, newline: bytes) -> None:
    text = ("\n\n\n".join([HAND_A, HAND_B] * 20)).encode("utf-8").replace(b"\n", newline)
    p = write(tmp_path, "h.txt", b"\xef\xbb\xbf" + text)
    whole = list(read_lines(p))
    for size in (1, 2, 3, 7, 64):
        assert list(read_lines(p, chunk=size)) == whole, size
    assert len(whole) == text.count(newline) + 1


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
def test_a_line_longer_than_many_chunks_is_read_whole(tmp_path: Path, newline: bytes) -> None:
    """Chunks with no line end are held and joined once (linear time: a 20 MiB line in
    16 KiB chunks took 1.5 s when each chunk was appended to the pending bytes)."""
    long = b"x" * 300_000
    p = write(tmp_path, "long.txt", b"a" + newline + long + newline + b"b")
    assert list(read_lines(p, chunk=1024)) == ["a", long.decode(), "b"]


def test_cp1252_line_inside_utf8_file(tmp_path: Path) -> None:
    data = HAND_A.encode() + b"\nTable 'Caf\xe9 \x80'\n"
    lines = list(read_lines(write(tmp_path, "h.txt", data)))
    assert lines[3] == "Table 'Café €'"


def test_a_gzipped_phhs_file_is_split_into_its_hands(tmp_path: Path) -> None:
    import gzip

    from omahahh.dataset.pipeline import process_file
    from tests.helpers.paths import PHH_FIXTURES

    phhs = (PHH_FIXTURES / "pokerkit_fo8_two_hands.phhs").read_bytes()
    packed = tmp_path / "two.phhs.gz"
    packed.write_bytes(gzip.compress(phhs))
    fragment = process_file(packed)
    assert (fragment.hands, fragment.failures) == (2, 0)
