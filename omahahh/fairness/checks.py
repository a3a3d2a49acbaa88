"""The tests of the deal: each a statistic, its degrees of freedom and a p-value.

Every chi-square here is a quadratic form ``d' V⁺ d`` of the deviations ``d``
(observed minus expected counts) in the pseudo-inverse of their covariance
``V`` under a fair deal, with as many degrees of freedom as ``V`` has rank.
Writing the covariance out, rather than using Pearson's Σ (O - E)² / E, is
what keeps the p-values exact where cards are dependent: the cards of one
hand are drawn without replacement, and a board is drawn from what the hole
cards left. docs/FAIRNESS.md states each test's null hypothesis, assumptions
and limits.

A test with too small a sample says so (``p`` is None, the note says what it
needs) and never gives a verdict.
"""

from __future__ import annotations

import fnmatch
import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from omahahh.fairness.combinatorics import (
    FLOP_TEXTURES,
    HAND_CLASSES,
    HOLE_COUNTS,
    ace_in_hand_probability,
    classify_hands,
    flop_texture,
    flop_texture_probabilities,
    starting_hand_counts,
)
from omahahh.fairness.distributions import chi2_sf, two_sided_p
from omahahh.fairness.sample import (
    MAX_HOLE,
    BoolArray,
    DealSample,
    FloatArray,
    IntArray,
    mask_bits,
    popcount,
)

DEAL = "deal"
ALLIN_PLAYERS = "allin_players"

Matrix = FloatArray  # two-dimensional


@dataclass(frozen=True, slots=True)
class TestResult:
    """One test: its statistic (chi-square, or z when ``df`` is None) and p-value."""

    test: str
    title: str
    unit: str  # what ``n`` counts: cards, hands, flops, pairs of hands, all-ins
    n: int
    min_n: int
    statistic: float | None = None
    df: int | None = None
    p: float | None = None
    family: str = DEAL
    note: str = ""

    @property
    def enough(self) -> bool:
        return self.p is not None


def _chi2(
    name: str,
    title: str,
    unit: str,
    n: int,
    min_n: int,
    d: FloatArray,
    v: Matrix,
    *,
    sum_zero: bool = True,
) -> TestResult:
    if n < min_n:
        return _short(name, title, unit, n, min_n)
    stat, df = quadratic_form(d, v, sum_zero=sum_zero)
    if df == 0:
        return _short(name, title, unit, n, min_n)
    return TestResult(name, title, unit, n, min_n, stat, df, chi2_sf(stat, df))


def _z(name: str, title: str, unit: str, n: int, min_n: int, dev: float, var: float) -> TestResult:
    if n < min_n or var <= 0:
        return _short(name, title, unit, n, min_n)
    z = dev / math.sqrt(var)
    return TestResult(name, title, unit, n, min_n, z, None, two_sided_p(z))


def _short(name: str, title: str, unit: str, n: int, min_n: int, family: str = DEAL) -> TestResult:
    note = f"not enough {unit}: {n:,} of the {min_n:,} needed"
    return TestResult(name, title, unit, n, min_n, family=family, note=note)


def quadratic_form(
    d: FloatArray, v: Matrix, rel_tol: float = 1e-9, *, sum_zero: bool = False
) -> tuple[float, int]:
    """``d' V⁺ d`` and the rank of ``V`` (eigenvalues above ``rel_tol`` × the largest).

    ``sum_zero``: the counts add up to a fixed total, so ``d`` and ``V`` live
    orthogonal to the all-ones vector; projecting onto that space removes the
    rounding that would otherwise pass for one more degree of freedom.
    """
    if sum_zero:
        centre = np.eye(d.size) - np.full((d.size, d.size), 1.0 / d.size)
        d, v = centre @ d, centre @ v @ centre
    w, u = np.linalg.eigh((v + v.T) / 2.0)
    if w.size == 0 or w[-1] <= 0:
        return 0.0, 0
    keep = w > rel_tol * w[-1]
    proj = u[:, keep].T @ d
    return float((proj**2 / w[keep]).sum()), int(keep.sum())


# ---- card, suit and rank frequencies ------------------------------------------------

_SUIT = np.array([[float(c & 3 == s) for c in range(52)] for s in range(4)])
_RANK = np.array([[float(c >> 2 == r) for c in range(52)] for r in range(13)])
_CHUNK = 250_000


