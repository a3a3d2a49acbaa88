"""One hand's ``show`` view as HTML, opened in place from a finding or a rake row.

The same :class:`~omahahh.report.hand_view.HandView` ``omahahh show`` prints:
seats, every street with its board (streets without action too), every action
with the pot before it, the amount to call, the legal raise range and the
stack, each finding right under the action it concerns, the showdown with
omahahh's evaluation of each hand shown, cash-outs, then pots and awards
derived beside reported (differences marked), each with its findings. A
finding's element carries ``data-fkey`` (see :func:`finding_key`) so the page
can mark the one it was opened from.
"""

from __future__ import annotations

from collections.abc import Iterable

from omahahh.audit.findings import Finding
from omahahh.report.hand_view import ActionView, HandView, ShowView
from omahahh.report.page_html import esc, rule_links

ACTION_HEADERS = ("Player", "Action", "Pot", "To call", "Raise to", "Stack")
SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def cards_html(text: str) -> str:
    """``"As Td"`` as cards with suit symbols (four colours: each suit its own)."""
    out = []
    for card in text.split():
        rank, suit = card[:-1], card[-1:]
        symbol = SUITS.get(suit)
        if symbol is None or not rank:
            out.append(esc(card))  # "|" between boards, or a card the text did not show
        else:
            out.append(f'<span class="card {suit}" title="{esc(card)}">{esc(rank)}{symbol}</span>')
    return " ".join(out)


def finding_key(code: str, action_seq: object, player: object, pot_index: object) -> str:
    """What ties a finding row of the report to the same finding in its hand view."""
    return "|".join("" if v is None else str(v) for v in (code, action_seq, player, pot_index))


def _fkey(f: Finding) -> str:
    return finding_key(f.code.value, f.action_seq, f.player, f.pot_index)


def _finding(f: Finding, rules: Iterable[str], tag: str = "li", span: str = "") -> str:
    sev = f.severity.value
    return (
        f'<{tag}{span} class="finding sev-{sev}" data-fkey="{esc(_fkey(f))}">'
        f'<span class="sev">{esc(sev)}</span> <code>{esc(f.code.value)}</code> '
        f"{rule_links(f.rule, rules)}: {esc(f.message)}</{tag}>"
    )


def _action_row(a: ActionView, rules: Iterable[str]) -> str:
    if a.pot is None:
        figures = '<td class="num">-</td>' * 4
    else:
        to_call = "" if a.post else esc(a.to_call)
        raise_to = "" if a.post else (esc(a.raise_to) if a.raise_to else "no raise")
        figures = "".join(
            f'<td class="num">{v}</td>' for v in (esc(a.pot), to_call, raise_to, esc(a.stack))
        )
    row = f"<tr><td>{esc(a.player)}</td><td>{esc(a.what)}</td>{figures}</tr>"
    return row + _findings_row(a.findings, rules)


def _mark(derived: str, reported: str) -> str:
    """A class marking a derived figure that differs from the one the text reports."""
    return ' class="num mismatch"' if reported != "-" and derived != reported else ' class="num"'


def hand_html(view: HandView, rules: Iterable[str] = ()) -> str:
    """The hand as an ``<article>`` (headings from ``<h3>`` down)."""
    known = tuple(rules)
    title = f"{view.key}"
    meta = " · ".join(
        esc(x)
        for x in (
            view.variant,
            view.stakes,
            view.when,
            f"table {view.table!r}",
            f"button seat {view.button}",
        )
    )
    if view.cancelled:
        meta += " · <strong>cancelled</strong>"
    text_findings = "".join(_finding(f, known) for f in view.text_findings)
    out = [
        f'<article class="hand" aria-label="Hand {esc(view.key)}">',
        f'<h3>Hand {esc(title)}</h3><p class="meta">{meta}</p>',
        f'<ul class="findings">{text_findings}</ul>' if text_findings else "",
        '<div class="scroll"><table class="seats"><caption>Seats</caption>'
        '<thead><tr><th scope="col">Seat</th><th scope="col">Player</th>'
        '<th scope="col" class="num">Stack</th><th scope="col">Cards</th></tr></thead><tbody>',
    ]
    for s in view.seats:
        cards = f'<span class="cards">{cards_html(s.cards)}</span>' if s.cards else ""
        if s.sitting_out:
            cards += " sitting out"
        out.append(
            f'<tr><td class="num">{s.seat}</td><td>{esc(s.player)}</td>'
            f'<td class="num">{esc(s.stack)}</td><td>{cards}</td></tr>'
        )
    out.append("</tbody></table></div>")
    num = ' class="num"'
    heads = "".join(
        f'<th scope="col"{num if i > 1 else ""}>{h}</th>' for i, h in enumerate(ACTION_HEADERS)
    )
    out.append(
        f'<div class="scroll"><table class="actions"><caption>Actions</caption>'
        f"<thead><tr>{heads}</tr></thead>"
    )
    for street in view.streets:
        out.append(
            f'<tbody><tr class="street"><th scope="rowgroup" colspan="6">'
            f"{esc(street.title)}{_board_html(street.boards)}</th></tr>"
        )
        out += [_action_row(a, known) for a in street.actions]
        if not street.actions:
            out.append('<tr class="no-action"><td colspan="6">no action</td></tr>')
        out.append("</tbody>")
    out.append("</table></div>")
    out.append(_showdown(view, known))
    if view.cashouts:
        items = "".join(f"<li>{esc(c)}</li>" for c in view.cashouts)
        out.append(f'<h4>Cash-outs</h4><ul class="cashouts">{items}</ul>')
    if view.replayed:
        out.append(_pots(view, known))
        out.append(_awards(view, known))
    else:
        out.append("<p><strong>The replay failed:</strong></p>")
    if view.other_findings:
        items = "".join(_finding(f, known) for f in view.other_findings)
        out.append(f'<h4>Findings of the hand</h4><ul class="findings">{items}</ul>')
    elif view.replayed and not view.findings:
        out.append("<p>No finding in this hand.</p>")
    out.append("</article>")
    return "\n".join(out)


