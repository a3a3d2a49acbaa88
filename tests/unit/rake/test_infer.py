"""Schedule inference recovers known schedules from generated hands."""

from __future__ import annotations

import random
from pathlib import Path

import polars as pl
import pytest

from omahahh.dataset.ingest import ingest
from omahahh.dataset.store import scan
from omahahh.rake.infer import RakeInferenceError, infer_schedule, inference_toml
from omahahh.rake.report import hand_inputs
from omahahh.rake.schedule import Schedule, Tier
from omahahh.rake.toml import loads_schedule
from omahahh.rules.rake import PlayerCap, RakeRule, Rounding

STAKES = (10, 25, 50, 100, 200)


def _schedule(rule: RakeRule, caps_by_stakes: dict[int, tuple[PlayerCap, ...]]) -> Schedule:
    tiers = [
        Tier(
            min_big_blind=bb,
            max_big_blind=bb,
            currencies=("USD",),
            rule=RakeRule(
                percent_bp=rule.percent_bp,
                increment=rule.increment,
                rounding=rule.rounding,
                fraction_rounding=rule.fraction_rounding,
                caps=caps,
                min_pot=rule.min_pot,
                no_flop_no_drop=rule.no_flop_no_drop,
            ),
        )
        for bb, caps in caps_by_stakes.items()
    ]
    return Schedule(name="truth", tiers=tuple(tiers))


def _hands(truth: Schedule, n: int, seed: int, no_flop_share: float = 0.0) -> pl.DataFrame:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        bb = rng.choice(STAKES)
        players = rng.randint(2, 9)
        pot = int(bb * 2 * (2000 ** rng.random())) + rng.randint(0, bb)
        flop = rng.random() >= no_flop_share
        exp = truth.expect(
            site="pokerstars",
            structure="pot_limit",
            game_type="cash",
            currency="USD",
            stakes=bb,
            pot=pot,
            players=players,
            flop_dealt=flop,
        )
        assert exp is not None
        rows.append(
            {
                "hand_key": f"h{seed}-{i}",
                "site": "pokerstars",
                "structure": "pot_limit",
                "game_type": "cash",
                "currency": "USD",
                "stakes": f"bb{bb}",
                "stakes_amount": bb,
                "pot": pot,
                "players_dealt": players,
                "flop_dealt": flop,
                "cancelled": False,
                "rake_reported": exp.amount,
            }
        )
    return pl.DataFrame(rows)


def _agreement(inferred: Schedule, truth: Schedule, hands: pl.DataFrame) -> float:
    same = 0
    for h in hands.iter_rows(named=True):
        args = {
            "site": "pokerstars",
            "structure": "pot_limit",
            "game_type": "cash",
            "currency": "USD",
            "stakes": h["stakes_amount"],
            "pot": h["pot"],
            "players": h["players_dealt"],
            "flop_dealt": h["flop_dealt"],
        }
        same += inferred.expect(**args) == truth.expect(**args)  # type: ignore[arg-type]
    return same / hands.height


