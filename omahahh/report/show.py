"""One hand replayed step by step, as text for a terminal (``omahahh show``).

Finds the hand (in text files, or through a dataset's ``source_path`` and
``source_line``), replays and audits it, and writes each action with the pot
before it, the amount to call, the legal raise range and the stack; every
street's board (every runout), the shown and mucked hands; then pots and
awards, derived beside reported. Each finding is printed where it belongs:
under its action, pot, award, the totals or the showdown.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from pathlib import Path

import polars as pl

from omahahh.audit.findings import Finding
from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.dataset.guard import dataset_folder, guard
from omahahh.dataset.store import scan
from omahahh.errors import OmahahhError
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import HandRecord
from omahahh.parsers.registry import expand_paths, iter_blocks, parse_block, sniff
from omahahh.report.hand_view import (
    ActionView,
    HandView,
    ShowView,
    finding_text,
    hand_view,
)


class HandNotFound(OmahahhError):
    """No hand with the asked key in the inputs."""


def _matches(key: str, hand: HandRecord) -> bool:
    return hand.hand_key == key or (":" not in key and hand.hand_id == key)


def find_hand(key: str, paths: Sequence[str | os.PathLike[str]]) -> HandRecord:
    """The hand ``key`` (``site:id`` or just the id) from text files or a dataset."""
    if len(paths) == 1 and dataset_folder(paths[0]):
        guard(Path(paths[0]))
        return _from_dataset(key, paths[0])
    bare = key.split(":", 1)[-1]
    for f in expand_paths(paths):
        whole_file = sniff(f) is not None  # a PHH id may be a hash: not in the text
        for block in iter_blocks(f):
            # Cheap test on the header before parsing (WPN's old format: line 2).
            if not whole_file and not any(bare in line for line in block.lines[:2]):
                continue
            parsed = parse_block(block)
            if isinstance(parsed, HandRecord) and _matches(key, parsed):
                return parsed
    raise HandNotFound(f"hand {key} not found in the inputs")


def _from_dataset(key: str, root: str | os.PathLike[str]) -> HandRecord:
    column = "hand_key" if ":" in key else "hand_id"
    rows = scan(root, "hands").filter(pl.col(column) == key).select("hand_key").collect()
    if rows.is_empty():
        raise HandNotFound(f"hand {key} is not in the dataset {root}")
    hand_key = str(rows.item(0, 0))
    found = hands_from_dataset(root, [hand_key])[hand_key]
    if isinstance(found, str):
        raise HandNotFound(f"hand {hand_key}: {found}")
    return found


def hands_from_dataset(
    root: str | os.PathLike[str], keys: Iterable[str]
) -> dict[str, HandRecord | str]:
    """Each hand of ``keys`` re-read from its source file (each file read once, up to
    its last wanted hand); a string instead of a hand says why it could not be."""
    wanted = list(dict.fromkeys(keys))
    out: dict[str, HandRecord | str] = dict.fromkeys(wanted, f"not in the dataset {root}")
    if not wanted:
        return out
    rows = (
        scan(root, "hands")
        .join(pl.LazyFrame({"hand_key": wanted}), on="hand_key", how="semi")
        .select("hand_key", "source_path", "source_line")
        .collect()
    )
    for (path,), group in rows.group_by(["source_path"], maintain_order=True):
        at = dict(zip(group["source_line"].to_list(), group["hand_key"].to_list(), strict=True))
        for line, hand_key in at.items():
            out[hand_key] = f"not found at {path}:{line} (the file changed?)"
        if not Path(str(path)).is_file():
            for hand_key in at.values():
                out[hand_key] = f"its source file {path} is no longer there"
            continue
        lines = sorted(at)
        for block in iter_blocks(str(path)):
            # A hand's line may be inside its block: 888poker's "#Game No" lead-in line
            # opens the block, the hand starts at the header after it.
            end = block.line + len(block.lines)
            first = bisect_left(lines, block.line)
            keys = [at[line] for line in lines[first:] if line < end]
            if keys:
                parsed = parse_block(block)
                if isinstance(parsed, HandRecord) and parsed.hand_key in keys:
                    out[parsed.hand_key] = parsed
            if end > lines[-1]:
                break
    return out


def show_hand(
    key: str,
    paths: Sequence[str | os.PathLike[str]],
    rules: HouseRules = DEFAULT_HOUSE_RULES,
) -> str:
    """The text ``omahahh show`` prints for hand ``key``."""
    hand = find_hand(key, paths)
    return render(audit_hand(hand, rules))


def render(audited: AuditedHand) -> str:
    """The hand as ``omahahh show`` prints it: :func:`~omahahh.report.hand_view.hand_view`
    as text (the report's hand view is the same view as HTML)."""
    return render_view(hand_view(audited))


_finding = finding_text


def _line(f: Finding, indent: str = "      ") -> str:
    return f"{indent}! {finding_text(f)}"


def render_view(view: HandView) -> str:
    """Header and seats, every street with its board, the showdown, cash-outs, pots and
    awards; each finding printed where the view places it, the rest at the end."""
    lines = _header(view)
    lines += [_line(f) for f in view.text_findings]
    for street in view.streets:
        lines += ["", street.title + (f"  {street.board_text}" if street.boards else "")]
        for a in street.actions:
            lines.append(_action_line(a))
            lines += [_line(f) for f in a.findings]
    if view.showdown:
        lines += ["", "SHOWDOWN", *(_show_line(s) for s in view.showdown)]
    lines += [_line(f) for f in view.showdown_findings]
    if view.cashouts:
        lines += ["", "Cash-outs:", *(f"  {c}" for c in view.cashouts)]
    if not view.replayed:
        lines += ["", "replay failed:"] + [_line(f, "  ") for f in view.other_findings]
        return "\n".join(lines)
    lines += _pots(view)
    lines += _awards(view)
    if view.other_findings:
        lines += ["", "Findings:"] + [_line(f, "  ") for f in view.other_findings]
    else:
        lines += ["", "Findings: none" if not view.findings else "Findings: see above"]
    return "\n".join(lines)


def _header(view: HandView) -> list[str]:
    out = [
        f"{view.key}  {view.variant}  {view.stakes}  {view.when}",
        f"table {view.table!r}, button seat {view.button}"
        + ("  (cancelled)" if view.cancelled else ""),
        "",
        "Seats:",
    ]
    for s in view.seats:
        out.append(
            f"  {s.seat:>2} {s.player:<20} {s.stack:>12}"
            + (f"  [{s.cards}]" if s.cards else "")
            + ("  sitting out" if s.sitting_out else "")
        )
    return out


def _action_line(a: ActionView) -> str:
    line = f"  {a.player:<20} {a.what:<28}"
    if a.pot is None:
        return line
    line += f" pot {a.pot}"
    if not a.post:
        line += f"  to call {a.to_call}"
        line += f"  raise to {a.raise_to}" if a.raise_to else "  no raise"
    return line + f"  stack {a.stack}"


def _show_line(s: ShowView) -> str:
    cards = f" [{s.cards}]" if s.cards else ""
    words = f"  ({s.hand})" if s.hand else ""
    summary = "  (summary)" if s.from_summary else ""
    return f"  {s.player:<20} {s.what}{cards}{words}{summary}"


def _pots(view: HandView) -> list[str]:
    out = ["", "Pots (derived | reported):"]
    for p in view.pots:
        out.append(
            f"  {p.name:<20} seats {p.seats:<14} {p.gross:>12} - rake {p.rake:>8}"
            f" = {p.amount:>12} | {p.reported}"
        )
        out += [_line(f, "    ") for f in p.findings]
    (total_d, total_r), (rake_d, rake_r) = view.total, view.rake
    out.append(f"  total {total_d} | {total_r}   rake {rake_d} | {rake_r}")
    out += [_line(f, "    ") for f in view.total_findings]
    out += [f"  uncalled {u}" for u in view.uncalled]
    out += [_line(f, "    ") for f in view.uncalled_findings]
    return out


def _awards(view: HandView) -> list[str]:
    out = ["", "Awards (derived | reported):"]
    for a in view.awards:
        out.append(
            f"  board {a.board} {a.pot:<12} {a.half:<6} {a.player:<20} "
            f"{a.derived:>12} | {a.reported}"
        )
        out += [_line(f, "    ") for f in a.findings]
    return out
