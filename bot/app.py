"""Wiring: settings → ledger → PTB Application with its handlers. Nothing else lives here.

``run_bot()`` is what ``mahjong-tally bot`` calls (polling by default, webhook if
``BOT_MODE=webhook``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import TYPE_CHECKING, Any

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    LinkPreviewOptions,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    Defaults,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot import callback, guard
from bot.callback import DraftCb, TableCb
from bot.config import Settings, load_settings
from bot.context import translator
from bot.errors import install_redaction, on_error
from bot.handlers import drafts, info, phrase, retry, season, table, welcome
from bot.handlers.common import (
    REMEMBER_UPDATES,
    drop_replayed,
    mark_handled,
    on_unknown_tap,
    refresh_table,
    tap,
)
from bot.i18n import Translator, menu_languages
from bot.limits import TallyLimiter
from storage.errors import LedgerError
from storage.models import utcnow
from storage.service import Ledger

if TYPE_CHECKING:
    from telegram.ext import ExtBot, JobQueue

    from bot.context import Ctx

    #: any PTB Application (the helpers below only touch ``bot`` and ``bot_data``)
    AnyApp = Application[Any, Any, Any, Any, Any, Any]
    #: what :func:`build_application` builds: a rate-limited bot, PTB's default context types
    TallyApp = Application[
        ExtBot[int], Ctx, dict[Any, Any], dict[Any, Any], dict[Any, Any], JobQueue[Ctx]
    ]

log = logging.getLogger(__name__)
#: the handler group that runs after every other (a handled command is remembered there)
LAST_GROUP = 99

GROUP_COMMANDS = (
    "newtable",
    "table",
    "guest",
    "seat",
    "undo",
    "history",
    "explain",
    "edit",
    "hand",
    "board",
    "settle",
    "nights",
    "season",
    "me",
    "fee",
    "cap",
    "merge",
    "export",
    "stats",
    "rules",
    "lang",
    "close",
    "help",
)
PRIVATE_COMMANDS = ("calc", "me", "rules", "lang", "stats", "help")


def command_descriptions(tr: Translator) -> dict[str, str]:
    _ = tr.gettext
    return {
        "newtable": _("Open a table in this group"),
        "table": _("Show the table"),
        "guest": _("Seat a player without Telegram: /guest NAME"),
        "seat": _("Move to seat N: /seat N"),
        "undo": _("Void the last hand"),
        "history": _("List the hands"),
        "explain": _("Explain hand N: /explain N"),
        "edit": _("Correct hand N: /edit N"),
        "hand": _("Record a hand in one line: /hand TEXT"),
        "board": _("Standings"),
        "settle": _("End the night: who pays whom"),
        "nights": _("Past nights: totals and who pays whom"),
        "season": _("Season leaderboard: /season, /season N, /season new NAME"),
        "me": _("Your nights, running total and records"),
        "fee": _("Table fee per night: /fee AMOUNT [aa|winners] [PLAYER]"),
        "cap": _("Loss cap per player per night: /cap AMOUNT"),
        "merge": _("Merge a guest into an account: /merge GUEST @user"),
        "export": _("All hands as a CSV file"),
        "stats": _("Lifetime stats of this chat"),
        "rules": _("The rulesets and their values"),
        "lang": _("Language of this chat"),
        "close": _("Close the table"),
        "calc": _("Check a payout without recording it"),
        "help": _("How it works"),
    }


async def set_commands(app: AnyApp) -> None:
    """Command menus per language (Telegram's language codes are two letters)."""
    for code, lang in menu_languages():  # (None, en), (zh, zh_Hans) and any registered
        desc = command_descriptions(Translator(lang))
        for scope, names in (
            (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
            (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
        ):
            await app.bot.set_my_commands(
                [BotCommand(n, desc[n]) for n in names], scope=scope, language_code=code
            )


async def _post_init(app: AnyApp) -> None:
    await expire_drafts(app)
    await finish_recorded(app)
    try:
        await set_commands(app)
    except TelegramError:
        log.exception("setting the command menus failed (the bot works without them)")
    from bot.web import server as web  # the Mini App's server, when WEBAPP_URL is set

    await web.start(app)


async def _post_shutdown(app: AnyApp) -> None:
    from bot.web import server as web

    await web.stop(app)


async def expire_drafts(app: AnyApp) -> int:
    """Mark the open drafts past their expiry as expired (their buttons then answer "this
    entry expired"). Returns how many; a failure is logged, never raised."""
    app.bot_data["next_sweep"] = time.monotonic() + app.bot_data.get("sweep_seconds", 600)
    try:
        ledger: Ledger = app.bot_data["ledger"]
        n = await asyncio.to_thread(ledger.expire_drafts)
        await asyncio.to_thread(ledger.forget_updates, utcnow() - REMEMBER_UPDATES)
    except Exception:
        log.exception("expiring old drafts failed (retried at the next sweep)")
        return 0
    if n:
        log.info("expired %d unfinished entries", n)
    return n


async def finish_recorded(app: AnyApp) -> int:
    """Hands the ledger recorded while their messages were not all shown when the bot
    stopped (a crash, a Telegram outage): show them now (``bot.guard.recover``)."""
    try:
        return await guard.recover(app.context_types.context(app))
    except Exception:
        log.exception("finishing recorded hands at start-up failed (a tap on them does it)")
        return 0


async def _redraw_stale(update: Update, context: Any, table_id: int) -> None:
    try:
        await refresh_table(context, table_id, await translator(update, context))
    except (TelegramError, LedgerError) as err:  # anything else is a bug: the error handler
        log.warning("redrawing table %s failed again: %s", table_id, err)


async def _finish_hand(update: Update, context: Any, draft_id: int) -> None:
    await guard.converge_later(context, draft_id, await translator(update, context))


async def _sweep_hook(update: object, context: Any) -> None:
    """Runs first for every update: starts a draft sweep in the background when one is due,
    and redraws the chat's table message if a Telegram error left it behind the ledger."""
    app = context.application
    if isinstance(update, Update) and update.effective_chat is not None:
        chat_id = update.effective_chat.id
        hand = guard.pending_hand(context, chat_id)
        if hand is not None:  # a recorded hand whose messages are behind: they catch up
            app.create_task(_finish_hand(update, context, hand), update=update)
        stale = retry.stale_table(context, chat_id)
        if stale is not None:
            app.create_task(_redraw_stale(update, context, stale), update=update)
    if time.monotonic() >= app.bot_data.get("next_sweep", 0.0):
        app.bot_data["next_sweep"] = time.monotonic() + app.bot_data.get("sweep_seconds", 600)
        app.create_task(expire_drafts(app), update=update)


def add_handlers(app: AnyApp) -> None:
    commands = {
        "start": info.cmd_start,
        "help": info.cmd_help,
        "rules": info.cmd_rules,
        "lang": info.cmd_lang,
        "stats": info.cmd_stats,
        "newtable": table.cmd_newtable,
        "table": table.cmd_table,
        "join": table.cmd_join,
        "guest": table.cmd_guest,
        "seat": table.cmd_seat,
        "undo": table.cmd_undo,
        "settle": table.cmd_settle,
        "nights": table.cmd_nights,
        "season": season.cmd_season,
        "me": season.cmd_me,
        "fee": season.cmd_fee,
        "cap": season.cmd_cap,
        "merge": season.cmd_merge,
        "board": table.cmd_board,
        "history": table.cmd_history,
        "explain": table.cmd_explain,
        "edit": table.cmd_edit,
        "hand": phrase.cmd_hand,
        "export": table.cmd_export,
        "close": table.cmd_close,
        "calc": table.cmd_calc,
    }
    # a command handled before a restart and redelivered is dropped (first), and a command
    # handled to the end is remembered (last): see bot.handlers.common
    app.add_handler(TypeHandler(object, drop_replayed), group=-2)
    app.add_handler(TypeHandler(object, _sweep_hook), group=-1)
    for name, fn in commands.items():
        app.add_handler(CommandHandler(name, fn))
    # a button's data names its kind and a table button its action (bot/callback.py): one
    # handler each; data none of them takes (forged, another version) gets the polite alert
    taps = (
        (callback.is_draft, tap(DraftCb, drafts.on_draft_tap)),
        (callback.is_table_action("lang"), tap(TableCb, info.on_lang_tap)),
        *(
            (callback.is_table_action(action), tap(TableCb, handler))
            for action, handler in table.ROUTES.items()
        ),
    )
    for pattern, on_tap in taps:
        app.add_handler(CallbackQueryHandler(on_tap, pattern=pattern))
    # added to a group: the three steps to a first hand (#26.6)
    app.add_handler(ChatMemberHandler(welcome.on_my_chat_member, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(CallbackQueryHandler(on_unknown_tap))
    app.add_handler(
        MessageHandler(filters.REPLY & filters.TEXT & ~filters.COMMAND, drafts.on_reply_text)
    )
    # a text reply to the table message is a hand in one line (group 1: after the tiles replies)
    app.add_handler(
        MessageHandler(filters.REPLY & filters.TEXT & ~filters.COMMAND, phrase.on_table_reply),
        group=1,
    )
    app.add_handler(TypeHandler(object, mark_handled), group=LAST_GROUP)
    app.add_error_handler(on_error)


def build_application(
    settings: Settings, ledger: Ledger | None = None, *, images: bool = True
) -> TallyApp:
    """The PTB Application, pointed at ``settings.telegram_api_base_url``."""
    if ledger is None:
        ledger = Ledger(settings.database_url)
        ledger.upgrade()
    if settings.ledger_threads is not None:
        ledger.call_inline = not settings.ledger_threads
    token = settings.telegram_bot_token.get_secret_value()
    limiter = TallyLimiter(
        overall_per_second=settings.rate_overall_per_second,
        group_per_minute=settings.rate_group_per_minute,
        max_retries=settings.rate_max_retries,
        send_timeout=max(settings.http_send_timeout, settings.http_read_timeout),
    )
    builder = (
        ApplicationBuilder()
        .token(token)
        .base_url(settings.api_base)
        .base_file_url(settings.file_base)
        .rate_limiter(limiter)
        .concurrent_updates(settings.concurrent_updates)
    )
    # getUpdates reads a tapped message without its keyboard (bot/updates.py)
    if settings.http_client == "aiohttp":
        # aiohttp is imported only when chosen
        from bot.request import AiohttpRequest, AiohttpUpdates

        builder = builder.request(
            AiohttpRequest(
                connection_pool_size=settings.http_pool_size,
                read_timeout=settings.http_read_timeout,
                pool_timeout=settings.http_read_timeout,  # a wait for a slot sends nothing
            )
        ).get_updates_request(
            AiohttpUpdates(connection_pool_size=1, read_timeout=settings.poll_timeout + 10)
        )
    else:
        from bot.updates import HTTPXUpdates

        builder = (
            builder.connection_pool_size(settings.http_pool_size)
            .read_timeout(settings.http_read_timeout)
            .pool_timeout(settings.http_read_timeout)
            .get_updates_request(
                HTTPXUpdates(connection_pool_size=1, read_timeout=settings.poll_timeout + 10)
            )
        )
    app = (
        builder.defaults(
            Defaults(
                parse_mode=ParseMode.HTML, link_preview_options=LinkPreviewOptions(is_disabled=True)
            )
        )
        .post_init(_post_init)
        .post_shutdown(_post_shutdown)
        .build()
    )
    app.bot_data["ledger"] = ledger
    app.bot_data["default_lang"] = settings.default_lang
    app.bot_data["images"] = images
    app.bot_data["draft_ttl"] = settings.draft_ttl_seconds
    app.bot_data["sweep_seconds"] = settings.draft_sweep_seconds
    from bot.web.server import configure

    configure(app.bot_data, settings)  # nothing unless WEBAPP_URL is set
    add_handlers(app)
    return app


def run_bot(settings: Settings | None = None) -> None:
    """Run the bot until interrupted (``mahjong-tally bot``)."""
    settings = settings or load_settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # httpx logs every request at INFO (two or three per button press): noise, CPU, and URLs
    # that hold the token; its warnings and errors still show
    logging.getLogger("httpx").setLevel(max(logging.WARNING, logging.getLogger().level))
    install_redaction(settings.telegram_bot_token.get_secret_value())
    app = build_application(settings)
    freeze_startup_objects()
    try:
        _serve(app, settings)
    except Exception:
        _close_requests(app)  # a failed start-up: PTB shuts nothing down it never started
        raise


def freeze_startup_objects() -> None:
    """Keep the objects alive once the bot is built (modules, the rulesets' tables, the
    classes and metadata of SQLAlchemy and python-telegram-bot) out of the cyclic garbage
    collector's scans: they live as long as the process, and every full collection walked
    them all again — 14 % of the bot's CPU under load (``benchmarks/bench_bot.py``: 0.36 s of
    2.5 s in collections; 0.07 s frozen). Objects made later are collected as usual. Once,
    before the bot serves: not in the tests, which build many applications in one process."""
    gc.collect()
    gc.freeze()


def _close_requests(app: AnyApp) -> None:
    from bot.request import AiohttpRequest

    for req in getattr(app.bot, "_request", ()):
        if isinstance(req, AiohttpRequest):
            req.close_now()


def _serve(app: AnyApp, settings: Settings) -> None:
    if settings.bot_mode == "webhook":
        if not settings.webhook_url:
            raise SystemExit("BOT_MODE=webhook needs WEBHOOK_URL (the public https URL)")
        secret = (
            settings.webhook_secret_token.get_secret_value()
            if settings.webhook_secret_token
            else None
        )
        log.info(
            "starting in webhook mode on %s:%s", settings.webhook_listen, settings.webhook_port
        )
        app.run_webhook(
            listen=settings.webhook_listen,
            port=settings.webhook_port,
            url_path=settings.webhook_path,
            webhook_url=settings.webhook_url.rstrip("/") + "/" + settings.webhook_path,
            secret_token=secret,
            allowed_updates=Update.ALL_TYPES,
        )
    else:
        log.info("starting in polling mode")
        app.run_polling(allowed_updates=Update.ALL_TYPES, timeout=settings.poll_timeout)
