"""The betting walk of a batch of hands at once, compiled: replay over arrays.

:func:`walk_hands` gives, for each hand, the same :class:`BettingOutcome` as
:func:`omahahh.replay.betting.walk_betting`: it packs the records into integer arrays,
walks them all in one call of :func:`omahahh.replay.walk_kernel.walk_batch` and reads
the results back. A hand the arrays cannot express (two seats with one number), a
small batch while nothing is compiled yet, and every hand when numba is not installed
or ``OMAHAHH_COMPILED_WALK=0`` is set take the Python walk, which stays the reference
(``tests/unit/replay/test_batch_walk.py`` holds the two equal).

numba is a dependency (where it has wheels: a Python newer than numba walks in Python);
docs/PERFORMANCE.md gives what the compiled walk gains and costs in time and memory,
the kernel beside the packing of the records into arrays and the reading back of the
results (decisions stay arrays until read: :mod:`omahahh.replay.decision_rows`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from omahahh.action_table import action_table
from omahahh.hand_tables import SeatTable, as_table
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import STREETS, ActionKind, HandRecord, Structure
from omahahh.replay.betting import (
    BettingOutcome,
    PlayerState,
    UncalledDerived,
    promotion_in_pot,
    walk_betting,
)
from omahahh.replay.decision_rows import BatchDecisions, HandDecisions
from omahahh.rules.betting import fixed_limit_bet_size
from omahahh.rules.seating import dealt_in

log = logging.getLogger(__name__)
"""Notes a user should see (the first compile of the walk); ``omahahh``'s command line
prints the ``omahahh`` loggers' INFO records on stderr, a library caller decides."""

DISABLE_ENV = "OMAHAHH_COMPILED_WALK"
"""Set to ``0`` to walk every hand in Python (debugging, comparisons)."""

LOAD_AT = 200
"""The compiled walk is loaded once a process has this many hands to walk (counting the
batch at hand): loading costs ~0.6 s (numba, and the compiled code from its cache; ~6 s
to compile the first time), what the Python walk takes for ~6,000 hands, so a small run
never pays it, and a run of many small files loads it after its first few."""

_python_walked = 0
"""Hands this process walked in Python while the compiled walk was not loaded."""

_STRUCTURE = {Structure.NO_LIMIT: 0, Structure.POT_LIMIT: 1, Structure.FIXED_LIMIT: 2}
KIND_CODE = {
    kind: code
    for code, kind in enumerate(
        (
            ActionKind.POST_SMALL_BLIND,
            ActionKind.POST_BIG_BLIND,
            ActionKind.POST_DEAD,
            ActionKind.POST_ANTE,
            ActionKind.POST_STRADDLE,
            ActionKind.FOLD,
            ActionKind.CHECK,
            ActionKind.CALL,
            ActionKind.BET,
            ActionKind.RAISE,
            ActionKind.PROTECTED_ALL_IN,
        )
    )
}
_STREET = {street: code for code, street in enumerate(STREETS)}


