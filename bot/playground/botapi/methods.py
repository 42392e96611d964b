"""The Bot API methods the fake answers as Telegram does (see :mod:`bot.playground.botapi`)."""

from __future__ import annotations

import asyncio
import json
import mimetypes
import time
from typing import Any

from bot.playground.botapi.core import Server
from bot.playground.botapi.model import (
    _FAULT_TEXT,
    BOT_ID,
    BOT_USERNAME,
    ApiError,
    Chat,
    Dropped,
    Sent,
    User,
    _image_type,
    strip_html,
)


class FakeTelegram(Server):
    """A Bot API server on loopback: :class:`~bot.playground.botapi.core.Server` and the
    methods (``m_<method>``) its HTTP handler calls through :meth:`call`."""

    async def call(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        count, seconds, methods = self._stall
        if count > 0 and method != "getUpdates" and (methods is None or method in methods):
            self._stall = (count - 1, seconds, methods)
            self.stalled.append((method, params))
            await asyncio.sleep(seconds)
            raise Dropped
        count, code, methods = self._fail
        if count > 0 and method != "getUpdates" and (methods is None or method in methods):
            if self._fail_after > 0:
                self._fail_after -= 1
            else:
                self._fail = (count - 1, code, methods)
                raise ApiError(code, _FAULT_TEXT.get(code, f"Error {code}"))
        if (
            method not in ("getUpdates", "getMe")
            and self._fail_429 > 0
            and (self._fail_methods is None or method in self._fail_methods)
        ):
            self._fail_429 -= 1
            raise ApiError(
                429,
                f"Too Many Requests: retry after {self._retry_after}",
                {"retry_after": self._retry_after},
            )
        fn = getattr(self, f"m_{method}", None)
        if fn is None:
            raise ApiError(404, "Not Found")
        sent = None
        if method != "getUpdates":
            sent = Sent(next(self._seq), method, params, files)
            self.sent.append(sent)
            self._sent_seqs.append(sent.seq)
        result = await fn(params, files)
        if sent is not None:
            self.version += 1
            if isinstance(result, dict):
                sent.params["_result"] = result
            await self._notify()
        count, seconds, methods = self._late
        if count > 0 and method != "getUpdates" and (methods is None or method in methods):
            self._late = (count - 1, seconds, methods)
            self.late_applied.append((method, params))
            await asyncio.sleep(seconds)
        return result

    async def m_getMe(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Tally",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def m_getUpdates(self, p: dict[str, Any], f: Any) -> list[dict[str, Any]]:
        self.polls += 1
        await self._notify()
        offset = int(p.get("offset") or 0)
        if offset:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
        timeout = float(p.get("timeout") or 0)
        limit = int(p.get("limit") or 100)
        if not self.updates and self._server is not None:
            self._new_updates.clear()
            try:
                await asyncio.wait_for(self._new_updates.wait(), timeout)
            except TimeoutError:
                pass
        return self.updates[:limit]

    async def m_deleteWebhook(self, p: dict[str, Any], f: Any) -> bool:
        self.webhook = None
        return True

    async def m_setWebhook(self, p: dict[str, Any], f: Any) -> bool:
        self.webhook = p
        return True

    async def m_sendChatAction(self, p: dict[str, Any], f: Any) -> bool:
        return True

    async def m_close(self, p: dict[str, Any], f: Any) -> bool:
        return True

    def _check_markup(self, markup: Any, chat: dict[str, Any] | None = None) -> None:
        if not markup:
            return
        for row in markup.get("inline_keyboard", []):
            for b in row:
                if b.get("web_app") is not None and chat is not None and chat["type"] != "private":
                    raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")
                data = b.get("callback_data")
                if data is not None and not 1 <= len(data.encode()) <= 64:
                    raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
                if not b.get("text"):
                    raise ApiError(
                        400, "Bad Request: text buttons are unallowed in the inline keyboard"
                    )

    def _chat(self, p: dict[str, Any]) -> dict[str, Any]:
        cid = int(p["chat_id"])
        chat = self.chats.get(cid)
        if chat is None:
            raise ApiError(400, "Bad Request: chat not found")
        return chat.to_dict()

    def _text(self, p: dict[str, Any], key: str = "text") -> str:
        text = str(p.get(key, ""))
        if p.get("parse_mode") == "HTML":
            text = strip_html(text)
        return text

    async def m_sendMessage(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        chat = self._chat(p)
        text = self._text(p)
        if not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        if len(text) > 4096:
            raise ApiError(400, "Bad Request: message is too long")
        self._check_markup(p.get("reply_markup"), chat)
        msg: dict[str, Any] = {
            "message_id": self._next_msg_id(chat["id"]),
            "date": int(time.time()),
            "chat": chat,
            "from": await self.m_getMe({}, None),
            "text": text,
            "html": p.get("text"),
        }
        if p.get("reply_markup"):
            msg["reply_markup"] = p["reply_markup"]
        self.messages[(chat["id"], msg["message_id"])] = msg
        return msg

    def _existing(self, p: dict[str, Any]) -> dict[str, Any]:
        key = (int(p["chat_id"]), int(p["message_id"]))
        msg = self.messages.get(key)
        if msg is None or key in self.deleted:
            raise ApiError(400, "Bad Request: message to edit not found")
        return msg

    async def m_editMessageText(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        msg = self._existing(p)
        if "text" not in msg:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text = self._text(p)
        if len(text) > 4096:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        markup = p.get("reply_markup")
        self._check_markup(markup, msg["chat"])
        if text == msg.get("text") and (markup or None) == (msg.get("reply_markup") or None):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message "
                "content and reply markup are exactly the same as a current content "
                "and reply markup of the message",
            )
        msg["text"], msg["html"] = text, p.get("text")
        if markup:
            msg["reply_markup"] = markup
        else:
            msg.pop("reply_markup", None)
        msg["edit_date"] = int(time.time())
        return msg

    async def m_editMessageReplyMarkup(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        msg = self._existing(p)
        markup = p.get("reply_markup")
        self._check_markup(markup, msg["chat"])
        if (markup or None) == (msg.get("reply_markup") or None):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message "
                "content and reply markup are exactly the same as a current content "
                "and reply markup of the message",
            )
        if markup:
            msg["reply_markup"] = markup
        else:
            msg.pop("reply_markup", None)
        return msg

    async def m_deleteMessage(self, p: dict[str, Any], f: Any) -> bool:
        key = (int(p["chat_id"]), int(p["message_id"]))
        if key not in self.messages or key in self.deleted:
            raise ApiError(400, "Bad Request: message to delete not found")
        self.deleted.add(key)
        return True

    def user_deletes(self, chat: Chat, message_id: int) -> None:
        """A user deletes a message in the chat (the bot is not told)."""
        self.deleted.add((chat.id, message_id))

    async def m_answerCallbackQuery(self, p: dict[str, Any], f: Any) -> bool:
        cq_id = str(p["callback_query_id"])
        if len(str(p.get("text") or "")) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        if cq_id in self.answers or cq_id not in self.queries:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        self.answers[cq_id] = p
        return True

    def _file(self, p: dict[str, Any], files: dict[str, bytes], key: str) -> bytes:
        value = p.get(key)
        if isinstance(value, str) and value.startswith("attach://"):
            return files[value[len("attach://") :]]
        if key in files:
            return files[key]
        raise ApiError(400, f"Bad Request: there is no {key} in the request")

    async def _send_file(
        self, p: dict[str, Any], files: dict[str, bytes], key: str
    ) -> dict[str, Any]:
        chat = self._chat(p)
        data = self._file(p, files, key)
        if not data:
            raise ApiError(400, "Bad Request: file must be non-empty")
        caption = self._text(p, "caption") if p.get("caption") else None
        if caption and len(caption) > 1024:
            raise ApiError(400, "Bad Request: message caption is too long")
        self._check_markup(p.get("reply_markup"), chat)
        mid = self._next_msg_id(chat["id"])
        fid = f"file-{chat['id']}-{mid}"
        msg: dict[str, Any] = {
            "message_id": mid,
            "date": int(time.time()),
            "chat": chat,
            "from": await self.m_getMe({}, None),
            "bytes": data,
        }
        if key == "photo":
            if not data.startswith(b"\x89PNG") and not data.startswith(b"\xff\xd8"):
                raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
            msg["photo"] = [
                {
                    "file_id": fid,
                    "file_unique_id": fid,
                    "width": 1080,
                    "height": 720,
                    "file_size": len(data),
                }
            ]
            mime = _image_type(data)
            ext = "png" if mime == "image/png" else "jpg"
            self.files[fid] = (f"photos/{fid}.{ext}", data, mime)
        else:
            name = str(p.get("_filename") or "file")
            mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
            msg["document"] = {
                "file_id": fid,
                "file_unique_id": fid,
                "file_size": len(data),
                "file_name": name,
                "mime_type": mime,
            }
            self.files[fid] = (f"documents/{fid}/{name}", data, mime)
        if caption:
            msg["caption"] = caption
        self.messages[(chat["id"], mid)] = msg
        out = {k: v for k, v in msg.items() if k != "bytes"}
        return out

    async def m_sendPhoto(self, p: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return await self._send_file(p, files, "photo")

    async def m_sendDocument(self, p: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return await self._send_file(p, files, "document")

    async def m_getFile(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        fid = str(p.get("file_id") or "")
        if fid not in self.files:
            raise ApiError(400, "Bad Request: invalid file_id")
        path, data, _mime = self.files[fid]
        return {"file_id": fid, "file_unique_id": fid, "file_size": len(data), "file_path": path}

    def file_at(self, path: str) -> tuple[bytes, str] | None:
        """The bytes and type of the file at ``path`` (a getFile ``file_path``), or None."""
        for p, data, mime in self.files.values():
            if p == path:
                return data, mime
        return None

    async def m_getChatMember(self, p: dict[str, Any], f: Any) -> dict[str, Any]:
        cid, uid = int(p["chat_id"]), int(p["user_id"])
        user = self.users.get(uid, User(uid, f"user{uid}"))
        if self.owners.get(cid) == uid:
            return {"status": "creator", "user": user.to_dict(), "is_anonymous": False}
        if uid in self.admins.get(cid, set()):
            rights = dict.fromkeys(
                [
                    "can_be_edited",
                    "is_anonymous",
                    "can_manage_chat",
                    "can_delete_messages",
                    "can_manage_video_chats",
                    "can_restrict_members",
                    "can_promote_members",
                    "can_change_info",
                    "can_invite_users",
                    "can_post_stories",
                    "can_edit_stories",
                    "can_delete_stories",
                ],
                False,
            )
            return {"status": "administrator", "user": user.to_dict(), **rights}
        return {"status": "member", "user": user.to_dict()}

    async def m_setMyCommands(self, p: dict[str, Any], f: Any) -> bool:
        key = (
            json.dumps(p.get("scope") or {"type": "default"}, sort_keys=True)
            + "|"
            + str(p.get("language_code") or "")
        )
        self.commands[key] = p["commands"]
        return True

    async def m_getMyCommands(self, p: dict[str, Any], f: Any) -> list[dict[str, Any]]:
        key = (
            json.dumps(p.get("scope") or {"type": "default"}, sort_keys=True)
            + "|"
            + str(p.get("language_code") or "")
        )
        return self.commands.get(key, [])

    async def m_deleteMyCommands(self, p: dict[str, Any], f: Any) -> bool:
        return True
