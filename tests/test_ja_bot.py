"""A Japanese night, end to end (issue 27 point 6): Telegram users with ``language_code`` ja
open a 興国 table, record the contract's example hand by tapping the Japanese buttons, and ask
for /explain, /history, /board, /rules and /lang, with images on. Every text, caption and button
the bot sends, and every string it hands to the drawing code, is checked as the Traditional
night is (tests/test_hant_night.py: no snake_case ids, JSON paths or database ids; every Han
character drawn is in the Japanese face), and holds no Simplified-only character (a Chinese
name shown where the Japanese one is missing)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.i18n import LANG_NAMES
from bot.render import draw as draw_mod
from bot.render import text as render_text
from scoring.hant import simplified_only
from tests.bot.conftest import Bot, LiveTable, Scene, db_url, tg  # noqa: F401 (fixtures)
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import next_until, pick_paged, seat_and_start, wizard
from tests.test_hant_bot import sent_texts
from tests.test_hant_night import Recorder, problems

JA_NEXT = ("次へ ▶", "プレビュー ▶", "なし、次へ ▶")


def chinese_only(text: str) -> list[str]:
    """Simplified-only characters that Japanese does not write either (not in JIS X 0208:
    对, 发, 铳 …): a Chinese name shown where the Japanese one is missing. (国, 点 are both.)"""
    for own in LANG_NAMES.values():  # /lang names each language in itself (简体中文)
        text = text.replace(own, "")
    return [c for c in simplified_only(text) if not _jis(c)]


def _jis(c: str) -> bool:
    try:
        c.encode("euc_jp")
    except UnicodeEncodeError:
        return False
    return True


@pytest.fixture
async def ja_bot(tg: FakeTelegram, db_url: str) -> AsyncIterator[Bot]:  # noqa: F811
    b = Bot(tg, db_url, images=True)
    await b.start()
    yield b
    await b.stop()


async def test_a_japanese_night(
    tg: FakeTelegram,  # noqa: F811
    ja_bot: Bot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rec = Recorder()
    wrapped = rec.wrap(render_text.draw_runs)
    monkeypatch.setattr(render_text, "draw_runs", wrapped)
    monkeypatch.setattr(draw_mod, "draw_runs", wrapped)
    chat = tg.group(-100927)
    names = ("健太", "由美", "翔", "さくら")
    users = [tg.user(927 + i, n, lang="ja") for i, n in enumerate(names)]
    kenta, yumi = users[0], users[1]
    s = Scene(tg, chat)
    setup = await s.say(kenta, "/newtable", expect="どのルールで遊びますか")
    await pick_paged(s, kenta, setup, "興国冲関麻雀")
    for _ in range(3):  # the options (Next), then the money screen (no money)
        labels = s.labels(setup)
        if any("次へ" in t for t in labels):
            await s.tap(kenta, setup, next(t for t in labels if "次へ" in t))
            continue
        break
    mark = tg.mark()
    labels = s.labels(setup)
    await s.tap(kenta, setup, next((t for t in labels if "お金なし" in t), labels[0]))
    table = LiveTable(s, await tg.next_message(chat, mark))
    assert "プレイヤー待ち" in s.text(table)
    await seat_and_start(s, table, users, join="着席", start="開始")
    assert "親" in s.text(table)
    w = await s.tap_for_message(yumi, table, "局を記録", expect="誰が和了しましたか")
    await wizard(s, yumi, w, "由美 ← 翔", "大七対", "徳国（精なし）")
    await next_until(s, yumi, w, "確定", nxt=JA_NEXT)
    preview = s.text(w)
    # shared/contracts/hand-record.md example: the dealer pays 16, the discarder 21
    assert "健太 → 由美: 16" in preview and "翔 → 由美: 21" in preview, preview
    assert "計算過程" in preview and "大七対" in preview
    mark = tg.mark()
    await wizard(s, yumi, w, "✅ 確定")
    line = await tg.next_message(chat, mark, contains="第1局")
    assert "由美 +45" in line["text"]

    mark = tg.mark()
    exp = await s.say(yumi, "/explain 1", expect="第1局")
    assert "計算過程" in s.text(exp)
    await tg.next_message(chat, mark, method="sendPhoto")  # the hand card
    await s.say(kenta, "/history", expect="第1局")
    await s.say(kenta, "/board", method="sendPhoto")
    await s.say(kenta, "/rules xingguo", expect="興国冲関麻雀")
    lang = await s.say(kenta, "/lang", expect="このチャットの言語")
    assert "日本語" in s.labels(lang)

    texts = sent_texts(tg, chat.id)
    assert len(texts) > 30 and len(rec.lines) > 30  # the checks below see the night
    bad = [f"{p} in {t!r}" for t in texts for p in problems(t, "ja")]
    bad += [f"Chinese {c} in {t!r}" for t in texts for c in chinese_only(t)]
    assert not bad, "\n".join(bad[:10])
    drawn = [f"{p} in {t!r}" for t in rec.lines for p in problems(t, "ja", drawn=True)]
    drawn += [f"Chinese {c} in {t!r}" for t in rec.lines for c in chinese_only(t)]
    assert not drawn, "\n".join(drawn[:10])
    assert any("興国冲関麻雀" in t for t in rec.lines)  # the images name the ruleset in Japanese
    assert any("放銃者の払い分" in t for t in rec.lines)  # and the payment reasons
