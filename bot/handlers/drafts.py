"""Taps on draft keyboards: the table setup, the hand wizard (record, /edit, /calc), and the
confirmations of Undo and Settle. Every draft lives in the database; the callback data names
the draft and its version, so a stale or forged keyboard, or a second Confirm, changes nothing.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from telegram import Update
from telegram.error import BadRequest

import scoring
from bot import guard, setup, texts, wizard
from bot.callback import DraftCb
from bot.context import Ctx, Who, db, is_admin, ledger, seated_or_admin, who
from bot.handlers.common import (
    alert,
    display_settlement,
    done,
    ledger_error,
)
from bot.i18n import Translator
from bot.tg import edit_or_send, esc, send
from scoring.errors import RecordError
from storage.errors import Conflict, DraftExpired, LedgerError, NotFound, StaleDraft
from storage.views import DraftView, TableView

log = logging.getLogger(__name__)
DRAFT_TAG = re.compile(r"#(\d+)\s*$")


# ---------------------------------------------------------------------------------------
# screens
# ---------------------------------------------------------------------------------------
def hand_screen(step: str, data: dict[str, Any], tr: Translator) -> wizard.Screen:
    if step != "preview":
        return wizard.render(step, data, tr)
    try:
        record = wizard.build_record(data)
        shown = display_settlement(record, data["names"])
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
# the tap
# ---------------------------------------------------------------------------------------
async def on_draft_tap(update: Update, context: Ctx, cb: DraftCb) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    w = await who(update, context)
    _ = w.tr.gettext
    L = ledger(context)
    try:
        d = await db(L.get_draft, cb.draft_id)
    except DraftExpired:
        await alert(
            q, _("Sorry, this entry expired (it was left unfinished too long); start it again.")
        )
        return
    except NotFound:
        await alert(q, _("This entry is closed or has expired."))
        return
    if d.tg_chat_id != q.message.chat.id or not guard.draft_tap_belongs(q, d):
        log.warning("refused a draft tap %r on message %s", q.data, q.message.message_id)
        await alert(q, guard.refusal(q, d, cb, w.tr))
        return
    if await guard.allowed_to_converge(context, w, d) and await guard.converge_tap(
        update, context, w, d
    ):
        return  # a hand the ledger has: its messages shown, whatever the tap was
    if d.status != "open":
        await alert(q, _("This entry is already finished."))
        return
    if not await allowed(context, w, d):
        await alert(q, _("Only the players at this table (or a chat admin) can do that."))
        return
    if cb.action == "new" and is_web_entry(d.data):
        # 🔄 Start over here, under the note that a Mini App entry is open: the composer's
        # edits move its version on, so this tap takes whatever version it has now
        await start_over(update, context, w, d)
        return
    if d.version != cb.version:
        if cb.version < d.version:
            # an older screen of this entry: someone moved on from another phone, or an edit
            # Telegram never applied (a timeout). Draw the current step into this message.
            await show_draft(context, d, w.tr, q.message.message_id)
            await alert(
                q, _("This keyboard was out of date; the message now shows the current step.")
            )
            return
        await alert(q, _("This keyboard is out of date; use the latest message."))
        return
    kind = d.data.get("kind")
    if cb.action == "x":
        await close(context, w, d, q.message.message_id, "cancelled", _("Cancelled."))
        await done(q)
        return
    if kind == "confirm" and cb.action == "y":
        await confirm_action(update, context, w, d)
        return
    if kind == "hand" and cb.action == "c":
        await confirm_hand(update, context, w, d)
        return
    if kind == "hand" and cb.action == "new" and is_table_entry(d.data):
        await start_over(update, context, w, d)
        return
    if kind == "hand" and cb.action == "again" and d.data.get("mode") == "calc":
        step, data = calc_state(d.data, w.tr)
        await save_and_show(update, context, w, d, step, data)
        return
    data = wizard.load(d.data) if kind == "hand" else d.data  # the typed draft's form
    try:
        if kind == "setup":
            step = setup.apply(d.step, data, cb.action, cb.arg)
        elif kind == "hand":
            step = wizard.apply(d.step, data, cb.action, cb.arg)
        else:
            raise wizard.WizardError("bad_arg")
    except wizard.Refused as err:  # the tap would make the hand impossible: said here
        await alert(q, wizard.problem_text(err.err, d.data, w.tr))
        return
    except wizard.TilesError as err:  # the tile pad's Done: what is wrong with the tiles
        await alert(q, re.sub(r"<[^>]+>", "", wizard.tiles_error_text(err, w.tr)))
        return
    except wizard.WizardError as err:
        await alert(q, wizard_error(str(err), w.tr))
        return
    except (IndexError, KeyError, ValueError):
        log.warning("tap %r does not fit draft %s at step %s", cb, d.id, d.step)
        await alert(q, _("This button is not valid."))
        return
    if kind == "setup" and step == "open":
        await finish_setup(update, context, w, d)
        return
    await save_and_show(update, context, w, d, step, data)


async def allowed(context: Ctx, w: Who, d: DraftView) -> bool:
    if d.data.get("mode") == "calc" or w.private:
        return d.author_id == w.player.id
    if d.data.get("kind") == "setup":
        return d.author_id == w.player.id or await is_admin(context, w.chat_id, w.tg_user_id)
    if d.data.get("kind") == "confirm" and d.table_id is not None:
        # the table's people (Yes on an undo checks the right to void again)
        return await guard.table_right(context, w, await db(ledger(context).get_table, d.table_id))
    if d.table_id is None:
        return d.author_id == w.player.id
    if d.data.get("kind") == "hand" and str(w.player.id) in d.data.get("players", ()):
        return True  # seated when the entry began (saves a query per tap)
    table = await db(ledger(context).get_table, d.table_id)
    return await seated_or_admin(context, w, table)


def wizard_error(code: str, tr: Translator) -> str:
    _ = tr.gettext
    return {
        "at_max": _("That is the most possible."),
        "at_min": _("It cannot go lower."),
        "not_with": _("That cannot be combined with what is already chosen."),
        "need_fan": _("Enter the fan total first."),
        "need_fans": _("Tick at least one fan."),
        "need_tiles": _("Reply with the tiles first."),
        "bad_tiles": _("I could not read those tiles."),
        "too_big": _("That number is too big."),
        "no_back": _("This is the first step."),
        "seated": _("That player is seated at the table; a backer is someone else."),
        "duplicate": _("That one is already entered."),
        "bad_name": _("Send a name (at most 64 characters)."),
        "pad_meld": _(
            "A meld is three or four tiles, a concealed kong four: close it with ] or ) first."
        ),
    }.get(code, _("This button is not valid."))


async def save_and_show(
    update: Update, context: Ctx, w: Who, d: DraftView, step: str, data: dict[str, Any]
) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    try:
        nd = await db(ledger(context).update_draft, d.id, version=d.version, step=step, data=data)
    except (StaleDraft, DraftExpired) as err:
        await alert(q, ledger_error(err, w.tr))
        return
    await show_draft(context, nd, w.tr, q.message.message_id)
    await done(q)


async def close(
    context: Ctx, w: Who, d: DraftView, message_id: int, status: str, text: str
) -> bool:
    try:
        await db(ledger(context).close_draft, d.id, version=d.version, status=status)
    except (StaleDraft, DraftExpired):
        return False
    await edit_or_send(context.bot, d.tg_chat_id, message_id, text, None)
    return True


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


async def start_over(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    """🔄 Start over on a shared entry: it is cancelled and a fresh one begins."""
    q = update.callback_query
    assert q is not None and q.message is not None
    if not await close(
        context, w, d, q.message.message_id, "cancelled", esc(w.tr.gettext("Started over."))
    ):
        await alert(q, w.tr.gettext("Someone else just changed this; look at the latest message."))
        return
    from bot.handlers.table import start_hand

    assert d.table_id is not None
    table = await db(ledger(context).get_table, d.table_id)
    result = d.data.get("first_result")
    await start_hand(context, w, table, result if isinstance(result, str) else None)
    await done(q)


# ---------------------------------------------------------------------------------------
# setup → table / calc
# ---------------------------------------------------------------------------------------
def calc_state(data: dict[str, Any], tr: Translator) -> tuple[str, dict[str, Any]]:
    _ = tr.gettext
    rs = scoring.get(data["ruleset"])
    n = max(rs.players)
    seats = [_("East"), _("South"), _("West"), _("North")][:n]
    players = ["e", "s", "w", "n"][:n]
    step, new = wizard.new_state(
        ruleset=rs.id,
        options=dict(data.get("options") or {}),
        players=players,
        names=dict(zip(players, seats, strict=True)),
        dealer=players[0],
        mode="calc",
    )
    new["kind"] = "hand"
    return step, new


async def finish_setup(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    data = d.data
    if data["mode"] == "calc":
        step, new = calc_state(data, w.tr)
        await save_and_show(update, context, w, d, step, new)
        return
    L = ledger(context)
    try:
        await db(L.close_draft, d.id, version=d.version, status="done")
    except (StaleDraft, DraftExpired) as err:
        await alert(q, ledger_error(err, w.tr))
        return
    try:
        table = await db(
            L.open_table,
            w.chat_id,
            creator_id=w.player.id,
            ruleset=data["ruleset"],
            options=setup.table_options(data),
            stake_minor=data.get("stake") or None,
            currency=setup.CURRENCY if data.get("stake") else None,
        )
    except (LedgerError, RecordError) as err:
        await edit_or_send(
            context.bot, w.chat_id, q.message.message_id, esc(ledger_error(err, w.tr)), None
        )
        await done(q)
        return
    from bot.handlers.common import post_table_message

    await post_table_message(context, table, None, w.tr, edit=False)
    try:
        # through the bot, not Message.delete(): the message may be an InaccessibleMessage
        await context.bot.delete_message(q.message.chat.id, q.message.message_id)
    except BadRequest:
        pass
    await done(q)


# ---------------------------------------------------------------------------------------
# confirm a hand
# ---------------------------------------------------------------------------------------
async def confirm_hand(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    L = ledger(context)
    data = wizard.load(d.data)
    if d.step != "preview" or data.get("mode") == "calc" or d.table_id is None:
        await alert(q, _("This button is not valid."))
        return
    try:
        record = wizard.build_record(data)
    except RecordError as err:
        await alert(q, wizard.problem_text(err, data, w.tr))
        return
    key = f"draft:{d.id}:v{d.version}"
    try:
        if data.get("edit_hand_id"):
            # correcting voids the hand: the right of /undo, checked now (bot.guard)
            right = await guard.edit_right(context, w, d)
            if not right.ok:
                await alert(q, guard.void_refusal(w.tr))
                return
            admin = right.admin
            hand = await db(
                L.correct_hand,
                int(data["edit_hand_id"]),
                record,
                by_player_id=w.player.id,
                idempotency_key=key,
                admin=admin,
            )
        else:
            # No draft_id here: the ledger would close the draft itself, and then neither tap
            # would know which one recorded the hand. Closing it ourselves below decides that
            # (and a crash in between leaves the draft open: Confirm again finds the same hand
            # — the key is looked up before the table's state is compared with the entry's).
            hand = await db(
                L.record_hand,
                d.table_id,
                record,
                recorded_by=w.player.id,
                idempotency_key=key,
                expect_hand_count=data.get("hand_count"),
                expect_dealer=int(data["dealer"]),
            )
    except Conflict:
        await alert(
            q,
            _(
                "Another hand was recorded meanwhile, so the dealer may have "
                "changed. Cancel this entry and record the hand again."
            ),
        )
        return
    except RecordError as err:  # the ruleset's check on the whole hand: in words, not paths
        await alert(q, wizard.problem_text(err, data, w.tr))
        return
    except LedgerError as err:
        await alert(q, ledger_error(err, w.tr))
        return
    await guard.hand_recorded(update, context, w, d, hand)  # shows it, converging after errors


# ---------------------------------------------------------------------------------------
# confirmations (undo, settle)
# ---------------------------------------------------------------------------------------
def settled_note(night: int, tr: Translator) -> str:
    """Said after a hand of a night settled already was voided (undo) or corrected."""
    text = tr.gettext("Night {n} was already settled; /nights {n} shows its new totals.")
    return text.format(n=night)


async def confirm_action(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    what = d.data.get("what")
    if what == "undo":
        from bot.handlers.table import do_undo

        await do_undo(update, context, w, d)
    elif what == "settle":
        from bot.handlers.table import do_settle

        await do_settle(update, context, w, d)
    else:
        await alert(q, w.tr.gettext("This button is not valid."))


# ---------------------------------------------------------------------------------------
# text replies (tiles)
# ---------------------------------------------------------------------------------------
async def on_reply_text(update: Update, context: Ctx) -> None:
    msg = update.effective_message
    if msg is None or msg.reply_to_message is None or not msg.text:
        return
    target = msg.reply_to_message
    if target.from_user is None or target.from_user.id != context.bot.id:
        return
    m = DRAFT_TAG.search(target.text or "")
    if m is None:
        return
    w = await who(update, context)
    _ = w.tr.gettext
    L = ledger(context)
    try:
        d = await db(L.get_draft, int(m.group(1)))
    except (NotFound, DraftExpired):
        return
    if d.tg_chat_id != w.chat_id or d.status != "open":
        return
    tiles_step = wizard.tiles_reply_step(d.step, d.data)
    if not (tiles_step or d.step.startswith("evname.")):
        return
    if d.message_id is not None and d.message_id != target.message_id:
        return  # a reply to another message naming this draft: not its message
    if not await allowed(context, w, d):
        return
    data = d.data
    data.update(wizard.load(data))  # the typed draft's form, in place (name_reply edits it)
    step = d.step
    try:
        if tiles_step:
            wizard.set_tiles(data, tiles_step, msg.text)
            if step == tiles_step:  # read: on to the preview, no Next to tap
                step = wizard.after_tiles(data, step)
        else:
            step = await name_reply(context, w, d, msg.text)
    except RecursionError:  # JSON nested too deeply to read: a syntax error like any other
        err = wizard.TilesError("bad_tiles", "JSON nested too deeply")
        await msg.reply_text(wizard.tiles_error_text(err, w.tr))
        return
    except wizard.TilesError as err:  # which character, where; the user replies again
        # quote a prefix of the user's text, not all of it
        err.why = guard.short(err.why, 40 if str(err).startswith("word_") else 200)
        await msg.reply_text(wizard.tiles_error_text(err, w.tr))
        return
    except wizard.WizardError as err:
        await msg.reply_text(wizard_error(str(err), w.tr))
        return
    except LedgerError as err:
        await msg.reply_text(ledger_error(err, w.tr))
        return
    try:
        nd = await db(L.update_draft, d.id, version=d.version, step=step, data=data)
    except (StaleDraft, DraftExpired) as err:
        await msg.reply_text(ledger_error(err, w.tr))
        return
    await show_draft(context, nd, w.tr, target.message_id)


async def name_reply(context: Ctx, w: Who, d: DraftView, text: str) -> str:
    """A name typed for an event's text field (e.g. a 压鸽子 backer who is not in the list):
    the chat's guest of that name (created if new) — or, in /calc, a name only. Changes
    ``d.data``; returns the new step."""
    name = " ".join(text.split())
    if not name or len(name) > 64:
        raise wizard.WizardError("bad_name")
    data = d.data
    if data.get("mode") == "calc":
        known = {v: k for k, v in data["names"].items() if k not in data["players"]}
        pid = known.get(name) or f"x{len(data.get('bystanders', [])) + 1}"
    else:
        guest = await db(ledger(context).ensure_guest, w.chat_id, name)
        pid, name = str(guest.id), guest.name
    return wizard.set_text_value(data, d.step, pid, name)
