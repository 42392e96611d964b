"""The Mini App's fan checklist (``wins[].fans``, issue 17 point 4: "every field of a hand on
one screen, generated from the ruleset's declarations"): the composer lists the ruleset's fans
(its ``extra_json()["fans"]``, the chat wizard's list) wherever the win inputs take ``fans``,
the server says with every preview which fans can still go with the ticked ones (the scoring
core's ``Guobiao.fan_offerable``; elsewhere the fan list's ``not_with``) and the running total
(``checklist_points``), and a hand ticked in a real browser is recorded with those fans."""

from __future__ import annotations

import asyncio
from typing import Any

import scoring
from bot.entry.wizard import fan_list
from tests.web.browser import browser, phone
from tests.web.conftest import World, init_data, make_world
from tests.web.test_miniapp_browser import open_page, pid, wait_text

FANS_RULESETS = [rs for rs in scoring.all_rulesets() if "fans" in rs.win_inputs]


async def wait_total(page: Any, n: int) -> None:
    """The checklist's running total shows exactly ``n``."""
    await page.wait_for_function(
        "n => { const e = document.getElementById('fan-total-0'); return e && e.textContent === n; }",
        arg=str(n),
        timeout=5000,
    )


def seats(w: World) -> dict[str, str]:
    assert w.bot.ledger is not None
    return {s.name: str(s.player_id) for s in w.bot.ledger.get_table(w.table_id).seats}


def gb_form(
    w: World, fans: list[str], winner: str = "Bob", discarder: str = "Carol"
) -> dict[str, Any]:
    ids = seats(w)
    return {
        "result": "win",
        "wins": [{"winner": ids[winner], "from": ids[discarder], "fans": fans}],
        "counts": {},
        "events": [],
    }


