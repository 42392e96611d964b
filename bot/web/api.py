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

This module is the HTTP side only (routes, access, bodies, refusals, the ledger calls): the
composer's JSON (declarations, the record from the form, the valid choices, the preview) is
:mod:`bot.web.compose`, the scoreboard's :mod:`bot.web.views`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

import scoring
from bot import guard, present, riichi_entry, riichi_view
from bot.context import db, db_long, is_admin
from bot.handlers.common import ledger_error
from bot.handlers.flow import round_extras
from bot.i18n import Translator, normalize
from bot.web import compose as compose_json
from bot.web import views
from bot.web.auth import BODY, USER, WebUser, table_of_token
from bot.web.compose import declarations, problem, record_json, valid_choices
from bot.web.config import CONFIG, PTB_APP
from bot.web.views import hand_json, table_json, table_version
from scoring.errors import RecordError
from scoring.record import HandRecord
from scoring.ruleset import Ruleset
from storage.errors import Conflict, DraftExpired, EntryOpen, LedgerError, NotFound, StaleDraft
from storage.service import Ledger
from storage.views import DraftView, TableView

__all__ = [  # the routes; the JSON builders (bot.web.compose, .views) named here as before
    "add_routes",
    "declarations",
    "hand_json",
    "problem",
    "record_json",
    "table_json",
    "valid_choices",
]

log = logging.getLogger(__name__)

MEMBER_SECONDS = 30.0
WEB_TTL = 30 * 60  # an entry left open in the composer blocks the chat's /hand at most this long
HISTORY = 50
NIGHTS = 12


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
            body = request[BODY] if BODY in request else await request.json()
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
        except compose_json.BadForm:  # a form not of the API's shape
            return web.json_response({"error": "bad_request"}, status=400)
        return web.json_response(out)

    return handler


# ---------------------------------------------------------------------------------------
# who is asking, about which table
# ---------------------------------------------------------------------------------------
async def access(request: web.Request, body: dict[str, Any], *, write: bool) -> Access:
    user: WebUser = request[USER]
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
async def version(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=False)
    return {"version": table_version(acc.table)}


async def board(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    acc = await access(request, body, write=False)
    t, L = acc.table, acc.ledger
    st = await db(L.standings, t.id) if t.status != "open" else None
    page = await db(L.history, t.id, page=0, page_size=HISTORY)
    nights = [
        await db(L.night_transfers, t.id, night=n)
        for n in range(max(1, t.night - NIGHTS + 1), t.night + 1)
    ]
    return views.board_json(
        t, st, page.items, nights, acc.tr, can_write=acc.seat_player is not None
    )


# ---------------------------------------------------------------------------------------
# the composer
# ---------------------------------------------------------------------------------------
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
    out = compose_json.declarations(rs, rs.resolve_options(dict(t.options)), tr)
    bystanders: list[dict[str, str]] = []
    if any(f["kind"] == "text" for e in out["events"] for f in e["fields"]):
        known = await db_long(L.chat_players, t.chat_id)
        seated_ids = set(t.player_ids)
        bystanders = [{"id": str(p.id), "name": p.name} for p in known if p.id not in seated_ids]
    out.update(
        entry=d.id,
        lang=tr.lang,
        hand_no=d.data.get("hand_no", t.next_number),
        dealer=str(d.data["dealer"]),
        prevalent_wind=d.data.get("prevalent_wind"),
        players=compose_json.players_json(t, tr),
        bystanders=bystanders,
        joined=joined,
        # riichi: the honba and sticks the preview counts
        table_counts=compose_json.table_counts(d.data),
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
    rec = compose_json.build_record(t, dealer, prevalent, form)
    rs = scoring.get(t.ruleset)
    opts = rs.resolve_options(dict(t.options))
    return compose_json.preview_json(rs, opts, rec, present.names_of(t), tr, t)


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
    dealer, prevalent = str(d.data["dealer"]), str(d.data.get("prevalent_wind") or "E")
    rec = compose_json.build_record(t, dealer, prevalent, form)
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
        raise Refusal(422, "impossible", compose_json.problem(err, rec, names, tr)) from None
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


async def calc(request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
    user: WebUser = request[USER]
    tr = _calc_lang(request, user)
    rs = _calc_ruleset(body)
    opts = rs.resolve_options({})
    out = compose_json.declarations(rs, opts, tr)
    players = compose_json.calc_players(rs, tr)
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
    user: WebUser = request[USER]
    tr = _calc_lang(request, user)
    rs = _calc_ruleset(body)
    form = body.get("form")
    if not isinstance(form, dict):
        raise Refusal(400, "bad_request")
    players = compose_json.calc_players(rs, tr)
    ids = [p["id"] for p in players]
    names = {p["id"]: p["name"] for p in players}
    rec = compose_json.record_json(rs.id, {}, ids, ids[0], "E", form)
    return compose_json.preview_json(rs, rs.resolve_options({}), rec, names, tr)
