"""Signs for the images; the money itself is written by :func:`scoring.transfers.format_money`.

The renderer shows gains and losses with a real minus sign (U+2212) and, where asked, a plus
sign; the digits, the symbol and the decimals (``¥35``, ``¥35.50``, ``¥0.05``) are exactly those
of :func:`scoring.transfers.format_money`, the one money formatter of the project.
"""

from __future__ import annotations

from scoring.transfers import format_money as _format_money

MINUS = "\u2212"  # a real minus sign, wider and clearer than a hyphen


def signed(n: int) -> str:
    """``+12`` / ``−12`` / ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


def format_money(minor: int, currency: str | None, *, sign: bool = False) -> str:
    """:func:`scoring.transfers.format_money` of the amount's size, after ``−`` when negative
    (``+`` when positive and ``sign``): ``format_money(-50, "CNY") == "−¥0.50"``.

    ``currency`` is an ISO code (``scoring.transfers.CURRENCIES``; an unknown code follows the
    amount: ``"2.50 XYZ"``); ``None`` or ``""`` gives the bare amount (``"2.50"``).
    """
    body = _format_money(abs(minor), currency or "").strip()
    if minor < 0:
        return MINUS + body
    if sign and minor > 0:
        return "+" + body
    return body


def money(minor: int, currency: str | None, sign: bool = False) -> str:
    """An amount of money (minor units) as people read it: ``¥35.50``, ``−¥0.50`` (a table
    without a currency is in yuan). :func:`bot.present.money` is this one."""
    return format_money(minor, currency or "CNY", sign=sign)
