"""One hash per dataset table, to show that a change leaves every table as it was.

Ingests three inputs with the ``omahahh`` command line of this checkout (so the
script does not depend on the package's module layout) and hashes each table:

- ``corpus``: ``../shared/corpus`` (every room, broken files included);
- ``samples``: ``sample_histories/``;
- ``random``: a few thousand PokerStars hands generated here from a seed
  (pot-limit and no-limit betting, all-ins, side pots, uncalled bets,
  showdowns with randomly chosen winners, so the audit has work to do).

A table's hash is SHA-256 over its column names and types and its rows, each
written as a JSON line, the lines sorted (so row order does not matter). The
inputs are ingested with ``--schedule documented`` so the rake hook runs too.
Paths are given relative to the folder ingest runs in, so worktrees compare.

Usage::

    python benchmarks/table_hashes.py [--hands 3000] [--seed 10]
        [--save FILE.json] [--compare FILE.json] [--workers N]

Prints ``input/table rows hash`` per table; ``--compare`` prints the tables
that differ and exits 1 when any does. Nothing is timed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

GAMES = (
    "Omaha Pot Limit",
    "Omaha Hi/Lo Pot Limit",
    "5 Card Omaha Pot Limit",
    "5 Card Omaha Hi/Lo Pot Limit",
    "6 Card Omaha Pot Limit",
    "Omaha No Limit",
)
STAKES = ((5, 10), (10, 25), (25, 50), (50, 100), (100, 200))
NAMES = ("Ann", "Bob", "Cy D", "dee_7", "Eve!", "Fox[x]", "Gus", "Hal")
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _money(cents: int) -> str:
    whole, rest = divmod(cents, 100)
    return f"${whole}" if rest == 0 else f"${whole}.{rest:02d}"


class _Hand:
    """One random hand, played by a small state machine, written as PokerStars text."""

    def __init__(self, rng: random.Random, hand_id: int, minute: int) -> None:
        self.rng = rng
        game = rng.choice(GAMES)
        self.no_limit = "No Limit" in game
        n_cards = 6 if game.startswith("6") else 5 if game.startswith("5") else 4
        sb, bb = rng.choice(STAKES)
        self.bb = bb
        seats = sorted(rng.sample(range(1, 7), rng.randint(2, 6)))
        names = rng.sample(NAMES, len(seats))
        button = rng.choice(seats)
        self.seats = seats[seats.index(button) + 1 :] + seats[: seats.index(button) + 1]
        # self.seats: small blind first, button last (heads-up: button posts the small blind).
        if len(seats) == 2:
            self.seats = self.seats[::-1]
        self.name = dict(zip(seats, names, strict=True))
        self.stack = {
            s: bb * (rng.randint(2, 12) if rng.random() < 0.15 else rng.randint(20, 150))
            + rng.choice((0, 0, 5, 15))
            for s in seats
        }
        start = dict(self.stack)
        deck = [r + s for r in RANKS for s in SUITS]
        rng.shuffle(deck)
        self.cards = {s: [deck.pop() for _ in range(n_cards)] for s in seats}
        board = [deck.pop() for _ in range(5)]
        self.total = dict.fromkeys(seats, 0)
        self.folded: set[int] = set()
        self.allin: set[int] = set()
        self.lines = [
            f"PokerStars Hand #{hand_id}:  {game} ({_money(sb)}/{_money(bb)} USD) - "
            f"2021/03/{10 + minute // 1440:02d} {minute // 60 % 24:02d}:{minute % 60:02d}:00 ET",
            f"Table 'Rnd {hand_id % 7}' 6-max Seat #{button} is the button",
        ]
        self.lines += [f"Seat {s}: {self.name[s]} ({_money(start[s])} in chips)" for s in seats]
        self.street = dict.fromkeys(seats, 0)
        self._put(self.seats[0], sb, f"{self.name[self.seats[0]]}: posts small blind")
        self._put(self.seats[1], bb, f"{self.name[self.seats[1]]}: posts big blind")
        hero = rng.choice(seats)
        self.lines += [
            "*** HOLE CARDS ***",
            f"Dealt to {self.name[hero]} [{' '.join(self.cards[hero])}]",
        ]
        order = self.seats[2:] + self.seats[:2] if len(seats) > 2 else self.seats
        streets = ((None, 0), ("FLOP", 3), ("TURN", 4), ("RIVER", 5))
        self.street_name = "before Flop"
        self.fold_street: dict[int, str] = {}
        dealt = 0
        for label, shown in streets:
            ins = [s for s in seats if s not in self.folded]
            if len(ins) < 2:
                break
            if label is not None:
                prev = " ".join(board[: shown - 1]) if shown > 3 else None
                new = " ".join(board[:3]) if shown == 3 else board[shown - 1]
                head = f"*** {label} *** [{prev}] [{new}]" if prev else f"*** {label} *** [{new}]"
                self.lines.append(head)
                dealt = shown
                self.street = dict.fromkeys(seats, 0)
                order = self.seats
                self.street_name = "on the " + label.title()
            if len(self._live()) >= 2 or (label is None and self._live()):
                self._bet_round(order, bb if label is None else 0)
                self._return_uncalled()
        self.board = board[:dealt]
        self._finish()

    def _live(self) -> list[int]:
        """Players still in the hand and able to bet."""
        return [s for s in self.seats if s not in self.folded and s not in self.allin]

    def _put(self, seat: int, amount: int, text: str) -> int:
        amount = min(amount, self.stack[seat])
        self.stack[seat] -= amount
        self.street[seat] += amount
        self.total[seat] += amount
        all_in = " and is all-in" if self.stack[seat] == 0 else ""
        if self.stack[seat] == 0:
            self.allin.add(seat)
        self.lines.append(f"{text} {_money(amount)}{all_in}")
        return amount

    def _bet_round(self, order: list[int], current: int) -> None:
        rng = self.rng
        last_raise = self.bb
        to_act = [s for s in order if s in self._live()]
        raises = 0
        while to_act:
            seat = to_act.pop(0)
            if seat not in self._live():
                continue
            if len([s for s in self.seats if s not in self.folded]) < 2:
                return
            name = self.name[seat]
            owe = current - self.street[seat]
            pot = sum(self.total.values())
            others_live = [s for s in self._live() if s != seat]
            roll = rng.random()
            if owe > 0 and roll < 0.3:
                self.folded.add(seat)
                self.fold_street[seat] = self.street_name
                self.lines.append(f"{name}: folds")
                continue
            can_raise = others_live and raises < 3 and self.stack[seat] > owe
            if owe == 0 and (roll < 0.6 or not can_raise):
                self.lines.append(f"{name}: checks")
                continue
            if owe > 0 and (roll < 0.8 or not can_raise):
                self._put(seat, owe, f"{name}: calls")
                continue
            cap = self.street[seat] + self.stack[seat]
            top = cap if self.no_limit else min(cap, current + pot + owe)
            low = min(cap, current + max(last_raise, self.bb))
            to = rng.randint(low, top) if top > low else top
            to = min(cap, max(low, to - to % 5)) if rng.random() < 0.5 else to
            if rng.random() < 0.05:
                to = cap
            if current == 0:
                self._put(seat, to, f"{name}: bets")
            else:
                raise_by = to - current
                self.stack[seat] -= to - self.street[seat]
                self.total[seat] += to - self.street[seat]
                self.street[seat] = to
                tail = ""
                if self.stack[seat] == 0:
                    self.allin.add(seat)
                    tail = " and is all-in"
                self.lines.append(f"{name}: raises {_money(raise_by)} to {_money(to)}{tail}")
            if to - current >= last_raise:
                last_raise = to - current
            current = max(current, to)
            raises += 1
            i = order.index(seat)
            to_act = [s for s in order[i + 1 :] + order[:i] if s in self._live()]

    def _return_uncalled(self) -> None:
        """The part of the top bet nobody matched goes back."""
        ins = [s for s in self.seats if s not in self.folded]
        top = max(self.seats, key=lambda s: self.street[s])
        second = max((self.street[s] for s in self.seats if s != top), default=0)
        extra = self.street[top] - second
        if extra > 0 and (len(ins) == 1 or top in ins):
            self.street[top] -= extra
            self.total[top] -= extra
            self.stack[top] += extra
            self.allin.discard(top)
            self.lines.append(f"Uncalled bet ({_money(extra)}) returned to {self.name[top]}")

    def _finish(self) -> None:
        rng = self.rng
        ins = [s for s in self.seats if s not in self.folded]
        pot = sum(self.total.values())
        flop_seen = bool(self.board)
        rake = min(300, pot * 5 // 100) if flop_seen else 0
        # Pots by layers of what each player put in; the main pot pays the rake.
        levels = sorted({self.total[s] for s in ins})
        pots: list[tuple[int, list[int]]] = []
        below = 0
        for level in levels:
            amount = sum(min(max(self.total[s] - below, 0), level - below) for s in self.seats)
            pots.append((amount, [s for s in ins if self.total[s] >= level]))
            below = level
        won = dict.fromkeys(self.seats, 0)
        showdown = len(ins) > 1
        if showdown:
            self.lines.append("*** SHOW DOWN ***")
            for s in ins:
                self.lines.append(f"{self.name[s]}: shows [{' '.join(self.cards[s])}]")
        labels = ["main pot"] + [
            "side pot" if len(pots) == 2 else f"side pot-{i}" for i in range(1, len(pots))
        ]
        net = []
        for i, (amount, eligible) in enumerate(pots):
            amount -= rake if i == 0 else 0
            net.append(amount)
            winner = rng.choice(eligible)
            won[winner] += amount
            where = labels[i] if len(pots) > 1 else "pot"
            self.lines.append(f"{self.name[winner]} collected {_money(amount)} from {where}")
        self.lines.append("*** SUMMARY ***")
        split = ""
        if len(pots) > 1:
            parts = [f"Main pot {_money(net[0])}."] + [
                f"Side pot{'' if len(pots) == 2 else f'-{i}'} {_money(a)}."
                for i, a in enumerate(net[1:], 1)
            ]
            split = " " + " ".join(parts)
        self.lines.append(f"Total pot {_money(pot)}{split} | Rake {_money(rake)}")
        if self.board:
            self.lines.append(f"Board [{' '.join(self.board)}]")
        for s in sorted(self.seats):
            who = f"Seat {s}: {self.name[s]}"
            if s in self.folded:
                self.lines.append(f"{who} folded {self.fold_street[s]}")
            elif showdown:
                cards = " ".join(self.cards[s])
                result = f"won ({_money(won[s])})" if won[s] else "lost"
                self.lines.append(f"{who} showed [{cards}] and {result}")
            else:
                self.lines.append(f"{who} collected ({_money(won[s])})")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def write_random_hands(folder: Path, hands: int, seed: int) -> None:
    """``hands`` seeded random hands, 100 to a file."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for start in range(0, hands, 100):
        texts = [
            _Hand(rng, 700_000_000_000 + i, i).text() for i in range(start, min(hands, start + 100))
        ]
        (folder / f"random_{start // 100:03d}.txt").write_text("\n\n".join(texts), encoding="utf-8")