@dataclass(frozen=True, slots=True)
class Moments:
    """Deviations of card counts from a fair deal and their covariance."""

    d: FloatArray  # (52,)
    v: Matrix  # (52, 52)
    cards: int

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.d + other.d, self.v + other.v, self.cards + other.cards)

    def project(self, g: Matrix) -> tuple[FloatArray, Matrix]:
        return g @ self.d, g @ self.v @ g.T


def hole_moments(s: DealSample) -> Moments:
    """The sampled hole cards: each hand's are a uniform subset of the deck.

    n cards drawn without replacement have covariance n(52 - n)/51 × (I/52 - J/52²),
    the multinomial's shrunk by (52 - n)/51.
    """
    cards = s.holes[s.holes >= 0]
    n = s.sampled_count.astype(np.float64)
    observed = np.bincount(cards, minlength=52).astype(np.float64)
    scale = float((n * (52.0 - n) / 51.0).sum()) / 52.0
    v = scale * (np.eye(52) - np.full((52, 52), 1.0 / 52.0))
    return Moments(observed - n.sum() / 52.0, v, int(cards.size))


def board_moments(s: DealSample, hands: BoolArray) -> Moments:
    """The board cards of ``hands``, each uniform over the cards not yet known to be out.

    Board card j of hand h is drawn from the m = 52 - |K_h| - j cards left once the
    hand's known hole cards K_h and its earlier board cards are out: p_hj uniform
    on them, so E = Σ p and V = diag(E) - Σ p p' (the draws are martingale
    differences). With x the cards out and w = 1/m², Σ p p' = Σ w (1 - x)(1 - x)';
    split x = k_h + y_hj (hole cards known, earlier board cards), the sums over
    draws become sums over hands: Σ W_h k_h k_h' and Σ k_h u_h' (BLAS, one row a
    hand), the rest small counts of board cards. E is exact (float64 counts).
    """
    rows = np.flatnonzero(hands & (s.board[:, 0] >= 0))
    board = s.board[rows]
    dealt = board >= 0
    observed = np.bincount(board[dealt], minlength=52).astype(np.float64)
    known = s.known[rows]
    m = 52.0 - popcount(known)[:, None] - np.arange(5)[None, :]
    inv = np.where(dealt, 1.0 / m, 0.0)
    w = inv**2
    # Weights of the draws after board card i (those that see it out).
    after_inv = inv[:, ::-1].cumsum(axis=1)[:, ::-1] - inv
    after_w = w[:, ::-1].cumsum(axis=1)[:, ::-1] - w
    inv_h, w_h = inv.sum(axis=1), w.sum(axis=1)
    card = board.clip(min=0)
    expected = np.full(52, inv_h.sum())
    a = np.bincount(card[dealt], weights=after_w[dealt], minlength=52).astype(np.float64)
    expected -= np.bincount(card[dealt], weights=after_inv[dealt], minlength=52)
    # Each known hole card is out for every board draw of its hand.
    per_hand_inv, per_hand_w = np.zeros(s.hands), np.zeros(s.hands)
    per_hand_inv[rows], per_hand_w[rows] = inv_h, w_h
    expected -= np.bincount(s.known_card, weights=per_hand_inv[s.known_hand], minlength=52)
    a += np.bincount(s.known_card, weights=per_hand_w[s.known_hand], minlength=52)
    b = np.zeros((52, 52))
    for i in range(4):  # no draw comes after the fifth card: it is never out
        for j in range(i, 4):
            both = dealt[:, i] & dealt[:, j]
            weight = after_w[both, j]
            pair = card[both, i] * 52 + card[both, j]
            counted = np.bincount(pair, weights=weight, minlength=52 * 52).reshape(52, 52)
            b += counted if i == j else counted + counted.T
    for start in range(0, rows.size, _CHUNK):
        part = slice(start, start + _CHUNK)
        k = mask_bits(known[part]).astype(np.float32)
        b += (k.T @ (k * w_h[part].astype(np.float32)[:, None])).astype(np.float64)
        # u_h = Σ_j w_hj y_hj: each earlier board card weighted by the draws after it.
        u = np.zeros((k.shape[0], 52), dtype=np.float32)
        for i in range(5):
            ok = dealt[part, i]
            u[np.flatnonzero(ok), card[part][ok, i]] += after_w[part][ok, i].astype(np.float32)
        ku = (k.T @ u).astype(np.float64)
        b += ku + ku.T
    ones = np.ones(52)
    outer = float(w_h.sum()) * np.outer(ones, ones) - np.outer(a, ones) - np.outer(ones, a) + b
    return Moments(observed - expected, np.diag(expected) - outer, int(dealt.sum()))


