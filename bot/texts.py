"""Texts and keyboards of the table message, results, history, settlement (HTML).

Names, the headline of a hand, units and money come from the presentation layer
(:mod:`bot.present`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

import scoring
from bot.callback import DraftCb, TableCb
from bot.entry.keyboard import SOURCE_REF, Screen
from bot.i18n import Translator
from bot.present import display_names, headline, money, night_names, stake_text, unit
from bot.season_texts import adjust_lines
from bot.streak import streak_label
from bot.terms import ICON_DEALER, ICON_TITLE, ruled
from bot.tg import CallbackKeyboard, Keyboard, esc
from scoring.record import Settlement
from storage.views import HandView, Page, SeatView, SettleView, StandingsView, TableView


def draft_markup(screen: Screen, draft_id: int, version: int) -> InlineKeyboardMarkup | None:
    rows = [
        [(b.label, DraftCb(draft_id, version, b.action, b.arg).encode()) for b in row]
        for row in screen.rows
        if row
    ]
    return CallbackKeyboard(rows) if rows else None


def table_button(label: str, table_id: int, action: str, arg: str = "") -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=TableCb(table_id, action, arg).encode())


def table_text(
    table: TableView,
    standings: StandingsView | None,
    tr: Translator,
    *,
    arranging: bool = False,
    streak: int = 0,
) -> str:
    """The table message; ``streak``: the dealer's 連莊 from the ledger (bot/streak.py)."""
    _ = tr.gettext
    rs = scoring.get(table.ruleset)
    lines = [f"{ICON_TITLE} <b>{esc(table.name or tr.name(rs))}</b>"]
    if table.name:
        lines.append(esc(tr.name(rs)))
    preset = table.options.get("preset")
    if preset and len(rs.presets) > 1 and (p := rs.preset(str(preset))):
        lines.append(_("Preset: {name}").format(name=esc(tr.name(p))))
    if table.stake_minor:
        lines.append(esc(stake_text(table.ruleset, table.stake_minor, table.currency, tr)))
    status = {"open": _("waiting for players"), "playing": _("playing"), "closed": _("closed")}
    # the number the next hand of tonight gets (its place in the night, as the result line,
    # /history and /explain call it) and the hands numbered tonight: always that − 1
    parts = [_("Night {night} · next hand {n}").format(night=table.night, n=table.next_number)]
    tonight = table.next_number - 1
    if tonight:
        parts.append(hands_tonight(tonight, standings.voided if standings else 0, tr))
    parts.append(status.get(table.status, table.status))
    lines.append(" · ".join(parts))
    lines.append("")
    totals = {p.player_id: p.total for p in standings.players} if standings else {}
    winds = tr.winds()
    need = max(rs.players)
    for seat in sorted(table.seats, key=lambda s: s.seat_index):
        wind = winds[seat.seat_index] if seat.seat_index < len(winds) else str(seat.seat_index + 1)
        dealer = f" {ICON_DEALER}" + _("dealer") if seat.player_id == table.dealer_id else ""
        if dealer and streak:
            dealer += streak_label(table, streak, tr)
        guest = " 👤" if seat.is_guest else ""
        total = totals.get(seat.player_id, 0)
        lines.append(f"{wind} {esc(seat.name)}{guest}{dealer} <b>{total:+d}</b>")
    for i in range(len(table.seats), need):
        lines.append(f"{winds[i] if i < len(winds) else i + 1} —")
    if table.status == "open":
        lines.append("")
        lines.append(
            _(
                "Tap Join to sit down (seat order = order of joining); /guest NAME seats "
                "someone without Telegram; /seat N moves you to seat N."
            )
        )
        if arranging and table.seats:
            lines.append("🔀 " + _("Tap ↑ or ↓ to swap a player with the seat above or below."))
    return "\n".join(lines)


def hands_tonight(count: int, voided: int, tr: Translator) -> str:
    """The hands numbered tonight: "3 hands tonight", "3 hands tonight (1 voided)"."""
    said = tr.ngettext("{count} hand tonight", "{count} hands tonight", count).format(count=count)
    return said + voided_note(voided, tr)


