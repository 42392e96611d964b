"""Changsha 长沙麻将 (scoring/rulesets/changsha.py).

Spec: shared/rules/changsha.md. Seed: shared/seeds/003_62cb00bcf6a554e2.txt (traditional
characters); "Lnnn" is a 1-based line of that seed. The seed has no amounts: the unit values
are the spec's house defaults (C1: 小胡自摸 2 each, 小胡点炮 1, 大胡自摸 6 each, 大胡点炮 6;
several 大胡 add, C2).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import RecordError, settle
from scoring.registry import get
from tests.scoring.builders import PLAYERS, record, refused_field, win

P = PLAYERS
rec = partial(record, "changsha")


def test_house_defaults_c1() -> None:
    # spec C1: "小胡 自摸 2 from each other player, 小胡 点炮 1 from the discarder; 大胡 自摸 6 from
    # each, 大胡 点炮 6 from the discarder; several 大胡 add (C2 default `add`)" — house values
    opts = get("changsha").resolve_options({})
    assert (opts["xiaohu_zimo"], opts["xiaohu_dianpao"]) == (2, 1)
    assert (opts["dahu_zimo"], opts["dahu_dianpao"]) == (6, 6)
    assert opts["dahu_combine"] == "add"
    for o in get("changsha").options:
        assert o.house, o.id  # every amount is a house value: the seed gives none
        assert "house" in o.help_en or "not stated" in o.help_en


def test_xiaohu() -> None:
    # L144 "平胡： 2 、 5 、 8 作將，其餘成刻子或順子或一句話，即可胡牌" = 小胡
    assert settle(rec([win("b", None, "ping_hu")])).net == {"a": -2, "b": 6, "c": -2, "d": -2}
    assert settle(rec([win("b", "c", "ping_hu")])).net == {"a": 0, "b": 1, "c": -1, "d": 0}


@pytest.mark.parametrize(
    ("shape", "flags"),
    [
        ("peng_peng_hu", []),  # L152 碰碰胡
        ("ping_hu", ["jiang_jiang_hu"]),  # L154 將將胡
        ("qi_xiao_dui", []),  # L162 七小對
        ("haohua_qi_xiao_dui", []),  # L164 豪華七小對
        ("ping_hu", ["hai_di_lao_yue"]),  # L158 "海底胡牌，為大胡"
    ],
)
def test_one_dahu_self_drawn(shape: str, flags: list[str]) -> None:
    s = settle(rec([win("b", None, shape, *flags)]))
    assert s.net == {"a": -6, "b": 18, "c": -6, "d": -6}


def test_dahu_on_discard() -> None:
    s = settle(rec([win("b", "c", "peng_peng_hu")]))
    assert s.net == {"a": 0, "b": 6, "c": -6, "d": 0}


def test_tianhu_and_dihu() -> None:
    # L148 "天胡：單指莊家。莊家起牌後，即已經胡牌"; L150 "地胡：指閑家。當莊家打出第一張牌時，給閑家點炮"
    assert settle(rec([win("a", None, "ping_hu", "tian_hu")])).net["a"] == 18
    assert settle(rec([win("b", "a", "ping_hu", "di_hu")])).net == {"a": -6, "b": 6, "c": 0, "d": 0}
    assert refused_field(rec([win("b", "c", "ping_hu", "di_hu")])) == "wins[0].from"
    assert refused_field(rec([win("b", None, "ping_hu", "tian_hu")])) == "wins[0].flags[0]"


def test_several_dahu_add_or_multiply_c2() -> None:
    # three 大胡: 碰碰胡 + 将将胡 + 海底捞月, self-drawn
    r = rec([win("b", None, "peng_peng_hu", "jiang_jiang_hu", "hai_di_lao_yue")])
    assert settle(r).paid("a", "b") == 6 * 3  # add (default): 6 × 3 = 18
    r["options"] = {"dahu_combine": "multiply"}
    assert settle(r).paid("a", "b") == 6 * 2**2  # multiply: 6 × 2^(3−1) = 24


def test_qingyise_doubles_other_dahu() -> None:
    # L156 "清一色：亂將…如果胡牌規則為大胡，則在原有大胡基礎上再翻一倍"
    # 清一色 alone (on a 平胡 structure): one 大胡 unit, 6
    assert settle(rec([win("b", "c", "ping_hu", "qing_yi_se")])).paid("c", "b") == 6
    # 清一色 + 碰碰胡: 6 × 1, doubled → 12
    s = settle(rec([win("b", "c", "peng_peng_hu", "qing_yi_se")]))
    assert s.paid("c", "b") == 12
    assert "清一色再翻一倍 6×2=12" in s.explanation[0].zh
    # 清一色 + 七小对 + 海底炮 (add): 6 × 2 = 12, doubled → 24 (audit: was 七小对 + 将将胡 + 清一色,
    # which no hand can be: one suit holds only 12 tiles of 2/5/8)
    assert (
        settle(rec([win("b", "c", "qi_xiao_dui", "qing_yi_se", "hai_di_pao")])).paid("c", "b") == 24
    )


@pytest.mark.parametrize("event", ["da_si_xi", "ban_ban_hu", "que_yi_se", "liu_liu_shun"])
def test_qishou_hu_as_xiaohu_zimo(event: str) -> None:
    # L136–142: "（四喜計分等同小胡自摸）", "（等同小胡自摸）" ×3: each other player pays 小胡自摸 (2)
    s = settle(rec([], result="draw", events=[{"type": event, "player": "c"}]))
    assert s.net == {"a": -2, "b": -2, "c": 6, "d": -2}
    # with a table value of 3 for 小胡自摸, the 起手胡 follows it
    s = settle(
        rec([], result="draw", options={"xiaohu_zimo": 3}, events=[{"type": event, "player": "c"}])
    )
    assert s.net["c"] == 9


def test_qishou_then_win() -> None:
    # 起手胡 by d (+6), then b wins 小胡 on c's discard (+1)
    s = settle(rec([win("b", "c", "ping_hu")], events=[{"type": "liu_liu_shun", "player": "d"}]))
    assert s.net == {"a": -2, "b": -1, "c": -3, "d": 6}


def test_haidipao_tonghu() -> None:
    # L160 "同樣如果丙和丁能胡則通胡": several winners on the last tile, each paid by the discarder
    s = settle(
        rec([win("c", "a", "ping_hu", "hai_di_pao"), win("d", "a", "ping_hu", "hai_di_pao")])
    )
    assert s.net == {"a": -12, "b": 0, "c": 6, "d": 6}


def test_invalid() -> None:
    with pytest.raises(RecordError):
        settle(rec([win("b", "c", "ping_hu", "hai_di_lao_yue")]))  # 海底捞月 is self-drawn
    with pytest.raises(RecordError):
        settle(rec([win("b", "c", "ping_hu"), win("d", "a", "ping_hu")]))  # two discards
    with pytest.raises(RecordError):
        settle(rec([], result="draw", events=[{"type": "da_si_xi", "player": "c", "from": "a"}]))


def test_declarations_have_names() -> None:
    data = get("changsha").to_json()
    for key in ("shapes", "flags", "events", "options"):
        for item in data[key]:
            assert item["id"].isascii() and item["name_zh"] and item["name_en"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["da_si_xi", "ban_ban_hu", "que_yi_se", "liu_liu_shun"]), max_size=3),
    st.sampled_from(P),
    st.one_of(st.none(), st.sampled_from(P)),
    st.sampled_from(["ping_hu", "peng_peng_hu", "qi_xiao_dui", "haohua_qi_xiao_dui"]),
    st.sets(st.sampled_from(["jiang_jiang_hu", "qing_yi_se"])),
    st.sampled_from(["add", "multiply"]),
    st.integers(0, 50),
)
def test_property_zero_sum(
    events: list[str],
    winner: str,
    frm: str | None,
    shape: str,
    flags: set[str],
    combine: str,
    unit: int,
) -> None:
    if frm == winner:
        frm = None
    flags.discard("qing_yi_se" if "jiang_jiang_hu" in flags else "")  # not_with (L154)
    r = rec(
        [win(winner, frm, shape, *sorted(flags))],
        options={"dahu_combine": combine, "dahu_zimo": unit},
        events=[{"type": e, "player": P[i % 4]} for i, e in enumerate(events)],
    )
    s = settle(r)
    assert sum(s.net.values()) == 0
    # the win's payments, recomputed from the spec's §2 pseudo-code
    n = (shape != "ping_hu") + ("jiang_jiang_hu" in flags)
    qys = "qing_yi_se" in flags
    if n == 0 and not qys:
        per = 2 if frm is None else 1
    else:
        u = unit if frm is None else 6
        per = u if n == 0 else (u * n if combine == "add" else u * 2 ** (n - 1))
        if qys and n:
            per *= 2
    win_pay = [p for p in s.payments if p.reason in ("self_drawn_share", "discarder_share")]
    assert all(p.payee == winner and p.amount == per for p in win_pay)
    assert sum(p.amount for p in win_pay) == per * (3 if frm is None else 1)


# --- audit: hand-made multi-feature cases (numbers worked by hand from spec §2, house units) ---


def test_audit_luxury_pairs_last_tile_flush_self_drawn() -> None:
    # c self-draws 豪华七小对 (L164) + 海底捞月 (L158) + 清一色 (L156): n = 2 大胡 (清一色 not counted)
    # add (C2 default): 6 × 2 = 12, 清一色 "再翻一倍" → 24 from each of a, b, d; c +72.
    # multiply: 6 × 2^(2−1) = 12 → ×2 = 24 (the same for n = 2).
    for combine in ("add", "multiply"):
        s = settle(
            rec(
                [win("c", None, "haohua_qi_xiao_dui", "hai_di_lao_yue", "qing_yi_se")],
                options={"dahu_combine": combine},
            )
        )
        assert s.net == {"a": -24, "b": -24, "c": 72, "d": -24}
        # add: 6 × 2 big wins; multiply: 6 × 2^(2−1), the one big win past the first doubling
        assert (
            "豪华七小对 · 海底捞月 = 2个大胡 → 6×2 = 12；清一色再翻一倍 12×2=24"
            in s.explanation[0].zh
        )
        assert "2 big wins → 6 × 2 = 12; full flush doubles it: 12×2=24" in s.explanation[0].en


def test_audit_three_dahu_add_vs_multiply() -> None:
    # d self-draws 碰碰胡 + 将将胡 + 海底捞月 = 3 大胡 (L152, L154, L158), no 清一色:
    # add: 6 × 3 = 18 from each (d +54); multiply (C2 option): 6 × 2^2 = 24 from each (d +72).
    r = rec([win("d", None, "peng_peng_hu", "jiang_jiang_hu", "hai_di_lao_yue")])
    s = settle(r)
    assert s.net == {"a": -18, "b": -18, "c": -18, "d": 54}
    assert "碰碰胡 · 将将胡 · 海底捞月 = 3个大胡 → 6×3 = 18" in s.explanation[0].zh
    r["options"] = {"dahu_combine": "multiply"}
    s = settle(r)
    assert s.net == {"a": -24, "b": -24, "c": -24, "d": 72}
    assert "3 big wins → 6 × 4 = 24" in s.explanation[0].en  # 6 × 2^(3−1)


def test_audit_qishou_events_then_tonghu_on_haidi_pao() -> None:
    # units 小胡自摸 3, 大胡点炮 5 (table settings, C1).
    # 起手胡 (L136 四喜, L142 六六顺, "等同小胡自摸"): b and d each get 3 from every other player.
    # 海底炮 通胡 (L160 "同樣如果丙和丁能胡則通胡") on a's last tile:
    #   b 平胡 + 海底炮 = 1 大胡 → 5 from a; c 七小对 + 海底炮 = 2 大胡 → 5 × 2 = 10 from a.
    # a = −3 −3 −5 −10 = −21; b = +9 −3 +5 = 11; c = −3 −3 +10 = 4; d = −3 +9 = 6 (sum 0).
    s = settle(
        rec(
            [win("b", "a", "ping_hu", "hai_di_pao"), win("c", "a", "qi_xiao_dui", "hai_di_pao")],
            options={"xiaohu_zimo": 3, "dahu_dianpao": 5},
            events=[
                {"type": "da_si_xi", "player": "b"},
                {"type": "liu_liu_shun", "player": "d"},
            ],
        )
    )
    assert s.net == {"a": -21, "b": 11, "c": 4, "d": 6}
    assert s.paid("a", "b") == 3 + 5 and s.paid("a", "c") == 10 and s.paid("c", "d") == 3


@pytest.mark.parametrize(
    ("w", "why"),
    [
        # a suit has 12 tiles of 2/5/8 (4 × 3), a hand 14: 将将胡 (L154) is never 清一色
        (win("b", "c", "peng_peng_hu", "jiang_jiang_hu", "qing_yi_se"), "jiang_jiang_hu"),
        # 天胡 is won on the dealt tiles (L148), 海底捞月 on the last tile (L158)
        (win("a", None, "ping_hu", "tian_hu", "hai_di_lao_yue"), "hai_di_lao_yue"),
        # 地胡 is the dealer's first discard (L150), 海底炮 the last tile (L160)
        (win("b", "a", "ping_hu", "di_hu", "hai_di_pao"), "hai_di_pao"),
    ],
)
def test_audit_impossible_combinations_rejected(w: dict[str, Any], why: str) -> None:
    with pytest.raises(RecordError) as e:
        settle(rec([w]))
    assert why in str(e.value) or "qing_yi_se" in str(e.value)


# --- issue 12 point 6: 扎鸟 / 抓鸟 and 庄家加番 (table variants, not in the seed) -------------
# Both are house options, off by default (the spec's behaviour). The unit of a win is its
# small/big unit value (house defaults C1: 小胡 自摸 2, 小胡 点炮 1, 大胡 自摸 6, 大胡 点炮 6).


def test_birds_and_dealer_are_off_by_default() -> None:
    rs = get("changsha")
    birds, dealer = rs.option("birds"), rs.option("zhuang_jia_fan")
    assert birds is not None and birds.default == 0 and birds.house and birds.important
    assert dealer is not None and dealer.default is False and dealer.house


def test_birds_on_a_self_drawn_small_win() -> None:
    # a deals; b self-draws a 小胡 (each pays 2, unit 2); 2 birds turned up: one on b (the
    # winner: every payer pays one unit more), one on d (a payer: d pays one unit more).
    # a: 2 + 1×2 = 4; c: 2 + 2 = 4; d: 2 + (1 + 1)×2 = 6. b +14.
    s = settle(
        rec([win("b", None, "ping_hu")], options={"birds": 2}, counts={"birds": {"b": 1, "d": 1}})
    )
    assert s.net == {"a": -4, "b": 14, "c": -4, "d": -6}
    assert "中鸟" in s.explanation[-1].zh and "bird" in s.explanation[-1].en


def test_birds_on_a_discarded_big_win() -> None:
    # b wins 碰碰胡 (1 大胡, unit 6) on c's discard: c pays 6; birds 2 on c: 6 + 2×6 = 18.
    # a bird on a, who pays nothing for this win, is refused (it counts for nothing).
    s = settle(
        rec([win("b", "c", "peng_peng_hu")], options={"birds": 2}, counts={"birds": {"c": 2}})
    )
    assert s.net == {"a": 0, "b": 18, "c": -18, "d": 0}
    assert (
        refused_field(
            rec([win("b", "c", "peng_peng_hu")], options={"birds": 2}, counts={"birds": {"a": 1}})
        )
        == "counts.birds.a"
    )
    # more birds than the table turns up
    assert (
        refused_field(
            rec([win("b", "c", "peng_peng_hu")], options={"birds": 1}, counts={"birds": {"c": 2}})
        )
        == "counts.birds"
    )
    # no birds at the table: the count is not asked
    assert refused_field(rec([win("b", "c", "peng_peng_hu")], counts={"birds": {"c": 1}})) == (
        "counts.birds"
    )


def test_dealer_adds_one_unit_to_every_payment_of_the_dealer() -> None:
    # 庄家加番, a deals. b self-draws a 小胡 (2 each, unit 2): a (the dealer) pays 2 + 2 = 4,
    # c and d 2 each → b +8. Then a 起手胡 of c (四喜, "等同小胡自摸", L136): each pays 2; a pays
    # 2 + 2 = 4 → c +8. Net: a −4 −4 = −8, b +8 −2 = +6, c −2 +8 = +6, d −2 −2 = −4.
    r = rec(
        [win("b", None, "ping_hu")],
        options={"zhuang_jia_fan": True},
        events=[{"type": "da_si_xi", "player": "c"}],
    )
    s = settle(r)
    assert s.net == {"a": -8, "b": 6, "c": 6, "d": -4}
    # the dealer wins: every payment he receives is one unit more. a self-draws 小胡: 3 × (2+2)
    s = settle(rec([win("a", None, "ping_hu")], options={"zhuang_jia_fan": True}))
    assert s.net == {"a": 12, "b": -4, "c": -4, "d": -4}


def test_birds_and_dealer_together_on_several_winners() -> None:
    # 通胡 (L160): b and d both win 小胡 on a's discard (a deals; unit 1 on a discard).
    # birds 2: one on a (the payer of both), one on d. 庄家加番: a is the dealer and pays both.
    # to b: 1 + (bird on a 1 + dealer 1)×1 = 3; to d: 1 + (a 1 + d 1 + dealer 1)×1 = 4.
    wins = [win("b", "a", "ping_hu"), win("d", "a", "ping_hu")]
    for order in (wins, wins[::-1]):
        s = settle(
            rec(
                order,
                options={"birds": 2, "zhuang_jia_fan": True},
                counts={"birds": {"a": 1, "d": 1}},
            )
        )
        assert s.net == {"a": -7, "b": 3, "c": 0, "d": 4}
