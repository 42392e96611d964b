"""/fee, /cap (the table's fee and loss cap), /season (the chat's leaderboard), /merge (a
guest into a Telegram account) and /me (one's own nights), issue 18.

Who may: /fee and /cap — the table's creator or a chat admin; /season new — a chat admin or
anyone who opened a table in the chat; /merge — a chat admin; the rest — anyone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from telegram import InputFile, Update

from bot import riichi_view
from bot import season_texts as st
from bot.context import Ctx, Who, db, db_long, is_admin, ledger, who
from bot.handlers import images
from bot.handlers.common import args_of, is_number, once, reply
from bot.limits import TEXT_LIMIT, fit_html
from bot.tg import esc, send
from storage.errors import AlreadyDone, Conflict, LedgerError, NotFound, TableClosed
from storage.seasons import PlayerHistory, SeasonBoard
from storage.views import TableView

log = logging.getLogger(__name__)

WINNER_WORDS = {"winners", "winner", "win", "赢家", "贏家", "赢的", "贏的"}
AA_WORDS = {"aa", "equal", "equally", "均摊", "均攤", "平摊", "平攤"}
OFF_WORDS = {"off", "none", "no", "0", "关", "關", "取消", "无", "無"}


async def _table_for_settings(update: Update, context: Ctx, w: Who) -> TableView | None:
    """The chat's table, if the user may change its fee and cap (creator or admin)."""
    _ = w.tr.gettext
    if w.private:
        await reply(update, esc(_("Fees and caps belong to a table: use this in its group.")))
        return None
    table = await db(ledger(context).current_table, w.chat_id)
    if table is None:
        await reply(update, esc(_("There is no table in this chat. Open one with /newtable.")))
        return None
    return table


async def _may_set(context: Ctx, w: Who, table: TableView) -> bool:
    if table.creator_id == w.player.id:
        return True
    return await is_admin(context, w.chat_id, w.tg_user_id)


def _names(table: TableView) -> dict[int, str]:
    return {s.player_id: s.name for s in table.seats}


async def _setting_words(
    update: Update, context: Ctx, usage: Callable[[Who, TableView], str]
) -> tuple[Who, TableView, list[str]] | None:
    """/fee and /cap: the tapper, the table and the command's words, when they change the
    setting and the user may; without words, the table's fee and cap and the ``usage`` are
    shown instead, and someone who may not is told who may (then None)."""
    w = await who(update, context)
    table = await _table_for_settings(update, context, w)
    if table is None:
        return None
    args = args_of(context)
    if not args:
        fs = await db(ledger(context).fee_settings, table.id)
        status = st.fee_status(table, fs, _names(table), w.tr)
        await reply(update, status + "\n\n" + esc(usage(w, table)))
        return None
    if not await _may_set(context, w, table):
        _ = w.tr.gettext
        await reply(update, esc(_("Only the table's creator or a chat admin can change this.")))
        return None
    return w, table, args


async def cmd_fee(update: Update, context: Ctx) -> None:
    """/fee AMOUNT [aa|winners] [PAYEE] · /fee off · /fee (shows it)."""
    got = await _setting_words(update, context, _fee_usage)
    if got is None:
        return
    w, table, args = got
    _ = w.tr.gettext
    L = ledger(context)
    names = _names(table)
    if args[0].casefold() in OFF_WORDS:
        fs = await _change(update, context, w, L.set_fee, table.id, None)
    else:
        value = st.parse_amount(args[0], table)
        split = "aa"
        payee: int | None = None
        rest = args[1:]
        if rest and rest[0].casefold() in WINNER_WORDS | AA_WORDS:
            split = "winners" if rest[0].casefold() in WINNER_WORDS else "aa"
            rest = rest[1:]
        if rest:
            payee = _seated(table, " ".join(rest))
            if payee is None:
                await reply(
                    update,
                    esc(
                        _(
                            "{name} is not at this table. Name a seated player, or leave it out for the house."
                        ).format(name=" ".join(rest))
                    ),
                )
                return
        if value is None or value <= 0:
            await reply(update, esc(_fee_usage(w, table)))
            return
        fs = await _change(
            update, context, w, L.set_fee, table.id, value, split=split, payee_id=payee
        )
    if fs is not None:
        await reply(update, st.fee_status(table, fs, names, w.tr))


