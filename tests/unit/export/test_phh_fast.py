"""The export's fast path writes, hand for hand, the text of the record path.

``omahahh.export.phh_fast`` renders PHH straight from a dataset's rows and works
out the ``_omahahh_`` overrides without reading its standard part back through the
importer. The record path (rows -> records -> ``render_hand``, which does read it
back) is the oracle: every corpus hand, and corpus hands bent in seeded random ways
toward the corners (sub-second times, seats sitting out, shows with awkward
comments, odd units, games the standard cannot name), must come out
byte for byte the same, skipped hands with the same reason.
"""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pytest

from omahahh.dataset.fragments import FragmentBuilder
from omahahh.dataset.ingest import ingest
from omahahh.export import phh_fast
from omahahh.export.batch_rows import column
from omahahh.export.phh_fast import render_rows
from omahahh.export.phh_inline import unit_read
from omahahh.export.phh_record import amount_text, amount_units, render_hand
from omahahh.export.phh_rows import BatchSource, batches, hand_keys, records_from_tables
from omahahh.model import (
    CashOut,
    Collection,
    GameInfo,
    HandRecord,
    Show,
    Street,
    Structure,
    SummarySeat,
    UncalledReturn,
)
from omahahh.parsers.phh import unit_for
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_blocks
from tests.helpers.paths import SAMPLES


def _tables(hands: list[HandRecord]) -> dict[str, pa.Table]:
    builder = FragmentBuilder()
    for hand in hands:
        builder.add(hand)
    frames = builder.build().frames
    return {t: frames[t].to_arrow() for t in ("hands", "players", "actions", "collections")}


def _both(tables: dict[str, pa.Table]) -> tuple[list[object], list[object]]:
    slow = [render_hand(r) for r in records_from_tables(**tables)]
    return slow, list(render_rows(**tables))


def _corpus_hands(folder: Path) -> list[HandRecord]:
    blocks = (b for p in expand_paths([folder]) for b in iter_blocks(p))
    return [h for h in parse_blocks(blocks) if isinstance(h, HandRecord)]


@pytest.mark.corpus
def test_fast_path_writes_every_corpus_hand_as_the_record_path(
    corpus: Path, tmp_path: Path
) -> None:
    ds = tmp_path / "ds"
    ingest([corpus], ds)
    keys = hand_keys(ds)
    source = BatchSource.of(ds, keys)
    compared = skipped = 0
    for start, batch in batches(keys, 400):
        slow, fast = _both(source.read(batch, start))
        assert fast == slow
        compared += len(fast)
        skipped += sum(1 for _, text, _ in fast if text is None)
    assert compared == len(keys) > 1000
    assert skipped >= 1  # a hand of one player dealt in: said why, on both paths


