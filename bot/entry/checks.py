"""What the scoring core says about a hand as entered, and that said as a sentence.

:func:`to_record` is the one way from a :class:`~bot.entry.draft.Draft` to the
:class:`~scoring.HandRecord` that :func:`scoring.settle` checks (the chat's buttons, ``/hand``
and the Mini App build theirs here); :func:`problem` is what the core objects to (None if
nothing); :func:`problem_text` is THE one place a :class:`~scoring.errors.RecordError`
becomes a sentence for a person: what it is about (the flag, shape, count or event by its
name, the player by theirs) and why, in the chat's language — no JSON path, id or English
reaches a Chinese chat. :func:`fan_minimum` is the smallest total the core takes for a win
(Hong Kong's 三番起糊): a value under it is refused naming it ("Hong Kong needs at least 3
faan") on the keypad, in ``/hand`` and in the Mini App alike.
"""

from __future__ import annotations

import re
from typing import Any

import scoring
from bot import fan_words
from bot.entry.draft import Draft, WinDraft
from bot.i18n import Translator
from scoring.declarations import DISCARD, HOW_NAMES, ROBBED_KONG, SELF_DRAWN, is_enabled
from scoring.errors import RecordError
from scoring.record import HandRecord, Settlement
from storage.settled import settle_memo

FLOWERS = "flowers"  # the flower count: a win's tiles get theirs from it (bot.describe)
#: the largest total the fan minimum is looked for under (every ruleset's minimum is far below)
MINIMUM_PROBE = 16


# --------------------------------------------------------------------------------------
# the record
# --------------------------------------------------------------------------------------
def asked_counts(d: Draft, result: str | None = None) -> list[int]:
    """The ruleset's counts asked in this hand (indices): enabled by the options and, given
    the result, declared for it (a count's ``results``: Sichuan's 查大叫 inputs only in a
    draw)."""
    rs, opts = d.rs, d.opts
    result = d.result if result is None else result
    return [
        i
        for i, c in enumerate(rs.counts)
        if is_enabled(c.enabled_by, opts) and (not c.results or result in c.results)
    ]


#: The checklist fans a way of winning carries (the contracts' ids): a self-drawn win gets
#: 自摸 from its "how" (Hong Kong ``zi_mo`` 1 faan, Taiwan ``zi_mo`` 1 台, Guobiao
#: ``self_drawn`` 1 fan), a robbed kong Guobiao's 抢杠和 ``robbing_the_kong``; once, and never
#: as an item to tick (:func:`bot.entry.allowed.fans`).
HOW_FANS = {SELF_DRAWN: ("zi_mo", "self_drawn"), ROBBED_KONG: ("robbing_the_kong",)}


def _fan_lists(d: Draft) -> dict[str, dict[str, Any]]:
    fans = d.rs.extra_json().get("fans") or []
    return {str(f["id"]): f for f in fans if isinstance(f, dict) and "id" in f}


def how_fans(d: Draft, w: WinDraft, *, shown: bool = False) -> list[str]:
    """The checklist fans win ``w``'s "how" adds to its ticked fans (:data:`HOW_FANS`, where
    the ruleset's checklist has them), unless ticked already or a ticked fan excludes them
    (``not_with`` both ways: Taiwan's 门清自摸 replaces 自摸; the ruleset's
    ``fan_offerable``: Guobiao's 不求人 counts 自摸 in). An empty checklist is not entered
    yet: nothing is added to the record, but the running total it ``shown`` counts them."""
    if not w.fans and not shown:
        return []
    by_id = _fan_lists(d)
    offerable = getattr(d.rs, "fan_offerable", None)
    out: list[str] = []
    for fid in HOW_FANS.get(w.how, ()):
        if fid not in by_id or fid in (w.fans or ()):
            continue
        chosen = [*(w.fans or ()), *out]
        mine = set(by_id[fid].get("not_with") or ())
        if any(c in mine or fid in set(by_id.get(c, {}).get("not_with") or ()) for c in chosen):
            continue
        if offerable is not None and not offerable(
            d.opts,
            chosen,
            fid,
            self_drawn=w.discarder is None,
            robbed_kong=w.robbed_kong,
        ):
            continue
        out.append(fid)
    return out


def carried_fan_ids(d: Draft) -> frozenset[str]:
    """The checklist ids a "how" carries in this ruleset (never offered as items)."""
    by_id = _fan_lists(d)
    return frozenset(f for ids in HOW_FANS.values() for f in ids if f in by_id)


