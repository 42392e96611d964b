"""A sample night drawn by the bot's own path: ``mahjong-tally render-samples OUTDIR``.

The sample night is *recorded*: into a real ledger (a temporary SQLite file, through the
public API of :class:`storage.service.Ledger`: a chat in the sample's language, its players,
a table with a stake, each hand by :meth:`~storage.service.Ledger.record_hand`, the night
settled by :meth:`~storage.service.Ledger.new_night`), and its images are built from what the
ledger returns by the presentation layer (:mod:`bot.present`), exactly as the bot builds the
images of /board, /explain N and /settle (``bot.handlers.images``). So the README images are
what the bot sends for that night: ``tests/bot/test_present_layer_samples.py`` has the real
bot play the same night over the fake Bot API and compares the PNG bytes.

* :func:`xingguo_records` — the README night: a hand-written 兴国冲关 evening of ten hands
  (self-draws, discards, 德国, 精吊, 大七对, 精 bonuses with one 冲关, kongs, a draw);
* :data:`GB_TILES` — a Guobiao win entered as tiles (the card draws the tiles and the fans the
  calculator finds, :func:`bot.render.tiles.tile_hands`);
* :func:`sample_hands` — seeded random nights of the generic ``points`` ruleset for any 2–4
  players and any number of hands (the render tests draw 0, 1 and 200 hands with it), and
  :func:`scoreboard_view` / :func:`settlement_view` / :func:`hand_card_view` /
  :func:`guobiao_card_view`, their views: recorded into a ledger and built by present too;
* :func:`record_season` — a chat's season (six nights, two tables, five players, a night with
  a table fee and a loss cap) for the /season, /me and fee-and-cap images of the tests.
"""

from __future__ import annotations

import atexit
import json
import random
import shutil
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import scoring
from bot import present
from bot.i18n import Translator
from bot.render.draw import render_hand_card, render_scoreboard, render_settlement
from bot.render.views import HandCardView, ScoreboardView, SettlementImageView
from scoring.record import Event, HandRecord, Settlement, Win
from storage.seasons import PlayerHistory, SeasonBoard
from storage.service import Ledger
from storage.views import HandView, SettleView, StandingsView, TableView

EN_NAMES = ("Alice", "Bob", "Carol", "Dave")
ZH_NAMES = ("阿明", "小红", "老王", "丽丽")
#: the names as a Traditional Chinese table writes them
HANT_NAMES = ("阿明", "小紅", "老王", "麗麗")
IDS = ("alice", "bob", "carol", "dave")
STAKE_MINOR = 50  # ¥0.50 per point
CURRENCY = "CNY"

#: the README night per language: (file suffix, the chat's language, players, table name)
LANGS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("en", "en", EN_NAMES, "Friday Night Table"),
    ("zh", "zh_Hans", ZH_NAMES, "周五麻将局"),
    ("zh_Hant", "zh_Hant", HANT_NAMES, "週五麻將局"),
)
#: Telegram ids of the sample chats and players (the bot test uses the same ones)
CHAT_IDS = {"en": -1001501, "zh_Hans": -1001502, "zh_Hant": -1001503}
GB_CHAT_OFFSET = -10  # the Guobiao table is in a chat of its own (one open table per chat)
USER_BASE = {"en": 1501_00, "zh_Hans": 1502_00, "zh_Hant": 1503_00}


def user_ids(lang: str) -> tuple[int, ...]:
    return tuple(USER_BASE[lang] + i for i in range(1, 5))


@dataclass(frozen=True, slots=True)
class SampleHand:
    """One hand of a sample night: the record and what :func:`scoring.settle` made of it."""

    record: HandRecord
    settlement: Settlement

    @property
    def win(self) -> Win | None:
        return self.record.wins[0] if self.record.result == "win" and self.record.wins else None


