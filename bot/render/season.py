"""The season leaderboard card (/season) and the player card (/me), PNG bytes (issue 18).

Same look as the scoreboard (bot.render.draw): the felt header, rows with the amount on the
right in the gain/loss colour after a ▲ / ▼, and the running-total chart night by night (the
scoreboard's chart, whose x axis then counts nights). Money is in minor units of ``currency``;
the chart draws whole major units (yuan, dollars). Fixed words go through the bot's
Translator (:func:`bot.i18n.translator`), so zh_Hant is converted like every other image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import translator
from bot.render.draw import (
    BG,
    INK,
    MUTED,
    SERIES,
    SUB_SIZE,
    ZEBRA,
    M,
    W,
    _chart,
    _legend,
    _serialized,
    draw_value,
    encode,
    fit_parts,
    header,
    section_title,
    tone,
)
from bot.render.money import format_money, signed
from bot.render.text import draw_text
from bot.render.views import (
    NightLine,
    PlayerCardView,
    ScoreboardView,
    SeasonCardView,
    SeasonRow,
    TrendSeries,
)
from scoring.riichi.game_end import money_text
from scoring.transfers import minor_exponent

WORDS: dict[str, tuple[str, str]] = {
    "season": ("第{n}赛季", "Season {n}"),
    "nights": ("{n}晚", "{n} nights"),
    "night_1": ("1晚", "1 night"),
    "hands": ("{n}局", "{n} hands"),
    "trend": ("累计走势（逐晚）", "Running total, night by night"),
    "board": ("排行榜", "Leaderboard"),
    "won": ("胡{n}", "won {n}"),
    "self_draws": ("自摸{n}", "self-drawn {n}"),
    "deal_ins": ("点炮{n}", "dealt in {n}"),
    "best": ("最大一局+{n}", "best hand +{n}"),
    "points": ("{n}分", "{n} pts"),
    "no_nights": ("这个赛季还没有牌局", "No nights in this season yet"),
    "closed": ("已结束", "closed"),
    "current": ("进行中", "current"),
    "records": ("战绩", "Records"),
    "recent": ("最近几晚", "Recent nights"),
    "chats": ("玩过的群", "Chats"),
    "total": ("总计", "Total"),
    "best_night": ("最佳一晚", "Best night"),
    "worst_night": ("最差一晚", "Worst night"),
    "biggest": ("最大一局", "Biggest hand"),
    "hands_won": ("胡牌", "Hands won"),
    "sd": ("自摸", "Self-drawn"),
    "di": ("点炮", "Dealt in"),
    "played": ("牌局", "Hands played"),
    "night_of": ("第{n}晚", "night {n}"),
    "all_chats": ("所有群", "All chats"),
}

MAX_ROWS = 20
MAX_LINES = 8  # trend lines (one colour and marker each)
ROW = 116

#: the riichi section's words (zh, en, ja): a club league's ranks (issue 27.5) — 着 is how a
#: Japanese club counts placements (1着 = a first place)
RIICHI_WORDS: dict[str, tuple[str, str, str]] = {
    "title": ("立直麻将排名", "Riichi ranks", "リーチ麻雀 順位表"),
    "sub": (
        "按总分排名 · 平均顺位 · 各名次次数",
        "by total score · average place · places 1st to {last}",
        "合計スコア順・平均順位・着順回数",
    ),
    "games": ("{n}场", "{n} games", "{n}戦"),
    "game_1": ("1场", "1 game", "1戦"),
    "avg": ("平均顺位 {avg}", "average place {avg}", "平均順位 {avg}"),
    "place_1": ("1位", "1st", "1着"),
    "place_2": ("2位", "2nd", "2着"),
    "place_3": ("3位", "3rd", "3着"),
    "place_4": ("4位", "4th", "4着"),
}


@dataclass(frozen=True, slots=True)
class RiichiRankRow:
    """One player of the riichi ranks: games, the total final score in points (shown ÷ 1,000
    as a club writes it: +42.1), the average placement × 100 and the placement counts (first
    places first; three in sanma)."""

    name: str
    games: int
    score: int
    average_place_x100: int
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RiichiRanksView:
    """/season's riichi section (``storage.seasons.riichi``, built by ``bot.riichi_view``)."""

    games: int
    rows: tuple[RiichiRankRow, ...]  # best first


