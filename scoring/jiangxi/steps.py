"""Jiangxi 冲关: the payments and their explanation steps (zh, en, ja) — the win's shares,
the 精, kong money, 跟庄, 诈胡, the void draw and the net line (scoring/rulesets/jiangxi.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring import refs
from scoring.declarations import (
    DISCARD,
    ROBBED_KONG,
    SELF_DRAWN,
)
from scoring.jiangxi.decls import (
    ALL_MELDED,
    EARTHLY,
    EVENTS,
    FLAT_ALL_MELDED,
    FLAT_HEAVENLY,
    FLAT_HEAVENLY_WILD_WAIT,
    FOLLOW_DEALER,
    HEAVENLY,
    NO_WILD,
    PLAIN,
    PRIMARY,
    R_DEALER,
    R_DISCARDER,
    R_FALSE_WIN,
    R_FOLLOW,
    R_KONG,
    R_OTHER,
    R_ROBBED,
    R_SELF_DRAW,
    R_WILD,
    SECONDARY,
    WILD_KONGS,
    WILD_WAIT,
    word,
)
from scoring.jiangxi.formulas import (
    BAHU_NAME,
    FLAG_NAME,
    SHAPE_NAME,
    share,
    wild_explain,
)
from scoring.record import HandRecord, Step, Win
from scoring.ruleset import Tally


def _times_base(amount: int, base: int) -> tuple[int, str, str, str]:
    """``amount`` times the table's base, and the words of it (zh, en, ja; none at base 1)."""
    if base == 1:
        return amount, "", "", ""
    total = amount * base
    return total, f"，×底分{base}={total}", f", × base {base} = {total}", f"、×基本点{base}={total}"


EMPTY: Mapping[str, int] = {}


def _follow_zh() -> str:
    """跟庄 as the zh steps write it: the event's name (the English steps write the Chinese)."""
    return refs.name("event", FOLLOW_DEALER, "跟庄", "")[0]


def draw_step() -> Step:
    return Step(
        f"和牌：摸到翻精处无人胡牌，此局全作废——不计胡子、精子、杠钱、{_follow_zh()}，谁也不付",
        "Drawn hand (和牌): nobody won before the turned wildcard; the whole hand is void — "
        "nothing is paid, not even the wildcards (精): no win, no 精, no kong money, no 跟庄",
        "流局（和牌）：翻精の牌まで誰も和了せず、この局はすべて無効——和了・精・カン代・"
        "跟庄のいずれも支払いなし",
    )


def false_win_note() -> Step:
    return Step(
        f"诈胡的一局只罚诈胡者；不计精、杠钱、{_follow_zh()}",
        "A false-win hand ends with the penalty only: no wildcards (精), kong money or 跟庄",
        "诈胡（チョンボ）の局は罰符のみ：精・カン代・跟庄は計算しない",
    )


def _who(p: str, dealer: str, discarder: str | None, robbed: bool = False) -> tuple[str, str, str]:
    zh = "庄家" if p == dealer else "闲家"
    en = "dealer" if p == dealer else "non-dealer"
    ja = "親" if p == dealer else "子"
    if p == discarder:
        zh += "·杠家" if robbed else "·点炮"
        en += ", kong maker" if robbed else ", discarder"
        ja += "·カンした人" if robbed else "·放銃"
    return f"{p}（{zh}）", f"{p} ({en})", f"{p}（{ja}）"


def _reason(p: str, dealer: str, discarder: str | None, w_how: str) -> str:
    if w_how == SELF_DRAWN:
        return R_SELF_DRAW
    if p == discarder:
        return R_DISCARDER
    return R_DEALER if p == dealer else R_OTHER


def _flat(flags: tuple[str, ...], quanqiuren: bool) -> tuple[int, str, str, str] | None:
    """天胡/地胡/全求人: a flat amount per payer that replaces the formula (§2.3)."""
    if HEAVENLY in flags or EARTHLY in flags:
        which = HEAVENLY if HEAVENLY in flags else EARTHLY
        name_zh, name_en = refs.name("term", which, *FLAG_NAME[which])
        if WILD_WAIT in flags:
            jd_zh, _ = refs.name("term", WILD_WAIT, *FLAG_NAME[WILD_WAIT])
            return (
                FLAT_HEAVENLY_WILD_WAIT,
                f"{jd_zh}{name_zh}每家{FLAT_HEAVENLY_WILD_WAIT}（不按翻数）",
                f"wild-wait {name_en}: flat {FLAT_HEAVENLY_WILD_WAIT} (instead of the fans)",
                f"精吊の{name_en}：各家定額{FLAT_HEAVENLY_WILD_WAIT}（翻数によらない）",
            )
        return (
            FLAT_HEAVENLY,
            f"{name_zh}每家{FLAT_HEAVENLY}（不按翻数）",
            f"{name_en}: flat {FLAT_HEAVENLY} (instead of the fans)",
            f"{name_en}：各家定額{FLAT_HEAVENLY}（翻数によらない）",
        )
    if ALL_MELDED in flags and quanqiuren:
        am_zh, am_en = refs.name("term", ALL_MELDED, *FLAG_NAME[ALL_MELDED])
        return (
            FLAT_ALL_MELDED,
            f"{am_zh}每家{FLAT_ALL_MELDED}（不按翻数）",
            f"{am_en}: flat {FLAT_ALL_MELDED} (instead of the fans)",
            f"{am_en}：各家定額{FLAT_ALL_MELDED}（翻数によらない）",
        )
    return None


