"""The report's deal-fairness section: the tests of ``omahahh fairness`` as HTML.

The figures are :func:`omahahh.fairness.report.fairness_report`'s, computed on
the hands the report's hand filters keep (the players section's ``--player``
and ``--position`` do not choose them: the tests read the hero's cards, or
every seat's where the history shows them all). Every test of the deal family
is listed, with its statistic, degrees of freedom, p-value, Holm-corrected
p-value and verdict; a test with too few hands says "not enough ...", never a
verdict. Per-player all-in luck rows are capped at ``top`` (rejected first),
and the page says so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from omahahh.dataset.words import plural
from omahahh.fairness.checks import DEAL
from omahahh.fairness.family import Correction
from omahahh.fairness.report import FairnessReport, Row
from omahahh.report.page_html import Column, esc, table

CORRECTION_NAME = {Correction.HOLM: "Holm", Correction.BH: "Benjamini–Hochberg"}

COLUMNS = (
    Column("test", "Test", "code"),
    Column("title", "What it tests", css="msg"),
    Column("n", "Sample", "int", "Cards, hands, flops, pairs of hands or all-ins tested"),
    Column("unit", "Of"),
    Column("min_n", "Needs", "int", "The smallest sample the test gives a verdict on"),
    Column("statistic", "Statistic", "ratio", "Chi-square; z when there is no df"),
    Column("df", "df", "int", "Degrees of freedom (none for a z-score)"),
    Column("p", "p", "p", "p-value of the test alone"),
    Column("p_corrected", "Corrected p", "p", "p-value corrected for the family of tests"),
    Column("verdict", "Verdict"),
    Column("note", "Note", css="msg"),
)


@dataclass(frozen=True, slots=True)
class ShownRows:
    """The rows the section lists: every deal test, then per-player rows up to the cap."""

    deal: list[Row]
    players: list[Row]
    players_total: int
    players_rejected: int


def _clean(row: Row) -> Row:
    """A row as the page writes it: a statistic that is not a number is no statistic."""
    s = row["statistic"]
    return row | {"statistic": None} if isinstance(s, float) and math.isnan(s) else row


def shown_rows(rows: Sequence[Row], top: int) -> ShownRows:
    """Every deal-family row; of the per-player rows, the rejected first, at most ``top``."""
    deal = [_clean(r) for r in rows if r["family"] == DEAL]
    players = [r for r in rows if r["family"] != DEAL]
    rejected = [r for r in players if r["rejected"] is True]
    others = [r for r in players if r["rejected"] is not True]
    return ShownRows(
        deal, [_clean(r) for r in (rejected + others)[:top]], len(players), len(rejected)
    )


def family_verdict(report: FairnessReport) -> tuple[str, str]:
    """The deal family's verdict: a CSS class and a sentence (HTML)."""
    deal = [r for r in report.rows if r["family"] == DEAL]
    tested = [r for r in deal if r["p"] is not None]
    how = (
        f"at &alpha; = {report.alpha:g} after {CORRECTION_NAME[report.correction]}'s "
        "correction for testing many things at once"
    )
    if not tested:
        return (
            "none",
            f"No verdict: none of the {plural(len(deal), 'test')} has enough data "
            "(each says how much it needs).",
        )
    short = len(deal) - len(tested)
    rest = f"; {short} had too little data to test" if short else ""
    if report.rejected:
        rejected = sum(1 for r in tested if r["rejected"] is True)
        return (
            "rejected",
            f"Rejected: {rejected} of the {plural(len(tested), 'test')} with enough data "
            f"{'rejects' if rejected == 1 else 'reject'} a fair deal {how}{rest}.",
        )
    return (
        "ok",
        f"Not rejected: none of the {plural(len(tested), 'test')} with enough data rejects a fair "
        f"deal {how}{rest}. This does not prove the deal fair: docs/FAIRNESS.md says what "
        "each test cannot see.",
    )


def _row_class(row: Mapping[str, Any]) -> dict[str, object]:
    css = "rejected" if row["rejected"] is True else "untested" if row["p"] is None else None
    return {"class": css, "data-test": row["test"]}


def fairness_html(report: FairnessReport, top: int) -> str:
    """The section's body (see the module doc)."""
    shown = shown_rows(report.rows, top)
    css, sentence = family_verdict(report)
    notes = "".join(f"<li>{esc(n)}</li>" for n in report.notes)
    out = [
        "<p>Statistical tests of the deal from the histories themselves (as "
        "<code>omahahh fairness</code>; docs/FAIRNESS.md states each test's null hypothesis, "
        "assumptions and blind spots). Only cards known from the deal are used: every dealt "
        "seat's where the history shows them all, else the hero's (the <code>Dealt to</code> "
        "player), and the boards; cards known only because they were shown at showdown "
        "never are (strong hands get shown: a biased sample). The hand filters apply; "
        "<code>--player</code> does not.</p>",
        f'<p class="fair-verdict {css}" role="status"><strong>{sentence}</strong></p>',
        f'<ul class="fair-notes">{notes}</ul>',
        table(
            shown.deal,
            COLUMNS,
            caption=f"Tests of the deal, one family "
            f"({CORRECTION_NAME[report.correction]}-corrected)",
            table_id="fairness-table",
            sortable=True,
            stack=True,
            row_attrs=_row_class,
        ),
    ]
    if shown.players_total:
        out.append(
            f'<h3>All-in luck by player</h3><p class="note">{shown.players_total:,} players '
            f"with enough all-ins, {shown.players_rejected:,} rejected (corrected as a family "
            "of their own). "
            + (
                f"The {len(shown.players):,} shown are the rejected first, then the others "
                f"(the page lists at most {top:,}: <code>--top {top}</code>)."
                if len(shown.players) < shown.players_total
                else f"All {shown.players_total:,} are shown."
            )
            + "</p>"
        )
        out.append(
            table(
                shown.players,
                COLUMNS,
                caption="All-in luck by player: share of pots won against equity",
                table_id="fairness-players-table",
                sortable=True,
                stack=True,
                row_attrs=_row_class,
            )
        )
    return "\n".join(out)
