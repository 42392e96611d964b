"""Small helpers shared by the handlers."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from datetime import timedelta
from typing import Any, TypeVar

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest, TelegramError
from telegram.ext import ApplicationHandlerStop

import scoring
from bot import present, riichi_view, texts
from bot.callback import BadCallback, DraftCb, TableCb, decode
from bot.context import Ctx, db, ledger, translator
from bot.handlers.retry import (
    clear_stale,
    mark_stale,
    persist_stale,
    retrying,
    strip_keyboard,
    was_stale,
)
from bot.i18n import Translator
from bot.streak import table_streak
from bot.tg import Keyboard, edit_or_send, esc
from bot.web.links import with_open_button  # the Mini App's link (only if configured)
from scoring.errors import RecordError
from storage.errors import LedgerError
from storage.views import HandView, TableView

log = logging.getLogger(__name__)
Cb = TypeVar("Cb", DraftCb, TableCb)
T = TypeVar("T")


async def alert(q: CallbackQuery, text: str, *, show: bool = True) -> None:
    try:
        await q.answer(text[:200], show_alert=show)
    except BadRequest as err:  # e.g. the query is too old
        log.info("could not answer callback query: %s", err.message)


async def done(q: CallbackQuery) -> None:
    try:
        await q.answer()
    except BadRequest as err:
        log.info("could not answer callback query: %s", err.message)


def tap(
    kind: type[Cb], handler: Callable[[Update, Ctx, Cb], Awaitable[None]]
) -> Callable[[Update, Ctx], Coroutine[Any, Any, None]]:
    """A button's callback for PTB (``bot.app`` routes each kind of data to one): the data
    decoded as ``kind`` for ``handler``. Data that does not decode, or an argument the handler
    finds malformed (:class:`~bot.callback.BadCallback`), gets "This button is not valid." and
    changes nothing; a tap on a message Telegram did not send (inline) is just answered."""

    async def on_tap(update: Update, context: Ctx) -> None:
        cb = await decoded(update, context)
        if cb is None:
            return
        try:
            if not isinstance(cb, kind):
                raise BadCallback(f"not a {kind.__name__}")
            await handler(update, context, cb)
        except BadCallback as err:
            await not_valid(update, context, err)

    on_tap.__name__ = on_tap.__qualname__ = handler.__name__
    return on_tap


async def on_unknown_tap(update: Update, context: Ctx) -> None:
    """The last callback handler: data no route took (forged, or of another version)."""
    if await decoded(update, context) is not None:
        await not_valid(update, context, BadCallback("no handler takes it"))


async def decoded(update: Update, context: Ctx) -> DraftCb | TableCb | None:
    """The tap's data; None if the tap is answered already: no message (inline), or data
    that does not decode (the polite alert)."""
    q = update.callback_query
    assert q is not None
    if q.message is None:
        await q.answer()
        return None
    try:
        return decode(q.data)
    except BadCallback as err:
        await not_valid(update, context, err)
        return None


async def not_valid(update: Update, context: Ctx, err: BadCallback) -> None:
    q = update.callback_query
    assert q is not None
    log.warning("rejected callback data %r from user %s: %s", q.data, q.from_user.id, err)
    tr = await translator(update, context)
    await alert(q, tr.gettext("This button is not valid."))


def reply_to_bot(update: Update, context: Ctx) -> tuple[Message, Message, str] | None:
    """A text message that replies to one of the bot's messages: (the reply, that message,
    the reply's text)."""
    msg = update.effective_message
    if msg is None or msg.reply_to_message is None or not msg.text:
        return None
    target = msg.reply_to_message
    if target.from_user is None or target.from_user.id != context.bot.id:
        return None
    return msg, target, msg.text


def args_of(context: Ctx) -> list[str]:
    return list(context.args or [])


def is_number(text: str) -> bool:
    """ASCII digits only: '²' or '٣' are digits to ``str.isdigit`` but not to ``int``; and at
    most 9 of them, so the number fits any database integer (99999999999999999999 does not
    fit SQLite's: an OverflowError)."""
    return text.isascii() and text.isdigit() and len(text.lstrip("0")) <= 9


