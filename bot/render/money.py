"""Money and point formatting for the images (integers only)."""

from __future__ import annotations

MINUS = "\u2212"  # a real minus sign, wider and clearer than a hyphen

_SYMBOLS = {
    "CNY": "¥",
    "RMB": "¥",
    "JPY": "¥",
    "USD": "$",
    "HKD": "HK$",
    "TWD": "NT$",
    "SGD": "S$",
    "EUR": "€",
    "GBP": "£",
}
_ZERO_DECIMAL = {"JPY", "KRW", "TWD"}


def signed(n: int) -> str:
    """``+12`` / ``−12`` / ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


def format_money(minor: int, currency: str | None, *, sign: bool = False) -> str:
    """Format an amount in minor units: ``format_money(3550, "CNY") == "¥35.5"``.

    Two decimals (trailing zeros dropped: ``¥35``, ``¥35.5``, ``¥35.05``) unless the currency
    has none. A currency that is not a known ISO code is used as given (a symbol or a word).
    """
    code = (currency or "").strip()
    sym = _SYMBOLS.get(code.upper(), code)
    neg = minor < 0
    a = -minor if neg else minor
    if code.upper() in _ZERO_DECIMAL:
        body = f"{a}"
    else:
        whole, frac = divmod(a, 100)
        if frac == 0:
            body = f"{whole}"
        elif frac % 10 == 0:
            body = f"{whole}.{frac // 10}"
        else:
            body = f"{whole}.{frac:02d}"
    if sym and len(sym) > 1 and sym.isalpha():
        text = f"{body} {sym}"
    else:
        text = f"{sym}{body}"
    if neg:
        return MINUS + text
    if sign and minor > 0:
        return "+" + text
    return text