async def cmd_cap(update: Update, context: Ctx) -> None:
    """/cap AMOUNT · /cap off · /cap (shows it)."""
    got = await _setting_words(update, context, _cap_usage)
    if got is None:
        return
    w, table, args = got
    L = ledger(context)
    names = _names(table)
    usage = _cap_usage(w, table)
    if args[0].casefold() in OFF_WORDS:
        fs = await _change(update, context, w, L.set_cap, table.id, None)
    else:
        value = st.parse_amount(args[0], table)
        if value is None or value <= 0 or len(args) > 1:
            await reply(update, esc(usage))
            return
        fs = await _change(update, context, w, L.set_cap, table.id, value)
    if fs is not None:
        await reply(update, st.fee_status(table, fs, names, w.tr))


async def _change(update: Update, context: Ctx, w: Who, fn: Any, *args: Any, **kw: Any) -> Any:
    """/fee or /cap's change (``fn`` on the table ``args[0]``), once per update: a redelivery
    after a crash shows the table's fee and cap as they are."""
    _ = w.tr.gettext
    try:
        return await once(update, context, fn, *args, **kw)
    except AlreadyDone:
        return await db(ledger(context).fee_settings, args[0])
    except TableClosed:
        await reply(update, esc(_("This table is closed.")))
    except LedgerError:
        await reply(update, esc(_("That amount cannot be used.")))
    return None


def _seated(table: TableView, name: str) -> int | None:
    key = name.strip().lstrip("@").casefold()
    for s in table.seats:
        if s.name.casefold() == key:
            return s.player_id
    return None


def _fee_usage(w: Who, table: TableView) -> str:
    _ = w.tr.gettext
    example = st.amount(4000 if table.stake_minor else 40, table, w.tr)
    return _(
        "Usage: /fee AMOUNT [aa|winners] [PLAYER], e.g. /fee 40 (split equally, to the house: "
        "the table's host), /fee 40 winners Alice (from the winners, to Alice); /fee off. "
        "Example amount: {example}."
    ).format(example=example)


def _cap_usage(w: Who, table: TableView) -> str:
    _ = w.tr.gettext
    return _(
        "Usage: /cap AMOUNT (nobody pays more than this a night; the winners share what the "
        "capped player does not pay), e.g. /cap 200; /cap off."
    )


# --- /season ---------------------------------------------------------------------------------
async def cmd_season(update: Update, context: Ctx) -> None:
    """/season · /season N · /season new NAME."""
    w = await who(update, context)
    _ = w.tr.gettext
    if w.private:
        await reply(
            update,
            esc(_("Seasons belong to a group: use /season there. Here, /me shows your nights.")),
        )
        return
    L = ledger(context)
    args = args_of(context)
    if args and args[0].casefold() in ("new", "新", "新赛季", "新賽季"):
        if not (
            await db(L.is_table_creator, w.chat_id, w.player.id)
            or await is_admin(context, w.chat_id, w.tg_user_id)
        ):
            await reply(
                update,
                esc(_("Only a chat admin or someone who opened a table here can start a season.")),
            )
            return
        name = " ".join(args[1:]).strip() or None
        try:  # once per update: a redelivery after a crash begins no second season
            info = await once(
                update, context, L.new_season, w.chat_id, name, by_player_id=w.player.id
            )
        except AlreadyDone:
            info = (await db(L.seasons, w.chat_id))[-1]
        await reply(
            update,
            esc(
                _("{title} begins. The earlier season is closed: /season {n} shows it.").format(
                    title=st.season_title(info, w.tr), n=info.number - 1
                )
            ),
        )
        return
    number: int | None = None
    if args:
        if len(args) != 1 or not is_number(args[0]) or int(args[0]) < 1:
            await reply(
                update, esc(_("Usage: /season, /season N (an earlier season), /season new NAME."))
            )
            return
        number = int(args[0])
    try:
        board = await db_long(L.season_board, w.chat_id, number)
    except NotFound:
        count = len(await db(L.seasons, w.chat_id))
        await reply(
            update,
            esc(
                _("There is no season {n}: this chat has seasons 1 to {m}.").format(
                    n=number, m=count
                )
            ),
        )
        return
    riichi = await riichi_view.season_board(context, w, number)
    text = st.season_text(board, w.tr) + riichi_view.season_text(riichi, w.tr)
    png = await images.season_card(
        context, w, board, _chat_title(update), riichi_view.season_view(riichi)
    )
    if png is not None:
        await context.bot.send_photo(w.chat_id, InputFile(png, filename="season.png"))
    await send(context.bot, w.chat_id, fit_html(text, TEXT_LIMIT))


