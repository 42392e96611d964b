"""The generic wizard engine and the callback codec, without Telegram: only valid choices are
offered (constraints from the declarations), every offered button applies, every payload fits
in 64 bytes, and a random walk over offered buttons never fails in any other way than a
polite ``RecordError`` on the preview."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from bot import setup
from bot.callback import BadCallback, DraftCb, TableCb, decode
from bot.entry import wizard
from bot.i18n import LANGS, Translator
from scoring.errors import RecordError

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))
TR = Translator("en")


def start(ruleset: str, dealer: str = "11", **opts: object) -> tuple[str, dict]:
    return wizard.new_state(
        ruleset=ruleset, options=dict(opts), players=P, names=NAMES, dealer=dealer
    )


def offered(step: str, data: dict) -> list[wizard.Button]:
    return [b for row in wizard.render(step, data, TR).rows for b in row]


def actions(step: str, data: dict) -> set[tuple[str, str]]:
    return {(b.action, b.arg) for b in offered(step, data)}


def flag_ids(step: str, data: dict) -> set[str]:
    """The flags the preview (the editor) offers to toggle on the first win."""
    rs = scoring.get(data["ruleset"])
    return {
        rs.flags[int(b.arg.split(".")[1])].id
        for b in offered(step, data)
        if b.action == "tf" and b.arg.startswith("0.")
    }


def flag(ruleset: str, fid: str) -> str:
    """The argument of the preview's toggle of flag ``fid`` on the first win."""
    return "0." + str(next(i for i, f in enumerate(scoring.get(ruleset).flags) if f.id == fid))


def go(step: str, data: dict, *taps: tuple[str, str]) -> str:
    for action, arg in taps:
        step = wizard.apply(step, data, action, arg)
    return step


# ---------------------------------------------------------------------------------------
# codec
# ---------------------------------------------------------------------------------------
def test_codec_round_trip_and_limits():
    cb = DraftCb(123456789, 42, "w", "3")
    assert decode(cb.encode()) == cb
    assert decode(TableCb(7, "rec").encode()) == TableCb(7, "rec")
    longest = DraftCb(10**12 - 1, 10**12 - 1, "again", "999")
    assert len(longest.encode().encode()) <= 64
    for bad in [
        "",
        "x",
        "v1",
        "v1:d:1:2",
        "v1:d:a:2:w",
        "v1:d:01:2:w",
        "v1:d:1:2:w:3:4",
        "v2:d:1:2:w",
        "v1:q:1:w",
        "v1:t:1",
        "v1:d:1:2:w:é",
        "v1:" + "1" * 70,
        "v1:d:1:2:w: ",
    ]:
        with pytest.raises(BadCallback):
            decode(bad)
    with pytest.raises(BadCallback):
        DraftCb(1, 1, "w", "9").int_arg(4)
    with pytest.raises(ValueError):
        DraftCb(1, 1, "w", "a:b").encode()


# ---------------------------------------------------------------------------------------
# constraints from the declarations (Xingguo)
# ---------------------------------------------------------------------------------------
def test_how_constraint_hides_self_drawn_only_flags_on_a_discard():
    # xingguo: 精吊 wild_single_wait and 杠开 kong_bloom are "how: self_drawn"
    step, data = start("xingguo")
    step = go(step, data, ("wh", "1.1"), ("s", "2"))  # Bob on Alice's discard, 大七对
    assert step == "preview"  # the flags are toggles on the preview
    assert {"wild_single_wait", "kong_bloom", "heavenly_hand"}.isdisjoint(flag_ids(step, data))
    assert "no_wild" in flag_ids(step, data)
    step, data = start("xingguo")
    step = go(step, data, ("wh", "1.0"), ("s", "2"))  # self-drawn
    assert {"wild_single_wait", "kong_bloom"} <= flag_ids(step, data)


