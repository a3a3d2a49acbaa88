"""Documents: a structured room's hand (XML, JSON) as a document of its own, and the
element-level edits its rewrites make.

A structured export's file holds many hands: iPoker's sessions of games, Everest's
session and the hands after it, Boss Media's ``<ROOT>``, IGT's ``history`` array. A
seed of such a room is its file with every other hand taken out (:func:`documents`):
the hand keeps what it was read with (the session header before it, the XML
declaration, the client's text around it), and a variant is read as the reader reads a
file's text (:func:`tests.helpers.variants.verdict.parse_text`).

The edits work on the text, not on a parsed tree, so that whatever a rewrite leaves
alone stays as the room wrote it: start tags found by name and their attributes changed,
reordered or added (:func:`edit_tags`), an element's text changed (:func:`map_text`),
elements put in (:func:`put_before`), the layout changed (indentation, one line, line
ends, the declaration). IGT's JSON is edited as data and written back in the
document's own layout (:func:`json_edit`).
"""

from __future__ import annotations

import html.entities
import json
import random
import re
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from pathlib import Path
from typing import Any

from omahahh.parsers.document import DocBlock
from omahahh.parsers.sources import Block, open_binary
from omahahh.parsers.xml_stream import decoded_chunks
from tests.helpers.variants.rewrite import Edit
from tests.helpers.variants.seeds import Seed

# ---------------------------------------------------------------- one hand a document


def file_text(path: Path) -> str:
    """A file's text as the structured readers decode it (a BOM dropped, line ends made
    line feeds, bytes that are not UTF-8 read as cp1252), so the hands' line numbers
    and texts are found in it."""
    with open_binary(path) as fh:
        return "".join(text for text, _ in decoded_chunks(fh))


_ENTITY_RE = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = frozenset({"amp", "lt", "gt", "quot", "apos"})


def html_entities_read(text: str) -> str:
    """HTML entity names (``&euro;``) as their characters, as the XML stream reads them;
    XML's own five left as they are."""

    def one(m: re.Match[str]) -> str:
        name = m[1]
        if name in _XML_ENTITIES or name not in html.entities.name2codepoint:
            return m[0]
        char = chr(html.entities.name2codepoint[name])
        return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}.get(char, char)

    return _ENTITY_RE.sub(one, text)


def _spans(text: str, blocks: Sequence[Block]) -> list[tuple[int, int]] | None:
    """Where each hand's text is in ``text``, in order; None when one is not there."""
    out = []
    at = 0
    for block in blocks:
        found = text.find(block.text, at)
        if found < 0:
            return None
        out.append((found, found + len(block.text)))
        at = found + len(block.text)
    return out


def _whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """``start``-``end`` widened to whole lines where nothing else is on them."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start:start].strip() or text[end:line_end].strip():
        return start, end
    return line_start, min(line_end + 1, len(text))


def documents(path: Path, blocks: Sequence[Block]) -> list[str | None]:
    """For each block of a structured file, the file's text with every other hand taken
    out (an XML hand element, whole lines where it stands alone on them; a JSON array's
    other entries); None for every block when a hand (a piece the stream could not read)
    is not found in the file's text.
    """
    hands = [b for b in blocks if isinstance(b, DocBlock)]
    if len(hands) != len(blocks) or any(b.error for b in hands):
        return [None] * len(blocks)
    text = file_text(path)
    spans = _spans(text, blocks)
    if spans is None:  # a hand with HTML entity names (``&euro;``): read as the stream does
        text = html_entities_read(text)
        spans = _spans(text, blocks)
    if spans is None:
        return [None] * len(blocks)
    if hands[0].format_name == "igt":  # one JSON array: the hand alone between its brackets
        first, last = spans[0][0], spans[-1][1]
        return [(text[:first] + text[s:e] + text[last:]).rstrip("\n") for s, e in spans]
    out: list[str | None] = []
    for i in range(len(spans)):
        doc = text
        for j in range(len(spans) - 1, -1, -1):
            if j != i:
                start, end = _whole_lines(text, *spans[j])
                doc = doc[:start] + doc[end:]
        out.append(doc.rstrip("\n"))  # as a text room's block ends: on its last line
    return out


# ---------------------------------------------------------------- start tags, attributes

_ATTRIBUTE = r"""\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*')"""
_ATTRIBUTE_RE = re.compile(r"""\s+(?P<name>[\w:.-]+)\s*=\s*(?:"(?P<d>[^"]*)"|'(?P<s>[^']*)')""")
_TAG_CACHE: dict[str, re.Pattern[str]] = {}

