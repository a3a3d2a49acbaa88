"""The audit report as one self-contained HTML page (``omahahh report``).

:func:`render_page` writes the sections of :data:`SECTIONS` from a
:class:`~omahahh.report.page_data.ReportData`: styles and script are inlined
from ``omahahh/data/report.css`` and ``report.js``, charts are inline SVG, and
a Content-Security-Policy forbids every network request, so the page opens
offline in any browser and can be sent as one file. Hands open in place from
``<template>`` elements (parsed, not laid out, until opened: the page stays
quick with hundreds of hands). A new section is one :class:`Section` entry.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from omahahh.dataset.files import write_text_atomically
from omahahh.dataset.words import plural, verb
from omahahh.report.hand_view import HandView
from omahahh.report.page_data import ReportData
from omahahh.report.page_fairness import fairness_html
from omahahh.report.page_hand import finding_key, hand_html
from omahahh.report.page_html import Column, attrs, definition_list, esc, rule_links, table
from omahahh.report.page_players import GRAPHED
from omahahh.report.page_svg import rake_charts, winnings_chart
from omahahh.version import __version__

CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)


def asset(name: str) -> str:
    return (resources.files("omahahh") / "data" / name).read_text(encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    render: Callable[[ReportData, HandButtons], str]


class HandButtons:
    """The hand buttons of the page: one ``<template>`` per hand, any number of buttons."""

    def __init__(self, views: Mapping[str, HandView | str]):
        self.views = views
        self.buttons = 0

    def button(self, key: str, fkey: str | None = None) -> str:
        view = self.views.get(key)
        if not isinstance(view, HandView):
            return f'<span class="note">{esc(view or "not shown")}</span>'
        self.buttons += 1
        return (
            "<button"
            + attrs(
                {
                    "type": "button",
                    "class": "open-hand",
                    "aria-expanded": "false",
                    "aria-controls": f"opened-{self.buttons}",
                    "data-template": f"hand-{key}",
                    "data-fkey": fkey,
                    "data-open": "Show hand",
                    "data-close": "Hide hand",
                }
            )
            + ">Show hand</button>"
        )


def _cap(shown: int, total: int, what: str, top: int) -> str:
    if shown >= total:
        return f"All {total:,} {what} are shown."
    return (
        f"The {shown:,} shown are the first of {total:,} {what} "
        f"(the page lists at most {top:,}: <code>--top {top}</code>)."
    )


def _rows(frame: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = frame.to_dicts()
    return rows


def _rules_known(data: ReportData) -> tuple[str, ...]:
    return tuple(r.rule for r in data.rules)


# -- overview ---------------------------------------------------------------------------------


def _verdict(data: ReportData) -> str:
    sev = data.findings.by_severity
    cards = [
        ("error", "errors", sev.get("error", 0)),
        ("warning", "warnings", sev.get("warning", 0)),
        ("info", "infos", sev.get("info", 0)),
        ("failure", "parse failures", data.overview.failures),
        ("clean", "hands audited", data.overview.hands),
    ]
    inner = "".join(f'<div class="{c}"><b>{n:,}</b>{esc(label)}</div>' for c, label, n in cards)
    return f'<div class="verdict" role="group" aria-label="Verdict">{inner}</div>'


def _when(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "-"


def render_overview(data: ReportData, hands: HandButtons) -> str:
    o = data.overview
    kept = f"{o.hands:,}"
    if o.hands != o.hands_in_dataset:
        kept += f" kept by the filters, of {o.hands_in_dataset:,} in the dataset"
    duplicates = (
        "not recorded"
        if o.duplicates is None
        else f"{o.duplicates:,} (identical copies skipped by the ingest run that wrote the "
        "dataset's current version)"
    )
    schedule = f"<code>{esc(o.schedule.name)}</code>"
    if o.schedule.description:
        schedule += f": {esc(o.schedule.description)}"
    facts = [
        ("Input", f"<code>{esc(o.source)}</code>"),
        ("Files", f"{o.files:,} (hand-history files the hands and failures came from)"),
        ("Hands", kept),
        ("Cancelled hands", f"{o.cancelled:,}"),
        ("Duplicates", esc(duplicates)),
        ("Parse failures", f'{o.failures:,} (<a href="#failures">by reason</a>)'),
        ("Period", f"{_when(o.first)} to {_when(o.last)}"),
        ("Rules profile", esc(o.rules_profile)),
        ("Rake schedule", schedule),
        ("Filters", esc(" ".join(o.filters)) if o.filters else "none"),
    ]
    counts = [
        table(
            _rows(o.rooms),
            [Column("site", "Room"), Column("hands", "Hands", "int")],
            caption="Rooms",
        ),
        table(
            _rows(o.variants),
            [Column("variant", "Variant"), Column("hands", "Hands", "int")],
            caption="Variants",
        ),
        table(
            _rows(o.game_types),
            [Column("game_type", "Game"), Column("hands", "Hands", "int")],
            caption="Games",
        ),
    ]
    code_columns = [
        Column("severity", "Severity"),
        Column("code", "Code", "code"),
        Column("rules", "Rules", "rules"),
        Column("summary", "What it means"),
        Column("findings", "Findings", "int"),
        Column("hands", "Hands", "int"),
    ]
    by_code = table(
        _rows(data.findings.counts),
        code_columns,
        caption="Findings by severity and code (every finding counted)",
        table_id="verdict-table",
        sortable=True,
        rules=_rules_known(data),
        row_attrs=lambda r: {"class": f"sev-{r['severity']}"},
        empty="no finding: every hand agrees with the rules and with itself",
    )
    return (
        _verdict(data)
        + definition_list(facts)
        + f'<div class="columns">{"".join(counts)}</div>'
        + by_code
    )


# -- findings ---------------------------------------------------------------------------------

FINDING_COLUMNS = (
    Column("severity", "Severity"),
    Column("code", "Code", "code"),
    Column("rule", "Rule", "rules"),
    Column("hand_key", "Hand", "code"),
    Column("street", "Street"),
    Column("player", "Player"),
    Column("expected", "Expected", title="What the rules give"),
    Column("reported", "Reported", title="What the text says"),
    Column("message", "Message", css="msg"),
)


def _options(label: str, name: str, values: list[str]) -> str:
    opts = "".join(f'<option value="{esc(v)}">{esc(v)}</option>' for v in values)
    return (
        f'<label>{esc(label)}<select data-filter="{name}">'
        f'<option value="">all</option>{opts}</select></label>'
    )


def render_findings(data: ReportData, hands: HandButtons) -> str:
    f = data.findings
    rows = _rows(f.rows)
    if not rows:
        return "<p>No finding: every hand agrees with the rules and with itself.</p>"
    note = _cap(len(rows), f.total, "findings", data.top)
    if len(rows) < f.total:
        note += " Codes are taken in turn, so every code has examples; most severe first."
    severities = list(dict.fromkeys(r["severity"] for r in rows))
    codes = sorted({r["code"] for r in rows})
    filters = (
        '<form class="filters no-print" data-table="findings-table" role="search" '
        'aria-label="Filter the findings">'
        + _options("Severity", "severity", severities)
        + _options("Code", "code", codes)
        + '<label>Search<input type="search" placeholder="hand, player, text..."></label>'
        + f'<output aria-live="polite">{len(rows)} of {len(rows)} rows shown</output></form>'
    )
    grid = table(
        rows,
        FINDING_COLUMNS,
        caption="Findings (sort by a column; open a hand to see its replay)",
        table_id="findings-table",
        sortable=True,
        stack=True,
        rules=_rules_known(data),
        row_attrs=lambda r: {
            "class": f"sev-{r['severity']}",
            "data-severity": r["severity"],
            "data-code": r["code"],
        },
        extra=(
            "Replay",
            lambda r: hands.button(
                r["hand_key"], finding_key(r["code"], r["action_seq"], r["player"], r["pot_index"])
            ),
        ),
    )
    return f'<p class="note">{note}</p>{filters}{grid}'


# -- rake -------------------------------------------------------------------------------------

TOTAL_COLUMNS = (
    Column("currency", "Currency"),
    Column("hands", "Hands", "int"),
    Column("hands_raked", "Raked", "int", "Hands with rake reported"),
    Column("rake_reported", "Reported", "money"),
    Column(
        "hands_compared", "Covered", "int", "Hands with a rake printed that the schedule covers"
    ),
    Column("rake_reported_compared", "Reported, covered", "money", "Reported rake of those hands"),
    Column("rake_expected", "Expected", "money", "Rake the schedule expects (covered hands)"),
    Column("rake_diff", "Difference", "money", "Reported − expected, covered hands"),
    Column("hands_off_schedule", "Off schedule", "int", "Hands whose rake differs"),
    Column("hands_not_covered", "Not covered", "int", "Hands no tier of the schedule covers"),
    Column("rake_reported_not_covered", "Reported, not covered", "money"),
    Column("hands_no_rake_printed", "No rake printed", "int", "Never compared: no figure"),
)
LARGEST_COLUMNS = (
    Column("hand_key", "Hand", "code"),
    Column("day", "Day", "date"),
    Column("stakes", "Stakes"),
    Column("players_dealt", "Players", "int"),
    Column("total_pot_derived", "Pot", "money"),
    Column("rake_reported", "Reported", "money"),
    Column("rake_expected", "Expected", "money"),
    Column("rake_diff", "Difference", "money"),
    Column("rake_rule", "Rule", "rules"),
)


def render_rake(data: ReportData, hands: HandButtons) -> str:
    r = data.rake
    known = _rules_known(data)
    schedule = data.overview.schedule
    out = [
        f"<p>Reported rake against the schedule <code>{esc(schedule.name)}</code>"
        + (f" ({esc(schedule.description)})" if schedule.description else "")
        + ". Amounts are never added across currencies; hands no tier of the schedule "
        "covers are counted apart. Rules: " + rule_links("R-RAKE-1 to R-RAKE-6", known) + ".</p>",
        table(_rows(r.by_currency), TOTAL_COLUMNS, caption="Totals by currency"),
    ]
    out += rake_charts(r.chart, r.period, r.by_currency)
    period_cols = (Column("period", r.period.capitalize(), "date"), *TOTAL_COLUMNS)
    out.append(
        table(
            _rows(r.by_period),
            period_cols,
            caption=f"Totals by {r.period} (UTC)",
            table_id="rake-period-table",
            sortable=True,
        )
    )
    if r.period != "day":
        out.append(
            f'<p class="note">By {esc(r.period)}: by day there would be more than '
            f"{data.top:,} rows.</p>"
        )
    out.append(
        table(
            _rows(r.by_stakes),
            (Column("stakes", "Stakes"), *TOTAL_COLUMNS),
            caption="Totals by stakes",
            table_id="rake-stakes-table",
            sortable=True,
        )
    )
    if r.stakes_groups > r.by_stakes.height:
        out.append(
            f'<p class="note">The {plural(r.by_stakes.height, "stake")} with most hands of '
            f"{r.stakes_groups:,} (<code>--top {data.top}</code>).</p>"
        )
    out.append("<h3>Largest discrepancies</h3>")
    out.append(
        f'<p class="note">{plural(r.hands_off_schedule, "hand")} '
        f"{verb(r.hands_off_schedule, 'is')} off the schedule. "
        f"{_cap(r.largest.height, r.hands_off_schedule, 'hands off the schedule', data.top)}"
        "</p>"
    )
    out.append(
        table(
            _rows(r.largest),
            LARGEST_COLUMNS,
            caption="Hands whose reported rake is furthest from the schedule",
            table_id="rake-largest-table",
            sortable=True,
            stack=True,
            rules=known,
            extra=("Replay", lambda row: hands.button(row["hand_key"])),
            empty="no hand is off the schedule",
        )
    )
    return "\n".join(out)


# -- players ----------------------------------------------------------------------------------

PLAYER_COLUMNS = (
    Column("player", "Player"),
    Column("currency", "Currency"),
    Column("hands", "Hands", "int"),
    Column("net_won", "Net won", "money"),
    Column("bb_per_100", "bb/100", "ratio"),
    Column("won_showdown", "At showdown", "money"),
    Column("won_no_showdown", "Without showdown", "money"),
    Column("rake_paid", "Rake paid", "money"),
    Column("vpip", "VPIP", "pct"),
    Column("pfr", "PFR", "pct"),
    Column("three_bet", "3-bet", "pct"),
    Column("af", "AF", "ratio", "Aggression factor"),
    Column("wtsd", "WTSD", "pct", "Went to showdown"),
    Column("wsd", "W$SD", "pct", "Won at showdown"),
    Column("allin_hands", "All-in hands", "int"),
    Column("allin_ev_net", "All-in EV net", "money"),
    Column("net_won_ev", "Net won (EV)", "money"),
)


def render_players(data: ReportData, hands: HandButtons) -> str:
    p = data.players
    chosen = (
        "players matching " + ", ".join(f"<code>--player {esc(g)}</code>" for g in p.chosen)
        if p.chosen
        else "every player"
    )
    out = [
        f'<p class="note">{p.players_total:,} players ({chosen}); one row per player and '
        f"currency, most hands first. {_cap(p.table.height, p.rows_total, 'rows', data.top)} "
        "Definitions: docs/STATS.md.</p>",
        table(
            _rows(p.table),
            PLAYER_COLUMNS,
            caption="Player statistics",
            table_id="players-table",
            sortable=True,
            empty="no player matches",
        ),
    ]
    if p.graphs:
        out.append(
            f'<h3>Winnings</h3><p class="note">The {len(p.graphs)} player'
            f"{'s' if len(p.graphs) != 1 else ''} with most hands (at most {GRAPHED}).</p>"
        )
        out += [winnings_chart(g) for g in p.graphs]
    return "\n".join(out)


# -- fairness ---------------------------------------------------------------------------------


def render_fairness(data: ReportData, hands: HandButtons) -> str:
    return fairness_html(data.fairness, data.top)


# -- failures ---------------------------------------------------------------------------------


def _reason(reason: str, path: str, line: int) -> str:
    """The reason without the ``file:line:`` it starts with (shown just above it)."""
    return reason.removeprefix(f"{path}:{line}:").strip()


def render_failures(data: ReportData, hands: HandButtons) -> str:
    f = data.failures
    if f.by_reason.is_empty():
        return "<p>No failure: every hand block was parsed (or was an identical duplicate).</p>"
    out = [
        '<p class="note">Hand blocks that could not be parsed, kept as failure rows (never '
        "dropped). The hand filters do not apply: a failure has no hand to filter by.</p>",
        table(
            _rows(f.by_reason),
            (Column("reason_code", "Reason", "code"), Column("failures", "Failures", "int")),
            caption="Failures by reason",
        ),
    ]
    for (reason,), rows in f.examples.group_by(["reason_code"], maintain_order=True):
        total = int(f.by_reason.filter(f.by_reason["reason_code"] == reason)["failures"].sum())
        items = "".join(
            f"<li><code>{esc(r['source_path'])}:{r['source_line']}</code>"
            + (f" ({esc(r['hand_key'])})" if r["hand_key"] else "")
            + f"<br>{esc(_reason(r['reason'], r['source_path'], r['source_line']))}"
            + (f"<br><code>{esc(r['excerpt'])}</code>" if r["excerpt"] else "")
            + "</li>"
            for r in rows.iter_rows(named=True)
        )
        shown = rows.height
        more = f" (the first {shown} of {total:,}, by file and line)" if total > shown else ""
        out.append(f"<h3><code>{esc(reason)}</code>{esc(more)}</h3><ul>{items}</ul>")
    return "\n".join(out)


# -- rules ------------------------------------------------------------------------------------


def render_rules(data: ReportData, hands: HandButtons) -> str:
    if not data.rules:
        return "<p>No rule is cited.</p>"
    items = []
    for r in data.rules:
        table_text = (
            f'<pre class="rule-table">{esc(chr(10).join(r.table))}</pre>' if r.table else ""
        )
        items.append(
            f'<dt id="{esc(r.anchor)}">{esc(r.rule)} <span>{esc(r.section)}</span></dt>'
            f"<dd>{esc(r.text)}{table_text}</dd>"
        )
    return (
        '<p class="note">Quoted from RULES.md (shipped with omahahh), the rules of the '
        "project's rule documents; <strong>[choice]</strong> marks a house-rules setting.</p>"
        f'<dl class="rules">{"".join(items)}</dl>'
    )


SECTIONS = (
    Section("overview", "Overview", render_overview),
    Section("findings", "Findings", render_findings),
    Section("rake", "Rake", render_rake),
    Section("players", "Players", render_players),
    Section("fairness", "Deal fairness", render_fairness),
    Section("failures", "Failures", render_failures),
    Section("rules", "Rules cited", render_rules),
)


def render_page(data: ReportData, *, generated_at: datetime | None = None) -> str:
    """The whole page (see the module doc)."""
    when = (generated_at or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M UTC")
    hands = HandButtons(data.hands)
    sections = []
    for s in SECTIONS:
        body = s.render(data, hands)
        sections.append(
            f'<section id="{s.id}" aria-labelledby="{s.id}-title">'
            f'<h2 id="{s.id}-title">{esc(s.title)}</h2>\n{body}\n</section>'
        )
    toc = "".join(f'<li><a href="#{s.id}">{esc(s.title)}</a></li>' for s in SECTIONS)
    templates = "\n".join(
        f'<template id="hand-{esc(key)}">{hand_html(view, _rules_known(data))}</template>'
        for key, view in data.hands.items()
        if isinstance(view, HandView)
    )
    title = f"Audit report: {data.overview.source}"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="omahahh {esc(__version__)}">\n'
        f"<title>{esc(title)}</title>\n<style>\n{asset('report.css')}</style>\n</head>\n<body>\n"
        '<div class="page">\n<header class="top">'
        "<h1>Omaha hand-history audit report</h1>"
        f'<p class="sub">{esc(data.overview.source)} · made {when} by omahahh '
        f"{esc(__version__)}</p>"
        f'<nav class="toc" aria-label="Sections"><ul>{toc}</ul></nav></header>\n'
        "<main>\n" + "\n".join(sections) + "\n</main>\n"
        "<footer>One self-contained file: styles, script and charts are inside it and it "
        "loads nothing from anywhere. Money is in each row's currency; times are UTC."
        "</footer>\n</div>\n"
        f"{templates}\n<script>\n{asset('report.js')}</script>\n</body>\n</html>\n"
    )


def write_page(data: ReportData, out: str | os.PathLike[str]) -> Path:
    """Write the page to ``out`` (UTF-8) and return its path."""
    return write_text_atomically(out, render_page(data))