async def season_card(context: Ctx, w: Who, board: SeasonBoard, update: Update) -> bytes | None:
    """The leaderboard's card (built by bot.present, drawn off the event loop)."""
    return await images.season_card(context, w, board, _chat_title(update))


# --- /merge ----------------------------------------------------------------------------------
async def cmd_merge(update: Update, context: Ctx) -> None:
    """/merge GUEST @username, or /merge GUEST as a reply to the account's message."""
    w = await who(update, context)
    _ = w.tr.gettext
    usage = _(
        "Usage: /merge GUEST @username, or reply to the person's message with /merge GUEST. "
        "The guest's nights then count as theirs in seasons and /me."
    )
    if w.private:
        await reply(update, esc(usage))
        return
    if not await is_admin(context, w.chat_id, w.tg_user_id):
        await reply(update, esc(_("Only a chat admin can merge a guest into an account.")))
        return
    L = ledger(context)
    args = args_of(context)
    msg = update.effective_message
    target: int | None = None
    target_name = ""
    guest = ""
    if msg is not None and msg.reply_to_message is not None and msg.reply_to_message.from_user:
        u = msg.reply_to_message.from_user
        if not u.is_bot:
            p = await db(L.ensure_user, u.id, u.full_name, username=u.username)
            target, target_name = p.id, p.name
        guest = " ".join(args)
    elif len(args) >= 2 and args[-1].startswith("@"):
        target = await db(L.player_by_username, args[-1])
        target_name = args[-1]
        guest = " ".join(args[:-1])
        if target is None:
            await reply(
                update,
                esc(
                    _("I do not know {user} yet: they need to write in this chat first.").format(
                        user=args[-1]
                    )
                ),
            )
            return
    if target is None or not guest.strip():
        await reply(update, esc(usage))
        return
    try:  # once per update: a redelivery after a crash says it is done, not "already merged"
        _n, name = await once(update, context, L.merge_guest, w.chat_id, guest, target)
    except AlreadyDone:
        name = guest
    except NotFound:
        await reply(
            update, esc(_("There is no guest called {name} in this chat.").format(name=guest))
        )
        return
    except Conflict:
        await reply(
            update,
            esc(
                _(
                    "{name} cannot be merged: already merged, or not into a Telegram account."
                ).format(name=guest)
            ),
        )
        return
    await reply(
        update,
        esc(
            _("The guest {guest} now counts as {user} in seasons and /me.").format(
                guest=name, user=target_name
            )
        ),
    )


# --- /me -------------------------------------------------------------------------------------
async def cmd_me(update: Update, context: Ctx) -> None:
    """/me: one's nights, running total and records (here; in private: every chat)."""
    w = await who(update, context)
    L = ledger(context)
    scope = None if w.private else w.chat_id
    h = await db_long(L.player_history, w.player.id, tg_chat_id=scope)
    text = st.me_text(h, w.tr, private=w.private)
    png = await player_card(context, w, h, update)
    if png is not None:
        await context.bot.send_photo(w.chat_id, InputFile(png, filename="me.png"))
    await send(context.bot, w.chat_id, fit_html(text, TEXT_LIMIT))


async def player_card(context: Ctx, w: Who, h: PlayerHistory, update: Update) -> bytes | None:
    """/me's card (built by bot.present, drawn off the event loop)."""
    return await images.player_card(context, w, h, _chat_title(update))


def _chat_title(update: Update) -> str:
    chat = update.effective_chat
    return chat.title if chat and chat.title else ""
