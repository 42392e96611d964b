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
from bot import guard, riichi_view, setup
from bot.callback import DraftCb
from bot.context import Ctx, Who, db, is_admin, ledger, seated_or_admin, who
from bot.entry import wizard
from bot.handlers.common import alert, done, ledger_error, post_table_message, reply_to_bot, short
from bot.handlers.confirm import do_settle, do_undo, finished_text
from bot.handlers.flow import (
    is_table_entry,
    is_web_entry,
    show_draft,
    start_hand,
)
from bot.i18n import Translator
from bot.tg import edit_or_send, esc
from scoring.errors import RecordError
from storage.errors import Conflict, DraftExpired, LedgerError, NotFound, StaleDraft
from storage.views import DraftView

log = logging.getLogger(__name__)
DRAFT_TAG = re.compile(r"#(\d+)\s*$")


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
        await alert(q, await finished_text(context, d, w.tr))  # e.g. "already voided"
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


async def start_over(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    """🔄 Start over on a shared entry: it is cancelled and a fresh one begins."""
    q = update.callback_query
    assert q is not None and q.message is not None
    if not await close(
        context, w, d, q.message.message_id, "cancelled", esc(w.tr.gettext("Started over."))
    ):
        await alert(q, w.tr.gettext("Someone else just changed this; look at the latest message."))
        return
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
            currency=setup.currency_of(data),  # the table's one currency (issue 25.1)
        )
    except (LedgerError, RecordError) as err:
        await edit_or_send(
            context.bot, w.chat_id, q.message.message_id, esc(ledger_error(err, w.tr)), None
        )
        await done(q)
        return
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
    await riichi_view.after_hand(context, w.chat_id, w.tr, d.table_id, hand)  # a game over


# ---------------------------------------------------------------------------------------
# confirmations (undo, settle)
# ---------------------------------------------------------------------------------------
async def confirm_action(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    what = d.data.get("what")
    if what == "undo":
        await do_undo(update, context, w, d)
    elif what == "settle":
        await do_settle(update, context, w, d)
    else:
        await alert(q, w.tr.gettext("This button is not valid."))


# ---------------------------------------------------------------------------------------
# text replies (tiles)
# ---------------------------------------------------------------------------------------
async def on_reply_text(update: Update, context: Ctx) -> None:
    found = reply_to_bot(update, context)
    if found is None:
        return
    msg, target, text = found
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
    typed = d.data.get("kind") == "setup" and d.step == "ruleset"  # a city, a name (#26.6)
    tiles_step = None if typed else wizard.tiles_reply_step(d.step, d.data)
    if not (tiles_step or d.step.startswith("evname.") or typed):
        return
    if d.message_id is not None and d.message_id != target.message_id:
        return  # a reply to another message naming this draft: not its message
    if not await allowed(context, w, d):
        return
    data = d.data
    if typed:
        rid = setup.pick_typed(data, text)
        step = setup.apply(d.step, data, "rs", str(data["choices"].index(rid))) if rid else ""
        if step in ("", "open"):  # none or several by that name; or nothing more to ask
            await msg.reply_text(_("No one set of rules by that name: tap a region above."))
            return
        nd = await db(L.update_draft, d.id, version=d.version, step=step, data=data)
        await show_draft(context, nd, w.tr, target.message_id)
        return
    data.update(wizard.load(data))  # the typed draft's form, in place (name_reply edits it)
    step = d.step
    try:
        if tiles_step:
            wizard.set_tiles(data, tiles_step, text)
            if step == tiles_step:  # read: on to the preview, no Next to tap
                step = wizard.after_tiles(data, step)
        else:
            step = await name_reply(context, w, d, text)
    except RecursionError:  # JSON nested too deeply to read: a syntax error like any other
        err = wizard.TilesError("bad_tiles", "JSON nested too deeply")
        await msg.reply_text(wizard.tiles_error_text(err, w.tr))
        return
    except wizard.TilesError as err:  # which character, where; the user replies again
        # quote a prefix of the user's text, not all of it
        err.why = short(err.why, 40 if str(err).startswith("word_") else 200)
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
