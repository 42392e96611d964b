"""The fixed hand set of ``bench_entry.py``: hands as they are meant, one dict per hand.

Players are seat offsets from the hand's dealer (0 = the dealer, 1 = the next seat …), so a
hand is the same hand whichever seat deals it; ``"Uncle"`` is a chat guest who is not seated
(Yichun's side-bet backer). ``options`` are the table's (hands with the same ruleset and
options share one table, in this order). A hand's ``record`` is checked by ``scoring.settle``
before the bench starts, so every hand is one the bot must accept.
"""

from __future__ import annotations

from typing import Any

GUEST = "Uncle"


def w(winner: int, frm: int | None = None, shape: str | None = None, *flags: str, **kw: Any):
    d: dict[str, Any] = {"winner": winner, "from": frm, "shape": shape, "flags": list(flags)}
    d.update(kw)
    return d


def e(type_: str, player: int, frm: int | None = None, **data: Any) -> dict[str, Any]:
    return {"type": type_, "player": player, "from": frm, **data}


def hand(
    id_: str,
    ruleset: str,
    *wins: dict[str, Any],
    result: str = "win",
    counts: dict[str, dict[int, int]] | None = None,
    events: tuple[dict[str, Any], ...] = (),
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "id": id_,
        "ruleset": ruleset,
        "result": result,
        "wins": list(wins),
        "counts": counts or {},
        "events": list(events),
        "options": options or {},
    }


TILES = "[555z](7777p)123s999p2z 2z"
CHOWS = "[123m][456p]789s234s55z 5z"  # two exposed chows
CLOSED = "123m456m789m345p9s 9s"  # a closed hand: 清龙, 门前清, 单钓将 (four sets and a pair)

