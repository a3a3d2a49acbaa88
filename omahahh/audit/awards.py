"""Audit of the awards: reported ``collected`` lines against the derived awards, pot by pot.

Matching a room's lines to derived halves: where the room tags a line
(``high``/``low``) the tag decides; otherwise (PokerStars) the lines of one
pot are taken in printed order, each going to the first not yet matched
derived award of the same player, high before low. A player who scoops a
Hi/Lo pot has two lines; the first is matched to the high half. Lines that
match no derived award keep the half their position suggests (the first as
many lines as there are high winners are ``high``).

Rooms that do not name the pot on their lines (GGPoker writes ``from pot``
for a side pot too), and rooms that pay an unmatched bet back inside
``collected`` (Winamax, sometimes as a ``side pot`` of its own), are compared
per player and board instead of per pot (``omahahh/rooms/conventions.py``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from omahahh.audit.findings import Finding, FindingCode, make
from omahahh.audit.settle import returns_in_pot
from omahahh.hand_tables import CollectionTable, as_table
from omahahh.model import HandRecord
from omahahh.money import MoneyText
from omahahh.replay.engine import DerivedAward, DerivedPot, ReplayResult
from omahahh.rooms.conventions import ROOMS

HALF_SPLITS = frozenset({"high", "low"})


@dataclass(frozen=True, slots=True, kw_only=True)
class AwardRow:
    """A row of the ``awards`` table: one seat's part of one pot (or half) on one board
    (a slotted record: a named tuple's fields go through the generic attribute lookup)."""

    run: int
    pot_index: int
    half: str
    seat: int | None
    player: str
    amount_derived: int | None
    amount_reported: int | None


WHOLE_RUN = -1  # the pot index of a group holding every pot of a board


def per_pot(hand: HandRecord) -> bool:
    """Can this room's lines be compared pot by pot?"""
    room = ROOMS.get(hand.site)
    return room is None or (room.names_pots and not room.collected_includes_uncalled)


def per_player_view(hand: HandRecord, result: ReplayResult) -> ReplayResult:
    """For rooms that print one line per player and pot over all boards and halves
    (``awards_per_player_and_pot``): every board's pot as one, each seat's awards summed.

    Kings Club's hand 3583643, run twice: Player1 wins board 2's half of the main pot and
    prints "wins (10,737.50) from pot": compared with his 0 + 10,737.50 derived.
    """
    room = ROOMS.get(hand.site)
    if room is None or not room.awards_per_player_and_pot:
        return result
    pots: dict[int, DerivedPot] = {}
    for p in result.pots:
        q = pots.get(p.index)
        pots[p.index] = p if q is None else merge_pots(q, p, p.index)
    folded = {i: replace(p, run=0) for i, p in pots.items()}
    totals: dict[tuple[int, int], int] = defaultdict(int)
    for a in result.awards:
        totals[(a.pot_index, a.seat)] += a.amount
    awards = tuple(
        DerivedAward(run=0, pot_index=i, half="whole", seat=seat, amount=amt)
        for (i, seat), amt in totals.items()
    )
    return replace(result, pots=tuple(folded[i] for i in sorted(folded)), awards=awards)


def merge_pots(q: DerivedPot, p: DerivedPot, index: int) -> DerivedPot:
    """Two pots (or a pot on two boards) as one."""
    return DerivedPot(
        run=q.run,
        index=index,
        eligible=tuple(sorted(set(q.eligible) | set(p.eligible))),
        gross=q.gross + p.gross,
        rake=q.rake + p.rake,
        amount=q.amount + p.amount,
        contested=q.contested or p.contested,
        verifiable=q.verifiable and p.verifiable,
        contestants=tuple(sorted(set(q.contestants) | set(p.contestants))),
        unshown=tuple(sorted(set(q.unshown) | set(p.unshown))),
    )


def match_awards(hand: HandRecord, result: ReplayResult) -> list[AwardRow]:
    """Derived awards beside the reported lines they match (see the module text)."""
    result = per_player_view(hand, result)
    cashed_out = {c.player for c in hand.cashouts}
    names = {p.seat: p.player for p in result.players}
    seats = {p.player: p.seat for p in result.players}
    by_pot = per_pot(hand)
    derived: dict[tuple[int, int], list[DerivedAward]] = defaultdict(list)
    for a in result.awards:
        derived[(a.run, a.pot_index if by_pot else WHOLE_RUN)].append(a)
    lines = as_table(CollectionTable, hand.collections)
    players, amounts, halves = lines.players, lines.amounts, lines.halves
    reported: dict[tuple[int, int], list[int]] = defaultdict(list)  # rows of ``lines``
    runs = lines.runs
    for row, pot in enumerate(lines.pot_indexes):
        reported[(runs[row], pot if by_pot else WHOLE_RUN)].append(row)
    verifiable = {(p.run, p.index): p.verifiable for p in result.pots}
    for p in result.pots:
        key = (p.run, WHOLE_RUN)
        verifiable[key] = verifiable.get(key, True) and p.verifiable
    rows: list[AwardRow] = []
    for key in sorted(set(derived) | set(reported)):
        run = key[0]
        awards = derived.get(key, [])
        used = [False] * len(awards)
        for i, row in enumerate(reported.get(key, [])):
            player, amount, line_half = players[row], amounts[row], halves[row]
            # The player's first unused award of the line's half; unnamed pots: the first
            # of the same amount, if any (the line of that pot).
            j = None
            for k, a in enumerate(awards):
                if used[k] or names.get(a.seat) != player:
                    continue
                if line_half is None or line_half == a.half:
                    if a.amount == amount:
                        j = k
                        break
                    if j is None:
                        j = k
            if j is not None:
                used[j] = True
                a = awards[j]
                rows.append(
                    AwardRow(
                        run=run,
                        pot_index=a.pot_index,
                        half=a.half,
                        seat=a.seat,
                        player=player,
                        amount_derived=a.amount,
                        amount_reported=amount,
                    )
                )
                continue
            highs = sum(1 for a in awards if a.half == "high")
            split = any(a.half in HALF_SPLITS for a in awards)
            half = line_half or (("high" if i < highs else "low") if split else "whole")
            known = verifiable.get(key, True)
            rows.append(
                AwardRow(
                    run=run,
                    pot_index=lines.pot_indexes[row],
                    half=half,
                    seat=seats.get(player),
                    player=player,
                    amount_derived=0 if known else None,
                    amount_reported=amount,
                )
            )
        for k, a in enumerate(awards):
            if not used[k]:
                name = names.get(a.seat, "")
                rows.append(
                    AwardRow(
                        run=run,
                        pot_index=a.pot_index,
                        half=a.half,
                        seat=a.seat,
                        player=name,
                        amount_derived=a.amount,
                        amount_reported=None if name in cashed_out else 0,
                    )
                )
    return rows


def award_findings(hand: HandRecord, result: ReplayResult, rows: list[AwardRow]) -> list[Finding]:
    """collected_exceeds_pot, collected_mismatch, wrong_winner, wrong_split, odd_chip_misplaced,
    unverifiable_showdown, plus the cash-out and cancelled-hand checks."""
    money = _money(hand)
    out: list[Finding] = []
    room = ROOMS.get(hand.site)
    if room is not None and not room.prints_awards:
        return out  # nothing printed to compare with (PHH)
    if room is not None and room.omits_uncontested_award and _award_omitted(hand, result):
        return [
            make(
                hand.hand_key,
                FindingCode.AWARD_NOT_PRINTED,
                "no collected line for a pot won without a showdown, as this room may print: "
                "the award is not checked",
            )
        ]
    result = per_player_view(hand, result)
    by_pot = per_pot(hand)
    pots = {(p.run, p.index): p for p in result.pots} if by_pot else _whole_runs(result)
    groups: dict[tuple[int, int], list[AwardRow]] = defaultdict(list)
    for r in rows:
        groups[(r.run, r.pot_index if by_pot else WHOLE_RUN)].append(r)
    returned = returns_in_pot(hand, result)
    for key in sorted(set(groups) | set(pots)):
        pot = pots.get(key)
        group = groups.get(key, [])
        if not result.cancelled and not returned and _paid_as_derived(pot, group):
            continue  # what _pot_findings would conclude, without its tallies: nothing
        if _lone_side_pot_unprinted(hand, pot, group):
            continue
        check = _pot_check(hand, result, key, pot, group, returned, money)
        out += _pot_findings(check, pot, group)
    out += _cash_out_findings(hand, result, money)
    return out


def _paid_as_derived(pot: DerivedPot | None, group: list[AwardRow]) -> bool:
    """A verifiable pot, every hand in it shown, each line paying exactly its derived award
    and no more in all than the pot holds: most pots, which :func:`_pot_findings` would
    tally to no finding (checked against it in tests/unit/audit/test_awards_fast_path.py)."""
    if pot is None or not pot.verifiable or pot.unshown:
        return False
    paid = 0
    for row in group:
        reported = row.amount_reported
        if reported is None or reported != row.amount_derived:
            return False
        paid += reported
    return paid <= pot.amount


def _award_omitted(hand: HandRecord, result: ReplayResult) -> bool:
    """No award printed at all, and one player left: the pot went to them uncontested."""
    left = [p for p in result.players if p.dealt_in and not p.folded]
    return not hand.collections and len(left) == 1


def _lone_side_pot_unprinted(
    hand: HandRecord, pot: DerivedPot | None, group: list[AwardRow]
) -> bool:
    """A side pot only one player could win, paid without a line by a room that prints
    none for it (``prints_lone_side_pots``): nothing was claimed, so nothing to compare."""
    room = ROOMS.get(hand.site)
    if room is None or room.prints_lone_side_pots or pot is None:
        return False
    return pot.index > 0 and not pot.contested and not any(r.amount_reported for r in group)


def _whole_runs(result: ReplayResult) -> dict[tuple[int, int], DerivedPot]:
    """Every pot of a board as one, for rooms whose lines do not name the pot."""
    out: dict[tuple[int, int], DerivedPot] = {}
    for p in result.pots:
        key = (p.run, WHOLE_RUN)
        q = out.get(key)
        out[key] = replace(p, index=WHOLE_RUN) if q is None else merge_pots(q, p, WHOLE_RUN)
    return out


def _money(hand: HandRecord) -> MoneyText:
    return MoneyText(hand.unit, hand.currency)


@dataclass(slots=True)
class _PotCheck:
    """One pot (or a board's pots) compared: what it holds, what was derived and paid per player."""

    hand: HandRecord
    result: ReplayResult
    run: int
    index: int
    where: str
    amount: int
    derived: dict[str, int]
    paid_to: dict[str, int]
    money: MoneyText

    @property
    def paid(self) -> int:
        return sum(self.paid_to.values())

    def at(
        self,
        code: FindingCode,
        message: str,
        *,
        rule: str | None = None,
        player: str | None = None,
        expected: str | None = None,
        reported: str | None = None,
        expected_amount: int | None = None,
        reported_amount: int | None = None,
    ) -> Finding:
        return make(
            self.hand.hand_key,
            code,
            message,
            rule=rule,
            player=player,
            seat=self.result.seat_of(player) if player else None,
            expected=expected,
            reported=reported,
            expected_amount=expected_amount,
            reported_amount=reported_amount,
            run=self.run,
            pot_index=None if self.index == WHOLE_RUN else self.index,
        )

    def pot_total(self, code: FindingCode, message: str, rule: str | None = None) -> Finding:
        """A finding on the pot as a whole: what it holds against what was collected."""
        money, paid = self.money, self.paid
        return self.at(
            code,
            message,
            rule=rule,
            expected=money(self.amount),
            reported=money(paid),
            expected_amount=self.amount,
            reported_amount=paid,
        )

    def holds(self) -> str:
        paid, holds = self.money(self.paid), self.money(self.amount)
        return f"{paid} collected from the {self.where}, which holds {holds}"


def _pot_check(
    hand: HandRecord,
    result: ReplayResult,
    key: tuple[int, int],
    pot: DerivedPot | None,
    group: list[AwardRow],
    returned: dict[str, int],
    money: MoneyText,
) -> _PotCheck:
    """Tally one pot: derived and paid per player (uncalled bets paid back count on the first)."""
    run, index = key
    amount = pot.amount if pot is not None else 0
    first = index in (0, WHOLE_RUN) and run == 0
    if first and returned:
        amount += sum(returned.values())
    derived: dict[str, int] = defaultdict(int)
    paid_to: dict[str, int] = defaultdict(int)
    for row in group:
        if row.amount_derived is not None:
            derived[row.player] += row.amount_derived
        # A cashed-out player is paid outside the pot (checked against the summary).
        got = row.amount_reported
        paid_to[row.player] += got if got is not None else (row.amount_derived or 0)
    if first:
        for player, back in returned.items():
            derived[player] += back
    where = _pot_name(index, run, len({p.run for p in result.pots}) > 1)
    return _PotCheck(hand, result, run, index, where, amount, derived, paid_to, money)


def _pot_findings(check: _PotCheck, pot: DerivedPot | None, group: list[AwardRow]) -> list[Finding]:
    """One pot's findings: the first step that finds something wrong decides (see each step)."""
    hand, result = check.hand, check.result
    if result.cancelled:
        return _cancelled(check)
    if check.paid > check.amount:
        return [check.pot_total(FindingCode.COLLECTED_EXCEEDS_POT, check.holds())]
    out: list[Finding] = []
    if pot is not None and not pot.verifiable:
        if check.paid != check.amount and not hand.cashouts:
            out.append(check.pot_total(FindingCode.COLLECTED_MISMATCH, check.holds()))
        out.append(_unverifiable(hand, result, pot, check.where))
        return out
    if pot is not None and pot.unshown:
        out.append(_unverifiable(hand, result, pot, check.where))
    players = sorted(set(check.derived) | set(check.paid_to))
    if all(check.derived.get(p, 0) == check.paid_to.get(p, 0) for p in players):
        return out
    if check.paid != check.amount:
        return out + _player_mismatches(check, players)
    halves = hand.game.hi_lo and any(row.half in HALF_SPLITS for row in group)
    return out + _misawarded(check, group, halves)


def _cancelled(check: _PotCheck) -> list[Finding]:
    """R-TO-3: a cancelled hand returns every bet, so nothing may be collected."""
    if not check.paid:
        return []
    check.amount = 0
    why = f"the hand was cancelled but {check.money(check.paid)} was collected"
    return [check.pot_total(FindingCode.COLLECTED_MISMATCH, why, "R-TO-3")]


def _player_mismatches(check: _PotCheck, players: list[str]) -> list[Finding]:
    """The pot was not paid out in full: each player whose amount differs."""
    out = []
    money = check.money
    for player in players:
        d, r = check.derived.get(player, 0), check.paid_to.get(player, 0)
        if d != r:
            out.append(
                check.at(
                    FindingCode.COLLECTED_MISMATCH,
                    f"{player} collected {money(r)} from the {check.where}; derived {money(d)}",
                    player=player,
                    expected=money(d),
                    reported=money(r),
                    expected_amount=d,
                    reported_amount=r,
                )
            )
    return out


def _misawarded(check: _PotCheck, group: list[AwardRow], halves: bool) -> list[Finding]:
    """Paid in full but not as derived: the wrong winner, a misplaced odd chip, or a wrong split."""
    derived, paid_to, where = check.derived, check.paid_to, check.where
    winners_d = {p for p, v in derived.items() if v > 0}
    winners_r = {p for p, v in paid_to.items() if v > 0}
    if winners_d != winners_r:
        return [
            check.at(
                FindingCode.WRONG_WINNER,
                f"the {where} was paid to {_names(winners_r)}; the rules give it to "
                f"{_names(winners_d)}",
                rule="R-LO-3" if halves else None,
                expected=_names(winners_d),
                reported=_names(winners_r),
            )
        ]
    diffs = {p: paid_to.get(p, 0) - derived.get(p, 0) for p in winners_d}
    moved = sum(v for v in diffs.values() if v > 0)
    if moved <= (2 if halves else 1):
        gainer = max(diffs, key=lambda p: diffs[p])
        loser = min(diffs, key=lambda p: diffs[p])
        rule = "R-ODD-2" if halves and _odd_between_halves(group, gainer, loser) else "R-ODD-1"
        room = ROOMS.get(check.hand.site)
        by_rule = room is None or room.odd_chips_by_rule
        return [
            check.at(
                FindingCode.ODD_CHIP_MISPLACED if by_rule else FindingCode.ODD_CHIP_UNCHECKED,
                f"the odd chip of the {where} went to {gainer}; the rules give it to {loser}"
                + ("" if by_rule else " (this room's odd-chip rule is not known)"),
                rule=rule,
                player=gainer,
                expected=loser,
                reported=gainer,
                expected_amount=derived.get(gainer, 0),
                reported_amount=paid_to.get(gainer, 0),
            )
        ]
    money = check.money
    return [
        check.at(
            FindingCode.WRONG_SPLIT,
            f"the {where} was split {_shares(paid_to, money)}; "
            f"the rules give {_shares(derived, money)}",
            rule="R-LO-1" if halves else None,
            expected=_shares(derived, money),
            reported=_shares(paid_to, money),
        )
    ]


def _odd_between_halves(group: list[AwardRow], gainer: str, loser: str) -> bool:
    """Did the chip move between the high and the low winner (R-ODD-2) rather than inside a half?"""
    halves_of: dict[str, set[str]] = defaultdict(set)
    for r in group:
        if r.amount_derived:
            halves_of[r.player].add(r.half)
    return not (halves_of[gainer] & halves_of[loser])


def _unverifiable(hand: HandRecord, result: ReplayResult, pot: DerivedPot, where: str) -> Finding:
    unshown = [result.name_of(s) for s in pot.unshown]
    if pot.verifiable:
        checked = "are" if where.startswith("pots") else "is"
        why = (
            f"{', '.join(unshown)} did not show; the {where} {checked} checked against shown "
            "hands only"
        )
    elif not pot.contestants:
        why = f"no eligible hand of the {where} was shown in full; its winner cannot be derived"
    else:
        why = f"the board is incomplete; the winner of the {where} cannot be derived"
    return make(
        hand.hand_key,
        FindingCode.UNVERIFIABLE_SHOWDOWN,
        why,
        expected=None,
        reported=", ".join(unshown) or None,
        run=pot.run,
        pot_index=None if pot.index == WHOLE_RUN else pot.index,
    )


def _cash_out_findings(hand: HandRecord, result: ReplayResult, money: MoneyText) -> list[Finding]:
    """A cashed-out player's pot share is printed only as the SUMMARY's ``won (X)``."""
    out: list[Finding] = []
    if not hand.cashouts:  # most hands
        return out
    won = {s.player: s.won for s in hand.summary_seats}
    for c in hand.cashouts:
        seat = result.seat_of(c.player)
        player = next((p for p in result.players if p.player == c.player), None)
        reported = won.get(c.player)
        if player is None or player.won is None or reported is None:
            continue
        if player.won != reported:
            out.append(
                make(
                    hand.hand_key,
                    FindingCode.COLLECTED_MISMATCH,
                    f"{c.player} cashed out; the SUMMARY says the pot share was "
                    f"{money(reported)}, derived {money(player.won)}",
                    player=c.player,
                    seat=seat,
                    expected=money(player.won),
                    reported=money(reported),
                    expected_amount=player.won,
                    reported_amount=reported,
                )
            )
    return out


def _pot_name(index: int, run: int, several_runs: bool) -> str:
    name = "main pot" if index == 0 else "pots" if index == WHOLE_RUN else f"side pot {index}"
    return f"{name} (board {run + 1})" if several_runs else name


def _names(players: set[str]) -> str:
    return ", ".join(sorted(players)) or "nobody"


def _shares(amounts: dict[str, int], money: MoneyText) -> str:
    return ", ".join(f"{p} {money(v)}" for p, v in sorted(amounts.items()) if v)


def summary_won_findings(hand: HandRecord) -> list[Finding]:
    """SUMMARY ``won`` figures that differ from the collected lines, where the room's
    SUMMARY is known not to restate them (``summary_won_trusted``): info only.

    wpn:779379637 (run twice): Hero collected $92.25 from main pot 1, the SUMMARY
    says ``won $61.50``.
    """
    room = ROOMS.get(hand.site)
    if room is None or room.summary_won_trusted or not hand.summary_seats:
        return []
    collected: dict[str, int] = defaultdict(int)
    for c in hand.collections:
        collected[c.player] += c.amount
    money = _money(hand)
    out = []
    for s in hand.summary_seats:
        said, got = s.won or 0, collected.get(s.player, 0)
        if said != got:
            out.append(
                make(
                    hand.hand_key,
                    FindingCode.SUMMARY_WON_DIFFERS,
                    f"the SUMMARY says {s.player} won {money(said)}; the collected lines "
                    f"pay {money(got)}",
                    seat=s.seat,
                    player=s.player,
                    expected=money(got),
                    reported=money(said),
                    expected_amount=got,
                    reported_amount=said,
                )
            )
    return out
