"""One riichi hand (spec §2.2–§2.8): a win, an exhaustive draw, an abortive draw, a chombo.

The pot (供托) is the pseudo-party ``pot``: a riichi stick is a payment player → ``pot``
(``riichi_deposit``), the winner's sticks a payment ``pot`` → winner. ``net`` then has a
``pot`` entry, so it sums to zero over its keys and the players' nets sum to minus the change
of the pot (the explanation says so).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scoring.record import Event, HandRecord, Settlement, Win
from scoring.riichi.decls import (
    ABORTIVE,
    ABORTIVE_KINDS,
    CHOMBO,
    DRAW,
    PAO_YAKU,
    POT,
    WIN,
    event_name,
    word,
)
from scoring.riichi.points import (
    MANGAN,
    YAKUMAN,
    HandValue,
    fmt,
    ron_text,
    ron_value,
    tsumo_shares,
)
from scoring.ruleset import Options, Tally

STICK = 1000


def sticks_en(k: int) -> str:
    return f"{k} stick" if k == 1 else f"{k} sticks"


def _and_ja(who: list[str]) -> str:
    return "、".join(who)


@dataclass(frozen=True, slots=True)
class TableState:
    """The table before or after a hand: who deals, the honba counters, sticks in the pot."""

    dealer: str
    honba: int
    sticks: int


def table_before(record: HandRecord) -> TableState:
    """The dealer and the dealer-keyed counts ``honba`` and ``riichi_sticks`` (§1.1)."""
    d = record.dealer
    return TableState(d, record.count("honba", d), record.count("riichi_sticks", d))


def next_seat(players: tuple[str, ...], p: str) -> str:
    return players[(players.index(p) + 1) % len(players)]


def by_distance(record: HandRecord) -> list[Win]:
    """The wins, ron winners in turn order after the discarder (shimocha first, §2.6)."""
    wins = list(record.wins)
    if len(wins) < 2:
        return wins
    players = record.players
    n, src = len(players), players.index(wins[0].discarder or wins[0].winner)
    return sorted(wins, key=lambda w: (players.index(w.winner) - src) % n)


def kept_wins(record: HandRecord, opts: Options) -> tuple[list[Win], str]:
    """The wins that are paid and the mode (§2.6): ``allow``, ``head_bump`` or ``abortive``
    (three ron winners under ``triple_ron: abortive``: the hand is a sanchahou)."""
    wins = by_distance(record)
    if len(wins) < 2:
        return wins, "allow"
    mode = opts.s("triple_ron") if len(wins) == 3 else opts.s("multiple_ron")
    if mode == "abortive":
        return [], mode
    if mode == "head_bump":
        return wins[:1], mode
    return wins, mode


def riichi_players(record: HandRecord) -> list[str]:
    return [e.player for e in record.events if e.type == "riichi"]


def after(record: HandRecord, opts: Options) -> TableState:
    """The table after this hand (§2.3 counters, §2.4 pot, §2.5–§2.6 renchan, §2.8)."""
    before = table_before(record)
    d, h, k = before.dealer, before.honba, before.sticks
    moved = next_seat(record.players, d)
    r = len(riichi_players(record))
    if record.result == WIN:
        wins, mode = kept_wins(record, opts)
        if mode != "abortive":
            if any(w.winner == d for w in wins):
                return TableState(d, h + 1, 0)
            return TableState(moved, 0, 0)
        return TableState(d if opts.b("abortive_renchan") else moved, h + 1, k + r)
    if record.result == DRAW:
        # renchan by dealer tenpai only, a nagashi dealer too (RC-14, DER-18: "dealer nagashi:
        # 4000 all … next: dealer S"; §2.5's "or is a nagashi player" contradicts it)
        ready = {e.player for e in record.events if e.type == "tenpai"}
        stays = opts.s("renchan") == "tenpai" and d in ready
        return TableState(d if stays else moved, h + 1, k + r)
    if record.result == ABORTIVE:
        return TableState(d if opts.b("abortive_renchan") else moved, h + 1, k + r)
    return before  # chombo (the hand is replayed) and game_end


def _explain_after(t: Tally, record: HandRecord, opts: Options) -> None:
    nxt = after(record, opts)
    hz, he, hj = word("honba")
    pz, pe, pj = word("pot")
    t.explain(
        f"下一局：庄家{nxt.dealer}，{nxt.honba}{hz}，{pz}{nxt.sticks}根立直棒",
        f"Next hand: dealer {nxt.dealer}, {he} {nxt.honba}, {pe}: {sticks_en(nxt.sticks)}",
        f"次局：親は{nxt.dealer}、{nxt.honba}{hj}、{pj}のリーチ棒{nxt.sticks}本",
    )


def _deposits(t: Tally, record: HandRecord, *, paid: bool = True) -> int:
    who = riichi_players(record)
    if not who:
        return 0
    rz, re_, rj = event_name("riichi")
    pz, pe, pj = word("pot")
    names = "、".join(who)
    if not paid:
        t.explain(
            f"{names}{rz}：本局作废，立直棒退回",
            f"{', '.join(who)} {re_}: the hand is void, the sticks go back",
            f"{names}の{rj}：この局は無効、リーチ棒は戻る",
        )
        return 0
    for p in who:
        t.pay(p, POT, STICK, "riichi_deposit")
    t.explain(
        f"{names}{rz}：{'每人' if len(who) > 1 else ''}付1,000点入{pz}",
        f"{', '.join(who)} {re_}: 1,000{' each' if len(who) > 1 else ''} into {pe}",
        f"{names}が{rj}：{'各' if len(who) > 1 else ''}1,000点を{pj}へ",
    )
    return len(who)


def _honba_ron(t: Tally, payer: str, winner: str, h: int, hv: int) -> None:
    if h == 0:
        return
    hz, he, hj = word("honba")
    t.pay(payer, winner, h * hv, "honba")
    t.explain(
        f"{h}{hz}×{fmt(hv)}={fmt(h * hv)}，{payer}付给{winner}",
        f"{he} {h} × {fmt(hv)} = {fmt(h * hv)}, {payer} pays {winner}",
        f"{h}{hj}×{fmt(hv)}={fmt(h * hv)}、{payer}から{winner}へ",
    )


def _honba_tsumo(t: Tally, payers: list[str], winner: str, h: int, hv: int) -> None:
    if h == 0 or not payers:
        return
    hz, he, hj = word("honba")
    each = h * hv // len(payers)
    for p in payers:
        t.pay(p, winner, each, "honba")
    t.explain(
        f"{h}{hz}×{fmt(hv)}={fmt(h * hv)}，{len(payers)}家各付{fmt(each)}",
        f"{he} {h} × {fmt(hv)} = {fmt(h * hv)}, {fmt(each)} from each of {len(payers)}",
        f"{h}{hj}×{fmt(hv)}={fmt(h * hv)}、{len(payers)}人が{fmt(each)}ずつ",
    )


def _pay_tsumo(
    t: Tally, record: HandRecord, opts: Options, winner: str, basic: int, reason: str
) -> None:
    shares = tsumo_shares(basic, winner, record.dealer, record.players, opts.s("sanma_tsumo"))
    for s in shares:
        t.pay(s.payer, winner, s.amount, reason)
    total = sum(s.amount for s in shares)
    t.explain(
        "自摸：" + "；".join(s.zh for s in shares) + f"；共{fmt(total)}",
        "Tsumo: " + "; ".join(s.en for s in shares) + f"; {fmt(total)} in all",
        "ツモ：" + "；".join(s.ja for s in shares) + f"；合計{fmt(total)}",
    )


def _pao_event(record: HandRecord, winner: str) -> Event | None:
    return next((e for e in record.events if e.type == "pao" and e.source == winner), None)


def _pay_win(
    t: Tally, record: HandRecord, opts: Options, win: Win, value: HandValue, honba: bool
) -> None:
    """One kept winner's hand payment, his honba (if ``honba``) and a pao liability."""
    w, f = win.winner, win.discarder
    dealer = w == record.dealer
    h, hv = (table_before(record).honba if honba else 0), opts.i("honba_value")
    zh, en, ja = value.text()
    t.explain(f"{w}和了，{zh}", f"{w} wins, {en}", f"{w}の和了、{ja}")
    pao = _pao_event(record, w)
    if pao is not None and value.yakuman > 0:
        _pay_pao(t, record, opts, win, value, pao, h, hv)
        return
    if f is not None:
        rz, re_, rj = ron_text(value.basic, dealer)
        t.pay(f, w, ron_value(value.basic, dealer), "ron")
        kz = "（抢杠，按荣和）" if win.robbed_kong else ""
        ke = " (chankan, paid as a ron)" if win.robbed_kong else ""
        kj = "（槍槓、ロンとして）" if win.robbed_kong else ""
        t.explain(f"{rz}，{f}付{kz}", f"{re_}, paid by {f}{ke}", f"{rj}、{f}の支払い{kj}")
        _honba_ron(t, f, w, h, hv)
        return
    _pay_tsumo(t, record, opts, w, value.basic, "tsumo_share")
    _honba_tsumo(t, [p for p in record.players if p != w], w, h, hv)


