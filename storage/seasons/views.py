"""The frozen views of seasons, fees and caps and /me (returned by the ``Ledger`` facade)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

#: the pseudo-party of money paid into or out of nothing (storage.service: player id 0)
POT_ID = 0
#: the trend chart shows at most this many nights (the latest)
TREND_NIGHTS = 60
#: /me lists at most this many nights (the latest; totals count them all)
ME_NIGHTS = 400


@dataclass(frozen=True, slots=True)
class FeeSettings:
    fee_amount: int | None  # minor units with a stake, else points; None = no fee
    fee_split: str | None  # "aa" / "winners"
    fee_payee_id: int | None  # None = the house (paid to the table's creator)
    loss_cap: int | None
    creator_id: int = 0


@dataclass(frozen=True, slots=True)
class NightSettle:
    """A night's fee and cap as settled: what scoring.fees did, with player ids."""

    final: Mapping[int, int]  # the nets settled (basis: money with a stake, else points)
    capped: Mapping[int, int]  # capped player → amount waived
    cap_shares: Mapping[int, int]  # winner → part of the shortfall given up
    fee_shares: Mapping[int, int]  # player → share of the fee paid
    fee_payee_id: int | None
    fee_total: int
    fee_split: str | None
    loss_cap: int | None
    house: bool  # the payee is the house (the table's creator)


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    number: int
    name: str | None
    started_at: datetime | None
    closed_at: datetime | None

    @property
    def current(self) -> bool:
        return self.closed_at is None


@dataclass(frozen=True, slots=True)
class SeasonLine:
    player_id: int
    name: str
    points: int
    money: Mapping[str, int]  # currency → minor units (staked nights only)
    nights: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int  # largest single-hand gain (points), 0 if none
    #: points per ruleset (its own unit: 子, 份, 台 … are never added together)
    points_by: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    season: SeasonInfo
    seasons: int  # how many seasons the chat has had
    lines: tuple[SeasonLine, ...]  # best first (by money in the one currency, else points)
    nights: int  # nights played in the season
    hands: int
    currency: str | None  # the one currency of the staked nights, None if none or several
    trend_money: bool  # the trend is in money (minor units of ``currency``), else points
    trend: Mapping[int, tuple[int, ...]]  # player → running total after each night shown
    trend_nights: int  # nights in the trend (the latest TREND_NIGHTS)


@dataclass(frozen=True, slots=True)
class MeNight:
    tg_chat_id: int
    chat_title: str | None
    table_id: int
    table_name: str | None
    ruleset: str
    night: int
    started_at: datetime | None
    points: int
    money_minor: int | None
    currency: str | None
    hands: int
    wins: int


@dataclass(frozen=True, slots=True)
class MeChat:
    tg_chat_id: int
    title: str | None
    nights: int
    points: int
    money: Mapping[str, int]
    points_by: Mapping[str, int] = field(default_factory=dict)  # ruleset → points


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    player_id: int
    name: str
    nights: tuple[MeNight, ...]  # oldest first (the latest ME_NIGHTS)
    night_count: int
    chats: tuple[MeChat, ...]  # most nights first
    points: int
    money: Mapping[str, int]
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int
    best_night: MeNight | None
    worst_night: MeNight | None
    currency: str | None  # the one currency of the staked nights
    running: tuple[int, ...]  # running total after each night listed (money if currency)
    points_by: Mapping[str, int] = field(default_factory=dict)  # ruleset → points (own unit)
