"""The entry flow shared by the handlers: a draft's screen and message (the table setup, the
hand wizard, a confirmation), and a new hand's entry at a table — one at a time (an open
entry is resumed, not doubled). Both the draft taps (:mod:`bot.handlers.drafts`) and the
table's buttons and commands (:mod:`bot.handlers.table`, :mod:`bot.handlers.phrase`) start
entries here, so neither imports the other for it."""

from __future__ import annotations

import logging
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, ReplyParameters
from telegram.constants import ParseMode
from telegram.error import BadRequest

import scoring
from bot import guard, present, setup, texts
from bot.context import Ctx, Who, db, db_long, ledger
from bot.entry import wizard
from bot.i18n import Translator
from bot.streak import prefill_streak
from bot.tg import NO_PREVIEW, Keyboard, edit_or_send, esc
from scoring.declarations import is_enabled
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from scoring.rulesets.guobiao import prevalent_wind_for
from storage.errors import EntryOpen
from storage.settled import settle_memo
from storage.views import DraftView, TableView

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------------------------
# screens
# ---------------------------------------------------------------------------------------
def hand_screen(step: str, data: dict[str, Any], tr: Translator) -> wizard.Screen:
    if step != "preview":
        return wizard.render(step, data, tr)
    try:
        shown = preview(wizard.build_record(data), data["names"])
    except RecordError as err:
        return wizard.render(step, data, tr, error=wizard.problem_text(err, data, tr))
    return wizard.render(step, data, tr, settlement=shown)


def preview(record: HandRecord, names: dict[str, str]) -> Settlement:
    """:func:`bot.present.preview` from the settle this tap made already when it checked the
    hand (:func:`storage.settled.settle_memo`): a preview settles its hand once."""
    settled = settle_memo(record).settlement
    return present.named(present.without_money_steps(settled), names)


def screen_for(d_step: str, data: dict[str, Any], tr: Translator, draft_id: int) -> wizard.Screen:
    kind = data.get("kind")
    if kind == "setup":
        screen = setup.render(d_step, data, tr)
        if d_step == "ruleset":  # a reply naming a city or the rules finds it by this tag
            screen.text += f"\n#{draft_id}"
        return screen
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
    entry: bool = False,
    screen: wizard.Screen | None = None,
) -> DraftView:
    """Create a draft and post its keyboard (``entry``: the table's one open entry, else
    ``EntryOpen``; ``screen``: drawn already, e.g. /hand's preview, settled once)."""
    L = ledger(context)
    d = await db(
        L.create_draft,
        tg_chat_id=w.chat_id,
        author_id=w.player.id,
        table_id=table_id,
        data=data,
        step=step,
        ttl_seconds=context.application.bot_data.get("draft_ttl", 86400),
        entry=entry,
        done_steps=guard.CONVERGE_STEPS,
    )
    if screen is None:
        screen = screen_for(d.step, d.data, w.tr, d.id)
    mid = await send_id(
        context.bot,
        w.chat_id,
        screen.text,
        texts.draft_markup(screen, d.id, d.version),
        reply_to=reply_to,
    )
    await guard.bind_draft(context, d, mid)  # taps from any other message are refused
    return d


async def send_id(
    bot: Bot,
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None,
    *,
    reply_to: int | None,
) -> int:
    """:func:`bot.tg.send` (HTML, no link previews, through the rate limiter and the new
    messages' longer timeouts) that keeps only the new message's id: the Message Telegram
    sends back, keyboard and all, is not turned into PTB objects (about 0.5 ms a Record hand
    that nobody read)."""
    data: dict[str, Any] = {
        "chat_id": chat_id,
        "text": text,
        "parse_mode": ParseMode.HTML,
        "link_preview_options": NO_PREVIEW,
        "reply_markup": markup,
    }
    if reply_to:
        data["reply_parameters"] = ReplyParameters(reply_to, allow_sending_without_reply=True)
    result = await bot._post("sendMessage", data)
    return int(result["message_id"])


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


async def entry_author(context: Ctx, d: DraftView) -> str:
    name = d.data.get("names", {}).get(str(d.author_id))
    if name is None:
        name = (await db(ledger(context).get_player, d.author_id)).name
    return str(name)


def pointer_text(author: str, d: DraftView, tr: Translator) -> str:
    """The answer to a Record hand (or Draw) tap while entry ``d`` is open."""
    _ = tr.gettext
    if is_web_entry(d.data):
        return _("{name} is entering this hand in the Mini App (📱 Open).").format(name=author)
    if d.message_id is None:  # created a moment ago, its message on its way
        text = _("The entry of this hand by {name} is on its way; it shows up in a moment.")
        return text.format(name=author)
    return _(
        "{name} is already entering this hand: go on with it in its message (above), or "
        "start over there."
    ).format(name=author)