Attributes = MutableMapping[str, str]


def start_tag_re(tag: str) -> re.Pattern[str]:
    """A start tag (or empty element) named ``tag`` (a regex alternation of names):
    groups ``tag``, ``attrs`` (with their leading spaces) and ``end`` (``>``, ``/>``)."""
    if tag not in _TAG_CACHE:
        _TAG_CACHE[tag] = re.compile(rf"<(?P<tag>{tag})(?P<attrs>(?:{_ATTRIBUTE})*)(?P<end>\s*/?>)")
    return _TAG_CACHE[tag]


def attributes(m: re.Match[str]) -> dict[str, str]:
    """A start tag's attributes, in order, values as written (entities not read)."""
    return {
        a["name"]: a["d"] if a["d"] is not None else a["s"]
        for a in _ATTRIBUTE_RE.finditer(m["attrs"])
    }


def write_tag(tag: str, attrs: Attributes, end: str) -> str:
    """``<tag a="1" b="2">`` (a value holding ``"`` in single quotes)."""
    parts = [f" {k}='{v}'" if '"' in v else f' {k}="{v}"' for k, v in attrs.items()]
    return f"<{tag}{''.join(parts)}{end.strip() if end.strip() == '/>' else end}"


TagChange = Callable[[dict[str, str]], bool]
"""Changes a start tag's attributes in place (the dict keeps their order); says whether
it changed anything."""


def edit_tags(
    text: str, tag: str, change: TagChange, *, start: int = 0, end: int | None = None
) -> str | None:
    """``text`` with every start tag named ``tag`` (between ``start`` and ``end``) given
    to ``change``; those it changes are written again (:func:`write_tag`), the others
    left as they were. None when it changes none."""
    stop = len(text) if end is None else end
    changed = False

    def one(m: re.Match[str]) -> str:
        nonlocal changed
        if not start <= m.start() < stop:
            return m[0]
        attrs = attributes(m)
        if not change(attrs):
            return m[0]
        changed = True
        return write_tag(m["tag"], attrs, m["end"])

    new = start_tag_re(tag).sub(one, text)
    return new if changed else None


def map_attribute(
    text: str, tag: str, names: Sequence[str], change: Callable[[str], str | None]
) -> str | None:
    """Every value of the attributes ``names`` of the start tags ``tag`` replaced by
    ``change(value)`` (None: left as it is); None when nothing changed."""

    def each(attrs: dict[str, str]) -> bool:
        done = False
        for name in names:
            if name in attrs:
                new = change(attrs[name])
                if new is not None and new != attrs[name]:
                    attrs[name] = new
                    done = True
        return done

    return edit_tags(text, tag, each)


def tags(text: str, tag: str) -> Iterator[re.Match[str]]:
    return start_tag_re(tag).finditer(text)


_TEXT_CACHE: dict[str, re.Pattern[str]] = {}


def text_re(tag: str) -> re.Pattern[str]:
    """An element ``tag`` (a regex alternation of names) holding text only: groups
    ``open``, ``text``, ``close``."""
    if tag not in _TEXT_CACHE:
        _TEXT_CACHE[tag] = re.compile(
            rf"(?P<open><(?P<tag>{tag})(?:{_ATTRIBUTE})*\s*>)(?P<text>[^<]*)"
            rf"(?P<close></(?P=tag)\s*>)"
        )
    return _TEXT_CACHE[tag]