def record_json(d: Draft) -> dict[str, Any]:
    """The contract's JSON of the hand as entered. A count entered before the result changed
    (Back) and no longer asked is left out; a win's tiles get the flower count; a checklist
    win gets the fan its "how" carries (:func:`how_fans`)."""
    rs = d.rs
    asked = {rs.counts[i].id for i in asked_counts(d)}
    counts = {
        cid: {p: n for p, n in per.items() if n} for cid, per in d.counts.items() if cid in asked
    }
    counts = {cid: per for cid, per in counts.items() if per}
    wins = []
    for w in d.wins:
        out = w.record_json()
        if out["fans"]:
            out["fans"] = [*out["fans"], *how_fans(d, w)]
        t = out["tiles"]
        if isinstance(t, dict) and FLOWERS not in t and FLOWERS in asked:
            out["tiles"] = {**t, FLOWERS: counts.get(FLOWERS, {}).get(w.winner, 0)}
        wins.append(out)
    return {
        "ruleset": d.ruleset,
        "options": dict(d.options),
        "players": list(d.players),
        "dealer": d.dealer,
        "result": d.result,
        "wins": wins,
        "counts": counts,
        "events": [dict(e) for e in d.events],
    }


def to_record(d: Draft) -> HandRecord:
    """The :class:`~scoring.HandRecord` of the draft (raises :class:`RecordError` if its JSON
    is not even a record: a win without a winner …)."""
    return HandRecord.from_json(record_json(d))


def settle(d: Draft) -> tuple[HandRecord, Settlement]:
    """Build and settle; raises :class:`RecordError` for an impossible hand."""
    record = to_record(d)
    return record, scoring.settle(record)


def problem(d: Draft) -> RecordError | None:
    """What the scoring core says is wrong with the hand as entered (None if nothing). The
    answer for a record is kept (:func:`storage.settled.settle_memo`, the core is pure): one
    tap asks the same record several times (the step's refusal check, the repair on the way
    to the preview, the grid), and the preview it draws next is settled by then."""
    try:
        settle_memo(record_json(d))
    except RecordError as exc:
        return exc
    return None


def about_win(err: RecordError | None, n: int, *fields: str) -> bool:
    """Whether ``err`` is about win ``n`` (or, given ``fields``, about one of its fields)."""
    if err is None:
        return False
    at = f"wins[{n}]"
    if not fields:
        return err.field == at or err.field.startswith((at + ".", at + "["))
    return any(
        err.field == f"{at}.{f}" or err.field.startswith((f"{at}.{f}.", f"{at}.{f}["))
        for f in fields
    )


def is_value_error(err: RecordError | None) -> bool:
    """An objection to a win's value (its fan total, checklist or tiles): no flag the rules
    force can answer it (a total under the minimum is not a limit hand)."""
    return err is not None and bool(re.match(r"^wins\[\d+\]\.(fan|fans|tiles)\b", err.field))


_MIN_CACHE: dict[tuple[Any, ...], int | None] = {}


def fan_minimum(d: Draft, n: int) -> int | None:
    """The smallest fan total (keypad) the scoring core takes for win ``n`` as it is
    (winner, how, shape, flags, the table's options), or None if it takes any (or the
    ruleset has no keypad). Found by asking the core, so it is the core's own rule."""
    if "fan" not in d.rs.win_inputs or n >= len(d.wins):
        return None
    w = d.wins[n]
    key = (
        d.ruleset,
        tuple(sorted((k, repr(v)) for k, v in d.options.items())),
        w.winner == d.dealer,
        w.how,
        w.shape,
        tuple(w.flags),
    )
    if key in _MIN_CACHE:
        return _MIN_CACHE[key]
    trial = Draft(
        ruleset=d.ruleset,
        players=list(d.players),
        names={},
        dealer=d.dealer,
        options=dict(d.options),
        result="win",
    )
    found: int | None = None
    for v in range(MINIMUM_PROBE + 1):
        trial.wins = [
            WinDraft(
                winner=w.winner,
                discarder=w.discarder,
                robbed_kong=w.robbed_kong,
                shape=w.shape,
                flags=list(w.flags),
                fan=v,
            )
        ]
        if not about_win(problem(trial), 0, "fan"):
            found = v
            break
    result = found if found else None  # 0 = any total
    if len(_MIN_CACHE) > 4096:
        _MIN_CACHE.clear()
    _MIN_CACHE[key] = result
    return result


def under_minimum(d: Draft, n: int) -> int | None:
    """The minimum win ``n``'s fan total is under, if it is (else None)."""
    fan = d.wins[n].fan if n < len(d.wins) else None
    if fan is None:
        return None
    m = fan_minimum(d, n)
    return m if m is not None and fan < m else None