def hands_of(st: StandingsView, tr: Translator) -> str:
    """A night's hands as /history numbers them: "3 hands", "3 hands (1 voided)"."""
    said = tr.ngettext("{count} hand", "{count} hands", st.numbered).format(count=st.numbered)
    return said + voided_note(st.voided, tr)


def voided_note(voided: int, tr: Translator) -> str:
    """The voided ones among numbered hands, after their count (" (1 voided)"), or ""."""
    if not voided:
        return ""
    return " " + tr.ngettext("({count} voided)", "({count} voided)", voided).format(count=voided)


def seat_arg(seat: SeatView) -> str:
    """A seat button's argument: the player and the seat they are in when the keyboard was
    drawn — a tap on a keyboard drawn before someone else moved finds them elsewhere and
    changes nothing."""
    return f"{seat.player_id}.{seat.seat_index}"


def seats_markup(table: TableView, tr: Translator) -> InlineKeyboardMarkup:
    """Before Start: one row per seat with ↑/↓ (a swap with the neighbouring seat), then Done."""
    _ = tr.gettext
    t = table.id
    winds = tr.winds()
    n = max(scoring.get(table.ruleset).players)
    rows = []
    for seat in sorted(table.seats, key=lambda s: s.seat_index):
        i = seat.seat_index
        wind = winds[i] if i < len(winds) else str(i + 1)
        row = [table_button(f"{wind} {seat.name}", t, "seats")]
        if i > 0:
            row.append(table_button("↑", t, "su", seat_arg(seat)))
        if i < n - 1:
            row.append(table_button("↓", t, "sd", seat_arg(seat)))
        rows.append(row)
    rows.append([table_button("✔ " + _("Done"), t, "sdone")])
    return Keyboard(rows)


def table_markup(
    table: TableView, tr: Translator, *, arranging: bool = False
) -> InlineKeyboardMarkup | None:
    _ = tr.gettext
    t = table.id
    if table.status == "closed":
        return None
    if table.status == "open":
        if arranging and table.seats:
            return seats_markup(table, tr)
        row = [
            table_button("🙋 " + _("Join"), t, "join"),
            table_button("▶ " + _("Start"), t, "start"),
        ]
        if len(table.seats) > 1:
            row.insert(1, table_button("🔀 " + _("Seats"), t, "seats"))
        return Keyboard([row])
    return Keyboard(
        [
            [
                table_button("📝 " + _("Record hand"), t, "rec"),
                table_button("🤝 " + _("Draw"), t, "draw"),
            ],
            [
                table_button("↩ " + _("Undo"), t, "undo"),
                table_button("📊 " + _("Board"), t, "board"),
                table_button("💰 " + _("Settle"), t, "settle"),
            ],
            [table_button("🙋 " + _("Join"), t, "join")],
        ]
    )


def nets_line(settlement: Settlement, names: Mapping[str, str]) -> str:
    items = sorted(settlement.net.items(), key=lambda kv: -kv[1])
    return ", ".join(f"{names.get(p, p)} {v:+d}" for p, v in items if v) or "±0"


def result_line(hand: HandView, names: Mapping[str, str], tr: Translator) -> str:
    """ "Hand 6: … — …"; a superseded version has no number of its own: "Hand 6, corrected
    21:40 by Alice, was: … — …"."""
    _ = tr.gettext
    names = display_names(names, tr)  # the pot by name
    what = esc(headline(hand.record, names, tr))
    nets = esc(nets_line(hand.settlement, names))
    if hand.superseded:
        return _("Hand {n}, corrected {time} by {name}, was: {what} — {nets}").format(
            n=hand.number, time=corrected_time(hand), name=esc(corrector(hand, names, tr)),
            what=what, nets=nets,
        )  # fmt: skip
    return _("Hand {n}: {what} — {nets}").format(n=hand.number, what=what, nets=nets)


def corrected_time(hand: HandView) -> str:
    """When a superseded version was replaced (HH:MM, UTC as the ledger keeps it)."""
    at = hand.voided_at or hand.recorded_at
    return at.strftime("%H:%M")


