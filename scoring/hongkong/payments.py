"""Hong Kong's settlement (spec §2, §4): a win's faan and its units, who pays (自摸, 全銃 /
半銃, 包, a robbed kong), a false win, and the nets at the stake's money, each with its steps
in zh, en and ja (scoring/rulesets/hongkong.py).
"""

from __future__ import annotations

from scoring import refs
from scoring.hongkong.tables import (
    BAO,
    FALSE_WIN,
    FANS,
    LIMIT,
    POT,
    fan_value,
    multiplier,
    multiplier_text,
)
from scoring.record import HandRecord, Win
from scoring.ruleset import Options, Ruleset, Tally
from scoring.rulesets._common import each_pays


def faan_of(rs: type[Ruleset], win: Win, opts: Options) -> tuple[int, str, str, str]:
    """The faan used for payment (capped at max_faan), and how it adds up (zh, en, ja)."""
    max_faan = opts.i("max_faan")
    if win.has(LIMIT):
        # the bot asks the count first; under the limit it adds nothing (§3, H10)
        extra_zh = "，番数不另计" if win.fan is not None or win.fans else ""
        extra_en = ", the count adds nothing" if win.fan is not None or win.fans else ""
        extra_ja = "、番数は加算しない" if win.fan is not None or win.fans else ""
        lz, le = rs.word("limit_hand", "lower")
        return (
            max_faan,
            f"{lz}={max_faan}番{extra_zh}",
            f"{le} = {max_faan} faan{extra_en}",
            f"{le} = {max_faan}番{extra_ja}",
        )
    if win.fan is not None:
        f = min(win.fan, max_faan)
        # the English: "paid at the limit"
        cap_zh = f"，{rs.word('limit')[0]}按{max_faan}番" if win.fan > max_faan else ""
        cap_en = f", paid at the limit {max_faan}" if win.fan > max_faan else ""
        cap_ja = f"、上限の{max_faan}番で支払い" if win.fan > max_faan else ""
        return (
            f,
            f"共{win.fan}番{cap_zh}",
            f"{win.fan} faan in all{cap_en}",
            f"計{win.fan}番{cap_ja}",
        )
    parts_zh: list[str] = []
    parts_en: list[str] = []
    parts_ja: list[str] = []
    raw = 0
    limits: list[str] = []
    dropped = False
    for fid in win.fans or ():
        zh, _, en, _, _ = FANS[fid]
        zh, en = refs.name("fan", fid, zh, en)
        if (
            fid == "men_qian_qing"
            and win.discarder is None
            and opts.s("concealed_self_draw") == "zi_mo_only"
        ):
            dropped = True
            continue
        v = fan_value(fid, opts)
        if v is None:
            limits.append(fid)
            mz, me = rs.word("limit_fan", "lower")
            parts_zh.append(f"{zh}{mz}")
            parts_en.append(f"{en} {me}")
            parts_ja.append(f"{en} {me}")
        else:
            raw += v
            parts_zh.append(f"{zh}{v}")
            parts_en.append(f"{en} {v}")
            parts_ja.append(f"{en} {v}")
    drop_zh = ""
    if dropped:  # the English writes 門前清
        drop_zh = f"（只计自摸，不计{refs.name('fan', 'men_qian_qing', '门前清', '')[0]}）"
    drop_en = " (self-drawn only: 門前清 not counted)" if dropped else ""
    drop_ja = "（ツモのみ計上、門前清は計上しない）" if dropped else ""
    if limits:
        az, ae = rs.word("limit_any", "lower")
        return (
            max_faan,
            " · ".join(parts_zh) + f"：{az} = {max_faan}番，其他不另计{drop_zh}",
            " · ".join(parts_en) + f": {ae} = {max_faan} faan, the rest adds nothing{drop_en}",
            " · ".join(parts_ja) + f"：{ae} = {max_faan}番、他は加算しない{drop_ja}",
        )
    f = min(raw, max_faan)
    cap_zh = f"，{rs.word('limit')[0]}按{max_faan}番" if raw > max_faan else ""
    cap_en = f", paid at the limit {max_faan}" if raw > max_faan else ""
    cap_ja = f"、上限の{max_faan}番で支払い" if raw > max_faan else ""
    return (
        f,
        " · ".join(parts_zh) + f" = {raw}番{cap_zh}{drop_zh}",
        " · ".join(parts_en) + f" = {raw} faan{cap_en}{drop_en}",
        " · ".join(parts_ja) + f" = {raw}番{cap_ja}{drop_ja}",
    )