def frequency_tests(s: DealSample) -> list[TestResult]:
    """Card (51 df), suit (3) and rank (12) frequencies of the fair cards.

    Boards of hands where not every seat is known feed only the suit test: their
    ranks are biased by the unseen cards that decided whether the street came.
    """
    hole = hole_moments(s)
    known_boards = board_moments(s, s.all_known)
    other_boards = board_moments(s, ~s.all_known)
    cards = hole + known_boards
    suits = cards + other_boards
    return [
        _chi2(
            "card_frequency",
            "each of the 52 cards equally often",
            "cards",
            cards.cards,
            520,
            cards.d,
            cards.v,
        ),
        _chi2(
            "suit_frequency",
            "each suit equally often",
            "cards",
            suits.cards,
            200,
            *suits.project(_SUIT),
        ),
        _chi2(
            "rank_frequency",
            "each rank equally often",
            "cards",
            cards.cards,
            260,
            *cards.project(_RANK),
        ),
    ]


# ---- the same cards whatever the seat or position -----------------------------------

# Covariance of the rank indicators of one card, and of two different cards of one deck.
_ONE = np.diag(np.full(13, 1 / 13)) - np.full((13, 13), 1 / 169)
_TWO = (4.0 * (4.0 - np.eye(13))) / (52.0 * 51.0) - 1 / 169
MIN_GROUP_CARDS = 130  # 10 expected per rank


def group_test(s: DealSample, group: IntArray, name: str, what: str) -> TestResult:
    """Do the ranks of the sampled hole cards differ between groups (seats or positions)?

    Homogeneity: each group's rank counts less its share of the overall counts,
    so a bias of the whole deck (the rank test's business) does not show here.
    Covariance exact: k cards of a seat are k draws without replacement, and two
    seats of one hand share a deck.
    """
    title = f"the same ranks in every {what}"
    k = s.hole_k
    cards_per_group = np.bincount(group[group >= 0], weights=k[group >= 0])
    groups = np.flatnonzero(cards_per_group >= MIN_GROUP_CARDS)
    total = (
        int(cards_per_group[groups].sum())
        if groups.size >= 2
        else int(cards_per_group.max(initial=0))
    )
    if groups.size < 2:
        return _short(name, title, "cards", total, 2 * MIN_GROUP_CARDS)
    g_of = np.full(max(int(group.max()) + 1, 1), -1)
    g_of[groups] = np.arange(groups.size)
    gi = np.where(group >= 0, g_of[group.clip(min=0)], -1)
    seats = gi >= 0
    gi, kk, holes, hand = gi, k, s.holes, s.seat_hand
    if not seats.all():
        gi, kk, holes, hand = gi[seats], k[seats], holes[seats], hand[seats]
    ng = groups.size
    flat_counts = np.zeros(13 * ng)
    for j in range(holes.shape[1]):  # by column: no (seats x cards) temporaries
        card = holes[:, j]
        held = card >= 0
        index = gi * 13 + (card >> 2) if held.all() else (gi * 13 + (card >> 2))[held]
        flat_counts += np.bincount(index, minlength=13 * ng)
    counts = flat_counts.reshape(ng, 13)
    a = np.bincount(gi, weights=kk, minlength=ng)
    a2 = np.bincount(gi, weights=kk * (kk - 1), minlength=ng)
    # Σ over hands of k² for every pair of groups dealt in the same hand (the
    # diagonal, a seat with itself, is replaced below).
    weight = kk.astype(np.float64)
    u = np.bincount(hand * ng + gi, weights=weight, minlength=s.hands * ng)
    per_hand = u.astype(np.float64).reshape(-1, ng)
    cross: Matrix = per_hand.T @ per_hand
    v = np.kron(cross, _TWO)
    for g in range(ng):
        block = slice(13 * g, 13 * g + 13)
        v[block, block] = a[g] * _ONE + a2[g] * _TWO
    d = (counts - a[:, None] / 13.0).ravel()
    share = a / a.sum()
    lift = np.eye(13 * ng) - np.kron(np.outer(share, np.ones(ng)), np.eye(13))
    d, v = lift @ d, lift @ v @ lift.T
    return _chi2(name, title, "cards", int(a.sum()), 2 * MIN_GROUP_CARDS, d, v, sum_zero=False)


