"""The divergences between the three doors listed in issue #23, each a named test: the chat's
buttons (bot.wizard over bot.entry), the Mini App's API (bot.web.api) and the one-line /hand
(bot.entry.phrase) must refuse and offer the same, with a sentence naming why."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from bot.entry import allowed, checks, wizard
from bot.entry.draft import Draft
from bot.i18n import Translator
from bot.web import api
from scoring.errors import RecordError
from tests.grid_read import read_grid

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))
EN, ZH, HANT = Translator("en"), Translator("zh_Hans"), Translator("zh_Hant")


def start(ruleset: str, **opts: object) -> tuple[str, dict[str, Any]]:
    return wizard.new_state(
        ruleset=ruleset, options=dict(opts), players=P, names=NAMES, dealer=P[0]
    )


def buttons(step: str, data: dict[str, Any], tr: Translator = EN) -> list[wizard.Button]:
    return [b for row in wizard.render(step, data, tr).rows for b in row]


def tap(step: str, data: dict[str, Any], label: str) -> str:
    hits = [b for b in buttons(step, data) if b.label == label] or read_grid(step, data, label)
    assert len(hits) == 1, (label, [b.label for b in buttons(step, data)])
    return wizard.apply(step, data, hits[0].action, hits[0].arg)


def form_record(ruleset: str, form: dict[str, Any], **opts: object) -> dict[str, Any]:
    """The Mini App's record of a form, as the server builds it."""
    return api.record_json(ruleset, dict(opts), P, P[0], "E", form)


def web_problem(ruleset: str, form: dict[str, Any], tr: Translator, **opts: object) -> str:
    rec = form_record(ruleset, form, **opts)
    with pytest.raises(RecordError) as exc:
        scoring.settle(rec)
    return api.problem(exc.value, rec, NAMES, tr)


def win(winner: str, frm: str | None = None, **kw: Any) -> dict[str, Any]:
    return {"winner": winner, "from": frm, "robbed_kong": False, "flags": [], **kw}


# --- Hong Kong: a faan total under the minimum (三番起糊) ---------------------------------
# hongkong.py option min_faan 3 ("三番起糊", H13/H6/H11/H20). Issue #23: "Record hand → a discard
# cell → Total faan → 2 → Next: the preview says '2 faan · Limit hand (爆棚)'".
def test_hk_keypad_two_faan_is_refused_naming_the_minimum() -> None:
    step, data = start("hongkong")
    step = tap(step, data, "Bob ← Carol")
    step = tap(step, data, "Total faan")
    step = tap(step, data, "2")
    before = wizard.load(data)
    with pytest.raises(wizard.Refused) as exc:
        tap(step, data, "Next ▶")
    assert data["wins"][0]["flags"] == [] and wizard.load(data) == before  # no limit hand
    en = wizard.problem_text(exc.value.err, data, EN)
    assert "Hong Kong needs at least 3 faan" in en and "Bob" in en
    zh = wizard.problem_text(exc.value.err, data, ZH)
    assert "香港麻将至少要3" in zh and "Bob" in zh and "faan" not in zh
    assert "香港麻雀至少要3" in wizard.problem_text(exc.value.err, data, HANT)
    # three faan goes on to the preview, no limit flag forced
    step = tap(step, data, "⌫")
    step = tap(step, data, "3")
    assert tap(step, data, "Next ▶") == "preview" and data["wins"][0]["flags"] == []


def test_hk_minimum_in_the_mini_app_and_its_choices() -> None:
    form = {"result": "win", "wins": [win(P[1], P[2], fan=2)]}
    assert "Hong Kong needs at least 3 faan" in web_problem("hongkong", form, EN)
    assert "香港麻将至少要3" in web_problem("hongkong", form, ZH)
    rec = form_record("hongkong", form)
    rs = scoring.get("hongkong")
    (choice,) = api.valid_choices(rs, rs.resolve_options({}), rec)
    assert choice["fan_min"] == 3
    # at a table that starts at 5 faan the minimum follows the option
    assert "needs at least 5 faan" in web_problem("hongkong", form, EN, min_faan=5)


def test_hk_minimum_in_the_one_line_hand() -> None:
    phrase = pytest.importorskip("bot.entry.phrase")
    table = phrase.TableInfo("hongkong", {}, tuple(P), NAMES, P[0])
    with pytest.raises(phrase.PhraseError) as exc:
        phrase.parse("Bob 食 Carol 2番", table, EN)
    assert "3" in exc.value.text(EN)


