"""Input views of the image renderer: plain frozen dataclasses, independent of storage.

The bot maps ledger views (``storage.views``) to these. Every text here is already a display
text (player names, ruleset name, reason names) in the chat's language, except the explanation
steps, which are :class:`scoring.record.Step` and are picked by ``lang`` at render time.

Points are integers in the ruleset's unit (``unit_zh`` / ``unit_en`` of the views that show
points: ``Ruleset.unit_zh`` / ``unit_en``, e.g. 子 for the Jiangxi rulesets; 分 / pts when not
given); money is an integer number of *minor* units (cents, fen) of ``currency`` (an ISO code
such as ``"CNY"``, written by :func:`scoring.transfers.format_money`), or ``None`` when the
table plays without a stake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.record import Step

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One row of the scoreboard: one seated player."""

    name: str
    total: int  # points over the night (the ledger's total)
    wind: str | None = None  # seat wind now: "E" / "S" / "W" / "N", None = not shown
    is_dealer: bool = False
    hands_won: int = 0
    self_draws: int = 0
    deal_ins: int = 0  # discards dealt in (点炮)
    money_minor: int | None = None  # total in money at the stake, None = no stake


@dataclass(frozen=True, slots=True)
class TrendSeries:
    """One player's running total after each hand of the night (index i = after hand i+1).

    The chart starts every line at 0 before the first hand.
    """

    name: str
    running: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreboardView:
    table_name: str
    ruleset_name: str
    night: int
    hand_count: int
    seats: tuple[SeatLine, ...]
    trend: tuple[TrendSeries, ...] = ()
    ruleset: str = ""  # the ruleset's id: its own verbs on the labels (bot.terms)
    currency: str | None = None  # for SeatLine.money_minor
    unit_zh: str = "分"  # the ruleset's unit of points
    unit_en: str = "pts"
    unit_zh_hant: str = ""  # its Traditional form if declared (else unit_zh converted)
    unit_gloss_en: str = ""  # the English unit's meaning ("zi": "points"), with the stake


@dataclass(frozen=True, slots=True)
class NetPart:
    """A labelled part of what a player pays or receives after a table fee or loss cap:
    "hands +¥21", "table fee −¥5", "loss cap +¥3" (``amount`` in the settlement's basis:
    money minor units with a stake, else points)."""

    label: str
    amount: int


@dataclass(frozen=True, slots=True)
class NetLine:
    """A player's net result: points, and money at the stake when there is one. After a
    table fee or loss cap, ``final`` is what they pay or receive (the big figure; money minor
    units with a stake, else points) and ``parts`` how it is made up; ``house``: the fee's
    payee is the house (the table's creator)."""

    name: str
    points: int
    money_minor: int | None = None
    final: int | None = None
    parts: tuple[NetPart, ...] = ()
    house: bool = False


@dataclass(frozen=True, slots=True)
class TransferLine:
    """One transfer of the night's settlement: ``payer`` pays ``payee``."""

    payer: str
    payee: str
    points: int
    money_minor: int | None = None


@dataclass(frozen=True, slots=True)
class SettlementImageView:
    table_name: str
    ruleset_name: str
    night: int
    hand_count: int
    nets: tuple[NetLine, ...]
    transfers: tuple[TransferLine, ...]
    currency: str | None = None
    stake_minor: int | None = None  # money per point, shown in the header when given
    unit_zh: str = "分"  # the ruleset's unit of points
    unit_en: str = "pts"
    unit_zh_hant: str = ""  # its Traditional form if declared (else unit_zh converted)
    unit_gloss_en: str = ""  # the English unit's meaning ("zi": "points"), with the stake
    #: the night's loss cap and table fee (bot/season_texts.py), display lines under a title,
    #: drawn between the nets and the transfers (the transfers then settle the adjusted nets)
    notes_title: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """One itemized payment of a hand (``reason`` is the reason's display name)."""

    payer: str
    payee: str
    amount: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class FanLine:
    """One fan of a Guobiao hand (display name already localized)."""

    name: str
    points: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class TileHandView:
    """A win entered as tiles: ``tiles`` is the contract's ``wins[].tiles`` object as is.

    A riichi win says its value in its own words: ``fans`` are its yaku (``points`` = han),
    ``values`` the right-hand column where a number alone would not do (a yakuman: 役満 ×2),
    ``total_text`` its total ("3 han 30 fu", "役満"), and ``indicators`` the rows of small
    tiles under the hand: (label, tiles in the notation), e.g. ("ドラ表示牌", "3m7z"); ``note``
    the small text next to the winner (the round and seat: 東場 · 南家)."""

    winner: str
    tiles: Mapping[str, Any]
    fans: tuple[FanLine, ...] = ()
    total: int | None = None  # fan total; None = sum of points × count
    values: tuple[str, ...] = ()  # one per fan; empty = points × count
    total_text: str = ""  # "" = the fan total (label ``fan_total``)
    indicators: tuple[tuple[str, str], ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class HandCardView:
    table_name: str
    ruleset_name: str
    seq: int  # the hand number N of /explain N
    night: int
    headline: str  # e.g. "Bob wins on Carol's discard" (already in the chat's language)
    payments: tuple[PaymentLine, ...]
    nets: tuple[NetLine, ...]
    explanation: tuple[Step, ...] = ()
    tile_hands: tuple[TileHandView, ...] = ()
    voided: bool = False
    corrected: bool = False  # voided by a correction (its first version)
    currency: str | None = None  # for NetLine.money_minor
    unit_zh: str = "分"  # the ruleset's unit of points
    unit_en: str = "pts"
    unit_zh_hant: str = ""  # its Traditional form if declared (else unit_zh converted)
    unit_gloss_en: str = ""  # the English unit's meaning ("zi": "points"), with the stake


# --- the season leaderboard (/season) and the player card (/me), bot/render/season.py ---
@dataclass(frozen=True, slots=True)
class SeasonRow:
    name: str
    points: int
    money_minor: int | None  # in the season's one currency, None without
    nights: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int
    #: the totals as the chat says them, never added across currencies or units (issue 25.2):
    #: money per currency side by side, points per ruleset in its unit ("" = from the numbers)
    money_text: str = ""
    points_text: str = ""


@dataclass(frozen=True, slots=True)
class SeasonCardView:
    chat_title: str
    number: int
    name: str | None
    current: bool
    nights: int
    hands: int
    rows: tuple[SeasonRow, ...]  # best first
    trend: tuple[TrendSeries, ...] = ()  # running totals night by night (money or points)
    currency: str | None = None  # of the rows' money, and of the trend when trend_money
    trend_money: bool = False


@dataclass(frozen=True, slots=True)
class NightLine:
    label: str  # e.g. "2026-11-03 · Mahjong night · night 3"
    points: int
    money_minor: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerCardView:
    name: str
    scope: str  # the chat's title, or "" for every chat
    nights: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    biggest_hand: int
    points: int
    money_minor: int | None  # the total in the one currency, None without
    currency: str | None
    best_night: NightLine | None
    worst_night: NightLine | None
    recent: tuple[NightLine, ...]  # newest first
    running: tuple[int, ...]  # running total night by night (money minor units if currency)
    chats: tuple[NightLine, ...] = ()  # per chat totals (private /me)
    money_text: str = ""  # as SeasonRow's: per currency, side by side
    points_text: str = ""  # per ruleset, in its unit