def test_winner_dealer_and_not_with():
    # heavenly_hand: winner_dealer=True; wild_single_wait not_with thirteen_rotten
    step, data = start("xingguo", dealer="11")
    step = go(step, data, ("wh", "1.0"), ("s", "3"))  # Bob (not dealer), 十三烂
    ids = flag_ids(step, data)
    assert "heavenly_hand" not in ids and "wild_single_wait" not in ids
    step, data = start("xingguo", dealer="11")
    step = go(step, data, ("wh", "0.0"), ("s", "0"))  # dealer Alice, plain win
    assert "heavenly_hand" in flag_ids(step, data)
    # heavenly_hand not_with kong_bloom: choosing one hides the other
    step = go(step, data, ("tf", flag("xingguo", "heavenly_hand")))
    assert "kong_bloom" not in flag_ids(step, data)
    with pytest.raises(wizard.WizardError):
        go(step, data, ("tf", flag("xingguo", "kong_bloom")))


def test_enabled_by_option():
    step, data = start("xingguo")
    step = go(step, data, ("wh", "1.0"), ("s", "0"))
    assert "all_melded" not in flag_ids(step, data)
    step, data = start("xingguo", quanqiuren=True)
    step = go(step, data, ("wh", "1.0"), ("s", "0"))
    assert "all_melded" in flag_ids(step, data)


def test_count_total_max_stops_the_plus_button():
    step, data = start("xingguo")
    step = go(step, data, ("wh", "1.0"), ("s", "0"))
    assert step == "preview"  # primary wilds (count 0): at most 3 in all, on the preview
    step = go(step, data, ("cp", "0.0"), ("cp", "0.0"), ("cp", "0.2"))
    assert not any(a == "cp" and arg.startswith("0.") for a, arg in actions(step, data))
    with pytest.raises(wizard.WizardError):
        go(step, data, ("cp", "0.1"))
    step = go(step, data, ("cm", "0.2"))
    assert ("cp", "0.1") in actions(step, data)


def test_false_win_is_a_result_with_its_own_short_path():
    # xingguo 诈胡: result false_win and its one false_win event (the offender): the result's
    # button asks who at once, then the preview; no 精 screen (精 are not paid on it)
    rs = scoring.get("xingguo")
    step, data = start("xingguo")
    fw = next(
        i for i, r in enumerate(r for r in rs.results if r.value != "win") if r.value == "false_win"
    )
    step = go(step, data, ("r", str(fw)))
    assert step == "evplayer" and data["ev"]["type"] == "false_win"
    step = go(step, data, ("eg", "2"))  # Carol
    assert step == "preview"
    assert data["events"] == [{"type": "false_win", "player": "13", "from": None}]
    assert not any(a in ("cp", "cm") for a, _ in actions(step, data))
    _record, settlement = wizard.preview(data)
    assert settlement.net["13"] < 0
    # the preview refuses removing the only false_win event (the hand would be impossible)
    with pytest.raises(wizard.Refused):
        go(step, data, ("er", "0"))


def test_events_follow_results_and_source():
    rs = scoring.get("xingguo")
    step, data = start("xingguo")
    step = go(step, data, ("wh", "1.0"), ("s", "0"))
    ev = {rs.events[int(b.arg)].id for b in offered(step, data) if b.action == "ea"}
    assert "false_win" not in ev and "exposed_kong" in ev
    # exposed kong: "from" optional → a cell without ← and one per other player, one tap
    ek = next(i for i, e in enumerate(rs.events) if e.id == "exposed_kong")
    step = go(step, data, ("ea", str(ek)))
    assert step == "evplayer"
    cells = wizard.event_cells(data, rs.events[ek])
    assert ("13", None) in cells and ("13", "14") in cells and ("13", "13") not in cells
    step = go(step, data, ("eg", str(cells.index(("13", "14")))))
    assert step == "preview" and data["events"] == [
        {"type": "exposed_kong", "player": "13", "from": "14"}
    ]
    # 跟庄 is the dealer's (the ruleset's check): the grid offers the dealer only
    fd = next(i for i, e in enumerate(rs.events) if e.id == "follow_dealer")
    step = go(step, data, ("ea", str(fd)))
    assert wizard.event_cells(data, rs.events[fd]) == [("11", None)]
    # Back from the preview goes to the win's last step, not into the finished event
    step = go(step, data, ("eg", "0"))
    assert step == "preview" and data["events"][-1]["type"] == "follow_dealer"
    assert go(step, data, ("b", "")) == "shape.0"


