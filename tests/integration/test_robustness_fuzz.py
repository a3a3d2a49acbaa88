"""Bad input never crashes a run: mutated real hands become hands or failure rows.

Takes every hand of sample_histories/, damages it the way files get damaged
(a line lost, doubled, swapped, cut, a digit or card changed) and runs the
whole per-file step (parse, replay, audit, all-in EV, tables) on it.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omahahh.dataset.pipeline import process_text
from omahahh.parsers.registry import iter_blocks
from tests.helpers.paths import SAMPLES


@cache
def sample_hands() -> tuple[tuple[str, ...], ...]:
    hands = []
    for path in sorted(SAMPLES.rglob("*.txt")):
        hands.extend(b.lines for b in iter_blocks(path))
    return tuple(hands)


def mutate(lines: list[str], kind: int, i: int, j: int, ch: str) -> list[str]:
    if not lines:
        return lines
    i %= len(lines)
    j %= len(lines)
    out = list(lines)
    if kind == 0:
        del out[i]
    elif kind == 1:
        out.insert(i, out[i])
    elif kind == 2:
        out[i], out[j] = out[j], out[i]
    elif kind == 3:
        out[i] = out[i][: j % (len(out[i]) + 1)]
    elif kind == 4:
        digits = [k for k, c in enumerate(out[i]) if c.isdigit()]
        if digits:
            k = digits[j % len(digits)]
            out[i] = out[i][:k] + ch + out[i][k + 1 :]
    elif kind == 5:
        out[i] = out[i].replace("s]", "x]").replace("h ", "z ")
    elif kind == 6:  # a line of another hand lands here
        others = sample_hands()
        other = others[j % len(others)]
        out.insert(i, other[j % len(other)])
    elif kind == 7:  # an amount loses or gains cents
        out[i] = out[i].replace(".", "", 1) if j % 2 else out[i].replace(" $", " $0.0", 1)
    return out


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=st.integers(min_value=0),
    edits=st.lists(
        st.tuples(
            st.integers(0, 7),
            st.integers(0, 10_000),
            st.integers(0, 10_000),
            st.sampled_from("0123456789"),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_damaged_hands_become_hands_or_failures_never_a_crash(
    hand: int, edits: list[tuple[int, int, int, str]]
) -> None:
    hands = sample_hands()
    lines = list(hands[hand % len(hands)])
    for kind, i, j, ch in edits:
        lines = mutate(lines, kind, i, j, ch)
    fragment = process_text("\n".join(lines) + "\n", path="damaged.txt")
    assert fragment.blocks == fragment.hands + fragment.failures
    for row in fragment.frames["failures"].iter_rows(named=True):
        assert row["reason"].startswith("damaged.txt:")
        # A parser bug is caught as ``parser_error``; damaged text must meet a precise reason.
        assert row["reason_code"] != "parser_error", row["reason"]
    findings = fragment.frames["findings"]
    if findings.height:
        stopped = findings.filter(findings["code"] == "replay_failed")
        assert stopped.height == 0, stopped["message"].to_list()