async def point_to_entry(context: Ctx, w: Who, d: DraftView, *, draw: bool) -> str | None:
    """Record hand (or Draw) while the table's entry ``d`` is open: no second entry, no new
    message. Its message is edited in place (nothing is saved: no version to race for) to
    say whose entry it is, with 🔄 Start over, and after Draw 🤝 Make it a draw; a Mini App
    entry gets one note with 🔄 Start over. Returns the answer for the tap (None: the note
    just posted says it)."""
    _ = w.tr.gettext
    author = await entry_author(context, d)
    if is_web_entry(d.data):
        note = _(
            "{name} is entering this hand in the Mini App (📱 Open): go on there, or start "
            "over here."
        ).format(name=esc(author))
        screen = wizard.Screen(note, [[wizard.Button("🔄 " + _("Start over"), "new")]])
        markup = texts.draft_markup(screen, d.id, d.version)
        msg = await edit_or_send(context.bot, w.chat_id, d.message_id, note, markup)
        await guard.bind_draft(context, d, msg)
        return pointer_text(author, d, w.tr) if msg is None else None  # the note says it
    if d.message_id is None:
        return pointer_text(author, d, w.tr)
    screen = screen_for(d.step, d.data, w.tr, d.id)
    if not d.data.get("shared"):
        screen.rows.insert(
            max(0, len(screen.rows) - 1), [wizard.Button("🔄 " + _("Start over"), "new")]
        )
    markup = texts.draft_markup(screen, d.id, d.version)
    if draw and d.data.get("first_result") != "draw" and d.table_id is not None:
        label = "🤝 " + _("Make it a draw")
        todraw = texts.table_button(label, d.table_id, "todraw", str(d.id))
        rows = [list(r) for r in markup.inline_keyboard] if markup is not None else []
        markup = Keyboard([*rows, [todraw]])
    note = _(
        "{name} is already entering this hand: anyone at the table can go on with it here, "
        "or start over."
    ).format(name=esc(author))
    try:
        await edit_or_send(
            context.bot, w.chat_id, d.message_id, f"✏️ <i>{note}</i>\n{screen.text}", markup
        )
    except BadRequest as err:  # "message is not modified": another tap drew the same
        log.info("pointing to entry %s: %s", d.id, err.message)
    return pointer_text(author, d, w.tr)


async def start_hand(context: Ctx, w: Who, table: TableView, result: str | None) -> str | None:
    """Record hand (or Draw) on the table message, or 🔄 Start over: the hand's entry, unless
    one is open already. One at a time, kept by the database: creating the entry is the check
    (``EntryOpen`` carries the open one, chat or Mini App: every hand entry holds the table's
    slot since migration 0003), so a concurrent tap that loses the race is given the entry
    that won it (never a fresh one), and a tap costs no read of the open drafts first.
    Returns the answer for the tap when it was pointed to an open entry (None: a new entry
    was posted)."""
    assert table.dealer_id is not None
    step, data = await entry_state(context, table, result)
    try:
        await start_draft(context, w, table_id=table.id, step=step, data=data, entry=True)
    except EntryOpen as err:
        return await point_to_entry(context, w, err.draft, draw=result == "draw")
    return None


async def entry_state(
    context: Ctx, table: TableView, result: str | None
) -> tuple[str, dict[str, Any]]:
    """The first step and data of a new hand's entry at ``table`` (``result``: "draw")."""
    assert table.dealer_id is not None
    step, data = wizard.new_state(
        ruleset=table.ruleset,
        options=dict(table.options),
        players=seat_order(table),
        names=present.names_of(table),
        dealer=str(table.dealer_id),
        result=result,
        hand_no=table.next_number,
    )
    data["kind"] = "hand"
    data.update(await round_extras(context, table))
    data["table_entry"], data["first_result"] = True, result
    await prefill_streak(context, table, data)  # the dealer's 連莊 count from the ledger
    await add_bystanders(context, table, data)
    return step, data


def seat_order(table: TableView) -> list[str]:
    """The seated players' ids, East first: a hand's ``players``."""
    return [str(s.player_id) for s in sorted(table.seats, key=lambda s: s.seat_index)]


async def round_extras(context: Ctx, table: TableView) -> dict[str, Any]:
    """The draft keys a new hand gets besides the record (Record hand, the one-line /hand, the
    Mini App): the table's hand count and next number, Guobiao's default prevalent wind (圈风)."""
    extra: dict[str, Any] = {"hand_count": table.hand_count, "hand_no": table.next_number}
    rs = scoring.get(table.ruleset)
    if rs.option("round_wind") is not None:
        mode = rs.resolve_options(dict(table.options)).s("round_wind")
        before = 0
        if mode == "by_hands":  # the night's confirmed hands (voided ones do not count)
            st = await db(ledger(context).standings, table.id, trend_hands=0)
            before = st.hand_count
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
