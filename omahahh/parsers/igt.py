"""IGT poker JSON exports (docs/SITES.md "Boss Media XML and IGT JSON").

IGT took over the Boss Media network and writes the same hand as JSON:
``{"history": [hand, hand, ...]}``, each hand with ``player``, ``action`` and
``showDown`` lists and the Boss header fields in camel case. Each hand is read
into the Boss tree (:class:`~omahahh.parsers.xml_stream.Node` named as the XML
is) and through :func:`omahahh.parsers.boss.read_history`.

What differs from Boss Media XML:

- ``ACTION_CALL``'s value is the caller's street total (GeneralHand.txt:
  ``PLAYER4`` raises to 2.00, then calls 6.00 and its ``bankRoll`` drops by 4.00);
- every action states the player's ``bankRoll`` after it; a difference with the
  chips the amounts put in is noted on the hand;
- ``ACTION_ADJUSTEMENT`` gives back an unmatched bet; the ``bankRoll`` it states
  says how much (IGT2019Hand.txt: 2.00 back, though its value says 0.50);
- times are Unix milliseconds;
- cards are numbered clubs, diamonds, hearts, spades, each two to ace
  (:func:`~omahahh.parsers.boss.igt_card`), not as Boss Media numbers them.

The file is read as a stream: one hand of the ``history`` array decoded at a
time, so memory follows the largest hand, not the file.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from omahahh.errors import HandParseError
from omahahh.model import HandRecord, Site
from omahahh.parsers.boss import Dialect, igt_card, read_history
from omahahh.parsers.context import ParseContext
from omahahh.parsers.doc_hand import Amount
from omahahh.parsers.document import DocBlock
from omahahh.parsers.format import Format
from omahahh.parsers.sources import Block, open_binary
from omahahh.parsers.xml_stream import (
    MAX_HAND_BYTES,
    Chunk,
    Node,
    decoded_chunks,
    text_chunks,
)

SITE = Site.IGT
IGT = Dialect(site=SITE, call=Amount.TO, date_scale=1000, card=igt_card)

_HISTORY_RE = re.compile(r'"history"\s*:\s*\[')
_HAND_START_RE = re.compile(r'\{\s*"player"\s*:\s*\[')
_DECODER = json.JSONDecoder()

# JSON key -> Boss XML attribute, per element.
_HEADER = {
    "table": "TABLE",
    "game": "GAME",
    "gameKind": "GAMEKIND",
    "tableCurrency": "TABLECURRENCY",
    "limit": "LIMIT",
    "date": "DATE",
    "tableTourneyId": "TABLETOURNEYID",
}
_PLAYER = {"name": "NAME", "seat": "SEAT", "amount": "AMOUNT", "state": "STATE", "dealer": "DEALER"}
_ACTION = {
    "type": "TYPE",
    "kind": "KIND",
    "player": "PLAYER",
    "value": "VALUE",
    "bankRoll": "BANKROLL",
    "pot": "POT",
    "rake": "RAKE",
}
_RESULT = {"player": "PLAYER", "win": "WIN", "winType": "WINTYPE", "folded": "FOLDED"}


def _attrs(obj: dict[str, Any], names: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, attr in names.items():
        value = obj.get(key)
        if value is not None:
            out[attr] = str(value).lower() if isinstance(value, bool) else str(value)
    return out


def _cards(obj: dict[str, Any], key: str, line: int) -> list[Node]:
    return [Node("CARD", {"LINK": str(c.get("link", ""))}, line) for c in obj.get(key) or []]


def history_node(hand: dict[str, Any], line: int) -> Node:
    """One hand of the ``history`` array as the Boss Media ``<HISTORY>`` tree."""
    attrs = _attrs(hand, _HEADER)
    attrs["ID"] = str(hand.get("handId") or hand.get("id") or "")
    stake = hand.get("stake") or f"{hand.get('small', '')}/{hand.get('large', '')}"
    attrs["STAKES"] = str(stake)
    actions = hand.get("action") or []
    first = next((str(a["date"]) for a in actions if a.get("date")), "")
    if len(attrs.get("DATE", "")) != 13 and len(first) == 13:
        attrs["DATE"] = first  # a header date with a digit lost (IGT2019Hand.txt)
    root = Node("HISTORY", attrs, line)
    for p in hand.get("player") or []:
        root.children.append(Node("PLAYER", _attrs(p, _PLAYER), line))
    for a in actions:
        node = Node("ACTION", _attrs(a, _ACTION), line)
        if a.get("type") == "HAND_BOARD":
            node.attrs["VALUE"] = str(a.get("value", ""))
        node.children = _cards(a, "card", line)
        root.children.append(node)
    show = hand.get("showDown")
    if isinstance(show, dict):
        sd = Node("SHOWDOWN", _attrs(show, _ACTION), line)
        for r in show.get("result") or []:
            result = Node("RESULT", _attrs(r, _RESULT), line)
            result.children = _cards(r, "card", line)
            sd.children.append(result)
        root.children.append(sd)
    return root


def stream(chunks: Iterable[Chunk], path: str) -> Iterator[DocBlock]:
    """The hands of an IGT JSON document, one decoded at a time (see the module)."""
    buffer = ""
    base_line = 1  # file line of buffer[0]
    feed = iter(chunks)
    eof = False
    read_lines = 1  # file line where the next chunk starts
    repaired: list[int] = []  # file lines read as cp1252, not yet behind a hand

    def more() -> None:
        nonlocal buffer, eof, read_lines
        for text, bad in feed:
            repaired.extend(read_lines + n for n in bad)
            read_lines += text.count("\n")
            buffer += text
            return
        eof = True

    def drop(upto: int) -> None:
        nonlocal buffer, base_line
        base_line += buffer.count("\n", 0, upto)
        buffer = buffer[upto:]

    found = False
    while True:
        m = _HISTORY_RE.search(buffer)
        while m is None and not eof:
            more()
            m = _HISTORY_RE.search(buffer)
        if m is None:
            if not found:
                yield _failure(path, 1, buffer[:200], "bad_igt", 'no "history" array')
            return
        found = True
        drop(m.end())
        while True:
            i = 0
            while True:
                while i < len(buffer) and buffer[i] in " \t\r\n,":
                    i += 1
                if i < len(buffer) or eof:
                    break
                more()
            if i >= len(buffer):
                yield _failure(path, base_line, "", "truncated", "the history array is not closed")
                return
            drop(i)
            if buffer.startswith("]"):
                drop(1)
                break
            start_line = base_line
            while True:
                try:
                    hand, end = _DECODER.raw_decode(buffer)
                    break
                except json.JSONDecodeError as exc:
                    if not eof and len(buffer) < MAX_HAND_BYTES:
                        more()
                        continue
                    line = start_line + buffer.count("\n", 0, exc.pos)
                    text = buffer[: exc.pos + 1]
                    yield _failure(
                        path, start_line, text, "bad_json",
                        f"hand starting at line {start_line}: {exc.msg} at line {line}",
                        line - start_line,
                    )  # fmt: skip
                    nxt = _HAND_START_RE.search(buffer, exc.pos + 1)
                    if nxt is None:
                        return
                    drop(nxt.start())
                    start_line = base_line
            text = buffer[:end]
            drop(end)
            if not isinstance(hand, dict):
                yield _failure(
                    path, start_line, text, "bad_igt", "a history entry is not an object"
                )
                continue
            try:
                node = history_node(hand, start_line)
            except (AttributeError, TypeError, ValueError) as exc:
                yield _failure(path, start_line, text, "bad_igt", f"not an IGT hand: {exc}")
                continue
            lines = tuple(text.split("\n"))
            end_line = start_line + len(lines) - 1
            yield DocBlock(
                path=path,
                line=start_line,
                lines=lines,
                format_name="igt",
                node=node,
                repaired_lines=tuple(n for n in repaired if start_line <= n <= end_line),
            )
            repaired[:] = [n for n in repaired if n > end_line]


def _failure(path: str, line: int, text: str, code: str, message: str, offset: int = 0) -> DocBlock:
    lines = tuple(text.split("\n")) or ("",)
    return DocBlock(
        path=path,
        line=line,
        lines=lines,
        format_name="igt",
        error=(code, message, min(offset, len(lines) - 1)),
    )


def parse(block: Block, context: ParseContext) -> HandRecord:
    if not isinstance(block, DocBlock):
        found = list(stream(text_chunks(block.lines), block.path))
        if len(found) != 1:
            raise HandParseError("bad_igt", f"expected one hand, found {len(found)}", 0)
        block = found[0]
    if block.error is not None:
        code, message, offset = block.error
        raise HandParseError(code, message, offset, block.lines[offset][:200])
    record = read_history(block, context, IGT)
    if block.repaired_lines:
        record = dataclasses.replace(record, repaired_lines=block.repaired_lines)
    return record


def _read(path: str, recorded: str) -> Iterator[Block]:
    with open_binary(path) as fh:
        yield from stream(decoded_chunks(fh), recorded)


def _split(path: str, lines: list[str]) -> list[Block]:
    return list(stream(text_chunks(lines), path))


def _sniff(head: str) -> bool:
    return head.lstrip().startswith("{") and _HISTORY_RE.search(head) is not None


def _key(block: Block) -> str | None:
    m = re.search(r'"handId"\s*:\s*"([^"]+)"', block.lines[0]) if block.lines else None
    return f"{SITE.value}:{m.group(1)}" if m else None


FORMAT = Format(
    name="igt",
    site=SITE,
    parse=parse,
    split=_split,
    read=_read,
    sniff_head=_sniff,
    hand_key=_key,
    suffixes=(".json",),
    error_code="bad_igt",
)
