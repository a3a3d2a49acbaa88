"""HTML building blocks of the audit report: escaping, cells, tables, rule links.

Every value reaches the page through :func:`esc`. Tables are real tables
(``<caption>``, ``<th scope>``); a sortable table has a button in each header
cell (``report.js`` sorts, keyboard included) and numeric cells carry their raw
value in ``data-v`` so that sorting is by number, not by the formatted text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from html import escape
from typing import Any

from omahahh.fairness.report import format_p
from omahahh.money import format_minor, unit_of

RULE_ID = re.compile(r"R-[A-Z]+-\d+")
NUMERIC = ("int", "money", "pct", "ratio", "p")


def esc(value: object) -> str:
    """Text as HTML, quotes included (safe in attributes); None is empty."""
    return "" if value is None else escape(str(value), quote=True)


def attrs(values: Mapping[str, object]) -> str:
    """`` name="value"`` pairs; None values are left out, True is a bare attribute."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def rule_links(text: str | None, known: Iterable[str] = ()) -> str:
    """Rule ids in ``text`` as links to their quoted text on the page (when it is there)."""
    if not text:
        return ""
    cited = set(known)

    def link(m: re.Match[str]) -> str:
        rule = m.group(0)
        return f'<a href="#rule-{rule}">{rule}</a>' if rule in cited else rule

    return RULE_ID.sub(link, esc(text))


def money(row: Mapping[str, Any], amount: int | None) -> str:
    if amount is None:
        return "-"
    currency = str(row.get("currency") or "")
    return format_minor(int(amount), int(row.get("unit") or unit_of(currency)), currency)


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a table: the row key, its header and how its values are written.

    ``kind``: ``text``, ``int``, ``money`` (minor units of the row's
    ``currency``/``unit``), ``pct`` (a percentage), ``ratio``, ``p`` (a p-value),
    ``date``, ``code`` (monospaced), ``rules`` (rule ids as links).
    """

    key: str
    header: str
    kind: str = "text"
    title: str | None = None  # a longer explanation of the header (tooltip)
    css: str | None = None  # a class for the column's cells ("msg": long text)


def cell(
    row: Mapping[str, Any], column: Column, rules: Iterable[str] = (), label: bool = False
) -> str:
    """One ``<td>`` of ``row`` (``label``: with its header in ``data-label``, for the
    stacked layout of narrow screens)."""
    value = row.get(column.key)
    kind = column.kind
    raw: object = None
    if value is None:
        text = "-"
    elif kind == "int":
        text, raw = f"{int(value):,}", value
    elif kind == "money":
        text, raw = money(row, int(value)), value
    elif kind == "pct":
        text, raw = f"{float(value):.1f}", value
    elif kind == "ratio":
        text, raw = f"{float(value):,.2f}", value
    elif kind == "p":
        text, raw = format_p(float(value)), value
    elif kind == "date":
        text = value.isoformat() if isinstance(value, date | datetime) else str(value)
    else:
        text = str(value)
    css = " ".join(
        c for c in ("num" if kind in NUMERIC else kind if kind == "code" else "", column.css) if c
    )
    td = attrs(
        {"class": css or None, "data-v": raw, "data-label": column.header if label else None}
    )
    content = rule_links(text, rules) if kind == "rules" else esc(text)
    if kind == "code":  # where a code or key may break when its column must wrap
        content = content.replace("_", "_<wbr>").replace(":", ":<wbr>")
    return f"<td{td}>{content}</td>"


def table(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[Column],
    *,
    caption: str,
    table_id: str | None = None,
    sortable: bool = False,
    stack: bool = False,
    rules: Iterable[str] = (),
    row_attrs: Callable[[Mapping[str, Any]], Mapping[str, object]] | None = None,
    extra: tuple[str, Callable[[Mapping[str, Any]], str]] | None = None,
    empty: str = "none",
) -> str:
    """A ``<table>`` in a horizontally scrolling box (wide tables never widen the page).

    ``extra`` is a last column: its header and a function writing the cell's content.
    ``stack``: on narrow screens each row shows as a block of labelled lines.
    """
    if not rows:
        return f'<p class="empty"><strong>{esc(caption)}:</strong> {esc(empty)}</p>'
    known = tuple(rules)
    heads = []
    for c in columns:
        label = esc(c.header)
        inner = f'<button type="button">{label}</button>' if sortable else label
        th = {
            "scope": "col",
            "class": "num" if c.kind in NUMERIC else None,
            "title": c.title,
            "aria-sort": "none" if sortable else None,
        }
        heads.append(f"<th{attrs(th)}>{inner}</th>")
    if extra is not None:
        heads.append(f'<th scope="col">{esc(extra[0])}</th>')
    body = []
    for row in rows:
        cells = "".join(cell(row, c, known, stack) for c in columns)
        if extra is not None:
            cells += f"<td{attrs({'data-label': extra[0] if stack else None})}>{extra[1](row)}</td>"
        body.append(f"<tr{attrs(row_attrs(row)) if row_attrs else ''}>{cells}</tr>")
    css = " ".join(c for c in ("sortable" if sortable else "", "stack" if stack else "") if c)
    table_attrs = attrs({"id": table_id, "class": css or None})
    return (
        f'<div class="scroll"><table{table_attrs}>'
        f"<caption>{esc(caption)}</caption>"
        f"<thead><tr>{''.join(heads)}</tr></thead>"
        f"<tbody>\n{chr(10).join(body)}\n</tbody></table></div>"
    )


def definition_list(items: Sequence[tuple[str, str]], css: str = "facts") -> str:
    """``<dl>`` of (term, already-escaped HTML) pairs."""
    inner = "".join(f"<dt>{esc(term)}</dt><dd>{html}</dd>" for term, html in items)
    return f'<dl class="{css}">{inner}</dl>'