# ---- starting hands -----------------------------------------------------------------

CLASS_FLOOR = 0.005  # classes rarer than this are pooled as "other"
MIN_EXPECTED = 5.0


def starting_hand_test(s: DealSample, k: int) -> TestResult:
    """Starting-hand classes (suits × pairs × connectivity) against their exact frequencies.

    The seats of one hand share a deck, so two of them are slightly dependent;
    that cross-covariance is estimated from the hands with several seats
    sampled (it is exactly zero when only the hero is sampled).
    """
    name, title = f"starting_hands_{k}", f"{k}-card starting-hand classes as often as dealt"
    counts = starting_hand_counts(k)
    total = sum(counts.values())
    probs = np.array([counts[c] / total for c in HAND_CLASSES])
    kept = np.flatnonzero(probs >= CLASS_FLOOR)
    cell = np.full(len(HAND_CLASSES), kept.size)  # the pooled "other" cell last
    cell[kept] = np.arange(kept.size)
    p = np.append(probs[kept], 1.0 - probs[kept].sum())
    min_n = math.ceil(MIN_EXPECTED / p.min())
    seats = ((s.holes >= 0).sum(axis=1) == k) & (s.hole_count[s.seat_hand] == k)
    n = int(seats.sum())
    if n < min_n:
        return _short(name, title, "hands", n, min_n)
    cls = cell[classify_hands(s.holes[seats, :k])]
    observed = np.bincount(cls, minlength=p.size).astype(np.float64)
    v = n * (np.diag(p) - np.outer(p, p)) + _cross_seat(s.seat_hand[seats], cls, p)
    return _chi2(name, title, "hands", n, min_n, observed - n * p, v)


def _cross_seat(hand: IntArray, cls: IntArray, p: FloatArray) -> Matrix:
    """Σ over ordered pairs of seats of one hand of (e_a - p)(e_b - p)': the observed
    cross-covariance of the classes of two seats sharing a deck (0 with one seat a hand)."""
    if hand.size == 0:
        return np.zeros((p.size, p.size))
    hands = int(hand.max()) + 1
    per_hand = np.bincount(hand * p.size + cls, minlength=hands * p.size).reshape(hands, p.size)
    seats = np.bincount(hand, minlength=hands).astype(np.float64)
    u = per_hand - seats[:, None] * p
    # Σ over seats of (e_a - p)(e_a - p)', from the class counts.
    count = np.bincount(cls, minlength=p.size).astype(np.float64)
    own = np.diag(count) - np.outer(count, p) - np.outer(p, count) + cls.size * np.outer(p, p)
    cross = u.T @ u - own
    return (cross + cross.T) / 2.0


# ---- flop texture -------------------------------------------------------------------

MIN_FLOPS = 2200  # 5 expected trips flops


def flop_texture_test(s: DealSample) -> TestResult:
    """Flop textures against their exact frequencies from the deck each flop came from."""
    title = "flop textures as often as dealt"
    flops = np.flatnonzero(s.board[:, 2] >= 0)
    if flops.size < MIN_FLOPS:
        return _short("flop_texture", title, "flops", int(flops.size), MIN_FLOPS)
    cells = len(FLOP_TEXTURES)
    expected = np.zeros(cells)
    outer = np.zeros((cells, cells))
    for start in range(0, flops.size, _CHUNK):
        rows = flops[start : start + _CHUNK]
        p = flop_texture_probabilities(~mask_bits(s.known[rows]))
        expected += p.sum(axis=0)
        outer += p.T @ p
    observed = np.bincount(flop_texture(s.board[flops, :3]), minlength=cells)
    v = np.diag(expected) - outer
    return _chi2("flop_texture", title, "flops", int(flops.size), MIN_FLOPS, observed - expected, v)


# ---- serial independence ------------------------------------------------------------

MIN_PAIRS = 200


_FULL = (1 << 52) - 1


