"""Riichi's words in one line (issue #27 point 3), in English and Japanese:
``Alice ron Bob 3 han 30 fu riichi``, ``Bob tsumo mangan``, ``Carol ツモ 4翻30符 リーチ``,
``親 満貫 ロン``.

Before the general pass (:mod:`bot.entry.phrase.parser`) :func:`prepare` turns a riichi
table's words into the ones it reads: ロン / 栄和 → ron, ツモ → tsumo, ``4翻`` / ``4飜`` →
``4 han``, ``30符`` → ``30 fu``, the limits → their han (満貫 / mangan = 5, 跳満 / haneman =
6, 倍満 / baiman = 8, 三倍満 / sanbaiman = 11: spec riichi.md §2.1), 親 / oya → the dealer's
name, リーチ / 立直 → riichi, 聴牌 / テンパイ → tenpai; a yakuman (役満, ダブル役満, 役満×2,
``double yakuman`` …) is taken out and noted. After it, :func:`finish` makes the draft say
what the table meant: the yakuman as ``counts.yakuman`` (``fan`` null), and a riichi said
of a win entered by han (the winner's flag, which only the tiles mode scores) as the
winner's riichi stick (the ``riichi`` event, §2.4)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.entry import riichi
from bot.entry.draft import Draft
from bot.entry.phrase.vocab import TableInfo

RIICHI = riichi.RIICHI

_LIMITS = (  # longest first: 三倍満 before 倍満
    (r"三倍満|三倍满|三倍滿|sanbaiman", 11),
    (r"倍満|倍满|倍滿|baiman", 8),
    (r"跳満|跳满|跳滿|haneman", 6),
    (r"満貫|满贯|滿貫|mangan", 5),
)
_NAGASHI = r"(?<!nagashi )(?<!nagashi)(?<!流局)(?<!流し)"  # 流局満貫 is the nagashi event
_YAKUMAN = r"役満|役满|役滿|yakuman"
_TIMES = {"double": 2, "ダブル": 2, "triple": 3, "トリプル": 3}
_WORDS = (
    (r"ロン|栄和|榮和|荣和", " ron "),
    (r"ツモ", " tsumo "),
    (r"(\d+)\s*(?:翻|飜)", r" \1 han "),
    (r"(\d+)\s*符", r" \1 fu "),
    (r"ダブルリーチ|ダブリー|リーチ", " riichi "),
    (r"聴牌|テンパイ", " tenpai "),
)


@dataclass(slots=True)
class Said:
    """What :func:`prepare` took out of the line: a yakuman of ``yakuman`` times (0: none)."""

    yakuman: int = 0


def prepare(text: str, table: TableInfo) -> tuple[str, Said]:
    """``text`` in the words the general pass reads, and what was taken out of it (the line
    as it is at another table)."""
    said = Said()
    if table.ruleset != riichi.RIICHI:
        return text, said

    def yakuman(m: re.Match[str]) -> str:
        k = _TIMES.get((m.group(1) or "").strip().lower(), 1)
        if m.group(2):
            k = int(m.group(2))
        said.yakuman = max(said.yakuman, k)
        return " "

    text = re.sub(
        # not the count's own name, "Yakuman (times) Carol 2" / 役满倍数 (the general pass reads it)
        rf"(double\s*|triple\s*|ダブル|トリプル)?(?:{_YAKUMAN})(?!\s*\(times\))(?!倍数|倍數)"
        r"(?:\s*[×xX*]\s*(\d))?",
        yakuman,
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(r"流局満貫|流し満貫", " nagashi mangan ", text)
    for pattern, han in _LIMITS:
        text = re.sub(_NAGASHI + rf"(?:{pattern})", f" {han} han ", text, flags=re.IGNORECASE)
    for pattern, repl in _WORDS:
        text = re.sub(pattern, repl, text)
    dealer = table.name(table.dealer)
    text = re.sub(r"親|\boya\b", f" {dealer} ", text, flags=re.IGNORECASE)
    return text, said


def finish(d: Draft, said: Said) -> None:
    """The draft as the table meant it (changed in place): the yakuman noted by
    :func:`prepare` on the win, and a riichi said of a win by han as the winner's stick."""
    if not riichi.applies(d.rs):
        return
    for n, w in enumerate(d.wins):
        if said.yakuman and n == 0:
            riichi.set_yakuman(d, n, said.yakuman)
        if not riichi.keypad_win(d, w):
            continue
        for fid in ("riichi", "double_riichi"):
            if fid in w.flags:
                w.flags.remove(fid)
                if w.winner not in riichi.declared(d, "riichi"):
                    d.events.append({"type": "riichi", "player": w.winner})


def value_given(d: Draft, n: int) -> bool:
    """Whether win ``n`` has its value as a yakuman count (a riichi yakuman has no han)."""
    return riichi.applies(d.rs) and bool(d.count("yakuman", d.wins[n].winner))


#: ``/hand`` with no text at a riichi table: a ron with riichi, a tsumo mangan, in the chat's
#: language (each read back before it is shown: :func:`bot.entry.phrase.write.examples`)
EXAMPLES = {
    "en": ("{a} ron {b} 3 han 30 fu riichi", "{b} tsumo mangan"),
    "ja": ("{a} ロン {b} 3翻30符 リーチ", "{b} ツモ 満貫"),
    "zh_Hans": ("{a} 荣和 {b} 3番30符 立直", "{b} 自摸 满贯"),
    "zh_Hant": ("{a} 榮和 {b} 3番30符 立直", "{b} 自摸 滿貫"),
}
