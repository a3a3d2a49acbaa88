"""What the corpus sweeps know of the corpus: the failure reasons each archive folder may
give, and the hands whose own text breaks the rules (the audit rightly flags them)."""

from __future__ import annotations

# folder -> failure reasons its text may give (every other failure is a parser bug)
ARCHIVE_FOLDERS: dict[str, frozenset[str]] = {
    "StarsClone": frozenset(),
    "PokerMaster": frozenset(),
    "RunItOnce": frozenset(),
    # Three HHSmithy fixtures share game 2646515969 with edited text (duplicate_conflict).
    "Entraction": frozenset({"duplicate_conflict"}),
    "Everleaf": frozenset(),
    # DriveHUD's Perth file ends in a hand cut after the first fold (no award): truncated.
    "Cake": frozenset({"truncated"}),
    # Two UTF-16 files end in a stray replacement character: a block of junk text.
    "FullTilt": frozenset({"unknown_format"}),
    "OnGame": frozenset(),
    "KingsClub": frozenset(),
    "Enet": frozenset(),
    "PKR": frozenset(),
    "Absolute": frozenset(),
    "SealsWithClubs": frozenset(),
    "PokerTracker": frozenset(),
    "PokerTracker-Merge": frozenset(),
}

# Hands whose own text breaks the rules; the audit rightly says so (hand key -> codes).
ARCHIVE_TEXT_FAULTS: dict[str, set[str]] = {
    # A re-exported PPPoker hand: $3.30 collected + $0.36 rake from a $3.60 pot.
    "pppoker:886664460000891": {"collected_exceeds_pot"},
    # PokerTracker's Merge export: the big blind posted all-in for 135 ("Post SB $135.00",
    # a second small blind in a tournament), then "JustJay4Reals: Call $100.00" from his
    # 100 small blind: he completes the 200 big blind the all-in one could not, which
    # the rules do not say (they ask for 35).
    "merge_pt:4927169400080": {"wrong_call_amount"},
}

# Hands whose text breaks the rules, and why (the audit rightly flags them).
STRUCTURED_EDITED = {
    # A Holdem Manager export: it splits the pot, the cards give it to Player5 alone.
    "ipoker:742000000": {"wrong_winner"},
    # A fixture edited by hand: balances, the all-in and the return disagree.
    "microgaming:5585000000": {
        "wrong_call_amount", "uncalled_mismatch", "collected_exceeds_pot", "missing_action",
    },
}  # fmt: skip
