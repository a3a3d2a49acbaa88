"""The table schemas: the single source of truth for every column.

``docs/SCHEMA.md`` is generated from this module (``python -m omahahh.dataset.tables
> docs/SCHEMA.md``) and a test keeps the two equal. Money columns are Int64
minor units of the hand's ``currency``/``unit``. Adding a column bumps
:data:`SCHEMA_VERSION`, which goes into every Parquet file's metadata.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

SCHEMA_VERSION = "1.5"

CARDS = pl.List(pl.String)


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    dtype: pl.DataType
    doc: str


def _c(name: str, dtype: pl.DataType, doc: str) -> Column:
    return Column(name, dtype, doc)


I64, I32, STR, BOOL = pl.Int64(), pl.Int32(), pl.String(), pl.Boolean()
UTC_TIME = pl.Datetime("us", "UTC")

HANDS: tuple[Column, ...] = (
    _c(
        "hand_key",
        STR,
        "`<site>:<hand_id>`, site in lower case, e.g. `pokerstars:258721013274`; unique.",
    ),
    _c(
        "site",
        STR,
        "Room that wrote the text: `pokerstars`, `ggpoker`, `winamax`, `phh`, `wpn`, `bovada`.",
    ),
    _c(
        "hand_id",
        STR,
        "The room's hand number as printed (a string: ids may hold letters or overflow 64 bits).",
    ),
    _c(
        "started_at",
        UTC_TIME,
        "Start time in UTC (PokerStars: the bracketed US Eastern time, DST-aware).",
    ),
    _c(
        "started_at_local",
        STR,
        "The first time stamp as printed, in the client's zone, for the record.",
    ),
    _c(
        "variant",
        STR,
        "`PLO`, `PLO-8`, `NLO`, `NLO-8`, `FLO`, `FLO-8`, `PLO5`, `PLO5-8`, `PLO6`, `PLO6-8`, `CPLO`, `CPLO-8`, ...",
    ),
    _c("game_label", STR, "The game words as printed, e.g. `5 Card Omaha Hi/Lo Pot Limit`."),
    _c("mixed_game", STR, "The mixed-game wrapper (`8-Game`, `Mixed Omaha`), or null."),
    _c("structure", STR, "`pot_limit`, `no_limit` or `fixed_limit`."),
    _c("hole_card_count", I32, "Hole cards dealt to each player: 4, 5 or 6."),
    _c("hi_lo", BOOL, "True for 8-or-better Hi/Lo split games."),
    _c("game_type", STR, "`cash` or `tournament`."),
    _c("fast_fold", BOOL, "Zoom / Rush & Cash / fast-fold pool."),
    _c("home_game", STR, "Home-game club name, or null."),
    _c("tournament_id", STR, "Tournament number, or null for cash."),
    _c("tournament_level", STR, "Blind level as printed (`XIII`), or null."),
    _c("buy_in", STR, "Tournament buy-in as printed (`$200+$50+$15 USD`), or null."),
    _c(
        "currency",
        STR,
        "ISO code (`USD`, `EUR`, ...); `PLAY` for play money, `CHIPS` for tournament chips.",
    ),
    _c("unit", I32, "Minor units per currency unit: 100, or 1 for chips and play money."),
    _c("stakes", STR, "Stakes as printed, e.g. `$0.02/$0.04` (fixed limit: small/big bet)."),
    _c(
        "small_blind",
        I64,
        "Small blind: the first amount posted as small blind (else from the stakes).",
    ),
    _c("big_blind", I64, "Big blind: the first amount posted as big blind (else from the stakes)."),
    _c("small_bet", I64, "Fixed limit: the small bet (pre-flop and flop); null otherwise."),
    _c("big_bet", I64, "Fixed limit: the big bet (turn and river); null otherwise."),
    _c("ante", I64, "Ante posted per player, or null when none."),
    _c("table_name", STR, "Table name as printed."),
    _c("max_seats", I32, "Seats at the table (`6-max`), or null when not printed."),
    _c("button_seat", I32, "Seat number of the button."),
    _c(
        "players_dealt",
        I32,
        "Players dealt in: seated, not sitting out or out of hand, or who posted or acted.",
    ),
    _c(
        "board",
        pl.List(CARDS),
        "Community cards, one list per run (`[['Td','Qd','5s','Ad','5h']]`).",
    ),
    _c("run_count", I32, "Boards dealt: 1, or 2/3 when the hand was run more than once."),
    _c("cancelled", BOOL, "The text says `Hand cancelled`."),
    _c(
        "betting_capped_streets",
        pl.List(STR),
        "Streets on which the text says `Betting is capped`.",
    ),
    _c("total_pot_reported", I64, "`Total pot` of the SUMMARY, as printed."),
    _c("main_pot_reported", I64, "`Main pot` of the SUMMARY when printed, else null."),
    _c(
        "side_pots_reported",
        pl.List(I64),
        "`Side pot[-N]` amounts of the SUMMARY in order (empty when none).",
    ),
    _c("rake_reported", I64, "`Rake` of the SUMMARY, as printed."),
    _c("jackpot_reported", I64, "GGPoker `Jackpot` fee taken from the pot (not rake), or null."),
    _c(
        "other_fees_reported",
        I64,
        "GGPoker `Bingo` + `Fortune` + `Tax` taken from the pot (not rake), or null.",
    ),
    _c(
        "cash_drop_reported",
        I64,
        "Promotional money the room added to the pot (GGPoker `Cash Drop`), or null.",
    ),
    _c(
        "total_pot_derived",
        I64,
        "Replay: every chip put in (blinds, antes, dead blinds, bets) less uncalled bets returned, plus promotional money; before rake.",
    ),
    _c(
        "rake_derived",
        I64,
        "Audit: the rake the replay's pots were settled with: the reported rake; where a room prints a total with an unprinted rake in it (Bovada 2014), that total less the awards; else 0 (none printed, or a cancelled hand).",
    ),
    _c(
        "fees_derived",
        I64,
        "Audit: the non-rake fees (jackpot and the like) the pots were settled with: as printed, or as the room is known to take them unprinted (docs/SITES.md).",
    ),
    _c(
        "uncalled_derived",
        I64,
        "Replay: chips returned as uncalled bets (R-POT-2), whether printed or not.",
    ),
    _c(
        "parser_notes",
        pl.List(STR),
        "Oddities the parser met but could read past (e.g. an empty card slot).",
    ),
    _c("text_hash", STR, "Digest of the hand's normalised text: equal for identical copies."),
    _c("source_path", STR, "File the hand came from."),
    _c("source_line", I32, "1-based line of the hand's first line in that file."),
)

PLAYERS: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand (see `hands`)."),
    _c("seat", I32, "Seat number."),
    _c("player", STR, "Player name as printed."),
    _c("stack_start", I64, "Chips in front of the player at the start of the hand."),
    _c("sitting_out", BOOL, "The seat line says `is sitting out`."),
    _c(
        "dealt_in",
        BOOL,
        "Dealt cards: not sitting out or out of hand, or posted or acted in the hand.",
    ),
    _c("is_button", BOOL, "This seat has the button."),
    _c(
        "hole_cards",
        CARDS,
        "Hole cards as far as known (dealt, shown or mucked face up); partial shows give partial lists.",
    ),
    _c(
        "dealt_known",
        BOOL,
        "The hole cards come from the deal itself (`Dealt to` with cards: the hero, or every seat in logs that print every hand; PHH `d dh` with cards), not from a show: only these are a fair sample of the deal (docs/FAIRNESS.md).",
    ),
    _c("showed", BOOL, "The player showed cards (at showdown or voluntarily)."),
    _c(
        "show_description",
        STR,
        "The hand description printed with the show, e.g. `HI: a pair of Eights; LO: 8,6,3,2,A`.",
    ),
    _c("mucked", BOOL, "The player mucked or did not show."),
    _c(
        "bounty_reported",
        I64,
        "Tournament bounty on the seat line, minor units of the buy-in currency, or null.",
    ),
    _c(
        "uncalled_reported", I64, "Sum of `Uncalled bet (X) returned to` this player (0 when none)."
    ),
    _c(
        "collected_reported",
        I64,
        "Sum of this player's `collected X from ...` lines (after rake; 0 when none).",
    ),
    _c(
        "summary_won_reported",
        I64,
        "Sum of `won (X)` / `collected (X)` on the SUMMARY seat line, or null.",
    ),
    _c(
        "cashout_reported",
        I64,
        "The cash-out paid to the player: PokerStars `cashed out the hand for X`, already net of the fee (the fee is 1 % of cash-out + fee); an EV cash-out (GGPoker `Receives Cashout (X)`, or the pot share less `Pays Cashout Risk (Y)`; PartyPoker `Cashout Amount is X`); null for everyone else.",
    ),
    _c(
        "cashout_fee_reported",
        I64,
        "`Cash Out Fee X` (already taken out of `cashout_reported`), or null.",
    ),
    _c(
        "invested",
        I64,
        "Replay: chips this player put in the pot (dead money included), less uncalled bets returned.",
    ),
    _c(
        "won",
        I64,
        "Money the room paid this player for the hand, as its text prints it: the collected lines, less an unmatched bet a room pays back inside `collected`; for a cashed-out player the cash-out (`cashout_reported`), not the pot share; plus money the text says moved outside the pot (GGPoker: + `Receives Cashout`, - `Pays Cashout Risk`, - all-in insurance premium). Derived (`won_derived`) only where the text prints no awards (PHH); null when neither is known. Net won = won - invested.",
    ),
    _c(
        "cashout_pot_share",
        I64,
        "The share of the pots of a player whose `won` is something else, as the text prints it: a PokerStars cash-out's (the SUMMARY's `won (X)`, `pot not awarded as player cashed out`: not paid to the player), the collected lines of a player with money outside the pot (EV cash-out, cash-out risk, insurance); null for everyone else.",
    ),
    _c(
        "won_derived",
        I64,
        "Replay: chips the rules award this player from all pots, after rake; null when a pot they could win cannot be derived (hands not shown). The audit compares it with `won`.",
    ),
)

ACTIONS: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand."),
    _c("seq", I32, "Order of the action in the hand, from 0."),
    _c("street", STR, "`preflop`, `flop`, `turn` or `river`."),
    _c("player", STR, "Acting player."),
    _c("seat", I32, "Acting player's seat (null for a name not on a seat line)."),
    _c(
        "kind",
        STR,
        "`post_small_blind`, `post_big_blind`, `post_dead`, `post_ante`, `post_straddle`, `fold`, `check`, `call`, `bet`, `raise`.",
    ),
    _c("amount", I64, "Chips put in by this action (0 for fold and check)."),
    _c("to_amount", I64, "Street total after a bet or raise (`raises X to Y`: Y); null otherwise."),
    _c("raise_by", I64, "The X of `raises X to Y` as printed; null otherwise."),
    _c("all_in", BOOL, "The line says `and is all-in`."),
    _c("source_line", I32, "1-based line in the source file."),
    _c(
        "pot_before",
        I64,
        "Replay: chips in the middle (every pot and every bet on the table) just before this action.",
    ),
    _c(
        "to_call",
        I64,
        "Replay: chips this player had to add to call (capped by the stack); 0 when they could check; null for posts.",
    ),
    _c(
        "min_raise_to",
        I64,
        "Replay: smallest legal bet or raise-to (street total) at this decision; null when no bet or raise was allowed, and for posts.",
    ),
    _c(
        "max_raise_to",
        I64,
        "Replay: largest legal bet or raise-to (street total): pot-limit size, whole stack, or the fixed-limit step; null like `min_raise_to`.",
    ),
)

COLLECTIONS: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand."),
    _c("seq", I32, "Order of the line among the hand's collected lines, from 0."),
    _c("run", I32, "Board the award belongs to: 0, or 1/2 in a hand run more than once."),
    _c("pot_index", I32, "0 for `pot`/`main pot`, N for `side pot-N` (a lone `side pot` is 1)."),
    _c("pot_label", STR, "The pot words as printed."),
    _c(
        "half_reported",
        STR,
        "`high`/`low` where the room tags the line (PokerStars never does), else null.",
    ),
    _c("seat", I32, "Collecting player's seat."),
    _c("player", STR, "Collecting player."),
    _c("amount", I64, "Amount collected, after rake."),
    _c("source_line", I32, "1-based line in the source file."),
)

FAILURES: tuple[Column, ...] = (
    _c("source_path", STR, "File of the block that could not be taken."),
    _c("source_line", I32, "1-based line of the problem in that file."),
    _c(
        "reason_code",
        STR,
        "Stable code: `truncated`, `unsupported_game`, `unknown_line`, `unknown_format`, `duplicate_conflict`, `bad_header`, `bad_amount`, `bad_cards`, ...",
    ),
    _c("reason", STR, "One-line explanation, starting with `file:line:`."),
    _c("excerpt", STR, "The offending line (at most 200 characters)."),
    _c("hand_key", STR, "The hand's key when the header could be read, else null."),
    _c("text_hash", STR, "Digest of the block's text (re-ingesting the same block adds nothing)."),
)

POTS: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand."),
    _c(
        "run",
        I32,
        "Board: 0 for the first (or only) board, 1 for the second, 2 for a third; each pot is shared between the boards.",
    ),
    _c("pot_index", I32, "0 for the main pot, N for side pot N, in the order the pots formed."),
    _c(
        "eligible_seats",
        pl.List(I32),
        "Seats that can win this pot: still in the hand and in for its whole level (R-POT-1).",
    ),
    _c("gross_derived", I64, "Replay: chips in this pot (this board's share) before rake."),
    _c(
        "rake_derived",
        I64,
        "Audit: the reported rake taken from this pot, spread over the pots the way the room does it (`omahahh/audit/settle.py`, `omahahh/rooms/rake_allocation.py`).",
    ),
    _c("amount_derived", I64, "Replay: chips in this pot after rake: what its winners share."),
    _c(
        "amount_reported",
        I64,
        "The room's `Main pot`/`Side pot-N` amount when printed (after rake), for hands run once; null otherwise (the room prints pots for the whole hand, not per board).",
    ),
    _c(
        "verifiable",
        BOOL,
        "The winner could be derived: uncontested, or at least one eligible hand shown in full on a full board.",
    ),
)

AWARDS: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand."),
    _c(
        "run",
        I32,
        "Board the award belongs to: 0 for the first (or only) board, 1 for the second, 2 for a third.",
    ),
    _c("pot_index", I32, "0 for the main pot, N for side pot N."),
    _c(
        "half",
        STR,
        "`high` or `low` for a Hi/Lo pot split in halves, `whole` otherwise (no qualifying low, uncontested, or a high-only game). How reported lines are matched to halves: see below.",
    ),
    _c("seat", I32, "Winning seat."),
    _c("player", STR, "Winning player."),
    _c(
        "amount_derived",
        I64,
        "Replay: what the rules award (0 when the room paid a player the rules give nothing; null when the pot cannot be derived).",
    ),
    _c(
        "amount_reported",
        I64,
        "The matched `collected` line (0 when the room printed none; null for a player who cashed out, whose share is only in the SUMMARY).",
    ),
)

FINDINGS: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand."),
    _c("code", STR, "Finding code (see docs/FINDINGS.md), e.g. `illegal_raise_size`."),
    _c(
        "rule",
        STR,
        "The rule of docs/RULES.md the hand breaks, e.g. `R-BET-5` (empty for `replay_failed`).",
    ),
    _c("severity", STR, "`error`, `warning` or `info`."),
    _c("street", STR, "Street of the action concerned, or null."),
    _c("seat", I32, "Seat concerned, or null."),
    _c("player", STR, "Player concerned, or null."),
    _c("expected", STR, "What the rules give, in words (e.g. `$0.20 to $0.80`)."),
    _c("reported", STR, "What the text says, in words."),
    _c(
        "expected_amount",
        I64,
        "The expected amount in minor units, when the finding is about money.",
    ),
    _c(
        "reported_amount",
        I64,
        "The reported amount in minor units, when the finding is about money.",
    ),
    _c("message", STR, "One-line explanation."),
    _c("action_seq", I32, "`actions.seq` of the action concerned, or null."),
    _c("run", I32, "Board of the pot concerned, or null."),
    _c("pot_index", I32, "Pot concerned (0 main), or null."),
)

ALLIN: tuple[Column, ...] = (
    _c("hand_key", STR, "The hand."),
    _c("seat", I32, "Seat of a player still in the hand when the last chips went in."),
    _c("player", STR, "That player."),
    _c(
        "street",
        STR,
        "Street of the last action: `preflop`, `flop` or `turn` (the river never counts).",
    ),
    _c("live_players", I32, "Players still in the hand (all their cards known)."),
    _c(
        "equity",
        pl.Float64(),
        "Expected share of the main pot of the first board, with the board known at that moment (Hi/Lo aware; see `exact`).",
    ),
    _c(
        "ev_won",
        I64,
        "Expected chips from every pot (each board's share, after its rake): Σ share × pot, rounded to the minor unit.",
    ),
    _c(
        "actual_won",
        I64,
        "Chips the pots paid: replay's award, or the `collected` lines when replay could not derive it.",
    ),
    _c("invested", I64, "Replay: chips this player put in the pot, less uncalled bets returned."),
    _c(
        "exact",
        BOOL,
        "True: exact enumeration of every board (from the flop on; before it with `ingest --allin-exact`); False: seeded Monte Carlo of `ingest --allin-preflop-samples N` deals (default 2,000) before the flop.",
    ),
    _c(
        "equity_std_error",
        pl.Float64(),
        "Standard error of `equity` when sampled (`exact` false; at most 0.5/√N), else null.",
    ),
)

TABLES: dict[str, tuple[Column, ...]] = {
    "hands": HANDS,
    "players": PLAYERS,
    "actions": ACTIONS,
    "collections": COLLECTIONS,
    "failures": FAILURES,
    "pots": POTS,
    "awards": AWARDS,
    "findings": FINDINGS,
    "allin": ALLIN,
}

TABLE_DOCS: dict[str, str] = {
    "hands": "One row per parsed hand.",
    "players": "One row per seated player per hand.",
    "actions": "One row per action (posts included), in the order printed.",
    "collections": "One row per `collected` line: what the room says it paid from which pot.",
    "failures": "One row per hand block that could not be parsed, or a conflicting duplicate.",
    "pots": "Replay: one row per pot per board, main pot first; amounts derived beside the printed ones.",
    "awards": "Replay: one row per seat per pot (or Hi/Lo half) per board, derived beside the matched `collected` line.\n\nRooms that do not tag their `collected` lines with HI or LO (PokerStars never does) are matched this way: the lines of one pot are taken in printed order, and each goes to the first not-yet-matched derived award of the same player, high half before low. A player who scoops a Hi/Lo pot has two lines and the first is matched to the high half. A line that matches no derived award keeps the half its position suggests (the first as many lines as there are derived high winners are `high`, later ones `low`). Rooms that tag their lines (Winamax `pot(HI)`) are matched by the tag.",
    "findings": "Audit: one row per disagreement between the text and the rules (docs/FINDINGS.md lists the codes).",
    "allin": "All-in EV: one row per live player of a hand whose last chips went in before the river with every live hand known (`omahahh/replay/allin.py`, docs/STATS.md). Computed once, at ingest.",
}


def schema(table: str) -> pl.Schema:
    """The polars schema of ``table``."""
    return pl.Schema({c.name: c.dtype for c in TABLES[table]})


def empty(table: str) -> pl.DataFrame:
    return pl.DataFrame(schema=schema(table))


def schema_markdown() -> str:
    """The text of ``docs/SCHEMA.md``."""
    out = [
        "# Dataset schema",
        "",
        "Generated from `omahahh/dataset/tables.py` by `python -m omahahh.dataset.tables > docs/SCHEMA.md`;",
        "a test keeps the two equal. Schema version: `" + SCHEMA_VERSION + "` (stored in every",
        "Parquet file's metadata under `omahahh.schema_version`).",
        "",
        "Money columns are integer minor units (Int64) of the hand's `currency` and `unit`",
        "(cents for real money; 1 chip for tournament chips and play money).",
        "",
        "How a dataset is laid out: `DIR/<table>/part-*.parquet`, one folder per table;",
        "read a table with `polars.scan_parquet('DIR/hands/*.parquet')` or DuckDB's",
        "`read_parquet('DIR/hands/*.parquet')`.",
    ]
    for table, columns in TABLES.items():
        out += [
            "",
            f"## `{table}`",
            "",
            TABLE_DOCS[table],
            "",
            "| column | type | meaning |",
            "|---|---|---|",
        ]
        for c in columns:
            out.append(f"| `{c.name}` | {c.dtype} | {c.doc} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(schema_markdown(), end="")
