"""Calibration of the fairness tests on simulated deals (docs/FAIRNESS.md, "Calibration").

Fair deals: over 200 seeded runs of 10,000 deals each test's p-values are uniform
(Kolmogorov-Smirnov at 0.01) and the Holm-corrected family rejects in at most
2 % of the runs. Biased dealers: rejected in at least 90 % of seeded runs at the
sizes docs/FAIRNESS.md states (read from its table, so the two cannot drift).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from scipy import stats
from threadpoolctl import threadpool_limits

from omahahh.fairness.checks import DEAL, run_checks
from omahahh.fairness.family import Correction, family_rejects, judge
from omahahh.fairness.simulate import (
    ACE_SEAT,
    PAIR_BOOST,
    Dealer,
    Known,
    as_sample,
    deal,
    session,
)
from tests.helpers.paths import REPO

RUNS = 200
DEALS = 10_000
POWER_RUNS = 40
POWER = 0.9


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """The covariance matrices are small: BLAS threads only contend for the cores."""
    with threadpool_limits(1):
        yield


@pytest.mark.slow
@pytest.mark.parametrize("known", list(Known))
def test_fair_deals_give_uniform_p_values_and_rare_family_rejections(known: Known) -> None:
    p_values: dict[str, list[float]] = defaultdict(list)
    rejected = {c: 0 for c in Correction}
    with one_blas_thread():
        for run in range(RUNS):
            results = run_checks(deal(DEALS, 1000 + run, known=known))
            for r in results:
                if r.family == DEAL:
                    assert r.p is not None, r.note  # 10,000 deals are enough for every test
                    p_values[r.test].append(r.p)
            for c in Correction:
                rejected[c] += family_rejects(judge(results, c), DEAL)
    assert len(p_values) == 10  # every deal test of 4-card hands
    for test, ps in p_values.items():
        assert stats.kstest(ps, "uniform").pvalue > 0.01, test
    # Holm keeps the family's false rejections at most alpha = 1 %: allow 2 % of runs.
    assert rejected[Correction.HOLM] <= 0.02 * RUNS
    assert rejected[Correction.BH] <= 0.02 * RUNS


def _documented_sizes() -> list[tuple[Dealer, Known, int]]:
    """The power table of docs/FAIRNESS.md: (dealer, known, deals) per row."""
    text = (REPO / "docs" / "FAIRNESS.md").read_text(encoding="utf-8")
    row = re.compile(r"^\| `(\w+)` \| (every seat|hero only) \| ([\d,]+) \|", re.MULTILINE)
    known = {"every seat": Known.ALL, "hero only": Known.HERO}
    return [(Dealer(d), known[k], int(n.replace(",", ""))) for d, k, n in row.findall(text)]


def test_the_docs_state_a_size_for_every_biased_dealer_and_sample() -> None:
    sizes = _documented_sizes()
    biased = [d for d in Dealer if d is not Dealer.FAIR]
    assert sorted((d.value, k.value) for d, k, _ in sizes) == sorted(
        (d.value, k.value) for d in biased for k in Known
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("dealer", "known", "deals"),
    _documented_sizes(),
    ids=[f"{d.value}-{k.value}-{n}" for d, k, n in _documented_sizes()],
)
def test_biased_dealers_are_rejected_at_the_documented_sizes(
    dealer: Dealer, known: Known, deals: int
) -> None:
    rejected = 0
    with one_blas_thread():
        for run in range(POWER_RUNS):
            judged = judge(run_checks(deal(deals, 5000 + run, dealer=dealer, known=known)))
            rejected += family_rejects(judged, DEAL)
    assert rejected >= POWER * POWER_RUNS, f"{rejected} of {POWER_RUNS}"


# ---- the dealers do what they say -------------------------------------------------------


def _pair_rate(holes: np.ndarray) -> float:
    ranks = holes >> 2
    same = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=(1, 2)) > holes.shape[1]
    return float(same.mean())


def test_pairs_dealer_makes_pairs_ten_percent_more_likely() -> None:
    fair = as_sample(session(20_000, 1), Known.ALL)
    biased = as_sample(session(20_000, 1, dealer=Dealer.PAIRS), Known.ALL)
    ratio = _pair_rate(biased.holes[:, :4]) / _pair_rate(fair.holes[:, :4])
    assert ratio == pytest.approx(1 + PAIR_BOOST, abs=0.02)


def test_seat_ace_dealer_gives_its_seat_an_extra_ace_a_quarter_of_the_time() -> None:
    s = deal(20_000, 2, dealer=Dealer.SEAT_ACE)
    aces = ((s.holes >> 2) == 12).sum(axis=1)
    favoured = aces[s.seat == ACE_SEAT].mean()
    others = aces[s.seat != ACE_SEAT].mean()
    # Four aces among 52 cards: 4 x 4/52 an ace a hand; the extra ace is 0.25 a hand.
    assert favoured - others == pytest.approx(0.25, abs=0.03)


def test_repeat_dealer_brings_back_the_previous_flop() -> None:
    def starts_with_previous_flop(dealer: Dealer) -> float:
        d = session(20_000, 3, dealer=dealer).deals
        flop = d.deck[:, d.board_start : d.board_start + 3]
        same_table = d.table[1:] == d.table[:-1]
        again = (flop[1:, :1] == flop[:-1]).any(axis=1)
        return float(again[same_table].mean())

    extra = starts_with_previous_flop(Dealer.REPEAT) - starts_with_previous_flop(Dealer.FAIR)
    assert 0.07 < extra < 0.10  # a tenth of the flops, when the card is still undealt


def test_a_few_fair_runs_rarely_reject() -> None:
    """A quick check of the slow calibration: 10 runs of 3,000 fair deals."""
    with one_blas_thread():
        rejected = sum(
            family_rejects(judge(run_checks(deal(3000, 70 + run))), DEAL) for run in range(10)
        )
    assert rejected <= 1
