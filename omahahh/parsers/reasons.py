"""Every ``reason_code`` a row of the ``failures`` table can carry, with what it means.

A reader that cannot take a hand raises :class:`~omahahh.errors.HandParseError`
with one of these codes; the driver adds ``duplicate_conflict``,
``unknown_format`` and ``unreadable_file``. The README lists them all (a test
holds that, and that the package raises no code missing here).
"""

from __future__ import annotations

STRUCTURED_FORMATS = ("boss", "igt", "ipoker", "merge", "microgaming", "phh")
"""The document formats whose unreadable hand is ``bad_<format>``."""

REASON_CODES: dict[str, str] = {
    "truncated": "the hand stops before its result (the file ends, or lines are missing)",
    "unsupported_game": "a game other than the Omaha variants read (Hold'em, Stud, ...)",
    "unknown_line": "a line the room's format does not print",
    "unknown_player": "a line names a player who is not seated",
    "unknown_action": "a structured log's action type that no reader knows",
    "unknown_format": "looks like a hand history, but no format reads it",
    "not_a_hand": "a lone PartyPoker 'Game #N starts.' line: a hand whose text is not there",
    "bad_header": "the hand's header line cannot be read",
    "bad_table_line": "the table line cannot be read",
    "bad_seat_line": "a seat line cannot be read",
    "bad_amount": "an amount that is not a whole number of minor units, or not a figure",
    "bad_cards": "a card that is not a card, or a card dealt twice",
    "bad_date": "a structured log's date that cannot be read",
    "bad_xml": "broken XML inside a hand",
    **{f"bad_{name}": f"a {name} hand document that cannot be read" for name in STRUCTURED_FORMATS},
    "no_session": "an iPoker game without the session header it needs",
    "hand_too_large": "a structured hand larger than any real one (a broken file)",
    "duplicate_seat": "two players in one seat",
    "duplicate_player": "one player in two seats",
    "duplicate_conflict": "a hand key already taken from a different text",
    "ambiguous_post": "a post whose kind (blind, dead, straddle) the text does not decide",
    "ambiguous_raise": "a raise the printed total does not read one way (chips added or to)",
    "ambiguous_game": "a PokerMaster hand whose cards do not tell 4- from 5-card Omaha",
    "ambiguous_amount": "an iPoker win that may or may not hold the returned bet: undecided",
    "street_without_board": "a street marker without its cards",
    "streets_not_derivable": "streets that neither markers nor cards decide",
    "unreadable_file": "a file that cannot be read (gone, permissions, broken archive)",
}
