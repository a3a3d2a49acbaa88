"""The benchmarks' child-process harness reports a dying child instead of waiting forever."""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.paths import REPO

sys.path.insert(0, str(REPO / "benchmarks"))

from baseline import bare_split, count_hands, vs_bare
from ingest import ChildFailed, Round, build_input, in_child, round_lines, side_by_side


def _measures(n: int) -> tuple[int, float, float]:
    return n, 1.0, 2.0


def _raises(n: int) -> tuple[int, float, float]:
    raise TypeError(f"stub called with the wrong arity ({n})")


def _killed(n: int) -> tuple[int, float, float]:
    os.kill(os.getpid(), signal.SIGKILL)
    return n, 0.0, 0.0


def test_in_child_returns_what_the_child_measured() -> None:
    assert in_child(_measures, 7) == (7, 1.0, 2.0)


def test_in_child_raises_with_the_traceback_when_the_child_raises() -> None:
    with pytest.raises(ChildFailed, match="wrong arity"):
        in_child(_raises, 1)


def test_in_child_raises_when_the_child_dies_without_answering() -> None:
    with pytest.raises(ChildFailed, match="exit code -9"):
        in_child(_killed, 1)


@pytest.mark.corpus
def test_side_by_side_times_both_halves_from_the_first_start_to_the_last_end(
    tmp_path: Path,
) -> None:
    (tmp_path / "in").mkdir()
    build_input(tmp_path / "in", 40, 4)
    files = sorted(str(p) for p in (tmp_path / "in").iterdir())
    hands, seconds, peak = side_by_side([files[:2], files[2:]], tmp_path)
    assert hands == 40
    assert seconds > 0 and peak > 0


def test_the_bare_limit_splits_on_blank_lines_of_every_line_end_style(tmp_path: Path) -> None:
    lf = b"PokerStars Hand #1: a\nb\n\n\n\nPokerStars Hand #2: c\n"
    crlf = b"Hand #3\r\nx\r\n \r\n\r\nHand #4\r\n\r\n"
    cr = b"Hand #5\rx\r\rHand #6\r\r\rHand #7"
    assert [count_hands(lf), count_hands(crlf), count_hands(cr)] == [2, 2, 3]
    # one line end alone never splits a hand, nor does a file's last line end
    assert count_hands(b"a\nb\r\nc\rd\n") == 1
    (tmp_path / "a.txt").write_bytes(lf)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_bytes(cr)
    hands, seconds, peak = bare_split([tmp_path])
    assert hands == 5 and seconds > 0 and peak > 0
    assert vs_bare(30.0, 1.2) == "1/25.0"


def test_rounds_give_each_round_then_the_median_and_range_of_every_ratio() -> None:
    rounds = [
        Round(bare=2.0, one=20.0, two=11.0, pair=10.0),  # 1/10, 1.82x, 2.00x, 91 %
        Round(bare=2.0, one=24.0, two=12.0, pair=12.0),  # 1/12, 2.00x, 2.00x, 100 %
        Round(bare=3.0, one=33.0, two=20.0, pair=17.0),  # 1/11, 1.65x, 1.94x, 85 %
    ]
    header, *per_round, median, spread = round_lines(rounds)
    assert "2 workers/pair" in header
    assert [line.split() for line in per_round] == [
        ["1", "1/10.0", "1.82x", "2.00x", "91%"],
        ["2", "1/12.0", "2.00x", "2.00x", "100%"],
        ["3", "1/11.0", "1.65x", "1.94x", "85%"],
    ]
    # the middle value of each column, not of one round
    assert median.split() == ["median", "1/11.0", "1.82x", "2.00x", "91%"]
    assert spread.split() == ["range", "1/10.0-1/12.0", "1.65-2.00x", "1.94-2.00x", "85-100%"]


def _dies_before_the_barrier(
    paths: list[str], out: str, barrier: object
) -> tuple[int, float, float, float]:
    if paths == ["second"]:
        os.kill(os.getpid(), signal.SIGKILL)
    barrier.wait()  # type: ignore[attr-defined]
    return 1, 0.0, 1.0, 1.0


@pytest.mark.corpus
def test_side_by_side_fails_when_a_half_fails_and_waits_for_nobody(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    build_input(tmp_path / "in", 10, 1)
    with pytest.raises(ChildFailed, match="failed"):
        side_by_side([[str(tmp_path / "in")], [str(tmp_path / "missing.txt")]], tmp_path)
    # The first half waits at the barrier for a second that died before reaching it: the
    # pair still ends, at once, with the dead one's exit code.
    with pytest.raises(ChildFailed, match="exit code -9"):
        side_by_side([["first"], ["second"]], tmp_path, _dies_before_the_barrier)


@pytest.mark.corpus
def test_the_stage_benchmark_times_every_stage_of_every_hand(tmp_path: Path) -> None:
    # The stages call the pipeline's own steps: a changed signature must fail here, not
    # first in a benchmark run (a stub of the wrong arity once hung one).
    from ingest import build_input
    from stages import STAGES, one_round

    build_input(tmp_path, 40, 1)
    start = time.perf_counter()
    hands, seconds = one_round(tmp_path / "hh0000.txt")
    wall = time.perf_counter() - start
    assert hands == 40
    assert list(seconds) == list(STAGES)
    # Each stage timed around work of its own: more than nothing, and the stages one after
    # another, so together no longer than the round (a timer left running would be).
    assert all(s > 0 for s in seconds.values()), seconds
    assert sum(seconds.values()) <= wall


@pytest.mark.corpus
@pytest.mark.parametrize("stage", ["audit", "split", "pipeline"])
def test_the_instruction_benchmark_counts_only_the_stage_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    # Without valgrind: the counting switch is recorded, with the stage run between its on
    # and its off, once.
    import instructions

    events: list[str] = []
    monkeypatch.setattr(instructions, "_toggle", lambda on: events.append(f"on:{on}"))
    import stages

    run = stages.run_stages

    def spy(path: Path, measure: object) -> int:
        def marked(name: str) -> object:
            events.append(name)
            return measure(name)  # type: ignore[operator]

        return run(path, marked)

    monkeypatch.setattr(stages, "run_stages", spy)
    path = stages.write_input("stars", tmp_path / "in", 20, 1)
    warm = stages.write_input("random", tmp_path / "warm", 20, 2)
    instructions.child(stage, REPO, path, warm)
    assert gc.isenabled()  # as it was: the suite's later tests rely on it
    assert events.count("on:True") == events.count("on:False") == 1
    if stage not in instructions.WHOLE:  # split, parse, pipeline: the public steps, no stages
        on = events.index("on:True")
        assert events[on - 1] == stage and events[on + 1] == "on:False"
