"""Trust: whose tap may change which message, who may void a hand, and the truth after a
Telegram error.

* **A tap belongs to its message.** Telegram sends, with every button press, the message the
  button is on (its keyboard included), but it does not check that the callback data is one of
  that message's buttons: a modified client may send any data from any message. A tap is
  taken only if its data is one of the message's own buttons (when Telegram shows the message)
  and the message is the one the ledger has for it: the table's current message for a table
  button, the draft's message for a draft button. Anything else gets an alert and changes
  nothing — no edit, no ledger row.
* **Voiding is a right.** Undo and a correction (``/edit N``) void a hand: only whoever recorded
  it, the table's creator or a chat admin may, and the right is checked again at the Yes /
  Confirm tap, with the admin status asked from Telegram right then.
* **Once the ledger has a hand, everything converges.** The Confirm that recorded a hand
  moves its draft to ``recorded``; the result line is claimed (``posting``) before it is sent,
  so it is posted at most once; then the draft is closed. A Telegram error on the way leaves
  the draft at that step, and a re-tap on the entry, the next start of the bot, or any later
  tap on it, finishes the job: the ✅ result in the entry message, the result line once, the
  table message redrawn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple, TypeVar

from telegram import CallbackQuery, Message, Update
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut

from bot import present, texts
from bot.callback import DraftCb
from bot.context import Ctx, Who, db, is_admin, ledger
from bot.handlers.common import alert, done, refresh_table
from bot.handlers.common import short as short  # re-exported for the handlers
from bot.i18n import Translator
from bot.tg import edit_or_send, esc, send
from storage.errors import DraftExpired, LedgerError, StaleDraft
from storage.views import DraftView, HandView, TableView

log = logging.getLogger(__name__)
T = TypeVar("T")

#: the steps of a hand's draft after the ledger has the hand (see the module docstring)
RECORDED, POSTING, POSTED = "recorded", "posting", "posted"
CONVERGE_STEPS = (RECORDED, POSTING, POSTED)
#: waits between attempts of a Telegram call that failed on Telegram's side (5xx, network)
BACKOFF = (0.3, 1.0, 2.5)


# ---------------------------------------------------------------------------------------
# a tap belongs to its message
# ---------------------------------------------------------------------------------------
def message_buttons(message: Any) -> set[str] | None:
    """The callback data of the buttons on the message Telegram sent with the tap; None when
    Telegram did not show the message (too old: an ``InaccessibleMessage``)."""
    if not isinstance(message, Message):
        return None
    markup = message.reply_markup
    if markup is None:
        return set()
    return {
        b.callback_data
        for row in markup.inline_keyboard
        for b in row
        if isinstance(b.callback_data, str)
    }


def on_its_message(q: CallbackQuery) -> bool:
    """The tap's data is one of the buttons of the message it came from (or Telegram did not
    show that message, so only the ids can be compared)."""
    buttons = message_buttons(q.message)
    return buttons is None or q.data in buttons


def table_tap_belongs(q: CallbackQuery, table: TableView, action: str) -> bool:
    """A table button: on its own message, and (except the history pages, which live on
    history messages, never on the table message) on the table's current message."""
    if not on_its_message(q):
        return False
    assert q.message is not None
    if action == "hist":
        return q.message.message_id != table.message_id
    return table.message_id is None or q.message.message_id == table.message_id


def draft_tap_belongs(q: CallbackQuery, d: DraftView) -> bool:
    """A draft button: on its own message, and that message is the draft's (drafts from
    before the message was remembered have none: the data check alone)."""
    if not on_its_message(q):
        return False
    assert q.message is not None
    return d.message_id is None or q.message.message_id == d.message_id


def refusal(q: CallbackQuery, d: DraftView, cb: DraftCb, tr: Translator) -> str:
    """Why a draft tap is refused: an older keyboard of this very entry (its message shows a
    newer one now), or a button that is not this message's at all."""
    assert q.message is not None
    own = d.tg_chat_id == q.message.chat.id and d.message_id in (None, q.message.message_id)
    if own and cb.draft_id == d.id and cb.version < d.version:
        return tr.gettext(
            "This keyboard is out of date; nothing was changed. Use the buttons the message "
            "shows now."
        )
    return tr.gettext("This button does not belong to this message; nothing was changed.")


async def bind_draft(context: Ctx, d: DraftView, message: Message | int | None) -> None:
    """Remember which message shows the draft (after posting it, or posting it again)."""
    if message is None:
        return
    mid = message if isinstance(message, int) else message.message_id
    if mid != d.message_id:
        await db(ledger(context).set_draft_message, d.id, mid)


# ---------------------------------------------------------------------------------------
# rights
# ---------------------------------------------------------------------------------------
class Right(NamedTuple):
    ok: bool
    admin: bool  # allowed as a chat admin (passed on to the ledger)


