"""Money as people read it, and signs for the images.

The digits are formatted by Babel for the chat's language (grouping and decimal sign of its
locale: ``1,234.50`` in English and Chinese); the symbol and the minor digits are those of
:data:`scoring.transfers.CURRENCIES` (``¥35``, ``HK$0.50``, ``NT$1,500``: a whole amount
without decimals, else all minor digits), the project's one table of currencies. Amounts
are integers of minor units; the renderer shows a loss with a real minus sign (U+2212) and,
where asked, a gain with a plus sign.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from babel.numbers import format_decimal

from scoring.transfers import CURRENCIES, minor_exponent

MINUS = "\u2212"  # a real minus sign, wider and clearer than a hyphen
#: the chat's language → the Babel locale whose number format it reads
LOCALES = {"en": "en", "zh_Hans": "zh_Hans_CN", "zh_Hant": "zh_Hant_TW", "zh": "zh_Hans_CN"}


def signed(n: int) -> str:
    """``+12`` / ``−12`` / ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


@cache
def _digits(minor: int, exp: int, locale: str) -> str:
    value = Decimal(minor).scaleb(-exp)
    pattern = "#,##0" if minor % 10**exp == 0 else "#,##0." + "0" * exp
    return str(format_decimal(value, format=pattern, locale=locale))


def format_money(minor: int, currency: str | None, *, sign: bool = False, lang: str = "en") -> str:
    """The amount's size in ``currency``, after ``−`` when negative (``+`` when positive and
    ``sign``): ``format_money(-50, "CNY") == "−¥0.50"``, digits in ``lang``'s locale.

    ``currency`` is an ISO code (``scoring.transfers.CURRENCIES``; an unknown code follows the
    amount: ``"2.50 XYZ"``); ``None`` or ``""`` gives the bare amount (``"2.50"``).
    """
    if type(minor) is not int:
        raise ValueError(f"money is an integer number of minor units, got {minor!r}")
    code = (currency or "").upper()
    symbol = CURRENCIES.get(code, ("", 2))[0]
    digits = _digits(abs(minor), minor_exponent(code) if code else 2, LOCALES.get(lang, lang))
    body = f"{symbol}{digits}" if symbol else f"{digits} {code}".strip()
    if minor < 0:
        return MINUS + body
    if sign and minor > 0:
        return "+" + body
    return body


def money(minor: int, currency: str | None, sign: bool = False, *, lang: str = "en") -> str:
    """An amount of money (minor units) as people read it: ``¥35.50``, ``−¥0.50`` (a table
    without a currency is in yuan). :func:`bot.present.money` is this one."""
    return format_money(minor, currency or "CNY", sign=sign, lang=lang)