HANDS: list[dict[str, Any]] = [
    # --- Xingguo / Nanchang / Taihe (精, 德国, 诈胡, 跟庄) -----------------------------------
    hand(
        "xg-ron-no-wild",
        "xingguo",
        w(1, 2, "plain_win", "no_wild"),
        counts={"primary_wild": {2: 1}},
    ),
    hand(
        "xg-self-seven-pairs",
        "xingguo",
        w(1, None, "big_seven_pairs"),
        counts={"primary_wild": {1: 2}, "secondary_wild": {0: 1}},
    ),
    hand(
        "xg-jing-all-four",
        "xingguo",
        w(0, None, "small_seven_pairs", "wild_single_wait"),
        counts={
            "primary_wild": {0: 1, 1: 1, 2: 1},
            "secondary_wild": {0: 1, 1: 1, 2: 1, 3: 1},
        },
        events=(e("exposed_kong", 2, 3),),
    ),
    hand("xg-draw", "xingguo", result="draw"),
    hand("xg-false-win", "xingguo", result="false_win", events=(e("false_win", 2),)),
    hand(
        "xg-follow-dealer",
        "xingguo",
        w(2, None, "plain_win"),
        counts={"primary_wild": {2: 1}},
        events=(e("follow_dealer", 0, rounds=1),),
    ),
    hand(
        "nc-ron-thirteen-rotten",
        "nanchang",
        w(3, 1, "thirteen_rotten"),
        counts={"secondary_wild": {3: 1}},
    ),
    hand("nc-false-win", "nanchang", result="false_win", events=(e("false_win", 1),)),
    hand(
        "th-self-plain",
        "taihe",
        w(0, None, "plain_win", "kong_bloom"),
        counts={"primary_wild": {0: 1}},
    ),
    # --- Sichuan 血战 ----------------------------------------------------------------------
    hand(
        "sc-self-flush",
        "sichuan",
        w(1, None, "qing_yi_se"),
        result="draw",
        counts={"gen": {1: 1}},
    ),
    hand("sc-ron-plain-two", "sichuan", w(2, 0, "ping_hu"), w(3, None, "ping_hu"), result="draw"),
    hand(
        "sc-three-wins-kongs",
        "sichuan",
        w(1, None, "ping_hu"),
        w(2, 3, "dui_dui_hu"),
        w(3, None, "qi_dui"),
        counts={"gen": {1: 1}},
        events=(e("zhi_gang", 1, 3, after_wins=0),),
    ),
    hand("sc-draw", "sichuan", result="draw", counts={"ready_fan": {1: 2}}),
    # --- Yichun (买, 压鸽子) -----------------------------------------------------------------
    hand("yc-ron-plain", "yichun", w(1, 2, "ping_hu")),
    hand(
        "yc-bought-side-bet",
        "yichun",
        w(0, None, "da_qi_dui"),
        counts={"bought": {1: 1}},
        events=(e("side_bet", 0, backer=GUEST),),
    ),
    hand("yc-self-flush", "yichun", w(3, None, "ping_hu", "qing_yi_se")),
    hand("yc-draw", "yichun", result="draw"),
    # --- Nanning (包牌) ---------------------------------------------------------------------
    hand("nn-ron-flush", "nanning", w(1, 2, "ping_hu", "qing_yi_se")),
    hand(
        "nn-bao-pai",
        "nanning",
        w(1, None, "peng_peng_hu"),
        events=(e("bao_pai", 1, 3),),
    ),
    hand("nn-two-winners", "nanning", w(1, 2, "ping_hu"), w(3, 2, "qi_xiao_dui")),
    hand("nn-kong", "nanning", w(0, None, "ping_hu"), events=(e("exposed_kong", 2, 1),)),
    # --- Guobiao (keypad, checklist, tiles) --------------------------------------------------
    hand("gb-keypad", "guobiao", w(1, None, None, fan=12)),
    hand(
        "gb-checklist",
        "guobiao",
        w(2, 1, None, fans=["all_pungs", "half_flush", "dragon_pung"]),
        counts={"flowers": {2: 1}},
    ),
    hand("gb-tiles", "guobiao", w(3, None, None, tiles=TILES)),
    hand("gb-draw", "guobiao", result="draw"),
    # --- points (a fan total) ----------------------------------------------------------------
    hand("pt-ron", "points", w(1, 0, None, fan=3)),
    hand("pt-self", "points", w(2, None, None, fan=5)),
    # --- Changsha -----------------------------------------------------------------------------
    hand("cs-ron-plain", "changsha", w(1, 2, "ping_hu")),
    hand("cs-self-big", "changsha", w(0, None, "qi_xiao_dui", "qing_yi_se")),
    hand("cs-opening-event", "changsha", w(2, 3, "ping_hu"), events=(e("que_yi_se", 1),)),
    # --- Suzhou ---------------------------------------------------------------------------------
    hand("sz-ron", "suzhou", w(1, 2, "ping_hu"), counts={"hard_flowers": {1: 4}}),
    hand(
        "sz-self-pungs",
        "suzhou",
        w(3, None, "dui_dui_hu", "hun_yi_se"),
        counts={"hard_flowers": {3: 2}, "wind_peng": {3: 1}},
    ),
    # --- Taixing --------------------------------------------------------------------------------
    hand("tx-ron", "taixing", w(2, 1, "standard"), counts={"hard_flowers": {2: 3}}),
    hand(
        "tx-bao",
        "taixing",
        w(1, None, "peng_peng"),
        counts={"hard_flowers": {1: 3}},
        events=(e("bao_san_tan", 2, 1),),
    ),
    # --- Wenling --------------------------------------------------------------------------------
    hand("wl-ron", "wenling", w(1, 3, "ping_hu"), counts={"pung_claimed": {1: 1}}),
    hand("wl-self", "wenling", w(0, None, None, "zi_mo_cai_shen"), counts={"flowers": {0: 2}}),
    # --- Xiaoshan -------------------------------------------------------------------------------
    hand("xs-self", "xiaoshan", w(1, None, "ping_hu"), counts={"kongs": {1: 1}}),
    hand("xs-self-pungs", "xiaoshan", w(2, None, "peng_peng_hu", "qing_yi_se")),
    hand("xs-cheng-bao", "xiaoshan", w(3, None, "ping_hu"), events=(e("cheng_bao", 3, 0),)),
    # --- Hong Kong, Taiwan, Singapore, Guangdong ------------------------------------------------
    hand("hk-keypad", "hongkong", w(1, 2, None, fan=3)),
    hand("hk-checklist", "hongkong", w(2, None, None, fans=["dui_dui_hu", "hun_yi_se", "zi_mo"])),
    hand("hk-false-win", "hongkong", result="false_win", events=(e("false_win", 3),)),
    hand("tw-keypad", "taiwan", w(3, None, None, fan=4)),
    hand("tw-ron", "taiwan", w(1, 0, None, fan=2)),
    hand("sg-keypad-kong", "singapore", w(1, 3, None, fan=2), events=(e("exposed_kong", 2, 1),)),
    hand("sg-checklist", "singapore", w(0, None, None, fans=["dragon_pung", "half_flush"])),
    hand("gd-self", "guangdong", w(2, None, "ping_hu"), counts={"horses_hit": {2: 1}}),
    hand(
        "gd-pungs-kong", "guangdong", w(0, None, "pong_pong_hu"), events=(e("concealed_kong", 1),)
    ),
    # --- riichi (issue #27 point 3): the han keypad, the fu of that han, the toggle rows ------
    # (non-dealer wins first: the honba stays 0, the winner takes the stick; the draw last)
    hand(
        "rc-ron-riichi",
        "riichi",
        w(1, 2, None, fan=3),
        counts={"fu": {1: 30}},
        events=(e("riichi", 1),),
    ),
    hand("rc-tsumo-mangan", "riichi", w(2, None, None, fan=5)),
    hand("rc-ron-4-40", "riichi", w(3, 1, None, fan=4), counts={"fu": {3: 40}}),
    hand("rc-yakuman", "riichi", w(1, None, None, fan=None), counts={"yakuman": {1: 1}}),
    hand("rc-draw-tenpai", "riichi", result="draw", events=(e("tenpai", 0), e("tenpai", 2))),
    # --- a draw or two more, where draws are common ---------------------------------------------
    hand("cs-draw", "changsha", result="draw"),
    hand("tx-draw", "taixing", result="draw"),
    hand("sz-draw", "suzhou", result="draw"),
]

#: The tile pad (issue 14 point 8), measured apart: the same Guobiao tiles hand entered by
#: tapping its tiles instead of typing the notation (one text reply counts as one input).
PAD_HANDS: list[dict[str, Any]] = [
    {**hand("gb-tiles-pad", "guobiao", w(3, None, None, tiles=TILES)), "via": "pad"},
    {**hand("gb-chows-pad", "guobiao", w(1, 0, None, tiles=CHOWS)), "via": "pad"},
    {**hand("gb-closed-pad", "guobiao", w(2, 1, None, tiles=CLOSED)), "via": "pad"},
]