# --- Guangdong 推倒胡 without discard wins ------------------------------------------------
# guangdong.py option discard_win (False): "推倒胡 wins only by self-draw or robbing a kong".
def test_guangdong_offers_no_discard_cell_in_the_grid_nor_the_mini_app() -> None:
    step, data = start("guangdong")
    labels = {b.label for b in buttons(step, data) if b.action == "wh"}
    assert "Bob ← Carol" not in labels and "Bob self-drawn" in labels
    rs = scoring.get("guangdong")
    rec = form_record("guangdong", {"result": "win", "wins": [win(P[1], shape="ping_hu")]})
    (choice,) = api.valid_choices(rs, rs.resolve_options({}), rec)
    assert ["discard", P[2]] not in choice["hows"] and ["self_drawn", None] in choice["hows"]
    rec = form_record(
        "guangdong", {"result": "win", "wins": [win(P[1], shape="ping_hu")]}, discard_win=True
    )
    on = api.valid_choices(rs, rs.resolve_options({"discard_win": True}), rec)[0]
    assert ["discard", P[2]] in on["hows"]


# --- Nanning --------------------------------------------------------------------------
# nanning.py shape quan_qiu_ren: not_with {men_qing} (declared on the shape only).
def test_nanning_quan_qiu_ren_self_drawn_offers_no_men_qing_anywhere() -> None:
    rs = scoring.get("nanning")
    rec = form_record("nanning", {"result": "win", "wins": [win(P[1], shape="quan_qiu_ren")]})
    (choice,) = api.valid_choices(rs, rs.resolve_options({}), rec)
    assert "men_qing" not in choice["flags"]
    step, data = start("nanning")
    step = tap(step, data, "Bob self-drawn")
    # the shape by its id: its label may be shortened (#26.1)
    step = wizard.apply(step, data, "s", str([x.id for x in rs.shapes].index("quan_qiu_ren")))
    assert step == "preview"
    toggles = [b.label for b in buttons(step, data) if b.action == "tf"]
    men_qing = EN.name(rs.flag("men_qing"))
    assert toggles and not any(t.endswith(" " + men_qing) for t in toggles), (men_qing, toggles)


# nanning.py check: "包牌: a player fed three pongs/kongs (L58) is neither concealed nor seven
# pairs" (wins[i].shape).
def test_nanning_bao_pai_on_seven_pairs_is_not_offered_and_refused_with_a_sentence() -> None:
    step, data = start("nanning")
    step = tap(step, data, "Alice ← Bob")
    step = tap(step, data, "seven pairs")
    assert step == "preview"
    rs = scoring.get("nanning")
    i = next(i for i, e in enumerate(rs.events) if e.id == "bao_pai")
    step = wizard.apply(step, data, "ea", str(i))
    cells = [b.label for b in buttons(step, data) if b.action == "eg"]
    assert cells and not any(c.startswith("Alice ←") for c in cells)
    d = Draft.from_json(data)
    assert all(p != P[0] for p, _ in allowed.event_cells(d, rs.events[i]))
    # entered anyway (the Mini App), the sentence names the shape and the winner
    form = {
        "result": "win",
        "wins": [win(P[0], P[1], shape="qi_xiao_dui")],
        "events": [{"type": "bao_pai", "player": P[0], "from": P[2]}],
    }
    text = web_problem("nanning", form, EN)
    assert "seven pairs" in text and "Alice" in text and "bao_pai" not in text
    zh = web_problem("nanning", form, ZH)
    assert "七小对" in zh and "Alice" in zh


# nanning.py check: "明杠杠上花 needs {winner}'s open kong fed by {discarder} (event
# exposed_kong) for its kong money (L48)". Issue #23: "Alice的胡牌按现在填的不成立。" with no reason.
def test_nanning_ming_gang_hua_without_its_kong_says_why() -> None:
    step, data = start("nanning")
    step = tap(step, data, "Alice ← Bob")
    step = tap(step, data, "basic hand")
    label = next(
        b.label for b in buttons(step, data) if b.action == "tf" and "open-kong" in b.label
    )
    with pytest.raises(wizard.Refused) as exc:
        tap(step, data, label)
    zh = wizard.problem_text(exc.value.err, data, ZH)
    assert "明杠" in zh and "还要记上" in zh and "Alice" in zh
    en = wizard.problem_text(exc.value.err, data, EN)
    assert "open kong" in en and "Alice" in en


