"""The dealer's streak (連莊 / 拉莊, 连庄, 节节高) from the ledger: prefilled on a new hand and
shown on the table message, for every ruleset with a count declared ``prefill="dealer_streak"``
(Taiwan's and Xiaoshan's ``lian_zhuang``, Guangdong's ``dealer_streak`` under 节节高).

N = the hands in a row the current dealer has already kept this night (a dealer win or a draw,
by the ruleset's dealer rule as the ledger recorded it): :func:`scoring.rulesets.taiwan.
dealer_streak` over the (dealer before, dealer after) pairs of the night's confirmed hands.
Voided hands do not count; a new night starts at 0. The prefilled count stays editable on the
preview (➖/➕), like any count.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import scoring
from bot import riichi_entry
from bot.context import Ctx, db, ledger
from bot.i18n import Translator
from bot.tg import esc
from scoring.declarations import CountDecl, is_enabled
from scoring.ruleset import Ruleset
from scoring.rulesets.taiwan import dealer_streak
from storage.views import HandView, TableView

PREFILL = "dealer_streak"
#: hands read from the ledger per page while the streak goes on (a night's streak is short)
PAGE = 20


def streak_counts(rs: Ruleset, options: dict[str, Any]) -> list[CountDecl]:
    """The counts of ``rs`` played under ``options`` that the dealer's streak fills in."""
    opts = rs.resolve_options(options)
    return [c for c in rs.counts if c.prefill == PREFILL and is_enabled(c.enabled_by, opts)]


def uses_streak(table: TableView) -> bool:
    return bool(streak_counts(scoring.get(table.ruleset), dict(table.options)))


def streak_of(hands: Iterable[HandView], *, night: int, dealer: int | None) -> int:
    """N for the next hand from the table's confirmed hands, **newest first** (as
    ``Ledger.history`` lists them): the run of hands of this night that kept the deal, ending
    at the current dealer. Reads only as far as the run goes."""
    if dealer is None:
        return 0
    run: list[tuple[int, int]] = []
    for h in hands:
        if h.status != "confirmed":
            continue
        if h.night != night:
            break
        run.append((h.dealer_before, h.dealer_after))
        if h.dealer_before != h.dealer_after:
            break
    run.reverse()
    if run and run[-1][1] != dealer:  # the deal was moved by hand since: no streak
        return 0
    return dealer_streak((str(a), str(b)) for a, b in run)


async def table_streak(context: Ctx, table: TableView) -> int:
    """The current dealer's streak this night, from the ledger (0 where no count uses it)."""
    if table.dealer_id is None or table.status != "playing" or not uses_streak(table):
        return 0
    L = ledger(context)
    hands: list[HandView] = []
    page = 0
    while True:
        got = await db(L.history, table.id, page=page, page_size=PAGE, include_voided=False)
        hands.extend(got.items)
        last = got.items[-1] if got.items else None
        if (
            last is None
            or len(got.items) < PAGE
            or last.night != table.night
            or last.dealer_before != last.dealer_after
        ):
            break
        page += 1
    return streak_of(hands, night=table.night, dealer=table.dealer_id)


def prefill(data: dict[str, Any], n: int) -> None:
    """Put streak ``n`` on the draft's dealer in every streak count (within the count's
    bounds), unless the draft already has a value there (a hand said in one line)."""
    if n <= 0:
        return
    rs = scoring.get(data["ruleset"])
    dealer = data["dealer"]
    for c in streak_counts(rs, data.get("options") or {}):
        per = data["counts"].setdefault(c.id, {})
        if not per.get(dealer):
            per[dealer] = max(c.min, min(n, c.max))


async def prefill_streak(context: Ctx, table: TableView, data: dict[str, Any]) -> None:
    """A new hand's draft starts with the dealer's streak filled in (bot/handlers/table.py
    ``start_hand``, the one-line /hand)."""
    if uses_streak(table):
        prefill(data, await table_streak(context, table))
    await riichi_entry.prefill(context, table, data)  # riichi: dealer, honba, sticks (#27)


def streak_label(table: TableView, n: int, tr: Translator) -> str:
    """What follows the dealer on the table message, e.g. `` · 連莊 2 / 拉莊 2`` (empty at 0
    or where no count uses the streak): the ruleset's own words (``streak_zh`` …) if any."""
    if n <= 0:
        return ""
    rs = scoring.get(table.ruleset)
    if not uses_streak(table):
        return ""
    own = tr.attr(rs, "streak")
    text = own.format(n=n) if own else tr.gettext("dealer streak {n}").format(n=n)
    return " · " + esc(text)
