"""The presentation layer: the ONE place that turns what the ledger returns (records,
settlements, standings, nights, seasons) into what people read — display names (the pot by
name), the headline of a hand, the ruleset's unit in the chat's language, money
(:func:`scoring.transfers.format_money`, shares by :func:`scoring.transfers.to_money`) and
payment reasons (:meth:`bot.i18n.Translator.reason`).

Its view models feed every display: the chat texts (``bot.texts``, ``bot.season_texts``), the
wizard preview, the images the bot sends (``bot.handlers.images`` only draws what is built
here, off the event loop) and ``mahjong-tally render-samples`` (``bot.render.samples`` records
its sample night into a real ledger and builds its images with these same functions):

    scoreboard(table, standings, tr) -> ScoreboardView              # /board
    night_settlement(table, settle, standings, tr) -> SettlementImageView   # /settle
    hand_card(table, hand, names, shown, tr) -> HandCardView        # /explain N
    season_card(board, chat_title, tr) -> SeasonCardView            # /season
    player_card(history, tr, scope=..., private=...) -> PlayerCardView      # /me

Shared pieces: :func:`names_of`, :func:`display_names`, :func:`headline`, :func:`unit`,
:func:`night_names`, :func:`per_unit`, :func:`units`, :func:`money`, :func:`hand_money`, :func:`reason`,
:func:`night_label`.

Explanations: the ledger settles a confirmed hand once and stores its explanation with player
references (:mod:`storage.settled`); every display takes the stored settlement and puts the
names in here, in whatever language the step is then shown (``Translator.step`` picks zh /
zh_Hant / en). Nothing here scores a stored hand again, except a hand stored before references
existed (its explanation names database ids): that one is settled again for its words
(:func:`shown`, the fallback), its payments and nets staying the stored ones. A hand being
entered (the preview) is settled once here, with references, and named the same way
(:func:`preview`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import scoring
from bot.i18n import POT_NAME, Translator, translator
from bot.render.money import money as money
from bot.render.views import (
    WINDS,  # the images' seat winds (SeatLine.wind), by seat index
    HandCardView,
    NetLine,
    NetPart,
    NightLine,
    PaymentLine,
    PlayerCardView,
    ScoreboardView,
    SeasonCardView,
    SeasonRow,
    SeatLine,
    SettlementImageView,
    TransferLine,
    TrendSeries,
)
from bot.season_texts import (
    adjust_notes,
    mixed_units,
    money_side_by_side,
    nights_comparable,
    points_text,
)
from bot.season_texts import night_label as night_label
from bot.terms import ruled
from scoring import refs
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement, Step
from scoring.transfers import minor_exponent, to_money
from storage.settled import PLAYER_REFS, name_all, name_refs, settle_once
from storage.views import HandView, SettleView, StandingsView, TableView, TransferView

if TYPE_CHECKING:
    from storage.seasons import PlayerHistory, SeasonBoard

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, init=False)
class NamedStep(Step):
    """An explanation step with the players' names in (``zh``, ``en``), that remembers its
    referenced text: :meth:`shown` picks the language first and puts the names in after, so
    a derived language (zh_Hant, converted from ``zh``) never converts a person's name (user
    text is shown as typed) and no name runs into the words around it in the converter. The
    declared items it references (:mod:`scoring.refs`) are named the same way, after the
    conversion, in the language shown (a declared Traditional name is never converted).
    ``Translator.step`` calls :meth:`shown`. ``ref_ja``: the step's Japanese where the
    ruleset wrote one; ``ja`` is it named (items from the ja names catalog, then players)."""

    ref_zh: str
    ref_en: str
    names: Mapping[str, str] = field(compare=False, hash=False)  # a dict: kept out of hash
    ref_ja: str

    def __init__(
        self, ref_zh: str, ref_en: str, names: Mapping[str, str], ref_ja: str = ""
    ) -> None:
        ja = name_refs(translator("ja").own_refs(ref_ja), names) if ref_ja else ""
        Step.__init__(self, name_all(ref_zh, names, "zh"), name_all(ref_en, names, "en"), ja)
        object.__setattr__(self, "ref_zh", ref_zh)
        object.__setattr__(self, "ref_en", ref_en)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "ref_ja", ref_ja)

    def shown(self, pick: Callable[[str, str], str], lang: str = "") -> str:
        """The step in the language of ``pick`` (``Translator.pick``), then the declared
        items' names in ``lang`` (``zh``, ``zh_Hant``, ``en``; empty: ``zh`` unless ``pick``
        picked the English), then the players' names: neither is converted. ``lang`` ``ja``:
        the Japanese where written (:attr:`ja`), else as ``pick`` picks."""
        if lang == "ja" and self.ja:
            return self.ja
        text = pick(self.ref_zh, self.ref_en)
        if not lang:
            lang = "en" if text == self.ref_en and text != self.ref_zh else "zh"
        return name_all(text, self.names, lang)

    def text(self, lang: str) -> str:
        if lang == "zh_Hant":
            from scoring.hant import to_hant

            return name_all(to_hant(self.ref_zh), self.names, "zh_Hant")
        if lang == "ja":
            return self.ja or self.en
        return self.zh if lang.startswith("zh") else self.en


#: the steps that give a hand's money in the ruleset's own stake (Hong Kong "以五一計（每份
#: $0.50）：…" by its stake name's reference): the table's stake and currency give the money
#: once, with the nets (issue 25.1: one figure per amount), so they are not shown
MONEY_STEP_REFS = (refs.OPEN + "hongkong:stake:",)


def money_step(step: Step) -> bool:
    """Whether a stored step only restates the hand's nets as money at a stake."""
    return any(r in step.zh for r in MONEY_STEP_REFS)


