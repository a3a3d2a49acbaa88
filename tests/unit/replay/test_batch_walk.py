"""The compiled batch walk (replay/batch_walk.py, walk_kernel.py) against the Python walk.

``BettingWalk`` is the reference: for every hand, ``walk_hands`` must give the same
``BettingOutcome`` (each decision, each player's end state, uncalled bets, players
still to act, the last street), on every corpus hand and on hands bent at random in
the ways a room's text can be odd (orders, amounts, kinds, missing posts, strangers,
no button, sitting out, other structures). A hand the arrays cannot express, a missing
numba and a failing batch must all cost speed only, never a hand.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from omahahh import replay as replay_package
from omahahh.dataset import pipeline
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import ActionKind, HandRecord, Structure
from omahahh.replay import batch_walk
from omahahh.replay.batch_walk import walk_hands
from omahahh.replay.betting import BettingOutcome, walk_betting
from tests.helpers import hands as crafted
from tests.helpers.bend import bend, shorten_a_blind
from tests.helpers.parsing import parse_hand, sample_hands, sample_tables
from tests.helpers.runtime import skip_if_compiled

ACTIVE_SIDE_POT = replace(DEFAULT_HOUSE_RULES, pot_limit_pot="active_side_pot")


@pytest.fixture(scope="module")
def corpus_hands(every_corpus_hand: list[HandRecord]) -> list[HandRecord]:
    return every_corpus_hand


@pytest.fixture(scope="module")
def some_hands() -> list[HandRecord]:
    """Real and crafted hands for what needs some, not every corpus hand."""
    hands = sample_hands()
    assert len(hands) > batch_walk.LOAD_AT // 3 + 5
    return hands


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    if batch_walk.kernel() is None:
        pytest.fail("numba is a dependency: the compiled walk must load in the test run")


def _differences(hands: list[HandRecord], rules: HouseRules) -> list[str]:
    out = []
    for hand, got in zip(hands, walk_hands(hands, rules), strict=True):
        want = walk_betting(hand, rules)
        if got != want:
            fields = [f for f in BettingOutcome.__slots__ if getattr(got, f) != getattr(want, f)]
            out.append(f"{hand.hand_key}: {', '.join(fields)}")
    return out


@pytest.mark.corpus
@pytest.mark.parametrize(
    "rules", [DEFAULT_HOUSE_RULES, ACTIVE_SIDE_POT], ids=["all_pots", "active"]
)
def test_batch_walk_equals_the_python_walk_on_every_corpus_hand(
    corpus_hands: list[HandRecord], rules: HouseRules
) -> None:
    kinds = {a.kind for h in corpus_hands for a in h.actions}
    structures = {h.game.structure for h in corpus_hands}
    assert kinds == set(ActionKind) and structures == set(Structure)  # every path is met
    assert len(corpus_hands) > 1000
    assert _differences(corpus_hands, rules) == []


@pytest.mark.corpus
@pytest.mark.parametrize(
    "rules", [DEFAULT_HOUSE_RULES, ACTIVE_SIDE_POT], ids=["all_pots", "active"]
)
def test_batch_walk_equals_the_python_walk_on_bent_hands(
    corpus_hands: list[HandRecord], rules: HouseRules
) -> None:
    rng = random.Random(11)
    bent = [bend(rng.choice(corpus_hands), rng) for _ in range(3000)]
    assert _differences(bent, rules) == []


SHORT_BLINDS = (
    crafted.SHORT_BB_TOURNAMENT,
    crafted.SHORT_BB_CASH,
    crafted.SHORT_SB,
    crafted.SHORT_BB_RAISED,
    crafted.SHORT_BB_FOLDED_TO_SB,
)


@pytest.mark.parametrize(
    "rules", [DEFAULT_HOUSE_RULES, ACTIVE_SIDE_POT], ids=["all_pots", "active"]
)
def test_batch_walk_equals_the_python_walk_on_short_blinds(
    some_hands: list[HandRecord], rules: HouseRules
) -> None:
    """Blinds all in for less (they stand for the whole blind, R-BET-3, R-AI-1): the
    crafted hands, and real and crafted hands whose blinds or straddles were cut short,
    bent at random or not."""
    rng = random.Random(12)
    short = [parse_hand(text) for text in SHORT_BLINDS]
    for _ in range(1500):
        hand = shorten_a_blind(rng.choice(some_hands + short), rng)
        short.append(bend(hand, rng) if rng.random() < 0.3 else hand)
    assert sum(map(_has_a_short_big_blind, short)) > 300  # the path is met, often
    assert _differences(short, rules) == []


def _has_a_short_big_blind(hand: HandRecord) -> bool:
    """Does a big blind put its poster all in for less than the hand's big blind?"""
    stacks = {s.player: s.stack_start for s in hand.seats}
    spent: dict[str, int] = {}
    for a in hand.actions:
        spent[a.player] = spent.get(a.player, 0) + a.amount
        short = a.kind is ActionKind.POST_BIG_BLIND and a.amount < (hand.big_blind or 0)
        if short and spent[a.player] >= stacks.get(a.player, 1 << 62):
            return True
    return False