# --------------------------------------------------------------------------------------
# the sentence
# --------------------------------------------------------------------------------------
_PATH = re.compile(
    r"^(?:wins\[(?P<w>\d+)\](?:\.(?P<wf>\w+)(?:\[(?P<wi>\d+)\])?)?"
    r"|counts\.(?P<c>\w+)(?:\.(?P<cp>[^.\s]+))?"
    r"|events\[(?P<e>\d+)\](?:\.(?P<ef>\w+))?"
    r"|(?P<top>\w+))$"
)
CJK = re.compile(r"[\u3400-\u9fff]")
_MINIMUM = re.compile(
    r"below (?:the minimum of (?P<a>\d+)|min_\w+ (?P<b>\d+)|the (?P<c>\d+)-fan minimum)"
)


def ruleset_name(d: Draft, tr: Translator) -> str:
    """The ruleset's name without its bracketed unit ("Hong Kong", 香港麻将)."""
    return re.sub(r"\s*[（(][^）)]*[）)]\s*$", "", tr.name(d.rs)).strip()


def minimum_text(d: Draft, minimum: int, tr: Translator) -> str:
    """ "Hong Kong needs at least 3 faan" / 香港麻将至少要3番."""
    return tr.gettext("{ruleset} needs at least {amount}").format(
        ruleset=ruleset_name(d, tr), amount=fan_words.amount(d.rs, tr, minimum)
    )


def problem_text(err: RecordError, d: Draft, tr: Translator) -> str:
    """THE sentence for a :class:`RecordError` about draft ``d``: what it is about (from the
    error's JSON path: the flag, shape, count or event by its name, the player by theirs)
    and why, in ``tr``'s language, ending with a full stop. No JSON path, id or English
    reaches a Chinese chat: the core's reason (English) is shown in English chats with every
    id replaced by its name, and in Chinese ones only where it starts with a Chinese phrase;
    the constraints every ruleset shares (:func:`scoring.declarations.item_problem`), a
    value under the table's minimum and a win with no winner yet are translated."""
    _ = tr.gettext
    rs = d.rs
    m = _PATH.match(err.field or "")
    what, who = "", None
    g = m.groupdict() if m else {}
    sep = "：" if tr.zh else ": "
    stop = "。" if tr.zh else "."
    if g.get("w") is not None:
        n = int(g["w"])
        win = d.wins[n] if n < len(d.wins) else None
        who = win.winner if win is not None and win.winner else None
        wf, wi = g.get("wf"), g.get("wi")
        if wf == "winner" and who is None:
            return _("Choose who won first") + stop
        minimum = _minimum_of(err, d, n)
        if minimum is not None:
            head = _("{name}'s win is not possible as entered").format(name=d.name(who))
            return head + sep + minimum_text(d, minimum, tr) + stop
        if win is None:
            pass
        elif wf == "flags" and wi is not None:
            f = rs.flag(win.flags[int(wi)]) if int(wi) < len(win.flags) else None
            what = tr.name(f) if f else _("a special")
        elif wf == "shape" and win.shape and (sh := rs.shape(win.shape)):
            what = tr.name(sh)
        elif wf == "from" and win.discarder:
            what = "from"
        elif wf == "robbed_kong":
            what = _("robbing a kong")
        elif wf in ("fan", "fans", "tiles"):
            what = _("the hand's value")
    elif g.get("c") is not None:
        c = rs.count(g["c"])
        what = tr.name(c) if c else _("a count")
        cp = g.get("cp")
        who = cp if cp in d.players else None
    elif g.get("e") is not None:
        i = int(g["e"])
        ev = d.events[i] if i < len(d.events) else (d.ev or {})
        decl = rs.event(str(ev.get("type")))
        what = tr.name(decl) if decl else _("an event")
        who = ev.get("player")
    elif g.get("top") == "events":
        what = _("the events")
    elif g.get("top") == "wins":
        what = _("the winners")
    why = reason(err.message, d, tr)
    name = d.name(who) if who else ""
    if what == "from":
        other = d.name(d.wins[int(g["w"])].discarder)
        head = _("{name} cannot win on {other}'s discard here").format(name=name, other=other)
    elif what and name:
        head = _("{what} ({name}) is not possible in this hand").format(what=what, name=name)
    elif what:
        head = _("{what} is not possible in this hand").format(what=what)
    elif name:
        head = _("{name}'s win is not possible as entered").format(name=name)
    else:
        head = _("This hand is not possible as entered")
    return head + (sep + why if why else "") + stop


