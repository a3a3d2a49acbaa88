"""Evaluator and equity throughput, each figure beside a baseline measured in the same run.

    python benchmarks/evaluator.py [--hands 1000000] [--seed 1]

Baselines: a naive pure-Python Omaha evaluator (straightforward five-card
ranking with sorted tuples, brute force over the 60 two-plus-three choices),
and, for exact equity, the batch evaluator run on every board without sharing
work across boards. Everything runs on one core (numpy does not thread here).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from omahahh.cards import parse_cards  # noqa: E402
from omahahh.eval.equity import equity  # noqa: E402
from omahahh.eval.equity_enum import Tally, combinations_array  # noqa: E402
from omahahh.eval.evaluator import (  # noqa: E402
    omaha_hi_lo_batch,
    omaha_high,
    omaha_high_batch,
    omaha_low,
)
from omahahh.eval.tables import five_card_tables, omaha_tables  # noqa: E402
from tests.helpers.naive_poker import naive_omaha_hi_lo, naive_omaha_high  # noqa: E402


def rate(count: int, call: Callable[[], object], repeat: int = 5) -> float:
    """Best-of-`repeat` evaluations per second (best of: the machine may be shared)."""
    best = min(_timed(call) for _ in range(repeat))
    return count / best


def _timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def line(label: str, value: str, baseline: str, ratio: float) -> None:
    print(f"{label:<34} {value:>16}   baseline {baseline:>16}   x{ratio:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="rows for the batch runs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    five_card_tables()
    omaha_tables()
    omaha_high(parse_cards("AsKsQsJs"), parse_cards("2c3c4c"))  # scalar lists, built once
    print(f"lookup tables built in {time.perf_counter() - start:.3f} s")

    rng = np.random.default_rng(args.seed)
    deals = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :9].astype(np.uint8)
    holes, boards = deals[:, :4], deals[:, 4:]
    few = [(list(map(int, d[:4])), list(map(int, d[4:]))) for d in deals[:3000]]

    naive_hi = rate(len(few), lambda: [naive_omaha_high(h, b) for h, b in few], 1)
    naive_hl = rate(len(few), lambda: [naive_omaha_hi_lo(h, b) for h, b in few], 1)
    single_hi = rate(len(few), lambda: [omaha_high(h, b) for h, b in few])
    single_hl = rate(len(few), lambda: [(omaha_high(h, b), omaha_low(h, b)) for h, b in few])
    batch_hi = rate(args.hands, lambda: omaha_high_batch(holes, boards))
    batch_hl = rate(args.hands, lambda: omaha_hi_lo_batch(holes, boards))
    print("\nPLO (4 hole cards, 5-card board), evaluations per second, one core")
    line(
        "Omaha-Hi, single (scalar API)",
        f"{single_hi:,.0f}/s",
        f"{naive_hi:,.0f}/s",
        single_hi / naive_hi,
    )
    line("Omaha-Hi, batch (numpy)", f"{batch_hi:,.0f}/s", f"{naive_hi:,.0f}/s", batch_hi / naive_hi)
    line(
        "Hi+Lo, single (scalar API)",
        f"{single_hl:,.0f}/s",
        f"{naive_hl:,.0f}/s",
        single_hl / naive_hl,
    )
    line("Hi+Lo, batch (numpy)", f"{batch_hl:,.0f}/s", f"{naive_hl:,.0f}/s", batch_hl / naive_hl)

    hands = [parse_cards("AsKsQd7h"), parse_cards("2c2d3h4h")]
    print("\nExact heads-up pre-flop equity, AsKsQd7h vs 2c2d3h4h (1,086,008 boards)")
    cold = _timed(lambda: equity(hands))
    warm_hi = min(_timed(lambda: equity(hands)) for _ in range(3))
    warm_hl = min(_timed(lambda: equity(hands, hi_lo=True)) for _ in range(3))
    per_board = _timed(lambda: _without_sharing(hands, False))
    per_board_hl = _timed(lambda: _without_sharing(hands, True))
    naive_boards = 500
    naive = _timed(lambda: _naive_boards(hands, naive_boards)) * 1_086_008 / naive_boards
    line("Hi, first call (builds indices)", f"{cold:.3f} s", f"{per_board:.3f} s", per_board / cold)
    line("Hi, warm", f"{warm_hi:.3f} s", f"{per_board:.3f} s", per_board / warm_hi)
    line("Hi/Lo, warm", f"{warm_hl:.3f} s", f"{per_board_hl:.3f} s", per_board_hl / warm_hl)
    print(f"{'(baseline: batch evaluator on every board, no sharing)':<34}")
    line("Hi, warm vs naive pure Python", f"{warm_hi:.3f} s", f"{naive:,.0f} s*", naive / warm_hi)
    print(f"* extrapolated from {naive_boards} boards")


def _without_sharing(hands: list[tuple[int, ...]], hi_lo: bool) -> Tally:
    """Baseline: every 5-card board through the batch evaluator, each hand in full."""
    used = {c for h in hands for c in h}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    boards = deck[combinations_array(len(deck), 5)]
    tally = Tally(len(hands), hi_lo)
    rows = [np.broadcast_to(h, (len(boards), 4)) for h in hands]
    if hi_lo:
        results = [omaha_hi_lo_batch(r, boards) for r in rows]
        tally.add(np.stack([hi for hi, _ in results]), np.stack([lo for _, lo in results]))
    else:
        tally.add(np.stack([omaha_high_batch(r, boards) for r in rows]), None)
    return tally


def _naive_boards(hands: list[tuple[int, ...]], count: int) -> None:
    used = {c for h in hands for c in h}
    deck = [c for c in range(52) if c not in used]
    for i, board in enumerate(combinations(deck, 5)):
        if i == count:
            break
        [naive_omaha_high(h, board) for h in hands]


if __name__ == "__main__":
    main()
