"""A Traditional Chinese night, end to end: Telegram users with ``language_code`` zh-TW open a
兴国 table, record the contract's example hand by tapping the Traditional buttons, and ask for
/explain, /history, /board, /rules and /settle, with images on. Every text, caption and button
the bot sends, and every string it hands to the drawing code, must be free of Simplified-only
characters, snake_case ids, JSON paths and database ids (tests/test_hant_night.py checks)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.render import draw as draw_mod
from bot.render import text as render_text
from tests.bot.conftest import Bot, Scene, db_url, tg  # noqa: F401 (fixtures)
from tests.bot.fake_telegram import FakeTelegram
from tests.bot.helpers import next_until, open_table, seat_and_start, wizard
from tests.test_hant_night import Recorder, problems

HANT_NEXT = ("下一步 ▶", "預覽 ▶", "沒有，下一步 ▶")


@pytest.fixture
async def hant_bot(tg: FakeTelegram, db_url: str) -> AsyncIterator[Bot]:  # noqa: F811
    b = Bot(tg, db_url, images=True)
    await b.start()
    yield b
    await b.stop()


def sent_texts(fake: FakeTelegram, chat_id: int) -> list[str]:
    out = []
    for s in fake.sent:
        p: dict[str, Any] = s.params
        if str(p.get("chat_id")) != str(chat_id):
            continue
        out += [str(p[k]) for k in ("text", "caption") if p.get(k)]
        markup = p.get("reply_markup") or {}
        if isinstance(markup, dict):
            out += [b["text"] for row in markup.get("inline_keyboard", []) for b in row]
    return out


async def test_a_traditional_chinese_night(
    tg: FakeTelegram,  # noqa: F811
    hant_bot: Bot,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rec = Recorder()
    monkeypatch.setattr(render_text, "draw_runs", rec.wrap(render_text.draw_runs))
    monkeypatch.setattr(draw_mod, "draw_runs", rec.wrap(draw_mod.draw_runs))
    chat = tg.group(-100915)
    names = ("老王", "小明", "小紅", "阿強")
    users = [tg.user(915 + i, n, lang="zh-TW") for i, n in enumerate(names)]
    wang, ming = users[0], users[1]
    s = Scene(tg, chat)
    table = await open_table(s, wang, "興國衝關麻將", stake="不算錢")
    assert "等待玩家入座" in s.text(table)
    await seat_and_start(s, table, users, join="入座", start="開始")
    assert "東 老王 🎲莊" in s.text(table)
    w = await s.tap_for_message(ming, table, "記一局", expect="誰胡了？")
    await wizard(s, ming, w, "小明 ← 小紅", "大七對", "德國", "下一步 ▶")
    await next_until(s, ming, w, "確認", nxt=HANT_NEXT)
    preview = s.text(w)
    # shared/contracts/hand-record.md example: 庄家 2^(庄1+大七2+德国1)=16, 21 from the discarder
    assert "老王 → 小明: 16" in preview and "小紅 → 小明: 21" in preview
    assert "莊1 · 大七2 · 德國1 → ×16" in preview and "計算過程" in preview
    mark = tg.mark()
    await wizard(s, ming, w, "✅ 確認")
    line = await tg.next_message(chat, mark, contains="第 1 局：")
    assert "小明 +45" in line["text"]

    mark = tg.mark()
    exp = await s.say(ming, "/explain 1", expect="第 1 局")
    assert "興國" in s.text(exp) or "→ ×" in s.text(exp)
    await tg.next_message(chat, mark, method="sendPhoto")  # the hand card
    await s.say(wang, "/history", expect="第 1 局")
    await s.say(wang, "/board", method="sendPhoto")
    await s.say(wang, "/rules xingguo", expect="興國衝關麻將")
    ask = await s.say(wang, "/settle", expect=None)
    settle = next((t for t in s.labels(ask) if "結算" in t), None)
    if settle is not None:
        mark = tg.mark()
        await wizard(s, wang, ask, settle)
        await tg.next_message(chat, mark, method="sendPhoto")  # the night's settlement

    texts = sent_texts(tg, chat.id)
    assert len(texts) > 40 and len(rec.lines) > 40  # the checks below see the night
    bad = [f"{p} in {t!r}" for t in texts for p in problems(t, "zh_Hant")]
    assert not bad, "\n".join(bad[:10])
    drawn = [f"{p} in {t!r}" for t in rec.lines for p in problems(t, "zh_Hant", drawn=True)]
    assert not drawn, "\n".join(drawn[:10])
    assert any("點炮者付" in t for t in rec.lines)  # the hand card names the reasons
    assert any("興國衝關麻將" in t for t in rec.lines)
