"""Exports and statistics: the CSV of a table, a chat's lifetime figures per player, and the
ledger's integrity check."""

from __future__ import annotations

import csv
import io
import json

from sqlalchemy import and_, case, func, select
from sqlmodel import Session, col

from storage.ledger._base import LedgerBase
from storage.ledger._util import ALL_NIGHTS, _aware
from storage.models import GameTable, Hand, LedgerRow, Night, NightTotal, Player, Seat
from storage.views import PlayerStatsView


def _csv_text(text: str) -> str:
    """A user-typed text cell (a name, a void reason) made inert for spreadsheets: one that
    starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class ExportsArea(LedgerBase):
    """The CSV export, chat statistics and the integrity check."""

    def export_csv(self, table_id: int) -> str:
        """Every hand of the table (voids marked): one ``net`` line per player per hand and
        one ``payment`` line per itemized payment, in recording order; ``hand`` is the hand's
        number in its night (a corrected hand's first version carries its correction's)."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(
            [
                "table_id",
                "seq",
                "night",
                "hand",  # the hand's number in its night, as /history calls it (issue 25.4)
                "hand_id",
                "status",
                "recorded_at",
                "recorded_by",
                "dealer",
                "result",
                "line",
                "player_id",
                "player",
                "from_id",
                "from",
                "to_id",
                "to",
                "amount",
                "reason",
                "money_minor",
                "currency",
                "voided_at",
                "voided_by",
                "void_reason",
                "replaces_hand_id",
            ]
        )
        with self._read() as s:
            t = self._table(s, table_id)
            players = s.execute(
                select(col(Player.id), col(Player.name)).where(
                    col(Player.id).in_(
                        select(col(LedgerRow.player_id)).where(col(LedgerRow.table_id) == table_id)
                    )
                    | col(Player.id).in_(
                        select(col(Seat.player_id)).where(col(Seat.table_id) == table_id)
                    )
                )
            ).all()
            names = {str(r[0]): str(r[1]) for r in players}
            stake = t.stake_minor

            def nm(pid: str | int | None) -> str:
                return "" if pid is None else _csv_text(names.get(str(pid), str(pid)))

            hands = s.scalars(
                select(Hand).where(col(Hand.table_id) == table_id).order_by(col(Hand.seq))
            )
            for h in hands:
                st = json.loads(h.settlement)
                head = [
                    table_id,
                    h.seq,
                    h.night,
                    h.number,
                    h.id,
                    h.status,
                    (_aware(h.recorded_at) or h.recorded_at).isoformat(),
                    nm(h.recorded_by),
                    nm(h.dealer_before_id),
                    h.result,
                ]
                tail = [
                    "" if h.voided_at is None else (_aware(h.voided_at) or h.voided_at).isoformat(),
                    nm(h.voided_by),
                    _csv_text(h.void_reason or ""),
                    h.replaces_hand_id or "",
                ]
                cur = [t.currency or "", *tail]
                for pid, amount in st["net"].items():
                    money = "" if stake is None else amount * stake
                    w.writerow(
                        [*head, "net", pid, nm(pid), "", "", "", "", amount, "", money, *cur]
                    )
                for p in st["payments"]:
                    money = "" if stake is None else p["amount"] * stake
                    a, b, amt, why = p["from"], p["to"], p["amount"], p["reason"]
                    w.writerow(
                        [*head, "payment", "", "", a, nm(a), b, nm(b), amt, why, money, *cur]
                    )
        return out.getvalue()

    def chat_stats(self, tg_chat_id: int) -> list[PlayerStatsView]:
        """Lifetime figures per player over every table of the chat (confirmed hands only):
        hands, wins, self-draws, deal-ins, biggest single-hand gain, net points and net money
        per currency. Sorted by net, best first."""
        with self._read() as s:
            chat = self._chat(s, tg_chat_id)
            if chat is None:
                return []
            lr = LedgerRow
            in_chat = and_(col(lr.table_id) == col(GameTable.id), col(GameTable.chat_id) == chat.id)
            rows = s.execute(
                select(
                    col(lr.player_id),
                    func.count(),
                    func.sum(col(lr.won)),
                    func.sum(col(lr.self_drawn)),
                    func.sum(col(lr.dealt_in)),
                    func.max(col(lr.amount)),
                    func.sum(col(lr.amount)),
                    func.count(func.distinct(col(lr.table_id))),
                )
                .join(GameTable, in_chat)
                .where(col(lr.confirmed).is_(True))
                .group_by(col(lr.player_id))
            ).all()
            money_rows = s.execute(
                select(
                    col(lr.player_id),
                    col(GameTable.currency),
                    func.sum(col(lr.amount) * col(GameTable.stake_minor)),
                )
                .join(GameTable, in_chat)
                .where(col(lr.confirmed).is_(True), col(GameTable.stake_minor).is_not(None))
                .group_by(col(lr.player_id), col(GameTable.currency))
            ).all()
            money: dict[int, dict[str, int]] = {}
            for pid, cur, amount in money_rows:
                money.setdefault(int(pid), {})[cur or ""] = int(amount)
            names = self._names(s, {int(r[0]) for r in rows})
            out = [
                PlayerStatsView(
                    player_id=int(r[0]),
                    name=names.get(int(r[0]), str(r[0])),
                    hands=int(r[1]),
                    wins=int(r[2] or 0),
                    self_draws=int(r[3] or 0),
                    deal_ins=int(r[4] or 0),
                    biggest_win=max(0, int(r[5] or 0)),
                    net=int(r[6] or 0),
                    net_money=money.get(int(r[0]), {}),
                    tables=int(r[7]),
                )
                for r in rows
            ]
            out.sort(key=lambda p: (-p.net, p.name, p.player_id))
            return out

    def check_integrity(self) -> list[str]:
        """Consistency checks of the ledger (used by tests and ``db check``); returns problems.

        * every table's ``last_seq`` equals its number of hands and sequence numbers 1..n;
        * ``hand_count`` equals its confirmed hands;
        * ``night_total`` equals the sum of confirmed ledger rows;
        * every confirmed hand's ledger rows sum to its settlement's net;
        * hand numbers run 1..n in every night (:meth:`_number_problems`).
        """
        problems: list[str] = []
        with self._read() as s:
            for tid, last_seq, hand_count in s.execute(
                select(col(GameTable.id), col(GameTable.last_seq), col(GameTable.hand_count))
            ).all():
                n, lo, hi, conf = s.execute(
                    select(
                        func.count(),
                        func.min(col(Hand.seq)),
                        func.max(col(Hand.seq)),
                        func.sum(case((col(Hand.status) == "confirmed", 1), else_=0)),
                    ).where(col(Hand.table_id) == tid)
                ).one()
                if n != last_seq or (n and (lo != 1 or hi != n)):
                    problems.append(f"table {tid}: {n} hands, seq {lo}..{hi}, last_seq {last_seq}")
                if int(conf or 0) != hand_count:
                    problems.append(f"table {tid}: hand_count {hand_count} != {conf} confirmed")
            sums = {
                (int(a), int(b), int(c)): int(d)
                for a, b, c, d in s.execute(
                    select(
                        col(LedgerRow.table_id),
                        col(LedgerRow.night),
                        col(LedgerRow.player_id),
                        func.sum(col(LedgerRow.amount)),
                    )
                    .where(col(LedgerRow.confirmed).is_(True))
                    .group_by(
                        col(LedgerRow.table_id), col(LedgerRow.night), col(LedgerRow.player_id)
                    )
                ).all()
            }
            totals = {
                (int(a), int(b), int(c)): int(d)
                for a, b, c, d in s.execute(
                    select(
                        col(NightTotal.table_id),
                        col(NightTotal.night),
                        col(NightTotal.player_id),
                        col(NightTotal.total),
                    )
                ).all()
            }
            for (tid, _night, pid), v in list(sums.items()):
                sums[(tid, ALL_NIGHTS, pid)] = sums.get((tid, ALL_NIGHTS, pid), 0) + v
            for k in set(sums) | set(totals):
                if sums.get(k, 0) != totals.get(k, 0):
                    problems.append(f"night_total {k}: {totals.get(k, 0)} != rows {sums.get(k, 0)}")
            bad = s.execute(
                select(col(Hand.id))
                .join(LedgerRow, col(LedgerRow.hand_id) == col(Hand.id))
                .where(col(LedgerRow.confirmed) != (col(Hand.status) == "confirmed"))
                .limit(5)
            ).all()
            for (hid,) in bad:
                problems.append(f"hand {hid}: ledger rows disagree with its status")
            problems += self._number_problems(s)
        return problems

    @staticmethod
    def _number_problems(s: Session) -> list[str]:
        """Hand numbers: each night's current versions are numbered 1..its ``last_number``,
        once each; a superseded version has its correction's number; the table's
        ``last_number`` is its current night's."""
        problems: list[str] = []
        hands = s.execute(
            select(col(Hand.id), col(Hand.table_id), col(Hand.night), col(Hand.number))
        ).all()
        number_of = {int(h[0]): int(h[3]) for h in hands}
        replaced = {
            int(a): int(b)
            for a, b in s.execute(
                select(col(Hand.replaces_hand_id), col(Hand.id)).where(
                    col(Hand.replaces_hand_id).is_not(None)
                )
            ).all()
        }
        current: dict[tuple[int, int], list[int]] = {}
        for hid, tid, night, number in hands:
            if hid in replaced:
                if number_of[replaced[hid]] != number:
                    problems.append(f"hand {hid}: number {number}, its correction's differs")
                continue
            current.setdefault((int(tid), int(night)), []).append(int(number))
        lasts = {
            (int(t), int(n)): int(last)
            for t, n, last in s.execute(
                select(col(Night.table_id), col(Night.number), col(Night.last_number))
            ).all()
        }
        for key in set(current) | {k for k, v in lasts.items() if v}:
            got = sorted(current.get(key, []))
            if got != list(range(1, lasts.get(key, 0) + 1)):
                problems.append(f"table {key[0]} night {key[1]}: hand numbers {got}")
        for tid, night, last in s.execute(
            select(col(GameTable.id), col(GameTable.night), col(GameTable.last_number))
        ).all():
            if lasts.get((int(tid), int(night)), 0) != int(last):
                problems.append(f"table {tid}: last_number {last} is not its night's")
        return problems
