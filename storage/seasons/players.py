"""Players across tables: guests by name, guests merged into a Telegram account, @usernames.

A guest counts under their name (several guest rows of one name in a chat are one person); a
guest merged into a Telegram account (``player.merged_into_id``) counts as that account in the
season board and /me. Per-table views (standings, history) keep the guest's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from storage.errors import Conflict, NotFound
from storage.ledger._util import PT  # the tables' Core handles
from storage.models import Chat, Player

if TYPE_CHECKING:
    from storage.service import Ledger


def _identities(conn: Any, ids: set[int]) -> tuple[dict[int, int], dict[int, str]]:
    """Each player id → the id it counts as (a merge target; the first guest row of the same
    name in the same chat), and the names of those ids."""
    if not ids:
        return {}, {}
    rows = conn.execute(
        select(PT.c.id, PT.c.name, PT.c.is_guest, PT.c.guest_chat_id, PT.c.merged_into_id).where(
            PT.c.id.in_(ids)
        )
    ).all()
    target: dict[int, int] = {}
    by_name: dict[tuple[int, str], int] = {}
    names: dict[int, str] = {}
    merged: set[int] = set()
    for pid, name, guest, gchat, into in sorted(rows, key=lambda r: int(r[0])):
        pid = int(pid)
        if into is not None:
            target[pid] = int(into)
            merged.add(int(into))
        elif guest and gchat is not None:
            key = (int(gchat), str(name).strip().casefold())
            target[pid] = by_name.setdefault(key, pid)
            names.setdefault(target[pid], str(name))
        else:
            target[pid] = pid
            names[pid] = str(name)
    missing = merged - set(names)
    if missing:
        for pid, name in conn.execute(select(PT.c.id, PT.c.name).where(PT.c.id.in_(missing))):
            names[int(pid)] = str(name)
    return target, names


def merge_guest(
    led: Ledger, tg_chat_id: int, guest_name: str, into_player_id: int
) -> tuple[int, str]:
    """Merge the chat's guest(s) called ``guest_name`` (case-insensitive) into a Telegram
    account. Returns (guest rows merged, the guest's name). Per-table history keeps the guest;
    seasons and /me count the guest's nights as the account's."""
    name = guest_name.strip().casefold()
    with led._write() as s:
        chat = s.scalars(select(Chat).where(Chat.tg_chat_id == tg_chat_id)).first()  # type: ignore[arg-type]
        if chat is None:
            raise NotFound(f"chat {tg_chat_id} is not known")
        target = s.get(Player, into_player_id)
        if target is None:
            raise NotFound(f"player {into_player_id} does not exist")
        if target.is_guest or target.merged_into_id is not None:
            raise Conflict("a guest can only be merged into a Telegram account")
        guests = [
            g
            for g in s.scalars(
                select(Player).where(
                    Player.guest_chat_id == chat.id,  # type: ignore[arg-type]
                    Player.is_guest.is_(True),  # type: ignore[attr-defined]
                )
            )
            if g.name.strip().casefold() == name
        ]
        if not guests:
            raise NotFound(f"no guest {guest_name!r} in this chat")
        todo = [g for g in guests if g.merged_into_id is None]
        if not todo:
            raise Conflict(f"guest {guest_name!r} is merged already")
        for g in todo:
            g.merged_into_id = into_player_id
        s.flush()
        return len(todo), guests[0].name


def player_by_username(led: Ledger, username: str) -> int | None:
    u = username.lstrip("@").casefold()
    with led._core() as conn:
        r = conn.execute(
            select(PT.c.id).where(func.lower(PT.c.username) == u, PT.c.is_guest.is_(False)).limit(1)
        ).first()
        return None if r is None else int(r[0])
