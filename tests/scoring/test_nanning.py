"""南宁 Nanning (scoring/rulesets/nanning.py).

Spec: shared/rules/nanning.md; seed 003_62cb00bcf6a554e2.txt lines 34–64 (1-based).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import settle
from tests.scoring.builders import (
    PLAYERS,
    assert_balanced,
    record,
    refused_field,
    settle_generated,
    win_builder,
    winners_and_discarder,
)

P = PLAYERS
rec = partial(record, "nanning")
win = win_builder("ping_hu")


def test_nn01_gang_shang_pao_pengpeng_18() -> None:
    # NN-01, seed 003 L51: "比如杠後炮,放給別人是個對對胡,則為9+9=18分,另外開杠的杠錢要算的"
    # c konged (open kong fed by d: d pays c 1) then discarded to b's 碰碰胡: c pays 9 + 9 = 18.
    s = settle(
        rec(
            [win("b", "c", "peng_peng_hu", "gang_shang_pao")],
            events=[{"type": "exposed_kong", "player": "c", "from": "d"}],
        )
    )
    assert s.paid("c", "b") == 18
    assert s.net == {"a": 0, "b": 18, "c": -17, "d": -1}
    assert "碰碰胡9 · 杠上炮9 = 18" in s.explanation[0].zh


def test_nn02_robbed_kong_pengpeng_18_no_kong_money() -> None:
    # NN-02, seed 003 L53: "搶杠的人為個對對胡,則為9+9=18分,杠錢就不算了"
    s = settle(rec([win("b", "c", "peng_peng_hu", robbed=True)]))
    assert s.net == {"a": 0, "b": 18, "c": -18, "d": 0}


def test_nn03_haidilaoyue_pengpeng_12_each() -> None:
    # NN-03, seed 003 L55: "海底撈月的人為個對對胡,則為6+6=12分"
    s = settle(rec([win("b", None, "peng_peng_hu", "hai_di_lao_yue")]))
    assert s.net == {"a": -12, "b": 36, "c": -12, "d": -12}


def test_nn04_haidipao_pengpeng_18() -> None:
    # NN-04, seed 003 L57: "摸最後一張牌的人,打牌出去被人胡掉,而且胡的人是個對對胡,則為9+9=18分"
    s = settle(rec([win("b", "d", "peng_peng_hu", "hai_di_pao")]))
    assert s.net == {"a": 0, "b": 18, "c": 0, "d": -18}


def test_nn05_angang_ganghua_9_plus_1() -> None:
    # NN-05, seed 003 L49: "暗杠杠上花：每家付9分,杠錢照樣結算,算自摸 (也就是說每人給9+1分)"
    s = settle(
        rec(
            [win("b", None, "ping_hu", "an_gang_hua")],
            events=[{"type": "concealed_kong", "player": "b"}],
        )
    )
    assert s.net == {"a": -10, "b": 30, "c": -10, "d": -10}


def test_nn06_minggang_ganghua_18_plus_1() -> None:
    # NN-06, seed 003 L48: "明杠杠上花：被杠者付一人付18分,杠錢照樣結算1分,,算放炮"
    s = settle(
        rec(
            [win("b", "d", "ping_hu", "ming_gang_hua")],
            events=[{"type": "exposed_kong", "player": "b", "from": "d"}],
        )
    )
    assert s.net == {"a": 0, "b": 19, "c": 0, "d": -19}


def test_nn07_tian_hu_6_each() -> None:
    # NN-07, seed 003 L57: "莊家起牌後就自摸每家付6" (heading lost; read as 天胡, N6)
    s = settle(rec([win("a", None, "ping_hu", "tian_hu")]))
    assert s.net == {"a": 18, "b": -6, "c": -6, "d": -6}


def test_nn08_tian_hu_pengpeng_12_each() -> None:
    # NN-08, seed 003 L58 (garbled copy): "…而且胡的人是個對對胡,則為6+6=12分" read as 天胡 6 + 对对胡 6
    s = settle(rec([win("a", None, "peng_peng_hu", "tian_hu")]))
    assert s.net == {"a": 36, "b": -12, "c": -12, "d": -12}


def test_nn09_baopai_self_draw_triple() -> None:
    # NN-09, seed 003 L60: "玩家B自摸，則玩家A付玩家B的分數*3，俗稱包牌"
    # A = c fed B = b three pongs; b self-draws a 平胡 (3 each): c pays 3 × 3 = 9 alone (N7).
    s = settle(rec([win("b")], events=[{"type": "bao_pai", "player": "b", "from": "c"}]))
    assert s.net == {"a": 0, "b": 9, "c": -9, "d": 0}


def test_nn10_baopai_own_discard_two_shares() -> None:
    # NN-10, seed 003 L62: "A放炮給B的話，需要付二份費用": 平胡 on c's discard (2): c pays 2 × 2 = 4.
    s = settle(rec([win("b", "c")], events=[{"type": "bao_pai", "player": "b", "from": "c"}]))
    assert s.net == {"a": 0, "b": 4, "c": -4, "d": 0}


def test_plain_values() -> None:
    # L38 "放炮：放炮者付2分", L39 "自摸： 每家付3分", L40 "門清： 每家付4分（門清一定要自摸）"
    assert settle(rec([win("b", "c")])).paid("c", "b") == 2
    assert settle(rec([win("b")])).paid("d", "b") == 3
    assert settle(rec([win("b", None, "ping_hu", "men_qing")])).paid("d", "b") == 4  # N2
    # L41–45: 清一色 9/6, 七小对 12/8, 大七对 24/16; L46 全求人 18 on a discard, 对对胡 6 self-drawn
    assert settle(rec([win("b", "c", "ping_hu", "qing_yi_se")])).paid("c", "b") == 9
    assert settle(rec([win("b", None, "qi_xiao_dui", "men_qing")])).paid("d", "b") == 8 + 4
    assert settle(rec([win("b", "c", "da_qi_dui", "qing_yi_se")])).paid("c", "b") == 24 + 9
    assert settle(rec([win("b", None, "da_qi_dui")])).paid("d", "b") == 16
    assert settle(rec([win("b", "c", "quan_qiu_ren")])).paid("c", "b") == 18
    assert settle(rec([win("b", None, "quan_qiu_ren")])).paid("d", "b") == 6


def test_multi_feature_baopai_third_player_deals_in() -> None:
    # Hand-made: a fed b three pongs (包牌, L58). b has an open kong fed by a (kong money 1, L37) and
    # wins a 清一色 碰碰胡 on c's discard right after c's own concealed kong (杠上炮, L50–51):
    #   share = 碰碰胡 9 + 清一色 9 + 杠上炮 9 = 27 (L41/L42 "可以累計"), base 2 -> 54.
    #   c pays 54 (discarder); a pays one share 54 too ("旅游", L61).
    #   kong money ×2: a pays b 2 (open kong); a, b, d each pay c 2 (c's concealed kong).
    # nets: b = 54+54+2-2 = 108; a = -54-2-2 = -58; c = -54+6 = -48; d = -2.
    s = settle(
        rec(
            [win("b", "c", "peng_peng_hu", "qing_yi_se", "gang_shang_pao")],
            options={"base": 2},
            events=[
                {"type": "bao_pai", "player": "b", "from": "a"},
                {"type": "exposed_kong", "player": "b", "from": "a"},
                {"type": "concealed_kong", "player": "c"},
            ],
        )
    )
    assert s.net == {"a": -58, "b": 108, "c": -48, "d": -2}
    assert {(x.payer, x.reason, x.amount) for x in s.payments if x.payee == "b"} == {
        ("c", "discarder_share", 54),
        ("a", "bao_pai", 54),
        ("a", "exposed_kong", 2),
    }
    assert_balanced(s)


def test_baopai_no_win_only_kong_money() -> None:
    # L63 "只要玩家B沒胡牌，則玩家A不需要額外支付給玩家B費用"; L64 "不管能不能胡,杠錢照樣結算"
    s = settle(
        rec(
            [win("d")],
            events=[
                {"type": "bao_pai", "player": "b", "from": "a"},
                {"type": "exposed_kong", "player": "b", "from": "a"},
            ],
        )
    )
    # d self-draws 平胡: 3 each; a pays b 1 kong money; nothing more from a.
    assert s.net == {"a": -4, "b": -2, "c": -3, "d": 9}


@pytest.mark.parametrize(
    ("record", "field"),
    [
        # L58 "而放碰的人本局不能胡牌"
        (
            rec([win("a")], events=[{"type": "bao_pai", "player": "b", "from": "a"}]),
            "events[0].from",
        ),
        (rec([win("b", "c", "ping_hu", "men_qing")]), "wins[0].flags[0]"),  # L40 門清一定要自摸
        (rec([win("b", None, "quan_qiu_ren", "men_qing")]), "wins[0].shape"),
        (rec([win("b", None, "ping_hu", "tian_hu")]), "wins[0].flags[0]"),  # dealer only
    ],
)
def test_invalid(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


SHAPES = ["ping_hu", "peng_peng_hu", "qi_xiao_dui", "da_qi_dui", "quan_qiu_ren"]


SELF_FLAGS = ["qing_yi_se", "men_qing", "an_gang_hua", "hai_di_lao_yue", "tian_hu"]
DISC_FLAGS = ["qing_yi_se", "gang_shang_pao", "ming_gang_hua", "hai_di_pao"]


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    winners, frm = draw(winners_and_discarder())
    wins = []
    robbed = frm is not None and draw(st.booleans())
    for w in winners:
        usable = SELF_FLAGS if frm is None else (["qing_yi_se"] if robbed else DISC_FLAGS)
        flags = draw(st.lists(st.sampled_from(usable), unique=True, max_size=2))
        wins.append(win(w, frm, draw(st.sampled_from(SHAPES)), *flags, robbed=robbed))
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        a, b = draw(st.permutations(P))[:2]
        kind = draw(st.sampled_from(["exposed_kong", "concealed_kong", "bao_pai"]))
        events.append(
            {"type": kind, "player": a, **({"from": b} if kind != "concealed_kong" else {})}
        )
    return rec(wins, events=events, options={"base": draw(st.integers(1, 3))}, result=None)


@settings(max_examples=300)
@given(records())
def test_property_zero_sum(r: dict[str, Any]) -> None:
    settle_generated(r)


# --- audit: hand-made multi-feature cases (per-payer values added by hand from L36–64) ---


def test_audit_big_pairs_flush_concealed_last_tile_base_2() -> None:
    # b self-draws 大七对 16 (L44) + 清一色 6 (L41) + 门清 4 (L40) + 海底捞月 6 (L54–55) = 32 per payer
    # ("可以累計門清，清一色"); base 2 → 64 from each of a, c, d; b +192.
    s = settle(
        rec(
            [win("b", None, "da_qi_dui", "qing_yi_se", "men_qing", "hai_di_lao_yue")],
            options={"base": 2},
        )
    )
    assert s.net == {"a": -64, "b": 192, "c": -64, "d": -64}
    assert "大七对16 · 清一色6 · 门清4 · 海底捞月6 = 32，×底2=64" in s.explanation[0].zh


def test_audit_baopai_self_draw_concealed_kong_flower() -> None:
    # c fed b three pongs (包牌, L58); b then makes a concealed kong (a, c, d pay 1 each, L37) and
    # wins on its replacement: 碰碰胡 6 + 清一色 6 + 暗杠杠上花 9 = 21 per payer (self-draw values).
    # 包牌 (L60 "玩家A付玩家B的分數*3"): c alone pays 3 × 21 = 63; a and d pay only the kong money.
    # a = −1; b = 63 + 3 = 66; c = −63 − 1 = −64; d = −1.
    s = settle(
        rec(
            [win("b", None, "peng_peng_hu", "qing_yi_se", "an_gang_hua")],
            events=[
                {"type": "bao_pai", "player": "b", "from": "c"},
                {"type": "concealed_kong", "player": "b"},
            ],
        )
    )
    assert s.net == {"a": -1, "b": 66, "c": -64, "d": -1}
    assert s.paid("c", "b") == 63 + 1
    assert any("3×21=63" in x.zh for x in s.explanation)


def test_audit_luyou_on_robbed_kong_quan_qiu_ren() -> None:
    # a fed d three melds (包牌); d, down to one tile (全求人, L46: 18 on a discard), robs b's 补杠
    # (抢杠 9 "算放炮", L52): 18 + 9 = 27; b pays 27 and a pays one share 27 too ("旅游", L61);
    # the robbed kong earns nothing (L53), so it is not recorded.
    s = settle(
        rec(
            [win("d", "b", "quan_qiu_ren", robbed=True)],
            events=[{"type": "bao_pai", "player": "d", "from": "a"}],
        )
    )
    assert s.net == {"a": -27, "b": -27, "c": 0, "d": 54}


def test_audit_two_winners_one_discard() -> None:
    # c's discard is won by b (七小对 12 + 清一色 9 = 21, L43 "可以累計…清一色") and d (平胡: 放炮 2, L38):
    # c pays 21 + 2 = 23.
    s = settle(rec([win("b", "c", "qi_xiao_dui", "qing_yi_se"), win("d", "c")]))
    assert s.net == {"a": 0, "b": 21, "c": -23, "d": 2}


@pytest.mark.parametrize(
    ("record", "field"),
    [
        # a 杠 win without its kong event would lose the kong money (L48, L49, L51)
        (rec([win("b", "d", "ping_hu", "ming_gang_hua")]), "wins[0].flags"),
        (
            rec(
                [win("b", "d", "ping_hu", "ming_gang_hua")],
                events=[{"type": "exposed_kong", "player": "b", "from": "c"}],
            ),
            "wins[0].flags",
        ),
        (rec([win("b", None, "ping_hu", "an_gang_hua")]), "wins[0].flags"),
        (rec([win("b", "c", "ping_hu", "gang_shang_pao")]), "wins[0].flags"),
        # 门清 allows only a concealed kong (L40)
        (
            rec(
                [win("b", None, "ping_hu", "men_qing")],
                events=[{"type": "exposed_kong", "player": "b", "from": "c"}],
            ),
            "wins[0].flags",
        ),
        # seven pairs keep their four alike in hand
        (rec([win("b", None, "da_qi_dui", "an_gang_hua")]), "wins[0].shape"),
        (
            rec([win("b", "c", "qi_xiao_dui")], events=[{"type": "concealed_kong", "player": "b"}]),
            "wins[0].shape",
        ),
        # 包牌 means b was fed three pongs: not concealed, not seven pairs
        (
            rec(
                [win("b", "c", "qi_xiao_dui")],
                events=[{"type": "bao_pai", "player": "b", "from": "a"}],
            ),
            "wins[0].shape",
        ),
    ],
)
def test_audit_impossible_records(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field
