"""Helpers shared by the season board and /me: the Core handles of the chat and season tables,
a chat's row id."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from storage.models import Chat, Season, table_of

CT = table_of(Chat)
SNT = table_of(Season)


def _chat_id(conn: Any, tg_chat_id: int) -> int | None:
    r = conn.execute(select(CT.c.id).where(CT.c.tg_chat_id == tg_chat_id)).first()
    return None if r is None else int(r[0])
