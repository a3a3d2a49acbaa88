"""Small PokerStars sessions crafted for the statistics tests (by the omahahh authors).

Every value the tests expect from them is worked out by hand in the test that
uses it; each hand is legal under the rules (a test audits them: no finding).

SESSION (PLO and NLO, $0.05/$0.10, six players A..F):

1. A on the button. F opens from the cut-off (a steal), A 3-bets, the blinds
   fold, F folds to the 3-bet. A wins $0.75 uncontested (no rake).
2. B on the button. B opens (a steal), C folds the small blind, D calls the
   big blind. D check-raises B's flop c-bet; B folds. Pot $1.45, rake $0.07.
3. C on the button. F opens under the gun, A 3-bets, everyone folds to F, who
   4-bets; A calls. F c-bets flop and turn, A calls, both check the river; A's
   kings beat F's aces. Pot $25.05, rake $1.
4. Heads-up NLO, A on the button (small blind) opens, D calls; D bets the
   flop, A raises all-in, D calls: all-in on the flop, A 25.12 % (206 of the 820
   turn-river boards), D's trips hold. Pot $20, rake $1.

HILO (PLO-8, $0.05/$0.10, three players G, H, I):

1. Checked down three ways: G's quads take the high half ($0.15), H and I tie
   for the low ($0.07 each: both quartered). Pot $0.30, rake $0.01.
2. I folds; G and H check it down on a board with no low: H's full house
   scoops $0.24. Pot $0.25, rake $0.01.
"""

from __future__ import annotations


def _hand(hand_id: int, game: str, minute: int, table: str, button: int, body: str) -> str:
    header = (
        f"PokerStars Hand #{hand_id}:  {game} - 2021/03/10 20:{minute:02d}:00 CET "
        f"[2021/03/10 14:{minute:02d}:00 ET]\n"
        f"Table '{table}' 6-max Seat #{button} is the button\n"
    )
    return header + "\n".join(line.strip() for line in body.strip().splitlines()) + "\n"


PLO = "Omaha Pot Limit ($0.05/$0.10 USD)"
NLO = "Omaha No Limit ($0.05/$0.10 USD)"
PLO8 = "Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)"

SIX = """
Seat 1: A ({s} in chips)
Seat 2: B ({s} in chips)
Seat 3: C ({s} in chips)
Seat 4: D ({s} in chips)
Seat 5: E ({s} in chips)
Seat 6: F ({s} in chips)
"""

STEAL_AND_THREE_BET = _hand(
    300000000001,
    PLO,
    0,
    "Stats I",
    1,
    SIX.format(s="$10")
    + """
    B: posts small blind $0.05
    C: posts big blind $0.10
    *** HOLE CARDS ***
    D: folds
    E: folds
    F: raises $0.20 to $0.30
    A: raises $0.70 to $1
    B: folds
    C: folds
    F: folds
    Uncalled bet ($0.70) returned to A
    A collected $0.75 from pot
    A: doesn't show hand
    *** SUMMARY ***
    Total pot $0.75 | Rake $0
    Seat 1: A (button) collected ($0.75)
    Seat 2: B (small blind) folded before Flop
    Seat 3: C (big blind) folded before Flop
    Seat 4: D folded before Flop (didn't bet)
    Seat 5: E folded before Flop (didn't bet)
    Seat 6: F folded before Flop
    """,
)

CHECK_RAISE = _hand(
    300000000002,
    PLO,
    1,
    "Stats I",
    2,
    SIX.format(s="$10")
    + """
    C: posts small blind $0.05
    D: posts big blind $0.10
    *** HOLE CARDS ***
    E: folds
    F: folds
    A: folds
    B: raises $0.20 to $0.30
    C: folds
    D: calls $0.20
    *** FLOP *** [2c 7d Jh]
    D: checks
    B: bets $0.40
    D: raises $1.20 to $1.60
    B: folds
    Uncalled bet ($1.20) returned to D
    D collected $1.38 from pot
    D: doesn't show hand
    *** SUMMARY ***
    Total pot $1.45 | Rake $0.07
    Board [2c 7d Jh]
    Seat 1: A folded before Flop (didn't bet)
    Seat 2: B (button) folded on the Flop
    Seat 3: C (small blind) folded before Flop
    Seat 4: D (big blind) collected ($1.38)
    Seat 5: E folded before Flop (didn't bet)
    Seat 6: F folded before Flop (didn't bet)
    """,
)

FOUR_BET_SHOWDOWN = _hand(
    300000000003,
    PLO,
    2,
    "Stats I",
    3,
    SIX.format(s="$50")
    + """
    D: posts small blind $0.05
    E: posts big blind $0.10
    *** HOLE CARDS ***
    F: raises $0.25 to $0.35
    A: raises $0.75 to $1.10
    B: folds
    C: folds
    D: folds
    E: folds
    F: raises $2.35 to $3.45
    A: calls $2.35
    *** FLOP *** [Ks 8d 3c]
    F: bets $3
    A: calls $3
    *** TURN *** [Ks 8d 3c] [2h]
    F: bets $6
    A: calls $6
    *** RIVER *** [Ks 8d 3c 2h] [9s]
    F: checks
    A: checks
    *** SHOW DOWN ***
    F: shows [As Ad Qc Jc] (a pair of Aces)
    A: shows [Kd Kh 7c 6c] (three of a kind, Kings)
    A collected $24.05 from pot
    *** SUMMARY ***
    Total pot $25.05 | Rake $1
    Board [Ks 8d 3c 2h 9s]
    Seat 1: A showed [Kd Kh 7c 6c] and won ($24.05) with three of a kind, Kings
    Seat 2: B folded before Flop (didn't bet)
    Seat 3: C (button) folded before Flop (didn't bet)
    Seat 4: D (small blind) folded before Flop
    Seat 5: E (big blind) folded before Flop
    Seat 6: F showed [As Ad Qc Jc] and lost with a pair of Aces
    """,
)