def short(text: str, limit: int = 40) -> str:
    """A prefix of user input short enough to quote back (``…`` marks a cut)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def reply(update: Update, text: str, markup: Any = None) -> Any:
    msg = update.effective_message
    assert msg is not None
    return await msg.reply_html(text, reply_markup=markup, do_quote=False)


def ledger_error(err: LedgerError | RecordError, tr: Translator) -> str:
    _ = tr.gettext
    from storage import errors as e

    kinds = {
        e.NotSeated: _("You are not seated at this table."),
        e.TableClosed: _("This table is closed."),
        e.AlreadyVoided: _("That hand is already voided."),
        e.Forbidden: _("You are not allowed to do that."),
        e.DraftExpired: _("This entry is closed or has expired."),
        e.StaleDraft: _("Someone else just changed this; look at the latest message."),
        e.NotFound: _("Not found."),
    }
    for cls, text in kinds.items():
        if isinstance(err, cls):
            return text
    if isinstance(err, RecordError):
        return _("This hand is not possible: {why}").format(why=str(err))
    return str(err)


def settled_note(night: int, tr: Translator) -> str:
    """Said after a hand of a night settled already was voided (undo) or corrected."""
    text = tr.gettext("Night {n} was already settled; /nights {n} shows its new totals.")
    return text.format(n=night)


async def refresh_table(
    context: Ctx, table_id: int, tr: Translator, *, arranging: bool = False
) -> bool:
    """Redraw the table message from the ledger (a new one if users deleted it; ``arranging``
    shows the seat-moving keyboard, before Start), retried with backoff after Telegram's own
    failures. False if it could not be shown (then marked stale: the chat's next update
    redraws it). A refusal (400) is raised: it is a bug, not bad weather."""
    return await redraw_table(context, table_id, tr, arranging=arranging) is not None


async def redraw_table(
    context: Ctx,
    table_id: int,
    tr: Translator,
    *,
    arranging: bool = False,
    latest: HandView | None = None,
    known: TableView | None = None,
) -> TableView | None:
    """:func:`refresh_table` that gives the table as drawn (its ``message_id`` the message
    that shows it now), or None if it could not be shown. ``latest``: the hand the ledger has
    just recorded, when the caller has it (the table's newest hand: not read again);
    ``known``: the table as the caller has just read and changed it (its message included),
    drawn without reading it again (a retry reads it)."""
    L = ledger(context)
    drawn: list[TableView] = []
    given = [known] if known is not None and known.id == table_id else []

    async def draw() -> None:
        fresh = given.pop() if given else await db(L.get_table, table_id)
        drawn[:] = [fresh]
        # the table message shows totals, not the trend chart: no trend read (it grows with
        # the night: up to 200 hands' rows)
        standings = (
            await db(L.standings, table_id, trend_hands=0) if fresh.status != "open" else None
        )
        mid = await post_table_message(
            context, fresh, standings, tr, edit=True, arranging=arranging, latest=latest
        )
        if mid is not None and mid != fresh.message_id:
            drawn[:] = [replace(fresh, message_id=mid)]

    try:
        await retrying(draw, what=f"redrawing table {table_id}")
    except BadRequest:
        raise
    except TelegramError as err:
        log.warning("could not redraw table %s: %s (again at the next update)", table_id, err)
        table = drawn[0] if drawn else await db(L.get_table, table_id)
        if mark_stale(context, table.chat_id, table_id):
            await persist_stale(context, table)  # and at the next start-up
        return None
    if was_stale(context, table_id):
        await clear_stale(context, table_id)
    return drawn[0]


async def post_table_message(
    context: Ctx,
    table: TableView,
    standings: Any,
    tr: Translator,
    *,
    edit: bool,
    arranging: bool = False,
    latest: HandView | None = None,
) -> int | None:
    """Draw the table message (``edit``: into the table's message, else a new one; a new one
    is remembered in the ledger); the id of the message that shows it."""
    streak = await table_streak(context, table)  # the dealer's 連莊 (where a count uses it)
    text = texts.table_text(table, standings, tr, arranging=arranging, streak=streak)
    hand = await head_hand(context, table, latest)
    text = table_head(table, tr, hand) + await riichi_view.table_lines(context, table, tr) + text
    markup = table_keyboard(table, tr, arranging=arranging, fix=hand)
    markup = with_open_button(context, table, markup, tr)
    msg = await edit_or_send(
        context.bot, table.chat_id, table.message_id if edit else None, text, markup
    )
    if msg is None:  # edited in place
        return table.message_id
    await db(ledger(context).set_table_message, table.id, msg.message_id)
    if not edit and table.message_id is not None and table.message_id != msg.message_id:
        await strip_keyboard(context, table.chat_id, table.message_id)
    return msg.message_id


async def head_hand(
    context: Ctx, table: TableView, latest: HandView | None = None
) -> HandView | None:
    """The hand the top of the table message shows while a table is playing: the latest
    hand, as long as it stands (a voided one shows none) and belongs to this night (or
    corrects a hand of a night settled already). ``latest``: that hand, if the caller has it
    (the Confirm that recorded it)."""
    if table.status != "playing" or table.next_seq <= 1:
        return None
    hand = latest if latest is not None else await db(ledger(context).latest_hand, table.id)
    if hand is None or hand.status != "confirmed":
        return None
    if hand.night != table.night and hand.replaces_hand_id is None:
        return None
    return hand


def table_head(table: TableView, tr: Translator, hand: HandView | None) -> str:
    """The top of the table message: the hand of :func:`head_hand` (✅ recorded, and its
    result line), as its Confirm left it; nothing without one."""
    if hand is None:
        return ""
    names = present.names_of(table, hand.names)
    _ = tr.gettext
    said = _("✅ Hand {n} corrected") if hand.replaces_hand_id else _("✅ Hand {n} recorded")
    head = f"<b>{said.format(n=hand.number)}</b>\n"
    if hand.night < table.night:  # a correction of a hand of a night settled already
        head += esc(settled_note(hand.night, tr)) + "\n"
    line = texts.result_line(hand, names, tr)
    return f"{head}{line}\n\n"


def table_keyboard(
    table: TableView, tr: Translator, *, arranging: bool = False, fix: HandView | None = None
) -> InlineKeyboardMarkup | None:
    """The table message's buttons as its state allows (issue 26 point 5): 🙋 Join only
    while a seat is free and before Start; under "✅ Hand N recorded" (``fix``: that hand)
    ✏️ Fix next to ↩ Undo, opening the hand's preview-editor."""
    markup = texts.table_markup(table, tr, arranging=arranging)
    if markup is None:
        return None
    seats_free = len(table.seats) < max(scoring.get(table.ruleset).players)
    joinable = table.status == "open" and seats_free
    rows: list[list[InlineKeyboardButton]] = []
    for row in markup.inline_keyboard:
        kept = [b for b in row if joinable or button_action(b) != "join"]
        if fix is not None and any(button_action(b) == "undo" for b in kept):
            at = next(i for i, b in enumerate(kept) if button_action(b) == "undo")
            label = "✏️ " + tr.gettext("Fix")
            rows.append([kept[at], texts.table_button(label, table.id, "fix", str(fix.id))])
            kept = kept[:at] + kept[at + 1 :]
        if kept:
            rows.append(kept)
    return Keyboard(rows) if rows else None


def button_action(button: InlineKeyboardButton) -> str | None:
    """A table button's action (None for any other button)."""
    data = button.callback_data
    try:
        cb = decode(data if isinstance(data, str) else None)
    except BadCallback:
        return None
    return cb.action if isinstance(cb, TableCb) else None


# ---------------------------------------------------------------------------------------
# a redelivered update (issue 24 point 3): Telegram sends an update again when the bot
# stopped before confirming it (a crash, kill -9); nothing may change twice
# ---------------------------------------------------------------------------------------
#: how long a handled command is remembered (Telegram keeps an update for a day at most)
REMEMBER_UPDATES = timedelta(days=2)


def is_command(update: object) -> bool:
    """A message that is a bot command (``/...``): what :func:`drop_replayed` remembers."""
    msg = update.effective_message if isinstance(update, Update) else None
    return bool(msg is not None and msg.text and msg.text.startswith("/"))


async def drop_replayed(update: object, context: Ctx) -> None:
    """First of all (``bot.app``, group -2): a command handled to the end before (then
    redelivered) is dropped; one that stopped half-way runs again, its change keyed
    (:func:`once`) so it answers without changing anything twice."""
    if is_command(update):
        assert isinstance(update, Update)
        if await db(ledger(context).update_seen, f"u:{update.update_id}"):
            log.info("update %s was handled before the restart: dropped", update.update_id)
            raise ApplicationHandlerStop


async def mark_handled(update: object, context: Ctx) -> None:
    """Last of all (``bot.app``, the last group): the command is handled to the end."""
    if is_command(update):
        assert isinstance(update, Update)
        await db(ledger(context).mark_update, f"u:{update.update_id}")


async def once(update: Update, context: Ctx, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
    """A command's state change, at most once per Telegram update: the update's key is
    written in the change's own transaction; ``AlreadyDone`` (nothing changed) when this
    update made it before (a redelivery after a crash)."""
    key = f"c:{update.update_id}"
    return await db(ledger(context).keyed, key, fn, *args, **kw)