async def void_right(context: Ctx, w: Who, table: TableView, hand: HandView) -> Right:
    """May ``w`` void or correct ``hand``: whoever recorded it, the table's creator, or a chat
    admin (asked from Telegram now: a demotion a second ago counts)."""
    if w.player.id in (hand.recorded_by, table.creator_id):
        return Right(True, False)
    admin = await is_admin(context, w.chat_id, w.tg_user_id)
    return Right(admin, admin)


async def table_right(context: Ctx, w: Who, table: TableView) -> bool:
    """May ``w`` act on the table (a prompt, an entry): seated, its creator, or a chat admin."""
    if w.player.id in table.player_ids or w.player.id == table.creator_id:
        return True
    return await is_admin(context, w.chat_id, w.tg_user_id)


async def edit_right(context: Ctx, w: Who, d: DraftView) -> Right:
    """The right to confirm the correction in draft ``d`` (``/edit N``): to void the hand it
    replaces, as it stands now."""
    L = ledger(context)
    assert d.table_id is not None
    hand = await db(L.get_hand_by_id, int(d.data["edit_hand_id"]))
    table = await db(L.get_table, d.table_id)
    return await void_right(context, w, table, hand)


async def allowed_to_converge(context: Ctx, w: Who, d: DraftView) -> bool:
    """May ``w``'s tap show a recorded hand's outcome in its entry (the entry's players, its
    author, the table's people)? False at once for drafts without a recorded hand."""
    if not d.data.get("hand_id") or d.table_id is None:
        return False
    if w.player.id == d.author_id or str(w.player.id) in d.data.get("players", ()):
        return True
    return await table_right(context, w, await db(ledger(context).get_table, d.table_id))


def void_refusal(tr: Translator) -> str:
    return tr.gettext(
        "Only whoever recorded the hand, the table's creator or a chat admin can void it."
    )


# ---------------------------------------------------------------------------------------
# Telegram calls retried after Telegram's own failures
# ---------------------------------------------------------------------------------------
def transient(err: BaseException) -> bool:
    """A failure on Telegram's side or the network's (a 5xx, a reset): worth another try.
    A refusal (400 BadRequest, 403) is not: the same call fails the same way."""
    return isinstance(err, NetworkError) and not isinstance(err, BadRequest)


async def retrying(
    call: Callable[[], Awaitable[T]], *, what: str, retry_timeouts: bool = True
) -> T:
    """Run a Telegram call, again after a transient failure (with backoff). A timeout is
    retried only if ``retry_timeouts`` (an edit may be repeated; a new message may not: it
    may have been posted already, so a timeout is raised at once)."""
    for i, pause in enumerate((*BACKOFF, None)):
        try:
            return await call()
        except RetryAfter:
            raise  # the rate limiter has waited and retried already
        except TelegramError as err:
            if pause is None or not transient(err):
                raise
            if isinstance(err, TimedOut) and not retry_timeouts:
                raise
            log.info("%s failed (%s); attempt %d again in %.1f s", what, err, i + 2, pause)
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


# ---------------------------------------------------------------------------------------
# stale table messages (a refresh that failed is tried again on the chat's next update)
# ---------------------------------------------------------------------------------------
#: the step of a marker draft: "this table's message is behind the ledger" (kept in the
#: ledger so that a restart redraws it too; never shown, no message, no buttons)
STALE_STEP = "stale_table"


def mark_stale(context: Ctx, chat_id: int, table_id: int) -> bool:
    """Remember that the table's message is behind the ledger (redrawn at the chat's next
    update); True if the ledger does not know yet (see :func:`persist_stale`)."""
    bot_data = context.application.bot_data
    bot_data.setdefault("stale_tables", {})[chat_id] = table_id
    marked: set[int] = bot_data.setdefault("stale_marked", set())
    new = table_id not in marked
    marked.add(table_id)
    return new


def was_stale(context: Ctx, table_id: int) -> bool:
    """After a redraw that worked: was the table marked stale (then its marker is cleared)?"""
    marked: set[int] = context.application.bot_data.get("stale_marked", set())
    if table_id in marked:
        marked.discard(table_id)
        return True
    return False


async def persist_stale(context: Ctx, table: TableView) -> None:
    """The same in the ledger (a marker draft), for the next start-up."""
    try:
        await db(
            ledger(context).create_draft,
            tg_chat_id=table.chat_id,
            author_id=table.creator_id,
            table_id=table.id,
            data={"kind": STALE_STEP},
            step=STALE_STEP,
            ttl_seconds=86400,
        )
    except LedgerError as err:
        log.warning("could not remember that table %s is behind: %s", table.id, err)


