"""A sample night drawn by the real renderer: ``mahjong-tally render-samples OUTDIR``.

Every number on a sample image comes from the real scoring core: each hand is a
:class:`scoring.record.HandRecord` settled by :func:`scoring.settle`, the dealer moves by
:func:`scoring.next_dealer`, the night's transfers come from
:func:`scoring.transfers.fewest_transfers` and money from :func:`scoring.transfers.to_money`.

* :func:`xingguo_night` — the README night: a hand-written 兴国冲关 evening of ten hands
  (self-draws, discards, 德国, 精吊, 大七对, 精 bonuses with one 冲关, kongs, a draw);
* :func:`guobiao_card_view` — a Guobiao win entered as tiles, its fans found by the calculator
  (:func:`scoring.gb.calculator.calculate`);
* :func:`sample_hands` — seeded random nights of the generic ``points`` ruleset for any 2–4
  players and any number of hands (the render tests draw 0, 1 and 200 hands with it).

Display names map the records' player ids by seat. Explanations are settled once more with the
display names as player ids (as the bot does), so that they read "Bob pays …".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import scoring
from bot.i18n import translator
from bot.render.draw import render_hand_card, render_scoreboard, render_settlement
from bot.render.tiles import tile_hands
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
from scoring import registry
from scoring.errors import RecordError
from scoring.record import Event, HandRecord, Settlement, Win
from scoring.transfers import fewest_transfers, to_money

EN_NAMES = ("Alice", "Bob", "Carol", "Dave")
ZH_NAMES = ("阿明", "小红", "老王", "丽丽")
#: the names as a Traditional Chinese table writes them
HANT_NAMES = ("阿明", "小紅", "老王", "麗麗")
IDS = ("alice", "bob", "carol", "dave")
TABLE = {"zh": "周五麻将局", "en": "Friday Night Table"}
NIGHT = 3
STAKE_MINOR = 50  # ¥0.50 per point
CURRENCY = "CNY"


@dataclass(frozen=True, slots=True)
class SampleHand:
    """One hand of a sample night: the record and what :func:`scoring.settle` made of it."""

    record: HandRecord
    settlement: Settlement

    @property
    def win(self) -> Win | None:
        return self.record.wins[0] if self.record.result == "win" and self.record.wins else None


def _table_name(lang: str) -> str:
    return translator(lang).pick(TABLE["zh"], TABLE["en"])


def _ruleset_name(ruleset_id: str, lang: str) -> str:
    return translator(lang).name(registry.get(ruleset_id))


def _unit(ruleset_id: str) -> tuple[str, str, str]:
    """The ruleset's unit of points (zh, en, zh_hant): ``Ruleset.unit_zh`` / ``unit_en`` /
    ``unit_zh_hant``."""
    rs = registry.get(ruleset_id)
    return rs.unit_zh, rs.unit_en, rs.unit_zh_hant


def _reason(ruleset_id: str, reason: str, lang: str) -> str:
    return translator(lang).reason(registry.get(ruleset_id), reason)


def play(records: Sequence[HandRecord]) -> list[SampleHand]:
    """Settle ``records`` in turn; each hand's dealer is set by the previous hand's
    :func:`scoring.next_dealer` (the first record's dealer starts)."""
    out: list[SampleHand] = []
    dealer = records[0].dealer if records else ""
    for rec in records:
        rec = replace(rec, dealer=dealer)
        out.append(SampleHand(rec, scoring.settle(rec)))
        dealer = scoring.next_dealer(rec)
    return out


# --- the README night: 兴国冲关 ---------------------------------------------------------------
def _xg(
    winner: str | None = None,
    discarder: str | None = None,
    shape: str = "plain_win",
    flags: tuple[str, ...] = (),
    primary: Mapping[str, int] | None = None,
    secondary: Mapping[str, int] | None = None,
    events: tuple[Event, ...] = (),
) -> HandRecord:
    counts: dict[str, Mapping[str, int]] = {}
    if primary:
        counts["primary_wild"] = primary
    if secondary:
        counts["secondary_wild"] = secondary
    wins = () if winner is None else (Win(winner, discarder, shape=shape, flags=flags),)
    return HandRecord(
        ruleset="xingguo",
        players=IDS,
        dealer=IDS[0],  # replaced by the dealer moved by next_dealer (see play)
        result="win" if winner else "draw",
        wins=wins,
        counts=counts,
        events=events,
    )


def xingguo_records() -> list[HandRecord]:
    """Ten hands of a 兴国冲关 night (seat order alice, bob, carol, dave; alice deals first)."""
    a, b, c, d = IDS
    return [
        # 1 bob self-draws a plain win with his 正精; carol holds two 副精
        _xg(b, primary={b: 1}, secondary={c: 2}),
        # 2 carol wins a small seven pairs on dave's discard; alice holds a 副精
        _xg(c, d, "small_seven_pairs", secondary={a: 1, c: 1}),
        # 3 dave discards a kong-able tile to bob (exposed kong); then alice takes dave's discard
        #   with a no-wild plain win (德国); dave holds a 正精
        _xg(
            a,
            d,
            flags=("no_wild",),
            primary={d: 1},
            events=(Event("exposed_kong", b, d),),
        ),
        # 4 the wall runs out: a draw (和牌), void
        _xg(primary={a: 1}, secondary={b: 1}),
        # 5 carol self-draws a no-wild plain win (德国); the dealer dave alone holds 5 精 points:
        #   冲关, doubled as sole holder (霸精)
        _xg(c, flags=("no_wild",), primary={d: 2}, secondary={d: 1}),
        # 6 dave self-draws on a wild single wait (精吊), a concealed kong earlier
        _xg(
            d,
            flags=("wild_single_wait",),
            primary={d: 1},
            secondary={b: 1},
            events=(Event("concealed_kong", d),),
        ),
        # 7 bob wins a big seven pairs on alice's discard
        _xg(b, a, "big_seven_pairs", primary={b: 1}, secondary={a: 1, d: 1}),
        # 8 alice self-draws a plain win with two 副精
        _xg(a, secondary={a: 2, c: 1}),
        # 9 carol wins on bob's discard: no-wild big seven pairs (德国大七对)
        _xg(c, b, "big_seven_pairs", flags=("no_wild",), primary={a: 1}, secondary={d: 1}),
        # 10 the dealer self-draws a small seven pairs; an added kong by bob
        _xg(
            d,
            shape="small_seven_pairs",
            primary={d: 1},
            secondary={d: 1, c: 1},
            events=(Event("added_kong", b),),
        ),
    ]


def xingguo_night() -> list[SampleHand]:
    """The README night, every hand settled by the real engine."""
    records = xingguo_records()
    records[0] = replace(records[0], dealer=IDS[0])
    return play(records)


#: The hand shown on the README hand card (1-based): the 冲关 hand.
CARD_HAND = 5


# --- random nights of the generic points ruleset (tests) --------------------------------------
def sample_hands(n_players: int, n_hands: int, seed: int = 7) -> list[SampleHand]:
    """A seeded random night of the ``points`` ruleset (base 1): draws, self-draws, discards."""
    rng = random.Random(seed * 1000 + n_players)
    ids = tuple(f"p{i + 1}" for i in range(n_players))
    records: list[HandRecord] = []
    for _ in range(n_hands):
        if rng.random() < 0.12:
            records.append(HandRecord("points", ids, ids[0], "draw", options={"base": 1}))
            continue
        winner = rng.choice(ids)
        fan = rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        disc = None
        if rng.random() >= 0.3:
            disc = rng.choice([p for p in ids if p != winner])
        win = Win(winner, disc, fan=fan)
        records.append(HandRecord("points", ids, ids[0], "win", (win,), options={"base": 1}))
    return play(records)


# --- names ---------------------------------------------------------------------------------
def _ids(hands: Sequence[SampleHand], n: int) -> tuple[str, ...]:
    return hands[0].record.players if hands else tuple(f"p{i + 1}" for i in range(n))


def _name_map(ids: Sequence[str], names: Sequence[str]) -> dict[str, str]:
    return dict(zip(ids, names, strict=True))


def named_settlement(hand: SampleHand, names: Mapping[str, str]) -> Settlement:
    """The hand's explanation with the players' names, as the bot shows it
    (:func:`bot.present.preview`: settled once with player references, then named)."""
    from bot import present

    try:
        return present.preview(hand.record, names)
    except RecordError:
        return hand.settlement


# --- per-hand texts -------------------------------------------------------------------------
def _win_label(rec: HandRecord, win: Win, lang: str) -> str:
    """The hand's shape and flags in words (xingguo), or its fan (points, guobiao)."""
    tr = translator(lang)
    rs = registry.get(rec.ruleset)
    parts: list[str] = []
    if win.shape:
        s = rs.shape(win.shape)
        if s is not None:
            parts.append(tr.name(s))
    for f in win.flags:
        decl = rs.flag(f)
        if decl is not None:
            parts.append(tr.name(decl) if tr.zh else decl.en.split(" (")[0])
    if win.fan is not None:
        parts.append(tr.pick(f"{win.fan}番", f"{win.fan} fan"))
    return tr.pick("·", ", ").join(parts)


def headline(hand: SampleHand, names: Mapping[str, str], lang: str, what: str | None = None) -> str:
    """One line: who won how (``what`` = the hand in words; default: its shape and flags)."""
    tr = translator(lang)
    win = hand.win
    if win is None:
        return tr.pick("流局，本手作废", "Drawn hand, nothing counts")
    w = names[win.winner]
    if what is None:
        what = _win_label(hand.record, win, lang)
    if win.discarder is None:
        return tr.pick("{w} 自摸 {what}", "{w} self-draws: {what}").format(w=w, what=what)
    d = names[win.discarder]
    return tr.pick("{w} 胡 {d} 的炮 {what}", "{w} wins on {d}'s discard: {what}").format(
        w=w, d=d, what=what
    )


def _summary(i: int, hand: SampleHand, names: Mapping[str, str], lang: str) -> str:
    tr = translator(lang)
    text = headline(hand, names, lang)
    win = hand.win
    if win is not None:
        gain = hand.settlement.net.get(win.winner, 0)
        text += tr.pick(f"，{gain:+d}", f", {gain:+d}")
    return tr.pick("第{i}手：{text}", "Hand {i}: {text}").format(i=i, text=text)


# --- views ----------------------------------------------------------------------------------
def _totals(hands: Sequence[SampleHand], ids: Sequence[str]) -> list[list[int]]:
    running = [[0] * len(ids)]
    for h in hands:
        running.append(
            [t + h.settlement.net.get(p, 0) for t, p in zip(running[-1], ids, strict=True)]
        )
    return running


def scoreboard_view(
    names: Sequence[str],
    hands: Sequence[SampleHand],
    lang: str,
    *,
    money: bool = True,
    ruleset: str = "points",
) -> ScoreboardView:
    n = len(names)
    ids = _ids(hands, n)
    nm = _name_map(ids, names)
    running = _totals(hands, ids)
    unit = _unit(hands[0].record.ruleset if hands else ruleset)
    won, selfd, dealt = [0] * n, [0] * n, [0] * n
    for h in hands:
        for w in h.record.wins if h.record.result == "win" else ():
            won[ids.index(w.winner)] += 1
            if w.discarder is None:
                selfd[ids.index(w.winner)] += 1
            else:
                dealt[ids.index(w.discarder)] += 1
    dealer = ids.index(scoring.next_dealer(hands[-1].record)) if hands else 0
    total = running[-1]
    cash = to_money(dict(zip(ids, total, strict=True)), STAKE_MINOR, order=ids)
    seats = tuple(
        SeatLine(
            name=names[i],
            total=total[i],
            wind=WINDS[(i - dealer) % n],
            is_dealer=i == dealer,
            hands_won=won[i],
            self_draws=selfd[i],
            deal_ins=dealt[i],
            money_minor=cash[ids[i]] if money else None,
        )
        for i in range(n)
    )
    trend = tuple(TrendSeries(names[i], tuple(r[i] for r in running[1:])) for i in range(n))
    return ScoreboardView(
        table_name=_table_name(lang),
        ruleset_name=_ruleset_name(hands[0].record.ruleset if hands else ruleset, lang),
        night=NIGHT,
        hand_count=len(hands),
        seats=seats,
        trend=trend,
        last_hand=_summary(len(hands), hands[-1], nm, lang) if hands else None,
        currency=CURRENCY if money else None,
        unit_zh=unit[0],
        unit_en=unit[1],
        unit_zh_hant=unit[2],
    )


def settlement_view(
    names: Sequence[str],
    hands: Sequence[SampleHand],
    lang: str,
    *,
    money: bool = True,
    ruleset: str = "points",
) -> SettlementImageView:
    n = len(names)
    ids = _ids(hands, n)
    total = dict(zip(ids, _totals(hands, ids)[-1], strict=True))
    transfers = fewest_transfers(total, ids)
    cash = to_money(total, STAKE_MINOR, order=ids) if money else None
    nm = _name_map(ids, names)
    unit = _unit(hands[0].record.ruleset if hands else ruleset)

    def transfer_money(payer: str, payee: str, points: int) -> int | None:
        if not money:
            return None
        return to_money({payer: -points, payee: points}, STAKE_MINOR, order=ids)[payee]

    return SettlementImageView(
        table_name=_table_name(lang),
        ruleset_name=_ruleset_name(hands[0].record.ruleset if hands else ruleset, lang),
        night=NIGHT,
        hand_count=len(hands),
        nets=tuple(NetLine(nm[p], total[p], cash[p] if cash is not None else None) for p in ids),
        transfers=tuple(
            TransferLine(
                nm[t.payer], nm[t.payee], t.amount, transfer_money(t.payer, t.payee, t.amount)
            )
            for t in transfers
        ),
        currency=CURRENCY if money else None,
        stake_minor=STAKE_MINOR if money else None,
        unit_zh=unit[0],
        unit_en=unit[1],
        unit_zh_hant=unit[2],
    )


def _card(
    hand: SampleHand,
    names: Sequence[str],
    seq: int,
    lang: str,
    tile_hands: tuple[TileHandView, ...] = (),
    what: str | None = None,
) -> HandCardView:
    ids = hand.record.players
    nm = _name_map(ids, names)
    shown = named_settlement(hand, nm)
    net = dict(hand.settlement.net)
    cash = to_money(net, STAKE_MINOR, order=ids)
    unit = _unit(hand.record.ruleset)
    return HandCardView(
        table_name=_table_name(lang),
        ruleset_name=_ruleset_name(hand.record.ruleset, lang),
        seq=seq,
        night=NIGHT,
        headline=headline(hand, nm, lang, what),
        payments=tuple(
            PaymentLine(
                nm[p.payer], nm[p.payee], p.amount, _reason(hand.record.ruleset, p.reason, lang)
            )
            for p in hand.settlement.payments
        ),
        nets=tuple(NetLine(nm[p], net[p], cash[p]) for p in ids),
        explanation=shown.explanation,
        tile_hands=tile_hands,
        currency=CURRENCY,
        unit_zh=unit[0],
        unit_en=unit[1],
        unit_zh_hant=unit[2],
    )


def hand_card_view(
    names: Sequence[str], hands: Sequence[SampleHand], seq: int, lang: str
) -> HandCardView:
    """The card of hand ``seq`` (1-based) of the night."""
    return _card(hands[seq - 1], names, seq, lang)


# --- Guobiao: a win entered as tiles -----------------------------------------------------------
#: 碰碰和 + 混一色 + 箭刻 … on a discard, four flowers (the calculator finds the fans).
GB_TILES: dict[str, object] = {
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
GB_SEQ = 12


def guobiao_hand(ids: Sequence[str] = IDS) -> SampleHand:
    """Seat 2 (South) wins ``GB_TILES`` on seat 3's discard; seat 1 deals."""
    rec = HandRecord(
        ruleset="guobiao",
        players=tuple(ids),
        dealer=ids[0],
        wins=(Win(ids[1], ids[2], tiles=GB_TILES),),
    )
    return SampleHand(rec, scoring.settle(rec))


def guobiao_fans(hand: SampleHand, lang: str) -> tuple[tuple[FanLine, ...], int]:
    """The fans the calculator finds in the hand's tiles, as the table's options read them;
    the flowers as one more line (the bot's own path, :func:`bot.render.tiles.tile_hands`).
    Returns the lines and the grand total."""
    (view,) = tile_hands(hand.record, {}, lang)
    assert view.total is not None, "GB_TILES is a winning hand"
    return view.fans, view.total


def guobiao_card_view(names: Sequence[str], lang: str) -> HandCardView:
    """The card of a real Guobiao win entered as tiles (four players: ``names[:4]``)."""
    names = tuple(names[:4])
    hand = guobiao_hand()
    fans, total = guobiao_fans(hand, lang)
    win = hand.record.wins[0]
    winner = names[hand.record.players.index(win.winner)]
    assert win.tiles is not None
    what = translator(lang).pick(f"{total}番", f"{total} fan")
    tile_hand = TileHandView(winner, win.tiles, fans, total)
    return _card(hand, names, GB_SEQ, lang, (tile_hand,), what)


# --- the command ------------------------------------------------------------------------------
def render_samples(outdir: Path) -> list[Path]:
    """Render one of each image, in English, Simplified and Traditional Chinese, into
    ``outdir`` (``KIND_en.png``, ``KIND_zh.png``, ``KIND_zh_Hant.png``); returns the files."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    hands = xingguo_night()
    for lang, names in (("en", EN_NAMES), ("zh", ZH_NAMES), ("zh_Hant", HANT_NAMES)):
        images = {
            "scoreboard": render_scoreboard(scoreboard_view(names, hands, lang), lang),
            "settlement": render_settlement(settlement_view(names, hands, lang), lang),
            "hand": render_hand_card(hand_card_view(names, hands, CARD_HAND, lang), lang),
            "hand_guobiao": render_hand_card(guobiao_card_view(names, lang), lang),
        }
        for kind, data in images.items():
            p = outdir / f"{kind}_{lang}.png"
            p.write_bytes(data)
            written.append(p)
    return written
