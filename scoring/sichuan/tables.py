"""Sichuan 血战到底's tables (seed 001 L242–265): the fan table, the +1番 extras, the kongs'
money, a shape's declaration, and the ``base × 2^(番 − 1)`` amount (scoring/rulesets/sichuan.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.declarations import SELF_DRAWN, WinItemDecl

# --- the fan table (seed 001 L242–259) ------------------------------------------------------
#: shape id -> (zh, en, 番). 龙七对's 番 comes from the option ``longqidui`` (S1).
HANDS: dict[str, tuple[str, str, int]] = {
    "ping_hu": ("平胡", "Basic hand", 1),
    "dui_dui_hu": ("对对胡", "All pungs", 2),
    "qing_yi_se": ("清一色", "Full flush", 3),
    "dai_yao_jiu": ("带幺九", "Terminals in every set", 3),
    "qi_dui": ("七对", "Seven pairs", 3),
    "qing_dui": ("清对", "Full-flush all pungs", 4),
    "jiang_dui": ("将对", "All 2/5/8 pungs", 4),
    "long_qi_dui": ("龙七对", "Dragon seven pairs", 5),
    "qing_qi_dui": ("清七对", "Full-flush seven pairs", 5),
    "qing_yao_jiu": ("清幺九", "Full-flush terminals", 5),
    "tian_hu": ("天胡", "Heavenly hand", 6),
    "di_hu": ("地胡", "Earthly hand", 6),
    "qing_long_qi_dui": ("青龙七对", "Full-flush dragon seven pairs", 6),
}
#: 龙七对 / 青龙七对: "不再计七对，同时减1根" (L253), "算番时减1根" (L259)
DRAGON = frozenset({"long_qi_dui", "qing_long_qi_dui"})
#: seven-pair hands: "没有碰过和杠过" (L247, L252): no kongs, at most three sets of four
SEVEN_PAIRS = frozenset({"qi_dui", "long_qi_dui", "qing_qi_dui", "qing_long_qi_dui"})
#: hands a 金钩钓 (four melds + a single wait, no chow in Sichuan) can be
PUNG_HANDS = frozenset({"dui_dui_hu", "qing_dui", "jiang_dui", "dai_yao_jiu", "qing_yao_jiu"})

LONGQIDUI_FAN = {"table": 5, "chengma": 3}

#: flag id -> (zh, en); each +1番 (L260–265; 海底捞月 L156)
EXTRAS: dict[str, tuple[str, str]] = {
    "gang_shang_hua": ("杠上花", "win on a kong replacement"),
    "gang_shang_pao": ("杠上炮", "win on a discard right after a kong"),
    "jin_gou_diao": ("金钩钓", "golden hook"),
    "hai_di_lao_yue": ("海底捞月", "last tile"),
}

KONGS: dict[str, tuple[str, str, int]] = {
    "zhi_gang": ("刮风·直杠", "Discard kong (直杠)", 1),
    "mian_xia_gang": ("刮风·面下杠", "Added kong (面下杠)", 1),
    "an_gang": ("下雨·暗杠", "Concealed kong (暗杠)", 2),
}

PIG_MULTIPLE = 16  # "花猪赔给非花猪玩家16倍点数" (L144)


def shape_decl(sid: str) -> WinItemDecl:
    zh, en, fan = HANDS[sid]
    if sid == "long_qi_dui":
        value_zh, value_en = (
            "5番（×16）或成麻3番（×4），减1根",
            "5 fan (×16) or 成麻 3 fan (×4), one 根 less",
        )
    else:
        value_zh, value_en = f"{fan}番（×{2 ** (fan - 1)}）", f"{fan} fan (×{2 ** (fan - 1)})"
    if sid == "tian_hu":  # "庄家在第一次模完牌后，就胡牌" (L257)
        return WinItemDecl(
            sid, zh, en, value_zh, value_en, how=frozenset({SELF_DRAWN}), winner_dealer=True
        )
    if sid == "di_hu":  # "非庄家在第一次摸完牌后…" (L258)
        return WinItemDecl(sid, zh, en, value_zh, value_en, winner_dealer=False)
    return WinItemDecl(sid, zh, en, value_zh, value_en)


#: 查花猪/查大叫 inputs are asked only when the wall ran out
DRAW_ONLY = frozenset({"draw"})


@dataclass(slots=True)
class FanCount:
    """A win's 番, with the parts that make it up (for the explanation)."""

    fan: int
    uncapped: int
    parts_zh: tuple[str, ...]
    parts_en: tuple[str, ...]
    parts_ja: tuple[str, ...]


def pow_amount(base: int, fan: int) -> int:
    """``base × 2^(fan − 1)`` for fan ≥ 1 (integers only)."""
    assert fan >= 1
    return base * (1 << (fan - 1))
