"""Every word a person sees in the Mini App is in the chat's language (issue 25: "A person
never sees internals (ids, JSON paths, English in a Chinese chat)"; the Mini App's own words
come from bot/web/static/i18n/<lang>.json, the rest from the server in the chat's language).

A real browser (Chromium via Playwright, offline) opens a Xingguo table's scoreboard (two hands
recorded) and its composer (a winner and a discarder tapped, so the preview shows payments and
steps) and a Guobiao table's tile picker, in zh_Hans, zh_Hant and ja, and fails on any Latin
word in the visible text other than the players' names, tile notation (1m, 9s, 7z) and a
currency's symbol (HK$, RM)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring.transfers import CURRENCIES
from tests.web.browser import browser
from tests.web.conftest import WebBot, World, make_world
from tests.web.test_miniapp_browser import open_page, pid
from tests.web.test_miniapp_phone import record, set_lang

LANGS = ("zh_Hans", "zh_Hant", "ja")
NAMES = ("Alice", "Bob", "Carol", "Dave")
TILE = re.compile(r"(?<![A-Za-z0-9])(?:[1-9]+[mpsz])+(?![A-Za-z])")
MONEY = sorted({s.strip() for s, _ in CURRENCIES.values() if re.search("[A-Za-z]", s)}, key=len)
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: words a page may show in a Chinese or Japanese chat although Latin (none today: Taixing's
#: shapes were 顺子牌（A/B型） and 碰碰胡（C型）, the seed's labels, taixing.md L28)
KNOWN: dict[str, tuple[str, ...]] = {}

# what a person sees: the page's rendered text, the SVG chart's labels, the tab's title and the
# accessible names (a screen reader's); not tooltips (``title``: no hover on a phone)
VISIBLE = """() => {
  const out = [document.title, document.body.innerText];
  document.querySelectorAll('svg text').forEach((t) => out.push(t.textContent));
  document.querySelectorAll('[aria-label]').forEach((e) => {
    if (e.offsetParent !== null || e.closest('svg')) out.push(e.getAttribute('aria-label'));
  });
  return out.join('\\n');
}"""


def latin_words(text: str) -> list[str]:
    for name in NAMES:  # a name, or its start cut with "…" (the trend's end labels)
        text = text.replace(name, " ")
        text = re.sub("|".join(re.escape(name[:k]) + "…" for k in range(1, len(name))), " ", text)
    for sym in reversed(MONEY):  # the longest first: MOP$ before $
        text = text.replace(sym, " ")
    text = TILE.sub(" ", text)
    return LATIN.findall(text)


def test_the_filter_finds_english() -> None:
    assert latin_words("Bob +45 · 1m2m 9s 7z · HK$0.50 · ¥3") == []
    assert latin_words("第1局 · Dealer: Alice") == ["Dealer"]
    assert latin_words("Bob → Carol: 4 zi · win") == ["zi", "win"]
    assert latin_words("Ali… +2000 · Caro… −1") == [] and latin_words("Alive…") == ["Alive"]


async def seen(page: Any) -> list[str]:
    await page.wait_for_timeout(300)
    text = await page.evaluate(VISIBLE)
    if latin_words(text):
        print(text)
    return latin_words(text)


@pytest.mark.parametrize("lang", LANGS)
async def test_no_english_on_the_board_and_composer(
    tg: Any, web_bot: WebBot, web_port: int, lang: str
) -> None:
    chat = -1060 - LANGS.index(lang)
    w: World = await make_world(tg, web_bot, web_port, "Xingguo", chat_id=chat)
    ids = {n: pid(w, n) for n in NAMES}
    # Bob self-drawn, then Carol on Dave's discard with a wildcard (counts' payments too)
    await record(w, {"result": "win", "wins": [{"winner": ids["Bob"], "from": None, "shape": "small_seven_pairs"}],
                     "counts": {}, "events": []})  # fmt: skip
    await record(w, {"result": "win", "wins": [{"winner": ids["Carol"], "from": ids["Dave"], "shape": "small_seven_pairs"}],
                     "counts": {"primary_wild": {ids["Carol"]: 1}}, "events": []})  # fmt: skip
    await set_lang(w, lang)
    async with browser() as b:
        board = await open_page(b, w, w.users[0], "/app/")
        await board.wait_for_selector("svg.trend polyline")
        await board.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")
        assert await seen(board) == [], (lang, "board")
        comp = await open_page(b, w, w.users[1], "/app/compose")
        await comp.wait_for_selector("[data-winner]")
        assert await seen(comp) == [], (lang, "composer, empty")
        await comp.click(f"[data-winner='{ids['Bob']}']")
        await comp.click(f"[data-from='{ids['Carol']}']")
        await comp.click("[data-shape='small_seven_pairs']")
        await comp.wait_for_selector("#preview li.pay")
        assert await seen(comp) == [], (lang, "composer, preview")
        if await comp.locator("[data-add-event]").count():
            await comp.click("[data-add-event] >> nth=0")
            assert await seen(comp) == [], (lang, "composer, an event")
        assert not comp.errors and not board.errors, (comp.errors, board.errors)


@pytest.mark.parametrize("lang", LANGS)
async def test_no_english_on_the_tile_picker(
    tg: Any, web_bot: WebBot, web_port: int, lang: str
) -> None:
    w = await make_world(tg, web_bot, web_port, "Guobiao", chat_id=-1070 - LANGS.index(lang))
    await set_lang(w, lang)
    async with browser() as b:
        comp = await open_page(b, w, w.users[1], "/app/compose")
        await comp.wait_for_selector("[data-winner]")
        await comp.click(f"[data-winner='{pid(w, 'Bob')}']")
        await comp.click(f"[data-from='{pid(w, 'Carol')}']")
        for mode in ("[data-input='tiles']", "[data-mode='pung']"):
            if await comp.locator(mode).count():
                await comp.click(mode)
        await comp.wait_for_selector("#palette [data-tile='1m']")
        assert await seen(comp) == [], (lang, "tile picker")
        # the tiles in the language's own characters (ja: 萬子 索子, 東 發; no 东 发 条)
        face = "() => ['1m', '1s', '1z', '6z'].map((c) => document.querySelector(`#palette [data-tile='${c}']`).textContent)"
        suits = {"zh_Hans": ["一万", "1条", "东", "发"], "zh_Hant": ["一萬", "1條", "東", "發"],
                 "ja": ["一萬", "1索", "東", "發"]}  # fmt: skip
        assert await comp.evaluate(face) == suits[lang], lang
        for mode in ("[data-input='fans']", "[data-input='fan']"):
            if await comp.locator(mode).count():
                await comp.click(mode)
                assert await seen(comp) == [], (lang, mode)
        assert not comp.errors, comp.errors


@pytest.mark.parametrize(
    ("code", "lang"), [("zh-hans", "zh_Hans"), ("zh-TW", "zh_Hant"), ("ja", "ja")]
)
async def test_before_the_server_answers_the_users_language(
    tg: Any, web_bot: WebBot, web_port: int, code: str, lang: str
) -> None:
    """Opened without a table (no start parameter): no chat language to ask, so the page
    speaks the Telegram user's (initDataUnsafe.user.language_code) — never its string ids."""
    import json
    from pathlib import Path

    from tests.web.browser import phone
    from tests.web.conftest import init_data

    user = {"id": 4242, "first_name": "Bob", "language_code": code}
    async with browser() as b:
        page = await phone(
            b, f"http://127.0.0.1:{web_port}", init_data(tg.token, user), {"user": user}
        )
        await page.goto(f"http://127.0.0.1:{web_port}/app/")
        await page.wait_for_selector("#status:not([hidden])")
        strings = json.loads(
            (Path(__file__).parents[2] / "bot/web/static/i18n" / f"{lang}.json").read_text("utf-8")
        )
        assert await page.inner_text("#status") == strings["no_table"]
        assert await page.title() == strings["app_title"]
        assert await seen(page) == [], code
        assert not page.errors, page.errors