def numba_cache_dir() -> Path:
    """Where compiled code is kept between runs: the user's cache folder
    (``$XDG_CACHE_HOME/omahahh/numba/<sources>``, else ``~/.cache/...``), unless
    ``NUMBA_CACHE_DIR`` is set.

    ``<sources>`` is a hash of the kernel's source and of the rule modules it
    compiles: numba checks only the caller's own file before reusing its cache, so a
    changed rule would otherwise run as it was when first compiled.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "omahahh" / "numba" / _sources_hash()


def _sources_hash() -> str:
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(sys.version.encode())
    for name in ("replay/walk_kernel.py", "rules/betting.py", "rules/pots.py"):
        digest.update((package / name).read_bytes())
    return digest.hexdigest()[:16]


@cache
def kernel() -> ModuleType | None:
    """The compiled walk's module, or None (numba missing, or turned off by the environment).

    Compiled (or loaded from the cache) here, under a lock on the cache folder: workers
    starting together on an empty cache would otherwise each compile the same code at
    once; with the lock one compiles and the others load it (four processes on 2 cores:
    17.8 s -> 9.1 s). Code that fails to compile or load leaves the Python walk, with a
    warning, once per process (not again for every batch).
    """
    if os.environ.get(DISABLE_ENV, "1") == "0":
        return None
    own_folder = not os.environ.get("NUMBA_CACHE_DIR")
    folder = numba_cache_dir()
    try:
        import numba
    except ImportError:  # numba not installed (the ``fast`` extra): the Python walk
        return None
    # numba's own setting of where cached code lives (what NUMBA_CACHE_DIR sets when numba
    # is imported), set before the walk's functions are defined; the process's environment
    # is left alone.
    numba.config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    from omahahh.replay import walk_kernel

    _check_codes(walk_kernel)
    try:
        with _compile_lock(folder):
            if not _has_compiled_code(folder):
                # Really compiling (a warm cache only loads): seconds with nothing else
                # to show, so say so.
                log.info(
                    "compiling the replay's betting walk: once, about 10 s; later runs "
                    "load it from %s",
                    folder,
                )
                compile_in_child(folder)  # best effort: else compiled here, just below
            _walk(walk_kernel, _Packed(), DEFAULT_HOUSE_RULES)  # no hands: compiles or loads
    except Exception as exc:  # a numba or LLVM fault must cost speed, never hands
        warnings.warn(f"compiled betting walk unavailable, walking in Python: {exc}", stacklevel=2)
        return None
    if own_folder:
        prune_cache_folders(folder)
    return walk_kernel


def _has_compiled_code(folder: Path) -> bool:
    """Has numba written compiled code (its ``.nbi`` index files) into ``folder``?"""
    return folder.is_dir() and any(folder.rglob("*.nbi"))


COMPILE_SECONDS = 600
"""How long a child compiling the walk may take before the process compiles it itself."""


def compile_in_child(folder: Path) -> bool:
    """Compile the walk into the cache ``folder`` in a child process; True if it did.

    Compiling holds LLVM's working memory, more than loading the result: done in a
    child, the process that ingests only loads the code, so a first run ever keeps the
    peak of any later run (docs/PERFORMANCE.md). Any failure leaves the caller to
    compile in its own process.
    """
    command = [sys.executable, "-c", "from omahahh.replay import batch_walk as b; b._compile()"]
    # The child must compile this very package (a checkout put on sys.path, as the
    # benchmarks do, may not be the installed one): its folder goes first on the path.
    package_root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(p for p in (package_root, os.environ.get("PYTHONPATH")) if p)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder), PYTHONPATH=path)
    try:
        done = subprocess.run(command, env=env, capture_output=True, timeout=COMPILE_SECONDS)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0 and _has_compiled_code(folder)


def _compile() -> None:
    """The child's work (:func:`compile_in_child`): compile into ``NUMBA_CACHE_DIR``, which
    the parent set and holds the lock of (so no lock here)."""
    from omahahh.replay import walk_kernel

    _walk(walk_kernel, _Packed(), DEFAULT_HOUSE_RULES)


@contextmanager
def _compile_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder/compile.lock`` (POSIX; elsewhere no lock)."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock, workers may compile at once
        yield
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / "compile.lock", "a")  # noqa: SIM115  # held until the end
    except OSError:  # a read-only cache folder: numba then compiles in memory
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


PRUNE_AFTER_DAYS = 30
"""A cache folder of other sources (an older omahahh) unused this long is removed."""


def prune_cache_folders(current: Path, now: float | None = None) -> list[Path]:
    """Mark ``current`` used now and remove its siblings unused for :data:`PRUNE_AFTER_DAYS`
    (one folder per version of the compiled sources, ~850 KiB each, would pile up).

    "Used" is the folder's modification time, set each time a process loads from it, so
    a folder another installed version still uses is kept. Returns the folders removed.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        os.utime(current, (now, now))
        siblings = [p for p in current.parent.iterdir() if p.is_dir() and p != current]
    except OSError:
        return removed
    for folder in siblings:
        try:
            if now - folder.stat().st_mtime > PRUNE_AFTER_DAYS * 86400:
                shutil.rmtree(folder)
                removed.append(folder)
        except OSError:
            continue  # another process pruning it, or not ours to remove: leave it
    return removed


