"""The words of a table: what a phrase is read against (:class:`TableInfo`), each ruleset's
vocabulary (its declared names in Simplified, Traditional and English, their unique prefixes,
the common aliases), the names a word is shown by, and suggestions for an unknown word."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import scoring
from bot.entry.phrase.fold import CN_NUM, EN_NUM, EN_TENS, cn_value, word_key
from bot.i18n import Translator
from scoring.record import OptionValue
from scoring.ruleset import Ruleset


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TableInfo:
    """What a phrase is read against: the table's ruleset and options, the seated players
    (ids in seat order) with their display names, the dealer, and the prevalent wind a Guobiao
    tiles entry gets by default."""

    ruleset: str
    options: Mapping[str, OptionValue]
    players: tuple[str, ...]
    names: Mapping[str, str]
    dealer: str
    prevalent_wind: str = "E"

    def name(self, pid: str | None) -> str:
        return "?" if pid is None else self.names.get(pid, pid)


# ---------------------------------------------------------------------------------------
# the vocabulary
# ---------------------------------------------------------------------------------------
#: meanings that are not declarations
WIN, SELF, RON, FEED, ROB, DEALER, TILES, FANUNIT, FILLER, DRAW = (
    "win",
    "self",
    "ron",
    "feed",
    "rob",
    "dealer",
    "tiles",
    "fanunit",
    "filler",
    "draw",
)

ALIASES: dict[str, tuple[str, ...]] = {
    WIN: ("胡", "胡了", "胡牌", "和", "和了", "糊", "糊了", "胡牌了", "赢", "赢了", "win", "wins", "won",
          "winner", "hu", "mahjong",
          "食", "食糊", "食胡", "食咗", "食咗糊", "sik wu"),  # Cantonese: 食糊 = to win
    SELF: ("自摸", "自摸了", "自摸胡", "自摸和", "自摸糊", "zimo", "zi mo", "tsumo",
           "self drawn", "self draw", "self drew", "selfdrawn", "self", "drew it", "by himself",
           "by herself", "自己摸", "自己摸的"),
    RON: ("ron", "on a discard", "on the discard", "off", "from", "discard", "on", "吃胡", "←",
          "吃了", "捉炮", "抓炮", "接炮", "胡了他", "胡他"),
    FEED: ("点炮", "点了炮", "点炮了", "点的炮", "放的炮", "放的冲", "点了", "放炮", "放炮了", "放了炮", "放冲", "放铳", "点冲",
           "点铳", "出冲", "出铳", "出铳者", "放铳者", "放", "点", "discarded", "dealt in", "dealt into", "fed", "feeds",
           "fed it", "threw in", "deal in", "deals in"),
    ROB: ("抢杠", "抢杠胡", "抢杠和", "抢", "robbed kong", "robbed the kong", "robbing a kong",
          "robbing the kong", "robs the kong", "robs", "robbed", "rob", "robbing"),
    DEALER: ("庄", "庄家", "dealer", "the dealer"),
    TILES: ("tiles", "tile", "hand tiles", "牌", "牌张", "手牌", "牌是"),
    FANUNIT: ("番", "翻", "台", "fan", "tai", "fans", "points", "faan"),
    DRAW: ("流局", "荒庄", "黄庄", "荒牌", "流了", "没人胡", "draw", "drawn", "a draw", "no winner",
           "nobody won", "wall exhausted", "exhausted", "和局"),
    FILLER: ("了", "的", "那个", "这个", "嗯", "啊", "呃", "额", "哦", "噢", "吧", "呢", "就",
             "就是", "然后", "还有", "是", "把", "给", "这把", "这一把", "这局", "这一局", "一把",
             "他", "她", "我", "一炮多响", "一炮双响", "一炮三响", "跟", "有",
             "um", "umm", "uh", "uhh", "er", "erm", "hmm", "ah", "oh", "like", "so", "then",
             "and", "the", "a", "an", "with", "by", "of", "okay", "ok", "well", "his", "her",
             "their", "got", "has", "had", "have", "is", "was", "it", "hand", "also", "plus",
             "for", "at", "to", "all",
             # the kong robbed, as the preview writes it: 抢阿明的杠, robbing Carol's kong
             "的杠", "'s kong"),
}  # fmt: skip

#: short words for some declared ids (where the declared name is longer than what is said)
ID_ALIASES: dict[tuple[str, str], tuple[str, ...]] = {
    ("count", "flowers"): ("花", "flower", "补花"),
    ("count", "gen"): ("根", "gen"),
    ("event", "follow_dealer"): ("跟庄", "follow the dealer"),
    ("event", "concealed_kong"): ("暗杠", "an gang", "concealed kong"),
    ("event", "exposed_kong"): ("明杠", "exposed kong", "open kong"),
    ("event", "added_kong"): ("补杠", "added kong"),
    ("event", "an_gang"): ("暗杠", "下雨", "concealed kong"),
    ("event", "zhi_gang"): ("直杠", "刮风"),
    ("event", "mian_xia_gang"): ("面下杠", "补杠", "added kong"),
    ("count", "flower_pig"): ("花猪", "flower pig"),
    ("count", "ready_fan"): ("大叫", "查叫", "ready"),
    # Hong Kong's limit hand as the value: 爆棚 (its name), 满贯 / 满糊 / 例牌 (what is said)
    ("flag", "limit"): ("满贯", "满糊", "例牌", "例牌满糊", "limit", "limit hand"),
}

#: what a ruleset's step words (:attr:`scoring.ruleset.Ruleset.words`, printed in its
#: explanations) mean in a phrase, where they mean something to enter: the word's id is a
#: declaration's (Singapore's 齐花 is its event), or one of these; the rest (全铳 "full
#: responsibility", 无鬼2倍 "no ghost ×2" …) say how a hand is paid and name nothing to enter
WORD_MEANINGS: dict[str, tuple[str, str]] = {
    "self_draw": (SELF, ""),
    "robbed_kong": (ROB, ""),
    "discard": (FEED, ""),
    "discarder": (FEED, ""),
    "limit": ("flag", "limit"),
    "limit_hand": ("flag", "limit"),
    "limit_any": ("flag", "limit"),
    "limit_fan": ("flag", "limit"),
    "gen": ("count", "gen"),
    "hard_flowers": ("count", "hard_flowers"),
    "flowers": ("count", "flowers"),
    "primary": ("count", "primary_wild"),
    "secondary": ("count", "secondary_wild"),
    "wild_kong": ("count", "wild_kongs"),
}


def names_of(text: str) -> list[str]:
    """The forms of a declared name a user may say: the whole name, the name without what is
    in brackets, and each part of ``a/b``, ``a·b`` or ``a：b``."""
    out = [text]
    base = re.sub(r"[（(][^）)]*[）)]", "", text).strip()
    if base:
        out.append(base)
    for sep in ("/", "·", "：", ":"):
        for src in list(out):
            if sep in src:
                out.extend(p.strip() for p in src.split(sep) if p.strip())
    # "All 2/5/8 pungs" is not said "5": no bare numbers or single letters
    return [o for o in out if o and not o.isdigit() and not (o.isascii() and len(o) < 2)]


@dataclass(frozen=True, slots=True)
class Meaning:
    kind: str  # shape flag count event result fan player + the alias kinds
    id: str = ""


@dataclass(slots=True)
class Vocab:
    exact: dict[str, set[Meaning]] = field(default_factory=dict)
    #: unique-prefix lookups of the declared names (key → meanings)
    names: dict[str, set[Meaning]] = field(default_factory=dict)
    #: checklist fans whose name means something else first (自摸 the way of winning,
    #: Singapore's complete flower set its event): key → fan id, read as the fan among fans
    fan_also: dict[str, str] = field(default_factory=dict)
    maxlen: int = 1

    def add(self, text: str, m: Meaning) -> None:
        key = word_key(text)
        if not key:
            return
        self.exact.setdefault(key, set()).add(m)
        self.maxlen = max(self.maxlen, len(key))


def decl_items(rs: Ruleset) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    items += [("shape", s) for s in rs.shapes]
    items += [("flag", f) for f in rs.flags]
    items += [("count", c) for c in rs.counts]
    items += [("event", e) for e in rs.events]
    items += [("result", r) for r in rs.results if r.value != "win"]
    items += [("fan", f) for f in fans_of(rs.id)]
    return items


@dataclass(frozen=True, slots=True)
class FanName:
    """A fan of a ruleset's fan list (``extra_json()["fans"]``: Guobiao's 81, Points' list)."""

    id: str
    zh: str
    en: str
    zh_hant: str = ""


