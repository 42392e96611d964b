"""The table: /newtable, its message's buttons (Join, Start, Record hand, Draw, Undo, Board,
Settle), /guest, /seat, /undo, /settle, /board, /edit, /nights, /close."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import InputFile, Update
from telegram.error import TimedOut

import scoring
from bot import guard, present, riichi_view, setup, texts
from bot.callback import BadCallback, TableCb
from bot.context import Ctx, Who, db, db_long, is_admin, ledger, seated_or_admin, who
from bot.handlers import fix, images
from bot.handlers.common import (
    alert,
    args_of,
    done,
    is_number,
    ledger_error,
    once,
    post_table_message,
    refresh_table,
    reply,
)
from bot.handlers.confirm import ask_settle, ask_undo
from bot.handlers.flow import entry_state, is_table_entry, show_draft, start_draft, start_hand
from bot.i18n import localize_csv
from bot.limits import TEXT_LIMIT, chunks, fit_html, visible_len
from bot.terms import ICON_TITLE
from bot.tg import Keyboard, edit_or_send, esc, send
from bot.web.links import offer_calculator, offer_tables  # the Mini App's, if configured
from storage.errors import AlreadyDone, DraftExpired, LedgerError, StaleDraft
from storage.service import Ledger
from storage.views import StandingsView, TableView

log = logging.getLogger(__name__)


async def current(context: Ctx, w: Who, update: Update) -> TableView | None:
    table = await db(ledger(context).current_table, w.chat_id)
    if table is None:
        await reply(
            update, esc(w.tr.gettext("There is no table in this chat. Open one with /newtable."))
        )
    return table


async def number_arg(update: Update, context: Ctx, usage: str) -> int | None:
    """The command's one argument, a number (``/seat N``, ``/edit N``, ``/explain N``); None
    after replying with the usage."""
    args = args_of(context)
    if len(args) != 1 or not is_number(args[0]):
        await reply(update, esc(usage))
        return None
    return int(args[0])


# ---------------------------------------------------------------------------------------
# commands
# ---------------------------------------------------------------------------------------
async def cmd_newtable(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    if w.private:
        await reply(
            update,
            esc(
                _(
                    "Tables are played in a group: add me to your group and send "
                    "/newtable there. Here you can use /calc."
                )
            ),
        )
        return
    existing = await db(ledger(context).current_table, w.chat_id)
    if existing is not None:
        await reply(
            update, esc(_("This chat already has a table. /table shows it; /close closes it."))
        )
        return
    step, data = setup.new_setup("table")
    await start_draft(context, w, table_id=None, step=step, data=data)


async def cmd_calc(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    if not w.private:
        await reply(
            update, esc(_("/calc works in a private chat with me, so the group is not disturbed."))
        )
        return
    step, data = setup.new_setup("calc")
    await start_draft(context, w, table_id=None, step=step, data=data)

    await offer_calculator(context, w.chat_id, w.tr)


async def cmd_table(update: Update, context: Ctx) -> None:
    w = await who(update, context)

    if w.private and await offer_tables(context, w.chat_id, w.player.id, w.tr):
        return
    table = await current(context, w, update)
    if table is None:
        return
    L, playing = ledger(context), table.status != "open"  # totals, no trend chart:
    standings = await db(L.standings, table.id, trend_hands=0) if playing else None
    await post_table_message(context, table, standings, w.tr, edit=False)


async def change_table(
    update: Update, context: Ctx, w: Who, table: TableView, call: Any, *args: Any, **kw: Any
) -> bool:
    """Run one ledger change for a command on ``table``, once per update (a redelivery after
    a crash changes nothing again: the table is only redrawn); a refusal (LedgerError) is
    answered politely and changes nothing; on success the table message is refreshed."""
    try:
        await once(update, context, call, *args, **kw)
    except AlreadyDone:
        pass  # done before the restart: what follows shows it
    except LedgerError as err:
        await reply(update, esc(ledger_error(err, w.tr)))
        return False
    await refresh_table(context, table.id, w.tr)
    return True


async def cmd_join(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is None:
        return
    await change_table(update, context, w, table, ledger(context).join, table.id, w.player.id)


async def cmd_guest(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    table = await current(context, w, update)
    if table is None:
        return
    name = " ".join(args_of(context)).strip()
    if not name:
        await reply(update, esc(_("Usage: /guest NAME")))
        return
    if not await seated_or_admin(context, w, table):
        await reply(update, esc(_("Only the players at this table (or a chat admin) can do that.")))
        return
    L = ledger(context)
    await change_table(
        update, context, w, table, L.add_guest, table.id, name[:64], by_player_id=w.player.id
    )


async def cmd_seat(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    table = await current(context, w, update)
    if table is None:
        return
    n = await number_arg(update, context, _("Usage: /seat N (1 = East)"))
    if n is None:
        return
    L = ledger(context)
    await change_table(update, context, w, table, L.move_seat, table.id, w.player.id, n - 1)


async def cmd_close(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is None:
        return
    admin = await is_admin(context, w.chat_id, w.tg_user_id)
    if not (w.player.id == table.creator_id or admin or w.player.id in table.player_ids):
        await reply(update, esc(w.tr.gettext("You are not allowed to do that.")))
        return
    L = ledger(context)
    if await change_table(
        update, context, w, table, L.close_table, table.id, by_player_id=w.player.id, admin=admin
    ):
        await reply(update, esc(w.tr.gettext("The table is closed.")))


async def cmd_undo(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is not None:
        await ask_undo(context, w, table, None)


async def cmd_settle(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is not None:
        await ask_settle(context, w, table, None)


async def cmd_board(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is not None:
        await send_board(context, w, table)


async def cmd_edit(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    table = await current(context, w, update)
    if table is None:
        return
    n = await number_arg(update, context, _("Usage: /edit N (the hand number, see /history)"))
    if n is None:
        return
    L = ledger(context)
    try:
        hand = await db(L.get_hand_number, table.id, n)  # hand N of tonight
    except LedgerError as err:
        await reply(update, esc(ledger_error(err, w.tr)))
        return
    if hand.status != "confirmed":
        await reply(update, esc(_("That hand is already voided.")))
        return
    # correcting a hand voids it: the right of /undo (checked again at Confirm)
    if not (await guard.void_right(context, w, table, hand)).ok:
        await reply(update, esc(await fix.who_may(context, table, hand, w.tr, fix.CORRECT)))
        return
    await fix.open_correction(context, w, table, hand)


# ---------------------------------------------------------------------------------------
# the table message's buttons
# ---------------------------------------------------------------------------------------
TableHandler = Callable[[Update, Ctx, Who, TableView, TableCb], Awaitable[None]]


async def tapped_table(
    update: Update, context: Ctx, cb: TableCb, *, closed_ok: bool = False
) -> tuple[Who, TableView] | None:
    """The tapper and the table of a table button, if the tap may act: the chat's current
    table (``closed_ok``: or a closed table of this chat, for paging its history), and the
    button one of that table message's own. Otherwise the tapper is told why; None."""
    q = update.callback_query
    assert q is not None and q.message is not None
    w = await who(update, context)
    _ = w.tr.gettext
    L = ledger(context)
    table = await db(L.current_table, w.chat_id)
    if (table is None or table.id != cb.table_id) and closed_ok:
        try:  # the history of a closed table of this chat may still be paged
            table = await db(L.get_table, cb.table_id)
        except LedgerError:
            table = None
    if table is None or table.id != cb.table_id or table.chat_id != w.chat_id:
        await alert(q, _("This table is closed or belongs to another chat."))
        return None
    action = cb.action
    if not guard.table_tap_belongs(q, table, action):
        log.warning("refused a table tap %r on message %s", q.data, q.message.message_id)
        own = action != "hist" and q.message.message_id == table.message_id
        if own and action in SEAT_ACTIONS and table.status != "open":
            why = _("Seats can only be moved before Start.")
        elif own:  # an older keyboard of this very message
            why = _(
                "This keyboard is out of date; nothing was changed. Use the buttons the "
                "message shows now."
            )
        else:
            why = _("This button does not belong to this message; nothing was changed.")
        await alert(q, why)
        return None
    return w, table


