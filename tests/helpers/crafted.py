"""Crafted hands (``tests/data/crafted/<room>/``): the shortcuts every room's grammar
tests share — a file's text, what parsing a text gives, and the audit's loud findings.

A room's test binds the ones it uses, named as its tests call them::

    ROOM = CraftedRoom("boss", "crafted.xml")
    text, hand, loud = ROOM.text, ROOM.hand, loud_findings
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from omahahh.audit.hand import audit_hand
from omahahh.dataset.pipeline import parse_text
from omahahh.model import HandRecord, ParseFailure
from tests.helpers.paths import CRAFTED


@dataclass(frozen=True, slots=True)
class CraftedRoom:
    """One room's crafted hands; ``path`` is the file name a parsed text is given (its
    extension matters where a room is told apart by it, as the XML rooms are)."""

    room: str
    path: str = "crafted.txt"

    @property
    def folder(self) -> Path:
        return CRAFTED / self.room

    def text(self, name: str) -> str:
        """The crafted file ``name``'s text."""
        return (self.folder / name).read_text(encoding="utf-8")

    def results(self, source: str) -> list[HandRecord | ParseFailure]:
        """Every hand and failure of ``source``, in order."""
        return parse_text(source, self.path)

    def one(self, source: str) -> HandRecord | ParseFailure:
        """The single result of ``source`` (which must hold one block)."""
        (result,) = self.results(source)
        return result

    def hand(self, source: str) -> HandRecord:
        """The single hand of ``source``, which must parse."""
        result = self.one(source)
        assert isinstance(result, HandRecord), getattr(result, "reason", result)
        return result

    def failure(self, source: str) -> ParseFailure:
        """The single failure of ``source``, which must not parse."""
        result = self.one(source)
        assert isinstance(result, ParseFailure), result
        return result


def loud_findings(h: HandRecord) -> list[str]:
    """Codes of the error and warning findings on ``h`` (info is allowed)."""
    return [f.code.value for f in audit_hand(h).findings if f.severity.value != "info"]
