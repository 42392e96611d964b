"""The Mini App's JSON API (``POST /app/api/<name>``, a JSON object in, a JSON object out).

The server's middleware (:mod:`bot.web.server`) has already checked the signed initData; here
every call names its table by the token ``t`` (the ``startapp`` of the direct link) and is
checked against what the ledger knows: a read needs a member of the table's chat (seated, or a
player the ledger knows in that chat), a write a seated player or a chat admin (asked from
Telegram). Refusals: 400 bad request, 403 not allowed, 404 no such table/entry, 409 a conflict
(another entry, a hand recorded meanwhile), 422 an impossible hand.

* ``board`` — the scoreboard: seats, winds, dealer and streak, totals (points and money), the
  hands with their explanations, the night's trend, the nights; ``version`` — a cheap
  version string of the table (the page polls it and reloads the board when it changes).
* ``compose`` — open (or join) the table's Mini App entry and get what the composer shows,
  generated from the ruleset's declarations; ``preview`` — the valid choices for the form as
  it is now and the settlement the scoring core computes for it; ``confirm`` — record it
  through :meth:`storage.service.Ledger.record_hand` (idempotency key per entry, the entry's
  hand count and dealer expected), then the chat gets the result line and the table message is
  redrawn (:func:`bot.guard.converge`, as after a Confirm tap); ``cancel`` — close the entry.

The entry is a ledger draft (``kind`` ``hand``, ``mode`` ``web``, no chat message), so the
one-entry rule of the chat holds both ways: while an entry is open in the chat the composer is
refused (naming who), and while the composer's entry is open ``/hand`` says so; two phones
opening the composer share one entry (and one idempotency key: a second Confirm records
nothing). The entry survives a restart of the bot; the form lives in the page.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

import scoring
from bot import fan_words, guard, present, riichi_entry, riichi_view
from bot.context import db, db_long, is_admin
from bot.describe import fan_list
from bot.entry import allowed, checks, riichi
from bot.entry.draft import Draft
from bot.entry.wizard.steps.riichi import keypad_json
from bot.handlers.common import ledger_error
from bot.handlers.flow import round_extras
from bot.i18n import Translator, normalize
from bot.terms import replacements
from bot.web.auth import WebUser, table_of_token
from bot.web.config import CONFIG, PTB_APP
from scoring.declarations import is_enabled
from scoring.errors import RecordError
from scoring.record import HandRecord
from scoring.ruleset import Ruleset
from storage.errors import Conflict, DraftExpired, EntryOpen, LedgerError, NotFound, StaleDraft
from storage.service import Ledger
from storage.views import DraftView, HandView, StandingsView, TableView

log = logging.getLogger(__name__)

MEMBER_SECONDS = 30.0
WEB_TTL = 30 * 60  # an entry left open in the composer blocks the chat's /hand at most this long
HISTORY = 50
NIGHTS = 12
WINDS = "ESWN"
TILE_KEYS = ("melds", "hand", "win_tile", "last_tile_of_kind", "last_wall_tile", "kong_related")


class Refusal(Exception):
    def __init__(self, status: int, code: str, message: str = "") -> None:
        super().__init__(code)
        self.status, self.code, self.message = status, code, message


@dataclass(slots=True)
class Access:
    user: WebUser
    table: TableView
    tr: Translator
    ctx: Any  # a PTB CallbackContext (no update): bot, bot_data, the ledger
    seat_player: int | None  # the user's player id if seated
    admin_player: int | None = None  # a chat admin who is not seated: their player id

    @property
    def ledger(self) -> Ledger:
        led: Ledger = self.ctx.application.bot_data["ledger"]
        return led


def add_routes(app: web.Application) -> None:
    for name, fn in (
        ("board", board),
        ("version", version),
        ("compose", compose),
        ("preview", preview),
        ("confirm", confirm),
        ("cancel", cancel),
        ("calc", calc),
        ("calc_preview", calc_preview),
    ):
        app.router.add_post(f"/app/api/{name}", _wrap(fn))


def _wrap(fn: Any) -> Any:
    async def handler(request: web.Request) -> web.StreamResponse:
        try:  # checked and parsed by bot/web/server.py's middleware (bot/web/body.py)
            body = request["body"] if "body" in request else await request.json()
        except web.HTTPRequestEntityTooLarge:
            return web.json_response({"error": "too_large"}, status=413)
        except ValueError:
            return web.json_response({"error": "bad_request"}, status=400)
        if not isinstance(body, dict):
            return web.json_response({"error": "bad_request"}, status=400)
        try:
            out = await fn(request, body)
        except Refusal as r:
            return web.json_response({"error": r.code, "message": r.message}, status=r.status)
        return web.json_response(out)

    return handler


# ---------------------------------------------------------------------------------------
# who is asking, about which table
# ---------------------------------------------------------------------------------------
async def access(request: web.Request, body: dict[str, Any], *, write: bool) -> Access:
    user: WebUser = request["user"]
    ptb = request.app[PTB_APP]
    cfg = request.app[CONFIG]
    ctx = ptb.context_types.context(ptb)
    token = body.get("t")
    table_id = table_of_token(token if isinstance(token, str) else None, cfg.bot_token)
    if table_id is None:
        raise Refusal(403, "bad_token")
    L: Ledger = ptb.bot_data["ledger"]
    try:
        table = await db(L.get_table, table_id)
    except NotFound:
        raise Refusal(404, "no_table") from None
    chat = await db(L.get_chat, table.chat_id)
    default = ptb.bot_data.get("default_lang", "en")
    tr = Translator((chat.lang if chat else None) or default)
    seat = next((s for s in table.seats if s.tg_user_id == user.id), None)
    acc = Access(user, table, tr, ctx, seat.player_id if seat else None)
    if seat is not None:
        return acc
    if write:
        if await is_admin(ctx, table.chat_id, user.id):
            player = await db(L.ensure_user, user.id, user.name, username=user.username)
            acc.admin_player = player.id
            return acc
        raise Refusal(403, "not_seated", _not_seated(tr))
    if await _member(ptb.bot_data, ctx, L, table, user.id):
        return acc
    raise Refusal(403, "not_member", tr.gettext("You are not allowed to do that."))


async def _member(
    bot_data: dict[str, Any], ctx: Any, L: Ledger, table: TableView, uid: int
) -> bool:
    """A reader who is not seated: a player of the chat's tables, or a chat admin. The answer
    is kept for :data:`MEMBER_SECONDS` (a scoreboard polls every second: neither the chat's
    players nor Telegram's getChatMember are asked each time)."""
    cache: dict[tuple[int, int], tuple[float, bool]] = bot_data.setdefault("webapp_members", {})
    key, now = (table.id, uid), time.monotonic()
    hit = cache.get(key)
    if hit is not None and hit[0] > now:
        return hit[1]
    known = await db_long(L.chat_players, table.chat_id)
    ok = any(p.tg_user_id == uid for p in known) or await is_admin(ctx, table.chat_id, uid)
    if len(cache) > 10000:
        cache.clear()
    cache[key] = (now + MEMBER_SECONDS, ok)
    return ok


def _not_seated(tr: Translator) -> str:
    return tr.gettext("Only the players at this table (or a chat admin) can do that.")


def acting_player(acc: Access) -> int:
    pid = acc.seat_player if acc.seat_player is not None else acc.admin_player
    assert pid is not None
    return int(pid)


# ---------------------------------------------------------------------------------------
# the scoreboard
# ---------------------------------------------------------------------------------------
def table_version(table: TableView) -> str:
    seats = ",".join(f"{s.player_id}:{s.seat_index}" for s in table.seats)
    return (
        f"{table.next_seq}.{table.hand_count}.{table.night}.{table.dealer_id}."
        f"{table.status}.{seats}"
    )


async def version(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=False)
    return {"version": table_version(acc.table)}


def seated(table: TableView) -> list[Any]:
    return sorted(table.seats, key=lambda s: s.seat_index)


def shown_winds(table: TableView) -> dict[str, str]:
    """The winds the table message shows: by seat (East = the first seat)."""
    return {str(s.player_id): WINDS[s.seat_index % 4] for s in table.seats}


def hand_json(hand: HandView, table: TableView, tr: Translator) -> dict[str, Any]:
    names = tr.parties(present.names_of(table, hand.names))
    steps = tr.steps(present.shown(hand, names).explanation)  # stored, named: no settle
    u = present.unit(hand.record.ruleset, tr)
    return {
        "seq": hand.seq,
        "number": hand.number,  # its place in the night, as /history calls it
        "superseded": hand.superseded,  # a corrected hand's first version: no number of its own
        "night": hand.night,
        "status": hand.status,
        "headline": present.headline(hand.record, names, tr),
        "dealer": names.get(hand.record.dealer, hand.record.dealer),
        "net": {names.get(k, k): v for k, v in hand.settlement.net.items()},
        "money": {  # at the table's stake, the display's one figure ({} without a stake)
            names.get(k, k): present.money(v, table.currency, sign=True, lang=tr.lang)
            for k, v in present.hand_money(hand, table).items()
        },
        "payments": [
            {
                "from": names.get(p.payer, p.payer),
                "to": names.get(p.payee, p.payee),
                "amount": p.amount,
                "for": present.reason(hand.record.ruleset, p.reason, tr),  # win, wildcards …
            }
            for p in hand.settlement.payments
        ],
        "unit": u,
        "steps": steps,
    }


def table_json(
    t: TableView, st: StandingsView | None, tr: Translator, streak: int
) -> dict[str, Any]:
    """The board's table part: its hand numbers are the table message's (issue 25.4)."""
    rs = scoring.get(t.ruleset)
    return {
        "name": t.name or tr.name(rs),
        "ruleset": tr.name(rs),
        "status": t.status,
        "night": t.night,
        "hand_count": st.hand_count if st else 0,
        "next_seq": t.next_seq,
        "next_hand": t.next_number,  # tonight's next hand number, as the table message
        "hands_tonight": t.next_number - 1,
        "voided_tonight": st.voided if st else 0,
        "unit": present.unit(t.ruleset, tr),
        "per_unit": present.per_unit_explained(t.ruleset, tr),  # the stake's: "per zi (points)"
        "stake": present.money(t.stake_minor, t.currency) if t.stake_minor else None,
        "dealer": str(t.dealer_id) if t.dealer_id is not None else None,
        "streak": streak,
    }


async def board(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=False)
    t, tr, L = acc.table, acc.tr, acc.ledger
    dealer = str(t.dealer_id) if t.dealer_id is not None else None
    winds = shown_winds(t)
    wind_names = dict(zip(WINDS, tr.winds(), strict=True))
    st = await db(L.standings, t.id) if t.status != "open" else None
    totals = {p.player_id: p for p in st.players} if st else {}
    page = await db(L.history, t.id, page=0, page_size=HISTORY)
    hands = [hand_json(h, t, tr) for h in page.items]
    streak = 0
    for h in page.items:
        if h.status != "confirmed" or h.night != t.night:
            continue
        if t.dealer_id is not None and h.dealer_before == t.dealer_id:
            streak += 1
        else:
            break
    seats = []
    for s in seated(t):
        pt = totals.get(s.player_id)
        seats.append(
            {
                "id": str(s.player_id),
                "name": s.name,
                "wind": winds.get(str(s.player_id), ""),
                "wind_name": wind_names.get(winds.get(str(s.player_id), ""), ""),
                "dealer": str(s.player_id) == dealer,
                "total": pt.total if pt else 0,
                "money": present.money(pt.money_minor, t.currency, sign=True)
                if pt and pt.money_minor is not None
                else None,
                "wins": pt.wins if pt else 0,
            }
        )
    trend = []
    if st is not None:
        for tp in st.trend:
            trend.append({"seq": tp.seq, "totals": {str(k): v for k, v in tp.totals.items()}})
    nights = []
    for n in range(max(1, t.night - NIGHTS + 1), t.night + 1):
        sv = await db(L.night_transfers, t.id, night=n)
        names = {**{k: v for k, v in sv.names.items()}, **{s.player_id: s.name for s in t.seats}}
        nights.append(
            {
                "night": n,
                "current": n == t.night,
                "net": [
                    {
                        "name": names.get(pid, str(pid)),
                        "points": pts,
                        "money": present.money(sv.net_money[pid], t.currency, sign=True)
                        if sv.net_money is not None and pid in sv.net_money
                        else None,
                    }
                    for pid, pts in sorted(sv.net_points.items(), key=lambda kv: -kv[1])
                ],
                "transfers": [
                    {
                        "from": names.get(x.payer_id, str(x.payer_id)),
                        "to": names.get(x.payee_id, str(x.payee_id)),
                        "amount": present.money(x.money_minor, t.currency)
                        if x.money_minor is not None
                        else f"{x.points} {present.unit(t.ruleset, tr)}",
                    }
                    for x in sv.transfers
                ],
            }
        )
    return {
        "version": table_version(t),
        "lang": tr.lang,
        "table": table_json(t, st, tr, streak),
        "seats": seats,
        "hands": hands,
        "trend": trend,
        "nights": nights,
        "can_write": acc.seat_player is not None,
    }


# ---------------------------------------------------------------------------------------
# the composer
# ---------------------------------------------------------------------------------------
def _item(tr: Translator, d: Any) -> dict[str, Any]:
    out = {"id": d.id, "name": tr.name(d)}
    value = tr.attr(d, "value") if hasattr(d, "value_zh") else ""
    if value:
        out["value"] = value
    return out


def declarations(rs: Ruleset, opts: Any, tr: Translator) -> dict[str, Any]:
    """What the composer shows, from the ruleset's declarations (only what this table plays)."""
    events = []
    for e in rs.events:
        if not is_enabled(e.enabled_by, opts):
            continue
        events.append(
            {
                **_item(tr, e),
                "from": e.source,
                "from_name": tr.attr(e, "source"),
                "results": sorted(e.results),
                "fields": [
                    {
                        "id": f.id,
                        "name": tr.name(f),
                        "kind": f.kind,
                        "min": f.min,
                        "max": f.max,
                        "default": f.default,
                    }
                    for f in e.fields
                ],
            }
        )
    return {
        "ruleset": {
            "id": rs.id,
            "name": tr.name(rs),
            "unit": tr.attr(rs, "unit"),
            "terms": replacements(rs.id, tr),  # its own verbs (Hong Kong 出銃): bot.terms
        },
        "results": [
            {"id": r.value, "name": tr.name(r)}
            for r in rs.results
            if riichi.entered(rs, r.value)  # a riichi game's end is the ledger's
        ],
        "wins_in": sorted(rs.wins_allowed_in),
        "multi_win": rs.multi_win,
        "win_inputs": sorted(rs.win_inputs),
        "shape_required": rs.shape_required and bool(rs.shapes),
        "shapes": [_item(tr, s) for s in rs.shapes if is_enabled(s.enabled_by, opts)],
        "flags": [_item(tr, f) for f in rs.flags if is_enabled(f.enabled_by, opts)],
        "counts": [
            {
                **_item(tr, c),
                "min": c.min,
                "max": c.max,
                "total_max": c.total_max,
                "results": sorted(c.results),
            }
            for c in rs.counts
            if is_enabled(c.enabled_by, opts)
        ],
        "events": events,
        "keypad": keypad_json(rs, opts, tr),  # riichi: the han keypad (bot.entry.wizard)
        **checklist_json(rs, tr),
    }


def checklist_json(rs: Ruleset, tr: Translator) -> dict[str, Any]:
    """The fan checklist (``wins[].fans``) where the ruleset's win inputs take it: its fans
    from the ruleset's fan list (``extra_json()["fans"]``, as the chat wizard's checklist),
    named in the chat's language, with their points (the page groups them by points), how
    often each may be ticked (``max_count``) and the ruleset's own words for the checklist
    and its total (台 / 番 …). Which fans go with the ticked ones, and the total, come with
    every preview (:func:`valid_choices`)."""
    if "fans" not in rs.win_inputs:
        return {"fans": []}
    fans = []
    for f in fan_list(rs):
        points = int(f.get("points") or 0)
        item: dict[str, Any] = {
            "id": str(f["id"]),
            "name": tr.entry(f),
            "points": points,
            "group": fan_words.amount(rs, tr, points),
            "max_count": max(1, int(f.get("max_count") or 1)),
        }
        if f.get("limit"):
            item["limit"] = True
        fans.append(item)
    return {
        "fans": fans,
        "fan_words": {
            "checklist": fan_words.checklist_label(rs, tr),
            "total": fan_words.total_label(rs, tr),
        },
    }


def build_record(
    table: TableView, dealer: str, prevalent: str, form: dict[str, Any]
) -> dict[str, Any]:
    players = [str(s.player_id) for s in seated(table)]
    return record_json(table.ruleset, dict(table.options), players, dealer, prevalent, form)


def record_json(
    ruleset: str,
    options: dict[str, Any],
    players: list[str],
    dealer: str,
    prevalent: str,
    form: dict[str, Any],
) -> dict[str, Any]:
    """The hand record's JSON from the page's form: the table's ruleset, options, players and
    the entry's dealer are the server's, never the page's; Guobiao's tiles get their
    self-drawn, seat wind and prevalent wind here."""
    d = players.index(dealer) if dealer in players else 0
    winds = {p: WINDS[(i - d) % len(players) % 4] for i, p in enumerate(players)}
    result = form.get("result")
    wins: list[dict[str, Any]] = []
    for w in form.get("wins") or []:
        if not isinstance(w, dict):
            raise Refusal(400, "bad_request")
        win: dict[str, Any] = {
            "winner": w.get("winner"),
            "from": w.get("from"),
            "robbed_kong": bool(w.get("robbed_kong")) and w.get("from") is not None,
            "shape": w.get("shape") or None,
            "flags": list(w.get("flags") or []),
        }
        if w.get("fan") is not None:
            win["fan"] = w.get("fan")
        fans = w.get("fans")
        if fans is not None:
            if not isinstance(fans, list) or not all(isinstance(f, str) for f in fans):
                raise Refusal(400, "bad_request")
            win["fans"] = list(fans)
        tiles = w.get("tiles")
        if isinstance(tiles, dict):
            t = {k: tiles[k] for k in TILE_KEYS if k in tiles}
            t["self_drawn"] = win["from"] is None
            t["seat_wind"] = winds.get(str(win["winner"]), "E")
            t["prevalent_wind"] = prevalent
            win["tiles"] = t
        wins.append(win)
    counts = form.get("counts") or {}
    if not isinstance(counts, dict):
        raise Refusal(400, "bad_request")
    clean_counts = {
        str(cid): {str(p): n for p, n in per.items() if n}
        for cid, per in counts.items()
        if isinstance(per, dict)
    }
    rec = {
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "dealer": dealer,
        "result": result,
        "wins": wins if result in scoring.get(ruleset).wins_allowed_in else [],
        "counts": {k: v for k, v in clean_counts.items() if v},
        "events": [e for e in form.get("events") or [] if isinstance(e, dict)],
    }
    # the record every door builds (bot.entry.checks): the fan a "how" carries, the flowers
    return checks.record_json(Draft.of_record(rec, {}))


def valid_choices(rs: Ruleset, opts: Any, rec: dict[str, Any]) -> list[dict[str, Any]]:
    """Per win, what the form may choose now: :func:`bot.entry.allowed.choices` (the chat's
    buttons and ``/hand`` ask the same): ``shapes``, ``flags`` (``not_with`` both ways),
    ``hows`` (the ways the table plays), ``fan_min`` and, with a checklist, ``fans`` and
    ``fan_total`` (a fan the "how" carries, Hong Kong's 自摸, is added, not offered)."""
    return allowed.choices(Draft.of_record(rec, {}))


def hand_choices(rec: dict[str, Any]) -> dict[str, list[str]]:
    """The hand's rows of player toggles (:func:`bot.entry.allowed.hand_choices`): riichi's
    ``riichi`` and, at a draw, ``tenpai`` (the players who may be ticked); empty elsewhere."""
    return allowed.hand_choices(Draft.of_record(rec, {}))


def problem(err: RecordError, rec: dict[str, Any], names: dict[str, str], tr: Translator) -> str:
    """The sentence for an impossible form (:func:`bot.entry.checks.problem_text`)."""
    return checks.problem_text(err, Draft.of_record(rec, names), tr)


def settlement_json(
    rec: dict[str, Any], names: dict[str, str], tr: Translator, table: TableView | None = None
) -> dict[str, Any]:
    """The preview's settlement; at a staked ``table`` each net's money too (the display's
    one money figure: present.hand_money's shares, not a ruleset's own stake step)."""
    record = HandRecord.from_json(rec)
    shown = present.preview(record, names)
    named = tr.parties(names)
    cash = present.net_money(shown.net, record.players, table)
    return {
        "headline": present.headline(record, named, tr),
        "payments": [
            {
                "from": named.get(p.payer, p.payer),
                "to": named.get(p.payee, p.payee),
                "amount": p.amount,
                "for": present.reason(record.ruleset, p.reason, tr),  # win, wildcards …
            }
            for p in shown.payments
        ],
        "net": [
            {"name": named.get(k, k), "amount": v}
            | (
                {"money": present.money(cash[k], table.currency, sign=True, lang=tr.lang)}
                if table is not None and k in cash
                else {}
            )
            for k, v in shown.net.items()
        ],
        "steps": tr.steps(shown.explanation),
        "unit": present.unit(record.ruleset, tr),
    }


def table_counts(data: dict[str, Any]) -> dict[str, int]:
    """A riichi hand's honba and riichi sticks on the table (``counts.honba`` /
    ``counts.riichi_sticks``, on the dealer: bot.riichi_entry), {} elsewhere."""
    counts = data.get("counts") or {}
    out = {k: sum((counts.get(k) or {}).values()) for k in riichi_entry.COUNTS}
    return {k: v for k, v in out.items() if v}


async def web_entry(acc: Access) -> DraftView | None:
    """The open entry of the table (chat or Mini App), if any."""
    drafts = await db(acc.ledger.open_drafts, acc.table.chat_id)
    for d in drafts:
        if d.table_id == acc.table.id and d.data.get("kind") == "hand":
            if d.data.get("mode", "record") != "calc":
                return d
    return None


async def player_name(acc: Access, player_id: int) -> str:
    name = next((s.name for s in acc.table.seats if s.player_id == player_id), None)
    if name is None:
        try:
            name = (await db(acc.ledger.get_player, player_id)).name
        except LedgerError:
            name = "?"
    return name


async def compose(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=True)
    t, tr, L = acc.table, acc.tr, acc.ledger
    _ = tr.gettext
    if t.status != "playing" or t.dealer_id is None:
        raise Refusal(409, "not_started", _("Start the table first."))
    d = await web_entry(acc)
    joined = None
    if d is not None and d.data.get("mode") != "web":
        who = await player_name(acc, d.author_id)
        raise Refusal(
            409,
            "busy",
            _(
                "{name} is already entering a hand at this table. Finish or cancel that entry "
                "first, then send the line again."
            ).format(name=who),
        )
    if d is not None and d.data.get("hand_count") != t.hand_count:
        try:  # an entry of an earlier hand (one was recorded from the chat meanwhile)
            await db(L.close_draft, d.id, version=d.version, status="cancelled")
        except LedgerError:
            pass
        d = None
    if d is not None and d.author_id != acting_player(acc):
        joined = await player_name(acc, d.author_id)
    if d is None:
        extra = await round_extras(acc.ctx, t)
        data = {
            "kind": "hand",
            "mode": "web",
            "ruleset": t.ruleset,
            "dealer": str(t.dealer_id),
            "names": present.names_of(t),
            **extra,
        }
        await riichi_entry.prefill(acc.ctx, t, data)  # riichi: honba, sticks (as the chat's)
        try:  # the table's one open entry, kept by the database (issue 24 point 1)
            d = await db(
                L.create_draft,
                tg_chat_id=t.chat_id,
                author_id=acting_player(acc),
                table_id=t.id,
                data=data,
                step="web",
                ttl_seconds=WEB_TTL,
                entry=True,
                done_steps=guard.CONVERGE_STEPS,
            )
        except EntryOpen as err:  # opened meanwhile (chat or Mini App): that one
            d = err.draft
            if d.data.get("mode") != "web":
                raise Refusal(
                    409,
                    "busy",
                    _(
                        "{name} is already entering a hand at this table. Finish or cancel that entry first, then send the line again."
                    ).format(name=await player_name(acc, d.author_id)),
                ) from None
            if d.author_id != acting_player(acc):
                joined = await player_name(acc, d.author_id)
    rs = scoring.get(t.ruleset)
    opts = rs.resolve_options(dict(t.options))
    dealer = str(d.data["dealer"])
    winds = shown_winds(t)
    wind_names = dict(zip(WINDS, tr.winds(), strict=True))
    out = declarations(rs, opts, tr)
    bystanders: list[dict[str, str]] = []
    if any(f["kind"] == "text" for e in out["events"] for f in e["fields"]):
        known = await db_long(L.chat_players, t.chat_id)
        seated_ids = set(t.player_ids)
        bystanders = [{"id": str(p.id), "name": p.name} for p in known if p.id not in seated_ids]
    out.update(
        entry=d.id,
        lang=tr.lang,
        hand_no=d.data.get("hand_no", t.next_number),
        dealer=dealer,
        prevalent_wind=d.data.get("prevalent_wind"),
        players=[
            {"id": str(s.player_id), "name": s.name, "wind": wind_names[winds[str(s.player_id)]]}
            for s in seated(t)
        ],
        bystanders=bystanders,
        joined=joined,
        table_counts=table_counts(d.data),  # riichi: the honba and sticks the preview counts
    )
    return out


async def preview(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=False)
    t, tr = acc.table, acc.tr
    form = body.get("form")
    if not isinstance(form, dict) or t.dealer_id is None:
        raise Refusal(400, "bad_request")
    dealer, prevalent = str(t.dealer_id), "E"
    entry = body.get("entry")
    on_table: dict[str, dict[str, int]] = {}
    if isinstance(entry, int):
        try:
            d = await db(acc.ledger.get_draft, entry)
            if d.table_id == t.id and d.data.get("mode") == "web":
                dealer = str(d.data.get("dealer", dealer))
                prevalent = str(d.data.get("prevalent_wind") or "E")
                on_table = {k: v for k, v in (d.data.get("counts") or {}).items()
                            if k in riichi_entry.COUNTS}  # fmt: skip
        except LedgerError:
            pass
    counts = form.get("counts")
    if t.ruleset == riichi_view.RIICHI and isinstance(counts, dict):
        # the ledger's honba and sticks, never the page's (as when the hand is recorded)
        kept = {k: v for k, v in counts.items() if k not in riichi_entry.COUNTS}
        form = {**form, "counts": {**kept, **on_table}}
    rec = build_record(t, dealer, prevalent, form)
    rs = scoring.get(t.ruleset)
    opts = rs.resolve_options(dict(t.options))
    names = present.names_of(t)
    out: dict[str, Any] = {"valid": valid_choices(rs, opts, rec), "hand": hand_choices(rec)}
    out["table_counts"] = table_counts(rec)  # riichi: honba and sticks, shown over the nets
    try:
        out["settlement"] = settlement_json(rec, names, tr, t)
    except RecordError as err:
        out["problem"] = problem(err, rec, names, tr)
    return out


async def _entry(acc: Access, body: dict[str, Any]) -> DraftView:
    entry = body.get("entry")
    _ = acc.tr.gettext
    if not isinstance(entry, int) or isinstance(entry, bool):
        raise Refusal(400, "bad_request")
    try:
        d = await db(acc.ledger.get_draft, entry)
    except DraftExpired:
        raise Refusal(
            409,
            "expired",
            _("Sorry, this entry expired (it was left unfinished too long); start it again."),
        ) from None
    except NotFound:
        raise Refusal(404, "no_entry", _("This entry is closed or has expired.")) from None
    if d.table_id != acc.table.id or d.data.get("mode") != "web":
        raise Refusal(404, "no_entry", _("This entry is closed or has expired."))
    return d


async def confirm(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=True)
    t, tr, L = acc.table, acc.tr, acc.ledger
    _ = tr.gettext
    d = await _entry(acc, body)
    if d.data.get("hand_id"):
        return await _already(acc, int(d.data["hand_id"]))
    if d.status != "open":
        raise Refusal(409, "closed", _("This entry is already finished."))
    form = body.get("form")
    if not isinstance(form, dict):
        raise Refusal(400, "bad_request")
    rec = build_record(t, str(d.data["dealer"]), str(d.data.get("prevalent_wind") or "E"), form)
    names = present.names_of(t)
    try:
        record = HandRecord.from_json(rec)
        hand = await db(
            L.record_hand,
            t.id,
            record,
            recorded_by=acting_player(acc),
            idempotency_key=f"web:{d.id}",
            expect_hand_count=d.data.get("hand_count"),
            expect_dealer=int(d.data["dealer"]),
        )
    except Conflict:
        raise Refusal(
            409,
            "conflict",
            _(
                "Another hand was recorded meanwhile, so the dealer may have "
                "changed. Cancel this entry and record the hand again."
            ),
        ) from None
    except RecordError as err:
        raise Refusal(422, "impossible", problem(err, rec, names, tr)) from None
    except LedgerError as err:
        raise Refusal(409, "refused", ledger_error(err, tr)) from None
    try:
        nd = await db(
            L.update_draft,
            d.id,
            version=d.version,
            step=guard.RECORDED,
            data={**d.data, "hand_id": hand.id},
        )
    except (StaleDraft, DraftExpired):
        return await _already(acc, hand.id)  # the other phone's Confirm shows it
    shown = await guard.converge(acc.ctx, nd, tr, None)
    await riichi_view.after_hand(acc.ctx, t.chat_id, tr, t.id, hand)  # a game over: its result
    return {
        "ok": True,
        "recorded": True,
        "seq": hand.seq,
        "shown": shown,
        "number": hand.number,
        "message": _("✅ Hand {n} recorded").format(n=hand.number),
    }


async def _already(acc: Access, hand_id: int) -> dict[str, Any]:
    hand = await db(acc.ledger.get_hand_by_id, hand_id)
    return {
        "ok": True,
        "recorded": False,
        "seq": hand.seq,
        "message": acc.tr.gettext("Already recorded."),
    }


async def cancel(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=True)
    d = await _entry(acc, body)
    if d.status == "open" and not d.data.get("hand_id"):
        try:
            await db(acc.ledger.close_draft, d.id, version=d.version, status="cancelled")
        except LedgerError:
            pass
    return {"ok": True}


# ---------------------------------------------------------------------------------------
# the calculator (a private /calc): any ruleset, four seats by wind, nothing recorded
# ---------------------------------------------------------------------------------------
def _calc_lang(request: web.Request, user: WebUser) -> Translator:
    ptb = request.app[PTB_APP]
    return Translator(normalize(user.language_code, ptb.bot_data.get("default_lang", "en")))


def _calc_ruleset(body: dict[str, Any]) -> Ruleset:
    rid = body.get("ruleset")
    ids = {rs.id: rs for rs in scoring.all_rulesets()}
    if rid is None:
        return ids.get("xingguo") or next(iter(ids.values()))
    if not isinstance(rid, str) or rid not in ids:
        raise Refusal(400, "bad_request")
    return ids[rid]


def _calc_players(rs: Ruleset, tr: Translator) -> list[dict[str, str]]:
    n = 4 if 4 in rs.players else max(rs.players)
    seats = (("东家", "East"), ("南家", "South"), ("西家", "West"), ("北家", "North"))
    winds = tr.winds()
    return [{"id": WINDS[i], "name": tr.pick(*seats[i]), "wind": winds[i]} for i in range(n)]


async def calc(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    user: WebUser = request["user"]
    tr = _calc_lang(request, user)
    rs = _calc_ruleset(body)
    opts = rs.resolve_options({})
    out = declarations(rs, opts, tr)
    players = _calc_players(rs, tr)
    out.update(
        calc=True,
        entry=None,
        lang=tr.lang,
        hand_no=1,
        dealer=players[0]["id"],
        prevalent_wind="E" if "tiles" in rs.win_inputs else None,
        players=players,
        bystanders=[],
        joined=None,
        rulesets=[{"id": r.id, "name": tr.name(r)} for r in scoring.all_rulesets()],
    )
    return out


async def calc_preview(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    user: WebUser = request["user"]
    tr = _calc_lang(request, user)
    rs = _calc_ruleset(body)
    form = body.get("form")
    if not isinstance(form, dict):
        raise Refusal(400, "bad_request")
    players = _calc_players(rs, tr)
    ids = [p["id"] for p in players]
    names = {p["id"]: p["name"] for p in players}
    rec = record_json(rs.id, {}, ids, ids[0], "E", form)
    out: dict[str, Any] = {
        "valid": valid_choices(rs, rs.resolve_options({}), rec),
        "hand": hand_choices(rec),
    }
    try:
        out["settlement"] = settlement_json(rec, names, tr)
    except RecordError as err:
        out["problem"] = problem(err, rec, names, tr)
    return out
