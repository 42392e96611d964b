"""scoring.refs: name references of declared items (issue 15 point 1: "Settle once, name at
display time. Explanation steps … carry structured references … rule/fan/reason ids with
their zh/zh_Hant/en names declared by the ruleset").

The oracle is the plain settlement (``scoring.settle``, the contract's): settled with
references on and resolved in zh and en, every step reads word for word as the plain one.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring import refs
from scoring.hant import to_hant
from scoring.testing import random_records

RULESETS = scoring.all_rulesets()


def ref_settle(record: scoring.HandRecord) -> scoring.Settlement:
    with refs.referencing(record.ruleset):
        return scoring.settle(record)


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.id)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_resolved_references_read_as_the_plain_explanation(rs, seed):
    for record in random_records(rs, 6, seed=seed):
        try:
            plain = scoring.settle(record)
        except scoring.RecordError:
            continue
        got = ref_settle(record)
        assert got.payments == plain.payments and dict(got.net) == dict(plain.net)
        assert [refs.resolve_pair(s.zh, s.en) for s in got.explanation] == [
            (s.zh, s.en) for s in plain.explanation
        ], record
        assert not any(refs.OPEN in s.zh + s.en for s in plain.explanation)


_JIANGXI = (  # jiangxi-chongguan.md §2.6 "精计子: wildcard scoring (冲关, 霸精, 杠精)", L50 德国,
    # §2.5 跟庄; the words are the module's Chongguan.words (满精: option full100, rare)
    ("正精", "副精", "精杠", "霸精", "满精", "冲关", "德国", "跟庄")
)

#: per ruleset, the words its steps name (issue 15 point 1) that a stored step must never hold
#: as plain Chinese outside a reference: each is declared (the ruleset's ``words`` table, or a
#: declaration whose zh is the word) and reaches the step through ``refs.name``.
STEP_WORDS: dict[str, tuple[str, ...]] = {
    # guangdong-tuidaohu.md L82 "if "last_tile" in w.flags and O.haidi_double: H *= 2", the
    # options no_ghost_double / gang_kai_double / haidi_double; 跟庄 = G3 / K1 (option help)
    "guangdong": ("跟庄", "无鬼2倍", "杠开2倍", "海底2倍", "节节高"),
    # hongkong.md L51 "Limit 爆棚 / 滿糊 / 例牌", L6 "半銃/全銃", L15 "包打出/包自摸", L226 門前清
    "hongkong": ("爆棚", "例牌", "满糊", "全铳", "半铳", "放铳者", "包自摸", "包打出", "门前清"),
    "nanchang": _JIANGXI,
    "taihe": _JIANGXI,
    "xingguo": _JIANGXI,
    # nanning.md L16 "hand types: 清一色 …", L15 明杠 / 暗杠 kong money, L5 包牌
    "nanning": ("清一色", "明杠", "暗杠", "包牌", "抢杠", "放炮", "自摸"),
    # guobiao-mcr.md L21 "8 花牌"; points: the count flowers 花牌 (points.py counts)
    "guobiao": ("花牌",),
    "points": ("花牌",),
    # sichuan-xuezhan.md L29 "how: 自摸 / 点炮 / 抢杠", the count gen 根, option hujiao_zhuanyi
    # 呼叫转移 (自摸 is not listed: scoring/quanchong.py's payment step writes it)
    "sichuan": ("根", "抢杠胡", "呼叫转移", "自摸加底"),
    # singapore.md L314 "咬 | yǎo | bite", L331 生牌, L323 十三幺; the events 正花一对 / 齐花 / 齐四动物
    "singapore": ("咬", "正花一对", "齐花", "齐四动物", "明杠", "生牌", "十三幺"),
    # suzhou.md L13 "硬花", L40 "逃跑 (leaving mid-hand)"
    "suzhou": ("硬花", "逃跑"),
    # taiwan.md L55 七搶一 (flag robbing_the_eighth … qi_qiang_yi)
    "taiwan": ("七抢一",),
    # taixing.md L58 "reward hands: 清一色、大吊车、七对、混七对、混一色碰碰胡", L12 硬花, L4 包三摊
    "taixing": ("硬花", "清一色", "大吊车", "七对", "混七对", "混一色碰碰胡", "包三摊"),
    # wenling.py counts baiban 白板 / flowers 花 / dragon_sets 中发碰杠 (wenling.md §2)
    "wenling": ("白板", "中发碰杠", "自摸"),
    # zhejiang-caishen-xiaoshan.md L9 爆头, L5 承包
    "xiaoshan": ("爆头", "承包"),
    # yichun.md L27 豪华 (小七对 with sets of four), L28 清一色, L33 压鸽子
    "yichun": ("清一色", "豪华", "压鸽子"),
}


def test_the_step_words_name_registered_rulesets():
    assert set(STEP_WORDS) <= {rs.id for rs in RULESETS}


@pytest.mark.parametrize("rs", [r for r in RULESETS if r.id in STEP_WORDS], ids=lambda rs: rs.id)
def test_stored_steps_hold_no_listed_word_as_plain_text(rs):
    """A stored (referencing) step names each listed word by reference only: with the
    references cut out, the zh text holds none of them; resolved, most of them appear (so the
    list is not vacuous: the random records do reach those steps)."""
    words = STEP_WORDS[rs.id]
    seen: set[str] = set()
    for record in random_records(rs, 300, seed=3):
        try:
            st_ = ref_settle(record)
        except scoring.RecordError:
            continue
        for s in st_.explanation:
            outside = refs.REF.sub("", s.zh)
            left = [w for w in words if w in outside]
            assert not left, (left, s.zh)
            full = refs.resolve(s.zh, "zh")
            seen.update(w for w in words if w in full)
    assert len(seen) >= len(words) - 1, set(words) - seen


@pytest.mark.parametrize("rs", [r for r in RULESETS if r.words], ids=lambda rs: rs.id)
def test_every_declared_word_resolves_in_each_language(rs):
    for wid, (zh, zh_hant, en) in rs.words.items():
        assert zh and en and wid.isascii() and wid == wid.lower()
        r = refs.ref(rs.id, "word", wid)
        assert refs.resolve(r, "zh") == zh
        assert refs.resolve(r, "en") == en
        assert refs.resolve(r, "zh_Hant") == (zh_hant or to_hant(zh))


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.id)
def test_each_ruleset_references_its_names(rs):
    """Every ruleset's stored explanations name declared items by reference."""
    found = 0
    for record in random_records(rs, 60, seed=7):
        try:
            st_ = ref_settle(record)
        except scoring.RecordError:
            continue
        found += sum(s.zh.count(refs.OPEN) for s in st_.explanation)
    assert found > 0


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.id)
def test_every_paid_reason_has_declared_names(rs):
    """No payment reason falls back to the generic "payment": each id is declared."""
    seen: set[str] = set()
    for record in random_records(rs, 200, seed=11):
        try:
            st_ = scoring.settle(record)
        except scoring.RecordError:
            continue
        seen.update(p.reason for p in st_.payments)
    missing = {r for r in seen if refs.reason_names(rs, r) is None}
    assert not missing
    for r in seen:
        zh, _, en = refs.reason_names(rs, r) or ("", "", "")
        assert zh and en and zh != en