def named(st: Settlement, names: Mapping[str, str]) -> Settlement:
    """``st`` with each player reference of its explanation replaced by the player's name
    (``names``: player id → display name; an unnamed id shows as itself). Payments and nets
    keep their ids: the displays name those from ``names`` themselves."""
    names = dict(names)
    return Settlement(
        st.payments, st.net, tuple(NamedStep(s.zh, s.en, names, s.ja) for s in st.explanation)
    )


def without_money_steps(st: Settlement) -> Settlement:
    """``st`` as the surfaces show it: the money steps left out (:func:`money_step`; on the
    stored steps, before :func:`named`)."""
    steps = tuple(s for s in st.explanation if not money_step(s))
    return st if len(steps) == len(st.explanation) else Settlement(st.payments, st.net, steps)


def shown(hand: HandView, names: Mapping[str, str]) -> Settlement:
    """The stored settlement of ``hand`` with names in its explanation (format 3: players and
    declared items by reference; format 2: players by reference, item names as stored). A
    hand stored before references (format 1) is settled again for its explanation only; if
    its record no longer settles, its stored explanation is shown as it is."""
    if hand.settlement_format >= PLAYER_REFS:
        return named(without_money_steps(hand.settlement), names)
    try:
        again = settle_once(hand.record).settlement
    except RecordError:
        log.info("hand %s no longer settles; its stored explanation is shown", hand.id)
        return hand.settlement
    again = without_money_steps(again)
    return named(
        Settlement(hand.settlement.payments, hand.settlement.net, again.explanation), names
    )


def preview(record: HandRecord, names: Mapping[str, str]) -> Settlement:
    """A hand being entered, settled once and named (the money steps left out: the table's
    stake gives the money). Raises :class:`RecordError`."""
    return named(without_money_steps(settle_once(record).settlement), names)


# --- shared pieces -------------------------------------------------------------------------
NIGHT_POT = 0  # the player id a night's transfers give the pot (storage: money into nothing)


def names_of(table: TableView, extra: Mapping[int, str] | None = None) -> dict[str, str]:
    """Player id (as the records write it, ``str(player.id)``) → display name: the seated
    players' current names over ``extra`` (e.g. ``HandView.names``, players who left)."""
    names = {str(k): v for k, v in (extra or {}).items()}
    names.update({str(s.player_id): s.name for s in table.seats})
    return names


def display_names(names: Mapping[str, str], tr: Translator) -> dict[str, str]:
    """``names`` plus the pot by name (money paid into nothing), so no payment shows the id."""
    return tr.parties(names)