def _bend(hand: HandRecord, rng: random.Random) -> HandRecord:
    """``hand`` with a few seeded changes toward what the fast path must get right."""
    changes: dict[str, object] = {}
    seats = list(hand.seats)
    names = [s.player for s in seats]
    for _ in range(rng.randint(1, 4)):
        pick = rng.randrange(19)
        if pick == 0 and hand.started_at is not None:
            shift = rng.choice(
                [
                    timedelta(microseconds=rng.randint(1, 999_999)),
                    timedelta(hours=rng.randint(1, 5)),
                ]
            )
            zone = rng.choice([UTC, timezone(timedelta(hours=-5))])
            changes["started_at"] = (hand.started_at + shift).astimezone(zone)
        elif pick == 1:
            changes["started_at"] = None
        elif pick == 2 and seats:
            i = rng.randrange(len(seats))
            seats[i] = dataclasses.replace(
                seats[i],
                sitting_out=rng.random() < 0.5,
                out_of_hand=rng.random() < 0.5,
                bounty=rng.choice([None, 500]),
            )
            changes["seats"] = tuple(seats)
        elif pick == 3 and names:
            description = rng.choice(['a "#1" hand', "  spaced  ", "", "x\\y", "#", "tab\there"])
            cards = rng.choice([(0, 1, 2, 3), (), (4, 5, 6, 9), (7, 8)])
            show = Show(player=rng.choice(names), cards=cards, description=description or None)
            changes["shows"] = (*hand.shows, show)
        elif pick == 4:
            changes["unit"] = rng.choice([1, 5, 10, 100, 1000])
        elif pick == 5:
            changes["currency"] = rng.choice(["CHIPS", "PLAY", "EUR"])
        elif pick == 6:
            hole = rng.choice([4, 5, 6, 8])
            changes["game"] = GameInfo(
                variant=rng.choice(["PLO", "FLO8", "CLO"]),
                structure=rng.choice(list(Structure)),
                hole_card_count=hole,
                hi_lo=rng.random() < 0.5,
                game_label=rng.choice(["Omaha", hand.game.game_label]),
            )
        elif pick == 7:
            changes["boards"] = rng.choice(
                [(), ((10, 11, 12),), ((10, 11, 12, 13),), ((10, 11, 12, 13, 14), (20, 21, 22))]
            )
            changes["run_count"] = rng.choice([1, 2])
        elif pick == 8 and names:
            changes["dealt"] = ((rng.choice(names), (30, 31, 32, 33)), *hand.dealt)
        elif pick == 9:
            changes["table_name"] = rng.choice(["", 'Table #3 "quoted"', "x"])
        elif pick == 10:
            changes["button_seat"] = rng.choice([None, 1, 9, 10])
        elif pick == 11:
            changes["small_blind"] = rng.choice([None, 1, 2])
            changes["big_blind"] = rng.choice([None, 2, 4])
            changes["ante"] = rng.choice([None, 1])
        elif pick == 12:
            changes["small_bet"] = rng.choice([None, 2])
            changes["big_bet"] = rng.choice([None, 4])
        elif pick == 13 and names:
            changes["uncalled"] = (
                UncalledReturn(player=rng.choice(names), amount=25, street=Street.FLOP),
            )
            changes["cashouts"] = (CashOut(player=rng.choice(names), amount=100, fee=1),)
        elif pick == 14 and names:
            changes["collections"] = (
                Collection(player=rng.choice(names), amount=7, pot_index=1, half="low"),
                *hand.collections,
            )
        elif pick == 15 and seats:
            s = rng.choice(seats)
            changes["summary_seats"] = (
                SummarySeat(seat=s.seat, player=s.player, won=rng.choice([None, 9]), mucked=True),
            )
        elif pick == 16:
            changes["notes"] = ("a note", 'with "quotes"')
            changes["betting_capped"] = (Street.TURN,)
        elif pick == 17 and hand.actions:
            i = rng.randrange(len(hand.actions))
            actions = list(hand.actions)
            actions[i] = dataclasses.replace(
                actions[i], amount=actions[i].amount + rng.choice([-1, 1, 50])
            )
            changes["actions"] = tuple(actions)
        elif pick == 18:
            changes["stakes"] = rng.choice(["", "$1/$2", hand.stakes])
            changes["fast_fold"] = True
            changes["tournament_id"] = "T1"
    return dataclasses.replace(hand, **changes)


@pytest.mark.corpus
def test_fast_path_matches_the_record_path_on_bent_hands(corpus: Path) -> None:
    rng = random.Random(18)
    hands = _corpus_hands(SAMPLES) + _corpus_hands(corpus / "PokerStars")
    bent = [
        dataclasses.replace(_bend(h, rng), hand_id=f"{h.hand_id}-{i}")
        for i, h in enumerate(rng.choices(hands, k=1500))
    ]
    slow, fast = _both(_tables(bent))
    assert len(fast) == 1500
    for a, b in zip(slow, fast, strict=True):
        assert b == a, a[0]
    assert any(text is None for _, text, _ in fast)  # skipped hands, with the same reason