def table_tap(
    handler: TableHandler, *, seated: bool = False, playing: bool = False, closed_ok: bool = False
) -> Callable[[Update, Ctx, TableCb], Coroutine[Any, Any, None]]:
    """A table button's handler for ``bot.app``'s route of its action: :func:`tapped_table`,
    then (``seated``) only the players at the table or a chat admin, (``playing``) only once
    the table has started, then ``handler``."""

    async def on_tap(update: Update, context: Ctx, cb: TableCb) -> None:
        got = await tapped_table(update, context, cb, closed_ok=closed_ok)
        if got is None:
            return
        w, table = got
        q = update.callback_query
        assert q is not None
        _ = w.tr.gettext
        if seated and not await seated_or_admin(context, w, table):
            await alert(q, _("Only the players at this table (or a chat admin) can do that."))
            return
        if playing and table.status != "playing":
            await alert(q, _("Start the table first."))
            return
        await handler(update, context, w, table, cb)

    on_tap.__name__ = on_tap.__qualname__ = handler.__name__
    return on_tap


async def on_join(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    q = update.callback_query
    assert q is not None
    try:
        await db(ledger(context).join, table.id, w.player.id)
    except LedgerError as err:
        await alert(q, ledger_error(err, w.tr))
        return
    await refresh_table(context, table.id, w.tr)
    await done(q)


async def on_history_page(
    update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb
) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    page, size = history_arg(cb.arg)
    await show_history(context, w, table, page, q.message.message_id, size)
    await done(q)


async def on_board(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    q = update.callback_query
    assert q is not None
    await send_board(context, w, table)
    await done(q)


async def on_start(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    q = update.callback_query
    assert q is not None
    _ = w.tr.gettext
    if not table.seats:
        await alert(q, _("Tap 🙋 Join first."))
        return
    if not await seated_or_admin(context, w, table):
        await alert(q, _("Only the players at this table (or a chat admin) can do that."))
        return
    rs = scoring.get(table.ruleset)
    if len(table.seats) not in rs.players:
        need = " / ".join(str(n) for n in rs.players)
        await alert(q, _("{n} players are needed to start.").format(n=need))
        return
    try:
        await db(ledger(context).start, table.id)
    except LedgerError as err:
        await alert(q, ledger_error(err, w.tr))
        return
    await refresh_table(context, table.id, w.tr)
    await done(q)


async def on_record(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    """Record hand (``rec``) or Draw (``draw``): open the hand entry, or point to the one
    open (the database keeps one per table: concurrent taps make one entry)."""
    q = update.callback_query
    assert q is not None
    _ = w.tr.gettext
    draw = cb.action == "draw"
    if draw and "draw" not in {r.value for r in scoring.get(table.ruleset).results}:
        await alert(q, _("This ruleset has no draw."))
        return
    try:
        pointed = await start_hand(context, w, table, "draw" if draw else None)
    except TimedOut:
        await alert(
            q,
            _(
                "Telegram did not confirm the new entry in time. If it does not show up "
                "in a few seconds, tap Record hand again."
            ),
        )
        return
    if pointed is not None:
        await alert(q, pointed)
    else:
        await done(q)


async def on_to_draw(update: Update, context: Ctx, cb: TableCb) -> None:
    """🤝 Make it a draw, under the note Draw drew into the open entry: the same entry (its
    message, its draft) starts again as a draw."""
    q = update.callback_query
    assert q is not None and q.message is not None
    w = await who(update, context)
    _ = w.tr.gettext
    L = ledger(context)
    if not is_number(cb.arg):
        raise BadCallback(f"bad draft {cb.arg!r}")
    try:
        d = await db(L.get_draft, int(cb.arg))
    except LedgerError:
        await alert(q, _("This entry is closed or has expired."))
        return
    table = await db(L.current_table, w.chat_id)
    if (
        table is None
        or table.id != cb.table_id
        or d.table_id != table.id
        or d.tg_chat_id != w.chat_id
        or not guard.on_its_message(q)
        or d.message_id != q.message.message_id
    ):
        await alert(q, _("This button does not belong to this message; nothing was changed."))
        return
    if d.status != "open" or not is_table_entry(d.data) or d.step in guard.CONVERGE_STEPS:
        await alert(q, _("This entry is already finished."))
        return
    if not await seated_or_admin(context, w, table):
        await alert(q, _("Only the players at this table (or a chat admin) can do that."))
        return
    step, data = await entry_state(context, table, "draw")
    try:
        nd = await db(L.update_draft, d.id, version=d.version, step=step, data=data)
    except (StaleDraft, DraftExpired) as err:
        await alert(q, ledger_error(err, w.tr))
        return
    await show_draft(context, nd, w.tr, d.message_id)
    await done(q)


async def on_undo(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    q = update.callback_query
    assert q is not None
    await ask_undo(context, w, table, q)
    await done(q)


async def on_settle(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    q = update.callback_query
    assert q is not None
    await ask_settle(context, w, table, q)
    await done(q)


async def on_seats_tap(update: Update, context: Ctx, w: Who, table: TableView, cb: TableCb) -> None:
    """Seat order before Start: 🔀 Seats shows ↑/↓ per player on the table message; a tap
    swaps the player with the neighbouring seat. Allowed to the seated players, the table's
    creator and chat admins. The button names the player's seat when it was drawn: if the
    seats changed meanwhile, the tap changes nothing and the keyboard is redrawn."""
    q = update.callback_query
    assert q is not None
    _ = w.tr.gettext
    if table.status != "open":
        await alert(q, _("Seats can only be moved before Start."))
        return
    if not (w.player.id == table.creator_id or await seated_or_admin(context, w, table)):
        await alert(q, _("Only the players at this table (or a chat admin) can do that."))
        return
    if cb.action == "seats":
        await refresh_table(context, table.id, w.tr, arranging=True)
        await done(q)
        return
    if cb.action == "sdone":
        await refresh_table(context, table.id, w.tr)
        await done(q)
        return
    pid_txt, _sep, idx_txt = cb.arg.partition(".")
    if not (is_number(pid_txt) and is_number(idx_txt)):
        await alert(q, _("This button is not valid."))
        return
    pid, idx = int(pid_txt), int(idx_txt)
    seat = next((s for s in table.seats if s.player_id == pid), None)
    if seat is None or seat.seat_index != idx:
        await refresh_table(context, table.id, w.tr, arranging=True)
        await alert(q, _("The seats changed meanwhile; look again."))
        return
    target = idx - 1 if cb.action == "su" else idx + 1
    try:
        await db(ledger(context).move_seat, table.id, pid, target)
    except LedgerError as err:
        await alert(q, ledger_error(err, w.tr))
        return
    await refresh_table(context, table.id, w.tr, arranging=True)
    await done(q)


# ---------------------------------------------------------------------------------------
# board, history, export
# ---------------------------------------------------------------------------------------
async def send_board(context: Ctx, w: Who, table: TableView) -> None:
    st = await db(ledger(context).standings, table.id)
    game = await riichi_view.board_label(context, table, w.tr)  # riichi: round, honba, sticks
    text = (f"{ICON_TITLE} {esc(game)}\n" if game else "") + texts.standings_text(table, st, w.tr)
    png = await images.scoreboard(context, w, table, st, game=game)
    if png is not None:
        await context.bot.send_photo(
            w.chat_id, InputFile(png, filename="board.png"), caption=fit_html(text, 1024)
        )
    else:
        await send(context.bot, w.chat_id, text)
    await riichi_view.after_board(context, w, table)  # a game just over: its result image


#: hands per history page; a page whose text would be over Telegram's limit (long names)
#: is shown in smaller pages instead (the page size travels in the buttons: ``P.S``)
HISTORY_PAGE = 10
HISTORY_SIZES = (10, 5, 2, 1)


def history_arg(arg: str) -> tuple[int, int]:
    """``P`` (a page of 10) or ``P.S`` (page P of S hands) from a history button."""
    page_txt, _sep, size_txt = arg.partition(".")
    if not is_number(page_txt) or (size_txt and not is_number(size_txt)):
        raise BadCallback(f"bad history page {arg!r}")
    size = int(size_txt) if size_txt else HISTORY_PAGE
    if size not in HISTORY_SIZES or int(page_txt) >= 100000:
        raise BadCallback(f"bad history page {arg!r}")
    return int(page_txt), size


async def show_history(
    context: Ctx, w: Who, table: TableView, page: int, message_id: int | None, size: int = 10
) -> None:
    """A page of the table's hands, as long as Telegram allows: with long names a page of
    10 is shown as pages of 5, 2 or 1 hands."""
    L = ledger(context)
    first = page * size  # the first hand asked for, whatever the page size becomes
    for n in (s for s in HISTORY_SIZES if s <= size):
        pg = await db(L.history, table.id, page=first // n, page_size=n)
        names: dict[str, str] = {}
        for h in pg.items:
            names.update(present.names_of(table, h.names))
        text = texts.history_text(table, pg, w.tr, names)
        if visible_len(text) <= TEXT_LIMIT:
            break
    if n == HISTORY_PAGE:
        markup = texts.history_markup(table, pg, w.tr)
    else:
        row = []
        if pg.has_prev:
            row.append(texts.table_button("◀", table.id, "hist", f"{pg.page - 1}.{n}"))
        if pg.has_next:
            row.append(texts.table_button("▶", table.id, "hist", f"{pg.page + 1}.{n}"))
        markup = Keyboard([row]) if row else None
    await edit_or_send(context.bot, w.chat_id, message_id, text, markup)


async def cmd_history(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is None:
        return
    args = args_of(context)
    page = int(args[0]) - 1 if args and is_number(args[0]) and int(args[0]) > 0 else 0
    await show_history(context, w, table, page, None)


async def cmd_export(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    table = await current(context, w, update)
    if table is None:
        return
    csv_text = await db_long(ledger(context).export_csv, table.id)
    csv_text = localize_csv(csv_text, scoring.get(table.ruleset), w.tr)  # zh: headers, names
    await context.bot.send_document(
        w.chat_id,
        InputFile(csv_text.encode("utf-8"), filename=f"table-{table.id}.csv"),
        caption=w.tr.gettext("All hands of this table (CSV)."),
    )


#: /nights lists at most this many nights (the latest); /nights N shows any night
NIGHTS_LISTED = 20


async def cmd_nights(update: Update, context: Ctx) -> None:
    """/nights: the table's nights with hand counts and nets; /nights N: night N's totals and
    fewest transfers, as the settle message showed them. Read-only, for anyone in the chat."""
    w = await who(update, context)
    _ = w.tr.gettext
    table = await current(context, w, update)
    if table is None:
        return
    L = ledger(context)
    args = args_of(context)
    if not args:
        first = max(1, table.night - NIGHTS_LISTED + 1)
        nights = await db(_nights_standings, L, table.id, range(first, table.night + 1))
        for part in chunks(texts.nights_text(table, nights, w.tr, first=first)):
            await send(context.bot, w.chat_id, part)
        return
    if len(args) != 1 or not is_number(args[0]) or not 1 <= int(args[0]) <= table.night:
        usage = _("Usage: /nights N (a night of this table: 1 to {n})").format(n=table.night)
        await reply(update, esc(usage))
        return
    night = int(args[0])
    try:
        sv = await db(L.night_transfers, table.id, night=night)
    except LedgerError as err:
        await reply(update, esc(ledger_error(err, w.tr)))
        return
    settled = night < table.night
    await send(context.bot, w.chat_id, texts.settle_text(table, sv, w.tr, settled=settled))


def _nights_standings(L: Ledger, table_id: int, nights: range) -> list[StandingsView]:
    return [L.standings(table_id, night=n, trend_hands=0) for n in nights]


async def cmd_explain(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    table = await current(context, w, update)
    if table is None:
        return
    n = await number_arg(update, context, _("Usage: /explain N (the hand number, see /history)"))
    if n is None:
        return
    try:
        hand = await db(ledger(context).get_hand_number, table.id, n)  # hand N of tonight
    except LedgerError as err:
        await reply(update, esc(ledger_error(err, w.tr)))
        return
    names = present.names_of(table, hand.names)
    shown = present.shown(hand, names)  # the stored settlement, named: nothing settled again
    text = texts.explain_text(hand, names, shown, w.tr)
    await send(context.bot, w.chat_id, fit_html(text, TEXT_LIMIT))
    png = await images.hand_card(context, w, table, hand, names, shown)
    if png is not None:
        await context.bot.send_photo(w.chat_id, InputFile(png, filename=f"hand-{hand.number}.png"))


#: the seat-moving buttons before Start (🔀 Seats, ↑, ↓, Done)
SEAT_ACTIONS = ("seats", "su", "sd", "sdone")

#: the route of each table button's action (``bot.app`` gives each its own
#: CallbackQueryHandler with the pattern ``callback.is_table_action(action)``)
ROUTES: dict[str, Callable[[Update, Ctx, TableCb], Coroutine[Any, Any, None]]] = {
    "join": table_tap(on_join),
    "hist": table_tap(on_history_page, closed_ok=True),
    "board": table_tap(on_board),
    **dict.fromkeys(SEAT_ACTIONS, table_tap(on_seats_tap)),
    "start": table_tap(on_start),  # seated, checked after "Tap 🙋 Join first"
    "rec": table_tap(on_record, seated=True, playing=True),
    "draw": table_tap(on_record, seated=True, playing=True),
    "todraw": on_to_draw,  # on the entry's message, not the table's: its own checks
    "undo": table_tap(on_undo, playing=True),  # the right to void, checked at once
    "fix": table_tap(fix.on_fix, playing=True),
    "settle": table_tap(on_settle, seated=True, playing=True),
}
