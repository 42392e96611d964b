"""Simplified → Traditional Chinese (Taiwan forms) for every zh_Hant text: pure Python, no I/O.

:func:`to_hant` converts by longest match over OpenCC's phrases (头发 → 頭髮 but 发财 → 發財,
面条 → 麵條 but 前面 → 前面), then character by character (OpenCC's default candidate, Taiwan
forms: 里 → 裡, 着 → 著). The tables are the generated module :mod:`scoring._hant_table`
(OpenCC data, Apache 2.0; rebuilt by ``python -m bot.hant_build``), loaded on first use.

House choices on top of OpenCC (the mahjong words as Taiwan and Hong Kong tables write them):

* :data:`HOUSE_PHRASES` win over OpenCC's phrases;
* 台 stays 台 (the Taiwan scoring unit 台, 台數; OpenCC writes 臺);
* 杠 is always 槓 (OpenCC keeps 杠 before a numeral: 杠一 … 杠九);
* 幺 stays 幺 (幺九, 十三幺; OpenCC's Taiwan variant is 么).

:func:`simplified_only` finds the characters the converter always changes (发, 庄, 杠, 无 …):
no converted text contains them. Characters that are also Traditional and survive in some
phrases (干 in 若干, 后 in 皇后, 面, 里, 只, 松, 台) are not reported.
"""

from __future__ import annotations

from functools import cache, lru_cache

#: Phrases converted this way whatever OpenCC says (checked by tests/test_hant_terms.py).
HOUSE_PHRASES: dict[str, str] = {
    "么九": "幺九",  # 断么九, 十三么: common misspellings of 断幺九, 十三幺
    "十三么": "十三幺",
    "板板胡": "板板胡",  # Changsha's 起手胡 (OpenCC: 板板 → 闆闆)
    "白发": "白發",  # the dragons 白、发、中 (OpenCC: white hair 白髮)
    "胡子": "胡子",  # Jiangxi's points 胡子 (OpenCC: beard 鬍子)
    "废后": "廢後",  # 作废后 "after voiding" (OpenCC: a deposed empress 廢后)
}

#: Character choices applied after the conversion.
_HOUSE_CHARS = str.maketrans({"臺": "台", "杠": "槓"})


@cache
def _tables() -> tuple[dict[str, str], dict[str, str], dict[str, int]]:
    from scoring import _hant_table as t

    chars = {t.CHARS[i]: t.CHARS[i + 1] for i in range(0, len(t.CHARS), 2)}
    phrases: dict[str, str] = {}
    for line in t.PHRASES.splitlines():
        key, _, value = line.partition("\t")
        phrases[key] = value
    phrases.update(HOUSE_PHRASES)
    longest: dict[str, int] = {}
    for key in phrases:
        if len(key) > longest.get(key[0], 1):
            longest[key[0]] = len(key)
    return chars, phrases, longest


@cache
def _simplified_only() -> frozenset[str]:
    chars, phrases, _ = _tables()
    produced = "".join((*chars.values(), *phrases.values())).translate(_HOUSE_CHARS)
    kept = set(produced)
    return frozenset(c for c in chars if c not in kept and to_hant(c) != c)


@lru_cache(maxsize=8192)
def to_hant(text: str) -> str:
    """``text`` (Simplified Chinese, or anything) with its Simplified characters made
    Traditional; ASCII, digits, names in other scripts and Traditional text pass unchanged."""
    if text.isascii():
        return text
    chars, phrases, longest = _tables()
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        span = longest.get(c)
        if span is not None:
            for size in range(min(span, n - i), 1, -1):
                hit = phrases.get(text[i : i + size])
                if hit is not None:
                    out.append(hit)
                    i += size
                    break
            else:
                out.append(chars.get(c, c))
                i += 1
        else:
            out.append(chars.get(c, c))
            i += 1
    return "".join(out).translate(_HOUSE_CHARS)


def simplified_only(text: str) -> list[str]:
    """The characters of ``text`` that are Simplified only (the converter changes them and no
    Traditional text uses them), in order of first appearance."""
    bad = _simplified_only()
    seen: list[str] = []
    for c in text:
        if c in bad and c not in seen:
            seen.append(c)
    return seen
