"""A riichi hand's entry starts with what the ledger carries (issue #27 points 2 and 3): the
dealer, the honba counters and the riichi sticks on the table (``counts.honba`` /
``counts.riichi_sticks`` on the dealer, spec riichi.md §1.1), so the preview shows the money
the hand will really settle to. The table never types them; the ledger fills them in again
when the hand is recorded (:func:`storage.ledger.games.fill`)."""

from __future__ import annotations

from typing import Any

from bot import riichi_view
from bot.context import Ctx
from storage.views import TableView

COUNTS = ("honba", "riichi_sticks")


async def prefill(context: Ctx, table: TableView, data: dict[str, Any]) -> None:
    """``data`` (a new hand's draft) with the game's dealer, honba and sticks, at a riichi
    table that is playing (a count the line said already is kept)."""
    if table.ruleset != riichi_view.RIICHI:
        return
    state = await riichi_view.table_state(context, table)
    if state is None:
        return
    fill(data, str(state.dealer_id), state.honba, state.sticks)


def fill(data: dict[str, Any], dealer: str, honba: int, sticks: int) -> None:
    """The draft's dealer and its dealer-keyed honba and sticks (zero counts left out)."""
    if dealer in data.get("players", []):
        data["dealer"] = dealer
    counts = data.setdefault("counts", {})
    for cid, v in zip(COUNTS, (honba, sticks), strict=True):
        if any((counts.get(cid) or {}).values()):
            continue  # said on the line
        if v:
            counts[cid] = {data["dealer"]: v}
        else:
            counts.pop(cid, None)
