"""Yichun's tables (spec shared/rules/yichun.md, seed 002 L1–65): the shapes' values, the
flags' and the payment reasons' names (scoring/rulesets/yichun.py).
"""

from __future__ import annotations

# shape id -> (value, zh, en)
SHAPE_VALUE: dict[str, tuple[int, str, str]] = {
    "ping_hu": (1, "平糊", "basic hand"),
    "shisan_lan": (2, "十三烂", "thirteen rotten"),
    "qixing_shisan_lan": (3, "七星十三烂", "seven-star thirteen rotten"),
    "da_qi_dui": (3, "大七对", "big seven pairs (all pungs)"),
    "xiao_qi_dui": (4, "小七对", "small seven pairs"),
    "zi_yi_se_loose": (6, "字一色（不成阕）", "all honours, not in sets"),
    "zi_yi_se": (12, "字一色（成阕）", "all honours in sets"),
    "tian_hu": (12, "天糊", "heavenly hand"),
    "di_hu": (12, "地糊", "earthly hand"),
    "da_san_yuan": (3, "大三元", "big three dragons"),
    "da_si_xi": (0, "大四喜", "big four winds"),  # value from the option da_si_xi_value
}

#: hands that hold no kong: seven pairs "不能吃，不能碰" (L31; four alike stay in the hand as 豪华),
#: the thirteen-rotten hands have no two alike (L25 "要相隔2位")
NO_KONG_SHAPES = frozenset({"xiao_qi_dui", "shisan_lan", "qixing_shisan_lan"})

FLAG_NAMES: dict[str, tuple[str, str]] = {
    "qing_yi_se": ("清一色", "full flush"),
    "dan_diao": ("单钓", "single tile left"),
    "men_qing": ("门清", "concealed self-draw"),
    "gang_kai": ("杠开", "win on a kong replacement"),
}

REASONS: dict[str, tuple[str, str]] = {
    "self_drawn_share": ("自摸每家付", "self-draw share"),
    "discarder_share": ("放冲者付", "discarder pays"),
    "robbed_kong_share": ("被抢杠者付", "robbed kong: the kong player pays"),
    "exposed_kong": ("明杠钱", "open kong money"),
    "concealed_kong": ("暗杠钱", "concealed kong money"),
    "side_bet": ("压鸽子", "side bet"),
}