@dataclass(frozen=True, slots=True)
class SeasonWithRiichi:
    """/season's card with its riichi section (``riichi`` None: the season has no riichi
    game)."""

    card: SeasonCardView
    riichi: RiichiRanksView | None = None


def riichi_word(key: str, lang: str, **kw: object) -> str:
    zh, en, ja = RIICHI_WORDS[key]
    return translator(lang).pick(zh, en, ja=ja).format(**kw)


def score_pt(points: int) -> str:
    """Points ÷ 1,000, signed, one decimal at least, exact (42,100 → +42.1; 1,550 → +1.55)."""
    text = money_text(points, 1)
    return text if "." in text else text + ".0"


def average_text(x100: int) -> str:
    return f"{x100 // 100}.{x100 % 100:02d}"


def riichi_height(view: RiichiRanksView | None) -> int:
    """The riichi section's height (0 without riichi games)."""
    if view is None or not view.rows:
        return 0
    return 84 + 44 + len(view.rows[:MAX_ROWS]) * ROW + 28


def draw_riichi(im: Image.Image, y: int, view: RiichiRanksView, lang: str) -> int:
    """The riichi ranks: rank, name, games and average place; the total score (pt) on the
    right and the placement counts under it. Returns the y below it."""
    y = section_title(im, y, riichi_word("title", lang))
    seats = max((len(r.places) for r in view.rows), default=4)  # sanma: three places
    last = ("3rd", "4th")[seats == 4]
    draw_text(im, M, y + 24, riichi_word("sub", lang, last=last), 28, MUTED, max_w=W - 2 * M)
    y += 44
    d = ImageDraw.Draw(im)
    for i, r in enumerate(view.rows[:MAX_ROWS]):
        if i % 2 == 0:
            d.rounded_rectangle((M - 12, y + 4, W - M + 12, y + ROW - 4), radius=14, fill=ZEBRA)
        draw_text(im, M, y + 56, f"{i + 1}", 40, MUTED, bold=True)
        draw_text(im, M + 64, y + 56, r.name, 42, INK, bold=True, max_w=500)
        games = (
            riichi_word("game_1", lang) if r.games == 1 else riichi_word("games", lang, n=r.games)
        )
        stats = f"{games} · {riichi_word('avg', lang, avg=average_text(r.average_place_x100))}"
        draw_text(im, M + 64, y + 98, stats, 26, MUTED, max_w=440)
        draw_value(im, W - M, y + 58, r.score, 46, max_w=360, text=score_pt(r.score) + "pt")
        places = "  ".join(
            f"{riichi_word(f'place_{k + 1}', lang)} {n}" for k, n in enumerate(r.places[:4])
        )
        draw_text(im, W - M, y + 98, places, 26, INK, align="right", max_w=W - 2 * M - 64 - 460)
        y += ROW
    return y + 28


def word(key: str, lang: str, **kw: object) -> str:
    zh, en = WORDS[key]
    return translator(lang).pick(zh, en).format(**kw)


def count(key: str, n: int, lang: str) -> str:
    if n == 1 and not translator(lang).zh and key == "nights":
        return word("night_1", lang)
    return word(key, lang, n=n)


def _major(v: int, currency: str | None) -> int:
    """Minor units to whole major units, rounded half away from zero (the chart's values)."""
    d: int = 10 ** minor_exponent(currency or "")
    q = (2 * abs(v) + d) // (2 * d)
    return q if v >= 0 else -q


def _amount(money: int | None, points: int, currency: str | None, lang: str) -> str:
    if money is not None:
        return format_money(money, currency, sign=True)
    return word("points", lang, n=signed(points))


