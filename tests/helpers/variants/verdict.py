"""What is wrong with a hand, or with a variant: parsing, money, audit and meaning.

A variant must

- parse to exactly one hand (one block, a :class:`~omahahh.model.HandRecord`);
- replay zero-sum (:func:`balance_problems`): Σ put in − returned (+ the room's
  additions, such as a cash drop) = the pot; pot − rake − fees = Σ awards; every
  player's net, with the rake and fees, sums to the room's additions;
- raise no audit error or warning;
- mean what its seed meant, less the changes its rewrites declare
  (:mod:`tests.helpers.variants.fingerprint`).

A failure message (:func:`failure_message`) holds all it takes to make the variant
again: the seed hand (its origin and text), the rewrites applied with the variant's
random seed, and the diff from the seed's text to the variant's.
"""

from __future__ import annotations

import difflib

from omahahh.audit.hand import AuditedHand, audit_hand
from omahahh.audit.reconcile import paid_by_player
from omahahh.model import HandRecord
from omahahh.parsers.registry import blocks_of_lines, parse_block
from tests.helpers.variants.fingerprint import differences, fingerprint
from tests.helpers.variants.generate import Variant


def parse_text(text: str) -> HandRecord | str:
    """The one hand ``text`` holds, or why it is not one. The text is read as a file's
    text is: a structured document (XML, JSON) by its room's reader, known by its start,
    other text cut into blocks at hand headers.

    >>> parse_text("no hand here")
    "parse failed: unknown_format: <variant>:1: no reader knows this format (no room's hand header starts the block)"
    """
    blocks = list(blocks_of_lines("<variant>", text.split("\n")))
    if len(blocks) != 1:
        return f"the text splits into {len(blocks)} blocks, not one"
    parsed = parse_block(blocks[0])
    if not isinstance(parsed, HandRecord):
        return f"parse failed: {parsed.reason_code}: {parsed.reason}"
    return parsed


def same_hand(text: str, hand: HandRecord) -> HandRecord | None:
    """``text`` read again, where it is one hand meaning what ``hand`` means (a
    structured hand cut out of its file into a document of its own)."""
    again = parse_text(text)
    if isinstance(again, str) or fingerprint(again) != fingerprint(hand):
        return None
    return again


def balance_problems(hand: HandRecord, audited: AuditedHand) -> list[str]:
    """Where the hand's money does not add up (nothing for a cancelled hand).

    Amounts in minor units: ``put in`` is every action's chips, ``returned`` the
    replay's unmatched bets, ``added`` the room's money (a cash drop), ``awards`` what the
    text pays each player out of the pots.
    """
    result = audited.result
    if result is None:
        return ["no replay"]
    if hand.cancelled:
        return []
    put_in = sum(a.amount for a in hand.actions)
    returned = sum(u.amount for u in result.uncalled)
    added = hand.cash_drop_reported or 0
    out = []
    if put_in - returned + added != result.total_pot:
        out.append(
            f"put in {put_in} - returned {returned} + added {added} != pot {result.total_pot}"
        )
    paid = paid_by_player(hand, result)
    if paid is None:
        return [*out, "the text prints no awards"]
    awards = sum(paid.values())
    if result.total_pot - result.rake - result.fees != awards:
        out.append(
            f"pot {result.total_pot} - rake {result.rake} - fees {result.fees} != awards {awards}"
        )
    net = sum(paid.get(p.player, 0) - p.invested for p in result.players)
    left = net + result.rake + result.fees - added
    if left:
        out.append(f"players' net {net} + rake + fees - added = {left}, not 0")
    return out


def audit_problems(audited: AuditedHand) -> list[str]:
    """The audit's errors and warnings, as ``severity code: message``."""
    return [
        f"{f.severity.value} {f.code.value}: {f.message}"
        for f in audited.findings
        if f.severity.value != "info"
    ]


def hand_problems(hand: HandRecord) -> list[str]:
    """What is wrong with a parsed hand's money or audit."""
    audited = audit_hand(hand)
    return balance_problems(hand, audited) + audit_problems(audited)


def variant_problems(variant: Variant) -> list[str]:
    """Everything wrong with ``variant`` (empty: it passes)."""
    parsed = parse_text(variant.text)
    if isinstance(parsed, str):
        return [parsed]
    out = hand_problems(parsed)
    expected = variant.expected()
    out += differences(expected, fingerprint(parsed), variant.changes)
    return out


def text_diff(before: str, after: str) -> str:
    """A unified diff of two hand texts.

    >>> print(text_diff("a\\nb", "a\\nc"))
    --- seed
    +++ variant
    @@ -1,2 +1,2 @@
     a
    -b
    +c
    """
    lines = difflib.unified_diff(
        before.split("\n"), after.split("\n"), "seed", "variant", lineterm=""
    )
    return "\n".join(lines)


def failure_message(variant: Variant, problems: list[str]) -> str:
    """The problems, and how to make the variant again: seed, rewrites, diff."""
    seed = variant.seed
    rewrites = "\n".join(f"  - {r.name} [{r.row}]" for r in variant.applied)
    return (
        f"variant {variant.rng_seed!r} of {seed.room} hand {seed.hand.hand_key} "
        f"({seed.origin})\n"
        f"problems:\n" + "\n".join(f"  * {p}" for p in problems) + "\n"
        f"rewrites applied (in order), random seed {variant.rng_seed!r}:\n{rewrites}\n"
        f"make it again: tests.helpers.variants.generate.remake({seed.room!r}, "
        f"<the seed text below>, {variant.rng_seed!r})\n"
        f"diff:\n{text_diff(seed.text, variant.text)}\n"
        f"seed text:\n{seed.text}\n"
    )
