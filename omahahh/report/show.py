"""One hand replayed step by step, as text for a terminal (``omahahh show``).

Finds the hand (in text files, or through a dataset's ``source_path`` and
``source_line``), replays and audits it, and writes each action with the pot
before it, the amount to call, the legal raise range and the stack, with
any finding right under the action it concerns; then pots and awards,
derived beside reported.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import polars as pl

from omahahh.audit.awards import AwardRow
from omahahh.audit.findings import Finding
from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.cards import cards_str
from omahahh.dataset.store import is_dataset, scan
from omahahh.dataset.verify import guard
from omahahh.errors import OmahahhError
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import POST_KINDS, Action, ActionKind, HandRecord
from omahahh.money import format_minor
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block, sniff
from omahahh.replay.engine import Decision, ReplayResult


class HandNotFound(OmahahhError):
    """No hand with the asked key in the inputs."""


def _matches(key: str, hand: HandRecord) -> bool:
    return hand.hand_key == key or (":" not in key and hand.hand_id == key)


def find_hand(key: str, paths: Sequence[str | os.PathLike[str]]) -> HandRecord:
    """The hand ``key`` (``site:id`` or just the id) from text files or a dataset."""
    if len(paths) == 1 and is_dataset(paths[0]):
        guard(Path(paths[0]))
        return _from_dataset(key, paths[0])
    bare = key.split(":", 1)[-1]
    for f in expand_paths(paths):
        whole_file = sniff(f) is not None  # a PHH id may be a hash: not in the text
        for block in iter_blocks(f):
            if not whole_file and bare not in block.lines[0]:
                continue  # cheap test on the header before parsing
            parsed = parse_block(block)
            if isinstance(parsed, HandRecord) and _matches(key, parsed):
                return parsed
    raise HandNotFound(f"hand {key} not found in the inputs")


def _from_dataset(key: str, root: str | os.PathLike[str]) -> HandRecord:
    column = "hand_key" if ":" in key else "hand_id"
    rows = (
        scan(root, "hands")
        .filter(pl.col(column) == key)
        .select("hand_key", "source_path", "source_line")
        .collect()
    )
    if rows.is_empty():
        raise HandNotFound(f"hand {key} is not in the dataset {root}")
    hand_key, path, line = rows.row(0)
    if not Path(path).is_file():
        raise HandNotFound(f"hand {hand_key}: its source file {path} is no longer there")
    for block in iter_blocks(path):
        if block.line == line:
            parsed = parse_block(block)
            if isinstance(parsed, HandRecord) and parsed.hand_key == hand_key:
                return parsed
    raise HandNotFound(f"hand {hand_key}: not found at {path}:{line} (the file changed?)")


def show_hand(
    key: str,
    paths: Sequence[str | os.PathLike[str]],
    rules: HouseRules = DEFAULT_HOUSE_RULES,
) -> str:
    """The text ``omahahh show`` prints for hand ``key``."""
    hand = find_hand(key, paths)
    return render(audit_hand(hand, rules))


def render(audited: AuditedHand) -> str:
    hand = audited.hand
    result = audited.result
    money = _Money(hand)
    by_action: dict[int, list[Finding]] = defaultdict(list)
    other: list[Finding] = []
    for f in audited.findings:
        (by_action[f.action_seq] if f.action_seq is not None else other).append(f)
    lines = _header(hand, money)
    street = None
    for seq, action in enumerate(hand.actions):
        if action.street is not street:
            street = action.street
            lines.append("")
            lines.append(_street_title(hand, street.value))
        d = result.decisions[seq] if result else None
        lines.append(_action_line(action, d, money))
        lines += [f"      ! {_finding(f)}" for f in by_action.get(seq, [])]
    if result is None:
        lines += ["", "replay failed:"] + [f"  ! {_finding(f)}" for f in other]
        return "\n".join(lines)
    lines += _pots(hand, result, money)
    lines += _awards(audited.awards, money)
    if other:
        lines += ["", "Findings:"] + [f"  ! {_finding(f)}" for f in other]
    else:
        lines += ["", "Findings: none" if not by_action else "Findings: see the actions above"]
    return "\n".join(lines)


class _Money:
    def __init__(self, hand: HandRecord):
        self.hand = hand

    def __call__(self, amount: int | None) -> str:
        if amount is None:
            return "-"
        return format_minor(amount, self.hand.unit, self.hand.currency)


def _header(hand: HandRecord, money: _Money) -> list[str]:
    when = hand.started_at.isoformat() if hand.started_at else hand.started_at_text
    out = [
        f"{hand.hand_key}  {hand.variant}  {hand.stakes}  {when}",
        f"table {hand.table_name!r}, button seat {hand.button_seat}"
        + ("  (cancelled)" if hand.cancelled else ""),
        "",
        "Seats:",
    ]
    dealt = dict(hand.dealt)
    for s in hand.seats:
        cards = dealt.get(s.player)
        extra = "  sitting out" if s.sitting_out else ""
        out.append(
            f"  {s.seat:>2} {s.player:<20} {money(s.stack_start):>12}"
            + (f"  [{cards_str(cards)}]" if cards else "")
            + extra
        )
    return out


def _street_title(hand: HandRecord, street: str) -> str:
    title = street.upper()
    if street != "preflop" and hand.boards:
        n = {"flop": 3, "turn": 4, "river": 5}[street]
        boards = [cards_str(b[:n]) for b in hand.boards if len(b) >= n]
        if boards:
            title += "  " + "  |  ".join(f"[{b}]" for b in boards)
    return title


def _action_line(action: Action, d: Decision | None, money: _Money) -> str:
    what = action.kind.value.replace("_", " ")
    if action.kind is ActionKind.RAISE and action.to_amount is not None:
        what += f" to {money(action.to_amount)}"
    elif action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
        what += f" {money(action.amount)}"
    if action.all_in:
        what += " (all-in)"
    line = f"  {action.player:<20} {what:<28}"
    if d is None:
        return line
    line += f" pot {money(d.pot_before)}"
    if action.kind not in POST_KINDS:
        line += f"  to call {money(d.to_call)}"
        if d.min_raise_to is not None:
            span = (
                money(d.min_raise_to)
                if d.min_raise_to == d.max_raise_to
                else f"{money(d.min_raise_to)}-{money(d.max_raise_to)}"
            )
            line += f"  raise to {span}"
        else:
            line += "  no raise"
    line += f"  stack {money(d.stack_before)}"
    return line


def _pots(hand: HandRecord, result: ReplayResult, money: _Money) -> list[str]:
    out = ["", "Pots (derived | reported):"]
    printed = [hand.main_pot_reported, *hand.side_pots_reported]
    runs = len({p.run for p in result.pots})
    for p in result.pots:
        name = "main pot" if p.index == 0 else f"side pot {p.index}"
        if runs > 1:
            name += f" board {p.run + 1}"
        reported = (
            money(printed[p.index])
            if runs <= 1 and hand.main_pot_reported is not None and p.index < len(printed)
            else "-"
        )
        seats = ",".join(str(s) for s in p.eligible)
        out.append(
            f"  {name:<20} seats {seats:<14} {money(p.gross):>12} - rake {money(p.rake):>8}"
            f" = {money(p.amount):>12} | {reported}"
        )
    total = hand.total_pot_reported
    out.append(
        f"  total {money(result.total_pot)} | {money(total)}   "
        f"rake {money(result.rake)} | {money(hand.rake_reported)}"
    )
    for u in result.uncalled:
        out.append(f"  uncalled {money(u.amount)} returned to {u.player} ({u.street.value})")
    return out


def _awards(rows: tuple[AwardRow, ...], money: _Money) -> list[str]:
    out = ["", "Awards (derived | reported):"]
    for r in rows:
        name = "main pot" if r.pot_index == 0 else f"side pot {r.pot_index}"
        out.append(
            f"  board {r.run + 1} {name:<12} {r.half:<6} {r.player:<20} "
            f"{money(r.amount_derived):>12} | {money(r.amount_reported)}"
        )
    return out


def _finding(f: Finding) -> str:
    return f"{f.severity.value} {f.code.value} {f.rule}: {f.message}"