def _pay_pao(
    t: Tally,
    record: HandRecord,
    opts: Options,
    win: Win,
    value: HandValue,
    pao: Event,
    h: int,
    hv: int,
) -> None:
    """§2.7: the liable player covers one yakuman; the rest of the hand is paid normally."""
    w, f, liable = win.winner, win.discarder, pao.player
    dealer = w == record.dealer
    v = ron_value(YAKUMAN, dealer)
    rest = value.basic - YAKUMAN
    pz, pe, pj = event_name("pao")
    yaku = str(pao.get("yaku", ""))
    yz, ye, yj = PAO_YAKU.get(yaku, ("", "", ""))
    yz = f"（{yz}）" if yz else ""
    ye = f" ({ye})" if ye else ""
    yj = f"（{yj}）" if yj else ""
    if f is None or f == liable:
        t.pay(liable, w, v, "pao_full")
        t.explain(
            f"{liable}{pz}{yz}：一倍役满按荣和价{fmt(v)}全付",
            f"{liable} {pe}{ye}: pays the whole yakuman at its ron value {fmt(v)}",
            f"{liable}の{pj}{yj}：役満1倍分をロンの点数{fmt(v)}で全額支払い",
        )
        if f is None:
            if h:
                hz, he, hj = word("honba")
                t.pay(liable, w, h * hv, "honba")
                t.explain(
                    f"{h}{hz}×{fmt(hv)}={fmt(h * hv)}，全由{liable}付",
                    f"{he} {h} × {fmt(hv)} = {fmt(h * hv)}, all paid by {liable}",
                    f"{h}{hj}×{fmt(hv)}={fmt(h * hv)}、全額{liable}の支払い",
                )
            if rest:
                t.explain(
                    f"其余{fmt(rest)}基本点按自摸由各家付",
                    f"The other {fmt(rest)} basic points as a tsumo",
                    f"残りの基本点{fmt(rest)}はツモとして各家が支払い",
                )
                _pay_tsumo(t, record, opts, w, rest, "tsumo_share")
            return
    else:
        t.pay(f, w, v // 2, "ron_half")
        t.pay(liable, w, v // 2, "pao_half")
        t.explain(
            f"{liable}{pz}{yz}：荣和价{fmt(v)}由放铳者{f}与{liable}各付一半{fmt(v // 2)}",
            f"{liable} {pe}{ye}: the ron value {fmt(v)} is shared, {fmt(v // 2)} from the "
            f"discarder {f} and {fmt(v // 2)} from {liable}",
            f"{liable}の{pj}{yj}：ロンの点数{fmt(v)}を放銃者{f}と{liable}で折半、{fmt(v // 2)}ずつ",
        )
    if rest:
        t.pay(f, w, ron_value(rest, dealer), "ron")
        rz, re_, rj = ron_text(rest, dealer)
        t.explain(
            f"其余部分：{rz}，{f}付", f"The rest: {re_}, paid by {f}", f"残り：{rj}、{f}の支払い"
        )
    _honba_ron(t, f, w, h, hv)


def _pot_to_winners(t: Tally, record: HandRecord, opts: Options, wins: list[Win], r: int) -> None:
    total = table_before(record).sticks + r
    if total == 0 or not wins:
        return
    pz, _, pj = word("pot")
    nearest = wins[0].winner
    back: list[str] = []
    if opts.s("sticks_multi") == "own_back_nearest" and len(wins) > 1:
        declared = set(riichi_players(record))
        back = [w.winner for w in wins[1:] if w.winner in declared]
    for p in back:
        t.pay(POT, p, STICK, "riichi_own_back")
    if back:
        t.explain(
            f"{'、'.join(back)}取回自己的立直棒1,000",
            f"{', '.join(back)} take their own stick back",
            f"{'、'.join(back)}は自分のリーチ棒1,000を回収",
        )
    left = total - len(back)
    t.pay(POT, nearest, left * STICK, "riichi_sticks")
    near_zh = "（最近者）" if len(wins) > 1 else ""
    near_en = " (the nearest)" if len(wins) > 1 else ""
    near_ja = "（放銃者から最も近い和了者）" if len(wins) > 1 else ""
    t.explain(
        f"{pz}{left}根立直棒{fmt(left * STICK)}归{nearest}{near_zh}",
        f"{word('pot', 'cap')[1]}: {sticks_en(left)}, {fmt(left * STICK)} to {nearest}{near_en}",
        f"{pj}のリーチ棒{left}本{fmt(left * STICK)}は{nearest}{near_ja}へ",
    )


def settle_win(record: HandRecord, opts: Options, values: Mapping[str, HandValue]) -> Tally:
    t = Tally(record.players)
    r = _deposits(t, record)
    wins, mode = kept_wins(record, opts)
    if mode == "abortive":
        kz, ke, kj = ABORTIVE_KINDS["sanchahou"]
        t.explain(
            f"三家荣和，按{kz}流局：无人付款",
            f"Three players ron: {ke}, an abortive draw, nobody pays",
            f"3人がロン：{kj}の途中流局、支払いなし",
        )
        _after_draw_pot(t, record, r)
        return t
    if mode == "head_bump" and len(record.wins) > 1:
        bz, _, bj = word("head_bump")
        t.explain(
            f"{bz}：只有{wins[0].winner}（放铳者下家起最近）和了",
            f"{word('head_bump', 'cap')[1]}: only {wins[0].winner}, the nearest to the discarder's right, wins",
            f"{bj}：{wins[0].winner}（放銃者の下家から最も近い者）のみ和了",
        )
    each = opts.s("honba_multi") == "each"
    for i, win in enumerate(wins):
        _pay_win(t, record, opts, win, values[win.winner], honba=i == 0 or each)
    _pot_to_winners(t, record, opts, wins, r)
    return t


def _after_draw_pot(t: Tally, record: HandRecord, r: int) -> None:
    k = table_before(record).sticks
    pz, _, pj = word("pot")
    t.explain(
        f"{pz}留在桌上：原有{k}根＋本局{r}根＝{k + r}根",
        f"{word('pot', 'cap')[1]} stays on the table: {k} + {r} this hand = {sticks_en(k + r)}",
        f"{pj}は卓に残る：前からの{k}本＋この局{r}本＝{k + r}本",
    )


def settle_draw(record: HandRecord, opts: Options) -> Tally:
    t = Tally(record.players)
    r = _deposits(t, record)
    n = len(record.players)
    nagashi = [e.player for e in record.events if e.type == "nagashi_mangan"]
    if nagashi:
        h, hv = table_before(record).honba, opts.i("honba_value")
        nz, ne, nj = event_name("nagashi_mangan")
        mz, me, mj = word("mangan")
        for p in nagashi:
            t.explain(
                f"{p}{nz}：按{mz}自摸收（基本点2,000）",
                f"{p} {ne}: paid as a {me} tsumo (basic points 2,000)",
                f"{p}の{nj}：{mj}のツモとして受け取り（基本点2,000）",
            )
            _pay_tsumo(t, record, opts, p, MANGAN, "nagashi_mangan")
            if opts.b("nagashi_honba"):
                _honba_tsumo(t, [q for q in record.players if q != p], p, h, hv)
        t.explain(
            "流局满贯代替未听罚符",
            "Nagashi mangan replaces the noten payments",
            f"{nj}はノーテン罰符の代わり",
        )
    else:
        ready = [
            p
            for p in record.players
            if any(e.type == "tenpai" and e.player == p for e in record.events)
        ]
        tz, te, tj = event_name("tenpai")
        if 0 < len(ready) < n:
            total = opts.i("noten_total")
            noten = [p for p in record.players if p not in ready]
            each = total // (len(noten) * len(ready))
            for p in noten:
                for q in ready:
                    t.pay(p, q, each, "noten")
            t.explain(
                f"{'、'.join(ready)}{tz}，{'、'.join(noten)}未听：罚符{fmt(total)}，"
                f"每个未听者付每个听牌者{fmt(total)}÷({len(noten)}×{len(ready)})={fmt(each)}",
                f"{', '.join(ready)} {te}, {', '.join(noten)} noten: {fmt(total)} in all, each noten "
                f"player pays each tenpai player {fmt(total)} ÷ ({len(noten)} × {len(ready)}) = {fmt(each)}",
                f"{_and_ja(ready)}が{tj}、{_and_ja(noten)}がノーテン：罰符{fmt(total)}、"
                f"ノーテン者がそれぞれ聴牌者それぞれに{fmt(total)}÷({len(noten)}×{len(ready)})"
                f"={fmt(each)}",
            )
        else:
            who_zh, who_en, who_ja = (
                ("全员听牌", "everybody is tenpai", "全員聴牌")
                if ready
                else ("全员未听", "nobody is tenpai", "全員ノーテン")
            )
            t.explain(
                f"{who_zh}：无未听罚符",
                f"{who_en.capitalize()}: no noten payments",
                f"{who_ja}：ノーテン罰符なし",
            )
    _after_draw_pot(t, record, r)
    return t


def settle_abortive(record: HandRecord, opts: Options) -> Tally:
    t = Tally(record.players)
    r = _deposits(t, record)
    ev = next((e for e in record.events if e.type == "abortive_draw"), None)
    kind = str(ev.get("kind", "")) if ev is not None else ""
    kz, ke, kj = ABORTIVE_KINDS.get(kind, ("途中流局", "abortive draw", "途中流局"))
    t.explain(f"{kz}：无人付款", f"{ke.capitalize()}: nobody pays", f"{kj}：支払いなし")
    _after_draw_pot(t, record, r)
    return t


def settle_chombo(record: HandRecord, opts: Options) -> Tally:
    t = Tally(record.players)
    ev = next(e for e in record.events if e.type == "chombo")
    x, d = ev.player, record.dealer
    cz, ce, cj = event_name("chombo")
    _deposits(t, record, paid=False)
    if opts.s("chombo") == "final_penalty":
        pen = fmt(opts.i("chombo_penalty"))
        t.explain(
            f"{x}{cz}：本局作废，终局时扣{pen}点（无人收）",
            f"{x} {ce}: the hand is void; {pen} points off at the game end (paid to nobody)",
            f"{x}の{cj}：この局は無効、終局時に{pen}点減点（受け取る人なし）",
        )
    else:
        mz, me, mj = word("mangan")
        for p in record.players:
            if p != x:
                amount = 4000 if d in (x, p) else 2000
                t.pay(x, p, amount, "chombo")
        if x == d:
            zh, en = f"庄家{x}付每家4,000", f"the dealer {x} pays 4,000 to each"
            ja = f"親の{x}が各家に4,000"
        else:
            zh = f"{x}付庄家{d} 4,000、其他闲家各2,000"
            en = f"{x} pays 4,000 to the dealer {d} and 2,000 to each other non-dealer"
            ja = f"{x}が親の{d}に4,000、ほかの子に2,000ずつ"
        t.explain(
            f"{x}{cz}：按{mz}自摸反付，{zh}",
            f"{x} {ce}: a reverse {me} tsumo, {en}",
            f"{x}の{cj}：{mj}のツモを逆に支払う（満貫払い）、{ja}",
        )
    hj, pj = word("honba")[2], word("pot")[2]
    t.explain(
        "本局重打：同一庄家，本场与供托不变",
        "The hand is replayed: same dealer, honba and pot unchanged",
        f"この局はやり直し：親はそのまま、{hj}と{pj}も変わらない",
    )
    return t


SETTLERS: Mapping[str, Callable[[HandRecord, Options], Tally]] = {
    DRAW: settle_draw,
    ABORTIVE: settle_abortive,
    CHOMBO: settle_chombo,
}


def settle(record: HandRecord, opts: Options, values: Mapping[str, HandValue]) -> Settlement:
    """The settlement of one hand (not a game end)."""
    if record.result == WIN:
        t = settle_win(record, opts, values)
    else:
        t = SETTLERS[record.result](record, opts)
    change = t.net.get(POT, 0)
    if change:
        pz, pe, pj = word("pot")
        sign = "+" if change > 0 else ""
        t.explain(
            f"玩家合计{fmt(-change)}＝{pz}变化的相反数（{pz}{sign}{fmt(change)}）",
            f"The players' nets sum to {fmt(-change)}, minus the change of {pe} "
            f"({sign}{fmt(change)})",
            f"プレイヤーの収支合計{fmt(-change)}＝−（{pj}の増減{sign}{fmt(change)}）",
        )
    _explain_after(t, record, opts)
    return t.settlement()
