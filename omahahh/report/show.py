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
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

import polars as pl

from omahahh.audit.awards import AwardRow
from omahahh.audit.findings import Finding, FindingCode
from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.cards import cards_str
from omahahh.dataset.guard import dataset_folder, guard
from omahahh.dataset.store import scan
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
    """The hand as ``omahahh show`` prints it: header and seats, every street with its
    board (every runout of a hand run more than once, streets without action
    included), the shown and mucked hands, pots and awards; each finding printed
    where it belongs (under its action, pot, award or total), the rest at the end."""
    hand = audited.hand
    result = audited.result
    money = _Money(hand)
    placed = _Placed(audited.findings)
    lines = _header(hand, money)
    lines += placed.take("text")
    streets = _Streets(hand)
    for seq, action in enumerate(hand.actions):
        lines += streets.up_to(action.street.value)
        d = result.decisions[seq] if result else None
        lines.append(_action_line(action, d, money))
        lines += placed.take(("action", seq))
    lines += streets.up_to("river", acted=False)
    lines += _showdown(hand)
    lines += placed.take("showdown")
    if result is None:
        lines += ["", "replay failed:"] + [f"  ! {_finding(f)}" for f in placed.rest()]
        return "\n".join(lines)
    lines += _pots(hand, result, money, placed)
    lines += _awards(audited.awards, money, placed)
    rest = placed.rest()
    if rest:
        lines += ["", "Findings:"] + [f"  ! {_finding(f)}" for f in rest]
    else:
        lines += ["", "Findings: none" if not audited.findings else "Findings: see above"]
    return "\n".join(lines)


_TOTAL_CODES = {
    FindingCode.TOTAL_POT_MISMATCH,
    FindingCode.RAKE_MISMATCH,
    FindingCode.RAKE_OFF_SCHEDULE,
    FindingCode.RAKE_ALLOCATION_INFERRED,
    FindingCode.CASH_DROP_MISMATCH,
}
_SHOWDOWN_CODES = {FindingCode.SHOW_ORDER, FindingCode.IMPOSSIBLE_CARDS}
_TEXT_CODES = {FindingCode.DECODING_REPAIRED}
_POT_CODES = {FindingCode.SIDE_POT_MISMATCH}


class _Placed:
    """The findings of a hand by the place they are printed: each is taken once."""

    def __init__(self, findings: Sequence[Finding]):
        self.by_slot: dict[object, list[Finding]] = defaultdict(list)
        for f in findings:
            self.by_slot[_slot(f)].append(f)

    def take(self, slot: object, indent: str = "      ") -> list[str]:
        return [f"{indent}! {_finding(f)}" for f in self.by_slot.pop(slot, [])]

    def rest(self) -> list[Finding]:
        out = [f for found in self.by_slot.values() for f in found]
        self.by_slot.clear()
        return out


def _slot(f: Finding) -> object:
    """Where a finding is printed (see :func:`render`); ``"end"`` when nowhere else."""
    if f.action_seq is not None:
        return ("action", f.action_seq)
    if f.code in _TEXT_CODES:
        return "text"
    if f.code in _SHOWDOWN_CODES:
        return "showdown"
    if f.code in _TOTAL_CODES:
        return "total"
    if f.code is FindingCode.UNCALLED_MISMATCH:
        return "uncalled"
    if f.code in _POT_CODES and f.pot_index is not None:
        return ("pot", f.run or 0, f.pot_index)
    if f.run is not None:
        return ("award", f.run, f.pot_index)
    return "end"


_BOARD_CARDS = {"flop": 3, "turn": 4, "river": 5}
_STREET_ORDER = ("preflop", "flop", "turn", "river")


