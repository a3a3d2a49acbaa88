"""A known input for the report tests: the PokerStars samples plus crafted hands with findings.

The crafted file adds a wrong split (error, R-SPLIT-1), an action out of turn
(error, R-ACT-2), a truncated hand (a failure) and, in a second file, an
identical copy of a hand (a duplicate). Their $1/$2 pot-limit hands report no
rake where the documented schedule expects $0.20: rake discrepancies.
"""

from __future__ import annotations

from pathlib import Path

from omahahh.dataset.ingest import ingest
from tests.helpers.hands import STARS_TRUNCATED as TRUNCATED
from tests.helpers.hands import write
from tests.helpers.paths import SAMPLES
from tests.helpers.replay import BAD, CLEAN

OUT_OF_TURN = CLEAN.replace(
    "B: checks\nA: checks\n*** TURN", "A: checks\nB: checks\n*** TURN"
).replace("#100000000001", "#100000000004")


def crafted_inputs(folder: Path) -> Path:
    """The crafted hand-history folder (two files)."""
    write(folder, "crafted.txt", CLEAN, BAD, OUT_OF_TURN, TRUNCATED)
    write(folder, "copy.txt", CLEAN)
    return folder


def known_dataset(root: Path) -> Path:
    """sample_histories/pokerstars and the crafted hands, ingested into ``root/ds`` (the
    counts the tests check are those of the crafted hands over clean PokerStars hands)."""
    ds = root / "ds"
    ingest([crafted_inputs(root / "in"), SAMPLES / "pokerstars"], ds)
    return ds
