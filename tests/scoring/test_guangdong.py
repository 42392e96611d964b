"""广东推倒胡 Guangdong Tuidaohu (scoring/rulesets/guangdong.py).

Spec: shared/rules/guangdong-tuidaohu.md. Each golden test quotes its worked example (§4,
GD-01 … GD-14) and the source id the spec gives for it (G1 … G7 pages, K1 … K3 code). Players
E S W N, E deals, base 1, options at their defaults unless the example says otherwise.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get, next_dealer, settle
from scoring.record import Settlement
from tests.scoring.builders import record as record_of
from tests.scoring.builders import refused_field as refused
from tests.scoring.ruleset_checks import (
    assert_traditional_names,
    mahjong_tally,
    settle_checked,
    win_json,
)

P = ["E", "S", "W", "N"]


def win(
    winner: str,
    frm: str | None = None,
    shape: str = "ping_hu",
    *flags: str,
    robbed: bool = False,
) -> dict[str, Any]:
    return win_json(winner, frm, shape=shape, flags=flags, robbed=robbed)


def rec(
    wins: list[dict[str, Any]],
    events: list[dict[str, Any]] | None = None,
    *,
    hits: dict[str, int] | None = None,
    streak: dict[str, int] | None = None,
    result: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    counts: dict[str, dict[str, int]] = {}
    if hits:
        counts["horses_hit"] = hits
    if streak:
        counts["dealer_streak"] = streak
    return record_of(
        "guangdong",
        wins,
        players=P,
        dealer="E",
        result=result,
        options=options,
        counts=counts,
        events=events,
    )


def ev(kind: str, player: str, frm: str | None = None) -> dict[str, Any]:
    return {"type": kind, "player": player, "from": frm}


def nets(s: Settlement) -> tuple[int, ...]:
    return tuple(s.net[p] for p in P)


# --- §4 worked examples ---------------------------------------------------------------------


def test_gd01_xingchen_formula() -> None:
    # GD-01, [G1] "平胡(1番)+马数*平胡番数+杠分的输赢": hu_value 1, gang_kai_double ([G1] preset);
    # S self-draws holding ghosts, 2 horses → 1 + 2·1 = 3 each
    s = settle(rec([win("S")], hits={"S": 2}, hu_value=1, gang_kai_double=True))
    assert nets(s) == (-3, 9, -3, -3)
    assert "中2马 × 平胡分1×1：2×1 = 2；每家付 3" in s.explanation[0].zh


def test_gd02_no_ghost_double_horse_is_base() -> None:
    # GD-02, [G1] "无鬼:X2"; [K1] times := 2 (a horse = the plain value): 2·2 + 1·2 = 6
    s = settle(rec([win("W", None, "ping_hu", "no_ghost")], hits={"W": 1}))
    assert nets(s) == (-6, -6, 18, -6)


def test_gd03_kong_money() -> None:
    # GD-03, [G1] "暗杠:每个人2倍底分 … 点杠:放杠者3倍底分 … 补杠:每个人1倍底分"; [G1] preset
    events = [ev("concealed_kong", "E"), ev("exposed_kong", "S", "W"), ev("added_kong", "N")]
    s = settle(rec([win("N")], events, preset="xingchen"))
    assert nets(s) == (4, -1, -7, 4)
    assert s.paid("W", "S") == 3


def test_gd04_robbed_kong_pays_for_all() -> None:
    # GD-04, [G2] "按胡牌家自摸计算,被抢玩家包三家牌": E robs W's 补杠, 1 horse → 3·(2 + 2)
    s = settle(rec([win("E", "W", robbed=True)], hits={"E": 1}))
    assert nets(s) == (12, 0, -12, 0)
    assert [p.reason for p in s.payments] == ["robbed_kong_pays_all"]


def test_gd05_gang_bao_quan_bao() -> None:
    # GD-05, [G2] "如果是点杠后杠开的由点杠者包自摸": E feeds S a 明杠 (3), S wins on the replacement
    s = settle(rec([win("S", "E", "ping_hu", "kong_flower")], [ev("exposed_kong", "S", "E")]))
    assert nets(s) == (-9, 9, 0, 0)
    assert s.paid("E", "S") == 3 + 3 * 2


def test_gd06_discard_win_same_value() -> None:
    # GD-06, [G3] "别人出铳得2分 … 包杠,得3分": discard_win, discard_value same
    s = settle(
        rec([win("W", "N")], [ev("exposed_kong", "W", "E")], discard_win=True, discard_value="same")
    )
    assert nets(s) == (-3, 0, 5, -2)


def test_gd07_discard_win_half() -> None:
    # GD-07, [G2] "点炮:1倍,仅点炮者输。自摸:2倍,3家都输。"
    s = settle(rec([win("E", "S")], discard_win=True))
    assert nets(s) == (1, -1, 0, 0)


def test_gd08_horse_follows_the_hand() -> None:
    # GD-08, [K2] point.setScoreValue(bettingCards.size() + 1); [K3] "马分等于胡牌牌型分":
    # hand 4, each pays 4 + 2·4 = 12
    s = settle(rec([win("N", None, "ping_hu", "no_ghost")], hits={"N": 2}, horse_value="hand"))
    assert nets(s) == (-12, -12, -12, 36)


def test_gd09_horses_repeat_kong_money() -> None:
    # GD-09, [K2] kong score × (bettingCards.size() + 1) when applytoGang; [K3] "勾选后每个杠都要算马分"
    s = settle(rec([win("S")], [ev("concealed_kong", "S")], hits={"S": 2}, horse_kong=True))
    assert nets(s) == (-12, 36, -12, -12)


def test_gd10_follow_dealer_in_a_draw_kongs_void() -> None:
    # GD-10, [K1] 跟庄: Operate: OpGenZhuang, Times: 1, billed to the dealer for each other player
    s = settle(rec([], [ev("follow_dealer", "E"), ev("exposed_kong", "S", "W")], result="draw"))
    assert nets(s) == (-3, 1, 1, 1)
    assert any("杠分作废" in step.zh for step in s.explanation)


def test_gd11_draw_keeps_kongs() -> None:
    # GD-11, [K2] LIU_JU_SUAN_GANG "流局算杠"; [G1] "杠牌直接结算"
    events = [ev("exposed_kong", "S", "W"), ev("concealed_kong", "N")]
    s = settle(rec([], events, result="draw", draw_keeps_kongs=True))
    assert nets(s) == (-2, 1, -5, 6)


def test_gd12_four_ghosts_double() -> None:
    # GD-12, [K2] MASTER_CARD_DOUBLE_SCORE "鬼牌_双倍": HuMainScoreChecker_4MasterCard … 4 vs 2
    s = settle(rec([win("W", None, "four_ghosts")], hits={"W": 1}, four_ghost_mult=2))
    assert nets(s) == (-6, -6, 18, -6)


def test_gd13_seven_pairs_four_times() -> None:
    # GD-13, [K2] "七对4倍" (QI_DUI_FOUR_TIMES … 8): 2·4·2 = 16
    s = settle(rec([win("E", None, "seven_pairs", "no_ghost")], mult_seven_pairs=4))
    assert nets(s) == (48, -16, -16, -16)


def test_gd14_jiejiegao() -> None:
    # GD-14, [K1] addition2["JJG"] = 2 * n: dealer E (streak 2), 1 horse → 2 + 2 + 4
    s = settle(rec([win("E")], hits={"E": 1}, streak={"E": 2}, jiejiegao=True))
    assert nets(s) == (24, -8, -8, -8)


# --- error checks (GD-E1 … GD-E3, §2 "Checks") -----------------------------------------------


def test_gd_e1_discard_win_off_by_default() -> None:
    # GD-E1, [G1] "只能自摸胡牌,不能胡其他家的牌"
    assert refused(rec([win("E", "S")])) == "wins[0].from"


def test_gd_e2_more_hits_than_horses() -> None:
    # GD-E2: horses_hit 5 with horses 4
    assert refused(rec([win("S")], hits={"S": 5}, horses=4)) == "counts.horses_hit.S"
    # [G1] "有鬼抓4马、无鬼抓6马": extra horses for a no-ghost win
    settle(rec([win("S", None, "ping_hu", "no_ghost")], hits={"S": 6}, extra_horses_no_ghost=2))


def test_gd_e3_no_ghost_without_ghosts() -> None:
    # GD-E3: no_ghost with ghosts false
    assert refused(rec([win("S", None, "ping_hu", "no_ghost")], ghosts=False)) == "wins[0].flags[0]"


@pytest.mark.parametrize(
    "record, field",
    [
        (rec([win("S", None, "four_ghosts", "no_ghost")]), "wins[0].flags[0]"),
        (rec([win("E", "S")], discard_win=True, hu_value=1), "wins[0].from"),  # odd half
        (rec([win("E", "S", robbed=True)], rob_kong=False), "wins[0].robbed_kong"),
        (rec([win("E")], streak={"E": 1}), "counts.dealer_streak"),  # without 节节高
        (rec([win("E")], [ev("follow_dealer", "E")], follow_dealer=0), "events[0].type"),
        (rec([win("E", "S", "ping_hu", "kong_flower", robbed=True)]), "wins[0].flags[0]"),
        (rec([win("E")], [ev("follow_dealer", "S")]), "events[0].player"),
        (rec([win("E")], hits={"S": 1}), "counts.horses_hit.S"),
    ],
)
def test_checks(record: dict[str, Any], field: str) -> None:
    # §2 "Checks (errors)"
    assert refused(record) == field


# --- options ----------------------------------------------------------------------------------


def test_robbed_kong_without_quan_bao_pays_one_share() -> None:
    # GD10: [K1] (option off) the robbed player pays one share
    s = settle(rec([win("E", "W", robbed=True)], rob_kong_pays_all=False))
    assert nets(s) == (2, 0, -2, 0)


def test_kong_flower_without_quan_bao_is_a_self_draw() -> None:
    # [G2] "杠开胡算自摸": with 杠爆全包 off all three pay; not halved even with discard_value half
    s = settle(rec([win("S", "E", "ping_hu", "kong_flower")], gang_bao_quan_bao=False))
    assert nets(s) == (-2, 6, -2, -2)


def test_several_winners_on_one_discard() -> None:
    # [G2] "允许一炮多响": each winner settled separately
    s = settle(rec([win("S", "E"), win("W", "E")], discard_win=True))
    assert nets(s) == (-2, 1, 1, 0)


def test_dealer_rule() -> None:
    # [G2] "谁胡牌谁坐庄"; [G7] "如出现荒庄庄家继续坐庄"
    assert next_dealer(rec([win("W")])) == "W"
    assert next_dealer(rec([], result="draw")) == "E"


def test_big_hands_preset() -> None:
    # [G4] big hands worth 2 vs 1
    s = settle(rec([win("S", None, "full_flush")], preset="big_hands_double"))
    assert nets(s) == (-4, 12, -4, -4)


# --- properties -------------------------------------------------------------------------------

SEATS = st.sampled_from(P)
SHAPES = st.sampled_from(
    ["ping_hu", "pong_pong_hu", "seven_pairs", "full_flush", "terminals", "thirteen_orphans"]
)


def _check(record: dict[str, Any]) -> Settlement:
    return settle_checked(record)  # §2 "net sums to zero"


@settings(max_examples=150, deadline=None)
@given(SEATS, SHAPES, st.integers(1, 8), st.integers(0, 7), st.booleans(), st.integers(1, 20))
def test_monotone_in_multiplier_and_horses(
    winner: str, shape: str, mult: int, hits: int, no_ghost: bool, base: int
) -> None:
    """More horses or a bigger shape multiplier never pays less (§2 per_payer)."""
    flags = ("no_ghost",) if no_ghost else ()
    opts: dict[str, Any] = {"base": base, "horses": 8}
    if shape != "ping_hu":
        opts[f"mult_{shape}"] = mult
    one = _check(rec([win(winner, None, shape, *flags)], hits={winner: hits}, **opts))
    more = _check(rec([win(winner, None, shape, *flags)], hits={winner: hits + 1}, **opts))
    assert more.net[winner] > one.net[winner] > 0
    if shape != "ping_hu" and mult < 8:
        bigger = dict(opts, **{f"mult_{shape}": mult + 1})
        up = _check(rec([win(winner, None, shape, *flags)], hits={winner: hits}, **bigger))
        assert up.net[winner] > one.net[winner]
    # a self-draw: the three pay the same
    paid = {p.payer: p.amount for p in one.payments}
    assert len(set(paid.values())) == 1 and len(paid) == 3


@settings(max_examples=150, deadline=None)
@given(SEATS, SEATS, st.integers(0, 4), st.booleans(), st.booleans())
def test_liability_rob_and_gang_bao(
    winner: str, frm: str, hits: int, rob: bool, quan_bao: bool
) -> None:
    """抢杠全包 / 杠爆全包: the liable player alone pays what the three would pay on a self-draw."""
    if frm == winner:
        return
    horse_hits = {winner: hits}
    self_draw = _check(rec([win(winner)], hits=horse_hits))
    if rob:
        liable = win(winner, frm, robbed=True)
        opts: dict[str, Any] = {"rob_kong_pays_all": quan_bao}
    else:
        liable = win(winner, frm, "ping_hu", "kong_flower")
        opts = {"gang_bao_quan_bao": quan_bao}
    s = _check(rec([liable], hits=horse_hits, **opts))
    if quan_bao:
        assert [p.payer for p in s.payments] == [frm]
        assert s.net[winner] == self_draw.net[winner]
    elif rob:
        assert [p.payer for p in s.payments] == [frm]
        assert 3 * s.net[winner] == self_draw.net[winner]
    else:
        assert s.net == self_draw.net


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["exposed_kong", "added_kong", "concealed_kong"]), SEATS)),
    st.booleans(),
    st.booleans(),
)
def test_kongs_void_in_a_draw_unless_kept(
    kongs: list[tuple[str, str]], keep: bool, follow: bool
) -> None:
    """§3.4 流局: no hand money; kong money void unless draw_keeps_kongs; 跟庄 still paid."""
    events = [
        ev(k, p, next(q for q in P if q != p) if k == "exposed_kong" else None) for k, p in kongs
    ]
    if follow:
        events.append(ev("follow_dealer", "E"))
    s = _check(rec([], events, result="draw", draw_keeps_kongs=keep))
    if not keep:
        assert nets(s) == ((-3, 1, 1, 1) if follow else (0, 0, 0, 0))


def test_every_declaration_has_a_traditional_name() -> None:
    """Issue 16: every declared name carries its own zh_hant (not a character conversion)."""
    rs = get("guangdong")
    assert rs.zh_hant == "廣東推倒胡" and rs.unit_zh_hant
    decls: list[Any] = [*rs.options, *rs.presets, *rs.shapes, *rs.flags, *rs.counts, *rs.events]
    decls += [c for o in rs.options for c in o.choices]
    # and none of them keeps a Simplified-only character (发, 杠, 庄, 无 …; scoring.hant)
    assert_traditional_names(rs, decls)
    assert rs.event("exposed_kong") is not None
    assert rs.event("exposed_kong").zh_hant == "明槓（點槓）"  # type: ignore[union-attr]


def test_cli_rules_and_calc() -> None:
    """`mahjong-tally rules guangdong [--json]` and `calc` of the spec's §1 record (S
    self-draws without a ghost, 2 horses; E 暗杠; S 明杠 fed by W): each pays S 4 + 2·2 = 8, the
    kongs E +6 and S +3 from W."""
    out = mahjong_tally("rules", "guangdong", "--json")
    assert json.loads(out) == json.loads(json.dumps(get("guangdong").to_json()))
    text = mahjong_tally("rules", "guangdong")
    assert text.startswith("guangdong: 广东推倒胡 / Guangdong Tuidaohu")
    record = rec(
        [win("S", None, "ping_hu", "no_ghost")],
        [ev("concealed_kong", "E"), ev("exposed_kong", "S", "W")],
        hits={"S": 2},
        horses=4,
    )
    calc = mahjong_tally("calc", "-", "--json", stdin=json.dumps(record))
    assert json.loads(calc)["net"] == {
        "E": -8 + 6,
        "S": 24 - 2 + 3,
        "W": -8 - 2 - 3,
        "N": -8 - 2,
    }


@settings(max_examples=100, deadline=None)
@given(SEATS, SHAPES, st.integers(1, 8), st.integers(0, 6), st.booleans())
def test_horse_worth_the_hand_never_pays_less(
    winner: str, shape: str, mult: int, hits: int, no_ghost: bool
) -> None:
    """GD4: 马跟底分 (a horse = the whole hand H) ≥ the fixed plain value (base × hu), equal
    without horses or when H is the plain value."""
    flags = ("no_ghost",) if no_ghost else ()
    opts: dict[str, Any] = {"horses": 6}
    if shape != "ping_hu":
        opts[f"mult_{shape}"] = mult
    w = [win(winner, None, shape, *flags)]
    fixed = _check(rec(w, hits={winner: hits}, **opts))
    whole = _check(rec(w, hits={winner: hits}, horse_value="hand", **opts))
    assert whole.net[winner] >= fixed.net[winner]
    plain = (shape == "ping_hu" or mult == 1) and not no_ghost
    if hits == 0 or plain:
        assert whole.net == fixed.net