def corrector(hand: HandView, names: Mapping[str, str], tr: Translator) -> str:
    """Who corrected a superseded version (by name, never the id)."""
    by = hand.voided_by
    if by is None:
        return tr.pick("有人", "someone")
    return names.get(str(by)) or hand.names.get(by) or tr.pick("有人", "someone")


def explain_text(
    hand: HandView, names: Mapping[str, str], settlement: Settlement, tr: Translator
) -> str:
    """A hand's full derivation (``settlement`` carries the explanation with names)."""
    _ = tr.gettext
    names = display_names(names, tr)  # the pot by name
    u = unit(hand.record.ruleset, tr)
    lines = [
        "<b>"
        + _("Hand {n}").format(n=hand.number)
        + "</b> · "
        + _("night {n}").format(n=hand.night)
    ]
    if hand.superseded:
        lines.append(
            "✏️ "
            + _("corrected {time} by {name}; this is what it was").format(
                time=corrected_time(hand), name=esc(corrector(hand, names, tr))
            )
        )
    elif hand.status == "voided":
        why = void_reason_text(hand.void_reason, tr)
        lines.append("❌ " + _("voided") + (f" ({esc(why)})" if why else ""))
    lines.append(esc(headline(hand.record, names, tr)))
    lines.append(
        _("Dealer: {name}").format(name=esc(names.get(hand.record.dealer, hand.record.dealer)))
    )
    lines.append("")
    lines.append("<b>" + _("Payments") + "</b>")
    for p in hand.settlement.payments:
        lines.append(
            f"{esc(names.get(p.payer, p.payer))} → {esc(names.get(p.payee, p.payee))}: "
            f"{p.amount} {esc(u)}"
        )
    if not hand.settlement.payments:
        lines.append(_("Nobody pays anything."))
    lines.append("<b>" + _("Net") + "</b>")
    lines.append(esc(nets_line(hand.settlement, names)))
    if settlement.explanation:
        lines.append("<b>" + _("How") + "</b>")
        for s in settlement.explanation:
            lines.append("· " + esc(SOURCE_REF.sub("", tr.step(s))))  # no seed line refs
    return "\n".join(lines)


def void_reason_text(reason: str | None, tr: Translator) -> str:
    """Why a hand was voided, in the chat's language (the ledger stores English)."""
    if not reason:
        return ""
    m = re.match(r"corrected\b.*?#(\d+)", reason)
    if m:  # /edit N: the correction keeps the number, this first entry took a new one
        return tr.gettext("corrected: hand {n} is the correction").format(n=m.group(1))
    if reason == "undo":
        return tr.gettext("undone")
    return reason if not tr.zh else ""


def history_text(
    table: TableView, page: Page[HandView], tr: Translator, names: Mapping[str, str]
) -> str:
    _ = tr.gettext
    lines = [
        "<b>" + _("History") + "</b> · " + _("page {a}/{b}").format(a=page.page + 1, b=page.pages)
    ]
    if not page.items:
        lines.append(_("No hands yet."))
    night = None
    for h in page.items:
        if h.night != night and (night is not None or h.night != table.night):
            lines.append("<b>" + _("Night {n}").format(n=h.night) + "</b>")  # numbers restart
        night = h.night
        mark = "✏️ " if h.superseded else "❌ " if h.status == "voided" else ""
        lines.append(mark + result_line(h, names, tr))
    lines.append(_("/explain N shows a hand's derivation; /edit N corrects it."))
    return "\n".join(lines)


def history_markup(
    table: TableView, page: Page[HandView], tr: Translator
) -> InlineKeyboardMarkup | None:
    row = []
    if page.has_prev:
        row.append(table_button("◀", table.id, "hist", str(page.page - 1)))
    if page.has_next:
        row.append(table_button("▶", table.id, "hist", str(page.page + 1)))
    return Keyboard([row]) if row else None