def map_text(
    text: str, tag: str, change: Callable[[str], str | None], *, count: int = 0
) -> str | None:
    """The text of the elements ``tag`` (the first ``count``; 0: all) replaced by
    ``change(text)`` (None: left as it is); None when nothing changed."""
    changed = False

    def one(m: re.Match[str]) -> str:
        nonlocal changed
        new = change(m["text"])
        if new is None or new == m["text"]:
            return m[0]
        changed = True
        return m["open"] + new + m["close"]

    new = text_re(tag).sub(one, text, count=count)
    return new if changed else None


def drop_element(text: str, m: re.Match[str]) -> str:
    """``text`` without what ``m`` matched (an element), and its line where it stood
    alone on it."""
    start, end = _whole_lines(text, m.start(), m.end())
    return text[:start] + text[end:]


def put_before(text: str, index: int, element: str) -> str:
    """``element`` put in before ``index``: on a line of its own, with that line's
    indentation, where ``index`` starts a line's content; else right there."""
    line_start = text.rfind("\n", 0, index) + 1
    indent = text[line_start:index]
    if indent.strip():
        return text[:index] + element + text[index:]
    return text[:line_start] + indent + element + "\n" + text[line_start:]


def put_after(text: str, index: int, element: str) -> str:
    """``element`` put in after ``index`` (the end of an element): on a line of its own
    with that element's line's indentation, where the element ends its line."""
    line_start = text.rfind("\n", 0, index) + 1
    line_end = text.find("\n", index)
    if line_end < 0 or text[index:line_end].strip():
        return text[:index] + element + text[index:]
    indent = re.match(r"[ \t]*", text[line_start:])
    lead = indent[0] if indent else ""
    return text[: line_end + 1] + lead + element + "\n" + text[line_end + 1 :]


def shuffle_attributes(tag: str) -> Edit:
    """An edit writing the attributes of the start tags ``tag`` in another order (XML
    gives their order no meaning)."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        def each(attrs: dict[str, str]) -> bool:
            items = list(attrs.items())
            if len(items) < 2:
                return False
            shuffled = rng.sample(items, len(items))
            if shuffled == items:
                shuffled = items[1:] + items[:1]
            attrs.clear()
            attrs.update(shuffled)
            return True

        return edit_tags(text, tag, each)

    return edit


# ---------------------------------------------------------------- layout

_TOKEN_RE = re.compile(r"<(?P<close>/)?[\w:.-]+(?:" + _ATTRIBUTE + r")*\s*(?P<empty>/)?>")


def reindent(text: str, unit: str) -> str:
    """Each line's indentation made ``unit`` times its element depth (lines inside no
    element, such as a declaration, at none)."""
    out = []
    depth = 0
    for line in text.split("\n"):
        body = line.strip()
        if not body:
            out.append("")
            continue
        level = depth - 1 if body.startswith("</") else depth
        out.append(unit * max(0, level) + body)
        for m in _TOKEN_RE.finditer(body):
            if m["close"]:
                depth -= 1
            elif not m["empty"]:
                depth += 1
    return "\n".join(out)


def one_line(text: str) -> str:
    """The document on one line: each line's leading and trailing spaces dropped."""
    return "".join(line.strip() for line in text.split("\n"))


_DECLARATION_RE = re.compile(r"\A(\ufeff?)\s*<\?xml[^>]*\?>[ \t]*\n?")


def declared(text: str, declaration: str | None) -> str | None:
    """``text`` with its XML declaration replaced by ``declaration`` (None: no
    declaration); None when that changes nothing."""
    m = _DECLARATION_RE.match(text)
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = text[m.end() :] if m else text[len(bom) :]
    new = bom + (declaration + "\n" if declaration else "") + body
    return None if new == text else new


