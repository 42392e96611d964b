"""A phrase read into a record: :func:`parse_record` (the parser's wins, counts and events,
checked with the players' names), :func:`parse` (and the scoring core's word), and
:func:`looks_like_hand` (a reply that names nothing of a hand is chat)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import scoring
from bot import wizard
from bot.entry.phrase.errors import PhraseError
from bot.entry.phrase.fold import FOLD
from bot.entry.phrase.parser import Parser, WinSpec
from bot.entry.phrase.tokens import tokenize
from bot.entry.phrase.vocab import TableInfo, dname, fans_of, short
from bot.i18n import Translator
from scoring.declarations import DISCARD, HOWS, ROBBED_KONG, SELF_DRAWN, WinItemDecl, is_enabled
from scoring.engine import validate
from scoring.errors import RecordError
from scoring.record import HandRecord, Win
from scoring.ruleset import Ruleset


def _seat_wind(table: TableInfo, winner: str) -> str:
    players = table.players
    offset = (players.index(winner) - players.index(table.dealer)) % len(players)
    return "ESWN"[offset % 4]


def _tiles_object(table: TableInfo, w: WinSpec, flowers: int) -> dict[str, Any]:
    from scoring.gb.notation import NotationError, WordError, apply_words, parse_phone, split_words

    text = unicodedata.normalize("NFKC", w.tiles or "").translate(FOLD).strip()
    self_drawn, robbed = w.how == SELF_DRAWN, w.how == ROBBED_KONG
    try:
        hand, last, words = split_words(text)
        said = apply_words(words, self_drawn=self_drawn, robbed_kong=robbed)
        return parse_phone(
            hand,
            last,
            self_drawn=self_drawn,
            seat=_seat_wind(table, w.winner),
            prevalent=said.get("prevalent", table.prevalent_wind),
            flowers=flowers,
            last_tile=said.get("last_tile", False),
            last_wall=said.get("last_wall", False),
            kong=robbed or said.get("kong", False),
        )
    except WordError as exc:
        raise PhraseError("tiles_word", word=exc.word) from exc
    except NotationError as exc:
        raise PhraseError("tiles", word=text, why=str(exc)) from exc


@dataclass(frozen=True, slots=True)
class Missing:
    """The one thing a line leaves out that the buttons can ask: win ``win``'s way of winning
    (``how``: self-drawn or whose discard), its hand shape (``shape``) or its value
    (``value``: a fan total, fans or tiles). ``error`` says it as a sentence."""

    kind: str  # "how" | "shape" | "value"
    win: int
    error: PhraseError


@dataclass(frozen=True, slots=True)
class Reading:
    """What a line says: the record (its open part, if any, as the scoring core would read
    it: a win with no way said is self-drawn there) and what is :class:`Missing`."""

    record: HandRecord
    missing: Missing | None = None


def parse_record(text: str, table: TableInfo, tr: Translator | None = None) -> HandRecord:
    """The record a phrase says, before the scoring core's checks (raises PhraseError, also
    for a line that leaves something out: see :func:`read`)."""
    reading = read(text, table, tr)
    if reading.missing is not None:
        raise reading.missing.error
    return reading.record


def read(text: str, table: TableInfo, tr: Translator | None = None) -> Reading:
    """The record a phrase says, before the scoring core's checks, and the one thing it
    leaves out if exactly one is (raises PhraseError for anything else)."""
    tr = tr or Translator("en")
    if not text or not text.strip():
        raise PhraseError("empty")
    toks, tiles = tokenize(text, table)
    if not toks and tiles is None:
        raise PhraseError("empty")
    p = Parser(table, tr)
    p.text = text
    p.run(toks, tiles)
    rs = p.rs
    wins = []
    for w in p.wins:
        fans: tuple[str, ...] | None = tuple(w.fans) if w.fans else None
        fan_ids = {f.id for f in fans_of(rs.id)}
        if w.fans and {"self_drawn", "robbing_the_kong"} <= fan_ids:
            # MCR scores 自摸 on every self-drawn win and 抢杠和 on a robbed kong (the checklist
            # drops what these imply); the phrase's 自摸/抢杠 words say so already
            extra = []
            if w.how == SELF_DRAWN and "self_drawn" not in w.fans:
                extra.append("self_drawn")
            if w.how == ROBBED_KONG and "robbing_the_kong" not in w.fans:
                extra.append("robbing_the_kong")
            fans = tuple(w.fans + extra)
        elif (
            not w.fans
            and w.fan is None
            and w.tiles is None
            and w.how == ROBBED_KONG
            and "robbing_the_kong" in fan_ids
        ):
            # "P 抢杠 Q" and no fans: 抢杠和 alone (8 fans in MCR, a whole hand at the minimum;
            # phrase_of leaves it out as said by 抢杠). 自摸 alone (1 fan) is never a hand: the
            # fans are asked for instead.
            fans = ("robbing_the_kong",)
        tiles_obj = None
        if w.tiles is not None:
            tiles_obj = _tiles_object(table, w, p.counts.get("flowers", {}).get(w.winner, 0))
        wins.append(
            Win(
                winner=w.winner,
                discarder=w.discarder,
                robbed_kong=w.how == ROBBED_KONG,
                shape=w.shape,
                flags=tuple(w.flags),
                fan=w.fan,
                fans=fans,
                tiles=tiles_obj,
            )
        )
    counts = {cid: {q: n for q, n in per.items() if n} for cid, per in p.counts.items()}
    counts = {cid: per for cid, per in counts.items() if per}
    record = HandRecord(
        ruleset=rs.id,
        players=tuple(table.players),
        dealer=table.dealer,
        result=p.result or "win",
        wins=tuple(wins),
        options=dict(table.options),
        counts=counts,
        events=tuple(p.events),
    )
    if p.result_implied and rs.multi_win == "sequential" and "draw" in rs.wins_allowed_in:
        record = _sequential_result(record)
    missing = [Missing("how", n, err) for n, err in p.open_how]
    missing += _precheck(record, table, tr, {m.win for m in missing})
    if len(missing) > 1 or (missing and len(record.wins) > 1):
        raise missing[0].error  # one question at a time, for a hand of one win
    return Reading(record, missing[0] if missing else None)


def _sequential_result(record: HandRecord) -> HandRecord:
    """血战: a won hand goes on until all but one have won; with fewer wins (and no result
    said) the wall ran out: the result is a draw (流局) with those wins, if the rules say so."""
    try:
        validate(record)
    except RecordError:
        alt = replace(record, result="draw")
        try:
            validate(alt)
        except RecordError:
            return record
        return alt
    return record


def looks_like_hand(text: str, table: TableInfo) -> bool:
    """Whether a line names anything of a hand (a player, a declared word, 自摸/胡/流局 …):
    a reply to the table message that names nothing ("nice one!") is chat, not an entry."""
    if not text or not text.strip():
        return False
    toks, tiles = tokenize(text, table)
    return tiles is not None or any(
        t.kind not in ("unknown", "number", "ambiguous", "ambiguous_player") for t in toks
    )


def parse(text: str, table: TableInfo, tr: Translator | None = None) -> HandRecord:
    """Read one line into a record the scoring core accepts. Raises :class:`PhraseError`
    (a scoring core refusal becomes ``core``, worded by :func:`bot.wizard.problem_text`)."""
    tr = tr or Translator("en")
    record = parse_record(text, table, tr)
    try:
        scoring.settle(record)
    except RecordError as err:
        # the one place a RecordError becomes a sentence (issue 14 point 3): the wizard's,
        # over the draft the preview would show
        data = wizard.from_record(record, dict(table.names))
        raise PhraseError("core", why=wizard.problem_text(err, data, tr)) from err
    return record


# ---------------------------------------------------------------------------------------
# checks with the players' names (before the scoring core's)
# ---------------------------------------------------------------------------------------
def _how_names(tr: Translator, hows: Iterable[str]) -> list[str]:
    _ = tr.gettext
    names = {
        SELF_DRAWN: _("self-drawn"),
        DISCARD: _("on a discard"),
        ROBBED_KONG: _("robbing a kong"),
    }
    return [names[h] for h in sorted(hows) if h in HOWS]


def _item_refusal(
    rs: Ruleset, kind: str, item: WinItemDecl, win: Win, record: HandRecord, table: TableInfo,
    tr: Translator,
) -> PhraseError | None:  # fmt: skip
    opts = rs.resolve_options(record.options)
    who = table.name(win.winner)
    what = dname(rs, kind, item.id, tr)
    how = ROBBED_KONG if win.robbed_kong else (SELF_DRAWN if win.discarder is None else DISCARD)
    if item.enabled_by is not None and not is_enabled(item.enabled_by, opts):
        return PhraseError("not_played", what=what)
    if item.how and how not in item.how:
        return PhraseError("only_how", what=what, who=who, choices=_how_names(tr, item.how))
    if item.winner_dealer is not None and item.winner_dealer != (win.winner == record.dealer):
        return PhraseError(
            "dealer_only" if item.winner_dealer else "not_dealer", what=what, who=who
        )
    if kind == "flag" and item.shapes and win.shape not in item.shapes:
        return PhraseError(
            "needs_shape",
            what=what,
            choices=[dname(rs, "shape", s, tr) for s in sorted(item.shapes)],
        )
    others = (win.shape, *win.flags)
    for other in sorted(item.not_with):
        if other in others and other != item.id and item.excludes(other, opts):
            okind = "shape" if rs.shape(other) is not None else "flag"
            return PhraseError("not_with", what=what, choices=[dname(rs, okind, other, tr)])
    return None


def _value_missing(record: HandRecord, i: int) -> bool:
    """Whether the scoring core wants a value for win ``i`` (a fan total, fans or tiles)
    that its flags do not give."""
    try:
        validate(record)
    except RecordError as err:
        return err.field.startswith((f"wins[{i}].fan", f"wins[{i}].tiles"))
    return False


def _precheck(
    record: HandRecord, table: TableInfo, tr: Translator, open_how: set[int]
) -> list[Missing]:
    """What the line says, checked with the players' names: raises the first refusal;
    returns what is missing (a win's shape or value; ``open_how``: the wins whose way of
    winning is still to be asked, not checked against it)."""
    missing: list[Missing] = []
    rs = scoring.get(record.ruleset)
    opts = rs.resolve_options(record.options)
    rname = next((tr.name(r) for r in rs.results if r.value == record.result), record.result)
    if record.wins and record.result not in rs.wins_allowed_in:
        raise PhraseError("no_wins_in", what=short(rname))
    if len(record.wins) > 1:
        if rs.multi_win == "none":
            raise PhraseError("one_winner")
        if rs.multi_win == "same_discard":
            first = record.wins[0].discarder
            if first is None or any(w.discarder != first for w in record.wins):
                raise PhraseError("same_discard")
        if len(record.wins) >= len(record.players):
            raise PhraseError("all_win")
    for i, w in enumerate(record.wins):
        who = table.name(w.winner)
        if w.shape is not None and i not in open_how:
            shape = rs.shape(w.shape)
            if shape is not None:
                bad = _item_refusal(rs, "shape", shape, w, record, table, tr)
                if bad:
                    raise bad
        for fid in w.flags if i not in open_how else ():
            flag = rs.flag(fid)
            if flag is not None:
                bad = _item_refusal(rs, "flag", flag, w, record, table, tr)
                if bad:
                    raise bad
        given = w.fan is not None or w.fans is not None or w.tiles is not None
        if w.shape is None and rs.shapes and rs.shape_required and "shape" in rs.win_inputs:
            if not given:
                names = [dname(rs, "shape", s.id, tr) for s in rs.shapes
                         if is_enabled(s.enabled_by, opts)]  # fmt: skip
                missing.append(
                    Missing("shape", i, PhraseError("no_shape", who=who, choices=names[:6]))
                )
        if not rs.shapes and not given and rs.win_inputs & {"fan", "fans", "tiles"}:
            if not w.flags or _value_missing(record, i):  # Hong Kong's 爆棚 is the value
                missing.append(Missing("value", i, PhraseError("no_fan", who=who)))
    for cid, per in record.counts.items():
        decl = rs.count(cid)
        assert decl is not None
        what = dname(rs, "count", cid, tr)
        if decl.enabled_by is not None and not is_enabled(decl.enabled_by, opts):
            raise PhraseError("not_played", what=what)
        if decl.results and record.result not in decl.results:
            raise PhraseError("count_result", what=what)
        for pid, n in per.items():
            if n > decl.max:
                raise PhraseError("count_range", what=what, who=table.name(pid), n=decl.max)
            if n < decl.min:
                raise PhraseError("count_min", what=what, who=table.name(pid), n=decl.min)
        if decl.total_max is not None and sum(per.values()) > decl.total_max:
            raise PhraseError("count_total", what=what, n=decl.total_max)
    for ev in record.events:
        edecl = rs.event(ev.type)
        assert edecl is not None
        what = dname(rs, "event", ev.type, tr)
        if edecl.enabled_by is not None and not is_enabled(edecl.enabled_by, opts):
            raise PhraseError("not_played", what=what)
        if edecl.results and record.result not in edecl.results:
            raise PhraseError("event_result", what=what)
    return missing
