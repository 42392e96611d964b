"""The ``mahjong-tally`` command line, run for real (console script and ``python -m``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import scoring
from scoring.errors import RecordError
from scoring.testing import random_records

BIN = Path(sys.executable).parent / "mahjong-tally"
ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "", module: bool = False) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "bot.cli", *args] if module else [str(BIN), *args]
    return subprocess.run(
        cmd, input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )


# Seed 000 line 126, 兴国 (XG-C10 in shared/rules/jiangxi-chongguan.md §5.5):
# "闲家点闲家德国大七：16+21+8=45" — a non-dealer wins a 德国 (no-wild) 大七对 (big seven pairs) on
# another non-dealer's discard: dealer 16, discarder 21, the other non-dealer 8. The record is
# the contract example of shared/contracts/hand-record.md without its counts and events.
XG_C10: dict[str, Any] = {
    "ruleset": "xingguo",
    "options": {"base": 1},
    "players": ["alice", "bob", "carol", "dave"],
    "dealer": "alice",
    "result": "win",
    "wins": [
        {
            "winner": "bob",
            "from": "carol",
            "robbed_kong": False,
            "shape": "big_seven_pairs",
            "flags": ["no_wild"],
            "fan": None,
            "fans": None,
            "tiles": None,
        }
    ],
    "counts": {},
    "events": [],
}
XG_C10_NET = {"alice": -16, "bob": 45, "carol": -21, "dave": -8}

# The contract example itself (shared/contracts/hand-record.md, "## Hand record").
CONTRACT = {
    **XG_C10,
    "counts": {"primary_wild": {"alice": 1, "bob": 0, "carol": 0, "dave": 2}},
    "events": [{"type": "concealed_kong", "player": "dave", "from": None}],
}


def write(tmp_path: Path, data: Any, name: str = "hand.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


# --- rules -----------------------------------------------------------------------------------


def test_rules_lists_every_ruleset() -> None:
    res = run("rules")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    rulesets = scoring.all_rulesets()
    assert len(lines) == len(rulesets)
    for line, rs in zip(lines, rulesets, strict=True):
        assert line.split()[0] == rs.id
        assert rs.zh in line and rs.en in line
        assert f"{'/'.join(str(n) for n in rs.players)} players" in line


def test_rules_id_json_is_to_json() -> None:
    for rs in scoring.all_rulesets()[:3]:
        res = run("rules", rs.id, "--json")
        assert res.returncode == 0, res.stderr
        assert json.loads(res.stdout) == json.loads(json.dumps(rs.to_json()))


def test_rules_id_text_names_every_declaration() -> None:
    for rs in scoring.all_rulesets():
        res = run("rules", rs.id)
        assert res.returncode == 0, res.stderr
        assert res.stdout.startswith(f"{rs.id}: {rs.zh} / {rs.en}")
        for decl in (*rs.options, *rs.shapes, *rs.flags, *rs.counts, *rs.events, *rs.presets):
            assert f"  {decl.id}: {decl.zh} / {decl.en}" in res.stdout, (rs.id, decl.id)


def test_unknown_ruleset_exits_2() -> None:
    res = run("rules", "atlantis")
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1
    assert "ruleset: unknown ruleset 'atlantis'" in res.stderr


# --- calc ------------------------------------------------------------------------------------


def test_calc_json_is_the_contract_settlement(tmp_path: Path) -> None:
    res = run("calc", write(tmp_path, XG_C10), "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert set(out) == {"payments", "net", "explanation"}
    assert out["net"] == XG_C10_NET
    assert {(p["from"], p["to"], p["amount"]) for p in out["payments"]} == {
        ("alice", "bob", 16),
        ("carol", "bob", 21),
        ("dave", "bob", 8),
    }
    assert out == scoring.settle(XG_C10).to_json(ja=False)
    assert all(set(step) == {"zh", "en"} for step in out["explanation"])


def test_calc_contract_example_matches_the_library(tmp_path: Path) -> None:
    res = run("calc", write(tmp_path, CONTRACT), "--json", module=True)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == scoring.settle(CONTRACT).to_json(ja=False)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_calc_text(tmp_path: Path, lang: str) -> None:
    res = run("calc", write(tmp_path, XG_C10), "--lang", lang)
    assert res.returncode == 0, res.stderr
    text = res.stdout
    assert "carol → bob: 21" in text and "alice → bob: 16" in text and "dave → bob: 8" in text
    assert "bob    +45" in text and "carol  -21" in text
    rs = scoring.get("xingguo")
    assert (rs.zh if lang == "zh" else rs.en) in text.splitlines()[0]
    for step in scoring.settle(XG_C10).explanation:
        assert step.text(lang) in text
        other = step.text("en" if lang == "zh" else "zh")
        assert other == step.text(lang) or other not in text


def test_calc_default_language_is_english_and_reads_stdin() -> None:
    res = run("calc", "-", stdin=json.dumps(XG_C10))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[1] == "Payments:"
    assert scoring.settle(XG_C10).explanation[0].en in res.stdout


def test_calc_jsonl_batch_goes_on_after_bad_lines() -> None:
    good = {**XG_C10, "id": "h1"}
    bad_player = json.loads(json.dumps(XG_C10))
    bad_player["wins"][0]["from"] = "zed"
    lines = [
        json.dumps(good),
        '{"ruleset": "xingguo", ',  # not JSON
        json.dumps({**bad_player, "id": 3}),
        "",  # blank lines are skipped
        json.dumps({**XG_C10, "id": {"table": 9, "hand": 4}}),
        json.dumps([1, 2]),
    ]
    res = run("calc", "--jsonl", stdin="\n".join(lines) + "\n")
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.splitlines()]
    assert len(out) == 5
    expected = scoring.settle(XG_C10).to_json(ja=False)
    assert out[0] == {"id": "h1", **expected}
    assert out[1]["id"] is None and out[1]["error"].startswith("line 2: not valid JSON")
    assert out[2] == {"id": 3, "error": "wins[0].from: unknown player 'zed'"}
    assert out[3] == {"id": {"table": 9, "hand": 4}, **expected}
    assert out[4] == {"id": None, "error": "record: must be a JSON object"}


def test_calc_jsonl_every_ruleset_matches_the_library() -> None:
    """One generated record per registered ruleset, through the command line."""
    records: list[dict[str, Any]] = []
    for rs in scoring.all_rulesets():
        for i, record in enumerate(random_records(rs, 3, seed=11)):
            records.append({**record.to_json(), "id": f"{rs.id}-{i}"})
    res = run("calc", "--jsonl", stdin="".join(json.dumps(r) + "\n" for r in records))
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.splitlines()]
    assert [o["id"] for o in out] == [r["id"] for r in records]
    for record, result in zip(records, out, strict=True):
        data = {k: v for k, v in record.items() if k != "id"}
        try:
            expected: dict[str, Any] = {
                "id": record["id"],
                **scoring.settle(data).to_json(ja=False),
            }
        except RecordError as err:
            expected = {"id": record["id"], "error": str(err)}
        assert result == expected


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["wins"][0].update({"from": "bob"}), "wins[0].from: the winner cannot also be"),
        (lambda d: d.update(dealer="zed"), "dealer: unknown player 'zed'"),
        (lambda d: d.update(ruleset="atlantis"), "ruleset: unknown ruleset 'atlantis'"),
        (lambda d: d["options"].update(speed=3), "options.speed: unknown option"),
        (lambda d: d["wins"][0].update(flags=["no_wild", 5]), "wins[0].flags[1]: must be"),
        (lambda d: d.update(counts={"primary_wild": {"bob": -1}}), "counts.primary_wild.bob:"),
    ],
)
def test_calc_bad_record_exits_2_naming_the_field(
    tmp_path: Path, change: Any, message: str
) -> None:
    data = json.loads(json.dumps(XG_C10))
    change(data)
    res = run("calc", write(tmp_path, data))
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1
    assert res.stderr.startswith("mahjong-tally calc: error: ")
    assert message in res.stderr


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["calc", "-"], "{not json", "stdin: not valid JSON (line 1 column 2"),
        (["calc", "-"], "", "stdin: not valid JSON"),
        (["calc", "/no/such/hand.json"], "", "/no/such/hand.json: No such file"),
        (["calc"], "", "calc needs a FILE"),
        (["calc", "-", "--jsonl"], "", ""),
    ],
)
def test_calc_bad_input_exits_2(args: list[str], stdin: str, message: str) -> None:
    res = run(*args, stdin=stdin)
    if args[-1] == "--jsonl":  # an empty batch is fine
        assert res.returncode == 0 and res.stdout == ""
        return
    assert res.returncode == 2
    assert res.stderr.count("\n") == 1 and message in res.stderr


def test_calc_imports_neither_telegram_nor_sqlalchemy(tmp_path: Path) -> None:
    record = random_records(scoring.all_rulesets()[0], 1)[0] if scoring.all_rulesets() else None
    if record is None:
        pytest.skip("no ruleset registered")
    path = write(tmp_path, record.to_json())
    code = (
        "import sys, contextlib, io\n"
        "from bot.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        f"    main(['calc', {path!r}, '--json']); main(['rules'])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('telegram', 'sqlalchemy', 'sqlmodel', 'alembic', 'PIL'))\n"
        "print(bad)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


def test_every_subcommand_has_help() -> None:
    top = run("--help")
    assert top.returncode == 0
    for command in ("rules", "calc", "bot", "db", "render-samples"):
        assert command in top.stdout
        res = run(command, "--help", module=True)
        assert res.returncode == 0, (command, res.stderr)
    assert run("db", "downgrade").returncode == 2  # argparse: invalid choice


def test_bot_without_a_token_says_how_to_get_one(tmp_path: Path) -> None:
    # run where no .env can supply a token; nothing may be created there either
    env = {k: v for k, v in os.environ.items() if k != "TELEGRAM_BOT_TOKEN"}
    for token in (None, "  "):
        if token is not None:
            env["TELEGRAM_BOT_TOKEN"] = token
        res = subprocess.run(
            [str(BIN), "bot"], capture_output=True, text=True, cwd=tmp_path, env=env,
            timeout=120, check=False,
        )  # fmt: skip
        assert res.returncode == 2, res.stderr
        assert "TELEGRAM_BOT_TOKEN" in res.stderr and "BotFather" in res.stderr
        assert "Traceback" not in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_readme_example_hand() -> None:
    # docs/examples/xingguo-hand.json is the contract's example record (hand-record.md).
    # By hand (jiangxi-chongguan.md §2.2, §2.5, §2.6): the win, XG-C10 "16+21+8=45" → bob +45;
    # 精: alice 正精1 = 2 from each, dave 正精2 = 4 from each, the two holders net (dave gets 2
    # from alice); dave's concealed kong: 2 from each. alice −16+2+2−2−2 = −16;
    # bob 45−2−4−2 = 37; carol −21−2−4−2 = −29; dave −8+2+4+4+6 = 8.
    res = run("calc", str(ROOT / "docs/examples/xingguo-hand.json"), "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["net"] == {"alice": -16, "bob": 37, "carol": -29, "dave": 8}


# --- bad bodies (issue #24 point 2: "`calc FILE`, `calc -`, `calc --jsonl` and `gb-fans --jsonl`
# print a `RecursionError` traceback from about 1,000 levels of nesting (990 is fine), and
# `gb-fans --jsonl` stops there") --------------------------------------------------------------


@pytest.mark.parametrize("depth", [1000, 5000, 100_000])
def test_deep_nesting_is_one_line_and_exit_2(tmp_path: Path, depth: int) -> None:
    deep = "[" * depth + "]" * depth
    path = write(tmp_path, None)
    Path(path).write_text(deep, encoding="utf-8")
    for res in (run("calc", path), run("calc", "-", stdin=deep)):
        assert res.returncode == 2, res.stderr
        assert "Traceback" not in res.stderr and res.stdout == ""
        (line,) = res.stderr.splitlines()
        assert f"nested too deep ({depth} levels, at most 32)" in line, line


def test_jsonl_batches_go_on_after_a_deep_or_huge_line() -> None:
    good = json.dumps({"id": "ok", **XG_C10})
    deep = '{"x": ' + "[" * 1000 + "]" * 1000 + "}"
    huge = json.dumps({**XG_C10, "id": "big"}).replace('"base": 1', '"base": 1' + "0" * 30)
    digits = '{"id": "d", "x": ' + "9" * 5000 + "}"
    res = run("calc", "--jsonl", stdin="\n".join([deep, huge, digits, good]) + "\n")
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    out = [json.loads(line) for line in res.stdout.splitlines()]
    assert [o.get("error", "")[:30] for o in out[:3]] == [
        "line 1: nested too deep (1001 ",
        "line 2: number 100000000000000",
        "line 3: number 999999999999999",
    ]
    assert out[3]["id"] == "ok" and out[3]["net"] == XG_C10_NET
    # gb-fans: the same refusal, and the next hand is still scored
    hand = {"id": "h", "hand": "123m456m789m123p5p", "win_tile": "5p", "melds": []}
    res = run("gb-fans", "--jsonl", stdin=deep + "\n" + json.dumps(hand) + "\n")
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    first, second = (json.loads(line) for line in res.stdout.splitlines())
    assert first == {"id": None, "error": "line 1: nested too deep (1001 levels, at most 32)"}
    assert second["id"] == "h" and ("total" in second or "error" in second), second


def test_calc_numbers_are_bounded(tmp_path: Path) -> None:
    rec = json.dumps(XG_C10).replace('"base": 1', '"base": 1' + "0" * 30)
    res = run("calc", write(tmp_path, None), stdin="")  # a file holding null: a field error
    assert res.returncode == 2 and "Traceback" not in res.stderr
    res = run("calc", "-", stdin=rec)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.strip().endswith("stdin: number 10000000000000000000… is too large")
    res = run("calc", "-", stdin=json.dumps(XG_C10).replace('"base": 1', '"base": NaN'))
    assert res.returncode == 2 and "NaN is not a JSON number" in res.stderr


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_bytes(b'{"ruleset": "\xff"}')
    res = run("calc", str(path))
    assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
    assert res.stderr.strip().endswith(f"{path}: not UTF-8")
    good = json.dumps({"id": "ok", **XG_C10}).encode()
    cmd = [str(BIN), "calc", "--jsonl"]
    res2 = subprocess.run(
        cmd, input=b"\xff\xfe\n" + good + b"\n", capture_output=True, cwd=ROOT, timeout=120
    )
    assert res2.returncode == 0 and b"Traceback" not in res2.stderr, res2.stderr
    first, second = (json.loads(line) for line in res2.stdout.splitlines())
    assert first == {"id": None, "error": "line 1: not UTF-8"}
    assert second["id"] == "ok" and second["net"] == XG_C10_NET
    res3 = subprocess.run(
        [str(BIN), "gb-fans", "--jsonl"], input=b"\xff\n", capture_output=True, timeout=120
    )
    assert res3.returncode == 0 and b"Traceback" not in res3.stderr, res3.stderr
    assert json.loads(res3.stdout) == {"id": None, "error": "line 1: not UTF-8"}


def test_calc_text_in_japanese_and_the_json_stays_the_contract(tmp_path: Path) -> None:
    """The contract's settlement has steps "each in Chinese and English" (hand-record.md,
    Settlement): --json prints exactly those; the text in ``--lang ja`` reads the Japanese
    lines the ruleset wrote (issue 27.6), with the same figures as the English."""
    path = write(tmp_path, XG_C10)
    ja = run("calc", path, "--lang", "ja")
    assert ja.returncode == 0, ja.stderr
    steps = scoring.settle(XG_C10).explanation
    assert all(s.ja for s in steps)
    for s in steps:
        assert s.text("ja") == s.ja
    steps_text = ja.stdout.split("計算：", 1)[1]
    words = set(re.findall(r"[A-Za-z]{2,}", steps_text)) - set(XG_C10["players"])
    assert not words, steps_text  # the declared items named in Japanese too (大七対 …)
    assert "ロン" in steps_text and "= 21" in steps_text
    js = json.loads(run("calc", path, "--json").stdout)
    assert all(set(step) == {"zh", "en"} for step in js["explanation"])