def repeat_test(s: DealSample) -> TestResult:
    """Cards of the previous hand at the table turning up again, against chance (3 df).

    For each hand after the first at a table, the previous hand's known cards are
    split into its hole cards H and its board B. Three counts, each against its
    exact expectation: this hand's sampled hole cards in H (hole to hole), its
    board cards in B (board to board), and the two crossings (hole cards in B,
    board cards in H). The sampled hole cards (n) are a uniform n-subset of the
    deck: a multivariate hypergeometric overlap with H and B. Each board card is
    uniform over the cards not known to be out, so it falls in B with
    probability |B ∩ left| / |left|, in H likewise (never both). Kept apart, a
    dealer that brings back the last board is not drowned by the chance overlap
    of two dozen hole cards. Both sides count: too few repeats (a deck not
    reshuffled) is as wrong as too many.
    """
    title = "cards of the previous hand repeated by chance only"
    prev = s.previous_in_table()
    rows = np.flatnonzero(prev >= 0)
    if rows.size < MIN_PAIRS:
        return _short("serial_repeats", title, "pairs of hands", int(rows.size), MIN_PAIRS)
    prev_hole = np.zeros(s.hands, dtype=np.int64)
    prev_board = np.zeros(s.hands, dtype=np.int64)
    prev_hole[rows] = s.known[prev[rows]]
    prev_board[rows] = s.board_mask[prev[rows]]
    observed, expected = np.zeros(3), np.zeros(3)
    v = np.zeros((3, 3))
    # This hand's sampled hole cards: components 0 (in H) and 2 (in B).
    n = s.sampled_count[rows].astype(np.float64)
    shrink = n * (52.0 - n) / 51.0
    fh = popcount(prev_hole[rows]) / 52.0
    fb = popcount(prev_board[rows]) / 52.0
    mine = s.sampled[rows]
    observed[0] += popcount(mine & prev_hole[rows]).sum()
    observed[2] += popcount(mine & prev_board[rows]).sum()
    expected[0] += (n * fh).sum()
    expected[2] += (n * fb).sum()
    v[0, 0] += (shrink * fh * (1 - fh)).sum()
    v[2, 2] += (shrink * fb * (1 - fb)).sum()
    v[0, 2] -= (shrink * fh * fb).sum()
    # This hand's board cards: components 1 (in B) and 2 (in H).
    hands_of, cards, out = s.board_draws(prev >= 0)
    left = ~out & _FULL
    m = np.maximum(popcount(left), 1)
    ph = popcount(left & prev_hole[hands_of]) / m
    pb = popcount(left & prev_board[hands_of]) / m
    observed[1] += ((prev_board[hands_of] >> cards) & 1).sum()
    observed[2] += ((prev_hole[hands_of] >> cards) & 1).sum()
    expected[1] += pb.sum()
    expected[2] += ph.sum()
    v[1, 1] += (pb * (1 - pb)).sum()
    v[2, 2] += (ph * (1 - ph)).sum()
    v[1, 2] -= (pb * ph).sum()
    v = np.triu(v) + np.triu(v, 1).T
    result = _chi2(
        "serial_repeats",
        title,
        "pairs of hands",
        int(rows.size),
        MIN_PAIRS,
        observed - expected,
        v,
        sum_zero=False,
    )
    if result.enough:
        parts = zip(("hole", "board", "crossed"), observed, expected, strict=True)
        note = "; ".join(f"{what} {o:,.0f} repeated ({e:,.1f} expected)" for what, o, e in parts)
        result = replace(result, note=note)
    return result


ACE_RANK = 12


def runs_test(s: DealSample) -> TestResult:
    """Runs of hands with and without an ace, against chance (z).

    One seat per hand, the lowest-numbered sampled one (a choice blind to the
    cards): does its hand hold an ace? With every seat of a table, "any ace among
    thirty cards" would be nearly always true and the count of changes too
    lumpy for a normal tail. Counts the changes between consecutive hands at a
    table; under a fair deal the hands are independent and P(ace) is exact for
    the hand's number of cards. Changes are 1-dependent: the variance adds the
    covariance of neighbours.
    """
    title = "hands with an ace come in runs by chance only"
    lowest = np.full(s.hands, np.iinfo(np.int64).max)
    np.minimum.at(lowest, s.seat_hand, s.seat)
    pick = np.flatnonzero(s.seat == lowest[s.seat_hand])
    seat_of_hand = np.full(s.hands, -1)
    seat_of_hand[s.seat_hand[pick]] = pick
    seats = seat_of_hand[seat_of_hand >= 0]  # one seat per hand, hands in deal order
    if seats.size < 2:
        return _short("serial_runs", title, "pairs of hands", 0, MIN_PAIRS)
    held = s.holes[seats]
    p = np.array([ace_in_hand_probability(k) for k in range(MAX_HOLE + 1)])[s.hole_k[seats]]
    x = ((held >> 2) == ACE_RANK).any(axis=1)
    rows = s.seat_hand[seats]
    link = s.table[rows][1:] == s.table[rows][:-1]  # pair i: hands i, i+1
    pa, pb = p[:-1], p[1:]
    q = pa * (1 - pb) + pb * (1 - pa)
    change = (x[1:] != x[:-1]).astype(np.float64)
    var = float((q * (1 - q))[link].sum())
    # Neighbouring pairs (a, b), (b, c) of one table.
    both = link[1:] & link[:-1]
    a, b, c = p[:-2], p[1:-1], p[2:]
    joint = a * (1 - b) * c + (1 - a) * b * (1 - c)
    var += 2.0 * float((joint - q[:-1] * q[1:])[both].sum())
    dev = float((change - q)[link].sum())
    return _z("serial_runs", title, "pairs of hands", int(link.sum()), MIN_PAIRS, dev, var)


