"""Amounts as integer minor units.

Every figure is parsed with :class:`~decimal.Decimal` and must be a whole
number of minor units (cents, or 1 chip): a text amount that is not is an
error, never silently rounded.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from omahahh.errors import MoneyError

# Currency symbols as printed by clients, to ISO codes.
SYMBOL_CURRENCY: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
CURRENCY_SYMBOLS = "".join(SYMBOL_CURRENCY)

PLAY = "PLAY"
CHIPS = "CHIPS"

_STRIP = str.maketrans("", "", CURRENCY_SYMBOLS + " \u00a0")
_FIGURE_RE = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)")
"""What is left of an amount once its currency symbol, spaces and separators are read:
digits, one decimal point, a sign. Anything else (a letter, an exponent, stray bytes such
as a literal ``\\x80``) makes the amount unreadable, never a different number."""


def unit_of(currency: str) -> int:
    """Minor units per currency unit: 100 for money, 1 for play money and chips."""
    return 1 if currency in (PLAY, CHIPS) else 100


def to_minor(text: str, unit: int, *, thousands: str = ",", decimal: str = ".") -> int:
    """Parse an amount as printed into minor units.

    ``to_minor("$1,234.5", 100) == 123450``; ``to_minor("15010", 1) == 15010``.
    ``thousands`` and ``decimal`` are the site's separators (Winamax and 888
    localise them). Raises :class:`MoneyError` when the figure is not a whole
    number of minor units.
    """
    cleaned = text.translate(_STRIP)
    if thousands:
        cleaned = cleaned.replace(thousands, "")
    if decimal != ".":
        cleaned = cleaned.replace(decimal, ".")
    if _FIGURE_RE.fullmatch(cleaned) is None:
        raise MoneyError(f"not an amount: {text!r}")
    try:
        value = Decimal(cleaned) * unit
    except InvalidOperation:
        raise MoneyError(f"not an amount: {text!r}") from None
    if value != value.to_integral_value() or not value.is_finite():
        raise MoneyError(f"amount {text!r} is not a whole number of minor units (unit {unit})")
    return int(value)


def fast_minor(text: str, unit: int) -> int:
    """:func:`to_minor` for the common PokerStars shapes, without Decimal.

    Handles ``$12``, ``$0.5``, ``$0.25``, ``15010`` (no thousands separator);
    anything else falls back to :func:`to_minor`.
    """
    s = text.lstrip(CURRENCY_SYMBOLS)
    if s.isdigit():
        return int(s) * unit
    if unit == 100:
        whole, dot, frac = s.partition(".")
        if dot and whole.isdigit() and frac.isdigit() and len(frac) <= 2:
            return int(whole) * 100 + int(frac.ljust(2, "0"))
    return to_minor(text, unit)


def format_minor(amount: int, unit: int, currency: str) -> str:
    """Human form: ``format_minor(123450, 100, "USD") == "$1,234.50"``."""
    sign = "-" if amount < 0 else ""
    a = abs(amount)
    if unit == 1:
        return f"{sign}{a:,}"
    symbol = next((s for s, c in SYMBOL_CURRENCY.items() if c == currency), "")
    whole, frac = divmod(a, unit)
    return f"{sign}{symbol}{whole:,}.{frac:02d}" + ("" if symbol else f" {currency}")


class MoneyText:
    """Minor units as text in one currency: what every message and view of a hand writes
    money with (``-`` for None).

    >>> MoneyText(100, "USD")(123450), MoneyText(1, "CHIPS")(None)
    ('$1,234.50', '-')
    """

    __slots__ = ("currency", "unit")

    def __init__(self, unit: int, currency: str):
        self.unit = unit
        self.currency = currency

    def __call__(self, amount: int | None) -> str:
        if amount is None:
            return "-"
        return format_minor(amount, self.unit, self.currency)