def test_back_keeps_choices_and_edit_prefill_walks_the_same_steps():
    step, data = start("xingguo")
    step = go(step, data, ("wh", "2.1"), ("s", "2"), ("tf", flag("xingguo", "no_wild")))
    assert step == "preview"
    step = go(step, data, ("b", ""))
    assert step == "shape.0" and data["wins"][0]["flags"] == ["no_wild"]
    step = go(step, data, ("s", "0"))  # a plain win on a discard still allows no_wild
    assert data["wins"][0]["flags"] == ["no_wild"]
    record = wizard.build_record(data)
    again = wizard.from_record(record, NAMES)
    assert again["trail"] == ["winner.0", "shape.0"]
    assert wizard.build_record(again) == record


def test_forced_flag_and_refusal_at_the_step():
    # xingguo (option youjing_pinghu_can_ron off): a plain win on a discard is 德国 — the one
    # flag that makes it possible is set on the way to the preview; turning it off is refused
    # there, naming why in the chat's language
    step, data = start("xingguo")
    step = go(step, data, ("wh", "1.1"), ("s", "0"))  # Bob on Alice's discard, plain win
    assert step == "preview" and data["wins"][0]["flags"] == ["no_wild"]
    with pytest.raises(wizard.Refused) as exc:
        go(step, data, ("tf", flag("xingguo", "no_wild")))
    assert data["wins"][0]["flags"] == ["no_wild"]  # unchanged
    en = wizard.problem_text(exc.value.err, data, TR)
    zh = wizard.problem_text(exc.value.err, data, Translator("zh_Hans"))
    assert "Bob" in en and "Alice" in en and "wins[" not in en and "youjing" not in en
    assert "Bob" in zh and "有精平胡不能抓点炮" in zh and "option" not in zh


def test_a_draw_skips_the_win_steps():
    step, data = wizard.new_state(
        ruleset="xingguo", options={}, players=P, names=NAMES, dealer="11", result="draw"
    )
    # a draw: straight to the preview; no 精 (they are not paid in a draw)
    assert step == "preview" and data["result"] == "draw"
    assert not any(a in ("cp", "cm") or arg.startswith("c") for a, arg in actions(step, data))
    _, settlement = wizard.preview(data)
    assert all(v == 0 for v in settlement.net.values())


# ---------------------------------------------------------------------------------------
# several winners
# ---------------------------------------------------------------------------------------
def test_same_discard_second_winner_copies_the_discard():
    step, data = start("nanning")
    step = go(step, data, ("w", "1"), ("h", "2"))  # Bob on Carol's discard (the two-step way)
    assert data["wins"][0]["from"] == "13"
    step = go(step, data, ("s", "0"))
    assert step == "preview" and ("aw", "") in actions(step, data)  # ➕ another winner
    step = go(step, data, ("aw", ""))
    assert step == "winner.1"
    choices = {arg for a, arg in actions(step, data) if a == "w"}
    assert choices == {"0", "3"}  # neither Bob (won) nor Carol (discarded)
    step = go(step, data, ("w", "3"))
    assert step.startswith("shape.1") and data["wins"][1]["from"] == "13"
    # a self-drawn win has no second winner: no ➕ on its preview
    step, data = start("nanning")
    step = go(step, data, ("wh", "1.0"), ("s", "0"))
    assert step == "preview" and ("aw", "") not in actions(step, data)


def test_sequential_wins_exclude_earlier_winners_as_discarders():
    rs = scoring.get("sichuan")
    step, data = start("sichuan")
    step = go(step, data, ("wh", "1.0"), ("s", "0"))
    assert step == "winner.1"  # 血战 goes on: the next win (or the draw) is asked (#26.7)
    step = go(step, data, ("n", ""))  # no more winners
    # 血战: one win alone means the hand ended in a draw (the scoring core's rule): forced
    assert step == "preview" and data["result"] == "draw"
    step = go(step, data, ("aw", ""))
    assert step == "winner.1"
    cells = wizard.grid_hows(rs, rs.resolve_options({}), data, 1, "13")
    assert all(src != "12" for _, src in cells) and ("discard", "14") in cells
    assert not any(a == "wh" and arg.startswith("1.") for a, arg in actions(step, data))
    step = go(step, data, ("wh", f"2.{cells.index(('discard', '14'))}"), ("s", "0"))
    assert step == "preview" and [w["from"] for w in data["wins"]] == [None, "14"]