# --- the Mini App before anything is touched --------------------------------------------
def test_mini_app_first_preview_has_no_raw_validation_text() -> None:
    form = {"result": "win", "wins": [win(None)]}  # compose.js newWin(): winner null
    for tr in (EN, ZH, HANT):
        text = web_problem("xingguo", form, tr)
        assert "must be" not in text and "non-empty" not in text and "wins[" not in text
    assert web_problem("xingguo", form, EN) == "Choose who won first."
    assert web_problem("xingguo", form, ZH) == "先选谁胡了。"


# --- a how that carries a fan (#23 point 4) ----------------------------------------------
# hongkong.py FANS "zi_mo": ("自摸", …, 1, "H5, H11, H17, H18"); taiwan.py "zi_mo" 1 台 (T2…),
# not with men_qing_zi_mo (门清自摸 3 台 replaces it).
@pytest.mark.parametrize("ruleset", ["hongkong", "taiwan"])
def test_self_drawn_adds_its_fan_once_and_is_not_an_item(ruleset: str) -> None:
    rs = scoring.get(ruleset)
    opts = rs.resolve_options({})
    fans = ["qing_yi_se"]  # 清一色: in both checklists
    form = {"result": "win", "wins": [win(P[1], None, fans=fans)]}
    rec = form_record(ruleset, form)
    assert rec["wins"][0]["fans"].count("zi_mo") == 1
    (choice,) = api.valid_choices(rs, opts, rec)
    assert "zi_mo" not in choice["fans"]
    discard = form_record(ruleset, {"result": "win", "wins": [win(P[1], P[2], fans=fans)]})
    assert "zi_mo" not in discard["wins"][0]["fans"]
    d_self = Draft.of_record({**rec, "wins": [win(P[1], None, fans=fans)]}, NAMES)
    d_disc = Draft.of_record({**rec, "wins": [win(P[1], P[2], fans=fans)]}, NAMES)
    assert allowed.fan_total(d_self, d_self.wins[0]) > allowed.fan_total(d_disc, d_disc.wins[0])
    # ticked already (an older entry): still once
    again = form_record(
        ruleset, {"result": "win", "wins": [win(P[1], None, fans=[*fans, "zi_mo"])]}
    )
    assert again["wins"][0]["fans"].count("zi_mo") == 1
    # the chat's record is the same record
    d = Draft.of_record(rec, NAMES)
    assert checks.record_json(d)["wins"][0]["fans"] == rec["wins"][0]["fans"]


def test_taiwan_concealed_self_draw_replaces_zi_mo() -> None:
    form = {"result": "win", "wins": [win(P[1], None, fans=["men_qing_zi_mo"])]}
    rec = form_record("taiwan", form)
    assert rec["wins"][0]["fans"] == ["men_qing_zi_mo"]


def test_back_never_reaches_a_win_taken_back() -> None:
    """A random walk found it (Sichuan, several wins): from the preview Back to the next win's
    grid and Back again led to ``shape.1`` of a win the entry no longer had, and the screen
    raised IndexError. Seeded walks with Back taps on Sichuan and Xingguo: every tap is either
    taken or refused as a WizardError, every screen renders."""
    import random

    from bot.entry import wizard
    from bot.i18n import Translator

    tr = Translator("en")
    names = {"a": "A", "b": "B", "c": "C", "d": "D"}
    rng = random.Random(7)
    for walk in range(300):
        ruleset = ("sichuan", "xingguo")[walk % 2]
        step, data = wizard.new_state(
            ruleset=ruleset, options={}, players=list(names), names=names, dealer="a"
        )
        for _ in range(30):
            taps = [
                (b.action, b.arg)
                for row in wizard.render(step, data, tr).rows
                for b in row
                if b.action not in ("x", "c")
            ]
            if not taps:
                break
            back = [t for t in taps if t[0] == "b"]
            action, arg = rng.choice(back if back and rng.random() < 0.3 else taps)
            try:
                step = wizard.apply(step, data, action, arg)
            except wizard.WizardError:
                continue
