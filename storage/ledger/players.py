"""Chats and players: ``ensure_chat``, ``ensure_user``, guests, ``chat_players``."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

from storage.errors import Conflict, NotFound
from storage.ledger._base import LedgerBase
from storage.models import Chat, GameTable, LedgerRow, Player, Seat
from storage.views import ChatView, PlayerView, SeatView


class PlayersArea(LedgerBase):
    """Chats and players (Telegram users and guests)."""

    def ensure_chat(
        self,
        tg_chat_id: int,
        *,
        title: str | None = None,
        kind: str = "group",
        lang: str | None = None,
    ) -> ChatView:
        """The chat with this Telegram id, created if new; title/kind/lang updated if given."""
        for attempt in range(3):
            try:
                with self._write() as s:
                    c = self._chat(s, tg_chat_id)
                    if c is None:
                        c = Chat(tg_chat_id=tg_chat_id, title=title, kind=kind, lang=lang)
                        s.add(c)
                    else:
                        if title is not None:
                            c.title = title
                        c.kind = kind or c.kind
                        if lang is not None:
                            c.lang = lang
                    s.flush()
                    return self._chat_view(c)
            except IntegrityError:  # a concurrent ensure_chat created it first
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get_chat(self, tg_chat_id: int) -> ChatView | None:
        with self._read() as s:
            c = self._chat(s, tg_chat_id)
            return None if c is None else self._chat_view(c)

    def set_chat_lang(self, tg_chat_id: int, lang: str) -> ChatView:
        """Set the chat's language (the chat is created if new)."""
        self.ensure_chat(tg_chat_id)
        with self._write() as s:
            c = self._chat(s, tg_chat_id)
            assert c is not None
            c.lang = lang
            s.flush()
            return self._chat_view(c)

    def ensure_user(
        self,
        tg_user_id: int,
        name: str,
        *,
        username: str | None = None,
        lang: str | None = None,
    ) -> PlayerView:
        """The player of this Telegram user, created if new; name/username/lang refreshed."""
        name = (name or "").strip() or (username or str(tg_user_id))
        for attempt in range(3):
            try:
                with self._write() as s:
                    p = s.scalars(
                        select(Player).where(col(Player.tg_user_id) == tg_user_id)
                    ).first()
                    if p is None:
                        p = Player(tg_user_id=tg_user_id, name=name, username=username, lang=lang)
                        s.add(p)
                    else:
                        p.name = name
                        if username is not None:
                            p.username = username
                        if lang is not None:
                            p.lang = lang
                    s.flush()
                    return self._player_view(p)
            except IntegrityError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def get_player(self, player_id: int) -> PlayerView:
        with self._read() as s:
            return self._player_view(self._player(s, player_id))

    def add_guest(self, table_id: int, name: str, *, by_player_id: int) -> SeatView:
        """Create a guest (a name only, for someone without Telegram) and seat them."""
        name = name.strip()
        if not name:
            raise Conflict("a guest needs a name")
        with self._write() as s:
            t = self._table(s, table_id, lock=True)
            self._check_open(t)
            self._player(s, by_player_id)
            g = Player(name=name[:255], is_guest=True, guest_chat_id=t.chat_id)
            s.add(g)
            s.flush()
            assert g.id is not None
            seat = self._take_seat(s, t, g.id)
            return self._seat_view(seat, g)

    def chat_players(self, tg_chat_id: int) -> list[PlayerView]:
        """The chat's known players: whoever opened or sat at one of its tables, its guests,
        and anyone with ledger rows on its tables (side-bet backers). Sorted by name."""
        with self._read() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                return []
            tables = select(col(GameTable.id)).where(col(GameTable.chat_id) == chat.id)
            ids = (
                select(col(GameTable.creator_id).label("pid"))
                .where(col(GameTable.chat_id) == chat.id)
                .union(
                    select(col(Seat.player_id)).where(col(Seat.table_id).in_(tables)),
                    select(col(LedgerRow.player_id)).where(col(LedgerRow.table_id).in_(tables)),
                    select(col(Player.id)).where(col(Player.guest_chat_id) == chat.id),
                )
                .subquery()
            )
            ps = s.scalars(select(Player).where(col(Player.id).in_(select(ids.c.pid)))).all()
            return sorted(
                (self._player_view(p) for p in ps), key=lambda v: (v.name.casefold(), v.id)
            )

    def ensure_guest(self, tg_chat_id: int, name: str) -> PlayerView:
        """A guest of the chat who is not seated (e.g. a side-bet backer): the chat's guest of
        that name (case-insensitive) if there is one, else a new one."""
        name = name.strip()[:255]
        if not name:
            raise Conflict("a guest needs a name")
        with self._write() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                raise NotFound(f"chat {tg_chat_id} is not known")
            for g in s.scalars(
                select(Player).where(
                    col(Player.guest_chat_id) == chat.id, col(Player.is_guest).is_(True)
                )
            ):
                if g.name.casefold() == name.casefold():
                    return self._player_view(g)
            g = Player(name=name, is_guest=True, guest_chat_id=chat.id)
            s.add(g)
            s.flush()
            return self._player_view(g)
