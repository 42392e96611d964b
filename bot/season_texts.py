"""Texts of the table fee and loss cap (/fee, /cap, the settle message), the season
leaderboard (/season) and one's own history (/me) — HTML, in the chat's language (issue 18).
Money and the nights' labels come from the presentation layer (:mod:`bot.present`)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

import scoring
from bot.i18n import Translator
from bot.render.money import money
from bot.tg import esc
from scoring.transfers import minor_exponent
from storage.seasons import FeeSettings, MeNight, PlayerHistory, SeasonBoard, SeasonInfo
from storage.views import SettleView, TableView

#: at most this many nights in /me's text (the image and the totals count them all)
ME_TEXT_NIGHTS = 10
ME_TEXT_CHATS = 20
SEASON_TEXT_ROWS = 30


def colon(tr: Translator) -> str:
    """ ": " in English, "：" in Chinese."""
    return "：" if tr.zh else ": "


def paren(tr: Translator, a: str, b: str) -> str:
    """ "a (b)" in English, "a（b）" in Chinese."""
    return f"{a}（{b}）" if tr.zh else f"{a} ({b})"


def amount(v: int, table: TableView, tr: Translator, *, sign: bool = False) -> str:
    """A fee or cap amount: money at a staked table, else points."""
    if table.stake_minor:
        return money(v, table.currency, sign=sign, lang=tr.lang)
    n = f"{v:+d}" if sign else str(v)
    return tr.gettext("{n} pts").format(n=n)


_AMOUNT = re.compile(r"^[¥$€£]?(\d{1,12})(?:[.,](\d{1,3}))?(元|块)?$")


def parse_amount(text: str, table: TableView) -> int | None:
    """A typed fee or cap ("40", "¥40", "12.50", "40元") in the table's basis (minor units of
    its currency at a staked table, else whole points); None if it is not one."""
    m = _AMOUNT.match(text.strip().replace("＄", "$").replace("￥", "¥"))
    if m is None:
        return None
    whole, frac = m.group(1), m.group(2) or ""
    if not table.stake_minor:
        return None if frac else int(whole)
    exp = minor_exponent(table.currency or "CNY")
    if len(frac) > exp:
        return None
    scale: int = 10**exp
    return int(whole) * scale + (int(frac.ljust(exp, "0")) if exp else 0)


def payee_name(fs: FeeSettings, names: Mapping[int, str], tr: Translator) -> str:
    if fs.fee_payee_id is None:
        return tr.gettext("the house ({host})").format(
            host=names.get(fs.creator_id, str(fs.creator_id))
        )
    return names.get(fs.fee_payee_id, str(fs.fee_payee_id))


def fee_status(table: TableView, fs: FeeSettings, names: Mapping[int, str], tr: Translator) -> str:
    """What /fee and /cap show: the table's fee and cap now."""
    _ = tr.gettext
    lines = []
    if fs.fee_amount:
        split = _("split equally (AA)") if fs.fee_split != "winners" else _("from the winners")
        lines.append(
            _("Table fee: {amount} per night, {split}, to {payee}.").format(
                amount=esc(amount(fs.fee_amount, table, tr)),
                split=esc(split),
                payee=esc(payee_name(fs, names, tr)),
            )
        )
    else:
        lines.append(esc(_("No table fee.")))
    if fs.loss_cap is not None:
        lines.append(
            _("Loss cap: nobody pays more than {amount} a night.").format(
                amount=esc(amount(fs.loss_cap, table, tr))
            )
        )
    else:
        lines.append(esc(_("No loss cap.")))
    return "\n".join(lines)


def adjust_lines(
    table: TableView, sv: SettleView, tr: Translator, names: Mapping[int, str]
) -> list[str]:
    """The settle message's lines on the night's loss cap and table fee ([] if neither), and
    the nets the transfers settle."""
    adj = sv.adjust
    if adj is None or not (adj.capped or adj.fee_total):
        return []
    _ = tr.gettext

    def nm(pid: int) -> str:
        return esc(names.get(pid, str(pid)))

    def amt(v: int, sign: bool = False) -> str:
        return esc(amount(v, table, tr, sign=sign))

    sep = "、" if tr.zh else ", "
    out = [""]
    if adj.capped:
        assert adj.loss_cap is not None
        out.append(
            "<b>"
            + esc(_("Loss cap {amount}").format(amount=amount(adj.loss_cap, table, tr)))
            + "</b>"
        )
        for pid, waived in sorted(adj.capped.items(), key=lambda kv: -kv[1]):
            out.append(
                _("{name} is capped: pays {cap}, {waived} less").format(
                    name=nm(pid), cap=amt(adj.loss_cap), waived=amt(waived)
                )
            )
        shares = sep.join(
            f"{nm(p)} {amt(v)}" for p, v in sorted(adj.cap_shares.items(), key=lambda kv: -kv[1])
        )
        if shares:
            out.append(_("The winners give up the difference: {shares}").format(shares=shares))
    if adj.fee_total:
        payee = (
            _("the house ({host})").format(host=nm(table.creator_id))
            if adj.house
            else nm(adj.fee_payee_id or 0)
        )
        out.append(
            "<b>"
            + _("Table fee {amount} to {payee}").format(amount=amt(adj.fee_total), payee=payee)
            + "</b>"
        )
        shares = sep.join(
            f"{nm(p)} {amt(v)}" for p, v in sorted(adj.fee_shares.items(), key=lambda kv: -kv[1])
        )
        how = _("split equally (AA)") if adj.fee_split != "winners" else _("from the winners")
        out.append(esc(how) + colon(tr) + shares)
    out.append("")
    out.append("<b>" + esc(_("Settled")) + "</b>")
    for pid, v in sorted(adj.final.items(), key=lambda kv: -kv[1]):
        if pid == 0 and not v:
            continue
        out.append(f"{nm(pid)}: {amt(v, sign=True)}")
    return out


