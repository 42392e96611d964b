"""A sample night drawn by the real renderer: ``mahjong-tally render-samples OUTDIR``.

The night is made up (seeded, so always the same): simple fan-based hands among 2-4 players,
settled here with plain integer arithmetic, then shown as every kind of image in Chinese and
English. The tests use the same builders to render 2/3/4 players, 0/1/200 hands and awkward
names.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.render.draw import render_hand_card, render_scoreboard, render_settlement
from bot.render.labels import is_zh
from bot.render.views import (
    WINDS,
    FanLine,
    HandCardView,
    NetLine,
    PaymentLine,
    ScoreboardView,
    SeatLine,
    SettlementImageView,
    TileHandView,
    TransferLine,
    TrendSeries,
)
from scoring.record import Step
from scoring.transfers import fewest_transfers

EN_NAMES = ("Alice", "Bob", "Carol", "Dave")
ZH_NAMES = ("小明", "阿芳", "老王", "李姐")
TABLE = {"zh": "周五麻将局", "en": "Friday Night Table"}
RULESET = {"zh": "四川血战到底", "en": "Sichuan Bloody Battle"}
NIGHT = 3
STAKE_MINOR = 50  # ¥0.5 per point
CURRENCY = "CNY"


@dataclass(frozen=True, slots=True)
class SampleHand:
    dealer: int
    winner: int | None  # None = a drawn hand (流局)
    discarder: int | None  # None = self-drawn
    fan: int
    pays: tuple[tuple[int, int, int], ...]  # (payer, payee, amount)


def sample_hands(n_players: int, n_hands: int, seed: int = 7) -> list[SampleHand]:
    rng = random.Random(seed * 1000 + n_players)
    dealer = 0
    out: list[SampleHand] = []
    for _ in range(n_hands):
        if rng.random() < 0.12:
            out.append(SampleHand(dealer, None, None, 0, ()))
            dealer = (dealer + 1) % n_players
            continue
        winner = rng.randrange(n_players)
        fan = rng.choice((1, 1, 2, 2, 2, 4, 4, 8, 16))
        if rng.random() < 0.3 or n_players == 1:
            pays = tuple((p, winner, fan * 2) for p in range(n_players) if p != winner)
            disc = None
        else:
            disc = rng.choice([p for p in range(n_players) if p != winner])
            pays = ((disc, winner, fan * 4),)
        out.append(SampleHand(dealer, winner, disc, fan, pays))
        if winner != dealer:
            dealer = (dealer + 1) % n_players
    return out


def _net(h: SampleHand, n: int) -> list[int]:
    net = [0] * n
    for a, b, amt in h.pays:
        net[a] -= amt
        net[b] += amt
    return net


def _summary(i: int, h: SampleHand, names: Sequence[str], lang: str) -> str:
    zh = is_zh(lang)
    if h.winner is None:
        return f"第{i}手：流局" if zh else f"Hand {i}: drawn, nobody wins"
    w = names[h.winner]
    if h.discarder is None:
        each = h.pays[0][2]
        return (
            f"第{i}手：{w} 自摸 {h.fan}番，每家付{each}"
            if zh
            else f"Hand {i}: {w} self-draws, {h.fan} fan, {each} from each"
        )
    d = names[h.discarder]
    amt = h.pays[0][2]
    return (
        f"第{i}手：{w} 胡 {d} 的炮，{h.fan}番，{d} 付{amt}"
        if zh
        else f"Hand {i}: {w} wins on {d}'s discard, {h.fan} fan, {d} pays {amt}"
    )


def scoreboard_view(
    names: Sequence[str], hands: Sequence[SampleHand], lang: str, *, money: bool = True
) -> ScoreboardView:
    n = len(names)
    running = [[0] * n]
    won, selfd, dealt = [0] * n, [0] * n, [0] * n
    for h in hands:
        net = _net(h, n)
        running.append([a + b for a, b in zip(running[-1], net, strict=True)])
        if h.winner is not None:
            won[h.winner] += 1
            if h.discarder is None:
                selfd[h.winner] += 1
            else:
                dealt[h.discarder] += 1
    dealer = hands[-1].dealer if hands else 0
    if hands and hands[-1].winner not in (None, hands[-1].dealer):
        dealer = (dealer + 1) % n
    elif hands and hands[-1].winner is None:
        dealer = (dealer + 1) % n
    total = running[-1]
    seats = tuple(
        SeatLine(
            name=names[i],
            total=total[i],
            wind=WINDS[(i - dealer) % n],
            is_dealer=i == dealer,
            hands_won=won[i],
            self_draws=selfd[i],
            deal_ins=dealt[i],
            money_minor=total[i] * STAKE_MINOR if money else None,
        )
        for i in range(n)
    )
    trend = tuple(TrendSeries(names[i], tuple(r[i] for r in running[1:])) for i in range(n))
    lang_key = "zh" if is_zh(lang) else "en"
    return ScoreboardView(
        table_name=TABLE[lang_key],
        ruleset_name=RULESET[lang_key],
        night=NIGHT,
        hand_count=len(hands),
        seats=seats,
        trend=trend,
        last_hand=_summary(len(hands), hands[-1], names, lang) if hands else None,
        currency=CURRENCY if money else None,
    )


def settlement_view(
    names: Sequence[str], hands: Sequence[SampleHand], lang: str, *, money: bool = True
) -> SettlementImageView:
    n = len(names)
    total = [0] * n
    for h in hands:
        total = [a + b for a, b in zip(total, _net(h, n), strict=True)]
    ids = [str(i) for i in range(n)]
    transfers = fewest_transfers(dict(zip(ids, total, strict=True)), ids)
    stake = STAKE_MINOR if money else None
    lang_key = "zh" if is_zh(lang) else "en"
    return SettlementImageView(
        table_name=TABLE[lang_key],
        ruleset_name=RULESET[lang_key],
        night=NIGHT,
        hand_count=len(hands),
        nets=tuple(
            NetLine(names[i], total[i], total[i] * stake if stake else None) for i in range(n)
        ),
        transfers=tuple(
            TransferLine(
                names[int(t.payer)],
                names[int(t.payee)],
                t.amount,
                t.amount * stake if stake else None,
            )
            for t in transfers
        ),
        currency=CURRENCY if money else None,
        stake_minor=stake,
    )


def hand_card_view(
    names: Sequence[str], hands: Sequence[SampleHand], seq: int, lang: str
) -> HandCardView:
    """The card of hand ``seq`` (1-based) of the sample night."""
    n = len(names)
    h = hands[seq - 1]
    zh = is_zh(lang)
    lang_key = "zh" if zh else "en"
    steps: list[Step] = []
    pays: list[PaymentLine] = []
    if h.winner is not None:
        w = names[h.winner]
        if h.discarder is None:
            steps.append(
                Step(
                    f"{w} 自摸 {h.fan}番：每家付 {h.fan}×2 = {h.fan * 2}",
                    f"{w} self-draws {h.fan} fan: each other player pays {h.fan} × 2 = {h.fan * 2}",
                )
            )
        else:
            d = names[h.discarder]
            steps.append(
                Step(
                    f"{w} 胡 {d} 的炮 {h.fan}番：点炮者付 {h.fan}×4 = {h.fan * 4}",
                    f"{w} wins {h.fan} fan on {d}'s discard: the discarder pays "
                    f"{h.fan} × 4 = {h.fan * 4}",
                )
            )
        for a, b, amt in h.pays:
            reason = (
                ("自摸", "self-draw share") if h.discarder is None else ("点炮", "discarder pays")
            )
            pays.append(PaymentLine(names[a], names[b], amt, reason[0] if zh else reason[1]))
    else:
        steps.append(Step("流局：无人胡牌，不付钱", "Drawn hand: nobody wins, nobody pays"))
    net = _net(h, n)
    return HandCardView(
        table_name=TABLE[lang_key],
        ruleset_name=RULESET[lang_key],
        seq=seq,
        night=NIGHT,
        headline=_summary(seq, h, names, lang).split("：", 1)[-1].split(": ", 1)[-1],
        payments=tuple(pays),
        nets=tuple(NetLine(names[i], net[i], net[i] * STAKE_MINOR) for i in range(n)),
        explanation=tuple(steps),
        currency=CURRENCY,
    )


GB_FANS = (
    (("混一色", "Half Flush"), 6),
    (("碰碰和", "All Pungs"), 6),
    (("箭刻", "Dragon Pung"), 2),
    (("花牌", "Flower Tiles"), 1),
)


def guobiao_card_view(names: Sequence[str], lang: str) -> HandCardView:
    """A Guobiao hand entered as tiles: 碰碰和 + 混一色 + 箭刻 on a discard, 4 flowers."""
    zh = is_zh(lang)
    w, d = names[0], names[1 % len(names)]
    tiles = {
        "melds": [
            {"kind": "pung", "tiles": "111p", "concealed": False, "claimed_from": "left"},
            {"kind": "kong", "tiles": "7777p", "concealed": True},
        ],
        "hand": "999p555z2z",
        "win_tile": "2z",
        "self_drawn": False,
        "last_tile_of_kind": False,
        "last_wall_tile": False,
        "kong_related": False,
        "seat_wind": "S",
        "prevalent_wind": "E",
        "flowers": 4,
    }
    fans = tuple(
        FanLine(name[0] if zh else name[1], pts, 4 if name[1] == "Flower Tiles" else 1)
        for name, pts in GB_FANS
    )
    total = sum(f.points * f.count for f in fans)
    base = 8
    n = len(names)
    pays = [PaymentLine(d, w, base + total, "点炮" if zh else "discarder")]
    pays += [
        PaymentLine(names[i], w, base, "底分" if zh else "base")
        for i in range(n)
        if names[i] not in (w, d)
    ]
    net = {nm: 0 for nm in names}
    for p in pays:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    others = n - 2
    return HandCardView(
        table_name=TABLE["zh" if zh else "en"],
        ruleset_name="国标麻将" if zh else "Guobiao (MCR)",
        seq=12,
        night=NIGHT,
        headline=(
            f"{w} 胡 {d} 的炮，{total}番" if zh else f"{w} wins {total} fan on {d}'s discard"
        ),
        payments=tuple(pays),
        nets=tuple(NetLine(nm, net[nm]) for nm in names),
        explanation=(
            Step(
                f"番数：混一色6 + 碰碰和6 + 箭刻2 + 花牌1×4 = {total}番",
                f"Fans: half flush 6 + all pungs 6 + dragon pung 2 + flowers 1 × 4 = {total}",
            ),
            Step(
                f"点炮者付 底分{base} + {total} = {base + total}；其他{others}家各付底分{base}",
                f"The discarder pays base {base} + {total} = {base + total}; "
                f"the other {others} pay the base {base} each",
            ),
        ),
        tile_hands=(TileHandView(w, tiles, fans, total),),
    )


def render_samples(outdir: Path) -> list[Path]:
    """Render one of each image, in Chinese and English, into ``outdir``; returns the files."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for lang, names in (("en", EN_NAMES), ("zh", ZH_NAMES)):
        hands = sample_hands(4, 24)
        images = {
            "scoreboard": render_scoreboard(scoreboard_view(names, hands, lang), lang),
            "settlement": render_settlement(settlement_view(names, hands, lang), lang),
            "hand": render_hand_card(hand_card_view(names, hands, len(hands), lang), lang),
            "hand_guobiao": render_hand_card(guobiao_card_view(names, lang), lang),
        }
        for kind, data in images.items():
            p = outdir / f"{kind}_{lang}.png"
            p.write_bytes(data)
            written.append(p)
    return written
