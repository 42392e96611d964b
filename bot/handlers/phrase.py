"""The whole hand in one line: ``/hand TEXT`` in a group with a started table, or a text reply
to the table message. :mod:`bot.entry.phrase` reads the line; the result is the same preview as the
buttons (a draft at the ``preview`` step, pre-filled like /edit), with its Confirm and every
line editable, so a misheard word is one tap away. A line that does not make a hand is answered
with what is wrong, in the chat's language, and nothing is created."""

from __future__ import annotations

import logging

from telegram import Update

from bot import present, wizard
from bot.context import Ctx, Who, db, ledger, seated_or_admin, who
from bot.entry import phrase
from bot.guard import CONVERGE_STEPS, claim_entry, release_entry
from bot.handlers.common import ledger_error, reply, reply_to_bot
from bot.handlers.flow import add_bystanders, round_extras, seat_order, start_draft
from bot.i18n import Translator
from bot.streak import prefill_streak
from bot.tg import esc, send
from storage.errors import LedgerError
from storage.views import DraftView, TableView

log = logging.getLogger(__name__)


def command_text(text: str) -> str:
    """What follows ``/hand`` (or ``/hand@Bot``) in a message, as typed."""
    head, _sep, rest = text.strip().partition(" ")
    if not head.startswith("/"):
        return text.strip()
    return rest.strip()


async def cmd_hand(update: Update, context: Ctx) -> None:
    msg = update.effective_message
    if msg is None or not msg.text:
        return
    await enter(update, context, command_text(msg.text), command=True)


async def on_table_reply(update: Update, context: Ctx) -> None:
    """A text reply to the table message is a hand in one line (any other reply is not ours)."""
    found = reply_to_bot(update, context)
    if found is None:
        return
    msg, target, text = found
    if msg.chat.type == "private":
        return
    table = await db(ledger(context).current_table, msg.chat.id)
    if table is None or table.message_id is None or table.message_id != target.message_id:
        return
    await enter(update, context, text, command=False, table=table)


def table_info(table: TableView, names: dict[str, str], prevalent: str) -> phrase.TableInfo:
    assert table.dealer_id is not None
    return phrase.TableInfo(
        ruleset=table.ruleset,
        options=dict(table.options),
        players=tuple(seat_order(table)),
        names=names,
        dealer=str(table.dealer_id),
        prevalent_wind=prevalent,
    )


async def open_entry(context: Ctx, table: TableView) -> DraftView | None:
    """An entry (a hand being recorded or corrected) already open for the table."""
    drafts = await db(ledger(context).open_drafts, table.chat_id)
    for d in drafts:
        if d.table_id != table.id or d.data.get("kind") != "hand" or d.step in CONVERGE_STEPS:
            continue
        if d.data.get("mode", "record") != "calc":
            return d
    return None


async def enter(
    update: Update,
    context: Ctx,
    text: str,
    *,
    command: bool,
    table: TableView | None = None,
) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    msg = update.effective_message
    assert msg is not None
    if w.private:
        await reply(
            update,
            esc(_("Tables are played in a group: send /hand there, after /newtable and Start.")),
        )
        return
    L = ledger(context)
    if table is None:
        table = await db(L.current_table, w.chat_id)
    if table is None:
        await reply(update, esc(_("There is no table in this chat. Open one with /newtable.")))
        return
    if table.status != "playing" or table.dealer_id is None:
        await reply(update, esc(_("Start the table first.")))
        return
    if not await seated_or_admin(context, w, table):
        await reply(update, esc(_("Only the players at this table (or a chat admin) can do that.")))
        return
    if not text.strip():
        await reply(update, esc(usage(w.tr)))
        return
    extra = await round_extras(context, table)
    names = present.names_of(table)
    info = table_info(table, names, extra.get("prevalent_wind", "E"))
    if not command and not phrase.looks_like_hand(text, info):
        return  # a reply that names nothing of a hand is chat
    busy = await open_entry(context, table)
    if busy is not None:
        await refuse_busy(context, w, table, busy)
        return
    try:
        record = phrase.parse(text, info, w.tr)
    except phrase.PhraseError as err:
        await reply(update, esc(err.text(w.tr)))
        return
    data = wizard.from_record(record, names, kind="hand", **extra)
    await prefill_streak(context, table, data)  # the dealer's 連莊 count, unless said
    await add_bystanders(context, table, data)
    if not claim_entry(context, table.id, w.player.id):
        return  # the same player's entry is being posted this very moment
    try:
        await start_draft(
            context, w, table_id=table.id, step="preview", data=data, reply_to=msg.message_id
        )
    except LedgerError as err:
        await reply(update, esc(ledger_error(err, w.tr)))
    finally:
        release_entry(context, table.id, w.player.id)


def usage(tr: Translator) -> str:
    _ = tr.gettext
    return _(
        "Say the hand in one line after /hand, e.g. /hand Bob ron Carol big seven pairs no "
        "wild, or /hand 老王 自摸 小七对 精吊. You get the same preview as with the buttons: "
        "check it and Confirm."
    )


async def refuse_busy(context: Ctx, w: Who, table: TableView, d: DraftView) -> None:
    """The one-entry rule: an entry is open for the table; say whose, point at it."""
    _ = w.tr.gettext
    name = next((s.name for s in table.seats if s.player_id == d.author_id), None)
    if name is None:
        try:
            name = (await db(ledger(context).get_player, d.author_id)).name
        except LedgerError:
            name = "?"
    text = _(
        "{name} is already entering a hand at this table. Finish or cancel that entry "
        "first, then send the line again."
    ).format(name=name)
    await send(context.bot, w.chat_id, esc(text), reply_to=d.message_id)
