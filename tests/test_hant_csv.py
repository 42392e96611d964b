"""/export's CSV for people: in Chinese its column names and the status, line, result and
reason ids become words (Traditional in zh_Hant); English keeps the documented export format
(``Ledger.export_csv``) byte for byte."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import scoring
from bot.i18n import CSV_COLUMNS, Translator, localize_csv
from scoring.hant import simplified_only
from storage.service import Ledger
from tests.storage.conftest import make_game
from tests.storage.helpers import random_hands

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


@pytest.fixture
def exported(tmp_path: Path) -> Iterator[str]:
    led = Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite3'}")
    led.upgrade()
    try:
        g = make_game(led)
        views = [
            led.record_hand(g.table.id, r, recorded_by=g.pids[0], idempotency_key=f"h{i}")
            for i, r in enumerate(random_hands(g.ids, 6, seed=15))
        ]
        led.void_hand(views[1].id, by_player_id=g.pids[0], reason="miscount")
        yield led.export_csv(g.table.id)
    finally:
        led.dispose()


def test_english_is_the_export_as_written(exported: str) -> None:
    assert localize_csv(exported, scoring.get("xingguo"), Translator("en")) == exported


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant"])
def test_chinese_headers_and_words(exported: str, lang: str) -> None:
    raw = list(csv.reader(io.StringIO(exported)))
    out = localize_csv(exported, scoring.get("xingguo"), Translator(lang))
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) == len(raw) and all(len(a) == len(b) for a, b in zip(rows, raw, strict=True))
    head = rows[0]
    assert head == [Translator(lang).chinese(CSV_COLUMNS[h]) for h in raw[0]]
    col = {h: i for i, h in enumerate(raw[0])}
    for a, b in zip(rows[1:], raw[1:], strict=True):
        for key in ("status", "line", "result", "reason"):
            if b[col[key]]:
                assert not SNAKE.search(a[col[key]]) and a[col[key]] != b[col[key]], (key, a)
        # numbers, ids and names are untouched
        for key in ("seq", "player_id", "from_id", "to_id", "amount", "player", "from", "to"):
            assert a[col[key]] == b[col[key]]
    if lang == "zh_Hant":
        assert simplified_only(out) == []
        assert "狀態" in head and "作廢原因" in head
    assert any(r[col["status"]] == Translator(lang).pick("已作废", "voided") for r in rows[1:])
