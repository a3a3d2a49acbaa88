"""Card ranks as localised clients print them, as data (docs/FORMATS.md §3).

888poker writes hand histories in the client's language: the ranks of court
cards and aces are the local words' initials, the suits stay ``c d h s``.
Only the languages a corpus file proves are listed; a rank word not here is
read as an English rank, so an unknown language fails as ``bad_cards``
instead of being guessed.

=========  ============================  ==============================================
language   words (rank)                  proving file (``../shared/corpus/Pacific-888``)
=========  ============================  ==============================================
Dutch      H (Heer = K), V (Vrouw = Q),  ``…/888-PLO-USD-10.00-20.00-201405.dutch.txt``:
           B (Boer = J)                  ``Dealt to Hero [ Hc, 8h, Td, 6h ]``, board
                                         ``[ Vs ]``, ``Player0 shows [ 4h, 9d, Bh, 3s ]``
Swedish    Kn (Knekt = J), D (Dam = Q),  ``…/PLO-6max-USD-25-50-201604.Swedish.txt``:
           E (Ess = A)                   ``Dealt to Hero [ Tc, Knh, 9h, 9c ]``,
                                         ``Player0 mucks [ Ec, Knd, 4c, Kh ]``, ``[ Dd ]``
=========  ============================  ==============================================

The words do not collide with English ranks (``A K Q J T 9..2``), so one table
serves every file: a Dutch ``K`` does not occur (the Dutch king is ``H``).
"""

from __future__ import annotations

RANK_WORDS: dict[str, str] = {
    # Dutch
    "H": "K",
    "V": "Q",
    "B": "J",
    # Swedish
    "Kn": "J",
    "D": "Q",
    "E": "A",
}
"""Localised rank word -> English rank letter."""