def pay_win(
    t: Tally,
    ruleset_id: str,
    players: tuple[str, ...],
    dealer: str,
    win: Win,
    rule: tuple[int, bool, bool, str, str],
    robbed_basis: str,
    quanqiuren: bool,
    base: int,
) -> None:
    """胡计子: every other player's share of the win (§2.2–§2.4)."""
    winner, discarder, robbed = win.winner, win.discarder, win.robbed_kong
    shape, flags = win.shape or PLAIN, win.flags
    w_how = ROBBED_KONG if robbed else (SELF_DRAWN if discarder is None else DISCARD)
    winner_dealer = winner == dealer
    bahu = BAHU_NAME[ruleset_id]
    s_zh, s_en = refs.name("shape", shape, *SHAPE_NAME[shape])
    f_names = [refs.name("term", f, *FLAG_NAME.get(f, bahu)) for f in flags]
    hand_zh = s_zh + "".join(" · " + z for z, _ in f_names)
    hand_en = s_en + "".join(" · " + e for _, e in f_names)
    w_zh = f"{winner}（{'庄家' if winner_dealer else '闲家'}）"
    w_en = f"{winner} ({'dealer' if winner_dealer else 'non-dealer'})"
    w_ja = f"{winner}（{'親' if winner_dealer else '子'}）"
    if w_how == SELF_DRAWN:
        t.explain(
            f"{w_zh}自摸 {hand_zh}",
            f"{w_en} wins self-drawn: {hand_en}",
            f"{w_ja}のツモ和了：{hand_en}",
        )
    elif w_how == DISCARD:
        t.explain(
            f"{w_zh}胡 {discarder} 点炮 {hand_zh}（三家都付，点炮者多1翻）",
            f"{w_en} wins on {discarder}'s discard: {hand_en} (all three pay; the "
            "discarder's share has the discard fan)",
            f"{w_ja}が{discarder}から和了（ロン）：{hand_en}（三家とも支払い、放銃者の分は放銃の翻を含む）",
        )
    else:
        basis_zh = "按自摸算" if robbed_basis == "self_drawn" else "按杠家点炮算"
        basis_en = (
            "as a self-draw" if robbed_basis == "self_drawn" else "as the kong maker's discard"
        )
        basis_ja = "ツモとして" if robbed_basis == "self_drawn" else "カンした人の放銃として"
        t.explain(
            f"{w_zh}抢 {discarder} 的杠 {hand_zh}：正常胡({basis_zh})×2，"
            f"{refs.name('term', NO_WILD, *FLAG_NAME[NO_WILD])[0]}+5不翻倍，"
            "补杠家包付（被抢的杠不算杠钱）",
            f"{w_en} robs {discarder}'s kong: {hand_en}; a normal win ({basis_en}) ×2, the +5 "
            f"not doubled, and {discarder} pays every share (the robbed kong earns no kong money)",
            f"{w_ja}が{discarder}のカンを搶槓：{hand_en}；通常の和了（{basis_ja}計算）×2、"
            f"+5は倍にしない、{discarder}が全員分を包（搶槓されたカンにカン代なし）",
        )
    flat = _flat(flags, quanqiuren)
    scored_self = w_how == SELF_DRAWN or (robbed and robbed_basis == "self_drawn")
    fset = frozenset(flags)
    total = 0
    for p in players:
        if p == winner:
            continue
        if flat is not None:
            amount, d_zh, d_en, d_ja = flat
        else:
            amount, d_zh, d_en, d_ja = share(
                ruleset_id,
                shape,
                fset,
                scored_self,
                p == dealer,
                not scored_self and p == discarder,
                winner_dealer,
                robbed,
                rule,
                refs.active(),
            )
        v, b_zh, b_en, b_ja = _times_base(amount, base)
        who_zh, who_en, who_ja = _who(p, dealer, discarder, robbed)
        if robbed:
            assert discarder is not None
            t.pay(discarder, winner, v, R_ROBBED)
            t.explain(
                f"{who_zh}的一份由 {discarder} 包付：{d_zh}{b_zh}",
                f"{who_en}'s share, paid by {discarder}: {d_en}{b_en}",
                f"{who_ja}の分は{discarder}が包：{d_ja}{b_ja}",
            )
        else:
            t.pay(p, winner, v, _reason(p, dealer, discarder, w_how))
            t.explain(
                f"{who_zh}：{d_zh}{b_zh}", f"{who_en}: {d_en}{b_en}", f"{who_ja}：{d_ja}{b_ja}"
            )
        total += v
    t.explain(
        f"{winner} 胡牌共收 {total}",
        f"{winner} receives {total} for the win",
        f"{winner}の和了の受け取り計{total}",
    )


