"""The typed amounts of /fee and /cap (bot/season_texts.parse_amount): money in the table's
currency at a staked table (minor units, exact), whole points without a stake."""

from __future__ import annotations

import pytest

from bot.season_texts import parse_amount
from storage.views import TableView


def table(stake: int | None, currency: str | None) -> TableView:
    return TableView(
        1, -1, "xingguo", {}, stake, currency, None, "playing", 1, 1, None, 0, None, ()
    )


@pytest.mark.parametrize(
    ("text", "stake", "currency", "want"),
    [
        ("40", 100, "CNY", 4000),
        ("¥40", 100, "CNY", 4000),
        ("12.5", 50, "CNY", 1250),
        ("12.50", 50, "CNY", 1250),
        ("0.05", 1, "CNY", 5),
        ("40元", 100, "CNY", 4000),
        ("1.234", 100, "CNY", None),  # finer than a fen
        ("500", 100, "JPY", 500),
        ("5.5", 100, "JPY", None),  # yen have no minor unit
        ("40", None, None, 40),  # points without a stake
        ("4.5", None, None, None),
        ("lots", 100, "CNY", None),
        ("-5", 100, "CNY", None),
    ],
)
def test_parse_amount(text: str, stake: int | None, currency: str | None, want: int | None) -> None:
    assert parse_amount(text, table(stake, currency)) == want
