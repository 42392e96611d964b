"""Table fees and loss caps: the table's settings, a night's settlement with them, and the
money of staked nights as settled (read by the season board and /me).

A table carries the fee and cap of its next nights; each night keeps its own copy (taken when
the night begins; ``/fee`` and ``/cap`` also set tonight's). Amounts are money in minor units
when the table has a stake, else points. The fee's payee is a player, or ``None`` = the house,
paid to the table's creator (the host). Nothing here changes the per-hand ledger: fees and
caps are applied to a night's nets when it is settled (:func:`night_money`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import or_, select, update

from scoring.fees import FEE_SPLITS, NightAdjust, adjust_night
from scoring.transfers import to_money
from storage.errors import Conflict, NotFound, TableClosed
from storage.ledger._util import NGT, NT, PT, ST, TT  # the tables' Core handles
from storage.models import GameTable
from storage.seasons.views import POT_ID, FeeSettings, NightSettle

if TYPE_CHECKING:
    from storage.service import Ledger


def fee_settings(led: Ledger, table_id: int) -> FeeSettings:
    with led._core() as conn:
        r = conn.execute(
            select(
                TT.c.fee_amount, TT.c.fee_split, TT.c.fee_payee_id, TT.c.loss_cap, TT.c.creator_id
            ).where(TT.c.id == table_id)
        ).first()
        if r is None:
            raise NotFound(f"table {table_id} does not exist")
        return FeeSettings(r[0], r[1], r[2], r[3], creator_id=int(r[4]))


def _set(led: Ledger, table_id: int, values: dict[str, Any]) -> FeeSettings:
    with led._write() as s:
        t = s.scalars(select(GameTable).where(GameTable.id == table_id).with_for_update()).first()  # type: ignore[arg-type]
        if t is None:
            raise NotFound(f"table {table_id} does not exist")
        if t.status == "closed":
            raise TableClosed(f"table {table_id} is closed")
        s.execute(update(TT).where(TT.c.id == table_id).values(**values))
        s.execute(
            update(NGT).where(NGT.c.table_id == table_id, NGT.c.number == t.night).values(**values)
        )
    return fee_settings(led, table_id)


def set_fee(
    led: Ledger,
    table_id: int,
    amount: int | None,
    *,
    split: str = "aa",
    payee_id: int | None = None,
) -> FeeSettings:
    """The table's fee for tonight and its next nights (``amount`` None or 0 = no fee)."""
    if amount is not None and (type(amount) is not int or amount < 0 or amount > 10**12):
        raise Conflict("the fee must be a whole number of minor units (or points) ≥ 0")
    if split not in FEE_SPLITS:
        raise Conflict(f"the fee is split {' or '.join(FEE_SPLITS)}")
    if not amount:
        return _set(led, table_id, {"fee_amount": None, "fee_split": None, "fee_payee_id": None})
    if payee_id is not None:
        with led._core() as conn:
            if conn.execute(select(PT.c.id).where(PT.c.id == payee_id)).first() is None:
                raise NotFound(f"player {payee_id} does not exist")
    return _set(led, table_id, {"fee_amount": amount, "fee_split": split, "fee_payee_id": payee_id})


def set_cap(led: Ledger, table_id: int, cap: int | None) -> FeeSettings:
    """The table's loss cap per player per night (None = no cap)."""
    if cap is not None and (type(cap) is not int or cap <= 0 or cap > 10**12):
        raise Conflict("the cap must be a positive whole number of minor units (or points)")
    return _set(led, table_id, {"loss_cap": cap})


def copy_to_night(s: Any, table_id: int, number: int) -> None:
    """A new night takes the table's fee and cap (called by ``Ledger.new_night``)."""
    t = s.execute(
        select(TT.c.fee_amount, TT.c.fee_split, TT.c.fee_payee_id, TT.c.loss_cap).where(
            TT.c.id == table_id
        )
    ).first()
    if t is not None and (t[0] is not None or t[3] is not None):
        s.execute(
            update(NGT)
            .where(NGT.c.table_id == table_id, NGT.c.number == number)
            .values(fee_amount=t[0], fee_split=t[1], fee_payee_id=t[2], loss_cap=t[3])
        )


def night_money(
    basis: Mapping[str, int],
    order: Sequence[str],
    *,
    fee_amount: int | None,
    fee_split: str | None,
    fee_payee_id: int | None,
    loss_cap: int | None,
    creator_id: int,
) -> NightAdjust | None:
    """A night's nets (``basis``: player id text → money or points, the pot as "0") after
    its fee and cap, or None when the night has neither."""
    if not fee_amount and loss_cap is None:
        return None
    people = [p for p in order if p != str(POT_ID)]
    payee = str(fee_payee_id if fee_payee_id is not None else creator_id)
    return adjust_night(
        basis,
        cap=loss_cap,
        fee=fee_amount or 0,
        fee_split=fee_split or "aa",
        fee_payee=payee if fee_amount else None,
        players=people,
        order=list(order),
    )