def night_names(table: TableView, sv: SettleView, tr: Translator) -> dict[int, str]:
    """Player id → name for a night's settlement: its players, the seated ones, and the pot
    (id 0 in the transfers: money paid into or out of nothing) by name."""
    names = dict(sv.names)
    for s in table.seats:
        names.setdefault(s.player_id, s.name)
    names.setdefault(NIGHT_POT, tr.pick(*POT_NAME))
    return names


def unit(rs_id: str, tr: Translator) -> str:
    """The ruleset's unit of points in the chat's language (分 / pts, 子 …)."""
    return tr.attr(scoring.get(rs_id), "unit")


def gloss(rs_id: str, tr: Translator) -> str:
    """The English unit's meaning where it is a Chinese word said aloud (the ruleset's
    ``unit_gloss_en``: 子 is "zi", meaning "points"); "" where the unit is not said in
    English (Chinese 子, Japanese 子) or has none."""
    rs = scoring.get(rs_id)
    return rs.unit_gloss_en if unit(rs_id, tr) == rs.unit_en else ""


def unit_explained(rs_id: str, tr: Translator) -> str:
    """The unit as introduced: "zi (points)" in English for a unit said in Chinese."""
    u, g = unit(rs_id, tr), gloss(rs_id, tr)
    return f"{u} ({g})" if g else u


def per_unit(rs_id: str, tr: Translator) -> str:
    """The unit after "per": singular in English ("¥1 per point", not "per points")."""
    from bot.render.labels import unit as image_unit

    u = unit(rs_id, tr)
    return u if tr.zh else image_unit("", u, "en", per=True)


def per_unit_explained(rs_id: str, tr: Translator) -> str:
    """:func:`per_unit` as a stake introduces it: "per zi (points)" in English."""
    per, g = per_unit(rs_id, tr), gloss(rs_id, tr)
    return f"{per} ({g})" if g else per


#: rulesets whose points are already money (Taiwan counts 底 and 台 in dollars): one currency
#: unit a point; /newtable (bot.setup) offers nothing to pick but the currency
MONEY_UNITS = frozenset({"taiwan"})


def stake_text(rs_id: str, stake_minor: int, currency: str | None, tr: Translator) -> str:
    """The table's stake in one figure: "Stake: HK$0.50 per unit"; a ruleset counting in
    money at one currency unit a point (Taiwan's dollars) says only its currency."""
    cur = currency or "CNY"
    if rs_id in MONEY_UNITS and stake_minor == 10 ** minor_exponent(cur):
        return tr.gettext("Money: {currency}").format(currency=money_name(cur))
    return tr.gettext("Stake: {money} per {unit}").format(
        money=money(stake_minor, cur, lang=tr.lang), unit=per_unit_explained(rs_id, tr)
    )


def money_name(currency: str) -> str:
    """A currency by its symbol as the chat shows amounts (HK$, NT$, ¥, RM …)."""
    from scoring.transfers import CURRENCIES

    return CURRENCIES.get(currency.upper(), (currency, 2))[0].strip() or currency


def units(rs_id: str) -> dict[str, str]:
    """The ruleset's unit as the image views carry it (the renderer picks by language)."""
    rs = scoring.get(rs_id)
    return {
        "unit_zh": rs.unit_zh,
        "unit_en": rs.unit_en,
        "unit_zh_hant": rs.unit_zh_hant,
        "unit_gloss_en": rs.unit_gloss_en,
    }


def hand_money(hand: HandView, table: TableView) -> dict[str, int]:
    """A hand's nets in money at the table's stake ({} without a stake): the shares of
    :func:`scoring.transfers.to_money`, in the record's seat order."""
    if not table.stake_minor:
        return {}
    return to_money(dict(hand.settlement.net), table.stake_minor, order=list(hand.record.players))


def net_money(
    net: Mapping[str, int], players: Sequence[str], table: TableView | None
) -> dict[str, int]:
    """A hand being entered: its nets in money at ``table``'s stake, as :func:`hand_money`
    gives a recorded one ({} without a table or a stake)."""
    if table is None or not table.stake_minor:
        return {}
    return to_money(dict(net), table.stake_minor, order=list(players))