def _board_html(boards: tuple[str, ...]) -> str:
    """A street's cards: one board, or each runout labelled."""
    if not boards:
        return ""
    if len(boards) == 1:
        return f' <span class="cards board">{cards_html(boards[0])}</span>'
    runs = " | ".join(
        f'board {i + 1} <span class="cards board">{cards_html(b)}</span>'
        for i, b in enumerate(boards)
    )
    return f" {runs}"


def _show_row(s: ShowView) -> str:
    cards = f'<span class="cards">{cards_html(s.cards)}</span>' if s.cards else ""
    what = s.what + (" (summary)" if s.from_summary else "")
    return (
        f"<tr><td>{esc(s.player)}</td><td>{esc(what)}</td><td>{cards}</td>"
        f"<td>{esc(s.hand or '')}</td></tr>"
    )


def _showdown(view: HandView, rules: Iterable[str]) -> str:
    """The showdown: every hand shown or mucked, with omahahh's own evaluation."""
    findings = "".join(_finding(f, rules) for f in view.showdown_findings)
    listed = f'<ul class="findings">{findings}</ul>' if findings else ""
    if not view.showdown:
        return (
            '<section class="showdown" aria-label="Showdown"><h4>Showdown</h4>'
            f"<p>No hand was shown.</p>{listed}</section>"
        )
    rows = "".join(_show_row(s) for s in view.showdown)
    return (
        '<section class="showdown" aria-label="Showdown"><h4>Showdown</h4>'
        '<div class="scroll"><table class="shows"><thead><tr><th scope="col">Player</th>'
        '<th scope="col">Shows</th><th scope="col">Cards</th>'
        '<th scope="col">Hand (omahahh\'s evaluation)</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div>{listed}</section>"
    )


def _findings_row(findings: tuple[Finding, ...], rules: Iterable[str]) -> str:
    span = ' colspan="6"'
    return "".join(
        f'<tr class="finding-row">{_finding(f, rules, "td", span)}</tr>' for f in findings
    )


def _pots(view: HandView, rules: Iterable[str]) -> str:
    rows = "".join(
        f'<tr><td>{esc(p.name)}</td><td>{esc(p.seats)}</td><td class="num">{esc(p.gross)}</td>'
        f'<td class="num">{esc(p.rake)}</td><td{_mark(p.amount, p.reported)}>{esc(p.amount)}</td>'
        f'<td class="num">{esc(p.reported)}</td></tr>' + _findings_row(p.findings, rules)
        for p in view.pots
    )
    total_d, total_r = view.total
    rake_d, rake_r = view.rake
    uncalled = "".join(f"<li>uncalled {esc(u)}</li>" for u in view.uncalled)
    uncalled += "".join(_finding(f, rules) for f in (*view.total_findings, *view.uncalled_findings))
    return (
        '<div class="scroll"><table class="pots"><caption>Pots, derived beside reported</caption>'
        '<thead><tr><th scope="col">Pot</th><th scope="col">Seats</th>'
        '<th scope="col" class="num">Gross</th><th scope="col" class="num">Rake</th>'
        '<th scope="col" class="num">Derived</th><th scope="col" class="num">Reported</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></div>"
        f'<ul class="totals"><li>total pot <span{_mark(total_d, total_r)}>{esc(total_d)}</span>'
        f" derived | {esc(total_r)} reported</li>"
        f"<li>rake <span{_mark(rake_d, rake_r)}>{esc(rake_d)}</span> derived | "
        f"{esc(rake_r)} reported</li>{uncalled}</ul>"
    )


def _awards(view: HandView, rules: Iterable[str]) -> str:
    if not view.awards:
        return "<p>No award.</p>"
    rows = "".join(
        f'<tr><td class="num">{a.board}</td><td>{esc(a.pot)}</td><td>{esc(a.half)}</td>'
        f"<td>{esc(a.player)}</td><td{_mark(a.derived, a.reported)}>{esc(a.derived)}</td>"
        f'<td class="num">{esc(a.reported)}</td></tr>' + _findings_row(a.findings, rules)
        for a in view.awards
    )
    return (
        '<div class="scroll"><table class="awards"><caption>Awards, derived beside reported'
        '</caption><thead><tr><th scope="col" class="num">Board</th><th scope="col">Pot</th>'
        '<th scope="col">Half</th><th scope="col">Player</th>'
        '<th scope="col" class="num">Derived</th><th scope="col" class="num">Reported</th>'
        f"</tr></thead><tbody>{rows}</tbody></table></div>"
    )
