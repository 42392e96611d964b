"""A differential test over the three doors a hand comes in by (issue #23, point 2): random
entries in every ruleset and option preset, walked through the chat's buttons (bot.wizard over
bot.entry); at each state the buttons, the Mini App's ``valid_choices`` (bot.web.api) and the
one-line /hand (bot.entry.phrase, reading back the line written for the record) accept the
same choices; every offered choice leads to a record ``scoring.settle`` accepts or to a
refusal with a sentence (the players' names, the chat's language, no path or id); nothing
the core refuses is offered on the preview."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from bot.entry import allowed, wizard
from bot.entry.draft import Draft
from bot.i18n import Translator
from bot.web import api

NAMES = ["Alice", "Bob", "Carol", "Dave"]
EN, ZH = Translator("en"), Translator("zh_Hans")
RULESETS = sorted(rs.id for rs in scoring.all_rulesets())
RAW = re.compile(r"wins\[|events\[|counts\.|\b[a-z]+_[a-z_]+\b|must be a|non-empty")


def tables() -> list[tuple[str, dict[str, Any]]]:
    """Every ruleset at its defaults and at each of its presets."""
    out: list[tuple[str, dict[str, Any]]] = []
    for rid in RULESETS:
        rs = scoring.get(rid)
        out.append((rid, {}))
        out.extend((rid, dict(p.values)) for p in rs.presets)
    return out


TABLES = tables()


def start(rid: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    rs = scoring.get(rid)
    n = 4 if 4 in rs.players else max(rs.players)
    players = [str(11 + i) for i in range(n)]
    names = dict(zip(players, NAMES, strict=False))
    return wizard.new_state(
        ruleset=rid, options=options, players=players, names=names, dealer=players[0]
    )


def buttons(step: str, data: dict[str, Any], action: str) -> list[wizard.Button]:
    """The step's buttons of one kind, on every page of a paged list."""
    out: list[wizard.Button] = []
    last: list[wizard.Button] = []
    page = data.get("page", 0)
    for n in range(20):
        data["page"] = n
        got = [b for row in wizard.render(step, data, EN).rows for b in row if b.action == action]
        if n and got == last:
            break
        out += [b for b in got if b not in out]
        last = got
    data["page"] = page
    return out


