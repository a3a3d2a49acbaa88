"""The text of each rule of docs/RULES.md, read from the copy shipped in the package.

The report quotes the rules its findings cite, so it reads
``omahahh/data/RULES.md`` (a copy of the project's ``docs/RULES.md``; a test keeps
the two equal) rather than a file that may not be there when installed.

>>> rules = rule_texts()
>>> rules["R-BET-1"].section, rules["R-BET-1"].text.split(":")[0]
('Actions', 'Fold')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

RULE_ID = re.compile(r"^- (R-[A-Z]+-\d+)\s+(.*)$")


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule: its id, the section it stands in, its words and any table under it."""

    rule: str
    section: str
    text: str
    table: tuple[str, ...] = ()  # the Markdown table rows that belong to the rule

    @property
    def anchor(self) -> str:
        return f"rule-{self.rule}"


def packaged_rules() -> str:
    return (resources.files("omahahh") / "data" / "RULES.md").read_text(encoding="utf-8")


def parse_rules(text: str) -> dict[str, RuleText]:
    """Every ``- R-XXX-n ...`` item of ``text``, its continuation lines joined."""
    out: dict[str, RuleText] = {}
    section = ""
    current: tuple[str, list[str], list[str]] | None = None  # id, words, table rows

    def close() -> None:
        if current is not None:
            rule, words, table = current
            out[rule] = RuleText(rule, section, _plain(" ".join(words)), tuple(table))

    for line in text.splitlines():
        stripped = line.strip()
        if line.startswith("#"):
            close()
            current = None
            section = line.lstrip("#").strip()
            continue
        match = RULE_ID.match(line)
        if match:
            close()
            current = (match.group(1), [match.group(2).strip()], [])
        elif current is not None and line.startswith("  ") and stripped:
            current[1].append(stripped)
        elif current is not None and stripped.startswith("|"):
            current[2].append(stripped)  # a table right under a rule belongs to it
        elif current is not None and stripped:
            close()  # any other text ends the rule
            current = None
    close()
    return out


def _plain(text: str) -> str:
    """Markdown emphasis and code marks dropped: the page shows the words."""
    return text.replace("**", "").replace("`", "")


@cache
def rule_texts() -> dict[str, RuleText]:
    """The rules of the packaged copy, by id."""
    return parse_rules(packaged_rules())
