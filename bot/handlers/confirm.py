"""Undo and Settle: asked first, done on "Yes" (a draft, so a double tap does it once).

Undo is asked only of whoever may void the last hand (who recorded it, the table's creator,
a chat admin; anyone else is told at once who may, bot/handlers/fix.py). The change is the
ledger's (``void_hand`` with ``expect_last``, ``new_night`` with ``expect_night``), done once;
the prompt is closed after its outcome is shown, so a second Yes, or the same tap delivered
again after a crash, shows the outcome again ("Hand N is already voided.", "Night N is
already settled.") and changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import InputFile, Update
from telegram.error import BadRequest, TelegramError

from bot import guard, present, texts
from bot.context import Ctx, Who, db, ledger
from bot.handlers import fix, images
from bot.handlers.common import alert, done, ledger_error, refresh_table, settled_note
from bot.handlers.flow import start_draft
from bot.handlers.retry import retrying
from bot.i18n import Translator
from bot.tg import edit_or_send, esc, send
from storage.errors import AlreadyVoided, Conflict, DraftExpired, LedgerError, StaleDraft
from storage.views import DraftView, TableView

log = logging.getLogger(__name__)


async def refuse(context: Ctx, w: Who, q: Any, text: str) -> None:
    """An alert on a tap, a reply to a command."""
    if q is not None:
        await alert(q, text)
    else:
        await send(context.bot, w.chat_id, esc(text))


async def ask_undo(context: Ctx, w: Who, table: TableView, q: Any) -> None:
    """Undo / ``/undo``: "Void the last hand?" — asked only of whoever may void it (who
    recorded it, the table's creator, a chat admin); anyone else is told at once who may."""
    _ = w.tr.gettext
    hand = await db(ledger(context).last_hand, table.id)
    if hand is None:
        if not await guard.table_right(context, w, table):
            text = _("Only the players at this table (or a chat admin) can do that.")
        else:
            text = _("There is no hand to undo.")
        await refuse(context, w, q, text)
        return
    if not (await guard.void_right(context, w, table, hand)).ok:
        await refuse(context, w, q, await fix.who_may(context, table, hand, w.tr, fix.VOID))
        return
    names = present.names_of(table, hand.names)
    question = _("Void the last hand?") + "\n" + texts.result_line(hand, names, w.tr)
    if hand.night < table.night:
        note = _("This hand belongs to night {n}, which is already settled: its totals change.")
        question += "\n" + esc(note.format(n=hand.night))
    data = {
        "kind": "confirm",
        "what": "undo",
        "void_hand_id": hand.id,  # not "hand_id": that names a recorded hand's entry
        "seq": hand.seq,
        "question": question,
        "yes": _("Yes, void hand {n}").format(n=hand.number),
    }
    await start_draft(context, w, table_id=table.id, step="confirm", data=data)


def undo_hand_id(d: DraftView) -> int:
    """The hand an undo's confirmation voids (``hand_id`` in drafts from before)."""
    return int(d.data["void_hand_id"] if "void_hand_id" in d.data else d.data["hand_id"])


async def do_undo(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    """Yes, void hand N. The void is the change (once: a second Yes, or the same tap
    redelivered after a restart, finds the hand voided by an undo and only shows it); the
    confirmation is closed after it, so no crash point loses the undo."""
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    L = ledger(context)
    assert d.table_id is not None
    table = await db(L.get_table, d.table_id)
    # by its id: a correction (/edit) takes the hand's number, the first entry another
    hand = await db(L.get_hand_by_id, undo_hand_id(d))
    right = await guard.void_right(context, w, table, hand)  # admin status asked right now
    if not right.ok:
        await alert(q, await fix.who_may(context, table, hand, w.tr, fix.VOID))
        return
    if hand.status == "voided" and hand.void_reason == "undo":
        await undone(update, context, w, d, table, hand, again=True)
        return
    try:  # only while it is still the last hand: a hand recorded since makes it an older one
        voided = await db(
            L.void_hand,
            hand.id,
            by_player_id=w.player.id,
            reason="undo",
            admin=right.admin,
            expect_last=True,
        )
    except (AlreadyVoided, Conflict) as err:
        now = await db(L.get_hand_by_id, hand.id)
        if now.status == "voided" and now.void_reason == "undo":  # a second Yes, just now
            await undone(update, context, w, d, table, now, again=True)
            return
        if isinstance(err, AlreadyVoided):
            why = _("Hand {n} was already voided or corrected meanwhile; nothing was undone.")
        else:
            why = _(
                "A newer hand was recorded since; nothing was undone. "
                "Use /undo again, or /edit {n} to correct hand {n}."
            )
        why = why.format(n=hand.number)
        await close_quietly(context, d)
        await edit_or_send(context.bot, d.tg_chat_id, q.message.message_id, esc(why), None)
        await alert(q, why)
        return
    except LedgerError as err:
        await edit_or_send(
            context.bot, d.tg_chat_id, q.message.message_id, esc(ledger_error(err, w.tr)), None
        )
        await done(q)
        return
    await undone(update, context, w, d, table, voided, again=False)


async def undone(
    update: Update,
    context: Ctx,
    w: Who,
    d: DraftView,
    table: TableView,
    voided: Any,
    *,
    again: bool,
) -> None:
    """Show an undo's outcome (``again``: it was done before, by another Yes or before a
    restart): the prompt becomes "↩ Hand N voided.", the table is redrawn, the
    confirmation closed; the tap's answer says it if it was done already."""
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    said = _("Hand {n} voided.").format(n=voided.number)
    text = "↩ " + esc(said)
    if voided.night < table.night:
        text += "\n" + esc(settled_note(voided.night, w.tr))
    shown = await show_anyway(context, d.tg_chat_id, q.message.message_id, text)
    shown = await refresh_table(context, table.id, w.tr) and shown
    await close_quietly(context, d)  # last: a crash before it shows it all again
    if again:
        await alert(q, _("Hand {n} is already voided.").format(n=voided.number))
    elif shown:
        await done(q)
    else:  # the hand is voided whatever Telegram did with the messages: say so
        await alert(q, said)


async def close_quietly(context: Ctx, d: DraftView) -> None:
    """Close a confirmation after its change (closed already by another tap: fine)."""
    try:
        await db(ledger(context).close_draft, d.id, version=d.version, status="done")
    except (StaleDraft, DraftExpired):
        pass


async def finished_text(context: Ctx, d: DraftView, tr: Translator) -> str:
    """The answer to a tap on a confirmation that is closed: what it did, if it did it."""
    _ = tr.gettext
    if d.data.get("kind") == "confirm" and d.data.get("what") == "undo":
        try:
            hand = await db(ledger(context).get_hand_by_id, undo_hand_id(d))
        except LedgerError:
            hand = None
        if hand is not None and hand.status == "voided":
            return _("Hand {n} is already voided.").format(n=hand.number)
    if d.status == "done" and d.data.get("kind") == "confirm" and d.data.get("what") == "settle":
        return _("Night {n} is already settled.").format(n=d.data.get("night"))
    return _("This entry is already finished.")


async def show_anyway(context: Ctx, chat_id: int, message_id: int, text: str) -> bool:
    """Edit a prompt into its outcome, retried after Telegram's own failures; False if it
    could not be shown (the outcome stands: the caller tells the user in the tap's answer)."""
    try:
        await retrying(
            lambda: edit_or_send(context.bot, chat_id, message_id, text, None),
            what="showing an outcome",
        )
    except BadRequest:
        raise
    except TelegramError as err:
        log.warning("could not show an outcome in message %s: %s", message_id, err)
        return False
    return True


async def ask_settle(context: Ctx, w: Who, table: TableView, q: Any) -> None:
    _ = w.tr.gettext
    if not await guard.table_right(context, w, table):
        await refuse(
            context, w, q, _("Only the players at this table (or a chat admin) can do that.")
        )
        return
    data = {
        "kind": "confirm",
        "what": "settle",
        "night": table.night,
        "question": _("End night {n} and settle up?").format(n=table.night),
        "yes": _("Settle"),
    }
    await start_draft(context, w, table_id=table.id, step="confirm", data=data)


async def do_settle(update: Update, context: Ctx, w: Who, d: DraftView) -> None:
    """Settle (Yes). The new night is the change (once: ``expect_night``); a second Settle, or
    the same tap redelivered after a restart, finds the night ended and shows its settlement
    in the prompt again (no second image); the confirmation is closed after the change."""
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    L = ledger(context)
    assert d.table_id is not None
    table = await db(L.get_table, d.table_id)
    night = int(d.data["night"])
    if not await guard.table_right(context, w, table):
        await alert(q, _("Only the players at this table (or a chat admin) can do that."))
        return
    again = table.night != night
    if not again:
        try:  # another Settle of this night (a second confirmation) may have got here first
            await db(L.new_night, table.id, expect_night=night)
        except Conflict:
            again = True
    if again and (await db(L.get_table, d.table_id)).night <= night:
        await alert(q, _("Already done."))  # not ended after all: nothing to show
        return
    sv = await db(L.night_transfers, table.id, night=night)
    standings = await db(L.standings, table.id, night=night)
    text = texts.settle_text(table, sv, w.tr)
    shown = await show_anyway(context, d.tg_chat_id, q.message.message_id, text)
    if not again:  # the image once: a replay shows the text only
        try:
            await send_settlement_image(context, w, table, sv, standings)
        except TelegramError as err:
            log.warning("could not send the settlement image: %s", err)
    shown = await refresh_table(context, table.id, w.tr) and shown
    await close_quietly(context, d)  # last: a crash before it shows it all again
    if again:
        await alert(q, _("Night {n} is already settled.").format(n=night))
    elif shown:
        await done(q)
    else:
        await alert(q, _("Night {n} is settled").format(n=night))


async def send_settlement_image(context: Ctx, w: Who, table: TableView, sv: Any, st: Any) -> None:
    png = await images.settlement(context, w, table, sv, st)
    if png is not None:
        await context.bot.send_photo(w.chat_id, InputFile(png, filename="settlement.png"))
