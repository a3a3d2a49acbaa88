"""Everleaf's rewrites (docs/SITES.md, "Everleaf").

The header with or without the table size and with spaces around the stakes' slash,
the award in brackets or not, the euro sign misdecoded (``ˆ``), noise lines
(connection, sitting out, leaving), an ante, amounts scaled and in another currency.
"""

from __future__ import annotations

from tests.helpers.variants.ante import AnteShape, ante_rewrite
from tests.helpers.variants.money import MoneyStyle
from tests.helpers.variants.rewrite import Rewrite, noise_line, rewrite, substitute
from tests.helpers.variants.rooms.stars_syntax import currency_rewrite, scale_rewrites

MONEY = MoneyStyle(r"[$€ˆ] ?")

TABLE: list[Rewrite] = [
    rewrite(
        "the table size in the header",
        "size",
        "`… PL Omaha - 6 Max - 2010/…` (seats at the table)",
        substitute(
            r"^(Blinds .+ (?:PL|NL) Omaha(?: Hi/Lo)?|[$€ˆ]?[\d.,]+/.+ Omaha(?: Hi/Lo)?) - (\d{4}/)",
            r"\1 - 6 Max - \2",
        ),
    ),
    rewrite(
        "spaces around the stakes' slash",
        "stakes",
        "`Blinds $0.05 / $0.10 …`",
        substitute(r"^(Blinds \S+)/(\S+ )", r"\1 / \2"),
    ),
    rewrite(
        "awards in brackets",
        "awards",
        "`NAME wins $ 1.90 USD from main pot`, `wins ($ 1.90 USD) from …`",
        substitute(r"^(.+? wins) ([$€ˆ] ?[\d.,]+(?: [A-Z]+)?) (from )", r"\1 (\2) \3", count=0),
    ),
    rewrite(
        "the euro sign misdecoded",
        "currency",
        "`ˆ` (a euro sign read with the wrong code page)",
        substitute(r"€(?= ?\d)", "ˆ", count=0),
    ),
    rewrite(
        "connection, sitting out, leaving",
        "noise",
        "`… has disconnected and has been given a further 20 seconds to react`, `sits out`, "
        "`has left the table`, `has (re)connected`: nothing",
        noise_line(
            (
                "{name} has disconnected and has been given a further 20 seconds to react",
                "{name} has reconnected",
                "{name} has connected",
                "{name} sits out",
                "{newcomer} has left the table",
            ),
            r"^\*\* Dealing down cards \*\*$",
            r" wins ",
        ),
    ),
    ante_rewrite(
        AnteShape(
            money=MONEY,
            post="{name}: posts ante [{amount}]",
            model=r": posts big blind \[",
            stack=r"^Seat \d+: {name} \(",
            after=r"^Seat \d+: .+ \(.*\)$",
            award=r"^{name} wins \(?",
        ),
        "`NAME: posts ante [$ X USD]`",
    ),
    *scale_rewrites(MONEY, "amounts: `$ 0.05 USD`, `,` thousands"),
    currency_rewrite(
        MONEY, "`$`, `€`; `USD`, `EUR` after the amount", ("USD", "EUR"), iso_everywhere=True
    ),
]
