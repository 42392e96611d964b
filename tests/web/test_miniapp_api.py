"""The Mini App's API over real HTTP against the real bot: every refusal of issue 17 point 5
(missing, forged, tampered, expired or another bot's initData → 401 and nothing written; a
forged table token; reads by strangers; writes by members who are not seated; big bodies), no
secret in the logs, a double Confirm from two phones, a restart mid-composition, the one-entry
rule both ways, a hand recorded from the chat meanwhile, and no Open button without WEBAPP_URL."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import time
import urllib.parse

import pytest

from bot.web.auth import AuthError, check_init_data, table_of_token, table_token
from tests.bot.conftest import Scene
from tests.bot.helpers import open_table, result_messages, seat_and_start, wizard
from tests.web.conftest import World, init_data, make_world

XINGGUO_WIN = {  # rules/xingguo.md worked example: no-wild big seven pairs, Bob +45
    "result": "win",
    "wins": [{"winner": None, "from": None, "shape": "big_seven_pairs", "flags": ["no_wild"]}],
    "counts": {},
    "events": [],
}


def form_for(w: World, winner: str = "Bob", discarder: str = "Carol") -> dict:
    assert w.bot.ledger is not None
    seats = {s.name: str(s.player_id) for s in w.bot.ledger.get_table(w.table_id).seats}
    f = json.loads(json.dumps(XINGGUO_WIN))
    f["wins"][0]["winner"], f["wins"][0]["from"] = seats[winner], seats[discarder]
    return f


def spec_sign(fields: dict[str, str], token: str) -> str:
    """Telegram's algorithm written out again here (not bot.web.auth's code)."""
    dcs = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return urllib.parse.urlencode(
        {**fields, "hash": hmac.new(secret, dcs.encode(), hashlib.sha256).hexdigest()}
    )


def hands(w: World) -> int:
    assert w.bot.ledger is not None
    return w.bot.ledger.get_table(w.table_id).hand_count


# ---------------------------------------------------------------------------------------
# initData and tokens, as functions
# ---------------------------------------------------------------------------------------
def test_init_data_per_spec() -> None:
    token = "123456:ABC-spec"
    now = int(time.time())
    user = json.dumps({"id": 42, "first_name": "Ann", "language_code": "zh-hans"})
    raw = spec_sign({"auth_date": str(now), "user": user, "start_param": "x_y"}, token)
    u = check_init_data(raw, token)
    assert (u.id, u.name, u.start_param, u.language_code) == (42, "Ann", "x_y", "zh-hans")
    for bad in (
        "",  # missing
        raw.replace("hash=", "hash=0"),  # forged (not 64 hex digits)
        raw.replace("%22id%22%3A+42", "%22id%22%3A+43"),  # tampered user id
        spec_sign({"auth_date": str(now), "user": user}, "654321:other-bot"),  # another bot's
        spec_sign({"auth_date": str(now - 86400 - 10), "user": user}, token),  # expired
        spec_sign({"auth_date": str(now + 3600), "user": user}, token),  # from the future
        spec_sign({"auth_date": str(now)}, token),  # no user
        raw + "&auth_date=1",  # a repeated field
    ):
        with pytest.raises(AuthError):
            check_init_data(bad, token)
    assert check_init_data(
        spec_sign({"auth_date": str(now - 7200), "user": user}, token), token, max_age=7201
    )


def test_table_tokens() -> None:
    bot_token = "123456:ABC"
    tok = table_token(17, bot_token)
    assert table_of_token(tok, bot_token) == 17
    assert len(tok) <= 64 and all(c.isalnum() or c in "_-" for c in tok)
    assert table_of_token(table_token(17, "999:other"), bot_token) is None
    mac = tok.split("_", 1)[1]
    assert table_of_token("i_" + mac, bot_token) is None  # the MAC of 17 on table 18
    assert table_of_token(tok[:-1] + ("A" if tok[-1] != "A" else "B"), bot_token) is None
    assert table_of_token("17", bot_token) is None and table_of_token(None, bot_token) is None


# ---------------------------------------------------------------------------------------
# over HTTP
# ---------------------------------------------------------------------------------------
async def test_every_refusal_writes_nothing(tg, web_bot, web_port, caplog):
    caplog.set_level(logging.DEBUG)
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    st, entry = await w.api("compose", user=bob)
    assert st == 200
    form = form_for(w)
    body = {"entry": entry["entry"], "form": form}
    good = init_data(tg.token, bob, start_param=w.token)
    fields = dict(urllib.parse.parse_qsl(good))
    old = int(time.time()) - 2 * 86400
    bad_inits = {
        "missing": "",
        "forged": good[: good.index("hash=") + 5] + "0" * 64,
        "tampered": good.replace(f"%22id%22%3A{bob.id}", "%22id%22%3A11"),
        "expired": init_data(tg.token, bob, start_param=w.token, auth_date=old),
        "another_bot": spec_sign({k: v for k, v in fields.items() if k != "hash"}, "1:x"),
    }
    assert bad_inits["tampered"] != good
    for name, init in bad_inits.items():
        for path in ("confirm", "board", "version", "compose", "cancel", "no_such_thing"):
            st, out = await w.api(path, body, init=init)
            assert st == 401, (name, path, st, out)
            assert out == {"error": "unauthorized"}
    assert hands(w) == 0
    assert w.bot.ledger is not None
    assert w.bot.ledger.get_draft(entry["entry"]).status == "open"  # cancel refused too
    # a table token forged for another chat's table: another table exists in chat -1003
    other = await make_world(tg, web_bot, web_port, "Xingguo", chat_id=-1003)
    forged = table_token(other.table_id, "wrong") if other.table_id else ""
    head = other.token.split("_")[0]
    mac = w.token.split("_")[1]
    for tok in (forged, f"{head}_{mac}", "", "1", "x" * 70):
        st, out = await w.api("board", {"t": tok}, user=bob)
        assert st == 403, (tok, st, out)
    # Bob (seated in chat -1001 only) with the real token of the other table: not a member
    st, out = await w.api("board", {"t": other.token}, user=bob)
    assert st == 403 and out["error"] == "not_member"
    st, out = await w.api("confirm", {"t": other.token, **body}, user=bob)
    assert st == 403 and hands(other) == 0
    # a stranger (genuine initData, unknown to the chat): no read, no write
    eve = tg.user(99, "Eve")
    for path in ("board", "version", "preview", "compose", "confirm"):
        st, out = await w.api(path, body, user=eve)
        assert st == 403, (path, st, out)
    # a member the ledger knows who is not seated: reads, but no writes
    frank = tg.user(98, "Frank")
    await w.scene.say(frank, "/table")  # known to the bot now, but no ledger row in the chat
    st, _ = await w.api("board", user=frank)
    assert st == 403  # a chat message alone does not make a member of the table's chat
    assert w.bot.ledger is not None
    fp = w.bot.ledger.ensure_user(frank.id, "Frank")
    dp = next(x.player_id for x in w.bot.ledger.get_table(w.table_id).seats if x.name == "Dave")
    w.bot.ledger.substitute(w.table_id, dp, fp.id)  # Frank sat in for Dave a while
    w.bot.ledger.substitute(w.table_id, fp.id, dp)
    w.bot.app.bot_data["webapp_members"].clear()  # the refusal above is remembered 30 s
    st, out = await w.api("board", user=frank)
    assert st == 200 and not out["can_write"]
    for path in ("compose", "confirm", "cancel"):
        st, out = await w.api(path, body, user=frank)
        assert st == 403 and out["error"] == "not_seated", (path, out)
    # ... unless a chat admin (asked from Telegram): then the composer opens
    tg.admins.setdefault(w.scene.chat.id, set()).add(frank.id)
    st, out = await w.api("compose", user=frank)
    assert st == 200 and out["entry"] == entry["entry"]  # the open entry, shared
    # request sizes are bounded
    st, out = await w.api("preview", raw=b'{"t": "' + b"x" * 20000 + b'"}', user=bob)
    assert st == 413
    st, out = await w.api("preview", raw=b"not json", user=bob)
    assert st == 400
    assert hands(w) == 0 and hands(other) == 0
    # no bot token, table token, hash or initData in the logs at the production level (INFO;
    # PTB's own DEBUG log shows the Open button's link, which the chat shows anyway), and
    # nothing of them in the Mini App's own log at any level
    text = "\n".join(
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.INFO or r.name.startswith(("bot.web", "aiohttp"))
    )
    for secret in (tg.token, w.token, fields["hash"], good[:40], other.token):
        assert secret not in text


async def test_double_confirm_from_two_phones_records_once(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob, carol = w.users[1], w.users[2]
    st, e1 = await w.api("compose", user=bob)
    st2, e2 = await w.api("compose", user=carol)
    assert st == st2 == 200 and e1["entry"] == e2["entry"] and e2["joined"] == "Bob"
    body = {"entry": e1["entry"], "form": form_for(w)}
    mark = tg.mark()
    (s1, r1), (s2, r2) = await asyncio.gather(
        w.api("confirm", body, user=bob), w.api("confirm", body, user=carol)
    )
    assert s1 == s2 == 200 and r1["seq"] == r2["seq"] == 1
    assert sorted([r1["recorded"], r2["recorded"]]) == [False, True]
    await tg.next_message(w.scene.chat, mark, contains="Hand 1")
    s3, r3 = await w.api("confirm", body, user=bob)  # and again later
    assert s3 == 200 and not r3["recorded"]
    await asyncio.sleep(0.3)
    assert hands(w) == 1
    assert len(result_messages(w.scene, 1)) == 1  # shown once
    # drawn into the table message in place (issue 24 point 3: a new message could be posted
    # twice after a crash between Telegram's answer and the ledger remembering its id)
    s = w.scene
    keyboards = [m for (c, m) in tg.messages if c == s.chat.id and s.table_of(m) is not None]
    assert keyboards == [s.table_message_id()] == [w.table_msg.first]
    assert "+45" in w.scene.text(w.table_msg)


async def test_restart_mid_composition(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    st, e = await w.api("compose", user=bob)
    form = form_for(w)
    st, p = await w.api("preview", {"entry": e["entry"], "form": form}, user=bob)
    assert st == 200 and "settlement" in p
    await web_bot.restart()  # the bot and its web server stop and start again
    st, p = await w.api("preview", {"entry": e["entry"], "form": form}, user=bob)
    assert st == 200 and any(n["amount"] == 45 for n in p["settlement"]["net"])
    mark = tg.mark()
    st, r = await w.api("confirm", {"entry": e["entry"], "form": form}, user=bob)
    assert st == 200 and r["recorded"] and r["seq"] == 1
    await tg.next_message(w.scene.chat, mark, contains="Hand 1")
    assert hands(w) == 1


async def test_one_entry_rule_and_a_hand_from_the_chat_meanwhile(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    s, (alice, bob, carol, dave) = w.scene, w.users
    # a chat entry open → the composer is refused, naming who
    entry_msg = await s.tap_for_message(carol, w.table_msg, "Record hand")
    st, out = await w.api("compose", user=bob)
    assert st == 409 and out["error"] == "busy" and "Carol" in out["message"]
    await s.tap(carol, entry_msg, "Cancel")
    # the composer's entry open → /hand in the chat says so
    st, e = await w.api("compose", user=bob)
    assert st == 200
    reply = await s.say(alice, "/hand Bob ron Carol big seven pairs no wild")
    assert "Bob is already entering a hand" in reply["text"]
    # Record hand in the chat → no second entry: a note names who is in the Mini App, with
    # Start over here (issue 17 point 4: the chat wizard's one-entry rule)
    drafts_before = len(w.bot.ledger.open_drafts(s.chat.id))
    note = await s.tap_for_message(carol, w.table_msg, "Record hand")
    assert "Bob is entering this hand in the Mini App" in s.text(note)
    assert len(w.bot.ledger.open_drafts(s.chat.id)) == drafts_before
    st, _ = await w.api("preview", {"entry": e["entry"], "form": form_for(w)}, user=bob)
    assert st == 200  # the composer's entry goes on meanwhile (its version moves on)
    wiz = await s.tap_for_message(dave, note, "🔄 Start over")  # a seated player, here
    assert "Started over" in s.text(note)
    # the composer's entry is gone; the hand is entered and recorded from the chat
    st, out = await w.api("confirm", {"entry": e["entry"], "form": form_for(w)}, user=bob)
    assert st == 409 and out["error"] == "closed"
    await wizard(s, carol, wiz, "Carol ← Dave", "Small seven pairs")
    mark = tg.mark()
    await wizard(s, carol, wiz, "Confirm")
    await tg.next_message(s.chat, mark, contains="Hand 1")
    assert hands(w) == 1
    # opening the composer again starts a fresh entry for the next hand
    st, e2 = await w.api("compose", user=bob)
    assert st == 200 and e2["entry"] != e["entry"] and e2["hand_no"] == 2


async def test_no_open_button_without_webapp_url(tg, bot):
    chat = tg.group(-1009)
    users = [tg.user(90 + i, n) for i, n in enumerate(("Ann", "Ben", "Cat", "Dan"))]
    s = Scene(tg, chat)
    msg = await open_table(s, users[0], "Xingguo", stake="¥1")
    await seat_and_start(s, msg, users)
    assert not any(b.get("url") or b.get("web_app") for b in tg.buttons(chat, msg["message_id"]))
    assert "webapp_runner" not in bot.app.bot_data


async def test_private_chat_offers_web_app_buttons(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    pm = Scene(tg, tg.private(bob))
    mark = tg.mark()
    await tg.post(pm.chat, bob, "/calc")
    offer = await tg.next_message(pm.chat, mark, contains="one screen")
    (button,) = tg.buttons(pm.chat, offer["message_id"])
    assert button["web_app"]["url"] == "https://tally.example.org/app/?calc=1"
    msg = await pm.say(bob, "/table", expect="Your tables")
    (button,) = tg.buttons(pm.chat, msg["message_id"])
    url = urllib.parse.urlsplit(button["web_app"]["url"])
    assert url.path == "/app/"
    tok = urllib.parse.parse_qs(url.query)["t"][0]
    assert tok == w.token  # the same verifiable table token as the group's link
    st, out = await w.api("board", {"t": tok}, user=bob)
    assert st == 200 and [s["name"] for s in out["seats"]] == ["Alice", "Bob", "Carol", "Dave"]
    eve = tg.user(97, "Eve")
    msg = await Scene(tg, tg.private(eve)).say(eve, "/table", expect="not seated")
    assert not tg.buttons(tg.private(eve), msg["message_id"])


async def test_calculator_previews_any_ruleset_and_records_nothing(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    st, d = await w.api("calc", {}, user=bob)
    assert st == 200 and d["calc"] and d["ruleset"]["id"] == "xingguo"
    assert {"xingguo", "guobiao"} <= {r["id"] for r in d["rulesets"]}
    form = json.loads(json.dumps(XINGGUO_WIN))
    form["wins"][0]["winner"], form["wins"][0]["from"] = "S", "W"  # South wins on West's discard
    st, p = await w.api("calc_preview", {"ruleset": "xingguo", "form": form}, user=bob)
    assert st == 200
    assert {n["name"]: n["amount"] for n in p["settlement"]["net"]} == {
        "East": -16, "South": 45, "West": -21, "North": -8
    }  # fmt: skip
    st, _ = await w.api("calc_preview", {"ruleset": "nope", "form": form}, user=bob)
    assert st == 400
    st, _ = await w.api("calc", {}, init="")
    assert st == 401
    assert hands(w) == 0


async def test_an_expired_entry_is_refused_and_a_new_one_records(tg, web_bot, web_port):
    from datetime import UTC, datetime, timedelta

    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    st, e = await w.api("compose", user=bob)
    assert w.bot.ledger is not None
    later = datetime.now(UTC) + timedelta(hours=1)  # the composer's entries live 30 minutes
    assert w.bot.ledger.expire_drafts(later) >= 1
    body = {"entry": e["entry"], "form": form_for(w)}
    st, out = await w.api("confirm", body, user=bob)
    assert st == 409 and out["error"] == "expired" and hands(w) == 0
    st, e2 = await w.api("compose", user=bob)
    assert st == 200 and e2["entry"] != e["entry"] and e2["hand_no"] == e["hand_no"]
    st, out = await w.api("confirm", {**body, "entry": e2["entry"]}, user=bob)
    assert st == 200 and out["recorded"] and hands(w) == 1


def test_settings_the_mini_app_needs() -> None:
    from bot.config import Settings
    from bot.web.config import config_of, configure

    base = {"TELEGRAM_BOT_TOKEN": "1:x"}
    data: dict = {}
    configure(data, Settings(**base))
    assert config_of(data) is None  # no WEBAPP_URL: no Mini App
    with pytest.raises(SystemExit):
        configure(data, Settings(**base, WEBAPP_URL="http://insecure.example"))
    with pytest.raises(SystemExit):  # beside the webhook, not on its port
        configure(
            data,
            Settings(**base, WEBAPP_URL="https://a.example", BOT_MODE="webhook",
                     WEBHOOK_PORT=8443, WEBAPP_PORT=8443),
        )  # fmt: skip
    configure(data, Settings(**base, WEBAPP_URL="https://a.example/", WEBAPP_PORT=9000))
    cfg = config_of(data)
    assert cfg is not None and cfg.app_url == "https://a.example/app/" and cfg.port == 9000


def test_page_catalogs_cover_every_string() -> None:
    """Every t("key") of the page's scripts is in the English catalog, and the three
    catalogs (en, zh_Hans, zh_Hant) have the same keys, none empty."""
    import re
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "bot" / "web" / "static"
    cats = {
        lang: json.loads((static / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in ("en", "zh_Hans", "zh_Hant")
    }
    used = set()
    for js in static.glob("*.js"):
        # t("from_" + side) is a prefix, not a key
        used |= set(re.findall(r'\bt\("([a-z_A-Z]*[a-zA-Z])"', js.read_text("utf-8")))
    assert used and used <= set(cats["en"]), used - set(cats["en"])
    for lang, cat in cats.items():
        assert set(cat) == set(cats["en"]), lang
        assert all(v.strip() for v in cat.values()), lang
    assert cats["zh_Hant"]["board"] != cats["zh_Hans"]["board"]  # 記 / 记


async def test_guobiao_two_winners_on_one_discard(tg, web_bot, web_port):
    w = await make_world(tg, web_bot, web_port, "Guobiao", chat_id=-1004)
    assert w.bot.ledger is not None
    await asyncio.to_thread(w.bot.ledger.set_chat_lang, w.scene.chat.id, "zh_Hant")
    web_bot.app.bot_data.get("chat_lang", {}).clear()
    seats = {s.name: str(s.player_id) for s in w.bot.ledger.get_table(w.table_id).seats}
    bob = w.users[1]
    st, d = await w.api("compose", user=bob)
    assert st == 200 and d["multi_win"] == "same_discard" and d["lang"] == "zh_Hant"
    assert "tiles" in d["win_inputs"] and [c["id"] for c in d["counts"]] == ["flowers"]
    form = {
        "result": "win",
        "wins": [
            {"winner": seats["Bob"], "from": seats["Carol"], "fan": 8},
            {"winner": seats["Dave"], "from": seats["Carol"], "fan": 10},
        ],
        "counts": {},
        "events": [],
    }
    st, p = await w.api("preview", {"entry": d["entry"], "form": form}, user=bob)
    nets = {n["name"]: n["amount"] for n in p["settlement"]["net"]}
    # Guobiao: each winner gets base 8 from all three and the fan from the discarder
    assert nets == {"Alice": -16, "Bob": 16 + 8, "Carol": -16 - 8 - 10, "Dave": 16 + 10}
    st, r = await w.api("confirm", {"entry": d["entry"], "form": form}, user=bob)
    assert st == 200 and r["recorded"]
    st, b = await w.api("board", user=w.users[3])
    assert b["lang"] == "zh_Hant" and b["hands"][0]["seq"] == 1
    assert {s["name"]: s["total"] for s in b["seats"]}["Dave"] == 26


async def test_a_sichuan_kong_brings_its_gen_as_in_the_chat(tg, web_bot, web_port):
    """A kong is a 根 of its maker (scoring/rulesets/sichuan.py "each is a 根, so 根 ≥ n"): the
    chat's ➕ kong raises the count (bot.entry.allowed.count_forced), /hand fills it in, and the
    Mini App's preview says so too — ``forced_counts`` the form takes — instead of refusing
    the hand (issue 23: the doors accept the same hands)."""
    w = await make_world(tg, web_bot, web_port, "Xingguo")
    bob = w.users[1]
    form = {
        "result": "draw",
        "wins": [{"winner": "S", "from": None, "robbed_kong": False, "shape": "ping_hu",
                  "flags": []}],
        "counts": {},
        "events": [{"type": "an_gang", "player": "S", "from": None}],
    }  # fmt: skip
    st, p = await w.api("calc_preview", {"ruleset": "sichuan", "form": form}, user=bob)
    assert st == 200, p
    assert p["forced_counts"] == {"gen": {"S": 1}} and "problem" not in p, p
    assert "settlement" in p and p["settlement"]["net"]
    form["counts"] = p["forced_counts"]  # what the page sends next: the same hand, no change
    st, again = await w.api("calc_preview", {"ruleset": "sichuan", "form": form}, user=bob)
    assert st == 200 and "forced_counts" not in again
    assert again["settlement"]["net"] == p["settlement"]["net"]