@pytest.mark.parametrize(
    ("code", "lang"), [("zh-hans", "zh_Hans"), ("zh-hant", "zh_Hant"), ("ja", "ja")]
)
async def test_the_calculator_of_every_ruleset(
    tg: Any, web_bot: WebBot, web_port: int, code: str, lang: str
) -> None:
    """The private calculator (/calc: the user's language) of every ruleset: its declarations
    by name (shapes, flags, counts, events, fans) and a first preview."""
    from tests.web.browser import phone
    from tests.web.conftest import init_data

    user = {"id": 4343, "first_name": "Bob", "language_code": code}
    base = f"http://127.0.0.1:{web_port}"
    async with browser() as b:
        page = await phone(b, base, init_data(tg.token, user), {"user": user})
        await page.goto(f"{base}/app/?calc=1")
        await page.wait_for_selector("[data-ruleset]")
        ids = await page.eval_on_selector_all(
            "[data-ruleset]", "es => es.map(e => e.dataset.ruleset)"
        )
        found = {}
        for rs in ids:
            await page.click(f"[data-ruleset='{rs}']")
            await page.wait_for_selector(f"[data-ruleset='{rs}'].on")
            await page.wait_for_selector("[data-winner]")
            await page.click("[data-winner] >> nth=1")
            await page.wait_for_timeout(400)
            words = [x for x in await seen(page) if x not in KNOWN.get(rs, ())]
            if words:
                found[rs] = words
        assert found == {}, (lang, found)
        assert not page.errors, page.errors


def test_every_key_the_page_asks_for_is_in_every_catalog() -> None:
    """``Tally.t(key)`` shows nothing for a key no catalog has (never the key: an id is no
    word), so every key the scripts and index.html ask for is in all four catalogs, and the
    catalogs have the same keys, each a non-empty text."""
    import json
    from pathlib import Path

    static = Path(__file__).parents[2] / "bot/web/static"
    cats = {
        lang: json.loads((static / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in ("en", "zh_Hans", "zh_Hant", "ja")
    }
    for lang, cat in cats.items():
        assert set(cat) == set(cats["en"]), (lang, set(cat) ^ set(cats["en"]))
        assert all(isinstance(v, str) and v.strip() for v in cat.values()), lang
    source = "\n".join(p.read_text("utf-8") for p in sorted(static.glob("*.js")))
    asked = set(re.findall(r"\bt\(\"([a-z_]+)\"(?! \+)", source))
    asked |= set(re.findall(r'data-i18n="([a-z_]+)"', (static / "index.html").read_text("utf-8")))
    asked |= set(
        re.findall(r'"([a-z_]+)"', source.split("const REFUSED = ", 1)[1].split("}", 1)[0])
    )
    # keys built from parts: t("wind_" + …), t("from_" + …)
    asked |= {f"wind_{w}" for w in "ESWN"} | {f"from_{c}" for c in ("left", "across", "right")}
    assert len(asked) > 40, sorted(asked)
    assert asked <= set(cats["en"]), sorted(asked - set(cats["en"]))
