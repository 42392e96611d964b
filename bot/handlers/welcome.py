"""The greeting of a group the bot is added to (#26.6): the three steps to a first hand, in
the chat's language (the my_chat_member update: the bot's own status going from out to in)."""

from __future__ import annotations

import logging

from telegram import ChatMember, Update

from bot.context import Ctx, translator
from bot.i18n import Translator
from bot.tg import esc

log = logging.getLogger(__name__)

_OUT = (ChatMember.LEFT, ChatMember.BANNED)
_IN = (ChatMember.MEMBER, ChatMember.ADMINISTRATOR, ChatMember.OWNER, ChatMember.RESTRICTED)


def first_steps(tr: Translator) -> list[str]:
    """The title and the three steps to a first hand (HTML lines): the greeting, and /help's
    opening."""
    _ = tr.gettext
    return [
        "<b>" + esc(_("Mahjong Tally keeps the score of your real-table mahjong.")) + "</b>",
        "",
        esc(_("1. In your group, /newtable: pick the rules, the options and a stake.")),
        esc(_("2. Everyone taps Join; /guest NAME seats a friend without Telegram. Then Start.")),
        esc(
            _(
                "3. After each hand tap Record hand: who won, how, the hand, the extras. Check the "
                "preview and Confirm."
            )
        ),
    ]


def greeting(tr: Translator) -> str:
    """What the bot says on joining a group: what it does and the three steps to a hand."""
    return "\n".join(first_steps(tr))


def joined(update: Update) -> bool:
    """Whether this my_chat_member update is the bot being added to a group."""
    m = update.my_chat_member
    if m is None or m.chat.type not in ("group", "supergroup"):
        return False
    return m.old_chat_member.status in _OUT and m.new_chat_member.status in _IN


async def on_my_chat_member(update: Update, context: Ctx) -> None:
    if not joined(update):
        return
    tr = await translator(update, context)
    assert update.my_chat_member is not None
    await context.bot.send_message(update.my_chat_member.chat.id, greeting(tr), parse_mode="HTML")
