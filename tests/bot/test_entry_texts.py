"""No internals in anything the hand entry shows (issue 14 point 3): random entries over the
offered buttons, in every ruleset and language, and every text a person sees — each screen's
text and buttons, every refusal (:func:`bot.wizard.problem_text`), the preview's — is checked
for JSON paths (``wins[0].from``), declared ids (``youjing_pinghu_can_ron``, ``no_wild``),
database ids of players, and, in a Chinese chat, English words."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from bot.entry import wizard
from bot.handlers.drafts import wizard_error
from bot.i18n import LANGS, Translator
from scoring.errors import RecordError

#: database-like ids that must never show (the players' names stand for them)
IDS = ["9001", "9002", "9003", "9004"]
NAMES = {
    "en": ["Alice", "Bob", "Carol", "Dave"],
    "zh": ["老王", "小明", "小红", "阿强"],
}
PATH = re.compile(r"\b(?:wins|counts|events|players|flags|fans)\s*\[\d*\]|\b(?:counts|events)\.\w")
#: English a Chinese chat may show: none but these (tile notation letters, the keypad's ▁)
ZH_ALLOWED = {"MCR", "JSON", "lasttile", "lastwall", "kongdraw", "round"}  # tiles reply words
TILES = re.compile(r"^[mpsz]?[0-9mpsz]*$")  # the tiles notation (123m, s999p2z …)


def declared_ids(rs: scoring.Ruleset) -> set[str]:
    ids = {x.id for x in (*rs.shapes, *rs.flags, *rs.counts, *rs.events, *rs.options)}
    ids |= {f["id"] for f in wizard.fan_list(rs)}
    ids |= {f.id for e in rs.events for f in e.fields}
    return {i for i in ids if "_" in i}


def check(text: str, rs: scoring.Ruleset, tr: Translator, where: str) -> None:
    assert not PATH.search(text), (where, text)
    for pid in IDS:
        assert not re.search(rf"(?<!\d){pid}(?!\d)", text), (where, pid, text)
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9_]*", text))
    leaked = words & declared_ids(rs)
    assert not leaked, (where, leaked, text)
    assert "option " not in text, (where, text)
    # a Chinese or Japanese chat: no English anywhere (the explanation steps too: each
    # ruleset writes its Japanese line, scoring.record.Step.ja; issue 27.6)
    if tr.lang != "en":
        english = {w for w in words if len(w) >= 3 and w not in ZH_ALLOWED and not TILES.match(w)}
        assert not english, (where, english, text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([rs.id for rs in scoring.all_rulesets()]),
    st.sampled_from(LANGS),
    st.lists(st.integers(0, 10**6), min_size=5, max_size=40),
)
def test_random_entries_show_no_internals(ruleset: str, lang: str, picks: list[int]) -> None:
    tr = Translator(lang)
    rs = scoring.get(ruleset)
    n = max(rs.players)
    players = IDS[:n]
    names = dict(zip(players, NAMES["en" if tr.lang == "en" else "zh"], strict=False))
    step, data = wizard.new_state(
        ruleset=ruleset, options={}, players=players, names=names, dealer=players[0]
    )
    data["kind"] = "hand"
    for pick in picks:
        screen = wizard.render(step, data, tr)
        check(screen.text, rs, tr, step)
        # Telegram's limits: at most 100 buttons in a keyboard and 8 in a row; 4096 characters
        assert sum(len(r) for r in screen.rows) <= 100 and all(len(r) <= 8 for r in screen.rows)
        assert len(screen.text) <= 4096, (step, len(screen.text))
        for row in screen.rows:
            for b in row:
                check(b.label, rs, tr, f"{step} button")
        buttons = [b for row in screen.rows for b in row if b.action not in ("x", "pg")]
        if step == "preview" and pick % 4 == 0:
            buttons = [b for b in buttons if b.action == "c"] or buttons
        if not buttons:
            break
        b = buttons[pick % len(buttons)]
        if b.action == "c":
            break
        if step.startswith("tiles"):
            try:
                wizard.set_tiles(data, step, "123m456m789m123p5p 5p")
            except wizard.TilesError as err:
                check(wizard.tiles_error_text(err, tr), rs, tr, "tiles reply")
        try:
            step = wizard.apply(step, data, b.action, b.arg)
        except wizard.Refused as err:
            check(wizard.problem_text(err.err, data, tr), rs, tr, f"refusal at {step}")
        except wizard.WizardError as err:
            check(wizard_error(str(err), tr), rs, tr, f"alert at {step}")


def test_every_engine_refusal_reads_without_internals() -> None:
    """The refusals the rulesets' own checks raise (their messages are English and name ids),
    as the preview or an alert would show them, in every language."""
    for lang in LANGS:
        tr = Translator(lang)
        names = dict(zip(IDS, NAMES["en" if tr.lang == "en" else "zh"], strict=True))
        cases = [
            # Xingguo: 有精平胡不能抓点炮 (option youjing_pinghu_can_ron), wins[0].from
            ("xingguo", "wins[0].from", "有精平胡不能抓点炮: a plain win … (option x_y)", 1),
            # Sichuan: counts.gen.<player id>
            ("sichuan", "counts.gen.9003", "9003 made 1 kong(s); each is a 根, so 根 ≥ 1", 2),
            (
                "xingguo",
                "events[0].player",
                "跟庄 is paid by the dealer: player must be the dealer",
                1,
            ),
            ("taixing", "wins[0]", "9002 has 0 花; three are needed to win (L28)", 1),
            ("xingguo", "wins[0].flags[0]", "flag 'no_wild_anywhere' needs 'no_wild' (德国)", 1),
        ]
        for ruleset, field, message, who in cases:
            rs = scoring.get(ruleset)
            data = {
                "ruleset": ruleset,
                "players": IDS,
                "names": names,
                "dealer": IDS[0],
                "result": "win",
                "wins": [
                    {
                        "winner": IDS[1],
                        "from": IDS[2],
                        "shape": rs.shapes[0].id,
                        "flags": [rs.flags[0].id],
                    }
                ],
                "counts": {},
                "events": [{"type": rs.events[0].id, "player": IDS[1]}] if rs.events else [],
            }
            text = wizard.problem_text(RecordError(field, message), data, tr)
            check(text, rs, tr, f"{ruleset} {field}")
            assert names[IDS[who]] in text, text
