"""The fake Telegram Bot API server of the tests: the playground's built-in server
(:mod:`bot.playground.botapi`), one server for both. Re-exported here so the tests import it
as before, with one addition for the tests (:class:`FakeTelegram`)."""

from typing import Any

from bot.playground.botapi import *  # noqa: F403
from bot.playground.botapi import (  # noqa: F401 (the names the tests import)
    BOT_ID,
    BOT_USERNAME,
    ApiError,
    Chat,
    Dropped,
    Sent,
    User,
    raw_server,
    strip_html,
)
from bot.playground.botapi import FakeTelegram as _Server


class FakeTelegram(_Server):
    """The playground's server; :meth:`next_message` with ``contains`` also finds a message
    *edited* to show it: a hand's result line is drawn into its entry message, which becomes
    the table message (issue 14, point 6), rather than sent as a new message."""

    async def next_message(
        self,
        chat: Chat,
        mark: int,
        timeout: float = 10,
        contains: str | None = None,
        method: str = "sendMessage",
    ) -> dict[str, Any]:
        if contains is None or method != "sendMessage":
            return await super().next_message(chat, mark, timeout, contains, method)
        wanted = contains

        def find() -> dict[str, Any] | None:
            for s in self.sent_since(mark, None, chat.id):
                m: dict[str, Any] | None = s.params.get("_result")
                if not m:
                    continue
                if s.method == "sendMessage" and wanted in (m.get("text") or ""):
                    return m
                if s.method == "editMessageText" and wanted in strip_html(
                    str(s.params.get("text") or "")
                ):
                    return m
            return None

        found: dict[str, Any] = await self.wait_for(find, timeout)
        return found

    def find_button(self, chat: Chat, message_id: int, label: str) -> dict[str, Any]:
        """As the server's, and "Bob ← Carol" read as a person reads the winners' grid (#26.1):
        the cell "← Carol" in the row whose first cell names Bob ("Bob self-drawn | ← Carol"), or
        in the row under it."""
        try:
            return super().find_button(chat, message_id, label)
        except AssertionError:
            cut = [b for b in self.buttons(chat, message_id) if _cut_of(b["text"], label)]
            if len(cut) == 1:  # "▫️ Wild single wa…" is the start of "Wild single wait"
                return cut[0]
            who, arrow, rest = label.partition(" ← ")
            if not arrow:
                raise
            markup = self.messages[(chat.id, message_id)].get("reply_markup") or {}
            rows = markup.get("inline_keyboard", [])
            for i, row in enumerate(rows):
                if row and row[0]["text"].startswith(who):
                    under = rows[i + 1] if i + 1 < len(rows) else []
                    for b in [*row[1:], *under]:
                        if b["text"] == "← " + rest:
                            found: dict[str, Any] = b
                            return found
            raise


def _cut_of(text: str, label: str) -> bool:
    """Whether ``text`` is ``label`` cut to fit its row ("▫️ Wild single wa…"), after a mark."""
    if not text.endswith("…"):
        return False
    head = text[:-1]
    for k in range(len(head)):
        rest = head[k:].lstrip()
        if len(rest) >= 4 and label.startswith(rest) and (k == 0 or head[k - 1] == " "):
            return True
    return False
