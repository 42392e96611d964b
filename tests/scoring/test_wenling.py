"""温岭 Wenling (scoring/rulesets/wenling.py).

Spec: shared/rules/wenling.md; seed 003_62cb00bcf6a554e2.txt lines 205–211 (1-based).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, settle
from tests.scoring.builders import (
    record,
    refused_field,
    settle_generated,
    win_builder,
    winners_and_discarder,
)

rec = partial(record, "wenling", result=None)
win = win_builder(None)


def test_wl01_three_tai_times_8() -> None:
    # WL-01, seed 003 L209: "乘以你的台頭（幾台就是2的幾次方，例如3台就乘以8）"
    # b wins on c's discard: 平胡 (1台) + 无财神 (1台) + 1 白板 (L210 "白板一張一台"): 3 台.
    # 胡 = 20 + 白板 4 (L208 "白板，花都是4胡") = 24; 24 × 2^3 = 192, paid by c alone (house W1).
    s = settle(rec([win("b", "c", "ping_hu", "wu_cai_shen")], counts={"baiban": {"b": 1}}))
    assert s.net == {"a": 0, "b": 192, "c": -192, "d": 0}
    assert "3台 → 24×8 = 192" in s.explanation[0].zh


def test_hu_values() -> None:
    # L207 "碰起的2胡，1，9，硬張碰起4胡。暗克8胡，硬張暗克16胡。暗杠16胡，硬張暗杠32胡。"
    # L208 "白板，花都是4胡。自摸2胡，捉鬼2胡，按當，追壁2胡。"  No 台 (no shape, no flags): score = 胡.
    cases: list[tuple[dict[str, int], tuple[str, ...], int]] = [
        ({"pung_claimed": 1}, (), 22),
        ({"pung_claimed_hard": 1}, (), 24),
        ({"pung_concealed": 1}, (), 28),
        ({"pung_concealed_hard": 1}, (), 36),
        ({"kong_concealed": 1}, (), 36),
        ({"kong_concealed_hard": 1}, (), 52),
        ({"flowers": 2}, (), 28),
        ({}, ("zhuo_gui",), 22),
        ({}, ("an_dang",), 22),
        ({}, ("zhui_bi",), 22),
        ({"kong_claimed": 1}, (), 28),  # house value 8 (W3)
    ]
    for melds, flags, hu in cases:
        s = settle(
            rec([win("b", "c", None, *flags)], counts={k: {"b": v} for k, v in melds.items()})
        )
        assert s.paid("c", "b") == hu, (melds, flags)
    # 自摸 2胡, each of the three pays (house W1)
    assert settle(rec([win("b")])).net == {"a": -22, "b": 66, "c": -22, "d": -22}


def test_tai_values() -> None:
    # L210–211: 对对台2台, 混一色2台, own wind 1, 中/发 set 1, 自摸财神 1, 双财神 1
    def score(
        shape: str | None, *flags: str, counts: dict[str, dict[str, int]] | None = None
    ) -> int:
        return settle(rec([win("b", "c", shape, *flags)], counts=counts)).paid("c", "b")

    assert score("dui_dui_hu") == 80  # 20 × 2^2
    assert score(None, "hun_yi_se") == 80
    assert score(None, "seat_wind", counts={"pung_claimed_hard": {"b": 1}}) == 48  # 24 × 2
    assert score(None, "shuang_cai_shen") == 40
    assert score(None, counts={"dragon_sets": {"b": 1}, "pung_claimed_hard": {"b": 1}}) == 48


def test_qing_yi_se_limit_and_cap() -> None:
    # L211 "清一色直接蠟紙": the limit (house 640, W2); nothing exceeds it.
    assert settle(rec([win("b", "c", None, "qing_yi_se")])).paid("c", "b") == 640
    assert (
        settle(rec([win("b", "c", None, "qing_yi_se")], options={"limit": 1000})).paid("c", "b")
        == 1000
    )
    # 对对 2 + 混一色 2 + 无财神 1 + 白板 3 -> 8 台; 胡 20 + 12 + 2 (自摸) = 34 -> 34 × 256 capped to 640
    s = settle(
        rec([win("b", None, "dui_dui_hu", "hun_yi_se", "wu_cai_shen")], counts={"baiban": {"b": 3}})
    )
    assert s.paid("c", "b") == 640
    assert "封顶640" in s.explanation[0].zh


def test_multi_feature_payer_options_and_rounding() -> None:
    # Hand-made: b wins on c's discard with a concealed pung of 9 (16), a claimed pung of 5 (2), 2 flowers
    # (8), 追壁 (2): 胡 = 20+16+2+8+2 = 48; 台: 对对台 2 + 无财神 1 = 3 -> 48 × 8 = 384.
    r = rec(
        [win("b", "c", "dui_dui_hu", "zhui_bi", "wu_cai_shen")],
        counts={"pung_concealed_hard": {"b": 1}, "pung_claimed": {"b": 1}, "flowers": {"b": 2}},
    )
    assert settle(r).net == {"a": 0, "b": 384, "c": -384, "d": 0}
    # payer option "all" (house variant): each of the three pays 384
    assert settle({**r, "options": {"payer": "all"}}).net["b"] == 3 * 384
    # rounding up to 10 (W4 variant): 48 -> 50, × 8 = 400; base 2 -> 800
    assert settle({**r, "options": {"round_hu": True, "base": 2}}).paid("c", "b") == 800


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (rec([win("b", "c", None, "zi_mo_cai_shen")]), "wins[0].flags[0]"),
        (rec([win("b", "c", None, "qing_yi_se", "hun_yi_se")]), "wins[0].flags[0]"),
        (
            rec([win("b", "c")], counts={"pung_claimed": {"b": 4}, "kong_concealed": {"b": 1}}),
            "counts",
        ),
        (rec([win("b", "c")], counts={"dragon_sets": {"b": 1}}), "counts.dragon_sets.b"),
    ],
)
def test_invalid(record: dict[str, Any], field: str) -> None:
    assert refused_field(record) == field


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    winners, frm = draw(winners_and_discarder())
    wins = []
    counts: dict[str, dict[str, int]] = {"baiban": {}, "flowers": {}, "pung_concealed": {}}
    for w in winners:
        pool = [
            "zhuo_gui",
            "an_dang",
            "seat_wind",
            "wu_cai_shen",
            "shuang_cai_shen",
            "hun_yi_se",
            "qing_yi_se",
        ]
        flags = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
        wins.append(win(w, frm, draw(st.sampled_from([None, "ping_hu", "dui_dui_hu"])), *flags))
        counts["baiban"][w] = draw(st.integers(0, 4))
        counts["flowers"][w] = draw(st.integers(0, 8))
        counts["pung_concealed"][w] = draw(st.integers(0, 4))
    return rec(
        wins,
        counts=counts,
        options={
            "payer": draw(st.sampled_from(["discarder", "all"])),
            "round_hu": draw(st.booleans()),
            "base": draw(st.integers(1, 3)),
        },
    )


@settings(max_examples=200)
@given(records())
def test_property_zero_sum(r: dict[str, Any]) -> None:
    s = settle_generated(r)
    assert all(x.amount <= 640 * 3 for x in s.payments)  # the limit holds (base ≤ 3)


# --- audit: hand-made multi-feature cases (胡 and 台 added by hand from L207–211) ---


def test_audit_pungs_kong_flowers_self_draw_limit_and_no_limit() -> None:
    # b self-draws 对对胡 with 硬张暗克 16 + 硬张碰起 4 (a 红中 pung) + 暗杠 16 + 碰起 2 = 38 (L207),
    # 花2 × 4 = 8 (L208), 自摸 2: 胡 = 20 + 38 + 8 + 2 = 68.
    # 台 (L210–211): 中发碰杠 1 + 对对台 2 + 自摸财神 1 + 双财神 1 = 5 → 68 × 2^5 = 2176.
    # limit 5000 (house option): each of a, c, d pays 2176; default limit 640: capped at 640 each.
    r = rec(
        [win("b", None, "dui_dui_hu", "zi_mo_cai_shen", "shuang_cai_shen")],
        counts={
            "pung_concealed_hard": {"b": 1},
            "pung_claimed_hard": {"b": 1},
            "kong_concealed": {"b": 1},
            "pung_claimed": {"b": 1},
            "flowers": {"b": 2},
            "dragon_sets": {"b": 1},
        },
        options={"limit": 5000},
    )
    s = settle(r)
    assert s.net == {"a": -2176, "b": 6528, "c": -2176, "d": -2176}
    zh = s.explanation[0].zh
    assert "= 68胡" in zh and "= 5台 → 68×32 = 2176"  # 68 × 2^5 in zh
    s = settle({**r, "options": {}})
    assert s.net == {"a": -640, "b": 1920, "c": -640, "d": -640}
    assert "封顶640" in s.explanation[0].zh


def test_audit_discard_ping_hu_closed_wait_both_payers() -> None:
    # c wins 平胡 on d's discard with 按当 2 (L208), 白板1 × 4, 花1 × 4: 胡 = 20 + 4 + 4 + 2 = 30;
    # 台: 白板 1 (L210 "白板一張一台") + 平胡 1 + 无财神 1 = 3 → 30 × 8 = 240; base 2 → 480.
    # payer "discarder" (house default): d pays 480; payer "all": each of a, b, d pays 480.
    r = rec(
        [win("c", "d", "ping_hu", "an_dang", "wu_cai_shen")],
        counts={"baiban": {"c": 1}, "flowers": {"c": 1}},
        options={"base": 2},
    )
    assert settle(r).net == {"a": 0, "b": 0, "c": 480, "d": -480}
    r["options"] = {"base": 2, "payer": "all"}
    assert settle(r).net == {"a": -480, "b": -480, "c": 1440, "d": -480}


def test_audit_round_hu_option() -> None:
    # 胡 = 20 + 碰起 2 + 自摸 2 = 24; 台 = 混一色 2 + 自己风头 1 = 3.
    # exact (default): 24 × 8 = 192 each; round_hu (house option, W4): 30 × 8 = 240 each.
    r = rec([win("b", None, None, "hun_yi_se", "seat_wind")], counts={"pung_claimed": {"b": 1}})
    assert settle(r).net == {"a": -192, "b": 576, "c": -192, "d": -192}
    r["options"] = {"round_hu": True}
    s = settle(r)
    assert s.net == {"a": -240, "b": 720, "c": -240, "d": -240}
    assert "= 24胡，进到30" in s.explanation[0].zh


@pytest.mark.parametrize(
    "record",
    [
        # the seat-wind set (L210) must be one of the winner's sets
        rec([win("b", None, None, "seat_wind")]),
        # 清一色 (L211) is one suit: no honour set
        rec([win("b", None, None, "qing_yi_se", "seat_wind")], counts={"pung_claimed": {"b": 1}}),
        rec(
            [win("b", None, None, "qing_yi_se")],
            counts={"pung_claimed": {"b": 1}, "dragon_sets": {"b": 1}},
        ),
    ],
)
def test_audit_impossible_records(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        settle(record)
