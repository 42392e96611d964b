"""The riichi game result image and the round line (issue 27.5): the strings handed to the
drawing code in en, zh_Hans, zh_Hant and ja, the numbers against spec riichi.md §2.9
("final = raw − return + uma + oka", uma 10_20 = +20/+10/−10/−20, oka 20,000 to first with
25,000/30,000), and a real PNG drawn with the language's CJK face (Japanese: Noto Sans JP).
The game is played into a real SQLite ledger (tests/storage/test_riichi_games.py)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot import riichi_view
from bot.i18n import Translator
from bot.render import text as render_text
from bot.render.game import GameResultView, render_game_result
from storage.ledger.games import RiichiState
from storage.service import Ledger
from storage.views import HandView, TableView
from tests.storage.test_riichi_games import play_to_the_end, riichi_table

LANGS = ("en", "zh_Hans", "zh_Hant", "ja")
FACE = {"en": "NotoSansSC", "zh_Hans": "NotoSansSC", "zh_Hant": "NotoSansTC", "ja": "NotoSansJP"}

#: the fixed words of the image in each language (the riichi terms of issue 27.6 in ja)
WORDS = {
    "en": ("Game result", ("1st", "2nd", "3rd", "4th"), "Points", "Uma", "Oka", "Game 1"),
    "zh_Hans": ("终局结算", ("一位", "二位", "三位", "四位"), "素点", "顺位马", "返点奖", "第1场"),
    "zh_Hant": ("終局結算", ("一位", "二位", "三位", "四位"), "素點", "順位馬", "返點獎", "第1場"),
    "ja": ("終局結果", ("1位", "2位", "3位", "4位"), "素点", "ウマ", "オカ", "第1半荘"),
}


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TableView, HandView]]:
    path: Path = tmp_path_factory.mktemp("riichi") / "ledger.sqlite3"
    led = Ledger(f"sqlite:///{path}")
    led.upgrade()
    t = riichi_table(led)
    play_to_the_end(t)
    end = led.last_hand(t.table_id)
    assert end is not None and end.record.result == "game_end"
    yield led.get_table(t.table_id), end
    led.dispose()


def finals(end: HandView) -> dict[str, tuple[int, int, int, int]]:
    """player → (place, raw, uma, final) by §2.9 with the friendly defaults."""
    ids = list(end.record.players)
    raw = {p: end.record.counts["points"][p] for p in ids}
    order = sorted(ids, key=lambda p: (-raw[p], ids.index(p)))
    out = {}
    for i, p in enumerate(order):
        uma = (20000, 10000, -10000, -20000)[i]
        out[p] = (i, raw[p], uma, raw[p] - 30000 + uma + (20000 if i == 0 else 0))
    return out


def tenths(v: int) -> str:
    return f"{'+' if v >= 0 else '-'}{abs(v) // 1000}.{abs(v) % 1000 // 100}"


def strings(view: GameResultView) -> list[str]:
    out = [view.title, view.sub, view.note, view.reason]
    for r in view.rows:
        out += [r.place, r.name, r.final, r.parts]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_view_says_the_game_in_the_chats_language(
    game: tuple[TableView, HandView], lang: str
) -> None:
    table, end = game
    view = riichi_view.game_result_view(table, end, Translator(lang), 1)
    title, places, points, uma, oka, game_no = WORDS[lang]
    assert view.title == title and view.sub.endswith(game_no)
    want = finals(end)
    names = {str(s.player_id): s.name for s in table.seats}
    assert [r.place for r in view.rows] == list(places)
    for r in view.rows:
        pid = next(p for p, n in names.items() if n == r.name)
        place, raw, u, final = want[pid]
        assert places[place] == r.place
        assert r.final == tenths(final) and r.final_value == final
        assert f"{points} {raw:,}" in r.parts
        assert f"{uma} {'+' if u > 0 else '-'}{abs(u) // 1000}" in r.parts
        assert (f"{oka} +20" in r.parts) == (place == 0)
    assert sum(r.final_value for r in view.rows) == 0
    reason = riichi_view.reason_text("last_hand", Translator(lang))
    assert reason == {"en": "The last hand is over.", "zh_Hans": "最后一局结束。",
                      "zh_Hant": "最後一局結束。", "ja": "オーラス終了。"}[lang]  # fmt: skip
    if lang != "en":  # no English words in a Chinese or Japanese picture (names are A … D)
        for s in strings(view):
            left = re.sub(r"\b[ABCD]\b", "", s)
            assert not re.search(r"[A-Za-z]{2,}", left), (lang, s)


@pytest.mark.parametrize("lang", LANGS)
def test_the_png_is_drawn_with_the_languages_cjk_face(
    game: tuple[TableView, HandView], lang: str
) -> None:
    table, end = game
    tr = Translator(lang)
    view = riichi_view.game_result_view(table, end, tr, 1, "last_hand")
    assert view.reason == riichi_view.reason_text("last_hand", tr) != ""
    png = render_game_result(view, lang)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    im = Image.open(io.BytesIO(png))
    im.load()
    assert im.format == "PNG" and im.width == 1080 and 700 < im.height < 1400
    assert len(im.getcolors(256) or ()) > 8  # text, felt, gain and loss colours were drawn
    assert render_game_result(view, lang) == png  # deterministic
    cjk = 0
    with render_text.writing(lang):
        for s in strings(view):
            for name, run in render_text.clusters(s):
                assert render_text.PLACEHOLDER not in run, (lang, s)
                if any(render_text._is_cjk(ch) for ch in run):
                    cjk += 1
                    assert name.startswith(FACE[lang]), (lang, s, name)
    assert (cjk > 0) == (lang != "en")


ROUND = {
    "en": "South 3 · honba 2 · riichi sticks 1",
    "zh_Hans": "南3局 · 2本场 · 供托1根",
    "zh_Hant": "南3局 · 2本場 · 供託1根",
    "ja": "南3局 · 2本場 · 供託1本",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_line(lang: str) -> None:
    """The table message and the board: round and hand, honba, sticks (§1.1 "filled by the
    engine … the bot shows them"); zero counts are left out."""
    st = RiichiState(2, 1, 3, 2, 1, 7, (7, 8, 9, 10), {7: 30000, 8: 24000, 9: 23000, 10: 22000})
    assert riichi_view.round_label(st, Translator(lang)) == ROUND[lang]
    east1 = RiichiState(1, 0, 1, 0, 0, 7, (7, 8, 9, 10), dict.fromkeys((7, 8, 9, 10), 25000))
    assert riichi_view.round_label(east1, Translator(lang)) == {
        "en": "East 1", "zh_Hans": "东1局", "zh_Hant": "東1局", "ja": "東1局"}[lang]  # fmt: skip