def play(records: Sequence[HandRecord]) -> list[SampleHand]:
    """Settle ``records`` in turn; each hand's dealer is set by the previous hand's
    :func:`scoring.next_dealer` (the first record's dealer starts)."""
    out: list[SampleHand] = []
    dealer = records[0].dealer if records else ""
    for rec in records:
        rec = replace(rec, dealer=dealer)
        out.append(SampleHand(rec, scoring.settle(rec)))
        dealer = scoring.next_dealer(rec)
    return out


# --- the README night: 兴国冲关 ---------------------------------------------------------------
def _xg(
    ids: Sequence[str],
    winner: str | None = None,
    discarder: str | None = None,
    shape: str = "plain_win",
    flags: tuple[str, ...] = (),
    primary: Mapping[str, int] | None = None,
    secondary: Mapping[str, int] | None = None,
    events: tuple[Event, ...] = (),
) -> HandRecord:
    counts: dict[str, Mapping[str, int]] = {}
    if primary:
        counts["primary_wild"] = primary
    if secondary:
        counts["secondary_wild"] = secondary
    wins = () if winner is None else (Win(winner, discarder, shape=shape, flags=flags),)
    return HandRecord(
        ruleset="xingguo",
        players=tuple(ids),
        dealer=ids[0],  # replaced by the dealer the ledger moved (see record_night)
        result="win" if winner else "draw",
        wins=wins,
        counts=counts,
        events=events,
    )


def xingguo_records(ids: Sequence[str] = IDS) -> list[HandRecord]:
    """Ten hands of a 兴国冲关 night (seat order ``ids``: alice, bob, carol, dave; alice deals
    first)."""
    a, b, c, d = ids
    return [
        # 1 bob self-draws a plain win with his 正精; carol holds two 副精
        _xg(ids, b, primary={b: 1}, secondary={c: 2}),
        # 2 carol wins a small seven pairs on dave's discard; alice holds a 副精
        _xg(ids, c, d, "small_seven_pairs", secondary={a: 1, c: 1}),
        # 3 dave discards a kong-able tile to bob (exposed kong); then alice takes dave's discard
        #   with a no-wild plain win (德国); dave holds a 正精
        _xg(
            ids,
            a,
            d,
            flags=("no_wild",),
            primary={d: 1},
            events=(Event("exposed_kong", b, d),),
        ),
        # 4 the wall runs out: a draw (和牌), void
        _xg(ids, primary={a: 1}, secondary={b: 1}),
        # 5 carol self-draws a no-wild plain win (德国); the dealer dave alone holds 5 精 points:
        #   冲关, doubled as sole holder (霸精)
        _xg(ids, c, flags=("no_wild",), primary={d: 2}, secondary={d: 1}),
        # 6 dave self-draws on a wild single wait (精吊), a concealed kong earlier
        _xg(
            ids,
            d,
            flags=("wild_single_wait",),
            primary={d: 1},
            secondary={b: 1},
            events=(Event("concealed_kong", d),),
        ),
        # 7 bob wins a big seven pairs on alice's discard
        _xg(ids, b, a, "big_seven_pairs", primary={b: 1}, secondary={a: 1, d: 1}),
        # 8 alice self-draws a plain win with two 副精
        _xg(ids, a, secondary={a: 2, c: 1}),
        # 9 carol wins on bob's discard: no-wild big seven pairs (德国大七对)
        _xg(ids, c, b, "big_seven_pairs", flags=("no_wild",), primary={a: 1}, secondary={d: 1}),
        # 10 the dealer self-draws a small seven pairs; an added kong by bob
        _xg(
            ids,
            d,
            shape="small_seven_pairs",
            primary={d: 1},
            secondary={d: 1, c: 1},
            events=(Event("added_kong", b),),
        ),
    ]


#: The hand shown on the README hand card (1-based): the 冲关 hand.
CARD_HAND = 5