def _small_points(
    money_text: str, points_text: str, money: int | None, points: int, lang: str
) -> str:
    """The points under a total in money: as the chat says them (per ruleset), or — a view
    built from numbers alone — the points of its one currency's total; "" when the big
    figure is already the points."""
    if money_text:
        return points_text
    return word("points", lang, n=signed(points)) if money is not None else ""


def _chart_view(trend: tuple[TrendSeries, ...]) -> ScoreboardView:
    return ScoreboardView(
        table_name="", ruleset_name="", night=0, hand_count=0, seats=(), trend=trend
    )


@_serialized
def render_season_card(view: SeasonCardView | SeasonWithRiichi, lang: str) -> bytes:
    """/season's card: the leaderboard, the riichi ranks when the season has riichi games
    (a :class:`SeasonWithRiichi`), the running totals."""
    riichi = view.riichi if isinstance(view, SeasonWithRiichi) else None
    if isinstance(view, SeasonWithRiichi):
        view = view.card
    rows = view.rows[:MAX_ROWS]
    trend = view.trend[:MAX_LINES]
    if view.trend_money:
        trend = tuple(
            TrendSeries(s.name, tuple(_major(v, view.currency) for v in s.running)) for s in trend
        )
    chart_h = 480
    legend_rows = math.ceil(len(trend) / 2)
    h = 196 + 16 + 84 + max(1, len(rows)) * ROW + 28 + riichi_height(riichi)
    if trend:
        h += 84 + chart_h + 20 + 56 * legend_rows
    h += 32
    im = Image.new("RGB", (W, h), BG)
    title = word("season", lang, n=view.number) + (f" · {view.name}" if view.name else "")
    sub = fit_parts(
        [
            (view.chat_title, True),
            (count("nights", view.nights, lang), False),
            (word("hands", lang, n=view.hands), False),
            (word("current" if view.current else "closed", lang), False),
        ],
        SUB_SIZE,
        W - 2 * M,
    )
    y = header(im, title, sub, lang) + 16
    y = section_title(im, y, word("board", lang))
    d = ImageDraw.Draw(im)
    if not rows:
        draw_text(im, M, y + 60, word("no_nights", lang), 40, MUTED)
        y += ROW
    for i, r in enumerate(rows):
        if i % 2 == 0:
            d.rounded_rectangle((M - 12, y + 4, W - M + 12, y + ROW - 4), radius=14, fill=ZEBRA)
        draw_text(im, M, y + 56, f"{i + 1}", 40, MUTED, bold=True)
        draw_text(im, M + 64, y + 56, r.name, 42, INK, bold=True, max_w=500)
        stats = " · ".join(
            [
                count("nights", r.nights, lang),
                word("won", lang, n=r.wins),
                word("self_draws", lang, n=r.self_draws),
                word("deal_ins", lang, n=r.deal_ins),
                word("best", lang, n=r.biggest_hand),
            ]
        )
        draw_text(im, M + 64, y + 98, stats, 26, MUTED, max_w=W - 2 * M - 64 - 180)
        main = r.money_minor if r.money_minor is not None else r.points
        draw_value(
            im,
            W - M,
            y + 58,
            main,
            46,
            max_w=360,
            text=r.money_text or _amount(r.money_minor, r.points, view.currency, lang),
        )
        small = _small_points(r.money_text, r.points_text, r.money_minor, r.points, lang)
        if small:
            draw_text(
                im, W - M, y + 98, small, 26, tone(r.points), align="right",
                max_w=W - 2 * M - 64,
            )  # fmt: skip
        y += ROW
    y += 28
    if riichi is not None and riichi.rows:
        y = draw_riichi(im, y, riichi, lang)
    if trend:
        y = section_title(im, y, word("trend", lang))
        cv = _chart_view(trend)
        _chart(im, y, chart_h, cv, lang)
        y += chart_h + 20
        _legend(im, y, cv)
    return encode(im)


