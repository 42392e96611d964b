"""One currency per table, end to end through the real PTB Application and the fake Bot API
server (issue 25, point 1: "A table's currency is chosen at /newtable with the ruleset's
customary default (Hong Kong HK$, Taiwan NT$, Singapore S$, mainland rulesets ¥; also $, €,
£, RM and 'no money, points only'), and its stake picker offers that currency's usual
stakes. Where a preset is itself a stake (Hong Kong 二五雞 / 五一 / 一二蚊), it is the
table's stake"; "today … Taiwan says 'Stake: ¥0.10 per dollars'").

The hands are written into the ledger directly (``bot.ledger``): what is under test is the
money the table message, /board and /settle show for them.
"""

from __future__ import annotations

import re

from scoring.record import HandRecord
from tests.bot.conftest import Scene
from tests.bot.helpers import seat_and_start
from tests.bot.nights import group_of_four, open_table, tap, tap_where


def draw(ids: list[str], rs: str) -> HandRecord:
    return HandRecord(ruleset=rs, players=tuple(ids), dealer=ids[0], result="draw")


async def to_stake_screen(s: Scene, user, rs_name: str, preset: str | None = None):  # type: ignore[no-untyped-def]
    setup = await open_table(s, user, rs_name, preset)
    if any("Next" in t for t in s.labels(setup)):
        await tap_where(s, user, setup, "Next")
    return setup


async def opened(s: Scene, user, setup, label: str, users):  # type: ignore[no-untyped-def]
    mark = s.tg.mark()
    await tap(s, user, setup, label)
    table = await s.tg.next_message(s.chat, mark)
    await seat_and_start(s, table, users)
    return table


async def test_hong_kong_preset_is_the_stake_in_hk_dollars(tg, bot):
    s, users = group_of_four(tg, -100_2511, 2511)
    alice = users[0]
    setup = await to_stake_screen(s, alice, "Hong Kong", "五一")
    labels = s.labels(setup)
    # one stake: the preset's own, in Hong Kong dollars; ¥ is only a currency to switch to
    assert "HK$0.50 per unit" in labels and "✅ HK$" in labels, labels
    assert not [x for x in labels if x.startswith("¥") and x != "¥"], labels
    table = await opened(s, alice, setup, "HK$0.50 per unit", users)
    assert "Stake: HK$0.50 per unit" in s.text(table), s.text(table)
    t = bot.ledger.current_table(s.chat.id)
    assert (t.stake_minor, t.currency) == (50, "HKD")
    ask = await s.say(alice, "/settle", expect="settle")
    assert "¥" not in s.text(ask)


async def test_another_currency_offers_its_stakes(tg, bot):
    s, users = group_of_four(tg, -100_2512, 2521)
    alice = users[0]
    setup = await to_stake_screen(s, alice, "Xingguo")
    assert "¥0.50" in s.labels(setup) and "✅ ¥" in s.labels(setup)
    await tap(s, alice, setup, "€")
    labels = s.labels(setup)
    assert "✅ €" in labels and "€0.50" in labels and "¥0.50" not in labels, labels
    table = await opened(s, alice, setup, "€0.50", users)
    # 子 is said "zi" in English, explained where the unit is introduced (issue 25.3)
    assert "Stake: €0.50 per zi (points)" in s.text(table), s.text(table)
    rules = await s.say(alice, "/rules xingguo", expect="Unit")
    assert "Unit: zi (points)" in s.text(rules)
    t = bot.ledger.current_table(s.chat.id)
    ids = [str(p) for p in t.player_ids]
    from tests.storage.helpers import contract_example

    bot.ledger.record_hand(
        t.id, contract_example(ids), recorded_by=t.creator_id, idempotency_key="m1"
    )
    ask = await s.say(alice, "/settle", expect="settle")
    await tap(s, alice, ask, "Settle")
    text = s.text(ask)
    pays = re.findall(r"^(\w+) pays (\w+) (\S+)$", text, flags=re.M)
    assert pays and all(a.startswith("€") for _, _, a in pays), text
    assert "¥" not in text


async def test_taiwan_counts_in_new_taiwan_dollars(tg, bot):
    s, users = group_of_four(tg, -100_2513, 2531)
    alice = users[0]
    setup = await to_stake_screen(s, alice, "Taiwan", "Northern")
    assert "Count in NT$" in s.labels(setup), s.labels(setup)
    table = await opened(s, alice, setup, "Count in NT$", users)
    text = s.text(table)
    assert "Money: NT$" in text and "per dollars" not in text and "¥" not in text, text
    t = bot.ledger.current_table(s.chat.id)
    assert (t.stake_minor, t.currency) == (100, "TWD")


async def test_no_money_is_points_only(tg, bot):
    s, users = group_of_four(tg, -100_2514, 2541)
    alice = users[0]
    setup = await to_stake_screen(s, alice, "Singapore", "Shooter pays")
    assert "S$1" in s.labels(setup)  # Singapore's customary currency
    table = await opened(s, alice, setup, "No money", users)
    assert "Stake" not in s.text(table)
    t = bot.ledger.current_table(s.chat.id)
    assert (t.stake_minor, t.currency) == (None, None)
