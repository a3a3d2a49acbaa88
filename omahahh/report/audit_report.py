"""The audit of a whole dataset: counts, findings most severe first, and their text forms.

Findings are computed at ingest (every parsed hand is replayed and audited);
this module only reads the ``findings``, ``hands`` and ``failures`` tables.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import polars as pl

from omahahh.audit.findings import SEVERITY_RANK, Severity, at_or_above
from omahahh.dataset.store import scan
from omahahh.dataset.tables import FINDINGS

FINDING_COLUMNS = tuple(c.name for c in FINDINGS)
FAILURE_COLUMNS = ("source_path", "source_line", "reason_code", "reason", "excerpt", "hand_key")


@dataclass(frozen=True, slots=True)
class AuditReport:
    """What ``omahahh audit`` prints: hands audited, parse failures, findings."""

    hands: int
    failures: int
    findings: pl.DataFrame  # most severe first, then by hand and action
    failure_rows: pl.DataFrame = field(default_factory=pl.DataFrame)  # every failure, in order

    def failures_by_reason(self, examples: int = 3) -> list[tuple[str, int, list[str]]]:
        """(reason code, count, the first ``examples`` reasons) per code, most frequent first."""
        if self.failure_rows.is_empty():
            return []
        grouped = (
            self.failure_rows.group_by("reason_code", maintain_order=True)
            .agg(pl.len().alias("count"), pl.col("reason").head(examples).alias("examples"))
            .sort("count", "reason_code", descending=[True, False])
        )
        return [
            (r["reason_code"], int(r["count"]), list(r["examples"]))
            for r in grouped.iter_rows(named=True)
        ]

    def counts(self) -> pl.DataFrame:
        """Findings per (severity, code), most severe first."""
        if self.findings.is_empty():
            return pl.DataFrame(
                schema={"severity": pl.String, "code": pl.String, "count": pl.UInt32}
            )
        return (
            self.findings.group_by("severity", "code")
            .len("count")
            .with_columns(_rank().alias("_rank"))
            .sort("_rank", "code")
            .drop("_rank")
        )

    def fails(self, threshold: str) -> bool:
        """Is there a finding at or above ``threshold``? Parse failures count as errors."""
        if self.failures and at_or_above(Severity.ERROR, threshold):
            return True
        return any(at_or_above(s, threshold) for s in self.findings["severity"].unique())


def _rank() -> pl.Expr:
    mapping = {s.value: r for s, r in SEVERITY_RANK.items()}
    return pl.col("severity").replace_strict(mapping, default=len(mapping), return_dtype=pl.Int32)


def audit_report(root: str | os.PathLike[str]) -> AuditReport:
    """Read a dataset's audit."""
    hands = scan(root, "hands").select(pl.len()).collect().item()
    failures = scan(root, "failures").select(pl.len()).collect().item()
    findings = (
        scan(root, "findings")
        .collect()
        .with_columns(_rank().alias("_rank"))
        .sort("_rank", "hand_key", "action_seq", nulls_last=True, maintain_order=True)
        .drop("_rank")
    )
    failure_rows = (
        scan(root, "failures")
        .select(*FAILURE_COLUMNS)
        .collect()
        .sort("source_path", "source_line", maintain_order=True)
    )
    return AuditReport(int(hands), int(failures), findings, failure_rows)


def summary_lines(report: AuditReport) -> list[str]:
    """Hands audited, parse failures and findings by severity and code."""
    out = [
        f"hands audited: {report.hands}",
        f"parse failures: {report.failures}",
        f"findings: {report.findings.height}",
    ]
    for row in report.counts().iter_rows(named=True):
        out.append(f"  {row['severity']:<8}{row['code']:<25}{row['count']:>7}")
    return out


def failure_lines(report: AuditReport, examples: int = 3) -> list[str]:
    """Parse failures by reason code, each with its first examples (``file:line: reason``)."""
    reasons = report.failures_by_reason(examples)
    if not reasons:
        return []
    out = ["parse failures by reason (all: --failures):"]
    for code, count, first in reasons:
        out.append(f"  {code:<32}{count:>7}")
        out += [f"      {reason}" for reason in first]
    return out


def failures_table(report: AuditReport) -> str:
    """Every failure, one line each: ``reason_code  file:line: reason``."""
    return "\n".join(
        f"{r['reason_code']:<24}{r['reason']}" for r in report.failure_rows.iter_rows(named=True)
    )


def failures_json(report: AuditReport) -> str:
    return json.dumps(report.failure_rows.to_dicts(), ensure_ascii=False)


def failures_csv(report: AuditReport) -> str:
    return report.failure_rows.write_csv()


def render_table(report: AuditReport, limit: int | None = None) -> str:
    """The summary, then one line per finding (``limit`` caps how many)."""
    lines = summary_lines(report) + failure_lines(report)
    rows = report.findings if limit is None else report.findings.head(limit)
    if rows.height:
        lines.append("")
    for r in rows.iter_rows(named=True):
        where = " ".join(x for x in (r["street"], r["player"] and f"({r['player']})") if x)
        lines.append(
            f"{r['severity']:<8}{r['code']:<25}{r['rule'] or '-':<10}{r['hand_key']}"
            + (f" {where}" if where else "")
            + f": {r['message']}"
        )
    if limit is not None and report.findings.height > limit:
        lines.append(f"... {report.findings.height - limit} more (use --format csv or json)")
    return "\n".join(lines)


def to_json(report: AuditReport) -> str:
    """A JSON list of finding objects with the columns of the ``findings`` table."""
    return json.dumps(report.findings.select(FINDING_COLUMNS).to_dicts(), ensure_ascii=False)


def to_csv(report: AuditReport) -> str:
    return report.findings.select(FINDING_COLUMNS).write_csv()
