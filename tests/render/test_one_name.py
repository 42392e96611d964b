"""One name per unit and per term on every surface (issue 25, point 3: "Units change name
between surfaces: zi / pts / 份 / 分 … chat says 局 and the images 手; 放炮 in chat, 點炮 in
images … A test collects every unit and term each surface renders for a recorded night of
every ruleset and fails on two names for one thing").

For a recorded night of every ruleset (a real SQLite ledger, random valid hands), in en,
zh_Hans and zh_Hant, the words are collected from what each surface is handed: the chat texts
(table message, /history, standings, settlement), the images (the strings given to the drawing
code of the scoreboard, the settlement and a hand card) and the Mini App's JSON.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.render.draw as draw_mod
import bot.render.text as text_mod
import scoring
from bot import present, riichi_view, texts
from bot.i18n import translator
from bot.render import render_hand_card, render_scoreboard, render_settlement
from bot.render.labels import unit as image_unit
from bot.terms import ICON_DEALER, ICON_TITLE, ICON_WINNER
from bot.web.api import declarations, hand_json, table_json
from scoring.record import HandRecord
from scoring.testing import random_record
from storage.service import Ledger
from tests.render.cases import patch_drawing

LANGS = ("en", "zh_Hans", "zh_Hant")
RULESETS = sorted(rs.id for rs in scoring.all_rulesets() if 4 in rs.players)
#: the words a surface may use for one thing; two of them on the surfaces of one night fail
DEAL_IN = ("放炮", "点炮", "點炮", "放銃", "放铳", "出銃", "出铳")
HAND_WORD = re.compile(r"\d+ ?(手|局)(?!牌)")  # "3局" / "3 手": a count of hands


def night_hands(rs_id: str, ids: list[str], count: int, seed: int) -> list[HandRecord]:
    rs, rng = scoring.get(rs_id), random.Random(seed)
    out: list[HandRecord] = []
    for _ in range(2000):
        if len(out) == count:
            break
        rec = random_record(rs, rng)
        if len(rec.players) != 4:
            continue
        text = json.dumps(rec.to_json())
        for i, name in enumerate(rec.players):
            text = text.replace(f'"{name}"', f'"{ids[i]}"')
        try:
            hand = HandRecord.from_json(json.loads(text))
            if any(abs(v) > 10**9 for v in scoring.settle(hand).net.values()):
                continue
        except scoring.RecordError:
            continue
        out.append(hand)
    return out


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ledger]:
    led = Ledger(f"sqlite:///{tmp_path_factory.mktemp('terms') / 'ledger.sqlite3'}")
    led.upgrade()
    try:
        yield led
    finally:
        led.dispose()


def drawn(monkeypatch: pytest.MonkeyPatch, render: Any, view: Any, lang: str) -> list[str]:
    out: list[str] = []
    real_text, real_value = text_mod.draw_text, draw_mod.draw_value

    def text(im: Any, x: Any, y: Any, s: str, *a: Any, **kw: Any) -> Any:
        out.append(s)
        return real_text(im, x, y, s, *a, **kw)

    def value(im: Any, x: Any, y: Any, n: int, size: int, **kw: Any) -> Any:
        out.append(f"{kw.get('text') or n} {kw.get('unit_text', '')}")
        return real_value(im, x, y, n, size, **kw)

    patch_drawing(monkeypatch, "draw_text", text)
    patch_drawing(monkeypatch, "draw_value", value)
    try:
        render(view, lang)
    finally:
        patch_drawing(monkeypatch, "draw_text", real_text)
        patch_drawing(monkeypatch, "draw_value", real_value)
    return out


@pytest.mark.parametrize("rs_id", RULESETS)
def test_one_name_per_unit_and_term(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch, rs_id: str
) -> None:
    chat = -(10**9) - RULESETS.index(rs_id)
    ledger.ensure_chat(chat, title="Terms")
    players = [ledger.ensure_user(9_000_000 + 10 * RULESETS.index(rs_id) + i, n)
               for i, n in enumerate(["Ann", "Ben", "Cat", "Dan"])]  # fmt: skip
    pids = [p.id for p in players]
    t = ledger.open_table(chat, creator_id=pids[0], ruleset=rs_id, options={})
    for p in pids:
        ledger.join(t.id, p)
    ledger.start(t.id, dealer_id=pids[0])
    recs = night_hands(rs_id, [str(p) for p in pids], 3, seed=RULESETS.index(rs_id))
    assert recs, f"no valid random hand of {rs_id}"
    for i, rec in enumerate(recs):
        try:  # the ledger checks the dealer too (the random record's is the first seat)
            ledger.record_hand(t.id, rec, recorded_by=pids[0], idempotency_key=f"{rs_id}-{i}")
        except scoring.RecordError:
            continue
    t = ledger.get_table(t.id)
    assert t.hand_count, f"no hand of {rs_id} recorded"
    st, sv = ledger.standings(t.id), ledger.night_transfers(t.id)
    hands = ledger.history(t.id).items
    rs = scoring.get(rs_id)
    for lang in LANGS:
        tr = translator(lang)
        names = present.names_of(t)
        chat_texts = [
            texts.table_text(t, st, tr),
            texts.history_text(t, ledger.history(t.id), tr, names),
            texts.standings_text(t, st, tr),
            texts.settle_text(t, sv, tr, settled=False),
        ]
        hand = hands[0]
        card = present.hand_card(t, hand, present.names_of(t, hand.names), hand.settlement, tr)
        image_texts = (
            drawn(monkeypatch, render_scoreboard, present.scoreboard(t, st, tr), lang)
            + drawn(monkeypatch, render_settlement, present.night_settlement(t, sv, st, tr), lang)
            + drawn(monkeypatch, render_hand_card, card, lang)
        )
        opts = rs.resolve_options(dict(t.options))
        mini = [table_json(t, st, tr, 0), *(hand_json(h, t, tr) for h in hands)]
        # the composer's declarations (every shape, flag and event by name), as the Mini App
        # gets them: a declared name's word for dealing in is the table's too
        composer = declarations(rs, opts, tr)
        composer["ruleset"].pop("terms", None)  # the replacements (点炮 → 放炮) themselves
        # the unit: one name in chat, images and Mini App
        u = present.unit(rs_id, tr)
        img_u = image_unit(rs.unit_zh, rs.unit_en, lang, zh_hant=rs.unit_zh_hant)
        assert {u} == {img_u} | {m["unit"] for m in mini}, (rs_id, lang, u, img_u)
        assert any(u in s for s in chat_texts), (rs_id, lang, u)
        assert any(u in s for s in image_texts), (rs_id, lang, u, image_texts)
        every = "\n".join(
            chat_texts
            + image_texts
            + [json.dumps(m, ensure_ascii=False) for m in [*mini, composer]]
        )
        # the surfaces' own words for dealing in (the hands' own reasons and steps are the
        # ruleset's: scoring's declarations)
        own = "\n".join(
            [
                texts.standings_text(t, st, tr),
                *drawn(monkeypatch, render_scoreboard, present.scoreboard(t, st, tr), lang),
            ]
        )
        if tr.zh:
            # a hand is 局 everywhere in Chinese, never 手
            assert {m.group(1) for m in HAND_WORD.finditer(every)} <= {"局"}, (rs_id, lang)
            # one word for dealing in
            used = {w for w in DEAL_IN if w in own}
            where = {w: [ln for ln in own.split("\n") if w in ln][:2] for w in used}
            assert len(used) <= 1, (rs_id, lang, where)
            # and it is the word of the hands' own texts (headlines, reasons, steps) there
            # (Guangdong's flag 杠上开花 said 明杠：“放炮”者=点杠者, now 点杠者算点炮)
            said = every  # (Hong Kong's 包 said "包的放铳者付4m" where the table says 出铳)
            in_hands = {w for w in DEAL_IN if w in said} - used
            where = {w: [ln for ln in every.split("\n") if w in ln][:2] for w in in_hands}
            assert not (used and in_hands), (rs_id, lang, used, where)
            if rs_id == "hongkong":  # its Cantonese words: 食糊, 出銃, 自摸
                assert used <= {"出銃" if lang == "zh_Hant" else "出铳"}, (lang, where)
                assert "食糊" in own and not re.search(r"(?<!食)胡 ?\d", own), own
        # one icon per meaning (bot/terms.py): 🎲 the dealer, never 🀄 next to a seat; 🀄 a
        # winner (the preview's win lines), so not the title of the table message (📋), nor
        # of a riichi game's round line; no surface here marks a winner
        assert not re.search(r"🀄\s*(dealer|庄|莊)", every), (rs_id, lang)
        assert chat_texts[0].startswith(ICON_TITLE + " <b>"), chat_texts[0]
        titles = chat_texts + [json.dumps(m, ensure_ascii=False) for m in mini]
        if rs_id == "riichi":
            state = ledger.riichi_state(t.id)
            assert state is not None
            titles.append(riichi_view.state_lines(state, t, tr))
            assert titles[-1].startswith(ICON_TITLE + " <b>"), titles[-1]
        assert not any(ICON_WINNER in x for x in titles), (rs_id, lang)
        assert ICON_TITLE != ICON_WINNER != ICON_DEALER != ICON_TITLE


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_the_mini_app_says_hong_kongs_words_too(lang: str) -> None:
    """The composer's "{name}点炮" chip reads "{name}出銃" at a Hong Kong table: the Mini App
    applies the same replacements (bot/web/static/common.js ``setTerms``) the bot does."""
    from bot.terms import replacements

    strings = json.loads(
        (Path(__file__).parents[2] / "bot/web/static/i18n" / f"{lang}.json").read_text("utf-8")
    )
    s = strings["discard_by"]
    for a, b in replacements("hongkong", translator(lang)):
        s = s.replace(a, b)
    assert s == "{name}" + ("出銃" if lang == "zh_Hant" else "出铳")
    assert replacements("xingguo", translator(lang)) == []
    assert replacements("hongkong", translator("en")) == []