def _minimum_of(err: RecordError, d: Draft, n: int) -> int | None:
    """The table's minimum a win's value is under, from the error (its message names it) or
    from the core's own answer (:func:`fan_minimum`)."""
    if not is_value_error(err) or "reaches" in err.message:  # Guobiao's words: reason() says it
        return None
    if m := _MINIMUM.search(err.message):
        return int(next(v for v in m.groups() if v is not None))
    return under_minimum(d, n) if about_win(err, n, "fan") else None


def reason(message: str, d: Draft, tr: Translator) -> str:
    """The reason of a :class:`RecordError` in the chat's language (see :func:`problem_text`)."""
    _ = tr.gettext
    rs = d.rs
    hows = {
        SELF_DRAWN: _("self-drawn"),
        DISCARD: _("on a discard"),
        ROBBED_KONG: _("robbing a kong"),
    }
    if m := re.search(r"not played at this table \(option (\w+)\)", message):
        o = rs.option(m.group(1))
        return _("not played at this table (option: {option})").format(
            option=tr.name(o) if o else "?"
        )
    if m := re.search(r"is only possible (.+?), not ", message):
        ways = [hows[h] for h, en in HOW_NAMES.items() if en in m.group(1)]
        return _("only possible {ways}").format(ways=_(" or ").join(ways))
    if "is only possible for the dealer" in message:
        return _("only the dealer can have it")
    if "is not possible for the dealer" in message:
        return _("the dealer cannot have it")
    if m := re.search(r"needs shape (.+)$", message):
        names = [tr.name(sh) for x in m.group(1).split(" or ") if (sh := rs.shape(x.strip()))]
        return _("it needs the shape {shapes}").format(shapes=_(" or ").join(names))
    if m := re.search(r"cannot be combined with '(\w+)'", message):
        item = rs.flag(m.group(1)) or rs.shape(m.group(1))
        return _("it cannot go with {item}").format(item=tr.name(item) if item else "?")
    if m := re.search(r"\(event (\w+)\)", message):  # 明杠杠上花 needs its kong entered
        ev = rs.event(m.group(1))
        return _("it needs its {event} entered as well").format(event=tr.name(ev) if ev else "?")
    if m := re.search(r"reaches (\d+) fan, below the (\d+)-fan minimum", message):
        return _("it reaches {n} fan, under the table's minimum of {m}").format(
            n=m.group(1), m=m.group(2)
        )
    if m := re.search(r"must be between (\d+) and (\d+)", message):
        return _("between {low} and {high}").format(low=m.group(1), high=m.group(2))
    if m := re.search(r"must be at most (\d+)", message):
        return _("at most {n}").format(n=m.group(1))
    if m := re.search(r"must be at least (\d+)", message):
        return _("at least {n}").format(n=m.group(1))
    if tr.zh:
        head = re.split(r"[:：]", message, maxsplit=1)[0].strip()
        if CJK.search(head) and not re.search(r"[A-Za-z]", head):
            return tr.chinese(head)
        return ""
    if tr.lang != "en":  # ja: the core's reason is English, never shown in another language
        return ""
    return sanitize(message, d, tr)


def sanitize(message: str, d: Draft, tr: Translator) -> str:
    """An English reason of the scoring core with its internals replaced: ids of options,
    shapes, flags, counts, events and players by their names; seed/spec line references and
    JSON paths dropped."""
    rs = d.rs
    text = re.sub(r"\s*\((?:L\d+[^)]*|spec [^)]*|seed [^)]*)\)", "", message)
    text = re.sub(r"\b\w+\[\d+\](?:\.\w+)*(?:\[\d+\])?", "", text)

    def opt(m: re.Match[str]) -> str:
        o = rs.option(m.group(1))
        return f"(option: {tr.name(o)})" if o else ""

    text = re.sub(r"\(option (\w+)\)", opt, text)

    def item_of(key: str) -> Any:
        return rs.flag(key) or rs.shape(key) or rs.count(key) or rs.event(key) or rs.option(key)

    def ident(m: re.Match[str]) -> str:
        item = item_of(m.group(1))
        return tr.name(item) if item else m.group(1).replace("_", " ")

    text = re.sub(r"'([a-z][a-z0-9_]*)'", ident, text)
    text = re.sub(
        r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b",
        lambda m: ident(m) if item_of(m.group(1)) else m.group(1).replace("_", " "),
        text,
    )
    for p in sorted(d.players + [str(x) for x in d.bystanders or []], key=len, reverse=True):
        text = re.sub(rf"(?<![\w.]){re.escape(str(p))}(?![\w.])", d.name(str(p)), text)
    return " ".join(text.split()).rstrip(".")
