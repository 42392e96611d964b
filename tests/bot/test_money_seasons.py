"""Money has one currency per table, and /season and /me never add unlike things (issue 25,
points 1 and 2: "`/season` and `/me` total money per currency and points per unit (and per
ruleset where units differ), each labelled; a mixed season shows them side by side"; "today
… add Nanchang 子 and Hong Kong 份 into one '+423分' and one ¥ total").

A real SQLite ledger: one chat plays a Xingguo night at ¥0.50 a 子 and a Hong Kong night at
五一 (HK$0.50 a 份, the preset is the stake); the texts are checked in en, zh_Hans, zh_Hant.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from bot import season_texts, setup
from bot.i18n import translator
from scoring.record import HandRecord
from scoring.testing import NAMES, random_record
from storage.service import Ledger

CHAT = -100_2501
LANGS = ("en", "zh_Hans", "zh_Hant")


def hands(rs_id: str, ids: list[str], count: int, seed: int) -> list[HandRecord]:
    """``count`` random valid four-player hands of ``rs_id`` among ``ids``."""
    rs, rng, out = scoring.get(rs_id), random.Random(seed), []
    while len(out) < count:
        rec = random_record(rs, rng)
        if len(rec.players) != 4:
            continue
        text = json.dumps(rec.to_json())
        for i, name in enumerate(rec.players):
            assert name in NAMES
            text = text.replace(f'"{name}"', f'"{ids[i]}"')
        data = json.loads(text)
        data["options"] = {}
        try:
            hand = HandRecord.from_json(data)
            if any(abs(v) > 10**6 for v in scoring.settle(hand).net.values()):
                continue
        except scoring.RecordError:
            continue
        out.append(hand)
    return out


def open_like_newtable(led: Ledger, creator: int, rs_id: str, preset: str | None) -> int:
    """/newtable's choices as bot.setup makes them: the ruleset, its preset, the first stake
    its screen offers after "No money" (the preset's own stake for Hong Kong)."""
    step, data = setup.new_setup("table")
    step = setup.apply(step, data, "rs", str(data["choices"].index(rs_id)))
    while step != "stake":
        if step == "preset":
            rs = scoring.get(rs_id)
            step = setup.apply(step, data, "ps", str([p.id for p in rs.presets].index(preset)))
        else:
            step = setup.apply(step, data, "n", "")
    assert setup.apply(step, data, "sk", "1") == "open"
    t = led.open_table(
        CHAT,
        creator_id=creator,
        ruleset=rs_id,
        options=setup.table_options(data),
        stake_minor=data.get("stake") or None,
        currency=setup.currency_of(data),
    )
    return t.id


@pytest.fixture
def season(tmp_path: Path) -> Iterator[tuple[Ledger, list[int]]]:
    led = Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite3'}")
    led.upgrade()
    try:
        led.ensure_chat(CHAT, title="Friday club")
        players = [led.ensure_user(2501 + i, n) for i, n in enumerate(["Ann", "Ben", "Cat", "Dan"])]
        pids = [p.id for p in players]
        ids = [str(p) for p in pids]
        for k, (rs_id, preset) in enumerate((("xingguo", "xingguo"), ("hongkong", "wu_yi"))):
            tid = open_like_newtable(led, pids[0], rs_id, preset)
            for p in pids:
                led.join(tid, p)
            led.start(tid, dealer_id=pids[0])
            for i, rec in enumerate(hands(rs_id, ids, 4, seed=k)):
                led.record_hand(tid, rec, recorded_by=pids[0], idempotency_key=f"{k}-{i}")
            led.close_table(tid, by_player_id=pids[0])
        yield led, pids
    finally:
        led.dispose()


def test_newtable_gives_each_ruleset_its_currency() -> None:
    """Hong Kong HK$, Taiwan NT$, Singapore S$, the mainland ¥; Hong Kong's 五一 is its stake."""
    for rs_id, cur in (
        ("hongkong", "HKD"),
        ("taiwan", "TWD"),
        ("singapore", "SGD"),
        ("xingguo", "CNY"),
    ):
        assert setup.customary(rs_id) == cur
    step, data = setup.new_setup("table")
    step = setup.apply(step, data, "rs", str(data["choices"].index("hongkong")))
    step = setup.apply(step, data, "ps", "1")  # 五一
    while step != "stake":
        step = setup.apply(step, data, "n", "")
    for lang in LANGS:
        labels = [b.label for row in setup.render(step, data, translator(lang)).rows for b in row]
        assert not any("¥" in x and "✅" not in x for x in labels[:2]), labels  # no ¥ stake
        assert "HK$0.50" in labels[1], labels  # the preset is the stake: one button
    step = setup.apply(step, data, "cu", str(setup.CURRENCIES.index("EUR")))  # € instead
    labels = [b.label for row in setup.render(step, data, translator("en")).rows for b in row]
    assert "€0.50 per unit" in labels and "✅ €" in labels
    assert setup.apply(step, data, "sk", "1") == "open"
    assert (data["stake"], setup.currency_of(data)) == (50, "EUR")


def test_hong_kong_table_is_in_hk_dollars(season: tuple[Ledger, list[int]]) -> None:
    led, _pids = season
    hk = next(t for t in (led.get_table(i) for i in (1, 2)) if t.ruleset == "hongkong")
    assert (hk.stake_minor, hk.currency) == (50, "HKD")  # 五一: HK$0.50 a 份
    sv = led.night_transfers(hk.id)
    assert sv.currency == "HKD" and all(t.money_minor is not None for t in sv.transfers)


@pytest.mark.parametrize("lang", LANGS)
def test_season_and_me_side_by_side(season: tuple[Ledger, list[int]], lang: str) -> None:
    led, pids = season
    tr = translator(lang)
    board = led.season_board(CHAT)
    text = season_texts.season_text(board, tr)
    me = season_texts.me_text(led.player_history(pids[0], tg_chat_id=CHAT), tr, private=False)
    for shown in (text, me):
        assert "¥" in shown and "HK$" in shown, shown
        assert " + " not in shown  # money in two currencies is never added
        # points in each ruleset's own unit, each labelled with its ruleset
        xg, hk = scoring.get("xingguo"), scoring.get("hongkong")
        assert tr.name(xg) in shown and tr.name(hk) in shown, shown
    for ln in board.lines:
        assert set(ln.points_by) == {"xingguo", "hongkong"}
        assert sum(ln.points_by.values()) == ln.points
        assert set(ln.money) == {"CNY", "HKD"}
        # the line shows each ruleset's points on its own, never their sum
        hk_pts = ln.points_by["hongkong"]
        unit = tr.attr(scoring.get("hongkong"), "unit")
        assert re.search(re.escape(f"{hk_pts:+d}") + " ?" + re.escape(unit), text), text


@pytest.mark.parametrize("lang", LANGS)
def test_a_hong_kong_hand_has_one_money_figure(season: tuple[Ledger, list[int]], lang: str) -> None:
    """Today: "以五一計（每份$0.50）：華仔 +$48.00" in the steps next to "+96 (+¥96)". Now the
    nets carry the money once, in HK$, and no step restates it."""
    from bot import present

    led, _pids = season
    tr = translator(lang)
    hk = next(t for t in (led.get_table(i) for i in (1, 2)) if t.ruleset == "hongkong")
    for h in led.history(hk.id).items:
        names = present.names_of(hk, h.names)
        card = present.hand_card(hk, h, names, present.shown(h, names), tr)
        steps = [tr.step(s) for s in card.explanation]
        assert not any("$" in s for s in steps), steps  # the stake step is the table's now
        moneys = [n.money_minor for n in card.nets]
        assert moneys == [n.points * 50 for n in card.nets]  # 五一: HK$0.50 a 份
        assert card.currency == "HKD"


@pytest.mark.parametrize("lang", LANGS)
def test_the_season_and_me_cards_show_them_side_by_side(
    season: tuple[Ledger, list[int]], lang: str
) -> None:
    """The images get the chat's totals: money per currency, points per ruleset."""
    from bot import present
    from bot.render.season import render_player_card, render_season_card

    led, pids = season
    tr = translator(lang)
    card = present.season_card(led.season_board(CHAT), "Friday club", tr)
    me = present.player_card(
        led.player_history(pids[0], tg_chat_id=CHAT), tr, scope="Friday club", private=False
    )
    for row in (*card.rows, me):
        assert "¥" in row.money_text and "HK$" in row.money_text and " · " in row.money_text
        assert tr.name(scoring.get("xingguo")) in row.points_text
        assert tr.name(scoring.get("hongkong")) in row.points_text
    assert render_season_card(card, lang)[:4] == b"\x89PNG"
    assert render_player_card(me, lang)[:4] == b"\x89PNG"


def test_no_running_total_adds_zi_and_units(season: tuple[Ledger, list[int]]) -> None:
    """A season of Xingguo 子 and Hong Kong 份 (each in its own currency): the charts would
    add them night by night, so they are left out; one ruleset keeps its chart."""
    from bot import present

    led, pids = season
    tr = translator("en")
    card = present.season_card(led.season_board(CHAT), "Friday club", tr)
    me = present.player_card(
        led.player_history(pids[0], tg_chat_id=CHAT), tr, scope="Friday club", private=False
    )
    assert card.trend == () and me.running == ()
    # nor a best or worst night: a night of 子 is not better than a night of 份
    assert me.best_night is None and me.worst_night is None
    text = season_texts.me_text(led.player_history(pids[0], tg_chat_id=CHAT), tr, private=False)
    assert "Best night" not in text and "Worst night" not in text
    assert led.season_board(CHAT).trend  # the ledger has them: the view leaves them out