# --- seasons ---------------------------------------------------------------------------------
def night_label(n: MeNight, tr: Translator, *, with_chat: bool) -> str:
    """A night of /me, told apart from any other of the same date (issue 25.4): "2026-11-03
    21:40 · Mahjong night · Xingguo · night 3" — when it began, the chat (in private), the
    table (its name, else its rules) and its number at that table."""
    from scoring.errors import RecordError

    parts = []
    if n.started_at is not None:
        parts.append(n.started_at.strftime("%Y-%m-%d %H:%M"))
    if with_chat:
        parts.append(n.chat_title or tr.gettext("a chat"))
    try:
        parts.append(n.table_name or tr.name(scoring.get(n.ruleset)))
    except RecordError:  # a ruleset no longer installed: its table goes by the night alone
        pass
    parts.append(tr.gettext("night {n}").format(n=n.night))
    return " · ".join(parts)


def season_title(s: SeasonInfo, tr: Translator) -> str:
    title = tr.gettext("Season {n}").format(n=s.number)
    return title + (f" · {s.name}" if s.name else "")


def _money(m: Mapping[str, int], sign: bool = True, lang: str = "en") -> str:
    """Money per currency, side by side (never added: "+¥120 · −HK$35")."""
    return " · ".join(
        money(v, c, sign=sign, lang=lang) for c, v in sorted(m.items()) if v or len(m) == 1
    )


def money_side_by_side(m: Mapping[str, int], tr: Translator) -> str:
    """A total's money, each currency on its own: "+¥120 · −HK$35"."""
    return _money(m, lang=tr.lang)


def unit(rs_id: str, tr: Translator) -> str:
    """The ruleset's unit in the chat's language (as :func:`bot.present.unit`, which imports
    this module: no cycle)."""
    return tr.attr(scoring.get(rs_id), "unit")


def mixed_units(points_by: Iterable[Mapping[str, int]]) -> bool:
    """Whether the points come from rulesets whose units differ (子 and 份 …)."""
    units = {(rs.unit_zh, rs.unit_en) for by in points_by for rs in map(scoring.get, by)}
    return len(units) > 1


def nights_comparable(h: PlayerHistory) -> bool:
    """Whether /me's nights can be ranked (best, worst): in one currency, or in points of one
    unit — a night of 子 is not better than a night of 份."""
    return h.currency is not None or not mixed_units([h.points_by])


def points_text(by: Mapping[str, int], total: int, tr: Translator) -> str:
    """Points in each ruleset's own unit, side by side, never added together: "+120 zi";
    a season of two rulesets "Xingguo +120 zi · Hong Kong +303 units"."""

    def one(rs_id: str, v: int) -> str:
        return tr.pick("{n}{u}", "{n} {u}").format(n=f"{v:+d}", u=unit(rs_id, tr))

    items = sorted(by.items())
    if not items:
        return tr.gettext("{n} pts").format(n=f"{total:+d}")
    if len(items) == 1:
        return one(*items[0])
    return " · ".join(f"{tr.name(scoring.get(rs_id))} {one(rs_id, v)}" for rs_id, v in items)


def best_hand(by: Mapping[str, int], best: int, tr: Translator) -> str:
    """The biggest hand's points, in its unit when the rulesets played share one."""
    units = {unit(rs_id, tr) for rs_id in by}
    if len(units) != 1:
        return str(best)
    return tr.pick("{n}{u}", "{n} {u}").format(n=best, u=units.pop())