SAME_CAPS = (PlayerCap(2, 3, 100), PlayerCap(4, 5, 200), PlayerCap(6, 9, 300))
CASES = {
    "documented 5% per full $1": (
        RakeRule(percent_bp=500, increment=100),
        dict.fromkeys(STAKES, SAME_CAPS),
    ),
    "4.5% to the cent, caps by stakes": (
        RakeRule(percent_bp=450),
        {
            10: (PlayerCap(2, 2, 30), PlayerCap(3, 4, 50), PlayerCap(5, 9, 100)),
            25: (PlayerCap(2, 2, 50), PlayerCap(3, 4, 100), PlayerCap(5, 9, 150)),
            50: (PlayerCap(2, 2, 50), PlayerCap(3, 4, 150), PlayerCap(5, 9, 200)),
            100: (PlayerCap(2, 2, 50), PlayerCap(3, 4, 150), PlayerCap(5, 9, 300)),
            200: (PlayerCap(2, 4, 200), PlayerCap(5, 9, 300)),
        },
    ),
    "6% per 25 rounded up": (
        RakeRule(percent_bp=600, increment=25, rounding=Rounding.UP),
        dict.fromkeys(STAKES, (PlayerCap(2, 9, 400),)),
    ),
    "3.25% nearest cent": (
        RakeRule(percent_bp=325, fraction_rounding=Rounding.NEAREST),
        dict.fromkeys(STAKES, (PlayerCap(2, 4, 75), PlayerCap(5, 9, 125))),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_inference_recovers_a_known_schedule(name: str) -> None:
    rule, caps = CASES[name]
    truth = _schedule(rule, caps)
    hands = _hands(truth, 4000, seed=1)
    result = infer_schedule(hands)
    assert result.hands_explained == result.hands_used, result.unexplained.head()
    inferred_rule = result.schedule.tiers[0].rule
    assert inferred_rule.percent_bp == rule.percent_bp
    # Every cap the hands show (some pot paid it) is recovered.
    shown = set(
        hands.filter(pl.col("rake_reported") > 0)
        .select("stakes_amount", "players_dealt", "rake_reported")
        .iter_rows()
    )
    for bb, bb_caps in caps.items():
        for c in bb_caps:
            for players in range(c.min_players, c.max_players + 1):
                if (bb, players, c.cap) not in shown:
                    continue
                tier = result.schedule.tier_for(
                    site="pokerstars",
                    structure="pot_limit",
                    game_type="cash",
                    currency="USD",
                    stakes=bb,
                )
                assert tier is not None
                got = [k.cap for k in tier.rule.caps if k.min_players <= players <= k.max_players]
                assert got == [c.cap], (bb, players)
    # The inferred schedule rakes fresh hands exactly as the true one does.
    assert _agreement(result.schedule, truth, _hands(truth, 1500, seed=2)) == 1.0


def test_inference_finds_no_flop_no_drop_and_a_minimum_pot() -> None:
    truth = _schedule(
        RakeRule(percent_bp=500, no_flop_no_drop=True, min_pot=1000),
        dict.fromkeys(STAKES, SAME_CAPS),
    )
    result = infer_schedule(_hands(truth, 3000, seed=3, no_flop_share=0.2))
    rule = result.schedule.tiers[0].rule
    assert rule.no_flop_no_drop
    assert 0 < rule.min_pot <= 1000
    assert result.hands_explained == result.hands_used


def test_inference_lists_the_hands_it_cannot_explain_with_a_reason() -> None:
    truth = _schedule(RakeRule(percent_bp=500), dict.fromkeys(STAKES, SAME_CAPS))
    hands = _hands(truth, 2000, seed=4)
    odd = hands.head(3).with_columns(pl.col("rake_reported") + 7)  # three hands raked 7 more
    result = infer_schedule(pl.concat([odd, hands.slice(3)]))
    assert result.schedule.tiers[0].rule.percent_bp == 500
    assert sorted(result.unexplained["hand_key"]) == sorted(odd["hand_key"])
    assert all(r.startswith("more than the schedule") for r in result.unexplained["reason"])


def test_inferred_toml_is_ready_to_use() -> None:
    truth = _schedule(RakeRule(percent_bp=450), dict.fromkeys(STAKES, SAME_CAPS))
    result = infer_schedule(_hands(truth, 1500, seed=5))
    text = inference_toml(result)
    assert loads_schedule(text, "inferred.toml").tiers == result.schedule.tiers
    assert "# Hands not explained (0):" in text


def test_nothing_to_learn_from_is_an_error() -> None:
    frame = pl.DataFrame(
        {
            "hand_key": ["t"],
            "site": ["pokerstars"],
            "structure": ["pot_limit"],
            "game_type": ["tournament"],
            "currency": ["CHIPS"],
            "stakes": ["10/20"],
            "stakes_amount": [20],
            "pot": [100],
            "players_dealt": [2],
            "flop_dealt": [True],
            "cancelled": [False],
            "rake_reported": [0],
        }
    )
    with pytest.raises(RakeInferenceError, match="no cash hand"):
        infer_schedule(frame)


@pytest.mark.corpus
def test_real_pokerstars_cash_hands_are_explained_by_one_schedule(
    corpus: Path, tmp_path: Path
) -> None:
    ingest([corpus / "PokerStars"], tmp_path / "stars")
    data = {t: scan(tmp_path / "stars", t) for t in ("hands", "players", "actions")}
    result = infer_schedule(hand_inputs(data["hands"], data["players"], data["actions"]).collect())
    rule = result.schedule.tiers[-2].rule  # the catch-all cash tier
    assert rule.percent_bp == 450  # 4.5 %
    assert rule.no_flop_no_drop  # pre-flop pots were never raked
    assert result.hands_explained >= 0.7 * result.hands_used
    assert result.unexplained["reason"].null_count() == 0
    assert result.excluded.get("tournament", 0) > 0
