"""/export's CSV in a Japanese chat: Japanese column names (bot.i18n.CSV_COLUMNS_JA), the
status, line, result and reason ids as Japanese words (the ja names catalog), numbers, ids and
names untouched — as tests/test_hant_csv.py checks the Chinese file. Before, a ja chat got the
English export, with ids such as ``riichi_deposit`` as the reasons."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest

import scoring
from bot.i18n import CSV_COLUMNS_JA, Translator, localize_csv
from bot.render.samples import temporary_ledger
from tests.storage.conftest import make_game
from tests.storage.helpers import random_hands
from tests.storage.test_riichi_games import OPTIONS, Table, draw, ron
from tests.test_hant_csv import SNAKE
from tests.test_ja_bot import chinese_only

JA = Translator("ja")


def riichi_export() -> Iterator[str]:
    with temporary_ledger() as led:
        led.ensure_chat(-4129, title="Riichi club")
        people = [
            led.ensure_user(7300 + i, n) for i, n in enumerate(("田中", "佐藤", "鈴木", "高橋"))
        ]
        t = led.open_table(-4129, creator_id=people[0].id, ruleset="riichi", options=OPTIONS)
        for p in people:
            led.join(t.id, p.id)
        led.start(t.id, dealer_id=people[0].id)
        table = Table(led, t.id, [str(p.id) for p in people])
        table.record(ron(table, 1, 2, 3, riichi=(1, 3)))
        table.record(draw(table, (0, 2), riichi=(0,)))
        h = table.record(ron(table, 3, 0, 2, fu=40))
        led.void_hand(h.id, by_player_id=people[0].id, reason="miscount")
        yield led.export_csv(t.id)


def xingguo_export() -> Iterator[str]:
    with temporary_ledger() as led:
        g = make_game(led)
        for i, r in enumerate(random_hands(g.ids, 6, seed=15)):
            led.record_hand(g.table.id, r, recorded_by=g.pids[0], idempotency_key=f"h{i}")
        yield led.export_csv(g.table.id)


@pytest.mark.parametrize(("rs", "make"), [("riichi", riichi_export), ("xingguo", xingguo_export)])
def test_a_japanese_export(rs: str, make: object) -> None:
    exported = next(make())  # type: ignore[operator]
    raw = list(csv.reader(io.StringIO(exported)))
    out = localize_csv(exported, scoring.get(rs), JA)
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) == len(raw) and all(len(a) == len(b) for a, b in zip(rows, raw, strict=True))
    assert rows[0] == [CSV_COLUMNS_JA[h] for h in raw[0]]
    col = {h: i for i, h in enumerate(raw[0])}
    for a, b in zip(rows[1:], raw[1:], strict=True):
        for key in ("status", "line", "result", "reason"):
            if b[col[key]]:
                assert not SNAKE.search(a[col[key]]) and a[col[key]] != b[col[key]], (key, a)
        for key in ("seq", "player_id", "from_id", "to_id", "amount"):
            assert a[col[key]] == b[col[key]]
        for key in ("player", "from", "to"):  # names as typed; the pot by its name (供託)
            assert a[col[key]] == ("供託" if b[col[key]] == "pot" else b[col[key]])
    assert not chinese_only(out), chinese_only(out)
    if rs == "riichi":
        reasons = {r[col["reason"]] for r in rows[1:]} - {""}
        assert reasons == {"ロン", "本場", "立直棒を供託へ", "供託を和了者へ", "ノーテン罰符"}
        assert any(r[col["status"]] == "取消" for r in rows[1:])