def mini_app(data: dict[str, Any], wins: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Mini App's choices for a form with these wins (built as the server builds it)."""
    form = {"result": "win", "wins": wins, "counts": data["counts"], "events": data["events"]}
    rec = api.record_json(
        data["ruleset"], dict(data["options"]), data["players"], data["dealer"], "E", form
    )
    rs = scoring.get(data["ruleset"])
    return api.valid_choices(rs, rs.resolve_options(data["options"]), rec)


def grid_cells(data: dict[str, Any], step: str) -> set[tuple[str, str, str | None]]:
    """The winners' grid's cells as (winner, how, from), robbed kongs included."""
    out = set()
    for rk in (False, True):
        trial = wizard.load(data)
        trial["rk"] = rk
        for b in buttons(step, trial, "wh"):
            i, _, j = b.arg.partition(".")
            p = trial["players"][int(i)]
            h, src = wizard.grid_hows(
                scoring.get(trial["ruleset"]),
                None,
                trial,
                0,
                p,  # type: ignore[arg-type]
            )[int(j)]
            out.add((p, h, src))
    return out


def assert_sentence(text: str, data: dict[str, Any], tr: Translator) -> None:
    assert text and text[-1] in ".。", text
    assert not RAW.search(text), text
    for pid in data["players"]:
        assert not re.search(rf"(?<!\d){pid}(?!\d)", text), (pid, text)


def refusal(err: Any, data: dict[str, Any]) -> None:
    for tr in (EN, ZH):
        assert_sentence(wizard.problem_text(err, data, tr), data, tr)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(st.sampled_from(TABLES), st.randoms(use_true_random=False))
def test_the_three_doors_offer_and_refuse_the_same(table: Any, rnd: Any) -> None:
    rid, options = table
    step, data = start(rid, options)
    rs = scoring.get(rid)
    # 1. who won and how: the grid and the Mini App's hows agree
    cells = grid_cells(data, step)
    web = set()
    for p in data["players"]:
        (choice,) = mini_app(data, [{"winner": p, "from": None, "flags": []}])
        web |= {(p, h, src) for h, src in choice["hows"]}
    assert cells == web
    if not cells:
        return
    p, h, src = rnd.choice(sorted(cells, key=str))
    data["rk"] = h == "robbed_kong"
    hows = wizard.grid_hows(rs, None, data, 0, p)  # type: ignore[arg-type]
    arg = f"{data['players'].index(p)}.{hows.index((h, src))}"
    step = wizard.apply(step, data, "wh", arg)
    # 2. the win's steps: what each offers, the Mini App offers
    for _ in range(12):
        if step == "preview":
            break
        kind = step.partition(".")[0]
        w = data["wins"][0]
        if kind == "mode":
            modes = [m for m in buttons(step, data, "m") if m.label]
            pick = rnd.choice(modes)
            if allowed.value_modes(rs)[int(pick.arg)] == "tiles":
                return  # the tiles are typed, not chosen
            step = wizard.apply(step, data, "m", pick.arg)
        elif kind == "shape":
            offered = {rs.shapes[int(b.arg)].id for b in buttons(step, data, "s")}
            (choice,) = mini_app(data, [{**w, "flags": []}])
            assert offered == set(choice["shapes"])
            if not offered:
                return
            sid = rnd.choice(sorted(offered))
            try:
                step = wizard.apply(step, data, "s", str(rs.shapes.index(rs.shape(sid))))
            except wizard.Refused as r:
                refusal(r.err, data)
                return
        elif kind == "fan":
            (choice,) = mini_app(data, [w])
            lo = choice.get("fan_min", 0)
            value = rnd.choice([lo, lo + 1, lo + rnd.randint(0, 9)]) if lo else rnd.randint(0, 9)
            for digit in str(value):
                step = wizard.apply(step, data, "k", digit)
            try:
                step = wizard.apply(step, data, "n", "")
            except wizard.Refused as r:
                refusal(r.err, data)
                return
            if lo:  # under the minimum is refused (above)
                under = wizard.load(data)
                under["wins"][0]["fan"] = lo - 1
                assert wizard.problem(under) is not None
        elif kind == "fans":
            (choice,) = mini_app(data, [{**w, "fans": []}])
            offered = [b for b in buttons(step, data, "ft")]
            ids = {allowed.fan_list(rs)[int(b.arg)]["id"] for b in offered}
            assert ids == set(choice["fans"])
            for b in rnd.sample(offered, min(len(offered), rnd.randint(1, 4))):
                if b.arg in {x.arg for x in buttons(step, data, "ft")}:
                    try:
                        step = wizard.apply(step, data, "ft", b.arg)
                    except wizard.WizardError:
                        pass
            if not data["wins"][0].get("fans"):
                return
            try:
                step = wizard.apply(step, data, "n", "")
            except wizard.Refused as r:
                refusal(r.err, data)
                return
        elif kind == "han":  # riichi's han keypad (bot.entry.riichi)
            (choice,) = mini_app(data, [w])
            offered = {int(b.arg) for b in buttons(step, data, "hn") if "." not in b.arg}
            assert offered == set(choice["han"]) | {han for _id, han in choice["limits"]}
            # the common hands (han and fu in one tap): each han and fu the Mini App offers
            both = [tuple(map(int, b.arg.split("."))) for b in buttons(step, data, "hn")]
            for h, f in (x for x in both if len(x) == 2):
                (with_han,) = mini_app(data, [{**w, "fan": h}])
                assert h in choice["han"] and f in with_han["fu"], (h, f, with_han)
            ks = {int(b.arg) for b in buttons(step, data, "yk")}
            assert ks == set(choice["yakuman"])
            if rnd.random() < 0.15:
                step = wizard.apply(step, data, "yk", str(rnd.choice(sorted(ks))))
            elif rnd.random() < 0.3 and any(len(x) == 2 for x in both):
                h, f = rnd.choice([x for x in both if len(x) == 2])
                try:
                    step = wizard.apply(step, data, "hn", f"{h}.{f}")
                except wizard.Refused as r:
                    refusal(r.err, data)
                    return
            else:
                step = wizard.apply(step, data, "hn", str(rnd.choice(sorted(offered))))
        elif kind == "fu":  # only the fu that exist for the han and the way of winning
            (choice,) = mini_app(data, [w])
            offered = {int(b.arg) for b in buttons(step, data, "fu")}
            assert offered == set(choice["fu"]) and offered
            try:
                step = wizard.apply(step, data, "fu", str(rnd.choice(sorted(offered))))
            except wizard.Refused as r:
                refusal(r.err, data)
                return
        else:
            return  # tiles, pad: typed
    if step != "preview":
        return
    # 3. the preview: its flag toggles are the Mini App's flags; a toggle is taken or refused
    #    with a sentence, and what it leaves settles or says why
    w = data["wins"][0]
    d = Draft.from_json(data)
    toggles = {rs.flags[int(b.arg.partition(".")[2])].id for b in buttons(step, data, "tf")}
    (choice,) = mini_app(
        data,
        [{k: w.get(k) for k in ("winner", "from", "robbed_kong", "shape", "flags", "fan", "fans")}],
    )
    assert (
        toggles
        == {f for f in choice["flags"]}
        == {rs.flags[i].id for i in allowed.flags(d, d.wins[0])}
    )
    if toggles:
        fid = rnd.choice(sorted(toggles))
        arg = f"0.{[f.id for f in rs.flags].index(fid)}"
        try:
            wizard.apply(step, data, "tf", arg)
        except wizard.Refused as r:
            refusal(r.err, data)
    err = wizard.problem(data)
    if err is not None:
        refusal(err, data)
        text = wizard.render("preview", data, ZH).text
        assert "⚠️" in text and not RAW.search(text.split("⚠️", 1)[1])
        return
    record = wizard.build_record(data)
    scoring.settle(record)
    # 4. the one-line /hand reads the line written for this record back into the same money
    phrase = __import__("bot.entry.phrase", fromlist=["parse"])
    info = phrase.TableInfo(
        rid, dict(options), tuple(data["players"]), data["names"], data["dealer"]
    )
    line = phrase.phrase_of(record, info, "en")
    try:
        again = phrase.parse(line, info, EN)
    except phrase.PhraseError as err:
        raise AssertionError(f"/hand refuses {line!r}: {err.text(EN)}") from err
    assert scoring.settle(again).net == scoring.settle(record).net, line
