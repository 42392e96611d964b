"""The entry flow shared by the handlers: a draft's screen and message (the table setup, the
hand wizard, a confirmation), and a new hand's entry at a table — one at a time (an open
entry is resumed, not doubled). Both the draft taps (:mod:`bot.handlers.drafts`) and the
table's buttons and commands (:mod:`bot.handlers.table`, :mod:`bot.handlers.phrase`) start
entries here, so neither imports the other for it."""

from __future__ import annotations

import logging
from typing import Any

from telegram.error import BadRequest

import scoring
from bot import guard, present, setup, texts, wizard
from bot.context import Ctx, Who, db, db_long, ledger
from bot.i18n import Translator
from bot.streak import prefill_streak
from bot.tg import edit_or_send, esc, send
from scoring.declarations import is_enabled
from scoring.errors import RecordError
from scoring.rulesets.guobiao import prevalent_wind_for
from storage.errors import DraftExpired, StaleDraft
from storage.views import DraftView, TableView

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------------------------
# screens
# ---------------------------------------------------------------------------------------
def hand_screen(step: str, data: dict[str, Any], tr: Translator) -> wizard.Screen:
    if step != "preview":
        return wizard.render(step, data, tr)
    try:
        record = wizard.build_record(data)
        shown = present.preview(record, data["names"])
    except RecordError as err:
        return wizard.render(step, data, tr, error=wizard.problem_text(err, data, tr))
    return wizard.render(step, data, tr, settlement=shown)


def screen_for(d_step: str, data: dict[str, Any], tr: Translator, draft_id: int) -> wizard.Screen:
    kind = data.get("kind")
    if kind == "setup":
        return setup.render(d_step, data, tr)
    if kind == "confirm":
        return confirm_screen(data, tr)
    screen = hand_screen(d_step, wizard.load(data), tr)  # stored now or before (typed)
    if data.get("shared") and is_table_entry(data) and d_step not in guard.CONVERGE_STEPS:
        # a second Record hand found this entry: starting over is one tap away
        screen.rows.insert(
            max(0, len(screen.rows) - 1), [wizard.Button("🔄 " + tr.gettext("Start over"), "new")]
        )
    if d_step.startswith("evname.") or wizard.tiles_reply_step(d_step, data):
        # a text reply finds the draft by this tag
        screen.text += f"\n#{draft_id}"
    return screen


def confirm_screen(data: dict[str, Any], tr: Translator) -> wizard.Screen:
    _ = tr.gettext
    return wizard.Screen(
        data["question"],
        [[wizard.Button("✅ " + data["yes"], "y"), wizard.Button("✖ " + _("Cancel"), "x")]],
    )


async def show_draft(
    context: Ctx, d: DraftView, tr: Translator, message_id: int | None
) -> int | None:
    """Draw the draft's screen into its message (or a new one). Returns a new message id."""
    screen = screen_for(d.step, d.data, tr, d.id)
    markup = texts.draft_markup(screen, d.id, d.version)
    msg = await edit_or_send(context.bot, d.tg_chat_id, message_id, screen.text, markup)
    await guard.bind_draft(context, d, msg)  # posted anew (the old one was gone)
    return msg.message_id if msg else None


async def start_draft(
    context: Ctx,
    w: Who,
    *,
    table_id: int | None,
    step: str,
    data: dict[str, Any],
    reply_to: int | None = None,
) -> DraftView:
    """Create a draft and post its keyboard."""
    L = ledger(context)
    d = await db(
        L.create_draft,
        tg_chat_id=w.chat_id,
        author_id=w.player.id,
        table_id=table_id,
        data=data,
        step=step,
        ttl_seconds=context.application.bot_data.get("draft_ttl", 86400),
    )
    screen = screen_for(d.step, d.data, w.tr, d.id)
    msg = await send(
        context.bot,
        w.chat_id,
        screen.text,
        texts.draft_markup(screen, d.id, d.version),
        reply_to=reply_to,
    )
    await guard.bind_draft(context, d, msg)  # taps from any other message are refused
    return d


# ---------------------------------------------------------------------------------------
# one entry at a time
# ---------------------------------------------------------------------------------------
def is_table_entry(data: dict[str, Any]) -> bool:
    """A new hand's entry at a table (Record hand, Draw, or /hand TEXT), not /edit nor /calc."""
    return (
        data.get("kind") == "hand"
        and data.get("mode", "record") == "record"
        and not data.get("edit_hand_id")
    )


def is_web_entry(data: dict[str, Any]) -> bool:
    """A new hand's entry in the Mini App's composer (bot/web: a draft with no chat screen)."""
    return data.get("kind") == "hand" and data.get("mode") == "web"


def open_web_entry(drafts: list[DraftView], table: TableView) -> DraftView | None:
    """The table's open composer entry for its next hand (one for an earlier hand is stale:
    the composer drops it when opened again)."""
    for d in drafts:
        if (
            d.table_id == table.id
            and is_web_entry(d.data)
            and d.step not in guard.CONVERGE_STEPS
            and d.data.get("hand_count", table.hand_count) == table.hand_count
        ):
            return d
    return None