def _check_codes(k: ModuleType) -> None:
    """The kernel's codes are the packer's: fail at import, not with wrong numbers."""
    kinds = {kind.name: code for kind, code in KIND_CODE.items()}
    structures = {"NO_LIMIT": 0, "POT_LIMIT": 1, "FIXED_LIMIT": 2}
    seat_columns = [
        "STACK",
        "INVESTED",
        "DEAD",
        "STREET_IN",
        "FOLDED",
        "ALL_IN",
        "ACTED",
        "ACTED_AT_REOPEN",
    ]
    if [getattr(k, f"S_{c}") for c in seat_columns] != list(range(k.SEAT_COLUMNS)):
        raise RuntimeError("walk_kernel's seat columns are not in the order batch_walk reads")
    for name, code in (kinds | structures | {"PREFLOP": _STREET[STREETS[0]]}).items():
        if getattr(k, name) != code:
            raise RuntimeError(f"walk_kernel.{name} is not {code}: batch_walk.py disagrees")


class _Packed:
    """A batch's records as the kernel's arrays (plain lists until :meth:`arrays`)."""

    def __init__(self) -> None:
        self.act_start = [0]
        self.seat_start = [0]
        self.structure: list[int] = []
        self.big_blind: list[int] = []
        self.small_blind: list[int] = []
        self.button: list[int] = []
        self.promotion: list[int] = []
        self.limits: list[tuple[int, int, int, int]] = []
        self.seat_no: list[int] = []
        self.stack_start: list[int] = []
        self.dealt_in: list[bool] = []
        self.street: list[int] = []
        self.who: list[int] = []
        self.kind: list[int] = []
        self.amount: list[int] = []
        self.all_in: list[bool] = []  # as printed: read by the audit's masks, not the walk
        # Per hand, for reading back: seat numbers by index, the index of each
        # PlayerState in BettingWalk.players order, and names.
        self.order: list[tuple[list[int], list[int], list[str]]] = []

    def add(self, hand: HandRecord, none: int, rules: HouseRules = DEFAULT_HOUSE_RULES) -> bool:
        """Pack ``hand``; False (nothing packed) when the arrays cannot express it."""
        seats = as_table(SeatTable, hand.seats)
        numbers = list(seats.seat_numbers)
        if len(set(numbers)) != len(numbers):
            return False  # BettingWalk keys players by seat: the later seat replaces one
        names = list(seats.players)
        seat_of: dict[str, int] = {}
        for name, number in zip(names, numbers, strict=True):
            seat_of.setdefault(name, number)
        stacks = list(seats.stack_starts)
        dealt = dealt_in(hand)
        # BettingWalk._seat_players: a name seen only in actions gets a seat past every
        # real one and a stack of what it put in.
        extra = max(numbers, default=0) + 100
        actions = action_table(hand.actions)
        players = actions.players
        for player in players:
            if player not in seat_of:
                seat_of[player] = extra
                numbers.append(extra)
                names.append(player)
                put_in = zip(players, actions.amounts, strict=True)
                stacks.append(sum(amount for p, amount in put_in if p == player))
                dealt.append(True)
                extra += 1
        by_number = sorted(range(len(numbers)), key=numbers.__getitem__)
        index_of = {numbers[i]: k for k, i in enumerate(by_number)}
        self.seat_no += [numbers[i] for i in by_number]
        self.stack_start += [stacks[i] for i in by_number]
        self.dealt_in += [dealt[i] for i in by_number]
        self.seat_start.append(len(self.seat_no))
        self.order.append(([numbers[i] for i in by_number], [index_of[n] for n in numbers], names))
        # Whole columns, mapped in C (map of a dict's lookup): no Python frame per action.
        self.street += map(_STREET.__getitem__, actions.streets)
        self.who += map(index_of.__getitem__, map(seat_of.__getitem__, players))
        self.kind += map(KIND_CODE.__getitem__, actions.kinds)
        self.amount += actions.amounts
        self.all_in += actions.all_ins
        self.act_start.append(len(self.kind))
        structure = hand.game.structure
        self.structure.append(_STRUCTURE[structure])
        big_blind = hand.big_blind or hand.small_bet or 1
        self.big_blind.append(big_blind)
        self.small_blind.append(hand.small_blind or 0)
        self.button.append(none if hand.button_seat is None else hand.button_seat)
        self.promotion.append(promotion_in_pot(hand, rules))
        if structure is Structure.FIXED_LIMIT:
            small = hand.small_bet or big_blind
            big = hand.big_bet or 2 * small
            limits = [fixed_limit_bet_size(street, small, big) for street in STREETS]
            self.limits.append((limits[0], limits[1], limits[2], limits[3]))
        else:
            self.limits.append((0, 0, 0, 0))
        return True

    def arrays(self) -> tuple[Any, ...]:
        import numpy as np

        def ints(values: Sequence[int]) -> Any:
            return np.array(values, dtype=np.int64)

        limits = np.array(self.limits, dtype=np.int64).reshape(len(self.limits), len(STREETS))
        return (
            ints(self.act_start),
            ints(self.seat_start),
            ints(self.structure),
            ints(self.big_blind),
            ints(self.small_blind),
            ints(self.button),
            ints(self.promotion),
            limits,
        ), (
            ints(self.seat_no),
            ints(self.stack_start),
            np.array(self.dealt_in, dtype=np.bool_),
            ints(self.street),
            ints(self.who),
            ints(self.kind),
            ints(self.amount),
        )