def liable_player(record: HandRecord, win: Win) -> str | None:
    for ev in record.events:
        if ev.type == BAO and (ev.source or record.wins[0].winner) == win.winner:
            return ev.player
    return None


def pay_win(rs: type[Ruleset], t: Tally, record: HandRecord, opts: Options, win: Win) -> None:
    base = opts.i("base")
    spice = opts.s("spiciness")
    faan, fzh, fen, fja = faan_of(rs, win, opts)
    m = multiplier(faan, spice) * base
    mzh, men, mja = multiplier_text(faan, spice)
    if base != 1:
        mzh += f"，×底{base}={m}"
        men += f", × base {base} = {m}"
        mja += f"、×基本{base}={m}"
    w, d = win.winner, win.discarder
    t.explain(
        f"{w}食糊：{fzh}；{mzh}", f"{w} wins: {fen}; {men}", f"{w}の和了（食糊）：{fja}；{mja}"
    )
    others = [p for p in record.players if p != w]
    liable = liable_player(record, win)
    if win.robbed_kong:
        assert d is not None
        mode = opts.s("robbed_kong")
        if mode == "bao_zimo":
            t.pay(d, w, 6 * m, "robbed_kong_bao")
            t.explain(
                f"抢杠当自摸，开杠者{d}包三家双份：6×{m} = {6 * m}",
                f"robbing {d}'s kong is paid as a self-draw and {d} pays all three double "
                f"shares: 6 × {m} = {6 * m}",
                f"搶槓はツモ扱い、カンした{d}が三家分の二口ずつを包：6×{m} = {6 * m}",
            )
            note_bao(t, liable, d, "robbed")
            return
        if mode == "all_pay":
            each_pays(t, others, w, 2 * m, "self_draw_share")
            t.explain(
                f"抢杠当自摸，三家各付双份 2×{m} = {2 * m}",
                f"robbing a kong is paid as an ordinary self-draw: each of the three pays "
                f"a double share, 2 × {m} = {2 * m}",
                f"搶槓は通常のツモ扱い：三家が各二口 2×{m} = {2 * m}",
            )
            note_bao(t, liable, None, "robbed")
            return
        t.explain(
            f"抢杠：开杠者{d}当放铳",
            f"robbing a kong: the konger {d} is the discarder",
            f"搶槓：カンした{d}を放銃者とする",
        )
    if d is None:
        if liable is not None:
            t.pay(liable, w, 6 * m, "bao_self_draw")
            bz = refs.name("reason", "bao_self_draw", "包自摸", "")[0]  # en: the Chinese
            t.explain(
                f"{bz}：{liable}一人付三家双份 6×{m} = {6 * m}",
                f"包自摸: {liable} alone pays the three double shares: 6 × {m} = {6 * m}",
                f"包自摸：{liable}が一人で三家分の二口ずつを支払う 6×{m} = {6 * m}",
            )
            return
        each_pays(t, others, w, 2 * m, "self_draw_share")
        t.explain(
            f"自摸：三家各付双份 2×{m} = {2 * m}，共{6 * m}",
            f"self-drawn: each of the three pays a double share, 2 × {m} = {2 * m}, {6 * m} in all",
            f"ツモ：三家が各二口 2×{m} = {2 * m}、計{6 * m}",
        )
        return
    if liable == d:
        t.pay(d, w, 4 * m, "bao_discard")
        bz = refs.name("reason", "bao_discard", "包打出", "")[0]  # en: the Chinese
        t.explain(
            f"{bz}：{d}包三家，付4份 4×{m} = {4 * m}",
            f"包打出: the liable discarder {d} pays for all, 4 shares: 4 × {m} = {4 * m}",
            f"包打出：責任ある放銃者{d}が全員分、4口を支払う 4×{m} = {4 * m}",
        )
        return
    fz, _ = rs.word(opts.s("responsibility"))  # the English writes 全銃 / 半銃
    dz, de = rs.word("discarder", "lower")
    if opts.s("responsibility") == "full":
        t.pay(d, w, 4 * m, "discarder_share")
        t.explain(
            f"{fz}：{dz}{d}包三家，付4份 4×{m} = {4 * m}",
            f"全銃: {de} {d} pays for all, 4 shares: 4 × {m} = {4 * m}",
            f"全銃：{de}{d}が全員分、4口を支払う 4×{m} = {4 * m}",
        )
    else:
        t.pay(d, w, 2 * m, "discarder_share")
        rest = [p for p in others if p != d]
        each_pays(t, rest, w, m, "other_share")
        t.explain(
            f"{fz}：{dz}{d}付双份 2×{m} = {2 * m}，{'、'.join(rest)}各付单份 {m}，共{4 * m}",
            f"半銃: {de} {d} pays a double share, 2 × {m} = {2 * m}; "
            f"{' and '.join(rest)} a single share, {m} each; {4 * m} in all",
            f"半銃：{de}{d}が二口 2×{m} = {2 * m}、{'、'.join(rest)}が各一口 {m}、計{4 * m}",
        )
    note_bao(t, liable, d, "discard")