def test_a_hand_with_two_seats_of_one_number_takes_the_python_walk(
    some_hands: list[HandRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = next(h for h in some_hands if len(h.seats) >= 3)
    twice = replace(hand, seats=(*hand.seats, replace(hand.seats[0], player="twin")))
    walked: list[str] = []

    def spy(h: HandRecord, rules: HouseRules) -> BettingOutcome:
        walked.append(h.hand_key)
        return walk_betting(h, rules)

    monkeypatch.setattr(batch_walk, "walk_betting", spy)
    got = walk_hands([hand, twice, hand], DEFAULT_HOUSE_RULES)
    assert walked == [twice.hand_key]
    assert got == [walk_betting(h, DEFAULT_HOUSE_RULES) for h in (hand, twice, hand)]


def _only_the_python_walk(hands: list[HandRecord]) -> None:
    assert batch_walk.kernel() is None
    assert walk_hands(hands, DEFAULT_HOUSE_RULES) == [
        walk_betting(h, DEFAULT_HOUSE_RULES) for h in hands
    ]


def test_without_the_compiled_walk_every_hand_takes_the_python_walk(
    some_hands: list[HandRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    batch_walk.kernel.cache_clear()
    monkeypatch.setenv(batch_walk.DISABLE_ENV, "0")
    try:
        _only_the_python_walk(some_hands[:50])
    finally:
        batch_walk.kernel.cache_clear()
        monkeypatch.delenv(batch_walk.DISABLE_ENV)
    assert batch_walk.kernel() is not None


def test_without_numba_installed_every_hand_takes_the_python_walk(
    some_hands: list[HandRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    batch_walk.kernel.cache_clear()
    monkeypatch.setitem(sys.modules, "numba", None)  # what `import numba` meets without it
    monkeypatch.delitem(sys.modules, "omahahh.replay.walk_kernel")
    monkeypatch.delattr(replay_package, "walk_kernel")
    monkeypatch.setattr(batch_walk, "_python_walked", batch_walk.LOAD_AT)
    try:
        _only_the_python_walk(some_hands[:50])
    finally:
        batch_walk.kernel.cache_clear()


def test_pipeline_tables_are_the_same_with_the_python_walk_or_a_failing_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = sample_tables()
    assert len(compiled["hands"]) > 50
    batch_walk.kernel.cache_clear()
    monkeypatch.setenv(batch_walk.DISABLE_ENV, "0")
    try:
        assert sample_tables() == compiled
    finally:
        batch_walk.kernel.cache_clear()
        monkeypatch.delenv(batch_walk.DISABLE_ENV)

    def broken(hands: list[HandRecord], rules: HouseRules) -> list[BettingOutcome]:
        raise ValueError("a bug in the batch walk")

    monkeypatch.setattr(pipeline, "walk_with_columns", broken)
    assert sample_tables() == compiled  # every hand walked again in its own audit


def test_compiled_code_is_cached_in_the_user_cache_folder_by_its_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = batch_walk.numba_cache_dir()
    assert folder.parent == tmp_path / "omahahh" / "numba"
    # numba reuses a cache while the caller's own file is unchanged: a changed rule module
    # must lead to another folder, or the old rule would keep running compiled.
    real = Path.read_bytes

    def edited(path: Path) -> bytes:
        return real(path) + (b"#" if path.name == "betting.py" else b"")

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert batch_walk.numba_cache_dir() != folder
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert batch_walk.numba_cache_dir() == tmp_path / "mine"


def test_the_compiled_walk_loads_once_a_process_has_enough_hands_to_walk(
    some_hands: list[HandRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    batch_walk.kernel.cache_clear()
    monkeypatch.setattr(batch_walk, "_python_walked", 0)
    try:
        few = some_hands[: batch_walk.LOAD_AT // 3 + 5]
        walk_hands(few, DEFAULT_HOUSE_RULES)
        walk_hands(few, DEFAULT_HOUSE_RULES)
        assert batch_walk.kernel.cache_info().currsize == 0  # a small run pays no load
        walk_hands(few, DEFAULT_HOUSE_RULES)  # many small files: loaded after a few
        assert batch_walk.kernel.cache_info().currsize == 1
    finally:
        batch_walk.kernel()


@pytest.mark.skipif(sys.platform == "win32", reason="the compile lock is POSIX flock")
def test_the_compile_lock_lets_one_process_compile_at_a_time(tmp_path: Path) -> None:
    import fcntl

    def try_lock() -> bool:
        with open(tmp_path / "compile.lock", "a") as other:  # as another process would
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            fcntl.flock(other, fcntl.LOCK_UN)
            return True

    with batch_walk._compile_lock(tmp_path):
        assert not try_lock()
    assert try_lock()


def test_loading_the_compiled_walk_compiles_under_the_lock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    skip_if_compiled(batch_walk)
    from contextlib import contextmanager

    events: list[str] = []

    @contextmanager
    def spy_lock(folder: Path):  # type: ignore[no-untyped-def]
        events.append("lock")
        yield
        events.append("unlock")

    real_walk = batch_walk._walk

    def spy_walk(*args):  # type: ignore[no-untyped-def]
        events.append("walk")
        return real_walk(*args)

    monkeypatch.setattr(batch_walk, "_compile_lock", spy_lock)
    monkeypatch.setattr(batch_walk, "_walk", spy_walk)
    batch_walk.kernel.cache_clear()
    try:
        assert batch_walk.kernel() is not None
    finally:
        batch_walk.kernel.cache_clear()
    assert events == ["lock", "walk", "unlock"]


def test_cache_folders_of_other_sources_are_pruned_once_unused_for_30_days(
    tmp_path: Path,
) -> None:
    import os

    day = 86400.0
    now = 1_000 * day
    current, recent, old = (tmp_path / n for n in ("current", "recent", "old"))
    for folder, age in ((current, 90), (recent, 29), (old, 31)):
        folder.mkdir()
        (folder / "walk_batch.nbi").write_bytes(b"x")
        os.utime(folder, (now - age * day, now - age * day))
    removed = batch_walk.prune_cache_folders(current, now=now)
    assert removed == [old]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current", "recent"]
    assert current.stat().st_mtime == now  # marked used: another version keeps it 30 days


def test_a_walk_that_fails_to_compile_leaves_the_python_walk_once(
    monkeypatch: pytest.MonkeyPatch, some_hands: list[HandRecord]
) -> None:
    skip_if_compiled(batch_walk)
    calls: list[int] = []

    def fails(*args):  # type: ignore[no-untyped-def]
        calls.append(1)
        raise RuntimeError("LLVM ERROR: out of luck")

    monkeypatch.setattr(batch_walk, "_walk", fails)
    monkeypatch.setattr(batch_walk, "_python_walked", batch_walk.LOAD_AT)
    batch_walk.kernel.cache_clear()
    try:
        with pytest.warns(UserWarning, match="walking in Python: LLVM ERROR"):
            _only_the_python_walk(some_hands[:20])
        _only_the_python_walk(some_hands[20:40])
        assert calls == [1]  # not tried again for the next batch
    finally:
        batch_walk.kernel.cache_clear()


def test_a_first_run_compiles_in_a_child_and_only_loads_the_code(tmp_path: Path) -> None:
    """The compile's working memory stays out of the ingesting process."""
    folder = tmp_path / "cache"
    assert not batch_walk._has_compiled_code(folder)
    assert batch_walk.compile_in_child(folder)
    assert batch_walk._has_compiled_code(folder)
    code = (
        "from omahahh.replay import batch_walk as b, walk_kernel as k; b._compile(); "
        "print(sum(k.walk_batch.stats.cache_hits.values()))"
    )
    import os
    import subprocess

    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 1  # the next process loaded the child's code from the cache


def test_a_child_that_cannot_compile_leaves_the_compile_to_the_process(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import subprocess

    def no_python(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError("no interpreter here")

    monkeypatch.setattr(subprocess, "run", no_python)
    assert not batch_walk.compile_in_child(tmp_path / "cache")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    batch_walk.kernel.cache_clear()
    try:
        assert batch_walk.kernel() is not None  # compiled in this process instead
    finally:
        monkeypatch.delenv("NUMBA_CACHE_DIR")
        batch_walk.kernel.cache_clear()


def test_the_compiling_child_imports_this_very_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A checkout run from sys.path (the benchmarks' --against) compiles its own kernel,
    not an installed omahahh's."""
    skip_if_compiled(batch_walk)
    import os
    import subprocess

    seen: dict[str, str] = {}

    def record(command, env, **kwargs):  # type: ignore[no-untyped-def]
        seen.update(env)
        return subprocess.CompletedProcess(command, 1)

    monkeypatch.setattr(subprocess, "run", record)
    monkeypatch.setenv("PYTHONPATH", "elsewhere")
    assert not batch_walk.compile_in_child(tmp_path)
    first, rest = seen["PYTHONPATH"].split(os.pathsep, 1)
    assert (
        Path(first) / "omahahh" / "replay" / "batch_walk.py" == Path(batch_walk.__file__).resolve()
    )
    assert rest == "elsewhere" and seen["NUMBA_CACHE_DIR"] == str(tmp_path)