def test_fast_path_matches_the_record_path_on_the_sample_histories_and_bent_copies() -> None:
    """The check above without the corpus: every hand of sample_histories/ and 600 bent
    copies of them, byte for byte."""
    rng = random.Random(46)
    hands = _corpus_hands(SAMPLES)
    bent = [
        dataclasses.replace(_bend(h, rng), hand_id=f"{h.hand_id}-{i}")
        for i, h in enumerate(rng.choices(hands, k=600))
    ]
    slow, fast = _both(_tables(hands + bent))
    assert len(fast) == len(hands) + 600 and len(hands) > 50
    for a, b in zip(slow, fast, strict=True):
        assert b == a, a[0]


def test_a_game_the_standard_cannot_name_takes_the_record_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = _corpus_hands(SAMPLES)[0]
    odd = dataclasses.replace(
        hand,
        hand_id="odd",
        game=dataclasses.replace(hand.game, hole_card_count=8, variant="PLO8"),
    )
    slow_calls: list[str] = []
    real = phh_fast.render_hand

    def spy(h: HandRecord) -> object:
        slow_calls.append(h.hand_key)
        return real(h)

    monkeypatch.setattr(phh_fast, "render_hand", spy)
    tables = _tables([hand, odd])
    fast = render_rows(**tables)
    assert slow_calls == [odd.hand_key]  # the usual hand stayed on the fast path
    assert fast == [render_hand(r) for r in records_from_tables(**tables)]


@pytest.mark.parametrize("seed", range(5))
def test_unit_read_from_minor_units_agrees_with_unit_for(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        unit = rng.choice([1, 10, 100, 1000, 5, 25])
        currency = rng.choice(["USD", "CHIPS", "PLAY"])
        amounts = [
            rng.choice([0, rng.randint(-50, 10**6), 10 ** rng.randint(0, 4)]) for _ in range(6)
        ]
        raises = [abs(a) + 1 for a in amounts[:2]]
        doc = {
            "antes": [amount_units(x, unit) for x in amounts[:2]],
            "blinds_or_straddles": [amount_units(x, unit) for x in amounts[2:4]],
            "min_bet": amount_units(amounts[4], unit),
            "starting_stacks": [amount_units(amounts[5], unit), Decimal(0) + amount_units(7, unit)],
            "actions": [f"p1 cbr {amount_text(x, unit)}" for x in raises],
        }
        every = [*amounts, 7, *raises]
        standard = doc.copy
        assert unit_read(every, unit, currency, standard) == unit_for(doc, currency)


def test_reading_a_timestamp_column_gives_the_same_instants_as_pyarrow() -> None:
    values = [
        datetime(2020, 1, 1, 12, 0, 0, 5, tzinfo=UTC),
        None,
        datetime(1969, 12, 31, tzinfo=UTC),
    ]
    table = pa.table({"t": pa.array(values, pa.timestamp("us", tz="UTC"))})
    assert column(table, "t") == table.column("t").to_pylist() == values


def test_a_hand_key_twice_in_a_batch_gets_the_rows_of_both_as_on_the_record_path() -> None:
    hands = _corpus_hands(SAMPLES)[:3]
    twice = [hands[0], hands[1], dataclasses.replace(hands[2], hand_id=hands[0].hand_id)]
    slow, fast = _both(_tables(twice))
    assert fast == slow


def test_importer_walk_owes_what_the_largest_street_total_is_after_a_cbr_below_it() -> None:
    # A damaged file: p2 "raises" to less than p2 already has in. What p1 owes is then the
    # largest total still in (100), not the 300 p2 had before (a running maximum).
    from omahahh.model import ActionKind
    from omahahh.parsers.phh_standard import Walk

    walk = Walk(["p1", "p2"], [1000, 1000])
    walk.bet_or_raise(0, 100)
    walk.bet_or_raise(1, 300)
    walk.bet_or_raise(1, 50)
    walk.check_or_call(0)
    assert walk.moves[-1][2] is ActionKind.CHECK and walk.live == [100, 50]
    walk.check_or_call(1)
    assert walk.moves[-1][2:4] == (ActionKind.CALL, 50)
