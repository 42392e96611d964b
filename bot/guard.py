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
  moves its draft to ``posting`` (the hand is the draft's, and so is the table message: a
  second Confirm finds both claimed; a Mini App Confirm stops at ``recorded`` and claims
  next): the entry message becomes the table's message, so the chat gains no message and
  the controls stay at the bottom; it is drawn (the ✅ result line, then the table, with the
  table's buttons), the previous table message loses its keyboard, then the draft is
  closed (``posted`` marks a taken table message when something is left for later). A Telegram error on the way leaves the draft at that step, and a re-tap on the
  entry, the chat's next update, the next start of the bot, or any later tap on it, finishes
  the job. A new message is sent only where there is no entry to take (a Mini App entry, or
  the entry deleted), at most once.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any, NamedTuple

from telegram import CallbackQuery, Message, Update
from telegram.error import TelegramError, TimedOut

from bot.callback import DraftCb
from bot.context import Ctx, Who, db, is_admin, ledger
from bot.handlers.common import alert, done, post_table_message, redraw_table, refresh_table
from bot.handlers.retry import STALE_STEP, retrying, strip_keyboard
from bot.i18n import Translator
from bot.updates import tapped_buttons
from storage.errors import DraftExpired, LedgerError, StaleDraft
from storage.views import DraftView, HandView, TableView

log = logging.getLogger(__name__)

#: the steps of a hand's draft after the ledger has the hand (see the module docstring)
RECORDED, POSTING, POSTED = "recorded", "posting", "posted"
CONVERGE_STEPS = (RECORDED, POSTING, POSTED)


# ---------------------------------------------------------------------------------------
# a tap belongs to its message
# ---------------------------------------------------------------------------------------
def message_buttons(message: Any) -> set[str] | None:
    """The callback data of the buttons on the message Telegram sent with the tap; None when
    Telegram did not show the message (too old: an ``InaccessibleMessage``)."""
    if not isinstance(message, Message):
        return None
    return tapped_buttons(message)


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
async def hand_recorded(update: Update, context: Ctx, w: Who, d: DraftView, hand: HandView) -> None:
    """After the ledger recorded (or corrected) the hand of draft ``d`` on this Confirm: claim
    the draft for it and the table message at once (``posting``: a second Confirm finds it
    claimed), then show everything."""
    q = update.callback_query
    assert q is not None and q.message is not None
    _ = w.tr.gettext
    L = ledger(context)
    assert d.table_id is not None
    table = await db(L.get_table, d.table_id)
    # ``recorded`` then ``posting`` in one write: nothing is sent to Telegram between the two
    data = {**d.data, "hand_id": hand.id, "old_table_message": table.message_id}
    try:
        nd = await db(L.update_draft, d.id, version=d.version, step=POSTING, data=data)
    except (StaleDraft, DraftExpired):
        # the other tap on Confirm got here first: the hand exists once, it posts the result
        await alert(q, _("Already recorded."))
        return
    shown = await converge(
        context, nd, w.tr, q.message.message_id, table=table, claimed=True, hand=hand
    )
    if shown:
        await done(q)
    else:
        await alert(q, unfinished_text(hand.number, w.tr))


def unfinished_text(seq: int, tr: Translator) -> str:
    return tr.gettext(
        "Hand {n} is recorded. Telegram did not let me show all of it yet; tap the entry again "
        "in a moment to show it."
    ).format(n=seq)


async def converge(
    context: Ctx,
    d: DraftView,
    tr: Translator,
    message_id: int | None,
    *,
    table: TableView | None = None,
    claimed: bool = False,
    hand: HandView | None = None,
) -> bool:
    """Bring the chat up to a recorded hand: the entry message becomes the table's message (the
    ✅ result line, then the table, with the table's buttons: the controls stay at the bottom
    of the chat), the previous table message loses its keyboard; then the draft is closed.
    True if the hand is shown; False if a Telegram error left it for a later tap (an old
    keyboard that could not be removed yet is left for later too, but counts as shown).

    The claim (``recorded`` → ``posting``) makes one tap the one that moves the table message
    (``claimed``: the caller has just made it, and gives the ``table`` it read for it); a new
    message is sent only when there is no entry message to take (a Mini App entry, or the
    entry deleted), so at most once: a timeout counts as sent. ``hand``: the hand just
    recorded, if the caller has it (not read again for the table message). The draft is marked
    ``posted`` (taken) only when it stays open: a draft closed at once never needs it."""
    L = ledger(context)
    assert d.table_id is not None
    if table is None:
        table = await db(L.get_table, d.table_id)
    ok = True
    taken = d.step == POSTED
    mid = message_id if message_id is not None else d.message_id
    current: DraftView | None = d
    if d.step == RECORDED and not claimed:
        data = {**d.data, "old_table_message": table.message_id}
        try:  # claim the table message: whoever moves the draft to "posting" moves it
            current = await db(L.update_draft, d.id, version=d.version, step=POSTING, data=data)
        except (StaleDraft, DraftExpired):
            current = None  # another tap is moving it right now
    known: TableView | None = table  # the table as read above, while nothing changes it
    if current is not None and (claimed or d.step == RECORDED):
        current, taken, known = await take_table(context, current, table, mid, tr)
        ok = taken
    elif d.step == POSTING and d.data.get("mode") != "web" and mid is not None:
        # claimed, then stopped (a restart) or still under way: taking the entry message
        # again is harmless (the same id in the ledger; nothing is sent)
        current, taken, known = await take_table(context, d, table, mid, tr)
    shown = await redraw_table(context, table.id, tr, latest=hand, known=known)
    ok = ok and shown is not None
    # the old table message keeps its keyboard until the new one shows (never none); a
    # keyboard Telegram would not remove yet is removed later, but the hand is shown
    finished = ok
    if ok and taken and current is not None and shown is not None:
        finished = await strip_old(current, shown, context)
    if current is not None and current.step in (POSTING, POSTED):
        try:
            if finished:
                await db(L.close_draft, current.id, version=current.version, status="done")
            elif taken and current.step == POSTING:  # taken, left open: not to be taken again
                await db(
                    L.update_draft,
                    current.id,
                    version=current.version,
                    step=POSTED,
                    data=current.data,
                )
        except LedgerError:
            pass  # moved on by another tap meanwhile
    if not finished:  # the chat's next update tries again (and the next start-up, from the ledger)
        pending: dict[int, int] = context.application.bot_data.setdefault("pending_hands", {})
        pending[d.tg_chat_id] = d.id
    return ok


async def take_table(
    context: Ctx, d: DraftView, table: TableView, mid: int | None, tr: Translator
) -> tuple[DraftView, bool, TableView | None]:
    """Make the entry message (``mid``) the table's message, for draft ``d`` at step
    ``posting`` (claimed by this call): the ledger remembers it, and the redraw that follows
    draws the table into it. Without an entry message (a Mini App entry), a new table message
    is sent instead (and the draft marked ``posted`` at once): a refusal or a 5xx after the
    retries gives the claim back (step ``recorded``: a later tap tries again); a timeout
    counts as sent, since Telegram may have sent it and a second copy is worse than none.
    Returns the draft, whether the table message is taken, and the table as it is now where
    this call knows it (its message set here: the redraw does not read it again), else None.
    """
    L = ledger(context)
    if d.data.get("mode") != "web" and mid is not None and d.tg_chat_id == table.chat_id:
        await db(L.set_table_message, table.id, mid)
        return d, True, replace(table, message_id=mid)
    if d.data.get("mode") == "web" and table.message_id is not None:
        # a Mini App Confirm: the ✅ is drawn into the table message in place. A new message
        # could be posted twice after a crash between Telegram's answer and the ledger
        # remembering its id (issue 24 point 3: 3 of 20 kills at "posting"); an edit never
        return d, True, table
    try:
        await retrying(
            lambda: draw_new_table(context, table.id, tr),
            what="posting the table message",
            retry_timeouts=False,
        )
    except TimedOut:
        log.warning("posting the table message of draft %s timed out; not again", d.id)
    except TelegramError as err:
        log.warning("could not post the table message of draft %s: %s", d.id, err)
        try:
            back = await db(L.update_draft, d.id, version=d.version, step=RECORDED, data=d.data)
            return back, False, None
        except LedgerError:
            return d, False, None
    try:
        posted = await db(L.update_draft, d.id, version=d.version, step=POSTED, data=d.data)
        return posted, True, None
    except LedgerError:
        return d, False, None


async def draw_new_table(context: Ctx, table_id: int, tr: Translator) -> None:
    """Post the table message anew (the old one loses its keyboard)."""
    L = ledger(context)
    fresh = await db(L.get_table, table_id)
    standings = await db(L.standings, table_id) if fresh.status != "open" else None
    await post_table_message(context, fresh, standings, tr, edit=False)


async def strip_old(d: DraftView, shown: TableView, context: Ctx) -> bool:
    """The table message before this hand loses its keyboard (its taps are refused anyway:
    it is no longer the table's message; ``shown``: the table as just drawn). A refusal (the
    message is too old to edit, or deleted) is ignored; False only if Telegram's own trouble
    outlasted the retries."""
    old = d.data.get("old_table_message")
    if not isinstance(old, int) or shown.message_id == old:
        return True  # none, or still the table's message (the entry could not be taken)
    return await strip_keyboard(context, shown.chat_id, old)


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


async def converge_tap(update: Update, context: Ctx, w: Who, d: DraftView) -> bool:
    """A tap on the entry of a hand the ledger already has (any button, any version): show
    the truth and finish what a Telegram error left undone. False if ``d`` is no such draft."""
    if not d.data.get("hand_id") or not (d.step in CONVERGE_STEPS or d.status == "done"):
        return False
    q = update.callback_query
    assert q is not None and q.message is not None
    L = ledger(context)
    hand = await db(L.get_hand_by_id, int(d.data["hand_id"]))
    said = w.tr.gettext("Hand {n} is recorded.").format(n=hand.number)
    if d.status == "done":  # its entry is (or was) the table's message: nothing to redo
        await alert(q, said)
        return True
    if await converge(context, d, w.tr, q.message.message_id):
        await alert(q, said)
    else:
        await alert(q, unfinished_text(hand.number, w.tr))
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