@_serialized
def render_player_card(view: PlayerCardView, lang: str) -> bytes:
    chart_h = 420
    recent = view.recent[:8]
    chats = view.chats[:6]
    h = 196 + 16 + 150 + 84 + 4 * 64 + 24
    if view.running:
        h += 84 + chart_h + 20
    h += 84 + max(1, len(recent)) * 84 + 24
    if chats:
        h += 84 + len(chats) * 84 + 24
    h += 24
    im = Image.new("RGB", (W, h), BG)
    sub = fit_parts(
        [
            (view.scope or word("all_chats", lang), True),
            (count("nights", view.nights, lang), False),
            (word("hands", lang, n=view.hands), False),
        ],
        SUB_SIZE,
        W - 2 * M,
    )
    y = header(im, view.name, sub, lang) + 16
    # the total, big
    draw_text(im, M, y + 64, word("total", lang), 40, MUTED, bold=True)
    main = view.money_minor if view.money_minor is not None else view.points
    draw_value(
        im, W - M, y + 90, main, 72, max_w=640,
        text=view.money_text or _amount(view.money_minor, view.points, view.currency, lang),
    )  # fmt: skip
    small = _small_points(view.money_text, view.points_text, view.money_minor, view.points, lang)
    if small:
        draw_text(
            im, W - M, y + 136, small, 30, tone(view.points), align="right", max_w=W - 2 * M,
        )  # fmt: skip
    y += 150
    y = section_title(im, y, word("records", lang))
    cells = [
        (word("played", lang), str(view.hands)),
        (word("hands_won", lang), str(view.wins)),
        (word("sd", lang), str(view.self_draws)),
        (word("di", lang), str(view.deal_ins)),
        (word("biggest", lang), signed(view.biggest_hand)),
        (word("best_night", lang), _line_amount(view.best_night, view.currency, lang)),
        (word("worst_night", lang), _line_amount(view.worst_night, view.currency, lang)),
        ("", ""),
    ]
    col = (W - 2 * M) // 2
    for k, (lab, val) in enumerate(cells):
        if not lab:
            continue
        x = M + (k % 2) * col
        yy = y + (k // 2) * 64
        draw_text(im, x, yy + 44, lab, 30, MUTED, max_w=col - 200)
        draw_text(im, x + col - 24, yy + 44, val, 34, INK, bold=True, align="right", max_w=260)
    y += 4 * 64 + 24
    if view.running:
        y = section_title(im, y, word("trend", lang))
        run = view.running
        if view.currency is not None:
            run = tuple(_major(v, view.currency) for v in run)
        cv = _chart_view((TrendSeries(view.name, run),))
        _chart(im, y, chart_h, cv, lang)
        y += chart_h + 20
    y = section_title(im, y, word("recent", lang))
    y = _lines(im, y, recent, view.currency, lang)
    if chats:
        y += 24
        y = section_title(im, y, word("chats", lang))
        _lines(im, y, chats, view.currency, lang)
    return encode(im)


def _line_amount(line: NightLine | None, currency: str | None, lang: str) -> str:
    if line is None:
        return "–"
    return _amount(line.money_minor, line.points, currency, lang)


def _lines(
    im: Image.Image, y: int, lines: tuple[NightLine, ...], currency: str | None, lang: str
) -> int:
    d = ImageDraw.Draw(im)
    if not lines:
        draw_text(im, M, y + 56, word("no_nights", lang), 34, MUTED)
        return y + 84
    for i, ln in enumerate(lines):
        if i % 2 == 0:
            d.rounded_rectangle((M - 12, y + 4, W - M + 12, y + 80), radius=14, fill=ZEBRA)
        draw_text(im, M, y + 54, ln.label, 32, INK, max_w=W - 2 * M - 330)
        v = ln.money_minor if ln.money_minor is not None else ln.points
        draw_value(
            im, W - M, y + 56, v, 38, max_w=320,
            text=_amount(ln.money_minor, ln.points, currency, lang),
        )  # fmt: skip
        y += 84
    return y


__all__ = [
    "SERIES",
    "NightLine",
    "PlayerCardView",
    "RiichiRankRow",
    "RiichiRanksView",
    "SeasonCardView",
    "SeasonRow",
    "SeasonWithRiichi",
    "render_player_card",
    "render_season_card",
]