class _Streets:
    """Street titles with their boards, each printed once and in order, so a street
    without action (everyone all-in) still shows its cards."""

    def __init__(self, hand: HandRecord):
        self.boards = hand.boards
        self.printed = -1

    def up_to(self, street: str, *, acted: bool = True) -> list[str]:
        """Titles of the streets not printed yet up to ``street`` (which has an action
        unless ``acted`` is false): those with cards, and ``street`` itself if acted on."""
        out: list[str] = []
        last = _STREET_ORDER.index(street)
        for at in range(self.printed + 1, last + 1):
            name = _STREET_ORDER[at]
            board = self._board(name)
            if board or (acted and at == last):
                out += ["", name.upper() + board]
        self.printed = max(self.printed, last)
        return out

    def _board(self, street: str) -> str:
        """``  [3d Kd 9h]``, or each runout's cards when the boards differ by then."""
        n = _BOARD_CARDS.get(street)
        if n is None:
            return ""
        cards = [b[:n] for b in self.boards if len(b) >= n]
        if not cards:
            return ""
        if len(set(cards)) == 1:
            return f"  [{cards_str(cards[0])}]"
        return "  " + "  |  ".join(
            f"board {i + 1} [{cards_str(b[:n])}]" for i, b in enumerate(self.boards) if len(b) >= n
        )


def _showdown(hand: HandRecord) -> list[str]:
    """Every hand shown or mucked: the show lines, then what only the summary tells."""
    rows: list[str] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for show in hand.shows:
        what = "mucks" if show.mucked else "shows"
        cards = f" [{cards_str(show.cards)}]" if show.cards else ""
        about = f"  ({show.description})" if show.description else ""
        rows.append(f"  {show.player:<20} {what}{cards}{about}")
        seen.add((show.player, show.cards))
    for s in hand.summary_seats:
        if s.showed and (s.player, s.showed) not in seen:
            what = "mucked" if s.mucked else "showed"
            rows.append(f"  {s.player:<20} {what} [{cards_str(s.showed)}]  (summary)")
            seen.add((s.player, s.showed))
        elif s.mucked and not s.showed and not any(p == s.player for p, _ in seen):
            rows.append(f"  {s.player:<20} mucked  (summary)")
    return ["", "SHOWDOWN", *rows] if rows else []


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


def _action_line(action: Action, d: Decision | None, money: _Money) -> str:
    what = action.kind.value.replace("_", " ")
    if action.kind is ActionKind.PROTECTED_ALL_IN:
        what = "all-in, disconnected"  # R-TO-2: nothing more put in
    elif action.kind is ActionKind.RAISE and action.to_amount is not None:
        what += f" to {money(action.to_amount)}"
    elif action.kind not in (ActionKind.FOLD, ActionKind.CHECK):
        what += f" {money(action.amount)}"
    if action.all_in and action.kind is not ActionKind.PROTECTED_ALL_IN:
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


def _pots(hand: HandRecord, result: ReplayResult, money: _Money, placed: _Placed) -> list[str]:
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
        out += placed.take(("pot", p.run, p.index), "    ")
    total = hand.total_pot_reported
    out.append(
        f"  total {money(result.total_pot)} | {money(total)}   "
        f"rake {money(result.rake)} | {money(hand.rake_reported)}"
    )
    out += placed.take("total", "    ")
    for u in result.uncalled:
        out.append(f"  uncalled {money(u.amount)} returned to {u.player} ({u.street.value})")
    out += placed.take("uncalled", "    ")
    return out


def _awards(rows: tuple[AwardRow, ...], money: _Money, placed: _Placed) -> list[str]:
    out = ["", "Awards (derived | reported):"]
    for i, r in enumerate(rows):
        name = "main pot" if r.pot_index == 0 else f"side pot {r.pot_index}"
        out.append(
            f"  board {r.run + 1} {name:<12} {r.half:<6} {r.player:<20} "
            f"{money(r.amount_derived):>12} | {money(r.amount_reported)}"
        )
        following = rows[i + 1] if i + 1 < len(rows) else None
        if following is None or (following.run, following.pot_index) != (r.run, r.pot_index):
            out += placed.take(("award", r.run, r.pot_index), "    ")
        if following is None or following.run != r.run:
            out += placed.take(("award", r.run, None), "    ")
    return out


def _finding(f: Finding) -> str:
    return f"{f.severity.value} {f.code.value} {f.rule}: {f.message}"
