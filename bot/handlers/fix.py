"""Fixing a recorded hand where it is (issue 26 point 3): the "✅ Hand N recorded" table
message carries ✏️ Fix, which opens the hand's preview-editor (the /edit flow); Undo and Fix
are refused at the first tap to anyone but whoever recorded the hand, the table's creator
or a chat admin, and the refusal names them."""

from __future__ import annotations

from telegram import Update

from bot import guard, present
from bot.callback import BadCallback, TableCb
from bot.context import Ctx, Who, db, ledger
from bot.entry import wizard
from bot.handlers.common import alert, done, is_number
from bot.handlers.flow import add_bystanders, start_draft
from bot.i18n import Translator
from storage.errors import LedgerError
from storage.views import HandView, TableView

#: what the refused right would have done: void (Undo) or correct (Fix, /edit N)
VOID, CORRECT = "void", "correct"


async def person(context: Ctx, table: TableView, hand: HandView, player_id: int) -> str:
    """A player's name as the chat knows it (seated, in the hand, or from the ledger)."""
    name = present.names_of(table, hand.names).get(str(player_id))
    if name is None:
        try:
            name = (await db(ledger(context).get_player, player_id)).name
        except LedgerError:
            name = "?"
    return name


async def who_may(context: Ctx, table: TableView, hand: HandView, tr: Translator, what: str) -> str:
    """Why a tap on Undo / Fix (or /edit N) is refused, naming who may."""
    _ = tr.gettext
    n = hand.number or hand.seq
    recorder = await person(context, table, hand, hand.recorded_by)
    if hand.recorded_by == table.creator_id:
        text = (
            _(
                "Only {recorder}, who recorded hand {n} and opened the table, or a chat admin can void it."
            )
            if what == VOID
            else _(
                "Only {recorder}, who recorded hand {n} and opened the table, or a chat admin "
                "can correct it."
            )
        )
        return text.format(recorder=recorder, n=n)
    creator = await person(context, table, hand, table.creator_id)
    text = (
        _(
            "Only {recorder}, who recorded hand {n}, {creator}, who opened the table, or a "
            "chat admin can void it."
        )
        if what == VOID
        else _(
            "Only {recorder}, who recorded hand {n}, {creator}, who opened the table, or a "
            "chat admin can correct it."
        )
    )
    return text.format(recorder=recorder, creator=creator, n=n)


async def open_correction(context: Ctx, w: Who, table: TableView, hand: HandView) -> None:
    """The preview-editor of a recorded hand (``/edit N``, ✏️ Fix): Confirm corrects it."""
    names = present.names_of(table, hand.names)
    data = wizard.from_record(
        hand.record, names, kind="hand", edit_hand_id=hand.id, edit_seq=hand.number
    )
    await add_bystanders(context, table, data)
    await start_draft(context, w, table_id=table.id, step="preview", data=data)


async def on_fix(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    """✏️ Fix on the table message under "✅ Hand N recorded" (the button names the hand by
    its id): the right is checked at this first tap, then the hand's preview-editor opens."""
    q = update.callback_query
    assert q is not None
    _ = w.tr.gettext
    if not is_number(cb.arg):
        raise BadCallback(f"bad hand {cb.arg!r}")
    try:
        hand = await db(ledger(context).get_hand_by_id, int(cb.arg))
    except LedgerError:
        hand = None
    if hand is None or hand.table_id != table.id:
        await alert(q, _("This button is not valid."))
        return
    if hand.status != "confirmed":
        await alert(q, _("That hand is already voided."))
        return
    if not (await guard.void_right(context, w, table, hand)).ok:
        await alert(q, await who_may(context, table, hand, w.tr, CORRECT))
        return
    await open_correction(context, w, table, hand)
    await done(q)