def reason(rs_id: str, reason_id: str, tr: Translator) -> str:
    """A payment reason's name (never the id), in the ruleset's own verbs (bot.terms: a
    generic "点炮者付" is "放炮者付" at a Nanning table)."""
    return ruled(tr.reason(scoring.get(rs_id), reason_id), rs_id, tr)


def headline(
    record: HandRecord,
    names: Mapping[str, str],
    tr: Translator,
    *,
    drawn: frozenset[str] = frozenset(),
) -> str:
    """One line on who won how ("Bob ← Carol · big seven pairs"), or the drawn hand's result;
    the tiles of the winners in ``drawn`` (ids) left out (the hand card draws them)."""
    from bot.describe import describe_win  # below present and the wizard: no cycle

    rs = scoring.get(record.ruleset)
    data = {"names": dict(names)}
    wins = [w.to_json() for w in record.wins]
    wins = [
        {k: v for k, v in w.items() if k != "tiles"} if w["winner"] in drawn else w for w in wins
    ]
    parts = [describe_win(rs, data, w, tr) for w in wins]
    if record.result != "win":
        r = next((r for r in rs.results if r.value == record.result), None)
        parts.append(tr.name(r) if r else record.result)
    return "; ".join(parts) if parts else tr.gettext("no winner")


def title(table: TableView, tr: Translator) -> tuple[str, str]:
    """The table's name and the ruleset's name; an unnamed table goes by the ruleset's name,
    given once (the second is then "")."""
    rs = tr.name(scoring.get(table.ruleset))
    return (table.name, rs) if table.name else (rs, "")


# --- the image view models -----------------------------------------------------------------
def scoreboard(table: TableView, st: StandingsView, tr: Translator) -> ScoreboardView:
    """/board: the night's totals by seat, the dealer, the running totals."""
    totals = {p.player_id: p for p in st.players}
    seats = []
    for s in sorted(table.seats, key=lambda s: s.seat_index):
        p = totals.get(s.player_id)
        seats.append(
            SeatLine(
                name=s.name,
                total=p.total if p else 0,
                wind=WINDS[s.seat_index] if s.seat_index < 4 else None,
                is_dealer=s.player_id == table.dealer_id,
                hands_won=p.wins if p else 0,
                self_draws=p.self_draws if p else 0,
                deal_ins=p.deal_ins if p else 0,
                money_minor=p.money_minor if p and table.stake_minor else None,
            )
        )
    names = {s.player_id: s.name for s in table.seats}
    trend = (
        tuple(
            TrendSeries(name=names[pid], running=tuple(pt.totals.get(pid, 0) for pt in st.trend))
            for pid in names
        )
        if st.trend
        else ()
    )
    name, rs_name = title(table, tr)
    return ScoreboardView(
        table_name=name,
        ruleset_name=rs_name,
        night=st.night,
        hand_count=st.numbered,  # hands numbered tonight: "next hand" − 1, as /history
        seats=tuple(seats),
        trend=trend,
        ruleset=table.ruleset,
        currency=table.currency,
        **units(table.ruleset),
    )


def _transfer_points(t: TransferView, stake_minor: int | None) -> int:
    """A transfer's points: a staked table's transfers are in money, a whole number of points
    at the stake (every net is points × stake), so the points are the money over the stake."""
    if t.points is not None:
        return t.points
    if t.money_minor is None or not stake_minor:
        return 0
    return t.money_minor // stake_minor


