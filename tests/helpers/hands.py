"""Crafted hands more than one test reads (crafted by the omahahh authors for the tests),
and the file writer they are read through."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.replay import stars

# A small crafted PLO hand (crafted by the omahahh authors for these tests).
STARS_BASE = """\
PokerStars Hand #200000000001:  Omaha Pot Limit ($0.10/$0.25 USD) - 2021/03/10 20:00:00 CET [2021/03/10 14:00:00 ET]
Table 'Test I' 6-max Seat #1 is the button
Seat 1: Alice ($25 in chips)
Seat 2: Bob 2 ($30.50 in chips)
Seat 3: Bob ($10 in chips)
Alice said, "hi: all"
Bob 2: posts small blind $0.10
Bob: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Alice [As Ks Qd 7h]
Alice: raises $0.50 to $0.75
Bob 2: raises $1.50 to $2.25
Bob: folds
Alice: calls $1.50
*** FLOP *** [2c 7c 9d]
Bob 2: bets $4.75
Alice: raises $14.25 to $19
Bob 2: folds
Uncalled bet ($14.25) returned to Alice
Alice collected $14.20 from pot
Alice: doesn't show hand
*** SUMMARY ***
Total pot $14.25 | Rake $0.05
Board [2c 7c 9d]
Seat 1: Alice (button) collected ($14.20)
Seat 2: Bob 2 (small blind) folded on the Flop
Seat 3: Bob (big blind) folded before Flop
"""

# The same hand under another id, and cut after its tenth line (a ``truncated`` failure).
STARS_OTHER = STARS_BASE.replace("#200000000001", "#200000000002")
STARS_TRUNCATED = "\n".join(STARS_BASE.splitlines()[:10]).replace("#200000000001", "#200000000009")


def write(folder: Path, name: str, *hands: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return p


GG_EV_CASHOUT = """\
Poker Hand #OM2000002: PLO ($1/$2) - 2023/05/01 20:00:00
Table 'PLOGold1' 6-max Seat #2 is the button
Seat 1: 88989dfa ($50 in chips)
Seat 2: oiesfcv1 ($200 in chips)
88989dfa: posts small blind $1
oiesfcv1: posts big blind $2
*** HOLE CARDS ***
Dealt to 88989dfa
Dealt to oiesfcv1
88989dfa: raises $4 to $6
oiesfcv1: raises $12 to $18
88989dfa: raises $32 to $50 and is all-in
oiesfcv1: calls $32
88989dfa: shows [6c 6d Ts 9s]
oiesfcv1: shows [Kc Kd 8h 3s]
88989dfa: Chooses to EV Cashout
88989dfa: Receives Cashout ($9.98)
oiesfcv1: Pays Cashout Risk ($22.68)
*** FLOP *** [2c 5h Jd]
*** TURN *** [2c 5h Jd] [4s]
*** RIVER *** [2c 5h Jd 4s] [Qh]
*** SHOWDOWN ***
oiesfcv1 collected $97.5 from pot
*** SUMMARY ***
Total pot $100 | Rake $2.5 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 5h Jd 4s Qh]
Seat 1: 88989dfa (small blind) showed [6c 6d Ts 9s] and lost with Pair of Sixes, EV Cashout ($9.98)
Seat 2: oiesfcv1 (button) (big blind) showed [Kc Kd 8h 3s] and won ($97.5) with Pair of Kings, Cashout Risk ($22.68)
"""


# A 4-card Hi/Lo hand with a side pot, tagged halves (both spellings), a player
# returning from missed blinds and a bounty tournament-style seat (crafted by the
# omahahh authors from the line shapes of docs/FORMATS.md §4).
WINAMAX_CRAFTED = """\
Winamax Poker - CashGame - HandId: #1000001-1-1700000000 - Omaha Hi/Lo pot limit (1€/2€) - 2023/11/14 22:13:20 UTC
Table: 'Nice 01' 6-max (real money) Seat #1 is the button
Seat 1: Le Grand Bleu (100€)
Seat 2: Hero (50€)
Seat 3: Villain 2 (200€)
Seat 4: Sleepy (80€)
*** ANTE/BLINDS ***
Hero posts small blind 1€
Villain 2 posts big blind 2€
Le Grand Bleu posts small blind 1€ out of position
Dealt to Hero [Ah 2h 3c Kd]
*** PRE-FLOP ***
Le Grand Bleu raises 4€ to 6€
Hero calls 5€
Villain 2 calls 4€
*** FLOP *** [4d 5s Qh]
Hero bets 18€
Villain 2 raises 36€ to 54€
Le Grand Bleu folds
Hero calls 26€ and is all-in
*** TURN *** [4d 5s Qh][8c]
*** RIVER *** [4d 5s Qh 8c][Qd]
*** SHOW DOWN ***
Hero shows [Ah 2h 3c Kd] (HI : One pair : Queens)
Hero shows [Ah 2h 3c Kd] (LO : High card : 8)
Villain 2 shows [Qs Qc 7d 7h] (HI : Four of a kind : Queens)
Villain 2 collected 10€ from side pot 1
Villain 2 collected 53€ from main pot (HI)
Hero collected 52€ from main pot(LO)
*** SUMMARY ***
Total pot 115€ | Rake 2€
Board: [4d 5s Qh 8c Qd]
Seat 1: Le Grand Bleu (button) folded on the flop
Seat 2: Hero (small blind) showed [Ah 2h 3c Kd] and lost with HI : One pair : Queens
Seat 2: Hero (small blind) showed [Ah 2h 3c Kd] and won 52€ with LO : High card : 8
Seat 3: Villain 2 (big blind) showed [Qs Qc 7d 7h] and won 63€ with HI : Four of a kind : Queens
"""


# An all-in before the flop that splits the pot, for the hand view (crafted).
ALL_IN_PREFLOP = stars(
    """
    A: posts small blind $1
    B: posts big blind $2
    *** HOLE CARDS ***
    A: raises $98 to $100 and is all-in
    B: calls $98 and is all-in
    *** FLOP *** [2c 7d 9h]
    *** TURN *** [2c 7d 9h] [Kd]
    *** RIVER *** [2c 7d 9h Kd] [Ks]
    *** SHOW DOWN ***
    B: shows [Ac Qd 3s 4h] (a pair of Kings)
    A: shows [As Qc 3d 4c] (a pair of Kings)
    B collected $101 from pot
    A collected $99 from pot
    """,
    seats="Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)",
    summary="Total pot $200 | Rake $0",
    hand_id=100000000009,
)

# -- Short stacks' blinds (R-BET-3, R-AI-1, R-AI-5): crafted by the omahahh authors. ----------
# Blinds 50/100 (tournament) or $0.50/$1 (cash); the big blind, Cy, is all in for less.

SHORT_BB_TOURNAMENT = """\
PokerStars Hand #999000000901: Tournament #999000901, $5+$0.50 USD Omaha Pot Limit - Level V (50/100) - 2016/03/02 21:30:14 CET [2016/03/02 15:30:14 ET]
Table '999000901 1' 6-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bob (2500 in chips)
Seat 3: Cy (60 in chips)
Seat 4: Dee (4000 in chips)
Bob: posts small blind 50
Cy: posts big blind 60 and is all-in
*** HOLE CARDS ***
Dee: calls 100
Ann: calls 100
Bob: calls 50
*** FLOP *** [7d 7s 2c]
Bob: checks
Dee: checks
Ann: checks
*** TURN *** [7d 7s 2c] [Kh]
Bob: checks
Dee: checks
Ann: checks
*** RIVER *** [7d 7s 2c Kh] [4d]
Bob: checks
Dee: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Ah 4h 4s 6c] (a full house, Fours full of Sevens)
Dee: shows [As 8c Jd Td] (a pair of Sevens)
Ann: shows [Ac 9c Qd Th] (a pair of Sevens)
Bob collected 120 from side pot
Cy: shows [Kc Kd 9s 8h] (a full house, Kings full of Sevens)
Cy collected 240 from main pot
*** SUMMARY ***
Total pot 360 Main pot 240. Side pot 120. | Rake 0
Board [7d 7s 2c Kh 4d]
Seat 1: Ann (button) showed [Ac 9c Qd Th] and lost with a pair of Sevens
Seat 2: Bob (small blind) showed [Ah 4h 4s 6c] and won (120) with a full house, Fours full of Sevens
Seat 3: Cy (big blind) showed [Kc Kd 9s 8h] and won (240) with a full house, Kings full of Sevens
Seat 4: Dee showed [As 8c Jd Td] and lost with a pair of Sevens
"""
"""The big blind all in for 60 of 100: Dee and Ann call the full 100, Bob completes with
50. Main pot 4 x 60 = 240 (Cy's), side pot 3 x 40 = 120 (Bob's; Cy cannot win it)."""

SHORT_BB_CASH = """\
PokerStars Hand #200000000901:  Omaha Pot Limit ($0.50/$1 USD) - 2021/03/10 20:00:00 CET [2021/03/10 14:00:00 ET]
Table 'Short I' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($0.60 in chips)
Seat 4: Dee ($100 in chips)
Bob: posts small blind $0.50
Cy: posts big blind $0.60 and is all-in
*** HOLE CARDS ***
Dee: calls $1
Ann: calls $1
Bob: folds
*** FLOP *** [7d 7s 2c]
Dee: checks
Ann: checks
*** TURN *** [7d 7s 2c] [Kh]
Dee: checks
Ann: checks
*** RIVER *** [7d 7s 2c Kh] [4d]
Dee: checks
Ann: checks
*** SHOW DOWN ***
Dee: shows [As 8c Jd Td] (a pair of Sevens)
Ann: shows [Ah 4h 4s 6c] (a full house, Fours full of Sevens)
Ann collected $0.80 from side pot
Cy: shows [Kc Kd 9s 8h] (a full house, Kings full of Sevens)
Cy collected $2.30 from main pot
*** SUMMARY ***
Total pot $3.10 Main pot $2.30. Side pot $0.80. | Rake $0
Board [7d 7s 2c Kh 4d]
Seat 1: Ann (button) showed [Ah 4h 4s 6c] and won ($0.80) with a full house, Fours full of Sevens
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cy (big blind) showed [Kc Kd 9s 8h] and won ($2.30) with a full house, Kings full of Sevens
Seat 4: Dee showed [As 8c Jd Td] and lost with a pair of Sevens
"""
"""The big blind all in for $0.60 of $1 in a cash game: Dee and Ann call $1, Bob folds his
$0.50. Main pot $0.60 x 3 + $0.50 = $2.30, side pot $0.40 x 2 = $0.80."""

SHORT_SB = """\
PokerStars Hand #999000000902: Tournament #999000901, $5+$0.50 USD Omaha Pot Limit - Level V (50/100) - 2016/03/02 21:31:14 CET [2016/03/02 15:31:14 ET]
Table '999000901 1' 6-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bob (20 in chips)
Seat 3: Cy (2500 in chips)
Seat 4: Dee (4000 in chips)
Bob: posts small blind 20 and is all-in
Cy: posts big blind 100
*** HOLE CARDS ***
Dee: calls 100
Ann: calls 100
Cy: checks
*** FLOP *** [7d 7s 2c]
Cy: checks
Dee: checks
Ann: checks
*** TURN *** [7d 7s 2c] [Kh]
Cy: checks
Dee: checks
Ann: checks
*** RIVER *** [7d 7s 2c Kh] [4d]
Cy: checks
Dee: checks
Ann: checks
*** SHOW DOWN ***
Cy: shows [Ah 4h 4s 6c] (a full house, Fours full of Sevens)
Dee: shows [As 8c Jd Td] (a pair of Sevens)
Ann: shows [Ac 9c Qd Th] (a pair of Sevens)
Cy collected 240 from side pot
Bob: shows [Kc Kd 9s 8h] (a full house, Kings full of Sevens)
Bob collected 80 from main pot
*** SUMMARY ***
Total pot 320 Main pot 80. Side pot 240. | Rake 0
Board [7d 7s 2c Kh 4d]
Seat 1: Ann (button) showed [Ac 9c Qd Th] and lost with a pair of Sevens
Seat 2: Bob (small blind) showed [Kc Kd 9s 8h] and won (80) with a full house, Kings full of Sevens
Seat 3: Cy (big blind) showed [Ah 4h 4s 6c] and won (240) with a full house, Fours full of Sevens
Seat 4: Dee showed [As 8c Jd Td] and lost with a pair of Sevens
"""
"""The small blind all in for 20 of 50: the others call the big blind, 100, and the big
blind may check. Main pot 4 x 20 = 80 (Bob's), side pot 3 x 80 = 240 (Cy's)."""

SHORT_BB_RAISED = """\
PokerStars Hand #999000000903: Tournament #999000901, $5+$0.50 USD Omaha Pot Limit - Level V (50/100) - 2016/03/02 21:32:14 CET [2016/03/02 15:32:14 ET]
Table '999000901 1' 6-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bob (2500 in chips)
Seat 3: Cy (60 in chips)
Seat 4: Dee (4000 in chips)
Bob: posts small blind 50
Cy: posts big blind 60 and is all-in
*** HOLE CARDS ***
Dee: raises 100 to 200
Ann: folds
Bob: raises 200 to 400
Dee: calls 200
*** FLOP *** [7d 7s 2c]
Bob: checks
Dee: checks
*** TURN *** [7d 7s 2c] [Kh]
Bob: checks
Dee: checks
*** RIVER *** [7d 7s 2c Kh] [4d]
Bob: checks
Dee: checks
*** SHOW DOWN ***
Bob: shows [Ah 4h 4s 6c] (a full house, Fours full of Sevens)
Dee: shows [As 8c Jd Td] (a pair of Sevens)
Bob collected 680 from side pot
Cy: shows [Kc Kd 9s 8h] (a full house, Kings full of Sevens)
Cy collected 180 from main pot
*** SUMMARY ***
Total pot 860 Main pot 180. Side pot 680. | Rake 0
Board [7d 7s 2c Kh 4d]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Ah 4h 4s 6c] and won (680) with a full house, Fours full of Sevens
Seat 3: Cy (big blind) showed [Kc Kd 9s 8h] and won (180) with a full house, Kings full of Sevens
Seat 4: Dee showed [As 8c Jd Td] and lost with a pair of Sevens
"""
"""A raise after the big blind all in for 60 of 100: Dee's raise to 200 is the minimum
(a big blind over the full big blind), Bob's re-raise to 400 a full one. Main pot
3 x 60 = 180, side pot 2 x 340 = 680."""

SHORT_BB_FOLDED_TO_SB = """\
PokerStars Hand #999000000904: Tournament #999000901, $5+$0.50 USD Omaha Pot Limit - Level V (50/100) - 2016/03/02 21:33:14 CET [2016/03/02 15:33:14 ET]
Table '999000901 1' 6-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Bob (2500 in chips)
Seat 3: Cy (60 in chips)
Seat 4: Dee (4000 in chips)
Bob: posts small blind 50
Cy: posts big blind 60 and is all-in
*** HOLE CARDS ***
Dee: folds
Ann: folds
Bob: calls 10
*** FLOP *** [7d 7s 2c]
*** TURN *** [7d 7s 2c] [Kh]
*** RIVER *** [7d 7s 2c Kh] [4d]
*** SHOW DOWN ***
Bob: shows [Ah 4h 4s 6c] (a full house, Fours full of Sevens)
Cy: shows [Kc Kd 9s 8h] (a full house, Kings full of Sevens)
Cy collected 120 from pot
*** SUMMARY ***
Total pot 120 | Rake 0
Board [7d 7s 2c Kh 4d]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Ah 4h 4s 6c] and lost with a full house, Fours full of Sevens
Seat 3: Cy (big blind) showed [Kc Kd 9s 8h] and won (120) with a full house, Kings full of Sevens
Seat 4: Dee folded before Flop (didn't bet)
"""
"""Everyone folds to the small blind against the big blind all in for 60: nobody else
could match a full big blind, so Bob only matches Cy's 60 (calls 10)."""
