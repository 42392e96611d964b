"""Sichuan 血战到底's payments besides the wins (scoring/rulesets/sichuan.py): the kongs'
刮风下雨 money (L135–139), 呼叫转移 (the house option ``hujiao_zhuanyi``) and the draw's
查花猪 / 查大叫 / kong refunds (L141–145). Each writes its steps in zh, en and ja.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring import refs
from scoring.record import Event, HandRecord
from scoring.ruleset import Options, Tally
from scoring.sichuan.tables import KONGS, PIG_MULTIPLE, pow_amount


def transfer_kong(
    record: HandRecord,
    group: list[int],
    last_kong: dict[tuple[int, str], list[tuple[str, str, int]]],
    kong_paid: list[tuple[str, str, int]],
    tally: Tally,
) -> None:
    """呼叫转移 (option ``hujiao_zhuanyi``): after the wins of one discard, if they were
    杠上炮, the konger hands that kong's money to the 杠上炮 winners (shared; a remainder one
    each in turn order from the konger's next seat); it is then no longer his to refund."""
    wins = record.wins
    takers = [wins[i].winner for i in group if wins[i].has("gang_shang_pao")]
    konger = wins[group[0]].discarder
    if not takers or konger is None:
        return
    paid = last_kong.get((group[0], konger))
    total = sum(amount for _, _, amount in paid or ())
    if not paid or not total:
        return
    players = record.players
    seat = players.index(konger)
    takers.sort(key=lambda p: (players.index(p) - seat) % len(players))
    each, rest = divmod(total, len(takers))
    for j, p in enumerate(takers):
        tally.pay(konger, p, each + (1 if j < rest else 0), "hujiao_zhuanyi")
    for entry in paid:
        kong_paid.remove(entry)
    share_zh = share_en = share_ja = ""
    if len(takers) > 1:
        share_zh = f"，{len(takers)}家平分 {total}÷{len(takers)}={each}" + (
            f"余{rest}（从{konger}下家起各多1）" if rest else ""
        )
        share_en = f", shared by {len(takers)}: {total}÷{len(takers)} = {each}" + (
            f" remainder {rest} (one each from {konger}'s next seat)" if rest else ""
        )
        share_ja = f"、{len(takers)}家で等分 {total}÷{len(takers)}={each}" + (
            f" 余り{rest}（{konger}の下家から順に一つずつ）" if rest else ""
        )
    cz, ce = refs.name("option", "hujiao_zhuanyi", "呼叫转移", "Call transfer (呼叫转移)")
    tally.explain(
        f"{cz}：{konger}杠上炮，把这个杠收的{total}转给" + "、".join(takers) + share_zh,
        f"{ce}: {konger} dealt in right after a kong and hands that "
        f"kong's {total} to " + ", ".join(takers) + share_en,
        f"{ce}：{konger}がカン直後に放銃（杠上炮）、そのカンで得た{total}を"
        + "、".join(takers)
        + "に渡す"
        + share_ja,
    )


def pay_kong(
    record: HandRecord, ev: Event, out: set[str], base: int, tally: Tally
) -> list[tuple[str, str, int]]:
    zh, en, mult = KONGS[ev.type]
    zh, en = refs.name("event", ev.type, zh, en)
    amount = mult * base
    if ev.type == "zhi_gang":
        assert ev.source is not None
        payers: Sequence[str] = [ev.source]
        who_zh, who_en = f"引杠者{ev.source}", f"the feeder {ev.source}"
        who_ja = f"カンさせた{ev.source}が"
    else:
        payers = [p for p in record.players if p != ev.player and p not in out]
        who_zh = "未胡的" + "、".join(payers) + "每家"
        who_en = "each player not yet won (" + ", ".join(payers) + ")"
        who_ja = "未和了の各家（" + "、".join(payers) + "）が"
    for p in payers:
        tally.pay(p, ev.player, amount, ev.type)
    tally.explain(
        f"{zh}：{ev.player}杠，{who_zh}付 {mult}×{base}={amount}",
        f"{en} by {ev.player}: {who_en} pays {mult}×{base}={amount}",
        f"{en}：{ev.player}のカン、{who_ja} {mult}×{base}={amount} を支払う",
    )
    return [(p, ev.player, amount) for p in payers]


def settle_draw(
    record: HandRecord,
    opts: Options,
    kong_paid: list[tuple[str, str, int]],
    tally: Tally,
) -> None:
    base = opts.i("base")
    won = [w.winner for w in record.wins]
    remaining = [p for p in record.players if p not in won]
    pigs = [p for p in remaining if record.count("flower_pig", p)]
    ready = [p for p in remaining if record.count("ready_fan", p)]
    tally.explain(
        "流局：" + "、".join(remaining) + "未胡，查花猪、查大叫",
        "Draw (流局): " + ", ".join(remaining) + " still in; check for flower pigs and ready hands",
        "流局：" + "、".join(remaining) + "が未和了、花猪と聴牌を確認（查花猪・查大叫）",
    )
    # step 1 查花猪 (L144)
    pig_amount = PIG_MULTIPLE * base
    for pig in pigs:
        pool = record.players if opts.b("pig_pays_won_players") else remaining
        to = [q for q in pool if q not in pigs]
        for q in to:
            tally.pay(pig, q, pig_amount, "flower_pig")
        if to:
            tally.explain(
                f"查花猪：{pig}是花猪，赔给" + "、".join(to) + f"每家 16×{base}={pig_amount}",
                f"Flower pig: {pig} holds three suits and pays each of "
                + ", ".join(to)
                + f" 16×{base}={pig_amount}",
                f"查花猪：{pig}は三色持ちの花猪、"
                + "、".join(to)
                + f"の各家に 16×{base}={pig_amount} を支払う",
            )
    # step 2 查大叫 (L145)
    cap = opts.i("cap_fan")
    for p in remaining:
        if p in ready or p in pigs:
            continue
        for q in ready:
            best = record.count("ready_fan", q)
            fan = min(best, cap) if cap else best
            amount = pow_amount(base, fan)
            tally.pay(p, q, amount, "not_ready")
            capped_zh = f"（封顶{fan}番）" if fan != best else ""
            capped_en = f" (capped at {fan})" if fan != best else ""
            capped_ja = f"（{fan}翻で頭打ち）" if fan != best else ""
            tally.explain(
                f"查大叫：{p}未听牌，赔听牌的{q}大叫{best}番{capped_zh}："
                f"{base}×{1 << (fan - 1)} = {amount}",
                f"Not ready: {p} pays ready {q} its best hand, {best} fan{capped_en}: "
                f"{base} × {1 << (fan - 1)} = {amount}",
                f"查大叫：{p}は不聴、聴牌の{q}に最高形{best}翻{capped_ja}を支払う："
                f"{base}×{1 << (fan - 1)} = {amount}",
            )
    # kong refunds (L141, L145): every not-ready player still in, pigs included
    for p in remaining:
        if p in ready:
            continue
        got = [(payer, amt) for payer, kp, amt in kong_paid if kp == p]
        for payer, amt in got:
            tally.pay(p, payer, amt, "kong_refund")
        if got:
            total = sum(a for _, a in got)
            tally.explain(
                f"{p}未听牌，退回刮风下雨所得共{total}："
                + "、".join(f"{payer} {amt}" for payer, amt in got),
                f"{p} is not ready and refunds all kong money received, {total}: "
                + ", ".join(f"{payer} {amt}" for payer, amt in got),
                f"{p}は不聴、受け取ったカン代（刮风下雨）計{total}を返す："
                + "、".join(f"{payer} {amt}" for payer, amt in got),
            )
