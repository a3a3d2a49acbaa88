"""The pure per-file step: text in, table fragments out.

``process_file`` is what a worker runs: it reads one file, parses every
block, and returns the fragment. It touches no shared state, so the driver
can run it on any core (or, later, any machine).
"""

from __future__ import annotations

import itertools
import os
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from omahahh.audit.betting_masks import marked_per_hand
from omahahh.audit.hand import RakeExpectationHook, audit_hand
from omahahh.audit.room_rules import room_rules
from omahahh.collector import collector_paused
from omahahh.dataset.fragments import Fragment, FragmentBuilder
from omahahh.dataset.pieces import Piece
from omahahh.house_rules import DEFAULT_HOUSE_RULES, HouseRules
from omahahh.model import HandRecord, ParseFailure
from omahahh.parsers.context import DEFAULT_CONTEXT, ParseContext
from omahahh.parsers.registry import blocks_of_lines, iter_blocks, parse_blocks, split_blocks
from omahahh.parsers.sources import Block, read_lines, text_lines
from omahahh.replay.allin import DEFAULT_SAMPLES, allin_rows
from omahahh.replay.batch_walk import walk_with_columns
from omahahh.replay.betting import BettingOutcome
from omahahh.replay.showdown import Scores
from omahahh.replay.showdown_scores import score_batch


@dataclass(frozen=True, slots=True)
class PipelineOptions:
    """What runs after parsing: replay and audit under ``house_rules``, rake checked by the hook.

    Must pickle (it travels to worker processes): pass a hook such as
    :class:`omahahh.audit.rake_hook.ScheduleHook` as ``rake_expectation``, never a lambda.
    """

    house_rules: HouseRules = DEFAULT_HOUSE_RULES
    rake_expectation: RakeExpectationHook | None = None
    replay: bool = True
    parse_context: ParseContext = DEFAULT_CONTEXT
    """What parsers are told besides the text (``--source-timezone``)."""
    allin_preflop_samples: int | None = DEFAULT_SAMPLES
    """N: all-in EV by seeded Monte Carlo of N deals where more boards are left (before the
    flop), exact otherwise; None: exact everywhere."""


DEFAULT_PIPELINE = PipelineOptions()


def process_blocks(
    blocks: Iterable[Block], options: PipelineOptions = DEFAULT_PIPELINE
) -> Fragment:
    """Tables for a run of blocks: parsed, then (for each hand) replayed and audited.

    A parse failure stays a failure row; a hand the replay cannot finish is
    kept with a ``replay_failed`` finding. The betting walks of every
    :data:`WALK_BATCH` blocks run at once (:func:`omahahh.replay.batch_walk.walk_hands`),
    and so do the evaluations of their shown hands
    (:func:`omahahh.replay.showdown_scores.score_batch`).
    """
    with collector_paused():  # records, rows and tuples by the thousand, freed together
        builder = FragmentBuilder()
        _add_blocks(builder, blocks, options)
        fragment = builder.build()
        # The rows go now, by reference counting: left for the collector's first pass
        # once it is back on, they cost it walks over every one (docs/PERFORMANCE.md).
        del builder
    return fragment


def _add_blocks(
    builder: FragmentBuilder, blocks: Iterable[Block], options: PipelineOptions
) -> None:
    results = parse_blocks(blocks, options.parse_context)
    if not options.replay:
        for result in results:
            builder.add(result)
        return
    while chunk := list(itertools.islice(results, STAGE_BLOCKS)):
        _add_chunk(builder, chunk, options)


def _add_chunk(
    builder: FragmentBuilder, chunk: list[HandRecord | ParseFailure], options: PipelineOptions
) -> None:
    """Each stage over every hand of ``chunk`` before the next stage (walks and scores a
    :data:`WALK_BATCH` at a time), then the rows in the chunk's order."""
    rules = options.house_rules
    hands = [r for r in chunk if isinstance(r, HandRecord)]
    walked: list[BettingOutcome | None] = []
    scores: list[Scores | None] = []
    for start in range(0, len(hands), WALK_BATCH):
        batch = hands[start : start + WALK_BATCH]
        walked += _walk(batch, rules)
        scores += _scores(batch)
    hook = options.rake_expectation
    audited = [
        audit_hand(h, rules, hook, w, s) for h, w, s in zip(hands, walked, scores, strict=True)
    ]
    samples = options.allin_preflop_samples
    allin = [allin_rows(h, a.result, samples) for h, a in zip(hands, audited, strict=True)]
    done = iter(zip(audited, allin, strict=True))
    for result in chunk:
        if isinstance(result, HandRecord):
            audit, rows = next(done)
            builder.add(result, audit)
            builder.add_allin(rows)
        else:
            builder.add(result)


STAGE_BLOCKS = 2048
"""Blocks taken through the stages together (:func:`_add_chunk`): one stage's code over
2,048 hands, then the next's, runs a little faster than every stage hand by hand in
512-block chunks (docs/PERFORMANCE.md) — the interpreter stays in one stage's code and
data. Their records are held meanwhile: a few MiB, within a part (:data:`PART_BLOCKS`)."""