# --- random nights of the generic points ruleset (tests) --------------------------------------
def sample_hands(n_players: int, n_hands: int, seed: int = 7) -> list[SampleHand]:
    """A seeded random night of the ``points`` ruleset (base 1): draws, self-draws, discards."""
    ids = tuple(f"p{i + 1}" for i in range(n_players))
    return play(points_records(ids, n_hands, random.Random(seed * 1000 + n_players)))


def points_records(ids: Sequence[str], n_hands: int, rng: random.Random) -> list[HandRecord]:
    """``n_hands`` random hands of the ``points`` ruleset (base 1) for the players ``ids``."""
    ids = tuple(ids)
    records: list[HandRecord] = []
    for _ in range(n_hands):
        if rng.random() < 0.12:
            records.append(HandRecord("points", ids, ids[0], "draw", options={"base": 1}))
            continue
        winner = rng.choice(ids)
        fan = rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        disc = None
        if rng.random() >= 0.3:
            disc = rng.choice([p for p in ids if p != winner])
        win = Win(winner, disc, fan=fan)
        records.append(HandRecord("points", ids, ids[0], "win", (win,), options={"base": 1}))
    return records


# --- Guobiao: a win entered as tiles -----------------------------------------------------------
#: 碰碰和 + 混一色 + 箭刻 … on a discard, four flowers (the calculator finds the fans).
GB_TILES: dict[str, object] = {
    "melds": [
        {"kind": "pung", "tiles": "111p", "concealed": False, "claimed_from": "left"},
        {"kind": "kong", "tiles": "7777p", "concealed": True},
    ],
    "hand": "999p555z2z",
    "win_tile": "2z",
    "self_drawn": False,
    "last_tile_of_kind": False,
    "last_wall_tile": False,
    "kong_related": False,
    "seat_wind": "S",
    "prevalent_wind": "E",
    "flowers": 4,
}


def guobiao_record(ids: Sequence[str] = IDS) -> HandRecord:
    """Seat 2 (South) wins ``GB_TILES`` on seat 3's discard; seat 1 deals."""
    return HandRecord(
        ruleset="guobiao",
        players=tuple(ids),
        dealer=ids[0],
        wins=(Win(ids[1], ids[2], tiles=GB_TILES),),
    )


def guobiao_hand(ids: Sequence[str] = IDS) -> SampleHand:
    rec = guobiao_record(ids)
    return SampleHand(rec, scoring.settle(rec))


