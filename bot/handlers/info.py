"""/start, /help, /rules, /lang, /stats, and the callback router."""

from __future__ import annotations

import logging

from telegram import Update

import scoring
from bot import present, texts
from bot.callback import TableCb
from bot.context import Ctx, db, db_long, forget_chat_lang, is_admin, ledger, who
from bot.guard import on_its_message
from bot.handlers.common import alert, args_of, done, reply
from bot.handlers.welcome import first_steps
from bot.i18n import LANG_NAMES, LANGS, Translator
from bot.limits import chunks
from bot.tg import Keyboard, edit_or_send, esc

log = logging.getLogger(__name__)


def grid_sketch(tr: Translator) -> str:
    """The winners' grid as the entry draws it (#26.6): a row per winner, the first cell
    naming the winner, the others only who discarded."""
    _ = tr.gettext
    names = ("Alice", "Bob", "Carol", "Dave")
    lines = []
    for winner in names[:2]:
        lines.append(_("{name} self-drawn").format(name=winner))
        lines.append(" | ".join("← " + o for o in names if o != winner))
    return "\n".join([*lines, "…"])


def help_text(tr: Translator) -> str:
    _ = tr.gettext
    return "\n".join(
        [
            *first_steps(tr),
            esc(
                _(
                    "Or say the whole hand in one line: /hand Bob ron Carol big seven pairs no "
                    "wild (or reply to the table message with it). You get the same preview."
                )
            ),
            esc(_("4. /settle at the end of the night: who pays whom, in the fewest transfers.")),
            "",
            esc(
                _(
                    "Example: Bob wins a Big seven pairs with no wild on Carol's discard. Tap Record "
                    "hand, then “← Carol” in Bob's rows of the grid, then Big seven pairs; tick No "
                    "wild on the preview and Confirm. The bot posts every payment and what it is for."
                )
            ),
            "<pre>" + esc(grid_sketch(tr)) + "</pre>",
            "",
            esc(
                _(
                    "Other commands: /undo, /history, /explain N, /edit N, /board, /nights, "
                    "/export, /stats, /rules, /lang; in a private chat, /calc checks a payout "
                    "without recording it."
                )
            ),
            esc(
                _(
                    "Weekly games: /season is the chat's leaderboard over nights and tables, /me "
                    "your own nights; /fee sets a table fee per night, /cap a loss cap; /merge "
                    "counts a guest as a Telegram account."
                )
            ),
        ]
    )


