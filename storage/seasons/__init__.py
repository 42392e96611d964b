"""Seasons, table fees and loss caps, guest merges and each player's history (issue 18).

The :class:`storage.service.Ledger` facade delegates here (``Ledger.set_fee``,
``Ledger.season_board``, ``Ledger.player_history`` …); these functions take the ledger and
use its transactions. Nothing here changes the per-hand ledger: fees and caps are applied to
a night's nets when it is settled (:func:`night_money`), so /undo and /edit keep working.

* ``views`` — the frozen views (:class:`SeasonBoard`, :class:`PlayerHistory` …);
* ``fees`` — **fee and cap**: the table's settings, a night settled with them, and the money
  of staked nights as settled;
* ``players`` — **guests** by name, guests merged into a Telegram account, @usernames;
* ``boards`` — **seasons** of a chat and the season board;
* ``history`` — one player's history (/me);
* ``_sql`` — the chat and season tables' Core handles, a chat's row id.

Every name callers use is importable from :mod:`storage.seasons` itself.
"""

from __future__ import annotations

from storage.seasons.boards import (
    is_table_creator,
    new_season,
    season_board,
    seasons,
)
from storage.seasons.fees import (
    copy_to_night,
    fee_settings,
    night_money,
    set_cap,
    set_fee,
    settle_night,
)
from storage.seasons.history import player_history
from storage.seasons.players import merge_guest, player_by_username
from storage.seasons.views import (
    ME_NIGHTS,
    POT_ID,
    TREND_NIGHTS,
    FeeSettings,
    MeChat,
    MeNight,
    NightSettle,
    PlayerHistory,
    SeasonBoard,
    SeasonInfo,
    SeasonLine,
)

__all__ = [
    "ME_NIGHTS",
    "POT_ID",
    "TREND_NIGHTS",
    "FeeSettings",
    "MeChat",
    "MeNight",
    "NightSettle",
    "PlayerHistory",
    "SeasonBoard",
    "SeasonInfo",
    "SeasonLine",
    "copy_to_night",
    "fee_settings",
    "is_table_creator",
    "merge_guest",
    "new_season",
    "night_money",
    "player_by_username",
    "player_history",
    "season_board",
    "seasons",
    "set_cap",
    "set_fee",
    "settle_night",
]
