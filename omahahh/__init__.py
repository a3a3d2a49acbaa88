"""omahahh: parse, replay, audit and report Omaha poker hand histories.

The public API (each name is loaded on first use, so ``import omahahh`` stays
light)::

    import omahahh

    hands = omahahh.parse_text(text)              # HandRecord or ParseFailure per hand
    result = omahahh.replay_hand(hands[0])        # what the rules derive
    audited = omahahh.audit_hand(hands[0])        # replay + findings (audited.findings)
    counts = omahahh.ingest(["histories/"], "out/ds")  # Parquet dataset, every hand counted
    tables = omahahh.open_dataset("out/ds")       # {"hands": LazyFrame, "players": ...}

Everything else is reachable in the subpackages (README "Layout").
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from omahahh.version import __version__

if TYPE_CHECKING:
    from omahahh.audit.hand import AuditedHand, audit_hand
    from omahahh.dataset.ingest import IngestOptions, ingest
    from omahahh.dataset.pipeline import parse_text
    from omahahh.dataset.store import IngestCounts, open_dataset
    from omahahh.house_rules import HouseRules
    from omahahh.model import HandRecord, ParseFailure
    from omahahh.replay.engine import ReplayResult
    from omahahh.replay.engine import replay as replay_hand

_HOME = {
    "parse_text": "omahahh.dataset.pipeline",
    "ingest": "omahahh.dataset.ingest",
    "IngestOptions": "omahahh.dataset.ingest",
    "IngestCounts": "omahahh.dataset.store",
    "open_dataset": "omahahh.dataset.store",
    "ReplayResult": "omahahh.replay.engine",
    "audit_hand": "omahahh.audit.hand",
    "AuditedHand": "omahahh.audit.hand",
    "HandRecord": "omahahh.model",
    "ParseFailure": "omahahh.model",
    "HouseRules": "omahahh.house_rules",
}

__all__ = [
    "AuditedHand",
    "HandRecord",
    "HouseRules",
    "IngestCounts",
    "IngestOptions",
    "ParseFailure",
    "ReplayResult",
    "__version__",
    "audit_hand",
    "ingest",
    "open_dataset",
    "parse_text",
    "replay_hand",
]


def __getattr__(name: str) -> object:
    # ``replay_hand``, not ``replay``: that name is the subpackage omahahh.replay.
    if name == "replay_hand":
        return importlib.import_module("omahahh.replay.engine").replay
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'omahahh' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