async def clear_stale(context: Ctx, table_id: int) -> None:
    """The table's message is up to date again: close its marker drafts."""
    L = ledger(context)
    for d in await db(L.drafts_at_steps, (STALE_STEP,)):
        if d.table_id == table_id:
            try:
                await db(L.close_draft, d.id, version=d.version, status="done")
            except LedgerError:
                pass


def stale_table(context: Ctx, chat_id: int) -> int | None:
    stale: dict[int, int] = context.application.bot_data.get("stale_tables", {})
    return stale.pop(chat_id, None)


# ---------------------------------------------------------------------------------------
# one entry at a time per player and table (a late answer must not leave two)
# ---------------------------------------------------------------------------------------
def claim_entry(context: Ctx, table_id: int, player_id: int) -> bool:
    """Mark that ``player_id`` is opening an entry on the table; False if one is still being
    posted (a second tap on Record hand while Telegram has not answered the first)."""
    busy: dict[tuple[int, int], float] = context.application.bot_data.setdefault("entries", {})
    key = (table_id, player_id)
    now = time.monotonic()
    if busy.get(key, 0.0) > now:
        return False
    busy[key] = now + 60.0
    return True


def release_entry(context: Ctx, table_id: int, player_id: int) -> None:
    busy: dict[tuple[int, int], float] = context.application.bot_data.setdefault("entries", {})
    busy.pop((table_id, player_id), None)


# ---------------------------------------------------------------------------------------
# a recorded hand converges
# ---------------------------------------------------------------------------------------
def hand_done_text(
    table: TableView, hand: HandView, corrected: bool, tr: Translator
) -> tuple[str, str]:
    """The entry message's ✅ text and the chat's result line for a recorded hand."""
    from bot.handlers.drafts import settled_note

    _ = tr.gettext
    names = texts.names_of(table, hand.names)
    shown = present.shown(hand, names)  # the stored settlement, named: nothing settled again
    head = _("✅ Hand {n} corrected") if corrected else _("✅ Hand {n} recorded")
    text = f"<b>{head.format(n=hand.seq)}</b>\n"
    if hand.night < table.night:  # a correction of a hand of a night settled already
        text += esc(settled_note(hand.night, tr)) + "\n"
    text += texts.explain_text(hand, names, shown, tr)
    return text, texts.result_line(hand, names, tr)


async def hand_recorded(update: Update, context: Ctx, w: Who, d: DraftView, hand: HandView) -> None:
    """After the ledger recorded (or corrected) the hand of draft ``d`` on this Confirm: claim
    the draft for it (a second Confirm finds it claimed), then show everything."""
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    data = {**d.data, "hand_id": hand.id}
    try:
        nd = await db(
            ledger(context).update_draft, d.id, version=d.version, step=RECORDED, data=data
        )
    except (StaleDraft, DraftExpired):
        # the other tap on Confirm got here first: the hand exists once, it posts the result
        await alert(q, _("Already recorded."))
        return
    if await converge(context, nd, w.tr, q.message.message_id):
        await done(q)
    else:
        await alert(q, unfinished_text(hand.seq, w.tr))


def unfinished_text(seq: int, tr: Translator) -> str:
    return tr.gettext(
        "Hand {n} is recorded. Telegram did not let me show all of it yet; tap the entry again "
        "in a moment to show it."
    ).format(n=seq)


async def converge(context: Ctx, d: DraftView, tr: Translator, message_id: int | None) -> bool:
    """Bring every message of a recorded hand up to the ledger: the entry's ✅ text, the result
    line (at most once), the table message; then close the draft. True if all of it is shown
    (the draft is closed); False if a Telegram error left something for a later tap."""
    L = ledger(context)
    assert d.table_id is not None
    hand = await db(L.get_hand_by_id, int(d.data["hand_id"]))
    table = await db(L.get_table, d.table_id)
    text, line = hand_done_text(table, hand, bool(d.data.get("edit_hand_id")), tr)
    ok = True
    mid = message_id if message_id is not None else d.message_id
    try:
        if d.data.get("mode") != "web":  # a Mini App entry (bot/web) has no chat message
            await retrying(
                lambda: edit_or_send(context.bot, d.tg_chat_id, mid, text, None),
                what=f"showing hand {hand.seq}",
            )
    except TelegramError as err:
        log.warning("could not show hand %s in its entry: %s", hand.seq, err)
        ok = False
    current: DraftView | None = d
    if d.step == RECORDED:
        try:  # claim the result line: whoever moves the draft to "posting" posts it
            current = await db(L.update_draft, d.id, version=d.version, step=POSTING, data=d.data)
        except (StaleDraft, DraftExpired):
            current = None  # another tap is posting it right now
        else:
            current = await post_line(context, current, line)
            ok = ok and current.step == POSTED
    if not await refresh_table(context, table.id, tr):
        ok = False
    if ok and current is not None and current.step in (POSTING, POSTED):
        try:
            await db(L.close_draft, current.id, version=current.version, status="done")
        except LedgerError:
            pass  # closed by another tap meanwhile
    if not ok:  # the chat's next update tries again (and the next start-up, from the ledger)
        pending: dict[int, int] = context.application.bot_data.setdefault("pending_hands", {})
        pending[d.tg_chat_id] = d.id
    return ok


