"""Small PokerStars-syntax hands for replay and audit tests, written the way the client writes them."""

from __future__ import annotations

from pathlib import Path

from omahahh.audit.findings import Finding
from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import HandRecord
from omahahh.parsers import parse_block
from omahahh.parsers.registry import iter_blocks
from tests.conftest import CORPUS, parse_hand


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