def test_fan_keypad_and_checklist():
    step, data = start("guobiao")
    step = go(step, data, ("w", "1"), ("h", "0"), ("m", "0"))
    assert step == "fan.0"
    assert ("n", "") not in actions(step, data)  # no total yet: no Next
    step = go(step, data, ("k", "1"), ("k", "2"), ("kb", ""), ("k", "6"))
    assert data["wins"][0]["fan"] == 16
    step, data = start("guobiao")
    # 大四喜 (0) and 字一色 (10) can be one hand (大三元, 1, cannot: 4 wind + 3 dragon pungs)
    step = go(
        step, data, ("w", "1"), ("h", "0"), ("m", "1"), ("ft", "0"), ("ft", "10"), ("ft", "0")
    )
    assert data["wins"][0]["fans"] == [wizard.fan_list(scoring.get("guobiao"))[10]["id"]]


# ---------------------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------------------
def test_setup_offers_important_options_and_stores_only_changes():
    step, data = setup.new_setup("table")
    xi = data["choices"].index("xingguo")
    step = setup.apply(step, data, "rs", str(xi))
    assert step == "options"
    rs = scoring.get("xingguo")
    shown = {
        int(b.arg)
        for row in setup.render(step, data, TR).rows
        for b in row
        if b.action in ("ot", "oc", "o+")
    }
    assert shown == {i for i, o in enumerate(rs.options) if o.important}
    base = next(i for i, o in enumerate(rs.options) if o.id == "base")
    step = setup.apply(step, data, "o+", str(base))
    step = setup.apply(step, data, "n", "")
    assert step == "stake"
    assert setup.table_options(data) == {"preset": "xingguo", "base": 2}
    assert setup.apply(step, data, "sk", "3") == "open" and data["stake"] == 100


# ---------------------------------------------------------------------------------------
# property: a random walk over the offered buttons
# ---------------------------------------------------------------------------------------
RULESETS = [rs.id for rs in scoring.all_rulesets()]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(RULESETS), st.sampled_from(LANGS), st.lists(st.integers(0, 10**6), max_size=40)
)
def test_random_walk_over_offered_buttons(ruleset, lang, picks):
    tr = Translator(lang)
    rs = scoring.get(ruleset)
    n = max(rs.players)
    players = P[:n]
    step, data = wizard.new_state(
        ruleset=ruleset,
        options={},
        players=players,
        names={p: NAMES[p] for p in players},
        dealer=players[0],
    )
    for pick in picks:
        if step == "preview":
            try:
                record, settlement = wizard.preview(data)
            except RecordError:
                pass
            else:
                assert all(type(v) is int for v in settlement.net.values())
                assert set(record.players) == set(players)
            break
        screen = wizard.render(step, data, tr)
        buttons = [b for row in screen.rows for b in row if b.action not in ("x", "pg")]
        for b in (b for row in screen.rows for b in row):
            assert len(DraftCb(10**9, 10**6, b.action, b.arg).encode().encode()) <= 64
        if not buttons:
            break
        b = buttons[pick % len(buttons)]
        if step.startswith("tiles"):
            before = json.dumps(data, sort_keys=True)
            try:
                wizard.set_tiles(data, step, "123m456m789m123p5p 5p")
            except wizard.TilesError as err:
                # the scoring core may refuse these tiles for this win (e.g. robbing a kong of
                # 5p while holding a 5p): a polite refusal that leaves the entry unchanged
                assert str(err) == "bad_hand" and err.why, err
                assert json.dumps(data, sort_keys=True) == before
        try:
            step = wizard.apply(step, data, b.action, b.arg)
        except wizard.Refused as err:
            # a tap that would make the hand impossible: refused, with a sentence
            assert wizard.problem_text(err.err, data, tr)
        except wizard.WizardError as err:
            # only "need input first" refusals are allowed for an offered button
            assert str(err) in {"need_fan", "need_fans", "need_tiles"}, (step, b)