def walk_hands(
    hands: Sequence[HandRecord], rules: HouseRules | Sequence[HouseRules]
) -> list[BettingOutcome]:
    """:func:`walk_betting` of every hand, in one compiled call where it can."""
    return walk_with_columns(hands, rules).outcomes


@dataclass(frozen=True, slots=True)
class DecisionColumns:
    """Every action of a batch's compiled walk as a row of arrays: what it did (as printed)
    beside the :class:`Decision` before it, for masks over the whole batch (the audit's,
    :mod:`omahahh.audit.betting_masks`). ``NONE`` stands for an absent seat or amount."""

    act_start: Any
    """Per walked hand, its first row (and one past the last hand's)."""
    kind: Any  # KIND_CODE of each action
    amount: Any
    all_in: Any  # the text's "and is all-in"
    seat: Any
    expected: Any
    late: Any
    in_hand: Any
    stack: Any
    current_bet: Any
    street_in: Any
    to_call: Any
    min_to: Any
    max_to: Any
    all_in_to: Any
    none: int


@dataclass(frozen=True, slots=True)
class WalkedBatch:
    outcomes: list[BettingOutcome]
    columns: DecisionColumns | None
    """None when no hand of the batch took the compiled walk."""
    row_of: list[int | None]
    """Per hand: its index among the columns' hands, None for a hand walked in Python."""


def walk_with_columns(
    hands: Sequence[HandRecord], rules: HouseRules | Sequence[HouseRules]
) -> WalkedBatch:
    """:func:`walk_hands`, with the compiled walk's decisions also as columns. ``rules``:
    one profile for every hand, or each hand's own (its room's habits applied:
    :func:`omahahh.audit.room_rules.room_rules`); the pot-limit pot setting is the
    first's (it is the user's, the same for every hand)."""
    per_hand = [rules] * len(hands) if isinstance(rules, HouseRules) else list(rules)
    first = per_hand[0] if per_hand else DEFAULT_HOUSE_RULES
    global _python_walked
    early = _python_walked + len(hands) < LOAD_AT and not kernel.cache_info().currsize
    k = None if early else kernel()
    if k is None:
        _python_walked += len(hands)
        walks = [walk_betting(h, r) for h, r in zip(hands, per_hand, strict=True)]
        return WalkedBatch(walks, None, [None] * len(hands))
    packed = _Packed()
    taken = [packed.add(h, k.NONE, r) for h, r in zip(hands, per_hand, strict=True)]
    walked, columns = _walk_columns(k, packed, first) if any(taken) else ([], None)
    row_of: list[int | None] = []
    out: list[BettingOutcome] = []
    packed_count = 0
    for h, ok, r in zip(hands, taken, per_hand, strict=True):
        if ok:
            row_of.append(packed_count)
            out.append(walked[packed_count])
            packed_count += 1
        else:
            row_of.append(None)
            out.append(walk_betting(h, r))
    return WalkedBatch(out, columns, row_of)