def pending_hand(context: Ctx, chat_id: int) -> int | None:
    """The draft of a recorded hand whose messages a Telegram error left behind in this chat
    (then forgotten: the caller converges it)."""
    pending: dict[int, int] = context.application.bot_data.get("pending_hands", {})
    return pending.pop(chat_id, None)


async def converge_later(context: Ctx, draft_id: int, tr: Translator) -> None:
    """Finish a recorded hand left behind (see :func:`pending_hand`), out of any tap."""
    try:
        d = await db(ledger(context).get_draft, draft_id)
        if d.status == "open" and d.step in CONVERGE_STEPS:
            await converge(context, d, tr, None)
    except (TelegramError, LedgerError) as err:
        log.warning("could not finish draft %s: %s", draft_id, err)


async def post_line(context: Ctx, d: DraftView, line: str) -> DraftView:
    """Send a recorded hand's result line for draft ``d`` (at step ``posting``, claimed by this
    call). A refusal or a 5xx after the retries gives the claim back (step ``recorded``: a
    later tap posts it); a timeout counts as posted, since Telegram may have posted it and a
    second copy is worse than none."""
    L = ledger(context)
    try:
        await retrying(
            lambda: send(context.bot, d.tg_chat_id, line),
            what="posting a result line",
            retry_timeouts=False,
        )
    except TimedOut:
        log.warning("posting the result line of draft %s timed out; not posted again", d.id)
    except TelegramError as err:
        log.warning("could not post the result line of draft %s: %s", d.id, err)
        try:
            return await db(L.update_draft, d.id, version=d.version, step=RECORDED, data=d.data)
        except LedgerError:
            return d
    try:
        return await db(L.update_draft, d.id, version=d.version, step=POSTED, data=d.data)
    except LedgerError:
        return d


async def converge_tap(update: Update, context: Ctx, w: Who, d: DraftView) -> bool:
    """A tap on the entry of a hand the ledger already has (any button, any version): show
    the truth and finish what a Telegram error left undone. False if ``d`` is no such draft."""
    if not d.data.get("hand_id") or not (d.step in CONVERGE_STEPS or d.status == "done"):
        return False
    q = update.callback_query
    assert q is not None and q.message is not None
    L = ledger(context)
    hand = await db(L.get_hand_by_id, int(d.data["hand_id"]))
    said = w.tr.gettext("Hand {n} is recorded.").format(n=hand.seq)
    if d.status == "done":
        assert d.table_id is not None
        table = await db(L.get_table, d.table_id)
        text, _line = hand_done_text(table, hand, bool(d.data.get("edit_hand_id")), w.tr)
        try:
            await edit_or_send(context.bot, d.tg_chat_id, q.message.message_id, text, None)
        except TelegramError as err:
            log.info("could not show hand %s again: %s", hand.seq, err)
        await alert(q, said)
        return True
    if await converge(context, d, w.tr, q.message.message_id):
        await alert(q, said)
    else:
        await alert(q, unfinished_text(hand.seq, w.tr))
    return True


async def recover(context: Ctx) -> int:
    """At start-up: redraw the table messages left behind the ledger (marker drafts of
    :func:`persist_stale`), and finish the hands whose messages were not all shown when the
    bot stopped (drafts left at ``recorded``/``posting``/``posted``). Returns how many hands
    were finished."""
    from bot.context import chat_language

    L = ledger(context)
    try:
        drafts = await db(L.drafts_at_steps, CONVERGE_STEPS)
        markers = await db(L.drafts_at_steps, (STALE_STEP,))
    except LedgerError:
        return 0
    marked: set[int] = context.application.bot_data.setdefault("stale_marked", set())
    for table_id in sorted({d.table_id for d in markers if d.table_id is not None}):
        chat = next(d.tg_chat_id for d in markers if d.table_id == table_id)
        marked.add(table_id)
        try:  # a table message left behind the ledger when the bot stopped
            tr = Translator(await chat_language(context, chat))
            await refresh_table(context, table_id, tr)
        except (TelegramError, LedgerError) as err:
            log.warning("could not redraw table %s at start-up: %s", table_id, err)
    n = 0
    for d in drafts:
        try:
            tr = Translator(await chat_language(context, d.tg_chat_id))
            if await converge(context, d, tr, None):
                n += 1
        except (TelegramError, LedgerError) as err:
            log.warning("could not finish draft %s at start-up: %s", d.id, err)
    if n:
        log.info("finished %d recorded hands whose messages were behind the ledger", n)
    return n
