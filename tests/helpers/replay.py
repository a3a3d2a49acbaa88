"""Small PokerStars-syntax hands for replay and audit tests, written the way the client writes them."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.findings import Finding
from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import HandRecord
from omahahh.parsers import parse_block
from omahahh.parsers.registry import iter_blocks
from tests.helpers.parsing import parse_hand
from tests.helpers.paths import CORPUS


def stars(
    body: str,
    *,
    seats: str,
    button: int = 1,
    game: str = "Omaha Pot Limit ($1/$2 USD)",
    summary: str = "Total pot $0 | Rake $0",
    hand_id: int = 100000000001,
) -> str:
    """A PokerStars hand: header, table, ``seats`` lines, ``body`` (posts to showdown), summary."""
    seat_lines = "\n".join(line.strip() for line in seats.strip().splitlines())
    body = "\n".join(line.strip() for line in body.strip().splitlines())
    summary = "\n".join(line.strip() for line in summary.strip().splitlines())
    return (
        f"PokerStars Hand #{hand_id}:  {game} - 2021/03/10 14:00:00 ET\n"
        f"Table 'Test' 6-max Seat #{button} is the button\n"
        f"{seat_lines}\n{body}\n*** SUMMARY ***\n{summary}\n"
    )


# Two players who tie at showdown: the pot is split, and each test pays it its own way.
SEATS2 = "Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)"
SPLIT = """
A: posts small blind $1
B: posts big blind $2
*** HOLE CARDS ***
A: calls $1
B: checks
*** FLOP *** [2c 7d 9h]
B: checks
A: checks
*** TURN *** [2c 7d 9h] [Kd]
B: checks
A: checks
*** RIVER *** [2c 7d 9h Kd] [Ks]
B: checks
A: checks
*** SHOW DOWN ***
B: shows [Ac Qd 3s 4h] (a pair of Kings)
A: shows [As Qc 3d 4c] (a pair of Kings)
"""


def split_hand(lines: str, total: str = "$4") -> str:
    return stars(SPLIT + lines, seats=SEATS2, summary=f"Total pot {total} | Rake $0")


# A split paid as the rules say, and one paid wrong (a ``wrong_split``).
CLEAN = split_hand("B collected $2 from pot\nA collected $2 from pot")
BAD = split_hand("B collected $3 from pot\nA collected $1 from pot").replace(
    "#100000000001", "#100000000002"
)


def audited(text: str, rules: HouseRules = DEFAULT_HOUSE_RULES) -> AuditedHand:
    return audit_hand(parse_hand(text), rules)


def codes(found: AuditedHand | tuple[Finding, ...] | list[Finding]) -> list[str]:
    items = found.findings if isinstance(found, AuditedHand) else found
    return [f.code.value for f in items]


def corpus_hands(site_folder: str = "PokerStars") -> list[tuple[Path, HandRecord]]:
    """Every parsed hand of one corpus folder, with its file."""
    out: list[tuple[Path, HandRecord]] = []
    for f in sorted((CORPUS / site_folder).rglob("*")):
        if f.is_file():
            for block in iter_blocks(f):
                parsed = parse_block(block)
                if isinstance(parsed, HandRecord):
                    out.append((f, parsed))
    return out


BROKEN_MARKS = (
    "partial",
    "bad.pot",
    "bad.collected",
    "corrupted.lines",
    "no.win.line",
    "DealingCardsMissing",
    "PlayerParseError",
    "WrongSummaryHeroName",
    "big-rake-error",
)
CONVERTED_MARKS = ("converted", "Converted", "PokerTracker")


def is_clean_source(path: Path) -> bool:
    """Neither broken on purpose nor converted by other software (corpus README)."""
    name = str(path)
    return not any(m in name for m in BROKEN_MARKS + CONVERTED_MARKS) and "StarsClone" not in name
