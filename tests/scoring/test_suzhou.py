"""苏州 Suzhou (scoring/rulesets/suzhou.py).

Spec: shared/rules/suzhou.md; seed 003_62cb00bcf6a554e2.txt lines 1–32 (1-based).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, settle
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
rec = partial(record, "suzhou")
win = win_builder("ping_hu")


# SZ-01's hand: 清一色七对, 5 flowers, self-drawn (seed 003 L6 "有人清一色七對，5個花，自摸後")
SZ01 = [win("b", None, "qi_dui_zi", "qing_yi_se", "xiao_men_qing")]
SZ01_COUNTS = {"hard_flowers": {"b": 5}}


def test_sz01_seed_reading_flower_value_2() -> None:
    # SZ-01, seed 003 L7: "清一色10+七對15+成牌5+花5*2+自摸=120" — reproduced under the spec's reading
    # (Z1/Z2): 七对 15 = 七对子 10 + 小门清 5, and flowers counted ×2 (option flower_value = 2):
    # 5 + 5×2 + 10 + 10 + 5 = 40 per payer, × 3 payers = 120.
    s = settle(rec(SZ01, counts=SZ01_COUNTS, options={"flower_value": 2}))
    assert s.net["b"] == 120
    assert s.paid("c", "b") == 40


def test_sz01_list_default_35() -> None:
    # SZ-01 by the item list (L12–25, default): 底5 + 硬花5×1 + 七對子10 + 清一色10 + 小門清5 = 35 per payer,
    # 105 in all — the seed's 120 is NOT reproduced by its own list (spec Z1/Z2).
    s = settle(rec(SZ01, counts=SZ01_COUNTS))
    assert s.net == {"a": -35, "b": 105, "c": -35, "d": -35}
    assert "底5 · 硬花5 · 七对子10 · 清一色10 · 小门清5 = 35花" in s.explanation[0].zh


def test_sz02_five_silver_per_hua_200_each() -> None:
    # SZ-02, seed 003 L8: "如果按5銀子/花算，那麼每人應該給付40*5=200銀子"
    s = settle(rec(SZ01, counts=SZ01_COUNTS, options={"flower_value": 2, "base": 5}))
    assert s.net == {"a": -200, "b": 600, "c": -200, "d": -200}


def test_sz03_discarder_alone_200() -> None:
    # SZ-03, seed 003 L9: "如果是誰出沖，則由他一人給付200銀子"
    s = settle(
        rec(
            [win("b", "d", "qi_dui_zi", "qing_yi_se", "xiao_men_qing")],
            counts=SZ01_COUNTS,
            options={"flower_value": 2, "base": 5},
        )
    )
    assert s.net == {"a": 0, "b": 200, "c": 0, "d": -200}


def test_sz04_runaway_120() -> None:
    # SZ-04, seed 003 L10: "逃跑：玩家逃跑扣基礎分（銀子）*120個花". House: the other three share it.
    r = rec([], result="draw", events=[{"type": "runaway", "player": "c"}])
    s = settle(r)
    assert s.net == {"a": 40, "b": 40, "c": -120, "d": 40}
    s = settle({**r, "options": {"runaway_split": "each"}})
    assert s.net["c"] == -360


def test_item_values() -> None:
    # L12–32, one item at a time on d's discard (one share = the 花):
    cases: list[tuple[str, tuple[str, ...], dict[str, int], int]] = [
        ("ping_hu", (), {}, 5),  # 1、底：5花
        ("ping_hu", (), {"suit_ming_gang": 1}, 6),  # 3、明杠：1花
        ("ping_hu", (), {"suit_an_gang": 1}, 7),  # 4、暗杠：2花
        ("ping_hu", (), {"wind_peng": 1}, 6),  # 5、字碰：1花
        ("ping_hu", (), {"wind_an_ke": 1}, 7),  # 6、暗刻：2花
        ("ping_hu", (), {"wind_ming_gang": 1}, 8),  # 7、字明杠：3花
        ("ping_hu", (), {"wind_an_gang": 1}, 9),  # 8、字暗杠：4花
        ("ping_hu", ("xiao_men_qing",), {}, 10),  # 9、小門清：5花
        ("ping_hu", ("da_men_qing",), {}, 15),  # 10、大門清：10花 (replaces 小门清, Z4)
        ("dui_dui_hu", (), {}, 10),  # 11、對對胡：5花
        ("ping_hu", ("hun_yi_se",), {}, 10),  # 12、混一色：5花
        ("qi_dui_zi", (), {}, 15),  # 13、七對子：10花
        ("ping_hu", ("qing_yi_se",), {}, 15),  # 14、清一色：10花
        ("ping_hu", ("da_diao_che",), {}, 10),  # 18、大吊車：5花
    ]
    for shape, flags, melds, hua in cases:
        counts = {k: {"b": v} for k, v in melds.items()}
        s = settle(rec([win("b", "d", shape, *flags)], counts=counts))
        assert s.paid("d", "b") == hua, (shape, flags, melds)
    # 19/20 天胡/地胡 50花, 15 杠開 5花, 21 海底撈月 5花 (self-drawn; c pays one share)
    assert settle(rec([win("a", None, "ping_hu", "tian_hu")])).paid("c", "a") == 55
    assert settle(rec([win("b", None, "ping_hu", "di_hu")])).paid("c", "b") == 55
    assert settle(rec([win("b", None, "ping_hu", "gang_kai")])).paid("c", "b") == 10
    assert settle(rec([win("b", None, "ping_hu", "hai_di_lao_yue")])).paid("c", "b") == 10


def test_bao_jiao_zi_three_shares() -> None:
    # L27 "16、包餃子：一人支付3倍費用（放給玩家杠，此杠牌玩家杠開），算杠開"
    # c fed b's open suit kong; b wins on its replacement: 5 + 明杠1 + 杠开5 = 11; c pays 3 × 11 = 33.
    s = settle(rec([win("b", "c", "ping_hu", "bao_jiao_zi")], counts={"suit_ming_gang": {"b": 1}}))
    assert s.net == {"a": 0, "b": 33, "c": -33, "d": 0}


def test_multi_feature_two_robbers() -> None:
    # L28 "17、搶杠：一人支付3倍費用…可以多人搶杠，每家都付3倍費用，小牌遵循3花以上（包括3花，搶杠當自摸），才能搶杠"
    # Hand-made, stake 2 银子/花: c adds a kong; b and d both rob it.
    #   b: 底5 + 硬花3 + 混一色5 + 字碰1 = 14 花 (9 besides the base ≥ 3), share 28; c pays 3 × 28 = 84.
    #   d: 底5 + 硬花3 = 8 花 (3 besides the base: just enough), share 16; c pays 3 × 16 = 48.
    s = settle(
        rec(
            [win("b", "c", "ping_hu", "hun_yi_se", robbed=True), win("d", "c", robbed=True)],
            counts={"hard_flowers": {"b": 3, "d": 3}, "wind_peng": {"b": 1}},
            options={"base": 2},
        )
    )
    assert s.net == {"a": 0, "b": 84, "c": -132, "d": 48}
    assert_balanced(s)
    # d with only 2 hard flowers (2 besides the base) may not rob (L28)
    with pytest.raises(RecordError):
        settle(rec([win("d", "c", robbed=True)], counts={"hard_flowers": {"d": 2}}))


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (
            rec([win("b", "c", "ping_hu", "xiao_men_qing")], counts={"wind_peng": {"b": 1}}),
            "wins[0].flags",
        ),
        (
            rec([win("b", "c", "ping_hu", "da_men_qing")], counts={"hard_flowers": {"b": 1}}),
            "wins[0].flags",
        ),
        (rec([win("b", "c", "qi_dui_zi")], counts={"suit_an_gang": {"b": 1}}), "wins[0].shape"),
        (rec([win("b", "c", "ping_hu", "gang_kai")]), "wins[0].flags[0]"),
        (rec([win("b", "c", "ping_hu", "qing_yi_se", "hun_yi_se")]), "wins[0].flags[0]"),
    ],
)
def test_invalid(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    winners, frm = draw(winners_and_discarder())
    wins = []
    robbed = frm is not None and draw(st.booleans())
    for w in winners:
        pool = ["xiao_men_qing", "da_men_qing", "hun_yi_se", "qing_yi_se", "da_diao_che"]
        pool += ["gang_kai", "hai_di_lao_yue", "tian_hu", "di_hu"] if frm is None else []
        pool += ["bao_jiao_zi"] if frm is not None and not robbed else []
        flags = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
        shape = draw(st.sampled_from(["ping_hu", "dui_dui_hu", "qi_dui_zi"]))
        wins.append(win(w, frm, shape, *flags, robbed=robbed))
    counts = {
        "hard_flowers": {p: draw(st.integers(0, 8)) for p in P},
        "suit_an_gang": {p: draw(st.integers(0, 1)) for p in P},
        "wind_ming_gang": {p: draw(st.integers(0, 1)) for p in P},
    }
    events = [
        {"type": "runaway", "player": p} for p in draw(st.lists(st.sampled_from(P), max_size=1))
    ]
    return rec(
        wins,
        counts=counts,
        events=events,
        options={
            "base": draw(st.integers(1, 5)),
            "flower_value": draw(st.integers(1, 2)),
            "runaway_split": draw(st.sampled_from(["split", "each"])),
        },
        result=None,
    )


@settings(max_examples=300)
@given(records())
def test_property_zero_sum(r: dict[str, Any]) -> None:
    settle_generated(r)


# --- audit: hand-made multi-feature cases (花 added by hand from the item list L12–32) ---


def test_audit_bao_jiao_zi_pungs_half_flush_stake_2() -> None:
    # b wins on the replacement of the suit kong c fed him (包饺子, L27, counts as 杠开 5):
    # 底5 + 硬花3 + 明杠1×1 + 暗刻(风)1×2 + 对对胡5 + 混一色5 + 包饺子(杠开)5 = 26 花;
    # at 2 银子/花 a share is 52; c alone pays 3 × 52 = 156 ("一人支付3倍費用").
    s = settle(
        rec(
            [win("b", "c", "dui_dui_hu", "hun_yi_se", "bao_jiao_zi")],
            counts={"hard_flowers": {"b": 3}, "suit_ming_gang": {"b": 1}, "wind_an_ke": {"b": 1}},
            options={"base": 2},
        )
    )
    assert s.net == {"a": 0, "b": 156, "c": -156, "d": 0}
    zh, en = s.explanation[0].zh, s.explanation[0].en
    assert (
        "底5 · 硬花3 · 明杠1×1 · 暗刻（风）1×2 · 对对胡5 · 混一色5 · 包饺子（算杠开）5 = 26花，×2银子 = 52"
        in zh
    )
    assert "3×52=156" in zh and "3 × 52 = 156" in en


def test_audit_big_concealed_flush_pairs_last_tile_self_draw() -> None:
    # d self-draws 清一色 七对子 大门清 on the last tile, no hard flower (大门清, L21):
    # 底5 + 七对子10 + 大门清10 + 清一色10 + 海底捞月5 = 40 花; at 5 银子 each of a, b, c pays
    # 40 × 5 = 200 (as SZ-02's "每人應該給付40*5=200銀子"); d +600.
    s = settle(
        rec(
            [win("d", None, "qi_dui_zi", "da_men_qing", "qing_yi_se", "hai_di_lao_yue")],
            options={"base": 5},
        )
    )
    assert s.net == {"a": -200, "b": -200, "c": -200, "d": 600}


def test_audit_discard_wind_sets_single_tile_double_flowers() -> None:
    # flower_value 2 (Z2 option): b wins 对对胡 大吊车 on a's discard with 字明杠1, 字碰2, 暗杠1, 硬花2:
    # 底5 + 硬花2×2 + 暗杠1×2 + 字碰2×1 + 字明杠1×3 + 对对胡5 + 大吊车5 = 26 花; a alone pays 26 (L9).
    s = settle(
        rec(
            [win("b", "a", "dui_dui_hu", "da_diao_che")],
            counts={
                "hard_flowers": {"b": 2},
                "wind_ming_gang": {"b": 1},
                "wind_peng": {"b": 2},
                "suit_an_gang": {"b": 1},
            },
            options={"flower_value": 2},
        )
    )
    assert s.net == {"a": -26, "b": 26, "c": 0, "d": 0}
    assert "硬花2×2" in s.explanation[0].zh


def test_audit_runaway_each_gets_it_all() -> None:
    # L10 "玩家逃跑扣基礎分（銀子）*120個花" at 2 银子: 240; option "each": each of the three gets 240.
    s = settle(
        rec([], result="draw", events=[{"type": "runaway", "player": "c"}],
            options={"base": 2, "runaway_split": "each"})
    )  # fmt: skip
    assert s.net == {"a": 240, "b": 240, "c": -720, "d": 240}


@pytest.mark.parametrize(
    ("record", "why"),
    [
        # 清一色 "一色牌" (L25) holds no wind set
        (rec([win("b", "c", "ping_hu", "qing_yi_se")], counts={"wind_peng": {"b": 1}}), "清一色"),
        # 包饺子 (L27) is a win on the replacement of a fed kong: the winner has an open kong
        (rec([win("b", "c", "ping_hu", "bao_jiao_zi")]), "包饺子"),
        # 天胡 (L30) is the dealt 14, never the last tile (L32)
        (rec([win("a", None, "ping_hu", "tian_hu", "hai_di_lao_yue")]), "hai_di_lao_yue"),
    ],
)
def test_audit_impossible_records(record: dict[str, Any], why: str) -> None:
    with pytest.raises(RecordError) as e:
        settle(record)
    assert why in str(e.value)


@pytest.mark.parametrize("count", ["hard_flowers", "suit_an_gang", "wind_peng"])
def test_a_count_for_a_loser_is_refused(count: str) -> None:
    # issue 12 point 4: every Suzhou count is the winner's 花 ("硬花…每個1花", seed 003 L13; the
    # counts are declared "(胡者)"); a loser's flowers earn nothing, so a record that counts
    # them is a mistake to refuse (as Sichuan refuses 根 for a loser), not to ignore silently.
    r = rec([win("b", "c")], counts={count: {"b": 1, "d": 1}})
    assert refused_field(r) == f"counts.{count}.d"
    # zero for a loser is the same as leaving the loser out, and settles
    assert settle(rec([win("b", "c")], counts={count: {"b": 1, "d": 0}}))