def standings_text(table: TableView, st: StandingsView, tr: Translator) -> str:
    _ = tr.gettext
    rs = scoring.get(table.ruleset)
    lines = [
        f"<b>{esc(table.name or tr.name(rs))}</b> · "
        + _("night {n}").format(n=st.night)
        + " · "
        + hands_of(st, tr)
    ]
    for i, p in enumerate(st.players, 1):
        money_txt = ""
        if p.money_minor is not None and table.stake_minor:
            money_txt = f" ({money(p.money_minor, table.currency, sign=True, lang=tr.lang)})"
        lines.append(
            ruled(
                _("{i}. {name} {total:+d}{money} · {wins}, {sd} self-drawn, {di} dealt in"),
                table.ruleset,
                tr,
            ).format(
                i=i,
                name=esc(p.name),
                total=p.total,
                money=money_txt,
                wins=ruled(
                    tr.ngettext("{count} win", "{count} wins", p.wins), table.ruleset, tr
                ).format(count=p.wins),
                sd=p.self_draws,
                di=p.deal_ins,
            )
        )
    return "\n".join(lines)


def settle_text(table: TableView, sv: SettleView, tr: Translator, *, settled: bool = True) -> str:
    """A night's nets and fewest transfers (the settle message; /nights N shows it again;
    ``settled=False``: the night still being played, its totals so far)."""
    _ = tr.gettext
    u = unit(table.ruleset, tr)
    names = night_names(table, sv, tr)  # the pot by name
    title = _("Night {n} is settled") if settled else _("Night {n} so far (not settled yet)")
    lines = ["<b>" + title.format(n=sv.night) + "</b>"]
    if sv.stake_minor:
        lines.append(esc(stake_text(table.ruleset, sv.stake_minor, sv.currency, tr)))
    lines.append("")
    for pid, pts in sorted(sv.net_points.items(), key=lambda kv: -kv[1]):
        m = ""
        if sv.net_money is not None:
            m = f" = {money(sv.net_money.get(pid, 0), sv.currency, sign=True, lang=tr.lang)}"
        lines.append(f"{esc(names.get(pid, str(pid)))}: {pts:+d} {esc(u)}{m}")
    lines.extend(adjust_lines(table, sv, tr, names))  # the night's loss cap and table fee
    lines.append("")
    if not sv.transfers:
        lines.append(_("Nobody owes anything."))
    else:
        lines.append("<b>" + _("Transfers") + "</b>")
    for t in sv.transfers:
        amount = (
            money(t.money_minor, sv.currency, lang=tr.lang)
            if t.money_minor is not None
            else f"{t.points} {u}"
        )
        lines.append(
            _("{payer} pays {payee} {amount}").format(
                payer=esc(names.get(t.payer_id, str(t.payer_id))),
                payee=esc(names.get(t.payee_id, str(t.payee_id))),
                amount=esc(amount),
            )
        )
    return "\n".join(lines)


def nights_text(
    table: TableView, nights: list[StandingsView], tr: Translator, *, first: int = 1
) -> str:
    """/nights: each night of the table (``nights`` = nights ``first``… in order) with its
    hand count and each player's net in points."""
    _ = tr.gettext
    rs = scoring.get(table.ruleset)
    u = unit(table.ruleset, tr)
    lines = ["<b>" + esc(_("Nights")) + "</b> · " + esc(table.name or tr.name(rs))]
    if first > 1:
        lines.append(
            esc(_("Nights 1–{n} are left out; /nights N shows any night.").format(n=first - 1))
        )
    for st in nights:
        state = _("tonight") if st.night == table.night else _("settled")
        lines.append("")
        lines.append(
            "<b>"
            + _("Night {n}").format(n=st.night)
            + "</b> · "
            + hands_of(st, tr)
            + " · "
            + esc(state)
        )
        nets = [f"{esc(p.name)} {p.total:+d}" for p in st.players if p.total]
        lines.append(", ".join(nets) + f" {esc(u)}" if nets else "±0")
    lines.append("")
    lines.append(esc(_("/nights N shows night N's totals and who pays whom.")))
    return "\n".join(lines)
