"""Yichun's payments besides the wins: kong money and side bets (鸽子), with their steps in
zh, en and ja (scoring/rulesets/yichun.py).
"""

from __future__ import annotations

from scoring import refs
from scoring.record import HandRecord
from scoring.ruleset import Tally
from scoring.yichun.tables import REASONS


def kong_money(t: Tally, record: HandRecord, base: int) -> None:
    """Kong money (option kong_money): each of the other three pays the kong's owner."""
    for e in record.events:
        if e.type not in ("exposed_kong", "concealed_kong"):
            continue
        per = (1 if e.type == "exposed_kong" else 2) * base
        name_zh, name_en = refs.name("money", e.type, *REASONS[e.type])
        for p in record.players:
            if p != e.player:
                t.pay(p, e.player, per, e.type)
        t.explain(
            f"{e.player}{name_zh}：其他三家各付{per}，共{3 * per}",
            f"{e.player} {name_en}: each of the other three pays {per}, {3 * per} in all",
            f"{e.player}の{name_en}：他の三家が各{per}を支払う、計{3 * per}",
        )


def side_bets(t: Tally, record: HandRecord, clone: bool) -> None:
    """Side bets (鸽子): a backer wins or loses as the seat it backs; ``clone``: backers
    of the payer pay backers of the payee too."""
    bets = [(str(e.get("backer")), e.player) for e in record.events if e.type == "side_bet"]
    if not bets:
        return
    seat_payments = list(t.payments)
    seat_net = {p: t.net.get(p, 0) for p in record.players}
    for backer, seat in bets:
        t.net.setdefault(backer, 0)
        for pay in seat_payments:
            if pay.payee == seat:
                t.pay(pay.payer, backer, pay.amount, "side_bet")
            if pay.payer == seat:
                t.pay(backer, pay.payee, pay.amount, "side_bet")
    sz, se = refs.name("money", "side_bet", REASONS["side_bet"][0], "Side bet", "cap")
    for backer, seat in bets:
        n = seat_net[seat]
        t.explain(
            f"{sz}：{backer}押{seat}，输赢与{seat}相同（{n:+d}）：每笔付给{seat}的钱，付款人同额付给{backer}；"
            f"{seat}付出的每笔钱，{backer}同额付给收款人",
            f"{se}: {backer} backs {seat} and wins or loses as {seat} does ({n:+d}): whoever "
            f"paid {seat} pays {backer} the same, and {backer} pays the same to whoever {seat} paid",
            f"{se}：{backer}が{seat}に賭け、勝ち負けは{seat}と同じ（{n:+d}）：{seat}に支払った者は"
            f"{backer}にも同額を支払い、{backer}は{seat}が支払った相手に同額を支払う",
        )

    if clone:
        # backers of the payer pay backers of the payee too: each backer is a copy of its seat
        for pay in seat_payments:
            for bx, sx in bets:
                for by, sy in bets:
                    if sx == pay.payer and sy == pay.payee:
                        t.pay(bx, by, pay.amount, "side_bet")
        t.explain(
            f"{sz}（鸽子等同座位）："
            "押付款人的鸽子也同额付给押收款人的鸽子，每个鸽子的输赢等于所押座位的最终输赢",
            "Side bets (clone): a backer of the payer also pays a backer of the payee the "
            "same amount, so every backer ends with exactly its seat's final net",
            "鸽子（サイドベット、座席の写し）：支払う側に賭けた者は受け取る側に賭けた者にも同額を支払い、"
            "賭けた者の収支は賭けた座席の最終収支と等しくなる",
        )