async def cmd_help(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    await reply(update, help_text(w.tr))


async def cmd_rules(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    tr = w.tr
    _ = tr.gettext
    args = args_of(context)
    if not args:
        lines = ["<b>" + esc(_("Rulesets")) + "</b>"]
        for rs in scoring.all_rulesets():
            lines.append(f"<code>{esc(rs.id)}</code> — {esc(tr.name(rs))}")
        lines.append(esc(_("/rules ID shows one ruleset's hands and values.")))
        await reply(update, "\n".join(lines))
        return
    try:
        rs = scoring.get(args[0].lower())
    except scoring.RecordError:
        await reply(update, esc(_("Unknown ruleset. /rules lists them.")))
        return
    lines = [f"<b>{esc(tr.name(rs))}</b> (<code>{esc(rs.id)}</code>)"]
    summary = tr.pick(rs.summary_zh, rs.summary_en)
    if summary:
        lines.append(esc(summary))
    lines.append(_("Unit: {unit}").format(unit=esc(present.unit_explained(rs.id, tr))))
    lines.append(_("Players: {n}").format(n=" / ".join(str(n) for n in rs.players)))

    def section(title: str, items: list[str]) -> None:
        if items:
            lines.append("")
            lines.append(f"<b>{esc(title)}</b>")
            lines.extend(items)

    def val(item: object) -> str:
        v = tr.pick(getattr(item, "value_zh", ""), getattr(item, "value_en", ""))
        return f" — {esc(v)}" if v else ""

    section(_("Hands"), [f"· {esc(tr.name(s))}{val(s)}" for s in rs.shapes])
    section(_("Extras"), [f"· {esc(tr.name(f))}{val(f)}" for f in rs.flags])
    section(_("Counted per player"), [f"· {esc(tr.name(c))} (≤{c.max})" for c in rs.counts])
    section(_("Events"), [f"· {esc(tr.name(e))}{val(e)}" for e in rs.events])
    opts = []
    for o in rs.options:
        house = " *" if o.house else ""
        opts.append(f"· {esc(tr.name(o))}: {esc(tr.value(o, o.default))}{house}")
    section(_("Options (default; * = house rule)"), opts)
    lines.append("")
    lines.append(esc(tr.pick(rs.dealer_rule.zh, rs.dealer_rule.en)))
    text = "\n".join(lines)
    while text:
        cut = text[:4000]
        if len(text) > 4000:
            cut = cut[: cut.rfind("\n")]
        await reply(update, cut)
        text = text[len(cut) :].lstrip("\n")


async def cmd_lang(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    rows = [
        [texts.table_button(LANG_NAMES[lang], 0, "lang", str(i)) for i, lang in enumerate(LANGS)]
    ]
    await reply(update, esc(w.tr.gettext("Language of this chat:")), Keyboard(rows))


async def on_lang_tap(update: Update, context: Ctx, cb: TableCb) -> None:
    q = update.callback_query
    assert q is not None and q.message is not None
    w = await who(update, context)
    if not on_its_message(q):  # forged: not one of the buttons of the message it came from
        log.warning("refused a language tap %r on message %s", q.data, q.message.message_id)
        await alert(
            q, w.tr.gettext("This button does not belong to this message; nothing was changed.")
        )
        return
    i = cb.int_arg(len(LANGS))
    if not w.private and not await is_admin(context, w.chat_id, w.tg_user_id):
        table = await db(ledger(context).current_table, w.chat_id)
        if table is not None and w.player.id not in table.player_ids:
            await alert(
                q, w.tr.gettext("Only the players at this table (or a chat admin) can do that.")
            )
            return
    await db(ledger(context).set_chat_lang, w.chat_id, LANGS[i])
    forget_chat_lang(context, w.chat_id)
    tr = Translator(LANGS[i])
    await edit_or_send(
        context.bot,
        w.chat_id,
        q.message.message_id,
        esc(tr.gettext("Language set: {name}").format(name=LANG_NAMES[LANGS[i]])),
        None,
    )
    await done(q)


async def cmd_stats(update: Update, context: Ctx) -> None:
    w = await who(update, context)
    _ = w.tr.gettext
    stats = await db_long(ledger(context).chat_stats, w.chat_id)
    lines = ["<b>" + esc(_("Lifetime stats of this chat")) + "</b>"]
    if not stats:
        lines.append(esc(_("No hands yet.")))
    for s in stats:
        lines.append(
            esc(
                _(
                    "{name}: {net:+d} over {hands} · {wins} ({sd} self-drawn), "
                    "{di} dealt in, best hand +{best}"
                ).format(
                    name=s.name,
                    net=s.net,
                    hands=w.tr.ngettext("{count} hand", "{count} hands", s.hands).format(
                        count=s.hands
                    ),
                    wins=w.tr.ngettext("{count} win", "{count} wins", s.wins).format(count=s.wins),
                    sd=s.self_draws,
                    di=s.deal_ins,
                    best=s.biggest_win,
                )
            )
        )
    for part in chunks("\n".join(lines)):  # a big chat's list: several messages
        await reply(update, part)


async def cmd_start(update: Update, context: Ctx) -> None:
    await cmd_help(update, context)


__all__ = ["cmd_help", "cmd_lang", "cmd_rules", "cmd_start", "cmd_stats"]