def _walk(k: ModuleType, packed: _Packed, rules: HouseRules) -> list[BettingOutcome]:
    return _walk_columns(k, packed, rules)[0]


def _walk_columns(
    k: ModuleType, packed: _Packed, rules: HouseRules
) -> tuple[list[BettingOutcome], DecisionColumns]:
    per_hand, per_row = packed.arrays()
    active_side = rules.pot_limit_pot == "active_side_pot"
    out, seat_out, last_street, uncalled, missing = k.walk_batch(*per_hand, active_side, *per_row)
    import numpy as np

    none = k.NONE
    act_start, seat_start = per_hand[0], per_hand[1]
    seat_no, street, who = per_row[0], per_row[3], per_row[4]
    hand_of = np.repeat(np.arange(len(act_start) - 1), np.diff(act_start))
    seat = seat_no[seat_start[:-1][hand_of] + who]
    columns = DecisionColumns(
        act_start=act_start,
        kind=per_row[5],
        amount=per_row[6],
        all_in=np.array(packed.all_in, dtype=np.bool_),
        seat=seat,
        expected=out[:, k.D_EXPECTED],
        late=out[:, k.D_LATE].astype(bool),
        in_hand=out[:, k.D_IN_HAND].astype(bool),
        stack=out[:, k.D_STACK],
        current_bet=out[:, k.D_CURRENT_BET],
        street_in=out[:, k.D_STREET_IN],
        to_call=out[:, k.D_TO_CALL],
        min_to=out[:, k.D_MIN_TO],
        max_to=out[:, k.D_MAX_TO],
        all_in_to=out[:, k.D_ALL_IN_TO],
        none=none,
    )
    # Decisions stay the kernel's rows, made records only where read (decision_rows.py).
    batch = BatchDecisions(
        out,
        np.arange(len(who)) - act_start[:-1][hand_of],  # seq
        seat,
        street,
        none,
        frozenset({k.D_LATE, k.D_IN_HAND, k.D_MAY_CHECK, k.D_REOPENED, k.D_CAPPED, k.D_FULL}),
        frozenset({k.D_EXPECTED, k.D_MIN_TO, k.D_MAX_TO}),
        (k.D_POT, k.D_TO_CALL, k.D_MIN_TO, k.D_MAX_TO),  # the actions table's four
    )
    states = seat_out.tolist()
    uncalled_of: dict[int, list[tuple[int, int, int]]] = {}
    for h, index, amount, code in uncalled:
        uncalled_of.setdefault(h, []).append((index, amount, code))
    missing_of: dict[int, list[tuple[int, int]]] = {}
    for h, code, seat in missing:
        missing_of.setdefault(h, []).append((code, seat))
    starts, stack_start, dealt = packed.act_start, packed.stack_start, packed.dealt_in
    outcomes = []
    for h, (numbers, index_of, names) in enumerate(packed.order):
        # numbers: seat numbers by index; index_of, names: in BettingWalk.players order
        s0 = packed.seat_start[h]
        players: dict[int, PlayerState] = {}
        for i, name in zip(index_of, names, strict=True):
            # seat_out's columns, in walk_kernel's S_* order (checked in _check_codes)
            stack, invested, dead, street_in, folded, all_in, acted, at_reopen = states[s0 + i]
            players[numbers[i]] = PlayerState(
                numbers[i],
                name,
                stack_start[s0 + i],
                stack,
                invested,
                dead,
                street_in,
                folded == 1,
                all_in == 1,
                acted == 1,
                at_reopen,
                dealt[s0 + i],
            )
        returned = [
            UncalledDerived(numbers[i], players[numbers[i]].name, amount, STREETS[street])
            for i, amount, street in uncalled_of.get(h, ())
        ]
        still = [(STREETS[street], seat) for street, seat in missing_of.get(h, ())]
        outcomes.append(
            BettingOutcome(
                players,
                HandDecisions(batch, starts[h], starts[h + 1]),
                returned,
                still,
                STREETS[last_street[h]],
            )
        )
    return outcomes, columns
