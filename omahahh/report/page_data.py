"""Everything the audit report shows, aggregated with polars before it reaches the page.

:func:`report_data` reads a dataset and returns small frames only: counts,
totals, and lists capped at ``top`` rows (the page states every cap), so the
page's size does not grow with the dataset. Sections:

- overview: files, rooms, variants, period, hands, duplicates, failures;
- verdict: findings by severity and code (every finding counted);
- findings: up to ``top`` rows, codes taken in turn so each code has examples;
- rake (:mod:`omahahh.report.page_rake`) and players
  (:mod:`omahahh.report.page_players`);
- fairness: the tests of ``omahahh fairness`` on the kept hands
  (:mod:`omahahh.fairness.report`);
- failures: by reason, with the first few of each;
- hands: the ``show`` view of each hand a finding row or a rake row opens.

Hand filters (site, variant, stakes, dates...) choose the hands of every
section but failures, which have no hand to filter by; player and position
filters choose the players section's rows.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import datetime

import polars as pl

from omahahh.audit.findings import CATALOGUE, SEVERITY_RANK, Finding, FindingCode, Severity
from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.dataset.store import read_manifest, scan
from omahahh.fairness.report import FairnessReport, fairness_report
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.rake.schedule import Schedule
from omahahh.report.hand_view import HandView, hand_view
from omahahh.report.page_players import PlayersPart, players_part
from omahahh.report.page_rake import RakePart, rake_part
from omahahh.report.rule_texts import RuleText, rule_texts
from omahahh.report.show import hands_from_dataset
from omahahh.stats.filters import NO_FILTER, StatsFilter, hand_predicate
from omahahh.stats.players import dataset_tables

DEFAULT_TOP = 100
FAILURE_EXAMPLES = 5  # failures listed under each reason


@dataclass(frozen=True, slots=True)
class Overview:
    """What went in."""

    source: str  # the dataset folder, or the text inputs
    files: int
    hands_in_dataset: int
    hands: int  # hands the filters keep
    cancelled: int
    duplicates: int | None  # of the ingest run that wrote the dataset's current version
    first: datetime | None
    last: datetime | None
    rooms: pl.DataFrame  # site, hands
    variants: pl.DataFrame  # variant, hands
    game_types: pl.DataFrame  # game_type, hands
    failures: int
    filters: tuple[str, ...]  # the filters as given, "--site pokerstars"
    rules_profile: str
    schedule: Schedule


@dataclass(frozen=True, slots=True)
class Findings:
    counts: pl.DataFrame  # severity, code, rules, summary, findings, hands (most severe first)
    by_severity: dict[str, int]
    rows: pl.DataFrame  # the findings shown: at most ``top``
    total: int


@dataclass(frozen=True, slots=True)
class Failures:
    by_reason: pl.DataFrame  # reason_code, failures
    examples: pl.DataFrame  # reason_code, source_path, source_line, reason, excerpt
    per_reason: int


@dataclass(frozen=True, slots=True)
class ReportData:
    overview: Overview
    findings: Findings
    rake: RakePart
    players: PlayersPart
    fairness: FairnessReport
    failures: Failures
    hands: dict[str, HandView | str]  # the view, or why it could not be shown
    rules: tuple[RuleText, ...]  # the rules the page cites, in docs/RULES.md order
    top: int


def hand_filters_only(f: StatsFilter) -> StatsFilter:
    """``f`` without the players and positions it picks (those choose players' rows)."""
    return replace(f, players=(), positions=(), min_hands=0)


def hand_filters_set(f: StatsFilter) -> bool:
    """Does ``f`` choose hands (beyond the players and positions it picks)?"""
    return hand_filters_only(f) != NO_FILTER


def kept_hands(hands: pl.LazyFrame, f: StatsFilter) -> pl.LazyFrame:
    """The hands the hand filters keep, cancelled hands included (they went in too)."""
    if not hand_filters_set(f):
        return hands
    # hand_predicate drops cancelled hands (statistics never count them); here they count.
    return (
        hands.with_columns(pl.col("cancelled").alias("_was"), pl.lit(False).alias("cancelled"))
        .filter(hand_predicate(f))
        .with_columns(pl.col("_was").alias("cancelled"))
        .drop("_was")
    )


def _counts(frame: pl.LazyFrame, column: str) -> pl.DataFrame:
    return (
        frame.group_by(column)
        .agg(pl.len().cast(pl.Int64).alias("hands"))
        .sort(["hands", column], descending=[True, False], nulls_last=True)
        .collect()
    )


def overview(
    root: str | os.PathLike[str],
    hands: pl.LazyFrame,
    *,
    source: str,
    filters: tuple[str, ...],
    rules_profile: str,
    schedule: Schedule,
) -> Overview:
    all_hands = scan(root, "hands")
    failures = scan(root, "failures")
    paths = pl.concat([all_hands.select("source_path"), failures.select("source_path")]).select(
        pl.col("source_path").n_unique()
    )
    stats = hands.select(
        pl.len().alias("hands"),
        pl.col("cancelled").fill_null(False).sum().alias("cancelled"),
        pl.col("started_at").min().alias("first"),
        pl.col("started_at").max().alias("last"),
    ).collect()
    run = read_manifest(root).get("run")
    duplicates = run.get("duplicates") if isinstance(run, dict) else None
    return Overview(
        source=source,
        files=int(paths.collect().item()),
        hands_in_dataset=int(all_hands.select(pl.len()).collect().item()),
        hands=int(stats["hands"][0]),
        cancelled=int(stats["cancelled"][0]),
        duplicates=int(duplicates) if isinstance(duplicates, int) else None,
        first=stats["first"][0],
        last=stats["last"][0],
        rooms=_counts(hands, "site"),
        variants=_counts(hands, "variant"),
        game_types=_counts(hands, "game_type"),
        failures=int(failures.select(pl.len()).collect().item()),
        filters=filters,
        rules_profile=rules_profile,
        schedule=schedule,
    )


def severity_rank() -> pl.Expr:
    mapping = {s.value: r for s, r in SEVERITY_RANK.items()}
    return pl.col("severity").replace_strict(mapping, default=len(mapping), return_dtype=pl.Int32)


def _catalogue() -> pl.DataFrame:
    return pl.DataFrame(
        {
            "code": [c.value for c in CATALOGUE],
            "rules": [i.rules for i in CATALOGUE.values()],
            "summary": [i.summary for i in CATALOGUE.values()],
        }
    )


def findings_part(findings: pl.LazyFrame, top: int) -> Findings:
    """Every finding counted by severity and code; ``top`` rows shown, codes taken in
    turn (the first of each code, then the second of each...), most severe first."""
    ordered = findings.with_columns(severity_rank().alias("_rank")).sort(
        "_rank", "code", "hand_key", "action_seq", nulls_last=True
    )
    counts = (
        ordered.group_by("_rank", "severity", "code")
        .agg(
            pl.len().cast(pl.Int64).alias("findings"),
            pl.col("hand_key").n_unique().cast(pl.Int64).alias("hands"),
        )
        .sort("_rank", "code")
        .collect()
        .join(_catalogue(), on="code", how="left")
        .select("severity", "code", "rules", "summary", "findings", "hands")
    )
    rows = (
        ordered.with_columns(pl.int_range(pl.len()).over("code").alias("_turn"))
        .sort("_turn", "_rank", "code", "hand_key", "action_seq", nulls_last=True)
        .head(top)
        .sort("_rank", "code", "hand_key", "action_seq", nulls_last=True)
        .drop("_rank", "_turn")
        .collect()
    )
    by_severity = {
        s.value: int(counts.filter(pl.col("severity") == s.value)["findings"].sum())
        for s in Severity
    }
    return Findings(counts, by_severity, rows, int(counts["findings"].sum()))


def failures_part(root: str | os.PathLike[str], per_reason: int = FAILURE_EXAMPLES) -> Failures:
    failures = scan(root, "failures")
    by_reason = (
        failures.group_by("reason_code")
        .agg(pl.len().cast(pl.Int64).alias("failures"))
        .sort(["failures", "reason_code"], descending=[True, False])
        .collect()
    )
    examples = (
        failures.sort("reason_code", "source_path", "source_line")
        .group_by("reason_code", maintain_order=True)
        .head(per_reason)
        .select("reason_code", "source_path", "source_line", "hand_key", "reason", "excerpt")
        .collect()
    )
    return Failures(by_reason, examples, per_reason)


def _finding(row: dict[str, object]) -> Finding:
    values = dict(row)
    values["code"] = FindingCode(str(values["code"]))
    values["severity"] = Severity(str(values["severity"]))
    return Finding(**values)  # type: ignore[arg-type]


def hand_views(
    root: str | os.PathLike[str],
    keys: list[str],
    findings: pl.LazyFrame,
    rules: HouseRules,
) -> dict[str, HandView | str]:
    """The ``show`` view of each hand: re-read from its file and replayed, with the
    findings the dataset holds for it (exactly those of the findings table)."""
    if not keys:
        return {}
    recorded = (
        findings.join(pl.LazyFrame({"hand_key": keys}), on="hand_key", how="semi")
        .sort("hand_key", "action_seq", nulls_last=True)
        .collect()
    )
    by_hand: dict[str, list[Finding]] = {}
    for row in recorded.iter_rows(named=True):
        by_hand.setdefault(row["hand_key"], []).append(_finding(row))
    out: dict[str, HandView | str] = {}
    for key, hand in hands_from_dataset(root, keys).items():
        if isinstance(hand, str):
            out[key] = f"hand {key}: {hand}"
            continue
        audited = audit_hand(hand, rules)
        out[key] = hand_view(
            AuditedHand(
                hand=hand,
                result=audited.result,
                findings=tuple(by_hand.get(key, ())),
                awards=audited.awards,
            )
        )
    return out


def cited_rules(findings: Findings, rake: RakePart) -> tuple[RuleText, ...]:
    """The rules the page names: those of every code counted, of the rows, of the rake."""
    ids: set[str] = set()
    for rules in findings.counts["rules"].drop_nulls():
        ids.update(r.strip() for r in str(rules).split(","))
    ids.update(str(r) for r in findings.rows["rule"].drop_nulls() if r)
    ids.update(rake.rules)
    texts = rule_texts()
    return tuple(t for rule, t in texts.items() if rule in ids)


def report_data(
    root: str | os.PathLike[str],
    schedule: Schedule,
    *,
    filters: StatsFilter = NO_FILTER,
    filter_words: tuple[str, ...] = (),
    rules: HouseRules = DEFAULT_HOUSE_RULES,
    rules_profile: str = "default (RULES.md)",
    source: str | None = None,
    top: int = DEFAULT_TOP,
) -> ReportData:
    """Everything the page shows for the dataset at ``root`` (see the module doc)."""
    tables = dataset_tables(str(root))
    hands = kept_hands(tables["hands"], filters)
    keys = hands.select("hand_key")
    findings = tables["findings"]
    if hand_filters_set(filters):
        findings = findings.join(keys, on="hand_key", how="semi")
    found = findings_part(findings, top)
    rake = rake_part(hands, tables["players"], tables["actions"], schedule, top)
    players = players_part(tables, filters, top)
    wanted = list(
        dict.fromkeys([*found.rows["hand_key"].to_list(), *rake.largest["hand_key"].to_list()])
    )
    return ReportData(
        overview=overview(
            root,
            hands,
            source=source or os.fspath(root),
            filters=filter_words,
            rules_profile=rules_profile,
            schedule=schedule,
        ),
        findings=found,
        rake=rake,
        players=players,
        fairness=fairness_report(tables, hand_filters_only(filters)),
        failures=failures_part(root),
        hands=hand_views(root, wanted, findings, rules),
        rules=cited_rules(found, rake),
        top=top,
    )
