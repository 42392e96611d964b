"""The wizard on the typed draft (issue #23 point 1: "steps change its attributes, not
``data["wins"][n]["flags"]``"; "a step returns its next target and ``flow`` resolves it (this
keeps the package free of import cycles)"): the steps never import the order, the package's
modules import one another without a cycle, a tap reads and writes the stored JSON in place
(also when refused), the preview's own state is declared in the draft (not left in
``extra``), and each kind of target leads where the order says."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from bot.entry import edits, wizard
from bot.entry.draft import Draft
from bot.entry.keyboard import Code
from bot.entry.wizard import order
from bot.entry.wizard.targets import AfterWins, At, Go, Next, Resume, Stay

P = ["11", "12", "13", "14"]
NAMES = dict(zip(P, ["Alice", "Bob", "Carol", "Dave"], strict=True))
PACKAGE = Path(wizard.__file__).parent


def _imports(path: Path) -> set[str]:
    """The ``bot.entry.wizard`` modules a module imports (``from X import y`` counts X, and
    X.y where that is a module of the package)."""
    modules = {_name(p) for p in PACKAGE.rglob("*.py")}
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.add(sub if sub in modules else node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m in modules}


def _name(p: Path) -> str:
    rel = p.relative_to(PACKAGE.parents[2]).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_no_step_imports_the_order() -> None:
    # issue #23: "a step returns its next target and flow resolves it"
    for path in (PACKAGE / "steps").glob("*.py"):
        assert "bot.entry.wizard.order" not in _imports(path), path.name
        assert "bot.entry.wizard.flow" not in _imports(path), path.name


def test_the_package_has_no_import_cycle() -> None:
    # issue #23: "(this keeps the package free of import cycles)"; the package's __init__
    # imports every module for the face, so it is left out of the graph
    graph = {
        _name(p): _imports(p) - {"bot.entry.wizard"}
        for p in PACKAGE.rglob("*.py")
        if p.name != "__init__.py" or p.parent != PACKAGE
    }
    graph = {k: {m for m in v if m in graph and m != k} for k, v in graph.items()}
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, " -> ".join((*path, m))
        if m in done:
            return
        for dep in graph[m]:
            visit(dep, (*path, m))
        done.add(m)

    for m in graph:
        visit(m, ())
    assert "bot.entry.wizard.order" in done and "bot.entry.wizard.steps.tiles" in done


def test_no_step_reads_the_stored_json() -> None:
    # issue #23: "steps change its attributes, not data["wins"][n]["flags"]"
    for path in PACKAGE.rglob("*.py"):
        assert 'data["' not in path.read_text(encoding="utf-8"), path.name


def _hk() -> tuple[str, dict[str, Any]]:
    step, data = wizard.new_state(
        ruleset="hongkong", options={}, players=P, names=NAMES, dealer=P[0]
    )
    taps = ((Code.GRID, "1.2"), (Code.MODE, "0"), (Code.KEY, "2"))  # Bob ← Carol, 2 faan
    for action, arg in taps:
        step = wizard.apply(step, data, action, arg)
    return step, data


def test_a_tap_writes_the_draft_back_in_place_also_when_refused() -> None:
    # tests/entry/test_regressions.py's Hong Kong keypad: 2 faan is under 三番起糊, refused at
    # Next; the caller's dict is the one changed, and it is the typed draft's JSON
    step, data = _hk()
    same = data
    assert step == "fan.0" and data["wins"][0]["fan"] == 2
    with pytest.raises(wizard.Refused):
        wizard.apply(step, data, Code.NEXT, "")
    assert data is same and data["wins"][0]["fan"] == 2 and data["trail"] == ["winner.0", "mode.0"]
    assert Draft.from_json(data).to_json() == data
    step = wizard.apply(step, data, Code.KEY, "0")  # 20 faan: a limit hand, on to the preview
    assert wizard.apply(step, data, Code.NEXT, "") == "preview" and data is same


def test_the_preview_tab_and_minus_mode_are_declared() -> None:
    # Xingguo's three counts (正精, 副精, 精杠) are tabs on the preview (#26.1); the tab shown
    # and the ➖ mode were keys no declaration knew (issue #23: "11 of them undeclared")
    step, data = wizard.new_state(
        ruleset="xingguo", options={}, players=P, names=NAMES, dealer=P[0]
    )
    step = wizard.apply(step, data, Code.GRID, "1.0")  # Bob self-drawn
    step = wizard.apply(step, data, Code.SHAPE, "0")  # Plain win
    assert step == "preview"
    shown = wizard.shown_counts(data)
    assert len(shown) == 3, shown
    step = wizard.apply(step, data, Code.EDIT, f"t{shown[1]}")
    step = wizard.apply(step, data, Code.EDIT, "m")
    d = Draft.from_json(data)
    assert (d.ct, d.minus, d.extra) == (shown[1], True, {})
    assert data["ct"] == shown[1] and data["minus"] is True
    step = wizard.apply(step, data, Code.EDIT, "m")
    assert "minus" not in data and Draft.from_json(data).to_json() == data


def _draft(ruleset: str = "hongkong") -> Draft:
    _step, data = wizard.new_state(ruleset=ruleset, options={}, players=P, names=NAMES, dealer=P[0])
    return Draft.from_json(data)


def test_each_target_leads_where_the_order_says() -> None:
    d = _draft()
    assert order.resolve(d, "fan.0", Stay()) == "fan.0" and d.trail == []
    assert order.resolve(d, "winner.0", At("preview")) == "preview" and d.trail == []
    d.page = 3
    assert order.resolve(d, "winner.0", Go("how.0")) == "how.0"
    assert d.trail == ["winner.0"] and d.page == 0
    # the pad straight from the mode: Back from the pad goes to the tiles step
    assert order.resolve(d, "mode.0", Go("pad.0", via="tiles.0")) == "pad.0"
    assert d.trail == ["winner.0", "mode.0", "tiles.0"]
    # Next: the order's next step (Hong Kong: the mode after who won and how)
    d = _draft()
    wizard_d = d.copy()
    for x in (d, wizard_d):
        edits.set_winner(x, 0, P[1])
        edits.set_how(x, 0, "discard", P[2])
    expected = order.next_step(wizard_d, "how.0")
    assert order.resolve(d, "winner.0", Next(after="how.0")) == expected == "mode.0"
    assert d.trail == ["winner.0"]
    # AfterWins: the preview (no result event at a Hong Kong table)
    assert order.resolve(d, "fan.0", AfterWins()) == "preview" and d.trail[-1] == "fan.0"


def test_resume_goes_straight_back_to_the_preview_only_when_nothing_is_missing() -> None:
    # #26.3: "changing only the discarder does not ask the shape again"
    step, data = _hk()
    step = wizard.apply(step, data, Code.KEY, "0")  # 20 faan
    assert wizard.apply(step, data, Code.NEXT, "") == "preview"
    d = Draft.from_json(data)
    trail = list(d.trail)
    d.trail.append("preview")  # ✏️ on the win's line: the preview on the trail
    assert order.resolve(d, "winner.0", Resume(0, Next(after="how.0"))) == "preview"
    assert d.trail == trail
    d.trail.append("preview")
    d.wins[0].fan = None  # its value gone: asked again, step by step (how it is entered)
    assert order.resolve(d, "winner.0", Resume(0, Next(after="how.0"))) == "mode.0"
    assert d.trail[-2:] == ["preview", "winner.0"]


def test_the_answer_to_a_line_s_question_goes_on_only_to_what_the_line_left_out() -> None:
    # #23.3: "an incomplete line asks only for what is missing ... and takes the answer into
    # the same entry": a Xingguo line with its shape but not whose discard
    # (/hand Bob ron big seven pairs no wild) goes from the how step to the preview
    d = _draft("xingguo")
    edits.set_winner(d, 0, P[1])
    d.wins[0].shape, d.wins[0].flags = "big_seven_pairs", ["no_wild"]
    d.trail = ["winner.0"]
    edits.set_how(d, 0, "discard", P[2])
    assert order.resolve(d, "how.0", Resume(0, Next(), line=True)) == "preview"
    assert d.trail == ["winner.0", "how.0"]  # Back: the question again
    # the same line without its shape: the shape is what is missing, so it is asked
    d.trail, d.wins[0].shape = ["winner.0"], None
    assert order.resolve(d, "how.0", Resume(0, Next(), line=True)) == "shape.0"
    # not a line's question (the grid): on step by step as before
    d.wins[0].shape, d.trail = "big_seven_pairs", []
    assert order.resolve(d, "winner.0", Resume(0, Next(after="how.0"))) == "shape.0"


def test_back_skips_the_grid_of_a_win_after_the_next() -> None:
    # the seeded walk of test_regressions.py (Sichuan): three wins, ✏️ the first changed to
    # another winner (the later wins dropped), then Back from the preview: winner.2 is gone
    # (one win left: only winner.1, the next, may be asked)
    step, data = wizard.new_state(
        ruleset="sichuan", options={}, players=P, names=NAMES, dealer=P[0]
    )
    for action, arg in (("wh", "1.0"), ("s", "0"), ("wh", "2.2"), ("s", "1")):
        step = wizard.apply(step, data, action, arg)
    step = wizard.apply(step, data, "wh", "3.0")
    step = wizard.apply(step, data, "s", "4")
    assert step == "preview" and len(data["wins"]) == 3
    step = wizard.apply(step, data, Code.EDIT, "w0")
    step = wizard.apply(step, data, "wh", "3.1")  # Dave ← Alice: a new first win
    step = wizard.apply(step, data, "s", "0")
    assert step == "preview" and len(data["wins"]) == 1
    seen = []
    while data["trail"]:
        step = wizard.apply(step, data, Code.BACK, "")
        seen.append(step)
        wizard.render(step, data, wizard_tr())
    assert "winner.2" not in seen and "shape.1" not in seen, seen


def wizard_tr() -> Any:
    from bot.i18n import Translator

    return Translator("en")


def test_a_riichi_win_is_answered_with_its_fu_or_as_a_yakuman() -> None:
    # bot.entry.riichi.value_set: "a yakuman, 5 han or more, or han with fu"
    d = _draft("riichi")
    edits.set_winner(d, 0, P[1])
    edits.set_how(d, 0, "discard", P[2])
    d.wins[0].fan, d.wins[0].mode = 3, "fan"
    assert not order.win_answered(d, 0)  # 3 han: its fu still asked
    d.counts["fu"] = {P[1]: 30}
    assert order.win_answered(d, 0)
    d.wins[0].fan, d.counts = None, {"yakuman": {P[1]: 1}}
    assert order.win_answered(d, 0)  # a yakuman has no han