DECLARATIONS = (
    '<?xml version="1.0" encoding="utf-8"?>',
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    "<?xml version='1.0' encoding='windows-1252' standalone='yes'?>",
    '<?xml version="1.0"?>',
    None,
)
"""XML declarations a document may open with (their encoding is the bytes'; read from
text, every one is the same), or none."""


def declaration_edit(text: str, seed: Seed, rng: random.Random) -> str | None:
    """Another XML declaration, or none."""
    return declared(text, rng.choice(DECLARATIONS))


def layout_edit(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The document indented otherwise (two or four spaces, a tab, none), on one line,
    or with Windows line ends."""
    choice = rng.choice(("  ", "    ", "\t", "", "one line", "crlf"))
    if choice == "one line":
        new = one_line(text)
    elif choice == "crlf":
        new = text.replace("\n", "\r\n")
    else:
        new = reindent(text, choice)
    return None if new == text else new


def bom_edit(text: str, seed: Seed, rng: random.Random) -> str | None:
    """A byte-order mark before the document (one taken away where it had one)."""
    return text[1:] if text.startswith("\ufeff") else "\ufeff" + text


# ---------------------------------------------------------------- JSON

JsonChange = Callable[[dict[str, Any], Seed, random.Random], bool]
"""Changes the hand (a ``history`` entry) in place; says whether it changed anything."""


def json_layout(text: str) -> dict[str, Any]:
    """How ``text`` is laid out, as :func:`json.dumps` arguments: on one line, or
    indented by what its second line is."""
    body = text.lstrip("\ufeff")
    lines = body.split("\n")
    if len(lines) < 2:
        tight = '":"' in body or '":[' in body
        return {"separators": (",", ":") if tight else (", ", ": ")}
    indent = re.match(r"[ \t]*", lines[1])
    return {"indent": indent[0] if indent and indent[0] else None}


def json_dump(doc: Any, text: str, layout: dict[str, Any] | None = None) -> str:
    """``doc`` written as ``text`` was (its layout, its byte-order mark)."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return bom + json.dumps(doc, ensure_ascii=False, **(layout or json_layout(text)))


def json_hand(text: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(the document, its one hand), or None where the text holds no such document."""
    try:
        doc = json.loads(text.lstrip("\ufeff"))
    except ValueError:
        return None
    hands = doc.get("history") if isinstance(doc, dict) else None
    if not isinstance(hands, list) or len(hands) != 1 or not isinstance(hands[0], dict):
        return None
    return doc, hands[0]


def json_edit(change: JsonChange) -> Edit:
    """An edit changing the document's one hand as data (``change``), written back in
    the document's layout."""

    def edit(text: str, seed: Seed, rng: random.Random) -> str | None:
        found = json_hand(text)
        if found is None:
            return None
        doc, hand = found
        if not change(hand, seed, rng):
            return None
        new = json_dump(doc, text)
        return None if new == text else new

    return edit


def json_layout_edit(text: str, seed: Seed, rng: random.Random) -> str | None:
    """The JSON document written on one line (with or without spaces after its marks)
    or indented (one, two or four spaces, a tab)."""
    found = json_hand(text)
    if found is None:
        return None
    layout = rng.choice(
        (
            {"separators": (",", ":")},
            {"separators": (", ", ": ")},
            {"indent": 1},
            {"indent": 2},
            {"indent": 4},
            {"indent": "\t"},
        )
    )
    new = json_dump(found[0], text, layout)
    return None if new == text else new


def shuffle_keys(obj: Any, rng: random.Random) -> Any:
    """``obj`` with every object's keys in another order (JSON gives it no meaning)."""
    if isinstance(obj, dict):
        items = [(k, shuffle_keys(v, rng)) for k, v in obj.items()]
        return dict(rng.sample(items, len(items)))
    if isinstance(obj, list):
        return [shuffle_keys(v, rng) for v in obj]
    return obj