async def test_compose_lists_the_fans_and_the_offer_shrinks(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Guobiao", chat_id=-1011)
    bob = w.users[1]
    st, d = await w.api("compose", user=bob)
    assert st == 200 and "fans" in d["win_inputs"]
    # the ruleset's fan list, in its order, named in the chat's language, with points
    gb = fan_list(scoring.get("guobiao"))
    assert [f["id"] for f in d["fans"]] == [f["id"] for f in gb]
    by_id = {f["id"]: f for f in d["fans"]}
    assert by_id["full_flush"]["name"] == "Full Flush" and by_id["full_flush"]["points"] == 24
    assert by_id["half_flush"]["points"] == 6 and by_id["pure_straight"]["points"] == 16
    assert by_id["full_flush"]["group"] == "24 fan"
    assert d["fan_words"]["checklist"] == "Fan checklist"

    async def offer(fans: list[str]) -> dict[str, Any]:
        st, p = await w.api("preview", {"entry": d["entry"], "form": gb_form(w, fans)}, user=bob)
        assert st == 200, p
        return p

    p = await offer([])
    assert {"full_flush", "half_flush", "pure_straight"} <= set(p["valid"][0]["fans"])
    assert p["valid"][0]["fan_total"] == 0
    # 清一色 ticked: 混一色 (a flush with honours) is no longer offered (seed 001's 不计 table:
    # 清一色 不计 无字 … and the two cannot be in one hand), 清一色 stays (to be unticked)
    p = await offer(["full_flush"])
    offered = set(p["valid"][0]["fans"])
    assert "half_flush" not in offered and "full_flush" in offered
    assert "pure_straight" in offered
    assert len(offered) < len(d["fans"])
    # a win on a discard: self-drawn-only fans are not offered (不求人, 自摸)
    assert "self_drawn" not in offered and "fully_concealed_hand" not in offered
    # 清一色 24 + 清龙 16 = 40; Guobiao pays base 8 from all and the fan from the discarder
    # (rules/guobiao.md §2.1): the running total is what the preview pays
    p = await offer(["full_flush", "pure_straight"])
    total = p["valid"][0]["fan_total"]
    assert total == 40
    pays = {(x["from"], x["to"]): x["amount"] for x in p["settlement"]["payments"]}
    assert pays == {("Carol", "Bob"): 8 + total, ("Alice", "Bob"): 8, ("Dave", "Bob"): 8}
    # a contradictory list sent anyway is refused by the scoring core, nothing recorded
    p = await offer(["full_flush", "half_flush"])
    assert "problem" in p and "settlement" not in p
    st, r = await w.api(
        "confirm", {"entry": d["entry"], "form": gb_form(w, ["full_flush", "half_flush"])}, user=bob
    )
    assert st == 422
    bad = gb_form(w, [])
    bad["wins"][0]["fans"] = "full_flush"  # not a list
    st, r = await w.api("preview", {"entry": d["entry"], "form": bad}, user=bob)
    assert st == 400
    st, r = await w.api(
        "confirm",
        {"entry": d["entry"], "form": gb_form(w, ["full_flush", "pure_straight"])},
        user=bob,
    )
    assert st == 200 and r["recorded"]
    assert w.bot.ledger is not None
    hand = w.bot.ledger.last_hand(w.table_id)
    assert hand is not None and hand.record.wins[0].fans == ("full_flush", "pure_straight")
    # in the chat's language (zh_Hant: the Guobiao list's names converted, as the wizard shows)
    await asyncio.to_thread(w.bot.ledger.set_chat_lang, w.scene.chat.id, "zh_Hant")
    web_bot.app.bot_data.get("chat_lang", {}).clear()
    st, d = await w.api("compose", user=bob)
    assert st == 200 and d["lang"] == "zh_Hant"
    by_id = {f["id"]: f for f in d["fans"]}
    assert (by_id["pure_straight"]["name"], by_id["pure_straight"]["group"]) == ("清龍", "16 番")
    assert d["fan_words"]["checklist"] == "逐項勾選番種"


async def test_every_checklist_ruleset_in_the_calculator(tg, web_bot, web_port):
    """The page is generic: every ruleset whose win inputs take ``fans`` gets its fan list,
    the offer follows ``not_with`` (both ways) or the ruleset's ``fan_offerable``, a fan with
    ``max_count`` > 1 is accepted that many times, and the total is the ruleset's."""
    w = await make_world(tg, web_bot, web_port, "Xingguo", chat_id=-1012)
    bob = w.users[1]
    assert {"guobiao", "hongkong", "taiwan", "singapore", "points"} <= {
        rs.id for rs in FANS_RULESETS
    }
    for rs in scoring.all_rulesets():
        st, d = await w.api("calc", {"ruleset": rs.id}, user=bob)
        assert st == 200
        listed = fan_list(rs) if "fans" in rs.win_inputs else []
        assert [f["id"] for f in d["fans"]] == [f["id"] for f in listed], rs.id
    for rs in FANS_RULESETS:
        fans = fan_list(rs)
        st, d = await w.api("calc", {"ruleset": rs.id}, user=bob)
        by_id = {f["id"]: f for f in d["fans"]}

        async def valid(chosen: list[str], rid: str = rs.id) -> dict[str, Any]:
            form = {"result": "win", "wins": [{"winner": "S", "from": "W", "fans": chosen}]}
            st, p = await w.api("calc_preview", {"ruleset": rid, "form": form}, user=bob)
            assert st == 200, (rid, p)
            return dict(p["valid"][0])

        every = await valid([])
        # a fan with a not_with: ticking it takes those fans off the offer (and back)
        pair = next(
            ((f["id"], x) for f in fans for x in f.get("not_with") or () if x in by_id), None
        )
        if pair is not None:
            a, b = pair
            assert b in every["fans"], (rs.id, b)
            after = await valid([a])
            assert b not in after["fans"] and a in after["fans"], (rs.id, a, b)
            assert len(after["fans"]) < len(every["fans"])
        # a fan that counts more than once: ticked max_count times, it stays offered and
        # the total counts every copy (what the checklist of the chat counts too)
        multi = [f for f in fans if int(f.get("max_count") or 1) > 1]
        for f in multi[:1]:
            n = int(f["max_count"])
            assert by_id[f["id"]]["max_count"] == n
            v = await valid([f["id"]] * n)
            assert f["id"] in v["fans"]
            if rs.id != "guobiao":
                assert v["fan_total"] == int(f["points"]) * n, rs.id
    repeated = {
        rs.id for rs in FANS_RULESETS if any(int(f.get("max_count") or 1) > 1 for f in fan_list(rs))
    }
    assert repeated >= {"hongkong", "singapore", "taiwan"}


async def test_guobiao_checklist_in_the_browser(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Guobiao", chat_id=-1013)
    bob = w.users[1]
    async with browser() as b:
        comp = await open_page(b, w, bob, "/app/compose")
        await comp.wait_for_selector("[data-winner]")
        await comp.click(f"[data-winner='{pid(w, 'Bob')}']")
        await comp.click(f"[data-from='{pid(w, 'Carol')}']")
        await comp.click("[data-input='fans']")
        await comp.wait_for_selector("#fans-0 [data-fan='full_flush']")
        # grouped by points, biggest first: the 88 group leads, 24 comes before 16 and 6
        labels = await comp.eval_on_selector_all(
            "#fans-0 .group > .label", "els => els.map(e => e.textContent)"
        )
        assert labels[0] == "88 fan" and labels.index("24 fan") < labels.index("16 fan")
        assert await comp.query_selector("#fans-0 [data-fan='half_flush']") is not None
        await comp.click("#fans-0 [data-fan='full_flush']")
        # 清一色 ticked: 混一色 disappears from the checklist (the server's offer)
        await comp.wait_for_selector("#fans-0 [data-fan='half_flush']", state="detached")
        await comp.click("#fans-0 [data-fan='pure_straight']")
        await wait_total(comp, 40)
        await wait_text(comp, "#preview", "Pure Straight 16")
        # the running total is what the preview pays: Carol base 8 + 40, the others 8
        total = int(await comp.inner_text("#fan-total-0"))
        steps = await comp.inner_text("#preview")
        assert f"Carol → Bob: {8 + total} points" in steps, steps
        assert "Alice → Bob: 8 points" in steps
        assert "Full Flush 24 · Pure Straight 16 = 40" in steps
        assert await comp.is_enabled("#confirm")
        mark = tg.mark()
        await comp.click("#confirm")
        line = await tg.next_message(w.scene.chat, mark, contains="Hand 1")
        assert "Bob" in line["text"] and "+64" in line["text"], line["text"]
        await wait_text(comp, "#status", "Hand 1 recorded")
        assert not comp.errors, comp.errors
    assert w.bot.ledger is not None
    hand = w.bot.ledger.last_hand(w.table_id)
    assert hand is not None and hand.seq == 1
    win = hand.record.wins[0]
    assert win.fans == ("full_flush", "pure_straight") and win.tiles is None
    assert win.discarder == pid(w, "Carol") and hand.idempotency_key.startswith("web:")
    await tg.wait_for(lambda: "+64" in w.scene.text(w.table_msg))
    assert "Bob" in w.scene.text(w.table_msg)
    # the hand's result is shown once: in the new table message the composer's Confirm posts
    shown = [t for t in tg.chat_texts(w.scene.chat) if any(
        ln.startswith("Hand 1:") for ln in t.splitlines()
    )]  # fmt: skip
    assert len(shown) == 1, shown
    await asyncio.sleep(0)


async def test_repeated_fans_in_the_calculator_page(tg, web_bot, web_port):
    """Singapore's checklist (rules/singapore.md §3): a dragon pung counts up to twice
    (``max_count`` 2): tapped again it shows ×2 and the total counts both; a third tap clears
    it. 平胡 (ping_hu, not_with the pungs) leaves the checklist while a dragon pung is ticked."""
    w = await make_world(tg, web_bot, web_port, "Xingguo", chat_id=-1014)
    bob = w.users[1]
    sg = {f["id"]: f for f in fan_list(scoring.get("singapore"))}
    assert sg["dragon_pung"]["max_count"] == 2 and "ping_hu" in sg["dragon_pung"]["not_with"]
    one = int(sg["dragon_pung"]["points"])
    async with browser() as b:
        page = await phone(b, w.base, init_data(tg.token, bob), {"user": {"id": bob.id}})
        await page.goto(f"{w.base}/app/?calc=1")
        await page.click("[data-ruleset='singapore']")
        await page.wait_for_selector("[data-winner='S']")
        await page.click("[data-winner='S']")
        await page.click("[data-from='W']")
        if await page.query_selector("[data-input='fans']"):
            await page.click("[data-input='fans']")
        fan = "#fans-0 [data-fan='dragon_pung']"
        await page.wait_for_selector(fan)
        assert await page.query_selector("#fans-0 [data-fan='ping_hu']") is not None
        assert await page.query_selector("#fans-0 .meta") is not None  # "tap again for ×2"
        await page.click(fan)
        await page.wait_for_selector("#fans-0 [data-fan='ping_hu']", state="detached")
        await wait_total(page, one)
        await page.click(fan)
        await wait_text(page, fan, "×2")
        await wait_total(page, 2 * one)
        assert await page.get_attribute(fan, "data-copies") == "2"
        await page.click(fan)  # a third tap: cleared
        await page.wait_for_selector(f"{fan}:not(.on)")
        await wait_total(page, 0)
        await page.wait_for_selector("#fans-0 [data-fan='ping_hu']")
        assert not page.errors, page.errors
