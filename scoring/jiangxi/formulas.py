"""Jiangxi 冲关: the 胡计子 share of one payer (2^翻, +5, ×2) and the 精计子 value of one
holder, with their derivations in zh, en and ja (spec §2.2–§2.6; scoring/rulesets/jiangxi.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from scoring import refs
from scoring.jiangxi.decls import (
    ALL_MELDED,
    BIG_SEVEN,
    CHONGGUAN_FROM,
    EARTHLY,
    HEAVENLY,
    KONG_BLOOM,
    NO_WILD,
    NO_WILD_ANYWHERE,
    NO_WILD_BONUS,
    PLAIN,
    ROTTEN,
    SEVEN_STAR,
    SHAPES,
    SMALL_SEVEN,
    SOLE_HOLDER_MULT,
    WILD_WAIT,
    word,
)
from scoring.record import OptionValue

# --- 胡计子: one payer's share ----------------------------------------------------------
SHAPE_LABEL = {
    PLAIN: ("平胡", "plain"),
    SMALL_SEVEN: ("小七", "small seven pairs"),
    BIG_SEVEN: ("大七", "big seven pairs"),
    ROTTEN: ("十三烂", "thirteen rotten"),
    SEVEN_STAR: ("七星", "seven-star"),
}
SHAPE_FAN = {PLAIN: 0, SMALL_SEVEN: 1, ROTTEN: 1, SEVEN_STAR: 2}
SHAPE_NAME = {s.id: (s.zh, s.en) for s in SHAPES}
FLAG_NAME = {
    NO_WILD: ("德国", "no-wild"),
    WILD_WAIT: ("精吊", "wild single wait"),
    KONG_BLOOM: ("杠开", "kong bloom"),
    HEAVENLY: ("天胡", "heavenly hand"),
    EARTHLY: ("地胡", "earthly hand"),
    ALL_MELDED: ("全求人", "all melded"),
}
#: 德中德 (Nanchang) and 霸胡 (Xingguo) are the same flag; each ruleset names it.
BAHU_NAME = {
    "nanchang": ("德中德", "no wild anywhere"),
    "taihe": ("德中德", "no wild anywhere"),
    "xingguo": ("霸胡", "no wild anywhere (ba hu)"),
}


@lru_cache(maxsize=8192)
def share(
    ruleset_id: str,
    shape: str,
    flags: frozenset[str],
    self_drawn: bool,
    payer_dealer: bool,
    payer_discarder: bool,
    winner_dealer: bool,
    robbed: bool,
    rule: tuple[int, bool, bool, str, str],
    referencing: str | None = None,
) -> tuple[int, str, str, str]:
    """One payer's 胡计子 share (before the base): (amount, derivation zh, en, ja).

    ``referencing``: :func:`scoring.refs.active` at the call, a key of the cache only (the
    names are references while settling for storage, plain otherwise).

    ``self_drawn``/``payer_discarder`` describe the win as scored (a robbed kong is scored as a
    discard by, or a self-draw against, the kong maker; ``robbed`` adds its ×2 = +1翻).
    ``rule`` = (da_qidui_fan, degu_xiaoqi_elevated, jingdiao_bonus5, gangkai_mode,
    dezhongde_mode).
    """
    da_qidui_fan, degu_xiaoqi, jingdiao_bonus5, gangkai_mode, dezhongde_mode = rule
    degu = NO_WILD in flags
    jingdiao = WILD_WAIT in flags
    gangkai = KONG_BLOOM in flags
    dezhongde = NO_WILD_ANYWHERE in flags
    terms: list[tuple[str, str, str, int]] = []  # zh, en, ja, 翻
    if self_drawn:
        terms.append(("自摸", "Self-drawn", "ツモ", 1))
    elif payer_discarder:
        terms.append(("点炮", "Discard", "放銃", 1))
    degu_zh, degu_en = _term(NO_WILD)
    jd_zh, jd_en = _term(WILD_WAIT)
    gk_zh, gk_en = _term(KONG_BLOOM)
    if jingdiao:
        terms.append((jd_zh, jd_en, jd_en, 1))
    if gangkai and gangkai_mode == "fan":
        terms.append((gk_zh, gk_en, gk_en, 1))
    if payer_dealer or winner_dealer:
        terms.append(("庄", "Dealer", "親", 1))
    zh_s, en_s = refs.name("label", shape, SHAPE_LABEL[shape][0], cap(SHAPE_LABEL[shape][1]),
                           "cap")  # fmt: skip
    if shape == BIG_SEVEN:
        terms.append((zh_s, en_s, en_s, da_qidui_fan))
    elif shape == SMALL_SEVEN and degu and degu_xiaoqi:
        dz, de = word("degu_xiaoqi", "cap")
        de = de if refs.active() else cap(de)
        terms.append((dz, de, de, 2))
    elif SHAPE_FAN[shape]:
        terms.append((zh_s, en_s, en_s, SHAPE_FAN[shape]))
    if degu:
        terms.append((degu_zh, degu_en, degu_en, 1))
    b_zh, b_en = BAHU_NAME[ruleset_id]
    bahu_zh, bahu_en = refs.name("term", NO_WILD_ANYWHERE, b_zh, cap(b_en), "cap")
    if dezhongde and dezhongde_mode == "fan":
        terms.append((bahu_zh, bahu_en, bahu_en, 1))
    if robbed:
        terms.append(("抢杠", "Robbed kong", "搶槓", 1))
    fan = sum(n for _, _, _, n in terms)
    amount = 1 << fan
    # a fan list, each 翻 doubling: "自摸1 · 庄1 → ×4" (issue 25 point 6)
    if terms:
        zh = " · ".join(f"{z}{n}" for z, _, _, n in terms) + f" → ×{amount}"
        en = " · ".join(f"{e} {n}" for _, e, _, n in terms) + f" → ×{amount}"
        ja = " · ".join(f"{j}{n}" if j in JA_WORDS else f"{j} {n}" for _, _, j, n in terms)
        ja += f" → ×{amount}"
    else:
        zh, en, ja = f"无翻 → ×{amount}", f"No fan → ×{amount}", f"翻なし → ×{amount}"
    responsible = self_drawn or payer_discarder
    if responsible and (degu or (jingdiao and jingdiao_bonus5)):
        amount += NO_WILD_BONUS
        why_zh = degu_zh if degu else jd_zh
        why_en = degu_en if degu else jd_en
        zh += f"，+5（{why_zh}）= {amount}"
        en += f", + 5 ({why_en}) = {amount}"
        ja += f"、+5（{why_en}）= {amount}"
    doubles: list[tuple[str, str]] = []
    if gangkai and gangkai_mode == "double_total":
        doubles.append((gk_zh, gk_en))
    if dezhongde and dezhongde_mode == "double_total":
        doubles.append((bahu_zh, bahu_en))
    for dz, de in doubles:
        amount *= 2
        zh += f"，再×2（{dz}）= {amount}"
        en += f", ×2 again ({de}) = {amount}"
        ja += f"、さらに×2（{de}）= {amount}"
    return amount, zh, en, ja  # "→ ×4" alone: the share is 4


#: the fan-list words the ja steps write in Japanese (a name is written as the en writes it,
#: then a space: "Kong bloom 1")
JA_WORDS = frozenset({"ツモ", "放銃", "親", "搶槓"})


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _term(flag: str) -> tuple[str, str]:
    """A flag as a fan-list item: its Chinese name, its English one capitalized."""
    zh, en = FLAG_NAME[flag]
    return refs.name("term", flag, zh, cap(en), "cap")


def rule_key(opts: Mapping[str, OptionValue]) -> tuple[int, bool, bool, str, str]:
    """The options :func:`share` depends on, as a hashable key."""
    return (
        int(opts["da_qidui_fan"]),
        bool(opts["degu_xiaoqi_elevated"]),
        bool(opts["jingdiao_bonus5"]),
        str(opts["gangkai_mode"]),
        str(opts["dezhongde_mode"]),
    )


# --- 精计子 -----------------------------------------------------------------------------
def wild_value(
    points: int, wild_kongs: int, sole: bool, gang_jing_bonus: int, full_jing_100: bool
) -> int:
    """What each other player pays a holder of ``points`` 精 points (正精 2, 副精 1).

    Below 5: the points; 冲关 from 5: (n−3)×n (100 at 10 with 满精); + the 精杠 bonus per 精
    kong; ×2 for the sole holder (霸精). Spec §2.6.
    """
    if points <= 0 and wild_kongs <= 0:
        return 0
    if points < CHONGGUAN_FROM:
        v = points
    elif full_jing_100 and points == 10:
        v = 100
    else:
        v = (points - 3) * points
    v += gang_jing_bonus * wild_kongs
    if sole:
        v *= SOLE_HOLDER_MULT
    return v


@lru_cache(maxsize=4096)
def wild_explain(
    primary: int,
    secondary: int,
    wild_kongs: int,
    sole: bool,
    bonus: int,
    full100: bool,
    referencing: str | None,
) -> tuple[int, str, str, str]:
    """A holder's 精 value and its derivation (zh, en, ja). ``referencing``:
    :func:`scoring.refs.active` at the call, a key of the cache only."""
    points = 2 * primary + secondary
    v = wild_value(points, wild_kongs, sole, bonus, full100)
    (pz, pe), (sz, se) = word("primary"), word("secondary")
    zh = f"{pz}{primary}个×2 · {sz}{secondary}个×1 = {points}"
    en = f"{primary} {pe} ×2 · {secondary} {se} ×1 = {points}"
    ja = f"{pe} {primary}枚×2 · {se} {secondary}枚×1 = {points}"
    if points >= CHONGGUAN_FROM:
        if full100 and points == 10:
            fz, fe = word("full_wilds")
            zh += f" → {fz} 100"
            en += f" → {fe}: 100"
            ja += f" → {fe}：100"
        else:
            c = (points - 3) * points
            cz, ce = word("chongguan")
            zh += f" → {cz}：({points}−3)×{points} = {c}"
            en += f" → {ce}: ({points} − 3) × {points} = {c}"
            ja += f" → {ce}：({points}−3)×{points} = {c}"
    run = v // SOLE_HOLDER_MULT if sole else v
    if wild_kongs:
        kz, ke = word("wild_kong")
        zh += f"，{kz}{wild_kongs}个 +{bonus}×{wild_kongs} = {run}"
        en += f", {wild_kongs} {ke} +{bonus}×{wild_kongs} = {run}"
        ja += f"、{ke} {wild_kongs}組 +{bonus}×{wild_kongs} = {run}"
    return v, zh, en, ja