def pay_wilds(t: Tally, record: HandRecord, bonus: int, full100: bool, base: int) -> None:
    """精计子: each holder collects from each of the three others (§2.6). Two holders owe
    each other; as the spec says, settle both ways, then net: one payment of the difference."""
    players = record.players
    counts = record.counts
    prim = counts.get(PRIMARY, EMPTY)
    sec = counts.get(SECONDARY, EMPTY)
    kongs = counts.get(WILD_KONGS, EMPTY)
    holders = [
        (p, held)
        for p in players
        if (held := (prim.get(p, 0), sec.get(p, 0), kongs.get(p, 0))) != NO_WILDS
    ]
    if not holders:
        t.steps.append(NOBODY_HOLDS_WILDS)
        return
    sole = len(holders) == 1
    value = dict.fromkeys(players, 0)
    for p, (n_prim, n_sec, k) in holders:
        v, zh, en, ja = wild_explain(n_prim, n_sec, k, sole, bonus, full100, refs.active())
        value[p] = v * base
        _, b_zh, b_en, b_ja = _times_base(v, base)
        if sole:  # 霸精: "Alice holds every wild (霸精) → ×2" (issue 25 point 6)
            bz, be = word("sole_holder")
            zh += f"；{p}独得全部精（{bz}）→ ×2 = {v}"
            en += f"; {p} holds every wild ({be}) → ×2 = {v}"
            ja += f"；{p}が精を独占（{be}）→ ×2 = {v}"
        t.explain(
            f"{p} 精：{zh}；每家付{v}{b_zh}",
            f"{p}'s wildcards: {en}; {v} from each{b_en}",
            f"{p}の精：{ja}；各家が{v}を支払う{b_ja}",
        )
    if not sole:
        t.steps.append(HOLDERS_NET)
    for p, _ in holders:
        vp = value[p]
        for q in players:
            d = vp - value[q]
            if d > 0:
                t.pay(q, p, d, R_WILD)


NO_WILDS = (0, 0, 0)
NOBODY_HOLDS_WILDS = Step("精：无人有精", "Wildcards (精): nobody holds any", "精：誰も精なし")
HOLDERS_NET = Step(
    "有精的两家互付后相抵，只付差额",
    "Two holders owe each other: only the difference is paid",
    "精を持つ者同士は相殺し、差額のみ支払う",
)


KONG_NAME = {e.id: (e.zh, e.en.lower()) for e in EVENTS}


def pay_kong(
    t: Tally, players: tuple[str, ...], player: str, kind: str, money: int, base: int
) -> None:
    """Kong money (§2.5): each of the others pays the kong owner."""
    amount, b_zh, b_en, b_ja = _times_base(money, base)
    for q in players:
        if q != player:
            t.pay(q, player, amount, R_KONG)
    name_zh, name_en = refs.name("event", kind, *KONG_NAME[kind], "lower")
    t.explain(
        f"{player} {name_zh}：每家付{money}{b_zh}",
        f"{player} {name_en}: {money} from each{b_en}",
        f"{player}の{name_en}：各家が{money}を支払う{b_ja}",
    )


def pay_follow(
    t: Tally, players: tuple[str, ...], dealer: str, rounds: int, per: int, base: int
) -> None:
    """跟庄 (§2.5): the dealer pays each other player, per go-round."""
    amount, b_zh, b_en, b_ja = _times_base(per * rounds, base)
    for q in players:
        if q != dealer:
            t.pay(dealer, q, amount, R_FOLLOW)
    t.explain(
        f"{_follow_zh()}{rounds}轮：庄家 {dealer} 付每家{per}×{rounds}={per * rounds}{b_zh}",
        f"跟庄 (the others followed the dealer's discard) for {rounds} round(s): dealer {dealer} "
        f"pays each {per}×{rounds} = {per * rounds}{b_en}",
        f"跟庄（親の捨て牌に他家が続いた）{rounds}巡：親 {dealer} が各家に"
        f"{per}×{rounds}={per * rounds}を支払う{b_ja}",
    )


def pay_false_win(t: Tally, players: tuple[str, ...], offender: str, per: int, base: int) -> None:
    """诈胡 (§2.5): the offender pays each other player."""
    amount, b_zh, b_en, b_ja = _times_base(per, base)
    for q in players:
        if q != offender:
            t.pay(offender, q, amount, R_FALSE_WIN)
    n = amount * (len(players) - 1)
    t.explain(
        f"{offender} {refs.name('event', R_FALSE_WIN, '诈胡', '')[0]}：赔每家{per}{b_zh}，共{n}",
        f"{offender} declared a false win (诈胡): pays {per} to each{b_en}, {n} in all",
        f"{offender}の诈胡（誤和了）：各家に{per}を支払う{b_ja}、計{n}",
    )


def net_step(net: Mapping[str, int]) -> Step:
    each = [f"{p} {n:+d}" for p, n in net.items()]  # the same in both languages
    return Step("合计：" + "，".join(each), "Net: " + ", ".join(each), "収支：" + "、".join(each))
