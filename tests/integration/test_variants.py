"""Every covered room's hands, rewritten with its grammar's alternatives, still parse,
replay zero-sum, raise no audit error or warning, and mean what they meant.

The seeds are the repository's hands (``sample_histories/``, ``tests/data/``): the test
runs on a bare clone; a structured room's seed (XML, JSON) is its file with the other
hands taken out. The corpus adds seeds where it is beside the checkout (the
``corpus``-marked test). A failure's message shows the seed hand, the rewrites applied
with the variant's random seed, and the diff (tests/helpers/variants/verdict.py); the
generator and the room tables are in tests/helpers/variants/.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from omahahh.parsers.registry import FORMATS
from tests.helpers.paths import CORPUS, DATA, REPO, SAMPLES
from tests.helpers.variants.generate import Variant, remake, variants
from tests.helpers.variants.rooms import NOT_YET_COVERED, TABLES
from tests.helpers.variants.seeds import Seed, read_seeds, sample
from tests.helpers.variants.verdict import failure_message, variant_problems

BASE_SEED = 45
"""The base of every variant's random seed (``"<BASE_SEED>:<room>:<i>"``)."""
PER_ROOM = 160
"""Variants tried per room from the repository's seeds."""
CORPUS_SEEDS_PER_ROOM = 40
CORPUS_PER_ROOM = 120


@pytest.fixture(scope="module")
def repository_seeds() -> dict[str, list[Seed]]:
    return read_seeds([SAMPLES, DATA], TABLES, relative_to=REPO)


def run_room(room: str, seeds: list[Seed], count: int) -> tuple[int, Counter[str], list[str]]:
    """(variants made, times each rewrite was applied, failure messages)."""
    made = variants(room, seeds, TABLES[room], count, BASE_SEED)
    used: Counter[str] = Counter(r.name for v in made for r in v.applied)
    failures = [failure_message(v, p) for v in made if (p := variant_problems(v))]
    return len(made), used, failures


@pytest.mark.parametrize("room", sorted(TABLES))
def test_variants_of_the_repository_hands(
    room: str, repository_seeds: dict[str, list[Seed]]
) -> None:
    seeds = repository_seeds[room]
    assert seeds, f"{room}: no clean hand of this room in the repository to rewrite"
    made, used, failures = run_room(room, seeds, PER_ROOM)
    kinds = Counter(r.kind for r in TABLES[room] for _ in range(used[r.name]))
    print(f"{room}: {made} variants of {len(seeds)} hands, {len(failures)} failed; {dict(kinds)}")
    assert made >= PER_ROOM * 0.9, f"{room}: only {made} of {PER_ROOM} attempts made a variant"
    assert failures == [], f"{len(failures)} of {made} variants failed; the first:\n{failures[0]}"


@pytest.mark.corpus
@pytest.mark.parametrize("room", sorted(TABLES))
def test_variants_of_corpus_hands(room: str, corpus: Path) -> None:
    seeds = read_seeds([CORPUS], [room], relative_to=CORPUS.parent)[room]
    if not seeds:
        pytest.skip(f"the corpus has no clean {room} hand")
    chosen = sample(seeds, CORPUS_SEEDS_PER_ROOM, random.Random(f"{BASE_SEED}:{room}"))
    made, _, failures = run_room(room, chosen, CORPUS_PER_ROOM)
    print(f"{room}: {made} variants of {len(chosen)} corpus hands, {len(failures)} failed")
    assert failures == [], f"{len(failures)} of {made} variants failed; the first:\n{failures[0]}"


@pytest.mark.parametrize("room", sorted(TABLES))
def test_every_rewrite_applies_to_some_repository_hand(
    room: str, repository_seeds: dict[str, list[Seed]]
) -> None:
    """A rewrite no seed takes exercises nothing: each applies to one hand at least."""
    rng = random.Random(BASE_SEED)
    idle = [
        r.name
        for r in TABLES[room]
        if not any(r.edit(s.text, s, rng) not in (None, s.text) for s in repository_seeds[room])
    ]
    assert idle == [], f"{room}: rewrites no repository hand takes: {idle}"


def test_every_text_room_has_a_table_or_is_listed_as_not_yet_covered() -> None:
    rooms = {fmt.site.value for fmt in FORMATS}
    assert set(TABLES).isdisjoint(NOT_YET_COVERED)
    assert rooms - set(TABLES) - set(NOT_YET_COVERED) == set()


@pytest.mark.parametrize("room", sorted(TABLES))
def test_each_rewrite_of_a_room_has_its_own_name_and_a_grammar_row(room: str) -> None:
    names = [r.name for r in TABLES[room]]
    assert len(names) == len(set(names))
    assert all(r.row and r.kind for r in TABLES[room])


@pytest.mark.parametrize("room", ["pokerstars", "ipoker", "igt"])
def test_a_failure_message_is_enough_to_make_the_variant_again(
    room: str, repository_seeds: dict[str, list[Seed]]
) -> None:
    for made in variants(room, repository_seeds[room], TABLES[room], 5, 7):
        message = failure_message(made, ["(a problem)"])
        seed_text = message.split("seed text:\n", 1)[1].rstrip("\n")
        again = remake(room, seed_text, made.rng_seed)
        assert again is not None and again.text == made.text
        assert [r.name for r in again.applied] == [r.name for r in made.applied]


def test_a_structured_seed_is_its_file_less_the_other_hands(
    repository_seeds: dict[str, list[Seed]],
) -> None:
    """A session of four games in one file (iPoker): each seed is the file with the other
    three games taken out, and reads back to its own game alone."""
    name = "PLO-four-sessions-one-file"
    seeds = [s for s in repository_seeds["ipoker"] if name in s.origin]
    assert len(seeds) == 4
    codes = [re.findall(r'<game gamecode="(\d+)"', s.text) for s in seeds]
    assert all(len(c) == 1 for c in codes) and len({c[0] for c in codes}) == 4
    assert [s.hand.hand_id for s in seeds] == [c[0] for c in codes]
    assert all(s.text.count("<session ") == seeds[0].text.count("<session ") for s in seeds)


def test_a_variant_whose_money_or_meaning_is_off_is_caught(
    repository_seeds: dict[str, list[Seed]],
) -> None:
    """The checks can fail: an award changed, or a time moved by a second."""
    seed = next(s for s in repository_seeds["pokerstars"] if " collected $" in s.text)
    award = next(line for line in seed.text.split("\n") if " collected $" in line)
    richer = Variant(
        seed, "x", (), seed.text.replace(award, award.replace(" collected $", " collected $1"))
    )
    assert any("award" in p or "collected" in p for p in variant_problems(richer))
    dated = next(s for s in repository_seeds["pokerstars"] if "time_2008" in s.origin)
    later = Variant(dated, "x", (), dated.text.replace("01:14:43 (ET)", "01:14:44 (ET)"))
    assert later.text != dated.text
    assert [p for p in variant_problems(later) if p.startswith("time:")]
