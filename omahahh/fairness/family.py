"""The tests as one family: p-values corrected for testing many things at once.

Twelve tests at α = 0.01 would, on a fair deal, reject at least one about 11 %
of the time. Holm's step-down correction keeps the chance of any false
rejection in the family at most α whatever the dependence between the tests;
Benjamini–Hochberg keeps the expected share of false rejections at most α
(less strict: more power when several tests are off). Tests without enough
data are not in the family. Each family (``checks.DEAL``, the per-player
all-in rows) is corrected on its own.

>>> holm([0.01, 0.04, 0.03, 0.005])
[0.03, 0.06, 0.06, 0.02]
>>> benjamini_hochberg([0.01, 0.04, 0.03, 0.005])
[0.02, 0.04, 0.04, 0.02]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from omahahh.fairness.checks import TestResult

ALPHA = 0.01


class Correction(StrEnum):
    HOLM = "holm"
    BH = "bh"


def _tidy(p: float) -> float:
    """``p`` to 15 significant digits (``0.06``, not ``0.060000000000000005``); a tiny p
    stays tiny (rounding to 15 decimals would make 1e-17 a zero)."""
    return float(f"{p:.15g}")


def holm(p: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values: max over j ≤ i of (m - j + 1) p_(j), capped at 1."""
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = _tidy(running)
    return out


def benjamini_hochberg(p: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values: min over j ≥ i of m p_(j) / j, capped at 1."""
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out = [0.0] * m
    running = 1.0
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, m * p[i] / (rank + 1))
        out[i] = _tidy(running)
    return out


ADJUST = {Correction.HOLM: holm, Correction.BH: benjamini_hochberg}


@dataclass(frozen=True, slots=True)
class Judged:
    """A test with its corrected p-value and the verdict (None: not enough data)."""

    result: TestResult
    p_corrected: float | None
    rejected: bool | None


def judge(
    results: Sequence[TestResult], correction: Correction = Correction.HOLM, alpha: float = ALPHA
) -> list[Judged]:
    """Each result with its family's corrected p-value and whether it is rejected at ``alpha``."""
    corrected: dict[int, float] = {}
    for family in dict.fromkeys(r.family for r in results):
        members = [i for i, r in enumerate(results) if r.family == family and r.p is not None]
        adjusted = ADJUST[correction]([results[i].p or 0.0 for i in members])
        corrected.update(zip(members, adjusted, strict=True))
    out = []
    for i, r in enumerate(results):
        q = corrected.get(i)
        out.append(Judged(r, q, None if q is None else q <= alpha))
    return out


def family_rejects(judged: Sequence[Judged], family: str) -> bool:
    """Does any test of ``family`` reject?"""
    return any(j.rejected for j in judged if j.result.family == family)