@lru_cache(maxsize=64)
def fans_of(ruleset_id: str) -> tuple[FanName, ...]:
    rs = scoring.get(ruleset_id)
    if "fans" not in rs.win_inputs:
        return ()
    out = []
    for f in rs.extra_json().get("fans") or []:
        if isinstance(f, dict) and "id" in f and f["id"] != "flower_tiles":  # 花牌: the count
            out.append(
                FanName(
                    str(f["id"]),
                    str(f.get("name_zh", "")),
                    str(f.get("name_en", "")),
                    str(f.get("name_zh_hant") or ""),
                )
            )
    return tuple(out)


def id_of(kind: str, item: Any) -> str:
    return str(item.value if kind == "result" else item.id)


def hant_of(text: str) -> str:
    """The Traditional form of a Simplified name, where the converter is available (the
    fold above reads the common characters either way)."""
    try:
        from scoring.hant import to_hant
    except ImportError:  # pragma: no cover - the converter is optional here
        return ""
    return to_hant(text)


def digits_for_words(text: str) -> str:
    """A name with its number words in digits, as a keyboard or a phone's dictation writes
    them: "Big seven pairs" → "big 7 pair", "Seven-star thirteen rotten" → "7 star 13
    rotten", 七星十三烂 → 7星13烂 (as a vocabulary key: folded)."""
    words = word_key(text).split(" ")
    out = []
    for w in words:
        n = EN_NUM.get(w.casefold(), EN_TENS.get(w.casefold()))
        out.append(str(n) if n is not None and w.casefold() not in ("no", "once", "twice") else w)
    return re.sub(
        "[" + "".join(sorted(CN_NUM)) + "]+",
        lambda m: str(v) if (v := cn_value(m.group())) is not None else m.group(),
        " ".join(out),
    )


