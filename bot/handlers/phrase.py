"""The whole hand in one line: ``/hand TEXT`` in a group with a started table, or a text reply
to the table message. :mod:`bot.entry.phrase` reads the line into one draft; its preview is
settled once (and the ledger settles once more at Confirm) — the same preview as the buttons
(a draft at the ``preview`` step, pre-filled like /edit), with its Confirm and every line
editable, so a misheard word is one tap away. A line that leaves out one thing the buttons can
ask (who discarded, the hand's shape, its value) opens the entry at that step: a tap, or a
text reply to that message, completes the same entry (the line is kept in the draft, in the
database). A line that does not make a hand is answered with what is wrong, in the chat's
language, and nothing is created. ``/hand`` alone shows examples in the table's ruleset and
language."""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update

from bot import present
from bot.context import Ctx, Who, db, ledger, seated_or_admin, who
from bot.entry import phrase, wizard
from bot.entry.phrase.tokens import tokenize
from bot.guard import CONVERGE_STEPS, claim_entry, release_entry
from bot.handlers.common import ledger_error, reply, reply_to_bot
from bot.handlers.flow import (
    add_bystanders,
    preview,
    round_extras,
    seat_order,
    show_draft,
    start_draft,
)
from bot.i18n import Translator
from bot.streak import prefill_streak
from bot.tg import esc, send
from scoring.errors import RecordError
from storage.errors import EntryOpen, LedgerError, StaleDraft
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
    """A text reply to the table message is a hand in one line; a text reply to a /hand
    entry's question (a line that left something out) is its answer. Any other reply is not
    ours."""
    found = reply_to_bot(update, context)
    if found is None:
        return
    msg, target, text = found
    if msg.chat.type == "private":
        return
    table = await db(ledger(context).current_table, msg.chat.id)
    if table is None or table.message_id is None:
        return
    if table.message_id == target.message_id:
        await enter(update, context, text, command=False, table=table)
        return
    await answer(update, context, table, target.message_id, text)


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
    extra = await round_extras(context, table)
    names = present.names_of(table)
    info = table_info(table, names, extra.get("prevalent_wind", "E"))
    if not text.strip():
        await reply(update, esc(usage(w.tr, info)))
        return
    if not command and not phrase.looks_like_hand(text, info):
        return  # a reply that names nothing of a hand is chat
    busy = await open_entry(context, table)
    if busy is not None:
        await refuse_busy(context, w, table, busy)
        return
    try:
        reading = phrase.read(text, info, w.tr)
    except phrase.PhraseError as err:  # nothing but fillers: how to say it, for this table
        await reply(update, esc(usage(w.tr, info) if err.code == "empty" else err.text(w.tr)))
        return
    data = entry_data(reading, kind="hand", **extra)
    await prefill_streak(context, table, data)  # the dealer's 連莊 count, unless said
    await add_bystanders(context, table, data)
    if reading.missing is not None:
        step = ask_step(reading.missing, data)
        data[LINE] = text
        screen = question_screen(step, data, w.tr)
    else:
        try:  # the one settle of the preview
            shown = preview(wizard.build_record(data), names)
        except RecordError as err:
            await reply(update, esc(wizard.problem_text(err, data, w.tr)))
            return
        step = "preview"
        screen = wizard.render(step, wizard.load(data), w.tr, settlement=shown)
    if not claim_entry(context, table.id, w.player.id):
        return  # the same player's entry is being posted this very moment
    try:
        await start_draft(
            context,
            w,
            table_id=table.id,
            step=step,
            data=data,
            reply_to=msg.message_id,
            screen=screen,
            entry=True,  # the table's one open entry, kept by the database (issue 24.1)
        )
    except EntryOpen as err:  # opened meanwhile (another line, Record hand, the Mini App)
        await refuse_busy(context, w, table, err.draft)
    except LedgerError as err:
        await reply(update, esc(ledger_error(err, w.tr)))
    finally:
        release_entry(context, table.id, w.player.id)


# ---------------------------------------------------------------------------------------
# a line that leaves one thing out: asked with the buttons, answered by a tap or a reply
# ---------------------------------------------------------------------------------------
#: the draft's keys of an asked entry: the line as typed, and the step that asks
LINE, ASKED = "phrase_line", "phrase_asked"
#: a draft's keys that the line and its answer, read again, write anew
RECORD_KEYS = frozenset(
    {"ruleset", "options", "players", "names", "dealer", "result", "wins", "counts", "events"}
    | {"trail", "page", "rk", "ev"}
)