def _after_fee_and_cap(sv: SettleView, pid: int, tr: Translator) -> dict[str, Any]:
    """What ``pid`` pays or receives after the night's fee and cap (``final``: the figure
    the transfers settle) and its labelled parts: the hands' total, the loss cap's waiver or
    share, the fee paid (or, for its payee, received). In the transfers' basis: money minor
    units with a stake, else points. The parts always add up to the final figure."""
    adj = sv.adjust
    assert adj is not None
    hands = sv.net_money.get(pid, 0) if sv.net_money is not None else sv.net_points.get(pid, 0)
    final = adj.final.get(pid, hands)
    parts = [NetPart(tr.gettext("the hands"), hands)]
    cap = adj.capped.get(pid, 0) - adj.cap_shares.get(pid, 0)
    if cap:
        parts.append(NetPart(tr.gettext("loss cap"), cap))
    payee = adj.fee_payee_id == pid and adj.fee_total > 0
    fee = (adj.fee_total if payee else 0) - adj.fee_shares.get(pid, 0)
    if fee:
        parts.append(NetPart(tr.gettext("table fee"), fee))
    if sum(p.amount for p in parts) != final:  # never a figure that does not add up
        parts = [parts[0], NetPart(tr.gettext("loss cap and table fee"), final - hands)]
    return {"final": final, "parts": tuple(parts), "house": payee and adj.house}


def night_settlement(
    table: TableView, sv: SettleView, st: StandingsView, tr: Translator
) -> SettlementImageView:
    """/settle: the night's nets, the loss cap and table fee if any, the fewest transfers."""
    names = night_names(table, sv, tr)

    def who(pid: int) -> str:
        return names.get(pid, tr.pick("玩家", "a player"))

    # every seated player, at 0 if the night gave them nothing, then anyone else with a net
    points = {s.player_id: 0 for s in sorted(table.seats, key=lambda s: s.seat_index)}
    points.update(sv.net_points)
    adjusted = sv.adjust is not None and bool(sv.adjust.capped or sv.adjust.fee_total)
    if adjusted and sv.adjust is not None:  # the fee's payee (the house) has a line too
        points.update({pid: 0 for pid in sv.adjust.final if pid not in points and pid})
    lines = [
        NetLine(
            name=who(pid),
            points=pts,
            money_minor=sv.net_money.get(pid, 0) if sv.net_money is not None else None,
            **(_after_fee_and_cap(sv, pid, tr) if adjusted else {}),
        )
        for pid, pts in points.items()
    ]
    # best first by what each receives in the end (the big figure)
    nets = tuple(sorted(lines, key=lambda n: -(n.final if n.final is not None else n.points)))
    transfers = tuple(
        TransferLine(
            payer=who(t.payer_id),
            payee=who(t.payee_id),
            points=_transfer_points(t, sv.stake_minor),
            money_minor=t.money_minor,
        )
        for t in sv.transfers
    )
    notes_title, notes = adjust_notes(table, sv, tr, names)
    name, rs_name = title(table, tr)
    return SettlementImageView(
        table_name=name,
        ruleset_name=rs_name,
        night=sv.night,
        hand_count=st.numbered,  # hands numbered that night, as /history
        nets=nets,
        transfers=transfers,
        currency=sv.currency,
        stake_minor=sv.stake_minor,
        notes_title=notes_title,
        notes=notes,
        **units(table.ruleset),
    )


def hand_card(
    table: TableView,
    hand: HandView,
    names: Mapping[str, str],
    shown_settlement: Settlement,
    tr: Translator,
) -> HandCardView:
    """/explain N: the headline, the tiles and their fans (a win entered as tiles), the
    payments with their reasons, the nets (and money at the stake), the explanation."""
    from bot.render.tiles import tile_hands

    rs_id = hand.record.ruleset
    names = display_names(names, tr)
    payments = tuple(
        PaymentLine(
            payer=names.get(p.payer, p.payer),
            payee=names.get(p.payee, p.payee),
            amount=p.amount,
            reason=reason(rs_id, p.reason, tr),
        )
        for p in hand.settlement.payments
    )
    cash = hand_money(hand, table)
    nets = tuple(
        NetLine(name=names.get(pid, pid), points=v, money_minor=cash.get(pid))
        for pid, v in sorted(hand.settlement.net.items(), key=lambda kv: -kv[1])
    )
    name, rs_name = title(table, tr)
    tiles = tile_hands(hand.record, names, tr.lang)  # the tiles and their fans
    drawn = frozenset(
        w.winner
        for w in hand.record.wins
        if names.get(w.winner, w.winner) in {th.winner for th in tiles}
    )
    return HandCardView(
        table_name=name,
        ruleset_name=rs_name,
        seq=hand.number,  # the hand's place in its night, as /history calls it
        night=hand.night,
        headline=headline(hand.record, names, tr, drawn=drawn),  # the tiles are drawn below
        payments=payments,
        nets=nets,
        explanation=shown_settlement.explanation,
        tile_hands=tiles,
        voided=hand.status == "voided",
        corrected=hand.superseded,
        currency=table.currency if table.stake_minor else None,
        **units(rs_id),
    )