def ruleset_words(rs: Ruleset) -> list[tuple[Meaning, tuple[str, ...]]]:
    """The ruleset's step words that name something to enter, with their meaning (see
    :data:`WORD_MEANINGS`), and the name of its won result (Hong Kong's 食糊: to win)."""
    out: list[tuple[Meaning, tuple[str, ...]]] = []
    for r in rs.results:
        if r.value == "win":
            out.append((Meaning(WIN), (r.zh, getattr(r, "zh_hant", "") or hant_of(r.zh), r.en)))
    for word_id, (zh, zh_hant, en) in rs.words.items():
        m = word_meaning(rs, word_id)
        if m is not None:
            out.append((m, (zh, zh_hant or hant_of(zh), en)))
    return out


def word_meaning(rs: Ruleset, word_id: str) -> Meaning | None:
    """What one of the ruleset's step words means in a phrase (None: nothing to enter)."""
    for kind in ("shape", "flag", "count", "event"):
        if decl_of(rs, kind, word_id) is not None:
            return Meaning(kind, word_id)
    kind, item_id = WORD_MEANINGS.get(word_id, ("", ""))
    if not kind:
        return None
    if item_id and decl_of(rs, kind, item_id) is None:
        return None
    return Meaning(kind, item_id)


@lru_cache(maxsize=64)
def vocab_of(ruleset_id: str) -> Vocab:
    rs = scoring.get(ruleset_id)
    v = Vocab()
    declared: set[str] = set()
    items = decl_items(rs)
    for kind, item in items:
        if kind == "fan":
            continue
        m = Meaning(kind, id_of(kind, item))
        for text in (item.zh, getattr(item, "zh_hant", "") or hant_of(item.zh), item.en):
            for form in names_of(text) if text else ():
                for said in (form, digits_for_words(form)):
                    v.add(said, m)
                    declared.add(word_key(said))
    for ms in v.exact.values():
        results = {m.id for m in ms if m.kind == "result"}
        if results:  # 诈胡 is a result and its event: the result (which adds the event)
            ms.difference_update({m for m in ms if m.kind == "event" and m.id in results})
    for m, texts in ruleset_words(rs):
        for text in texts:
            for form in names_of(text) if text else ():
                if word_key(form) not in declared:
                    v.add(form, m)
                    declared.add(word_key(form))
    for (kind, item_id), words in ID_ALIASES.items():
        if decl_of(rs, kind, item_id) is not None:
            for w in words:
                if word_key(w) not in declared:
                    v.add(w, Meaning(kind, item_id))
                    declared.add(word_key(w))
    for kind, words in ALIASES.items():
        for w in words:
            key = word_key(w)
            if not key or key in declared:  # the ruleset's own word wins (和牌 = draw …)
                continue
            m = Meaning("result", "draw") if kind == DRAW else Meaning(kind)
            if kind == DRAW and "draw" not in rs.result_ids():
                continue
            v.add(w, m)
            hant = hant_of(w) if not w.isascii() else ""
            if hant and word_key(hant) not in declared:
                v.add(hant, m)
    if "fan" not in rs.win_inputs:
        for w in ALIASES[FANUNIT]:
            v.exact.pop(word_key(w), None)
    else:  # the ruleset's own word for one fan: 番 / faan (Hong Kong), 台 / tai
        for w in (rs.fan_word_zh, rs.fan_word_zh_hant, rs.fan_word_en):
            if w and word_key(w) not in declared:
                v.add(w, Meaning(FANUNIT))
    for kind, item in items:  # Guobiao fans last: 自摸 and 抢杠和 stay the ways of winning
        if kind != "fan":
            continue
        m = Meaning(kind, item.id)
        for text in (item.zh, item.zh_hant or hant_of(item.zh), item.en):
            for form in names_of(text) if text else ():
                for said in (form, digits_for_words(form)):
                    if word_key(said) not in v.exact:
                        v.add(said, m)
                    elif m not in v.exact[word_key(said)]:
                        v.fan_also.setdefault(word_key(said), item.id)
    # unique prefixes of the declared names, for "thirteen" or "七星"
    for key, ms in list(v.exact.items()):
        if not ms or next(iter(ms)).kind not in ("shape", "flag", "count", "event", "fan"):
            continue
        for n in range(2, len(key)):
            v.names.setdefault(key[:n], set()).update(ms)
    return v