# ---------------------------------------------------------------------------------------
# event text fields (Yichun 压鸽子: the backer is a chat player who is not seated)
# ---------------------------------------------------------------------------------------
def test_text_field_offers_bystanders_or_a_typed_name():
    step, data = start("yichun")
    data["bystanders"] = ["11", "21", "22"]  # "11" is seated: never offered
    data["names"].update({"21": "Uncle", "22": "Auntie"})
    rs = scoring.get("yichun")
    step = go(step, data, ("wh", "1.0"))  # Bob self-draws
    assert step == "shape.0"
    step = go(step, data, ("s", "0"))
    assert step == "preview"
    bet = next(i for i, e in enumerate(rs.events) if e.id == "side_bet")
    step = go(step, data, ("ea", str(bet)), ("eg", "1"))  # backing Bob
    assert step == "evtext.0"
    shown = [b for b in offered(step, data) if b.action == "p"]
    assert [b.label for b in shown] == ["Uncle", "Auntie"]
    step = go(step, data, ("p", "1"))  # Uncle
    assert step == "preview" and data["events"][-1] == {
        "type": "side_bet",
        "player": "12",
        "from": None,
        "backer": "21",
    }
    assert "side bet: Bob · backer Uncle" in wizard.render(step, data, TR).text
    # the same backer on the same seat is not offered twice; another name is typed
    step = go(step, data, ("ea", str(bet)), ("eg", "1"))
    assert [b.label for b in offered(step, data) if b.action == "p"] == ["Auntie"]
    with pytest.raises(wizard.WizardError):
        wizard.apply(step, data, "p", "0")  # Uncle again (forged)
    with pytest.raises(wizard.WizardError):
        wizard.apply(step, data, "p", "3")  # out of range
    step = go(step, data, ("nm", ""))
    assert step == "evname.0" and "reply to this message" in wizard.render(step, data, TR).text
    with pytest.raises(wizard.WizardError, match="seated"):
        wizard.set_text_value(data, step, "13", "Carol")
    step = wizard.set_text_value(data, step, "30", "Cousin")
    assert step == "preview" and data["events"][-1]["backer"] == "30"
    assert data["names"]["30"] == "Cousin" and "30" in data["bystanders"]
    _record, settlement = wizard.preview(data)
    # both backers of Bob win exactly what Bob wins (spec L49; self-drawn, no other bets)
    assert settlement.net["21"] == settlement.net["30"] == settlement.net["12"] > 0
    assert sum(settlement.net.values()) == 0
    text = wizard.render("preview", data, TR, settlement=settlement).text
    assert f"Uncle: {settlement.net['21']:+d}" in text and "Cousin" in text
    # Back from the preview walks into the wizard, not into the side-bet sub-steps
    assert not data["trail"][-1].startswith("ev")


def test_text_field_back_from_name_returns_to_the_list():
    step, data = start("yichun")
    data["bystanders"] = []
    step = go(step, data, ("wh", "0.0"), ("s", "0"))
    bet = next(i for i, e in enumerate(scoring.get("yichun").events) if e.id == "side_bet")
    step = go(step, data, ("ea", str(bet)), ("eg", "2"), ("nm", ""))
    assert go(step, data, ("b", "")) == "evtext.0"
    with pytest.raises(wizard.WizardError):
        wizard.apply("evname.0", data, "p", "0")


# ---------------------------------------------------------------------------------------
# shared is_enabled and per-result counts (scoring.declarations)
# ---------------------------------------------------------------------------------------
def counts_shown(ruleset: str, result: str | None, **counts: dict[str, int]) -> list[str]:
    """The counts the preview asks, for a self-drawn first win by Alice or a ``result``."""
    step, data = wizard.new_state(
        ruleset=ruleset, options={}, players=P, names=NAMES, dealer="11", result=result
    )
    rs = scoring.get(ruleset)
    if result is None:
        step = go(step, data, ("wh", "0.0"))
        while step != "preview":
            bs = [b for b in offered(step, data) if b.action not in ("b", "x", "pg")]
            b = next((b for b in bs if b.action == "n"), bs[0])  # Next where offered
            step = go(step, data, (b.action, b.arg))
    data["counts"].update(counts)
    return [rs.counts[i].id for i in wizard.shown_counts(data)]