def season_text(board: SeasonBoard, tr: Translator) -> str:
    _ = tr.gettext
    s = board.season
    state = _("current") if s.current else _("finished")
    head = "<b>" + esc(season_title(s, tr)) + "</b> · " + esc(state)
    lines = [head]
    if not board.lines:
        lines.append(esc(_("No nights in this season yet.")))
    else:
        lines.append(
            esc(
                tr.ngettext("{count} night", "{count} nights", board.nights).format(
                    count=board.nights
                )
                + " · "
                + tr.ngettext("{count} hand", "{count} hands", board.hands).format(
                    count=board.hands
                )
            )
        )
    lines.append("")
    for i, ln in enumerate(board.lines[:SEASON_TEXT_ROWS], 1):
        cash = _money(ln.money)
        pts = points_text(ln.points_by, ln.points, tr)
        total = paren(tr, cash, pts) if cash else pts
        lines.append(f"{i}. <b>{esc(ln.name)}</b> {esc(total)}")
        lines.append(
            "    "
            + esc(
                _(
                    "{nights} · won {wins} ({sd} self-drawn) · dealt in {di} · best hand +{best}"
                ).format(
                    nights=tr.ngettext("{count} night", "{count} nights", ln.nights).format(
                        count=ln.nights
                    ),
                    wins=ln.wins,
                    sd=ln.self_draws,
                    di=ln.deal_ins,
                    best=best_hand(ln.points_by, ln.biggest_hand, tr),
                )
            )
        )
    if board.seasons > 1:
        lines.append("")
        lines.append(esc(_("Earlier seasons: /season N (1 to {n}).").format(n=board.seasons)))
    return "\n".join(lines)


# --- /me -------------------------------------------------------------------------------------
def night_amount(n: MeNight, tr: Translator) -> str:
    if n.money_minor is not None:
        return money(n.money_minor, n.currency, sign=True, lang=tr.lang)
    return tr.gettext("{n} pts").format(n=f"{n.points:+d}")


def me_text(h: PlayerHistory, tr: Translator, *, private: bool) -> str:
    _ = tr.gettext
    nights = tr.ngettext("{count} night", "{count} nights", h.night_count).format(
        count=h.night_count
    )
    lines = ["<b>" + esc(h.name) + "</b> · " + esc(nights)]
    if not h.night_count:
        lines.append(esc(_("No nights yet.")))
        return "\n".join(lines)
    cash = _money(h.money)
    total = points_text(h.points_by, h.points, tr)
    lines.append(esc(_("Total: {total}").format(total=paren(tr, cash, total) if cash else total)))
    lines.append(
        esc(
            _("{hands} · won {wins} ({sd} self-drawn) · dealt in {di} · best hand +{best}").format(
                hands=tr.ngettext("{count} hand", "{count} hands", h.hands).format(count=h.hands),
                wins=h.wins,
                sd=h.self_draws,
                di=h.deal_ins,
                best=best_hand(h.points_by, h.biggest_hand, tr),
            )
        )
    )
    if h.best_night is not None and nights_comparable(h):
        lines.append(
            esc(
                _("Best night: {amount} ({night})").format(
                    amount=night_amount(h.best_night, tr),
                    night=night_label(h.best_night, tr, with_chat=private),
                )
            )
        )
    if h.worst_night is not None and nights_comparable(h):
        lines.append(
            esc(
                _("Worst night: {amount} ({night})").format(
                    amount=night_amount(h.worst_night, tr),
                    night=night_label(h.worst_night, tr, with_chat=private),
                )
            )
        )
    lines.append("")
    lines.append("<b>" + esc(_("Latest nights")) + "</b>")
    for n in reversed(h.nights[-ME_TEXT_NIGHTS:]):
        lines.append(esc(night_label(n, tr, with_chat=private) + colon(tr) + night_amount(n, tr)))
    if private:
        lines.append("")
        lines.append("<b>" + esc(_("Your chats")) + "</b>")
        for c in h.chats[:ME_TEXT_CHATS]:
            cm = _money(c.money)
            pts = points_text(c.points_by, c.points, tr)
            lines.append(
                esc(
                    (c.title or _("a chat"))
                    + colon(tr)
                    + tr.ngettext("{count} night", "{count} nights", c.nights).format(
                        count=c.nights
                    )
                    + f" · {cm or pts}"
                )
            )
    return "\n".join(lines)


def adjust_notes(
    table: TableView, sv: SettleView, tr: Translator, names: Mapping[int, str]
) -> tuple[str, tuple[str, ...]]:
    """The settlement image's section on the loss cap and table fee: (title, plain lines),
    the rules only — each player's share is a labelled part under their figure
    (:func:`bot.present.night_settlement`); a fee or a cap is named only when it was set,
    ("", ()) when the night has neither. The same words as the settle message."""
    adj = sv.adjust
    if adj is None or not (adj.capped or adj.fee_total):
        return "", ()
    _ = tr.gettext
    lines = []
    if adj.capped and adj.loss_cap is not None:
        lines.append(_("Loss cap {amount}").format(amount=amount(adj.loss_cap, table, tr)))
    if adj.fee_total:
        host = names.get(table.creator_id, str(table.creator_id))
        payee = (
            _("the house ({host})").format(host=host)
            if adj.house
            else names.get(adj.fee_payee_id or 0, "")
        )
        how = _("split equally (AA)") if adj.fee_split != "winners" else _("from the winners")
        fee = _("Table fee {amount} to {payee}").format(
            amount=amount(adj.fee_total, table, tr), payee=payee
        )
        lines.append(fee + " · " + how)
    if adj.capped and adj.fee_total:
        title = _("Loss cap and table fee")
    else:
        title = _("Loss cap") if adj.capped else _("Table fee")
    return title, tuple(html.unescape(ln) for ln in lines)