# --- recording a night into a ledger ---------------------------------------------------------
def _renamed(rec: HandRecord, ids: Mapping[str, str]) -> HandRecord:
    """``rec`` with its player ids replaced by ``ids`` (every value or key equal to one)."""

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return ids.get(v, v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {ids.get(k, k): walk(x) for k, x in v.items()}
        return v

    return HandRecord.from_json(walk(json.loads(json.dumps(rec.to_json()))))


def record_night(
    ledger: Ledger,
    tg_chat_id: int,
    players: Sequence[tuple[int, str]],
    records: Sequence[HandRecord],
    *,
    lang: str,
    table_name: str | None = None,
    ruleset: str | None = None,
    stake_minor: int | None = STAKE_MINOR,
    currency: str | None = CURRENCY,
) -> TableView:
    """Record a night as the bot would: the chat in ``lang``, the players (Telegram id, name)
    seated in order (the first deals), a table with the stake, then each record, whose player
    ids are those of its first record's ``players`` in seat order, and its dealer the one the
    ledger moved to. Returns the table after the last hand."""
    ledger.ensure_chat(tg_chat_id, title="Mahjong night", kind="group", lang=lang)
    views = [ledger.ensure_user(uid, name) for uid, name in players]
    rs_id = ruleset or (records[0].ruleset if records else "points")
    options: dict[str, bool | int | str] = dict(records[0].options) if records else {}
    if not records and rs_id == "points":
        options["base"] = 1
    table = ledger.open_table(
        tg_chat_id,
        creator_id=views[0].id,
        ruleset=rs_id,
        options=options,
        stake_minor=stake_minor,
        currency=currency if stake_minor else None,
        name=table_name,
    )
    for p in views:
        ledger.join(table.id, p.id)
    table = ledger.start(table.id, dealer_id=views[0].id)
    if records:
        ids = dict(zip(records[0].players, (str(p.id) for p in views), strict=True))
        for i, rec in enumerate(records, 1):
            rec = replace(_renamed(rec, ids), dealer=str(table.dealer_id))
            ledger.record_hand(
                table.id, rec, recorded_by=views[0].id, idempotency_key=f"sample-{table.id}-{i}"
            )
            table = ledger.get_table(table.id)
    return table


# --- the images, as the bot builds them --------------------------------------------------------
def board_view(ledger: Ledger, table_id: int, tr: Translator) -> ScoreboardView:
    """/board (bot.handlers.table.send_board): the current night's standings."""
    table = ledger.get_table(table_id)
    return present.scoreboard(table, ledger.standings(table.id), tr)


def explain_view(ledger: Ledger, table_id: int, seq: int, tr: Translator) -> HandCardView:
    """/explain N (bot.handlers.table.cmd_explain): the stored settlement, named."""
    table = ledger.get_table(table_id)
    hand = ledger.get_hand(table.id, seq)
    names = present.names_of(table, hand.names)
    return present.hand_card(table, hand, names, present.shown(hand, names), tr)


def settle_views(ledger: Ledger, table_id: int) -> tuple[TableView, SettleView, StandingsView]:
    """/settle, confirmed (bot.handlers.confirm.do_settle): the night ends, then its
    transfers and standings are read."""
    table = ledger.get_table(table_id)
    night = table.night
    ledger.new_night(table.id, expect_night=night)
    sv = ledger.night_transfers(table.id, night=night)
    return table, sv, ledger.standings(table.id, night=night)


@contextmanager
def temporary_ledger() -> Iterator[Ledger]:
    """A ledger on a fresh SQLite file, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="mahjong-samples-") as tmp:
        ledger = Ledger(f"sqlite:///{Path(tmp) / 'samples.sqlite3'}")
        ledger.upgrade()
        try:
            yield ledger
        finally:
            ledger.dispose()


def readme_night(ledger: Ledger, lang: str) -> tuple[int, int]:
    """The README night and the Guobiao hand recorded for ``lang`` (a chat language); returns
    the two tables' ids."""
    _, _, names, table_name = next(x for x in LANGS if x[1] == lang)
    players = list(zip(user_ids(lang), names, strict=True))
    chat = CHAT_IDS[lang]
    xg = record_night(ledger, chat, players, xingguo_records(), lang=lang, table_name=table_name)
    gb = record_night(
        ledger, chat + GB_CHAT_OFFSET, players, [guobiao_record()], lang=lang,
        table_name=table_name,
    )  # fmt: skip
    return xg.id, gb.id


def readme_images(ledger: Ledger, lang: str) -> dict[str, bytes]:
    """The README images of ``lang`` (``scoreboard``, ``hand``, ``hand_guobiao``,
    ``settlement``), drawn in the order the bot test asks for them: /board, /explain
    CARD_HAND, /explain 1 at the Guobiao table, /settle."""
    xg, gb = readme_night(ledger, lang)
    tr = Translator(lang)
    out = {
        "scoreboard": render_scoreboard(board_view(ledger, xg, tr), lang),
        "hand": render_hand_card(explain_view(ledger, xg, CARD_HAND, tr), lang),
        "hand_guobiao": render_hand_card(explain_view(ledger, gb, 1, tr), lang),
    }
    table, sv, st = settle_views(ledger, xg)
    out["settlement"] = render_settlement(present.night_settlement(table, sv, st, tr), lang)
    return out


#: a riichi win entered as tiles (spec riichi.md §1.3): the South seat's riichi, menzen tsumo,
#: pinfu, tanyao, sanshoku, dora, a red five as the winning tile and ura dora — 10 han 20 fu
RIICHI_TILES = {
    "hand": "234m234p23467s88p",
    "win_tile": "0s",
    "dora_indicators": "1m",
    "ura_dora_indicators": "7p",
}
RIICHI_NAMES = {"en": EN_NAMES, "ja": ("はると", "さくら", "ゆい", "そうた")}
RIICHI_CHAT = {"en": -1001531, "ja": -1001534}  # beside CHAT_IDS and their GB chats


def riichi_card(ledger: Ledger, lang: str) -> bytes:
    """/explain 1 of a riichi win entered as tiles, recorded at a riichi table in ``lang``:
    the tiles with the red five, the indicator rows, the yaku the library found and the steps
    in the chat's language."""
    rec = HandRecord(
        ruleset="riichi",
        players=IDS,
        dealer=IDS[0],
        wins=(Win(IDS[1], None, flags=("riichi",), tiles=RIICHI_TILES),),
    )
    uids = [RIICHI_CHAT[lang] * -10 + i for i in range(4)]
    players = list(zip(uids, RIICHI_NAMES[lang], strict=True))
    table = record_night(
        ledger, RIICHI_CHAT[lang], players, [rec], lang=lang, stake_minor=None,
        table_name="雀荘" if lang == "ja" else "Riichi club",
    )  # fmt: skip
    return render_hand_card(explain_view(ledger, table.id, 1, Translator(lang)), lang)


def render_samples(outdir: Path) -> list[Path]:
    """Render one of each image, in English, Simplified and Traditional Chinese, into
    ``outdir`` (``KIND_en.png``, ``KIND_zh.png``, ``KIND_zh_Hant.png``), and the riichi hand
    card in English and Japanese (``hand_riichi_en.png``, ``hand_riichi_ja.png``); returns the
    files."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with temporary_ledger() as ledger:
        for suffix, lang, _names, _table in LANGS:
            for kind, data in readme_images(ledger, lang).items():
                p = outdir / f"{kind}_{suffix}.png"
                p.write_bytes(data)
                written.append(p)
        for lang in RIICHI_NAMES:
            p = outdir / f"hand_riichi_{lang}.png"
            p.write_bytes(riichi_card(ledger, lang))
            written.append(p)
    return sorted(written)


# --- the tests' nights: any names, any hands, the same path -----------------------------------
_lock = threading.Lock()
_shared: list[Ledger] = []
_chat = [-1002000]


def _ledger() -> Ledger:
    """One ledger per process for the tests' nights (a temporary file, removed at exit)."""
    if not _shared:
        tmp = tempfile.mkdtemp(prefix="mahjong-samples-")
        atexit.register(shutil.rmtree, tmp, True)
        ledger = Ledger(f"sqlite:///{Path(tmp) / 'samples.sqlite3'}")
        ledger.upgrade()
        atexit.register(ledger.dispose)
        _shared.append(ledger)
    return _shared[0]


@contextmanager
def tests_ledger() -> Iterator[Ledger]:
    """The tests' shared ledger, held alone for the block."""
    with _lock:
        yield _ledger()


@dataclass(frozen=True, slots=True)
class RecordedNight:
    """What the ledger returns for a recorded night, as /board and /settle read it (the
    night's standings, its transfers: the tests' nights are read, never ended)."""

    table: TableView
    standings: StandingsView
    settle: SettleView
    table_id: int
    players: tuple[int, ...]  # the players' Telegram ids, in seat order


def _key(hands: Sequence[SampleHand]) -> str:
    return json.dumps([h.record.to_json() for h in hands], sort_keys=True)


@cache
def _table(key: str, money: bool, ruleset: str, n: int) -> tuple[int, tuple[int, ...]]:
    """The night of ``key`` recorded once (its players renamed for each use, :func:`_named`):
    the table's id and the players' Telegram ids."""
    records = [HandRecord.from_json(r) for r in json.loads(key)]
    with _lock:
        ledger = _ledger()
        _chat[0] -= 1
        chat = _chat[0]
        uids = tuple(-chat * 10 + i for i in range(n))
        table = record_night(
            ledger, chat, [(u, f"P{i + 1}") for i, u in enumerate(uids)], records, lang="en",
            ruleset=ruleset, stake_minor=STAKE_MINOR if money else None,
        )  # fmt: skip
        return table.id, uids


def _named(ledger: Ledger, uids: Sequence[int], names: Sequence[str]) -> None:
    for uid, name in zip(uids, names, strict=True):  # the player's Telegram name, as updated
        ledger.ensure_user(uid, name)


@cache
def _recorded(names: tuple[str, ...], key: str, money: bool, ruleset: str) -> RecordedNight:
    tid, uids = _table(key, money, ruleset, len(names))
    with _lock:
        ledger = _ledger()
        _named(ledger, uids, names)
        table = ledger.get_table(tid)
        sv = ledger.night_transfers(tid, night=table.night)
        return RecordedNight(table, ledger.standings(tid), sv, tid, uids)


@cache
def _hand(names: tuple[str, ...], key: str, money: bool, ruleset: str, seq: int) -> HandView:
    night = _recorded(names, key, money, ruleset)
    with _lock:
        ledger = _ledger()
        _named(ledger, night.players, names)
        return ledger.get_hand(night.table_id, seq)


def recorded(
    names: Sequence[str],
    hands: Sequence[SampleHand],
    *,
    money: bool = True,
    ruleset: str = "points",
) -> RecordedNight:
    """``hands`` recorded by the players ``names`` (in seat order) into the tests' ledger."""
    rs = hands[0].record.ruleset if hands else ruleset
    return _recorded(tuple(names), _key(hands), money, rs)


def scoreboard_view(
    names: Sequence[str],
    hands: Sequence[SampleHand],
    lang: str,
    *,
    money: bool = True,
    ruleset: str = "points",
) -> ScoreboardView:
    """/board after ``hands``, built by :func:`bot.present.scoreboard`."""
    night = recorded(names, hands, money=money, ruleset=ruleset)
    return present.scoreboard(night.table, night.standings, Translator(lang))


def settlement_view(
    names: Sequence[str],
    hands: Sequence[SampleHand],
    lang: str,
    *,
    money: bool = True,
    ruleset: str = "points",
) -> SettlementImageView:
    """/settle after ``hands``, built by :func:`bot.present.night_settlement`."""
    night = recorded(names, hands, money=money, ruleset=ruleset)
    return present.night_settlement(night.table, night.settle, night.standings, Translator(lang))


def hand_card_view(
    names: Sequence[str], hands: Sequence[SampleHand], seq: int, lang: str
) -> HandCardView:
    """/explain ``seq`` (1-based) of the night, built by :func:`bot.present.hand_card`."""
    night = recorded(names, hands)
    hand = _hand(tuple(names), _key(hands), True, hands[0].record.ruleset, seq)
    nm = present.names_of(night.table, hand.names)
    return present.hand_card(night.table, hand, nm, present.shown(hand, nm), Translator(lang))


def guobiao_card_view(names: Sequence[str], lang: str) -> HandCardView:
    """/explain of a real Guobiao win entered as tiles (four players: ``names[:4]``)."""
    return hand_card_view(tuple(names[:4]), [guobiao_hand()], 1, lang)


# --- a season: /season, /me, and a night with a table fee and a loss cap -----------------------
SEASON_EN = ("Alice", "Bob", "Carol", "Dave", "Erin")
SEASON_ZH = ("老王", "小明", "小红", "阿强", "阿芳")
FEE_MINOR = 4000  # ¥40 a night, split equally (AA)
CAP_MINOR = 2000  # nobody pays more than ¥20 a night


@dataclass(frozen=True, slots=True)
class RecordedSeason:
    """What the ledger returns for a chat's season (six nights at two tables, five players)
    and for the night of it that had a table fee and a loss cap, as /settle read it."""

    board: SeasonBoard
    me_group: PlayerHistory  # the first player's /me in the group
    me_private: PlayerHistory  # … and in private (every chat)
    fee_cap: tuple[TableView, SettleView, StandingsView]


def record_season(
    ledger: Ledger,
    tg_chat_id: int,
    players: Sequence[tuple[int, str]],
    *,
    title: str,
    season_name: str,
    money: bool = True,
    seed: int = 18,
) -> RecordedSeason:
    """A season of the chat, recorded as the bot would: /season new ``season_name``, four nights
    of players 1–4 at one table (the third with a ¥40 table fee AA and a ¥20 loss cap, where
    player 4 deals in three big hands), the table closed, then two nights of players 2–5 at
    another. Five players are needed."""
    rng = random.Random(seed)
    ledger.ensure_chat(tg_chat_id, title=title, kind="group")
    views = [ledger.ensure_user(uid, name) for uid, name in players]
    ledger.new_season(tg_chat_id, season_name, by_player_id=views[0].id)
    stake = (STAKE_MINOR * 2, CURRENCY) if money else (None, None)
    fee_cap: tuple[TableView, SettleView, StandingsView] | None = None
    for seats, nights in ((views[:4], 4), (views[1:5], 2)):
        ids = tuple(str(p.id) for p in seats)
        table = ledger.open_table(
            tg_chat_id, creator_id=seats[0].id, ruleset="points", options={"base": 1},
            stake_minor=stake[0], currency=stake[1], name=title,
        )  # fmt: skip
        for p in seats:
            ledger.join(table.id, p.id)
        table = ledger.start(table.id, dealer_id=seats[0].id)
        for night in range(nights):
            capped = fee_cap is None and night == 2
            records = points_records(ids, 5, rng)
            if capped:
                ledger.set_fee(table.id, FEE_MINOR if money else FEE_MINOR // 100)
                ledger.set_cap(table.id, CAP_MINOR if money else CAP_MINOR // 100)
                big = Win(ids[0], ids[3], fan=4)
                records = [HandRecord("points", ids, ids[0], "win", (big,), options={"base": 1})]
                records = records * 3 + points_records(ids, 2, rng)
            for i, rec in enumerate(records, 1):
                table = ledger.get_table(table.id)
                ledger.record_hand(
                    table.id, replace(rec, dealer=str(table.dealer_id)),
                    recorded_by=seats[0].id, idempotency_key=f"season-{table.id}-{night}-{i}",
                )  # fmt: skip
            if capped:
                fee_cap = settle_views(ledger, table.id)
                ledger.set_fee(table.id, None)
                ledger.set_cap(table.id, None)
            else:
                ledger.new_night(table.id)
        ledger.close_table(table.id, by_player_id=seats[0].id)
    assert fee_cap is not None
    return RecordedSeason(
        board=ledger.season_board(tg_chat_id),
        me_group=ledger.player_history(views[0].id, tg_chat_id=tg_chat_id),
        me_private=ledger.player_history(views[0].id),
        fee_cap=fee_cap,
    )


@cache
def recorded_season(
    names: tuple[str, ...], title: str, season_name: str, money: bool
) -> RecordedSeason:
    """A season recorded by the players ``names`` into the tests' ledger (a chat of its own)."""
    with _lock:
        ledger = _ledger()
        _chat[0] -= 1
        chat = _chat[0]
        players = [(-chat * 10 + i, n) for i, n in enumerate(names)]
        return record_season(
            ledger, chat, players, title=title, season_name=season_name, money=money
        )
