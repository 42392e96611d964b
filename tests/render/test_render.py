"""Render tests: every image kind for 2/3/4 players, 0/1/200 hands, zh/en, awkward names.

Checks: a PNG that decodes, 1080 px wide, under 300 KB, the same bytes twice, text areas that
are not blank, long names that stay inside their column, and a small mean difference from the
reviewed golden images (``regen_golden.py`` rewrites those deliberately).
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from bot.render import (
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
    format_money,
    render_hand_card,
    render_scoreboard,
    render_settlement,
)
from bot.render.draw import BG, FELT, GAIN, LOSS, SUB_SIZE, M, W, fit_parts, parse_tiles
from bot.render.labels import label, unit
from bot.render.samples import (
    EN_NAMES,
    hand_card_view,
    render_samples,
    sample_hands,
    scoreboard_view,
    settlement_view,
)
from bot.render.text import clusters, fit, text_width, wrap
from scoring.transfers import format_money as scoring_format_money
from tests.render.cases import GOLDEN, NASTY_NAMES, all_cases

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
CASES = all_cases()
MAX_MEAN_DIFF = 1.5  # mean absolute difference per channel, 0-255


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.convert("RGB")


def ink(im: Image.Image, box: tuple[int, int, int, int], bg: tuple[int, int, int]) -> float:
    """Fraction of the pixels in ``box`` that differ clearly from the background colour."""
    region = im.crop(box)
    diff = ImageChops.difference(region, Image.new("RGB", region.size, bg)).convert("L")
    hist = diff.point(lambda v: 255 if v > 40 else 0).histogram()
    return hist[255] / (region.width * region.height)


def has_colour(
    im: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]
) -> bool:
    region = im.crop(box)
    return any(
        abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < 30
        for _, (r, g, b) in region.getcolors(1 << 20) or []
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_image_is_a_small_deterministic_phone_png(name: str) -> None:
    data = CASES[name]()
    assert len(data) < 300_000, f"{name}: {len(data)} bytes"
    im = decode(data)
    assert im.width == W
    assert 600 <= im.height <= 4000
    assert CASES[name]() == data, "same input, different bytes"
    # the header band carries white title text on the felt green
    assert ink(im, (M, 20, W - M, 100), FELT) > 0.02
    # the body is not blank
    assert ink(im, (0, 220, W, im.height), BG) > 0.01


@pytest.mark.parametrize("name", GOLDEN)
def test_matches_golden(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.png"
    assert path.exists(), f"missing golden {path}: run tests/render/regen_golden.py {name}"
    got = decode(CASES[name]())
    want = decode(path.read_bytes())
    assert got.size == want.size
    mean = sum(ImageStat.Stat(ImageChops.difference(got, want)).mean) / 3
    assert mean <= MAX_MEAN_DIFF, f"{name}: mean difference {mean:.2f}"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoreboard_rows_show_names_and_totals(lang: str, players: int) -> None:
    names = ("Alice", "Bob", "Carol", "Dave")[:players]
    hands = sample_hands(players, 200)
    view = scoreboard_view(names, hands, lang)
    im = decode(render_scoreboard(view, lang))
    for i, seat in enumerate(view.seats):
        top = 196 + 16 + 150 * i
        assert ink(im, (M + 112, top + 20, M + 500, top + 70), BG) > 0.05  # the name
        assert ink(im, (M + 112, top + 88, M + 500, top + 120), BG) > 0.02  # the stats line
        colour = GAIN if seat.total > 0 else LOSS if seat.total < 0 else None
        if colour:
            assert has_colour(im, (W - M - 330, top + 10, W - M, top + 130), colour)


def test_long_names_never_reach_the_totals_column() -> None:
    names = ("W" * 200, "茶" * 200, NASTY_NAMES[0] * 5, NASTY_NAMES[3] * 9)
    view = scoreboard_view(names, sample_hands(4, 30), "en")
    im = decode(render_scoreboard(view, "en"))
    for i in range(4):
        top = 196 + 16 + 150 * i
        # the name is cut before x = W − M − 330 − 16; a strip just past it stays background
        assert ink(im, (W - M - 330 - 14, top + 10, W - M - 330 - 2, top + 76), BG) == 0
        assert ink(im, (M + 112, top + 20, W - M - 350, top + 70), BG) > 0.05


def test_colour_is_not_the_only_signal() -> None:
    """Gains and losses differ by colour (blue / vermilion) and by shape (▲ / ▼ and the sign)."""
    seats = (SeatLine("Up", 50), SeatLine("Down", -50))
    view = ScoreboardView(
        "T", "R", 1, 1, seats, (TrendSeries("Up", (50,)), TrendSeries("Down", (-50,)))
    )
    im = decode(render_scoreboard(view, "en")).convert("L")
    up = im.crop((W - M - 330, 226, W - M, 340))
    down = im.crop((W - M - 330, 376, W - M, 490))
    # in grey scale the two totals still look different (triangle up vs down, + vs −)
    assert ImageChops.difference(up, down).getbbox() is not None


def test_zero_hands_scoreboard_says_so() -> None:
    view = scoreboard_view(EN_NAMES, [], "en")
    assert view.hand_count == 0
    im = decode(render_scoreboard(view, "en"))
    assert (
        im.height
        < decode(
            render_scoreboard(scoreboard_view(EN_NAMES, sample_hands(4, 1), "en"), "en")
        ).height
    )


def test_settlement_lists_every_transfer() -> None:
    nets = (NetLine("A", 70, 3500), NetLine("B", -30, -1500), NetLine("C", -40, -2000))
    trs = (TransferLine("C", "A", 40, 2000), TransferLine("B", "A", 30, 1500))
    one = decode(
        render_settlement(SettlementImageView("T", "R", 1, 5, nets, trs[:1], "CNY", 50), "en")
    )
    two = decode(render_settlement(SettlementImageView("T", "R", 1, 5, nets, trs, "CNY", 50), "en"))
    assert two.height - one.height == 108  # one row per transfer
    assert has_colour(two, (W - M - 200, two.height - 150, W - M, two.height - 40), LOSS)


def test_hand_card_draws_tiles_and_survives_bad_tiles() -> None:
    base = HandCardView(
        "T",
        "Guobiao",
        3,
        1,
        "A wins",
        (PaymentLine("B", "A", 8, "x"),),
        (NetLine("A", 8), NetLine("B", -8)),
    )
    good = TileHandView(
        "A", {"melds": [], "hand": "123m456p789s1122z", "win_tile": "2z"}, (FanLine("f", 8),)
    )
    bad = TileHandView("A", {"melds": "nonsense", "hand": 5, "win_tile": None}, ())
    im_good = decode(
        render_hand_card(HandCardView(**{**_fields(base), "tile_hands": (good,)}), "en")
    )
    im_bad = decode(render_hand_card(HandCardView(**{**_fields(base), "tile_hands": (bad,)}), "zh"))
    assert im_good.width == im_bad.width == W
    # 14 tiles in a row under the winner's name
    row = im_good.crop((M, 196 + 24 + 58 + 12 + 64, W - M, 196 + 24 + 58 + 12 + 64 + 60)).convert(
        "L"
    )
    assert row.getextrema()[0] < 60


def _fields(v: HandCardView) -> dict[str, object]:
    return {f: getattr(v, f) for f in v.__dataclass_fields__}


def test_parse_tiles() -> None:
    assert parse_tiles("123m") == [0x1F007, 0x1F008, 0x1F009]
    assert parse_tiles("19p") == [0x1F019, 0x1F021]
    assert parse_tiles("9s") == [0x1F018]
    # 1z-7z = East South West North White Green Red
    assert parse_tiles("1234567z") == [
        0x1F000,
        0x1F001,
        0x1F002,
        0x1F003,
        0x1F006,
        0x1F005,
        0x1F004,
    ]
    assert parse_tiles("") == []
    for bad in ("8z", "12", "m", "12x", None, 5):
        assert parse_tiles(bad) is None


def test_format_money() -> None:
    assert format_money(3500, "CNY") == "¥35"
    assert format_money(3550, "CNY") == "¥35.50"
    assert format_money(3505, "CNY") == "¥35.05"
    assert format_money(-50, "CNY") == "−¥0.50"
    assert format_money(120, "USD", sign=True) == "+$1.20"
    assert format_money(500, "JPY") == "¥500"
    assert format_money(250, "XYZ") == "2.50 XYZ"


@given(
    st.integers(min_value=-(10**9), max_value=10**9), st.sampled_from(["CNY", "USD", "JPY", "XYZ"])
)
def test_the_images_write_money_as_scoring_does(minor: int, currency: str) -> None:
    """One formatter: the renderer only adds the sign (a real minus, "+" on request)."""
    body = scoring_format_money(abs(minor), currency)
    assert format_money(minor, currency) == ("\u2212" + body if minor < 0 else body)
    assert format_money(minor, currency, sign=True) == (
        "\u2212" + body if minor < 0 else "+" + body if minor > 0 else body
    )


def test_subtitle_keeps_the_night_and_shortens_the_longest_name() -> None:
    """Review finding: "Friday Night Table · Guobiao (Chinese Official / MCR) · Night 3" was cut
    to "Nig…" on the English Guobiao hand card."""
    table, ruleset, night = "Friday Night Table", "Guobiao (Chinese Official / MCR)", "Night 3"
    max_w = W - 2 * M
    sub = fit_parts([(table, True), (ruleset, True), (night, False)], SUB_SIZE, max_w)
    assert text_width(sub, SUB_SIZE) <= max_w
    assert sub.endswith("  ·  Night 3")
    assert sub.startswith(table + "  ·  Guobiao (")  # the shorter name stays whole
    assert "\u2026" in sub and "MCR" not in sub
    # two long names are both shortened, the night and hand count still whole
    long = "Table " + "X" * 80
    sub = fit_parts(
        [(long, True), (ruleset, True), (night, False), ("200 hands", False)], SUB_SIZE, max_w
    )
    assert text_width(sub, SUB_SIZE) <= max_w
    assert sub.endswith("  ·  Night 3  ·  200 hands")
    assert sub.count("\u2026") == 2
    # what fits is left alone
    assert fit_parts([("T", True), ("", True), (night, False)], SUB_SIZE, max_w) == "T  ·  Night 3"


def test_unit_words() -> None:
    assert unit("子", "zi (stakes)", "zh") == "子"
    assert unit("子", "zi (stakes)", "en") == "zi (stakes)"
    # the chat's own unit, not a shortened one (issue 25.3: "pts" in images, "points" in chat)
    assert unit("分", "points", "en") == "points"
    assert unit("分", "points", "en", per=True) == "point"
    assert unit("底分", "base points", "en") == "base points"
    assert unit("分", "pts", "en", per=True) == "point"
    assert label("points", "zh", n=-5, u=unit("子", "zi", "zh")) == "-5子"
    assert label("stake", "en", m="¥0.50", u=unit("分", "points", "en", per=True)) == (
        "¥0.50 per point"
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ruleset_unit_is_drawn(lang: str) -> None:
    """A view in 子 draws differently from the same view in the default 分 / pts, on every
    image kind (the unit is part of the totals, the payments and the settlement lines)."""
    hands = sample_hands(4, 5)
    sb = scoreboard_view(EN_NAMES, hands, lang, money=False)
    st = settlement_view(EN_NAMES, hands, lang, money=False)
    hc = hand_card_view(EN_NAMES, hands, 5, lang)
    fen = (
        render_scoreboard(replace(sb, unit_zh="分", unit_en="pts"), lang),
        render_settlement(replace(st, unit_zh="分", unit_en="pts"), lang),
        render_hand_card(replace(hc, unit_zh="分", unit_en="pts"), lang),
    )
    zi = (
        render_scoreboard(replace(sb, unit_zh="子", unit_en="zi"), lang),
        render_settlement(replace(st, unit_zh="子", unit_en="zi"), lang),
        render_hand_card(replace(hc, unit_zh="子", unit_en="zi"), lang),
    )
    for a, b in zip(fen, zi, strict=True):
        assert a != b


def test_fallback_chain_picks_a_font_per_script() -> None:
    fonts = {t: f for f, t in clusters("A李שم😀🀄\u25b2")}
    assert fonts["A"].startswith("NotoSans-")
    assert fonts["李"].startswith("NotoSansSC")
    assert fonts["ש"].startswith("NotoSansHebrew")
    assert fonts["م"].startswith("NotoSansArabic")
    assert fonts["😀"] == "NotoColorEmoji.ttf"
    # an unknown character becomes a box, controls vanish, marks stay on their base
    assert [t for _, t in clusters("\U00020000")] == ["\u25a1"]
    assert clusters("\x00\u202e\x07") == []
    assert [t for _, t in clusters("e\u0301\u0302\u0303\u0304")] == ["\u00e9\u0302\u0303"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60), st.integers(min_value=20, max_value=800))
def test_any_text_fits_its_width(text: str, max_w: int) -> None:
    runs = fit(text, 36, max_w)
    from bot.render.text import width

    assert width(runs, 36) <= max_w
    for line in wrap(text, 32, max(max_w, 120), max_lines=5):
        assert text_width(line, 32) <= max(max_w, 120) or len(line) <= 2


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=4, unique=True))
def test_any_names_render(names: list[str]) -> None:
    hands = sample_hands(len(names), 5)
    data = render_scoreboard(scoreboard_view(names, hands, "en"), "en")
    assert decode(data).width == W


def test_render_samples_writes_every_kind_in_both_languages(tmp_path: Path) -> None:
    paths = render_samples(tmp_path)
    names = sorted(p.name for p in paths)
    for kind in ("scoreboard", "settlement", "hand", "hand_guobiao"):
        for lang in ("en", "zh"):
            assert f"{kind}_{lang}.png" in names
    for p in paths:
        assert decode(p.read_bytes()).width == W


def test_readme_images_are_current(tmp_path: Path) -> None:
    """docs/images holds exactly what render_samples draws today (regenerate, don't hand-edit)."""
    docs = Path(__file__).resolve().parents[2] / "docs" / "images"
    for p in render_samples(tmp_path):
        committed = docs / p.name
        assert committed.exists(), f"run: mahjong-tally render-samples docs/images ({p.name})"
        got, want = decode(p.read_bytes()), decode(committed.read_bytes())
        assert got.size == want.size
        assert sum(ImageStat.Stat(ImageChops.difference(got, want)).mean) / 3 <= MAX_MEAN_DIFF


def test_same_bytes_from_several_threads() -> None:
    """The bot renders from worker threads: concurrent renders give the same bytes."""
    import concurrent.futures as cf

    view = scoreboard_view(EN_NAMES, sample_hands(4, 50), "en")
    ref = render_scoreboard(view, "en")
    with cf.ThreadPoolExecutor(4) as ex:
        outs = list(ex.map(lambda _: render_scoreboard(view, "en"), range(8)))
    assert all(o == ref for o in outs)