def test_counts_asked_only_in_their_results_and_where_they_pay():
    # Sichuan: 查花猪/查大叫 inputs (results=DRAW_ONLY) only in a draw (a hand with fewer than
    # three winners is one: forced), 根 with a win
    assert counts_shown("sichuan", None) == ["gen", "flower_pig", "ready_fan"]
    assert counts_shown("sichuan", "draw") == ["gen", "flower_pig", "ready_fan"]
    rs = scoring.get("sichuan")
    assert [
        c.id
        for c in (rs.counts[i] for i in wizard.enabled_counts(rs, rs.resolve_options({}), "win"))
    ] == ["gen"]
    # Xingguo: 精 are paid on a win, not in a draw (spec C19) — but a 精杠 needs the four 副精
    assert counts_shown("xingguo", None) == ["primary_wild", "secondary_wild", "wild_kongs"]
    assert counts_shown("xingguo", "draw") == []
    # a count someone already has stays shown (so it can be taken back)
    assert counts_shown("xingguo", "draw", primary_wild={"12": 1}) == ["primary_wild"]


def test_a_count_no_longer_asked_is_left_out_of_the_record():
    _step, data = wizard.new_state(
        ruleset="sichuan", options={}, players=P, names=NAMES, dealer="11", result="draw"
    )
    data["counts"] = {"flower_pig": {"12": 1}, "gen": {"13": 1}}
    assert wizard.build_record(data).counts["flower_pig"] == {"12": 1}
    data["result"] = "win"
    data["wins"] = [
        {"winner": "11", "from": None, "robbed_kong": False, "shape": "ping_hu", "flags": []}
    ]
    record = wizard.build_record(data)
    assert "flower_pig" not in record.counts and record.counts["gen"] == {"13": 1}


def test_flags_follow_option_value_conditions():
    # Guobiao extras flags: enabled_by "extras=set_a|set_b" / "extras=set_b" (a choice option)
    def flags(extras: str) -> set[str]:
        step, data = start("guobiao", extras=extras)
        step = go(step, data, ("w", "1"), ("h", "1"))  # Bob (not the dealer) on a discard
        rs = scoring.get("guobiao")
        return {
            f.id
            for i, f in enumerate(rs.flags)
            if i in wizard.valid_flags(rs, wizard._opts(data), data, data["wins"][0])
        }

    assert flags("off") == set()
    assert flags("set_a") == {"human_hand"}
    assert flags("set_b") == {"human_hand", "ready_from_deal"}


# ---------------------------------------------------------------------------------------
# drafts stored by the wizard before the editor still load and finish
# ---------------------------------------------------------------------------------------
def old_draft() -> dict:
    """A Xingguo draft as the earlier wizard stored it (a dict, Bob on Carol's discard, 大七对),
    mid-entry: its steps flags.N, more.N, count.N, events and evfrom no longer come up."""
    return {
        "mode": "record",
        "ruleset": "xingguo",
        "options": {},
        "players": P,
        "names": NAMES,
        "dealer": "11",
        "result": "win",
        "wins": [
            {
                "winner": "12",
                "from": "13",
                "robbed_kong": False,
                "shape": "big_seven_pairs",
                "flags": [],
                "fan": None,
                "fans": None,
                "tiles": None,
            }
        ],
        "counts": {},
        "events": [],
        "trail": ["winner.0", "how.0", "shape.0"],
        "page": 0,
        "hand_no": 1,
        "kind": "hand",
    }


@pytest.mark.parametrize(
    ("step", "taps"),
    [
        ("flags.0", [("f", "0"), ("n", "")]),  # no_wild, then Next
        ("more.0", [("n", "")]),
        ("count.1", [("+", "1"), ("n", "")]),
        ("events", [("n", "")]),
        ("evfrom", [("p", "3")]),  # an exposed kong by Carol being added: from Dave
    ],
)
def test_a_draft_stored_by_the_earlier_wizard_resumes(step: str, taps: list) -> None:
    data = json.loads(json.dumps(old_draft()))  # as loaded from the database
    if step == "evfrom":
        data["ev"] = {"type": "exposed_kong", "player": "13", "from": None}
    assert wizard.render(step, data, TR).rows  # it shows
    step = go(step, data, *taps)
    assert step == "preview"
    _record, settlement = wizard.preview(data)
    assert settlement.net["12"] > 0
    if step == "preview" and taps[0] == ("p", "3"):
        assert data["events"] == [{"type": "exposed_kong", "player": "13", "from": "14"}]