def ingest(cwd: Path, inputs: list[str], out: Path, extra: list[str]) -> str:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-m", "omahahh", "ingest", *inputs, "--out", str(out)]
    cmd += ["--schedule", "documented", *extra]
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"ingest failed ({done.returncode}): {done.stderr[-2000:]}")
    said = (done.stdout + done.stderr).strip().splitlines()
    return next((line for line in reversed(said) if line.startswith("files ")), "")


def table_hashes(dataset: Path) -> dict[str, tuple[int, str]]:
    import polars as pl

    out: dict[str, tuple[int, str]] = {}
    for table in sorted(
        p for p in dataset.iterdir() if p.is_dir() and p.name[0] not in "._" and p.name != "current"
    ):
        parts = sorted(table.glob("*.parquet"))
        frame = pl.concat([pl.read_parquet(p) for p in parts], how="vertical") if parts else None
        h = hashlib.sha256()
        rows = 0
        if frame is not None:
            h.update(json.dumps([[c, str(t)] for c, t in frame.schema.items()]).encode())
            lines = sorted(frame.write_ndjson().splitlines())
            rows = len(lines)
            for line in lines:
                h.update(line.encode() + b"\n")
        out[table.name] = (rows, h.hexdigest()[:16])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--hands", type=int, default=3000, help="random hands to generate")
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--save", type=Path, help="write the hashes to this JSON file")
    ap.add_argument("--compare", type=Path, help="compare with hashes saved earlier")
    ap.add_argument(
        "--workers", type=int, default=1, help="ingest's --workers (the tables must not change)"
    )
    args = ap.parse_args()
    workers = ["--workers", str(args.workers)]
    results: dict[str, list[object]] = {}
    with tempfile.TemporaryDirectory(prefix="table_hashes_") as tmp:
        base = Path(tmp)
        write_random_hands(base / "random", args.hands, args.seed)
        runs = (
            ("corpus", REPO, ["../shared/corpus"], []),
            ("samples", REPO, ["sample_histories"], []),
            # Monte Carlo before the flop keeps thousands of random all-ins quick (seeded).
            ("random", base, ["random"], ["--allin-preflop-samples", "2000"]),
        )
        for label, cwd, inputs, extra in runs:
            summary = ingest(cwd, inputs, base / f"ds_{label}", extra + workers)
            print(f"# {label}: {summary}")
            for table, (rows, digest) in table_hashes(base / f"ds_{label}").items():
                results[f"{label}/{table}"] = [rows, digest]
                print(f"{label}/{table:<12} {rows:>7} {digest}")
    if args.save:
        args.save.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.compare:
        before = json.loads(args.compare.read_text(encoding="utf-8"))
        differ = sorted(
            k for k in before.keys() | results.keys() if before.get(k) != results.get(k)
        )
        for key in differ:
            print(f"DIFFERS {key}: before {before.get(key)} now {results.get(key)}")
        print(f"{len(results) - len(differ)} of {len(results)} tables equal")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