def note_bao(t: Tally, liable: str | None, payer: str | None, kind: str) -> None:
    if liable is None or liable == payer:
        return
    if kind == "robbed":
        t.explain(
            f"{liable}的包不适用：抢杠的付法已定",
            f"{liable}'s liability changes nothing: a robbed kong pays by its own rule",
            f"{liable}の包は適用なし：搶槓は搶槓の払い方による",
        )
    else:
        t.explain(
            f"{liable}的包不适用：打出的牌不是他的",
            f"{liable}'s liability changes nothing on another player's discard",
            f"{liable}の包は適用なし：他家の打牌による和了",
        )


def pay_false_win(
    rs: type[Ruleset], t: Tally, record: HandRecord, opts: Options, offender: str
) -> None:
    base = opts.i("base")
    max_faan = opts.i("max_faan")
    spice = opts.s("spiciness")
    big_m = multiplier(max_faan, spice) * base
    mzh, men, mja = multiplier_text(max_faan, spice)
    if base != 1:
        mzh += f"，×底{base}={big_m}"
        men += f", × base {base} = {big_m}"
        mja += f"、×基本{base}={big_m}"
    mode = opts.s("false_win")
    others = [p for p in record.players if p != offender]
    if mode == "fine_no_payee":
        t.pay(offender, POT, 4 * big_m, "false_win_fine")
        t.explain(
            f"{offender}{refs.name('event', FALSE_WIN, '诈糊', '')[0]}：罚4个{rs.word('limit_fan')[0]}份 4×{big_m} = {4 * big_m}，其他三家不加分；{rs.word('limit_fan')[0]}：{mzh}",
            f"{offender} declared a false win: a fine of 4 limit shares, 4 × {big_m} = "
            f"{4 * big_m}, that nobody receives; the limit: {men}",
            f"{offender}の诈糊（誤和了）：上限4口分の罰 4×{big_m} = {4 * big_m}、"
            f"誰も受け取らない；上限：{mja}",
        )
        return
    k = 2 if mode == "limit_share_each" else 6
    for p in others:
        t.pay(offender, p, k * big_m, FALSE_WIN)
    t.explain(
        f"{offender}{refs.name('event', FALSE_WIN, '诈糊', '')[0]}：赔每家{k}个{rs.word('limit_fan')[0]}份 {k}×{big_m} = {k * big_m}，共{3 * k * big_m}；{rs.word('limit_fan')[0]}：{mzh}",
        f"{offender} declared a false win: pays each other player {k} limit shares, "
        f"{k} × {big_m} = {k * big_m}, {3 * k * big_m} in all; the limit: {men}",
        f"{offender}の诈糊（誤和了）：他の各家に上限{k}口分 {k}×{big_m} = {k * big_m}、"
        f"計{3 * k * big_m}；上限：{mja}",
    )
