"""The hand card of a riichi win entered as tiles (issue 27.5, "pictures a club expects"): the
tiles (red fives marked red), the dora and ura-dora indicators, one line per yaku the
``mahjong`` library found with its han, and the total as han and fu — in en, zh_Hans, zh_Hant
and ja, with the bundled fonts.

The yaku names (:mod:`scoring.riichi.yaku_names`) are checked against the library's own list
(``mahjong.hand_calculating.yaku_config.YakuConfig`` and every ``Yaku`` class of
``yaku_list``): every yaku it can return has a name in every language and the han it counts.

The strings handed to the drawing code (``draw_text``) and the tiles drawn (``_draw_tile``)
are recorded, calling through to the real functions, from the real handler
``bot.handlers.images.hand_card`` (as tests/render/test_hand_card_tiles.py does for Guobiao),
and from the bot itself: ``/explain 1`` over the fake Bot API (tests/bot fixtures).
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mahjong.hand_calculating import yaku_list
from mahjong.hand_calculating.yaku import Yaku
from mahjong.hand_calculating.yaku_config import YakuConfig
from PIL import Image

import bot.render.draw.hand_card as hand_card_mod
import bot.render.text as text_mod
import scoring
from bot import present
from bot.handlers import images
from bot.i18n import translator
from bot.render import render_hand_card
from bot.render.tiles import tile_hands
from scoring.record import HandRecord
from scoring.riichi.yaku_names import INDICATORS, YAKU, library_name, yaku_name
from storage.views import HandView, SeatView, TableView
from tests.bot.conftest import db_url, tg  # noqa: F401  (the bot test's fixtures)
from tests.bot.nights import group_of_four, image_bot
from tests.bot.test_riichi_entry import seed
from tests.render.cases import patch_drawing
from tests.scoring.test_riichi_builders import hand, win

bot = image_bot  # /explain sends the hand card as a photo

LANGS = ("en", "zh_Hans", "zh_Hant", "ja")
NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Alice", "Bob", "Carol", "Dave"),
    "zh_Hans": ("阿明", "小红", "老王", "丽丽"),
    "zh_Hant": ("阿明", "小紅", "老王", "麗麗"),
    "ja": ("さくら", "はると", "ゆい", "そうた"),
}
IDS = ("1", "2", "3", "4")

#: Bob (seat S) declares riichi and wins by tsumo on a red 5s: 234m 234p 234s 567s 88p, a
#: two-sided wait on 5s/8s. Riichi 1, menzen tsumo 1, pinfu 1, tanyao 1, sanshoku 2 (closed),
#: dora 1 (indicator 1m → 2m), aka dora 1 (the red 5s), ura dora 2 (indicator 7p → 8p, the
#: pair): 10 han; pinfu tsumo 20 fu (R20 fu.py: "pinfu tsumo ... 20 fu")
TILES = {
    "hand": "234m234p23467s88p",
    "win_tile": "0s",
    "dora_indicators": "1m",
    "ura_dora_indicators": "7p",
}
WANT_YAKU = {
    "Riichi": 1,
    "Menzen Tsumo": 1,
    "Pinfu": 1,
    "Tanyao": 1,
    "Sanshoku Doujun": 2,
    "Dora": 1,
    "Aka Dora": 1,
    "Ura Dora": 2,
}
#: the total as each language says han and fu (the catalogs' "{han} han {fu} fu": zh 番,
#: ja 翻 — the entry wizard's words, bot/entry/wizard/steps/riichi.py), and the limit it was
#: paid at: 8–10 han is baiman (spec riichi.md §2.1; the steps' word, scoring/riichi/decls.py)
TOTAL = {
    "en": "10 han 20 fu · baiman",
    "zh_Hans": "10番20符 · 倍满",
    "zh_Hant": "10番20符 · 倍滿",
    "ja": "10翻20符 · 倍満",
}
#: the indicator rows' labels (the words of club score sheets: ドラ表示牌 …)
DORA_LABEL = {
    "en": "Dora indicators",
    "zh_Hans": "宝牌指示牌",
    "zh_Hant": "寶牌指示牌",
    "ja": "ドラ表示牌",
}
URA_LABEL = {
    "en": "Ura dora indicators",
    "zh_Hans": "里宝牌指示牌",
    "zh_Hant": "裏寶牌指示牌",
    "ja": "裏ドラ表示牌",
}
#: a few yaku as each language names them (spot checks written out, not read from the table)
SPOT = {
    "en": ("Riichi", "Pinfu (no-points hand)", "Tanyao (all simples)", "Ura dora"),
    "zh_Hans": ("立直", "门前清自摸和", "平和", "断幺九", "三色同顺", "宝牌", "赤宝牌", "里宝牌"),
    "zh_Hant": ("立直", "門前清自摸和", "平和", "斷幺九", "三色同順", "寶牌", "赤寶牌", "裏寶牌"),
    "ja": ("立直", "門前清自摸和", "平和", "断幺九", "三色同順", "ドラ", "赤ドラ", "裏ドラ"),
}
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
#: Latin words a Chinese or Japanese card may show (none: the tiles step said "mahjong库" until
#: it read "…的手牌算得" / "…の手牌から計算")
KNOWN_LATIN: frozenset[str] = frozenset()
#: the round and seat next to the winner (they decide the wind yakuhai): East round, Bob
#: sits South of the dealer Alice
NOTE = {
    "en": "East round · South seat",
    "zh_Hans": "东场 · 南家",
    "zh_Hant": "東場 · 南家",
    "ja": "東場 · 南家",
}


def record(
    tiles: dict[str, Any] | None = None,
    frm: str | None = None,
    ids: tuple[str, ...] = IDS,
    han: int | None = None,
) -> HandRecord:
    """Bob (the second player; the first deals) declared riichi and won with ``tiles`` (or,
    with ``han``, the same win typed as han: the card without tiles), from ``frm`` or tsumo."""
    t = None if han else (tiles or TILES)
    w = win(ids[1], frm, han, tiles=t, flags=("riichi",))
    fu = {ids[1]: 20 if frm is None else 40} if han and han <= 4 else None
    return HandRecord.from_json(
        hand([w], players=list(ids), dealer=ids[0], riichi=(ids[1],), fu=fu)
    )


def hand_view(rec: HandRecord) -> HandView:
    now = datetime(2026, 12, 2, tzinfo=UTC)
    return HandView(
        1, 1, 1, 1, rec, scoring.settle(rec), "confirmed", 1, 1, 1, now, None, None, None,
        None, "k", number=1,
    )  # fmt: skip


def table_view(lang: str, players: int = 4) -> TableView:
    named = list(_names(lang))[:players]
    seats = tuple(SeatView(int(p), n, i, False, None) for i, (p, n) in enumerate(named))
    title = "Riichi club" if lang == "en" else "雀荘"
    return TableView(
        1, -100, "riichi", {}, None, None, title, "playing", 1, 1, 1, 1, None, seats
    )  # fmt: skip


def english_words(texts: list[str]) -> list[str]:
    """The Latin words of ``texts`` (two letters or more), but :data:`KNOWN_LATIN`."""
    return [w for t in texts for w in ENGLISH_WORD.findall(t) if w not in KNOWN_LATIN]


def _names(lang: str) -> Iterator[tuple[str, str]]:
    return zip(IDS, NAMES[lang], strict=True)


# --- the names of the yaku, against the library ---------------------------------------------


def _library_yaku() -> dict[str, Yaku]:
    """Every yaku the library has: the instances of ``YakuConfig`` (what ``HandCalculator``
    returns) and every concrete ``Yaku`` class of ``yaku_list`` and ``yaku_list.yakuman``."""
    found: dict[str, Yaku] = {y.name: y for y in vars(YakuConfig()).values() if isinstance(y, Yaku)}
    pkgs = [yaku_list, importlib.import_module("mahjong.hand_calculating.yaku_list.yakuman")]
    for pkg in pkgs:
        for mod in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
            m = importlib.import_module(mod.name)
            for obj in vars(m).values():
                if isinstance(obj, type) and issubclass(obj, Yaku) and obj is not Yaku:
                    found.setdefault(obj.name, obj())
    return found


def test_every_yaku_of_the_library_has_a_name_in_every_language() -> None:
    lib = _library_yaku()
    assert len(lib) >= 60  # mahjong 2.1.0: 40 yaku, 20 yakuman, 3 dora
    assert set(YAKU) == set(lib)  # no yaku unnamed, no name of a yaku the library lacks
    for name, y in lib.items():
        n = YAKU[name]
        assert all((n.zh, n.zh_hant, n.en, n.ja)), name
        for text in (n.zh, n.zh_hant, n.ja):
            assert not ENGLISH_WORD.search(text), (name, text)
        # the han as the library counts them (closed, open; 0 = not open), the yakuman flag
        assert (n.han_closed, n.han_open, n.yakuman) == (y.han_closed, y.han_open, y.is_yakuman)
        # str(yaku) is what TilesResult carries: "Dora 2" for the counted ones
        assert library_name(str(y)) == name and yaku_name(str(y)) is n


def test_the_names_and_words_have_glyphs_in_the_bundled_fonts() -> None:
    texts = [t for n in YAKU.values() for t in (n.zh, n.zh_hant, n.en, n.ja)]
    texts += [t for words in INDICATORS.values() for t in words]
    faces = text_mod._coverage()
    covered = frozenset().union(*faces.values())
    missing = {ch for t in texts for ch in t if ch != " " and ord(ch) not in covered}
    assert not missing


def test_counted_yaku_keep_their_name_and_others_are_left_alone() -> None:
    assert library_name("Dora 12") == "Dora" and library_name("Aka Dora 1") == "Aka Dora"
    assert library_name("Ura Dora 3") == "Ura Dora" and library_name("Paarenchan 2") == "Paarenchan"
    assert library_name("Yakuhai (haku)") == "Yakuhai (haku)"
    assert library_name("Riichi 2") == "Riichi 2"  # not a counted yaku
    assert yaku_name("Riichi 2") is None


# --- what tile_hands hands to the card ------------------------------------------------------


def test_the_tiles_win_has_its_yaku_with_han_and_the_total() -> None:
    rec = record()
    got = scoring.registry.get("riichi").tiles_value(rec, 0)  # type: ignore[attr-defined]
    # what the settlement paid: 10 han 20 fu, the library's own yaku and han
    assert (got.han, got.fu, got.yakuman) == (10, 20, 0)
    assert {library_name(t): h for t, h in zip(got.yaku, got.yaku_han, strict=True)} == WANT_YAKU
    assert sum(got.yaku_han) == got.han
    for lang in LANGS:
        tr = translator(lang)
        (view,) = tile_hands(rec, dict(_names(lang)), lang)
        assert view.winner == NAMES[lang][1]
        assert view.total_text == TOTAL[lang]
        names = [f.name for f in view.fans]
        for t in got.yaku:
            n = yaku_name(t)
            assert n is not None and tr.pick(n.zh, n.en, n.zh_hant, n.ja) in names
        assert [f.points for f in view.fans] == list(got.yaku_han)
        assert view.values == tuple(str(h) for h in got.yaku_han)
        assert view.indicators == ((DORA_LABEL[lang], "1m"), (URA_LABEL[lang], "7p"))
        assert view.note == NOTE[lang]
        for spot in SPOT[lang]:
            assert spot in names, (lang, spot, names)


def test_a_yakuman_says_yakuman_not_a_number() -> None:
    # daisangen: 555z 666z (hand) 777z (open pung) 11m 23p, won on 1p by tsumo
    t = {
        "hand": "555z666z11m23p",
        "win_tile": "1p",
        "melds": [{"kind": "pung", "tiles": "777z", "concealed": False}],
    }
    rec = HandRecord.from_json(hand([win("2", None, tiles=t)], players=list(IDS), dealer="1"))
    want = {"en": "Yakuman", "zh_Hans": "役满", "zh_Hant": "役滿", "ja": "役満"}
    daisangen = {"en": "Daisangen (big three dragons)", "zh_Hans": "大三元", "ja": "大三元"}
    for lang in LANGS:
        (view,) = tile_hands(rec, {}, lang)
        assert view.total_text == want[lang]
        assert view.values == (want[lang],)
        assert len(view.fans) == 1 and view.fans[0].points == 13
        assert view.fans[0].name == daisangen.get(lang, "大三元")
        assert view.indicators == ()


def test_two_yakuman_are_paid_by_the_cap_of_the_preset() -> None:
    # daisangen + tsuuiisou (an open 111z pung, 555z 666z 777z, won on 2z by ron): two
    # yakuman lines; friendly counts both (max_yakuman 6), ema pays one (max_yakuman 1, R7
    # "Every yakuman is counted as single yakuman", spec riichi.md RC-3)
    t = {
        "hand": "555z666z777z2z",
        "win_tile": "2z",
        "melds": [{"kind": "pung", "tiles": "111z", "concealed": False}],
    }
    for preset, total in (("friendly", "役満 ×2"), ("ema", "役満")):
        j = hand([win("2", "3", tiles=t)], players=list(IDS), dealer="1", preset=preset)
        (view,) = tile_hands(HandRecord.from_json(j), {}, "ja")
        assert [f.name for f in view.fans] == ["大三元", "字一色"]
        assert view.values == ("役満", "役満") and view.total_text == total


def test_below_the_limits_the_total_is_han_and_fu_only() -> None:
    # R20 hand.py docstring: 22444m 333567p 44s, won on 4s → tanyao, 1 han 40 fu (RI-03);
    # 4 han 40 fu is capped at mangan (§2.1: 40 × 2^6 = 2,560 > 2,000)
    t = {"hand": "22444m333567p44s", "win_tile": "4s"}
    rec = HandRecord.from_json(hand([win("2", "3", tiles=t)], players=list(IDS), dealer="1"))
    (view,) = tile_hands(rec, {}, "en")
    assert view.total_text == "1 han 40 fu" and view.note == "East round · South seat"
    for indicators, total in (("3m", "4番40符 · 满贯"), ("1m3m", "6番40符 · 跳满")):
        # 3m → 4m × 3: 4 han; 1m → 2m × 2 more: 6 han, haneman (§2.1)
        dora = {**t, "dora_indicators": indicators}
        j = hand([win("2", "3", tiles=dora)], players=list(IDS), dealer="1")
        (view,) = tile_hands(HandRecord.from_json(j), {}, "zh_Hans")
        assert view.total_text == total


def test_tiles_the_library_refuses_give_no_tile_block() -> None:
    # no yaku: an open 789m chow (no tanyao), 234p 456s 678s (won on 8s by ron) and 22s
    t = {
        "hand": "234p2245667s",
        "win_tile": "8s",
        "melds": [{"kind": "chow", "tiles": "789m", "concealed": False}],
    }
    bad = HandRecord.from_json(hand([win("2", "3", tiles=t)], players=list(IDS), dealer="1"))
    with pytest.raises(scoring.RecordError):
        scoring.settle(bad)
    assert tile_hands(bad, {}, "en") == ()  # the card shows the payments only
    assert tile_hands(record(han=3, frm="3"), {}, "en") == ()  # han typed in: no tiles


# --- the card, drawn by the bot's handler ---------------------------------------------------


class Drawn:
    """The strings and tiles the hand card drew (recorded, then drawn for real)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.tiles: list[tuple[int, int, bool]] = []  # (code point, tile width, red)
        self.at: list[tuple[int, int]] = []  # where each was drawn: (x, y)
        real_text, real_tile = text_mod.draw_text, hand_card_mod._draw_tile

        def text(im: Any, x: Any, y: Any, s: str, *a: Any, **kw: Any) -> Any:
            self.texts.append(s)
            return real_text(im, x, y, s, *a, **kw)

        def tile(im: Any, x: int, y: int, tw: int, th: int, cp: int, *a: Any) -> None:
            self.tiles.append((cp, tw, bool(a[1]) if len(a) > 1 else False))
            self.at.append((x, y))
            real_tile(im, x, y, tw, th, cp, *a)

        patch_drawing(monkeypatch, "draw_text", text)
        monkeypatch.setattr(hand_card_mod, "_draw_tile", tile)