# ---------------------------------------------------------------------------------------
# the typed draft: a JSON round trip that changes nothing the wizard shows or records
# ---------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.lists(st.integers(0, 10**6), max_size=25))
def test_typed_draft_round_trip(ruleset, picks):
    rs = scoring.get(ruleset)
    players = P[: max(rs.players)]
    step, data = wizard.new_state(
        ruleset=ruleset,
        options={},
        players=players,
        names={p: NAMES[p] for p in players},
        dealer=players[0],
    )
    data["kind"] = "hand"
    data["someone_elses_key"] = {"kept": [1, 2]}  # another module's key survives unchanged
    for pick in picks:
        typed = wizard.Draft.from_json(json.loads(json.dumps(data)))
        again = typed.to_json()
        assert wizard.Draft.from_json(again) == typed
        assert again == wizard.load(data) and again["someone_elses_key"] == {"kept": [1, 2]}
        assert wizard.render(step, again, TR) == wizard.render(step, data, TR)
        if step == "preview":
            assert str(wizard.problem(again)) == str(wizard.problem(data))
            if wizard.problem(data) is None:
                assert wizard.build_record(again) == wizard.build_record(data)
        buttons = [
            b for row in wizard.render(step, data, TR).rows for b in row if b.action not in "xc"
        ]
        if not buttons:
            break
        b = buttons[pick % len(buttons)]
        if step.startswith("tiles"):
            with contextlib.suppress(wizard.TilesError):
                wizard.set_tiles(data, step, "123m456m789m123p5p 5p")
        with contextlib.suppress(wizard.WizardError):
            step = wizard.apply(step, data, b.action, b.arg)


def test_an_old_draft_without_the_newer_keys_loads():
    old = {k: v for k, v in old_draft().items() if k not in ("page", "hand_no", "trail")}
    for w in old["wins"]:
        del w["robbed_kong"], w["fans"], w["tiles"]
    data = wizard.load(old)
    assert data["page"] == 0 and data["trail"] == [] and data["wins"][0]["robbed_kong"] is False
    step = wizard.apply("more.0", data, "n", "")
    assert step == "preview" and wizard.preview(data)[1].net["12"] > 0


# the tile pad (issue 14 point 8, #26.7): tests/bot/test_pad.py


def test_the_grid_offers_only_ways_of_winning_the_table_plays():
    # Xiaoshan (option discard_wins off by default): no win on a discard, so no ← cells; with
    # the option on, the discards are offered. Guangdong 推倒胡 (option discard_win off, the
    # default) neither (issue #23: the grid offered "Bob ← Carol" and took the tap, then
    # forced 杠上花 kong_flower on it): a win on the replacement tile of Carol's exposed kong
    # (杠爆全包) is its own way of winning, "Bob ← Carol (kong)", the flag ticked.
    def cells(ruleset: str, **opts: object) -> set[str]:
        # a cell "← Carol" is Bob's when it is in or under the row "Bob self-drawn" (#26.1)
        step, data = start(ruleset, **opts)
        out, who = set(), ""
        for row in wizard.render(step, data, TR).rows:
            for b in (b for b in row if b.action == "wh"):
                if not b.label.startswith("←"):
                    who = b.label.split(" ")[0]
                out.add(b.label if not b.label.startswith("←") else f"{who} {b.label}")
        return {t.replace(" 🀫", " (kong)") for t in out}

    assert cells("xiaoshan") == {f"{n} self-drawn" for n in NAMES.values()}
    assert "Bob ← Carol" in cells("xiaoshan", discard_wins=True)
    gd = cells("guangdong")
    assert "Bob ← Carol" not in gd and "Bob ← Carol (kong)" in gd
    assert "Bob ← Carol" in cells("guangdong", discard_win=True)
    step, data = start("guangdong")
    step = go(step, data, ("wh", "1.2"), ("s", "0"))  # Bob on Carol's kong, 平胡
    assert step == "preview" and data["wins"][0]["flags"] == ["kong_flower"]
    assert data["wins"][0]["from"] == P[2] and wizard.problem(data) is None