# ---------------------------------------------------------------------------------------
# display names
# ---------------------------------------------------------------------------------------
def decl_of(rs: Ruleset, kind: str, item_id: str) -> Any:
    if kind == "shape":
        return rs.shape(item_id)
    if kind == "flag":
        return rs.flag(item_id)
    if kind == "count":
        return rs.count(item_id)
    if kind == "event":
        return rs.event(item_id)
    if kind == "result":
        return next((r for r in rs.results if r.value == item_id), None)
    if kind == "fan":
        return next((f for f in fans_of(rs.id) if f.id == item_id), None)
    return None


def short(name: str) -> str:
    """A declared name without its bracketed gloss: 平胡（二五八将） → 平胡."""
    base = re.sub(r"\s*[（(][^）)]*[）)]", "", name).strip()
    return base or name


def dname(rs: Ruleset, kind: str, item_id: str, tr: Translator) -> str:
    d = decl_of(rs, kind, item_id)
    if d is None:
        return item_id
    if kind == "fan":
        return str(tr.name(d))
    return short(tr.name(d))


def suggest(word: str, table: TableInfo, tr: Translator) -> list[str]:
    rs = scoring.get(table.ruleset)
    shown: dict[str, str] = {}  # key → display name
    for kind, item in decl_items(rs):
        disp = dname(rs, kind, id_of(kind, item), tr)
        for text in (item.zh, getattr(item, "zh_hant", ""), item.en):
            for form in names_of(text) if text else ():
                shown.setdefault(word_key(form), disp)
    for p in table.players:
        shown.setdefault(word_key(table.names[p]), table.names[p])
    contained = [d for k, d in shown.items() if word in k and len(word) >= 2]
    close = difflib.get_close_matches(word, list(shown), n=4, cutoff=0.5)
    # a misheard word of a longer name: "sevn" in "big sevn pairs"
    parts: dict[str, list[str]] = {}
    for k, d in shown.items():
        for part in k.split():
            if part != k and len(part) >= 3:
                parts.setdefault(part, []).append(d)
    near = difflib.get_close_matches(word, list(parts), n=3, cutoff=0.7)
    out: list[str] = []
    for d in contained + [shown[k] for k in close] + [d for p in near for d in parts[p]]:
        if d not in out:
            out.append(d)
    return out[:4]