ALL_IN_ON_THE_FLOP = _hand(
    300000000004,
    NLO,
    3,
    "Stats III",
    1,
    """
    Seat 1: A ($10 in chips)
    Seat 2: D ($10 in chips)
    A: posts small blind $0.05
    D: posts big blind $0.10
    *** HOLE CARDS ***
    A: raises $0.20 to $0.30
    D: calls $0.20
    *** FLOP *** [Ah 7c 2s]
    D: bets $0.60
    A: raises $9.10 to $9.70 and is all-in
    D: calls $9.10 and is all-in
    *** TURN *** [Ah 7c 2s] [9d]
    *** RIVER *** [Ah 7c 2s 9d] [3c]
    *** SHOW DOWN ***
    A: shows [As Ks Qd 7h] (two pair, Aces and Sevens)
    D: shows [2c 2d 3h 4h] (three of a kind, Twos)
    D collected $19 from pot
    *** SUMMARY ***
    Total pot $20 | Rake $1
    Board [Ah 7c 2s 9d 3c]
    Seat 1: A (button) (small blind) showed [As Ks Qd 7h] and lost with two pair, Aces and Sevens
    Seat 2: D (big blind) showed [2c 2d 3h 4h] and won ($19) with three of a kind, Twos
    """,
)

THREE = """
Seat 1: G ($10 in chips)
Seat 2: H ($10 in chips)
Seat 3: I ($10 in chips)
"""

QUARTERED = _hand(
    300000000011,
    PLO8,
    10,
    "Stats II",
    1,
    THREE
    + """
    H: posts small blind $0.05
    I: posts big blind $0.10
    *** HOLE CARDS ***
    G: calls $0.10
    H: calls $0.05
    I: checks
    *** FLOP *** [2c 4d 7h]
    H: checks
    I: checks
    G: checks
    *** TURN *** [2c 4d 7h] [Kc]
    H: checks
    I: checks
    G: checks
    *** RIVER *** [2c 4d 7h Kc] [Ks]
    H: checks
    I: checks
    G: checks
    *** SHOW DOWN ***
    H: shows [Ac 3d 9s 9h] (HI: two pair, Kings and Nines; LO: 7,4,3,2,A)
    I: shows [As 3h Tc Td] (HI: two pair, Kings and Tens; LO: 7,4,3,2,A)
    G: shows [Kd Kh Qs Js] (HI: four of a kind, Kings)
    G collected $0.15 from pot
    H collected $0.07 from pot
    I collected $0.07 from pot
    *** SUMMARY ***
    Total pot $0.30 | Rake $0.01
    Board [2c 4d 7h Kc Ks]
    Seat 1: G (button) showed [Kd Kh Qs Js] and won ($0.15) with HI: four of a kind, Kings
    Seat 2: H (small blind) showed [Ac 3d 9s 9h] and won ($0.07) with HI: two pair, Kings and Nines; LO: 7,4,3,2,A
    Seat 3: I (big blind) showed [As 3h Tc Td] and won ($0.07) with HI: two pair, Kings and Tens; LO: 7,4,3,2,A
    """,
)

SCOOP = _hand(
    300000000012,
    PLO8,
    11,
    "Stats II",
    2,
    THREE
    + """
    I: posts small blind $0.05
    G: posts big blind $0.10
    *** HOLE CARDS ***
    H: calls $0.10
    I: folds
    G: checks
    *** FLOP *** [Kc Qd Jh]
    G: checks
    H: checks
    *** TURN *** [Kc Qd Jh] [9s]
    G: checks
    H: checks
    *** RIVER *** [Kc Qd Jh 9s] [9c]
    G: checks
    H: checks
    *** SHOW DOWN ***
    G: shows [Ah Td 5c 6d] (HI: a straight, Ten to Ace)
    H: shows [Kd Ks 2s 3s] (HI: a full house, Kings full of Nines)
    H collected $0.24 from pot
    No low hand qualified
    *** SUMMARY ***
    Total pot $0.25 | Rake $0.01
    Board [Kc Qd Jh 9s 9c]
    Seat 1: G (big blind) showed [Ah Td 5c 6d] and lost with HI: a straight, Ten to Ace
    Seat 2: H (button) showed [Kd Ks 2s 3s] and won ($0.24) with HI: a full house, Kings full of Nines
    Seat 3: I (small blind) folded before Flop
    """,
)

SESSION = "\n\n\n".join((STEAL_AND_THREE_BET, CHECK_RAISE, FOUR_BET_SHOWDOWN, ALL_IN_ON_THE_FLOP))
HILO = "\n\n\n".join((QUARTERED, SCOOP))