def test_plain_outside_the_block_references_inside_and_reset_after_an_error():
    assert refs.name("shape", "big_seven_pairs", "大七", "big seven pairs") == (
        "大七",
        "big seven pairs",
    )
    with pytest.raises(scoring.RecordError), refs.referencing("xingguo"):
        r = refs.ref("xingguo", "shape", "big_seven_pairs")
        assert refs.name("shape", "big_seven_pairs", "大七", "x") == (r, r)
        raise scoring.RecordError("x", "y")
    assert refs.active() is None


def test_resolution_by_language_and_form():
    """xingguo's shape big_seven_pairs is declared 大七对 / "Big seven pairs" (jiangxi.py
    SHAPES) with no Traditional name: zh_Hant converts it; the ``lower`` form writes it
    inside a sentence."""
    decl = scoring.get("xingguo").shape("big_seven_pairs")
    assert decl is not None and decl.zh_hant == ""
    r = refs.ref("xingguo", "shape", "big_seven_pairs")
    low = refs.ref("xingguo", "shape", "big_seven_pairs", "lower")
    assert refs.resolve(f"{r}·{low}", "zh") == f"{decl.zh}·{decl.zh}"
    assert refs.resolve(f"{r}·{low}", "en") == f"{decl.en}·{decl.en.lower()}"
    assert refs.resolve(r, "zh_Hant") == to_hant(decl.zh) != decl.zh
    # Hong Kong declares its Traditional names: the declared one is shown
    hk = refs.ref("hongkong", "fan", "qing_yao_jiu")
    assert refs.resolve(hk, "zh_Hant") == "清么九"


def test_an_item_no_longer_declared_shows_words_never_the_marker():
    for r in (refs.ref("xingguo", "shape", "gone_shape"), refs.ref("no_such", "fan", "x_y")):
        for lang in ("zh", "zh_Hant", "en"):
            out = refs.resolve(f"a {r} b", lang)
            assert refs.OPEN not in out and refs.CLOSE not in out
    assert refs.resolve(refs.ref("xingguo", "shape", "gone_shape"), "en") == "gone shape"
    # a Chinese step says so in Chinese: no id, no Latin letters (a person never sees ids)
    gone = refs.ref("xingguo", "shape", "gone_shape")
    assert refs.resolve(f"牌型 {gone}", "zh") == "牌型 （已停用的项）"
    assert refs.resolve(f"牌型 {gone}", "zh_Hant") == "牌型 （已停用的項）"