WALK_BATCH = 512
"""Blocks whose betting is walked in one compiled call: enough to spread the call's cost."""


def _walk(hands: list[HandRecord], rules: HouseRules) -> list[BettingOutcome | None]:
    """The batch's walks, each with the actions the betting masks mark
    (:mod:`omahahh.audit.betting_masks`) where it was compiled; None each (every hand
    walked again inside its own audit, where an error becomes that hand's
    ``replay_failed`` finding) if the batch walk fails, which a warning reports."""
    try:
        batch = walk_with_columns(hands, [room_rules(rules, h.site) for h in hands])
        if batch.columns is not None:
            marked = marked_per_hand(batch.columns)
            for outcome, row in zip(batch.outcomes, batch.row_of, strict=True):
                if row is not None:
                    outcome.marked = marked[row]
        return list(batch.outcomes)
    except Exception as exc:  # a bug here must cost speed, not hands: reported, not silent
        _fell_back("betting walk", len(hands), exc)
        return [None] * len(hands)


def _scores(hands: list[HandRecord]) -> list[Scores | None]:
    """The batch's shown hands evaluated at once; None each (every showdown evaluates its
    own hands) if that fails."""
    try:
        return list(score_batch(hands))
    except Exception as exc:  # a bug here must cost speed, not hands: reported, not silent
        _fell_back("showdown scoring", len(hands), exc)
        return [None] * len(hands)


class FastPathFallback(RuntimeWarning):
    """A batch's fast path failed; its hands were taken one by one (same results, slower).
    A bug to report: the warning names the stage and the error."""


def _fell_back(stage: str, hands: int, exc: Exception) -> None:
    warnings.warn(
        f"the batch {stage} failed on {hands} hands ({type(exc).__name__}: {exc}); "
        "they are taken one by one instead (same results, slower)",
        FastPathFallback,
        stacklevel=3,
    )


PART_BLOCKS = 2000
"""Blocks per fragment when one file is read in parts (:func:`process_file_parts`)."""


def process_file_parts(
    path: str | os.PathLike[str],
    options: PipelineOptions = DEFAULT_PIPELINE,
    name: str | None = None,
    part_blocks: int = PART_BLOCKS,
) -> Iterator[Fragment]:
    """Tables for one file, one fragment per ``part_blocks`` blocks, so that a file of any
    size (a multi-GB XML export) is never held whole; the last fragment counts the file.

    A file that cannot be read adds one failure row (rows of parts already read stay).
    """
    p = name or os.fspath(path)
    blocks = iter_blocks(path, p)
    last: Fragment | None = None
    while True:
        try:
            part = list(itertools.islice(blocks, part_blocks))
        except OSError as exc:
            if last is not None:
                yield last
            last = _unreadable(p, exc)
            break
        if not part:
            break
        if last is not None:
            yield last
        last = process_blocks(part, options)
    if last is None:
        last = process_blocks((), options)
    last.files = 1
    yield last


def _unreadable(p: str, exc: OSError, line: int = 0) -> Fragment:
    """One failure row: the file (from ``line``, a piece's first; 0: the whole file)
    cannot be read."""
    builder = FragmentBuilder()
    builder.add_failure(
        ParseFailure(
            source_path=p,
            source_line=line,
            reason_code="unreadable_file",
            reason=f"{p}:{line}: cannot read file: {exc.strerror or exc}",
            excerpt="",
        )
    )
    builder.blocks = 1
    return builder.build()


def process_file(
    path: str | os.PathLike[str],
    options: PipelineOptions = DEFAULT_PIPELINE,
    name: str | None = None,
) -> Fragment:
    """Tables for one file (a file that cannot be read becomes one failure row).

    ``name``: the source path rows record, when it differs from the path read.
    """
    p = name or os.fspath(path)
    try:
        fragment = process_blocks(iter_blocks(path, p), options)
    except OSError as exc:
        fragment = _unreadable(p, exc)
    fragment.files = 1
    return fragment


def process_piece(
    piece: Piece, options: PipelineOptions = DEFAULT_PIPELINE, name: str | None = None
) -> Fragment:
    """Tables for one piece of a file (:mod:`omahahh.dataset.pieces`); only the file's last
    piece counts the file. A whole piece is :func:`process_file`."""
    if piece.whole:
        return process_file(piece.path, options, name)
    p = name or piece.path
    try:
        lines = read_lines(piece.path, start=piece.start, end=piece.end)
        fragment = process_blocks(split_blocks(p, lines, piece.first_line), options)
    except OSError as exc:
        fragment = _unreadable(p, exc, piece.first_line)
    fragment.files = 1 if piece.last else 0
    return fragment


def process_text(
    text: str, path: str = "<text>", options: PipelineOptions = DEFAULT_PIPELINE
) -> Fragment:
    """Tables for a string of hand-history text (tests, notebooks)."""
    return process_blocks(blocks_of_lines(path, text_lines(text)), options)


def parse_text(text: str, path: str = "<text>") -> list[HandRecord | ParseFailure]:
    """Every block of a string of hand-history text, parsed (tests, notebooks, doctests)."""
    return list(parse_blocks(blocks_of_lines(path, text_lines(text))))
