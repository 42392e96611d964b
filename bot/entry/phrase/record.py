"""A phrase read into a record: :func:`parse_record` (the parser's wins, counts and events,
checked with the players' names), :func:`parse` (and the scoring core's word), and
:func:`looks_like_hand` (a reply that names nothing of a hand is chat)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import scoring
from bot.entry import allowed, checks
from bot.entry.draft import Draft, WinDraft
from bot.entry.phrase import riichi as riichi_words
from bot.entry.phrase.errors import PhraseError
from bot.entry.phrase.fold import FOLD
from bot.entry.phrase.parser import Parser, WinSpec
from bot.entry.phrase.tokens import tokenize
from bot.entry.phrase.vocab import TableInfo, dname, fans_of, short
from bot.i18n import Translator
from scoring.declarations import DISCARD, HOWS, ROBBED_KONG, SELF_DRAWN, WinItemDecl, is_enabled
from scoring.engine import validate
from scoring.errors import RecordError
from scoring.record import HandRecord


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


def _mode(fan: int | None, fans: Any, tiles: Any) -> str | None:
    """How a win's value was given (the draft's ``mode``: the step that edits it)."""
    return "fan" if fan is not None else "fans" if fans else "tiles" if tiles else None


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
    """What a line says: the draft (the typed hand as entered, :mod:`bot.entry.draft`), its
    record (:func:`bot.entry.checks.to_record`; its open part, if any, as the scoring core
    reads it: a win with no way said is self-drawn there) and what is :class:`Missing`."""

    draft: Draft
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
    text, said = riichi_words.prepare(text, table)  # riichi: ロン, 4翻30符, 満貫, 役満 …
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
            WinDraft(
                winner=w.winner,
                discarder=w.discarder,
                robbed_kong=w.how == ROBBED_KONG,
                shape=w.shape,
                flags=list(w.flags),
                fan=w.fan,
                fans=None if fans is None else list(fans),
                tiles=tiles_obj,
                mode=_mode(w.fan, fans, tiles_obj),
            )
        )
    counts = {cid: {q: n for q, n in per.items() if n} for cid, per in p.counts.items()}
    draft = Draft(
        ruleset=rs.id,
        players=list(table.players),
        names=dict(table.names),
        dealer=table.dealer,
        options=dict(table.options),
        result=p.result or "win",
        wins=wins,
        counts={cid: per for cid, per in counts.items() if per},
        events=[e.to_json() for e in p.events],
    )
    riichi_words.finish(draft, said)  # riichi: a yakuman, the winner's riichi stick
    record = checks.to_record(draft)  # the one way from a draft to a record (every door's)
    if p.result_implied and rs.multi_win == "sequential" and "draw" in rs.wins_allowed_in:
        draft.result = _sequential_result(record).result
        record = checks.to_record(draft)
    sequential = p.result_implied and rs.multi_win == "sequential" and draft.result == "win"
    if _force_counts(draft, also_draw=sequential and "draw" in rs.wins_allowed_in):
        record = checks.to_record(draft)
    missing = [Missing("how", n, err) for n, err in p.open_how]
    missing += _precheck(draft, record, table, tr, {m.win for m in missing})
    if len(missing) > 1 or (missing and len(record.wins) > 1):
        raise missing[0].error  # one question at a time, for a hand of one win
    return Reading(draft, record, missing[0] if missing else None)


def _force_counts(draft: Draft, *, also_draw: bool) -> bool:
    """Fill in a count an event forces, as the chat's buttons do (Sichuan: a kong is a 根 of
    its maker, :func:`bot.entry.allowed.event_count_forced`); ``also_draw``: a 血战 line whose wins
    end in a draw once that count is there. Whether ``draft`` changed."""
    trials = [draft]
    if also_draw:
        trials.append(replace(draft.copy(), result="draw"))
    for trial in trials:
        err = checks.problem(trial)
        forced = allowed.event_count_forced(trial, err) if err is not None else None
        if forced is not None:
            draft.counts, draft.result = forced.counts, forced.result
            return True
    return False


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
    toks, tiles = tokenize(riichi_words.prepare(text, table)[0], table)
    return tiles is not None or any(
        t.kind not in ("unknown", "number", "ambiguous", "ambiguous_player") for t in toks
    )


def parse(text: str, table: TableInfo, tr: Translator | None = None) -> HandRecord:
    """Read one line into a record the scoring core accepts. Raises :class:`PhraseError`
    (a scoring core refusal becomes ``core``, worded by :func:`bot.entry.checks.problem_text`,
    the sentence every door says)."""
    tr = tr or Translator("en")
    reading = read(text, table, tr)
    if reading.missing is not None:
        raise reading.missing.error
    try:
        scoring.settle(reading.record)
    except RecordError as err:
        raise PhraseError("core", why=checks.problem_text(err, reading.draft, tr)) from err
    return reading.record


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
    d: Draft, w: WinDraft, kind: str, item: WinItemDecl, tr: Translator, table: TableInfo
) -> PhraseError | None:
    """Why the line's shape or flag cannot go with its win, said with the names — None if
    :func:`bot.entry.allowed.item_ok` takes it (the buttons and the Mini App offer exactly
    what it takes)."""
    if allowed.item_ok(d, w, item, shape=item.id if kind == "shape" else None):
        return None
    rs, opts = d.rs, d.opts
    who = table.name(w.winner)
    what = dname(rs, kind, item.id, tr)
    if item.enabled_by is not None and not is_enabled(item.enabled_by, opts):
        return PhraseError("not_played", what=what)
    if item.how and w.how not in item.how:
        return PhraseError("only_how", what=what, who=who, choices=_how_names(tr, item.how))
    if item.winner_dealer is not None and item.winner_dealer != (w.winner == d.dealer):
        return PhraseError(
            "dealer_only" if item.winner_dealer else "not_dealer", what=what, who=who
        )
    if kind == "flag" and item.shapes and w.shape not in item.shapes:
        return PhraseError(
            "needs_shape",
            what=what,
            choices=[dname(rs, "shape", s, tr) for s in sorted(item.shapes)],
        )
    for other in [w.shape, *w.flags]:  # not_with, either way round
        other_decl = rs.shape(other or "") or rs.flag(other or "")
        if other is None or other == item.id or other_decl is None:
            continue
        if (other in item.not_with and item.excludes(other, opts)) or (
            item.id in other_decl.not_with and other_decl.excludes(item.id, opts)
        ):
            okind = "shape" if rs.shape(other) is not None else "flag"
            return PhraseError("not_with", what=what, choices=[dname(rs, okind, other, tr)])
    return PhraseError("not_with", what=what, choices=[who])  # pragma: no cover - one above


def _value_missing(record: HandRecord, i: int) -> bool:
    """Whether the scoring core wants a value for win ``i`` (a fan total, fans or tiles)
    that its flags do not give."""
    try:
        validate(record)
    except RecordError as err:
        return err.field.startswith((f"wins[{i}].fan", f"wins[{i}].tiles"))
    return False


def _precheck(
    d: Draft, record: HandRecord, table: TableInfo, tr: Translator, open_how: set[int]
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
                bad = _item_refusal(d, d.wins[i], "shape", shape, tr, table)
                if bad:
                    raise bad
        for fid in w.flags if i not in open_how else ():
            flag = rs.flag(fid)
            if flag is not None:
                bad = _item_refusal(d, d.wins[i], "flag", flag, tr, table)
                if bad:
                    raise bad
        given = w.fan is not None or w.fans is not None or w.tiles is not None
        given = given or riichi_words.value_given(d, i)  # riichi: a yakuman has no han
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
    for cid, per in d.counts.items():  # as said (the record leaves out what is not asked)
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
