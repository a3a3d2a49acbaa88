"""The fairness package's arithmetic: tail probabilities against scipy, exact
combinatorial counts against enumeration, the quadratic forms and the
multiple-testing corrections."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats

from omahahh.cards import parse_cards
from omahahh.eval.starting_hands import classify
from omahahh.fairness.checks import hole_moments, quadratic_form
from omahahh.fairness.combinatorics import (
    FLOP_TEXTURES,
    HAND_CLASSES,
    ace_in_hand_probability,
    classify_hands,
    flop_texture,
    flop_texture_counts,
    full_deck_flop_probabilities,
    starting_hand_counts,
    starting_hand_probabilities,
)
from omahahh.fairness.distributions import chi2_sf, gamma_q, normal_sf, two_sided_p
from omahahh.fairness.family import benjamini_hochberg, holm
from omahahh.fairness.sample import DealSample, mask_bits, popcount

DFS = (1, 2, 3, 5, 12, 51, 60, 99, 500, 2000)


@pytest.mark.parametrize("df", DFS)
def test_chi2_sf_equals_scipy_over_the_whole_range(df: int) -> None:
    xs = np.concatenate([np.linspace(1e-6, 6 * df + 60, 300), [df - 0.5, df, df + 1.0]])
    for x in xs:
        want = float(stats.chi2.sf(x, df))
        got = chi2_sf(float(x), df)
        if want > 1e-3:
            assert got == pytest.approx(want, abs=1e-12)
        elif want > 1e-290:
            assert got == pytest.approx(want, rel=1e-9)


def test_chi2_sf_far_tail_and_edges() -> None:
    assert chi2_sf(0.0, 3) == 1.0
    assert chi2_sf(2000.0, 51) == pytest.approx(float(stats.chi2.sf(2000.0, 51)), rel=1e-9)
    assert chi2_sf(1e6, 12) == 0.0  # underflows to 0, never negative or NaN
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)
    with pytest.raises(ValueError):
        gamma_q(0.0, 1.0)


@pytest.mark.parametrize("z", [-8.0, -3.0, -1.0, 0.0, 0.5, 1.959963984540054, 4.0, 9.0, 30.0])
def test_normal_tails_equal_scipy(z: float) -> None:
    assert normal_sf(z) == pytest.approx(float(stats.norm.sf(z)), rel=1e-12, abs=1e-300)
    assert two_sided_p(z) == pytest.approx(2 * float(stats.norm.sf(abs(z))), rel=1e-12)


# ---- exact counts -------------------------------------------------------------------


@pytest.mark.parametrize("k", [4, 5, 6])
def test_starting_hand_counts_add_up_to_every_hand(k: int) -> None:
    counts = starting_hand_counts(k)
    assert set(counts) == set(HAND_CLASSES)
    assert sum(counts.values()) == math.comb(52, k)
    assert sum(starting_hand_probabilities(k).values()) == pytest.approx(1.0)


def _all_hands(k: int) -> np.ndarray:
    return np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), k)), dtype=np.int64
    ).reshape(-1, k)


def test_four_card_counts_equal_enumerating_every_hand() -> None:
    every = _all_hands(4)
    counted = np.bincount(classify_hands(every), minlength=len(HAND_CLASSES))
    assert dict(zip(HAND_CLASSES, counted.tolist(), strict=True)) == starting_hand_counts(4)


@pytest.mark.slow
def test_five_card_counts_equal_enumerating_every_hand() -> None:
    every = _all_hands(5)
    counted = np.bincount(classify_hands(every), minlength=len(HAND_CLASSES))
    assert dict(zip(HAND_CLASSES, counted.tolist(), strict=True)) == starting_hand_counts(5)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_vectorised_classes_equal_the_reference_classify(k: int) -> None:
    rng = np.random.default_rng(k)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :k]
    index = {c: i for i, c in enumerate(HAND_CLASSES)}
    want = [index[(c.suits, c.pairs, c.connectivity)] for c in map(classify, hands.tolist())]
    assert classify_hands(hands).tolist() == want


def test_classes_of_known_hands() -> None:
    hands = np.array([parse_cards(t) for t in ("As Ks Qd Jd", "Ac Ad 7h 2s", "Kc Kd Kh 9s")])
    got = [HAND_CLASSES[i] for i in classify_hands(hands)]
    assert got == [
        ("double_suited", "no_pair", "rundown"),
        ("rainbow", "one_pair", "disconnected"),
        ("rainbow", "trips", "disconnected"),
    ]


def test_flop_textures_of_a_full_deck_equal_enumeration() -> None:
    flops = _all_hands(3)
    counted = np.bincount(flop_texture(flops), minlength=len(FLOP_TEXTURES))
    assert flop_texture_counts(np.ones((1, 52), dtype=bool))[0].tolist() == counted.tolist()
    # Known values: 1,144 monotone flops of 22,100; 52 trips.
    assert counted[FLOP_TEXTURES.index("monotone")] == 1144
    assert counted[FLOP_TEXTURES.index("trips")] == 52
    assert sum(full_deck_flop_probabilities()) == pytest.approx(1.0)


def test_flop_textures_of_a_depleted_deck_equal_enumeration() -> None:
    rng = np.random.default_rng(20)
    for _ in range(12):
        deck = np.ones(52, dtype=bool)
        deck[rng.choice(52, int(rng.integers(1, 30)), replace=False)] = False
        flops = np.array(list(itertools.combinations(np.flatnonzero(deck).tolist(), 3)))
        counted = np.bincount(flop_texture(flops), minlength=len(FLOP_TEXTURES))
        assert flop_texture_counts(deck[None, :])[0].tolist() == counted.tolist()


def test_ace_probability() -> None:
    assert ace_in_hand_probability(4) == pytest.approx(1 - 194580 / 270725)
    assert ace_in_hand_probability(0) == 0.0
    assert ace_in_hand_probability(49) == 1.0


def test_masks_and_popcount() -> None:
    masks = np.array([0, 1 << 51, (1 << 52) - 1, 0b1011])
    assert popcount(masks).tolist() == [0, 1, 52, 3]
    assert mask_bits(masks).sum(axis=1).tolist() == [0, 1, 52, 3]
    assert np.flatnonzero(mask_bits(masks)[3]).tolist() == [0, 1, 3]


# ---- quadratic forms ----------------------------------------------------------------


def test_quadratic_form_of_a_multinomial_is_pearsons_chi_square() -> None:
    p = np.array([0.5, 0.3, 0.15, 0.05])
    observed = np.array([480.0, 320.0, 140.0, 60.0])
    n = observed.sum()
    v = n * (np.diag(p) - np.outer(p, p))
    stat, df = quadratic_form(observed - n * p, v, sum_zero=True)
    pearson = float(((observed - n * p) ** 2 / (n * p)).sum())
    assert df == 3
    assert stat == pytest.approx(pearson, rel=1e-9)


def test_hole_card_covariance_matches_drawing_without_replacement() -> None:
    """n cards drawn without replacement: one card's count is a 0/1 indicator of
    variance p(1 - p), p = n/52 (a multinomial would give n/52 (1 - 1/52)); checked
    by simulation over many 24-card hands."""
    rng = np.random.default_rng(3)
    hands, seats = 4000, 6
    deck = np.argsort(rng.random((hands, 52)), axis=1)[:, : 4 * seats]
    sample = DealSample(
        table=np.zeros(hands, dtype=np.int64),
        hole_count=np.full(hands, 4),
        all_known=np.ones(hands, dtype=bool),
        known_hand=np.zeros(0, dtype=np.int64),
        known_card=np.zeros(0, dtype=np.int64),
        board=np.full((hands, 5), -1),
        seat_hand=np.repeat(np.arange(hands), seats),
        seat=np.tile(np.arange(1, seats + 1), hands),
        position=np.tile(np.arange(seats), hands),
        holes=np.concatenate(
            [deck.reshape(hands * seats, 4), np.full((hands * seats, 2), -1)], axis=1
        ),
    )
    m = hole_moments(sample)
    per_hand_var = m.v[0, 0] / hands
    assert per_hand_var == pytest.approx(24 / 52 * (1 - 24 / 52), rel=1e-12)
    empirical = ((deck == 0).sum(axis=1)).var()
    assert empirical == pytest.approx(per_hand_var, rel=0.1)


# ---- multiple testing ---------------------------------------------------------------


def test_holm_adjusted_p_values() -> None:
    # m = 4: sorted 0.005, 0.01, 0.03, 0.04 -> 0.02, 0.03, max(0.03, 0.06), max(.., 0.04)
    assert holm([0.01, 0.04, 0.03, 0.005]) == [0.03, 0.06, 0.06, 0.02]
    assert holm([0.9, 0.8]) == [1.0, 1.0]
    assert holm([]) == []


def test_corrected_p_values_keep_tiny_p_values_and_never_fall_below_them() -> None:
    p = [3.65e-17, 4.65e-44, 0.5, 1e-300]
    for adjust in (holm, benjamini_hochberg):
        corrected = adjust(p)
        assert all(q >= x > 0 for q, x in zip(corrected, p, strict=True)), adjust.__name__
    assert holm(p)[0] == pytest.approx(2 * 3.65e-17, rel=1e-12)  # third smallest of 4: x2


def test_benjamini_hochberg_equals_scipy() -> None:
    rng = np.random.default_rng(1)
    for _ in range(20):
        p = rng.random(12) ** 3
        want = stats.false_discovery_control(p, method="bh")
        assert benjamini_hochberg(p.tolist()) == pytest.approx(want.tolist(), rel=1e-12)
