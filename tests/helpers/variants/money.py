"""Amounts in a hand's text: found, read, changed and written back in the room's style.

A :class:`MoneyStyle` is how one room prints an amount: a pattern for one amount
with its marks (``$1,234.50``, ``12,50€``, ``[$ 0.25 USD]``'s ``$ 0.25``), the decimal
mark and the thousands mark. The rewrites use it to scale every amount (thousands
marks appear), to change one (an ante added to an award), or to swap the currency.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class MoneyStyle:
    """One room's printed amounts.

    ``pattern`` matches one amount: its named group ``num`` is the figure (digits with the
    room's marks), and everything else it matches (a symbol, a space, a code) is kept as
    printed.

    >>> STARS = MoneyStyle(r"[$€£]", ".", ",")
    >>> STARS.scale_all("Bob: raises $0.50 to $1,000.25", 10)
    'Bob: raises $5 to $10002.50'
    >>> STARS.scale_all("Bob: raises $0.50 to $1,000.25", 10, grouped=True)
    'Bob: raises $5 to $10,002.50'
    """

    prefix: str
    """A pattern for what stands before the figure (``[$€£]``, ``€ ?``); empty for none."""
    decimal: str = "."
    thousands: str = ","
    suffix: str = ""
    """A pattern for what stands after the figure (``€``, `` USD``); empty for none."""
    keeps_cents: bool = False
    """Whole amounts keep their cents (``$355.00``) where the seed printed them."""
    trims_zeros: bool = False
    """A fraction's trailing zeros are dropped (GGPoker's ``$1,270.5``)."""

    @property
    def pattern(self) -> re.Pattern[str]:
        return _pattern(self.prefix, self.suffix, self.decimal, self.thousands)

    def value(self, figure: str) -> Decimal:
        """The figure as a number: ``"1,000.25"`` -> ``Decimal("1000.25")``."""
        return Decimal(figure.replace(self.thousands, "").replace(self.decimal, "."))

    def figure(self, value: Decimal, *, grouped: bool = False, cents: bool = False) -> str:
        """``value`` as the room prints it: no decimals when whole (unless ``cents``), two
        otherwise; the thousands mark when ``grouped``.

        >>> MoneyStyle("€", ",", ".").figure(Decimal("1234.5"), grouped=True)
        '1.234,50'
        """
        whole = value == value.to_integral_value()
        text = f"{value:.0f}" if whole and not cents else f"{value:.2f}"
        integer, _, fraction = text.partition(".")
        if self.trims_zeros and not cents:
            fraction = fraction.rstrip("0")
        if grouped:
            integer = f"{int(integer):,}".replace(",", self.thousands)
        return integer + (self.decimal + fraction if fraction else "")

    def amounts(self, text: str) -> list[re.Match[str]]:
        """Every amount ``text`` prints."""
        return list(self.pattern.finditer(text))

    def rewrite_all(self, text: str, change: Callable[[re.Match[str]], str]) -> str:
        """``text`` with each amount's figure replaced by ``change(match)``."""

        def one(m: re.Match[str]) -> str:
            start, end = m.span("num")
            whole = m.group(0)
            at = start - m.start()
            return whole[:at] + change(m) + whole[at + end - start :]

        return self.pattern.sub(one, text)

    def scale_all(self, text: str, factor: int, *, grouped: bool = False) -> str:
        """Every amount in ``text`` ``factor`` times larger, in the room's style."""

        def times(m: re.Match[str]) -> str:
            figure = m.group("num")
            cents = self.keeps_cents and self.decimal in figure
            return self.figure(self.value(figure) * factor, grouped=grouped, cents=cents)

        return self.rewrite_all(text, times)

    def add(self, line: str, delta: Decimal, start: int = 0) -> str | None:
        """``line`` with its first amount from ``start`` ``delta`` larger, written as
        that amount was (its thousands mark and cents kept); None when there is none.

        >>> MoneyStyle(r"\\$").add("Total pot $10 | Rake $0.50", Decimal("0.30"))
        'Total pot $10.30 | Rake $0.50'
        """
        m = self.pattern.search(line, start)
        if m is None:
            return None
        figure = m.group("num")
        new = self.figure(
            self.value(figure) + delta,
            grouped=bool(self.thousands) and self.thousands in figure,
            cents=self.decimal in figure,
        )
        begin, end = m.span("num")
        return line[:begin] + new + line[end:]

    def like(self, token: str, value: Decimal) -> str:
        """``token`` (one printed amount) with its figure replaced by ``value``.

        >>> MoneyStyle("", ",", ".", suffix="€").like("0,25€", Decimal("0.05"))
        '0,05€'
        """
        m = self.pattern.search(token) or _pattern("", "", self.decimal, self.thousands).search(
            token
        )
        assert m is not None, token  # a prefix seen only around the token: the figure alone
        begin, end = m.span("num")
        return token[:begin] + self.figure(value, cents=self.decimal in m["num"]) + token[end:]


_CACHE: dict[tuple[str, str, str, str], re.Pattern[str]] = {}


def _pattern(prefix: str, suffix: str, decimal: str, thousands: str) -> re.Pattern[str]:
    key = (prefix, suffix, decimal, thousands)
    if key not in _CACHE:
        d, t = re.escape(decimal), re.escape(thousands)
        figure = rf"(?P<num>\d{{1,3}}(?:{t}\d{{3}})+(?:{d}\d+)?|\d+(?:{d}\d+)?)"
        # Not inside a longer number or word on either side.
        _CACHE[key] = re.compile(rf"(?<![\w.,]){prefix}{figure}{suffix}(?![\d\w])")
    return _CACHE[key]