async def _card(lang: str, rec: HandRecord) -> bytes:
    h = hand_view(rec)
    ctx = SimpleNamespace(application=SimpleNamespace(bot_data={"images": True}))
    who = SimpleNamespace(tr=translator(lang))
    names = dict(_names(lang))
    table = table_view(lang, len(rec.players))
    png = await images.hand_card(ctx, who, table, h, names, h.settlement)  # type: ignore[arg-type]
    assert png is not None
    return png


def _without_tiles(lang: str, rec: HandRecord, png: bytes) -> bytes:
    """The same card without its tile block (the view the handler drew, built again by
    bot.present: it draws ``png`` byte for byte)."""
    h = hand_view(rec)
    tr = translator(lang)
    table = table_view(lang, len(rec.players))
    view = present.hand_card(table, h, dict(_names(lang)), h.settlement, tr)
    assert render_hand_card(view, lang) == png
    return render_hand_card(replace(view, tile_hands=()), lang)


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as im:
        im.load()
        return im.size


@pytest.mark.parametrize("lang", LANGS)
async def test_the_riichi_card_draws_tiles_yaku_and_han_fu(
    lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn = Drawn(monkeypatch)
    rec = record()
    png = await _card(lang, rec)
    (tmp_path / f"riichi_{lang}.png").write_bytes(png)
    (view,) = tile_hands(rec, dict(_names(lang)), lang)
    for fan in view.fans:  # every yaku, its han in the right column
        assert fan.name in drawn.texts, (fan.name, drawn.texts)
    assert view.values and all(v in drawn.texts for v in view.values)
    assert TOTAL[lang] in drawn.texts
    assert DORA_LABEL[lang] in drawn.texts and URA_LABEL[lang] in drawn.texts
    assert NOTE[lang] in drawn.texts
    for spot in SPOT[lang]:
        assert spot in drawn.texts
    if lang != "en":  # no English word anywhere on a Chinese or Japanese card
        assert not english_words(drawn.texts), drawn.texts
    # the tiles: 14 in the hand row, the red 5s (the winning tile) marked red, and the two
    # indicators (1m, 7p) as small tiles
    big = [t for t in drawn.tiles if t[1] > 40]
    small = [t for t in drawn.tiles if t[1] == 40]
    assert len(big) == 14 and [t for t in big if t[2]] == [(0x1F014, 66, True)]  # 🀔 5s
    assert [cp for cp, _, _ in small] == [0x1F007, 0x1F01F]  # 🀇 1m, 🀟 7p
    # the png decodes at its size: 1080 wide, and the tile block is as tall as its parts
    w, h = _size(png)
    assert w == 1080
    plain = _without_tiles(lang, rec, png)
    # the block: winner row 64, tiles 79 + 36, one indicator row (tiles 40 × 47, + 22), 8 yaku × 52,
    # the total 56, and the space after it 24 (bot/render/draw/hand_card.py)
    assert h - _size(plain)[1] == 64 + 79 + 36 + 69 + 8 * 52 + 56 + 24


@pytest.mark.parametrize("lang", LANGS)
async def test_a_ron_with_a_red_five_in_hand_and_five_indicators_each(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # riichi ron: 234m 0(red)67p 22s 456s 99p + 9p from Carol; four kans' worth of
    # indicators (5 + 5, the most a hand has): the rows stay inside the card
    t = {
        "hand": "234m067p22456s99p",
        "win_tile": "9p",
        "dora_indicators": "1s3z4z1z2z",
        "ura_dora_indicators": "8p2z5z6z7z",
    }
    drawn = Drawn(monkeypatch)
    rec = record(t, frm="3")
    png = await _card(lang, rec)
    (view,) = tile_hands(rec, dict(_names(lang)), lang)
    if lang == "ja":
        assert [f.name for f in view.fans] == ["立直", "ドラ", "赤ドラ", "裏ドラ"]
        assert view.total_text == "7翻40符 · 跳満"  # 6–7 han: haneman (§2.1)
    assert view.values == ("1", "2", "1", "3")  # 1s → 2s (the pair), 8p → 9p × 3
    red = [t for t in drawn.tiles if t[2]]
    assert red == [(0x1F01D, 66, True)]  # 🀝 5p, in the hand
    small = [at for t, at in zip(drawn.tiles, drawn.at, strict=True) if t[1] == 40]
    assert len(small) == 10 and all(48 <= x and x + 40 <= 1080 - 48 for x, _ in small)
    rows = len({y for _, y in small})
    plain = _without_tiles(lang, rec, png)
    assert _size(png)[1] - _size(plain)[1] == 64 + 79 + 36 + rows * 69 + 4 * 52 + 56 + 24


@pytest.mark.parametrize("lang", LANGS)
async def test_sanma_nuki_dora_are_drawn_as_north_tiles(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # sanma (three players), Bob's riichi tsumo: 123 456 789p (ittsu) 234s 55z, won on 9p,
    # with two North tiles set aside (nuki dora 2: the library counts them as 2 dora)
    t = {"hand": "12345678p234s55z", "win_tile": "9p", "nuki_dora": 2}
    drawn = Drawn(monkeypatch)
    w = win("2", None, tiles=t, flags=("riichi",))
    j = hand([w], players=["1", "2", "3"], dealer="1", riichi=("2",), preset="sanma")
    rec = HandRecord.from_json(j)
    png = await _card(lang, rec)
    (view,) = tile_hands(rec, dict(_names(lang)), lang)
    nuki = {
        "en": "Nuki dora (North)",
        "zh_Hans": "拔北宝牌",
        "zh_Hant": "拔北寶牌",
        "ja": "抜きドラ",
    }
    assert view.indicators == ((nuki[lang], "44z"),)
    assert [f.points for f in view.fans] == [1, 1, 2, 2]  # tsumo, riichi, ittsu, dora 2
    assert view.fans[3].name == {"en": "Dora", "zh_Hans": "宝牌", "zh_Hant": "寶牌"}.get(
        lang, "ドラ"
    )
    assert nuki[lang] in drawn.texts and NOTE[lang] in drawn.texts
    assert [cp for cp, tw, _ in drawn.tiles if tw == 40] == [0x1F003, 0x1F003]  # 🀃 🀃
    assert _size(png)[0] == 1080
    if lang != "en":
        assert not english_words(drawn.texts), drawn.texts


# --- /explain 1 on the bot itself -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_explain_sends_the_riichi_card(
    tg: Any,  # noqa: F811
    bot: Any,
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = Drawn(monkeypatch)
    chat_id = -100_2750 - len(lang)
    s, users = group_of_four(tg, chat_id, 27_500 + 10 * len(lang))
    table_id, ids = seed(bot, s, users, lang)  # a riichi table, East the dealer
    rec = record(ids=tuple(ids))
    bot.ledger.record_hand(table_id, rec, recorded_by=int(ids[0]), idempotency_key="t1")
    mark = s.tg.mark()
    await s.tg.post(s.chat, users[0], "/explain 1")
    await s.tg.next_message(s.chat, mark, method="sendPhoto", timeout=20)
    (photo,) = s.tg.sent_since(mark, "sendPhoto", s.chat.id)
    (png,) = photo.files.values()
    assert _size(png)[0] == 1080
    assert TOTAL[lang] in drawn.texts and DORA_LABEL[lang] in drawn.texts
    assert "Bob" in drawn.texts  # the winner by the name the chat knows (the ledger's names)
    # the steps name the players too, never by their ledger ids (the hand's first step:
    # "Bob's hand … 10 han" / "Bobの手牌 … 10翻")
    assert any(x.startswith("Bob") and "10" in x and "—" not in x for x in drawn.texts), drawn.texts
    for spot in SPOT[lang]:
        assert spot in drawn.texts
    assert any(t[2] for t in drawn.tiles)  # the red five