async def point_to_web_entry(context: Ctx, w: Who, d: DraftView) -> None:
    """Record hand while the Mini App has this hand open: no second entry; a note says who
    is entering it there, with 🔄 Start over to drop it and enter the hand here instead."""
    _ = w.tr.gettext
    author = d.data.get("names", {}).get(str(d.author_id))
    if author is None:
        author = (await db(ledger(context).get_player, d.author_id)).name
    note = _(
        "{name} is entering this hand in the Mini App (📱 Open): go on there, or start over here."
    ).format(name=esc(author))
    screen = wizard.Screen(note, [[wizard.Button("🔄 " + _("Start over"), "new")]])
    msg = await send(context.bot, w.chat_id, note, texts.draft_markup(screen, d.id, d.version))
    await guard.bind_draft(context, d, msg)


def open_entry(drafts: list[DraftView], table_id: int) -> DraftView | None:
    """The table's hand entry that is open (not /edit, nor a recorded hand whose messages are
    being shown)."""
    for d in drafts:
        if d.table_id == table_id and is_table_entry(d.data) and d.step not in guard.CONVERGE_STEPS:
            return d
    return None


async def resume_open_entry(context: Ctx, w: Who, table_id: int) -> bool:
    """Record hand while an entry is open: no second draft. The open entry comes down to the
    bottom of the chat (its old message loses its keyboard), saying whose entry it is; any
    seated player may go on with it, or tap Start over. True if there was one."""
    L = ledger(context)
    drafts = await db(L.open_drafts, w.chat_id)
    d = open_entry(drafts, table_id)
    if d is None:
        web = open_web_entry(drafts, await db(L.get_table, table_id))
        if web is not None:
            await point_to_web_entry(context, w, web)
        return web is not None
    _ = w.tr.gettext
    data = {**d.data, "shared": True}
    try:
        nd = await db(L.update_draft, d.id, version=d.version, step=d.step, data=data)
    except (StaleDraft, DraftExpired):
        return False  # it moved or closed meanwhile: a fresh entry is fine
    author = data["names"].get(str(d.author_id))
    if author is None:
        author = (await db(L.get_player, d.author_id)).name
    screen = screen_for(nd.step, nd.data, w.tr, nd.id)
    note = _(
        "{name} is already entering this hand: anyone at the table can go on with it here, "
        "or start over."
    ).format(name=esc(author))
    msg = await send(
        context.bot,
        w.chat_id,
        f"✏️ <i>{note}</i>\n{screen.text}",
        texts.draft_markup(screen, nd.id, nd.version),
    )
    await guard.bind_draft(context, nd, msg)
    if d.message_id is not None and msg is not None and d.message_id != msg.message_id:
        moved = "⤵️ " + esc(_("This entry continues below."))
        try:
            await edit_or_send(context.bot, w.chat_id, d.message_id, moved, None)
        except BadRequest:
            pass  # deleted meanwhile: nothing to clear
    return True


# ---------------------------------------------------------------------------------------
# a new hand at the table
# ---------------------------------------------------------------------------------------
async def start_hand(context: Ctx, w: Who, table: TableView, result: str | None) -> None:
    """Record hand (or Draw) on the table message, or 🔄 Start over: the hand's entry, unless
    one is open already (then that one comes down to the bottom of the chat)."""
    assert table.dealer_id is not None
    if await resume_open_entry(context, w, table.id):  # one entry at a time (issue 14)
        return
    step, data = wizard.new_state(
        ruleset=table.ruleset,
        options=dict(table.options),
        players=seat_order(table),
        names=present.names_of(table),
        dealer=str(table.dealer_id),
        result=result,
        hand_no=table.next_seq,
    )
    data["kind"] = "hand"
    data.update(await round_extras(context, table))
    data["table_entry"], data["first_result"] = True, result  # see resume_open_entry
    await prefill_streak(context, table, data)  # the dealer's 連莊 count from the ledger
    await add_bystanders(context, table, data)
    await start_draft(context, w, table_id=table.id, step=step, data=data)


def seat_order(table: TableView) -> list[str]:
    """The seated players' ids, East first: a hand's ``players``."""
    return [str(s.player_id) for s in sorted(table.seats, key=lambda s: s.seat_index)]


async def round_extras(context: Ctx, table: TableView) -> dict[str, Any]:
    """The draft keys a new hand gets besides the record (Record hand, the one-line /hand, the
    Mini App): the table's hand count and next number, Guobiao's default prevalent wind (圈风)."""
    extra: dict[str, Any] = {"hand_count": table.hand_count, "hand_no": table.next_seq}
    rs = scoring.get(table.ruleset)
    if rs.option("round_wind") is not None:
        mode = rs.resolve_options(dict(table.options)).s("round_wind")
        before = 0
        if mode == "by_hands":  # the night's confirmed hands (voided ones do not count)
            before = (await db(ledger(context).standings, table.id)).hand_count
            extra["night_hand"] = before + 1
        extra["prevalent_wind"] = prevalent_wind_for(before, mode)
    return extra


async def add_bystanders(context: Ctx, table: TableView, data: dict[str, Any]) -> None:
    """If the ruleset has events with a text field (a player who is not seated, e.g. Yichun's
    压鸽子 backer, when its option is on), list the chat's other players for the wizard."""
    rs = scoring.get(table.ruleset)
    opts = rs.resolve_options(dict(table.options))
    wanted = [e for e in rs.events if wizard.text_fields(e) and is_enabled(e.enabled_by, opts)]
    if not wanted:
        return
    seated = set(table.player_ids)
    # a read of every ledger row of the chat: a worker thread, not the event loop (db_long)
    known = await db_long(ledger(context).chat_players, table.chat_id)
    others = [p for p in known if p.id not in seated]
    data["bystanders"] = [str(p.id) for p in others]
    for p in others:
        data["names"].setdefault(str(p.id), p.name)