def settle_night(
    conn: Any, t: Any, night: int, basis: Mapping[str, int], order: Sequence[str]
) -> NightSettle | None:
    """The fee and cap of ``night`` of table ``t`` (a row with id, creator_id) applied to
    ``basis``; ``night`` 0 (the whole table) sums each night's adjustment."""
    nights = conn.execute(
        select(
            NGT.c.number, NGT.c.fee_amount, NGT.c.fee_split, NGT.c.fee_payee_id, NGT.c.loss_cap
        ).where(
            NGT.c.table_id == t.id,
            or_(NGT.c.fee_amount.is_not(None), NGT.c.loss_cap.is_not(None)),
            *(() if night == 0 else (NGT.c.number == night,)),
        )
    ).all()
    if not nights:
        return None
    creator = int(t.creator_id)
    if night != 0:
        n = nights[0]
        adj = night_money(
            basis,
            order,
            fee_amount=n.fee_amount,
            fee_split=n.fee_split,
            fee_payee_id=n.fee_payee_id,
            loss_cap=n.loss_cap,
            creator_id=creator,
        )
        if adj is None:
            return None
        return _night_settle(adj, n.fee_split, n.loss_cap, n.fee_payee_id is None)
    # the whole table: each adjusted night's change added to the table's nets
    stake = conn.execute(select(TT.c.stake_minor).where(TT.c.id == t.id)).scalar()
    final = {int(k): v for k, v in basis.items()}
    capped: dict[int, int] = {}
    cap_sh: dict[int, int] = {}
    fee_sh: dict[int, int] = {}
    fee_total = 0
    for n in nights:
        rows = conn.execute(
            select(NT.c.player_id, NT.c.total).where(NT.c.table_id == t.id, NT.c.night == n.number)
        ).all()
        pts = {str(int(r[0])): int(r[1]) for r in rows}
        if sum(pts.values()):
            pts[str(POT_ID)] = -sum(pts.values())
        b = pts if not stake else {k: v * int(stake) for k, v in pts.items()}
        adj = night_money(
            b,
            [p for p in order if p in b] + [p for p in b if p not in order],
            fee_amount=n.fee_amount,
            fee_split=n.fee_split,
            fee_payee_id=n.fee_payee_id,
            loss_cap=n.loss_cap,
            creator_id=creator,
        )
        if adj is None:
            continue
        for k, v in adj.net.items():
            final[int(k)] = final.get(int(k), 0) + v - b.get(k, 0)
        for src, dst in ((adj.capped, capped), (adj.cap_shares, cap_sh), (adj.fee_shares, fee_sh)):
            for k, v in src.items():
                dst[int(k)] = dst.get(int(k), 0) + v
        fee_total += adj.fee_total
    last = nights[-1]
    return NightSettle(
        final=final,
        capped=capped,
        cap_shares=cap_sh,
        fee_shares=fee_sh,
        fee_payee_id=None,
        fee_total=fee_total,
        fee_split=last.fee_split,
        loss_cap=last.loss_cap,
        house=last.fee_payee_id is None,
    )


def _night_settle(adj: NightAdjust, split: str | None, cap: int | None, house: bool) -> NightSettle:
    return NightSettle(
        final={int(k): v for k, v in adj.net.items()},
        capped={int(k): v for k, v in adj.capped.items()},
        cap_shares={int(k): v for k, v in adj.cap_shares.items()},
        fee_shares={int(k): v for k, v in adj.fee_shares.items()},
        fee_payee_id=None if adj.fee_payee is None else int(adj.fee_payee),
        fee_total=adj.fee_total,
        fee_split=split if adj.fee_total else None,
        loss_cap=cap,
        house=house,
    )


# --- money of staked nights, as settled --------------------------------------------------
def _money_of_nights(
    conn: Any, nights: Sequence[Any], per_player: Mapping[tuple[int, int], dict[int, int]]
) -> dict[tuple[int, int], dict[int, int]]:
    """Money per player of each staked night (table, number) → {player: minor units}, with
    the night's fee and cap as settled (``per_player``: the night's points per player)."""
    out: dict[tuple[int, int], dict[int, int]] = {}
    seat_order: dict[int, list[int]] = {}
    need = {
        int(n.table_id)
        for n in nights
        if n.stake_minor and (n.fee_amount or n.loss_cap is not None)
    }
    if need:
        for tid, pid in conn.execute(
            select(ST.c.table_id, ST.c.player_id)
            .where(ST.c.table_id.in_(need), ST.c.left_at.is_(None))
            .order_by(ST.c.table_id, ST.c.seat_index)
        ):
            seat_order.setdefault(int(tid), []).append(int(pid))
    for n in nights:
        if not n.stake_minor:
            continue
        key = (int(n.table_id), int(n.number))
        pts = per_player.get(key, {})
        stake = int(n.stake_minor)
        if not (n.fee_amount or n.loss_cap is not None):
            out[key] = {p: v * stake for p, v in pts.items()}
            continue
        seated = seat_order.get(key[0], [])
        out[key] = dict(
            _settled_money(
                tuple(sorted(pts.items())),
                tuple(seated),
                stake,
                n.fee_amount,
                n.fee_split,
                n.fee_payee_id,
                n.loss_cap,
                int(n.creator_id),
            )
        )
    return out


@functools.lru_cache(maxsize=1 << 16)
def _settled_money(
    pts: tuple[tuple[int, int], ...],
    seated: tuple[int, ...],
    stake: int,
    fee_amount: int | None,
    fee_split: str | None,
    fee_payee_id: int | None,
    loss_cap: int | None,
    creator_id: int,
) -> tuple[tuple[int, int], ...]:
    """A fee or cap night's money per player, as settled (a pure function of its arguments,
    so remembered: seasons and /me read the same nights again and again)."""
    points = dict(pts)
    order = [str(p) for p in [*seated, *sorted(set(points) - set(seated))]]
    b = {str(p): v for p, v in points.items()}
    if sum(b.values()):
        b[str(POT_ID)] = -sum(b.values())
        order.append(str(POT_ID))
    money = to_money(b, stake, order=order)
    adj = night_money(
        money,
        order,
        fee_amount=fee_amount,
        fee_split=fee_split,
        fee_payee_id=fee_payee_id,
        loss_cap=loss_cap,
        creator_id=creator_id,
    )
    final = adj.net if adj is not None else money
    return tuple((int(p), v) for p, v in final.items() if int(p) != POT_ID)