# ---- all-in luck --------------------------------------------------------------------

MIN_ALLINS = 30


def _luck(share: FloatArray, equity: FloatArray) -> tuple[float, float]:
    """Σ (share - equity) and its variance bound Σ e(1 - e) (a share in [0, 1] of mean e)."""
    return float((share - equity).sum()), float((equity * (1 - equity)).sum())


def favourite_test(s: DealSample) -> TestResult:
    """Does the favourite of each all-in win the share its equity says (z)?

    One player per hand (the highest equity, the first seat listed on a tie): the
    live players' shares of a pot always add up to their equities, so summing
    every player of a hand would test nothing.
    """
    title = "all-in favourites win as often as their equity says"
    a = s.allin
    order = np.lexsort((-a.equity, a.hand))
    first = np.ones(order.size, dtype=bool)
    first[1:] = a.hand[order][1:] != a.hand[order][:-1]
    pick = order[first]
    dev, var = _luck(a.share[pick], a.equity[pick])
    result = _z("allin_favourites", title, "all-ins", int(pick.size), MIN_ALLINS, dev, var)
    return _with_luck_note(result, a.share[pick], a.equity[pick])


def _with_luck_note(result: TestResult, share: FloatArray, equity: FloatArray) -> TestResult:
    if not result.enough:
        return result
    note = f"won {share.sum():,.2f} pots, equity {equity.sum():,.2f}"
    return replace(result, note=note)


def player_luck_tests(s: DealSample) -> list[TestResult]:
    """All-in luck of each player with enough all-ins (or of the ``--player`` chosen)."""
    a = s.allin
    if a.size == 0:
        return []
    names, who = np.unique(np.array(a.player, dtype=object), return_inverse=True)
    if s.counts.player is not None:
        chosen = np.array([fnmatch.fnmatchcase(str(n), s.counts.player) for n in names])
    else:
        chosen = np.ones(names.size, dtype=bool)
    count = np.bincount(who, minlength=names.size)
    won = np.bincount(who, weights=a.share, minlength=names.size)
    equity = np.bincount(who, weights=a.equity, minlength=names.size)
    var = np.bincount(who, weights=a.equity * (1 - a.equity), minlength=names.size)
    out = []
    for i in np.flatnonzero(chosen & (count >= MIN_ALLINS)).tolist():
        name = str(names[i])
        result = _z(
            f"allin_luck:{name}",
            f"all-in luck of {name}",
            "all-ins",
            int(count[i]),
            MIN_ALLINS,
            float(won[i] - equity[i]),
            float(var[i]),
        )
        if result.enough:
            result = replace(result, note=f"won {won[i]:,.2f} pots, equity {equity[i]:,.2f}")
        out.append(replace(result, family=ALLIN_PLAYERS))
    return out


# ---- all of them ----------------------------------------------------------------------

DealTest = Callable[[DealSample], TestResult]


def run_checks(s: DealSample) -> list[TestResult]:
    """Every test, in the order of docs/FAIRNESS.md; per-player all-in rows last."""
    out = frequency_tests(s)
    out.append(group_test(s, s.seat, "seat_uniformity", "seat"))
    out.append(group_test(s, s.position, "position_uniformity", "position"))
    present = set(np.unique(s.hole_count).tolist())
    out += [starting_hand_test(s, k) for k in HOLE_COUNTS if k in present]
    out.append(flop_texture_test(s))
    out.append(repeat_test(s))
    out.append(runs_test(s))
    out.append(favourite_test(s))
    return out + player_luck_tests(s)