def _totals_text(
    money_by: Mapping[str, int], points_by: Mapping[str, int], points: int, tr: Translator
) -> dict[str, str]:
    """A season total as the chat says it (:mod:`bot.season_texts`): the big figure is the
    money per currency side by side (else the points per ruleset), the small one the points
    per ruleset under money — never a sum of unlike things (issue 25.2)."""
    pts = points_text(points_by, points, tr)
    cash = money_side_by_side(money_by, tr) if money_by else ""
    return {"money_text": cash or pts, "points_text": pts if cash else ""}


def season_card(board: SeasonBoard, chat_title: str, tr: Translator) -> SeasonCardView:
    """/season: the leaderboard (money in the season's one currency, else points) and the
    running totals night by night."""
    cur = board.currency
    rows = tuple(
        SeasonRow(
            name=ln.name,
            points=ln.points,
            money_minor=ln.money.get(cur) if cur is not None and cur in ln.money else None,
            nights=ln.nights,
            hands=ln.hands,
            wins=ln.wins,
            self_draws=ln.self_draws,
            deal_ins=ln.deal_ins,
            biggest_hand=ln.biggest_hand,
            **_totals_text(ln.money, ln.points_by, ln.points, tr),
        )
        for ln in board.lines
    )
    # one colour per player, not per rank (issue 25.3): the lines in a fixed order of the
    # players, so a player keeps their colour when the ranks change
    trend = tuple(
        TrendSeries(ln.name, board.trend.get(ln.player_id, ()))
        for ln in sorted(board.lines, key=lambda ln: ln.player_id)
    )
    if not board.trend_money and mixed_units(ln.points_by for ln in board.lines):
        trend = ()  # a running total of 子 and 份 would add unlike things: no chart
    return SeasonCardView(
        chat_title=chat_title,
        number=board.season.number,
        name=board.season.name,
        current=board.season.current,
        nights=board.nights,
        hands=board.hands,
        rows=rows,
        trend=trend,
        currency=cur,
        trend_money=board.trend_money,
    )


def player_card(h: PlayerHistory, tr: Translator, *, scope: str, private: bool) -> PlayerCardView:
    """/me: one's totals, records, recent nights (and, in private, each chat)."""
    cur = h.currency

    def line(n: Any) -> NightLine:
        return NightLine(
            night_label(n, tr, with_chat=private),
            n.points,
            n.money_minor if cur is not None else None,
        )

    chats: tuple[NightLine, ...] = ()
    if private:
        chats = tuple(
            NightLine(
                (c.title or tr.gettext("a chat"))
                + " · "
                + tr.ngettext("{count} night", "{count} nights", c.nights).format(count=c.nights),
                c.points,
                c.money.get(cur) if cur is not None else None,
            )
            for c in h.chats
        )
    return PlayerCardView(
        name=h.name,
        scope="" if private else scope,
        nights=h.night_count,
        hands=h.hands,
        wins=h.wins,
        self_draws=h.self_draws,
        deal_ins=h.deal_ins,
        biggest_hand=h.biggest_hand,
        points=h.points,
        money_minor=h.money.get(cur) if cur is not None else None,
        currency=cur,
        best_night=line(h.best_night) if h.best_night and nights_comparable(h) else None,
        worst_night=line(h.worst_night) if h.worst_night and nights_comparable(h) else None,
        recent=tuple(line(n) for n in reversed(h.nights)),
        # a running total over rulesets of different units would add unlike things
        running=() if cur is None and mixed_units([h.points_by]) else h.running,
        chats=chats,
        **_totals_text(h.money, h.points_by, h.points, tr),
    )
