"""The fairness results as plain rows, and as a table, JSON or CSV.

:func:`fairness_report` is the whole of ``omahahh fairness`` short of the
options: sample, tests, correction. Its :attr:`FairnessReport.rows` are plain
dicts (one per test), which is what another page (the HTML audit report)
embeds; the renderers here only format them.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass

import polars as pl

from omahahh.dataset.words import plural
from omahahh.fairness.checks import DEAL, run_checks
from omahahh.fairness.extract import fair_sample
from omahahh.fairness.family import ALPHA, Correction, Judged, judge
from omahahh.fairness.sample import DealSample, SampleCounts
from omahahh.stats.filters import NO_FILTER, StatsFilter

Row = dict[str, object]
COLUMNS = (
    "test",
    "family",
    "title",
    "unit",
    "n",
    "min_n",
    "statistic",
    "df",
    "p",
    "p_corrected",
    "rejected",
    "verdict",
    "note",
)


@dataclass(frozen=True, slots=True)
class FairnessReport:
    rows: list[Row]
    counts: SampleCounts
    correction: Correction
    alpha: float

    @property
    def notes(self) -> list[str]:
        return sample_notes(self.counts)

    @property
    def rejected(self) -> bool:
        """Does the family of deal tests reject (at least one corrected p ≤ α)?"""
        return any(r["rejected"] is True and r["family"] == DEAL for r in self.rows)


def verdict(j: Judged) -> str:
    if j.rejected is None:
        return f"not enough {j.result.unit}"
    return "REJECTED" if j.rejected else "ok"


def rows_of(judged: list[Judged]) -> list[Row]:
    """One plain row per test (keys :data:`COLUMNS`)."""
    return [
        {
            "test": j.result.test,
            "family": j.result.family,
            "title": j.result.title,
            "unit": j.result.unit,
            "n": j.result.n,
            "min_n": j.result.min_n,
            "statistic": j.result.statistic,
            "df": j.result.df,
            "p": j.result.p,
            "p_corrected": j.p_corrected,
            "rejected": j.rejected,
            "verdict": verdict(j),
            "note": j.result.note,
        }
        for j in judged
    ]


def report_of(
    sample: DealSample, correction: Correction = Correction.HOLM, alpha: float = ALPHA
) -> FairnessReport:
    """Every test of ``sample``, judged as a family."""
    rows = rows_of(judge(run_checks(sample), correction, alpha))
    return FairnessReport(rows, sample.counts, correction, alpha)


def fairness_report(
    tables: Mapping[str, pl.LazyFrame],
    filters: StatsFilter = NO_FILTER,
    player: str | None = None,
    correction: Correction = Correction.HOLM,
    alpha: float = ALPHA,
) -> FairnessReport:
    """The fairness tests of a dataset's tables (:func:`omahahh.stats.players.dataset_tables`)."""
    return report_of(fair_sample(tables, filters, player), correction, alpha)


def sample_notes(c: SampleCounts) -> list[str]:
    """What the sample is made of, in words (always says that shown cards are not used)."""
    whose = f"{c.player}'s" if c.player else "the hero's"
    lines = [
        f"{plural(c.hands_read, 'hand')} read; {c.all_known:,} with every dealt seat's cards "
        f"from the deal (every card used), {c.hero_only:,} with {whose} cards only"
        + (f", {c.board_only:,} with the board only" if c.board_only else "")
        + ".",
        f"{c.shown_only:,} hole hands known only from a show are not used: shown "
        "cards are a biased sample (strong hands reach and win showdowns).",
    ]
    if c.hero_only or c.board_only:
        lines.append(
            "Boards of hands whose other seats are unknown count for suits, flop texture "
            "and repeats only: the unseen cards decided whether the street came."
        )
    return lines


# ---- formats ------------------------------------------------------------------------


def format_p(value: object) -> str:
    """A p-value as text: four decimals, or two significant digits below 1e-4.

    >>> format_p(0.123456), format_p(3.2e-7), format_p(0.0), format_p(None)
    ('0.1235', '3.20e-07', '<1e-300', '')
    """
    if not isinstance(value, float):
        return ""
    if value == 0.0:
        return "<1e-300"
    return f"{value:.4f}" if value >= 1e-4 else f"{value:.2e}"


def _stat(row: Row) -> str:
    s = row["statistic"]
    if not isinstance(s, float) or math.isnan(s):
        return ""
    return f"{s:.2f}" if row["df"] is not None else f"z={s:+.2f}"


SHOWN_PLAYERS = 20  # per-player rows a text table lists (JSON and CSV have them all)


def _table_rows(report: FairnessReport) -> tuple[list[Row], str | None]:
    """The rows a text table shows: every deal test, then the per-player all-in rows
    that were rejected or, failing that, the first few; with a line for the rest."""
    deal = [r for r in report.rows if r["family"] == DEAL]
    players = [r for r in report.rows if r["family"] != DEAL]
    if len(players) <= SHOWN_PLAYERS:
        return deal + players, None
    rejected = [r for r in players if r["rejected"]]
    shown = rejected[:SHOWN_PLAYERS]
    whose = plural(len(players), "player's", "players'")
    note = (
        f"{whose} all-in luck tested, {len(rejected):,} rejected; "
        f"{'the first ' if len(rejected) > len(shown) else ''}{len(shown):,} listed "
        "(--format csv or json lists every one)."
    )
    return deal + shown, note


def render_table(report: FairnessReport) -> str:
    """A text table, one line per test, then the notes."""
    head = ("test", "n", "statistic", "df", "p", f"p ({report.correction.value})", "verdict")
    rows, more = _table_rows(report)
    lines = [
        (
            str(r["test"]),
            f"{r['n']:,} {r['unit']}",
            _stat(r),
            "" if r["df"] is None else str(r["df"]),
            format_p(r["p"]),
            format_p(r["p_corrected"]),
            str(r["verdict"]),
        )
        for r in rows
    ]
    widths = [max(len(x) for x in col) for col in zip(head, *lines, strict=True)]
    right = {1, 2, 3, 4, 5}

    def fmt(cells: tuple[str, ...]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    out = [fmt(head), fmt(tuple("-" * w for w in widths)), *(fmt(x) for x in lines), ""]
    out.append(
        f"Family of deal tests corrected by {report.correction.value}, rejected at "
        f"alpha = {report.alpha:g}: " + ("REJECTED" if report.rejected else "not rejected") + "."
    )
    out += report.notes
    if more:
        out.append(more)
    out += [f"{r['test']}: {r['note']}" for r in rows if r["note"]]
    return "\n".join(out) + "\n"


def to_json(report: FairnessReport) -> str:
    doc = {
        "correction": report.correction.value,
        "alpha": report.alpha,
        "rejected": report.rejected,
        "sample": asdict(report.counts),
        "notes": report.notes,
        "tests": report.rows,
    }
    return json.dumps(doc, indent=2) + "\n"


def to_csv(report: FairnessReport) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in report.rows:
        writer.writerow({k: "" if v is None else v for k, v in r.items()})
    return buffer.getvalue()
