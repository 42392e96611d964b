"""Singapore's settlement (spec §2): a win's tai and shares, who pays it (自摸, shooter or all
pay, 包, the dealer's double), and the instant payouts of kongs, bites and sets, each with its
steps in zh, en and ja (scoring/rulesets/singapore.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scoring import refs
from scoring.record import Event, HandRecord, Win
from scoring.ruleset import Options, Ruleset, Tally
from scoring.rulesets._common import (
    KONG_EACH_PAYS,
    KONG_FEEDER_PAYS,
    each_pays,
)
from scoring.singapore.tables import (
    BITES,
    ITEM_OPTION,
    ITEMS,
    KONG_NAMES,
    KONGS,
    LIMITS,
    SETS,
    THREE_SIX,
    item_name,
    units,
)


def item_tai(fid: str, opts: Options) -> int:
    tai = ITEMS[fid][3]
    return opts.i(ITEM_OPTION[fid]) if tai is None else tai


def count_tai(win: Win, opts: Options) -> tuple[int, int, str, str, str, bool]:
    """(tai used, tai counted, zh, en, ja parts, limit?) of a valid win (§2.1)."""
    cap = opts.i("max_tai")
    if win.fan is not None:
        t = win.fan
        used = min(t, cap)
        return used, t, f"共{t}台", f"{t} tai in all", f"計{t}台", False
    fans = win.fans or ()
    limits = [f for f in fans if f in LIMITS]
    if limits:
        t = cap + opts.i("special_hand_bonus")
        zh, en = refs.name("fan", limits[0], *item_name(limits[0]))
        bonus = opts.i("special_hand_bonus")
        pz = f"{zh}（满贯）= 封顶{cap}台" + (f"+{bonus}" if bonus else "")
        pe = f"{en} (limit) = limit {cap} tai" + (f" + {bonus}" if bonus else "")
        pj = f"{en}（満貫）= 上限{cap}台" + (f"+{bonus}" if bonus else "")
        return t, t, pz, pe, pj, True
    t = 0
    zh_parts: list[str] = []
    en_parts: list[str] = []
    for fid, n in Counter(fans).items():
        tai = item_tai(fid, opts)
        t += tai * n
        zh, en = refs.name("fan", fid, *item_name(fid))
        times_zh = f"×{n}" if n > 1 else ""
        times_en = f" × {n}" if n > 1 else ""
        zh_parts.append(f"{zh}{tai}{times_zh}")
        en_parts.append(f"{en} {tai}{times_en}")
    used = min(t, cap)
    zh, en = " · ".join(zh_parts) + f" = {t}台", " · ".join(en_parts) + f" = {t} tai"
    return used, t, zh, en, " · ".join(en_parts) + f" = {t}台", False


def shares(t: int, opts: Options) -> tuple[int, int, str, str, str]:
    """(S, Z, zh, en, ja): the single and double share of a ``t``-tai win (§2.2)."""
    base = opts.i("base")
    prog = opts.s("progression")
    if prog == "table":
        s, z = base * THREE_SIX[0][t - 1], base * THREE_SIX[1][t - 1]
        return (
            s,
            z,
            f"{t}台 → 每份 {base}×{THREE_SIX[0][t - 1]} = {s}，双份 {base}×"
            f"{THREE_SIX[1][t - 1]} = {z}（三六表）",
            f"{t} tai → share {base} × {THREE_SIX[0][t - 1]} = {s}, double share {base} × "
            f"{THREE_SIX[1][t - 1]} = {z} (three-six table)",
            f"{t}台 → 一口 {base}×{THREE_SIX[0][t - 1]} = {s}、二口分 {base}×"
            f"{THREE_SIX[1][t - 1]} = {z}（三六表）",
        )
    exp = t if prog == "doubling_from_zero" else t - 1
    s = base * (1 << exp)
    z = 2 * s
    # "5台 → 每份 1×16 = 16": each 台 doubles (issue 25 point 6)
    return (
        s,
        z,
        f"{t}台 → 每份 {base}×{1 << exp} = {s}，双份 {z}",
        f"{t} tai → share {base} × {1 << exp} = {s}, double share {z}",
        f"{t}台 → 一口 {base}×{1 << exp} = {s}、二口分 {z}",
    )


def settle_win(
    rs: type[Ruleset], tally: Tally, record: HandRecord, opts: Options, w: Win, liable: str | None
) -> None:
    t, counted, pz, pe, pj, limit = count_tai(w, opts)
    capped_zh = f"，封顶{t}台" if counted > t else ""
    capped_en = f", capped at {t}" if counted > t else ""
    capped_ja = f"、{t}台で頭打ち" if counted > t else ""
    tally.explain(
        f"{w.winner} 胡：{pz}{capped_zh}",
        f"{w.winner} wins: {pe}{capped_en}",
        f"{w.winner}の和了：{pj}{capped_ja}",
    )
    s, z, sz, se, sj = shares(t, opts)
    tally.explain(sz, se, sj)
    others = [p for p in record.players if p != w.winner]
    pays: list[tuple[str, int, str]] = []  # payer, amount, reason
    frm = w.discarder
    fans = w.fans or ()
    if liable is not None:
        if frm is None:
            pays.append((liable, 3 * z, "bao"))
            tally.explain(
                f"包：{liable} 一人付三家的双份 3×{z} = {3 * z}",
                f"bao: {liable} alone pays the three double shares, 3 × {z} = {3 * z}",
                f"包：{liable}が一人で三家分の二口を支払う 3×{z} = {3 * z}",
            )
        else:
            pays.append((liable, z + 2 * s, "bao"))
            tally.explain(
                f"包：{liable} 一人付双份加两个一份 {z}+2×{s} = {z + 2 * s}",
                f"bao: {liable} alone pays a double share and two shares, "
                f"{z} + 2 × {s} = {z + 2 * s}",
                f"包：{liable}が一人で二口分と一口二つを支払う {z}+2×{s} = {z + 2 * s}",
            )
    elif frm is None:
        for p in others:
            pays.append((p, z, "self_draw"))
        tally.explain(
            f"自摸：三家各付双份 {z}",
            f"self-drawn: each of the three pays the double share {z}",
            f"ツモ：三家が各二口分 {z} を支払う",
        )
    elif (
        opts.s("payment") == "shooter"
        or w.has("fresh_tile")
        or (opts.b("rob_pays_all") and (w.robbed_kong or "robbing_the_eighth" in fans))
    ):
        if w.has("fresh_tile"):
            fz, fe = rs.word("fresh_tile", "lower")
            why_zh, why_en = f"{fz}，放炮者全付", f"{fe}: the discarder pays for all"
            why_ja = f"{fe}：放銃者が全額支払い"
        elif opts.s("payment") == "shooter":
            why_zh, why_en, why_ja = "放炮者全付", "shooter pays all", "放銃者が全額支払い"
        else:
            why_zh, why_en = "被抢者全付", "the robbed player pays for all"
            why_ja = "搶槓された者が全額支払い"
        role_zh = "被抢者" if w.robbed_kong or "robbing_the_eighth" in fans else "放炮者"
        role_en = (
            "the robbed player" if w.robbed_kong or "robbing_the_eighth" in fans else "shooter"
        )
        role_ja = "搶槓された者" if w.robbed_kong or "robbing_the_eighth" in fans else "放銃者"
        pays.append((frm, z + 2 * s, "shooter"))
        tally.explain(
            f"{why_zh}：{role_zh} {frm} 付双份加两个一份 {z}+2×{s} = {z + 2 * s}",
            f"{why_en}: {role_en} {frm} pays a double share and two shares, "
            f"{z} + 2 × {s} = {z + 2 * s}",
            f"{why_ja}：{role_ja} {frm} が二口分と一口二つを支払う {z}+2×{s} = {z + 2 * s}",
        )
    elif opts.b("limit_all_pay_double") and limit:
        for p in others:
            pays.append((p, z, "limit_all_pay_double"))
        tally.explain(
            f"满贯放炮：三家各付双份 {z}",
            f"limit hand on a discard: each of the three pays the double share {z}",
            f"満貫のロン：三家が各二口分 {z} を支払う",
        )
    else:
        role_zh = "被抢者" if w.robbed_kong or "robbing_the_eighth" in fans else "放炮者"
        role_en = (
            "the robbed player"
            if w.robbed_kong or "robbing_the_eighth" in fans
            else "the discarder"
        )
        role_ja = "搶槓された者" if w.robbed_kong or "robbing_the_eighth" in fans else "放銃者"
        pays.append((frm, z, "discarder_share"))
        for p in others:
            if p != frm:
                pays.append((p, s, "other_share"))
        tally.explain(
            f"三家付：{role_zh} {frm} 付双份 {z}，另两家各付 {s}",
            f"all pay: {role_en} {frm} pays the double share {z}, the other two {s} each",
            f"全員払い：{role_ja} {frm} が二口分 {z}、他の二家が各 {s}",
        )
    if opts.b("thirteen_wonders_double") and "thirteen_wonders" in fans:
        pays = [(p, 2 * a, r) for p, a, r in pays]
        tz, te = refs.name("fan", "thirteen_wonders", "十三幺", "thirteen wonders", "lower")
        tally.explain(f"{tz}：每笔付款×2", f"{te}: every payment × 2", f"{te}：支払いはすべて×2")
    if opts.b("dealer_double"):
        dealer = record.dealer
        doubled = [(p, 2 * a if dealer in (p, w.winner) else a, r) for p, a, r in pays]
        if doubled != pays:
            tally.explain(
                f"庄家 {dealer} 付或收的款项×2",
                f"payments to or from the dealer {dealer} × 2",
                f"親 {dealer} の払う・受け取る支払いは×2",
            )
        pays = doubled
    for payer, amount, reason in pays:
        tally.pay(payer, w.winner, amount, reason)


def settle_events(rs: type[Ruleset], tally: Tally, record: HandRecord, opts: Options) -> None:
    if not record.events:
        return
    k = opts.i("instant_scale") * opts.i("base")
    players = record.players
    unit_zh = f"（每单位 {opts.i('instant_scale')}×{opts.i('base')} = {k}）"
    unit_en = f" (a unit is {opts.i('instant_scale')} × {opts.i('base')} = {k})"
    unit_ja = f"（一単位 {opts.i('instant_scale')}×{opts.i('base')} = {k}）"
    for ev in record.events:
        others = [p for p in players if p != ev.player]
        if switched_off(rs, tally, opts, ev):
            continue
        if ev.type in KONGS:
            pay_kong(rs, tally, opts, ev, others, k, (unit_zh, unit_en, unit_ja))
        elif ev.type in BITES:
            hidden = ev.int("hidden") == 1
            amount = 2 * k if hidden else k
            zh, en = rs.word(ev.type, "lower")
            ja = en
            if hidden:
                zh, en, ja = f"{zh}（暗）", f"{en} (hidden)", f"{en}（暗）"
            mult_zh, mult_en, mult_ja = units(2 if hidden else 1)
            if ev.source is not None:
                tally.pay(ev.source, ev.player, amount, ev.type)
                tally.explain(
                    f"{ev.player} {zh}：{ev.source} 一人付{mult_zh} = {amount}{unit_zh}",
                    f"{ev.player} {en}: {ev.source} alone pays {mult_en} = {amount}{unit_en}",
                    f"{ev.player}の{ja}：{ev.source}が一人で{mult_ja} = {amount}を支払う{unit_ja}",
                )
            else:
                each_pays(tally, others, ev.player, amount, ev.type)
                tally.explain(
                    f"{ev.player} {zh}：三家各付{mult_zh} = {amount}{unit_zh}",
                    f"{ev.player} {en}: each of the three pays {mult_en} = {amount}{unit_en}",
                    f"{ev.player}の{ja}：三家が各{mult_ja} = {amount}を支払う{unit_ja}",
                )
        elif ev.type in SETS:
            n = opts.i("set_payout")
            amount = n * k
            zh, en = rs.word(ev.type, "lower")
            each_pays(tally, others, ev.player, amount, ev.type)
            tally.explain(
                f"{ev.player} {zh}：三家各付{units(n)[0]} = {amount}{unit_zh}",
                f"{ev.player} {en}: each of the three pays {units(n)[1]} = {amount}{unit_en}",
                f"{ev.player}の{en}：三家が各{units(n)[2]} = {amount}を支払う{unit_ja}",
            )


def switched_off(rs: type[Ruleset], tally: Tally, opts: Options, ev: Event) -> bool:
    """An instant payout recorded while its option is off (``kong_payouts`` or
    ``bonus_payouts``, SG9) is accepted and pays nothing (spec §2 formula: "if e.type in
    (…) and O.bonus_payouts"); a step says so. True if so."""
    decl = rs.event(ev.type)
    option = decl.enabled_by if decl is not None else None
    if option is None or opts.b(option):
        return False
    if ev.type in KONG_NAMES:
        zh, en = refs.name("kong", ev.type, *KONG_NAMES[ev.type])
    else:
        zh, en = rs.word(ev.type, "lower")
    o = rs.option(option)
    assert o is not None
    oz, oe = refs.name("option", option, o.zh, o.en)
    tally.explain(
        f"{ev.player} {zh}：本桌未开“{oz}”，不付",
        f"{ev.player} {en}: “{oe}” is off at this table, nothing is paid",
        f"{ev.player}の{en}：この卓では「{oe}」がオフ、支払いなし",
    )
    return True


def pay_kong(
    rs: type[Ruleset],
    tally: Tally,
    opts: Options,
    ev: Event,
    others: Sequence[str],
    k: int,
    unit: tuple[str, str, str],
) -> None:
    """A kong's instant payout (§2.4); ``unit``: the words of one unit (zh, en, ja)."""
    unit_zh, unit_en, unit_ja = unit
    if ev.type in KONG_EACH_PAYS:
        n = KONG_EACH_PAYS[ev.type]
        each_pays(tally, others, ev.player, n * k, ev.type)
        zh, en = refs.name("kong", ev.type, *KONG_NAMES[ev.type])
        nz, ne, nj = units(n)
        tally.explain(
            f"{ev.player} {zh}：三家各付{nz} = {n * k}{unit_zh}",
            f"{ev.player} {en}: each of the three pays {ne} = {n * k}{unit_en}",
            f"{ev.player}の{en}：三家が各{nj} = {n * k}を支払う{unit_ja}",
        )
        return
    feeder = ev.source
    assert feeder is not None
    mode = opts.s("kong_discard")
    if mode == "follow_payment":
        mode = "feeder_alone" if opts.s("payment") == "shooter" else "all_three"
    fresh = ev.int("fresh_tile") == 1
    if fresh:
        mode = "feeder_alone"
    fz, fe = rs.word("fresh_tile", "lower")
    note_zh = f"（{fz}）" if fresh else ""
    note_en = f" ({fe})" if fresh else ""
    note_ja = f"（{fe}）" if fresh else ""
    kz, ke = rs.word("exposed_kong", "lower")
    if mode == "feeder_alone":
        n = KONG_FEEDER_PAYS
        tally.pay(feeder, ev.player, n * k, "exposed_kong")
        tally.explain(
            f"{ev.player} {kz}{note_zh}：放杠者 {feeder} 付{units(n)[0]} = {n * k}{unit_zh}",
            f"{ev.player} {ke}{note_en}: the feeder {feeder} pays {units(n)[1]} = {n * k}{unit_en}",
            f"{ev.player}の{ke}{note_ja}：カンさせた{feeder}が{units(n)[2]} = {n * k}を支払う"
            f"{unit_ja}",
        )
    elif mode == "all_three":
        each_pays(tally, others, ev.player, k, "exposed_kong")
        tally.explain(
            f"{ev.player} {kz}：三家各付1个单位 = {k}{unit_zh}",
            f"{ev.player} {ke}: each of the three pays 1 unit = {k}{unit_en}",
            f"{ev.player}の{ke}：三家が各1単位 = {k}を支払う{unit_ja}",
        )
    else:  # feeder_double (C4 "½ Shooter")
        tally.pay(feeder, ev.player, 2 * k, "exposed_kong")
        for p in others:
            if p != feeder:
                tally.pay(p, ev.player, k, "exposed_kong")
        tally.explain(
            f"{ev.player} {kz}：放杠者 {feeder} 付2个单位 = {2 * k}，另两家各付1个单位 = "
            f"{k}{unit_zh}",
            f"{ev.player} {ke}: the feeder {feeder} pays 2 units = {2 * k}, the "
            f"other two 1 unit = {k} each{unit_en}",
            f"{ev.player}の{ke}：カンさせた{feeder}が2単位 = {2 * k}、他の二家が各1単位 = "
            f"{k}{unit_ja}",
        )