def entry_data(reading: phrase.Reading, **extra: Any) -> dict[str, Any]:
    """The stored draft of what a line says (the parser's typed draft, with the table's
    extras), with the trail Back walks as if its steps had been tapped."""
    data = reading.draft.to_json()
    data.update(extra)
    data["trail"] = wizard.walk(data)
    return data


def ask_step(missing: phrase.Missing, data: dict[str, Any]) -> str:
    """The wizard's step that asks what the line left out; the draft keeps the line and the
    step (so a reply to that message is read with the line), and Back walks as from there."""
    n = missing.win
    if missing.kind == "how":
        step = f"how.{n}"
    elif missing.kind == "shape":
        step = f"shape.{n}"
    else:  # the value: how it is entered (where there are several ways), or its one way
        step = wizard.next_step(data, f"how.{n}")
    trail = data.get("trail") or []
    data["trail"] = trail[: trail.index(step)] if step in trail else trail
    data[ASKED] = step
    return step


def question_screen(step: str, data: dict[str, Any], tr: Translator) -> wizard.Screen:
    screen = wizard.render(step, wizard.load(data), tr)
    screen.text += "\n" + esc(tr.gettext("Tap it below, or reply to this message with it."))
    return screen


async def answer(
    update: Update, context: Ctx, table: TableView, message_id: int, text: str
) -> None:
    """A reply to a /hand entry's question: the line and the answer read together into the
    same entry (its preview, or the next question); what is wrong is said, the entry kept."""
    L = ledger(context)
    d = next(
        (
            d
            for d in await db(L.open_drafts, table.chat_id)
            if d.message_id == message_id and d.table_id == table.id
        ),
        None,
    )
    if d is None or not d.data.get(LINE) or d.data.get(ASKED) != d.step:
        return  # not an asked entry, or answered already by a tap
    if wizard.tiles_reply_step(d.step, d.data):
        return  # a tiles step reads its own replies (bot.handlers.drafts)
    w = await who(update, context)
    msg = update.effective_message
    assert msg is not None
    if not await seated_or_admin(context, w, table):
        return
    names = present.names_of(table)
    info = table_info(table, names, d.data.get("prevalent_wind") or "E")
    if not phrase.looks_like_hand(text, info):
        return  # "ok, one sec": chat, not the answer
    line = str(d.data[LINE])
    said = answered_line(line, text, d.step, info)
    try:
        reading = phrase.read(said, info, w.tr)
    except phrase.PhraseError as err:
        await msg.reply_text(err.text(w.tr))
        return
    keep = {k: v for k, v in d.data.items() if k not in RECORD_KEYS}
    data = entry_data(reading, **keep)
    await prefill_streak(context, table, data)  # as for the line itself
    if reading.missing is not None:
        step = ask_step(reading.missing, data)
        data[LINE] = said
    else:
        step = "preview"
        data.pop(LINE, None)
        data.pop(ASKED, None)
    try:
        nd = await db(L.update_draft, d.id, version=d.version, step=step, data=data)
    except (StaleDraft, LedgerError) as err:
        await msg.reply_text(ledger_error(err, w.tr))
        return
    await show_draft(context, nd, w.tr, message_id)


def answered_line(line: str, text: str, step: str, info: phrase.TableInfo) -> str:
    """The line with the answer to its question: a player's name alone answers "whose
    discard" (``off NAME``); anything else is said after the line."""
    if step.startswith("how."):
        toks, _tiles = tokenize(text, info)
        if len(toks) == 1 and toks[0].kind == "player":
            return f"{line} off {text}"
    return f"{line} {text}"


def usage(tr: Translator, info: phrase.TableInfo) -> str:
    """How to say a hand in one line, with examples in the table's ruleset and language
    (each one read back by the parser before it is shown)."""
    _ = tr.gettext
    lines = "\n".join("/hand " + ex for ex in phrase.examples(info, tr.lang))
    return _(
        "Say the hand in one line after /hand, for example:\n{examples}\nYou get the same "
        "preview as with the buttons: check it and Confirm."
    ).format(examples=lines)


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
